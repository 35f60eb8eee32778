/**
 * Values files `helm -f` is given whatever their name (helm pkg/cli/values/options.go reads any
 * path as YAML): beside the chart, one named `values.prod`, `prod.values`, `values-prod.txt`,
 * `*.yaml.tpl`, `*.yaml.j2`, `*.yaml.example` or helm-secrets' `secrets.yaml.dec` that sets the
 * value stops the proof (issue 36); one such name that is no YAML mapping (a README) sets nothing.
 * Judged through the built CLI.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'
const chart = (files: Record<string, string>) =>
  tempRepo('smi-values-names-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\n',
    'web/templates/split.yaml': SPLIT,
    ...files,
  })

for (const name of [
  'values.prod',
  'prod.values',
  'values-prod.txt',
  'values-prod.yaml.tpl',
  'values-prod.yaml.j2',
  'values-prod.yaml.example',
  'secrets.yaml.dec',
]) {
  test(`web/${name} setting the value stops the proof: exit 1, nothing written`, () => {
    const repo = chart({ [`web/${name}`]: 'canary:\n  weight: 500m\n' })
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.ok(r.stdout.includes(`web/${name}:2:11`), r.stdout)
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })
}

test('a file whose name says values but which is no YAML mapping sets nothing: the chart converts', () => {
  const repo = chart({ 'web/values.md': '# The values\n\nSet `canary.weight`: a quantity such as 500m.\n' })
  const r = cli(['--write', 'web'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /web\/values\.yaml/)
  rmSync(repo, { recursive: true, force: true })
})

test('a v1alpha2 split whose values.yaml has a second document: the warning names the document, not a missing value', () => {
  // Helm 4 merges every document of values.yaml (the later 500m wins); Helm 3 reads the first.
  const repo = chart({
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 1\n---\ncanary:\n  weight: 500m\n',
    'web/templates/split.yaml': SPLIT.replace('v1alpha1', 'v1alpha2'),
  })
  const r = cli(['--check', 'web'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /web\/values\.yaml:4:1: a second YAML document starts here \(Helm 3 reads only the first, Helm 4 merges every document/,
  )
  assert.not.match(r.stdout, /is not in values\.yaml/)
  rmSync(repo, { recursive: true, force: true })
})

test.run()
