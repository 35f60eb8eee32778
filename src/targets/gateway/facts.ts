/**
 * Reads what a `--to gateway` run needs from the whole input before anything is converted:
 * `v1` Services (ports, type, appProtocol), SMI HTTPRouteGroups (an A/B split's matches)
 * and the routes already there (name collisions, routes an earlier run wrote). Top-level
 * objects and List items; Helm actions masked first. A document that does not parse adds
 * nothing (the conversion reports it if it matters).
 */
import { plainNamespace } from '../../yaml/nodes.js'
import { createHash } from 'node:crypto'
import { dirname } from 'node:path'
import { resolvePlain } from '../../quantity/yaml11.js'
import { plainObjects, spells } from '../../yaml/plain.js'
import type { SourceDocument } from '../target.js'
import { readAnnotation, ROUTE_KIND_ANNOTATION } from './overrides.js'
import { serviceDefaults } from './inherited.js'
import type { GatewayFacts, RouteFact, SourceFile, Sourced } from './model.js'
import { addUnreadServices, namesServiceKind } from './service-reading.js'

/** The annotation that names the tool that wrote a route (ingress2gateway's key). */
export const GENERATOR = 'gateway.networking.k8s.io/generator'

/** Bytes without one of these cannot hold a fact: most documents are skipped unparsed. */
const NEEDLES = ['Service', 'HTTPRouteGroup', 'Route', 'Canary', 'Rollout']
const ROUTE_GROUPS = /^(gateway\.networking\.k8s\.io|policy\.linkerd\.io)\//
const ROUTE_KINDS = new Set(['HTTPRoute', 'GRPCRoute', 'TCPRoute', 'TLSRoute', 'UDPRoute'])

export function emptyFacts(): GatewayFacts {
  return {
    services: new Map(),
    routeGroups: new Map(),
    routes: new Map(),
    controllers: new Map(),
    profiles: new Map(),
    servicePatches: new Map(),
  }
}

