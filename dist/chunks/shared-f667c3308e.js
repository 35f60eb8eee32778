import {
  digitCount,
  normalize
} from "./shared-6b8d96f437.js";
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./shared-6bfea2ec3c.js";

// src/quantity/milli.ts
function milliValue(d, cap) {
  if (d.n === 0n) return 0n;
  const at = d.e + 3;
  const sign = d.negative ? -1n : 1n;
  if (cap !== void 0 && digitCount(d.n) + at > digitCount(cap)) return sign * (cap + 1n);
  if (digitCount(d.n) + at <= 0) return sign;
  const m = at >= 0 ? d.n * 10n ** BigInt(at) : (d.n + 10n ** BigInt(-at) - 1n) / 10n ** BigInt(-at);
  return cap !== void 0 && m > cap ? sign * (cap + 1n) : sign * m;
}
function finerThanMilli(d) {
  return d.n !== 0n && d.e < -3 && normalize(d).e < -3;
}
function asApplied(d) {
  return finerThanMilli(d) ? normalize({ negative: d.negative, n: milliValue(d) * (d.negative ? -1n : 1n), e: -3 }) : d;
}
function roundedNote(d) {
  return `read as ${milliValue(d)}m, as Linkerd applied it (MilliValue(), rounded up)`;
}

