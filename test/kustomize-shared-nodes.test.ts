/**
 * Patch entries that share YAML nodes, as `kubectl kustomize` reads them (go-yaml resolves
 * merge keys and aliases): an entry that merges another by `<<` under its own target, and an
 * inline patch text reused by an alias, patch each target they name. The run holds such a tree
 * back at the shared node, with no internal error, and still converts the other files of the
 * run (foreign.ts: any anchor, alias or merge key holds a kustomization, warned at the first).
 * Without kubectl these tests are reported as skipped.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { type Files, renderSplits, snapshotTree, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const split = (name: string, weights: string[]) =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  service: ${name}\n  backends:\n` +
  weights.map((w, i) => `  - service: ${name}-${i}\n    weight: ${w}\n`).join('')

const OP = '    - op: replace\n      path: /spec/backends/1/weight\n      value: 200m\n'

const tree = (patches: string): Files => ({
  'base/kustomization.yaml': 'resources:\n- web.yaml\n- api.yaml\n',
  'base/web.yaml': split('web', ['900m', '100m']),
  'base/api.yaml': split('api', ['"1"', '"2"']),
  'ov/kustomization.yaml': `resources:\n- ../base\npatches:\n${patches}`,
  // A tree of its own beside it: converted whatever the other holds.
  'other/ts.yaml': split('solo', ['900m', '100m']),
})

kubectlTest('a patch entry merged by << or an inline patch reused by an alias: held back at the shared node', () => {
  const cases: Array<[string, string, RegExp]> = [
    [
      'a merge key',
      `- &p\n  target: {kind: TrafficSplit, name: web}\n  patch: |-\n${OP}- <<: *p\n  target: {kind: TrafficSplit, name: api}\n`,
      /ov\/kustomization\.yaml:4:3: warning: kustomization cannot be read here \(anchor &p: /,
    ],
    [
      'an aliased inline patch',
      `- target: {kind: TrafficSplit, name: web}\n  patch: &txt |-\n${OP}- target: {kind: TrafficSplit, name: api}\n  patch: *txt\n`,
      /ov\/kustomization\.yaml:5:10: warning: kustomization cannot be read here \(anchor &txt: /,
    ],
  ]
  for (const [label, patches, why] of cases) {
    const dir = writeTree(tree(patches))
    const rendered = renderSplits(join(dir, 'ov'))
    assert.equal(rendered.get('/api')!.raw, ['1', '200m'], `${label}: kustomize applies the shared patch to api`)
    assert.equal(rendered.get('/web')!.raw, ['900m', '200m'], `${label}: and to web`)
    const was = snapshotTree(dir)
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 1, `${label}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, why, label)
    assert.not.match(r.stderr, /internal error/, label)
    const now = snapshotTree(dir)
    for (const f of ['base/web.yaml', 'base/api.yaml', 'ov/kustomization.yaml']) assert.is(now.get(f), was.get(f), `${label}: ${f} kept`)
    assert.match(now.get('other/ts.yaml')!, /v1alpha2/, `${label}: the other tree converted`)
  }
})

test.run()
