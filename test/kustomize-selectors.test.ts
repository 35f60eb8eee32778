/**
 * What a kustomization selects, and what it reaches, held to the real `kubectl kustomize`
 * through the built CLI:
 *
 * - a kustomization with a key written twice (kubectl reads the last one, the `yaml` parser
 *   refuses it) holds back every file any reading of it may reach, and one not read at all
 *   what any token of it may name: exit 1, a warning at the duplicate key, nothing written;
 * - a patch whose target `version` selects no document of a group (dormant) is not summed
 *   with it;
 * - a target's `labelSelector` selects the splits kubectl selects, where their labels are
 *   literal in the tree, with the literal `commonLabels`/`labels` pairs applied before the patch
 *   (below it on its path); where they are not known, a sum past the bound is left for a person
 *   (exit 1), never an error.
 *
 * Without kubectl these tests are reported as skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cli } from './helpers/cli.js'
import { build } from './helpers/kustomize.js'
import { hasTool, testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')
const gitKubectlTest = hasTool('git') ? kubectlTest : testWith('git')

const split = (name: string, version: string, weights: string[], labels = '') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${labels}spec:\n  service: ${name}\n  backends:\n` +
  weights.map((w, i) => `    - service: ${name}-v${i}\n      weight: ${w}\n`).join('')

const BASE = {
  'base/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'base/split.yaml': split('web', 'v1alpha1', ['1', '500m']),
}

const PATCH =
  '  - patch: |-\n      - op: replace\n        path: /spec/backends/0/weight\n        value: 250m\n    target: {kind: TrafficSplit, name: web}\n'

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-ksel-'))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    writeFileSync(join(dir, f), text)
  }
  return dir
}

function snapshot(dir: string, sub = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    if (e.name === '.git') continue
    const f = join(sub, e.name)
    if (e.isDirectory()) for (const [k, v] of snapshot(dir, f)) out.set(k, v)
    else out.set(f, readFileSync(join(dir, f), 'latin1'))
  }
  return out
}

/** Every mode exits 1 with `finding`, and nothing is written. */
function assertHeld(dir: string, args: string[], finding: RegExp, label: string): void {
  const was = snapshot(dir)
  for (const mode of ['--write', '--check']) {
    const r = cli([mode, ...args], { cwd: dir })
    assert.is(r.status, 1, `${label} ${mode}: ${r.stdout}${r.stderr}`)
    assert.match(r.stdout, finding, `${label} ${mode}`)
  }
  assert.equal(snapshot(dir), was, `${label}: nothing written`)
}

// 1. Duplicate keys: kubectl reads the last occurrence, at any depth.

