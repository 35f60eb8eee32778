/**
 * Plain records shared by the pipeline stages. No logic lives here.
 */

/** The TrafficSplit versions, oldest first. */
export const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'] as const
export type Version = (typeof VERSIONS)[number]
/** The versions `--to` accepts: every version with integer weights. */
export const TARGETS = ['v1alpha2', 'v1alpha3', 'v1alpha4'] as const
export type Target = (typeof TARGETS)[number]
/** The versions `--specs-to` accepts (HTTPRouteGroup, TCPRoute of `specs.smi-spec.io`). */
export const SPECS_TARGETS = ['v1alpha2', 'v1alpha3', 'v1alpha4'] as const
export type SpecsTarget = (typeof SPECS_TARGETS)[number]
/** The versions `--access-to` accepts (TrafficTarget of `access.smi-spec.io`; v1alpha4 was never released in the SDK). */
export const ACCESS_TARGETS = ['v1alpha2', 'v1alpha3'] as const
export type AccessTarget = (typeof ACCESS_TARGETS)[number]

export const SMI_SPLIT_GROUP = 'split.smi-spec.io'

/** How a scalar is written (the `yaml` package's names for the five YAML scalar styles). */
export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'

/**
 * A scalar as written: its presentation, its string content and its source range. Views hold
 * these instead of parser nodes, so the conversion logic is testable without YAML.
 */
export interface ScalarRef {
  style: ScalarStyle
  value: string
  /** Source text of the scalar itself (quotes included; anchor, tag and comment excluded). */
  raw: string
  start: number
  end: number
}

/** Why something cannot be converted, and where: made into an error finding by the planner. */
export interface Problem {
  code: FindingCode
  offset: number
  message: string
}

/** One weight: the scalar to read and rewrite, or why it cannot be used. */
export type WeightRef = { offset: number; scalar: ScalarRef } | { offset: number; problem: Problem }

/** Replace `text.slice(start, end)` with `text`. Offsets are UTF-16 indices into one text. */
export interface Edit {
  start: number
  end: number
  text: string
}

export type Severity = 'error' | 'warning' | 'info'

/**
 * One thing the run has to say about an input: a conversion (info), something left alone
 * that a person should look at (warning), or something that stops a file from being
 * written (error). `offset` is where it points, in the same text as the edits.
 */
export interface Diagnostic {
  severity: Severity
  code: FindingCode
  message: string
  offset: number
  /** For findings about one TrafficSplit object. */
  object?: ObjectRef
  from?: string
  to?: string
  weightsBefore?: string[]
  weightsAfter?: string[]
  /** For a weight written by `{{ .Values.a.b }}`: `['a', 'b']` (the CLI names the values.yaml line). */
  valuesPath?: string[]
  /** The text around that action in the scalar (`m` in `{{ .Values.w }}m`), for the rendered value in the hint. */
  valuesAffix?: ValuesAffix
  /**
   * Set on a warning that leaves an SMI object older than `--to` (or with non-integer weights)
   * for a person to fix: templated fields, a near-miss group, a missing apiVersion, a
   * kustomize tree held back. `--check`, `--diff` and `--write` exit 1 when any finding is pending.
   */
  pending?: boolean
}

/** Where a finding (or an object) is, once the stage that knows the file has said so; line 0 is the file as a whole. */
export interface Located {
  path: string
  line: number
  column: number
}

/**
 * A diagnostic where a person can find it: made once, at the edge that knows the file
 * (pipeline/segment.ts locateFindings, or a file-level finding with line 0).
 */
export interface Finding extends Diagnostic, Located {}

export type FindingCode =
  | 'converted'
  | 'repaired'
  | 'patch-converted'
  | 'newer-than-target'
  | 'no-target'
  | 'crd-not-served'
  | 'incompatible-versions'
  | 'no-api-version'
  | 'near-miss-group'
  | 'unknown-version'
  | 'templated'
  | 'invalid-weight'
  | 'invalid-structure'
  | 'invalid-yaml'
  | 'unsupported-alias'
  | 'not-utf8'
  | 'binary'
  | 'io'
  | 'not-written'
  | 'same-tree'
  // --to gateway (docs/gateway.md)
  | 'already-converted'
  | 'port-unknown'
  | 'headless-root'
  | 'externalname'
  | 'routegroup-missing'
  | 'cross-namespace'
  | 'no-root-service'
  | 'too-many-backends'
  | 'too-many-matches'
  | 'match-unrepresentable'
  | 'weight-overflow'
  | 'route-kind'
  | 'name-collision'
  | 'kustomize-patch-target'
  | 'all-weights-zero'
  | 'backend-port-missing'
  | 'no-backends'
  | 'weights-rescaled'
  | 'owned-by-controller'
  | 'linkerd-opaque-port'
  | 'serviceprofile-precedence'
  | 'regex-path'

/** A weight's text around its action, `m` in `{{ .Values.w }}m`: it renders next to the value. */
export interface ValuesAffix {
  prefix: string
  suffix: string
  /** Another action is part of the scalar: what it renders is not known here. */
  more: boolean
}

/**
 * An object the run saw, for checks across documents and files (kinds/links.ts): which
 * version it has once the run is done, and which other objects it needs at which versions
 * (a TrafficSplit's matches name HTTPRouteGroups of its own version).
 */
export interface ObjectFact {
  kind: string
  namespace?: string
  name: string
  /** The version after the run: converted, or as it was. */
  version: string
  /** The version in the input (what stays when the file is not written). */
  before: string
  offset: number
  needs?: ObjectNeed[]
  /** What it needs at `before` (when its file is not written). */
  needsBefore?: ObjectNeed[]
}

