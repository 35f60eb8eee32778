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
  parseQuantity,
  normalize,
  digitCount,
  EXACT_MARK,
  exactToken,
  readJsonWeight,
  fromJsonNumber,
  fromJsonString
};
