/**
 * Hostile YAML: alias floods, 10,000-deep nesting, a 100 MB single line and a million tiny
 * documents (peak memory measured in the child), duplicate keys, tags, merge keys and
 * block scalars as weights, and long adversarial strings against every regular
 * expression in src/.
 *
 * Time and memory bounds here only catch asymptotic blow-ups, and hold on a busy machine:
 * - time is this process's CPU time (process.cpuUsage), not wall-clock time, which other
 *   processes on a shared runner inflate; each bound is at least 10x what linear work takes
 *   (measured with the machine's 2 cores shared by a dozen busy processes), while the
 *   failure it guards against (quadratic alias handling, exponential expansion,
 *   catastrophic backtracking) takes many times the bound;
 * - peak memory is the CLI child's own (test/helpers/rss.cjs: VmHWM, as getrusage's maxRSS
 *   would include this test process's size at fork), compared with the same CLI's peak on a
 *   tiny input measured in the same test, so Node's own footprint is not part of the bound.
 * Wall-clock throughput is for the benchmark: `npm run bench` (bench/run.mjs).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, writeSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { migrate } from '../src/index.js'
import { parseQuantity } from '../src/quantity/quantity.js'
import { readWeight } from '../src/quantity/yaml11.js'
import { BIN, cli, tempDir } from './helpers/cli.js'
import { timed } from './helpers/cpu.js'
import { nodeEnv } from './helpers/node-env.js'

const HEAD = 'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web}\n'
const BACKENDS = 'spec:\n  backends:\n  - {service: a, weight: 500m}\n  - {service: b, weight: "1"}\n'
const SPLIT = HEAD + BACKENDS
const CONVERTED = migrate(SPLIT).output

test('alias floods take linear time: billion laughs and 20,000 aliases of one anchor', () => {
  let bomb = HEAD + 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n'
  for (let i = 1; i < 10; i++)
    bomb += `a${i}: &a${i} [${Array(10)
      .fill(`*a${i - 1}`)
      .join(', ')}]\n`
  const [r1, t1] = timed(() => migrate(bomb + BACKENDS))
  assert.ok(r1.changed && !r1.failed, 'the bomb document is still converted')
  // Measured 10-40 ms of CPU; expanding the aliases would be 10^9 nodes.
  assert.ok(t1 < 2000, `billion laughs took ${t1.toFixed(0)} ms of CPU`)
  // Before the single-pass alias index this was quadratic: 8,000 aliases took 4 s, so
  // 20,000 would take about 25 s; linear, it takes 0.3-0.5 s of CPU on a busy machine.
  const flood = HEAD + 'x: &x 1\nys:\n' + '  - *x\n'.repeat(20_000) + BACKENDS
  const [r2, t2] = timed(() => migrate(flood))
  assert.ok(r2.changed && !r2.failed)
  assert.ok(t2 < 8000, `20,000 aliases took ${t2.toFixed(0)} ms of CPU`)
  // An anchored weight read by 20,000 aliases outside the object: refused, quickly.
  const shared = HEAD + 'w: &w 500m\nys:\n' + '  - *w\n'.repeat(20_000) + 'spec:\n  backends:\n  - {service: a, weight: *w}\n'
  const [r3, t3] = timed(() => migrate(shared))
  assert.ok(r3.failed && r3.findings.some((f) => f.code === 'unsupported-alias'))
  assert.ok(t3 < 8000, `shared anchor took ${t3.toFixed(0)} ms of CPU`)
})

test('10,000-deep nesting, flow and block, in a TrafficSplit and elsewhere: a clear error or byte-identical, never a crash', () => {
  const D = 10_000
  const deep = {
    flowSeq: `x: ${'['.repeat(D)}${']'.repeat(D)}\n`,
    flowMap: `x: ${'{a: '.repeat(D)}1${'}'.repeat(D)}\n`,
    blockSeq: `x:\n${'- '.repeat(D)}a\n`,
    // Block mappings nest one column per level: 2,500 levels (3 MB) already exhaust the
    // parser's stack (it gives up near 1,900); 10,000 would be 50 MB of indentation.
    blockMap: `x:\n${Array.from({ length: 2_500 }, (_, i) => `${' '.repeat(i + 1)}k:\n`).join('')}`,
  }
  const docs: string[] = []
  for (const body of Object.values(deep)) {
    docs.push(HEAD + body + BACKENDS) // a TrafficSplit: refused with an error
    docs.push('apiVersion: v1\nkind: ConfigMap\n' + body) // not ours: passed through unparsed
  }
  docs.push(SPLIT)
  const input = docs.map((d) => '---\n' + d).join('')
  const dir = tempDir('deep')
  writeFileSync(join(dir, 'in.yaml'), input)
  // The stream on stdin: every deep TrafficSplit refused at its line, the rest unchanged.
  const s = spawnSync(process.execPath, [BIN, '-'], {
    stdio: [openSync(join(dir, 'in.yaml'), 'r'), 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
    encoding: 'buffer',
    env: nodeEnv(),
  })
  const stderr = s.stderr.toString('utf8')
  assert.is(s.status, 2, stderr.slice(0, 2000))
  assert.not.match(stderr, /internal error|RangeError:|at .*\.js:\d+/, 'a stack trace escaped')
  assert.is((stderr.match(/error: /g) ?? []).length, 4, stderr.slice(0, 2000))
  assert.match(stderr, /<stdin>:\d+:\d+: error: (a document that mentions TrafficSplit is too deeply nested|invalid YAML)/)
  assert.ok(s.stdout.equals(Buffer.from(input.slice(0, -SPLIT.length) + CONVERTED)), 'bytes changed outside the last TrafficSplit')
  // As a file: exit 2 and never written.
  writeFileSync(join(dir, 'in.yaml'), '---\n' + docs[0] + '---\n' + SPLIT)
  utimesSync(join(dir, 'in.yaml'), new Date(0), new Date(0))
  const w = cli(['--write', 'in.yaml'], { cwd: dir })
  assert.is(w.status, 2)
  assert.is(statSync(join(dir, 'in.yaml')).mtimeMs, 0)
  rmSync(dir, { recursive: true, force: true })
})

function rssRun(inputPath: string, args: string[]): { out: number; rssMb: number; status: number | null; outTail: Buffer; stderr: string } {
  const r = spawnSync(process.execPath, ['-r', resolve('test/helpers/rss.cjs'), BIN, ...args], {
    stdio: [openSync(inputPath, 'r'), 'pipe', 'pipe'],
    maxBuffer: 1 << 30,
    encoding: 'buffer',
    env: nodeEnv(),
  })
  const stderr = r.stderr.toString('utf8')
  const rss = Number(/maxrss-kb (\d+)/.exec(stderr)?.[1] ?? NaN)
  return { out: r.stdout.length, rssMb: rss / 1024, status: r.status, outTail: r.stdout.subarray(-200), stderr }
}

let idle: number | undefined
/** The CLI's peak memory on a one-document input: Node and the CLI themselves (~45 MB). */
function baselineRssMb(): number {
  if (idle === undefined) {
    const dir = tempDir('idle')
    writeFileSync(join(dir, 'one.yaml'), SPLIT)
    const r = rssRun(join(dir, 'one.yaml'), ['-q', '-'])
    assert.is(r.status, 0, r.stderr)
    idle = r.rssMb
    rmSync(dir, { recursive: true, force: true })
  }
  return idle
}

