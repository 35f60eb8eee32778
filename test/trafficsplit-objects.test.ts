/**
 * TrafficSplit's version chain on plain objects (src/kinds/trafficsplit/objects.ts), without
 * YAML or HTTP: every pair of versions, upward and downward, with what each hop keeps for the
 * way back; and the chain being the one the text steps use.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { HOPS, SPLIT_VERSIONS, splitVersion } from '../src/kinds/trafficsplit/hops.js'
import { convertObject, type Kept, OBJECT_STEPS, readKept } from '../src/kinds/trafficsplit/objects.js'
import { STEPS } from '../src/kinds/trafficsplit/steps.js'
import { trafficSplit } from '../src/kinds/trafficsplit/index.js'
import type { JsonObject } from '../src/kinds/json.js'
import type { Version } from '../src/model.js'

type Obj = Record<string, any>
const MATCHES = [{ kind: 'HTTPRouteGroup', name: 'ab' }]
const holdsMatches = (v: Version) => v === 'v1alpha3' || v === 'v1alpha4'

/** A split at `v`: quantity weights in v1alpha1, their integers above; matches where the version has them. */
function split(v: Version): Obj {
  return {
    apiVersion: `split.smi-spec.io/${v}`,
    kind: 'TrafficSplit',
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: {
      service: 'web',
      backends: [
        { service: 'a', weight: v === 'v1alpha1' ? '1' : 1000 },
        { service: 'b', weight: v === 'v1alpha1' ? '500m' : 500 },
      ],
      ...(holdsMatches(v) ? { matches: MATCHES } : {}),
    },
  }
}

function run(o: Obj, from: Version, to: Version, kept: Kept): Obj {
  const r = convertObject(o as JsonObject, from, to, kept)
  if ('error' in r) throw new Error(r.error)
  return o
}

test('the chain is one list of hops: the text steps, the object steps and the kind walk the same versions', () => {
  const pairs = (steps: readonly { from: string; to: string }[]) => steps.map((s) => `${s.from}->${s.to}`)
  assert.equal(pairs(HOPS), ['v1alpha1->v1alpha2', 'v1alpha2->v1alpha3', 'v1alpha3->v1alpha4'])
  assert.equal(pairs(STEPS), pairs(HOPS))
  assert.equal(pairs(OBJECT_STEPS), pairs(HOPS))
  assert.equal([...trafficSplit.versions], [...SPLIT_VERSIONS])
  assert.equal([HOPS[0]!.from, ...HOPS.map((h) => h.to)], [...SPLIT_VERSIONS])
  assert.is(splitVersion('split.smi-spec.io/v1alpha3'), 'v1alpha3')
  assert.is(splitVersion('split.smi-spec.io/v2'), undefined)
  assert.is(splitVersion('specs.smi-spec.io/v1alpha3'), undefined)
})

test('every pair of versions, up and down: what the target holds, what is kept, and the way back gives the object again', () => {
  for (const from of SPLIT_VERSIONS) {
    for (const to of SPLIT_VERSIONS) {
      if (from === to) continue
      const at = `${from} -> ${to}`
      const o = split(from)
      const kept: Kept = {}
      const out = run(structuredClone(o), from, to, kept)
      assert.is(out.apiVersion, `split.smi-spec.io/${to}`, at)
      assert.equal(out.metadata, o.metadata, `${at}: metadata untouched`)
      // Weights: integers from v1alpha2 up; down to v1alpha1 they are the integers (a number is a quantity).
      assert.equal(
        out.spec.backends.map((b: Obj) => b.weight),
        [1000, 500],
        at,
      )
      const wantKept: Kept = {}
      // Up from v1alpha1, "1" + 500m became 1000 + 500: the quantities as written are kept.
      if (from === 'v1alpha1') wantKept.weights = { original: ['1', '500m'], converted: [1000, 500] }
      // Down from v1alpha3+ to below it, matches are kept and removed.
      if (holdsMatches(from) && !holdsMatches(to)) wantKept.matches = MATCHES
      assert.equal(out.spec.matches, holdsMatches(from) && holdsMatches(to) ? MATCHES : undefined, `${at}: matches`)
      assert.equal(kept, wantKept, `${at}: kept`)
      const back = run(out, to, from, kept)
      assert.equal(back, o, `${at} and back`)
      assert.equal(kept, {}, `${at} and back: nothing left kept`)
    }
  }
})

test('down to v1alpha1, kept quantities come back only if the integers are still theirs and they still give them', () => {
  const v2 = split('v1alpha2')
  const kept = (): Kept => ({ weights: { original: ['1', '500m'], converted: [1000, 500] } })
  assert.equal(
    run(structuredClone(v2), 'v1alpha2', 'v1alpha1', kept()).spec.backends.map((b: Obj) => b.weight),
    ['1', '500m'],
  )
  const changed = structuredClone(v2)
  changed.spec.backends[0].weight = 700
  assert.equal(
    run(changed, 'v1alpha2', 'v1alpha1', kept()).spec.backends.map((b: Obj) => b.weight),
    [700, 500],
    'a client changed the weights',
  )
  const forged: Kept = { weights: { original: ['1', '1'], converted: [1000, 500] } }
  assert.equal(
    run(structuredClone(v2), 'v1alpha2', 'v1alpha1', forged).spec.backends.map((b: Obj) => b.weight),
    [1000, 500],
    'quantities that do not give the integers',
  )
  assert.equal(forged, {}, 'used up either way')
})

