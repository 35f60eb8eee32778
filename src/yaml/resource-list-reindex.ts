/**
 * Objects a conversion adds to a ResourceList (`to: gateway` makes one HTTPRoute per port of a
 * split, each with the split's annotations) would share the split's file path and index, and
 * kpt refuses two items at one path and index ("resource at path … and index … already exists").
 * An item is a document of its file and its index is the document's position there
 * (kyaml/kio/kioutil/kioutil.go, kubernetes-sigs/kustomize at
 * 12f9e6391464b3ad9dd3fe8182049dc1b1772990), so each added object keeps the path and gets the
 * next index after the largest any item has in that path, in every spelling of the index
 * annotation it carries (the internal and the legacy one agree, as kyaml's reconciliation of
 * the two asks). The first object at a path and index stays where the split stood.
 */
import { isMap, isScalar, type Node, type YAMLMap } from 'yaml'
import { readResourceList, readWhole, type ResourceList, ScanDeclined } from './resource-list.js'

const INDEX_KEYS = ['internal.config.kubernetes.io/index', 'config.kubernetes.io/index'] as const

interface Placed {
  path: string
  index: number
  /** The index annotations' value nodes, with the offset their ranges count from. */
  values: Node[]
  base: number
}

/** `output` with a fresh index on every item that repeats an earlier item's path and index where `input` had no such repeat. */
export function reindexAdded(output: Buffer, input: string): Buffer {
  const text = output.toString('utf8')
  const after = placedItems(text)
  const before = placedItems(input)
  if (!after || !before) return output
  const key = (p: Placed) => `${p.index}\0${p.path}`
  const given = new Map<string, number>()
  for (const p of before) if (p) given.set(key(p), (given.get(key(p)) ?? 0) + 1)
  const largest = new Map<string, number>()
  for (const p of after) if (p) largest.set(p.path, Math.max(largest.get(p.path) ?? -1, p.index))
  const seen = new Set<string>()
  const edits: Array<{ start: number; end: number; text: string }> = []
  for (const p of after) {
    if (!p) continue
    const k = key(p)
    if (!seen.has(k) || (given.get(k) ?? 0) > 1) {
      seen.add(k)
      continue
    }
    const fresh = largest.get(p.path)! + 1
    largest.set(p.path, fresh)
    for (const v of p.values) {
      const [start, end] = [p.base + v.range![0], p.base + v.range![1]]
      // The value's own quoting stays: only its digits change.
      edits.push({ start, end, text: text.slice(start, end).replace(/\d+/, String(fresh)) })
    }
  }
  if (edits.length === 0) return output
  let out = ''
  let at = 0
  for (const e of edits.sort((a, b) => a.start - b.start)) {
    out += text.slice(at, e.start) + e.text
    at = e.end
  }
  return Buffer.from(out + text.slice(at), 'utf8')
}

/** Each item's path and index (undefined for an item without both), or undefined when `text` reads as no ResourceList. */
function placedItems(text: string): Array<Placed | undefined> | undefined {
  const read = readResourceList(text)
  if ('error' in read) return undefined
  try {
    return placed(read.list)
  } catch (err) {
    if (!(err instanceof ScanDeclined)) throw err
    const whole = readWhole(text)
    return 'error' in whole ? undefined : placed(whole.list)
  }
}

function placed(list: ResourceList): Array<Placed | undefined> {
  return list.items.map((span, i) => {
    // The item's head (apiVersion, kind, metadata) is all that is read: annotations are in it.
    const view = list.item(i, span.start)
    const { path, index } = view.ref
    if (path === undefined || index === undefined || !isMap(view.node)) return undefined
    const values = INDEX_KEYS.map((k) => annotations(view.node as YAMLMap)?.get(k, true) as Node | undefined).filter(
      (v): v is Node => isScalar(v) && v.range !== undefined && v.range !== null && /^\d+$/.test(String(v.source ?? v.value)),
    )
    return { path, index, values, base: view.base }
  })
}

function annotations(item: YAMLMap): YAMLMap | undefined {
  const meta = item.get('metadata', true) as Node | undefined
  const a = isMap(meta) ? (meta.get('annotations', true) as Node | undefined) : undefined
  return isMap(a) ? a : undefined
}
