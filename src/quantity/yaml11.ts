/**
 * Reads a weight scalar the way kubectl does before Kubernetes sees it.
 *
 * kubectl turns YAML into JSON with go-yaml v2, a YAML 1.1 reader, and the Quantity's
 * UnmarshalJSON then parses the JSON token (docs/weights-reference.md). So a plain `010` is octal 8,
 * `1_000` is 1000, `0x10` is 16, `0.5` and `1e3` are float64 numbers, `yes` is a boolean
 * and `~` is null, while any quoted scalar is a string that is trimmed and parsed as a
 * quantity. This module reproduces that resolution for one scalar; it never consults the
 * JavaScript YAML library's own (YAML 1.2) typing, which disagrees on several of these.
 */
import { type Decimal, normalize, parseQuantity } from './quantity.js'

export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'

export type WeightReading =
  | { ok: true; value: Decimal; note?: string }
  | { ok: false; reason: string }

const NULLS = new Set(['', '~', 'null', 'Null', 'NULL'])
const BOOLS = new Set([
  'y', 'Y', 'yes', 'Yes', 'YES', 'n', 'N', 'no', 'No', 'NO',
  'true', 'True', 'TRUE', 'false', 'False', 'FALSE',
  'on', 'On', 'ON', 'off', 'Off', 'OFF',
])
// go-yaml v2 resolve.go: yamlStyleFloat, and Go's strconv.ParseInt(s, 0, 64) forms.
const YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/
const GO_INT = /^([-+]?)(0[xX][0-9a-fA-F]+|0[oO][0-7]+|0[bB][01]+|0[0-7]*|[1-9][0-9]*)$/
const SPECIAL_FLOAT = /^[-+]?\.(inf|Inf|INF)$|^\.(nan|NaN|NAN)$/

/**
 * Resolves one weight scalar: `style` is its YAML presentation and `text` its string
 * content (quotes removed, escapes and folding applied).
 */
export function readWeight(style: ScalarStyle, text: string): WeightReading {
  if (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') {
    return { ok: false, reason: 'is a block scalar; write the weight on the key\'s line' }
  }
  if (style !== 'PLAIN') {
    // A JSON string: UnmarshalJSON trims surrounding space, then parses strictly.
    return fromQuantity(text.trim())
  }
  if (NULLS.has(text)) return { ok: false, reason: 'is null' }
  if (BOOLS.has(text)) return { ok: false, reason: 'is a boolean to kubectl (YAML 1.1)' }
  if (SPECIAL_FLOAT.test(text)) return { ok: false, reason: 'is not a finite number' }

  const first = text.charCodeAt(0)
  const numeric = (first >= 48 && first <= 57) || text[0] === '+' || text[0] === '-' || text[0] === '.'
  if (!numeric) return fromQuantity(text)

  const plain = text.includes('_') ? text.replaceAll('_', '') : text
  // Longer than any int32 weight can be written: let the strict grammar refuse it
  // without spending BigInt or float work on a hostile megabyte of digits.
  if (plain.length > 80) return fromQuantity(text)
  const int = GO_INT.exec(plain)
  if (int) {
    const [, sign = '', body = '0'] = int
    const magnitude = parseGoInt(body)
    const value = normalize({ negative: sign === '-', n: magnitude, e: 0 })
    const decimal = `${sign === '-' ? '-' : ''}${magnitude}`
    const literal = text.replace(/^\+/, '')
    return literal === decimal ? { ok: true, value } : { ok: true, value, note: `read as ${decimal} (YAML 1.1 integer)` }
  }
  if (YAML_FLOAT.test(plain)) {
    // go-yaml makes a float64; encoding/json then prints its shortest round-trip decimal,
    // which is exactly what JavaScript's Number#toString prints for the same double.
    const f = Number(plain)
    // Go's ParseFloat fails on overflow, so go-yaml keeps such a scalar as a string.
    if (!Number.isFinite(f)) return fromQuantity(text)
    const printed = String(f)
    const r = fromQuantity(printed)
    if (!r.ok) return r
    const exact = parseQuantity(plain)
    const same = plain === text && exact.ok && sameDecimal(exact.value, r.value)
    return same ? r : { ...r, note: `read as ${printed} (YAML 1.1 float)` }
  }
  return fromQuantity(text)
}

function fromQuantity(text: string): WeightReading {
  const r = parseQuantity(text)
  return r.ok ? { ok: true, value: r.value } : { ok: false, reason: r.reason }
}

function parseGoInt(body: string): bigint {
  if (/^0[xXoObB]/.test(body)) {
    const radix = { x: '0x', o: '0o', b: '0b' }[body[1]!.toLowerCase() as 'x' | 'o' | 'b']
    return BigInt(radix + body.slice(2))
  }
  if (body.length > 1 && body[0] === '0') return BigInt('0o' + body.slice(1))
  return BigInt(body)
}

function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a.negative === b.negative && a.n === b.n && a.e === b.e
}