test('a 100 MB single line streams through unchanged; peak memory stays within a few copies of it', () => {
  const dir = tempDir('line')
  const path = join(dir, 'line.yaml')
  const fd = openSync(path, 'w')
  writeSync(fd, 'key: ')
  const mb = Buffer.alloc(1 << 20, 'x')
  for (let i = 0; i < 100; i++) writeSync(fd, mb)
  writeSync(fd, '\n---\n' + SPLIT)
  closeSync(fd)
  const r = rssRun(path, ['-q', '-'])
  assert.is(r.status, 0, r.stderr)
  assert.is(r.out, statSync(path).size - SPLIT.length + CONVERTED.length)
  assert.ok(r.outTail.toString('utf8').endsWith(CONVERTED))
  // One 100 MB document must be held whole (it could mention TrafficSplit at its end):
  // measured about 2 copies of it above the baseline (47 MB idle, 240 MB here). The bound
  // catches a regression to several copies.
  const copies = (r.rssMb - baselineRssMb()) / 100
  assert.ok(
    copies < 4,
    `peak RSS ${r.rssMb.toFixed(0)} MB for a 100 MB line: ${copies.toFixed(1)} copies above ${baselineRssMb().toFixed(0)} MB idle`,
  )
  rmSync(dir, { recursive: true, force: true })
})

