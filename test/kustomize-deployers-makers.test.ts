/**
 * Deploy-time patches (docs/kustomize.md#deploy-time-patches) from deploy objects that no file
 * spells: a kustomization's transformers, replacements, configurations or charts make a Flux
 * Kustomization of a ConfigMap or of an object of another group. Each holds every tree, nothing
 * written; `kubectl kustomize` shows the made object carrying the TrafficSplit patch.
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
/** A Flux Kustomization's spec (path ./apps/production) that carries a TrafficSplit patch. */
const FKS =
  'spec:\n  interval: 10m\n  path: ./apps/production\n  sourceRef: {kind: GitRepository, name: flux-system}\n  patches:\n    - target: {kind: TrafficSplit}\n      patch: "- op: replace\\n  path: /spec/backends/1/weight\\n  value: 250m"\n'
const CM = `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: apps, namespace: flux-system}\ndata: {api: kustomize.toolkit.fluxcd.io/v1, kind: Kustomization}\n${FKS}`
const MOVE =
  '[{"op": "move", "from": "/data/api", "path": "/apiVersion"}, {"op": "move", "from": "/data/kind", "path": "/kind"}, {"op": "remove", "path": "/data"}]'
const kustomize = (dir: string) => execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })

function held(files: Record<string, string>, warning: RegExp): string {
  const repo = tempRepo('smi-deployers-makers-', { ...PLAIN, ...files })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, new RegExp(`apps/base/podinfo/split\\.yaml: warning: left unchanged: ${warning.source}`), r.stdout)
  assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
  return repo
}

function converts(files: Record<string, string>): void {
  const repo = tempRepo('smi-deployers-makers-', { ...PLAIN, ...files })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
}

/** The made Flux Kustomization, as kustomize emits it, deploys apps/production with the TrafficSplit patch. */
function madeFlux(built: string): void {
  assert.match(built, /apiVersion: kustomize\.toolkit\.fluxcd\.io\/v1\nkind: Kustomization\n/)
  assert.match(built, /kind: TrafficSplit/)
}

testWith('kubectl')('replacements, transformers and configurations that make a Flux Kustomization hold every tree', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      {
        'clusters/production/obj.yaml': `apiVersion: placeholder/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\n${FKS}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: groups}\ndata: {flux: kustomize.toolkit.fluxcd.io}\n`,
        'clusters/production/kustomization.yaml':
          'resources: [obj.yaml]\nreplacements:\n  - source: {kind: ConfigMap, name: groups, fieldPath: data.flux}\n    targets:\n      - select: {kind: Kustomization}\n        fieldPaths: [apiVersion]\n        options: {delimiter: /, index: 0}\n',
      },
      /clusters\/production\/kustomization\.yaml:2:1: a kustomization's replacements \(a replacement that may write an apiVersion/,
    ],
    [
      {
        'clusters/production/cm.yaml': CM,
        'clusters/production/tr.yaml': `apiVersion: builtin\nkind: PatchJson6902Transformer\nmetadata: {name: t}\ntarget: {kind: ConfigMap, name: apps}\njsonOp: '${MOVE}'\n`,
        'clusters/production/kustomization.yaml': 'resources: [cm.yaml]\ntransformers: [tr.yaml]\n',
      },
      /clusters\/production\/kustomization\.yaml:2:1: a kustomization's transformers \(a field that may create an object or change its kind/,
    ],
    [
      {
        'clusters/production/obj.yaml': `apiVersion: v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\n${FKS}`,
        'clusters/production/cfg.yaml': 'namePrefix:\n  - path: apiVersion\n',
        'clusters/production/kustomization.yaml':
          'resources: [obj.yaml]\nconfigurations: [cfg.yaml]\nnamePrefix: kustomize.toolkit.fluxcd.io/\n',
      },
      /clusters\/production\/kustomization\.yaml:2:1: a kustomization's configurations \(/,
    ],
  ]
  for (const [files, warning] of cases) madeFlux(kustomize(join(held(files, warning), 'clusters/production')))
})

