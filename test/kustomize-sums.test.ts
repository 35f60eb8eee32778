/**
 * The rendered sum of a kustomize tree's TrafficSplits (src/kustomize/sums.ts) and the factor
 * groups it shares with objects the run leaves as they are (src/kustomize/factors.ts), with the
 * real `kubectl kustomize` as the oracle: each tree is rendered first, and what it renders
 * decides the outcome. A tree whose converted form would render weights past what Linkerd adds up
 * of whole units (429496) is refused (exit 2, nothing written); the same shape within it converts
 * with every ratio kept. JSON 6902 operations apply in order, so after a remove, an insert or a
 * move an index names another backend; a component listed at two levels of a stack applies twice.
 * Without kubectl these tests are reported as skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cli } from './helpers/cli.js'
import { build, sameRatios } from './helpers/kustomize.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')
const LINKERD_UNIT_SUM = 429496n

type Files = Record<string, string>

function tree(files: Files): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-ksum-'))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    writeFileSync(join(dir, f), text)
  }
  return dir
}

function snapshot(dir: string, sub = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const f = join(sub, e.name)
    if (e.isDirectory()) for (const [k, v] of snapshot(dir, f)) out.set(k, v)
    else out.set(f, readFileSync(join(dir, f), 'utf8'))
  }
  return out
}

/** A weight written in the form of `version`: v1alpha1 quantities as given, v1alpha2 their integers (factor 1000). */
type Form = 'v1alpha1' | 'v1alpha2'
const weight = (form: Form, q: string): string => {
  if (form === 'v1alpha1') return `"${q}"`
  return String(q.endsWith('m') ? Number(q.slice(0, -1)) : Math.round(Number(q) * 1000))
}

const split = (form: Form, name: string, weights: string[], labels = '') =>
  `apiVersion: split.smi-spec.io/${form}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${labels}spec:\n  service: ${name}\n  backends:\n` +
  weights.map((w, i) => `  - service: ${name}-${i}\n    weight: ${w}\n`).join('')

const inline = (ops: string, resources = '../base', extra = '') =>
  `resources:\n- ${resources}\n${extra}patches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n` +
  ops
    .split('\n')
    .map((l) => `    ${l}`)
    .join('\n') +
  '\n'

/** What the tree renders at `overlay` for web, as the converted tree would render it: the sum of Linkerd's whole units. */
function renderedSum(dir: string, overlay: string): bigint {
  const web = build(join(dir, overlay)).get('web')!
  // v1alpha1 converts with the factor 1000: each weight's MilliValue (rounded up); v1alpha2 integers stay.
  if (web.apiVersion.endsWith('v1alpha1')) return web.weights.reduce((a, n) => a + (n + 999_999n) / 1_000_000n, 0n)
  return web.weights.reduce((a, n) => a + n / 1_000_000_000n, 0n)
}

/** One shape of a tree, with the overlay to render and whether its values add up past the sum. */
interface Shape {
  label: string
  files: (form: Form, past: boolean) => Files
  overlay: string
}

const base = (form: Form, weights: string[]) => ({
  'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
  'base/ts.yaml': split(
    form,
    'web',
    weights.map((q) => weight(form, q)),
  ),
})

