/**
 * The route kind of one port of the root Service (docs/gateway.md, "Route kinds"):
 * --route-kind, else the port's appProtocol, else its name, and what Linkerd's opaque
 * ports do to it.
 */
import type { Diagnostic } from '../../model.js'
import type { ServiceFact, GatewayOptions } from './model.js'
import { atLeast, LINKERD_OPAQUE_PORTS, type RouteApis, type RouteKind } from './presets.js'

export const KIND_NAME = { http: 'HTTPRoute', grpc: 'GRPCRoute', tcp: 'TCPRoute' } as const satisfies Record<RouteKind, string>

/** The route kind of one port: --route-kind, else the port's appProtocol, else its name. */
export function routeKind(
  p: { port: number; name?: string; appProtocol?: string },
  service: ServiceFact | undefined,
  opts: GatewayOptions,
  apis: RouteApis,
  root: string,
  offset: number,
  findings: Diagnostic[],
): { kind: RouteKind } | { problem: string } {
  let kind: RouteKind | undefined = opts.routeKind && opts.routeKind !== 'auto' ? opts.routeKind : undefined
  const app = p.appProtocol?.toLowerCase()
  const warn = (message: string): void => void findings.push({ severity: 'warning', code: 'linkerd-opaque-port', offset, message })
  if (!kind && app !== undefined) {
    kind = PROTOCOLS[app]
    if (!kind)
      return {
        problem: `Service ${root} port ${p.port} has appProtocol ${p.appProtocol}, which maps to no route kind here: pass --route-kind http, grpc or tcp`,
      }
  }
  // Before 2.18 Linkerd does not read appProtocol: the opaque list alone decides.
  const opaque =
    apis.linkerd !== undefined && (app === undefined || !atLeast(apis.linkerd, '2.18')) && opaquePorts(service).includes(p.port)
  const why = service?.opaquePorts !== undefined ? 'config.linkerd.io/opaque-ports' : 'its default opaque ports'
  if (opaque && !atLeast(apis.linkerd!, '2.18')) {
    return {
      problem:
        `Linkerd ${apis.linkerd} treats port ${p.port} of Service ${root} as opaque (${why}) and applies no route there ` +
        '(TCPRoutes on opaque ports work from Linkerd 2.18): upgrade Linkerd first, or take the port out of the opaque list',
    }
  }
  if (!kind && opaque) {
    kind = 'tcp'
    warn(`Linkerd treats port ${p.port} of Service ${root} as opaque (${why}) and honours only TCPRoutes there: writing a TCPRoute`)
  } else if (opaque && kind !== 'tcp') {
    warn(`Linkerd treats port ${p.port} of Service ${root} as opaque (${why}) and ignores HTTP and gRPC routes there`)
  }
  if (!kind) {
    // A port named `tcp-…` (OSM's and Istio's convention) carries TCP. A port named `grpc-…`
    // gets an HTTPRoute: gRPC is HTTP/2, every Linkerd from 2.14 routes it, and the name is
    // not a declaration (appProtocol: grpc or --route-kind grpc writes a GRPCRoute).
    const prefix = p.name?.toLowerCase().split('-')[0]
    kind = prefix === 'tcp' ? 'tcp' : 'http'
    if (prefix === 'grpc') {
      findings.push({
        severity: 'info',
        code: 'route-kind',
        offset,
        message: `Service ${root} port ${p.port} is named ${p.name}: an HTTPRoute routes its gRPC calls (HTTP/2); appProtocol: grpc or --route-kind grpc writes a GRPCRoute`,
      })
    }
  }
  // From 2.18 Linkerd reads appProtocol, and any value it does not know means opaque.
  if (apis.linkerd && atLeast(apis.linkerd, '2.18') && app !== undefined && kind !== 'tcp' && !LINKERD_PROTOCOLS.has(app)) {
    warn(
      `Linkerd treats appProtocol ${p.appProtocol} (Service ${root} port ${p.port}) as opaque and ignores HTTP and gRPC routes on it: set appProtocol to http or kubernetes.io/h2c`,
    )
  }
  if (apis.linkerd && kind === 'tcp' && !atLeast(apis.linkerd, '2.18')) {
    warn(`Linkerd ${apis.linkerd} ignores every route on opaque ports; the TCPRoute for port ${p.port} takes effect from Linkerd 2.18`)
  }
  if (!apis.apiVersion[kind])
    return {
      problem: `port ${p.port} needs a ${KIND_NAME[kind]}, which ${apis.missing} does not serve: pass --route-kind http or a newer release`,
    }
  return { kind }
}

/** appProtocol (and port-name prefix) → route kind, as OSM and Istio read them. */
const PROTOCOLS: Record<string, RouteKind> = {
  http: 'http',
  http2: 'http',
  h2c: 'http',
  'kubernetes.io/h2c': 'http',
  grpc: 'grpc',
  'grpc-web': 'grpc',
  tcp: 'tcp',
  'linkerd.io/opaque': 'tcp',
  'linkerd.io/tcp': 'tcp',
}
/** The appProtocols Linkerd 2.18+ does not treat as opaque. */
const LINKERD_PROTOCOLS = new Set(['http', 'kubernetes.io/h2c', 'linkerd.io/opaque', 'linkerd.io/tcp'])

function opaquePorts(service: ServiceFact | undefined): number[] {
  if (service?.opaquePorts === undefined) return LINKERD_OPAQUE_PORTS
  return service.opaquePorts.split(',').flatMap((part) => {
    const [a, b] = part.trim().split('-').map(Number)
    if (a === undefined || !Number.isInteger(a)) return []
    if (b === undefined || !Number.isInteger(b) || b < a || b - a > 65535) return [a]
    return Array.from({ length: b - a + 1 }, (_, i) => a + i)
  })
}
