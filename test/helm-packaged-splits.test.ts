/**
 * A packaged dependency (`charts/*.tgz`) of an umbrella whose template holds a TrafficSplit
 * (docs/helm.md): the archive is not rewritten, so `--check` of the umbrella exits 1 with a
 * pending warning at the archive. Judged by the Go renderer (test/helpers/render.go), which
 * renders the split from the archive as Helm does.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { tgz } from './helpers/chart-templates.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: 3\n  - service: web-canary\n    weight: 250m\n'
const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  a: b\n'

const UMBRELLA =
  'apiVersion: v2\nname: prod\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../../web\n'

for (const [name, template, warned] of [
  ['a TrafficSplit', SPLIT, true],
  ['no TrafficSplit', CM, false],
] as const) {
  testWith('go')(
    `an umbrella whose packaged dependency holds ${name}: --check ${warned ? 'warns at the archive, exit 1' : 'passes'}`,
    () => {
      const chart = { 'Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n', 'templates/split.yaml': template }
      const repo = tempRepo('smi-packaged-', {
        'deploy/prod/Chart.yaml': UMBRELLA,
        'deploy/prod/templates/cm.yaml': CM.replace('name: web', 'name: prod'),
        'deploy/prod/charts/web-0.1.0.tgz': tgz('web', chart),
      })
      const [r] = renderBatch([{ chart: join(repo, 'deploy/prod'), values: [] }])
      const kinds = 'objects' in r! ? r.objects.map((o) => `${String(o.object.apiVersion)} ${String(o.object.kind)}`) : [JSON.stringify(r)]
      // The judge: Helm renders the archive's split (or its ConfigMap) with the umbrella.
      assert.is(kinds.includes('split.smi-spec.io/v1alpha1 TrafficSplit'), warned, kinds.join(', '))
      const check = cli(['--check', 'deploy/prod'], { cwd: repo })
      assert.is(check.status, warned ? 1 : 0, check.stdout + check.stderr)
      if (warned)
        assert.match(
          check.stdout,
          /deploy\/prod\/charts\/web-0\.1\.0\.tgz:1:1: warning: a packaged chart whose template web\/templates\/split\.yaml holds an SMI TrafficSplit/,
        )
      const write = cli(['--write', 'deploy/prod'], { cwd: repo })
      assert.is(write.status, warned ? 1 : 0, write.stdout + write.stderr)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
      rmSync(repo, { recursive: true, force: true })
    },
  )
}

test.run()
