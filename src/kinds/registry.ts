/**
 * Every kind the pipeline knows, one line each. Adding a kind is a folder under src/kinds/
 * and a line here.
 */
import type { KindModule } from './kind.js'
import { httpRouteGroup } from './httproutegroup/index.js'
import { serviceProfile } from './serviceprofile/index.js'
import { tcpRoute } from './tcproute/index.js'
import { trafficSplit } from './trafficsplit/index.js'
import { trafficTarget } from './traffictarget/index.js'

export const KINDS: readonly KindModule<never>[] = [
  trafficSplit as KindModule<never>,
  httpRouteGroup as KindModule<never>,
  tcpRoute as KindModule<never>,
  trafficTarget as KindModule<never>,
  serviceProfile as KindModule<never>,
]

const BY_KIND = new Map(KINDS.map((k) => [k.kind, k]))

/** The kinds some kind may need (kinds/links.ts): the only objects kept besides those that need one. */
export const NEEDED_KINDS: ReadonlySet<string> = new Set(KINDS.flatMap((k) => k.needsKinds ?? []))

export function kindNamed(kind: string | undefined): KindModule<never> | undefined {
  return kind === undefined ? undefined : BY_KIND.get(kind)
}
