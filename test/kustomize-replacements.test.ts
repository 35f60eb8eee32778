/**
 * `replacements` read and select objects as well as write them: a selector that names a
 * TrafficSplit version, or a source that reads a weight, renders something else once the run
 * moves the splits. The real `kubectl kustomize` shows it on a copy moved by hand; the run holds
 * such a tree back, and so a `vars` objref that names the split by its apiVersion. A `TrafficSplitList` of the SMI group in a tree is a wrapper: its items are
 * converted with the tree. Without kubectl these tests are reported as skipped.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { sameRatios } from './helpers/kustomize.js'
import { type Files, renderSplits, snapshotTree, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const WEB =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: PLACEHOLDER\n' +
  '  backends:\n  - service: a\n    weight: 900m\n  - service: b\n    weight: 100m\n'
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  service: checkout\n  weight: "0"\n'

/** A base (web split and a ConfigMap) and an overlay with `replacements`. */
const tree = (replacements: string): Files => ({
  'base/kustomization.yaml': 'resources:\n- ts.yaml\n- cm.yaml\n',
  'base/ts.yaml': WEB,
  'base/cm.yaml': CM,
  'ov/kustomization.yaml': `resources:\n- ../base\nreplacements:\n${replacements}`,
})

/** What `kubectl kustomize` renders (or why it fails). */
function render(dir: string): string {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  return r.status === 0 ? r.stdout : `failed: ${r.stderr}`
}

kubectlTest('replacements that select by version or read a weight render otherwise once moved: held back', () => {
  const toService = '  targets:\n  - fieldPaths: [spec.service]\n'
  const cases: Array<[string, string, RegExp]> = [
    [
      'select by version',
      `- source: {kind: ConfigMap, name: app, fieldPath: data.service}\n${toService}    select: {group: split.smi-spec.io, version: v1alpha1, kind: TrafficSplit}\n`,
      /ov\/kustomization\.yaml:4:3: warning: replacements entry cannot be followed here: a target selects TrafficSplits by version v1alpha1/,
    ],
    [
      'reject by version',
      `- source: {kind: ConfigMap, name: app, fieldPath: data.service}\n${toService}    select: {kind: TrafficSplit}\n    reject: [{version: v1alpha2}]\n`,
      /a target rejects by version v1alpha2/,
    ],
    [
      'a source named by version',
      '- source: {group: split.smi-spec.io, version: v1alpha1, kind: TrafficSplit, name: web, fieldPath: spec.backends.0.service}\n' +
        '  targets:\n  - select: {kind: ConfigMap, name: app}\n    fieldPaths: [data.service]\n',
      /its source selects TrafficSplits by version v1alpha1/,
    ],
    [
      'a source that reads a weight',
      '- source: {kind: TrafficSplit, name: web, fieldPath: spec.backends.1.weight}\n' +
        '  targets:\n  - select: {kind: ConfigMap, name: app}\n    fieldPaths: [data.weight]\n',
      /its source may read a TrafficSplit weight/,
    ],
  ]
  for (const [label, replacements, why] of cases) {
    const dir = writeTree(tree(replacements))
    const before = render(join(dir, 'ov'))
    assert.not.match(before, /^failed/, `${label}: kustomize builds it`)
    // The oracle: the same tree with the split moved by hand renders something else.
    const moved = writeTree(tree(replacements))
    const ts = join(moved, 'base/ts.yaml')
    writeFileSync(ts, readFileSync(ts, 'utf8').replace('v1alpha1', 'v1alpha2').replace('900m', '900').replace('100m', '100'))
    const after = render(join(moved, 'ov'))
    const rest = (s: string) => s.replace(/apiVersion: split\.smi-spec\.io\/v1alpha\d|weight: \d+m?\n/g, '')
    assert.is.not(rest(after), rest(before), `${label}: the move changes more than the split's version and weights`)
    const was = snapshotTree(dir)
    for (const mode of ['--check', '--write']) {
      const r = cli([mode, '.'], { cwd: dir })
      assert.is(r.status, 1, `${label} ${mode}: ${r.stdout}${r.stderr}`)
      assert.match(r.stdout, why, label)
    }
    assert.equal(snapshotTree(dir), was, `${label}: nothing written`)
  }
})

