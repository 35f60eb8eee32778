/**
 * The routes already in the input that a split's route meets by kind and name: one written
 * by smi-migrate for the split (its generator annotation) is left as it is when it still
 * routes as the split does, and written anew in its place when the split has changed since
 * (a kept split during a phased migration: a canary progressing); any other is a collision.
 */
import type { PlainValue } from '../../edit/emit.js'
import type { Diagnostic, Problem } from '../../model.js'
import type { SplitFields } from '../../kinds/trafficsplit/read.js'
import type { Parts, RouteOut } from './parts.js'
import type { GatewayFacts, RouteFact, SourceFile, Sourced } from './model.js'
import { canonicalJson, DIGEST, factKey, lookup, nearest, routeDigest, routeKey, type Lookup } from './facts.js'
import { ambiguity, besideFile } from './services.js'

/** A pending route-drift finding: a route on the port routes otherwise than this run would, left for a person. */
export function routeDrift(offset: number, message: string): Diagnostic {
  return { severity: 'warning', code: 'route-drift', offset, pending: true, message }
}

/**
 * A route smi-migrate wrote before: unchanged (`same`; `edited`: a person changed it since, and
 * the split did not), no longer what the split gives (`drifted`), or both changed since
 * (`clashes`: a person's edits, which a route written anew would drop, and a changed split).
 */
export type Existing =
  | { same: true; edited?: true }
  | { drifted: RouteFact; file?: SourceFile }
  | { clashes: RouteFact; file?: SourceFile; written: string; undigested?: true }

/**
 * What a rerun does with a route smi-migrate wrote before, for a split's route and a profile's
 * alike: `same` says whether the route already routes as this run would write it (each source
 * compares what it owns). Its digest (facts.ts `DIGEST`) tells a person's edits from a change of
 * the source: edited, with the source unchanged (what this run writes has the digest on the
 * route), the edits are kept; edited, with the source changed, neither may be dropped (`clashes`).
 * A route without the annotation (removed by hand, or written by a release before digests) that
 * differs from what this run writes cannot be told apart: it is taken as a person's, never
 * written over in silence (`undigested`).
 */
export function settle(existing: RouteFact, file: SourceFile | undefined, value: Record<string, unknown>, same: boolean): Existing {
  const at = file ? { file } : {}
  const written = routeDigest(value)
  if (existing.edited) {
    if (existing.digest === written) return { same: true, edited: true }
    return { clashes: existing, ...at, written }
  }
  if (same) return { same: true }
  if (existing.digest === undefined) return { clashes: existing, ...at, written, undigested: true }
  return { drifted: existing, ...at }
}
/**
 * The route of that kind and name already in the input (nearest the split first), or written
 * by another split of the run: a collision (`problems`), one smi-migrate wrote (`existing`), or none.
 */
export function routeTaken(
  { src, splitKey }: Parts,
  kindName: RouteOut['kind'],
  name: string,
  run: { facts: GatewayFacts; claimed: (key: string) => string | undefined },
  value: { spec: PlainValue; metadata?: PlainValue },
): { problems: Problem[] } | { existing: Existing } | undefined {
  const found: Lookup<RouteFact> = lookup(run.facts.routes, routeKey(kindName, factKey(src.namespace, name)), run.facts.from)
  if (found && 'ambiguous' in found) return fail(src.offset, 'ambiguous-object', ambiguity(`${kindName} ${name}`, found.ambiguous))
  const existing = found?.fact
  if (existing?.generated && existing.profileRoute !== undefined && existing.profileRoute !== '[DEFAULT]')
    return profileHolds(src, kindName, name, existing.profileRoute, found && 'fact' in found ? found.file : undefined)
  if (existing?.generated) {
    const file = found && 'fact' in found && found.file ? found.file : undefined
    const same = existing.spec === undefined || existing.spec === canonicalJson(value.spec)
    return { existing: settle(existing, file, value as Record<string, unknown>, same) }
  }
  if (existing) {
    const aside = found && 'fact' in found && found.file?.aside ? found.file : undefined
    return fail(
      src.offset,
      'name-collision',
      aside
        ? `${kindName} ${name} is already in ${besideFile(aside)}; rename one of them (the TrafficSplit's routes are named after it)`
        : `${kindName} ${name} is already in the input; rename one of them (the TrafficSplit's routes are named after it)`,
    )
  }
  const writer = run.claimed(routeKey(kindName, factKey(src.namespace, name)))
  if (writer !== undefined && writer !== splitKey) {
    return fail(
      src.offset,
      'name-collision',
      `TrafficSplit ${writer} in this input also writes ${kindName} ${name}; rename one of the TrafficSplits`,
    )
  }
  return undefined
}

