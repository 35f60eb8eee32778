/**
 * TrafficSplit's hops on a manifest's text, upward only, one per hop of the chain in
 * hops.ts. v1alpha1 → v1alpha2 turns the quantity weights into integers with one common
 * factor (the weight reader and rule of quantity/reader.ts, which the webhook's object steps
 * and the kustomize patches use too); the later hops only rename the apiVersion (their
 * schemas differ only by the optional `spec.matches`, which the older versions never had).
 * v1alpha2+ objects with quantity strings (real dumps, buggy writers) are repaired with the
 * same rule; no apiVersion is ever moved backwards.
 */
import type { ConvertOptions } from '../../model.js'
import type { ScalarRef, WeightRef } from '../../model.js'
import {
  boundedNote,
  dividedForSumNote,
  isIntegerLiteral,
  LINKERD_MILLI_SUM,
  LINKERD_UNIT_SUM,
  MAX_WEIGHT,
  pastLinkerdSum,
  type Scale,
  scaleWeights,
} from '../../quantity/weights.js'
import type { Decimal } from '../../quantity/quantity.js'
import { readQuantityWeight } from '../../quantity/reader.js'
import { roundedNote } from '../../quantity/milli.js'
import type { Problem } from '../../model.js'
import { apiVersionOnly, type Step, type StepResult, type Upgrade } from '../kind.js'
import { HOPS } from './hops.js'
import type { SplitData } from './read.js'

// A hop that adds a field (`spec.matches`) writes nothing upward: the older object has none.
export const STEPS: readonly Step<SplitData>[] = HOPS.map((hop) => ({
  from: hop.from,
  to: hop.to,
  apply: hop.weights ? convertWeights : apiVersionOnly,
}))

/**
 * v1alpha2+ with a weight that is not a plain integer: the same rule, the version kept. Also
 * plain integers that add up past what Linkerd adds up without wrapping (LINKERD_UNIT_SUM:
 * `[429497, 1]`): Linkerd reads v1alpha2 as whole units of its v1alpha1 storage, × 10000 in 32
 * bits, so it would route such a split as the object does not say. Unless the run names another
 * mesh (`--mesh`, ConvertOptions.notLinkerd), they are rewritten by the same rule: divided by
 * their greatest common divisor, else left for a person (a pending warning).
 */
export function repair(u: Upgrade<SplitData>, opts: ConvertOptions): StepResult | false {
  if (u.version === 'v1alpha1') return false
  const weights = u.view.data.weights
  const broken = weights.some((w) => !('scalar' in w) || w.scalar.style !== 'PLAIN' || !isIntegerLiteral(w.scalar.value))
  if (broken) return convertWeights(u, opts)
  if (opts.notLinkerd || !pastLinkerdSum(weights.map((w) => ('scalar' in w ? BigInt(w.scalar.value) : 0n)))) return false
  // Integers as such: the note the rule adds says why they change.
  u.repairing = u.version
  return convertWeights(u, opts)
}

/** The weight rule: every weight of the object times one factor, as scalar changes. */
function convertWeights(u: Upgrade<SplitData>, opts: ConvertOptions): StepResult {
  const read = readValues(u.view.data.weights, u.notes)
  if ('problems' in read) return read
  const { values, scalars } = read
  // Only outside a kustomize tree may the weights be divided by a common divisor.
  // Linkerd reads the integers written here as whole units unless the run names another mesh.
  const wholeUnits = !opts.notLinkerd
  const floor = opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, splitKey(u.view.ref.name, u.view.ref.namespace)) } : {}
  const scaled = scaleWeights(values, { ...floor, wholeUnits })
  if (!scaled.ok) {
    const s = scalars[scaled.index]!
    const message = `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}`
    return { problems: [{ code: 'invalid-weight', offset: s.start, message, ...(scaled.leave ? { leave: true } : {}) }] }
  }
  for (const i of scaled.rounded ?? []) u.notes.push(`backend ${i + 1} ${show(scalars[i]!)} ${roundedNote(values[i]!)}`)
  if (scaled.bounded) u.notes.push(boundedNote())
  else if (scaled.dividedForSum) u.notes.push(dividedForSumNote(wholeUnits ? LINKERD_UNIT_SUM : LINKERD_MILLI_SUM))
  else if (scaled.divided) u.notes.push(`divided by their greatest common divisor to stay within ${MAX_WEIGHT}`)
  const before: string[] = []
  const after: string[] = []
  const seen = new Set<number>()
  for (const [i, s] of scalars.entries()) {
    const text = scaled.weights[i]!.toString()
    before.push(s.raw)
    after.push(text)
    // An anchored weight read through aliases is one scalar: edit it once.
    if (s.raw !== text && !seen.has(s.start)) u.changes.push({ shape: 'scalar', scalar: s, text })
    seen.add(s.start)
  }
  u.weights = { before, after }
  return { ok: true }
}

/** The object's weights as exact decimals (notes for readings worth saying), or why they cannot be read. */
export function readValues(
  weights: readonly WeightRef[],
  notes: string[],
): { values: Decimal[]; scalars: ScalarRef[] } | { problems: Problem[] } {
  const problems: Problem[] = []
  const values: Decimal[] = []
  const scalars: ScalarRef[] = []
  for (const [i, w] of weights.entries()) {
    if ('problem' in w) {
      problems.push(w.problem)
      continue
    }
    const reading = readQuantityWeight({ yaml: w.scalar })
    if (!reading.ok) {
      problems.push({
        code: 'invalid-weight',
        offset: w.scalar.start,
        message: `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}`,
      })
      continue
    }
    if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`)
    values.push(reading.value)
    scalars.push(w.scalar)
  }
  return problems.length ? { problems } : { values, scalars }
}

/**
 * How a kustomize tree's factors know a TrafficSplit of one file: by name, and by namespace when
 * it has one other than `default` (two objects of one name in two namespaces are two objects).
 */
export function splitKey(name: string | undefined, namespace: string | undefined): string | undefined {
  if (name === undefined) return undefined
  return namespace === undefined || namespace === '' || namespace === 'default' ? name : `${name}\0${namespace}`
}

/** The factor other documents impose on this object's weights (kustomize trees), by its splitKey. */
export function floorFor(floors: ConvertOptions['scaleFloor'], name: string | undefined): Scale {
  if (!floors) return 0
  return Math.max(floors.get('*') ?? 0, name === undefined ? 0 : (floors.get(name) ?? 0)) as Scale
}

/** A scalar for a one-line message: a block scalar's line breaks are shown as `\n`. */
export function show(s: ScalarRef): string {
  const flat = s.raw.split('\r').join('\\r').split('\n').join('\\n')
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat
  return s.style === 'PLAIN' ? `"${raw}"` : raw
}
