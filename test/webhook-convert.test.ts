/**
 * The conversion webhook's core (src/webhook/round-trip.ts, review.ts) without a server: the
 * weight rule both ways, round trips that give the object back exactly (the stash
 * annotation), reviews as the API server sends them, and failures that fail whole.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { convertSplit, splitVersion, STASH } from '../src/webhook/round-trip.js'
import { handleReview } from '../src/webhook/review.js'
import { ephemeralKeys, seal } from '../src/webhook/stash.js'
import { VERSIONS, type Version } from '../src/model.js'
import { timed } from './helpers/cpu.js'
import { admittedV1alpha1 } from '../src/kinds/trafficsplit/admitted.js'
import { readJsonWeight } from '../src/quantity/json.js'
import { milliValue } from '../src/quantity/milli.js'

type Obj = Record<string, any>
const JSON_TYPE = 'application/json'

function split(version: Version, weights: unknown[], extra: Obj = {}): Obj {
  return {
    apiVersion: `split.smi-spec.io/${version}`,
    kind: 'TrafficSplit',
    metadata: { name: 'web', namespace: 'shop', uid: 'u-1', resourceVersion: '7', generation: 2, labels: { app: 'web' } },
    spec: { service: 'web', backends: weights.map((w, i) => ({ service: `web-${i}`, weight: w })), ...extra },
  }
}

function convert(o: Obj, to: Version): Obj {
  const r = convertSplit(o, to)
  if ('error' in r) throw new Error(r.error)
  return r.object
}

function review(objects: unknown[], to: string, apiVersion = 'apiextensions.k8s.io/v1'): Obj {
  return { apiVersion, kind: 'ConversionReview', request: { uid: 'rev-1', desiredAPIVersion: to, objects } }
}

test('v1alpha1 "1" + 500m up to v1alpha2 is 1000 + 500 (never the SDK\'s 1 + 500), and back down is "1" + 500m again, annotation gone', () => {
  const v1 = split('v1alpha1', ['1', '500m'])
  const v2 = convert(v1, 'v1alpha2')
  assert.equal(
    v2.spec.backends.map((b: Obj) => b.weight),
    [1000, 500],
  )
  assert.ok(typeof v2.metadata.annotations[STASH] === 'string', 'the quantities are kept in the annotation')
  assert.equal(
    { ...v2.metadata, annotations: undefined },
    { ...v1.metadata, annotations: undefined },
    'metadata apart from annotations is unchanged',
  )
  const back = convert(v2, 'v1alpha1')
  assert.equal(back, v1)
  // Through v1alpha4 and back, in any order, the same.
  assert.equal(convert(convert(convert(v1, 'v1alpha4'), 'v1alpha3'), 'v1alpha1'), v1)
})

test('weights already whole need no annotation: 90 + 10 go up and down as they are', () => {
  const v1 = split('v1alpha1', [90, 10])
  const v2 = convert(v1, 'v1alpha2')
  assert.equal(
    v2.spec.backends.map((b: Obj) => b.weight),
    [90, 10],
  )
  assert.is(v2.metadata.annotations, undefined)
  assert.equal(convert(v2, 'v1alpha1'), v1)
})

test('a v1alpha2+ backend without a weight goes down without one and comes back without one (not as weight 0)', () => {
  const v2 = split('v1alpha2', [undefined, 1])
  delete v2.spec.backends[0].weight
  const v1 = convert(v2, 'v1alpha1')
  assert.is('weight' in v1.spec.backends[0], false)
  const back = convert(v1, 'v1alpha2')
  assert.equal(back, v2)
  assert.equal(convert(back, 'v1alpha4').spec.backends, v2.spec.backends)
})

test('a client that changes the weights while the object is v1alpha2 wins over the stash', () => {
  const v2 = convert(split('v1alpha1', ['1', '500m']), 'v1alpha2')
  v2.spec.backends[0].weight = 700
  v2.spec.backends[1].weight = 300
  const v1 = convert(v2, 'v1alpha1')
  assert.equal(
    v1.spec.backends.map((b: Obj) => b.weight),
    [700, 300],
  )
  assert.is(v1.metadata.annotations, undefined, 'the stale stash is dropped')
})

test('v1alpha4 matches survive a trip through v1alpha2 and v1alpha1; existing annotations are kept', () => {
  const matches = [{ kind: 'HTTPRouteGroup', name: 'ab-test' }]
  const v4 = split('v1alpha4', [0, 100], { matches })
  v4.metadata.annotations = { team: 'blue' }
  const v2 = convert(v4, 'v1alpha2')
  assert.is(v2.spec.matches, undefined, 'v1alpha2 has no matches')
  assert.is(v2.metadata.annotations.team, 'blue')
  const v1 = convert(v2, 'v1alpha1')
  assert.is(v1.spec.matches, undefined)
  assert.equal(convert(convert(v1, 'v1alpha2'), 'v1alpha4'), v4)
  assert.equal(convert(v1, 'v1alpha3').spec.matches, matches)
})

test('nothing stored makes a read fail: weights no version can hold are written in their least harmful form, named in notes, and kept for the way back', () => {
  const cases: Array<[Obj, Version, unknown[], RegExp]> = [
    [split('v1alpha1', ['1', 'abc']), 'v1alpha2', [1, 0], /spec\.backends\[1\]\.weight "abc" is not a quantity.*written as 0/],
    [split('v1alpha1', ['-1', '3']), 'v1alpha2', [0, 3], /spec\.backends\[0\]\.weight "-1" is negative: written as 0/],
    [split('v1alpha1', [null, '2']), 'v1alpha3', [0, 2], /spec\.backends\[0\]\.weight is missing: written as 0/],
    // Past what Linkerd adds up (429496729): in proportion within it, a non-zero weight never 0.
    [split('v1alpha1', ['1n', '1E']), 'v1alpha2', [1, 429496726], /add up past 429496729.*in proportion within it/],
    [split('v1alpha1', ['2147484', '1n']), 'v1alpha2', [429496726, 1], /add up past 429496729.*in proportion within it/],
    [split('v1alpha1', ['1e999', '1']), 'v1alpha2', [429496726, 1], /add up past 429496729.*in proportion within it/],
    [split('v1alpha1', ['500000', '1n']), 'v1alpha3', [429496726, 1], /add up past 429496729.*in proportion within it/],
    [split('v1alpha1', ['2G', '2']), 'v1alpha2', [429496726, 1], /add up past 429496729.*in proportion within it/],
    [split('v1alpha1', ['400000000', '200000000']), 'v1alpha2', [2, 1], /^$/],
    [split('v1alpha1', ['1E', '2E']), 'v1alpha4', [1, 2], /^$/],
    [split('v1alpha2', [0.5, 1.5]), 'v1alpha1', ['0.5', '1.5'], /^$/],
    // Linkerd wraps a negative weight, and a sum past 429496729 milli-units: never written so.
    [split('v1alpha2', [-1, 3000000000]), 'v1alpha1', [0, 1], /spec\.backends\[0\]\.weight -1 is negative: written as 0/],
    [split('v1alpha2', [100000000, 1]), 'v1alpha1', ['100000000m', '1m'], /^$/],
    [split('v1alpha2', [1000000000, 1]), 'v1alpha1', ['429496726m', '1m'], /add up past what Linkerd sums/],
    [split('v1alpha2', [2147483647, 2147483647, 2]), 'v1alpha1', ['214748362m', '214748362m', '1m'], /add up past what Linkerd sums/],
    [split('v1alpha2', ['x', 1]), 'v1alpha1', ['x', 1], /spec\.backends\[0\]\.weight "x" is not a number: written as it is/],
  ]
  for (const [o, to, weights, re] of cases) {
    const r = convertSplit(o, to)
    assert.ok(!('error' in r), JSON.stringify(o.spec))
    const out = (r as { object: Obj; notes?: string[] }).object
    assert.equal(
      out.spec.backends.map((b: Obj) => b.weight),
      weights,
      JSON.stringify(o.spec),
    )
    assert.match(((r as { notes?: string[] }).notes ?? []).join('\n'), re)
    // Back where it came from: the object as it was, whenever the way there could hold it
    // and the tightened schema and the policy admit what was there (a stash restores nothing
    // else: v1alpha1 weights Linkerd wrapped come back as weights it sums).
    const back = convert(out, splitVersion(o.apiVersion)!)
    const was = o.spec.backends.map((b: Obj) => b.weight)
    const admitted = o.apiVersion.endsWith('/v1alpha1') ? admittedV1alpha1(was) : tightened(was)
    if (!re.source.includes('written') || (to === 'v1alpha1' && !re.source.includes('not a number')))
      if (admitted) assert.equal(back, o)
      else assert.not.equal(back, o)
    if (!admitted && back.apiVersion.endsWith('/v1alpha1')) assert.ok(linkerdSums(back), JSON.stringify(back.spec))
  }
})

test('reviews: v1 and v1beta1 answered in their own apiVersion with the uid, objects in order; one bad object fails the whole review', () => {
  for (const apiVersion of ['apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1']) {
    const objects = [split('v1alpha1', ['1', '500m']), split('v1alpha3', [1, 2]), split('v1alpha2', [5])]
    const r = handleReview(JSON.stringify(review(objects, 'split.smi-spec.io/v1alpha2', apiVersion)), 'application/json; charset=utf-8')
    assert.is(r.status, 200)
    const body = r.body as Obj
    assert.is(body.apiVersion, apiVersion)
    assert.is(body.kind, 'ConversionReview')
    assert.is(body.response.uid, 'rev-1')
    assert.equal(body.response.result, { status: 'Success' })
    assert.equal(
      body.response.convertedObjects.map((o: Obj) => [o.apiVersion, o.spec.backends.map((b: Obj) => b.weight)]),
      [
        ['split.smi-spec.io/v1alpha2', [1000, 500]],
        ['split.smi-spec.io/v1alpha2', [1, 2]],
        ['split.smi-spec.io/v1alpha2', [5]],
      ],
    )
    assert.equal(r.log, {
      uid: 'rev-1',
      kinds: ['TrafficSplit'],
      from: ['split.smi-spec.io/v1alpha1', 'split.smi-spec.io/v1alpha3', 'split.smi-spec.io/v1alpha2'],
      to: 'split.smi-spec.io/v1alpha2',
      count: 3,
      outcome: 'success',
    })
  }
  const bad = handleReview(
    JSON.stringify(
      review([split('v1alpha1', ['1']), { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's' } }], 'split.smi-spec.io/v1alpha2'),
    ),
    JSON_TYPE,
  )
  assert.is(bad.status, 200)
  assert.equal((bad.body as Obj).response.convertedObjects, [])
  assert.is((bad.body as Obj).response.result.status, 'Failure')
  assert.match((bad.body as Obj).response.result.message, /Secret s: not a split\.smi-spec\.io TrafficSplit/)
  assert.is(bad.log.outcome, 'failure')
  // A weight no version can hold is a note of a successful review, not a failed read.
  const noted = handleReview(JSON.stringify(review([split('v1alpha1', ['2x'])], 'split.smi-spec.io/v1alpha2')), JSON_TYPE)
  assert.is((noted.body as Obj).response.result.status, 'Success')
  assert.match(noted.log.notes!.join(), /TrafficSplit shop\/web: spec\.backends\[0\]\.weight "2x"/)
})

test('requests that are not reviews get a 4xx with the reason; unknown versions and kinds a Failure result', () => {
  const ok = JSON.stringify(review([], 'split.smi-spec.io/v1alpha2'))
  const rejected: Array<[string, string | undefined, number, RegExp]> = [
    [ok, 'text/plain', 415, /Content-Type must be application\/json/],
    [ok, undefined, 415, /Content-Type/],
    ['{"apiVersion": ', JSON_TYPE, 400, /not JSON/],
    ['[]', JSON_TYPE, 400, /not a JSON object/],
    [JSON.stringify({ ...review([], 'x'), apiVersion: 'apiextensions.k8s.io/v2' }), JSON_TYPE, 400, /not a ConversionReview/],
    [
      JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request: { uid: 1 } }),
      JSON_TYPE,
      400,
      /string uid/,
    ],
    ['['.repeat(200000), JSON_TYPE, 400, /not JSON/],
  ]
  for (const [body, type, status, re] of rejected) {
    const r = handleReview(body, type)
    assert.is(r.status, status, body.slice(0, 40))
    assert.match(String((r.body as Obj).error), re)
    assert.is(r.log.outcome, 'rejected')
  }
  const wrongKind = handleReview(
    JSON.stringify(
      review([{ apiVersion: 'specs.smi-spec.io/v1alpha4', kind: 'HTTPRouteGroup', metadata: { name: 'g' } }], 'split.smi-spec.io/v1alpha2'),
    ),
    JSON_TYPE,
  )
  assert.match((wrongKind.body as Obj).response.result.message, /HTTPRouteGroup g: not a split\.smi-spec\.io TrafficSplit/)
  const wrongTarget = handleReview(JSON.stringify(review([], 'split.smi-spec.io/v2')), JSON_TYPE)
  assert.match((wrongTarget.body as Obj).response.result.message, /desiredAPIVersion split\.smi-spec\.io\/v2 is not a TrafficSplit version/)
})

test('a stash is trusted only if its quantities still give the integers; an annotation that is not JSON stays; integers past what Linkerd sums go down in proportion', () => {
  const v2 = split('v1alpha2', [1000, 500])
  // Signed with the key of this process: the check on the values holds beyond the signature.
  v2.metadata.annotations = {
    [STASH]: seal(ephemeralKeys(), v2, JSON.stringify({ weights: { original: ['1', '1'], converted: [1000, 500] } })),
  }
  assert.equal(
    convert(v2, 'v1alpha1').spec.backends.map((b: Obj) => b.weight),
    [1000, 500],
    'a stash does not turn 2:1 into 1:1',
  )
  const junk = split('v1alpha2', [1])
  junk.metadata.annotations = { [STASH]: 'hello' }
  assert.equal(convert(junk, 'v1alpha1').metadata.annotations, { [STASH]: 'hello' })
  const big = split('v1alpha2', [3000000000, 1])
  const down = convert(big, 'v1alpha1')
  assert.equal(
    down.spec.backends.map((b: Obj) => b.weight),
    ['429496726m', '1m'],
  )
  // 3000000000 is past what the tightened schema admits: the kept numbers are not restored.
  assert.equal(
    convert(down, 'v1alpha2').spec.backends.map((b: Obj) => b.weight),
    [429496726, 1],
  )
  const even = split('v1alpha2', [300000, 300000])
  const halves = convert(even, 'v1alpha1')
  assert.equal(
    halves.spec.backends.map((b: Obj) => b.weight),
    [1, 1],
  )
  assert.equal(convert(halves, 'v1alpha2'), even, 'and back up exactly, from the kept numbers')
})

/** Whether a v1alpha1 object's weights are ones Linkerd adds up without wrapping: milli-values (rounded up) within 429496729. */
const linkerdSums = (o: Obj) =>
  o.spec.backends.reduce((sum: bigint, b: Obj) => {
    if (b.weight === undefined || b.weight === null) return sum
    const r = readJsonWeight(b.weight)
    return r.ok && !r.value.negative ? sum + milliValue(r.value) : sum + 10n ** 12n
  }, 0n) <= 429_496_729n

