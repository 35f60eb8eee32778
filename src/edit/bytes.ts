/**
 * Edits on bytes. The converters edit decoded text (UTF-16 offsets into
 * `input.toString('utf8')`), but a file is bytes, and a file may hold bytes that are not
 * UTF-8 (a Latin-1 comment in a document the converter never decodes): decoding such a file
 * and encoding it again would turn each of those bytes into U+FFFD. So file mode maps every
 * edit back onto the input's bytes once, writes the file by splicing the bytes, and makes its
 * patch from the same byte edits: every byte outside an edit is the byte that was read.
 */
import type { ByteEdit, Edit } from '../model.js'

/**
 * The edits as byte ranges of `input`. Their offsets are UTF-16 indices into
 * `input.toString('utf8')`, which replaces each ill-formed sequence by one U+FFFD: the
 * mapping follows the decoding rules of the WHATWG Encoding Standard (Node's decoder), so it
 * is exact for any bytes. Edits must not overlap.
 */
export function toByteEdits(input: Buffer, edits: readonly Edit[]): ByteEdit[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end)
  const offsets = [...new Set(sorted.flatMap((e) => [e.start, e.end]))].sort((a, b) => a - b)
  const at = byteOffsets(input, offsets)
  return sorted.map((e) => ({ start: at.get(e.start)!, end: at.get(e.end)!, bytes: Buffer.from(e.text, 'utf8') }))
}

/** `input` with the byte edits made (sorted by start, not overlapping); the same buffer when there are none. */
export function spliceBytes(input: Buffer, edits: readonly ByteEdit[]): Buffer {
  if (edits.length === 0) return input
  const parts: Buffer[] = []
  let pos = 0
  for (const e of edits) {
    if (e.start < pos || e.end < e.start || e.end > input.length)
      throw new Error(`internal error: overlapping or out-of-range edit at byte ${e.start}`)
    parts.push(input.subarray(pos, e.start), e.bytes)
    pos = e.end
  }
  parts.push(input.subarray(pos))
  return Buffer.concat(parts)
}

/**
 * For each UTF-16 offset of the decoded input (ascending), the byte offset where the
 * character at it begins (the input's length at its end). An offset inside a surrogate pair
 * maps to the start of its four bytes.
 */
export function byteOffsets(input: Buffer, wanted: readonly number[]): Map<number, number> {
  const out = new Map<number, number>()
  let w = 0
  let units = 0 // UTF-16 units decoded so far
  let i = 0
  while (i < input.length && w < wanted.length) {
    if (wanted[w]! <= units) {
      out.set(wanted[w++]!, i)
      continue
    }
    if (input[i]! < 0x80) {
      units++
      i++
      continue
    }
    const seq = sequenceAt(input, i)
    // A valid four-byte sequence is two UTF-16 units; a valid shorter one, or an ill-formed one
    // (its maximal subpart), is one (U+FFFD).
    units += seq.units
    if (seq.units === 2 && w < wanted.length && wanted[w] === units - 1) out.set(wanted[w++]!, i)
    i += seq.length
  }
  while (w < wanted.length && wanted[w]! <= units) out.set(wanted[w++]!, i)
  if (w < wanted.length) throw new Error(`internal error: edit offset ${wanted[w]} is past the end of the input`)
  return out
}

/** Where the first ill-formed UTF-8 sequence of `bytes` starts, or -1. */
export function firstIllFormed(bytes: Buffer): number {
  for (let i = 0; i < bytes.length;) {
    if (bytes[i]! < 0x80) {
      i++
      continue
    }
    const seq = sequenceAt(bytes, i)
    if (seq.ill) return i
    i += seq.length
  }
  return -1
}

/** How many UTF-16 units `bytes.toString('utf8')` has, without decoding (an ill-formed sequence is one U+FFFD). */
export function decodedLength(bytes: Buffer): number {
  let units = 0
  for (let i = 0; i < bytes.length;) {
    if (bytes[i]! < 0x80) {
      units++
      i++
      continue
    }
    const seq = sequenceAt(bytes, i)
    units += seq.units
    i += seq.length
  }
  return units
}

/**
 * The sequence that starts at `i`: its length in bytes and in UTF-16 units. An ill-formed
 * sequence is its maximal subpart (the lead byte and the continuation bytes that were valid
 * for it), at least one byte, decoded as one U+FFFD.
 */
function sequenceAt(b: Buffer, i: number): { length: number; units: number; ill?: true } {
  const lead = b[i]!
  let need: number
  // The second byte's range depends on the lead: it rules out overlong forms, surrogates and
  // code points past U+10FFFF (RFC 3629, section 4).
  let low = 0x80
  let high = 0xbf
  if (lead >= 0xc2 && lead <= 0xdf) need = 1
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2
    if (lead === 0xe0) low = 0xa0
    if (lead === 0xed) high = 0x9f
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3
    if (lead === 0xf0) low = 0x90
    if (lead === 0xf4) high = 0x8f
  } else return { length: 1, units: 1, ill: true }
  for (let k = 1; k <= need; k++) {
    const c = b[i + k]
    if (c === undefined || c < low || c > high) return { length: k, units: 1, ill: true }
    low = 0x80
    high = 0xbf
  }
  return { length: need + 1, units: need === 3 ? 2 : 1 }
}
