/**
 * One TrafficSplit as Gateway API routes with a Service parent (GAMMA): the mapping of
 * docs/gateway.md. It works on plain data (the TrafficSplit's fields with their offsets,
 * its weights already made integers by the weight rule) and returns route objects as
 * plain values, or why the split cannot become routes; the planner writes the documents.
 *
 * One route per port of the root Service (SMI has no ports; its rule is that a backend
 * lacking the root's port gets no traffic for it): `<name>` for one port, `<name>-<port>`
 * for several.
 */
import { dirname } from 'node:path'
import type { PlainValue } from '../../edit/emit.js'
import type { Diagnostic, Problem } from '../../model.js'
import type { SplitFields } from '../../kinds/trafficsplit/read.js'
import type { Claim } from '../target.js'
import type { Parts, Rewrite, RouteOut } from './parts.js'
import type { GatewayFacts, GatewayOptions, ServiceFact } from './model.js'
import { DIGEST, factKey, GENERATOR, lookup, otherNamespaces, routesOnPort, stampDigest } from './facts.js'
import {
  alreadyConverted,
  editedDrift,
  editedStale,
  renamedInPlace,
  routeDrift,
  routeTaken,
  staleRoutes,
  type Existing,
} from './existing.js'
import { carriedRewrites } from './carried.js'
import { orphanRoutes } from './orphans.js'
import { abRules, type Rules } from './matches.js'
import { ownerSkip } from './owners.js'
import { splitClaims } from './claims.js'
import { linkerdAllZero, linkerdNotes, linkerdSmiHost, missingOnLinkerd, profileRouted, skippedBy } from './linkerd.js'
import { MAX_BACKENDS, type RouteApis } from './presets.js'
import { KIND_NAME, writtenKind } from './release-written.js'
import { portOf } from './overrides.js'
import { patchesOf, unreadRoot } from './service-reading.js'
import { ambiguity, besideFile, elsewhere, patchedPorts, routeNameProblem, serviceName, serviceProblem, sharedPort } from './services.js'

export type { Rewrite } from './parts.js'
export type Mapped =
  /**
   * `routes`: the routes to write; `rewrites`: routes smi-migrate wrote before that no longer
   * route as the split does, to write anew in their place; `claims`: the route names and
   * Service ports it takes, and the notes it gives once per Service.
   */
  | { routes: RouteOut[]; rewrites: Rewrite[]; findings: Diagnostic[]; claims: Claim[] }
  /** Left as it is, for a reason that is not an error (owned by a controller, routes already there). */
  | { skip: Diagnostic }
  | { problems: Problem[] }

type Port = { port: number; name?: string; appProtocol?: string; protocol?: string }

/**
 * `claimed` says which route names, Service ports and notes the run's kept conversions
 * (and this one's earlier objects) hold; what this split takes is returned as claims, for
 * the driver to commit if the conversion is kept.
 */