export interface ObjectNeed {
  kind: string
  name: string
  versions: readonly string[]
}

export interface ObjectRef {
  kind: string
  namespace?: string
  name?: string
}

export interface MigrateOptions {
  /**
   * The apiVersion to move TrafficSplits to (default `v1alpha2`), or `gateway`: replace each
   * TrafficSplit by Gateway API routes (docs/gateway.md), set up by `gateway`.
   */
  to?: Target | typeof GATEWAY
  /** How `to: 'gateway'` writes routes. */
  gateway?: GatewayOptions
  /** The apiVersion to move HTTPRouteGroups and TCPRoutes to; without it they are left alone. */
  specsTo?: SpecsTarget
  /** The apiVersion to move TrafficTargets to; without it they are left alone. */
  accessTo?: AccessTarget
  /**
   * Remove what the API server owns from converted objects (and from a List wrapper holding
   * them): metadata.creationTimestamp, generation, resourceVersion, selfLink, uid,
   * managedFields, the last-applied-configuration annotation, and status.
   */
  stripServerFields?: boolean
}

/** `--to gateway`: TrafficSplits become Gateway API routes instead of a newer TrafficSplit. */
export const GATEWAY = 'gateway'

/** The Linkerd releases `--linkerd` knows (what each accepts: docs/gateway.md). */
export const LINKERD_RELEASES = ['2.13', '2.14', '2.15', '2.16', '2.17', '2.18', '2.19', '2.20'] as const
export type LinkerdRelease = (typeof LINKERD_RELEASES)[number]
/** The Gateway API releases whose limits `--gateway-api` picks (minor versions). */
export const GATEWAY_API_RELEASES = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6'] as const
export type GatewayApiRelease = (typeof GATEWAY_API_RELEASES)[number]
export const ROUTE_APIS = ['gateway.networking.k8s.io/v1', 'gateway.networking.k8s.io/v1beta1', 'policy.linkerd.io/v1beta2', 'policy.linkerd.io/v1beta3'] as const
export type RouteApi = (typeof ROUTE_APIS)[number]
export const ROUTE_KINDS = ['auto', 'http', 'grpc', 'tcp'] as const
export type RouteKindChoice = (typeof ROUTE_KINDS)[number]

/** The options of `--to gateway` (docs/gateway.md); every one has a default. */
export interface GatewayOptions {
  /** apiVersion of the HTTPRoutes (default `gateway.networking.k8s.io/v1`, or what `linkerd` accepts). */
  routeApi?: RouteApi
  /** A Linkerd release: picks the route apiVersions and limits it accepts, and turns on its checks. */
  linkerd?: LinkerdRelease
  /** The Gateway API release installed: its match limits and the TCPRoute/GRPCRoute versions (default 1.1). */
  gatewayApi?: GatewayApiRelease
  /** How parentRefs spell the core group: `""` (default, the Gateway API spelling) or `core` (Linkerd's docs). */
  serviceGroup?: '' | 'core'
  /** The Service port when the input has no Service manifest (every TrafficSplit of the run). */
  port?: number
  /** The route kind; `auto` (default) reads the Service port's appProtocol or name. */
  routeKind?: RouteKindChoice
  /** Weights still above 1000000 after division by their divisor are rounded (reported) instead of refused. */
  rescaleWeights?: boolean
  /** Keep each TrafficSplit and write its routes after it (a phased migration). */
  keepTrafficSplit?: boolean
}

/**
 * What the whole input of a `--to gateway` run says about the objects a route needs: read
 * from every document (stream, files, kustomize tree) before any is converted. Keys are
 * `namespace/name`, with an empty namespace for objects that set none (they match only
 * each other: Helm and kustomize set namespaces later).
 */
export interface GatewayFacts {
  services: Map<string, ServiceFact>
  routeGroups: Map<string, RouteGroupFact>
  /** Gateway API (and policy.linkerd.io) routes already in the input. */
  routes: Map<string, RouteFact>
  /** Root Services already given the ServiceProfile note in this run (it is said once per Service). */
  noted: Set<string>
  /** The routes this run writes (route key → the TrafficSplit that writes it): two splits must not write one route. */
  written: Map<string, string>
}

export interface ServiceFact {
  type?: string
  clusterIP?: string
  ports: Array<{ port: number; name?: string; appProtocol?: string; protocol?: string }>
  /** The `config.linkerd.io/opaque-ports` annotation. */
  opaquePorts?: string
}

/** An HTTPRouteGroup's matches as data (either header wire form, as written). */
export interface RouteGroupFact {
  matches: unknown[]
}

export interface RouteFact {
  kind: string
  /** Written by smi-migrate (its generator annotation): a kept TrafficSplit's routes from an earlier run. */
  generated: boolean
}

/** What the conversion of one segment needs to know. */
export interface ConvertOptions {
  to: Target
  /**
   * `--to gateway`: its options, and what the whole input says about Services, route groups
   * and routes (collected before any document is converted; opaque to the core).
   */
  gateway?: GatewayOptions & { facts?: GatewayFacts }
  specsTo?: SpecsTarget
  accessTo?: AccessTarget
  stripServerFields?: boolean
  /**
   * The smallest weight factor (10^k) per TrafficSplit name, `*` for every name: documents
   * of one kustomize tree that describe the same object must share one scale.
   */
  scaleFloor?: ReadonlyMap<string, 0 | 3 | 6 | 9>
  /**
   * Strip a List wrapper's server fields even though none of its items is in this text: the
   * streaming List path converts the items on their own and the wrapper (head and tail) last.
   */
  itemsConverted?: boolean
}
