/**
 * A chart's `.helmignore` (docs/helm.md#values-driven-weights): Helm's directory loader leaves
 * out what it names (helm pkg/ignore/rules.go), so a chart whose .helmignore leaves out its own
 * values.yaml renders without those values, and the run must not convert a split from them.
 * The value is left for a person, naming the .helmignore; a .helmignore that leaves out other
 * files does not stop the conversion. Judged through the built CLI by the Go renderer
 * (test/helpers/render.go), which reads .helmignore as Helm does.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const TEMPLATE =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: {{ .Values.stable }}\n  - service: web-canary\n    weight: {{ .Values.weight }}\n'

function chart(ignore: string): string {
  return tempRepo('smi-helmignore-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'stable: 3\nweight: 250m\n',
    'web/.helmignore': ignore,
    'web/ci/notes.txt': 'x\n',
    'web/templates/split.yaml': TEMPLATE,
  })
}

const weights = (r: Render | undefined) =>
  r && 'objects' in r
    ? (r.objects.find((o) => o.object.kind === 'TrafficSplit')!.object.spec as { backends: Array<{ weight?: unknown }> }).backends.map(
        (b) => b.weight ?? null,
      )
    : r

for (const ignore of ['values.yaml\n', '# ours\n/values.y?ml\n', 'values.*\n']) {
  testWith('go')(
    `a .helmignore that leaves values.yaml out (${JSON.stringify(ignore)}): the values are not converted, nothing written`,
    () => {
      const repo = chart(ignore)
      const [before] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
      // The judge: Helm renders the split without the chart's values.
      assert.equal(weights(before), [null, null])
      for (const mode of ['--check', '--write']) {
        const r = cli([mode, 'web'], { cwd: repo })
        assert.is(r.status, 1, r.stdout + r.stderr)
        assert.match(r.stdout, /web\/\.helmignore:1:1: it leaves values\.yaml out of the chart Helm loads/)
      }
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
      rmSync(repo, { recursive: true, force: true })
    },
  )
}

testWith('go')('a v1alpha2 template whose values.yaml holds integers that .helmignore leaves out: not passed, nothing written', () => {
  const repo = tempRepo('smi-helmignore-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'stable: 3\nweight: 1\n',
    'web/.helmignore': 'values.yaml\n',
    'web/templates/split.yaml': TEMPLATE.replace('v1alpha1', 'v1alpha2'),
  })
  const [before] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.equal(weights(before), [null, null])
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, /integer weights, but web\/\.helmignore:1:1: it leaves values\.yaml out/)
  }
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

testWith('go')('a .helmignore that leaves other files out: the split converts with its values, and renders the same ratios', () => {
  const repo = chart('ci/\n*.txt\n')
  const [before] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.equal(weights(before), [3, '250m'])
  const r = cli(['--write', 'web'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const [after] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.equal(weights(after), [3000, 250])
  assert.is(sameRender(before!, after!), undefined)
  rmSync(repo, { recursive: true, force: true })
})

test.run()
