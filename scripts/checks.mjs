// The checks npm test runs beside the suites: the type check, lint, the formatting check and
// the build of dist/. None reads what another writes (the build writes dist/, which none of the
// others looks at); the suites do read dist/, so scripts/test.mjs --checks builds first and then
// runs the other three beside the suites, where they fill the cores while suites wait on kubectl,
// git or a server. Run alone (`node scripts/checks.mjs`) they run side by side, JOBS at a time
// (default: the machine's cores, at most 4), the longest first. Each one's output is held and
// printed whole when it ends, so two never interleave; the exit code is 1 if any failed.
//
//   node scripts/checks.mjs
import { spawn } from 'node:child_process'
import { availableParallelism, setPriority } from 'node:os'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const bin = (pkg, path) => [process.execPath, resolve('node_modules', pkg, path)]

/** The build the suites need first. */
export const BUILD = { name: 'build', cmd: [process.execPath, 'scripts/build.mjs'] }

/** Longest first (seconds of CPU, measured on 2 cores: eslint 30, tsc 18, prettier 17). */
export const CHECKS = [
  { name: 'eslint', cmd: [...bin('eslint', 'bin/eslint.js'), '.'] },
  { name: 'tsc --noEmit', cmd: [...bin('typescript', 'bin/tsc'), '--noEmit'] },
  {
    name: 'prettier --check',
    cmd: [...bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', 'src', 'test', 'scripts', 'bench', 'eslint.config.js'],
  },
]

/**
 * Runs `checks`, `jobs` at a time, printing each one's output whole; the names of those that
 * failed. With `nice` (0 to 19) each runs at that lower priority: it takes what CPU the others
 * leave.
 */
export async function runChecks(checks, jobs, nice = 0) {
  const queue = [...checks]
  const failed = []
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const { status, output } = await run(check.cmd, nice)
      process.stdout.write(output)
      if (status !== 0) failed.push(check.name)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker))
  return failed
}

function run([cmd, ...args], nice) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  if (nice && child.pid)
    try {
      setPriority(child.pid, nice)
    } catch {
      // A check that has already ended has no priority to lower.
    }
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (d) => (output += d))
  child.stderr.setEncoding('utf8').on('data', (d) => (output += d))
  return new Promise((done) => child.on('close', (status) => done({ status, output })))
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const all = [...CHECKS, BUILD]
  const failed = await runChecks(all, Math.min(all.length, Number(process.env.JOBS) || Math.min(availableParallelism(), 4)))
  if (failed.length) console.error(`failed: ${failed.join(', ')}`)
  process.exit(failed.length ? 1 : 0)
}
