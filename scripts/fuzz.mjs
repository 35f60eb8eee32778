// Mutation fuzzing of the whole pipeline: `npm run fuzz [-- --count N --seed S --cli-every K]`.
//
// Inputs are the golden cases (testdata/golden/*/input.yaml) and the YAML test suite's
// inputs (testdata/yaml-test-suite/**/in.yaml), alone or spliced together, mutated at the
// byte level (bit flips, odd bytes, deletions, duplications) and YAML-aware (indentation,
// quotes, document markers, comments, weight notations, tags, anchors, BOM, CRLF).
// Deterministic: the same seed and count give the same cases.
//
// Invariants, in-process through the library's byte pipeline for every case:
//   1. nothing throws (errors are findings; exit 2 is fine, a crash is not);
//   2. only apiVersion and weight scalars change: same line count, and each changed line
//      differs in one span that holds no YAML syntax and becomes digits or a version (the
//      rule the golden harness applies too: test/helpers/changes.ts);
//   3. an input that never spells TrafficSplit (in its bytes, or by a double-quoted escape)
//      comes back byte-identical;
//   4. a second run changes nothing;
//   5. the stream path (random chunk sizes) gives the same bytes and errors as the file
//      path, for every UTF-8 input (UTF-16/32 and binary files are skipped whole as files
//      and copied through as streams, by design: see README "Reliability");
// and for a sample, through the built CLI (dist/cli.js) in batches: --write never touches
// a file it reports an error for, writes exactly the library's output otherwise, never
// crashes, and a second run finds nothing left to convert; stdin mode gives the same bytes.
// Every case that converts is read by the real kubectl before and after, in batches
// (scripts/kubectl-oracle.mjs): the objects may differ only in SMI apiVersions moving up and
// TrafficSplit weights whose every ratio is equal under resource.Quantity.
// Every case that changes its (UTF-8) input also has its --diff patch held against the real
// git, in batches (scripts/diff-check.mjs): the hunks of `git diff -U3`, and it applies with
// `git apply` and `patch -p1`.
//
// A failing case is saved under fuzz-failures/ (its input, and what went wrong) and the
// run exits 1.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { mutators, spellsByEscape } from './mutations.mjs'
import { SeededRandom } from './random.mjs'
import { register } from 'tsx/esm/api'

register()
const { migrateBytes } = await import('../src/pipeline/bytes.ts')
const { migrateStream } = await import('../src/pipeline/stream.ts')
const { convertSegment } = await import('../src/convert/text.ts')
const { encodingFinding } = await import('../src/pipeline/encoding.ts')
const { scalarChangeViolation } = await import('../test/helpers/changes.ts')
const { GitDiffCheck } = await import('./diff-check.mjs')
const { KubectlOracle } = await import('./kubectl-oracle.mjs')

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const COUNT = arg('count', 100_000)
const SEED = arg('seed', 6)
const CLI_EVERY = arg('cli-every', 200)
const CLI_BATCH = 50
const BIN = resolve('dist/cli.js')

// --- deterministic randomness (scripts/random.mjs) --------------------------------------
const stream = new SeededRandom(`fuzz:${SEED}`)
const random = () => stream.next()
const int = (n) => Math.floor(random() * n)
const pick = (list) => list[int(list.length)]

// --- corpus ----------------------------------------------------------------------------
const golden = readdirSync('testdata/golden')
  .sort()
  .map((d) => join('testdata/golden', d, 'input.yaml'))
  .filter(existsSync)
  .map((f) => readFileSync(f))
const suiteRoot = 'testdata/yaml-test-suite'
const suite = []
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p)
    else if (name === 'in.yaml') suite.push(readFileSync(p))
  }
}
walk(suiteRoot)
if (golden.length === 0 || suite.length === 0) {
  console.error(`fuzz: corpus missing (${golden.length} golden inputs, ${suite.length} yaml-test-suite inputs from ${suiteRoot})`)
  process.exit(1)
}

function seedInput() {
  const r = random()
  if (r < 0.6) return pick(golden)
  if (r < 0.8) return pick(suite)
  // A suite case and a golden case in one stream, in either order.
  const [a, b] = random() < 0.5 ? [pick(suite), pick(golden)] : [pick(golden), pick(suite)]
  return Buffer.concat([a, Buffer.from(a.at(-1) === 10 ? '---\n' : '\n---\n'), b])
}

// --- mutations -------------------------------------------------------------------------
const MUTATORS = mutators({ random, int, pick })
const MUTATOR_NAMES = Object.keys(MUTATORS)

function mutate(input) {
  let b = input
  const applied = []
  for (let n = 1 + int(4); n > 0; n--) {
    const name = pick(MUTATOR_NAMES)
    applied.push(name)
    b = MUTATORS[name](b)
  }
  return { bytes: b, applied }
}

