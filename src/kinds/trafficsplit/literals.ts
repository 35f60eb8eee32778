/**
 * A TrafficSplit's literal weights beside template actions, read as kubectl reads them: file
 * mode's check of a chart's half-converted split (files/helm/done-weights.ts) counts them in the
 * sum its values render (convert/notices.ts names them on its note).
 */
import type { WeightRef } from '../../model.js'
import type { Decimal } from '../../quantity/quantity.js'
import { readQuantityWeight } from '../../quantity/reader.js'

/**
 * The weights of a read TrafficSplit that no template action writes, as written, each with the
 * integer kubectl reads from it (`1e5`, `0x186A0`, `100_000` are 100000), if it reads one: they
 * count in the sum its values render, and one that is no integer leaves the split for a person.
 */
export function literalWeights(read: {
  data?: unknown
  templated?: readonly { scalar?: { start: number } }[] | undefined
}): Array<{ raw: string; int?: bigint }> {
  const weights = (read.data as { weights?: readonly WeightRef[] } | undefined)?.weights
  if (!Array.isArray(weights)) return []
  const templated = new Set((read.templated ?? []).flatMap((t) => (t.scalar ? [t.scalar.start] : [])))
  return weights.flatMap((w) => {
    if (!('scalar' in w)) return [{ raw: '(a weight that cannot be read)' }]
    if (templated.has(w.scalar.start)) return []
    const r = readQuantityWeight({ yaml: w.scalar })
    const int = r.ok ? integerOf(r.value) : undefined
    return [int === undefined ? { raw: w.scalar.raw } : { raw: w.scalar.raw, int }]
  })
}

/** The decimal as an integer, if it is one. */
function integerOf(d: Decimal): bigint | undefined {
  if (d.e >= 0) return d.n * 10n ** BigInt(d.e)
  const div = 10n ** BigInt(-d.e)
  return d.n % div === 0n ? d.n / div : undefined
}
