/**
 * The List item scan (pipeline/open.ts): the scan that looks only at lines holding an opener
 * (a quote, a bracket, a block scalar indicator) gives the answer of the scan of every line,
 * byte by byte, on random items made of YAML's indicators, indentation, comments and text.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { mayEndOpen, mayEndOpenByLine } from '../src/pipeline/open.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 500) * 20

const token = fc.constantFrom(
  'a',
  'key',
  ':',
  ': ',
  '- ',
  '? ',
  '"',
  "'",
  "''",
  '\\',
  '\\"',
  '[',
  ']',
  '{',
  '}',
  ',',
  '|',
  '>',
  '|-',
  '# c',
  ' #',
  '&a ',
  '!t ',
  '*a',
  ' ',
  '\t',
  '\r',
  'x y',
)
const line = fc.tuple(fc.integer({ min: 0, max: 8 }), fc.array(token, { maxLength: 8 })).map(([n, ts]) => ' '.repeat(n) + ts.join(''))
const item = fc.array(line, { minLength: 1, maxLength: 12 }).map((ls) => Buffer.from(`- ${ls.join('\n')}\n`))

test('the opener-only scan agrees with the scan of every line', () => {
  fc.assert(
    fc.property(item, (b) => mayEndOpen(b) === mayEndOpenByLine(b)),
    { numRuns: RUNS, seed: 25 },
  )
})

test('items that end open, and items that do not', () => {
  const cases: Array<[string, boolean]> = [
    ['- a: "x\n', true],
    ['- a: |\n    "x\n  b: 1\n', false],
    ['- a: |\n    text\n  b: "x\n', true],
    ['- a: [1,\n', true],
    ['- a: x # "\n', false],
    ["- a: 'it''s\n", true],
  ]
  for (const [text, open] of cases) {
    assert.is(mayEndOpen(Buffer.from(text)), open, text)
    assert.is(mayEndOpenByLine(Buffer.from(text)), open, text)
  }
})

test.run()