test('helmCharts of a chart that spells a deploy group (any chart home), generators and other fields off the list hold, each named; plain fields and replacements below the kind convert', () => {
  const app =
    'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: podinfo, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n  source: {repoURL: https://github.com/example/fleet.git, path: apps/production}\n'
  held(
    {
      'charts/apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
      'charts/apps/templates/podinfo.yaml': app,
      'clusters/production/kustomization.yaml':
        'helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: apps\n    releaseName: apps\n',
    },
    /clusters\/production\/kustomization\.yaml:1:1: a kustomization's helmGlobals \(/,
  )
  // The same chart home with a chart in the repository none of whose files spells a deploy group converts;
  // a chart kustomize would pull (not in the repository) is known only by its name and values.
  const chart = {
    'charts/apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
    'charts/apps/templates/cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: {{ .Release.Name }}}\n',
  }
  const home = 'helmGlobals:\n  chartHome: ../../charts\nhelmCharts:\n  - name: apps\n    releaseName: apps\n'
  converts({ ...chart, 'clusters/production/kustomization.yaml': home })
  held(
    { ...chart, 'charts/apps/templates/helper.tpl': '{{- define "g" }}argoproj{{ end }}', 'clusters/production/kustomization.yaml': home },
    /clusters\/production\/kustomization\.yaml:1:1: a kustomization's helmGlobals \(/,
  )
  held(
    {
      'clusters/base/apps.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./apps/production\n  sourceRef: {kind: GitRepository, name: flux-system}\n',
      'clusters/base/kustomization.yaml': 'resources: [apps.yaml]\n',
      'clusters/production/kustomization.yaml': 'generators: [../base]\n',
    },
    /clusters\/production\/kustomization\.yaml:1:1: a kustomization's generators \(a field that may create an object/,
  )
  for (const field of ['validators: [v.yaml]', 'openapi: {path: schema.json}', 'crds: [crd.yaml]', 'newField: 1'])
    held(
      { 'clusters/production/kustomization.yaml': `resources: []\n${field}\n` },
      new RegExp(`clusters/production/kustomization\\.yaml:2:1: a kustomization's ${field.split(':')[0]} \\(`),
    )
  converts({
    'deploy/kustomization.yaml':
      'resources: [dep.yaml]\nnamespace: web\nnamePrefix: a-\nlabels: [{pairs: {a: b}}]\nimages: [{name: x, newTag: "2"}]\nconfigMapGenerator: [{name: c, literals: [a=b]}]\nreplacements:\n  - source: {kind: ConfigMap, name: c, fieldPath: data.a}\n    targets:\n      - select: {kind: Deployment}\n        fieldPaths: [metadata.annotations.a, "spec.template.spec.containers.[name=x].image"]\n',
    'deploy/dep.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n',
  })
})

test('transformers files of builtin transformers that cannot change a kind convert; one writing the kind, a patch of /kind or another kind holds', () => {
  const dep = { 'deploy/dep.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n' }
  const k = 'resources: [dep.yaml]\ntransformers: [t.yaml]\n'
  const label =
    'apiVersion: builtin\nkind: LabelTransformer\nmetadata: {name: l}\nlabels: {team: a}\nfieldSpecs:\n  - {path: metadata/labels, create: true}\n---\napiVersion: builtin\nkind: PatchTransformer\nmetadata: {name: p}\ntarget: {kind: Deployment}\npatch: \'[{"op": "add", "path": "/metadata/annotations", "value": {"a": "b"}}]\'\n'
  converts({ ...dep, 'deploy/kustomization.yaml': k, 'deploy/t.yaml': label })
  for (const t of [
    'apiVersion: builtin\nkind: PrefixSuffixTransformer\nmetadata: {name: p}\nprefix: Flux\nfieldSpecs:\n  - {path: kind}\n',
    'apiVersion: builtin\nkind: PatchTransformer\nmetadata: {name: p}\ntarget: {kind: Deployment}\npatch: \'[{"op": "replace", "path": "/kind", "value": "Kustomization"}]\'\n',
    'apiVersion: example.com/v1\nkind: MyTransformer\nmetadata: {name: m}\n',
  ])
    held(
      { ...dep, 'deploy/kustomization.yaml': k, 'deploy/t.yaml': t },
      /deploy\/kustomization\.yaml:2:1: a kustomization's transformers \(/,
    )
})

