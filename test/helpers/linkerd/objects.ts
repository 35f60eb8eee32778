/**
 * The plain data the model of Linkerd's routing reads (test/helpers/linkerd/), and what it says
 * of one request. Written for the tests from Linkerd's behaviour; it imports nothing from src/,
 * so that the converter is checked against an account of Linkerd that it did not write.
 *
 * Sources are cited as `repo@commit:path`. Snapshots read:
 * - linkerd/linkerd2@b24cd4059841f8cee2fb7a9c2ac23a693c583579 (destination service, policy controller)
 * - linkerd/linkerd2-proxy@29637b64f6cebedaf15bfbf516818d7a28a4d5a6 (profiles, route matching)
 * - linkerd/linkerd-smi@c0c39b1 (the TrafficSplit adaptor, as docs/gateway.md cites it)
 */

export type Obj = Record<string, any>

/** One request a client makes to a Service port. */
export interface Request {
  /** The client's namespace (a profile or consumer route there applies to it). */
  clientNamespace: string
  /** The Service called and its namespace. */
  service: string
  namespace: string
  port: number
  /** What the client speaks on the connection. */
  protocol: 'http1' | 'http2' | 'opaque'
  method: string
  /** The path, without the query string (profiles and path matches read only this). */
  path: string
  headers?: Record<string, string>
  /** The query string after `?`, as sent; absent: none. */
  query?: string
}

/** What Linkerd does with a request. */
export interface Behaviour {
  /**
   * Which configuration took it: a ServiceProfile route (`profile`), a route object
   * (`route`), the Service itself with no route in play (`service`), or nothing served it
   * (`refused`, with why: no route matched, an HTTP/1 request on a gRPC-only port, …).
   */
  by: 'profile' | 'route' | 'service' | 'refused'
  /** For `profile`: `<namespace>/<profile name>`; for `route`: `<Kind> <namespace>/<name>`. */
  object?: string
  /** For `profile`: the profile route's name, `[DEFAULT]` when none matched. */
  profileRoute?: string
  /** For `route`: the route object's annotations (they carry its timeout and retries). */
  annotations?: Record<string, string>
  /** For `refused`. */
  reason?: string
  /** The request timeout in nanoseconds; absent: none. */
  timeoutNs?: bigint
  /** Where the timeout ends: at the response headers (profiles) or the end of the stream (routes). */
  timeoutScope?: 'response-headers' | 'stream'
  /** Retried HTTP statuses, ascending, comma-separated; `grpc:` codes for a GRPCRoute; '' none. */
  retries: string
  /** `<namespace>/<service>:<port>` → share of the traffic as [numerator, denominator]; `!500` an invalid backend's share. */
  backends: Record<string, [bigint, bigint]>
}

export const CLUSTER_DOMAIN = 'cluster.local'

export function kindOf(o: Obj): string {
  return String(o?.kind ?? '')
}

export function groupOf(o: Obj): string {
  const v = String(o?.apiVersion ?? '')
  return v.includes('/') ? v.slice(0, v.indexOf('/')) : ''
}

export function ns(o: Obj, fallback = 'default'): string {
  return typeof o?.metadata?.namespace === 'string' ? o.metadata.namespace : fallback
}

export function nameOf(o: Obj): string {
  return String(o?.metadata?.name ?? '')
}

export function annotationsOf(o: Obj): Record<string, string> {
  const a = o?.metadata?.annotations
  return a && typeof a === 'object' ? (a as Record<string, string>) : {}
}

export function findService(objects: readonly Obj[], namespace: string, name: string): Obj | undefined {
  return objects.find((o) => kindOf(o) === 'Service' && groupOf(o) === '' && ns(o) === namespace && nameOf(o) === name)
}

export function servicePort(service: Obj | undefined, port: number): Obj | undefined {
  return (service?.spec?.ports as Obj[] | undefined)?.find((p) => p.port === port)
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b)
}

/** Weighted targets as reduced shares; weight-0 targets get none. Empty when every weight is 0. */
export function shares(weights: ReadonlyArray<[string, bigint]>): Record<string, [bigint, bigint]> {
  const total = weights.reduce((t, [, w]) => t + w, 0n)
  const sums = new Map<string, bigint>()
  for (const [k, w] of weights) if (w > 0n) sums.set(k, (sums.get(k) ?? 0n) + w)
  const out: Record<string, [bigint, bigint]> = {}
  for (const [k, w] of [...sums].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const g = gcd(w, total)
    out[k] = [w / g, total / g]
  }
  return out
}

/** Request methods as Linkerd compares them: upper-cased (linkerd2@b24cd4059:pkg/util/http.go ParseMethod). */
export function upperMethod(m: unknown): string {
  return String(m).toUpperCase()
}
