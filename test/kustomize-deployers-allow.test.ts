/**
 * Deploy-time patches judged by one allow-list (docs/kustomize.md#deploy-time-patches): a deploy
 * object, a patch over one and a kustomization that builds one are harmless only when every field
 * they hold or write is on the list. Routes the list does not know (a kustomization's
 * `transformers`, an Argo CD `sourceHydrator`, a ResourceSet's `resourcesTemplate`, values reaching
 * argocd-apps by `helm.parameters`, `chartRef`, a generator or kustomize `helmCharts`) hold;
 * harmless per-environment settings (HelmRelease `test`/`install`, Application
 * `destination`/`syncPolicy`, a log shipper's `inputs` values, Flux `postBuild` over a tree with
 * no variable) convert with the ratios `kubectl kustomize` renders unchanged.
 */
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { build, sameRatios } from './helpers/kustomize.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'

const SPLIT = (w = '500m') =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: podinfo\nspec:\n  service: podinfo\n  backends:\n    - service: podinfo-v1\n      weight: "1"\n    - service: podinfo-v2\n      weight: ${w}\n`
const PLAIN = {
  'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'apps/base/podinfo/split.yaml': SPLIT(),
  'apps/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
}
const TS_PATCH = '[{target: {kind: TrafficSplit}, patch: "- op: replace\\n  path: /spec/backends/1/weight\\n  value: 250m"}]'
const FLUX_KS = (extra = '') =>
  `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./apps/production\n  prune: true\n  sourceRef: {kind: GitRepository, name: flux-system}\n${extra}`
const APP = (spec: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: podinfo, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n${spec}`
const APPS_VALUES =
  'applications:\n  podinfo:\n    project: default\n    source:\n      repoURL: https://example.org/fleet.git\n      path: apps/production\n      kustomize:\n        patches:\n          - target: {kind: TrafficSplit}\n            patch: "- {op: replace, path: /spec/backends/1/weight, value: 250m}"\n    destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n'
const ind = (t: string, n: number) =>
  t
    .split('\n')
    .map((l) => (l ? ' '.repeat(n) + l : l))
    .join('\n')

function held(files: Record<string, string>, warning: RegExp): void {
  const repo = tempRepo('smi-deployers-allow-', { ...PLAIN, ...files })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, new RegExp(`apps/base/podinfo/split\\.yaml: warning: left unchanged: ${warning.source}`), r.stdout)
  assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
}

function converts(files: Record<string, string>): void {
  const repo = tempRepo('smi-deployers-allow-', { ...PLAIN, ...files })
  const before = build(join(repo, 'apps/production')).get('podinfo')!
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
  const after = build(join(repo, 'apps/production')).get('podinfo')!
  assert.ok(sameRatios(before.weights, after.weights), `${before.weights} -> ${after.weights}`)
}

test("a kustomization's transformers over the Flux Kustomization it builds hold", () => {
  held(
    {
      'clusters/production/apps.yaml': FLUX_KS(),
      'clusters/production/kustomization.yaml': 'resources:\n  - apps.yaml\ntransformers:\n  - fix.yaml\n',
      'clusters/production/fix.yaml': `apiVersion: builtin\nkind: PatchTransformer\nmetadata: {name: fix}\ntarget: {kind: Kustomization, name: apps}\npatch: |-\n  - op: add\n    path: /spec/patches\n    value: ${TS_PATCH}\n`,
    },
    /clusters\/production\/kustomization\.yaml:3:1: a kustomization's transformers/,
  )
})

test('a JSON 6902 op whose path (not its value) names a patch-like key of the values holds', () => {
  held(
    {
      'clusters/production/hr.yaml': `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: argo-apps, namespace: argocd}\nspec:\n  interval: 1h\n  chart:\n    spec:\n      chart: argocd-apps\n      sourceRef: {kind: HelmRepository, name: argo}\n  values: {}\n`,
      'clusters/production/kustomization.yaml': `resources:\n  - hr.yaml\npatches:\n  - target: {kind: HelmRelease, name: argo-apps}\n    patch: |-\n      - op: add\n        path: /spec/values/applications/podinfo/source/kustomize/patches\n        value: ${TS_PATCH}\n`,
    },
    /clusters\/production\/kustomization\.yaml:3:1: a kustomization's patches/,
  )
})

