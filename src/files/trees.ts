/**
 * The tree pass: the kustomize trees the kept files belong to, planned before anything is
 * converted (every document that describes the same TrafficSplit across a base and its
 * overlays gets one weight factor), and their other files pulled into the run. A run that
 * touches a tree converts the tree's other files too: pre-commit passes only some of them,
 * and each batch then writes the same bytes.
 *
 * Of the repositories' kustomizations only those whose text may name a file of those trees
 * are read (mentions.ts), and none at all, nor the planner loaded, when none may; with a
 * target, all of them (the target reads every kustomization's patch files).
 */
import { existsSync, statSync } from 'node:fs'
import type { TreeFiles, TreeOptions, TreePlan } from '../kustomize/index.js'
import { isKustomizationFile } from '../kustomize/names.js'
import { encodingFinding } from '../pipeline/encoding.js'
import { realOrSelf } from '../paths.js'
import { KustomizationMentions } from './mentions.js'
import { FileReader } from './read.js'
import { type ReadContext, type ReadSources, readSources } from './sources.js'

export type Kustomize = typeof import('../kustomize/index.js')

export interface Trees {
  kustomize: Kustomize
  plan: TreePlan
  /** Each kept file's key in the plan (its real path; a file the tree pulled in is its own key). */
  keyOf: ReadonlyMap<string, string>
  /** The files the trees pulled in, each with the shown path of the run's file that pulled it in. */
  extras: ReadonlyMap<string, string>
}

/**
 * Plans the trees of the kept files (`listing`: the repositories' kustomizations, listed by
 * git) and reads the files they pull in. Returns what was read, with those files, and the
 * trees, or no trees.
 */
export async function expandTrees(
  given: readonly string[],
  read: ReadSources,
  listing: Promise<readonly string[]> | undefined,
  opts: TreeOptions,
  ctx: ReadContext,
): Promise<{ read: ReadSources; trees: Trees | undefined }> {
  const planned = listing ? await planTrees([...read.kept.keys()], read.kept, listing, opts) : undefined
  if (!planned) return { read, trees: undefined }
  const { kustomize, plan } = planned
  const keyOf = new Map([...read.kept.keys()].map((file) => [file, realOrSelf(file)]))
  // Each touched tree, with the first file of the run that touches it.
  const touched = new Map<number, string>()
  for (const [file, key] of keyOf) {
    const tree = plan.tree.get(key)
    if (tree !== undefined && !touched.has(tree)) touched.set(tree, file)
  }
  const inRun = new Set(given.map(realOrSelf))
  const extras = new Map<string, string>()
  for (const [member, tree] of plan.tree) {
    const by = touched.get(tree)
    if (by !== undefined && !inRun.has(member)) extras.set(member, ctx.show(by))
  }
  const more = readSources(
    [...extras].map(([file, extraOf]) => ({ file, extraOf })),
    ctx,
    read,
  )
  for (const member of extras.keys()) if (more.kept.has(member)) keyOf.set(member, member)
  return { read: more, trees: { kustomize, plan, keyOf, extras } }
}

/** The trees of the kustomization files in the run and of the repositories around it. */
async function planTrees(
  candidates: readonly string[],
  kept: ReadonlyMap<string, Buffer>,
  listing: Promise<readonly string[]>,
  opts: TreeOptions,
): Promise<{ kustomize: Kustomize; plan: TreePlan } | undefined> {
  const named = candidates.filter(isKustomizationFile)
  const all = [...new Set([...named, ...(await listing)])]
  if (all.length === 0) return undefined
  const reader = new FileReader()
  const read = (file: string): string | undefined => {
    const b = kept.get(file)
    if (b) return b.toString('utf8')
    try {
      const bytes = reader.read(file)
      // A tree file that is UTF-16/32 or binary is never decoded lossily: it adds nothing.
      return encodingFinding(bytes, file) ? undefined : bytes.toString('utf8')
    } catch {
      return undefined
    }
  }
  // The planner follows a tree on disk only through these: file mode does the I/O.
  // Real paths asked of the file system once per run: the planner asks for the same ones again
  // for each tree (a repository of many apps has hundreds of trees over the same bases).
  const reals = new Map<string, string>()
  const real = (f: string): string => reals.get(f) ?? reals.set(f, realOrSelf(f)).get(f)!
  const files: TreeFiles = { read, isFile: (f) => existsSync(f) && statSync(f).isFile(), real }
  const focus = new Set(candidates.map(realOrSelf))
  let chosen = all
  if (!opts.replacedBy) {
    const mentions = new KustomizationMentions(all, read)
    const wanted = new Set([...named, ...mentions.naming([...candidates, ...focus])])
    if (wanted.size === 0) return undefined
    chosen = all.filter((k) => wanted.has(k))
    const kustomize = await import('../kustomize/index.js')
    // The trees found so far add files, which more kustomizations may name: until none does.
    for (;;) {
      const more = [...mentions.naming(kustomize.treeMembers(chosen, files, focus))].filter((k) => !wanted.has(k))
      if (more.length === 0) break
      for (const k of more) wanted.add(k)
      chosen = all.filter((k) => wanted.has(k))
    }
  }
  const kustomize = await import('../kustomize/index.js')
  return { kustomize, plan: kustomize.planTrees(chosen, files, opts, focus) }
}
