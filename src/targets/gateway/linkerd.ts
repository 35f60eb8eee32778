/**
 * What Linkerd, with linkerd-smi, did with a TrafficSplit that a route must do too (docs/gateway.md):
 * an all-zero split, a profile the adaptor never wrote to, connections that are not HTTP.
 */
import type { Diagnostic } from '../../model.js'
import type { Decimal } from '../../quantity/quantity.js'
import type { SplitFields } from '../../kinds/trafficsplit/read.js'
import { factKey } from './facts.js'
import type { GatewayFacts, ServiceFact } from './model.js'
import type { Parts, RouteOut } from './parts.js'
import { splitInherited } from './inherited.js'
import { namesService } from './services.js'

/**
 * On Linkerd an all-zero split routed everything to the root Service: linkerd-smi wrote the
 * weights into dstOverrides, the proxy drops a zero-weight one, and a profile without targets
 * sends to the Service (linkerd2-proxy linkerd/service-profiles/src/proto.rs `convert_dst_override`).
 */
export function linkerdAllZero(parts: Parts, facts: GatewayFacts): { skip: Diagnostic } | undefined {
  // With routes already on the Service, the emptied profile handed the Service to them: the split did nothing.
  const service = factKey(parts.src.namespace, parts.root)
  const there = [...facts.routes.values()]
    .flat()
    .filter((c) => !c.fact.generated && c.fact.parents?.some((p) => p.startsWith(`${service}:`)))
  if (there.length)
    return {
      skip: {
        severity: 'warning',
        code: 'all-weights-zero',
        offset: parts.src.backendsOffset,
        pending: true,
        message: `every weight is 0: Linkerd's proxy dropped every one, so linkerd-smi's profile did nothing and ${there.map((c) => `${c.fact.kind} ${c.fact.name}`).join(', ')} routed Service ${parts.root}; a route for this split would take what they do not match: left unchanged, delete it`,
      },
    }
  const at = parts.findings.findIndex((f) => f.code === 'all-weights-zero')
  const finding: Diagnostic = {
    severity: 'warning',
    code: 'all-weights-zero',
    offset: parts.src.backendsOffset,
    message: `every weight is 0: Linkerd's proxy dropped every one and sent all traffic to ${parts.root}, and its routes do the same`,
  }
  if (at >= 0) parts.findings[at] = finding
  else parts.findings.push(finding)
  parts.backends = [{ name: parts.root, weight: 1n, offset: parts.src.backendsOffset }]
  return undefined
}

/** Linkerd's profile split non-HTTP connections on a port that detects HTTP; the routes there do not. */
export function opaqueUnsplit(offset: number, what: string, root: string, ports: readonly number[]): Diagnostic {
  return {
    severity: 'info',
    code: 'opaque-unsplit',
    offset,
    message: `on Linkerd, ${what} also split connections that are not HTTP to Service ${root} port ${ports.join(', ')}; there Linkerd detects HTTP, and the routes leave such connections to ${root} itself: declare the port opaque (appProtocol: linkerd.io/opaque) for a TCPRoute, or accept it`,
  }
}

/** The producer ServiceProfile of the root Service in the input, when it carries smi.linkerd.io/skip (linkerd-smi's adaptor leaves it alone). */
export function skippedBy(namespace: string | undefined, root: string, facts: GatewayFacts): string | undefined {
  if (namespace === undefined) return undefined
  const prefix = `${factKey(namespace, root)}.${namespace}.svc.`
  const found = [...facts.profiles].find(([key]) => key.startsWith(prefix))?.[1][0]
  return found?.fact.skip ? found.fact.name : undefined
}

/**
 * Whether the Service's own ServiceProfile (in its namespace, `<root>.<namespace>.svc.<domain>`)
 * in the input has routes: on Linkerd its routes applied on every port Linkerd detects HTTP on,
 * whatever the port is named, and the run converts them to HTTPRoutes there.
 */
export function profileRouted(namespace: string | undefined, root: string, facts: GatewayFacts): boolean {
  if (namespace === undefined) return false
  const prefix = `${factKey(namespace, root)}.${namespace}.svc.`
  return [...facts.profiles].some(([key, list]) => key.startsWith(prefix) && list.some((c) => (c.fact.routes ?? 0) > 0))
}

/**
 * What the split's routes do on Linkerd that its profile did not: connections that are not HTTP
 * on a port that detects HTTP (with --linkerd), the Service's timeouts and retries (inherited.ts).
 */
export function linkerdNotes(
  parts: Parts,
  ports: ReadonlyArray<{ port: number; appProtocol?: string }>,
  all: readonly RouteOut[],
  release: boolean,
  service: ServiceFact | undefined,
): Diagnostic[] {
  const out: Diagnostic[] = []
  const detected = ports.filter((p) => p.appProtocol === undefined && all.some((r) => r.port === p.port && r.kind !== 'TCPRoute'))
  if (release && detected.length)
    out.push(
      opaqueUnsplit(
        parts.src.backendsOffset,
        `TrafficSplit ${parts.src.name}`,
        parts.root,
        detected.map((p) => p.port),
      ),
    )
  out.push(...splitInherited(parts.src.offset, parts.root, service?.routeDefaults, all))
  return out
}

