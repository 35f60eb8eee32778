/**
 * What a split's routes take for the rest of the run (route names, Service ports), and what is
 * said once per root Service: the ServiceProfile linkerd-smi made for it, and the runbook's gap
 * when its backends leave the root out. Returned as claims, committed only if the conversion is
 * kept (targets/target.ts).
 */
import type { Diagnostic } from '../../model.js'
import type { Claim } from '../target.js'
import type { GatewayFacts } from './model.js'
import type { Parts, RouteOut } from './parts.js'
import { factKey, routeKey } from './facts.js'

/** The route names and Service ports the routes take, and the ServiceProfile note once per Service. */
export function splitClaims(
  parts: Parts,
  routes: readonly RouteOut[],
  claimed: (key: string) => string | undefined,
  facts: GatewayFacts,
  /** Whether the routes may be Linkerd's: false when another mesh was named (--mesh). */
  linkerd: boolean,
): Claim[] {
  const { src, root, splitKey, findings } = parts
  const claims: Claim[] = []
  for (const r of routes) {
    claims.push([routeKey(r.kind, factKey(src.namespace, r.name)), splitKey])
    // Routes of two splits on one Service port attach to the same parent: their rules merge.
    const parent = `parent ${factKey(src.namespace, root)}:${r.port}`
    const other = claimed(parent)
    if (other !== undefined && other !== splitKey) {
      findings.push({
        severity: 'warning',
        code: 'name-collision',
        offset: src.serviceOffset,
        message:
          `TrafficSplit ${other} also splits Service ${root} port ${r.port}: both routes attach to it and ` +
          'Gateway API merges their rules (the oldest route wins a tie); SMI left two splits of one Service undefined: merge them by hand',
      })
    } else claims.push([parent, splitKey])
  }
  const rootKey = `noted ${factKey(src.namespace, root)}`
  if (claimed(rootKey) === undefined) {
    claims.push([rootKey, splitKey])
    const fqdn = `${root}.${src.namespace ?? '<namespace>'}.svc.cluster.local`
    const profile = inputProfile(parts, facts, routes)
    // Linkerd's runbook gap and linkerd-smi's profile concern only Linkerd; a ServiceProfile in
    // the input says Linkerd is there, whatever --mesh said.
    if (linkerd && !parts.backends.some((b) => b.name === root)) findings.push(rootGap(parts))
    if (profile) findings.push(profile)
    else if (linkerd)
      findings.push({
        severity: 'info',
        code: 'serviceprofile-precedence',
        offset: src.serviceOffset,
        message:
          `on Linkerd, the ServiceProfile ${fqdn} that the linkerd-smi extension made for this split takes ` +
          'precedence over the routes until it is deleted (docs/gateway.md, runbook)',
      })
  }
  return claims
}

/**
 * The runbook's gap: once the TrafficSplit is deleted, linkerd-smi clears its ServiceProfile's
 * `dstOverrides`, and until the profile is deleted and the clients restart, Linkerd sends the
 * Service's traffic to the root Service's own endpoints, which the split may have sent nothing.
 */
function rootGap({ src, root }: Parts): Diagnostic {
  return {
    severity: 'warning',
    code: 'root-not-backend',
    offset: src.backendsOffset,
    message:
      `its backends do not include Service ${root} itself: on Linkerd, from deleting this TrafficSplit until its ServiceProfile ` +
      `is deleted and the clients restart, all traffic of ${root} goes to the endpoints of ${root} itself; delete both in one command ` +
      'and restart the clients right after (docs/gateway.md, runbook)',
  }
}

/** The split's ServiceProfile in the input (`<service>.<namespace>.svc.<domain>`), as a warning that names it. */
function inputProfile({ src, root }: Parts, facts: GatewayFacts, routes: readonly RouteOut[]): Diagnostic | undefined {
  if (src.namespace === undefined) return undefined
  const prefix = `${factKey(src.namespace, root)}.${src.namespace}.svc.`
  const found = [...facts.profiles].find(([key]) => key.startsWith(prefix))?.[1][0]
  if (!found) return undefined
  const { name, routes: count = 0, retries, timeouts } = found.fact
  const where = `the ServiceProfile ${name}${found.file ? ` (${found.file.shown})` : ''}`
  // Routes of its own: deleting the profile also drops what they did (retries, timeouts, per-route metrics).
  const own = [retries ? 'retries' : '', timeouts ? 'timeouts' : ''].filter(Boolean).join(' and ')
  return {
    severity: 'warning',
    code: 'serviceprofile-precedence',
    offset: src.serviceOffset,
    // The run converts the profile too (its own findings say what it could not carry): what is
    // left to say is that both must go together once the routes are in place. On a Service whose
    // every port takes only a TCPRoute the profile's routes never applied, and its conversion
    // reports it for deletion (profiles/profile.ts, `sp-delete`): said so here too.
    message: !count
      ? `${where} is in the input: on Linkerd it takes precedence over the routes while it exists; delete it with the TrafficSplit ` +
        'in one command once the routes are Accepted (docs/gateway.md, runbook)'
      : routes.length > 0 && routes.every((r) => r.kind === 'TCPRoute')
        ? `${where} is in the input with ${count} route${count > 1 ? 's' : ''} of its own${own ? ` (with ${own})` : ''}, ` +
          `which never applied (every port of Service ${root} takes only a TCPRoute, and Linkerd reads no HTTP routes there), so this run converts none of them (sp-delete): ` +
          'on Linkerd the profile takes precedence over the route while it exists; delete it with the TrafficSplit in one command once the route is Accepted (docs/gateway.md, runbook)'
        : `${where} is in the input with ${count} route${count > 1 ? 's' : ''} of its own${own ? ` (with ${own})` : ''}, ` +
          'which this run converts to routes as well: on Linkerd the profile takes precedence over every route of the Service while ' +
          'it exists; delete it with the TrafficSplit in one command once the routes are Accepted (docs/gateway.md, runbook)',
  }
}
