/**
 * JSON numbers read exactly. A review is read with JSON.parse, which gives every number as a
 * double: `18014398509481985` and `18014398509481984` become the same value. The API server
 * (Go) keeps an int64 exact, every served schema admits such a weight (v1alpha1's integers
 * have no bound), and one such object must not make every read of it fail. So a number token
 * that no double holds exactly, or that JSON.stringify would write otherwise (`1e64` as
 * `1e+64`, `1.0` as `1`), is read as its text (a string marked with EXACT_MARK, which the
 * weight reader reads as the token itself, as Go's quantity reader does: quantity/json.ts), and
 * written back as the same token: what the webhook does not convert comes back byte for byte,
 * and what it converts is computed from the exact decimal.
 *
 * The common review has no such token (the API server writes integers digit for digit): a
 * review without a run of 16 digits or a number with a fraction, exponent or minus zero skips
 * the scan, and one whose tokens all read back as written is parsed as it is.
 */
import { EXACT_MARK, type Json } from '../kinds/json.js'

/**
 * A run of 16 digits and dots, or a number token with a fraction, an exponent or a minus
 * zero: no other number can be inexact (doubles hold 15 decimal digits exactly) or spelled
 * otherwise by JSON.stringify (which writes an integer of up to 21 digits digit for digit),
 * so texts without one skip the scan. The run is looked for at every 16th character (any 16
 * in a row hold one of them), which costs a fifth of the regular expression `[\d.]{16}` on
 * every character; the rest by a regular expression anchored on what precedes a value in
 * JSON (`:`, `,` or `[`), which a review's strings (timestamps, uids) seldom hold.
 */
function mayBeRespelled(text: string): boolean {
  return hasLongRun(text) || NOT_PLAIN.test(text)
}

const NOT_PLAIN = /[:,[]\s*-?\d+[.e]|[:,[]\s*-0(?![\d.e])/i

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

/**
 * JSON.parse, with every number token that JSON.stringify would not write back as it is read
 * as its marked text: one no double holds exactly, and one a double holds but whose spelling
 * is not the double's (`1e64`, `1.0`, `-0`, a 65-digit power of ten), so that a value the
 * webhook does not convert is written back byte for byte.
 */
export function parseExact(text: string): Json {
  if (!mayBeRespelled(text)) return JSON.parse(text) as Json
  const tokens = respelledTokens(text)
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

/** The [start, end) of each number token outside strings that JSON.stringify would not write back as it is. */
function respelledTokens(text: string): Array<[number, number]> {
  const found: Array<[number, number]> = []
  let i = 0
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i = stringEnd(text, i)
    } else if (c === 45 /* - */ || (c >= 48 && c <= 57)) {
      let j = i + 1
      while (j < text.length && isNumberChar(text.charCodeAt(j))) j++
      // A token of digits alone, of up to 15, is its double's spelling: not sliced.
      if (j - i >= 16 || !isPlainShort(text, i, j)) {
        const token = text.slice(i, j)
        // Also true of every token whose decimal value no double holds (its double spells another
        // value). A token that is not a JSON number (`01`, `1.5.5e5`) is left for JSON.parse to refuse.
        if (String(Number(token)) !== token && JSON_NUMBER.test(token)) found.push([i, j])
      }
      i = j
    } else i++
  }
  return found
}

/** Whether text[i, j) is digits alone (a `-` first allowed, but not `-0`). */
function isPlainShort(text: string, i: number, j: number): boolean {
  if (text.charCodeAt(i) === 45 && (j - i === 1 || text.charCodeAt(i + 1) === 48)) return false
  for (let k = text.charCodeAt(i) === 45 ? i + 1 : i; k < j; k++) {
    const c = text.charCodeAt(k)
    if (c < 48 || c > 57) return false
  }
  return true
}

const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?(e[+-]?\d+)?$/i

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
