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
import type { Finding, MigrateOptions as CoreOptions, Target, TargetOptionFields } from './model.js'
import { migrateBytes } from './pipeline/bytes.js'
import { documentsOf } from './pipeline/segment.js'
import { convertSegment, replaceExisting } from './convert/text.js'
import { prepare, type RunOptions, type TargetPlugin } from './targets/target.js'
import { gatewayTarget } from './targets/gateway/index.js'
export type { GatewayCode } from './targets/gateway/codes.js'

export type {
  AccessTarget,
  CoreFindingCode,
  Finding,
  FindingCode,
  ObjectRef,
  Severity,
  SpecsTarget,
  Target,
  TargetFindingCodes,
  TargetOptionFields,
  Version,
} from './model.js'
export { ACCESS_TARGETS, SPECS_TARGETS, TARGETS, VERSIONS } from './model.js'
export type { GatewayApiRelease, GatewayOptions, LinkerdRelease, RouteApi, RouteKindChoice } from './targets/gateway/model.js'
export { GATEWAY, GATEWAY_API_RELEASES, LINKERD_RELEASES, ROUTE_APIS, ROUTE_KINDS } from './targets/gateway/model.js'
export type { Mesh } from './kinds/meshes.js'
export { MESHES } from './kinds/meshes.js'
export { parseQuantity } from './quantity/quantity.js'
export type { Decimal, QuantityResult } from './quantity/quantity.js'

/**
 * The target plug-ins `to` may name, loaded: the library converts synchronously, and the
 * registry loads a plug-in only with `import()` (awaited here, at the top level, it would make
 * this a module that require() cannot load: the suites' tsx hook, a CommonJS bundle). Typed by
 * the targets' fields (TargetOptionFields), so a target missing here fails the typecheck.
 */
type Plugins = { readonly [N in keyof TargetOptionFields]: TargetPlugin<TargetOptionFields[N]> }
const PLUGINS: Plugins = { gateway: gatewayTarget }

/** The plug-in `to` names, if it names a target. */
function pluginOf(to: string | undefined): TargetPlugin | undefined {
  return to !== undefined && Object.hasOwn(PLUGINS, to) ? (PLUGINS[to as keyof TargetOptionFields] as TargetPlugin) : undefined
}

/**
 * Each target's options are a field named as the target (`gateway`: how `to: 'gateway'` writes
 * routes), which the target declares (TargetOptionFields).
 */
export interface MigrateOptions extends Omit<CoreOptions, 'to'>, Partial<TargetOptionFields> {
  /**
   * The apiVersion to move TrafficSplits to (default `v1alpha2`), or a target: `gateway`
   * replaces each TrafficSplit by Gateway API routes (docs/gateway.md), set up by `gateway`.
   */
  to?: Target | keyof TargetOptionFields
}

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
  const plugin = pluginOf(options.to)
  const targets = resolveTargets({ ...options, to: plugin ? undefined : (options.to as Target | undefined) })
  const opts: RunOptions = {
    ...targets,
    stripServerFields: options.stripServerFields ?? false,
    noIgnore: options.noIgnore ?? false,
    // v1alpha2+ weights past what Linkerd sums are repaired unless another mesh reads them (ConvertOptions.notLinkerd).
    ...(options.mesh !== undefined && options.mesh !== 'linkerd' ? { notLinkerd: true } : {}),
  }
  // A target is prepared on the whole input (a route needs the Services and route groups).
  if (plugin)
    opts.target = prepare(
      plugin,
      { ...(options[plugin.name as keyof TargetOptionFields] ?? {}), ...(options.noIgnore ? { noIgnore: true } : {}) },
      documentsOf([Buffer.from(text, 'utf8')]),
    )
  // A lone surrogate becomes U+FFFD in the bytes: one UTF-16 unit either way, so offsets
  // into the decoded bytes are offsets into `text`.
  const r = migrateBytes(Buffer.from(text, 'utf8'), opts, options.path ?? '<input>', convertSegment, replaceExisting)
  return {
    output: r.changed ? splice(text, r.edits) : text,
    changed: r.changed,
    findings: [...r.findings, ...linkFindings(r.objects)],
    failed: r.findings.some((f) => f.severity === 'error'),
  }
}
