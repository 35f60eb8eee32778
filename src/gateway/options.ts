/**
 * The `--to gateway` options as the surfaces take them: one reader for the CLI's flags and
 * the Action's inputs (same names), so the two validate alike. `label` says how a surface
 * names an option in a message (`--port`, `input "port"`).
 */
import { GATEWAY_API_RELEASES, type GatewayOptions, LINKERD_RELEASES, ROUTE_APIS, ROUTE_KINDS } from '../model.js'

/** Each option's name (the CLI flag without `--`, the Action input) and its choices. */
export const GATEWAY_OPTIONS = [
  { name: 'route-api', choices: ROUTE_APIS },
  { name: 'linkerd', choices: LINKERD_RELEASES },
  { name: 'gateway-api', choices: GATEWAY_API_RELEASES },
  { name: 'service-group', choices: ['""', 'core'] },
  { name: 'port' },
  { name: 'route-kind', choices: ROUTE_KINDS },
  { name: 'rescale-weights', flag: true },
  { name: 'keep-trafficsplit', flag: true },
] as const

export class GatewayOptionError extends Error {}

/**
 * Reads the options from `get` (a string value, true for a flag set, undefined when not
 * given). Choices are checked by the caller's own choice rule; this checks what is left
 * (the port's range) and that none is given without `--to gateway`.
 */
export function readGatewayOptions(get: (name: string) => string | boolean | undefined, gateway: boolean,
  label: (name: string) => string, toLabel: string): GatewayOptions {
  const o: GatewayOptions = {}
  const given = GATEWAY_OPTIONS.find((f) => get(f.name) !== undefined && get(f.name) !== false)
  if (given && !gateway) throw new GatewayOptionError(`${label(given.name)} needs ${toLabel}`)
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
  if (kind) o.routeKind = kind as GatewayOptions['routeKind']
  if (port !== undefined) {
    const n = Number(port)
    if (!/^[0-9]+$/.test(port) || n < 1 || n > 65535) throw new GatewayOptionError(`${label('port')} must be a number from 1 to 65535; got "${port}"`)
    o.port = n
  }
  if (get('rescale-weights') === true) o.rescaleWeights = true
  if (get('keep-trafficsplit') === true) o.keepTrafficSplit = true
  return o
}
