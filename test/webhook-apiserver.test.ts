/**
 * The webhook as the API server sees it (test/helpers/apiserver.ts plays the API server's
 * checks): every version pair over objects drawn from each version's schema, every value the
 * schemas admit included (linkerd-smi's CRD: v1alpha1 weight int-or-string, v1alpha2+ weight
 * `type: number` with no bounds); forged stashes; annotations at the size limit; numbers
 * JSON.parse cannot read exactly.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { VERSIONS, type Version } from '../src/model.js'
import { STASH } from '../src/webhook/round-trip.js'
import { handleReview } from '../src/webhook/review.js'
import { stringifyExact } from '../src/webhook/numbers.js'
import { ephemeralKeys, seal } from '../src/webhook/stash.js'
import { ANNOTATIONS_LIMIT, apiConvert, validateAnnotations } from './helpers/apiserver.js'

type Obj = Record<string, any>
const api = (v: Version) => `split.smi-spec.io/${v}`
const RUNS = Number(process.env.PROPERTY_RUNS ?? 300)

function split(version: Version, weights: unknown[], extra: Obj = {}, meta: Obj = {}): Obj {
  return JSON.parse(
    JSON.stringify({
      apiVersion: api(version),
      kind: 'TrafficSplit',
      metadata: { name: 'web', namespace: 'shop', uid: 'u-1', resourceVersion: '7', generation: 2, ...meta },
      spec: { service: 'web', backends: weights.map((w, i) => ({ service: `web-${i}`, weight: w })), ...extra },
    }),
  ) as Obj
}

/** `o` with `stash` in its annotation, signed as this process's webhook signs it. */
function signed(o: Obj, stash: unknown): Obj {
  o.metadata.annotations = { ...o.metadata.annotations, [STASH]: seal(ephemeralKeys(), o, JSON.stringify(stash)) }
  return o
}

function must(o: Obj, v: Version): Obj {
  const r = apiConvert(o, api(v))
  if (!r.ok) throw new Error(`${JSON.stringify(o.spec)} → ${v}: ${r.why}`)
  return r.object
}

/** A v1alpha2+ weight as linkerd-smi's `type: number` admits it: any finite double. */
const anyNumber = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer(), fc.nat(1000))
/** A v1alpha1 weight as int-or-string admits it: any integer or any string. */
const anyQuantityField = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('1', '500m', '1u', '90n', '-1', '1E', '1e400', 'abc'),
)
const matches = fc.option(
  fc.array(fc.record({ kind: fc.constant('HTTPRouteGroup'), name: fc.constantFrom('a', 'b-c') }), { maxLength: 3 }),
  {
    nil: undefined,
  },
)

const anySplit = fc.constantFrom(...VERSIONS).chain((version) =>
  fc.record({
    version: fc.constant(version),
    weights: fc.array(version === 'v1alpha1' ? anyQuantityField : anyNumber, { maxLength: 5 }),
    matches: version === 'v1alpha3' || version === 'v1alpha4' ? matches : fc.constant(undefined),
  }),
)

test('property: every version pair, every value the schemas admit: each review is answered and passes the API server checks', () => {
  fc.assert(
    fc.property(anySplit, fc.constantFrom(...VERSIONS), ({ version, weights, matches: m }, to) => {
      const o = split(version, weights, m === undefined ? {} : { matches: m })
      const there = must(o, to)
      if (to !== 'v1alpha1')
        assert.ok(there.spec.backends.every((b: Obj) => Number.isInteger(b.weight) && b.weight >= 0) || version !== 'v1alpha1')
      const back = must(there, version)
      // Down from v1alpha2+, v1alpha1's quantities hold every number the tightened schema
      // admits: the round trip is exact for those (a stash restores nothing else).
      if (version !== 'v1alpha1' && tightened(weights)) assert.equal(back, o)
    }),
    { numRuns: RUNS },
  )
})

test('property: v1alpha1 quantities the weight rule takes at milli precision come back exactly from any version', () => {
  const milli = fc.oneof(
    fc.nat(100000).map((n) => `${n}m`),
    fc.nat(100000).map(String),
    fc.nat(1000).map((n) => `${n}.5`),
    fc.nat(1000).map((n) => n),
  )
  fc.assert(
    fc.property(fc.array(milli, { maxLength: 5 }), fc.constantFrom(...VERSIONS), (weights, to) => {
      const o = split('v1alpha1', weights)
      assert.equal(must(must(o, to), 'v1alpha1'), o)
    }),
    { numRuns: RUNS },
  )
})

/** What the tightened v1alpha2+ schema admits: integers from 0 to 2147483647 that add up to at most 429496729. */
const tightened = (ws: unknown[]) =>
  ws.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 2147483647) &&
  (ws as number[]).reduce((a, b) => a + b, 0) <= 429_496_729

