/**
 * A v1alpha1 and a v1alpha2 TrafficSplit are two kustomize ids; moved to one version they may
 * become one, which kustomize refuses to build. Whether they meet depends on what each
 * kustomization builds: the namespace kustomize gives them (none, a YAML null and `default` are
 * one), `namespace:`, `namePrefix` and `nameSuffix` along each path, and never across sibling
 * overlays or through a patch document. Held to the real `kubectl kustomize` through the built
 * CLI: the tree is held (exit 1, a finding naming both documents, nothing written) exactly when
 * moving every v1alpha1 object to v1alpha2 makes some kustomization of the tree fail to build;
 * otherwise it converts (exit 0), every kustomization still builds and every ratio is kept.
 * Without kubectl these tests are reported as skipped.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { sameRatios } from './helpers/kustomize.js'
import { type Files, renderSplits, snapshotTree, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'
import { tempRepo } from './helpers/repo.js'

const kubectlTest = testWith('kubectl')

/** A TrafficSplit `name` (with `meta`, metadata lines) at `version`. */
const split = (name: string, version: string, meta = '') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${meta}spec:\n  service: web\n  backends:\n` +
  (version === 'v1alpha1'
    ? '  - {service: v1, weight: 900m}\n  - {service: v2, weight: 100m}\n'
    : '  - {service: v1, weight: 90}\n  - {service: v2, weight: 10}\n')
const ns = (n: string) => `  namespace: ${n}\n`
const kz = (body: string) => body.replace(/;/g, '\n') + '\n'
const builds = (dir: string) => spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' }).status === 0

/** `roots` (the kustomization directories that may be built) build before; moving every object to v1alpha2 breaks one exactly when the run holds. */
function judge(files: Files, roots: string[], label: string): void {
  const dir = writeTree(files)
  // Each builds before (renderSplits asserts it).
  const before = new Map(roots.map((r) => [r, renderSplits(join(dir, r))]))
  const moved = writeTree(
    Object.fromEntries(Object.entries(files).map(([f, t]) => [f, t.replace(/smi-spec\.io\/v1alpha1/g, 'smi-spec.io/v1alpha2')])),
  )
  const breaks = roots.filter((r) => !builds(join(moved, r)))
  const was = snapshotTree(dir)
  const r = cli(['--write', '.'], { cwd: dir })
  if (breaks.length) {
    assert.is(r.status, 1, `${label}: moved, ${breaks} would not build: ${r.stdout}${r.stderr}`)
    assert.match(
      r.stdout,
      /warning: TrafficSplit .* is also written at v1alpha\d in this tree \(.*:\d+; this one at line \d+, v1alpha\d\): .*one id/,
      label,
    )
    assert.equal(snapshotTree(dir), was, `${label}: nothing written`)
    return
  }
  assert.is(r.status, 0, `${label}: ${r.stdout}${r.stderr}`)
  for (const root of roots) {
    const after = renderSplits(join(dir, root))
    assert.equal([...after.keys()].sort(), [...before.get(root)!.keys()].sort(), `${label} ${root}`)
    for (const [id, s] of after) {
      const was = before.get(root)!.get(id)!
      assert.ok(sameRatios(s.weights, was.weights), `${label} ${root} ${id}: ${was.raw} -> ${s.raw}`)
    }
  }
}

const TWO = (a: string, b: string, ov: string, meta = ['', '']): Files => ({
  'a/kustomization.yaml': kz(`resources:;- s.yaml;${a}`),
  'a/s.yaml': split('web', 'v1alpha1', meta[0]),
  'b/kustomization.yaml': kz(`resources:;- s.yaml;${b}`),
  'b/s.yaml': split('web', 'v1alpha2', meta[1]),
  'ov/kustomization.yaml': kz(`resources:;- ../a;- ../b;${ov}`),
})

kubectlTest('namespaces kustomize gives: none, a YAML null and default are one; a namespace: field may make two one', () => {
  const cases: [string, string[]][] = [
    ['null beside none', [ns('null'), '']],
    ['~ beside none', [ns('~'), '']],
    ['none beside NULL', ['', ns('NULL')]],
    ['~ beside default', [ns('~'), ns('default')]],
    ['"" beside ~', [ns('""'), ns('~')]],
    ['default beside none', [ns('default'), '']],
    ['team-a beside team-b', [ns('team-a'), ns('team-b')]],
    ['"null" beside none', [ns('"null"'), '']],
  ]
  for (const [label, meta] of cases) judge(TWO('', '', '', meta), ['a', 'b', 'ov'], label)
  judge(TWO('', '', 'namespace: shop', [ns('team-a'), ns('team-b')]), ['a', 'b', 'ov'], 'overlay namespace over two')
  judge(TWO('namespace: shop', '', '', ['', ns('shop')]), ['a', 'b', 'ov'], "a's namespace meets b's own")
  judge(TWO('namespace: shop', 'namespace: shop', ''), ['a', 'b', 'ov'], 'both shop')
  judge(TWO('namespace: staging', 'namespace: prod', ''), ['a', 'b', 'ov'], 'staging and prod')
  judge(TWO('namespace: ~', '', ''), ['a', 'b', 'ov'], 'a null namespace: field sets none')
})

kubectlTest('names kustomize gives: namePrefix and nameSuffix along each path, components included', () => {
  const named = (a: string, b: string, nameA: string, nameB: string) => ({
    ...TWO(a, b, ''),
    'a/s.yaml': split(nameA, 'v1alpha1'),
    'b/s.yaml': split(nameB, 'v1alpha2'),
  })
  judge(named('namePrefix: x-', '', 'web', 'x-web'), ['a', 'b', 'ov'], 'prefix meets')
  judge(named('nameSuffix: b', '', 'we', 'web'), ['a', 'b', 'ov'], 'suffix b over we')
  judge(named('nameSuffix: eb', '', 'w', 'web'), ['a', 'b', 'ov'], 'suffix eb over w')
  judge(named('namePrefix: a-', 'namePrefix: b-', 'web', 'web'), ['a', 'b', 'ov'], 'a- and b-')
  judge(named('namePrefix: a-', '', 'web', 'web'), ['a', 'b', 'ov'], 'a- over web beside web')
  // A component's prefix applies to what the kustomization listing it took in before it.
  const comp = {
    'c/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nnamePrefix: x-\n',
    'a/kustomization.yaml': kz('resources:;- s.yaml;components:;- ../c'),
    'a/s.yaml': split('web', 'v1alpha1'),
    'b/kustomization.yaml': kz('resources:;- s.yaml'),
    'b/s.yaml': split('x-web', 'v1alpha2'),
    'ov/kustomization.yaml': kz('resources:;- ../a;- ../b'),
  }
  judge(comp, ['a', 'b', 'ov'], 'component prefix meets')
  judge({ ...comp, 'b/s.yaml': split('web', 'v1alpha2') }, ['a', 'b', 'ov'], 'component prefix parts')
  // A component's own resources miss the prefix of the components before it, not that of those after it.
  const ordered = (components: string) => ({
    'base/kustomization.yaml': kz('resources:;- s.yaml'),
    'base/s.yaml': split('web', 'v1alpha1'),
    'c1/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nnamePrefix: x-\n',
    'c2/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n- s.yaml\n',
    'c2/s.yaml': split('x-web', 'v1alpha2'),
    'ov/kustomization.yaml': kz(`resources:;- ../base;components:;${components}`),
  })
  judge(ordered('- ../c1;- ../c2'), ['base', 'c1', 'c2', 'ov'], 'prefix, then a component with x-web')
  judge(ordered('- ../c2;- ../c1'), ['base', 'c1', 'c2', 'ov'], 'a component with x-web, then the prefix')
})

kubectlTest('what never meets in one build: sibling overlays, a patch document, a v1alpha3 copy not moved', () => {
  const svc = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {ports: [{port: 80}]}\n'
  const siblings = {
    'base/kustomization.yaml': kz('resources:;- svc.yaml'),
    'base/svc.yaml': svc,
    'dev/kustomization.yaml': kz('resources:;- ../base;- s.yaml'),
    'dev/s.yaml': split('web', 'v1alpha1'),
    'prod/kustomization.yaml': kz('resources:;- ../base;- s.yaml'),
    'prod/s.yaml': split('web', 'v1alpha2'),
  }
  judge(siblings, ['base', 'dev', 'prod'], 'dev and prod over one base')
  // One kustomization over both (without the shared base, which would meet itself): now they meet.
  judge(
    {
      ...siblings,
      'dev/kustomization.yaml': kz('resources:;- s.yaml'),
      'prod/kustomization.yaml': kz('resources:;- s.yaml'),
      'all/kustomization.yaml': kz('resources:;- ../dev;- ../prod'),
    },
    ['dev', 'prod', 'all'],
    'one kustomization over dev and prod',
  )
  const smp =
    'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata: {name: web}\nspec:\n  backends: [{service: v1, weight: 2}, {service: v2, weight: 1}]\n'
  judge(
    {
      'base/kustomization.yaml': kz('resources:;- s.yaml'),
      'base/s.yaml': split('web', 'v1alpha1'),
      'ov/smp.yaml': smp,
      'ov/kustomization.yaml': kz('resources:;- ../base;patches:;- path: smp.yaml;  target: {kind: TrafficSplit, name: web}'),
    },
    ['base', 'ov'],
    'a strategic-merge patch document at v1alpha2',
  )
  judge(
    {
      'base/kustomization.yaml': kz('resources:;- s.yaml'),
      'base/s.yaml': split('web', 'v1alpha1', ns('shop')) + '---\n' + split('web', 'v1alpha3', ns('shop')),
    },
    ['base'],
    'v1alpha1 and v1alpha3 under --to v1alpha2',
  )
})

kubectlTest('an id not known here meets every copy of its build: a JSON 6902 operation on metadata.name', () => {
  const files = {
    ...TWO('', '', ''),
    'a/s.yaml': split('old', 'v1alpha1'),
    'a/kustomization.yaml': kz(
      'resources:;- s.yaml;patches:;- target: {kind: TrafficSplit, name: old};  patch: |-;    - op: replace;      path: /metadata/name;      value: web',
    ),
  }
  judge(files, ['a', 'b', 'ov'], 'renamed by an operation')
})

kubectlTest('a patch renames only what its target selects: a rename of a Deployment leaves every TrafficSplit id known', () => {
  const deploy =
    'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web-v1}\nspec:\n  selector: {matchLabels: {app: web}}\n  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: c, image: nginx}]}\n'
  const tree = (ov: string, old = 'old'): Files => ({
    'base/kustomization.yaml': kz('resources:;- s.yaml;- d.yaml'),
    'base/s.yaml': split('web', 'v1alpha1') + '---\n' + split('api', 'v1alpha2') + '---\n' + split(old, 'v1alpha2'),
    'base/d.yaml': deploy,
    'ov/kustomization.yaml': kz(`resources:;- ../base;${ov}`),
  })
  const op = (path: string, value: string) => `  patch: |-;    - {op: replace, path: ${path}, value: ${value}}`
  const add = (path: string, value: string) => `  patch: |-;    - {op: add, path: ${path}, value: ${value}}`
  const rename = (target: string) =>
    `patches:;- target: ${target};  options: {allowNameChange: true};  patch: |-;    apiVersion: split.smi-spec.io/v1alpha2;    kind: TrafficSplit;    metadata: {name: web}`
  const cases: [string, string][] = [
    ['6902 rename of a Deployment', `patches:;- target: {kind: Deployment, name: web-v1};${op('/metadata/name', 'web-v1b')}`],
    [
      'patchesJson6902 namespace of apps/v1 Deployment',
      `patchesJson6902:;- target: {group: apps, version: v1, kind: Deployment, name: web-v1};${add('/metadata/namespace', 'shop')}`,
    ],
    [
      'allowNameChange on a Deployment',
      'patches:;- target: {kind: Deployment};  options: {allowNameChange: true};  patch: |-;    apiVersion: apps/v1;    kind: Deployment;    metadata: {name: web-v1c}',
    ],
    ['a name only, no split of it', `patches:;- target: {name: web-v1};${op('/metadata/name', 'web-v1b')}`],
    // A strategic-merge rename (the split's other fields as they are) whose target's namespace or version selects no split.
    ['allowNameChange, a TrafficSplit of another namespace', rename('{kind: TrafficSplit, namespace: other}')],
    ['allowNameChange, a TrafficSplit of another version', rename('{kind: TrafficSplit, version: v1alpha3}')],
    ['allowNameChange, the split old', rename('{kind: TrafficSplit, name: old}')],
    // The target may select the split it renames, into the other's id: held.
    ['a name pattern over old', `patches:;- target: {name: o.*};${op('/metadata/name', 'web')}`],
    ['the split old by kind and name', `patches:;- target: {kind: TrafficSplit, name: old};${op('/metadata/name', 'web')}`],
  ]
  for (const [label, ov] of cases) judge(tree(ov), ['base', 'ov'], label)
})

kubectlTest('a kustomization git ignores is out of the run (-v says so): named, it is a build root and holds the tree', () => {
  const files: Files = {
    ...TWO('', '', 'namespace: shop', [ns('team-a'), ns('team-b')]),
    '.gitignore': 'ov/\n',
  }
  const dir = tempRepo('smi-ids-ignored-', files)
  const moved = writeTree({ ...files, 'a/s.yaml': files['a/s.yaml']!.replace('v1alpha1', 'v1alpha2') })
  assert.ok(builds(join(dir, 'ov')) && !builds(join(moved, 'ov')), 'moved, ov would not build')
  const checked = cli(['--check', '-v', '.'], { cwd: dir })
  assert.match(checked.stdout + checked.stderr, /^ov: skipped: ignored by git$/m)
  const was = snapshotTree(dir)
  for (const args of [
    ['--write', '.', 'ov'],
    ['--write', 'ov'],
  ]) {
    const r = cli(args, { cwd: dir })
    assert.is(r.status, 1, `${args}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, /ov\/kustomization\.yaml:1:1: warning: TrafficSplit web .* renders both as TrafficSplit shop\/web at v1alpha2/)
    assert.equal(snapshotTree(dir), was, `${args}: nothing written`)
  }
  // Without the namespace that makes the two one, the named overlay converts, and still builds.
  const apart = tempRepo('smi-ids-ignored-', { ...files, 'ov/kustomization.yaml': kz('resources:;- ../a;- ../b') })
  const before = renderSplits(join(apart, 'ov'))
  assert.is(cli(['--write', '.', 'ov'], { cwd: apart }).status, 0)
  const after = renderSplits(join(apart, 'ov'))
  for (const [id, s] of after) assert.ok(sameRatios(s.weights, before.get(id)!.weights), id)
  assert.is(after.get('team-a/web')!.apiVersion, 'split.smi-spec.io/v1alpha2')
})

