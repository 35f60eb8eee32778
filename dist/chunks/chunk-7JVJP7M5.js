#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./chunk-6FXVUNUL.js";
import {
  parseDocuments
} from "./chunk-QWALWATZ.js";
import {
  require_dist
} from "./chunk-JQNYK2EV.js";
import {
  __toESM
} from "./chunk-PL3BMLT6.js";

// src/quantity/quantity.ts
var DECIMAL_SUFFIX = {
  "": 0,
  n: -9,
  u: -6,
  m: -3,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18
};
var BINARY_SUFFIX = {
  Ki: 1n << 10n,
  Mi: 1n << 20n,
  Gi: 1n << 30n,
  Ti: 1n << 40n,
  Pi: 1n << 50n,
  Ei: 1n << 60n
};
var SHAPE = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([\s\S]*)$/;
var EXPONENT = /^[eE]([+-]?[0-9]+)$/;
function parseQuantity(text) {
  const m = SHAPE.exec(text);
  if (!m) return { ok: false, reason: "is not a quantity" };
  const [, sign, intPart = "", fracPart = "", suffix = ""] = m;
  if (intPart === "" && fracPart === "") return { ok: false, reason: "is not a quantity (no digits)" };
  const all = intPart + fracPart;
  let first = 0;
  while (first < all.length && all.charCodeAt(first) === 48) first++;
  let last = all.length;
  while (last > first && all.charCodeAt(last - 1) === 48) last--;
  if (last - first > 64) return { ok: false, reason: "has too many significant digits" };
  let n = BigInt(all.slice(first, last) || "0");
  let e = all.length - last - fracPart.length;
  if (Object.hasOwn(DECIMAL_SUFFIX, suffix)) {
    e += DECIMAL_SUFFIX[suffix];
  } else if (Object.hasOwn(BINARY_SUFFIX, suffix)) {
    n *= BINARY_SUFFIX[suffix];
  } else {
    const exp = EXPONENT.exec(suffix);
    if (!exp) return { ok: false, reason: `has an unknown quantity suffix "${suffix}"` };
    const x = Number(exp[1]);
    e += Math.max(-1e6, Math.min(1e6, x));
  }
  return { ok: true, value: normalize({ negative: sign === "-" && n !== 0n, n, e }) };
}
function normalize(d) {
  if (d.n === 0n) return { negative: false, n: 0n, e: 0 };
  let { n, e } = d;
  while (n % 10n === 0n) {
    n /= 10n;
    e += 1;
  }
  return { negative: d.negative, n, e };
}
function digitCount(n) {
  return n === 0n ? 1 : n.toString().length;
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
var YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
var GO_INT = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/;
var SPECIAL_FLOAT = /^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$/;
function readWeight(style, text) {
  if (style === "BLOCK_LITERAL" || style === "BLOCK_FOLDED") {
    return { ok: false, reason: "is a block scalar; write the weight on the key's line" };
  }
  if (style !== "PLAIN") {
    return fromQuantity(text.trim());
  }
  if (NULLS.has(text)) return { ok: false, reason: "is null" };
  if (BOOLS.has(text)) return { ok: false, reason: "is a boolean to kubectl (YAML 1.1)" };
  if (SPECIAL_FLOAT.test(text)) return { ok: false, reason: "is not a finite number" };
  const first = text.charCodeAt(0);
  const numeric = first >= 48 && first <= 57 || text[0] === "+" || text[0] === "-" || text[0] === ".";
  if (!numeric) return fromQuantity(text);
  const plain = text.includes("_") ? text.replaceAll("_", "") : text;
  if (plain.length > 80) return fromQuantity(text);
  const int = GO_INT.exec(plain);
  if (int) {
    const [, sign = "", body = "0"] = int;
    const magnitude = parseGoInt(body);
    const value = normalize({ negative: sign === "-", n: magnitude, e: 0 });
    const decimal = `${sign === "-" ? "-" : ""}${magnitude}`;
    const literal = text.replace(/^\+/, "");
    return literal === decimal ? { ok: true, value } : { ok: true, value, note: `read as ${decimal} (YAML 1.1 integer)` };
  }
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain);
    if (!Number.isFinite(f)) return fromQuantity(text);
    const printed = String(f);
    const r = fromQuantity(printed);
    if (!r.ok) return r;
    const exact = parseQuantity(plain);
    const same = plain === text && exact.ok && sameDecimal(exact.value, r.value);
    return same ? r : { ...r, note: `read as ${printed} (YAML 1.1 float)` };
  }
  return fromQuantity(text);
}
function fromQuantity(text) {
  const r = parseQuantity(text);
  return r.ok ? { ok: true, value: r.value } : { ok: false, reason: r.reason };
}
function parseGoInt(body) {
  if (/^0[xXoObB]/.test(body)) {
    const radix = { x: "0x", o: "0o", b: "0b" }[body[1].toLowerCase()];
    return BigInt(radix + body.slice(2));
  }
  if (body.length > 1 && body[0] === "0") return BigInt("0o" + body.slice(1));
  return BigInt(body);
}
function sameDecimal(a, b) {
  return a.negative === b.negative && a.n === b.n && a.e === b.e;
}

