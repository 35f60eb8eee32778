/**
 * Reads a TrafficSplit's weights out of its parsed map, refusing what kubectl would read
 * differently from what the text shows (merge keys, shared anchors, tags).
 */
import { isAlias, isMap, isScalar, isSeq, type Node, visit, type YAMLMap } from 'yaml'
import type { Problem } from '../../model.js'
import type { Reading } from '../kind.js'
import type { PlainValue } from '../../edit/emit.js'
import { templatedSplit } from '../../yaml/templated.js'
import type { WeightRef } from '../../model.js'
import type { AliasIndex } from '../../yaml/aliases.js'
import {
  type Deref,
  isUnsetField,
  isNullScalar,
  kubectlStrings,
  mergeKey,
  offsetOf,
  type ReadContext,
  scalarRef,
} from '../../yaml/nodes.js'

export interface SplitData {
  weights: WeightRef[]
  /** The HTTPRouteGroups `spec.matches` names (v1alpha3+ A/B splits). */
  matches: string[]
  /** The fields as plain values, read on demand (for a target that writes the object anew). */
  fields: () => SplitFields
}

/**
 * A TrafficSplit's fields as plain values with where they are, for a target that writes
 * the object anew (`--to gateway`).
 */
export interface SplitFields {
  offset: number
  name?: string
  namespace?: string
  labels?: Record<string, PlainValue>
  annotations?: Record<string, PlainValue>
  owners: Array<{ kind?: string; apiVersion?: string; name?: string }>
  ownersOffset: number
  /** Comments inside the object (not the lines above it): the routes are written anew, without them. */
  comments: number
  service?: string
  serviceOffset: number
  backends: Array<{ service?: string; offset: number }>
  backendsOffset: number
  /** `spec.matches`: the route groups of an A/B split. */
  matches: Array<{ kind?: string; name?: string; offset: number }>
}

interface Reader extends Reading<SplitData> {
  offset: number
  data: SplitData
  problem: Problem | undefined
}

export function readSplit(map: YAMLMap, ctx: ReadContext): Reading<SplitData> {
  const read = readWeights(map, ctx)
  // Converting a split's literal parts alone would render quantity weights under a new
  // apiVersion, or weights on two scales: any templated weight or content leaves it alone.
  if (ctx.template) read.templated = templatedSplit(map, read.data.weights, ctx.template.actions, ctx.template)
  return read
}

function matchNames(map: YAMLMap): string[] {
  const spec = map.get('spec', true)
  const matches = isMap(spec) ? spec.get('matches', true) : undefined
  if (!isSeq(matches)) return []
  return matches.items.flatMap((m) => {
    if (!isMap(m)) return []
    const kind = m.get('kind')
    const name = m.get('name')
    return (kind === undefined || kind === 'HTTPRouteGroup') && typeof name === 'string' ? [name] : []
  })
}

