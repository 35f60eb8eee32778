/**
 * Small readers of parsed nodes shared by the locator and the kinds' readers: where a node
 * starts, a scalar as written, a string value, an object's name, merge keys, nulls.
 */
import { type Document, isMap, isScalar, isSeq, type Node, type Pair, type Scalar, type YAMLMap } from 'yaml'
import type { ObjectRef, ScalarRef, ScalarStyle } from '../model.js'
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

export function scalarRef(node: Scalar, text: string): ScalarRef {
  const [start, end] = node.range!
  return { style: (node.type ?? 'PLAIN') as ScalarStyle, value: String(node.value ?? ''), raw: text.slice(start, end), start, end }
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
    if (namespace !== undefined) ref.namespace = namespace
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

/** The key node of a merge key (`<<`, plain or tagged !!merge) of `map`, if it has one. */
export function mergeKey(map: YAMLMap): Node | undefined {
  const pair = map.items.find(
    (p) => isScalar(p.key) && p.key.value === '<<' && (p.key.type === 'PLAIN' || p.key.tag === 'tag:yaml.org,2002:merge'),
  )
  return pair?.key as Node | undefined
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

/** What a value is as kubectl reads it: an alias is the node its anchor names (AliasIndex.deref). */
export type Deref = (node: unknown) => unknown

/** How deep merge keys are followed: a chain deeper than this is not read (an alias loop cannot be written, but a bomb can). */
const MAX_MERGE_DEPTH = 32

/**
 * The pair that gives `key` its value in `map` as kubectl's YAML reader gives it: through
 * aliases, and through merge keys (`<<: *base`, `<<: [*a, *b]`), which it applies where they
 * stand, a later key or merge overriding an earlier one, and the first mapping of a merged
 * sequence winning over the later ones (checked against `kubectl annotate --local`).
 */
export function pairOf(map: YAMLMap, key: string, deref: Deref, depth = 0): Pair | undefined {
  let found: Pair | undefined
  for (const p of map.items) {
    if (isScalar(p.key) && p.key.value === '<<' && (p.key.type === 'PLAIN' || p.key.tag === 'tag:yaml.org,2002:merge')) {
      if (depth >= MAX_MERGE_DEPTH) continue
      const v = deref(p.value)
      const sources = isSeq(v) ? [...v.items].reverse().map(deref) : [v]
      for (const s of sources) if (isMap(s)) found = pairOf(s, key, deref, depth + 1) ?? found
    } else if (isScalar(p.key) && p.key.value === key) found = p
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
