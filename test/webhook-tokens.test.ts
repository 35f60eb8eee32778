/**
 * Number tokens through a ConversionReview as the server answers it (review.ts, then
 * numbers.ts stringifyExact, as http.ts writes the body): between v1alpha2, v1alpha3 and
 * v1alpha4 the weights are not read, and every token, in a weight or anywhere else, comes back
 * byte for byte (`1e64` was written back as `1e+64`, `1.0` as `1`); where the weights are read
 * (to or from v1alpha1), an integer of more than 64 digits fails the review whether or not a
 * double spells its value; a token that is not a JSON number is still refused.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { handleReview } from '../src/webhook/review.js'
import { MAX_RESPELLED, parseExact, stringifyExact } from '../src/webhook/numbers.js'
import { parseKeys } from '../src/webhook/stash.js'

const KEYS = parseKeys('t'.repeat(40), 'key')
const UPPER = ['v1alpha2', 'v1alpha3', 'v1alpha4']

/** A TrafficSplit's JSON text with `token` as its first weight and as its generation. */
const objectText = (version: string, token: string) =>
  `{"apiVersion":"split.smi-spec.io/${version}","kind":"TrafficSplit","metadata":{"name":"a","namespace":"ns","generation":${token}},` +
  `"spec":{"service":"s","backends":[{"service":"a","weight":${token}},{"service":"b","weight":1}]}}`

/** The response body's text, as the server writes it, and its status. */
function convert(objects: string, to: string): { status: number; text: string } {
  const body = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"split.smi-spec.io/${to}","objects":[${objects}]}}`
  const out = handleReview(body, 'application/json', KEYS)
  return { status: out.status, text: stringifyExact(out.body) }
}

const TOKENS = [
  '1' + '0'.repeat(64), // 10^64, 65 digits, a double spells it exactly (it was written back as 1e+64)
  '1e64',
  '1E+2',
  '1.0',
  '1.50',
  '-0',
  '1e21',
  '100000000000000000000000',
  '18014398509481985',
  '0.1000000000000000000000001',
]

test('between v1alpha2, v1alpha3 and v1alpha4, every number token comes back byte for byte', () => {
  for (const token of TOKENS) {
    for (const from of UPPER) {
      for (const to of UPPER) {
        if (from === to) continue
        const r = convert(objectText(from, token), to)
        assert.is(r.status, 200)
        assert.ok(r.text.includes('"status":"Success"'), `${token} ${from}→${to}: ${r.text.slice(0, 300)}`)
        assert.ok(r.text.includes(`"generation":${token}}`), `${token} ${from}→${to}: ${r.text}`)
        assert.ok(r.text.includes(`"weight":${token}}`), `${token} ${from}→${to}: ${r.text}`)
      }
    }
  }
})

const arbToken = fc
  .tuple(
    fc.boolean(),
    fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,70}$/)),
    fc.option(fc.stringMatching(/^\d{1,30}$/), { nil: undefined }),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.stringMatching(/^\d{1,3}$/)), { nil: undefined }),
  )
  .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : exp.join('')}`)