// src/convert/describe.ts
function describeObject({ kind, namespace, name }) {
  if (name === void 0) return kind;
  return `${kind} ${namespace ? `${namespace}/` : ""}${name}`;
}

// src/convert/versions.ts
var STEPS = [
  { from: "v1alpha1", to: "v1alpha2", convertsWeights: true },
  { from: "v1alpha2", to: "v1alpha3", convertsWeights: false },
  { from: "v1alpha3", to: "v1alpha4", convertsWeights: false }
];
function stepsBetween(from, to) {
  const a = VERSIONS.indexOf(from);
  const b = VERSIONS.indexOf(to);
  return STEPS.filter((s) => VERSIONS.indexOf(s.from) >= a && VERSIONS.indexOf(s.to) <= b);
}
function isNewer(version, than) {
  return VERSIONS.indexOf(version) > VERSIONS.indexOf(than);
}

// src/convert/weights.ts
var MAX_WEIGHT = 2147483647n;
var SCALES = [0, 3, 6, 9];
function scaleWeights(values, floor = 0) {
  let need = floor;
  for (const [index, v] of values.entries()) {
    if (v.negative) return { ok: false, index, reason: "is negative" };
    if (v.n !== 0n && -v.e > 9) {
      return { ok: false, index, reason: "is finer than 1n, the smallest unit a quantity keeps" };
    }
    if (v.n !== 0n) need = Math.max(need, -v.e);
  }
  const scale = SCALES.find((k) => k >= need);
  const weights = [];
  for (const [index, v] of values.entries()) {
    const shift = v.e + scale;
    if (v.n !== 0n && digitCount(v.n) + shift > 10) return { ok: false, index, reason: tooLarge(scale) };
    const w = v.n === 0n ? 0n : v.n * 10n ** BigInt(shift);
    if (w > MAX_WEIGHT) return { ok: false, index, reason: tooLarge(scale) };
    weights.push(w);
  }
  return { ok: true, scale, weights };
}
function neededScale(values) {
  const need = Math.max(0, ...values.filter((v) => v.n !== 0n).map((v) => -v.e));
  return SCALES.find((k) => k >= need) ?? 9;
}
function tooLarge(scale) {
  const by = scale === 0 ? "" : ` after scaling the object's weights by 10^${scale}`;
  return `is above ${MAX_WEIGHT}, the largest integer weight${by}`;
}
function isIntegerLiteral(text) {
  return /^(0|[1-9][0-9]{0,9})$/.test(text);
}

