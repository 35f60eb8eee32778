// The benchmark: smi-migrate against baselines on generated inputs, in one run.
//
//   npm run bench                 the five cases, median of RUNS (default 5) alternating runs
//   npm run bench -- --only a,e   some cases only
//   npm run bench -- --smoke      small inputs, one run, every output checked (CI)
//   npm run bench -- --huge       the 1 GiB stream check (bench/huge.mjs)
//
// Cases: (a) 50 MiB helm-like stream, (b) the same objects as one `kind: List` dump,
// (c) 10 MiB of TrafficSplits only, (d) a tree of 20,000 files (2% TrafficSplits) with
// --check, (e) one small file with --check, (g) 10 MiB helm-like stream with --to gateway, (h) a
// 50 MiB helm-like stream that mentions TrafficSplit often (3% TrafficSplits, 15% ConfigMaps whose
// strings mention it), (i) `--diff` of one file with 20,001 edits against `git diff` of the same change. Wall time and user+system CPU time are measured right around each
// command, to the millisecond, peak RSS by GNU time (bench/measure.mjs). A baseline that runs
// past LIMIT seconds is stopped; one that takes over SLOW seconds is run once. Prints markdown tables ready for the README. Exits 1 if a
// command fails or smi-migrate's output differs from what is expected.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { helmDocs, LIST_HEAD, LIST_TAIL, listItem } from './gen.mjs'
import { DIFF_SPLITS, diffInput, input as inputFile, oneLineModule, smallPlain, tree } from './inputs.mjs'
import { measure as measureCommand } from './measure.mjs'

const argv = process.argv.slice(2)
if (argv.includes('--huge')) {
  await import('./huge.mjs')
  process.exit(process.exitCode ?? 0)
}
const smoke = argv.includes('--smoke')
const onlyAt = argv.indexOf('--only')
const only = onlyAt >= 0 ? argv[onlyAt + 1].split(',') : ['a', 'h', 'b', 'c', 'd', 'e', 'g', 'i']
const RUNS = smoke ? 1 : Number(process.env.RUNS ?? 5)
const LIMIT = Number(process.env.LIMIT ?? 60)
const SLOW = Number(process.env.SLOW ?? 20)
const MIB = smoke ? { a: 2, b: 2, c: 1, g: 1, h: 2 } : { a: 50, b: 50, c: 10, g: 10, h: 50 }
const FILES = smoke ? 500 : 20000

const OUT = resolve('bench/out')
mkdirSync(OUT, { recursive: true })
const { migrate } = await import(resolve('dist/index.js'))
const hasYq = !smoke && spawnSync('sh', ['-c', 'command -v yq'], { encoding: 'utf8' }).status === 0
const failures = []
const fail = (msg) => {
  failures.push(msg)
  console.error(`FAIL: ${msg}`)
}

// ---- inputs ---------------------------------------------------------------------------

const input = (kind, mib) => inputFile(OUT, kind, mib)

/** The List dump's expected output: the same objects, each converted on its own, as items. */
function expectedList(mib) {
  const parts = [LIST_HEAD]
  let size = 0
  for (const doc of helmDocs()) {
    if (size >= mib * 1024 * 1024) break
    size += Buffer.byteLength(listItem(doc))
    parts.push(listItem(migrate(doc).output))
  }
  parts.push(LIST_TAIL)
  return parts.join('')
}

// ---- cases ----------------------------------------------------------------------------

const SMI = 'node dist/cli.js'
const SED = `sed -E -e 's#split.smi-spec.io/v1alpha1#split.smi-spec.io/v1alpha2#' -e 's/weight: ([0-9]+)00m$/weight: \\1/'`
const YQ = `yq -y 'if .kind == "TrafficSplit" then .apiVersion = "split.smi-spec.io/v1alpha2" else . end'`

function streamCase(id, title, file, expected) {
  const cmds = [
    { name: 'cat', cmd: `cat ${file}` },
    { name: 'sed (naive 2-regex rewrite)', cmd: `${SED} ${file}`, baseline: true },
    {
      name: 'smi-migrate -q -',
      cmd: `${SMI} -q - < ${file}`,
      smi: true,
      check: (out) => expected() === out || 'output differs from the expected conversion',
    },
    { name: 'naive yaml parseAllDocuments + toString', cmd: `node bench/naive.mjs < ${file}`, slowOk: true },
  ]
  if (hasYq) cmds.push({ name: 'yq 3 (Debian) apiVersion rewrite', cmd: `${YQ} ${file}`, slowOk: true })
  return { id, title, cmds }
}