// --- invariants ------------------------------------------------------------------------
const errorsOf = (findings) =>
  findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.line}:${f.column} ${f.code}`)
    .sort()
    .join('|')

async function streamPath(bytes) {
  const chunks = []
  for (let pos = 0; pos < bytes.length;) {
    const n = 1 + int(random() < 0.3 ? 8 : 4096)
    chunks.push(bytes.subarray(pos, pos + n))
    pos += n
  }
  const out = []
  const sink = new Writable({
    write(c, _e, done) {
      out.push(c)
      done()
    },
  })
  const findings = []
  await migrateStream(Readable.from(chunks), sink, { to: 'v1alpha2' }, '<stdin>', (f) => findings.push(f))
  return { output: Buffer.concat(out), findings }
}

/** The file path refused a kubectl-shaped List dump for invalid YAML that the stream path never parsed. */
/**
 * A List dump in the layout the stream reads item by item: kubectl's YAML (`apiVersion: v1`,
 * `items:`, `- `) or JSON (`{ "apiVersion": "v1", "items": [ {`, pipeline/json.ts).
 */
const LIST_DUMP = /(^|\n)(---\r?\n)?(apiVersion: v1\r?\nitems:\r?\n- |\{\s*"apiVersion":\s*"v1",\s*"items":\s*\[\s*\{)/

/**
 * The same trade-off on errors, when both paths left the dump alike: the file path may report
 * errors in items the stream never parsed (they mention no kind), besides the ones the stream
 * reports; every error the stream reports must be one the file path reports, at the same place.
 */
function listErrorsSubset(bytes, file, stream) {
  if (!LIST_DUMP.test(bytes.toString('latin1'))) return false
  const inFile = new Set(errorsOf(file.findings).split('|'))
  const inStream = errorsOf(stream.findings).split('|').filter(Boolean)
  return inStream.length > 0 && inStream.every((e) => inFile.has(e))
}

function listItemTradeOff(bytes, file, stream) {
  const fileInvalid = file.findings.some((f) => f.code === 'invalid-yaml')
  const streamInvalid = stream.findings.some((f) => f.code === 'invalid-yaml')
  return fileInvalid && !streamInvalid && LIST_DUMP.test(bytes.toString('latin1'))
}

let failures = 0
function fail(n, bytes, applied, why) {
  failures++
  mkdirSync('fuzz-failures', { recursive: true })
  const base = join('fuzz-failures', `seed${SEED}-case${n}`)
  writeFileSync(`${base}.yaml`, bytes)
  writeFileSync(`${base}.txt`, `${why}\nmutations: ${applied.join(', ')}\n`)
  console.error(`case ${n} (${applied.join(', ')}): ${why.split('\n')[0]} -> ${base}.yaml`)
  if (failures >= 20) {
    console.error('fuzz: stopping after 20 failures')
    process.exit(1)
  }
}

async function checkCase(n, bytes, applied) {
  let first
  try {
    first = migrateBytes(bytes, { to: 'v1alpha2' }, 'f.yaml', convertSegment)
  } catch (err) {
    return fail(n, bytes, applied, `threw: ${err?.stack ?? err}`)
  }
  const outcome = first.findings.some((f) => f.severity === 'error') ? 'error' : first.changed ? 'changed' : 'same'
  // Without the name's bytes, only an escape of a double-quoted scalar can spell it (mutations.mjs escapeKind).
  if (bytes.indexOf('TrafficSplit') < 0 && !spellsByEscape(bytes) && !first.output.equals(bytes))
    return fail(n, bytes, applied, 'input without TrafficSplit changed')
  if (first.changed) {
    const bad = scalarChangeViolation(bytes, first.output)
    if (bad) return fail(n, bytes, applied, `changed outside the edits: ${bad}`)
  }
  try {
    const second = migrateBytes(first.output, { to: 'v1alpha2' }, 'f.yaml', convertSegment)
    if (second.changed) return fail(n, bytes, applied, 'second run changed the output again')
  } catch (err) {
    return fail(n, bytes, applied, `second run threw: ${err?.stack ?? err}`)
  }
  if (!encodingFinding(bytes, 'f.yaml')) {
    try {
      const s = await streamPath(bytes)
      if (listItemTradeOff(bytes, first, s)) {
        // The documented trade-off of the streaming List path (README, Performance): an item
        // that never mentions TrafficSplit is not parsed, so its syntax error does not stop
        // the other items. The stream's own result must still be sound.
        const bad = scalarChangeViolation(bytes, s.output)
        if (bad) return fail(n, bytes, applied, `stream changed outside the edits: ${bad}`)
        const again = await streamPath(s.output)
        if (!again.output.equals(s.output)) return fail(n, bytes, applied, 'second stream run changed the output again')
        return { outcome, output: first.output, edits: first.edits }
      }
      if (!s.output.equals(first.output)) return fail(n, bytes, applied, 'stream output differs from the file path')
      if (errorsOf(s.findings) !== errorsOf(first.findings) && !listErrorsSubset(bytes, first, s)) {
        return fail(n, bytes, applied, `stream errors differ: ${errorsOf(s.findings)} vs ${errorsOf(first.findings)}`)
      }
    } catch (err) {
      return fail(n, bytes, applied, `stream threw: ${err?.stack ?? err}`)
    }
  }
  return { outcome, output: first.output, edits: first.edits }
}

/** A batch of cases through the built CLI: --write, then --check, then stdin for the first. */
function cliBatch(batch) {
  const dir = mkdtempSync(join(tmpdir(), 'smi-fuzz-'))
  batch.forEach((c, i) => writeFileSync(join(dir, `c${i}.yaml`), c.bytes))
  const run = (args, input) =>
    spawnSync(process.execPath, [BIN, ...args], {
      cwd: dir,
      input,
      encoding: 'buffer',
      maxBuffer: 1 << 28,
      env: { ...process.env, NO_COLOR: '1' },
    })
  const w = run(['--write', '--format', 'json', '.'])
  const stderr = w.stderr.toString('utf8')
  if (![0, 2].includes(w.status) || /internal error/.test(stderr)) {
    batch.forEach((c) => fail(c.n, c.bytes, c.applied, `CLI --write exit ${w.status}: ${stderr.slice(0, 500)}`))
  } else {
    const report = JSON.parse(w.stdout.toString('utf8'))
    batch.forEach((c, i) => {
      const name = `c${i}.yaml`
      const now = readFileSync(join(dir, name))
      const erred = report.some((f) => f.path === name && f.severity === 'error')
      if (erred && !now.equals(c.bytes)) fail(c.n, c.bytes, c.applied, 'CLI wrote a file it reported an error for')
      if (!erred && !now.equals(c.output)) fail(c.n, c.bytes, c.applied, 'CLI --write result differs from the library')
    })
    // Files refused with an error were not written, so they may still hold convertible objects.
    const refused = new Set(report.filter((f) => f.severity === 'error').map((f) => f.path))
    const again = run(['--check', '--format', 'json', '.'])
    const left = JSON.parse(again.stdout.toString('utf8')).filter(
      (f) => (f.code === 'converted' || f.code === 'repaired') && !refused.has(f.path),
    )
    for (const f of left) {
      const c = batch[Number(f.path.slice(1, -5))]
      fail(c.n, c.bytes, c.applied, `second CLI run would still convert: ${f.message}`)
    }
  }
  const first = batch[0]
  const s = run(['-'], first.bytes)
  if (![0, 2].includes(s.status) || /internal error/.test(s.stderr.toString('utf8')))
    fail(first.n, first.bytes, first.applied, `CLI stdin exit ${s.status}`)
  else if (!encodingFinding(first.bytes, 'x') && !s.stdout.equals(first.output))
    fail(first.n, first.bytes, first.applied, 'CLI stdin output differs from the library')
  rmSync(dir, { recursive: true, force: true })
}

// --- run -------------------------------------------------------------------------------
const started = performance.now()
const counts = { same: 0, changed: 0, error: 0, cli: 0 }
const diffCheck = new GitDiffCheck((c, why) => fail(c.n, c.bytes, c.applied, why))
const oracle = new KubectlOracle((c, why) => fail(c.n, c.bytes, c.applied, why))
if (!oracle.available) {
  console.error('fuzz: kubectl not found: the kubectl oracle cannot run (install kubectl 1.21 or newer)')
  if (process.env.CI === 'true' || process.env.REQUIRE_ALL_TESTS === '1') process.exit(1)
}
let batch = []
for (let n = 0; n < COUNT; n++) {
  const { bytes, applied } = mutate(seedInput())
  const r = await checkCase(n, bytes, applied)
  if (!r) continue
  counts[r.outcome]++
  diffCheck.add({ n, bytes, applied }, bytes, r.output, r.edits)
  if (r.outcome === 'changed') oracle.add({ n, bytes, applied }, bytes, r.output)
  if (CLI_EVERY > 0 && n % CLI_EVERY === 0) {
    batch.push({ n, bytes, applied, output: r.output })
    if (batch.length === CLI_BATCH) {
      cliBatch(batch)
      counts.cli += batch.length
      batch = []
    }
  }
}
if (batch.length) {
  cliBatch(batch)
  counts.cli += batch.length
}
diffCheck.close()
oracle.close()
const secs = ((performance.now() - started) / 1000).toFixed(1)
console.log(
  `fuzz: ${COUNT} cases (seed ${SEED}) in ${secs} s: ${counts.changed} converted, ${counts.error} with errors, ${counts.same} unchanged; ${counts.cli} also through the CLI; ${diffCheck.summary()}; ${oracle.summary()}; ${failures} failures`,
)
process.exit(failures ? 1 : 0)
