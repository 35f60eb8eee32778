/**
 * TrafficSplits a controller writes (a Flagger Canary, an Argo Rollout): by their
 * ownerReferences, or by a Canary or Rollout in the input that names their root Service.
 */
import type { SplitFields } from '../../kinds/trafficsplit/read.js'
import type { Diagnostic } from '../../model.js'
import type { GatewayFacts } from './model.js'
import { factKey, nearest } from './facts.js'

/** Controllers that own TrafficSplits, and where their Gateway API switch is. */
const CONTROLLERS: Record<string, string> = {
  Canary:
    "Flagger rewrites it from its Canary: switch Flagger to its Gateway API provider instead (meshProvider=gatewayapi:v1beta1, with the Canary's service.gatewayRefs naming the Service)",
  Rollout:
    "Argo Rollouts rewrites it from its Rollout: switch the Rollout's trafficRouting from smi to the Gateway API plugin (argoproj-labs/gatewayAPI) instead",
}

/** A split a controller rewrites (Flagger, Argo Rollouts) is left to it. */
export function ownerSkip(src: SplitFields, facts: GatewayFacts): { skip: Diagnostic } | undefined {
  const owner = src.owners.find((o) => o.kind !== undefined && o.kind in CONTROLLERS) ?? inputController(src, facts)
  if (!owner) return undefined
  return {
    skip: {
      severity: 'warning',
      code: 'owned-by-controller',
      offset: src.ownersOffset,
      pending: true,
      message: `is owned by ${owner.kind} ${owner.name ?? ''}`.trimEnd() + `; left unchanged: ${CONTROLLERS[owner.kind!]}`,
    },
  }
}

/** A Canary or Rollout in the input that writes this split (its ownerReferences may have been stripped by an export). */
function inputController(src: SplitFields, facts: GatewayFacts): { kind: string; name: string } | undefined {
  const root = src.service?.split('.')[0]
  if (!root) return undefined
  // The nearest one names it (its own file, then directory, then the run), as Services are found.
  const found = nearest(facts.controllers.get(factKey(src.namespace, root)) ?? [], facts.from)[0]
  if (!found) return undefined
  const where = found.file ? `, ${found.file.shown}` : ''
  return {
    kind: found.fact.kind,
    name: `${found.fact.name} (in the input${where}: it writes the split of Service ${root}, though the split lists no ownerReferences)`,
  }
}
