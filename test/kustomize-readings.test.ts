/**
 * Kustomizations `kubectl kustomize` reads otherwise than a plain reading of their keys, and
 * selectors whose choice is not known here, held to the real kubectl through the built CLI:
 *
 * - a field in another spelling (kubectl matches names without regard to case, Unicode folding
 *   too), a merge key, an anchor: kubectl applies the patch (the oracle shows it), the run holds
 *   the tree back (exit 1, a warning at the key or anchor, nothing written);
 * - a JSON 6902 weight inside an anchored node of a patch, read again by an alias, and an
 *   operation with a key written twice: held back;
 * - a patch whose `annotationSelector` selects nothing kubectl renders, and whose weight the
 *   shared factor would take past the bound: a pending warning, never an error; one whose
 *   `namespace` selects nothing (a split without one is in `default`): converted;
 * - a target's `namespace` that excludes a split written in another namespace: the tree converts.
 *
 * Without kubectl these tests are reported as skipped.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { type Files, renderSplits, snapshotTree, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const split = (name: string, version: string, weights: string[], meta = '') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${meta}spec:\n  service: ${name}\n  backends:\n` +
  weights.map((w, i) => `  - service: ${name}-${i}\n    weight: ${w}\n`).join('')

const BASE: Files = {
  'base/kustomization.yaml': 'resources:\n- split.yaml\n',
  'base/split.yaml': split('web', 'v1alpha1', ['900m', '100m']),
}

const OPS = '    - op: replace\n      path: /spec/backends/1/weight\n      value: 500m\n'

/** The tree's files, without the repository's own. */
const files = (dir: string) => new Map([...snapshotTree(dir)].filter(([f]) => !f.startsWith('.git')))

/** kubectl renders the overlay's patch; the run exits 1 with `finding` and writes nothing. */
function assertHeld(tree: Files, finding: RegExp, label: string, name = '/web'): void {
  // A repository: a run on the base file alone finds the overlay through it.
  const dir = tempRepo('smi-kread-', { ...BASE, ...tree })
  assert.equal(renderSplits(join(dir, 'ov')).get(name)?.raw, ['900m', '500m'], `${label}: kubectl reads the patch`)
  const was = files(dir)
  for (const args of [['.'], ['base/split.yaml']]) {
    const r = cli(['--write', ...args], { cwd: dir })
    assert.is(r.status, 1, `${label} ${args}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, finding, `${label} ${args}`)
    assert.not.match(r.stderr, /internal error/, label)
  }
  assert.equal(files(dir), was, `${label}: nothing written`)
}

kubectlTest('a field spelled otherwise, a merge key or an anchor in a kustomization: held back where kubectl reads it', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'Patches:',
      `resources:\n- ../base\nPatches:\n- target:\n    kind: TrafficSplit\n    version: v1alpha1\n  patch: |-\n${OPS}`,
      /^ov\/kustomization\.yaml:3:1: warning: kustomization cannot be read here \(key "Patches" is not a field/m,
    ],
    [
      'Version: in a target',
      `resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n    Version: v1alpha1\n  patch: |-\n${OPS}`,
      /^ov\/kustomization\.yaml:6:5: warning: kustomization cannot be read here \(key "Version" is not a field of a patch target/m,
    ],
    [
      'reſources (Unicode folding)',
      `reſources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n  patch: |-\n${OPS}`,
      /^ov\/kustomization\.yaml:1:1: warning: kustomization cannot be read here \(key "reſources"/m,
    ],
    [
      'a top-level merge key',
      `resources:\n- ../base\n<<:\n  patches:\n  - target:\n      kind: TrafficSplit\n    patch: |-\n  ${OPS.replace(/\n(?=.)/g, '\n  ')}`,
      /^ov\/kustomization\.yaml:3:1: warning: kustomization cannot be read here \(merge key <</m,
    ],
    [
      'a merge key in a target',
      `resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n    <<: {version: v1alpha1}\n  patch: |-\n${OPS}`,
      /^ov\/kustomization\.yaml:6:5: warning: kustomization cannot be read here \(merge key <</m,
    ],
    [
      'an anchored target version read by another target',
      `resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n    version: &v v1alpha1\n  patch: |-\n${OPS}` +
        '- target:\n    kind: Widget\n    version: *v\n  patch: |-\n    - op: replace\n      path: /spec/size\n      value: 3\n',
      /^ov\/kustomization\.yaml:6:14: warning: kustomization cannot be read here \(anchor &v/m,
    ],
  ]
  for (const [label, kz, finding] of cases) assertHeld({ 'ov/kustomization.yaml': kz }, finding, label)
  // kubectl keeps the key that sorts last: `nameprefix` beside `namePrefix` names b-web.
  assertHeld(
    {
      'ov/kustomization.yaml': `resources:\n- ../base\nnamePrefix: a-\nnameprefix: b-\npatches:\n- target:\n    kind: TrafficSplit\n  patch: |-\n${OPS}`,
    },
    /^ov\/kustomization\.yaml:4:1: warning: kustomization cannot be read here \(key "nameprefix"/m,
    'nameprefix beside namePrefix',
    '/b-web',
  )
})

kubectlTest('a JSON 6902 weight in an anchored node read again by an alias: held back, inline or in a file', () => {
  const ops =
    '- op: replace\n  path: /spec/backends/1/weight\n  value: &w 500m\n- op: add\n  path: /metadata/annotations\n  value: {canary: *w}\n'
  const indented = ops.replace(/^/gm, '    ')
  assertHeld(
    { 'ov/kustomization.yaml': `resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n  patch: |-\n${indented}` },
    /^ov\/kustomization\.yaml:9:17: warning: JSON 6902 replace \/spec\/backends\/1\/weight: weight 500m lies in anchored node &w/m,
    'inline',
  )
  assertHeld(
    {
      'ov/kustomization.yaml': 'resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n  path: ops.yaml\n',
      'ov/ops.yaml': ops,
    },
    /^ov\/ops\.yaml:3:13: warning: JSON 6902 replace \/spec\/backends\/1\/weight: weight 500m lies in anchored node &w/m,
    'a file',
  )
})

kubectlTest('a key written twice in a JSON 6902 operation: held back at the key, inline or in a file', () => {
  const ops = '- op: replace\n  path: /spec/backends/0/weight\n  path: /spec/backends/1/weight\n  value: 500m\n'
  assertHeld(
    {
      'ov/kustomization.yaml': `resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n  patch: |-\n${ops.replace(/^/gm, '    ')}`,
    },
    /^ov\/kustomization\.yaml:9:7: warning: JSON 6902 operation writes "path" twice/m,
    'inline',
  )
  assertHeld(
    {
      'ov/kustomization.yaml': 'resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n  path: ops.yaml\n',
      'ov/ops.yaml': ops,
    },
    /^ov\/ops\.yaml:3:3: warning: JSON 6902 operation writes "path" twice/m,
    'a file',
  )
})

kubectlTest('a dormant annotationSelector over a weight the factor would overflow: never an error; a dormant namespace: converted', () => {
  for (const select of ['annotationSelector: x=y', 'namespace: other']) {
    const dir = writeTree({
      ...BASE,
      'ov/kustomization.yaml': `resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n    ${select}\n  patch: |-\n    - op: replace\n      path: /spec/backends/0/weight\n      value: 500000\n`,
    })
    assert.equal(renderSplits(join(dir, 'ov')).get('/web')?.raw, ['900m', '100m'], `${select}: dormant in kubectl`)
    const was = snapshotTree(dir)
    const r = cli(['--write', '.'], { cwd: dir })
    assert.not.match(r.stdout, /error:/, select)
    // A split without a namespace is in `default` to a target: one of another namespace selects it not.
    if (select.startsWith('namespace')) {
      assert.is(r.status, 0, `${select}: ${r.stdout}${r.stderr}`)
      assert.equal(renderSplits(join(dir, 'ov')).get('/web')?.raw, ['900', '100'], select)
      continue
    }
    assert.is(r.status, 1, `${select}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, /^ov\/kustomization\.yaml:10:14: warning: .*selector selects that object \(not known here\)/m, select)
    assert.equal(snapshotTree(dir), was, `${select}: nothing written`)
  }
})

