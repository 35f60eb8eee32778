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
import { exactToken, readJsonWeight } from '../../quantity/json.js'
import { digitCount, type Decimal, MAX_DIGITS } from '../../quantity/quantity.js'
import { milliValue } from '../../quantity/milli.js'
import { readQuantityWeight, weightRule } from '../../quantity/reader.js'
import {
  applied,
  boundedNote,
  gcd,
  LINKERD_MILLI_SUM,
  MAX_WEIGHT,
  readIntegerWeight,
  scaleWeights,
  shift,
  withinSum,
} from '../../quantity/weights.js'
import { isObject, type Json, type JsonObject } from '../json.js'
import { admittedV1alpha1 } from './admitted.js'
import { HOPS, type Hop, SPLIT_GROUP, SPLIT_VERSIONS } from './hops.js'

/** The quantities a v1alpha1 object was written with, and the integers they became. */
export interface KeptWeights {
  original: Json[]
  converted: number[]
}

/**
 * Going down, the numbers a v1alpha2+ object had when v1alpha1's quantities would not read
 * back up to them (`0.5`, `-1`, `3000000000`), and the quantities written for them.
 */
export interface KeptNumbers {
  original: Json[]
  converted: Json[]
}

/**
 * What a conversion could not write into the object, for the way back. Its JSON is the
 * webhook's annotation format, so the names stay: `weights`, and each added field under the
 * last key of its path (`matches` for `spec.matches`).
 */
export type Kept = { weights?: KeptWeights; numbers?: KeptNumbers } & { [field: string]: unknown }

/** `notes`: what could not be converted as such and was written in its least harmful form. */
/**
 * `unrestored`: a kept record was there and not written back, since it no longer matches the
 * object (`stale`) or holds a value the version it would go back into does not admit (`value`).
 */
export type ObjectResult = { ok: true; notes?: string[]; unrestored?: Unrestored } | { error: string }
export type Unrestored = 'stale' | 'value'

export interface ObjectStep {
  from: Version
  to: Version
  /** `from` → `to`, in place. */
  up(o: JsonObject, kept: Kept): ObjectResult
  /** `to` → `from`, in place; `target`: the version the conversion ends at (`from` or below), which its messages name. */
  down(o: JsonObject, kept: Kept, target?: Version): ObjectResult
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
    down(o, kept, target = hop.from) {
      for (const path of added) {
        takeOut(o, path, kept)
        const fault = path[path.length - 1] === 'matches' && kept.matches !== undefined ? matchesFault(kept.matches as Json) : undefined
        if (fault) return { error: unreturnable(target, fault) }
      }
      return hop.weights ? weightsDown(o, kept) : OK
    },
  }
}

/**
 * Why a conversion down to `lower` fails when `spec.matches` holds what the way back would not
 * restore: the object would come back without any of its matches, with a Success.
 */
function unreturnable(lower: Version, fault: string): string {
  return (
    `${lower} cannot hold spec.matches, and ${fault}: not a reference v1alpha3 and v1alpha4 admit (kind HTTPRouteGroup, ` +
    `a string name, an optional string apiGroup, no other field), so the way back would not restore the matches: ` +
    `refused rather than lost`
  )
}

/**
 * Converts `o` in place from `from` to `to`, one hop at a time, apiVersion included. `kept`
 * is what earlier conversions kept (readKept), updated for the next one; on an error, `o`
 * and `kept` are half done and must be dropped.
 */
export function convertObject(o: JsonObject, from: Version, to: Version, kept: Kept): ObjectResult {
  const up = SPLIT_VERSIONS.indexOf(from) < SPLIT_VERSIONS.indexOf(to)
  const notes: string[] = []
  let unrestored: Unrestored | undefined
  for (const s of stepsBetween(from, to)) {
    const r = up ? s.up(o, kept) : s.down(o, kept, to)
    if ('error' in r) return r
    if (r.notes) notes.push(...r.notes)
    unrestored ??= r.unrestored
  }
  o.apiVersion = `${SPLIT_GROUP}/${to}`
  const result: ObjectResult = notes.length ? { ok: true, notes } : OK
  return unrestored ? { ...result, unrestored } : result
}

/** The steps from `from` to `to`, in the order they are taken (made once per pair: a webhook converts on every read). */
function stepsBetween(from: Version, to: Version): readonly ObjectStep[] {
  const key = `${from} ${to}`
  let steps = STEPS_BETWEEN.get(key)
  if (!steps) {
    const at = (v: Version) => SPLIT_VERSIONS.indexOf(v)
    const [a, b] = [at(from), at(to)]
    const between = OBJECT_STEPS.filter((s) => at(s.from) >= Math.min(a, b) && at(s.to) <= Math.max(a, b))
    steps = a < b ? between : between.reverse()
    STEPS_BETWEEN.set(key, steps)
  }
  return steps
}

