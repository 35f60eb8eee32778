/**
 * TrafficSplit as the surfaces see it before any kind module loads: `--to` picks its version
 * (a target plug-in adds its own choices to the same option: targets/registry.ts).
 */
import { SMI_SPLIT_GROUP, type Target, TARGETS } from '../../model.js'
import { type KindEntry, versionFor } from '../kind.js'

export const trafficSplitEntry: KindEntry = {
  kind: 'TrafficSplit',
  group: SMI_SPLIT_GROUP,
  version: {
    name: 'to',
    value: 'version',
    choices: TARGETS,
    default: 'v1alpha2',
    help: 'apiVersion to convert TrafficSplits to (default: v1alpha2)',
  },
}

/** The version a run converts TrafficSplits to: there always is one (the option has a default). */
export function splitVersion(opts: Parameters<typeof versionFor>[1]): Target {
  return versionFor(trafficSplitEntry, opts) as Target
}
