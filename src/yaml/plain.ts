/**
 * The objects of a text as plain data: every top-level mapping, or the items of a List
 * (a mapping with `items`, as kubectl reads it: nodes.ts listReading), Helm actions masked first. A document that does not parse
 * gives nothing. For readers that need values, not source spans (`--to gateway` reads
 * Services and route groups this way, gateway/facts.ts).
 */
import { parseDocuments } from './documents.js'
import { maskTemplate } from './template.js'
import { listReading } from './nodes.js'

export function plainObjects(text: string): Array<Record<string, unknown>> {
  const source = maskTemplate(text)?.text ?? text
  const out: Array<Record<string, unknown>> = []
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue
    // Aliases resolved as kubectl resolves them (merge keys aside: the failsafe schema keeps `<<` a key).
    let data: unknown
    try {
      data = parsed.doc.toJS({ maxAliasCount: 1000 })
    } catch {
      continue // an alias bomb: nothing to read
    }
    if (!isRecord(data)) continue
    const reading = listReading('items' in data, data.kind)
    const items = reading === 'object' ? [data] : reading === 'list' && Array.isArray(data.items) ? data.items : []
    for (const item of items) if (isRecord(item)) out.push(item)
  }
  return out
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}