test('a million tiny documents stream in bounded memory; the TrafficSplits among them are converted', () => {
  const dir = tempDir('many')
  const path = join(dir, 'many.yaml')
  const parts: string[] = []
  for (let i = 0; i < 1_000_000; i++) parts.push(i % 10_000 === 0 ? '---\n' + SPLIT : `---\na: ${i}\n`)
  writeFileSync(path, parts.join(''))
  const r = rssRun(path, ['-q', '-'])
  assert.is(r.status, 0, r.stderr)
  assert.is(r.out, statSync(path).size - 100 * (SPLIT.length - CONVERTED.length))
  // Memory must not grow with the count: measured ~15 MB above the idle baseline (62 vs 47).
  // Keeping as little as 60 bytes per document would exceed the bound.
  const grown = r.rssMb - baselineRssMb()
  assert.ok(grown < 60, `peak RSS ${r.rssMb.toFixed(0)} MB for a million documents, ${grown.toFixed(0)} MB above idle`)
  rmSync(dir, { recursive: true, force: true })
})

test('duplicate keys, tags, merge keys and block scalars as weights: exit 2 with path:line:col, never written', () => {
  const cases: Record<string, [string, RegExp]> = {
    'dup-api.yaml': [
      'apiVersion: split.smi-spec.io/v1alpha1\n' + SPLIT,
      /dup-api\.yaml:\d+:\d+: error: invalid YAML .*Map keys must be unique/,
    ],
    'dup-weight.yaml': [
      HEAD + 'spec:\n  backends:\n  - service: a\n    weight: 500m\n    weight: 1\n',
      /dup-weight\.yaml:\d+:\d+: error: invalid YAML .*Map keys must be unique/,
    ],
    'tag-str.yaml': [
      HEAD + 'spec:\n  backends:\n  - {service: a, weight: !!str 500m}\n',
      /tag-str\.yaml:6:32: error: .*explicit tag \(!!str\)/,
    ],
    'tag-int.yaml': [
      HEAD + 'spec:\n  backends:\n  - {service: a, weight: !!int 5}\n',
      /tag-int\.yaml:6:32: error: .*explicit tag \(!!int\)/,
    ],
    'merge.yaml': [
      HEAD + 'base: &base {weight: 500m}\nspec:\n  backends:\n  - <<: *base\n    service: a\n',
      /merge\.yaml:7:5: error: .*merge key/,
    ],
    'block.yaml': [
      HEAD + 'spec:\n  backends:\n  - service: a\n    weight: |\n      500m\n',
      /block\.yaml:7:13: error: .*\|\\n {6}500m\\n.*block scalar/,
    ],
    'folded.yaml': [HEAD + 'spec:\n  backends:\n  - service: a\n    weight: >-\n      500m\n', /folded\.yaml:7:13: error: .*block scalar/],
    // kubectl takes a `!!merge`-tagged `<<` as a merge key too, and reads an alias key as its anchor's key (so `*w` overrides weight).
    'merge-tagged-spec.yaml': [
      HEAD + 'x: &s\n  backends:\n  - {service: a, weight: 500m}\nspec:\n  !!merge <<: *s\n',
      /merge-tagged-spec\.yaml:8:11: error: .*spec has a merge key/,
    ],
    'merge-tagged-backend.yaml': [
      HEAD + 'x: &w {weight: "2"}\nspec:\n  backends:\n  - service: a\n    weight: 500m\n    !!merge <<: *w\n',
      /merge-tagged-backend\.yaml:\d+:\d+: error: .*backend 1 has a merge key/,
    ],
    'alias-key.yaml': [
      HEAD + 'spec:\n  backends:\n  - service: a\n    &k weight: 500m\n    *k : "2"\n',
      /alias-key\.yaml:8:5: error: invalid YAML .*an alias as a mapping key \(\*k\)/,
    ],
  }
  const dir = tempDir('refuse')
  for (const [name, [text]] of Object.entries(cases)) {
    writeFileSync(join(dir, name), text)
    utimesSync(join(dir, name), new Date(0), new Date(0))
  }
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 2)
  for (const [name, [text, message]] of Object.entries(cases)) {
    assert.match(r.stdout, message)
    assert.is(readFileSync(join(dir, name), 'utf8'), text)
    assert.is(statSync(join(dir, name)).mtimeMs, 0, `${name} was rewritten`)
  }
  rmSync(dir, { recursive: true, force: true })
})

