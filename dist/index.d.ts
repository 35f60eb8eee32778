/**
 * Plain records shared by the pipeline stages. No logic lives here.
 */
/** The TrafficSplit versions, oldest first. */
declare const VERSIONS: readonly ["v1alpha1", "v1alpha2", "v1alpha3", "v1alpha4"];
type Version = (typeof VERSIONS)[number];
/** The versions `--to` accepts: every version with integer weights. */
declare const TARGETS: readonly ["v1alpha2", "v1alpha3", "v1alpha4"];
type Target = (typeof TARGETS)[number];
/** The versions `--specs-to` accepts (HTTPRouteGroup, TCPRoute of `specs.smi-spec.io`). */
declare const SPECS_TARGETS: readonly ["v1alpha2", "v1alpha3", "v1alpha4"];
type SpecsTarget = (typeof SPECS_TARGETS)[number];
/** The versions `--access-to` accepts (TrafficTarget of `access.smi-spec.io`; v1alpha4 was never released in the SDK). */
declare const ACCESS_TARGETS: readonly ["v1alpha2", "v1alpha3"];
type AccessTarget = (typeof ACCESS_TARGETS)[number];
type Severity = 'error' | 'warning' | 'info';
/** What every diagnostic has: its code, its message, where it points (`offset`, in the same text as the edits). */
interface DiagnosticBase {
    code: FindingCode;
    message: string;
    offset: number;
    /** For findings about one object. */
    object?: ObjectRef;
}
/** The codes of conversions: what the run changed (or would change). */
type ConversionCode = 'converted' | 'repaired' | 'patch-converted' | 'values-converted';
/** The codes of notices and refusals: every other. */
type NoticeCode = Exclude<FindingCode, ConversionCode>;
/** A conversion the run makes (or would make): an object moved from one version to another. */
interface ConversionDiagnostic extends DiagnosticBase {
    severity: 'info';
    code: ConversionCode;
    from?: string;
    to?: string;
    weightsBefore?: string[];
    weightsAfter?: string[];
    pending?: undefined;
    valuesPath?: undefined;
    valuesAffix?: undefined;
    suppression?: undefined;
}
/** Something said for a person: a note (info), or a warning about what is left alone. */
interface NoticeDiagnostic extends DiagnosticBase {
    severity: 'info' | 'warning';
    code: NoticeCode;
    /**
     * Set on a warning that leaves an SMI object older than `--to` (or with non-integer weights)
     * for a person to fix: templated fields, a near-miss group, a missing apiVersion, a
     * kustomize tree held back. `--check`, `--diff` and `--write` exit 1 when any finding is pending.
     */
    pending?: boolean;
    /** For a weight written by `{{ .Values.a.b }}`: `['a', 'b']` (the CLI names the values.yaml line). */
    valuesPath?: string[];
    /** The text around that action in the scalar (`m` in `{{ .Values.w }}m`), for the rendered value in the hint. */
    valuesAffix?: ValuesAffix;
    /** On a `suppressed` finding: why, as written, and where it was said. */
    suppression?: Suppression;
    from?: undefined;
    to?: undefined;
    weightsBefore?: undefined;
    weightsAfter?: undefined;
}
/** Something that stops a file from being written. */
interface RefusalDiagnostic extends DiagnosticBase {
    severity: 'error';
    code: NoticeCode;
    pending?: undefined;
    valuesPath?: undefined;
    valuesAffix?: undefined;
    suppression?: undefined;
    from?: undefined;
    to?: undefined;
    weightsBefore?: undefined;
    weightsAfter?: undefined;
}
/**
 * One thing the run has to say about an input: a conversion (info), a notice (a note, or a
 * warning about something left alone that a person should look at), or a refusal (an error:
 * something that stops a file from being written).
 */
type Diagnostic = ConversionDiagnostic | NoticeDiagnostic | RefusalDiagnostic;
/** A suppression of an object: its reason, and whether an annotation or a comment directive says it. */
interface Suppression {
    reason: string;
    by: 'annotation' | 'comment';
}
/** Where a finding (or an object) is, once the stage that knows the file has said so; line 0 is the file as a whole. */
interface Located {
    path: string;
    line: number;
    column: number;
}
/**
 * A diagnostic where a person can find it: made once, at the edge that knows the file
 * (pipeline/segment.ts locateFindings, or a file-level finding with line 0).
 */
