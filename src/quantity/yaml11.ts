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

// go-yaml v2 resolve.go, read for this module (branch v2 = v2.4.0):
//   resolveMap: the null, bool, .inf/.nan and `<<` spellings below;
//   resolveTable: the first byte decides what is tried: '+' '-' and digits → int, float
//     (and timestamp); '.' → float; "yYnNtTfFoO~" → the map only; anything else → string.
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
// resolve.go yamlStyleFloat, tried on the underscore-free text after ParseInt/ParseUint.
const YAML_FLOAT = /^[-+]?(\.\d+|\d+(\.\d*)?)(e[-+]?\d+)?$/i
// Go's strconv.ParseFloat on text that starts with '.': decimal only (no sign, no hex, no
// inf/nan can start with '.'), underscores allowed where underscoreOK allows them.
const GO_DOT_FLOAT = /^\.[0-9_]*(e[-+]?\d[0-9_]*)?$/i
const MAX_UINT64 = (1n << 64n) - 1n
const MAX_INT64 = (1n << 63n) - 1n

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
      // go-yaml makes a float64, which reaches the Quantity as a JSON number.
      const printed = String(resolved.value)
      const r = fromJsonNumber(resolved.value)
      if (!r.ok) return r
      const exact = parseQuantity(text)
      const same = exact.ok && sameDecimal(exact.value, r.value) && !text.includes('_')
      return same ? r : { ...r, note: `read as ${printed} (YAML 1.1 float)` }
    }
  }
}

type Resolved = { kind: 'null' | 'bool' | 'special' | 'string' } | { kind: 'int'; value: bigint } | { kind: 'float'; value: number }

/** go-yaml v2 `resolve("", in)` for a plain scalar, down to the Go type it yields. */
export function resolvePlain(text: string): Resolved {
  const first = text.charCodeAt(0)
  const digit = first >= 48 && first <= 57
  const sign = text[0] === '+' || text[0] === '-'
  const dot = text[0] === '.'
  const inMap = text === '' || 'yYnNtTfFoO~'.includes(text[0]!)
  if (!digit && !sign && !dot && !inMap) return { kind: 'string' }
  if (NULLS.has(text)) return { kind: 'null' }
  if (BOOLS.has(text)) return { kind: 'bool' }
  if (SPECIAL_FLOATS.has(text)) return { kind: 'special' }
  if (inMap) return { kind: 'string' }
  if (dot) {
    // strconv.ParseFloat(in, 64): underscores stay in the text and must sit between digits.
    if (!GO_DOT_FLOAT.test(text) || !isDigit(text.charCodeAt(1)) || (text.includes('_') && !underscoreOK(text))) {
      return { kind: 'string' }
    }
    const f = Number(text.replaceAll('_', ''))
    return Number.isFinite(f) ? { kind: 'float', value: f } : { kind: 'string' }
  }
  // A timestamp (four digits, then '-') is no quantity either way; the string path refuses it.
  // Every underscore is removed before the numeric parsers run, wherever it stands.
  const plain = text.replaceAll('_', '')
  const int = goParseInt(plain, 0)
  if (int !== undefined) return { kind: 'int', value: int }
  const uint = goParseUint(plain, 0)
  if (uint !== undefined) return { kind: 'int', value: uint }
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain)
    // ParseFloat fails on overflow (±Inf): go-yaml then keeps the scalar as a string.
    if (Number.isFinite(f)) return { kind: 'float', value: f }
  }
  if (plain.startsWith('0b')) {
    // resolve.go's own binary fallback: ParseInt(plain[2:], 2), which takes a sign (`0b+1`).
    const b = goParseInt(plain.slice(2), 2) ?? goParseUint(plain.slice(2), 2)
    if (b !== undefined) return { kind: 'int', value: b }
  }
  return { kind: 'string' }
}

/** strconv.ParseUint(s, base, 64) with base 0 (prefixes 0b 0o 0x, a leading 0 is octal) or 2; no underscores. */
function goParseUint(s: string, base: 0 | 2): bigint | undefined {
  if (s === '') return undefined
  let radix = base === 2 ? 2 : 10
  let body = s
  if (base === 0 && s[0] === '0') {
    const p = s.length >= 3 ? s[1]!.toLowerCase() : ''
    if (p === 'b') [radix, body] = [2, s.slice(2)]
    else if (p === 'o') [radix, body] = [8, s.slice(2)]
    else if (p === 'x') [radix, body] = [16, s.slice(2)]
    else [radix, body] = [8, s.slice(1)]
  }
  let zeros = 0
  for (let i = 0; i < body.length; i++) {
    const d = digitValue(body.charCodeAt(i))
    if (d >= radix) return undefined
    if (d === 0 && zeros === i) zeros++
  }
  if (body === '') return base === 0 && radix === 8 ? 0n : undefined
  // Beyond 64 significant digits no base fits 64 bits: no BigInt work on a hostile megabyte.
  if (body.length - zeros > 64) return undefined
  const prefix = { 2: '0b', 8: '0o', 10: '', 16: '0x' }[radix as 2 | 8 | 10 | 16]
  const v = BigInt(prefix + body)
  return v > MAX_UINT64 ? undefined : v
}

/** strconv.ParseInt(s, base, 64): an optional sign, then ParseUint, within int64. */
function goParseInt(s: string, base: 0 | 2): bigint | undefined {
  const negative = s[0] === '-'
  const body = s[0] === '+' || s[0] === '-' ? s.slice(1) : s
  const u = goParseUint(body, base)
  if (u === undefined) return undefined
  if (negative ? u > MAX_INT64 + 1n : u > MAX_INT64) return undefined
  return negative ? -u : u
}

/** Go strconv's underscoreOK: every `_` sits between digits (or after a base prefix). */
export function underscoreOK(s: string): boolean {
  let saw = '^'
  let i = 0
  if (s[0] === '-' || s[0] === '+') s = s.slice(1)
  let hex = false
  if (s.length >= 2 && s[0] === '0' && 'bBoOxX'.includes(s[1]!)) {
    i = 2
    saw = '0'
    hex = s[1] === 'x' || s[1] === 'X'
  }
  for (; i < s.length; i++) {
    const c = s[i]!
    if (digitValue(c.charCodeAt(0)) < (hex ? 16 : 10)) {
      saw = '0'
      continue
    }
    if (c === '_') {
      if (saw !== '0') return false
      saw = '_'
      continue
    }
    if (saw === '_') return false
    saw = '!'
  }
  return saw !== '_'
}

/** 0-15 for a hex digit's char code, 99 for anything else. */
function digitValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48
  const l = c | 0x20
  return l >= 97 && l <= 102 ? l - 87 : 99
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}

function sameDecimal(a: Decimal, b: Decimal): boolean {
  return a.negative === b.negative && a.n === b.n && a.e === b.e
}
