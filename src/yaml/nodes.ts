/**
 * Small readers of parsed nodes shared by the locator and the kinds' readers: where a node
 * starts, a scalar as written, a string value, an object's name, merge keys, nulls.
 */
import { type Document, isCollection, isMap, isScalar, isSeq, type Node, type Pair, type Scalar, visit, type YAMLMap } from 'yaml'
import type { ObjectRef, ScalarRef, ScalarStyle } from '../model.js'
import { tabsAfterPlain } from '../edit/plain.js'
import type { AliasIndex } from './aliases.js'
import type { Action } from './template.js'
import type { TemplateText } from './templated.js'

/** An object's mapping, as a kind's reader gets it. */
export type ObjectNode = YAMLMap

/** What a kind's reader gets besides the object's map. */
export interface ReadContext {
  /** The (masked) text the document was parsed from. */
  text: string
  doc: Document.Parsed
  aliases: AliasIndex
  /** A Helm template's actions, when the document was masked (see template.ts). */
  template?: { actions: readonly Action[] } & TemplateText
}

/**
 * A scalar as written. With `doc`, a quoted (or block) scalar inside a flow collection that has
 * a tab among the blanks that start the lines after it also gets `flowIndent`, for the planner
 * to check a plain scalar written in its place (edit/plain.ts); looking for it costs a walk of
 * the document, so only such a scalar, rare, is looked for.
 */
export function scalarRef(node: Scalar, text: string, doc?: Document.Parsed): ScalarRef {
  const [start, end] = node.range!
  const style = (node.type ?? 'PLAIN') as ScalarStyle
  const ref: ScalarRef = { style, value: String(node.value ?? ''), raw: text.slice(start, end), start, end }
  if (doc && style !== 'PLAIN' && tabsAfterPlain(text, end).length > 0) {
    const indent = flowIndent(doc, node, text)
    if (indent !== undefined) ref.flowIndent = indent
  }
  return ref
}

/**
 * go-yaml's block indentation around `node` when it is inside a flow collection: the column of
 * the innermost block collection that holds the outermost flow collection, -1 when none does
 * (a JSON document); undefined when `node` is in no flow collection. A block mapping's column
 * is its first key's: go-yaml's is that of the first key's anchor or tag when one comes first,
 * further left, so the column taken is never left of go-yaml's and a check against it refuses
 * at least every tab go-yaml refuses.
 */
export function flowIndent(doc: Document.Parsed, node: Node, text: string): number | undefined {
  let path: readonly unknown[] | undefined
  visit(doc, (_key, n, p) => {
    if (n !== node) return undefined
    path = p
    return visit.BREAK
  })
  if (!path) return undefined
  const collections = path.filter(isCollection)
  const outer = collections.findIndex((c) => c.flow === true)
  if (outer < 0) return undefined
  const block = collections[outer - 1]
  if (!block) return -1
  const at = offsetOf(block)
  // go-yaml counts columns in characters; an astral one is two UTF-16 units here.
  let column = 0
  for (const _ of text.slice(text.lastIndexOf('\n', at - 1) + 1, at)) column++
  return column
}

export function stringAt(map: YAMLMap, key: string): string | undefined {
  const node = map.get(key, true)
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}

export function objectRef(map: YAMLMap, kind: string): ObjectRef {
  const meta = map.get('metadata', true)
  const ref: ObjectRef = { kind }
  if (isMap(meta)) {
    const name = stringAt(meta, 'name')
    const namespace = stringAt(meta, 'namespace')
    if (name !== undefined) ref.name = name
    // A YAML null (`~`, `null`) or an empty one is no namespace to kubectl, not the text.
    if (namespace !== undefined && !isUnsetField(meta.get('namespace', true))) ref.namespace = namespace
  }
  return ref
}

/** Where a node starts; for a mapping, its first key. */
export function offsetOf(node: Node | YAMLMap): number {
  if (isMap(node) && node.items[0] && node.items[0].key && (node.items[0].key as Node).range) {
    return (node.items[0].key as Node).range![0]
  }
  return node.range?.[0] ?? 0
}

/** What a value is as kubectl reads it: an alias is the node its anchor names (AliasIndex.deref). */
export type Deref = (node: unknown) => unknown

/** How deep merge keys are followed: a chain deeper than this is not read (an alias loop cannot be written, but a bomb can). */
const MAX_MERGE_DEPTH = 32

const MERGE_TAG = 'tag:yaml.org,2002:merge'

/**
 * The pairs of `map` as kubectl's YAML reader fills a mapping from them, by key: through
 * aliases, and through merge keys (`<<: *base`, `<<: [*a, *b]`), which it applies where they
 * stand, a later key or merge overriding an earlier one, and the first mapping of a merged
 * sequence winning over the later ones (checked against `kubectl annotate --local`).
 */
