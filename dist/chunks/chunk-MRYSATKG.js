import {
  version
} from "./chunk-FUZQVC3D.js";
import {
  GATEWAY
} from "./chunk-V333KUCY.js";
import {
  maskTemplate,
  readValues,
  show
} from "./chunk-ALLG6UW3.js";
import {
  neededScale,
  scaleWeights
} from "./chunk-FQDQQVM3.js";
import {
  resolvePlain
} from "./chunk-TP7DFXLP.js";
import {
  parseDocuments
} from "./chunk-FRO4XOVE.js";

// src/yaml/plain.ts
function plainObjects(text) {
  const source = maskTemplate(text)?.text ?? text;
  const out = [];
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue;
    let data;
    try {
      data = parsed.doc.toJS({ maxAliasCount: 1e3 });
    } catch {
      continue;
    }
    if (!isRecord(data)) continue;
    const items = typeof data.kind === "string" && data.kind.endsWith("List") && Array.isArray(data.items) ? data.items : [data];
    for (const item of items) if (isRecord(item)) out.push(item);
  }
  return out;
}
function isRecord(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// src/targets/gateway/facts.ts
var GENERATOR = "gateway.networking.k8s.io/generator";
var NEEDLES = ["Service", "HTTPRouteGroup", "Route"];
var ROUTE_GROUPS = /^(gateway\.networking\.k8s\.io|policy\.linkerd\.io)\//;
var ROUTE_KINDS = /* @__PURE__ */ new Set(["HTTPRoute", "GRPCRoute", "TCPRoute", "TLSRoute", "UDPRoute"]);
function emptyFacts() {
  return { services: /* @__PURE__ */ new Map(), routeGroups: /* @__PURE__ */ new Map(), routes: /* @__PURE__ */ new Map() };
}
function factKey(namespace, name) {
  return `${namespace ?? ""}/${name}`;
}
function collectFacts(documents) {
  const facts = emptyFacts();
  const services = [];
  const wanted = /* @__PURE__ */ new Set();
  let filter = true;
  for (const text of documents) {
    if (text.includes("TrafficSplit")) {
      const values = [...text.matchAll(SERVICE_VALUE)];
      if (UNPLAIN.test(text) || values.length !== [...text.matchAll(SERVICE_KEY)].length) filter = false;
      for (const m of values) wanted.add(m[1].split(".")[0]);
    }
    if (!NEEDLES.some((n) => text.includes(n))) continue;
    if (text.includes("HTTPRouteGroup") || ROUTE_KIND.test(text)) add(text, facts);
    else if (text.includes("Service")) services.push(text);
  }
  for (const text of services) {
    if (!filter || UNPLAIN.test(text) || [...text.matchAll(NAME_VALUE)].some((m) => wanted.has(m[1]))) add(text, facts);
  }
  return facts;
}
var UNPLAIN = /[\\&*]|<<|\{\{/;
var SERVICE_VALUE = /["']?service["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g;
var SERVICE_KEY = /["']?service["']?[ \t]*:/g;
var NAME_VALUE = /["']?name["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g;
var ROUTE_KIND = /HTTPRoute|GRPCRoute|TCPRoute|TLSRoute|UDPRoute/;
function add(text, facts) {
  for (const object of plainObjects(text)) addObject(object, facts);
}
function addObject(object, facts) {
  const { kind, apiVersion } = object;
  if (typeof kind !== "string" || typeof apiVersion !== "string") return;
  const meta = record(object.metadata);
  const name = meta?.name;
  if (typeof name !== "string") return;
  const key = factKey(typeof meta?.namespace === "string" ? meta.namespace : void 0, name);
  if (kind === "Service" && apiVersion === "v1") {
    const spec = record(object.spec) ?? {};
    const ports = Array.isArray(spec.ports) ? spec.ports.map(record).filter((p) => p !== void 0) : [];
    const opaque = record(meta?.annotations)?.["config.linkerd.io/opaque-ports"];
    facts.services.set(key, {
      ...typeof spec.type === "string" ? { type: spec.type } : {},
      ...typeof spec.clusterIP === "string" ? { clusterIP: spec.clusterIP } : {},
      ports: ports.map((p) => ({
        port: portNumber(p.port),
        ...typeof p.name === "string" ? { name: p.name } : {},
        ...typeof p.appProtocol === "string" ? { appProtocol: p.appProtocol } : {},
        ...typeof p.protocol === "string" ? { protocol: p.protocol } : {}
      })),
      ...typeof opaque === "string" ? { opaquePorts: opaque } : {}
    });
  } else if (kind === "HTTPRouteGroup" && apiVersion.startsWith("specs.smi-spec.io/")) {
    const matches = record(object.spec)?.matches ?? object.matches;
    facts.routeGroups.set(key, { matches: Array.isArray(matches) ? matches : [] });
  } else if (ROUTE_KINDS.has(kind) && ROUTE_GROUPS.test(apiVersion)) {
    const generator = record(meta?.annotations)?.[GENERATOR];
    facts.routes.set(routeKey(kind, key), { kind, generated: typeof generator === "string" && generator.startsWith("smi-migrate") });
  }
}
function record(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}
function routeKey(kind, key) {
  return `${kind} ${key}`;
}
function portNumber(v) {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return NaN;
  const r = resolvePlain(v);
  return r.kind === "int" && r.value >= 0n && r.value <= 65535n ? Number(r.value) : NaN;
}

// src/targets/gateway/matches.ts
var METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"]);
var HEADER_NAME = /^[\w!#$%&'*+\-.^`|~]+$/;
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
  if (!Array.isArray(methods) || methods.some((x) => typeof x !== "string"))
    return { problem: `${label}: methods is not a list of strings` };
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
  return {
    matches: named.map((method) => ({
      ...base.path ? { path: base.path } : {},
      method,
      ...base.headers ? { headers: base.headers } : {}
    })),
    regexPath
  };
}
function readHeaders(raw, label) {
  if (raw === void 0 || raw === null) return { list: [] };
  const entries = Array.isArray(raw) ? raw.flatMap((e) => e !== null && typeof e === "object" && !Array.isArray(e) ? Object.entries(e) : [["", e]]) : typeof raw === "object" ? Object.entries(raw) : [["", raw]];
  const seen = /* @__PURE__ */ new Set();
  const list = [];
  for (const [name, value] of entries) {
    if (name === "" || typeof value !== "string") return { problem: `${label}: headers must map names to strings` };
    if (!HEADER_NAME.test(name) || name.length > 256) return { problem: `${label}: header name "${name}" is not a valid HTTP header name` };
    if (seen.has(name.toLowerCase()))
      return { problem: `${label}: header "${name}" appears twice; an HTTPRouteMatch holds one condition per header name` };
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

// src/targets/gateway/presets.ts
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

// src/targets/gateway/routes.ts
var KIND_NAME = { http: "HTTPRoute", grpc: "GRPCRoute", tcp: "TCPRoute" };
var CONTROLLERS = {
  Canary: "Flagger rewrites it from its Canary: switch Flagger to its Gateway API provider instead (meshProvider=gatewayapi:v1beta1, with the Canary's service.gatewayRefs naming the Service)",
  Rollout: "Argo Rollouts rewrites it from its Rollout: switch the Rollout's trafficRouting from smi to the Gateway API plugin (argoproj-labs/gatewayAPI) instead"
};
function mapSplit(src, weights, opts, facts, claimed, apis, generator) {
  const owner = src.owners.find((o) => o.kind !== void 0 && o.kind in CONTROLLERS);
  if (owner) {
    return {
      skip: {
        severity: "warning",
        code: "owned-by-controller",
        offset: src.ownersOffset,
        pending: true,
        message: `is owned by ${owner.kind} ${owner.name ?? ""}`.trimEnd() + `; left unchanged: ${CONTROLLERS[owner.kind]}`
      }
    };
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
  if (backends.length > MAX_BACKENDS)
    return fail(src.backendsOffset, "too-many-backends", `has ${backends.length} backends; a route rule holds at most ${MAX_BACKENDS}`);
  const findings = [];
  const note = (severity, code, offset, message) => void findings.push({ severity, code, offset, message });
  if (backends.length === 0) {
    note("warning", "no-backends", src.backendsOffset, `has no backends; its routes send all traffic to ${root.name}, as the split did`);
    backends.push({ name: root.name, weight: 1n, offset: src.backendsOffset });
  } else if (backends.every((b) => b.weight === 0n)) {
    note(
      "warning",
      "all-weights-zero",
      src.backendsOffset,
      "every weight is 0: its routes serve no traffic (Linkerd never makes the distribution ready; some Envoy-based meshes reject the route)"
    );
  }
  const service = facts.services.get(factKey(src.namespace, root.name));
  let ports;
  if (opts.port !== void 0) {
    const listed = service?.ports.find((p) => p.port === opts.port);
    if (service && !listed && !service.ports.some((p) => Number.isNaN(p.port))) {
      return fail(
        src.serviceOffset,
        "port-unknown",
        `--port ${opts.port}: Service ${root.name} in the input has no such port (${service.ports.map((p) => p.port).join(", ")}); leave --port out to write a route per port`
      );
    }
    ports = [listed ?? { port: opts.port }];
  } else if (!service) {
    const where = src.namespace === void 0 ? "without a namespace" : `in namespace ${src.namespace}`;
    return fail(
      src.serviceOffset,
      "port-unknown",
      `Service ${root.name} (${where}) is not in the input, and a route needs its port: add the Service manifest to the input (for a cluster: kubectl get trafficsplits,services,httproutegroups -A -o yaml) or pass --port`
    );
  } else {
    ports = service.ports.filter(
      (p, i, all) => (p.protocol ?? "TCP") === "TCP" && all.findIndex((q) => Object.is(q.port, p.port) && (q.protocol ?? "TCP") === "TCP") === i
    );
    if (ports.length === 0 && service.ports.length > 0)
      return fail(src.serviceOffset, "port-unknown", `Service ${root.name} has no TCP port: routes carry TCP only`);
  }
  if (service) {
    const bad = serviceProblem(service, root.name, "root");
    if (bad) return fail(src.serviceOffset, bad.code, bad.message);
  }
  if (ports.length === 0) return fail(src.serviceOffset, "port-unknown", `Service ${root.name} has no ports`);
  const invalid = ports.find((p) => !Number.isInteger(p.port) || p.port < 1 || p.port > 65535);
  if (invalid) {
    return fail(
      src.serviceOffset,
      "port-unknown",
      `Service ${root.name} has a port that is not a number from 1 to 65535 (a templated port is known only once rendered: convert the rendered chart, or pass --port)`
    );
  }
  for (const b of backends) {
    const s = facts.services.get(factKey(src.namespace, b.name));
    const bad = s && b.name !== root.name ? serviceProblem(s, b.name, "backend") : void 0;
    if (bad) return fail(b.offset, bad.code, bad.message);
  }
  const groups = [];
  for (const m of src.matches) {
    if (m.kind !== void 0 && m.kind !== "HTTPRouteGroup")
      return fail(m.offset, "routegroup-missing", `matches a ${m.kind}; only HTTPRouteGroups can be converted`);
    const group = m.name === void 0 ? void 0 : facts.routeGroups.get(factKey(src.namespace, m.name));
    if (!group) {
      return fail(
        m.offset,
        "routegroup-missing",
        `HTTPRouteGroup ${m.name ?? "(no name)"} is not in the input, and its matches decide the routes: add it to the input (kubectl get trafficsplits,services,httproutegroups -A -o yaml)`
      );
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
      note(
        "warning",
        "backend-port-missing",
        b.offset,
        `backend ${b.name} has no port ${p.port}: left out of the route for port ${p.port}, as SMI leaves it out of the split`
      );
      return false;
    });
    if (kept.length === 0)
      return fail(src.backendsOffset, "backend-port-missing", `no backend has port ${p.port}, so its route would have no backend`);
    const refs = kept.map((b) => ({ name: b.name, port: p.port, weight: Number(b.weight) }));
    const rules = groups.length ? abRules(groups, refs, kind.kind, apis, root.name, p.port) : { rules: [{ backendRefs: refs }], regexPath: false };
    if ("problem" in rules) return fail(src.matches[0].offset, rules.code, rules.problem);
    if (rules.regexPath)
      note(
        "info",
        "regex-path",
        src.matches[0].offset,
        "a pathRegex became a RegularExpression path match, whose dialect and precedence are implementation-specific: check it on your mesh"
      );
    const name = ports.length > 1 ? `${src.name}-${p.port}` : src.name;
    if (name.length > 253) return fail(src.offset, "invalid-structure", `the route name ${name} is longer than 253 characters`);
    const kindName = KIND_NAME[kind.kind];
    const existing = facts.routes.get(routeKey(kindName, factKey(src.namespace, name)));
    if (existing?.generated) {
      return {
        skip: {
          severity: "info",
          code: "already-converted",
          offset: src.offset,
          message: `has its ${kindName} ${name} in the input already, written by smi-migrate; left as it is (delete the TrafficSplit once the route is Accepted)`
        }
      };
    }
    if (existing)
      return fail(
        src.offset,
        "name-collision",
        `${kindName} ${name} is already in the input; rename one of them (the TrafficSplit's routes are named after it)`
      );
    const writer = claimed(routeKey(kindName, factKey(src.namespace, name)));
    if (writer !== void 0 && writer !== splitKey) {
      return fail(
        src.offset,
        "name-collision",
        `TrafficSplit ${writer} in this input also writes ${kindName} ${name}; rename one of the TrafficSplits`
      );
    }
    routes.push({
      kind: kindName,
      name,
      port: p.port,
      value: route(kindName, apis.apiVersion[kind.kind], name, src, generator, root.name, p.port, opts, rules.rules)
    });
  }
  const claims = [];
  for (const r of routes) {
    claims.push([routeKey(r.kind, factKey(src.namespace, r.name)), splitKey]);
    const parent = `parent ${factKey(src.namespace, root.name)}:${r.port}`;
    const other = claimed(parent);
    if (other !== void 0 && other !== splitKey) {
      note(
        "warning",
        "name-collision",
        src.serviceOffset,
        `TrafficSplit ${other} also splits Service ${root.name} port ${r.port}: both routes attach to it and Gateway API merges their rules (the oldest route wins a tie); SMI left two splits of one Service undefined: merge them by hand`
      );
    } else claims.push([parent, splitKey]);
  }
  const rootKey = `noted ${factKey(src.namespace, root.name)}`;
  if (claimed(rootKey) === void 0) {
    claims.push([rootKey, splitKey]);
    const fqdn = `${root.name}.${src.namespace ?? "<namespace>"}.svc.cluster.local`;
    note(
      "info",
      "serviceprofile-precedence",
      src.serviceOffset,
      `on Linkerd, the ServiceProfile ${fqdn} that the linkerd-smi extension made for this split takes precedence over the routes until it is deleted (docs/gateway.md, runbook)`
    );
  }
  return { routes, findings, claims };
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
    return {
      problem: `service ${raw} is in namespace ${ns}, not the TrafficSplit's (${namespace ?? "none set"}): a route for it belongs in that namespace; move the split there first`
    };
  }
  return { name };
}
function serviceProblem(s, name, role) {
  if (s.type === "ExternalName")
    return {
      code: "externalname",
      message: `Service ${name} is an ExternalName Service, which Gateway API meshes do not accept as a ${role === "root" ? "parent" : "backend"}`
    };
  if (role === "root" && s.clusterIP === "None") {
    return {
      code: "headless-root",
      message: `Service ${name} is headless (clusterIP: None): a mesh applies routes to a Service's cluster IP, so a headless parent gets none`
    };
  }
  return void 0;
}
function routeKind(p, service, opts, apis, root, offset, findings) {
  let kind = opts.routeKind && opts.routeKind !== "auto" ? opts.routeKind : void 0;
  const app = p.appProtocol?.toLowerCase();
  const warn = (message) => void findings.push({ severity: "warning", code: "linkerd-opaque-port", offset, message });
  if (!kind && app !== void 0) {
    kind = PROTOCOLS[app];
    if (!kind)
      return {
        problem: `Service ${root} port ${p.port} has appProtocol ${p.appProtocol}, which maps to no route kind here: pass --route-kind http, grpc or tcp`
      };
  }
  const opaque = apis.linkerd !== void 0 && (app === void 0 || !atLeast(apis.linkerd, "2.18")) && opaquePorts(service).includes(p.port);
  const why = service?.opaquePorts !== void 0 ? "config.linkerd.io/opaque-ports" : "its default opaque ports";
  if (opaque && !atLeast(apis.linkerd, "2.18")) {
    return {
      problem: `Linkerd ${apis.linkerd} treats port ${p.port} of Service ${root} as opaque (${why}) and applies no route there (TCPRoutes on opaque ports work from Linkerd 2.18): upgrade Linkerd first, or take the port out of the opaque list`
    };
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
    warn(
      `Linkerd treats appProtocol ${p.appProtocol} (Service ${root} port ${p.port}) as opaque and ignores HTTP and gRPC routes on it: set appProtocol to http or kubernetes.io/h2c`
    );
  }
  if (apis.linkerd && kind === "tcp" && !atLeast(apis.linkerd, "2.18")) {
    warn(`Linkerd ${apis.linkerd} ignores every route on opaque ports; the TCPRoute for port ${p.port} takes effect from Linkerd 2.18`);
  }
  if (!apis.apiVersion[kind])
    return {
      problem: `port ${p.port} needs a ${KIND_NAME[kind]}, which ${apis.missing} does not serve: pass --route-kind http or a newer release`
    };
  return { kind };
}
var PROTOCOLS = {
  http: "http",
  http2: "http",
  h2c: "http",
  "kubernetes.io/h2c": "http",
  grpc: "grpc",
  "grpc-web": "grpc",
  tcp: "tcp",
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
  if (kind === "tcp")
    return {
      code: "route-kind",
      problem: `port ${port} takes a TCPRoute, which has no request matches: an A/B split cannot be converted for it`
    };
  const matches = [];
  let regexPath = false;
  for (const g of groups) {
    const e = expandMatch(g, kind === "grpc");
    if ("problem" in e) return { code: "match-unrepresentable", problem: e.problem };
    matches.push(...e.matches);
    regexPath ||= e.regexPath;
  }
  const rules = [];
  for (let i = 0; i < matches.length; i += apis.maxMatchesPerRule)
    rules.push({ matches: matches.slice(i, i + apis.maxMatchesPerRule), backendRefs: refs });
  if (rules.length + 1 > MAX_RULES || matches.length + 1 > apis.maxMatchesPerRoute) {
    return {
      code: "too-many-matches",
      problem: `its route groups expand to ${matches.length} matches; a route holds ${MAX_RULES} rules of ${apis.maxMatchesPerRule} and ${apis.maxMatchesPerRoute} matches in all (with the rule for unmatched requests) on ${apis.missing}`
    };
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

// src/targets/gateway/split.ts
function splitToRoutes(view, run) {
  const gateway = run.options;
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
  const source = view.data.fields();
  if (source.comments)
    notes.push(
      `its ${source.comments === 1 ? "comment is" : `${source.comments} comments are`} not carried over: the routes are written anew`
    );
  const mapped = mapSplit(source, weights.weights, gateway, run.context, run.claimed, routeApis(gateway), `smi-migrate-${version}`);
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
  return {
    objects: mapped.routes.map((r) => r.value),
    findings: mapped.findings,
    message: `${view.version} -> ${routes}${changed}${noted}`,
    weights: { before, after },
    claims: mapped.claims
  };
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

// src/targets/gateway/index.ts
var gatewayTarget = {
  name: GATEWAY,
  prepare: (documents) => collectFacts(documents),
  replaces: { TrafficSplit: { replace: splitToRoutes } },
  keepsOriginal: (o) => o.keepTrafficSplit === true
};

export {
  gatewayTarget
};
