/**
 * Deploy-time patches held by absence of proof (docs/kustomize.md#deploy-time-patches): shapes a
 * review found converted silently, each a deploy object that is not proven harmless. Each case
 * runs the real CLI with --write over the repository: exit 1, a warning naming the field, nothing
 * written. Where kustomize builds the deploy objects or the deployed directory, `kubectl
 * kustomize` shows the patch reaching the split (the oracle).
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { build } from './helpers/kustomize.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: podinfo\nspec:\n  service: podinfo\n  backends:\n    - service: podinfo-v1\n      weight: "1"\n    - service: podinfo-v2\n      weight: 500m\n'
const BASE = {
  'apps/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'apps/base/podinfo/split.yaml': SPLIT,
  'apps/production/kustomization.yaml': 'namespace: podinfo\nresources:\n  - ../base/podinfo\n',
}
const OPS = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'
const ind = (t: string, n: number) =>
  t
    .split('\n')
    .map((l) => (l ? ' '.repeat(n) + l : l))
    .join('\n')
const FLUX = (spec: string) =>
  `apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\nspec:\n  interval: 10m\n  sourceRef: {kind: GitRepository, name: flux-system}\n${spec}`
const TS_PATCHES = (n: number) =>
  `${' '.repeat(n)}patches:\n${' '.repeat(n)}  - target: {kind: TrafficSplit}\n${' '.repeat(n)}    patch: |\n${ind(OPS, n + 6)}`
const APPSET = (generators: string, extra = '') =>
  `apiVersion: argoproj.io/v1alpha1\nkind: ApplicationSet\nmetadata: {name: apps}\nspec:\n${generators}  template:\n    metadata: {name: '{{name}}'}\n    spec:\n      project: default\n      source: {repoURL: https://example.org/fleet.git, path: '{{path}}'}\n${extra}`

/** --write over the repository: held (exit 1, `warning` at the field, nothing written). */
function held(repo: string, warning: RegExp, file = 'apps/base/podinfo/split.yaml'): void {
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, new RegExp(`${file.replace(/\./g, '\\.')}: warning: left unchanged: ${warning.source}`), r.stdout)
  assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
}

const kustomize = (dir: string) => spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' }).stdout

const CASES: Record<string, [Record<string, string>, RegExp]> = {
  "an ApplicationSet's templatePatch writing the source from a parameter": [
    {
      'config/podinfo/config.json': JSON.stringify({
        name: 'podinfo',
        path: 'apps/production',
        source: { kustomize: { patches: [{ target: { kind: 'TrafficSplit' }, patch: OPS }] } },
      }),
      'clusters/appset.yaml': APPSET(
        '  goTemplate: true\n  generators:\n    - git: {repoURL: https://example.org/fleet.git, revision: HEAD, files: [{path: config/*/config.json}]}\n',
        '  templatePatch: |\n    spec:\n      source: {{ toJson .source }}\n',
      ),
    },
    /clusters\/appset\.yaml:\d+:3: an Argo CD ApplicationSet's spec\.templatePatch \(a field the tool does not know to be harmless\) may patch/,
  ],
  "an ApplicationSet generator's own template": [
    {
      'clusters/appset.yaml': APPSET(
        `  generators:\n    - list:\n        elements:\n          - {name: podinfo, path: apps/production}\n        template:\n          metadata: {}\n          spec:\n            source:\n              path: '{{path}}'\n              kustomize:\n${TS_PATCHES(16)}`,
      ),
    },
    /clusters\/appset\.yaml:5:3: an Argo CD ApplicationSet's spec\.generators \(a generator template\) may patch/,
  ],
  'a Flux Operator ResourceSet generating a patching Kustomization': [
    {
      'clusters/rset.yaml': `apiVersion: fluxcd.controlplane.io/v1\nkind: ResourceSet\nmetadata: {name: apps}\nspec:\n  inputs:\n    - env: production\n  resources:\n    - ${ind(FLUX(`  path: ./apps/<< inputs.env >>\n${TS_PATCHES(2)}`), 6).trimStart()}`,
    },
    /clusters\/rset\.yaml:5:3: a ResourceSet \(fluxcd\.controlplane\.io\/v1\)'s spec\.inputs \(a field the tool does not know to be harmless\) may patch/,
  ],
  'a Helm chart template of Argo CD Applications (patches in values.yaml)': [
    {
      'clusters/chart/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
      'clusters/chart/templates/apps.yaml':
        '{{- range $name, $app := .Values.apps }}\n---\napiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: {{ $name }}\nspec:\n  source:\n    path: {{ $app.path }}\n    {{- with $app.kustomize }}\n    kustomize:\n      {{- toYaml . | nindent 6 }}\n    {{- end }}\n{{- end }}\n',
      'clusters/chart/values.yaml': `apps:\n  podinfo:\n    path: apps/production\n    kustomize:\n${TS_PATCHES(6)}`,
    },
    /clusters\/chart\/templates\/apps\.yaml:9:11: a template action that writes spec\.source\.path of a deploy object may patch/,
  ],
  'an Argo CD Application in JSON whose apiVersion spells its group with an escape': [
    {
      'clusters/app.json': `{"apiVersion": "argoproj\\u002eio/v1alpha1", "kind": "Application", "metadata": {"name": "podinfo"},\n "spec": {"source": {"path": "apps/production", "kustomize": {"patches": [{"target": {"kind": "TrafficSplit"}, "patch": ${JSON.stringify(OPS)}}]}}}}\n`,
    },
    /clusters\/app\.json:2:\d+: an Argo CD Application's source\.kustomize\.patches may patch/,
  ],
}

