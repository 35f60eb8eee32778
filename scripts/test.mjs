// Runs the uvu suites (TypeScript through tsx) and ends with the plain summary line CI
// reads, "N passed, N failed". A run that executed no test fails.
import { spawnSync } from 'node:child_process'

const args = ['node_modules/uvu/bin.js', '-r', 'tsx', 'test', process.argv[2] ?? '\\.test\\.ts$']
const r = spawnSync(process.execPath, args, { stdio: ['inherit', 'pipe', 'inherit'], encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } })
process.stdout.write(r.stdout)
const num = (label) => Number((r.stdout.match(new RegExp(`${label}:\\s+(\\d+)`, 'g')) ?? []).map((m) => m.match(/\d+/)[0]).reduce((a, b) => a + Number(b), 0))
const total = num('Total')
const passed = num('Passed')
const skipped = num('Skipped')
const failed = total - passed - skipped + (r.status !== 0 && total === passed ? 1 : 0)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(r.status === 0 && total > 0 && failed === 0 ? 0 : 1)
