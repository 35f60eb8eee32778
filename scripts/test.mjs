// Runs the uvu suites (TypeScript through tsx) and ends with the plain summary line CI
// reads, "N passed, N failed" (", N skipped" when some were). A run that executed no test
// fails. A test that needs a program missing here (kubectl, pre-commit: test/helpers/tools.ts)
// is skipped, not passed; under CI=true or REQUIRE_ALL_TESTS=1 a run with skipped tests fails.
//
//   node scripts/test.mjs [PATTERN] [--fast] [--checks]
//
// PATTERN (a regular expression on a suite's path below test/, default every *.test.ts)
// picks suites; --fast leaves out the SLOW ones (npm run test:fast). The suites run in JOBS
// test processes (default: the machine's cores, at most 4; scripts/test-worker.mjs), the
// heaviest first, each to the first process free, at a lower priority (SUITES_NICE); the suites
// that time a server by the clock (ALONE) run beside them in a process of their own at the normal
// priority, so that they get a core whenever they want one. TEST_COSTS=1 prints each suite's CPU
// seconds at the end (its process's and its children's), heaviest first: what COST holds. The reports are printed one after the other. --checks
// (npm test) first builds dist/, then runs the type check, lint and the formatting check
// (scripts/checks.mjs) one after the other at a lower priority (NICE) beside all the suites, the
// clock-timed ones too: a failed check counts as a failed test, named.
import { spawn } from 'node:child_process'
import { availableParallelism, setPriority } from 'node:os'
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { BUILD, CHECKS, runChecks } from './checks.mjs'

/**
 * The suites npm run test:fast leaves out: those that drive real tools at length (kubectl
 * kustomize, pre-commit, go, the SARIF Multitool, npm pack), build many trees or streams, or
 * run servers under load. Each takes 10 s or more on the project's 2-core machines; with them
 * the whole suite is `npm test`.
 */
const SLOW = new Set([
  'action.test.ts',
  'cli.test.ts',
  'fast-reader.test.ts',
  'flow-tab.test.ts',
  'formats.test.ts',
  'gateway-batch.test.ts',
  'gateway-drift.test.ts',
  'gateway-routing-property.test.ts',
  'gateway-scope.test.ts',
  'gateway-trees.test.ts',
  'helm-release.test.ts',
  'helm-release-reports.test.ts',
  'helm-proof.test.ts',
  'property-values.test.ts',
  'helm-release-gzip.test.ts',
  'helm-release-keys.test.ts',
  'helm-values.test.ts',
  'hostile.test.ts',
  'kind-plugin.test.ts',
  'kinds-cli.test.ts',
  'kinds.test.ts',
  'krm.test.ts',
  'kubectl-oracle.test.ts',
  'kustomize-defects.test.ts',
  'kustomize-mentions.test.ts',
  'kustomize-names.test.ts',
  'kustomize-shared-ids.test.ts',
  'kustomize.test.ts',
  'npm-package.test.ts',
  'precommit.test.ts',
  'runtimes.test.ts',
  'sarif.test.ts',
  'streams.test.ts',
  'suppressions.test.ts',
  'suppressions-added.test.ts',
  'target-plugin.test.ts',
  'trust.test.ts',
  'webhook-flood.test.ts',
  'webhook-forge.test.ts',
  'webhook-server.test.ts',
  'webhook-starve.test.ts',
  'write-lock.test.ts',
  'writes.test.ts',
  'yaml11.test.ts',
])

/**
 * Suites that time a server's behaviour by the clock (timeouts, slow clients, floods): they run at
 * the normal priority beside the other suites, which run at SUITES_NICE, so that the others' load
 * does not decide them. They spend most of their time waiting on the clock; run after the others,
 * as they once were, they left both cores idle for half a minute.
 */
const ALONE = new Set(['webhook-server.test.ts', 'webhook-flood.test.ts', 'webhook-connections.test.ts', 'webhook-starve.test.ts'])

