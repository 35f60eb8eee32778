/**
 * Which TrafficSplits a patch target selects by namespace and by labels, held to the real
 * `kubectl kustomize` before and after `--write` through the built CLI:
 *
 * - two splits of one name in two namespaces are two objects: a target's namespace (as written
 *   on the object, `default` without one, or as a `namespace:` field below the patch sets it)
 *   or a label selector that picks one is summed and scaled with that one only;
 * - literal `commonLabels`/`labels` pairs are applied per path of references, before the
 *   patches of the kustomizations above them (and of a kustomization listing their component),
 *   never to a sibling overlay's copy.
 *
 * Each tree either converts (exit 0) with every rendered split's ratios kept and its sum within
 * what Linkerd adds up, or is refused with an error (exit 2) exactly when kubectl renders a sum
 * past the bound. Without kubectl these tests are reported as skipped.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { sameRatios } from './helpers/kustomize.js'
import { type Files, linkerdSum, renderSplits, snapshotTree, writeTree } from './helpers/kustomize-tree.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const split = (name: string, version: string, weights: string[], meta = '') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${meta}spec:\n  service: ${name}\n  backends:\n` +
  weights.map((w, i) => `  - service: ${name}-${i}\n    weight: ${w}\n`).join('')

const patch = (target: string, op: string, field = 'patches') =>
  `${field}:\n- target: {kind: TrafficSplit, ${target}}\n  patch: |-\n${op.replace(/^/gm, '    ')}\n`
const ADD = (weight: string) => `- op: add\n  path: /spec/backends/-\n  value: {service: x, weight: ${weight}}`
const REPLACE = (i: number, weight: string) => `- op: replace\n  path: /spec/backends/${i}/weight\n  value: ${weight}`

const BOUND = 429_496n

/**
 * kubectl renders `overlays` of the tree; `--write .` exits 2 (an error naming the sum) exactly
 * when one renders a sum past the bound, else 0 with every split's ratios kept; or, with `held`,
 * exits 1 with that warning and writes nothing (a documented hold-back).
 */
function judge(files: Files, overlays: string[], label: string, held?: RegExp): void {
  const dir = writeTree(files)
  const before = new Map(overlays.map((o) => [o, renderSplits(join(dir, o))]))
  const past = [...before.values()].some((m) => [...m.values()].some((s) => linkerdSum(s) > BOUND))
  const was = snapshotTree(dir)
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, held ? 1 : past ? 2 : 0, `${label}: ${r.stdout}${r.stderr}`)
  if (held || past) {
    assert.match(r.stdout, held ?? /error: .*add up past 429496/, label)
    assert.equal(snapshotTree(dir), was, `${label}: nothing written`)
    return
  }
  for (const o of overlays) {
    const after = renderSplits(join(dir, o))
    assert.equal([...after.keys()].sort(), [...before.get(o)!.keys()].sort(), `${label} ${o}`)
    for (const [id, s] of after) {
      assert.ok(sameRatios(s.weights, before.get(o)!.get(id)!.weights), `${label} ${o} ${id}: ${before.get(o)!.get(id)!.raw} -> ${s.raw}`)
      assert.match(s.apiVersion, /v1alpha2$/, `${label} ${o} ${id}`)
      assert.ok(linkerdSum(s) <= BOUND, `${label} ${o} ${id}: ${s.raw}`)
    }
  }
}

const TWO_NAMESPACES = {
  'base/kustomization.yaml': 'resources:\n- s.yaml\n',
  'base/s.yaml':
    split('web', 'v1alpha1', ['900m', '100m'], '  namespace: team-a\n') +
    '---\n' +
    split('web', 'v1alpha2', ['300000', '100000'], '  namespace: team-b\n'),
}

kubectlTest('two splits of one name in two namespaces: a target namespace patches one, summed and scaled with it alone', () => {
  judge(
    { ...TWO_NAMESPACES, 'ov/kustomization.yaml': `resources:\n- ../base\n${patch('namespace: team-b, name: web', REPLACE(1, '120000'))}` },
    ['ov'],
    'team-b',
  )
  judge(
    { ...TWO_NAMESPACES, 'ov/kustomization.yaml': `resources:\n- ../base\n${patch('namespace: team-a, name: web', REPLACE(1, '300m'))}` },
    ['ov'],
    'team-a',
  )
  judge(
    { ...TWO_NAMESPACES, 'ov/kustomization.yaml': `resources:\n- ../base\n${patch('namespace: team-b, name: web', REPLACE(1, '130000'))}` },
    ['ov'],
    'team-b past the bound',
  )
})

