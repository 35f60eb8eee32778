import type { ObjectRef } from '../model.js'

/** `TrafficSplit prod/web`, or just the kind for an unnamed object. */
export function describeObject({ kind, namespace, name }: ObjectRef): string {
  if (name === undefined) return kind
  return `${kind} ${namespace ? `${namespace}/` : ''}${name}`
}