const SHAPES: Shape[] = [
  {
    label: 'remove, then replace at an index (it names the next backend)',
    overlay: 'ov',
    files: (f, past) => ({
      ...base(f, ['10m', '300', '10m', '120']),
      'ov/kustomization.yaml': inline(
        `- op: remove\n  path: /spec/backends/0\n- op: replace\n  path: /spec/backends/1/weight\n  value: ${weight(f, past ? '129.497' : '9')}`,
      ),
    }),
  },
  {
    label: 'add at an index, then replace at an index',
    overlay: 'ov',
    files: (f, past) => ({
      ...base(f, ['10m', '200']),
      'ov/kustomization.yaml': inline(
        `- op: add\n  path: /spec/backends/0\n  value: {service: c, weight: ${weight(f, '30')}}\n` +
          `- op: replace\n  path: /spec/backends/1/weight\n  value: ${weight(f, past ? '200' : '199')}`,
      ),
    }),
  },
  {
    label: 'move, then replace at an index',
    overlay: 'ov',
    files: (f, past) => ({
      ...base(f, ['10m', '200']),
      'ov/kustomization.yaml': inline(
        '- op: move\n  from: /spec/backends/1\n  path: /spec/backends/0\n' +
          `- op: replace\n  path: /spec/backends/1/weight\n  value: ${weight(f, past ? '229.497' : '229.486')}`,
      ),
    }),
  },
  {
    label: 'an insert in one overlay, a replace at an index in the overlay on it',
    overlay: 'o2',
    files: (f, past) => ({
      ...base(f, ['10m', '200']),
      'o1/kustomization.yaml': inline(`- op: add\n  path: /spec/backends/0\n  value: {service: c, weight: ${weight(f, '30')}}`),
      'o2/kustomization.yaml': inline(
        `- op: replace\n  path: /spec/backends/1/weight\n  value: ${weight(f, past ? '200' : '199')}`,
        '../o1',
      ),
    }),
  },
  {
    label: 'a copy of a backend a patch added',
    overlay: 'ov',
    files: (f, past) => ({
      ...base(f, ['10m', '10m']),
      'ov/kustomization.yaml': inline(
        `- op: add\n  path: /spec/backends/-\n  value: {service: c, weight: ${weight(f, past ? '215' : '214')}}\n` +
          '- op: copy\n  from: /spec/backends/2\n  path: /spec/backends/-',
      ),
    }),
  },
  {
    label: 'a component that adds a backend, listed in an overlay and in the overlay on it',
    overlay: 'o2',
    files: (f, past) => ({
      ...base(f, ['200', past ? '170.5' : '169']),
      'comp/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n' +
        inline(`- op: add\n  path: /spec/backends/-\n  value: {service: c, weight: ${weight(f, '30')}}`).replace(
          /^resources:\n- \S+\n/,
          '',
        ),
      'o1/kustomization.yaml': 'resources:\n- ../base\ncomponents:\n- ../comp\n',
      'o2/kustomization.yaml': 'resources:\n- ../o1\ncomponents:\n- ../comp\n',
    }),
  },
]

for (const form of ['v1alpha1', 'v1alpha2'] as const) {
  kubectlTest(`${form} trees whose patches render weights past 429496 by index shifts, copies, components: refused`, () => {
    for (const shape of SHAPES) {
      const dir = tree(shape.files(form, true))
      assert.ok(renderedSum(dir, shape.overlay) > LINKERD_UNIT_SUM, `${shape.label}: the case renders past the sum`)
      const was = snapshot(dir)
      for (const mode of ['--write', '--check']) {
        const r = cli([mode, '.'], { cwd: dir })
        assert.is(r.status, 2, `${shape.label} ${mode}: ${r.stdout}${r.stderr}`)
        assert.match(
          r.stdout + r.stderr,
          /error: the TrafficSplit this patch writes may render weights that add up past 429496/,
          shape.label,
        )
      }
      assert.equal(snapshot(dir), was, `${shape.label}: nothing written`)
    }
  })
}

kubectlTest('the same shapes within 429496: converted, every render keeps its ratios, a second run finds nothing', () => {
  for (const shape of SHAPES) {
    const dir = tree(shape.files('v1alpha1', false))
    assert.ok(renderedSum(dir, shape.overlay) <= LINKERD_UNIT_SUM, `${shape.label}: the case renders within the sum`)
    const before = build(join(dir, shape.overlay)).get('web')!
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 0, `${shape.label}: ${r.stdout}${r.stderr}`)
    const after = build(join(dir, shape.overlay)).get('web')!
    assert.is(after.apiVersion, 'split.smi-spec.io/v1alpha2', shape.label)
    assert.ok(sameRatios(before.weights, after.weights), `${shape.label}: ${before.weights} -> ${after.weights}`)
    assert.ok(renderedSum(dir, shape.overlay) <= LINKERD_UNIT_SUM, shape.label)
    const again = cli(['--check', '.'], { cwd: dir })
    assert.is(again.status, 0, `${shape.label}: ${again.stdout}`)
  }
})

// A factor group holding a TrafficSplit the run leaves as it is (v1alpha2 integers): a shared
// patch scaled with the others would change its ratio (9:1 rendered as 9:1000).

const labelled = (form: Form, name: string, weights: string[]) =>
  split(form, name, weights).replace(`metadata:\n  name: ${name}\n`, `metadata:\n  name: ${name}\n  labels: {canary: "true"}\n`)
