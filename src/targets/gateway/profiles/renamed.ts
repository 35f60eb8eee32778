/**
 * Routes smi-migrate wrote from this profile's routes under another name than this run gives
 * them: the Service gained or lost ports since (`<service>-<route>` became
 * `<service>-<route>-<port>`, or the other way round). As for a split's routes (routes.ts
 * `staleRewrites`), the new route on the old one's port is written in place of it, and a pending
 * warning names the old one for `kubectl delete` (existing.ts `renamedInPlace`): `kubectl apply`
 * never deletes it, and, older, it keeps taking the requests both match. An old route a person
 * edited (or whose digest is gone) is never written over: nothing is written for the profile.
 */
import type { PlainValue } from '../../../edit/emit.js'
import type { Diagnostic } from '../../../model.js'
import type { Rewrite, RunView } from '../../target.js'
import { factKey, routeBody, routeDigest } from '../facts.js'
import { editedDrift, editedStale, renamedInPlace, settle } from '../existing.js'
import type { GatewayFacts, GatewayOptions, RouteFact, Sourced } from '../model.js'
import type { Profile } from './objects.js'
import { ownRoutes } from './stale.js'

export interface New {
  object: Record<string, PlainValue>
  name: string
  source: string
}

export type Renamed = { rewrites: Rewrite[]; replaced: string[]; findings: Diagnostic[]; fresh: New[] } | { held: Diagnostic }

/** Of the routes this run would write anew (`fresh`), those to write in place of the profile's routes under an older name. */
export function renamedRoutes(
  profile: Profile,
  from: string,
  fresh: readonly New[],
  names: readonly string[],
  run: RunView<GatewayOptions, GatewayFacts>,
): Renamed {
  const pool = ownRoutes(profile, run).filter((c) => !names.includes(c.fact.name))
  const used = new Set<Sourced<RouteFact>>()
  const out: Renamed = { rewrites: [], replaced: [], findings: [], fresh: [] }
  const at = { offset: profile.located.offset, ...(profile.namespace !== undefined ? { namespace: profile.namespace } : {}) }
  for (const n of fresh) {
    const port = parentPort(n.object)
    const old = pool.find((c) => !used.has(c) && c.fact.profileRoute === n.source && onPort(c.fact, profile, port))
    if (!old) {
      out.fresh.push(n)
      continue
    }
    used.add(old)
    const { fact, file } = old
    if (!portRename(fact.name, n.name)) {
      const own = renamedByHand(profile, from, n, old)
      if ('held' in own) return own
      out.replaced.push(fact.name)
      out.findings.push(own.note)
      if (own.rewrite) out.rewrites.push(own.rewrite)
      continue
    }
    if (fact.edited) return { held: editedStale(profile.located, old, { kind: String(n.object.kind), name: n.name }, 'the profile') }
    if (fact.digest === undefined)
      return {
        held: editedDrift(
          profile.located,
          fact,
          {
            ...(file ? { file } : {}),
            written: routeDigest(n.object),
            ...(fact.digest === undefined ? { undigested: true as const } : {}),
          },
          'the profile',
        ),
      }
    const route = { kind: String(n.object.kind), name: n.name }
    out.replaced.push(fact.name)
    out.findings.push(renamedInPlace(at, { route, ...(file ? { file } : {}), replaces: fact }))
    out.rewrites.push({
      kind: fact.kind,
      name: fact.name,
      ...(profile.namespace !== undefined ? { namespace: profile.namespace } : {}),
      ...(file ? { file } : {}),
      object: n.object,
      message: `${from} -> ${route.kind} ${route.name}: written in place of this ${fact.kind} ${fact.name}, which smi-migrate wrote from the profile's route ${JSON.stringify(n.source)} before under that name (the Service's ports changed since)`,
      refused: {
        severity: 'warning',
        code: 'route-drift',
        offset: profile.located.offset,
        pending: true,
        message: `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} from the route ${JSON.stringify(n.source)} before, and this run names it ${route.name} (the Service's ports changed since): it cannot be written anew where it is, so delete it (from the manifests and the cluster) and run the conversion again`,
      },
    })
  }
  return out
}

