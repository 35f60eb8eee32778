/**
 * Deploy-time patches (docs/kustomize.md#deploy-time-patches) over objects reached from afar: a
 * kustomization any number of hops above a Flux or Argo CD object, a patch that makes a deploy
 * object of another kind, a remote resource that may be this repository. Each holds every tree;
 * `kubectl kustomize` shows the patch reaching the deployed object.
 */
import * as assert from 'uvu/assert'
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: podinfo\nspec:\n  service: podinfo\n  backends:\n    - service: podinfo-v1\n      weight: "1"\n    - service: podinfo-v2\n      weight: 500m\n'
const PLAIN = {
  'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'apps/base/podinfo/split.yaml': SPLIT,
  'apps/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
}
const TS_PATCH = '[{target: {kind: TrafficSplit}, patch: "- op: replace\\n  path: /spec/backends/1/weight\\n  value: 250m"}]'
const FLUX_KS = `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./apps/production\n  prune: true\n  sourceRef: {kind: GitRepository, name: flux-system}\n`
const FIX = `patches:\n  - target: {kind: Kustomization, name: apps}\n    patch: |-\n      - op: add\n        path: /spec/patches\n        value: ${TS_PATCH}\n`
const kustomize = (dir: string) => execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })

function held(files: Record<string, string>, warning: RegExp): string {
  const repo = tempRepo('smi-deployers-reach-', { ...PLAIN, ...files })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, new RegExp(`apps/base/podinfo/split\\.yaml: warning: left unchanged: ${warning.source}`), r.stdout)
  assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
  return repo
}

testWith('kubectl')('a kustomization two or three hops above a Flux Kustomization it patches holds every tree', () => {
  for (const hops of [2, 3]) {
    const files: Record<string, string> = {
      'clusters/base/apps.yaml': FLUX_KS,
      'clusters/base/kustomization.yaml': 'resources:\n  - apps.yaml\n',
      'clusters/mid/kustomization.yaml': 'resources:\n  - ../base\n',
      'clusters/stage/kustomization.yaml': 'resources:\n  - ../mid\n',
      'clusters/production/kustomization.yaml': `resources:\n  - ${hops === 2 ? '../mid' : '../stage'}\n${FIX}`,
    }
    const repo = held(
      files,
      /clusters\/production\/kustomization\.yaml:3:1: a kustomization's patches \(over the Flux or Argo CD objects it builds\)/,
    )
    // The patch reaches the deployed Kustomization: it would rewrite the TrafficSplit after the conversion.
    assert.match(kustomize(join(repo, 'clusters/production')), /kind: TrafficSplit/)
  }
})

testWith('kubectl')('an Argo CD Application two hops below a kustomization that patches its source holds every tree', () => {
  const app = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: apps, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n  source: {repoURL: https://example.org/fleet.git, path: apps/production}\n`
  const fix = `patches:\n  - target: {kind: Application, name: apps}\n    patch: |-\n      - op: add\n        path: /spec/source/kustomize\n        value: {patches: ${TS_PATCH}}\n`
  const repo = held(
    {
      'clusters/common/app.yaml': app,
      'clusters/common/kustomization.yaml': 'resources:\n  - app.yaml\n',
      'clusters/group/kustomization.yaml': 'resources:\n  - ../common\n',
      'clusters/production/kustomization.yaml': `resources:\n  - ../group\n${fix}`,
    },
    /clusters\/production\/kustomization\.yaml:3:1: a kustomization's patches/,
  )
  assert.match(kustomize(join(repo, 'clusters/production')), /kind: TrafficSplit/)
})

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: apps, namespace: flux-system}\ndata: {a: b}\n'
const TO_KS = `- {op: replace, path: /apiVersion, value: kustomize.toolkit.fluxcd.io/v1}\n- {op: replace, path: /kind, value: Kustomization}\n- {op: remove, path: /data}\n- op: add\n  path: /spec\n  value: {interval: 10m, path: ./apps/production, sourceRef: {kind: GitRepository, name: flux-system}, patches: ${TS_PATCH}}\n`

testWith('kubectl')("a patch that rewrites a ConfigMap's kind and apiVersion into a Flux Kustomization holds every tree", () => {
  for (const [k, extra] of [
    [`resources: [cm.yaml]\npatches:\n  - target: {kind: ConfigMap, name: apps}\n    patch: |-\n${TO_KS.replace(/^/gm, '      ')}`, {}],
    [
      'resources: [cm.yaml]\npatchesJson6902:\n  - target: {version: v1, kind: ConfigMap, name: apps}\n    path: ops.yaml\n',
      { 'clusters/production/ops.yaml': TO_KS },
    ],
  ] as const) {
    const repo = held(
      { 'clusters/production/cm.yaml': CM, 'clusters/production/kustomization.yaml': k, ...extra },
      /clusters\/production\/kustomization\.yaml:2:1: a kustomization's patch\w* \(a patch that may change an object's kind or apiVersion/,
    )
    const built = kustomize(join(repo, 'clusters/production'))
    assert.match(built, /kind: Kustomization/)
    assert.match(built, /kind: TrafficSplit/)
  }
})