test('a hop reads only what its versions differ in: v1alpha3 -> v1alpha4 carries weights and kept data as they are', () => {
  const o = split('v1alpha3')
  o.spec.backends[0].weight = 1.5
  const kept: Kept = { weights: { original: ['1'], converted: [1000] } }
  const out = run(o, 'v1alpha3', 'v1alpha4', kept)
  assert.is(out.spec.backends[0].weight, 1.5)
  assert.equal(kept, { weights: { original: ['1'], converted: [1000] } })
  // Down to v1alpha1 the same weight is read: 1.5 is the quantity "1.5", and the number is
  // kept, since "1.5" goes back up to 1500.
  // The kept weights are for integers the object no longer holds: stale, not written back.
  const r = convertObject(out as JsonObject, 'v1alpha4', 'v1alpha1', kept)
  assert.equal(r, { ok: true, unrestored: 'stale' })
  assert.equal(
    out.spec.backends.map((b: Obj) => b.weight),
    ['1.5', 500],
  )
  assert.equal(kept.numbers, { original: [1.5, 500], converted: ['1.5', 500] })
  // 1.5 is no weight the tightened v1alpha2 schema admits: not restored; the weight rule reads
  // "1.5" and 500 as 1500 and 500000 (1 + 500m → 1000 + 500).
  assert.equal(
    run(out, 'v1alpha1', 'v1alpha2', kept).spec.backends.map((b: Obj) => b.weight),
    [1500, 500000],
  )
})

test('up from v1alpha2, kept matches come back (only where a spec holds them); an object without matches drops stale ones going down', () => {
  const v1 = split('v1alpha1')
  const kept: Kept = { matches: MATCHES }
  assert.equal(run(structuredClone(v1), 'v1alpha1', 'v1alpha4', kept).spec.matches, MATCHES)
  const noSpec: Obj = { apiVersion: 'split.smi-spec.io/v1alpha2', kind: 'TrafficSplit', metadata: { name: 'x' } }
  const k2: Kept = { matches: MATCHES }
  assert.equal(run(noSpec, 'v1alpha2', 'v1alpha3', k2), {
    apiVersion: 'split.smi-spec.io/v1alpha3',
    kind: 'TrafficSplit',
    metadata: { name: 'x' },
  })
  assert.equal(k2, {})
  const v3 = split('v1alpha3')
  delete v3.spec.matches
  const stale: Kept = { matches: MATCHES }
  run(v3, 'v1alpha3', 'v1alpha2', stale)
  assert.equal(stale, {})
})

test('weights the rule refuses are named in notes and written in their least harmful form: 0, or in proportion', () => {
  const cases: Array<[unknown[], number[], RegExp]> = [
    [['1', null], [1, 0], /^spec\.backends\[1\]\.weight is missing: written as 0$/],
    [['abc', null], [0, 0], /^spec\.backends\[0\]\.weight "abc" is not a quantity/],
    [['-1m', '2'], [0, 2], /^spec\.backends\[0\]\.weight "-1m" is negative: written as 0$/],
    [[true], [0], /^spec\.backends\[0\]\.weight true is not a quantity: written as 0$/],
    // Past int32, in proportion within what Linkerd adds up (429496729), a non-zero weight at least 1.
    [
      ['1n', '1E'],
      [1, 429496726],
      /"1n" read as 1m, as Linkerd applied it[\s\S]*\nthe weights add up past 429496729.*written in proportion within it/,
    ],
    [['1E', '3E', '1'], [107374181, 322122544, 1], /add up past 429496729.*written in proportion within it/],
  ]
  for (const [weights, ints, re] of cases) {
    const o = { ...split('v1alpha1'), spec: { backends: weights.map((w) => ({ weight: w })) } }
    const kept: Kept = {}
    const r = convertObject(o as JsonObject, 'v1alpha1', 'v1alpha2', kept)
    assert.ok(!('error' in r), JSON.stringify(weights))
    assert.match(((r as { notes?: string[] }).notes ?? []).join('\n'), re)
    assert.equal(
      o.spec.backends.map((b: Obj) => b.weight),
      ints,
    )
    assert.equal(kept.weights?.original, weights, 'the quantities are kept as they were')
  }
  const notAMap = { ...split('v1alpha1'), spec: { backends: ['x'] } }
  assert.equal(convertObject(notAMap as JsonObject, 'v1alpha1', 'v1alpha2', {}), {
    ok: true,
    notes: ['spec.backends[0].weight is missing: written as 0'],
  })
})

test('a kept record read back keeps only what the hops write, in the shapes they write; anything else makes it foreign', () => {
  assert.equal(readKept({ weights: { original: ['1'], converted: [1000] }, matches: MATCHES, noAnnotations: true }), {
    weights: { original: ['1'], converted: [1000] },
    matches: MATCHES,
  })
  assert.equal(readKept({ numbers: { original: [0.5], converted: ['0.5'] } }), { numbers: { original: [0.5], converted: ['0.5'] } })
  for (const foreign of [
    { weights: { original: ['1'], converted: [1000] }, other: 1 },
    { weights: { original: '1', converted: [1000] } },
    { weights: { original: ['1', '2'], converted: [1000] } },
    { numbers: { original: ['0.5'], converted: ['0.5'] } },
    { matches: null },
    { matches: [{ kind: 'Secret', name: 'db' }] },
    { noAnnotations: 'yes' },
    [1, 2],
  ])
    assert.is(readKept(foreign as never), undefined, JSON.stringify(foreign))
})

test.run()