const STEPS_BETWEEN = new Map<string, readonly ObjectStep[]>()

/**
 * A kept record read back (from an annotation that anyone who can write the object can
 * write): only the fields and shapes the hops write, each restored only where the version it
 * goes back into admits it. A record with anything else is foreign and read as nothing
 * (undefined), so a forged annotation can never put what a typed client cannot decode into
 * an object.
 */
export function readKept(json: Json): Kept | undefined {
  if (!isObject(json)) return undefined
  const kept: Kept = {}
  const adds = HOPS.flatMap((h) => h.adds ?? []).map((path) => path[path.length - 1]!)
  for (const [key, value] of Object.entries(json)) {
    if (key === 'weights') {
      if (!isObject(value) || !isJsonArray(value.original) || !isNumberArray(value.converted)) return undefined
      if (value.original.length !== value.converted.length || Object.keys(value).length !== 2) return undefined
      kept.weights = { original: value.original, converted: value.converted }
    } else if (key === 'numbers') {
      // A null is a backend without a weight (weightsDown keeps it so): it goes back without one.
      if (!isObject(value) || !isNumberArray(value.original, true, true) || !isJsonArray(value.converted)) return undefined
      if (value.original.length !== value.converted.length || Object.keys(value).length !== 2) return undefined
      kept.numbers = { original: value.original, converted: value.converted }
    } else if (adds.includes(key)) {
      if (key === 'matches' && !isMatches(value)) return undefined
      kept[key] = value
    } else if (key !== 'noAnnotations' || value !== true) return undefined
  }
  return kept
}

const isJsonArray = (v: Json | undefined): v is Json[] => Array.isArray(v)
/** Numbers (and, with `exact`, number tokens no double holds: quantity/json.ts EXACT_MARK; with `nulls`, nulls). */
const isNumberArray = (v: Json | undefined, exact = false, nulls = false): v is number[] =>
  Array.isArray(v) &&
  v.every((x) => (typeof x === 'number' && Number.isFinite(x)) || (exact && isNumberToken(exactToken(x))) || (nulls && x === null))
const isNumberToken = (t: string | undefined) => t !== undefined && /^-?\d+(\.\d+)?(e[+-]?\d+)?$/i.test(t)

/**
 * What v1alpha3's and v1alpha4's schemas admit as `spec.matches` (TypedLocalObjectReference
 * with the CRDs' enum): a list of `{kind: HTTPRouteGroup, name, apiGroup?}`, strings only, any
 * string (the CRDs set no minLength: `name: ""` is admitted), and no other field (the API
 * server prunes one). The one predicate of both ways: going down, matches it refuses fail the
 * conversion (stepOf), since going up, a record that holds them is not restored (readKept).
 */
export function isMatches(v: Json | undefined): boolean {
  return matchesFault(v) === undefined
}

/** Why `v` is not what isMatches admits (naming the first match that is not), or undefined. */
export function matchesFault(v: Json | undefined): string | undefined {
  if (!Array.isArray(v)) return `spec.matches is ${clip(v)}, not a list`
  const i = v.findIndex(
    (m) =>
      !isObject(m) ||
      m.kind !== 'HTTPRouteGroup' ||
      typeof m.name !== 'string' ||
      (m.apiGroup !== undefined && typeof m.apiGroup !== 'string') ||
      !Object.keys(m).every((k) => k === 'kind' || k === 'name' || k === 'apiGroup'),
  )
  return i < 0 ? undefined : `spec.matches[${i}] is ${clip(v[i])}`
}

