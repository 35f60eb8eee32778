/**
 * The routes already in the input that a split's route meets by kind and name: one written
 * by smi-migrate for the split (its generator annotation) is left as it is when it still
 * routes as the split does, and written anew in its place when the split has changed since
 * (a kept split during a phased migration: a canary progressing); any other is a collision.
 */
import type { PlainValue } from '../../edit/emit.js'
import type { Problem } from '../../model.js'
import type { Parts, RouteOut } from './parts.js'
import type { GatewayFacts, RouteFact, SourceFile, Sourced } from './model.js'
import { canonicalJson, factKey, lookup, nearest, routeKey, type Lookup } from './facts.js'
import { ambiguity, besideFile } from './services.js'

/** A route smi-migrate wrote before: unchanged (`same`), or no longer what the split gives. */
export type Existing = { same: true } | { drifted: RouteFact; file?: SourceFile }

/**
 * The route of that kind and name already in the input (nearest the split first), or written
 * by another split of the run: a collision (`problems`), one smi-migrate wrote (`existing`), or none.
 */
export function routeTaken(
  { src, splitKey }: Parts,
  kindName: RouteOut['kind'],
  name: string,
  run: { facts: GatewayFacts; claimed: (key: string) => string | undefined },
  spec: PlainValue,
): { problems: Problem[] } | { existing: Existing } | undefined {
  const found: Lookup<RouteFact> = lookup(run.facts.routes, routeKey(kindName, factKey(src.namespace, name)), run.facts.from)
  if (found && 'ambiguous' in found) return fail(src.offset, 'ambiguous-object', ambiguity(`${kindName} ${name}`, found.ambiguous))
  const existing = found?.fact
  if (existing?.generated) {
    if (existing.spec === undefined || existing.spec === canonicalJson(spec)) return { existing: { same: true } }
    return { existing: { drifted: existing, ...(found && 'fact' in found && found.file ? { file: found.file } : {}) } }
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
