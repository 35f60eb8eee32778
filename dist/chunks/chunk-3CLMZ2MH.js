import {
  require_dist
} from "./chunk-S7MRHGHA.js";
import {
  __toESM
} from "./chunk-7VZ5H7B6.js";

// src/yaml/documents.ts
var import_yaml = __toESM(require_dist(), 1);
function parseDocuments(text) {
  const docs = (0, import_yaml.parseAllDocuments)(text, { schema: "failsafe", uniqueKeys: true });
  const list = Array.isArray(docs) ? docs : [];
  return list.map((doc) => {
    const [start, , end] = doc.range;
    const first = doc.errors[0];
    if (!first) return { doc, start, end };
    const message = first.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "");
    return { doc, start, end, error: { offset: first.pos[0], message: `${message} (${first.code})` } };
  });
}

export {
  parseDocuments
};
