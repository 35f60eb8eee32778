/**
 * Golden before/after cases: testdata/golden/<case>/input.{yaml,json} → expected.{yaml,json},
 * with the findings in findings.txt and, optionally, the library options in options.json.
 *
 * Only UPDATE=1 writes expectations (then review the diff!): a case whose expected file or
 * findings.txt is missing fails, so a new case cannot pass by recording whatever the tool
 * does. GOLDEN_ROOT runs the harness on other cases (test/golden-harness.test.ts uses it to
 * check that rule).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { MigrateOptions } from '../src/model.js'
import { findingLines, migrateChecked, streamChunks } from './helpers/harness.js'

const root = process.env.GOLDEN_ROOT ?? 'testdata/golden'
const update = process.env.UPDATE === '1'

for (const name of readdirSync(root).sort()) {
  const dir = join(root, name)
  const ext = existsSync(join(dir, 'input.json')) ? 'json' : 'yaml'
  const optionsFile = join(dir, 'options.json')
  const options = (existsSync(optionsFile) ? JSON.parse(readFileSync(optionsFile, 'utf8')) : {}) as MigrateOptions
  test(`golden: ${name}`, async () => {
    const input = readFileSync(join(dir, `input.${ext}`))
    const r = migrateChecked(input.toString('utf8'), options)
    const findings = findingLines(r)
    const expectedFile = join(dir, `expected.${ext}`)
    const findingsFile = join(dir, 'findings.txt')
    if (update) {
      writeFileSync(expectedFile, r.output)
      writeFileSync(findingsFile, findings)
    }
    for (const f of [expectedFile, findingsFile]) assert.ok(existsSync(f), `${f} is missing: write it with UPDATE=1, then review it`)
    assert.fixture(r.output, readFileSync(expectedFile, 'utf8'))
    assert.fixture(findings, readFileSync(findingsFile, 'utf8'))
    if (ext === 'json') JSON.parse(r.output) // still JSON
    // The streaming path, fed in awkward chunk sizes, gives the same bytes.
    for (const sizes of [[1], [2, 3, 5], [7, 64, 1]]) {
      const streamed = await streamChunks(input, sizes, options)
      assert.ok(streamed.equals(Buffer.from(r.output, 'utf8')), `stream with chunks ${sizes} differs`)
    }
  })
}

test.run()
