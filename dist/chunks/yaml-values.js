import {
  goFloat,
  helmValue
} from "./shared-574f9d03ce.js";
import {
  readWeight
} from "./shared-40d24c5828.js";
import {
  isMergeKey
} from "./shared-52d6f9d52b.js";
import {
  isAlias,
  isMap,
  isScalar,
  parseDocument
} from "./shared-afcbbfc458.js";
import {
  LineIndex,
  columnOf
} from "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";

// src/yaml/values.ts
function findValue(text, path) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (doc.errors.length) return void 0;
  let node = doc.contents;
  let fixed;
  for (const key of path) {
    if (isAlias(node)) fixed ??= "its path goes through an alias";
    if (!isMap(node)) return void 0;
    const keys = node.items.filter((p) => isScalar(p.key) && p.key.value === key);
    if (node.items.some((p) => isMergeKey(p.key))) fixed ??= "its mapping has a merge key (<<)";
    if (keys.length > 1) fixed ??= `${key} is written twice`;
    const k = keys[keys.length - 1]?.key;
    if (k && k.type === "PLAIN" && typeof helmValue(String(k.value), false) !== "string") return void 0;
    node = keys[keys.length - 1]?.value;
  }
  if (isAlias(node)) return void 0;
  if (!isScalar(node) || !node.range) return void 0;
  const [start, end] = node.range;
  const { line } = new LineIndex(text).locate(start);
  const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
  const block = node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED";
  const raw = text.slice(start, end);
  if (node.tag) fixed ??= `it has an explicit tag (${node.tag})`;
  if (node.anchor) fixed ??= `it is anchored (&${node.anchor})`;
  if (block) fixed ??= "it is a block scalar";
  const at = { line: line + 1, column: columnOf(text, start) + 1, raw, start, end, quoted, json: void 0 };
  if (!node.tag && !block) at.json = helmValue(String(node.value), quoted);
  if (fixed) at.fixed = fixed;
  const rendered = node.tag || block ? void 0 : renderedValue(String(node.value), !quoted);
  if (rendered !== void 0) at.rendered = rendered;
  const reading = rendered === void 0 ? void 0 : readWeight("PLAIN", rendered);
  if (reading?.ok && reading.note) at.reads = reading.note;
  return at;
}
function renderedValue(value, plain) {
  const json = helmValue(value, !plain);
  if (typeof json === "number") return goFloat(json);
  return typeof json === "string" ? json : void 0;
}
export {
  findValue,
  goFloat,
  renderedValue
};
