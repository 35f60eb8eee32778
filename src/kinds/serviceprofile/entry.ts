/** ServiceProfile as the surfaces see it: no option of its own, only a target converts it. */
import type { KindEntry } from '../kind.js'

export const serviceProfileEntry: KindEntry = { kind: 'ServiceProfile', group: 'linkerd.io' }
