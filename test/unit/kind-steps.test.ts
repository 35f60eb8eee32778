/**
 * Each kind's steps on hand-built views, without YAML: a view's scalars, layout and data are
 * written here as the locator and the kind's read.ts would make them, each step is run on an
 * Upgrade, and the changes (scalars with their new text, wraps, adds), notes and problems it
 * records are checked. The expected weights are worked out from the weight rule
 * (quantity/weights.ts: one factor 10^k per object, k the smallest of 0, 3, 6, 9 that makes
 * every weight whole; divided by the greatest common divisor only when a weight is above 2^31-1).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ConvertOptions, Problem, ScalarRef, ScalarStyle, VersionFields, WeightRef } from '../../src/model.js'
import { flagOf, type ObjectView, type Step, type Upgrade, versionFor } from '../../src/kinds/kind.js'
import { resolveTargets } from '../../src/kinds/meshes.js'
import type { MapLayout, PairSpan } from '../../src/edit/layout.js'
import type { SplitData } from '../../src/kinds/trafficsplit/read.js'
import type { TargetData } from '../../src/kinds/traffictarget/read.js'
import { trafficSplit } from '../../src/kinds/trafficsplit/index.js'
import { httpRouteGroup } from '../../src/kinds/httproutegroup/index.js'
import { tcpRoute } from '../../src/kinds/tcproute/index.js'
import { trafficTarget } from '../../src/kinds/traffictarget/index.js'

/** A run's options from the library's fields (`{ to: 'v1alpha2', specsTo: 'v1alpha4' }`). */
function opts(fields: VersionFields): ConvertOptions {
  return resolveTargets(fields)
}

const V2: ConvertOptions = opts({ to: 'v1alpha2' })

/** A scalar at `start`; its value is its raw text unless given (quoted scalars). */
function scalar(raw: string, start: number, style: ScalarStyle = 'PLAIN', value = raw): ScalarRef {
  return { style, value, raw, start, end: start + raw.length }
}

/** Plain weights laid out one after another (offsets only need to differ). */
function weights(...raws: Array<string | ScalarRef>): WeightRef[] {
  return raws.map((r, i) =>
    typeof r === 'string' ? { offset: 100 * (i + 1), scalar: scalar(r, 100 * (i + 1)) } : { offset: r.start, scalar: r },
  )
}

/** A layout the weight steps must never ask for: they change scalars only. */
const noLayout = (): MapLayout => {
  throw new Error('a weight step asked for the layout')
}

function splitUpgrade(version: string, ws: WeightRef[], name = 'web'): Upgrade<SplitData> {
  const view: ObjectView<SplitData> = {
    kind: trafficSplit,
    offset: 0,
    ref: { kind: 'TrafficSplit', name },
    version,
    layout: noLayout,
    data: { weights: ws, matches: [], fields: () => assert.unreachable('fields read') as never },
  }
  return { view, version, changes: [], notes: [] }
}

function step<D>(steps: readonly Step<D>[], from: string): Step<D> {
  const s = steps.find((x) => x.from === from)
  if (!s) throw new Error(`no step from ${from}`)
  return s
}

/** The scalar changes as [raw before, text after]. */
function replaced(u: Upgrade): Array<[string, string]> {
  return u.changes.map((c) => {
    if (c.shape !== 'scalar') throw new Error(`unexpected ${c.shape} change`)
    return [c.scalar.raw, c.text]
  })
}

const toV2 = step(trafficSplit.steps, 'v1alpha1')

// --- TrafficSplit v1alpha1 -> v1alpha2: the weight rule -------------------------------------

test('TrafficSplit: `1` beside `500m` share the factor 1000 (the SMI spec rewrite 1000:500)', () => {
  const u = splitUpgrade('v1alpha1', weights('1', '500m'))
  assert.equal(toV2.apply(u, V2), { ok: true })
  assert.equal(replaced(u), [
    ['1', '1000'],
    ['500m', '500'],
  ])
  assert.equal(u.weights, { before: ['1', '500m'], after: ['1000', '500'] })
  assert.equal(u.notes, [])
})

