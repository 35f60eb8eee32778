/**
 * The TrafficSplits of a resource or patch document stream, as the planner needs them: the
 * name a target would select, the factor their weights need alone, and whether this run
 * converts them (a version target must keep selecting exactly what it selected).
 */
import type { Target } from '../model.js'
import type { Scale } from '../quantity/weights.js'
import { stepsBetween } from '../convert/plan.js'
import { neededWeightScale } from '../quantity/reader.js'
import { parseDocuments } from '../yaml/documents.js'
import { locateObjects } from '../convert/locate.js'
import { trafficSplit, weightsOf } from '../kinds/trafficsplit/index.js'

export interface DocScale {
  name: string
  scale: Scale
  /** Older than `--to`: it will be converted. */
  older: boolean
  current: boolean
}

/** Each TrafficSplit of a document stream: its name (`*` without one) and the factor its weights need on their own. */
export function splitDocs(text: string, to: Target): DocScale[] {
  const out: DocScale[] = []
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue
    for (const split of locateObjects(parsed.doc, text, { to }).views) {
      const weights = weightsOf(split)
      if (!weights || split.ref.kind !== trafficSplit.kind) continue
      const older = stepsBetween(trafficSplit, split.version, to).length > 0
      const scale = neededWeightScale(weights.flatMap((w) => ('scalar' in w ? [{ yaml: w.scalar }] : [])))
      out.push({ name: split.ref.name ?? '*', scale, older, current: split.version === to })
    }
  }
  return out
}
