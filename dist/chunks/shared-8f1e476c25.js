import {
  MESHES,
  meshVersions
} from "./shared-f1acd8e619.js";
import {
  KIND_ENTRIES,
  VERSION_OPTIONS,
  resolveVersions
} from "./shared-e2b5701804.js";
import {
  GATEWAY,
  GATEWAY_API_RELEASES,
  LINKERD_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS,
  readPorts,
  readRouteKinds
} from "./shared-010d2dfd77.js";
import {
  versionFor
} from "./shared-cead045f6a.js";
import {
  OptionError,
  prepare
} from "./shared-7cd1ba18bb.js";

// src/targets/gateway/codes.ts
var DOC = "gateway.md#refused-or-left-alone";
var GATEWAY_RULES = {
  "already-converted": {
    level: "note",
    doc: DOC,
    short: "The routes of a TrafficSplit written by an earlier --keep-trafficsplit run are in the input.",
    full: "Nothing to do; delete the TrafficSplit once its routes are Accepted."
  },
  "port-unknown": {
    level: "error",
    doc: DOC,
    short: "The Service port a route attaches to is not known.",
    full: "The root Service is not in the input and there is no --port, or it has no such port, or its ports are not integers from 1 to 65535. Add the Service to the input, or pass --port."
  },
  "headless-root": {
    level: "error",
    doc: DOC,
    short: "The root Service is headless (clusterIP: None).",
    full: "A headless Service cannot be a route parent. Route a Service with a cluster IP."
  },
  externalname: {
    name: "ExternalNameService",
    level: "error",
    doc: DOC,
    short: "The root or a backend is an ExternalName Service.",
    full: "Route the Services behind it instead."
  },
  "routegroup-missing": {
    level: "error",
    doc: DOC,
    short: "A match names an HTTPRouteGroup that is not in the input.",
    full: "The route matches come from the HTTPRouteGroup: add it to the input."
  },
  "cross-namespace": {
    level: "error",
    doc: DOC,
    short: "The TrafficSplit names a Service in another namespace.",
    full: "Move the TrafficSplit to that namespace, or write the bare Service name."
  },
  "no-root-service": {
    level: "error",
    doc: DOC,
    short: "The TrafficSplit has no spec.service.",
    full: "A route needs its parent Service: add spec.service."
  },
  "too-many-backends": {
    level: "error",
    doc: DOC,
    short: "More backends than a route rule holds (16).",
    full: "Drop backends, weight-0 ones first."
  },
  "too-many-matches": {
    level: "error",
    doc: DOC,
    short: "The route groups expand to more matches than a route holds.",
    full: "Use --gateway-api 1.2 or later if that is installed, or fewer matches."
  },
  "match-unrepresentable": {
    level: "error",
    doc: DOC,
    short: "An SMI match that no HTTPRouteMatch can express.",
    full: "A method, header or path the Gateway API cannot state (or a path or method on a GRPCRoute port). Rewrite the match, or choose --route-kind http."
  },
  "weight-overflow": {
    level: "error",
    doc: DOC,
    short: "Weights above 1,000,000 even divided by their greatest common divisor.",
    full: "A route weight is at most 1,000,000. Pass --rescale-weights to round them, or use smaller weights."
  },
  "route-kind": {
    level: "error",
    doc: DOC,
    short: "No route kind fits the Service port, or the target release does not serve it.",
    full: "An appProtocol that maps to no route kind, a kind the target release does not serve, an A/B split on a TCPRoute port, or an opaque port before Linkerd 2.18 (a note for a port named grpc that gets an HTTPRoute). Use --route-kind, a newer --linkerd or --gateway-api, or another appProtocol."
  },
  "name-collision": {
    level: "error",
    doc: DOC,
    short: "Another route of the same kind, namespace and name exists, or two splits share a Service port.",
    full: "A route not written by smi-migrate, or one another TrafficSplit of the run writes, has the name (an error); two TrafficSplits on one port of one Service merge their rules (a warning). Rename, or merge the splits by hand."
  },
  "opaque-unsplit": {
    level: "note",
    doc: DOC,
    short: "On Linkerd the split also split connections that are not HTTP; routes on an HTTP port do not.",
    full: "linkerd-smi's ServiceProfile split opaque (non-HTTP) connections to every port too. On a port without appProtocol Linkerd detects HTTP, and a connection that is not HTTP goes to the Service itself once routes take over. Declare such a port opaque (appProtocol: linkerd.io/opaque) to give it a TCPRoute, or accept that those connections stop splitting."
  },
  "all-weights-zero": {
    level: "warning",
    doc: DOC,
    short: "Every weight of the TrafficSplit is 0.",
    full: "The route sends no traffic to any backend: check that this is meant."
  },
  "backend-port-missing": {
    level: "warning",
    doc: DOC,
    short: "A backend's Service lacks the port the route uses.",
    full: "A warning when the backend Service in the input has no such port (an error when no backend has it). Add the port, or leave it if that is what SMI did."
  },
  "no-backends": {
    level: "warning",
    doc: DOC,
    short: "The TrafficSplit has no backends.",
    full: "The route sends everything to the root Service."
  },
  "weights-rescaled": {
    level: "warning",
    doc: DOC,
    short: "--rescale-weights rounded the weights.",
    full: "The weights did not fit a route's limit even divided by their greatest common divisor and were rounded; check the largest change of a backend's share the message gives."
  },
  "owned-by-controller": {
    level: "warning",
    doc: DOC,
    short: "The TrafficSplit is owned by a Flagger Canary or an Argo Rollout: left for a person.",
    full: "The controller would rewrite the split. Switch the controller to the Gateway API first."
  },
  "linkerd-smi-host": {
    level: "warning",
    doc: DOC,
    short: "With --linkerd, a TrafficSplit whose spec.service or a backend is a host (web.shop), not a name: linkerd-smi never applied it as written.",
    full: "linkerd-smi writes the split into the ServiceProfile <service>.<namespace>.svc.<domain> and sends to the authority <backend>.<namespace>.svc.<domain>, from the names as written: a dotted service makes a profile no client resolves (the split never applied), a dotted backend an authority no Service resolves (its requests failed). Left for a person: write bare names and let linkerd-smi apply the split, or delete it."
  },
  "linkerd-opaque-port": {
    level: "warning",
    doc: DOC,
    short: "Linkerd treats the port as opaque.",
    full: "With --linkerd 2.18 and later a TCPRoute is written (an HTTPRoute or GRPCRoute there would be ignored); with 2.17 a TCPRoute. Do as the message says."
  },
  "serviceprofile-precedence": {
    level: "note",
    doc: DOC,
    short: "On Linkerd, the split's ServiceProfile takes precedence over the new routes.",
    full: "The linkerd-smi extension made a ServiceProfile for the split; follow the runbook to hand over to the routes."
  },
  "regex-path": {
    level: "note",
    doc: DOC,
    short: "A pathRegex became a RegularExpression path match.",
    full: "The regex dialect and the precedence of RegularExpression matches are implementation-specific: check it on your mesh."
  },
  "ambiguous-object": {
    level: "error",
    doc: DOC,
    short: "Two objects of the name a split needs are in the input, neither nearer the split than the other.",
    full: "A split's Service, HTTPRouteGroup or route is looked up in its own file, then its directory, then the run; two that differ at that level cannot be told apart. Convert each directory in a run of its own, or set metadata.namespace."
  },
  "invalid-name": {
    level: "error",
    doc: DOC,
    short: "A name the route would carry is not one Kubernetes accepts.",
    full: "A Service name in spec.service or a backend that is empty or not a DNS-1123 label (`.shop`, `Web`), or a TrafficSplit name that is not a DNS-1123 subdomain, would write a route the API server or the mesh rejects. Fix the name."
  },
  "ports-unrouted": {
    level: "warning",
    doc: DOC,
    short: "--port routes one port of a Service that has others: they get no route.",
    full: "The split applied to every port of its Service; with --port only that port is routed. Leave --port out to write a route per port."
  },
  "route-on-port": {
    level: "warning",
    doc: DOC,
    short: "A route already in the input attaches to the Service port the new route attaches to.",
    full: "Routes of one kind on one port merge their rules (a tie goes to the older route); of different kinds, GRPCRoute > HTTPRoute > TLSRoute > TCPRoute (GEP-1426). Fold the routes into one, or delete the old one."
  },
  "no-matches": {
    level: "warning",
    doc: DOC,
    short: "An A/B split's matches select nothing, or never took effect.",
    full: "Route groups without matches: no request matched the split, so SMI sent all its traffic to spec.service, and the routes do the same. spec.matches on a v1alpha1/v1alpha2 split: those versions have no matches (the CRDs prune them), so the split split all traffic, and the routes do the same. Check that this is what is meant."
  },
  "service-patched": {
    level: "error",
    doc: DOC,
    short: "A kustomize patch changes the ports of the split's root Service.",
    full: "Each overlay that applies the patch renders other ports than the base, so one route per base port would be wrong in some overlay. Convert the rendered overlays (kubectl kustomize DIR | smi-migrate --to gateway), or pass --port."
  },
  "header-search": {
    level: "note",
    doc: DOC,
    short: "A header value is matched as the source mesh matched it: anywhere in the value.",
    full: "NGINX Service Mesh and Traefik Mesh, the meshes that honoured A/B splits, searched a header value for the regex; Gateway API matches the whole value, so the value is written as .*(?:RE).* (or the literal as RegularExpression .*literal.*). Check it on your mesh."
  },
  "root-not-backend": {
    level: "warning",
    doc: DOC,
    short: "The split's backends do not include its root Service.",
    full: "While the TrafficSplit's ServiceProfile outlives it, Linkerd sends the traffic to the root Service's own endpoints. Delete the TrafficSplit and its ServiceProfile in one command (docs/gateway.md, Runbook)."
  },
  "route-drift": {
    level: "warning",
    doc: DOC,
    short: "A kept TrafficSplit changed since its routes were written, and a route cannot be written anew in place.",
    full: "A --keep-trafficsplit run wrote routes for the split and it has changed since, so deleting the split would send traffic by the old rules. Such a route is written anew in its place, except where it cannot be: in stream mode before the split, holding a template action, or in a file read beside the files given but not among them (a pre-commit batch); or the split no longer routes the port of a route it wrote. Delete the route and run the conversion again (on the files, not a stream; with the file of the route): it is written anew."
  },
  "service-defaults": {
    level: "warning",
    doc: DOC,
    short: "Routes take the Service's timeout.linkerd.io/retry.linkerd.io annotations, which the ServiceProfile kept from its requests.",
    full: "While a ServiceProfile (or linkerd-smi's, for a TrafficSplit) routed the Service, Linkerd ignored the Service's timeout and retry annotations; a route without timeouts or retries of its own takes them. A route cannot say none: move the annotations from the Service onto the routes that need them, or accept the change. Left for a person (exit 1)."
  }
};

