import {
  KUSTOMIZATION_NAMES
} from "./chunk-6EUXSE54.js";
import {
  locateFindings,
  splice
} from "./chunk-AFELPXYQ.js";
import {
  convertSegment,
  kindNamed,
  locateObjects,
  scalarRef,
  stepsBetween,
  trafficSplit,
  weightsOf
} from "./chunk-PZ2TWOVJ.js";
import "./chunk-ZBD47F5S.js";
import {
  floorFor
} from "./chunk-ALLG6UW3.js";
import {
  isIntegerLiteral,
  neededWeightScale,
  weightRule
} from "./chunk-FQDQQVM3.js";
import "./chunk-TP7DFXLP.js";
import "./chunk-X3GTPCZH.js";
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./chunk-F3WZPMDD.js";
import {
  parseDocuments
} from "./chunk-FRO4XOVE.js";
import {
  require_dist
} from "./chunk-S7MRHGHA.js";
import {
  __toESM
} from "./chunk-7VZ5H7B6.js";

// src/kustomize/kustomization.ts
var import_yaml = __toESM(require_dist(), 1);
import { dirname, resolve } from "node:path";
function isRemote(p) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(p) || p.startsWith("git@") || p.includes("?ref=") || p.includes("?version=") || /^(github\.com|gitlab\.com|bitbucket\.org)\//i.test(p);
}
function readKustomization(file, text) {
  const doc = (0, import_yaml.parseDocument)(text, { schema: "failsafe" });
  if (doc.errors.length || !(0, import_yaml.isMap)(doc.contents)) return void 0;
  const root = doc.contents;
  const dir = dirname(file);
  const references = [];
  const children = [];
  const remote = [];
  for (const field of ["resources", "bases", "components"]) {
    for (const s of strings(root, field)) {
      if (s.value.includes("\n")) continue;
      if (isRemote(s.value)) remote.push({ url: s.value, offset: s.offset });
      else {
        references.push(resolve(dir, s.value));
        children.push({ path: resolve(dir, s.value), field });
      }
    }
  }
  const patches = [];
  for (const field of ["patches", "patchesJson6902"]) {
    const list = root.get(field, true);
    if (!(0, import_yaml.isSeq)(list)) continue;
    for (const item of list.items) {
      if (!(0, import_yaml.isMap)(item)) continue;
      const entry = { field, offset: item.range?.[0] ?? 0 };
      const get = (key) => deref(doc, item.get(key, true));
      const path = get("path");
      if ((0, import_yaml.isScalar)(path) && typeof path.value === "string") {
        entry.file = resolve(dir, path.value);
        references.push(entry.file);
      }
      const patch = get("patch");
      if ((0, import_yaml.isScalar)(patch) && typeof patch.value === "string") entry.inline = patch;
      const target = get("target");
      if ((0, import_yaml.isMap)(target)) entry.target = readTarget(target, doc);
      patches.push(entry);
    }
  }
  const psm = root.get("patchesStrategicMerge", true);
  if ((0, import_yaml.isSeq)(psm)) {
    for (const item of psm.items) {
      if ((0, import_yaml.isScalar)(item) && typeof item.value === "string") {
        const offset = item.range?.[0] ?? 0;
        if (item.value.includes("\n")) patches.push({ field: "patchesStrategicMerge", offset, inline: item });
        else {
          const f = resolve(dir, item.value);
          references.push(f);
          patches.push({ field: "patchesStrategicMerge", offset, file: f });
        }
      }
    }
  }
  const hazards = [];
  for (const field of HAZARDS) {
    const value = root.get(field, true);
    if (value === void 0 || value === null) continue;
    const offset = root.items.find((p) => (0, import_yaml.isScalar)(p.key) && p.key.value === field)?.key;
    const at = ((0, import_yaml.isScalar)(offset) && offset.range ? offset.range[0] : value.range?.[0]) ?? 0;
    if ((0, import_yaml.isSeq)(value)) {
      for (const item of value.items) {
        const node = item;
        const where = node?.range?.[0] ?? at;
        if ((0, import_yaml.isScalar)(node) && typeof node.value === "string")
          hazards.push({ field, offset: where, file: isRemote(node.value) ? void 0 : resolve(dir, node.value), node, named: node.value });
        else if ((0, import_yaml.isMap)(node) && (0, import_yaml.isScalar)(node.get("path", true)) && !node.has("source")) {
          hazards.push({ field, offset: where, file: resolve(dir, String(node.get("path"))), named: String(node.get("path")) });
        } else hazards.push({ field, offset: where, node });
      }
    } else if ((0, import_yaml.isMap)(value) && field === "openapi") {
      const path = value.get("path");
      if (typeof path === "string") hazards.push({ field, offset: at, file: resolve(dir, path), named: path });
    } else hazards.push({ field, offset: at, node: value });
  }
  return {
    file,
    text,
    doc,
    references,
    children,
    remote,
    patches,
    hazards,
    namePrefix: scalarString(root, "namePrefix"),
    nameSuffix: scalarString(root, "nameSuffix")
  };
}
var HAZARDS = [
  "replacements",
  "transformers",
  "generators",
  "configurations",
  "openapi",
  "crds",
  "helmCharts",
  "helmChartInflationGenerator"
];
function targetsTrafficSplit(t) {
  if (!t) return false;
  const group = t.group ? String(t.group.value) : void 0;
  if (group !== void 0 && group !== SMI_SPLIT_GROUP) return false;
  if (t.kind !== void 0 && t.kind !== "TrafficSplit") return false;
  return group !== void 0 || t.kind === "TrafficSplit";
}
function readTarget(map, doc) {
  const t = { offset: map.range?.[0] };
  const get = (k) => deref(doc, map.get(k, true));
  const name = get("name");
  if ((0, import_yaml.isScalar)(name) && typeof name.value === "string" && name.value !== "") {
    t.name = name.value;
    t.offset = name.range?.[0] ?? t.offset;
  }
  const kind = get("kind");
  if ((0, import_yaml.isScalar)(kind) && typeof kind.value === "string" && kind.value !== "") t.kind = kind.value;
  const group = get("group");
  if ((0, import_yaml.isScalar)(group) && String(group.value) !== "") t.group = group;
  const version = get("version");
  if ((0, import_yaml.isScalar)(version) && String(version.value) !== "") t.version = version;
  return t;
}
function inlineOffsets(k, inline) {
  return inline.type === "BLOCK_LITERAL" && inline.range ? literalLines(k.text, inline.range[0], inline.range[1]) : void 0;
}
function literalLines(text, start, end) {
  const firstLine = text.indexOf("\n", start) + 1;
  if (firstLine <= 0 || firstLine >= end) return void 0;
  const starts = [];
  for (let s = firstLine; s < end; s = text.indexOf("\n", s) + 1 || end) starts.push(s);
  const indents = starts.map((s) => /^ */.exec(text.slice(s, text.indexOf("\n", s) < 0 ? end : text.indexOf("\n", s)))[0].length);
  const content = starts.findIndex((s, i) => text.slice(s + indents[i], text.indexOf("\n", s)).trim() !== "");
  if (content < 0) return void 0;
  const indent = indents[content];
  return (offset) => {
    let line = 0;
    let pos = 0;
    while (line < starts.length - 1) {
      const nl = text.indexOf("\n", starts[line]);
      const lineEnd = nl > 0 && text[nl - 1] === "\r" ? nl - 1 : nl;
      const len = Math.max(0, lineEnd - starts[line] - indent);
      if (offset <= pos + len) break;
      pos += len + 1;
      line++;
    }
    return starts[line] + indent + (offset - pos);
  };
}
function deref(doc, node) {
  return (0, import_yaml.isAlias)(node) ? node.resolve(doc) : node;
}
function scalarString(root, field) {
  const v = root.get(field, true);
  return (0, import_yaml.isScalar)(v) && typeof v.value === "string" ? v.value : "";
}
function strings(root, field) {
  const list = root.get(field, true);
  if (!(0, import_yaml.isSeq)(list)) return [];
  return list.items.flatMap((i) => (0, import_yaml.isScalar)(i) && typeof i.value === "string" ? [{ value: i.value, offset: i.range?.[0] ?? 0 }] : []);
}

