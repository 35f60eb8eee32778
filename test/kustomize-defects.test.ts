/**
 * The kustomize defect classes of issue 21: trees where a run reported success while what
 * `kubectl kustomize` renders changed (a weight left in quantity form, an annotation that
 * copies a weight, a patch that starts applying), or a tree held back for no reason. Each
 * tree is built with the real `kubectl kustomize` before and after `smi-migrate --write` (the
 * built CLI): converted trees keep every ratio on v1alpha2 with integer weights, and other
 * objects render as before; refused trees are pending at the line that causes it and written
 * nowhere. Without kubectl these tests are reported as skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { sameRatios } from './helpers/kustomize.js'
import { parseQuantity } from '../src/quantity/quantity.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

const BASE = {
  'base/kustomization.yaml': 'resources:\n  - trafficsplit.yaml\n',
  'base/trafficsplit.yaml':
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
    '    - service: web-v1\n      weight: 1\n    - service: web-v2\n      weight: 2\n',
}

function tree(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-kdefect-'))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    writeFileSync(join(dir, f), text)
  }
  return dir
}

function files(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(dir, join(sub, e.name)) : [join(sub, e.name)]))
    .sort()
}

function snapshot(dir: string): Map<string, string> {
  return new Map(files(dir).map((f) => [f, readFileSync(join(dir, f), 'latin1')]))
}

interface Rendered {
  /** TrafficSplits by name: apiVersion and weights in units of 1n (-1n: a backend without one). */
  splits: Map<string, { apiVersion: string; weights: bigint[] }>
  /** Every other object, and each TrafficSplit's metadata, as JSON: they must render as before (kustomize orders them by version too). */
  rest: string[]
}

/** `kubectl kustomize dir`, read back. */
function render(dir: string): Rendered {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  assert.is(r.status, 0, `kubectl kustomize ${dir}: ${r.stderr}`)
  const out: Rendered = { splits: new Map(), rest: [] }
  for (const doc of parseAllDocuments(r.stdout)) {
    const o = doc.toJS() as { kind: string; apiVersion: string; metadata: { name: string }; spec: { backends: { weight: unknown }[] } }
    if (o?.kind !== 'TrafficSplit') {
      out.rest.push(JSON.stringify(o))
      continue
    }
    out.splits.set(o.metadata.name, {
      apiVersion: o.apiVersion,
      weights: o.spec.backends.map((b) => (b.weight === undefined ? -1n : nanos(String(b.weight)))),
    })
    out.rest.push(JSON.stringify(o.metadata))
  }
  return out
}

function nanos(text: string): bigint {
  const q = parseQuantity(text)
  if (!q.ok) throw new Error(`not a quantity: ${text}`)
  return q.value.n * 10n ** BigInt(q.value.e + 9)
}

/** The kustomizations to build: every one but components. */
function roots(dir: string): string[] {
  return files(dir)
    .filter((f) => /(^|\/)kustomization\.yaml$/.test(f))
    .filter((f) => !/^kind:\s*Component\b/m.test(readFileSync(join(dir, f), 'utf8')))
    .map(dirname)
}

/**
 * Trees side by side in one directory (t0/, t1/, ...), each a case of its own: one run of the CLI
 * converts each tree, or holds it back, on its own, so a loop's cases share its runs.
 */
function treesSideBySide(list: Array<Record<string, string | Buffer>>): { root: string; subs: string[] } {
  const subs = list.map((_, i) => `t${i}`)
  const all: Record<string, string | Buffer> = {}
  for (const [i, files] of list.entries()) for (const [f, text] of Object.entries(files)) all[`${subs[i]}/${f}`] = text
  return { root: tree(all), subs }
}

/** --write converts the tree: every build keeps its objects and ratios, on v1alpha2 with integer weights; a second run finds nothing. */
function assertConverted(dir: string, label: string, args: string[] = []): void {
  assertAllConverted(dir, [''], [label], args)
}