/** `namespace/name`; an object without a namespace matches only objects without one. */
export function factKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`
}

/**
 * The facts of a whole input, given document by document (as kubectl cuts them).
 *
 * Parsing is what costs (about a quarter of a millisecond per small document), and a
 * rendered chart is full of Services no TrafficSplit names: a Service document is parsed
 * only if a name in it is one a TrafficSplit names (`service:` values). The names are read
 * off the text, so this holds only while both are written plainly: a document with an
 * escape, an alias, a merge key or a template action, on either side, turns the filter off
 * and every Service is parsed, so a Service is never missed.
 */
export function collectFacts(documents: Iterable<string | SourceDocument>): GatewayFacts {
  const facts = emptyFacts()
  const services: Array<SourceDocument & { line: number }> = []
  const wanted = new Set<string>()
  let filter = true
  // The line each document starts on, in its file or the stream (for a Service that does not parse).
  let [source, line] = [undefined as string | undefined, 1]
  for (const document of documents) {
    const { text, file, patchOf } = typeof document === 'string' ? { text: document, file: undefined, patchOf: undefined } : document
    if ((file?.path ?? '') !== source) [source, line] = [file?.path ?? '', 1]
    const at = line
    line += text.split('\n').length - 1
    // A kustomize patch is a change to an object, never the object: only what it does to Service ports is kept.
    if (patchOf !== undefined) {
      if (file) (facts.patchFiles ??= new Map()).set(file.path, patchOf.by)
      if (spells(text, 'Service') && text.includes('ports')) addServicePatch(text, file, patchOf, facts)
      continue
    }
    // Kinds as YAML reads them: `"Servic\x65"` is a Service to kubectl (spells undoes the escapes).
    if (spells(text, 'TrafficSplit')) {
      const values = [...text.matchAll(SERVICE_VALUE)]
      // A `service:` whose value is not on its line, tagged, a block scalar (or quoted oddly) is not read here: parse all.
      if (UNPLAIN.test(text) || values.length !== [...text.matchAll(SERVICE_KEY)].length || values.some((m) => NOT_A_NAME.test(m[1]!)))
        filter = false
      // `web.prod.svc.cluster.local` names the Service `web`.
      for (const m of values) wanted.add(m[1]!.split('.')[0]!)
    }
    // A ServiceProfile `<service>.<namespace>.svc.<domain>` needs its Service's ports too (profiles/backends.ts).
    if (spells(text, 'ServiceProfile')) for (const m of text.matchAll(PROFILE_NAME)) wanted.add(m[1]!)
    if (!NEEDLES.some((n) => spells(text, n))) continue
    // Route groups and routes are rare: read now. A Service waits for the names.
    if (text.includes('HTTPRouteGroup') || spells(text, 'ServiceProfile') || ROUTE_KIND.test(text) || CONTROLLER_KIND.test(text))
      add(text, file, facts)
    else if (spells(text, 'Service')) services.push({ text, ...(file ? { file } : {}), line: at })
  }
  for (const { text, file, line: at } of services) {
    if (!filter || !plainNames(text) || [...text.matchAll(NAME_VALUE)].some((m) => wanted.has(m[1]!))) add(text, file, facts, at)
  }
  return facts
}

/** The facts as seen from one file: `lookup` prefers what is applied with it. */
export function scopeFacts(facts: GatewayFacts, from: SourceFile): GatewayFacts {
  return { ...facts, from }
}

export type Lookup<T> = { fact: T; file?: SourceFile } | { ambiguous: SourceFile[] } | undefined

/**
 * The object a split in `from` means by a name: the one in its own file (the last, as kubectl
 * applies them), else the one in its directory, else the one in the run. Objects that say the
 * same are one; two that differ at the nearest level that has any are ambiguous.
 */
export function lookup<T>(map: ReadonlyMap<string, Array<Sourced<T>>>, key: string, from: SourceFile | undefined): Lookup<T> {
  const all = map.get(key)
  if (!all?.length) return undefined
  const dir = from && dirname(from.path)
  const levels = [
    all.filter((c) => c.file?.path === from?.path),
    all.filter((c) => c.file !== undefined && dirname(c.file.path) === dir),
    all,
  ]
  for (const level of levels) {
    if (level.length === 0) continue
    // The last of each file, as kubectl applies a file's objects in order.
    const perFile = new Map(level.map((c) => [c.file?.path, c]))
    const distinct = new Map([...perFile.values()].map((c) => [JSON.stringify(c.fact), c]))
    if (distinct.size === 1) return [...distinct.values()][0]!
    return { ambiguous: [...perFile.values()].flatMap((c) => (c.file ? [c.file] : [])) }
  }
  return undefined
}

/** What makes a name in the text differ from the name in the data: escapes, aliases, merge keys, actions, tags, `''`. */
const UNPLAIN = /[\\&*!]|<<|\{\{|''/
/** A value that is not the name itself: a tag, a block scalar's indicator, an anchor or alias. */
const NOT_A_NAME = /^[!|>&*]/

/** Whether every `name:` of a document has its value plainly on its line, so the text says which names it holds. */
function plainNames(text: string): boolean {
  const values = [...text.matchAll(NAME_VALUE)]
  return !UNPLAIN.test(text) && values.length === [...text.matchAll(NAME_KEY)].length && !values.some((m) => NOT_A_NAME.test(m[1]!))
}
/** `service: x` / `"service": "x"` (a TrafficSplit's root or backend). */
const SERVICE_VALUE = /["']?service["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g
/** Every `service:` key, with or without a value on its line. */
const SERVICE_KEY = /["']?service["']?[ \t]*:/g
/** `name: x` / `"name": "x"` (a Service's name, among others). */
const NAME_VALUE = /["']?name["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g
/** `name: web.shop.svc.cluster.local` (a ServiceProfile's name: its Service is `web`). */
const PROFILE_NAME = /["']?name["']?[ \t]*:[ \t]*["']?([a-z0-9-]+)\.[a-z0-9-]+\.svc\./g
/** Every `name:` key, with or without a value on its line. */
const NAME_KEY = /["']?name["']?[ \t]*:/g
const ROUTE_KIND = /HTTPRoute|GRPCRoute|TCPRoute|TLSRoute|UDPRoute/
const CONTROLLER_KIND = /kind["']?[ \t]*:[ \t]*["']?(?:Canary|Rollout)\b/

/** A strategic-merge patch of a Service's ports, by the Service's name (kustomize may set the namespace later). */
function addServicePatch(
  text: string,
  file: SourceFile | undefined,
  patch: NonNullable<SourceDocument['patchOf']>,
  facts: GatewayFacts,
): void {
  for (const object of plainObjects(text)) {
    const name = record(object.metadata)?.name
    if (object.kind !== 'Service' || object.apiVersion !== 'v1' || typeof name !== 'string' || record(object.spec)?.ports === undefined)
      continue
    put(facts.servicePatches, name, patch, file)
  }
}

/** Adds the objects of one document (or List) to `facts`. */
function add(text: string, file: SourceFile | undefined, facts: GatewayFacts, line = 1): void {
  const objects = plainObjects(text)
  for (const object of objects) addObject(object, file, facts, text)
  // A Service that gives no object does not parse (or is no v1 Service): why, for its splits.
  if (!objects.some((o) => o.kind === 'Service') && namesServiceKind(text)) addUnreadServices(text, file, line, facts)
}

function put<T>(map: Map<string, Array<Sourced<T>>>, key: string, fact: T, file: SourceFile | undefined): void {
  const list = map.get(key) ?? []
  list.push(file ? { fact, file } : { fact })
  map.set(key, list)
}

function addObject(object: Record<string, unknown>, file: SourceFile | undefined, facts: GatewayFacts, text: string): void {
  const { kind, apiVersion } = object
  if (typeof kind !== 'string' || typeof apiVersion !== 'string') return
  const meta = record(object.metadata)
  const name = meta?.name
  if (typeof name !== 'string') return
  const key = factKey(plainNamespace(meta), name)
  if (kind === 'Service' && apiVersion === 'v1') {
    const spec = record(object.spec) ?? {}
    const ports = Array.isArray(spec.ports) ? spec.ports.map(record).filter((p) => p !== undefined) : []
    const opaque = record(meta?.annotations)?.['config.linkerd.io/opaque-ports']
    const kinds = readAnnotation(record(meta?.annotations)?.[ROUTE_KIND_ANNOTATION])
    const defaults = serviceDefaults(record(meta?.annotations))
    // A Helm action (masked to x's by plainObjects) as the namespace: kept as written, for messages.
    const action = typeof meta?.namespace === 'string' && /^x+$/.test(meta.namespace) ? NAMESPACE_ACTION.exec(text)?.[1] : undefined
    put(
      facts.services,
      key,
      {
        ...(action !== undefined ? { namespaceAction: action } : {}),
        ...(typeof spec.type === 'string' ? { type: spec.type } : {}),
        ...(typeof spec.clusterIP === 'string' ? { clusterIP: spec.clusterIP } : {}),
        ports: ports.map((p) => ({
          port: portNumber(p.port),
          ...(typeof p.name === 'string' ? { name: p.name } : {}),
          ...(typeof p.appProtocol === 'string' ? { appProtocol: p.appProtocol } : {}),
          ...(typeof p.protocol === 'string' ? { protocol: p.protocol } : {}),
        })),
        ...(typeof opaque === 'string' ? { opaquePorts: opaque } : {}),
        ...(defaults ? { routeDefaults: defaults } : {}),
        ...(kinds === undefined ? {} : 'problem' in kinds ? { routeKindProblem: kinds.problem as string } : { routeKinds: kinds }),
      },
      file,
    )
  } else if (kind === 'HTTPRouteGroup' && apiVersion.startsWith('specs.smi-spec.io/')) {
    // v1alpha3+ keep the matches under spec; v1alpha1/2 at the top level.
    const matches = record(object.spec)?.matches ?? object.matches
    put(facts.routeGroups, key, { matches: Array.isArray(matches) ? matches : [] }, file)
  } else if (kind === 'ServiceProfile' && apiVersion.startsWith('linkerd.io/')) {
    // linkerd-smi leaves a profile with the annotation smi.linkerd.io/skip alone (its split never applied).
    const skip = record(meta?.annotations)?.['smi.linkerd.io/skip'] !== undefined
    const overrides = Array.isArray(record(object.spec)?.dstOverrides) && (record(object.spec)!.dstOverrides as unknown[]).length > 0
    put(
      facts.profiles,
      key,
      { kind, name, ...profileRoutes(record(object.spec)), ...(skip ? { skip } : {}), ...(overrides ? { overrides } : {}) },
      file,
    )
  } else if (
    (kind === 'Canary' && apiVersion.startsWith('flagger.app/')) ||
    (kind === 'Rollout' && apiVersion.startsWith('argoproj.io/'))
  ) {
    const ns = plainNamespace(meta)
    for (const service of controlledServices(kind, object)) put(facts.controllers, factKey(ns, service), { kind, name }, file)
  } else if (ROUTE_KINDS.has(kind) && ROUTE_GROUPS.test(apiVersion)) {
    const generator = record(meta?.annotations)?.[GENERATOR]
    const generated = typeof generator === 'string' && generator.startsWith('smi-migrate')
    const parents = serviceParents(record(object.spec)?.parentRefs, plainNamespace(meta))
    const rules = record(object.spec)?.rules
    // A rule without matches matches every request (the default match: path prefix /).
    const matchless =
      Array.isArray(rules) && rules.some((r) => !Array.isArray(record(r)?.matches) || (record(r)!.matches as unknown[]).length === 0)
    const digest = record(meta?.annotations)?.[DIGEST]
    const spec = generated
      ? {
          spec: canonicalJson(object.spec),
          object,
          ...(typeof digest === 'string' ? { digest, edited: digest !== routeDigest(object) } : {}),
        }
      : {}
    // A profile's route: its profile route's name, and what it does besides the spec (timeouts, retries live in annotations).
    const annotations = record(meta?.annotations) ?? {}
    const profileRoute = generated ? annotations[PROFILE_ROUTE] : undefined
    const mine = typeof profileRoute === 'string' ? { profileRoute, body: routeBody(object) } : {}
    put(
      facts.routes,
      routeKey(kind, key),
      { kind, name, generated, matchless, ...(parents.length ? { parents } : {}), ...spec, ...mine },
      file,
    )
  }
}

/**
 * The annotation that keeps, on a route written from a TrafficSplit or a ServiceProfile, a
 * digest of what was written (`routeDigest`): a rerun tells a route a person has edited since
 * (its digest no longer matches) from one only its source changed, and never writes over the
 * edits (existing.ts `settle`).
 */
export const DIGEST = 'smi-migrate.io/written-digest'

/** Sets the digest of what is written on a route about to be written (its metadata holds annotations). */
export function stampDigest(object: { metadata?: unknown; spec?: unknown }): void {
  const annotations = record(record(object.metadata)?.annotations)
  if (annotations) annotations[DIGEST] = routeDigest(object as Record<string, unknown>)
}

/**
 * sha256 (first 16 hex digits) of a route's labels, annotations (without the generator, whose
 * version changes, the digest itself and kubectl's last-applied copy) and spec, as canonical JSON.
 */
export function routeDigest(object: Record<string, unknown>): string {
  const meta = record(object.metadata)
  const annotations = { ...(record(meta?.annotations) ?? {}) }
  for (const k of [GENERATOR, DIGEST, 'kubectl.kubernetes.io/last-applied-configuration']) delete annotations[k]
  const body = canonicalJson({ labels: record(meta?.labels) ?? {}, annotations, spec: object.spec ?? null })
  return createHash('sha256').update(body).digest('hex').slice(0, 16)
}

/** The annotation that keeps a profile route's name on the route written from it (profiles/objects.ts writes it). */
export const PROFILE_ROUTE = 'smi-migrate.io/serviceprofile-route'

/**
 * What a route written from a ServiceProfile says, as canonical JSON: its kind, annotations
 * (without the generator, whose version changes, and the digest) and spec. A rerun compares it to what it
 * would write now.
 */
export function routeBody(object: Record<string, unknown>): string {
  const meta = record(object.metadata)
  const annotations = { ...(record(meta?.annotations) ?? {}) }
  // Without the digest: a route an earlier release wrote (no digest) that says what this run writes is the same.
  delete annotations[GENERATOR]
  delete annotations[DIGEST]
  return canonicalJson({ kind: object.kind, annotations, spec: object.spec ?? null })
}

/** What a ServiceProfile's own routes do: how many, and whether any retries or has a timeout. */
function profileRoutes(spec: Record<string, unknown> | undefined): { routes?: number; retries?: boolean; timeouts?: boolean } {
  const routes = Array.isArray(spec?.routes) ? spec.routes.map(record) : []
  if (routes.length === 0) return {}
  const retries = routes.some((r) => r?.isRetryable === true || r?.isRetryable === 'true') || record(spec?.retryBudget) !== undefined
  const timeouts = routes.some((r) => r?.timeout !== undefined && r.timeout !== null && r.timeout !== '')
  return { routes: routes.length, ...(retries ? { retries } : {}), ...(timeouts ? { timeouts } : {}) }
}

/**
 * The root Service a controller's TrafficSplit splits: a Flagger Canary's `spec.service.name`
 * (else its target's name), an Argo Rollout's SMI `rootService` (else its `stableService`).
 */
function controlledServices(kind: string, object: Record<string, unknown>): string[] {
  const spec = record(object.spec)
  if (kind === 'Canary') {
    const name = record(spec?.service)?.name ?? record(spec?.targetRef)?.name
    return typeof name === 'string' ? [name] : []
  }
  const canary = record(record(spec?.strategy)?.canary)
  const smi = record(record(canary?.trafficRouting)?.smi)
  if (!smi) return []
  const name = smi.rootService ?? canary?.stableService
  return typeof name === 'string' ? [name] : []
}

/** The Service ports a route attaches to, as `namespace/name:port` (`:*` for every port). */
function serviceParents(refs: unknown, namespace: string | undefined): string[] {
  if (!Array.isArray(refs)) return []
  return refs.flatMap((r) => {
    const ref = record(r)
    // A parentRef's group defaults to gateway.networking.k8s.io: a Service is `group: ""` (or Linkerd's `core`).
    if (!ref || ref.kind !== 'Service' || (ref.group !== '' && ref.group !== 'core') || typeof ref.name !== 'string') return []
    const port = ref.port === undefined ? '*' : String(portNumber(ref.port))
    return [`${factKey(typeof ref.namespace === 'string' ? ref.namespace : namespace, ref.name)}:${port}`]
  })
}

/**
 * The routes not written by smi-migrate that attach to a Service port, nearest the split first
 * as `lookup` reads objects: those of its own file, else its directory, else the run.
 */
export function routesOnPort(facts: GatewayFacts, service: string, port: number): ReadonlyArray<Sourced<RouteFact>> {
  const parents = [`${service}:${port}`, `${service}:*`]
  const all = [...facts.routes.values()].flat().filter((c) => !c.fact.generated && c.fact.parents?.some((p) => parents.includes(p)))
  return nearest(all, facts.from)
}

/** Of several objects, those nearest the file `from`: in it, else in its directory, else all of them. */
export function nearest<T>(all: ReadonlyArray<Sourced<T>>, from: SourceFile | undefined): ReadonlyArray<Sourced<T>> {
  const near = [
    all.filter((c) => c.file?.path === from?.path),
    all.filter((c) => c.file !== undefined && from !== undefined && dirname(c.file.path) === dirname(from.path)),
  ].find((level) => level.length > 0)
  return near ?? all
}

/**
 * JSON with every object's keys sorted and numbers as text (plainObjects reads scalars as
 * their text): a route as read back and the same route as written give the same string.
 */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_key, value: unknown) => {
    if (typeof value === 'number' || typeof value === 'bigint') return String(value)
    const r = record(value)
    return r ? Object.fromEntries(Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : value
  })
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}

const NAMESPACE_ACTION = /namespace["']?[ \t]*:[ \t]*["']?(\{\{[^\n]*?\}\})/

/** The namespaces other than `namespace` that have a Service `name` in the input, with a file of each. */
export function otherNamespaces(
  facts: GatewayFacts,
  namespace: string | undefined,
  name: string,
): Array<{ namespace: string; file?: SourceFile }> {
  const out: Array<{ namespace: string; file?: SourceFile }> = []
  for (const [key, list] of facts.services) {
    const slash = key.lastIndexOf('/')
    const ns = key.slice(0, slash)
    if (key.slice(slash + 1) !== name || ns === (namespace ?? '')) continue
    const first = list[0]!
    out.push({ namespace: ns === '' ? '' : (first.fact.namespaceAction ?? ns), ...(first.file ? { file: first.file } : {}) })
  }
  return out
}

/** Routes of different kinds may share a name. */
export function routeKey(kind: string, key: string): string {
  return `${kind} ${key}`
}

/**
 * A port as kubectl reads it: a YAML 1.1 integer as go-yaml v2 resolves it (`010` is 8,
 * `0x1F90` is 8080, `8_080` is 8080, `+80` is 80, `0b1010000` is 80), by the same reader as
 * weights (quantity/yaml11.ts); NaN for anything else (a template action, a name), which
 * the mapping refuses.
 */
export function portNumber(v: unknown): number {
  if (typeof v === 'number') return v
  if (typeof v !== 'string') return NaN
  const r = resolvePlain(v)
  return r.kind === 'int' && r.value >= 0n && r.value <= 65535n ? Number(r.value) : NaN
}