export function kubectlPairs(map: YAMLMap, deref: Deref, depth = 0): Map<string, Pair> {
  const out = new Map<string, Pair>()
  for (const p of map.items) {
    if (isMergeKey(p.key)) {
      if (depth >= MAX_MERGE_DEPTH) continue
      const v = deref(p.value)
      const sources = isSeq(v) ? [...v.items].reverse().map(deref) : [v]
      for (const s of sources) if (isMap(s)) for (const [k, q] of kubectlPairs(s, deref, depth + 1)) out.set(k, q)
    } else if (isScalar(p.key)) out.set(String(p.key.value), p)
  }
  return out
}

/** A document too large to make data of as kubectl would (an alias bomb): kubectlData gives up. */
export class TooManyNodes extends Error {}

/**
 * A node as plain data the way kubectl makes it: aliases followed and merge keys applied by
 * kubectlPairs (toJS with the failsafe schema keeps `<<` a key), scalars as the failsafe
 * schema reads them (strings). Throws TooManyNodes past `budget` nodes.
 */
export function kubectlData(node: unknown, deref: Deref, budget = { left: 1_000_000 }): unknown {
  if (--budget.left < 0) throw new TooManyNodes('too many nodes')
  const n = deref(node)
  if (isMap(n)) {
    const out: Record<string, unknown> = {}
    for (const [k, p] of kubectlPairs(n, deref)) {
      const value = kubectlData(p.value, deref, budget)
      // `__proto__` is a key like any other to kubectl: a field of its own, not the prototype.
      Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true })
    }
    return out
  }
  if (isSeq(n)) return n.items.map((i) => kubectlData(i, deref, budget))
  return isScalar(n) ? n.value : null
}

/** A mapping of strings (labels, annotations) as kubectl reads it: each value a scalar's string, or null. */
export function kubectlStrings(map: YAMLMap, deref: Deref): Record<string, string | null> {
  const out: Record<string, string | null> = {}
  for (const [k, p] of kubectlPairs(map, deref)) {
    const v = deref(p.value)
    out[k] = isScalar(v) && v.value !== null && v.value !== undefined ? String(v.value) : null
  }
  return out
}

/** The key node of a merge key (`<<`, plain or tagged !!merge) of `map`, if it has one. */
export function mergeKey(map: YAMLMap): Node | undefined {
  return map.items.find((p) => isMergeKey(p.key))?.key as Node | undefined
}

/**
 * Whether a key is a merge key as kubectl's YAML 1.1 reader takes it: `<<` written plain, or
 * tagged `!!merge` (the package resolves the tagged one to a merge of its own, whose value is
 * not the string `<<`: its source is).
 */
export function isMergeKey(key: unknown): boolean {
  if (!isScalar(key)) return false
  if (key.tag === MERGE_TAG) return key.source === '<<' || key.value === '<<'
  return key.type === 'PLAIN' && key.value === '<<'
}

/** A plain scalar YAML 1.1 reads as null (`~`, `null`, `Null`, `NULL`, nothing). */
export function isNullScalar(node: unknown): boolean {
  return (
    isScalar(node) &&
    !node.tag &&
    (node.type === 'PLAIN' || node.type === undefined) &&
    ['', '~', 'null', 'Null', 'NULL'].includes(String(node.value ?? ''))
  )
}

/** A value kubectl (YAML 1.1, then JSON) reads as null: absent, a null scalar, or any `!!null`. */
export function isKubectlNull(node: unknown): boolean {
  return node === null || node === undefined || isNullScalar(node) || (isScalar(node) && node.tag === 'tag:yaml.org,2002:null')
}

/**
 * An object's `metadata.namespace` as kubectl reads it, the one decoding of it: none when absent,
 * a YAML null (`~`, `null`, `Null`, `NULL`, `!!null`, an empty value) or an empty string however
 * quoted; else its text. Through aliases and merge keys.
 */
export function kubectlNamespace(object: unknown, deref: Deref): string | undefined {
  const ns = namespaceNode(object, deref)
  return isUnsetField(ns) || !isScalar(ns) ? undefined : String(ns.value)
}

/** A node that stands (a key's null value is `null`; no key at all is `undefined`) and is unset. */
function isNamedUnset(node: unknown): boolean {
  return node !== undefined && isUnsetField(node)
}

function namespaceNode(object: unknown, deref: Deref): unknown {
  const o = deref(object)
  const meta = isMap(o) ? deref(pairOf(o, 'metadata', deref)?.value) : undefined
  return isMap(meta) ? deref(pairOf(meta, 'namespace', deref)?.value) : undefined
}

/** `metadata.namespace` of plain data (withKubectlNamespace's, or a located reading that resolves nulls): a non-empty string, else none. */
export function plainNamespace(meta: unknown): string | undefined {
  const ns = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).namespace : undefined
  return typeof ns === 'string' && ns !== '' ? ns : undefined
}

/**
 * Plain data made of `object` (toJS with the failsafe schema, or kubectlData) with its
 * `metadata.namespace` as kubectlNamespace reads it: a null or empty one removed, so every
 * reader of plain data that takes a string namespace reads what kubectl reads.
 */
