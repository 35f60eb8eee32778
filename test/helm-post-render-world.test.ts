/**
 * Post-render patches reached beyond the file that names the chart (docs/helm.md#post-render-patches):
 * a Flux HelmRelease by `spec.chartRef` to a HelmChart naming the chart, written as JSON, or
 * given `postRenderers` by a kustomize patch in an overlay; helm's `--post-renderer` in a script
 * or a Makefile; helmfile's `postRenderer`; an Argo CD Config Management Plugin piping `helm
 * template` into kustomize; a kustomization's `helmCharts` in a base with the patch in an overlay
 * or a component. Each holds the chart through the built CLI: a pending warning at the template
 * naming the patch at path:line:col, exit 1, nothing written; the same shapes for another chart
 * let it convert.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: 250m\n'
const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 3\n',
  'web/templates/split.yaml': SPLIT,
}
const PATCH = '      - target:\n          kind: TrafficSplit\n        patch: "[]"\n'
const release = (name: string, chart: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: ${name}\nspec:\n${chart}`
const HELMCHARTS = 'helmGlobals:\n  chartHome: ../\nhelmCharts:\n- name: web\n  releaseName: web\n'
const OVER = 'patches:\n- target:\n    kind: TrafficSplit\n  patch: "[]"\n'
const PLUGIN = (name: string, args: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ConfigManagementPlugin\nmetadata:\n  name: ${name}\nspec:\n  generate:\n    command: [sh, -c]\n    args: ["${args}"]\n`

const CASES: Record<string, { files: Record<string, string>; refused?: RegExp }> = {
  'a HelmRelease by chartRef to a HelmChart naming the chart': {
    files: {
      'clusters/src.yaml':
        'apiVersion: source.toolkit.fluxcd.io/v1\nkind: HelmChart\nmetadata:\n  name: frontend-chart\nspec:\n  chart: ./web\n  sourceRef:\n    kind: GitRepository\n    name: repo\n',
      'clusters/rel.yaml': `${release('frontend', '  chartRef:\n    kind: HelmChart\n    name: frontend-chart\n')}  postRenderers:\n  - kustomize:\n      patches:\n${PATCH}`,
    },
    refused: /clusters\/rel\.yaml:9:3: a Flux HelmRelease's spec\.postRenderers may patch/,
  },
  'a HelmRelease written as JSON': {
    files: {
      'clusters/web.json': `${JSON.stringify({ apiVersion: 'helm.toolkit.fluxcd.io/v2', kind: 'HelmRelease', metadata: { name: 'web' }, spec: { chart: { spec: { chart: './web' } }, postRenderers: [] } }, null, 2)}\n`,
    },
    refused: /clusters\/web\.json:13:5: a Flux HelmRelease's spec\.postRenderers/,
  },
  'postRenderers added to a renamed HelmRelease by an overlay JSON 6902 patch file': {
    files: {
      'base/kustomization.yaml': 'resources:\n- release.yaml\n',
      'base/release.yaml': release('frontend', '  chart:\n    spec:\n      chart: ./web\n'),
      'overlays/prod/kustomization.yaml':
        'resources:\n- ../../base\npatches:\n- path: post.json\n  target:\n    kind: HelmRelease\n    name: frontend\n',
      'overlays/prod/post.json': '[{"op": "add", "path": "/spec/postRenderers", "value": []}]\n',
    },
    refused: /overlays\/prod\/post\.json:1:31: a Flux HelmRelease's spec\.postRenderers/,
  },
  'a script running helm --post-renderer': {
    files: { 'deploy.sh': '#!/bin/sh\nhelm upgrade --install web ./web --post-renderer ./kustomize.sh\n' },
    refused: /deploy\.sh:2:34: a helm --post-renderer may patch/,
  },
  'a Makefile running helm --post-renderer=': {
    files: { Makefile: 'deploy:\n\thelm upgrade --install web ./web --post-renderer=./k.sh\n' },
    refused: /Makefile:2:35: a helm --post-renderer/,
  },
  "a helmfile release's postRenderer": {
    files: { 'helmfile.yaml': 'releases:\n- name: web\n  chart: ./web\n  postRenderer: ./hack/patch.sh\n' },
    refused: /helmfile\.yaml:4:3: a helmfile release's post-render patches/,
  },
  'a Config Management Plugin naming the chart': {
    files: { 'cmp/plugin.yaml': PLUGIN('web-kustomize', 'helm template web ./web | kustomize build') },
    refused: /cmp\/plugin\.yaml:2:1: an Argo CD Config Management Plugin/,
  },
  'a Config Management Plugin an Application of the chart uses': {
    files: {
      'cmp/plugin.yaml': PLUGIN('helm-kustomize', 'helm template . > all.yaml && kustomize build'),
      'apps/web.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  source:\n    path: web\n    plugin:\n      name: helm-kustomize\n',
    },
    refused: /cmp\/plugin\.yaml:2:1: an Argo CD Config Management Plugin/,
  },
  'helmCharts in a base, the patch in an overlay': {
    files: { 'base/kustomization.yaml': HELMCHARTS, 'overlays/prod/kustomization.yaml': `resources:\n- ../../base\n${OVER}` },
    refused: /overlays\/prod\/kustomization\.yaml:3:1: a kustomization's patches over a kustomization rendering the chart with helmCharts/,
  },
  'helmCharts in a base, the patch in a component': {
    files: {
      'base/kustomization.yaml': HELMCHARTS,
      'overlays/prod/kustomization.yaml': 'resources:\n- ../../base\ncomponents:\n- ../../comp\n',
      'comp/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n${OVER}`,
    },
    refused: /comp\/kustomization\.yaml:3:1: a kustomization's patches over/,
  },
  'converts: the same shapes for another chart': {
    files: {
      'deploy.sh': '#!/bin/sh\nhelm upgrade --install api ./api --post-renderer ./kustomize.sh\n',
      'clusters/api.json': `${JSON.stringify({ kind: 'HelmRelease', metadata: { name: 'api' }, spec: { chart: { spec: { chart: './api' } }, postRenderers: [] } })}\n`,
    },
  },
  // Any kustomization with helmCharts may render a Flux or Argo CD object (docs/kustomize.md#deploy-time-patches).
  "another chart's helmCharts hold every tree by the deploy-time rule": {
    files: {
      'base/kustomization.yaml': HELMCHARTS.replace(/web/g, 'api'),
      'overlays/prod/kustomization.yaml': `resources:\n- ../../base\n${OVER}`,
    },
    refused: /base\/kustomization\.yaml:\d+:\d+: a kustomization's helm(?:Charts|Globals) \(a field that may create an object/,
  },
}

for (const [name, c] of Object.entries(CASES)) {
  test(name, () => {
    const repo = tempRepo('smi-postrender-world-', { ...CHART, ...c.files })
    const r = cli(['--write', '.'], { cwd: repo })
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, /web\/templates\/split\.yaml: warning: left unchanged: /)
      assert.match(r.stdout, c.refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'diff', 'web/templates/split.yaml'), /split\.smi-spec\.io\/v1alpha[24]/)
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