// src/convert/plan.ts
function planSplits(splits, opts) {
  const plan = { edits: [], findings: [] };
  for (const split of splits) planSplit(split, opts, plan);
  return plan;
}
function floorFor(floors, name) {
  if (!floors) return 0;
  return Math.max(floors.get("*") ?? 0, name === void 0 ? 0 : floors.get(name) ?? 0);
}
function planSplit(split, opts, plan) {
  const to = opts.to;
  const object = split.ref;
  const error = (offset, code, message) => plan.findings.push({ severity: "error", code, message: `${describe(split)}: ${message}`, offset, object });
  if (split.problem) return void error(split.problem.offset, split.problem.code, split.problem.message);
  const steps = stepsBetween(split.version, to);
  const upgrading = steps.length > 0;
  const convertsWeights = steps.some((s) => s.convertsWeights);
  const repairing = !convertsWeights && split.version !== "v1alpha1" && split.weights.some((w) => !("scalar" in w) || w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value));
  if (!upgrading && !repairing) {
    if (isNewer(split.version, to)) {
      plan.findings.push({
        severity: "info",
        code: "newer-than-target",
        offset: split.offset,
        object,
        message: `${describe(split)} is ${split.version}, newer than --to ${to}; left as it is`
      });
    }
    return;
  }
  const before = [];
  const after = [];
  const notes = [];
  const edits = [];
  if (convertsWeights || repairing) {
    const values = [];
    const scalars = [];
    let failed = false;
    for (const [i, w] of split.weights.entries()) {
      if ("problem" in w) {
        error(w.problem.offset, w.problem.code, w.problem.message);
        failed = true;
        continue;
      }
      const reading = readWeight(w.scalar.style, w.scalar.value);
      if (!reading.ok) {
        error(w.scalar.start, "invalid-weight", `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}`);
        failed = true;
        continue;
      }
      if (reading.value.negative) {
        error(w.scalar.start, "invalid-weight", `backend ${i + 1} weight ${show(w.scalar)} is negative`);
        failed = true;
        continue;
      }
      if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`);
      values.push(reading.value);
      scalars.push(w.scalar);
    }
    if (failed) return;
    const scaled = scaleWeights(values, floorFor(opts.scaleFloor, split.ref.name));
    if (!scaled.ok) {
      const s = scalars[scaled.index];
      return void error(s.start, "invalid-weight", `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}`);
    }
    const seen = /* @__PURE__ */ new Set();
    for (const [i, s] of scalars.entries()) {
      const text = scaled.weights[i].toString();
      before.push(s.raw);
      after.push(text);
      if (s.raw !== text && !seen.has(s.start)) edits.push({ start: s.start, end: s.end, text });
      seen.add(s.start);
    }
  }
  const target = upgrading ? to : split.version;
  if (upgrading && split.apiVersion) edits.push(apiVersionEdit(split.apiVersion, split.version, to));
  if (edits.length > 0 && split.strip) edits.push(...split.strip);
  plan.edits.push(...edits);
  if (edits.length === 0) return;
  const from = `${SMI_SPLIT_GROUP}/${split.version}`;
  const toVersion = `${SMI_SPLIT_GROUP}/${target}`;
  const weights = before.length ? `weights ${before.join(", ")} -> ${after.join(", ")}` : "";
  const noted = notes.length ? ` (${notes.join("; ")})` : "";
  plan.findings.push({
    severity: "info",
    code: upgrading ? "converted" : "repaired",
    offset: split.offset,
    object,
    message: upgrading ? `${describe(split)}: ${split.version} -> ${target}${weights ? `, ${weights}` : ""}${noted}` : `${describe(split)}: non-integer ${split.version} ${weights}${noted}`,
    from,
    to: toVersion,
    weightsBefore: before,
    weightsAfter: after
  });
}
function apiVersionEdit(scalar, from, to) {
  const at = scalar.raw.lastIndexOf(from);
  if (at >= 0 && scalar.value.endsWith(from)) {
    return { start: scalar.start + at, end: scalar.start + at + from.length, text: to };
  }
  return { start: scalar.start, end: scalar.end, text: `${SMI_SPLIT_GROUP}/${to}` };
}
function describe(split) {
  return describeObject(split.ref);
}
function show(s) {
  const flat = s.raw.split("\r").join("\\r").split("\n").join("\\n");
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
  return s.style === "PLAIN" ? `"${raw}"` : raw;
}

// src/yaml/locate.ts
var import_yaml3 = __toESM(require_dist(), 1);

// src/yaml/strip.ts
var import_yaml = __toESM(require_dist(), 1);
var SERVER_METADATA = /* @__PURE__ */ new Set(["creationTimestamp", "generation", "resourceVersion", "selfLink", "uid", "managedFields"]);
var LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
function serverFieldRemovals(obj, text) {
  const edits = [];
  const drop = /* @__PURE__ */ new Set();
  for (const pair of obj.items) {
    const key = keyOf(pair);
    if (key === "status") drop.add(pair);
    if (key !== "metadata" || !(0, import_yaml.isMap)(pair.value)) continue;
    const meta = pair.value;
    const metaDrop = new Set(meta.items.filter((p) => SERVER_METADATA.has(keyOf(p) ?? "")));
    const annotations = meta.items.find((p) => keyOf(p) === "annotations");
    if (annotations && (0, import_yaml.isMap)(annotations.value)) {
      const ann = annotations.value;
      const annDrop = new Set(ann.items.filter((p) => keyOf(p) === LAST_APPLIED));
      if (annDrop.size > 0 && annDrop.size === ann.items.length) metaDrop.add(annotations);
      else edits.push(...removePairs(ann, annDrop, text));
    }
    if (metaDrop.size > 0 && metaDrop.size === meta.items.length) drop.add(pair);
    else edits.push(...removePairs(meta, metaDrop, text));
  }
  if (drop.size < obj.items.length) edits.push(...removePairs(obj, drop, text));
  return edits;
}
function removePairs(map, drop, text) {
  if (drop.size === 0) return [];
  return map.flow ? removeFlowPairs(map, drop) : map.items.filter((p) => drop.has(p)).map((p) => removeBlockPair(map, p, text));
}
function removeFlowPairs(map, drop) {
  const items = map.items;
  const edits = [];
  for (let i = 0; i < items.length; i++) {
    if (!drop.has(items[i])) continue;
    let j = i;
    while (j + 1 < items.length && drop.has(items[j + 1])) j++;
    if (j + 1 < items.length) edits.push({ start: keyStart(items[i]), end: keyStart(items[j + 1]), text: "" });
    else edits.push({ start: valueEnd(items[i - 1]), end: valueEnd(items[j]), text: "" });
    i = j;
  }
  return edits;
}
function removeBlockPair(map, pair, text) {
  const key = keyStart(pair);
  const lineStart = text.lastIndexOf("\n", key - 1) + 1;
  let end = Math.max(valueEnd(pair), key);
  if (end > 0 && text[end - 1] !== "\n") {
    const nl = text.indexOf("\n", end);
    end = nl < 0 ? text.length : nl + 1;
  }
  end = trimTrailingBlankLines(text, lineStart, end);
  if (text.slice(lineStart, key).trim() !== "") {
    const next = map.items[map.items.indexOf(pair) + 1];
    return { start: key, end: next ? keyStart(next) : end, text: "" };
  }
  const indent = key - lineStart;
  let start = lineStart;
  for (; ; ) {
    if (start === 0) break;
    const prevStart = text.lastIndexOf("\n", start - 2) + 1;
    const line = text.slice(prevStart, start);
    const body = line.trimStart();
    if (!body.startsWith("#") || line.length - body.length !== indent) break;
    start = prevStart;
  }
  return { start, end, text: "" };
}
function trimTrailingBlankLines(text, min, end) {
  let e = end;
  for (; ; ) {
    const prevStart = text.lastIndexOf("\n", e - 2) + 1;
    if (prevStart <= min || text.slice(prevStart, e).trim() !== "") return e;
    e = prevStart;
  }
}
function keyOf(pair) {
  return (0, import_yaml.isScalar)(pair.key) && typeof pair.key.value === "string" ? pair.key.value : void 0;
}
function keyStart(pair) {
  return pair.key.range[0];
}
function valueEnd(pair) {
  const v = pair.value;
  return v?.range ? v.range[1] : pair.key.range[1];
}

// src/yaml/template.ts
var CONTROL = /^(?:if|else|end|range|with|define|break|continue)\b/;
var ASSIGNMENT = /^\$[A-Za-z0-9_]*\s*:?=/;
var VALUES_PATH = /^\{\{-?\s*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*-?\}\}$/;
function maskTemplate(text) {
  if (!text.includes("{{")) return void 0;
  const actions = [];
  for (let at = text.indexOf("{{"); at >= 0; at = text.indexOf("{{", at)) {
    const end = actionEnd(text, at + 2);
    if (end < 0) break;
    actions.push(describe2(text, at, end));
    at = end;
  }
  if (actions.length === 0) return void 0;
  markStandalone(text, actions);
  const out = text.split("");
  for (const a of actions) {
    let lineHead = true;
    for (let i = a.start; i < a.end; i++) {
      if (out[i] === "\n") {
        lineHead = true;
        continue;
      }
      if (a.standalone) out[i] = lineHead ? "#" : " ";
      else out[i] = out[i] === "\r" ? "\r" : "x";
      lineHead = false;
    }
  }
  return { text: out.join(""), actions };
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
function describe2(text, start, end) {
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
    const lineStart = text.lastIndexOf("\n", actions[i].start - 1) + 1;
    let j = i;
    let pos = lineStart;
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

// src/yaml/templated.ts
var import_yaml2 = __toESM(require_dist(), 1);
function templatedApiVersion(map, actions) {
  const node = map.get("apiVersion", true);
  if (!node?.range) return void 0;
  const action = actionWithin(actions, node.range[0], node.range[1]);
  return action ? { action, what: "apiVersion" } : void 0;
}
function templatedSplit(map, split, actions) {
  const weights = [];
  for (const [i, w] of split.weights.entries()) {
    const start2 = "scalar" in w ? w.scalar.start : w.offset;
    const end2 = "scalar" in w ? w.scalar.end : w.offset + 1;
    const action = actionWithin(actions, start2, end2);
    if (action) weights.push({ action, what: `backend ${i + 1} weight` });
  }
  if (weights.length) return weights;
  const [start, , end] = map.range ?? [0, 0, 0];
  const metadata = map.get("metadata", true);
  const [metaStart, metaEnd] = (0, import_yaml2.isMap)(metadata) || (0, import_yaml2.isScalar)(metadata) ? [metadata.range[0], metadata.range[2]] : [0, 0];
  const generated = actions.find((a) => a.output && a.standalone && a.start >= start && a.start < end && !(a.start >= metaStart && a.start < metaEnd));
  return generated ? [{ action: generated, what: "spec" }] : [];
}

// src/yaml/locate.ts
function locateSplits(doc, text, opts = {}, template) {
  const out = { splits: [], notices: [] };
  const actions = template?.actions ?? [];
  const original = template?.original ?? text;
  if (template) unmaskNames(doc, template);
  const add = (split, map) => {
    const templated = actions.length ? templatedSplit(map, split, actions) : [];
    if (templated.length) return void out.notices.push(...templated.map((t) => templatedNotice(t, split.ref, original)));
    if (opts.stripServerFields) split.strip = serverFieldRemovals(map, text);
    out.splits.push(split);
  };
  const root = doc.contents;
  if (!(0, import_yaml3.isMap)(root)) return out;
  const aliases = new AliasIndex(doc);
  const kind = stringAt(root, "kind");
  if (kind === "List" || kind !== void 0 && kind.endsWith("List") && kind !== "TrafficSplit") {
    const listVersion = kind === "TrafficSplitList" ? readApiVersion(root, text, out, "TrafficSplitList") : void 0;
    if (kind === "TrafficSplitList" && listVersion && "version" in listVersion) {
      out.splits.push({
        offset: offsetOf(root),
        ref: { kind: "TrafficSplitList" },
        version: listVersion.version,
        apiVersion: listVersion.scalar,
        weights: []
      });
    }
    if (opts.stripServerFields) out.listStrip = serverFieldRemovals(root, text);
    const items = root.get("items", true);
    if (!(0, import_yaml3.isSeq)(items)) return out;
    for (const item of items.items) {
      if (!(0, import_yaml3.isMap)(item)) continue;
      const inherited = kind === "TrafficSplitList" && listVersion && "version" in listVersion && item.get("apiVersion", true) === void 0 && (stringAt(item, "kind") ?? "TrafficSplit") === "TrafficSplit";
      if (inherited) {
        add(readSplit(item, text, listVersion.version, void 0, aliases), item);
      } else {
        readObject(item, text, out, aliases, add, template);
      }
    }
    return out;
  }
  readObject(root, text, out, aliases, add, template);
  return out;
}
function readObject(map, text, out, aliases, add, template) {
  if (stringAt(map, "kind") !== "TrafficSplit") return;
  const templated = template ? templatedApiVersion(map, template.actions) : void 0;
  if (templated) return void out.notices.push(templatedNotice(templated, objectRef(map, "TrafficSplit"), template.original));
  const api = readApiVersion(map, text, out, "TrafficSplit");
  if (api && "version" in api) add(readSplit(map, text, api.version, api.scalar, aliases), map);
}
function unmaskNames(doc, template) {
  (0, import_yaml3.visit)(doc, {
    Pair: (_key, pair) => {
      const k = (0, import_yaml3.isScalar)(pair.key) ? pair.key.value : void 0;
      if (k !== "name" && k !== "namespace" || !(0, import_yaml3.isScalar)(pair.value) || !pair.value.range) return;
      const [start, end] = pair.value.range;
      if (actionWithin(template.actions, start, end)) pair.value.value = template.original.slice(start, end);
    }
  });
}
function templatedNotice(t, ref, text) {
  const source = text.slice(t.action.start, t.action.end);
  const shown = source.length > 60 ? `${source.slice(0, 57)}...` : source;
  const why = t.what === "spec" ? `spec content comes from a template action (${shown})` : `${t.what} is templated (${shown})`;
  const f = notice("templated", t.action.start, `${why}; left unchanged: convert it by hand`, ref);
  if (t.action.valuesPath && t.what !== "spec") f.valuesPath = t.action.valuesPath;
  return f;
}
function readApiVersion(map, text, out, kind) {
  const node = map.get("apiVersion", true);
  const ref = objectRef(map, kind);
  if (node === void 0 || (0, import_yaml3.isScalar)(node) && (node.value === "" || node.value === null)) {
    out.notices.push(notice(
      "no-api-version",
      offsetOf(map),
      `no apiVersion; left unchanged: add "apiVersion: ${SMI_SPLIT_GROUP}/v1alpha1" (or the version it is) to convert it`,
      ref
    ));
    return { skipped: true };
  }
  if (!(0, import_yaml3.isScalar)(node)) return void 0;
  const value = String(node.value);
  const slash = value.indexOf("/");
  const group = slash < 0 ? "" : value.slice(0, slash);
  const version = value.slice(slash + 1);
  if (group !== SMI_SPLIT_GROUP) {
    if (isNearMiss(group)) {
      out.notices.push(notice(
        "near-miss-group",
        offsetOf(node),
        `apiVersion group "${group}" is not "${SMI_SPLIT_GROUP}"; left unchanged (fix the group to convert it)`,
        ref
      ));
    }
    return void 0;
  }
  if (!VERSIONS.includes(version)) {
    out.notices.push(notice(
      "unknown-version",
      offsetOf(node),
      `unknown ${kind} version "${version}" left unchanged (known: ${VERSIONS.join(", ")})`,
      ref
    ));
    return void 0;
  }
  return { version, scalar: scalarRef(node, text) };
}
function readSplit(map, text, version, apiVersion, aliases) {
  const view = { offset: offsetOf(map), ref: objectRef(map, "TrafficSplit"), version, weights: [] };
  if (apiVersion) view.apiVersion = apiVersion;
  const fail = (code, node, message) => {
    view.problem = { code, offset: node ? offsetOf(node) : view.offset, message };
    return view;
  };
  const spec = map.get("spec", true);
  if (spec === void 0 || (0, import_yaml3.isScalar)(spec) && spec.value === "") return view;
  if ((0, import_yaml3.isAlias)(spec)) return fail("unsupported-alias", spec, "spec is an alias; write it out to convert this TrafficSplit");
  if (!(0, import_yaml3.isMap)(spec)) return fail("invalid-structure", spec, "spec is not a mapping");
  const backends = spec.get("backends", true);
  if (backends === void 0 || (0, import_yaml3.isScalar)(backends) && backends.value === "") return view;
  if ((0, import_yaml3.isAlias)(backends)) return fail("unsupported-alias", backends, "spec.backends is an alias; write it out to convert this TrafficSplit");
  if (!(0, import_yaml3.isSeq)(backends)) return fail("invalid-structure", backends, "spec.backends is not a list");
  const uses = [];
  for (const [i, item] of backends.items.entries()) {
    const at = `backend ${i + 1}`;
    if ((0, import_yaml3.isAlias)(item)) return fail("unsupported-alias", item, `${at} is an alias; write it out to convert this TrafficSplit`);
    if (!(0, import_yaml3.isMap)(item)) return fail("invalid-structure", item, `${at} is not a mapping`);
    const pair = item.items.find((p) => (0, import_yaml3.isScalar)(p.key) && p.key.value === "weight");
    if (!pair) {
      const merged = item.items.some((p) => (0, import_yaml3.isScalar)(p.key) && p.key.value === "<<");
      view.weights.push({ offset: offsetOf(item), problem: {
        code: merged ? "unsupported-alias" : "invalid-weight",
        offset: offsetOf(item),
        message: merged ? `${at} takes its weight from a merge key (<<); write the weight literally` : `${at} has no weight`
      } });
      continue;
    }
    const node = pair.value;
    if (node === null) {
      view.weights.push({ offset: offsetOf(pair.key), problem: { code: "invalid-weight", offset: offsetOf(pair.key), message: `${at} weight is null` } });
      continue;
    }
    uses.push(node);
    view.weights.push(readWeight2(node, aliases, text, at));
  }
  const shared = aliases.sharedOutside(uses);
  if (shared) return fail("unsupported-alias", shared.node, shared.message);
  return view;
}
function readWeight2(node, aliases, text, at) {
  const offset = offsetOf(node);
  const target = (0, import_yaml3.isAlias)(node) ? aliases.resolve(node) : node;
  if (!(0, import_yaml3.isScalar)(target)) {
    const what = (0, import_yaml3.isAlias)(node) ? `alias *${node.source} does not name a scalar` : "is not a scalar";
    return { offset, problem: { code: (0, import_yaml3.isAlias)(node) ? "unsupported-alias" : "invalid-weight", offset, message: `${at} weight ${what}` } };
  }
  if (target.tag) {
    return { offset, problem: {
      code: "invalid-weight",
      offset: offsetOf(target),
      message: `${at} weight has an explicit tag (${target.tag.replace("tag:yaml.org,2002:", "!!")}); remove the tag to convert it`
    } };
  }
  return { offset, scalar: scalarRef(target, text) };
}
var AliasIndex = class {
  constructor(doc) {
    this.doc = doc;
    const anchors = /* @__PURE__ */ new Map();
    (0, import_yaml3.visit)(doc, {
      Node: (_key, node) => {
        if ((0, import_yaml3.isAlias)(node)) {
          const target = anchors.get(node.source);
          if (!target) return;
          this.targets.set(node, target);
          const list = this.byTarget.get(target);
          if (list) list.push(node);
          else this.byTarget.set(target, [node]);
        } else if (node.anchor) {
          anchors.set(node.anchor, node);
        }
      }
    });
  }
  doc;
  byTarget = /* @__PURE__ */ new Map();
  targets = /* @__PURE__ */ new Map();
  resolve(alias) {
    return this.targets.get(alias);
  }
  sharedOutside(uses) {
    const useSet = new Set(uses);
    for (const use of uses) {
      const target = (0, import_yaml3.isAlias)(use) ? this.resolve(use) : use;
      if (!target) continue;
      const readers = this.byTarget.get(target) ?? [];
      if (readers.length === 0) continue;
      if (!useSet.has(target)) {
        return { node: use, message: `weight alias *${use.source} points at an anchor that is not a weight of this TrafficSplit; write the weight literally` };
      }
      const outside = readers.find((a) => !useSet.has(a));
      if (outside) {
        return { node: target, message: `anchored weight &${target.anchor ?? ""} is also used outside this TrafficSplit's weights; write the weights literally` };
      }
    }
    return void 0;
  }
};
function scalarRef(node, text) {
  const [start, end] = node.range;
  return { style: node.type ?? "PLAIN", value: String(node.value ?? ""), raw: text.slice(start, end), start, end };
}
function stringAt(map, key) {
  const node = map.get(key, true);
  return (0, import_yaml3.isScalar)(node) && typeof node.value === "string" ? node.value : void 0;
}
function objectRef(map, kind) {
  const meta = map.get("metadata", true);
  const ref = { kind };
  if ((0, import_yaml3.isMap)(meta)) {
    const name = stringAt(meta, "name");
    const namespace = stringAt(meta, "namespace");
    if (name !== void 0) ref.name = name;
    if (namespace !== void 0) ref.namespace = namespace;
  }
  return ref;
}
function offsetOf(node) {
  if ((0, import_yaml3.isMap)(node) && node.items[0] && node.items[0].key && node.items[0].key.range) {
    return node.items[0].key.range[0];
  }
  return node.range?.[0] ?? 0;
}
function notice(code, offset, message, object) {
  return { severity: "warning", code, message: `${describeObject(object)}: ${message}`, offset, object, pending: true };
}
function isNearMiss(group) {
  const letters = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (group === "" || group.length > 40) return false;
  return letters(group) === letters(SMI_SPLIT_GROUP) || editDistance(group.toLowerCase(), SMI_SPLIT_GROUP) <= 2;
}
function editDistance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

