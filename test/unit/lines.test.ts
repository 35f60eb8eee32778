/**
 * Line lookups (edit/lines.ts) and the order splice applies edits in (edit/splice.ts): a
 * finding's line and column come from one of two lookups (an index for many offsets, a read
 * up to the offset for one), which must agree everywhere, and edits apply by start whatever
 * order the planner made them in, equal starts in the order given.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LineIndex, lineStart, locateOnce } from '../../src/edit/lines.js'
import { splice } from '../../src/edit/splice.js'

test('locateOnce agrees with LineIndex at every offset, line breaks and ends included', () => {
  for (const text of ['', 'a', '\n', 'a\n', '\n\n', 'ab\ncd\n\nef', 'x\r\ny\n', 'one\ntwo\nthree\n']) {
    const index = new LineIndex(text)
    for (let at = 0; at <= text.length; at++) assert.equal(locateOnce(text, at), index.locate(at), `${JSON.stringify(text)} at ${at}`)
  }
})

test('lineStart is the start of the line holding the offset, also at offset 0 of a text that opens with a line break', () => {
  for (const text of ['', 'a', '\n', '\na', '\n\nb', 'ab\ncd\n']) {
    for (let at = 0; at <= text.length; at++) assert.is(lineStart(text, at), locateOnce(text, at).start, `${JSON.stringify(text)} at ${at}`)
  }
  // A walk up the lines from a line's start ends at the text's start (the walk of yaml/templated.ts looped forever here).
  assert.is(lineStart('\nkey: 1\n', 0), 0)
})

test('splice applies edits by start, equal starts in the order given, from any order', () => {
  const text = 'abcdefghij'
  const edits = [
    { start: 8, end: 9, text: 'I' },
    { start: 0, end: 1, text: 'A' },
    { start: 4, end: 4, text: '1' },
    { start: 4, end: 4, text: '2' },
    { start: 4, end: 5, text: 'E' },
  ]
  assert.is(splice(text, edits), 'Abcd12EfghIj')
  // Many edits (the general sort) give the same as few.
  const many = Array.from({ length: 40 }, (_, i) => ({ start: 39 - i, end: 40 - i, text: String.fromCharCode(65 + ((39 - i) % 26)) }))
  assert.is(splice('x'.repeat(40), many), Array.from({ length: 40 }, (_, i) => String.fromCharCode(65 + (i % 26))).join(''))
  assert.throws(() => splice(text, [edits[1]!, { start: 0, end: 2, text: '' }]), /overlapping/)
})

test.run()
