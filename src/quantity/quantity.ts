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
 * floating point anywhere. Two deliberate departures from ParseQuantity, both refusals
 * rather than guesses: a number needs at least one digit (Go reads `.`, `+` and `e3` as 0),
 * and nothing is rounded (Go rounds values finer than 1n up to 1n; the weight rule reports
 * them instead).
 */

/** An exact decimal: `sign × n × 10^e`, with `n >= 0`. */
export interface Decimal {
  negative: boolean
  n: bigint
  e: number
}

export type QuantityResult = { ok: true; value: Decimal } | { ok: false; reason: string }

const DECIMAL_SUFFIX: Record<string, number> = {
  '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18,
}
const BINARY_SUFFIX: Record<string, bigint> = {
  Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n,
}

// Linear-time shape check: every part is a simple character class with no nested
// quantifiers, so no input can make it backtrack catastrophically.
const SHAPE = /^([+-]?)([0-9]*)(?:\.([0-9]*))?([\s\S]*)$/
const EXPONENT = /^[eE]([+-]?[0-9]+)$/

/** Parses `text` exactly as a Quantity; never rounds, never uses floating point. */
export function parseQuantity(text: string): QuantityResult {
  const m = SHAPE.exec(text)
  if (!m) return { ok: false, reason: 'is not a quantity' }
  const [, sign, intPart = '', fracPart = '', suffix = ''] = m
  if (intPart === '' && fracPart === '') return { ok: false, reason: 'is not a quantity (no digits)' }

  // Leading zeros carry no value and trailing zeros move into the exponent, both on the
  // string, so BigInt only ever sees the significant digits. Beyond 64 of those no weight
  // can be valid (int32 at nano precision needs 19): refusing early bounds the work.
  const all = intPart + fracPart
  let first = 0
  while (first < all.length && all.charCodeAt(first) === 48 /* '0' */) first++
  let last = all.length
  while (last > first && all.charCodeAt(last - 1) === 48) last--
  if (last - first > 64) return { ok: false, reason: 'has too many significant digits' }
  let n = BigInt(all.slice(first, last) || '0')
  let e = all.length - last - fracPart.length
  if (Object.hasOwn(DECIMAL_SUFFIX, suffix)) {
    e += DECIMAL_SUFFIX[suffix]!
  } else if (Object.hasOwn(BINARY_SUFFIX, suffix)) {
    n *= BINARY_SUFFIX[suffix]!
  } else {
    const exp = EXPONENT.exec(suffix)
    if (!exp) return { ok: false, reason: `has an unknown quantity suffix "${suffix}"` }
    // Exponents this large cannot give a usable weight; clamping keeps BigInt work bounded
    // while preserving "zero stays zero" and "huge stays huge".
    const x = Number(exp[1])
    e += Math.max(-1e6, Math.min(1e6, x))
  }
  return { ok: true, value: normalize({ negative: sign === '-' && n !== 0n, n, e }) }
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
  return n === 0n ? 1 : n.toString().length
}
