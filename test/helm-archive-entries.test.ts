/**
 * A packaged subchart's entries as Helm reads them (docs/helm.md#values-driven-weights): Helm
 * strips the first path component of every tar entry, so an archive made with `tar -C dir
 * ./other` holds no Chart.yaml at its top and Helm cannot load the umbrella that holds it. The
 * values proof, which names a packaged subchart by the Chart.yaml inside it, cannot read that
 * name either: the value is left for a person, naming the archive, and nothing is written.
 * Judged through the built CLI by the Go renderer (test/helpers/render.go).
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const TEMPLATE =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'

/** A gzipped tar of the chart `other`, its entries named `<lead>other/…`. */
function archive(repo: string, lead: string): Buffer {
  const dir = join(repo, '.pack')
  mkdirSync(join(dir, 'other/templates'), { recursive: true })
  writeFileSync(join(dir, 'other/Chart.yaml'), 'apiVersion: v2\nname: other\nversion: 0.1.0\n')
  writeFileSync(join(dir, 'other/templates/cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n')
  const r = spawnSync('tar', ['-czf', join(dir, 'out.tgz'), '-C', dir, `${lead}other`])
  assert.is(r.status, 0, r.stderr.toString())
  const out = readFileSync(join(dir, 'out.tgz'))
  rmSync(dir, { recursive: true, force: true })
  return out
}

for (const [lead, loads] of [
  ['./', false],
  ['', true],
] as const) {
  testWith('go')(
    `an umbrella holding an archive whose entries are ${lead || 'plain '}other/…: ${loads ? 'converts' : 'left for a person'}`,
    () => {
      const repo = tempRepo('smi-archive-entries-', {
        'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
        'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\n',
        'web/templates/split.yaml': TEMPLATE,
        'deploy/prod/Chart.yaml':
          'apiVersion: v2\nname: prod\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../../web\n',
      })
      mkdirSync(join(repo, 'deploy/prod/charts'))
      writeFileSync(join(repo, 'deploy/prod/charts/other-0.1.0.tgz'), archive(repo, lead))
      git(repo, 'add', '-A')
      git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'archive')
      const [umbrella] = renderBatch([{ chart: join(repo, 'deploy/prod'), values: [] }])
      // The judge: Helm loads the umbrella only when the archive's Chart.yaml is at its top.
      assert.is('objects' in umbrella!, loads, JSON.stringify(umbrella))
      const r = cli(['--write', 'web'], { cwd: repo })
      if (loads) {
        assert.is(r.status, 0, r.stdout + r.stderr)
        return rmSync(repo, { recursive: true, force: true })
      }
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, /deploy\/prod\/charts\/other-0\.1\.0\.tgz is a packaged subchart whose Chart\.yaml cannot be read/)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
      rmSync(repo, { recursive: true, force: true })
    },
  )
}

// Helm reads every Chart.yaml entry of an archive into the same metadata, in turn (helm
// pkg/chart/v2/loader/load.go, LoadFiles): the last one's name is the one it renders under.
test('an archive holding two Chart.yaml entries is named by the last: one named canary stops the proof of canary.*', () => {
  const repo = tempRepo('smi-archive-two-charts-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\n',
    'web/templates/split.yaml': TEMPLATE,
  })
  const pack = join(repo, '.pack')
  mkdirSync(join(pack, 'other/templates'), { recursive: true })
  writeFileSync(join(pack, 'other/Chart.yaml'), 'apiVersion: v2\nname: other\nversion: 0.1.0\n')
  writeFileSync(join(pack, 'other/templates/cm.yaml'), 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: other\n')
  const tar = (...args: string[]) => assert.is(spawnSync('tar', args).status, 0, args.join(' '))
  tar('-cf', join(pack, 'out.tar'), '-C', pack, 'other')
  // The second entry of the same path, appended: no name, then the name `canary`.
  writeFileSync(join(pack, 'other/Chart.yaml'), 'description: later\nname: canary\n')
  tar('-rf', join(pack, 'out.tar'), '-C', pack, 'other/Chart.yaml')
  assert.is(spawnSync('gzip', ['-n', join(pack, 'out.tar')]).status, 0)
  mkdirSync(join(repo, 'web/charts'))
  writeFileSync(join(repo, 'web/charts/other-0.1.0.tgz'), readFileSync(join(pack, 'out.tar.gz')))
  rmSync(pack, { recursive: true, force: true })
  git(repo, 'add', '-A')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'archive')
  const r = cli(['--write', 'web'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /other-0\.1\.0\.tgz/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

test.run()