// src/targets/gateway/profiles/codes.ts
var DOC2 = "gateway.md#serviceprofiles";
var PROFILE_RULES = {
  "sp-extension": {
    level: "note",
    doc: DOC2,
    short: "A ServiceProfile a Linkerd extension ships (label linkerd.io/extension) is left alone.",
    full: "Linkerd's charts own it: upgrade the extension instead."
  },
  "sp-delete": {
    level: "warning",
    doc: DOC2,
    short: "A ServiceProfile Linkerd ignores: neither routes nor dstOverrides, or only routes its proxy drops; it has had no effect since Linkerd 2.13.",
    full: "Nothing to convert: Linkerd uses a profile only with routes or dstOverrides, so delete it (with its TrafficSplit when that is its source). Where the proxy dropped every route (a regex it cannot compile), converting would add a catch-all that serves requests the routes attached to the Service refused: fix the regexes, or delete the profile."
  },
  "sp-name": {
    level: "error",
    doc: DOC2,
    short: "A ServiceProfile whose name is not <service>.<namespace>.svc.<cluster domain>.",
    full: "Linkerd applies a profile by that name only; its routes need the Service it names."
  },
  "sp-linkerd-version": {
    level: "error",
    doc: DOC2,
    short: "The Linkerd release chosen reads no retries or timeouts on routes (before 2.16).",
    full: "Retries and timeouts on HTTPRoutes came with Linkerd 2.16: upgrade Linkerd first, and convert with --linkerd 2.16 or later."
  },
  "sp-regex-alternation": {
    level: "warning",
    doc: DOC2,
    short: "A pathRegex with a top-level |: Linkerd anchored only its first and last alternatives.",
    full: "The route matches exactly what the profile matched (the first alternative as a prefix, the middle ones anywhere, the last as a suffix); usually a bug: group the alternatives, ^(?:a|b)$."
  },
  "sp-not-method": {
    level: "warning",
    doc: DOC2,
    short: "A not over methods became the other methods.",
    full: "Gateway API names nine methods; a method outside them matched the profile's route and matches no HTTPRoute match."
  },
  "sp-order": {
    level: "warning",
    doc: DOC2,
    short: "A request the profile sent to one route goes to another now.",
    full: "ServiceProfiles take the first route that matches; Linkerd picks among HTTPRoutes by the longest path match, then the method, then the oldest route and its name. Nothing is written for the profile (pending, exit 1): make the routes disjoint."
  },
  "sp-retry-budget": {
    level: "warning",
    doc: DOC2,
    short: "Retries were limited by a budget; routes limit each request instead.",
    full: "A retry budget has no counterpart on routes: each request is retried up to retry.linkerd.io/limit times (--retry-limit)."
  },
  "sp-timeout-rounded": {
    level: "warning",
    doc: DOC2,
    short: "A timeout Linkerd's route grammar cannot state exactly was rounded up.",
    full: "Route annotations take one integer and a unit; the timeout was rounded up to a whole millisecond (or unit)."
  },
  "sp-grpc": {
    level: "warning",
    doc: DOC2,
    short: "gRPC methods change: the port is served as gRPC only, or the gRPC statuses a route retries differ from those the profile retried.",
    full: "A profile retried gRPC responses with Unknown, Internal, Unavailable, DataLoss, DeadlineExceeded or PermissionDenied; retry.linkerd.io/grpc takes cancelled, deadline-exceeded, internal, resource-exhausted and unavailable (a warning), and an HTTPRoute retries no gRPC status (pending, exit 1). GRPCRoutes on a port without appProtocol make Linkerd serve it as gRPC only, so HTTP/1.1 calls to it fail (pending, exit 1)."
  },
  "sp-route-never": {
    level: "warning",
    doc: DOC2,
    short: "A profile route whose condition matches no request.",
    full: "Its condition contradicts itself (two methods ANDed): it gets no HTTPRoute, as no request ever reached it."
  },
  "sp-consumer-route": {
    level: "note",
    doc: DOC2,
    short: "A profile in a client namespace becomes a consumer route there.",
    full: "It applies to clients in its namespace only, as the profile did."
  },
  "sp-metrics": {
    level: "note",
    doc: DOC2,
    short: "Route metrics change labels: rt_route becomes route_name (the HTTPRoute name).",
    full: "Dashboards and linkerd viz routes read rt_route; use outbound_http_route_* {route_name=...} and linkerd viz stat-outbound."
  },
  "sp-dst-overrides": {
    level: "note",
    doc: DOC2,
    short: "A profile's dstOverrides become weighted backendRefs in every rule, or are left to the TrafficSplit they mirror.",
    full: "linkerd-smi writes dstOverrides from a TrafficSplit: when that split is in the input, its route is the catch-all and the profile routes carry its backends."
  },
  "sp-regex-invalid": {
    level: "warning",
    doc: DOC2,
    short: "A pathRegex Linkerd's proxy cannot compile: it dropped the condition, or the route.",
    full: "A pathRegex is read by the grammar of Rust's regex crate (the proxy's): an unclosed group or class, a bad range or repetition, an unknown flag, escape or Unicode class, look-around, backreferences. The proxy left such a regex out of an all/any list, and dropped a route whose condition it is: the routes do the same, and the route that never took a request gets no route. A regex the tool cannot judge for sure (a Unicode class name it cannot confirm, the compiled size limit) leaves the profile for a person."
  },
  "sp-timeout-none": {
    level: "note",
    doc: DOC2,
    short: "A timeout of zero (or less) set no timeout in Linkerd; the route gets none.",
    full: "Linkerd's destination service sends no timeout for 0s, and the proxy refuses a negative one."
  },
  "sp-timeout-scope": {
    level: "note",
    doc: DOC2,
    short: "A profile's timeout ended at the response headers; timeout.linkerd.io/request covers the whole response stream.",
    full: "A streaming or long response body that outlasted the timeout was not cut before, and is now: raise the timeout for such routes, or use timeout.linkerd.io/response."
  },
  "sp-consumer-merged": {
    level: "warning",
    doc: DOC2,
    short: "A client namespace's profile replaced the Service's for its clients; consumer routes merge with the Service's producer routes.",
    full: "Linkerd gives clients in a namespace both the consumer routes there and the producer routes of the Service, by precedence: requests of that namespace may now reach producer routes (their timeouts, retries and backends) that its own profile never gave it. Nothing is written for the consumer profile (pending, exit 1)."
  },
  "sp-routes-beside": {
    level: "warning",
    doc: DOC2,
    short: "Routes in the input attach to the profile's Service: the profile shadowed them, and now they compete with its routes.",
    full: "Linkerd used the profile instead of every route of the Service; once the profile is gone, those routes take the requests they match best. Fold them into the profile's routes, or delete them."
  },
  "sp-skip": {
    level: "error",
    doc: DOC2,
    short: "A TrafficSplit whose Service's profile carries smi.linkerd.io/skip: linkerd-smi never applied the split.",
    full: "The profile's own dstOverrides routed the Service, not the split. Delete the split, or remove the annotation and let linkerd-smi write the split before converting."
  },
  "sp-held": {
    level: "warning",
    doc: DOC2,
    short: "A TrafficSplit whose Service's ServiceProfile is left (for a person, suppressed, templated, or in a file the run does not write) is left too, and so is a profile whose split or other profile is.",
    full: "A split and the profiles of its Service are converted together or not at all: once a route is attached to the Service, Linkerd ignores the profile's routes, so the split's route alone would drop their timeouts and retries, and the profile's routes alone carry the split's backends with no catch-all. Profiles of one Service under two cluster domains, and copies of one profile whose specs differ, are left for a person (only one is live). Nothing is written (pending, exit 1) until every half converts."
  }
};

