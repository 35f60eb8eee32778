/**
 * The fuzzers' kubectl oracle (scripts/kubectl-oracle.mjs) fails a case whose conversion
 * kubectl reads differently from its input beyond an SMI apiVersion moving up and weights
 * keeping every ratio under resource.Quantity, and passes a right one: held to the real
 * kubectl (skipped without it, which fails CI).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { testWith } from './helpers/tools.js'
// @ts-expect-error: a script, plain JavaScript without types
import { KubectlOracle, milliValue, quantity, splitWeights } from '../scripts/kubectl-oracle.mjs'

const kubectlTest = testWith('kubectl')

const split = (v: string, a: string | number, b: string | number, name = 's'): Buffer =>
  Buffer.from(
    `apiVersion: split.smi-spec.io/${v}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  backends:\n` +
      `  - service: a\n    weight: ${a}\n  - service: b\n    weight: ${b}\n`,
  )

kubectlTest('a right conversion passes; a changed ratio, a version moved down, another field changed, an unreadable output fail', () => {
  const failed: [string, string][] = []
  const oracle = new KubectlOracle((c: string, why: string) => failed.push([c, why]))
  oracle.add('right', split('v1alpha1', '500m', 1), split('v1alpha2', 500, 1000))
  oracle.add('spaces', split('v1alpha1', '"  7  "', '"1k"'), split('v1alpha2', 7, 1000))
  oracle.add('huge', split('v1alpha1', '"1e999999"', 0), split('v1alpha2', 1, 0))
  oracle.add('ratio', split('v1alpha1', '500m', 1), split('v1alpha2', 500, 999))
  oracle.add('down', split('v1alpha2', 5, 1), split('v1alpha1', 5, 1))
  oracle.add('name', split('v1alpha1', 1, 1), split('v1alpha2', 1000, 1000, 't'))
  oracle.add('broken', split('v1alpha1', 1, 1), Buffer.from('apiVersion: [\n'))
  oracle.close()
  assert.equal(
    failed.map(([c]) => c),
    ['ratio', 'down', 'name', 'broken'],
  )
  assert.match(failed[0]![1], /ratio of backends 1 and 2 changed/)
  assert.match(oracle.summary(), /7 cases read before and after \(0 unreadable by kubectl before\) in 2 calls/)
})

test('quantities as resource.Quantity reads a JSON value', () => {
  const q = (v: unknown) => {
    const r = quantity(v) as { n: bigint; d: bigint; e: number } | undefined
    return r && (Number(r.n) / Number(r.d)) * 10 ** r.e
  }
  assert.is(q('500m'), 0.5)
  assert.is(q(' 1Ki '), 1024)
  assert.is(q('1.5e3'), 1500)
  assert.is(q(2), 2)
  assert.equal(quantity('1e999999'), { n: 1n, d: 1n, e: 999999 })
  assert.is(q('1 k'), undefined)
  assert.is(q(true), undefined)
  // Nothing finer than 1n: ParseQuantity rounds it up, away from zero.
  const nano = { n: 1n, d: 10n ** 9n, e: 0 }
  assert.equal(quantity('1e-10'), nano)
  assert.equal(quantity('0.5n'), nano)
  assert.equal(quantity('1e-1000000'), nano)
  assert.equal(quantity('1.0000000001'), { n: 1000000001n, d: 10n ** 9n, e: 0 })
  assert.equal(quantity('1n'), nano)
})

test('weights compared as Linkerd applied them: MilliValue(), ceil(q × 1000)', () => {
  const m = (v: unknown) => milliValue(quantity(v)) as { n: bigint; d: bigint; e: number } | undefined
  assert.equal(m('1n'), { n: 1n, d: 1n, e: 0 })
  assert.equal(m('1.0001m'), { n: 2n, d: 1n, e: 0 })
  assert.equal(m('500m'), { n: 500n, d: 1n, e: 0 })
  assert.equal(m('1.5'), { n: 15n, d: 1n, e: 2 })
  assert.equal(m('1e999999'), { n: 1n, d: 1n, e: 1000002 })
  assert.equal(m('1e-1000000'), { n: 1n, d: 1n, e: 0 })
  assert.equal(m('0'), { n: 0n, d: 1n, e: 0 })
  assert.is(m('abc'), undefined)
  const split = (ws: unknown[]) => ({
    kind: 'TrafficSplit',
    spec: { backends: ws.map((weight, i) => ({ service: `b${i}`, weight })) },
  })
  // 1 beside 1n was 1000:1 to Linkerd; 10^9:1 is another split (and past what it sums).
  assert.is(splitWeights(split(['1', '1n']), split([1000, 1])), undefined)
  assert.match(String(splitWeights(split(['1', '1n']), split([100000, 1]))), /ratio of backends 1 and 2 changed/)
  assert.is(splitWeights(split(['1', '1.0001m', '250u']), split([1000, 2, 1])), undefined)
  assert.match(String(splitWeights(split(['1', '1.0001m']), split([1000, 1001]))), /ratio/)
  // Whole milli-units compare exactly, as before.
  assert.is(splitWeights(split(['1', '500m']), split([2, 1])), undefined)
  assert.match(String(splitWeights(split(['1', '500m']), split([1000, 501]))), /ratio/)
  // v1alpha2 integers Linkerd reads as whole units and adds up × 10^4 in 32 bits: past 429496
  // it wraps them, whatever their ratio; no proportion is accepted in their place.
  assert.is(splitWeights(split([300000, 100000]), split([3, 1])), undefined)
  assert.match(String(splitWeights(split(['1', '1n']), split([1000000000, 1]))), /add up past 429496: Linkerd wraps them/)
  assert.match(String(splitWeights(split([2000003, 7, '2u']), split([429495222, 1503, 1]))), /add up past 429496/)
  assert.match(String(splitWeights(split([300000, 100000]), split([322122545, 107374181]))), /add up past 429496/)
})

test.run()
