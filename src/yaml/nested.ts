/**
 * TrafficSplits nested inside another document's values: a Helm chart's values.yaml holding
 * manifests for `{{ toYaml .Values.extraDeploy }}`, a HelmRelease's `spec.values`, an
 * `extraObjects` list. They are applied when something renders them, not where they stand,
 * and the values can be overridden at install time: they are reported (a pending warning at
 * their `kind`), never converted.
 */
import { type Document, isMap, isScalar, isSeq, type Node, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml'
import { SMI_SPLIT_GROUP } from '../model.js'
import { olderThan } from './templated.js'

export interface NestedSplit {
  map: YAMLMap
  /** Where it is, as `extraDeploy[1]` or `spec.values.objects[0]`. */
  path: string
  /** The kind key's offset. */
  offset: number
  /** Why one already at the version asked for is not done: a weight that is no integer. */
  why?: string
}

/**
 * Every mapping below the root (and below the root's `items`, which are top-level objects) with
 * `kind: TrafficSplit` and an apiVersion of the split group older than `to`. The walk keeps
 * its own stack: a deeply nested document must not exhaust the call stack here.
 */
export function nestedSplits(doc: Document.Parsed, text: string, to: string, item?: number): NestedSplit[] {
  const root = doc.contents
  if (!isMap(root) && !isSeq(root)) return []
  if (!mayNest(text, root)) return []
  const topLevel = new Set<Node>([root])
  // A List's items are objects of their own (read by locate, or item by item by the stream's
  // List path); so are those of a wrapper without a kind, which the stream path reads alike.
  // A root that is item `item` of a List (the stream's List path) is that object alone.
  const items = isMap(root) && item === undefined ? root.get('items', true) : undefined
  if (isSeq(items)) for (const item of items.items) if (isMap(item)) topLevel.add(item)
  // A KRM ResourceList's own `results` (a function before this one, or this one's last run, names
  // the objects it converted, old apiVersion and all) and `functionConfig` are no manifests:
  // their mappings are never walked (a second run must be a no-op).
  const wrapperOwn = isMap(root) && item === undefined && isResourceList(root) ? WRAPPER_KEYS : undefined
  const out: NestedSplit[] = []
  // Each entry's path is made only for a split found (a step is a key or an index under its parent).
  const stack: Step[] = [{ node: root, parent: undefined, step: '' }]
  const prefix = item === undefined ? '' : `items[${item}]`
  while (stack.length) {
    const entry = stack.pop()!
    const { node } = entry
    if (isMap(node)) {
      if (!topLevel.has(node)) {
        const found = splitAt(node, entry, prefix, to)
        if (found) out.push(found)
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i]!
        if (!pair.value || !(isMap(pair.value) || isSeq(pair.value))) continue
        const key = isScalar(pair.key) ? String(pair.key.value) : '?'
        if (node === root && wrapperOwn?.has(key)) continue
        stack.push({ node: pair.value as Node, parent: entry, step: key })
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item = node.items[i]
        if (isMap(item) || isSeq(item)) stack.push({ node: item as Node, parent: entry, step: i })
      }
    }
  }
  return out
}

const GROUP_PREFIX = `${SMI_SPLIT_GROUP}/`

/** A ResourceList's keys that hold no objects: the KRM functions specification's `results` and `functionConfig`. */
const WRAPPER_KEYS = new Set(['results', 'functionConfig'])

/** `kind: ResourceList`, whatever its apiVersion, as kyaml's reader takes one (kyaml/kio/byteio_reader.go). */
function isResourceList(root: YAMLMap): boolean {
  const kind = root.get('kind', true)
  return isScalar(kind) && kind.value === 'ResourceList'
}

/**
 * Whether a mapping below the root may have an apiVersion of the split group, told from
 * `text` (what the document was read from) before walking it: without a backslash no escape
 * can spell or join the group's name, so every such value spells it as written, and when the
 * text spells it once, the root's own apiVersion may be that one. A stream of TrafficSplits
 * walked every document for nothing (a fortieth of its time).
 */
function mayNest(text: string, root: YAMLMap | YAMLSeq): boolean {
  if (text.includes('\\')) return true
  const first = text.indexOf(GROUP_PREFIX)
  if (first < 0) return false
  if (text.includes(GROUP_PREFIX, first + 1) || !isMap(root)) return true
  const api = root.get('apiVersion', true)
  return !(isScalar(api) && typeof api.value === 'string' && api.value.startsWith(GROUP_PREFIX))
}

interface Step {
  node: Node
  parent: Step | undefined
  /** The key (a string) or index (a number) under the parent. */
  step: string | number
}

/** `extraDeploy[1]`, `spec.values.objects[0]`: the path of a step, as the walk wrote it, after `prefix` (a List item's own). */
function pathOf(s: Step, prefix: string): string {
  const steps: Array<string | number> = []
  for (let at: Step = s; at.parent; at = at.parent) steps.push(at.step)
  let path = prefix
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!
    path = typeof step === 'number' ? `${path}[${step}]` : path ? `${path}.${step}` : step
  }
  return path
}

function splitAt(map: YAMLMap, at: Step, prefix: string, to: string): NestedSplit | undefined {
  const kindPair = map.items.find((p) => isScalar(p.key) && p.key.value === 'kind')
  if (!kindPair || !isScalar(kindPair.value) || kindPair.value.value !== 'TrafficSplit') return undefined
  const api = map.get('apiVersion', true)
  if (!isScalar(api) || typeof api.value !== 'string' || !api.value.startsWith(`${SMI_SPLIT_GROUP}/`)) return undefined
  const why = olderThan(api.value.slice(SMI_SPLIT_GROUP.length + 1), to) ? undefined : nonInteger(map)
  if (why === null) return undefined
  const found: NestedSplit = { map, path: pathOf(at, prefix) || '(root)', offset: (kindPair.key as Node).range?.[0] ?? map.range?.[0] ?? 0 }
  if (why !== undefined) found.why = why
  return found
}

/**
 * A split already at the version asked for is done when every backend weight is an integer as
 * YAML reads it (issue 36): null when so, else the reason. A weight such as `250m` renders an
 * object the API server refuses, whatever version it claims.
 */
function nonInteger(map: YAMLMap): string | null {
  const backends = (map.get('spec', true) as YAMLMap | undefined)?.get?.('backends', true)
  if (!isSeq(backends)) return 'its backends are not a list this file shows'
  for (const b of (backends as YAMLSeq).items) {
    const weight = isMap(b) ? b.get('weight', true) : undefined
    if (!isScalar(weight) || !isInteger(weight))
      return `its weight ${isScalar(weight) ? JSON.stringify(String(weight.source ?? weight.value)) : '(none)'} is not an integer`
  }
  return null
}

/** An integer as Helm's YAML reads it: a number, or a plain scalar of decimal digits (a values file may be read with every scalar a string). */
function isInteger(weight: Scalar): boolean {
  const v = weight.value
  if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) return true
  return typeof v === 'string' && weight.type === 'PLAIN' && /^\d+$/.test(v)
}
