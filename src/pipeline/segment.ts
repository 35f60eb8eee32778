/**
 * Processes one segment of the splitter's output: non-candidates pass through as the very
 * same bytes; candidates are decoded, converted and re-encoded with only the edited scalars
 * changed. Keeps the running line number so findings carry `line:column` in the input.
 */
import { isUtf8 } from 'node:buffer'
import type { Edit, Finding, Target } from '../model.js'
import type { SegmentConversion } from '../yaml/convert.js'
import { splice } from '../edit/splice.js'

export type Converter = (text: string, to: Target) => SegmentConversion

/** The pre-filter: a document that never spells TrafficSplit cannot hold one. */
const NEEDLE = Buffer.from('TrafficSplit')

export function isCandidate(segment: Buffer): boolean {
  return segment.indexOf(NEEDLE) >= 0
}

/** Loads the YAML-parsing half of the pipeline on first use (keeps start-up fast). */
export async function loadConverter(): Promise<Converter> {
  return (await import('../yaml/convert.js')).convertSegment
}

export interface SegmentResult {
  bytes: Buffer
  findings: Finding[]
  edits: Edit[]
}

export class SegmentProcessor {
  /** 1-based line number at which the next segment starts. */
  private line = 1
  converter: Converter | undefined

  constructor(private readonly to: Target, private readonly path: string, converter?: Converter) {
    this.converter = converter
  }

  process(segment: Buffer): SegmentResult {
    const line = this.line
    this.line += countNewlines(segment)
    if (!isCandidate(segment)) return { bytes: segment, findings: [], edits: [] }
    if (!isUtf8(segment)) {
      return { bytes: segment, edits: [], findings: [this.locate({ severity: 'error', code: 'not-utf8', offset: 0,
        message: 'a document that mentions TrafficSplit is not valid UTF-8; left unchanged' }, '', line)] }
    }
    if (!this.converter) throw new Error('internal error: converter not loaded for a candidate segment')
    const text = segment.toString('utf8')
    const { edits, findings } = this.converter(text, this.to)
    const located = findings.map((f) => this.locate(f, text, line))
    if (edits.length === 0) return { bytes: segment, findings: located, edits }
    return { bytes: Buffer.from(splice(text, edits), 'utf8'), findings: located, edits }
  }

  private locate(f: Finding, text: string, baseLine: number): Finding {
    // An error "at the end of input" is shown on the last line rather than past it.
    const offset = Math.max(0, Math.min(f.offset, text.length - 1))
    const before = text.slice(0, offset)
    const lastNl = before.lastIndexOf('\n')
    let nl = 0
    for (let i = before.indexOf('\n'); i >= 0; i = before.indexOf('\n', i + 1)) nl++
    // A byte order mark is not a column anyone can see.
    const bom = lastNl < 0 && baseLine === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0
    return { ...f, path: this.path, line: baseLine + nl, column: offset - lastNl - bom }
  }
}

export function countNewlines(b: Buffer): number {
  let n = 0
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++
  return n
}
