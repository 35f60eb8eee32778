/**
 * The kustomize half of file mode, loaded only when a kustomization file is among the files.
 */
import type { Diagnostic } from '../model.js'
import type { RunOptions } from '../targets/target.js'
import { splice } from '../edit/splice.js'
import { locateFindings } from '../pipeline/segment.js'
import { convertKustomization, convertOpFile } from './tree-files.js'
import type { TreeFiles, TreePlan } from './tree.js'
import { walkTrees } from './walk.js'

export { planTrees } from './tree.js'
export type { TreeFiles, TreeOptions, TreePlan } from './tree.js'

/**
 * The files (real paths) of the trees of `kustomizations` that hold a file of `focus`: what
 * file mode looks for in the text of the repository's other kustomizations (files/mentions.ts).
 */
export function treeMembers(kustomizations: readonly string[], files: TreeFiles, focus: ReadonlySet<string>): string[] {
  const { sets } = walkTrees(kustomizations, files, focus)
  const roots = new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f)))
  return sets.members().filter((f) => roots.has(sets.find(f)))
}

/** Converts a kustomization or JSON 6902 patch file of a tree; undefined for any other file. */
export function convertTreeFile(plan: TreePlan, file: string, input: Buffer, opts: RunOptions, shown: string) {
  const k = plan.kustomizations.get(file)
  const target = plan.opFiles.get(file)
  if (!k && target === undefined) return undefined
  // Every TrafficSplit of the tree is suppressed: its patches stay with them (suppressed.ts).
  if (plan.quiet.has(plan.tree.get(file)!)) return { output: input, changed: false, findings: [] }
  const text = input.toString('utf8')
  const floors = plan.floors.get(file) ?? new Map()
  const r = k ? convertKustomization(k, opts, floors, plan.splitPatches, plan.versionMoves) : convertOpFile(text, target!, floors)
  // A weight past the bound only if a selector not known here selects it: left for a person, never an error.
  if (plan.uncertain.has(file)) r.findings = r.findings.map(unsure)
  r.findings.push(...(plan.refusals.get(file) ?? []))
  const failed = r.findings.some((f) => f.severity === 'error' || f.pending)
  const changed = r.edits.length > 0 && !failed
  return {
    output: changed ? Buffer.from(splice(text, r.edits), 'utf8') : input,
    changed,
    findings: locateFindings(r.findings, text, 1, shown),
    edits: changed ? r.edits : [],
  }
}

/** An error of a patch whose target may or may not select the object: a pending warning. */
function unsure(f: Diagnostic): Diagnostic {
  if (f.severity !== 'error' || f.code !== 'invalid-weight') return f
  return {
    ...f,
    severity: 'warning',
    pending: true,
    message:
      `${f.message}, if its target's label, annotation or namespace selector selects that object (not known here); ` +
      'the kustomize tree is left unchanged for a person to convert',
  }
}
