/**
 * The kind registry: the pre-filter's names (kinds/names.ts, kept apart so the pre-filter
 * loads no kind module) are the registered kinds', and every kind's steps chain its versions.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { GROUP_PREFIXES, KIND_NAMES } from '../src/kinds/names.js'
import { KINDS } from '../src/kinds/registry.js'
import { migrate } from '../src/index.js'

test('the pre-filter names every registered kind, and nothing else', () => {
  assert.equal(
    [...KIND_NAMES],
    KINDS.map((k) => k.kind),
  )
  assert.equal([...GROUP_PREFIXES].sort(), [...new Set(KINDS.map((k) => `${k.group}/`))].sort())
})

test('each kind has one step per hop between neighbouring versions, oldest first', () => {
  for (const k of KINDS) {
    assert.equal(
      k.steps.map((s) => [s.from, s.to]),
      k.versions.slice(1).map((v, i) => [k.versions[i], v]),
      k.kind,
    )
  }
})

test('a TrafficSplitList whose items all have their own apiVersion: the List moves, its items convert (the fuzzer found a crash here)', () => {
  const input =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems:\n- apiVersion: split.smi-spec.io/v1alpha1\n' +
    '  kind: TrafficSplit\n  metadata:\n    name: a\n  spec:\n    backends:\n    - service: x\n      weight: 500m\n'
  const r = migrate(input, { specsTo: 'v1alpha4' })
  assert.is(r.failed, false)
  assert.is(r.output, input.split('v1alpha1').join('v1alpha2').replace('500m', '500'))
})

test('an item that inherits its List apiVersion has the version the List moves to, in the checks across documents', () => {
  const list = [
    'apiVersion: split.smi-spec.io/v1alpha3',
    'kind: TrafficSplitList',
    'items:',
    // Neither kind nor apiVersion: kubectl gives the item both from the List (one with a kind of
    // its own and no apiVersion it refuses).
    '- metadata: {name: x}',
    '  spec:',
    '    service: s',
    '    backends:',
    '    - {service: a, weight: 90}',
    '    matches:',
    '    - {kind: HTTPRouteGroup, name: g}',
    '---',
    'apiVersion: specs.smi-spec.io/v1alpha3',
    'kind: HTTPRouteGroup',
    'metadata: {name: g}',
    'spec:',
    '  matches:',
    '  - {name: m, pathRegex: /x}',
    '',
  ].join('\n')
  // Both move to v1alpha4: they pair (the item has no edit of its own, but its List moved it).
  const both = migrate(list, { to: 'v1alpha4', specsTo: 'v1alpha4' })
  assert.not.ok(
    both.findings.some((f) => f.code === 'incompatible-versions'),
    JSON.stringify(both.findings),
  )
  // Only the List moves: x is v1alpha4 through it, g stays v1alpha3, and that is said.
  const one = migrate(list, { to: 'v1alpha4' })
  const mismatch = one.findings.filter((f) => f.code === 'incompatible-versions')
  assert.is(mismatch.length, 1, JSON.stringify(one.findings))
  assert.match(mismatch[0]!.message, /TrafficSplit x is v1alpha4 and matches HTTPRouteGroup g, which is v1alpha3/)
})

test.run()