const cases = []
if (only.includes('a') || only.includes('b')) {
  const file = input('helm', MIB.a)
  let expected
  const a = streamCase(
    'a',
    `(a) ${MIB.a} MiB helm-template-like stream`,
    file,
    () => (expected ??= migrate(readFileSync(file, 'utf8')).output),
  )
  a.cmds.splice(2, 0, { name: 'node -e 0', cmd: 'node -e 0' })
  cases.push(a)
}
if (only.includes('h')) {
  const file = input('dense', MIB.h)
  let expected
  cases.push(
    streamCase(
      'h',
      `(h) ${MIB.h} MiB dense-mention stream (3% TrafficSplits, 15% ConfigMaps that mention it)`,
      file,
      () => (expected ??= migrate(readFileSync(file, 'utf8')).output),
    ),
  )
}
if (only.includes('b')) {
  const file = input('list', MIB.b)
  let expected
  cases.push(
    streamCase('b', `(b) the same objects as one \`kind: List\` dump (${MIB.b} MiB)`, file, () => (expected ??= expectedList(MIB.b))),
  )
}
if (only.includes('c')) {
  const file = input('splits', MIB.c)
  let expected
  cases.push(
    streamCase(
      'c',
      `(c) ${MIB.c} MiB, every document a v1alpha1 TrafficSplit`,
      file,
      () => (expected ??= migrate(readFileSync(file, 'utf8')).output),
    ),
  )
}
if (only.includes('d')) {
  const { dir, splits } = tree(FILES)
  cases.push({
    id: 'd',
    title: `(d) a tree of ${FILES} files (${splits.length} with TrafficSplits), --check`,
    cmds: [
      { name: 'grep -rl TrafficSplit', cmd: `grep -rl TrafficSplit ${dir}`, baseline: true },
      {
        name: 'smi-migrate --check DIR',
        cmd: `${SMI} --check ${dir}`,
        smi: true,
        status: 1,
        check: () => {
          const r = spawnSync('sh', ['-c', `${SMI} --check --format json ${dir}`], { encoding: 'utf8', maxBuffer: 1 << 30 })
          const reported = new Set(
            JSON.parse(r.stdout)
              .filter((f) => f.code === 'converted')
              .map((f) => resolve(f.path)),
          )
          return (
            (reported.size === splits.length && splits.every((f) => reported.has(f))) ||
            `reported ${reported.size} files, expected ${splits.length}`
          )
        },
      },
    ],
  })
}
if (only.includes('e')) {
  const plain = smallPlain(OUT)
  cases.push({
    id: 'e',
    title: '(e) one small file, --check (the pre-commit case)',
    cmds: [
      { name: 'node -e 0', cmd: 'node -e 0', baseline: true },
      {
        name: 'smi-migrate --check (file with a TrafficSplit)',
        cmd: `${SMI} --check testdata/examples/canary.yaml`,
        smi: true,
        status: 1,
        check: (out) => out.includes('v1alpha1 -> v1alpha2') || 'the conversion is not reported',
      },
      { name: 'smi-migrate --check (file without)', cmd: `${SMI} --check ${plain}`, status: 0 },
      // The floor under the goal: what Node takes to start an ES module that prints one line, and
      // what the CLI takes to load and print its version (reading nothing).
      { name: 'node, a one-line ES module', cmd: `node ${oneLineModule(OUT)}` },
      { name: 'smi-migrate --version', cmd: `${SMI} --version` },
    ],
  })
}

