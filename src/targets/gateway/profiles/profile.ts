/**
 * A Linkerd ServiceProfile becomes Gateway API routes (docs/gateway.md, "ServiceProfiles"): one
 * HTTPRoute per profile route, so that each keeps its own retry and timeout annotations and
 * its own `route_name` metric, plus the catch-all route Linkerd needs once any route is
 * attached (without it, requests no route matches are refused). Parent: the Service the
 * profile's name says, on every port.
 */
import { plainNamespace } from '../../../yaml/nodes.js'
import type { PlainValue } from '../../../edit/emit.js'
import type { Diagnostic, NoticeCode, Problem } from '../../../model.js'
import type { ObjectView } from '../../../kinds/kind.js'
import type { Located, ProfileData } from '../../../kinds/serviceprofile/read.js'
import type { Claim, Replacement, Rewrite, RunView } from '../../target.js'
import type { GatewayFacts, GatewayOptions } from '../model.js'
import { factKey, lookup, routeBody, routeKey, stampDigest } from '../facts.js'
import { editedDrift, settle } from '../existing.js'
import { atLeast, routeApis, type RouteApis } from '../presets.js'
import { serviceProblem } from '../services.js'
import { controllerHolds } from '../owners.js'
import { routeParts, type RouteParts } from './routes.js'
import { orderFindings } from './order.js'
import { type Backing, catchAllObject, type Profile, readProfile, routeObject, tcpObject } from './objects.js'
import { claimScope, ownRoute, PROFILE_KINDS, routeNames } from './names.js'
import { backings } from './backends.js'
import { besideFindings } from './beside.js'
import { asOld, staleRoutes } from './stale.js'
import { kindChanged, type New, renamedRoutes } from './renamed.js'
import { grpcPortsKnown, notes, serviceDefaultsFinding } from './notes.js'
import { siblingsHold } from './unit.js'

export function profileToRoutes(view: ObjectView<ProfileData>, run: RunView<GatewayOptions, GatewayFacts>): Replacement {
  const located = view.data.located()
  const meta = located.map?.metadata?.value
  const labels = record(record(meta)?.labels)
  if (labels && 'linkerd.io/extension' in labels)
    return skip(
      'info',
      'sp-extension',
      view.offset,
      `is shipped by the Linkerd extension ${String(labels['linkerd.io/extension'])}: left alone (upgrade the extension instead)`,
    )
  const spec = located.map?.spec
  const routes = spec?.map?.routes?.seq ?? []
  const overrides = spec?.map?.dstOverrides?.seq ?? []
  if (routes.length === 0 && overrides.length === 0) return skip('warning', 'sp-delete', view.offset, emptyProfile(located))
  const profile = readProfile(view, located)
  if ('problems' in profile) return profile
  if (run.options.serviceGroup) profile.group = run.options.serviceGroup
  const o = run.options
  // A profile of dstOverrides only (linkerd-smi's own) has no retries or timeouts to lose: any release converts it.
  if (o.linkerd && !atLeast(o.linkerd, '2.16') && routes.length > 0)
    return fail(view.offset, 'sp-linkerd-version', beforeRouteTimeouts(o.linkerd, routes, spec?.map?.retryBudget !== undefined))
  const service = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  if (service && 'fact' in service) {
    const bad = serviceProblem(service.fact, profile.service, 'root')
    if (bad) return fail(view.offset, bad.code, bad.message)
  }
  // The split a controller writes at run time, in the input or not: the profile is one unit with it, and left with it.
  const owned =
    profile.namespace === profile.serviceNamespace
      ? controllerHolds(profile.namespace, profile.service, run.context, view.offset)
      : undefined
  if (owned) return { skip: owned }
  const backed = backings(profile, spec?.map?.dstOverrides, routes.length > 0, run)
  if (!('at' in backed)) return backed
  const r = convert(profile, view.version, routes, run, routeApis(o), backed.at)
  if ('objects' in r) r.findings.unshift(...backed.findings)
  // Another profile of its unit, left or held (a copy, another cluster domain), holds it too (unit.ts).
  return ('objects' in r && siblingsHold({ ...profile, offset: view.offset }, run, profileToRoutes)) || r
}