const byLabel = (value: string) =>
  'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, labelSelector: canary=true}\n  patch: |-\n' +
  `    - op: replace\n      path: /spec/backends/1/weight\n      value: ${value}\n`
const mixed = (web: string[], api: string[], ops: string): Files => ({
  'base/kustomization.yaml': 'resources:\n- web.yaml\n- api.yaml\n',
  'base/web.yaml': labelled('v1alpha1', 'web', web),
  'base/api.yaml': labelled('v1alpha2', 'api', api),
  'ov/kustomization.yaml': ops,
})

kubectlTest('a patch shared by TrafficSplits that need the factor 1000 and one left as it is: held back, naming it', () => {
  const cases: Array<[string, Files]> = [
    ['a label-selected patch over v1alpha1 web and v1alpha2 api', mixed(['900m', '100m'], ['9', '1'], byLabel('1'))],
    [
      'a named patch over two bases',
      {
        'b1/kustomization.yaml': 'resources:\n- ts.yaml\nnamespace: a\n',
        'b1/ts.yaml': split('v1alpha1', 'web', ['"1"', '500m']),
        'b2/kustomization.yaml': 'resources:\n- ts.yaml\nnamespace: b\n',
        'b2/ts.yaml': split('v1alpha2', 'web', ['2', '1']),
        'ov/kustomization.yaml': inline('- op: replace\n  path: /spec/backends/1/weight\n  value: 1', '../b1\n- ../b2'),
      },
    ],
    [
      'a v1alpha2 base and a patch in milli-units',
      {
        'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
        'base/ts.yaml': split('v1alpha2', 'web', ['9', '1']),
        'ov/kustomization.yaml': inline('- op: replace\n  path: /spec/backends/1/weight\n  value: 500m'),
      },
    ],
  ]
  for (const [label, files] of cases) {
    const dir = tree(files)
    build(join(dir, 'ov'))
    const was = snapshot(dir)
    for (const mode of ['--write', '--check']) {
      const r = cli([mode, '.'], { cwd: dir })
      assert.is(r.status, 1, `${label} ${mode}: ${r.stdout}${r.stderr}`)
      assert.match(
        r.stdout,
        /ov\/kustomization\.yaml:\d+:\d+: warning: this patch may write the weights of TrafficSplit (api|web) \(\.\.\/b(ase|2)\/\S+:1\), which the run leaves as it is/,
        label,
      )
    }
    assert.equal(snapshot(dir), was, `${label}: nothing written`)
  }
})

// Only v1alpha1 quantities are multiplied: under `--to v1alpha3`/`v1alpha4` a v1alpha2 object moves
// its apiVersion and keeps its integers, so a patch it shares with a v1alpha1 object is held back too.
kubectlTest('with --to v1alpha3 and v1alpha4, a patch shared with a v1alpha2 split whose integers stay: held back', () => {
  const cases: Array<[string, Files, string]> = [
    ['a label-selected patch over v1alpha1 web and v1alpha2 api', mixed(['900m', '100m'], ['9', '1'], byLabel('1')), 'api'],
    [
      'a v1alpha2 strategic-merge patch, then an inline weight over a v1alpha1 base',
      {
        ...base('v1alpha1', ['900m', '100m']),
        'ov/p.yaml': split('v1alpha2', 'web', ['9', '1']),
        'ov/kustomization.yaml':
          'resources:\n- ../base\npatches:\n- path: p.yaml\n  target: {kind: TrafficSplit, name: web}\n' +
          '- target: {kind: TrafficSplit, name: web}\n  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 2\n',
      },
      'web',
    ],
  ]
  for (const [label, files, held] of cases) {
    const dir = tree(files)
    const rendered = build(join(dir, 'ov')).get(held)!
    assert.is(rendered.weights[1], held === 'api' ? 1_000_000_000n : 2_000_000_000n, `${label}: kustomize applies the patch`)
    const was = snapshot(dir)
    for (const to of ['v1alpha3', 'v1alpha4']) {
      for (const mode of ['--write', '--check']) {
        const r = cli([mode, '--to', to, '.'], { cwd: dir })
        assert.is(r.status, 1, `${label} ${to} ${mode}: ${r.stdout}${r.stderr}`)
        assert.match(
          r.stdout,
          new RegExp(`ov/kustomization\\.yaml:\\d+:\\d+: warning: this patch may write the weights of TrafficSplit ${held} `),
          label,
        )
      }
    }
    assert.equal(snapshot(dir), was, `${label}: nothing written`)
  }
})