export function withKubectlNamespace(data: Record<string, unknown>, object: unknown, deref: Deref): void {
  const meta = data.metadata
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta) || !('namespace' in meta)) return
  const m = meta as Record<string, unknown>
  if (m.namespace === '' || m.namespace === null || isNamedUnset(namespaceNode(object, deref))) delete m.namespace
}

/** A field kubectl reads as unset (its zero value): a null, or an empty string however quoted. */
export function isUnsetField(node: unknown): boolean {
  return isKubectlNull(node) || (isScalar(node) && node.value === '')
}

/**
 * The pair that gives `key` its value in `map` as kubectl reads it: `kubectlPairs(map).get(key)`,
 * without making the whole mapping (it is asked of every document: `items`, `kind`).
 */
export function pairOf(map: YAMLMap, key: string, deref: Deref, depth = 0): Pair | undefined {
  let found: Pair | undefined
  for (const p of map.items) {
    const k = p.key
    if (!isScalar(k)) continue
    // A merge key is `<<` or tagged !!merge (isMergeKey): any other key is compared at once.
    if ((k.value === '<<' || k.tag === MERGE_TAG) && isMergeKey(k)) {
      if (depth >= MAX_MERGE_DEPTH) continue
      const v = deref(p.value)
      const sources = isSeq(v) ? [...v.items].reverse().map(deref) : [v]
      for (const s of sources) if (isMap(s)) found = pairOf(s, key, deref, depth + 1) ?? found
    } else if ((typeof k.value === 'string' ? k.value : String(k.value)) === key) found = p
  }
  return found
}

/**
 * pairOf, and the merge key of `map` that supplies the pair when it does not stand in `map`
 * itself: a value read through a merge key cannot be edited where the object is.
 */
export function keyOf(map: YAMLMap, key: string, deref: Deref): { pair: Pair; via?: Node } | undefined {
  const pair = pairOf(map, key, deref)
  if (!pair || map.items.includes(pair)) return pair && { pair }
  const via = map.items.find((p) => isScalar(p.key) && pairOf({ items: [p] } as unknown as YAMLMap, key, deref) === pair)
  return { pair, via: via?.key as Node }
}

/**
 * The identity key of an object (apiVersion, then kind) that kubectl reads through a merge key
 * (<<) rather than where it stands, with that merge key: the one reading of a document's identity
 * for every reader that must refuse such an object (convert/locate.ts) or know it is refused (the
 * gateway target's unit check, targets/gateway/profiles/left.ts).
 */
/** Why such an object is refused, after `its kind` or `its apiVersion`. */
export const MERGED_IDENTITY = 'comes through the merge key (<<), which cannot be converted where it stands'

export function identityThroughMerge(map: YAMLMap, deref: Deref): { key: 'apiVersion' | 'kind'; via: Node } | undefined {
  if (!mergeKey(map)) return undefined
  for (const key of ['apiVersion', 'kind'] as const) {
    const via = keyOf(map, key, deref)?.via
    if (via) return { key, via }
  }
  return undefined
}

/**
 * kubectl's rule for a List (apimachinery's unstructured decoder): a mapping with an `items`
 * key, whatever its value and whatever its kind (`List`, `list`, `Foo`), is read as a List:
 * its items are the objects applied (`list`), the mapping itself none. Without a kind (any
 * non-empty string) kubectl refuses it whole (`refused`). Checked with `kubectl annotate
 * --local`; an `items` that is no sequence is an error too, and holds no object either.
 */
export function listReading(hasItems: boolean, kind: unknown): 'object' | 'list' | 'refused' {
  if (!hasItems) return 'object'
  return typeof kind === 'string' && kind !== '' ? 'list' : 'refused'
}

/**
 * The kind kubectl gives a List's items that have neither kind nor apiVersion: the List's own
 * kind with one `List` suffix trimmed (`TrafficSplitList` and `TrafficSplit` alike give
 * `TrafficSplit`), with the List's apiVersion (apimachinery's unstructuredJSONScheme.decodeToList,
 * v0.32.4, checked with `kubectl annotate --local`).
 */
export function listItemKind(listKind: string): string {
  return listKind.endsWith('List') ? listKind.slice(0, -4) : listKind
}

/**
 * What a List item is to kubectl's decoder, which decodes each into an object: an object (a
 * mapping), nothing (a null, an empty object to it), or neither (a scalar, a sequence).
 */
export function itemShape(node: unknown): 'object' | 'null' | 'scalar' | 'sequence' {
  if (isMap(node)) return 'object'
  if (node === null || node === undefined || isNullScalar(node)) return 'null'
  return isSeq(node) ? 'sequence' : 'scalar'
}

/** Whether `node` is a mapping (an object as the locator reads one). */
export function isObjectNode(node: unknown): node is ObjectNode {
  return isMap(node)
}

/** The items of a sequence node; undefined for any other node. */
export function sequenceItems(node: unknown): readonly unknown[] | undefined {
  return isSeq(node) ? node.items : undefined
}

/** A scalar's string value; undefined for any other node. */
export function stringValue(node: unknown): string | undefined {
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}
