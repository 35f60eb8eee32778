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
 * (docs/kustomize.md). An over-approximation where patches of different overlays never meet:
 * a refusal a person can read, never a wrap Linkerd routes by.
 */
import { milliValue } from '../quantity/milli.js'
import { LINKERD_UNIT_SUM } from '../quantity/weights.js'
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
  for (const g of groups.values()) {
    const lists = g.members.flatMap((m) => m.lists)
    const writes = g.members.flatMap((m) => m.writes)
    const copies = g.members.flatMap((m) => m.copies)
    if (writes.length === 0 && copies.length === 0) continue
    // In milli-units: the tree's integers are these (factor 1000) or these / 1000 (every weight whole).
    const bound = LINKERD_UNIT_SUM * (g.need === 3 ? 1n : 1000n)
    const milli = (v: Parameters<typeof milliValue>[0]) => milliValue(v, bound)
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
      const at = writes.length ? writes.reduce((a, b) => (milli(b.value) > milli(a.value) ? b : a)) : copies[0]!
      refuseError(pl.plan, at.file, {
        code: 'invalid-weight',
        offset: at.offset,
        message:
          `the TrafficSplit this patch writes may render weights that add up past ${LINKERD_UNIT_SUM}, what Linkerd adds up ` +
          'without wrapping (it reads v1alpha2 integers as whole units without a conversion webhook); each document alone is ' +
          'within it, but the sum is a property of the rendered object: write smaller weights',
      })
      break
    }
  }
}