const GEN = (patches: string) =>
  `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: gen, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./clusters/gen\n  prune: true\n  sourceRef: {kind: GitRepository, name: flux-system}\n  patches:\n${patches}`

testWith('kubectl')(
  "a deploy object's own patch that moves a ConfigMap's data into its kind and apiVersion holds every tree, whatever its target",
  () => {
    const gen = { 'clusters/gen/cm.yaml': CM, 'clusters/gen/kustomization.yaml': 'resources: [cm.yaml]\n' }
    const repo = held(
      { ...gen, 'clusters/production/gen.yaml': GEN(`    - target: {kind: ConfigMap, name: apps}\n      patch: '${MOVE}'\n`) },
      /clusters\/production\/gen\.yaml:9:3: a Flux Kustomization's spec\.patches \(it may change an object's kind or apiVersion/,
    )
    // What kustomize-controller applies: the path built with the Kustomization's patch.
    const w = join(repo, 'w')
    execFileSync('mkdir', [w])
    execFileSync('sh', [
      '-c',
      `printf '%s' "$0" > ${w}/kustomization.yaml`,
      `resources: [../clusters/gen]\npatches:\n  - target: {kind: ConfigMap, name: apps}\n    patch: '${MOVE}'\n`,
    ])
    madeFlux(kustomize(w))
    const argo = `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: gen, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: flux-system}\n  source:\n    repoURL: https://example.org/fleet.git\n    path: clusters/gen\n    kustomize:\n      patches:\n        - target: {kind: ConfigMap}\n          patch: '${MOVE}'\n`
    held(
      { ...gen, 'clusters/production/gen.yaml': argo },
      /clusters\/production\/gen\.yaml:11:7: an Argo CD Application's source\.kustomize\.patches \(it may change/,
    )
    const hr = `apiVersion: helm.toolkit.fluxcd.io/v2beta1\nkind: HelmRelease\nmetadata: {name: x, namespace: x}\nspec:\n  interval: 1h\n  chart:\n    spec: {chart: ./charts/x, sourceRef: {kind: GitRepository, name: flux-system}}\n  postRenderers:\n    - kustomize:\n        patchesJson6902:\n          - target: {version: v1, kind: ConfigMap, name: apps}\n            patch:\n              - {op: copy, from: /data/kind, path: /kind}\n`
    held(
      { 'infra/hr.yaml': hr },
      /infra\/hr\.yaml:10:9: a Flux HelmRelease's spec\.postRenderers\[0\]\.kustomize\.patchesJson6902 \(it may change/,
    )
    converts({
      ...gen,
      'clusters/production/gen.yaml': GEN(
        "    - target: {kind: ConfigMap, name: apps}\n      patch: '[{op: add, path: /metadata/labels, value: {a: b}}, {op: test, path: /kind, value: ConfigMap}, {op: replace, path: /data/api, value: x}]'\n",
      ),
    })
  },
)

testWith('kubectl')(
  "an apiVersion or kind that a Flux postBuild fills in holds every tree, the directory's own text naming no group",
  () => {
    const apps = (api: string, kind: string) => `apiVersion: ${api}\nkind: ${kind}\nmetadata: {name: apps, namespace: flux-system}\n${FKS}`
    for (const [api, kind] of [
      ['${FLUX_GROUP}/v1', 'Kustomization'],
      ['${FLUX_API}', '${FLUX_KIND}'],
    ]) {
      const repo = held(
        {
          'clusters/gen/apps.yaml': apps(api!, kind!),
          'clusters/gen/kustomization.yaml': 'resources: [apps.yaml]\n',
          'clusters/production/gen.yaml':
            'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: gen, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./clusters/gen\n  prune: true\n  sourceRef: {kind: GitRepository, name: flux-system}\n  postBuild:\n    substitute: {FLUX_GROUP: kustomize.toolkit.fluxcd.io, FLUX_API: kustomize.toolkit.fluxcd.io/v1, FLUX_KIND: Kustomization}\n',
        },
        /clusters\/gen\/apps\.yaml:1:1: a (?:Kustomization|\$\{FLUX_KIND\}) \(\$\{FLUX_(?:GROUP\}\/v1|API\})\)'s apiVersion \(templated\)/,
      )
      // What kustomize-controller applies: the build with the variables substituted.
      const vars: Record<string, string> = {
        FLUX_GROUP: 'kustomize.toolkit.fluxcd.io',
        FLUX_API: 'kustomize.toolkit.fluxcd.io/v1',
        FLUX_KIND: 'Kustomization',
      }
      madeFlux(kustomize(join(repo, 'clusters/gen')).replace(/\$\{(\w+)\}/g, (_, v: string) => vars[v]!))
    }
  },
)