test('TrafficSplit: a scalar change replaces exactly the scalar it was read from', () => {
  const ws = weights('1', '500m')
  const u = splitUpgrade('v1alpha1', ws)
  toV2.apply(u, V2)
  const scalars = u.changes.map((c) => (c.shape === 'scalar' ? c.scalar : undefined))
  assert.equal(
    scalars,
    ws.map((w) => ('scalar' in w ? w.scalar : undefined)),
  )
})

test('TrafficSplit: integer weights need no factor and no change, but the weights are still recorded', () => {
  const u = splitUpgrade('v1alpha1', weights('90', '10'))
  assert.equal(toV2.apply(u, V2), { ok: true })
  assert.equal(u.changes, [])
  assert.equal(u.weights, { before: ['90', '10'], after: ['90', '10'] })
})

test('TrafficSplit: a quoted integer loses its quotes; zero stays zero', () => {
  const u = splitUpgrade('v1alpha1', weights(scalar('"10"', 300, 'QUOTE_DOUBLE', '10'), '0', scalar("'90'", 500, 'QUOTE_SINGLE', '90')))
  assert.equal(toV2.apply(u, V2), { ok: true })
  assert.equal(replaced(u), [
    ['"10"', '10'],
    ["'90'", '90'],
  ])
  assert.equal(u.weights, { before: ['"10"', '0', "'90'"], after: ['10', '0', '90'] })
})

test('TrafficSplit: the finest weight decides the factor for all (1n -> 1m as Linkerd applied it; 0.5 -> 10^3; 1Ki is whole)', () => {
  const nano = splitUpgrade('v1alpha1', weights('1n', '1'))
  toV2.apply(nano, V2)
  assert.equal(nano.weights!.after, ['1', '1000'])
  const half = splitUpgrade('v1alpha1', weights('0.5', '1.5'))
  toV2.apply(half, V2)
  assert.equal(half.weights!.after, ['500', '1500'])
  const binary = splitUpgrade('v1alpha1', weights('1Ki', '24'))
  toV2.apply(binary, V2)
  assert.equal(binary.weights!.after, ['1024', '24'])
  const micro = splitUpgrade('v1alpha1', weights('250u', '1m'))
  toV2.apply(micro, V2)
  // Linkerd's MilliValue() of 250u is 1 (rounded up): it applied 250u + 1m as 1:1.
  assert.equal(micro.weights!.after, ['1', '1'])
  assert.equal(micro.notes, ['backend 1 "250u" read as 1m, as Linkerd applied it (MilliValue(), rounded up)'])
})

test('TrafficSplit: scaled weights above 2^31-1 are divided by their greatest common divisor, with a note', () => {
  // 3000000 and 500m need 10^3: 3000000000 and 500; 3000000000 > 2147483647, gcd 500. Another
  // mesh reads them (Linkerd would sum 6000001 whole units past 429496: see below).
  const u = splitUpgrade('v1alpha1', weights('3000000', '500m'))
  assert.equal(toV2.apply(u, { ...V2, notLinkerd: true }), { ok: true })
  assert.equal(replaced(u), [
    ['3000000', '6000000'],
    ['500m', '1'],
  ])
  assert.equal(u.notes, ['divided by their greatest common divisor to stay within 2147483647'])
})

test('TrafficSplit: integers alone above 2^31-1 are divided too (4000000000:2000000000 -> 2:1)', () => {
  const u = splitUpgrade('v1alpha1', weights('4000000000', '2000000000'))
  assert.equal(toV2.apply(u, V2), { ok: true })
  assert.equal(u.weights!.after, ['2', '1'])
  assert.equal(u.notes.length, 1)
})