for (const [name, [files, warning]] of Object.entries(CASES))
  test(name, () => {
    held(tempRepo('smi-deployers-proof-', { ...BASE, ...files }), warning)
  })

testWith('kubectl')('a component a Flux Kustomization lists, holding the split, and its patches', () => {
  const repo = tempRepo('smi-deployers-proof-', {
    'apps/base/podinfo/kustomization.yaml': 'resources:\n  - svc.yaml\n',
    'apps/base/podinfo/svc.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {name: podinfo}\nspec: {ports: [{port: 80}]}\n',
    'apps/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
    'apps/components/canary/kustomization.yaml':
      'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n  - split.yaml\n',
    'apps/components/canary/split.yaml': SPLIT,
    'clusters/apps.yaml': FLUX(`  path: ./apps/production\n  components:\n    - ../components/canary\n${TS_PATCHES(2)}`),
  })
  held(repo, /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.components may patch/, 'apps/components/canary/split.yaml')
})

testWith('kubectl')("a deploy-time component's own TrafficSplit patch is not written while the tree it patches is held", () => {
  const repo = tempRepo('smi-deployers-proof-', {
    ...BASE,
    'apps/base/podinfo/split.yaml': SPLIT.replace('500m', '"2"'),
    'apps/components/canary/kustomization.yaml': `apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\npatches:\n  - target: {kind: TrafficSplit, name: podinfo}\n    patch: |-\n${ind(OPS.replace('250m', '500m'), 6)}`,
    'clusters/apps.yaml': FLUX('  path: ./apps/production\n  components:\n    - ../components/canary\n'),
  })
  held(repo, /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.components may patch/, 'apps/components/canary/kustomization.yaml')
})

