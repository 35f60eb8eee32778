/**
 * Where a ServiceProfile's routes send requests. Without `dstOverrides`: to the parent Service
 * (no backendRefs; Linkerd keeps the request's port), one route for every port. With them:
 * weighted backendRefs in every rule, the catch-all's included (else matched paths stop
 * splitting), one route per Service port as for TrafficSplits. And when the TrafficSplit that
 * linkerd-smi wrote them from is in the input, it is the source: its route is the catch-all and
 * every profile route carries its backends and port.
 */
import type { Diagnostic, Problem } from '../../../model.js'
import type { Located } from '../../../kinds/serviceprofile/read.js'
import { readJsonWeight } from '../../../quantity/json.js'
import type { RunView } from '../../target.js'
import { factKey, lookup, nearest, type Lookup } from '../facts.js'
import type { GatewayFacts, GatewayOptions, RouteFact, ServiceFact, Sourced } from '../model.js'
import type { PlainValue } from '../../../edit/emit.js'
import { portOf } from '../overrides.js'
import { MAX_ROUTE_WEIGHT, routeApis } from '../presets.js'
import type { Backing, Profile } from './objects.js'
import { anyNamespace, splitRoutes } from './splits.js'
import { splitHolds, unitNamespaces } from './unit.js'
import { UNREAD } from './left.js'
import { elsewhereMessage, unitScope } from './scope.js'
import { authoritiesDiffer, overridesDiffer, splitsDiffer } from './mismatch.js'
import { linkerdOpaque, linkerdServes } from '../protocols.js'
import { linkerdWeightWraps, milliValue, opaqueUnsplit } from '../linkerd.js'

export type Backings = { at: Backing[]; findings: Diagnostic[] } | { problems: Problem[] } | { skip: Diagnostic }

export function backings(
  profile: Profile,
  overrides: Located | undefined,
  hasRoutes: boolean,
  run: RunView<GatewayOptions, GatewayFacts>,
): Backings {
  const facts = run.context
  // linkerd-smi never wrote a split into a profile that carries smi.linkerd.io/skip: its own dstOverrides routed.
  const skip = profile.annotations !== undefined && 'smi.linkerd.io/skip' in profile.annotations
  const at = overrides?.offset ?? profile.located.offset
  const split = skip ? undefined : splitOf(profile, facts)
  if (split && 'skip' in split) return { skip: { ...split.skip, offset: at } }
  if (split && 'ambiguous' in split)
    return fail(
      at,
      'ambiguous-object',
      `TrafficSplits of Service ${profile.service} differ in ${split.ambiguous.map((f) => f.shown).join(' and ')}: convert each directory in a run of its own`,
    )
  const many = split ? splitsDiffer(profile, facts, at) : undefined
  if (many) return many
  if (split) return fromSplit(profile, split, overrides, hasRoutes, run)
  // The split converted in an earlier run (and deleted): its routes are the source, as the split would be.
  const written = !skip && hasRoutes && profile.namespace === profile.serviceNamespace ? writtenSplit(profile, facts) : []
  if (written.length) return fromWritten(profile, written, at, run)
  if (!overrides?.seq?.length) return { at: [{}], findings: [] }
  // The split's route from an earlier run (or this one's output run again): its catch-all is there already.
  // (Only for the Service's own profile: a client namespace's profile made consumer routes, which the split's route is not.)
  const done = profile.namespace === profile.serviceNamespace ? splitRouteThere(profile, facts) : undefined
  if (done && !hasRoutes)
    return {
      skip: {
        severity: 'info',
        code: 'already-converted',
        offset: at,
        message: `has no routes, and ${done} (written by smi-migrate) already routes Service ${profile.service} for every request: delete the profile once that route is Accepted`,
      },
    }
  const read = overrideRefs(profile, overrides)
  if ('problems' in read) return read
  const kept = proxyKept(read, at)
  if ('problems' in kept) return kept
  const refs = kept.refs
  if (refs.length === 0) return allDropped(profile, at, hasRoutes, kept.why)
  const ports = servicePorts(profile, at, run)
  if ('problems' in ports) return ports
  const findings: Diagnostic[] = [
    {
      severity: 'info',
      code: 'sp-dst-overrides',
      offset: at,
      message: `its dstOverrides become weighted backendRefs in every rule of its routes, one route per port of Service ${profile.service} (${ports.join(', ')}); they also split opaque TCP traffic, which routes do not (add a TCPRoute for such ports)`,
    },
  ]
  const service = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  const fact = service && 'fact' in service ? service.fact : undefined
  const detected = ports.filter((p) => !linkerdOpaque(p, fact) && fact?.ports.find((q) => q.port === p)?.appProtocol === undefined)
  if (detected.length) findings.push(opaqueUnsplit(at, 'its dstOverrides', profile.service, detected))
  const away = refs.find((r) => r.namespace !== undefined)
  if (away)
    findings.push({
      severity: 'warning',
      code: 'sp-dst-overrides',
      offset: at,
      message: `dstOverrides send traffic to ${away.name} in namespace ${away.namespace}: a cross-namespace backendRef, which Linkerd follows without a ReferenceGrant and other meshes only with one`,
    })
  return onPorts(profile, ports, refs, fact, at, run, findings)
}

