/**
 * Kustomize trees where a clean-looking run used to change the ratios: objects renamed by
 * namePrefix/nameSuffix (in bases, overlays, components) and patched under the new name or a
 * regex, patches that replace a whole spec, and everything this tool cannot follow (quoted
 * inline patches, replacements, plugins, remote bases, Helm charts, copies from elsewhere),
 * which must be refused, pending, with the whole tree left byte for byte as it was.
 *
 * Every converted case is built with the real `kubectl kustomize` before and after
 * `smi-migrate --write` (the built CLI, dist/cli.js): same objects, same ratios, v1alpha2,
 * integer weights; a second run changes nothing. A seeded generator adds ~30 random small trees.
 * Without kubectl the kubectl tests are reported as skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { parseQuantity } from '../src/quantity/quantity.js'
import { cli, git, type CliResult } from './helpers/cli.js'
import { hasKubectl, sameRatios } from './helpers/kustomize.js'
import { SeededRandom } from '../scripts/random.mjs'

const CASES = resolve('testdata/kustomize-cases')
/** A test that needs kubectl: skipped (and counted as such) where it is missing, except under CI. */
const withKubectl = hasKubectl || process.env.CI === 'true' ? test : test.skip

interface Split {
  apiVersion: string
  weights: bigint[]
}

type Build = { ok: true; splits: Map<string, Split> } | { ok: false; error: string }

/** `kubectl kustomize dir`: each TrafficSplit (by namespace/name) with its apiVersion and weights in units of 1n. */
function build(dir: string): Build {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  if (r.status !== 0) return { ok: false, error: r.stderr }
  return { ok: true, splits: splitsOf(r.stdout) }
}

function splitsOf(yaml: string): Map<string, Split> {
  const splits = new Map<string, Split>()
  for (const doc of parseAllDocuments(yaml)) {
    const o = doc.toJS() as {
      kind: string
      apiVersion: string
      metadata: { name: string; namespace?: string }
      spec: { backends: { weight: unknown }[] }
    }
    if (o?.kind !== 'TrafficSplit') continue
    splits.set(`${o.metadata.namespace ?? ''}/${o.metadata.name}`, {
      apiVersion: o.apiVersion,
      weights: o.spec.backends.map((b) => nanos(String(b.weight))),
    })
  }
  return splits
}

function nanos(text: string): bigint {
  const q = parseQuantity(text)
  if (!q.ok) throw new Error(`not a quantity: ${text}`)
  return q.value.n * 10n ** BigInt(q.value.e + 9)
}

function copyCase(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `smi-kcase-${name}-`))
  cpSync(join(CASES, name), dir, { recursive: true })
  return dir
}

function files(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(dir, join(sub, e.name)) : [join(sub, e.name)]))
    .sort()
}

function snapshot(dir: string): Map<string, string> {
  return new Map(files(dir).map((f) => [f, readFileSync(join(dir, f), 'utf8')]))
}

/** The kustomization directories of a tree that are not components: every one of them is built. */
function buildable(dir: string): string[] {
  return files(dir)
    .filter((f) => /(^|\/)kustomization\.yaml$/.test(f))
    .filter((f) => !/^kind:\s*Component\b/m.test(readFileSync(join(dir, f), 'utf8')))
    .map(dirname)
}

/** The trees the conversion tests below check, side by side in one directory: one --write and one --check run over them all. */
const CONVERTED = ['prefix-target', 'regex-target', 'suffix-target', 'component-target', 'name-only-target', 'spec-replace']
let conversions: { dir: string; before: Map<string, Map<string, Build>>; write: CliResult; check: CliResult } | undefined

