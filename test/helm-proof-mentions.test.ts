/**
 * The generic setter scan of the values proof (docs/helm.md#values-driven-weights): a file of
 * the repository (or of the run) that mentions the value's path, whatever tool reads it
 * (Skaffold, Terraform, a CI step's `--set`, a k3s HelmChartConfig, helmfile release templates,
 * an Argo CD Application inside another chart's templates or assembled by a kustomize patch, an
 * `.argocd-source` override, a values file of any name), stops the proof at that line; so does a
 * deployment file that hands one chart's values file to another. Judged through the built CLI by
 * the Go renderer (test/helpers/render.go): each chart is rendered with the values the tool gives
 * it, as a plain -f file, before and after `--write`; a refusal changes no render and writes
 * nothing, and a monorepo whose charts share the usual `canary:` block still converts each.
 */
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const split = (name: string, version: string) =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  service: ${name}\n  backends:\n  - service: ${name}-stable\n    weight: {{ .Values.canary.stable }}\n  - service: ${name}-canary\n    weight: {{ .Values.canary.weight }}\n`
const chart = (name: string, version: string, values: string) => ({
  [`${name}/Chart.yaml`]: `apiVersion: v2\nname: ${name}\nversion: 0.1.0\n`,
  [`${name}/values.yaml`]: values,
  [`${name}/templates/split.yaml`]: split(name, version),
})
const V1 = 'canary:\n  stable: 3\n  weight: 250m\n'
const V2 = 'canary:\n  stable: 3\n  weight: 1\n'
const GIVEN = 'canary:\n  weight: 500m\n'
const APP = (path: string, helm: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: ${path}\nspec:\n  source:\n    repoURL: https://example.com/repo.git\n    path: ${path}\n    helm:\n${helm}  destination:\n    server: https://kubernetes.default.svc\n`

interface Case {
  files: Record<string, string>
  /** The CLI's paths (default `.`). */
  paths?: string[]
  /** Renders judged before and after: a chart directory and the values files (`given` is the tool's values, written outside). */
  renders?: Array<[string, ...string[]]>
  /** The warning, or undefined: converts. */
  refused?: RegExp
}