test('TrafficSplit: weights that do not fit even divided are written in proportion within 429496729 for another mesh, with the note', () => {
  // 2^31 and 1 are coprime: no divisor brings 2147483648 down, and their sum is past 429496729.
  const u = splitUpgrade('v1alpha1', weights('1', '2147483648'))
  assert.equal(toV2.apply(u, { ...V2, notLinkerd: true }), { ok: true })
  assert.equal(u.weights!.after, ['1', '429496726'])
  assert.equal(u.notes.length, 1)
  assert.match(u.notes[0]!, /add up past 429496729.*even divided by their greatest common divisor: written in proportion within it/)
})

test('TrafficSplit: for Linkerd, integers past 429496 (whole units × 10000 in 32 bits) are divided by their greatest common divisor, else left for a person', () => {
  // 1000 and 500m scale to 1000000 and 500, past 429496: gcd 500 gives 2000 and 1, exactly.
  const d = splitUpgrade('v1alpha1', weights('1000', '500m'))
  assert.equal(toV2.apply(d, V2), { ok: true })
  assert.equal(d.weights!.after, ['2000', '1'])
  assert.match(d.notes.join(), /divided by their greatest common divisor to add up to at most 429496,/)
  // 1 and 500m stay 1000 and 500 (1500 is within 429496).
  const small = splitUpgrade('v1alpha1', weights('1', '500m'))
  assert.equal(toV2.apply(small, V2), { ok: true })
  assert.equal(small.weights!.after, ['1000', '500'])
  assert.equal(small.notes, [])
  for (const ws of [
    ['3000000', '500m'],
    ['1', '2147483648'],
    ['429.497', '1m'],
  ]) {
    const u = splitUpgrade('v1alpha1', weights(...ws))
    const r = toV2.apply(u, V2)
    assert.ok('problems' in r && r.problems.length === 1 && r.problems[0]!.leave === true, ws.join())
    assert.match(
      (r as { problems: Problem[] }).problems[0]!.message,
      /past 429496 even divided.*whole units.*smi-migrate webhook/,
      ws.join(),
    )
  }
})

test('TrafficSplit: inside a kustomize tree (scaleFloor) the shared factor applies and nothing is divided', () => {
  const floor: ConvertOptions = { ...opts({ to: 'v1alpha2' }), scaleFloor: new Map([['web', 3]]) }
  const u = splitUpgrade('v1alpha1', weights('90', '10'))
  assert.equal(toV2.apply(u, floor), { ok: true })
  assert.equal(u.weights!.after, ['90000', '10000'])
  // `*` applies to every name; the larger of the two floors wins.
  const star = splitUpgrade('v1alpha1', weights('1', '1'), 'other')
  toV2.apply(star, {
    ...opts({ to: 'v1alpha2' }),
    scaleFloor: new Map([
      ['*', 3],
      ['web', 0],
    ]),
  })
  assert.equal(star.weights!.after, ['1000', '1000'])
  const over = splitUpgrade('v1alpha1', weights('3000000', '500m'))
  const r = toV2.apply(over, floor)
  assert.ok('problems' in r)
  if ('problems' in r) {
    assert.is(r.problems.length, 1)
    assert.match(r.problems[0]!.message, /^backend 1 weight "3000000" is above 2147483647, the largest integer weight after scaling/)
    assert.match(r.problems[0]!.message, /kustomize tree/)
  }
  assert.equal(over.changes, [])
  assert.equal(over.notes, [])
})

test('TrafficSplit: YAML 1.1 readings become notes, and the weight kubectl reads is written', () => {
  // kubectl (go-yaml v2) reads plain 010 as octal 8 and 1_000 as 1000.
  const u = splitUpgrade('v1alpha1', weights('010', '1_000'))
  assert.equal(toV2.apply(u, V2), { ok: true })
  assert.equal(replaced(u), [
    ['010', '8'],
    ['1_000', '1000'],
  ])
  assert.equal(u.notes, ['backend 1 "010" read as 8 (YAML 1.1 integer)', 'backend 2 "1_000" read as 1000 (YAML 1.1 integer)'])
  // A quoted "010" is a string to kubectl: the quantity 10.
  const quoted = splitUpgrade('v1alpha1', [{ offset: 7, scalar: scalar('"010"', 7, 'QUOTE_DOUBLE', '010') }])
  toV2.apply(quoted, V2)
  assert.equal(replaced(quoted), [['"010"', '10']])
  assert.equal(quoted.notes, [])
})

