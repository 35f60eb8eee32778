/**
 * TrafficSplit between any two of v1alpha1…v1alpha4, as the JSON objects a conversion
 * webhook gets, with round trips that do not flap.
 *
 * The conversion itself is the TrafficSplit kind's: its hops on plain objects
 * (kinds/trafficsplit/objects.ts: the weight rule up, integers down, `spec.matches` only in
 * v1alpha3+). What is the webhook's own is the memory between requests: the API server
 * converts on every read and write, so converting there and back must give the object back
 * exactly, and what a version cannot hold (the hops' `kept`: the quantities as written, the
 * matches) is kept in one annotation (`smi-migrate.io/conversion-data`, the pattern Cluster
 * API uses) and handed back to the hops on the way back. Everything else (metadata above
 * all, which the API server requires unchanged apart from labels and annotations) is copied
 * as it is.
 */
import type { Version } from '../model.js'
import { isObject, type Json, type JsonObject } from '../kinds/json.js'
import { SPLIT_GROUP, SPLIT_KIND, splitVersion } from '../kinds/trafficsplit/hops.js'
import { convertObject, type Kept, readKept } from '../kinds/trafficsplit/objects.js'
import { stringifyExact } from './numbers.js'
import { ephemeralKeys, type Ignored, open, seal, type StashKeys } from './stash.js'

export const GROUP = SPLIT_GROUP
export const STASH = 'smi-migrate.io/conversion-data'

/** What the annotation holds: the kind's kept record, and whether the object had annotations. */
type Stash = Kept & {
  /** The object had no annotations: the map goes again when the stash does. */
  noAnnotations?: true
}

/**
 * The API server's limit on an object's annotations (apimachinery's
 * TotalAnnotationSizeLimitB): the sum of each key's and value's length in bytes. A response
 * whose object is over it fails the review, and a stored object over it fails every read.
 */
export const ANNOTATIONS_LIMIT = 256 * 1024

/**
 * `notes`: what was written in a least harmful form, or not kept, for the log; `ignored`: why
 * a stash annotation was not restored from (not signed by this webhook, or out of bounds).
 */
export type Converted = { object: JsonObject; notes?: string[]; ignored?: Ignored } | { error: string }

/**
 * `owned`: the caller hands `input` over (a review's objects, parsed for this review and
 * answered by what comes back), so it is converted in place; else it is copied first. A copy
 * cost a tenth of a review's conversion.
 */
export function convertSplit(input: JsonObject, to: Version, keys: StashKeys = ephemeralKeys(), owned = false): Converted {
  const from = splitVersion(input.apiVersion)
  if (!from || input.kind !== SPLIT_KIND)
    return { error: `${describe(input)}: not a ${GROUP} ${SPLIT_KIND} (${String(input.apiVersion)} ${String(input.kind)})` }
  if (from === to) return { object: input }
  const object = owned ? input : structuredClone(input)
  // The name for messages, made only when one is written: a conversion changes neither the
  // kind nor the namespace and name it is made of.
  const name = () => describe(object)
  const taken = takeStash(object, keys)
  const { kept, noAnnotations } = taken
  const r = convertObject(object, from, to, kept)
  if ('error' in r) return { error: `${name()}: ${r.error}` }
  const ignored = taken.ignored ?? r.unrestored
  const put = putStash(object, kept, noAnnotations, keys, to)
  if ('error' in put) return { error: `${name()}: ${put.error}` }
  const notes = [...(r.notes ?? []), ...put.notes]
  if (ignored) notes.unshift(`the annotation ${STASH} was not restored from (${IGNORED_WHY[ignored]})`)
  const out: Converted = notes.length ? { object, notes: notes.map((n) => `${name()}: ${n}`) } : { object }
  return ignored ? { ...out, ignored } : out
}

const IGNORED_WHY: Record<Ignored, string> = {
  unsigned: 'not signed by this webhook',
  signature: 'its signature does not match this object and the stash keys',
  size: "larger than an object's annotations may be",
  depth: 'nested deeper than a stash is',
  shape:
    'signed by this webhook, but not a record the way back restores: a field or value the schemas do not admit, or text that is not JSON',
  stale: 'the object no longer holds the weights it was written for',
  value: 'it holds a weight the tightened schema does not admit',
}

/**
 * Reads and removes the stash. An annotation that this webhook did not sign for this object
 * (stash.ts), or that is not a stash it could have written (a field or shape the hops never
 * write, or a value the version it would go back into does not admit) is foreign: it stays
 * as it is, nothing is restored from it, and `ignored` says why.
 */
function takeStash(object: JsonObject, keys: StashKeys): { kept: Kept; noAnnotations: boolean; ignored?: Ignored } {
  const meta = isObject(object.metadata) ? object.metadata : undefined
  const annotations = meta && isObject(meta.annotations) ? meta.annotations : undefined
  const raw = annotations?.[STASH]
  if (raw === undefined) return { kept: {}, noAnnotations: false }
  const opened = open(keys, object, String(raw))
  if ('ignored' in opened) return { kept: {}, noAnnotations: false, ignored: opened.ignored }
  const parsed: Json = opened.json
  const kept = readKept(parsed)
  if (!kept) return { kept: {}, noAnnotations: false, ignored: 'shape' }
  delete annotations![STASH]
  return { kept, noAnnotations: isObject(parsed) && parsed.noAnnotations === true }
}

