/**
 * Stream mode: bytes in, converted bytes out, as they arrive. Each input chunk is split,
 * its complete segments processed and written in one write; the YAML parser is loaded only
 * when the first candidate segment shows up. Memory is bounded by the largest segment.
 * A UTF-16/32 stream (recognised on its first four bytes) is copied through unchanged
 * while it is searched for TrafficSplit in its own encoding (see encoding.ts).
 */
import { once } from 'node:events'
import type { Readable, Writable } from 'node:stream'
import type { ConvertOptions, Finding } from '../model.js'
import { binaryFinding, sniffWide, WideScanner, wideFinding } from './encoding.js'
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

  const report = (f: Finding) => {
    summary.findings.push(f)
    onFinding(f)
  }

  const emit = async (segments: Buffer[]) => {
    if (segments.length === 0) return
    const out: Buffer[] = []
    for (const segment of segments) {
      if (!processor.converter && isCandidate(segment)) processor.converter = await loadConverter()
      const r = processor.process(segment)
      out.push(r.bytes)
      if (r.edits.length > 0) summary.changed = true
      for (const f of r.findings) report(f)
    }
    if (!output.write(out.length === 1 ? out[0]! : Buffer.concat(out))) await once(output, 'drain')
  }

  let head: Buffer | undefined = Buffer.alloc(0)
  let wide: WideScanner | undefined
  for await (const data of input) {
    let chunk = data as Buffer
    if (head) {
      // Four bytes decide the encoding; hold back a shorter start until they are here.
      head = Buffer.concat([head, chunk])
      if (head.length < 4) continue
      chunk = head
      head = undefined
      const enc = sniffWide(chunk)
      if (enc) wide = new WideScanner(enc)
    }
    if (wide) {
      wide.push(chunk)
      if (!output.write(chunk)) await once(output, 'drain')
    } else {
      await emit(splitter.push(chunk))
    }
  }
  if (head) {
    const enc = sniffWide(head)
    if (enc) {
      wide = new WideScanner(enc)
      wide.push(head)
      if (head.length) output.write(head)
    } else {
      await emit(splitter.push(head))
    }
  }
  if (wide) {
    if (wide.aligned) report(wideFinding(wide, path))
    // NULs in the first bytes but an odd length: not UTF-16/32 after all, so binary (the
    // NUL that decided it is on the first line).
    else report(binaryFinding(Buffer.alloc(1), 0, Boolean(wide.found), path))
    return summary
  }
  await emit(splitter.end())
  return summary
}
