/**
 * JSON number tokens that JSON.parse cannot read exactly. A review is read with JSON.parse,
 * which gives every number as a double: `18014398509481985` and `18014398509481984` become
 * the same value, so a weight above 2^53 would be converted (and kept for the way back) as a
 * number its writer never wrote. Such a weight is far beyond any TrafficSplit's int32, so the
 * webhook refuses the review naming the token rather than carrying a keeping parser; the
 * schema tightening of `webhook manifests --patch` (`maximum: 2147483647`) keeps v1alpha2+
 * from admitting one.
 */

/**
 * A run of 16 digits and dots: no number with fewer significant digits can be inexact
 * (doubles hold 15 decimal digits exactly), so reviews without one skip the scan.
 */
const LONG = /[\d.]{16}/

/** The first number token outside strings that is not exactly a double, or undefined. */
export function inexactNumber(text: string): string | undefined {
  if (!LONG.test(text)) return undefined
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i = stringEnd(text, i)
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < text.length && /[\d.e+-]/i.test(text[j]!)) j++
      const token = text.slice(i, j)
      if (!exact(token)) return token
      i = j
    } else i++
  }
  return undefined
}

/** The index just past the string that starts at `i` (escapes skipped). */
function stringEnd(text: string, i: number): number {
  let j = i + 1
  while (j < text.length) {
    const c = text.charCodeAt(j)
    if (c === 92 /* \ */) j += 2
    else if (c === 34) return j + 1
    else j++
  }
  return j
}

/** Whether the token's decimal value is the double JSON.parse makes of it. */
function exact(token: string): boolean {
  const n = Number(token)
  if (!Number.isFinite(n)) return false
  return canonical(token) === canonical(String(n))
}

/** A number token as digits without leading or trailing zeros and a power of ten. */
function canonical(token: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(token)
  if (!m) return token
  const [, sign = '', int = '', frac = '', exp = '0'] = m
  const all = int + frac
  const first = all.search(/[1-9]/)
  if (first < 0) return '0'
  let last = all.length
  while (all[last - 1] === '0') last--
  return `${sign}${all.slice(first, last)}e${BigInt(exp) - BigInt(frac.length) + BigInt(all.length - last)}`
}
