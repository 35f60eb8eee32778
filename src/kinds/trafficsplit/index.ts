/**
 * `split.smi-spec.io` TrafficSplit: v1alpha1 quantity weights become exact integers
 * (steps.ts), and `--to` picks the version (entry.ts).
 */
import type { WeightRef } from '../../model.js'
import { VERSIONS } from '../../model.js'
import type { KindModule, ObjectView } from '../kind.js'
import { trafficSplitEntry } from './entry.js'
import { readSplit, type SplitData } from './read.js'
import { repair, STEPS } from './steps.js'

export const trafficSplit: KindModule<SplitData> = {
  ...trafficSplitEntry,
  versions: VERSIONS,
  steps: STEPS,
  read: readSplit,
  repair,
  noApiVersion: true,
  // The spec pairs an A/B split with route groups of its own version (v1alpha4 with v1alpha4).
  needsKinds: ['HTTPRouteGroup'],
  needs: (view, version) =>
    version === 'v1alpha1' || version === 'v1alpha2'
      ? []
      : view.data.matches.map((name) => ({ kind: 'HTTPRouteGroup', name, versions: [version] })),
}

/** A TrafficSplit view's weights (kustomize trees share their factor across documents). */
export function weightsOf(view: ObjectView): readonly WeightRef[] | undefined {
  return view.kind === (trafficSplit as KindModule<never>) ? (view as ObjectView<SplitData>).data.weights : undefined
}

export { floorFor, splitKey } from './steps.js'
export { splitVersion } from './entry.js'
