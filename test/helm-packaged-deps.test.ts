/**
 * A dependency Helm renders with the chart but that is not under its `charts/`: a `file://`
 * repository naming a chart directory or a packaged chart (`file://../lib-0.1.0.tgz`, an archive
 * beside the chart) whose helper, included with the chart's context, reads the value. The values
 * proof reads its templates (an archive's from the archive): a reader there stops it, exit 1,
 * nothing written; one that reads nothing of the value lets the chart convert. Judged by the Go
 * renderer (test/helpers/render.go) before and after.
 */
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { tgz } from './helpers/chart-templates.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'
const USES = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  weight: {{ include "lib.weight" . | quote }}\n'
const LIB = (reads: boolean) => ({
  'Chart.yaml': 'apiVersion: v2\nname: lib\nversion: 0.1.0\ntype: library\n',
  'templates/_helpers.tpl': `{{- define "lib.weight" }}${reads ? '{{ .Values.canary.weight }}' : 'fixed'}{{ end }}\n`,
})
const webChart = (repository: string) =>
  `apiVersion: v2\nname: web\nversion: 0.1.0\ndependencies:\n- name: lib\n  version: 0.1.0\n  repository: ${repository}\n`

function repoWith(form: 'archive' | 'directory', reads: boolean): string {
  const lib = LIB(reads)
  const files: Record<string, string | Buffer> = {
    'web/Chart.yaml': webChart(form === 'archive' ? 'file://../lib-0.1.0.tgz' : 'file://../lib'),
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 500m\n',
    'web/templates/split.yaml': SPLIT,
    'web/templates/cm.yaml': USES,
  }
  if (form === 'archive') files['lib-0.1.0.tgz'] = tgz('lib', lib)
  else for (const [f, t] of Object.entries(lib)) files[`lib/${f}`] = t
  return tempRepo('smi-packaged-deps-', files)
}

/** The ConfigMap's weight as the renderer gives it (a directory dependency; Helm vendors no archive by file://). */
function renderedHelper(repo: string): unknown {
  const [r] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.ok(r && 'objects' in r, JSON.stringify(r))
  return (r.objects.find((o) => o.object.kind === 'ConfigMap')!.object as { data: { weight: unknown } }).data.weight
}

for (const form of ['archive', 'directory'] as const) {
  testWith('go')(`a file:// ${form} whose helper reads the value: the proof stops there, nothing written`, () => {
    const repo = repoWith(form, true)
    // The judge: the helper renders the value, so rewriting it would change the ConfigMap.
    if (form === 'directory') assert.is(renderedHelper(repo), '500m')
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    const where =
      form === 'archive'
        ? 'lib-0\\.1\\.0\\.tgz:1:1 \\(lib/templates/_helpers\\.tpl:1:\\d+ in the archive'
        : 'lib/templates/_helpers\\.tpl:1:\\d+'
    assert.match(r.stdout, new RegExp(`split\\.yaml:11:13: warning: .*is read elsewhere too: ${where}`))
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })
  testWith('go')(
    `a file:// ${form} whose helper reads nothing of the value: converted${form === 'directory' ? ', the render keeps its ratios' : ''}`,
    () => {
      const repo = repoWith(form, false)
      const before = form === 'directory' ? renderBatch([{ chart: join(repo, 'web'), values: [] }])[0] : undefined
      const r = cli(['--write', 'web'], { cwd: repo })
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(readFileSync(join(repo, 'web/values.yaml'), 'utf8'), /weight: 500\n/)
      if (before) assert.is(sameRender(before, renderBatch([{ chart: join(repo, 'web'), values: [] }])[0]!), undefined)
      rmSync(repo, { recursive: true, force: true })
    },
  )
}

testWith('go')('a file:// path that is no gzipped tar: the proof stops at it', () => {
  const repo = repoWith('archive', false)
  writeFileSync(join(repo, 'lib-0.1.0.tgz'), 'not an archive\n')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qam', 'broken')
  const r = cli(['--write', 'web'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /lib-0\.1\.0\.tgz:1:1: a file:\/\/ dependency of web whose templates cannot all be read/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

testWith('go')('v1alpha2 gate: a file:// directory whose helper changes the value while the chart renders: exit 1 naming it', () => {
  const repo = tempRepo('smi-packaged-deps-gate-', {
    'web/Chart.yaml': webChart('file://../lib'),
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 1\n',
    'web/templates/a-tune.yaml': '{{- include "lib.tune" . }}\n',
    'web/templates/split.yaml': SPLIT.replace('v1alpha1', 'v1alpha2'),
    'lib/Chart.yaml': 'apiVersion: v2\nname: lib\nversion: 0.1.0\ntype: library\n',
    'lib/templates/_helpers.tpl': '{{- define "lib.tune" }}{{- $c := .Values.canary }}{{- $_ := set $c "weight" "1.5" }}{{- end }}\n',
  })
  const [r] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.ok(r && 'objects' in r, JSON.stringify(r))
  const split = r.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
  // The judge: the helper makes the split render 1.5.
  assert.equal(
    split.spec.backends.map((b) => b.weight),
    [3, 1.5],
  )
  const check = cli(['--check', 'web'], { cwd: repo })
  assert.is(check.status, 1, check.stdout + check.stderr)
  assert.match(check.stdout, /lib\/templates\/_helpers\.tpl:1:\d+ \(set \$c, which changes \.Values while the chart renders\)/)
  rmSync(repo, { recursive: true, force: true })
})

test('a file:// archive beside the chart whose template holds a TrafficSplit: said at the archive, exit 1', () => {
  const repo = tempRepo('smi-packaged-deps-split-', {
    'web/Chart.yaml': webChart('file://../lib-0.1.0.tgz'),
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 1\n',
    'web/templates/split.yaml': SPLIT.replace('v1alpha1', 'v1alpha2'),
    'lib-0.1.0.tgz': tgz('lib', {
      'Chart.yaml': 'apiVersion: v2\nname: lib\nversion: 0.1.0\n',
      'templates/split.json': '{"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "lib"}}\n',
    }),
  })
  const r = cli(['--check', 'web'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /lib-0\.1\.0\.tgz:1:1: warning: a packaged chart whose template lib\/templates\/split\.json holds an SMI TrafficSplit/,
  )
  rmSync(repo, { recursive: true, force: true })
})

test.run()
