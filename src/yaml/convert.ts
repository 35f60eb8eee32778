/**
 * Converts the TrafficSplits of one decoded segment: parse, locate, plan. Returns edits
 * against `text` and findings; never re-serialises anything. This module (and the `yaml`
 * package behind it) is loaded only when a segment is a candidate.
 */
import type { ConvertOptions, Edit, Finding } from '../model.js'
import { planSplits } from '../convert/plan.js'
import { parseDocuments } from './documents.js'
import { locateSplits } from './locate.js'

export interface SegmentConversion {
  edits: Edit[]
  findings: Finding[]
}

export function convertSegment(text: string, opts: ConvertOptions): SegmentConversion {
  const result: SegmentConversion = { edits: [], findings: [] }
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) {
      // Only a document that mentions TrafficSplit is our business; any other broken
      // document passes through untouched, as it would had the pre-filter skipped it.
      if (text.slice(parsed.start, parsed.end).includes('TrafficSplit')) {
        result.findings.push({ severity: 'error', code: 'invalid-yaml', offset: parsed.error.offset,
          message: `invalid YAML in a document that mentions TrafficSplit: ${parsed.error.message}` })
      }
      continue
    }
    const located = locateSplits(parsed.doc, text, opts)
    const plan = planSplits(located.splits, opts.to)
    result.findings.push(...located.notices, ...plan.findings)
    result.edits.push(...plan.edits)
    if (plan.edits.length > 0 && located.listStrip) result.edits.push(...located.listStrip)
  }
  return result
}
