/**
 * TrafficSplit between any two of v1alpha1…v1alpha4, as the JSON objects a conversion
 * webhook gets, with round trips that do not flap.
 *
 * The API server converts on every read and write, so converting there and back must give
 * the object back exactly. What a version cannot hold is kept in one annotation
 * (`smi-migrate.io/conversion-data`, the pattern Cluster API uses) and restored on the way
 * back:
 * - v1alpha1 weights are quantities (`"1"`, `500m`); v1alpha2+ weights are integers made by
 *   the weight rule (quantity/weights.ts: one exact factor per object, 1 + 500m → 1000 +
 *   500). Going up keeps the quantities as written, with the integers they became; going
 *   down restores them only if the integers are still those (a client that changed the
 *   weights in between wins: its integers are written as they are).
 * - `spec.matches` (v1alpha3+) is kept while the object is v1alpha1 or v1alpha2.
 * Everything else (metadata above all, which the API server requires unchanged apart from
 * labels and annotations) is copied as it is.
 */
import { type Decimal, parseQuantity } from '../quantity/quantity.js'
import { MAX_WEIGHT, scaleWeights } from '../quantity/weights.js'
import { VERSIONS, type Version } from '../model.js'

export const GROUP = 'split.smi-spec.io'
export const STASH = 'smi-migrate.io/conversion-data'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

/** What the annotation holds. */
interface Stash {
  /** The v1alpha1 weights as written, and the integers they became. */
  weights?: { original: Json[]; converted: number[] }
  /** `spec.matches` of a v1alpha3+ object. */
  matches?: Json
  /** The object had no annotations: the map goes again when the stash does. */
  noAnnotations?: true
}

export type Converted = { object: JsonObject } | { error: string }

/** The version of a TrafficSplit apiVersion, or undefined. */
export function splitVersion(apiVersion: unknown): Version | undefined {
  if (typeof apiVersion !== 'string' || !apiVersion.startsWith(`${GROUP}/`)) return undefined
  const v = apiVersion.slice(GROUP.length + 1)
  return (VERSIONS as readonly string[]).includes(v) ? v as Version : undefined
}

export function convertSplit(input: JsonObject, to: Version): Converted {
  const from = splitVersion(input.apiVersion)
  const name = describe(input)
  if (!from || input.kind !== 'TrafficSplit') return { error: `${name}: not a ${GROUP} TrafficSplit (${String(input.apiVersion)} ${String(input.kind)})` }
  if (from === to) return { object: input }
  const object = structuredClone(input)
  const stash = takeStash(object)
  const spec = isObject(object.spec) ? object.spec : undefined
  const backends = spec && Array.isArray(spec.backends) ? spec.backends : []

  // The weights as integers (what v1alpha2+ hold), and the v1alpha1 quantities behind them.
  const read = from === 'v1alpha1' ? fromQuantities(backends, name) : fromIntegers(backends, name)
  if ('error' in read) return read
  const { ints } = read
  let original: Json[] | undefined = 'original' in read ? (read as { original: Json[] }).original : undefined
  // The stash's quantities are used only if they still are what the integers came from.
  if (!original && stash.weights && sameNumbers(stash.weights.converted, ints)) {
    const again = fromQuantities(stash.weights.original.map((w) => ({ weight: w })), name)
    if (!('error' in again) && sameNumbers(again.ints, ints)) original = stash.weights.original
  }

  // spec.matches: held by v1alpha3+, kept in the stash below that.
  const holdsMatches = (v: Version) => v === 'v1alpha3' || v === 'v1alpha4'
  const matches = holdsMatches(from) ? (spec && 'matches' in spec ? { value: spec.matches! } : undefined)
    : stash.matches !== undefined ? { value: stash.matches } : undefined

  const out: Stash = {}
  if (spec && backends.length) {
    backends.forEach((b, i) => {
      if (!isObject(b)) return
      if (to === 'v1alpha1') b.weight = original ? original[i]! : ints[i]!
      else b.weight = ints[i]!
    })
    // Going down writes the integers as numbers: only quantities written otherwise need keeping.
    if (to !== 'v1alpha1' && original && !sameNumbers(original, ints)) out.weights = { original, converted: ints }
  }
  if (spec) {
    if (holdsMatches(to)) {
      if (matches) spec.matches = matches.value
    } else {
      if (matches) out.matches = matches.value
      delete spec.matches
    }
  }
  object.apiVersion = `${GROUP}/${to}`
  putStash(object, out, stash.noAnnotations === true)
  return { object }
}