if (only.includes('i')) {
  const { file, converted } = diffInput(OUT)
  const patchFile = join(OUT, 'diff-i.patch')
  cases.push({
    id: 'i',
    title: `(i) one file with ${DIFF_SPLITS} TrafficSplits (${3 * DIFF_SPLITS} edits), --diff`,
    cmds: [
      { name: 'git diff --no-index (the same change)', cmd: `git diff --no-index -U3 ${file} ${converted}`, baseline: true, status: 1 },
      {
        name: 'smi-migrate --diff FILE',
        cmd: `${SMI} --diff -q ${file}`,
        smi: true,
        status: 1,
        check: (out) => {
          // The patch must give what --write gives: applied with git to a copy of the input.
          writeFileSync(patchFile, out)
          // Two hunks a split, as git shows it: the apiVersion, and the weights 9 lines below it.
          const hunks = (out.match(/^@@ /gm) ?? []).length
          if (hunks !== 2 * DIFF_SPLITS) return `${hunks} hunks, expected ${2 * DIFF_SPLITS}`
          const r = spawnSync('git', ['apply', '--check', '--unsafe-paths', patchFile], { encoding: 'utf8' })
          return r.status === 0 || `git apply --check: ${r.stderr.slice(0, 300)}`
        },
      },
    ],
  })
}

if (only.includes('g')) {
  const file = input('gateway', MIB.g)
  let expected
  const routes = (out) => (out.match(/^kind: (HTTPRoute|GRPCRoute|TCPRoute)$/gm) ?? []).length
  const splits = (text) => (text.match(/^kind: TrafficSplit$/gm) ?? []).length
  cases.push({
    id: 'g',
    title: `(g) ${MIB.g} MiB helm-like stream, each TrafficSplit after its Service, --to gateway`,
    cmds: [
      { name: 'sed (naive 2-regex rewrite)', cmd: `${SED} ${file}`, baseline: true },
      { name: 'smi-migrate -q - (to v1alpha2, streaming)', cmd: `${SMI} -q - < ${file}` },
      {
        name: 'smi-migrate --to gateway -q -',
        cmd: `${SMI} --to gateway -q - < ${file}`,
        smi: true,
        check: (out) => {
          expected ??= migrate(readFileSync(file, 'utf8'), { to: 'gateway' }).output
          if (out !== expected) return "output differs from the library's"
          const n = splits(readFileSync(file, 'utf8'))
          return (routes(out) === n && splits(out) === 0) || `${routes(out)} routes for ${n} TrafficSplits`
        },
      },
    ],
  })
}

// ---- measuring ------------------------------------------------------------------------

function measure(cmd, capture) {
  const outFile = join(OUT, 'stdout.txt')
  const r = measureCommand(cmd, { scratch: OUT, stdout: capture ? outFile : undefined, limit: LIMIT })
  return { ...r, out: capture ? readFileSync(outFile, 'utf8') : '' }
}

const load0 = loadavg()[0]
for (const c of cases) for (const m of c.cmds) Object.assign(m, { wall: [], rss: [], cpu: [], note: '' })
for (let run = 0; run < RUNS; run++) {
  for (const c of cases) {
    for (const m of c.cmds) {
      if (m.stopped) continue
      const r = measure(m.cmd, run === 0 && Boolean(m.check))
      if (r.status === 124) {
        m.stopped = true
        m.note = `stopped after ${LIMIT} s`
        if (!m.slowOk) fail(`${c.id}: ${m.name} did not finish in ${LIMIT} s`)
        continue
      }
      if (r.status !== (m.status ?? 0)) {
        fail(`${c.id}: ${m.name} exited with ${r.status} (expected ${m.status ?? 0}): ${r.stderr.slice(-500)}`)
        m.stopped = true
        continue
      }
      if (run === 0 && m.check) {
        const verdict = m.check(r.out)
        if (verdict !== true) fail(`${c.id}: ${m.name}: ${verdict}`)
      }
      m.wall.push(r.wall)
      m.rss.push(r.rss)
      m.cpu.push(r.cpu)
      if (r.wall > SLOW && m.slowOk) {
        m.stopped = true
        m.note = `1 run (over ${SLOW} s)`
      }
    }
  }
}

// ---- report ---------------------------------------------------------------------------

