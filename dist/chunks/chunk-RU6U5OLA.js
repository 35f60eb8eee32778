import {
  MAX_WEIGHT,
  isIntegerLiteral,
  neededScale,
  normalize,
  parseQuantity,
  scaleWeights
} from "./chunk-Y23HNRTD.js";
import {
  version
} from "./chunk-DEK23AUW.js";
import {
  GATEWAY,
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./chunk-EBY667EG.js";
import {
  GENERATOR,
  actionWithin,
  emptyFacts,
  factKey,
  maskTemplate,
  routeKey
} from "./chunk-ENSZJ7JJ.js";
import {
  parseDocuments
} from "./chunk-HSZGHT4U.js";
import {
  columnOf,
  lineStart
} from "./chunk-X3GTPCZH.js";
import {
  require_dist
} from "./chunk-S7MRHGHA.js";
import {
  __toESM
} from "./chunk-7VZ5H7B6.js";

// src/convert/describe.ts
function describeObject({ kind, namespace, name }) {
  if (name === void 0) return kind;
  return `${kind} ${namespace ? `${namespace}/` : ""}${name}`;
}

// src/kinds/kind.ts
var apiVersionOnly = () => ({ ok: true });

// src/kinds/specs.ts
var SPECS_VERSIONS = ["v1alpha1", "v1alpha2", "v1alpha3", "v1alpha4"];
function specsKind(kind, steps) {
  return {
    kind,
    group: "specs.smi-spec.io",
    versions: SPECS_VERSIONS,
    steps,
    target: (opts) => opts.specsTo,
    flag: "--specs-to",
    read: () => ({ data: void 0 })
  };
}

// src/kinds/httproutegroup/index.ts
function matchesUnderSpec(u) {
  const layout = u.view.layout();
  const has = (key) => layout.pairs.some((p) => p.key === key);
  if (!has("matches")) return { ok: true };
  if (has("spec")) {
    const at = layout.pairs.find((p) => p.key === "spec");
    return { problems: [{
      code: "invalid-structure",
      offset: at.keyStart,
      message: "has both a root matches and a spec; merge them into spec.matches to convert it"
    }] };
  }
  u.changes.push({ shape: "wrap", keys: ["matches"], under: "spec" });
  u.notes.push("matches moved under spec");
  return { ok: true };
}
var httpRouteGroup = specsKind("HTTPRouteGroup", [
  { from: "v1alpha1", to: "v1alpha2", apply: apiVersionOnly },
  { from: "v1alpha2", to: "v1alpha3", apply: matchesUnderSpec },
  { from: "v1alpha3", to: "v1alpha4", apply: apiVersionOnly }
]);

// src/kinds/tcproute/index.ts
function addSpec(u) {
  if (u.view.layout().pairs.some((p) => p.key === "spec")) return { ok: true };
  u.changes.push({ shape: "add", path: ["spec"], value: {} });
  u.notes.push("spec: {} added");
  return { ok: true };
}
function addMatches(u) {
  const matches = { ports: [] };
  const added = u.changes.find((c) => c.shape === "add" && c.path.join(".") === "spec");
  if (added && added.shape === "add") {
    added.value = { matches };
    u.notes.splice(u.notes.indexOf("spec: {} added"), 1, "spec.matches added: all ports");
    return { ok: true };
  }
  const spec = u.view.layout().pairs.find((p) => p.key === "spec");
  if (!spec) {
    u.changes.push({ shape: "add", path: ["spec"], value: { matches } });
    u.notes.push("spec.matches added: all ports");
    return { ok: true };
  }
  if (!spec.map) {
    return { problems: [{ code: "invalid-structure", offset: spec.keyStart, message: "spec is not a mapping" }] };
  }
  if (spec.map.pairs.some((p) => p.key === "matches")) return { ok: true };
  u.changes.push({ shape: "add", path: ["spec", "matches"], value: matches });
  u.notes.push("spec.matches added: all ports");
  return { ok: true };
}
var tcpRoute = specsKind("TCPRoute", [
  { from: "v1alpha1", to: "v1alpha2", apply: apiVersionOnly },
  { from: "v1alpha2", to: "v1alpha3", apply: addSpec },
  { from: "v1alpha3", to: "v1alpha4", apply: addMatches }
]);

// src/gateway/matches.ts
var METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]);
var HEADER_NAME = /^[A-Za-z0-9!#$%&'*+\-.^_`|~]+$/;
var META = /[\\.^$|?*+()[\]{}]/;
var MAX_HEADERS = 16;
function expandMatch(match, grpc) {
  if (match === null || typeof match !== "object" || Array.isArray(match)) return { problem: "a match is not a mapping" };
  const m = match;
  const label = typeof m.name === "string" ? `match "${m.name}"` : "a match";
  const headers = readHeaders(m.headers, label);
  if ("problem" in headers) return headers;
  const path = m.pathRegex;
  if (path !== void 0 && path !== null && typeof path !== "string") return { problem: `${label}: pathRegex is not a string` };
  const methods = m.methods === void 0 || m.methods === null ? [] : m.methods;
  if (!Array.isArray(methods) || methods.some((x) => typeof x !== "string")) return { problem: `${label}: methods is not a list of strings` };
  const named = methods.includes("*") ? [] : methods;
  const unknown = named.find((x) => !METHODS.has(x));
  if (unknown !== void 0) return { problem: `${label}: method "${unknown}" is not one Gateway API accepts (${[...METHODS].join(", ")})` };
  if (grpc && (path || named.length)) {
    return { problem: `${label}: a GRPCRoute matches gRPC services and methods, not HTTP paths or methods; use --route-kind http` };
  }
  const base = {};
  let regexPath = false;
  if (path) {
    const value = endsOpen(path) && !path.includes("|") ? path : `(?:${path}).*`;
    if (value.length > 1024) return { problem: `${label}: pathRegex is longer than 1024 characters` };
    base.path = { type: "RegularExpression", value };
    regexPath = true;
  }
  if (headers.list.length) base.headers = headers.list;
  if (named.length === 0) return { matches: [base], regexPath };
  return { matches: named.map((method) => ({ ...base.path ? { path: base.path } : {}, method, ...base.headers ? { headers: base.headers } : {} })), regexPath };
}
function readHeaders(raw, label) {
  if (raw === void 0 || raw === null) return { list: [] };
  const entries = Array.isArray(raw) ? raw.flatMap((e) => e !== null && typeof e === "object" && !Array.isArray(e) ? Object.entries(e) : [["", e]]) : typeof raw === "object" ? Object.entries(raw) : [["", raw]];
  const seen = /* @__PURE__ */ new Set();
  const list = [];
  for (const [name, value] of entries) {
    if (name === "" || typeof value !== "string") return { problem: `${label}: headers must map names to strings` };
    if (!HEADER_NAME.test(name) || name.length > 256) return { problem: `${label}: header name "${name}" is not a valid HTTP header name` };
    if (seen.has(name.toLowerCase())) return { problem: `${label}: header "${name}" appears twice; an HTTPRouteMatch holds one condition per header name` };
    seen.add(name.toLowerCase());
    if (value.length === 0 || value.length > 4096) return { problem: `${label}: header "${name}" value must be 1 to 4096 characters` };
    list.push({ name, type: META.test(value) ? "RegularExpression" : "Exact", value });
  }
  if (list.length > MAX_HEADERS) return { problem: `${label}: more than ${MAX_HEADERS} headers` };
  return { list };
}
function endsOpen(pattern) {
  if (!pattern.endsWith(".*")) return false;
  let slashes = 0;
  for (let i = pattern.length - 3; i >= 0 && pattern[i] === "\\"; i--) slashes++;
  return slashes % 2 === 0;
}

// src/gateway/presets.ts
var GW = "gateway.networking.k8s.io";
var MAX_RULES = 16;
var MAX_BACKENDS = 16;
var MAX_ROUTE_WEIGHT = 1000000n;
var LINKERD = {
  "2.13": { http: "policy.linkerd.io/v1beta2", gatewayApi: "1.0" },
  "2.14": { http: `${GW}/v1beta1`, gatewayApi: "1.0" },
  "2.15": { http: `${GW}/v1beta1`, gatewayApi: "1.0" },
  "2.16": { http: `${GW}/v1beta1`, grpc: `${GW}/v1alpha2`, gatewayApi: "1.0" },
  "2.17": { http: `${GW}/v1beta1`, grpc: `${GW}/v1alpha2`, tcp: `${GW}/v1alpha2`, gatewayApi: "1.0" },
  "2.18": { http: `${GW}/v1`, grpc: `${GW}/v1`, tcp: `${GW}/v1alpha2`, gatewayApi: "1.1" },
  "2.19": { http: `${GW}/v1`, grpc: `${GW}/v1`, tcp: `${GW}/v1alpha2`, gatewayApi: "1.1" },
  "2.20": { http: `${GW}/v1`, grpc: `${GW}/v1`, tcp: `${GW}/v1alpha2`, gatewayApi: "1.1" }
};
function routeApis(o) {
  const linkerd = o.linkerd ? LINKERD[o.linkerd] : void 0;
  const release = o.gatewayApi ?? linkerd?.gatewayApi ?? "1.1";
  const minor = Number(release.split(".")[1]);
  const apiVersion = linkerd ? { http: linkerd.http, ...linkerd.grpc ? { grpc: linkerd.grpc } : {}, ...linkerd.tcp ? { tcp: linkerd.tcp } : {} } : {
    http: `${GW}/v1`,
    // GRPCRoute v1 is Standard from 1.1; TCPRoute v1 from 1.6 (v1alpha2, Experimental, before).
    grpc: minor >= 1 ? `${GW}/v1` : `${GW}/v1alpha2`,
    tcp: minor >= 6 ? `${GW}/v1` : `${GW}/v1alpha2`
  };
  if (o.routeApi) apiVersion.http = o.routeApi;
  const big = minor >= 2;
  return {
    apiVersion,
    maxMatchesPerRule: big ? 64 : 8,
    maxMatchesPerRoute: big ? 128 : 8 * MAX_RULES,
    ...o.linkerd ? { linkerd: o.linkerd } : {},
    missing: o.linkerd ? `Linkerd ${o.linkerd}` : `Gateway API ${release}`
  };
}
var LINKERD_OPAQUE_PORTS = [25, 587, 3306, 4444, 5432, 6379, 9300, 11211];
function atLeast(release, than) {
  return Number(release.split(".")[1]) >= Number(than.split(".")[1]);
}

// src/gateway/routes.ts
var KIND_NAME = { http: "HTTPRoute", grpc: "GRPCRoute", tcp: "TCPRoute" };
var CONTROLLERS = {
  Canary: "Flagger rewrites it from its Canary: switch Flagger to its Gateway API provider instead (meshProvider=gatewayapi:v1beta1, with the Canary's service.gatewayRefs naming the Service)",
  Rollout: "Argo Rollouts rewrites it from its Rollout: switch the Rollout's trafficRouting from smi to the Gateway API plugin (argoproj-labs/gatewayAPI) instead"
};
function mapSplit(src, weights, opts, apis, generator) {
  const facts = opts.facts;
  const owner = src.owners.find((o) => o.kind !== void 0 && o.kind in CONTROLLERS);
  if (owner) {
    return { skip: {
      severity: "warning",
      code: "owned-by-controller",
      offset: src.ownersOffset,
      pending: true,
      message: `is owned by ${owner.kind} ${owner.name ?? ""}`.trimEnd() + `; left unchanged: ${CONTROLLERS[owner.kind]}`
    } };
  }
  if (src.name === void 0) return fail(src.offset, "invalid-structure", "has no metadata.name to name its routes after");
  const root = serviceName(src.service, src.namespace);
  if (root === void 0) return fail(src.serviceOffset, "no-root-service", "has no spec.service: a route needs the Service it routes for");
  if ("problem" in root) return fail(src.serviceOffset, "cross-namespace", root.problem);
  const backends = [];
  for (const [i, b] of src.backends.entries()) {
    const n = serviceName(b.service, src.namespace);
    if (n === void 0) return fail(b.offset, "invalid-structure", `backend ${i + 1} has no service`);
    if ("problem" in n) return fail(b.offset, "cross-namespace", `backend ${i + 1}: ${n.problem}`);
    backends.push({ name: n.name, weight: weights[i] ?? 1n, offset: b.offset });
  }
  if (backends.length > MAX_BACKENDS) return fail(src.backendsOffset, "too-many-backends", `has ${backends.length} backends; a route rule holds at most ${MAX_BACKENDS}`);
  const findings = [];
  const note = (severity, code, offset, message) => void findings.push({ severity, code, offset, message });
  if (backends.length === 0) {
    note("warning", "no-backends", src.backendsOffset, `has no backends; its routes send all traffic to ${root.name}, as the split did`);
    backends.push({ name: root.name, weight: 1n, offset: src.backendsOffset });
  } else if (backends.every((b) => b.weight === 0n)) {
    note("warning", "all-weights-zero", src.backendsOffset, "every weight is 0: its routes serve no traffic (Linkerd never makes the distribution ready; some Envoy-based meshes reject the route)");
  }
  const service = facts.services.get(factKey(src.namespace, root.name));
  let ports;
  if (opts.port !== void 0) {
    const listed = service?.ports.find((p) => p.port === opts.port);
    if (service && !listed && !service.ports.some((p) => Number.isNaN(p.port))) {
      return fail(src.serviceOffset, "port-unknown", `--port ${opts.port}: Service ${root.name} in the input has no such port (${service.ports.map((p) => p.port).join(", ")}); leave --port out to write a route per port`);
    }
    ports = [listed ?? { port: opts.port }];
  } else if (!service) {
    const where = src.namespace === void 0 ? "without a namespace" : `in namespace ${src.namespace}`;
    return fail(src.serviceOffset, "port-unknown", `Service ${root.name} (${where}) is not in the input, and a route needs its port: add the Service manifest to the input (for a cluster: kubectl get trafficsplits,services,httproutegroups -A -o yaml) or pass --port`);
  } else {
    ports = service.ports.filter((p, i, all) => (p.protocol ?? "TCP") === "TCP" && all.findIndex((q) => Object.is(q.port, p.port) && (q.protocol ?? "TCP") === "TCP") === i);
    if (ports.length === 0 && service.ports.length > 0) return fail(src.serviceOffset, "port-unknown", `Service ${root.name} has no TCP port: routes carry TCP only`);
  }
  if (service) {
    const bad = serviceProblem(service, root.name, "root");
    if (bad) return fail(src.serviceOffset, bad.code, bad.message);
  }
  if (ports.length === 0) return fail(src.serviceOffset, "port-unknown", `Service ${root.name} has no ports`);
  const invalid = ports.find((p) => !Number.isInteger(p.port) || p.port < 1 || p.port > 65535);
  if (invalid) {
    return fail(src.serviceOffset, "port-unknown", `Service ${root.name} has a port that is not a number from 1 to 65535 (a templated port is known only once rendered: convert the rendered chart, or pass --port)`);
  }
  for (const b of backends) {
    const s = facts.services.get(factKey(src.namespace, b.name));
    const bad = s && b.name !== root.name ? serviceProblem(s, b.name, "backend") : void 0;
    if (bad) return fail(b.offset, bad.code, bad.message);
  }
  const groups = [];
  for (const m of src.matches) {
    if (m.kind !== void 0 && m.kind !== "HTTPRouteGroup") return fail(m.offset, "routegroup-missing", `matches a ${m.kind}; only HTTPRouteGroups can be converted`);
    const group = m.name === void 0 ? void 0 : facts.routeGroups.get(factKey(src.namespace, m.name));
    if (!group) {
      return fail(m.offset, "routegroup-missing", `HTTPRouteGroup ${m.name ?? "(no name)"} is not in the input, and its matches decide the routes: add it to the input (kubectl get trafficsplits,services,httproutegroups -A -o yaml)`);
    }
    groups.push(...group.matches);
  }
  const routes = [];
  const splitKey = src.namespace === void 0 ? src.name : `${src.namespace}/${src.name}`;
  for (const p of ports) {
    const kind = routeKind(p, service, opts, apis, root.name, src.serviceOffset, findings);
    if ("problem" in kind) return fail(src.serviceOffset, "route-kind", kind.problem);
    const kept = backends.filter((b) => {
      const s = b.name === root.name ? void 0 : facts.services.get(factKey(src.namespace, b.name));
      if (!s || s.ports.some((q) => q.port === p.port)) return true;
      note("warning", "backend-port-missing", b.offset, `backend ${b.name} has no port ${p.port}: left out of the route for port ${p.port}, as SMI leaves it out of the split`);
      return false;
    });
    if (kept.length === 0) return fail(src.backendsOffset, "backend-port-missing", `no backend has port ${p.port}, so its route would have no backend`);
    const refs = kept.map((b) => ({ name: b.name, port: p.port, weight: Number(b.weight) }));
    const rules = groups.length ? abRules(groups, refs, kind.kind, apis, root.name, p.port) : { rules: [{ backendRefs: refs }], regexPath: false };
    if ("problem" in rules) return fail(src.matches[0].offset, rules.code, rules.problem);
    if (rules.regexPath) note("info", "regex-path", src.matches[0].offset, "a pathRegex became a RegularExpression path match, whose dialect and precedence are implementation-specific: check it on your mesh");
    const name = ports.length > 1 ? `${src.name}-${p.port}` : src.name;
    if (name.length > 253) return fail(src.offset, "invalid-structure", `the route name ${name} is longer than 253 characters`);
    const kindName = KIND_NAME[kind.kind];
    const existing = facts.routes.get(routeKey(kindName, factKey(src.namespace, name)));
    if (existing?.generated) {
      return { skip: {
        severity: "info",
        code: "already-converted",
        offset: src.offset,
        message: `has its ${kindName} ${name} in the input already, written by smi-migrate; left as it is (delete the TrafficSplit once the route is Accepted)`
      } };
    }
    if (existing) return fail(src.offset, "name-collision", `${kindName} ${name} is already in the input; rename one of them (the TrafficSplit's routes are named after it)`);
    const writer = facts.written.get(routeKey(kindName, factKey(src.namespace, name)));
    if (writer !== void 0 && writer !== splitKey) {
      return fail(src.offset, "name-collision", `TrafficSplit ${writer} in this input also writes ${kindName} ${name}; rename one of the TrafficSplits`);
    }
    routes.push({ kind: kindName, name, port: p.port, value: route(kindName, apis.apiVersion[kind.kind], name, src, generator, root.name, p.port, opts, rules.rules) });
  }
  for (const r of routes) {
    facts.written.set(routeKey(r.kind, factKey(src.namespace, r.name)), splitKey);
    const parent = `parent ${factKey(src.namespace, root.name)}:${r.port}`;
    const other = facts.written.get(parent);
    if (other !== void 0 && other !== splitKey) {
      note("warning", "name-collision", src.serviceOffset, `TrafficSplit ${other} also splits Service ${root.name} port ${r.port}: both routes attach to it and Gateway API merges their rules (the oldest route wins a tie); SMI left two splits of one Service undefined: merge them by hand`);
    } else facts.written.set(parent, splitKey);
  }
  const rootKey = factKey(src.namespace, root.name);
  if (!facts.noted.has(rootKey)) {
    facts.noted.add(rootKey);
    const fqdn = `${root.name}.${src.namespace ?? "<namespace>"}.svc.cluster.local`;
    note("info", "serviceprofile-precedence", src.serviceOffset, `on Linkerd, the ServiceProfile ${fqdn} that the linkerd-smi extension made for this split takes precedence over the routes until it is deleted (docs/gateway.md, runbook)`);
  }
  return { routes, findings };
}
function fail(offset, code, message) {
  return { problems: [{ code, offset, message }] };
}
function serviceName(raw, namespace) {
  if (raw === void 0 || raw === "") return void 0;
  const [name, ns, svc] = raw.split(".");
  if (ns === void 0) return { name };
  if (svc !== void 0 && svc !== "svc") return { problem: `service ${raw} is not a Service name` };
  if (ns !== namespace) {
    return { problem: `service ${raw} is in namespace ${ns}, not the TrafficSplit's (${namespace ?? "none set"}): a route for it belongs in that namespace; move the split there first` };
  }
  return { name };
}
function serviceProblem(s, name, role) {
  if (s.type === "ExternalName") return { code: "externalname", message: `Service ${name} is an ExternalName Service, which Gateway API meshes do not accept as a ${role === "root" ? "parent" : "backend"}` };
  if (role === "root" && s.clusterIP === "None") {
    return { code: "headless-root", message: `Service ${name} is headless (clusterIP: None): a mesh applies routes to a Service's cluster IP, so a headless parent gets none` };
  }
  return void 0;
}
function routeKind(p, service, opts, apis, root, offset, findings) {
  let kind = opts.routeKind && opts.routeKind !== "auto" ? opts.routeKind : void 0;
  const app = p.appProtocol?.toLowerCase();
  const warn = (message) => void findings.push({ severity: "warning", code: "linkerd-opaque-port", offset, message });
  if (!kind && app !== void 0) {
    kind = PROTOCOLS[app];
    if (!kind) return { problem: `Service ${root} port ${p.port} has appProtocol ${p.appProtocol}, which maps to no route kind here: pass --route-kind http, grpc or tcp` };
  }
  const opaque = apis.linkerd !== void 0 && (app === void 0 || !atLeast(apis.linkerd, "2.18")) && opaquePorts(service).includes(p.port);
  const why = service?.opaquePorts !== void 0 ? "config.linkerd.io/opaque-ports" : "its default opaque ports";
  if (opaque && !atLeast(apis.linkerd, "2.18")) {
    return { problem: `Linkerd ${apis.linkerd} treats port ${p.port} of Service ${root} as opaque (${why}) and applies no route there (TCPRoutes on opaque ports work from Linkerd 2.18): upgrade Linkerd first, or take the port out of the opaque list` };
  }
  if (!kind && opaque) {
    kind = "tcp";
    warn(`Linkerd treats port ${p.port} of Service ${root} as opaque (${why}) and honours only TCPRoutes there: writing a TCPRoute`);
  } else if (opaque && kind !== "tcp") {
    warn(`Linkerd treats port ${p.port} of Service ${root} as opaque (${why}) and ignores HTTP and gRPC routes there`);
  }
  if (!kind) {
    const prefix = p.name?.toLowerCase().split("-")[0];
    kind = prefix === "tcp" ? "tcp" : "http";
    if (prefix === "grpc") {
      findings.push({
        severity: "info",
        code: "route-kind",
        offset,
        message: `Service ${root} port ${p.port} is named ${p.name}: an HTTPRoute routes its gRPC calls (HTTP/2); appProtocol: grpc or --route-kind grpc writes a GRPCRoute`
      });
    }
  }
  if (apis.linkerd && atLeast(apis.linkerd, "2.18") && app !== void 0 && kind !== "tcp" && !LINKERD_PROTOCOLS.has(app)) {
    warn(`Linkerd treats appProtocol ${p.appProtocol} (Service ${root} port ${p.port}) as opaque and ignores HTTP and gRPC routes on it: set appProtocol to http or kubernetes.io/h2c`);
  }
  if (apis.linkerd && kind === "tcp" && !atLeast(apis.linkerd, "2.18")) {
    warn(`Linkerd ${apis.linkerd} ignores every route on opaque ports; the TCPRoute for port ${p.port} takes effect from Linkerd 2.18`);
  }
  if (!apis.apiVersion[kind]) return { problem: `port ${p.port} needs a ${KIND_NAME[kind]}, which ${apis.missing} does not serve: pass --route-kind http or a newer release` };
  return { kind };
}
var PROTOCOLS = {
  "http": "http",
  "http2": "http",
  "h2c": "http",
  "kubernetes.io/h2c": "http",
  "grpc": "grpc",
  "grpc-web": "grpc",
  "tcp": "tcp",
  "linkerd.io/opaque": "tcp",
  "linkerd.io/tcp": "tcp"
};
var LINKERD_PROTOCOLS = /* @__PURE__ */ new Set(["http", "kubernetes.io/h2c", "linkerd.io/opaque", "linkerd.io/tcp"]);
function opaquePorts(service) {
  if (service?.opaquePorts === void 0) return LINKERD_OPAQUE_PORTS;
  return service.opaquePorts.split(",").flatMap((part) => {
    const [a, b] = part.trim().split("-").map(Number);
    if (a === void 0 || !Number.isInteger(a)) return [];
    if (b === void 0 || !Number.isInteger(b) || b < a || b - a > 65535) return [a];
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
}
function abRules(groups, refs, kind, apis, root, port) {
  if (kind === "tcp") return { code: "route-kind", problem: `port ${port} takes a TCPRoute, which has no request matches: an A/B split cannot be converted for it` };
  const matches = [];
  let regexPath = false;
  for (const g of groups) {
    const e = expandMatch(g, kind === "grpc");
    if ("problem" in e) return { code: "match-unrepresentable", problem: e.problem };
    matches.push(...e.matches);
    regexPath ||= e.regexPath;
  }
  const rules = [];
  for (let i = 0; i < matches.length; i += apis.maxMatchesPerRule) rules.push({ matches: matches.slice(i, i + apis.maxMatchesPerRule), backendRefs: refs });
  if (rules.length + 1 > MAX_RULES || matches.length + 1 > apis.maxMatchesPerRoute) {
    return { code: "too-many-matches", problem: `its route groups expand to ${matches.length} matches; a route holds ${MAX_RULES} rules of ${apis.maxMatchesPerRule} and ${apis.maxMatchesPerRoute} matches in all (with the rule for unmatched requests) on ${apis.missing}` };
  }
  rules.push({ backendRefs: [{ name: root, port }] });
  return { rules, regexPath };
}
function route(kind, apiVersion, name, src, generator, root, port, opts, rules) {
  const metadata = { name };
  if (src.namespace !== void 0) metadata.namespace = src.namespace;
  if (src.labels && Object.keys(src.labels).length) metadata.labels = src.labels;
  const annotations = {};
  for (const [k, v] of Object.entries(src.annotations ?? {})) {
    if (k !== "kubectl.kubernetes.io/last-applied-configuration" && k !== GENERATOR) annotations[k] = v;
  }
  annotations[GENERATOR] = generator;
  metadata.annotations = annotations;
  return {
    apiVersion,
    kind,
    metadata,
    spec: {
      parentRefs: [{ group: opts.serviceGroup ?? "", kind: "Service", name: root, port }],
      rules
    }
  };
}

// src/quantity/yaml11.ts
var NULLS = /* @__PURE__ */ new Set(["", "~", "null", "Null", "NULL"]);
var BOOLS = /* @__PURE__ */ new Set([
  "y",
  "Y",
  "yes",
  "Yes",
  "YES",
  "n",
  "N",
  "no",
  "No",
  "NO",
  "true",
  "True",
  "TRUE",
  "false",
  "False",
  "FALSE",
  "on",
  "On",
  "ON",
  "off",
  "Off",
  "OFF"
]);
var SPECIAL_FLOATS = /* @__PURE__ */ new Set([".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF"]);
var YAML_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;
var GO_DOT_FLOAT = /^\.[0-9_]*([eE][-+]?[0-9][0-9_]*)?$/;
var MAX_UINT64 = (1n << 64n) - 1n;
var MAX_INT64 = (1n << 63n) - 1n;
var YAML11_BREAKS = /[\u0085\u2028\u2029]/;
var GO_JSON_TRIMMED = " \x85\xA0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000";
function readWeight(style, text, raw) {
  if (style === "BLOCK_LITERAL" || style === "BLOCK_FOLDED") {
    return { ok: false, reason: "is a block scalar; write the weight on the key's line" };
  }
  if (YAML11_BREAKS.test(style === "PLAIN" ? text : raw ?? text)) {
    return { ok: false, reason: "contains U+0085, U+2028 or U+2029, a line break to kubectl's YAML 1.1 reader" };
  }
  if (style !== "PLAIN") return fromString(text);
  const resolved = resolvePlain(text);
  switch (resolved.kind) {
    case "null":
      return { ok: false, reason: "is null" };
    case "bool":
      return { ok: false, reason: "is a boolean to kubectl (YAML 1.1)" };
    case "special":
      return { ok: false, reason: "is not a finite number" };
    case "string":
      return fromString(text);
    case "int": {
      const value = normalize({ negative: resolved.value < 0n, n: resolved.value < 0n ? -resolved.value : resolved.value, e: 0 });
      const literal = text.replace(/^\+/, "");
      const decimal = resolved.value.toString();
      return literal === decimal ? { ok: true, value } : { ok: true, value, note: `read as ${decimal} (YAML 1.1 integer)` };
    }
    case "float": {
      const printed = String(resolved.value);
      const r = fromQuantity(printed);
      if (!r.ok) return r;
      const exact = parseQuantity(text);
      const same = exact.ok && sameDecimal(exact.value, r.value) && !text.includes("_");
      return same ? r : { ...r, note: `read as ${printed} (YAML 1.1 float)` };
    }
  }
}
function resolvePlain(text) {
  const first = text.charCodeAt(0);
  const digit = first >= 48 && first <= 57;
  const sign = text[0] === "+" || text[0] === "-";
  const dot = text[0] === ".";
  const inMap = text === "" || "yYnNtTfFoO~".includes(text[0]);
  if (!digit && !sign && !dot && !inMap) return { kind: "string" };
  if (NULLS.has(text)) return { kind: "null" };
  if (BOOLS.has(text)) return { kind: "bool" };
  if (SPECIAL_FLOATS.has(text)) return { kind: "special" };
  if (inMap) return { kind: "string" };
  if (dot) {
    if (!GO_DOT_FLOAT.test(text) || !isDigit(text.charCodeAt(1)) || text.includes("_") && !underscoreOK(text)) {
      return { kind: "string" };
    }
    const f = Number(text.replaceAll("_", ""));
    return Number.isFinite(f) ? { kind: "float", value: f } : { kind: "string" };
  }
  const plain = text.replaceAll("_", "");
  const int = goParseInt(plain, 0);
  if (int !== void 0) return { kind: "int", value: int };
  const uint = goParseUint(plain, 0);
  if (uint !== void 0) return { kind: "int", value: uint };
  if (YAML_FLOAT.test(plain)) {
    const f = Number(plain);
    if (Number.isFinite(f)) return { kind: "float", value: f };
  }
  if (plain.startsWith("0b")) {
    const b = goParseInt(plain.slice(2), 2) ?? goParseUint(plain.slice(2), 2);
    if (b !== void 0) return { kind: "int", value: b };
  }
  return { kind: "string" };
}
function goParseUint(s, base) {
  if (s === "") return void 0;
  let radix = base === 2 ? 2 : 10;
  let body = s;
  if (base === 0 && s[0] === "0") {
    const p = s.length >= 3 ? s[1].toLowerCase() : "";
    if (p === "b") [radix, body] = [2, s.slice(2)];
    else if (p === "o") [radix, body] = [8, s.slice(2)];
    else if (p === "x") [radix, body] = [16, s.slice(2)];
    else [radix, body] = [8, s.slice(1)];
  }
  let zeros = 0;
  for (let i = 0; i < body.length; i++) {
    const d = digitValue(body.charCodeAt(i));
    if (d >= radix) return void 0;
    if (d === 0 && zeros === i) zeros++;
  }
  if (body === "") return base === 0 && radix === 8 ? 0n : void 0;
  if (body.length - zeros > 64) return void 0;
  const prefix = { 2: "0b", 8: "0o", 10: "", 16: "0x" }[radix];
  const v = BigInt(prefix + body);
  return v > MAX_UINT64 ? void 0 : v;
}
function goParseInt(s, base) {
  const negative = s[0] === "-";
  const body = s[0] === "+" || s[0] === "-" ? s.slice(1) : s;
  const u = goParseUint(body, base);
  if (u === void 0) return void 0;
  if (negative ? u > MAX_INT64 + 1n : u > MAX_INT64) return void 0;
  return negative ? -u : u;
}
function underscoreOK(s) {
  let saw = "^";
  let i = 0;
  if (s[0] === "-" || s[0] === "+") s = s.slice(1);
  let hex = false;
  if (s.length >= 2 && s[0] === "0" && "bBoOxX".includes(s[1])) {
    i = 2;
    saw = "0";
    hex = s[1] === "x" || s[1] === "X";
  }
  for (; i < s.length; i++) {
    const c = s[i];
    if (digitValue(c.charCodeAt(0)) < (hex ? 16 : 10)) {
      saw = "0";
      continue;
    }
    if (c === "_") {
      if (saw !== "0") return false;
      saw = "_";
      continue;
    }
    if (saw === "_") return false;
    saw = "!";
  }
  return saw !== "_";
}
function fromString(text) {
  const trimmed = trimGoJson(text);
  const r = fromQuantity(trimmed);
  if (r.ok || trimmed === text.trim()) return r;
  const loose = parseQuantity(text.trim());
  if (!loose.ok) return r;
  const around = [...text].filter((c) => NOT_TRIMMED.includes(c));
  const shown = [...new Set(around)].map((c) => `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join(", ");
  return { ok: false, reason: `has ${shown} around it, which Kubernetes does not strip (its JSON form keeps it); remove it` };
}
var NOT_TRIMMED = "	\n\v\f\r\u2028\u2029\uFEFF";
function digitValue(c) {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  return l >= 97 && l <= 102 ? l - 87 : 99;
}
function isDigit(c) {
  return c >= 48 && c <= 57;
}
function trimGoJson(text) {
  let a = 0;
  let b = text.length;
  while (a < b && GO_JSON_TRIMMED.includes(text[a])) a++;
  while (b > a && GO_JSON_TRIMMED.includes(text[b - 1])) b--;
  return text.slice(a, b);
}
function fromQuantity(text) {
  const r = parseQuantity(text);
  return r.ok ? { ok: true, value: r.value } : { ok: false, reason: r.reason };
}
function sameDecimal(a, b) {
  return a.negative === b.negative && a.n === b.n && a.e === b.e;
}

// src/kinds/trafficsplit/steps.ts
var STEPS = [
  { from: "v1alpha1", to: "v1alpha2", apply: convertWeights },
  { from: "v1alpha2", to: "v1alpha3", apply: apiVersionOnly },
  { from: "v1alpha3", to: "v1alpha4", apply: apiVersionOnly }
];
function repair(u, opts) {
  if (u.version === "v1alpha1") return false;
  const broken = u.view.data.weights.some((w) => !("scalar" in w) || w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value));
  return broken ? convertWeights(u, opts) : false;
}
function convertWeights(u, opts) {
  const read = readValues(u.view.data.weights, u.notes);
  if ("problems" in read) return read;
  const { values, scalars } = read;
  const scaled = scaleWeights(values, opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, u.view.ref.name) } : {});
  if (!scaled.ok) {
    const s = scalars[scaled.index];
    return { problems: [{ code: "invalid-weight", offset: s.start, message: `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}` }] };
  }
  if (scaled.divided) u.notes.push(`divided by their greatest common divisor to stay within ${MAX_WEIGHT}`);
  const before = [];
  const after = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [i, s] of scalars.entries()) {
    const text = scaled.weights[i].toString();
    before.push(s.raw);
    after.push(text);
    if (s.raw !== text && !seen.has(s.start)) u.changes.push({ shape: "scalar", scalar: s, text });
    seen.add(s.start);
  }
  u.weights = { before, after };
  return { ok: true };
}
function readValues(weights, notes) {
  const problems = [];
  const values = [];
  const scalars = [];
  for (const [i, w] of weights.entries()) {
    if ("problem" in w) {
      problems.push(w.problem);
      continue;
    }
    const reading = readWeight(w.scalar.style, w.scalar.value, w.scalar.raw);
    if (!reading.ok) {
      problems.push({ code: "invalid-weight", offset: w.scalar.start, message: `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}` });
      continue;
    }
    if (reading.value.negative) {
      problems.push({ code: "invalid-weight", offset: w.scalar.start, message: `backend ${i + 1} weight ${show(w.scalar)} is negative` });
      continue;
    }
    if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`);
    values.push(reading.value);
    scalars.push(w.scalar);
  }
  return problems.length ? { problems } : { values, scalars };
}
function floorFor(floors, name) {
  if (!floors) return 0;
  return Math.max(floors.get("*") ?? 0, name === void 0 ? 0 : floors.get(name) ?? 0);
}
function show(s) {
  const flat = s.raw.split("\r").join("\\r").split("\n").join("\\n");
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
  return s.style === "PLAIN" ? `"${raw}"` : raw;
}

