/**
 * Directory symlinks around a chart, as Helm's loader follows them (docs/helm.md#values-driven-weights):
 * a `templates/` linked elsewhere in the repository is walked by `--check CHART`, so its split is
 * seen; one linked out of the repository is seen too, and stops the values proof (charts
 * elsewhere may render it); values files behind a directory linked out of the repository are
 * read as the repository's, as a file linked out of it is. Judged through the built CLI by the Go
 * renderer (test/helpers/render.go), which follows the links as Helm does.
 */
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const split = (version: string) =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n`
const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\n',
}

function commitLink(repo: string, target: string, link: string): void {
  symlinkSync(target, join(repo, link))
  git(repo, 'add', '-A')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'link')
}

function splitsOf(r: Render): Array<Record<string, unknown>> {
  return 'objects' in r ? r.objects.filter((o) => o.object.kind === 'TrafficSplit').map((o) => o.object) : []
}

for (const version of ['v1alpha1', 'v1alpha2']) {
  testWith('go')(`${version}: templates/ linked within the repository is walked by --check web, and converts`, () => {
    const repo = tempRepo('smi-links-', { ...CHART, 'common/templates/split.yaml': split(version) })
    commitLink(repo, '../common/templates', 'web/templates')
    const [before] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    // The judge: Helm renders the split through the link, its weights not all integers.
    assert.is(splitsOf(before!).length, 1, JSON.stringify(before))
    const r = cli(['--check', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, /web\/templates\/split\.yaml:\d+:\d+: /)
    // Its templates are read as templates, not as values files of the repository: the chart converts.
    const w = cli(['--write', 'web'], { cwd: repo })
    assert.is(w.status, 0, w.stdout + w.stderr)
    const [after] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    assert.is(sameRender(before!, after!), undefined)
    const weights = (splitsOf(after!)[0]!.spec as { backends: Array<{ weight: unknown }> }).backends.map((b) => b.weight)
    assert.ok(weights.every(Number.isInteger), JSON.stringify(weights))
    rmSync(repo, { recursive: true, force: true })
  })

  testWith('go')(`${version}: templates/ linked out of the repository is seen, and stops the values proof`, () => {
    const outside = mkdtempSync(join(tmpdir(), 'smi-links-out-'))
    mkdirSync(join(outside, 'templates'))
    writeFileSync(join(outside, 'templates/split.yaml'), split(version))
    const repo = tempRepo('smi-links-', CHART)
    commitLink(repo, join(outside, 'templates'), 'web/templates')
    const [before] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    assert.is(splitsOf(before!).length, 1, JSON.stringify(before))
    const check = cli(['--check', 'web'], { cwd: repo })
    assert.is(check.status, 1, check.stdout + check.stderr)
    const w = cli(['--write', 'web'], { cwd: repo })
    assert.is(w.status, 1, w.stdout + w.stderr)
    assert.match(
      w.stdout,
      /web\/templates\/split\.yaml:9:13: warning: .*web\/templates:1:1: a symlink to .*, a directory outside the repository/,
    )
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    assert.is(readFileSync(join(outside, 'templates/split.yaml'), 'utf8'), split(version))
    rmSync(repo, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
  })
}

testWith('go')('values files behind a directory linked out of the repository are setters', () => {
  const outside = mkdtempSync(join(tmpdir(), 'smi-links-out-'))
  writeFileSync(join(outside, 'prod.yaml'), 'canary:\n  weight: 500m\n')
  const repo = tempRepo('smi-links-', { ...CHART, 'web/templates/split.yaml': split('v1alpha1') })
  commitLink(repo, outside, 'env')
  const requests = [{ chart: join(repo, 'web'), values: [join(repo, 'env/prod.yaml')] }]
  const [before] = renderBatch(requests)
  // The judge: given with -f, the file sets the canary weight, which a rewrite of values.yaml does not reach.
  const weights = (splitsOf(before!)[0]!.spec as { backends: Array<{ weight: unknown }> }).backends.map((b) => b.weight)
  assert.equal(weights, [3, '500m'])
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /left unchanged \(env\/prod\.yaml:2:11 sets \.Values\.canary\.weight too\)/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

test.run()
