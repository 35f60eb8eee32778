/**
 * The sum of a TrafficSplit's weights is a property of the object a tree renders, not of one
 * document: a base with `200000, 200000` and an overlay's JSON 6902 patch that replaces backend
 * 0 with `300000` render `300000, 200000`, past what Linkerd adds up of v1alpha2 integers it
 * reads as whole units (LINKERD_UNIT_SUM). Each document's own sum is checked where it is
 * converted (kinds/trafficsplit/steps.ts); here, for each group of documents and patches that
 * may describe one object (factors.ts), the most it may render: from each whole list (a
 * resource, or a strategic-merge patch that replaces it), every backend a patch may write takes
 * the largest value written to it, every backend a patch adds counts in full, and a JSON 6902
 * copy within the backends counts as the largest weight. Past the sum,
 * the tree is refused with an error at the patch's largest weight, as a document's own sum is
 * (docs/kustomize.md). Each kustomization is judged by what it takes in, so sibling overlays'
 * patches never add up; within one, an over-approximation (every patch that may select the
 * object): a refusal a person can read, never a wrap Linkerd routes by.
 */
import { milliValue } from '../quantity/milli.js'
import { LINKERD_UNIT_SUM } from '../quantity/weights.js'
import { dirname, relative } from 'node:path'
import type { Decimal } from '../quantity/quantity.js'
import { type NodeWeights, type Planner, refuseError } from './context.js'

/** Refuses the groups whose rendered weights may add up past LINKERD_UNIT_SUM (not when the run names another mesh). */
export function checkRenderedSums(pl: Planner): void {
  if (pl.opts.notLinkerd) return
  const groups = new Map<string, { need: number; members: NodeWeights[] }>()
  for (const [id, w] of pl.weights) {
    if (!pl.nodes.has(id)) continue
    const root = pl.nodes.find(id)
    const g = groups.get(root) ?? { need: 0, members: [] }
    g.need = Math.max(g.need, pl.need.get(id) ?? 0)
    g.members.push(w)
    groups.set(root, g)
  }
  const below = belowEach(pl)
  for (const g of groups.values()) {
    const writes = g.members.flatMap((m) => m.writes)
    const copies = g.members.flatMap((m) => m.copies)
    if (writes.length === 0 && copies.length === 0) continue
    const lists = g.members.flatMap((m) => m.lists)
    // In milli-units: the tree's integers are these (factor 1000) or these / 1000 (every weight whole).
    const bound = LINKERD_UNIT_SUM * (g.need === 3 ? 1n : 1000n)
    // Each kustomization renders what it and the kustomizations below it take in: sibling
    // overlays' patches never meet in one object.
    for (const [k, under] of below) {
      const has = (by: string) => under.has(by)
      const past = pastIn(
        lists.filter((l) => l.from.some(has)).map((l) => l.values),
        writes.filter((w) => has(w.by)),
        copies.filter((c) => has(c.by)),
        bound,
      )
      if (!past) continue
      refuseError(pl.plan, past.file, {
        code: 'invalid-weight',
        offset: past.offset,
        message:
          `the TrafficSplit this patch writes may render weights that add up past ${LINKERD_UNIT_SUM}, what Linkerd adds up ` +
          `without wrapping (it reads v1alpha2 integers as whole units without a conversion webhook) in what ${relative(dirname(past.file), k)} renders; each document alone is ` +
          'within it, but the sum is a property of the rendered object: write smaller weights',
      })
      break
    }
  }
}

type Writes = NodeWeights['writes']
type Copies = NodeWeights['copies']

/** Where to refuse when the most these lists, writes and copies may render adds up past `bound` (milli-units). */
function pastIn(lists: Decimal[][], writes: Writes, copies: Copies, bound: bigint): { file: string; offset: number } | undefined {
  if (writes.length === 0 && copies.length === 0) return undefined
  const milli = (v: Decimal) => milliValue(v, bound)
  for (const list of lists) {
    const own = list.reduce((a, v) => a + milli(v), 0n)
    // A list past the sum alone is refused where it is converted.
    if (own > bound) continue
    const rendered = list.map(milli)
    let added = 0n
    for (const w of writes) {
      if (w.index === undefined || w.index >= rendered.length) added += milli(w.value)
      else if (milli(w.value) > rendered[w.index]!) rendered[w.index] = milli(w.value)
    }
    // A copy duplicates a backend's weight, at most the largest one written.
    const largest = rendered.reduce((a, b) => (b > a ? b : a), 0n)
    for (const c of copies) {
      if (c.index === undefined) added += largest
      else if (c.index < rendered.length) rendered[c.index] = largest
    }
    const sum = rendered.reduce((a, b) => a + b, added)
    if (sum <= bound) continue
    return writes.length ? writes.reduce((a, b) => (milli(b.value) > milli(a.value) ? b : a)) : copies[0]!
  }
  return undefined
}

/** Each kustomization of the trees, with itself and every kustomization it takes in (resources, bases, components), at any depth. */
function belowEach(pl: Planner): Map<string, Set<string>> {
  const children = new Map<string, string[]>()
  for (const [child, parents] of pl.trees.parents) for (const p of parents) children.set(p, [...(children.get(p) ?? []), child])
  const out = new Map<string, Set<string>>()
  for (const k of pl.trees.kustomizations.keys()) {
    const seen = new Set<string>([k])
    const queue = [k]
    for (let at = queue.pop(); at !== undefined; at = queue.pop()) {
      for (const c of children.get(at) ?? []) {
        if (seen.has(c)) continue
        seen.add(c)
        queue.push(c)
      }
    }
    out.set(k, seen)
  }
  return out
}
