/** HTTPRouteGroup as the surfaces see it before any kind module loads: `--specs-to`, shared with TCPRoute. */
import type { KindEntry } from '../kind.js'
import { SPECS_GROUP, SPECS_OPTION } from '../specs.js'

export const httpRouteGroupEntry: KindEntry = { kind: 'HTTPRouteGroup', group: SPECS_GROUP, version: SPECS_OPTION }
