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

/** What names an item in a KRM result (`resourceRef`, `file`). */
export interface ItemRef {
  apiVersion?: string
  kind?: string
  name?: string
  namespace?: string
  /** `config.kubernetes.io/path`, else `internal.config.kubernetes.io/path`. */
  path?: string
  /** `config.kubernetes.io/index`, else `internal.config.kubernetes.io/index`. */
  index?: number
}

export interface ResourceListItem {
  start: number
  end: number
  ref: ItemRef
  node: Node
}

export interface ResourceList {
  items: ResourceListItem[]
  /** The functionConfig as plain data (undefined when absent or null). */
  functionConfig: unknown
  /** Where new `results` are written: `text` between `start` and `end` is replaced by them (an earlier `results`, or nothing). */
  results: { start: number; end: number; json: boolean; indent: string }
  /** Where the items end, and the text's length: a place after the items moves with what the conversion changes in them. */
  itemsEnd: number
  textLength: number
}

export type ResourceListRead = { list: ResourceList } | { error: { offset: number; message: string } }

const API_VERSION = 'config.kubernetes.io/v1'

/** Reads `text` as a ResourceList, or says where and why it is none. */
export function readResourceList(text: string): ResourceListRead {
  let root: Node | null | undefined = readBlockDocument(text)
  if (!root) {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false })
    const err = doc.errors[0]
    if (err) return { error: { offset: err.pos[0], message: err.message.split('\n')[0]! } }
    root = doc.contents
  }
  if (!isMap(root)) return { error: { offset: 0, message: `the input is not a ${API_VERSION} ResourceList (a mapping)` } }
  const apiVersion = stringAt(root, 'apiVersion')
  const kind = stringAt(root, 'kind')
  if (apiVersion !== API_VERSION || kind !== 'ResourceList')
    return {
      error: {
        offset: root.range?.[0] ?? 0,
        message: `the input is not a ${API_VERSION} ResourceList (apiVersion ${apiVersion ?? '(none)'}, kind ${kind ?? '(none)'})`,
      },
    }
  const itemsNode = root.get('items', true) as Node | undefined
  if (itemsNode !== undefined && !isSeq(itemsNode) && !(isScalar(itemsNode) && itemsNode.value === null))
    return { error: { offset: itemsNode.range?.[0] ?? 0, message: 'items is not a list' } }
  const items: ResourceListItem[] = []
  for (const item of isSeq(itemsNode) ? itemsNode.items : []) {
    if (!isMap(item)) return { error: { offset: (item as Node).range?.[0] ?? 0, message: 'an item is not a mapping' } }
    items.push({ start: item.range![0], end: item.range![1], ref: itemRef(item), node: item })
  }
  const fc = root.get('functionConfig', true) as Node | undefined
  return {
    list: {
      items,
      functionConfig: fc?.toJSON() ?? undefined,
      results: resultsPlace(root, text),
      itemsEnd: itemsNode?.range?.[1] ?? 0,
      textLength: text.length,
    },
  }
}

function stringAt(map: YAMLMap, key: string): string | undefined {
  const v = map.get(key, true) as Node | undefined
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined
}

function itemRef(item: YAMLMap): ItemRef {
  const metadata = item.get('metadata', true) as Node | undefined
  const meta = isMap(metadata) ? metadata : undefined
  const annotationsNode = meta?.get('annotations', true) as Node | undefined
  const annotations = isMap(annotationsNode) ? annotationsNode : undefined
  const annotation = (key: string) => (annotations ? stringAt(annotations, key) : undefined)
  const ref: ItemRef = {}
  const set = (k: 'apiVersion' | 'kind' | 'name' | 'namespace' | 'path', v: string | undefined) => {
    if (v !== undefined) ref[k] = v
  }
  set('apiVersion', stringAt(item, 'apiVersion'))
  set('kind', stringAt(item, 'kind'))
  set('name', meta && stringAt(meta, 'name'))
  set('namespace', meta && stringAt(meta, 'namespace'))
  set('path', annotation('config.kubernetes.io/path') ?? annotation('internal.config.kubernetes.io/path'))
  const index = annotation('config.kubernetes.io/index') ?? annotation('internal.config.kubernetes.io/index')
  if (index !== undefined && /^\d+$/.test(index)) ref.index = Number(index)
  return ref
}

/**
 * Where the function's `results` go: in place of an earlier `results` of a block mapping (a
 * function before this one may have left them), else at the end of the mapping, in its style.
 * A JSON (flow) ResourceList gets them before its closing brace.
 */
function resultsPlace(root: YAMLMap, text: string): ResourceList['results'] {
  const [start, end] = root.range!
  if (root.flow) {
    const close = text.lastIndexOf('}', end)
    const old = root.items.findIndex((p) => isScalar(p.key) && p.key.value === 'results')
    if (old >= 0) throw new ResultsInFlowError()
    return { start: close, end: close, json: true, indent: '' }
  }
  const lineStart = text.lastIndexOf('\n', start - 1) + 1
  const indent = text.slice(lineStart, start)
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

/** A JSON ResourceList that carries results already: not rewritten (its commas are not ours to move). */
export class ResultsInFlowError extends Error {
  constructor() {
    super('a JSON ResourceList given with results is not rewritten: remove them')
  }
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
