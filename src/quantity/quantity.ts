/**
 * Exact parsing of Kubernetes `resource.Quantity` strings.
 *
 * Grammar (k8s.io/apimachinery pkg/api/resource/quantity.go, plus the `n` and `u`
 * suffixes that suffix.go accepts although the doc comment omits them):
 *
 *   <quantity>     ::= <sign>? <number> <suffix>
 *   <number>       ::= <digits> | <digits>.<digits> | <digits>. | .<digits>
 *   <suffix>       ::= Ki|Mi|Gi|Ti|Pi|Ei | n|u|m|""|k|M|G|T|P|E | (e|E)<sign>?<digits>
 *
 * Every value the grammar can express is an integer times a power of ten (binary suffixes
 * are whole multipliers), so a quantity is held as `n × 10^e` with a BigInt `n`: no
 * floating point anywhere. What ParseQuantity does beyond the grammar is reproduced or
 * refused, never guessed (apimachinery pkg/api/resource quantity.go, suffix.go):
 *
 * - A number without digits (`m`, `Ki`, `e3`, `.`, `+`, `-`) is 0 to Go: parseQuantityString
 *   returns num "0" once it has stripped the digits it found (none). It is **refused**
 *   here: a weight written as `m` is a typo, not a deliberate zero (write `0` for that).
 * - Values finer than 1n are rounded to 1n, away from zero, by Go (ParseQuantity rounds every
 *   non-zero amount to scale Nano with inf.RoundUp: kubernetes/apimachinery@357557a
 *   pkg/api/resource/quantity.go): reproduced, and said by `rounded`. This is the one reading
 *   of such a value: every Go client of the object (Linkerd's, the API server's) sees `1e-10`
 *   as 1n, so a conversion that read it as anything else (file mode, the webhook) would send
 *   traffic in other proportions than the cluster did.
 * - A binary-suffixed value above 2^63-1 is capped at 2^63-1 by Go (`16Ei` reads as
 *   9223372036854775807): reproduced, so ratios are the ones Kubernetes computes.
 * - The exponent of `e<int>` is parsed as int64 and then truncated to int32 by Go
 *   (`1e4294967296` reads as 1): an exponent outside int64 is not a quantity, one outside
 *   int32 is refused rather than wrapped.
 */

/** An exact decimal: `sign × n × 10^e`, with `n >= 0`. */
export interface Decimal {
  negative: boolean
  n: bigint
  e: number
}

/** `rounded`: the text was finer than 1n, and `value` is it rounded away from zero to 1n, as Go reads it. */
export type QuantityResult = { ok: true; value: Decimal; rounded?: true } | { ok: false; reason: string }

const DECIMAL_SUFFIX: Record<string, number> = {
  '': 0,
  n: -9,
  u: -6,
  m: -3,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
}
const BINARY_SUFFIX: Record<string, bigint> = {
  Ki: 1n << 10n,
  Mi: 1n << 20n,
  Gi: 1n << 30n,
  Ti: 1n << 40n,
  Pi: 1n << 50n,
  Ei: 1n << 60n,
}

/**
 * The most digits a weight is read with: a quantity's significant digits, and the digits of a
 * JSON integer weight in a ConversionReview (kinds/trafficsplit/objects.ts). No valid weight
 * comes near it (int64 has 19 digits); past it, reading one would be BigInt work that grows
 * faster than its length, so it is refused instead.
 */
export const MAX_DIGITS = 64

// Linear-time shape check: every part is a simple character class with no nested
// quantifiers, and the last part (`[\s\S]*$`) accepts any rest, so the first, greedy try
// always matches and nothing is ever retried (the lint rule sees only that `\d*` and
// `[\s\S]*` could trade digits, which would matter only if the match could fail).
// eslint-disable-next-line regexp/no-super-linear-backtracking
const SHAPE = /^([+-]?)(\d*)(?:\.(\d*))?([\s\S]*)$/
const EXPONENT = /^e([+-]?\d+)$/i

