/**
 * Whole-input conversion: split, process each segment, join. Used for files (which are
 * read whole so they can be written atomically) and by the library API.
 */
import type { Edit, Finding, Located, ObjectFact } from '../model.js'
import type { RunOptions } from '../targets/target.js'
import { encodingFinding } from './encoding.js'
import { type Converter, isCandidate, SegmentProcessor } from './segment.js'
import { DocumentSplitter } from './splitter.js'

export interface BytesResult {
  output: Buffer
  changed: boolean
  /** Located findings; `offset` is a UTF-16 index into the whole decoded input. */
  findings: Finding[]
  /** The edits made, as UTF-16 ranges of the whole decoded input (what the library splices into its string). */
  edits: Edit[]
  /** The named objects, located, for checks across documents and files (kinds/links.ts). */
  objects: Array<ObjectFact & Located>
}

export function migrateBytes(input: Buffer, opts: RunOptions, path: string, converter: Converter): BytesResult {
  // UTF-16/32 and binary inputs are never converted (see encoding.ts): their bytes come back as they are.
  const refused = encodingFinding(input, path)
  if (refused) return { output: input, changed: false, findings: [refused], edits: [], objects: [] }
  // Most files in a repository never mention TrafficSplit: skip them without splitting.
  if (!isCandidate(input)) return { output: input, changed: false, findings: [], edits: [], objects: [] }
  const processor = new SegmentProcessor(opts, path, converter)
  const parts: Buffer[] = []
  const findings: Finding[] = []
  const edits: Edit[] = []
  /** Where the current segment starts in the decoded input (segments are cut at ASCII bytes). */
  let base = 0
  for (const segment of DocumentSplitter.split(input)) {
    const known = processor.objects.length
    const r = processor.process(segment)
    for (const o of processor.objects.slice(known)) o.offset += base
    parts.push(r.bytes)
    for (const f of r.findings) findings.push({ ...f, offset: f.offset + base })
    for (const e of r.edits) edits.push({ start: e.start + base, end: e.end + base, text: e.text })
    base += utf16Length(segment)
  }
  return { output: edits.length > 0 ? Buffer.concat(parts) : input, changed: edits.length > 0, findings, edits, objects: processor.objects }
}

/** The number of UTF-16 code units valid UTF-8 bytes decode to (no decoding needed). */
function utf16Length(bytes: Buffer): number {
  let n = 0
  for (const b of bytes) {
    if ((b & 0xc0) !== 0x80) n++ // a lead byte or ASCII: one character
    if (b >= 0xf0) n++ // four bytes: a surrogate pair
  }
  return n
}
