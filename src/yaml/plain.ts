/**
 * The objects of a text as plain data: every top-level mapping, or the items of a List
 * (a mapping with `items`, as kubectl reads it: nodes.ts listReading), Helm actions masked first. A document that does not parse
 * gives nothing. For readers that need values, not source spans (`--to gateway` reads
 * Services and route groups this way, gateway/facts.ts).
 */
import { type Document, isMap, isScalar, isSeq, type YAMLMap } from 'yaml'
import { parseDocuments } from './documents.js'
import { type Action, maskTemplate } from './template.js'
import { kubectlData, listReading, plainNamespace, withKubectlNamespace } from './nodes.js'
import { AliasIndex } from './aliases.js'

export function plainObjects(text: string): Array<Record<string, unknown>> {
  return plainObjectNodes(text).objects.map((o) => o.object)
}

/** An object of `plainObjects` with its node, for readers that ask more of it (a suppression, a template action). */
export interface PlainObject {
  object: Record<string, unknown>
  /** Its mapping, when it is one (a List item read through an alias is none). */
  node?: YAMLMap
  doc: Document.Parsed
  /** The List it is an item of: its mapping and every item's. */
  list?: { root: YAMLMap; items: YAMLMap[] }
}

/** The objects of `text` as `plainObjects` reads them, each with its node; `actions`: the Helm actions masked. */
export function plainObjectNodes(text: string): { objects: PlainObject[]; actions: readonly Action[] } {
  const masked = maskTemplate(text)
  const source = masked?.text ?? text
  const objects: PlainObject[] = []
  const merges = source.includes('<<')
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue
    // Aliases resolved as kubectl resolves them; merge keys applied as it applies them (kubectlData),
    // which toJS with the failsafe schema does not do (it keeps `<<` a key).
    let data: unknown
    const aliases = new AliasIndex(parsed.doc, source)
    try {
      data = merges ? kubectlData(parsed.doc.contents, aliases.derefer) : parsed.doc.toJS({ maxAliasCount: 1000 })
    } catch {
      continue // an alias bomb: nothing to read
    }
    if (!isRecord(data)) continue
    const reading = listReading('items' in data, data.kind)
    const root = parsed.doc.contents
    if (reading === 'object') {
      withKubectlNamespace(data, root, aliases.derefer)
      objects.push({ object: data, doc: parsed.doc, ...(isMap(root) ? { node: root } : {}) })
      continue
    }
    if (reading !== 'list' || !Array.isArray(data.items)) continue
    const seq = isMap(root) ? root.get('items', true) : undefined
    const nodes = isSeq(seq) ? seq.items : []
    const list = isMap(root) ? { root, items: nodes.filter(isMap) } : undefined
    for (const [i, item] of data.items.entries()) {
      if (!isRecord(item)) continue
      const node = nodes[i]
      withKubectlNamespace(item, node, aliases.derefer)
      objects.push({ object: item, doc: parsed.doc, ...(isMap(node) ? { node } : {}), ...(list ? { list } : {}) })
    }
  }
  return { objects, actions: masked?.actions ?? [] }
}

/**
 * The object's `metadata.name` as `text` spells it, when a template action writes part of it
 * (the plain data reads it masked, `xxxxxxxxxxxxxxxxxxx-split` for `{{ .Release.Name }}-split`):
 * for a person to recognise; undefined when no action is in it.
 */
export function nameAsWritten(text: string, node: YAMLMap | undefined): string | undefined {
  const meta = node?.get('metadata', true)
  const name = isMap(meta) ? meta.get('name', true) : undefined
  if (!isScalar(name) || !name.range) return undefined
  const [start, end] = name.range
  const raw = text.slice(start, end)
  if (!raw.includes('{{')) return undefined
  // The masked text keeps every offset, so the span is the scalar's source, quotes and all.
  return /^["']/.test(raw) && raw.endsWith(raw[0]!) ? raw.slice(1, -1) : raw
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/** A document of a text that does not parse: where, why, its text, and its name and namespace where the parser's partial reading has them. */
export interface UnreadDocument {
  offset: number
  message: string
  text: string
  name?: string
  namespace?: string
  /** The parser's partial reading of the document, when it gives a mapping. */
  data?: Record<string, unknown>
}

/** The documents of `text` that do not parse (Helm actions masked first), each with what a partial reading gives of its metadata. */
export function unreadDocuments(text: string): UnreadDocument[] {
  const masked = maskTemplate(text)
  const source = masked?.text ?? text
  const docs = parseDocuments(source)
  const out: UnreadDocument[] = []
  for (const [i, parsed] of docs.entries()) {
    if (!parsed.error) continue
    // The parser may end a broken document early: its text runs to the next document.
    const end = Math.max(parsed.end, docs[i + 1]?.start ?? text.length)
    const found: UnreadDocument = { offset: parsed.error.offset, message: parsed.error.message, text: text.slice(parsed.start, end) }
    let data: unknown
    try {
      data = parsed.doc.toJS({ maxAliasCount: 1000 })
    } catch {
      data = undefined
    }
    if (isRecord(data)) {
      withKubectlNamespace(data, parsed.doc.contents, new AliasIndex(parsed.doc, source).derefer)
      found.data = data
    }
    const meta = isRecord(data) && isRecord(data.metadata) ? data.metadata : undefined
    if (typeof meta?.name === 'string') found.name = meta.name
    const ns = plainNamespace(meta)
    if (ns !== undefined) found.namespace = ns
    out.push(found)
  }
  return out
}

const ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|\r?\n[ \t]*)/g

/**
 * Whether `text` spells `word`, literally or with the escapes of a double-quoted scalar (`\x53`,
 * `\u0053`, `\U00000053`, an escaped line break, which joins the lines without a space).
 */
export function spells(text: string, word: string): boolean {
  if (text.includes(word)) return true
  if (!text.includes('\\')) return false
  return text
    .replace(ESCAPE, (_m, x?: string, u?: string, U?: string) => {
      const hex = x ?? u ?? U
      return hex === undefined ? '' : String.fromCodePoint(parseInt(hex, 16))
    })
    .includes(word)
}