/** Parses `text` as ParseQuantity does, exactly down to 1n (finer: rounded as Go rounds); never uses floating point. */
export function parseQuantity(text: string): QuantityResult {
  const m = SHAPE.exec(text)
  if (!m) return { ok: false, reason: 'is not a quantity' }
  const [, sign, intPart = '', fracPart = '', suffix = ''] = m
  if (intPart === '' && fracPart === '') {
    const known = Object.hasOwn(DECIMAL_SUFFIX, suffix) || Object.hasOwn(BINARY_SUFFIX, suffix) || EXPONENT.test(suffix)
    return {
      ok: false,
      reason: known
        ? 'is not a quantity (no digits; Kubernetes would read it as 0, write 0 if that is meant)'
        : 'is not a quantity (no digits)',
    }
  }

  // Leading zeros carry no value and trailing zeros move into the exponent, both on the
  // string, so BigInt only ever sees the significant digits. Beyond MAX_DIGITS of those no
  // weight can be valid (int32 at nano precision needs 19): refusing early bounds the work.
  const all = intPart + fracPart
  let first = 0
  while (first < all.length && all.charCodeAt(first) === 48 /* '0' */) first++
  let last = all.length
  while (last > first && all.charCodeAt(last - 1) === 48) last--
  if (last - first > MAX_DIGITS) return { ok: false, reason: 'has too many significant digits' }
  let n = BigInt(all.slice(first, last) || '0')
  let e = all.length - last - fracPart.length
  if (Object.hasOwn(DECIMAL_SUFFIX, suffix)) {
    e += DECIMAL_SUFFIX[suffix]!
  } else if (Object.hasOwn(BINARY_SUFFIX, suffix)) {
    n *= BINARY_SUFFIX[suffix]!
    // Go caps binary-suffixed amounts at the int64 maximum (quantity.go `maxAllowed`).
    if (exceeds(n, e, MAX_INT64)) return { ok: true, value: normalize({ negative: sign === '-', n: MAX_INT64, e: 0 }) }
  } else {
    const exp = EXPONENT.exec(suffix)
    if (!exp) return { ok: false, reason: `has an unknown quantity suffix "${suffix}"` }
    const digits = exp[1]!
    let lead = digits[0] === '+' || digits[0] === '-' ? 1 : 0
    while (lead < digits.length - 1 && digits.charCodeAt(lead) === 48) lead++
    if (digits.length - lead > 20) return { ok: false, reason: 'is not a quantity (exponent beyond int64)' }
    const x = (digits[0] === '-' ? -1n : 1n) * BigInt(digits.slice(lead))
    if (x > MAX_INT64 || x < -MAX_INT64 - 1n) return { ok: false, reason: 'is not a quantity (exponent beyond int64)' }
    if (x > 2147483647n || x < -2147483648n) {
      return { ok: false, reason: 'has an exponent outside the int32 range (Kubernetes would truncate it to 32 bits)' }
    }
    // Exponents this large cannot give a usable weight; clamping keeps BigInt work bounded
    // while preserving "zero stays zero" and "huge stays huge".
    e += Math.max(-1e6, Math.min(1e6, Number(x)))
  }
  const value = normalize({ negative: sign === '-' && n !== 0n, n, e })
  return value.e < NANO ? { ok: true, value: toNano(value), rounded: true } : { ok: true, value }
}

/** The smallest exponent a quantity keeps (1n). */
const NANO = -9

/**
 * A non-zero normalized decimal finer than 1n, rounded away from zero to a whole number of
 * nano-units: normalized, its last digit is non-zero, so it always rounds up. A value below
 * 1n (`1e-1000000` too) is 1n, without writing out its power of ten.
 */
function toNano(d: Decimal): Decimal {
  const drop = NANO - d.e
  const n = drop >= digitCount(d.n) ? 1n : d.n / 10n ** BigInt(drop) + 1n
  return normalize({ negative: d.negative, n, e: NANO })
}

const MAX_INT64 = (1n << 63n) - 1n

/** Whether `n × 10^e` (n > 0) is above `max`, without building a huge BigInt. */
function exceeds(n: bigint, e: number, max: bigint): boolean {
  if (n === 0n) return false
  const digits = digitCount(n) + e
  const maxDigits = digitCount(max)
  if (digits > maxDigits + 1) return true
  if (digits < maxDigits - 1) return false
  return e >= 0 ? n * 10n ** BigInt(e) > max : n > max * 10n ** BigInt(-e)
}

/** Strips trailing zeros from `n` so that `e` is as large as possible (zero becomes 0×10^0). */
export function normalize(d: Decimal): Decimal {
  if (d.n === 0n) return { negative: false, n: 0n, e: 0 }
  let { n, e } = d
  while (n % 10n === 0n) {
    n /= 10n
    e += 1
  }
  return { negative: d.negative, n, e }
}

/** Number of decimal digits of a positive BigInt. */
export function digitCount(n: bigint): number {
  // Below 10^15 a Number holds it exactly: counted without writing the digits out.
  if (n >= 0n && n < 1_000_000_000_000_000n) {
    let x = Number(n)
    let digits = 1
    while (x >= 10) {
      x = Math.floor(x / 10)
      digits++
    }
    return digits
  }
  return n.toString().length
}