// src/quantity/weights.ts
var MAX_WEIGHT = 2147483647n;
var LINKERD_MILLI_SUM = 429496729n;
function scaleWeights(given, options = {}) {
  const opts = typeof options === "number" ? { floor: options } : options;
  const max = opts.max ?? MAX_WEIGHT;
  const inTree = opts.floor !== void 0;
  let need = opts.floor ?? 0;
  for (const [index, v] of given.entries()) {
    if (v.negative) return { ok: false, index, reason: "is negative" };
    if (v.n !== 0n) need = Math.max(need, -v.e);
  }
  const { values, rounded } = need > 3 ? applied(given) : { values: given, rounded: void 0 };
  const scale = need > 0 ? 3 : 0;
  const sum = opts.sum ?? (opts.max === void 0 ? LINKERD_MILLI_SUM : void 0);
  const r = sum === void 0 ? scaled(values, scale, max, inTree) : summed(values, scale, max, inTree, sum);
  return rounded && r.ok ? { ...r, rounded } : r;
}
function summed(values, scale, max, inTree, sum) {
  const r = scaled(values, scale, max, inTree);
  if (!r.ok || total(r.weights) <= sum) return r;
  const largest = r.weights.indexOf(r.weights.reduce((a, b) => b > a ? b : a, 0n));
  if (inTree) return { ok: false, index: largest, reason: pastSum(sum) };
  if (!r.divided) {
    const d = divided(values, scale, max);
    if (d.ok && total(d.weights) <= sum) return d;
  }
  return { ok: true, scale, weights: withinSum(values, sum), bounded: true };
}
var total = (ws) => ws.reduce((a, b) => a + b, 0n);
function pastSum(sum) {
  return `makes the object's weights add up past ${sum}, what Linkerd adds up without wrapping; in a kustomize tree the factor is shared with the other documents that write this object's weights, so they are not divided or rescaled: write smaller weights`;
}
function boundedNote(sum = LINKERD_MILLI_SUM) {
  return `the weights add up past ${sum}, what Linkerd adds up without wrapping (milli-units \xD7 10 in 32 bits), even divided by their greatest common divisor: written in proportion within it (each rounded down, a non-zero weight at least 1)`;
}
function withinSum(values, sum) {
  const nonzero = values.filter((v) => v.n !== 0n);
  if (nonzero.length === 0) return values.map(() => 0n);
  const top = Math.max(...nonzero.map((v) => digitCount(v.n) + v.e));
  const base = Math.max(Math.min(...nonzero.map((v) => v.e)), top - 40);
  const big = values.map((v) => v.n === 0n ? 0n : shift(v.n, v.e - base));
  const all = total(big);
  const room = sum - BigInt(values.length);
  return big.map((b, i) => values[i].n === 0n ? 0n : b * room / all > 0n ? b * room / all : 1n);
}
var shift = (n, by) => by >= 0 ? n * 10n ** BigInt(by) : -by > digitCount(n) ? 0n : n / 10n ** BigInt(-by);
function applied(given) {
  const rounded = [];
  const values = given.map((v, i) => finerThanMilli(v) ? (rounded.push(i), asApplied(v)) : v);
  return { values, rounded: rounded.length ? rounded : void 0 };
}
function scaled(values, scale, max, inTree) {
  const maxDigits = max === MAX_WEIGHT ? MAX_WEIGHT_DIGITS : digitCount(max);
  const weights = [];
  for (let index = 0; index < values.length; index++) {
    const v = values[index];
    if (v.n === 0n) {
      weights.push(0n);
      continue;
    }
    const w = digitCount(v.n) + v.e + scale > maxDigits ? max + 1n : v.n * pow10(v.e + scale);
    if (w > max) return inTree ? { ok: false, index, reason: tooLarge(max, scale, "tree") } : divided(values, scale, max);
    weights.push(w);
  }
  return { ok: true, scale, weights };
}
var MAX_WEIGHT_DIGITS = digitCount(MAX_WEIGHT);
var POWERS = Array.from({ length: 41 }, (_, k) => 10n ** BigInt(k));
function pow10(k) {
  return k < POWERS.length ? POWERS[k] : 10n ** BigInt(k);
}
function divided(values, scale, max) {
  const nonzero = values.filter((v) => v.n !== 0n);
  const m = Math.min(...nonzero.map((v) => v.e + scale));
  const far = values.findIndex((v) => v.n !== 0n && v.e + scale - m > 100);
  if (far >= 0) return { ok: false, index: far, reason: tooLarge(max, scale, "divided") };
  const reduced = values.map((v) => v.n === 0n ? 0n : v.n * 10n ** BigInt(v.e + scale - m));
  const g = reduced.reduce((a, b) => gcd(a, b), 0n);
  const weights = reduced.map((w) => w / g);
  const still = weights.findIndex((w) => w > max);
  if (still >= 0) return { ok: false, index: still, reason: tooLarge(max, scale, "divided") };
  return { ok: true, scale, weights, divided: true };
}
function gcd(a, b) {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}
function neededScale(values) {
  return values.some((v) => v.n !== 0n && v.e < 0) ? 3 : 0;
}
function tooLarge(max, scale, why) {
  const by = scale === 0 ? "" : ` after scaling the object's weights by 10^${scale}`;
  const then = why === "divided" ? ", even divided by the greatest common divisor of the object's weights" : "; in a kustomize tree the factor is shared with the other documents that write this object's weights, so they are not divided by a common divisor: write smaller weights";
  return `is above ${max}, the largest integer weight${by}${then}`;
}
function isIntegerLiteral(text) {
  return /^(0|[1-9]\d{0,9})$/.test(text) && BigInt(text) <= MAX_WEIGHT;
}
function readIntegerWeight(value) {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) return { ok: false, reason: "is not a non-negative integer" };
  if (BigInt(value) > MAX_WEIGHT) return { ok: false, reason: `is above ${MAX_WEIGHT}, the largest TrafficSplit weight` };
  return { ok: true, value };
}

// src/kinds/trafficsplit/hops.ts
var SPLIT_GROUP = SMI_SPLIT_GROUP;
var SPLIT_KIND = "TrafficSplit";
var SPLIT_VERSIONS = VERSIONS;
var HOPS = [
  { from: "v1alpha1", to: "v1alpha2", weights: "quantity-to-integer" },
  { from: "v1alpha2", to: "v1alpha3", adds: [["spec", "matches"]] },
  { from: "v1alpha3", to: "v1alpha4" }
];
function splitVersion(apiVersion) {
  if (typeof apiVersion !== "string" || !apiVersion.startsWith(`${SPLIT_GROUP}/`)) return void 0;
  const v = apiVersion.slice(SPLIT_GROUP.length + 1);
  return SPLIT_VERSIONS.includes(v) ? v : void 0;
}

export {
  milliValue,
  roundedNote,
  MAX_WEIGHT,
  LINKERD_MILLI_SUM,
  scaleWeights,
  boundedNote,
  withinSum,
  shift,
  applied,
  gcd,
  neededScale,
  isIntegerLiteral,
  readIntegerWeight,
  SPLIT_GROUP,
  SPLIT_KIND,
  SPLIT_VERSIONS,
  HOPS,
  splitVersion
};