testWith('kubectl')(
  'a resource that is not an existing path of the repository (user@host:org/repo, a host name) is remote: beside a patch over deploy objects it holds every tree',
  () => {
    const base = {
      'clusters/base/apps.yaml':
        'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  interval: 10m\n  path: ./apps/production\n  sourceRef: {kind: GitRepository, name: flux-system}\n',
      'clusters/base/kustomization.yaml': 'resources: [apps.yaml]\n',
      'kustomization.yaml': 'resources: [clusters/base]\n',
    }
    const fix =
      'patches:\n  - target: {kind: Kustomization, name: apps}\n    patch: |-\n      - op: add\n        path: /spec/patches\n        value: [{target: {kind: TrafficSplit}, patch: "- {op: replace, path: /spec/backends/1/weight, value: 250m}"}]\n'
    for (const url of ['deploy@git.example.com:org/fleet', 'code.example.net/org/fleet//clusters/base']) {
      const repo = held(
        { ...base, 'clusters/production/kustomization.yaml': `resources:\n  - ${url}\n${fix}` },
        /clusters\/production\/kustomization\.yaml:3:1: a kustomization's patches \(over the Flux or Argo CD objects it builds\)/,
      )
      if (!url.includes('@')) continue
      // kustomize reads the entry as a repository to clone over ssh, not as a directory.
      let err = ''
      try {
        execFileSync('kubectl', ['kustomize', join(repo, 'clusters/production')], {
          encoding: 'utf8',
          stdio: 'pipe',
          env: { ...process.env, GIT_SSH_COMMAND: 'false', GIT_TERMINAL_PROMPT: '0' },
        })
      } catch (e) {
        err = String((e as { stderr?: string }).stderr)
      }
      assert.match(err, /deploy@git\.example\.com[\s\S]*the repository exists/, err)
    }
  },
)

const APPS = {
  'argocd/base/podinfo.yaml':
    'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: podinfo, namespace: argocd}\nspec:\n  project: default\n  destination: {server: https://kubernetes.default.svc, namespace: podinfo}\n  source: {repoURL: https://github.com/example/fleet.git, path: apps/production, targetRevision: HEAD}\n',
  'argocd/base/kustomization.yaml': 'resources:\n  - podinfo.yaml\n',
  'argocd/mid/kustomization.yaml': 'resources:\n  - ../base\n',
}
const REPLACE = (fieldPath: string) =>
  `resources:\n  - ../../argocd/mid\nconfigMapGenerator:\n  - name: cluster\n    literals: [server=https://prod.example]\n    options: {disableNameSuffixHash: true}\nreplacements:\n  - source: {kind: ConfigMap, name: cluster, fieldPath: data.server}\n    targets:\n      - select: {kind: Application}\n        fieldPaths: [${fieldPath}]\n`

