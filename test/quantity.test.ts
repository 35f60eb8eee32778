import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { digitCount, parseQuantity } from '../src/quantity/quantity.js'
import { readWeight } from '../src/quantity/yaml11.js'
import { LINKERD_MILLI_SUM, MAX_WEIGHT, type ScaleOptions, scaleWeights, withinSum } from '../src/quantity/weights.js'
import { timed } from './helpers/cpu.js'

/** Milli-value of a reading, as a string, to compare with Kubernetes' MilliValue(). */
function milli(style: 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE', text: string, raw?: string): string {
  const r = readWeight(style, text, raw)
  if (!r.ok) return `error: ${r.reason}`
  const { negative, n, e } = r.value
  const shift = e + 3
  const v = shift >= 0 ? n * 10n ** BigInt(shift) : `${n}e${shift}`
  return `${negative ? '-' : ''}${v}`
}

const reading = suite('reading weights as kubectl does')
// docs/weights-reference.md, tables 1 and 2 (executed go-yaml v2 + apimachinery): YAML weight → MilliValue
const KUBECTL: Array<[string, 'PLAIN' | 'QUOTE_DOUBLE', string]> = [
  ['500m', 'PLAIN', '500'],
  ['500m', 'QUOTE_DOUBLE', '500'],
  ['1', 'PLAIN', '1000'],
  ['1', 'QUOTE_DOUBLE', '1000'],
  ['0.5', 'PLAIN', '500'],
  ['.5', 'PLAIN', '500'],
  ['1e3', 'PLAIN', '1000000'],
  ['1E3', 'PLAIN', '1000000'],
  ['1.5e3', 'PLAIN', '1500000'],
  ['010', 'PLAIN', '8000'],
  ['0x10', 'PLAIN', '16000'],
  ['0o10', 'PLAIN', '8000'],
  ['0b11', 'PLAIN', '3000'],
  ['1_000', 'PLAIN', '1000000'],
  ['08', 'PLAIN', '8000'],
  ['+1', 'PLAIN', '1000'],
  ['-1', 'PLAIN', '-1000'],
  ['0m', 'PLAIN', '0'],
  ['1.0', 'PLAIN', '1000'],
  ['1k', 'QUOTE_DOUBLE', '1000000'],
  ['1Ki', 'QUOTE_DOUBLE', '1024000'],
  ['1.5', 'QUOTE_DOUBLE', '1500'],
  ['0.1', 'QUOTE_DOUBLE', '100'],
  ['100', 'QUOTE_DOUBLE', '100000'],
  [' 500m ', 'QUOTE_DOUBLE', '500'],
  ['5.', 'PLAIN', '5000'],
  ['1.0001m', 'PLAIN', '10001e-4'],
]
for (const [text, style, expected] of KUBECTL) {
  reading(`${style} ${JSON.stringify(text)} -> ${expected} milli`, () => assert.is(milli(style, text), expected))
}
for (const [text, why] of [
  ['1:30', /suffix/],
  ['true', /boolean/],
  ['yes', /boolean/],
  ['~', /null/],
  ['', /null/],
  ['5x', /suffix/],
  ['1K', /suffix/],
  ['.inf', /finite/],
  ['e3', /no digits/],
  ['.', /no digits/],
  ['1e1.5', /suffix/],
] as const) {
  reading(`plain ${JSON.stringify(text)} is refused`, () => {
    const r = readWeight('PLAIN', text)
    assert.is(r.ok, false)
    if (!r.ok) assert.match(r.reason, why)
  })
}
reading('block scalars are refused', () => assert.is(readWeight('BLOCK_LITERAL', '500m\n').ok, false))
reading('a quoted "010" is decimal (a string to kubectl)', () => assert.is(milli('QUOTE_DOUBLE', '010'), '10000'))
reading('hostile inputs finish fast (CPU time)', () => {
  const [, ms] = timed(() => {
    for (const s of [
      '1'.repeat(1e6) + 'x',
      '0'.repeat(1e6) + '1\n',
      '1e' + '9'.repeat(1e5),
      '-'.repeat(1e6),
      '1.' + '0'.repeat(1e6) + 'm',
    ]) {
      readWeight('PLAIN', s)
      parseQuantity(s)
    }
  })
  assert.ok(ms < 2000, `took ${ms} ms of CPU`)
})
// ParseQuantity rounds every non-zero amount finer than 1n to 1n, away from zero
// (kubernetes/apimachinery@357557a pkg/api/resource/quantity.go): the same value, said as rounded.
const nanoOf = (text: string): string => {
  const r = parseQuantity(text)
  if (!r.ok) return `error: ${r.reason}`
  const { negative, n, e } = r.value
  return `${negative ? '-' : ''}${e + 9 >= 0 ? n * 10n ** BigInt(e + 9) : `${n}e${e + 9}`}n${r.rounded ? ' rounded' : ''}`
}
for (const [text, expected] of [
  ['1n', '1n'],
  ['0.5n', '1n rounded'],
  ['1e-10', '1n rounded'],
  ['0.0000000001', '1n rounded'],
  ['1.5e-10', '1n rounded'],
  ['-1.5e-10', '-1n rounded'],
  ['1.0000000001', '1000000001n rounded'],
  ['2.0000000000', '2000000000n'],
  ['1.5n', '2n rounded'],
  ['0.0000000000001Ki', '1n rounded'],
  ['1e-1000000', '1n rounded'],
  ['0e-20', '0n'],
  ['0.000000000000', '0n'],
] as const) {
  reading(`${text} is ${expected} to Kubernetes`, () => assert.is(nanoOf(text), expected))
}
reading('a weight finer than 1n is read rounded up, in YAML and JSON (the weight rule says what it becomes)', () => {
  for (const [style, text] of [
    ['PLAIN', '1e-10'],
    ['PLAIN', '0.0000000001'],
    ['QUOTE_DOUBLE', '0.1n'],
  ] as const) {
    const r = readWeight(style, text)
    assert.ok(
      r.ok && r.value.n === 1n && r.value.e === -9,
      `${text}: ${JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : v))}`,
    )
    assert.is(r.ok && r.note, undefined)
  }
  assert.is(readWeight('PLAIN', '1n').ok && (readWeight('PLAIN', '1n') as { note?: string }).note, undefined)
})
reading.run()

