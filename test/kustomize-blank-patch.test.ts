/**
 * A `patches` entry with `path:` and a `patch:` of only white space: kustomize trims the inline
 * patch as Go's strings.TrimSpace does (Unicode White_Space, U+0085 and U+00A0 included) and,
 * left empty, applies the file. Held to the real `kubectl kustomize` before and after `--write`
 * through the built CLI: the file's weight is converted with the split, every ratio kept.
 * Without kubectl these tests are reported as skipped.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { sameRatios } from './helpers/kustomize.js'
import { renderSplits, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const BASE = {
  'base/kustomization.yaml': 'resources:\n- split.yaml\n',
  'base/split.yaml':
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web}\nspec:\n  service: web\n' +
    '  backends: [{service: web-v1, weight: 900m}, {service: web-v2, weight: 100m}]\n',
  'ov/w.yaml': '- op: replace\n  path: /spec/backends/1/weight\n  value: 500m\n',
}

/** The overlay's entry: `patch:` spelled as given, beside `path: w.yaml`. */
const overlay = (patch: string, kind = 'kind: TrafficSplit') =>
  `resources:\n- ../base\npatches:\n- target: {${kind}, name: web}\n  path: w.yaml\n  patch: ${patch}\n`

const BLANKS = [
  '" "',
  '"\\n"',
  '"\\t \\r\\n"',
  "'  '",
  '"\\u00a0"',
  '"\\u0085"',
  '"\\u3000"',
  '"\\u2028"',
  '"\\v\\f"',
  '"\\_"',
  '!!str " "',
  '|+\n\n',
]

kubectlTest('a patch of only white space (Go TrimSpace) beside path: the file applies, converted with the split', () => {
  for (const blank of BLANKS) {
    for (const kind of ['kind: TrafficSplit', 'group: split.smi-spec.io, version: v1alpha1']) {
      const label = `patch: ${JSON.stringify(blank)} (${kind})`
      const dir = writeTree({ ...BASE, 'ov/kustomization.yaml': overlay(blank, kind) })
      const before = renderSplits(join(dir, 'ov')).get('/web')!
      assert.equal(before.raw, ['900m', '500m'], `${label}: kubectl applies the file`)
      const r = cli(['--write', '.'], { cwd: dir })
      assert.is(r.status, 0, `${label}: ${r.stdout}${r.stderr}`)
      const after = renderSplits(join(dir, 'ov')).get('/web')!
      assert.match(after.apiVersion, /v1alpha2$/, label)
      assert.ok(sameRatios(after.weights, before.weights), `${label}: ${before.raw} -> ${after.raw}`)
    }
  }
})

test.run()