testWith('kubectl')(
  'replacements and components over Applications two hops down convert when they write only harmless fields, and hold when they may write the source',
  () => {
    converts({ ...APPS, 'clusters/production/kustomization.yaml': REPLACE('spec.destination.server') })
    const ha = {
      'components/ha/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - target: {kind: Deployment}\n    patch: |-\n      - {op: replace, path: /spec/replicas, value: 3}\n',
    }
    converts({
      ...APPS,
      ...ha,
      'clusters/production/kustomization.yaml': 'resources:\n  - ../../argocd/mid\ncomponents:\n  - ../../components/ha\n',
    })
    held(
      { ...APPS, 'clusters/production/kustomization.yaml': REPLACE('spec.source.path') },
      /clusters\/production\/kustomization\.yaml:7:1: a kustomization's replacements \(over the Flux or Argo CD objects it builds\)/,
    )
    const fix = {
      'components/fix/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - target: {kind: Application}\n    patch: |-\n      - op: add\n        path: /spec/source/kustomize\n        value: {patches: [{target: {kind: TrafficSplit}, patch: "- {op: replace, path: /spec/backends/1/weight, value: 250m}"}]}\n',
    }
    const repo = held(
      {
        ...APPS,
        ...fix,
        'clusters/production/kustomization.yaml': 'resources:\n  - ../../argocd/mid\ncomponents:\n  - ../../components/fix\n',
      },
      /clusters\/production\/kustomization\.yaml:3:1: a kustomization's components \(over the Flux or Argo CD objects it builds\)/,
    )
    assert.match(kustomize(join(repo, 'clusters/production')), /kind: TrafficSplit/)
    assert.match(kustomize(join(repo, 'clusters/production')), /server: https:\/\/kubernetes\.default\.svc/)
  },
)

const HR = (name: string, values: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: ${name}, namespace: ${name}}\nspec:\n  interval: 1h\n  chart:\n    spec:\n      chart: ${name}\n      sourceRef: {kind: HelmRepository, name: r}\n  values:\n${values}`

test('values that hold an AppProject or a group/version/Kind string convert; an Application in values holds', () => {
  converts({
    'infra/argo.yaml': HR(
      'argo-cd',
      '    extraObjects:\n      - apiVersion: argoproj.io/v1alpha1\n        kind: AppProject\n        metadata: {name: team-a}\n        spec: {sourceRepos: ["*"], destinations: [{namespace: "*", server: "*"}]}\n',
    ),
    'infra/kyverno.yaml': HR('kyverno-policies', '    customPolicies:\n      match:\n        kinds: [argoproj.io/v1alpha1/Application]\n'),
  })
  held(
    {
      'infra/argo.yaml': HR(
        'argo-cd',
        '    extraObjects:\n      - apiVersion: argoproj.io/v1alpha1\n        kind: Application\n        metadata: {name: x}\n',
      ),
    },
    /infra\/argo\.yaml:10:3: a Flux HelmRelease's spec\.values \(values: extraObjects\.0\.apiVersion/,
  )
})

const TENANT = (path: string) => ({
  'tenants/base/dev-team/sync.yaml':
    'apiVersion: source.toolkit.fluxcd.io/v1\nkind: GitRepository\nmetadata: {name: dev-team, namespace: apps}\nspec:\n  interval: 1m\n  url: https://github.com/fluxcd/flux2-multi-tenancy\n  ref: {branch: dev-team}\n---\napiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: dev-team, namespace: apps}\nspec:\n  serviceAccountName: dev-team\n  interval: 5m\n  sourceRef: {kind: GitRepository, name: dev-team}\n  prune: true\n',
  'tenants/base/dev-team/kustomization.yaml': 'resources:\n  - sync.yaml\n',
  'tenants/production/dev-team-patch.yaml': `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: dev-team\n  namespace: apps\nspec:\n  path: ${path}\n`,
  'tenants/production/kustomization.yaml': 'namespace: apps\nresources:\n  - ../base/dev-team\npatches:\n  - path: dev-team-patch.yaml\n',
})

testWith('kubectl')(
  "a kustomization's patch that writes a literal path of the Flux Kustomization it builds reaches the trees below that path only",
  () => {
    // Flux's multi-tenancy example: the tenant's path names no directory of these trees.
    converts(TENANT('./tenants'))
    const repo = held(
      TENANT('./apps/production'),
      /tenants\/production\/kustomization\.yaml:4:1: a kustomization's patches \(over the Flux/,
    )
    assert.match(kustomize(join(repo, 'tenants/production')), /path: \.\/apps\/production/)
    held(TENANT('../outside'), /tenants\/production\/kustomization\.yaml:4:1: a kustomization's patches \(over the Flux/)
    held(TENANT('../${TENANT}'), /tenants\/production\/dev-team-patch\.yaml:7:3: a Flux Kustomization's spec\.path \(templated\)/)
  },
)

test.run()
