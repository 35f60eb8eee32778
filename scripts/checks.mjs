// The checks npm test runs before the suites: the type check, lint, the formatting check and
// the build of dist/. They read the sources and none reads what another writes (the build
// writes dist/, which none of the others looks at), so they run side by side, JOBS at a time
// (default: the machine's cores, at most 4), the longest first: on the project's 2-core
// machines 40 s of wall time instead of 75 s one after the other. Each one's output is held
// and printed whole when it ends, so two never interleave; the exit code is 1 if any failed.
//
//   node scripts/checks.mjs
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { resolve } from 'node:path'

const bin = (pkg, path) => [process.execPath, resolve('node_modules', pkg, path)]

/** Longest first (seconds of CPU, measured on 2 cores): the pool then ends about together. */
const CHECKS = [
  { name: 'eslint', cmd: [...bin('eslint', 'bin/eslint.js'), '.'] },
  { name: 'tsc --noEmit', cmd: [...bin('typescript', 'bin/tsc'), '--noEmit'] },
  {
    name: 'prettier --check',
    cmd: [...bin('prettier', 'bin/prettier.cjs'), '--check', '--log-level', 'warn', 'src', 'test', 'scripts', 'bench', 'eslint.config.js'],
  },
  { name: 'build', cmd: [process.execPath, 'scripts/build.mjs'] },
]

const jobs = Math.max(1, Math.min(CHECKS.length, Number(process.env.JOBS) || Math.min(availableParallelism(), 4)))
const queue = [...CHECKS]
const failed = []
await Promise.all(Array.from({ length: jobs }, worker))
if (failed.length) console.error(`failed: ${failed.join(', ')}`)
process.exit(failed.length ? 1 : 0)

async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) {
    const { status, output } = await run(check.cmd)
    process.stdout.write(output)
    if (status !== 0) failed.push(check.name)
  }
}

function run([cmd, ...args]) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.setEncoding('utf8').on('data', (d) => (output += d))
  child.stderr.setEncoding('utf8').on('data', (d) => (output += d))
  return new Promise((done) => child.on('close', (status) => done({ status, output })))
}
