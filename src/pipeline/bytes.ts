/**
 * Whole-input conversion: split, process each segment, join. Used for files (which are
 * read whole so they can be written atomically) and by the library API.
 */
import type { ConvertOptions, Finding } from '../model.js'
import { encodingFinding } from './encoding.js'
import { type Converter, isCandidate, SegmentProcessor } from './segment.js'
import { DocumentSplitter } from './splitter.js'

export interface BytesResult {
  output: Buffer
  changed: boolean
  findings: Finding[]
}

export function migrateBytes(input: Buffer, opts: ConvertOptions, path: string, converter: Converter): BytesResult {
  // UTF-16/32 and binary inputs are never converted (see encoding.ts): their bytes come back as they are.
  const refused = encodingFinding(input, path)
  if (refused) return { output: input, changed: false, findings: [refused] }
  // Most files in a repository never mention TrafficSplit: skip them without splitting.
  if (!isCandidate(input)) return { output: input, changed: false, findings: [] }
  const processor = new SegmentProcessor(opts, path, converter)
  const parts: Buffer[] = []
  const findings: Finding[] = []
  let changed = false
  for (const segment of DocumentSplitter.split(input)) {
    const r = processor.process(segment)
    parts.push(r.bytes)
    for (const f of r.findings) findings.push(f)
    if (r.edits.length > 0) changed = true
  }
  return { output: changed ? Buffer.concat(parts) : input, changed, findings }
}
