/**
 * `spec.matches` down to v1alpha2 or v1alpha1 storage and back up, through ConversionReview
 * texts (src/webhook/review.ts) and one signing key: every match v1alpha3's and v1alpha4's
 * schemas admit (kind HTTPRouteGroup, any string name, `""` included, any string apiGroup or
 * none) comes back exactly, and a match the way back would not restore fails the review on the
 * way down, naming it, instead of a Success whose object later reads back without any matches.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { handleReview } from '../src/webhook/review.js'
import { STASH } from '../src/webhook/round-trip.js'
import { parseKeys, seal } from '../src/webhook/stash.js'

type Obj = Record<string, any>
const KEYS = parseKeys('k'.repeat(40), 'key')
const api = (v: string) => `split.smi-spec.io/${v}`

function split(version: string, matches: unknown): Obj {
  return {
    apiVersion: api(version),
    kind: 'TrafficSplit',
    metadata: { name: 'web', namespace: 'shop' },
    spec: {
      service: 'web',
      backends: [
        { service: 'a', weight: 90 },
        { service: 'b', weight: 10 },
      ],
      matches,
    },
  }
}

/** The review's response for `object` converted to `to`, through the review's JSON text both ways. */
function review(object: Obj, to: string): Obj {
  const body = JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid: 'u', desiredAPIVersion: api(to), objects: [object] },
  })
  const out = handleReview(body, 'application/json', KEYS)
  assert.is(out.status, 200)
  return (JSON.parse(JSON.stringify(out.body)) as Obj).response
}

const arbName = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ minLength: 200, maxLength: 600 }),
)
const arbMatch = fc.record(
  { kind: fc.constant('HTTPRouteGroup'), name: arbName, apiGroup: fc.oneof(fc.constant(''), fc.constant('specs.smi-spec.io'), arbName) },
  { requiredKeys: ['kind', 'name'] },
)

test('random matches (names "", unicode, lone surrogates, long; apiGroup any string or none) survive down to v1alpha1 or v1alpha2 and back up', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('v1alpha3', 'v1alpha4'),
      fc.array(arbMatch, { maxLength: 8 }).map((ms) => ms.map((m) => ({ ...m }))),
      fc.constantFrom('v1alpha1', 'v1alpha2'),
      (from, matches, storage) => {
        const object = split(from, matches)
        const down = review(object, storage)
        assert.is(down.result.status, 'Success', JSON.stringify(down.result))
        const stored = down.convertedObjects[0]
        assert.is(stored.spec.matches, undefined)
        assert.type(stored.metadata.annotations[STASH], 'string')
        const up = review(stored, from)
        assert.is(up.result.status, 'Success')
        // Exactly the object that went down: the matches, and no stash left behind.
        assert.equal(up.convertedObjects[0], object)
      },
    ),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
  )
})

test('the empty name of the re-review: down to v1alpha2 and back up, both matches come back', () => {
  const object = split('v1alpha4', [
    { kind: 'HTTPRouteGroup', name: 'r1' },
    { kind: 'HTTPRouteGroup', name: '' },
  ])
  const stored = review(object, 'v1alpha2').convertedObjects[0]
  assert.equal(review(stored, 'v1alpha4').convertedObjects[0], object)
})

test('a match the way back would not restore fails the review on the way down, naming it; v1alpha3 ↔ v1alpha4 keeps it as it is', () => {
  const bad: Array<[unknown, RegExp]> = [
    [
      [
        { kind: 'HTTPRouteGroup', name: 'r' },
        { kind: 'HTTPRouteGroup', name: 'x', port: 80 },
      ],
      /spec\.matches\[1\] is \{"kind":"HTTPRouteGroup","name":"x","port":80\}/,
    ],
    [[{ kind: 'TCPRoute', name: 'r' }], /spec\.matches\[0\] is \{"kind":"TCPRoute","name":"r"\}/],
    [[{ kind: 'HTTPRouteGroup' }], /spec\.matches\[0\] is \{"kind":"HTTPRouteGroup"\}/],
    [[{ kind: 'HTTPRouteGroup', name: 'r', apiGroup: null }], /spec\.matches\[0\] is .*"apiGroup":null/],
    [[{ kind: 'HTTPRouteGroup', name: 7 }], /spec\.matches\[0\] is \{"kind":"HTTPRouteGroup","name":7\}/],
    [[null], /spec\.matches\[0\] is null/],
    [{ kind: 'HTTPRouteGroup', name: 'r' }, /spec\.matches is \{"kind":"HTTPRouteGroup","name":"r"\}, not a list/],
    [null, /spec\.matches is null, not a list/],
  ]
  for (const [matches, named] of bad) {
    for (const to of ['v1alpha2', 'v1alpha1']) {
      const r = review(split('v1alpha4', matches), to)
      assert.is(r.result.status, 'Failure', `${JSON.stringify(matches)} to ${to}`)
      assert.equal(r.convertedObjects, [])
      assert.ok(r.result.message.startsWith(`TrafficSplit shop/web: ${to} cannot hold spec.matches, and `), r.result.message)
      assert.match(r.result.message, named)
      assert.match(r.result.message, /so the way back would not restore the matches: refused rather than lost$/)
    }
    // Between the versions that hold matches, nothing is kept: converted as it is.
    const across = review(split('v1alpha4', matches), 'v1alpha3')
    assert.is(across.result.status, 'Success')
    assert.equal(across.convertedObjects[0].spec.matches, matches)
  }
})

test('a signed stash whose record is refused is noted as signed, not as a stash this webhook does not write', () => {
  // A stash as a release before this one signed it: the matches hold a field the schemas prune.
  const stored = review(split('v1alpha4', [{ kind: 'HTTPRouteGroup', name: 'r' }]), 'v1alpha2').convertedObjects[0]
  const json = '{"matches":[{"kind":"HTTPRouteGroup","name":"r","port":80}]}'
  stored.metadata.annotations[STASH] = seal(KEYS, stored, json)
  const body = JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid: 'u', desiredAPIVersion: api('v1alpha4'), objects: [stored] },
  })
  const out = handleReview(body, 'application/json', KEYS)
  assert.equal(out.log.ignored, ['shape'])
  assert.match(out.log.notes!.join('\n'), /was not restored from \(signed by this webhook, but not a record the way back restores/)
  assert.not.match(out.log.notes!.join('\n'), /not a stash this webhook writes/)
})

test.run()
