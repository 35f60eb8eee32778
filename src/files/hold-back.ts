/**
 * The hold-back pass: files converted together are written together or not at all, in every
 * mode, before anything is written.
 *
 * - the write boundary (outside.ts): a change beyond it is left unchanged, with its tree;
 * - a kustomize tree is written whole or not at all: when any of its files has an error or a
 *   pending warning (something left for a person: converting the rest would change the
 *   ratios kustomize renders), would be written beyond the boundary, or (when writing)
 *   cannot be written, its other changed files are left unchanged with a warning;
 * - a chart template and the values.yaml its weights render from go together (helm/values.ts).
 */
import { realOrSelf } from '../paths.js'
import type { WriteBoundary } from './boundary.js'
import { holdBackOutside, type TreesView } from './outside.js'
import { type FileResult, ioError, leftUnchanged, withFindings } from './result.js'
import type { Trees } from './trees.js'
import type { ValuesFile } from './helm/values.js'
import { checkWritable } from './write.js'

export interface HoldBack {
  /** What the run may write: a change beyond it is held back, with its whole tree. */
  boundary?: WriteBoundary | undefined
  /** --write: every changed file of a tree is checked writable before any is written. */
  writing?: boolean | undefined
}

export function holdBack(
  ordered: readonly FileResult[],
  trees: Trees | undefined,
  values: ReadonlyMap<string, ValuesFile>,
  o: HoldBack,
): FileResult[] {
  const treeOf = (r: FileResult) => trees?.plan.tree.get(trees.keyOf.get(r.file) ?? r.file)
  let results = [...ordered]
  let failed = new Set<number>()
  if (o.boundary) ({ results, failed } = holdBackOutside(results, o.boundary, trees && treesView(trees, results, treeOf)))
  if (trees) results = holdBackTrees(results, treeOf, failed, o.writing ? o.boundary : undefined)
  return holdBackPairs(results, values)
}

/** The run's trees as outside.ts looks them up: a realpath per file, taken only when there are trees. */
function treesView(trees: Trees, results: readonly FileResult[], treeOf: (r: FileResult) => number | undefined): TreesView {
  const byKey = new Map(results.map((r) => [trees.keyOf.get(r.file) ?? realOrSelf(r.file), r]))
  return { treeOf, tree: trees.plan.tree, kustomizations: trees.plan.kustomizations, resultOf: (key: string) => byKey.get(key) }
}

/** A tree with a failed file (`failed`, the boundary's, and those found here) is written nowhere. */
function holdBackTrees(
  results: readonly FileResult[],
  treeOf: (r: FileResult) => number | undefined,
  failedBefore: ReadonlySet<number>,
  writing: WriteBoundary | undefined,
): FileResult[] {
  const failed = new Set(failedBefore)
  const checked = results.map((r) => {
    const tree = treeOf(r)
    if (tree === undefined) return r
    if (r.findings.some((f) => f.severity === 'error' || f.pending)) failed.add(tree)
    else if (writing && r.changed) {
      try {
        checkWritable(r.file, { boundary: writing, unchanged: r.input })
      } catch (err) {
        failed.add(tree)
        return { ...withFindings(r, [ioError(r.shown, err)]), changed: false }
      }
    }
    return r
  })
  return checked.map((r) => {
    const tree = treeOf(r)
    if (tree === undefined || !failed.has(tree) || !r.changed) return r
    // Not pending itself: its cause (an error, or a pending refusal) already sets the exit code.
    return leftUnchanged(
      r,
      'left unchanged: another file of its kustomize tree has errors, is left for a person, cannot be written or is outside the paths being processed, and a tree is converted whole or not at all',
      false,
    )
  })
}

/**
 * A template and the values.yaml it writes go together: when either is not written (an
 * error, the write boundary, a kustomize tree held back), neither is, with a warning.
 */
function holdBackPairs(results: FileResult[], values: ReadonlyMap<string, ValuesFile>): FileResult[] {
  // A realpath per file only when there is a pair to look for (a tree of 20,000 files has none).
  if (values.size === 0) return results
  const indexOf = new Map(results.map((r, i) => [realOrSelf(r.file), i]))
  const out = [...results]
  for (const v of values.values()) {
    const at = (files: readonly string[]) => files.map((f) => indexOf.get(realOrSelf(f))).filter((i): i is number => i !== undefined)
    const members = at([v.file, ...v.templates])
    const errs = (i: number) => out[i]!.findings.some((f) => f.severity === 'error')
    // A template repaired through its values alone is not changed itself; an error in it holds the values back.
    const failed = members.some((i) => !out[i]!.changed || errs(i)) || at(v.repairs).some(errs)
    if (!failed) continue
    for (const i of members) {
      if (out[i]!.changed)
        out[i] = leftUnchanged(
          out[i]!,
          'left unchanged: a chart template and the values.yaml its weights render from are converted together, and the other one has errors, cannot be written or is outside the paths being processed',
          true,
        )
    }
  }
  return out
}
