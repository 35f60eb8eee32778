import {
  version
} from "./chunk-FUZQVC3D.js";
import {
  GATEWAY,
  ROUTE_KIND_ANNOTATION,
  kindOverride,
  portOf,
  readAnnotation
} from "./chunk-RQ5PBHT7.js";
import {
  maskTemplate,
  readValues,
  show
} from "./chunk-PHMZ3XAD.js";
import {
  neededScale,
  scaleWeights
} from "./chunk-PLD2IWHC.js";
import {
  resolvePlain
} from "./chunk-TP7DFXLP.js";
import {
  parseDocuments
} from "./chunk-FRO4XOVE.js";

// src/targets/gateway/facts.ts
import { dirname } from "node:path";

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
var NEEDLES = ["Service", "HTTPRouteGroup", "Route", "Canary", "Rollout"];
var ROUTE_GROUPS = /^(gateway\.networking\.k8s\.io|policy\.linkerd\.io)\//;
var ROUTE_KINDS = /* @__PURE__ */ new Set(["HTTPRoute", "GRPCRoute", "TCPRoute", "TLSRoute", "UDPRoute"]);
function emptyFacts() {
  return {
    services: /* @__PURE__ */ new Map(),
    routeGroups: /* @__PURE__ */ new Map(),
    routes: /* @__PURE__ */ new Map(),
    controllers: /* @__PURE__ */ new Map(),
    profiles: /* @__PURE__ */ new Map(),
    servicePatches: /* @__PURE__ */ new Map()
  };
}
function factKey(namespace, name) {
  return `${namespace ?? ""}/${name}`;
}
function collectFacts(documents) {
  const facts = emptyFacts();
  const services = [];
  const wanted = /* @__PURE__ */ new Set();
  let filter = true;
  for (const document of documents) {
    const { text, file, patchOf } = typeof document === "string" ? { text: document, file: void 0, patchOf: void 0 } : document;
    if (patchOf !== void 0) {
      if (text.includes("Service") && text.includes("ports")) addServicePatch(text, file, patchOf, facts);
      continue;
    }
    if (text.includes("TrafficSplit")) {
      const values = [...text.matchAll(SERVICE_VALUE)];
      if (UNPLAIN.test(text) || values.length !== [...text.matchAll(SERVICE_KEY)].length || values.some((m) => NOT_A_NAME.test(m[1])))
        filter = false;
      for (const m of values) wanted.add(m[1].split(".")[0]);
    }
    if (!NEEDLES.some((n) => text.includes(n))) continue;
    if (text.includes("HTTPRouteGroup") || text.includes("ServiceProfile") || ROUTE_KIND.test(text) || CONTROLLER_KIND.test(text))
      add(text, file, facts);
    else if (text.includes("Service")) services.push({ text, ...file ? { file } : {} });
  }
  for (const { text, file } of services) {
    if (!filter || !plainNames(text) || [...text.matchAll(NAME_VALUE)].some((m) => wanted.has(m[1]))) add(text, file, facts);
  }
  return facts;
}
function scopeFacts(facts, from) {
  return { ...facts, from };
}
function lookup(map, key, from) {
  const all = map.get(key);
  if (!all?.length) return void 0;
  const dir = from && dirname(from.path);
  const levels = [
    all.filter((c) => c.file?.path === from?.path),
    all.filter((c) => c.file !== void 0 && dirname(c.file.path) === dir),
    all
  ];
  for (const level of levels) {
    if (level.length === 0) continue;
    const perFile = new Map(level.map((c) => [c.file?.path, c]));
    const distinct = new Map([...perFile.values()].map((c) => [JSON.stringify(c.fact), c]));
    if (distinct.size === 1) return [...distinct.values()][0];
    return { ambiguous: [...perFile.values()].flatMap((c) => c.file ? [c.file] : []) };
  }
  return void 0;
}
var UNPLAIN = /[\\&*!]|<<|\{\{|''/;
var NOT_A_NAME = /^[!|>&*]/;
function plainNames(text) {
  const values = [...text.matchAll(NAME_VALUE)];
  return !UNPLAIN.test(text) && values.length === [...text.matchAll(NAME_KEY)].length && !values.some((m) => NOT_A_NAME.test(m[1]));
}
var SERVICE_VALUE = /["']?service["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g;
var SERVICE_KEY = /["']?service["']?[ \t]*:/g;
var NAME_VALUE = /["']?name["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g;
var NAME_KEY = /["']?name["']?[ \t]*:/g;
var ROUTE_KIND = /HTTPRoute|GRPCRoute|TCPRoute|TLSRoute|UDPRoute/;
var CONTROLLER_KIND = /kind["']?[ \t]*:[ \t]*["']?(?:Canary|Rollout)\b/;
function addServicePatch(text, file, patch, facts) {
  for (const object of plainObjects(text)) {
    const name = record(object.metadata)?.name;
    if (object.kind !== "Service" || object.apiVersion !== "v1" || typeof name !== "string" || record(object.spec)?.ports === void 0)
      continue;
    put(facts.servicePatches, name, patch, file);
  }
}
function add(text, file, facts) {
  for (const object of plainObjects(text)) addObject(object, file, facts, text);
}
function put(map, key, fact, file) {
  const list = map.get(key) ?? [];
  list.push(file ? { fact, file } : { fact });
  map.set(key, list);
}
function addObject(object, file, facts, text) {
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
    const kinds = readAnnotation(record(meta?.annotations)?.[ROUTE_KIND_ANNOTATION]);
    const action = typeof meta?.namespace === "string" && /^x+$/.test(meta.namespace) ? NAMESPACE_ACTION.exec(text)?.[1] : void 0;
    put(
      facts.services,
      key,
      {
        ...action !== void 0 ? { namespaceAction: action } : {},
        ...typeof spec.type === "string" ? { type: spec.type } : {},
        ...typeof spec.clusterIP === "string" ? { clusterIP: spec.clusterIP } : {},
        ports: ports.map((p) => ({
          port: portNumber(p.port),
          ...typeof p.name === "string" ? { name: p.name } : {},
          ...typeof p.appProtocol === "string" ? { appProtocol: p.appProtocol } : {},
          ...typeof p.protocol === "string" ? { protocol: p.protocol } : {}
        })),
        ...typeof opaque === "string" ? { opaquePorts: opaque } : {},
        ...kinds === void 0 ? {} : "problem" in kinds ? { routeKindProblem: kinds.problem } : { routeKinds: kinds }
      },
      file
    );
  } else if (kind === "HTTPRouteGroup" && apiVersion.startsWith("specs.smi-spec.io/")) {
    const matches = record(object.spec)?.matches ?? object.matches;
    put(facts.routeGroups, key, { matches: Array.isArray(matches) ? matches : [] }, file);
  } else if (kind === "ServiceProfile" && apiVersion.startsWith("linkerd.io/")) {
    put(facts.profiles, key, { kind, name, ...profileRoutes(record(object.spec)) }, file);
  } else if (kind === "Canary" && apiVersion.startsWith("flagger.app/") || kind === "Rollout" && apiVersion.startsWith("argoproj.io/")) {
    const ns = typeof meta?.namespace === "string" ? meta.namespace : void 0;
    for (const service of controlledServices(kind, object)) put(facts.controllers, factKey(ns, service), { kind, name }, file);
  } else if (ROUTE_KINDS.has(kind) && ROUTE_GROUPS.test(apiVersion)) {
    const generator = record(meta?.annotations)?.[GENERATOR];
    const generated = typeof generator === "string" && generator.startsWith("smi-migrate");
    const parents = serviceParents(record(object.spec)?.parentRefs, typeof meta?.namespace === "string" ? meta.namespace : void 0);
    const rules = record(object.spec)?.rules;
    const matchless = Array.isArray(rules) && rules.some((r) => !Array.isArray(record(r)?.matches) || record(r).matches.length === 0);
    const spec = generated ? { spec: canonicalJson(object.spec) } : {};
    put(facts.routes, routeKey(kind, key), { kind, name, generated, matchless, ...parents.length ? { parents } : {}, ...spec }, file);
  }
}
function profileRoutes(spec) {
  const routes = Array.isArray(spec?.routes) ? spec.routes.map(record) : [];
  if (routes.length === 0) return {};
  const retries = routes.some((r) => r?.isRetryable === true || r?.isRetryable === "true") || record(spec?.retryBudget) !== void 0;
  const timeouts = routes.some((r) => r?.timeout !== void 0 && r.timeout !== null && r.timeout !== "");
  return { routes: routes.length, ...retries ? { retries } : {}, ...timeouts ? { timeouts } : {} };
}
function controlledServices(kind, object) {
  const spec = record(object.spec);
  if (kind === "Canary") {
    const name2 = record(spec?.service)?.name ?? record(spec?.targetRef)?.name;
    return typeof name2 === "string" ? [name2] : [];
  }
  const canary = record(record(spec?.strategy)?.canary);
  const smi = record(record(canary?.trafficRouting)?.smi);
  if (!smi) return [];
  const name = smi.rootService ?? canary?.stableService;
  return typeof name === "string" ? [name] : [];
}
function serviceParents(refs, namespace) {
  if (!Array.isArray(refs)) return [];
  return refs.flatMap((r) => {
    const ref = record(r);
    if (!ref || ref.kind !== "Service" || ref.group !== "" && ref.group !== "core" || typeof ref.name !== "string") return [];
    const port = ref.port === void 0 ? "*" : String(portNumber(ref.port));
    return [`${factKey(typeof ref.namespace === "string" ? ref.namespace : namespace, ref.name)}:${port}`];
  });
}
function routesOnPort(facts, service, port) {
  const parents = [`${service}:${port}`, `${service}:*`];
  const all = [...facts.routes.values()].flat().filter((c) => !c.fact.generated && c.fact.parents?.some((p) => parents.includes(p)));
  return nearest(all, facts.from);
}
function nearest(all, from) {
  const near = [
    all.filter((c) => c.file?.path === from?.path),
    all.filter((c) => c.file !== void 0 && from !== void 0 && dirname(c.file.path) === dirname(from.path))
  ].find((level) => level.length > 0);
  return near ?? all;
}
function canonicalJson(v) {
  return JSON.stringify(v, (_key, value) => {
    if (typeof value === "number" || typeof value === "bigint") return String(value);
    const r = record(value);
    return r ? Object.fromEntries(Object.entries(r).sort(([a2], [b]) => a2 < b ? -1 : a2 > b ? 1 : 0)) : value;
  });
}
function record(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}
var NAMESPACE_ACTION = /namespace["']?[ \t]*:[ \t]*["']?(\{\{[^\n]*?\}\})/;
function otherNamespaces(facts, namespace, name) {
  const out = [];
  for (const [key, list] of facts.services) {
    const slash = key.lastIndexOf("/");
    const ns = key.slice(0, slash);
    if (key.slice(slash + 1) !== name || ns === (namespace ?? "")) continue;
    const first = list[0];
    out.push({ namespace: ns === "" ? "" : first.fact.namespaceAction ?? ns, ...first.file ? { file: first.file } : {} });
  }
  return out;
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

// src/targets/gateway/routes.ts
import { dirname as dirname2 } from "node:path";

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
  const headerSearch = headers.list.length > 0;
  if (named.length === 0) return { matches: [base], regexPath, headerSearch };
  return {
    matches: named.map((method) => ({
      ...base.path ? { path: base.path } : {},
      method,
      ...base.headers ? { headers: base.headers } : {}
    })),
    regexPath,
    headerSearch
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
    if (value.length === 0) return { problem: `${label}: header "${name}" value must be 1 to 4096 characters` };
    const searched = searchValue(value);
    if (searched.length > 4096)
      return { problem: `${label}: header "${name}" value must be 1 to 4096 characters once searched anywhere in the value (${searched})` };
    list.push({ name, type: "RegularExpression", value: searched });
  }
  if (list.length > MAX_HEADERS) return { problem: `${label}: more than ${MAX_HEADERS} headers` };
  return { list };
}
function searchValue(re) {
  if (!re.includes("|") && (re.startsWith(".*") && endsOpen(re) || re.startsWith("^") && endsAnchored(re))) return re;
  return META.test(re) ? `.*(?:${re}).*` : `.*${re}.*`;
}
function endsAnchored(pattern) {
  if (!pattern.endsWith("$")) return false;
  let slashes = 0;
  for (let i = pattern.length - 2; i >= 0 && pattern[i] === "\\"; i--) slashes++;
  return slashes % 2 === 0;
}
function endsOpen(pattern) {
  if (!pattern.endsWith(".*")) return false;
  let slashes = 0;
  for (let i = pattern.length - 3; i >= 0 && pattern[i] === "\\"; i--) slashes++;
  return slashes % 2 === 0;
}
function abRules(groups, refs, kind, apis, root, port) {
  if (kind === "tcp")
    return {
      code: "route-kind",
      problem: `port ${port} takes a TCPRoute, which has no request matches: an A/B split cannot be converted for it`
    };
  const matches = [];
  let regexPath = false;
  let headerSearch = false;
  for (const g of groups) {
    const e = expandMatch(g, kind === "grpc");
    if ("problem" in e) return { code: "match-unrepresentable", problem: e.problem };
    matches.push(...e.matches);
    regexPath ||= e.regexPath;
    headerSearch ||= e.headerSearch;
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
  return { rules, regexPath, headerSearch };
}

// src/targets/gateway/owners.ts
var CONTROLLERS = {
  Canary: "Flagger rewrites it from its Canary: switch Flagger to its Gateway API provider instead (meshProvider=gatewayapi:v1beta1, with the Canary's service.gatewayRefs naming the Service)",
  Rollout: "Argo Rollouts rewrites it from its Rollout: switch the Rollout's trafficRouting from smi to the Gateway API plugin (argoproj-labs/gatewayAPI) instead"
};
function ownerSkip(src, facts) {
  const owner = src.owners.find((o) => o.kind !== void 0 && o.kind in CONTROLLERS) ?? inputController(src, facts);
  if (!owner) return void 0;
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
function inputController(src, facts) {
  const root = src.service?.split(".")[0];
  if (!root) return void 0;
  const found = nearest(facts.controllers.get(factKey(src.namespace, root)) ?? [], facts.from)[0];
  if (!found) return void 0;
  const where = found.file ? `, ${found.file.shown}` : "";
  return {
    kind: found.fact.kind,
    name: `${found.fact.name} (in the input${where}: it writes the split of Service ${root}, though the split lists no ownerReferences)`
  };
}

// src/targets/gateway/claims.ts
function splitClaims(parts, routes, claimed, facts) {
  const { src, root, splitKey, findings } = parts;
  const claims = [];
  for (const r of routes) {
    claims.push([routeKey(r.kind, factKey(src.namespace, r.name)), splitKey]);
    const parent = `parent ${factKey(src.namespace, root)}:${r.port}`;
    const other = claimed(parent);
    if (other !== void 0 && other !== splitKey) {
      findings.push({
        severity: "warning",
        code: "name-collision",
        offset: src.serviceOffset,
        message: `TrafficSplit ${other} also splits Service ${root} port ${r.port}: both routes attach to it and Gateway API merges their rules (the oldest route wins a tie); SMI left two splits of one Service undefined: merge them by hand`
      });
    } else claims.push([parent, splitKey]);
  }
  const rootKey = `noted ${factKey(src.namespace, root)}`;
  if (claimed(rootKey) === void 0) {
    claims.push([rootKey, splitKey]);
    const fqdn = `${root}.${src.namespace ?? "<namespace>"}.svc.cluster.local`;
    const profile = inputProfile(parts, facts);
    if (!parts.backends.some((b) => b.name === root)) findings.push(rootGap(parts));
    if (profile) findings.push(profile);
    else
      findings.push({
        severity: "info",
        code: "serviceprofile-precedence",
        offset: src.serviceOffset,
        message: `on Linkerd, the ServiceProfile ${fqdn} that the linkerd-smi extension made for this split takes precedence over the routes until it is deleted (docs/gateway.md, runbook)`
      });
  }
  return claims;
}
function rootGap({ src, root }) {
  return {
    severity: "warning",
    code: "root-not-backend",
    offset: src.backendsOffset,
    message: `its backends do not include Service ${root} itself: on Linkerd, from deleting this TrafficSplit until its ServiceProfile is deleted and the clients restart, all traffic of ${root} goes to the endpoints of ${root} itself; delete both in one command and restart the clients right after (docs/gateway.md, runbook)`
  };
}
function inputProfile({ src, root }, facts) {
  if (src.namespace === void 0) return void 0;
  const prefix = `${factKey(src.namespace, root)}.${src.namespace}.svc.`;
  const found = [...facts.profiles].find(([key]) => key.startsWith(prefix))?.[1][0];
  if (!found) return void 0;
  const { name, routes = 0, retries, timeouts } = found.fact;
  const where = `the ServiceProfile ${name}${found.file ? ` (${found.file.shown})` : ""}`;
  const own = [retries ? "retries" : "", timeouts ? "timeouts" : ""].filter(Boolean).join(" and ");
  return {
    severity: "warning",
    code: "serviceprofile-precedence",
    offset: src.serviceOffset,
    message: routes ? `${where} is in the input with ${routes} route${routes > 1 ? "s" : ""} of its own${own ? ` (with ${own})` : ""}: on Linkerd it takes precedence over the new routes while it exists, and deleting it drops what its routes do; move them to HTTPRoutes first (docs/gateway.md, runbook)` : `${where} is in the input: on Linkerd it takes precedence over the routes while it exists; delete it with the TrafficSplit once the routes are Accepted (docs/gateway.md, runbook)`
  };
}

// src/targets/gateway/protocols.ts
var KIND_NAME = { http: "HTTPRoute", grpc: "GRPCRoute", tcp: "TCPRoute" };
function declared(p) {
  const app = p.appProtocol?.toLowerCase();
  if (app !== void 0) {
    const known = APP_PROTOCOLS[app];
    return known && { ...known, by: `has appProtocol ${p.appProtocol}`, explicit: true };
  }
  const prefix = p.name?.toLowerCase().split("-")[0] ?? "";
  const named = NAME_PROTOCOLS[prefix] ?? (BINARY.has(prefix) ? { kinds: ["tcp"], opaque: prefix } : void 0);
  return named ? { ...named, by: `is named ${p.name}`, explicit: false } : { kinds: ["http"], by: "has no appProtocol", explicit: false };
}
function routeKind(p, service, opts, apis, { root, namespace }, offset, findings) {
  if (service?.routeKindProblem) return { problem: `Service ${root}: ${service.routeKindProblem}` };
  const override = kindOverride(opts, namespace, root, p.port, service);
  const forced = override?.kind;
  const app = p.appProtocol?.toLowerCase();
  const says = declared(p);
  const at = `Service ${root} port ${p.port}`;
  if (!says && !forced)
    return {
      problem: `${at} has appProtocol ${p.appProtocol}, which maps to no route kind here: pass --route-kind ${root}:${p.port}=http (or grpc, tcp)`
    };
  if (override && says && !says.kinds.includes(override.kind)) {
    if (says.explicit && override.runWide)
      return {
        problem: `${override.by} contradicts ${at}, which ${says.by} (a ${KIND_NAME[says.kinds[0]]} carries it): leave --route-kind out (it holds for every split of the run), name the port (--route-kind ${root}:${p.port}=${override.kind}), or change the appProtocol`
      };
    findings.push({
      severity: "warning",
      code: "route-kind",
      offset,
      message: `${at} ${says.by}${says.opaque ? ` (${says.opaque}, which no HTTP or gRPC route can read)` : ""}: ${override.by} writes a ${KIND_NAME[override.kind]} for it anyway`
    });
  }
  let kind = forced ?? says.kinds[0];
  const linkerd = linkerdKind(p, kind, forced !== void 0, service, apis, at, offset, findings);
  if ("problem" in linkerd) return linkerd;
  kind = linkerd.kind;
  if (!forced && says?.opaque && kind === "tcp" && !linkerd.said)
    findings.push({
      severity: "info",
      code: "route-kind",
      offset,
      message: `${at} ${says.by} (${says.opaque}): a TCPRoute splits its connections, as no HTTP route can read inside them`
    });
  if (!forced && !says?.explicit && p.name?.toLowerCase().split("-")[0] === "grpc" && kind === "http") {
    findings.push({
      severity: "info",
      code: "route-kind",
      offset,
      message: `${at} is named ${p.name}: an HTTPRoute routes its gRPC calls (HTTP/2); appProtocol: grpc or --route-kind grpc writes a GRPCRoute`
    });
  }
  if (apis.linkerd && app !== void 0 && atLeast(apis.linkerd, "2.18") && kind !== "tcp" && !LINKERD_PROTOCOLS.has(app)) {
    findings.push({
      severity: "warning",
      code: "linkerd-opaque-port",
      offset,
      message: `Linkerd treats appProtocol ${p.appProtocol} (${at}) as opaque and ignores HTTP and gRPC routes on it: set appProtocol to http or kubernetes.io/h2c`
    });
  }
  if (!apis.apiVersion[kind]) {
    const instead = says?.opaque || says?.explicit ? "a release that serves it" : "--route-kind http or a newer release";
    return { problem: `port ${p.port} needs a ${KIND_NAME[kind]}, which ${apis.missing} does not serve: pass ${instead}` };
  }
  return { kind };
}
function linkerdKind(p, kind, forced, service, apis, at, offset, findings) {
  if (!apis.linkerd) return { kind };
  const warn = (message) => void findings.push({ severity: "warning", code: "linkerd-opaque-port", offset, message });
  const modern = atLeast(apis.linkerd, "2.18");
  const opaque = (p.appProtocol === void 0 || !modern) && opaquePorts(service).includes(p.port);
  const why = service?.opaquePorts !== void 0 ? "config.linkerd.io/opaque-ports" : "its default opaque ports";
  if (opaque && !modern) {
    return {
      problem: `Linkerd ${apis.linkerd} treats port ${p.port} of ${at.replace(/ port \d+$/, "")} as opaque (${why}) and applies no route there (TCPRoutes on opaque ports work from Linkerd 2.18): upgrade Linkerd first, or take the port out of the opaque list`
    };
  }
  if (opaque && kind !== "tcp" && forced) {
    warn(`Linkerd treats port ${p.port} of ${at.replace(/ port \d+$/, "")} as opaque (${why}) and ignores HTTP and gRPC routes there`);
  } else if (opaque && !forced) {
    warn(
      `Linkerd treats port ${p.port} of ${at.replace(/ port \d+$/, "")} as opaque (${why}) and honours only TCPRoutes there: writing a TCPRoute`
    );
    return { kind: "tcp", said: true };
  }
  if (kind === "tcp" && !modern)
    warn(`Linkerd ${apis.linkerd} ignores every route on opaque ports; the TCPRoute for port ${p.port} takes effect from Linkerd 2.18`);
  return { kind };
}
var HTTP = { kinds: ["http"] };
var H2 = { kinds: ["http", "grpc"] };
var GRPC = { kinds: ["grpc", "http"] };
var TCP = { kinds: ["tcp"] };
var TLS = { kinds: ["tcp"], opaque: "TLS" };
var APP_PROTOCOLS = {
  http: HTTP,
  "kubernetes.io/ws": HTTP,
  // WebSocket: an HTTP/1.1 upgrade, which HTTPRoutes route (GEP-1911)
  http2: H2,
  h2c: H2,
  "kubernetes.io/h2c": H2,
  grpc: GRPC,
  "grpc-web": GRPC,
  tcp: TCP,
  "linkerd.io/opaque": TCP,
  "linkerd.io/tcp": TCP,
  https: TLS,
  tls: TLS,
  "kubernetes.io/wss": TLS
};
var NAME_PROTOCOLS = {
  http: HTTP,
  ws: HTTP,
  http2: H2,
  h2c: H2,
  grpc: { kinds: ["http", "grpc"] },
  "grpc-web": { kinds: ["http", "grpc"] },
  tcp: TCP,
  https: TLS,
  tls: TLS,
  wss: TLS
};
var BINARY = /* @__PURE__ */ new Set([
  "mysql",
  "redis",
  "mongo",
  "mongodb",
  "postgres",
  "postgresql",
  "memcache",
  "memcached",
  "amqp",
  "amqps",
  "kafka",
  "mqtt",
  "nats",
  "smtp",
  "smtps",
  "zookeeper",
  "cassandra",
  "cql",
  "ldap",
  "ldaps"
]);
for (const name of BINARY) APP_PROTOCOLS[name] = { kinds: ["tcp"], opaque: name };
var LINKERD_PROTOCOLS = /* @__PURE__ */ new Set(["http", "kubernetes.io/h2c", "linkerd.io/opaque", "linkerd.io/tcp"]);
function opaquePorts(service) {
  if (service?.opaquePorts === void 0) return LINKERD_OPAQUE_PORTS;
  return service.opaquePorts.split(",").flatMap((part) => {
    const [a2, b] = part.trim().split("-").map(Number);
    if (a2 === void 0 || !Number.isInteger(a2)) return [];
    if (b === void 0 || !Number.isInteger(b) || b < a2 || b - a2 > 65535) return [a2];
    return Array.from({ length: b - a2 + 1 }, (_, i) => a2 + i);
  });
}

// src/targets/gateway/services.ts
function ambiguity(what, files) {
  return `${what} is defined differently in ${files.map((f) => f.shown).join(" and ")}, and which one is applied with this split cannot be told (its own file comes first, then its directory): convert each directory in a run of its own, or set metadata.namespace`;
}
function serviceName(raw, namespace) {
  if (raw === void 0 || raw === "") return void 0;
  const [name, ns, svc] = raw.split(".");
  if (svc !== void 0 && svc !== "svc") return { code: "cross-namespace", problem: `service ${raw} is not a Service name` };
  const bad = labelProblem(name);
  if (bad) return { code: "invalid-name", problem: `service ${JSON.stringify(raw)} ${bad}` };
  if (ns !== void 0 && ns !== namespace) {
    return {
      code: "cross-namespace",
      problem: `service ${raw} is in namespace ${ns}, not the TrafficSplit's (${namespace ?? "none set"}): a route for it belongs in that namespace; move the split there first`
    };
  }
  return { name };
}
var DNS_LABEL = /^[a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?$/;
var DNS_SUBDOMAIN = /^[a-z0-9](?:[-a-z0-9]*[a-z0-9])?(?:\.[a-z0-9](?:[-a-z0-9]*[a-z0-9])?)*$/;
function labelProblem(name) {
  if (name === "") return "names no Service: its name part is empty";
  if (!DNS_LABEL.test(name))
    return `names ${name}, which is not a Service name (a DNS-1123 label: at most 63 lowercase letters, digits and '-', starting and ending with a letter or digit)`;
  return void 0;
}
function routeNameProblem(name) {
  if (name.length > 253) return `the route name ${name} is longer than 253 characters`;
  if (!DNS_SUBDOMAIN.test(name))
    return `the route name ${JSON.stringify(name)} is not an object name (a DNS-1123 subdomain: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit)`;
  return void 0;
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
function elsewhere(name, other, namespace) {
  const from = other.file ? ` (${other.file.shown})` : "";
  if (other.namespace.startsWith("{{"))
    return `Service ${name} is in the input in namespace ${other.namespace}${from}, a Helm action filled at install: convert the rendered chart (helm template --namespace <namespace>), or pass --port`;
  const is = other.namespace === "" ? "without a namespace" : `in namespace ${other.namespace}`;
  const fix = other.namespace === "" ? `set metadata.namespace: ${namespace ?? ""} on the Service, or take it off the TrafficSplit` : namespace === void 0 ? `set metadata.namespace: ${other.namespace} on the TrafficSplit (or take it off the Service)` : `move the TrafficSplit to namespace ${other.namespace} if the Service is the one it splits`;
  return `Service ${name} is in the input ${is}${from}, and a namespace matches only the same namespace (none only none): ${fix}, or pass --port`;
}
var PRECEDENCE = ["GRPCRoute", "HTTPRoute", "TLSRoute", "TCPRoute"];
function sharedPort(other, kind, root, port) {
  const { fact, file } = other;
  const it = `${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} already attaches to Service ${root} port ${port}`;
  if (fact.kind === kind && fact.matchless)
    return `${it}: Gateway API merges the rules of both routes, and its rule without matches ties with this split's, which the older route wins (so the split may never apply): fold its rules into the new route, or delete it`;
  if (fact.kind === kind)
    return `${it}: Gateway API merges the rules of both routes, and the requests its matches take never reach this split's rule (which has none): check that this is meant, or fold its rules into the new route`;
  const mine = PRECEDENCE.indexOf(kind);
  const theirs = PRECEDENCE.indexOf(fact.kind);
  if (theirs === -1) return `${it}: check how your mesh orders ${a(fact.kind)} and ${a(kind)} on one port`;
  return theirs < mine ? `${it}: ${a(fact.kind)} takes precedence over ${a(kind)} on one port (GEP-1426), so the new route does not apply while it is there` : `${it}: the new ${kind} takes precedence over ${a(fact.kind)} on one port (GEP-1426), so that route stops applying`;
}
function a(kind) {
  return `${kind.startsWith("HTTP") ? "an" : "a"} ${kind}`;
}
function patchedPorts(root, patches) {
  const named = patches.map((p) => `${p.file?.shown ?? "a patch"} (listed in ${p.fact.by})`).join(" and ");
  return `the ports of Service ${root} are changed by the kustomize patch ${named}, so each overlay may render other ports than its base: convert the rendered overlays (kubectl kustomize DIR | smi-migrate --to gateway), or pass --port`;
}

// src/targets/gateway/routes.ts
function mapSplit(src, weights, opts, facts, claimed, apis, generator) {
  const scope = facts.from ? `${dirname2(facts.from.path)} ` : "";
  const unscoped = claimed;
  claimed = (key) => unscoped(scope + key);
  const owned = ownerSkip(src, facts);
  if (owned) return owned;
  const parts = readParts(src, weights, facts);
  if ("problems" in parts) return parts;
  const service = parts.services.get(parts.root);
  const ports = splitPorts(parts, service, opts, facts);
  if ("problems" in ports) return ports;
  const checked = checkServices(parts, service, ports);
  if (checked) return checked;
  const groups = readGroups(src, facts);
  if ("problems" in groups) return groups;
  if (src.matches.length > 0 && groups.length === 0) {
    parts.unmatched = true;
    parts.findings.push({
      severity: "warning",
      code: "no-matches",
      offset: src.matches[0].offset,
      message: `its HTTPRouteGroups hold no match, so no request matched the split and SMI sent all of its traffic to ${parts.root}: its routes do the same`
    });
  }
  const routes = [];
  for (const p of ports) {
    const r = portRoute(parts, p, ports.length, service, groups, { opts, facts, claimed, apis, generator });
    if (!("route" in r)) return r;
    routes.push(r.route);
  }
  const claims = splitClaims(parts, routes, claimed, facts).map(([key, owner]) => [scope + key, owner]);
  return { routes, findings: parts.findings, claims };
}
function readParts(src, weights, facts) {
  if (src.name === void 0) return fail(src.offset, "invalid-structure", "has no metadata.name to name its routes after");
  const root = serviceName(src.service, src.namespace);
  if (root === void 0) return fail(src.serviceOffset, "no-root-service", "has no spec.service: a route needs the Service it routes for");
  if ("problem" in root) return fail(src.serviceOffset, root.code, root.problem);
  const backends = [];
  for (const [i, b] of src.backends.entries()) {
    const n = serviceName(b.service, src.namespace);
    if (n === void 0) return fail(b.offset, "invalid-structure", `backend ${i + 1} has no service`);
    if ("problem" in n) return fail(b.offset, n.code, `backend ${i + 1}: ${n.problem}`);
    backends.push({ name: n.name, weight: weights[i] ?? 1n, offset: b.offset });
  }
  if (backends.length > MAX_BACKENDS)
    return fail(src.backendsOffset, "too-many-backends", `has ${backends.length} backends; a route rule holds at most ${MAX_BACKENDS}`);
  const findings = [];
  if (backends.length === 0) {
    findings.push({
      severity: "warning",
      code: "no-backends",
      offset: src.backendsOffset,
      message: `has no backends; its routes send all traffic to ${root.name}, as the split did`
    });
    backends.push({ name: root.name, weight: 1n, offset: src.backendsOffset });
  } else if (backends.every((b) => b.weight === 0n)) {
    findings.push({
      severity: "warning",
      code: "all-weights-zero",
      offset: src.backendsOffset,
      message: "every weight is 0: its routes serve no traffic (Linkerd never makes the distribution ready; some Envoy-based meshes reject the route)"
    });
  }
  const splitKey = src.namespace === void 0 ? src.name : `${src.namespace}/${src.name}`;
  const services = /* @__PURE__ */ new Map();
  for (const [name, offset] of [[root.name, src.serviceOffset], ...backends.map((b) => [b.name, b.offset])]) {
    const found = lookup(facts.services, factKey(src.namespace, name), facts.from);
    if (found && "ambiguous" in found) return fail(offset, "ambiguous-object", ambiguity(`Service ${name}`, found.ambiguous));
    if (found) services.set(name, found.fact);
  }
  return { src: { ...src, name: src.name }, root: root.name, backends, findings, splitKey, services };
}
function splitPorts({ src, root, findings }, service, opts, facts) {
  let ports;
  const port = portOf(opts, src.namespace, root);
  if (port !== void 0) {
    const listed = service?.ports.find((p) => p.port === port);
    if (service && !listed && !service.ports.some((p) => Number.isNaN(p.port))) {
      return fail(
        src.serviceOffset,
        "port-unknown",
        `--port ${port}: Service ${root} in the input has no such port (${service.ports.map((p) => p.port).join(", ")}); leave --port out to write a route per port`
      );
    }
    ports = [listed ?? { port }];
    const left = service?.ports.filter((p) => p.port !== port && (p.protocol ?? "TCP") === "TCP").map((p) => p.port) ?? [];
    if (left.length)
      findings.push({
        severity: "warning",
        code: "ports-unrouted",
        offset: src.serviceOffset,
        message: `--port ${port} routes one port of Service ${root}; its port${left.length > 1 ? "s" : ""} ${left.join(", ")} get${left.length > 1 ? "" : "s"} no route, so the split no longer applies there: leave --port out to write a route per port`
      });
  } else if (!service) {
    const where = src.namespace === void 0 ? "without a namespace" : `in namespace ${src.namespace}`;
    const other = otherNamespaces(facts, src.namespace, root)[0];
    return fail(
      src.serviceOffset,
      "port-unknown",
      other ? `Service ${root} (${where}) is not in the input, and a route needs its port; ${elsewhere(root, other, src.namespace)}` : `Service ${root} (${where}) is not in the input, and a route needs its port: add the Service manifest to the input (for a cluster: kubectl get trafficsplits,services,httproutegroups -A -o yaml) or pass --port`
    );
  } else if (patchesOf(facts, root).length) {
    return fail(src.serviceOffset, "service-patched", patchedPorts(root, patchesOf(facts, root)));
  } else {
    ports = service.ports.filter(
      (p, i, all) => (p.protocol ?? "TCP") === "TCP" && all.findIndex((q) => Object.is(q.port, p.port) && (q.protocol ?? "TCP") === "TCP") === i
    );
    if (ports.length === 0 && service.ports.length > 0)
      return fail(src.serviceOffset, "port-unknown", `Service ${root} has no TCP port: routes carry TCP only`);
  }
  return ports;
}
function checkServices(parts, service, ports) {
  const { src, root } = parts;
  if (service) {
    const bad = serviceProblem(service, root, "root");
    if (bad) return fail(src.serviceOffset, bad.code, bad.message);
  }
  if (ports.length === 0) return fail(src.serviceOffset, "port-unknown", `Service ${root} has no ports`);
  const invalid = ports.find((p) => !Number.isInteger(p.port) || p.port < 1 || p.port > 65535);
  if (invalid) {
    return fail(
      src.serviceOffset,
      "port-unknown",
      `Service ${root} has a port that is not a number from 1 to 65535 (a templated port is known only once rendered: convert the rendered chart, or pass --port)`
    );
  }
  for (const b of parts.backends) {
    const s = parts.services.get(b.name);
    const bad = s && b.name !== root ? serviceProblem(s, b.name, "backend") : void 0;
    if (bad) return fail(b.offset, bad.code, bad.message);
  }
  return void 0;
}
function readGroups(src, facts) {
  const groups = [];
  for (const m of src.matches) {
    if (m.kind !== void 0 && m.kind !== "HTTPRouteGroup")
      return fail(m.offset, "routegroup-missing", `matches a ${m.kind}; only HTTPRouteGroups can be converted`);
    const group = m.name === void 0 ? void 0 : lookup(facts.routeGroups, factKey(src.namespace, m.name), facts.from);
    if (group && "ambiguous" in group) return fail(m.offset, "ambiguous-object", ambiguity(`HTTPRouteGroup ${m.name}`, group.ambiguous));
    if (!group) {
      return fail(
        m.offset,
        "routegroup-missing",
        `HTTPRouteGroup ${m.name ?? "(no name)"} is not in the input, and its matches decide the routes: add it to the input (kubectl get trafficsplits,services,httproutegroups -A -o yaml)`
      );
    }
    groups.push(...group.fact.matches);
  }
  return groups;
}
function portRoute(parts, p, portCount, service, groups, run) {
  const { src, root, findings } = parts;
  const kind = routeKind(p, service, run.opts, run.apis, { root, namespace: src.namespace }, src.serviceOffset, findings);
  if ("problem" in kind) return fail(src.serviceOffset, "route-kind", kind.problem);
  const kept = portBackends(parts, p);
  if (kept.length === 0)
    return fail(src.backendsOffset, "backend-port-missing", `no backend has port ${p.port}, so its route would have no backend`);
  const refs = kept.map((b) => ({ name: b.name, port: p.port, weight: Number(b.weight) }));
  const rules = groups.length ? abRules(groups, refs, kind.kind, run.apis, root, p.port) : { rules: [{ backendRefs: parts.unmatched ? [{ name: root, port: p.port }] : refs }], regexPath: false, headerSearch: false };
  if ("problem" in rules) return fail(src.matches[0].offset, rules.code, rules.problem);
  if (rules.regexPath)
    findings.push({
      severity: "info",
      code: "regex-path",
      offset: src.matches[0].offset,
      message: "a pathRegex became a RegularExpression path match, whose dialect and precedence are implementation-specific: check it on your mesh"
    });
  if (rules.headerSearch)
    findings.push({
      severity: "info",
      code: "header-search",
      offset: src.matches[0].offset,
      message: "header values became RegularExpression matches of the whole value (.*(?:RE).*), as the A/B meshes searched a value for the regex: check them on your mesh"
    });
  const name = portCount > 1 ? `${src.name}-${p.port}` : src.name;
  const badName = routeNameProblem(name);
  if (badName) return fail(src.offset, name.length > 253 ? "invalid-structure" : "invalid-name", badName);
  const kindName = KIND_NAME[kind.kind];
  const value = route(kindName, run.apis.apiVersion[kind.kind], name, src, run.generator, root, p.port, run.opts, rules.rules);
  const taken = routeTaken(parts, kindName, name, run, value.spec);
  if (taken) return taken;
  for (const other of routesOnPort(run.facts, factKey(src.namespace, root), p.port)) {
    if (other.fact.kind !== kindName || other.fact.name !== name)
      findings.push({
        severity: "warning",
        code: "route-on-port",
        offset: src.serviceOffset,
        message: sharedPort(other, kindName, root, p.port)
      });
  }
  return { route: { kind: kindName, name, port: p.port, value } };
}
function portBackends(parts, p) {
  const { root } = parts;
  return parts.backends.filter((b) => {
    const s = b.name === root ? void 0 : parts.services.get(b.name);
    if (!s || s.ports.some((q) => q.port === p.port && (q.protocol ?? "TCP") === "TCP")) return true;
    parts.findings.push({
      severity: "warning",
      code: "backend-port-missing",
      offset: b.offset,
      message: s.ports.some((q) => q.port === p.port) ? `backend ${b.name} has port ${p.port} over ${s.ports.find((q) => q.port === p.port).protocol} only, not TCP: left out of the route for port ${p.port}, as the split's TCP traffic never reached it` : `backend ${b.name} has no port ${p.port}: left out of the route for port ${p.port}, as SMI leaves it out of the split`
    });
    return false;
  });
}
function routeTaken({ src, splitKey }, kindName, name, run, spec) {
  const found = lookup(run.facts.routes, routeKey(kindName, factKey(src.namespace, name)), run.facts.from);
  if (found && "ambiguous" in found) return fail(src.offset, "ambiguous-object", ambiguity(`${kindName} ${name}`, found.ambiguous));
  const existing = found?.fact;
  if (existing?.generated && existing.spec !== void 0 && existing.spec !== canonicalJson(spec)) {
    return {
      skip: {
        severity: "warning",
        code: "route-drift",
        offset: src.offset,
        pending: true,
        message: `has changed since smi-migrate wrote its ${kindName} ${name}${found && "fact" in found && found.file ? ` (${found.file.shown})` : ""}: the route no longer routes as the split does (weights, backends, matches or port), and deleting the TrafficSplit now would send its traffic by the old rules; delete that route and run the conversion again, which writes it anew`
      }
    };
  }
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
  const writer = run.claimed(routeKey(kindName, factKey(src.namespace, name)));
  if (writer !== void 0 && writer !== splitKey) {
    return fail(
      src.offset,
      "name-collision",
      `TrafficSplit ${writer} in this input also writes ${kindName} ${name}; rename one of the TrafficSplits`
    );
  }
  return void 0;
}
function patchesOf(facts, root) {
  const from = facts.from?.path;
  return (facts.servicePatches.get(root) ?? []).filter((p) => !p.fact.members || from === void 0 || p.fact.members.has(from));
}
function fail(offset, code, message) {
  return { problems: [{ code, offset, message }] };
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
  let source = view.data.fields();
  const pruned = (view.version === "v1alpha1" || view.version === "v1alpha2") && source.matches.length > 0 ? source.matches[0] : void 0;
  if (pruned) source = { ...source, matches: [] };
  if (source.comments)
    notes.push(
      `its ${source.comments === 1 ? "comment is" : `${source.comments} comments are`} not carried over: the routes are written anew`
    );
  const mapped = mapSplit(source, weights.weights, gateway, run.context, run.claimed, routeApis(gateway), `smi-migrate-${version}`);
  if (!("routes" in mapped)) return mapped;
  if (pruned)
    mapped.findings.unshift({
      severity: "warning",
      code: "no-matches",
      offset: pruned.offset,
      message: `spec.matches never took effect: ${view.version} has no matches, and the SMI CRDs (linkerd-smi, OSM) prune them, so the split sent all traffic to its backends; its routes do the same (convert it to v1alpha3 or later first if the matches are meant)`
    });
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
  const max = exact.reduce((a2, b) => b > a2 ? b : a2, 0n);
  const weights = exact.map((w) => {
    if (w === 0n) return 0n;
    const r = (w * MAX_ROUTE_WEIGHT * 2n + max) / (max * 2n);
    return r === 0n ? 1n : r;
  });
  const sum = (ws) => Number(ws.reduce((a2, b) => a2 + b, 0n));
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
  scope: scopeFacts,
  replaces: { TrafficSplit: { replace: splitToRoutes } },
  keepsOriginal: (o) => o.keepTrafficSplit === true
};

export {
  gatewayTarget
};