test('property: any JSON number token goes v1alpha2 → v1alpha4 → v1alpha3 → v1alpha2 as it was written', () => {
  fc.assert(
    fc.property(arbToken, (token) => {
      let text = objectText('v1alpha2', token)
      for (const to of ['v1alpha4', 'v1alpha3', 'v1alpha2']) {
        const r = convert(text, to)
        assert.ok(r.text.includes('"status":"Success"'), `${token}: ${r.text.slice(0, 300)}`)
        text = r.text.slice(r.text.indexOf('"convertedObjects":[') + 20, r.text.lastIndexOf('],"result"'))
      }
      assert.is(text, objectText('v1alpha2', token))
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
  )
})

test('where weights are read (to and from v1alpha1), an integer of 65 digits fails the review even when a double spells it; 64 digits convert', () => {
  for (const [from, to] of [
    ['v1alpha2', 'v1alpha1'],
    ['v1alpha4', 'v1alpha1'],
    ['v1alpha1', 'v1alpha2'],
  ]) {
    const r = convert(objectText(from!, '1' + '0'.repeat(64)), to!)
    assert.ok(r.text.includes('"status":"Failure"'), `${from}→${to}: ${r.text.slice(0, 300)}`)
    assert.match(r.text, /spec\.backends\[0\]\.weight is an integer of 65 digits: a weight has at most 64/)
    const ok = convert(objectText(from!, '1' + '0'.repeat(63)), to!)
    assert.ok(ok.text.includes('"status":"Success"'), `${from}→${to}: ${ok.text.slice(0, 300)}`)
  }
})

test('a token that is not a JSON number is refused as before (400), not read as its text', () => {
  for (const token of ['01', '-01', '1.e5', '1.5.5e5', '-', '1e', '.5']) {
    const r = convert(objectText('v1alpha2', token), 'v1alpha4')
    assert.is(r.status, 400, `${token}: ${r.text}`)
    assert.match(r.text, /the body is not JSON/)
  }
})

/** A review of one v1alpha2 object whose unknown field holds `tokens`, to `to`. */
const manyTokens = (tokens: string[], to = 'v1alpha4') =>
  convert(
    `{"apiVersion":"split.smi-spec.io/v1alpha2","kind":"TrafficSplit","metadata":{"name":"a","namespace":"ns"},` +
      `"spec":{"service":"s","backends":[{"service":"b","weight":1}],"x":[${tokens.join(',')}]}}`,
    to,
  )

test(`at most ${MAX_RESPELLED} respelled tokens a review; integers of 16 digits or more are not counted`, () => {
  const mixed = Array.from({ length: MAX_RESPELLED }, (_, i) => ['1.0', '1e5', '-0', '0.50', '1E+2'][i % 5]!)
  const ok = manyTokens(mixed)
  assert.ok(ok.text.includes('"status":"Success"'), ok.text.slice(0, 300))
  assert.ok(ok.text.includes(`"x":[${mixed.join(',')}]`), 'kept byte for byte')
  // One more fails the review at once, naming the bound, with the review's uid.
  for (const token of ['1.0', '1e5', '-0', '0.50', '1E+2', '0.1000000000000000000000001']) {
    const over = manyTokens([...mixed, token])
    assert.is(over.status, 200)
    const body = JSON.parse(over.text)
    assert.is(body.response.uid, 'u')
    assert.equal(body.response.convertedObjects, [])
    assert.is(body.response.result.status, 'Failure')
    assert.match(body.response.result.message, `more than ${MAX_RESPELLED} number tokens`)
  }
  // What the API server writes: integers past a double, any number of them, and plain numbers.
  const long = Array.from({ length: 3 * MAX_RESPELLED }, (_, i) => `18014398509481985${i % 10}`)
  const plain = Array.from({ length: 3 * MAX_RESPELLED }, (_, i) => `${i % 2 ? '0.5' : '-7'}`)
  const big = manyTokens([...long, ...plain, ...mixed])
  assert.ok(big.text.includes('"status":"Success"'), big.text.slice(0, 300))
  assert.ok(big.text.includes(`"x":[${[...long, ...plain, ...mixed].join(',')}]`))
})

test('a body of 780,000 `1.0` tokens fails before it is converted; as plain JSON it is still refused when broken', () => {
  const over = manyTokens(Array<string>(780_000).fill('1.0'), 'v1alpha1')
  assert.match(JSON.parse(over.text).response.result.message, `at most ${MAX_RESPELLED}`)
  // A body that is not JSON is still a 400, before or after the bound.
  const broken = handleReview(
    `{"kind":[${Array<string>(MAX_RESPELLED + 1)
      .fill('1.0')
      .join(',')},]}`,
    'application/json',
    KEYS,
  )
  assert.is(broken.status, 400)
})

const spelling = fc
  .tuple(
    fc.stringMatching(/^-?\d{0,3}(\.\d{0,3})?$/),
    fc.constantFrom('', 'e', 'E', 'e+', 'e-', 'E+', 'E-', '.', '-'),
    fc.stringMatching(/^\d{0,3}$/),
  )
  .map((parts) => parts.join(''))

test('the scan decides each spelling as JSON.stringify would write it back (or leaves it for JSON.parse to refuse)', () => {
  fc.assert(
    fc.property(spelling, (token) => {
      let expected: string | undefined
      try {
        JSON.parse(`[${token}]`)
        expected = `[${token}]`
      } catch {
        expected = undefined
      }
      let got: string | undefined
      try {
        got = stringifyExact(parseExact(`[${token}]`))
      } catch {
        got = undefined
      }
      assert.is(got, expected, token)
    }),
    { numRuns: 3000 },
  )
})

test.run()
