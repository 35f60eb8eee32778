/**
 * A Linkerd ServiceProfile becomes Gateway API routes (docs/gateway.md, "ServiceProfiles"): one
 * HTTPRoute per profile route, so that each keeps its own retry and timeout annotations and
 * its own `route_name` metric, plus the catch-all route Linkerd needs once any route is
 * attached (without it, requests no route matches are refused). Parent: the Service the
 * profile's name says, on every port.
 */
import type { PlainValue } from '../../../edit/emit.js'
import type { Diagnostic, Problem } from '../../../model.js'
import { version } from '../../../version.js'
import type { ObjectView } from '../../../kinds/kind.js'
import type { Located, ProfileData } from '../../../kinds/serviceprofile/read.js'
import type { Claim, Replacement, RunView } from '../../target.js'
import type { GatewayFacts, GatewayOptions } from '../model.js'
import { factKey, GENERATOR, lookup, routeKey } from '../facts.js'
import { atLeast, MAX_RULES, routeApis, type RouteApis } from '../presets.js'
import { routeNameProblem, serviceProblem } from '../services.js'
import { httpRules, routeParts, type RouteParts } from './routes.js'
import { orderFindings } from './order.js'

/** The annotation that keeps the profile route's name on its HTTPRoute. */
export const ROUTE_NAME = 'smi-migrate.io/serviceprofile-route'

interface Profile {
  name: string
  namespace?: string
  service: string
  serviceNamespace: string
  labels?: Record<string, PlainValue>
  annotations?: Record<string, PlainValue>
  located: Located
  owner: string
}

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
  if (routes.length === 0 && overrides.length === 0)
    return skip(
      'warning',
      'sp-delete',
      view.offset,
      'has neither routes nor dstOverrides, so Linkerd has ignored it since 2.13: nothing to convert, delete it',
    )
  const profile = readProfile(view, located)
  if ('problems' in profile) return profile
  const o = run.options
  if (o.linkerd && !atLeast(o.linkerd, '2.16'))
    return fail(
      view.offset,
      'sp-linkerd-version',
      `Linkerd ${o.linkerd} reads no retries or timeouts on routes (2.16 added them), and a ServiceProfile takes precedence over routes while it exists: keep the profile until Linkerd is 2.16 or later, then convert with --linkerd 2.16 or later`,
    )
  if (overrides.length > 0)
    return fail(
      spec!.map!.dstOverrides!.offset,
      'sp-dst-overrides',
      'has dstOverrides (a traffic split, usually written by linkerd-smi from a TrafficSplit), which this release does not convert yet: convert the TrafficSplit, remove dstOverrides from the profile, then convert the profile',
    )
  const service = lookup(run.context.services, factKey(profile.serviceNamespace, profile.service), run.context.from)
  if (service && 'fact' in service) {
    const bad = serviceProblem(service.fact, profile.service, 'root')
    if (bad) return fail(view.offset, bad.code, bad.message)
  }
  return convert(profile, view.version, routes, run, routeApis(o))
}

