/**
 * The schema `webhook manifests --patch --tighten-schema` prints, from the built CLI, applied to
 * linkerd-smi's CRD (testdata/webhook/) and held to TrafficSplits as the API server validates
 * them (test/helpers/gateway-schema.ts: `pattern` checks strings only, `minimum` and `maximum`
 * numbers only): a v1alpha1 weight written as a JSON integer is bounded like the strings the
 * pattern bounds.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { cli } from './helpers/cli.js'
import { type Schema, schemaViolations } from './helpers/gateway-schema.js'

type Obj = Record<string, any>
const CRD = parse(readFileSync('testdata/webhook/trafficsplit-crd-linkerd-smi.yaml', 'utf8')) as Obj

/** The CRD with the printed JSON patch applied (`test` and `add`, as kubectl patch --type json applies them). */
function patched(versions: string): Obj {
  const r = cli(['webhook', 'manifests', '--namespace', 'ns', '--patch', '--tighten-schema', versions])
  assert.is(r.status, 0, r.stderr)
  const out = structuredClone(CRD)
  for (const op of JSON.parse(r.stdout) as Obj[]) {
    const keys = (op.path as string).split('/').slice(1)
    const last = keys.pop()!
    const parent = keys.reduce((at: any, k) => at[k], out)
    if (op.op === 'test') assert.equal(parent[last], op.value, op.path)
    else parent[last] = op.value
  }
  return out
}

/** The violations of a TrafficSplit of `version` whose backends have `weights`. */
function violations(crd: Obj, version: string, weights: unknown[]): string[] {
  const schema = crd.spec.versions.find((v: Obj) => v.name === version).schema.openAPIV3Schema as Schema
  const object = {
    apiVersion: `split.smi-spec.io/${version}`,
    kind: 'TrafficSplit',
    spec: { service: 's', backends: weights.map((weight, i) => ({ service: `b${i}`, weight })) },
  }
  return schemaViolations(object, schema).map((v) => `${v.path}: ${v.keyword}`)
}

test('--tighten-schema: a v1alpha1 weight written as a JSON integer is refused when negative or past what Linkerd reads without wrapping', () => {
  const crd = patched('v1alpha1,v1alpha2')
  for (const ok of [[0], [5], [429496], ['5'], ['500m'], [1, '1n']]) assert.equal(violations(crd, 'v1alpha1', ok), [], JSON.stringify(ok))
  for (const [weights, keyword] of [
    [[-5], 'minimum'],
    [[-1, 1], 'minimum'],
    [[429497], 'maximum'],
    [[2 ** 63], 'maximum'],
    [['-5'], 'pattern'],
  ] as const)
    assert.equal(violations(crd, 'v1alpha1', [...weights]), [`spec.backends[0].weight: ${keyword}`], JSON.stringify(weights))
  // The untightened CRD admits them all: the patch is what refuses them.
  for (const weights of [[-5], [2 ** 63]]) assert.equal(violations(CRD, 'v1alpha1', weights), [], JSON.stringify(weights))
  // v1alpha2's bounds are as they were.
  assert.equal(violations(crd, 'v1alpha2', [-5]), ['spec.backends[0].weight: minimum'])
  assert.equal(violations(crd, 'v1alpha2', [2147483647]), [])
})

test.run()
