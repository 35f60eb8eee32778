/**
 * Scripts that render a chart with `helm template` (docs/helm.md#post-render-patches) hold the
 * chart by absence of proof: unless the output goes unchanged to kubectl apply, a validator or a
 * file only a kubectl apply line of the script names, any program may patch the split (a pipe
 * split over lines with `\`, ytt, python, node, `kubectl patch --local`, a shell variable,
 * `--output-dir` then kustomize). Each holds the chart through the built CLI (exit 1, nothing
 * written); ordinary CI (helm lint, `helm template | kubectl apply --dry-run`, kubeconform, a file
 * applied) converts. The Go renderer (test/helpers/render.go) judges the render the same.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { splitTemplate } from './helpers/chart-templates.js'
import { test } from 'uvu'

const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\n',
  'web/templates/split.yaml': splitTemplate(),
}
const PATCH = `'[{"op":"replace","path":"/spec/backends/1/weight","value":"100m"}]'`

const CASES: Array<[string, Record<string, string>, string | undefined]> = [
  [
    'a pipe into sed on the next line, after a line continuation',
    {
      'deploy.sh':
        'helm template web ./web \\\n  --namespace prod \\\n  | sed -e "s/weight: 500m/weight: 100m/" \\\n  | kubectl apply -f -\n',
    },
    'deploy.sh:1:1',
  ],
  ['a pipe into ytt', { 'deploy.sh': 'helm template web ./web | ytt -f - -f overlay.yaml | kubectl apply -f -\n' }, 'deploy.sh:1:1'],
  ['a pipe into python', { 'deploy.sh': 'helm template web ./web | python3 tools/fix.py | kubectl apply -f -\n' }, 'deploy.sh:1:1'],
  ['a pipe into node', { 'deploy.sh': 'helm template web ./web | node tools/fix.js | kubectl apply -f -\n' }, 'deploy.sh:1:1'],
  [
    'output through a shell variable',
    { 'deploy.sh': 'M=$(helm template web ./web)\necho "$M" | sed s/500m/100m/ | kubectl apply -f -\n' },
    'deploy.sh:1:5',
  ],
  [
    '--output-dir, then kustomize build',
    { 'deploy.sh': 'helm template web ./web --output-dir out\nkustomize build overlay | kubectl apply -f -\n' },
    'deploy.sh:1:1',
  ],
  [
    'a file, then ytt over its directory',
    { 'deploy.sh': 'helm template web ./web > out/all.yaml\nytt -f out/ -f overlays/ > final.yaml\n' },
    'deploy.sh:1:1',
  ],
  [
    'a file, then kubectl patch --local',
    {
      'deploy.sh': `helm template web ./web > all.yaml\nkubectl patch --local -f all.yaml --type=json -p ${PATCH} -o yaml | kubectl apply -f -\n`,
    },
    'deploy.sh:1:1',
  ],
  [
    'a Makefile piping into yq with the chart in a make variable',
    { Makefile: 'CHART = ./web\ndeploy:\n\thelm template web $(CHART) | yq e . - | kubectl apply -f -\n' },
    'Makefile:3:2',
  ],
  ['a subshell piped into sed', { 'deploy.sh': '(helm template web ./web) | sed s/500m/100m/ | kubectl apply -f -\n' }, 'deploy.sh:1:2'],
  ['a script printing the render, which its caller may pipe on', { 'render.sh': '#!/bin/sh\nhelm template web ./web\n' }, 'render.sh:2:1'],
  [
    'converts: ordinary CI',
    {
      'ci.sh':
        'helm lint web\nhelm template web ./web | kubectl apply --dry-run=client -f -\nhelm template web ./web > all.yaml\nkubectl apply -f all.yaml\n',
      '.github/workflows/ci.yaml':
        'on: push\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: helm lint web\n      - run: helm template web ./web | kubeconform -strict\n',
      Makefile: 'deploy:\n\thelm template web ./web --namespace $(NS) | kubectl apply -f -\n',
      'out.sh': 'helm template web ./web --output-dir out\nkubectl apply -R -f out\n',
    },
    undefined,
  ],
]

for (const [name, files, at] of CASES) {
  testWith('go')(`a script rendering the chart: ${name}`, () => {
    const repo = tempRepo('smi-postrender-scripts-', { ...CHART, ...files })
    const requests = [{ chart: join(repo, 'web'), values: [] }]
    const [before] = renderBatch(requests)
    const r = cli(['--write', '.'], { cwd: repo })
    const [after] = renderBatch(requests)
    if (at) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, `left unchanged: ${at}: a script post-processing a chart's rendered output`)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'diff', 'web/templates/split.yaml'), /split\.smi-spec\.io\/v1alpha2/)
    }
    assert.is(sameRender(before!, after!), undefined)
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
