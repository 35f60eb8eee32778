/**
 * Patch entries that share YAML nodes: an entry written as an alias (`- *p`), one that merges
 * another by a merge key (`- <<: *p` with its own `target`), and an inline patch text reused by
 * an alias (`patch: *txt`). kustomize reads its kustomization with go-yaml, which resolves both
 * (YAML 1.1 merge keys: sigs.k8s.io/yaml over gopkg.in/yaml, as `kubectl kustomize` shows), so
 * one text may patch several targets under one entry's name. The planner reads each entry as
 * it is written and edits each text once: such a kustomization is left for a person.
 */
import { isAlias, isMap, isScalar, isSeq, type YAMLMap } from 'yaml'

export interface Unfollowed {
  offset: number
  message: string
}

/** The first patch entry of a kustomization that shares a node with another, and why it is not followed. */
export function sharedPatchNode(root: YAMLMap): Unfollowed | undefined {
  for (const field of ['patches', 'patchesJson6902', 'patchesStrategicMerge'] as const) {
    const list = root.get(field, true)
    if (!isSeq(list)) continue
    for (const item of list.items) {
      const at = (n: unknown) => (n as { range?: number[] } | null)?.range?.[0] ?? 0
      if (isAlias(item)) return { offset: at(item), message: `${field} entry *${item.source} repeats an entry by an alias` }
      if (!isMap(item)) continue
      const merge = item.items.find((p) => isScalar(p.key) && p.key.value === '<<')
      if (merge) return { offset: at(merge.key), message: `${field} entry merges another entry by a YAML merge key (<<)` }
      const patch = item.get('patch', true)
      if (isAlias(patch)) return { offset: at(patch), message: `${field} entry reuses the inline patch *${patch.source} by an alias` }
    }
  }
  return undefined
}
