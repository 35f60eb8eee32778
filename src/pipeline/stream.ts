/**
 * Stream mode: bytes in, converted bytes out, as they arrive. Each input chunk is split,
 * its complete segments processed and written in one write; the YAML parser is loaded only
 * when the first candidate segment shows up. Memory is bounded by the largest segment.
 */
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import type { ConvertOptions, Finding } from '../model.js'
import { isCandidate, loadConverter, SegmentProcessor } from './segment.js'
import { DocumentSplitter } from './splitter.js'

export interface StreamSummary {
  findings: Finding[]
  changed: boolean
}

export async function migrateStream(input: Readable, output: Writable, opts: ConvertOptions, path: string,
  onFinding: (f: Finding) => void = () => {}): Promise<StreamSummary> {
  const splitter = new DocumentSplitter()
  const processor = new SegmentProcessor(opts, path)
  const summary: StreamSummary = { findings: [], changed: false }

  const emit = async (segments: Buffer[]) => {
    if (segments.length === 0) return
    const out: Buffer[] = []
    for (const segment of segments) {
      if (!processor.converter && isCandidate(segment)) processor.converter = await loadConverter()
      const r = processor.process(segment)
      out.push(r.bytes)
      if (r.edits.length > 0) summary.changed = true
      for (const f of r.findings) {
        summary.findings.push(f)
        onFinding(f)
      }
    }
    if (!output.write(out.length === 1 ? out[0]! : Buffer.concat(out))) await once(output, 'drain')
  }

  for await (const chunk of input) await emit(splitter.push(chunk as Buffer))
  await emit(splitter.end())
  return summary
}
