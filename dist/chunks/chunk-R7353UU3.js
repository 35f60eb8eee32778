import {
  MAX_WEIGHT,
  isIntegerLiteral,
  normalize,
  parseQuantity,
  scaleWeights
} from "./chunk-Y23HNRTD.js";
import {
  lineStart
} from "./chunk-X3GTPCZH.js";

// src/yaml/template.ts
var CONTROL = /^(?:if|else|end|range|with|define|break|continue)\b/;
var OPENER = /^(?:if|range|with|define|block)\b/;
var DEFINE = /^define\s+(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`)/;
var ASSIGNMENT = /^\$[A-Za-z0-9_]*\s*:?=/;
var VALUES_PATH = /^\{\{-?\s*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*-?\}\}$/;
function maskTemplate(text) {
  if (!text.includes("{{")) return void 0;
  const actions = [];
  for (let at = text.indexOf("{{"); at >= 0; at = text.indexOf("{{", at)) {
    const end = actionEnd(text, at + 2);
    if (end < 0) break;
    actions.push(describe(text, at, end));
    at = end;
  }
  if (actions.length === 0) return void 0;
  markStandalone(text, actions);
  const out = text.split("");
  for (const a of actions) {
    if (a.standalone) maskComment(out, a.start, a.end);
    else maskInline(out, a.start, a.end);
  }
  const defines = findDefines(text, actions);
  for (const d of defines) maskComment(out, d.start, d.end);
  return { text: out.join(""), actions, defines };
}
function maskComment(out, start, end) {
  let lineHead = true;
  for (let i = start; i < end; i++) {
    const c = out[i];
    if (c === "\n") {
      lineHead = true;
      continue;
    }
    if (c === "\r" && out[i + 1] === "\n") continue;
    if (lineHead && (c === " " || c === "	")) continue;
    out[i] = lineHead ? "#" : " ";
    lineHead = false;
  }
}
function maskInline(out, start, end) {
  let first = true;
  let i = start;
  for (; i < end; i++) {
    const c = out[i];
    if (c === "\n") {
      first = false;
      continue;
    }
    if (c === "\r" && out[i + 1] === "\n") continue;
    out[i] = first ? "x" : " ";
  }
  if (first) return;
  for (; i < out.length && out[i] !== "\n" && !(out[i] === "\r" && out[i + 1] === "\n"); i++) out[i] = " ";
}
function findDefines(text, actions) {
  const defines = [];
  for (let i = 0; i < actions.length; i++) {
    const name = DEFINE.exec(bodyOf(text, actions[i]));
    if (!name) continue;
    let depth = 1;
    let j = i + 1;
    for (; j < actions.length && depth > 0; j++) {
      const body = bodyOf(text, actions[j]);
      if (OPENER.test(body)) depth++;
      else if (/^end\b/.test(body)) depth--;
      if (depth > 0) actions[j].inDefine = true;
    }
    const closed = depth === 0;
    const last = closed ? actions[j - 1] : void 0;
    if (last) last.inDefine = true;
    actions[i].inDefine = true;
    defines.push({ name: name[1] ?? name[2] ?? "", start: actions[i].start, bodyStart: actions[i].end, end: last ? last.end : text.length });
    i = closed ? j - 1 : actions.length;
  }
  return defines;
}
function bodyOf(text, a) {
  return text.slice(skipTrim(text, a.start + 2), a.end);
}
function actionEnd(text, from) {
  let i = from;
  if (text.startsWith("/*", skipTrim(text, i))) {
    const close = text.indexOf("*/", i);
    if (close < 0) return -1;
    i = close + 2;
  }
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "`") {
      const close = text.indexOf("`", i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === "}" && text[i + 1] === "}") {
      return i + 2;
    } else {
      i++;
    }
  }
  return -1;
}
function skipTrim(text, i) {
  let j = i;
  if (text[j] === "-" && /\s/.test(text[j + 1] ?? "")) j++;
  while (/[ \t\r\n]/.test(text[j] ?? "")) j++;
  return j;
}
function describe(text, start, end) {
  const source = text.slice(start, end);
  const body = text.slice(skipTrim(text, start + 2), end);
  const output = !(body.startsWith("/*") || CONTROL.test(body) || ASSIGNMENT.test(body));
  const action = { start, end, standalone: false, output };
  const path = VALUES_PATH.exec(source);
  if (path) action.valuesPath = path[1].slice(1).split(".");
  return action;
}
function markStandalone(text, actions) {
  let i = 0;
  while (i < actions.length) {
    const first = lineStart(text, actions[i].start);
    let j = i;
    let pos = first;
    let alone = true;
    for (; ; ) {
      const a = actions[j];
      if (text.slice(pos, a.start).trim() !== "") alone = false;
      pos = a.end;
      const next = actions[j + 1];
      const eol = text.indexOf("\n", pos);
      const lineEnd = eol < 0 ? text.length : eol;
      if (next && next.start < lineEnd) {
        j++;
        continue;
      }
      if (text.slice(pos, lineEnd).trim() !== "") alone = false;
      break;
    }
    for (let k = i; k <= j; k++) actions[k].standalone = alone;
    i = j + 1;
  }
}
function actionWithin(actions, start, end) {
  return actions.find((a) => a.start < end && a.end > start);
}

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
var YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
var GO_DOT_FLOAT = /^\.[0-9_]*([eE][-+]?[0-9][0-9_]*)?$/;
var MAX_UINT64 = (1n << 64n) - 1n;
var MAX_INT64 = (1n << 63n) - 1n;
var YAML11_BREAKS = /[\u0085\u2028\u2029]/;
var GO_JSON_TRIMMED = " \x85\xA0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000";
function readWeight(style, text, raw) {
  if (style === "BLOCK_LITERAL" || style === "BLOCK_FOLDED") {
    return { ok: false, reason: "is a block scalar; write the weight on the key's line" };
  }
  if (YAML11_BREAKS.test(style === "PLAIN" ? text : raw ?? text)) {
    return { ok: false, reason: "contains U+0085, U+2028 or U+2029, a line break to kubectl's YAML 1.1 reader" };
  }
  if (style !== "PLAIN") return fromString(text);
  const resolved = resolvePlain(text);
  switch (resolved.kind) {
    case "null":
      return { ok: false, reason: "is null" };
    case "bool":
      return { ok: false, reason: "is a boolean to kubectl (YAML 1.1)" };
    case "special":
      return { ok: false, reason: "is not a finite number" };
    case "string":
      return fromString(text);
    case "int": {
      const value = normalize({ negative: resolved.value < 0n, n: resolved.value < 0n ? -resolved.value : resolved.value, e: 0 });
      const literal = text.replace(/^\+/, "");
      const decimal = resolved.value.toString();
      return literal === decimal ? { ok: true, value } : { ok: true, value, note: `read as ${decimal} (YAML 1.1 integer)` };
    }
    case "float": {
      const printed = String(resolved.value);
      const r = fromQuantity(printed);
      if (!r.ok) return r;
      const exact = parseQuantity(text);
      const same = exact.ok && sameDecimal(exact.value, r.value) && !text.includes("_");
      return same ? r : { ...r, note: `read as ${printed} (YAML 1.1 float)` };
    }
  }
}
function resolvePlain(text) {
  const first = text.charCodeAt(0);
  const digit = first >= 48 && first <= 57;
  const sign = text[0] === "+" || text[0] === "-";
  const dot = text[0] === ".";
  const inMap = text === "" || "yYnNtTfFoO~".includes(text[0]);
  if (!digit && !sign && !dot && !inMap) return { kind: "string" };
  if (NULLS.has(text)) return { kind: "null" };
  if (BOOLS.has(text)) return { kind: "bool" };
  if (SPECIAL_FLOATS.has(text)) return { kind: "special" };
  if (inMap) return { kind: "string" };
  if (dot) {
    if (!GO_DOT_FLOAT.test(text) || !isDigit(text.charCodeAt(1)) || text.includes("_") && !underscoreOK(text)) {
      return { kind: "string" };
    }
    const f = Number(text.replaceAll("_", ""));
    return Number.isFinite(f) ? { kind: "float", value: f } : { kind: "string" };
  }
  const plain = text.replaceAll("_", "");
  const int = goParseInt(plain, 0);
  if (int !== void 0) return { kind: "int", value: int };
  const uint = goParseUint(plain, 0);
  if (uint !== void 0) return { kind: "int", value: uint };
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain);
    if (Number.isFinite(f)) return { kind: "float", value: f };
  }
  if (plain.startsWith("0b")) {
    const b = goParseInt(plain.slice(2), 2) ?? goParseUint(plain.slice(2), 2);
    if (b !== void 0) return { kind: "int", value: b };
  }
  return { kind: "string" };
}
function goParseUint(s, base) {
  if (s === "") return void 0;
  let radix = base === 2 ? 2 : 10;
  let body = s;
  if (base === 0 && s[0] === "0") {
    const p = s.length >= 3 ? s[1].toLowerCase() : "";
    if (p === "b") [radix, body] = [2, s.slice(2)];
    else if (p === "o") [radix, body] = [8, s.slice(2)];
    else if (p === "x") [radix, body] = [16, s.slice(2)];
    else [radix, body] = [8, s.slice(1)];
  }
  let zeros = 0;
  for (let i = 0; i < body.length; i++) {
    const d = digitValue(body.charCodeAt(i));
    if (d >= radix) return void 0;
    if (d === 0 && zeros === i) zeros++;
  }
  if (body === "") return base === 0 && radix === 8 ? 0n : void 0;
  if (body.length - zeros > 64) return void 0;
  const prefix = { 2: "0b", 8: "0o", 10: "", 16: "0x" }[radix];
  const v = BigInt(prefix + body);
  return v > MAX_UINT64 ? void 0 : v;
}
function goParseInt(s, base) {
  const negative = s[0] === "-";
  const body = s[0] === "+" || s[0] === "-" ? s.slice(1) : s;
  const u = goParseUint(body, base);
  if (u === void 0) return void 0;
  if (negative ? u > MAX_INT64 + 1n : u > MAX_INT64) return void 0;
  return negative ? -u : u;
}
function underscoreOK(s) {
  let saw = "^";
  let i = 0;
  if (s[0] === "-" || s[0] === "+") s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === "0" && "bBoOxX".includes(s[1])) {
    i = 2;
    saw = "0";
    hex = s[1] === "x" || s[1] === "X";
  }
  for (; i < s.length; i++) {
    const c = s[i];
    if (digitValue(c.charCodeAt(0)) < (hex ? 16 : 10)) {
      saw = "0";
      continue;
    }
    if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
      continue;
    }
    if (saw === "_") return false;
    saw = "!";
  }
  return saw !== "_";
}
function fromString(text) {
  const trimmed = trimGoJson(text);
  const r = fromQuantity(trimmed);
  if (r.ok || trimmed === text.trim()) return r;
  const loose = parseQuantity(text.trim());
  if (!loose.ok) return r;
  const around = [...text].filter((c) => NOT_TRIMMED.includes(c));
  const shown = [...new Set(around)].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
  return { ok: false, reason: `has ${shown} around it, which Kubernetes does not strip (its JSON form keeps it); remove it` };
}
var NOT_TRIMMED = "	\n\v\f\r\u2028\u2029\uFEFF";
function digitValue(c) {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  return l >= 97 && l <= 102 ? l - 87 : 99;
}
function isDigit(c) {
  return c >= 48 && c <= 57;
}
function trimGoJson(text) {
  let a = 0;
  let b = text.length;
  while (a < b && GO_JSON_TRIMMED.includes(text[a])) a++;
  while (b > a && GO_JSON_TRIMMED.includes(text[b - 1])) b--;
  return text.slice(a, b);
}
function fromQuantity(text) {
  const r = parseQuantity(text);
  return r.ok ? { ok: true, value: r.value } : { ok: false, reason: r.reason };
}
function sameDecimal(a, b) {
  return a.negative === b.negative && a.n === b.n && a.e === b.e;
}