test('TrafficSplit: a weight finer than 1m is read as Linkerd applied it (MilliValue(), rounded up to 1m), with a note', () => {
  const u = splitUpgrade('v1alpha1', [
    { offset: 1, scalar: scalar('1', 1) },
    { offset: 10, scalar: scalar('0.1n', 10) },
    { offset: 20, scalar: scalar('1.0001m', 20) },
  ])
  toV2.apply(u, V2)
  assert.equal(replaced(u), [
    ['1', '1000'],
    ['0.1n', '1'],
    ['1.0001m', '2'],
  ])
  const why = 'as Linkerd applied it (MilliValue(), rounded up)'
  assert.equal(u.notes, [`backend 2 "0.1n" read as 1m, ${why}`, `backend 3 "1.0001m" read as 2m, ${why}`])
})

test('TrafficSplit: one anchored scalar read through aliases is edited once', () => {
  const shared = scalar('500m', 40)
  const ws: WeightRef[] = [
    { offset: 40, scalar: shared },
    { offset: 80, scalar: shared },
    { offset: 120, scalar: scalar('1', 120) },
  ]
  const u = splitUpgrade('v1alpha1', ws)
  toV2.apply(u, V2)
  assert.equal(replaced(u), [
    ['500m', '500'],
    ['1', '1000'],
  ])
  assert.equal(u.weights, { before: ['500m', '500m', '1'], after: ['500', '500', '1000'] })
})

test('TrafficSplit: refusals name the backend and say why; every bad weight is reported and nothing changes', () => {
  const cases: Array<[ScalarRef, string]> = [
    [scalar('-1', 10), 'backend 2 weight "-1" is negative'],
    [scalar('-500m', 10), 'backend 2 weight "-500m" is negative'],
    [scalar('abc', 10), 'backend 2 weight "abc" is not a quantity (no digits)'],
    [scalar('5x', 10), 'backend 2 weight "5x" has an unknown quantity suffix "x"'],
    [scalar('yes', 10), 'backend 2 weight "yes" is a boolean to kubectl (YAML 1.1)'],
    [scalar('~', 10), 'backend 2 weight "~" is null'],
    [scalar('.inf', 10), 'backend 2 weight ".inf" is not a finite number'],
    [scalar('m', 10), 'backend 2 weight "m" is not a quantity (no digits; Kubernetes would read it as 0, write 0 if that is meant)'],
    [scalar('|-\n  5', 10, 'BLOCK_LITERAL', '5'), "backend 2 weight |-\\n  5 is a block scalar; write the weight on the key's line"],
  ]
  for (const [bad, message] of cases) {
    const u = splitUpgrade('v1alpha1', [
      { offset: 1, scalar: scalar('1', 1) },
      { offset: 10, scalar: bad },
    ])
    const r = toV2.apply(u, V2)
    assert.equal(r, { problems: [{ code: 'invalid-weight', offset: 10, message }] }, bad.raw)
    assert.equal(u.changes, [], bad.raw)
    assert.is(u.weights, undefined, bad.raw)
  }
  const two = splitUpgrade('v1alpha1', weights('-1', '2', 'x'))
  const r = toV2.apply(two, V2)
  assert.equal('problems' in r ? r.problems.map((p) => p.offset) : [], [100, 300])
})

