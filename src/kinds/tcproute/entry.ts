/** TCPRoute as the surfaces see it before any kind module loads: `--specs-to`, shared with HTTPRouteGroup. */
import type { KindEntry } from '../kind.js'
import { SPECS_GROUP, SPECS_OPTION } from '../specs.js'

export const tcpRouteEntry: KindEntry = { kind: 'TCPRoute', group: SPECS_GROUP, version: SPECS_OPTION }