// src/targets/gateway/options.ts
var OPTIONS = [
  {
    name: "route-api",
    value: "apiVersion",
    choices: ROUTE_APIS,
    help: "apiVersion of the HTTPRoutes (default: gateway.networking.k8s.io/v1)"
  },
  { name: "linkerd", value: "release", choices: LINKERD_RELEASES, help: "write what this Linkerd release accepts, with its checks" },
  {
    name: "gateway-api",
    value: "release",
    choices: GATEWAY_API_RELEASES,
    help: "the Gateway API release installed (match limits, GRPCRoute\nand TCPRoute versions; default: 1.1, or what --linkerd bundles)"
  },
  { name: "service-group", value: "group", choices: ['""', "core"], help: 'group of the Service parentRefs (default: "")' },
  {
    name: "port",
    value: "number",
    help: "the Service port, when the input has no Service manifests;\nor SERVICE=PORT entries, comma-separated, for one Service each"
  },
  {
    name: "route-kind",
    value: "kind",
    help: `route kind: ${ROUTE_KINDS.join(", ")} (default: auto, from each Service
port's appProtocol or name); or SERVICE[:PORT]=KIND entries`
  },
  {
    name: "rescale-weights",
    help: "round weights that do not fit 1000000 even divided by their\ngreatest common divisor (reports the largest change), instead of refusing them"
  },
  { name: "keep-trafficsplit", help: "keep each TrafficSplit and write its routes after it" },
  { name: "keep-serviceprofile", help: "keep each ServiceProfile and write its routes after it" },
  {
    name: "retry-limit",
    value: "number",
    help: "retries per request of a retryable ServiceProfile route\n(retry.linkerd.io/limit; default: 1, Linkerd's)"
  }
];
var gatewayEntry = {
  name: GATEWAY,
  summary: "replace them by Gateway API routes (docs/gateway.md)",
  produces: "Gateway API routes",
  rules: { ...GATEWAY_RULES, ...PROFILE_RULES },
  options: OPTIONS,
  replaces: { TrafficSplit: "routes", ServiceProfile: "routes" },
  // A Service, or a route already there (facts.ts reads them).
  reads: ["Service", "Route", "Canary", "Rollout", "TrafficSplit"],
  readOptions,
  load: async () => (await import("./targets-gateway-index.js")).gatewayTarget
};
function readOptions(get, label) {
  const o = {};
  const value = (name) => {
    const v = get(name);
    return typeof v === "string" && v !== "" ? v : void 0;
  };
  const routeApi = value("route-api");
  const linkerd = value("linkerd");
  const release = value("gateway-api");
  const group = value("service-group");
  const kind = value("route-kind");
  const port = value("port");
  if (routeApi) o.routeApi = routeApi;
  if (linkerd) o.linkerd = linkerd;
  if (release) o.gatewayApi = release;
  if (group) o.serviceGroup = group === "core" ? "core" : "";
  if (kind) Object.assign(o, readRouteKinds(kind, label("route-kind")));
  if (port !== void 0) Object.assign(o, readPorts(port, label("port")));
  if (get("rescale-weights") === true) o.rescaleWeights = true;
  if (get("keep-trafficsplit") === true) o.keepTrafficSplit = true;
  if (get("keep-serviceprofile") === true) o.keepServiceProfile = true;
  const mesh = value("mesh");
  if (mesh) o.mesh = mesh;
  if (get("no-ignore") === true || get("no-ignore") === "true") o.noIgnore = true;
  const limit = value("retry-limit");
  if (limit !== void 0) {
    const n = Number(limit);
    if (!/^\d+$/.test(limit) || n < 1 || n > 65535)
      throw new OptionError(`${label("retry-limit")} must be a number from 1 to 65535; got "${limit}"`);
    o.retryLimit = n;
  }
  return o;
}

