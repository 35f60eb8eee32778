/**
 * A weight as a JSON value, read the way Kubernetes reads it: `Quantity.UnmarshalJSON` takes
 * a JSON string (quotes cut off, the text trimmed with strings.TrimSpace, then ParseQuantity)
 * or a bare JSON number (its token parsed the same way) (docs/weights-reference.md).
 *
 * Every weight reaches a Quantity as JSON: a manifest's YAML scalar through kubectl's YAML →
 * JSON step (yaml11.ts resolves the scalar, then hands the JSON token here), a
 * ConversionReview's object as it is. So this is the one place that turns a JSON weight into
 * a decimal.
 */
import { type Decimal, parseQuantity } from './quantity.js'

export type WeightReading = { ok: true; value: Decimal; note?: string } | { ok: false; reason: string }

/**
 * What Go's strings.TrimSpace removes from the JSON text of a string weight. Quantity's
 * UnmarshalJSON trims the raw JSON token (quotes cut off, escapes *not* decoded), and
 * encoding/json escapes every byte below 0x20 (so \t \n \v \f \r arrive as `\t`, `\u000b`…)
 * and U+2028/U+2029 unconditionally: of unicode.IsSpace, only these reach TrimSpace as
 * themselves. U+FEFF is not a space to Go (JavaScript's trim() removes it). The JSON a
 * webhook receives was written by the API server with encoding/json too, so the same set holds.
 */
const GO_JSON_TRIMMED = '\u0020\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u202f\u205f\u3000'

/** What JavaScript's trim() removes and Go, reading the JSON text, does not. */
const NOT_TRIMMED = '\t\n\v\f\r\u2028\u2029\ufeff'

/**
 * A JSON number token that no double holds exactly (`18014398509481985`, above 2^53), as a
 * reader that keeps the JSON text gives it (webhook/numbers.ts): a string of this prefix and
 * the token. The prefix starts with a lone surrogate, which no JSON the API server writes can
 * hold (Go's encoder writes U+FFFD for one), so no string a client wrote is read as a number.
 */
export const EXACT_MARK = '\ud800exact:'

/** The number token a value stands for when it is one no double holds, else undefined. */
export function exactToken(value: unknown): string | undefined {
  return typeof value === 'string' && value.startsWith(EXACT_MARK) ? value.slice(EXACT_MARK.length) : undefined
}

/** A JSON value as a quantity weight (sign kept: the weight rule says what a negative weight is). */
export function readJsonWeight(value: unknown): WeightReading {
  if (value === null || value === undefined) return { ok: false, reason: 'is null' }
  if (typeof value === 'string') {
    // A number token read from the JSON text: Go parses the token itself as the quantity.
    const token = exactToken(value)
    return token === undefined ? fromJsonString(value) : fromQuantity(token)
  }
  if (typeof value === 'number' && Number.isFinite(value)) return fromJsonNumber(value)
  return { ok: false, reason: 'is not a quantity' }
}

/**
 * A JSON number. encoding/json prints a float64 as its shortest round-trip decimal, which is
 * what JavaScript's Number#toString prints for the same double, so the token Go parses is
 * `String(n)`. A token no double holds exactly never gets here: the webhook reads it from
 * the JSON text (EXACT_MARK), since Go keeps an int64 exact and its division by the weight
 * rule's common divisor must be exact too.
 */
export function fromJsonNumber(n: number): WeightReading {
  return fromQuantity(String(n))
}

/** A JSON string: its text trimmed as Go trims it, then parsed as a Quantity. */
export function fromJsonString(text: string): WeightReading {
  const trimmed = trimGoJson(text)
  const r = fromQuantity(trimmed)
  if (r.ok || trimmed === text.trim()) return r
  const loose = parseQuantity(text.trim())
  if (!loose.ok) return r
  const around = [...text].filter((c) => NOT_TRIMMED.includes(c))
  const shown = [...new Set(around)].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ')
  return { ok: false, reason: `has ${shown} around it, which Kubernetes does not strip (its JSON form keeps it); remove it` }
}

function trimGoJson(text: string): string {
  let a = 0
  let b = text.length
  while (a < b && GO_JSON_TRIMMED.includes(text[a]!)) a++
  while (b > a && GO_JSON_TRIMMED.includes(text[b - 1]!)) b--
  return text.slice(a, b)
}

function fromQuantity(text: string): WeightReading {
  const r = parseQuantity(text)
  // Finer than 1n: read as every Go client reads it (quantity.ts), rounded up to 1n. No note
  // here: such a weight is finer than 1m too, and the weight rule says what it became (milli.ts).
  return r.ok ? { ok: true, value: r.value } : { ok: false, reason: r.reason }
}