test('downward conversion is total: 0.5, -1 and 3e9 written in v1alpha2 read as v1alpha1 quantities Linkerd sums without wrapping, not restored past the tightened schema', () => {
  const o = split('v1alpha2', [0.5, -1, 3e9, 7])
  const v1 = must(o, 'v1alpha1')
  // -1 carries no traffic; 0.5 + 3e9 + 7 are past a uint32 sum of milli × 10: in proportion.
  assert.equal(
    v1.spec.backends.map((b: Obj) => b.weight),
    ['1m', 0, '429496723m', '1m'],
  )
  // None of them is a weight the tightened schema admits: back up, the quantities' integers.
  assert.not.equal(must(v1, 'v1alpha2'), o)
  assert.equal(must(v1, 'v1alpha4').spec.backends, must(v1, 'v1alpha2').spec.backends)
  assert.ok(must(v1, 'v1alpha2').spec.backends.every((b: Obj) => Number.isInteger(b.weight) && b.weight >= 0))
})

test('a v1alpha1 "abc" read as v1alpha2 is answered (weight 0) with a note naming it, and comes back as "abc"', () => {
  const o = split('v1alpha1', ['abc', '1'])
  const r = apiConvert(o, api('v1alpha2'))
  assert.ok(r.ok)
  const v2 = (r as { object: Obj }).object
  assert.equal(
    v2.spec.backends.map((b: Obj) => b.weight),
    [0, 1],
  )
  assert.match((r as { notes: string[] }).notes.join(), /weight "abc" is not a quantity/)
  // "abc" is no Quantity: a typed client could not decode it, so it is not restored.
  assert.equal(
    must(v2, 'v1alpha1').spec.backends.map((b: Obj) => b.weight),
    [0, 1],
  )
})

test('stashes that fail the checks on their values are foreign even when signed: matches that are no HTTPRouteGroup list, sub-milli quantities over integers, unknown fields', () => {
  const forged: Array<[unknown, Version]> = [
    [{ matches: 'garbage' }, 'v1alpha3'],
    [{ matches: [{ kind: 'Secret', name: 'db' }] }, 'v1alpha4'],
    [{ matches: [{ kind: 'HTTPRouteGroup', name: 'a', extra: 1 }] }, 'v1alpha4'],
    [{ matches: [], surprise: true }, 'v1alpha3'],
  ]
  for (const [stash, to] of forged) {
    const o = signed(split('v1alpha2', [1]), stash)
    const value = o.metadata.annotations[STASH]
    const out = must(o, to)
    assert.is(out.spec.matches, undefined, JSON.stringify(stash))
    assert.is(out.metadata.annotations[STASH], value, 'a foreign annotation stays as it is')
  }
  const sub = signed(split('v1alpha2', [90, 10]), { weights: { original: ['90n', '10n'], converted: [90, 10] } })
  assert.equal(
    must(sub, 'v1alpha1').spec.backends.map((b: Obj) => b.weight),
    [90, 10],
    'Linkerd reads 90n and 10n as 1m each: not restored',
  )
  const milli = signed(split('v1alpha2', [1000, 500]), { weights: { original: ['1', '500m'], converted: [1000, 500] } })
  assert.equal(
    must(milli, 'v1alpha1').spec.backends.map((b: Obj) => b.weight),
    ['1', '500m'],
  )
  const numbers = signed(split('v1alpha1', ['1']), { numbers: { original: [0.5], converted: ['2'] } })
  assert.equal(
    must(numbers, 'v1alpha2').spec.backends.map((b: Obj) => b.weight),
    [1],
    'numbers whose quantities are not the ones written are not restored',
  )
})

test('annotations near the limit: the stash never pushes an object over 256 KiB; what does not fit is left out and named', () => {
  const filler = (bytes: number) => ({ big: 'x'.repeat(bytes - 3) })
  // 262,094 bytes of annotations, and quantities to keep.
  const near = split('v1alpha1', ['1', '500m'], {}, { annotations: filler(262_094) })
  const r = apiConvert(near, api('v1alpha2'))
  assert.ok(r.ok, r.ok ? '' : r.why)
  const v2 = (r as { object: Obj }).object
  assert.equal(
    v2.spec.backends.map((b: Obj) => b.weight),
    [1000, 500],
  )
  assert.is(v2.metadata.annotations[STASH], undefined)
  assert.match((r as { notes: string[] }).notes.join(), /weights kept for the way back do not fit/)
  assert.is(validateAnnotations(v2.metadata.annotations), undefined)
  // v1alpha4 with 3,000 matches and kubectl's last-applied copy of them, converted to v1alpha2
  // (to store a write): the matches cannot be kept, so the conversion fails rather than lose them.
  const many = Array.from({ length: 3000 }, (_, i) => ({ kind: 'HTTPRouteGroup', name: `route-group-${i}` }))
  const o4 = split('v1alpha4', [1, 2], { matches: many })
  o4.metadata.annotations = { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({ ...o4, metadata: { name: 'web' } }) }
  const bytes = validateAnnotations(o4.metadata.annotations)
  assert.is(bytes, undefined, 'the object itself is within the limit')
  const down = apiConvert(o4, api('v1alpha2'))
  assert.not.ok(down.ok)
  assert.match((down as { why: string }).why, /result Failure: .*v1alpha2 cannot hold its spec\.matches.*refused rather than lost/)
  // Without the last-applied copy the stash fits and brings the matches back.
  const bare = { ...o4, metadata: { ...o4.metadata, annotations: undefined } }
  delete bare.metadata.annotations
  const d = must(bare, 'v1alpha2')
  assert.is(d.spec.matches, undefined)
  assert.type(d.metadata.annotations[STASH], 'string')
  assert.equal(must(d, 'v1alpha4'), bare)
  // Smaller: fits, and the round trip is exact.
  const few = split('v1alpha4', [1, 2], { matches: many.slice(0, 100) }, { annotations: filler(200_000) })
  assert.equal(must(must(few, 'v1alpha2'), 'v1alpha4'), few)
  assert.ok(ANNOTATIONS_LIMIT === 262144)
})

