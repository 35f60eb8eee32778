/**
 * The version chain. One step per hop, composed in order: v1alpha1 → v1alpha2 turns the
 * quantity weights into integers, the later hops only rename the apiVersion (their schemas
 * differ only by the optional `spec.matches`, which the older versions never had).
 */
import { type Target, type Version, VERSIONS } from '../model.js'

export interface Step {
  from: Version
  to: Version
  /** Whether this hop rewrites the weights (quantity → integer). */
  convertsWeights: boolean
}

export const STEPS: readonly Step[] = [
  { from: 'v1alpha1', to: 'v1alpha2', convertsWeights: true },
  { from: 'v1alpha2', to: 'v1alpha3', convertsWeights: false },
  { from: 'v1alpha3', to: 'v1alpha4', convertsWeights: false },
]

/** The steps from `from` up to `to`; empty when `from` is already `to` or newer. */
export function stepsBetween(from: Version, to: Target): Step[] {
  const a = VERSIONS.indexOf(from)
  const b = VERSIONS.indexOf(to)
  return STEPS.filter((s) => VERSIONS.indexOf(s.from) >= a && VERSIONS.indexOf(s.to) <= b)
}

export function isNewer(version: Version, than: Target): boolean {
  return VERSIONS.indexOf(version) > VERSIONS.indexOf(than)
}
