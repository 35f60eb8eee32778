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
    /**
     * Another line of a conversion counted once already: a route written anew in its place
     * beside the object's own conversion, or a second such route. Reported, not counted.
     */
    further?: boolean;
    from?: string;
    to?: string;
    weightsBefore?: string[];
    weightsAfter?: string[];
    pending?: undefined;
    valuesPath?: undefined;
    valuesAffix?: undefined;
    valuesDone?: undefined;
    valuesLiterals?: undefined;
    suppression?: undefined;
    whenWritten?: undefined;
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
    /**
     * A note for file mode only: this weight of a split already at the version asked for renders
     * from `valuesPath`, whose values file mode checks (files/helm/done-weights.ts); never reported.
     */
    valuesDone?: boolean;
    /**
     * On a `valuesDone` note: the split's weights that are no template action, as written (`raw`),
     * with the integer kubectl reads (`int`), or none when it reads no integer: they count in its sum.
     */
    valuesLiterals?: Array<{
        raw: string;
        int?: bigint;
    }>;
    /** On a `suppressed` finding: why, as written, and where it was said. */
    suppression?: Suppression;
    /**
     * Set on a finding that says its object's conversion is written (a route written in place of
     * another): dropped where the run leaves the object as it is after all (in a stream, a route
     * to write anew that the stream had written out already: pipeline/bytes.ts `leftAsItIs`).
     */
    whenWritten?: boolean;
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
    valuesDone?: undefined;
    valuesLiterals?: undefined;
    suppression?: undefined;
    whenWritten?: undefined;
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
/** A chart's values.yaml value that a converted template's weight renders (files/helm/values.ts). */
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
 * The library's options of the target plug-ins: each target adds one field, named as the
 * target, typed as its options (`gateway: GatewayOptions`), by declaration merging
 * (src/targets/<name>/options.ts). The library's `to` and option fields are made from it, so
 * neither this file nor index.ts has to name a new target.
 */