export function mapSplit(
  src: SplitFields,
  weights: readonly bigint[],
  opts: GatewayOptions,
  facts: GatewayFacts,
  claimed: (key: string) => string | undefined,
  apis: RouteApis,
  generator: string,
): Mapped {
  // Claims hold within what is applied together, as lookups do: splits of one name in two
  // directories (dev/, prod/) write routes of one name that never meet.
  const scope = facts.from ? `${dirname(facts.from.path)} ` : ''
  const unscoped = claimed
  claimed = (key) => unscoped(scope + key)
  // Owned by a controller, or on Linkerd (any release: the run is Linkerd's unless --mesh names another
  // mesh) never applied by linkerd-smi as written: left for a person.
  const left = ownerSkip(src, facts) ?? (apis.notLinkerd ? undefined : linkerdSmiHost(src))
  if (left) return left
  // A strategic-merge patch holds only what it changes (no spec.service, often): kustomize merges
  // it into the base's split, and only what it renders is a TrafficSplit to replace.
  const patchedBy = facts.from && facts.patchFiles?.get(facts.from.path)
  if (patchedBy)
    return fail(
      src.offset,
      'kustomize-patch-target',
      `is a strategic-merge patch that ${patchedBy} lists, part of a TrafficSplit and not one to replace by routes: apply the patch first (kubectl kustomize), or rewrite it for the routes by hand`,
    )
  const parts = readParts(src, weights, facts)
  if ('problems' in parts) return parts
  if (!apis.notLinkerd && parts.backends.length > 0 && parts.backends.every((b) => b.weight === 0n)) {
    const shadowed = linkerdAllZero(parts, facts)
    if (shadowed) return shadowed
  }
  const skipped = skippedBy(src.namespace, parts.root, facts)
  if (skipped)
    return fail(
      src.serviceOffset,
      'sp-skip',
      `the ServiceProfile ${skipped} of Service ${parts.root} carries smi.linkerd.io/skip, so linkerd-smi never applied this split to it: the profile's own dstOverrides routed the Service, and this split's route would split traffic that never was; delete the split, or remove the annotation and let linkerd-smi apply it first`,
    )
  const service = parts.services.get(parts.root)
  const ports = splitPorts(parts, service, opts, facts)
  if ('problems' in ports) return ports
  const checked = checkServices(parts, service, ports)
  if (checked) return checked
  const groups = readGroups(src, facts)
  if ('problems' in groups) return groups
  if (src.matches.length > 0 && groups.length === 0) {
    parts.unmatched = true
    parts.findings.push({
      severity: 'warning',
      code: 'no-matches',
      offset: src.matches[0]!.offset,
      message: `its HTTPRouteGroups hold no match, so no request matched the split and SMI sent all of its traffic to ${parts.root}: its routes do the same`,
    })
  }
  const routes: RouteOut[] = []
  const rewrites: Rewrite[] = []
  const all: RouteOut[] = []
  const edited: RouteOut[] = []
  for (const p of ports) {
    const r = portRoute(parts, p, ports.length, service, groups, { opts, facts, claimed, apis, generator })
    if (!('route' in r)) return r
    all.push(r.route)
    if (r.existing && 'clashes' in r.existing) return { skip: editedDrift(src, r.route, r.existing) }
    if (r.existing && 'drifted' in r.existing) rewrites.push({ route: r.route, ...(r.existing.file ? { file: r.existing.file } : {}) })
    else if (!r.existing) routes.push(r.route)
    else if ('edited' in r.existing) edited.push(r.route)
  }
  if (!apis.notLinkerd) parts.findings.push(...linkerdNotes(parts, ports, all, apis.linkerd !== undefined, service))
  const editedStale = staleRewrites(parts, facts, routes, rewrites, all)
  if (editedStale) return { skip: editedStale }
  const carriedEdited = apis.notLinkerd ? undefined : carriedRewrites(parts, facts, routes, rewrites, all)
  if (carriedEdited) return { skip: carriedEdited }
  for (const w of rewrites)
    if (w.replaces && (w.replaces.name !== w.route.name || w.replaces.kind !== w.route.kind)) parts.findings.push(renamedInPlace(src, w))
  // A route to write anew in a file the run was not given (read beside it): never written there.
  const aside = rewrites.find((w) => w.file?.aside)
  if (aside) return { skip: asideDrift(src, aside) }
  // Every route is in the input already, as smi-migrate wrote it: nothing to do, unless something
  // there still routes by the old rules (a route only a person may delete): said, exit 1.
  const pending = parts.findings.find((f) => f.pending)
  if (routes.length === 0 && rewrites.length === 0) return pending ? { skip: pending } : alreadyConverted(src, all[0]!, edited)
  const claims = splitClaims(parts, all, claimed, facts, !apis.notLinkerd).map(([key, owner]): Claim => [scope + key, owner])
  return { routes, rewrites, findings: parts.findings, claims }
}

