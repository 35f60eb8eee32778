/**
 * Routes smi-migrate wrote for a TrafficSplit that is no longer in the input (renamed between
 * two `--keep-trafficsplit` runs), on a Service port this split's route attaches to. Both
 * routes have a rule without matches, so they tie, and Linkerd takes the older route on a tie
 * (linkerd/linkerd2@b24cd4059841f8cee2fb7a9c2ac23a693c583579: policy-controller/grpc/src/outbound.rs
 * `timestamp_then_name`; linkerd/linkerd2-proxy@29637b64f6cebedaf15bfbf516818d7a28a4d5a6:
 * linkerd/http/route/src/lib.rs, the first best match): the old split keeps the port, and this
 * one may never apply. Whether the old split was renamed or deleted is the person's to say.
 */
import type { Diagnostic } from '../../model.js'
import { factKey, nearest } from './facts.js'
import type { GatewayFacts } from './model.js'
import type { Parts, RouteOut } from './parts.js'

/** The names a split's routes take: `<split>`, or `<split>-<port>`. */
function writtenBy(route: string, split: string): boolean {
  return route === split || (route.startsWith(`${split}-`) && /^\d+$/.test(route.slice(split.length + 1)))
}

export function orphanRoutes(parts: Parts, facts: GatewayFacts, all: readonly RouteOut[]): Diagnostic[] {
  const service = factKey(parts.src.namespace, parts.root)
  // Every TrafficSplit of the Service in the input, wherever it is: one of them may have written the route.
  const splits = (facts.splits?.get(service) ?? []).map((s) => {
    const meta = s.fact.metadata
    return meta !== null && typeof meta === 'object' ? String((meta as Record<string, unknown>).name) : ''
  })
  const out: Diagnostic[] = []
  for (const { fact, file } of nearest([...facts.routes.values()].flat(), facts.from)) {
    if (!fact.generated || fact.profileRoute !== undefined || writtenBy(fact.name, parts.src.name)) continue
    if (splits.some((s) => writtenBy(fact.name, s))) continue
    const ports = all.filter((r) => fact.parents?.includes(`${service}:${r.port}`)).map((r) => r.port)
    if (ports.length === 0) continue
    out.push({
      severity: 'warning',
      code: 'route-drift',
      offset: parts.src.offset,
      pending: true,
      message:
        `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} for Service ${parts.root} port ${ports.join(', ')} from a TrafficSplit that is not in the input (renamed to this one, or deleted); ` +
        `its rule ties with this split's, and Linkerd takes the older route, so ${fact.name} keeps routing that port by the old split: delete it`,
    })
  }
  return out
}
