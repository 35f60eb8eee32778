/**
 * Deployers and post-renderers that do not name the chart literally reach every chart of the
 * world (docs/helm.md#values-driven-weights, #post-render-patches): an app-of-apps parent whose
 * Application or HelmRelease takes its chart from values (`path: {{ .path }}`, `chart: {{
 * $r.chart }}`) hands its values to any chart; a Flux `${app}` chart path, a kustomize generator,
 * a flow-style or versioned plugin, a plugin or script piping `helm template` into yq or
 * kustomize, a globbed ApplicationSet path post-render any chart. Each holds the chart through the
 * built CLI (exit 1, nothing written), and the Go renderer (test/helpers/render.go) shows the
 * chart renders the same with the values the parent hands it; a literal naming of another chart
 * lets it convert, with the same render. Also: a `.Files` split with a partly templated kind is
 * named, and `tpl (toYaml .Values.podAnnotations) .` does not stop the proof.
 */
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\n',
  'web/templates/split.yaml':
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n    - service: web-stable\n      weight: {{ .Values.canary.stable }}\n    - service: web-canary\n      weight: {{ .Values.canary.weight }}\n',
}
const APPS = { 'apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n' }
const RANGE_APP =
  '{{- range .Values.apps }}\n---\napiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: {{ .name }}}\nspec:\n  source:\n    repoURL: https://example.com/repo.git\n    path: {{ .path }}\n    helm:\n      values: |\n        {{- toYaml .values | nindent 8 }}\n{{- end }}\n'
const FLUX_RANGE = (post: string) =>
  `{{- range $name, $r := .Values.releases }}\n---\napiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: {{ $name }}\nspec:\n  chart:\n    spec:\n      chart: {{ $r.chart }}\n      sourceRef: {kind: GitRepository, name: repo}\n${post}  values:\n    {{- toYaml $r.values | nindent 4 }}\n{{- end }}\n`
const PATCH =
  '  postRenderers:\n    - kustomize:\n        patches:\n          - target: {kind: TrafficSplit}\n            patch: |\n              - op: replace\n                path: /spec/backends/1/weight\n                value: 100m\n'