/** Why a profile with routes is refused for a Linkerd release before 2.16, said for what the profile sets. */
function beforeRouteTimeouts(release: string, routes: readonly Located[], budget: boolean): string {
  const sets = budget || routes.some((r) => r.map?.timeout !== undefined || r.map?.isRetryable?.value === true)
  const why = sets
    ? `Linkerd ${release} reads no retries or timeouts on routes (2.16 added them), and a ServiceProfile takes precedence over routes while it exists`
    : `its routes set no retries or timeouts, but ServiceProfiles are converted for Linkerd 2.16 and later only, the release from which Linkerd says Gateway API types fully supplant them`
  return `${why}: keep the profile until Linkerd is 2.16 or later, then convert with --linkerd 2.16 or later`
}

function convert(
  profile: Profile,
  from: string,
  routes: readonly Located[],
  run: RunView<GatewayOptions, GatewayFacts>,
  apis: RouteApis,
  ports: readonly Backing[],
): Replacement {
  const o = run.options
  const findings: Diagnostic[] = []
  const settings = { retryLimit: o.retryLimit ?? 1, ruleTimeouts: apis.maxMatchesPerRule > 8 && (!o.linkerd || atLeast(o.linkerd, '2.20')) }
  const split = profileParts(routes, settings, findings)
  if ('problems' in split) return split
  const { parts, dropped } = split
  if (dropped.length === routes.length && ports.every((at) => at.refs === undefined && at.catchAll === undefined))
    return skip('warning', 'sp-delete', profile.located.offset, everyRouteDropped(profile, dropped))
  // A GRPCRoute and an HTTPRoute on one Service conflict (Linkerd refuses the second kind): GRPCRoutes only when every route is gRPC.
  const routed = ports.filter((at) => at.kind !== 'TCPRoute')
  const bad = routed.find(
    (at) => at.kind !== undefined && at.kind !== 'HTTPRoute' && !(at.kind === 'GRPCRoute' && parts.every((p) => p.grpc)),
  )
  if (bad)
    return fail(
      profile.located.offset,
      'route-kind',
      `the TrafficSplit of its Service becomes a ${bad.kind!} on port ${String(bad.port)}, and its routes cannot be ${bad.kind!}s: Linkerd refuses two route kinds on one Service`,
    )
  const grpc =
    parts.length > 0 &&
    parts.every((p) => p.grpc) &&
    apis.apiVersion.grpc !== undefined &&
    routed.every((at) => (at.kind ?? 'GRPCRoute') === 'GRPCRoute') &&
    grpcPortsKnown(profile, parts, ports, run, findings)
  const suffixes = [...new Set(ports.map((at) => (ports.length > 1 && at.port !== undefined ? `-${at.port}` : '')))]
  const base = routeNames(profile, parts, suffixes, run)
  const made = portObjects(profile, parts, base, grpc, apis, ports, findings)
  if ('problems' in made) return made
  const { names } = made
  const catchAll = ports[0]?.catchAll ?? base[parts.length]!
  if (made.objects.length === 0)
    return skip(
      'warning',
      'sp-delete',
      profile.located.offset,
      ports.every((at) => at.kind === 'TCPRoute')
        ? `its routes never applied (every port of Service ${profile.service} takes only a TCPRoute), and ${catchAll}, the TrafficSplit's route, takes every connection: nothing to convert, delete it with the TrafficSplit`
        : `has no route that matches a request, and ${catchAll}, the TrafficSplit's route, takes every request: nothing to convert, delete it with the TrafficSplit`,
    )
  const scope = claimScope(run.context)
  const claims: Claim[] = made.objects.map((obj, i) => [
    scope + routeKey(String(obj.kind), factKey(profile.namespace, names[i]!)),
    profile.owner,
  ])
  const fresh = againstInput(profile, from, made, run)
  if ('refused' in fresh) return { skip: fresh.refused }
  const stale = staleRoutes(profile, { names: made.names, replaced: fresh.replaced }, run)
  // A profile route this tool wrote exactly as this run writes it is as old as the catch-all it was applied with.
  const written = asOld(profile, fresh.same, made, run)
  const order = portOrders(parts, base, ports, written)
  const beside = besideOf(profile, run, grpc, ports, parts)
  // A rerun holds the profile for a moved request exactly as a fresh run of the same input does.
  if ('skip' in fresh) return heldForOrder([...order, ...beside]) ?? { skip: stale ?? rerunFinding(profile, made, run) ?? fresh.skip }
  const { objects, rewrites } = fresh
  if (stale) findings.push(stale)
  findings.push(...fresh.findings)
  findings.push(
    ...notes(
      profile,
      parts,
      grpc,
      o,
      findings.some((f) => f.code === 'sp-grpc'),
    ),
    ...beside,
    ...order,
    ...serviceDefaultsFinding(profile, made, run),
  )
  const list = made.objects.map((obj, i) => `${String(obj.kind)} ${names[i]}`).join(', ')
  return heldForOrder(findings) ?? { objects, findings, claims, message: `${from} -> ${list}`, ...(rewrites.length ? { rewrites } : {}) }
}

