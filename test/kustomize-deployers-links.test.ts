/**
 * Deploy-time components under a symlinked path (docs/kustomize.md#deploy-time-patches): Flux
 * and Argo CD add a deploy object's components to the kustomization at its path, and kustomize
 * reads each from that kustomization's real directory. The oracle is that build: `kubectl
 * kustomize` of the path (through the symlink) with the components added, before and after
 * `--write` through the real CLI.
 */
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { build, sameRatios } from './helpers/kustomize.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: podinfo}\nspec:\n  service: podinfo\n  backends: [{service: v1, weight: "1"}, {service: v2, weight: 500m}]\n'
const COMPONENT = 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n'
const HARMLESS = `${COMPONENT}images: [{name: nginx, newTag: "1.27"}]\n`
/** Writes backend 1's weight as "250" (a ConfigMap's value put there by a replacement). */
const WRITES =
  `${COMPONENT}configMapGenerator:\n- name: w\n  literals: [w="250"]\n  options: {disableNameSuffixHash: true}\n` +
  'replacements:\n- source: {kind: ConfigMap, name: w, fieldPath: data.w}\n  targets: [{select: {kind: TrafficSplit}, fieldPaths: [spec.backends.1.weight]}]\n'
const TREE = {
  'other/deep/base/split.yaml': SPLIT,
  'other/deep/base/kustomization.yaml': 'resources: [split.yaml]\n',
  'other/deep/production/kustomization.yaml': 'resources: [../base]\n',
}
const FLUX = (path: string, component: string) =>
  'apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: apps, namespace: flux-system}\n' +
  `spec:\n  interval: 10m\n  path: ${path}\n  sourceRef: {kind: GitRepository, name: flux-system}\n  components: [${component}]\n`
const ARGO = (path: string, component: string) =>
  'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: apps, namespace: argocd}\nspec:\n  project: default\n' +
  '  destination: {server: https://kubernetes.default.svc, namespace: default}\n' +
  `  source:\n    repoURL: https://example.com/r.git\n    path: ${path}\n    kustomize:\n      components: [${component}]\n`

/** A repository with `files`, symlinks `links` (link → target) committed. */
function repoWith(files: Record<string, string>, links: Record<string, string>): string {
  const repo = tempRepo('smi-deployers-links-', files)
  for (const [link, target] of Object.entries(links)) {
    mkdirSync(dirname(join(repo, link)), { recursive: true })
    symlinkSync(target, join(repo, link))
  }
  git(repo, 'add', '-A')
  git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'links')
  return repo
}

/** What the deploy tool builds: `component` added to the kustomization at `path` (given through its symlink). */
function deployed(repo: string, path: string, component: string): bigint[] {
  const file = join(repo, path, 'kustomization.yaml')
  const text = readFileSync(file, 'utf8')
  writeFileSync(file, `${text}components: [${component}]\n`)
  try {
    return build(join(repo, path)).get('podinfo')!.weights
  } finally {
    writeFileSync(file, text)
  }
}

const PROD = { 'apps/prod': '../other/deep/production' }
/** Name, object, path, component, symlinks, and the component's real directory (what kustomize reads). */
const CASES: Array<[string, (p: string, c: string) => string, string, string, Record<string, string>, string]> = [
  ['a Flux path that is a symlink', FLUX, 'apps/prod', '../components/ha', PROD, 'other/deep/components/ha'],
  ['an Argo CD path that is a symlink', ARGO, 'apps/prod', '../components/ha', PROD, 'other/deep/components/ha'],
  ['a Flux path through a symlink', FLUX, 'lnk/production', '../../components/ha', { lnk: 'other/deep' }, 'other/components/ha'],
  ['a Flux component path with ./ under a symlink', FLUX, 'apps/prod', './../components/ha', PROD, 'other/deep/components/ha'],
]

for (const [name, object, path, component, links, real] of CASES) {
  testWith('kubectl')(`${name}: a component that writes weights from the real directory, a harmless lexical twin: held`, () => {
    const lexical = join(path, component).replace(/\\/g, '/')
    const repo = repoWith(
      {
        ...TREE,
        [`${real}/kustomization.yaml`]: WRITES,
        [`${lexical}/kustomization.yaml`]: HARMLESS,
        'clusters/apps.yaml': object(`./${path}`, component),
      },
      links,
    )
    const before = deployed(repo, path, component)
    assert.equal(before, [1_000_000_000n, 250_000_000_000n], "the deploy tool uses the real directory's component")
    const r = cli(['--write', '.'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /other\/deep\/base\/split\.yaml: warning: left unchanged: clusters\/apps\.yaml:\d+:\d+: an? (?:Flux Kustomization|Argo CD Application)'s (?:spec|source\.kustomize)\.components may patch/,
    )
    assert.is(git(repo, 'status', '--porcelain', '--untracked-files=no'), '', 'nothing written')
    assert.equal(deployed(repo, path, component), before)
  })

  testWith('kubectl')(`${name}: a harmless component in the real directory and none beside the link: converted, ratios kept`, () => {
    const repo = repoWith(
      { ...TREE, [`${real}/kustomization.yaml`]: HARMLESS, 'clusters/apps.yaml': object(`./${path}`, component) },
      links,
    )
    const before = deployed(repo, path, component)
    const r = cli(['--write', '.'], { cwd: repo })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /converted TrafficSplit podinfo/)
    const after = deployed(repo, path, component)
    assert.ok(sameRatios(before, after), `${before.join(':')} → ${after.join(':')}`)
  })
}

test.run()
