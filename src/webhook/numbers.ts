/**
 * JSON numbers read exactly. A review is read with JSON.parse, which gives every number as a
 * double: `18014398509481985` and `18014398509481984` become the same value. The API server
 * (Go) keeps an int64 exact, every served schema admits such a weight (v1alpha1's integers
 * have no bound), and one such object must not make every read of it fail. So a number token
 * that no double holds exactly is read as its text (a string marked with EXACT_MARK, which
 * the weight reader reads as the token itself: quantity/json.ts), and written back as the same
 * token: what the webhook does not convert comes back byte for byte, and what it converts is
 * computed from the exact decimal.
 *
 * The common review has no such token: a review without a run of 16 digits skips the scan,
 * and one whose long runs all read exactly is parsed as it is.
 */
import { EXACT_MARK, type Json } from '../kinds/json.js'

/**
 * A run of 16 digits and dots, or an exponent of 3 digits: no other number can be inexact
 * (doubles hold 15 decimal digits exactly, and overflow only past e308), so texts without
 * one skip the scan. The run is looked for at every 16th character (any 16 in a row hold
 * one of them), which costs a fifth of the regular expression `[\d.]{16}` on every
 * character; the exponent by the regular expression, whose `i` form V8 scans fastest.
 */
function mayBeInexact(text: string): boolean {
  return hasLongRun(text) || EXPONENT.test(text)
}

const EXPONENT = /e[+-]?\d{3}/i

/** Whether `text` has 16 digits and dots in a row. */
function hasLongRun(text: string): boolean {
  for (let i = 15; i < text.length; i += 16) {
    if (!isDigitOrDot(text.charCodeAt(i))) continue
    let start = i
    while (start > 0 && isDigitOrDot(text.charCodeAt(start - 1))) start--
    let end = i + 1
    while (end < text.length && isDigitOrDot(text.charCodeAt(end))) end++
    if (end - start >= 16) return true
  }
  return false
}

const isDigitOrDot = (c: number) => (c >= 48 && c <= 57) || c === 46

/** JSON.parse, with every number token no double holds exactly read as its marked text. */
export function parseExact(text: string): Json {
  if (!mayBeInexact(text)) return JSON.parse(text) as Json
  const tokens = inexactTokens(text)
  if (tokens.length === 0) return JSON.parse(text) as Json
  let out = ''
  let at = 0
  for (const [start, end] of tokens) {
    out += `${text.slice(at, start)}"${EXACT_MARK_JSON}${text.slice(start, end)}"`
    at = end
  }
  return JSON.parse(out + text.slice(at)) as Json
}

/** EXACT_MARK as JSON.stringify writes it inside a string (a lone surrogate is escaped). */
const EXACT_MARK_JSON = JSON.stringify(EXACT_MARK).slice(1, -1)
const MARKED = new RegExp(`"${EXACT_MARK_JSON.replace(/\\/g, '\\\\')}(-?[\\d.eE+-]+)"`, 'g')

/** JSON.stringify, with the marked texts written back as the number tokens they were. */
export function stringifyExact(value: unknown): string {
  const text = JSON.stringify(value)
  return text.includes(EXACT_MARK_JSON) ? text.replace(MARKED, '$1') : text
}

/** The [start, end) of each number token outside strings that is not exactly a double. */
function inexactTokens(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = []
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i = stringEnd(text, i)
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < text.length && isNumberChar(text.charCodeAt(j))) j++
      if (j - i >= 16 || /e/i.test(text.slice(i, j))) {
        if (!exact(text.slice(i, j))) found.push([i, j])
      }
      i = j
    } else i++
  }
  return found
}

/** Digits, `.`, `e`, `E`, `+`, `-`. */
const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45

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
