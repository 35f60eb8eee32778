/**
 * The entry of `--to gateway`: its name and options as the surfaces take them (the CLI's
 * flags and help, the Action's inputs, checked against action.yml by the tests), and the
 * one reader of their values. Loads nothing heavy: the CLI reads it at start-up.
 */
import type { OptionValue } from '../../model.js'
import { OptionError, type TargetEntry } from '../target.js'
import { GATEWAY_RULES } from './codes.js'
import { readPorts, readRouteKinds } from './overrides.js'
import { PROFILE_RULES } from './profiles/codes.js'
import { GATEWAY, GATEWAY_API_RELEASES, type GatewayOptions, LINKERD_RELEASES, ROUTE_APIS, ROUTE_KINDS } from './model.js'

const OPTIONS = [
  {
    name: 'route-api',
    value: 'apiVersion',
    choices: ROUTE_APIS,
    help: 'apiVersion of the HTTPRoutes (default: gateway.networking.k8s.io/v1)',
  },
  { name: 'linkerd', value: 'release', choices: LINKERD_RELEASES, help: 'write what this Linkerd release accepts, with its checks' },
  {
    name: 'gateway-api',
    value: 'release',
    choices: GATEWAY_API_RELEASES,
    help: 'the Gateway API release installed (match limits, GRPCRoute\nand TCPRoute versions; default: 1.1, or what --linkerd bundles)',
  },
  { name: 'service-group', value: 'group', choices: ['""', 'core'], help: 'group of the Service parentRefs (default: "")' },
  {
    name: 'port',
    value: 'number',
    help: 'the Service port, when the input has no Service manifests;\nor SERVICE=PORT entries, comma-separated, for one Service each',
  },
  {
    name: 'route-kind',
    value: 'kind',
    help: `route kind: ${ROUTE_KINDS.join(', ')} (default: auto, from each Service\nport's appProtocol or name); or SERVICE[:PORT]=KIND entries`,
  },
  {
    name: 'rescale-weights',
    help: 'round weights that do not fit 1000000 even divided by their\ngreatest common divisor (reports the largest change), instead of refusing them',
  },
  { name: 'keep-trafficsplit', help: 'keep each TrafficSplit and write its routes after it' },
  { name: 'keep-serviceprofile', help: 'keep each ServiceProfile and write its routes after it' },
  {
    name: 'retry-limit',
    value: 'number',
    help: "retries per request of a retryable ServiceProfile route\n(retry.linkerd.io/limit; default: 1, Linkerd's)",
  },
] as const

export const gatewayEntry: TargetEntry<GatewayOptions> = {
  name: GATEWAY,
  summary: 'replace them by Gateway API routes (docs/gateway.md)',
  produces: 'Gateway API routes',
  rules: { ...GATEWAY_RULES, ...PROFILE_RULES },
  options: OPTIONS,
  replaces: { TrafficSplit: 'routes', ServiceProfile: 'routes' },
  // A Service, or a route already there (facts.ts reads them).
  reads: ['Service', 'Route', 'Canary', 'Rollout', 'TrafficSplit'],
  readOptions,
  load: async () => (await import('./index.js')).gatewayTarget,
}

/** The options from the values a surface read; choices are checked by the surface (from OPTIONS), the port's range here. */
function readOptions(get: (name: string) => OptionValue, label: (name: string) => string): GatewayOptions {
  const o: GatewayOptions = {}
  const value = (name: string): string | undefined => {
    const v = get(name)
    return typeof v === 'string' && v !== '' ? v : undefined
  }
  const routeApi = value('route-api')
  const linkerd = value('linkerd')
  const release = value('gateway-api')
  const group = value('service-group')
  const kind = value('route-kind')
  const port = value('port')
  if (routeApi) o.routeApi = routeApi as GatewayOptions['routeApi']
  if (linkerd) o.linkerd = linkerd as GatewayOptions['linkerd']
  if (release) o.gatewayApi = release as GatewayOptions['gatewayApi']
  if (group) o.serviceGroup = group === 'core' ? 'core' : ''
  if (kind) Object.assign(o, readRouteKinds(kind, label('route-kind')))
  if (port !== undefined) Object.assign(o, readPorts(port, label('port')))
  if (get('rescale-weights') === true) o.rescaleWeights = true
  if (get('keep-trafficsplit') === true) o.keepTrafficSplit = true
  if (get('keep-serviceprofile') === true) o.keepServiceProfile = true
  // --mesh is the run's option (kinds/meshes.ts), read here too: it says which mesh the routes are for.
  const mesh = value('mesh')
  if (mesh) o.mesh = mesh as GatewayOptions['mesh']
  // So is --no-ignore: the unit check reads suppressions as the converter does (profiles/left.ts).
  if (get('no-ignore') === true || get('no-ignore') === 'true') o.noIgnore = true
  const limit = value('retry-limit')
  if (limit !== undefined) {
    const n = Number(limit)
    if (!/^\d+$/.test(limit) || n < 1 || n > 65535)
      throw new OptionError(`${label('retry-limit')} must be a number from 1 to 65535; got "${limit}"`)
    o.retryLimit = n
  }
  return o
}
