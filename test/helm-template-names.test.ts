/**
 * Helm renders every file under a chart's templates/ whatever its name, and drops only NOTES.txt
 * (helm/helm pkg/action/action.go at e9b85e4): a TrafficSplit in `split.txt`, `split` or an
 * editor's `split.yaml.bak` is a template of the chart, read and converted as any other (issue
 * 36: it must not pass `--check`). NOTES.txt, and a file outside any chart's templates/, are not
 * manifests. Judged through the built CLI.
 */
import * as assert from 'uvu/assert'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: 1\n  - service: web-canary\n    weight: 500m\n'
const CHART = { 'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n', 'web/values.yaml': 'x: 1\n' }

for (const name of ['split.txt', 'split', 'split.yaml.bak']) {
  test(`a TrafficSplit in templates/${name}: --check exits 1, --write converts it, a second run is a no-op`, () => {
    const repo = tempRepo('smi-template-names-', { ...CHART, [`web/templates/${name}`]: SPLIT })
    const file = join(repo, 'web/templates', name)
    const check = cli(['--check', 'web'], { cwd: repo })
    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(
      check.stdout,
      new RegExp(`web/templates/${name.replace(/\./g, '\\.')}:1:1: would convert TrafficSplit web: v1alpha1 -> v1alpha2`),
    )
    const write = cli(['--write', 'web'], { cwd: repo })
    assert.is(write.status, 0, write.stdout + write.stderr)
    assert.match(readFileSync(file, 'utf8'), /split\.smi-spec\.io\/v1alpha2[\s\S]*weight: 1000[\s\S]*weight: 500\n/)
    const again = cli(['--check', 'web'], { cwd: repo })
    assert.is(again.status, 0, again.stdout + again.stderr)
    rmSync(repo, { recursive: true, force: true })
  })
}

test('NOTES.txt and a templates/ outside any chart are not read', () => {
  const repo = tempRepo('smi-template-names-', {
    ...CHART,
    'web/templates/NOTES.txt': `An example:\n${SPLIT}`,
    'docs/templates/split.txt': SPLIT,
  })
  const r = cli(['--check', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.is(git(repo, 'status', '--porcelain'), '')
  rmSync(repo, { recursive: true, force: true })
})

test.run()
