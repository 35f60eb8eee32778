/**
 * Deploy-time patches in data (docs/kustomize.md#deploy-time-patches): a kustomization's patch over
 * the deploy objects it builds that writes only fields rendering nothing of the repository (a
 * HelmRelease's values, a Kustomization's decryption or service account: the Flux examples'
 * layouts) converts; one that writes a patch-like field is held. Values a chart turns into
 * Applications (a `helm.values` string, a `$values` file, a HelmRelease's values) are searched for
 * patch-like keys; values the tool cannot read, of a chart known to render Applications, hold.
 * Each case runs the real CLI with --write over the repository; a converted case renders the same
 * ratios under `kubectl kustomize` before and after.
 */
import * as assert from 'uvu/assert'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { build, sameRatios } from './helpers/kustomize.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: podinfo\nspec:\n  service: podinfo\n  backends:\n    - service: podinfo-v1\n      weight: "1"\n    - service: podinfo-v2\n      weight: 500m\n'
const RELEASE =
  'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: podinfo}\nspec:\n  interval: 50m\n  chart:\n    spec:\n      chart: podinfo\n      sourceRef: {kind: HelmRepository, name: podinfo}\n  values: {ingress: {enabled: true}}\n'
const BASE = {
  'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n  - release.yaml\n',
  'apps/base/podinfo/split.yaml': SPLIT,
  'apps/base/podinfo/release.yaml': RELEASE,
}
const OVERLAY = (patches: string) => `resources:\n  - ../base/podinfo\npatches:\n${patches}`
const VALUES_SMP = (values: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: podinfo}\nspec:\n  chart:\n    spec:\n      version: ">=1.0.0"\n  values: ${values}\n`
const SYNC =
  'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: flux-system, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./clusters/production\n  prune: true\n  sourceRef: {kind: GitRepository, name: flux-system}\n'
const FLUX_SYSTEM = (path: string, value: string) =>
  `resources:\n- gotk-sync.yaml\npatches:\n  - patch: |\n      - op: add\n        path: ${path}\n        value: ${value}\n    target:\n      kind: Kustomization\n      name: flux-system\n`

/** --write over the repository: held (exit 1, `warning` at the field, nothing written). */
function held(repo: string, warning: RegExp, file = 'apps/base/podinfo/split.yaml'): void {
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, new RegExp(`${file.replace(/\./g, '\\.')}: warning: left unchanged: ${warning.source}`), r.stdout)
  assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
}

/** --write over the repository (and a pre-commit run of the split alone) converts, and `dir` renders the same ratios. */
function converts(repo: string, dir = 'apps/production'): void {
  assert.is(cli(['--check', 'apps/base/podinfo/split.yaml'], { cwd: repo }).stdout.includes('warning'), false, 'the pre-commit run agrees')
  const before = build(join(repo, dir)).get('podinfo')!
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
  const after = build(join(repo, dir)).get('podinfo')!
  assert.ok(sameRatios(before.weights, after.weights), `${before.weights} -> ${after.weights}`)
}

testWith('kubectl')(
  "an overlay that patches its HelmRelease's values (flux2-kustomize-helm-example) converts, by target, SMP or JSON 6902",
  () => {
    const shapes = [
      '  - path: podinfo-values.yaml\n    target: {kind: HelmRelease}\n',
      '  - path: podinfo-values.yaml\n',
      '  - target: {kind: HelmRelease, name: podinfo}\n    patch: |\n      - {op: add, path: /spec/values/replicaCount, value: 2}\n',
    ]
    for (const patches of shapes)
      converts(
        tempRepo('smi-deployers-values-', {
          ...BASE,
          'apps/production/kustomization.yaml': OVERLAY(patches),
          'apps/production/podinfo-values.yaml': VALUES_SMP('{ingress: {hosts: [{host: podinfo.production}]}}'),
        }),
      )
  },
)

test('an overlay patch of a HelmRelease that writes post-renderers, a chart or patch-like values is held', () => {
  const cases = [
    VALUES_SMP('{}').replace(
      '  values: {}\n',
      '  postRenderers:\n    - kustomize: {patches: [{target: {kind: TrafficSplit}, patch: "[]"}]}\n',
    ),
    VALUES_SMP('{}').replace('version: ">=1.0.0"', 'chart: ./charts/podinfo'),
    VALUES_SMP('{applications: {podinfo: {source: {kustomize: {patches: [{target: {kind: TrafficSplit}}]}}}}}'),
  ]
  for (const smp of cases)
    held(
      tempRepo('smi-deployers-values-', {
        ...BASE,
        'apps/production/kustomization.yaml': OVERLAY('  - path: podinfo-values.yaml\n    target: {kind: HelmRelease}\n'),
        'apps/production/podinfo-values.yaml': smp,
      }),
      /(?:apps\/production\/kustomization\.yaml:3:1: a kustomization's patches \(over the Flux or Argo CD objects it builds\)|apps\/production\/podinfo-values\.yaml:8:\d+: a Flux HelmRelease's spec\.values \(values: applications\.podinfo\.source\.kustomize\.patches\)|apps\/production\/podinfo-values\.yaml:9:19: a Flux HelmRelease's spec\.postRenderers\[0\]\.kustomize\.patches)/,
    )
})

testWith('kubectl')(
  "the Flux docs' flux-system patches (SOPS decryption, service account) convert; one that adds spec.patches is held",
  () => {
    const base = {
      'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
      'apps/base/podinfo/split.yaml': SPLIT,
      'apps/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
      'clusters/production/flux-system/gotk-sync.yaml': SYNC,
    }
    for (const [path, value] of [
      ['/spec/decryption', '{provider: sops, secretRef: {name: sops-gpg}}'],
      ['/spec/serviceAccountName', 'kustomize-controller'],
    ])
      converts(
        tempRepo('smi-deployers-values-', { ...base, 'clusters/production/flux-system/kustomization.yaml': FLUX_SYSTEM(path!, value!) }),
      )
    held(
      tempRepo('smi-deployers-values-', {
        ...base,
        'clusters/production/flux-system/kustomization.yaml': FLUX_SYSTEM('/spec/patches', '[{target: {kind: TrafficSplit}, patch: "x"}]'),
      }),
      /clusters\/production\/flux-system\/kustomization\.yaml:3:1: a kustomization's patches/,
    )
  },
)

const APPS = `applications:\n  podinfo:\n    project: default\n    source:\n      repoURL: https://example.org/fleet.git\n      path: apps/production\n      kustomize:\n        patches:\n          - target: {kind: TrafficSplit}\n            patch: |-\n              - {op: replace, path: /spec/backends/1/weight, value: 250m}\n    destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n`
const ind = (t: string, n: number) =>
  t
    .split('\n')
    .map((l) => (l ? ' '.repeat(n) + l : l))
    .join('\n')