test('values reaching argocd-apps by helm.parameters, chartRef with valuesFrom, a generator or helmCharts hold', () => {
  const params = [
    ['applications.podinfo.source.path', 'apps/production'],
    ['applications.podinfo.source.kustomize.patches[0].target.kind', 'TrafficSplit'],
  ]
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      {
        'clusters/production/apps.yaml': APP(
          `  source:\n    repoURL: https://argoproj.github.io/argo-helm\n    chart: argocd-apps\n    targetRevision: 2.0.0\n    helm:\n      parameters:\n${params.map(([n, v]) => `        - {name: "${n}", value: ${v}}\n`).join('')}`,
        ),
      },
      /clusters\/production\/apps\.yaml:12:7: an Argo CD Application's source\.helm\.parameters \(parameter applications\.podinfo\.source\.kustomize\.patches/,
    ],
    [
      {
        'clusters/production/hr.yaml': `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: argo-apps, namespace: argocd}\nspec:\n  interval: 1h\n  chartRef: {kind: OCIRepository, name: argocd-apps}\n  valuesFrom:\n    - {kind: ConfigMap, name: argo-apps-values}\n`,
      },
      /clusters\/production\/hr\.yaml:7:3: a Flux HelmRelease's spec\.valuesFrom \(values the tool cannot read/,
    ],
    [
      {
        'clusters/production/appset.yaml': `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: apps, namespace: argocd}\nspec:\n  goTemplate: true\n  generators:\n    - git: {repoURL: https://example.org/fleet.git, revision: HEAD, files: [{path: clusters/config/*/config.yaml}]}\n  template:\n    metadata: {name: 'apps-{{.cluster}}'}\n    spec:\n      project: default\n      destination: {server: https://kubernetes.default.svc, namespace: argocd}\n      source:\n        repoURL: https://argoproj.github.io/argo-helm\n        chart: argocd-apps\n        targetRevision: 2.0.0\n        helm:\n          values: '{{ toYaml .values }}'\n`,
      },
      /clusters\/production\/appset\.yaml:18:11: an Argo CD ApplicationSet's template's source\.helm\.values \(values: \(templated\)\)/,
    ],
    [
      {
        'clusters/apps/kustomization.yaml': `helmCharts:\n  - name: argocd-apps\n    repo: https://argoproj.github.io/argo-helm\n    version: 2.0.2\n    releaseName: apps\n    valuesInline:\n${ind(APPS_VALUES, 6)}`,
        'clusters/production/root.yaml': APP('  source: {repoURL: https://example.org/fleet.git, path: clusters/apps}\n'),
      },
      /clusters\/apps\/kustomization\.yaml:1:1: a kustomization's helmCharts \(a field that may create an object or change its kind/,
    ],
  ]
  for (const [files, warning] of cases) held(files, warning)
})

test("fields the tool does not know (sourceHydrator, resourcesTemplate) and a Flux Kustomization's patch of the Kustomizations it builds hold", () => {
  const hydrator = `  sourceHydrator:\n    drySource:\n      repoURL: https://example.org/fleet.git\n      path: apps/production\n      kustomize:\n        patches: ${TS_PATCH}\n    syncSource: {targetBranch: env/prod, path: env/prod}\n`
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      { 'clusters/production/app.yaml': APP(hydrator) },
      /clusters\/production\/app\.yaml:7:3: an Argo CD Application's sourceHydrator \(a field the tool does not know to be harmless\)/,
    ],
    [
      {
        'clusters/production/rset.yaml': `apiVersion: fluxcd.controlplane.io/v1\nkind: ResourceSet\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  resourcesTemplate: |\n${ind(FLUX_KS(`  patches: ${TS_PATCH}\n`), 4)}`,
      },
      /clusters\/production\/rset\.yaml:5:3: a ResourceSet \(fluxcd\.controlplane\.io\/v1\)'s spec\.resourcesTemplate/,
    ],
    [
      {
        'clusters/production/apps.yaml': FLUX_KS(),
        'clusters/root.yaml': FLUX_KS(
          `  patches:\n    - target: {kind: Kustomization}\n      patch: |-\n        - op: add\n          path: /spec/patches\n          value: ${TS_PATCH}\n`,
        ).replace('./apps/production', './clusters/production'),
      },
      /clusters\/root\.yaml:\d+:3: a Flux Kustomization's spec\.patches \(it may patch the deploy objects it builds\)/,
    ],
  ]
  for (const [files, warning] of cases) held(files, warning)
})

