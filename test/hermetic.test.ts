/**
 * The tests, scripts, benchmark and CI run from any clone: nothing in them (or in src/) reads
 * or cites a file outside the repository. The YAML test suite is vendored in
 * testdata/yaml-test-suite, the weight tables the code cites are in docs/weights-reference.md.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOTS = ['src', 'test', 'scripts', 'bench', '.ci']
const SELF = join('test', 'hermetic.test.ts')
// A sibling checkout's reference folder, an absolute path of one machine, the variable that
// pointed at an outside copy of the YAML test suite, and the notes it cited.
const OUTSIDE = [/\.\.\/shared\//, /\/work\//, /YAML_TEST_SUITE/, /domain\.md/]

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]))
}

test('no file in src/, test/, scripts/, bench/ or .ci/ refers to a file outside the repository', () => {
  const found: string[] = []
  for (const file of ROOTS.flatMap(files)) {
    if (file === SELF) continue
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (OUTSIDE.some((re) => re.test(line))) found.push(`${file}:${i + 1}: ${line.trim()}`)
      })
  }
  assert.equal(found, [])
})

test.run()
