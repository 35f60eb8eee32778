/**
 * One ConversionReview, as the API server sends it (apiextensions.k8s.io/v1, or v1beta1
 * from older servers): the request body in, the HTTP status and response body out, and one
 * log record. Every object converts or the whole review fails with a Failure result naming
 * the object and the field (never a half-converted list); a body that is not a review gets
 * a 4xx with the reason. Nothing here does I/O (server.ts does) or throws.
 */
import { isObject, type Json, type JsonObject } from '../kinds/json.js'
import { SPLIT_VERSIONS } from '../kinds/trafficsplit/hops.js'
import { convertSplit, describe, GROUP, splitVersion } from './round-trip.js'
import { MAX_RESPELLED, parseExact, TooManyRespelled } from './numbers.js'
import { ephemeralKeys, type Ignored, type StashKeys } from './stash.js'

/** The API server's own request body limit. */
export const MAX_BODY = 3 * 1024 * 1024

const REVIEW_VERSIONS = ['apiextensions.k8s.io/v1', 'apiextensions.k8s.io/v1beta1']

export interface ReviewLog {
  uid?: string
  /** The kinds and versions of the objects, in order of first appearance. */
  kinds: string[]
  from: string[]
  to?: string
  count: number
  outcome: 'success' | 'failure' | 'rejected'
  /** Why a review failed (Failure result) or was rejected (4xx). */
  reason?: string
  /** What a successful review wrote in a least harmful form, or could not keep (round-trip.ts). */
  notes?: string[]
  /** Why each stash annotation that was not restored from was ignored (stash.ts). */
  ignored?: Ignored[]
}

export interface ReviewOutcome {
  /** 200 for a review (Success or Failure result), 4xx for a request that is not one. */
  status: number
  body: unknown
  log: ReviewLog
}

/** `keys`: the stash keys (a caller that gives none, a test or a server without --stash-key, gets a key made for the process). */
export function handleReview(raw: string, contentType: string | undefined, keys: StashKeys = ephemeralKeys()): ReviewOutcome {
  const stashKeys = keys
  const log: ReviewLog = { kinds: [], from: [], count: 0, outcome: 'rejected' }
  const reject = (status: number, reason: string): ReviewOutcome => ({ status, body: { error: reason }, log: { ...log, reason } })
  if (!/^application\/json\s*(;|$)/i.test(contentType ?? ''))
    return reject(415, `Content-Type must be application/json, not ${contentType ?? 'none'}`)
  if (raw.length > MAX_BODY) return reject(413, `the body is larger than ${MAX_BODY} bytes`)
  let review: Json
  // Past the bound, the review is read as plain JSON for its uid, and fails (below).
  let tooMany: string | undefined
  try {
    try {
      review = parseExact(raw, MAX_RESPELLED)
    } catch (err) {
      if (!(err instanceof TooManyRespelled)) throw err
      tooMany = err.message
      review = JSON.parse(raw) as Json
    }
  } catch (err) {
    return reject(400, `the body is not JSON: ${(err as Error).message}`)
  }
  if (!isObject(review)) return reject(400, 'the body is not a JSON object')
  if (review.kind !== 'ConversionReview' || typeof review.apiVersion !== 'string' || !REVIEW_VERSIONS.includes(review.apiVersion)) {
    return reject(
      400,
      `not a ConversionReview of ${REVIEW_VERSIONS.join(' or ')} (got ${String(review.apiVersion)} ${String(review.kind)})`,
    )
  }
  const request = review.request
  if (
    !isObject(request) ||
    typeof request.uid !== 'string' ||
    typeof request.desiredAPIVersion !== 'string' ||
    !Array.isArray(request.objects)
  ) {
    return reject(400, 'request must have a string uid, a string desiredAPIVersion and a list of objects')
  }
  const { uid, desiredAPIVersion, objects } = request as { uid: string; desiredAPIVersion: string; objects: Json[] }
  Object.assign(log, { uid, to: desiredAPIVersion, count: objects.length })
  // The distinct kinds and versions, in sets: a review of 190,000 distinct kinds must cost no
  // more than one of 190,000 TrafficSplits (the log line clips the lists, server.ts).
  const kinds = new Set<string>()
  const froms = new Set<string>()
  for (const o of objects) {
    if (!isObject(o)) continue
    kinds.add(String(o.kind))
    froms.add(String(o.apiVersion))
  }
  log.kinds = [...kinds]
  log.from = [...froms]
  const respond = (response: JsonObject, outcome: ReviewLog['outcome'], reason?: string): ReviewOutcome => ({
    status: 200,
    body: { apiVersion: review.apiVersion, kind: 'ConversionReview', response: { uid, ...response } },
    log: { ...log, outcome, ...(reason ? { reason } : {}) },
  })
  const failure = (message: string) => respond({ convertedObjects: [], result: { status: 'Failure', message } }, 'failure', message)
  const to = splitVersion(desiredAPIVersion)
  if (!to)
    return failure(
      `desiredAPIVersion ${desiredAPIVersion} is not a TrafficSplit version this webhook serves (${SPLIT_VERSIONS.map((v) => `${GROUP}/${v}`).join(', ')})`,
    )
  if (tooMany) return failure(tooMany)
  const converted: Json[] = []
  const notes: string[] = []
  const ignored: Ignored[] = []
  for (const [i, o] of objects.entries()) {
    if (!isObject(o)) return failure(`objects[${i}] is not an object`)
    let r
    try {
      // The objects were parsed for this review alone: converted in place. A Failure answers
      // with no objects, so one left half-converted by an error is never sent.
      r = convertSplit(o, to, stashKeys, true)
    } catch (err) {
      return failure(`${describe(o)}: cannot be converted (${(err as Error).message})`)
    }
    if ('error' in r) return failure(r.error)
    converted.push(r.object)
    if (r.notes) notes.push(...r.notes)
    if (r.ignored) ignored.push(r.ignored)
  }
  const ok = respond({ convertedObjects: converted, result: { status: 'Success' } }, 'success')
  if (notes.length) ok.log.notes = notes
  if (ignored.length) ok.log.ignored = ignored
  return ok
}
