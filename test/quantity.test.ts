import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { parseQuantity } from '../src/quantity/quantity.js'
import { readWeight } from '../src/quantity/yaml11.js'
import { scaleWeights } from '../src/convert/weights.js'

/** Milli-value of a reading, as a string, to compare with Kubernetes' MilliValue(). */
function milli(style: 'PLAIN' | 'QUOTE_DOUBLE', text: string): string {
  const r = readWeight(style, text)
  if (!r.ok) return `error: ${r.reason}`
  const { negative, n, e } = r.value
  const shift = e + 3
  const v = shift >= 0 ? n * 10n ** BigInt(shift) : `${n}e${shift}`
  return `${negative ? '-' : ''}${v}`
}

const reading = suite('reading weights as kubectl does')
// docs/weights-reference.md, tables 1 and 2 (executed go-yaml v2 + apimachinery): YAML weight → MilliValue
const KUBECTL: Array<[string, 'PLAIN' | 'QUOTE_DOUBLE', string]> = [
  ['500m', 'PLAIN', '500'], ['500m', 'QUOTE_DOUBLE', '500'], ['1', 'PLAIN', '1000'], ['1', 'QUOTE_DOUBLE', '1000'],
  ['0.5', 'PLAIN', '500'], ['.5', 'PLAIN', '500'], ['1e3', 'PLAIN', '1000000'], ['1E3', 'PLAIN', '1000000'],
  ['1.5e3', 'PLAIN', '1500000'], ['010', 'PLAIN', '8000'], ['0x10', 'PLAIN', '16000'], ['0o10', 'PLAIN', '8000'],
  ['0b11', 'PLAIN', '3000'], ['1_000', 'PLAIN', '1000000'], ['08', 'PLAIN', '8000'], ['+1', 'PLAIN', '1000'],
  ['-1', 'PLAIN', '-1000'], ['0m', 'PLAIN', '0'], ['1.0', 'PLAIN', '1000'], ['1k', 'QUOTE_DOUBLE', '1000000'],
  ['1Ki', 'QUOTE_DOUBLE', '1024000'], ['1.5', 'QUOTE_DOUBLE', '1500'], ['0.1', 'QUOTE_DOUBLE', '100'],
  ['100', 'QUOTE_DOUBLE', '100000'], [' 500m ', 'QUOTE_DOUBLE', '500'], ['5.', 'PLAIN', '5000'],
  ['1.0001m', 'PLAIN', '10001e-4'],
]
for (const [text, style, expected] of KUBECTL) {
  reading(`${style} ${JSON.stringify(text)} -> ${expected} milli`, () => assert.is(milli(style, text), expected))
}
for (const [text, why] of [['1:30', /suffix/], ['true', /boolean/], ['yes', /boolean/], ['~', /null/], ['', /null/],
  ['5x', /suffix/], ['1K', /suffix/], ['.inf', /finite/], ['e3', /no digits/], ['.', /no digits/], ['1e1.5', /suffix/]] as const) {
  reading(`plain ${JSON.stringify(text)} is refused`, () => {
    const r = readWeight('PLAIN', text)
    assert.is(r.ok, false)
    if (!r.ok) assert.match(r.reason, why)
  })
}
reading('block scalars are refused', () => assert.is(readWeight('BLOCK_LITERAL', '500m\n').ok, false))
reading('a quoted "010" is decimal (a string to kubectl)', () => assert.is(milli('QUOTE_DOUBLE', '010'), '10000'))
reading('hostile inputs finish fast', () => {
  const t = Date.now()
  for (const s of ['1'.repeat(1e6) + 'x', '0'.repeat(1e6) + '1\n', '1e' + '9'.repeat(1e5), '-'.repeat(1e6), '1.' + '0'.repeat(1e6) + 'm']) {
    readWeight('PLAIN', s)
    parseQuantity(s)
  }
  assert.ok(Date.now() - t < 2000, `took ${Date.now() - t} ms`)
})
reading.run()

// ---

const rule = suite('the weight rule')
const scale = (...texts: string[]) => {
  const values = texts.map((t) => {
    const r = readWeight('PLAIN', t)
    if (!r.ok) throw new Error(r.reason)
    return r.value
  })
  const s = scaleWeights(values)
  return s.ok ? s.weights.join(' ') : `error ${s.index}: ${s.reason}`
}
rule('whole numbers stay', () => assert.is(scale('90', '10'), '90 10'))
rule('1 + 500m -> 1000 + 500', () => assert.is(scale('1', '500m'), '1000 500'))
rule('500m + 0m -> 500 + 0', () => assert.is(scale('500m', '0m'), '500 0'))
rule('1 + 1.0001m + 2u -> 10^9 scale', () => assert.is(scale('1', '1.0001m', '2u'), '1000000000 1000100 2000'))
rule('all zero stays zero', () => assert.is(scale('0', '0m'), '0 0'))
rule('1Ki is 1024', () => assert.is(scale('1Ki', '1'), '1024 1'))
rule('2147483647 is the largest', () => {
  assert.is(scale('2147483647'), '2147483647')
  assert.match(scale('2147483648'), /^error 0: is above 2147483647/)
  assert.match(scale('3G', '1m'), /^error 0: .*10\^3/)
})
rule('finer than 1n is refused', () => assert.match(scale('1', '0.5n'), /^error 1: is finer than 1n/))
rule('negative is refused', () => assert.match(scale('1', '-1m'), /^error 1: is negative/))
rule('huge exponents are refused without huge numbers', () => assert.match(scale('1e999999'), /^error 0: is above/))
rule('zero with a huge exponent is zero', () => assert.is(scale('0e999999', '1'), '0 1'))
rule.run()
