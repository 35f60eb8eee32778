/**
 * `vars` entries whose `objref` may name a TrafficSplit: kustomize finds the object by its
 * apiVersion, kind and name (api/types/var.go, kustomize v5: a group other than the core one
 * must be named), so an objref that names a version the run moves stops finding it and the
 * build fails; and a `fieldref` that reads a weight copies the value the run rewrites into
 * wherever `$(VAR)` stands. Neither is followed here: the tree is held back.
 */
import { isMap, isScalar, type Node } from 'yaml'
import { VERSIONS } from '../model.js'
import { maySelectTrafficSplit } from './select.js'

/** Why one `vars` entry cannot be followed, or undefined when it may not read a TrafficSplit. */
export function varHazard(node: Node | undefined, weightPath: (fieldPath: string) => boolean): string | undefined {
  if (!isMap(node)) return undefined
  const objref = node.get('objref', true)
  if (!isMap(objref)) return 'its objref cannot be read'
  const str = (m: unknown, k: string) => {
    const v = isMap(m) ? m.get(k, true) : undefined
    return isScalar(v) && v.value !== null && String(v.value) !== '' ? String(v.value) : undefined
  }
  const apiVersion = str(objref, 'apiVersion')
  const [group, version] = apiVersion?.includes('/') ? apiVersion.split('/', 2) : [undefined, apiVersion]
  if (!maySelectTrafficSplit({ group, kind: str(objref, 'kind') })) return undefined
  if (version !== undefined && (VERSIONS as readonly string[]).includes(version))
    return `its objref names TrafficSplits by apiVersion ${apiVersion}, which the run moves`
  const fieldref = node.get('fieldref', true)
  const path = fieldref === undefined ? 'metadata.name' : str(fieldref, 'fieldpath')
  if (path === undefined || weightPath(path)) return 'its fieldref may read a TrafficSplit weight, which the run rewrites'
  return undefined
}
