/**
 * Kustomize trees: which files belong together, and the weight factor each TrafficSplit
 * must share across them. A base with `1` + `500m` and an overlay patch that sets `250m`
 * describe one object; converted separately, a base of `1` + `2` (factor 1) and a patch of
 * `500m` (factor 1000) would render 1:500 instead of 1000:500. So every document of a tree
 * that names the same TrafficSplit (by metadata.name, or a patch target's name; a target
 * without a name stands for all of them) is converted with the largest factor any needs.
 */
import { existsSync, statSync } from 'node:fs'
import { realOrSelf as real } from '../files/collect.js'
import { join } from 'node:path'
import type { Target } from '../model.js'
import { stepsBetween } from '../convert/versions.js'
import { neededScale, type Scale } from '../convert/weights.js'
import type { Decimal } from '../quantity/quantity.js'
import { readWeight } from '../quantity/yaml11.js'
import { parseDocuments } from '../yaml/documents.js'
import { locateSplits } from '../yaml/locate.js'
import { type Kustomization, KUSTOMIZATION_NAMES, readKustomization, targetsTrafficSplit } from './kustomization.js'
import { opsScale, readOpWeights } from './json6902.js'

export type Floors = Map<string, Scale>

export interface TreePlan {
  kustomizations: Map<string, Kustomization>
  /** JSON 6902 patch files that write TrafficSplit weights: file -> target name (`*`: any). All keys are real paths. */
  opFiles: Map<string, string>
  /** Per file of a tree: the factors of its tree. */
  floors: Map<string, Floors>
  /** Per file of a tree: the tree's id (an error anywhere in a tree stops all its writes). */
  tree: Map<string, number>
}

/**
 * Plans the trees of `kustomizations` (those among the run's files, and those of the
 * repository, so that a pre-commit batch holding only a base still sees the overlays that
 * patch it). Trees are followed on disk through their references; files outside the run are
 * read to compute the factors, never written.
 */
export function planTrees(kustomizations: readonly string[], read: (file: string) => string | undefined, to: Target,
  focus?: ReadonlySet<string>): TreePlan {
  const plan: TreePlan = { kustomizations: new Map(), opFiles: new Map(), floors: new Map(), tree: new Map() }
  const sets = new UnionFind()
  // Every file is known by its real path: the same file reached through a symlink is one file.
  const queue = kustomizations.map(real)
  const exists = (f: string) => existsSync(f) && statSync(f).isFile()
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (plan.kustomizations.has(file)) continue
    const text = read(file)
    const k = text === undefined ? undefined : readKustomization(file, text)
    if (!k) continue
    plan.kustomizations.set(file, k)
    sets.add(file)
    for (const ref of k.references) {
      if (exists(ref)) sets.union(file, real(ref))
      for (const name of KUSTOMIZATION_NAMES) {
        const nested = join(ref, name)
        if (!exists(nested)) continue
        sets.union(file, real(nested))
        queue.push(real(nested))
      }
    }
    for (const p of k.patches) {
      if (p.file && exists(p.file) && targetsTrafficSplit(p.target)) {
        const ops = read(p.file)
        if (ops !== undefined && readOpWeights(ops)) plan.opFiles.set(real(p.file), p.target?.name ?? '*')
      }
    }
  }
  // The factor each name needs, per tree.
  const needs = new Map<string, Floors>()
  const need = (file: string, name: string, scale: Scale) => {
    const root = sets.find(file)
    const floors = needs.get(root) ?? new Map<string, Scale>()
    floors.set(name, Math.max(floors.get(name) ?? 0, scale) as Scale)
    needs.set(root, floors)
  }
  // Only the trees that hold a file of the run are planned further: a large repository's
  // other trees are never read (every pre-commit batch would pay for them otherwise).
  const focused = focus ? new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f))) : undefined
  const members = sets.members().filter((f) => !focused || focused.has(sets.find(f)))
  for (const file of members) {
    const text = read(file)
    if (text === undefined) continue
    const k = plan.kustomizations.get(file)
    if (k) {
      for (const p of k.patches) {
        if (!p.inline || !targetsTrafficSplit(p.target)) continue
        const ops = readOpWeights(String(p.inline.value))
        if (ops) need(file, p.target?.name ?? '*', opsScale(ops))
      }
    } else if (plan.opFiles.has(file)) {
      need(file, plan.opFiles.get(file)!, opsScale(readOpWeights(text) ?? []))
    } else if (text.includes('TrafficSplit')) {
      for (const [name, scale] of splitScales(text, to)) need(file, name, scale)
    }
  }
  let id = 0
  const ids = new Map<string, number>()
  for (const file of members) {
    const root = sets.find(file)
    if (!ids.has(root)) ids.set(root, id++)
    plan.tree.set(file, ids.get(root)!)
    plan.floors.set(file, spread(needs.get(root) ?? new Map()))
  }
  return plan
}

/** A name-less target's factor applies to every name; every name's factor applies to name-less targets. */
function spread(floors: Floors): Floors {
  const all = Math.max(0, ...floors.values()) as Scale
  const out: Floors = new Map(floors)
  const star = floors.get('*') ?? 0
  for (const [name, scale] of floors) out.set(name, Math.max(scale, star) as Scale)
  if (floors.has('*')) out.set('*', all)
  return out
}

/** The factor each v1alpha1 TrafficSplit of a document stream needs on its own. */
function splitScales(text: string, to: Target): Map<string, Scale> {
  const out = new Map<string, Scale>()
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue
    for (const split of locateSplits(parsed.doc, text).splits) {
      if (!stepsBetween(split.version, to).some((s) => s.convertsWeights)) continue
      const values: Decimal[] = []
      for (const w of split.weights) {
        if (!('scalar' in w)) continue
        const r = readWeight(w.scalar.style, w.scalar.value)
        if (r.ok) values.push(r.value)
      }
      const name = split.ref.name ?? '*'
      out.set(name, Math.max(out.get(name) ?? 0, neededScale(values)) as Scale)
    }
  }
  return out
}

class UnionFind {
  private readonly parent = new Map<string, string>()
  add(x: string): void {
    if (!this.parent.has(x)) this.parent.set(x, x)
  }
  find(x: string): string {
    this.add(x)
    let r = x
    while (this.parent.get(r) !== r) r = this.parent.get(r)!
    this.parent.set(x, r)
    return r
  }
  has(x: string): boolean {
    return this.parent.has(x)
  }
  union(a: string, b: string): void {
    this.parent.set(this.find(a), this.find(b))
  }
  members(): string[] {
    return [...this.parent.keys()]
  }
}

