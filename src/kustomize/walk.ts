/**
 * The union of trees: every kustomization reachable from the run's, read once, joined with
 * the files and kustomizations it references. A base and its overlays end in one set, so an
 * overlay outside the run still sets the factor of a base inside it.
 */
import { dirname, join, sep } from 'node:path'
import { type Kustomization, KUSTOMIZATION_NAMES, readKustomization } from './kustomization.js'
import { unreadKustomization } from './unread.js'
import type { TreeFiles } from './types.js'
import { UnionFind } from './union.js'

export interface Trees {
  kustomizations: Map<string, Kustomization>
  /** The files of one tree share a set. */
  sets: UnionFind
  /** Who references a file (resource or patch): the kustomizations whose names it takes. */
  owners: Map<string, Set<string>>
  /** A kustomization's parents (resources, bases, components). */
  parents: Map<string, Set<string>>
  /** A kustomization's components, in order: their affixes apply before its own. */
  components: Map<string, string[]>
  /** The kustomizations a kustomization takes in, once per reference: one listed twice applies twice (sums.ts). */
  takes: Map<string, string[]>
}

const link = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => m.set(k, (m.get(k) ?? new Set()).add(v))

/**
 * Follows `kustomizations` along their references on disk, breadth first. A kustomization whose
 * references cannot be read at all (unread.ts, read by its tokens) may also name the
 * kustomizations and files of the run (`focus`) under its directory: they join its tree.
 */
export function walkTrees(kustomizations: readonly string[], files: TreeFiles, focus: Iterable<string> = []): Trees {
  const { read, isFile: exists, real } = files
  const trees: Trees = {
    kustomizations: new Map(),
    sets: new UnionFind(),
    owners: new Map(),
    parents: new Map(),
    components: new Map(),
    takes: new Map(),
  }
  const { sets } = trees
  // Every file is known by its real path: the same file reached through a symlink is one file.
  const queue = kustomizations.map(real)
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (trees.kustomizations.has(file)) continue
    const text = read(file)
    // One the parser cannot read is kept, to hold its tree back (unread.ts).
    const k = text === undefined ? undefined : (unreadKustomization(file, text) ?? readKustomization(file, text))
    if (!k) continue
    trees.kustomizations.set(file, k)
    sets.add(file)
    const fields = new Map(k.children.map((c) => [c.path, c.field]))
    for (const ref of k.references) {
      if (exists(ref)) {
        sets.union(file, real(ref))
        link(trees.owners, real(ref), file)
      }
      const nested = [...KUSTOMIZATION_NAMES].map((name) => join(ref, name)).find(exists)
      if (nested === undefined) continue
      const child = real(nested)
      sets.union(file, child)
      link(trees.parents, child, file)
      trees.takes.set(file, [...(trees.takes.get(file) ?? []), child])
      if (fields.get(ref) === 'components') trees.components.set(file, [...(trees.components.get(file) ?? []), child])
      queue.push(child)
    }
  }
  // One read only by its tokens may also name what lies under its directory.
  for (const blind of [...trees.kustomizations.values()].filter((k) => k.unread?.near)) {
    const dir = dirname(blind.file) + sep
    for (const other of [...trees.kustomizations.keys(), ...focus]) {
      if (!other.startsWith(dir)) continue
      sets.add(other)
      sets.union(blind.file, other)
    }
  }
  return trees
}
