import {
  KUSTOMIZATION_NAMES,
  realOrSelf
} from "./chunk-ECI74IGS.js";
import {
  locateFindings,
  splice
} from "./chunk-TEXCE4CT.js";
import {
  convertSegment,
  floorFor,
  locateSplits,
  neededScale,
  readWeight,
  scalarRef,
  scaleWeights,
  stepsBetween
} from "./chunk-RB4AVDZW.js";
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./chunk-U3W4K4UA.js";
import {
  parseDocuments
} from "./chunk-3CLMZ2MH.js";
import {
  require_dist
} from "./chunk-S7MRHGHA.js";
import {
  __toESM
} from "./chunk-7VZ5H7B6.js";

// src/kustomize/kustomization.ts
var import_yaml = __toESM(require_dist(), 1);
import { dirname, resolve } from "node:path";
function readKustomization(file, text) {
  const doc = (0, import_yaml.parseDocument)(text, { schema: "failsafe" });
  if (doc.errors.length || !(0, import_yaml.isMap)(doc.contents)) return void 0;
  const root = doc.contents;
  const dir = dirname(file);
  const local = (p) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(p) && !p.startsWith("git@") && !p.includes("?ref=");
  const references = [];
  for (const field of ["resources", "bases", "components", "patchesStrategicMerge"]) {
    for (const s of strings(root, field)) if (local(s) && !s.includes("\n")) references.push(resolve(dir, s));
  }
  const patches = [];
  for (const field of ["patches", "patchesJson6902"]) {
    const list = root.get(field, true);
    if (!(0, import_yaml.isSeq)(list)) continue;
    for (const item of list.items) {
      if (!(0, import_yaml.isMap)(item)) continue;
      const entry = { field };
      const path = item.get("path", true);
      if ((0, import_yaml.isScalar)(path) && typeof path.value === "string") {
        entry.file = resolve(dir, path.value);
        references.push(entry.file);
      }
      const patch = item.get("patch", true);
      if ((0, import_yaml.isScalar)(patch) && typeof patch.value === "string") entry.inline = patch;
      const target = item.get("target", true);
      if ((0, import_yaml.isMap)(target)) entry.target = readTarget(target);
      patches.push(entry);
    }
  }
  const psm = root.get("patchesStrategicMerge", true);
  if ((0, import_yaml.isSeq)(psm)) {
    for (const item of psm.items) {
      if ((0, import_yaml.isScalar)(item) && typeof item.value === "string") {
        if (item.value.includes("\n")) patches.push({ field: "patchesStrategicMerge", inline: item });
        else patches.push({ field: "patchesStrategicMerge", file: resolve(dir, item.value) });
      }
    }
  }
  return { file, text, doc, references, patches };
}
function targetsTrafficSplit(t) {
  if (!t) return false;
  const group = t.group ? String(t.group.value) : void 0;
  if (group !== void 0 && group !== SMI_SPLIT_GROUP) return false;
  if (t.kind !== void 0 && t.kind !== "TrafficSplit") return false;
  return group !== void 0 || t.kind === "TrafficSplit";
}
function readTarget(map) {
  const t = {};
  const get = (k) => map.get(k, true);
  const name = get("name");
  if ((0, import_yaml.isScalar)(name) && typeof name.value === "string") t.name = name.value;
  const kind = get("kind");
  if ((0, import_yaml.isScalar)(kind) && typeof kind.value === "string") t.kind = kind.value;
  const group = get("group");
  if ((0, import_yaml.isScalar)(group)) t.group = group;
  const version = get("version");
  if ((0, import_yaml.isScalar)(version)) t.version = version;
  return t;
}
function strings(root, field) {
  const list = root.get(field, true);
  if (!(0, import_yaml.isSeq)(list)) return [];
  return list.items.flatMap((i) => (0, import_yaml.isScalar)(i) && typeof i.value === "string" ? [i.value] : []);
}