// src/kinds/trafficsplit/gateway.ts
function toGateway(view, opts) {
  const gateway = opts.gateway;
  const notes = [];
  const read = readValues(view.data.weights, notes);
  if ("problems" in read) return read;
  const weights = routeWeights(read.values, gateway.rescaleWeights === true, notes);
  if ("index" in weights) {
    const s = read.scalars[weights.index];
    const problem = {
      code: weights.overflow ? "weight-overflow" : "invalid-weight",
      offset: s.start,
      message: `backend ${weights.index + 1} weight ${show(s)} ${weights.reason}${weights.overflow ? " (--rescale-weights rounds them, reporting the largest change)" : ""}`
    };
    return { problems: [problem] };
  }
  const facts = gateway.facts ?? emptyFacts();
  const source = view.data.source();
  if (source.comments) notes.push(`its ${source.comments === 1 ? "comment is" : `${source.comments} comments are`} not carried over: the routes are written anew`);
  const mapped = mapSplit(source, weights.weights, { ...gateway, facts }, routeApis(gateway), `smi-migrate-${version}`);
  if (!("routes" in mapped)) return mapped;
  if (weights.rescaled) {
    mapped.findings.push({
      severity: "warning",
      code: "weights-rescaled",
      offset: view.offset,
      message: `weights rounded to fit ${MAX_ROUTE_WEIGHT}: ${weights.rescaled}`
    });
  }
  const routes = mapped.routes.map((r) => `${r.kind} ${r.name} (port ${r.port})`).join(", ");
  const before = read.scalars.map((s) => s.raw);
  const after = weights.weights.map(String);
  const changed = before.some((b, i) => b !== after[i]) ? `, weights ${before.join(", ")} -> ${after.join(", ")}` : "";
  const noted = notes.length ? ` (${notes.join("; ")})` : "";
  return { objects: mapped.routes.map((r) => r.value), findings: mapped.findings, message: `${view.version} -> ${routes}${changed}${noted}`, weights: { before, after } };
}
function routeWeights(values, rescale, notes) {
  const scaled = scaleWeights(values, { max: MAX_ROUTE_WEIGHT });
  if (scaled.ok) {
    if (scaled.divided) notes.push(`divided by their greatest common divisor to stay within ${MAX_ROUTE_WEIGHT}`);
    return { weights: scaled.weights };
  }
  const overflow = scaled.reason.startsWith("is above");
  if (!overflow || !rescale) return { ...scaled, overflow };
  const scale = neededScale(values);
  const exact = values.map((v) => v.n === 0n ? 0n : v.n * 10n ** BigInt(v.e + scale));
  const max = exact.reduce((a, b) => b > a ? b : a, 0n);
  const weights = exact.map((w) => {
    if (w === 0n) return 0n;
    const r = (w * MAX_ROUTE_WEIGHT * 2n + max) / (max * 2n);
    return r === 0n ? 1n : r;
  });
  const sum = (ws) => Number(ws.reduce((a, b) => a + b, 0n));
  const total = sum(exact);
  const totalAfter = sum(weights);
  let worst = 0;
  for (const [i, w] of exact.entries()) {
    if (w === 0n) continue;
    const share = Number(w) / total;
    worst = Math.max(worst, Math.abs(Number(weights[i]) / totalAfter - share) / share);
  }
  return { weights, rescaled: `the largest change of a backend's share of traffic is ${Number((worst * 100).toPrecision(3))}%` };
}