const CASES: Record<string, Case> = {
  'Skaffold setValues with the dotted path': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'skaffold.yaml':
        'apiVersion: skaffold/v4beta6\nkind: Config\ndeploy:\n  helm:\n    releases:\n    - name: web\n      chartPath: web\n      setValues:\n        canary.weight: 500m\n',
    },
    refused: /skaffold\.yaml:9:9 mentions \.Values\.canary\.weight: it may set the value/,
  },
  'a Terraform helm_release set block': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'infra/web.tf':
        'resource "helm_release" "web" {\n  name  = "web"\n  chart = "../web"\n  set {\n    name  = "canary.weight"\n    value = "500m"\n  }\n}\n',
    },
    refused: /infra\/web\.tf:5:14 mentions \.Values\.canary\.weight/,
  },
  'Terraform values as HCL blocks': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'infra/web.tf':
        'resource "helm_release" "web" {\n  chart  = "../web"\n  values = [yamlencode({ canary = { weight = "500m" } })]\n}\n',
    },
    refused: /infra\/web\.tf:3:37 mentions/,
  },
  'a CI workflow step running helm --set': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      '.github/workflows/deploy.yml':
        'on: push\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n    - run: helm upgrade --install web ./web --set canary.weight=500m\n',
    },
    refused: /\.github\/workflows\/deploy\.yml:6:51 mentions/,
  },
  'a k3s HelmChartConfig valuesContent': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'k3s/web.yaml':
        'apiVersion: helm.cattle.io/v1\nkind: HelmChartConfig\nmetadata:\n  name: web\nspec:\n  valuesContent: |-\n    canary:\n      weight: 500m\n',
    },
    refused: /k3s\/web\.yaml:8:7 mentions/,
  },
  'a helmfile release template inherited': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'helmfile.yaml':
        'templates:\n  default:\n    values:\n    - canary:\n        weight: 500m\nreleases:\n- name: web\n  chart: ./web\n  inherit:\n  - template: default\n',
    },
    refused: /helmfile\.yaml:5:9 mentions/,
  },
  'a helmfile release template merged by <<': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'helmfile.yaml':
        'templates:\n  default: &default\n    set:\n    - name: canary.weight\n      value: 500m\nreleases:\n- name: web\n  chart: ./web\n  <<: *default\n',
    },
    refused: /helmfile\.yaml:4:13 mentions/,
  },
  'a values file of any name an Application names': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'web/prod.settings': GIVEN,
      'argo/web.yaml': APP('web', '      valueFiles:\n      - prod.settings\n'),
    },
    // A file handed as values is read as one whatever its name: the refusal names where it sets the value.
    refused: /web\/prod\.settings:\d+:\d+ sets \.Values\.canary\.weight too/,
  },
  'an Argo CD .argocd-source override in the chart': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'web/.argocd-source-web.yaml': 'helm:\n  parameters:\n  - name: canary.weight\n    value: 500m\n    forcestring: true\n',
    },
    refused: /web\/\.argocd-source-web\.yaml:3:11 mentions/,
  },
  'an Application in another chart (app of apps)': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
      'apps/values.yaml': 'webCanaryWeight: 500m\n',
      'apps/templates/web.yaml': APP('web', '      values: |\n        canary:\n          weight: {{ .Values.webCanaryWeight }}\n'),
    },
    refused: /apps\/templates\/web\.yaml:12:11 mentions/,
  },
  'an Application assembled by a kustomize patch': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'apps/base/web.yaml': APP('web', '      releaseName: web\n'),
      'apps/base/kustomization.yaml': 'resources:\n- web.yaml\n',
      'apps/prod/kustomization.yaml':
        'resources:\n- ../base\npatches:\n- target:\n    kind: Application\n    name: web\n  patch: |-\n    - op: add\n      path: /spec/source/helm/parameters\n      value:\n      - name: canary.weight\n        value: 500m\n',
    },
    refused: /apps\/prod\/kustomization\.yaml:11:15 mentions/,
  },
  'v1alpha2 with integers, Skaffold setting 250m': {
    files: {
      ...chart('web', 'v1alpha2', V2),
      'skaffold.yaml':
        'apiVersion: skaffold/v4beta6\nkind: Config\ndeploy:\n  helm:\n    releases:\n    - name: web\n      chartPath: web\n      setValues:\n        canary.weight: 500m\n',
    },
    refused: /split\.yaml:11:13: warning: .*skaffold\.yaml:9:9 mentions \.Values\.canary\.weight: it may set a non-integer/,
  },
  'v1alpha2 with integers, a Flux HelmRelease in another chart': {
    files: {
      ...chart('web', 'v1alpha2', V2),
      'apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
      'apps/values.yaml': 'webCanaryWeight: 500m\n',
      'apps/templates/web.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  chart:\n    spec:\n      chart: ./web\n  values:\n    canary:\n      weight: {{ .Values.webCanaryWeight }}\n',
    },
    refused: /split\.yaml:11:13: warning: .*apps\/templates\/web\.yaml:11:7 mentions/,
  },
  'helmfile hands web/values.yaml to api': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 1\n'),
      'api/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: api\ndata:\n  w: {{ .Values.canary.weight | quote }}\n',
      'helmfile.yaml': 'releases:\n- name: web\n  chart: ./web\n- name: api\n  chart: ./api\n  values:\n  - web/values.yaml\n',
    },
    paths: ['web'],
    renders: [['web'], ['api', 'web/values.yaml']],
    refused: /helmfile\.yaml:7:5: it hands web\/values\.yaml to api as values, so that chart reads \.Values\.canary\.weight too/,
  },
  'an Application hands web/values.yaml to api': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 1\n'),
      'argo/api.yaml': APP('api', '      valueFiles:\n      - ../web/values.yaml\n'),
    },
    paths: ['web'],
    renders: [['web'], ['api', 'web/values.yaml']],
    refused: /argo\/api\.yaml:11:9: it hands web\/values\.yaml to api as values/,
  },
  'helmfile hands api/values.yaml to web': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'api/values.yaml': GIVEN,
      'helmfile.yaml': 'releases:\n- name: web\n  chart: ./web\n  values:\n  - api/values.yaml\n',
    },
    paths: ['web'],
    renders: [['web'], ['web', 'api/values.yaml']],
    refused: /helmfile\.yaml:5:5: it hands api\/values\.yaml, which mentions \.Values\.canary\.weight, to web as values/,
  },
  'v1alpha2 with integers, helmfile hands api/values.yaml (250m) to web': {
    files: {
      ...chart('web', 'v1alpha2', V2),
      'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'api/values.yaml': GIVEN,
      'helmfile.yaml': 'releases:\n- name: web\n  chart: ./web\n  values:\n  - api/values.yaml\n',
    },
    renders: [['web'], ['web', 'api/values.yaml']],
    refused: /split\.yaml:11:13: warning: .*helmfile\.yaml:5:5: it hands api\/values\.yaml, which mentions .*, so it may set a non-integer/,
  },
  'a chart at the repository root: an environment file beside the other chart': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.1.0\n',
      'values.yaml': 'replicaCount: 1\n',
      'envs/web-prod.yaml': GIVEN,
    },
    renders: [['web'], ['web', 'envs/web-prod.yaml']],
    refused: /envs\/web-prod\.yaml:2:11 sets \.Values\.canary\.weight too/,
  },
  'a chart at the repository root: Skaffold setValues': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.1.0\n',
      'skaffold.yaml':
        'apiVersion: skaffold/v4beta6\nkind: Config\ndeploy:\n  helm:\n    releases:\n    - name: web\n      chartPath: web\n      setValues:\n        canary.weight: 500m\n',
    },
    refused: /skaffold\.yaml:9:9 mentions \.Values\.canary\.weight/,
  },
  'v1alpha2 with integers, a chart at the repository root and an environment file': {
    files: {
      ...chart('web', 'v1alpha2', V2),
      'Chart.yaml': 'apiVersion: v2\nname: app\nversion: 0.1.0\n',
      'envs/web-prod.yaml': GIVEN,
    },
    renders: [['web'], ['web', 'envs/web-prod.yaml']],
    refused: /split\.yaml:11:13: warning: .*envs\/web-prod\.yaml:2:11 holds 500m/,
  },
  'a kustomize helmCharts valuesFile hands web/values.yaml to api': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 1\n'),
      'overlays/api/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../..\nhelmCharts:\n- name: api\n  releaseName: api\n  valuesFile: ../../web/values.yaml\n',
    },
    paths: ['web'],
    renders: [['web'], ['api', 'web/values.yaml']],
    refused: /overlays\/api\/kustomization\.yaml:6:15: it hands web\/values\.yaml to api as values/,
  },
  'Flux chart.spec.valuesFiles hands web/values.yaml to api': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 1\n'),
      'clusters/api.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: api\nspec:\n  chart:\n    spec:\n      chart: ./api\n      valuesFiles:\n      - ./api/values.yaml\n      - ./web/values.yaml\n',
    },
    paths: ['web'],
    renders: [['web'], ['api', 'web/values.yaml']],
    refused: /clusters\/api\.yaml:11:9: it hands web\/values\.yaml to api as values/,
  },
  'a Makefile gives web/values.yaml to api with -f': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 1\n'),
      Makefile: 'deploy:\n\thelm upgrade --install api ./api -f web/values.yaml\n',
    },
    paths: ['web'],
    renders: [['web'], ['api', 'web/values.yaml']],
    refused: /Makefile:2:38: it names web\/values\.yaml by path/,
  },
  'Terraform file() hands web/values.yaml to api': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 1\n'),
      'infra/api.tf':
        'resource "helm_release" "api" {\n  name   = "api"\n  chart  = "../api"\n  values = [file("../web/values.yaml")]\n}\n',
    },
    paths: ['web'],
    renders: [['web'], ['api', 'web/values.yaml']],
    refused: /infra\/api\.tf:4:19: it names web\/values\.yaml by path/,
  },
  'v1alpha2 with integers, a kustomize valuesFile hands api/values-shared.yaml (250m) to web': {
    files: {
      ...chart('web', 'v1alpha2', V2),
      'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'api/values.yaml': 'replicaCount: 1\n',
      'api/values-shared.yaml': GIVEN,
      'overlays/web/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../..\nhelmCharts:\n- name: web\n  releaseName: web\n  valuesFile: ../../api/values-shared.yaml\n',
    },
    renders: [['web'], ['web', 'api/values-shared.yaml']],
    refused: /split\.yaml:11:13: warning: .*overlays\/web\/kustomization\.yaml:6:15: it hands api\/values-shared\.yaml, which mentions/,
  },
  'converts: Flux, kustomize and a Makefile hand each chart its own values.yaml': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 500m\n'),
      'clusters/web.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  chart:\n    spec:\n      chart: ./web\n      valuesFiles:\n      - ./web/values.yaml\n',
      'overlays/api/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../..\nhelmCharts:\n- name: api\n  releaseName: api\n  valuesFile: ../../api/values.yaml\n',
      'web/Makefile': 'lint:\n\thelm lint . -f values.yaml\n',
    },
    renders: [['web'], ['api']],
  },
  'converts: helm-docs README.md.gotmpl templates beside each chart': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 500m\n'),
      'web/README.md.gotmpl': '{{ template "chart.header" . }}\n{{ template "chart.valuesSection" . }}\n',
      'api/README.md.gotmpl': '{{ template "chart.header" . }}\nSet `canary.weight` to shift traffic.\n',
    },
    renders: [['web'], ['api']],
  },
  'v1alpha2 with integers and a helm-docs README.md.gotmpl: nothing to do': {
    files: { ...chart('web', 'v1alpha2', V2), 'web/README.md.gotmpl': '{{ template "chart.header" . }}\n' },
    renders: [['web']],
  },
  'a jq expression in a deploy script': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'deploy.sh':
        '#!/bin/sh\nhelm show values ./web | jq \'.canary.weight = "500m"\' > /tmp/v.json\nhelm upgrade --install web ./web -f /tmp/v.json\n',
    },
    refused: /deploy\.sh:2:31 mentions \.Values\.canary\.weight/,
  },
  'kustomize replacements into a HelmRelease by fieldPaths': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'clusters/prod/kustomization.yaml':
        'resources:\n- web.yaml\nreplacements:\n- source:\n    kind: ConfigMap\n    name: canary\n    fieldPath: data.weight\n  targets:\n  - select:\n      kind: HelmRelease\n    fieldPaths:\n    - spec.values.canary.weight\n',
    },
    refused: /clusters\/prod\/kustomization\.yaml:12:19 mentions \.Values\.canary\.weight/,
  },
  'a JSON 6902 patch of a HelmRelease by JSON pointer': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      'clusters/prod/kustomization.yaml':
        'resources:\n- web.yaml\npatches:\n- target:\n    kind: HelmRelease\n    name: web\n  patch: |-\n    - op: add\n      path: /spec/values/canary/weight\n      value: 500m\n',
    },
    refused: /clusters\/prod\/kustomization\.yaml:9:26 mentions \.Values\.canary\.weight/,
  },
  'converts: a monorepo whose charts both read canary.weight': {
    files: {
      ...chart('web', 'v1alpha1', V1),
      ...chart('api', 'v1alpha1', 'canary:\n  stable: 1\n  weight: 500m\n'),
      'api/values-prod.yaml': 'image:\n  tag: v2\n',
      'helmfile.yaml': 'releases:\n- name: web\n  chart: ./web\n  values:\n  - web/values.yaml\n- name: api\n  chart: ./api\n',
      'README.md': 'Deploy with `helm upgrade web ./web --set canary.weight=500m`.\n',
    },
    renders: [['web'], ['api'], ['api', 'api/values-prod.yaml']],
  },
}

