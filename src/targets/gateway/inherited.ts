/**
 * The timeouts and retries a route takes from its parent Service's annotations (docs/gateway.md,
 * "Timeouts and retries the Service gives"). Linkerd's policy controller gives a route rule the
 * Service's timeouts when the route sets none of its own, and the Service's retry when the route
 * sets none (linkerd/linkerd2@b24cd4059841f8cee2fb7a9c2ac23a693c583579:
 * policy-controller/grpc/src/outbound/http.rs and grpc.rs, the rule conversion; the Service's
 * annotations are read by policy-controller/k8s/index/src/outbound/index.rs with `parse_timeouts`
 * and `parse_http_retry`/`parse_grpc_retry`). While a ServiceProfile with routes or dstOverrides
 * routed the Service, the proxy used the profile instead of that policy
 * (linkerd/linkerd2-proxy@29637b64f6cebedaf15bfbf516818d7a28a4d5a6:
 * linkerd/app/outbound/src/sidecar.rs, `should_override_policy`), so the Service's annotations
 * did nothing. A route cannot say "none" either: a retry limit of 0 and a retry timeout of 0 are
 * read as unset (index/http.rs `parse_http_retry`), and a request timeout of 0 is a deadline that
 * has passed (linkerd2-proxy linkerd/http/stream-timeouts/src/lib.rs).
 */
import type { Diagnostic } from '../../model.js'
import type { RouteOut } from './parts.js'

const TIMEOUTS = ['timeout.linkerd.io/request', 'timeout.linkerd.io/response', 'timeout.linkerd.io/idle']
const RETRY_COMMON = ['retry.linkerd.io/limit', 'retry.linkerd.io/timeout']

/** The annotations of a kind of route's retry: HTTP statuses for an HTTPRoute, gRPC codes for a GRPCRoute. */
function retryKeys(kind: string): string[] {
  return [kind === 'GRPCRoute' ? 'retry.linkerd.io/grpc' : 'retry.linkerd.io/http', ...RETRY_COMMON]
}

/** Whether an annotation sets something: a limit of 0 and a duration of 0 are read as unset (`parse_http_retry`). */
function sets(key: string, value: string): boolean {
  if (key === 'retry.linkerd.io/limit') return !/^\s*0+\s*$/.test(value)
  if (key === 'retry.linkerd.io/timeout') return !/^\s*0+(ms|[smhd])?\s*$/.test(value)
  return true
}

/** The Service's annotations that give routes timeouts or retries, `key: value`, for the facts. */
export function serviceDefaults(annotations: Record<string, unknown> | undefined): Record<string, string> | undefined {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(annotations ?? {}))
    if (typeof v === 'string' && (k.startsWith('timeout.linkerd.io/') || k.startsWith('retry.linkerd.io/'))) out[k] = v
  return Object.keys(out).length ? out : undefined
}

/**
 * The Service annotations a route of `kind` with `own` annotations takes from the Service:
 * each family (timeouts; retry) the route leaves wholly unset while the Service sets it.
 */
export function inherited(service: Record<string, string> | undefined, kind: string, own: Record<string, unknown>): string[] {
  if (!service || kind === 'TCPRoute') return []
  const out: string[] = []
  for (const keys of [TIMEOUTS, retryKeys(kind)]) {
    const mine = keys.some((k) => typeof own[k] === 'string' && sets(k, own[k]))
    const theirs = keys.filter((k) => service[k] !== undefined && sets(k, service[k]))
    if (!mine && theirs.length > 0) out.push(...theirs.map((k) => `${k}: ${service[k]!}`))
  }
  return out
}

export interface InheritingRoute {
  kind: string
  name: string
  annotations: Record<string, unknown>
  /** The profile route it comes from, when it does. */
  source?: string
}

/**
 * A pending warning naming the routes that now take the Service's timeouts or retries, which
 * the profile (or linkerd-smi's profile for a TrafficSplit) kept from them; undefined when none does.
 */
export function inheritedFinding(
  offset: number,
  what: string,
  service: string,
  defaults: Record<string, string> | undefined,
  routes: readonly InheritingRoute[],
): Diagnostic | undefined {
  const taking = routes.map((r) => ({ r, got: inherited(defaults, r.kind, r.annotations) })).filter((x) => x.got.length > 0)
  if (taking.length === 0) return undefined
  const given = [...new Set(taking.flatMap((x) => x.got))].join(', ')
  const named = taking
    .map(
      ({ r, got }) =>
        `${r.kind} ${r.name}${r.source !== undefined ? ` (${JSON.stringify(r.source)})` : ''} takes ${got.map((g) => g.split(':')[0]).join(', ')}`,
    )
    .join('; ')
  return {
    severity: 'warning',
    code: 'service-defaults',
    offset,
    pending: true,
    message: `Service ${service} carries ${given}, which did nothing while ${what} routed it (Linkerd used the profile instead); a route without timeouts or retries of its own takes the Service's: ${named}. A route cannot say "no retry" or "no timeout", so move these annotations from the Service onto the routes that should have them, or accept the change`,
  }
}

/** A route object's annotations, as the finding reads them. */
export function routeAnnotations(object: Record<string, unknown>): Record<string, unknown> {
  const meta = object.metadata
  const a = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).annotations : undefined
  return a !== null && typeof a === 'object' && !Array.isArray(a) ? (a as Record<string, unknown>) : {}
}

/** For a TrafficSplit's routes: linkerd-smi's profile (dstOverrides) kept the Service's annotations from its requests too. */
export function splitInherited(
  offset: number,
  root: string,
  defaults: Record<string, string> | undefined,
  routes: readonly RouteOut[],
): Diagnostic[] {
  const taken = routes.map((r) => ({ kind: r.kind, name: r.name, annotations: routeAnnotations(r.value) }))
  const d = inheritedFinding(offset, "linkerd-smi's ServiceProfile for this split", root, defaults, taken)
  return d ? [d] : []
}
