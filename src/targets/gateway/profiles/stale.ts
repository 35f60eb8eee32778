/**
 * Routes smi-migrate wrote from a profile route that this run no longer writes (the route was
 * removed or renamed since, its regex is one Linkerd's proxy drops, or its port is gone from the
 * Service and no route of this run is written in its place: renamed.ts): nothing takes their place, and once the profile is gone they still take the requests they match,
 * with the old route's timeout and retries. They are recognised as a rerun recognises the
 * profile's own routes (names.ts `ownRoute`: the generator, the profile route's name kept in
 * the annotation, the parent Service) and named for a person, as a split's route for a port the
 * split no longer routes is (routes.ts): no run deletes an object.
 */
import type { Diagnostic } from '../../../model.js'
import type { RunView } from '../../target.js'
import { canonicalJson, factKey, nearest } from '../facts.js'
import type { PlainValue } from '../../../edit/emit.js'
import type { GatewayFacts, GatewayOptions, RouteFact, Sourced } from '../model.js'
import type { Profile } from './objects.js'

export function staleRoutes(
  profile: Profile,
  written: { names: readonly string[]; replaced: readonly string[] },
  run: RunView<GatewayOptions, GatewayFacts>,
): Diagnostic | undefined {
  const found = ownRoutes(profile, run).filter(
    ({ fact: f }) =>
      // The catch-all is no profile route: a split's route may take its place (carried.ts), which its conversion checks.
      f.profileRoute !== '[DEFAULT]' && !written.names.includes(f.name) && !written.replaced.includes(f.name),
  )
  if (found.length === 0) return undefined
  const each = found.map(
    (c) => `${c.fact.kind} ${c.fact.name}${c.file ? ` (${c.file.shown})` : ''} from its route ${JSON.stringify(c.fact.profileRoute)}`,
  )
  return {
    severity: 'warning',
    code: 'route-drift',
    offset: profile.located.offset,
    pending: true,
    message: `smi-migrate wrote ${each.join(', ')} before, which this run no longer writes (the profile no longer has that route, or Linkerd's proxy drops it, or the Service no longer has that port): once the profile is gone ${found.length > 1 ? 'those routes still take' : 'that route still takes'} the requests ${found.length > 1 ? 'they match' : 'it matches'}, by the old route's timeout and retries; delete ${found.length > 1 ? 'them' : 'it'}`,
  }
}

/** The routes smi-migrate wrote from this profile's routes (or its catch-all) that the input holds, nearest the profile first. */
export function ownRoutes(profile: Profile, run: RunView<GatewayOptions, GatewayFacts>): ReadonlyArray<Sourced<RouteFact>> {
  const service = `${factKey(profile.serviceNamespace, profile.service)}:`
  const own = profile.namespace ?? profile.serviceNamespace
  const mine: Array<Sourced<RouteFact>> = []
  for (const [key, list] of run.context.routes) {
    // Keys are `<kind> <namespace>/<name>`: the profile's routes are in its own namespace.
    if (key.slice(key.indexOf(' ') + 1, key.lastIndexOf('/')) !== own) continue
    for (const c of list) {
      const f = c.fact
      if (f.generated && f.profileRoute !== undefined && (f.parents ?? []).some((p) => p.startsWith(service))) mine.push(c)
    }
  }
  return nearest(mine, run.context.from)
}

/**
 * The `name source` pairs of the profile's routes as old as the catch-all: those smi-migrate already
 * wrote with the parents and matches this run writes (`same`, or rewritten in place with new
 * backends or annotations: a weight step of the split, kubectl keeps the creation time). A run
 * that wrote one beside an older catch-all it ties with would have held it (sp-order), so one run
 * wrote both. A route written with other matches (another method, path…) proves no age: it may be younger.
 */
export function asOld(
  profile: Profile,
  same: ReadonlySet<string>,
  made: { objects: ReadonlyArray<Record<string, PlainValue>>; names: readonly string[] },
  run: RunView<GatewayOptions, GatewayFacts>,
): Set<string> {
  const now = new Map(made.objects.map((o, i) => [made.names[i]!, o]))
  const alike = (f: RouteFact): boolean => {
    const o = now.get(f.name)
    return o !== undefined && o.kind === f.kind && f.object !== undefined && tieShape(o) === tieShape(f.object)
  }
  return new Set(
    ownRoutes(profile, run)
      .filter(({ fact: f }) => same.has(f.name) || alike(f))
      .map(({ fact: f }) => `${f.name} ${f.profileRoute!}`),
  )
}

/** What a route's ties depend on: its parents and every rule's matches (not its backends or annotations). */
function tieShape(route: unknown): string {
  const spec = record(record(route)?.spec)
  const rules = Array.isArray(spec?.rules) ? spec.rules : []
  return canonicalJson({ parents: spec?.parentRefs ?? null, matches: rules.map((r) => record(r)?.matches ?? null) })
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