// ---

const values = (...texts: string[]) =>
  texts.map((t) => {
    const r = readWeight('PLAIN', t)
    if (!r.ok) throw new Error(r.reason)
    return r.value
  })
const rule = suite('the weight rule')
const scaleUnder =
  (opts: ScaleOptions) =>
  (...texts: string[]) => {
    const values = texts.map((t) => {
      const r = readWeight('PLAIN', t)
      if (!r.ok) throw new Error(r.reason)
      return r.value
    })
    const s = scaleWeights(values, opts)
    return s.ok ? s.weights.join(' ') : `error ${s.index}: ${s.reason}`
  }
/** TrafficSplit's rule: int32 and the sum Linkerd adds up. */
const scale = scaleUnder({})
/** The int32 bound alone (a target's own `max`: no sum bound). */
const scaleInt32 = scaleUnder({ max: MAX_WEIGHT })
rule('whole numbers stay', () => assert.is(scale('90', '10'), '90 10'))
rule('1 + 500m -> 1000 + 500', () => assert.is(scale('1', '500m'), '1000 500'))
rule('500m + 0m -> 500 + 0', () => assert.is(scale('500m', '0m'), '500 0'))
// Linkerd applied weights through MilliValue(), which rounds up to 1m: 1.0001m was 2m, 2u was 1m.
rule('1 + 1.0001m + 2u -> 1000 + 2 + 1, as Linkerd applied them', () => assert.is(scale('1', '1.0001m', '2u'), '1000 2 1'))
rule('the weights finer than 1m are named', () => {
  const r = scaleWeights(values('1', '1.0001m', '2u', '5m'))
  assert.ok(
    r.ok && r.rounded?.join() === '1,2',
    JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : v)),
  )
  const whole = scaleWeights(values('1', '5m'))
  assert.ok(whole.ok && whole.rounded === undefined)
})
rule('all zero stays zero', () => assert.is(scale('0', '0m'), '0 0'))
rule('1Ki is 1024', () => assert.is(scale('1Ki', '1'), '1024 1'))
rule('2147483647 is the largest', () => {
  // The int32 bound alone (a `max` given: no sum bound unless one is given too).
  const int32 = scaleWeights(values('2147483647'), { max: MAX_WEIGHT })
  assert.ok(int32.ok && int32.weights.join() === '2147483647')
  assert.match(scaleInt32('2147483648', '1'), /^error 0: is above 2147483647/)
  assert.match(scaleInt32('3G', '1m'), /^error 0: .*10\^3/)
  // With TrafficSplit's sum bound (the default) such weights add up past it too: in proportion within it.
  assert.is(scale('2147483648', '1'), '429496726 1')
  assert.is(scale('3G', '1m'), '429496726 1')
})
rule('weights past what Linkerd sums (429496729): divided by their divisor, else in proportion within it, each non-zero at least 1', () => {
  const sum = (text: string) => text.split(' ').reduce((a, b) => a + BigInt(b), 0n)
  // At the bound: as they are.
  assert.is(scale('429496728', '1'), '429496728 1')
  assert.is(scale('214748364', '214748365'), '214748364 214748365')
  // Past it, a common divisor is enough: exact.
  assert.is(scale('2147483647'), '1')
  assert.is(scale('400000000', '200000000'), '2 1')
  // Past it, no divisor is enough: in proportion (floor of value × (429496729 - count) / total), never wrapped.
  for (const [ws, out] of [
    [['500000', '1n'], '429496726 1'],
    [['500000', '1m'], '429496726 1'],
    [['429497', '1m'], '429496726 1'],
    [['2147483', '1n'], '429496726 1'],
    [['2G', '2'], '429496726 1'],
    [['300000001', '200000000', '0'], '257698035 171798690 0'],
  ] as const) {
    const r = scaleWeights(values(...ws))
    assert.ok(r.ok && r.bounded === true, ws.join())
    const text = r.ok ? r.weights.join(' ') : ''
    assert.is(text, out, ws.join())
    assert.ok(sum(text) <= LINKERD_MILLI_SUM)
  }
  // Exact results say nothing of a bound.
  const exact = scaleWeights(values('400000000', '200000000'))
  assert.ok(exact.ok && exact.divided === true && exact.bounded === undefined)
  // In a kustomize tree (shared factor): never divided or rescaled, refused at the largest weight.
  assert.match(
    JSON.stringify(scaleWeights(values('1', '500000000'), { floor: 0 })),
    /"index":1,"reason":"makes the object's weights add up past 429496729/,
  )
  // A target with its own bound per weight (Gateway API) has no sum bound.
  const route = scaleWeights(values('1000000', '1000000'), { max: 1000000n })
  assert.ok(route.ok && route.weights.join() === '1000000,1000000')
})
rule('finer than 1m is read as Linkerd applied it: rounded up to 1m', () => {
  assert.is(scale('1', '1n'), '1000 1')
  assert.is(scale('1', '0.5n'), '1000 1')
  assert.is(scale('1', '1e-10'), '1000 1')
  assert.is(scale('95e-11', '5e-11'), '1 1')
  assert.is(scale('90n', '10n'), '1 1')
  assert.is(scale('1.0000000001', '1'), '1001 1000')
  assert.is(scale('1500u', '500u'), '2 1')
  assert.is(scale('0', '0.1n'), '0 1')
})
rule('negative is refused', () => assert.match(scale('1', '-1m'), /^error 1: is negative/))
rule('huge exponents are refused without huge numbers (CPU time)', () => {
  const [, ms] = timed(() => {
    assert.match(scaleInt32('1e999999', '1'), /^error 0: is above/)
    assert.match(scaleInt32('1', '1e999999'), /^error 1: is above/)
    assert.match(scaleInt32('1e999999', '1e-9'), /^error 0: is above/)
    // With the sum bound: in proportion within it, as fast.
    assert.is(scale('1e999999', '1'), '429496726 1')
    assert.is(scale('1', '1e999999'), '1 429496726')
    assert.is(scale('1e999999', '1e-9'), '429496726 1')
  })
  assert.ok(ms < 500, `took ${ms} ms of CPU`)
})
rule('in proportion within the sum: each share is the exact floor, weights hundreds of digits apart included', () => {
  // The reference builds every weight in full: floor(w × (429496729 - count) / total), a non-zero weight at least 1.
  const exact = (texts: string[]) => {
    const ds = values(...texts)
    const low = Math.min(...ds.filter((d) => d.n !== 0n).map((d) => d.e))
    const full = ds.map((d) => (d.n === 0n ? 0n : d.n * 10n ** BigInt(d.e - low)))
    const all = full.reduce((a, b) => a + b, 0n)
    const room = LINKERD_MILLI_SUM - BigInt(texts.length)
    return full.map((w) => (w === 0n ? 0n : (w * room) / all > 0n ? (w * room) / all : 1n)).join(' ')
  }
  const cases = [
    ['1e70', '500m'],
    ['1e999', '1'],
    ['1e300', '1e250', '1e200', '1', '0'],
    ['5e40', '1m', '7'],
    ['123456789e150', '987654321e40', '3'],
  ]
  for (let i = 0; i < 200; i++) cases.push([`${(i * 7919) % 100000}e${(i * 37) % 300}`, `${(i * 104729) % 1000000}e${(i * 13) % 200}`, '1'])
  for (const ws of cases) assert.is(withinSum(values(...ws), LINKERD_MILLI_SUM).join(' '), exact(ws), ws.join())
})
rule('zero with a huge exponent is zero', () => assert.is(scale('0e999999', '1'), '0 1'))
rule.run()

