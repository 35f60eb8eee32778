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

export const GROUP = SPLIT_GROUP
export const STASH = 'smi-migrate.io/conversion-data'

/** What the annotation holds: the kind's kept record, and whether the object had annotations. */
type Stash = Kept & {
  /** The object had no annotations: the map goes again when the stash does. */
  noAnnotations?: true
}

export type Converted = { object: JsonObject } | { error: string }

export function convertSplit(input: JsonObject, to: Version): Converted {
  const from = splitVersion(input.apiVersion)
  const name = describe(input)
  if (!from || input.kind !== SPLIT_KIND)
    return { error: `${name}: not a ${GROUP} ${SPLIT_KIND} (${String(input.apiVersion)} ${String(input.kind)})` }
  if (from === to) return { object: input }
  const object = structuredClone(input)
  const { kept, noAnnotations } = takeStash(object)
  const r = convertObject(object, from, to, kept)
  if ('error' in r) return { error: `${name}: ${r.error}` }
  putStash(object, kept, noAnnotations)
  return { object }
}

/** Reads and removes the stash (a stash that does not parse is dropped: the object as it is wins). */
function takeStash(object: JsonObject): { kept: Kept; noAnnotations: boolean } {
  const none = { kept: {}, noAnnotations: false }
  const meta = isObject(object.metadata) ? object.metadata : undefined
  const annotations = meta && isObject(meta.annotations) ? meta.annotations : undefined
  const raw = annotations?.[STASH]
  if (raw === undefined) return none
  // An annotation that is not ours to read stays as it is.
  let parsed: Json
  try {
    parsed = JSON.parse(String(raw)) as Json
  } catch {
    return none
  }
  if (!isObject(parsed)) return none
  delete annotations![STASH]
  return { kept: readKept(parsed), noAnnotations: parsed.noAnnotations === true }
}

function putStash(object: JsonObject, kept: Kept, noAnnotations: boolean): void {
  const meta = isObject(object.metadata) ? object.metadata : (object.metadata = {})
  // The weights first, as the annotation has always been written.
  const { weights, ...fields } = kept
  const stash: Stash = Object.fromEntries(Object.entries({ weights, ...fields }).filter(([, v]) => v !== undefined))
  if (Object.keys(stash).length === 0) {
    if (noAnnotations && isObject(meta.annotations) && Object.keys(meta.annotations).length === 0) delete meta.annotations
    return
  }
  if (!isObject(meta.annotations)) {
    meta.annotations = {}
    stash.noAnnotations = true
  } else if (noAnnotations) stash.noAnnotations = true
  meta.annotations[STASH] = JSON.stringify(stash)
}

/** `TrafficSplit ns/name` for messages. */
export function describe(o: JsonObject): string {
  const meta = isObject(o.metadata) ? o.metadata : {}
  const name = [meta.namespace, meta.name].filter((x) => typeof x === 'string').join('/')
  return `${typeof o.kind === 'string' ? o.kind : 'object'} ${name || '(unnamed)'}`
}

export { isObject, splitVersion }
export type { Json, JsonObject }