const clip = (v: Json | undefined): string => {
  const text = v === undefined ? 'undefined' : JSON.stringify(v)
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

function backendsOf(o: JsonObject): Json[] {
  const spec = isObject(o.spec) ? o.spec : undefined
  return spec && Array.isArray(spec.backends) ? spec.backends : []
}

const field = (i: number) => `spec.backends[${i}].weight`

/** The backends' weights in order (undefined where a backend has none). */
function weightsOf(o: JsonObject): Array<Json | undefined> {
  return backendsOf(o).map((b) => (isObject(b) ? b.weight : undefined))
}

/**
 * An error for a JSON integer weight of more than MAX_DIGITS digits (a token read exactly,
 * numbers.ts). The API server never sends one (it holds an int64); anyone who can reach the
 * webhook can, and converting it costs BigInt work that grows faster than its length, on the
 * one thread every review shares: the review fails at once instead.
 */
function tooLong(weights: ReadonlyArray<Json | undefined>): { error: string } | undefined {
  for (const [i, w] of weights.entries()) {
    const token = exactToken(w)
    if (token === undefined) continue
    const digits = /^-?(\d+)$/.exec(token)?.[1]?.length ?? 0
    if (digits > MAX_DIGITS) return { error: `${field(i)} is an integer of ${digits} digits: a weight has at most ${MAX_DIGITS}` }
  }
  return undefined
}

/** Writes `weights` into the backends in order; undefined or null removes the weight. */
function writeWeights(o: JsonObject, weights: ReadonlyArray<Json | undefined>): void {
  backendsOf(o).forEach((b, i) => {
    if (!isObject(b)) return
    const w = weights[i]
    if (w === undefined || w === null) delete b.weight
    else b.weight = w
  })
}

function weightsUp(o: JsonObject, kept: Kept): ObjectResult {
  const down = kept.numbers
  delete kept.weights
  delete kept.numbers
  const original = weightsOf(o)
  const long = tooLong(original)
  if (long) return long
  // The numbers a v1alpha2+ client wrote, if the tightened schema admits them and the
  // quantities are still the ones they became (the same rule down gives them exactly).
  const unrestored = !down
    ? undefined
    : !admitsNumbers(down.original)
      ? 'value'
      : sameJson(downQuantities(down.original).weights, original)
        ? undefined
        : 'stale'
  if (down && !unrestored) {
    writeWeights(o, down.original)
    return OK
  }
  const { ints, notes } = upIntegers(original)
  writeWeights(o, ints)
  // Only quantities the way down would not write again need keeping.
  const same = sameNumbers(original, ints)
  if (!same && !sameJson(downQuantities(ints).weights, original))
    kept.weights = { original: original.map((w) => w ?? null), converted: ints }
  // v1alpha1 integers whose sum Linkerd wrapped read up as themselves, but go down as weights
  // it sums: said here, where it is known, so the change on a write-back is not silent.
  else if (same && ints.reduce((a, b) => a + b, 0) > 429_496 && !sameJson(downQuantities(ints).weights, original))
    notes.push(
      `the weights add up past what Linkerd sums (${LINKERD_MILLI_SUM} milli-units), which wrapped them: read back as v1alpha1, they are written as weights it sums, in these proportions`,
    )
  const result: ObjectResult = notes.length ? { ok: true, notes } : OK
  return unrestored ? { ...result, unrestored } : result
}

/**
 * Whether kept v1alpha2+ numbers are what the tightened schema and the admission policy admit
 * (webhook/hardening.ts): each missing or an integer from 0 to MAX_WEIGHT, their sum at most
 * LINKERD_MILLI_SUM. Only such numbers are written back: a signed stash can be had for
 * any object a client sends, so it must never carry what a client could not have written.
 */
export function admitsNumbers(numbers: readonly Json[]): boolean {
  let sum = 0
  for (const w of numbers) {
    if (w === null) continue
    if (typeof w !== 'number' || !Number.isInteger(w) || w < 0 || w > Number(MAX_WEIGHT)) return false
    sum += w
  }
  return sum <= Number(LINKERD_MILLI_SUM)
}

/**
 * The integers v1alpha1 weights become: the weight rule (a weight finer than 1m taken as
 * Linkerd applied it, with a note; weights past what Linkerd sums written in proportion
 * within it, with a note), or, for weights it refuses (not a quantity, negative, too large
 * even divided), the least harmful integers that still answer, so that no stored object can
 * make reads fail: a weight that cannot be read carries no traffic (0), and weights too
 * large keep their proportions within what Linkerd sums (a non-zero weight at least 1). `notes` says which, for the log; the quantities are kept for the
 * way back by the caller.
 */
export function upIntegers(original: ReadonlyArray<Json | undefined>): { ints: number[]; notes: string[] } {
  const rule = weightRule(original.map((w) => ({ json: w ?? null })))
  if (rule.ok) {
    const ints = rule.weights.map(Number)
    // The common object: nothing to say (no weight finer than 1m, the only note a JSON weight gets).
    if (rule.notes.every((n) => n === undefined) && !rule.bounded) return { ints, notes: [] }
    const notes = rule.notes.flatMap((n, i) => (n === undefined ? [] : [`${field(i)} ${JSON.stringify(original[i])} ${n}`]))
    return { ints, notes: rule.bounded ? [...notes, boundedNote()] : notes }
  }
  const notes: string[] = []
  const values: Decimal[] = original.map((w, i) => {
    const r = readQuantityWeight({ json: w ?? null })
    if (r.ok) return r.value
    notes.push(`${field(i)} ${w === undefined || w === null ? 'is missing' : `${JSON.stringify(w)} ${r.reason}`}: written as 0`)
    return { negative: false, n: 0n, e: 0 }
  })
  // The same rule as file mode's: with Linkerd's sum bound it refuses only a negative weight, and
  // none is left here (too large even divided is written in proportion within the bound, `bounded`).
  const again = scaleWeights(values)
  if (again.ok) return { ints: again.weights.map(Number), notes: again.bounded ? [...notes, boundedNote()] : notes }
  return { ints: withinSum(applied(values).values, LINKERD_MILLI_SUM).map(Number), notes: [...notes, boundedNote()] }
}

function weightsDown(o: JsonObject, kept: Kept): ObjectResult {
  const stash = kept.weights
  delete kept.weights
  delete kept.numbers
  const current = weightsOf(o)
  const long = tooLong(current)
  if (long) return long
  const ints: number[] = []
  for (const w of current) {
    const r = readIntegerWeight(w)
    if (r.ok) ints.push(r.value)
  }
  const whole = ints.length === current.length
  // Only weights the tightened schema and the policy admit (admitted.ts); the integers must still be the stash's.
  const unrestored = !stash
    ? undefined
    : !admittedV1alpha1(stash.original)
      ? 'value'
      : !whole || !sameNumbers(stash.converted, ints)
        ? 'stale'
        : restores(stash, ints)
          ? undefined
          : 'value'
  if (stash && !unrestored) {
    writeWeights(o, stash.original)
    return OK
  }
  const { weights, notes } = downQuantities(current)
  writeWeights(o, weights)
  // What v1alpha1 holds must read back up to the same numbers, or the numbers are kept.
  // Integers from 0 to MAX_WEIGHT written as they are read back up as themselves (the weight
  // rule keeps an integer that fits), so the common object skips reading them again.
  if (!writtenAsInt32(weights, current) && !sameJson(upIntegers(weights).ints, current))
    kept.numbers = { original: current.map((w) => w ?? null), converted: weights.map((w) => w ?? null) }
  const result: ObjectResult = notes.length ? { ok: true, notes } : OK
  return unrestored ? { ...result, unrestored } : result
}

/** Whether every weight was written as the integer it was, one from 0 to MAX_WEIGHT. */
function writtenAsInt32(weights: ReadonlyArray<Json | undefined>, current: ReadonlyArray<Json | undefined>): boolean {
  const max = Number(MAX_WEIGHT)
  return weights.every((w, i) => w === current[i] && typeof w === 'number' && Number.isInteger(w) && w >= 0 && w <= max)
}

/**
 * v1alpha2+ weights as v1alpha1 quantities. Every JSON number is one: a non-negative
 * integer stays the JSON number it is (one no double holds included: its token is written
 * back as it was), a negative number carries no traffic (0, with a note: Linkerd would read
 * it as a uint32 near 2^32), any other number becomes the quantity string of its shortest
 * decimal (`0.5` → "0.5", `1e21` → "1e+21": v1alpha1's schema is int-or-string, so a fraction
 * cannot stay a number). A value no quantity can be (a string, null, an object: no v1alpha2
 * schema admits one) stays as it is, with a note. Then what Linkerd adds up must fit
 * (linkerdBound).
 */
export function downQuantities(current: ReadonlyArray<Json | undefined>): { weights: Array<Json | undefined>; notes: string[] } {
  const notes: string[] = []
  const negative = (i: number, w: Json) => {
    notes.push(`${field(i)} ${typeof w === 'string' ? (exactToken(w) ?? w) : JSON.stringify(w)} is negative: written as 0`)
    return 0
  }
  const weights = current.map((w, i) => {
    if (typeof w === 'number' && Number.isFinite(w)) {
      if (w < 0) return negative(i, w)
      return Number.isSafeInteger(w) ? w : String(w)
    }
    const token = exactToken(w)
    if (token !== undefined) {
      if (token.startsWith('-')) return negative(i, w!)
      return /^\d+$/.test(token) ? w : token
    }
    if (w !== undefined) notes.push(`${field(i)} ${JSON.stringify(w)} is not a number: written as it is`)
    return w
  })
  return linkerdBound(weights, notes)
}

/** What Linkerd adds up (quantity/weights.ts, the one place of the bound). */
export { LINKERD_MILLI_SUM }

/**
 * v1alpha1 weights whose sum Linkerd adds up without wrapping, in the same proportions:
 * as they are when they fit; else divided by their greatest common divisor (the weight
 * rule's exact scaling) as integers, or as milli-quantities (`"1000000m"`, exact for Linkerd,
 * which reads milli-units); else, with a note, in proportion within the bound (every
 * non-zero weight keeps at least 1m). The integers the object holds are kept for the way
 * back by the caller, so nothing is lost.
 */
function linkerdBound(weights: Array<Json | undefined>, notes: string[]): { weights: Array<Json | undefined>; notes: string[] } {
  // The common case, without reading a quantity: small non-negative integers.
  let small = 0
  for (const w of weights) small += typeof w === 'number' && w >= 0 && w <= 429_496 ? w : Infinity
  if (small <= 429_496) return { weights, notes }
  const values: Decimal[] = []
  for (const w of weights) {
    const r = readJsonWeight(w)
    // An integer token of more digits than a quantity reads (64) is still an integer.
    const value = r.ok ? r.value : wholeToken(w)
    if (!value || value.negative) return { weights, notes } // noted above; nothing to add up
    values.push(value)
  }
  const milli = values.map(milliOf)
  if (milli.reduce((a, b) => a + b, 0n) <= LINKERD_MILLI_SUM) return { weights, notes }
  const exact = exactIntegers(values)
  if (exact) {
    const sum = exact.reduce((a, b) => a + b, 0n)
    if (sum * 1000n <= LINKERD_MILLI_SUM) return { weights: exact.map(Number), notes }
    if (sum <= LINKERD_MILLI_SUM) return { weights: exact.map((m) => (m === 0n ? 0 : `${m}m`)), notes }
  }
  notes.push(
    `the weights add up past what Linkerd sums (${LINKERD_MILLI_SUM} milli-units): written in proportion as milli-quantities, as nearly as that allows`,
  )
  return { weights: withinSum(values, LINKERD_MILLI_SUM).map((m) => (m === 0n ? 0 : `${m}m`)), notes }
}

/** A JSON integer token read exactly (numbers.ts) as a decimal (of at most MAX_DIGITS digits: tooLong). */
function wholeToken(w: Json | undefined): Decimal | undefined {
  const token = exactToken(w)
  return token !== undefined && /^\d+$/.test(token) ? { negative: false, n: BigInt(token), e: 0 } : undefined
}

/** Go's MilliValue() of a non-negative decimal (rounded up), capped just past the bound. */
const milliOf = (v: Decimal) => milliValue(v, LINKERD_MILLI_SUM)

/** The weights as integers (one common power of ten) divided by their greatest common divisor, or undefined past 10^40. */
function exactIntegers(values: readonly Decimal[]): bigint[] | undefined {
  const nonzero = values.filter((v) => v.n !== 0n)
  if (nonzero.length === 0) return values.map(() => 0n)
  const base = Math.min(...nonzero.map((v) => v.e))
  if (Math.max(...nonzero.map((v) => digitCount(v.n) + v.e)) - base > 40) return undefined
  const ints = values.map((v) => (v.n === 0n ? 0n : shift(v.n, v.e - base)))
  const g = ints.reduce((a, b) => gcd(a, b), 0n)
  return ints.map((i) => i / g)
}

/**
 * Whether kept quantities may be written back: the integers are still theirs, and the
 * quantities give them again. The weight rule takes them as Linkerd applied them (a weight
 * finer than 1m rounded up to 1m, quantity/milli.ts), so quantities that give the integers
 * again are ones Linkerd routed in those proportions.
 */
function restores(stash: KeptWeights, ints: readonly number[]): boolean {
  if (!sameNumbers(stash.converted, ints)) return false
  // A missing weight (null in the record) is kept missing; it read up as 0.
  if (!stash.original.every((w) => w === null || readJsonWeight(w).ok)) return false
  return sameNumbers(upIntegers(stash.original).ints, ints)
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

/** Equal as JSON values (a missing weight equals null). */
function sameJson(a: ReadonlyArray<Json | undefined>, b: ReadonlyArray<Json | undefined>): boolean {
  return a.length === b.length && a.every((x, i) => JSON.stringify(x ?? null) === JSON.stringify(b[i] ?? null))
}
