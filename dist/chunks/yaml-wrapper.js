import {
  parseDocuments
} from "./shared-75891b8258.js";
import {
  listReading,
  mergeKey
} from "./shared-52d6f9d52b.js";
import {
  isMap,
  isScalar
} from "./shared-afcbbfc458.js";
import "./shared-6c59af8607.js";

// src/yaml/wrapper.ts
function inspectListWrapper(text) {
  const docs = parseDocuments(text);
  const doc = docs[0];
  if (docs.length !== 1 || !doc || doc.error || !isMap(doc.doc.contents)) return { valid: false, isList: false };
  const root = doc.doc.contents;
  const kind = root.get("kind", true);
  if (mergeKey(root) || kind !== void 0 && !isScalar(kind)) return { valid: false, isList: false };
  return { valid: true, isList: listReading(root.has("items"), isScalar(kind) ? kind.value : void 0) === "list" };
}
export {
  inspectListWrapper
};
