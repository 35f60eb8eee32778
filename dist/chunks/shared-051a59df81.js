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
var MAX_DIGITS = 64;
var SHAPE = /^([+-]?)(\d*)(?:\.(\d*))?([\s\S]*)$/;
var EXPONENT = /^e([+-]?\d+)$/i;
function parseQuantity(text) {
  const m = SHAPE.exec(text);
  if (!m) return { ok: false, reason: "is not a quantity" };
  const [, sign, intPart = "", fracPart = "", suffix = ""] = m;
  if (intPart === "" && fracPart === "") {
    const known = Object.hasOwn(DECIMAL_SUFFIX, suffix) || Object.hasOwn(BINARY_SUFFIX, suffix) || EXPONENT.test(suffix);
    return {
      ok: false,
      reason: known ? "is not a quantity (no digits; Kubernetes would read it as 0, write 0 if that is meant)" : "is not a quantity (no digits)"
    };
  }
  const all = intPart + fracPart;
  let first = 0;
  while (first < all.length && all.charCodeAt(first) === 48) first++;
  let last = all.length;
  while (last > first && all.charCodeAt(last - 1) === 48) last--;
  if (last - first > MAX_DIGITS) return { ok: false, reason: "has too many significant digits" };
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
  const value = normalize({ negative: sign === "-" && n !== 0n, n, e });
  return value.e < NANO ? { ok: true, value: toNano(value), rounded: true } : { ok: true, value };
}
var NANO = -9;
function toNano(d) {
  const drop = NANO - d.e;
  const n = drop >= digitCount(d.n) ? 1n : d.n / 10n ** BigInt(drop) + 1n;
  return normalize({ negative: d.negative, n, e: NANO });
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
  if (n >= 0n && n < 1000000000000000n) {
    let x = Number(n);
    let digits = 1;
    while (x >= 10) {
      x = Math.floor(x / 10);
      digits++;
    }
    return digits;
  }
  return n.toString().length;
}

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
var LINKERD_UNIT_SUM = LINKERD_MILLI_SUM / 1000n;
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
  const units = opts.wholeUnits === true && opts.max === void 0;
  const sum = opts.sum ?? (opts.max !== void 0 ? void 0 : units ? LINKERD_UNIT_SUM : LINKERD_MILLI_SUM);
  const r = sum === void 0 ? scaled(values, scale, max, inTree) : summed(values, scale, max, inTree, sum, units);
  return rounded && r.ok ? { ...r, rounded } : r;
}
function summed(values, scale, max, inTree, sum, units) {
  const r = scaled(values, scale, max, inTree);
  const largestOf = (ws) => ws.indexOf(ws.reduce((a, b) => b > a ? b : a, 0n));
  const lossy = () => units ? { ok: false, index: largestValue(values), reason: pastUnitSum(), leave: true } : { ok: true, scale, weights: withinSum(values, sum), bounded: true };
  if (!r.ok) return inTree ? r : lossy();
  if (total(r.weights) <= sum) return r;
  if (inTree) return { ok: false, index: largestOf(r.weights), reason: pastSum(sum) };
  if (!r.divided) {
    const d = divided(values, scale, max);
    if (d.ok && total(d.weights) <= sum) return { ...d, dividedForSum: true };
  }
  return lossy();
}
function largestValue(values) {
  const top = (v) => v.n === 0n ? -Infinity : digitCount(v.n) + v.e;
  const digits = (v, len) => v.n * 10n ** BigInt(len - digitCount(v.n));
  let best = 0;
  for (const [i, v] of values.entries()) {
    const b = values[best];
    const len = Math.max(digitCount(v.n), digitCount(b.n));
    if (top(v) > top(b) || top(v) === top(b) && digits(v, len) > digits(b, len)) best = i;
  }
  return best;
}
var total = (ws) => ws.reduce((a, b) => a + b, 0n);
function pastSum(sum) {
  return `makes the object's weights add up past ${sum}, what Linkerd adds up without wrapping${sum === LINKERD_UNIT_SUM ? UNITS : ""}; in a kustomize tree the factor is shared with the other documents that write this object's weights, so they are not divided or rescaled: write smaller weights`;
}
var UNITS = ", which reads v1alpha2 integers as whole units without a conversion webhook";
function pastUnitSum() {
  return `makes the object's weights add up past ${LINKERD_UNIT_SUM} even divided by their greatest common divisor: Linkerd reads v1alpha2 integers as whole units (its CRD has no conversion webhook) and adds them up \xD7 10000 in 32 bits, so it would wrap them, and written in proportion they would not route as before; left unchanged: keep v1alpha1, or install \`smi-migrate webhook\` (Linkerd sums its v1alpha1 view exactly) and convert by hand`;
}
function pastLinkerdSum(weights) {
  return total(weights) > LINKERD_UNIT_SUM;
}
function dividedForSumNote(sum = LINKERD_MILLI_SUM) {
  return `divided by their greatest common divisor to add up to at most ${sum}, what Linkerd adds up without wrapping${sum === LINKERD_UNIT_SUM ? UNITS : ""}`;
}
function boundedNote(sum = LINKERD_MILLI_SUM) {
  return `the weights add up past ${sum}, what Linkerd adds up without wrapping (milli-units \xD7 10 in 32 bits), even divided by their greatest common divisor: written in proportion within it (each weight \xD7 (${sum} - the number of backends) / their sum, rounded down; a non-zero weight at least 1)`;
}
function withinSum(values, sum) {
  const room = sum - BigInt(values.length);
  const order = values.flatMap((v, i) => v.n === 0n ? [] : [{ i, top: digitCount(v.n) + v.e, e: v.e }]);
  if (order.length === 0) return values.map(() => 0n);
  order.sort((a, b) => b.top - a.top);
  let base = order[0].e;
  let summed2 = 0;
  for (const o of order) {
    if (o.top <= base - 20) break;
    base = Math.min(base, o.e);
    summed2++;
  }
  const exact = new Set(order.slice(0, summed2).map((o) => o.i));
  const big = values.map((v, i) => exact.has(i) ? v.n * 10n ** BigInt(v.e - base) : 0n);
  const all = total(big);
  const cut = summed2 < order.length;
  return big.map((b, i) => {
    if (values[i].n === 0n) return 0n;
    const k = b * room / all;
    const share = cut && k > 0n && b * room % all === 0n ? k - 1n : k;
    return share > 0n ? share : 1n;
  });
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

// src/quantity/json.ts
var GO_JSON_TRIMMED = " \x85\xA0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000";
var NOT_TRIMMED = "	\n\v\f\r\u2028\u2029\uFEFF";
var EXACT_MARK = "\uD800exact:";
function exactToken(value) {
  return typeof value === "string" && value.startsWith(EXACT_MARK) ? value.slice(EXACT_MARK.length) : void 0;
}
function readJsonWeight(value) {
  if (value === null || value === void 0) return { ok: false, reason: "is null" };
  if (typeof value === "string") {
    const token = exactToken(value);
    return token === void 0 ? fromJsonString(value) : fromQuantity(token);
  }
  if (typeof value === "number" && Number.isFinite(value)) return fromJsonNumber(value);
  return { ok: false, reason: "is not a quantity" };
}
function fromJsonNumber(n) {
  return fromQuantity(String(n));
}
function fromJsonString(text) {
  const trimmed = trimGoJson(text);
  const r = fromQuantity(trimmed);
  if (r.ok || trimmed === text.trim()) return r;
  const loose = parseQuantity(text.trim());
  if (!loose.ok) return r;
  const around = [...text].filter((c) => NOT_TRIMMED.includes(c));
  const shown = [...new Set(around)].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
  return { ok: false, reason: `has ${shown} around it, which Kubernetes does not strip (its JSON form keeps it); remove it` };
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

export {
  MAX_DIGITS,
  parseQuantity,
  normalize,
  digitCount,
  EXACT_MARK,
  exactToken,
  readJsonWeight,
  fromJsonNumber,
  fromJsonString,
  milliValue,
  roundedNote,
  MAX_WEIGHT,
  LINKERD_MILLI_SUM,
  LINKERD_UNIT_SUM,
  scaleWeights,
  pastLinkerdSum,
  dividedForSumNote,
  boundedNote,
  withinSum,
  shift,
  applied,
  gcd,
  neededScale,
  isIntegerLiteral,
  readIntegerWeight
};