/**
 * The name is held by a route smi-migrate wrote from a ServiceProfile route (one named like the
 * split's route, converted before the split was in the input): written over, the profile route's
 * matches, timeout and retries would be lost. One run numbers the profile's route instead
 * (`<name>-2`); a later run cannot rename a route already applied, so it is left for a person.
 */
function profileHolds(
  src: SplitFields,
  kindName: string,
  name: string,
  source: string,
  file: SourceFile | undefined,
): { problems: Problem[] } {
  return fail(
    src.offset,
    'name-collision',
    `${kindName} ${name}${file ? ` (${file.shown})` : ''} is the route smi-migrate wrote from the ServiceProfile route ${JSON.stringify(source)}, and the TrafficSplit's route takes that name: ` +
      `written over, that route's matches, timeout and retries would be lost; rename the TrafficSplit, or delete that route (from the manifests and the cluster) and convert the profile (from git) with the split in one run, which numbers the profile's route`,
  )
}

function fail(offset: number, code: Problem['code'], message: string): { problems: Problem[] } {
  return { problems: [{ code, offset, message }] }
}

/**
 * The routes smi-migrate wrote from this split before (named after it: `<split>` or
 * `<split>-<port>`, on its root Service) that it no longer writes, since the Service's ports or
 * a port's route kind changed: nearest the split first, as `lookup` reads objects.
 */
export function staleRoutes(
  facts: GatewayFacts,
  service: string,
  split: string,
  routes: readonly RouteOut[],
): Array<Sourced<RouteFact> & { ports: number[] }> {
  const prefix = `${service}:`
  const out: Array<Sourced<RouteFact> & { ports: number[] }> = []
  for (const c of nearest([...facts.routes.values()].flat(), facts.from)) {
    const { fact } = c
    const named = fact.name === split || (fact.name.startsWith(`${split}-`) && /^\d+$/.test(fact.name.slice(split.length + 1)))
    if (!fact.generated || !named) continue
    if (routes.some((r) => r.kind === fact.kind && r.name === fact.name)) continue
    const ports = (fact.parents ?? []).filter((p) => p.startsWith(prefix)).map((p) => Number(p.slice(prefix.length)))
    // A route on every port of the Service (no parent port) is not one smi-migrate writes.
    if (ports.some(Number.isNaN)) continue
    if (ports.length) out.push({ ...c, ports })
  }
  return out
}

export function alreadyConverted(src: SplitFields, r: RouteOut, edited: readonly RouteOut[]): { skip: Diagnostic } {
  const kept = edited.length
    ? `; ${edited.map((e) => `${e.kind} ${e.name}`).join(', ')} ${edited.length === 1 ? 'was' : 'were'} edited since, and the split was not: the edits are kept`
    : ''
  return {
    skip: {
      severity: 'info',
      code: 'already-converted',
      offset: src.offset,
      message: `has its ${r.kind} ${r.name} in the input already, written by smi-migrate; left as it is${kept} (delete the TrafficSplit once the route is Accepted)`,
    },
  }
}

/**
 * A route smi-migrate wrote for the split that a person has edited since (its digest no longer
 * matches it), while the split changed too: written anew, it would drop the edits; left, it routes
 * by the old split. Which is meant is the person's to say: nothing is written for the split.
 */