const DUPLICATES: Array<[string, string, RegExp]> = [
  [
    'resources twice',
    `resources:\n  - ../base\npatches:\n${PATCH}resources:\n  - ../base\n`,
    /^overlay\/kustomization\.yaml:9:1: warning: kustomization cannot be read here \(key "resources" is written twice/m,
  ],
  [
    'patches twice',
    `resources:\n  - ../base\npatches:\n${PATCH}patches:\n${PATCH.replace('250m', '2')}`,
    /^overlay\/kustomization\.yaml:9:1: warning: kustomization cannot be read here \(key "patches" is written twice/m,
  ],
  [
    'patch twice in one entry',
    `resources:\n  - ../base\npatches:\n${PATCH.replace('    target', '    patch: |-\n      - {op: replace, path: /spec/backends/1/weight, value: 3}\n    target')}`,
    /^overlay\/kustomization\.yaml:8:5: warning: kustomization cannot be read here \(key "patch" is written twice/m,
  ],
]

kubectlTest(
  'a kustomization with a key written twice: kubectl reads the last one; the tree it may reach is held back, base included',
  () => {
    for (const [label, text, finding] of DUPLICATES) {
      const dir = tree({ ...BASE, 'overlay/kustomization.yaml': text })
      // The oracle: kubectl reads the file, the last occurrence winning.
      const rendered = build(join(dir, 'overlay')).get('web')!
      assert.ok(rendered.weights.length >= 2, label)
      if (label === 'patches twice') assert.equal(rendered.weights, [2_000_000_000n, 500_000_000n], label)
      if (label === 'patch twice in one entry') assert.equal(rendered.weights, [1_000_000_000n, 3_000_000_000n], label)
      for (const args of [['base', 'overlay'], ['.'], ['overlay', 'base/split.yaml']]) assertHeld(dir, args, finding, `${label} ${args}`)
    }
  },
)

gitKubectlTest(
  'a kustomization with a key written twice, reached through the repository: a run given the base alone writes nothing',
  () => {
    const dir = tree({ ...BASE, 'overlay/kustomization.yaml': DUPLICATES[0]![1] })
    for (const args of [
      ['init', '-q'],
      ['add', '.'],
    ])
      assert.is(spawnSync('git', args, { cwd: dir }).status, 0)
    assertHeld(dir, ['base'], /^overlay\/kustomization\.yaml:9:1: warning: .*key "resources" is written twice/m, 'base alone')
  },
)

kubectlTest('a kustomization not read at all holds back what its tokens may name; a lone split elsewhere converts', () => {
  const dir = tree({
    ...BASE,
    'overlay/kustomization.yaml': 'resources:\n  - ../base\n\tnamePrefix: x-\n',
    'lone/split.yaml': split('lone', 'v1alpha1', ['1', '500m']),
  })
  const was = snapshot(dir)
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /^overlay\/kustomization\.yaml:3:1: warning: kustomization cannot be read here \(Tabs/m)
  const now = snapshot(dir)
  for (const f of ['base/split.yaml', 'base/kustomization.yaml', 'overlay/kustomization.yaml']) assert.is(now.get(f), was.get(f), f)
  assert.match(now.get('lone/split.yaml')!, /v1alpha2/, 'the lone split converts')
})

// 2. A dormant patch: its target's version selects no document of the group.

kubectlTest('a patch whose target version selects nothing is not summed with the split it leaves alone', () => {
  const kz = (version: string) =>
    'resources:\n  - ../base\npatches:\n  - patch: |-\n      - op: replace\n        path: /spec/backends/0/weight\n        value: 300000\n' +
    `    target: {group: split.smi-spec.io, version: ${version}, kind: TrafficSplit, name: web}\n`
  const base = {
    'base/kustomization.yaml': 'resources:\n  - split.yaml\n  - old.yaml\n',
    'base/split.yaml': split('web', 'v1alpha2', ['200000', '200000']),
    'base/old.yaml': split('old', 'v1alpha1', ['1', '500m']),
  }
  const dir = tree({ ...base, 'overlay/kustomization.yaml': kz('v1alpha1') })
  const before = build(join(dir, 'overlay'))
  assert.equal(before.get('web')!.weights, [200_000_000_000_000n, 200_000_000_000_000n], 'kubectl: dormant')
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.not.match(r.stdout, /add up past/)
  const after = build(join(dir, 'overlay'))
  assert.equal(after.get('web')!.weights, before.get('web')!.weights)
  assert.equal(after.get('old')!.weights, [1_000_000_000_000n, 500_000_000_000n])
  // The same patch, live (its version selects the split): the rendered sum is past the bound.
  const live = tree({ ...base, 'overlay/kustomization.yaml': kz('v1alpha2') })
  assert.equal(build(join(live, 'overlay')).get('web')!.weights[0], 300_000_000_000_000n, 'kubectl: live')
  const refused = cli(['--check', '.'], { cwd: live })
  assert.is(refused.status, 2, refused.stdout)
  assert.match(refused.stdout, /^overlay\/kustomization\.yaml:7:16: error: .*add up past 429496/m)
})

kubectlTest('a strategic-merge patch file whose target selects nothing is not summed with the split of its name', () => {
  const dir = tree({
    'base/kustomization.yaml': 'resources:\n  - split.yaml\n',
    'base/split.yaml': split('web', 'v1alpha2', ['1', '1']),
    'overlay/kustomization.yaml':
      'resources:\n  - ../base\npatches:\n  - path: smp.yaml\n' +
      '    target: {group: split.smi-spec.io, version: v1alpha1, kind: TrafficSplit, name: web}\n' +
      '  - patch: |-\n      - op: add\n        path: /spec/backends/-\n        value: {service: x, weight: 200000}\n' +
      '    target: {kind: TrafficSplit, name: web}\n',
    'overlay/smp.yaml':
      'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  backends:\n' +
      '    - service: web-v0\n      weight: 300000\n    - service: web-v1\n      weight: 100000\n',
  })
  assert.equal(build(join(dir, 'overlay')).get('web')!.weights, [1_000_000_000n, 1_000_000_000n, 200_000_000_000_000n])
  const r = cli(['--check', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
})

// 3. Label selectors, as Kubernetes reads them.

const SELECTORS = [
  'app=canary',
  'app==canary',
  'app in (canary, x)',
  'tier,app',
  '!missing,app',
  'app!=stable,tier',
  'app notin (stable)',
  'tier=web,app in (canary)',
  'app=nope',
  'app!=canary',
  '!app',
  'app notin (canary)',
  'tier=',
]

const LABELLED = {
  'base/kustomization.yaml': 'resources:\n  - split.yaml\n',
  'base/split.yaml':
    split('a', 'v1alpha2', ['400000', '10']) + '---\n' + split('b', 'v1alpha2', ['1', '1'], '  labels:\n    app: canary\n    tier: web\n'),
}
const adding = (selector: string, extra = '') =>
  `resources:\n  - ../base\n${extra}patches:\n  - patch: |-\n      - op: add\n        path: /spec/backends/-\n        value: {service: x, weight: 30000}\n` +
  `    target: {kind: TrafficSplit, labelSelector: ${JSON.stringify(selector)}}\n`

kubectlTest('a label-selected patch is summed onto the splits kubectl selects, and no other', () => {
  for (const selector of SELECTORS) {
    const dir = tree({ ...LABELLED, 'overlay/kustomization.yaml': adding(selector) })
    const rendered = build(join(dir, 'overlay'))
    const past = [...rendered.values()].some((s) => s.weights.reduce((a, b) => a + b, 0n) > 429_496_000_000_000n)
    const r = cli(['--check', '.'], { cwd: dir })
    assert.is(r.status, past ? 2 : 0, `${selector}: ${r.stdout}`)
    assert.is(/add up past/.test(r.stdout), past, selector)
  }
})

kubectlTest('labels the tree may change: a label-selected sum past the bound is left for a person, not an error', () => {
  for (const extra of ['buildMetadata: [managedByLabel]\n']) {
    const dir = tree({ ...LABELLED, 'overlay/kustomization.yaml': adding('app=canary', extra) })
    build(join(dir, 'overlay'))
    assertHeld(
      dir,
      ['.'],
      /^overlay\/kustomization\.yaml:\d+:37: warning: .*add up past 429496.*label, annotation or namespace selector/m,
      extra,
    )
  }
})

kubectlTest('literal label pairs decide a selector: those below the patch, not its own (applied after it)', () => {
  const cases: Array<[string, Record<string, string>]> = [
    ['own commonLabels', { 'overlay/kustomization.yaml': adding('app=canary', 'commonLabels:\n  team: x\n') }],
    ['own labels pairs', { 'overlay/kustomization.yaml': adding('app=canary', 'labels:\n  - pairs: {app: stable}\n') }],
    ['base commonLabels on another key', { 'base/kustomization.yaml': 'resources:\n  - split.yaml\ncommonLabels: {team: shop}\n' }],
    ['base commonLabels on the key', { 'base/kustomization.yaml': 'resources:\n  - split.yaml\ncommonLabels: {app: canary}\n' }],
    [
      'base labels pairs',
      { 'base/kustomization.yaml': 'resources:\n  - split.yaml\nlabels:\n  - pairs: {app: canary}\n    includeSelectors: false\n' },
    ],
  ]
  for (const [label, files] of cases) {
    const dir = tree({ ...LABELLED, 'overlay/kustomization.yaml': adding('app=canary'), ...files })
    const past = [...build(join(dir, 'overlay')).values()].some((s) => s.weights.reduce((a, b) => a + b, 0n) > 429_496_000_000_000n)
    const r = cli(['--check', '.'], { cwd: dir })
    assert.is(r.status, past ? 2 : 0, `${label}: ${r.stdout}`)
    assert.is(/error: .*add up past/.test(r.stdout), past, label)
  }
})

kubectlTest('a label-selected patch over a v1alpha1 split converts with it and renders the same ratios', () => {
  const dir = tree({
    'base/kustomization.yaml': 'resources:\n  - split.yaml\n',
    'base/split.yaml':
      split('a', 'v1alpha2', ['400000', '10']) + '---\n' + split('b', 'v1alpha1', ['1', '500m'], '  labels:\n    app: canary\n'),
    'overlay/kustomization.yaml':
      'resources:\n  - ../base\npatches:\n  - patch: |-\n      - op: add\n        path: /spec/backends/-\n        value: {service: x, weight: 250m}\n' +
      '    target: {kind: TrafficSplit, labelSelector: app=canary}\n',
  })
  assert.equal(build(join(dir, 'overlay')).get('b')!.weights, [1_000_000_000n, 500_000_000n, 250_000_000n])
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const after = build(join(dir, 'overlay'))
  assert.equal(after.get('b')!.weights, [1_000_000_000_000n, 500_000_000_000n, 250_000_000_000n])
  assert.equal(after.get('a')!.weights, [400_000_000_000_000n, 10_000_000_000n])
})

test.run()
