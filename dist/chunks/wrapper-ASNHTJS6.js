import {
  parseDocuments
} from "./chunk-JU2S2LQN.js";
import {
  require_dist
} from "./chunk-S7MRHGHA.js";
import {
  __toESM
} from "./chunk-7VZ5H7B6.js";

// src/yaml/wrapper.ts
var import_yaml = __toESM(require_dist(), 1);
function inspectListWrapper(text) {
  const docs = parseDocuments(text);
  const doc = docs[0];
  if (docs.length !== 1 || !doc || doc.error || !(0, import_yaml.isMap)(doc.doc.contents)) return { valid: false, isList: false };
  const kind = doc.doc.contents.get("kind", true);
  const value = (0, import_yaml.isScalar)(kind) ? kind.value : void 0;
  return { valid: true, isList: typeof value === "string" && value.endsWith("List") };
}
export {
  inspectListWrapper
};