// src/yaml/convert.ts
var CAPABILITIES = /\.Capabilities\.APIVersions\.Has\s+"split\.smi-spec\.io\//;
function convertSegment(text, opts) {
  const result = { edits: [], findings: [] };
  const masked = maskTemplate(text);
  const source = masked?.text ?? text;
  const actions = masked?.actions ?? [];
  let regionStart = 0;
  const docs = parseDocuments(source);
  for (const [i, parsed] of docs.entries()) {
    const mine = actions.filter((a) => a.start >= regionStart && a.start < parsed.end);
    regionStart = parsed.end;
    const capability = mine.find((a) => CAPABILITIES.test(text.slice(a.start, a.end)));
    if (capability) {
      result.findings.push({
        severity: "warning",
        code: "templated",
        offset: capability.start,
        pending: true,
        message: `the chart chooses the TrafficSplit apiVersion with ${oneLine(text.slice(capability.start, capability.end))}; left unchanged: update the condition and the TrafficSplits it guards by hand`
      });
      continue;
    }
    if (parsed.error) {
      const end = docs[i + 1]?.start ?? text.length;
      if (text.slice(parsed.start, Math.max(parsed.end, end)).includes("TrafficSplit")) {
        const templated = mine.length ? " (after masking its template actions)" : "";
        result.findings.push({
          severity: "error",
          code: "invalid-yaml",
          offset: parsed.error.offset,
          message: `invalid YAML${templated} in a document that mentions TrafficSplit: ${parsed.error.message}`
        });
      }
      continue;
    }
    const located = locateSplits(parsed.doc, source, opts, mine.length ? { actions: mine, original: text } : void 0);
    const plan = planSplits(located.splits, opts);
    result.findings.push(...located.notices, ...plan.findings);
    const stripList = located.listStrip && (plan.edits.length > 0 || opts.itemsConverted);
    const edits = stripList ? [...plan.edits, ...located.listStrip] : plan.edits;
    result.edits.push(...mine.length ? edits.filter((e) => !overlaps(mine, e)) : edits);
  }
  return result;
}
function overlaps(actions, e) {
  return actions.some((a) => a.start < Math.max(e.end, e.start + 1) && a.end > e.start);
}
function oneLine(s) {
  const flat = s.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

export {
  parseQuantity,
  readWeight,
  stepsBetween,
  scaleWeights,
  neededScale,
  floorFor,
  locateSplits,
  scalarRef,
  convertSegment
};
