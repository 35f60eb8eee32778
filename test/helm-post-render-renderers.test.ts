/**
 * Every command that renders a chart and prints its manifests (docs/helm.md#post-render-patches),
 * not only `helm template`: `helm install|upgrade --dry-run`, `helmfile template`, `kustomize build
 * --enable-helm`, `kubectl kustomize --enable-helm`, and a program's argument list (`["helm",
 * "template", …]`, Go's `exec.Command("helm", "template", …)`). Piped into sed, or read by the
 * program, it holds the chart through the built CLI (exit 1, nothing written). A golden test that
 * only reads the render (`diff -`, `grep -q`, `wc`) converts. The Go renderer (test/helpers/render.go)
 * judges the render the same before and after.
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
const SED = '| sed s/500m/100m/ | kubectl apply -f -\n'
const KUSTOMIZATION = 'helmCharts:\n  - name: web\n    repo: ""\n    releaseName: web\nhelmGlobals:\n  chartHome: ..\n'

const CASES: Array<[string, Record<string, string>, string | undefined]> = [
  [
    'a Python subprocess argument list',
    {
      'tools/deploy.py':
        'import subprocess\nout = subprocess.check_output(["helm", "template", "web", "./web"]).decode()\nout = out.replace("500m", "100m")\nsubprocess.run(["kubectl", "apply", "-f", "-"], input=out.encode())\n',
    },
    'tools/deploy.py:2:33',
  ],
  [
    'Go exec.Command',
    { 'main.go': 'package main\nimport "os/exec"\nfunc main() { exec.Command("helm", "template", "web", "./web").Output() }\n' },
    'main.go:3:29',
  ],
  ['helm install --dry-run', { 'deploy.sh': `helm install web ./web --dry-run ${SED}` }, 'deploy.sh:1:1'],
  [
    'helmfile template',
    { 'helmfile.yaml': 'releases:\n  - name: web\n    chart: ./web\n', 'deploy.sh': `helmfile -e prod template ${SED}` },
    'deploy.sh:1:1',
  ],
  [
    'kustomize build --enable-helm',
    { 'k/kustomization.yaml': KUSTOMIZATION, 'deploy.sh': `kustomize build --enable-helm k ${SED}` },
    'deploy.sh:1:1',
  ],
  [
    'kubectl kustomize --enable-helm',
    { 'k/kustomization.yaml': KUSTOMIZATION, 'deploy.sh': `kubectl kustomize k --enable-helm ${SED}` },
    'deploy.sh:1:1',
  ],
  ['a diff whose output is piped on', { 'test.sh': 'helm template web ./web | diff - golden/web.yaml | sed s/a/b/\n' }, 'test.sh:1:1'],
  [
    'converts: read-only checks and an install without --dry-run',
    {
      'test.sh':
        'helm template web ./web | diff - golden/web.yaml\nhelm template web ./web | grep -q TrafficSplit\nhelm template web ./web | wc -l\nhelm template web ./web | cmp - golden/web.yaml\n',
      'deploy.sh': 'helm upgrade --install web ./web\nhelm upgrade --install web ./web --dry-run | kubectl apply --dry-run=client -f -\n',
    },
    undefined,
  ],
]

for (const [name, files, at] of CASES) {
  testWith('go')(`a command rendering the chart: ${name}`, () => {
    const repo = tempRepo('smi-postrender-renderers-', { ...CHART, ...files })
    const requests = [{ chart: join(repo, 'web'), values: [] }]
    const [before] = renderBatch(requests)
    const r = cli(['--write', 'web'], { cwd: repo })
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
