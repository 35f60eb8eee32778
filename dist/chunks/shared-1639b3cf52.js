import {
  worldOf,
  worldText
} from "./shared-c787c7c747.js";
import {
  DOCS_TEMPLATE,
  otherChartsFile
} from "./shared-e6e19c1dbe.js";
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
          const named2 = v.value;
          const to = named2.startsWith("$") ? join(root, named2.replace(/^\$[^/]*\/?/, "")) : chart && join(chart, named2);
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
    const named2 = m[0].replace(/\\/g, "/");
    const resolves = [join2(dirname2(file), named2), join2(root, named2)].some((c) => realOrSelf(c) === target);
    if (resolves || named2 === tail || named2.endsWith(`/${tail}`)) out.push(m.index);
  }
  return out;
}
function escaped2(s) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// src/files/helm/script-writes.ts
import { posix } from "node:path";

// src/files/helm/shell-words.ts
var SEPARATORS = /* @__PURE__ */ new Set([";", "&", "|", "\n", "(", ")", "{", "}"]);
function shellCommands(text, base = 0) {
  const out = [];
  let words = [];
  let redirects = [];
  let pipedFrom;
  let heredocs = [];
  let i = 0;
  const end = (pipe) => {
    const c = { words, redirects, ...pipedFrom ? { after: pipedFrom } : {} };
    if (words.length || redirects.length) out.push(c);
    pipedFrom = pipe && words.length ? c : void 0;
    words = [];
    redirects = [];
  };
  while (i < text.length) {
    const c = text[i];
    if (c === "\\" && text[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === " " || c === "	" || c === "\r") {
      i++;
      continue;
    }
    if (c === "#") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "\n" && heredocs.length) {
      i = skipHeredocs(text, i + 1, heredocs);
      heredocs = [];
      end(false);
      continue;
    }
    if (SEPARATORS.has(c)) {
      const pipe = c === "|" && text[i + 1] !== "|";
      if (c === "&" && text[i + 1] === ">") {
        i = redirect(text, i + 2, base, redirects);
        continue;
      }
      end(pipe);
      i += text[i + 1] === c && (c === "|" || c === "&") ? 2 : 1;
      continue;
    }
    if (c === ">" || /\d/.test(c) && /^\d+>/.test(text.slice(i, i + 4))) {
      i = redirect(text, text.indexOf(">", i) + 1, base, redirects);
      continue;
    }
    if (c === "<") {
      const here = /^<<-?[ \t]*(["']?)(\w+)\1/.exec(text.slice(i));
      if (here) heredocs.push(here[2]);
      i += here ? here[0].length : text[i + 1] === "<" ? text[i + 2] === "<" ? 3 : 2 : 1;
      continue;
    }
    const w = readWord(text, i);
    words.push({ w: w.word, at: base + i });
    for (const inner of w.inner) out.push(...shellCommands(inner.text, base + inner.at));
    i = w.next;
  }
  end(false);
  return out;
}
function redirect(text, i, base, into) {
  if (text[i] === ">" || text[i] === "|") i++;
  if (text[i] === "&") return i + 2;
  while (text[i] === " " || text[i] === "	") i++;
  const w = readWord(text, i);
  into.push({ w: w.word || "$?", at: base + i });
  return w.next;
}
function skipHeredocs(text, i, tags) {
  for (const tag of tags) {
    const m = new RegExp(`^[ \\t]*${tag}[ \\t]*\\r?$`, "m").exec(text.slice(i));
    if (!m) return text.length;
    i += m.index + m[0].length + 1;
  }
  return i;
}
function readWord(text, i) {
  let word = "";
  const inner = [];
  while (i < text.length) {
    const c = text[i];
    if (/[\s;&|<>(){}]/.test(c) && !(c === "{" && word.endsWith("$")) && !(c === "}" && word.includes("${"))) break;
    if (c === "'") {
      const e = text.indexOf("'", i + 1);
      const to = e < 0 ? text.length : e;
      word += text.slice(i + 1, to);
      i = to + 1;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') {
        if (text[j] === "\\") j++;
        else if (text.startsWith("$(", j) || text[j] === "`") {
          const s = substitution(text, j);
          inner.push({ text: text.slice(s.from, s.to), at: s.from });
          j = s.next - 1;
        }
        j++;
      }
      word += text.slice(i + 1, j);
      i = j + 1;
    } else if (text.startsWith("$(", i) || c === "`") {
      const s = substitution(text, i);
      inner.push({ text: text.slice(s.from, s.to), at: s.from });
      word += text.slice(i, s.next);
      i = s.next;
    } else if (c === "\\") {
      word += text[i + 1] ?? "";
      i += 2;
    } else {
      word += c;
      i++;
    }
  }
  return { word, next: i, inner };
}
function substitution(text, i) {
  if (text[i] === "`") {
    const e = text.indexOf("`", i + 1);
    const to = e < 0 ? text.length : e;
    return { from: i + 1, to, next: to + 1 };
  }
  let depth2 = 0;
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "(") depth2++;
    else if (text[j] === ")" && --depth2 === 0) return { from: i + 2, to: j, next: j + 1 };
  }
  return { from: i + 2, to: text.length, next: text.length };
}

