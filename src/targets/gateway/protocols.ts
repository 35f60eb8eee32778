/**
 * The route kind of one port of the root Service (docs/gateway.md, "Route kinds"):
 * --route-kind, else the port's appProtocol, else its name, and what Linkerd's opaque
 * ports do to it.
 */
import type { Diagnostic } from '../../model.js'
import type { ServiceFact, GatewayOptions } from './model.js'
import { atLeast, LINKERD_OPAQUE_PORTS, type RouteApis, type RouteKind } from './presets.js'
import { kindOverride } from './overrides.js'

export const KIND_NAME = { http: 'HTTPRoute', grpc: 'GRPCRoute', tcp: 'TCPRoute' } as const satisfies Record<RouteKind, string>

type PortRef = { port: number; name?: string; appProtocol?: string }

/**
 * What a port says it carries: by its appProtocol, else by its name's prefix (Istio's and
 * OSM's convention, `<protocol>[-<suffix>]`). `kinds`: the route kinds that can carry it,
 * the first the one written; `opaque`: TLS or a binary protocol, whose bytes only a TCPRoute
 * can split. Undefined for an appProtocol no route kind is known to carry.
 */
interface Declared {
  kinds: readonly RouteKind[]
  by: string
  explicit: boolean
  opaque?: string
}

function declared(p: PortRef): Declared | undefined {
  const app = p.appProtocol?.toLowerCase()
  if (app !== undefined) {
    const known = APP_PROTOCOLS[app]
    return known && { ...known, by: `has appProtocol ${p.appProtocol}`, explicit: true }
  }
  const prefix = p.name?.toLowerCase().split('-')[0] ?? ''
  const named = NAME_PROTOCOLS[prefix] ?? (BINARY.has(prefix) ? { kinds: ['tcp'] as const, opaque: prefix } : undefined)
  return named ? { ...named, by: `is named ${p.name}`, explicit: false } : { kinds: ['http'], by: 'has no appProtocol', explicit: false }
}

