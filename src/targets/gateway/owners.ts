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

/** What each controller writes once switched to the Gateway API, and where a profile's timeouts and retries go then. */
const SWITCHED: Record<string, string> = {
  Canary:
    "after the switch to Flagger's Gateway API provider (meshProvider=gatewayapi:v1beta1), Flagger's own HTTPRoute (no matches) routes the Service, and a catch-all written from the profile ties with it and, being older, wins: the canary would get no traffic; before it, linkerd-smi's profile of Flagger's split takes precedence over the routes",
  Rollout:
    "after the switch of its trafficRouting from smi to the Gateway API plugin (argoproj-labs/gatewayAPI), the plugin sets the weights of the HTTPRoute the Rollout names, and routes written from the profile (their catch-all above all) would take requests past those weights; before it, linkerd-smi's profile of the Rollout's split takes precedence over the routes",
}

/**
 * A ServiceProfile of a Service whose TrafficSplit a controller in the input writes at run
 * time (so the split is not in the input): the profile and that split are one unit, and the
 * split is the controller's, so the profile is left for a person as well.
 */
export function controllerHolds(
  namespace: string | undefined,
  service: string,
  facts: GatewayFacts,
  offset: number,
): Diagnostic | undefined {
  const found = nearest(facts.controllers.get(factKey(namespace, service)) ?? [], facts.from)[0]
  if (!found) return undefined
  const { kind, name } = found.fact
  const where = found.file ? ` (${found.file.shown})` : ''
  return {
    severity: 'warning',
    code: 'owned-by-controller',
    offset,
    pending: true,
    message:
      `is the profile of Service ${service}, whose TrafficSplit ${kind} ${name}${where} writes at run time: ${SWITCHED[kind] ?? ''}; ` +
      `nothing is written for the profile: carry its timeouts and retries into what the ${kind} writes (or onto its routes by hand), then delete the profile with the switch`,
  }
}