type Finding = Diagnostic & Located;
/** The core's finding codes; a target plug-in adds its own to TargetFindingCodes. */
type CoreFindingCode = 'converted' | 'repaired' | 'patch-converted' | 'newer-than-target' | 'no-target' | 'crd-not-served' | 'incompatible-versions' | 'no-api-version' | 'near-miss-group' | 'unknown-version' | 'templated' | 'invalid-weight' | 'invalid-structure' | 'invalid-yaml' | 'unsupported-alias' | 'not-utf8' | 'binary' | 'io' | 'not-written'
/** A change beyond what the run may write (files/boundary.ts): the paths named and their repositories. */
 | 'write-boundary' | 'same-tree'
/** A chart's values.yaml value that a converted template's weight renders (files/values.ts). */
 | 'values-converted'
/** A kustomize patch targets an object that a target (`--to gateway`) replaces. */
 | 'kustomize-patch-target'
/** An object left alone on purpose: `smi-migrate.io/ignore` or `# smi-migrate: ignore` with a reason (docs/suppressions.md). */
 | 'suppressed'
/** A suppression without a reason, or a `# smi-migrate:` directive that is not `ignore <reason>`. */
 | 'invalid-suppression';
/**
 * The finding codes of the target plug-ins: each adds its own here by declaration merging
 * (src/targets/<name>/codes.ts), so this file names none of them.
 */
interface TargetFindingCodes {
}
/**
 * The codes of a command's own lines (`smi-migrate helm-release`: src/helm-release/codes.ts),
 * added by declaration merging as the targets' are.
 */
interface CommandFindingCodes {
}
type FindingCode = CoreFindingCode | keyof TargetFindingCodes | keyof CommandFindingCodes;
/** A weight's text around its action, `m` in `{{ .Values.w }}m`: it renders next to the value. */
interface ValuesAffix {
    prefix: string;
    suffix: string;
    /** Another action is part of the scalar: what it renders is not known here. */
    more: boolean;
}
interface ObjectRef {
    kind: string;
    namespace?: string;
    name?: string;
}
/**
 * The kinds' versions as the library spells them: each kind option's name in camel case
 * (`--specs-to` is `specsTo`), read into a Versions map by kinds/versions.ts.
 */
interface VersionFields {
    /** The apiVersion to move TrafficSplits to (default `v1alpha2`). */
    to?: Target;
    /** The apiVersion to move HTTPRouteGroups and TCPRoutes to; without it they are left alone. */
    specsTo?: SpecsTarget;
    /** The apiVersion to move TrafficTargets to; without it they are left alone. */
    accessTo?: AccessTarget;
}
/**
 * The library's options that every run takes. The library (index.ts) adds what the target
 * plug-ins take (`to: 'gateway'` and its `gateway` options).
 */
interface MigrateOptions$1 extends VersionFields {
    /**
     * Remove what the API server owns from converted objects (and from a List wrapper holding
     * them): metadata.creationTimestamp, generation, resourceVersion, selfLink, uid,
     * managedFields, the last-applied-configuration annotation, and status.
     */
    stripServerFields?: boolean;
    /**
     * Convert (and report) the objects that the annotation `smi-migrate.io/ignore: "<reason>"`
     * or the comment `# smi-migrate: ignore <reason>` suppress, as if unmarked (docs/suppressions.md).
     * Without it they are left as they are and reported as `suppressed`.
     */
    noIgnore?: boolean;
}

/**
 * `--mesh`: for each SMI kind, the apiVersion a mesh's own CRDs store and its controller
 * reads, so one flag picks the version of every kind (`--to`, `--specs-to`, `--access-to`). A kind the mesh
 * does not ship a CRD for is left out: those objects are left alone, as without the flag.
 * Explicit flags win over the preset (resolveTargets).
 *
 * Read from each mesh's newest snapshot (docs/kinds.md has the full table):
 *
 * - linkerd: linkerd/linkerd-smi@c0c39b1:charts/linkerd-smi/templates/trafficsplit-crd.yaml
 *   serves v1alpha1 (storage) and v1alpha2, `conversion: None`; the adaptor reads v1alpha1
 *   (pkg/adaptor/controller.go, SplitV1alpha1()), which is not a target, so v1alpha2: the one
 *   integer-weight version the CRD serves. No HTTPRouteGroup, TCPRoute or TrafficTarget CRD.
 * - osm: openservicemesh/osm@7bec5b6:cmd/osm-bootstrap/crds/smi_traffic_split.yaml serves only
 *   v1alpha2 (storage; v1alpha3/v1alpha4 listed, not served); smi_http_route_group.yaml and
 *   smi_tcp_route.yaml serve only v1alpha4; smi_traffic_access.yaml only v1alpha3. The controller
 *   reads the same (pkg/k8s/informers.go: Split().V1alpha2(), Specs().V1alpha4(), Access().V1alpha3()).
 * - nginx: nginxinc/nginx-service-mesh@2e04536:helm-chart/crds/trafficsplit.yaml v1alpha3,
 *   httproutegroup.yaml and tcproute.yaml v1alpha3, traffictarget.yaml v1alpha2 (each the only
 *   version, served and stored); nginx-meshctl reads the same (smi-controller-sdk split/v1alpha3,
 *   specs/v1alpha3, access/v1alpha2 in internal/nginx-meshctl/support/data.go).
 * - traefik: traefik/mesh-helm-chart@0cc8514:mesh/crds/smi-split.yaml v1alpha3, smi-specs.yaml
 *   v1alpha3 (HTTPRouteGroup and TCPRoute), smi-access.yaml v1alpha2 (served and stored; older
 *   versions listed, not served); same in traefik/mesh@9a344c9:integration/testdata/crds/, and
 *   the controller's listers are Split().V1alpha3(), Specs().V1alpha3(), Access().V1alpha2()
 *   (pkg/controller/controller.go).
 */