/**
 * The routes smi-migrate wrote from this split before that it no longer writes (the Service
 * gained or lost ports, so the names changed, or a port's route kind changed): a new route
 * on the same port is written in place of one, so two never attach to one port; one on a
 * port the split no longer routes is left for a person to delete.
 */
function staleRewrites(
  parts: Parts,
  facts: GatewayFacts,
  routes: RouteOut[],
  rewrites: Rewrite[],
  all: readonly RouteOut[],
): Diagnostic | undefined {
  const { src, root } = parts
  for (const stale of staleRoutes(facts, factKey(src.namespace, root), src.name, all)) {
    const i = routes.findIndex((r) => stale.ports.includes(r.port))
    const where = stale.file ? ` (${stale.file.shown})` : ''
    // Written over, a route a person edited loses the edits: nothing is written for the split, as for an edited route it keeps.
    if (i >= 0 && stale.fact.edited) return editedStale(src, stale, routes[i]!)
    if (i >= 0) {
      const [route] = routes.splice(i, 1)
      rewrites.push({
        route: route!,
        ...(stale.file ? { file: stale.file } : {}),
        replaces: { kind: stale.fact.kind, name: stale.fact.name },
      })
      continue
    }
    parts.findings.push(
      routeDrift(
        src.offset,
        `smi-migrate wrote ${stale.fact.kind} ${stale.fact.name}${where} from it before, for Service ${root} port ${stale.ports.join(', ')}, ` +
          'which it no longer routes: delete that route, which still sends the traffic of that port by the old rules',
      ),
    )
  }
  // Routes of a split no longer in the input on this split's ports (renamed): they win the tie.
  parts.findings.push(...orphanRoutes(parts, facts, all))
  return undefined
}

/** Why a split whose route must be written anew in a file read beside the run is left as it is. */
function asideDrift(src: SplitFields, { route, file, replaces }: Rewrite): Diagnostic {
  const { kind, name } = replaces ?? route
  return routeDrift(
    src.offset,
    `has changed since smi-migrate wrote its ${kind} ${name} in ${besideFile(file!)}: the route no longer routes as the split does ` +
      `(${replaces ? "the Service's ports or the port's route kind" : 'weights, backends, matches or port'}), and a route is written anew only ` +
      'where it stands, in a file the run was given: left as it is',
  )
}

/** The split's name, root Service and backends (with their weights), or why they cannot make a route. */
function readParts(src: SplitFields, weights: readonly bigint[], facts: GatewayFacts): Parts | { problems: Problem[] } {
  if (src.name === undefined) return fail(src.offset, 'invalid-structure', 'has no metadata.name to name its routes after')
  const root = serviceName(src.service, src.namespace)
  if (root === undefined) return fail(src.serviceOffset, 'no-root-service', 'has no spec.service: a route needs the Service it routes for')
  if ('problem' in root) return fail(src.serviceOffset, root.code, root.problem)
  const backends: Parts['backends'] = []
  for (const [i, b] of src.backends.entries()) {
    const n = serviceName(b.service, src.namespace)
    if (n === undefined) return fail(b.offset, 'invalid-structure', `backend ${i + 1} has no service`)
    if ('problem' in n) return fail(b.offset, n.code, `backend ${i + 1}: ${n.problem}`)
    backends.push({ name: n.name, weight: weights[i] ?? 1n, offset: b.offset })
  }
  if (backends.length > MAX_BACKENDS)
    return fail(src.backendsOffset, 'too-many-backends', `has ${backends.length} backends; a route rule holds at most ${MAX_BACKENDS}`)
  const findings: Diagnostic[] = []
  if (backends.length === 0) {
    // Linkerd sends the traffic of a split without backends to the root Service.
    findings.push({
      severity: 'warning',
      code: 'no-backends',
      offset: src.backendsOffset,
      message: `has no backends; its routes send all traffic to ${root.name}, as the split did`,
    })
    backends.push({ name: root.name, weight: 1n, offset: src.backendsOffset })
  } else if (backends.every((b) => b.weight === 0n)) {
    findings.push({
      severity: 'warning',
      code: 'all-weights-zero',
      offset: src.backendsOffset,
      message:
        'every weight is 0: its routes serve no traffic (Linkerd never makes the distribution ready; some Envoy-based meshes reject the route)',
    })
  }
  const splitKey = src.namespace === undefined ? src.name : `${src.namespace}/${src.name}`
  const services = new Map<string, ServiceFact>()
  for (const [name, offset] of [[root.name, src.serviceOffset] as const, ...backends.map((b) => [b.name, b.offset] as const)]) {
    const found = lookup(facts.services, factKey(src.namespace, name), facts.from)
    if (found && 'ambiguous' in found) return fail(offset, 'ambiguous-object', ambiguity(`Service ${name}`, found.ambiguous))
    if (found) services.set(name, found.fact)
  }
  return { src: { ...src, name: src.name }, root: root.name, backends, findings, splitKey, services }
}

