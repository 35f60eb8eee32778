import {
  settingIn,
  valueSetting,
  valuesFileProblem
} from "./shared-e4bc5d0e5f.js";
import {
  filesUnder,
  realFile
} from "./shared-29f1972fb5.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";
import {
  maskTemplate
} from "./shared-29334cf685.js";
import {
  LineCounter,
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseAllDocuments,
  visit
} from "./shared-afcbbfc458.js";

// src/files/helm/repo-values.ts
import { existsSync, lstatSync, readFileSync } from "node:fs";
import { basename, dirname as dirname2, join as join2, relative } from "node:path";

// src/yaml/tpl-text.ts
var LITERAL = /^(?:`[^`]*`|"(?:[^"\\]|\\["\\])*")$/;
var MUTATES_TEXT = /\b(?:set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/;
function literalReachesValues(literals) {
  const text = literals.map((l) => l.startsWith("`") ? l.slice(1, -1) : l.slice(1, -1).replace(/\\(["\\])/g, "$1")).join(" ");
  if (MUTATES_TEXT.test(text)) return true;
  for (const action of text.split("{{").slice(1)) {
    const body = action.split("}}")[0].replace(/^-|-$/g, " ").replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
    if (/(?:^|[\s(|,=])[.$](?=$|[\s)|,])/.test(body) || /\bValues\b(?!\.\w)/.test(body)) return true;
  }
  return false;
}
var KEEPS = /^(?:toYaml|toString|trim|nindent\s+\d+|indent\s+\d+|default\s+(?:"(?:[^"\\]|\\["\\])*"|`[^`]*`))$/;
function topLevel(s, sep) {
  const out = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '"') {
      for (i++; i < s.length && s[i] !== '"'; i++) if (s[i] === "\\") i++;
    } else if (c === "`") i = s.indexOf("`", i + 1) < 0 ? s.length : s.indexOf("`", i + 1);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && (sep === " " ? /\s/.test(c) : c === sep)) {
      out.push(s.slice(from, i));
      from = i + 1;
    }
  }
  out.push(s.slice(from));
  return out.map((p) => p.trim()).filter(Boolean);
}
function tplCalls(body, leadingArgs2) {
  const plain = body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, (s) => s[0] + " ".repeat(s.length - 2) + s[0]);
  const out = [];
  for (const m of plain.matchAll(/(?<![\w.$])tpl\b/g)) {
    const [text = "", context = ""] = leadingArgs2(body, m.index + 3, 2);
    out.push({ text, context });
  }
  return out;
}

// src/yaml/action-args.ts
function leadingArgs(body, from, n) {
  const out = [];
  let i = from;
  while (out.length < n) {
    while (i < body.length && /\s/.test(body[i])) i++;
    if (i >= body.length || body[i] === "|" || body[i] === ")") break;
    const begin = i;
    if (body[i] === "(") {
      let depth = 0;
      for (; i < body.length; i++) {
        const c = body[i];
        if (c === '"' || c === "`") i = closingQuote(body, i);
        else if (c === "(") depth++;
        else if (c === ")" && --depth === 0) break;
      }
      i++;
      while (i < body.length && /[\w.]/.test(body[i])) i++;
    } else if (body[i] === '"' || body[i] === "`") i = closingQuote(body, i) + 1;
    else while (i < body.length && !/[\s()|]/.test(body[i])) i++;
    out.push(body.slice(begin, i));
  }
  return out;
}
function closingQuote(body, at2) {
  const q = body[at2];
  for (let i = at2 + 1; i < body.length; i++) {
    if (q === '"' && body[i] === "\\") i++;
    else if (body[i] === q) return i;
  }
  return body.length;
}
function blankStrings(body) {
  return body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, (s) => s[0] + " ".repeat(s.length - 2) + s[0]);
}