/**
 * On a port Linkerd serves as opaque only a TCPRoute applies, and there the profile split every connection;
 * where the release decides how Linkerd serves a port and is not named, the profile is left (protocols.ts).
 */
function onPorts(
  profile: Profile,
  ports: number[],
  refs: Ref[],
  fact: ServiceFact | undefined,
  at: number,
  run: RunView<GatewayOptions, GatewayFacts>,
  findings: Diagnostic[],
): Backings {
  const served = ports.map((port) =>
    linkerdServes(
      fact?.ports.find((q) => q.port === port) ?? { port },
      fact,
      routeApis(run.options),
      `Service ${profile.service} port ${port}`,
      at,
    ),
  )
  for (const s of served) {
    if ('pending' in s) return { skip: s.pending }
    if ('problem' in s) return fail(at, 'route-kind', s.problem)
  }
  return {
    at: ports.map((port, i) => ({
      port,
      refs: refs.map((r) => ({ ...r, port: r.port ?? port })),
      ...(opaqueAt(served[i]!) ? { kind: 'TCPRoute', opaque: true } : {}),
    })),
    findings,
  }
}

/** The TrafficSplit of the profile's Service in the profile's world (scope.ts), or why the profile is left. */
function splitOf(profile: Profile, facts: GatewayFacts): Lookup<Record<string, unknown>> | { skip: Diagnostic } {
  // The namespaces of its unit (unit.ts: none and its name's namespace pair only by the documented rule).
  const spaces = unitNamespaces(facts, profile.namespace, profile.service, profile.serviceNamespace)
  if (!spaces) return undefined
  const key = factKey(profile.namespace, profile.service)
  // A document that names TrafficSplit, cannot be read and gives no Service: it may be this Service's split.
  const keys = [UNREAD, anyNamespace(profile.service), ...spaces.flatMap((n) => (n === undefined ? [] : [`${UNREAD}${n}`]))]
  const unread = keys.flatMap((k) => facts.splits?.get(k) ?? [])
  const own = spaces.flatMap((n) => facts.splits?.get(factKey(n, profile.service)) ?? [])
  const scoped = unitScope([...own, ...unread], facts, factKey(profile.serviceNamespace, profile.service), 'profile')
  if ('elsewhere' in scoped)
    return {
      skip: {
        severity: 'warning',
        code: 'sp-held',
        offset: 0,
        pending: true,
        message: `is left for a person: ${elsewhereMessage('TrafficSplit', profile.service, scoped.elsewhere)}`,
      },
    }
  return scoped.near.length ? lookup(new Map([[key, scoped.near]]), key, facts.from) : undefined
}