// ---

// Issue 10 §4: weights whose 10^k-scaled values do not fit are divided by their greatest
// common divisor (every ratio stays exact); refused only if they still do not fit.
const divide = suite('dividing by the greatest common divisor')
divide('3000000 + 500m -> 6000000 + 1 (ratio 6,000,000:1); weights that fit are not divided', () => {
  assert.is(scale('3000000', '500m'), '6000000 1')
  assert.is(scale('90', '10'), '90 10')
  assert.is(scale('1', '500m'), '1000 500')
})
divide('0.1 + 0.9 + 33.3333333 -> 100 + 900 + 33334 (Linkerd rounded the last up to 33334m)', () =>
  assert.is(scale('0.1', '0.9', '33.3333333'), '100 900 33334'),
)
divide('zeros stay zero and do not disturb the divisor', () => assert.is(scale('3000000', '0', '500m'), '6000000 0 1'))
divide('one weight too large on its own becomes 1', () => assert.is(scale('2147483648'), '1'))
divide('large exponents far apart are refused with the int32 bound alone; in proportion with the sum bound', () => {
  assert.match(scaleInt32('1e200', '1'), /^error 0: is above 2147483647.*greatest common divisor/)
  assert.is(scale('1e200', '1'), '429496726 1')
})
divide('1e30 + 3e30 -> 1 + 3', () => assert.is(scale('1e30', '3e30'), '1 3'))
divide('still too large after dividing: refused with the int32 bound alone; in proportion with the sum bound', () => {
  assert.match(scaleInt32('2147483648', '1'), /^error 0: is above 2147483647.*even divided by the greatest common divisor/)
  assert.match(scaleInt32('3G', '1m'), /^error 0: .*10\^3, even divided/)
  const r = scaleWeights(values('2147483648', '1'))
  assert.ok(r.ok && r.bounded === true && r.weights.join() === '429496726,1')
})
divide('in a kustomize tree (a floor given) weights are never divided', () => {
  for (const opts of [0, 3, { floor: 0 }, { floor: 3 }] as const) {
    const r = scaleWeights(values('3000000', '500m'), opts)
    assert.is(r.ok, false)
    if (!r.ok) assert.match(r.reason, /kustomize tree.*shared.*not divided/)
  }
  const alone = scaleWeights(values('3000000', '500m'))
  assert.ok(alone.ok && alone.divided)
})
divide('a caller can pass another maximum (Gateway API: 1000000)', () => {
  assert.equal(scaleWeights(values('1', '500m'), { max: 1000n }), { ok: true, scale: 3, weights: [1000n, 500n] })
  const small = scaleWeights(values('1', '500m'), { max: 2n })
  assert.equal(small.ok && small.weights, [2n, 1n])
  const tight = scaleWeights(values('1', '3m'), { max: 999n })
  assert.is(tight.ok, false)
  if (!tight.ok) assert.match(tight.reason, /is above 999,/)
})
divide.run()

