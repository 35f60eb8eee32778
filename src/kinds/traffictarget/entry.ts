/** TrafficTarget as the surfaces see it before any kind module loads: `--access-to` picks its version. */
import { ACCESS_TARGETS } from '../../model.js'
import type { KindEntry } from '../kind.js'

export const trafficTargetEntry: KindEntry = {
  kind: 'TrafficTarget',
  group: 'access.smi-spec.io',
  version: {
    name: 'access-to',
    value: 'version',
    choices: ACCESS_TARGETS,
    help: 'apiVersion to convert TrafficTargets to (default: leave them alone)',
  },
}
