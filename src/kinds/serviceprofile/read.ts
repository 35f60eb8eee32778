/**
 * Reads a Linkerd ServiceProfile as located plain data: every value with where it starts, so a
 * target that writes routes from it can refuse a condition at its own line. Scalars are
 * resolved as kubectl reads them (YAML 1.1: `true`, `15`, `~`), quoted ones stay strings.
 */
import { isAlias, isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml'
import type { PlainValue } from '../../edit/emit.js'
import { resolvePlain } from '../../quantity/yaml11.js'
import type { Reading } from '../kind.js'
import { kubectlPairs, offsetOf, stringAt, type ObjectNode, type ReadContext } from '../../yaml/nodes.js'
import { parseDocuments } from '../../yaml/documents.js'
import { maskTemplate } from '../../yaml/template.js'
import { AliasIndex } from '../../yaml/aliases.js'

/** A value of the object with where it starts: a mapping's fields, a sequence's items, or a scalar. */
export interface Located {
  offset: number
  value: PlainValue
  map?: Record<string, Located>
  seq?: Located[]
}

export interface ProfileData {
  /** The whole object, read on demand (the target asks only under `--to gateway`). */
  located: () => Located
}

const TRUE = new Set(['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'])
const FALSE = new Set(['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'])

export function readProfile(map: ObjectNode, ctx: ReadContext): Reading<ProfileData> {
  return { data: { located: () => locate(map, ctx, 0) } }
}

/**
 * The ServiceProfile of that name in a document's text (top level or a List's items; the last,
 * as kubectl applies them), read as the converter reads it: for a target that runs a profile's
 * conversion from another object's (gateway/profiles/unit.ts).
 */
export function profileInText(text: string, name: string): { offset: number; version: string; data: ProfileData } | undefined {
  const source = maskTemplate(text)?.text ?? text
  let found: { offset: number; version: string; data: ProfileData } | undefined
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue
    const { doc } = parsed
    const root = doc.contents
    if (!isMap(root)) continue
    const items = root.get('items', true)
    for (const map of isSeq(items) ? items.items.filter(isMap) : [root]) {
      if (!named(map, name)) continue
      const version = (stringAt(map, 'apiVersion') ?? '').split('/')[1] ?? ''
      const { data } = readProfile(map, { text: source, doc, aliases: new AliasIndex(doc, source) })
      found = { offset: offsetOf(map), version, data }
    }
  }
  return found
}

function named(map: YAMLMap, name: string): boolean {
  const meta = map.get('metadata', true)
  return stringAt(map, 'kind') === 'ServiceProfile' && isMap(meta) && stringAt(meta, 'name') === name
}

function locate(node: unknown, ctx: ReadContext, depth: number): Located {
  const target = isAlias(node) ? ctx.aliases.deref(node) : node
  const offset = target && typeof target === 'object' && 'range' in target ? offsetOf(target as Node) : 0
  if (depth > 64) return { offset, value: null }
  if (isMap(target)) {
    const fields: Record<string, Located> = {}
    const value: Record<string, PlainValue> = {}
    // Merge keys (`<<: *route`) applied as kubectl applies them: a route, condition or override
    // gets the fields the merged mapping supplies.
    for (const [key, pair] of kubectlPairs(target, ctx.aliases.derefer)) {
      const v = locate(pair.value, ctx, depth + 1)
      if (!pair.value) v.offset = offsetOf(pair.key as Node)
      fields[key] = v
      value[key] = v.value
    }
    return { offset, value, map: fields }
  }
  if (isSeq(target)) {
    const items = target.items.map((i) => locate(i, ctx, depth + 1))
    return { offset, value: items.map((i) => i.value), seq: items }
  }
  if (isScalar(target)) return { offset, value: scalar(String(target.value ?? ''), target.type ?? 'PLAIN') }
  return { offset, value: null }
}

/** A scalar as kubectl's YAML 1.1 reads it. */
function scalar(text: string, style: string): PlainValue {
  if (style !== 'PLAIN') return text
  const r = resolvePlain(text)
  if (r.kind === 'null') return null
  if (r.kind === 'bool') return TRUE.has(text) ? true : FALSE.has(text) ? false : text
  if (r.kind === 'int')
    return r.value >= BigInt(Number.MIN_SAFE_INTEGER) && r.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r.value) : text
  if (r.kind === 'float') return r.value
  return text
}
