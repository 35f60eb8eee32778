// Before/after: this tree's dist/cli.js against another checkout's, on the same inputs.
//
//   npm run bench:compare -- OLD_DIR              every case, RUNS (default 7) interleaved runs
//   npm run bench:compare -- OLD_DIR --only a,e   some cases only
//
// OLD_DIR is a checkout of an earlier commit with its dist/ built, e.g.
// `git worktree add --detach ../before <commit>` (node_modules are not needed to run dist/).
// Both CLIs run from this tree's directory on the same generated inputs (bench/inputs.mjs, the
// ones `npm run bench` uses), one after the other for each case and run, the order swapped
// every run, after one untimed warm-up each, so load on a shared machine falls on both alike.
// Cases: (a)–(e), (h) and (i) of bench/run.mjs, smi-migrate's commands only, (e) both with and without a
// TrafficSplit, plus (f): this tree with --specs-to and --access-to on (a)'s stream, against
// the earlier tree without them (which has no such options). The first run's outputs of the
// two trees are compared: streams must be byte-identical, --check must exit alike.
// Prints a markdown table: median wall time of each side, the ratio of the medians, the
// median of the per-run ratios (each run's pair measured back to back), the ratio of the
// fastest runs (the least disturbed by other load), the median user+system CPU time (less
// sensitive to other load than wall time) and peak RSS (bench/measure.mjs says how).
// Exits 1 if a command fails or the outputs differ. A case whose ratio of medians or median
// per-run ratio is over MAX_RATIO (default 1.10) is marked, not failed: on a shared machine a
// single run's mark needs a second run (and the other columns) before it means anything.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { cpus, loadavg, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { DIFF_SPLITS, diffInput, input, smallPlain, tree } from './inputs.mjs'
import { measure as measureCommand, shellWord } from './measure.mjs'

const argv = process.argv.slice(2)
const onlyAt = argv.indexOf('--only')
const only = onlyAt >= 0 ? argv[onlyAt + 1].split(',') : ['a', 'h', 'b', 'c', 'd', 'e', 'f', 'i']
const oldArg = argv.find((a, i) => !a.startsWith('--') && (onlyAt < 0 || i !== onlyAt + 1))
if (!oldArg || !existsSync(join(oldArg, 'dist', 'cli.js'))) {
  console.error('usage: npm run bench:compare -- OLD_DIR [--only a,h,b,c,d,e,f,i]  (OLD_DIR: a checkout with dist/ built)')
  process.exit(2)
}
const RUNS = Number(process.env.RUNS ?? 7)
const MAX_RATIO = Number(process.env.MAX_RATIO ?? 1.1)
const NEW = resolve('.')
const OLD = resolve(oldArg)
const OUT = resolve('bench/out')
const rev = (dir) => spawnSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || dir
const sides = [
  { name: 'old', dir: OLD, rev: rev(OLD) },
  { name: 'new', dir: NEW, rev: rev(NEW) },
]

// ---- cases: per side, the arguments to dist/cli.js, stdin, expected exit status -----------

const cases = []
const stream = (file, extra = {}) => ({ args: ['-q', '-'], stdin: file, status: 0, same: 'stdout', ...extra })
if (only.includes('a') || only.includes('f')) {
  const file = input(OUT, 'helm', 50)
  if (only.includes('a')) cases.push({ id: 'a', title: '(a) 50 MiB helm-like stream, `-q -`', ...stream(file) })
  if (only.includes('f')) {
    cases.push({
      id: 'f',
      title: '(f) (a) with `--specs-to v1alpha4 --access-to v1alpha2` (after only; before: without them)',
      ...stream(file),
      newArgs: ['--specs-to', 'v1alpha4', '--access-to', 'v1alpha2', '-q', '-'],
    })
  }
}
if (only.includes('h'))
  cases.push({
    id: 'h',
    title: '(h) 50 MiB dense-mention stream (3% TrafficSplits, 15% ConfigMaps that mention it), `-q -`',
    ...stream(input(OUT, 'dense', 50)),
  })
if (only.includes('b'))
  cases.push({ id: 'b', title: '(b) the same objects as one `kind: List` dump (50 MiB)', ...stream(input(OUT, 'list', 50)) })
if (only.includes('c'))
  cases.push({ id: 'c', title: '(c) 10 MiB, every document a v1alpha1 TrafficSplit', ...stream(input(OUT, 'splits', 10)) })
if (only.includes('d')) {
  const { dir, splits } = tree(20000)
  cases.push({
    id: 'd',
    title: `(d) a tree of 20000 files (${splits.length} with TrafficSplits), \`--check DIR\``,
    args: ['--check', dir],
    status: 1,
    same: 'status',
  })
}
if (only.includes('e')) {
  cases.push({
    id: 'e1',
    title: '(e) one small file with a TrafficSplit, `--check` (pre-commit)',
    args: ['--check', 'testdata/examples/canary.yaml'],
    status: 1,
    same: 'status',
  })
  cases.push({
    id: 'e2',
    title: '(e) one small file without, `--check` (pre-commit)',
    args: ['--check', smallPlain(OUT)],
    status: 0,
    same: 'status',
  })
  cases.push({ id: 'e0', title: '(e) reference: `node -e 0`', raw: ['-e', '0'], status: 0 })
}

