import {
  anchorReused,
  valueSetting,
  valuesFileProblem
} from "./shared-e4bc5d0e5f.js";
import {
  NOT_VALUES,
  chartMeta,
  filesUnder,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellaIndex,
  umbrellasOf
} from "./shared-ee31c5387e.js";
import {
  yamlData
} from "./shared-23068b7f95.js";
import {
  isInside,
  realOrSelf,
  repositoryOf
} from "./shared-48451080c7.js";
import {
  maskTemplate
} from "./shared-29334cf685.js";
import "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-40d24c5828.js";

// src/files/values-proof.ts
import { existsSync, readFileSync as readFileSync4 } from "node:fs";
import { dirname as dirname3, join as join3 } from "node:path";

// src/yaml/readers.ts
var VALUES_REF = /\.Values\b((?:\.[A-Za-z_]\w*)*)/g;
var VALUES_METHOD = /^(?:PathValue|Table|YAML|AsMap)$/;
var BY_NAME = /["`]Values["`]|\.Subcharts\b/g;
var WHOLE = /\b(?:toYaml|toJson|toPrettyJson|toRawJson|mustToJson|mustToPrettyJson|mustToRawJson|toToml|toString|deepCopy|mustDeepCopy|merge|mergeOverwrite|mustMerge|mustMergeOverwrite|pick|omit|values|dig|get|pluck|keys|print|printf|println|fromYaml|list|toStrings|first|last|sortAlpha|join)\b/;
var ROOT_BINDING = /\$(\w+)\s*:?=\s*(?:\.|\$)(?=\s*$)/;
var DICT_PAIR = /"(\w+)"\s+(?:\.|\$)(?=[\s)])/g;
function rootNames(texts) {
  const out = { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() };
  for (const text of texts) {
    for (const body of actionBodies(text).map((b) => b.body)) {
      const v = ROOT_BINDING.exec(body);
      if (v) out.vars.add(v[1]);
      if (/\bdict\b/.test(body)) for (const m of body.matchAll(DICT_PAIR)) out.keys.add(m[1]);
    }
  }
  return out;
}
function valueReaders(text, path, template, roots) {
  const out = [];
  for (const m of text.matchAll(VALUES_REF)) {
    const got = m[1] ? m[1].slice(1).split(".") : [];
    if (got.length > 0 && VALUES_METHOD.test(got[0])) {
      out.push({ offset: m.index, what: `.Values.${got[0]}, which may read any value` });
      continue;
    }
    const n = Math.min(got.length, path.length);
    if (got.slice(0, n).every((k, i) => k === path[i])) out.push({ offset: m.index, what: `.Values${m[1]}` });
  }
  if (!template) return out;
  for (const m of text.matchAll(BY_NAME))
    out.push({ offset: m.index, what: m[0] === ".Subcharts" ? "a subchart's values" : `${m[0]} by name` });
  out.push(...wholeRootReads(text, roots ?? { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() }));
  return out.sort((a, b) => a.offset - b.offset);
}
function rendersFiles(text) {
  return actionBodies(text).some((b) => /\btpl\b/.test(b.body));
}
function wholeRootReads(text, roots) {
  const out = [];
  const scopes = [];
  const dotIsRoot = () => scopes.every((s) => s);
  const vars = [...roots.vars].map((v) => `\\$${v}`).join("|");
  const keys = [...roots.keys].join("|");
  const named = [vars, keys && `\\$?\\.(?:${keys})`].filter(Boolean).join("|");
  for (const { body, start } of actionBodies(text)) {
    const head = /^(if|else|end|range|with|define|block)\b/.exec(body);
    if (head) {
      const word = head[1];
      const rest = body.slice(word.length).trim();
      if (word === "end") scopes.pop();
      else if (word === "if") scopes.push(true);
      else if (word === "define" || word === "block") scopes.push(true);
      else if (word === "range" || word === "with") scopes.push(isRootExpr(rest.replace(/^.*:=\s*/, ""), named));
      else if (/^with\b/.test(rest)) scopes[scopes.length - 1] = isRootExpr(rest.slice(4), named);
      continue;
    }
    const root = rootOperand(body, dotIsRoot(), named);
    if (root === void 0) continue;
    const printed = body.trim() === root;
    if (printed || WHOLE.test(body))
      out.push({ offset: start, what: `${printed ? "printing" : "a function of"} the root context (${root})` });
  }
  return out;
}
function isRootExpr(expr, named) {
  const e = expr.trim();
  return e === "." || e === "$" || named !== "" && new RegExp(`^(?:${named})$`).test(e);
}
function rootOperand(body, dotIsRoot, named) {
  const alts = [dotIsRoot ? "\\." : "", "\\$", named].filter(Boolean).join("|");
  const m = new RegExp(`(?:^|[\\s(|,])(${alts})(?=$|[\\s)|,])`).exec(body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""'));
  if (!m) return void 0;
  const passes = /^(?:include|template)\s+\S+\s+(?:\.|\$\w*)\s*(?:\|.*)?$|\btpl\b|\bdict\b/.test(body.trim());
  if (passes && !WHOLE.test(body.replace(/\binclude\b|\btpl\b/g, ""))) return void 0;
  return m[1];
}
function actionBodies(text) {
  const masked = maskTemplate(text);
  if (!masked) return [];
  return masked.actions.map((a) => ({ body: bodyOf(text.slice(a.start, a.end)), start: a.start }));
}
function bodyOf(source) {
  let body = source.slice(2, -2);
  if (/^-[ \t\r\n]/.test(body)) body = body.slice(1);
  if (/[ \t\r\n]-$/.test(body)) body = body.slice(0, -1);
  return body.trim().replace(/^\/\*[\s\S]*\*\/$/, "");
}

// src/files/chart-world.ts
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
function worldOf(chart, cache) {
  const root = repositoryOf(realOrSelf(chart));
  if (root === null)
    return {
      unbounded: "it is in no git repository, so the charts that may render it by file:// cannot all be found: run it inside the chart's git repository"
    };
  const known = cache.get(root);
  if (known) return known;
  const charts = [];
  const dataFiles = [];
  chartsUnder(root, realOrSelf(root), /* @__PURE__ */ new Set(), { charts, dataFiles, listed: listedFiles(root) });
  for (let outer = repositoryOf(dirname(root)); outer !== null; outer = repositoryOf(dirname(outer)))
    chartsUnder(outer, realOrSelf(outer), /* @__PURE__ */ new Set(), { charts, dataFiles, listed: listedFiles(outer) });
  const byValues = /* @__PURE__ */ new Map();
  for (const c of charts) {
    const values = realFile(join(c.dir, "values.yaml"));
    if (values !== void 0) byValues.set(values, [...byValues.get(values) ?? [], c]);
  }
  const world = { charts, dataFiles, umbrellas: umbrellaIndex(charts), byValues };
  cache.set(root, world);
  return world;
}
function listedFiles(root) {
  const r = spawnSync("git", ["-C", root, "ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) return void 0;
  const real = realOrSelf(root);
  return new Set(
    r.stdout.split("\0").filter(Boolean).map((f) => join(real, f))
  );
}
function chartsUnder(dir, root, seen, out, template = false) {
  const real = realOrSelf(dir);
  if (seen.has(real) || !isInside(real, root)) return;
  seen.add(real);
  const names = list(dir);
  const chart = names.includes("Chart.yaml");
  if (chart) {
    const meta = chartMeta(dir);
    if (meta) out.charts.push(meta);
  }
  for (const name of names) {
    if (name === ".git") continue;
    const f = join(dir, name);
    if (isDir(f)) chartsUnder(f, root, seen, out, template || chart && name === "templates");
    else if (!template && /\.(?:ya?ml|json)$/i.test(name) && !(chart && NOT_VALUES.has(name)) && (out.listed?.has(join(real, name)) ?? true))
      out.dataFiles.push(f);
  }
}
function sharedTemplate(charts, chart, file) {
  const target = realFile(file);
  const own = realOrSelf(chart);
  for (const c of charts) {
    if (realOrSelf(c.dir) === own) continue;
    const hit = filesUnder(join(c.dir, "templates")).find((f) => realFile(f) === target);
    if (hit) return hit;
  }
  return void 0;
}
function loadBreak(dir, onPath = /* @__PURE__ */ new Set()) {
  const real = realOrSelf(dir);
  onPath.add(real);
  try {
    for (const name of list(dir)) {
      const f = join(dir, name);
      const link = lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink();
      let target;
      try {
        target = realpathSync(f);
      } catch (err) {
        const code = err.code;
        const to = link ? ` to ${readlinkSync(f)}` : "";
        return { file: f, why: `a symlink${to} that does not resolve (${code}), so Helm's loader fails on the chart` };
      }
      if (!statSync(target).isDirectory()) continue;
      if (onPath.has(target))
        return { file: f, why: `a symlink to ${readlinkSync(f)}, a directory above it: a loop Helm's loader cannot walk` };
      const inner = loadBreak(f, onPath);
      if (inner) return inner;
    }
    return void 0;
  } finally {
    onPath.delete(real);
  }
}
function archivedChartName(archive) {
  let tar;
  try {
    tar = gunzipSync(readFileSync(archive));
  } catch {
    return void 0;
  }
  const text = tarEntry(tar, (name2) => /^[^/]+\/Chart\.yaml$/.test(name2.replace(/^\.\//, "")));
  if (text === void 0) return void 0;
  const r = yamlData(text);
  const name = "value" in r ? r.value?.name : void 0;
  return typeof name === "string" && name !== "" ? name : void 0;
}
function tarEntry(tar, wanted) {
  let long;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return void 0;
    const field = (from, len) => untilNul(header.toString("utf8", from, from + len));
    const size = parseInt(field(124, 12).trim() || "0", 8);
    if (!Number.isFinite(size)) return void 0;
    const type = field(156, 1);
    const body = tar.subarray(at + 512, at + 512 + size);
    const prefix = field(345, 155);
    const name = long ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    long = void 0;
    if (type === "L") long = untilNul(body.toString("utf8"));
    else if (type === "x") long = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1];
    else if ((type === "0" || type === "") && wanted(name)) return body.toString("utf8");
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return void 0;
}
function untilNul(s) {
  const end = s.indexOf("\0");
  return end < 0 ? s : s.slice(0, end);
}
function list(dir) {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
function isDir(f) {
  try {
    return statSync(f).isDirectory();
  } catch {
    return false;
  }
}

// src/files/helper-names.ts
import { readFileSync as readFileSync2 } from "node:fs";
import { join as join2, resolve } from "node:path";
var NAMED = /\b(?:define|include|template)\s+"([^"]+)"/g;
var DEFINE = /\bdefine\s+"([^"]+)"/g;
function redefinedHelper(chart, umbrellas) {
  const own = realOrSelf(chart);
  const names = /* @__PURE__ */ new Set();
  for (const f of chartTemplates(chart)) for (const m of readText(f).matchAll(NAMED)) names.add(m[1]);
  if (names.size === 0) return void 0;
  const seen = /* @__PURE__ */ new Set([own]);
  for (const u of umbrellas) {
    for (const dir of renderedWith(u, seen)) {
      for (const f of filesUnder(join2(dir, "templates"))) {
        const text = readText(f);
        for (const m of text.matchAll(DEFINE)) if (names.has(m[1])) return { file: f, offset: m.index, name: m[1] };
      }
    }
  }
  return void 0;
}
function chartTemplates(dir) {
  return [...filesUnder(join2(dir, "templates")), ...filesUnder(join2(dir, "charts")).filter((f) => !f.endsWith(".tgz"))];
}
function renderedWith(u, seen) {
  const real = realOrSelf(u.dir);
  if (seen.has(real)) return [];
  seen.add(real);
  const deps = [
    ...u.dependencies.flatMap((d) => d.repository?.startsWith("file://") ? [resolve(u.dir, d.repository.slice(7))] : []),
    ...subchartsOf(u.dir).flatMap((s) => "meta" in s ? [s.meta.dir] : [])
  ];
  return [
    u.dir,
    ...deps.flatMap((d) => {
      const meta = chartMeta(d);
      return meta ? renderedWith(meta, seen) : [];
    })
  ];
}
function readText(file) {
  try {
    return readFileSync2(file, "utf8");
  } catch {
    return "";
  }
}