kubectlTest('sibling overlays each patching their own split are apart: converted per build; one build over both holds', () => {
  const svc = 'apiVersion: v1\nkind: Service\nmetadata: {name: web}\nspec: {ports: [{port: 80}]}\n'
  const patch = (w: string, target = '{kind: TrafficSplit, name: web}') =>
    kz(
      `resources:;- ../base;- s.yaml;patches:;- target: ${target};  patch: |-;    - {op: replace, path: /spec/backends/1/weight, value: ${w}}`,
    )
  const siblings = (target?: string): Files => ({
    'base/kustomization.yaml': kz('resources:;- svc.yaml'),
    'base/svc.yaml': svc,
    'dev/kustomization.yaml': patch('250m', target),
    'dev/s.yaml': split('web', 'v1alpha1'),
    'prod/kustomization.yaml': patch('25', target),
    'prod/s.yaml': split('web', 'v1alpha2'),
  })
  judge(siblings(), ['base', 'dev', 'prod'], 'dev and prod, each its own patch by name')
  judge(siblings('{kind: TrafficSplit}'), ['base', 'dev', 'prod'], 'dev and prod, each its own patch of every split')
  const dir = writeTree(siblings())
  const r = cli(['--write', '.'], { cwd: dir })
  assert.match(
    r.stdout,
    /dev\/kustomization\.yaml:\d+:\d+: converted JSON 6902 patch for TrafficSplit web: \/spec\/backends\/1\/weight 250m -> 250/,
  )
  assert.match(renderSplits(join(dir, 'prod')).get('/web')!.raw.join(','), /^90,25$/)
  // One kustomization over both builds the two as one id once moved: held.
  const both = { ...siblings(), 'all/kustomization.yaml': kz('resources:;- ../dev;- ../prod') }
  const own = (w: string) =>
    kz(
      `resources:;- s.yaml;patches:;- target: {kind: TrafficSplit, name: web};  patch: |-;    - {op: replace, path: /spec/backends/1/weight, value: ${w}}`,
    )
  judge({ ...both, 'dev/kustomization.yaml': own('250m'), 'prod/kustomization.yaml': own('25') }, ['dev', 'prod', 'all'], 'all over both')
})

test.run()
