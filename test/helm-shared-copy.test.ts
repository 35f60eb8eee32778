/**
 * A values.yaml shared through a link by two charts whose split templates are copies byte for
 * byte (docs/helm.md#values-driven-weights): the shared file is written only when the run
 * converts both templates, so both take the same rewrite (a literal weight beside the value is
 * scaled in each). Converting one alone stops the proof, naming the other copy. Judged through
 * the built CLI by the Go renderer (test/helpers/render.go), rendering both charts before and after.
 */
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { rmSync, symlinkSync } from 'node:fs'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const split = (version: string, literal: string) =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: ${literal}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n`

function repoOf(template: string): string {
  const repo = tempRepo('smi-shared-copy-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  weight: 250m\n',
    'web/templates/split.yaml': template,
    'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
    'api/templates/split.yaml': template,
  })
  symlinkSync('../web/values.yaml', join(repo, 'api/values.yaml'))
  git(repo, 'add', '-A')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'link')
  return repo
}

const TEMPLATES = { 'v1alpha1 with a literal weight': split('v1alpha1', '3'), 'v1alpha2 half converted': split('v1alpha2', '3') }

for (const [name, template] of Object.entries(TEMPLATES)) {
  testWith('go')(`${name}, shared values.yaml: one chart alone is refused naming the copy; both in one run take the same rewrite`, () => {
    const repo = repoOf(template)
    const requests = ['web', 'api'].map((c) => ({ chart: join(repo, c), values: [] }))
    const before = renderBatch(requests)
    for (const b of before) assert.ok('objects' in b, JSON.stringify(b))
    const alone = cli(['--write', 'web'], { cwd: repo })
    assert.is(alone.status, 1, alone.stdout + alone.stderr)
    assert.match(
      alone.stdout,
      /web\/templates\/split\.yaml:11:13: warning: .*api\/templates\/split\.yaml:1:1: a copy of web\/templates\/split\.yaml/,
    )
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    const both = cli(['--write', 'web', 'api'], { cwd: repo })
    assert.is(both.status, 0, both.stdout + both.stderr)
    const after = renderBatch(requests)
    for (const [i, b] of before.entries()) assert.is(sameRender(b, after[i]!), undefined, requests[i]!.chart)
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
