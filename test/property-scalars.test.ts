/**
 * Property tests for weight scalars as kubectl reads them: plain numbers with underscores
 * anywhere, '.'-led floats, quantities with and without digits, quoted weights with Unicode
 * spaces (escaped or literal) around them, merge keys and anchors. Checked against an
 * oracle written here from the Go sources, independently of src/:
 *
 * - go-yaml v2 resolve.go (branch v2): the first byte picks the parsers; digit- and sign-led
 *   scalars lose every `_` before strconv.ParseInt(s, 0, 64), ParseUint, the yamlStyleFloat
 *   regexp + ParseFloat, and the `0b` fallback; '.'-led ones go to ParseFloat as written
 *   (underscores only between digits, strconv's underscoreOK); the rest are strings.
 * - sigs.k8s.io/yaml: the value becomes JSON (encoding/json: strings escape bytes < 0x20,
 *   `"`, `\`, `<`, `>`, `&`, U+2028, U+2029; floats print their shortest round-trip decimal).
 * - Quantity.UnmarshalJSON: strips the quotes of the raw token, strings.TrimSpace
 *   (unicode.IsSpace), ParseQuantity (parseQuantityString's loops, the suffix table,
 *   `e<int64>` truncated to int32, binary values capped at 2^63-1).
 * - Policy on top of Go (documented refusals): a number without digits, a value finer than
 *   1n, an exponent outside int32, a merge key, an anchor read from outside, NEL/LS/PS
 *   written literally.
 * - The weight rule: the smallest 10^k (k in 0,3,6,9) that makes every weight whole; if a
 *   result is above 2147483647, everything divided by the greatest common divisor; still
 *   above: refused.
 * A refused object comes back byte for byte; a converted one differs only in the apiVersion
 * and the weight tokens.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { migrate } from '../src/index.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400)
const NANO = 10n ** 9n
const INT32 = 2147483647n
const INT64 = (1n << 63n) - 1n

// ----------------------------------------------------------------------------------------
// The oracle. A reading is an exact value in nano units, or a refusal.

type Reading = { nano: bigint } | { refused: string }

/** unicode.IsSpace */
const GO_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009,
  0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
])

function goTrimSpace(s: string): string {
  const cps = [...s]
  while (cps.length && GO_SPACE.has(cps[0]!.codePointAt(0)!)) cps.shift()
  while (cps.length && GO_SPACE.has(cps[cps.length - 1]!.codePointAt(0)!)) cps.pop()
  return cps.join('')
}

/** encoding/json's string body (between the quotes), HTML escaping on as in json.Marshal. */
function goJsonStringBody(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (ch === '"' || ch === '\\') out += '\\' + ch
    else if (c === 0x0a) out += '\\n'
    else if (c === 0x0d) out += '\\r'
    else if (c === 0x09) out += '\\t'
    else if (c < 0x20 || ch === '<' || ch === '>' || ch === '&') out += '\\u00' + c.toString(16).padStart(2, '0')
    else if (c === 0x2028 || c === 0x2029) out += '\\u' + c.toString(16)
    else out += ch
  }
  return out
}