/** The route kind of one port: --route-kind, else the port's appProtocol, else its name. */
export function routeKind(
  p: PortRef,
  service: ServiceFact | undefined,
  opts: GatewayOptions,
  apis: RouteApis,
  { root, namespace, profiled }: { root: string; namespace: string | undefined; profiled?: boolean },
  offset: number,
  findings: Diagnostic[],
): { kind: RouteKind } | { problem: string } | { pending: Diagnostic } {
  if (service?.routeKindProblem) return { problem: `Service ${root}: ${service.routeKindProblem}` }
  const override = kindOverride(opts, namespace, root, p.port, service)
  const forced = override?.kind
  const says = declared(p)
  const at = `Service ${root} port ${p.port}`
  if (!says && !forced)
    return {
      problem: `${at} has appProtocol ${p.appProtocol}, which maps to no route kind here: pass --route-kind ${root}:${p.port}=http (or grpc, tcp)`,
    }
  const pending = forced ? undefined : releasePending(p, service, apis, at, offset)
  if (pending) return { pending }
  if (override && says && !says.kinds.includes(override.kind)) {
    // A run-wide choice holds for every split of the run: it never silently overrides what a port declares.
    if (says.explicit && override.runWide)
      return {
        problem: `${override.by} contradicts ${at}, which ${says.by} (a ${KIND_NAME[says.kinds[0]!]} carries it): leave --route-kind out (it holds for every split of the run), name the port (--route-kind ${root}:${p.port}=${override.kind}), or change the appProtocol`,
      }
    findings.push({
      severity: 'warning',
      code: 'route-kind',
      offset,
      message: `${at} ${says.by}${says.opaque ? ` (${says.opaque}, which no HTTP or gRPC route can read)` : ''}: ${override.by} writes a ${KIND_NAME[override.kind]} for it anyway`,
    })
  }
  let kind = forced ?? says!.kinds[0]!
  if (!forced && kind === 'tcp' && profiled === true && !apis.notLinkerd && tcpNamed(p, service)) {
    kind = 'http'
    findings.push({ severity: 'info', code: 'route-kind', offset, message: profiledTcp(at, p.name!) })
  }
  // A TCPRoute is the release's question too: 2.17 and earlier apply none.
  const tcpPending = kind === 'tcp' && !forced ? releasePending(p, service, apis, at, offset, says?.by) : undefined
  if (tcpPending) return { pending: tcpPending }
  const linkerd = linkerdKind(p, kind, forced !== undefined, service, apis, at, offset, findings)
  if ('problem' in linkerd) return linkerd
  kind = linkerd.kind
  if (!forced && says?.opaque && kind === 'tcp' && !linkerd.said)
    findings.push({
      severity: 'info',
      code: 'route-kind',
      offset,
      message:
        says.opaque === 'TLS'
          ? tlsNote(at, says, apis)
          : `${at} ${says.by} (${says.opaque}): a TCPRoute splits its connections, as no HTTP route can read inside them`,
    })
  if (!forced && !says?.explicit && p.name?.toLowerCase().split('-')[0] === 'grpc' && kind === 'http') {
    // A port named `grpc-…` gets an HTTPRoute: gRPC is HTTP/2, every Linkerd from 2.14 routes
    // it, and the name is not a declaration (appProtocol: grpc or --route-kind grpc writes a GRPCRoute).
    findings.push({
      severity: 'info',
      code: 'route-kind',
      offset,
      message: `${at} is named ${p.name}: an HTTPRoute routes its gRPC calls (HTTP/2); appProtocol: grpc or --route-kind grpc writes a GRPCRoute`,
    })
  }
  kind = linkerdAppProtocol(p, kind, forced !== undefined, apis, at, offset, findings).kind
  if (!apis.apiVersion[kind]) {
    const instead = says?.opaque || says?.explicit ? 'a release that serves it' : '--route-kind http or a newer release'
    return { problem: `port ${p.port} needs a ${KIND_NAME[kind]}, which ${apis.missing} does not serve: pass ${instead}` }
  }
  return { kind }
}

/**
 * From 2.18 Linkerd reads appProtocol, and any value it does not know means opaque; without
 * --linkerd the release is not known, but the run is on Linkerd unless --mesh names another.
 */
function linkerdAppProtocol(
  p: PortRef,
  kind: RouteKind,
  forced: boolean,
  apis: RouteApis,
  at: string,
  offset: number,
  findings: Diagnostic[],
): { kind: RouteKind } {
  const app = p.appProtocol?.toLowerCase()
  const modern = apis.linkerd ? atLeast(apis.linkerd, '2.18') : !apis.notLinkerd
  if (!modern || app === undefined || kind === 'tcp' || LINKERD_PROTOCOLS.has(app)) return { kind }
  const warn = (message: string): void => void findings.push({ severity: 'warning', code: 'linkerd-opaque-port', offset, message })
  if (apis.linkerd && !forced && apis.apiVersion.tcp) {
    // The release is known: Linkerd serves the port as opaque, and a TCPRoute splits its connections as the split did.
    warn(
      `Linkerd ${apis.linkerd} treats appProtocol ${p.appProtocol} (${at}) as opaque and honours only TCPRoutes there (its split took every connection, not requests): writing a TCPRoute; for HTTP or gRPC routes set appProtocol to http or kubernetes.io/h2c, then convert`,
    )
    return { kind: 'tcp' }
  }
  warn(
    `${apis.linkerd ? 'Linkerd' : 'Linkerd 2.18 and later'} treat${apis.linkerd ? 's' : ''} appProtocol ${p.appProtocol} (${at}) as opaque and ignore${apis.linkerd ? 's' : ''} HTTP and gRPC routes on it, so the routes written there would not apply: set appProtocol to http or kubernetes.io/h2c${apis.linkerd ? '' : ' (--linkerd names the release; --mesh another mesh)'}`,
  )
  return { kind }
}

