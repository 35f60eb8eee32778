/**
 * Reads a weight scalar the way kubectl does before Kubernetes sees it.
 *
 * kubectl turns YAML into JSON with go-yaml v2, a YAML 1.1 reader, and the Quantity's
 * UnmarshalJSON then parses the JSON token (docs/weights-reference.md). So a plain `010` is octal 8,
 * `1_000` is 1000, `0x10` is 16, `0.5` and `1e3` are float64 numbers, `yes` is a boolean
 * and `~` is null, while any quoted scalar is a string that is trimmed and parsed as a
 * quantity. This module reproduces that resolution for one scalar, down to the JSON token,
 * and leaves the token to json.ts (which reads a ConversionReview's weights too); it never
 * consults the JavaScript YAML library's own (YAML 1.2) typing, which disagrees on several
 * of these.
 */
import type { ScalarStyle } from '../model.js'
import { type Decimal, normalize, parseQuantity } from './quantity.js'
import { fromJsonNumber, fromJsonString, type WeightReading } from './json.js'

export type { WeightReading } from './json.js'

// The spellings kubectl reads as null, as a boolean, and as an infinity or NaN.
const NULLS = new Set(['', '~', 'null', 'Null', 'NULL'])
const BOOLS = new Set([
  'y',
  'Y',
  'yes',
  'Yes',
  'YES',
  'n',
  'N',
  'no',
  'No',
  'NO',
  'true',
  'True',
  'TRUE',
  'false',
  'False',
  'FALSE',
  'on',
  'On',
  'ON',
  'off',
  'Off',
  'OFF',
])
const SPECIAL_FLOATS = new Set(['.nan', '.NaN', '.NAN', '.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF', '-.inf', '-.Inf', '-.INF'])

/**
 * Characters YAML 1.1 (go-yaml v2) reads as line breaks but YAML 1.2 (the `yaml` package
 * that locates the scalar) does not: NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR. Written
 * literally in a weight, the two readers disagree on where the scalar ends.
 */
const YAML11_BREAKS = /[\u0085\u2028\u2029]/

/**
 * Resolves one weight scalar: `style` is its YAML presentation and `text` its string
 * content (quotes removed, escapes and folding applied). `raw`, the scalar's source text,
 * lets a quoted scalar be checked for characters written literally.
 */
export function readWeight(style: ScalarStyle, text: string, raw?: string): WeightReading {
  if (style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') {
    return { ok: false, reason: "is a block scalar; write the weight on the key's line" }
  }
  if (YAML11_BREAKS.test(style === 'PLAIN' ? text : (raw ?? text))) {
    return { ok: false, reason: "contains U+0085, U+2028 or U+2029, a line break to kubectl's YAML 1.1 reader" }
  }
  // Any quoted scalar is a string: a JSON string to the Quantity.
  if (style !== 'PLAIN') return fromJsonString(text)
  const resolved = resolvePlain(text)
  switch (resolved.kind) {
    case 'null':
      return { ok: false, reason: 'is null' }
    case 'bool':
      return { ok: false, reason: 'is a boolean to kubectl (YAML 1.1)' }
    case 'special':
      return { ok: false, reason: 'is not a finite number' }
    case 'string':
      return fromJsonString(text)
    case 'int': {
      const value = normalize({ negative: resolved.value < 0n, n: resolved.value < 0n ? -resolved.value : resolved.value, e: 0 })
      const literal = text.replace(/^\+/, '')
      const decimal = resolved.value.toString()
      return literal === decimal ? { ok: true, value } : { ok: true, value, note: `read as ${decimal} (YAML 1.1 integer)` }
    }
    case 'float': {
      // kubectl holds a float64, which reaches the Quantity as a JSON number.
      const printed = String(resolved.value)
      const r = fromJsonNumber(resolved.value)
      if (!r.ok) return r
      const exact = parseQuantity(text)
      const same = exact.ok && sameDecimal(exact.value, r.value) && !text.includes('_')
      if (same) return r
      return { ...r, note: `read as ${printed} (YAML 1.1 float)${r.note ? `, then ${r.note}` : ''}` }
    }
  }
}

type Resolved = { kind: 'null' | 'bool' | 'special' | 'string' } | { kind: 'int'; value: bigint } | { kind: 'float'; value: number }

/** One rule of how kubectl reads a plain scalar: its reading, or undefined when the rule does not apply. */
interface PlainRule {
  readonly rule: string
  readonly read: (text: string) => Resolved | undefined
}

const STRING: Resolved = { kind: 'string' }

/**
 * A Go decimal float literal that starts with its point: `"." decimal_digits [exponent]`, where
 * `decimal_digits = digit { ["_"] digit }`; so an underscore stands between two digits.
 */
const DOT_FLOAT = /^\.\d(?:_?\d)*(?:e[-+]?\d(?:_?\d)*)?$/i
/**
 * A Go integer literal with its underscores removed: the prefix picks the radix, and a `0`
 * followed by digits (or alone) is octal. Groups: sign, binary, octal, hex, legacy octal, decimal.
 */
