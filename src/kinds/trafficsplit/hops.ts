/**
 * TrafficSplit's version chain as data: what each hop between neighbouring versions changes.
 * Both ways of converting read it: the text steps (steps.ts, manifests, upward only) and the
 * object steps (objects.ts, a ConversionReview's objects, both ways). It loads no parser, so
 * the webhook can read it.
 *
 * - v1alpha1 → v1alpha2: weights go from quantities to integers (the weight rule,
 *   quantity/reader.ts); down, the integers are quantities already (`1000` is a quantity).
 * - v1alpha2 → v1alpha3: `spec.matches` (HTTPRouteGroup references) appears; down, it goes.
 * - v1alpha3 → v1alpha4: the schemas are the same; only the apiVersion moves.
 */
import { SMI_SPLIT_GROUP, VERSIONS, type Version } from '../../model.js'

export const SPLIT_GROUP = SMI_SPLIT_GROUP
export const SPLIT_KIND = 'TrafficSplit'
/** Oldest first. */
export const SPLIT_VERSIONS: readonly Version[] = VERSIONS

export interface Hop {
  from: Version
  to: Version
  /** The weights change type: quantities below, integers above. */
  weights?: 'quantity-to-integer'
  /** Fields the upper version has and the lower one does not, as paths from the object's top. */
  adds?: readonly (readonly string[])[]
}

export const HOPS: readonly Hop[] = [
  { from: 'v1alpha1', to: 'v1alpha2', weights: 'quantity-to-integer' },
  { from: 'v1alpha2', to: 'v1alpha3', adds: [['spec', 'matches']] },
  { from: 'v1alpha3', to: 'v1alpha4' },
]

/** The version of a TrafficSplit apiVersion (`split.smi-spec.io/v1alpha2`), or undefined. */
export function splitVersion(apiVersion: unknown): Version | undefined {
  if (typeof apiVersion !== 'string' || !apiVersion.startsWith(`${SPLIT_GROUP}/`)) return undefined
  const v = apiVersion.slice(SPLIT_GROUP.length + 1)
  return (SPLIT_VERSIONS as readonly string[]).includes(v) ? (v as Version) : undefined
}
