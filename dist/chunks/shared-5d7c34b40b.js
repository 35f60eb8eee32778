import {
  fromJsonNumber,
  fromJsonString,
  normalize,
  parseQuantity
} from "./shared-051a59df81.js";

// src/quantity/yaml11.ts
var NULLS = /* @__PURE__ */ new Set(["", "~", "null", "Null", "NULL"]);
var BOOLS = /* @__PURE__ */ new Set([
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "true",
  "True",
  "TRUE",
  "false",
  "False",
  "FALSE",
  "on",
  "On",
  "ON",
  "off",
  "Off",
  "OFF"
]);
var SPECIAL_FLOATS = /* @__PURE__ */ new Set([".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF"]);
var YAML11_BREAKS = /[\u0085\u2028\u2029]/;
function readWeight(style, text, raw) {
  if (style === "BLOCK_LITERAL" || style === "BLOCK_FOLDED") {
    return { ok: false, reason: "is a block scalar; write the weight on the key's line" };
  }
  if (YAML11_BREAKS.test(style === "PLAIN" ? text : raw ?? text)) {
    return { ok: false, reason: "contains U+0085, U+2028 or U+2029, a line break to kubectl's YAML 1.1 reader" };
  }
  if (style !== "PLAIN") return fromJsonString(text);
  const resolved = resolvePlain(text);
  switch (resolved.kind) {
    case "null":
      return { ok: false, reason: "is null" };
    case "bool":
      return { ok: false, reason: "is a boolean to kubectl (YAML 1.1)" };
    case "special":
      return { ok: false, reason: "is not a finite number" };
    case "string":
      return fromJsonString(text);
    case "int": {
      const value = normalize({ negative: resolved.value < 0n, n: resolved.value < 0n ? -resolved.value : resolved.value, e: 0 });
      const literal = text.replace(/^\+/, "");
      const decimal = resolved.value.toString();
      return literal === decimal ? { ok: true, value } : { ok: true, value, note: `read as ${decimal} (YAML 1.1 integer)` };
    }
    case "float": {
      const printed = String(resolved.value);
      const r = fromJsonNumber(resolved.value);
      if (!r.ok) return r;
      const exact = parseQuantity(text);
      const same = exact.ok && sameDecimal(exact.value, r.value) && !text.includes("_");
      if (same) return r;
      return { ...r, note: `read as ${printed} (YAML 1.1 float)${r.note ? `, then ${r.note}` : ""}` };
    }
  }
}
var STRING = { kind: "string" };
var DOT_FLOAT = /^\.\d(?:_?\d)*(?:e[-+]?\d(?:_?\d)*)?$/i;
var INTEGER = /^([-+]?)(?:0b([01]+)|0o([0-7]+)|0x([\da-f]+)|0([0-7]*)|([1-9]\d*))$/i;
var YAML_FLOAT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;
var SIGNED_BINARY = /^0b([-+]?)([01]+)$/;
var PLAIN_RULES = [
  { rule: "null", read: (t) => NULLS.has(t) ? { kind: "null" } : void 0 },
  { rule: "boolean", read: (t) => BOOLS.has(t) ? { kind: "bool" } : void 0 },
  { rule: "infinity or NaN", read: (t) => SPECIAL_FLOATS.has(t) ? { kind: "special" } : void 0 },
  { rule: "no number without a leading digit, sign or point", read: (t) => /^[-+.\d]/.test(t) ? void 0 : STRING },
  { rule: "point-led: a Go float, else a string", read: (t) => t[0] === "." ? pointLed(t) : void 0 },
  { rule: "integer", read: (t) => integer(t.replaceAll("_", "")) },
  { rule: "YAML float", read: (t) => YAML_FLOAT.test(t.replaceAll("_", "")) ? float(t) : void 0 },
  { rule: "0b, then a signed binary integer", read: (t) => signedBinary(t.replaceAll("_", "")) }
];
function resolvePlain(text) {
  for (const { read } of PLAIN_RULES) {
    const r = read(text);
    if (r) return r;
  }
  return STRING;
}
function float(text) {
  const value = Number(text.replaceAll("_", ""));
  return Number.isFinite(value) ? { kind: "float", value } : void 0;
}
function pointLed(text) {
  return (DOT_FLOAT.test(text) ? float(text) : void 0) ?? STRING;
}
function integer(text) {
  const m = INTEGER.exec(text);
  if (!m) return void 0;
  const [, sign = "", bin, oct, hex, legacyOctal, dec] = m;
  if (bin !== void 0) return inRange(sign, bin, "0b");
  if (oct !== void 0) return inRange(sign, oct, "0o");
  if (hex !== void 0) return inRange(sign, hex, "0x");
  return legacyOctal !== void 0 ? inRange(sign, legacyOctal, "0o") : inRange(sign, dec, "");
}
function signedBinary(text) {
  const m = SIGNED_BINARY.exec(text);
  return m ? inRange(m[1], m[2], "0b") : void 0;
}
var LIMIT = { "": (1n << 64n) - 1n, "+": (1n << 63n) - 1n, "-": 1n << 63n };
function inRange(sign, digits, prefix) {
  const significant = digits.replace(/^0+/, "");
  if (significant.length > 64) return void 0;
  const magnitude = significant === "" ? 0n : BigInt(prefix + significant);
  if (magnitude > LIMIT[sign]) return void 0;
  return { kind: "int", value: sign === "-" ? -magnitude : magnitude };
}
function sameDecimal(a, b) {
  return a.negative === b.negative && a.n === b.n && a.e === b.e;
}

export {
  readWeight,
  resolvePlain
};
