import {
  parseDocuments
} from "./shared-13eef786d6.js";
import {
  isMap,
  isScalar
} from "./shared-afcbbfc458.js";

// src/yaml/wrapper.ts
function inspectListWrapper(text) {
  const docs = parseDocuments(text);
  const doc = docs[0];
  if (docs.length !== 1 || !doc || doc.error || !isMap(doc.doc.contents)) return { valid: false, isList: false };
  const kind = doc.doc.contents.get("kind", true);
  const value = isScalar(kind) ? kind.value : void 0;
  return { valid: true, isList: typeof value === "string" && value.endsWith("List") };
}
export {
  inspectListWrapper
};
