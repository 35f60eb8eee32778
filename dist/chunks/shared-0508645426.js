import {
  worldOf,
  worldText
} from "./shared-c787c7c747.js";
import {
  DOCS_TEMPLATE,
  otherChartsFile
} from "./shared-b9a7c78853.js";
import {
  NOT_VALUES,
  chartMeta,
  filesUnder,
  realFile
} from "./shared-29f1972fb5.js";
import {
  programStrings,
  yamlStreamReads
} from "./shared-23068b7f95.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";
import {
  LineCounter,
  isMap,
  isScalar,
  isSeq,
  parseAllDocuments
} from "./shared-afcbbfc458.js";

// src/files/helm/setter-scan.ts
import { basename as basename2, dirname as dirname3, join as join3 } from "node:path";

// src/yaml/handed-values.ts
import { dirname, join } from "node:path";
function handedValues(file, text, root) {
  if (!/releases|valueFiles|valuesFiles|helmCharts/.test(text)) return [];
  const counter = new LineCounter();
  const docs = parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false, lineCounter: counter });
  if (!Array.isArray(docs)) return [];
  const out = [];
  const put = (node, to, chart) => {
    const pos = counter.linePos(node.range?.[0] ?? 0);
    out.push({ file: to, chart, line: pos.line, column: pos.col });
  };
  for (const doc of docs) {
    if (doc.errors.length || !isMap(doc.contents)) continue;
    const top = doc.contents;
    const objects = str(top.get("kind", true)) === "List" ? maps(top.get("items", true)) : [top];
    for (const o of objects) {
      for (const release of maps(o.get("releases", true))) {
        const chart = str(release.get("chart", true));
        const local = chart !== void 0 && /^\.{0,2}\//.test(chart) ? join(dirname(file), chart) : void 0;
        const values = release.get("values", true);
        for (const v of isSeq(values) ? values.items : [])
          if (isScalar(v) && typeof v.value === "string" && !v.value.includes("{{")) put(v, join(dirname(file), v.value), local);
      }
      out.push(...fluxHanded(o, root, counter), ...kustomizeHanded(o, file, counter));
      for (const source of argoSources(o)) {
        const path = str(source.get("path", true));
        const chart = path === void 0 ? void 0 : join(root, path);
        const helm = source.get("helm", true);
        const files = isMap(helm) ? helm.get("valueFiles", true) : void 0;
        for (const v of isSeq(files) ? files.items : []) {
          if (!isScalar(v) || typeof v.value !== "string") continue;
          const named = v.value;
          const to = named.startsWith("$") ? join(root, named.replace(/^\$[^/]*\/?/, "")) : chart && join(chart, named);
          if (to !== void 0) put(v, to, chart);
        }
      }
    }
  }
  return out;
}
function fluxHanded(o, root, counter) {
  const spec = o.getIn(["spec", "chart", "spec"], true);
  if (!isMap(spec)) return [];
  const chart = str(spec.get("chart", true));
  const local = chart !== void 0 && /^\.{0,2}\//.test(chart) ? join(root, chart) : void 0;
  const files = spec.get("valuesFiles", true);
  return (isSeq(files) ? files.items : []).flatMap(
    (v) => isScalar(v) && typeof v.value === "string" ? [at(v, join(root, v.value), local, counter)] : []
  );
}
function kustomizeHanded(o, file, counter) {
  const home = join(dirname(file), str(o.getIn(["helmGlobals", "chartHome"], true)) ?? "charts");
  return maps(o.get("helmCharts", true)).flatMap((c) => {
    const name = str(c.get("name", true));
    const chart = name === void 0 ? void 0 : join(home, name);
    const more = c.get("additionalValuesFiles", true);
    return [c.get("valuesFile", true), ...isSeq(more) ? more.items : []].flatMap(
      (v) => isScalar(v) && typeof v.value === "string" ? [at(v, join(dirname(file), v.value), chart, counter)] : []
    );
  });
}
function at(node, file, chart, counter) {
  const pos = counter.linePos(node.range?.[0] ?? 0);
  return { file, chart, line: pos.line, column: pos.col };
}
function argoSources(o) {
  const specs = [o.get("spec", true), o.getIn(["spec", "template", "spec"], true)].filter((n) => isMap(n));
  return specs.flatMap((s) => [s.get("source", true), ...maps(s.get("sources", true))]).filter((n) => isMap(n));
}
function maps(node) {
  return isSeq(node) ? node.items.filter(isMap) : [];
}
function str(node) {
  return isScalar(node) && typeof node.value === "string" ? node.value : void 0;
}