/** What else routes the profile's Service once it is gone (beside.ts), for routes of the kind this run writes. */
function besideOf(
  profile: Profile,
  run: RunView<GatewayOptions, GatewayFacts>,
  grpc: boolean,
  ports: readonly Backing[],
  parts: readonly RouteParts[],
): Diagnostic[] {
  const sources = parts.map((p) => p.source)
  return besideFindings(profile, run, grpc ? 'GRPCRoute' : 'HTTPRoute', ports, sources)
}

/** Findings that say a request may now go to another route than the profile sent it to. */
const ROUTE_CHANGES: ReadonlySet<NoticeCode> = new Set(['sp-order', 'sp-consumer-merged'])

/**
 * A request routed elsewhere than Linkerd routed it is no conversion (issue 38: routed as
 * before, or left for a person): each such finding is pending and nothing is written for the
 * profile, until its routes are made disjoint (or the consumer profile gets a counterpart of
 * every producer route).
 */
function heldForOrder(findings: readonly Diagnostic[]): { problems: Problem[] } | undefined {
  // And gRPC retries lost (sp-grpc, pending): left for a person, so nothing of the unit is written.
  const moved = findings.filter((f) => ROUTE_CHANGES.has(f.code as NoticeCode) || (f.code === 'sp-grpc' && f.pending === true))
  if (moved.length === 0) return undefined
  return {
    problems: moved.map((f) => ({
      code: f.code as NoticeCode,
      offset: f.offset,
      leave: true,
      message: `${f.message}; nothing is written for the profile`,
    })),
  }
}

/**
 * A rerun of a kept profile whose routes are all there: what a fresh conversion of the same input
 * says of the Service's route defaults is said again (the Service may have been annotated since
 * without a route's bytes changing); the profile's order and consumer merge are held before this.
 */
function rerunFinding(
  profile: Profile,
  made: Parameters<typeof serviceDefaultsFinding>[1],
  run: RunView<GatewayOptions, GatewayFacts>,
): Diagnostic | undefined {
  return serviceDefaultsFinding(profile, made, run)[0]
}

/** Why a profile whose route was edited by hand, and would now be written as another kind, is left as it is. */
function kindEdited(profile: Profile, r: { kind: string; name: string }, next: string, file?: { shown: string }): Diagnostic {
  return {
    severity: 'warning',
    code: 'route-drift',
    offset: profile.located.offset,
    pending: true,
    message:
      `smi-migrate wrote ${r.kind} ${r.name}${file ? ` (${file.shown})` : ''} from the profile before, and that route was edited by hand since; this run writes it as ${next} ${r.name}, ` +
      `and a ${r.kind} kept beside ${next}s on one port takes the port alone (Linkerd serves one kind per port): it is left as it is and nothing is written for the profile: ` +
      'delete the route and convert again, then carry the edits into the routes written',
  }
}

