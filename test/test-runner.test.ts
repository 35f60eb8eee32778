/**
 * scripts/test.mjs, on a fixture run where kubectl is not on PATH: the test that needs it is
 * skipped (named, with the reason) and counted as skipped, never as passed; the summary line
 * stays last; a failure next to a skip still counts as failed; and under REQUIRE_ALL_TESTS=1
 * (or CI=true) a run with a skipped test fails.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { nodeEnv } from './helpers/node-env.js'

function runner(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['scripts/test.mjs', 'fixtures/runner\\.fixture\\.ts$'], {
    encoding: 'utf8',
    env: nodeEnv({ PATH: '/nonexistent', CI: undefined, REQUIRE_ALL_TESTS: undefined, RUNNER_FIXTURE_FAIL: undefined, ...env }),
  })
  return { status: r.status, out: r.stdout, last: r.stdout.trimEnd().split('\n').at(-1) }
}

test('a test whose tool is missing is skipped, named and counted apart', () => {
  const r = runner({})
  assert.is(r.last, '1 passed, 0 failed, 1 skipped', r.out)
  assert.match(r.out, 'skipped: needs kubectl (kubectl is not installed')
  assert.is(r.status, 0, r.out)
})

test('a failure next to a skip counts as failed', () => {
  const r = runner({ RUNNER_FIXTURE_FAIL: '1' })
  assert.is(r.last, '1 passed, 1 failed, 1 skipped', r.out)
  assert.is(r.status, 1)
})

test('CI fails a run with skipped tests (REQUIRE_ALL_TESTS=1, as .ci/run sets; CI=true works the same)', () => {
  const r = runner({ REQUIRE_ALL_TESTS: '1' })
  assert.is(r.last, '1 passed, 0 failed, 1 skipped', r.out)
  assert.match(r.out, '1 skipped: every test must run in CI')
  assert.is(r.status, 1, r.out)
})

test.run()