/** v1alpha1: each weight a quantity (JSON string or number), through the weight rule. */
function fromQuantities(backends: Json[], name: string): { ints: number[]; original: Json[] } | { error: string } {
  const values: Decimal[] = []
  const original: Json[] = []
  for (const [i, b] of backends.entries()) {
    const field = `spec.backends[${i}].weight`
    const w = isObject(b) ? b.weight : undefined
    if (w === undefined || w === null) return { error: `${name}: ${field} is missing` }
    const text = typeof w === 'number' && Number.isFinite(w) ? String(w) : typeof w === 'string' ? w : undefined
    const q = text === undefined ? undefined : parseQuantity(text)
    if (!q || !q.ok) return { error: `${name}: ${field} ${JSON.stringify(w)} ${q && !q.ok ? q.reason : 'is not a quantity'}` }
    if (q.value.negative && q.value.n !== 0n) return { error: `${name}: ${field} ${JSON.stringify(w)} is negative` }
    values.push(q.value)
    original.push(w)
  }
  const scaled = scaleWeights(values)
  if (!scaled.ok) return { error: `${name}: spec.backends[${scaled.index}].weight ${JSON.stringify(original[scaled.index]!)} ${scaled.reason}` }
  return { ints: scaled.weights.map(Number), original }
}

/** v1alpha2+: each weight an integer, as the CRD's schema says. */
function fromIntegers(backends: Json[], name: string): { ints: number[] } | { error: string } {
  const ints: number[] = []
  for (const [i, b] of backends.entries()) {
    const w = isObject(b) ? b.weight : undefined
    if (typeof w !== 'number' || !Number.isSafeInteger(w) || w < 0) {
      return { error: `${name}: spec.backends[${i}].weight ${JSON.stringify(w ?? null)} is not a non-negative integer` }
    }
    // Larger integers could be written down to v1alpha1 but never read back up.
    if (BigInt(w) > MAX_WEIGHT) return { error: `${name}: spec.backends[${i}].weight ${w} is above ${MAX_WEIGHT}, the largest TrafficSplit weight` }
    ints.push(w)
  }
  return { ints }
}

/** Reads and removes the stash (a stash that does not parse is dropped: the object as it is wins). */
function takeStash(object: JsonObject): Stash {
  const meta = isObject(object.metadata) ? object.metadata : undefined
  const annotations = meta && isObject(meta.annotations) ? meta.annotations : undefined
  const raw = annotations?.[STASH]
  if (raw === undefined) return {}
  // An annotation that is not ours to read stays as it is.
  let stash: Stash
  try {
    const parsed = JSON.parse(String(raw)) as Json
    if (!isObject(parsed)) return {}
    stash = parsed as Stash
  } catch {
    return {}
  }
  delete annotations![STASH]
  if (stash.weights && !(Array.isArray(stash.weights.original) && Array.isArray(stash.weights.converted))) delete stash.weights
  return stash
}

function putStash(object: JsonObject, stash: Stash, noAnnotations: boolean): void {
  const meta = isObject(object.metadata) ? object.metadata : (object.metadata = {})
  const empty = stash.weights === undefined && stash.matches === undefined
  if (empty) {
    if (noAnnotations && isObject(meta.annotations) && Object.keys(meta.annotations).length === 0) delete meta.annotations
    return
  }
  if (!isObject(meta.annotations)) {
    meta.annotations = {}
    stash.noAnnotations = true
  } else if (noAnnotations) stash.noAnnotations = true
  meta.annotations[STASH] = JSON.stringify(stash)
}

function sameNumbers(a: readonly Json[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i])
}

export function isObject(v: Json | undefined): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v)
}

/** `TrafficSplit ns/name` for messages. */
export function describe(o: JsonObject): string {
  const meta = isObject(o.metadata) ? o.metadata : {}
  const name = [meta.namespace, meta.name].filter((x) => typeof x === 'string').join('/')
  return `${typeof o.kind === 'string' ? o.kind : 'object'} ${name || '(unnamed)'}`
}

export type { Json, JsonObject }
