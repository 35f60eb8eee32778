// Runs the uvu suites (TypeScript through tsx) and ends with the plain summary line CI
// reads, "N passed, N failed" (", N skipped" when some were). A run that executed no test
// fails. A test that needs a program missing here (kubectl, pre-commit: test/helpers/tools.ts)
// is skipped, not passed; under CI=true or REQUIRE_ALL_TESTS=1 a run with skipped tests fails.
import { spawnSync } from 'node:child_process'

const args = ['node_modules/uvu/bin.js', '--no-color', '-r', 'tsx', 'test', process.argv[2] ?? '\\.test\\.ts$']
const r = spawnSync(process.execPath, args, {
  stdio: ['inherit', 'pipe', 'inherit'],
  encoding: 'utf8',
  env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1' },
})
process.stdout.write(r.stdout)
const num = (label) =>
  Number((r.stdout.match(new RegExp(`${label}:\\s+(\\d+)`, 'g')) ?? []).map((m) => m.match(/\d+/)[0]).reduce((a, b) => a + Number(b), 0))
// uvu's Total counts the tests that ran; skipped tests are counted apart, in Skipped.
const total = num('Total')
const passed = num('Passed')
const skipped = num('Skipped')
const failed = total - passed + (r.status !== 0 && total === passed ? 1 : 0)
const requireAll = process.env.CI === 'true' || process.env.REQUIRE_ALL_TESTS === '1'
if (skipped > 0 && requireAll)
  console.log(`${skipped} skipped: every test must run in CI (CI=true or REQUIRE_ALL_TESTS=1); install what the skipped tests name`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(r.status === 0 && total > 0 && failed === 0 && !(skipped > 0 && requireAll) ? 0 : 1)
