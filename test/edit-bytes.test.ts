/**
 * Edits on bytes (src/edit/bytes.ts) and edits made one after another (src/edit/log.ts).
 *
 * The converters' offsets index `input.toString('utf8')`; file mode writes and patches bytes.
 * The oracle for the mapping is Node's own decoder: cutting the input at the byte offset a
 * UTF-16 offset maps to must decode to the text before and after that offset, for any bytes
 * (ill-formed sequences, truncated ones, surrogates, overlongs, four-byte characters).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { byteOffsets, spliceBytes, toByteEdits } from '../src/edit/bytes.js'
import { EditLog } from '../src/edit/log.js'
import { splice } from '../src/edit/splice.js'

/** Bytes that mix ASCII, valid multi-byte characters, and lead and continuation bytes on their own. */
const bytes = fc
  .array(
    fc.oneof(
      fc.constantFrom('a', '\n', 'é', '€', '😀', '\u{10ffff}').map((s) => [...Buffer.from(s)]),
      fc.integer({ min: 0x80, max: 0xff }).map((b) => [b]),
      fc.constantFrom([0xe0, 0x80], [0xed, 0xa0, 0x80], [0xf0, 0x8f], [0xf4, 0x90], [0xc0, 0xaf], [0xe2, 0x82], [0xf0, 0x9f, 0x98]),
    ),
    { maxLength: 40 },
  )
  .map((parts) => Buffer.from(parts.flat()))

test("every UTF-16 offset maps to the byte where Node's decoder cuts the text there", () => {
  fc.assert(
    fc.property(bytes, (input) => {
      const text = input.toString('utf8')
      const offsets = Array.from({ length: text.length + 1 }, (_, i) => i)
      const at = byteOffsets(input, offsets)
      for (const k of offsets) {
        // Inside a surrogate pair: the pair's first byte.
        const inPair = k > 0 && k < text.length && /[\ud800-\udbff]/.test(text[k - 1]!) && /[\udc00-\udfff]/.test(text[k]!)
        if (inPair) continue
        const b = at.get(k)!
        assert.is(input.subarray(0, b).toString('utf8'), text.slice(0, k), `before offset ${k}`)
        assert.is(input.subarray(b).toString('utf8'), text.slice(k), `after offset ${k}`)
      }
    }),
    { numRuns: 3000 },
  )
})

test('a Latin-1 byte next to an edit is kept as it is', () => {
  const input = Buffer.from('# caf\xe9\nweight: 500m # na\xefve\n', 'latin1')
  const text = input.toString('utf8')
  const start = text.indexOf('500m')
  const edits = toByteEdits(input, [{ start, end: start + 4, text: '500' }])
  assert.equal(
    edits.map((e) => [e.start, e.end, e.bytes.toString()]),
    [[input.indexOf('500m'), input.indexOf('500m') + 4, '500']],
  )
  assert.ok(spliceBytes(input, edits).equals(Buffer.from('# caf\xe9\nweight: 500 # na\xefve\n', 'latin1')))
  assert.is(spliceBytes(input, []), input)
})

test('overlapping byte edits are an internal error, not a corrupt file', () => {
  const input = Buffer.from('abcdef')
  assert.throws(
    () =>
      spliceBytes(input, [
        { start: 1, end: 3, bytes: Buffer.from('x') },
        { start: 2, end: 4, bytes: Buffer.from('y') },
      ]),
    /overlapping/,
  )
  assert.throws(() => byteOffsets(input, [7]), /past the end/)
})

/** A replacement on the text as the earlier ones left it: a range of it (possibly meeting an earlier one) and new text. */
const steps = fc.array(fc.tuple(fc.nat(), fc.nat(4), fc.string({ maxLength: 4 })), { maxLength: 8 })

test('edits made one after another are the edits of the original text', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 30 }), steps, (original, replaces) => {
      const log = new EditLog(original)
      let text = original
      for (const [at, length, written] of replaces) {
        const start = at % (text.length + 1)
        const end = Math.min(text.length, start + length)
        text = text.slice(0, start) + written + text.slice(end)
        log.replace(start, end, written)
      }
      assert.is(log.text, text)
      assert.is(splice(original, log.edits), text)
      for (let i = 1; i < log.edits.length; i++) assert.ok(log.edits[i - 1]!.end <= log.edits[i]!.start)
    }),
    { numRuns: 5000 },
  )
})

test.run()
