#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  require_dist
} from "./chunk-JQNYK2EV.js";
import {
  __toESM
} from "./chunk-PL3BMLT6.js";

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