function integerWeights(r: Render): boolean {
  if (!('objects' in r)) return false
  const splits = r.objects.filter((o) => o.object.kind === 'TrafficSplit')
  return splits.every((o) => (o.object.spec as { backends: Array<{ weight: unknown }> }).backends.every((b) => Number.isInteger(b.weight)))
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    const repo = tempRepo('smi-mentions-', c.files)
    const outside = mkdtempSync(join(tmpdir(), 'smi-mentions-given-'))
    writeFileSync(join(outside, 'given.yaml'), GIVEN)
    const requests = (c.renders ?? [['web'], ['web', 'given']]).map(([dir, ...values]) => ({
      chart: join(repo, dir),
      values: values.map((v) => (v === 'given' ? join(outside, 'given.yaml') : join(repo, v))),
    }))
    const before = renderBatch(requests)
    for (const b of before) assert.ok('objects' in b, JSON.stringify(b))
    const r = cli(['--write', ...(c.paths ?? ['.'])], { cwd: repo })
    const after = renderBatch(requests)
    if (c.refused) {
      // The judge: what the tool gives a chart renders a weight no rewrite of values.yaml reaches.
      assert.ok(!integerWeights(before[1]!), JSON.stringify(before[1]))
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      for (const a of after) assert.ok(integerWeights(a), JSON.stringify(a))
    }
    for (const [i, b] of before.entries()) assert.is(sameRender(b, after[i]!), undefined)
    rmSync(repo, { recursive: true, force: true })
    rmSync(outside, { recursive: true, force: true })
  })
}

testWith('go')('a setter in another repository given to the same run', () => {
  const repo = tempRepo('smi-mentions-charts-', chart('web', 'v1alpha1', V1))
  const env = tempRepo('smi-mentions-env-', { 'prod/web-values.yaml': GIVEN })
  const requests = [{ chart: join(repo, 'web'), values: [join(env, 'prod/web-values.yaml')] }]
  const before = renderBatch(requests)
  assert.ok(!integerWeights(before[0]!), JSON.stringify(before[0]))
  const r = cli(['--write', 'web', env], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /prod\/web-values\.yaml:2:3 mentions \.Values\.canary\.weight/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  assert.is(sameRender(before[0]!, renderBatch(requests)[0]!), undefined)
  // Without the other repository among the run's paths, it is no part of the world.
  const alone = cli(['--write', 'web'], { cwd: repo })
  assert.is(alone.status, 0, alone.stdout + alone.stderr)
  rmSync(repo, { recursive: true, force: true })
  rmSync(env, { recursive: true, force: true })
})

test.run()