/** ParseQuantity, as a port of parseQuantityString's loops and interpret(); value in nano. */
function goParseQuantity(str: string): Reading {
  if (str.length === 0) return { refused: 'empty' }
  let pos = 0
  let positive = true
  if (str[0] === '-') {
    positive = false
    pos++
  } else if (str[0] === '+') pos++
  let num: string
  let denom = ''
  const isD = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9'
  // Zeroes (Go returns 0 here even when there were none: `+`, `-`)
  const afterSign = pos
  while (pos < str.length && str[pos] === '0') pos++
  if (pos >= str.length) return pos > afterSign ? { nano: 0n } : { refused: 'policy: no digits' }
  let i = pos
  while (i < str.length && isD(str[i])) i++
  num = str.slice(pos, i)
  pos = i
  const digitless = num === '' && !str.slice(0, pos).includes('0')
  if (num === '') num = '0'
  if (pos < str.length && str[pos] === '.') {
    pos++
    i = pos
    while (i < str.length && isD(str[i])) i++
    denom = str.slice(pos, i)
    pos = i
  }
  const suffixStart = pos
  while (pos < str.length && 'eEinumkKMGTP'.includes(str[pos]!)) pos++
  if (pos < str.length && (str[pos] === '-' || str[pos] === '+')) pos++
  while (pos < str.length && isD(str[pos])) pos++
  if (pos < str.length) return { refused: 'format' }
  const suffix = str.slice(suffixStart)
  const DEC: Record<string, number> = { '': 0, n: -9, u: -6, m: -3, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 }
  const BIN: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 }
  let exp10 = 0
  let bin = -1
  if (suffix in DEC) exp10 = DEC[suffix]!
  else if (suffix in BIN) bin = BIN[suffix]!
  else if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?\d+$/.test(suffix.slice(1))) {
    const x = BigInt(suffix.slice(1))
    if (x > INT64 || x < -INT64 - 1n) return { refused: 'exponent beyond int64' }
    if (x !== BigInt.asIntN(32, x)) return { refused: 'policy: exponent truncated to int32' }
    exp10 = Number(x)
  } else {
    return { refused: 'suffix' }
  }
  if (digitless && denom === '') return { refused: 'policy: no digits' }
  // value = (num.denom) × 10^exp10 (or × 2^bin), in nano
  const mant = BigInt(num + denom)
  const shift = exp10 - denom.length + 9
  let nano: bigint
  if (bin >= 0) {
    const whole = mant * (1n << BigInt(bin)) // × 10^-denom.length
    const capped = whole > INT64 * 10n ** BigInt(denom.length) ? INT64 * 10n ** BigInt(denom.length) : whole
    const s = 9 - denom.length
    if (s < 0) {
      if (capped % 10n ** BigInt(-s) !== 0n) return { refused: 'policy: finer than 1n' }
      nano = capped / 10n ** BigInt(-s)
    } else nano = capped * 10n ** BigInt(s)
  } else if (shift >= 0) {
    if (shift > 60) return mant === 0n ? { nano: 0n } : { refused: 'huge' }
    nano = mant * 10n ** BigInt(shift)
  } else {
    if (mant % 10n ** BigInt(-shift) !== 0n) return { refused: 'policy: finer than 1n' }
    nano = mant / 10n ** BigInt(-shift)
  }
  if (!positive && nano !== 0n) return { refused: 'negative' }
  return { nano }
}

/** A JSON token as Quantity.UnmarshalJSON reads it. */
function unmarshalQuantity(token: { string: string } | { number: string }): Reading {
  if ('string' in token) return goParseQuantity(goTrimSpace(goJsonStringBody(token.string)))
  return goParseQuantity(token.number)
}

/** strconv underscoreOK */
function underscoresOK(s: string): boolean {
  let t = s.replace(/^[+-]/, '')
  let saw = '^'
  let hex = false
  if (/^0[box]/i.test(t)) {
    saw = '0'
    hex = /^0x/i.test(t)
    t = t.slice(2)
  }
  for (const c of t) {
    if (/\d/.test(c) || (hex && /[a-f]/i.test(c))) saw = '0'
    else if (c === '_') {
      if (saw !== '0') return false
      saw = '_'
    } else {
      if (saw === '_') return false
      saw = '!'
    }
  }
  return saw !== '_'
}

/** strconv.ParseUint / ParseInt with base 0 (or 2), 64 bits. */
function parseUint(s: string, base: number): bigint | undefined {
  if (s === '') return undefined
  let digits = s
  let radix = base
  if (base === 0) {
    radix = 10
    if (s[0] === '0') {
      if (s.length >= 3 && /b/i.test(s[1]!)) {
        radix = 2
        digits = s.slice(2)
      } else if (s.length >= 3 && /o/i.test(s[1]!)) {
        radix = 8
        digits = s.slice(2)
      } else if (s.length >= 3 && /x/i.test(s[1]!)) {
        radix = 16
        digits = s.slice(2)
      } else {
        radix = 8
        digits = s.slice(1)
      }
    }
  }
  let v = 0n
  for (const c of digits) {
    const d = parseInt(c, 16)
    if (Number.isNaN(d) || d >= radix) return undefined
    v = v * BigInt(radix) + BigInt(d)
  }
  return v > (1n << 64n) - 1n ? undefined : v
}
function parseInt64(s: string, base: number): bigint | undefined {
  const neg = s[0] === '-'
  const u = parseUint(/^[+-]/.test(s) ? s.slice(1) : s, base)
  if (u === undefined) return undefined
  if (neg ? u > INT64 + 1n : u > INT64) return undefined
  return neg ? -u : u
}

