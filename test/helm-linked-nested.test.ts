/**
 * Links inside a chart's linked templates/ (docs/helm.md#values-driven-weights): Helm's loader
 * follows every symlink of the chart directory, links inside a linked directory too (helm
 * internal/sympath/walk.go); so do a `**` glob (which the glob library stops after one link),
 * the search for a helper that spells the suppression annotation, and a link that leads back
 * up (each real directory once). A link leading out of the repository is read and never
 * written, as any file outside it. Judged through the built CLI by the Go renderer
 * (test/helpers/render.go), which follows the links as Helm does.
 */
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n  annotations:\n' +
  '    {{- include "web.annotations" . | nindent 4 }}\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: 3\n  - service: web-canary\n    weight: 250m\n'
const CHART = { 'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n', 'web/values.yaml': 'x: 1\n' }
const helper = (annotation: string) => `{{- define "web.annotations" -}}\n${annotation}\n{{- end -}}\n`

/** web/templates -> ../common/templates, and common/templates/deep -> `deep` (a second link, inside the first). */
function linked(files: Record<string, string>, deep: string): string {
  const repo = tempRepo('smi-nested-', {
    ...CHART,
    'common/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n',
    ...files,
  })
  symlinkSync('../common/templates', join(repo, 'web/templates'))
  symlinkSync(deep, join(repo, 'common/templates/deep'))
  symlinkSync('..', join(repo, 'common/templates/up')) // a loop back up: walked once
  git(repo, 'add', '-A')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'links')
  return repo
}

const splitWeights = (repo: string) => {
  const [r] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.ok(r && 'objects' in r, JSON.stringify(r))
  return r
}

testWith('go')("a split behind a link inside the linked templates/: a '**' glob reaches it, and --write converts it", () => {
  const repo = linked({ 'other/deep/split.yaml': SPLIT, 'common/templates/_helpers.tpl': helper('team: web') }, '../../other/deep')
  const before = splitWeights(repo)
  assert.ok(JSON.stringify(before).includes('"weight":"250m"'), 'Helm renders the split behind both links')
  for (const glob of ['web/**/*.yaml', './web/**/*.yaml']) {
    const r = cli(['--check', glob], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /web\/templates\/deep\/split\.yaml:1:1: would convert TrafficSplit web: v1alpha1 -> v1alpha2, weights 3, 250m -> 3000, 250/,
    )
  }
  const w = cli(['--write', 'web/**/*.yaml'], { cwd: repo })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const after = splitWeights(repo)
  assert.is(sameRender(before, after), undefined)
  const split = 'objects' in after ? after.objects.find((o) => o.object.kind === 'TrafficSplit')?.object : undefined
  assert.is(split?.apiVersion, 'split.smi-spec.io/v1alpha2')
  assert.equal(
    (split?.spec as { backends: Array<{ weight: unknown }> }).backends.map((b) => b.weight),
    [3000, 250],
  )
  rmSync(repo, { recursive: true, force: true })
})

testWith('go')('a helper behind a link inside the linked templates/ that spells the suppression: the split is left for a person', () => {
  const repo = linked(
    { 'common/templates/split.yaml': SPLIT, 'other/helpers/_helpers.tpl': helper('smi-migrate.io/ignore: "kept on purpose"') },
    '../../other/helpers',
  )
  const [r0] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  // The judge: Helm renders the annotation from the helper two links away.
  assert.match(JSON.stringify(r0), /"smi-migrate.io\/ignore":"kept on purpose"/)
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, /web\/templates\/deep\/_helpers\.tpl spells smi-migrate\.io\/ignore/)
  }
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

test("a link inside the linked templates/ that leads out of the repository: read, left with a warning, never written (a '**' glob too)", () => {
  const outside = mkdtempSync(join(tmpdir(), 'smi-nested-out-'))
  mkdirSync(join(outside, 'deep'))
  writeFileSync(join(outside, 'deep/split.yaml'), SPLIT.replace(/ {2}annotations:\n.*\n/, ''))
  const repo = linked({}, join(outside, 'deep'))
  for (const args of [
    ['--write', 'web'],
    ['--write', 'web/**/*.yaml'],
    ['--check', '**/*.yaml'],
  ]) {
    const r = cli(args, { cwd: repo })
    assert.is(r.status, 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, /web\/templates\/deep\/split\.yaml: warning: cannot process .*outside the paths being processed/)
  }
  assert.match(readFileSync(join(outside, 'deep/split.yaml'), 'utf8'), /v1alpha1[\s\S]*250m/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

test('a link loop inside a linked templates/ stops a values proof at the link: exit 1, nothing written', () => {
  // web/templates -> ../common/tpl, common/tpl/loop -> .. : Helm's walk of the chart fails ("too many
  // levels of symbolic links"), so no render of the chart exists to prove a value against.
  const repo = tempRepo('smi-nested-loop-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  weight: 250m\n',
    'common/tpl/split.yaml': SPLIT.replace('weight: 250m', 'weight: {{ .Values.canary.weight }}'),
    'common/tpl/_helpers.tpl': helper('team: web'),
  })
  symlinkSync('../common/tpl', join(repo, 'web/templates'))
  symlinkSync('..', join(repo, 'common/tpl/loop'))
  git(repo, 'add', '-A')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'loop')
  for (const mode of ['--check', '--diff', '--write']) {
    const r = cli([mode, 'web'], { cwd: repo })
    assert.is(r.status, 1, `${mode}: ${r.stdout}${r.stderr}`)
    assert.not.match(r.stderr, /internal error/)
    if (mode !== '--diff')
      assert.match(r.stdout, /web\/templates\/loop:1:1: a symlink to \.\., a directory above it: a loop Helm's loader cannot walk/)
  }
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

test.run()
