/**
 * Reads the wrapper of a `kind: List` dump that the stream engine processed item by item
 * (src/pipeline/list.ts): the document's own keys with its items left out. Loaded lazily,
 * like the converter.
 */
import { isMap, isScalar } from 'yaml'
import { listReading, mergeKey } from './nodes.js'
import { parseDocuments } from './documents.js'

export interface WrapperInfo {
  /** The wrapper is one valid YAML mapping (otherwise the whole document takes the general path). */
  valid: boolean
  /** Whether kubectl reads it as a List, its `items` as objects (yaml/nodes.ts listReading). */
  isList: boolean
}

export function inspectListWrapper(text: string): WrapperInfo {
  const docs = parseDocuments(text)
  const doc = docs[0]
  if (docs.length !== 1 || !doc || doc.error || !isMap(doc.doc.contents)) return { valid: false, isList: false }
  const root = doc.doc.contents
  // The same test the locator applies to a document's root (kubectl's: an `items` key).
  const kind = root.get('kind', true)
  // A kind through an alias or a merge key: the general path reads it as kubectl does.
  if (mergeKey(root) || (kind !== undefined && !isScalar(kind))) return { valid: false, isList: false }
  return { valid: true, isList: listReading(root.has('items'), isScalar(kind) ? kind.value : undefined) === 'list' }
}
