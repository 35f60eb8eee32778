/**
 * Real-world inputs through the built CLI: cluster dumps piped for re-apply
 * (--strip-server-fields, YAML and JSON), and Helm chart sources with `{{ }}`.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli, GOLDEN } from './helpers/cli.js'

const CHART = resolve('testdata/charts/web')

test('kubectl get -o yaml | --strip-server-fields -: ready to re-apply, twice is a no-op', () => {
  const input = readFileSync(join(GOLDEN, 'strip-kubectl-list-dump/input.yaml'))
  const r = cli(['--strip-server-fields', '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, readFileSync(join(GOLDEN, 'strip-kubectl-list-dump/expected.yaml'), 'utf8'))
  const list = parseAllDocuments(r.stdout)[0]!.toJS() as { metadata?: unknown; items: Array<Record<string, any>> }
  assert.is(list.metadata, undefined, 'the List wrapper loses its resourceVersion-only metadata')
  const web = list.items[0]!
  assert.equal(Object.keys(web.metadata).sort(), ['name', 'namespace'])
  assert.equal(
    web.spec.backends.map((b: { weight: number }) => b.weight),
    [1000, 500],
  )
  assert.is(cli(['--strip-server-fields', '-'], { input: r.stdout }).stdout, r.stdout)
  // Without the flag only apiVersion and weights change.
  const plain = cli(['-'], { input })
  assert.is(plain.stdout.split('\n').length, input.toString('utf8').split('\n').length)
  assert.match(plain.stdout, /resourceVersion: "12345"/)
})

test('kubectl get -o json: converted in place, stripped, still JSON with its formatting', () => {
  const input = readFileSync(join(GOLDEN, 'strip-json-dump/input.json'))
  const r = cli(['--strip-server-fields', '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, readFileSync(join(GOLDEN, 'strip-json-dump/expected.json'), 'utf8'))
  const data = JSON.parse(r.stdout)
  assert.equal(data.items[0].spec.backends, [
    { service: 'web-v1', weight: 1000 },
    { service: 'web-v2', weight: 500 },
  ])
  assert.is(data.items[0].status, undefined)
  // The already-converted object is left as it was, server fields and all.
  assert.is(data.items[1].metadata.uid, '5c1f3d6e-0000-4000-8000-000000000002')
  assert.match(r.stdout, /^ {16}"namespace": "prod"\n {12}\},$/m)
})

function chartCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-chart-'))
  cpSync(CHART, join(dir, 'web'), { recursive: true })
  return dir
}

test('Helm chart --check: literal weights would convert; templated ones warn with path:line:col and values.yaml; exit 1', () => {
  const dir = chartCopy()
  const r = cli(['--check', 'web'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /web\/templates\/trafficsplit\.yaml:3:1: would convert TrafficSplit .*: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500/,
  )
  assert.match(
    r.stdout,
    /web\/templates\/trafficsplit-values\.yaml:12:13: warning: .*backend 2 weight is templated \(\{\{ \.Values\.canary\.weight \}\}\).*\(web\/values\.yaml:11:11 holds 250m\)/,
  )
  assert.match(r.stdout, /trafficsplit-values\.yaml:21:5: warning: .*spec content comes from a template action/)
  assert.match(r.stdout, /trafficsplit-values\.yaml:23:31: warning: .*apiVersion is templated/)
  assert.match(
    r.stdout,
    /trafficsplit-capabilities\.yaml:1:1: warning: the chart chooses the TrafficSplit apiVersion with \{\{- if \.Capabilities\.APIVersions\.Has "split\.smi-spec\.io\/v1alpha2" \}\}/,
  )
  assert.not.match(r.stdout, /deployment\.yaml/)
})

test('Helm chart --write: only literal scalars change, every action byte stays; templated files untouched', () => {
  const dir = chartCopy()
  const before = (f: string) => readFileSync(join(CHART, f), 'utf8')
  const after = (f: string) => readFileSync(join(dir, 'web', f), 'utf8')
  const r = cli(['--write', 'web'], { cwd: dir })
  // The literal objects are written; the templated ones are left for a person: exit 1.
  assert.is(r.status, 1, r.stdout + r.stderr)
  for (const f of [
    'templates/trafficsplit-values.yaml',
    'templates/trafficsplit-capabilities.yaml',
    'templates/deployment.yaml',
    'templates/_helpers.tpl',
    'values.yaml',
  ]) {
    assert.is(after(f), before(f), `${f} must be untouched`)
  }
  const out = after('templates/trafficsplit.yaml')
  const actions = (s: string) => s.match(/\{\{.*?\}\}/g)
  assert.equal(actions(out), actions(before('templates/trafficsplit.yaml')))
  assert.is(out, readFileSync(join(GOLDEN, 'helm-chart-literal/expected.yaml'), 'utf8'))
  // A second run converts nothing more, but the templated weights still need a person: exit 1.
  const again = cli(['--check', 'web'], { cwd: dir })
  assert.is(again.status, 1)
  assert.match(again.stdout, /nothing to convert/)
})

test('Helm chart: an unreadable template that names TrafficSplit is exit 2 with its location; others are skipped (listed with --verbose)', () => {
  const dir = chartCopy()
  writeFileSync(
    join(dir, 'web/templates/broken-split.yaml'),
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nspec:\n  backends: [\n    {{ .Values.x }}\n',
  )
  writeFileSync(join(dir, 'web/templates/broken-other.yaml'), 'apiVersion: v1\nkind: ConfigMap\ndata: [\n  {{ .Values.x }\n')
  const r = cli(['--check', 'web'], { cwd: dir })
  assert.is(r.status, 2)
  assert.match(
    r.stdout,
    /web\/templates\/broken-split\.yaml:\d+:\d+: error: invalid YAML \(after masking its template actions\) in a document that mentions TrafficSplit/,
  )
  assert.not.match(r.stdout, /broken-other/)
  const v = cli(['--check', '--verbose', 'web/templates/broken-other.yaml'], { cwd: dir })
  assert.is(v.status, 0)
  assert.match(v.stdout, /web\/templates\/broken-other\.yaml: skipped: no TrafficSplit text/)
  // --write with the error: nothing in the file is written.
  const w = cli(['--write', 'web/templates/broken-split.yaml'], { cwd: dir })
  assert.is(w.status, 2)
  assert.match(readFileSync(join(dir, 'web/templates/broken-split.yaml'), 'utf8'), /v1alpha1/)
})

test.run()
