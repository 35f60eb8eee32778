/**
 * The literal label pairs that reach a document before a patch applies to it (labels.ts).
 * Kustomize applies a kustomization's `commonLabels` and `labels` to what it takes in after its
 * own `patches`, and its components' before them: for a patch of kustomization K, on each path
 * of references from K down to a kustomization that takes the document in, the pairs of the
 * kustomizations below K apply, bottom up (each one's components first), then those of K's
 * components (and K's own pairs last for a `patchesJson6902` entry, which kubectl applies after
 * them). A sibling overlay's labels never reach another path's copy. A patch of a component
 * (it applies wherever the component is listed), a document a component takes in, one no path
 * reaches, or past PATH_LIMIT paths: every pair of the tree may or may not apply. What may
 * change labels in ways not read here (patches.ts) is followed the same way: only a changer of
 * a kustomization whose labels reach the document (or of K itself) leaves the selector unknown.
 */
import type { Changer, Pair, SelectEnv } from './labels.js'
import type { NameMatch } from './select.js'
import type { Trees } from './walk.js'
import { resourcesOf } from './chains.js'

/** More paths than this from one patch to one document: their pairs are taken as each may or may not apply. */
const PATH_LIMIT = 200
/** More kustomizations visited than this on the way: the same. */
const STEP_LIMIT = 20_000

/**
 * The pairs that reach a document of `owners` before a patch of `by` applies, by kustomization's
 * `labelPairs`; and `changers`, those (`labelChangers`) of the kustomizations on the way (`by`
 * itself included, whatever the order of its fields), in order: a document's `opaque` is the
 * first of them that may select it by name (opaqueFor).
 */
export function labelsBefore(
  trees: Trees,
  {
    labelPairs: pairs,
    labelChangers: changers,
  }: { labelPairs: ReadonlyMap<string, readonly Pair[]>; labelChangers: ReadonlyMap<string, readonly Changer[]> },
  { by, late }: { by: string; late: boolean },
  owners: Iterable<string> | undefined,
): Pick<SelectEnv, 'pairs'> & { changers: readonly Changer[] } {
  const maybe = { pairs: { maybe: [...pairs.values()].flat() }, changers: [...changers.values()].flat() }
  if (pairs.size === 0 && maybe.changers.length === 0) return { pairs: { paths: [[]] }, changers: [] }
  const listed = (k: string) => [...trees.components.values()].some((cs) => cs.includes(k))
  const ends = new Set(owners ?? [])
  // A component's patches, or a document a component takes in: not followed per path.
  if (ends.size === 0 || listed(by) || [...ends].some(listed)) return maybe
  const comps = (k: string, seen = new Set<string>()): string[] =>
    (trees.components.get(k) ?? []).flatMap((c) => (seen.has(c) ? [] : [...comps(c, new Set(seen).add(c)), c]))
  const paths: Pair[][] = []
  // The kustomizations whose labels apply before the patch on some path.
  const before = new Set<string>([by, ...comps(by)])
  const onPath: string[] = []
  let steps = 0
  const visit = (k: string): boolean => {
    if (++steps > STEP_LIMIT) return false
    if (onPath.includes(k)) return true
    onPath.push(k)
    if (ends.has(k)) {
      // Bottom up: each kustomization's components, then its own pairs; K's components (and own pairs, when late) last.
      const below = onPath
        .slice(1)
        .reverse()
        .flatMap((m) => [...comps(m), m])
      for (const m of below) before.add(m)
      paths.push([...[...below, ...comps(by), ...(late ? [by] : [])].flatMap((m) => pairs.get(m) ?? [])])
    }
    const ok = paths.length <= PATH_LIMIT && resourcesOf(trees, k).every(visit)
    onPath.pop()
    return ok
  }
  if (!visit(by) || paths.length === 0) return maybe
  return { pairs: { paths }, changers: [...before].flatMap((m) => changers.get(m) ?? []) }
}

/** The first of `changers` that may change the labels of a document that may have `names` (`all`: any). */
export function opaqueFor(changers: readonly Changer[], names: ReadonlySet<string> | 'all' | undefined): Changer | undefined {
  return changers.find((c) => mayName(c.names, names))
}

const mayName = (match: NameMatch | undefined, names: ReadonlySet<string> | 'all' | undefined): boolean =>
  match === undefined || match === 'all' || names === undefined || names === 'all' || [...names].some((n) => match.test(n))