/** Builds every kustomization of the CONVERTED trees, runs --write then --check over them once, for all the tests that read them. */
function convertedRuns(): NonNullable<typeof conversions> {
  if (conversions) return conversions
  const dir = mkdtempSync(join(tmpdir(), 'smi-kcase-converted-'))
  const before = new Map<string, Map<string, Build>>()
  for (const name of CONVERTED) {
    cpSync(join(CASES, name), join(dir, name), { recursive: true })
    before.set(name, new Map(buildable(join(dir, name)).map((o) => [o, build(join(dir, name, o))])))
  }
  const write = cli(['--write', '.'], { cwd: dir })
  conversions = { dir, before, write, check: cli(['--check', '.'], { cwd: dir }) }
  return conversions
}

/**
 * A CONVERTED tree: every kustomization builds before and after `--write`, with the same objects
 * and ratios, all on v1alpha2 with integer weights; a second run finds nothing. Returns the tree.
 */
function assertConverted(name: string): string {
  assert.ok(CONVERTED.includes(name), `${name} is one of the CONVERTED trees`)
  const { dir, before, write, check } = convertedRuns()
  for (const [o, b] of before.get(name)!) assert.ok(b.ok, `${name}: ${o} must build before: ${b.ok ? '' : b.error}`)
  assert.is(write.status, 0, `${name}: ${write.stdout}${write.stderr}`)
  assert.match(write.stdout, new RegExp(`^${name}/\\S+: converted `, 'm'), `${name}: converted`)
  assertSameRatios(join(dir, name), before.get(name)!, name)
  assert.is(check.status, 0, `${name}: a second run finds nothing: ${check.stdout}`)
  return join(dir, name)
}