test('TrafficSplit: a weight the reader already refused (WeightRef with a problem) is passed on as it is', () => {
  const problem = { code: 'unsupported-alias' as const, offset: 55, message: 'backend 1 weight is an alias to a merge key' }
  const u = splitUpgrade('v1alpha1', [{ offset: 55, problem }, ...weights('1')])
  assert.equal(toV2.apply(u, V2), { problems: [problem] })
  assert.equal(u.changes, [])
})

test('TrafficSplit: the later hops change nothing but the apiVersion (the planner writes it)', () => {
  for (const from of ['v1alpha2', 'v1alpha3']) {
    const u = splitUpgrade(from, weights('500m', '"x"'))
    assert.equal(step(trafficSplit.steps, from).apply(u, opts({ to: 'v1alpha4' })), { ok: true }, from)
    assert.equal(u.changes, [])
    assert.equal(u.notes, [])
  }
})

// --- TrafficSplit repair: v1alpha2+ with quantity weights -------------------------------------

test('TrafficSplit repair: v1alpha1 is not repaired (its step converts it), plain integers need nothing', () => {
  const repair = trafficSplit.repair!
  assert.is(repair(splitUpgrade('v1alpha1', weights('500m')), V2), false)
  assert.is(repair(splitUpgrade('v1alpha2', weights('90', '10', '0')), V2), false)
  assert.is(repair(splitUpgrade('v1alpha2', weights('429495', '1')), V2), false)
  // Past what Linkerd adds up only when the run names another mesh (--mesh osm, nginx, traefik).
  assert.is(repair(splitUpgrade('v1alpha2', weights('429496728', '1')), { ...V2, notLinkerd: true }), false)
  assert.is(repair(splitUpgrade('v1alpha4', weights('2147483647')), { ...opts({ to: 'v1alpha4' }), notLinkerd: true }), false)
})

test('TrafficSplit repair: plain integers that add up past what Linkerd adds up as whole units (429496) get the weight rule, unless another mesh reads them', () => {
  const repair = trafficSplit.repair!
  const exact = splitUpgrade('v1alpha2', weights('300000000', '200000000'))
  assert.equal(repair(exact, V2), { ok: true })
  assert.equal(exact.weights!.after, ['3', '2'])
  assert.equal(exact.notes, [
    'divided by their greatest common divisor to add up to at most 429496, what Linkerd adds up without wrapping, which reads v1alpha2 integers as whole units without a conversion webhook',
  ])
  // Coprime past the bound: left for a person, never written in a proportion Linkerd did not route.
  for (const ws of [
    ['500000000', '1'],
    ['429497', '1'],
    ['300000000', '200000001'],
  ]) {
    const r = repair(splitUpgrade('v1alpha4', weights(...ws)), opts({ to: 'v1alpha4' }))
    assert.ok(r !== false && 'problems' in r && r.problems[0]!.leave === true, ws.join())
  }
  assert.is(repair(splitUpgrade('v1alpha2', weights('300000000', '200000000')), { ...V2, notLinkerd: true }), false)
})

test('TrafficSplit repair: quantities, quoted integers and integers above 2^31-1 get the weight rule, the version kept', () => {
  const repair = trafficSplit.repair!
  const q = splitUpgrade('v1alpha2', weights('500m', '1'))
  assert.equal(repair(q, V2), { ok: true })
  assert.equal(replaced(q), [
    ['500m', '500'],
    ['1', '1000'],
  ])
  assert.is(q.version, 'v1alpha2')
  const quoted = splitUpgrade('v1alpha3', [{ offset: 3, scalar: scalar('"90"', 3, 'QUOTE_DOUBLE', '90') }, ...weights('10')])
  assert.equal(repair(quoted, opts({ to: 'v1alpha3' })), { ok: true })
  assert.equal(replaced(quoted), [['"90"', '90']])
  // 10 digits but above the bound: not an integer weight; alone it divides down to 1.
  const big = splitUpgrade('v1alpha2', weights('3000000000', '1000000000'))
  assert.equal(repair(big, V2), { ok: true })
  assert.equal(big.weights!.after, ['3', '1'])
  // A leading zero or a sign is not the integer literal v1alpha2 wants.
  const signed = splitUpgrade('v1alpha2', weights('+5', '05'))
  assert.equal(repair(signed, V2), { ok: true })
  assert.equal(replaced(signed), [
    ['+5', '5'],
    ['05', '5'],
  ])
})