testWith('kubectl')('allowKindChange in block style (a string to a reader without the YAML schema) holds every tree', () => {
  const placeholder = 'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Placeholder\nmetadata: {name: apps, namespace: flux-system}\n'
  const repo = held(
    {
      // The patch is no deploy object: a kind change keeps the target's apiVersion (kustomize's group).
      'clusters/production/ks.yaml': FLUX_KS.replace('kustomize.toolkit.fluxcd.io/v1', 'v1').replace(
        'spec:\n',
        `spec:\n  patches: ${TS_PATCH}\n`,
      ),
      'clusters/production/placeholder.yaml': placeholder,
      'clusters/production/kustomization.yaml':
        'resources:\n  - placeholder.yaml\npatches:\n  - path: ks.yaml\n    target:\n      kind: Placeholder\n    options:\n      allowKindChange: true\n',
    },
    /clusters\/production\/kustomization\.yaml:3:1: a kustomization's patches \(a patch that may change an object's kind or apiVersion/,
  )
  const built = kustomize(join(repo, 'clusters/production'))
  assert.match(built, /kind: Kustomization/)
  assert.match(built, /kind: TrafficSplit/)
})

test("a patch that writes a ConfigMap's name and labels converts", () => {
  const repo = tempRepo('smi-deployers-reach-', {
    ...PLAIN,
    'clusters/production/cm.yaml': CM,
    'clusters/production/kustomization.yaml':
      'resources: [cm.yaml]\npatches:\n  - target: {kind: ConfigMap, name: apps}\n    patch: |-\n      - {op: add, path: /metadata/labels, value: {a: b}}\n      - {op: replace, path: /metadata/name, value: x}\n',
  })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
})

test('a remote resource beside a patch over the Flux Kustomization it may build holds every tree; a Deployment patch converts', () => {
  for (const url of ['https://github.com/example/fleet//clusters/base?ref=main', 'github.com/example/fleet/clusters/base?ref=v1']) {
    const files = {
      'clusters/base/apps.yaml': FLUX_KS,
      'clusters/base/kustomization.yaml': 'resources:\n  - apps.yaml\n',
    }
    held(
      { ...files, 'clusters/production/kustomization.yaml': `resources:\n  - ${url}\n${FIX}` },
      /clusters\/production\/kustomization\.yaml:3:1: a kustomization's patches \(over the Flux or Argo CD objects it builds\)/,
    )
    const repo = tempRepo('smi-deployers-reach-', {
      ...PLAIN,
      ...files,
      'clusters/production/kustomization.yaml': `resources:\n  - ${url}\npatches:\n  - target: {kind: Deployment}\n    patch: '[{op: add, path: /spec/replicas, value: 2}]'\n`,
    })
    assert.is(cli(['--write', '.'], { cwd: repo }).status, 0)
  }
})

const ARGO_CD_HR = (values: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: argo-cd, namespace: argocd}\nspec:\n  interval: 1h\n  chart:\n    spec:\n      chart: argo-cd\n      sourceRef: {kind: HelmRepository, name: argo}\n  values:\n${values}`

test("values strings that only name an Argo CD label or kind convert; a deploy object's apiVersion in values holds", () => {
  const repo = tempRepo('smi-deployers-reach-', {
    ...PLAIN,
    'infrastructure/argocd/hr.yaml': ARGO_CD_HR(
      '    configs:\n      cm:\n        application.instanceLabelKey: argocd.argoproj.io/instance\n        resource.customizations: |\n          argoproj.io/Application:\n            health.lua: return {}\n',
    ),
  })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
  for (const extra of [
    '    extraObjects:\n      - apiVersion: argoproj.io/v1alpha1\n        kind: Application\n        metadata: {name: x}\n',
    '    extraObjects:\n      - |\n        apiVersion: kustomize.toolkit.fluxcd.io/v1\n        kind: Kustomization\n',
  ])
    held(
      { 'infrastructure/argocd/hr.yaml': ARGO_CD_HR(extra) },
      /infrastructure\/argocd\/hr\.yaml:10:3: a Flux HelmRelease's spec\.values \(values: extraObjects\.0/,
    )
})

test('a templated apiVersion in a chart template of a deploy kind holds, whatever it spells; of another kind it converts', () => {
  const tpl = (api: string, kind: string) =>
    `apiVersion: ${api}\nkind: ${kind}\nmetadata: {name: podinfo, namespace: argocd}\nspec:\n  project: default\n  source:\n    repoURL: https://example.org/fleet.git\n    path: apps/production\n    kustomize:\n      patches: {{ toJson .Values.patches }}\n`
  const chart = (t: string) => ({
    'clusters/apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
    'clusters/apps/templates/podinfo.yaml': t,
  })
  held(
    chart(tpl('{{ printf "%s%s/%s" "argoproj" ".io" "v1alpha1" }}', 'Application')),
    /clusters\/apps\/templates\/podinfo\.yaml:1:13: a template action/,
  )
  const repo = tempRepo('smi-deployers-reach-', { ...PLAIN, ...chart(tpl('{{ include "ingress.apiVersion" . }}', 'Ingress')) })
  assert.is(cli(['--write', '.'], { cwd: repo }).status, 0)
})

test("an Application's operation, whose sync source may carry patches, holds every tree", () => {
  held(
    {
      'clusters/production/app.yaml': `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: podinfo, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n  source: {repoURL: https://example.org/fleet.git, path: apps/production}\noperation:\n  sync:\n    source:\n      repoURL: https://example.org/fleet.git\n      path: apps/production\n      kustomize: {patches: ${TS_PATCH}}\n`,
    },
    /clusters\/production\/app\.yaml:8:1: an Argo CD Application's operation/,
  )
})

test.run()
