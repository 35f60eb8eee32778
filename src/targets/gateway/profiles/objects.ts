/**
 * The route objects of a ServiceProfile: names (`<service>-<route name>`, the catch-all
 * `<service>-default`), metadata (the profile's labels and annotations, the route's own, the
 * generator), the parent Service and, with a split, the backends and port of each route.
 */
import { plainNamespace } from '../../../yaml/nodes.js'
import type { PlainValue } from '../../../edit/emit.js'
import type { Problem } from '../../../model.js'
import { version } from '../../../version.js'
import type { ObjectView } from '../../../kinds/kind.js'
import type { Located, ProfileData } from '../../../kinds/serviceprofile/read.js'
import { factKey, GENERATOR, PROFILE_ROUTE } from '../facts.js'
import { MAX_RULES, type RouteApis } from '../presets.js'
import { routeNameProblem } from '../services.js'
import { httpRules, type RouteParts } from './routes.js'

/** The annotation that keeps the profile route's name on its HTTPRoute. */
export const ROUTE_NAME = PROFILE_ROUTE

/** One port's routes: the parent's port, the backends, and the split's route that is the catch-all there. */
export interface Backing {
  port?: number
  refs?: PlainValue[]
  catchAll?: string
  /** The catch-all is already in the input (written by an earlier run): older than the routes this run writes, it wins their ties. */
  older?: true
  /** The route kind the split's route has (the profile's routes must have the same); TCPRoute: a port only a TCPRoute routes. */
  kind?: string
  /** Linkerd serves the port as opaque (2.18+): the profile's routes never applied there. */
  opaque?: boolean
}

export interface Profile {
  /** How parentRefs spell the core group (`--service-group`). */
  group?: '' | 'core'
  name: string
  namespace?: string
  service: string
  serviceNamespace: string
  labels?: Record<string, PlainValue>
  annotations?: Record<string, PlainValue>
  located: Located
  owner: string
}

export function readProfile(view: ObjectView<ProfileData>, located: Located): Profile | { problems: Problem[] } {
  const meta = record(located.map?.metadata?.value)
  const name = typeof meta?.name === 'string' ? meta.name : undefined
  const namespace = plainNamespace(meta)
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

function parentRefs(profile: Profile, at: Backing): PlainValue[] {
  const ref: Record<string, PlainValue> = { group: profile.group ?? '', kind: 'Service', name: profile.service }
  if (profile.namespace !== profile.serviceNamespace) ref.namespace = profile.serviceNamespace
  if (at.port !== undefined) ref.port = at.port
  return [ref]
}

/** The rules with the backends of `at` (every rule: else the requests a rule matches stop splitting). */
function backed(rules: Array<Record<string, PlainValue>>, at: Backing, profile: Profile): PlainValue[] {
  if (!at.refs) return rules
  // A backendRef without a namespace names a Service in the route's: a consumer route's backends are in the Service's namespace.
  const consumer = profile.namespace !== profile.serviceNamespace
  const refs = consumer
    ? at.refs.map((r) => {
        const ref = r as Record<string, PlainValue>
        return ref.namespace === undefined ? { name: ref.name!, namespace: profile.serviceNamespace, ...ref } : ref
      })
    : at.refs
  return rules.map((r) => ({ ...r, backendRefs: refs }))
}

export function routeObject(
  profile: Profile,
  name: string,
  p: RouteParts,
  grpc: boolean,
  apis: RouteApis,
  at: Backing,
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
        spec: { parentRefs: parentRefs(profile, at), rules: backed(rules, at, profile) },
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
      spec: { parentRefs: parentRefs(profile, at), rules: backed(rules as Array<Record<string, PlainValue>>, at, profile) },
    },
  }
}

/** The TCPRoute of a port Linkerd serves as opaque: the profile split its connections by dstOverrides. */
export function tcpObject(
  profile: Profile,
  name: string,
  apis: RouteApis,
  at: Backing,
): { object: Record<string, PlainValue> } | { problems: Problem[] } {
  if (!apis.apiVersion.tcp)
    return fail(
      profile.located.offset,
      'route-kind',
      `port ${String(at.port)} of Service ${profile.service} takes only a TCPRoute on Linkerd, which ${apis.missing} does not serve`,
    )
  return {
    object: {
      apiVersion: apis.apiVersion.tcp,
      kind: 'TCPRoute',
      metadata: metadata(profile, name, { [ROUTE_NAME]: '[DEFAULT]' }),
      spec: { parentRefs: parentRefs(profile, at), rules: backed([{}], at, profile) },
    },
  }
}

export function catchAllObject(profile: Profile, name: string, grpc: boolean, apis: RouteApis, at: Backing): Record<string, PlainValue> {
  const annotations = { [ROUTE_NAME]: '[DEFAULT]' }
  if (grpc)
    return {
      apiVersion: apis.apiVersion.grpc!,
      kind: 'GRPCRoute',
      metadata: metadata(profile, name, annotations),
      spec: { parentRefs: parentRefs(profile, at), rules: backed([{ matches: [{}] }], at, profile) },
    }
  const rules = [{ matches: [{ path: { type: 'PathPrefix', value: '/' } }] }]
  return {
    apiVersion: apis.apiVersion.http!,
    kind: 'HTTPRoute',
    metadata: metadata(profile, name, annotations),
    spec: { parentRefs: parentRefs(profile, at), rules: backed(rules, at, profile) },
  }
}

function fail(offset: number, code: Problem['code'], message: string): { problems: Problem[] } {
  return { problems: [{ code, offset, message }] }
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