// src/kustomize/json6902.ts
var import_yaml2 = __toESM(require_dist(), 1);
var BACKENDS = /^\/spec(?:\/backends(?:\/(?:\d+|-)(?:\/weight)?)?)?$/;
var WRITES = /* @__PURE__ */ new Set(["add", "replace", "test"]);
function readOpWeights(text) {
  return readOps(text)?.weights;
}
function readOps(text) {
  const doc = (0, import_yaml2.parseDocument)(text, { schema: "failsafe" });
  if (doc.errors.length || !(0, import_yaml2.isSeq)(doc.contents)) return void 0;
  const weights = [];
  const problems = [];
  for (const op of doc.contents.items) {
    if (!(0, import_yaml2.isMap)(op)) return void 0;
    const kind = op.get("op");
    const path = op.get("path");
    if (typeof kind !== "string" || typeof path !== "string") return void 0;
    const at = op.get("path", true)?.range?.[0] ?? op.range?.[0] ?? 0;
    const metadata = op.get("value", true);
    if (kind !== "remove" && kind !== "test" && (["/metadata/name", "/apiVersion", "/kind"].includes(path) || path === "/metadata" && (0, import_yaml2.isMap)(metadata) && metadata.has("name"))) {
      problems.push({
        offset: at,
        message: `JSON 6902 ${kind} ${path} renames the object or changes its kind or version; convert it by hand`
      });
      continue;
    }
    const intoWeights = BACKENDS.test(path) || path === "" || path === "/";
    if (!intoWeights) continue;
    if (kind === "copy" || kind === "move") {
      const from = op.get("from");
      if (typeof from !== "string" || !/^\/spec\/backends(\/|$)/.test(from)) {
        problems.push({
          offset: at,
          message: `JSON 6902 ${kind} into ${path} from ${String(from)}: the value it copies is not converted here; convert it by hand`
        });
      }
      continue;
    }
    if (!WRITES.has(kind)) continue;
    if (path === "" || path === "/") {
      problems.push({
        offset: at,
        message: `JSON 6902 ${kind} of the whole object: its apiVersion and weights are not converted here; convert it by hand`
      });
      continue;
    }
    const value = op.get("value", true);
    const bad = (what) => problems.push({ offset: value?.range?.[0] ?? at, message: `JSON 6902 ${kind} ${path}: ${what}; convert it by hand` });
    const add = (n) => {
      if (n === void 0 || n === null) return;
      if ((0, import_yaml2.isScalar)(n) && n.range) weights.push({ scalar: scalarRef(n, text), path, ...n.tag ? { tag: n.tag } : {} });
      else bad("a weight that is not a scalar");
    };
    const backend = (b) => {
      if ((0, import_yaml2.isMap)(b)) add(b.get("weight", true));
      else bad("a backend that is not a mapping");
    };
    const backends = (list) => {
      if (list === void 0 || list === null) return;
      if ((0, import_yaml2.isSeq)(list)) for (const b of list.items) backend(b);
      else bad("backends that are not a list");
    };
    if (path.endsWith("/weight")) add(value);
    else if (path === "/spec") {
      if ((0, import_yaml2.isMap)(value)) backends(value.get("backends", true));
      else bad("a spec that is not a mapping");
    } else if (path === "/spec/backends") backends(value);
    else backend(value);
  }
  return { weights, problems };
}
var input = (w) => ({ yaml: { ...w.scalar, tag: w.tag } });
function weightError(w, e) {
  return {
    severity: "error",
    code: "invalid-weight",
    offset: w.scalar.start,
    message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${e.reason}`
  };
}
function opsScale(weights) {
  return neededWeightScale(weights.map(input));
}
function opEdits(weights, floor, target) {
  const rule = weightRule(weights.map(input), { floor });
  if (!rule.ok) return { edits: [], findings: rule.errors.map((e) => weightError(weights[e.index], e)) };
  const edits = [];
  const findings = [];
  for (const [i, w] of weights.entries()) {
    const text = rule.weights[i].toString();
    if (text === w.scalar.raw) continue;
    edits.push({ start: w.scalar.start, end: w.scalar.end, text });
    findings.push({
      severity: "info",
      code: "patch-converted",
      offset: w.scalar.start,
      object: { kind: "TrafficSplit", name: target },
      message: `JSON 6902 patch for TrafficSplit ${target}: ${w.path} ${w.scalar.raw} -> ${text}`,
      weightsBefore: [w.scalar.raw],
      weightsAfter: [text]
    });
  }
  return { edits, findings };
}

// src/kustomize/convert.ts
function convertKustomization(k, opts, floors, splitPatches = /* @__PURE__ */ new Set()) {
  const out = { edits: [], findings: [] };
  for (const p of k.patches) {
    if (!targetsTrafficSplit(p.target) && !splitPatches.has(p) && !(p.inline && String(p.inline.value).includes("TrafficSplit"))) continue;
    const version = p.target?.version;
    const from = version ? String(version.value) : "";
    if (version?.range && VERSIONS.includes(from) && stepsBetween(trafficSplit, from, opts.to).length > 0) {
      const raw = k.text.slice(version.range[0], version.range[1]);
      const at = raw.indexOf(from);
      out.edits.push({ start: version.range[0] + at, end: version.range[0] + at + from.length, text: opts.to });
      out.findings.push({
        severity: "info",
        code: "patch-converted",
        offset: version.range[0],
        object: { kind: "TrafficSplit", name: p.target?.name },
        message: `${p.field} target ${describeTarget(p.target?.name)}: ${SMI_SPLIT_GROUP}/${from} -> ${opts.to}`
      });
    }
    if (p.inline) convertInline(k, p.inline, p.target?.name, opts, floors, out);
  }
  return out;
}
function convertOpFile(text, target, floors) {
  const weights = readOpWeights(text) ?? [];
  return opEdits(weights, floorFor(floors, target === "*" ? void 0 : target), target);
}
function convertInline(k, node, target, opts, floors, out) {
  const inner = String(node.value);
  const ops = readOpWeights(inner);
  const inside = ops ? opEdits(ops, floorFor(floors, target), target ?? "*") : convertSegment(inner, { to: opts.to, scaleFloor: floors });
  if (inside.edits.length === 0 && !inside.findings.some((f) => f.severity === "error")) return;
  const map = inlineOffsets(k, node);
  if (!map) {
    out.findings.push({
      severity: "warning",
      code: "invalid-structure",
      offset: node.range?.[0] ?? 0,
      pending: true,
      message: "inline patch for a TrafficSplit is a quoted or folded string; convert it by hand (or write it as `patch: |-`); the kustomize tree is left unchanged"
    });
    return;
  }
  for (const e of inside.edits) out.edits.push({ start: map(e.start), end: map(e.end), text: e.text });
  for (const f of inside.findings) out.findings.push({ ...f, offset: map(f.offset) });
}
function describeTarget(name) {
  return name ? `TrafficSplit ${name}` : "TrafficSplit (any name)";
}

// src/kustomize/tree.ts
var import_yaml3 = __toESM(require_dist(), 1);
import { join } from "node:path";

// src/kustomize/select.ts
var PLAIN = /^(?:[\w\-.*+?|()^$]|\\[.\-+*?()|^$]|\{\d+(?:,\d*)?\}|\[\^?(?:[\w.]|[A-Z0-9]-[A-Z0-9]|\\-|-(?=\]))*\])*$/i;
function anchored(pattern) {
  if (!PLAIN.test(pattern) || pattern.includes("(?")) return void 0;
  if (/\)[*+?{]/.test(pattern) || (pattern.match(/[*+]|\{\d+,\}/g) ?? []).length > 2) return void 0;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return void 0;
  }
}
function mayMatch(pattern, value) {
  if (pattern === void 0 || pattern === "") return true;
  const re = anchored(pattern);
  return re ? re.test(value) : true;
}
function maySelectTrafficSplit(t) {
  if (!t) return false;
  return mayMatch(t.group, SMI_SPLIT_GROUP) && mayMatch(t.kind, "TrafficSplit");
}
function nameMatcher(name) {
  if (name === void 0 || name === "") return "all";
  return anchored(name) ?? "all";
}

// src/kustomize/tree.ts
var NAME_LIMIT = 4096;
function planTrees(kustomizations, files, opts, focus) {
  const to = opts.to;
  const { read, isFile: exists, real } = files;
  const plan = {
    kustomizations: /* @__PURE__ */ new Map(),
    opFiles: /* @__PURE__ */ new Map(),
    floors: /* @__PURE__ */ new Map(),
    tree: /* @__PURE__ */ new Map(),
    refusals: /* @__PURE__ */ new Map(),
    splitPatches: /* @__PURE__ */ new Set()
  };
  const sets = new UnionFind();
  const owners = /* @__PURE__ */ new Map();
  const parents = /* @__PURE__ */ new Map();
  const components = /* @__PURE__ */ new Map();
  const link = (m, k, v) => m.set(k, (m.get(k) ?? /* @__PURE__ */ new Set()).add(v));
  const queue = kustomizations.map(real);
  for (let file = queue.shift(); file !== void 0; file = queue.shift()) {
    if (plan.kustomizations.has(file)) continue;
    const text = read(file);
    const k = text === void 0 ? void 0 : readKustomization(file, text);
    if (!k) continue;
    plan.kustomizations.set(file, k);
    sets.add(file);
    const fields = new Map(k.children.map((c) => [c.path, c.field]));
    for (const ref of k.references) {
      if (exists(ref)) {
        sets.union(file, real(ref));
        link(owners, real(ref), file);
      }
      for (const name of KUSTOMIZATION_NAMES) {
        const nested = join(ref, name);
        if (!exists(nested)) continue;
        const child = real(nested);
        sets.union(file, child);
        link(parents, child, file);
        if (fields.get(ref) === "components") components.set(file, [...components.get(file) ?? [], child]);
        queue.push(child);
        break;
      }
    }
  }
  const focused = focus ? new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f))) : void 0;
  const members = sets.members().filter((f) => !focused || focused.has(sets.find(f)));
  const affixMemo = /* @__PURE__ */ new Map();
  const affixes = (k, seen = /* @__PURE__ */ new Set()) => {
    const known = affixMemo.get(k);
    if (known) return known;
    if (seen.has(k)) return [];
    seen.add(k);
    const kz = plan.kustomizations.get(k);
    const own = kz && (kz.namePrefix || kz.nameSuffix) ? [{ p: kz.namePrefix, s: kz.nameSuffix }] : [];
    const list = [...(components.get(k) ?? []).flatMap((c) => affixes(c, seen)), ...own];
    affixMemo.set(k, list);
    return list;
  };
  const namesOf = (name, from) => {
    const out = /* @__PURE__ */ new Set([name]);
    const seen = /* @__PURE__ */ new Set();
    const todo = [...from].map((k) => [k, name]);
    for (let next = todo.pop(); next; next = todo.pop()) {
      const [k, x] = next;
      const key = `${k}\0${x}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const list = affixes(k);
      if (list.length > 10) return "all";
      let here = [x];
      for (const a of list) here = [...here, ...here.map((y) => a.p + y + a.s)];
      for (const y of here) {
        out.add(y);
        for (const p of parents.get(k) ?? []) todo.push([p, y]);
      }
      if (out.size > NAME_LIMIT) return "all";
    }
    return out;
  };
  const nodes = new UnionFind();
  const need = /* @__PURE__ */ new Map();
  const nodeOf = (file, name, scale) => {
    const id2 = `${file}\0${name}`;
    nodes.add(id2);
    need.set(id2, Math.max(need.get(id2) ?? 0, scale));
    return id2;
  };
  const states = /* @__PURE__ */ new Map();
  const stateOf = (file) => {
    const root = sets.find(file);
    let s = states.get(root);
    if (!s)
      states.set(
        root,
        s = { docs: /* @__PURE__ */ new Map(), older: /* @__PURE__ */ new Set(), current: /* @__PURE__ */ new Set(), matchers: [], involved: false, patched: false, deferred: [] }
      );
    return s;
  };
  const siblingRefusals = [];
  const refuse = (file, offset, message) => {
    const list = plan.refusals.get(file) ?? [];
    list.push({
      severity: "warning",
      code: "invalid-structure",
      offset,
      pending: true,
      message: `${message}; the kustomize tree is left unchanged for a person to convert`
    });
    plan.refusals.set(file, list);
  };
  const addDocs = (state, file, text, from) => {
    const ids2 = [];
    for (const d of splitDocs(text, to)) {
      const id2 = nodeOf(file, d.name, d.scale);
      ids2.push(id2);
      if (d.older) {
        state.involved = true;
        state.older.add(id2);
      }
      if (d.current) state.current.add(id2);
      const prev = state.docs.get(id2);
      if (prev !== "all") {
        const names = d.name === "*" ? "all" : namesOf(d.name, from);
        state.docs.set(id2, names === "all" ? "all" : /* @__PURE__ */ new Set([...prev ?? [], ...names]));
      }
    }
    return ids2;
  };
  for (const file of members) {
    const state = stateOf(file);
    const k = plan.kustomizations.get(file);
    if (!k) {
      const text = read(file);
      if (text !== void 0 && text.includes("TrafficSplit") && !readOps(text)) addDocs(state, file, text, owners.get(file) ?? []);
      continue;
    }
    for (const p of k.patches) {
      const mayTS = maySelectTrafficSplit(targetFields(p.target));
      if (p.target && mayTS) {
        state.patched = true;
        const target = p.target;
        const v = target.version ? String(target.version.value) : void 0;
        if (v && targetsTrafficSplit(target) && VERSIONS.slice(0, VERSIONS.indexOf(to)).includes(v))
          state.involved = true;
        if (v) state.deferred.push(() => checkVersion(state, file, target, to, refuse));
      }
      const content = p.inline ? String(p.inline.value) : p.file && exists(p.file) ? read(p.file) : void 0;
      const sibling = siblingPatched(p.target?.kind, content, opts);
      if (sibling) {
        siblingRefusals.push(
          () => refuse(
            file,
            p.offset,
            `${p.field} entry patches ${sibling}s, which the run converts (${kindNamed(sibling).flag}): the upgrade moves or adds their keys, and the patch would no longer match them`
          )
        );
      }
      const replacedBy = opts.replacedBy;
      if (replacedBy?.replaces.TrafficSplit) {
        const refuseReplaced = () => {
          const list = plan.refusals.get(file) ?? [];
          list.push({
            severity: "error",
            code: "kustomize-patch-target",
            offset: p.offset,
            message: `${p.field} entry patches a TrafficSplit, which --to ${replacedBy.name} replaces by ${replacedBy.replaces.TrafficSplit} the patch would no longer match: apply the patch to the TrafficSplit first (kubectl kustomize), or rewrite it for the ${replacedBy.replaces.TrafficSplit} by hand; the kustomize tree is left unchanged`
          });
          plan.refusals.set(file, list);
        };
        if (patchesSplit(p.target?.kind, content)) refuseReplaced();
        else if (p.target && p.target.kind === void 0 && mayTS) {
          const target = p.target;
          state.deferred.push(() => selectsAny(state, nameMatcher(target.name)) ? refuseReplaced() : void 0);
        }
      }
      if (content === void 0) continue;
      const where = p.inline ? file : real(p.file);
      const offset = p.inline ? p.inline.range?.[0] ?? p.offset : 0;
      const ops = readOps(content);
      if (ops) {
        if (!p.target || !mayTS || ops.weights.length === 0 && ops.problems.length === 0) continue;
        const target = p.target;
        const match = nameMatcher(target.name);
        state.deferred.push(() => {
          if (!targetsTrafficSplit(target) && !selectsAny(state, match)) return;
          plan.splitPatches.add(p);
          if (!p.inline) plan.opFiles.set(where, target.name ?? "*");
          const id2 = nodeOf(where, p.inline ? target.name ?? "*" : "*", opsScale(ops.weights));
          state.matchers.push({ node: id2, match });
          if (ops.weights.some((w) => w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value))) state.involved = true;
          const map = p.inline ? inlineOffsets(k, p.inline) : void 0;
          for (const problem of ops.problems) refuse(where, p.inline ? map?.(problem.offset) ?? offset : problem.offset, problem.message);
        });
      } else if (content.includes("TrafficSplit") && splitDocs(content, to).length) {
        state.patched = true;
        const ids2 = p.inline ? addDocs(state, file, content, [file]) : [];
        if (p.target && mayTS) {
          const fileIds = p.inline ? ids2 : splitDocs(content, to).map((d) => nodeOf(where, d.name, d.scale));
          for (const id2 of fileIds) state.matchers.push({ node: id2, match: nameMatcher(p.target.name) });
        }
      } else if (p.target && mayTS && /backends|weight/.test(content)) {
        const target = p.target;
        state.deferred.push(() => {
          if (targetsTrafficSplit(target) || selectsAny(state, nameMatcher(target.name))) {
            refuse(
              file,
              p.offset,
              `${p.field} entry: a patch for a TrafficSplit that is neither JSON 6902 operations nor a TrafficSplit document`
            );
          }
        });
      }
    }
    for (const h of k.hazards) {
      state.deferred.push(() => h.field.startsWith("helmChart") && !state.patched ? void 0 : checkHazard(file, h, files, refuse));
    }
    for (const r of k.remote) {
      state.deferred.push(() => {
        if (state.patched)
          refuse(
            file,
            r.offset,
            `remote base ${r.url} cannot be converted here, and the TrafficSplit patches of this tree would stop matching it`
          );
      });
    }
  }
  for (const state of states.values()) {
    for (const run of state.deferred) run();
    if (!state.involved) continue;
    const byName = /* @__PURE__ */ new Map();
    const everything = [...state.docs.keys(), ...state.matchers.map((m) => m.node)];
    for (const [id2, names] of state.docs) {
      if (names === "all") {
        for (const other of everything) nodes.union(id2, other);
        continue;
      }
      for (const n of names) {
        const first = byName.get(n);
        if (first) nodes.union(first, id2);
        else byName.set(n, id2);
      }
    }
    for (const m of state.matchers) {
      for (const [id2, names] of state.docs) {
        if (m.match === "all" || names === "all" || [...names].some((n) => m.match.test(n))) nodes.union(m.node, id2);
      }
    }
  }
  for (const [file, findings] of plan.refusals) {
    if (!stateOf(file).involved && !findings.some((f) => f.severity === "error")) plan.refusals.delete(file);
  }
  for (const run of siblingRefusals) run();
  const byFile = /* @__PURE__ */ new Map();
  for (const id2 of nodes.members()) {
    const file = id2.slice(0, id2.indexOf("\0"));
    byFile.set(file, [...byFile.get(file) ?? [], id2]);
  }
  for (const [file, ids2] of byFile) if (ids2.includes(`${file}\0*`)) for (const id2 of ids2) nodes.union(`${file}\0*`, id2);
  const groupScale = /* @__PURE__ */ new Map();
  for (const id2 of nodes.members()) {
    const root = nodes.find(id2);
    groupScale.set(root, Math.max(groupScale.get(root) ?? 0, need.get(id2) ?? 0));
  }
  let id = 0;
  const ids = /* @__PURE__ */ new Map();
  for (const file of members) {
    const root = sets.find(file);
    if (!ids.has(root)) ids.set(root, id++);
    plan.tree.set(file, ids.get(root));
    const floors = /* @__PURE__ */ new Map();
    for (const node of byFile.get(file) ?? []) floors.set(node.slice(file.length + 1), groupScale.get(nodes.find(node)));
    plan.floors.set(file, floors);
  }
  return plan;
}
function targetFields(t) {
  return t && { group: t.group ? String(t.group.value) : void 0, kind: t.kind };
}
function selectsAny(state, match, only) {
  for (const [id, names] of state.docs) {
    if (only && !only.has(id)) continue;
    if (match === "all" || names === "all" || [...names].some((n) => match.test(n))) return true;
  }
  return false;
}
function checkVersion(state, file, t, to, refuse) {
  const v = String(t.version.value);
  if (!selectsAny(state, nameMatcher(t.name), state.older)) return;
  const older = VERSIONS.slice(0, VERSIONS.indexOf(to));
  const at = t.version.range?.[0] ?? 0;
  if (older.includes(v)) {
    if (!targetsTrafficSplit(t))
      refuse(file, at, `patch target version ${v} may select other kinds than TrafficSplit, so it cannot move to ${to}`);
    else if (selectsAny(state, nameMatcher(t.name), state.current)) {
      refuse(file, at, `patch target version ${v} would also select the TrafficSplits already at ${to} once it moves`);
    }
    return;
  }
  const re = anchored(v);
  if (!re) return refuse(file, at, `patch target version ${v} cannot be read exactly`);
  const before = older.some((o) => re.test(o));
  if (before !== re.test(to)) {
    refuse(
      file,
      at,
      before ? `patch target version ${v} would stop matching the TrafficSplits once they are ${to}` : `patch target version ${v} would start matching the TrafficSplits once they are ${to}`
    );
  }
}
var WEIGHTY = /backends|weight|TrafficSplit|smi-spec/i;
function checkHazard(file, h, files, refuse) {
  const content = h.file ? files.isFile(h.file) ? files.read(h.file) : void 0 : h.node && !(0, import_yaml3.isScalar)(h.node) ? String(h.node) : void 0;
  const unread = content === void 0;
  const name = h.named ? `${h.field} entry ${h.named}` : `${h.field} entry`;
  switch (h.field) {
    case "replacements":
      if (unread) return refuse(file, h.offset, `${name} cannot be read, and it may write TrafficSplit weights`);
      if (replacementHitsWeights(h.file ? content : void 0, h.node)) {
        return refuse(file, h.offset, `${name} writes into TrafficSplit backends: the value it copies is not converted here`);
      }
      return;
    case "transformers":
    case "generators":
      if (unread || WEIGHTY.test(content) || /Prefix|Suffix|Patch|Replacement|function|exec|container|starlark|kind:\s*Kustomization/i.test(content)) {
        return refuse(file, h.offset, `${name} may write TrafficSplits or their names in a way not followed here`);
      }
      return;
    case "configurations":
      if (unread || WEIGHTY.test(content)) return refuse(file, h.offset, `${name} may make a transformer write TrafficSplit weights`);
      return;
    case "openapi":
    case "crds":
      if (unread || /TrafficSplit|smi-spec/.test(content)) {
        return refuse(
          file,
          h.offset,
          `${name} gives TrafficSplits a schema for their old version: patches would merge differently once converted`
        );
      }
      return;
    default:
      return refuse(
        file,
        h.offset,
        `${h.field}: the TrafficSplits a chart renders are not converted here, and the tree's TrafficSplit patches would stop matching them`
      );
  }
}
function replacementHitsWeights(text, node) {
  const entries = [];
  if (text !== void 0) {
    for (const d of (0, import_yaml3.parseAllDocuments)(text, { schema: "failsafe" })) {
      if (d.errors.length) return true;
      if ((0, import_yaml3.isSeq)(d.contents)) entries.push(...d.contents.items);
      else entries.push(d.contents);
    }
  } else entries.push(node);
  for (const e of entries) {
    if (!(0, import_yaml3.isMap)(e)) return true;
    const targets = e.get("targets", true);
    if (targets === void 0) continue;
    if (!(0, import_yaml3.isSeq)(targets)) return true;
    for (const t of targets.items) {
      if (!(0, import_yaml3.isMap)(t)) return true;
      const select = t.get("select", true);
      const field = (k) => (0, import_yaml3.isMap)(select) ? select.get(k) : void 0;
      const str = (v) => typeof v === "string" ? v : void 0;
      if (!maySelectTrafficSplit({ group: str(field("group")), kind: str(field("kind")) })) continue;
      const paths = t.get("fieldPaths", true);
      if (!(0, import_yaml3.isSeq)(paths)) return true;
      for (const fp of paths.items) if (!(0, import_yaml3.isScalar)(fp) || weightPath(String(fp.value))) return true;
    }
  }
  return false;
}
function weightPath(path) {
  const segs = path.split(".");
  if (!["spec", "*"].includes(segs[0])) return false;
  if (segs.length === 1) return true;
  if (!["backends", "*"].includes(segs[1])) return false;
  if (segs.length <= 3) return true;
  return segs.slice(3).join(".") === "weight" || segs[3] === "*" || segs[3] === "weight";
}
function splitDocs(text, to) {
  const out = [];
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue;
    for (const split of locateObjects(parsed.doc, text, { to }).views) {
      const weights = weightsOf(split);
      if (!weights || split.ref.kind !== trafficSplit.kind) continue;
      const older = stepsBetween(trafficSplit, split.version, to).length > 0;
      const scale = neededWeightScale(weights.flatMap((w) => "scalar" in w ? [{ yaml: w.scalar }] : []));
      out.push({ name: split.ref.name ?? "*", scale, older, current: split.version === to });
    }
  }
  return out;
}
function siblingPatched(target, content, opts) {
  const named = [target, ...[...(content ?? "").matchAll(KIND_FIELD)].map((m) => m[1])];
  return named.find((k) => {
    const kind = kindNamed(k);
    return kind !== void 0 && kind !== trafficSplit && kind.target({ ...opts }) !== void 0;
  });
}
function patchesSplit(target, content) {
  const named = [target, ...[...(content ?? "").matchAll(KIND_FIELD)].map((m) => m[1])];
  return named.includes("TrafficSplit") || target === void 0 && content !== void 0 && content.includes("backends");
}
var KIND_FIELD = /["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)/g;
var UnionFind = class {
  parent = /* @__PURE__ */ new Map();
  add(x) {
    if (!this.parent.has(x)) this.parent.set(x, x);
  }
  find(x) {
    this.add(x);
    let r = x;
    while (this.parent.get(r) !== r) r = this.parent.get(r);
    this.parent.set(x, r);
    return r;
  }
  has(x) {
    return this.parent.has(x);
  }
  union(a, b) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
  members() {
    return [...this.parent.keys()];
  }
};

// src/kustomize/index.ts
function convertTreeFile(plan, file, input2, opts, shown) {
  const k = plan.kustomizations.get(file);
  const target = plan.opFiles.get(file);
  if (!k && target === void 0) return void 0;
  const text = input2.toString("utf8");
  const floors = plan.floors.get(file) ?? /* @__PURE__ */ new Map();
  const r = k ? convertKustomization(k, opts, floors, plan.splitPatches) : convertOpFile(text, target, floors);
  r.findings.push(...plan.refusals.get(file) ?? []);
  const failed = r.findings.some((f) => f.severity === "error" || f.pending);
  const changed = r.edits.length > 0 && !failed;
  return {
    output: changed ? Buffer.from(splice(text, r.edits), "utf8") : input2,
    changed,
    findings: locateFindings(r.findings, text, 1, shown)
  };
}
export {
  convertTreeFile,
  planTrees
};
