/**
 * `smi-migrate krm` run again on its own output, and under kpt where one split becomes more
 * than one object (docs/deploy-time.md), through the built CLI: the `results` a run writes name
 * the old split, and they, like the functionConfig, are the ResourceList's own, never manifests.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { cli } from './helpers/cli.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n  annotations:\n    config.kubernetes.io/path: split.yaml\n    config.kubernetes.io/index: "0"\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 500m\n  - service: web-v2\n    weight: 500m\n'

const list = (items: string, fc: string) =>
  `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${items}functionConfig: ${fc}\n`
const item = (manifest: string) => manifest.trimEnd().replace(/^/gm, '  ').replace(/^ {2}/, '- ') + '\n'
const itemsOf = (out: string) => (parse(out) as { items: unknown[] }).items

test('a second run on the first run’s output, results and all, is a no-op; the validator passes it', () => {
  for (const to of ['v1alpha2', 'v1alpha4']) {
    const first = cli(['krm'], { input: list(item(SPLIT), `{apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {to: ${to}}}`) })
    assert.is(first.status, 0, first.stderr)
    assert.match(first.stdout, /"resourceRef":\{"apiVersion":"split\.smi-spec\.io\/v1alpha1","kind":"TrafficSplit"/)
    const second = cli(['krm'], { input: first.stdout })
    assert.is(second.status, 0, second.stdout)
    assert.is(second.stderr, '')
    assert.not.match(second.stdout, /nested/)
    assert.equal(itemsOf(second.stdout), itemsOf(first.stdout))
    // As a validator: the converted items need nothing, and the earlier results are no manifests.
    const check = first.stdout.replace(`data: {to: ${to}}`, `data: {to: ${to}, check: "true"}`)
    assert.ok(check !== first.stdout)
    const validated = cli(['krm'], { input: check })
    assert.is(validated.status, 0, validated.stdout + validated.stderr)
    assert.not.match(validated.stdout, /nested|"severity":"error"/)
  }
})

test('a TrafficSplit nested in an item’s value is still reported; one in the functionConfig is not', () => {
  const nested = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: values\ndata:\n  x: "1"\nextra:\n  objects:\n  - apiVersion: split.smi-spec.io/v1alpha1\n    kind: TrafficSplit\n    metadata: {name: inner}\n`
  const r = cli(['krm'], { input: list(item(nested), '{apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {}}') })
  assert.match(r.stdout + r.stderr, /nested at (items\[0\]\.)?extra\.objects\[0\]/)
  const fc = list(
    item(SPLIT.replace('v1alpha1', 'v1alpha2').replace(/500m/g, '500')),
    '{apiVersion: split.smi-spec.io/v1alpha1, kind: TrafficSplit, metadata: {name: x}}',
  )
  const inFc = cli(['krm'], { input: fc })
  assert.not.match(inFc.stdout + inFc.stderr, /nested at functionConfig/)
})

test.run()
