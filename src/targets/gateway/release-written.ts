/**
 * A rerun without `--linkerd` of a split whose port the Linkerd release decides (protocols.ts
 * `releasePending`): the route an earlier run wrote there for a named release says which.
 */
import { factKey, lookup, routeKey } from './facts.js'
import type { GatewayFacts, GatewayOptions, ServiceFact } from './model.js'
import { routeApis, type RouteApis, type RouteKind } from './presets.js'
import type { Diagnostic } from '../../model.js'
import { KIND_NAME, routeKind } from './protocols.js'

/** The route kinds' names, as routes.ts writes them with the kind this file gives. */
export { KIND_NAME }

/**
 * The kind a release writes for the port, when the split's route of that name is in the input as
 * smi-migrate wrote it (not edited since) for a release that writes that kind there: the earlier
 * run was told the release (`--linkerd 2.18` wrote the TCPRoute), and a rerun without it is the same.
 */
export function releaseWritten(
  name: string,
  namespace: string | undefined,
  p: Parameters<typeof routeKind>[0],
  service: ServiceFact | undefined,
  asked: Parameters<typeof routeKind>[4],
  run: { opts: GatewayOptions; facts: GatewayFacts },
): { kind: RouteKind } | undefined {
  for (const release of ['2.18', '2.17'] as const) {
    const opts = { ...run.opts, linkerd: release }
    const kind = routeKind(p, service, opts, routeApis(opts), asked, 0, [])
    if (!('kind' in kind)) continue
    const found = lookup(run.facts.routes, routeKey(KIND_NAME[kind.kind], factKey(namespace, name)), run.facts.from)
    const fact = found && 'fact' in found ? found.fact : undefined
    if (fact?.generated && fact.profileRoute === undefined && fact.edited === false) return kind
  }
  return undefined
}

/** routeKind, and where the release decides and none is named, the kind the route an earlier run wrote says (a rerun). */
export function writtenKind(
  name: string,
  p: Parameters<typeof routeKind>[0],
  service: ServiceFact | undefined,
  run: { opts: GatewayOptions; facts: GatewayFacts; apis: RouteApis },
  asked: Parameters<typeof routeKind>[4],
  offset: number,
  findings: Diagnostic[],
): ReturnType<typeof routeKind> {
  const kind = routeKind(p, service, run.opts, run.apis, asked, offset, findings)
  return 'pending' in kind ? (releaseWritten(name, asked.namespace, p, service, asked, run) ?? kind) : kind
}
