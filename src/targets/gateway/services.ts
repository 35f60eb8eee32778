/**
 * Which Service a split names, and whether a route may use it: a name as SMI adaptors
 * write it, and the Services routes refuse. Objects found twice are reported here too.
 */
import type { Problem } from '../../model.js'
import type { RouteFact, ServiceFact, SourceFile, Sourced } from './model.js'

/** Two objects of one name, neither nearer the split than the other. */
export function ambiguity(what: string, files: readonly SourceFile[]): string {
  return (
    `${what} is defined differently in ${files.map((f) => f.shown).join(' and ')}, and which one is applied with this ` +
    'split cannot be told (its own file comes first, then its directory): convert each directory in a run of its own, or set metadata.namespace'
  )
}

/** A file read beside the files given (a pre-commit batch), as messages name it: what it is and how to include it. */
export function besideFile(file: SourceFile): string {
  return `${file.shown}, beside the files given but not among them (read, never written: pass ${file.shown} too, or its directory)`
}

/**
 * `name`, `name.namespace` or `name.namespace.svc[.domain]`, read as the name before the first
 * dot (with --linkerd a dotted one is left before this: linkerd-smi never resolved it, linkerd.ts
 * `linkerdSmiHost`): a route may only point at Services of its own namespace (a Service parent in
 * another namespace makes a consumer route, with another meaning).
 */
export function serviceName(
  raw: string | undefined,
  namespace: string | undefined,
): { name: string } | { problem: string; code: Problem['code'] } | undefined {
  if (raw === undefined || raw === '') return undefined
  const [name, ns, svc] = raw.split('.') as [string, string | undefined, string | undefined]
  if (svc !== undefined && svc !== 'svc') return { code: 'cross-namespace', problem: `service ${raw} is not a Service name` }
  const bad = labelProblem(name)
  if (bad) return { code: 'invalid-name', problem: `service ${JSON.stringify(raw)} ${bad}` }
  if (ns !== undefined && ns !== namespace) {
    return {
      code: 'cross-namespace',
      problem: `service ${raw} is in namespace ${ns}, not the TrafficSplit's (${namespace ?? 'none set'}): a route for it belongs in that namespace; move the split there first`,
    }
  }
  return { name }
}

/** Whether the part of a `service` before its first dot is a Service name (else `invalid-name` refuses it). */
export function namesService(raw: string): boolean {
  return DNS_LABEL.test(raw.split('.')[0]!)
}

/** A Service name (a DNS-1123 label: what the route's parentRef or backendRef names). */
const DNS_LABEL = /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/
/** An object name (a DNS-1123 subdomain: the route's metadata.name). */
const DNS_SUBDOMAIN = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*$/

function labelProblem(name: string): string | undefined {
  if (name === '') return 'names no Service: its name part is empty'
  if (!DNS_LABEL.test(name))
    return `names ${name}, which is not a Service name (a DNS-1123 label: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit)`
  return undefined
}

/** Why `name` cannot be a route's metadata.name, if it cannot. */
export function routeNameProblem(name: string): string | undefined {
  if (name.length > 253) return `the route name ${name} is longer than 253 characters`
  if (!DNS_SUBDOMAIN.test(name))
    return `the route name ${JSON.stringify(name)} is not an object name (a DNS-1123 subdomain: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit)`
  return undefined
}

export function serviceProblem(
  s: ServiceFact,
  name: string,
  role: 'root' | 'backend',
): { code: Problem['code']; message: string } | undefined {
  if (s.type === 'ExternalName')
    return {
      code: 'externalname',
      message: `Service ${name} is an ExternalName Service, which Gateway API meshes do not accept as a ${role === 'root' ? 'parent' : 'backend'}`,
    }
  if (role === 'root' && s.clusterIP === 'None') {
    return {
      code: 'headless-root',
      message: `Service ${name} is headless (clusterIP: None): a mesh applies routes to a Service's cluster IP, so a headless parent gets none`,
    }
  }
  return undefined
}

/** The root Service is in the input in another namespace than the split's: where, and what to do. */
export function elsewhere(name: string, other: { namespace: string; file?: SourceFile }, namespace: string | undefined): string {
  const from = other.file ? ` (${other.file.shown})` : ''
  if (other.namespace.startsWith('{{'))
    return (
      `Service ${name} is in the input in namespace ${other.namespace}${from}, a Helm action filled at install: ` +
      'convert the rendered chart (helm template --namespace <namespace>), or pass --port'
    )
  const is = other.namespace === '' ? 'without a namespace' : `in namespace ${other.namespace}`
  const fix =
    other.namespace === ''
      ? `set metadata.namespace: ${namespace ?? ''} on the Service, or take it off the TrafficSplit`
      : namespace === undefined
        ? `set metadata.namespace: ${other.namespace} on the TrafficSplit (or take it off the Service)`
        : `move the TrafficSplit to namespace ${other.namespace} if the Service is the one it splits`
  return `Service ${name} is in the input ${is}${from}, and a namespace matches only the same namespace (none only none): ${fix}, or pass --port`
}

/** GEP-1426: on one Service port, routes of the first kind present apply, in this order. */
const PRECEDENCE = ['GRPCRoute', 'HTTPRoute', 'TLSRoute', 'TCPRoute']

/** What a route already attached to the split's Service port does with the new one. */
export function sharedPort(other: Sourced<RouteFact>, kind: string, root: string, port: number): string {
  const { fact, file } = other
  const it = `${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ''} already attaches to Service ${root} port ${port}`
  if (fact.kind === kind && fact.matchless)
    return (
      `${it}: Gateway API merges the rules of both routes, and its rule without matches ties with this split's, ` +
      'which the older route wins (so the split may never apply): fold its rules into the new route, or delete it'
    )
  if (fact.kind === kind)
    return (
      `${it}: Gateway API merges the rules of both routes, and the requests its matches take never reach this ` +
      "split's rule (which has none): check that this is meant, or fold its rules into the new route"
    )
  const mine = PRECEDENCE.indexOf(kind)
  const theirs = PRECEDENCE.indexOf(fact.kind)
  if (theirs === -1) return `${it}: check how your mesh orders ${a(fact.kind)} and ${a(kind)} on one port`
  return theirs < mine
    ? `${it}: ${a(fact.kind)} takes precedence over ${a(kind)} on one port (GEP-1426), so the new route does not apply while it is there`
    : `${it}: the new ${kind} takes precedence over ${a(fact.kind)} on one port (GEP-1426), so that route stops applying`
}

function a(kind: string): string {
  return `${kind.startsWith('HTTP') ? 'an' : 'a'} ${kind}`
}

/** The kustomize patches that change a root Service's ports: the base's ports are not what each overlay applies. */
export function patchedPorts(root: string, patches: ReadonlyArray<Sourced<{ by: string }>>): string {
  const named = patches.map((p) => `${p.file?.shown ?? 'a patch'} (listed in ${p.fact.by})`).join(' and ')
  return (
    `the ports of Service ${root} are changed by the kustomize patch ${named}, so each overlay may render other ports than its base: ` +
    'convert the rendered overlays (kubectl kustomize DIR | smi-migrate --to gateway), or pass --port'
  )
}