/** Routes written anew as another kind under their name (a GRPCRoute become an HTTPRoute): the old kind stays in the cluster. */
export function kindChanged(profile: Profile, rewrites: readonly Rewrite[]): Diagnostic[] {
  const at = { offset: profile.located.offset, ...(profile.namespace !== undefined ? { namespace: profile.namespace } : {}) }
  return rewrites
    .filter((w) => w.kind !== w.object.kind)
    .map((w) =>
      renamedInPlace(at, { route: { kind: String(w.object.kind), name: w.name }, ...(w.file ? { file: w.file } : {}), replaces: w }),
    )
}

/** Whether two names of one profile route differ by a port's suffix alone (`<route>`, `<route>-<port>`). */
function portRename(a: string, b: string): boolean {
  const bare = (n: string): string => n.replace(/-\d+$/, '')
  return a === bare(b) || bare(a) === b || bare(a) === bare(b)
}

/**
 * A route smi-migrate wrote from this profile route that a person renamed (its annotations say
 * which profile route it is): it is that route, under the person's name. Unchanged or edited
 * with the profile unchanged, it is kept; the profile changed, it is written anew under its name
 * (edited, nothing is written: existing.ts `settle`). Written under the tool's name beside it, it
 * would tie with it and take its requests or not by age.
 */
function renamedByHand(
  profile: Profile,
  from: string,
  n: New,
  { fact, file }: Sourced<RouteFact>,
): { note: Diagnostic; rewrite?: Rewrite } | { held: Diagnostic } {
  const object: Record<string, PlainValue> = {
    ...n.object,
    metadata: { ...(n.object.metadata as Record<string, PlainValue>), name: fact.name },
  }
  const settled = settle(fact, file, object, fact.kind === object.kind && fact.body === routeBody(object))
  if ('clashes' in settled) return { held: editedDrift(profile.located, fact, settled, 'the profile') }
  const where = file ? ` (${file.shown})` : ''
  const note: Diagnostic = {
    severity: 'info',
    code: 'already-converted',
    offset: profile.located.offset,
    message: `${fact.kind} ${fact.name}${where} is the route smi-migrate wrote from the route ${JSON.stringify(n.source)} as ${n.name}, renamed by hand since: it is taken as that route under its new name (${'same' in settled ? `left as it is${settled.edited ? ', edits and all' : ''}` : 'written anew where it stands, as the profile changed'}), and ${n.name} is not written beside it`,
  }
  if ('same' in settled) return { note }
  return {
    note,
    rewrite: {
      kind: fact.kind,
      name: fact.name,
      ...(profile.namespace !== undefined ? { namespace: profile.namespace } : {}),
      ...(file ? { file } : {}),
      object,
      message: `${from} -> ${String(object.kind)} ${fact.name}: written in place of this ${fact.kind} ${fact.name}, the route smi-migrate wrote from the profile's route ${JSON.stringify(n.source)} (renamed by hand since), which no longer routes as the profile does`,
      refused: {
        severity: 'warning',
        code: 'route-drift',
        offset: profile.located.offset,
        pending: true,
        message: `has changed since smi-migrate wrote its ${fact.kind} ${fact.name}${where} from the route ${JSON.stringify(n.source)}: it cannot be written anew where it is, so delete it and run the conversion again`,
      },
    },
  }
}

function parentPort(object: Record<string, PlainValue>): number | undefined {
  const refs = (object.spec as { parentRefs?: Array<{ port?: unknown }> } | undefined)?.parentRefs
  const p = refs?.[0]?.port
  return typeof p === 'number' ? p : typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : undefined
}

/** Whether the old route attached where the new one does: the same port, or every port on either side. */
function onPort(fact: RouteFact, profile: Profile, port: number | undefined): boolean {
  const service = `${factKey(profile.serviceNamespace, profile.service)}:`
  const at = (fact.parents ?? []).filter((p) => p.startsWith(service)).map((p) => p.slice(service.length))
  return port === undefined || at.includes('*') || at.includes(String(port))
}