/** float64 → encoding/json number text (the same shortest digits as JavaScript prints). */
function floatToken(f: number): { number: string } {
  return { number: String(f) }
}

/** go-yaml v2 resolve for a plain scalar, down to the JSON token; undefined when no weight. */
function resolvePlain(s: string): { string: string } | { number: string } | { refused: string } {
  if (['', '~', 'null', 'Null', 'NULL'].includes(s)) return { refused: 'null' }
  if (/^([yYnN]|yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/.test(s)) return { refused: 'bool' }
  if (/^([-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$/.test(s)) return { refused: 'inf' }
  const c = s[0]!
  if (c === '.') {
    const ok =
      /^[-+]?([0-9_]*(?:\.[0-9_]*)?)(e[-+]?\d[0-9_]*)?$/i.test(s) && /\d/.test(s.split(/e/i)[0]!) && (!s.includes('_') || underscoresOK(s))
    if (ok) {
      const f = Number(s.replaceAll('_', ''))
      if (Number.isFinite(f)) return floatToken(f)
    }
    return { string: s }
  }
  if (/[0-9+-]/.test(c)) {
    const plain = s.replaceAll('_', '')
    const i = parseInt64(plain, 0) ?? parseUint(plain, 0)
    if (i !== undefined) return { number: i.toString() }
    if (/^[-+]?(\.\d+|\d+(\.\d*)?)(e[-+]?\d+)?$/i.test(plain)) {
      const f = Number(plain)
      if (Number.isFinite(f)) return floatToken(f)
    }
    if (plain.startsWith('0b')) {
      const b = parseInt64(plain.slice(2), 2) ?? parseUint(plain.slice(2), 2)
      if (b !== undefined) return { number: b.toString() }
    }
  }
  return { string: s }
}

interface WeightCase {
  /** Source text of the scalar as written after `weight: `. */
  token: string
  /** Its reading per the oracle. */
  reading: Reading
}

function readPlain(s: string): Reading {
  if (/[\u0085\u2028\u2029]/.test(s)) return { refused: 'policy: YAML 1.1 line break' }
  const t = resolvePlain(s)
  return 'refused' in t ? t : unmarshalQuantity(t)
}

function readQuoted(value: string, raw: string): Reading {
  if (/[\u0085\u2028\u2029]/.test(raw)) return { refused: 'policy: YAML 1.1 line break' }
  return unmarshalQuantity({ string: value })
}

/** The weight rule on nano values: integers, or undefined when refused. */
function ruleOf(nanos: bigint[]): bigint[] | undefined {
  for (const k of [0n, 3n, 6n, 9n]) {
    const f = 10n ** k
    if (!nanos.every((v) => (v * f) % NANO === 0n)) continue
    const scaled = nanos.map((v) => (v * f) / NANO)
    if (scaled.every((w) => w <= INT32)) return scaled
    let g = 0n
    for (const w of scaled) {
      let [a, b] = [g, w]
      while (b) [a, b] = [b, a % b]
      g = a
    }
    const divided = scaled.map((w) => w / g)
    return divided.every((w) => w <= INT32) ? divided : undefined
  }
  return undefined
}

// ----------------------------------------------------------------------------------------
// Generators.

/** `digits` with up to 3 underscores; at the very start (a string to go-yaml) only rarely. */
const withUnderscores = (digits: string) =>
  fc
    .array(fc.oneof({ arbitrary: fc.integer({ min: 1, max: digits.length }), weight: 9 }, { arbitrary: fc.constant(0), weight: 1 }), {
      maxLength: 3,
    })
    .map((at) => {
      const cs = [...digits]
      for (const p of at.sort((a, b) => b - a)) cs.splice(p, 0, '_')
      return cs.join('')
    })

const plainNumber = fc.oneof(
  fc.integer({ min: 0, max: 5000 }).chain((n) => withUnderscores(String(n))),
  fc.constantFrom('3000000', '2147483648', '18446744073709551616', '33.3333333', '0.1', '0.9').chain(withUnderscores),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 999 })).chain(([a, b]) => withUnderscores(`${a}.${b}`)),
  fc.integer({ min: 0, max: 999 }).chain((b) => withUnderscores(`.${b}`)),
  fc.integer({ min: 1, max: 255 }).chain((n) => withUnderscores(`0x${n.toString(16)}`)),
  fc.integer({ min: 0, max: 63 }).chain((n) => withUnderscores(`0${n.toString(8)}`)),
  fc.integer({ min: 1, max: 99 }).map((n) => `+${n}`),
  fc.constantFrom('0b+1', '0b1_1', '1_e3', '08', '1e-3', '1.5e3'),
)
const quantityText = fc.oneof(
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 3000 }), fc.constantFrom('', 'm', 'u', 'n', 'k', 'M', 'G', 'Ki', 'Mi', 'e3', 'e-3', 'E+2'))
      .map(([n, s]) => `${n}${s}`),
    weight: 6,
  },
  { arbitrary: fc.constantFrom('m', 'Ki', 'e3', '.', '+', '16Ei', '8Ei', '4Ei', '1e4294967296', '0.5n', '1.5Ki', '5.', '.5'), weight: 1 },
)
/** Characters to put around a quoted weight, each with how it is written in double quotes. */
const STRIPPED: Array<[string, string]> = [
  [' ', ' '],
  ['\u00a0', '\\_'],
  ['\u00a0', '\\u00a0'],
  ['\u3000', '\\u3000'],
  ['\u2003', '\\u2003'],
  ['\u0085', '\\N'],
  ['\u205f', '\\u205F'],
  ['\u1680', '\\u1680'],
  ['\u202f', '\\u202F'],
]
const KEPT: Array<[string, string]> = [
  ['\t', '\\t'],
  ['\n', '\\n'],
  ['\u000b', '\\v'],
  ['\u000c', '\\f'],
  ['\r', '\\r'],
  ['\u2028', '\\L'],
  ['\u2029', '\\P'],
  ['\ufeff', '\\uFEFF'],
  ['\u200b', '\\u200b'],
]
const around = fc.array(
  fc.oneof({ arbitrary: fc.constantFrom(...STRIPPED), weight: 5 }, { arbitrary: fc.constantFrom(...KEPT), weight: 1 }),
  { maxLength: 2 },
)
/** Characters safe to write literally inside single quotes (no YAML line break, no tab folding). */
const LITERAL = [' ', '\u00a0', '\u3000', '\u2003', '\ufeff', '\u0085', '\u2028']

