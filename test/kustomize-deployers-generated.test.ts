/**
 * Deploy-time patches from deploy objects the repository generates or renames
 * (docs/kustomize.md#deploy-time-patches): Helm templates of Applications read with their actions
 * masked, Jsonnet, sources that rename paths, name prefixes, kustomization patches over deploy
 * objects that write only fields that render nothing of the repository, and values a chart turns
 * into Applications. Each case runs the real CLI with --write over the repository: held (exit 1,
 * a warning at the field, nothing written), or converted with `kubectl kustomize` of the deployed
 * path rendering the same ratios before and after.
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
const BASE = {
  'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'apps/base/podinfo/split.yaml': SPLIT,
  'apps/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
}
const OPS = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'
const ind = (t: string, n: number) =>
  t
    .split('\n')
    .map((l) => (l ? ' '.repeat(n) + l : l))
    .join('\n')
const TS_PATCHES = (n: number) => ind(`patches:\n  - target: {kind: TrafficSplit}\n    patch: |\n${ind(OPS, 6)}`, n)
const CHART = { 'clusters/apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n' }
const APP = (source: string, meta = 'name: podinfo') =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n${ind(meta, 2)}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n  source:\n${ind(source, 4)}`

/** --write over the repository: held (exit 1, `warning` at the field, nothing written). */
function held(repo: string, warning: RegExp, file = 'apps/base/podinfo/split.yaml'): void {
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, new RegExp(`${file.replace(/\./g, '\\.')}: warning: left unchanged: ${warning.source}`), r.stdout)
  assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
}

/** --write over the repository converts the split, and apps/production renders the same ratios. */
function converts(repo: string, dir = 'apps/production'): void {
  const before = build(join(repo, dir)).get('podinfo')!
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
  const after = build(join(repo, dir)).get('podinfo')!
  assert.ok(sameRatios(before.weights, after.weights), `${before.weights} -> ${after.weights}`)
}

const HEADERS = ['{{- if .Values.enabled }}', '{{- /* podinfo */ -}}', '{{- $cfg := .Values.config -}}']
for (const h of HEADERS)
  test(`a Helm template of an Application behind '${h}' that writes its source from values`, () => {
    const end = h.includes('if') ? '{{- end }}\n' : ''
    const repo = tempRepo('smi-deployers-gen-', {
      ...BASE,
      ...CHART,
      'clusters/apps/templates/podinfo.yaml': `${h}\n${APP('repoURL: https://example.org/fleet.git\npath: apps/production\n{{- toYaml .Values.source | nindent 4 }}\n')}${end}`,
      'clusters/apps/values.yaml': `enabled: true\nsource:\n  kustomize:\n${TS_PATCHES(4)}`,
    })
    held(repo, /clusters\/apps\/templates\/podinfo\.yaml:\d+:5: a template action that writes text on a line of its own/)
  })

const RANGE = (path: string, more = '') =>
  `{{- range .Values.applications }}\n---\n${APP(`path: ${path}\nrepoURL: {{ $.Values.repoURL }}\ntargetRevision: HEAD\n${more}`, 'name: {{ .name | quote }}\nnamespace: argocd\nannotations:\n  argocd.argoproj.io/sync-wave: "{{ .wave }}"').replace('server: https://kubernetes.default.svc', 'server: {{ $.Values.server | quote }}')}{{- end }}\n`
const VALUES =
  'server: https://kubernetes.default.svc\nrepoURL: https://example.org/fleet.git\napplications:\n  - {name: podinfo, wave: 1}\n'

testWith('kubectl')('a Helm template of Applications that templates only names, servers and repositories converts', () => {
  converts(
    tempRepo('smi-deployers-gen-', {
      ...BASE,
      ...CHART,
      'clusters/apps/templates/apps.yaml': RANGE('apps/production'),
      'clusters/apps/values.yaml': VALUES,
    }),
  )
})