/**
 * The largest milli value Linkerd's destination service sends as a weight: it sends
 * uint32(milli value × 10), wrapping past 2^32 - 1 (linkerd/linkerd2@b24cd4059841f8cee2fb7a9c2ac23a693c583579:
 * controller/api/destination/profile_translator.go, the dstOverrides conversion), and linkerd-smi
 * writes a TrafficSplit's weight into dstOverrides as it is (linkerd/linkerd-smi@102c45f9fbdfa5eccf09305cb039e96bc8234e36:
 * pkg/adaptor/controller.go, updateDstOverrides).
 */
const MAX_MILLI = 429496729n

/** A weight's milli value as Kubernetes' MilliValue reads it (a finer fraction rounded up). */
export function milliValue({ n, e }: Decimal): bigint {
  return e + 3 >= 0 ? n * 10n ** BigInt(e + 3) : (n + 10n ** BigInt(-(e + 3)) - 1n) / 10n ** BigInt(-(e + 3))
}

/** Why Linkerd's split by this weight was not what it says, or undefined when it was. */
export function linkerdWeightWraps(value: Decimal): string | undefined {
  return milliValue(value) > MAX_MILLI ? "overflows Linkerd's weight (milli value x 10 must fit 32 bits, and Linkerd wraps it)" : undefined
}

/**
 * The index of a weight Linkerd wrapped such that the split it applied differs from the nominal
 * one (the shares of the weights as sent, zeros dropped by the proxy, against the shares as
 * written); undefined when the shares are the same (no weight wrapped, or one backend alone).
 */
export function linkerdWrapIndex(values: readonly Decimal[]): number | undefined {
  const sent = values.map((v) => milliValue(v) * 10n)
  const got = sent.map((w) => w % 2n ** 32n)
  const at = got.findIndex((g, i) => g !== sent[i])
  if (at < 0) return undefined
  const total = sent.reduce((a, b) => a + b, 0n)
  const applied = got.reduce((a, b) => a + b, 0n)
  // Every weight wrapped to 0: the proxy dropped them all and the Service took the traffic.
  if (applied === 0n) return total === 0n ? undefined : at
  return sent.every((w, i) => got[i]! * total === w * applied) ? undefined : at
}

/**
 * On Linkerd a backend whose Service lacks the port still took its share: linkerd-smi's
 * dstOverride names the Service without a port, the destination service adds the request's
 * port (linkerd/linkerd2@b24cd4059841f8cee2fb7a9c2ac23a693c583579:
 * controller/api/destination/profile_translator.go) and, the Service having no such port, takes
 * the number as the pods' port (watcher/endpoints_watcher.go `getTargetPort`). A backendRef to
 * a port the Service lacks gets nothing, so the share moves: left for a person.
 */
export function missingOnLinkerd(b: Parts['backends'][number], port: number): Diagnostic {
  return {
    severity: 'warning',
    code: 'backend-port-missing',
    offset: b.offset,
    pending: true,
    message: `backend ${b.name} has no port ${port}: on Linkerd it still took its share of port ${port} (linkerd-smi's profile sent it to the pods of ${b.name} on port ${port} itself), and a route cannot send it there, so it is left out of the route for port ${port} and its share goes to the other backends: add port ${port} to Service ${b.name} (targetPort the pods' port), or accept it`,
  }
}

/**
 * A split linkerd-smi never applied as written (on Linkerd, whatever the release): it names the ServiceProfile it writes
 * the split into `<service>.<namespace>.svc.<domain>` and each backend's authority
 * `<backend>.<namespace>.svc.<domain>` from the names as written, looking no Service up
 * (linkerd-smi `fqdn`). A dotted `spec.service` makes a profile no client resolves: the split
 * never routed. A dotted backend makes an authority no Service resolves: its share failed. Either
 * way its routes would route what Linkerd never did: left for a person.
 */
export function linkerdSmiHost(src: SplitFields): { skip: Diagnostic } | undefined {
  const pending = (offset: number, message: string): { skip: Diagnostic } => ({
    skip: { severity: 'warning', code: 'linkerd-smi-host', offset, pending: true, message },
  })
  const service = src.service ?? ''
  const ns = src.namespace ?? '<namespace>'
  // A host whose first part names no Service is refused by its name (invalid-name), an error.
  const host = (s: string | undefined): boolean => s !== undefined && s.includes('.') && namesService(s)
  if (host(service))
    return pending(
      src.serviceOffset,
      `spec.service ${service} is a host, not a Service name: linkerd-smi writes the split into the ServiceProfile ${service}.${ns}.svc.<domain> without looking the Service up, a profile no client resolves, so Linkerd never applied this split, and its route would split traffic that never was; left unchanged: delete the split, or set spec.service to ${service.split('.')[0]} and let linkerd-smi apply it before converting`,
    )
  const i = src.backends.findIndex((b) => host(b.service))
  if (i < 0) return undefined
  const b = src.backends[i]!
  return pending(
    b.offset,
    `backend ${i + 1} service ${b.service!} is a host, not a Service name: linkerd-smi sends its share to the authority ${b.service!}.${ns}.svc.<domain>, which no Service resolves, so on Linkerd those requests failed, and its route would send them to ${b.service!.split('.')[0]}; left unchanged: set the backend's service to ${b.service!.split('.')[0]} (or remove it) and let linkerd-smi apply the split before converting`,
  )
}
