/**
 * Checks across documents and files: an object that needs another at a version it does not
 * have (a v1alpha4 TrafficSplit whose matches name a v1alpha3 HTTPRouteGroup). Warned at the
 * object that needs it; an object not in the input is not checked (it may be in the cluster).
 */
import type { Finding, Located, ObjectFact } from '../model.js'

export function linkFindings(objects: readonly (ObjectFact & Located)[]): Finding[] {
  const needed = objects.filter((o) => o.needs?.length)
  if (needed.length === 0) return []
  const byKey = new Map<string, Array<ObjectFact & Located>>()
  for (const o of objects) {
    const key = `${o.kind}/${o.namespace ?? ''}/${o.name}`
    const list = byKey.get(key)
    if (list) list.push(o)
    else byKey.set(key, [o])
  }
  const out: Finding[] = []
  for (const o of needed) {
    for (const need of o.needs!) {
      for (const other of byKey.get(`${need.kind}/${o.namespace ?? ''}/${need.name}`) ?? []) {
        if (need.versions.includes(other.version)) continue
        const where = ` (${other.path}:${other.line})`
        out.push({
          severity: 'warning',
          code: 'incompatible-versions',
          offset: o.offset,
          path: o.path,
          line: o.line,
          column: o.column,
          object: { kind: o.kind, name: o.name, ...(o.namespace !== undefined ? { namespace: o.namespace } : {}) },
          message:
            `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name} is ${o.version} and matches ${need.kind} ${need.name}, ` +
            `which is ${other.version}${where}: the SMI spec pairs ${o.version} ${o.kind}s with ${need.versions.join(' or ')} ${need.kind}s ` +
            '(convert both to one version, e.g. --to and --specs-to alike)',
        })
      }
    }
  }
  return out
}