test('a Helm template of Applications that templates a path, a name prefix or a key is held', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['{{ .path | quote }}', '', /:\d+:11: a template action that writes spec\.source\.path of a deploy object/],
    [
      'apps/production',
      'kustomize:\n  namePrefix: {{ .prefix }}\n',
      /:\d+:19: a template action that writes spec\.source\.kustomize\.namePrefix/,
    ],
    ['apps/production', '{{ .key }}: {}\n', /:\d+:5: a template action that writes a key of a deploy object/],
    ['apps/production', 'helm: {valuesObject: {{ include "v" . }}}\n', /:\d+:\d+: a template action that may write fields/],
  ]
  for (const [path, more, warning] of cases) {
    const repo = tempRepo('smi-deployers-gen-', {
      ...BASE,
      ...CHART,
      'clusters/apps/templates/apps.yaml': RANGE(path, more),
      'clusters/apps/values.yaml': VALUES,
    })
    held(repo, new RegExp(`clusters/apps/templates/apps\\.yaml${warning.source}`))
  }
})

testWith('kubectl')("a chart's values written as one block below helm.valuesObject: converts, but not for argocd-apps", () => {
  const app = (chart: string) =>
    APP(
      `repoURL: https://example.org/charts\nchart: ${chart}\ntargetRevision: 1.0.0\nhelm:\n  valuesObject: {{ toYaml .Values.apps | nindent 8 }}\n`,
    )
  const values = { 'clusters/apps/values.yaml': 'apps: {replicaCount: 2}\n' }
  converts(tempRepo('smi-deployers-gen-', { ...BASE, ...CHART, ...values, 'clusters/apps/templates/app.yaml': app('podinfo') }))
  held(
    tempRepo('smi-deployers-gen-', { ...BASE, ...CHART, ...values, 'clusters/apps/templates/app.yaml': app('argocd-apps') }),
    /clusters\/apps\/templates\/app\.yaml:13:21: a template action that may write fields/,
  )
})

test('an Application in a named template (define) is held', () => {
  const repo = tempRepo('smi-deployers-gen-', {
    ...BASE,
    ...CHART,
    'clusters/apps/templates/_app.tpl': `{{- define "app" }}\n${APP('repoURL: https://example.org/fleet.git\npath: apps/production\n')}{{- end }}\n`,
  })
  held(repo, /clusters\/apps\/templates\/_app\.tpl:1:1: a named template \(define\) that holds a deploy object/)
})

test('an Argo CD Application in Jsonnet (a directory source renders it) is held; a .libsonnet with an escape too', () => {
  const app = `{\n  apiVersion: 'argoproj.io/v1alpha1', kind: 'Application',\n  metadata: { name: 'podinfo' },\n  spec: { source: { path: 'apps/production', kustomize: { patches: [{ target: { kind: 'TrafficSplit' }, patch: ${JSON.stringify(OPS)} }] } } },\n}\n`
  held(
    tempRepo('smi-deployers-gen-', { ...BASE, 'clusters/apps/podinfo.jsonnet': app }),
    /clusters\/apps\/podinfo\.jsonnet:2:16: a Jsonnet file naming a deploy group/,
  )
  const lib = app.replace('argoproj.io', 'argoproj\\u002eio')
  held(
    tempRepo('smi-deployers-gen-', { ...BASE, 'clusters/apps/app.libsonnet': lib }),
    /clusters\/apps\/app\.libsonnet:2:\d+: a Jsonnet file/,
  )
})

const KS = (kind: string, name: string, path: string, more = TS_PATCHES(2)) =>
  `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  interval: 1h\n  sourceRef: {kind: ${kind}, name: ${name}}\n  path: ${path}\n${more}`
const GITREPO = (more = '') =>
  `apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata: {name: deploy, namespace: flux-system}\nspec:\n  interval: 5m\n  url: https://example.org/deploy\n  ref: {branch: main}\n${more}`