function fromSplit(
  profile: Profile,
  sourced: Sourced<Record<string, unknown>>,
  overrides: Located | undefined,
  hasRoutes: boolean,
  run: RunView<GatewayOptions, GatewayFacts>,
): Backings {
  const split = sourced.fact
  const name = String((split.metadata as Record<string, unknown> | undefined)?.name ?? '')
  const at = overrides?.offset ?? profile.located.offset
  // The dstOverrides linkerd-smi wrote from the split: left out only when they are that split.
  const differ = overrides?.seq?.length ? againstSplit(profile, split, name, overrides, run) : undefined
  if (differ) return differ
  if (!hasRoutes)
    return {
      skip: {
        severity: 'warning',
        code: 'sp-delete',
        offset: at,
        message: `has no routes, and its dstOverrides come from TrafficSplit ${name} in the input, whose route replaces both: nothing to convert, delete it with the TrafficSplit (docs/gateway.md, runbook)`,
      },
    }
  // The split left before the converter sees it (suppressed, templated) holds the profile: one unit of writing (unit.ts).
  if (sourced.left) return splitHolds(sourced.left.name ?? name, { left: sourced.left, file: sourced.file }, at)
  const routes = splitRoutes(split, run.options, run.context)
  // The split left for a person (or refused) holds the profile, and so does one this run would change but does not write.
  if (!Array.isArray(routes)) return splitHolds(name, routes, at)
  const aside = sourced.file?.aside ? sourced.file : undefined
  if (aside && (!run.options.keepTrafficSplit || routes.some((r) => !r.written))) return splitHolds(name, { aside }, at)
  const findings: Diagnostic[] = [
    {
      severity: 'info',
      code: 'sp-dst-overrides',
      offset: at,
      message: `TrafficSplit ${name} in the input splits Service ${profile.service}: its route${routes.length > 1 ? 's are' : ' is'} the catch-all (${routes.map((r) => r.name).join(', ')}), and every route of the profile carries its backends${overrides?.seq?.length ? '; the dstOverrides linkerd-smi wrote from it are left out' : ''}`,
    },
  ]
  const service = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  const fact = service && 'fact' in service ? service.fact : undefined
  return {
    at: routes.map((r) => ({
      port: r.port,
      refs: r.refs,
      catchAll: r.name,
      ...(r.older ? { older: true as const } : {}),
      kind: r.kind,
      ...(r.port !== undefined && opaqueAt(servedAt(r.port, fact, run)) ? { opaque: true } : {}),
    })),
    findings,
  }
}

/** The profile's dstOverrides against the split's route (mismatch.ts); undefined when either cannot be read here. */
function againstSplit(
  profile: Profile,
  split: Record<string, unknown>,
  name: string,
  overrides: Located,
  run: RunView<GatewayOptions, GatewayFacts>,
): { problems: Problem[] } | undefined {
  const read = overrideRefs(profile, overrides)
  if ('problems' in read) return undefined
  const pinned = authoritiesDiffer(profile, name, overrides)
  if (pinned) return pinned
  const routes = splitRoutes(split, run.options, run.context)
  if (!Array.isArray(routes) || routes.length === 0) return undefined
  return overridesDiffer(profile, name, read, routes[0]!.refs, overrides.offset)
}

/**
 * The routes smi-migrate wrote from the Service's TrafficSplit in an earlier run: on the
 * Service's ports, taking every request (no matches), not written from a profile.
 */
function writtenSplit(profile: Profile, facts: GatewayFacts): Array<Sourced<RouteFact>> {
  const service = `${factKey(profile.serviceNamespace, profile.service)}:`
  const out: Array<Sourced<RouteFact>> = []
  for (const [key, list] of facts.routes) {
    if (!key.includes(` ${profile.serviceNamespace}/`)) continue
    for (const c of list) {
      const f = c.fact
      if (!f.generated || !f.matchless || f.profileRoute !== undefined || f.object === undefined) continue
      if (f.parents?.some((p) => p.startsWith(service) && /^\d+$/.test(p.slice(service.length)))) out.push(c)
    }
  }
  return [...nearest(out, facts.from)]
}

function fromWritten(
  profile: Profile,
  written: Array<Sourced<RouteFact>>,
  at: number,
  run: RunView<GatewayOptions, GatewayFacts>,
): Backings {
  const service = `${factKey(profile.serviceNamespace, profile.service)}:`
  const lookupService = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  const fact = lookupService && 'fact' in lookupService ? lookupService.fact : undefined
  const names = written.map((c) => `${c.fact.kind} ${c.fact.name}`).join(', ')
  return {
    at: written.map(({ fact: f }) => {
      const port = Number(f.parents!.find((p) => p.startsWith(service))!.slice(service.length))
      const spec = f.object?.spec as { rules?: Array<{ backendRefs?: PlainValue[] }> } | undefined
      // The facts read scalars as text: a backendRef's port and weight are integers.
      const refs = spec?.rules?.[0]?.backendRefs?.map((r) => integers(r as Record<string, PlainValue>))
      return {
        port,
        ...(refs ? { refs } : {}),
        catchAll: f.name,
        older: true as const,
        kind: f.kind,
        ...(opaqueAt(servedAt(port, fact, run)) ? { opaque: true } : {}),
      }
    }),
    findings: [
      {
        severity: 'info',
        code: 'sp-dst-overrides',
        offset: at,
        message: `${names}, written by smi-migrate from the TrafficSplit of Service ${profile.service}, ${written.length > 1 ? 'are' : 'is'} the catch-all, and every route of the profile carries ${written.length > 1 ? 'their' : 'its'} backends, as when both are converted in one run`,
      },
      ...editedBeside(written, at),
    ],
  }
}

