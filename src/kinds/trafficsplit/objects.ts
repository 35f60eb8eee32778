/**
 * TrafficSplit's hops on plain objects (a ConversionReview's JSON objects), upward and
 * downward, made from the chain in hops.ts. A hop changes only what its versions differ in;
 * everything else (metadata above all) stays as it is.
 *
 * Going down loses what the lower version cannot hold, and going up writes over how the
 * lower version spelled it: each hop puts that into `kept`, and takes it back on the way
 * back, so that a round trip gives the object back (the webhook stores `kept` in an
 * annotation between requests):
 * - weights (v1alpha1 ↔ v1alpha2): up, the quantities go through the weight rule
 *   (quantity/reader.ts: 1 + 500m → 1000 + 500) and are kept as written with the integers
 *   they became; down, the integers are written as they are (a JSON number is a quantity),
 *   or the kept quantities if the integers are still the ones they became (a client that
 *   changed the weights in between wins).
 * - fields the upper version adds (`spec.matches`): down, kept and removed; up, put back.
 */
import type { Version } from '../../model.js'
import { weightRule } from '../../quantity/reader.js'
import { readIntegerWeight } from '../../quantity/weights.js'
import { isObject, type Json, type JsonObject } from '../json.js'
import { HOPS, type Hop, SPLIT_GROUP, SPLIT_VERSIONS } from './hops.js'

/** The quantities a v1alpha1 object was written with, and the integers they became. */
export interface KeptWeights {
  original: Json[]
  converted: number[]
}

/**
 * What a conversion could not write into the object, for the way back. Its JSON is the
 * webhook's annotation format, so the names stay: `weights`, and each added field under the
 * last key of its path (`matches` for `spec.matches`).
 */
export type Kept = { weights?: KeptWeights } & { [field: string]: unknown }

export type ObjectResult = { ok: true } | { error: string }

export interface ObjectStep {
  from: Version
  to: Version
  /** `from` → `to`, in place. */
  up(o: JsonObject, kept: Kept): ObjectResult
  /** `to` → `from`, in place. */
  down(o: JsonObject, kept: Kept): ObjectResult
}

const OK: ObjectResult = { ok: true }

export const OBJECT_STEPS: readonly ObjectStep[] = HOPS.map(stepOf)

function stepOf(hop: Hop): ObjectStep {
  const added = hop.adds ?? []
  return {
    from: hop.from,
    to: hop.to,
    up(o, kept) {
      const r = hop.weights ? weightsUp(o, kept) : OK
      for (const path of added) putBack(o, path, kept)
      return r
    },
    down(o, kept) {
      for (const path of added) takeOut(o, path, kept)
      return hop.weights ? weightsDown(o, kept) : OK
    },
  }
}

/**
 * Converts `o` in place from `from` to `to`, one hop at a time, apiVersion included. `kept`
 * is what earlier conversions kept (readKept), updated for the next one; on an error, `o`
 * and `kept` are half done and must be dropped.
 */
export function convertObject(o: JsonObject, from: Version, to: Version, kept: Kept): ObjectResult {
  const a = SPLIT_VERSIONS.indexOf(from)
  const b = SPLIT_VERSIONS.indexOf(to)
  const at = (v: Version) => SPLIT_VERSIONS.indexOf(v)
  const up = a < b
  const steps = OBJECT_STEPS.filter((s) => at(s.from) >= Math.min(a, b) && at(s.to) <= Math.max(a, b))
  for (const s of up ? steps : [...steps].reverse()) {
    const r = up ? s.up(o, kept) : s.down(o, kept)
    if ('error' in r) return r
  }
  o.apiVersion = `${SPLIT_GROUP}/${to}`
  return OK
}

/** A kept record read back (from an annotation): only the fields and shapes the hops write. */
export function readKept(json: Json): Kept {
  const kept: Kept = {}
  if (!isObject(json)) return kept
  const w = json.weights
  if (isObject(w) && Array.isArray(w.original) && Array.isArray(w.converted)) {
    kept.weights = { original: w.original, converted: w.converted as number[] }
  }
  for (const path of HOPS.flatMap((h) => h.adds ?? [])) {
    const key = path[path.length - 1]!
    if (json[key] !== undefined) kept[key] = json[key]
  }
  return kept
}

function backendsOf(o: JsonObject): Json[] {
  const spec = isObject(o.spec) ? o.spec : undefined
  return spec && Array.isArray(spec.backends) ? spec.backends : []
}

const field = (i: number) => `spec.backends[${i}].weight`

function weightsUp(o: JsonObject, kept: Kept): ObjectResult {
  delete kept.weights
  const backends = backendsOf(o)
  const original = backends.map((b) => (isObject(b) ? b.weight : undefined))
  const rule = weightRule(original.map((w) => ({ json: w ?? null })))
  if (!rule.ok) {
    // The first error in the order of the backends, as the API server reports one.
    const { index, reason } = rule.errors[0]!
    const w = original[index]
    return { error: w === undefined || w === null ? `${field(index)} is missing` : `${field(index)} ${JSON.stringify(w)} ${reason}` }
  }
  const ints = rule.weights.map(Number)
  backends.forEach((b, i) => {
    if (isObject(b)) b.weight = ints[i]!
  })
  // Only quantities written otherwise than as their integers need keeping.
  if (!sameNumbers(original as Json[], ints)) kept.weights = { original: original as Json[], converted: ints }
  return OK
}

function weightsDown(o: JsonObject, kept: Kept): ObjectResult {
  const stash = kept.weights
  delete kept.weights
  const backends = backendsOf(o)
  const ints: number[] = []
  for (const [i, b] of backends.entries()) {
    const w = isObject(b) ? b.weight : undefined
    const r = readIntegerWeight(w)
    if (!r.ok) return { error: `${field(i)} ${JSON.stringify(w ?? null)} ${r.reason}` }
    ints.push(r.value)
  }
  const original = stash && restores(stash, ints) ? stash.original : undefined
  if (original) {
    backends.forEach((b, i) => {
      if (isObject(b)) b.weight = original[i]!
    })
  }
  return OK
}

/** Whether kept quantities may be written back: the integers are still theirs, and the quantities still give them. */
function restores(stash: KeptWeights, ints: readonly number[]): boolean {
  if (!sameNumbers(stash.converted, ints)) return false
  const again = weightRule(stash.original.map((json) => ({ json })))
  return again.ok && sameNumbers(again.weights.map(Number), ints)
}

function parentOf(o: JsonObject, path: readonly string[]): JsonObject | undefined {
  let at: Json | undefined = o
  for (const key of path.slice(0, -1)) at = isObject(at) ? at[key] : undefined
  return isObject(at) ? at : undefined
}

/** Going down: the field goes into `kept` (or, absent, whatever was kept for it goes). */
function takeOut(o: JsonObject, path: readonly string[], kept: Kept): void {
  const key = path[path.length - 1]!
  const parent = parentOf(o, path)
  delete kept[key]
  if (parent && key in parent) {
    kept[key] = parent[key]
    delete parent[key]
  }
}

/** Going up: the kept field comes back into the object (if its parent is there to hold it). */
function putBack(o: JsonObject, path: readonly string[], kept: Kept): void {
  const key = path[path.length - 1]!
  const parent = parentOf(o, path)
  if (kept[key] !== undefined && parent) parent[key] = kept[key] as Json
  delete kept[key]
}

function sameNumbers(a: readonly unknown[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}