function readWeights(map: YAMLMap, ctx: ReadContext): Reading<SplitData> {
  const { aliases } = ctx
  const view: Reader = {
    offset: offsetOf(map),
    data: { weights: [], matches: matchNames(map), fields: () => readFields(map, (n) => aliases.deref(n)) },
    problem: undefined,
  }
  const fail = (code: Problem['code'], node: Node | undefined, message: string): Reader => {
    view.problem = { code, offset: node ? offsetOf(node) : view.offset, message }
    return view
  }
  // kubectl's YAML reader (go-yaml v2) applies a merge key (`<<`) in document order, so a
  // `<<` after an explicit key overrides it: a TrafficSplit, spec or backend with one is
  // refused wherever it stands.
  const merge = mergeKey(map)
  if (merge) return fail('unsupported-alias', merge, 'has a merge key (<<); write its keys out to convert this TrafficSplit')
  const spec = map.get('spec', true)
  // `spec: null` (or `~`, or nothing) is no spec to kubectl: no weights, the apiVersion still moves.
  if (spec == null || isNullScalar(spec)) return shared(view, map, undefined, aliases, fail)
  if (isAlias(spec)) return fail('unsupported-alias', spec, 'spec is an alias; write it out to convert this TrafficSplit')
  if (!isMap(spec)) return fail('invalid-structure', spec, 'spec is not a mapping')
  const specMerge = mergeKey(spec)
  if (specMerge) return fail('unsupported-alias', specMerge, 'spec has a merge key (<<); write its keys out to convert this TrafficSplit')
  const backends = spec.get('backends', true)
  if (backends == null || isNullScalar(backends)) return shared(view, map, [spec], aliases, fail)
  if (isAlias(backends)) return fail('unsupported-alias', backends, 'spec.backends is an alias; write it out to convert this TrafficSplit')
  if (!isSeq(backends)) return fail('invalid-structure', backends, 'spec.backends is not a list')

  const uses: Node[] = []
  const containers: Node[] = [spec, backends]
  for (const [i, item] of backends.items.entries()) {
    const at = `backend ${i + 1}`
    if (isAlias(item)) return fail('unsupported-alias', item, `${at} is an alias; write it out to convert this TrafficSplit`)
    if (!isMap(item)) return fail('invalid-structure', item as Node | undefined, `${at} is not a mapping`)
    containers.push(item)
    const merged = mergeKey(item)
    if (merged) {
      view.data.weights.push({
        offset: offsetOf(item),
        problem: {
          code: 'unsupported-alias',
          offset: offsetOf(merged),
          message: `${at} has a merge key (<<), which kubectl lets override or supply its weight; write the weight literally`,
        },
      })
      continue
    }
    const pair = item.items.find((p) => isScalar(p.key) && p.key.value === 'weight')
    if (!pair) {
      view.data.weights.push({
        offset: offsetOf(item),
        problem: {
          code: 'invalid-weight',
          offset: offsetOf(item),
          message: `${at} has no weight`,
        },
      })
      continue
    }
    const node = pair.value as Node | null
    if (node === null) {
      view.data.weights.push({
        offset: offsetOf(pair.key as Node),
        problem: { code: 'invalid-weight', offset: offsetOf(pair.key as Node), message: `${at} weight is null` },
      })
      continue
    }
    uses.push(node)
    view.data.weights.push(readWeight(node, ctx, at))
  }
  const sharedWeight = aliases.sharedOutside(uses)
  if (sharedWeight) return fail('unsupported-alias', sharedWeight.node, sharedWeight.message)
  return shared(view, map, containers, aliases, fail)
}

/**
 * Refuses an object whose map, spec, backends list or a backend is anchored and read
 * through an alias elsewhere (`spec: *s` in a second TrafficSplit): editing it would edit
 * that other object too.
 */
function shared(
  view: Reader,
  map: YAMLMap,
  containers: Node[] | undefined,
  aliases: AliasIndex,
  fail: (code: Problem['code'], node: Node | undefined, message: string) => Reader,
): Reader {
  const count = 1 + (containers?.length ?? 0)
  for (let i = 0; i < count; i++) {
    const node = i === 0 ? map : containers![i - 1]!
    if (!node.anchor || !aliases.isAliased(node)) continue
    const what = node === map ? 'this TrafficSplit' : isSeq(node) ? 'spec.backends' : node === containers![0] ? 'spec' : 'a backend'
    return fail(
      'unsupported-alias',
      node,
      `${what} is anchored (&${node.anchor}) and read elsewhere through an alias; ` +
        'converting it would change that copy too: write it out to convert this TrafficSplit',
    )
  }
  return view
}