/** The same for the trees below `root` (`subs`, '' for root itself), with one --write and one --check run over all of them. */
function assertAllConverted(root: string, subs: string[], labels: string[], args: string[] = []): void {
  const before = subs.map((sub) => new Map(roots(join(root, sub)).map((o) => [o, render(join(root, sub, o))])))
  const r = cli(['--write', ...args, '.'], { cwd: root })
  assert.is(r.status, 0, `${labels.join(', ')}: ${r.stdout}${r.stderr}`)
  for (const [i, sub] of subs.entries()) assertSameRenders(join(root, sub), before[i]!, labels[i]!)
  const again = cli(['--check', ...args, '.'], { cwd: root })
  assert.is(again.status, 0, `${labels.join(', ')}: a second run finds nothing: ${again.stdout}`)
}

function assertSameRenders(dir: string, before: Map<string, Rendered>, label: string): void {
  for (const [o, b] of before) {
    const after = render(join(dir, o))
    assert.equal([...after.rest].sort(), [...b.rest].sort(), `${label}: ${o}: every other object and field renders as before`)
    assert.equal([...after.splits.keys()].sort(), [...b.splits.keys()].sort(), `${label}: ${o}: same TrafficSplits`)
    for (const [name, split] of after.splits) {
      const old = b.splits.get(name)!
      assert.is(split.apiVersion, 'split.smi-spec.io/v1alpha2', `${label}: ${o} ${name}`)
      assert.ok(sameRatios(old.weights, split.weights), `${label}: ${o} ${name}: ratios ${old.weights} -> ${split.weights}`)
      assert.ok(
        split.weights.every((w) => w % 1_000_000_000n === 0n),
        `${label}: ${o} ${name}: integer weights ${split.weights}`,
      )
    }
  }
}

/** The tree is held back: pending (exit 1) with `finding`, every file byte for byte as it was. */
function assertRefused(dir: string, finding: RegExp, label: string, args: string[] = []): void {
  assertAllRefused(dir, [''], [label], finding, args)
}

/** The same for the trees below `root`, with one --write and one --check run: each tree's finding under its own path. */
function assertAllRefused(root: string, subs: string[], labels: string[], finding: RegExp, args: string[] = []): void {
  for (const sub of subs) for (const o of roots(join(root, sub))) render(join(root, sub, o)) // kustomize reads the tree: the case is one it builds
  const was = snapshot(root)
  for (const mode of ['--write', '--check']) {
    const r = cli([mode, ...args, '.'], { cwd: root })
    assert.is(r.status, 1, `${labels.join(', ')} ${mode}: ${r.stdout}${r.stderr}`)
    for (const [i, sub] of subs.entries()) {
      const at = sub ? new RegExp(`^${sub}/(?:${finding.source})`, 'm') : finding
      assert.match(r.stdout, at, `${labels[i]} ${mode}`)
    }
  }
  assert.equal(snapshot(root), was, `${labels.join(', ')}: nothing written`)
}

/** An overlay of the base with one patch file, patch.yaml, for `target`. */
const overlay = (target = '{kind: TrafficSplit, name: web}') =>
  `resources:\n  - ../base\npatches:\n  - path: patch.yaml\n    target: ${target}\n`

// 1. JSON 6902 paths with the indices kustomize's JSON patch reads: negative (from the end), signed, `-` (append).