/** What the tightened v1alpha2 schema admits: integers from 0 to 2147483647 that add up to at most 429496729. */
const tightened = (ws: unknown[]) =>
  ws.every((w) => typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= 2147483647) &&
  (ws as number[]).reduce((a, b) => a + b, 0) <= 429_496_729

test('a review of 150,000 objects of distinct kinds is answered quickly (a Failure), its log listing them', () => {
  const objects = Array.from({ length: 150_000 }, (_, i) => ({ kind: `K${i}` }))
  const [r, ms] = timed(() => handleReview(JSON.stringify(review(objects, 'split.smi-spec.io/v1alpha2')), JSON_TYPE))
  assert.ok(ms < 3000, `took ${Math.round(ms)} ms of CPU`)
  assert.is((r.body as Obj).response.result.status, 'Failure')
  assert.is(r.log.kinds.length, 150_000)
})

// ---- the round-trip property -----------------------------------------------------------

const QUANTITIES = ['500m', '1', '0', '0.5', '1e3', '2k', '1Ki', '250m', '100', '1.5', '0m', '3000000', '1001m']
const arbWeight = (version: Version) =>
  version === 'v1alpha1' ? fc.oneof(fc.constantFrom(...QUANTITIES), fc.nat(1000)) : fc.nat(1_000_000)