declare const MESHES: readonly ["linkerd", "osm", "nginx", "traefik"];
type Mesh = (typeof MESHES)[number];

/**
 * The finding codes of `--to gateway`, with what each means (docs/gateway.md, "Refused or
 * left alone", says when and what to do). They are the target's own: the core's
 * codes are in model.ts, and this file adds these to `FindingCode` (TypeScript declaration
 * merging), so model.ts names none of them.
 */

declare module "./index.js" {
    interface TargetFindingCodes {
        'already-converted': true;
        'port-unknown': true;
        'headless-root': true;
        externalname: true;
        'routegroup-missing': true;
        'cross-namespace': true;
        'no-root-service': true;
        'too-many-backends': true;
        'too-many-matches': true;
        'match-unrepresentable': true;
        'weight-overflow': true;
        'route-kind': true;
        'name-collision': true;
        'all-weights-zero': true;
        'backend-port-missing': true;
        'no-backends': true;
        'weights-rescaled': true;
        'owned-by-controller': true;
        'linkerd-opaque-port': true;
        'serviceprofile-precedence': true;
        'regex-path': true;
        'ambiguous-object': true;
        'invalid-name': true;
        'ports-unrouted': true;
        'route-on-port': true;
        'no-matches': true;
        'service-patched': true;
        'header-search': true;
        'root-not-backend': true;
        'route-drift': true;
    }
}
/** A finding code of `--to gateway`. */
type GatewayCode = keyof TargetFindingCodes;

/**
 * The records of the Gateway API target (`--to gateway`, docs/gateway.md): its options as
 * the library takes them, and what the whole input says about the objects a route needs.
 * No logic lives here.
 */
/** The target's name: `--to gateway`. */
declare const GATEWAY = "gateway";
/** The Linkerd releases `--linkerd` knows (what each accepts: docs/gateway.md). */
declare const LINKERD_RELEASES: readonly ["2.13", "2.14", "2.15", "2.16", "2.17", "2.18", "2.19", "2.20"];
type LinkerdRelease = (typeof LINKERD_RELEASES)[number];
/** The Gateway API releases whose limits `--gateway-api` picks (minor versions). */
declare const GATEWAY_API_RELEASES: readonly ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"];
type GatewayApiRelease = (typeof GATEWAY_API_RELEASES)[number];
declare const ROUTE_APIS: readonly ["gateway.networking.k8s.io/v1", "gateway.networking.k8s.io/v1beta1", "policy.linkerd.io/v1beta2", "policy.linkerd.io/v1beta3"];
type RouteApi = (typeof ROUTE_APIS)[number];
declare const ROUTE_KINDS: readonly ["auto", "http", "grpc", "tcp"];
type RouteKindChoice = (typeof ROUTE_KINDS)[number];
/** The options of `--to gateway` (docs/gateway.md); every one has a default. */
interface GatewayOptions {
    /** apiVersion of the HTTPRoutes (default `gateway.networking.k8s.io/v1`, or what `linkerd` accepts). */
    routeApi?: RouteApi;
    /** A Linkerd release: picks the route apiVersions and limits it accepts, and turns on its checks. */
    linkerd?: LinkerdRelease;
    /** The Gateway API release installed: its match limits and the TCPRoute/GRPCRoute versions (default 1.1). */
    gatewayApi?: GatewayApiRelease;
    /** How parentRefs spell the core group: `""` (default, the Gateway API spelling) or `core` (Linkerd's docs). */
    serviceGroup?: '' | 'core';
    /** The Service port when the input has no Service manifest (every TrafficSplit of the run). */
    port?: number;
    /** The port per root Service (`name` or `namespace/name`), before `port`. */
    portFor?: Readonly<Record<string, number>>;
    /** The route kind; `auto` (default) reads the Service port's appProtocol or name. */
    routeKind?: RouteKindChoice;
    /** The route kind per root Service port (`[namespace/]name[:port]`), before the annotation and `routeKind`. */
    routeKindFor?: Readonly<Record<string, Exclude<RouteKindChoice, 'auto'>>>;
    /** Weights still above 1000000 after division by their divisor are rounded (reported) instead of refused. */
    rescaleWeights?: boolean;
    /** Keep each TrafficSplit and write its routes after it (a phased migration). */
    keepTrafficSplit?: boolean;
    /** Keep each ServiceProfile and write its routes after it (a phased migration). */
    keepServiceProfile?: boolean;
    /** `retry.linkerd.io/limit` on the routes of retryable ServiceProfile routes (default 1, Linkerd's). */
    retryLimit?: number;
}

