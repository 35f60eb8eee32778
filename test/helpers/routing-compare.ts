/**
 * Whether two behaviours of the model of Linkerd (test/helpers/linkerd/) are the same for a
 * request: the same route (a profile route and the route that carries its name in the
 * annotation docs/gateway.md promises, in the profile's namespace; the same route object; a
 * default route and any route without a profile route of its own), the same retries, timeout
 * and backends in the same proportions.
 */
import type { Behaviour } from './linkerd/index.js'

/** The annotation that keeps a profile route's name on its route (docs/gateway.md, ServiceProfiles). */
export const PROFILE_ROUTE = 'smi-migrate.io/serviceprofile-route'

/** Where two behaviours differ, in words; undefined when Linkerd does the same. */
export function difference(before: Behaviour, after: Behaviour): string | undefined {
  const who = identity(before, after)
  if (who) return who
  if (before.retries !== after.retries) return `retries ${before.retries || 'none'} -> ${after.retries || 'none'}`
  if (before.timeoutNs !== after.timeoutNs)
    return `timeout ${String(before.timeoutNs ?? 'none')}ns -> ${String(after.timeoutNs ?? 'none')}ns`
  const b = JSON.stringify(before.backends, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))
  const a = JSON.stringify(after.backends, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))
  if (a !== b) return `backends ${b} -> ${a}`
  return undefined
}

function identity(before: Behaviour, after: Behaviour): string | undefined {
  const shown = (x: Behaviour): string =>
    x.by === 'profile'
      ? `profile ${x.object} route ${x.profileRoute ?? '(opaque)'}`
      : x.by === 'route'
        ? `${x.object} (${x.annotations?.[PROFILE_ROUTE] ?? 'no profile route'})`
        : `${x.by}${x.reason ? ` (${x.reason})` : ''}`
  const why = `${shown(before)} -> ${shown(after)}`
  if (before.by === 'refused' || after.by === 'refused') return before.by === after.by ? undefined : why
  // A profile the run left in place (refused, or kept) still routes.
  if (after.by === 'profile')
    return before.by === 'profile' && before.object === after.object && before.profileRoute === after.profileRoute ? undefined : why
  const named = before.by === 'profile' && before.profileRoute !== undefined && before.profileRoute !== '[DEFAULT]'
  if (named) {
    const profileNs = before.object!.split('/')[0]
    const routeNs = after.object?.split(' ')[1]?.split('/')[0]
    return after.by === 'route' && after.annotations?.[PROFILE_ROUTE] === before.profileRoute && routeNs === profileNs ? undefined : why
  }
  if (before.by === 'route') return after.by === 'route' && after.object === before.object ? undefined : why
  // The profile's default route, the Service itself: any route without a profile route of its own.
  const label = after.annotations?.[PROFILE_ROUTE]
  return label !== undefined && label !== '[DEFAULT]' ? why : undefined
}
