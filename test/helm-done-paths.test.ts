/**
 * Prove or leave on every path (docs/helm.md#values-driven-weights): a chart template already
 * at v1alpha2 whose weight comes from a value holding `250m` passes through no entry point:
 * a template read from stdin (with or without --stdin-filename) and `--to gateway` on the
 * chart are each left for a person with a warning at the weight, and nothing is written. The
 * Go renderer (test/helpers/render.go) judges that the chart renders a weight that is no integer.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const TEMPLATE =
  'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'

function chart(): string {
  return tempRepo('smi-done-paths-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\n',
    'web/templates/split.yaml': TEMPLATE,
  })
}

/** The judge: the chart renders the split with a weight that is no integer, which v1alpha2 refuses. */
function assertBroken(repo: string): void {
  const [r] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.ok(r && 'objects' in r, JSON.stringify(r))
  const split = r.objects.find((o) => o.object.kind === 'TrafficSplit')!
  const weights = (split.object.spec as { backends: Array<{ weight: unknown }> }).backends.map((b) => b.weight)
  assert.equal(weights, [3, '250m'])
}

const warnedAt = (name: string) =>
  new RegExp(
    `${name.replace(/[.<>]/g, '\\$&')}:11:13: warning: TrafficSplit web: backend 2 weight is templated \\(\\{\\{ \\.Values\\.canary\\.weight \\}\\}\\)`,
  )

testWith('go')('a v1alpha2 template from stdin whose value holds 250m: --check exits 1 with a warning at the weight', () => {
  const repo = chart()
  assertBroken(repo)
  const input = readFileSync(join(repo, 'web/templates/split.yaml'))
  const checked = cli(['--check', '-'], { cwd: repo, input })
  assert.is(checked.status, 1, checked.stdout + checked.stderr)
  assert.match(checked.stdout, warnedAt('<stdin>'))
  assert.match(checked.stdout, /not proved to render an integer/)
  const named = cli(['--check', '--stdin-filename', 'web/templates/split.yaml', '-'], { cwd: repo, input })
  assert.is(named.status, 1, named.stdout + named.stderr)
  assert.match(named.stdout, warnedAt('web/templates/split.yaml'))
  // Stream mode prints the template as it came, and says why on stderr.
  const streamed = cli(['-'], { cwd: repo, input })
  assert.is(streamed.stdout, TEMPLATE)
  assert.match(streamed.stderr, warnedAt('<stdin>'))
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

testWith('go')('--to gateway on a chart with such a template: exit 1, a warning at the weight, nothing written', () => {
  const repo = chart()
  assertBroken(repo)
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, '--to', 'gateway', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, warnedAt('web/templates/split.yaml'))
  }
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  assertBroken(repo)
  rmSync(repo, { recursive: true, force: true })
})

test.run()