test('TrafficSplit repair: a weight it cannot read is refused like a conversion', () => {
  const u = splitUpgrade('v1alpha2', weights('-3', '4'))
  assert.equal(trafficSplit.repair!(u, V2), {
    problems: [{ code: 'invalid-weight', offset: 100, message: 'backend 1 weight "-3" is negative' }],
  })
})

test('TrafficSplit: target is --to; an A/B split needs its route groups at its own version from v1alpha3 on', () => {
  assert.is(versionFor(trafficSplit, opts({ to: 'v1alpha3', specsTo: 'v1alpha2' })), 'v1alpha3')
  const u = splitUpgrade('v1alpha3', [])
  u.view.data.matches = ['ab', 'cd']
  assert.equal(trafficSplit.needs!(u.view, 'v1alpha2'), [])
  assert.equal(trafficSplit.needs!(u.view, 'v1alpha4'), [
    { kind: 'HTTPRouteGroup', name: 'ab', versions: ['v1alpha4'] },
    { kind: 'HTTPRouteGroup', name: 'cd', versions: ['v1alpha4'] },
  ])
})

// --- Layout-driven kinds: a hand-built top-level layout --------------------------------------

/** A block layout with these top-level keys, each on its own line (offsets only need to differ). */
function layoutOf(keys: Array<string | [string, MapLayout | undefined]>): MapLayout {
  const pairs: PairSpan[] = keys.map((k, i) => {
    const [key, map] = typeof k === 'string' ? [k, undefined] : k
    const at = i * 100
    const span: PairSpan = { key, keyStart: at, keyEnd: at + key.length, valueEnd: at + 50, start: at, end: at + 51, inline: false }
    if (map) span.map = map
    return span
  })
  return { flow: false, quoteKeys: false, start: 0, end: keys.length * 100, column: 0, indent: 2, eol: '\n', pairs }
}

function layoutUpgrade<D>(kind: ObjectView<D>['kind'], version: string, layout: MapLayout, data: D): Upgrade<D> {
  const view: ObjectView<D> = { kind, offset: 0, ref: { kind: kind.kind, name: 'n' }, version, layout: () => layout, data }
  return { view, version, changes: [], notes: [] }
}

const META = ['apiVersion', 'kind', 'metadata']
const SPECS: ConvertOptions = opts({ to: 'v1alpha2', specsTo: 'v1alpha4' })

test('HTTPRouteGroup v1alpha2 -> v1alpha3: a root matches is wrapped under a new spec', () => {
  const u = layoutUpgrade(httpRouteGroup, 'v1alpha2', layoutOf([...META, 'matches']), undefined)
  assert.equal(step(httpRouteGroup.steps, 'v1alpha2').apply(u, SPECS), { ok: true })
  assert.equal(u.changes, [{ shape: 'wrap', keys: ['matches'], under: 'spec' }])
  assert.equal(u.notes, ['matches moved under spec'])
})

test('HTTPRouteGroup v1alpha2 -> v1alpha3: no root matches, nothing to move; a spec beside it is refused at the spec', () => {
  const none = layoutUpgrade(httpRouteGroup, 'v1alpha2', layoutOf([...META, 'spec']), undefined)
  assert.equal(step(httpRouteGroup.steps, 'v1alpha2').apply(none, SPECS), { ok: true })
  assert.equal(none.changes, [])
  assert.equal(none.notes, [])
  const both = layoutUpgrade(httpRouteGroup, 'v1alpha2', layoutOf([...META, 'matches', 'spec']), undefined)
  assert.equal(step(httpRouteGroup.steps, 'v1alpha2').apply(both, SPECS), {
    problems: [
      { code: 'invalid-structure', offset: 400, message: 'has both a root matches and a spec; merge them into spec.matches to convert it' },
    ],
  })
  assert.equal(both.changes, [])
})

