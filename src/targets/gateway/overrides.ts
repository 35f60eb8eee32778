/**
 * Per-Service overrides of `--port` and `--route-kind` (docs/gateway.md, "Ports" and "Route
 * kinds"). A run-wide value holds for every split of the run, which is wrong as soon as a run
 * holds two Services that differ: `--route-kind tcp` for a Redis port would also put a TCPRoute
 * on every web port. So both options also take a comma list of entries for one Service
 * (`web=80`, `redis:6379=tcp`, `shop/redis=tcp`), and a Service may carry its own choice in the
 * annotation `smi-migrate.io/route-kind` (`tcp`, or `6379=tcp,6380=tcp`). The most specific
 * wins: a flag entry for the port, then for the Service, then the annotation (its port, then
 * all its ports), then the run-wide value.
 */
import { OptionError } from '../target.js'
import type { GatewayOptions, ServiceFact } from './model.js'
import type { RouteKind } from './presets.js'

/** The annotation by which a Service picks the route kind of its ports. */
export const ROUTE_KIND_ANNOTATION = 'smi-migrate.io/route-kind'
const KINDS: readonly RouteKind[] = ['http', 'grpc', 'tcp']
const ENTRY = /^(?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9]*)(?::(\d{1,5}))?=(.+)$/

/** An override that applies to one port: what it is and who said it (for messages). */
export interface Override {
  kind: RouteKind
  by: string
}

/** `--route-kind`: a run-wide kind, or entries `[NAMESPACE/]SERVICE[:PORT]=KIND`, comma-separated. */
export function readRouteKinds(value: string, label: string): Pick<GatewayOptions, 'routeKind' | 'routeKindFor'> {
  if (value === 'auto' || (KINDS as readonly string[]).includes(value)) return { routeKind: value as RouteKind | 'auto' }
  const out: Record<string, RouteKind> = {}
  for (const entry of value.split(',')) {
    const m = ENTRY.exec(entry.trim())
    if (!m || !(KINDS as readonly string[]).includes(m[4]!) || (m[3] !== undefined && !validPort(m[3])))
      throw new OptionError(
        `${label} takes auto, http, grpc or tcp, or entries SERVICE[:PORT]=KIND (comma-separated, KIND http, grpc or tcp); got "${entry}"`,
      )
    out[key(m[1], m[2]!, m[3])] = m[4] as RouteKind
  }
  return { routeKindFor: out }
}

/** `--port`: a run-wide port, or entries `[NAMESPACE/]SERVICE=PORT`, comma-separated. */
export function readPorts(value: string, label: string): Pick<GatewayOptions, 'port' | 'portFor'> {
  if (/^\d+$/.test(value)) {
    if (!validPort(value)) throw new OptionError(`${label} must be a number from 1 to 65535; got "${value}"`)
    return { port: Number(value) }
  }
  const out: Record<string, number> = {}
  for (const entry of value.split(',')) {
    const m = ENTRY.exec(entry.trim())
    if (!m || m[3] !== undefined || !/^\d+$/.test(m[4]!) || !validPort(m[4]!))
      throw new OptionError(`${label} takes a port from 1 to 65535, or entries SERVICE=PORT (comma-separated); got "${entry}"`)
    out[key(m[1], m[2]!, undefined)] = Number(m[4])
  }
  return { portFor: out }
}

/** The port `--port` sets for the splits of one root Service, if it sets one. */
export function portOf(opts: GatewayOptions, namespace: string | undefined, root: string): number | undefined {
  const forService = opts.portFor && (opts.portFor[key(namespace, root, undefined)] ?? opts.portFor[key(undefined, root, undefined)])
  return forService ?? opts.port
}

/** The route kind chosen for one port of a root Service, by the most specific override; undefined: none (auto). */
export function kindOverride(
  opts: GatewayOptions,
  namespace: string | undefined,
  root: string,
  port: number,
  service: ServiceFact | undefined,
): (Override & { runWide: boolean }) | undefined {
  const map = opts.routeKindFor ?? {}
  for (const k of [key(namespace, root, String(port)), key(undefined, root, String(port)), key(namespace, root), key(undefined, root)]) {
    const kind = map[k]
    if (kind) return { kind, by: `--route-kind ${k}=${kind}`, runWide: false }
  }
  const annotated = service?.routeKinds && (service.routeKinds[String(port)] ?? service.routeKinds['*'])
  if (annotated) return { kind: annotated, by: `the annotation ${ROUTE_KIND_ANNOTATION} of Service ${root}`, runWide: false }
  if (opts.routeKind && opts.routeKind !== 'auto') return { kind: opts.routeKind, by: `--route-kind ${opts.routeKind}`, runWide: true }
  return undefined
}

/**
 * The annotation's value: `KIND` for every port, or `PORT=KIND` entries, comma-separated.
 * Undefined when it is absent; a problem when it is malformed (the split is refused: a choice
 * written down and misread would route wrong).
 */
export function readAnnotation(value: unknown): Record<string, RouteKind> | { problem: string } | undefined {
  if (value === undefined) return undefined
  const text = typeof value === 'string' ? value.trim() : ''
  if ((KINDS as readonly string[]).includes(text)) return { '*': text as RouteKind }
  const out: Record<string, RouteKind> = {}
  for (const entry of text.split(',')) {
    const m = /^(\d{1,5})=(\w+)$/.exec(entry.trim())
    if (!m || !validPort(m[1]!) || !(KINDS as readonly string[]).includes(m[2]!))
      return { problem: `${ROUTE_KIND_ANNOTATION}: "${String(value)}" is not http, grpc or tcp, or PORT=KIND entries (comma-separated)` }
    out[String(Number(m[1]))] = m[2] as RouteKind
  }
  return out
}

function key(namespace: string | undefined, name: string, port?: string): string {
  return `${namespace ? `${namespace}/` : ''}${name}${port !== undefined ? `:${Number(port)}` : ''}`
}

function validPort(text: string): boolean {
  const n = Number(text)
  return n >= 1 && n <= 65535
}