const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : NaN)
const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a')
const cpu = cpus()
console.log(
  `\nMachine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, ` +
    `Node ${process.version}; load average ${load0.toFixed(1)} at start, ${loadavg()[0].toFixed(1)} at end. ` +
    `Median of ${RUNS} alternating runs${smoke ? ' (smoke run: small inputs, timings meaningless)' : ''}.\n`,
)
console.log(
  '| case | command | median wall (s) | vs baseline¹ | median CPU (s) | CPU vs baseline¹ | peak RSS (MB) | note |\n|---|---|---:|---:|---:|---:|---:|---|',
)
const get = (id, pred) => cases.find((c) => c.id === id)?.cmds.find(pred)
for (const c of cases) {
  const base = median(c.cmds.find((m) => m.baseline)?.wall ?? [])
  const baseCpu = median(c.cmds.find((m) => m.baseline)?.cpu ?? [])
  for (const m of c.cmds) {
    const w = median(m.wall)
    const ratio = w / base
    const cpuRatio = median(m.cpu) / baseCpu
    const x = (v) => (Number.isFinite(v) ? `${fmt(v, 2)}x` : '')
    console.log(
      `| ${c.title} | ${m.smi ? `**${m.name}**` : m.name} | ${fmt(w)} | ${x(ratio)} | ${fmt(median(m.cpu), 3)} | ${x(cpuRatio)} | ${fmt(median(m.rss), 0)} | ${m.note} |`,
    )
  }
}
console.log('\n¹ baseline: sed for (a)–(c), (g) and (h), grep -rl for (d), node -e 0 for (e).')
if (!hasYq && !smoke) console.log('\n(yq is not installed here: its rows are left out.)')

const w = (m) => median(m?.wall ?? [])
const r = (m) => median(m?.rss ?? [])
const smiA = get('a', (m) => m.smi)
const c = (m) => median(m?.cpu ?? [])
const smiB = get('b', (m) => m.smi)
const targets = [
  ['(a) wall time vs sed', w(smiA) / w(get('a', (m) => m.baseline)), 'x', (v) => v <= 1.0, 'at most 1.0x'],
  ['(a) peak RSS', r(smiA), ' MB', (v) => v <= 100, 'at most 100 MB'],
  ['(h) CPU time vs sed', c(get('h', (m) => m.smi)) / c(get('h', (m) => m.baseline)), 'x', (v) => v <= 3, 'at most 3x'],
  ['(h) peak RSS', r(get('h', (m) => m.smi)), ' MB', (v) => v <= 64, 'at most 64 MB'],
  ['(b) wall time vs (a)', w(smiB) / w(smiA), 'x', (v) => v <= 3, 'at most 3x'],
  ['(b) peak RSS', r(smiB), ' MB', (v) => v <= 150, 'at most 150 MB'],
  [
    '(c) naive parseAllDocuments round trip vs smi-migrate',
    w(get('c', (m) => m.name.startsWith('naive'))) / w(get('c', (m) => m.smi)),
    'x faster',
    (v) => v >= 10,
    'at least 10x faster',
  ],
  ['(c) CPU time', c(get('c', (m) => m.smi)), ' s', (v) => v <= 1.0, 'at most 1.0 s'],
  ['(d) wall time vs grep -rl', w(get('d', (m) => m.smi)) / w(get('d', (m) => m.baseline)), 'x', (v) => v <= 3, 'at most 3x'],
  [
    '(e) wall time vs node -e 0 (file with a TrafficSplit)',
    w(get('e', (m) => m.smi)) / w(get('e', (m) => m.baseline)),
    'x',
    (v) => v <= 1.3,
    'at most 1.3x',
  ],
  // --to gateway reads the whole stream first and parses every Service for its ports.
  [
    '(g) --to gateway wall time vs the streaming upgrade of the same input',
    w(get('g', (m) => m.smi)) / w(get('g', (m) => m.name.startsWith('smi-migrate -q'))),
    'x',
    (v) => v <= 3,
    'at most 3x',
  ],
  ['(g) --to gateway peak RSS', r(get('g', (m) => m.smi)), ' MB', (v) => v <= 200, 'at most 200 MB'],
]
console.log('\n| target | goal | measured | met |\n|---|---|---:|---|')
for (const [name, value, unit, ok, goal] of targets) {
  if (Number.isFinite(value)) console.log(`| ${name} | ${goal} | ${fmt(value, 2)}${unit} | ${ok(value) ? 'yes' : 'no'} |`)
}
if (smoke) {
  // The 1 GiB mode's plumbing, on a few MiB.
  const huge = spawnSync(process.execPath, ['bench/huge.mjs', '--huge', '4'], { encoding: 'utf8' })
  process.stdout.write(huge.stdout)
  if (huge.status !== 0) fail(`--huge 4: ${huge.stderr}`)
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`)
  process.exit(1)
}
console.log(`\nAll outputs checked: smi-migrate's outputs match the expected conversions.`)
