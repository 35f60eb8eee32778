/**
 * A KRM function's input: one `config.kubernetes.io/v1` `ResourceList` (YAML or JSON), read
 * for what `smi-migrate krm` needs besides the conversion itself (which the pipeline makes on
 * the same bytes): where each item stands, what names it (its resourceRef and the
 * `config.kubernetes.io/path`/`index` annotations a KRM result's `file` takes), the
 * `functionConfig` as data, and where `results` go. The wrapper's schema is the KRM functions
 * specification's (kubernetes-sigs/kustomize cmd/config/docs/api-conventions/functions-spec.md,
 * at 12f9e6391464b3ad9dd3fe8182049dc1b1772990).
 */
import { isMap, isPair, isScalar, isSeq, type Node, parseDocument, type YAMLMap } from 'yaml'
import { readBlockDocument } from './fast/reader.js'
import { type ItemSpan, type ItemView, itemRef, LineStarts, scanResourceList, stringAt } from './resource-list-items.js'

export type { ItemRef, ItemSpan, ItemView } from './resource-list-items.js'
export { LineStarts, ScanDeclined } from './resource-list-items.js'

export interface ResourceList {
  items: ItemSpan[]
  /** The item at `index` of `items`, read (an item of a scanned list is parsed on its own only when asked for). */
  item(index: number, covering: number): ItemView
  /** The functionConfig as plain data (undefined when absent or null). */
  functionConfig: unknown
  /**
   * Where new `results` are written: `text` between `start` and `end` is replaced by them (an
   * earlier `results`, or nothing). `pair`: in a flow mapping, an earlier `results` key and value.
   */
  results: { start: number; end: number; json: boolean; indent: string; pair?: boolean }
  /** Where the items end, and the text's length: a place after the items moves with what the conversion changes in them. */
  itemsEnd: number
  textLength: number
}

export type ResourceListRead = { list: ResourceList } | { error: { offset: number; message: string } }

/** Reads `text` as a ResourceList, or says where and why it is none. */
export function readResourceList(text: string): ResourceListRead {
  return readScanned(text) ?? readWhole(text)
}

/** A ResourceList in kustomize's and kpt's layout: its wrapper parsed, its items found by their dashes (resource-list-items.ts). */
function readScanned(text: string): ResourceListRead | undefined {
  const scanned = scanResourceList(text)
  if (!scanned) return undefined
  const doc = parseDocument(scanned.wrapper, { uniqueKeys: true, prettyErrors: false })
  const root = doc.contents
  if (doc.errors.length || !isMap(root) || root.has('items')) return undefined
  const headLength = scanned.wrapper.length - (text.length - scanned.tailStart)
  const place = resultsPlace(root, scanned.wrapper)
  const moved = (offset: number) => (offset >= headLength ? scanned.tailStart + offset - headLength : offset)
  const fc = root.get('functionConfig', true) as Node | undefined
  return {
    list: {
      items: scanned.items,
      item: scanned.item,
      functionConfig: fc?.toJSON() ?? undefined,
      results: { ...place, start: moved(place.start), end: moved(place.end) },
      itemsEnd: scanned.tailStart,
      textLength: text.length,
    },
  }
}

