/**
 * The routes smi-migrate wrote from a ServiceProfile of the split's root Service, when the
 * profile is no longer in the input (converted in an earlier run, and deleted): converted in
 * one run, every route of the profile carries the split's backends and port, and the split's
 * route is the catch-all (profiles/backends.ts). So that two runs give what one gives, the
 * split's conversion writes them anew when they carry something else: the split changed since
 * (a kept split, a canary progressing), or the profile was converted before the split
 * (its routes then carry no backends, and its catch-all would tie with the split's route and
 * take the requests the split should have: Gateway API precedence, then creation time).
 * Where the one-run result cannot be reached by a rewrite in place (the profile's routes
 * attach to every port and the split routes several), a person is told which routes.
 */
import type { PlainValue } from '../../edit/emit.js'
import type { Diagnostic } from '../../model.js'
import { canonicalJson, DIGEST, factKey, lookup, nearest, stampDigest } from './facts.js'
import type { GatewayFacts, RouteFact, ServiceFact, Sourced } from './model.js'
import { linkerdOpaque } from './protocols.js'
import { routeDrift, settle } from './existing.js'
import type { Parts, Rewrite, RouteOut } from './parts.js'

export function carriedRewrites(
  parts: Parts,
  facts: GatewayFacts,
  routes: RouteOut[],
  rewrites: Rewrite[],
  all: readonly RouteOut[],
): Diagnostic | undefined {
  const { src, root } = parts
  const ns = src.namespace
  if (ns === undefined) return undefined
  // The profile in the input converts its routes itself, with this split's backends (profiles/profile.ts);
  // its catch-all, written by an earlier run, is the split's route now.
  if (profileInInput(facts, ns, root)) return catchAllsReplaced(parts, facts, routes, rewrites, all)
  const service = serviceOf(facts, ns, root)
  for (const c of profileRoutes(facts, ns, root)) {
    const { fact } = c
    const port = parentPort(fact, ns, root)
    const target = port === '*' ? (all.length === 1 ? all[0] : undefined) : all.find((r) => r.port === port)
    if (fact.profileRoute === '[DEFAULT]' && target && fact.object && routes.includes(target)) {
      // A catch-all a person edited: written over by the split's route, its edits would be lost.
      if (fact.edited) return editedCatchAll(parts, c, target)
      // The split's route is the catch-all: written in place of the profile's, when it is new.
      routes.splice(routes.indexOf(target), 1)
      rewrites.push({ route: target, ...(c.file ? { file: c.file } : {}), replaces: { kind: fact.kind, name: fact.name }, carried: true })
      continue
    }
    // On ports Linkerd serves as opaque only TCPRoutes apply: the profile's route never takes a request
    // there, and one run leaves it out (profiles/profile.ts `tcpPort`). Its own shape, not drift.
    const on = port === '*' ? all : all.filter((r) => r.port === port)
    if (on.length > 0 && on.every((r) => r.kind === 'TCPRoute' && typeof r.port === 'number' && linkerdOpaque(r.port, service))) {
      parts.findings.push(inert(parts, c, on))
      continue
    }
    if (!target || !fact.object) {
      if (port === '*') parts.findings.push(unreachable(parts, c, all))
      continue
    }
    if (fact.profileRoute === '[DEFAULT]' || target.kind === 'TCPRoute') {
      parts.findings.push(unreachable(parts, c, all))
      continue
    }
    const object = carrying(fact.object, target)
    // A route a person edited since (or without its digest) is never written over: existing.ts `settle`.
    const settled = settle(fact, c.file, object, canonicalJson(object.spec) === fact.spec)
    if ('clashes' in settled) return editedCarried(parts, c, settled)
    if ('same' in settled) continue
    const route: RouteOut = { kind: fact.kind as RouteOut['kind'], name: fact.name, port: target.port, value: object }
    rewrites.push({ route, ...(c.file ? { file: c.file } : {}), carried: true })
  }
  return undefined
}

/**
 * A route written from the profile that a person edited since (or that lost its digest): one run
 * writes it with the split's backends and port, which would drop the edits, so the split is held.
 */
function editedCarried(
  { src }: Parts,
  { fact, file }: Sourced<RouteFact>,
  { written, undigested }: { written: string; undigested?: true },
): Diagnostic {
  const why = undigested
    ? `carries no ${DIGEST} (removed by hand, or written by a release before digests) and differs from what this run writes, so it is taken as edited by hand`
    : `was edited by hand since (it no longer matches its ${DIGEST})`
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} from the ServiceProfile route ${JSON.stringify(fact.profileRoute)} of its Service before, and that route ${why}: ` +
      "converted with this split in one run, it carries the split's backends and port, and writing it anew would drop the edits, so it is left as it is and nothing is written for the split: " +
      `carry the split's backends into the route by hand and set ${DIGEST} to "${written}" (what this run would write: a rerun then keeps the route), or delete the route and convert again`,
  )
}

/** The profile's catch-all, edited by hand since smi-migrate wrote it: the split's route is not written in its place. */
function editedCatchAll({ src }: Parts, { fact, file }: Sourced<RouteFact>, target: RouteOut): Diagnostic {
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} as the catch-all of the ServiceProfile before, and that route was edited by hand since (it no longer matches its ${DIGEST}): ` +
      `${target.kind} ${target.name}, the split's route, is written in its place in one run, which would drop the edits, so it is left as it is and nothing is written for the split: ` +
      `carry the edits into the split (or the routes) by hand and delete ${fact.name}, then convert again`,
  )
}

