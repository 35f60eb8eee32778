/**
 * The write boundary (boundary.ts) applied to a run's converted files, in every mode and
 * before anything is written: a file that would change beyond it is left unchanged, with a
 * warning that leaves it for a person (the run exits 1). When it belongs to a kustomize tree,
 * the whole tree is held back (hold-back.ts leaves its other files unchanged), and the warning
 * is at the entry of the kustomization inside the boundary that reaches out: `resources:`,
 * `bases:`, `components:` or a patch file, naming the files beyond it and how to include them.
 */
import { lstatSync } from 'node:fs'
import { dirname, relative, sep } from 'node:path'
import type { Diagnostic, Finding } from '../model.js'
import type { Kustomization } from '../kustomize/kustomization.js'
import { locateFindings } from '../pipeline/segment.js'
import { isInside, realOrSelf } from '../paths.js'
import { beyondMessage, type WriteBoundary } from './boundary.js'
import { type FileResult, withFindings } from './result.js'

/** The kustomize trees of the run, as the tree pass planned them. */
export interface TreesView {
  /** A file's tree, or undefined. */
  treeOf(r: FileResult): number | undefined
  /** The tree of each kustomization, by real path. */
  tree: ReadonlyMap<string, number>
  kustomizations: ReadonlyMap<string, Kustomization>
  /** The result of the file whose real path is `key`. */
  resultOf(key: string): FileResult | undefined
}

/** An entry of a kustomization that names a file or directory. */
interface Entry {
  field: string
  path: string
  offset: number
}

/**
 * Leaves every change beyond `boundary` unwritten: returns the results with those left
 * unchanged and the warnings said, and the trees that must be held back.
 */
export function holdBackOutside(
  results: readonly FileResult[],
  boundary: WriteBoundary,
  trees?: TreesView,
): { results: FileResult[]; failed: Set<number> } {
  const byTree = new Map<number, FileResult[]>()
  const said = new Map<FileResult, Finding[]>()
  const say = (r: FileResult, f: Finding) => said.set(r, [...(said.get(r) ?? []), f])
  const beyond = new Set<FileResult>()
  for (const r of results) {
    if (!r.changed || boundary.allows(r.file)) continue
    beyond.add(r)
    const tree = trees?.treeOf(r)
    if (tree === undefined) say(r, loneFinding(r, boundary))
    else byTree.set(tree, [...(byTree.get(tree) ?? []), r])
  }
  for (const [tree, outside] of byTree) refuseTree(tree, outside, boundary, trees!, say)
  if (said.size === 0 && beyond.size === 0) return { results: [...results], failed: new Set() }
  const out = results.map((r) => {
    const held = beyond.has(r) ? { ...r, changed: false, output: r.input } : r
    return withFindings(held, said.get(r) ?? [])
  })
  return { results: out, failed: new Set(byTree.keys()) }
}

/** A file beyond the boundary that is no part of a tree (a symlink, a match of a glob through `..`). */
function loneFinding(r: FileResult, boundary: WriteBoundary): Finding {
  const real = realOrSelf(r.file)
  const what = isSymlink(r.file)
    ? `cannot process ${r.shown}: it is a symlink to ${real},`
    : `cannot process ${r.shown}: it is${real === r.file ? '' : ` ${real},`}`
  const include = isSymlink(r.file) ? undefined : `pass ${boundary.name(real)} to convert it`
  return { ...warning(0, beyondMessage(what, { include })), path: r.shown, line: 0, column: 0 }
}

/**
 * Says where the tree reaches out: at each entry of a kustomization inside the boundary that
 * names a file or directory beyond it. A tree with no such entry (all of it beyond, reached by
 * a glob through `..`) gets the warning on each of its files beyond the boundary.
 */
function refuseTree(
  tree: number,
  outside: FileResult[],
  boundary: WriteBoundary,
  trees: TreesView,
  say: (r: FileResult, f: Finding) => void,
): void {
  const crossings: Array<{ k: Kustomization; entry: Entry; files: FileResult[] }> = []
  for (const [key, k] of trees.kustomizations) {
    if (trees.tree.get(key) !== tree || !boundary.allows(key) || !trees.resultOf(key)) continue
    for (const entry of entries(k)) {
      const target = realOrSelf(entry.path)
      if (boundary.allows(target)) continue
      crossings.push({ k, entry, files: outside.filter((r) => isInside(realOrSelf(r.file), target)) })
    }
  }
  const covered = new Set(crossings.flatMap((c) => c.files))
  const uncovered = outside.filter((r) => !covered.has(r))
  if (crossings.length === 0) {
    for (const r of outside) say(r, loneFinding(r, boundary))
    return
  }
  crossings[0]!.files.push(...uncovered)
  for (const { k, entry, files } of crossings) {
    if (files.length === 0) continue
    const result = trees.resultOf(k.file)!
    const names = files.map((r) => boundary.name(r.file))
    const named = relative(dirname(k.file), entry.path).split(sep).join('/') || '.'
    const message = beyondMessage(`${entry.field} entry ${named} reaches ${names.join(', ')},`, {
      notWritten: 'its kustomize tree is not written',
      include: `pass ${names.length > 1 ? 'their paths' : 'its path'} to convert ${names.length > 1 ? 'them' : 'it'}, or a directory that holds both`,
    })
    for (const f of locateFindings([warning(entry.offset, message)], k.text, 1, result.shown)) say(result, f)
  }
}

/** The files and directories a kustomization names, each with where it names it. */
function entries(k: Kustomization): Entry[] {
  const out: Entry[] = k.children.map((c) => ({ field: c.field, path: c.path, offset: c.offset }))
  for (const p of k.patches) if (p.file !== undefined) out.push({ field: p.field, path: p.file, offset: p.offset })
  return out
}

function warning(offset: number, message: string): Diagnostic {
  return { severity: 'warning', code: 'write-boundary', offset, message, pending: true }
}

function isSymlink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink()
  } catch {
    return false
  }
}