function assertSameRatios(dir: string, before: Map<string, Build>, label: string): void {
  for (const [o, b] of before) {
    if (!b.ok) continue
    const after = build(join(dir, o))
    assert.ok(after.ok, `${label}: ${o} must still build: ${after.ok ? '' : after.error}`)
    if (!after.ok) continue
    assert.equal([...after.splits.keys()].sort(), [...b.splits.keys()].sort(), `${label}: ${o}: same objects`)
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

/** The trees the refusal tests below hold back, side by side in one directory: one run per mode over them all. */
const REFUSED = [
  'quoted-inline',
  'replacements',
  'transformers-patch',
  'copy-op',
  'helm-charts',
  'version-only',
  'rename-op',
  'mixed-versions',
  'remote-base',
]
let refusals: { dir: string; was: Map<string, string>; runs: Array<[string, CliResult]> } | undefined

/** The --write and --check runs over the REFUSED trees, made once for all the tests that read them. */
function refusedRuns(): NonNullable<typeof refusals> {
  if (refusals) return refusals
  const dir = mkdtempSync(join(tmpdir(), 'smi-kcase-refused-'))
  for (const name of REFUSED) cpSync(join(CASES, name), join(dir, name), { recursive: true })
  const was = snapshot(dir)
  refusals = { dir, was, runs: ['--write', '--check'].map((mode) => [mode, cli([mode, '.'], { cwd: dir })]) }
  return refusals
}

/** A refused tree: exit 1 (pending), the finding at its line, every file byte for byte as it was. */
function assertRefused(name: string, finding: RegExp): void {
  assert.ok(REFUSED.includes(name), `${name} is one of the REFUSED trees`)
  const { dir, was, runs } = refusedRuns()
  for (const [mode, r] of runs) {
    assert.is(r.status, 1, `${name} ${mode}: ${r.stdout}${r.stderr}`)
    // Each tree's findings name its own files: the tree's directory comes first.
    assert.match(r.stdout, new RegExp(`^${name}/(?:${finding.source})`, 'm'))
    // Its other files are left unchanged: by the tree's refusal, or because the helm-charts and
    // transformers-patch kustomizations of the same run may make a deploy object (every tree held).
    assert.match(
      r.stdout,
      new RegExp(
        `^${name}/.*warning: left unchanged: (?:another file of its kustomize tree|[\\w/-]+/kustomization\\.yaml:\\d+:\\d+: a kustomization's (?:helmCharts|transformers) \\(a field that may create an object)`,
        'm',
      ),
    )
  }
  const mine = (m: Map<string, string>) => [...m].filter(([f]) => f.startsWith(`${name}/`))
  assert.ok(mine(was).length > 0, name)
  assert.equal(mine(snapshot(dir)), mine(was), `${name}: nothing written`)
}

// 1. Factors keyed by names that kustomize transforms.

withKubectl("a base namePrefix: an overlay patch targeting shop-web shares web's factor (4:1, not 1:250)", () => {
  const dir = assertConverted('prefix-target')
  assert.match(readFileSync(join(dir, 'base/trafficsplit.yaml'), 'utf8'), /weight: 1000\n[\s\S]*weight: 2000\n/)
  assert.is(readFileSync(join(dir, 'overlay/canary.yaml'), 'utf8'), '- op: replace\n  path: /spec/backends/1/weight\n  value: 250\n')
})

withKubectl("a pre-commit batch holding only the base: the overlay's shop-web patch still sets the factor", () => {
  const dir = copyCase('prefix-target')
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  const before = build(join(dir, 'overlay'))
  const r = cli(['--write', 'base/trafficsplit.yaml'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assertSameRatios(dir, new Map([['overlay', before]]), 'prefix-target batch')
  assert.match(readFileSync(join(dir, 'base/trafficsplit.yaml'), 'utf8'), /weight: 1000\n[\s\S]*weight: 2000\n/)
})

withKubectl('a regex target name (shop-w.*) over a base prefix and an overlay suffix', () => {
  assertConverted('regex-target')
})

withKubectl('a base nameSuffix and an overlay namePrefix: patchesJson6902 sees prod-web-blue', () => {
  assertConverted('suffix-target')
})

withKubectl("a component's namePrefix: the overlay patch targets canary-web", () => {
  assertConverted('component-target')
})

withKubectl("a target with a name only (no kind, no group) still writes web's weight: converted with its factor", () => {
  assertConverted('name-only-target')
})

// 2. Patches not understood are not silently left behind.

withKubectl("a JSON 6902 replace of the whole /spec: its weights are converted with the object's factor", () => {
  const dir = assertConverted('spec-replace')
  assert.match(readFileSync(join(dir, 'overlay/spec.yaml'), 'utf8'), /weight: 750\n[\s\S]*weight: 250\n/)
})

test('an inline patch written as a quoted string: the tree is refused, pending', () => {
  assertRefused(
    'quoted-inline',
    /overlay\/kustomization\.yaml:11:12: warning: inline patch for a TrafficSplit is a quoted or folded string/,
  )
})

test('replacements that copy a ConfigMap quantity into a weight: refused at the replacements entry', () => {
  assertRefused('replacements', /overlay\/kustomization\.yaml:10:5: warning: replacements entry writes into TrafficSplit backends/)
})

test('a transformers: plugin that patches a TrafficSplit: refused at its entry', () => {
  assertRefused('transformers-patch', /overlay\/kustomization\.yaml:6:5: warning: transformers entry canary\.yaml may write TrafficSplits/)
})

test('a JSON 6902 copy from elsewhere into a weight: refused at the operation', () => {
  assertRefused(
    'copy-op',
    /overlay\/copy\.yaml:7:9: warning: JSON 6902 copy into \/spec\/backends\/1\/weight from \/metadata\/annotations\/canary-weight/,
  )
})

test('helmCharts in a tree with TrafficSplit patches: refused', () => {
  assertRefused(
    'helm-charts',
    /overlay\/kustomization\.yaml:6:5: warning: helmCharts: the TrafficSplits a chart renders are not converted here/,
  )
})

test('a target with a version but no kind or group: it cannot move to v1alpha2, so the tree is refused', () => {
  assertRefused(
    'version-only',
    /overlay\/kustomization\.yaml:8:16: warning: patch target version v1alpha1 may select other kinds than TrafficSplit/,
  )
})

test('a JSON 6902 op that renames the TrafficSplit (a later target uses the new name): refused at the op', () => {
  assertRefused('rename-op', /overlay\/kustomization\.yaml:11:15: warning: JSON 6902 replace \/metadata\/name renames the object/)
})

test('a target version v1alpha1 over a tree that also holds v1alpha2 objects: moving it would patch those too, refused', () => {
  assertRefused(
    'mixed-versions',
    /overlay\/kustomization\.yaml:9:16: warning: patch target version v1alpha1 would also select the TrafficSplits already at v1alpha2/,
  )
})

test("helmCharts of a pulled chart with no values, in a tree without TrafficSplit patches: the tree's own TrafficSplits are converted", () => {
  const dir = copyCase('helm-charts')
  const file = join(dir, 'overlay/kustomization.yaml')
  writeFileSync(file, readFileSync(file, 'utf8').replace(/^patches:[\s\S]*/m, ''))
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.match(readFileSync(join(dir, 'base/trafficsplit.yaml'), 'utf8'), /v1alpha2/)
})

test('helmCharts of a pulled chart that names a deploy tool, has values with a patch, or sits under a patch of a deploy kind: held', () => {
  const patchApp =
    'patches:\n  - target: {kind: Application}\n    patch: |-\n      - {op: add, path: /spec/source/kustomize, value: {patches: [{target: {kind: TrafficSplit}, patch: x}]}}\n'
  for (const [from, to] of [
    ['name: mesh', 'name: argo-cd'],
    ['version: 1.0.0', 'version: 1.0.0\n    valuesInline:\n      apps:\n        - patches: [{target: {kind: TrafficSplit}, patch: x}]'],
    [/$/, patchApp],
  ] as const) {
    const dir = copyCase('helm-charts')
    const file = join(dir, 'overlay/kustomization.yaml')
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/^patches:[\s\S]*/m, '')
        .replace(from, to),
    )
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 1, `${String(to)}: ${r.stdout}`)
    assert.match(r.stdout, /overlay\/kustomization\.yaml:5:1: a kustomization's helmCharts \(a field that may create an object/)
    assert.match(readFileSync(join(dir, 'base/trafficsplit.yaml'), 'utf8'), /v1alpha1/)
  }
})

// 3. Remote bases.

test('a remote base under a TrafficSplit patch: refused at the remote reference, the overlay left alone', () => {
  assertRefused(
    'remote-base',
    /overlay\/kustomization\.yaml:5:5: warning: remote base https:\/\/github\.com\/example\/mesh-config\/\/shop\?ref=v1\.2\.0 cannot be converted here/,
  )
})

test('trees with no TrafficSplit to convert are not refused for their replacements, plugins or remote bases', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-kcase-plain-'))
  mkdirSync(join(dir, 'overlay'))
  writeFileSync(
    join(dir, 'overlay/kustomization.yaml'),
    'resources:\n  - github.com/example/app//base?ref=v1\n' + 'transformers:\n  - labels.yaml\nhelmCharts:\n  - name: x\n',
  )
  writeFileSync(join(dir, 'overlay/labels.yaml'), 'apiVersion: builtin\nkind: LabelTransformer\nmetadata:\n  name: l\nlabels:\n  a: b\n')
  const r = cli(['--check', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.not.match(r.stdout, /warning/)
})

test('a hostile target name regex ((a+)+b) does not backtrack: read as "any name", the run ends at once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-kcase-redos-'))
  mkdirSync(join(dir, 'base'))
  writeFileSync(
    join(dir, 'base/kustomization.yaml'),
    'resources:\n  - ts.yaml\npatches:\n  - target:\n      kind: TrafficSplit\n' +
      '      name: (a+)+b\n    patch: |-\n      - op: replace\n        path: /spec/backends/0/weight\n        value: 500m\n',
  )
  writeFileSync(
    join(dir, 'base/ts.yaml'),
    `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${'a'.repeat(60)}c\n` +
      'spec:\n  service: s\n  backends:\n    - service: a\n      weight: 1\n    - service: b\n      weight: 1\n',
  )
  const started = Date.now()
  const r = cli(['--write', '.'], { cwd: dir, timeout: 20_000 })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.ok(Date.now() - started < 15_000)
  // Read as "any name": the patch shares the object's factor.
  assert.match(readFileSync(join(dir, 'base/ts.yaml'), 'utf8'), /weight: 1000\n[\s\S]*weight: 1000\n/)
})

