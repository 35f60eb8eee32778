/**
 * Routes of another kind than the profile's on a port its routes attach to (docs/gateway.md,
 * "ServiceProfiles"). Linkerd serves one kind of route per Service port, by the port's
 * appProtocol (linkerd/linkerd2@b24cd4059841f8cee2fb7a9c2ac23a693c583579:
 * policy-controller/grpc/src/outbound.rs, the protocol of a port's policy): `kubernetes.io/h2c`
 * takes the GRPCRoutes when there are any, else the HTTPRoutes; no appProtocol takes the first
 * kind present of GRPCRoute, HTTPRoute, TLSRoute, TCPRoute; `http` only HTTPRoutes; an opaque
 * port only TCPRoutes. A route without a port attaches to every port of the Service
 * (k8s/index/src/outbound/index.rs). While the profile routed the Service's HTTP traffic it
 * hid the question; once its routes are attached, one of the two kinds loses the port.
 */
import type { Diagnostic } from '../../../model.js'
import type { RunView } from '../../target.js'
import { factKey, lookup } from '../facts.js'
import type { GatewayFacts, GatewayOptions, ServiceFact } from '../model.js'
import { linkerdOpaque } from '../protocols.js'
import type { Backing, Profile } from './objects.js'

/** A route not written by smi-migrate attached to the profile's Service. */
export interface Attached {
  kind: string
  name: string
  namespace: string
  /** The Service ports it attaches to (`*`: every port). */
  ports: string[]
}

const DETECTED = ['GRPCRoute', 'HTTPRoute', 'TLSRoute', 'TCPRoute']

/** What happens on one port where `other` meets the profile's routes of `kind`; undefined: nothing changes. */
function onPort(service: ServiceFact, port: number, kind: string, other: string): 'theirs-dropped' | 'mine-dropped' | undefined {
  if (linkerdOpaque(port, service)) return undefined
  const app = service.ports.find((p) => p.port === port)?.appProtocol
  // HTTP/1: only HTTPRoutes, before and after.
  if (app === 'http') return undefined
  if (app === 'kubernetes.io/h2c') return other === 'GRPCRoute' && kind === 'HTTPRoute' ? 'mine-dropped' : undefined
  const mine = DETECTED.indexOf(kind)
  const theirs = DETECTED.indexOf(other)
  if (theirs < 0) return undefined
  return theirs < mine ? 'mine-dropped' : 'theirs-dropped'
}

export function contested(
  profile: Profile,
  run: RunView<GatewayOptions, GatewayFacts>,
  kind: string,
  at: readonly Backing[],
  others: readonly Attached[],
  sources: readonly string[],
): Diagnostic[] {
  // With the split's route on a port the profile's routes name that port, and the split's route-on-port check says it.
  if (others.length === 0 || at.every((b) => b.port !== undefined)) return []
  const found = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  if (!found || !('fact' in found)) return []
  const service = found.fact
  const out: Diagnostic[] = []
  for (const r of others)
    for (const p of service.ports) {
      if ((p.protocol ?? 'TCP') !== 'TCP' || !(r.ports.includes('*') || r.ports.includes(String(p.port)))) continue
      const what = onPort(service, p.port, kind, r.kind)
      if (what === undefined) continue
      const it = `${r.kind} ${r.namespace}/${r.name} attaches to port ${p.port} of Service ${profile.service}`
      const why =
        p.appProtocol === undefined
          ? 'a port without appProtocol takes the first kind present of GRPCRoute, HTTPRoute, TLSRoute, TCPRoute'
          : `a port of appProtocol ${p.appProtocol} takes the GRPCRoutes when there are any`
      out.push({
        severity: 'warning',
        code: 'sp-routes-beside',
        offset: profile.located.offset,
        pending: true,
        message:
          what === 'theirs-dropped'
            ? `${it}, where the profile's ${kind}s, which attach to every port, now attach too; Linkerd serves one kind of route per port (${why}), so ${r.name} stops applying there: the connections it took that are not HTTP go to Service ${profile.service} itself. Give the profile's routes ports, or move ${r.name} to a port of its own`
            : `${it}, where the profile's ${kind}s, which attach to every port, now attach too; Linkerd serves one kind of route per port (${why}), so the profile's routes (${[...sources, '[DEFAULT]'].map((n) => JSON.stringify(n)).join(', ')}) are dropped there and the requests ${r.name} does not match are refused. Give the profile's routes ports, or fold them into ${r.name}`,
      })
    }
  return out
}
