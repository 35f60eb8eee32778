/**
 * Reads the wrapper of a `kind: List` dump that the stream engine processed item by item
 * (src/pipeline/list.ts): the document's own keys with its items left out. Loaded lazily,
 * like the converter.
 */
import { isMap, isScalar } from 'yaml'
import { parseDocuments } from './documents.js'

export interface WrapperInfo {
  /** The wrapper is one valid YAML mapping (otherwise the whole document takes the general path). */
  valid: boolean
  /** Whether its kind makes locateSplits treat `items` as objects (`List` or any `*List`). */
  isList: boolean
}

export function inspectListWrapper(text: string): WrapperInfo {
  const docs = parseDocuments(text)
  const doc = docs[0]
  if (docs.length !== 1 || !doc || doc.error || !isMap(doc.doc.contents)) return { valid: false, isList: false }
  const kind = doc.doc.contents.get('kind', true)
  const value: unknown = isScalar(kind) ? kind.value : undefined
  // The same test locateSplits applies to a document's root.
  return { valid: true, isList: typeof value === 'string' && value.endsWith('List') }
}
