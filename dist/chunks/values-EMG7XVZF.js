#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  require_dist
} from "./chunk-JQNYK2EV.js";
import {
  __toESM
} from "./chunk-PL3BMLT6.js";

// src/yaml/values.ts
var import_yaml = __toESM(require_dist(), 1);
function findValue(text, path) {
  const doc = (0, import_yaml.parseDocument)(text, { schema: "failsafe" });
  if (doc.errors.length) return void 0;
  let node = doc.contents;
  for (const key of path) {
    if (!(0, import_yaml.isMap)(node)) return void 0;
    node = node.get(key, true);
  }
  if (!(0, import_yaml.isScalar)(node) || !node.range) return void 0;
  const [start, end] = node.range;
  const before = text.slice(0, start);
  const line = before.split("\n").length;
  return { line, column: start - before.lastIndexOf("\n"), raw: text.slice(start, end) };
}
export {
  findValue
};
