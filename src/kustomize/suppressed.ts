/**
 * Suppressed TrafficSplits in a kustomize tree (docs/suppressions.md#kustomize). A tree
 * whose patches write TrafficSplits converts whole or not at all, so a suppression there is
 * either about the whole tree or refused:
 *
 * - every TrafficSplit document of the tree (bases and patches) is suppressed: the tree is
 *   left as it is, its kustomization targets and JSON 6902 values included (`quiet`);
 * - some are and some are not: converting the others would move patches away from the
 *   objects they patch (or leave them behind), so the tree is held back with a pending
 *   warning at each kustomization's patches that says which object is suppressed where.
 *
 * A tree without such patches needs nothing here: its objects convert one by one. Unless
 * kustomize adds the annotation (added.ts): then the tree is held back, whatever its patches,
 * unless every TrafficSplit of it is suppressed in its own source.
 */
import { dirname, relative } from 'node:path'
import type { Planner, TreeState } from './context.js'
import { refuser } from './context.js'
import { IGNORE_ANNOTATION } from '../yaml/suppress.js'

/** Checks one tree (`root` names it); true when the whole tree is suppressed. */
export function checkSuppressed(pl: Planner, root: string, state: TreeState): boolean {
  const refuse = refuser(pl.plan)
  // Every TrafficSplit suppressed in its own source: what kustomize adds changes nothing.
  const whole = state.suppressed.length > 0 && state.kept === 0
  // A patch that takes the annotation away renders a suppressed source unmarked, at its old version:
  // the tree has something to convert after all, and it cannot be converted here.
  if (state.removed.length && state.suppressed.length) {
    state.involved = true
    for (const r of state.removed)
      refuse(
        r.file,
        r.offset,
        `${r.what} removes ${IGNORE_ANNOTATION} from TrafficSplits whose sources carry it: kubectl kustomize renders them ` +
          'unmarked at their old version; convert the tree by hand, or remove the suppression from the sources',
      )
    return false
  }
  if (state.added.length && !whole) {
    for (const a of state.added)
      refuse(
        a.file,
        a.offset,
        `${a.what} adds ${IGNORE_ANNOTATION} to the TrafficSplits it renders, which their sources do not carry: converting ` +
          'the sources would convert objects marked to be left alone; write the annotation on every TrafficSplit of the tree ' +
          'itself, or remove it (--no-ignore converts them all)',
      )
    return false
  }
  if (!state.patched || state.suppressed.length === 0) return false
  if (whole) return true
  const first = state.suppressed[0]!
  for (const [file, k] of pl.plan.kustomizations) {
    if (pl.trees.sets.find(file) !== root || k.patches.length === 0) continue
    const where = `${relative(dirname(file), first.file) || first.file}:${first.line}`
    const more = state.suppressed.length > 1 ? ` (and ${state.suppressed.length - 1} more)` : ''
    refuse(
      file,
      k.patches[0]!.offset,
      `TrafficSplit ${first.name} (${where})${more} is suppressed, and this tree's patches write TrafficSplits: ` +
        'converting the rest would leave patches and the objects they patch at different versions; suppress every TrafficSplit ' +
        'of the tree and its patches, or none (--no-ignore converts them all)',
    )
  }
  return false
}
