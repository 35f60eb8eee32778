/**
 * The suites themselves: uvu runs the tests registered before `test.run()`, and silently
 * drops any registered after it, so a test appended below the call would pass by never running.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

function suites(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() && e.name !== 'helpers' ? suites(join(dir, e.name)) : e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  )
}

test('no test is registered after its suite runs', () => {
  const late: string[] = []
  for (const file of suites('test')) {
    const lines = readFileSync(file, 'utf8').split('\n')
    const lastOf = (re: RegExp): number => lines.reduce((at, l, i) => (re.test(l) ? i : at), -1)
    const run = lastOf(/^\w*\.run\(\)/)
    const last = lastOf(/^\s*\w+\(['"`]/)
    if (run >= 0 && last > run) late.push(`${file}:${last + 1}`)
  }
  assert.equal(late, [])
})

test.run()
