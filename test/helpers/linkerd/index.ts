/**
 * A model of how Linkerd (2.18 to 2.20, with linkerd-smi) routes one request, written for the
 * tests from Linkerd's own sources (cited where each rule is decided, in this folder). It takes
 * manifests as plain objects and imports nothing from src/.
 *
 * - `routeWith(objects, request)`: the cluster as the manifests make it. A ServiceProfile with
 *   routes or dstOverrides (after linkerd-smi wrote a TrafficSplit into it) takes the request;
 *   otherwise the Gateway API routes parented to the Service do, as the policy controller and
 *   the proxy pick them.
 *
 * Before and after a migration are the same function on two sets of manifests: what changes
 * is which objects exist.
 */
import { type Behaviour, type Obj, type Request, annotationsOf, findService, kindOf, nameOf, ns, shares } from './objects.js'
import { profileFor, type ServedProfile } from './profiles.js'
import {
  bestRule,
  httpRetryStatuses,
  linkerdDuration,
  portProtocol,
  ruleBackends,
  servedKind,
  visibleRoutes,
  byAgeThenName,
} from './routes.js'

export type { Behaviour, Obj, Request } from './objects.js'
export { shares } from './objects.js'

export function routeWith(objects: readonly Obj[], req: Request): Behaviour {
  if (!findService(objects, req.namespace, req.service)) return refused(`no Service ${req.namespace}/${req.service}`)
  const declared = portProtocol(objects, req)
  const wrongSpeech = declaredMismatch(declared, req)
  if (wrongSpeech) return refused(wrongSpeech)
  const profile = profileFor(objects, req.service, req.namespace, req.clientNamespace, req.port)
  const opaque = req.protocol === 'opaque' || declared === 'opaque'
  // A profile overrides the client policy when it has routes or targets; an opaque connection
  // only when it has targets (linkerd2-proxy@29637b64f:linkerd/app/outbound/src/http/logical/profile.rs
  // `should_override_policy`, linkerd/service-profiles/src/lib.rs `has_routes_or_targets`, `has_targets`).
  if (profile && profile.targets.length > 0 && opaque)
    return { by: 'profile', object: profile.object, retries: '', backends: targetShares(profile) }
  if (profile && !opaque && (profile.routes.length > 0 || profile.targets.length > 0)) return byProfile(profile, req)
  return byRoutes(objects, req)
}

/**
 * A port whose appProtocol declares HTTP/1 (`http`) or HTTP/2 (`kubernetes.io/h2c`) is served
 * in that one version with no detection, whether a profile or routes then route it: the
 * client's proxy takes the connection's protocol from the outbound policy, not from the
 * profile (linkerd2-proxy@29637b64f:linkerd/app/outbound/src/sidecar.rs, `Param<Protocol>`
 * for `Sidecar`: only an opaque profile comes first; protocol.rs `push_protocol` skips
 * detection for a known protocol; linkerd/proxy/http/src/server.rs serves an HTTP/1 or an
 * HTTP/2 connection, never both). So a client speaking anything else fails at the connection,
 * before any route: before a migration and after it alike.
 */
function declaredMismatch(declared: string, req: Request): string | undefined {
  if (declared === 'http1' && req.protocol !== 'http1') return 'the port is HTTP/1 (appProtocol http), the client does not speak it'
  if (declared === 'http2' && req.protocol !== 'http2')
    return 'the port is HTTP/2 (appProtocol kubernetes.io/h2c), the client does not speak it'
  return undefined
}

/** The first route in list order whose condition matches, else the default route (linkerd2-proxy linkerd/service-profiles/src/http.rs `route_for_request`). */
function byProfile(profile: ServedProfile, req: Request): Behaviour {
  const route = profile.routes.find((r) => r.cond(req.method, req.path))
  const backends =
    profile.targets.length > 0 ? targetShares(profile) : { [`${req.namespace}/${req.service}:${req.port}`]: [1n, 1n] as [bigint, bigint] }
  if (!route) return { by: 'profile', object: profile.object, profileRoute: '[DEFAULT]', retries: '', backends }
  return {
    by: 'profile',
    object: profile.object,
    profileRoute: route.name,
    retries: route.retries,
    backends,
    // The profile's timeout ends when the response headers arrive (proxy http/logical/profile.rs).
    ...(route.timeoutNs !== undefined ? { timeoutNs: route.timeoutNs, timeoutScope: 'response-headers' as const } : {}),
  }
}