kubectlTest('JSON 6902 paths with negative, signed and `-` indices: their weights are converted with the tree', () => {
  const ops = [
    '- op: replace\n  path: /spec/backends/-1/weight\n  value: 250m\n',
    '- op: replace\n  path: /spec/backends/-2/weight\n  value: 250m\n',
    '- op: replace\n  path: /spec/backends/+1/weight\n  value: 250m\n',
    '- op: replace\n  path: /spec/backends/-1\n  value: {service: web-v2, weight: 250m}\n',
    '- op: add\n  path: /spec/backends/-\n  value: {service: web-v3, weight: 250m}\n',
    '- op: add\n  path: /spec/backends/-2\n  value:\n    service: web-v3\n    weight: 1500m\n',
  ]
  const { root, subs } = treesSideBySide(ops.map((op) => ({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': op })))
  assertAllConverted(root, subs, ops)
  for (const [i, op] of ops.entries())
    assert.match(readFileSync(join(root, subs[i]!, 'base/trafficsplit.yaml'), 'utf8'), /weight: 1000\n[\s\S]*weight: 2000\n/, op)
})

// 2. A copy or move whose `from` is a weight: the value it takes changes with the conversion.

kubectlTest('a JSON 6902 copy or move from a weight into an annotation: the tree is held back at the operation', () => {
  const cases = [
    ['copy', '/spec/backends/0/weight'],
    ['move', '/spec/backends/-1/weight'],
    ['copy', '/spec/backends/0'],
    ['copy', '/spec/backends'],
    ['copy', '/spec'],
  ]
  const text = (op: string, from: string) =>
    '- op: add\n  path: /metadata/annotations\n  value: {}\n' + `- op: ${op}\n  from: '${from}'\n  path: /metadata/annotations/w\n`
  const { root, subs } = treesSideBySide(
    cases.map(([op, from]) => ({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': text(op!, from!) })),
  )
  assertAllRefused(
    root,
    subs,
    cases.map(([op, from]) => `${op} ${from}`),
    // A file that mentions no backends is not read by file mode: its entry in the kustomization says it.
    /(?:overlay\/patch\.yaml:6:9: warning: |overlay\/kustomization\.yaml:4:5: warning: patches entry patch\.yaml:6:9: )JSON 6902 (?:copy|move) from \S* into \/metadata\/annotations\/w takes a TrafficSplit weight/,
  )
})

kubectlTest('a JSON 6902 copy from one weight into another: both converted, the tree converts', () => {
  const op =
    '- op: copy\n  from: /spec/backends/0/weight\n  path: /spec/backends/1/weight\n- op: replace\n  path: /spec/backends/0/weight\n  value: 500m\n'
  const dir = tree({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': op })
  assertConverted(dir, 'copy between weights')
})

// 3. Inline patches whose block scalar has an indentation indicator: its lines are at the indicated indentation, the first may be deeper.

kubectlTest(
  'an inline `patch: |2-` whose first line is deeper than the indicator: converted in place, JSON 6902 and strategic merge',
  () => {
    const ops = '      - op: replace\n        path: /spec/backends/1/weight\n        value: 250m\n'
    const smp =
      '      apiVersion: split.smi-spec.io/v1alpha1\n      kind: TrafficSplit\n      metadata:\n        name: web\n' +
      '      spec:\n        backends:\n          - service: web-v1\n            weight: 1\n          - service: web-v2\n            weight: 1500m\n'
    const cases = {
      'ops |2-': `  - target: {kind: TrafficSplit, name: web}\n    patch: |2-\n          # the canary's share\n${ops}`,
      'ops |-2': `  - target: {kind: TrafficSplit, name: web}\n    patch: |-2\n          # the canary's share\n${ops}`,
      'smp |2-': `  - patch: |2-\n          # the canary's share\n${smp}`,
      'smp |2 (kept)': `  - patch: |2\n         # the canary's share\n${smp}`,
    }
    const texts = Object.values(cases).map((entry) => `resources:\n  - ../base\npatches:\n${entry}`)
    const { root, subs } = treesSideBySide(texts.map((text) => ({ ...BASE, 'overlay/kustomization.yaml': text })))
    assertAllConverted(root, subs, Object.keys(cases))
    for (const [i, label] of Object.keys(cases).entries()) {
      const text = texts[i]!
      const after = readFileSync(join(root, subs[i]!, 'overlay/kustomization.yaml'), 'utf8')
      // Only the weights and the version change, at their own bytes.
      assert.is(
        after,
        text
          .replace('250m', '250')
          .replace('1500m', '1500')
          .replace(/(apiVersion: split\.smi-spec\.io\/)v1alpha1/, '$1v1alpha2')
          .replace(/weight: 1\n/, 'weight: 1000\n'),
        label,
      )
    }
  },
)

// 4. A kustomization the `yaml` package cannot parse but kubectl reads: never ignored.

kubectlTest('a kustomization with a flow mapping continued at column 0: its tree is held back, the warning at the line', () => {
  const op = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'
  const texts = [
    'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit,\nname: web}\n  path: patch.yaml\n',
    'resources: [\n../base]\npatches:\n- target: {kind: TrafficSplit, name: web}\n  path: patch.yaml\n',
  ]
  const { root, subs } = treesSideBySide(texts.map((text) => ({ ...BASE, 'overlay/kustomization.yaml': text, 'overlay/patch.yaml': op })))
  assertAllRefused(
    root,
    subs,
    texts,
    /overlay\/kustomization\.yaml:\d+:\d+: warning: kustomization cannot be read here \(.*\), though kubectl may read it/,
  )
})

// 5. A target whose version selects nothing but objects already at v1alpha2: the patch is dormant, and stays so.

kubectlTest('a target version v1alpha1 for a TrafficSplit already at v1alpha2 (dormant) does not move: its weights stay 500:500', () => {
  const api =
    'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: api\nspec:\n  service: api\n  backends:\n' +
    '    - service: api-v1\n      weight: 500\n    - service: api-v2\n      weight: 500\n'
  const target = (name: string) =>
    `      group: split.smi-spec.io\n      version: v1alpha1\n      kind: TrafficSplit\n      name: ${name}\n`
  const text =
    'resources:\n  - ../base\npatches:\n' +
    `  - target:\n${target('api')}    patch: |-\n      - op: replace\n        path: /spec/backends/0/weight\n        value: 7\n` +
    `  - target:\n${target('web')}    patch: |-\n      - op: replace\n        path: /spec/backends/0/weight\n        value: 500m\n`
  const dir = tree({
    ...BASE,
    'base/kustomization.yaml': 'resources:\n  - trafficsplit.yaml\n  - api.yaml\n',
    'base/api.yaml': api,
    'overlay/kustomization.yaml': text,
  })
  assertConverted(dir, 'dormant target')
  const after = readFileSync(join(dir, 'overlay/kustomization.yaml'), 'utf8')
  // web's target moves with web; api's stays where it selected nothing.
  assert.is(
    after,
    text
      .replace(/(name: web\n)/, '$1')
      .replace(/version: v1alpha1(\n {6}kind: TrafficSplit\n {6}name: web)/, 'version: v1alpha2$1')
      .replace('500m', '500'),
  )
})

// 6. Targets without `kind` that select an object of a sibling kind the run converts (--access-to).

const ACCESS = {
  ...BASE,
  'base/kustomization.yaml': 'resources:\n  - trafficsplit.yaml\n  - access.yaml\n',
  'base/access.yaml':
    'apiVersion: access.smi-spec.io/v1alpha1\nkind: TrafficTarget\nmetadata:\n  name: no-port\n  labels:\n    app: shop\n' +
    'destination:\n  kind: ServiceAccount\n  name: service-b\nspecs:\n- kind: TCPRoute\n  name: db\n' +
    'sources:\n- kind: ServiceAccount\n  name: prometheus\n  namespace: default\n',
}
const RENAME = '- op: replace\n  path: /destination/name\n  value: service-c\n'

kubectlTest('a target without kind that selects a TrafficTarget (--access-to): the tree is held back, as with the kind named', () => {
  const targets = {
    'group, version and name': '{group: access.smi-spec.io, version: v1alpha1, name: no-port}',
    'name only': '{name: no-port}',
    'labelSelector only': '{labelSelector: app=shop}',
    'a name pattern': '{name: "no-.*"}',
  }
  const { root, subs } = treesSideBySide(
    Object.values(targets).map((target) => ({ ...ACCESS, 'overlay/kustomization.yaml': overlay(target), 'overlay/patch.yaml': RENAME })),
  )
  assertAllRefused(
    root,
    subs,
    Object.keys(targets),
    /overlay\/kustomization\.yaml:4:5: warning: patches entry's target \(no kind\) may select TrafficTarget no-port, which the run converts \(--access-to\)/,
    ['--access-to', 'v1alpha2'],
  )
  // A kind-less target that selects only the TrafficSplit leaves the tree to convert.
  const op = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'
  const dir = tree({ ...ACCESS, 'overlay/kustomization.yaml': overlay('{name: web}'), 'overlay/patch.yaml': op })
  const r = cli(['--write', '--access-to', 'v1alpha2', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.is(readFileSync(join(dir, 'overlay/patch.yaml'), 'utf8'), op.replace('250m', '250'))
  assert.is(render(join(dir, 'overlay')).splits.get('web')?.apiVersion, 'split.smi-spec.io/v1alpha2')
})

// 7. A JSON 6902 patch file that starts with a UTF-8 byte order mark (kustomize reads it).

kubectlTest('a JSON 6902 patch file with a UTF-8 BOM: read, converted, the BOM kept', () => {
  const op = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'
  const dir = tree({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': Buffer.from(`\uFEFF${op}`, 'utf8') })
  assertConverted(dir, 'BOM')
  assert.is(readFileSync(join(dir, 'overlay/patch.yaml'), 'utf8'), `\uFEFF${op.replace('250m', '250')}`)
})

// 8. A quoted weight in a flow-style operation, with a tab starting the line after it: after the
// quote it is blank space to kustomize, after a plain integer its YAML reader reads on into it.

kubectlTest(
  'a quoted JSON 6902 weight followed by a tab-indented line: refused where kustomize would not read the integer, else converted',
  () => {
    const op = (blanks: string) => `- {op: replace, path: /spec/backends/1/weight, value: "250m"${blanks}}\n`
    // The operations' block sequence is at column 0: a tab at column 0 is refused, one at column 1 is not.
    const refused = op('\n\t')
    const plain = tree({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': refused.replace('"250m"', '250') })
    const built = spawnSync('kubectl', ['kustomize', join(plain, 'overlay')], { encoding: 'utf8' })
    assert.is.not(built.status, 0, 'kustomize does not read the plain integer before the tab')
    const dir = tree({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': refused })
    assertRefused(
      dir,
      /overlay\/patch\.yaml:2:1: warning: JSON 6902 replace \/spec\/backends\/1\/weight: weight "250m" is written as an unquoted integer/,
      'tab at column 0',
    )
    const kept = op('\n \t')
    const ok = tree({ ...BASE, 'overlay/kustomization.yaml': overlay(), 'overlay/patch.yaml': kept })
    assertConverted(ok, 'tab at column 1')
    assert.is(readFileSync(join(ok, 'overlay/patch.yaml'), 'utf8'), kept.replace('"250m"', '250'))
  },
)

kubectlTest('an inline JSON 6902 patch kustomize cannot parse (|2- with deeper lines) holds its tree back at the patch entry', () => {
  const patch = (block: string) =>
    'resources:\n  - ../base\npatches:\n  - target:\n      kind: TrafficSplit\n      name: web\n' +
    `    patch: ${block}\n        - op: replace\n          path: /spec/backends/0/weight\n          value: 900m\n`
  // The same patch under `|-` parses: kustomize reads both as the oracle says.
  const good = tree({ ...BASE, 'overlay/kustomization.yaml': patch('|-') })
  assert.is(spawnSync('kubectl', ['kustomize', join(good, 'overlay')], { encoding: 'utf8' }).status, 0)
  const dir = tree({ ...BASE, 'overlay/kustomization.yaml': patch('|2-') })
  const k = spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' })
  assert.is.not(k.status, 0)
  assert.match(k.stderr, /unable to parse SM or JSON patch/)
  const before = files(dir).map((f) => readFileSync(join(dir, f), 'utf8'))
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is.not(r.status, 0, r.stdout)
  assert.ok(r.stdout.includes('overlay/kustomization.yaml:4:5: warning: patches entry: kustomize cannot parse this inline patch'), r.stdout)
  assert.equal(
    files(dir).map((f) => readFileSync(join(dir, f), 'utf8')),
    before,
    'nothing written',
  )
})

// The sum of a split's weights is a property of the object the tree renders: kubectl shows
// what it renders, and the check refuses what adds up past what Linkerd sums of whole units.
kubectlTest(
  'a JSON 6902 patch that makes the rendered weights add up past 429496 is refused, though each document alone is within it',
  () => {
    const split = (weights: number[]) =>
      'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
      weights.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')
    const overlay = (value: number) =>
      'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n' +
      `    - op: replace\n      path: /spec/backends/0/weight\n      value: ${value}\n`
    const rendered = (dir: string) => {
      const built = spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' })
      assert.is(built.status, 0, built.stderr)
      return [...built.stdout.matchAll(/weight: (\d+)/g)].reduce((a, m) => a + Number(m[1]), 0)
    }
    const past = tree({
      'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
      'base/ts.yaml': split([200000, 200000]),
      'overlay/kustomization.yaml': overlay(300000),
    })
    assert.is(rendered(past), 500000)
    const r = cli(['--check', '.'], { cwd: past })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(r.stderr + r.stdout, /overlay\/kustomization\.yaml:8:14: error: .*may render weights that add up past 429496/)
    // Another mesh does not add the weights up in 32 bits.
    assert.is(cli(['--check', '--mesh', 'osm', '.'], { cwd: past }).status, 0)
    const within = tree({
      'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
      'base/ts.yaml': split([200000, 200000]),
      'overlay/kustomization.yaml': overlay(229496),
    })
    assert.is(rendered(within), 429496)
    const ok = cli(['--check', '.'], { cwd: within })
    assert.is(ok.status, 0, ok.stdout + ok.stderr)
    // `add` at a backend's index inserts a backend (RFC 6902): it counts in full, not as a replace.
    const inserted = tree({
      'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
      'base/ts.yaml': split([200000, 200000]),
      'overlay/kustomization.yaml':
        'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n' +
        '    - op: add\n      path: /spec/backends/1\n      value: {service: c, weight: 100000}\n',
    })
    assert.is(rendered(inserted), 500000)
    const ins = cli(['--check', '.'], { cwd: inserted })
    assert.is(ins.status, 2, ins.stdout + ins.stderr)
    assert.match(ins.stderr + ins.stdout, /may render weights that add up past 429496/)
    // A copy within the backends duplicates a weight: the rendered sum counts it.
    const copied = (weights: number[]) =>
      tree({
        'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
        'base/ts.yaml': split(weights),
        'overlay/kustomization.yaml':
          'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n' +
          '    - op: copy\n      from: /spec/backends/0\n      path: /spec/backends/-\n',
      })
    const over = copied([200000, 200000])
    assert.is(rendered(over), 600000)
    const cp = cli(['--check', '.'], { cwd: over })
    assert.is(cp.status, 2, cp.stdout + cp.stderr)
    assert.match(cp.stderr + cp.stdout, /may render weights that add up past 429496/)
    const under = copied([100000, 100000])
    assert.is(rendered(under), 300000)
    assert.is(cli(['--check', '.'], { cwd: under }).status, 0)
    // Sibling overlays render separate objects: their patches never add up in one.
    const sumAt = (dir: string) => {
      const built = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
      assert.is(built.status, 0, built.stderr)
      return [...built.stdout.matchAll(/weight: (\d+)/g)].reduce((a, m) => a + Number(m[1]), 0)
    }
    const add = (w: number) =>
      'resources:\n- ../base\npatches:\n- target: {kind: TrafficSplit, name: web}\n  patch: |-\n' +
      `    - op: add\n      path: /spec/backends/-\n      value: {service: c, weight: ${w}}\n`
    const pair = (a: number, b: number) =>
      tree({
        'base/kustomization.yaml': 'resources:\n- ts.yaml\n',
        'base/ts.yaml': split([100000, 100000]),
        'prod/kustomization.yaml': add(a),
        'staging/kustomization.yaml': add(b),
      })
    const apart = pair(200000, 200000)
    assert.is(sumAt(join(apart, 'prod')), 400000)
    assert.is(sumAt(join(apart, 'staging')), 400000)
    const fine = cli(['--check', '.'], { cwd: apart })
    assert.is(fine.status, 0, fine.stdout + fine.stderr)
    const one = pair(200000, 300000)
    assert.is(sumAt(join(one, 'staging')), 500000)
    const refused = cli(['--check', '.'], { cwd: one })
    assert.is(refused.status, 2, refused.stdout + refused.stderr)
    assert.match(
      refused.stderr + refused.stdout,
      /staging\/kustomization\.yaml:\d+:\d+: error: .*add up past 429496,.*in what kustomization\.yaml renders/,
    )
    assert.not.match(refused.stderr + refused.stdout, /prod\/kustomization\.yaml:\d+:\d+: error/)
  },
)

test.run()