const arbSplit = fc.constantFrom(...VERSIONS).chain((version) =>
  fc.record({
    version: fc.constant(version),
    weights: fc.array(arbWeight(version), { minLength: 0, maxLength: 6 }),
    annotations: fc.option(
      fc.dictionary(fc.constantFrom('a', 'team', 'note'), fc.string({ maxLength: 5 }), { maxKeys: 2 }).map((d) => ({ ...d })),
      { nil: undefined },
    ),
    matches:
      version === 'v1alpha3' || version === 'v1alpha4'
        ? fc.option(fc.array(fc.record({ kind: fc.constant('HTTPRouteGroup'), name: fc.constantFrom('a', 'b') }), { maxLength: 2 }), {
            nil: undefined,
          })
        : fc.constant(undefined),
  }),
)

test('property: any object taken through any path of versions and back is itself again; every stop is a valid object of its version', () => {
  fc.assert(
    fc.property(arbSplit, fc.array(fc.constantFrom(...VERSIONS), { minLength: 1, maxLength: 5 }), (s, path) => {
      const built = split(s.version, s.weights, s.matches === undefined ? {} : { matches: s.matches })
      if (s.annotations) built.metadata.annotations = s.annotations
      // As the API server sends it: JSON (fast-check's records have no prototype).
      const o = JSON.parse(JSON.stringify(built)) as Obj
      let cur: Obj = o
      for (const v of [...path, s.version]) {
        const r = convertSplit(cur, v)
        assert.ok(!('error' in r), 'every review is answered')
        cur = (r as { object: Obj }).object
        assert.is(cur.apiVersion, `split.smi-spec.io/${v}`)
        if (v !== 'v1alpha1')
          assert.ok(
            cur.spec.backends.every((b: Obj) => Number.isInteger(b.weight) && b.weight >= 0),
            'integer weights',
          )
        if (v === 'v1alpha1' || v === 'v1alpha2') assert.is(cur.spec.matches, undefined, 'no matches below v1alpha3')
        const { annotations: _a, ...meta } = cur.metadata
        const { annotations: _b, ...before } = o.metadata
        assert.equal(meta, before, 'metadata apart from annotations is never changed')
      }
      // v1alpha1 weights Linkerd wrapped (the policy refuses them) come back as weights it sums.
      const was = o.spec.backends.map((b: Obj) => b.weight)
      if (s.version === 'v1alpha1' && !admittedV1alpha1(was) && path.some((v) => v !== 'v1alpha1')) assert.ok(linkerdSums(cur))
      else assert.equal(cur, o)
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 500) },
  )
})

test.run()
