/**
 * The TrafficSplits of a resource or patch document stream, as the planner needs them: the
 * name a target would select, the factor their weights need alone, and whether this run
 * converts them (a version target must keep selecting exactly what it selected).
 */
import type { ConvertOptions, Target, Versions } from '../model.js'
import { KINDS } from '../kinds/registry.js'
import { type KindModule, versionFor } from '../kinds/kind.js'
import { isIntegerLiteral, type Scale } from '../quantity/weights.js'
import { stepsBetween } from '../convert/plan.js'
import { neededWeightScale, readQuantityWeight } from '../quantity/reader.js'
import type { Decimal } from '../quantity/quantity.js'
import { parseDocuments } from '../yaml/documents.js'
import { locateObjects } from '../convert/locate.js'
import { splitKey, trafficSplit, weightsOf } from '../kinds/trafficsplit/index.js'
import { type DocFacts, literalLabels, literalNamespace } from './labels.js'
import { isMap, type Node, visit } from 'yaml'

export interface DocScale {
  name: string
  /** How the tree's factors know it: its name, and its namespace when it has one (splitKey). */
  key: string
  scale: Scale
  /** Older than `--to`: it will be converted. */
  older: boolean
  current: boolean
  /** Where the object starts. */
  offset: number
  /** Left alone by a suppression (only when asked: `suppressions`). */
  suppressed?: boolean
  /** The weights as read, in order; absent when one cannot be read (its conversion reports it). */
  values?: Decimal[]
  /**
   * The run writes its weights with the tree's factor: v1alpha1 quantities, or a later version
   * with a weight that is not a plain integer (repaired by the same rule). Plain integers of a
   * later version are left as they are, whether its apiVersion moves to `--to` or not, whatever
   * the factor of the patches that share their group.
   */
  rescaled: boolean
  /** Its version, and its labels when they are literal (labels.ts). */
  facts: DocFacts
}

/**
 * Each TrafficSplit of a document stream: its name (`*` without one) and the factor its
 * weights need on their own. Suppressed ones are listed too (the planner follows every
 * object kustomize may render); with `suppressions`, they say so.
 */
export function splitDocs(text: string, to: Target, suppressions = false): DocScale[] {
  const out: DocScale[] = []
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue
    const suppressed = suppressions ? suppressedAt(parsed.doc, text, to) : undefined
    for (const split of locateObjects(parsed.doc, text, { versions: splitsOnly(to), noIgnore: true }).views) {
      // The kind first: a `TrafficSplitList` of the group has no weights of its own (its items are read apart).
      if (split.ref.kind !== trafficSplit.kind) continue
      const weights = weightsOf(split)
      if (!weights) continue
      const older = stepsBetween(trafficSplit, split.version, to).length > 0
      const scale = neededWeightScale(weights.flatMap((w) => ('scalar' in w ? [{ yaml: w.scalar }] : [])))
      const plain = weights.every((w) => 'scalar' in w && w.scalar.style === 'PLAIN' && isIntegerLiteral(w.scalar.value))
      // Only v1alpha1 quantities are multiplied on the way up (steps.ts): a v1alpha2 object moved to
      // v1alpha3 or v1alpha4 keeps its plain integers as they are, like one already at `--to`.
      const rescaled = split.version === 'v1alpha1' || !plain
      const facts: DocFacts = { version: split.version }
      const labels = literalLabels(mapAt(parsed.doc, split.offset))
      if (labels) facts.labels = labels
      const namespace = literalNamespace(mapAt(parsed.doc, split.offset))
      if (namespace !== undefined) facts.namespace = namespace
      const d: DocScale = {
        name: split.ref.name ?? '*',
        key: splitKey(split.ref.name, split.ref.namespace) ?? '*',
        scale,
        older,
        current: split.version === to,
        offset: split.offset,
        rescaled,
        facts,
      }
      if (suppressed?.has(split.offset)) d.suppressed = true
      const read = weights.map((w) => ('scalar' in w ? readQuantityWeight({ yaml: w.scalar }) : undefined))
      if (read.every((r) => r?.ok)) d.values = read.map((r) => (r as { value: Decimal }).value)
      out.push(d)
    }
  }
  return out
}

/** Where the suppressed TrafficSplits of a document start. */
function suppressedAt(doc: Parameters<typeof locateObjects>[0], text: string, to: Target): Set<number> | undefined {
  if (!text.includes('smi-migrate')) return undefined
  const notices = locateObjects(doc, text, { versions: splitsOnly(to) }).notices
  return new Set(notices.filter((n) => n.code === 'suppressed' && n.object?.kind === trafficSplit.kind).map((n) => n.offset))
}

/**
 * The versions of a run that reads a tree's documents for their TrafficSplits only: the
 * objects of other kinds are read apart (siblingDocs), and never converted with them.
 */
export function splitsOnly(to: Target): Versions {
  return { [trafficSplit.kind]: to }
}

/** An object of a kind other than TrafficSplit that the run converts: a patch that selects it would stop matching. */
export interface SiblingDoc {
  kind: string
  group: string
  version: string
  name: string | undefined
}

/** The kinds other than TrafficSplit this run converts, with their target versions. */
export function convertedSiblings(opts: Pick<ConvertOptions, 'versions'>): Map<KindModule<never>, string> {
  const out = new Map<KindModule<never>, string>()
  for (const kind of KINDS) {
    const to = kind === (trafficSplit as unknown) ? undefined : versionFor(kind, opts)
    if (to !== undefined) out.set(kind, to)
  }
  return out
}

/** The objects of a document stream that the run converts, of the kinds in `kinds` (none: nothing is parsed). */
export function siblingDocs(text: string, to: Target, kinds: ReadonlyMap<KindModule<never>, string>): SiblingDoc[] {
  if (![...kinds.keys()].some((k) => text.includes(k.kind))) return []
  const out: SiblingDoc[] = []
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue
    for (const view of locateObjects(parsed.doc, text, { versions: splitsOnly(to) }).views) {
      const target = kinds.get(view.kind as KindModule<never>)
      if (target === undefined || stepsBetween(view.kind, view.version, target).length === 0) continue
      out.push({ kind: view.kind.kind, group: view.kind.group, version: view.version, name: view.ref.name })
    }
  }
  return out
}

/** The map of an object that starts at `offset` (its first key, or the map itself). */
function mapAt(doc: Parameters<typeof visit>[0], offset: number): Node | undefined {
  let found: Node | undefined
  visit(doc, {
    Map(_, map) {
      if (found) return visit.BREAK
      const first = map.items[0]?.key as Node | undefined
      if (isMap(map) && (map.range?.[0] === offset || first?.range?.[0] === offset)) found = map
      return undefined
    },
  })
  return found
}
