/**
 * What the planner takes and gives: the disk as file mode hands it in, the run's options, and
 * the plan convertTreeFile follows. Apart from tree.ts so that the planner's parts can name
 * them without importing the planner (no cycle between files).
 */
import type { ConvertOptions, Diagnostic } from '../model.js'
import type { Scale } from '../quantity/weights.js'
import type { Kustomization, PatchEntry } from './kustomization.js'

export type Floors = Map<string, Scale>

/** The disk as the planner sees it: file mode (files/trees.ts) hands it in, kustomize/ does no I/O of its own. */
export interface TreeFiles {
  /** A file's text; undefined when it cannot be read, or is not text to read. */
  read(file: string): string | undefined
  /** Whether `path` names a regular file (through symlinks). */
  isFile(path: string): boolean
  /** The real path of `path`, or `path` itself when it does not resolve. */
  real(path: string): string
}

export interface TreePlan {
  kustomizations: Map<string, Kustomization>
  /** JSON 6902 patch files that write TrafficSplit weights: file -> target name (`*`: any). All keys are real paths. */
  opFiles: Map<string, string>
  /** Per file of a tree: the factors of its tree, by the names the file uses. */
  floors: Map<string, Floors>
  /** Per file of a tree: the tree's id (an error anywhere in a tree stops all its writes). */
  tree: Map<string, number>
  /** Per kustomization or patch file: why its tree is left for a person (offsets into that file). */
  refusals: Map<string, Diagnostic[]>
  /** Patch entries whose target's older version moves to `--to`: it selects a TrafficSplit the run converts. */
  versionMoves: Set<PatchEntry>
  /** Patch entries whose content writes TrafficSplit weights (their target may select one). */
  splitPatches: Set<PatchEntry>
  /** Files holding a patch whose target's label, annotation or namespace selector may or may not select a TrafficSplit (factors.ts). */
  uncertain: Set<string>
  /** Trees (ids of `tree`) whose every TrafficSplit, patches included, is suppressed: their kustomize files stay as they are. */
  quiet: Set<number>
}

/** The run's targets, and the target plug-in that replaces objects, if any (its patches are refused). */
export type TreeOptions = Pick<ConvertOptions, 'versions' | 'noIgnore' | 'notLinkerd'> & { replacedBy?: ReplacingTarget | undefined }

/**
 * What the planner reads of the target entry that replaces objects (targets/target.ts's
 * TargetEntry, which is passed in): only index.ts may import targets/.
 */
export interface ReplacingTarget {
  readonly name: string
  /** The kinds it replaces, each with what it becomes. */
  readonly replaces: Readonly<Record<string, string>>
}