// src/files/helm/value-mentions.ts
function valueMentions(text, path) {
  if (path.length === 0 || !path.every((k) => text.includes(k))) return [];
  const out = [];
  const dotted = new RegExp(`(?<![\\w$-])(?<!Values\\.(?:[\\w-]+\\.)*)${path.map(escaped).join("\\.")}(?![\\w-])`, "g");
  for (const m of text.matchAll(dotted)) out.push({ offset: m.index, top: false });
  const pointer = new RegExp(`/${path.map(escaped).join("/")}(?![\\w-])`, "g");
  for (const m of text.matchAll(pointer)) out.push({ offset: m.index + 1, top: false });
  for (const k of keysAt(text, path[0], 0, text.length, void 0)) {
    const last = descend(text, path, 1, k);
    if (last !== void 0) out.push({ offset: last, top: isTop(text, k.offset) });
  }
  return out;
}
function blockMentions(text, path) {
  const out = [];
  for (let n = 1; n <= path.length && text.includes(path[n - 1]); n++) {
    const head = path.slice(0, n);
    const subscript = new RegExp(`${head.map((k) => `\\[[ \\t]*(["'])${escaped(k)}\\1[ \\t]*\\]`).join("")}[ \\t]*=(?!=)`, "g");
    for (const m of text.matchAll(subscript)) out.push({ offset: m.index + m[0].lastIndexOf(head.at(-1)), top: false });
    if (n === path.length) break;
    const pointer = new RegExp(`(["']?)path\\1[ \\t]*[:=][ \\t]*["']?/(?:[^\\s"'/]+/)+${head.map(escaped).join("/")}(?![\\w/~-])`, "g");
    const chain = `(?<![\\w$-])[\\w$]*(?:\\.[\\w-]+)*\\.${head.map(escaped).join("\\.")}(?<!Values\\.(?:[\\w-]+\\.)*[\\w-]+)`;
    const yq = new RegExp(`${chain}[ \\t]*(?:[|+*/-]?=(?![=~])|\\))`, "g");
    const fieldPath = new RegExp(`${chain}(?![\\w.-])`, "g");
    for (const re of [pointer, yq, fieldPath])
      for (const m of text.matchAll(re)) out.push({ offset: m.index + m[0].lastIndexOf(head.at(-1)), top: false });
  }
  return out;
}
function wordMention(text, path) {
  let first;
  for (const key of path.length > 1 ? path.slice(0, -1) : path) {
    if (!text.includes(key)) continue;
    const word = new RegExp(`(?<![\\w-])(?<!Values\\.(?:[\\w-]+\\.)*)${escaped(key)}(?![\\w-])`);
    const m = word.exec(text);
    if (m && (first === void 0 || m.index < first.offset)) first = { offset: m.index, top: false, key };
  }
  return first;
}
function descend(text, path, i, k) {
  if (i === path.length) return k.offset;
  const block = blockOf(text, k);
  if (!block) return void 0;
  for (const child of keysAt(text, path[i], block.from, block.to, block.child)) {
    const last = descend(text, path, i + 1, child);
    if (last !== void 0) return last;
  }
  return void 0;
}
function keysAt(text, key, from, to, child) {
  const re = new RegExp(`(?<![\\w.$-])(["']?)${escaped(key)}\\1[ \\t]*(?:\\+?:{1,3}(?=[\\s{"'\\[]|$)|=(?![=~>]))`, "g");
  re.lastIndex = from;
  const out = [];
  for (let m = re.exec(text); m && m.index < to; m = re.exec(text)) {
    const offset = m.index + m[1].length;
    if (child && !isChild(text, m.index, child)) continue;
    out.push({ offset, after: m.index + m[0].length });
  }
  return out;
}
function isChild(text, at2, child) {
  if ("chain" in child) return at2 === child.chain;
  if ("braces" in child) return depth(text, child.braces + 1, at2, child.parens) === 0;
  const start = text.lastIndexOf("\n", at2 - 1) + 1;
  return /^[ \t]*$/.test(text.slice(start, at2)) && at2 - start === child.indent;
}
function blockOf(text, k) {
  const eol = text.indexOf("\n", k.after);
  const end = eol < 0 ? text.length : eol;
  const rest = text.slice(k.after, end);
  const brace = /^[ \t]*(?:[\w.$]+(?:\[[\w.]*\](?:interface\{\}|[\w.$]*))?[ \t]*)?([{(])/.exec(rest);
  if (brace) {
    const open = k.after + brace[0].length - 1;
    const parens = brace[1] === "(";
    return { from: open + 1, to: closing(text, open, parens), child: { braces: open, parens } };
  }
  const chain = /^[ \t]*(?=(["']?)[\w-]+\1[ \t]*:(?:[ \t]|$))/.exec(rest);
  if (chain) return { from: k.after, to: end, child: { chain: k.after + chain[0].length } };
  const words = rest.replace(/#.*/, "").trim().split(/[ \t]+/);
  if (!words.every((w) => w === "" || /^[&!]/.test(w))) return void 0;
  const lineStart = text.lastIndexOf("\n", k.offset - 1) + 1;
  const keyColumn = k.offset - lineStart - (/["']/.test(text[k.offset - 1] ?? "") ? 1 : 0);
  let indent;
  let to = end;
  for (let at2 = end + 1; at2 < text.length; ) {
    const next = text.indexOf("\n", at2);
    const line = text.slice(at2, next < 0 ? text.length : next);
    const lead = /^[ \t]*/.exec(line)[0].length;
    if (!/^\s*(?:#.*)?$/.test(line)) {
      if (lead <= keyColumn) break;
      indent ??= lead;
      to = next < 0 ? text.length : next;
    }
    if (next < 0) break;
    at2 = next + 1;
  }
  return indent === void 0 ? void 0 : { from: end, to, child: { indent } };
}
function closing(text, open, parens = false) {
  let d = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (opens(c, parens)) d++;
    else if (closes(c, parens) && --d === 0) return i;
  }
  return text.length;
}
function depth(text, from, at2, parens = false) {
  let d = 0;
  for (let i = from; i < at2; i++) {
    const c = text[i];
    if (opens(c, parens)) d++;
    else if (closes(c, parens)) d--;
  }
  return d;
}
var opens = (c, parens) => c === "{" || c === "[" || parens && c === "(";
var closes = (c, parens) => c === "}" || c === "]" || parens && c === ")";
function isTop(text, at2) {
  const d = depth(text, 0, at2);
  const lineStart = text.lastIndexOf("\n", at2 - 1) + 1;
  const quoted = /["']/.test(text[at2 - 1] ?? "") ? 1 : 0;
  if (d === 0) return at2 - quoted === lineStart;
  return d === 1 && /^\s*\{/.test(text) && depth(text, text.indexOf("{") + 1, at2) === 0;
}
function escaped(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/files/helm/named-path.ts
import { basename, dirname as dirname2, join as join2 } from "node:path";
function namesFile(file, text, root, target) {
  const name = basename(target);
  if (!text.includes(name)) return [];
  const tail = `${basename(dirname2(target))}/${name}`;
  const out = [];
  const word = new RegExp(`[^\\s"'\`=(\\[\\],:;{}<>|]*(?<![\\w.-])${escaped2(name)}(?![\\w.-])`, "g");
  for (const m of text.matchAll(word)) {
    const named = m[0].replace(/\\/g, "/");
    const resolves = [join2(dirname2(file), named), join2(root, named)].some((c) => realOrSelf(c) === target);
    if (resolves || named === tail || named.endsWith(`/${tail}`)) out.push(m.index);
  }
  return out;
}
function escaped2(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
var COMMAND = /(?<![\w-])(?:g?sed|yq|perl|g?awk|sponge)(?![\w-])[^\n|;&]*/g;
var IN_PLACE = {
  sed: /^(?:-[a-z]*i|--in-place)/i,
  yq: /^(?:-[a-z]*i$|--inplace)/i,
  perl: /^-[a-z]*i/i,
  awk: /^-i(?:nplace)?$/
};
var WRITES = /(?:>>?|\btee(?:\s+-a)?)\s*["']?([^\s"'<>|;&()]+)/g;
function inPlaceEditor(text) {
  for (const m of text.matchAll(COMMAND)) {
    const [program = "", ...args] = m[0].trim().split(/\s+/);
    const flag = program === "sponge" ? "" : args.find((a) => IN_PLACE[program.replace(/^g/, "")]?.test(a));
    if (flag !== void 0) return `${program}${flag ? ` ${flag}` : ""}`;
  }
  return void 0;
}
function editsByName(text, target) {
  const name = basename(target);
  const reaches = (word) => {
    const last = word.replace(/\\/g, "/").split("/").pop();
    return last === name || /[*?[{]/.test(last) && globMatches(last, name);
  };
  const written = [...text.matchAll(WRITES)].find((m) => reaches(m[1]));
  if (written) return { editor: written[0].replace(/\s.*/s, "") || ">", offsets: [written.index] };
  const editor = inPlaceEditor(text);
  if (editor === void 0) return void 0;
  const offsets = [...text.matchAll(/[^\s"'`=()[\],:;{}<>|]+/g)].filter((m) => reaches(m[0])).map((m) => m.index);
  return offsets.length ? { editor, offsets } : void 0;
}
function globMatches(glob, name) {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") re += ".*";
    else if (c === "?") re += ".";
    else if (c === "{") re += "(?:";
    else if (c === "}") re += ")";
    else if (c === ",") re += "|";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) return true;
      re += `[${glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
      i = end;
    } else re += escaped2(c);
  }
  try {
    return new RegExp(`^${re}$`).test(name);
  } catch {
    return true;
  }
}

// src/files/helm/setter-scan.ts
function mentionSetter(s) {
  const worlds = [...s.worlds, ...worldsOfRun(s.runFiles, s.cache)];
  const charts = new Set(worlds.flatMap((w) => w.charts.map((c) => realOrSelf(c.dir))));
  const read = new Set(s.renderers.flatMap((r) => ["templates", "charts"].flatMap((d) => filesUnder(join3(r.dir, d)).map(realOrSelf))));
  const readDirs = s.renderers.flatMap((r) => ["templates", "charts"].map((d) => join3(realOrSelf(r.dir), d)));
  const precise = new Set(s.precise.map(realOrSelf));
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)));
  const written = realOrSelf(s.valuesFile);
  const paths = [s.path, ...s.renderers.map((r) => r.full)];
  const deployers = deployersOf(worlds, s.renderers, s.cache);
  const seen = /* @__PURE__ */ new Set();
  let coded;
  const files = [...worlds.flatMap((w) => w.allFiles), ...[...s.runFiles ?? []].filter((f) => repositoryOf(dirname3(f)) === null)];
  for (const file of files) {
    const real = realOrSelf(file);
    if (seen.has(real) || real === written || read.has(real) || readDirs.some((d) => isInside(real, d))) continue;
    seen.add(real);
    if (DOCS.test(file) || DOCS_TEMPLATE.test(file) || NOT_VALUES.has(basename2(file)) && charts.has(realOrSelf(dirname3(file)))) continue;
    const text = worldText(file, s.cache);
    const handed = handedAway(file, text, s, { precise, written, paths });
    if (handed) return handed;
    if (!paths.some((p) => text.includes(p[0])) && !s.path.some((k) => text.includes(k))) continue;
    if (otherChartsFile(real, charts, renderers) === "values" && !deployers.some((d) => isInside(real, d))) continue;
    const own = precise.has(real);
    const full = text.includes(s.path.at(-1)) ? paths.flatMap((p) => valueMentions(text, p)) : [];
    const exempt = new Set(own ? full.filter((m) => m.top).map((m) => m.offset) : []);
    const hit = [...full, ...paths.flatMap((p) => blockMentions(text, p))].find((m) => !exempt.has(m.offset));
    if (hit) return { file, ...lineColumn(text, hit.offset) };
    const w = coded ? void 0 : codeMention(file, real, text, s.path, charts, renderers, own);
    if (w) coded = { file, ...lineColumn(text, w.offset), word: w.key };
  }
  return coded;
}
function handedAway(file, text, s, k) {
  const root = repositoryOf(dirname3(file));
  if (root === null) return void 0;
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)));
  for (const h of handedValues(file, text, root)) {
    const to = realFile(h.file);
    if (to === void 0) continue;
    const rendered = h.chart === void 0 || renderers.has(realOrSelf(h.chart));
    const at2 = { file, line: h.line, column: h.column };
    if (to === k.written && s.writing && !(h.chart !== void 0 && renderers.has(realOrSelf(h.chart))))
      return { ...at2, handed: { values: h.file, chart: h.chart, written: true } };
    if (to === k.written || k.precise.has(to) || !rendered) continue;
    const given = worldText(to, s.cache);
    if (k.paths.some((p) => valueMentions(given, p).length > 0))
      return { ...at2, handed: { values: h.file, chart: h.chart, written: false } };
  }
  return s.writing ? namedAway(file, text, root, s, k.written) : void 0;
}
function namedAway(file, text, root, s, written) {
  if (isInside(realOrSelf(file), dirname3(written))) return void 0;
  const renderers = new Set(s.renderers.map((r) => realOrSelf(r.dir)));
  const proved = new Set(
    handedValues(file, text, root).filter((h) => realFile(h.file) === written && h.chart !== void 0 && renderers.has(realOrSelf(h.chart))).map((h) => h.line)
  );
  for (const offset of namesFile(file, text, root, written)) {
    const at2 = lineColumn(text, offset);
    if (!proved.has(at2.line)) return { file, ...at2, handed: { values: s.valuesFile, chart: void 0, written: true, named: true } };
  }
  const edits = editsByName(text, written);
  if (edits)
    return {
      file,
      ...lineColumn(text, edits.offsets[0]),
      handed: { values: s.valuesFile, chart: void 0, written: true, editor: edits.editor }
    };
  return void 0;
}
function deployersOf(worlds, renderers, cache) {
  const own = new Set(renderers.map((r) => realOrSelf(r.dir)));
  const names = [...new Set(renderers.flatMap((r) => [chartMeta(r.dir)?.name, basename2(r.dir)]).filter((n) => Boolean(n)))];
  if (names.length === 0) return [];
  const named = new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`);
  const out = /* @__PURE__ */ new Set();
  for (const c of worlds.flatMap((w) => w.charts)) {
    const dir = realOrSelf(c.dir);
    if (own.has(dir) || out.has(dir)) continue;
    const texts = filesUnder(join3(c.dir, "templates")).map((f) => worldText(f, cache));
    if (!texts.some((t) => /\.Values\b/.test(t))) continue;
    if (texts.some((t) => DEPLOYER.test(t) && (named.test(t) || openDeployer(t)))) out.add(dir);
  }
  return [...out];
}
function codeMention(file, real, text, path, charts, renderers, own) {
  const m = wordMention(text, path);
  if (!m) return void 0;
  if (/\.(?:ya?ml|json)$/i.test(file) && (own || !text.includes("{{")) && yamlStreamReads(text)) {
    for (const p of programStrings(text)) {
      const w = wordMention(p.value, path);
      if (w) return { offset: p.offset, key: w.key };
    }
    return void 0;
  }
  const chart = [...charts].find((c) => !renderers.has(c) && ["templates", "charts"].some((d) => isInside(real, join3(c, d))));
  if (chart !== void 0 && !HANDS_VALUES.test(text)) return void 0;
  return m;
}
var HANDS_VALUES = /(["']?)kind\1[ \t]*:[ \t]*(?:["']?(?:Application|ApplicationSet|HelmRelease|HelmChart|HelmChartConfig|Kustomization)\b|["']?\{\{)/;
var DEPLOYER = /(["']?)kind\1[ \t]*:[ \t]*["']?(?:Application|ApplicationSet|HelmRelease|HelmChart)["']?[ \t]*[,}\r\n]/;
function openDeployer(text) {
  if (!/(?<![\w-])["']?(?:path|chart|chartRef)["']?[ \t]*:/.test(text)) return true;
  const acts = actionsOf(text);
  let plain = text;
  for (const a of acts) plain = plain.slice(0, a.from) + text.slice(a.from, a.to).replace(/[^\n]/g, " ") + plain.slice(a.to);
  for (const a of acts) {
    if (CONTROL.test(a.body)) continue;
    const start = plain.lastIndexOf("\n", a.from - 1) + 1;
    if (!SAFE_KEYS.has(keyBefore(plain.slice(start, a.from)) ?? headingKey(text, plain, start) ?? "")) return true;
  }
  return false;
}
function actionsOf(text) {
  const out = [];
  for (let from = text.indexOf("{{"); from >= 0; from = text.indexOf("{{", from)) {
    const end = text.indexOf("}}", from + 2);
    const to = end < 0 ? text.length : end + 2;
    out.push({
      from,
      to,
      body: text.slice(from + 2, end < 0 ? text.length : end).replace(/^-/, "").replace(/-$/, "").trim()
    });
    from = to;
  }
  return out;
}
function keyBefore(prefix) {
  const p = prefix.trimEnd();
  let at2 = p.endsWith(":") ? p.length - 1 : p.lastIndexOf(": ");
  if (at2 < 0) return void 0;
  if (at2 > 0 && (p[at2 - 1] === '"' || p[at2 - 1] === "'")) at2--;
  let from = at2;
  while (from > 0 && /[\w./-]/.test(p[from - 1])) from--;
  return from < at2 ? p.slice(from, at2) : void 0;
}
function headingKey(text, plain, start) {
  for (let end = start - 1; end > 0; end = plain.lastIndexOf("\n", end - 1)) {
    const from = plain.lastIndexOf("\n", end - 1) + 1;
    const line = plain.slice(from, end);
    if (line.trim() === "") continue;
    const key = /^[ \t]*(?:-[ \t]+)?["']?([\w./-]+)["']?[ \t]*:(.*)$/.exec(line);
    if (!key) return void 0;
    const value = text.slice(from + line.length - key[2].length, end).trim();
    return value === "" || /^[|>][-+0-9]*(?:[ \t]+#.*)?$/.test(value) ? key[1] : void 0;
  }
  return void 0;
}
var CONTROL = /^(?:\/\*|(?:if|else|end|range|with|define|block|break|continue)\b|\$\w*\s*:?=)/;
var SAFE_KEYS = /* @__PURE__ */ new Set([
  "values",
  "valuesObject",
  "valuesContent",
  "valuesInline",
  "parameters",
  "name",
  "namespace",
  "server",
  "project",
  "targetRevision",
  "releaseName",
  "interval",
  "targetNamespace"
]);
var DOCS = /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i;
var runWorldsOf = /* @__PURE__ */ new WeakMap();
function worldsOfRun(runFiles, cache) {
  if (!runFiles) return [];
  const known = runWorldsOf.get(runFiles);
  if (known) return known;
  const roots = /* @__PURE__ */ new Map();
  const dirs = new Set([...runFiles].map((f) => dirname3(f)));
  const worlds = /* @__PURE__ */ new Set();
  for (const d of dirs) {
    if (repositoryOf(d, roots) === null) continue;
    const w = worldOf(d, cache);
    if (!("unbounded" in w)) worlds.add(w);
  }
  runWorldsOf.set(runFiles, [...worlds]);
  return [...worlds];
}
function lineColumn(text, offset) {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, column: offset - before.lastIndexOf("\n") };
}

export {
  mentionSetter,
  worldsOfRun
};
