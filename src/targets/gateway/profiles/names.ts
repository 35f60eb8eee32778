/**
 * The names of a profile's routes: `<service>-<route name as a DNS label>`, the catch-all
 * `<service>-default` last. A name another route already holds (a clash inside the profile,
 * a route another object of the run writes, a route in the input that this profile did not
 * write) is numbered, `-2`, `-3`, in the profile's order: profiles for `books` and `books-get`
 * both spell `books-get-api-list`, and the second to be converted takes
 * `books-get-api-list-2`. A route this profile wrote in an earlier run keeps its name (it is
 * recognised by its generator, the profile route's name it keeps and its parent Service), so
 * a rerun names every route as the first run did.
 */
import { dirname } from 'node:path'
import type { RunView } from '../../target.js'
import { factKey, lookup, routeKey } from '../facts.js'
import type { GatewayFacts, GatewayOptions, RouteFact } from '../model.js'
import type { Profile } from './objects.js'
import type { RouteParts } from './routes.js'

/** The route kinds a profile writes: one name is one route whatever its kind, so a clash is checked across them. */
export const PROFILE_KINDS = ['HTTPRoute', 'GRPCRoute', 'TCPRoute'] as const

/** The profile route's name a route keeps (`[DEFAULT]`: the catch-all), by the index of `routeNames`. */
export function sourceOf(parts: readonly RouteParts[], i: number): string {
  return i < parts.length ? parts[i]!.source : '[DEFAULT]'
}

/** Whether smi-migrate wrote `fact` from this profile's route `source`. */
export function ownRoute(profile: Profile, fact: RouteFact, source: string): boolean {
  const service = `${factKey(profile.serviceNamespace, profile.service)}:`
  return fact.generated && fact.profileRoute === source && (fact.parents ?? []).some((p) => p.startsWith(service))
}

/**
 * `<service>-<route name>` for each route and the catch-all; `suffixes`: what each port adds
 * to a name (`-<port>` when the routes are written per port), every one of which must be free.
 */
export function routeNames(
  profile: Profile,
  parts: readonly RouteParts[],
  suffixes: readonly string[],
  run: RunView<GatewayOptions, GatewayFacts>,
): string[] {
  const used = new Set<string>()
  const free = (name: string, source: string): boolean =>
    suffixes.every((s) => !used.has(name + s) && !heldElsewhere(profile, name + s, source, run))
  const unique = (base: string, source: string): string => {
    let name = trimDashes(base.slice(0, 240))
    for (let n = 2; !free(name, source); n++) name = `${base.slice(0, 236)}-${n}`
    for (const s of suffixes) used.add(name + s)
    return name
  }
  const names = parts.map((p) => unique(`${profile.service}-${slug(p.source)}`, p.source))
  const fallback = parts.some((p) => slug(p.source) === 'default') ? 'catch-all' : 'default'
  names.push(unique(`${profile.service}-${fallback}`, '[DEFAULT]'))
  return names
}

/**
 * Another object of the run writes a route of that name, or the input holds one this profile's
 * route did not write, or a TrafficSplit of the namespace in the input takes it (`<split>`,
 * `<split>-<port>`): a split's route is named after the split alone, so the profile's is numbered.
 */
function heldElsewhere(profile: Profile, name: string, source: string, run: RunView<GatewayOptions, GatewayFacts>): boolean {
  if (splitNamed(profile.namespace, name, run.context)) return true
  for (const kind of PROFILE_KINDS) {
    const key = routeKey(kind, factKey(profile.namespace, name))
    const writer = run.claimed(claimScope(run.context) + key)
    if (writer !== undefined && writer !== profile.owner) return true
    const found = lookup(run.context.routes, key, run.context.from)
    if (found && !('fact' in found && ownRoute(profile, found.fact, source))) return true
  }
  return false
}

/**
 * Whether a TrafficSplit of the namespace in the input writes a route of that name, whichever
 * file it is in: `<split>` for a root Service of one port (or not in the input), else `<split>-<port>`.
 */
function splitNamed(namespace: string | undefined, name: string, facts: GatewayFacts): boolean {
  const prefix = factKey(namespace, '')
  for (const [key, splits] of facts.splits ?? []) {
    if (!key.startsWith(prefix) || key.slice(prefix.length).includes('/')) continue
    const ports = new Set((facts.services.get(key) ?? []).flatMap((s) => s.fact.ports.map((p) => p.port)))
    for (const { fact } of splits) {
      const meta = fact.metadata
      const split = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).name : undefined
      if (typeof split !== 'string') continue
      if (name === split) return true
      if (ports.size > 1 && [...ports].some((p) => name === `${split}-${p}`)) return true
    }
  }
  return false
}

/** Claims hold within what is applied together, as lookups do (routes.ts `mapSplit`): a directory, or the stream. */
export function claimScope(facts: GatewayFacts): string {
  return facts.from ? `${dirname(facts.from.path)} ` : ''
}

function slug(s: string): string {
  return (
    s
      .toLowerCase()
      .split(/[^a-z0-9]/)
      .filter(Boolean)
      .join('-') || 'route'
  )
}

function trimDashes(s: string): string {
  let end = s.length
  while (end > 0 && s[end - 1] === '-') end--
  return s.slice(0, end)
}
