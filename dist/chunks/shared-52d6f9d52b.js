import {
  isCollection,
  isMap,
  isScalar,
  isSeq,
  visit
} from "./shared-afcbbfc458.js";
import {
  tabsAfterPlain
} from "./shared-6c59af8607.js";

// src/yaml/nodes.ts
function scalarRef(node, text, doc) {
  const [start, end] = node.range;
  const style = node.type ?? "PLAIN";
  const ref = { style, value: String(node.value ?? ""), raw: text.slice(start, end), start, end };
  if (doc && style !== "PLAIN" && tabsAfterPlain(text, end).length > 0) {
    const indent = flowIndent(doc, node, text);
    if (indent !== void 0) ref.flowIndent = indent;
  }
  return ref;
}
function flowIndent(doc, node, text) {
  let path;
  visit(doc, (_key, n, p) => {
    if (n !== node) return void 0;
    path = p;
    return visit.BREAK;
  });
  if (!path) return void 0;
  const collections = path.filter(isCollection);
  const outer = collections.findIndex((c) => c.flow === true);
  if (outer < 0) return void 0;
  const block = collections[outer - 1];
  if (!block) return -1;
  const at = offsetOf(block);
  let column = 0;
  for (const _ of text.slice(text.lastIndexOf("\n", at - 1) + 1, at)) column++;
  return column;
}
function stringAt(map, key) {
  const node = map.get(key, true);
  return isScalar(node) && typeof node.value === "string" ? node.value : void 0;
}
function objectRef(map, kind) {
  const meta = map.get("metadata", true);
  const ref = { kind };
  if (isMap(meta)) {
    const name = stringAt(meta, "name");
    const namespace = stringAt(meta, "namespace");
    if (name !== void 0) ref.name = name;
    if (namespace !== void 0 && !isUnsetField(meta.get("namespace", true))) ref.namespace = namespace;
  }
  return ref;
}
function offsetOf(node) {
  if (isMap(node) && node.items[0] && node.items[0].key && node.items[0].key.range) {
    return node.items[0].key.range[0];
  }
  return node.range?.[0] ?? 0;
}
var MAX_MERGE_DEPTH = 32;
var MERGE_TAG = "tag:yaml.org,2002:merge";
function kubectlPairs(map, deref, depth = 0) {
  const out = /* @__PURE__ */ new Map();
  for (const p of map.items) {
    if (isMergeKey(p.key)) {
      if (depth >= MAX_MERGE_DEPTH) continue;
      const v = deref(p.value);
      const sources = isSeq(v) ? [...v.items].reverse().map(deref) : [v];
      for (const s of sources) if (isMap(s)) for (const [k, q] of kubectlPairs(s, deref, depth + 1)) out.set(k, q);
    } else if (isScalar(p.key)) out.set(String(p.key.value), p);
  }
  return out;
}
var TooManyNodes = class extends Error {
};
function kubectlData(node, deref, budget = { left: 1e6 }) {
  if (--budget.left < 0) throw new TooManyNodes("too many nodes");
  const n = deref(node);
  if (isMap(n)) {
    const out = {};
    for (const [k, p] of kubectlPairs(n, deref)) {
      const value = kubectlData(p.value, deref, budget);
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  if (isSeq(n)) return n.items.map((i) => kubectlData(i, deref, budget));
  return isScalar(n) ? n.value : null;
}
function kubectlStrings(map, deref) {
  const out = {};
  for (const [k, p] of kubectlPairs(map, deref)) {
    const v = deref(p.value);
    out[k] = isScalar(v) && v.value !== null && v.value !== void 0 ? String(v.value) : null;
  }
  return out;
}
function mergeKey(map) {
  return map.items.find((p) => isMergeKey(p.key))?.key;
}
function isMergeKey(key) {
  if (!isScalar(key)) return false;
  if (key.tag === MERGE_TAG) return key.source === "<<" || key.value === "<<";
  return key.type === "PLAIN" && key.value === "<<";
}
function isNullScalar(node) {
  return isScalar(node) && !node.tag && (node.type === "PLAIN" || node.type === void 0) && ["", "~", "null", "Null", "NULL"].includes(String(node.value ?? ""));
}
function isKubectlNull(node) {
  return node === null || node === void 0 || isNullScalar(node) || isScalar(node) && node.tag === "tag:yaml.org,2002:null";
}
function isNamedUnset(node) {
  return node !== void 0 && isUnsetField(node);
}
function namespaceNode(object, deref) {
  const o = deref(object);
  const meta = isMap(o) ? deref(pairOf(o, "metadata", deref)?.value) : void 0;
  return isMap(meta) ? deref(pairOf(meta, "namespace", deref)?.value) : void 0;
}
function plainNamespace(meta) {
  const ns = meta !== null && typeof meta === "object" ? meta.namespace : void 0;
  return typeof ns === "string" && ns !== "" ? ns : void 0;
}
function withKubectlNamespace(data, object, deref) {
  const meta = data.metadata;
  if (meta === null || typeof meta !== "object" || Array.isArray(meta) || !("namespace" in meta)) return;
  const m = meta;
  if (m.namespace === "" || m.namespace === null || isNamedUnset(namespaceNode(object, deref))) delete m.namespace;
}
function isUnsetField(node) {
  return isKubectlNull(node) || isScalar(node) && node.value === "";
}
function pairOf(map, key, deref, depth = 0) {
  let found;
  for (const p of map.items) {
    const k = p.key;
    if (!isScalar(k)) continue;
    if ((k.value === "<<" || k.tag === MERGE_TAG) && isMergeKey(k)) {
      if (depth >= MAX_MERGE_DEPTH) continue;
      const v = deref(p.value);
      const sources = isSeq(v) ? [...v.items].reverse().map(deref) : [v];
      for (const s of sources) if (isMap(s)) found = pairOf(s, key, deref, depth + 1) ?? found;
    } else if ((typeof k.value === "string" ? k.value : String(k.value)) === key) found = p;
  }
  return found;
}
function keyOf(map, key, deref) {
  const pair = pairOf(map, key, deref);
  if (!pair || map.items.includes(pair)) return pair && { pair };
  const via = map.items.find((p) => isScalar(p.key) && pairOf({ items: [p] }, key, deref) === pair);
  return { pair, via: via?.key };
}
var MERGED_IDENTITY = "comes through the merge key (<<), which cannot be converted where it stands";
function identityThroughMerge(map, deref) {
  if (!mergeKey(map)) return void 0;
  for (const key of ["apiVersion", "kind"]) {
    const via = keyOf(map, key, deref)?.via;
    if (via) return { key, via };
  }
  return void 0;
}
function listReading(hasItems, kind) {
  if (!hasItems) return "object";
  return typeof kind === "string" && kind !== "" ? "list" : "refused";
}
function listItemKind(listKind) {
  return listKind.endsWith("List") ? listKind.slice(0, -4) : listKind;
}
function itemShape(node) {
  if (isMap(node)) return "object";
  if (node === null || node === void 0 || isNullScalar(node)) return "null";
  return isSeq(node) ? "sequence" : "scalar";
}
function isObjectNode(node) {
  return isMap(node);
}
function sequenceItems(node) {
  return isSeq(node) ? node.items : void 0;
}
function stringValue(node) {
  return isScalar(node) && typeof node.value === "string" ? node.value : void 0;
}

export {
  scalarRef,
  stringAt,
  objectRef,
  offsetOf,
  kubectlPairs,
  kubectlData,
  kubectlStrings,
  mergeKey,
  isMergeKey,
  isNullScalar,
  plainNamespace,
  withKubectlNamespace,
  isUnsetField,
  pairOf,
  keyOf,
  MERGED_IDENTITY,
  identityThroughMerge,
  listReading,
  listItemKind,
  itemShape,
  isObjectNode,
  sequenceItems,
  stringValue
};