function profileInInput(facts: GatewayFacts, ns: string, root: string): boolean {
  const prefix = `${factKey(ns, root)}.${ns}.svc.`
  return [...facts.profiles.keys()].some((k) => k.startsWith(prefix))
}

/**
 * The profile kept and converted in an earlier run, without the split: its catch-all is there, and
 * it would tie with the split's route and take the requests the split should (older, or first by
 * name). The split's new route is written in its place; one already there beside it is named.
 */
function catchAllsReplaced(
  parts: Parts,
  facts: GatewayFacts,
  routes: RouteOut[],
  rewrites: Rewrite[],
  all: readonly RouteOut[],
): Diagnostic | undefined {
  const { src, root } = parts
  for (const c of profileRoutes(facts, src.namespace!, root)) {
    if (c.fact.profileRoute !== '[DEFAULT]') continue
    const port = parentPort(c.fact, src.namespace!, root)
    const target = all.find((r) => (port === '*' || r.port === port) && routes.includes(r))
    if (target && c.fact.edited) return editedCatchAll(parts, c, target)
    if (target) {
      routes.splice(routes.indexOf(target), 1)
      rewrites.push({
        route: target,
        ...(c.file ? { file: c.file } : {}),
        replaces: { kind: c.fact.kind, name: c.fact.name },
        carried: true,
      })
    } else if (all.some((r) => port === '*' || r.port === port)) parts.findings.push(shadowing(parts, c, all))
  }
  return undefined
}

function shadowing({ src, root }: Parts, { fact, file }: Sourced<RouteFact>, all: readonly RouteOut[]): Diagnostic {
  const ns = src.namespace !== undefined ? ` -n ${src.namespace}` : ''
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} as the catch-all of the ServiceProfile of Service ${root}, before this split was converted: ` +
      `it matches every request as ${all.map((r) => `${r.kind} ${r.name}`).join(', ')} does, and Linkerd takes the older of equal routes, so the split never applies: ` +
      `delete it from the manifests and the cluster (kubectl delete ${fact.kind.toLowerCase()}${ns} ${fact.name})`,
  )
}

/** The profile's route with the split route's port and backends in every rule. */
function carrying(object: Record<string, unknown>, target: RouteOut): Record<string, PlainValue> {
  const spec = object.spec as Record<string, PlainValue>
  const refs = ((target.value.spec as Record<string, PlainValue[]>).rules?.[0] as Record<string, PlainValue> | undefined)?.backendRefs
  const parentRefs = (spec.parentRefs as Array<Record<string, PlainValue>>).map((p) => ({ ...p, port: target.port }))
  const rules = (spec.rules as Array<Record<string, PlainValue>>).map((r) => {
    const { backendRefs: _old, ...rest } = r
    return refs === undefined ? rest : { ...rest, backendRefs: refs }
  })
  const metadata = object.metadata as Record<string, PlainValue>
  const annotations = metadata.annotations as Record<string, PlainValue> | undefined
  const out = {
    ...(object as Record<string, PlainValue>),
    metadata: { ...metadata, ...(annotations ? { annotations: { ...annotations } } : {}) },
    spec: { ...spec, parentRefs, rules },
  }
  // The digest follows what is written (a route a person edited is never written: existing.ts `settle`).
  stampDigest(out)
  return out
}

/** Routes written from a producer profile of the Service (in its namespace), nearest the split first. */
function profileRoutes(facts: GatewayFacts, ns: string, root: string): ReadonlyArray<Sourced<RouteFact>> {
  const service = `${factKey(ns, root)}:`
  const all: Array<Sourced<RouteFact>> = []
  for (const [key, list] of facts.routes) {
    if (!key.includes(` ${ns}/`)) continue
    for (const c of list)
      if (c.fact.generated && c.fact.profileRoute !== undefined && c.fact.parents?.some((p) => p.startsWith(service))) all.push(c)
  }
  return nearest(all, facts.from)
}

function parentPort(fact: RouteFact, ns: string, root: string): number | '*' {
  const service = `${factKey(ns, root)}:`
  const p = fact.parents!.find((x) => x.startsWith(service))!.slice(service.length)
  return p === '*' ? '*' : Number(p)
}

function serviceOf(facts: GatewayFacts, ns: string, root: string): ServiceFact | undefined {
  const found = lookup(facts.services, factKey(ns, root), facts.from)
  return found && 'fact' in found ? found.fact : undefined
}

function inert({ src, root }: Parts, { fact, file }: Sourced<RouteFact>, on: readonly RouteOut[]): Diagnostic {
  const ports = on.map((r) => String(r.port)).join(', ')
  return {
    severity: 'info',
    code: 'sp-dst-overrides',
    offset: src.offset,
    message: `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} from the ServiceProfile of Service ${root} route ${JSON.stringify(fact.profileRoute)}; Linkerd serves port${on.length > 1 ? 's' : ''} ${ports} as opaque, where only this split's TCPRoute${on.length > 1 ? 's apply' : ' applies'}, so that route never takes a request (converted in one run, it is not written): delete it when convenient`,
  }
}

function unreachable({ src, root }: Parts, { fact, file }: Sourced<RouteFact>, all: readonly RouteOut[]): Diagnostic {
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} from the ServiceProfile of Service ${root} route ${JSON.stringify(fact.profileRoute)}; ` +
      `converted with this split in one run, the profile's routes carry its backends on ${all.map((r) => `${r.kind} ${r.name}`).join(', ')} and its catch-all is the split's route, which this route cannot be rewritten into: ` +
      'delete the routes written from the profile and convert the profile (from git) with the split in one run',
  )
}