// src/files/repo-values.ts
import { lstatSync as lstatSync2, readFileSync as readFileSync3 } from "node:fs";
import { basename, dirname as dirname2 } from "node:path";
function outsideOtherCharts(files, chartDirs, renderers) {
  const dirs = chartDirs.map(realOrSelf);
  return files.filter((f) => {
    const real = realOrSelf(dirname2(f));
    let nearest;
    for (const d of dirs) if (isInside(real, d) && (nearest === void 0 || d.length > nearest.length)) nearest = d;
    return nearest === void 0 || renderers.has(nearest);
  });
}
function repoSetting(files, path, readText3) {
  for (const file of files) {
    const text = readText3(file);
    if (!text.includes(path[0]) && !/\\[xuU]/.test(text)) continue;
    for (const doc of documents(text)) {
      const s = valueSetting(doc, path);
      if (s === "unreadable" && /\{\{/.test(doc)) continue;
      if (s === "unreadable") {
        const why = valuesFileProblem(doc);
        return { file, line: why?.line ?? 1, column: why?.column ?? 1, how: `: ${why?.how ?? "it cannot be read"}, so it may set` };
      }
      if (!s || s.how === "it sets .Values to a non-mapping") continue;
      const plain = s.how === `it sets .Values.${path.join(".")}`;
      return { file, line: s.line, column: s.column, how: plain ? " sets" : ` (${s.how}) sets` };
    }
  }
  return void 0;
}
function documents(text) {
  const starts = [0];
  for (const m of text.matchAll(/^---(?=[ \t\r\n]|$)/gm)) {
    const before = text.slice(starts[starts.length - 1], m.index);
    if (before.split("\n").some((l) => !/^\s*(?:[#%].*)?$/.test(l))) starts.push(m.index);
  }
  return starts.map((start, i) => text.slice(0, start).replace(/[^\n]/g, "") + text.slice(start, starts[i + 1] ?? text.length));
}
function linkToValues(files, valuesFile, proved) {
  const target = realFile(valuesFile);
  if (target === void 0) return void 0;
  const link = (f) => lstatSync2(f, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  return files.find(
    (f) => f !== valuesFile && link(f) && realFile(f) === target && !(basename(f) === "values.yaml" && proved.has(realOrSelf(dirname2(f))))
  );
}
function repoTemplateText(files, paths) {
  for (const file of files) {
    const text = readFile(file);
    if (!text.includes("{{")) continue;
    for (const path of paths) {
      const u = valueReaders(text, path, false)[0];
      if (u) return { file, offset: u.offset };
    }
  }
  return void 0;
}
function readFile(file) {
  try {
    return readFileSync3(file, "utf8");
  } catch {
    return "";
  }
}

// src/files/values-schema.ts
var ABOVE = /* @__PURE__ */ new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "type",
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "minProperties",
  "maxProperties",
  "propertyNames"
]);
var LEAF = /* @__PURE__ */ new Set([
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "type",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const"
]);
function schemaRefusal(schemaText, path, value) {
  let root;
  try {
    root = JSON.parse(schemaText);
  } catch {
    return "it is not JSON this run reads";
  }
  let level = [root];
  for (const [i, key] of path.entries()) {
    const next = [];
    for (const s of level) {
      if (typeof s === "boolean") {
        if (!s) return `it rejects .Values.${path.slice(0, i).join(".")}`;
        continue;
      }
      const other = Object.keys(s).find((k) => !ABOVE.has(k));
      if (other)
        return `"${other}" applies to .Values${path.slice(0, i).map((k) => `.${k}`).join("")}, which this run does not prove`;
      next.push(...childSchemas(s, key));
    }
    level = next;
  }
  for (const s of level) {
    const why = leafRefusal(s, value);
    if (why) return `${why} at .Values.${path.join(".")}`;
  }
  return void 0;
}
function childSchemas(s, key) {
  const out = [];
  const props = s.properties;
  if (props && Object.prototype.hasOwnProperty.call(props, key)) out.push(props[key]);
  const patterns = s.patternProperties ?? {};
  for (const [p, sub] of Object.entries(patterns)) {
    let re;
    try {
      re = new RegExp(p, "u");
    } catch {
      out.push(false);
      continue;
    }
    if (re.test(key)) out.push(sub);
  }
  if (out.length === 0 && s.additionalProperties !== void 0) out.push(s.additionalProperties);
  return out;
}
function leafRefusal(s, value) {
  if (typeof s === "boolean") return s ? void 0 : "the schema rejects any value";
  const other = Object.keys(s).find((k) => !LEAF.has(k));
  if (other) return `"${other}" is not proved`;
  if (s.type !== void 0 && !typeMatches(s.type, value))
    return `the new value ${JSON.stringify(value)} is not of type ${JSON.stringify(s.type)}`;
  if (s.enum !== void 0 && !(Array.isArray(s.enum) && s.enum.some((e) => e === value)))
    return `the new value ${JSON.stringify(value)} is not in its enum`;
  if (s.const !== void 0 && s.const !== value) return `the new value ${JSON.stringify(value)} is not its const`;
  if (typeof value !== "number") return void 0;
  const n = (k) => typeof s[k] === "number" ? s[k] : void 0;
  for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
    if (s[k] !== void 0 && typeof s[k] !== "number" && typeof s[k] !== "boolean") return `its ${k} is no number`;
  const onBound = (k) => value === n(k) && s[k === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] === true;
  const bounds = [
    ["minimum", n("minimum") === void 0 || value >= n("minimum") && !onBound("minimum")],
    ["maximum", n("maximum") === void 0 || value <= n("maximum") && !onBound("maximum")],
    ["exclusiveMinimum", n("exclusiveMinimum") === void 0 || value > n("exclusiveMinimum")],
    ["exclusiveMaximum", n("exclusiveMaximum") === void 0 || value < n("exclusiveMaximum")],
    ["multipleOf", n("multipleOf") === void 0 || Number.isInteger(value / n("multipleOf"))]
  ];
  const broken = bounds.find(([, ok]) => !ok);
  return broken ? `the new value ${value} breaks its ${broken[0]} ${String(s[broken[0]])}` : void 0;
}
function typeMatches(type, value) {
  const types = Array.isArray(type) ? type : [type];
  const actual = value === null ? "null" : typeof value;
  return types.some(
    (t) => t === actual || t === "integer" && typeof value === "number" && Number.isInteger(value) || t === "object" && actual === "object" && !Array.isArray(value)
  );
}

// src/files/values-proof.ts
function valueRefusal(p) {
  const dotted = `.Values.${p.path.join(".")}`;
  const found = renderersOf(p);
  if ("refused" in found) return found.refused;
  const { renderers } = found;
  const renderedBy = new Set(renderers.map((r) => realOrSelf(r.meta.dir)));
  const repoFiles = outsideOtherCharts(
    found.repoFiles,
    found.charts.map((c) => c.dir),
    renderedBy
  );
  const reused = anchorReused(p.valuesText, p.path);
  if (reused) return `${p.show(p.valuesFile)}:${reused.line}:${reused.column}: ${reused.how}, so ${dotted} is read under another path too`;
  const shared = sharedTemplate(found.charts, p.chart, p.own.file);
  if (shared)
    return `${p.show(shared)}:1:1: the same file as ${p.show(p.own.file)} through a link, so converting it converts another chart's split too, whose values are not proved`;
  for (const r of renderers) {
    const why = structureRefusal(r, p) ?? readerRefusal(r, p, dotted) ?? setterRefusal(r, p, dotted) ?? repoSetterRefusal(r, p, repoFiles);
    if (why) return why;
  }
  const umbrellas = renderers.filter((r) => !r.shares).map((r) => r.meta);
  for (const r of renderers.filter((x) => x.shares)) {
    const h = redefinedHelper(r.meta.dir, umbrellas);
    if (h)
      return `${place(p.show(h.file), readText2(h.file), h.offset)}: a define of "${h.name}" in a chart Helm renders together with ${r.meta.name}: it may take the place of ${r.meta.name}'s own`;
  }
  const tplRead = repoTemplateText(repoFiles, [p.path, ...renderers.map((r) => [...r.prefix, ...p.path])]);
  if (tplRead)
    return `${dotted} is read elsewhere too: ${place(p.show(tplRead.file), readText2(tplRead.file), tplRead.offset)} (template text a chart given it with -f may render with tpl)`;
  const proved = new Set(renderers.filter((r) => r.shares).map((r) => realOrSelf(r.meta.dir)));
  const link = linkToValues(found.repoFiles, p.valuesFile, proved);
  if (link) return `${p.show(link)}:1:1: a link to ${p.show(p.valuesFile)}, so a chart given it with -f reads ${dotted} too`;
  return void 0;
}
function repoSetterRefusal(r, p, repoFiles) {
  const full = [...r.prefix, ...p.path];
  const written = realFile(p.valuesFile);
  const own = realFile(join3(r.meta.dir, "values.yaml"));
  const s = repoSetting(
    repoFiles.filter((f) => realOrSelf(f) !== written && realOrSelf(f) !== own),
    full,
    readText2
  );
  return s && `${p.show(s.file)}:${s.line}:${s.column}${s.how} .Values.${full.join(".")}${s.how.startsWith(":") ? "" : " too"}`;
}
function schemaRefusalOf(p, value) {
  const found = renderersOf(p);
  if ("refused" in found) return found.refused;
  for (const r of found.renderers) {
    const schema = join3(r.meta.dir, "values.schema.json");
    if (!existsSync(schema)) continue;
    const why = schemaRefusal(readText2(schema), [...r.prefix, ...p.path], value);
    const key = [...r.prefix, ...p.path].at(-1);
    if (why) return `${keyPlace(schema, key, p.show)} constrains .Values.${[...r.prefix, ...p.path].join(".")}: ${why}`;
  }
  return void 0;
}
function renderersOf(p) {
  const meta = chartMeta(p.chart);
  if (!meta) return { refused: `${p.show(join3(p.chart, "Chart.yaml"))} cannot be read` };
  const real = realFile(p.valuesFile);
  const linked = real !== void 0 && real !== join3(realOrSelf(p.chart), "values.yaml");
  const cache = p.world ?? /* @__PURE__ */ new Map();
  const worlds = [];
  for (const at of linked ? [p.chart, real] : [p.chart]) {
    const world = worldOf(at, cache);
    if ("unbounded" in world) return { refused: `${p.show(at)}: ${world.unbounded}` };
    worlds.push(world);
  }
  const run = (dir) => p.dependents?.get(realOrSelf(dir)) ?? [];
  const umbrellas = (dir, more = []) => {
    const found = [...worlds, ...more].flatMap((w) => w.umbrellas.get(realOrSelf(dir)) ?? []);
    const all = [...found, ...umbrellasOf(dir, run(dir))].filter((u) => realOrSelf(u.meta.dir) !== realOrSelf(dir));
    return all.filter((u, i) => all.findIndex((x) => x.meta.dir === u.meta.dir && x.prefix === u.prefix) === i);
  };
  const out = [{ meta, prefix: [], own: true, shares: true }];
  const sharing = [...worlds.flatMap((w) => real === void 0 ? [] : w.byValues.get(real) ?? []), ...run(p.chart)].filter(
    (d) => realOrSelf(d.dir) !== realOrSelf(p.chart) && realFile(join3(d.dir, "values.yaml")) === real
  );
  out.push(...uniqueCharts(sharing).map((d) => ({ meta: d, prefix: [], own: false, shares: true })));
  for (const r of [...out]) {
    for (const u of umbrellas(r.meta.dir)) {
      const dep = u.meta.dependencies.find((d) => (d.alias ?? d.name) === u.prefix);
      if (dep?.importValues)
        return { refused: `${keyPlace(u.via, "import-values", p.show)}: import-values lets ${u.prefix} set values of ${u.meta.name}` };
      const aboveWorld = worldOf(u.meta.dir, cache);
      if ("unbounded" in aboveWorld) return { refused: `${p.show(u.meta.dir)}, which renders ${meta.name}: ${aboveWorld.unbounded}` };
      const above = umbrellas(u.meta.dir, [aboveWorld]);
      if (above.length) return { refused: `${p.show(above[0].via)} renders ${u.meta.name}, which renders ${meta.name}: not followed` };
      if (!worlds.includes(aboveWorld)) worlds.push(aboveWorld);
      out.push({ meta: u.meta, prefix: [u.prefix], own: false, shares: false });
    }
  }
  return {
    renderers: out,
    repoFiles: [...new Set(worlds.flatMap((w) => w.dataFiles))],
    charts: uniqueCharts(worlds.flatMap((w) => w.charts))
  };
}
function uniqueCharts(charts) {
  const seen = /* @__PURE__ */ new Set();
  return charts.filter((c) => !seen.has(c.dir) && Boolean(seen.add(c.dir)));
}
function structureRefusal(r, p) {
  const full = [...r.prefix, ...p.path];
  const chartFile = p.show(join3(r.meta.dir, "Chart.yaml"));
  const broken = loadBreak(r.meta.dir);
  if (broken) return `${p.show(broken.file)}:1:1: ${broken.why}`;
  for (const d of r.meta.dependencies) {
    if (d.importValues)
      return `${keyPlace(join3(r.meta.dir, "Chart.yaml"), "import-values", p.show)}: import-values lets ${d.name} set values of ${r.meta.name}`;
    if (d.condition?.split(",").some((c) => overlaps(c.trim().split("."), full)))
      return `${keyPlace(join3(r.meta.dir, "Chart.yaml"), "condition", p.show)}: the condition of ${d.name} reads .Values.${d.condition}`;
    const own = r.prefix.length > 0 && (d.alias ?? d.name) === r.prefix[0];
    if (!own && (d.alias ?? d.name) === full[0]) return `${chartFile}: the dependency ${d.name} renders .Values.${full[0]} as its values`;
  }
  for (const s of subchartsOf(r.meta.dir)) {
    if ("meta" in s) {
      if (realOrSelf(s.meta.dir) === realOrSelf(p.chart)) continue;
      if (s.meta.name === full[0]) return `${p.show(s.meta.dir)} is a subchart whose values are .Values.${full[0]}`;
    } else {
      const name = archivedChartName(s.archive);
      if (name === void 0)
        return `${p.show(s.archive)} is a packaged subchart whose Chart.yaml cannot be read, so its values may be .Values.${full[0]}`;
      if (name === full[0]) return `${p.show(s.archive)} is a packaged subchart (${name}) whose values are .Values.${full[0]}`;
    }
  }
  return void 0;
}
function readerRefusal(r, p, dotted) {
  const full = [...r.prefix, ...p.path];
  const dir = r.meta.dir;
  const templates = [...filesUnder(join3(dir, "templates")), ...filesUnder(join3(dir, "charts")).filter((f) => !f.endsWith(".tgz"))];
  const texts = new Map(templates.map((f) => [f, readText2(f)]));
  const tpl = [...texts.values()].some(rendersFiles);
  const data = r.shares ? [p.valuesFile, ...overrideFiles(dir)] : [join3(dir, "values.yaml"), ...overrideFiles(dir)];
  const others = tpl ? filesUnder(dir, (n) => n === ".git").filter((f) => !texts.has(f) && !f.endsWith(".tgz")) : [];
  const roots = rootNames([...texts.values()]);
  const uses = [];
  for (const [f, template] of [...templates.map((f2) => [f2, true]), ...[...others, ...data].map((f2) => [f2, false])]) {
    const text = f === p.valuesFile ? p.valuesText : texts.get(f) ?? readText2(f);
    const mine = r.own && realOrSelf(f) === realOrSelf(p.own.file);
    const code = template || others.includes(f);
    const unprefixed = !code && r.prefix.length > 0 ? valueReaders(text, p.path, false) : [];
    for (const u of [...valueReaders(text, full, code, roots), ...unprefixed]) {
      if (mine && p.own.offsets.has(u.offset)) continue;
      const plain = /^\.Values[\w.]*$/.test(u.what);
      uses.push(`${place(p.show(f), text, u.offset)}${plain ? "" : ` (${u.what})`}`);
    }
  }
  for (const [f, text] of texts) {
    const read = filesReadOf(text, dir, p.valuesFile);
    if (read) uses.push(`${place(p.show(f), text, read.offset)} (${read.what})`);
  }
  if (uses.length) return `${dotted} is read elsewhere too: ${listed([...new Set(uses)])}`;
  return archivedHelpers(dir, [...texts.values()], p);
}
function filesReadOf(text, dir, valuesFile) {
  const target = realFile(valuesFile);
  for (const m of text.matchAll(/\.Files\b(?:\.(\w+))?(?:[\s(]*"((?:[^"\\]|\\.)*)")?/g)) {
    const how = m[1];
    const literal = m[2];
    if (how === "Get" || how === "GetBytes" || how === "Lines") {
      if (literal === void 0) return { offset: m.index, what: `.Files.${how} of a path not written out may read the values` };
      if (target !== void 0 && realFile(join3(dir, literal)) === target)
        return { offset: m.index, what: `.Files.${how} "${literal}" reads the values` };
      continue;
    }
    return { offset: m.index, what: `.Files${how ? `.${how}` : ""} may read the values` };
  }
  return void 0;
}
function archivedHelpers(dir, texts, p) {
  const archive = subchartsOf(dir).find((s) => "archive" in s);
  if (!archive || !("archive" in archive)) return void 0;
  const defined = new Set(texts.flatMap((t) => [...t.matchAll(/\bdefine\s+"([^"]+)"/g)].map((m) => m[1])));
  for (const t of texts)
    for (const m of t.matchAll(/\b(?:include|template)\s+(?:"([^"]+)"|(\S))/g))
      if (m[2] !== void 0 || !defined.has(m[1]))
        return `an include of ${m[1] ? `"${m[1]}"` : "a computed name"} may render a helper of ${p.show(archive.archive)}, which is not read`;
  return void 0;
}
function setterRefusal(r, p, dotted) {
  const full = [...r.prefix, ...p.path];
  const files = r.shares ? overrideFiles(r.meta.dir) : [join3(r.meta.dir, "values.yaml"), ...overrideFiles(r.meta.dir)];
  const found = [];
  for (const f of files) {
    if (r.shares && realOrSelf(f) === realFile(p.valuesFile)) continue;
    const text = readText2(f);
    const s = valueSetting(text, full);
    if (s === "unreadable" && /\{\{/.test(text)) continue;
    if (s === "unreadable") {
      const why = valuesFileProblem(text);
      return `${p.show(f)}${why ? `:${why.line}:${why.column}: ${why.how}` : " cannot be read"}, so it may set ${dotted}`;
    }
    if (s) found.push(`${p.show(f)}:${s.line}:${s.column}${s.how.startsWith("it sets") ? "" : ` (${s.how})`}`);
  }
  if (found.length === 0) return void 0;
  return `${listed(found)} set${found.length === 1 ? "s" : ""} ${r.shares ? dotted : `.Values.${full.join(".")}`} too`;
}
function overlaps(a, b) {
  const n = Math.min(a.length, b.length);
  return a.slice(0, n).every((k, i) => k === b[i]);
}
function keyPlace(file, key, show) {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?:^|[\\s{,-])(["']?)${escaped}\\1\\s*:`, "m");
  for (const f of file.endsWith("Chart.yaml") ? [file, join3(dirname3(file), "requirements.yaml")] : [file]) {
    const text = readText2(f);
    const m = pattern.exec(text);
    if (m) return place(show(f), text, m.index + m[0].lastIndexOf(m[1] + key));
  }
  return `${show(file)}:1:1`;
}
function place(shown, text, offset) {
  const before = text.slice(0, offset);
  return `${shown}:${before.split("\n").length}:${offset - before.lastIndexOf("\n")}`;
}
var MAX_SHOWN = 3;
function listed(items) {
  const shown = items.slice(0, MAX_SHOWN).join(", ");
  return items.length > MAX_SHOWN ? `${shown} and ${items.length - MAX_SHOWN} more` : shown;
}
function readText2(file) {
  try {
    return readFileSync4(file, "utf8");
  } catch {
    return "";
  }
}
export {
  schemaRefusalOf,
  valueRefusal
};
