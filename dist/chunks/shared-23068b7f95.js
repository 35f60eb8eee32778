import {
  parseDocument
} from "./shared-afcbbfc458.js";

// src/yaml/data.ts
function yamlData(text, maxAliases = 100) {
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
  const err = doc.errors[0];
  if (err) return { error: { offset: err.pos[0], message: err.message.split("\n")[0] } };
  try {
    return { value: doc.toJS({ maxAliasCount: maxAliases }) };
  } catch (e) {
    return { error: { offset: 0, message: e.message } };
  }
}

export {
  yamlData
};
