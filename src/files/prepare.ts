/**
 * The target pass: with a target that replaces objects (`--to gateway`), the target prepared
 * once on every file of the run that may tell it something, and on the manifests beside the
 * run's files (beside.ts); each file is then converted with the target scoped to it.
 */
import { dirname, resolve } from 'node:path'
import type { ConvertOptions } from '../model.js'
import type { TreePlan } from '../kustomize/index.js'
import { documentsOf } from '../pipeline/segment.js'
import type { TargetChoice } from '../targets/registry.js'
import type { RunOptions, SourceDocument } from '../targets/target.js'
import { realOrSelf } from '../paths.js'
import { type BesideOptions, readBeside } from './beside.js'

export interface TargetRun {
  target?: TargetChoice | undefined
  /** With a target: where --exclude starts, and its globs, for the manifests read beside the files (beside.ts). */
  beside?: BesideOptions | undefined
}

/**
 * The run's options for each file: with a target, the target prepared once on every file
 * (each document with its file) and on the manifests beside the run's files (`inRun`: those
 * given and those its kustomize trees pulled in), read only (beside.ts), its context scoped
 * to the file converted (what is applied with it, its own file and directory, comes first).
 */
export async function prepareTarget(
  opts: ConvertOptions,
  options: TargetRun,
  inputs: ReadonlyArray<readonly [string, Buffer]>,
  show: (file: string) => string,
  trees: TreePlan | undefined,
  inRun: readonly string[],
): Promise<(file: string) => RunOptions> {
  const choice = options.target
  if (!choice) return () => opts
  // Read while the plug-in loads (git lists the directories in a process of its own).
  const reading = readBeside(inRun, inputs, choice.entry, options.beside)
  const [{ prepare, scopeTarget }, plugin] = await Promise.all([import('../targets/target.js'), choice.entry.load()])
  const aside = await reading
  const patches = patchFiles(trees, show)
  const renders = renderedBy(trees)
  const sourced = function* (): Generator<SourceDocument> {
    for (const [file, input] of [...inputs, ...aside]) {
      const source = { path: resolve(file), shown: show(file), ...(aside.has(file) ? { aside: true } : {}) }
      const patchOf = patches.get(realOrSelf(file))
      const by = renders?.get(realOrSelf(file))
      for (const text of documentsOf([input]))
        yield { text, file: source, ...(patchOf !== undefined ? { patchOf } : {}), ...(by !== undefined ? { renderedBy: by } : {}) }
    }
  }
  const target = prepare(plugin, choice.options, sourced())
  return (file) => ({ ...opts, target: scopeTarget(target, { path: resolve(file), shown: show(file) }) })
}

/**
 * The patch files the run's kustomizations list (real path), each with the first kustomization
 * that lists it (shown) and the files of that kustomization's tree (real paths).
 */
function patchFiles(plan: TreePlan | undefined, show: (file: string) => string): Map<string, NonNullable<SourceDocument['patchOf']>> {
  const out = new Map<string, NonNullable<SourceDocument['patchOf']>>()
  if (!plan) return out
  const trees = new Map<number, Set<string>>()
  for (const [file, id] of plan.tree) trees.set(id, (trees.get(id) ?? new Set()).add(file))
  for (const k of plan.kustomizations.values()) {
    const id = plan.tree.get(realOrSelf(k.file))
    const members = id === undefined ? undefined : trees.get(id)
    for (const p of k.patches)
      if (p.file !== undefined && !out.has(realOrSelf(p.file)))
        out.set(realOrSelf(p.file), { by: show(k.file), ...(members ? { members } : {}) })
  }
  return out
}

/**
 * For each file the run's kustomizations render (real path), the top kustomizations (those no
 * other takes in) whose build holds it: through resources, bases and components, directory by
 * directory. Undefined when a kustomization cannot be read here (its references are guessed).
 */
function renderedBy(plan: TreePlan | undefined): Map<string, Set<string>> | undefined {
  if (!plan || plan.kustomizations.size === 0) return undefined
  const ks = [...plan.kustomizations.values()]
  if (ks.some((k) => k.unread)) return undefined
  const byDir = new Map(ks.map((k) => [dirname(k.file), k]))
  const taken = new Set<string>()
  for (const k of ks) for (const c of k.children) if (byDir.has(realOrSelf(c.path))) taken.add(byDir.get(realOrSelf(c.path))!.file)
  const out = new Map<string, Set<string>>()
  for (const top of ks.filter((k) => !taken.has(k.file))) {
    const seen = new Set<string>()
    const walk = (k: (typeof ks)[number]): void => {
      if (seen.has(k.file)) return
      seen.add(k.file)
      for (const c of k.children) {
        const path = realOrSelf(c.path)
        const nested = byDir.get(path)
        if (nested) walk(nested)
        else out.set(path, (out.get(path) ?? new Set()).add(top.file))
      }
    }
    walk(top)
  }
  return out
}
