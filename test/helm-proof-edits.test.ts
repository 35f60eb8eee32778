/**
 * The values proof (docs/helm.md#values-driven-weights) and a script or CI step that edits the
 * values file in place by a relative name: `sed -i … values.yaml` under a CI `working-directory`
 * or after `cd web`, `find … -name values.yaml | xargs sed -i`, a `*` glob over directories. Where
 * it runs is not known, so it stops the proof at the first line naming the chart or the file that
 * is no read-only command (`working-directory: web`, `cd web`, `find`), exit 1, nothing written. The Go
 * renderer (test/helpers/render.go) judges one: the step run on the chart changes the weight it
 * renders. A script editing Chart.yaml in place still converts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { splitTemplate } from './helpers/chart-templates.js'

const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\n',
  'web/templates/split.yaml': splitTemplate(),
}
const PROMOTE = 'cd web\nsed -i "s/^  weight: .*/  weight: ${W}m/" values.yaml\n'

const CASES: Array<[string, Record<string, string>, RegExp | undefined]> = [
  [
    'a CI step with working-directory',
    {
      '.github/workflows/promote.yaml':
        'on: workflow_dispatch\njobs:\n  promote:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - working-directory: web\n        run: |\n          sed -i "s/^  weight: .*/  weight: ${{ inputs.w }}m/" values.yaml\n          git commit -am "promote" && git push\n',
    },
    /\.github\/workflows\/promote\.yaml:7:28: it may write a file by a name, glob or variable that may be web\/values\.yaml \(web is not a command known read-only/,
  ],
  [
    'cd web, then sed -i',
    { 'promote.sh': PROMOTE },
    /promote\.sh:1:1: it may write a file by a name, glob or variable that may be web\/values\.yaml \(cd is not/,
  ],
  [
    'find -name values.yaml | xargs sed -i',
    {
      'deploy.sh':
        'find . -name values.yaml -path "*web*" | xargs sed -i "s/weight: 500m/weight: 100m/"\nhelm upgrade --install web ./web\n',
    },
    /deploy\.sh:1:1: it may write .*\(find is not/,
  ],
  [
    'a glob over directories',
    { 'tweak.sh': 'for f in */values.yaml; do sed -i "s/500m/100m/" "$f"; done\n' },
    /tweak\.sh:1:1: it may write/,
  ],
  [
    'yq -i on a glob of YAML files',
    { 'bump.sh': 'cd web && yq -i ".canary.stable = 2" *.yaml\n' },
    /bump\.sh:1:\d+ mentions \.Values\.canary\.stable/,
  ],
  ['converts: sed -i on Chart.yaml', { 'release.sh': 'sed -i "s/^version: .*/version: $V/" web/Chart.yaml\nhelm lint web\n' }, undefined],
]

for (const [name, files, refused] of CASES) {
  test(`an in-place edit by a relative name: ${name}`, () => {
    const repo = tempRepo('smi-proof-edits-', { ...CHART, ...files })
    const r = cli(['--write', 'web'], { cwd: repo })
    if (refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /web\/values\.yaml/)
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

testWith('go')('the judge: the cd-then-sed step changes what the chart renders', () => {
  const repo = tempRepo('smi-proof-edits-judge-', { ...CHART, 'promote.sh': PROMOTE })
  const step = spawnSync('sh', ['promote.sh'], { cwd: repo, env: { ...process.env, W: '250' }, encoding: 'utf8' })
  assert.is(step.status, 0, step.stderr)
  const [out] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.ok(out && 'objects' in out, JSON.stringify(out))
  const split = out.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
  assert.equal(
    split.spec.backends.map((b) => b.weight),
    [1, '250m'],
  )
  rmSync(repo, { recursive: true, force: true })
})

test.run()