/**
 * A split's route a person edited since smi-migrate wrote it (its digest no longer matches:
 * existing.ts `settle`) is no longer the plain catch-all one run writes: its own rules sit
 * beside the profile's routes, which win the requests both match by a path (Gateway API
 * precedence), and the profile's routes take the backends of its first rule. As a hand-written
 * route beside the profile (beside.ts), it is named for a person to fold in.
 */
function editedBeside(written: ReadonlyArray<Sourced<RouteFact>>, at: number): Diagnostic[] {
  const edited = written.filter((c) => c.fact.edited)
  if (edited.length === 0) return []
  const names = edited.map((c) => `${c.fact.kind} ${c.fact.name}${c.file ? ` (${c.file.shown})` : ''}`).join(', ')
  return [
    {
      severity: 'warning',
      code: 'sp-routes-beside',
      offset: at,
      message: `${names} was edited by hand since smi-migrate wrote it from the TrafficSplit (it no longer matches its smi-migrate.io/written-digest), so it is not the plain catch-all one run writes: the profile's routes carry the backends of its first rule and take the requests they match by path before any rule of its own; fold its edits into the profile's routes, or check that they agree`,
    },
  ]
}

function integers(ref: Record<string, PlainValue>): Record<string, PlainValue> {
  const out = { ...ref }
  for (const k of ['port', 'weight']) if (typeof out[k] === 'string' && /^\d+$/.test(out[k])) out[k] = Number(out[k])
  return out
}

/** Every dstOverride dropped by the proxy: the Service took the traffic. */
function allDropped(profile: Profile, at: number, hasRoutes: boolean, reasons: string): Backings {
  const why = `Linkerd's proxy dropped every one of its dstOverrides (${reasons}), so the Service itself took the traffic`
  const hides =
    profile.namespace !== undefined && profile.namespace !== profile.serviceNamespace
      ? `; until then it hides the Service's own profile from clients in ${profile.namespace} (Linkerd serves a client its namespace's profile first), who take the Service's routes instead`
      : ''
  if (!hasRoutes)
    return {
      skip: { severity: 'warning', code: 'sp-delete', offset: at, message: `${why}: the profile had no effect, delete it${hides}` },
    }
  return {
    at: [{}],
    findings: [{ severity: 'warning', code: 'sp-dst-overrides', offset: at, message: `${why}: its routes send to the Service` }],
  }
}

/**
 * The dstOverrides the proxy keeps: it drops a zero weight and an authority whose port is not
 * a port number (linkerd2-proxy linkerd/service-profiles/src/proto.rs `convert_dst_override`);
 * port 0 parses, and then no connection can be made: refused.
 */
function proxyKept(refs: Ref[], at: number): { refs: Ref[]; why: string } | { problems: Problem[] } {
  const zero = refs.find((r) => r.port === 0)
  if (zero) return fail(at, 'invalid-structure', `dstOverrides send traffic to ${zero.name} on port 0, which no connection can reach`)
  const kept = refs.filter((r) => r.weight > 0 && (r.port === undefined || r.port <= 65535))
  const why = refs.some((r) => r.port !== undefined && r.port > 65535) ? 'zero weights, ports past 65535' : 'zero weights'
  return { refs: kept, why }
}

interface Ref {
  name: string
  namespace?: string
  port?: number
  weight: number
}