// src/files/helm/script-writes.ts
var SAFE = /^(?:\/dev\/(?:null|stdout|stderr|fd\/\d+|tty)|-|\$\{?GITHUB_(?:OUTPUT|ENV|STEP_SUMMARY|PATH|STATE)\}?)$/;
function shellWrites(text, base = 0) {
  const cmds = shellCommands(text, base);
  const vars = assignments(cmds);
  const out = [];
  for (const c of cmds) {
    for (const r of c.redirects) out.push({ editor: ">", name: named(r.w, vars), at: r.at });
    out.push(...commandWrites(c, vars));
  }
  return out.filter((w) => !SAFE.test(w.name));
}
function assignments(cmds) {
  const vars = /* @__PURE__ */ new Map();
  const add = (k, v) => {
    const known = vars.has(k) ? vars.get(k) : [];
    vars.set(k, known && v !== void 0 && !/[$`]/.test(v) ? [...known, v] : v?.startsWith("$(mktemp") ? known : void 0);
  };
  for (const c of cmds) {
    const w = c.words.map((x) => x.w);
    for (const a of w) {
      const m = /^(\w+)=(.*)$/s.exec(a);
      if (!m) break;
      add(m[1], m[2]);
    }
    const k = w[0] === "export" || w[0] === "local" || w[0] === "readonly" ? 1 : 0;
    for (const a of w.slice(k)) {
      const m = k && /^(\w+)=(.*)$/s.exec(a);
      if (m) add(m[1], m[2]);
    }
    if (w[0] === "for" && w[2] === "in") for (const v of w.slice(3)) add(w[1], v);
    if (w[0] === "read" || w[0] === "select") {
      for (const v of w.slice(1)) if (!v.startsWith("-")) add(v, void 0);
    }
  }
  return vars;
}
function named(word, vars) {
  if (SAFE.test(word)) return "/dev/null";
  const one = (s) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_m, a, b) => {
    const v = vars.get(a ?? b);
    return v && v.length === 1 ? v[0] : "*";
  });
  return one(word).replace(/\$\([^)]*\)?|`[^`]*`?|\$\{[^}]*\}?|%\w+%/g, "*").split("{{").map((part, i) => i === 0 ? part : `*${part.slice(part.indexOf("}}") + 2)}`).join("").replace(/\$\W?/g, "*");
}
function program(c) {
  let ws = c.words;
  let fed = false;
  for (; ; ) {
    const w = ws[0]?.w ?? "";
    if (/^\w+=/.test(w) || /^(?:sudo|env|nohup|time|exec|command|builtin|then|do|else|elif|if|while|until|!|-)$/.test(w)) ws = ws.slice(1);
    else if (w === "xargs") {
      fed = true;
      ws = ws.slice(1);
      while (ws[0]?.w.startsWith("-")) ws = ws.slice(/^-[IinLPsd]$/.test(ws[0].w) ? 2 : 1);
    } else break;
  }
  return { words: ws, fed };
}
function findNames(c, at2) {
  if (!c || posix.basename(program(c).words[0]?.w ?? "") !== "find") return [{ w: "*", at: at2 }];
  const ws = c.words;
  const names = ws.flatMap((w, i) => /^-(?:i?name|i?path|i?wholename)$/.test(w.w) && ws[i + 1] ? [ws[i + 1]] : []);
  return names.length ? names : [{ w: "*", at: at2 }];
}
var IN_PLACE = /^(?:-[a-zA-Z]*i|--in-?place)/;
function commandWrites(c, vars) {
  const { words, fed } = program(c);
  const prog = posix.basename(words[0]?.w ?? "").replace(/^g(?=sed$|awk$)/, "");
  const args = words.slice(1);
  const at2 = words[0]?.at ?? 0;
  const w = (editor, names, feeds = fed) => [
    ...names.map((n) => ({ editor, name: named(n.w, vars), at: n.at })),
    ...feeds || names.length === 0 ? findNames(c.after, at2).map((n) => ({ editor, name: n.w, at: n.at })) : []
  ];
  const positional = args.filter((a) => !a.w.startsWith("-"));
  switch (prog) {
    case "sed":
      if (!args.some((a) => IN_PLACE.test(a.w))) return [];
      return w(
        "sed -i",
        args.some((a) => /^(?:-[a-zA-Z]*[ef]$|--expression|--file)/.test(a.w)) ? afterFlagArgs(args, /^-[a-zA-Z]*[ef]$/) : positional.slice(1)
      );
    case "perl":
    case "ruby":
      if (!args.some((a) => IN_PLACE.test(a.w))) return [];
      return w(`${prog} -i`, afterFlagArgs(args, /^-[a-zA-Z0-9.]*e$/).slice(args.some((a) => /^-[a-zA-Z0-9.]*e$/.test(a.w)) ? 0 : 1));
    case "awk":
      if (!args.some((a, i) => /^-i(?:nplace)?$/.test(a.w) && /inplace/.test(args[i + 1]?.w ?? a.w))) return [];
      return w("awk -i inplace", positional.filter((a) => a.w !== "inplace").slice(1));
    case "yq":
      if (!args.some((a) => /^(?:-[a-zA-Z]*i$|--inplace)/.test(a.w))) return [];
      return w("yq -i", positional.filter((a, i) => !(i === 0 && /^(?:e|eval|ea|eval-all)$/.test(a.w))).slice(1));
    case "tee":
    case "sponge":
    case "mv":
    case "cp":
    case "install":
    case "ln":
    case "rsync":
    case "rm":
    case "truncate":
    case "ex":
    case "vi":
    case "vim":
    case "nvim":
    case "ed":
      if (!positional.length && !fed && /^(?:ex|vi|vim|nvim|ed|sponge|tee)$/.test(prog)) return [];
      return w(
        prog,
        /^(?:cp|mv|rsync|install|ln)$/.test(prog) ? positional.map((a) => /^\.{1,2}\/?$/.test(a.w) ? { ...a, w: "*" } : a) : positional
      );
    case "dd":
      return args.filter((a) => a.w.startsWith("of=")).map((a) => ({ editor: "dd", name: named(a.w.slice(3), vars), at: a.at }));
    case "patch":
      return [{ editor: "patch", name: "*", at: at2 }];
    case "git":
      return /^(?:apply|am)$/.test(args[0]?.w ?? "") ? [{ editor: `git ${args[0].w}`, name: "*", at: at2 }] : [];
    case "find":
      return findExec(c, vars);
    case "bash":
    case "sh":
    case "zsh":
    case "eval": {
      const s = prog === "eval" ? args[0] : args[args.findIndex((a) => /^-[a-z]*c$/.test(a.w)) + 1];
      return s && (prog === "eval" || args.some((a) => /^-[a-z]*c$/.test(a.w))) ? shellWrites(s.w, s.at) : [];
    }
    default:
      return [];
  }
}
function afterFlagArgs(args, flag) {
  const out = [];
  for (let i = 0; i < args.length; i++) {
    if (flag.test(args[i].w) || /^--(?:expression|file)$/.test(args[i].w)) i++;
    else if (!args[i].w.startsWith("-")) out.push(args[i]);
  }
  return out;
}
function findExec(c, vars) {
  const i = c.words.findIndex((w) => /^-(?:exec|execdir|ok|okdir)$/.test(w.w));
  if (i < 0) return [];
  const names = findNames(c, c.words[i].at);
  const rest = c.words.slice(i + 1).filter((w) => w.w !== ";" && w.w !== "+");
  return names.flatMap(
    (n) => commandWrites({ words: rest.map((w) => w.w.includes("{}") ? { w: w.w.replace("{}", n.w), at: n.at } : w), redirects: [] }, vars)
  );
}
function mayReach(name, target) {
  const n = posix.normalize(name.replace(/\\/g, "/")).replace(/^(?:\.\.?\/|~\/|\/)+/, "");
  if (n === "" || n === ".") return false;
  let re = "";
  for (let i = 0; i < n.length; i++) {
    const ch = n[i];
    if (ch === "*") re += ".*";
    else if (ch === "?") re += "[^/]";
    else if (ch === "[") {
      const e = n.indexOf("]", i + 1);
      if (e < 0) return true;
      re += `[${n.slice(i + 1, e).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
      i = e;
    } else if (ch === "{") re += "(?:";
    else if (ch === "}") re += ")";
    else if (ch === "," && re.includes("(?:")) re += "|";
    else re += ch.replace(/[.+^$()|\\]/g, "\\$&");
  }
  try {
    return new RegExp(`(?:^|/)${re}(?:/.*)?$`).test(target.replace(/\\/g, "/"));
  } catch {
    return true;
  }
}

// src/files/helm/code-writes.ts
var WRITERS = /(?<![\w$])(?:(?:shutil\.)?(?:copy|copy2|copyfile|copytree|move)|os\.(?:rename|replace|remove|unlink|truncate)|(?:fs\.)?(?:writeFile|writeFileSync|appendFile|appendFileSync|copyFile|copyFileSync|rename|renameSync|createWriteStream|cpSync|outputFile|outputFileSync|writeJson|writeJsonSync|outputJson|outputJsonSync|rmSync|unlinkSync|truncateSync|writeTextFile|writeTextFileSync)|(?:File|IO)\.(?:write|binwrite|rename|delete)|FileUtils\.\w+|(?:os|ioutil)\.(?:WriteFile|Create|Rename|Remove))[ \t]*(\(|[ \t](?=["'\w]))/g;
var ON_RECEIVER = /\.(?:write_text|write_bytes|rename|unlink|touch|writeFileSync|writeText)\(/g;
var OPEN = /(?:(?<![\w$.])(?:(?:io|codecs|File|fs|os)\.)?(?:open|openSync|OpenFile)|\.open)\(/g;
function codeWrites(text) {
  const out = [];
  for (const m of text.matchAll(WRITERS)) {
    const args = callArgs(text, m.index + m[0].length - (m[1] === "(" ? 0 : 1), m[1] === "(");
    const editor = m[0].slice(0, m[0].length - m[1].length).trimEnd();
    out.push(...(args.length ? args : [""]).map((a) => ({ editor, name: literalPath(a), at: m.index })));
  }
  for (const m of text.matchAll(ON_RECEIVER)) out.push({ editor: m[0].slice(1, -1), name: "*", at: m.index });
  for (const m of text.matchAll(OPEN)) {
    const args = callArgs(text, m.index + m[0].length, true);
    const receiver = m[0].startsWith(".");
    const mode = receiver ? args[0] : args[1];
    if (!writesMode(mode ?? "", args.slice(receiver ? 1 : 2).join(","))) continue;
    out.push({ editor: "open", name: receiver ? "*" : literalPath(args[0] ?? ""), at: m.index });
  }
  for (const s of stringCommands(text)) out.push(...shellWrites(s.text, s.at));
  return out;
}
function writesMode(mode, rest) {
  const kw = /\bmode\s*=\s*(["'][^"']*["'])/.exec(rest)?.[1];
  const m = (kw ?? mode).trim();
  if (m === "" && !kw) return false;
  const lit = /^[bfru]*(["'])(.*)\1$/s.exec(m);
  if (!lit) return !/O_RDONLY/.test(m) || /O_(?:WRONLY|RDWR|CREAT|TRUNC|APPEND)/.test(m);
  return /[wax+]/.test(lit[2]);
}
function callArgs(text, i, paren) {
  const out = [];
  let depth2 = 0;
  let cur = "";
  for (let j = i; j < text.length; j++) {
    const c = text[j];
    if (c === '"' || c === "'" || c === "`") {
      const e = stringEnd(text, j);
      cur += text.slice(j, e);
      j = e - 1;
    } else if ("([{".includes(c)) {
      depth2++;
      cur += c;
    } else if (")]}".includes(c) && depth2 === 0) break;
    else if (")]}".includes(c)) {
      depth2--;
      cur += c;
    } else if (c === "," && depth2 === 0) {
      out.push(cur.trim());
      cur = "";
    } else if (c === "\n" && !paren && depth2 === 0) break;
    else cur += c;
  }
  if (cur.trim()) out.push(cur.trim());
  return out;
}
function stringEnd(text, i) {
  const q = text[i];
  const triple = text.startsWith(q.repeat(3), i);
  const close = triple ? q.repeat(3) : q;
  for (let j = i + close.length; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text.startsWith(close, j)) return j + close.length;
    else if (text[j] === "\n" && !triple && q !== "`") return j;
  }
  return text.length;
}
function literalPath(arg) {
  const parts = [];
  let rest = arg;
  for (const m of arg.matchAll(/(?<![fbrux])[fbrux]*(["'`])((?:\\.|(?!\1).)*)\1/gs)) {
    parts.push(m[2].replace(/[$#]?\{[^{}]*\}/g, "*"));
    rest = rest.replace(m[0], " ");
  }
  const glue = rest.replace(/(?:os\.)?path\.join|path\.resolve|(?:pathlib\.)?Path|filepath\.Join|File\.join|__dirname|[\s()+/,]/g, "");
  if (parts.length === 0 || glue !== "") return "*";
  return parts.join("/");
}
function stringCommands(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "#" && /(?:^|\s)$/.test(text.slice(Math.max(0, i - 1), i))) {
      const e = text.indexOf("\n", i);
      i = e < 0 ? text.length : e;
    } else if (c === '"' || c === "'" || c === "`") {
      const e = stringEnd(text, i);
      const q = text.startsWith(c.repeat(3), i) ? 3 : 1;
      out.push({ text: text.slice(i + q, e - q).replace(/\$\{[^}]*\}|#\{[^}]*\}/g, "*"), at: i + q });
      i = e - 1;
    } else if (c === "[") {
      const args = callArgs(text, i + 1, true);
      if (args.length > 1 && args.some((a) => /^(["'])[^"']+\1$/.test(a)))
        out.push({
          text: args.map((a) => /^(["'])[^"'\s]*\1$/.test(a) ? a.slice(1, -1) : /^(["'])[^"']*\1$/.test(a) ? a : "*").join(" "),
          at: i
        });
    }
  }
  return out;
}
var SHELL_NAMES = /^(?:Makefile|GNUmakefile|makefile|justfile|Justfile|\.justfile|Dockerfile|Containerfile|\.envrc)$|\.(?:sh|bash|zsh|ksh|mk|make|just|dockerfile|ps1|bat|cmd)$|^(?:Dockerfile|Containerfile)\./;
var CODE_NAMES = /\.(?:py|rb|js|mjs|cjs|ts|mts|cts|go|pl|groovy|star|bzl)$|^(?:Rakefile|Jenkinsfile|Tiltfile|Gemfile)$/;
function writesOf(name, text, programs) {
  const bang = /^#!.*\b(sh|bash|zsh|ksh|dash|python\d?|ruby|node|perl|deno|bun)\b/.exec(text)?.[1];
  if (SHELL_NAMES.test(name) || bang && /sh$/.test(bang)) return shellWrites(text);
  if (CODE_NAMES.test(name) || bang) return codeWrites(text);
  if (/\.(?:ya?ml|json)$/i.test(name))
    return programs().flatMap((p) => shellWrites(p.value).map((w) => ({ ...w, at: rawOffset(text, p, w.at) })));
  return [];
}
function rawOffset(text, p, at2) {
  const lines = p.value.slice(0, at2).split("\n");
  const line = p.value.split("\n")[lines.length - 1] ?? "";
  let from = p.offset;
  for (const l of p.value.split("\n").slice(0, lines.length - 1)) {
    const i2 = l.trim() ? text.indexOf(l.trim(), from) : -1;
    if (i2 >= 0) from = i2 + l.trim().length;
  }
  const i = text.indexOf(line.trim(), from);
  return i < 0 ? p.offset : i + lines.at(-1).length - (line.length - line.trimStart().length);
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
  return s.writing ? writesValues(file, text, s, [k.written, ...k.precise]) ?? namedAway(file, text, root, s, k.written) : void 0;
}
function writesValues(file, text, s, sources) {
  for (const w of writesOf(basename2(file), text, () => programStrings(text))) {
    const to = sources.find((t) => mayReach(w.name, t));
    if (to !== void 0)
      return {
        file,
        ...lineColumn(text, w.at),
        handed: { values: to === sources[0] ? s.valuesFile : to, chart: void 0, written: true, editor: w.editor }
      };
  }
  return void 0;
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
  return void 0;
}
function deployersOf(worlds, renderers, cache) {
  const own = new Set(renderers.map((r) => realOrSelf(r.dir)));
  const names = [...new Set(renderers.flatMap((r) => [chartMeta(r.dir)?.name, basename2(r.dir)]).filter((n) => Boolean(n)))];
  if (names.length === 0) return [];
  const named2 = new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`);
  const out = /* @__PURE__ */ new Set();
  for (const c of worlds.flatMap((w) => w.charts)) {
    const dir = realOrSelf(c.dir);
    if (own.has(dir) || out.has(dir)) continue;
    const texts = filesUnder(join3(c.dir, "templates")).map((f) => worldText(f, cache));
    if (!texts.some((t) => /\.Values\b/.test(t))) continue;
    if (texts.some((t) => DEPLOYER.test(t) && (named2.test(t) || openDeployer(t)))) out.add(dir);
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
