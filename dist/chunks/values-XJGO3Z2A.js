import {
  resolvePlain
} from "./chunk-TP7DFXLP.js";
import {
  LineIndex,
  columnOf
} from "./chunk-X3GTPCZH.js";
import {
  require_dist
} from "./chunk-S7MRHGHA.js";
import {
  __toESM
} from "./chunk-7VZ5H7B6.js";

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
  const { line } = new LineIndex(text).locate(start);
  const at = { line: line + 1, column: columnOf(text, start) + 1, raw: text.slice(start, end) };
  const rendered = renderedValue(String(node.value), node.type === "PLAIN");
  if (rendered !== void 0) at.rendered = rendered;
  return at;
}
function renderedValue(value, plain) {
  if (!plain) return value;
  const r = resolvePlain(value);
  if (r.kind === "int") return goFloat(Number(r.value));
  if (r.kind === "float") return goFloat(r.value);
  return r.kind === "string" ? value : void 0;
}
function goFloat(x) {
  if (!Number.isFinite(x)) return String(x);
  if (x === 0) return Object.is(x, -0) ? "-0" : "0";
  const [mantissa, e] = x.toExponential().split("e");
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  return String(x);
}
export {
  findValue,
  goFloat,
  renderedValue
};