// src/yaml/values-expr.ts
var EMPTY_WORLD = { rootKeys: /* @__PURE__ */ new Set(), badKeys: /* @__PURE__ */ new Set(), nonRootHelpers: /* @__PURE__ */ new Set(), mutated: [] };
var BIND = /^(?:(range|with|if)\s+)?\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:?=(?!=)([\s\S]*)$/;
var PLAIN_KEY = /^(?:"[\w-]*"|`[\w-]*`|\d+)$/;
var VALUES_METHOD = /^(?:PathValue|Table|YAML|AsMap)$/;
var BUILTIN = /^(?:Release|Chart|Capabilities|Template)$/;
function fileScopes(bodies, world) {
  const out = { dots: /* @__PURE__ */ new Map(), binds: /* @__PURE__ */ new Map(), world };
  for (let pass = 0, was = ""; pass < 6; pass++) {
    const binds = /* @__PURE__ */ new Map();
    const add = (name, b) => binds.set(name, [...binds.get(name) ?? [], b]);
    const stack = [];
    const top = () => stack.at(-1)?.dot ?? { kind: "root" };
    const dotOf = (expr) => {
      const here = top();
      const sources = valuesSources(expr, here, out);
      if (sources) return { kind: "values", sources, helper: here.helper };
      return { kind: isRoot(expr, here, out) ? "root" : "other", helper: here.helper };
    };
    for (const { body, start } of bodies) {
      out.dots.set(start, top());
      const head = /^(if|else|end|range|with|define|block)\b/.exec(body)?.[1];
      const b = BIND.exec(body);
      if (b) {
        const ranged = b[1] === "range";
        if (b[3]) add(b[2], { expr: "", dot: top(), kind: "key" });
        add(b[3] ?? b[2], { expr: b[4].trim(), dot: top(), kind: ranged ? "elem" : "bind" });
      }
      const expr = body.slice(head?.length ?? 0).replace(/^[^"`]*?:=/, "");
      if (head === "end") stack.pop();
      else if (head === "if") stack.push({ word: "if", dot: top() });
      else if (head === "define" || head === "block") {
        const name = /^\w+\s+"([^"\\]*)"/.exec(body)?.[1] ?? "";
        stack.push({ word: head, dot: { kind: "define", helper: name } });
      } else if (head === "range" || head === "with") stack.push({ word: head, dot: dotOf(expr) });
      else if (head === "else") {
        const outer = stack.at(-2)?.dot ?? { kind: "root" };
        const w = /^else\s+with\b([\s\S]*)$/.exec(body);
        if (stack.length > 0)
          stack[stack.length - 1].dot = w ? dotOf(w[1].replace(/^[^"`]*?:=/, "")) : stack.at(-1).word === "with" ? outer : top();
      }
    }
    out.binds = binds;
    const now = JSON.stringify([...out.dots.values()].map((d) => [d.kind, d.sources]));
    if (now === was) break;
    was = now;
  }
  return out;
}
function isRoot(expr, dot, f, seen = /* @__PURE__ */ new Set()) {
  const e = expr.trim();
  if (e === "$") return true;
  if (e === ".") return dot.kind === "root" || dot.kind === "define" && rootedHelper(dot, f.world);
  const k = /^\.(\w+)$/.exec(e);
  if (k) return dot.kind === "define" && f.world.rootKeys.has(k[1]);
  const v = /^\$(\w+)$/.exec(e);
  if (!v || seen.has(v[1])) return false;
  const binds = f.binds.get(v[1]) ?? [];
  return binds.length > 0 && binds.every((b) => b.kind === "bind" && isRoot(b.expr, b.dot, f, /* @__PURE__ */ new Set([...seen, v[1]])));
}
var rootedHelper = (dot, world) => world.nonRootHelpers !== "all" && !world.nonRootHelpers.has(dot.helper ?? "");
function valuesSources(expr, dot, f, seen = /* @__PURE__ */ new Set()) {
  let t = expr.trim();
  while (wrapped(t)) t = t.slice(1, -1).trim();
  if (LITERAL.test(t)) return literalReachesValues([t]) ? void 0 : [];
  const src = (e) => valuesSources(e, dot, f, seen);
  const stages = topLevel(t, "|");
  if (stages.length > 1) {
    const last = topLevel(stages.at(-1), " ");
    if (stages.length === 2 && last[0] === "ternary" && last.length === 3) return union([src(last[1]), src(last[2])]);
    const first = src(stages[0]);
    return first && stages.slice(1).every((s) => KEEPS.test(s.trim()) || /^(?:toJson|first)$/.test(s.trim())) ? first : void 0;
  }
  const w = topLevel(t, " ");
  if (w.length === 1) return refSources(w[0], dot, f, seen);
  const op = w[0];
  if (op === "index" && w.length >= 3 && w.slice(2).every((k) => PLAIN_KEY.test(k))) {
    const keys = w.slice(2).map((k) => k.replace(/^["`]|["`]$/g, ""));
    const base = src(w[1]) ?? (/^(?:\$\w*)?\.Values$/.test(w[1]) ? refSources(w[1], dot, f, seen) : void 0);
    return base?.map((p) => p[0] === "*" ? p : [...p, ...keys]);
  }
  if (/^(?:first|toYaml|toJson|toString)$/.test(op) && w.length === 2) return src(w[1]);
  if (op === "default" && w.length === 3 && LITERAL.test(w[1]) && !/\\/.test(w[1])) return src(w[2]);
  if (op === "ternary" && w.length === 4) return union([src(w[1]), src(w[2])]);
  if (op === "cat") {
    const literals = w.slice(1).filter((a) => LITERAL.test(a));
    if (literalReachesValues(literals)) return void 0;
    return union(w.slice(1).map((a) => LITERAL.test(a) ? /Values|\\/.test(a) ? void 0 : [] : src(a)));
  }
  if (/^\$?\.Files\.Get$/.test(op) && w.length === 2 && /^(?:"[^"\\]*"|`[^`]*`)$/.test(w[1])) return [];
  return void 0;
}
function refSources(ref, dot, f, seen) {
  const m = /^(\$\w*)?((?:\.[A-Z_]\w*)*|\.)$/i.exec(ref);
  if (!m) return void 0;
  const chain = m[2] === "." ? [] : (m[2] ?? "").split(".").slice(1);
  const head = m[1];
  if (head === "$") return rootChain(chain);
  if (head === void 0) {
    if (dot.kind === "values") return dot.sources;
    if (dot.kind === "root") return rootChain(chain);
    if (dot.kind !== "define" || chain.length === 0) return void 0;
    if (rootedHelper(dot, f.world) && (chain[0] === "Values" || BUILTIN.test(chain[0]))) return rootChain(chain);
    if (f.world.rootKeys.has(chain[0])) return rootChain(chain.slice(1));
    const bad = f.world.badKeys;
    return !/^(?:Values|Files|Subcharts)$/.test(chain[0]) && bad !== "all" && !bad.has(chain[0]) ? [["*"]] : void 0;
  }
  const name = head.slice(1);
  if (seen.has(name)) return void 0;
  const binds = f.binds.get(name) ?? [];
  if (binds.length === 0) return void 0;
  if (chain.length > 0 && isRoot(head, dot, f)) return rootChain(chain);
  const next = /* @__PURE__ */ new Set([...seen, name]);
  return union(binds.map((b) => b.kind === "key" ? void 0 : valuesSources(b.expr, b.dot, f, next)));
}
function rootChain(chain) {
  if (chain[0] === "Values") return chain[1] !== void 0 && VALUES_METHOD.test(chain[1]) ? void 0 : [chain.slice(1)];
  return chain.length > 0 && BUILTIN.test(chain[0]) ? [] : void 0;
}
function union(parts) {
  return parts.every((p) => p !== void 0) ? parts.flat() : void 0;
}
function wrapped(t) {
  if (!t.startsWith("(") || !t.endsWith(")")) return false;
  return topLevel(t, " ").length === 1 && topLevel(t.slice(1, -1), " ").length > 0 && closes(t) === t.length - 1;
}
function closes(t) {
  let depth = 0;
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '"' || c === "`") {
      const q = c;
      for (i++; i < t.length && t[i] !== q; i++) if (q === '"' && t[i] === "\\") i++;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return -1;
}
function underMutated(sources, world) {
  if (sources.length === 0) return false;
  if (world.mutated === "all") return true;
  const blocks = world.mutated;
  return sources.some((p) => p[0] === "*" ? blocks.length > 0 : blocks.some((q) => q.every((k, i) => i >= p.length || p[i] === k)));
}
function scanWorld(bodies, f, acc) {
  for (const { body, start } of bodies) {
    const dot = f.dots.get(start) ?? { kind: "root" };
    const plain = blankStrings(body);
    const give = (key, value) => {
      const k = /^"(\w+)"$|^`(\w+)`$/.exec(key);
      if (!k) return void (acc.allBad = true);
      const name = k[1] ?? k[2];
      if (value !== void 0 && isRoot(value, dot, f)) acc.rootGiven.add(name);
      else acc.otherGiven.add(name);
      if (value === void 0 || !valuesSources(value, dot, f)) acc.bad.add(name);
    };
    for (const d of plain.matchAll(/(?<![\w.$])dict\b/g)) {
      const args = leadingArgs(body, d.index + 4, 64);
      for (let i = 0; i < args.length; i += 2) give(args[i], args[i + 1]);
    }
    for (const m of plain.matchAll(/(?<![\w.$])(set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/g)) {
      const args = leadingArgs(body, m.index + m[0].length, 64);
      const piped = /\|\s*$/.test(plain.slice(0, m.index).replace(/\(\s*$/, ""));
      if (m[1] === "set") give(args[1] ?? "", piped ? void 0 : args[2]);
      const merge = /erge/.test(m[1]);
      if (merge && (piped || !args.slice(1).every((s) => mergeable(s, dot, f)))) acc.allBad = true;
      mutate(acc, args[0] ?? "", merge ? void 0 : args[1], dot, f);
    }
    for (const c of plain.matchAll(/(?<![\w.$])(?:include|template)\b/g)) {
      const [name = "", arg = ""] = leadingArgs(body, c.index + c[0].length, 2);
      const n = /^"([^"\\]*)"$/.exec(name);
      if (!n) acc.allNonRoot = true;
      else if (!isRoot(arg, dot, f)) acc.nonRoot.add(n[1]);
      if (/\b(?:fromYaml|fromJson|mustFromJson|fromYamlArray|fromJsonArray)\b/.test(arg)) acc.allBad = true;
    }
  }
}
var newAcc = () => ({
  rootGiven: /* @__PURE__ */ new Set(),
  otherGiven: /* @__PURE__ */ new Set(),
  bad: /* @__PURE__ */ new Set(),
  allBad: false,
  nonRoot: /* @__PURE__ */ new Set(),
  allNonRoot: false,
  mutated: [],
  allMutated: false
});
function accWorld(a) {
  return {
    rootKeys: new Set([...a.rootGiven].filter((k) => !a.otherGiven.has(k))),
    badKeys: a.allBad ? "all" : a.bad,
    nonRootHelpers: a.allNonRoot ? "all" : a.nonRoot,
    mutated: a.allMutated ? "all" : a.mutated
  };
}
function mergeable(s, dot, f) {
  return /^\(\s*dict\b/.test(s) || isRoot(s, dot, f) || valuesSources(s, dot, f) !== void 0 || fresh(s, f);
}
function fresh(target, f) {
  if (/^\(\s*(?:dict|list|deepCopy|mustDeepCopy|pick|omit)\b/.test(target)) return true;
  const v = /^\$(\w+)$/.exec(target);
  if (!v) return false;
  const self = new RegExp(`(?:^|\\|)\\s*(?:must)?[mM]erge(?:Overwrite)?\\s+\\$${v[1]}(?![\\w.])[^|]*$`);
  const binds = (f.binds.get(v[1]) ?? []).filter((b) => !self.test(b.expr));
  return binds.length > 0 && binds.every((b) => b.kind === "bind" && /^\(?\s*(?:dict|list|deepCopy|mustDeepCopy|pick|omit)\b/.test(b.expr));
}
function mutate(acc, target, key, dot, f) {
  if (target === "") return void (acc.allMutated = true);
  if (fresh(target, f)) return;
  if (isRoot(target, dot, f)) {
    if (key !== void 0 && /^"\w+"$|^`\w+`$/.test(key) && key.slice(1, -1) !== "Values") return;
    return void (acc.allMutated = true);
  }
  const sources = valuesSources(target, dot, f);
  if (!sources || sources.some((p) => p[0] === "*")) return void (acc.allMutated = true);
  acc.mutated.push(...sources);
}

// src/yaml/readers.ts
var VALUES_REF = /\.Values\b((?:\.[A-Za-z_]\w*)*)/g;
var VALUES_METHOD2 = /^(?:PathValue|Table|YAML|AsMap)$/;
var BY_NAME = /["`]Values["`]|\.Subcharts\b/g;
var WHOLE = /\b(?:toYaml|toJson|toPrettyJson|toRawJson|mustToJson|mustToPrettyJson|mustToRawJson|toToml|toString|deepCopy|mustDeepCopy|merge|mergeOverwrite|mustMerge|mustMergeOverwrite|pick|omit|values|dig|get|pluck|keys|print|printf|println|fromYaml|list|toStrings|first|last|sortAlpha|join)\b/;
var BINDING = /\$(\w+)\s*:?=\s*(\S+)$/;
var DICT_PAIR = /"(\w+)"\s+(?:\.|\$)(?=[\s)])/g;
function rootNames(texts) {
  const out = { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() };
  const bindings = [];
  const files = texts.map((t) => actionBodies(t));
  for (const bodies of files) {
    for (const body of bodies.map((b) => b.body)) {
      const v = /^range\b/.test(body) ? null : BINDING.exec(body);
      if (v) bindings.push([v[1], v[2]]);
      if (/\bdict\b/.test(body)) for (const m of body.matchAll(DICT_PAIR)) out.keys.add(m[1]);
    }
  }
  let world = { ...EMPTY_WORLD, rootKeys: new Set(out.keys) };
  let was = "";
  for (let pass = 0; pass < 8; pass++) {
    const acc = newAcc();
    for (const bodies of files) scanWorld(bodies, fileScopes(bodies, world), acc);
    world = accWorld(acc);
    const now = JSON.stringify(world, (_k, x) => x instanceof Set ? [...x].sort() : x);
    if (now === was) break;
    was = pass === 7 ? "none" : now;
  }
  out.world = was === "none" ? { rootKeys: /* @__PURE__ */ new Set(), badKeys: "all", nonRootHelpers: "all", mutated: "all" } : world;
  for (let size = -1; size !== out.vars.size; ) {
    size = out.vars.size;
    const named = namedRoots(out);
    for (const [name, expr] of bindings) if (isRootExpr(expr, named)) out.vars.add(name);
  }
  return out;
}
function namedRoots(roots) {
  const vars = [...roots.vars].map((v) => `\\$${v}`).join("|");
  const keys = [...roots.keys].join("|");
  return [vars, keys && `\\$?\\.(?:${keys})`].filter(Boolean).join("|");
}
function valueReaders(text, path, template, roots) {
  const out = [];
  for (const m of text.matchAll(VALUES_REF)) {
    const got = m[1] ? m[1].slice(1).split(".") : indexKeys(text, m.index);
    if (got.length > 0 && VALUES_METHOD2.test(got[0])) {
      out.push({ offset: m.index, what: `.Values.${got[0]}, which may read any value` });
      continue;
    }
    const n = Math.min(got.length, path.length);
    if (got.slice(0, n).every((k, i) => k === path[i])) out.push({ offset: m.index, what: `.Values${got.map((k) => `.${k}`).join("")}` });
  }
  if (!template) return out;
  for (const m of text.matchAll(BY_NAME))
    out.push({ offset: m.index, what: m[0] === ".Subcharts" ? "a subchart's values" : `${m[0]} by name` });
  out.push(...wholeRootReads(text, roots ?? { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() }));
  return out.sort((a, b) => a.offset - b.offset);
}
function indexKeys(text, at2) {
  if (!/(?:^|[\s({])index\s+\$?\w*$/.test(text.slice(Math.max(0, at2 - 40), at2))) return [];
  const keys = /^\.Values((?:\s+(?:"[\w-]*"|`[\w-]*`))+)\s*(?=\)|\||-?\}\})/.exec(text.slice(at2, at2 + 400));
  return keys ? [...keys[1].matchAll(/["`]([\w-]*)["`]/g)].map((k) => k[1]) : [];
}
var MUTATES = /(?<![\w.$])(set|unset|merge|mergeOverwrite|mustMerge|mustMergeOverwrite)\b/g;
var FRESH_CALL = /^\(*\s*(?:dict|list|deepCopy|mustDeepCopy|pick|omit)\b/;
var COPY_CALL = /^\(*\s*(?:deepCopy|mustDeepCopy)\b/;
function valueMutations(text, path, roots) {
  const named = namedRoots(roots ?? { vars: /* @__PURE__ */ new Set(), keys: /* @__PURE__ */ new Set() });
  const bodies = actionBodies(text);
  const bound = variableBindings(bodies.map((b) => b.body));
  const scopes = fileScopes(bodies, roots?.world ?? EMPTY_WORLD);
  const keys = /* @__PURE__ */ new Set(["Values", ...path]);
  const out = [];
  for (const { body, start } of bodies) {
    const computed = computedTpl(body, start, () => false, scopes);
    if (computed) {
      out.push({ offset: start, what: `${computed}, which may change .Values while the chart renders` });
      continue;
    }
    const plain = blankStrings(body);
    for (const m of plain.matchAll(MUTATES)) {
      const args = leadingArgs(body, m.index + m[0].length, 2);
      const target = args[0] ?? "";
      const key = /^"((?:[^"\\]|\\.)*)"$|^`([^`]*)`$/.exec(args[1] ?? "");
      if ((m[1] === "set" || m[1] === "unset") && key && !keys.has(key[1] ?? key[2])) continue;
      if (!mayAlias(target, path, named, bound)) continue;
      out.push({ offset: start, what: `${m[1]} ${target || "of a piped dict"}, which changes .Values while the chart renders` });
      break;
    }
  }
  return out;
}
function mayAlias(target, path, named, bound) {
  if (target === "") return true;
  if (target.startsWith("(") && (target.endsWith(")") ? FRESH_CALL : COPY_CALL).test(target)) return false;
  const ref = new RegExp(`^(?:\\$|${named ? `${named}|` : ""})?\\.Values((?:\\.[A-Za-z_]\\w*)*)$`).exec(target);
  if (ref) {
    const got = ref[1] ? ref[1].slice(1).split(".") : [];
    return got.slice(0, Math.min(got.length, path.length)).every((k, i) => k === path[i]);
  }
  const v = /^\$(\w+)(\.[\w.]*)?$/.exec(target);
  if (v) {
    const self = new RegExp(`(?:^|\\|)\\s*(?:must)?[mM]erge(?:Overwrite)?\\s+\\$${v[1]}(?![\\w.])[^|]*$`);
    const exprs = (bound.get(v[1]) ?? []).filter((e) => !self.test(e));
    const fresh2 = exprs.length > 0 && exprs.every((e) => (v[2] ? COPY_CALL : FRESH_CALL).test(e));
    return !fresh2;
  }
  if (!target.startsWith("(")) return /^[.$]/.test(target) || /["`]Values["`]/.test(target);
  const inner2 = blankStrings(target);
  if (/["`]Values["`]/.test(target)) return true;
  return [...inner2.matchAll(/(?<![\w)])[.$][^\s()|,]*/g)].some((o) => mayAlias(o[0], path, named, bound));
}
function variableBindings(bodies) {
  const out = /* @__PURE__ */ new Map();
  const add = (name, expr) => out.set(name, [...out.get(name) ?? [], expr.trim()]);
  for (const body of bodies) {
    const m = /^(?:(range|with|if)\s+)?\$(\w+)\s*(?:,\s*\$(\w+)\s*)?:?=(?!=)([\s\S]*)$/.exec(body);
    if (!m) continue;
    const ranged = m[1] === "range";
    add(m[2], ranged ? "range" : m[4]);
    if (m[3]) add(m[3], "range");
  }
  return out;
}
function computedTpl(body, start, rooted, scopes) {
  const dot = scopes.dots.get(start) ?? { kind: "root" };
  for (const call of tplCalls(body, leadingArgs)) {
    const { context } = call;
    const sources = valuesSources(call.text, dot, scopes);
    if (sources && !underMutated(sources, scopes.world)) continue;
    const rest = blankStrings(context).replace(/\$?\.(?:Values|Release|Chart|Capabilities|Template)\b[\w.]*/g, "");
    if (context === "" || rooted(context) || /(?<![\w)])[.$]/.test(rest))
      return `tpl of a computed text (${call.text || "piped"}) given ${context || "a piped context"}`;
  }
  return void 0;
}
function rendersFiles(text) {
  return actionBodies(text).some((b) => /\btpl\b/.test(b.body));
}
function wholeRootReads(text, roots) {
  const out = [];
  const files = fileScopes(actionBodies(text), roots.world ?? EMPTY_WORLD);
  const scopes = [];
  const dotIsRoot = () => scopes.every((s) => s);
  const named = namedRoots(roots);
  for (const { body, start } of actionBodies(text)) {
    const head = /^(if|else|end|range|with|define|block)\b/.exec(body);
    if (head) {
      const word = head[1];
      const rest = body.slice(word.length).trim();
      if (word === "end") scopes.pop();
      else if (word === "if") scopes.push(true);
      else if (word === "define" || word === "block") scopes.push(true);
      else if (word === "range" || word === "with") {
        const expr = rest.replace(/^.*:=\s*/, "");
        const read = scopeRead(word, expr, dotIsRoot(), named);
        if (read) out.push({ offset: start, what: read });
        scopes.push(isRootExpr(expr, named));
      } else if (/^with\b/.test(rest)) {
        const read = scopeRead(
          "with",
          rest.slice(4),
          scopes.slice(0, -1).every((x) => x),
          named
        );
        if (read) out.push({ offset: start, what: read });
        scopes[scopes.length - 1] = isRootExpr(rest.slice(4), named);
      }
      continue;
    }
    const computed = computedTpl(body, start, (c) => rootOperand(c, dotIsRoot(), named) !== void 0, files);
    if (computed) {
      out.push({ offset: start, what: `${computed}, which may read any value` });
      continue;
    }
    const root = rootOperand(body, dotIsRoot(), named);
    if (root === void 0) continue;
    const printed = body.trim() === root;
    if (printed || WHOLE.test(blankStrings(body)))
      out.push({ offset: start, what: `${printed ? "printing" : "a function of"} the root context (${root})` });
  }
  return out;
}
function scopeRead(word, expr, dotIsRoot, named) {
  const root = rootOperand(expr, dotIsRoot, named);
  if (root === void 0) return void 0;
  if (word === "range") return `a range over ${expr.trim() === root ? "" : "a function of "}the root context (${root})`;
  return WHOLE.test(expr) ? `a function of the root context (${root})` : void 0;
}
function isRootExpr(expr, named) {
  const e = expr.trim();
  return e === "." || e === "$" || named !== "" && new RegExp(`^(?:${named})$`).test(e);
}
function rootOperand(body, dotIsRoot, named) {
  const alts = [dotIsRoot ? "\\." : "", "\\$", named].filter(Boolean).join("|");
  const operand = new RegExp(`(?:^|[\\s(|,])(${alts})(?=$|[\\s)|,])`);
  const plain = body.replace(/"(?:[^"\\]|\\.)*"|`[^`]*`/g, '""');
  const text = /^tpl\s+\(([^()]*)\)/.exec(plain.trim());
  let seen = text && !operand.test(text[1]) ? `tpl ""${plain.trim().slice(text[0].length)}` : body;
  if (seen !== body) seen = seen.replace(/^(tpl\s+"")\s+\((?:must)?[mM]erge(?:Overwrite)?\s+\(dict\b[^()]*\)\s+(\S+)\)\s*$/, "$1 $2");
  const m = operand.exec(seen === body ? plain : seen);
  if (!m) return void 0;
  const passes = /^(?:include|template)\s+\S+\s+(?:\.|\$\w*)\s*(?:\|.*)?$|\btpl\b|\bdict\b/.test(seen.trim());
  const outer = seen === body ? plain : seen;
  const rest = withoutIncludes(outer);
  if (rest !== outer && !operand.test(rest)) return void 0;
  let args = outer.replace(/\binclude\b|\btpl\b/g, "");
  for (let was = ""; was !== args; ) {
    was = args;
    args = args.replace(/\(([^()]*)\)/g, (g, inner2) => operand.test(inner2) ? g : "_");
  }
  if (passes && !WHOLE.test(args)) return void 0;
  return m[1];
}
function withoutIncludes(plain) {
  let out = plain;
  for (let at2 = out.search(/\((?:include|template)\s+""/); at2 >= 0; at2 = out.search(/\((?:include|template)\s+""/)) {
    let depth = 0;
    let end = at2;
    for (; end < out.length; end++) {
      if (out[end] === "(") depth++;
      else if (out[end] === ")" && --depth === 0) break;
    }
    out = `${out.slice(0, at2)}_${out.slice(end + 1)}`;
  }
  return out;
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

// src/yaml/values-texts.ts
var BINARY = "tag:yaml.org,2002:binary";
var CARRIER = /^(?:values|valuesContent|[\w.-]*values[\w.-]*\.ya?ml)$/i;
var MAX_DEPTH = 3;
function valuesTexts(text, depth = 0) {
  let docs;
  try {
    docs = parseAllDocuments(text, { uniqueKeys: false });
  } catch {
    return [];
  }
  const out = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const tagError = doc.errors.find((e) => /resolve tag/i.test(e.message));
    if (tagError) out.push({ offset: tagError.pos[0], text: "", unreadable: "a tag this run cannot resolve to a string or !!binary" });
    if (doc.errors.length) continue;
    const secret = isMap(doc.contents) && String(doc.contents.get("kind")) === "Secret" ? doc.contents.get("data", true) : void 0;
    visit(doc, {
      Scalar(_, node, path) {
        const got = decoded(text, node);
        if (!got) return;
        const offset = node.range[0];
        const parent = path.at(-1);
        const key = isPair(parent) && parent.value === node && isScalar(parent.key) ? String(parent.key.value) : void 0;
        const base64 = isMap(secret) && path.includes(secret) && parent !== void 0 && isPair(parent) && parent.value === node;
        const texts = base64 ? [got, { text: Buffer.from(got.text, "base64").toString("utf8"), how: "a Secret's base64 data" }] : [got];
        if (got.text.includes("\\") && setEntryValue(path, node))
          texts.push({ text: got.text.replace(/\\([\s\S])/g, "$1"), how: "a set value whose backslashes Helm drops" });
        for (const t of texts) {
          out.push({ offset, ...t });
          if (depth < MAX_DEPTH) out.push(...inner(t, offset, depth, base64 || key !== void 0 && CARRIER.test(key)));
        }
      }
    });
  }
  return out;
}
var SET_KEYS = /^(?:parameters|set|setString|setTemplate)$/;
function setEntryValue(path, node) {
  const keyOf = (p) => isPair(p) && isScalar(p.key) ? String(p.key.value) : void 0;
  const parent = path.at(-1);
  if (!isPair(parent) || parent.value !== node) return false;
  if (keyOf(parent) === "value" && SET_KEYS.test(keyOf(path.at(-4)) ?? "")) return true;
  return keyOf(path.at(-3)) === "set" && isMap(path.at(-2));
}
function decoded(text, node) {
  if (!node.range) return void 0;
  const v = node.value;
  if (node.tag === BINARY) {
    const s = v instanceof Uint8Array ? Buffer.from(v).toString("utf8") : Buffer.from(String(v).replace(/\s/g, ""), "base64").toString("utf8");
    return { text: s, how: "a !!binary text" };
  }
  if (typeof v !== "string") return void 0;
  const escaped = node.type === "QUOTE_DOUBLE" && text.slice(node.range[0], node.range[1]).includes("\\");
  return escaped ? { text: v, how: "a text with YAML escapes" } : { text: v };
}
function inner(t, offset, depth, carrier) {
  if (!t.text.includes(":") && !carrier) return [];
  let docs;
  try {
    docs = parseAllDocuments(t.text, { uniqueKeys: false });
  } catch {
    docs = void 0;
  }
  const list = docs === void 0 ? [] : Array.isArray(docs) ? docs : [docs];
  const broken = docs === void 0 || list.some((d) => d.errors.length > 0);
  if (broken)
    return carrier && !t.text.includes("{{") ? [{ offset, text: "", unreadable: "a values text inside a YAML string that cannot be read as YAML" }] : [];
  if (!list.some((d) => isMap(d.contents))) return [];
  const how = `a values text inside a YAML string${t.how ? ` (${t.how})` : ""}`;
  return valuesTexts(t.text, depth + 1).map((x) => ({ ...x, offset, how: x.how ? `${how}, ${x.how}` : how }));
}
var HIDES = /\\|!|%TAG|:[ \t]*[|>][-+0-9]*[ \t]*(?:#[^\n]*)?\r?\n|kind:\s*["']?Secret/;
function hiddenTexts(text) {
  if (!HIDES.test(text)) return [];
  return valuesTexts(text).filter((t) => t.how !== void 0 || t.unreadable !== void 0);
}
function valuesTextUses(text, paths, tpl, all = false, roots) {
  const texts = all && text.includes("{{") ? valuesTexts(text) : hiddenTexts(text);
  for (const t of texts) {
    if (t.unreadable) return [{ offset: t.offset, what: `${t.unreadable}, which may hold any template text` }];
    for (const path of paths) {
      const use = textUse(t.text, path, tpl, roots);
      if (use) return [{ offset: t.offset, what: t.how ? `${t.how} that decodes to ${use}` : use }];
    }
  }
  return [];
}
function textUse(t, path, tpl, roots) {
  if (valueReaders(t, path, false).length > 0) return "a read of .Values";
  if (!tpl || !t.includes("{{")) return void 0;
  const u = valueReaders(t, path, true, roots)[0] ?? valueMutations(t, path, roots)[0];
  return u && (/^\.Values[\w.]*$/.test(u.what) ? "a read of .Values" : u.what);
}
function valuesTextChange(text, full) {
  for (const t of hiddenTexts(text)) {
    if (t.unreadable) return { offset: t.offset, what: `${t.unreadable}, which may hold any template text tpl may render` };
    if (t.text.includes("{{") && valueMutations(t.text, full).length > 0)
      return { offset: t.offset, what: `${t.how} tpl may render that decodes to a change of .Values` };
  }
  return void 0;
}

// src/yaml/decoded-texts.ts
function decodedValueReaders(text, path) {
  return valuesTextUses(text, [path], false);
}
function valuesTextMutation(text, full) {
  const m = valueMutations(text, full)[0];
  if (m) return { offset: m.offset, what: `a values text tpl may render: ${m.what}` };
  return valuesTextChange(text, full);
}

// src/yaml/set-values.ts
var FLAG = /(["']?)(?<![\w-])--(?:helm-)?set(-string|-file|-json|-literal)?\1(?=[=\s\\,])/g;
var ARGO_LINE = /^.*\bargocd[ \t].*$/gm;
var ARGO_FLAG = /[ \t](-p|--parameter)(?=[=\s])/g;
function setValues(text, makefile) {
  const out = [];
  const flags = [...text.matchAll(FLAG)].map((m) => ({ at: m.index + m[1].length, end: m.index + m[0].length, kind: m[2] ?? "" }));
  for (const line of text.matchAll(ARGO_LINE))
    if (/\bapp[ \t]+(?:set|create)\b/.test(line[0]))
      for (const m of line[0].matchAll(ARGO_FLAG))
        flags.push({ at: line.index + m.index + 1, end: line.index + m.index + m[0].length, kind: "" });
  for (const f of flags) {
    let i = f.end;
    if (text[i] === "=") i++;
    else
      while (i < text.length && /^(?:[ \t,]|\\\r?\n)/.test(text.slice(i, i + 3))) i += text[i] === "\\" ? text[i + 1] === "\r" ? 3 : 2 : 1;
    const word = shellWord(text, i, makefile);
    const eq = word.text.indexOf("=");
    const kind = f.kind;
    const whole = eq < 0 || kind === "-json" && /^\s*[{[]/.test(word.text);
    out.push({
      offset: f.at,
      flag: `--set${kind}`,
      text: helmValue(whole ? word.text : word.text.slice(eq + 1), kind),
      computed: word.computed,
      keys: whole ? [] : pairKeys(word, kind)
    });
  }
  return out;
}
var PLAIN_KEY2 = /^(?:[\w.-]|\[\d+\])+$/;
function pairKeys(word, kind) {
  const out = [];
  const more = kind === "" || kind === "-string" || kind === "-file";
  for (let start = 0; start <= word.text.length; ) {
    const eq = word.text.indexOf("=", start);
    if (eq < 0) break;
    const key = word.text.slice(start, eq);
    const odd = word.odd.slice(start + 1, eq).some((o) => o > 0) || word.odd[start] === 2;
    out.push({ text: key, odd: odd || !PLAIN_KEY2.test(key) });
    if (!more) break;
    const comma = /(?<!\\),/g;
    comma.lastIndex = eq;
    const c = comma.exec(word.text);
    if (!c) break;
    start = c.index + 1;
  }
  return out;
}
function setKeyMayReach(key, path) {
  if (!PLAIN_KEY2.test(key)) {
    const head = /^([\w-]+)[.[]/.exec(key);
    return head === null || head[1] === path[0];
  }
  const keys = key.split(".").map((k) => k.includes("[") ? k.slice(0, k.indexOf("[")) : k);
  const n = Math.min(keys.length, path.length);
  return keys.slice(0, n).every((k, i) => k === path[i]);
}
function helmValue(raw, kind) {
  if (kind === "-literal") return raw;
  if (kind === "-json") {
    try {
      return strings(JSON.parse(raw)).join("\n");
    } catch {
      return raw;
    }
  }
  return raw.replace(/\\([\s\S])/g, "$1");
}
function strings(v) {
  if (typeof v === "string") return [v];
  if (Array.isArray(v)) return v.flatMap(strings);
  if (v !== null && typeof v === "object") return Object.entries(v).flatMap(([k, x]) => [k, ...strings(x)]);
  return [];
}
function shellWord(text, at2, makefile) {
  let out = "";
  const odd = [];
  let computed = false;
  let quote;
  let toggled = false;
  const put = (c, esc = false) => {
    out += c;
    for (let k = 0; k < c.length; k++) odd.push(esc ? 2 : toggled && out.length > c.length ? 1 : 0);
    toggled = false;
  };
  const turn = (q) => {
    quote = q;
    toggled = true;
  };
  const name = (c) => c !== void 0 && /[\w{(@*#?!$-]/.test(c);
  for (let i = at2; i < text.length; i++) {
    const c = text[i];
    if (makefile && c === "$") {
      const shell = text[i + 1] === "$";
      if (shell) i++;
      if (shell ? quote !== "'" && name(text[i + 1]) && text[i + 1] !== "$" : name(text[i + 1])) computed = true;
      if (shell) put("$");
      continue;
    }
    if (quote === "'" || quote === "$'") {
      if (c === "'") turn(void 0);
      else if (quote === "$'" && c === "\\") put(text.slice(i, (i += 1) + 1), true);
      else put(c, quote === "$'");
    } else if (quote === '"') {
      if (c === '"') turn(void 0);
      else if (c === "\\" && /[$`"\\\n]/.test(text[i + 1] ?? "")) put(text[++i] === "\n" ? "" : text[i], true);
      else {
        if (c === "$" && name(text[i + 1]) || c === "`") computed = true;
        put(c);
      }
    } else if (/[\s;&|)<>]/.test(c)) break;
    else if (c === "'" || c === '"') turn(c);
    else if (c === "$" && text[i + 1] === "'") {
      computed = true;
      turn("$'");
      i++;
    } else if (c === "\\") {
      if (text[i + 1] !== "\n") put(text[i + 1] ?? "", true);
      i++;
    } else {
      if (c === "$" && name(text[i + 1]) || c === "`") computed = true;
      put(c);
    }
  }
  return { text: out, computed, odd };
}

// src/yaml/release-values.ts
function releaseSettings(text, path) {
  const counter = new LineCounter();
  const docs = parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false, lineCounter: counter });
  if (!Array.isArray(docs)) return [];
  const at2 = (node, how) => {
    const pos = counter.linePos(node?.range?.[0] ?? 0);
    return { line: pos.line, column: pos.col, how };
  };
  const out = [];
  for (const doc of docs) {
    if (doc.errors.length || !isMap(doc.contents)) continue;
    const root = doc.contents;
    const objects = scalarText(root.get("kind", true)) === "List" ? seqMaps(root.get("items", true)) : [root];
    for (const o of objects) out.push(...objectSettings(o, path, at2));
  }
  return out;
}
function objectSettings(root, path, at2) {
  const out = [];
  for (const release of seqMaps(root.get("releases", true))) {
    for (const key of ["values", "valuesTemplate"]) {
      const values = release.get(key, true);
      for (const v of isSeq(values) ? values.items : [])
        if (isMap(v) && settingIn(v, path, at2)) out.push(at2(v, `a helmfile release's inline ${key}`));
    }
    for (const key of ["set", "setString", "setTemplate"])
      for (const s of seqMaps(release.get(key, true)))
        if (nameSets(s.get("name", true), path)) out.push(at2(s, `a helmfile release's ${key} entry`));
  }
  for (const chart of seqMaps(root.get("helmCharts", true))) {
    const inline = chart.get("valuesInline", true);
    if (inline && settingIn(inline, path, at2)) out.push(at2(inline, `a kustomization's helmCharts valuesInline`));
  }
  const fleet = [root.get("helm", true), ...seqMaps(root.get("targetCustomizations", true)).map((t) => t.get("helm", true))];
  for (const helm of fleet) {
    const values = isMap(helm) ? helm.get("values", true) : void 0;
    if (values && settingIn(values, path, at2)) out.push(at2(values, `a Fleet fleet.yaml helm.values`));
    for (const from of seqMaps(isMap(helm) ? helm.get("valuesFrom", true) : void 0))
      out.push(at2(from, `a Fleet fleet.yaml helm.valuesFrom entry, whose values this run does not read`));
  }
  const kind = scalarText(root.get("kind", true));
  if (kind === "HelmRelease") out.push(...fluxSettings(root, path, at2));
  else if (kind === "HelmChart") out.push(...k3sSettings(root, path, at2));
  else if (kind === "ConfigMap" || kind === "Secret") out.push(...dataSettings(root, kind, path, at2));
  else if (kind === "Application" || kind === "ApplicationSet") {
    const patch = root.getIn(["spec", "templatePatch"], true);
    if (kind === "ApplicationSet" && patch)
      out.push(at2(patch, `an Argo CD ApplicationSet templatePatch, a template this run cannot read`));
    for (const helm of helmBlocks(root)) out.push(...argoSettings(helm, path, at2, kind === "ApplicationSet"));
  }
  return out;
}
function fluxSettings(root, path, at2) {
  const out = [];
  const values = root.getIn(["spec", "values"], true);
  if (values && settingIn(values, path, at2)) out.push(at2(values, `a Flux HelmRelease's spec.values`));
  for (const from of seqMaps(root.getIn(["spec", "valuesFrom"], true))) {
    const target = from.get("targetPath", true);
    if (target === void 0 || nameSets(target, path))
      out.push(at2(from, `a Flux HelmRelease's spec.valuesFrom entry, whose values this run does not read`));
  }
  return out;
}
function fluxValuesFrom(text) {
  if (!text.includes("valuesFrom")) return [];
  const out = [];
  for (const doc of parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false })) {
    if (!isMap(doc.contents)) continue;
    for (const from of seqMaps(doc.contents.getIn(["spec", "valuesFrom"], true)))
      out.push({
        kind: scalarText(from.get("kind", true)) ?? "",
        name: scalarText(from.get("name", true)) ?? "",
        offset: from.range?.[0] ?? 0
      });
  }
  return out;
}
function k3sSettings(root, path, at2) {
  const out = [];
  const set = root.getIn(["spec", "set"], true);
  if (isMap(set)) {
    for (const p of set.items) if (nameSets(p.key, path)) out.push(at2(p.key, `a k3s HelmChart's spec.set entry`));
  }
  out.push(...textSettings(root.getIn(["spec", "valuesContent"], true), path, at2, `a k3s HelmChart's spec.valuesContent`));
  for (const secret of seqMaps(root.getIn(["spec", "valuesSecrets"], true)))
    out.push(at2(secret, `a k3s HelmChart's spec.valuesSecrets entry, whose values this run does not read`));
  return out;
}
function dataSettings(root, kind, path, at2) {
  const out = [];
  for (const key of ["data", "stringData"]) {
    const data = root.get(key, true);
    if (!isMap(data)) continue;
    const base64 = kind === "Secret" && key === "data";
    for (const p of data.items) {
      if (!isScalar(p.value) || typeof p.value.value !== "string") continue;
      const text = base64 ? Buffer.from(p.value.value, "base64").toString("utf8") : p.value.value;
      if (!text.includes(path[0])) continue;
      const s = valueSetting(text, path);
      if (s && s !== "unreadable")
        out.push(at2(p.value, `a ${kind}'s ${key}.${String(scalarText(p.key))} (values a Flux HelmRelease may take): ${s.how}`));
    }
  }
  return out;
}
function textSettings(node, path, at2, what) {
  if (!isScalar(node) || typeof node.value !== "string") return [];
  const s = node.value.includes("{{") ? "unreadable" : valueSetting(node.value, path);
  if (s === "unreadable") return [at2(node, `${what} that cannot be read as YAML`)];
  return s ? [at2(node, `${what}: ${s.how}`)] : [];
}
function helmBlocks(root) {
  const specs = [root.getIn(["spec"], true), root.getIn(["spec", "template", "spec"], true)].filter((n) => isMap(n));
  const sources = specs.flatMap((s) => [s.get("source", true), ...seqMaps(s.get("sources", true))]);
  return sources.flatMap((s) => isMap(s) ? [s.get("helm", true)] : []).filter((n) => isMap(n));
}
function argoSettings(helm, path, at2, generated) {
  const out = [];
  if (generated && JSON.stringify(helm.toJSON()).includes("{{"))
    return [at2(helm, `an Argo CD ApplicationSet helm block holding generator parameters, which may set anything`)];
  const values = helm.get("values", true);
  if (isScalar(values) && typeof values.value === "string") out.push(...textSettings(values, path, at2, `an Argo CD helm.values`));
  else if (values && settingIn(values, path, at2)) out.push(at2(values, `an Argo CD helm.values`));
  const object = helm.get("valuesObject", true);
  if (object && settingIn(object, path, at2)) out.push(at2(object, `an Argo CD helm.valuesObject`));
  for (const key of ["parameters", "fileParameters"])
    for (const p of seqMaps(helm.get(key, true))) if (nameSets(p.get("name", true), path)) out.push(at2(p, `an Argo CD helm.${key} entry`));
  return out;
}
function nameSets(node, path) {
  const name = scalarText(node);
  return name === void 0 || name.includes("{{") || setKeyMayReach(name, path);
}
function seqMaps(node) {
  return isSeq(node) ? node.items.filter(isMap) : [];
}
function scalarText(node) {
  return isScalar(node) && typeof node.value === "string" ? node.value : void 0;
}

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
function handedTexts(file, text, root) {
  if (!/fileParameters|Generator/.test(text)) return [];
  const counter = new LineCounter();
  const docs = parseAllDocuments(text, { schema: "failsafe", uniqueKeys: false, lineCounter: counter });
  if (!Array.isArray(docs)) return [];
  const out = [];
  for (const doc of docs) {
    if (doc.errors.length || !isMap(doc.contents)) continue;
    const o = doc.contents;
    for (const source of argoSources(o)) {
      const path = str(source.get("path", true));
      const chart = path === void 0 ? void 0 : join(root, path);
      const helm = source.get("helm", true);
      for (const p of maps(isMap(helm) ? helm.get("fileParameters", true) : void 0)) {
        const named = str(p.get("path", true));
        const to = named?.startsWith("$") ? join(root, named.replace(/^\$[^/]*\/?/, "")) : named !== void 0 && chart ? join(chart, named) : void 0;
        if (to !== void 0) out.push({ ...at(p, to, chart, counter), whole: true });
      }
    }
    for (const key of ["configMapGenerator", "secretGenerator"])
      for (const g of maps(o.get(key, true))) {
        const files = g.get("files", true);
        for (const v of isSeq(files) ? files.items : [])
          if (isScalar(v) && typeof v.value === "string")
            out.push({ ...at(v, join(dirname(file), v.value.slice(v.value.indexOf("=") + 1)), void 0, counter), whole: false });
      }
  }
  return out;
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

// src/files/helm/repo-values.ts
function outsideOtherCharts(files, chartDirs, renderers) {
  const dirs = new Set(chartDirs.map(realOrSelf));
  return files.filter((f) => otherChartsFile(realOrSelf(f), dirs, renderers) === void 0);
}
function otherChartsFile(real, charts, renderers) {
  if (!/\.(?:ya?ml|json)$/i.test(real)) return void 0;
  let near;
  for (let d = dirname2(real); d !== dirname2(d) && near === void 0; d = dirname2(d)) if (charts.has(d)) near = d;
  if (near === void 0 || renderers.has(near) || [...renderers].some((r) => isInside(r, near))) return void 0;
  return isInside(real, join2(near, "templates")) || isInside(real, join2(near, "charts")) ? "templates" : "values";
}
function repoSetting(files, path, readText) {
  for (const file of files) {
    const s = settingsOf(readText(file), path, file)[0];
    if (s && "unreadable" in s) return { file, line: s.line, column: s.column, how: `: ${s.unreadable}, so it may set` };
    if (s) return { file, line: s.line, column: s.column, how: s.plain ? " sets" : ` (${s.how}) sets` };
  }
  return void 0;
}
function looseValuesName(name) {
  const base = basename(name);
  return !/\.(?:ya?ml|json|gotmpl)$/i.test(base) && (/values/i.test(base) || /\.(?:ya?ml|json)\.[^.\\/]+$/i.test(base));
}
function settingsOf(text, path, file) {
  if (file !== void 0 && text.includes("{{") && (/\.gotmpl$/i.test(file) && !DOCS_TEMPLATE.test(file) || HELMFILE.test(file)))
    return [{ doc: text, line: 1, column: 1, unreadable: "a helmfile template, whose values helmfile renders and this run cannot read" }];
  const out = [];
  const deployer = DEPLOYER.test(text);
  if (!text.includes(path[0]) && !/\\|![!<\w]/.test(text)) return deployer ? releaseOnly(text, path) : [];
  for (const doc of documents(text)) {
    const s = valueSetting(doc, path);
    if (s === "unreadable" && (/\{\{/.test(doc) || file !== void 0 && looseValuesName(file))) continue;
    if (s === "unreadable") {
      const why = valuesFileProblem(doc);
      out.push({ doc, line: why?.line ?? 1, column: why?.column ?? 1, unreadable: why?.how ?? "it cannot be read" });
    } else if (s && s.how !== "it sets .Values to a non-mapping")
      out.push({ doc, line: s.line, column: s.column, how: s.how, plain: s.how === `it sets .Values.${path.join(".")}` });
  }
  out.push(...releaseOnly(text, path));
  return out;
}
var DEPLOYER = /ApplicationSet|templatePatch|valuesFrom|valuesSecrets|kind:\s*["']?Secret/;
function releaseOnly(text, path) {
  return releaseSettings(text, path).map((r) => ({ doc: text, line: r.line, column: r.column, how: r.how, plain: false }));
}
var DOCS_TEMPLATE = /(?:^|[\\/])README[^\\/]*\.gotmpl$|\.(?:md|markdown|mdx|rst|adoc|txt|html)\.gotmpl$/i;
var HELMFILE = /(?:^|[\\/])(?:helmfile\.ya?ml|helmfile\.d[\\/][^\\/]+)$/i;
function setsInAnyDocument(text, full) {
  if (valuesFileProblem(text)?.how.startsWith("a second YAML document") !== true) return true;
  return documents(text).some((doc) => {
    const s = valueSetting(doc, full);
    return s === "unreadable" || s !== void 0 && s.how !== "it sets .Values to a non-mapping";
  });
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
  const link = (f) => lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink() === true;
  return files.find(
    (f) => f !== valuesFile && link(f) && realFile(f) === target && !(basename(f) === "values.yaml" && proved.has(realOrSelf(dirname2(f))))
  );
}
function repoTemplateText(files, paths, charts = [], scripts = []) {
  const tpl = charts.some(chartCallsTpl);
  for (const file of withTexts(files, scripts)) {
    const text = readFile(file);
    for (const path of paths) {
      const u = text.includes("{{") ? valueReaders(text, path, false)[0] : void 0;
      if (u) return { file, offset: u.offset };
    }
    const d = valuesTextUses(text, paths, tpl, tpl)[0];
    if (d) return { file, offset: d.offset, ...d.what === "a read of .Values" ? {} : { what: d.what } };
  }
  return (tpl ? unseenValuesFrom(files) ?? handedUse(scripts, (t) => paths.map((p) => textUse(t, p, tpl)).find(Boolean)) : void 0) ?? scriptTemplateText(scripts, paths, tpl);
}
function handedFiles(all) {
  const out = [];
  for (const by of all) {
    if (DOCUMENT.test(by)) continue;
    const text = readFile(by);
    if (/\.(?:ya?ml|json)$/i.test(by) && /releases|valueFiles|valuesFiles|helmCharts|fileParameters|Generator/.test(text)) {
      const root = repositoryOf(dirname2(by)) ?? dirname2(by);
      const offset = (h) => text.split("\n").slice(0, h.line - 1).join("\n").length + h.column;
      for (const h of [...handedValues(by, text, root).map((h2) => ({ ...h2, whole: false })), ...handedTexts(by, text, root)])
        out.push(
          existsSync(h.file) ? { file: h.file, whole: h.whole, by, offset: offset(h) - 1 } : { file: h.file, whole: h.whole, by, offset: offset(h) - 1, missing: h.file }
        );
    }
    if (!/\bhelm/.test(text)) continue;
    for (const m of text.matchAll(/^.*\bhelm(?:file)?\b.*$/gm))
      for (const f of m[0].matchAll(/(?<=[ \t])(?:-f|--values)(?:[ \t]+|=)(["']?)([^\s"';|&]+)\1/g)) {
        const name = f[2];
        const found = /[$`*?]/.test(name) ? void 0 : [dirname2(by), ...ancestors(dirname2(by))].map((d) => join2(d, name)).find((x) => existsSync(x));
        out.push({ file: found ?? name, whole: false, by, offset: m.index + f.index, ...found ? {} : { missing: name } });
      }
  }
  return out;
}
function withHanded(files, worlds) {
  const handed = handedFiles(worlds.flatMap((w) => w.allFiles)).filter(
    (h) => !h.whole && h.missing === void 0 && !/\.(?:ya?ml|json)$/i.test(h.file)
  );
  return [.../* @__PURE__ */ new Set([...files, ...handed.map((h) => h.file)])];
}
function withTexts(files, all) {
  return [.../* @__PURE__ */ new Set([...files, ...handedFiles(all).flatMap((h) => h.whole || h.missing !== void 0 ? [] : [h.file])])];
}
function handedUse(all, judge) {
  for (const h of handedFiles(all)) {
    if (h.missing !== void 0)
      return {
        file: h.by,
        offset: h.offset,
        what: `values from ${h.missing}, a file this run cannot find, which may hold any template text`
      };
    const use = h.whole ? judge(readFile(h.file)) : void 0;
    if (use)
      return {
        file: h.by,
        offset: h.offset,
        what: `a file handed as a value (${relative(dirname2(h.by), h.file)}) whose text decodes to ${use}`
      };
  }
  return void 0;
}
function unseenValuesFrom(files) {
  for (const file of files) {
    for (const f of fluxValuesFrom(readFile(file))) {
      const named = new RegExp(`^[ \\t-]*name:[ \\t]*["']?${f.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}["']?[ \\t]*(?:#.*)?$`, "m");
      const kind = new RegExp(
        `kind:[ \\t]*["']?${f.kind === "Secret" ? "Secret" : "ConfigMap"}\\b|${f.kind === "Secret" ? "secret" : "configMap"}Generator`
      );
      const seen = f.name !== "" && files.some((o) => o !== file && kind.test(readFile(o)) && named.test(readFile(o)));
      if (!seen)
        return {
          file,
          offset: f.offset,
          what: `a Flux valuesFrom ${f.kind || "entry"} ${f.name} this run cannot find, which may hold any template text`
        };
    }
  }
  return void 0;
}
function scriptTemplateText(files, paths, tpl, judge = (t, path) => textUse(t, path, tpl)) {
  for (const file of files) {
    const text = readFile(file);
    if (!text.includes("-set") && !text.includes("argocd")) continue;
    const makefile = /(?:^|[\\/])(?:GNUmakefile|[Mm]akefile|[^\\/]*\.mk)$/.test(file);
    for (const s of setValues(text, makefile)) {
      const what = setValueUse(file, s, paths, tpl, judge);
      if (what) return { file, offset: s.offset, what: `${s.flag} ${what}` };
    }
  }
  return void 0;
}
function repoTextChange(files, worlds, path, renderers) {
  if (!renderers.some((r) => chartCallsTpl(r.meta.dir))) return void 0;
  const paths = [path, ...renderers.map((r) => [...r.prefix, ...path])];
  const scripts = worlds.flatMap((w) => w.allFiles);
  for (const file of withTexts(files, scripts)) {
    const text = readFile(file);
    for (const path2 of paths) {
      const m = valuesTextMutation(text, path2);
      if (m) return { file, ...m };
    }
  }
  const unseen = unseenValuesFrom(files) ?? handedUse(scripts, (t) => paths.map((p) => t.includes("{{") ? valueMutations(t, p)[0]?.what : void 0).find(Boolean));
  if (unseen) return unseen;
  return scriptTemplateText(scripts, paths, true, (t, path2) => {
    const m = t.includes("{{") ? valueMutations(t, path2)[0] : void 0;
    return m && `a values text tpl may render: ${m.what}`;
  });
}
function scriptSetKey(files, paths) {
  for (const file of files) {
    if (DOCUMENT.test(file)) continue;
    const text = readFile(file);
    if (!text.includes("-set") && !text.includes("argocd")) continue;
    const makefile = /(?:^|[\\/])(?:GNUmakefile|[Mm]akefile|[^\\/]*\.mk)$/.test(file);
    for (const s of setValues(text, makefile))
      for (const k of s.keys)
        if (k.odd && paths.some((p) => setKeyMayReach(k.text, p))) return { file, offset: s.offset, flag: s.flag, key: k.text };
  }
  return void 0;
}
function setValueUse(file, s, paths, tpl, judge) {
  if (s.computed && tpl && !DOCUMENT.test(file)) return "of a value the shell computes, which may hold any template text";
  let text = s.text;
  if (s.flag.endsWith("-file")) {
    const found = [dirname2(file), ...ancestors(dirname2(file))].map((d) => join2(d, s.text)).find((f) => existsSync(f));
    if (found === void 0) return tpl ? `of ${s.text}, a file this run cannot find, which may hold any template text` : void 0;
    text = readFile(found);
  }
  for (const path of paths) {
    const use = judge(text, path);
    if (use) return `of a text that decodes to ${use}`;
  }
  return void 0;
}
var DOCUMENT = /\.(?:md|markdown|mdx|rst|adoc|txt|html?)$/i;
function ancestors(dir) {
  const out = [];
  for (let d = dirname2(dir); d !== dirname2(d) && out.length < 16; d = dirname2(d)) out.push(d);
  return out;
}
function chartCallsTpl(dir) {
  return [...filesUnder(join2(dir, "templates")), ...filesUnder(join2(dir, "charts")).filter((f) => !f.endsWith(".tgz"))].some(
    (f) => rendersFiles(readFile(f))
  );
}
function readFile(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export {
  rootNames,
  valueReaders,
  valueMutations,
  rendersFiles,
  decodedValueReaders,
  valuesTextMutation,
  handedValues,
  outsideOtherCharts,
  otherChartsFile,
  repoSetting,
  looseValuesName,
  settingsOf,
  DOCS_TEMPLATE,
  setsInAnyDocument,
  linkToValues,
  repoTemplateText,
  handedFiles,
  withHanded,
  repoTextChange,
  scriptSetKey,
  chartCallsTpl
};