test('HTTPRouteGroup: the other hops change the apiVersion only; --specs-to is the target', () => {
  for (const from of ['v1alpha1', 'v1alpha3']) {
    const u = layoutUpgrade(httpRouteGroup, from, layoutOf([...META, 'matches']), undefined)
    assert.equal(step(httpRouteGroup.steps, from).apply(u, SPECS), { ok: true })
    assert.equal(u.changes, [], from)
  }
  assert.is(versionFor(httpRouteGroup, opts({ to: 'v1alpha4', specsTo: 'v1alpha3' })), 'v1alpha3')
  assert.is(versionFor(httpRouteGroup, opts({ to: 'v1alpha4' })), undefined)
  assert.is(flagOf(httpRouteGroup), '--specs-to')
  // One option for both specs kinds: the surfaces offer it once.
  assert.is(httpRouteGroup.version, tcpRoute.version)
})

const emptyMap = (): MapLayout => ({ flow: true, quoteKeys: false, start: 0, end: 2, column: 0, indent: 2, eol: '\n', pairs: [] })

test('TCPRoute v1alpha2 -> v1alpha3 adds an empty spec, unless there is one', () => {
  const addSpec = step(tcpRoute.steps, 'v1alpha2')
  const u = layoutUpgrade(tcpRoute, 'v1alpha2', layoutOf(META), undefined)
  assert.equal(addSpec.apply(u, SPECS), { ok: true })
  assert.equal(u.changes, [{ shape: 'add', path: ['spec'], value: {} }])
  assert.equal(u.notes, ['spec: {} added'])
  const has = layoutUpgrade(tcpRoute, 'v1alpha2', layoutOf([...META, ['spec', emptyMap()]]), undefined)
  assert.equal(addSpec.apply(has, SPECS), { ok: true })
  assert.equal(has.changes, [])
})

test('TCPRoute v1alpha2 -> v1alpha4 in one run: the spec being added carries matches.ports [], one note', () => {
  const u = layoutUpgrade(tcpRoute, 'v1alpha2', layoutOf(META), undefined)
  step(tcpRoute.steps, 'v1alpha2').apply(u, SPECS)
  assert.equal(step(tcpRoute.steps, 'v1alpha3').apply(u, SPECS), { ok: true })
  assert.equal(u.changes, [{ shape: 'add', path: ['spec'], value: { matches: { ports: [] } } }])
  assert.equal(u.notes, ['spec.matches added: all ports'])
})

test('TCPRoute v1alpha3 -> v1alpha4: into the spec written, as a new spec, or refused when spec is no mapping', () => {
  const addMatches = step(tcpRoute.steps, 'v1alpha3')
  const inSpec = layoutUpgrade(tcpRoute, 'v1alpha3', layoutOf([...META, ['spec', emptyMap()]]), undefined)
  assert.equal(addMatches.apply(inSpec, SPECS), { ok: true })
  assert.equal(inSpec.changes, [{ shape: 'add', path: ['spec', 'matches'], value: { ports: [] } }])
  assert.equal(inSpec.notes, ['spec.matches added: all ports'])

  const noSpec = layoutUpgrade(tcpRoute, 'v1alpha3', layoutOf(META), undefined)
  assert.equal(addMatches.apply(noSpec, SPECS), { ok: true })
  assert.equal(noSpec.changes, [{ shape: 'add', path: ['spec'], value: { matches: { ports: [] } } }])

  const scalarSpec = layoutUpgrade(tcpRoute, 'v1alpha3', layoutOf([...META, 'spec']), undefined)
  assert.equal(addMatches.apply(scalarSpec, SPECS), {
    problems: [{ code: 'invalid-structure', offset: 300, message: 'spec is not a mapping' }],
  })

  const already = layoutOf(['matches'])
  const written = layoutUpgrade(tcpRoute, 'v1alpha3', layoutOf([...META, ['spec', already]]), undefined)
  assert.equal(addMatches.apply(written, SPECS), { ok: true })
  assert.equal(written.changes, [])
  assert.equal(written.notes, [])
})