kubectlTest("a target's namespace leaves a split of another namespace out: converted, ratios kept", () => {
  const dir = writeTree({
    'base/kustomization.yaml': 'resources:\n- s.yaml\n',
    'base/s.yaml':
      split('web', 'v1alpha1', ['900m', '100m'], '  namespace: a\n') + '---\n' + split('api', 'v1alpha2', ['90', '10'], '  namespace: b\n'),
    'ov/kustomization.yaml':
      'resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n    namespace: b\n  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 30\n',
  })
  const before = renderSplits(join(dir, 'ov'))
  assert.equal(before.get('b/api')?.raw, ['90', '30'])
  assert.equal(before.get('a/web')?.raw, ['900m', '100m'])
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const after = renderSplits(join(dir, 'ov'))
  assert.equal(after.get('b/api')?.raw, ['90', '30'], 'the v1alpha2 split and its patch keep their integers')
  assert.equal(after.get('a/web')?.raw, ['900', '100'])
  assert.match(after.get('a/web')!.apiVersion, /v1alpha2$/)
})

kubectlTest('a moved target version whose labelSelector excludes the splits already at v1alpha2: converted', () => {
  const dir = writeTree({
    'base/kustomization.yaml': 'resources:\n- s.yaml\n',
    'base/s.yaml':
      split('web', 'v1alpha1', ['900m', '100m'], '  labels: {app: web}\n') +
      '---\n' +
      split('api', 'v1alpha2', ['90', '10'], '  labels: {app: api}\n'),
    'ov/kustomization.yaml':
      'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, version: v1alpha1, labelSelector: app=web}\n' +
      '  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 300m\n',
  })
  assert.equal(renderSplits(join(dir, 'ov')).get('/web')?.raw, ['900m', '300m'])
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const after = renderSplits(join(dir, 'ov'))
  assert.equal(after.get('/web')?.raw, ['900', '300'], 'the moved target still selects web')
  assert.equal(after.get('/api')?.raw, ['90', '10'], 'and still not api')
})

test.run()