/** The whole-document reader alone: for any layout, and when an item of a scanned list does not read alone. */
export function readWhole(text: string): ResourceListRead {
  let root: Node | null | undefined = readBlockDocument(text)
  if (!root) {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false })
    const err = doc.errors[0]
    if (err) return { error: { offset: err.pos[0], message: err.message.split('\n')[0]! } }
    root = doc.contents
  }
  if (!isMap(root)) return { error: { offset: 0, message: 'the input is not a ResourceList or List (a mapping)' } }
  // kyaml's reader takes a single ResourceList or List with items or a functionConfig, whatever its
  // apiVersion (kyaml/kio/byteio_reader.go, kubernetes-sigs/kustomize at
  // 12f9e6391464b3ad9dd3fe8182049dc1b1772990); the functions specification asks a function to
  // take a List as well. Either is written back in its own form.
  const apiVersion = stringAt(root, 'apiVersion')
  const kind = stringAt(root, 'kind')
  if ((kind !== 'ResourceList' && kind !== 'List') || !(root.has('items') || root.has('functionConfig')))
    return {
      error: {
        offset: root.range?.[0] ?? 0,
        message: `the input is not a ResourceList or List with items (apiVersion ${apiVersion ?? '(none)'}, kind ${kind ?? '(none)'})`,
      },
    }
  const itemsNode = root.get('items', true) as Node | undefined
  if (itemsNode !== undefined && !isSeq(itemsNode) && !isNull(itemsNode))
    return { error: { offset: itemsNode.range?.[0] ?? 0, message: 'items is not a list' } }
  const nodes: YAMLMap[] = []
  for (const item of isSeq(itemsNode) ? itemsNode.items : []) {
    if (!isMap(item)) return { error: { offset: (item as Node).range?.[0] ?? 0, message: 'an item is not a mapping' } }
    nodes.push(item)
  }
  const lines = new LineStarts(text)
  const fc = root.get('functionConfig', true) as Node | undefined
  return {
    list: {
      items: nodes.map((n) => ({ start: n.range![0], end: n.range![1], line: lines.lineOf(n.range![0]) })),
      item: (i) => ({ ref: itemRef(nodes[i]!), node: nodes[i]!, base: 0 }),
      functionConfig: fc?.toJSON() ?? undefined,
      results: resultsPlace(root, text),
      itemsEnd: itemsNode?.range?.[1] ?? 0,
      textLength: text.length,
    },
  }
}

/** A YAML null (`items: null`, `~` or nothing): no items, as kyaml reads it. */
function isNull(node: Node): boolean {
  if (!isScalar(node)) return false
  return node.value === null || (node.type === 'PLAIN' && ['null', 'Null', 'NULL', '~', ''].includes(String(node.value)))
}

/**
 * Where the function's `results` go: in place of an earlier `results` of a block mapping (a
 * function before this one may have left them), else at the end of the mapping, in its style.
 * A JSON (flow) ResourceList gets them in place of its earlier `results` pair, else before its
 * closing brace.
 */
function resultsPlace(root: YAMLMap, text: string): ResourceList['results'] {
  const [start, end] = root.range!
  if (root.flow) {
    const old = root.items.find((p) => isScalar(p.key) && p.key.value === 'results')
    // An earlier results pair is replaced where it stands: the commas around it stay as they are.
    const from = (old?.key as Node | undefined)?.range?.[0]
    const to = (old?.value as Node | null | undefined)?.range?.[1]
    if (from !== undefined && to !== undefined) return { start: from, end: to, json: true, indent: '', pair: true }
    const close = text.lastIndexOf('}', end)
    return { start: close, end: close, json: true, indent: '' }
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1
  // Spaces only: a byte order mark before the mapping is not indentation.
  const indent = text.slice(lineStart, start).replace(/[^ \t]/g, '')
  const at = root.items.findIndex((p) => isPair(p) && isScalar(p.key) && p.key.value === 'results')
  if (at >= 0) {
    const key = root.items[at]!.key as Node
    const from = key.range![0] - indent.length
    const next = root.items[at + 1]?.key as Node | undefined
    const to = next ? next.range![0] - indent.length : end
    return { start: from, end: to, json: false, indent }
  }
  return { start: end, end, json: false, indent }
}

/**
 * The field a finding at `offset` points at, inside `item`: `spec.backends[1].weight`, as a
 * KRM result's `field.path` names it; undefined at the item itself.
 */
export function fieldPath(item: Node, offset: number): string | undefined {
  const parts: string[] = []
  let node: Node | undefined = item
  for (;;) {
    let next: Node | undefined
    if (isMap(node)) {
      for (const p of node.items) {
        const key = p.key as Node | null
        const value = p.value as Node | null
        const from = key?.range?.[0] ?? value?.range?.[0]
        const to = value?.range?.[1] ?? key?.range?.[1]
        if (from === undefined || to === undefined || offset < from || offset >= to) continue
        parts.push(`${parts.length ? '.' : ''}${String(isScalar(key) ? key.value : '?')}`)
        next = value ?? undefined
        break
      }
    } else if (isSeq(node)) {
      const i = node.items.findIndex((n) => {
        const r = (n as Node | null)?.range
        return r != null && offset >= r[0] && offset < r[1]
      })
      if (i >= 0) {
        parts.push(`[${i}]`)
        next = node.items[i] as Node
      }
    }
    if (!next) break
    node = next
  }
  return parts.length ? parts.join('') : undefined
}
