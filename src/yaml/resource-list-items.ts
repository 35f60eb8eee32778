/**
 * A ResourceList in the layout kustomize and kpt print it (`apiVersion:
 * config.kubernetes.io/v1`, `kind: ResourceList`, `items:` at column 0, each item a `- ` line
 * at column 0), read without parsing its items: only the wrapper (its own keys, the items left
 * out) is parsed, and an item is parsed on its own, its dash given as a space, only when a
 * finding asks what names it. A 10,000-item list is then not held as one tree beside the one
 * the conversion makes (pipeline/list.ts takes the same layout item by item). Anything else,
 * or an item that does not read alone as one mapping, is left to the whole-document reader
 * (resource-list.ts): `undefined`, or ScanDeclined thrown from `item()`.
 */
import { isMap, isScalar, type Node, parseDocument, type YAMLMap } from 'yaml'
import { readBlockDocument } from './fast/reader.js'

const HEAD = 'apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n'

/** What names an item in a KRM result (`resourceRef`, `file`). */
export interface ItemRef {
  apiVersion?: string
  kind?: string
  name?: string
  namespace?: string
  /** `internal.config.kubernetes.io/path`, else `config.kubernetes.io/path` (kyaml's order). */
  path?: string
  /** `internal.config.kubernetes.io/index`, else `config.kubernetes.io/index` (kyaml's order). */
  index?: number
}

/** Where an item stands: its source range (from its dash, or its first key) and the 1-based line it starts on. */
export interface ItemSpan {
  start: number
  end: number
  line: number
}

/** An item read: what names it, and its node, whose ranges are offsets from `base` in the input. */
export interface ItemView {
  ref: ItemRef
  node: Node
  base: number
}

export class ScanDeclined extends Error {}

/** The 1-based line of an offset, by binary search over the offsets where lines start. */
export class LineStarts {
  private readonly starts: number[] = [0]
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1)
  }
  lineOf(offset: number): number {
    let lo = 0
    let hi = this.starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (this.starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
  /** The offset of 1-based `line`'s column `column` (1-based, UTF-16 units). */
  offsetOf(line: number, column: number): number {
    return (this.starts[line - 1] ?? 0) + Math.max(0, column - 1)
  }
}

export interface Scanned {
  items: ItemSpan[]
  /** The wrapper's text (head and tail, the items left out) and where its tail starts in the input. */
  wrapper: string
  tailStart: number
  item: (index: number, covering: number) => ItemView
}

/** The items of `text` if it is laid out as kustomize and kpt print a ResourceList; undefined otherwise. */
export function scanResourceList(text: string): Scanned | undefined {
  if (!text.startsWith(HEAD) || text.includes('\r')) return undefined
  const items: ItemSpan[] = []
  let line = 4
  let at = HEAD.length
  let tailStart = text.length
  for (;;) {
    if (at >= text.length) break
    const c = text.charCodeAt(at)
    // A line at column 0: an item's dash, or the first of the wrapper's tail (comments and blank lines belong to the item above).
    if (c === 0x2d && (text[at + 1] === ' ' || text[at + 1] === '\n')) {
      const last = items[items.length - 1]
      if (last) last.end = at
      items.push({ start: at, end: text.length, line })
    } else if (c === 0x20 && items.length === 0 && !/^ *(#|$)/.test(text.slice(at, text.indexOf('\n', at) >>> 0))) {
      // Items indented under `items:` (`  - …`): not this layout; the whole-document reader takes them.
      return undefined
    } else if (c !== 0x20 && c !== 0x0a && c !== 0x23) {
      tailStart = at
      break
    }
    const nl = text.indexOf('\n', at)
    if (nl < 0) break
    at = nl + 1
    line++
  }
  const last = items[items.length - 1]
  if (last) last.end = Math.min(last.end, tailStart)
  return {
    items,
    wrapper: HEAD.slice(0, -'items:\n'.length) + text.slice(tailStart),
    tailStart,
    item: (i, covering) => readItem(text, items[i]!, covering),
  }
}

/**
 * An item parsed on its own, its dash given as a space (it keeps its columns). Only its head
 * (apiVersion, kind and metadata, where kustomize and kpt print them first) is parsed when the
 * offset `covering` lies in it: a key at the item's own column ends the entries before it, so
 * the head parses as they do in the whole item.
 */
function readItem(text: string, span: ItemSpan, covering: number): ItemView {
  const end = Math.max(headEnd(text, span), Math.min(span.end, covering + 1))
  const alone = ' ' + text.slice(span.start + 1, end === span.end || covering >= end ? span.end : end)
  let root: Node | null | undefined = readBlockDocument(alone)
  if (!root) {
    const doc = parseDocument(alone, { uniqueKeys: true, prettyErrors: false })
    if (doc.errors.length) throw new ScanDeclined()
    root = doc.contents
  }
  if (!isMap(root)) throw new ScanDeclined()
  return { ref: itemRef(root), node: root, base: span.start }
}

export function stringAt(map: YAMLMap, key: string): string | undefined {
  const v = map.get(key, true) as Node | undefined
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined
}

export function itemRef(item: YAMLMap): ItemRef {
  const metadata = item.get('metadata', true) as Node | undefined
  const meta = isMap(metadata) ? metadata : undefined
  const annotationsNode = meta?.get('annotations', true) as Node | undefined
  const annotations = isMap(annotationsNode) ? annotationsNode : undefined
  // Annotations are strings to Kubernetes: a plain `2` is the text "2", as kyaml reads it.
  const annotation = (key: string) => {
    const v = annotations?.get(key, true) as Node | undefined
    return isScalar(v) && (typeof v.value === 'string' || typeof v.value === 'number') ? String(v.source ?? v.value) : undefined
  }
  const ref: ItemRef = {}
  const set = (k: 'apiVersion' | 'kind' | 'name' | 'namespace' | 'path', v: string | undefined) => {
    if (v !== undefined) ref[k] = v
  }
  set('apiVersion', stringAt(item, 'apiVersion'))
  set('kind', stringAt(item, 'kind'))
  set('name', meta && stringAt(meta, 'name'))
  set('namespace', meta && stringAt(meta, 'namespace'))
  // kyaml's kioutil.GetFileAnnotations reads the internal annotation first, the legacy one failing it.
  set('path', annotation('internal.config.kubernetes.io/path') ?? annotation('config.kubernetes.io/path'))
  const index = annotation('internal.config.kubernetes.io/index') ?? annotation('config.kubernetes.io/index')
  if (index !== undefined && /^\d+$/.test(index)) ref.index = Number(index)
  return ref
}

/** Where the item's head ends: the first other key at its own column once apiVersion, kind and metadata are read (else its end). */
function headEnd(text: string, span: ItemSpan): number {
  let seen = 0
  for (let at = span.start; at >= 0 && at < span.end; at = text.indexOf('\n', at) + 1 || -1) {
    const first = at === span.start
    if (!first && (text.charCodeAt(at) !== 0x20 || text.charCodeAt(at + 1) !== 0x20 || text.charCodeAt(at + 2) === 0x20)) continue
    // Compared in place: a slice a line cost more than the compare (a result is made per item).
    const key = HEAD_KEYS.findIndex((k) => text.startsWith(k, at + 2) && text.charCodeAt(at + 2 + k.length) === 0x3a)
    if (key >= 0) seen |= 1 << key
    else if (!first) return seen === 0b111 ? at : span.end
  }
  return span.end
}

const HEAD_KEYS: readonly string[] = ['apiVersion', 'kind', 'metadata']
