/**
 * Golden before/after cases: testdata/golden/<case>/input.yaml → expected.yaml, with the
 * findings in findings.txt. Regenerate with UPDATE=1 (then review the diff!).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { findingLines, migrateChecked, streamChunks } from './helpers/harness.js'

const root = 'testdata/golden'
const update = process.env.UPDATE === '1'

for (const name of readdirSync(root).sort()) {
  const dir = join(root, name)
  test(`golden: ${name}`, async () => {
    const input = readFileSync(join(dir, 'input.yaml'))
    const r = migrateChecked(input.toString('utf8'))
    const findings = findingLines(r)
    if (update || !existsSync(join(dir, 'expected.yaml'))) {
      writeFileSync(join(dir, 'expected.yaml'), r.output)
      writeFileSync(join(dir, 'findings.txt'), findings)
    }
    assert.fixture(r.output, readFileSync(join(dir, 'expected.yaml'), 'utf8'))
    assert.fixture(findings, readFileSync(join(dir, 'findings.txt'), 'utf8'))
    // The streaming path, fed in awkward chunk sizes, gives the same bytes.
    for (const sizes of [[1], [2, 3, 5], [7, 64, 1]]) {
      const streamed = await streamChunks(input, sizes)
      assert.ok(streamed.equals(Buffer.from(r.output, 'utf8')), `stream with chunks ${sizes} differs`)
    }
  })
}

test.run()
