import {
  isMap,
  isScalar
} from "./shared-afcbbfc458.js";

// src/yaml/nodes.ts
function scalarRef(node, text) {
  const [start, end] = node.range;
  return { style: node.type ?? "PLAIN", value: String(node.value ?? ""), raw: text.slice(start, end), start, end };
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
    if (namespace !== void 0) ref.namespace = namespace;
  }
  return ref;
}
function offsetOf(node) {
  if (isMap(node) && node.items[0] && node.items[0].key && node.items[0].key.range) {
    return node.items[0].key.range[0];
  }
  return node.range?.[0] ?? 0;
}
function mergeKey(map) {
  return map.items.find((p) => isMergeKey(p.key))?.key;
}
function isMergeKey(key) {
  if (!isScalar(key)) return false;
  if (key.tag === "tag:yaml.org,2002:merge") return key.source === "<<" || key.value === "<<";
  return key.type === "PLAIN" && key.value === "<<";
}
function isNullScalar(node) {
  return isScalar(node) && !node.tag && (node.type === "PLAIN" || node.type === void 0) && ["", "~", "null", "Null", "NULL"].includes(String(node.value ?? ""));
}

export {
  scalarRef,
  stringAt,
  objectRef,
  offsetOf,
  mergeKey,
  isMergeKey,
  isNullScalar
};