/**
 * Exact parsing of Kubernetes `resource.Quantity` strings.
 *
 * Grammar (k8s.io/apimachinery pkg/api/resource/quantity.go, plus the `n` and `u`
 * suffixes that suffix.go accepts although the doc comment omits them):
 *
 *   <quantity>     ::= <sign>? <number> <suffix>
 *   <number>       ::= <digits> | <digits>.<digits> | <digits>. | .<digits>
 *   <suffix>       ::= Ki|Mi|Gi|Ti|Pi|Ei | n|u|m|""|k|M|G|T|P|E | (e|E)<sign>?<digits>
 *
 * Every value the grammar can express is an integer times a power of ten (binary suffixes
 * are whole multipliers), so a quantity is held as `n × 10^e` with a BigInt `n`: no
 * floating point anywhere. What ParseQuantity does beyond the grammar is reproduced or
 * refused, never guessed (apimachinery pkg/api/resource quantity.go, suffix.go):
 *
 * - A number without digits (`m`, `Ki`, `e3`, `.`, `+`, `-`) is 0 to Go: parseQuantityString
 *   returns num "0" once it has stripped the digits it found (none). It is **refused**
 *   here: a weight written as `m` is a typo, not a deliberate zero (write `0` for that).
 * - Values finer than 1n are rounded up to 1n by Go; they are returned exactly and the
 *   weight rule refuses them.
 * - A binary-suffixed value above 2^63-1 is capped at 2^63-1 by Go (`16Ei` reads as
 *   9223372036854775807): reproduced, so ratios are the ones Kubernetes computes.
 * - The exponent of `e<int>` is parsed as int64 and then truncated to int32 by Go
 *   (`1e4294967296` reads as 1): an exponent outside int64 is not a quantity, one outside
 *   int32 is refused rather than wrapped.
 */
/** An exact decimal: `sign × n × 10^e`, with `n >= 0`. */
interface Decimal {
    negative: boolean;
    n: bigint;
    e: number;
}
type QuantityResult = {
    ok: true;
    value: Decimal;
} | {
    ok: false;
    reason: string;
};
/** Parses `text` exactly as a Quantity; never rounds, never uses floating point. */
declare function parseQuantity(text: string): QuantityResult;

interface MigrateOptions extends Omit<MigrateOptions$1, 'to'> {
    /**
     * The apiVersion to move TrafficSplits to (default `v1alpha2`), or `gateway`: replace each
     * TrafficSplit by Gateway API routes (docs/gateway.md), set up by `gateway`.
     */
    to?: Target | 'gateway';
    /** How `to: 'gateway'` writes routes. */
    gateway?: GatewayOptions;
}
interface MigrateResult {
    /** The converted text; the same string when nothing changed. */
    output: string;
    changed: boolean;
    /** Conversions (info), things left alone (warning) and errors, with line and column; `offset` indexes `text`. */
    findings: Finding[];
    /** Whether any finding is an error: then nothing should be written. */
    failed: boolean;
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
declare function migrate(text: string, options?: MigrateOptions & {
    mesh?: Mesh;
    path?: string;
}): MigrateResult;

export { ACCESS_TARGETS, GATEWAY, GATEWAY_API_RELEASES, LINKERD_RELEASES, MESHES, ROUTE_APIS, ROUTE_KINDS, SPECS_TARGETS, TARGETS, VERSIONS, migrate, parseQuantity };
export type { AccessTarget, CoreFindingCode, Decimal, Finding, FindingCode, GatewayApiRelease, GatewayCode, GatewayOptions, LinkerdRelease, Mesh, MigrateOptions, MigrateResult, ObjectRef, QuantityResult, RouteApi, RouteKindChoice, Severity, SpecsTarget, Target, TargetFindingCodes, Version };