// src/kinds/trafficsplit/read.ts
var import_yaml3 = __toESM(require_dist(), 1);

// src/yaml/templated.ts
var import_yaml = __toESM(require_dist(), 1);
function templatedApiVersion(map, actions) {
  const node = map.get("apiVersion", true);
  if (!node?.range) return void 0;
  const action = actionWithin(actions, node.range[0], node.range[1]);
  return action ? { action, what: "apiVersion" } : void 0;
}
function templatedKind(map, actions, original, to) {
  const kind = map.get("kind", true);
  const api = map.get("apiVersion", true);
  if (!kind?.range || !(0, import_yaml.isScalar)(api) || !api.range) return void 0;
  const action = actionWithin(actions, kind.range[0], kind.range[1]);
  if (!action) return void 0;
  const written = original.slice(api.range[0], api.range[1]).replace(/^["']|["']$/g, "");
  if (!written.startsWith(`${SMI_SPLIT_GROUP}/`)) return void 0;
  const version2 = written.slice(SMI_SPLIT_GROUP.length + 1);
  return olderThan(version2, to) || actionWithin(actions, api.range[0], api.range[1]) ? { action, what: "kind" } : void 0;
}
function olderThan(version2, to) {
  const at = VERSIONS.indexOf(version2);
  return at < 0 || at < VERSIONS.indexOf(to ?? "v1alpha2");
}
function templatedSplit(map, splitWeights, actions, source) {
  const weights = [];
  for (const [i, w] of splitWeights.entries()) {
    const start = "scalar" in w ? w.scalar.start : w.offset;
    const end = "scalar" in w ? w.scalar.end : w.offset + 1;
    const action = actionWithin(actions, start, end);
    if (!action) continue;
    const t = { action, what: `backend ${i + 1} weight` };
    if ("scalar" in w) t.scalar = { start, end, quoted: w.scalar.style === "QUOTE_DOUBLE" || w.scalar.style === "QUOTE_SINGLE" };
    weights.push(t);
  }
  if (weights.length) return weights;
  const generated = templatedContent(map, actions, source);
  return generated ? [{ action: generated, what: "spec" }] : [];
}
function templatedContent(map, actions, source) {
  return generatedContent(map, actions, source.masked, source.original, source.root);
}
var STRUCTURAL = /* @__PURE__ */ new Set(["spec", "backends", "weight"]);
function generatedContent(map, actions, masked, original, root) {
  const [start, end] = map.range ?? [0, 0];
  const metadata = map.items.find((p) => (0, import_yaml.isScalar)(p.key) && p.key.value === "metadata");
  const metaKey = metadata?.key;
  const metaValue = metadata?.value;
  const metaStart = metaKey?.range?.[0] ?? -1;
  const metaEnd = metaValue?.range?.[1] ?? metaKey?.range?.[1] ?? -1;
  const metaColumn = metaStart < 0 ? -1 : column(masked, metaStart);
  const inMetadata = (offset) => offset >= metaStart && offset < metaEnd;
  const itemColumn = column(masked, start);
  let safe;
  for (const a of actions) {
    if (!a.output || a.inDefine) continue;
    if (a.standalone) {
      const prev = previousContent(masked, a.start);
      const at = effectiveColumn(original, a);
      if (!root && !(prev >= start && prev < end && at >= itemColumn)) continue;
      if (prev >= 0 && inMetadata(prev) && at > metaColumn) continue;
      return a;
    }
    if (a.start < start || a.start >= end || inMetadata(a.start) || inComment(masked, a.start)) continue;
    safe ??= scalarValues(map, actions);
    if (!safe.some(([s, e]) => a.start >= s && a.start < e)) return a;
  }
  return void 0;
}
function scalarValues(map, actions) {
  const out = [];
  (0, import_yaml.visit)(map, {
    Pair: (_key, pair) => {
      if (!(0, import_yaml.isPair)(pair) || !(0, import_yaml.isScalar)(pair.key) || !pair.key.range || !(0, import_yaml.isScalar)(pair.value) || !pair.value.range) return;
      if (actionWithin(actions, pair.key.range[0], pair.key.range[1])) return;
      if (STRUCTURAL.has(String(pair.key.value))) return;
      out.push([pair.value.range[0], pair.value.range[1]]);
    }
  });
  return out;
}
function inComment(masked, offset) {
  return /(?:^|[ \t])#/.test(masked.slice(lineStart(masked, offset), offset));
}
function column(text, offset) {
  return columnOf(text, offset);
}
function previousContent(masked, offset) {
  let start = lineStart(masked, offset);
  while (start > 0) {
    const prevStart = lineStart(masked, start - 1);
    const line = masked.slice(prevStart, start - 1);
    const m = /^(?:[ \t]*-(?=[ \t]))*[ \t]*/.exec(line);
    const first = line[m[0].length];
    if (first !== void 0 && first !== "#" && first !== "\r") return prevStart + m[0].length;
    start = prevStart;
  }
  return -1;
}
function effectiveColumn(original, a) {
  const source = original.slice(a.start, a.end);
  const nindent = /\bnindent\s+(\d+)\b/.exec(source);
  if (nindent) return Number(nindent[1]);
  if (source.startsWith("{{-")) return Infinity;
  const indent = /\bindent\s+(\d+)\b/.exec(source);
  return column(original, a.start) + (indent ? Number(indent[1]) : 0);
}
var KIND_LINE = /["']?kind["']?[ \t]*:[ \t]*["']?TrafficSplit["']?(?=[ \t]*(?:[,}#\r\n]|$))/g;
var API_LINE = /["']?apiVersion["']?[ \t]*:[ \t]*["']?(split\.smi-spec\.io\/[^\s"',}#]*)/g;
function definedSplits(original, defines, to) {
  const out = [];
  for (const d of defines) {
    const body = original.slice(d.bodyStart, d.end);
    const kinds = [...body.matchAll(KIND_LINE)];
    if (kinds.length === 0) continue;
    const apis = [...body.matchAll(API_LINE)];
    const pending = apis.length === 0 || apis.some((m) => olderThan(m[1].slice(SMI_SPLIT_GROUP.length + 1), to));
    if (!pending) continue;
    for (const k of kinds) {
      const split = { offset: d.bodyStart + k.index, define: d };
      if (apis[0]) split.apiVersion = apis[0][1];
      out.push(split);
    }
  }
  return out;
}

// src/yaml/nodes.ts
var import_yaml2 = __toESM(require_dist(), 1);
function scalarRef(node, text) {
  const [start, end] = node.range;
  return { style: node.type ?? "PLAIN", value: String(node.value ?? ""), raw: text.slice(start, end), start, end };
}
function stringAt(map, key) {
  const node = map.get(key, true);
  return (0, import_yaml2.isScalar)(node) && typeof node.value === "string" ? node.value : void 0;
}
function objectRef(map, kind) {
  const meta = map.get("metadata", true);
  const ref = { kind };
  if ((0, import_yaml2.isMap)(meta)) {
    const name = stringAt(meta, "name");
    const namespace = stringAt(meta, "namespace");
    if (name !== void 0) ref.name = name;
    if (namespace !== void 0) ref.namespace = namespace;
  }
  return ref;
}
function offsetOf(node) {
  if ((0, import_yaml2.isMap)(node) && node.items[0] && node.items[0].key && node.items[0].key.range) {
    return node.items[0].key.range[0];
  }
  return node.range?.[0] ?? 0;
}
function mergeKey(map) {
  const pair = map.items.find((p) => (0, import_yaml2.isScalar)(p.key) && p.key.value === "<<" && (p.key.type === "PLAIN" || p.key.tag === "tag:yaml.org,2002:merge"));
  return pair?.key;
}
function isNullScalar(node) {
  return (0, import_yaml2.isScalar)(node) && !node.tag && (node.type === "PLAIN" || node.type === void 0) && ["", "~", "null", "Null", "NULL"].includes(String(node.value ?? ""));
}

// src/kinds/trafficsplit/read.ts
function readSplit(map, ctx) {
  const read = readWeights(map, ctx);
  if (ctx.template) read.templated = templatedSplit(map, read.data.weights, ctx.template.actions, ctx.template);
  return read;
}
function matchNames(map) {
  const spec = map.get("spec", true);
  const matches = (0, import_yaml3.isMap)(spec) ? spec.get("matches", true) : void 0;
  if (!(0, import_yaml3.isSeq)(matches)) return [];
  return matches.items.flatMap((m) => {
    if (!(0, import_yaml3.isMap)(m)) return [];
    const kind = m.get("kind");
    const name = m.get("name");
    return (kind === void 0 || kind === "HTTPRouteGroup") && typeof name === "string" ? [name] : [];
  });
}
function readWeights(map, ctx) {
  const { text, aliases } = ctx;
  const view = { offset: offsetOf(map), data: { weights: [], matches: matchNames(map), source: () => readSource(map) }, problem: void 0 };
  const fail2 = (code, node, message) => {
    view.problem = { code, offset: node ? offsetOf(node) : view.offset, message };
    return view;
  };
  const merge = mergeKey(map);
  if (merge) return fail2("unsupported-alias", merge, "has a merge key (<<); write its keys out to convert this TrafficSplit");
  const spec = map.get("spec", true);
  if (spec == null || isNullScalar(spec)) return shared(view, map, void 0, aliases, fail2);
  if ((0, import_yaml3.isAlias)(spec)) return fail2("unsupported-alias", spec, "spec is an alias; write it out to convert this TrafficSplit");
  if (!(0, import_yaml3.isMap)(spec)) return fail2("invalid-structure", spec, "spec is not a mapping");
  const specMerge = mergeKey(spec);
  if (specMerge) return fail2("unsupported-alias", specMerge, "spec has a merge key (<<); write its keys out to convert this TrafficSplit");
  const backends = spec.get("backends", true);
  if (backends == null || isNullScalar(backends)) return shared(view, map, [spec], aliases, fail2);
  if ((0, import_yaml3.isAlias)(backends)) return fail2("unsupported-alias", backends, "spec.backends is an alias; write it out to convert this TrafficSplit");
  if (!(0, import_yaml3.isSeq)(backends)) return fail2("invalid-structure", backends, "spec.backends is not a list");
  const uses = [];
  const containers = [spec, backends];
  for (const [i, item] of backends.items.entries()) {
    const at = `backend ${i + 1}`;
    if ((0, import_yaml3.isAlias)(item)) return fail2("unsupported-alias", item, `${at} is an alias; write it out to convert this TrafficSplit`);
    if (!(0, import_yaml3.isMap)(item)) return fail2("invalid-structure", item, `${at} is not a mapping`);
    containers.push(item);
    const merged = mergeKey(item);
    if (merged) {
      view.data.weights.push({ offset: offsetOf(item), problem: {
        code: "unsupported-alias",
        offset: offsetOf(merged),
        message: `${at} has a merge key (<<), which kubectl lets override or supply its weight; write the weight literally`
      } });
      continue;
    }
    const pair = item.items.find((p) => (0, import_yaml3.isScalar)(p.key) && p.key.value === "weight");
    if (!pair) {
      view.data.weights.push({ offset: offsetOf(item), problem: {
        code: "invalid-weight",
        offset: offsetOf(item),
        message: `${at} has no weight`
      } });
      continue;
    }
    const node = pair.value;
    if (node === null) {
      view.data.weights.push({ offset: offsetOf(pair.key), problem: { code: "invalid-weight", offset: offsetOf(pair.key), message: `${at} weight is null` } });
      continue;
    }
    uses.push(node);
    view.data.weights.push(readWeight2(node, aliases, text, at));
  }
  const sharedWeight = aliases.sharedOutside(uses);
  if (sharedWeight) return fail2("unsupported-alias", sharedWeight.node, sharedWeight.message);
  return shared(view, map, containers, aliases, fail2);
}
function shared(view, map, containers, aliases, fail2) {
  for (const node of [map, ...containers ?? []]) {
    if (!node.anchor || !aliases.isAliased(node)) continue;
    const what = node === map ? "this TrafficSplit" : (0, import_yaml3.isSeq)(node) ? "spec.backends" : node === containers[0] ? "spec" : "a backend";
    return fail2("unsupported-alias", node, `${what} is anchored (&${node.anchor}) and read elsewhere through an alias; converting it would change that copy too: write it out to convert this TrafficSplit`);
  }
  return view;
}
function readWeight2(node, aliases, text, at) {
  const offset = offsetOf(node);
  const target = (0, import_yaml3.isAlias)(node) ? aliases.resolve(node) : node;
  if (!(0, import_yaml3.isScalar)(target)) {
    const what = (0, import_yaml3.isAlias)(node) ? `alias *${node.source} does not name a scalar` : "is not a scalar";
    return { offset, problem: { code: (0, import_yaml3.isAlias)(node) ? "unsupported-alias" : "invalid-weight", offset, message: `${at} weight ${what}` } };
  }
  if (target.tag) {
    return { offset, problem: {
      code: "invalid-weight",
      offset: offsetOf(target),
      message: `${at} weight has an explicit tag (${target.tag.replace("tag:yaml.org,2002:", "!!")}); remove the tag to convert it`
    } };
  }
  return { offset, scalar: scalarRef(target, text) };
}
function readSource(map) {
  const at = (node, fallback) => node && typeof node === "object" && "range" in node ? offsetOf(node) : fallback;
  const offset = offsetOf(map);
  const meta = map.get("metadata", true);
  const spec = map.get("spec", true);
  const str = (m, key) => {
    const v = (0, import_yaml3.isMap)(m) ? m.get(key) : void 0;
    return typeof v === "string" ? v : void 0;
  };
  const plain = (m, key) => {
    const v = (0, import_yaml3.isMap)(m) ? m.get(key, true) : void 0;
    return (0, import_yaml3.isMap)(v) ? v.toJSON() : void 0;
  };
  const list = (m, key) => {
    const v = (0, import_yaml3.isMap)(m) ? m.get(key, true) : void 0;
    return (0, import_yaml3.isSeq)(v) ? v.items : [];
  };
  const owners = (0, import_yaml3.isMap)(meta) ? meta.get("ownerReferences", true) : void 0;
  const backends = (0, import_yaml3.isMap)(spec) ? spec.get("backends", true) : void 0;
  const service = (0, import_yaml3.isMap)(spec) ? spec.get("service", true) : void 0;
  const src = {
    offset,
    comments: innerComments(map),
    owners: list(meta, "ownerReferences").map((o) => ({ ...opt("kind", str(o, "kind")), ...opt("apiVersion", str(o, "apiVersion")), ...opt("name", str(o, "name")) })),
    ownersOffset: at(owners, offset),
    serviceOffset: at(service, at(spec, offset)),
    backends: list(spec, "backends").map((b) => ({ ...opt("service", str(b, "service")), offset: at(b, offset) })),
    backendsOffset: at(backends, at(spec, offset)),
    matches: list(spec, "matches").map((m) => ({ ...opt("kind", str(m, "kind")), ...opt("name", str(m, "name")), offset: at(m, offset) }))
  };
  const name = str(meta, "name");
  const namespace = str(meta, "namespace");
  const labels = plain(meta, "labels");
  const annotations = plain(meta, "annotations");
  const root = str(spec, "service");
  if (name !== void 0) src.name = name;
  if (namespace !== void 0) src.namespace = namespace;
  if (labels) src.labels = labels;
  if (annotations) src.annotations = annotations;
  if (root !== void 0) src.service = root;
  return src;
}
function opt(key, v) {
  return v === void 0 ? {} : { [key]: v };
}
function innerComments(map) {
  let n = map.comment ? 1 : 0;
  const lead = map.items[0]?.key;
  (0, import_yaml3.visit)(map, (_key, node) => {
    if (node === map || !node || typeof node !== "object") return;
    if (node === lead) return void (n += node.comment ? 1 : 0);
    const c = node;
    if (c.comment) n++;
    if (c.commentBefore) n++;
  });
  return n;
}

// src/kinds/trafficsplit/index.ts
var trafficSplit = {
  kind: "TrafficSplit",
  group: "split.smi-spec.io",
  versions: VERSIONS,
  steps: STEPS,
  target: (opts) => opts.gateway ? GATEWAY : opts.to,
  replacements: { [GATEWAY]: { replace: toGateway } },
  flag: "--to",
  read: readSplit,
  repair,
  noApiVersion: true,
  // The spec pairs an A/B split with route groups of its own version (v1alpha4 with v1alpha4).
  needsKinds: ["HTTPRouteGroup"],
  needs: (view, version2) => version2 === "v1alpha1" || version2 === "v1alpha2" ? [] : view.data.matches.map((name) => ({ kind: "HTTPRouteGroup", name, versions: [version2] }))
};
function weightsOf(view) {
  return view.kind === trafficSplit ? view.data.weights : void 0;
}

// src/kinds/traffictarget/read.ts
var import_yaml4 = __toESM(require_dist(), 1);
function readTarget(map, _ctx) {
  const data = { ports: [] };
  const spec = map.get("spec", true);
  const holder = (0, import_yaml4.isMap)(spec) ? spec : map;
  const port = (subject, name) => {
    if (!(0, import_yaml4.isMap)(subject)) return;
    const pair = subject.items.find((p) => (0, import_yaml4.isScalar)(p.key) && p.key.value === "port");
    if (!pair) return;
    const key = pair.key;
    const value = (0, import_yaml4.isScalar)(pair.value) ? String(pair.value.value ?? "") : "";
    data.ports.push({ offset: key.range?.[0] ?? 0, subject: name, value });
  };
  port(holder.get("destination", true), "destination");
  const sources = holder.get("sources", true);
  if ((0, import_yaml4.isSeq)(sources)) sources.items.forEach((s, i) => port(s, `source ${i + 1}`));
  return { data };
}

// src/kinds/traffictarget/index.ts
function wrapInSpec(u) {
  const layout = u.view.layout();
  const spec = layout.pairs.find((p) => p.key === "spec");
  const moving = layout.pairs.filter((p) => ["destination", "sources", "specs"].includes(p.key));
  if (moving.length === 0) return { ok: true };
  if (spec) {
    return { problems: [{
      code: "invalid-structure",
      offset: spec.keyStart,
      message: `has both a spec and a root ${moving[0].key}; move them into spec to convert it`
    }] };
  }
  u.changes.push({ shape: "wrap", keys: ["destination", "sources", "specs"], under: "spec", rename: { specs: "rules" } });
  const names = moving.map((p) => p.key);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  u.notes.push(`${list} moved under spec${names.includes("specs") ? ", specs renamed rules" : ""}`);
  return { ok: true };
}
function dropPorts(u) {
  if (u.view.data.ports.length === 0) return { ok: true };
  return { problems: u.view.data.ports.map((p) => ({
    code: "invalid-structure",
    offset: p.offset,
    message: `${p.subject} port ${p.value} cannot be written in ${u.view.kind.group}/v1alpha3, which has no port on subjects: remove it and add a v1alpha4 TCPRoute with matches.ports: [${p.value}], referenced from spec.rules`
  })) };
}
var trafficTarget = {
  kind: "TrafficTarget",
  group: "access.smi-spec.io",
  versions: ["v1alpha1", "v1alpha2", "v1alpha3"],
  steps: [
    { from: "v1alpha1", to: "v1alpha2", apply: wrapInSpec },
    { from: "v1alpha2", to: "v1alpha3", apply: dropPorts }
  ],
  target: (opts) => opts.accessTo,
  flag: "--access-to",
  read: readTarget
};

// src/kinds/registry.ts
var KINDS = [
  trafficSplit,
  httpRouteGroup,
  tcpRoute,
  trafficTarget
];
var BY_KIND = new Map(KINDS.map((k) => [k.kind, k]));
var NEEDED_KINDS = new Set(KINDS.flatMap((k) => k.needsKinds ?? []));
function kindNamed(kind) {
  return kind === void 0 ? void 0 : BY_KIND.get(kind);
}

// src/edit/emit.ts
function emitPair(key, value, style, column2) {
  const k = style.json ? JSON.stringify(key) : scalar(key, style);
  if (style.flow || isEmptyOrScalar(value)) return `${k}: ${flowValue(value, style)}`;
  const inner = Array.isArray(value) && style.compactSequences ? column2 : column2 + style.indent;
  return `${k}:${style.eol}${blockValue(value, style, inner)}`;
}
function emitBlockMap(value, style, column2) {
  return blockValue(value, style, column2).slice(column2);
}
function emitFlow(value, style) {
  return flowValue(value, style);
}
function isEmptyOrScalar(v) {
  if (Array.isArray(v)) return v.length === 0;
  if (v !== null && typeof v === "object") return Object.keys(v).length === 0;
  return true;
}
function blockValue(v, style, column2) {
  const pad = " ".repeat(column2);
  if (Array.isArray(v)) {
    return v.map((item) => isEmptyOrScalar(item) ? `${pad}- ${flowValue(item, style)}` : `${pad}- ${blockValue(item, style, column2 + 2).trimStart()}`).join(style.eol);
  }
  return Object.entries(v).map(([k, item]) => pad + emitPair(k, item, style, column2)).join(style.eol);
}
function flowValue(v, style) {
  if (Array.isArray(v)) return `[${v.map((item) => flowValue(item, style)).join(", ")}]`;
  if (v !== null && typeof v === "object") {
    const entries = Object.entries(v);
    if (entries.length === 0) return "{}";
    const key = (k) => style.json ? JSON.stringify(k) : scalar(k, style);
    return `{${entries.map(([k, item]) => `${key(k)}: ${flowValue(item, style)}`).join(", ")}}`;
  }
  return scalar(v, style);
}
function scalar(v, style) {
  if (typeof v !== "string") return v === null ? "null" : String(v);
  if (style.json || !/^[A-Za-z][A-Za-z0-9_./-]*$/.test(v) || AMBIGUOUS.has(v.toLowerCase())) return quote(v);
  return v;
}
function quote(v) {
  return jsonText(v);
}
function jsonText(value, indent) {
  return JSON.stringify(value, null, indent).replace(/[\u0085\u2028\u2029\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
var AMBIGUOUS = /* @__PURE__ */ new Set(["y", "n", "yes", "no", "on", "off", "true", "false", "null"]);

// src/edit/shapes.ts
function wrapKeys(text, map, keys, under, rename = {}) {
  const moved = map.pairs.filter((p) => keys.includes(p.key));
  if (moved.length === 0) return { edits: [] };
  const first = moved[0];
  if (map.flow) {
    const from2 = map.pairs.indexOf(first);
    if (map.pairs.slice(from2, from2 + moved.length).some((p, i) => p !== moved[i])) {
      return { refused: `${moved.map((p) => p.key).join(" and ")} are not next to each other in a flow mapping; put them together to convert it`, offset: first.keyStart };
    }
    const last = moved[moved.length - 1];
    const inner = renamed(text, first.keyStart, last.valueEnd, moved, rename, map);
    const key = map.quoteKeys ? JSON.stringify(under) : under;
    const keyLine = lineStart(text, first.keyStart);
    const onOwnLine = text.slice(keyLine, first.keyStart).trim() === "";
    if (!inner.includes("\n") || !onOwnLine) return { edits: [{ start: first.keyStart, end: last.valueEnd, text: `${key}: {${inner}}` }] };
    const pad = text.slice(keyLine, first.keyStart);
    const unit2 = " ".repeat(map.indent);
    const body = inner.split("\n").map((l, i) => i === 0 || l.trim() === "" ? l : unit2 + l).join("\n");
    return { edits: [{ start: first.keyStart, end: last.valueEnd, text: `${key}: {${map.eol}${pad}${unit2}${body}${map.eol}${pad}}` }] };
  }
  const inline = moved.find((p) => p.inline);
  if (inline) return { refused: `${inline.key} shares its line with what comes before it; put it on a line of its own to convert it`, offset: inline.keyStart };
  const unit = " ".repeat(map.indent);
  const from = map.pairs.indexOf(first);
  const together = map.pairs.slice(from, from + moved.length).every((p, i) => p === moved[i]);
  const blocks = moved.map((p, i) => {
    let block = renamed(text, p.start, p.end, [p], rename, map);
    if (!block.endsWith("\n") && (i < moved.length - 1 || !together)) block += map.eol;
    return block.split(/(?<=\n)/).map((l) => l === "\n" || l === "\r\n" ? l : unit + l).join("");
  });
  const head = `${" ".repeat(map.column)}${map.quoteKeys ? JSON.stringify(under) : under}:${map.eol}`;
  const edits = [{ start: first.start, end: first.end, text: head + blocks.join("") }];
  for (const p of moved.slice(1)) edits.push({ start: p.start, end: p.end, text: "" });
  return { edits };
}
function renamed(text, start, end, pairs, rename, map) {
  let out = "";
  let at = start;
  for (const p of pairs) {
    const to = rename[p.key];
    if (to === void 0) continue;
    const raw = text.slice(p.keyStart, p.keyEnd);
    const quote2 = raw[0] === '"' || raw[0] === "'" ? raw[0] : "";
    out += text.slice(at, p.keyStart) + (quote2 === '"' || map.quoteKeys && quote2 ? JSON.stringify(to) : `${quote2}${to}${quote2}`);
    at = p.keyEnd;
  }
  return out + text.slice(at, end);
}
function addKey(text, map, key, value) {
  const style = { flow: map.flow, json: map.quoteKeys, indent: map.indent, eol: map.eol };
  const last = map.pairs[map.pairs.length - 1];
  if (map.flow) {
    const pair2 = emitPair(key, value, style, map.column);
    if (!last) {
      return { edits: [{ start: map.start + 1, end: map.end - 1, text: pair2 }] };
    }
    const from = lineStart(text, last.keyStart);
    const pad = text.slice(from, last.keyStart);
    const ownLine = pad.trim() === "" && from > map.start;
    return { edits: [{ start: last.valueEnd, end: last.valueEnd, text: ownLine ? `,${map.eol}${pad}${pair2}` : `, ${pair2}` }] };
  }
  if (!last) return { refused: "the mapping is empty", offset: map.start };
  const at = last.end;
  const lead = at > 0 && text[at - 1] !== "\n" ? map.eol : "";
  const pair = emitPair(key, value, { ...style, flow: false }, map.column);
  return { edits: [{ start: at, end: at, text: `${lead}${" ".repeat(map.column)}${pair}${map.eol}` }] };
}

// src/edit/documents.ts
function replaceObject(text, map, item, objects, keep) {
  let end = map.end;
  while (end > map.start && " 	\r\n".includes(text[end - 1])) end--;
  const start = lineStart(text, map.start);
  const prefix = text.slice(start, map.start);
  const json = map.flow;
  let separator;
  let written;
  if (json) {
    const lineIndent = /^[ \t]*/.exec(prefix)[0];
    const pretty = text.slice(map.start, end).includes("\n");
    const step = pretty ? jsonStep(text, map) : 0;
    const write = (o) => pretty ? jsonText(o, step).split("\n").join(map.eol + lineIndent) : emitFlow(o, { flow: true, json: map.quoteKeys, indent: 0, eol: map.eol });
    if (!item && map.quoteKeys) {
      if (keep) {
        const routes = objects.map((o) => `${map.eol}${lineIndent}${write(o)}`).join(",");
        const head = '{"apiVersion": "v1", "kind": "List", "items": [';
        return { edit: { start: map.start, end, text: `${head}${map.eol}${lineIndent}${text.slice(map.start, end)},${routes}${map.eol}${lineIndent}]}` } };
      }
      const one = objects.length === 1 ? objects[0] : { apiVersion: "v1", kind: "List", items: [...objects] };
      return { edit: { start: map.start, end, text: write(one) } };
    }
    written = objects.map(write);
    separator = item ? pretty ? `,${map.eol}${lineIndent}` : ", " : `${map.eol}---${map.eol}`;
  } else {
    const style = { flow: false, json: false, indent: map.indent, eol: map.eol, compactSequences: compactSequences(text, map.start, end) };
    written = objects.map((o) => emitBlockMap(o, style, map.column));
    if (item) {
      if (!/^[ \t]*-[ \t]+$/.test(prefix)) return { refused: "is written on a line that does not start with its List item's dash", offset: map.start };
      separator = map.eol + prefix;
    } else {
      if (prefix.trim() !== "") return { refused: "does not start its line", offset: map.start };
      separator = `${map.eol}---${map.eol}${prefix}`;
    }
  }
  const joined = written.join(separator);
  return { edit: keep ? { start: end, end, text: separator + joined } : { start: map.start, end, text: joined } };
}
function compactSequences(text, start, end) {
  const lines = text.slice(start, end).split("\n");
  for (let i = 0; i + 1 < lines.length; i++) {
    const key = /^([ \t]*)[^\s#-][^#]*:[ \t]*\r?$/.exec(lines[i]);
    if (!key) continue;
    const next = lines.slice(i + 1).find((l) => l.trim() !== "" && !l.trimStart().startsWith("#"));
    const dash = next === void 0 ? null : /^([ \t]*)- /.exec(next);
    if (dash) return dash[1].length === (i === 0 ? columnOf(text, start) : key[1].length);
  }
  return false;
}
function jsonStep(text, map) {
  const first = map.pairs[0];
  if (!first) return 2;
  const keyColumn = first.keyStart - lineStart(text, first.keyStart);
  const braceIndent = /^[ \t]*/.exec(text.slice(lineStart(text, map.start), map.start))[0].length;
  return Math.max(1, keyColumn - braceIndent);
}

// src/convert/plan.ts
function stepsBetween(kind, from, to) {
  const a = kind.versions.indexOf(from);
  const b = kind.versions.indexOf(to);
  return kind.steps.filter((s) => kind.versions.indexOf(s.from) >= a && kind.versions.indexOf(s.to) <= b);
}
function isNewer(kind, version2, than) {
  return kind.versions.indexOf(version2) > kind.versions.indexOf(than);
}
function planObjects(views, text, opts) {
  const plan = { edits: [], findings: [], objects: [] };
  const heirs = /* @__PURE__ */ new Map();
  for (const v of views) {
    if (!v.inheritsFrom) continue;
    const list = heirs.get(v.inheritsFrom);
    if (list) list.push(v);
    else heirs.set(v.inheritsFrom, [v]);
  }
  for (const view of views) {
    const replace = view.kind.replacements?.[view.kind.target(opts) ?? ""];
    if (replace) {
      planReplacement(view, replace, text, opts, plan);
      continue;
    }
    if (view.inheritsFrom) continue;
    const mine = heirs.get(view);
    if (mine || view.heldBack) planList(view, mine ?? [], text, opts, plan);
    else fact(view, planObject(view, text, opts, plan), plan);
  }
  return plan;
}
function planList(list, heirs, text, opts, plan) {
  const own = { edits: [], findings: [], objects: [] };
  planObject(list, text, opts, own);
  const items = { edits: [], findings: [], objects: [] };
  const failed = [];
  const versions = /* @__PURE__ */ new Map();
  for (const heir of heirs) {
    const before = items.findings.length;
    versions.set(heir, planObject(heir, text, opts, items));
    if (items.findings.slice(before).some((f) => f.severity === "error")) failed.push(heir);
  }
  const moves = own.edits.length > 0;
  if (!moves || failed.length === 0 && !list.heldBack) {
    plan.edits.push(...own.edits, ...items.edits);
    plan.findings.push(...own.findings, ...items.findings);
    for (const heir of heirs) fact(heir, versions.get(heir), plan);
    return;
  }
  for (const heir of heirs) fact(heir, heir.version, plan);
  const errors = items.findings.filter((f) => f.severity !== "info");
  const why = failed.length ? `${failed.map((f) => describeObject(f.ref)).join(", ")} cannot be converted` : list.heldBack.message;
  plan.findings.push({
    severity: failed.length ? "error" : "warning",
    code: failed.length ? "invalid-structure" : "templated",
    offset: list.offset,
    object: list.ref,
    message: `${describeObject(list.ref)}: apiVersion and items left unchanged: its items inherit its apiVersion and ${why}`,
    ...failed.length ? {} : { pending: true }
  }, ...errors);
}
function planReplacement(view, replacer, text, opts, plan) {
  const object = view.ref;
  const describe = describeObject(object);
  const error = (p) => void plan.findings.push({ severity: "error", code: p.code, message: `${describe}: ${p.message}`, offset: p.offset, object });
  if (view.problem) return error(view.problem);
  if (view.list || view.inheritsFrom) {
    return error({ code: "invalid-structure", offset: view.offset, message: `a ${view.kind.kind}List holds ${view.kind.kind}s only, so its items cannot become routes: make it a kind: List first` });
  }
  const action = view.action ?? view.templated;
  if (action) {
    plan.findings.push({
      severity: "warning",
      code: "templated",
      offset: action.offset,
      object,
      pending: true,
      message: `${describe}: ${action.message}; the conversion writes the object anew, which would drop or misplace the template: left unchanged, convert it by hand`
    });
    return;
  }
  const r = replacer.replace(view, opts);
  if ("problems" in r) return void r.problems.forEach(error);
  if ("skip" in r) return void plan.findings.push({ ...r.skip, object, message: `${describe} ${r.skip.message}` });
  const placed = replaceObject(text, view.layout(), view.item === true, r.objects, opts.gateway?.keepTrafficSplit === true);
  if ("refused" in placed) return error({ code: "invalid-structure", offset: placed.offset, message: `${placed.refused}: its routes cannot be written in its place` });
  plan.edits.push(placed.edit);
  plan.findings.push({
    severity: "info",
    code: "converted",
    offset: view.offset,
    object,
    message: `${describe}: ${r.message}`,
    from: `${view.kind.group}/${view.version}`,
    to: String(r.objects[0]?.apiVersion ?? ""),
    ...r.weights ? { weightsBefore: r.weights.before, weightsAfter: r.weights.after } : {}
  });
  for (const f of r.findings) plan.findings.push({ ...f, object, message: `${describe}: ${f.message}` });
}
function fact(view, version2, plan) {
  if (view.ref.name === void 0) return;
  const needs = view.kind.needs?.(view, version2);
  const needsBefore = version2 === view.version ? needs : view.kind.needs?.(view, view.version);
  if (!needs?.length && !needsBefore?.length && !NEEDED_KINDS.has(view.kind.kind)) return;
  const f = { kind: view.kind.kind, name: view.ref.name, version: version2, before: view.version, offset: view.offset };
  if (view.ref.namespace !== void 0) f.namespace = view.ref.namespace;
  if (needs?.length) f.needs = needs;
  if (needsBefore?.length) f.needsBefore = needsBefore;
  plan.objects.push(f);
}
function planObject(view, text, opts, plan) {
  const kind = view.kind;
  const object = view.ref;
  const describe = describeObject(view.ref);
  const fail2 = (problems) => {
    for (const p of problems) plan.findings.push({ severity: "error", code: p.code, message: `${describe}: ${p.message}`, offset: p.offset, object });
    return view.version;
  };
  if (view.problem) return fail2([view.problem]);
  const to = kind.target(opts);
  if (to === void 0) {
    if (kind.versions.indexOf(view.version) < kind.versions.length - 1) {
      plan.findings.push({
        severity: "info",
        code: "no-target",
        offset: view.offset,
        object,
        message: `${describe} is ${view.version}; left as it is (${kind.flag} picks a version to convert it to)`
      });
    }
    return view.version;
  }
  const steps = stepsBetween(kind, view.version, to);
  const upgrading = steps.length > 0;
  const u = { view, version: view.version, changes: [], notes: [] };
  let result = { ok: true };
  if (view.list) {
  } else if (upgrading) {
    for (const step of steps) {
      result = step.apply(u, opts);
      if ("problems" in result) break;
      u.version = step.to;
    }
  } else {
    result = kind.repair?.(u, opts) ?? false;
    if (result === false) {
      if (isNewer(kind, view.version, to)) {
        plan.findings.push({
          severity: "info",
          code: "newer-than-target",
          offset: view.offset,
          object,
          message: `${describe} is ${view.version}, newer than ${kind.flag} ${to}; left as it is`
        });
      }
      return view.version;
    }
  }
  if ("problems" in result) return fail2(result.problems);
  const structural = u.changes.find((c) => c.shape !== "scalar");
  if (structural && view.templated) {
    plan.findings.push({
      severity: "warning",
      code: "templated",
      offset: view.templated.offset,
      object,
      pending: true,
      message: `${describe}: ${view.templated.message}; its ${view.version} -> ${to} conversion moves or adds keys; left unchanged: convert it by hand`
    });
    return view.version;
  }
  const unmovable = structural ? view.unmovable?.() : void 0;
  if (unmovable) return fail2([unmovable]);
  const edits = [];
  const shaped = changeEdits(u.changes, text, view);
  if ("refused" in shaped) return fail2([{ code: "invalid-structure", offset: shaped.offset, message: shaped.refused }]);
  edits.push(...shaped.edits);
  if (upgrading && view.apiVersion) edits.push(apiVersionEdit(view.apiVersion, kind.group, view.version, to));
  if (edits.length > 0 && view.strip) edits.push(...view.strip);
  plan.edits.push(...edits);
  if (edits.length === 0) return view.version;
  const target = upgrading ? to : view.version;
  const before = u.weights?.before ?? [];
  const after = u.weights?.after ?? [];
  const changed = before.some((b, i) => b !== after[i]);
  const weights = changed ? `weights ${before.join(", ")} -> ${after.join(", ")}` : "";
  const noted = u.notes.length ? ` (${u.notes.join("; ")})` : "";
  const finding = {
    severity: "info",
    code: upgrading ? "converted" : "repaired",
    offset: view.offset,
    object,
    message: upgrading ? `${describe}: ${view.version} -> ${target}${weights ? `, ${weights}` : ""}${noted}` : `${describe}: non-integer ${view.version} ${weights || "weights"}${noted}`,
    from: `${kind.group}/${view.version}`,
    to: `${kind.group}/${target}`
  };
  if (u.weights) Object.assign(finding, { weightsBefore: before, weightsAfter: after });
  plan.findings.push(finding);
  return target;
}
function changeEdits(changes, text, view) {
  const edits = [];
  for (const c of changes) {
    let shaped;
    if (c.shape === "scalar") shaped = { edits: [{ start: c.scalar.start, end: c.scalar.end, text: c.text }] };
    else if (c.shape === "wrap") shaped = wrapKeys(text, view.layout(), c.keys, c.under, c.rename);
    else {
      let map = view.layout();
      for (const key of c.path.slice(0, -1)) {
        const inner = map.pairs.find((p) => p.key === key)?.map;
        if (!inner) return { refused: `${c.path.slice(0, -1).join(".")} is not a mapping`, offset: view.offset };
        map = inner;
      }
      shaped = addKey(text, map, c.path[c.path.length - 1], c.value);
    }
    if ("refused" in shaped) return shaped;
    edits.push(...shaped.edits);
  }
  return { edits };
}
function apiVersionEdit(scalar2, group, from, to) {
  const quote2 = scalar2.style === "QUOTE_DOUBLE" ? '"' : scalar2.style === "QUOTE_SINGLE" ? "'" : "";
  const inline = scalar2.style === "PLAIN" || quote2 !== "";
  const written = inline ? scalar2.raw : scalar2.raw.trimEnd();
  if (written.endsWith(from + quote2)) {
    const at = written.length - quote2.length - from.length;
    return { start: scalar2.start + at, end: scalar2.start + at + from.length, text: to };
  }
  const value = `${group}/${to}`;
  return { start: scalar2.start, end: scalar2.end, text: quote2 === '"' ? JSON.stringify(value) : `${quote2}${value}${quote2}` };
}

// src/convert/locate.ts
var import_yaml9 = __toESM(require_dist(), 1);

// src/yaml/aliases.ts
var import_yaml5 = __toESM(require_dist(), 1);
var AliasIndex = class {
  /** `text` is the document's source: without an `&` it has no anchor, and the walk is skipped. */
  constructor(doc, text) {
    this.doc = doc;
    const anchors = /* @__PURE__ */ new Map();
    if (text !== void 0 && !text.includes("&")) return;
    (0, import_yaml5.visit)(doc, {
      Node: (_key, node) => {
        if ((0, import_yaml5.isAlias)(node)) {
          const target = anchors.get(node.source);
          if (!target) return;
          this.targets.set(node, target);
          const list = this.byTarget.get(target);
          if (list) list.push(node);
          else this.byTarget.set(target, [node]);
        } else if (node.anchor) {
          anchors.set(node.anchor, node);
        }
      }
    });
  }
  doc;
  byTarget = /* @__PURE__ */ new Map();
  targets = /* @__PURE__ */ new Map();
  resolve(alias) {
    return this.targets.get(alias);
  }
  isAliased(node) {
    return (this.byTarget.get(node)?.length ?? 0) > 0;
  }
  sharedOutside(uses) {
    const useSet = new Set(uses);
    for (const use of uses) {
      const target = (0, import_yaml5.isAlias)(use) ? this.resolve(use) : use;
      if (!target) continue;
      const readers = this.byTarget.get(target) ?? [];
      if (readers.length === 0) continue;
      if (!useSet.has(target)) {
        return { node: use, message: `weight alias *${use.source} points at an anchor that is not a weight of this TrafficSplit; write the weight literally` };
      }
      const outside = readers.find((a) => !useSet.has(a));
      if (outside) {
        return { node: target, message: `anchored weight &${target.anchor ?? ""} is also used outside this TrafficSplit's weights; write the weights literally` };
      }
    }
    return void 0;
  }
};

// src/yaml/layout.ts
var import_yaml6 = __toESM(require_dist(), 1);
function mapLayout(map, text) {
  const [start, end] = map.range ?? [0, 0];
  const pairs = [];
  const flow = Boolean(map.flow);
  let quoteKeys = false;
  let prevEnd = start;
  const bom = text.charCodeAt(0) === 65279 ? 1 : 0;
  for (const pair of map.items) {
    const key = pair.key;
    if (!(0, import_yaml6.isScalar)(key) || !key.range) continue;
    const value = pair.value;
    const [keyStart2, keyEnd] = key.range;
    const valueEnd2 = value?.range?.[1] ?? keyEnd;
    if (key.type === "QUOTE_DOUBLE") quoteKeys = true;
    const from = lineStart(text, keyStart2);
    const inline = text.slice(from, keyStart2).trim() !== "";
    let pairStart = keyStart2;
    let pairEnd = valueEnd2;
    if (!flow) {
      pairStart = Math.max(bom, inline ? keyStart2 : commentsAbove(text, from, prevEnd));
      pairEnd = lineEnd(text, Math.max(value?.range?.[2] ?? keyEnd, keyEnd));
    }
    const span = { key: String(key.value), keyStart: keyStart2, keyEnd, valueEnd: valueEnd2, start: pairStart, end: pairEnd, inline };
    if ((0, import_yaml6.isMap)(value)) span.map = mapLayout(value, text);
    pairs.push(span);
    prevEnd = pairEnd;
  }
  const first = (flow ? pairs[0] : pairs.find((p) => !p.inline)) ?? pairs[0];
  const column2 = first ? columnOf(text, first.keyStart) - (lineStart(text, first.keyStart) < bom ? bom : 0) : 0;
  const nested = pairs.find((p) => p.map && !p.map.flow && p.map.pairs.length);
  const indent = nested ? Math.max(1, nested.map.column - column2) : 2;
  for (const p of pairs) {
    if (p.map && !p.map.flow) p.map.indent = indent;
    if (p.map && p.map.pairs.length === 0) p.map.quoteKeys = quoteKeys;
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return { flow, quoteKeys, start, end, column: column2, indent, eol, pairs };
}
function commentsAbove(text, from, floor) {
  let at = from;
  while (at > floor) {
    const prev = lineStart(text, at - 1);
    if (prev < floor || !text.slice(prev, at).trimStart().startsWith("#")) break;
    at = prev;
  }
  return at;
}
function lineEnd(text, at) {
  if (at === 0 || text[at - 1] === "\n") return at;
  const from = lineStart(text, at);
  if (text.slice(from, at).trim() === "") return from;
  const nl = text.indexOf("\n", at);
  return nl < 0 ? text.length : nl + 1;
}

// src/yaml/strip.ts
var import_yaml7 = __toESM(require_dist(), 1);
var SERVER_METADATA = /* @__PURE__ */ new Set(["creationTimestamp", "generation", "resourceVersion", "selfLink", "uid", "managedFields"]);
var LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
function serverFieldRemovals(obj, text, onKept = () => {
}) {
  const edits = [];
  const drop = /* @__PURE__ */ new Set();
  const removable = (pair, path) => {
    const anchor = usedAnchor(pair, text);
    if (anchor) onKept({ path, anchor: anchor.name, offset: keyStart(pair) });
    return !anchor;
  };
  const shared2 = (map, path, offset) => {
    const range = map.range;
    const used = map.anchor !== void 0 && range != null && aliasOutside(map.anchor, range[0], range[1], text);
    if (used) onKept({ path, anchor: map.anchor, offset });
    return used;
  };
  if (shared2(obj, "the object", obj.range?.[0] ?? 0)) return edits;
  for (const pair of obj.items) {
    const key = keyOf(pair);
    if (key === "status" && removable(pair, "status")) drop.add(pair);
    if (key !== "metadata" || !(0, import_yaml7.isMap)(pair.value) || shared2(pair.value, "metadata", keyStart(pair))) continue;
    const meta = pair.value;
    const metaDrop = new Set(meta.items.filter((p) => SERVER_METADATA.has(keyOf(p) ?? "") && removable(p, `metadata.${keyOf(p)}`)));
    const annotations = meta.items.find((p) => keyOf(p) === "annotations");
    if (annotations && (0, import_yaml7.isMap)(annotations.value) && !shared2(annotations.value, "metadata.annotations", keyStart(annotations))) {
      const ann = annotations.value;
      const annDrop = new Set(ann.items.filter((p) => keyOf(p) === LAST_APPLIED && removable(p, `metadata.annotations["${LAST_APPLIED}"]`)));
      if (annDrop.size > 0 && annDrop.size === ann.items.length && !ann.anchor) metaDrop.add(annotations);
      else edits.push(...removePairs(ann, annDrop, text));
    }
    if (metaDrop.size > 0 && metaDrop.size === meta.items.length && !meta.anchor) drop.add(pair);
    else edits.push(...removePairs(meta, metaDrop, text));
  }
  if (drop.size < obj.items.length) edits.push(...removePairs(obj, drop, text));
  return edits;
}
function removePairs(map, drop, text) {
  if (drop.size === 0) return [];
  return map.flow ? removeFlowPairs(map, drop) : map.items.filter((p) => drop.has(p)).map((p) => removeBlockPair(map, p, text));
}
function removeFlowPairs(map, drop) {
  const items = map.items;
  const edits = [];
  for (let i = 0; i < items.length; i++) {
    if (!drop.has(items[i])) continue;
    let j = i;
    while (j + 1 < items.length && drop.has(items[j + 1])) j++;
    if (j + 1 < items.length) edits.push({ start: keyStart(items[i]), end: keyStart(items[j + 1]), text: "" });
    else edits.push({ start: valueEnd(items[i - 1]), end: valueEnd(items[j]), text: "" });
    i = j;
  }
  return edits;
}
function removeBlockPair(map, pair, text) {
  const key = explicitKeyIndicator(text, keyStart(pair)) ?? keyStart(pair);
  const keyLine = lineStart(text, key);
  let end = Math.max(valueEnd(pair), keyStart(pair));
  if (end > 0 && text[end - 1] !== "\n") {
    const nl = text.indexOf("\n", end);
    end = nl < 0 ? text.length : nl + 1;
  }
  end = trimTrailingBlankLines(text, keyLine, end);
  if (text.slice(keyLine, key).trim() !== "") {
    const next = map.items[map.items.indexOf(pair) + 1];
    const nextKey = next ? explicitKeyIndicator(text, keyStart(next)) ?? keyStart(next) : -1;
    if (next && text.slice(end, nextKey).trim() === "") return { start: key, end: nextKey, text: "" };
    let start2 = key;
    while (text[start2 - 1] === " " || text[start2 - 1] === "	") start2--;
    return { start: start2, end: next && text[end - 1] === "\n" ? end - 1 : end, text: "" };
  }
  const indent = key - keyLine;
  let start = keyLine;
  for (; ; ) {
    if (start === 0) break;
    const prevStart = lineStart(text, start - 1);
    const line = text.slice(prevStart, start);
    const body = line.trimStart();
    if (!body.startsWith("#") || line.length - body.length !== indent) break;
    start = prevStart;
  }
  return { start, end, text: "" };
}
function explicitKeyIndicator(text, key) {
  let i = key - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "	" || text[i] === "\n" || text[i] === "\r")) i--;
  if (i < 0 || text[i] !== "?" || i === key - 1) return void 0;
  const before = i > 0 ? text[i - 1] : "\n";
  return before === " " || before === "	" || before === "\n" ? i : void 0;
}
function usedAnchor(pair, text) {
  const start = keyStart(pair);
  const end = valueEnd(pair);
  const anchors = [];
  for (const part of [pair.key, pair.value]) {
    if (!(0, import_yaml7.isNode)(part)) continue;
    (0, import_yaml7.visit)(part, {
      Node: (_k, node) => {
        if (node.anchor) anchors.push({ name: node.anchor, offset: node.range?.[0] ?? start });
      }
    });
  }
  return anchors.find((a) => aliasOutside(a.name, start, end, text));
}
function aliasOutside(name, start, end, text) {
  const alias = `*${name}`;
  for (let i = text.indexOf(alias); i >= 0; i = text.indexOf(alias, i + 1)) {
    if (i >= start && i < end) continue;
    const next = text[i + alias.length];
    if (next === void 0 || next.trim() === "" || ",[]{}".includes(next)) return true;
  }
  return false;
}
function trimTrailingBlankLines(text, min, end) {
  let e = end;
  for (; ; ) {
    const prevStart = lineStart(text, e - 1);
    if (prevStart <= min || text.slice(prevStart, e).trim() !== "") return e;
    e = prevStart;
  }
}
function keyOf(pair) {
  return (0, import_yaml7.isScalar)(pair.key) && typeof pair.key.value === "string" ? pair.key.value : void 0;
}
function keyStart(pair) {
  return pair.key.range[0];
}
function valueEnd(pair) {
  const v = pair.value;
  return v?.range ? v.range[1] : pair.key.range[1];
}

// src/yaml/nested.ts
var import_yaml8 = __toESM(require_dist(), 1);
function nestedSplits(doc, to) {
  const root = doc.contents;
  if (!(0, import_yaml8.isMap)(root) && !(0, import_yaml8.isSeq)(root)) return [];
  const topLevel = /* @__PURE__ */ new Set([root]);
  const items = (0, import_yaml8.isMap)(root) ? root.get("items", true) : void 0;
  if ((0, import_yaml8.isSeq)(items)) {
    for (const item of items.items) if ((0, import_yaml8.isMap)(item)) topLevel.add(item);
  }
  const out = [];
  const stack = [{ node: root, path: "" }];
  while (stack.length) {
    const { node, path } = stack.pop();
    if ((0, import_yaml8.isMap)(node)) {
      if (!topLevel.has(node)) {
        const found = splitAt(node, path, to);
        if (found) out.push(found);
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i];
        if (!pair.value || !((0, import_yaml8.isMap)(pair.value) || (0, import_yaml8.isSeq)(pair.value))) continue;
        const key = (0, import_yaml8.isScalar)(pair.key) ? String(pair.key.value) : "?";
        stack.push({ node: pair.value, path: path ? `${path}.${key}` : key });
      }
    } else if ((0, import_yaml8.isSeq)(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item = node.items[i];
        if ((0, import_yaml8.isMap)(item) || (0, import_yaml8.isSeq)(item)) stack.push({ node: item, path: `${path}[${i}]` });
      }
    }
  }
  return out;
}
function splitAt(map, path, to) {
  const kindPair = map.items.find((p) => (0, import_yaml8.isScalar)(p.key) && p.key.value === "kind");
  if (!kindPair || !(0, import_yaml8.isScalar)(kindPair.value) || kindPair.value.value !== "TrafficSplit") return void 0;
  const api = map.get("apiVersion", true);
  if (!(0, import_yaml8.isScalar)(api) || typeof api.value !== "string" || !api.value.startsWith(`${SMI_SPLIT_GROUP}/`)) return void 0;
  if (!olderThan(api.value.slice(SMI_SPLIT_GROUP.length + 1), to)) return void 0;
  return { map, path: path || "(root)", offset: kindPair.key.range?.[0] ?? map.range?.[0] ?? 0 };
}

// src/convert/locate.ts
function locateObjects(doc, text, opts = {}, template) {
  const out = { views: [], notices: [] };
  const actions = template?.actions ?? [];
  const original = template?.original ?? text;
  if (template) unmaskNames(doc, template);
  const root = doc.contents;
  if (opts.to) out.notices.push(...nestedSplits(doc, opts.to).map((n) => nestedNotice(n.offset, objectRef(n.map, "TrafficSplit"), n.path)));
  if (!(0, import_yaml9.isMap)(root)) return out;
  const ctx = { text, doc, aliases: new AliasIndex(doc, text) };
  const add = (map, kind2, version2, apiVersion) => {
    const source = { masked: text, original, root: map === root };
    const read = kind2.read(map, { ...ctx, ...actions.length ? { template: { actions, ...source } } : {} });
    const ref = objectRef(map, kind2.kind);
    if (read.templated?.length) return void out.notices.push(...read.templated.map((t) => templatedNotice(t, ref, original)));
    const view = { kind: kind2, offset: offsetOf(map), ref, version: version2, layout: () => mapLayout(map, text), data: read.data };
    if (apiVersion) view.apiVersion = apiVersion;
    if (read.problem) view.problem = read.problem;
    const generated = actions.length ? templatedContent(map, actions, source) ?? controlLine(map, actions) : void 0;
    if (generated) view.templated = { code: "templated", offset: generated.start, message: `content comes from a template action (${shortAction(original, generated)})` };
    const inside = actions.length ? actionWithin(actions, map.range?.[0] ?? 0, map.range?.[1] ?? 0) : void 0;
    if (inside) view.action = { code: "templated", offset: inside.start, message: `a template action writes part of it (${shortAction(original, inside)})` };
    if (map !== root) view.item = true;
    view.unmovable = () => anchored(map);
    if (opts.stripServerFields) view.strip = serverFieldRemovals(map, text, (k) => out.notices.push(keptNotice(k, ref)));
    out.views.push(view);
    return view;
  };
  const kind = stringAt(root, "kind");
  const listOf = kind !== void 0 && kind.endsWith("List") && !kindNamed(kind) ? kindNamed(kind.slice(0, -4)) : void 0;
  if (kind === "List" || listOf || kind !== void 0 && kind.endsWith("List") && !kindNamed(kind)) {
    const listVersion = listOf ? readApiVersion(root, text, out, listOf, kind, opts) : void 0;
    let listView;
    if (listOf && listVersion && "version" in listVersion) {
      listView = {
        kind: listOf,
        list: true,
        offset: offsetOf(root),
        ref: { kind },
        version: listVersion.version,
        apiVersion: listVersion.scalar,
        layout: () => mapLayout(root, text),
        data: void 0
      };
      out.views.push(listView);
    }
    if (opts.stripServerFields) out.listStrip = serverFieldRemovals(root, text, (k) => out.notices.push(keptNotice(k, { kind })));
    const items = root.get("items", true);
    if (!(0, import_yaml9.isSeq)(items)) return out;
    for (const item of items.items) {
      if (!(0, import_yaml9.isMap)(item)) continue;
      const inherited = listOf && listView && item.get("apiVersion", true) === void 0 && (stringAt(item, "kind") ?? listOf.kind) === listOf.kind;
      if (inherited) {
        const view = add(item, listOf, listView.version, void 0);
        if (view) view.inheritsFrom = listView;
        else listView.heldBack = { code: "templated", offset: offsetOf(item), message: `${describeObject(objectRef(item, listOf.kind))} is templated` };
      } else {
        readObject(item, text, out, add, opts, template);
      }
    }
    return out;
  }
  readObject(root, text, out, add, opts, template);
  return out;
}
function readObject(map, text, out, add, opts, template) {
  const kindName = stringAt(map, "kind");
  if (kindName === "CustomResourceDefinition") return void out.notices.push(...crdNotices(map, opts));
  const kind = kindNamed(kindName);
  if (!kind) {
    const templated2 = template ? templatedKind(map, template.actions, template.original, template.to) : void 0;
    if (templated2) out.notices.push(templatedNotice(templated2, objectRef(map, "TrafficSplit"), template.original));
    return;
  }
  const templated = template ? templatedApiVersion(map, template.actions) : void 0;
  if (templated) {
    if (isActive(kind, opts)) out.notices.push(templatedNotice(templated, objectRef(map, kind.kind), template.original));
    return;
  }
  const api = readApiVersion(map, text, out, kind, kind.kind, opts);
  if (api && "version" in api) add(map, kind, api.version, api.scalar);
}
function isActive(kind, opts) {
  return kind.target({ to: "v1alpha2", ...opts }) !== void 0;
}
function crdNotices(map, opts) {
  const spec = map.get("spec", true);
  if (!(0, import_yaml9.isMap)(spec)) return [];
  const names = spec.get("names", true);
  const kind = kindNamed((0, import_yaml9.isMap)(names) ? stringAt(names, "kind") : void 0);
  if (!kind || stringAt(spec, "group") !== kind.group || !isActive(kind, opts)) return [];
  const to = kind.target({ to: "v1alpha2", ...opts });
  const versions = spec.get("versions", true);
  const served = [];
  if ((0, import_yaml9.isSeq)(versions)) {
    for (const v of versions.items) {
      const name2 = (0, import_yaml9.isMap)(v) ? stringAt(v, "name") : void 0;
      const flag = (0, import_yaml9.isMap)(v) ? v.get("served") : void 0;
      if (name2 !== void 0 && flag !== false) served.push(name2);
    }
  }
  const single = stringAt(spec, "version");
  if (single !== void 0 && !served.includes(single)) served.push(single);
  if (served.length === 0 || served.includes(to)) return [];
  const at = (0, import_yaml9.isSeq)(versions) ? versions : spec.get("version", true);
  const name = objectRef(map, "CustomResourceDefinition").name ?? kind.kind;
  return [{
    severity: "warning",
    code: "crd-not-served",
    offset: at ? offsetOf(at) : offsetOf(map),
    object: { kind: "CustomResourceDefinition", name },
    message: `CustomResourceDefinition ${name} serves ${served.join(", ")}, not ${to}, the ${kind.kind} version this run writes (${kind.flag} ${to}): a cluster with this CRD rejects the converted objects; serve ${to} in it, or pick a version it serves`
  }];
}
function controlLine(map, actions) {
  const [start, end] = map.range ?? [0, 0];
  const meta = map.items.find((p) => (0, import_yaml9.isScalar)(p.key) && p.key.value === "metadata");
  const metaStart = meta?.key?.range?.[0] ?? -1;
  const metaEnd = meta?.value?.range?.[2] ?? -1;
  return actions.find((a) => a.standalone && !a.inDefine && a.start >= start && a.start < end && !(a.start >= metaStart && a.start < metaEnd));
}
function anchored(map) {
  let found;
  (0, import_yaml9.visit)(map, {
    Node: (_key, node) => {
      if ((0, import_yaml9.isAlias)(node) || node.anchor) {
        found = node;
        return import_yaml9.visit.BREAK;
      }
      return void 0;
    }
  });
  if (!found) return void 0;
  return {
    code: "unsupported-alias",
    offset: found.range?.[0] ?? offsetOf(map),
    message: "holds anchors or aliases, which moving its keys could make read something else; write them out to convert it"
  };
}
function shortAction(text, a) {
  const source = text.slice(a.start, a.end);
  return oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source);
}
function unmaskNames(doc, template) {
  (0, import_yaml9.visit)(doc, {
    Pair: (_key, pair) => {
      const k = (0, import_yaml9.isScalar)(pair.key) ? pair.key.value : void 0;
      if (k !== "name" && k !== "namespace" || !(0, import_yaml9.isScalar)(pair.value) || !pair.value.range) return;
      const [start, end] = pair.value.range;
      if (!actionWithin(template.actions, start, end)) return;
      const last = Math.max(end, ...template.actions.filter((a) => a.start < end && a.end > start).map((a) => a.end));
      const lineEnd2 = last > end ? template.original.indexOf("\n", last) : -1;
      pair.value.value = oneLine(template.original.slice(start, lineEnd2 < 0 ? last : lineEnd2).trimEnd());
    }
  });
}
function keptNotice(k, ref) {
  return { ...notice("unsupported-alias", k.offset, `${k.path} not stripped: it holds anchor &${k.anchor}, which an alias outside it reads`, ref), pending: false };
}
function templatedNotice(t, ref, text) {
  const source = text.slice(t.action.start, t.action.end);
  const shown = oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source);
  const why = t.what === "spec" ? `spec content comes from a template action (${shown})` : `${t.what} is templated (${shown})`;
  const f = notice("templated", t.action.start, `${why}; left unchanged: convert it by hand`, ref);
  if (t.action.valuesPath && t.what !== "spec" && t.what !== "kind") {
    f.valuesPath = t.action.valuesPath;
    if (t.scalar) {
      const start = t.scalar.start + (t.scalar.quoted ? 1 : 0);
      const end = t.scalar.end - (t.scalar.quoted ? 1 : 0);
      const prefix = text.slice(start, Math.max(start, t.action.start));
      const suffix = text.slice(Math.min(end, t.action.end), end);
      if (prefix || suffix) f.valuesAffix = { prefix, suffix, more: (prefix + suffix).includes("{{") };
    }
  }
  return f;
}
function nestedNotice(offset, ref, path) {
  return notice("templated", offset, `nested at ${path} (a manifest inside a value, such as Helm values rendered with toYaml); left unchanged: convert it by hand`, ref);
}
function oneLine(s) {
  if (!s.includes("\n")) return s;
  const lines = s.split("\n");
  return lines.map((l, i) => i > 0 ? l.trimStart() : l).map((l, i) => i < lines.length - 1 ? l.trimEnd() : l).join(" ");
}
function readApiVersion(map, text, out, kind, kindName, opts) {
  const node = map.get("apiVersion", true);
  const ref = objectRef(map, kindName);
  const active = isActive(kind, opts);
  if (node === void 0 || (0, import_yaml9.isScalar)(node) && (node.value === "" || node.value === null)) {
    if (kind.noApiVersion && active) {
      out.notices.push(notice(
        "no-api-version",
        offsetOf(map),
        `no apiVersion; left unchanged: add "apiVersion: ${kind.group}/${kind.versions[0]}" (or the version it is) to convert it`,
        ref
      ));
    }
    return { skipped: true };
  }
  if (!(0, import_yaml9.isScalar)(node)) return void 0;
  const value = String(node.value);
  const slash = value.indexOf("/");
  const group = slash < 0 ? "" : value.slice(0, slash);
  const version2 = value.slice(slash + 1);
  if (group !== kind.group) {
    if (active && isNearMiss(group, kind.group)) {
      out.notices.push(notice(
        "near-miss-group",
        offsetOf(node),
        `apiVersion group "${group}" is not "${kind.group}"; left unchanged (fix the group to convert it)`,
        ref
      ));
    }
    return void 0;
  }
  if (!kind.versions.includes(version2)) {
    if (active) {
      out.notices.push(notice(
        "unknown-version",
        offsetOf(node),
        `unknown ${kindName} version "${version2}" left unchanged (known: ${kind.versions.join(", ")})`,
        ref
      ));
    }
    return void 0;
  }
  return { version: version2, scalar: scalarRef(node, text) };
}
function notice(code, offset, message, object) {
  return { severity: "warning", code, message: `${describeObject(object)}: ${message}`, offset, object, pending: true };
}
function isNearMiss(group, of) {
  const letters = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (group === "" || group.length > 40) return false;
  return letters(group) === letters(of) || editDistance(group.toLowerCase(), of) <= 2;
}
function editDistance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

// src/convert/text.ts
var CAPABILITIES = /\.Capabilities\.APIVersions\.Has\s+"split\.smi-spec\.io\//;
function convertSegment(text, opts) {
  const result = { edits: [], findings: [], objects: [] };
  const masked = maskTemplate(text);
  const source = masked?.text ?? text;
  const actions = masked?.actions ?? [];
  const defined = masked?.defines.length ? definedSplits(text, masked.defines, opts.to) : [];
  let regionStart = 0;
  const docs = parseDocuments(source);
  for (const [i, parsed] of docs.entries()) {
    const mine = actions.filter((a) => a.start >= regionStart && a.start < parsed.end);
    regionStart = parsed.end;
    while (defined[0] && defined[0].offset < parsed.end) result.findings.push(definedNotice(defined.shift()));
    const capability = mine.find((a) => CAPABILITIES.test(text.slice(a.start, a.end)));
    if (capability) {
      result.findings.push({
        severity: "warning",
        code: "templated",
        offset: capability.start,
        pending: true,
        message: `the chart chooses the TrafficSplit apiVersion with ${oneLine2(text.slice(capability.start, capability.end))}; left unchanged: update the condition and the TrafficSplits it guards by hand`
      });
      continue;
    }
    if (parsed.error) {
      const end = docs[i + 1]?.start ?? text.length;
      const mentioned = activeKindIn(text.slice(parsed.start, Math.max(parsed.end, end)), opts);
      if (mentioned) {
        const templated = mine.length ? " (after masking its template actions)" : "";
        result.findings.push({
          severity: "error",
          code: "invalid-yaml",
          offset: parsed.error.offset,
          message: `invalid YAML${templated} in a document that mentions ${mentioned}: ${parsed.error.message}`
        });
      }
      continue;
    }
    const located = locateObjects(parsed.doc, source, opts, mine.length ? { actions: mine, original: text, to: opts.to } : void 0);
    const plan = planObjects(located.views, text, opts);
    for (const f of located.notices) result.findings.push(f);
    for (const f of plan.findings) result.findings.push(f);
    for (const o of plan.objects) result.objects.push(o);
    const stripList = located.listStrip && (plan.edits.length > 0 || opts.itemsConverted);
    const edits = stripList ? [...plan.edits, ...located.listStrip] : plan.edits;
    for (const e of mine.length ? edits.filter((e2) => !overlaps(mine, e2, text)) : edits) result.edits.push(e);
  }
  result.findings.push(...defined.map(definedNotice));
  return result;
}
function activeKindIn(text, opts) {
  let first;
  for (const k of KINDS) {
    const at = k.target(opts) === void 0 ? -1 : text.indexOf(k.kind);
    if (at >= 0 && (!first || at < first.at)) first = { kind: k.kind, at };
  }
  return first?.kind;
}
function definedNotice(d) {
  const version2 = d.apiVersion ? ` (${oneLine2(d.apiVersion)})` : "";
  return {
    severity: "warning",
    code: "templated",
    offset: d.offset,
    pending: true,
    object: { kind: "TrafficSplit" },
    message: `TrafficSplit${version2} in {{ define "${d.define.name}" }}: a named template renders where it is included; left unchanged: convert it by hand`
  };
}
function overlaps(actions, e, text) {
  return actions.some((a) => a.start < Math.max(e.end, e.start + 1) && a.end > e.start && !(a.start >= e.start && a.end <= e.end && e.text.includes(text.slice(a.start, a.end))));
}
function oneLine2(s) {
  const flat = s.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

export {
  readWeight,
  floorFor,
  scalarRef,
  trafficSplit,
  weightsOf,
  kindNamed,
  stepsBetween,
  locateObjects,
  convertSegment
};
