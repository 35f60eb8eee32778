/**
 * Kustomize trees: which files belong together, and the weight factor each TrafficSplit
 * must share across them. A base with `1` + `500m` and an overlay patch that sets `250m`
 * describe one object; converted separately, a base of `1` + `2` (factor 1) and a patch of
 * `500m` (factor 1000) would render 1:500 instead of 1000:500.
 *
 * Objects are matched the way kustomize matches them, over-approximated where it cannot be
 * exact: a document's object is known by every name it can have at any level of the tree
 * (its own, then with each `namePrefix`/`nameSuffix` of the kustomizations and components it
 * passes through), and a patch target's `name` is an anchored regex tried against all of them
 * (a pattern that cannot be read exactly, or no name, matches every TrafficSplit of the tree).
 * Every document and patch that may describe the same object lands in one group, and the
 * group shares the largest factor any of them needs: a larger common factor never changes a
 * ratio.
 *
 * What cannot be followed is refused for the whole tree (a pending warning at the line that
 * causes it; no file of the tree is written): remote bases under TrafficSplit patches,
 * replacements or plugins that may write weights, OpenAPI schemas and Helm charts, target
 * versions that would stop (or start) matching, patches for a TrafficSplit that are not read.
 */
import type { TreeFiles, TreeOptions, TreePlan } from './types.js'
import { walkTrees } from './walk.js'
import { addDocs, addSiblings, newPlanner, stateOf } from './context.js'
import type { DocScale } from './documents.js'
import { checkSharedIds, type ResourceDoc } from './ids.js'
import { followKustomization } from './patches.js'
import { assignFactors, groupTree } from './factors.js'
import { readOps } from './json6902.js'
import { mentionsKind } from '../pipeline/escapes.js'
import { checkSuppressed } from './suppressed.js'
import { checkRenderedSums } from './sums.js'

export type { Floors, TreeFiles, TreeOptions, TreePlan } from './types.js'

/**
 * Plans the trees of `kustomizations` (those among the run's files, and those of the
 * repository, so that a pre-commit batch holding only a base still sees the overlays that
 * patch it). Trees are followed on disk (through `files`) along their references; files
 * outside the run are read to compute the factors, never written.
 */
export function planTrees(kustomizations: readonly string[], files: TreeFiles, opts: TreeOptions, focus?: ReadonlySet<string>): TreePlan {
  const trees = walkTrees(kustomizations, files, focus)
  const plan: TreePlan = {
    kustomizations: trees.kustomizations,
    opFiles: new Map(),
    floors: new Map(),
    tree: new Map(),
    refusals: new Map(),
    splitPatches: new Set(),
    versionMoves: new Set(),
    quiet: new Set(),
    uncertain: new Set(),
  }
  const { sets } = trees
  // Only the trees that hold a file of the run are planned further: a large repository's
  // other trees are never read (every pre-commit batch would pay for them otherwise).
  const focused = focus ? new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f))) : undefined
  const members = sets.members().filter((f) => !focused || focused.has(sets.find(f)))
  const pl = newPlanner(plan, trees, files, opts)
  // The TrafficSplits of resource files (not of patch files): two may meet as one id once moved (ids.ts).
  const resourceDocs: ResourceDoc[] = []
  const resources = new Set(
    [...trees.kustomizations.values()].flatMap((k) => k.children.filter((c) => c.field !== 'components').map((c) => files.real(c.path))),
  )

  for (const file of members) {
    const state = stateOf(pl, file) // in the order of the members: deferred checks run tree by tree in that order
    const k = plan.kustomizations.get(file)
    if (k) {
      followKustomization(pl, file, k)
      continue
    }
    // A resource: its TrafficSplits (a JSON 6902 patch file is read with its patch entry)...
    const text = files.read(file)
    if (text === undefined || readOps(text)) continue
    const each = resources.has(file) ? (d: DocScale) => resourceDocs.push({ file, d, line: lineOf(text, d.offset) }) : undefined
    if (mentionsKind(text, 'TrafficSplit')) addDocs(pl, state, file, text, trees.owners.get(file) ?? [], each)
    // And the objects of other kinds the run converts, which a target without a kind may select.
    addSiblings(pl, state, text, trees.owners.get(file) ?? [])
  }

  checkSharedIds(
    pl,
    resourceDocs,
    members.filter((f) => plan.kustomizations.has(f)),
  )

  const quiet: string[] = []
  for (const [root, state] of pl.states) {
    for (const run of state.deferred) run()
    if (checkSuppressed(pl, root, state)) quiet.push(root)
    if (state.involved) groupTree(pl, state)
  }
  // Refusals count only for trees with something to convert.
  for (const [file, findings] of plan.refusals) {
    if (!stateOf(pl, file).involved && !findings.some((f) => f.severity === 'error')) plan.refusals.delete(file)
  }
  // A patch of a sibling kind the run converts holds its tree back, TrafficSplits or not.
  for (const run of pl.siblingRefusals) run()
  assignFactors(pl, members)
  // The sums of what each object renders, in trees with nothing to convert too (their factors are set).
  for (const state of pl.states.values()) if (!state.involved) groupTree(pl, state)
  checkRenderedSums(pl)
  for (const id of pl.uncertain) plan.uncertain.add(id.slice(0, id.indexOf('\0')))
  for (const root of quiet) if (plan.tree.has(root)) plan.quiet.add(plan.tree.get(root)!)
  return plan
}

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length
}