test('a Kustomization of a source that renames paths (ArtifactGenerator copy, GitRepository include, OCI) reaches every tree', () => {
  const generator =
    'apiVersion: source.extensions.fluxcd.io/v1beta1\nkind: ArtifactGenerator\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  sources:\n    - {alias: mono, kind: GitRepository, name: flux-system}\n  artifacts:\n    - name: apps\n      copy:\n        - {from: "@mono/apps/base/**", to: "@artifact/base/"}\n        - {from: "@mono/apps/production/**", to: "@artifact/prod/"}\n'
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      { 'clusters/gen.yaml': generator, 'clusters/apps.yaml': KS('ExternalArtifact', 'apps', './prod') },
      /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.patches/,
    ],
    [
      {
        'clusters/sources.yaml': GITREPO(
          '  include:\n    - repository: {name: flux-system}\n      fromPath: apps\n      toPath: vendored\n',
        ),
        'clusters/apps.yaml': KS('GitRepository', 'deploy', './vendored/production', ''),
      },
      /clusters\/sources\.yaml:8:3: a Flux GitRepository's spec\.include \(it renames paths\)/,
    ],
    [{ 'clusters/apps.yaml': KS('OCIRepository', 'apps', './prod') }, /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.patches/],
  ]
  for (const [files, warning] of cases) held(tempRepo('smi-deployers-gen-', { ...BASE, ...files }), warning)
})

testWith('kubectl')('a GitRepository without include, and a Kustomization of it that patches Deployments, convert', () => {
  const deployments =
    '  patches:\n    - target: {kind: Deployment}\n      patch: |\n        - {op: replace, path: /spec/replicas, value: 2}\n'
  converts(
    tempRepo('smi-deployers-gen-', {
      ...BASE,
      'clusters/sources.yaml': GITREPO(),
      'clusters/apps.yaml': KS('GitRepository', 'deploy', './apps/production', deployments),
    }),
  )
})

const PREFIXED =
  'resources:\n  - ../base/podinfo\npatchesJson6902:\n  - target: {group: split.smi-spec.io, version: v1alpha1, kind: TrafficSplit, name: prod-podinfo}\n    patch: |-\n      - op: replace\n        path: /spec/backends/1/weight\n        value: 250m\n'

testWith('kubectl')("a deploy object's name prefix over a tree whose patch selects by the prefixed name is held", () => {
  const argo = APP('repoURL: https://example.org/fleet.git\npath: apps/production\nkustomize:\n  namePrefix: prod-\n')
  const repo = tempRepo('smi-deployers-gen-', { ...BASE, 'apps/production/kustomization.yaml': PREFIXED, 'clusters/app.yaml': argo })
  // What Argo CD builds: `kustomize edit set nameprefix` in the path's kustomization; the patch then applies.
  const w = tempRepo('smi-deployers-gen-', { ...BASE, 'apps/production/kustomization.yaml': `${PREFIXED}namePrefix: prod-\n` })
  assert.equal(build(join(w, 'apps/production')).get('prod-podinfo')!.weights, [1000000000n, 250000000n])
  held(
    repo,
    /clusters\/app\.yaml:12:7: an Argo CD Application's source\.kustomize\.namePrefix \(a name or namespace/,
    'apps/production/kustomization.yaml',
  )
  const flux = KS('GitRepository', 'flux-system', './apps/production', '  namePrefix: prod-\n')
  held(
    tempRepo('smi-deployers-gen-', { ...BASE, 'apps/production/kustomization.yaml': PREFIXED, 'clusters/apps.yaml': flux }),
    /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.namePrefix/,
    'apps/production/kustomization.yaml',
  )
})

testWith('kubectl')('a name prefix or target namespace over a tree without patches converts', () => {
  const flux = KS('GitRepository', 'flux-system', './apps/production', '  namePrefix: prod-\n  targetNamespace: podinfo\n')
  converts(tempRepo('smi-deployers-gen-', { ...BASE, 'clusters/apps.yaml': flux }))
})

test.run()
