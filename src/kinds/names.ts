/**
 * The kinds' entries (`<kind>/entry.ts`: name, group, the option that picks the version),
 * one line each, in the order of registry.ts. Kept apart from registry.ts so what reads
 * only these loads no kind module (and no YAML parser): the byte pre-filter
 * (pipeline/segment.ts) searches the names, the CLI makes its flags from the options.
 * test/kinds.test.ts checks the two lists agree.
 */
import type { KindEntry } from './kind.js'
import { httpRouteGroupEntry } from './httproutegroup/entry.js'
import { serviceProfileEntry } from './serviceprofile/entry.js'
import { tcpRouteEntry } from './tcproute/entry.js'
import { trafficSplitEntry } from './trafficsplit/entry.js'
import { trafficTargetEntry } from './traffictarget/entry.js'

export const KIND_ENTRIES: readonly KindEntry[] = [
  trafficSplitEntry,
  httpRouteGroupEntry,
  tcpRouteEntry,
  trafficTargetEntry,
  serviceProfileEntry,
]

/** The names the pre-filter searches: a document that spells none of them holds no object of a known kind. */
export const KIND_NAMES: readonly string[] = KIND_ENTRIES.map((k) => k.kind)

/** The groups (SMI's, and Linkerd's for ServiceProfile): with a template action beside one, a templated `kind:` may be ours. */
export const GROUP_PREFIXES: readonly string[] = [...new Set(KIND_ENTRIES.map((k) => `${k.group}/`))]