kubectlTest('with --to v1alpha3, a v1alpha2 split whose integers stay and a v1alpha1 one with patches of their own: converted', () => {
  const dir = tree({
    'base/kustomization.yaml': 'resources:\n- web.yaml\n- api.yaml\n',
    'base/web.yaml': split('v1alpha1', 'web', ['900m', '100m']),
    'base/api.yaml': split('v1alpha2', 'api', ['9', '1']),
    'ov/kustomization.yaml':
      inline('- op: replace\n  path: /spec/backends/1/weight\n  value: 200m') +
      '- target: {kind: TrafficSplit, name: api}\n  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 2\n',
  })
  const before = build(join(dir, 'ov'))
  const r = cli(['--write', '--to', 'v1alpha3', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const after = build(join(dir, 'ov'))
  for (const name of ['web', 'api']) {
    assert.is(after.get(name)!.apiVersion, 'split.smi-spec.io/v1alpha3', name)
    assert.ok(
      sameRatios(before.get(name)!.weights, after.get(name)!.weights),
      `${name}: ${before.get(name)!.weights} -> ${after.get(name)!.weights}`,
    )
  }
  assert.is(cli(['--check', '--to', 'v1alpha3', '.'], { cwd: dir }).status, 0)
})

kubectlTest('the same shared patch when no member needs a factor: converted, both splits keep their ratios', () => {
  const dir = tree(mixed(['"9"', '"1"'], ['9', '1'], byLabel('2')))
  const before = build(join(dir, 'ov'))
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const after = build(join(dir, 'ov'))
  for (const name of ['web', 'api']) assert.ok(sameRatios(before.get(name)!.weights, after.get(name)!.weights), name)
  assert.is(cli(['--check', '.'], { cwd: dir }).status, 0)
})

kubectlTest('a copy over v1alpha1 web and v1alpha2 api that renders api past 429496: refused on the first run', () => {
  const dir = tree(
    mixed(
      ['900m', '100m'],
      ['200000', '200000'],
      byLabel('x').replace(/ {4}- op: replace[\s\S]*/, '    - op: copy\n      from: /spec/backends/1\n      path: /spec/backends/-\n'),
    ),
  )
  const api = build(join(dir, 'ov')).get('api')!
  assert.is(
    api.weights.reduce((a, n) => a + n / 1_000_000_000n, 0n),
    600000n,
  )
  const was = snapshot(dir)
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stdout + r.stderr)
  assert.match(r.stdout + r.stderr, /may render weights that add up past 429496/)
  assert.equal(snapshot(dir), was, 'nothing written')
})

// A JSON 6902 patch file that spells backends with an escape: kustomize decodes it, file mode
// would not read the file, so its weights would stay while the base is scaled.

kubectlTest('a patch file that writes backends spelled with an escape: held back at its entry', () => {
  const patches: Array<[string, string]> = [
    ['p.yaml', '- op: replace\n  path: "/spec/b\\x61ckends/1"\n  value: {service: b, weight: 2}\n'],
    ['p.json', '[{"op":"replace","path":"/spec/b\\u0061ckends/1","value":{"service":"b","weight":2}}]\n'],
  ]
  for (const [name, text] of patches) {
    const dir = tree({
      ...base('v1alpha1', ['1', '500m']),
      'ov/kustomization.yaml': `resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  path: ${name}\n`,
      [`ov/${name}`]: text,
    })
    const web = build(join(dir, 'ov')).get('web')!
    assert.equal(web.weights, [1_000_000_000n, 2_000_000_000n], `${name}: kustomize applies the escaped path`)
    const was = snapshot(dir)
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      new RegExp(
        `ov/kustomization\\.yaml:4:3: warning: patches entry ${name.replace('.', '\\.')}:\\d+:\\d+: this patch writes TrafficSplit backends`,
      ),
    )
    assert.equal(snapshot(dir), was, `${name}: nothing written`)
  }
})

test.run()
