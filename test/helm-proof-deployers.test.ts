/**
 * helmfile releases and Argo CD Applications in the repository are setters of the values proof
 * (docs/helm.md#values-driven-weights): inline values, `set:`, `parameters`, `valuesObject`,
 * `helm.values` that set the value's path stop it, naming the file, line and column, and so does
 * a `.gotmpl` values file (helmfile renders it; the run cannot read what it sets). Judged through
 * the built CLI by the Go renderer (test/helpers/render.go): the chart is rendered with the values
 * the tool gives it (written out as a plain -f file, outside the repository) before and after
 * `--write .`; a release that sets another path lets the chart convert with the same renders.
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

const split = (version: string) =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n`

const HELMFILE = (values: string) => `releases:\n- name: web\n  chart: ../web\n${values}`
const APP = (helm: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  source:\n    repoURL: https://example.com/repo.git\n    path: web\n    helm:\n${helm}  destination:\n    server: https://kubernetes.default.svc\n`

interface Case {
  version: string
  values: string
  /** The deployment tool's files. */
  files: Record<string, string>
  /** The values the tool gives the chart, as a -f file. */
  given: string
  /** The warning, or undefined: converts. */
  refused?: RegExp
}

const CASES: Record<string, Case> = {
  'a helmfile .gotmpl values file': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    files: {
      'env/helmfile.yaml': HELMFILE('  values:\n  - prod.yaml.gotmpl\n'),
      'env/prod.yaml.gotmpl': 'canary:\n  weight: {{ env "CANARY" | default "500m" }}\n',
    },
    given: 'canary:\n  weight: 500m\n',
    refused: /env\/prod\.yaml\.gotmpl:1:1: a helmfile template/,
  },
  'a helmfile release with inline values': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    files: { 'env/helmfile.yaml': HELMFILE('  values:\n  - canary:\n      weight: 500m\n') },
    given: 'canary:\n  weight: 500m\n',
    refused: /env\/helmfile\.yaml:5:5 \(a helmfile release's inline values\) sets \.Values\.canary\.weight/,
  },
  'a helmfile release with set': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    files: { 'env/helmfile.yaml': HELMFILE('  set:\n  - name: canary.weight\n    value: 500m\n') },
    given: 'canary:\n  weight: 500m\n',
    refused: /env\/helmfile\.yaml:5:5 \(a helmfile release's set entry\) sets/,
  },
  'an Argo CD Application with parameters': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    files: { 'argo/web.yaml': APP('      parameters:\n      - name: canary.weight\n        value: 500m\n') },
    given: 'canary:\n  weight: 500m\n',
    refused: /argo\/web\.yaml:11:9 \(an Argo CD helm\.parameters entry\) sets/,
  },
  'an Argo CD Application with valuesObject': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    files: { 'argo/web.yaml': APP('      valuesObject:\n        canary:\n          weight: 500m\n') },
    given: 'canary:\n  weight: 500m\n',
    refused: /argo\/web\.yaml:11:9 \(an Argo CD helm\.valuesObject\) sets/,
  },
  'an Argo CD Application with helm.values text': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    files: { 'argo/web.yaml': APP('      values: |\n        canary:\n          weight: 500m\n') },
    given: 'canary:\n  weight: 500m\n',
    refused: /argo\/web\.yaml:10:\d+ \(an Argo CD helm\.values: it sets \.Values\.canary\.weight\) sets/,
  },
  'a Flux HelmRelease with spec.values': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'clusters/prod/web.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  chart:\n    spec:\n      chart: ./web\n  values:\n    canary:\n      weight: 500m\n',
    },
    refused: /clusters\/prod\/web\.yaml:10:5 \(a Flux HelmRelease's spec\.values\) sets/,
  },
  'a Flux HelmRelease with valuesFrom': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'clusters/prod/web.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  valuesFrom:\n  - kind: ConfigMap\n    name: web-values\n',
    },
    refused: /clusters\/prod\/web\.yaml:7:5 \(a Flux HelmRelease's spec\.valuesFrom entry/,
  },
  'a ConfigMap holding values text': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'deploy/web-values.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-values\ndata:\n  values.yaml: |\n    canary:\n      weight: 500m\n',
    },
    refused: /deploy\/web-values\.yaml:6:\d+ \(a ConfigMap's data\.values\.yaml/,
  },
  'a Secret holding base64 values': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'deploy/web-values.yaml': `apiVersion: v1\nkind: Secret\nmetadata:\n  name: web-values\ndata:\n  values.yaml: ${Buffer.from('canary:\n  weight: 500m\n').toString('base64')}\n`,
    },
    refused: /deploy\/web-values\.yaml:6:\d+ \(a Secret's data\.values\.yaml/,
  },
  'a kustomization with helmCharts valuesInline': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'overlays/prod/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../..\nhelmCharts:\n- name: web\n  valuesInline:\n    canary:\n      weight: 500m\n',
    },
    refused: /overlays\/prod\/kustomization\.yaml:6:5 \(a kustomization's helmCharts valuesInline\) sets/,
  },
  'a Fleet fleet.yaml with helm.values': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: { 'deploy/fleet.yaml': 'defaultNamespace: web\nhelm:\n  chart: ../web\n  values:\n    canary:\n      weight: 500m\n' },
    refused: /deploy\/fleet\.yaml:5:5 \(a Fleet fleet\.yaml helm\.values\) sets/,
  },
  'a k3s HelmChart with spec.set': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'deploy/helmchart.yaml':
        'apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata:\n  name: web\nspec:\n  chart: web\n  set:\n    canary.weight: 500m\n',
    },
    refused: /deploy\/helmchart\.yaml:8:5 \(a k3s HelmChart's spec\.set entry\) sets/,
  },
  'a k3s HelmChart with spec.valuesContent': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'deploy/helmchart.yaml':
        'apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata:\n  name: web\nspec:\n  chart: web\n  valuesContent: |\n    canary:\n      weight: 500m\n',
    },
    refused: /deploy\/helmchart\.yaml:7:\d+ \(a k3s HelmChart's spec\.valuesContent: it sets/,
  },
  'a k3s HelmChart with spec.valuesSecrets': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'deploy/helmchart.yaml':
        'apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata:\n  name: web\nspec:\n  chart: web\n  valuesSecrets:\n  - name: web-values\n    keys: [values.yaml]\n',
    },
    refused: /deploy\/helmchart\.yaml:8:5 \(a k3s HelmChart's spec\.valuesSecrets entry, whose values this run does not read\)/,
  },
  'a Fleet fleet.yaml with helm.valuesFrom': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'deploy/fleet.yaml': 'helm:\n  chart: ../web\n  valuesFrom:\n  - configMapKeyRef:\n      name: web-values\n      key: values.yaml\n',
    },
    refused: /deploy\/fleet\.yaml:4:5 \(a Fleet fleet\.yaml helm\.valuesFrom entry/,
  },
  'an Argo CD ApplicationSet with a generator parameter as a key': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'argo/web.yaml':
        "apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: web}\nspec:\n  generators:\n  - list:\n      elements:\n      - k: canary\n  template:\n    metadata: {name: web}\n    spec:\n      source:\n        path: web\n        helm:\n          valuesObject:\n            '{{k}}':\n              weight: 500m\n",
    },
    refused: /argo\/web\.yaml:15:11 \(an Argo CD ApplicationSet helm block holding generator parameters/,
  },
  'an Argo CD ApplicationSet with a templatePatch': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'argo/web.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: web}\nspec:\n  goTemplate: true\n  generators:\n  - list:\n      elements:\n      - w: 500m\n  template:\n    metadata: {name: web}\n    spec:\n      source:\n        path: web\n  templatePatch: |\n    spec:\n      source:\n        helm:\n          valuesObject:\n            canary:\n              weight: {{ .w }}\n',
    },
    refused: /argo\/web\.yaml:15:\d+ \(an Argo CD ApplicationSet templatePatch/,
  },
  'an Argo CD Application in a List': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'argo/web.yaml':
        'apiVersion: v1\nkind: List\nitems:\n- apiVersion: argoproj.io/v1alpha1\n  kind: Application\n  metadata: {name: web}\n  spec:\n    source:\n      path: web\n      helm:\n        valuesObject:\n          canary: {weight: 500m}\n',
    },
    refused: /argo\/web\.yaml:12:11 \(an Argo CD helm\.valuesObject\) sets/,
  },
  'a helmfile release with valuesTemplate': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: { 'env/helmfile.yaml': HELMFILE('  valuesTemplate:\n  - canary:\n      weight: 500m\n') },
    refused: /env\/helmfile\.yaml:5:5 \(a helmfile release's inline valuesTemplate\) sets/,
  },
  'a helmfile release with setTemplate': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\n',
    given: 'canary:\n  weight: 500m\n',
    files: { 'env/helmfile.yaml': HELMFILE('  setTemplate:\n  - name: canary.weight\n    value: 500m\n') },
    refused: /env\/helmfile\.yaml:5:5 \(a helmfile release's setTemplate entry\) sets/,
  },
  'v1alpha2 with integers, a Flux HelmRelease that sets 500m': {
    version: 'v1alpha2',
    values: 'canary:\n  stable: 3\n  weight: 1\n',
    given: 'canary:\n  weight: 500m\n',
    files: {
      'clusters/prod/web.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  chart:\n    spec:\n      chart: ./web\n  values:\n    canary:\n      weight: 500m\n',
    },
    refused: /split\.yaml:11:13: warning: .*clusters\/prod\/web\.yaml:10:5 \(a Flux HelmRelease's spec\.values\)/,
  },
  'v1alpha2 with integers, a .gotmpl that renders 500m': {
    version: 'v1alpha2',
    values: 'canary:\n  stable: 3\n  weight: 1\n',
    files: {
      'env/helmfile.yaml': HELMFILE('  values:\n  - prod.yaml.gotmpl\n'),
      'env/prod.yaml.gotmpl': 'canary:\n  weight: {{ env "CANARY" | default "500m" }}\n',
    },
    given: 'canary:\n  weight: 500m\n',
    refused: /split\.yaml:11:13: warning: .*env\/prod\.yaml\.gotmpl:1:1: a helmfile template/,
  },
  'converts: a helmfile release whose values set another path': {
    version: 'v1alpha1',
    values: 'canary:\n  stable: 3\n  weight: 250m\nreplicas: 1\n',
    files: { 'env/helmfile.yaml': HELMFILE('  values:\n  - replicas: 2\n  set:\n  - name: image.tag\n    value: v2\n') },
    given: 'replicas: 2\n',
  },
}

function integerWeights(r: Render): boolean {
  if (!('objects' in r)) return false
  const splits = r.objects.filter((o) => o.object.kind === 'TrafficSplit')
  return splits.every((o) => (o.object.spec as { backends: Array<{ weight: unknown }> }).backends.every((b) => Number.isInteger(b.weight)))
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    const repo = tempRepo('smi-deployers-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': c.values,
      'web/templates/split.yaml': split(c.version),
      ...c.files,
    })
    const outside = mkdtempSync(join(tmpdir(), 'smi-deployers-given-'))
    writeFileSync(join(outside, 'given.yaml'), c.given)
    const requests = [
      { chart: join(repo, 'web'), values: [] },
      { chart: join(repo, 'web'), values: [join(outside, 'given.yaml')] },
    ]
    const before = renderBatch(requests)
    for (const b of before) assert.ok('objects' in b, JSON.stringify(b))
    const r = cli(['--write', '.'], { cwd: repo })
    const after = renderBatch(requests)
    if (c.refused) {
      // The judge: what the tool gives the chart renders a weight that no rewrite of values.yaml reaches.
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

test.run()
