/**
 * What else routes a profile's Service once the profile is gone (docs/gateway.md,
 * "ServiceProfiles"). Linkerd used a profile with routes or dstOverrides instead of every route
 * of the Service (linkerd2-proxy `should_override_policy`), and a client namespace's profile
 * instead of the Service's (the destination service's fallback profile listener). Routes do
 * not shadow each other that way: a client gets the consumer routes of its namespace and the
 * producer routes of the Service together, chosen by precedence (linkerd2 policy controller,
 * outbound index). So routes already in the input, and the producer's routes beside a
 * consumer profile's, are named.
 */
import type { Diagnostic } from '../../../model.js'
import type { RunView } from '../../target.js'
import { factKey, lookup, nearest } from '../facts.js'
import type { GatewayFacts, GatewayOptions, RouteFact, Sourced } from '../model.js'
import type { Backing, Profile } from './objects.js'
import { type Attached, contested } from './contested.js'

/**
 * `kind`: the kind of the profile's routes; `ports`: where they attach (a port-less one: every
 * port of the Service), for the routes of another kind there (contested.ts).
 */
export function besideFindings(
  profile: Profile,
  run: RunView<GatewayOptions, GatewayFacts>,
  kind: string,
  ports: readonly Backing[],
  sources: readonly string[],
): Diagnostic[] {
  const out: Diagnostic[] = []
  const offset = profile.located.offset
  const service = factKey(profile.serviceNamespace, profile.service)
  const own = profile.namespace ?? profile.serviceNamespace
  const attached = handWritten(run.context, service)
  // The routes its clients see: producer routes, and consumer routes of its own namespace.
  const visible = attached.filter((r) => r.namespace === profile.serviceNamespace || r.namespace === own)
  // Routes of another kind do not merge with the profile's: Linkerd serves one kind per port (contested.ts).
  const seen = visible.filter((r) => r.kind === kind)
  out.push(
    ...contested(
      profile,
      run,
      kind,
      ports,
      visible.filter((r) => r.kind !== kind),
      sources,
    ),
  )
  if (seen.length)
    out.push({
      severity: 'warning',
      code: 'sp-routes-beside',
      offset,
      message: `${list(seen)} already attach${seen.length > 1 ? '' : 'es'} to Service ${profile.service}: the profile shadowed ${seen.length > 1 ? 'them' : 'it'}, and once it is gone ${seen.length > 1 ? 'they take' : 'it takes'} the requests ${seen.length > 1 ? 'they match' : 'it matches'} best, beside the profile's routes; fold ${seen.length > 1 ? 'them' : 'it'} into those routes, or delete ${seen.length > 1 ? 'them' : 'it'}`,
    })
  if (own === profile.serviceNamespace) return out
  const producer: string[] = []
  const p = lookup(run.context.profiles, factKey(profile.serviceNamespace, profile.name), run.context.from)
  if (p && 'fact' in p && ((p.fact.routes ?? 0) > 0 || p.fact.overrides))
    producer.push(`the routes of ServiceProfile ${profile.serviceNamespace}/${profile.name}`)
  if (lookup(run.context.splits ?? new Map(), service, run.context.from))
    producer.push(`the route of the TrafficSplit of ${profile.service}`)
  // The producer's routes smi-migrate wrote in an earlier run count too: its clients merge them all the same.
  const producerRoutes = [...attached, ...routesOf(run.context, service, true)].filter((r) => r.namespace === profile.serviceNamespace)
  if (producerRoutes.length) producer.push(list(producerRoutes))
  if (producer.length)
    out.push({
      severity: 'warning',
      code: 'sp-consumer-merged',
      offset,
      message: `clients in ${own} used this profile instead of the Service's; with routes they get its routes and ${producer.join(', ')} together, and a request may now go to a producer route (its timeout, retries and backends) that this profile never gave them: give every producer route a counterpart here, or keep this profile`,
    })
  return out
}

/** Routes not written by smi-migrate attached to the Service (`namespace/name`), on any port. */
function handWritten(facts: GatewayFacts, service: string): Attached[] {
  return routesOf(facts, service, false)
}

/** Routes attached to the Service, on any port: those smi-migrate wrote (`generated`), or the others. */
function routesOf(facts: GatewayFacts, service: string, generated: boolean): Attached[] {
  const all: Array<Sourced<RouteFact & { namespace: string }>> = []
  for (const [key, list] of facts.routes) {
    const namespace = key.slice(key.indexOf(' ') + 1, key.lastIndexOf('/'))
    for (const c of list)
      if (c.fact.generated === generated && c.fact.parents?.some((p) => p.startsWith(`${service}:`)))
        all.push({ ...c, fact: { ...c.fact, namespace } })
  }
  return nearest(all, facts.from).map((c) => ({
    kind: c.fact.kind,
    name: c.fact.name,
    namespace: c.fact.namespace,
    ports: c.fact.parents!.filter((p) => p.startsWith(`${service}:`)).map((p) => p.slice(service.length + 1)),
  }))
}

function list(routes: readonly Attached[]): string {
  return routes.map((r) => `${r.kind} ${r.namespace}/${r.name}`).join(', ')
}
