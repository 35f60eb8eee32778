/**
 * Which route apiVersions and limits a `--to gateway` run writes for, from `--linkerd`,
 * `--gateway-api` and `--route-api` (docs/gateway.md, "Versions"). Linkerd's rows are read
 * from its release tags: the CRDs each release bundles and the policy.linkerd.io versions
 * it serves.
 */
import type { GatewayApiRelease, GatewayOptions, LinkerdRelease } from './model.js'

export type RouteKind = 'http' | 'grpc' | 'tcp'

export interface RouteApis {
  /** apiVersion per route kind; absent when the target does not serve that kind. */
  apiVersion: Partial<Record<RouteKind, string>>
  /** HTTPRoute matches per rule (8 up to Gateway API 1.1, 64 from 1.2). */
  maxMatchesPerRule: number
  /** Matches per route (a CEL rule from 1.2: 128; match-less rules count one). */
  maxMatchesPerRoute: number
  /** The Linkerd release the routes are for (turns on its checks). */
  linkerd?: LinkerdRelease
  /** Another mesh named, and no Linkerd release: nothing that matters only on Linkerd is said. */
  notLinkerd?: true
  /** Why a kind is missing, for the message. */
  missing: string
}

const GW = 'gateway.networking.k8s.io'
/** Rules per route and backendRefs per rule in every release. */
export const MAX_RULES = 16
export const MAX_BACKENDS = 16
/** The largest backendRef weight (Gateway API and policy.linkerd.io). */
export const MAX_ROUTE_WEIGHT = 1000000n

/** What each Linkerd release serves (charts/linkerd-crds per tag) and the Gateway API it bundles. */
const LINKERD: Record<LinkerdRelease, { http: string; grpc?: string; tcp?: string; gatewayApi: GatewayApiRelease }> = {
  '2.13': { http: 'policy.linkerd.io/v1beta2', gatewayApi: '1.0' },
  '2.14': { http: `${GW}/v1beta1`, gatewayApi: '1.0' },
  '2.15': { http: `${GW}/v1beta1`, gatewayApi: '1.0' },
  '2.16': { http: `${GW}/v1beta1`, grpc: `${GW}/v1alpha2`, gatewayApi: '1.0' },
  '2.17': { http: `${GW}/v1beta1`, grpc: `${GW}/v1alpha2`, tcp: `${GW}/v1alpha2`, gatewayApi: '1.0' },
  '2.18': { http: `${GW}/v1`, grpc: `${GW}/v1`, tcp: `${GW}/v1alpha2`, gatewayApi: '1.1' },
  '2.19': { http: `${GW}/v1`, grpc: `${GW}/v1`, tcp: `${GW}/v1alpha2`, gatewayApi: '1.1' },
  '2.20': { http: `${GW}/v1`, grpc: `${GW}/v1`, tcp: `${GW}/v1alpha2`, gatewayApi: '1.1' },
}

export function routeApis(o: GatewayOptions): RouteApis {
  const linkerd = o.linkerd ? LINKERD[o.linkerd] : undefined
  const release = o.gatewayApi ?? linkerd?.gatewayApi ?? '1.1'
  const minor = Number(release.split('.')[1])
  const apiVersion: RouteApis['apiVersion'] = linkerd
    ? { http: linkerd.http, ...(linkerd.grpc ? { grpc: linkerd.grpc } : {}), ...(linkerd.tcp ? { tcp: linkerd.tcp } : {}) }
    : {
        http: `${GW}/v1`,
        // GRPCRoute v1 is Standard from 1.1; TCPRoute v1 from 1.6 (v1alpha2, Experimental, before).
        grpc: minor >= 1 ? `${GW}/v1` : `${GW}/v1alpha2`,
        tcp: minor >= 6 ? `${GW}/v1` : `${GW}/v1alpha2`,
      }
  if (o.routeApi) apiVersion.http = o.routeApi
  const big = minor >= 2
  return {
    apiVersion,
    maxMatchesPerRule: big ? 64 : 8,
    maxMatchesPerRoute: big ? 128 : 8 * MAX_RULES,
    ...(o.linkerd ? { linkerd: o.linkerd } : {}),
    ...(o.mesh && o.mesh !== 'linkerd' && !o.linkerd ? { notLinkerd: true as const } : {}),
    missing: o.linkerd ? `Linkerd ${o.linkerd}` : `Gateway API ${release}`,
  }
}

/** Linkerd's default opaque ports (charts/linkerd-control-plane values.yaml `opaquePorts`). */
export const LINKERD_OPAQUE_PORTS = [25, 587, 3306, 4444, 5432, 6379, 9300, 11211]

/** Whether `release` is at least `than` (both `2.NN`). */
export function atLeast(release: LinkerdRelease, than: LinkerdRelease): boolean {
  return Number(release.split('.')[1]) >= Number(than.split('.')[1])
}
