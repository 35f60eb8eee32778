/**
 * The copies of a base's objects a kustomization renders, as the kustomizations whose patches
 * apply to each. Kustomize renders one copy of a resource per path of references from the
 * rendering kustomization down to the one that takes the resource in (two copies with one id
 * are a build error, so the paths differ by namespace or name), and a kustomization's patches
 * apply only to what it takes in: on one copy, only the patches of the kustomizations on its
 * path count, with the components each of them lists (a component listed at two levels of a
 * path applies twice). An aggregating kustomization over two region overlays of one base
 * renders two objects, each with one overlay's patches.
 */
import type { Trees } from './walk.js'

/** How many times each kustomization (or component) applies its patches to one copy. */
export type Applies = Map<string, number>

/** More path prefixes than this from one kustomization: its copies are not told apart (one count over every path). */
const PATH_LIMIT = 2000

/**
 * For each kustomization, one Applies per path prefix from it (each copy an object on that
 * path may have), or, past PATH_LIMIT, the single over-approximation of every path at once:
 * each kustomization below it counted once per path that reaches it.
 */
export function copiesOf(trees: Trees): Map<string, Applies[]> {
  const comps = componentCounts(trees)
  const out = new Map<string, Applies[]>()
  for (const k of trees.kustomizations.keys()) out.set(k, pathsFrom(trees, comps, k) ?? [pathCounts(trees, k)])
  return out
}

/** The components a kustomization lists, at any depth of components listing components, each with how often it applies. */
function componentCounts(trees: Trees): (k: string) => Applies {
  const memo = new Map<string, Applies>()
  const visiting = new Set<string>()
  const of = (k: string): Applies => {
    const known = memo.get(k)
    if (known) return known
    const out: Applies = new Map()
    // A cycle kustomize refuses to build: not followed twice.
    if (visiting.has(k)) return out
    visiting.add(k)
    for (const c of trees.components.get(k) ?? []) add(add(out, new Map([[c, 1]])), of(c))
    visiting.delete(k)
    memo.set(k, out)
    return out
  }
  return of
}

function add(into: Applies, more: Applies): Applies {
  for (const [k, n] of more) into.set(k, (into.get(k) ?? 0) + n)
  return into
}

/** The resources and bases a kustomization takes in (its references that are not components), once per reference. */
export function resourcesOf(trees: Trees, k: string): string[] {
  const left = [...(trees.components.get(k) ?? [])]
  return (trees.takes.get(k) ?? []).filter((c) => {
    const i = left.indexOf(c)
    if (i < 0) return true
    left.splice(i, 1)
    return false
  })
}

/** One Applies per path prefix from `root`; undefined past PATH_LIMIT. */
function pathsFrom(trees: Trees, comps: (k: string) => Applies, root: string): Applies[] | undefined {
  const out: Applies[] = []
  const onPath = new Set<string>()
  // `k` is reached with `applies` counted so far; its components are already in it.
  const visit = (k: string, applies: Applies): boolean => {
    if (onPath.has(k)) return true
    if (out.push(applies) > PATH_LIMIT) return false
    onPath.add(k)
    let ok = true
    for (const child of resourcesOf(trees, k)) {
      if (!ok) break
      ok = visit(child, add(add(new Map(applies), new Map([[child, 1]])), comps(child)))
    }
    // A component's own resources and bases: the component is counted already.
    for (const c of trees.components.get(k) ?? []) {
      if (!ok) break
      ok = visit(c, applies)
    }
    onPath.delete(k)
    return ok
  }
  return visit(root, add(new Map([[root, 1]]), comps(root))) ? out : undefined
}

/** Every kustomization `root` takes in at any depth, itself included, with the number of paths it is reached by. */
function pathCounts(trees: Trees, root: string): Applies {
  const memo = new Map<string, Applies>()
  const visiting = new Set<string>()
  const count = (k: string): Applies => {
    const known = memo.get(k)
    if (known) return known
    const out: Applies = new Map([[k, 1]])
    if (visiting.has(k)) return out
    visiting.add(k)
    for (const child of trees.takes.get(k) ?? []) add(out, count(child))
    visiting.delete(k)
    memo.set(k, out)
    return out
  }
  return count(root)
}