// ---

// Issue 11: scalars as kubectl reads them (test/yaml11.test.ts holds the plain readings to kubectl) and as
// Quantity.UnmarshalJSON then parses them.
const go = suite('scalars as kubectl reads them')
go('underscores: dropped wherever they stand in digit- and sign-led scalars; only between digits in .-led ones', () => {
  // kubectl drops every `_` from these (in the '.'-led ones, each stands between two digits).
  for (const [text, milliValue] of [
    ['1__0', '10000'],
    ['1_', '1000'],
    ['1_.5', '1500'],
    ['0x_1', '1000'],
    ['+_1', '1000'],
    ['1_0_0_0', '1000000'],
    ['0_10', '8000'],
    ['1_e3', '1000000'],
    ['0b+1', '1000'],
    ['0b1_1', '3000'],
    ['.5_0', '500'],
    ['.5e1_0', '5000000000000'],
  ] as const) {
    assert.is(milli('PLAIN', text), milliValue, text)
  }
  // A '.'-led scalar is a float only when each `_` stands between two digits; `_`-led ones are strings.
  for (const text of ['._5', '.5__0', '.5_', '.5_e3', '.5e_1', '_1', '_']) assert.is(readWeight('PLAIN', text).ok, false, text)
})
go('uint64 is exact, beyond it is a float64', () => {
  assert.is(milli('PLAIN', '18446744073709551615'), '18446744073709551615000')
  assert.is(milli('PLAIN', '18446744073709551616'), '18446744073709552000000')
  // With a sign, an integer past int64 is a float64.
  assert.is(milli('PLAIN', '+18446744073709551615'), '18446744073709552000000')
  // Beyond 64 bits in hex: a string, not a quantity.
  assert.is(readWeight('PLAIN', '0x10000000000000000').ok, false)
  // Beyond 64 bits in octal: YAML's float notation reads the digits as decimal.
  assert.match(milli('PLAIN', '0' + '7'.repeat(30)), /^7777777777777778/)
})
go('binary suffixes are capped at 2^63-1 (quantity.go maxAllowed)', () => {
  assert.is(milli('QUOTE_DOUBLE', '16Ei'), '9223372036854775807000')
  assert.is(milli('QUOTE_DOUBLE', '8Ei'), '9223372036854775807000')
  assert.is(milli('QUOTE_DOUBLE', '4Ei'), '4611686018427387904000')
})
go('an exponent outside int32 is refused (Go truncates it)', () => {
  assert.match(milli('QUOTE_DOUBLE', '1e4294967296'), /int32/)
  assert.match(milli('QUOTE_DOUBLE', '0e99999999999999999999'), /error/)
  assert.is(milli('QUOTE_DOUBLE', '1e2147483647').startsWith('error'), false)
})
// Inside quotes: Quantity.UnmarshalJSON runs strings.TrimSpace on the *JSON text* of the
// string, and encoding/json escapes bytes below 0x20 and U+2028/U+2029: those are not
// stripped. U+FEFF is no space to Go at all.
const hex = (c: string) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
go('quoted: the spaces Go strips from the JSON text are accepted (U+0085 included, which JavaScript keeps)', () => {
  for (const c of ['\u0020', '\u0085', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u202f', '\u205f', '\u3000']) {
    // Written as an escape: the source holds no YAML 1.1 line break.
    const raw = `"\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}500m"`
    assert.is(milli('QUOTE_DOUBLE', `${c}500m${c}`, raw), '500', hex(c))
    if (c !== '\u0085') assert.is(milli('QUOTE_SINGLE', `${c}1`), '1000', hex(c))
  }
})
go('quoted: what JavaScript trims and Go does not (escaped in the JSON text, or no space to Go) is refused', () => {
  for (const c of ['\t', '\n', '\u000b', '\u000c', '\r', '\u2028', '\u2029', '\ufeff', '\u200b']) {
    const r = readWeight('QUOTE_DOUBLE', `${c}500m`, '"\\x"')
    assert.is(r.ok, false, hex(c))
    if (!r.ok && c !== '\u200b') assert.match(r.reason, new RegExp(`${hex(c).replace('+', '\\+')} around it`))
  }
})
go('plain strings are trimmed the same way (U+00A0 after 500m)', () => assert.is(milli('PLAIN', '500m\u00a0'), '500'))
go('NEL, LS, PS written literally are refused (line breaks to YAML 1.1)', () => {
  assert.is(readWeight('QUOTE_DOUBLE', '500m\u0085', '"500m\u0085"').ok, false)
  assert.is(readWeight('PLAIN', '500m\u2028').ok, false)
  // An escaped NEL reaches Go as the character itself and is stripped.
  assert.is(milli('QUOTE_DOUBLE', '500m\u0085', '"500m\\N"'), '500')
})
go('no digits: refused, not read as 0', () => {
  for (const t of ['m', 'Ki', 'e3', '.', '+', '-', '+.', 'k']) {
    const r = readWeight('QUOTE_DOUBLE', t)
    assert.is(r.ok, false, t)
    if (!r.ok) assert.match(r.reason, /no digits; Kubernetes would read it as 0/)
  }
})
go.run()

const digits = suite('counting digits')

digits('digitCount is the length of the decimal digits, on both sides of every power of ten', () => {
  for (let k = 0; k <= 40; k++) {
    const p = 10n ** BigInt(k)
    for (const n of [p - 1n, p, p + 1n, 2n * p, 9n * p + (p - 1n)]) if (n > 0n) assert.is(digitCount(n), n.toString().length, String(n))
  }
  assert.is(digitCount(0n), 1)
})

digits('the weight rule decides by the largest weight, at and just past the bound', () => {
  const at = scaleWeights([{ negative: false, n: 2147483647n, e: 0 }], { max: MAX_WEIGHT })
  assert.equal(at, { ok: true, scale: 0, weights: [2147483647n] })
  const past = scaleWeights(
    [
      { negative: false, n: 1n, e: 0 },
      { negative: false, n: 2147483648n, e: 0 },
    ],
    0,
  )
  assert.is(past.ok, false)
  if (!past.ok) assert.is(past.index, 1)
  const huge = scaleWeights([{ negative: false, n: 1n, e: 300 }], 0)
  assert.is(huge.ok, false)
})

digits.run()
