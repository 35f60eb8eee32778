/**
 * The YAML conformance suite's inputs (vendored in testdata/yaml-test-suite, see its README):
 * every in.yaml passes through byte-identical, through the stream path in odd chunk sizes and through
 * the general path (every segment parsed, no pre-filter), and nothing throws. For the
 * valid cases, parsing each segment alone gives the documents the whole stream gives.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { migrate } from '../src/index.js'
import { DocumentSplitter } from '../src/pipeline/splitter.js'
import { convertSegment } from '../src/convert/text.js'
import { streamChunks } from './helpers/harness.js'

const root = 'testdata/yaml-test-suite'

function cases(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) out.push(...cases(p))
    else if (name === 'in.yaml') out.push(dir)
  }
  return out
}

const all = cases(root).sort()
test('the vendored suite is whole: 402 inputs, 94 of them marked invalid', () => {
  assert.is(all.length, 402)
  assert.is(all.filter((dir) => existsSync(join(dir, 'error'))).length, 94)
})
test(`all ${all.length} yaml-test-suite inputs pass through byte-identical`, async () => {
  let valid = 0
  for (const dir of all) {
    const name = relative(root, dir)
    const input = readFileSync(join(dir, 'in.yaml'))
    const text = input.toString('utf8')
    const r = migrate(text)
    assert.is(r.output, text, `${name}: library output differs`)
    const streamed = await streamChunks(input, [1, 3, 17])
    assert.ok(streamed.equals(input), `${name}: stream output differs`)

    const segments = DocumentSplitter.split(input)
    assert.ok(Buffer.concat(segments).equals(input), `${name}: segments do not join back to the input`)
    for (const seg of segments) {
      const conv = convertSegment(seg.toString('utf8'), { to: 'v1alpha2' }) // the general path: must not throw
      assert.is(conv.edits.length, 0, `${name}: edits in a stream without TrafficSplits`)
    }
    if (existsSync(join(dir, 'error'))) continue
    // Complex keys (`[a, b]: c`) are compared as the strings toJS makes of them: no warning for each.
    const whole = parseAllDocuments(text, { logLevel: 'error' })
    const wholeDocs = Array.isArray(whole) ? whole : []
    if (wholeDocs.some((d) => d.errors.length)) continue // the library disagrees with the suite here
    valid++
    const parts = segments.flatMap((s) => {
      const docs = parseAllDocuments(s.toString('utf8'), { logLevel: 'error' })
      return Array.isArray(docs) ? docs : []
    })
    assert.equal(
      parts.map((d) => d.toJS()),
      wholeDocs.map((d) => d.toJS()),
      `${name}: segments parse differently`,
    )
  }
  assert.ok(valid > 200, `only ${valid} valid cases compared`)
})

test.run()