/**
 * A port only named `tcp`/`tcp-…` (no appProtocol), which Linkerd does not serve as opaque:
 * Linkerd ignores port names and detects HTTP there, so a ServiceProfile's routes applied on it.
 */
function tcpNamed(p: PortRef, service: ServiceFact | undefined): boolean {
  return p.appProtocol === undefined && p.name?.toLowerCase().split('-')[0] === 'tcp' && !linkerdOpaque(p.port, service)
}

function profiledTcp(at: string, name: string): string {
  return (
    `${at} is named ${name}, but Linkerd ignores port names and detects HTTP there, so the routes of the Service's ServiceProfile applied on it: ` +
    "an HTTPRoute carries the split there, beside the profile's routes, which become HTTPRoutes too (appProtocol: linkerd.io/opaque makes the port opaque, and a TCPRoute carries it)"
  )
}

/**
 * Why TLS goes on a TCPRoute, not a TLSRoute: the split is by port and the TLS passes through
 * unchanged, as the TrafficSplit did. A TLSRoute routes by SNI host names, which SMI never
 * carried, and Gateway API's TLSRoute v1 requires one (v1alpha2, the only version without,
 * is Experimental and gone from the Standard channel); Linkerd from 2.18 treats an appProtocol
 * it does not know (https, tls, kubernetes.io/wss) as opaque and honours only TCPRoutes there.
 */
function tlsNote(at: string, says: Declared, apis: RouteApis): string {
  const linkerd =
    says.explicit && !apis.notLinkerd ? `, and Linkerd 2.18 and later honour only TCPRoutes on a port whose appProtocol says TLS` : ''
  return (
    `${at} ${says.by} (TLS): a TCPRoute splits its connections by port and passes the TLS through unchanged, as the TrafficSplit did; ` +
    `no TLSRoute is written, as it routes by SNI host name, which SMI never had (TLSRoute v1 requires one)${linkerd}`
  )
}

/** Linkerd's opaque ports: before 2.18 no route applies there; from 2.18 only TCPRoutes. */
function linkerdKind(
  p: PortRef,
  kind: RouteKind,
  forced: boolean,
  service: ServiceFact | undefined,
  apis: RouteApis,
  at: string,
  offset: number,
  findings: Diagnostic[],
): { kind: RouteKind; said?: true } | { problem: string } {
  if (!apis.linkerd) return { kind }
  const warn = (message: string): void => void findings.push({ severity: 'warning', code: 'linkerd-opaque-port', offset, message })
  const modern = atLeast(apis.linkerd, '2.18')
  // Before 2.18 Linkerd does not read appProtocol: the opaque list alone decides.
  const opaque = (p.appProtocol === undefined || !modern) && opaquePorts(service).includes(p.port)
  const why = listedBy(service)
  if (opaque && !modern) return { problem: noRouteBefore218(apis.linkerd, at, `it treats the port as opaque: ${why}`) }
  // 2.17 serves the TCPRoute kind but applies none: the split would stop (a release without the kind is refused below).
  if (kind === 'tcp' && !modern && apis.apiVersion.tcp)
    return { problem: noRouteBefore218(apis.linkerd, at, forced ? '--route-kind makes its route a TCPRoute' : tcpBy(p)) }
  if (opaque && kind !== 'tcp' && forced) {
    warn(`Linkerd treats port ${p.port} of ${at.replace(/ port \d+$/, '')} as opaque (${why}) and ignores HTTP and gRPC routes there`)
  } else if (opaque && !forced) {
    warn(
      `Linkerd treats port ${p.port} of ${at.replace(/ port \d+$/, '')} as opaque (${why}) and honours only TCPRoutes there: writing a TCPRoute`,
    )
    return { kind: 'tcp', said: true }
  }
  return { kind }
}

/**
 * The one message for a port whose split no route carries before 2.18: Linkerd applies no route
 * on a port of its opaque list, and no TCPRoute anywhere (TCPRoutes take effect from 2.18).
 */
