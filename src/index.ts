/**
 * smi-migrate's library API: convert SMI TrafficSplit manifests in YAML or JSON text to a
 * newer apiVersion, changing only the apiVersion and weight scalars; on request also
 * HTTPRouteGroups and TCPRoutes (`specsTo`) and TrafficTargets (`accessTo`), or every kind
 * to what one mesh serves (`mesh`).
 *
 * ```ts
 * import { migrate } from 'smi-migrate'
 * const { output, changed, findings } = migrate(text, { to: 'v1alpha2' })
 * migrate(text, { mesh: 'osm' })  // TrafficSplit v1alpha2, HTTPRouteGroup/TCPRoute v1alpha4, TrafficTarget v1alpha3
 * ```
 */
import { splice } from './edit/splice.js'
import { linkFindings } from './kinds/links.js'
import { type Mesh, resolveTargets } from './kinds/meshes.js'
import type { ConvertOptions, Finding, MigrateOptions } from './model.js'
import { collectFacts } from './gateway/facts.js'
import { migrateBytes } from './pipeline/bytes.js'
import { documentsOf } from './pipeline/segment.js'
import { convertSegment } from './convert/text.js'

export type { AccessTarget, Finding, FindingCode, GatewayApiRelease, GatewayOptions, LinkerdRelease, MigrateOptions, ObjectRef, RouteApi, RouteKindChoice, Severity, SpecsTarget, Target, Version } from './model.js'
export { ACCESS_TARGETS, GATEWAY, GATEWAY_API_RELEASES, LINKERD_RELEASES, ROUTE_APIS, ROUTE_KINDS, SPECS_TARGETS, TARGETS, VERSIONS } from './model.js'
export type { Mesh } from './kinds/meshes.js'
export { MESHES } from './kinds/meshes.js'
export { parseQuantity } from './quantity/quantity.js'
export type { Decimal, QuantityResult } from './quantity/quantity.js'

export interface MigrateResult {
  /** The converted text; the same string when nothing changed. */
  output: string
  changed: boolean
  /** Conversions (info), things left alone (warning) and errors, with line and column; `offset` indexes `text`. */
  findings: Finding[]
  /** Whether any finding is an error: then nothing should be written. */
  failed: boolean
}

/**
 * Converts every SMI TrafficSplit in a YAML/JSON stream (and, with `specsTo`, `accessTo` or
 * `mesh`, the sibling kinds). Never throws on bad input; an unknown `mesh` is a TypeError.
 * The edits are spliced into `text` itself, so every character outside the edited scalars
 * comes back as it was, even one UTF-8 cannot carry (a lone surrogate).
 *
 * `mesh` picks for each kind the version that mesh's CRDs serve; `to`, `specsTo` and
 * `accessTo` given explicitly win over it.
 */
export function migrate(text: string, options: MigrateOptions & { mesh?: Mesh; path?: string } = {}): MigrateResult {
  const { gateway, ...targets } = resolveTargets(options)
  const opts: ConvertOptions = { ...targets, stripServerFields: options.stripServerFields ?? false }
  if (gateway) {
    // A route needs the Services and route groups of the whole input.
    opts.gateway = { ...gateway, facts: collectFacts(documentsOf([Buffer.from(text, 'utf8')])) }
  }
  // A lone surrogate becomes U+FFFD in the bytes: one UTF-16 unit either way, so offsets
  // into the decoded bytes are offsets into `text`.
  const r = migrateBytes(Buffer.from(text, 'utf8'), opts, options.path ?? '<input>', convertSegment)
  return {
    output: r.changed ? splice(text, r.edits) : text,
    changed: r.changed,
    findings: [...r.findings, ...linkFindings(r.objects)],
    failed: r.findings.some((f) => f.severity === 'error'),
  }
}