function readWeight(node: Node, ctx: ReadContext, at: string): WeightRef {
  const { aliases, text, doc } = ctx
  const offset = offsetOf(node)
  const target = isAlias(node) ? aliases.resolve(node) : node
  if (!isScalar(target)) {
    const what = isAlias(node) ? `alias *${node.source} does not name a scalar` : 'is not a scalar'
    return { offset, problem: { code: isAlias(node) ? 'unsupported-alias' : 'invalid-weight', offset, message: `${at} weight ${what}` } }
  }
  if (target.tag) {
    return {
      offset,
      problem: {
        code: 'invalid-weight',
        offset: offsetOf(target),
        message: `${at} weight has an explicit tag (${target.tag.replace('tag:yaml.org,2002:', '!!')}); remove the tag to convert it`,
      },
    }
  }
  return { offset, scalar: scalarRef(target, text, doc) }
}

/** The fields as plain values with where they are. */
function readFields(map: YAMLMap, deref: Deref): SplitFields {
  const at = (node: unknown, fallback: number): number =>
    node && typeof node === 'object' && 'range' in node ? offsetOf(node as Node) : fallback
  const offset = offsetOf(map)
  const meta = map.get('metadata', true)
  const spec = map.get('spec', true)
  const str = (m: unknown, key: string): string | undefined => {
    const v = isMap(m) ? m.get(key) : undefined
    return typeof v === 'string' ? v : undefined
  }
  // Labels and annotations as kubectl reads them, through aliases and merge keys.
  const plain = (m: unknown, key: string): Record<string, PlainValue> | undefined => {
    const v = isMap(m) ? deref(m.get(key, true)) : undefined
    return isMap(v) ? kubectlStrings(v, deref) : undefined
  }
  const list = (m: unknown, key: string): unknown[] => {
    const v = isMap(m) ? m.get(key, true) : undefined
    return isSeq(v) ? v.items : []
  }
  const owners = isMap(meta) ? meta.get('ownerReferences', true) : undefined
  const backends = isMap(spec) ? spec.get('backends', true) : undefined
  const service = isMap(spec) ? spec.get('service', true) : undefined
  const src: SplitFields = {
    offset,
    comments: innerComments(map),
    owners: list(meta, 'ownerReferences').map((o) => ({
      ...opt('kind', str(o, 'kind')),
      ...opt('apiVersion', str(o, 'apiVersion')),
      ...opt('name', str(o, 'name')),
    })),
    ownersOffset: at(owners, offset),
    serviceOffset: at(service, at(spec, offset)),
    backends: list(spec, 'backends').map((b) => ({ ...opt('service', str(b, 'service')), offset: at(b, offset) })),
    backendsOffset: at(backends, at(spec, offset)),
    matches: list(spec, 'matches').map((m) => ({ ...opt('kind', str(m, 'kind')), ...opt('name', str(m, 'name')), offset: at(m, offset) })),
  }
  const name = str(meta, 'name')
  // A null or empty namespace (`~`, `null`, `""`) is none to kubectl.
  const namespace = isMap(meta) && isUnsetField(meta.get('namespace', true)) ? undefined : str(meta, 'namespace')
  const labels = plain(meta, 'labels')
  const annotations = plain(meta, 'annotations')
  const root = str(spec, 'service')
  if (name !== undefined) src.name = name
  if (namespace !== undefined) src.namespace = namespace
  if (labels) src.labels = labels
  if (annotations) src.annotations = annotations
  if (root !== undefined) src.service = root
  return src
}

function opt<K extends string>(key: K, v: string | undefined): { [k in K]?: string } {
  return (v === undefined ? {} : { [key]: v }) as { [k in K]?: string }
}

/** Comments inside the object: after its first key (the lines above it stay with the first route). */
function innerComments(map: YAMLMap): number {
  let n = map.comment ? 1 : 0
  // Without a `---`, the parser gives the lines above the object to its first key.
  const lead = map.items[0]?.key
  visit(map, (_key, node) => {
    if (node === map || !node || typeof node !== 'object') return
    if (node === lead) return void (n += (node as { comment?: string | null }).comment ? 1 : 0)
    const c = node as { comment?: string | null; commentBefore?: string | null }
    if (c.comment) n++
    if (c.commentBefore) n++
  })
  return n
}
