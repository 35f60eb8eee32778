/**
 * The parts of one split as the route mapping reads them (routes.ts), and the routes it
 * makes: apart so that claims.ts can name them without importing the mapping.
 */
import type { PlainValue } from '../../edit/emit.js'
import type { Diagnostic } from '../../model.js'
import type { SplitFields } from '../../kinds/trafficsplit/read.js'
import type { ServiceFact, SourceFile } from './model.js'

export interface RouteOut {
  kind: 'HTTPRoute' | 'GRPCRoute' | 'TCPRoute'
  name: string
  port: number
  value: Record<string, PlainValue>
}

/** A split's parts once read: its name, root Service and backends, and the findings so far. */
export interface Parts {
  src: SplitFields & { name: string }
  root: string
  backends: Array<{ name: string; weight: bigint; offset: number }>
  findings: Diagnostic[]
  splitKey: string
  /** The Services the split names that the input holds, by name. */
  services: Map<string, ServiceFact>
  /** An A/B split whose route groups hold no match: no request matched it. */
  unmatched?: boolean
}

/** A route smi-migrate wrote before, to write anew in its place (in `file`; none in a stream); `replaces`: its kind and name, when not the route's. */
export interface Rewrite {
  route: RouteOut
  file?: SourceFile
  replaces?: { kind: string; name: string }
  /** A route written from the Service's ServiceProfile, which carries the split's backends (carried.ts). */
  carried?: boolean
}