/**
 * Seconds of CPU of the heaviest suites (their processes' and children's, user + sys), to start
 * them first: a heavy suite started last keeps one process busy while the others wait. Others
 * count 3. From `TEST_COSTS=1 node scripts/test.mjs` on the project's 2-core machine (December
 * 2026, loaded); run it again when a suite grows.
 */
const COST = {
  'property-values.test.ts': 36,
  'gateway-routing-property.test.ts': 23,
  'precommit.test.ts': 17,
  'kustomize-names.test.ts': 16,
  'suppressions-added.test.ts': 14,
  'target-plugin.test.ts': 13,
  'helm-proof-mentions.test.ts': 13,
  'helm-proof-world.test.ts': 13,
  'kustomize-sums.test.ts': 13,
  'writes.test.ts': 12,
  'kustomize-defects.test.ts': 12,
  'action.test.ts': 11,
  'helm-proof.test.ts': 10,
  'suppressions.test.ts': 9,
  'cli.test.ts': 9,
  'fast-reader.test.ts': 9,
  'write-lock.test.ts': 9,
  'kustomize-objects.test.ts': 8,
  'krm-review.test.ts': 8,
  'kubectl-lists.test.ts': 8,
  'property-kinds.test.ts': 8,
  'flow-tab.test.ts': 8,
  'gateway-drift.test.ts': 8,
  'npm-package.test.ts': 7,
  'helm-repair.test.ts': 7,
  'sarif.test.ts': 7,
  'krm.test.ts': 7,
  'gateway-batch.test.ts': 7,
  'helm-proof-deployers.test.ts': 7,
  'formats.test.ts': 7,
  'boundary.test.ts': 6,
  'helm-release.test.ts': 6,
  'trust.test.ts': 6,
  'kinds-cli.test.ts': 6,
  'webhook-forge.test.ts': 6,
  'toplevel.test.ts': 6,
  'fastpath.test.ts': 6,
  'helm-values.test.ts': 6,
  'suppressions-near.test.ts': 6,
  'webhook-manifests.test.ts': 6,
  'kind-plugin.test.ts': 6,
  'helm-release-reports.test.ts': 6,
  'escaped-kind.test.ts': 6,
  'hostile.test.ts': 5,
  'property-streams.test.ts': 5,
  'gateway-trees.test.ts': 5,
}

/**
 * The checks' priority below the suites' (nice 19: Linux gives such a process about 1/70 of the
 * CPU a suite's process gets when both want it), so they run in the time the suites leave.
 */
const NICE = 19

/**
 * The other suites' priority (nice 10: Linux gives such a process about a tenth of the CPU a
 * normal one gets when both want it, and about seven times what a check gets); their children
 * (the CLI, kubectl, git) inherit it.
 */
const SUITES_NICE = 10

const argv = process.argv.slice(2)
const fast = argv.includes('--fast')
const withChecks = argv.includes('--checks')
const pattern = new RegExp(argv.find((a) => !a.startsWith('--')) ?? '\\.test\\.ts$')
const suites = listFiles('test')
  .map((f) => relative('test', f).split(sep).join('/'))
  .filter((f) => pattern.test(f) && !(fast && SLOW.has(f)))
const jobs = Math.max(1, Math.min(suites.length, Number(process.env.JOBS) || Math.min(availableParallelism(), 4)))

// The heaviest suites first, each to whichever process is free (scripts/test-worker.mjs).
const queue = [...suites].filter((s) => !ALONE.has(s)).sort((a, b) => costOf(b) - costOf(a) || a.localeCompare(b))