/** A review of one object given as JSON text, answered as text (numbers written as they were read). */
function reviewText(objectText: string, to: Version): { text: string; log: Obj } {
  const body = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"u","desiredAPIVersion":"${api(to)}","objects":[${objectText}]}}`
  const r = handleReview(body, 'application/json')
  return { text: stringifyExact(r.body), log: r.log }
}

/** The one converted object of an answer, as JSON text (cut out of the answer, so no number is read through a double). */
function objectOf(text: string): string {
  assert.match(text, /"result":\{"status":"Success"\}/)
  const start = text.indexOf('"convertedObjects":[') + '"convertedObjects":['.length
  const end = text.lastIndexOf('],"result"')
  return text.slice(start, end)
}

const splitText = (version: Version, weights: string[]) =>
  `{"apiVersion":"${api(version)}","kind":"TrafficSplit","metadata":{"name":"w","namespace":"shop"},"spec":{"service":"w","backends":[${weights
    .map((w, i) => `{"service":"b${i}","weight":${w}}`)
    .join(',')}]}}`

test('integers of up to 64 digits are read from the JSON text and converted exactly both ways; a longer weight fails the review', () => {
  // 2^53 + 1 and 3 × (2^53 + 1): read through a double they are 2^53 and ...980, whose ratio is not 1:3.
  const a = '9007199254740993'
  const b = '27021597764222979'
  const up = reviewText(splitText('v1alpha1', [a, b]), 'v1alpha2')
  const v2 = objectOf(up.text)
  assert.match(v2, /"weight":1\}.*"weight":3\}/, 'divided by their exact common divisor')
  // Back down: Linkerd wrapped these weights and the admission policy refuses them, so the
  // record is not restored from: the view's integers, exact, which Linkerd sums.
  const down = objectOf(reviewText(v2, 'v1alpha1').text)
  assert.match(down, /"weight":1\}.*"weight":3\}/)
  // A v1alpha2 integer past 2^53 (the untightened schemas admit one): its v1alpha1 view is
  // what Linkerd sums without wrapping; the tightened schema admits no such number, so it is
  // not restored: back up, the view's integers.
  const big = '18014398509481985'
  const v1 = objectOf(reviewText(splitText('v1alpha2', [big, '0']), 'v1alpha1').text)
  assert.match(v1, /"weight":1\}.*"weight":0\}/)
  const again = objectOf(reviewText(v1, 'v1alpha2').text)
  assert.match(again, /"weight":1\}.*"weight":0\}/)
  // As long as a quantity reads (64 digits): still an integer, in proportion within what Linkerd sums.
  const long = '7' + '1'.repeat(63)
  const down64 = objectOf(reviewText(splitText('v1alpha2', [long, '1']), 'v1alpha1').text)
  const m64 = /"weight":"(\d+)m"\}.*"weight":"1m"\}/.exec(down64)
  assert.ok(m64 && Number(m64[1]) + 1 <= 429_496_729 && Number(m64[1]) > 429_496_000, down64)
  // One digit more: the review fails (no API server sends it; BigInt work on a longer one grows faster than its length).
  for (const [from, to] of [
    ['v1alpha2', 'v1alpha1'],
    ['v1alpha1', 'v1alpha2'],
  ] as const) {
    const r = reviewText(splitText(from, [`${long}1`, '1']), to)
    assert.match(
      r.text,
      /"status":"Failure","message":"TrafficSplit shop\/w: spec\.backends\[0\]\.weight is an integer of 65 digits: a weight has at most 64"/,
    )
  }
  // Between v1alpha2 and v1alpha4 the weights are not read: it passes as it is.
  assert.ok(objectOf(reviewText(splitText('v1alpha2', [`${long}1`, '1']), 'v1alpha4').text).includes(`"weight":${long}1}`))
  // Between v1alpha2 and v1alpha4 weights are not read: the token passes as it is.
  assert.ok(
    objectOf(reviewText(splitText('v1alpha2', [big, '1e400']), 'v1alpha4').text).includes(
      `"weight":${big}},{"service":"b1","weight":1e400}`,
    ),
  )
  // The same digits in a string, and exact doubles, are read as before.
  for (const w of ['"18014398509481985"', '18014398509481984', '1e+300', '0.1', '12345678.12345678']) {
    const r = reviewText(splitText('v1alpha1', [w, '1']), 'v1alpha2')
    assert.match(r.text, /"status":"Success"/, w)
  }
})

test.run()