// Every regular expression of src/ is checked by eslint-plugin-regexp (npm run lint, part of
// npm test): no-super-linear-backtracking and no-super-linear-move find the ones an input can
// make backtrack without bound. What follows drives the code that uses them with adversarial
// strings.
test('quantities, weights and a whole document of adversarial 100,000-character strings take linear time', () => {
  const n = 100_000
  const adversarial = [
    '0'.repeat(n),
    '1'.repeat(n) + 'x',
    '0'.repeat(n) + '.',
    '1.'.repeat(n / 2),
    '.'.repeat(n) + 'e',
    '+'.repeat(n),
    '1'.repeat(n) + 'e',
    '1e'.repeat(n / 2),
    '1e+' + '1'.repeat(n) + 'x',
    '0x' + 'f'.repeat(n) + 'g',
    '0o' + '7'.repeat(n) + '8',
    '0' + '7'.repeat(n) + '9',
    '-' + '9'.repeat(n) + '.9' + '9'.repeat(n) + 'E' + '9'.repeat(n) + '!',
    '.inf'.repeat(n / 4),
    ' at line 1, column 1'.repeat(n / 20) + ':x',
    ' at line ' + '1'.repeat(n) + ', column ' + '1'.repeat(n) + ':;',
    '\n'.repeat(n),
    'a\n'.repeat(n / 2),
    'x.yam'.repeat(n / 5) + 'l!',
    '.'.repeat(n) + 'yamlx',
    'f'.repeat(n),
    '1'.repeat(n),
    'é'.repeat(n),
    '{{' + ' '.repeat(n) + '.Values',
    '{{- .Values' + '.a1'.repeat(n / 3) + ' -}',
    '$' + 'a'.repeat(n) + ' '.repeat(n) + ':',
    '/spec/backends' + '/1'.repeat(n / 2),
    '.Capabilities.APIVersions.Has' + ' '.repeat(n) + 'x',
    'kustomization.yam'.repeat(n / 17),
    'a'.repeat(n) + ':/',
    ' \t'.repeat(n / 2) + 'x',
    '`'.repeat(n) + 'x',
    '/'.repeat(n) + '\n',
    '/templates/'.repeat(n / 11) + 'x.tp',
    'a/templates'.repeat(n / 11) + '.tpl',
    'nindent ' + '1'.repeat(n) + 'x',
    '- '.repeat(n / 2) + 'x',
    'kind: ' + ' '.repeat(n) + 'TrafficSplit',
    'apiVersion:' + ' \t'.repeat(n / 2) + 'split.smi-spec.io/' + 'v'.repeat(n),
    'define "' + '\\a'.repeat(n / 2),
  ]
  // Quantity parsing, kubectl's typing, a whole document.
  const [r, ms] = timed(() => {
    for (const s of adversarial) {
      parseQuantity(s)
      for (const style of ['PLAIN', 'QUOTE_DOUBLE'] as const) readWeight(style, s)
    }
    const doc =
      HEAD +
      'spec:\n  backends:\n' +
      adversarial
        .slice(0, 6)
        .map((s, i) => `  - {service: s${i}, weight: "${s}"}\n`)
        .join('')
    return migrate(doc)
  })
  assert.ok(r.failed)
  // Measured under 400 ms (busy machine, wall-clock).
  assert.ok(ms < 5000, `parsing adversarial weights took ${ms.toFixed(0)} ms of CPU`)
})

test.run()