// src/targets/registry.ts
var TARGETS = [gatewayEntry];
var TO = "to";
var and = (names) => names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names.join("");
var TARGET_OPTIONS = [
  ...VERSION_OPTIONS.map(
    (o) => o.name === TO ? {
      ...o,
      choices: [...o.choices, ...TARGETS.map((t) => t.name)],
      help: `${o.help},
${TARGETS.map((t) => `or ${t.name}: ${t.summary}`).join(",\n")}`
    } : o
  ),
  {
    name: "mesh",
    value: "name",
    choices: MESHES,
    help: `pick for each kind the version that mesh's CRDs serve;
explicit ${and(VERSION_OPTIONS.map((o) => `--${o.name}`))} win`
  },
  ...TARGETS.flatMap((t) => t.options.map((o) => ({ ...o, help: `with --to ${t.name}: ${o.help}` }))),
  // What a run converts also depends on the suppressions it reads (docs/suppressions.md).
  { name: "no-ignore", help: "convert and report objects suppressed by smi-migrate.io/ignore\nor # smi-migrate: ignore, as if unmarked" }
];
function readTargets(get, label, pick) {
  const to = get(TO);
  const chosen = TARGETS.find((t) => t.name === to);
  for (const t of TARGETS) {
    if (t === chosen) continue;
    const given = t.options.find((o) => get(o.name) !== void 0 && get(o.name) !== false);
    if (given) throw new OptionError(`${label(given.name)} needs ${pick(t.name)}`);
  }
  const str = (name) => {
    const v = get(name);
    return typeof v === "string" ? v : void 0;
  };
  const versions = resolveVersions(
    (o) => chosen && o.name === TO ? void 0 : str(o.name),
    meshVersions(str("mesh"))
  );
  const mesh = str("mesh");
  const other = mesh !== void 0 && mesh !== "linkerd" ? { notLinkerd: true } : {};
  return chosen ? { versions, ...other, target: { entry: chosen, options: chosen.readOptions(get, label) } } : { versions, ...other };
}
function describeVersions(versions) {
  const groups = [];
  for (const k of KIND_ENTRIES) {
    const version = versionFor(k, { versions });
    if (version === void 0) continue;
    const same = groups.find((g) => g.option === k.version && g.version === version);
    if (same) same.kinds.push(k.kind);
    else groups.push({ option: k.version, version, kinds: [k.kind] });
  }
  if (groups.length === 1 && groups[0].kinds.length === 1) return groups[0].version;
  return groups.map((g) => `${g.version} (${g.kinds.join(", ")})`).join(", ");
}
async function prepareTarget(choice, documents) {
  return prepare(await choice.entry.load(), choice.options, documents);
}
function targetRules() {
  return Object.assign({}, ...TARGETS.map((t) => t.rules));
}
function targetNamed(name) {
  return TARGETS.find((t) => t.name === name);
}

export {
  TARGETS,
  TARGET_OPTIONS,
  readTargets,
  describeVersions,
  prepareTarget,
  targetRules,
  targetNamed
};