function targetShares(profile: ServedProfile): Behaviour['backends'] {
  return shares(profile.targets.map((t) => [t.key, t.weight]))
}

function byRoutes(objects: readonly Obj[], req: Request): Behaviour {
  const protocol = portProtocol(objects, req)
  const routes = visibleRoutes(objects, req)
  const kind = servedKind(protocol, routes)
  const service = { [`${req.namespace}/${req.service}:${req.port}`]: [1n, 1n] as [bigint, bigint] }
  const none: Behaviour = { by: 'service', retries: '', backends: service }
  // A client that does not speak the port's declared version was refused before (routeWith).
  if (kind === undefined) return none
  if (kind === 'TCPRoute' || kind === 'TLSRoute') {
    const first = byAgeThenName(routes.filter((r) => kindOf(r) === kind))[0]
    if (!first) return none
    const rule = ((first.spec?.rules as Obj[] | undefined) ?? [])[0] ?? {}
    return {
      by: 'route',
      object: `${kind} ${ns(first)}/${nameOf(first)}`,
      annotations: annotationsOf(first),
      retries: '',
      backends: ruleBackends(first, rule, req),
    }
  }
  // Detection that finds no HTTP takes the opaque default route: the Service (outbound.rs, Detect's `opaque`).
  if (req.protocol === 'opaque') return protocol === 'detect' ? none : refused('an HTTP port, a client that does not speak HTTP')
  if (kind === 'GRPCRoute' && req.protocol === 'http1')
    return refused('HTTP/1.1 on a port Linkerd serves as gRPC (a GRPCRoute is attached)')
  const best = bestRule(
    routes.filter((r) => kindOf(r) === kind),
    req,
    kind === 'GRPCRoute',
  )
  // With a route attached no default route is added: an unmatched request is refused (grpc/src/outbound/http.rs).
  if (!best) return refused(`no ${kind} matches`)
  return {
    by: 'route',
    object: `${kind} ${ns(best.route)}/${nameOf(best.route)}`,
    annotations: annotationsOf(best.route),
    ...policyOf(objects, best.route, req, kind),
    backends: ruleBackends(best.route, best.rule, req),
  }
}

/**
 * Timeouts and retries from the route's annotations, else the Service's: route annotations
 * replace all of the Service's of their family (index.rs `parse_timeouts`; http.rs
 * `parse_http_retry`; docs 2.16 reference/retries.md). A GRPCRoute retries gRPC codes.
 */
function policyOf(
  objects: readonly Obj[],
  route: Obj,
  req: Request,
  kind: string,
): Pick<Behaviour, 'retries' | 'timeoutNs' | 'timeoutScope'> {
  const own = annotationsOf(route)
  const svc = annotationsOf(findService(objects, req.namespace, req.service) ?? {})
  const family = (prefix: string): Record<string, string> => (Object.keys(own).some((k) => k.startsWith(prefix)) ? own : svc)
  const t = family('timeout.linkerd.io/')['timeout.linkerd.io/request']
  const timeoutNs = t === undefined ? undefined : linkerdDuration(t)
  const r = family('retry.linkerd.io/')
  let retries = ''
  if (kind === 'GRPCRoute') retries = r['retry.linkerd.io/grpc'] ? `grpc:${r['retry.linkerd.io/grpc']}` : ''
  else if (r['retry.linkerd.io/http']) retries = httpRetryStatuses(r['retry.linkerd.io/http']) ?? ''
  return { retries, ...(timeoutNs !== undefined && timeoutNs > 0n ? { timeoutNs, timeoutScope: 'stream' as const } : {}) }
}

function refused(reason: string): Behaviour {
  return { by: 'refused', reason, retries: '', backends: {} }
}