kubectlTest('a replacement that selects TrafficSplits by kind alone, writing another field: converted', () => {
  const dir = writeTree(
    tree(
      '- source: {kind: ConfigMap, name: app, fieldPath: data.service}\n  targets:\n  - select: {kind: TrafficSplit}\n    fieldPaths: [spec.service]\n',
    ),
  )
  const before = renderSplits(join(dir, 'ov')).get('/web')!
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, `${r.stdout}${r.stderr}`)
  const after = renderSplits(join(dir, 'ov')).get('/web')!
  assert.ok(after.apiVersion.endsWith('v1alpha2') && sameRatios(before.weights, after.weights), `${before.raw} -> ${after.raw}`)
  assert.match(render(join(dir, 'ov')), /service: checkout/)
})

kubectlTest('a TrafficSplitList of the SMI group in a tree: its items converted with the overlay patch, no internal error', () => {
  const item = WEB.replace('PLACEHOLDER', 'web').replace('900m', '"1"').replace('100m', '"2"')
  const dir = writeTree({
    'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
    'base/ts.yaml': `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems:\n${item.replace(/^/gm, '  ').replace(/^ {2}a/, '- a')}`,
    'ov/kustomization.yaml':
      'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n' +
      '    - op: replace\n      path: /spec/backends/1/weight\n      value: 500m\n',
  })
  const before = renderSplits(join(dir, 'ov')).get('/web')!
  assert.equal(before.raw, ['1', '500m'], 'kustomize expands the list and patches its item')
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, `${r.stdout}${r.stderr}`)
  const after = renderSplits(join(dir, 'ov')).get('/web')!
  assert.ok(after.apiVersion.endsWith('v1alpha2') && sameRatios(before.weights, after.weights), `${before.raw} -> ${after.raw}`)
  assert.is(cli(['--check', '.'], { cwd: dir }).status, 0, 'second run')
})

kubectlTest('a vars objref that names a TrafficSplit by apiVersion: the build fails once moved, so held back', () => {
  const dep =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: reporter\nspec:\n  selector: {matchLabels: {app: r}}\n' +
    '  template:\n    metadata: {labels: {app: r}}\n    spec:\n      containers:\n      - name: r\n        image: busybox\n' +
    '        env:\n        - name: CANARY\n          value: $(CANARY)\n'
  const vars = (objref: string, fieldpath: string): Files => ({
    'base/kustomization.yaml': 'resources:\n- ts.yaml\n- cm.yaml\n- dep.yaml\n',
    'base/ts.yaml': WEB,
    'base/cm.yaml': CM,
    'base/dep.yaml': dep,
    'ov/kustomization.yaml': `resources:\n- ../base\nvars:\n- name: CANARY\n  objref: ${objref}\n  fieldref: {fieldpath: ${fieldpath}}\n`,
  })
  const tsRef = '{kind: TrafficSplit, name: web, apiVersion: split.smi-spec.io/v1alpha1}'
  const dir = writeTree(vars(tsRef, 'spec.service'))
  assert.match(render(join(dir, 'ov')), /value: PLACEHOLDER/, 'kustomize resolves the var')
  const moved = writeTree(vars(tsRef, 'spec.service'))
  const ts = join(moved, 'base/ts.yaml')
  writeFileSync(ts, readFileSync(ts, 'utf8').replace('v1alpha1', 'v1alpha2').replace('900m', '900').replace('100m', '100'))
  assert.match(render(join(moved, 'ov')), /^failed: .*cannot be mapped/s, 'the moved split is no longer found')
  const was = snapshotTree(dir)
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 1, `${r.stdout}${r.stderr}`)
  assert.match(
    r.stdout,
    /ov\/kustomization\.yaml:4:3: warning: vars entry cannot be followed here: its objref names TrafficSplits by apiVersion/,
  )
  assert.equal(snapshotTree(dir), was, 'nothing written')
  // A var read from a ConfigMap leaves the splits alone: converted.
  const other = writeTree(vars('{kind: ConfigMap, name: app, apiVersion: v1}', 'data.service'))
  assert.is(cli(['--write', '.'], { cwd: other }).status, 0, 'a ConfigMap var')
  assert.match(render(join(other, 'ov')), /value: checkout/)
})

test.run()
