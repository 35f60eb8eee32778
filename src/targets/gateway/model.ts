/**
 * The records of the Gateway API target (`--to gateway`, docs/gateway.md): its options as
 * the library takes them, and what the whole input says about the objects a route needs.
 * No logic lives here.
 */
import type { Mesh } from '../../kinds/meshes.js'

/** The target's name: `--to gateway`. */
export const GATEWAY = 'gateway'

/** The Linkerd releases `--linkerd` knows (what each accepts: docs/gateway.md). */
export const LINKERD_RELEASES = ['2.13', '2.14', '2.15', '2.16', '2.17', '2.18', '2.19', '2.20'] as const
export type LinkerdRelease = (typeof LINKERD_RELEASES)[number]
/** The Gateway API releases whose limits `--gateway-api` picks (minor versions). */
export const GATEWAY_API_RELEASES = ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5', '1.6'] as const
export type GatewayApiRelease = (typeof GATEWAY_API_RELEASES)[number]
export const ROUTE_APIS = [
  'gateway.networking.k8s.io/v1',
  'gateway.networking.k8s.io/v1beta1',
  'policy.linkerd.io/v1beta2',
  'policy.linkerd.io/v1beta3',
] as const
export type RouteApi = (typeof ROUTE_APIS)[number]
export const ROUTE_KINDS = ['auto', 'http', 'grpc', 'tcp'] as const
export type RouteKindChoice = (typeof ROUTE_KINDS)[number]

/**
 * The library's `to: 'gateway'` and its `gateway` field (model.ts TargetOptionFields), declared
 * beside the options so that the library's rolled-up declarations, which follow its imports
 * (index.ts exports this file), hold them.
 */
declare module '../../model.js' {
  interface TargetOptionFields {
    gateway: GatewayOptions
  }
}

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
  /** The port per root Service (`name` or `namespace/name`), before `port`. */
  portFor?: Readonly<Record<string, number>>
  /** The route kind; `auto` (default) reads the Service port's appProtocol or name. */
  routeKind?: RouteKindChoice
  /** The route kind per root Service port (`[namespace/]name[:port]`), before the annotation and `routeKind`. */
  routeKindFor?: Readonly<Record<string, Exclude<RouteKindChoice, 'auto'>>>
  /** Weights still above 1000000 after division by their divisor are rounded (reported) instead of refused. */
  rescaleWeights?: boolean
  /** Keep each TrafficSplit and write its routes after it (a phased migration). */
  keepTrafficSplit?: boolean
  /** Keep each ServiceProfile and write its routes after it (a phased migration). */
  keepServiceProfile?: boolean
  /** `retry.linkerd.io/limit` on the routes of retryable ServiceProfile routes (default 1, Linkerd's). */
  retryLimit?: number
  /**
   * The mesh the manifests run on (`--mesh`). Another than linkerd, and no `linkerd` release
   * given: what matters only on Linkerd (linkerd-smi's ServiceProfiles, its runbook) is not said.
   */
  mesh?: Mesh
  /** `--no-ignore` (the run's option, read here too): suppressions are not read, so a suppressed split or profile is converted. */
  noIgnore?: boolean
}

/**
 * What the whole input of a `--to gateway` run says about the objects a route needs: read
 * from every document (stream, files, kustomize tree) before any is converted, and never
 * changed after. Keys are `namespace/name`, with an empty namespace for objects that set
 * none (they match only each other: Helm and kustomize set namespaces later). Each key holds
 * every object of that name, with the file it came from: a split finds its Service in its
 * own file first, then its directory, then the run (facts.ts, `lookup`).
 */
export interface GatewayFacts {
  services: Map<string, Array<Sourced<ServiceFact>>>
  routeGroups: Map<string, Array<Sourced<RouteGroupFact>>>
  /** Gateway API (and policy.linkerd.io) routes already in the input. */
  routes: Map<string, Array<Sourced<RouteFact>>>
  /** Flagger Canaries and Argo Rollouts in the input, by the root Service whose TrafficSplit they write. */
  controllers: Map<string, Array<Sourced<{ kind: string; name: string }>>>
  /** Linkerd ServiceProfiles in the input, by namespace and name (a Service's FQDN). */
  profiles: Map<string, Array<Sourced<ProfileFact>>>
  /**
   * Kustomize strategic-merge patches that change a Service's ports, by the Service's name,
   * with the kustomization that lists each: what such a Service renders depends on the overlay.
   */
  servicePatches: Map<string, Array<Sourced<{ by: string; members?: ReadonlySet<string> }>>>
  /**
   * The files that kustomizations list as strategic-merge patches (resolved path), with the
   * kustomization that lists each: an object in one is part of an object, not one to replace.
   */
  patchFiles?: Map<string, string>
  /** The documents that hold each ServiceProfile, by the profile's namespace and name: split and profile are one unit (profiles/unit.ts). */
  profileDocs?: Map<string, ProfileDoc[]>
  /** TrafficSplits by namespace and root Service, as plain data (a ServiceProfile's dstOverrides mirror them). */
  splits?: Map<string, Array<Sourced<Record<string, unknown>>>>
  /** Service documents that do not parse, by the name and namespace a partial reading gives (`?<namespace>` without a name): service-reading.ts. */
  unreadServices?: Map<string, Array<{ where: string; message: string }>>
  /** The top kustomizations that render each file of the run (by its resolved path), where the run's kustomizations say (SourceDocument `renderedBy`). */
  renderedBy?: Map<string, ReadonlySet<string>>
  /** The file whose splits are converted (the facts as seen from it); absent in a stream. */
  from?: SourceFile
  /** Set while the unit check runs an object's own conversion (profiles/unit.ts): the unit is not checked again from there. */
  alone?: boolean
}

