/**
 * `smi-migrate krm` run again on its own output, and under kpt where one split becomes more
 * than one object (docs/deploy-time.md), through the built CLI: the `results` a run writes name
 * the old split, and they, like the functionConfig, are the ResourceList's own, never manifests.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import { BIN, cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'
import { nodeEnv } from './helpers/node-env.js'

const kptTest = testWith('kpt')

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

const TWO_PORTS =
  'apiVersion: v1\nkind: Service\nmetadata: {name: web, namespace: ns}\nspec:\n  ports:\n  - {name: http, port: 80}\n  - {name: admin, port: 8080}\n'
const NS_SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web, namespace: ns}\nspec:\n  service: web\n  backends:\n  - {service: web-v1, weight: 750m}\n  - {service: web, weight: 250m}\n'
/** `manifest` with its one-line metadata written as a block with the path and index annotations (and the internal ones). */
function annotated(manifest: string, path: string, index: string, internal: boolean): string {
  const spell = (prefix: string) => `    ${prefix}config.kubernetes.io/path: ${path}\n    ${prefix}config.kubernetes.io/index: '${index}'\n`
  return manifest.replace(/^metadata: \{name: ([a-z]+)(?:, namespace: ([a-z]+))?\}$/m, (_, name: string, ns?: string) =>
    `metadata:\n  name: ${name}\n${ns ? `  namespace: ${ns}\n` : ''}  annotations:\n${spell('')}${internal ? spell('internal.') : ''}`.trimEnd(),
  )
}

test('to: gateway: each route after the first takes the next index in the split’s file, in both annotation spellings', () => {
  const after = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: after}\n'
  for (const internal of [true, false]) {
    const items = [
      annotated(NS_SPLIT, 'split.yaml', '0', internal),
      annotated(after, 'split.yaml', '3', internal),
      annotated(TWO_PORTS, 'svc.yaml', '0', internal),
    ]
    const r = cli(['krm'], {
      input: list(items.map(item).join(''), '{apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {to: gateway}}'),
    })
    assert.is(r.status, 0, r.stdout + r.stderr)
    const placed = (itemsOf(r.stdout) as Array<{ kind: string; metadata: { name: string; annotations: Record<string, string> } }>).map(
      (i) => {
        const a = i.metadata.annotations
        return [i.metadata.name, a['config.kubernetes.io/path'], a['config.kubernetes.io/index'], a['internal.config.kubernetes.io/index']]
      },
    )
    const inner = (i: string) => (internal ? i : undefined)
    assert.equal(placed, [
      ['web-80', 'split.yaml', '0', inner('0')],
      ['web-8080', 'split.yaml', '4', inner('4')],
      ['after', 'split.yaml', '3', inner('3')],
      ['web', 'svc.yaml', '0', inner('0')],
    ])
  }
})

kptTest('kpt fn eval --exec, to=gateway: a split of two ports becomes two routes in its file, and a second run changes nothing', () => {
  const root = tempDir('krm-kpt-gw')
  writeFileSync(join(root, 'split.yaml'), `${NS_SPLIT}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: after, namespace: ns}\n`)
  writeFileSync(join(root, 'svc.yaml'), TWO_PORTS)
  const exec = join(root, '..', `smi-migrate-krm-gw-${process.pid}`)
  writeFileSync(exec, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" krm "$@"\n`)
  chmodSync(exec, 0o755)
  const run = () => spawnSync('kpt', ['fn', 'eval', root, '--exec', exec, '--', 'to=gateway'], { encoding: 'utf8', env: nodeEnv() })
  const r = run()
  assert.is(r.status, 0, r.stderr)
  const docs = parseAllDocuments(readFileSync(join(root, 'split.yaml'), 'utf8')).map(
    (d) => d.toJS() as { kind: string; metadata: { name: string } },
  )
  assert.equal(
    docs.map((d) => `${d.kind}/${d.metadata.name}`),
    ['HTTPRoute/web-80', 'ConfigMap/after', 'HTTPRoute/web-8080'],
  )
  assert.is(readFileSync(join(root, 'svc.yaml'), 'utf8'), TWO_PORTS)
  const once = readFileSync(join(root, 'split.yaml'), 'utf8')
  const again = run()
  assert.is(again.status, 0, again.stderr)
  assert.is(readFileSync(join(root, 'split.yaml'), 'utf8'), once)
})

test.run()
