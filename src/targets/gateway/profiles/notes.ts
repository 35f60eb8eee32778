/**
 * What a ServiceProfile's routes say besides themselves (docs/gateway.md, "ServiceProfiles"):
 * consumer routes, retry budgets, timeout scope, gRPC retries and the protocol GRPCRoutes give
 * a port, route metrics, and the Service's timeouts and retries routes take.
 */
import type { PlainValue } from '../../../edit/emit.js'
import type { Diagnostic } from '../../../model.js'
import type { RunView } from '../../target.js'
import type { GatewayFacts, GatewayOptions } from '../model.js'
import { factKey, lookup } from '../facts.js'
import { linkerdOpaque } from '../protocols.js'
import { inheritedFinding, routeAnnotations } from '../inherited.js'
import type { RouteParts } from './routes.js'
import type { Backing, Profile } from './objects.js'

/** `saidGrpc`: a finding already said why gRPC methods are HTTPRoutes. */
export function notes(profile: Profile, parts: readonly RouteParts[], grpc: boolean, o: GatewayOptions, saidGrpc: boolean): Diagnostic[] {
  const out: Diagnostic[] = []
  const offset = profile.located.offset
  if (profile.namespace !== undefined && profile.namespace !== profile.serviceNamespace)
    out.push({
      severity: 'info',
      code: 'sp-consumer-route',
      offset,
      message: `is in namespace ${profile.namespace}, a client namespace of Service ${profile.service} (${profile.serviceNamespace}): its routes are consumer routes there, for clients in ${profile.namespace} only, as the profile was`,
    })
  const retryable = parts.filter((p) => p.retryable)
  const budget = profile.located.map?.spec?.map?.retryBudget
  if (retryable.length || budget) {
    const b = record(budget?.value)
    const numbers = b
      ? `retryRatio ${String(b.retryRatio ?? 0.2)}, minRetriesPerSecond ${String(b.minRetriesPerSecond ?? 10)}, ttl ${String(b.ttl ?? '10s')}`
      : "Linkerd's default: retryRatio 0.2, minRetriesPerSecond 10, ttl 10s"
    out.push({
      severity: 'warning',
      code: 'sp-retry-budget',
      offset: budget?.offset ?? offset,
      message: `retries were limited by the retry budget (${numbers}); routes have none: each request is retried up to ${o.retryLimit ?? 1} time${(o.retryLimit ?? 1) > 1 ? 's' : ''} (retry.linkerd.io/limit, --retry-limit)`,
    })
  }
  const timed = parts.filter((p) => p.annotations['timeout.linkerd.io/request'] !== undefined)
  if (timed.length)
    out.push({
      severity: 'info',
      code: 'sp-timeout-scope',
      offset: timed[0]!.offset,
      message: `the timeout of ${timed.map((p) => JSON.stringify(p.source)).join(', ')} ended when the response headers arrived; timeout.linkerd.io/request also covers the response body, so a streamed or long body is now cut at that time (raise it, or use timeout.linkerd.io/response)`,
    })
  const grpcRetried = retryable.filter((p) => p.grpc)
  // Retried as HTTPRoutes, a gRPC method loses every retry of a gRPC status (its responses are HTTP 200): pending.
  // As GRPCRoutes it keeps deadline-exceeded, internal and unavailable: a plain warning (docs/gateway.md says why).
  if (grpcRetried.length && (grpc || !saidGrpc))
    out.push({
      severity: 'warning',
      code: 'sp-grpc',
      offset: grpcRetried[0]!.offset,
      ...(grpc ? {} : { pending: true }),
      message: grpc
        ? 'gRPC routes retry deadline-exceeded, internal and unavailable (retry.linkerd.io/grpc); the profile also retried unknown, data-loss and permission-denied'
        : `gRPC methods are HTTPRoutes here (${parts.every((p) => p.grpc) ? "the TrafficSplit's route on the Service's ports is an HTTPRoute, or the release serves no GRPCRoute" : 'other routes of the profile are not gRPC'}, and Linkerd refuses both kinds on one Service): ${grpcRetried.map((p) => JSON.stringify(p.source)).join(', ')} retry HTTP statuses only, not gRPC status errors such as unavailable`,
    })
  out.push({
    severity: 'info',
    code: 'sp-metrics',
    offset,
    message:
      'route metrics move from rt_route="<profile route>" to outbound_http_route_*{route_name="<HTTPRoute name>"} (linkerd viz stat-outbound); the profile route name is kept in the annotation smi-migrate.io/serviceprofile-route',
  })
  return out
}

/**
 * A GRPCRoute without a port attaches to every port of the Service, and Linkerd then serves each
 * as gRPC (HTTP/2 only: outbound.rs `to_proto`), so HTTP/1.1 calls to another port (metrics)
 * fail. GRPCRoutes only when the Service in the input has one port; else HTTPRoutes, warned.
 */
export function grpcPortsKnown(
  profile: Profile,
  parts: readonly RouteParts[],
  ports: readonly Backing[],
  run: RunView<GatewayOptions, GatewayFacts>,
  findings: Diagnostic[],
): boolean {
  if (ports.every((at) => at.port !== undefined)) return true
  const found = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  const count = found && 'fact' in found ? found.fact.ports.length : undefined
  const only = found && 'fact' in found && count === 1 ? found.fact.ports[0]! : undefined
  if (only && found && 'fact' in found) {
    // The port's protocol handling changes (HTTP/1.1 calls to it fail): a person decides, pending.
    if (only.appProtocol === undefined && !linkerdOpaque(only.port, found.fact))
      findings.push({
        severity: 'warning',
        code: 'sp-grpc',
        offset: profile.located.offset,
        pending: true,
        message: `every route is a gRPC method (${parts.map((p) => JSON.stringify(p.source)).join(', ')}), so they become GRPCRoutes; with a GRPCRoute attached, Linkerd serves port ${only.port} of Service ${profile.service}, which has no appProtocol, as gRPC (HTTP/2 only) instead of detecting the protocol, so HTTP/1.1 calls to it (health checks, /metrics, a REST gateway) now fail: give such calls a port of their own, or convert with --route-kind http`,
      })
    return true
  }
  // HTTPRoutes keep the port's protocol handling; what they lose is the retries of gRPC statuses, if any route retries.
  findings.push({
    severity: 'warning',
    code: 'sp-grpc',
    offset: profile.located.offset,
    ...(parts.some((p) => p.retryable) ? { pending: true } : {}),
    message: `every route is a gRPC method, but GRPCRoutes without a port attach to every port of Service ${profile.service} (${count === undefined ? 'not in the input' : `${count} ports`}), and Linkerd would serve each as gRPC, failing HTTP/1.1 calls to the others: HTTPRoutes instead, which retry HTTP statuses only, not gRPC status errors`,
  })
  return false
}

/** The routes that take the Service's timeouts or retries, which the profile kept from its requests (inherited.ts). */
export function serviceDefaultsFinding(
  profile: Profile,
  made: { objects: Array<Record<string, PlainValue>>; names: string[]; sources: string[] },
  run: RunView<GatewayOptions, GatewayFacts>,
): Diagnostic[] {
  const found = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  if (!found || !('fact' in found)) return []
  const routes = made.objects.map((obj, i) => ({
    kind: String(obj.kind),
    name: made.names[i]!,
    annotations: routeAnnotations(obj),
    source: made.sources[i]!,
  }))
  const d = inheritedFinding(profile.located.offset, `ServiceProfile ${profile.name}`, profile.service, found.fact.routeDefaults, routes)
  return d ? [d] : []
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