if (only.includes('i')) {
  // The patches may show a repeated line in another place: the exit status is compared, not the bytes.
  cases.push({
    id: 'i',
    title: `(i) \`--diff\` of one file with ${DIFF_SPLITS} TrafficSplits (${3 * DIFF_SPLITS} edits)`,
    args: ['--diff', '-q', diffInput(OUT).file],
    status: 1,
    same: 'status',
  })
}

// ---- measuring -----------------------------------------------------------------------------

function measure(c, side, capture) {
  const args = c.raw ?? [join(side.dir, 'dist', 'cli.js'), ...(side.name === 'new' && c.newArgs ? c.newArgs : c.args)]
  const outFile = join(OUT, `compare-stdout-${side.name}.txt`)
  const script = [process.execPath, ...args].map(shellWord).join(' ')
  const r = measureCommand(script, { scratch: OUT, cwd: NEW, stdin: c.stdin, stdout: capture ? outFile : undefined })
  return { ...r, out: capture ? readFileSync(outFile) : null }
}

const failures = []
const fail = (msg) => {
  failures.push(msg)
  console.error(`FAIL: ${msg}`)
}
const load0 = loadavg()
for (const c of cases) c.m = { old: { wall: [], cpu: [], rss: [] }, new: { wall: [], cpu: [], rss: [] } }
for (let run = -1; run < RUNS; run++) {
  for (const c of cases) {
    if (c.stopped) continue
    // The reference (node -e 0) runs once per round, its numbers kept as 'old'.
    const order = c.raw ? [sides[0]] : run % 2 === 0 ? sides : [...sides].reverse()
    const got = {}
    for (const side of order) {
      const r = measure(c, side, run === -1 && c.same === 'stdout')
      if (r.status !== c.status) {
        fail(`${c.id} (${side.name}, ${side.rev}): exited with ${r.status}, expected ${c.status}: ${r.stderr.slice(-500)}`)
        c.stopped = true
        break
      }
      got[side.name] = r
      if (run >= 0) {
        c.m[side.name].wall.push(r.wall)
        c.m[side.name].rss.push(r.rss)
        c.m[side.name].cpu.push(r.cpu)
      }
    }
    if (run === -1 && c.same === 'stdout' && got.old && got.new && !got.old.out.equals(got.new.out)) {
      fail(`${c.id}: the two trees' outputs differ`)
    }
  }
  if (run >= 0) process.stderr.write(`run ${run + 1}/${RUNS} done\n`)
}
const load1 = loadavg()

// ---- report ----------------------------------------------------------------------------------

const median = (xs) => {
  if (!xs.length) return NaN
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const fmt = (x, d = 3) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a')
const cpu = cpus()
const la = (l) => l.map((x) => x.toFixed(2)).join(' ')
console.log(
  `\nMachine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; ` +
    `load averages (1, 5, 15 min) ${la(load0)} at start, ${la(load1)} at end. ` +
    `Medians of ${RUNS} interleaved runs (order swapped every run, one warm-up each).\n`,
)
const [o, n] = sides
console.log(
  `| case | before (${o.rev}) s | after (${n.rev}) s | ratio of medians | median per-run ratio | ratio of fastest runs | CPU s before / after (ratio) | RSS before / after (MB) | within ${Math.round((MAX_RATIO - 1) * 100)}% |`,
)
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|')
for (const c of cases) {
  const mo = c.m.old
  const mn = c.m.new
  if (c.raw) {
    console.log(`| ${c.title} | ${fmt(median(mo.wall))} | | | | | ${fmt(median(mo.cpu), 3)} | ${fmt(median(mo.rss), 0)} | |`)
    continue
  }
  const ratio = median(mn.wall) / median(mo.wall)
  const pairs = median(mn.wall.map((w, i) => w / mo.wall[i]).filter(Number.isFinite))
  const fastest = Math.min(...mn.wall) / Math.min(...mo.wall)
  const ok = ratio <= MAX_RATIO && pairs <= MAX_RATIO
  console.log(
    `| ${c.title} | ${fmt(median(mo.wall))} | ${fmt(median(mn.wall))} | ${fmt(ratio, 2)}x | ${fmt(pairs, 2)}x | ${fmt(fastest, 2)}x | ` +
      `${fmt(median(mo.cpu), 3)} / ${fmt(median(mn.cpu), 3)} (${fmt(median(mn.cpu) / median(mo.cpu), 2)}x) | ${fmt(median(mo.rss), 0)} / ${fmt(median(mn.rss), 0)} | ${Number.isFinite(ratio) ? (ok ? 'yes' : '**no**') : ''} |`,
  )
}
if (failures.length) {
  console.error(`\n${failures.length} check(s) failed`)
  process.exit(1)
}
console.log(`\nThe two trees' stream outputs are byte-identical and their --check runs exit alike.`)
