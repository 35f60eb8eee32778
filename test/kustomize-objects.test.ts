/**
 * What a kustomize tree renders, object by object, decides how the run may convert it, with the
 * real `kubectl kustomize` as the oracle: a kind spelled by escapes is the kind kustomize reads;
 * an object renamed by `replacements` may be selected by its new name; a JSON 6902 `test` must
 * still pass on what the run writes; and two copies of a base's object that an aggregating
 * kustomization renders (one per overlay, in their own namespaces) are summed apart. Without
 * kubectl these tests are reported as skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { sameRatios } from './helpers/kustomize.js'
import { type Files, linkerdSum, renderSplits, snapshotTree, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const split = (version: string, name: string, weights: string[], meta = '', kind = 'TrafficSplit') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: ${kind}\nmetadata:\n  name: ${name}\n${meta}spec:\n  service: ${name}\n  backends:\n` +
  weights.map((w, i) => `  - service: ${name}-${i}\n    weight: ${w}\n`).join('')

const ESCAPED = '"Tr\\x61fficSplit"'

/** Runs `--write` and checks that every object `overlays` render keeps its ratios, and that a second run finds nothing. */
function convertsKeepingRatios(dir: string, overlays: string[], label: string, to: string[] = []): void {
  const before = overlays.map((o) => renderSplits(join(dir, o)))
  const r = cli(['--write', ...to, '.'], { cwd: dir })
  assert.is(r.status, 0, `${label}: ${r.stdout}${r.stderr}`)
  for (const [i, o] of overlays.entries()) {
    const after = renderSplits(join(dir, o))
    assert.equal([...after.keys()], [...before[i]!.keys()], `${label} ${o}: the same objects`)
    for (const [id, was] of before[i]!) {
      const now = after.get(id)!
      assert.not.ok(now.apiVersion.endsWith('v1alpha1'), `${label} ${o} ${id}: converted`)
      assert.ok(sameRatios(was.weights, now.weights), `${label} ${o} ${id}: ${was.raw} -> ${now.raw}`)
    }
  }
  const again = cli(['--check', ...to, '.'], { cwd: dir })
  assert.is(again.status, 0, `${label} second run: ${again.stdout}${again.stderr}`)
}