function noRouteBefore218(release: string, at: string, why: string): string {
  return (
    `Linkerd ${release} applies no route that carries the split on ${at} (${why}): ` +
    `${BEFORE_218}: upgrade Linkerd to 2.18 or later first, then convert`
  )
}

const BEFORE_218 =
  'before 2.18 Linkerd applies no route on a port of its opaque list and no TCPRoute on any port (TCPRoutes take effect from Linkerd 2.18)'

/** Why a port takes a TCPRoute, by its appProtocol or name. */
function tcpBy(p: PortRef): string {
  return `it ${declared(p)?.by ?? 'is opaque'}, which takes a TCPRoute`
}

function listedBy(service: ServiceFact | undefined): string {
  return service?.opaquePorts !== undefined ? 'config.linkerd.io/opaque-ports' : 'its default opaque ports'
}

/**
 * The one rule for every route a run writes on a port of a Service on Linkerd (a TrafficSplit's,
 * a ServiceProfile's dstOverrides): where the release decides which route Linkerd applies there
 * and no release is named, nothing is written. Linkerd 2.18 and later read appProtocol (any value
 * but http and kubernetes.io/h2c makes the port opaque, where only TCPRoutes apply) and else the
 * opaque ports list; 2.17 and earlier read the list alone, apply no route on its ports, and
 * TCPRoutes take effect from 2.18. So an appProtocol other than those two, or a port in the
 * list, gets a route that some release ignores: left for a person (`linkerd-opaque-port`).
 */
export function releasePending(
  p: PortRef,
  service: ServiceFact | undefined,
  apis: RouteApis,
  at: string,
  offset: number,
  tcpBy?: string,
): Diagnostic | undefined {
  if (apis.linkerd || apis.notLinkerd) return undefined
  const app = p.appProtocol?.toLowerCase()
  const detects = app === undefined || app === 'http' || app === 'kubernetes.io/h2c'
  const listed = opaquePorts(service).includes(p.port)
  if (detects && !listed && tcpBy === undefined) return undefined
  const modern =
    detects && !listed
      ? `Linkerd 2.18 and later detect HTTP there and apply the TCPRoute the port gets as it ${tcpBy}`
      : app === undefined
        ? 'Linkerd 2.18 and later honour only a TCPRoute there'
        : detects
          ? `Linkerd 2.18 and later read its appProtocol ${p.appProtocol} and apply HTTP routes there`
          : `Linkerd 2.18 and later read its appProtocol ${p.appProtocol} as opaque and honour only a TCPRoute there`
  const older = listed
    ? `Linkerd 2.17 and earlier treat the port as opaque (${listedBy(service)}) and apply no route there`
    : app === undefined
      ? 'Linkerd 2.17 and earlier apply no TCPRoute (TCPRoutes take effect from 2.18)'
      : 'Linkerd 2.17 and earlier do not read appProtocol, detect HTTP there and apply no TCPRoute (TCPRoutes take effect from 2.18)'
  return {
    severity: 'warning',
    code: 'linkerd-opaque-port',
    offset,
    pending: true,
    message: `is left for a person: on ${at} the Linkerd release decides which route carries the split (${modern}; ${older}): pass --linkerd <release> (or --mesh for another mesh)`,
  }
}

/**
 * How Linkerd serves a port of the run's release: opaque (only a TCPRoute applies), or not;
 * pending where the release decides and is not named (`releasePending`); a problem where the
 * release applies no route there.
 */
export function linkerdServes(
  p: PortRef,
  service: ServiceFact | undefined,
  apis: RouteApis,
  at: string,
  offset: number,
): { opaque: boolean } | { pending: Diagnostic } | { problem: string } {
  const pending = releasePending(p, service, apis, at, offset)
  if (pending) return { pending }
  if (!apis.linkerd || atLeast(apis.linkerd, '2.18')) return { opaque: linkerdOpaque(p.port, service) }
  if (opaquePorts(service).includes(p.port))
    return { problem: noRouteBefore218(apis.linkerd, at, `it treats the port as opaque: ${listedBy(service)}`) }
  return { opaque: false }
}