/** The ports to route: --port, else the root Service's TCP ports. */
function splitPorts(
  { src, root, findings }: Parts,
  service: ServiceFact | undefined,
  opts: GatewayOptions,
  facts: GatewayFacts,
): Port[] | { problems: Problem[] } {
  let ports: Port[]
  const port = portOf(opts, src.namespace, root)
  const unread = service ? undefined : unreadRoot(facts, src.namespace, root)
  if (unread) return fail(src.serviceOffset, 'invalid-yaml', unread)
  if (port !== undefined) {
    const listed = service?.ports.find((p) => p.port === port)
    // A templated port (NaN here) may be the one --port names: it cannot be checked.
    if (service && !listed && !service.ports.some((p) => Number.isNaN(p.port))) {
      return fail(
        src.serviceOffset,
        'port-unknown',
        `--port ${port}: Service ${root} in the input has no such port (${service.ports.map((p) => p.port).join(', ')}); ` +
          'leave --port out to write a route per port',
      )
    }
    ports = [listed ?? { port: port }]
    const left = service?.ports.filter((p) => p.port !== port && (p.protocol ?? 'TCP') === 'TCP').map((p) => p.port) ?? []
    if (left.length)
      findings.push({
        severity: 'warning',
        code: 'ports-unrouted',
        offset: src.serviceOffset,
        message: `--port ${port} routes one port of Service ${root}; its port${left.length > 1 ? 's' : ''} ${left.join(', ')} get${left.length > 1 ? '' : 's'} no route, so the split no longer applies there: leave --port out to write a route per port`,
      })
  } else if (!service) {
    const where = src.namespace === undefined ? 'without a namespace' : `in namespace ${src.namespace}`
    const other = otherNamespaces(facts, src.namespace, root)[0]
    return fail(
      src.serviceOffset,
      'port-unknown',
      other
        ? `Service ${root} (${where}) is not in the input, and a route needs its port; ${elsewhere(root, other, src.namespace)}`
        : `Service ${root} (${where}) is not in the input, and a route needs its port: ` +
            'add the Service manifest to the input (for a cluster: kubectl get trafficsplits,services,httproutegroups -A -o yaml) or pass --port',
    )
  } else if (patchesOf(facts, root).length) {
    return fail(src.serviceOffset, 'service-patched', patchedPorts(root, patchesOf(facts, root)))
  } else {
    // Routes carry TCP: a UDP or SCTP port has none, and the same number over TCP and UDP is one port.
    ports = service.ports.filter(
      (p, i, all) =>
        (p.protocol ?? 'TCP') === 'TCP' && all.findIndex((q) => Object.is(q.port, p.port) && (q.protocol ?? 'TCP') === 'TCP') === i,
    )
    if (ports.length === 0 && service.ports.length > 0)
      return fail(src.serviceOffset, 'port-unknown', `Service ${root} has no TCP port: routes carry TCP only`)
  }
  return ports
}