const noPorts: TargetData = { ports: [] }
const ACCESS: ConvertOptions = opts({ to: 'v1alpha2', accessTo: 'v1alpha3' })

test('TrafficTarget v1alpha1 -> v1alpha2: destination, sources and specs go under spec, specs renamed rules', () => {
  const wrap = step(trafficTarget.steps, 'v1alpha1')
  const u = layoutUpgrade(trafficTarget, 'v1alpha1', layoutOf([...META, 'destination', 'sources', 'specs']), noPorts)
  assert.equal(wrap.apply(u, ACCESS), { ok: true })
  assert.equal(u.changes, [{ shape: 'wrap', keys: ['destination', 'sources', 'specs'], under: 'spec', rename: { specs: 'rules' } }])
  assert.equal(u.notes, ['destination, sources and specs moved under spec, specs renamed rules'])

  const two = layoutUpgrade(trafficTarget, 'v1alpha1', layoutOf([...META, 'sources', 'destination']), noPorts)
  wrap.apply(two, ACCESS)
  assert.equal(two.notes, ['sources and destination moved under spec'])
  const one = layoutUpgrade(trafficTarget, 'v1alpha1', layoutOf([...META, 'specs']), noPorts)
  wrap.apply(one, ACCESS)
  assert.equal(one.notes, ['specs moved under spec, specs renamed rules'])
})

test('TrafficTarget v1alpha1 -> v1alpha2: nothing at the root, nothing to do; a spec beside them is refused', () => {
  const wrap = step(trafficTarget.steps, 'v1alpha1')
  const none = layoutUpgrade(trafficTarget, 'v1alpha1', layoutOf([...META, 'spec']), noPorts)
  assert.equal(wrap.apply(none, ACCESS), { ok: true })
  assert.equal(none.changes, [])
  const both = layoutUpgrade(trafficTarget, 'v1alpha1', layoutOf([...META, 'spec', 'sources']), noPorts)
  assert.equal(wrap.apply(both, ACCESS), {
    problems: [
      { code: 'invalid-structure', offset: 300, message: 'has both a spec and a root sources; move them into spec to convert it' },
    ],
  })
})

test('TrafficTarget v1alpha2 -> v1alpha3: no port, nothing to do; each port is an error at its key with the fix', () => {
  const drop = step(trafficTarget.steps, 'v1alpha2')
  const clean = layoutUpgrade(trafficTarget, 'v1alpha2', layoutOf(META), noPorts)
  assert.equal(drop.apply(clean, ACCESS), { ok: true })
  assert.equal(clean.changes, [])
  const ports: TargetData = {
    ports: [
      { offset: 120, subject: 'destination', value: '8080' },
      { offset: 240, subject: 'source 2', value: '9090' },
    ],
  }
  const u = layoutUpgrade(trafficTarget, 'v1alpha2', layoutOf(META), ports)
  const fix = (v: string) =>
    `cannot be written in access.smi-spec.io/v1alpha3, which has no port on subjects: remove it and add a v1alpha4 TCPRoute with matches.ports: [${v}], referenced from spec.rules`
  assert.equal(drop.apply(u, ACCESS), {
    problems: [
      { code: 'invalid-structure', offset: 120, message: `destination port 8080 ${fix('8080')}` },
      { code: 'invalid-structure', offset: 240, message: `source 2 port 9090 ${fix('9090')}` },
    ],
  })
  assert.equal(u.changes, [])
  assert.is(versionFor(trafficTarget, ACCESS), 'v1alpha3')
})

test.run()