/** The profile's routes as route parts; one that matches no request is said and left out. */
function profileParts(
  routes: readonly Located[],
  settings: Parameters<typeof routeParts>[1],
  findings: Diagnostic[],
): { parts: RouteParts[]; dropped: string[] } | { problems: Problem[] } {
  const parts: RouteParts[] = []
  const dropped: string[] = []
  for (const r of routes) {
    const p = routeParts(r, settings, findings)
    if ('problem' in p) return { problems: [p.problem] }
    if (p.terms.length === 0) {
      if (p.dropped) {
        dropped.push(p.source)
        continue
      }
      findings.push({
        severity: 'warning',
        code: 'sp-route-never',
        offset: p.offset,
        message: `route ${JSON.stringify(p.source)} matches no request (its condition contradicts itself): it gets no route`,
      })
      continue
    }
    parts.push(p)
  }
  return { parts, dropped }
}

/** The routes of every port: the profile's routes and its catch-all, or the TCPRoute of a port only a TCPRoute routes. */
function portObjects(
  profile: Profile,
  parts: readonly RouteParts[],
  base: readonly string[],
  grpc: boolean,
  apis: RouteApis,
  ports: readonly Backing[],
  findings: Diagnostic[],
): { objects: Array<Record<string, PlainValue>>; names: string[]; sources: string[] } | { problems: Problem[] } {
  const objects: Array<Record<string, PlainValue>> = []
  const names: string[] = []
  const sources: string[] = []
  for (const at of ports) {
    const suffix = ports.length > 1 && at.port !== undefined ? `-${at.port}` : ''
    if (at.kind === 'TCPRoute') {
      findings.push(tcpPort(profile, at, parts))
      if (at.catchAll !== undefined) continue
      const made = tcpObject(profile, `${base[parts.length]!}${suffix}`, apis, at)
      if ('problems' in made) return made
      objects.push(made.object)
      names.push(`${base[parts.length]!}${suffix}`)
      sources.push('[DEFAULT]')
      continue
    }
    for (const [i, p] of parts.entries()) {
      const made = routeObject(profile, `${base[i]!}${suffix}`, p, grpc, apis, at)
      if ('problems' in made) return made
      objects.push(made.object)
      names.push(`${base[i]!}${suffix}`)
      sources.push(p.source)
    }
    if (at.catchAll === undefined) {
      objects.push(catchAllObject(profile, `${base[parts.length]!}${suffix}`, grpc, apis, at))
      names.push(`${base[parts.length]!}${suffix}`)
      sources.push('[DEFAULT]')
    }
  }
  return { objects, names, sources }
}

/**
 * Ties go by name, and a port's suffix can turn the names' order (`web-get-9090` sorts after
 * `web-get-2-9090`, `web-get` before `web-get-2`): the order is checked with the names as
 * written, once per port, against that port's catch-all (the split's route there, or the
 * profile's own), each finding said once.
 */
function portOrders(
  parts: readonly RouteParts[],
  base: readonly string[],
  ports: readonly Backing[],
  written: ReadonlySet<string>,
): Diagnostic[] {
  const seen = new Set<string>()
  const out: Diagnostic[] = []
  for (const at of ports) {
    const s = ports.length > 1 && at.port !== undefined ? `-${at.port}` : ''
    const catchAll = { name: at.catchAll ?? `${base[parts.length]!}${s}`, older: at.older === true, written }
    for (const d of orderFindings(
      parts.map((p, i) => ({ ...p, name: `${base[i]!}${s}` })),
      catchAll,
    ))
      if (!seen.has(`${d.offset} ${d.message}`)) {
        seen.add(`${d.offset} ${d.message}`)
        out.push(d)
      }
  }
  return out
}