const HR = (chart: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: frontend, namespace: prod}\nspec:\n  chart:\n    spec:\n      chart: ${chart}\n      sourceRef: {kind: GitRepository, name: repo}\n${PATCH}`
const APP = (path: string, plugin: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: x\nspec:\n  source:\n    path: ${path}\n    plugin:\n      name: ${plugin}\n`
const CMP = (metadata: string, args: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ConfigManagementPlugin\n${metadata}spec:\n  generate:\n    command: [sh, -c]\n    args: [${JSON.stringify(args)}]\n`
const YQ = `helm template . | yq '(select(.kind == "TrafficSplit") | .spec.backends[1].weight) = "100m"'`

interface Case {
  files: Record<string, string>
  /** The values the deployer hands the chart, rendered with -f before and after. */
  given?: string
  refused?: RegExp
}

const CASES: Record<string, Case> = {
  'an app of apps ranging over Applications whose path comes from values': {
    files: {
      ...APPS,
      'apps/templates/app.yaml': RANGE_APP,
      'apps/values.yaml': 'apps:\n  - name: frontend\n    path: web\n    values:\n      canary:\n        weight: 100m\n',
    },
    given: 'canary:\n  weight: 100m\n',
    refused: /apps\/values\.yaml:6:9 mentions \.Values\.canary\.weight/,
  },
  'an app of apps whose Application path is a value': {
    files: {
      ...APPS,
      'apps/templates/app.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: frontend}\nspec:\n  source:\n    path: {{ .Values.frontend.path }}\n    helm:\n      valuesObject:\n        {{- toYaml .Values.frontend.values | nindent 8 }}\n',
      'apps/values.yaml': 'frontend:\n  path: web\n  values:\n    canary:\n      weight: 100m\n',
    },
    given: 'canary:\n  weight: 100m\n',
    refused: /apps\/values\.yaml:5:7 mentions/,
  },
  'a Flux parent ranging over HelmReleases whose chart comes from values': {
    files: {
      ...APPS,
      'apps/templates/hr.yaml': FLUX_RANGE(''),
      'apps/values.yaml': 'releases:\n  frontend:\n    chart: ./web\n    values:\n      canary:\n        weight: 100m\n',
    },
    given: 'canary:\n  weight: 100m\n',
    refused: /apps\/values\.yaml:6:9 mentions/,
  },
  'a Flux parent rendering postRenderers for a chart from values': {
    files: { ...APPS, 'apps/templates/hr.yaml': FLUX_RANGE(PATCH), 'apps/values.yaml': 'releases:\n  frontend:\n    chart: ./web\n' },
    refused: /left unchanged: apps\/templates\/hr\.yaml:12:3: a Flux HelmRelease's spec\.postRenderers/,
  },
  // Held, though it names another chart: the deploy-time patch check (docs/kustomize.md) does not
  // read a Helm template of a deploy object, and an action at a key's place may write patches.
  'an app of apps naming another chart literally, the values block under valuesObject': {
    files: {
      ...APPS,
      'apps/templates/app.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: {{ .Values.name }}}\nspec:\n  source:\n    path: api\n    helm:\n      valuesObject:\n        {{- toYaml .Values.api | nindent 8 }}\n',
      'apps/values.yaml': 'name: api\napi:\n  canary:\n    weight: 100m\n',
    },
    refused: /left unchanged: apps\/templates\/app\.yaml:9:9: a template action that writes text on a line of its own/,
  },
  'a Flux HelmRelease whose chart path is substituted (${app})': {
    files: {
      'clusters/hr.yaml': HR('./${app}'),
      'clusters/ks.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: x}\nspec:\n  path: ./clusters\n  postBuild:\n    substitute: {app: web}\n',
    },
    refused: /clusters\/hr\.yaml:9:3: a Flux HelmRelease's spec\.postRenderers/,
  },
  'a kustomization generating the chart with a HelmChartInflationGenerator, patched': {
    files: {
      'kust/kustomization.yaml':
        'generators: [helm.yaml]\npatches:\n  - target: {kind: TrafficSplit, version: v1alpha1}\n    patch: |\n      - op: replace\n        path: /spec/backends/1/weight\n        value: 100m\n',
      'kust/helm.yaml': 'apiVersion: builtin\nkind: HelmChartInflationGenerator\nmetadata: {name: web}\nchartHome: ..\nname: web\n',
    },
    refused: /kust\/kustomization\.yaml:2:1: a kustomization's patches over a kustomization rendering the chart/,
  },
  'a plugin whose metadata is in flow style': {
    files: { 'app.yaml': APP('web', 'hk'), 'cmp.yaml': CMP('metadata: {name: hk}\n', 'helm template . > all.yaml && kustomize build') },
    refused: /cmp\.yaml:2:1: an Argo CD Config Management Plugin/,
  },
  'a plugin with spec.version, named <name>-<version>': {
    files: {
      'app.yaml': APP('web', 'hk-v1.0'),
      'cmp.yaml': CMP('metadata:\n  name: hk\n', 'helm template . > all.yaml && kustomize build').replace(
        'spec:\n',
        'spec:\n  version: v1.0\n',
      ),
    },
    refused: /cmp\.yaml:2:1: an Argo CD Config Management Plugin/,
  },
  'a plugin post-processing with yq': {
    files: { 'app.yaml': APP('web', 'hk'), 'cmp.yaml': CMP('metadata:\n  name: hk\n', YQ) },
    refused: /cmp\.yaml:2:1: an Argo CD Config Management Plugin/,
  },
  'an ApplicationSet naming the plugin for a globbed path': {
    files: {
      'appset.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata:\n  name: all\nspec:\n  generators:\n    - git:\n        directories: [{path: "*"}]\n  template:\n    spec:\n      source:\n        path: "{{path}}"\n        plugin:\n          name: helm-kustomize\n',
      'cmp.yaml': CMP('metadata:\n  name: helm-kustomize\n', 'helm template . > all.yaml && kustomize build ../patches'),
    },
    refused: /cmp\.yaml:2:1: an Argo CD Config Management Plugin/,
  },
  'a script piping helm template into yq': {
    files: { 'deploy.sh': `${YQ.replace('template .', 'template web ./web')} | kubectl apply -f -\n` },
    refused: /deploy\.sh:1:1: a script post-processing a chart's rendered output/,
  },
  'a script writing helm template to a file, then kustomize build': {
    files: {
      'deploy.sh': 'helm template web ./web > post/all.yaml\nkustomize build post | kubectl apply -f -\n',
      'post/kustomization.yaml': 'resources: [all.yaml]\npatches:\n  - target: {kind: TrafficSplit, version: v1alpha1}\n    patch: "[]"\n',
    },
    refused: /deploy\.sh:1:1: a script post-processing a chart's rendered output/,
  },
  'a script whose helm template takes the chart from a variable': {
    files: { 'deploy.sh': 'for c in web api; do\n  helm template $c ./$c | yq ".x = 1" | kubectl apply -f -\ndone\n' },
    refused: /deploy\.sh:2:3: a script post-processing a chart's rendered output/,
  },
  'converts: the same shapes naming another chart literally': {
    files: {
      'clusters/hr.yaml': HR('./api'),
      'deploy.sh': `${YQ.replace('template .', 'template api ./api')} | kubectl apply -f -\n`,
      'app.yaml': APP('api', 'hk'),
      'cmp.yaml': CMP('metadata: {name: hk}\n', YQ),
    },
  },
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    const repo = tempRepo('smi-postrender-broad-', { ...CHART, ...c.files })
    const dir = mkdtempSync(join(tmpdir(), 'smi-postrender-broad-given-'))
    const given = join(dir, 'given.yaml')
    writeFileSync(given, c.given ?? '{}\n')
    const requests = [{ chart: join(repo, 'web'), values: [given] }]
    const before = renderBatch(requests)
    const r = cli(['--write', '.'], { cwd: repo })
    const after = renderBatch(requests)
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'diff', 'web/templates/split.yaml'), /split\.smi-spec\.io\/v1alpha2/)
    }
    assert.is(sameRender(before[0]!, after[0]!), undefined)
    rmSync(repo, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  })
}

const FILES_CHART = {
  ...CHART,
  'web/files/s.tmpl':
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: Traffic{{ "Split" }}\nmetadata: {name: f}\nspec: {service: web, backends: [{service: a, weight: 500m}, {service: b, weight: 1}]}\n',
  'web/templates/f.yaml': '{{ tpl (.Files.Get "files/s.tmpl") . }}\n',
}

test('a .Files split whose kind is partly templated is named: --check exits 1', () => {
  const repo = tempRepo('smi-files-kind-', FILES_CHART)
  const r = cli(['--check', 'web'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /web\/files\/s\.tmpl:1:13: warning: a chart file a template may render through \.Files/)
  rmSync(repo, { recursive: true, force: true })
})

const TPL = {
  'web/templates/cm.yaml':
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations:\n    {{- tpl (toYaml .Values.podAnnotations) . | nindent 4 }}\n',
}

testWith('go')('converts: tpl of a values block off the path, given the root context', () => {
  const repo = tempRepo('smi-tpl-block-', {
    ...CHART,
    ...TPL,
    'web/values.yaml': `${CHART['web/values.yaml']}podAnnotations:\n  a: "{{ .Release.Name }}"\n`,
  })
  const requests = [{ chart: join(repo, 'web'), values: [] }]
  const before = renderBatch(requests)
  const r = cli(['--write', 'web'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.is(sameRender(before[0]!, renderBatch(requests)[0]!), undefined)
  assert.match(git(repo, 'diff', 'web/values.yaml'), /\+ {2}weight: 500\n/)
  rmSync(repo, { recursive: true, force: true })
})

test('tpl of a values block whose text reads the value stops the proof at that text', () => {
  const values = `${CHART['web/values.yaml']}podAnnotations:\n  a: "{{ .Values.canary.weight }}"\n`
  const repo = tempRepo('smi-tpl-block-', { ...CHART, ...TPL, 'web/values.yaml': values })
  const r = cli(['--write', 'web'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /\.Values\.canary\.weight is read elsewhere too: web\/values\.yaml:5:10/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

test.run()
