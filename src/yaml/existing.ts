/**
 * Objects already in a document, found by kind, namespace and name, and replaced by new
 * objects in their place (the edit shape of edit/documents.ts): a top-level object becomes
 * the new object's document, a List item the new item, with the same dash. What a target
 * writes anew in place of an object it wrote in an earlier run (`--to gateway
 * --keep-trafficsplit`: a route whose TrafficSplit has changed since). Every other byte stays.
 */
import { isMap, isScalar, isSeq, type YAMLMap } from 'yaml'
import type { Edit } from '../model.js'
import { replaceObject } from '../edit/documents.js'
import type { PlainValue } from '../edit/emit.js'
import { parseDocuments } from './documents.js'
import { mapLayout } from './layout.js'
import { listReading } from './nodes.js'

/** An object to replace: the last object of that kind, namespace and name in the text. */
export interface Wanted {
  kind: string
  namespace?: string
  name: string
  object: { [key: string]: PlainValue }
}

/** Where the object was and the edit that replaces it, or why it cannot be replaced; undefined: not in the text. */
export type Rewritten = { edit: Edit; offset: number } | { refused: string; offset: number } | undefined

/** For each wanted object, in order: its replacement in `text` (one document or a List dump, as kubectl cuts a stream). */
export function replaceExisting(text: string, wanted: readonly Wanted[]): Rewritten[] {
  const found = new Map<Wanted, { map: YAMLMap; item: boolean }>()
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue
    const root = parsed.doc.contents
    if (!isMap(root)) continue
    const items = root.get('items', true)
    const reading = listReading(root.has('items'), scalar(root, 'kind'))
    const list = reading !== 'object'
    const maps = !list ? [root] : reading === 'list' && isSeq(items) ? items.items.filter(isMap) : []
    for (const map of maps) {
      const w = wanted.find((x) => matches(map, x))
      // The last of the text, as kubectl applies a file's objects in order.
      if (w) found.set(w, { map, item: list })
    }
  }
  return wanted.map((w) => {
    const at = found.get(w)
    if (!at) return undefined
    const [offset, end] = at.map.range ?? [0, 0]
    // A Helm action in it would be written over: the object is not ours to rewrite.
    if (text.slice(offset, end).includes('{{')) return { refused: 'holds a template action', offset }
    const placed = replaceObject(text, mapLayout(at.map, text), at.item, [w.object], false)
    return 'refused' in placed ? { refused: placed.refused, offset } : { edit: placed.edit, offset }
  })
}

function matches(map: YAMLMap, w: Wanted): boolean {
  if (scalar(map, 'kind') !== w.kind) return false
  const meta = map.get('metadata', true)
  if (!isMap(meta)) return false
  return scalar(meta, 'name') === w.name && (scalar(meta, 'namespace') ?? undefined) === w.namespace
}

function scalar(map: YAMLMap, key: string): string | undefined {
  const v = map.get(key, true)
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined
}