// src/kustomize/json6902.ts
var import_yaml2 = __toESM(require_dist(), 1);
var BACKENDS = /^\/spec\/backends(?:\/(?:\d+|-)(?:\/weight)?)?$/;
var WRITES = /* @__PURE__ */ new Set(["add", "replace", "test"]);
function readOpWeights(text) {
  const doc = (0, import_yaml2.parseDocument)(text, { schema: "failsafe" });
  if (doc.errors.length || !(0, import_yaml2.isSeq)(doc.contents)) return void 0;
  const out = [];
  for (const op of doc.contents.items) {
    if (!(0, import_yaml2.isMap)(op)) return void 0;
    const kind = op.get("op");
    const path = op.get("path");
    if (typeof kind !== "string" || typeof path !== "string") return void 0;
    if (!WRITES.has(kind) || !BACKENDS.test(path)) continue;
    const value = op.get("value", true);
    const add = (n) => {
      if ((0, import_yaml2.isScalar)(n) && n.range) out.push({ scalar: scalarRef(n, text), path });
    };
    if (path.endsWith("/weight")) add(value);
    else if ((0, import_yaml2.isMap)(value)) add(value.get("weight", true));
    else if ((0, import_yaml2.isSeq)(value)) {
      for (const b of value.items) if ((0, import_yaml2.isMap)(b)) add(b.get("weight", true));
    }
  }
  return out;
}
function readOpValues(weights) {
  const values = [];
  const findings = [];
  for (const w of weights) {
    const r = readWeight(w.scalar.style, w.scalar.value);
    if (!r.ok || r.value.negative) {
      findings.push({
        severity: "error",
        code: "invalid-weight",
        offset: w.scalar.start,
        message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${r.ok ? "is negative" : r.reason}`
      });
    } else {
      values.push(r.value);
    }
  }
  return { values, findings };
}
function opsScale(weights) {
  return neededScale(readOpValues(weights).values);
}
function opEdits(weights, floor, target) {
  const read = readOpValues(weights);
  if (read.findings.length) return { edits: [], findings: read.findings };
  const scaled = scaleWeights(read.values, floor);
  if (!scaled.ok) {
    const w = weights[scaled.index];
    return { edits: [], findings: [{
      severity: "error",
      code: "invalid-weight",
      offset: w.scalar.start,
      message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${scaled.reason}`
    }] };
  }
  const edits = [];
  const findings = [];
  for (const [i, w] of weights.entries()) {
    const text = scaled.weights[i].toString();
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
function convertKustomization(k, opts, floors) {
  const out = { edits: [], findings: [] };
  for (const p of k.patches) {
    if (!targetsTrafficSplit(p.target) && !(p.inline && String(p.inline.value).includes("TrafficSplit"))) continue;
    const version = p.target?.version;
    const from = version ? String(version.value) : "";
    if (version?.range && VERSIONS.includes(from) && stepsBetween(from, opts.to).length > 0) {
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
  const map = node.type === "BLOCK_LITERAL" && node.range ? literalLines(k.text, node.range[0], node.range[1]) : void 0;
  if (!map) {
    out.findings.push({
      severity: "warning",
      code: "invalid-structure",
      offset: node.range?.[0] ?? 0,
      message: "inline patch for a TrafficSplit is a quoted or folded string; convert it by hand (or write it as `patch: |-`)"
    });
    return;
  }
  for (const e of inside.edits) out.edits.push({ start: map(e.start), end: map(e.end), text: e.text });
  for (const f of inside.findings) out.findings.push({ ...f, offset: map(f.offset) });
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
function describeTarget(name) {
  return name ? `TrafficSplit ${name}` : "TrafficSplit (any name)";
}

// src/kustomize/tree.ts
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
function planTrees(kustomizations, read, to, focus) {
  const plan = { kustomizations: /* @__PURE__ */ new Map(), opFiles: /* @__PURE__ */ new Map(), floors: /* @__PURE__ */ new Map(), tree: /* @__PURE__ */ new Map() };
  const sets = new UnionFind();
  const queue = kustomizations.map(realOrSelf);
  const exists = (f) => existsSync(f) && statSync(f).isFile();
  for (let file = queue.shift(); file !== void 0; file = queue.shift()) {
    if (plan.kustomizations.has(file)) continue;
    const text = read(file);
    const k = text === void 0 ? void 0 : readKustomization(file, text);
    if (!k) continue;
    plan.kustomizations.set(file, k);
    sets.add(file);
    for (const ref of k.references) {
      if (exists(ref)) sets.union(file, realOrSelf(ref));
      for (const name of KUSTOMIZATION_NAMES) {
        const nested = join(ref, name);
        if (!exists(nested)) continue;
        sets.union(file, realOrSelf(nested));
        queue.push(realOrSelf(nested));
      }
    }
    for (const p of k.patches) {
      if (p.file && exists(p.file) && targetsTrafficSplit(p.target)) {
        const ops = read(p.file);
        if (ops !== void 0 && readOpWeights(ops)) plan.opFiles.set(realOrSelf(p.file), p.target?.name ?? "*");
      }
    }
  }
  const needs = /* @__PURE__ */ new Map();
  const need = (file, name, scale) => {
    const root = sets.find(file);
    const floors = needs.get(root) ?? /* @__PURE__ */ new Map();
    floors.set(name, Math.max(floors.get(name) ?? 0, scale));
    needs.set(root, floors);
  };
  const focused = focus ? new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f))) : void 0;
  const members = sets.members().filter((f) => !focused || focused.has(sets.find(f)));
  for (const file of members) {
    const text = read(file);
    if (text === void 0) continue;
    const k = plan.kustomizations.get(file);
    if (k) {
      for (const p of k.patches) {
        if (!p.inline || !targetsTrafficSplit(p.target)) continue;
        const ops = readOpWeights(String(p.inline.value));
        if (ops) need(file, p.target?.name ?? "*", opsScale(ops));
      }
    } else if (plan.opFiles.has(file)) {
      need(file, plan.opFiles.get(file), opsScale(readOpWeights(text) ?? []));
    } else if (text.includes("TrafficSplit")) {
      for (const [name, scale] of splitScales(text, to)) need(file, name, scale);
    }
  }
  let id = 0;
  const ids = /* @__PURE__ */ new Map();
  for (const file of members) {
    const root = sets.find(file);
    if (!ids.has(root)) ids.set(root, id++);
    plan.tree.set(file, ids.get(root));
    plan.floors.set(file, spread(needs.get(root) ?? /* @__PURE__ */ new Map()));
  }
  return plan;
}
function spread(floors) {
  const all = Math.max(0, ...floors.values());
  const out = new Map(floors);
  const star = floors.get("*") ?? 0;
  for (const [name, scale] of floors) out.set(name, Math.max(scale, star));
  if (floors.has("*")) out.set("*", all);
  return out;
}
function splitScales(text, to) {
  const out = /* @__PURE__ */ new Map();
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue;
    for (const split of locateSplits(parsed.doc, text).splits) {
      if (!stepsBetween(split.version, to).some((s) => s.convertsWeights)) continue;
      const values = [];
      for (const w of split.weights) {
        if (!("scalar" in w)) continue;
        const r = readWeight(w.scalar.style, w.scalar.value);
        if (r.ok) values.push(r.value);
      }
      const name = split.ref.name ?? "*";
      out.set(name, Math.max(out.get(name) ?? 0, neededScale(values)));
    }
  }
  return out;
}
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
    this.parent.set(this.find(a), this.find(b));
  }
  members() {
    return [...this.parent.keys()];
  }
};

// src/kustomize/index.ts
function convertTreeFile(plan, file, input, opts, shown) {
  const k = plan.kustomizations.get(file);
  const target = plan.opFiles.get(file);
  if (!k && target === void 0) return void 0;
  const text = input.toString("utf8");
  const floors = plan.floors.get(file) ?? /* @__PURE__ */ new Map();
  const r = k ? convertKustomization(k, opts, floors) : convertOpFile(text, target, floors);
  const failed = r.findings.some((f) => f.severity === "error");
  const changed = r.edits.length > 0 && !failed;
  return {
    output: changed ? Buffer.from(splice(text, r.edits), "utf8") : input,
    changed,
    findings: locateFindings(r.findings, text, 1, shown)
  };
}
export {
  convertTreeFile,
  planTrees
};