const weightCase: fc.Arbitrary<WeightCase> = fc.oneof(
  { arbitrary: plainNumber.map((t) => ({ token: t, reading: readPlain(t) })), weight: 3 },
  { arbitrary: quantityText.map((t) => ({ token: t, reading: readPlain(t) })), weight: 2 },
  {
    arbitrary: fc.tuple(quantityText, around, around).map(([q, before, after]) => {
      const value = before.map(([c]) => c).join('') + q + after.map(([c]) => c).join('')
      const token = `"${before.map(([, e]) => e).join('')}${q}${after.map(([, e]) => e).join('')}"`
      return { token, reading: readQuoted(value, token) }
    }),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(quantityText, fc.constantFrom(...LITERAL), fc.boolean()).map(([q, c, lead]) => {
      const value = lead ? c + q : q + c
      const token = `'${value}'`
      return { token, reading: readQuoted(value, token) }
    }),
    weight: 1,
  },
)

const splitCase = fc.record({
  weights: fc.array(weightCase, { minLength: 1, maxLength: 3 }),
  /** A merge key in backend `merge.at`, before or after its weight (1 in 8). */
  merge: fc.oneof({ arbitrary: fc.constant(null), weight: 7 }, { arbitrary: fc.record({ at: fc.nat(), after: fc.boolean() }), weight: 1 }),
  /** Backend 1's weight anchored and read by another backend (fine) or from metadata (refused). */
  anchor: fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: fc.constantFrom('backend', 'backend', 'outside'), weight: 3 }),
  /** A second TrafficSplit reading this one's spec through an alias (refused, 1 in 10). */
  shareSpec: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
  flow: fc.boolean(),
})

type SplitCase = typeof splitCase extends fc.Arbitrary<infer T> ? T : never

