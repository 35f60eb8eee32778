// src/edit/emit.ts
function emitPair(key, value, style, column) {
  const k = style.json ? JSON.stringify(key) : scalar(key, style);
  if (style.flow || isEmptyOrScalar(value)) return `${k}: ${flowValue(value, style)}`;
  const inner = Array.isArray(value) && style.compactSequences ? column : column + style.indent;
  return `${k}:${style.eol}${blockValue(value, style, inner)}`;
}
function emitBlockMap(value, style, column) {
  return blockValue(value, style, column).slice(column);
}
function emitFlow(value, style) {
  return flowValue(value, style);
}
function isEmptyOrScalar(v) {
  if (Array.isArray(v)) return v.length === 0;
  if (v !== null && typeof v === "object") return Object.keys(v).length === 0;
  return true;
}
function blockValue(v, style, column) {
  const pad = " ".repeat(column);
  if (Array.isArray(v)) {
    return v.map(
      (item) => isEmptyOrScalar(item) ? `${pad}- ${flowValue(item, style)}` : `${pad}- ${blockValue(item, style, column + 2).trimStart()}`
    ).join(style.eol);
  }
  return Object.entries(v).map(([k, item]) => pad + emitPair(k, item, style, column)).join(style.eol);
}
function flowValue(v, style) {
  if (Array.isArray(v)) return `[${v.map((item) => flowValue(item, style)).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v);
    if (entries.length === 0) return "{}";
    const key = (k) => style.json ? JSON.stringify(k) : scalar(k, style);
    return `{${entries.map(([k, item]) => `${key(k)}: ${flowValue(item, style)}`).join(", ")}}`;
  }
  return scalar(v, style);
}
function scalar(v, style) {
  if (typeof v !== "string") return v === null ? "null" : String(v);
  if (style.json || !/^[A-Z][\w./-]*$/i.test(v) || AMBIGUOUS.has(v.toLowerCase())) return quote(v);
  return v;
}
function quote(v) {
  return jsonText(v);
}
function jsonText(value, indent) {
  return JSON.stringify(value, null, indent).replace(
    /[\u007f-\u009f\u2028\u2029\ufffe\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  );
}
var AMBIGUOUS = /* @__PURE__ */ new Set(["y", "n", "yes", "no", "on", "off", "true", "false", "null"]);

export {
  emitPair,
  emitBlockMap,
  emitFlow,
  jsonText
};
