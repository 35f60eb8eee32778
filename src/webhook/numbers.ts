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
 * One pass over the text finds those tokens (strings skipped), deciding most by their spelling
 * alone; a review whose tokens all read back as written is parsed as it is. Each kept token
 * costs a string in the parsed review, so a review may hold at most MAX_RESPELLED of those
 * the API server never writes.
 */
import { EXACT_MARK, type Json } from '../kinds/json.js'

/**
 * How many number tokens one review may hold that a double holds but spells otherwise (`1.0`,
 * `1e5`, `1E+2`, `-0`, `0.50`: each is kept as its text, which costs several times a plain
 * number). The API server writes every number as Go does, which is JSON.stringify's spelling
 * but for integers of 16 digits or more: those are kept whatever their count (a 3 MiB body holds
 * at most about 170,000), the others are counted. A review past the bound fails at once.
 */
export const MAX_RESPELLED = 10_000

/** A review with more than MAX_RESPELLED respelled number tokens (the message says so). */
export class TooManyRespelled extends Error {}

/**
 * JSON.parse, with every number token that JSON.stringify would not write back as it is read
 * as its marked text: one no double holds exactly, and one a double holds but whose spelling
 * is not the double's (`1e64`, `1.0`, `-0`, a 65-digit power of ten), so that a value the
 * webhook does not convert is written back byte for byte. With `limit`, more than `limit`
 * tokens that are not integers of 16 digits or more throw TooManyRespelled.
 */
export function parseExact(text: string, limit = Infinity): Json {
  const spans = respelledTokens(text, limit)
  if (spans.length === 0) return JSON.parse(text) as Json
  const parts: string[] = []
  let at = 0
  for (let k = 0; k < spans.length; k += 2) {
    parts.push(text.slice(at, spans[k]), OPEN, text.slice(spans[k], spans[k + 1]), '"')
    at = spans[k + 1]!
  }
  parts.push(text.slice(at))
  return JSON.parse(parts.join('')) as Json
}

/** EXACT_MARK as JSON.stringify writes it inside a string (a lone surrogate is escaped). */
const EXACT_MARK_JSON = JSON.stringify(EXACT_MARK).slice(1, -1)
const OPEN = `"${EXACT_MARK_JSON}`
const MARKED = new RegExp(`"${EXACT_MARK_JSON.replace(/\\/g, '\\\\')}(-?[\\d.eE+-]+)"`, 'g')

/** JSON.stringify, with the marked texts written back as the number tokens they were. */
export function stringifyExact(value: unknown): string {
  const text = JSON.stringify(value)
  return text.includes(EXACT_MARK_JSON) ? text.replace(MARKED, '$1') : text
}

/**
 * The [start, end) of each number token outside strings that JSON.stringify would not write
 * back as it is, one after the other in one array: one pass, and no string made for a token
 * whose spelling decides it (digits alone, a fraction ending in 0, `E`, an exponent without a
 * sign, `-0`). A token that is not a JSON number (`01`, `1.5.5e5`) is left for JSON.parse to refuse.
 */
function respelledTokens(text: string, limit: number): number[] {
  const found: number[] = []
  let counted = 0
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i = stringEnd(text, i)
      continue
    }
    if (c !== 45 /* - */ && (c < 48 || c > 57)) {
      i++
      continue
    }
    let j = i + 1
    while (j < n && isNumberChar(text.charCodeAt(j))) j++
    const kept = keptAs(text, i, j)
    if (kept !== PLAIN) {
      found.push(i, j)
      if (kept === RESPELLED && ++counted > limit)
        throw new TooManyRespelled(
          `the review holds more than ${limit} number tokens spelled otherwise than the API server writes them (such as \`1.0\`, \`1e5\`, \`-0\`), each of which is kept as written: at most ${limit} are`,
        )
    }
    i = j
  }
  return found
}

const PLAIN = 0
/** An integer of 16 digits or more that its double does not spell: what the API server may write. */
const LONG = 1
/** Any other token its double does not spell. */
const RESPELLED = 2

/** Whether text[i, j) is a JSON number its double spells (PLAIN), or which kind of other (or not a JSON number: PLAIN). */
function keptAs(text: string, i: number, j: number): number {
  let k = i
  if (text.charCodeAt(k) === 45) k++
  const intStart = k
  if (k < j && text.charCodeAt(k) === 48) k++
  else while (k < j && isDigit(text.charCodeAt(k))) k++
  if (k === intStart) return PLAIN
  const intEnd = k
  let fractionEndsInZero = false
  if (k < j && text.charCodeAt(k) === 46 /* . */) {
    const from = ++k
    while (k < j && isDigit(text.charCodeAt(k))) k++
    if (k === from) return PLAIN
    fractionEndsInZero = text.charCodeAt(k - 1) === 48
  }
  let signless = false
  let hasExponent = false
  if (k < j) {
    const e = text.charCodeAt(k++)
    if (e !== 101 && e !== 69) return PLAIN
    hasExponent = true
    signless = e === 69 // `E`: never JSON.stringify's
    const sign = text.charCodeAt(k)
    if (sign === 43 || sign === 45) k++
    else signless = true
    const from = k
    while (k < j && isDigit(text.charCodeAt(k))) k++
    if (k === from || k !== j) return PLAIN
  }
  if (!hasExponent && intEnd === j) {
    // An integer: digits alone of up to 15 are their double's spelling; `-0` is not.
    if (j - intStart < 16) return j - i === 2 && text.charCodeAt(i) === 45 && text.charCodeAt(intStart) === 48 ? RESPELLED : PLAIN
    const token = text.slice(i, j)
    return String(Number(token)) === token ? PLAIN : LONG
  }
  if (fractionEndsInZero || signless) return RESPELLED
  const token = text.slice(i, j)
  return String(Number(token)) === token ? PLAIN : RESPELLED
}

const isDigit = (c: number) => c >= 48 && c <= 57

/** Digits, `.`, `e`, `E`, `+`, `-`. */
const isNumberChar = (c: number) => (c >= 48 && c <= 57) || c === 46 || c === 101 || c === 69 || c === 43 || c === 45

/** The index just past the string that starts at `i` (escapes skipped). */
function stringEnd(text: string, i: number): number {
  let j = i + 1
  for (;;) {
    const q = text.indexOf('"', j)
    if (q < 0) return text.length
    // The quote ends the string unless an odd number of backslashes precede it.
    let b = q
    while (b > j && text.charCodeAt(b - 1) === 92) b--
    if ((q - b) % 2 === 0) return q + 1
    j = q + 1
  }
}