testWith('kubectl')('a kustomization that patches the Flux Kustomization it builds (inline) or the Application (a JSON file)', () => {
  const flux = tempRepo('smi-deployers-proof-', {
    ...BASE,
    'clusters/apps.yaml': FLUX('  path: ./apps/production\n'),
    'clusters/kustomization.yaml': `resources:\n  - apps.yaml\npatches:\n  - target: {group: kustomize.toolkit.fluxcd.io, kind: Kustomization, name: apps}\n    patch: |-\n      - op: add\n        path: /spec/patches\n        value:\n          - target: {kind: TrafficSplit}\n            patch: ${JSON.stringify(OPS)}\n`,
  })
  assert.match(kustomize(join(flux, 'clusters')), /kind: TrafficSplit/, 'the Kustomization Flux applies carries the patch')
  held(flux, /clusters\/kustomization\.yaml:3:1: a kustomization's patches \(over the Flux or Argo CD objects it builds\) may patch/)
  const argo = tempRepo('smi-deployers-proof-', {
    ...BASE,
    'clusters/app.yaml':
      'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: podinfo}\nspec:\n  source: {repoURL: https://example.org/fleet.git, path: apps/production}\n',
    'clusters/kustomization.yaml':
      'resources:\n  - app.yaml\npatches:\n  - path: canary.json\n    target: {kind: Application, name: podinfo}\n',
    'clusters/canary.json': JSON.stringify([
      { op: 'add', path: '/spec/source/kustomize', value: { patches: [{ target: { kind: 'TrafficSplit' }, patch: OPS }] } },
    ]),
  })
  assert.match(kustomize(join(argo, 'clusters')), /kind: TrafficSplit/)
  held(argo, /clusters\/kustomization\.yaml:3:1: a kustomization's patches/)
})

// Only the kustomizations whose text may name a deploy object (or a directory above it that holds a
// kustomization) are parsed: one in another directory that builds the objects' directory, or the
// object's file, by a relative path still holds (the object's own directory holds no patch); an overlay with patches of its own that builds
// no deploy object does not.
testWith('kubectl')('a kustomization elsewhere that builds the deploy objects by directory or by file, and patches them', () => {
  const PATCH = `patches:\n  - target: {group: kustomize.toolkit.fluxcd.io, kind: Kustomization, name: apps}\n    patch: |-\n      - op: add\n        path: /spec/patches\n        value:\n          - target: {kind: TrafficSplit}\n            patch: ${JSON.stringify(OPS)}\n`
  for (const resource of ['../../clusters/prod', '../../clusters/prod/apps.yaml']) {
    const repo = tempRepo('smi-deployers-proof-', {
      ...BASE,
      'apps/production/extra/kustomization.yaml':
        'resources:\n  - ../../base/podinfo\npatches:\n  - target: {kind: Deployment}\n    patch: "[]"\n',
      'clusters/prod/apps.yaml': FLUX('  path: ./apps/production\n'),
      'clusters/prod/kustomization.yaml': 'resources:\n  - apps.yaml\n',
      'bootstrap/fleet/kustomization.yaml': `resources:\n  - ${resource}\n${PATCH}`,
    })
    // A file outside the kustomization's directory: Flux builds without kustomize's load restrictor.
    const built = spawnSync('kubectl', ['kustomize', '--load-restrictor', 'LoadRestrictionsNone', join(repo, 'bootstrap/fleet')], {
      encoding: 'utf8',
    }).stdout
    assert.match(built, /kind: TrafficSplit/, 'the Kustomization Flux applies carries the patch')
    held(
      repo,
      /bootstrap\/fleet\/kustomization\.yaml:3:1: a kustomization's patches \(over the Flux or Argo CD objects it builds\) may patch/,
    )
  }
})

testWith('kubectl')('a plain directory (no kustomization) that a Flux Kustomization patches', () => {
  const repo = tempRepo('smi-deployers-proof-', {
    'apps/plain/split.yaml': SPLIT,
    'clusters/apps.yaml': FLUX(`  path: ./apps/plain\n${TS_PATCHES(2)}`),
  })
  // Flux builds the directory with a kustomization of its own, the deploy-time patches in it.
  mkdirSync(join(repo, 'w'))
  copyFileSync(join(repo, 'apps/plain/split.yaml'), join(repo, 'w/split.yaml'))
  writeFileSync(join(repo, 'w/kustomization.yaml'), `resources: [split.yaml]\n${TS_PATCHES(0)}`)
  assert.equal(build(join(repo, 'w')).get('podinfo')!.weights, [1000000000n, 250000000n])
  spawnSync('rm', ['-r', join(repo, 'w')])
  held(
    repo,
    /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.patches may patch the TrafficSplits of this file/,
    'apps/plain/split.yaml',
  )
})

test('a path through a symlinked directory; a tracked file that .gitignore matches', () => {
  const repo = tempRepo('smi-deployers-proof-', { ...BASE, 'clusters/apps.yaml': FLUX(`  path: ./clusters/podinfo\n${TS_PATCHES(2)}`) })
  symlinkSync('../apps/production', join(repo, 'clusters/podinfo'))
  writeFileSync(join(repo, '.gitignore'), 'clusters/\n')
  git(repo, 'add', '.gitignore')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'ignore')
  held(repo, /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.patches may patch/)
})

test('a Flux path with .. after a symlink: Flux expands the link first (another directory than the lexical one), held', () => {
  const other = {
    'other/base/podinfo/kustomization.yaml': 'resources:\n  - split.yaml\n',
    'other/base/podinfo/split.yaml': SPLIT,
    'other/production/kustomization.yaml': 'resources:\n  - ../base/podinfo\n',
    'other/x/README': 'x\n',
  }
  const apps = FLUX(`  path: ./apps/link/../production\n${TS_PATCHES(2)}`)
  // Without apps/production, and beside it (the lexical directory, held too).
  for (const files of [other, { ...BASE, ...other }]) {
    const repo = tempRepo('smi-deployers-proof-', { ...files, 'clusters/apps.yaml': apps })
    mkdirSync(join(repo, 'apps'), { recursive: true })
    symlinkSync('../other/x', join(repo, 'apps/link'))
    git(repo, 'add', 'apps/link')
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'link')
    assert.ok(existsSync(`${repo}/apps/link/../production/kustomization.yaml`), 'the path resolves physically to other/production')
    held(repo, /clusters\/apps\.yaml:8:3: a Flux Kustomization's spec\.patches may patch/, 'other/base/podinfo/split.yaml')
  }
})

testWith('kubectl')('patches a YAML merge key brings into a Flux Kustomization', () => {
  const repo = tempRepo('smi-deployers-proof-', {
    ...BASE,
    'clusters/apps.yaml': `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: kustomize.toolkit.fluxcd.io/v1\n    kind: Kustomization\n    metadata: {name: other}\n    spec: &common\n      path: ./apps/other\n${TS_PATCHES(6)}  - apiVersion: kustomize.toolkit.fluxcd.io/v1\n    kind: Kustomization\n    metadata: {name: apps}\n    spec:\n      <<: *common\n      path: ./apps/production\n`,
    'clusters/kustomization.yaml': 'resources: [apps.yaml]\n',
  })
  const apps = parseAllDocuments(kustomize(join(repo, 'clusters')))
    .map((d) => d.toJS() as { metadata: { name: string }; spec: { patches?: unknown } })
    .find((o) => o.metadata.name === 'apps')
  assert.match(JSON.stringify(apps!.spec.patches), /TrafficSplit/, 'kustomize merges the patches into apps')
  held(repo, /clusters\/apps\.yaml:\d+:\d+: a Flux Kustomization's spec\.patches may patch/)
})

test('converts: an ApplicationSet without patches ({{…}} in single fields) and a Flux Kustomization patching Deployments', () => {
  const repo = tempRepo('smi-deployers-proof-', {
    ...BASE,
    'clusters/appset.yaml': APPSET(
      '  generators:\n    - git: {repoURL: https://example.org/fleet.git, revision: HEAD, directories: [{path: apps/*}]}\n',
    ),
    'clusters/apps.yaml': FLUX(
      '  path: ./apps/production\n  patches:\n    - target: {kind: Deployment}\n      patch: |\n        - op: replace\n          path: /spec/replicas\n          value: 2\n',
    ),
  })
  const r = cli(['--write', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(git(repo, 'status', '--porcelain'), /apps\/base\/podinfo\/split\.yaml/)
})

test.run()