/** `<service>.<namespace>.svc.<domain>[:port]` and a Quantity weight, as Linkerd's destination reads them (milli values). */
function overrideRefs(profile: Profile, overrides: Located): Ref[] | { problems: Problem[] } {
  const out: Array<Omit<Ref, 'weight'> & { milli: bigint }> = []
  for (const [i, o] of (overrides.seq ?? []).entries()) {
    const authority = o.map?.authority?.value
    const m =
      typeof authority === 'string'
        ? /^([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.svc\.[^:]+(?::(\d{1,5}))?$/.exec(authority)
        : null
    if (!m)
      return fail(
        o.offset,
        'invalid-structure',
        `dstOverrides ${i + 1}: authority ${JSON.stringify(authority ?? '')} is not <service>.<namespace>.svc.<cluster domain>[:port]`,
      )
    const w = o.map?.weight
    const reading = readJsonWeight(w?.value ?? null)
    if (!reading.ok)
      return fail(w?.offset ?? o.offset, 'invalid-weight', `dstOverrides ${i + 1}: weight ${String(w?.value)} ${reading.reason}`)
    const milli = milliValue(reading.value)
    const wraps = linkerdWeightWraps(reading.value)
    if (wraps)
      return fail(
        w!.offset,
        'invalid-weight',
        `dstOverrides ${i + 1}: weight ${String(w!.value)} ${wraps}: the profile's split was not what it says`,
      )
    const port = m[3] === undefined ? undefined : Number(m[3])
    out.push({
      name: m[1]!,
      ...(m[2] !== profile.serviceNamespace ? { namespace: m[2]! } : {}),
      ...(port !== undefined ? { port } : {}),
      milli,
    })
  }
  const max = out.reduce((a, r) => (r.milli > a ? r.milli : a), 0n)
  let divisor = 1n
  if (max > MAX_ROUTE_WEIGHT) {
    divisor = out.reduce((g, r) => gcd(g, r.milli), 0n)
    if (max / divisor > MAX_ROUTE_WEIGHT)
      return fail(
        overrides.offset,
        'weight-overflow',
        `dstOverrides weights (milli values up to ${max}) do not fit a route's 1000000 even divided by their greatest common divisor`,
      )
  }
  return out.map(({ milli, ...r }) => ({ ...r, weight: Number(milli / divisor) }))
}

function servicePorts(profile: Profile, at: number, run: RunView<GatewayOptions, GatewayFacts>): number[] | { problems: Problem[] } {
  const port = portOf(run.options, profile.serviceNamespace, profile.service)
  if (port !== undefined) return [port]
  const found = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  if (!found || !('fact' in found))
    return fail(
      at,
      'port-unknown',
      `Service ${profile.service} is not in the input, and routes with backends need its port: add the Service manifest to the input, or pass --port`,
    )
  const ports = found.fact.ports
    .filter((p, i, all) => (p.protocol ?? 'TCP') === 'TCP' && all.findIndex((q) => q.port === p.port) === i)
    .map((p) => p.port)
  if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535))
    return fail(
      at,
      'port-unknown',
      `Service ${profile.service} has no TCP port from 1 to 65535 (a templated port is known once rendered): pass --port`,
    )
  return ports
}

/** A route smi-migrate wrote that takes every request to the Service (a rule without matches), by name. */
function splitRouteThere(profile: Profile, facts: GatewayFacts): string | undefined {
  const prefix = `${factKey(profile.serviceNamespace, profile.service)}:`
  for (const list of facts.routes.values())
    for (const { fact } of list)
      if (fact.generated && fact.matchless && fact.parents?.some((p) => p.startsWith(prefix))) return `${fact.kind} ${fact.name}`
  return undefined
}

function gcd(a: bigint, b: bigint): bigint {
  return b === 0n ? a : gcd(b, a % b)
}

function fail(offset: number, code: Problem['code'], message: string): { problems: Problem[] } {
  return { problems: [{ code, offset, message }] }
}

/** How the run's Linkerd serves a port of the Service (protocols.ts `linkerdServes`). */
function servedAt(
  port: number,
  fact: ServiceFact | undefined,
  run: RunView<GatewayOptions, GatewayFacts>,
): ReturnType<typeof linkerdServes> {
  return linkerdServes(fact?.ports.find((q) => q.port === port) ?? { port }, fact, routeApis(run.options), `Service port ${port}`, 0)
}

function opaqueAt(served: ReturnType<typeof linkerdServes>): boolean {
  return 'opaque' in served && served.opaque
}