interface TargetOptionFields {
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
 * plug-ins take (`to: 'gateway'` and its `gateway` options), from `TargetOptionFields`.
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

declare module "./index.js" {
    interface TargetFindingCodes {
        'sp-extension': true;
        'sp-delete': true;
        'sp-name': true;
        'sp-linkerd-version': true;
        'sp-regex-alternation': true;
        'sp-not-method': true;
        'sp-order': true;
        'sp-retry-budget': true;
        'sp-timeout-rounded': true;
        'sp-grpc': true;
        'sp-route-never': true;
        'sp-consumer-route': true;
        'sp-metrics': true;
        'sp-dst-overrides': true;
        'sp-skip': true;
        'sp-routes-beside': true;
        'sp-consumer-merged': true;
        'sp-timeout-scope': true;
        'sp-timeout-none': true;
        'sp-regex-invalid': true;
        'sp-held': true;
    }
}
type ProfileCode = 'sp-extension' | 'sp-delete' | 'sp-name' | 'sp-linkerd-version' | 'sp-regex-alternation' | 'sp-not-method' | 'sp-order' | 'sp-retry-budget' | 'sp-timeout-rounded' | 'sp-grpc' | 'sp-route-never' | 'sp-consumer-route' | 'sp-metrics' | 'sp-dst-overrides' | 'sp-skip' | 'sp-routes-beside' | 'sp-consumer-merged' | 'sp-timeout-scope' | 'sp-timeout-none' | 'sp-regex-invalid' | 'sp-held';

declare module "./index.js" {
    interface TargetFindingCodes extends Record<SplitCode, true> {
    }
}
/** What each code means (SARIF rules), linked to docs/gateway.md's table. */
declare const GATEWAY_RULES: {
    readonly 'already-converted': {
        readonly level: "note";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The routes of a TrafficSplit written by an earlier --keep-trafficsplit run are in the input.";
        readonly full: "Nothing to do; delete the TrafficSplit once its routes are Accepted.";
    };
    readonly 'port-unknown': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The Service port a route attaches to is not known.";
        readonly full: "The root Service is not in the input and there is no --port, or it has no such port, or its ports are not integers from 1 to 65535. Add the Service to the input, or pass --port.";
    };
    readonly 'headless-root': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The root Service is headless (clusterIP: None).";
        readonly full: "A headless Service cannot be a route parent. Route a Service with a cluster IP.";
    };
    readonly externalname: {
        readonly name: "ExternalNameService";
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The root or a backend is an ExternalName Service.";
        readonly full: "Route the Services behind it instead.";
    };
    readonly 'routegroup-missing': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A match names an HTTPRouteGroup that is not in the input.";
        readonly full: "The route matches come from the HTTPRouteGroup: add it to the input.";
    };
    readonly 'cross-namespace': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The TrafficSplit names a Service in another namespace.";
        readonly full: "Move the TrafficSplit to that namespace, or write the bare Service name.";
    };
    readonly 'no-root-service': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The TrafficSplit has no spec.service.";
        readonly full: "A route needs its parent Service: add spec.service.";
    };
    readonly 'too-many-backends': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "More backends than a route rule holds (16).";
        readonly full: "Drop backends, weight-0 ones first.";
    };
    readonly 'too-many-matches': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The route groups expand to more matches than a route holds.";
        readonly full: "Use --gateway-api 1.2 or later if that is installed, or fewer matches.";
    };
    readonly 'match-unrepresentable': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "An SMI match that no HTTPRouteMatch can express.";
        readonly full: "A method, header or path the Gateway API cannot state (or a path or method on a GRPCRoute port). Rewrite the match, or choose --route-kind http.";
    };
    readonly 'weight-overflow': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "Weights above 1,000,000 even divided by their greatest common divisor.";
        readonly full: "A route weight is at most 1,000,000. Pass --rescale-weights to round them, or use smaller weights.";
    };
    readonly 'route-kind': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "No route kind fits the Service port, or the target release does not serve it.";
        readonly full: "An appProtocol that maps to no route kind, a kind the target release does not serve, an A/B split on a TCPRoute port, or an opaque port before Linkerd 2.18 (a note for a port named grpc that gets an HTTPRoute). Use --route-kind, a newer --linkerd or --gateway-api, or another appProtocol.";
    };
    readonly 'name-collision': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "Another route of the same kind, namespace and name exists, or two splits share a Service port.";
        readonly full: "A route not written by smi-migrate, or one another TrafficSplit of the run writes, has the name (an error); two TrafficSplits on one port of one Service merge their rules (a warning). Rename, or merge the splits by hand.";
    };
    readonly 'opaque-unsplit': {
        readonly level: "note";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "On Linkerd the split also split connections that are not HTTP; routes on an HTTP port do not.";
        readonly full: "linkerd-smi's ServiceProfile split opaque (non-HTTP) connections to every port too. On a port without appProtocol Linkerd detects HTTP, and a connection that is not HTTP goes to the Service itself once routes take over. Declare such a port opaque (appProtocol: linkerd.io/opaque) to give it a TCPRoute, or accept that those connections stop splitting.";
    };
    readonly 'all-weights-zero': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "Every weight of the TrafficSplit is 0.";
        readonly full: "The route sends no traffic to any backend: check that this is meant.";
    };
    readonly 'backend-port-missing': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A backend's Service lacks the port the route uses.";
        readonly full: "A warning when the backend Service in the input has no such port (an error when no backend has it). Add the port, or leave it if that is what SMI did.";
    };
    readonly 'no-backends': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The TrafficSplit has no backends.";
        readonly full: "The route sends everything to the root Service.";
    };
    readonly 'weights-rescaled': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "--rescale-weights rounded the weights.";
        readonly full: "The weights did not fit a route's limit even divided by their greatest common divisor and were rounded; check the largest change of a backend's share the message gives.";
    };
    readonly 'owned-by-controller': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The TrafficSplit is owned by a Flagger Canary or an Argo Rollout: left for a person.";
        readonly full: "The controller would rewrite the split. Switch the controller to the Gateway API first.";
    };
    readonly 'linkerd-smi-host': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "With --linkerd, a TrafficSplit whose spec.service or a backend is a host (web.shop), not a name: linkerd-smi never applied it as written.";
        readonly full: "linkerd-smi writes the split into the ServiceProfile <service>.<namespace>.svc.<domain> and sends to the authority <backend>.<namespace>.svc.<domain>, from the names as written: a dotted service makes a profile no client resolves (the split never applied), a dotted backend an authority no Service resolves (its requests failed). Left for a person: write bare names and let linkerd-smi apply the split, or delete it.";
    };
    readonly 'linkerd-opaque-port': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "Linkerd treats the port as opaque.";
        readonly full: "With --linkerd 2.18 and later a TCPRoute is written (an HTTPRoute or GRPCRoute there would be ignored); with 2.17 a TCPRoute. Do as the message says.";
    };
    readonly 'serviceprofile-precedence': {
        readonly level: "note";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "On Linkerd, the split's ServiceProfile takes precedence over the new routes.";
        readonly full: "The linkerd-smi extension made a ServiceProfile for the split; follow the runbook to hand over to the routes.";
    };
    readonly 'regex-path': {
        readonly level: "note";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A pathRegex became a RegularExpression path match.";
        readonly full: "The regex dialect and the precedence of RegularExpression matches are implementation-specific: check it on your mesh.";
    };
    readonly 'ambiguous-object': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "Two objects of the name a split needs are in the input, neither nearer the split than the other.";
        readonly full: "A split's Service, HTTPRouteGroup or route is looked up in its own file, then its directory, then the run; two that differ at that level cannot be told apart. Convert each directory in a run of its own, or set metadata.namespace.";
    };
    readonly 'invalid-name': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A name the route would carry is not one Kubernetes accepts.";
        readonly full: "A Service name in spec.service or a backend that is empty or not a DNS-1123 label (`.shop`, `Web`), or a TrafficSplit name that is not a DNS-1123 subdomain, would write a route the API server or the mesh rejects. Fix the name.";
    };
    readonly 'ports-unrouted': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "--port routes one port of a Service that has others: they get no route.";
        readonly full: "The split applied to every port of its Service; with --port only that port is routed. Leave --port out to write a route per port.";
    };
    readonly 'route-on-port': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A route already in the input attaches to the Service port the new route attaches to.";
        readonly full: "Routes of one kind on one port merge their rules (a tie goes to the older route); of different kinds, GRPCRoute > HTTPRoute > TLSRoute > TCPRoute (GEP-1426). Fold the routes into one, or delete the old one.";
    };
    readonly 'no-matches': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "An A/B split's matches select nothing, or never took effect.";
        readonly full: "Route groups without matches: no request matched the split, so SMI sent all its traffic to spec.service, and the routes do the same. spec.matches on a v1alpha1/v1alpha2 split: those versions have no matches (the CRDs prune them), so the split split all traffic, and the routes do the same. Check that this is what is meant.";
    };
    readonly 'service-patched': {
        readonly level: "error";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A kustomize patch changes the ports of the split's root Service.";
        readonly full: "Each overlay that applies the patch renders other ports than the base, so one route per base port would be wrong in some overlay. Convert the rendered overlays (kubectl kustomize DIR | smi-migrate --to gateway), or pass --port.";
    };
    readonly 'header-search': {
        readonly level: "note";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A header value is matched as the source mesh matched it: anywhere in the value.";
        readonly full: "NGINX Service Mesh and Traefik Mesh, the meshes that honoured A/B splits, searched a header value for the regex; Gateway API matches the whole value, so the value is written as .*(?:RE).* (or the literal as RegularExpression .*literal.*). Check it on your mesh.";
    };
    readonly 'root-not-backend': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "The split's backends do not include its root Service.";
        readonly full: "While the TrafficSplit's ServiceProfile outlives it, Linkerd sends the traffic to the root Service's own endpoints. Delete the TrafficSplit and its ServiceProfile in one command (docs/gateway.md, Runbook).";
    };
    readonly 'route-drift': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "A kept TrafficSplit changed since its routes were written, and a route cannot be written anew in place.";
        readonly full: "A --keep-trafficsplit run wrote routes for the split and it has changed since, so deleting the split would send traffic by the old rules. Such a route is written anew in its place, except where it cannot be: in stream mode before the split, holding a template action, or in a file read beside the files given but not among them (a pre-commit batch); or the split no longer routes the port of a route it wrote. Delete the route and run the conversion again (on the files, not a stream; with the file of the route): it is written anew.";
    };
    readonly 'service-defaults': {
        readonly level: "warning";
        readonly doc: "gateway.md#refused-or-left-alone";
        readonly short: "Routes take the Service's timeout.linkerd.io/retry.linkerd.io annotations, which the ServiceProfile kept from its requests.";
        readonly full: "While a ServiceProfile (or linkerd-smi's, for a TrafficSplit) routed the Service, Linkerd ignored the Service's timeout and retry annotations; a route without timeouts or retries of its own takes them. A route cannot say none: move the annotations from the Service onto the routes that need them, or accept the change. Left for a person (exit 1).";
    };
};
/** A finding code of a TrafficSplit under `--to gateway`. */
type SplitCode = keyof typeof GATEWAY_RULES;
/**
 * A finding code of `--to gateway`: its own codes, not `keyof TargetFindingCodes`, which
 * holds every target's.
 */