if (withChecks && (await runChecks([BUILD], 1)).length) {
  console.log('failed: build (the suites run dist/)')
  process.exit(1)
}
// The checks run at the lowest priority from the start to the end: they take the CPU the suites
// leave while they wait on kubectl, git or a server.
const checks = withChecks ? runChecks(CHECKS, 1, NICE) : Promise.resolve([])
const costs = []
const alone = suites.filter((s) => ALONE.has(s))
const runs = (await Promise.all([runQueue(queue, jobs, SUITES_NICE), runQueue(alone, 1, 0)])).flat()
const failedChecks = await checks
let total = 0
let passed = 0
let skipped = 0
let crashed = false
for (const r of runs) {
  process.stdout.write(r.stdout)
  total += count(r.stdout, 'Total')
  passed += count(r.stdout, 'Passed')
  skipped += count(r.stdout, 'Skipped')
  // A suite that did not load, or whose process died under it, ran no test: one failed each.
  total += r.broken
  // A run that exits non-zero with every counted test passed died outside a test.
  if (r.status !== 0 && r.broken === 0 && count(r.stdout, 'Total') === count(r.stdout, 'Passed')) crashed = true
}
const failed = total - passed + (crashed ? 1 : 0) + failedChecks.length
if (failedChecks.length) console.log(`failed checks: ${failedChecks.join(', ')}`)
const requireAll = process.env.CI === 'true' || process.env.REQUIRE_ALL_TESTS === '1'
if (skipped > 0 && requireAll)
  console.log(`${skipped} skipped: every test must run in CI (CI=true or REQUIRE_ALL_TESTS=1); install what the skipped tests name`)
if (process.env.TEST_COSTS === '1')
  for (const [suite, cpu] of costs.sort((a, b) => b[1] - a[1])) console.log(`${cpu.toFixed(1).padStart(6)} s  ${suite}`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(runs.every((r) => r.status === 0) && total > 0 && failed === 0 && !(skipped > 0 && requireAll) ? 0 : 1)

function costOf(suite) {
  return COST[suite] ?? 3
}

/**
 * Runs the suites of `list` in `jobs` test processes, the next suite to the first process free;
 * each process's report collected. A process that dies with a suite in hand fails the run; the
 * suites it had not reached go to the others and to a process started in its place.
 */
async function runQueue(list, jobs, nice) {
  const pending = [...list]
  const lane = async () => {
    const runs = []
    // A process that died takes no more suites; a new one takes the rest, unless it died
    // before taking any (one that cannot start would be started for ever).
    for (let left = -1; pending.length && pending.length !== left;) {
      left = pending.length
      runs.push(await testProcess(pending, nice))
    }
    return runs
  }
  const lanes = await Promise.all(Array.from({ length: Math.min(jobs, list.length) }, lane))
  return lanes.flat()
}

function testProcess(pending, nice) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/test-worker.mjs'], {
    stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' },
  })
  if (nice && child.pid)
    try {
      setPriority(child.pid, nice)
    } catch {
      // A process that has already ended has no priority to lower.
    }
  let stdout = ''
  let failed = false
  let broken = 0
  let current
  child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d))
  const next = () => {
    current = pending.shift()
    if (current) child.send({ suite: current })
    else child.disconnect()
  }
  child.on('message', (m) => {
    if (m.suite) {
      failed ||= m.failed
      if (m.broken) broken++
      costs.push([m.suite, m.cpu])
    }
    next()
  })
  // Not 'close': a child whose IPC channel this process disconnected never emits it.
  const exited = new Promise((done) => child.on('exit', (status, signal) => done(status ?? signal)))
  const read = new Promise((done) => child.stdout.on('end', done))
  return Promise.all([exited, read]).then(([status]) => {
    if (current) stdout += `\n  ${current}: the test process ended (${status}) before the suite did\n`
    return { status: failed || current ? 1 : status, stdout, broken: broken + (current ? 1 : 0) }
  })
}

/** The sum of uvu's counts labelled `label` in a report. */
function count(text, label) {
  return (text.match(new RegExp(`${label}:\\s+(\\d+)`, 'g')) ?? []).reduce((sum, m) => sum + Number(m.match(/\d+/)[0]), 0)
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return []
    const p = join(dir, e.name)
    return e.isDirectory() ? listFiles(p) : [p]
  })
}