const PLAIN = {
  'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'apps/base/podinfo/split.yaml': SPLIT,
  'apps/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
}
const ARGO = (source: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: apps, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: argocd}\n${source}`
const CHART_SOURCE = (helm: string) =>
  `    - repoURL: https://argoproj.github.io/argo-helm\n      chart: argocd-apps\n      targetRevision: 2.0.0\n      helm:\n${ind(helm, 8)}`
const HR = (chart: string, rest: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: apps, namespace: argocd}\nspec:\n  interval: 1h\n  chart:\n    spec:\n      chart: ${chart}\n      sourceRef: {kind: HelmRepository, name: argo}\n${rest}`

test('Applications a chart makes of values (a helm.values string, a $values file, a HelmRelease, valuesFrom) are held', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      { 'clusters/apps.yaml': ARGO(`  sources:\n${CHART_SOURCE(`values: |\n${ind(APPS, 2)}`)}`) },
      /clusters\/apps\.yaml:\d+:9: an Argo CD Application's sources\[0\]\.helm\.values \(values: applications\.podinfo\.source\.kustomize\.patches\)/,
    ],
    [
      {
        'values/apps.yaml': APPS,
        'clusters/apps.yaml': ARGO(
          `  sources:\n    - {repoURL: https://example.org/fleet.git, ref: values}\n${CHART_SOURCE('valueFiles: [$values/values/apps.yaml]\n')}`,
        ),
      },
      /clusters\/apps\.yaml:\d+:9: an Argo CD Application's sources\[1\]\.helm\.valueFiles \(\$values\/values\/apps\.yaml: applications\.podinfo/,
    ],
    [
      { 'clusters/apps.yaml': ARGO(`  sources:\n${CHART_SOURCE('valueFiles: [$other/apps.yaml]\n')}`) },
      /clusters\/apps\.yaml:\d+:9: an Argo CD Application's sources\[0\]\.helm\.valueFiles \(\$other\/apps\.yaml: values the tool cannot read/,
    ],
    [
      { 'clusters/hr.yaml': HR('argocd-apps', `  values:\n${ind(APPS, 4)}`) },
      /clusters\/hr\.yaml:10:3: a Flux HelmRelease's spec\.values \(values: applications/,
    ],
    [
      { 'clusters/hr.yaml': HR('argocd-apps', '  valuesFrom:\n    - {kind: ConfigMap, name: apps}\n') },
      /clusters\/hr\.yaml:10:3: a Flux HelmRelease's spec\.valuesFrom \(values the tool cannot read/,
    ],
  ]
  for (const [files, warning] of cases) held(tempRepo('smi-deployers-values-', { ...PLAIN, ...files }), warning)
})

testWith('kubectl')('values without patch-like keys, and valuesFrom of a chart that makes no Applications, convert', () => {
  const plainApps = APPS.replace(/ {6}kustomize:[\s\S]*?(?= {4}destination)/, '')
  converts(
    tempRepo('smi-deployers-values-', {
      ...PLAIN,
      'values/apps.yaml': plainApps,
      'clusters/apps.yaml': ARGO(
        `  sources:\n    - {repoURL: https://example.org/fleet.git, ref: values}\n${CHART_SOURCE('valueFiles: [$values/values/apps.yaml]\n')}`,
      ),
      'clusters/hr.yaml': HR('podinfo', '  valuesFrom:\n    - {kind: ConfigMap, name: podinfo}\n  values: {replicaCount: 2}\n'),
    }),
  )
})

test.run()