// 4. Random small trees.

/** A seeded generator (scripts/random.mjs), so that every run builds the same trees. */
function rng(seed: number): () => number {
  const stream = new SeededRandom(seed)
  return () => stream.next()
}

const WEIGHTS = ['1', '2', '3', '10', '90', '0', '500m', '250m', '1500m', '0.5', '.25', '1.5', '"3"', '"750m"', '2e3', '5.', '1Ki', '100m']
const AFFIXES = ['', '', 'shop-', 'blue-', 'x-']
const SUFFIXES = ['', '', '-v2', '-canary']

interface Tree {
  files: Record<string, string>
  /** What the tree exercises, for the failure message. */
  label: string
}

function randomTree(seed: number): Tree {
  const r = rng(seed)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!
  const files: Record<string, string> = {}
  const names = r() < 0.5 ? ['web'] : ['web', 'api']
  const backends = new Map(names.map((n) => [n, 2 + Math.floor(r() * 2)]))
  files['base/trafficsplit.yaml'] = names
    .map(
      (n) =>
        `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${n}\n` +
        `spec:\n  service: ${n}\n  backends:\n` +
        Array.from({ length: backends.get(n)! }, (_, i) => `    - service: ${n}-v${i + 1}\n      weight: ${pick(WEIGHTS)}\n`).join(''),
    )
    .join('---\n')
  const basePrefix = pick(AFFIXES)
  const baseSuffix = pick(SUFFIXES)
  files['base/kustomization.yaml'] = kustomization({ prefix: basePrefix, suffix: baseSuffix, resources: ['trafficsplit.yaml'] })
  // A component (sometimes), used by the first overlay: its own affixes, maybe a patch.
  const component = r() < 0.4
  const compPrefix = component ? pick(AFFIXES) : ''
  const compSuffix = component ? pick(SUFFIXES) : ''
  let patchNo = 0
  const patch = (dir: string, seen: string[], inline: boolean): string => {
    const n = pick(names)
    const i = Math.floor(r() * backends.get(n)!)
    const exact = seen.map((s) => s.replace('@', n))
    const choice = r()
    const name = choice < 0.45 ? pick(exact) : choice < 0.7 ? n : choice < 0.85 ? `.*${n}.*` : `(${pick(exact)}|nothing)`
    const ops = `- op: replace\n  path: /spec/backends/${i}/weight\n  value: ${pick(WEIGHTS)}\n`
    const target = `    target:\n      group: split.smi-spec.io\n      version: v1alpha1\n      kind: TrafficSplit\n      name: "${name}"\n`
    // Now and then a quoted inline patch, which the tree must be refused for (when it needs an edit).
    if (inline && r() < 0.15) return `  - patch: ${JSON.stringify(ops)}\n${target}`
    if (inline) return `  - patch: |-\n${ops.replace(/^/gm, '      ')}\n${target}`
    const file = `patch-${patchNo++}.yaml`
    files[`${dir}/${file}`] = ops
    return `  - path: ${file}\n${target}`
  }
  const seenBelow = [`${basePrefix}@${baseSuffix}`, '@']
  if (component) {
    const patches =
      r() < 0.5 ? [patch('components/c', [...seenBelow, `${compPrefix}${basePrefix}@${baseSuffix}${compSuffix}`], r() < 0.5)] : []
    files['components/c/kustomization.yaml'] =
      'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\n' +
      affixLines(compPrefix, compSuffix) +
      (patches.length ? `patches:\n${patches.join('')}` : '')
  }
  const overlays = 1 + Math.floor(r() * 2)
  /** Each overlay's output names (`@` for the object's own name), for a stacked overlay's targets. */
  const outputs: string[][] = []
  for (let o = 0; o < overlays; o++) {
    const dir = `overlay${o}`
    const withComponent = component && o === 0
    // The second overlay is sometimes stacked on the first: three levels of affixes.
    const stacked = o === 1 && r() < 0.4
    const below = stacked ? outputs[0]! : seenBelow
    const incoming = withComponent ? [...below, `${compPrefix}${basePrefix}@${baseSuffix}${compSuffix}`] : below
    const prefix = pick(AFFIXES)
    const suffix = pick(SUFFIXES)
    const current = incoming[withComponent ? incoming.length - 1 : 0]!
    const output = `${prefix}${current}${suffix}`
    // patchesJson6902 runs after the overlay's own prefix and suffix: its targets may use the output name.
    const field = r() < 0.25 ? 'patchesJson6902' : 'patches'
    const seen = field === 'patchesJson6902' ? [...incoming, output] : incoming
    const patches = Array.from({ length: 1 + Math.floor(r() * 2) }, () => patch(dir, seen, r() < 0.5))
    outputs.push([output, ...incoming])
    files[`${dir}/kustomization.yaml`] =
      kustomization({
        prefix,
        suffix,
        resources: [stacked ? '../overlay0' : '../base'],
        components: withComponent ? ['../components/c'] : [],
      }) + `${field}:\n${patches.join('')}`
  }
  return { files, label: `seed ${seed}: ${Object.keys(files).sort().join(', ')}` }
}

