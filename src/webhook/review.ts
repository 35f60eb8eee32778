/**
 * One ConversionReview, as the API server sends it (apiextensions.k8s.io/v1 or v1beta1):
 * the request body in, the HTTP status and response body out, and one log record. Every
 * object converts or the whole review fails (never a half-converted list). Nothing here
 * does I/O; server.ts does.
 */
// Contract for server.ts (filled in by convert.ts): see handleReview.

/** The API server's own request body limit. */
export const MAX_BODY = 3 * 1024 * 1024

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
}

export interface ReviewOutcome {
  /** 200 for a review (Success or Failure result), 4xx for a request that is not one. */
  status: number
  body: unknown
  log: ReviewLog
}

export function handleReview(raw: string, contentType: string | undefined): ReviewOutcome {
  void raw
  void contentType
  throw new Error('not built yet')
}