const INTEGER = /^([-+]?)(?:0b([01]+)|0o([0-7]+)|0x([\da-f]+)|0([0-7]*)|([1-9]\d*))$/i
/** A decimal number in YAML's float notation: `1.5`, `5.`, `.5`, `08`, `1e3`, `-2.5E-1`. */
const YAML_FLOAT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i
/** A lowercase `0b`, then a binary integer that may carry a sign (underscores removed). */
const SIGNED_BINARY = /^0b([-+]?)([01]+)$/

/**
 * How kubectl reads a plain scalar (its YAML 1.1 reading), observed with
 * `kubectl annotate --local -f FILE x=y -o json` and held to the real kubectl by
 * test/yaml11.test.ts. The first rule that applies decides; a scalar no rule takes is a string.
 * kubectl reads:
 * - `~`, `null`, an empty value as null; `y`, `yes`, `on`, `true` (and their `n`/`no`/`off`/`false`
 *   partners, in the case forms listed above) as booleans; `.inf`, `-.Inf`, `.nan`… as
 *   non-finite floats, which it then cannot write as JSON;
 * - anything else that does not start with a digit, a sign or a point as a string;
 * - a scalar that starts with a point as a float when it is a Go decimal float literal (`.5`,
 *   `.5_0`, `.5e1_0`), else as a string (`._5`, `.5__0`, `.5_`, `.5_e1`);
 * - any other scalar with every underscore dropped, wherever it stood (`1_`, `+_1`, `0x_1`):
 *   - as an integer when it is a Go integer literal (`010` is 8, `0x10` 16, `0o10` 8, `0b11` 3)
 *     and fits int64, or, written without a sign, uint64;
 *   - else as a float when it is in YAML's float notation (`08` is 8) and finite (`1e400` stays a string);
 *   - else, after a lowercase `0b`, as a signed binary integer in the same range (`0b+1` is 1, `0b-1` is -1).
 */
const PLAIN_RULES: readonly PlainRule[] = [
  { rule: 'null', read: (t) => (NULLS.has(t) ? { kind: 'null' } : undefined) },
  { rule: 'boolean', read: (t) => (BOOLS.has(t) ? { kind: 'bool' } : undefined) },
  { rule: 'infinity or NaN', read: (t) => (SPECIAL_FLOATS.has(t) ? { kind: 'special' } : undefined) },
  { rule: 'no number without a leading digit, sign or point', read: (t) => (/^[-+.\d]/.test(t) ? undefined : STRING) },
  { rule: 'point-led: a Go float, else a string', read: (t) => (t[0] === '.' ? pointLed(t) : undefined) },
  { rule: 'integer', read: (t) => integer(t.replaceAll('_', '')) },
  { rule: 'YAML float', read: (t) => (YAML_FLOAT.test(t.replaceAll('_', '')) ? float(t) : undefined) },
  { rule: '0b, then a signed binary integer', read: (t) => signedBinary(t.replaceAll('_', '')) },
]

/** A plain scalar as kubectl reads it (PLAIN_RULES), down to the kind of value it yields. */
export function resolvePlain(text: string): Resolved {
  for (const { read } of PLAIN_RULES) {
    const r = read(text)
    if (r) return r
  }
  return STRING
}

/** The float64 the digits of `text` (underscores dropped) denote; undefined beyond float64 (±Infinity). */
function float(text: string): Resolved | undefined {
  const value = Number(text.replaceAll('_', ''))
  return Number.isFinite(value) ? { kind: 'float', value } : undefined
}

/** A scalar that starts with a point: a Go decimal float literal within float64, or a string. */
function pointLed(text: string): Resolved {
  return (DOT_FLOAT.test(text) ? float(text) : undefined) ?? STRING
}

/** A Go integer literal (underscores removed) within LIMIT. */
function integer(text: string): Resolved | undefined {
  const m = INTEGER.exec(text)
  if (!m) return undefined
  const [, sign = '', bin, oct, hex, legacyOctal, dec] = m
  if (bin !== undefined) return inRange(sign, bin, '0b')
  if (oct !== undefined) return inRange(sign, oct, '0o')
  if (hex !== undefined) return inRange(sign, hex, '0x')
  return legacyOctal !== undefined ? inRange(sign, legacyOctal, '0o') : inRange(sign, dec!, '')
}

function signedBinary(text: string): Resolved | undefined {
  const m = SIGNED_BINARY.exec(text)
  return m ? inRange(m[1]!, m[2]!, '0b') : undefined
}

/** The largest magnitude each sign allows: int64 when signed, uint64 when not. */
const LIMIT: Record<string, bigint> = { '': (1n << 64n) - 1n, '+': (1n << 63n) - 1n, '-': 1n << 63n }

/** The integer written `sign`, `prefix`, `digits`, if its magnitude is within LIMIT. */
function inRange(sign: string, digits: string, prefix: '' | '0b' | '0o' | '0x'): Resolved | undefined {
  const significant = digits.replace(/^0+/, '')
  // Past 64 significant digits no radix fits 64 bits: no BigInt work on a huge scalar.
  if (significant.length > 64) return undefined
  const magnitude = significant === '' ? 0n : BigInt(prefix + significant)
  if (magnitude > LIMIT[sign]!) return undefined
  return { kind: 'int', value: sign === '-' ? -magnitude : magnitude }
}

function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a.negative === b.negative && a.n === b.n && a.e === b.e
}
