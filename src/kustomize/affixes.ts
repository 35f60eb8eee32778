/**
 * The names an object may have across a tree: its own, then with each `namePrefix`/`nameSuffix`
 * of the kustomizations and components it passes through on its way up. Patch targets are
 * matched against all of them, since a target in an overlay names the object as the overlay
 * sees it.
 */
import type { Trees } from './walk.js'

/** More names than this for one object (long component chains): the object matches every target. */
const NAME_LIMIT = 4096

type Affix = { p: string; s: string }

/**
 * A function giving the names an object called `name` may have, taken in by the kustomizations
 * `from`. An object that passes through a kustomization (or one of its components) whose
 * `replacements` may rename it (`renames`) may have any name above it: 'all'.
 */
export function nameResolver(
  trees: Trees,
  renames: (k: string) => boolean = () => false,
): (name: string, from: Iterable<string>) => Set<string> | 'all' {
  const memo = new Map<string, Affix[]>()
  const renaming = new Map<string, boolean>()
  const mayRename = (k: string, seen = new Set<string>()): boolean => {
    const known = renaming.get(k)
    if (known !== undefined) return known
    if (seen.has(k)) return false
    seen.add(k)
    const out = renames(k) || (trees.components.get(k) ?? []).some((c) => mayRename(c, seen))
    renaming.set(k, out)
    return out
  }
  // A component's affixes apply before its kustomization's own.
  const affixes = (k: string, seen = new Set<string>()): Affix[] => {
    const known = memo.get(k)
    if (known) return known
    if (seen.has(k)) return []
    seen.add(k)
    const kz = trees.kustomizations.get(k)
    const own = kz && (kz.namePrefix || kz.nameSuffix) ? [{ p: kz.namePrefix, s: kz.nameSuffix }] : []
    const list = [...(trees.components.get(k) ?? []).flatMap((c) => affixes(c, seen)), ...own]
    memo.set(k, list)
    return list
  }
  return (name, from) => {
    const out = new Set([name])
    const seen = new Set<string>()
    const todo: [string, string][] = [...from].map((k) => [k, name])
    for (let next = todo.pop(); next; next = todo.pop()) {
      const [k, x] = next
      const key = `${k}\0${x}`
      if (seen.has(key)) continue
      seen.add(key)
      if (mayRename(k)) return 'all'
      // Any of the affixes may apply (a component's own resources miss the earlier ones): all subsequences.
      const list = affixes(k)
      if (list.length > 10) return 'all'
      let here = [x]
      for (const a of list) here = [...here, ...here.map((y) => a.p + y + a.s)]
      for (const y of here) {
        out.add(y)
        for (const p of trees.parents.get(k) ?? []) todo.push([p, y])
      }
      if (out.size > NAME_LIMIT) return 'all'
    }
    return out
  }
}