function render(c: SplitCase, version: string, tokens: string[]): string {
  const aliased = c.anchor && c.weights.length > 1
  const out = tokens.map((t, i) => (aliased && i === 0 ? `&w ${t}` : aliased && c.anchor === 'backend' && i === 1 ? '*w' : t))
  const backends = out
    .map((t, i) => {
      const merge = c.merge && c.merge.at % out.length === i ? '<<: {service: m}' : undefined
      const parts = [
        `service: b${i}`,
        ...(merge && !c.merge!.after ? [merge] : []),
        `weight: ${t}`,
        ...(merge && c.merge!.after ? [merge] : []),
      ]
      return c.flow ? `      - {${parts.join(', ')}}\n` : `      - ${parts.join('\n        ')}\n`
    })
    .join('')
  // An alias must come after its anchor (go-yaml refuses the document otherwise): metadata last.
  const annotations = aliased && c.anchor === 'outside' ? '    annotations:\n      copy: *w\n' : ''
  const first =
    `- apiVersion: split.smi-spec.io/${version}\n  kind: TrafficSplit\n` +
    `  spec: ${c.shareSpec ? '&s' : ''}\n    service: web\n    backends:\n${backends}  metadata:\n    name: main\n${annotations}`
  const second = c.shareSpec
    ? '- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:\n    name: borrower\n  spec: *s\n'
    : ''
  return `apiVersion: v1\nkind: List\nitems:\n${first}${second}`
}

/** What the oracle expects: the converted weights, or undefined when the object is refused. */
function expected(c: SplitCase): bigint[] | undefined {
  if (c.merge || c.shareSpec) return undefined
  if (c.anchor === 'outside' && c.weights.length > 1) return undefined
  const readings = c.weights.map((w, i) => (c.anchor === 'backend' && c.weights.length > 1 && i === 1 ? c.weights[0]! : w).reading)
  if (readings.some((r) => 'refused' in r)) return undefined
  return ruleOf(readings.map((r) => (r as { nano: bigint }).nano))
}

test(`weight scalars, merge keys and anchors: converted exactly as the Go oracle reads them, or refused unchanged (${RUNS} runs)`, () => {
  oracleSelfCheck()
  fc.assert(
    fc.property(splitCase, (c) => {
      const input = render(
        c,
        'v1alpha1',
        c.weights.map((w) => w.token),
      )
      const r = migrate(input)
      const want = expected(c)
      if (want === undefined) {
        assert.is(r.output, input, `refused objects stay as they are; findings: ${JSON.stringify(r.findings.map((f) => f.message))}`)
        assert.ok(r.failed, 'a refusal is an error')
        return
      }
      assert.is(r.failed, false, JSON.stringify(r.findings.map((f) => f.message)))
      const tokens = want.map((w) => w.toString())
      // An aliased weight is one scalar: its alias stays an alias.
      assert.is(r.output, render(c, 'v1alpha2', tokens))
      assert.is(migrate(r.output).output, r.output)
    }),
    { numRuns: RUNS },
  )
})

/** The oracle itself, on the cases the issue names (so a wrong oracle cannot pass silently). */
function oracleSelfCheck(): void {
  const nano = (r: Reading) => ('nano' in r ? String(r.nano / 1_000_000n) : 'refused') // in milli
  assert.is(nano(readPlain('1__0')), '10000')
  assert.is(nano(readPlain('_1')), 'refused')
  assert.is(nano(readPlain('1_')), '1000')
  assert.is(nano(readPlain('1_.5')), '1500')
  assert.is(nano(readPlain('0x_1')), '1000')
  assert.is(nano(readPlain('._5')), 'refused')
  assert.is(nano(readPlain('.5_0')), '500')
  assert.is(nano(readQuoted('\u00a0500m', '"\\_500m"')), '500')
  assert.is(nano(readQuoted('\t500m', '"\\t500m"')), 'refused')
  assert.is(nano(readQuoted('\ufeff500m', '"\\uFEFF500m"')), 'refused')
  assert.is(nano(readQuoted('500m\u0085', '"500m\\N"')), '500')
  assert.is(nano(readPlain('m')), 'refused')
  assert.equal(ruleOf([3000000n * NANO, 500_000_000n]), [6000000n, 1n])
  assert.equal(ruleOf([100_000_000n, 900_000_000n, 33_333_333_300n]), [1000000n, 9000000n, 333333333n])
}

test.run()
