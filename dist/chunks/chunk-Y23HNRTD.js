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
  if (intPart === "" && fracPart === "") {
    const known = Object.hasOwn(DECIMAL_SUFFIX, suffix) || Object.hasOwn(BINARY_SUFFIX, suffix) || EXPONENT.test(suffix);
    return { ok: false, reason: known ? "is not a quantity (no digits; Kubernetes would read it as 0, write 0 if that is meant)" : "is not a quantity (no digits)" };
  }
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
    if (exceeds(n, e, MAX_INT64)) return { ok: true, value: normalize({ negative: sign === "-", n: MAX_INT64, e: 0 }) };
  } else {
    const exp = EXPONENT.exec(suffix);
    if (!exp) return { ok: false, reason: `has an unknown quantity suffix "${suffix}"` };
    const digits = exp[1];
    let lead = digits[0] === "+" || digits[0] === "-" ? 1 : 0;
    while (lead < digits.length - 1 && digits.charCodeAt(lead) === 48) lead++;
    if (digits.length - lead > 20) return { ok: false, reason: "is not a quantity (exponent beyond int64)" };
    const x = (digits[0] === "-" ? -1n : 1n) * BigInt(digits.slice(lead));
    if (x > MAX_INT64 || x < -MAX_INT64 - 1n) return { ok: false, reason: "is not a quantity (exponent beyond int64)" };
    if (x > 2147483647n || x < -2147483648n) {
      return { ok: false, reason: "has an exponent outside the int32 range (Kubernetes would truncate it to 32 bits)" };
    }
    e += Math.max(-1e6, Math.min(1e6, Number(x)));
  }
  return { ok: true, value: normalize({ negative: sign === "-" && n !== 0n, n, e }) };
}
var MAX_INT64 = (1n << 63n) - 1n;
function exceeds(n, e, max) {
  if (n === 0n) return false;
  const digits = digitCount(n) + e;
  const maxDigits = digitCount(max);
  if (digits > maxDigits + 1) return true;
  if (digits < maxDigits - 1) return false;
  return e >= 0 ? n * 10n ** BigInt(e) > max : n > max * 10n ** BigInt(-e);
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

// src/quantity/weights.ts
var MAX_WEIGHT = 2147483647n;
var SCALES = [0, 3, 6, 9];
function scaleWeights(values, options = {}) {
  const opts = typeof options === "number" ? { floor: options } : options;
  const max = opts.max ?? MAX_WEIGHT;
  const inTree = opts.floor !== void 0;
  let need = opts.floor ?? 0;
  for (const [index, v] of values.entries()) {
    if (v.negative) return { ok: false, index, reason: "is negative" };
    if (v.n !== 0n && -v.e > 9) {
      return { ok: false, index, reason: "is finer than 1n, the smallest unit a quantity keeps" };
    }
    if (v.n !== 0n) need = Math.max(need, -v.e);
  }
  const scale = SCALES.find((k) => k >= need);
  const maxDigits = digitCount(max);
  const over = values.findIndex((v) => v.n !== 0n && (digitCount(v.n) + v.e + scale > maxDigits || v.n * 10n ** BigInt(v.e + scale) > max));
  if (over < 0) return { ok: true, scale, weights: values.map((v) => v.n === 0n ? 0n : v.n * 10n ** BigInt(v.e + scale)) };
  if (inTree) return { ok: false, index: over, reason: tooLarge(max, scale, "tree") };
  return divided(values, scale, max);
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
  const need = Math.max(0, ...values.filter((v) => v.n !== 0n).map((v) => -v.e));
  return SCALES.find((k) => k >= need) ?? 9;
}
function tooLarge(max, scale, why) {
  const by = scale === 0 ? "" : ` after scaling the object's weights by 10^${scale}`;
  const then = why === "divided" ? ", even divided by the greatest common divisor of the object's weights" : "; in a kustomize tree the factor is shared with the other documents that write this object's weights, so they are not divided by a common divisor: write smaller weights";
  return `is above ${max}, the largest integer weight${by}${then}`;
}
function isIntegerLiteral(text) {
  return /^(0|[1-9][0-9]{0,9})$/.test(text);
}

export {
  parseQuantity,
  normalize,
  MAX_WEIGHT,
  scaleWeights,
  neededScale,
  isIntegerLiteral
};