/** Runs `--check` and `--write`: both exit 1 with a warning matching `why`, and nothing is written. */
function heldBack(dir: string, why: RegExp, label: string): void {
  const was = snapshotTree(dir)
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, '.'], { cwd: dir })
    assert.is(r.status, 1, `${label} ${mode}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, why, label)
  }
  assert.equal(snapshotTree(dir), was, `${label}: nothing written`)
}

kubectlTest('a kind spelled by escapes is a TrafficSplit: a shared patch over an escaped v1alpha2 split is held back', () => {
  const label = (s: string) => s.replace('metadata:\n', 'metadata:\n  labels: {canary: "true"}\n')
  const dir = writeTree({
    'base/kustomization.yaml': 'resources:\n- web.yaml\n- api.yaml\n',
    'base/web.yaml': label(split('v1alpha1', 'web', ['900m', '100m'])),
    'base/api.yaml': label(split('v1alpha2', 'api', ['9', '1'], '', ESCAPED)),
    'ov/kustomization.yaml':
      'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, labelSelector: canary=true}\n  patch: |-\n' +
      '    - op: replace\n      path: /spec/backends/1/weight\n      value: 1\n',
  })
  assert.equal(renderSplits(join(dir, 'ov')).get('/api')!.raw, ['9', '1'], 'kustomize reads the escaped kind and applies the patch')
  heldBack(
    dir,
    /ov\/kustomization\.yaml:8:14: warning: this patch may write the weights of TrafficSplit api \(\.\.\/base\/api\.yaml:1\)/,
    'escaped api',
  )
})

kubectlTest('a kind spelled by escapes in a base, a patch file and an inline patch: converted with the tree', () => {
  const base = (weights: string[]) => ({
    'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
    'base/ts.yaml': split('v1alpha1', 'web', weights, '', ESCAPED),
  })
  const smp = split('v1alpha1', 'web', ['"1"', '250m'], '', ESCAPED).replace(/ {2}service: web\n/, '')
  const cases: Array<[string, Files]> = [
    [
      'an escaped base under a JSON 6902 patch',
      {
        ...base(['"1"', '"2"']),
        'ov/kustomization.yaml':
          'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 250m\n',
      },
    ],
    [
      'an escaped strategic-merge patch file',
      { ...base(['"1"', '"2"']), 'ov/p.yaml': smp, 'ov/kustomization.yaml': 'resources:\n- ../base\npatches:\n- path: p.yaml\n' },
    ],
    [
      'an escaped inline strategic-merge patch without a target',
      {
        ...base(['"1"', '"2"']),
        'ov/kustomization.yaml': `resources:\n- ../base\npatches:\n- patch: |-\n${smp.replace(/^/gm, '    ').trimEnd()}\n`,
      },
    ],
  ]
  for (const [label, files] of cases) convertsKeepingRatios(writeTree(files), ['ov'], label)
})

kubectlTest('a TrafficSplit renamed by replacements: a patch above for its new name shares its factor', () => {
  const replacement =
    '- source: {kind: ConfigMap, name: names, fieldPath: data.split}\n  targets:\n  - select: {name: web}\n    fieldPaths: [metadata.name]\n'
  const tree = (inlineReplacement: boolean): Files => ({
    'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
    'base/ts.yaml': split('v1alpha1', 'web', ['"1"', '500m']),
    'o1/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: names\ndata:\n  split: canary-web\n',
    'o1/kustomization.yaml': 'resources:\n- ../base\n- cm.yaml\nreplacements:\n' + (inlineReplacement ? replacement : '- path: r.yaml\n'),
    ...(inlineReplacement ? {} : { 'o1/r.yaml': replacement }),
    'o2/kustomization.yaml':
      'resources:\n- ../o1\npatches:\n- target: {kind: TrafficSplit, name: canary-web}\n  patch: |-\n' +
      '    - op: replace\n      path: /spec/backends/1/weight\n      value: "2"\n',
  })
  for (const inlineReplacement of [true, false]) {
    const dir = writeTree(tree(inlineReplacement))
    assert.equal(renderSplits(join(dir, 'o2')).get('/canary-web')!.raw, ['1', '2'], 'kustomize renames, then the patch applies')
    convertsKeepingRatios(dir, ['o1', 'o2'], inlineReplacement ? 'an inline replacement' : 'a replacement file')
  }
})

kubectlTest('a JSON 6902 test of /apiVersion is held back at the op; a test of a weight converts with the weights', () => {
  const base = {
    'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
    'base/ts.yaml': split('v1alpha1', 'web', ['900m', '100m']),
  }
  const ops = (test: string) => `- op: test\n  ${test}\n- op: replace\n  path: /spec/backends/1/weight\n  value: 200m\n`
  const version = ops('path: /apiVersion\n  value: split.smi-spec.io/v1alpha1')
  const entry = 'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n'
  const inline = (text: string) => `${entry}  patch: |-\n${text.replace(/^/gm, '    ').trimEnd()}\n`
  const held: Array<[string, Files, RegExp]> = [
    [
      'inline',
      { ...base, 'ov/kustomization.yaml': inline(version) },
      /ov\/kustomization\.yaml:7:13: warning: JSON 6902 test of \/apiVersion/,
    ],
    [
      'in a file',
      { ...base, 'ov/p.yaml': version, 'ov/kustomization.yaml': `${entry}  path: p.yaml\n` },
      /ov\/p\.yaml:2:9: warning: JSON 6902 test of \/apiVersion/,
    ],
  ]
  for (const [label, files, why] of held) {
    const dir = writeTree(files)
    assert.equal(renderSplits(join(dir, 'ov')).get('/web')!.raw, ['900m', '200m'], `${label}: the test passes before`)
    heldBack(dir, why, label)
  }
  const weight = ops('path: /spec/backends/1/weight\n  value: 100m')
  convertsKeepingRatios(writeTree({ ...base, 'ov/kustomization.yaml': inline(weight) }), ['ov'], 'a test of a weight')
})

// Two region overlays of one base under an aggregating kustomization: kustomize renders one copy
// of the base's object per path, each with its own overlay's patches only.

const addC = (weight: string, target = 'web') =>
  `patches:\n- target: {kind: TrafficSplit, name: ${target}}\n  patch: |-\n    - op: add\n      path: /spec/backends/-\n      value: {service: c, weight: "${weight}"}\n`
const regions = (form: 'inline' | 'component', affix: 'namespace' | 'namePrefix', top = ''): Files => {
  const files: Files = {
    'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
    'base/ts.yaml': split('v1alpha1', 'web', ['"200"', '"170.5"']),
    'top/kustomization.yaml': `resources:\n- ../us\n- ../eu\n${top}`,
  }
  if (form === 'component')
    files['comp/kustomization.yaml'] = `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n${addC('30')}`
  for (const r of ['us', 'eu']) {
    const own = affix === 'namespace' ? `namespace: ${r}\n` : `namePrefix: ${r}-\n`
    files[`${r}/kustomization.yaml`] = `${own}resources:\n- ../base\n${form === 'component' ? 'components:\n- ../comp\n' : addC('30')}`
  }
  return files
}

kubectlTest('two region overlays of one base, taken in by one kustomization: each copy summed with its own patches', () => {
  for (const form of ['inline', 'component'] as const) {
    for (const affix of ['namespace', 'namePrefix'] as const) {
      const label = `${form} patches, ${affix}`
      const dir = writeTree(regions(form, affix))
      const copies = renderSplits(join(dir, 'top'))
      assert.is(copies.size, 2, `${label}: two copies`)
      for (const [id, c] of copies) assert.ok(linkerdSum(c) <= 429496n && linkerdSum(c) > 400000n, `${label} ${id}: ${c.raw}`)
      convertsKeepingRatios(dir, ['top', 'us', 'eu'], label)
    }
  }
})

kubectlTest('the aggregating kustomization adds a patch of its own to both copies: past 429496 in each, refused', () => {
  const dir = writeTree(regions('inline', 'namespace', addC('30')))
  for (const [id, c] of renderSplits(join(dir, 'top'))) assert.ok(linkerdSum(c) > 429496n, `${id}: ${c.raw}`)
  const was = snapshotTree(dir)
  const r = cli(['--check', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stdout + r.stderr)
  assert.match(r.stdout + r.stderr, /top\/kustomization\.yaml:9:35: error: .* add up past 429496,.* in what kustomization\.yaml renders/)
  assert.is(cli(['--write', '.'], { cwd: dir }).status, 2)
  assert.equal(snapshotTree(dir), was, 'nothing written')
})

test.run()