/** The root Service and the backends' Services as routes accept them, and the ports as numbers. */
function checkServices(parts: Parts, service: ServiceFact | undefined, ports: readonly Port[]): Mapped | undefined {
  const { src, root } = parts
  if (service) {
    const bad = serviceProblem(service, root, 'root')
    if (bad) return fail(src.serviceOffset, bad.code, bad.message)
  }
  if (ports.length === 0) return fail(src.serviceOffset, 'port-unknown', `Service ${root} has no ports`)
  const invalid = ports.find((p) => !Number.isInteger(p.port) || p.port < 1 || p.port > 65535)
  if (invalid) {
    return fail(
      src.serviceOffset,
      'port-unknown',
      `Service ${root} has a port that is not a number from 1 to 65535 ` +
        '(a templated port is known only once rendered: convert the rendered chart, or pass --port)',
    )
  }
  for (const b of parts.backends) {
    const s = parts.services.get(b.name)
    const bad = s && b.name !== root ? serviceProblem(s, b.name, 'backend') : undefined
    if (bad) return fail(b.offset, bad.code, bad.message)
  }
  return undefined
}

/** The route groups of an A/B split, read once for every port. */
function readGroups(src: SplitFields, facts: GatewayFacts): unknown[] | { problems: Problem[] } {
  const groups: unknown[] = []
  for (const m of src.matches) {
    if (m.kind !== undefined && m.kind !== 'HTTPRouteGroup')
      return fail(m.offset, 'routegroup-missing', `matches a ${m.kind}; only HTTPRouteGroups can be converted`)
    const group = m.name === undefined ? undefined : lookup(facts.routeGroups, factKey(src.namespace, m.name), facts.from)
    if (group && 'ambiguous' in group) return fail(m.offset, 'ambiguous-object', ambiguity(`HTTPRouteGroup ${m.name}`, group.ambiguous))
    if (!group) {
      return fail(
        m.offset,
        'routegroup-missing',
        `HTTPRouteGroup ${m.name ?? '(no name)'} is not in the input, and its matches decide the routes: ` +
          'add it to the input (kubectl get trafficsplits,services,httproutegroups -A -o yaml)',
      )
    }
    groups.push(...group.fact.matches)
  }
  return groups
}

interface RunParts {
  opts: GatewayOptions
  facts: GatewayFacts
  claimed: (key: string) => string | undefined
  apis: RouteApis
  generator: string
}

/** The route of one port of the root Service. */
function portRoute(
  parts: Parts,
  p: Port,
  portCount: number,
  service: ServiceFact | undefined,
  groups: readonly unknown[],
  run: RunParts,
): { route: RouteOut; existing?: Existing } | Mapped {
  const { src, root, findings } = parts
  const name = portCount > 1 ? `${src.name}-${p.port}` : src.name
  const asked = { root, namespace: src.namespace, profiled: profileRouted(src.namespace, root, run.facts) }
  const kind = writtenKind(name, p, service, run, asked, src.serviceOffset, findings)
  if ('problem' in kind) return fail(src.serviceOffset, 'route-kind', kind.problem)
  if ('pending' in kind) return { skip: kind.pending }
  const kept = portBackends(parts, p, !run.apis.notLinkerd)
  if (kept.length === 0)
    return fail(src.backendsOffset, 'backend-port-missing', `no backend has port ${p.port}, so its route would have no backend`)
  const refs = kept.map((b) => ({ name: b.name, port: p.port, weight: Number(b.weight) }))
  const rules: Rules = groups.length
    ? abRules(groups, refs, kind.kind, run.apis, root, p.port)
    : { rules: [{ backendRefs: parts.unmatched ? [{ name: root, port: p.port }] : refs }], regexPath: false, headerSearch: false }
  if ('problem' in rules) return fail(src.matches[0]!.offset, rules.code, rules.problem)
  if (rules.regexPath)
    findings.push({
      severity: 'info',
      code: 'regex-path',
      offset: src.matches[0]!.offset,
      message:
        'a pathRegex became a RegularExpression path match, whose dialect and precedence are implementation-specific: check it on your mesh',
    })
  if (rules.headerSearch)
    findings.push({
      severity: 'info',
      code: 'header-search',
      offset: src.matches[0]!.offset,
      message:
        'header values became RegularExpression matches of the whole value (.*(?:RE).*), as the A/B meshes searched a value for the regex: check them on your mesh',
    })
  const badName = routeNameProblem(name)
  if (badName) return fail(src.offset, name.length > 253 ? 'invalid-structure' : 'invalid-name', badName)
  const kindName = KIND_NAME[kind.kind]
  const value = route(kindName, run.apis.apiVersion[kind.kind]!, name, src, run.generator, root, p.port, run.opts, rules.rules)
  const taken = routeTaken(parts, kindName, name, run, value)
  if (taken && 'problems' in taken) return taken
  for (const other of routesOnPort(run.facts, factKey(src.namespace, root), p.port)) {
    if (other.fact.kind !== kindName || other.fact.name !== name)
      findings.push({
        severity: 'warning',
        code: 'route-on-port',
        offset: src.serviceOffset,
        message: sharedPort(other, kindName, root, p.port),
      })
  }
  return { route: { kind: kindName, name, port: p.port, value }, ...(taken ? { existing: taken.existing } : {}) }
}