/**
 * The objects to write, and those to write anew in place of what an earlier run wrote; when
 * every one is in the input as this run would write it (a rerun with --keep-serviceprofile),
 * nothing to do.
 */
function againstInput(
  profile: Profile,
  from: string,
  made: { objects: Array<Record<string, PlainValue>>; names: string[]; sources: string[] },
  run: RunView<GatewayOptions, GatewayFacts>,
):
  | { objects: Array<Record<string, PlainValue>>; rewrites: Rewrite[]; replaced: string[]; findings: Diagnostic[]; same: Set<string> }
  | { skip: Diagnostic; replaced: string[]; same: Set<string> }
  | { refused: Diagnostic } {
  const fresh: New[] = []
  const kept: Rewrite[] = []
  const same = new Set<string>()
  for (const [i, obj] of made.objects.entries()) {
    stampDigest(obj)
    const there = earlier(profile, from, obj, made.names[i]!, made.sources[i]!, run)
    // A route a person edited (or whose digest is gone) that this run would write otherwise: nothing is written for the profile.
    if (there !== undefined && there !== 'same' && 'held' in there) return { refused: there.held }
    if (there === undefined) fresh.push({ object: obj, name: made.names[i]!, source: made.sources[i]! })
    else if (there !== 'same') kept.push(there)
    else same.add(made.names[i]!)
  }
  // A route of this run that the profile wrote before under another name (the Service's ports changed): written in its place.
  const renamed = renamedRoutes(profile, from, fresh, made.names, run)
  if ('held' in renamed) return { refused: renamed.held }
  const objects = renamed.fresh.map((n) => n.object)
  const rewrites = [...kept, ...renamed.rewrites]
  const { replaced } = renamed
  const findings = [...kindChanged(profile, kept), ...renamed.findings]
  if (objects.length || rewrites.length) return { objects, rewrites, replaced, findings, same }
  return {
    replaced,
    same,
    skip: {
      severity: 'info',
      code: 'already-converted',
      offset: profile.located.offset,
      message: `has its routes (${made.names.join(', ')}) in the input already, written by smi-migrate; left as they are (delete the ServiceProfile once the routes are Accepted)${renamed.findings.map((f) => `; ${f.message}`).join('')}`,
    },
  }
}

/**
 * The route this profile's route wrote in an earlier run (kept by --keep-serviceprofile, or its
 * routes applied before its TrafficSplit was converted): `same` when it says what this run
 * writes, else written anew in its place (the split or the dstOverrides changed since);
 * undefined when there is none.
 */
function earlier(
  profile: Profile,
  from: string,
  obj: Record<string, PlainValue>,
  name: string,
  source: string,
  run: RunView<GatewayOptions, GatewayFacts>,
): 'same' | Rewrite | { held: Diagnostic } | undefined {
  for (const kind of PROFILE_KINDS) {
    const found = lookup(run.context.routes, routeKey(kind, factKey(profile.namespace, name)), run.context.from)
    if (!found || !('fact' in found) || !ownRoute(profile, found.fact, source)) continue
    // Edited, and of the other kind: kept, it would stand beside the new kind on one port, where Linkerd serves GRPCRoutes only.
    if (kind !== obj.kind && found.fact.edited) return { held: kindEdited(profile, { kind, name }, String(obj.kind), found.file) }
    const settled = settle(found.fact, found.file, obj, kind === obj.kind && found.fact.body === routeBody(obj))
    if ('same' in settled) return 'same'
    if ('clashes' in settled) return { held: editedDrift(profile.located, { kind, name }, settled, 'the profile') }
    const where = found.file ? ` (${found.file.shown})` : ''
    return {
      kind,
      name,
      ...(profile.namespace !== undefined ? { namespace: profile.namespace } : {}),
      ...(found.file ? { file: found.file } : {}),
      object: obj,
      message: `${from} -> ${String(obj.kind)} ${name}: written in place of this ${kind} ${name}, which smi-migrate wrote from the profile's route ${JSON.stringify(source)} before and which no longer routes as the profile does (its TrafficSplit, dstOverrides, timeout or retries changed since)`,
      refused: {
        severity: 'warning',
        code: 'route-drift',
        offset: profile.located.offset,
        pending: true,
        message: `has changed since smi-migrate wrote its ${kind} ${name}${where} from the route ${JSON.stringify(source)}: the route no longer routes as the profile does (its TrafficSplit, dstOverrides, timeout or retries), and it cannot be written anew where it is, so delete it and run the conversion again, which writes it anew`,
      },
    }
  }
  return undefined
}