function kustomization(k: { prefix: string; suffix: string; resources: string[]; components?: string[] }): string {
  return (
    'apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n' +
    affixLines(k.prefix, k.suffix) +
    `resources:\n${k.resources.map((x) => `  - ${x}\n`).join('')}` +
    (k.components?.length ? `components:\n${k.components.map((x) => `  - ${x}\n`).join('')}` : '')
  )
}

function affixLines(prefix: string, suffix: string): string {
  return (prefix ? `namePrefix: ${prefix}\n` : '') + (suffix ? `nameSuffix: ${suffix}\n` : '')
}

/** `kubectl kustomize` of many directories, a few at a time. */
async function buildAll(dirs: string[]): Promise<Map<string, Build>> {
  const out = new Map<string, Build>()
  const queue = [...dirs]
  const worker = async () => {
    for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
      const d = dir
      out.set(
        d,
        await new Promise<Build>((done) => {
          const child = spawn('kubectl', ['kustomize', d], { stdio: ['ignore', 'pipe', 'pipe'] })
          const chunks: Buffer[] = []
          const errors: Buffer[] = []
          child.stdout.on('data', (c: Buffer) => chunks.push(c))
          child.stderr.on('data', (c: Buffer) => errors.push(c))
          child.on('close', (status) =>
            done(
              status === 0
                ? { ok: true, splits: splitsOf(Buffer.concat(chunks).toString('utf8')) }
                : { ok: false, error: Buffer.concat(errors).toString('utf8') },
            ),
          )
        }),
      )
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()])
  return out
}