export function editedDrift(
  src: { offset: number },
  r: { kind: string; name: string },
  { file, written, undigested }: { file?: SourceFile; written: string; undigested?: true },
  source = 'the split',
): Diagnostic {
  const why = undigested
    ? `differs from what this run writes, and it carries no ${DIGEST} (removed by hand, or written by a release before digests), so a person's edits cannot be told from a change of ${source}: it is taken as hand-maintained`
    : `was edited by hand since (it no longer matches the digest in ${DIGEST}), and ${source} changed too`
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${r.kind} ${r.name}${file ? ` (${file.shown})` : ''} from ${source} before, and that route ${why}: ` +
      `writing it anew would drop the edits, so it is left as it is and nothing is written for ${source}: ` +
      `carry the change into the route by hand and set ${DIGEST} to "${written}" (what this run would write: a rerun then keeps the route), or delete the route and convert again`,
  )
}

/**
 * Why a split (or profile) whose route was edited by hand, and would now be written anew under
 * another name (the Service's ports changed), is left as it is: a digest set on the old name
 * never lets the run write the new one, so the way out is to delete the route and convert again.
 */
export function editedStale(
  src: { offset: number },
  { fact, file }: Sourced<RouteFact>,
  next: { kind: string; name: string },
  source = 'the split',
): Diagnostic {
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} from ${source} before, and that route was edited by hand since (it no longer matches the digest in ${DIGEST}); ` +
      `the Service's ports changed, so this run would write ${next.kind} ${next.name} in its place, which would drop the edits: it is left as it is and nothing is written for ${source}: ` +
      'delete the route and convert again, then carry the edits into the routes written (git holds them)',
  )
}

/**
 * A route written in place of one smi-migrate wrote under another name (the Service gained or
 * lost ports: `<split>` became `<split>-<port>`; or a split's route took the place of its
 * profile's catch-all), or under the same name as another kind (a GRPCRoute become an
 * HTTPRoute). The manifests lose the old object, the cluster keeps it: `kubectl apply`
 * creates and updates, never deletes, and of two routes that match a request alike Linkerd takes
 * the older (linkerd2 policy-controller/grpc/src/outbound.rs@a54b25f0a67d6523b26c58eac3613fea5eda12a2,
 * `timestamp_then_name`), which is the old one; of a port with both kinds, Linkerd reads only the
 * GRPCRoutes when there are any (the same file, the port's protocol). The new route never takes
 * a request until the old one is deleted, which only a person can do.
 */
export function renamedInPlace(
  src: { offset: number; namespace?: string },
  { route, file, replaces }: { route: { kind: string; name: string }; file?: SourceFile; replaces?: { kind: string; name: string } },
): Diagnostic {
  const old = replaces!
  const ns = src.namespace !== undefined ? ` -n ${src.namespace}` : ''
  const kindOnly = old.name === route.name
  const why = kindOnly
    ? `of another kind than the ${old.kind} smi-migrate wrote under that name before: kubectl apply never deletes the ${old.kind} from the cluster, and Linkerd keeps routing by it (of a port with GRPCRoutes it reads only those; of equal routes it takes the older), so the ${route.kind} never routes`
    : `which smi-migrate wrote before under that name: kubectl apply never deletes ${old.name} from the cluster, and being older it keeps taking the requests both match (Linkerd takes the older of equal routes), so ${route.name} never routes`
  // Said only when the route is written: a stream that leaves the split as it is drops it (pipeline/bytes.ts).
  return {
    severity: 'warning',
    code: 'route-drift',
    offset: src.offset,
    pending: true,
    whenWritten: true,
    message:
      `${route.kind} ${route.name} is written in place of ${old.kind} ${old.name}${file ? ` (${file.shown})` : ''}, ${why}: ` +
      `delete it from the cluster in the same change (kubectl delete ${old.kind.toLowerCase()}${ns} ${old.name})${kindOnly ? '' : ', or keep the old name'}`,
  }
}