kubectlTest('two splits of one name in two namespaces: a label selector that picks one', () => {
  const base = {
    'base/kustomization.yaml': 'resources:\n- s.yaml\n',
    'base/s.yaml':
      split('web', 'v1alpha2', ['429480', '10'], '  namespace: a\n  labels: {app: x}\n') +
      '---\n' +
      split('web', 'v1alpha1', ['900m', '100m'], '  namespace: b\n  labels: {app: "y"}\n'),
  }
  judge({ ...base, 'ov/kustomization.yaml': `resources:\n- ../base\n${patch('labelSelector: app=y', ADD('30'))}` }, ['ov'], 'app=y')
  judge({ ...base, 'ov/kustomization.yaml': `resources:\n- ../base\n${patch('labelSelector: app=x', ADD('30'))}` }, ['ov'], 'app=x')
})

kubectlTest("a target's namespace: default without one, a namespace field below the patch, a patchesJson6902 target", () => {
  const base = { 'base/kustomization.yaml': 'resources:\n- s.yaml\n', 'base/s.yaml': split('web', 'v1alpha1', ['900m', '100m']) }
  const big = { ...base, 'base/s.yaml': split('web', 'v1alpha2', ['400000', '10']) }
  const ov = (p: string) => ({ 'ov/kustomization.yaml': `resources:\n- ../base\n${p}` })
  judge({ ...base, ...ov(patch('namespace: other', REPLACE(0, '500000'))) }, ['ov'], 'dormant namespace')
  judge({ ...base, ...ov(patch('namespace: default', REPLACE(0, '300m'))) }, ['ov'], 'namespace default')
  judge({ ...big, ...ov(patch('namespace: default', ADD('30000'))) }, ['ov'], 'namespace default past the bound')
  const mid = { 'mid/kustomization.yaml': 'resources:\n- ../base\nnamespace: zz\n' }
  const top = (p: string) => ({ 'ov/kustomization.yaml': `resources:\n- ../mid\n${p}` })
  judge({ ...base, ...mid, ...top(patch('namespace: zz', REPLACE(1, '500m'))) }, ['ov'], 'namespace set below')
  // Past the bound under a namespace a `namespace:` field may give: left for a person.
  const unknown = /warning: .*add up past 429496.*selector selects them \(not known here/
  judge({ ...big, ...mid, ...top(patch('namespace: zz', ADD('30000'))) }, ['ov'], 'namespace set below, past the bound', unknown)
  // A patchesJson6902 target (it needs a name) selects by namespace and selectors as a patches one does.
  for (const target of ['namespace: other', 'labelSelector: app=none', 'annotationSelector: x=y']) {
    const json6902 = (op: string) => ov(patch(`name: web, ${target}`, op, 'patchesJson6902'))
    judge({ ...base, ...json6902(REPLACE(1, '500m')) }, ['ov'], `patchesJson6902 ${target}`)
    judge({ ...big, ...json6902(ADD('30000')) }, ['ov'], `patchesJson6902 ${target}`, target.startsWith('ann') ? unknown : undefined)
  }
})

const LABELLED = {
  'base/kustomization.yaml': 'resources:\n- s.yaml\n',
  'base/s.yaml': split('a', 'v1alpha2', ['400000', '10']) + '---\n' + split('b', 'v1alpha1', ['1', '500m'], '  labels: {app: canary}\n'),
}

kubectlTest('literal label pairs: per path of references, before the patches above them, never on a sibling copy', () => {
  const dev = (p: string, extra = '') => ({
    'dev/kustomization.yaml': `resources:\n- ../base\n${extra}${patch('labelSelector: app=canary', p)}`,
  })
  const siblings = { 'prod/kustomization.yaml': 'resources:\n- ../base\nlabels:\n- pairs: {app: canary}\n' }
  judge({ ...LABELLED, ...siblings, ...dev(ADD('250m')) }, ['dev', 'prod'], 'a sibling labels its own copy')
  judge({ ...LABELLED, ...siblings, ...dev(ADD('30000')) }, ['dev', 'prod'], 'a sibling labels its own copy, large')
  const team = { 'base/kustomization.yaml': 'resources:\n- s.yaml\ncommonLabels: {team: shop}\n' }
  judge({ ...LABELLED, ...team, ...dev(ADD('250m')) }, ['dev'], 'a base team label')
  const mid = { 'mid/kustomization.yaml': 'resources:\n- ../base\ncommonLabels: {app: canary}\n' }
  const top = (p: string) => ({ 'dev/kustomization.yaml': `resources:\n- ../mid\n${patch('labelSelector: app=canary', p)}` })
  judge({ ...LABELLED, ...mid, ...top(ADD('30000')) }, ['dev'], 'a label set below the patch')
  // Within the bound, the patch selects both a (left as it is) and b (multiplied): the documented hold-back.
  const both = /warning: this patch may write the weights of TrafficSplit a \(\.\.\/base\/s\.yaml:1\), which the run leaves as it is/
  judge({ ...LABELLED, ...mid, ...top(ADD('10')) }, ['dev'], 'a label set below the patch, within the bound', both)
  const comp = {
    'comp/kustomization.yaml': 'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\ncommonLabels: {app: canary}\n',
  }
  judge({ ...LABELLED, ...comp, ...dev(ADD('30000'), 'components:\n- ../comp\n') }, ['dev'], "the patching kustomization's component")
  judge({ ...LABELLED, ...dev(ADD('30000'), 'commonLabels: {app: canary}\n') }, ['dev'], 'its own labels, after its patches')
  // `Pairs:` is read by kubectl (it matches field names without regard to case), not here: unknown, held.
  const folded = { 'base/kustomization.yaml': 'resources:\n- s.yaml\nlabels:\n- Pairs: {app: canary}\n' }
  judge({ ...LABELLED, ...folded, ...dev(ADD('30000')) }, ['dev'], 'Pairs', /warning: .*add up past 429496.*selector selects them/)
  // A patchesJson6902 entry (it names its target) applies after its kustomization's own labels.
  const own = (field: string, selector: string) => ({
    'dev/kustomization.yaml': `resources:\n- ../base\ncommonLabels: {env: dev}\n${patch(`name: a, labelSelector: ${selector}`, ADD('30000'), field)}`,
  })
  for (const field of ['patches', 'patchesJson6902'])
    for (const selector of ['env=dev', '"!env"'])
      judge({ ...LABELLED, ...own(field, selector) }, ['dev'], `own labels, ${field} ${selector}`)
})

kubectlTest('one kustomization applies its labels pairs first and its commonLabels last, whatever their order', () => {
  const splits =
    split('web', 'v1alpha1', ['900m', '100m'], '  labels: {app: web}\n') +
    '---\n' +
    split('api', 'v1alpha2', ['90', '10'], '  labels: {app: api}\n')
  const ov = (selector: string) => ({
    'ov/kustomization.yaml': `resources:\n- ../base\n${patch(`labelSelector: ${selector}`, REPLACE(1, '500m'))}`,
  })
  const fields = ['labels: [{pairs: {app: api}}]\n', 'commonLabels: {app: web}\n']
  for (const text of [fields.join(''), [...fields].reverse().join('')]) {
    const base = { 'base/kustomization.yaml': `resources:\n- s.yaml\n${text}`, 'base/s.yaml': splits }
    // Both render `app: web`: app=web picks api too (a quantity in a v1alpha2 split), app=api picks nothing.
    judge({ ...base, ...ov('app=web') }, ['ov'], `app=web ${text}`, /warning: this patch may write the weights of TrafficSplit api/)
    judge({ ...base, ...ov('app=api') }, ['ov'], `app=api ${text}`)
  }
})

kubectlTest('YAML nulls as kubectl reads them: a null split namespace, null target fields, an empty patch beside a path', () => {
  const base = (meta = '') => ({
    'base/kustomization.yaml': 'resources:\n- s.yaml\n',
    'base/s.yaml': split('web', 'v1alpha1', ['900m', '100m'], meta),
  })
  const ov = (p: string) => ({ 'ov/kustomization.yaml': `resources:\n- ../base\n${p}` })
  for (const ns of ['~', 'null', 'NULL']) {
    judge({ ...base(`  namespace: ${ns}\n`), ...ov(patch('namespace: default', REPLACE(1, '50'))) }, ['ov'], `namespace: ${ns}`)
    const big = {
      'base/kustomization.yaml': 'resources:\n- s.yaml\n',
      'base/s.yaml': split('web', 'v1alpha2', ['429480', '10'], `  namespace: ${ns}\n`),
    }
    judge({ ...big, ...ov(patch('namespace: default', ADD('30'))) }, ['ov'], `namespace: ${ns}, past the bound`)
  }
  for (const field of ['name: null', 'namespace: Null', 'labelSelector: NULL', 'group: null', 'version: null', 'name: !!null null'])
    judge(
      { ...base(), ...ov(patch(`${field.startsWith('version') ? 'name: web' : 'version: v1alpha1'}, ${field}`, REPLACE(1, '500m'))) },
      ['ov'],
      field,
    )
  const file = { 'ov/w.yaml': `${REPLACE(1, '500m')}\n` }
  for (const empty of ['""', "''", '', '~', 'null', 'NULL'])
    for (const field of ['patches', 'patchesJson6902'])
      judge(
        {
          ...base(),
          ...file,
          ...ov(
            `${field}:\n- target: {group: split.smi-spec.io, version: v1alpha1, kind: TrafficSplit, name: web}\n  path: w.yaml\n  patch: ${empty}\n`,
          ),
        },
        ['ov'],
        `${field} patch: ${empty}`,
      )
})

kubectlTest('a patch changes the labels only of what it may select, and only on the paths it lies on', () => {
  const base = {
    'base/kustomization.yaml': 'resources:\n- s.yaml\n- dep.yaml\n',
    'base/s.yaml':
      split('web', 'v1alpha1', ['900m', '100m'], '  labels: {app: web}\n') +
      '---\n' +
      split('api', 'v1alpha2', ['90', '10'], '  labels: {app: api}\n'),
    'base/dep.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web-v1}\nspec:\n  selector: {matchLabels: {app: web}}\n' +
      '  template:\n    metadata: {labels: {app: web}}\n    spec: {containers: [{name: c, image: nginx}]}\n',
  }
  const dev = (extra = '') => ({
    'dev/kustomization.yaml': `resources:\n- ../base\n${patch('labelSelector: app=api', REPLACE(1, '50'))}${extra}`,
  })
  const op = (kind: string, path: string, value: string) =>
    `- target: {${kind}}\n  patch: |-\n    - op: add\n      path: ${path}\n      value: ${value}\n`
  const deployment = op('kind: Deployment, name: web-v1', '/spec/template/metadata/labels/version', 'v2')
  const prod = (entry: string) => ({ 'prod/kustomization.yaml': `resources:\n- ../base\npatches:\n${entry}` })
  judge({ ...base, ...dev(), ...prod(deployment) }, ['dev', 'prod'], 'a sibling patches a Deployment label')
  judge(
    { ...base, ...dev(op('kind: Deployment, name: web-v1', '/metadata/labels', '{tier: x}')), ...prod(deployment) },
    ['dev'],
    'own 6902 on a Deployment',
  )
  const smp = {
    'base/v.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web-v1}\nspec:\n  template:\n    metadata: {labels: {version: v2}}\n',
  }
  judge(
    { ...base, ...smp, 'base/kustomization.yaml': 'resources:\n- s.yaml\n- dep.yaml\npatchesStrategicMerge:\n- v.yaml\n', ...dev() },
    ['dev'],
    'a Deployment SMP in the base',
  )
  const tsLabel = (kind: string) => op(`${kind}name: web`, '/metadata/labels/app', 'api')
  judge({ ...base, ...dev(), ...prod(tsLabel('kind: TrafficSplit, ')) }, ['dev', 'prod'], 'a sibling relabels its own copy of web')
  // On dev's path (its base) web becomes app: api: dev's patch selects web and api; the warning names the changer.
  for (const kind of ['kind: TrafficSplit, ', 'kind: Traffic.*, ', '']) {
    const labelled = { 'base/kustomization.yaml': `resources:\n- s.yaml\n- dep.yaml\npatches:\n${tsLabel(kind)}` }
    const named =
      /warning: this patch may write the weights of TrafficSplit api .*not known here: \.\.\/base\/kustomization\.yaml:5 may change their labels/
    judge({ ...base, ...labelled, ...dev() }, ['dev'], `a base relabels web (${kind})`, named)
  }
})

kubectlTest('a patch changes the labels only of the splits its target name or its documents may name', () => {
  const base = (entry: string) => ({
    'base/kustomization.yaml': `resources:\n- s.yaml\npatches:\n${entry}`,
    'base/s.yaml':
      split('web', 'v1alpha1', ['900m', '100m'], '  labels: {app: web}\n') +
      '---\n' +
      split('api', 'v1alpha2', ['90', '10'], '  labels: {app: api}\n'),
  })
  const dev = { 'dev/kustomization.yaml': `resources:\n- ../base\n${patch('labelSelector: app=web', REPLACE(1, '50m'))}` }
  const smp = (name: string, labels: string, version = 'v1alpha1') =>
    `- patch: |-\n    apiVersion: split.smi-spec.io/${version}\n    kind: TrafficSplit\n    metadata: {name: ${name}, labels: {${labels}}}\n`
  const op = (name: string, value: string) =>
    `- target: {kind: TrafficSplit, name: ${name}}\n  patch: |-\n    - op: add\n      path: /metadata/labels/app\n      value: ${value}\n`
  // Only web's labels may change: dev's selector never picks the v1alpha2 api.
  judge({ ...base(smp('web', 'env: prod')), ...dev }, ['dev'], 'an SMP document named web')
  judge({ ...base(op('web', 'web')), ...dev }, ['dev'], 'a target named web')
  const mid = {
    'mid/kustomization.yaml': `resources:\n- ../base\npatches:\n${op('web', 'web')}`,
    'dev/kustomization.yaml': `resources:\n- ../mid\n${patch('labelSelector: app=web', REPLACE(1, '50m'))}`,
  }
  judge({ ...base(smp('web', 'env: prod')), ...mid }, ['dev'], 'a target named web in a middle layer')
  // One that may relabel api as app=web: dev's patch may write api's weights too (kubectl: it does).
  const named =
    /warning: this patch may write the weights of TrafficSplit api .*not known here: \.\.\/base\/kustomization\.yaml:4 may change their labels/
  for (const [entry, label] of [
    [smp('api', 'app: web', 'v1alpha2'), 'an SMP document named api'],
    [op('api', 'web'), 'a target named api'],
    [op('a.*', 'web'), 'a target name pattern'],
    [op('"web|api"', 'web'), 'a target name of two'],
  ])
    judge({ ...base(entry!), ...dev }, ['dev'], label!, named)
})

test('a YAML null namespace is no namespace in the findings either: not printed as its text', () => {
  for (const ns of ['~', 'null', 'NULL']) {
    const dir = writeTree({ 'split.yaml': split('web', 'v1alpha1', ['900m', '100m'], `  namespace: ${ns}\n`) })
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout, /split\.yaml:1:1: converted TrafficSplit web: v1alpha1 -> v1alpha2/, ns)
    assert.not.match(r.stdout, /TrafficSplit \S+\/web/, ns)
  }
})

kubectlTest('a v1alpha1 and a v1alpha2 TrafficSplit of one namespace/name are two objects: moving both would make one id, held', () => {
  const meta = '  namespace: shop\n'
  const base = { 'base/kustomization.yaml': 'resources:\n- s.yaml\n' }
  const s = split('web', 'v1alpha1', ['900m', '100m'], meta) + '---\n' + split('web', 'v1alpha2', ['90', '10'], meta)
  judge(
    { ...base, 'base/s.yaml': s },
    ['base'],
    'two versions',
    /warning: TrafficSplit web \(s\.yaml\) is also written at v1alpha1 in this tree/,
  )
})

test.run()