/** 30 trees by default; SMI_KUSTOMIZE_TREES and SMI_KUSTOMIZE_SEED run a longer or another sweep. */
const TREES = Number(process.env.SMI_KUSTOMIZE_TREES ?? 30)
const SEED = Number(process.env.SMI_KUSTOMIZE_SEED ?? 1)

withKubectl(
  `random trees (${TREES}, seeded): --write keeps every rendered ratio, or refuses and writes nothing; a second run changes nothing`,
  async () => {
    const started = Date.now()
    // All trees side by side in one directory: one run converts each tree, or holds it back, on its own.
    const root = mkdtempSync(join(tmpdir(), 'smi-kgen-'))
    const trees = Array.from({ length: TREES }, (_, i) => randomTree(SEED + i))
    const dirs: string[] = []
    for (const [i, tree] of trees.entries()) {
      const t = `t${String(i + 1).padStart(3, '0')}`
      for (const [f, text] of Object.entries(tree.files)) {
        mkdirSync(dirname(join(root, t, f)), { recursive: true })
        writeFileSync(join(root, t, f), text)
      }
      dirs.push(...buildable(join(root, t)).map((d) => join(t, d)))
    }
    const before = await buildAll(dirs.map((d) => join(root, d)))
    const was = snapshot(root)
    const r = cli(['--write', '.'], { cwd: root })
    assert.ok(r.status === 0 || r.status === 1 || r.status === 2, r.stdout + r.stderr)
    const written = snapshot(root)
    // A tree the run left byte for byte builds as before: only the trees it wrote are built again.
    const touched = new Set([...was.keys()].filter((f) => was.get(f) !== written.get(f)).map((f) => f.split('/')[0]))
    const after = await buildAll(dirs.filter((d) => touched.has(d.split('/')[0])).map((d) => join(root, d)))
    let converted = 0
    let patched = 0
    const reasons = new Map<string, number>()
    for (const [i, tree] of trees.entries()) {
      const t = `t${String(i + 1).padStart(3, '0')}`
      const label = tree.label
      const mine = [...was.keys()].filter((f) => f.startsWith(`${t}/`))
      if (mine.every((f) => was.get(f) === written.get(f))) {
        // Refused (pending) or an error (a weight above int32 once scaled): the run says why, at a file of the tree.
        assert.match(r.stdout, new RegExp(`^${t}/\\S+: (warning|error): `, 'm'), `${label}: unchanged, so refused: ${r.stdout}`)
        for (const line of r.stdout.split('\n')) {
          const why = new RegExp(`^${t}/\\S+: (?:warning|error): (.*)`).exec(line)?.[1]
          if (why && !why.startsWith('left unchanged'))
            reasons.set(why.replace(/[:;(].*/, ''), (reasons.get(why.replace(/[:;(].*/, '')) ?? 0) + 1)
        }
        continue
      }
      converted++
      for (const d of dirs.filter((x) => x.startsWith(`${t}/`))) {
        const b = before.get(join(root, d))!
        if (!b.ok) continue
        const a = after.get(join(root, d))!
        assert.ok(a.ok, `${label}: ${d} must still build: ${a.ok ? '' : a.error}`)
        if (!a.ok) continue
        assert.equal([...a.splits.keys()].sort(), [...b.splits.keys()].sort(), `${label}: ${d}: same objects`)
        for (const [name, split] of a.splits) {
          const old = b.splits.get(name)!
          assert.is(split.apiVersion, 'split.smi-spec.io/v1alpha2', `${label}: ${d} ${name}`)
          assert.ok(sameRatios(old.weights, split.weights), `${label}: ${d} ${name}: ratios ${old.weights} -> ${split.weights}`)
          assert.ok(
            split.weights.every((w) => w % 1_000_000_000n === 0n),
            `${label}: ${d} ${name}: integer weights ${split.weights}`,
          )
        }
      }
      // An overlay object whose weights differ from its base object's: a patch's target matched.
      const base = before.get(join(root, t, 'base'))
      for (const d of dirs.filter((x) => x.startsWith(`${t}/overlay`))) {
        const b = before.get(join(root, d))!
        if (!b.ok || !base?.ok) continue
        for (const [name, split] of b.splits) {
          const from = [...base.splits].find(([n]) => name.includes(n.slice(1)))
          if (from && from[1].weights.join() !== split.weights.join()) patched++
        }
      }
    }
    const again = cli(['--write', '.'], { cwd: root })
    assert.is(again.status, r.status, `second run: ${again.stdout}`)
    assert.equal(snapshot(root), written, 'a second run changes nothing')
    assert.ok(converted >= TREES / 2 && converted < TREES, `most random trees convert, some are refused (${converted} of ${TREES})`)
    assert.ok(patched >= TREES / 3, `patches that matched: ${patched}`)
    console.log(
      `  random trees: ${converted} of ${TREES} converted, ${patched} patched objects checked, ${dirs.length} builds before, ${after.size} after, ${Date.now() - started} ms; refusals: ${[...reasons].map(([w, n]) => `${n} x ${w}`).join(', ')}`,
    )
  },
)

test.run()
