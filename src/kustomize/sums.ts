/**
 * The sum of a TrafficSplit's weights is a property of the object a tree renders, not of one
 * document: a base with `200000, 200000` and an overlay's JSON 6902 patch that replaces backend
 * 0 with `300000` render `300000, 200000`, past what Linkerd adds up of v1alpha2 integers it
 * reads as whole units (LINKERD_UNIT_SUM). Each document's own sum is checked where it is
 * converted (kinds/trafficsplit/steps.ts); here, for each group of documents and patches that
 * may describe one object (factors.ts), the most it may render: from each whole list (a
 * resource, or a strategic-merge patch that replaces it), every backend a patch may write takes
 * the largest value written to it, every backend a patch adds counts in full, and a JSON 6902
 * copy within the backends counts as the largest value any list or patch of the group holds.
 * Once an operation may move backends to other indices (a remove, an insert, a move: RFC 6902
 * applies them in order, so `/spec/backends/1` may then name another backend), every write
 * counts in full. Each kustomization is judged copy by copy (chains.ts): only the patches on the
 * path of references down to what takes the object in apply to that copy, each as many times as
 * the path applies it (a component listed at two levels of a stack applies twice), so sibling
 * overlays' patches never add up, even under a kustomization that takes in both. Past the sum,
 * the tree is refused with an error at the patch's largest weight, as a document's own sum is
 * (docs/kustomize.md); within one copy, an over-approximation (every patch that may select the
 * object): a refusal a person can read, never a wrap Linkerd routes by.
 */
import { milliValue } from '../quantity/milli.js'
import { LINKERD_UNIT_SUM } from '../quantity/weights.js'
import { dirname, relative } from 'node:path'
import type { Decimal } from '../quantity/quantity.js'
import { changerAt, type NodeWeights, type Planner, refuseError, refuser } from './context.js'
import type { Changer } from './labels.js'
import { copiesOf } from './chains.js'

/** Refuses the groups whose rendered weights may add up past LINKERD_UNIT_SUM (not when the run names another mesh). */
export function checkRenderedSums(pl: Planner): void {
  if (pl.opts.notLinkerd) return
  const groups = new Map<string, { need: number; members: NodeWeights[]; uncertain: boolean; changer?: Changer }>()
  for (const [id, w] of pl.weights) {
    if (!pl.nodes.has(id)) continue
    const root = pl.nodes.find(id)
    const g = groups.get(root) ?? { need: 0, members: [], uncertain: false }
    g.need = Math.max(g.need, pl.need.get(id) ?? 0)
    g.uncertain ||= pl.uncertain.has(id)
    g.changer ??= pl.changedBy.get(id)
    g.members.push(w)
    groups.set(root, g)
  }
  const copies = copiesOf(pl.trees)
  for (const g of groups.values()) {
    const writes = g.members.flatMap((m) => m.writes)
    const copied = g.members.flatMap((m) => m.copies)
    if (writes.length === 0 && copied.length === 0) continue
    const shifts = g.members.flatMap((m) => m.shifts)
    // What the tree renders, in thousandths of a unit: the group's factor (1000 or 1) applies to
    // its patches and the lists it converts; a list the run leaves as it is keeps its integers.
    const rendered = (v: Decimal, units: boolean) =>
      g.need === 3 && !units ? milliValue(v, LINKERD_UNIT_SUM) * 1000n : milliValue(v, BOUND)
    // Each kustomization renders one copy of an object per path down to what takes it in, with
    // the patches of that path only (chains.ts): sibling overlays' patches never meet in one object.
    const judged = [...copies].flatMap(([k, paths]) => paths.map((times) => [k, times] as const))
    for (const [k, times] of judged) {
      const n = (by: string) => times.get(by) ?? 0
      const past = pastIn({
        lists: g.members
          .flatMap((m) => m.lists.filter((l) => l.from.some((f) => times.has(f))))
          .map((l) => l.values.map((v) => rendered(v, l.units))),
        writes: writes.filter((w) => times.has(w.by)).map((w) => ({ ...w, at: rendered(w.value, false), times: BigInt(n(w.by)) })),
        copies: copied.filter((c) => times.has(c.by)).map((c) => ({ ...c, times: BigInt(n(c.by)) })),
        shifted: shifts.some((by) => times.has(by)),
      })
      if (!past) continue
      const what =
        `the TrafficSplit this patch writes may render weights that add up past ${LINKERD_UNIT_SUM}, what Linkerd adds up ` +
        `without wrapping (it reads v1alpha2 integers as whole units without a conversion webhook) in what ${relative(dirname(past.file), k)} renders`
      // A label or annotation selector whose choice is not known here: the sum may be no object's.
      if (g.uncertain)
        refuser(pl.plan)(
          past.file,
          past.offset,
          `${what}, if its target's label, annotation or namespace selector selects them (not known here: ` +
            `${g.changer ? `${changerAt(pl, past.file, g.changer)} may change their labels` : 'the tree may change labels and namespaces'})`,
        )
      else
        refuseError(pl.plan, past.file, {
          code: 'invalid-weight',
          offset: past.offset,
          message: `${what}; each document alone is within it, but the sum is a property of the rendered object: write smaller weights`,
        })
      break
    }
  }
}

/** LINKERD_UNIT_SUM in thousandths of a unit: what sums are checked against. */
const BOUND = LINKERD_UNIT_SUM * 1000n

type Where = { file: string; offset: number }
interface Rendering {
  /** Each whole list of the object, as rendered (thousandths of a unit). */
  lists: bigint[][]
  /** Each write, as rendered, with how many times the kustomization applies it. */
  writes: (Where & { index?: number; at: bigint; times: bigint })[]
  copies: (Where & { index?: number; times: bigint })[]
  /** An operation may have moved backends to other indices: no write is known to land where its index says. */
  shifted: boolean
}

/** Where to refuse when the most these lists, writes and copies may render adds up past BOUND. */
function pastIn({ lists, writes, copies, shifted }: Rendering): Where | undefined {
  if (writes.length === 0 && copies.length === 0) return undefined
  // A copy duplicates a value the object holds: at most the largest any list or patch holds.
  const largest = [...lists.flat(), ...writes.map((w) => w.at)].reduce((a, b) => (b > a ? b : a), 0n)
  for (const list of lists) {
    // A list past the sum alone is refused where it is converted.
    if (list.reduce((a, v) => a + v, 0n) > BOUND) continue
    const at = [...list]
    let added = 0n
    for (const w of writes) {
      if (shifted || w.index === undefined || w.index >= at.length) added += w.at * w.times
      else if (w.at > at[w.index]!) at[w.index] = w.at
    }
    for (const c of copies) {
      if (shifted || c.index === undefined || c.index >= at.length) added += largest * c.times
      else at[c.index] = largest
    }
    if (at.reduce((a, b) => a + b, added) <= BOUND) continue
    return writes.length ? writes.reduce((a, b) => (b.at > a.at ? b : a)) : copies[0]!
  }
  return undefined
}