/**
 * Writes the stash, never past ANNOTATIONS_LIMIT. What does not fit is left out, weights
 * first (the integers the object carries are exact; only how the quantities were spelled is
 * lost), then the numbers, with notes. A field the lower version cannot hold (`spec.matches`)
 * is never left out: the conversion fails instead. In the documented set-ups (v1alpha1 or
 * v1alpha2 storage) a conversion that takes matches down is the one the API server makes to
 * store a v1alpha3 or v1alpha4 write, so leaving them out would lose them at that write, with
 * only a log line; failing it refuses the write, with a message the client sees.
 */
function putStash(
  object: JsonObject,
  kept: Kept,
  noAnnotations: boolean,
  keys: StashKeys,
  to: Version,
): { notes: string[] } | { error: string } {
  const meta = isObject(object.metadata) ? object.metadata : (object.metadata = {})
  // The weights first, as the annotation has always been written.
  const { weights, ...fields } = kept
  const stash: Stash = Object.fromEntries(Object.entries({ weights, ...fields }).filter(([, v]) => v !== undefined))
  const hadMap = isObject(meta.annotations)
  if (!hadMap || noAnnotations) stash.noAnnotations = true
  const annotations = isObject(meta.annotations) ? meta.annotations : {}
  const notes: string[] = []
  const fits = roomFor(annotations)
  let json = stringifyExact(stash)
  for (const drop of ['weights', 'numbers']) {
    if (!hasContent(stash) || fits(json)) break
    if (stash[drop] === undefined) continue
    delete stash[drop]
    json = stringifyExact(stash)
    notes.push(`the ${drop} kept for the way back do not fit in the annotations' ${ANNOTATIONS_LIMIT} bytes: not kept`)
  }
  const lost = Object.keys(fields).filter((k) => stash[k] !== undefined)
  if (lost.length > 0 && !fits(json)) return { error: unkeptError(lost, json, annotations, to) }
  if (!hasContent(stash) || !fits(json)) {
    if (noAnnotations && hadMap && Object.keys(annotations).length === 0) delete meta.annotations
    return { notes }
  }
  meta.annotations = annotations
  annotations[STASH] = seal(keys, object, json)
  return { notes }
}

/** Why a conversion that would lose `fields` (`matches`) fails, and what the client can do. */
function unkeptError(fields: readonly string[], json: string, annotations: JsonObject, to: Version): string {
  const need = Buffer.byteLength(STASH) + SEAL_BYTES + Buffer.byteLength(json)
  return (
    `${to} cannot hold its spec.${fields.join(', spec.')}, and the annotation that keeps them for the way back ` +
    `(${need} bytes) does not fit beside its other annotations (${annotationBytes(annotations)} bytes) ` +
    `within the ${ANNOTATIONS_LIMIT} bytes the API server allows: refused rather than lost ` +
    `(kubectl apply --server-side writes no last-applied-configuration annotation)`
  )
}

const SEAL_BYTES = 'v2:'.length + 43 + 1

/**
 * Whether a stash's JSON fits beside `annotations` (the seal, `v2:` and the MAC, takes
 * SEAL_BYTES of the room). A UTF-16 code unit is at most 3 bytes of UTF-8, so when three
 * times the characters fit, the bytes do, and they are counted only when they might not.
 */
function roomFor(annotations: JsonObject): (json: string) => boolean {
  const room = ANNOTATIONS_LIMIT - Buffer.byteLength(STASH) - SEAL_BYTES
  let chars = 0
  for (const [k, v] of Object.entries(annotations)) chars += k.length + (typeof v === 'string' ? v.length : 0)
  let bytes: number | undefined
  return (json) => 3 * (chars + json.length) <= room || Buffer.byteLength(json) <= room - (bytes ??= annotationBytes(annotations))
}

const hasContent = (stash: Stash) => Object.keys(stash).some((k) => k !== 'noAnnotations')

/** The annotations' size as the API server counts it: each key's and value's length in bytes. */
export function annotationBytes(annotations: JsonObject): number {
  let total = 0
  for (const [k, v] of Object.entries(annotations)) total += Buffer.byteLength(k) + (typeof v === 'string' ? Buffer.byteLength(v) : 0)
  return total
}

/** `TrafficSplit ns/name` for messages. */
export function describe(o: JsonObject): string {
  const meta = isObject(o.metadata) ? o.metadata : {}
  const name = [meta.namespace, meta.name].filter((x) => typeof x === 'string').join('/')
  return `${typeof o.kind === 'string' ? o.kind : 'object'} ${name || '(unnamed)'}`
}

export { isObject, splitVersion }
export type { Json, JsonObject }