type GatewayCode = SplitCode | ProfileCode;

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
/**
 * The library's `to: 'gateway'` and its `gateway` field (model.ts TargetOptionFields), declared
 * beside the options so that the library's rolled-up declarations, which follow its imports
 * (index.ts exports this file), hold them.
 */
declare module "./index.js" {
    interface TargetOptionFields {
        gateway: GatewayOptions;
    }
}
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
    /**
     * The mesh the manifests run on (`--mesh`). Another than linkerd, and no `linkerd` release
     * given: what matters only on Linkerd (linkerd-smi's ServiceProfiles, its runbook) is not said.
     */
    mesh?: Mesh;
    /** `--no-ignore` (the run's option, read here too): suppressions are not read, so a suppressed split or profile is converted. */
    noIgnore?: boolean;
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
 * - Values finer than 1n are rounded to 1n, away from zero, by Go (ParseQuantity rounds every
 *   non-zero amount to scale Nano with inf.RoundUp: kubernetes/apimachinery@357557a
 *   pkg/api/resource/quantity.go): reproduced, and said by `rounded`. This is the one reading
 *   of such a value: every Go client of the object (Linkerd's, the API server's) sees `1e-10`
 *   as 1n, so a conversion that read it as anything else (file mode, the webhook) would send
 *   traffic in other proportions than the cluster did.
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
/** `rounded`: the text was finer than 1n, and `value` is it rounded away from zero to 1n, as Go reads it. */
type QuantityResult = {
    ok: true;
    value: Decimal;
    rounded?: true;
} | {
    ok: false;
    reason: string;
};
/** Parses `text` as ParseQuantity does, exactly down to 1n (finer: rounded as Go rounds); never uses floating point. */
declare function parseQuantity(text: string): QuantityResult;

/**
 * Each target's options are a field named as the target (`gateway`: how `to: 'gateway'` writes
 * routes), which the target declares (TargetOptionFields).
 */
interface MigrateOptions extends Omit<MigrateOptions$1, 'to'>, Partial<TargetOptionFields> {
    /**
     * The apiVersion to move TrafficSplits to (default `v1alpha2`), or a target: `gateway`
     * replaces each TrafficSplit by Gateway API routes (docs/gateway.md), set up by `gateway`.
     */
    to?: Target | keyof TargetOptionFields;
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
export type { AccessTarget, CoreFindingCode, Decimal, Finding, FindingCode, GatewayApiRelease, GatewayCode, GatewayOptions, LinkerdRelease, Mesh, MigrateOptions, MigrateResult, ObjectRef, QuantityResult, RouteApi, RouteKindChoice, Severity, SpecsTarget, Target, TargetFindingCodes, TargetOptionFields, Version };