/** SMI: a backend whose Service lacks the root's port receives no traffic for it (on Linkerd it did: missingOnLinkerd). */
function portBackends(parts: Parts, p: Port, linkerd: boolean): Parts['backends'] {
  const { root } = parts
  return parts.backends.filter((b) => {
    const s = b.name === root ? undefined : parts.services.get(b.name)
    // The same number over UDP is another port: a route carries TCP.
    if (!s || s.ports.some((q) => q.port === p.port && (q.protocol ?? 'TCP') === 'TCP')) return true
    const udp = s.ports.some((q) => q.port === p.port)
    parts.findings.push(
      udp || !linkerd
        ? {
            severity: 'warning',
            code: 'backend-port-missing',
            offset: b.offset,
            message: udp
              ? `backend ${b.name} has port ${p.port} over ${s.ports.find((q) => q.port === p.port)!.protocol} only, not TCP: left out of the route for port ${p.port}, as the split's TCP traffic never reached it`
              : `backend ${b.name} has no port ${p.port}: left out of the route for port ${p.port}, as SMI leaves it out of the split`,
          }
        : missingOnLinkerd(b, p.port),
    )
    return false
  })
}

function fail(offset: number, code: Problem['code'], message: string): { problems: Problem[] } {
  return { problems: [{ code, offset, message }] }
}

function route(
  kind: RouteOut['kind'],
  apiVersion: string,
  name: string,
  src: SplitFields,
  generator: string,
  root: string,
  port: number,
  opts: GatewayOptions,
  rules: PlainValue[],
): Record<string, PlainValue> & { spec: PlainValue } {
  const metadata: Record<string, PlainValue> = { name }
  if (src.namespace !== undefined) metadata.namespace = src.namespace
  if (src.labels && Object.keys(src.labels).length) metadata.labels = src.labels
  const annotations: Record<string, PlainValue> = {}
  for (const [k, v] of Object.entries(src.annotations ?? {})) {
    if (k !== 'kubectl.kubernetes.io/last-applied-configuration' && k !== GENERATOR && k !== DIGEST) annotations[k] = v
  }
  annotations[GENERATOR] = generator
  metadata.annotations = annotations
  const spec = { parentRefs: [{ group: opts.serviceGroup ?? '', kind: 'Service', name: root, port }], rules }
  // What is written, for a rerun to tell a person's edits from a change of the split (existing.ts).
  const object = { apiVersion, kind, metadata, spec }
  stampDigest(object)
  return object
}