// src/kinds/kind.ts
var apiVersionOnly = () => ({ ok: true });

// src/kinds/trafficsplit/steps.ts
var STEPS = [
  { from: "v1alpha1", to: "v1alpha2", apply: convertWeights },
  { from: "v1alpha2", to: "v1alpha3", apply: apiVersionOnly },
  { from: "v1alpha3", to: "v1alpha4", apply: apiVersionOnly }
];
function repair(u, opts) {
  if (u.version === "v1alpha1") return false;
  const broken = u.view.data.weights.some((w) => !("scalar" in w) || w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value));
  return broken ? convertWeights(u, opts) : false;
}
function convertWeights(u, opts) {
  const read = readValues(u.view.data.weights, u.notes);
  if ("problems" in read) return read;
  const { values, scalars } = read;
  const scaled = scaleWeights(values, opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, u.view.ref.name) } : {});
  if (!scaled.ok) {
    const s = scalars[scaled.index];
    return { problems: [{ code: "invalid-weight", offset: s.start, message: `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}` }] };
  }
  if (scaled.divided) u.notes.push(`divided by their greatest common divisor to stay within ${MAX_WEIGHT}`);
  const before = [];
  const after = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [i, s] of scalars.entries()) {
    const text = scaled.weights[i].toString();
    before.push(s.raw);
    after.push(text);
    if (s.raw !== text && !seen.has(s.start)) u.changes.push({ shape: "scalar", scalar: s, text });
    seen.add(s.start);
  }
  u.weights = { before, after };
  return { ok: true };
}
function readValues(weights, notes) {
  const problems = [];
  const values = [];
  const scalars = [];
  for (const [i, w] of weights.entries()) {
    if ("problem" in w) {
      problems.push(w.problem);
      continue;
    }
    const reading = readWeight(w.scalar.style, w.scalar.value, w.scalar.raw);
    if (!reading.ok) {
      problems.push({ code: "invalid-weight", offset: w.scalar.start, message: `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}` });
      continue;
    }
    if (reading.value.negative) {
      problems.push({ code: "invalid-weight", offset: w.scalar.start, message: `backend ${i + 1} weight ${show(w.scalar)} is negative` });
      continue;
    }
    if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`);
    values.push(reading.value);
    scalars.push(w.scalar);
  }
  return problems.length ? { problems } : { values, scalars };
}
function floorFor(floors, name) {
  if (!floors) return 0;
  return Math.max(floors.get("*") ?? 0, name === void 0 ? 0 : floors.get(name) ?? 0);
}
function show(s) {
  const flat = s.raw.split("\r").join("\\r").split("\n").join("\\n");
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
  return s.style === "PLAIN" ? `"${raw}"` : raw;
}

export {
  readWeight,
  resolvePlain,
  maskTemplate,
  actionWithin,
  apiVersionOnly,
  STEPS,
  repair,
  readValues,
  floorFor,
  show
};