/** A port only a TCPRoute routes: the profile's routes are not written there. */
function tcpPort(profile: Profile, at: Backing, parts: readonly RouteParts[]): Diagnostic {
  const port = String(at.port)
  const routes = parts.map((p) => JSON.stringify(p.source)).join(', ')
  if (at.opaque || parts.length === 0)
    return {
      severity: 'info',
      code: 'sp-dst-overrides',
      offset: profile.located.offset,
      message: `Linkerd serves port ${port} of Service ${profile.service} as opaque: the profile's routes never applied there, its split took every connection, and ${at.catchAll ?? 'a TCPRoute'} carries it`,
    }
  return {
    severity: 'warning',
    code: 'sp-dst-overrides',
    offset: profile.located.offset,
    message: `port ${port} of Service ${profile.service} carries the split's TCPRoute ${at.catchAll ?? ''}, which takes every connection there: the HTTP requests on it lose the profile's routes ${routes} (their timeouts and retries)`,
  }
}

/**
 * A profile with neither routes nor dstOverrides: Linkerd's proxy ignores it. In a client
 * namespace it still hides the Service's own profile from that namespace's clients (the
 * destination service serves the client's profile when one exists), so they took the routes.
 */
function emptyProfile(located: Located): string {
  const meta = record(located.map?.metadata?.value)
  const namespace = plainNamespace(meta)
  const m = typeof meta?.name === 'string' ? /^[^.]+\.([^.]+)\.svc\./.exec(meta.name) : null
  const base = 'has neither routes nor dstOverrides, so Linkerd has ignored it since 2.13: nothing to convert, delete it'
  if (!m || namespace === undefined || namespace === m[1]) return base
  return `${base}; until then it hides the Service's own profile from clients in ${namespace} (Linkerd serves a client its namespace's profile first), who take the Service's routes instead`
}

/**
 * Every route has a regex Linkerd's proxy cannot compile and nothing splits the Service: the
 * proxy held a profile with neither routes nor targets and used the Service's routes instead
 * (linkerd2-proxy `should_override_policy`), refusing the requests none of them matches. Its
 * catch-all would now serve those requests, so it is left, as an empty profile is.
 */
function everyRouteDropped(profile: Profile, dropped: readonly string[]): string {
  const names = dropped.map((n) => JSON.stringify(n)).join(', ')
  const hides =
    profile.namespace !== undefined && profile.namespace !== profile.serviceNamespace
      ? `; until then it hides the Service's own profile from clients in ${profile.namespace} (Linkerd serves a client its namespace's profile first), who take the Service's routes instead`
      : ''
  return `Linkerd's proxy dropped every route (${names}: a pathRegex it cannot compile) and it has no dstOverrides, so Linkerd ignored the profile: requests to Service ${profile.service} went by the routes attached to it, and those none of them matches were refused; its catch-all route would now serve them, so nothing is converted: fix the regexes and convert again, or delete the profile${hides}`
}

function skip(severity: Diagnostic['severity'], code: NoticeCode, offset: number, message: string): Replacement {
  const at = { code, offset, message }
  return { skip: severity === 'error' ? { severity, ...at } : { severity, ...at } }
}

function fail(offset: number, code: Problem['code'], message: string): { problems: Problem[] } {
  return { problems: [{ code, offset, message }] }
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