type Carried = { kinds: readonly RouteKind[]; opaque?: string }
const HTTP: Carried = { kinds: ['http'] }
const H2: Carried = { kinds: ['http', 'grpc'] }
const GRPC: Carried = { kinds: ['grpc', 'http'] }
const TCP: Carried = { kinds: ['tcp'] }
const TLS: Carried = { kinds: ['tcp'], opaque: 'TLS' }

/** appProtocol → what carries it (OSM's and Istio's values, KEP-3726's kubernetes.io/ ones, Linkerd's). */
const APP_PROTOCOLS: Record<string, Carried> = {
  http: HTTP,
  'kubernetes.io/ws': HTTP, // WebSocket: an HTTP/1.1 upgrade, which HTTPRoutes route (GEP-1911)
  http2: H2,
  h2c: H2,
  'kubernetes.io/h2c': H2,
  grpc: GRPC,
  'grpc-web': GRPC,
  tcp: TCP,
  'linkerd.io/opaque': TCP,
  'linkerd.io/tcp': TCP,
  https: TLS,
  tls: TLS,
  'kubernetes.io/wss': TLS,
}
/** Port-name prefixes (Istio's list; OSM reads `tcp-`, `http-`, `grpc-` too). */
const NAME_PROTOCOLS: Record<string, Carried> = {
  http: HTTP,
  ws: HTTP,
  http2: H2,
  h2c: H2,
  grpc: { kinds: ['http', 'grpc'] },
  'grpc-web': { kinds: ['http', 'grpc'] },
  tcp: TCP,
  https: TLS,
  tls: TLS,
  wss: TLS,
}
/** Port-name prefixes of protocols that are not HTTP (Istio's and Linkerd's opaque defaults among them). */
const BINARY = new Set([
  'mysql',
  'redis',
  'mongo',
  'mongodb',
  'postgres',
  'postgresql',
  'memcache',
  'memcached',
  'amqp',
  'amqps',
  'kafka',
  'mqtt',
  'nats',
  'smtp',
  'smtps',
  'zookeeper',
  'cassandra',
  'cql',
  'ldap',
  'ldaps',
])
for (const name of BINARY) APP_PROTOCOLS[name] = { kinds: ['tcp'], opaque: name }

/** The appProtocols Linkerd 2.18+ does not treat as opaque. */
const LINKERD_PROTOCOLS = new Set(['http', 'kubernetes.io/h2c', 'linkerd.io/opaque', 'linkerd.io/tcp'])

/**
 * Whether Linkerd 2.18+ serves a port as opaque, taking only TCPRoutes there: an appProtocol
 * other than http and kubernetes.io/h2c, else the opaque ports list (linkerd2
 * policy-controller/core/src/outbound.rs `AppProtocol`; k8s/index/src/outbound/index.rs).
 */
export function linkerdOpaque(port: number, service: ServiceFact | undefined): boolean {
  const p = service?.ports.find((q) => q.port === port)
  if (p?.appProtocol !== undefined) return p.appProtocol !== 'http' && p.appProtocol !== 'kubernetes.io/h2c'
  return opaquePorts(service).includes(port)
}

function opaquePorts(service: ServiceFact | undefined): number[] {
  if (service?.opaquePorts === undefined) return LINKERD_OPAQUE_PORTS
  return service.opaquePorts.split(',').flatMap((part) => {
    const [a, b] = part.trim().split('-').map(Number)
    if (a === undefined || !Number.isInteger(a)) return []
    if (b === undefined || !Number.isInteger(b) || b < a || b - a > 65535) return [a]
    return Array.from({ length: b - a + 1 }, (_, i) => a + i)
  })
}
