/**
 * The values proof (docs/helm.md#values-driven-weights) and an alias used as a mapping key in a
 * values file a chart may be given with -f (`*k : {weight: 100m}`, `? *k`, an aliased leaf key,
 * in `values-*.yaml` or `ci/`): YAML lets an alias name a key, so the file may set the value. The
 * Go renderer (test/helpers/render.go) confirms each file sets it; the run stops at the key
 * (path:line:col), exit 1, nothing written. An alias of an anchor on a plain key off the path
 * (`k: &k replicas`, `*k : 3`) is that key: the chart converts, with the same render.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { splitTemplate } from './helpers/chart-templates.js'

const CASES: Array<[string, string, string, string]> = [
  ['an alias as the block key', 'web/values-prod.yaml', 'k: &k canary\n*k : {weight: 100m}\n', '2:1'],
  ['an alias as an explicit key', 'web/values-prod.yaml', 'k: &k canary\n? *k\n: {weight: 100m}\n', '2:3'],
  ['an alias as the leaf key', 'web/values-prod.yaml', 'w: &w weight\ncanary:\n  *w : 100m\n', '3:3'],
  ['both keys aliased, in ci/', 'web/ci/prod-values.yaml', 'a: &a canary\nb: &b weight\n*a :\n  *b : 100m\n', '3:1'],
]

for (const [name, file, text, at] of CASES) {
  testWith('go')(`an alias used as a values key may set the value: ${name}`, () => {
    const repo = tempRepo('smi-proof-alias-keys-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\n',
      'web/templates/split.yaml': splitTemplate(),
      [file]: text,
    })
    // The judge: the file sets the weight.
    const [r] = renderBatch([{ chart: join(repo, 'web'), values: [join(repo, file)] }])
    assert.ok(r && 'objects' in r, JSON.stringify(r))
    const split = r.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
    assert.equal(
      split.spec.backends.map((b) => b.weight),
      [1, '100m'],
    )
    const run = cli(['--write', 'web'], { cwd: repo })
    assert.is(run.status, 1, run.stdout + run.stderr)
    assert.match(run.stdout, new RegExp(`${file.replace(/\./g, '\\.')}:${at} \\(?.*an alias \\(\\*\\w\\) used as a key may set`))
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })
}

testWith('go')('an alias key that resolves to an unrelated plain key converts, with the same render', () => {
  const repo = tempRepo('smi-proof-alias-keys-ok-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\n',
    'web/templates/split.yaml': splitTemplate(),
    'web/values-prod.yaml': 'k: &k replicas\n*k : 3\n',
  })
  const requests = [{ chart: join(repo, 'web'), values: [join(repo, 'web/values-prod.yaml')] }]
  const [before] = renderBatch(requests)
  const run = cli(['--write', 'web'], { cwd: repo })
  assert.is(run.status, 0, run.stdout + run.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /web\/values\.yaml/)
  const [after] = renderBatch(requests)
  assert.is(sameRender(before!, after!), undefined)
  rmSync(repo, { recursive: true, force: true })
})

test.run()
