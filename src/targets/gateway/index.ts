/**
 * `--to gateway`: TrafficSplits become Gateway API routes with a Service parent (GAMMA,
 * docs/gateway.md). The facts of the whole input (Services, HTTPRouteGroups, routes
 * already there: facts.ts) are its context; split.ts and routes.ts replace one split.
 * Loaded with the converter (options.ts is the part the CLI reads at start-up).
 */
import type { TargetPlugin } from '../target.js'
import { collectFacts, scopeFacts } from './facts.js'
import { GATEWAY, type GatewayFacts, type GatewayOptions } from './model.js'
import { splitToRoutes } from './split.js'
import { profileToRoutes } from './profiles/profile.js'
import { withSplits } from './profiles/splits.js'
import { routeApis } from './presets.js'

export const gatewayTarget: TargetPlugin<GatewayOptions, GatewayFacts> = {
  name: GATEWAY,
  prepare: (documents, options) => withSplits(documents, collectFacts, options.noIgnore === true, !routeApis(options).notLinkerd),
  scope: scopeFacts,
  replaces: { TrafficSplit: { replace: splitToRoutes }, ServiceProfile: { replace: profileToRoutes } },
  keepsOriginal: (o, kind) => (kind === 'ServiceProfile' ? o.keepServiceProfile : o.keepTrafficSplit) === true,
}