testWith('kubectl')(
  'harmless per-environment patches (HelmRelease test/install, Application destination/syncPolicy) and log shipper values convert',
  () => {
    const release =
      'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: podinfo}\nspec:\n  interval: 50m\n  chart:\n    spec:\n      chart: podinfo\n      sourceRef: {kind: HelmRepository, name: podinfo}\n  values: {ingress: {enabled: true}}\n'
    converts({
      'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n  - release.yaml\n',
      'apps/base/podinfo/release.yaml': release,
      'apps/production/kustomization.yaml':
        'resources:\n  - ../base/podinfo\npatches:\n  - path: values.yaml\n    target: {kind: HelmRelease}\n',
      'apps/production/values.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: podinfo}\nspec:\n  test: {enable: true}\n  install: {remediation: {retries: 3}}\n  driftDetection: {mode: enabled}\n  values: {ingress: {hosts: [{host: podinfo.production}]}}\n',
    })
    converts({
      'clusters/base/podinfo.yaml': APP(
        '  source: {repoURL: https://example.org/fleet.git, targetRevision: HEAD, path: apps/production}\n',
      ),
      'clusters/base/kustomization.yaml': 'resources:\n  - podinfo.yaml\n',
      'clusters/production/kustomization.yaml':
        'resources:\n  - ../base\npatches:\n  - target: {kind: Application}\n    patch: |-\n      - {op: replace, path: /spec/destination/server, value: "https://prod.example.com"}\n      - {op: add, path: /spec/syncPolicy, value: {automated: {prune: true}}}\n',
      'infrastructure/fluent-bit.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: fluent-bit}\nspec:\n  chart:\n    spec:\n      chart: fluent-bit\n      sourceRef: {kind: HelmRepository, name: fluent}\n  values:\n    config:\n      inputs: "[INPUT]\\n    Name tail\\n"\n',
    })
  },
)

testWith('kubectl')('Flux postBuild converts a tree without variables, and holds one whose files hold `${`', () => {
  const ks = FLUX_KS('  postBuild:\n    substitute: {cluster: prod}\n')
  converts({ 'clusters/production/apps.yaml': ks })
  held(
    {
      'clusters/production/apps.yaml': ks,
      'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\ncommonLabels:\n  cluster: ${cluster}\n',
    },
    /clusters\/production\/apps\.yaml:9:3: a Flux Kustomization's spec\.postBuild \(variables substituted into what it builds\)/,
  )
})

test('deploy objects in files kustomize or Helm load whatever their extension hold', () => {
  const tmpl = APP(
    '  source:\n    repoURL: https://example.org/fleet.git\n    path: apps/production\n    {{- toYaml .Values.source | nindent 4 }}\n',
  )
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      {
        'clusters/production/apps.txt': FLUX_KS(`  patches: ${TS_PATCH}\n`),
        'clusters/production/kustomization.yaml': 'resources:\n  - apps.txt\n',
      },
      /clusters\/production\/apps\.txt:9:3: a Flux Kustomization's spec\.patches/,
    ],
    [
      {
        'clusters/apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
        'clusters/apps/templates/podinfo.tmpl': tmpl,
        'clusters/production/root.yaml': APP('  source: {repoURL: https://example.org/fleet.git, path: clusters/apps}\n'),
      },
      /clusters\/apps\/templates\/podinfo\.tmpl:10:5: a template action that writes text on a line of its own/,
    ],
  ]
  for (const [files, warning] of cases) held(files, warning)
})

test('a chart template whose apiVersion a template action assembles from a group name holds', () => {
  const body =
    'kind: Application\nmetadata: {name: podinfo, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n  source:\n    repoURL: https://example.org/fleet.git\n    path: apps/production\n    kustomize:\n      patches: {{ toJson .Values.patches }}\n'
  for (const [api, col] of [
    ['apiVersion: {{ printf "%s/%s" "argoproj.io" "v1alpha1" }}', 13],
    ['apiVersion: argoproj.io{{ "/" }}v1alpha1', 24],
  ] as const)
    held(
      {
        'clusters/apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
        'clusters/apps/templates/podinfo.yaml': `${api}\n${body}`,
        'clusters/apps/values.yaml': `patches: ${TS_PATCH}\n`,
        'clusters/production/root.yaml': APP('  source: {repoURL: https://example.org/fleet.git, path: clusters/apps}\n'),
      },
      new RegExp(`clusters/apps/templates/podinfo\\.yaml:1:${col}: a template action that lies outside every deploy object`),
    )
})

test('a file a kustomization names by an escape is searched; an escape elsewhere in a kustomization makes no other file loaded', () => {
  // kustomize reads "apps\x2etxt" as apps.txt: the Flux Kustomization in it is deployed and patches the split.
  held(
    {
      'clusters/production/apps.txt': FLUX_KS(`  patches: ${TS_PATCH}\n`),
      'clusters/production/kustomization.yaml': 'resources:\n  - "apps\\x2etxt"\n',
    },
    /clusters\/production\/apps\.txt:9:3: a Flux Kustomization's spec\.patches/,
  )
  // An inline JSON patch with escapes beside the tree loads no script: a bundle that quotes a templated
  // Application (as a program's source may) is no deploy object.
  converts({
    'apps/production/kustomization.yaml':
      'resources:\n  - ../base/podinfo\npatches:\n  - target: {kind: ConfigMap}\n    patch: "[{\\"op\\": \\"add\\", \\"path\\": \\"/data/x\\", \\"value\\": \\"y\\"}]"\n',
    'tools/bundle.js': `const t = \`apiVersion: {{ .g }}/v1alpha1\\nkind: Application\\nspec:\\n  source: {path: apps/production, kustomize: {patches: []}}\\n\`\n`,
  })
})

test.run()