function convert(
  profile: Profile,
  from: string,
  routes: readonly Located[],
  run: RunView<GatewayOptions, GatewayFacts>,
  apis: RouteApis,
): Replacement {
  const o = run.options
  const findings: Diagnostic[] = []
  const settings = { retryLimit: o.retryLimit ?? 1, ruleTimeouts: apis.maxMatchesPerRule > 8 && (!o.linkerd || atLeast(o.linkerd, '2.20')) }
  const parts: RouteParts[] = []
  for (const r of routes) {
    const p = routeParts(r, settings, findings)
    if ('problem' in p) return { problems: [p.problem] }
    if (p.terms.length === 0) {
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
  // A GRPCRoute and an HTTPRoute on one Service conflict (Linkerd refuses the second kind): GRPCRoutes only when every route is gRPC.
  const grpc = parts.length > 0 && parts.every((p) => p.grpc) && apis.apiVersion.grpc !== undefined
  const names = routeNames(profile, parts)
  const objects: Array<Record<string, PlainValue>> = []
  const claims: Claim[] = []
  for (const [i, p] of parts.entries()) {
    const made = routeObject(profile, names[i]!, p, grpc, apis)
    if ('problems' in made) return made
    objects.push(made.object)
  }
  const catchAll = names[parts.length]!
  objects.push(catchAllObject(profile, catchAll, grpc, apis))
  for (const [i, obj] of objects.entries()) {
    const kind = String(obj.kind)
    const name = names[i]!
    const taken = routeTaken(profile, kind, name, run)
    if (taken) return taken
    claims.push([routeKey(kind, factKey(profile.namespace, name)), profile.owner])
  }
  findings.push(
    ...notes(profile, parts, grpc, o),
    ...orderFindings(
      parts.map((p, i) => ({ ...p, name: names[i]! })),
      catchAll,
    ),
  )
  const list = objects.map((obj, i) => `${String(obj.kind)} ${names[i]}`).join(', ')
  return { objects, findings, claims, message: `${from} -> ${list}` }
}

function readProfile(view: ObjectView<ProfileData>, located: Located): Profile | { problems: Problem[] } {
  const meta = record(located.map?.metadata?.value)
  const name = typeof meta?.name === 'string' ? meta.name : undefined
  const namespace = typeof meta?.namespace === 'string' ? meta.namespace : undefined
  const m =
    name === undefined ? null : /^([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.svc\.(.+)$/.exec(name)
  if (!m)
    return fail(
      located.map?.metadata?.offset ?? view.offset,
      'sp-name',
      `is named ${JSON.stringify(name ?? '')}, not <service>.<namespace>.svc.<cluster domain>: Linkerd applies it to no Service, and its routes need one`,
    )
  const labels = record(meta?.labels)
  const annotations = record(meta?.annotations)
  const p: Profile = { name: name!, service: m[1]!, serviceNamespace: m[2]!, located, owner: `ServiceProfile ${factKey(namespace, name!)}` }
  if (namespace !== undefined) p.namespace = namespace
  if (labels) p.labels = labels as Record<string, PlainValue>
  if (annotations) p.annotations = annotations as Record<string, PlainValue>
  return p
}

/** `<service>-<route name as a DNS label>`, unique in the profile; the catch-all `<service>-default` last. */
function routeNames(profile: Profile, parts: readonly RouteParts[]): string[] {
  const used = new Set<string>()
  const unique = (base: string): string => {
    let name = trimDashes(base.slice(0, 240))
    for (let n = 2; used.has(name); n++) name = `${base.slice(0, 236)}-${n}`
    used.add(name)
    return name
  }
  const slug = (s: string): string =>
    s
      .toLowerCase()
      .split(/[^a-z0-9]/)
      .filter(Boolean)
      .join('-') || 'route'
  const names = parts.map((p) => unique(`${profile.service}-${slug(p.source)}`))
  const fallback = parts.some((p) => slug(p.source) === 'default') ? 'catch-all' : 'default'
  names.push(unique(`${profile.service}-${fallback}`))
  return names
}

function trimDashes(s: string): string {
  let end = s.length
  while (end > 0 && s[end - 1] === '-') end--
  return s.slice(0, end)
}

function metadata(profile: Profile, name: string, extra: Record<string, string>): Record<string, PlainValue> {
  const m: Record<string, PlainValue> = { name }
  if (profile.namespace !== undefined) m.namespace = profile.namespace
  if (profile.labels && Object.keys(profile.labels).length) m.labels = profile.labels
  const annotations: Record<string, PlainValue> = {}
  for (const [k, v] of Object.entries(profile.annotations ?? {}))
    if (k !== 'kubectl.kubernetes.io/last-applied-configuration' && k !== GENERATOR && k !== ROUTE_NAME) annotations[k] = v
  Object.assign(annotations, extra)
  annotations[GENERATOR] = `smi-migrate-${version}`
  m.annotations = annotations
  return m
}

function parentRefs(profile: Profile): PlainValue[] {
  const ref: Record<string, PlainValue> = { group: '', kind: 'Service', name: profile.service }
  if (profile.namespace !== profile.serviceNamespace) ref.namespace = profile.serviceNamespace
  return [ref]
}

function routeObject(
  profile: Profile,
  name: string,
  p: RouteParts,
  grpc: boolean,
  apis: RouteApis,
): { object: Record<string, PlainValue> } | { problems: Problem[] } {
  const bad = routeNameProblem(name)
  if (bad) return fail(p.offset, 'invalid-name', bad)
  const annotations: Record<string, string> = { [ROUTE_NAME]: p.source, ...p.annotations }
  if (grpc) {
    if (p.retryable) {
      delete annotations['retry.linkerd.io/http']
      annotations['retry.linkerd.io/grpc'] = 'deadline-exceeded,internal,unavailable'
      // Keep the limit after the condition, as Linkerd's docs write them.
      const limit = annotations['retry.linkerd.io/limit']!
      delete annotations['retry.linkerd.io/limit']
      annotations['retry.linkerd.io/limit'] = limit
    }
    const rules = [{ matches: [{ method: { service: p.grpc!.service, method: p.grpc!.method } }] }]
    return {
      object: {
        apiVersion: apis.apiVersion.grpc!,
        kind: 'GRPCRoute',
        metadata: metadata(profile, name, annotations),
        spec: { parentRefs: parentRefs(profile), rules },
      },
    }
  }
  const rules = httpRules(p.terms, apis.maxMatchesPerRule, p.ruleTimeout)
  const total = p.terms.length
  if (rules.length > MAX_RULES || total > apis.maxMatchesPerRoute)
    return fail(
      p.offset,
      'too-many-matches',
      `route ${JSON.stringify(p.source)} expands to ${total} matches, more than a route holds on ${apis.missing} (${apis.maxMatchesPerRule} per rule, ${MAX_RULES} rules${apis.maxMatchesPerRule > 8 ? `, ${apis.maxMatchesPerRoute} in all` : ''})`,
    )
  return {
    object: {
      apiVersion: apis.apiVersion.http!,
      kind: 'HTTPRoute',
      metadata: metadata(profile, name, annotations),
      spec: { parentRefs: parentRefs(profile), rules },
    },
  }
}

function catchAllObject(profile: Profile, name: string, grpc: boolean, apis: RouteApis): Record<string, PlainValue> {
  const annotations = { [ROUTE_NAME]: '[DEFAULT]' }
  if (grpc)
    return {
      apiVersion: apis.apiVersion.grpc!,
      kind: 'GRPCRoute',
      metadata: metadata(profile, name, annotations),
      spec: { parentRefs: parentRefs(profile), rules: [{ matches: [{}] }] },
    }
  const rules = [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]
  return {
    apiVersion: apis.apiVersion.http!,
    kind: 'HTTPRoute',
    metadata: metadata(profile, name, annotations),
    spec: { parentRefs: parentRefs(profile), rules },
  }
}

/** A route of that name in the input (written by an earlier --keep-serviceprofile run: done), or written by another object of the run. */
function routeTaken(profile: Profile, kind: string, name: string, run: RunView<GatewayOptions, GatewayFacts>): Replacement | undefined {
  const key = routeKey(kind, factKey(profile.namespace, name))
  const found = lookup(run.context.routes, key, run.context.from)
  if (found && 'fact' in found) {
    if (found.fact.generated)
      return skip(
        'info',
        'already-converted',
        profile.located.offset,
        `has its ${kind} ${name} in the input already, written by smi-migrate; left as it is (delete the ServiceProfile once the routes are Accepted)`,
      )
    return fail(
      profile.located.offset,
      'name-collision',
      `${kind} ${name} is already in the input; rename it (the profile's routes are named <service>-<route name>)`,
    )
  }
  const writer = run.claimed(key)
  if (writer !== undefined && writer !== profile.owner)
    return fail(profile.located.offset, 'name-collision', `${writer} in this input also writes ${kind} ${name}`)
  return undefined
}

function notes(profile: Profile, parts: readonly RouteParts[], grpc: boolean, o: GatewayOptions): Diagnostic[] {
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
  const grpcRetried = retryable.filter((p) => p.grpc)
  if (grpcRetried.length)
    out.push({
      severity: 'warning',
      code: 'sp-grpc',
      offset: grpcRetried[0]!.offset,
      message: grpc
        ? 'gRPC routes retry deadline-exceeded, internal and unavailable (retry.linkerd.io/grpc); the profile also retried unknown, data-loss and permission-denied'
        : 'gRPC methods are HTTPRoutes here (other routes of the profile are not gRPC, and Linkerd refuses both kinds on one Service): they retry HTTP statuses only, not gRPC status errors',
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

function skip(severity: Diagnostic['severity'], code: Diagnostic['code'], offset: number, message: string): Replacement {
  return { skip: { severity, code, offset, message } }
}

function fail(offset: number, code: Problem['code'], message: string): { problems: Problem[] } {
  return { problems: [{ code, offset, message }] }
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
