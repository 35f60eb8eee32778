/**
 * The API server's side of a conversion, as apiextensions-apiserver's webhook_converter.go
 * does it: a ConversionReview per object (storage converts each object alone), and the
 * checks on the response before anything is taken from it: the uid, a Success result, one
 * converted object per object sent, each of the desired apiVersion and the same kind; then
 * the metadata rule (restoreObjectMeta: only labels and annotations come from the response,
 * every other metadata field stays the request's) and the annotations' validation, size
 * limit included (apimachinery ValidateAnnotations: keys and values, 256 KiB in total).
 */
import { handleReview } from '../../src/webhook/review.js'

type Obj = Record<string, any>

export const ANNOTATIONS_LIMIT = 256 * 1024

export type ApiResult = { ok: true; object: Obj; notes: string[] } | { ok: false; why: string }

/** Sends `object` to the webhook for `desired` (`split.smi-spec.io/v1alpha2`) and checks the answer. */
export function apiConvert(object: Obj, desired: string, uid = 'c0ffee'): ApiResult {
  const review = {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid, desiredAPIVersion: desired, objects: [object] },
  }
  const out = handleReview(JSON.stringify(review), 'application/json')
  if (out.status !== 200) return { ok: false, why: `HTTP ${out.status}` }
  // Through the wire: the API server decodes the JSON the webhook wrote.
  const body = JSON.parse(JSON.stringify(out.body)) as Obj
  const response = body.response
  if (!response || response.uid !== uid) return { ok: false, why: 'uid mismatch' }
  if (response.result?.status !== 'Success') return { ok: false, why: `result ${response.result?.status}: ${response.result?.message}` }
  const converted = response.convertedObjects
  if (!Array.isArray(converted) || converted.length !== 1) return { ok: false, why: 'expected 1 converted object' }
  const o = converted[0] as Obj
  if (o.apiVersion !== desired) return { ok: false, why: `apiVersion ${o.apiVersion}, not ${desired}` }
  if (o.kind !== object.kind) return { ok: false, why: `kind ${o.kind}, not ${object.kind}` }
  const meta = (o.metadata ?? {}) as Obj
  const problem = validateAnnotations(meta.annotations) ?? validateLabels(meta.labels)
  if (problem) return { ok: false, why: problem }
  const restored: Obj = { ...(object.metadata ?? {}) }
  for (const k of ['labels', 'annotations']) {
    if (meta[k] === undefined) delete restored[k]
    else restored[k] = meta[k]
  }
  return { ok: true, object: { ...o, metadata: restored }, notes: out.log.notes ?? [] }
}

/** ValidateAnnotations: string values, lower-case qualified-name keys, at most 256 KiB of keys and values. */
export function validateAnnotations(annotations: unknown): string | undefined {
  if (annotations === undefined || annotations === null) return undefined
  if (typeof annotations !== 'object' || Array.isArray(annotations)) return 'annotations are not a map'
  let total = 0
  for (const [k, v] of Object.entries(annotations)) {
    if (typeof v !== 'string') return `annotation ${k} is not a string`
    if (!qualifiedName(k.toLowerCase())) return `annotation key ${k} is not a qualified name`
    total += Buffer.byteLength(k) + Buffer.byteLength(v)
  }
  return total > ANNOTATIONS_LIMIT ? `annotations are ${total} bytes, over ${ANNOTATIONS_LIMIT}` : undefined
}

function validateLabels(labels: unknown): string | undefined {
  if (labels === undefined || labels === null) return undefined
  if (typeof labels !== 'object' || Array.isArray(labels)) return 'labels are not a map'
  for (const [k, v] of Object.entries(labels)) if (typeof v !== 'string' || !qualifiedName(k)) return `label ${k} is not valid`
  return undefined
}

function qualifiedName(key: string): boolean {
  const parts = key.split('/')
  if (parts.length > 2) return false
  const name = parts[parts.length - 1]!
  if (parts.length === 2 && !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(parts[0]!)) return false
  return name.length > 0 && name.length <= 63 && /^[A-Z0-9]([-\w.]*[A-Z0-9])?$/i.test(name)
}