/** A file of the run: its resolved path, and the path as reports show it. */
export interface SourceFile {
  path: string
  shown: string
  /** Read beside the files given, not among them (a pre-commit batch): never written, so a route in it that must change is refused. */
  aside?: boolean
}

/**
 * A document that holds a ServiceProfile (the fact: its text), with where the profile stands,
 * `line` (1-based, in its file, or in the stream), and its `spec` as canonical JSON: two copies
 * of one profile that differ are not known to be the one applied last (profiles/unit.ts).
 */
export type ProfileDoc = Sourced<string> & { line: number; spec: string }

/** An object's fact and the file it came from (none in a stream). */
export interface Sourced<T> {
  fact: T
  file?: SourceFile
  /** Of a TrafficSplit or ServiceProfile: why the converter leaves it before the target sees it (profiles/left.ts). */
  left?: Left
}

/** Why the converter leaves an object before the target sees it: suppressed, written in part by a template action, or not readable. */
export interface Left {
  /** suppressed, invalid-suppression, templated, invalid-yaml, or the code of the converter's own refusal of its reading. */
  code: string
  message: string
  /** Of an object whose name a template action writes: the name as written (its fact reads it masked). */
  name?: string
}

export interface ServiceFact {
  type?: string
  clusterIP?: string
  ports: Array<{ port: number; name?: string; appProtocol?: string; protocol?: string }>
  /** The `config.linkerd.io/opaque-ports` annotation. */
  opaquePorts?: string
  /** Its timeout.linkerd.io/* and retry.linkerd.io/* annotations, which routes without their own take (inherited.ts). */
  routeDefaults?: Record<string, string>
  /** A Helm action written as its namespace (`{{ .Release.Namespace }}`), as written. */
  namespaceAction?: string
  /** The route kind per port (`*`: every port) from the annotation smi-migrate.io/route-kind (overrides.ts). */
  routeKinds?: Readonly<Record<string, Exclude<RouteKindChoice, 'auto'>>>
  /** The annotation smi-migrate.io/route-kind, when it is malformed: why. */
  routeKindProblem?: string
}

/** An HTTPRouteGroup's matches as data (either header wire form, as written). */
export interface RouteGroupFact {
  matches: unknown[]
}

export interface RouteFact {
  kind: string
  name: string
  /** The Service ports it attaches to, `namespace/name:port` (`:*`: every port). */
  parents?: string[]
  /** Whether a rule of it has no matches (it matches every request). */
  matchless?: boolean
  /** Written by smi-migrate (its generator annotation): a kept TrafficSplit's routes from an earlier run. */
  generated: boolean
  /** Of a generated route: its spec as canonical JSON (keys sorted), to tell whether its split has changed since. */
  spec?: string
  /** Of a generated route with a digest (facts.ts `DIGEST`): the digest, and whether the route differs from it (a person edited it). */
  digest?: string
  edited?: boolean
  /** Of a route written from a ServiceProfile: the profile route's name (`[DEFAULT]`: its catch-all) and `routeBody`. */
  profileRoute?: string
  body?: string
  /** Of a generated route: the object (a profile's, for its split converted later to write anew with its backends: carried.ts). */
  object?: Record<string, unknown>
}

/** A Linkerd ServiceProfile in the input, and what its own routes do (linkerd-smi's profiles have none). */
export interface ProfileFact {
  kind: string
  name: string
  /** How many routes of its own it has (`spec.routes`). */
  routes?: number
  /** Whether a route is retryable, or it sets a retry budget. */
  retries?: boolean
  /** Whether a route sets a timeout. */
  timeouts?: boolean
  /** It has dstOverrides (its routes carry them, or a TCPRoute does). */
  overrides?: boolean
  /** It carries smi.linkerd.io/skip: linkerd-smi never wrote a TrafficSplit into it. */
  skip?: boolean
}
