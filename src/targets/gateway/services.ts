/**
 * Which Service a split names, and whether a route may use it: a name as SMI adaptors
 * write it, and the Services routes refuse. Objects found twice are reported here too.
 */
import type { Problem } from '../../model.js'
import type { ServiceFact, SourceFile } from './model.js'

/** Two objects of one name, neither nearer the split than the other. */
export function ambiguity(what: string, files: readonly SourceFile[]): string {
  return (
    `${what} is defined differently in ${files.map((f) => f.shown).join(' and ')}, and which one is applied with this ` +
    'split cannot be told (its own file comes first, then its directory): convert each directory in a run of its own, or set metadata.namespace'
  )
}

/**
 * `name`, `name.namespace` or `name.namespace.svc[.domain]` (the SMI adaptors accept a
 * host): a route may only point at Services of its own namespace (a Service parent in
 * another namespace makes a consumer route, with another meaning).
 */
export function serviceName(raw: string | undefined, namespace: string | undefined): { name: string } | { problem: string } | undefined {
  if (raw === undefined || raw === '') return undefined
  const [name, ns, svc] = raw.split('.')
  if (ns === undefined) return { name: name! }
  if (svc !== undefined && svc !== 'svc') return { problem: `service ${raw} is not a Service name` }
  if (ns !== namespace) {
    return {
      problem: `service ${raw} is in namespace ${ns}, not the TrafficSplit's (${namespace ?? 'none set'}): a route for it belongs in that namespace; move the split there first`,
    }
  }
  return { name: name! }
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
