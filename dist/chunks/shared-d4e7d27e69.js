import {
  AliasIndex,
  DocumentSuppressions,
  nameAsWritten,
  plainObjectNodes,
  plainObjects,
  profileInText,
  readSplit,
  readValues,
  show,
  spells,
  unreadDocuments
} from "./shared-c3ec45101b.js";
import {
  readQuantityWeights
} from "./shared-830d5f64a9.js";
import {
  actionWithin
} from "./shared-29334cf685.js";
import {
  MERGED_IDENTITY,
  identityThroughMerge,
  plainNamespace
} from "./shared-52d6f9d52b.js";
import {
  resolvePlain
} from "./shared-5d7c34b40b.js";
import {
  applied,
  neededScale,
  readJsonWeight,
  roundedNote,
  scaleWeights
} from "./shared-051a59df81.js";
import {
  GATEWAY,
  ROUTE_KIND_ANNOTATION,
  kindOverride,
  portOf,
  readAnnotation
} from "./shared-010d2dfd77.js";
import {
  version
} from "./shared-bf13efb741.js";

// src/targets/gateway/facts.ts
import { createHash } from "node:crypto";
import { dirname } from "node:path";

// src/targets/gateway/inherited.ts
var TIMEOUTS = ["timeout.linkerd.io/request", "timeout.linkerd.io/response", "timeout.linkerd.io/idle"];
var RETRY_COMMON = ["retry.linkerd.io/limit", "retry.linkerd.io/timeout"];
function retryKeys(kind) {
  return [kind === "GRPCRoute" ? "retry.linkerd.io/grpc" : "retry.linkerd.io/http", ...RETRY_COMMON];
}
function sets(key, value) {
  if (key === "retry.linkerd.io/limit") return !/^\s*0+\s*$/.test(value);
  if (key === "retry.linkerd.io/timeout") return !/^\s*0+(ms|[smhd])?\s*$/.test(value);
  return true;
}
function serviceDefaults(annotations) {
  const out = {};
  for (const [k, v] of Object.entries(annotations ?? {}))
    if (typeof v === "string" && (k.startsWith("timeout.linkerd.io/") || k.startsWith("retry.linkerd.io/"))) out[k] = v;
  return Object.keys(out).length ? out : void 0;
}
function inherited(service, kind, own) {
  if (!service || kind === "TCPRoute") return [];
  const out = [];
  for (const keys of [TIMEOUTS, retryKeys(kind)]) {
    const mine = keys.some((k) => typeof own[k] === "string" && sets(k, own[k]));
    const theirs = keys.filter((k) => service[k] !== void 0 && sets(k, service[k]));
    if (!mine && theirs.length > 0) out.push(...theirs.map((k) => `${k}: ${service[k]}`));
  }
  return out;
}
function inheritedFinding(offset, what, service, defaults, routes) {
  const taking = routes.map((r) => ({ r, got: inherited(defaults, r.kind, r.annotations) })).filter((x) => x.got.length > 0);
  if (taking.length === 0) return void 0;
  const given = [...new Set(taking.flatMap((x) => x.got))].join(", ");
  const named = taking.map(
    ({ r, got }) => `${r.kind} ${r.name}${r.source !== void 0 ? ` (${JSON.stringify(r.source)})` : ""} takes ${got.map((g) => g.split(":")[0]).join(", ")}`
  ).join("; ");
  return {
    severity: "warning",
    code: "service-defaults",
    offset,
    pending: true,
    message: `Service ${service} carries ${given}, which did nothing while ${what} routed it (Linkerd used the profile instead); a route without timeouts or retries of its own takes the Service's: ${named}. A route cannot say "no retry" or "no timeout", so move these annotations from the Service onto the routes that should have them, or accept the change`
  };
}
function routeAnnotations(object) {
  const meta = object.metadata;
  const a2 = meta !== null && typeof meta === "object" ? meta.annotations : void 0;
  return a2 !== null && typeof a2 === "object" && !Array.isArray(a2) ? a2 : {};
}
function splitInherited(offset, root, defaults, routes) {
  const taken = routes.map((r) => ({ kind: r.kind, name: r.name, annotations: routeAnnotations(r.value) }));
  const d = inheritedFinding(offset, "linkerd-smi's ServiceProfile for this split", root, defaults, taken);
  return d ? [d] : [];
}

// src/targets/gateway/service-reading.ts
var factKey = (namespace, name) => `${namespace ?? ""}/${name}`;
var SERVICE_KIND = /["']?kind["']?[ \t]*:[ \t]*["']?Service\b(?![-.])/;
function namesServiceKind(text) {
  return SERVICE_KIND.test(text);
}
function addUnreadServices(text, file, line, facts) {
  for (const u of unreadDocuments(text)) {
    if (!SERVICE_KIND.test(u.text)) continue;
    const before = text.slice(0, u.offset);
    const row = line + (before.match(/\n/g)?.length ?? 0);
    const col = u.offset - before.lastIndexOf("\n");
    const key = u.name === void 0 ? `?${u.namespace ?? ""}` : factKey(u.namespace, u.name);
    const list2 = (facts.unreadServices ??= /* @__PURE__ */ new Map()).get(key) ?? [];
    list2.push({ where: `${file?.shown ?? "<stdin>"}:${row}:${col}`, message: u.message.split("\n")[0] });
    facts.unreadServices.set(key, list2);
  }
}
function unreadRoot(facts, namespace, root) {
  const found = [factKey(namespace, root), `?${namespace ?? ""}`, ...namespace === void 0 ? [] : ["?"]].flatMap(
    (k) => facts.unreadServices?.get(k) ?? []
  )[0];
  if (!found) return void 0;
  return `Service ${root} (${namespace === void 0 ? "without a namespace" : `in namespace ${namespace}`}) is in the input at ${found.where}, but that document cannot be read (${found.message}), so its ports are not known: fix the Service document, then convert (--port would route a Service whose manifest may never have applied)`;
}
function patchesOf(facts, root) {
  const from = facts.from?.path;
  return (facts.servicePatches.get(root) ?? []).filter((p) => !p.fact.members || from === void 0 || p.fact.members.has(from));
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
function factKey2(namespace, name) {
  return `${namespace ?? ""}/${name}`;
}
function collectFacts(documents) {
  const facts = emptyFacts();
  const services = [];
  const wanted = /* @__PURE__ */ new Set();
  let filter = true;
  let [source, line] = [void 0, 1];
  for (const document of documents) {
    const { text, file, patchOf } = typeof document === "string" ? { text: document, file: void 0, patchOf: void 0 } : document;
    if ((file?.path ?? "") !== source) [source, line] = [file?.path ?? "", 1];
    const at = line;
    line += text.split("\n").length - 1;
    if (patchOf !== void 0) {
      if (file) (facts.patchFiles ??= /* @__PURE__ */ new Map()).set(file.path, patchOf.by);
      if (spells(text, "Service") && text.includes("ports")) addServicePatch(text, file, patchOf, facts);
      continue;
    }
    if (spells(text, "TrafficSplit")) {
      const values = [...text.matchAll(SERVICE_VALUE)];
      if (UNPLAIN.test(text) || values.length !== [...text.matchAll(SERVICE_KEY)].length || values.some((m) => NOT_A_NAME.test(m[1])))
        filter = false;
      for (const m of values) wanted.add(m[1].split(".")[0]);
    }
    if (spells(text, "ServiceProfile")) for (const m of text.matchAll(PROFILE_NAME)) wanted.add(m[1]);
    if (!NEEDLES.some((n) => spells(text, n))) continue;
    if (text.includes("HTTPRouteGroup") || spells(text, "ServiceProfile") || ROUTE_KIND.test(text) || CONTROLLER_KIND.test(text))
      add(text, file, facts);
    else if (spells(text, "Service")) services.push({ text, ...file ? { file } : {}, line: at });
  }
  for (const { text, file, line: at } of services) {
    if (!filter || !plainNames(text) || [...text.matchAll(NAME_VALUE)].some((m) => wanted.has(m[1]))) add(text, file, facts, at);
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
var PROFILE_NAME = /["']?name["']?[ \t]*:[ \t]*["']?([a-z0-9-]+)\.[a-z0-9-]+\.svc\./g;
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
function add(text, file, facts, line = 1) {
  const objects = plainObjects(text);
  for (const object of objects) addObject(object, file, facts, text);
  if (!objects.some((o) => o.kind === "Service") && namesServiceKind(text)) addUnreadServices(text, file, line, facts);
}
function put(map, key, fact, file) {
  const list2 = map.get(key) ?? [];
  list2.push(file ? { fact, file } : { fact });
  map.set(key, list2);
}
function addObject(object, file, facts, text) {
  const { kind, apiVersion } = object;
  if (typeof kind !== "string" || typeof apiVersion !== "string") return;
  const meta = record(object.metadata);
  const name = meta?.name;
  if (typeof name !== "string") return;
  const key = factKey2(plainNamespace(meta), name);
  if (kind === "Service" && apiVersion === "v1") {
    const spec = record(object.spec) ?? {};
    const ports = Array.isArray(spec.ports) ? spec.ports.map(record).filter((p) => p !== void 0) : [];
    const opaque = record(meta?.annotations)?.["config.linkerd.io/opaque-ports"];
    const kinds = readAnnotation(record(meta?.annotations)?.[ROUTE_KIND_ANNOTATION]);
    const defaults = serviceDefaults(record(meta?.annotations));
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
        ...defaults ? { routeDefaults: defaults } : {},
        ...kinds === void 0 ? {} : "problem" in kinds ? { routeKindProblem: kinds.problem } : { routeKinds: kinds }
      },
      file
    );
  } else if (kind === "HTTPRouteGroup" && apiVersion.startsWith("specs.smi-spec.io/")) {
    const matches = record(object.spec)?.matches ?? object.matches;
    put(facts.routeGroups, key, { matches: Array.isArray(matches) ? matches : [] }, file);
  } else if (kind === "ServiceProfile" && apiVersion.startsWith("linkerd.io/")) {
    const skip2 = record(meta?.annotations)?.["smi.linkerd.io/skip"] !== void 0;
    const overrides = Array.isArray(record(object.spec)?.dstOverrides) && record(object.spec).dstOverrides.length > 0;
    put(
      facts.profiles,
      key,
      { kind, name, ...profileRoutes(record(object.spec)), ...skip2 ? { skip: skip2 } : {}, ...overrides ? { overrides } : {} },
      file
    );
  } else if (kind === "Canary" && apiVersion.startsWith("flagger.app/") || kind === "Rollout" && apiVersion.startsWith("argoproj.io/")) {
    const ns = plainNamespace(meta);
    for (const service of controlledServices(kind, object)) put(facts.controllers, factKey2(ns, service), { kind, name }, file);
  } else if (ROUTE_KINDS.has(kind) && ROUTE_GROUPS.test(apiVersion)) {
    const generator = record(meta?.annotations)?.[GENERATOR];
    const generated = typeof generator === "string" && generator.startsWith("smi-migrate");
    const parents = serviceParents(record(object.spec)?.parentRefs, plainNamespace(meta));
    const rules = record(object.spec)?.rules;
    const matchless = Array.isArray(rules) && rules.some((r) => !Array.isArray(record(r)?.matches) || record(r).matches.length === 0);
    const digest = record(meta?.annotations)?.[DIGEST];
    const spec = generated ? {
      spec: canonicalJson(object.spec),
      object,
      ...typeof digest === "string" ? { digest, edited: digest !== routeDigest(object) } : {}
    } : {};
    const annotations = record(meta?.annotations) ?? {};
    const profileRoute = generated ? annotations[PROFILE_ROUTE] : void 0;
    const mine = typeof profileRoute === "string" ? { profileRoute, body: routeBody(object) } : {};
    put(
      facts.routes,
      routeKey(kind, key),
      { kind, name, generated, matchless, ...parents.length ? { parents } : {}, ...spec, ...mine },
      file
    );
  }
}
var DIGEST = "smi-migrate.io/written-digest";
function stampDigest(object) {
  const annotations = record(record(object.metadata)?.annotations);
  if (annotations) annotations[DIGEST] = routeDigest(object);
}
function routeDigest(object) {
  const meta = record(object.metadata);
  const annotations = { ...record(meta?.annotations) ?? {} };
  for (const k of [GENERATOR, DIGEST, "kubectl.kubernetes.io/last-applied-configuration"]) delete annotations[k];
  const body = canonicalJson({ labels: record(meta?.labels) ?? {}, annotations, spec: object.spec ?? null });
  return createHash("sha256").update(body).digest("hex").slice(0, 16);
}
var PROFILE_ROUTE = "smi-migrate.io/serviceprofile-route";
function routeBody(object) {
  const meta = record(object.metadata);
  const annotations = { ...record(meta?.annotations) ?? {} };
  delete annotations[GENERATOR];
  delete annotations[DIGEST];
  return canonicalJson({ kind: object.kind, annotations, spec: object.spec ?? null });
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
    return [`${factKey2(typeof ref.namespace === "string" ? ref.namespace : namespace, ref.name)}:${port}`];
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
  for (const [key, list2] of facts.services) {
    const slash = key.lastIndexOf("/");
    const ns = key.slice(0, slash);
    if (key.slice(slash + 1) !== name || ns === (namespace ?? "")) continue;
    const first = list2[0];
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

// src/targets/gateway/services.ts
function ambiguity(what, files) {
  return `${what} is defined differently in ${files.map((f) => f.shown).join(" and ")}, and which one is applied with this split cannot be told (its own file comes first, then its directory): convert each directory in a run of its own, or set metadata.namespace`;
}
function besideFile(file) {
  return `${file.shown}, beside the files given but not among them (read, never written: pass ${file.shown} too, or its directory)`;
}
function serviceName(raw, namespace) {
  if (raw === void 0 || raw === "") return void 0;
  const [name, ns, svc] = raw.split(".");
  if (svc !== void 0 && svc !== "svc") return { code: "cross-namespace", problem: `service ${raw} is not a Service name` };
  const bad2 = labelProblem(name);
  if (bad2) return { code: "invalid-name", problem: `service ${JSON.stringify(raw)} ${bad2}` };
  if (ns !== void 0 && ns !== namespace) {
    return {
      code: "cross-namespace",
      problem: `service ${raw} is in namespace ${ns}, not the TrafficSplit's (${namespace ?? "none set"}): a route for it belongs in that namespace; move the split there first`
    };
  }
  return { name };
}
function namesService(raw) {
  return DNS_LABEL.test(raw.split(".")[0]);
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

// src/targets/gateway/linkerd.ts
function linkerdAllZero(parts, facts) {
  const service = factKey2(parts.src.namespace, parts.root);
  const there = [...facts.routes.values()].flat().filter((c) => !c.fact.generated && c.fact.parents?.some((p) => p.startsWith(`${service}:`)));
  if (there.length)
    return {
      skip: {
        severity: "warning",
        code: "all-weights-zero",
        offset: parts.src.backendsOffset,
        pending: true,
        message: `every weight is 0: Linkerd's proxy dropped every one, so linkerd-smi's profile did nothing and ${there.map((c) => `${c.fact.kind} ${c.fact.name}`).join(", ")} routed Service ${parts.root}; a route for this split would take what they do not match: left unchanged, delete it`
      }
    };
  const at = parts.findings.findIndex((f) => f.code === "all-weights-zero");
  const finding = {
    severity: "warning",
    code: "all-weights-zero",
    offset: parts.src.backendsOffset,
    message: `every weight is 0: Linkerd's proxy dropped every one and sent all traffic to ${parts.root}, and its routes do the same`
  };
  if (at >= 0) parts.findings[at] = finding;
  else parts.findings.push(finding);
  parts.backends = [{ name: parts.root, weight: 1n, offset: parts.src.backendsOffset }];
  return void 0;
}
function opaqueUnsplit(offset, what, root, ports) {
  return {
    severity: "info",
    code: "opaque-unsplit",
    offset,
    message: `on Linkerd, ${what} also split connections that are not HTTP to Service ${root} port ${ports.join(", ")}; there Linkerd detects HTTP, and the routes leave such connections to ${root} itself: declare the port opaque (appProtocol: linkerd.io/opaque) for a TCPRoute, or accept it`
  };
}
function skippedBy(namespace, root, facts) {
  if (namespace === void 0) return void 0;
  const prefix = `${factKey2(namespace, root)}.${namespace}.svc.`;
  const found = [...facts.profiles].find(([key]) => key.startsWith(prefix))?.[1][0];
  return found?.fact.skip ? found.fact.name : void 0;
}
function profileRouted(namespace, root, facts) {
  if (namespace === void 0) return false;
  const prefix = `${factKey2(namespace, root)}.${namespace}.svc.`;
  return [...facts.profiles].some(([key, list2]) => key.startsWith(prefix) && list2.some((c) => (c.fact.routes ?? 0) > 0));
}
function linkerdNotes(parts, ports, all, release, service) {
  const out = [];
  const detected = ports.filter((p) => p.appProtocol === void 0 && all.some((r) => r.port === p.port && r.kind !== "TCPRoute"));
  if (release && detected.length)
    out.push(
      opaqueUnsplit(
        parts.src.backendsOffset,
        `TrafficSplit ${parts.src.name}`,
        parts.root,
        detected.map((p) => p.port)
      )
    );
  out.push(...splitInherited(parts.src.offset, parts.root, service?.routeDefaults, all));
  return out;
}
var MAX_MILLI = 429496729n;
function milliValue({ n, e }) {
  return e + 3 >= 0 ? n * 10n ** BigInt(e + 3) : (n + 10n ** BigInt(-(e + 3)) - 1n) / 10n ** BigInt(-(e + 3));
}
function linkerdWeightWraps(value) {
  return milliValue(value) > MAX_MILLI ? "overflows Linkerd's weight (milli value x 10 must fit 32 bits, and Linkerd wraps it)" : void 0;
}
function linkerdWrapIndex(values) {
  const sent = values.map((v) => milliValue(v) * 10n);
  const got = sent.map((w) => w % 2n ** 32n);
  const at = got.findIndex((g, i) => g !== sent[i]);
  if (at < 0) return void 0;
  const total = sent.reduce((a2, b) => a2 + b, 0n);
  const applied2 = got.reduce((a2, b) => a2 + b, 0n);
  if (applied2 === 0n) return total === 0n ? void 0 : at;
  return sent.every((w, i) => got[i] * total === w * applied2) ? void 0 : at;
}
function missingOnLinkerd(b, port) {
  return {
    severity: "warning",
    code: "backend-port-missing",
    offset: b.offset,
    pending: true,
    message: `backend ${b.name} has no port ${port}: on Linkerd it still took its share of port ${port} (linkerd-smi's profile sent it to the pods of ${b.name} on port ${port} itself), and a route cannot send it there, so it is left out of the route for port ${port} and its share goes to the other backends: add port ${port} to Service ${b.name} (targetPort the pods' port), or accept it`
  };
}
function linkerdSmiHost(src) {
  const pending = (offset, message) => ({
    skip: { severity: "warning", code: "linkerd-smi-host", offset, pending: true, message }
  });
  const service = src.service ?? "";
  const ns = src.namespace ?? "<namespace>";
  const host = (s) => s !== void 0 && s.includes(".") && namesService(s);
  if (host(service))
    return pending(
      src.serviceOffset,
      `spec.service ${service} is a host, not a Service name: linkerd-smi writes the split into the ServiceProfile ${service}.${ns}.svc.<domain> without looking the Service up, a profile no client resolves, so Linkerd never applied this split, and its route would split traffic that never was; left unchanged: delete the split, or set spec.service to ${service.split(".")[0]} and let linkerd-smi apply it before converting`
    );
  const i = src.backends.findIndex((b2) => host(b2.service));
  if (i < 0) return void 0;
  const b = src.backends[i];
  return pending(
    b.offset,
    `backend ${i + 1} service ${b.service} is a host, not a Service name: linkerd-smi sends its share to the authority ${b.service}.${ns}.svc.<domain>, which no Service resolves, so on Linkerd those requests failed, and its route would send them to ${b.service.split(".")[0]}; left unchanged: set the backend's service to ${b.service.split(".")[0]} (or remove it) and let linkerd-smi apply the split before converting`
  );
}

// src/targets/gateway/routes.ts
import { dirname as dirname2 } from "node:path";

// src/targets/gateway/existing.ts
function routeDrift(offset, message) {
  return { severity: "warning", code: "route-drift", offset, pending: true, message };
}
function settle(existing, file, value, same2) {
  const at = file ? { file } : {};
  const written = routeDigest(value);
  if (existing.edited) {
    if (existing.digest === written) return { same: true, edited: true };
    return { clashes: existing, ...at, written };
  }
  if (same2) return { same: true };
  if (existing.digest === void 0) return { clashes: existing, ...at, written, undigested: true };
  return { drifted: existing, ...at };
}
function routeTaken({ src, splitKey }, kindName, name, run, value) {
  const found = lookup(run.facts.routes, routeKey(kindName, factKey2(src.namespace, name)), run.facts.from);
  if (found && "ambiguous" in found) return fail(src.offset, "ambiguous-object", ambiguity(`${kindName} ${name}`, found.ambiguous));
  const existing = found?.fact;
  if (existing?.generated && existing.profileRoute !== void 0 && existing.profileRoute !== "[DEFAULT]")
    return profileHolds(src, kindName, name, existing.profileRoute, found && "fact" in found ? found.file : void 0);
  if (existing?.generated) {
    const file = found && "fact" in found && found.file ? found.file : void 0;
    const same2 = existing.spec === void 0 || existing.spec === canonicalJson(value.spec);
    return { existing: settle(existing, file, value, same2) };
  }
  if (existing) {
    const aside = found && "fact" in found && found.file?.aside ? found.file : void 0;
    return fail(
      src.offset,
      "name-collision",
      aside ? `${kindName} ${name} is already in ${besideFile(aside)}; rename one of them (the TrafficSplit's routes are named after it)` : `${kindName} ${name} is already in the input; rename one of them (the TrafficSplit's routes are named after it)`
    );
  }
  const writer = run.claimed(routeKey(kindName, factKey2(src.namespace, name)));
  if (writer !== void 0 && writer !== splitKey) {
    return fail(
      src.offset,
      "name-collision",
      `TrafficSplit ${writer} in this input also writes ${kindName} ${name}; rename one of the TrafficSplits`
    );
  }
  return void 0;
}
function profileHolds(src, kindName, name, source, file) {
  return fail(
    src.offset,
    "name-collision",
    `${kindName} ${name}${file ? ` (${file.shown})` : ""} is the route smi-migrate wrote from the ServiceProfile route ${JSON.stringify(source)}, and the TrafficSplit's route takes that name: written over, that route's matches, timeout and retries would be lost; rename the TrafficSplit, or delete that route (from the manifests and the cluster) and convert the profile (from git) with the split in one run, which numbers the profile's route`
  );
}
function fail(offset, code, message) {
  return { problems: [{ code, offset, message }] };
}
function staleRoutes(facts, service, split, routes) {
  const prefix = `${service}:`;
  const out = [];
  for (const c of nearest([...facts.routes.values()].flat(), facts.from)) {
    const { fact } = c;
    const named = fact.name === split || fact.name.startsWith(`${split}-`) && /^\d+$/.test(fact.name.slice(split.length + 1));
    if (!fact.generated || !named) continue;
    if (routes.some((r) => r.kind === fact.kind && r.name === fact.name)) continue;
    const ports = (fact.parents ?? []).filter((p) => p.startsWith(prefix)).map((p) => Number(p.slice(prefix.length)));
    if (ports.some(Number.isNaN)) continue;
    if (ports.length) out.push({ ...c, ports });
  }
  return out;
}
function alreadyConverted(src, r, edited) {
  const kept = edited.length ? `; ${edited.map((e) => `${e.kind} ${e.name}`).join(", ")} ${edited.length === 1 ? "was" : "were"} edited since, and the split was not: the edits are kept` : "";
  return {
    skip: {
      severity: "info",
      code: "already-converted",
      offset: src.offset,
      message: `has its ${r.kind} ${r.name} in the input already, written by smi-migrate; left as it is${kept} (delete the TrafficSplit once the route is Accepted)`
    }
  };
}
function editedDrift(src, r, { file, written, undigested }, source = "the split") {
  const why = undigested ? `differs from what this run writes, and it carries no ${DIGEST} (removed by hand, or written by a release before digests), so a person's edits cannot be told from a change of ${source}: it is taken as hand-maintained` : `was edited by hand since (it no longer matches the digest in ${DIGEST}), and ${source} changed too`;
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${r.kind} ${r.name}${file ? ` (${file.shown})` : ""} from ${source} before, and that route ${why}: writing it anew would drop the edits, so it is left as it is and nothing is written for ${source}: carry the change into the route by hand and set ${DIGEST} to "${written}" (what this run would write: a rerun then keeps the route), or delete the route and convert again`
  );
}
function editedStale(src, { fact, file }, next, source = "the split") {
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} from ${source} before, and that route was edited by hand since (it no longer matches the digest in ${DIGEST}); the Service's ports changed, so this run would write ${next.kind} ${next.name} in its place, which would drop the edits: it is left as it is and nothing is written for ${source}: delete the route and convert again, then carry the edits into the routes written (git holds them)`
  );
}
function renamedInPlace(src, { route: route2, file, replaces }) {
  const old = replaces;
  const ns = src.namespace !== void 0 ? ` -n ${src.namespace}` : "";
  const kindOnly = old.name === route2.name;
  const why = kindOnly ? `of another kind than the ${old.kind} smi-migrate wrote under that name before: kubectl apply never deletes the ${old.kind} from the cluster, and Linkerd keeps routing by it (of a port with GRPCRoutes it reads only those; of equal routes it takes the older), so the ${route2.kind} never routes` : `which smi-migrate wrote before under that name: kubectl apply never deletes ${old.name} from the cluster, and being older it keeps taking the requests both match (Linkerd takes the older of equal routes), so ${route2.name} never routes`;
  return {
    severity: "warning",
    code: "route-drift",
    offset: src.offset,
    pending: true,
    whenWritten: true,
    message: `${route2.kind} ${route2.name} is written in place of ${old.kind} ${old.name}${file ? ` (${file.shown})` : ""}, ${why}: delete it from the cluster in the same change (kubectl delete ${old.kind.toLowerCase()}${ns} ${old.name})${kindOnly ? "" : ", or keep the old name"}`
  };
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
    ...o.mesh && o.mesh !== "linkerd" && !o.linkerd ? { notLinkerd: true } : {},
    missing: o.linkerd ? `Linkerd ${o.linkerd}` : `Gateway API ${release}`
  };
}
var LINKERD_OPAQUE_PORTS = [25, 587, 3306, 4444, 5432, 6379, 9300, 11211];
function atLeast(release, than) {
  return Number(release.split(".")[1]) >= Number(than.split(".")[1]);
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
function routeKind(p, service, opts, apis, { root, namespace, profiled }, offset, findings) {
  if (service?.routeKindProblem) return { problem: `Service ${root}: ${service.routeKindProblem}` };
  const override = kindOverride(opts, namespace, root, p.port, service);
  const forced = override?.kind;
  const says = declared(p);
  const at = `Service ${root} port ${p.port}`;
  if (!says && !forced)
    return {
      problem: `${at} has appProtocol ${p.appProtocol}, which maps to no route kind here: pass --route-kind ${root}:${p.port}=http (or grpc, tcp)`
    };
  const pending = forced ? void 0 : releasePending(p, service, apis, at, offset);
  if (pending) return { pending };
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
  if (!forced && kind === "tcp" && profiled === true && !apis.notLinkerd && tcpNamed(p, service)) {
    kind = "http";
    findings.push({ severity: "info", code: "route-kind", offset, message: profiledTcp(at, p.name) });
  }
  const tcpPending = kind === "tcp" && !forced ? releasePending(p, service, apis, at, offset, says?.by) : void 0;
  if (tcpPending) return { pending: tcpPending };
  const linkerd = linkerdKind(p, kind, forced !== void 0, service, apis, at, offset, findings);
  if ("problem" in linkerd) return linkerd;
  kind = linkerd.kind;
  if (!forced && says?.opaque && kind === "tcp" && !linkerd.said)
    findings.push({
      severity: "info",
      code: "route-kind",
      offset,
      message: says.opaque === "TLS" ? tlsNote(at, says, apis) : `${at} ${says.by} (${says.opaque}): a TCPRoute splits its connections, as no HTTP route can read inside them`
    });
  if (!forced && !says?.explicit && p.name?.toLowerCase().split("-")[0] === "grpc" && kind === "http") {
    findings.push({
      severity: "info",
      code: "route-kind",
      offset,
      message: `${at} is named ${p.name}: an HTTPRoute routes its gRPC calls (HTTP/2); appProtocol: grpc or --route-kind grpc writes a GRPCRoute`
    });
  }
  kind = linkerdAppProtocol(p, kind, forced !== void 0, apis, at, offset, findings).kind;
  if (!apis.apiVersion[kind]) {
    const instead = says?.opaque || says?.explicit ? "a release that serves it" : "--route-kind http or a newer release";
    return { problem: `port ${p.port} needs a ${KIND_NAME[kind]}, which ${apis.missing} does not serve: pass ${instead}` };
  }
  return { kind };
}
function linkerdAppProtocol(p, kind, forced, apis, at, offset, findings) {
  const app = p.appProtocol?.toLowerCase();
  const modern = apis.linkerd ? atLeast(apis.linkerd, "2.18") : !apis.notLinkerd;
  if (!modern || app === void 0 || kind === "tcp" || LINKERD_PROTOCOLS.has(app)) return { kind };
  const warn = (message) => void findings.push({ severity: "warning", code: "linkerd-opaque-port", offset, message });
  if (apis.linkerd && !forced && apis.apiVersion.tcp) {
    warn(
      `Linkerd ${apis.linkerd} treats appProtocol ${p.appProtocol} (${at}) as opaque and honours only TCPRoutes there (its split took every connection, not requests): writing a TCPRoute; for HTTP or gRPC routes set appProtocol to http or kubernetes.io/h2c, then convert`
    );
    return { kind: "tcp" };
  }
  warn(
    `${apis.linkerd ? "Linkerd" : "Linkerd 2.18 and later"} treat${apis.linkerd ? "s" : ""} appProtocol ${p.appProtocol} (${at}) as opaque and ignore${apis.linkerd ? "s" : ""} HTTP and gRPC routes on it, so the routes written there would not apply: set appProtocol to http or kubernetes.io/h2c${apis.linkerd ? "" : " (--linkerd names the release; --mesh another mesh)"}`
  );
  return { kind };
}
function tcpNamed(p, service) {
  return p.appProtocol === void 0 && p.name?.toLowerCase().split("-")[0] === "tcp" && !linkerdOpaque(p.port, service);
}
function profiledTcp(at, name) {
  return `${at} is named ${name}, but Linkerd ignores port names and detects HTTP there, so the routes of the Service's ServiceProfile applied on it: an HTTPRoute carries the split there, beside the profile's routes, which become HTTPRoutes too (appProtocol: linkerd.io/opaque makes the port opaque, and a TCPRoute carries it)`;
}
function tlsNote(at, says, apis) {
  const linkerd = says.explicit && !apis.notLinkerd ? `, and Linkerd 2.18 and later honour only TCPRoutes on a port whose appProtocol says TLS` : "";
  return `${at} ${says.by} (TLS): a TCPRoute splits its connections by port and passes the TLS through unchanged, as the TrafficSplit did; no TLSRoute is written, as it routes by SNI host name, which SMI never had (TLSRoute v1 requires one)${linkerd}`;
}
function linkerdKind(p, kind, forced, service, apis, at, offset, findings) {
  if (!apis.linkerd) return { kind };
  const warn = (message) => void findings.push({ severity: "warning", code: "linkerd-opaque-port", offset, message });
  const modern = atLeast(apis.linkerd, "2.18");
  const opaque = (p.appProtocol === void 0 || !modern) && opaquePorts(service).includes(p.port);
  const why = listedBy(service);
  if (opaque && !modern) return { problem: noRouteBefore218(apis.linkerd, at, `it treats the port as opaque: ${why}`) };
  if (kind === "tcp" && !modern && apis.apiVersion.tcp)
    return { problem: noRouteBefore218(apis.linkerd, at, forced ? "--route-kind makes its route a TCPRoute" : tcpBy(p)) };
  if (opaque && kind !== "tcp" && forced) {
    warn(`Linkerd treats port ${p.port} of ${at.replace(/ port \d+$/, "")} as opaque (${why}) and ignores HTTP and gRPC routes there`);
  } else if (opaque && !forced) {
    warn(
      `Linkerd treats port ${p.port} of ${at.replace(/ port \d+$/, "")} as opaque (${why}) and honours only TCPRoutes there: writing a TCPRoute`
    );
    return { kind: "tcp", said: true };
  }
  return { kind };
}
function noRouteBefore218(release, at, why) {
  return `Linkerd ${release} applies no route that carries the split on ${at} (${why}): ${BEFORE_218}: upgrade Linkerd to 2.18 or later first, then convert`;
}
var BEFORE_218 = "before 2.18 Linkerd applies no route on a port of its opaque list and no TCPRoute on any port (TCPRoutes take effect from Linkerd 2.18)";
function tcpBy(p) {
  return `it ${declared(p)?.by ?? "is opaque"}, which takes a TCPRoute`;
}
function listedBy(service) {
  return service?.opaquePorts !== void 0 ? "config.linkerd.io/opaque-ports" : "its default opaque ports";
}
function releasePending(p, service, apis, at, offset, tcpBy2) {
  if (apis.linkerd || apis.notLinkerd) return void 0;
  const app = p.appProtocol?.toLowerCase();
  const detects = app === void 0 || app === "http" || app === "kubernetes.io/h2c";
  const listed = opaquePorts(service).includes(p.port);
  if (detects && !listed && tcpBy2 === void 0) return void 0;
  const modern = detects && !listed ? `Linkerd 2.18 and later detect HTTP there and apply the TCPRoute the port gets as it ${tcpBy2}` : app === void 0 ? "Linkerd 2.18 and later honour only a TCPRoute there" : detects ? `Linkerd 2.18 and later read its appProtocol ${p.appProtocol} and apply HTTP routes there` : `Linkerd 2.18 and later read its appProtocol ${p.appProtocol} as opaque and honour only a TCPRoute there`;
  const older = listed ? `Linkerd 2.17 and earlier treat the port as opaque (${listedBy(service)}) and apply no route there` : app === void 0 ? "Linkerd 2.17 and earlier apply no TCPRoute (TCPRoutes take effect from 2.18)" : "Linkerd 2.17 and earlier do not read appProtocol, detect HTTP there and apply no TCPRoute (TCPRoutes take effect from 2.18)";
  return {
    severity: "warning",
    code: "linkerd-opaque-port",
    offset,
    pending: true,
    message: `is left for a person: on ${at} the Linkerd release decides which route carries the split (${modern}; ${older}): pass --linkerd <release> (or --mesh for another mesh)`
  };
}
function linkerdServes(p, service, apis, at, offset) {
  const pending = releasePending(p, service, apis, at, offset);
  if (pending) return { pending };
  if (!apis.linkerd || atLeast(apis.linkerd, "2.18")) return { opaque: linkerdOpaque(p.port, service) };
  if (opaquePorts(service).includes(p.port))
    return { problem: noRouteBefore218(apis.linkerd, at, `it treats the port as opaque: ${listedBy(service)}`) };
  return { opaque: false };
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
function linkerdOpaque(port, service) {
  const p = service?.ports.find((q2) => q2.port === port);
  if (p?.appProtocol !== void 0) return p.appProtocol !== "http" && p.appProtocol !== "kubernetes.io/h2c";
  return opaquePorts(service).includes(port);
}
function opaquePorts(service) {
  if (service?.opaquePorts === void 0) return LINKERD_OPAQUE_PORTS;
  return service.opaquePorts.split(",").flatMap((part) => {
    const [a2, b] = part.trim().split("-").map(Number);
    if (a2 === void 0 || !Number.isInteger(a2)) return [];
    if (b === void 0 || !Number.isInteger(b) || b < a2 || b - a2 > 65535) return [a2];
    return Array.from({ length: b - a2 + 1 }, (_, i) => a2 + i);
  });
}

// src/targets/gateway/carried.ts
function carriedRewrites(parts, facts, routes, rewrites, all) {
  const { src, root } = parts;
  const ns = src.namespace;
  if (ns === void 0) return void 0;
  if (profileInInput(facts, ns, root)) return catchAllsReplaced(parts, facts, routes, rewrites, all);
  const service = serviceOf(facts, ns, root);
  for (const c of profileRoutes2(facts, ns, root)) {
    const { fact } = c;
    const port = parentPort(fact, ns, root);
    const target = port === "*" ? all.length === 1 ? all[0] : void 0 : all.find((r) => r.port === port);
    if (fact.profileRoute === "[DEFAULT]" && target && fact.object && routes.includes(target)) {
      if (fact.edited) return editedCatchAll(parts, c, target);
      routes.splice(routes.indexOf(target), 1);
      rewrites.push({ route: target, ...c.file ? { file: c.file } : {}, replaces: { kind: fact.kind, name: fact.name }, carried: true });
      continue;
    }
    const on = port === "*" ? all : all.filter((r) => r.port === port);
    if (on.length > 0 && on.every((r) => r.kind === "TCPRoute" && typeof r.port === "number" && linkerdOpaque(r.port, service))) {
      parts.findings.push(inert(parts, c, on));
      continue;
    }
    if (!target || !fact.object) {
      if (port === "*") parts.findings.push(unreachable(parts, c, all));
      continue;
    }
    if (fact.profileRoute === "[DEFAULT]" || target.kind === "TCPRoute") {
      parts.findings.push(unreachable(parts, c, all));
      continue;
    }
    const object = carrying(fact.object, target);
    const settled = settle(fact, c.file, object, canonicalJson(object.spec) === fact.spec);
    if ("clashes" in settled) return editedCarried(parts, c, settled);
    if ("same" in settled) continue;
    const route2 = { kind: fact.kind, name: fact.name, port: target.port, value: object };
    rewrites.push({ route: route2, ...c.file ? { file: c.file } : {}, carried: true });
  }
  return void 0;
}
function editedCarried({ src }, { fact, file }, { written, undigested }) {
  const why = undigested ? `carries no ${DIGEST} (removed by hand, or written by a release before digests) and differs from what this run writes, so it is taken as edited by hand` : `was edited by hand since (it no longer matches its ${DIGEST})`;
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} from the ServiceProfile route ${JSON.stringify(fact.profileRoute)} of its Service before, and that route ${why}: converted with this split in one run, it carries the split's backends and port, and writing it anew would drop the edits, so it is left as it is and nothing is written for the split: carry the split's backends into the route by hand and set ${DIGEST} to "${written}" (what this run would write: a rerun then keeps the route), or delete the route and convert again`
  );
}
function editedCatchAll({ src }, { fact, file }, target) {
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} as the catch-all of the ServiceProfile before, and that route was edited by hand since (it no longer matches its ${DIGEST}): ${target.kind} ${target.name}, the split's route, is written in its place in one run, which would drop the edits, so it is left as it is and nothing is written for the split: carry the edits into the split (or the routes) by hand and delete ${fact.name}, then convert again`
  );
}
function profileInInput(facts, ns, root) {
  const prefix = `${factKey2(ns, root)}.${ns}.svc.`;
  return [...facts.profiles.keys()].some((k) => k.startsWith(prefix));
}
function catchAllsReplaced(parts, facts, routes, rewrites, all) {
  const { src, root } = parts;
  for (const c of profileRoutes2(facts, src.namespace, root)) {
    if (c.fact.profileRoute !== "[DEFAULT]") continue;
    const port = parentPort(c.fact, src.namespace, root);
    const target = all.find((r) => (port === "*" || r.port === port) && routes.includes(r));
    if (target && c.fact.edited) return editedCatchAll(parts, c, target);
    if (target) {
      routes.splice(routes.indexOf(target), 1);
      rewrites.push({
        route: target,
        ...c.file ? { file: c.file } : {},
        replaces: { kind: c.fact.kind, name: c.fact.name },
        carried: true
      });
    } else if (all.some((r) => port === "*" || r.port === port)) parts.findings.push(shadowing(parts, c, all));
  }
  return void 0;
}
function shadowing({ src, root }, { fact, file }, all) {
  const ns = src.namespace !== void 0 ? ` -n ${src.namespace}` : "";
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} as the catch-all of the ServiceProfile of Service ${root}, before this split was converted: it matches every request as ${all.map((r) => `${r.kind} ${r.name}`).join(", ")} does, and Linkerd takes the older of equal routes, so the split never applies: delete it from the manifests and the cluster (kubectl delete ${fact.kind.toLowerCase()}${ns} ${fact.name})`
  );
}
function carrying(object, target) {
  const spec = object.spec;
  const refs = target.value.spec.rules?.[0]?.backendRefs;
  const parentRefs2 = spec.parentRefs.map((p) => ({ ...p, port: target.port }));
  const rules = spec.rules.map((r) => {
    const { backendRefs: _old, ...rest } = r;
    return refs === void 0 ? rest : { ...rest, backendRefs: refs };
  });
  const metadata2 = object.metadata;
  const annotations = metadata2.annotations;
  const out = {
    ...object,
    metadata: { ...metadata2, ...annotations ? { annotations: { ...annotations } } : {} },
    spec: { ...spec, parentRefs: parentRefs2, rules }
  };
  stampDigest(out);
  return out;
}
function profileRoutes2(facts, ns, root) {
  const service = `${factKey2(ns, root)}:`;
  const all = [];
  for (const [key, list2] of facts.routes) {
    if (!key.includes(` ${ns}/`)) continue;
    for (const c of list2)
      if (c.fact.generated && c.fact.profileRoute !== void 0 && c.fact.parents?.some((p) => p.startsWith(service))) all.push(c);
  }
  return nearest(all, facts.from);
}
function parentPort(fact, ns, root) {
  const service = `${factKey2(ns, root)}:`;
  const p = fact.parents.find((x) => x.startsWith(service)).slice(service.length);
  return p === "*" ? "*" : Number(p);
}
function serviceOf(facts, ns, root) {
  const found = lookup(facts.services, factKey2(ns, root), facts.from);
  return found && "fact" in found ? found.fact : void 0;
}
function inert({ src, root }, { fact, file }, on) {
  const ports = on.map((r) => String(r.port)).join(", ");
  return {
    severity: "info",
    code: "sp-dst-overrides",
    offset: src.offset,
    message: `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} from the ServiceProfile of Service ${root} route ${JSON.stringify(fact.profileRoute)}; Linkerd serves port${on.length > 1 ? "s" : ""} ${ports} as opaque, where only this split's TCPRoute${on.length > 1 ? "s apply" : " applies"}, so that route never takes a request (converted in one run, it is not written): delete it when convenient`
  };
}
function unreachable({ src, root }, { fact, file }, all) {
  return routeDrift(
    src.offset,
    `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} from the ServiceProfile of Service ${root} route ${JSON.stringify(fact.profileRoute)}; converted with this split in one run, the profile's routes carry its backends on ${all.map((r) => `${r.kind} ${r.name}`).join(", ")} and its catch-all is the split's route, which this route cannot be rewritten into: delete the routes written from the profile and convert the profile (from git) with the split in one run`
  );
}

// src/targets/gateway/orphans.ts
function writtenBy(route2, split) {
  return route2 === split || route2.startsWith(`${split}-`) && /^\d+$/.test(route2.slice(split.length + 1));
}
function orphanRoutes(parts, facts, all) {
  const service = factKey2(parts.src.namespace, parts.root);
  const splits = (facts.splits?.get(service) ?? []).map((s) => {
    const meta = s.fact.metadata;
    return meta !== null && typeof meta === "object" ? String(meta.name) : "";
  });
  const out = [];
  for (const { fact, file } of nearest([...facts.routes.values()].flat(), facts.from)) {
    if (!fact.generated || fact.profileRoute !== void 0 || writtenBy(fact.name, parts.src.name)) continue;
    if (splits.some((s) => writtenBy(fact.name, s))) continue;
    const ports = all.filter((r) => fact.parents?.includes(`${service}:${r.port}`)).map((r) => r.port);
    if (ports.length === 0) continue;
    out.push({
      severity: "warning",
      code: "route-drift",
      offset: parts.src.offset,
      pending: true,
      message: `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} for Service ${parts.root} port ${ports.join(", ")} from a TrafficSplit that is not in the input (renamed to this one, or deleted); its rule ties with this split's, and Linkerd takes the older route, so ${fact.name} keeps routing that port by the old split: delete it`
    });
  }
  return out;
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
  const list2 = [];
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
    list2.push({ name, type: "RegularExpression", value: searched });
  }
  if (list2.length > MAX_HEADERS) return { problem: `${label}: more than ${MAX_HEADERS} headers` };
  return { list: list2 };
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
  const found = nearest(facts.controllers.get(factKey2(src.namespace, root)) ?? [], facts.from)[0];
  if (!found) return void 0;
  const where = found.file ? `, ${found.file.shown}` : "";
  return {
    kind: found.fact.kind,
    name: `${found.fact.name} (in the input${where}: it writes the split of Service ${root}, though the split lists no ownerReferences)`
  };
}
var SWITCHED = {
  Canary: "after the switch to Flagger's Gateway API provider (meshProvider=gatewayapi:v1beta1), Flagger's own HTTPRoute (no matches) routes the Service, and a catch-all written from the profile ties with it and, being older, wins: the canary would get no traffic; before it, linkerd-smi's profile of Flagger's split takes precedence over the routes",
  Rollout: "after the switch of its trafficRouting from smi to the Gateway API plugin (argoproj-labs/gatewayAPI), the plugin sets the weights of the HTTPRoute the Rollout names, and routes written from the profile (their catch-all above all) would take requests past those weights; before it, linkerd-smi's profile of the Rollout's split takes precedence over the routes"
};
function controllerHolds(namespace, service, facts, offset) {
  const found = nearest(facts.controllers.get(factKey2(namespace, service)) ?? [], facts.from)[0];
  if (!found) return void 0;
  const { kind, name } = found.fact;
  const where = found.file ? ` (${found.file.shown})` : "";
  return {
    severity: "warning",
    code: "owned-by-controller",
    offset,
    pending: true,
    message: `is the profile of Service ${service}, whose TrafficSplit ${kind} ${name}${where} writes at run time: ${SWITCHED[kind] ?? ""}; nothing is written for the profile: carry its timeouts and retries into what the ${kind} writes (or onto its routes by hand), then delete the profile with the switch`
  };
}

// src/targets/gateway/claims.ts
function splitClaims(parts, routes, claimed, facts, linkerd) {
  const { src, root, splitKey, findings } = parts;
  const claims = [];
  for (const r of routes) {
    claims.push([routeKey(r.kind, factKey2(src.namespace, r.name)), splitKey]);
    const parent = `parent ${factKey2(src.namespace, root)}:${r.port}`;
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
  const rootKey = `noted ${factKey2(src.namespace, root)}`;
  if (claimed(rootKey) === void 0) {
    claims.push([rootKey, splitKey]);
    const fqdn = `${root}.${src.namespace ?? "<namespace>"}.svc.cluster.local`;
    const profile = inputProfile(parts, facts, routes);
    if (linkerd && !parts.backends.some((b) => b.name === root)) findings.push(rootGap(parts));
    if (profile) findings.push(profile);
    else if (linkerd)
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
function inputProfile({ src, root }, facts, routes) {
  if (src.namespace === void 0) return void 0;
  const prefix = `${factKey2(src.namespace, root)}.${src.namespace}.svc.`;
  const found = [...facts.profiles].find(([key]) => key.startsWith(prefix))?.[1][0];
  if (!found) return void 0;
  const { name, routes: count = 0, retries, timeouts } = found.fact;
  const where = `the ServiceProfile ${name}${found.file ? ` (${found.file.shown})` : ""}`;
  const own = [retries ? "retries" : "", timeouts ? "timeouts" : ""].filter(Boolean).join(" and ");
  return {
    severity: "warning",
    code: "serviceprofile-precedence",
    offset: src.serviceOffset,
    // The run converts the profile too (its own findings say what it could not carry): what is
    // left to say is that both must go together once the routes are in place. On a Service whose
    // every port takes only a TCPRoute the profile's routes never applied, and its conversion
    // reports it for deletion (profiles/profile.ts, `sp-delete`): said so here too.
    message: !count ? `${where} is in the input: on Linkerd it takes precedence over the routes while it exists; delete it with the TrafficSplit in one command once the routes are Accepted (docs/gateway.md, runbook)` : routes.length > 0 && routes.every((r) => r.kind === "TCPRoute") ? `${where} is in the input with ${count} route${count > 1 ? "s" : ""} of its own${own ? ` (with ${own})` : ""}, which never applied (every port of Service ${root} takes only a TCPRoute, and Linkerd reads no HTTP routes there), so this run converts none of them (sp-delete): on Linkerd the profile takes precedence over the route while it exists; delete it with the TrafficSplit in one command once the route is Accepted (docs/gateway.md, runbook)` : `${where} is in the input with ${count} route${count > 1 ? "s" : ""} of its own${own ? ` (with ${own})` : ""}, which this run converts to routes as well: on Linkerd the profile takes precedence over every route of the Service while it exists; delete it with the TrafficSplit in one command once the routes are Accepted (docs/gateway.md, runbook)`
  };
}

// src/targets/gateway/release-written.ts
function releaseWritten(name, namespace, p, service, asked, run) {
  for (const release of ["2.18", "2.17"]) {
    const opts = { ...run.opts, linkerd: release };
    const kind = routeKind(p, service, opts, routeApis(opts), asked, 0, []);
    if (!("kind" in kind)) continue;
    const found = lookup(run.facts.routes, routeKey(KIND_NAME[kind.kind], factKey2(namespace, name)), run.facts.from);
    const fact = found && "fact" in found ? found.fact : void 0;
    if (fact?.generated && fact.profileRoute === void 0 && fact.edited === false) return kind;
  }
  return void 0;
}
function writtenKind(name, p, service, run, asked, offset, findings) {
  const kind = routeKind(p, service, run.opts, run.apis, asked, offset, findings);
  return "pending" in kind ? releaseWritten(name, asked.namespace, p, service, asked, run) ?? kind : kind;
}

// src/targets/gateway/routes.ts
function mapSplit(src, weights2, opts, facts, claimed, apis, generator) {
  const scope = facts.from ? `${dirname2(facts.from.path)} ` : "";
  const unscoped = claimed;
  claimed = (key) => unscoped(scope + key);
  const left2 = ownerSkip(src, facts) ?? (apis.notLinkerd ? void 0 : linkerdSmiHost(src));
  if (left2) return left2;
  const patchedBy = facts.from && facts.patchFiles?.get(facts.from.path);
  if (patchedBy)
    return fail2(
      src.offset,
      "kustomize-patch-target",
      `is a strategic-merge patch that ${patchedBy} lists, part of a TrafficSplit and not one to replace by routes: apply the patch first (kubectl kustomize), or rewrite it for the routes by hand`
    );
  const parts = readParts(src, weights2, facts);
  if ("problems" in parts) return parts;
  if (!apis.notLinkerd && parts.backends.length > 0 && parts.backends.every((b) => b.weight === 0n)) {
    const shadowed = linkerdAllZero(parts, facts);
    if (shadowed) return shadowed;
  }
  const skipped = skippedBy(src.namespace, parts.root, facts);
  if (skipped)
    return fail2(
      src.serviceOffset,
      "sp-skip",
      `the ServiceProfile ${skipped} of Service ${parts.root} carries smi.linkerd.io/skip, so linkerd-smi never applied this split to it: the profile's own dstOverrides routed the Service, and this split's route would split traffic that never was; delete the split, or remove the annotation and let linkerd-smi apply it first`
    );
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
  const rewrites = [];
  const all = [];
  const edited = [];
  for (const p of ports) {
    const r = portRoute(parts, p, ports.length, service, groups, { opts, facts, claimed, apis, generator });
    if (!("route" in r)) return r;
    all.push(r.route);
    if (r.existing && "clashes" in r.existing) return { skip: editedDrift(src, r.route, r.existing) };
    if (r.existing && "drifted" in r.existing) rewrites.push({ route: r.route, ...r.existing.file ? { file: r.existing.file } : {} });
    else if (!r.existing) routes.push(r.route);
    else if ("edited" in r.existing) edited.push(r.route);
  }
  if (!apis.notLinkerd) parts.findings.push(...linkerdNotes(parts, ports, all, apis.linkerd !== void 0, service));
  const editedStale2 = staleRewrites(parts, facts, routes, rewrites, all);
  if (editedStale2) return { skip: editedStale2 };
  const carriedEdited = apis.notLinkerd ? void 0 : carriedRewrites(parts, facts, routes, rewrites, all);
  if (carriedEdited) return { skip: carriedEdited };
  for (const w of rewrites)
    if (w.replaces && (w.replaces.name !== w.route.name || w.replaces.kind !== w.route.kind)) parts.findings.push(renamedInPlace(src, w));
  const aside = rewrites.find((w) => w.file?.aside);
  if (aside) return { skip: asideDrift(src, aside) };
  const pending = parts.findings.find((f) => f.pending);
  if (routes.length === 0 && rewrites.length === 0) return pending ? { skip: pending } : alreadyConverted(src, all[0], edited);
  const claims = splitClaims(parts, all, claimed, facts, !apis.notLinkerd).map(([key, owner]) => [scope + key, owner]);
  return { routes, rewrites, findings: parts.findings, claims };
}
function staleRewrites(parts, facts, routes, rewrites, all) {
  const { src, root } = parts;
  for (const stale of staleRoutes(facts, factKey2(src.namespace, root), src.name, all)) {
    const i = routes.findIndex((r) => stale.ports.includes(r.port));
    const where = stale.file ? ` (${stale.file.shown})` : "";
    if (i >= 0 && stale.fact.edited) return editedStale(src, stale, routes[i]);
    if (i >= 0) {
      const [route2] = routes.splice(i, 1);
      rewrites.push({
        route: route2,
        ...stale.file ? { file: stale.file } : {},
        replaces: { kind: stale.fact.kind, name: stale.fact.name }
      });
      continue;
    }
    parts.findings.push(
      routeDrift(
        src.offset,
        `smi-migrate wrote ${stale.fact.kind} ${stale.fact.name}${where} from it before, for Service ${root} port ${stale.ports.join(", ")}, which it no longer routes: delete that route, which still sends the traffic of that port by the old rules`
      )
    );
  }
  parts.findings.push(...orphanRoutes(parts, facts, all));
  return void 0;
}
function asideDrift(src, { route: route2, file, replaces }) {
  const { kind, name } = replaces ?? route2;
  return routeDrift(
    src.offset,
    `has changed since smi-migrate wrote its ${kind} ${name} in ${besideFile(file)}: the route no longer routes as the split does (${replaces ? "the Service's ports or the port's route kind" : "weights, backends, matches or port"}), and a route is written anew only where it stands, in a file the run was given: left as it is`
  );
}
function readParts(src, weights2, facts) {
  if (src.name === void 0) return fail2(src.offset, "invalid-structure", "has no metadata.name to name its routes after");
  const root = serviceName(src.service, src.namespace);
  if (root === void 0) return fail2(src.serviceOffset, "no-root-service", "has no spec.service: a route needs the Service it routes for");
  if ("problem" in root) return fail2(src.serviceOffset, root.code, root.problem);
  const backends = [];
  for (const [i, b] of src.backends.entries()) {
    const n = serviceName(b.service, src.namespace);
    if (n === void 0) return fail2(b.offset, "invalid-structure", `backend ${i + 1} has no service`);
    if ("problem" in n) return fail2(b.offset, n.code, `backend ${i + 1}: ${n.problem}`);
    backends.push({ name: n.name, weight: weights2[i] ?? 1n, offset: b.offset });
  }
  if (backends.length > MAX_BACKENDS)
    return fail2(src.backendsOffset, "too-many-backends", `has ${backends.length} backends; a route rule holds at most ${MAX_BACKENDS}`);
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
    const found = lookup(facts.services, factKey2(src.namespace, name), facts.from);
    if (found && "ambiguous" in found) return fail2(offset, "ambiguous-object", ambiguity(`Service ${name}`, found.ambiguous));
    if (found) services.set(name, found.fact);
  }
  return { src: { ...src, name: src.name }, root: root.name, backends, findings, splitKey, services };
}
function splitPorts({ src, root, findings }, service, opts, facts) {
  let ports;
  const port = portOf(opts, src.namespace, root);
  const unread = service ? void 0 : unreadRoot(facts, src.namespace, root);
  if (unread) return fail2(src.serviceOffset, "invalid-yaml", unread);
  if (port !== void 0) {
    const listed = service?.ports.find((p) => p.port === port);
    if (service && !listed && !service.ports.some((p) => Number.isNaN(p.port))) {
      return fail2(
        src.serviceOffset,
        "port-unknown",
        `--port ${port}: Service ${root} in the input has no such port (${service.ports.map((p) => p.port).join(", ")}); leave --port out to write a route per port`
      );
    }
    ports = [listed ?? { port }];
    const left2 = service?.ports.filter((p) => p.port !== port && (p.protocol ?? "TCP") === "TCP").map((p) => p.port) ?? [];
    if (left2.length)
      findings.push({
        severity: "warning",
        code: "ports-unrouted",
        offset: src.serviceOffset,
        message: `--port ${port} routes one port of Service ${root}; its port${left2.length > 1 ? "s" : ""} ${left2.join(", ")} get${left2.length > 1 ? "" : "s"} no route, so the split no longer applies there: leave --port out to write a route per port`
      });
  } else if (!service) {
    const where = src.namespace === void 0 ? "without a namespace" : `in namespace ${src.namespace}`;
    const other = otherNamespaces(facts, src.namespace, root)[0];
    return fail2(
      src.serviceOffset,
      "port-unknown",
      other ? `Service ${root} (${where}) is not in the input, and a route needs its port; ${elsewhere(root, other, src.namespace)}` : `Service ${root} (${where}) is not in the input, and a route needs its port: add the Service manifest to the input (for a cluster: kubectl get trafficsplits,services,httproutegroups -A -o yaml) or pass --port`
    );
  } else if (patchesOf(facts, root).length) {
    return fail2(src.serviceOffset, "service-patched", patchedPorts(root, patchesOf(facts, root)));
  } else {
    ports = service.ports.filter(
      (p, i, all) => (p.protocol ?? "TCP") === "TCP" && all.findIndex((q2) => Object.is(q2.port, p.port) && (q2.protocol ?? "TCP") === "TCP") === i
    );
    if (ports.length === 0 && service.ports.length > 0)
      return fail2(src.serviceOffset, "port-unknown", `Service ${root} has no TCP port: routes carry TCP only`);
  }
  return ports;
}
function checkServices(parts, service, ports) {
  const { src, root } = parts;
  if (service) {
    const bad2 = serviceProblem(service, root, "root");
    if (bad2) return fail2(src.serviceOffset, bad2.code, bad2.message);
  }
  if (ports.length === 0) return fail2(src.serviceOffset, "port-unknown", `Service ${root} has no ports`);
  const invalid = ports.find((p) => !Number.isInteger(p.port) || p.port < 1 || p.port > 65535);
  if (invalid) {
    return fail2(
      src.serviceOffset,
      "port-unknown",
      `Service ${root} has a port that is not a number from 1 to 65535 (a templated port is known only once rendered: convert the rendered chart, or pass --port)`
    );
  }
  for (const b of parts.backends) {
    const s = parts.services.get(b.name);
    const bad2 = s && b.name !== root ? serviceProblem(s, b.name, "backend") : void 0;
    if (bad2) return fail2(b.offset, bad2.code, bad2.message);
  }
  return void 0;
}
function readGroups(src, facts) {
  const groups = [];
  for (const m of src.matches) {
    if (m.kind !== void 0 && m.kind !== "HTTPRouteGroup")
      return fail2(m.offset, "routegroup-missing", `matches a ${m.kind}; only HTTPRouteGroups can be converted`);
    const group = m.name === void 0 ? void 0 : lookup(facts.routeGroups, factKey2(src.namespace, m.name), facts.from);
    if (group && "ambiguous" in group) return fail2(m.offset, "ambiguous-object", ambiguity(`HTTPRouteGroup ${m.name}`, group.ambiguous));
    if (!group) {
      return fail2(
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
  const name = portCount > 1 ? `${src.name}-${p.port}` : src.name;
  const asked = { root, namespace: src.namespace, profiled: profileRouted(src.namespace, root, run.facts) };
  const kind = writtenKind(name, p, service, run, asked, src.serviceOffset, findings);
  if ("problem" in kind) return fail2(src.serviceOffset, "route-kind", kind.problem);
  if ("pending" in kind) return { skip: kind.pending };
  const kept = portBackends(parts, p, !run.apis.notLinkerd);
  if (kept.length === 0)
    return fail2(src.backendsOffset, "backend-port-missing", `no backend has port ${p.port}, so its route would have no backend`);
  const refs = kept.map((b) => ({ name: b.name, port: p.port, weight: Number(b.weight) }));
  const rules = groups.length ? abRules(groups, refs, kind.kind, run.apis, root, p.port) : { rules: [{ backendRefs: parts.unmatched ? [{ name: root, port: p.port }] : refs }], regexPath: false, headerSearch: false };
  if ("problem" in rules) return fail2(src.matches[0].offset, rules.code, rules.problem);
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
  const badName = routeNameProblem(name);
  if (badName) return fail2(src.offset, name.length > 253 ? "invalid-structure" : "invalid-name", badName);
  const kindName = KIND_NAME[kind.kind];
  const value = route(kindName, run.apis.apiVersion[kind.kind], name, src, run.generator, root, p.port, run.opts, rules.rules);
  const taken = routeTaken(parts, kindName, name, run, value);
  if (taken && "problems" in taken) return taken;
  for (const other of routesOnPort(run.facts, factKey2(src.namespace, root), p.port)) {
    if (other.fact.kind !== kindName || other.fact.name !== name)
      findings.push({
        severity: "warning",
        code: "route-on-port",
        offset: src.serviceOffset,
        message: sharedPort(other, kindName, root, p.port)
      });
  }
  return { route: { kind: kindName, name, port: p.port, value }, ...taken ? { existing: taken.existing } : {} };
}
function portBackends(parts, p, linkerd) {
  const { root } = parts;
  return parts.backends.filter((b) => {
    const s = b.name === root ? void 0 : parts.services.get(b.name);
    if (!s || s.ports.some((q2) => q2.port === p.port && (q2.protocol ?? "TCP") === "TCP")) return true;
    const udp = s.ports.some((q2) => q2.port === p.port);
    parts.findings.push(
      udp || !linkerd ? {
        severity: "warning",
        code: "backend-port-missing",
        offset: b.offset,
        message: udp ? `backend ${b.name} has port ${p.port} over ${s.ports.find((q2) => q2.port === p.port).protocol} only, not TCP: left out of the route for port ${p.port}, as the split's TCP traffic never reached it` : `backend ${b.name} has no port ${p.port}: left out of the route for port ${p.port}, as SMI leaves it out of the split`
      } : missingOnLinkerd(b, p.port)
    );
    return false;
  });
}
function fail2(offset, code, message) {
  return { problems: [{ code, offset, message }] };
}
function route(kind, apiVersion, name, src, generator, root, port, opts, rules) {
  const metadata2 = { name };
  if (src.namespace !== void 0) metadata2.namespace = src.namespace;
  if (src.labels && Object.keys(src.labels).length) metadata2.labels = src.labels;
  const annotations = {};
  for (const [k, v] of Object.entries(src.annotations ?? {})) {
    if (k !== "kubectl.kubernetes.io/last-applied-configuration" && k !== GENERATOR && k !== DIGEST) annotations[k] = v;
  }
  annotations[GENERATOR] = generator;
  metadata2.annotations = annotations;
  const spec = { parentRefs: [{ group: opts.serviceGroup ?? "", kind: "Service", name: root, port }], rules };
  const object = { apiVersion, kind, metadata: metadata2, spec };
  stampDigest(object);
  return object;
}

// src/targets/gateway/profiles/scope.ts
import { dirname as dirname3 } from "node:path";
function unitScope(all, facts, serviceKey, side) {
  const from = facts.from;
  if (!from || all.length === 0) return { near: [...all] };
  const dir = dirname3(from.path);
  const near = all.filter((c) => c.file !== void 0 && dirname3(c.file.path) === dir);
  if (near.length) return { near };
  const mine = facts.renderedBy?.get(from.path);
  if (!mine) return byDirectory(all, facts, serviceKey, dir);
  const theirs = (c) => c.file ? facts.renderedBy?.get(c.file.path) : void 0;
  const together = all.filter((c) => [...theirs(c) ?? []].some((k) => mine.has(k)));
  const covered = (c) => {
    const t = theirs(c);
    return side === "profile" ? [...mine].every((k) => t.has(k)) : [...t].every((k) => mine.has(k));
  };
  const partial = side ? together.filter((c) => !covered(c)) : [];
  if (partial.length) return { elsewhere: [...new Map(partial.flatMap((c) => c.file ? [[c.file.path, c.file]] : [])).values()] };
  const unknown = all.filter((c) => theirs(c) === void 0);
  const rest = unknown.length ? byDirectory(unknown, facts, serviceKey, dir) : { near: [] };
  return "elsewhere" in rest ? rest : { near: together };
}
function byDirectory(all, facts, serviceKey, dir) {
  const services = facts.services.get(serviceKey) ?? [];
  const holds = (d) => services.some((c) => c.file !== void 0 && dirname3(c.file.path) === d);
  const open = holds(dir) ? all.filter((c) => c.file !== void 0 && !holds(dirname3(c.file.path))) : all;
  if (open.length === 0) return { near: [] };
  const files = new Map(open.flatMap((c) => c.file ? [[c.file.path, c.file]] : []));
  return { elsewhere: [...files.values()] };
}
function elsewhereMessage(partner, service, files) {
  return `the ${partner} of Service ${service} is only in another directory of the run (${files.map((f) => f.shown).join(", ")}), and one of the two directories does not hold the Service: whether they are applied together (one cluster) or not (a directory per cluster) is not known, and the split and its profile are converted together or not at all: left for a person (put them in one directory; for kustomize overlays, convert the rendered overlays: kubectl kustomize DIR | smi-migrate --to gateway -)`;
}

// src/targets/gateway/profiles/left.ts
var UNREAD = "\0unread/";
function leftObjects(text, noIgnore) {
  const { objects, actions } = plainObjectNodes(text);
  const suppressions = /* @__PURE__ */ new Map();
  return objects.map((o) => {
    const kind = typeof o.object.kind === "string" ? o.object.kind : "";
    if (!o.node || kind !== "TrafficSplit" && kind !== "ServiceProfile") return { object: o.object };
    const written = nameAsWritten(text, o.node);
    const name = written !== void 0 ? { name: written } : {};
    const at = { offset: o.node.range?.[0] ?? 0 };
    if (!noIgnore) {
      if (!suppressions.has(o.doc)) {
        const s = DocumentSuppressions.of(text, o.doc, new AliasIndex(o.doc, text).derefer, actions);
        if (s && o.list) s.listOf(o.list.root, o.list.items);
        suppressions.set(o.doc, s);
      }
      const found = suppressions.get(o.doc)?.read(o.node, kind)?.found;
      if (found) return { object: o.object, left: { ...suppressed(found), ...name }, ...at };
    }
    const merged = identityThroughMerge(o.node, new AliasIndex(o.doc, text).derefer);
    if (merged)
      return { object: o.object, left: { code: "unsupported-alias", message: `its ${merged.key} ${MERGED_IDENTITY}`, ...name }, ...at };
    const [start, end] = o.node.range ?? [0, 0];
    const action = actionWithin(actions, start, end);
    if (action)
      return {
        object: o.object,
        left: {
          code: "templated",
          message: `a template action writes part of it (${short(text.slice(action.start, action.end))})`,
          ...name
        },
        ...at
      };
    if (kind !== "TrafficSplit") return { object: o.object, ...at };
    const read = readSplit(o.node, { text, doc: o.doc, aliases: new AliasIndex(o.doc, text) });
    const problem = read.problem ?? read.data.weights.flatMap((w) => "problem" in w ? [w.problem] : [])[0];
    const fields = read.data.fields();
    if (problem) return { object: o.object, left: { code: problem.code, message: problem.message, ...name }, fields, ...at };
    return { object: o.object, fields, ...at };
  });
}
function suppressed(found) {
  if ("reason" in found)
    return {
      code: "suppressed",
      message: `${found.by === "annotation" ? "annotation smi-migrate.io/ignore" : "comment # smi-migrate: ignore"}: ${JSON.stringify(found.reason)}`
    };
  return { code: "invalid-suppression", message: `its suppression is not one (${"error" in found ? found.error : found.warning})` };
}
function short(action) {
  const one2 = action.replace(/\s+/g, " ");
  return one2.length > 40 ? `${one2.slice(0, 37)}...` : one2;
}

// src/targets/gateway/profiles/unit.ts
function profileHolds2(split, opts, facts, convert2) {
  const { namespace: ns, root } = split;
  const scoped = unitScope(splitProfiles(facts, ns, root), facts, factKey2(ns, root), "split");
  if ("elsewhere" in scoped)
    return {
      severity: "warning",
      code: "sp-held",
      offset: split.offset,
      pending: true,
      message: `is left for a person: ${elsewhereMessage("ServiceProfile", root, scoped.elsewhere)}`
    };
  const why = unitVerdict(scoped.near, facts, opts, convert2);
  if (!why) return void 0;
  return {
    severity: "warning",
    code: "sp-held",
    offset: split.offset,
    pending: true,
    message: `is held back by the ServiceProfile${why.domains ? "s" : ""} ${why.name} of Service ${root}${why.file ? ` (${why.file.shown})` : ""}, which ${which(why.code)} (${why.code}: ${why.message}); the split and its profile are converted together or not at all (once a route is attached to the Service, Linkerd ignores the profile's routes, and their timeouts and retries would be lost): nothing is written for the split either`
  };
}
function siblingsHold(profile, run, convert2) {
  const facts = run.context;
  if (facts.alone || profile.serviceNamespace === void 0) return void 0;
  const scoped = unitScope(
    allProfiles(facts, profile.namespace, profile.service, profile.serviceNamespace),
    facts,
    factKey2(profile.serviceNamespace, profile.service)
  );
  const copies = "near" in scoped ? scoped.near : [];
  if (copies.length <= 1) return void 0;
  const why = unitVerdict(copies, facts, run.options, convert2);
  if (!why) return void 0;
  const other = why.name === profile.name ? "another copy of it" : `the ServiceProfile ${why.name}`;
  const domains = why.domains === true || why.copies === true;
  return {
    skip: {
      severity: "warning",
      code: "sp-held",
      offset: profile.offset,
      pending: true,
      message: domains ? `is left for a person: ${why.message}` : `is held back by ${other}${why.file ? ` (${why.file.shown})` : ""}, which ${which(why.code)} (${why.code}: ${why.message}); the profiles of a Service and its TrafficSplit are converted together or not at all: nothing is written for this profile either`
    }
  };
}
function which(code) {
  if (code === ASIDE) return "this run does not write";
  if (code === "invalid-yaml") return "the run cannot read";
  return code === "suppressed" || code === "invalid-suppression" || code === "templated" ? "the run leaves as it is" : "is left for a person";
}
var ASIDE = "not-in-run";
function allProfiles(facts, ns, service, serviceNs) {
  if (!facts.profileDocs) return [];
  const prefixes = spaces(facts, ns, service, serviceNs).map((n) => `${factKey2(n, service)}.${serviceNs}.svc.`);
  const all = [];
  for (const [key, list2] of facts.profileDocs)
    if (prefixes.some((p) => key.startsWith(p))) for (const c of list2) all.push({ ...c, name: key.slice(key.indexOf("/") + 1) });
  for (const key of ns === void 0 ? [UNREAD] : [UNREAD, `${UNREAD}${ns}`])
    for (const c of facts.profileDocs.get(key) ?? []) all.push({ ...c, name: UNNAMED });
  return all;
}
function splitProfiles(facts, ns, root) {
  if (ns !== void 0) return allProfiles(facts, ns, root, ns);
  const named = /* @__PURE__ */ new Set();
  for (const key of facts.profileDocs?.keys() ?? []) {
    const m = /^[^/]*\/([^.]+)\.([^.]+)\.svc\./.exec(key);
    if (m && m[1] === root) named.add(m[2]);
  }
  const all = [...named].flatMap((serviceNs) => allProfiles(facts, void 0, root, serviceNs).filter((c) => c.name !== UNNAMED));
  return [...all, ...(facts.profileDocs?.get(UNREAD) ?? []).map((c) => ({ ...c, name: UNNAMED }))];
}
var UNNAMED = "(a document whose name cannot be read)";
function spaces(facts, ns, service, serviceNs) {
  return unitNamespaces(facts, ns, service, serviceNs) ?? [ns];
}
function unitNamespaces(facts, ns, service, serviceNs) {
  if (ns !== void 0 && ns !== serviceNs) return void 0;
  const there = facts.services.has(factKey2(void 0, service)) || facts.services.has(factKey2(serviceNs, service));
  return there ? [void 0, serviceNs] : [ns];
}
function unitVerdict(copies, facts, opts, convert2) {
  const at = (c) => ({ name: c.name, ...c.file ? { file: c.file } : {} });
  const unread = copies.find((c) => c.left?.code === "invalid-yaml");
  if (unread) return { ...at(unread), code: unread.left.code, message: unread.left.message };
  const names = [...new Set(copies.map((c) => c.name))];
  if (names.length > 1)
    return {
      name: names.join(" and "),
      code: "sp-held",
      domains: true,
      message: `ServiceProfiles ${names.join(" and ")} all name Service ${copies[0].name.split(".")[0]}, one per cluster domain; Linkerd reads only the one of its cluster's domain, and routes from all would attach to the Service, so the inert one's routes (timeouts, retries) would apply: delete the profiles of the other domains (or convert each cluster's manifests in a run of its own)`
    };
  const left2 = copies.find((c) => c.left);
  if (left2) return { ...at(left2), code: left2.left.code, message: left2.left.message };
  for (const c of copies) {
    const v = verdict(c.fact, c.name, c.file ? scopeFacts(facts, c.file) : facts, opts, convert2);
    if (v === "writes" && c.file?.aside)
      return {
        ...at(c),
        code: ASIDE,
        message: `it is in a file read beside the files given, never written, and its routes must be written with the split's: pass ${c.file.shown} too`
      };
    if (v !== "writes" && v !== void 0) return { ...at(c), ...v };
  }
  return differingCopies(copies);
}
function differingCopies(copies) {
  if (new Set(copies.map((c) => c.spec)).size <= 1) return void 0;
  const name = copies[0].name;
  const lines = copies.map((c) => c.line);
  const where = copies.every((c) => !c.file) ? `(lines ${lines.slice(0, -1).join(", ")} and ${lines.at(-1)} of the input)` : `(${copies.map((c) => `${c.file?.shown ?? "<input>"}:${c.line}`).join(", ")})`;
  return {
    name,
    code: "sp-held",
    copies: true,
    message: `ServiceProfile ${name} is in the input ${copies.length} times ${where}, and the copies differ: the one applied last is live, which depends on the order they are applied in and is not known here, and the routes of every copy would be written under the same names: delete the copies but the live one, then convert again`
  };
}
function splitHolds(split, outcome, at) {
  const unit = "the split and its profile are converted together or not at all (a profile's routes written alone carry the split's backends, and no catch-all takes the other requests): nothing is written for the profile either";
  if ("pending" in outcome)
    return {
      skip: {
        severity: "warning",
        // A controller's split: the profile is the controller's to carry too (docs/gateway.md, Flagger and Argo Rollouts).
        code: outcome.pending.code === "owned-by-controller" ? "owned-by-controller" : "sp-held",
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service, which is left for a person (${outcome.pending.code}: ${outcome.pending.message}); ${unit}`
      }
    };
  if ("left" in outcome)
    return {
      skip: {
        severity: "warning",
        code: "sp-held",
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service${outcome.file ? ` (${outcome.file.shown})` : ""}, which the run leaves as it is (${outcome.left.code}: ${outcome.left.message}); ${unit}`
      }
    };
  if ("aside" in outcome)
    return {
      skip: {
        severity: "warning",
        code: "sp-held",
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service (${outcome.aside.shown}), a file read beside the files given and never written, whose routes must be written with the profile's: pass ${outcome.aside.shown} too; ${unit}`
      }
    };
  if ("held" in outcome)
    return {
      skip: {
        severity: "warning",
        code: "route-drift",
        offset: at,
        pending: true,
        message: `is held back by TrafficSplit ${split} of its Service, which is left for a person (route-drift): it changed since its ${outcome.held} was written, and that route was edited by hand since: nothing is written for the profile either, whose routes would carry the split's new backends while the catch-all keeps the old`
      }
    };
  return {
    problems: [
      {
        code: "sp-dst-overrides",
        offset: at,
        message: `is held back by TrafficSplit ${split} of its Service, the source of its split, which cannot become routes: ${outcome.problem}; the split and its profile are converted together or not at all, so nothing is written for the profile either`
      }
    ]
  };
}
var verdicts = /* @__PURE__ */ new WeakMap();
function verdict(text, name, facts, opts, convert2) {
  const memo = verdicts.get(facts.profileDocs) ?? /* @__PURE__ */ new Map();
  verdicts.set(facts.profileDocs, memo);
  const id = `${facts.from?.path ?? ""}\0${name}\0${text}`;
  if (!memo.has(id)) {
    const view = profileView(text, name);
    memo.set(id, view ? left(convert2(view, { options: opts, context: { ...facts, alone: true }, claimed: () => void 0 })) : null);
  }
  return memo.get(id) ?? void 0;
}
function left(r) {
  if ("problems" in r) return { code: r.problems[0].code, message: r.problems[0].message };
  if ("skip" in r && (r.skip.pending === true || r.skip.severity === "error")) return { code: r.skip.code, message: r.skip.message };
  if ("objects" in r && (r.objects.length > 0 || (r.rewrites?.length ?? 0) > 0)) return "writes";
  return null;
}
function profileView(text, name) {
  const found = profileInText(text, name);
  return found ? { ...found } : void 0;
}

// src/targets/gateway/profiles/paths.ts
var MAX_PATH_VALUE = 1024;
function proxyRegex(pathRegex) {
  const r = pathRegex.trim();
  return `${r.startsWith("^") ? "" : "^"}${r}${r.endsWith("$") ? "" : "$"}`;
}
function translatePath(pathRegex) {
  const compiled = proxyRegex(pathRegex);
  const alternation = topLevelAlternation(compiled);
  const anchoredEnd = endsWithAnchor(compiled);
  if (!alternation && anchoredEnd) {
    const literal = literalText(compiled.slice(1, -1));
    if (literal !== void 0 && exactPathOk(literal)) return { match: { type: "Exact", value: literal }, compiled, alternation };
    return { match: { type: "RegularExpression", value: compiled }, compiled, alternation };
  }
  return { match: { type: "RegularExpression", value: `^(?s:.*)(?:${compiled})(?s:.*)$` }, compiled, alternation };
}
function endsWithAnchor(re) {
  if (!re.endsWith("$")) return false;
  let n = 0;
  for (let i = re.length - 2; i >= 0 && re[i] === "\\"; i--) n++;
  return n % 2 === 0;
}
function topLevelAlternation(re) {
  let depth = 0;
  let cls = 0;
  for (let i = 0; i < re.length; i++) {
    const c = re[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (cls > 0) {
      if (c === "[") cls++;
      else if (c === "]" && re[i - 1] !== "[" && !(re[i - 1] === "^" && re[i - 2] === "[")) cls--;
      continue;
    }
    if (c === "[") cls = 1;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}
var META2 = /* @__PURE__ */ new Set([".", "+", "*", "?", "(", ")", "|", "[", "]", "{", "}", "^", "$"]);
function literalText(body) {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") {
      const next = body[i + 1];
      if (next === void 0 || /[A-Z0-9\s]/i.test(next) || next.charCodeAt(0) > 127) return void 0;
      out += next;
      i++;
    } else if (META2.has(c)) return void 0;
    else out += c;
  }
  return out;
}
function exactPathOk(v) {
  if (!v.startsWith("/") || v.length > MAX_PATH_VALUE) return false;
  if (["//", "/./", "/../", "%2f", "%2F", "#"].some((s) => v.includes(s))) return false;
  if (v.endsWith("/..") || v.endsWith("/.")) return false;
  return /^(?:[-\w/.~!$&'()*+,;=:@]|%[0-9a-f]{2})+$/i.test(v);
}
function literalPrefix(compiled) {
  if (!compiled.startsWith("^")) return "";
  let out = "";
  for (let i = 1; i < compiled.length; i++) {
    const c = compiled[i];
    if (c === "\\") {
      const next = compiled[i + 1];
      if (next === void 0 || /[A-Z0-9]/i.test(next)) break;
      out += next;
      i++;
      continue;
    }
    if (META2.has(c)) {
      if (c === "?" || c === "*" || c === "{") out = out.slice(0, -1);
      break;
    }
    out += c;
  }
  return out;
}

// src/targets/gateway/profiles/rust-regex-unicode.ts
var ONE_LETTER = /* @__PURE__ */ new Set(["c", "l", "m", "n", "p", "s", "z"]);
var SPECIAL = /* @__PURE__ */ new Set(["any", "ascii", "assigned"]);
function unicodeProperty(name) {
  if ([...name].some((c) => c.charCodeAt(0) > 127)) return "unsure";
  if (/^(?:is)?(?:cs|surrogate)$/.test(loose(name.slice(name.search(/[!=:]/) + 1)))) return "unsure";
  if (Array.from(name).length === 1) return ONE_LETTER.has(name.toLowerCase()) ? "known" : "unknown";
  if (!/^[\w \t\n.=:!-]*$/.test(name)) return "unknown";
  const at = name.search(/[!=:]/);
  if (at >= 0) return valued(loose(name.slice(0, at)), name.slice(name.indexOf(name[at] === "!" ? "=" : name[at], at) + 1));
  if (SPECIAL.has(loose(name))) return "known";
  for (const c of spellings(name)) if (js(`\\p{${c}}`) || js(`\\p{Script=${c}}`)) return "known";
  return "unsure";
}
function valued(property, value) {
  const js_ = property === "gc" || property === "generalcategory" ? "gc" : property === "sc" || property === "script" ? "sc" : property === "scx" || property === "scriptextensions" ? "scx" : void 0;
  if (!js_) return "unsure";
  for (const c of spellings(value)) if (js(`\\p{${js_}=${c}}`)) return "known";
  return "unsure";
}
function loose(s) {
  return s.replace(/[\s_-]/g, "").toLowerCase();
}
function spellings(name) {
  const trimmed = name.trim();
  const words = trimmed.split(/[\s_-]+/).filter(Boolean);
  const title = (w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();
  const out = [
    trimmed,
    words.join("_"),
    words.map(title).join("_"),
    words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("_"),
    trimmed.toUpperCase()
  ];
  const joined = loose(trimmed);
  if (joined.startsWith("is") && joined.length > 2) out.push(...spellings(trimmed.replace(/^\s*is[\s_-]*/i, "")));
  return [...new Set(out)];
}
function js(source) {
  try {
    new RegExp(source, "u");
    return true;
  } catch {
    return false;
  }
}

// src/targets/gateway/profiles/rust-regex.ts
var NEST_LIMIT = 200;
var SIZE_SURE = 2e4;
var U32_MAX = 4294967295;
var Refused = class extends Error {
  constructor(why, sure = true) {
    super(why);
    this.why = why;
    this.sure = sure;
  }
  why;
  sure;
};
function rustRegex(pattern, dialect = "1.13") {
  const p = new Parser(Array.from(pattern), dialect);
  try {
    const size = p.alternation(false, 0);
    if (size > SIZE_SURE) return { ok: false, sure: false, why: "it may exceed the compiled size limit" };
    return { ok: true };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, sure: e.sure, why: e.why };
    throw e;
  }
}
var Parser = class {
  constructor(cs, dialect) {
    this.cs = cs;
    this.dialect = dialect;
  }
  cs;
  dialect;
  i = 0;
  names = /* @__PURE__ */ new Set();
  /** Scoped flag state: verbose mode (whitespace and `#` comments ignored). */
  x = false;
  get new() {
    return this.dialect === "1.13";
  }
  peek(k = 0) {
    return this.cs[this.i + k];
  }
  /** Alternatives up to `)` (not consumed) or the end; returns the size estimate. */
  alternation(inGroup, depth) {
    if (depth > NEST_LIMIT) throw new Refused("it nests deeper than the nesting limit", false);
    const saved = this.x;
    let total = 0;
    let last = 0;
    let atom = false;
    for (; ; ) {
      const c = this.peek();
      if (c === void 0) {
        if (inGroup) throw new Refused("unclosed group");
        break;
      }
      if (this.skipVerbose()) continue;
      if (c === ")") {
        if (!inGroup) throw new Refused("unopened group");
        break;
      }
      this.i++;
      if (c === "|") {
        atom = false;
        continue;
      }
      if (c === "*" || c === "+" || c === "?") {
        if (!atom) throw new Refused("repetition operator missing expression");
        continue;
      }
      if (c === "{") {
        if (!atom) throw new Refused("repetition operator missing expression");
        last *= Math.max(this.counted(), 1);
        continue;
      }
      const r = this.atom(c, depth);
      atom = r !== void 0;
      total += last;
      last = r ?? 0;
    }
    this.x = saved;
    return total + last;
  }
  /** One atom after its first character; undefined for a flag group, which nothing may repeat. */
  atom(c, depth) {
    if (c === "(") return this.group(depth);
    if (c === "[") return this.classSize(this.bracket(depth + 1));
    if (c === "\\") return this.escape(false).size;
    if (c === ".") return 4;
    return 1;
  }
  /** Whitespace and comments in verbose mode. */
  skipVerbose() {
    const c = this.peek();
    if (!this.x || c === void 0) return false;
    if (/\s/u.test(c)) {
      this.i++;
      return true;
    }
    if (c === "#") {
      while (this.peek() !== void 0 && this.peek() !== "\n") this.i++;
      return true;
    }
    return false;
  }
  /** `{n}`, `{n,}`, `{n,m}` after the `{`; returns the largest count that matters for size. */
  counted() {
    const min = this.decimal();
    let max = min;
    if (this.spaces() === ",") {
      this.i++;
      max = this.spaces() === "}" ? min : this.decimal();
      if (max < min) throw new Refused("invalid repetition count range, the start must be <= the end");
    }
    if (this.spaces() !== "}") throw new Refused("unclosed counted repetition");
    this.i++;
    return max;
  }
  /** Skips whitespace (allowed in a counted repetition in any mode); the next character. */
  spaces() {
    while (this.peek() !== void 0 && /\s/u.test(this.peek())) this.i++;
    return this.peek();
  }
  decimal() {
    let digits = "";
    this.spaces();
    while (/^\d$/.test(this.peek() ?? "")) digits += this.cs[this.i++];
    if (digits === "") {
      if (this.peek() === void 0) throw new Refused("unclosed counted repetition");
      throw new Refused("repetition quantifier expects a valid decimal");
    }
    const n = Number(digits);
    if (n > U32_MAX) throw new Refused("decimal literal invalid");
    return n;
  }
  /** After `(`: a group, or a flag group (undefined). */
  group(depth) {
    if (this.peek() !== "?") return this.body(depth);
    this.i++;
    const c = this.peek();
    if (c === "P" && this.peek(1) === "<") {
      this.i += 2;
      this.captureName();
      return this.body(depth);
    }
    if (c === "<" && this.new) {
      this.i++;
      this.captureName();
      return this.body(depth);
    }
    const on = this.flags();
    if (this.peek() === ")") {
      this.i++;
      if (on.x !== void 0) this.x = on.x;
      return void 0;
    }
    this.i++;
    const saved = this.x;
    if (on.x !== void 0) this.x = on.x;
    const size = this.body(depth);
    this.x = saved;
    return size;
  }
  /** A group's alternatives and its `)`. */
  body(depth) {
    const saved = this.x;
    const size = this.alternation(true, depth + 1);
    this.x = saved;
    this.i++;
    return size;
  }
  /** The flags of `(?flags)` or `(?flags:`, up to (not past) the `)` or `:`. */
  flags() {
    const known = this.new ? "imsRUux" : "imsUux";
    const seen = /* @__PURE__ */ new Set();
    let negate = false;
    let afterMinus = false;
    let any = false;
    let x;
    for (; ; ) {
      const c = this.peek();
      if (c === void 0) throw new Refused("expected flag but got end of regex");
      if (c === ")" || c === ":") {
        if (afterMinus) throw new Refused("dangling flag negation operator");
        if (!any && c === ")") throw new Refused("empty flag group");
        return x === void 0 ? {} : { x };
      }
      if (c === "-") {
        if (negate) throw new Refused("flag negation operator repeated");
        negate = afterMinus = true;
      } else {
        if (!known.includes(c)) throw new Refused("unrecognized flag");
        if (seen.has(c)) throw new Refused("duplicate flag");
        seen.add(c);
        if (c === "u" && negate) throw new Refused("Unicode mode switched off: not judged", false);
        if (c === "x") x = !negate;
        afterMinus = false;
        any = true;
      }
      this.i++;
    }
  }
  /** A capture group's name up to its `>`. */
  captureName() {
    let name = "";
    for (; ; ) {
      const c = this.peek();
      if (c === void 0) throw new Refused("unclosed capture group name");
      this.i++;
      if (c === ">") break;
      const ok = name === "" ? this.nameStart(c) : this.nameStart(c) || this.nameRest(c);
      if (!ok) throw new Refused("invalid capture group character");
      name += c;
    }
    if (name === "") throw new Refused("empty capture group name");
    if (this.names.has(name)) throw new Refused("duplicate capture group name");
    this.names.add(name);
  }
  nameStart(c) {
    return c === "_" || (this.new ? new RegExp("^\\p{Alphabetic}$", "u").test(c) : /^[A-Z]$/i.test(c));
  }
  nameRest(c) {
    if (".[]".includes(c)) return true;
    return this.new ? /^[\p{Nd}\p{Nl}\p{No}]$/u.test(c) : /^\d$/.test(c);
  }
  /** After `\`. `size`: undefined for an assertion that cannot be in a class; `item`: as a range end. */
  escape(inClass) {
    const c = this.peek();
    if (c === void 0) throw new Refused("incomplete escape sequence, reached end of pattern prematurely");
    this.i++;
    const lit = (ch) => ({ size: 1, item: { char: ch.codePointAt(0) } });
    const SPECIAL2 = { a: "\x07", f: "\f", t: "	", n: "\n", r: "\r", v: "\v" };
    if (SPECIAL2[c]) return lit(SPECIAL2[c]);
    if ("AzbB<>".includes(c) && (c !== "<" && c !== ">" ? true : this.new)) {
      if (inClass) throw new Refused("invalid escape sequence found in character class");
      if (c === "b" && this.new && this.peek() === "{") this.wordBoundary();
      return { size: 1, item: { set: "escape" } };
    }
    if (c === "x" || c === "u" || c === "U") return { size: 1, item: { char: this.hex(c) } };
    if (c === "p" || c === "P") {
      this.property();
      return { size: 400, item: { set: "escape" } };
    }
    if ("dswDSW".includes(c)) return { size: c.toLowerCase() === "d" ? 60 : 400, item: { set: "escape" } };
    if (/^\d$/.test(c)) throw new Refused("backreferences are not supported");
    if (this.escapable(c)) return lit(c);
    throw new Refused("unrecognized escape sequence");
  }
  /** A character a backslash makes literal. */
  escapable(c) {
    if (!this.new) return "\\.+*?()|[]{}^$#&-~".includes(c) || this.x && /^\s$/u.test(c);
    const code = c.codePointAt(0);
    return code < 128 && !/^[0-9A-Z<>]$/i.test(c);
  }
  /** `\b{start}`, `\b{end}`, `\b{start-half}`, `\b{end-half}`; anything else after `\b{` is not judged. */
  wordBoundary() {
    const rest = this.cs.slice(this.i).join("");
    const m = /^\{(start|end|start-half|end-half)\}/.exec(rest);
    if (!m) throw new Refused("\\b followed by { is not one the documented forms", false);
    this.i += m[0].length;
  }
  /** `\xHH`, `\uHHHH`, `\UHHHHHHHH` or the braced form; a Unicode scalar value. */
  hex(kind) {
    let digits = "";
    if (this.peek() === "{") {
      this.i++;
      for (; ; ) {
        const c = this.peek();
        if (c === void 0) throw new Refused("unclosed hexadecimal literal");
        this.i++;
        if (c === "}") break;
        if (!/^[0-9A-F]$/i.test(c)) throw new Refused("invalid hexadecimal digit");
        digits += c;
      }
      if (digits === "") throw new Refused("hexadecimal literal empty");
    } else {
      const n = kind === "x" ? 2 : kind === "u" ? 4 : 8;
      for (let k = 0; k < n; k++) {
        const c = this.peek();
        if (c === void 0) throw new Refused("incomplete escape sequence, reached end of pattern prematurely");
        if (!/^[0-9A-F]$/i.test(c)) throw new Refused("invalid hexadecimal digit");
        digits += c;
        this.i++;
      }
    }
    const significant = digits.replace(/^0+(?=.)/, "");
    const v = significant.length > 8 ? Infinity : parseInt(significant, 16);
    if (v > 1114111 || v >= 55296 && v <= 57343) throw new Refused("hexadecimal literal is not a Unicode scalar value");
    return v;
  }
  /** `\pX` or `\p{…}` after the `p`. */
  property() {
    let name;
    if (this.peek() === "{") {
      const end = this.cs.indexOf("}", this.i);
      if (end < 0) throw new Refused("unclosed Unicode class literal");
      name = this.cs.slice(this.i + 1, end).join("");
      this.i = end + 1;
    } else {
      const c = this.peek();
      if (c === void 0) throw new Refused("incomplete escape sequence, reached end of pattern prematurely");
      name = c;
      this.i++;
    }
    const known = unicodeProperty(name);
    if (known === "unknown") throw new Refused("Unicode property not found");
    if (known === "unsure") throw new Refused(`Unicode property ${name}: not one this reader can confirm`, false);
  }
  /** A bracketed class after its `[`, up to and past its `]`. */
  bracket(depth) {
    if (depth > NEST_LIMIT) throw new Refused("it nests deeper than the nesting limit", false);
    if (this.peek() === "^") this.i++;
    let sized = 0;
    let first = true;
    for (; ; ) {
      const c = this.peek();
      if (c === void 0) throw new Refused("unclosed character class");
      if (this.skipVerbose()) continue;
      if (c === "]" && !first) {
        this.i++;
        return { sized };
      }
      first = false;
      const two = c + (this.peek(1) ?? "");
      if (two === "&&" || two === "--" || two === "~~") {
        if (!this.new) throw new Refused("a class set operation (regex 1.7 refuses empty results): not judged", false);
        this.i += 2;
        continue;
      }
      const item = this.classItem(depth);
      sized += "set" in item ? 20 : 1;
      const dash = this.peek() === "-" && this.peek(1) !== "]" && this.peek(1) !== "-" && this.peek(1) !== void 0;
      if (dash && "set" in item && item.set === "escape") throw new Refused("invalid range boundary, must be a literal");
      if (dash && "char" in item) {
        this.i++;
        const end = this.rangeEnd(depth);
        if (end < item.char) throw new Refused("invalid character class range, the start must be <= the end");
        sized += 2;
      }
    }
  }
  /** One member of a class: a character (a possible range start) or a set. */
  classItem(depth) {
    const c = this.cs[this.i++];
    if (c === "\\") return this.escape(true).item;
    if (c !== "[") return { char: c.codePointAt(0) };
    const ascii = /^:\^?(alnum|alpha|ascii|blank|cntrl|digit|graph|lower|print|punct|space|upper|word|xdigit):\]/.exec(
      this.cs.slice(this.i, this.i + 12).join("")
    );
    if (ascii) {
      this.i += ascii[0].length;
      return { set: "bracket" };
    }
    this.bracket(depth + 1);
    return { set: "bracket" };
  }
  /** The end of a range after its `-`: a character. */
  rangeEnd(depth) {
    while (this.skipVerbose()) {
    }
    if (this.peek() === void 0) throw new Refused("unclosed character class");
    if (this.peek() === "[") return this.cs[this.i++].codePointAt(0);
    const item = this.classItem(depth);
    if (!("char" in item)) throw new Refused("invalid range boundary, must be a literal");
    return item.char;
  }
  classSize(r) {
    return Math.max(r.sized, 1);
  }
};

// src/targets/gateway/profiles/conditions.ts
var METHODS2 = ["GET", "HEAD", "POST", "PUT", "DELETE", "CONNECT", "OPTIONS", "TRACE", "PATCH"];
var FIELDS = /* @__PURE__ */ new Set(["method", "pathRegex", "all", "any", "not"]);
function conditionTerms(cond, ctx) {
  const r = termsOf(cond, ctx, 0);
  if (!("terms" in r)) return r;
  const all = r.terms.some((t) => t.method === void 0 && t.path === void 0);
  const lost = all ? [] : r.terms.flatMap((t) => t.outside ? [t.outside] : []);
  for (const d of lost.filter((d2, i) => lost.indexOf(d2) === i)) ctx.findings.push(d);
  return { terms: r.terms.map(({ outside: _, ...t }) => t) };
}
function termsOf(cond, ctx, depth) {
  if (!cond.map) return fail3(cond.offset, "invalid-structure", `route ${q(ctx.route)}: a condition is a mapping`);
  if (depth > 32) return fail3(cond.offset, "match-unrepresentable", `route ${q(ctx.route)}: conditions nested too deep`);
  const parts = [];
  const keys = Object.keys(cond.map).filter((k) => !unset(cond.map[k].value));
  const unknown = keys.find((k) => !FIELDS.has(k));
  if (unknown)
    return fail3(
      cond.map[unknown].offset,
      "invalid-structure",
      `route ${q(ctx.route)}: unknown condition field ${unknown} (Linkerd's validator refuses it)`
    );
  if (keys.length === 0)
    return fail3(
      cond.offset,
      "invalid-structure",
      `route ${q(ctx.route)}: a condition needs at least one field (Linkerd's validator refuses it)`
    );
  let dropped;
  for (const key of keys) {
    const field = cond.map[key];
    const r = fieldTerms(key, field, ctx, depth);
    if ("problem" in r) return r;
    if ("dropped" in r) dropped = r.dropped;
    else parts.push(r.terms);
  }
  if (dropped !== void 0 && keys.length === 1) return { dropped };
  if (dropped !== void 0) droppedNote(cond, ctx, dropped);
  let acc = [{}];
  for (const p of parts) {
    const r = and(acc, p, ctx);
    if ("problem" in r) return r;
    acc = r.terms;
  }
  return { terms: dedupe(acc) };
}
function fieldTerms(key, field, ctx, depth) {
  if (key === "method") return methodTerm(field, ctx);
  if (key === "pathRegex") {
    if (typeof field.value !== "string") return fail3(field.offset, "invalid-structure", `route ${q(ctx.route)}: pathRegex is not a string`);
    return pathTerm(field.value, field.offset, ctx);
  }
  if (key === "not") return notTerms(field, ctx, depth);
  const items = field.seq;
  if (!items) return fail3(field.offset, "invalid-structure", `route ${q(ctx.route)}: ${key} is not a list`);
  const subs = [];
  for (const item of items) {
    const r = termsOf(item, ctx, depth + 1);
    if ("problem" in r) return r;
    if ("dropped" in r) droppedNote(item, ctx, r.dropped);
    else subs.push(r.terms);
  }
  if (key === "any") return { terms: dedupe(subs.flat()) };
  let acc = [{}];
  for (const s of subs) {
    const r = and(acc, s, ctx);
    if ("problem" in r) return r;
    acc = r.terms;
  }
  return { terms: acc };
}
function methodTerm(field, ctx) {
  if (typeof field.value !== "string") return fail3(field.offset, "invalid-structure", `route ${q(ctx.route)}: method is not a string`);
  const m = field.value.toUpperCase();
  if (!METHODS2.includes(m))
    return fail3(
      field.offset,
      "match-unrepresentable",
      `route ${q(ctx.route)}: method ${field.value} cannot be matched by an HTTPRoute (only ${METHODS2.join(", ")})`
    );
  return { terms: [{ method: m }] };
}
function notTerms(field, ctx, depth) {
  let inner = field;
  if (field.seq) {
    if (field.seq.length !== 1)
      return fail3(
        field.offset,
        "match-unrepresentable",
        `route ${q(ctx.route)}: not holds ${field.seq.length} conditions; write one (an object)`
      );
    inner = field.seq[0];
  }
  const r = termsOf(inner, ctx, depth + 1);
  if ("problem" in r || "dropped" in r) return r;
  const withPath = r.terms.find((t) => t.path);
  if (withPath)
    return fail3(
      withPath.path.offset,
      "match-unrepresentable",
      `route ${q(ctx.route)}: not over a pathRegex cannot be written as an HTTPRoute match (a path match has no complement): rewrite the routes so that the path is matched positively`
    );
  if (r.terms.length === 0) return { terms: [{}] };
  const all = r.terms.some((t) => t.method === void 0);
  const negated = new Set(r.terms.map((t) => t.method));
  const others = all ? [] : METHODS2.filter((m) => !negated.has(m));
  const outside = {
    severity: "warning",
    code: "sp-not-method",
    offset: field.offset,
    message: `route ${q(ctx.route)}: not over ${[...negated].filter(Boolean).join(", ")} becomes ${others.join(", ")}; a method outside Gateway API's nine (PURGE, a WebDAV method) matched the profile's route and matches none of the new ones`
  };
  return { terms: others.map((m) => ({ method: m, outside })) };
}
function and(a2, b, ctx) {
  const out = [];
  for (const x of a2) {
    for (const y of b) {
      if (x.method && y.method && x.method !== y.method) continue;
      if (x.path && y.path && x.path.compiled !== y.path.compiled)
        return fail3(
          y.path.offset,
          "match-unrepresentable",
          `route ${q(ctx.route)}: pathRegex ${y.path.source} ANDed with pathRegex ${x.path.source}: an HTTPRoute match holds one path; write one regex for both`
        );
      const t = {};
      const method = x.method ?? y.method;
      const path = x.path ?? y.path;
      if (method) t.method = method;
      if (path) t.path = path;
      const outside = x.method && y.method ? x.outside && y.outside ? x.outside : void 0 : x.outside ?? y.outside;
      if (outside) t.outside = outside;
      out.push(t);
    }
  }
  return { terms: out };
}
function droppedNote(at, ctx, regex) {
  ctx.findings.push({
    severity: "warning",
    code: "sp-regex-invalid",
    offset: at.offset,
    message: `route ${q(ctx.route)}: pathRegex ${regex} is not a regex Linkerd's proxy compiles (${whyRefused(regex)}; Rust's regex has no look-around, backreferences or atomic groups), so the proxy left it out of the condition, and so do the routes`
  });
}
function unset(v) {
  return v === null || v === "";
}
function pathTerm(regex, offset, ctx) {
  const compiled = rustRegex(proxyRegex(regex));
  if (!compiled.ok && compiled.sure) return { dropped: regex };
  if (!compiled.ok) return unjudged(offset, ctx, regex, compiled.why);
  const reading = translatePath(regex);
  if (reading.match.type === "RegularExpression") {
    const written = rustRegex(reading.match.value);
    if (!written.ok)
      return fail3(
        offset,
        "match-unrepresentable",
        `route ${q(ctx.route)}: pathRegex ${regex} cannot be written as a whole-path RegularExpression Linkerd accepts (${written.why}); rewrite it so that it matches the whole path`
      );
  }
  return { terms: [{ path: { ...reading, source: regex, offset } }] };
}
function whyRefused(regex) {
  const v = rustRegex(proxyRegex(regex));
  return v.ok ? "refused" : v.why;
}
function unjudged(offset, ctx, regex, why) {
  return {
    problem: {
      code: "sp-regex-invalid",
      offset,
      leave: true,
      message: `route ${q(ctx.route)}: whether Linkerd's proxy compiles pathRegex ${regex} is not known (${why}): if it does not, the proxy left it out of the condition; rewrite it plainly, or convert the profile by hand`
    }
  };
}
function dedupe(terms) {
  const seen = /* @__PURE__ */ new Set();
  return terms.filter((t) => {
    const key = `${t.method ?? ""} ${t.path?.compiled ?? ""}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
function fail3(offset, code, message) {
  return { problem: { code, offset, message } };
}
function q(s) {
  return JSON.stringify(s);
}

// src/targets/gateway/profiles/policy.ts
var UNITS = {
  ns: 1n,
  us: 1000n,
  \u00B5s: 1000n,
  \u03BCs: 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n
};
function parseGoDuration(text) {
  let s = text;
  let negative = false;
  if (s.startsWith("-") || s.startsWith("+")) {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") return void 0;
  let total = 0n;
  while (s !== "") {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s);
    const [whole, int = "", frac] = m;
    if (int === "" && (frac === void 0 || frac === "")) return void 0;
    s = s.slice(whole.length);
    const u = /^[^0-9.]+/.exec(s)?.[0];
    if (u === void 0) return void 0;
    const unit = UNITS[u];
    if (unit === void 0) return void 0;
    s = s.slice(u.length);
    let v = BigInt(int || "0") * unit;
    if (frac) v += BigInt(frac) * unit / 10n ** BigInt(frac.length);
    total += v;
    if (total > 9223372036854775807n) return void 0;
  }
  return negative ? -total : total;
}
var MS = 1000000n;
var LINKERD_UNITS = [
  ["d", 86400000n],
  ["h", 3600000n],
  ["m", 60000n],
  ["s", 1000n],
  ["ms", 1n]
];
function linkerdDuration(ns) {
  const ms = (ns + MS - 1n) / MS;
  const rounded = ms * MS !== ns;
  for (const [unit, size] of LINKERD_UNITS) if (ms % size === 0n && ms >= size) return { text: `${ms / size}${unit}`, rounded };
  return { text: `${ms}ms`, rounded };
}
function gatewayDuration(ns) {
  const ms = (ns + MS - 1n) / MS;
  for (const [unit, size] of LINKERD_UNITS.slice(1)) {
    if (ms % size === 0n && ms / size <= 99999n && ms >= size) return { text: `${ms / size}${unit}`, rounded: ms * MS !== ns };
  }
  for (const [unit, size] of LINKERD_UNITS.slice(1).reverse()) {
    const n = (ms + size - 1n) / size;
    if (n <= 99999n) return { text: `${n}${unit}`, rounded: true };
  }
  return void 0;
}
function failureStatuses(classes) {
  const list2 = classes?.seq ?? [];
  const conds = [];
  for (const c of list2) {
    const cond = c.map?.condition;
    if (!cond) return { problem: { offset: c.offset, message: "a response class has no condition" } };
    const m = responseMatch(cond, 0);
    if ("problem" in m) return m;
    const isFailure = c.map?.isFailure?.value;
    conds.push({ match: m.match, failure: isFailure === true });
  }
  const out = [];
  for (let s = 100; s <= 599; s++) {
    const hit = conds.find((c) => c.match(s));
    if (hit ? hit.failure : s >= 500) out.push(s);
  }
  return { statuses: out };
}
function responseMatch(cond, depth) {
  if (!cond.map || depth > 32) return { problem: { offset: cond.offset, message: "a response condition is a mapping" } };
  const parts = [];
  for (const [key, v] of Object.entries(cond.map)) {
    if (key === "status") {
      const min = v.map?.min?.value;
      const max = v.map?.max?.value;
      if (typeof min !== "number" || typeof max !== "number")
        return {
          problem: {
            offset: v.offset,
            message: "a status with one bound: Linkerd documents it as that one status, but its proxy drops the class; write both min and max"
          }
        };
      if (min < 100 || max > 599 || min > max)
        return { problem: { offset: v.offset, message: `status ${min}-${max} is not within 100-599` } };
      parts.push((s) => s >= min && s <= max);
    } else if (key === "all" || key === "any") {
      const subs = [];
      for (const item of v.seq ?? []) {
        const r = responseMatch(item, depth + 1);
        if ("problem" in r) return r;
        subs.push(r.match);
      }
      parts.push(key === "all" ? (s) => subs.every((f) => f(s)) : (s) => subs.some((f) => f(s)));
    } else if (key === "not") {
      const inner = v.seq ? v.seq[0] : v;
      if (!inner || v.seq && v.seq.length !== 1) return { problem: { offset: v.offset, message: "not holds one condition" } };
      const r = responseMatch(inner, depth + 1);
      if ("problem" in r) return r;
      parts.push((s) => !r.match(s));
    } else return { problem: { offset: v.offset, message: `unknown response condition field ${key}` } };
  }
  if (parts.length === 0) return { problem: { offset: cond.offset, message: "a response condition needs a field" } };
  return { match: (s) => parts.every((f) => f(s)) };
}
function statusList(statuses) {
  const ranges = [];
  for (const s of statuses) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === s - 1) last[1] = s;
    else ranges.push([s, s]);
  }
  return ranges.map(([a2, b]) => a2 === 500 && b === 599 ? "5xx" : a2 === b ? String(a2) : `${a2}-${b}`).join(",");
}

// src/targets/gateway/profiles/routes.ts
var GRPC_PATH = /^\/((?:[A-Za-z_]\w*\.)*[A-Z]\w*)\/([A-Z]\w*)$/;
function routeParts(route2, settings, findings) {
  const fields = route2.map;
  if (!fields) return bad(route2.offset, "a route is a mapping");
  const name = fields.name?.value;
  if (typeof name !== "string" || name === "") return bad(route2.offset, "a route needs a name (Linkerd's validator refuses it without)");
  const cond = fields.condition;
  if (!cond) return bad(route2.offset, `route ${q(name)} has no condition (Linkerd's validator refuses it)`);
  const read = conditionTerms(cond, { findings, route: name });
  if ("problem" in read) return read;
  if ("dropped" in read)
    findings.push({
      severity: "warning",
      code: "sp-regex-invalid",
      offset: cond.offset,
      message: `route ${q(name)}: pathRegex ${read.dropped} is not a regex Linkerd's proxy compiles (Rust's regex: no look-around, backreferences, atomic groups or escapes such as \\Q, \\Z, \\e), so the proxy dropped the route and it never took a request: it gets no route`
    });
  const terms = "dropped" in read ? { terms: [], dropped: true } : read;
  for (const t of terms.terms) {
    if (t.path && t.path.match.value.length > MAX_PATH_VALUE)
      return {
        problem: {
          code: "match-unrepresentable",
          offset: t.path.offset,
          message: `route ${q(name)}: the path match would be longer than ${MAX_PATH_VALUE} characters`
        }
      };
    if (t.path?.alternation)
      findings.push({
        severity: "warning",
        code: "sp-regex-alternation",
        offset: t.path.offset,
        message: `route ${q(name)}: pathRegex ${t.path.source} has a top-level |, so Linkerd anchored only its first alternative at the start and its last at the end (${t.path.compiled}); the route matches the same paths, which is rarely what was meant: group it, ^(?:a|b)$`
      });
  }
  const parts = {
    source: name,
    offset: route2.offset,
    terms: terms.terms,
    ..."dropped" in terms ? { dropped: true } : {},
    annotations: {},
    retryable: fields.isRetryable?.value === true
  };
  const timeout = timeoutParts(fields.timeout, name, settings, parts, findings);
  if (timeout) return timeout;
  const only = terms.terms.length === 1 ? terms.terms[0] : void 0;
  const grpc = only?.method === "POST" && only.path?.match.type === "Exact" ? GRPC_PATH.exec(only.path.match.value) : null;
  if (grpc && !fields.responseClasses) parts.grpc = { service: grpc[1], method: grpc[2] };
  if (parts.retryable) {
    const failures = failureStatuses(fields.responseClasses);
    if ("problem" in failures) return bad(failures.problem.offset, `route ${q(name)}: ${failures.problem.message}`);
    if (failures.statuses.length === 0) {
      findings.push({
        severity: "info",
        code: "sp-retry-budget",
        offset: fields.isRetryable.offset,
        message: `route ${q(name)} is retryable, but its response classes make no status a failure, so nothing was retried: no retry annotations`
      });
      parts.retryable = false;
    } else {
      parts.annotations["retry.linkerd.io/http"] = statusList(failures.statuses);
      parts.annotations["retry.linkerd.io/limit"] = String(settings.retryLimit);
    }
  }
  return parts;
}
function timeoutParts(field, name, settings, parts, findings) {
  if (field === void 0 || field.value === null || field.value === "") return void 0;
  const ns = typeof field.value === "string" ? parseGoDuration(field.value) : void 0;
  if (ns === void 0)
    return bad(
      field.offset,
      `route ${q(name)}: timeout ${String(field.value)} is not a duration (Go's time.ParseDuration, as Linkerd reads it)`
    );
  if (ns <= 0n) {
    findings.push({
      severity: "info",
      code: "sp-timeout-none",
      offset: field.offset,
      message: `route ${q(name)}: timeout ${String(field.value)} set no timeout in Linkerd, and the route gets none`
    });
    return void 0;
  }
  const d = linkerdDuration(ns);
  parts.annotations["timeout.linkerd.io/request"] = d.text;
  const g = settings.ruleTimeouts ? gatewayDuration(ns) : void 0;
  if (g) parts.ruleTimeout = g.text;
  const inexact = [
    ...d.rounded ? [`timeout.linkerd.io/request ${d.text} (Linkerd's annotations take one integer and a unit)`] : [],
    ...g?.rounded ? [`rules[].timeouts.request ${g.text} (one unit of h, m, s or ms, at most 99999 of it)`] : [],
    ...settings.ruleTimeouts && !g ? ["no rules[].timeouts.request (past 99999h, the longest it holds)"] : []
  ];
  if (inexact.length)
    findings.push({
      severity: "warning",
      code: "sp-timeout-rounded",
      offset: field.offset,
      message: settings.ruleTimeouts || !d.rounded ? `route ${q(name)}: timeout ${String(field.value)} is not written exactly: ${inexact.join(" and ")}, rounded up` : `route ${q(name)}: timeout ${String(field.value)} is ${d.text} on the route (Linkerd's annotations take one integer and a unit, rounded up)`
    });
  return void 0;
}
function bad(offset, message) {
  return { problem: { code: "invalid-structure", offset, message } };
}
function httpRules(terms, perRule, timeout) {
  const matches = terms.map((t) => {
    const m = {};
    if (t.method) m.method = t.method;
    if (t.path) m.path = { type: t.path.match.type, value: t.path.match.value };
    return m;
  });
  const rules = [];
  for (let i = 0; i < matches.length; i += perRule) {
    const rule = { matches: matches.slice(i, i + perRule) };
    if (timeout) rule.timeouts = { request: timeout };
    rules.push(rule);
  }
  return rules;
}

// src/targets/gateway/profiles/regex-overlap.ts
var MAX_CP = 1114111;
var ANY = [[0, MAX_CP]];
var NON_ASCII = [[128, MAX_CP]];
var DOT = [
  [0, 9],
  [11, MAX_CP]
];
var MAX_COUNT = 32;
var MAX_STATES = 4e3;
var MAX_PAIRS = 2e3;
var Unsupported = class extends Error {
};
function union(...sets2) {
  const all = sets2.flat().sort((x, y) => x[0] - y[0]);
  const out = [];
  for (const [lo, hi] of all) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}
function complement(set) {
  const out = [];
  let next = 0;
  for (const [lo, hi] of union(set)) {
    if (lo > next) out.push([next, lo - 1]);
    next = hi + 1;
  }
  if (next <= MAX_CP) out.push([next, MAX_CP]);
  return out;
}
var one = (c) => [[c.codePointAt(0), c.codePointAt(0)]];
var PERL = {
  d: [[48, 57]],
  w: union([[48, 57]], [[65, 90]], [[97, 122]], one("_")),
  s: [
    [9, 13],
    [32, 32]
  ]
};
var CONTROL = { n: "\n", t: "	", r: "\r", f: "\f", v: "\v", a: "\x07" };
var Reader = class {
  constructor(cs) {
    this.cs = cs;
  }
  cs;
  i = 0;
  peek(k = 0) {
    return this.cs[this.i + k];
  }
  /** The whole regex: its top-level alternatives, each with its own anchors, as the search reads them. */
  pattern() {
    const anyStar = { t: "rep", node: { t: "set", set: ANY }, min: 0, max: Infinity };
    const alts = [];
    for (; ; ) {
      const start = this.peek() === "^";
      if (start) this.i++;
      const items = this.sequence(true);
      const end = this.peek() === "$";
      if (end) this.i++;
      alts.push({ t: "cat", items: [...start ? [] : [anyStar], ...items, ...end ? [] : [anyStar]] });
      const c = this.peek();
      if (c === void 0) return { t: "alt", items: alts };
      if (c !== "|") throw new Unsupported();
      this.i++;
    }
  }
  /** Atoms up to `|`, `)`, the end, or (at the top) a `$` that ends an alternative. */
  sequence(top) {
    const items = [];
    for (; ; ) {
      const c = this.peek();
      if (c === void 0 || c === "|" || c === ")") return items;
      if (c === "$") {
        const after = this.peek(1);
        if (top && (after === void 0 || after === "|")) return items;
        throw new Unsupported();
      }
      this.i++;
      items.push(this.quantified(this.atom(c)));
    }
  }
  /** Alternatives inside a group, and its `)`. */
  group() {
    if (this.peek() === "?") {
      this.i++;
      if (this.peek() === ":") this.i++;
      else this.groupName();
    }
    const alts = [];
    for (; ; ) {
      alts.push({ t: "cat", items: this.sequence(false) });
      const c = this.peek();
      this.i++;
      if (c === ")") return { t: "alt", items: alts };
      if (c !== "|") throw new Unsupported();
    }
  }
  /** `P<name>` or `<name>` up to and past the `>`; anything else after `(?` (flags) is not read. */
  groupName() {
    if (this.peek() === "P") this.i++;
    if (this.peek() !== "<") throw new Unsupported();
    this.i++;
    let n = 0;
    while (this.peek() !== void 0 && /^[\w.[\]]$/.test(this.peek())) {
      this.i++;
      n++;
    }
    if (n === 0 || this.peek() !== ">") throw new Unsupported();
    this.i++;
  }
  atom(c) {
    if (c === "(") return this.group();
    if (c === "[") return { t: "set", set: this.bracket() };
    if (c === ".") return { t: "set", set: DOT };
    if (c === "\\") {
      const e = this.escape();
      return { t: "set", set: e.wide ? union(e.set, NON_ASCII) : e.set };
    }
    if ("*+?{}^$]".includes(c)) throw new Unsupported();
    return { t: "set", set: one(c) };
  }
  /** The repetition after an atom, if any (a lazy `?` after it changes no string matched). */
  quantified(node) {
    const c = this.peek();
    let min;
    let max;
    if (c === "*") [min, max] = [0, Infinity];
    else if (c === "+") [min, max] = [1, Infinity];
    else if (c === "?") [min, max] = [0, 1];
    else if (c === "{") [min, max] = this.counted();
    else return node;
    if (c !== "{") this.i++;
    if (this.peek() === "?") this.i++;
    if ("*+?{".includes(this.peek() ?? "-")) throw new Unsupported();
    return { t: "rep", node, min, max };
  }
  /** `{m}`, `{m,}`, `{m,n}` from the `{` up to and past the `}`. */
  counted() {
    const m = /^\{(\d{1,3})(,(\d{0,3}))?\}/.exec(this.cs.slice(this.i, this.i + 10).join(""));
    if (!m) throw new Unsupported();
    this.i += m[0].length;
    const min = Number(m[1]);
    const max = m[2] === void 0 ? min : m[3] === "" ? Infinity : Number(m[3]);
    if (min > MAX_COUNT || max !== Infinity && (max > MAX_COUNT || max < min)) throw new Unsupported();
    return [min, max];
  }
  /** After `\`: a literal, a control character, or `\d` `\w` `\s` and their negations. */
  escape() {
    const c = this.peek();
    if (c === void 0) throw new Unsupported();
    this.i++;
    if (CONTROL[c]) return { set: one(CONTROL[c]), wide: false };
    const perl = PERL[c.toLowerCase()];
    if (perl) return { set: c === c.toLowerCase() ? perl : complement(perl), wide: true };
    const code = c.codePointAt(0);
    if (code < 128 && !/^[\da-z<>]$/i.test(c)) return { set: one(c), wide: false };
    throw new Unsupported();
  }
  /** A bracketed class after its `[`, up to and past its `]`. */
  bracket() {
    const negate = this.peek() === "^";
    if (negate) this.i++;
    const parts = [];
    let wide = false;
    for (let first = true; ; first = false) {
      const c = this.peek();
      if (c === void 0 || c === "[") throw new Unsupported();
      if (c === "]" && !first) {
        this.i++;
        break;
      }
      this.noSetOperation();
      const item = this.classItem();
      wide ||= item.wide;
      if (this.peek() === "-" && this.peek(1) !== "]") {
        this.noSetOperation();
        this.i++;
        this.noSetOperation();
        const end = this.classItem();
        const [lo, hi] = [single(item), single(end)];
        if (hi < lo) throw new Unsupported();
        parts.push([[lo, hi]]);
      } else if (c === "-" && !first && this.peek() !== "]") {
        throw new Unsupported();
      } else parts.push(item.set);
    }
    const set = negate ? complement(union(...parts)) : union(...parts);
    return wide ? union(set, NON_ASCII) : set;
  }
  /**
   * Rust's class set operations (`&&`, `--`, `~~`) and nested classes are not read: a class with
   * one is "may overlap", never its characters taken one by one (`[^0-9--5]` holds `5`).
   */
  noSetOperation() {
    const c = this.peek();
    if (c !== void 0 && "&-~".includes(c) && this.peek(1) === c) throw new Unsupported();
  }
  classItem() {
    const c = this.cs[this.i++];
    if (c === void 0 || c === "[") throw new Unsupported();
    if (c === "\\") return this.escape();
    return { set: one(c), wide: false };
  }
};
function single(p) {
  const [r] = p.set;
  if (p.wide || p.set.length !== 1 || r[0] !== r[1]) throw new Unsupported();
  return r[0];
}
var Nfa = class {
  eps = [];
  edges = [];
  accept;
  constructor(root) {
    this.accept = this.build(root, this.state());
  }
  state() {
    if (this.eps.length >= MAX_STATES) throw new Unsupported();
    this.eps.push([]);
    this.edges.push([]);
    return this.eps.length - 1;
  }
  /** The fragment for `node` from state `from`; its end state. */
  build(node, from) {
    if (node.t === "set") {
      const to = this.state();
      this.edges[from].push({ set: node.set, to });
      return to;
    }
    if (node.t === "cat") return node.items.reduce((at2, item) => this.build(item, at2), from);
    if (node.t === "alt") {
      const end = this.state();
      for (const item of node.items) {
        const start = this.state();
        this.eps[from].push(start);
        this.eps[this.build(item, start)].push(end);
      }
      return end;
    }
    let at = from;
    for (let k = 0; k < node.min; k++) at = this.build(node.node, at);
    if (node.max === Infinity) {
      const loop = this.state();
      this.eps[at].push(loop);
      this.eps[this.build(node.node, loop)].push(loop);
      return loop;
    }
    for (let k = node.min; k < node.max; k++) {
      const next = this.state();
      this.eps[at].push(next);
      this.eps[this.build(node.node, at)].push(next);
      at = next;
    }
    return at;
  }
  /** Each state's closure under the empty moves (the states in it that matter), worked out when first asked. */
  closures = [];
  /** Marks for `closure` (a state is in the set being built when its mark is `stamp`). */
  marks = new Uint32Array(0);
  stamp = 0;
  /** The states `states` reach by empty moves, themselves included, in order. */
  closure(states) {
    if (this.marks.length < this.eps.length) this.marks = new Uint32Array(this.eps.length);
    const stamp = ++this.stamp;
    const out = [];
    for (const s of states)
      for (const t of this.closureOf(s))
        if (this.marks[t] !== stamp) {
          this.marks[t] = stamp;
          out.push(t);
        }
    return out.sort((x, y) => x - y);
  }
  closureOf(state) {
    const known = this.closures[state];
    if (known) return known;
    const seen = /* @__PURE__ */ new Set();
    const stack = [state];
    while (stack.length > 0) {
      const s = stack.pop();
      if (seen.has(s)) continue;
      seen.add(s);
      stack.push(...this.eps[s]);
    }
    const out = [...seen].filter((s) => this.edges[s].length > 0 || s === this.accept);
    this.closures[state] = out;
    return out;
  }
  /** Where the characters fall into classes: each boundary starts a run of characters every class treats alike. */
  boundaries(into) {
    for (const list2 of this.edges)
      for (const e of list2)
        for (const [lo, hi] of e.set) {
          into.add(lo);
          if (hi < MAX_CP) into.add(hi + 1);
        }
  }
};
var cache = /* @__PURE__ */ new Map();
function nfaOf(compiled) {
  if (cache.has(compiled)) return cache.get(compiled);
  let nfa;
  try {
    nfa = new Nfa(new Reader(Array.from(compiled)).pattern());
  } catch (e) {
    if (!(e instanceof Unsupported)) throw e;
  }
  if (cache.size > 1e3) cache.clear();
  cache.set(compiled, nfa);
  return nfa;
}
var Subsets = class {
  constructor(nfa, cuts) {
    this.nfa = nfa;
    this.cuts = cuts;
  }
  nfa;
  cuts;
  index = /* @__PURE__ */ new Map();
  sets = [];
  moves = [];
  accepting = [];
  /** For each state, the targets of its edges on each run, worked out when first asked. */
  targets = [];
  targetsOf(state) {
    let t = this.targets[state];
    if (!t) {
      const edges = this.nfa.edges[state];
      t = this.cuts.map((c) => edges.filter((e) => e.set.some(([lo, hi]) => lo <= c && c <= hi)).map((e) => e.to));
      this.targets[state] = t;
    }
    return t;
  }
  /** The number of a set of states (already closed), -1 for none. */
  id(states) {
    if (states.length === 0) return -1;
    const k = states.join(",");
    let n = this.index.get(k);
    if (n === void 0) {
      n = this.sets.length;
      this.index.set(k, n);
      this.sets.push(states);
      this.moves.push(new Int32Array(this.cuts.length).fill(-2));
      this.accepting.push(states.includes(this.nfa.accept));
    }
    return n;
  }
  move(id, run) {
    const known = this.moves[id][run];
    if (known !== -2) return known;
    const next = this.sets[id].flatMap((s) => this.targetsOf(s)[run]);
    const n = next.length === 0 ? -1 : this.id(this.nfa.closure(next));
    this.moves[id][run] = n;
    return n;
  }
};
function provenDisjoint(p, q2) {
  const [a2, b] = [nfaOf(p), nfaOf(q2)];
  if (!a2 || !b) return false;
  const cuts = /* @__PURE__ */ new Set([0]);
  a2.boundaries(cuts);
  b.boundaries(cuts);
  const runs = [...cuts].sort((x, y) => x - y);
  const [da, db] = [new Subsets(a2, runs), new Subsets(b, runs)];
  const start = [da.id(a2.closure([0])), db.id(b.closure([0]))];
  const pair = (x, y) => x * MAX_PAIRS * 8 + y;
  const seen = /* @__PURE__ */ new Set([pair(...start)]);
  const queue = [start];
  for (let at = 0; at < queue.length; at++) {
    const [x, y] = queue[at];
    if (da.accepting[x] && db.accepting[y]) return false;
    for (let run = 0; run < runs.length; run++) {
      const nx = da.move(x, run);
      if (nx < 0) continue;
      const ny = db.move(y, run);
      if (ny < 0 || seen.has(pair(nx, ny))) continue;
      if (seen.size >= MAX_PAIRS) return false;
      seen.add(pair(nx, ny));
      queue.push([nx, ny]);
    }
  }
  return true;
}
function mayMatch(compiled, path) {
  const nfa = nfaOf(compiled);
  if (!nfa) return true;
  let at = nfa.closure([0]);
  for (const ch of path) {
    const cp = ch.codePointAt(0);
    const next = at.flatMap((s) => nfa.edges[s].filter((e) => e.set.some(([lo, hi]) => lo <= cp && cp <= hi)).map((e) => e.to));
    if (next.length === 0) return false;
    at = nfa.closure(next);
  }
  return at.includes(nfa.accept);
}

// src/targets/gateway/profiles/order.ts
function orderFindings(routes, catchAll) {
  const out = [];
  for (let j = 1; j < routes.length; j++) {
    for (let i = 0; i < j; i++) {
      const a2 = routes[i];
      const b = routes[j];
      const why = firstFlip(a2, b);
      if (why)
        out.push({
          severity: "warning",
          code: "sp-order",
          offset: b.offset,
          message: `route ${JSON.stringify(b.source)} (${b.name}) may now take requests the profile sent to the earlier route ${JSON.stringify(a2.source)} (${a2.name}): ${why}`
        });
    }
  }
  const { name: all } = catchAll;
  for (const r of routes) {
    const tie = r.terms.find((t) => !t.method && (!t.path || mayMatch2(t.path, "/")));
    const older = catchAll.older && !catchAll.written?.has(`${r.name} ${r.source}`);
    if (tie && (older || all < r.name))
      out.push({
        severity: "warning",
        code: "sp-order",
        offset: r.offset,
        message: `route ${JSON.stringify(r.source)} (${r.name}) ties with the catch-all route ${all} on ${tie.path ? "/" : "every request"}, and Linkerd breaks the tie by age, then name: ` + (older ? `${all} is already in the input, older than the routes this run writes, and takes them` : `${all} may take them`)
      });
  }
  return out;
}
function firstFlip(a2, b) {
  for (const x of a2.terms) {
    for (const y of b.terms) {
      if (!overlap(x, y)) continue;
      if (!x.path && y.path) return "a path match beats a match without one";
      if (Boolean(x.path) === Boolean(y.path) && !x.method && y.method) return "with paths alike, a method beats none";
      if (x.path && !y.path && mayMatch2(x.path, "/")) {
        if (!x.method && y.method) return "on /, a method beats none";
        if (Boolean(x.method) === Boolean(y.method) && b.name < a2.name)
          return `on /, they tie, and Linkerd takes the older route, then the first name (${b.name})`;
      }
      if (Boolean(x.path) === Boolean(y.path) && Boolean(x.method) === Boolean(y.method) && b.name < a2.name)
        return `they tie, and Linkerd takes the older route, then the first name (${b.name})`;
    }
  }
  return void 0;
}
function overlap(x, y) {
  if (x.method && y.method && x.method !== y.method) return false;
  if (!x.path || !y.path) return true;
  const [p, q2] = [x.path.match, y.path.match];
  if (p.type === "Exact" && q2.type === "Exact") return p.value === q2.value;
  if (p.type === "Exact") return mayMatch2(y.path, p.value);
  if (q2.type === "Exact") return mayMatch2(x.path, q2.value);
  if (!topLevelAlternation(x.path.compiled) && !topLevelAlternation(y.path.compiled)) {
    const [l, m] = [literalPrefix(x.path.compiled), literalPrefix(y.path.compiled)];
    if (!l.startsWith(m) && !m.startsWith(l)) return false;
  }
  return !provenDisjoint(x.path.compiled, y.path.compiled);
}
function mayMatch2(p, path) {
  if (p.match.type === "Exact") return p.match.value === path;
  return mayMatch(p.compiled, path);
}

// src/targets/gateway/profiles/objects.ts
var ROUTE_NAME = PROFILE_ROUTE;
function readProfile(view, located) {
  const meta = record2(located.map?.metadata?.value);
  const name = typeof meta?.name === "string" ? meta.name : void 0;
  const namespace = plainNamespace(meta);
  const m = name === void 0 ? null : /^([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.svc\.(.+)$/.exec(name);
  if (!m)
    return fail4(
      located.map?.metadata?.offset ?? view.offset,
      "sp-name",
      `is named ${JSON.stringify(name ?? "")}, not <service>.<namespace>.svc.<cluster domain>: Linkerd applies it to no Service, and its routes need one`
    );
  const labels = record2(meta?.labels);
  const annotations = record2(meta?.annotations);
  const p = { name, service: m[1], serviceNamespace: m[2], located, owner: `ServiceProfile ${factKey2(namespace, name)}` };
  if (namespace !== void 0) p.namespace = namespace;
  if (labels) p.labels = labels;
  if (annotations) p.annotations = annotations;
  return p;
}
function metadata(profile, name, extra) {
  const m = { name };
  if (profile.namespace !== void 0) m.namespace = profile.namespace;
  if (profile.labels && Object.keys(profile.labels).length) m.labels = profile.labels;
  const annotations = {};
  for (const [k, v] of Object.entries(profile.annotations ?? {}))
    if (k !== "kubectl.kubernetes.io/last-applied-configuration" && k !== GENERATOR && k !== ROUTE_NAME) annotations[k] = v;
  Object.assign(annotations, extra);
  annotations[GENERATOR] = `smi-migrate-${version}`;
  m.annotations = annotations;
  return m;
}
function parentRefs(profile, at) {
  const ref = { group: profile.group ?? "", kind: "Service", name: profile.service };
  if (profile.namespace !== profile.serviceNamespace) ref.namespace = profile.serviceNamespace;
  if (at.port !== void 0) ref.port = at.port;
  return [ref];
}
function backed(rules, at, profile) {
  if (!at.refs) return rules;
  const consumer = profile.namespace !== profile.serviceNamespace;
  const refs = consumer ? at.refs.map((r) => {
    const ref = r;
    return ref.namespace === void 0 ? { name: ref.name, namespace: profile.serviceNamespace, ...ref } : ref;
  }) : at.refs;
  return rules.map((r) => ({ ...r, backendRefs: refs }));
}
function routeObject(profile, name, p, grpc, apis, at) {
  const bad2 = routeNameProblem(name);
  if (bad2) return fail4(p.offset, "invalid-name", bad2);
  const annotations = { [ROUTE_NAME]: p.source, ...p.annotations };
  if (grpc) {
    if (p.retryable) {
      delete annotations["retry.linkerd.io/http"];
      annotations["retry.linkerd.io/grpc"] = "deadline-exceeded,internal,unavailable";
      const limit = annotations["retry.linkerd.io/limit"];
      delete annotations["retry.linkerd.io/limit"];
      annotations["retry.linkerd.io/limit"] = limit;
    }
    const rules2 = [{ matches: [{ method: { service: p.grpc.service, method: p.grpc.method } }] }];
    return {
      object: {
        apiVersion: apis.apiVersion.grpc,
        kind: "GRPCRoute",
        metadata: metadata(profile, name, annotations),
        spec: { parentRefs: parentRefs(profile, at), rules: backed(rules2, at, profile) }
      }
    };
  }
  const rules = httpRules(p.terms, apis.maxMatchesPerRule, p.ruleTimeout);
  const total = p.terms.length;
  if (rules.length > MAX_RULES || total > apis.maxMatchesPerRoute)
    return fail4(
      p.offset,
      "too-many-matches",
      `route ${JSON.stringify(p.source)} expands to ${total} matches, more than a route holds on ${apis.missing} (${apis.maxMatchesPerRule} per rule, ${MAX_RULES} rules${apis.maxMatchesPerRule > 8 ? `, ${apis.maxMatchesPerRoute} in all` : ""})`
    );
  return {
    object: {
      apiVersion: apis.apiVersion.http,
      kind: "HTTPRoute",
      metadata: metadata(profile, name, annotations),
      spec: { parentRefs: parentRefs(profile, at), rules: backed(rules, at, profile) }
    }
  };
}
function tcpObject(profile, name, apis, at) {
  if (!apis.apiVersion.tcp)
    return fail4(
      profile.located.offset,
      "route-kind",
      `port ${String(at.port)} of Service ${profile.service} takes only a TCPRoute on Linkerd, which ${apis.missing} does not serve`
    );
  return {
    object: {
      apiVersion: apis.apiVersion.tcp,
      kind: "TCPRoute",
      metadata: metadata(profile, name, { [ROUTE_NAME]: "[DEFAULT]" }),
      spec: { parentRefs: parentRefs(profile, at), rules: backed([{}], at, profile) }
    }
  };
}
function catchAllObject(profile, name, grpc, apis, at) {
  const annotations = { [ROUTE_NAME]: "[DEFAULT]" };
  if (grpc)
    return {
      apiVersion: apis.apiVersion.grpc,
      kind: "GRPCRoute",
      metadata: metadata(profile, name, annotations),
      spec: { parentRefs: parentRefs(profile, at), rules: backed([{ matches: [{}] }], at, profile) }
    };
  const rules = [{ matches: [{ path: { type: "PathPrefix", value: "/" } }] }];
  return {
    apiVersion: apis.apiVersion.http,
    kind: "HTTPRoute",
    metadata: metadata(profile, name, annotations),
    spec: { parentRefs: parentRefs(profile, at), rules: backed(rules, at, profile) }
  };
}
function fail4(offset, code, message) {
  return { problems: [{ code, offset, message }] };
}
function record2(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}

// src/targets/gateway/profiles/names.ts
import { dirname as dirname4 } from "node:path";
var PROFILE_KINDS = ["HTTPRoute", "GRPCRoute", "TCPRoute"];
function ownRoute(profile, fact, source) {
  const service = `${factKey2(profile.serviceNamespace, profile.service)}:`;
  return fact.generated && fact.profileRoute === source && (fact.parents ?? []).some((p) => p.startsWith(service));
}
function routeNames(profile, parts, suffixes, run) {
  const used = /* @__PURE__ */ new Set();
  const free = (name, source) => suffixes.every((s) => !used.has(name + s) && !heldElsewhere(profile, name + s, source, run));
  const unique = (base, source) => {
    let name = trimDashes(base.slice(0, 240));
    for (let n = 2; !free(name, source); n++) name = `${base.slice(0, 236)}-${n}`;
    for (const s of suffixes) used.add(name + s);
    return name;
  };
  const names = parts.map((p) => unique(`${profile.service}-${slug(p.source)}`, p.source));
  const fallback = parts.some((p) => slug(p.source) === "default") ? "catch-all" : "default";
  names.push(unique(`${profile.service}-${fallback}`, "[DEFAULT]"));
  return names;
}
function heldElsewhere(profile, name, source, run) {
  if (splitNamed(profile.namespace, name, run.context)) return true;
  for (const kind of PROFILE_KINDS) {
    const key = routeKey(kind, factKey2(profile.namespace, name));
    const writer = run.claimed(claimScope(run.context) + key);
    if (writer !== void 0 && writer !== profile.owner) return true;
    const found = lookup(run.context.routes, key, run.context.from);
    if (found && !("fact" in found && ownRoute(profile, found.fact, source))) return true;
  }
  return false;
}
function splitNamed(namespace, name, facts) {
  const prefix = factKey2(namespace, "");
  for (const [key, splits] of facts.splits ?? []) {
    if (!key.startsWith(prefix) || key.slice(prefix.length).includes("/")) continue;
    const ports = new Set((facts.services.get(key) ?? []).flatMap((s) => s.fact.ports.map((p) => p.port)));
    for (const { fact } of splits) {
      const meta = fact.metadata;
      const split = meta !== null && typeof meta === "object" ? meta.name : void 0;
      if (typeof split !== "string") continue;
      if (name === split) return true;
      if (ports.size > 1 && [...ports].some((p) => name === `${split}-${p}`)) return true;
    }
  }
  return false;
}
function claimScope(facts) {
  return facts.from ? `${dirname4(facts.from.path)} ` : "";
}
function slug(s) {
  return s.toLowerCase().split(/[^a-z0-9]/).filter(Boolean).join("-") || "route";
}
function trimDashes(s) {
  let end = s.length;
  while (end > 0 && s[end - 1] === "-") end--;
  return s.slice(0, end);
}

// src/targets/gateway/profiles/splits.ts
function withSplits(documents, collect, noIgnore = false, linkerd = false) {
  const held = [];
  const renders = /* @__PURE__ */ new Map();
  function* tap() {
    let source;
    let line = 1;
    for (const d of documents) {
      const text = typeof d === "string" ? d : d.text;
      if (typeof d !== "string" && d.renderedBy && d.file) renders.set(d.file.path, d.renderedBy);
      const from = typeof d === "string" ? "" : d.file?.path ?? "";
      if (from !== source) [source, line] = [from, 1];
      if (spells(text, "TrafficSplit") || spells(text, "ServiceProfile")) held.push([d, line]);
      line += newlines(text, text.length);
      yield d;
    }
  }
  const facts = collect(tap());
  const splits = /* @__PURE__ */ new Map();
  const profiles = /* @__PURE__ */ new Map();
  for (const [d, line] of held) {
    const { text, file } = typeof d === "string" ? { text: d, file: void 0 } : d;
    if (!(typeof d !== "string" && d.patchOf)) {
      unreadProfiles(text, file, line, profiles);
      unreadSplits(text, file, splits);
    }
    for (const { object: o, left: left2, offset = 0, fields } of leftObjects(text, noIgnore)) {
      const mark = left2 ? { left: left2 } : {};
      if (o.kind === "ServiceProfile" && !(typeof d !== "string" && d.patchOf) && typeof o.apiVersion === "string" && o.apiVersion.startsWith("linkerd.io/")) {
        const meta2 = record3(o.metadata);
        if (typeof meta2?.name !== "string") continue;
        const key2 = factKey2(plainNamespace(meta2), meta2.name);
        const at = { line: line + newlines(text, offset), spec: canonicalJson(o.spec ?? null) };
        profiles.set(key2, [...profiles.get(key2) ?? [], file ? { fact: text, file, ...mark, ...at } : { fact: text, ...mark, ...at }]);
        continue;
      }
      if (o.kind !== "TrafficSplit" || typeof o.apiVersion !== "string" || !o.apiVersion.startsWith("split.smi-spec.io/")) continue;
      const meta = record3(o.metadata);
      const ns = plainNamespace(meta);
      const raw = record3(o.spec)?.service;
      if (linkerd && typeof raw === "string" && raw.includes(".")) continue;
      const root = typeof raw === "string" ? serviceName(raw, ns) : void 0;
      if (!root || "problem" in root) continue;
      const key = factKey2(ns, root.name);
      const list2 = splits.get(key) ?? [];
      if (fields) converterFields.set(o, fields);
      list2.push(file ? { fact: o, file, ...mark } : { fact: o, ...mark });
      splits.set(key, list2);
    }
  }
  facts.splits = splits;
  facts.profileDocs = profiles;
  if (renders.size) facts.renderedBy = renders;
  return facts;
}
function unreadProfiles(text, file, line, profiles) {
  if (!spells(text, "ServiceProfile")) return;
  for (const u of unreadDocuments(text)) {
    if (!spells(u.text, "ServiceProfile")) continue;
    const left2 = { code: "invalid-yaml", message: u.message };
    const key = u.name === void 0 ? `${UNREAD}${u.namespace ?? ""}` : factKey2(u.namespace, u.name);
    const at = { line, spec: "\0unread" };
    profiles.set(key, [...profiles.get(key) ?? [], file ? { fact: u.text, file, left: left2, ...at } : { fact: u.text, left: left2, ...at }]);
  }
}
function unreadSplits(text, file, splits) {
  if (!spells(text, "TrafficSplit")) return;
  for (const u of unreadDocuments(text)) {
    if (!spells(u.text, "TrafficSplit")) continue;
    const raw = record3(u.data?.spec)?.service;
    const root = typeof raw === "string" ? serviceName(raw, u.namespace) : void 0;
    const left2 = { code: "invalid-yaml", message: u.message };
    let key = root && !("problem" in root) ? anyNamespace(root.name) : "";
    if (!root || "problem" in root) {
      key = `${UNREAD}${u.namespace ?? ""}`;
      left2.name = `${u.name ?? "(whose name cannot be read)"} (its spec.service cannot be read)`;
    }
    const fact = u.data ?? {};
    splits.set(key, [...splits.get(key) ?? [], file ? { fact, file, left: left2 } : { fact, left: left2 }]);
  }
}
var converterFields = /* @__PURE__ */ new WeakMap();
function anyNamespace(service) {
  return `${UNREAD}*/${service}`;
}
function splitRoutes(split, opts, facts) {
  const meta = record3(split.metadata);
  const spec = record3(split.spec) ?? {};
  const backends = Array.isArray(spec.backends) ? spec.backends.map(record3) : [];
  const str = (v) => typeof v === "string" ? v : void 0;
  const splitVersion = String(split.apiVersion).split("/")[1];
  const matches = splitVersion === "v1alpha1" || splitVersion === "v1alpha2" || !Array.isArray(spec.matches) ? [] : spec.matches;
  if (matches.length) return { problem: "it is an A/B split (spec.matches), which a profile route cannot carry" };
  const given = converterFields.get(split);
  const fields = given ? { ...given, matches: [] } : {
    offset: 0,
    owners: (Array.isArray(meta?.ownerReferences) ? meta.ownerReferences : []).map((o) => {
      const r = record3(o);
      return { ...opt("kind", str(r?.kind)), ...opt("apiVersion", str(r?.apiVersion)), ...opt("name", str(r?.name)) };
    }),
    ownersOffset: 0,
    comments: 0,
    serviceOffset: 0,
    backends: backends.map((b) => ({ ...opt("service", str(b?.service)), offset: 0 })),
    backendsOffset: 0,
    matches: [],
    ...opt("name", str(meta?.name)),
    ...opt("namespace", plainNamespace(meta)),
    ...opt("service", str(spec.service))
  };
  const read = readQuantityWeights(backends.map((b) => ({ json: b?.weight ?? null })));
  if (!read.ok) return { problem: `its backend ${read.errors[0].index + 1} weight ${read.errors[0].reason}` };
  const wraps = routeApis(opts).notLinkerd ? void 0 : linkerdWrapIndex(read.values);
  if (wraps !== void 0)
    return {
      problem: `its backend ${wraps + 1} weight overflows Linkerd's weight (milli value x 10 must fit 32 bits, and Linkerd wraps it)`
    };
  const scaled = scaleWeights(read.values, { max: MAX_ROUTE_WEIGHT });
  if (!scaled.ok) return { problem: `its backend ${scaled.index + 1} weight ${scaled.reason}` };
  const mapped = mapSplit(fields, scaled.weights, opts, unwritten(facts), () => void 0, routeApis(opts), `smi-migrate-${version}`);
  if ("skip" in mapped)
    return mapped.skip.pending ? { pending: { code: mapped.skip.code, message: mapped.skip.message } } : { problem: mapped.skip.message };
  if ("problems" in mapped) return { problem: mapped.problems[0].message };
  const written = /* @__PURE__ */ new Set();
  const older = /* @__PURE__ */ new Set();
  for (const r of mapped.routes) {
    const found = lookup(facts.routes, routeKey(r.kind, factKey2(fields.namespace, r.name)), facts.from);
    if (found && "fact" in found) older.add(r.name);
    if (!found || !("fact" in found) || !found.fact.generated) continue;
    const from = found.fact.profileRoute;
    if (from !== void 0 && from !== "[DEFAULT]")
      return {
        problem: `its ${r.kind} ${r.name} takes the name of the route smi-migrate wrote from the ServiceProfile route ${JSON.stringify(from)}${found.file ? ` (${found.file.shown})` : ""}, so the split is refused (name-collision) and nothing is written for the profile either`
      };
    if (from !== void 0) continue;
    const settled = settle(found.fact, found.file, r.value, found.fact.spec === canonicalJson(r.value.spec));
    if ("clashes" in settled) return { held: `${r.kind} ${r.name}${found.file ? ` (${found.file.shown})` : ""}` };
    if ("same" in settled) written.add(r.name);
  }
  return mapped.routes.map((r) => {
    const rule = record3(r.value.spec.rules?.[0]);
    return {
      kind: r.kind,
      name: r.name,
      port: r.port,
      refs: rule?.backendRefs ?? [],
      written: written.has(r.name),
      ...older.has(r.name) ? { older: true } : {}
    };
  });
}
var withoutGenerated = /* @__PURE__ */ new WeakMap();
function unwritten(facts) {
  let out = withoutGenerated.get(facts);
  if (!out) {
    const routes = /* @__PURE__ */ new Map();
    for (const [key, list2] of facts.routes) {
      const kept = list2.filter((c) => !c.fact.generated);
      if (kept.length) routes.set(key, kept);
    }
    out = { ...facts, routes };
    withoutGenerated.set(facts, out);
  }
  return out;
}
function opt(key, v) {
  return v === void 0 ? {} : { [key]: v };
}
function newlines(text, end) {
  let n = 0;
  for (let at = text.indexOf("\n"); at >= 0 && at < end; at = text.indexOf("\n", at + 1)) n++;
  return n;
}
function record3(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}

// src/targets/gateway/profiles/mismatch.ts
function splitsDiffer(profile, facts, at) {
  const list2 = facts.splits?.get(factKey2(profile.namespace, profile.service)) ?? [];
  const names = [...new Set(nearest(list2, facts.from).map((c) => String(record4(c.fact.metadata)?.name ?? "")))];
  if (names.length < 2) return void 0;
  return leave(
    at,
    `Service ${profile.service} has ${names.length} TrafficSplits (${names.join(", ")}), and linkerd-smi wrote one set of dstOverrides into its profile, which every route of the profile took: which one applied is not known, and the profile's routes cannot carry one split's backends while the other's route takes the rest: left for a person, with the splits (keep one TrafficSplit per Service, then convert again)`
  );
}
function overridesDiffer(profile, split, overrides, refs, at) {
  const mine = weights(overrides.map((r) => ({ key: r.namespace !== void 0 ? `${r.namespace}/${r.name}` : r.name, weight: r.weight })));
  const theirs = weights(
    refs.map((r) => {
      const ref = record4(r) ?? {};
      const ns = typeof ref.namespace === "string" && ref.namespace !== profile.serviceNamespace ? `${ref.namespace}/` : "";
      return { key: `${ns}${String(ref.name)}`, weight: ref.weight === void 0 ? 1 : Number(ref.weight) };
    })
  );
  if (same(mine, theirs)) return void 0;
  return leave(
    at,
    `its dstOverrides (${show2(mine)}) are not the split of TrafficSplit ${split} in the input (${show2(theirs)}), which linkerd-smi writes into them: the split that applied is not the one the TrafficSplit says (linkerd-smi no longer reconciled it, or they were set by hand): left for a person, with the split: make the TrafficSplit say the split meant (or delete the dstOverrides), then convert again`
  );
}
function authoritiesDiffer(profile, split, overrides) {
  const domain = profile.name.slice(profile.name.indexOf(".svc.") + ".svc.".length);
  for (const o of overrides.seq ?? []) {
    const authority = o.map?.authority?.value;
    const m = typeof authority === "string" ? /^[^.]+\.[^.]+\.svc\.([^:]+)(?::(\d+))?$/.exec(authority) : null;
    if (!m) continue;
    const why = m[2] !== void 0 ? `names port ${m[2]}, which every request to the Service then went to, whatever its port` : m[1] !== domain ? `names cluster domain ${m[1]}, not the profile's ${domain}` : void 0;
    if (why)
      return leave(
        o.offset,
        `its dstOverrides authority ${authority} ${why}: linkerd-smi writes the authority of a TrafficSplit backend with no port, under the profile's cluster domain, so these dstOverrides are not the split of TrafficSplit ${split} in the input (they were set by hand): left for a person, with the split: make the TrafficSplit say the split meant (or delete the dstOverrides), then convert again`
      );
  }
  return void 0;
}
function weights(list2) {
  const out = /* @__PURE__ */ new Map();
  for (const { key, weight } of list2)
    if (Number.isFinite(weight) && weight > 0) out.set(key, (out.get(key) ?? 0n) + BigInt(Math.round(weight)));
  return out;
}
function same(a2, b) {
  if (a2.size !== b.size || a2.size === 0) return a2.size === b.size;
  const sa = [...a2.values()].reduce((x, y) => x + y, 0n);
  const sb = [...b.values()].reduce((x, y) => x + y, 0n);
  for (const [k, w] of a2) {
    const v = b.get(k);
    if (v === void 0 || w * sb !== v * sa) return false;
  }
  return true;
}
function show2(m) {
  const total = [...m.values()].reduce((x, y) => x + y, 0n);
  if (total === 0n) return "no backend";
  return [...m].map(([k, w]) => `${k} ${Number(w * 10000n / total) / 100}%`).join(", ");
}
function leave(offset, message) {
  return { problems: [{ code: "sp-dst-overrides", offset, leave: true, message }] };
}
function record4(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}

// src/targets/gateway/profiles/backends.ts
function backings(profile, overrides, hasRoutes, run) {
  const facts = run.context;
  const skip2 = profile.annotations !== void 0 && "smi.linkerd.io/skip" in profile.annotations;
  const at = overrides?.offset ?? profile.located.offset;
  const split = skip2 ? void 0 : splitOf(profile, facts);
  if (split && "skip" in split) return { skip: { ...split.skip, offset: at } };
  if (split && "ambiguous" in split)
    return fail5(
      at,
      "ambiguous-object",
      `TrafficSplits of Service ${profile.service} differ in ${split.ambiguous.map((f) => f.shown).join(" and ")}: convert each directory in a run of its own`
    );
  const many = split ? splitsDiffer(profile, facts, at) : void 0;
  if (many) return many;
  if (split) return fromSplit(profile, split, overrides, hasRoutes, run);
  const written = !skip2 && hasRoutes && profile.namespace === profile.serviceNamespace ? writtenSplit(profile, facts) : [];
  if (written.length) return fromWritten(profile, written, at, run);
  if (!overrides?.seq?.length) return { at: [{}], findings: [] };
  const done = profile.namespace === profile.serviceNamespace ? splitRouteThere(profile, facts) : void 0;
  if (done && !hasRoutes)
    return {
      skip: {
        severity: "info",
        code: "already-converted",
        offset: at,
        message: `has no routes, and ${done} (written by smi-migrate) already routes Service ${profile.service} for every request: delete the profile once that route is Accepted`
      }
    };
  const read = overrideRefs(profile, overrides);
  if ("problems" in read) return read;
  const kept = proxyKept(read, at);
  if ("problems" in kept) return kept;
  const refs = kept.refs;
  if (refs.length === 0) return allDropped(profile, at, hasRoutes, kept.why);
  const ports = servicePorts(profile, at, run);
  if ("problems" in ports) return ports;
  const findings = [
    {
      severity: "info",
      code: "sp-dst-overrides",
      offset: at,
      message: `its dstOverrides become weighted backendRefs in every rule of its routes, one route per port of Service ${profile.service} (${ports.join(", ")}); they also split opaque TCP traffic, which routes do not (add a TCPRoute for such ports)`
    }
  ];
  const service = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  const fact = service && "fact" in service ? service.fact : void 0;
  const detected = ports.filter((p) => !linkerdOpaque(p, fact) && fact?.ports.find((q2) => q2.port === p)?.appProtocol === void 0);
  if (detected.length) findings.push(opaqueUnsplit(at, "its dstOverrides", profile.service, detected));
  const away = refs.find((r) => r.namespace !== void 0);
  if (away)
    findings.push({
      severity: "warning",
      code: "sp-dst-overrides",
      offset: at,
      message: `dstOverrides send traffic to ${away.name} in namespace ${away.namespace}: a cross-namespace backendRef, which Linkerd follows without a ReferenceGrant and other meshes only with one`
    });
  return onPorts(profile, ports, refs, fact, at, run, findings);
}
function onPorts(profile, ports, refs, fact, at, run, findings) {
  const served = ports.map(
    (port) => linkerdServes(
      fact?.ports.find((q2) => q2.port === port) ?? { port },
      fact,
      routeApis(run.options),
      `Service ${profile.service} port ${port}`,
      at
    )
  );
  for (const s of served) {
    if ("pending" in s) return { skip: s.pending };
    if ("problem" in s) return fail5(at, "route-kind", s.problem);
  }
  return {
    at: ports.map((port, i) => ({
      port,
      refs: refs.map((r) => ({ ...r, port: r.port ?? port })),
      ...opaqueAt(served[i]) ? { kind: "TCPRoute", opaque: true } : {}
    })),
    findings
  };
}
function splitOf(profile, facts) {
  const spaces2 = unitNamespaces(facts, profile.namespace, profile.service, profile.serviceNamespace);
  if (!spaces2) return void 0;
  const key = factKey2(profile.namespace, profile.service);
  const keys = [UNREAD, anyNamespace(profile.service), ...spaces2.flatMap((n) => n === void 0 ? [] : [`${UNREAD}${n}`])];
  const unread = keys.flatMap((k) => facts.splits?.get(k) ?? []);
  const own = spaces2.flatMap((n) => facts.splits?.get(factKey2(n, profile.service)) ?? []);
  const scoped = unitScope([...own, ...unread], facts, factKey2(profile.serviceNamespace, profile.service), "profile");
  if ("elsewhere" in scoped)
    return {
      skip: {
        severity: "warning",
        code: "sp-held",
        offset: 0,
        pending: true,
        message: `is left for a person: ${elsewhereMessage("TrafficSplit", profile.service, scoped.elsewhere)}`
      }
    };
  return scoped.near.length ? lookup(/* @__PURE__ */ new Map([[key, scoped.near]]), key, facts.from) : void 0;
}
function fromSplit(profile, sourced, overrides, hasRoutes, run) {
  const split = sourced.fact;
  const name = String(split.metadata?.name ?? "");
  const at = overrides?.offset ?? profile.located.offset;
  const differ = overrides?.seq?.length ? againstSplit(profile, split, name, overrides, run) : void 0;
  if (differ) return differ;
  if (!hasRoutes)
    return {
      skip: {
        severity: "warning",
        code: "sp-delete",
        offset: at,
        message: `has no routes, and its dstOverrides come from TrafficSplit ${name} in the input, whose route replaces both: nothing to convert, delete it with the TrafficSplit (docs/gateway.md, runbook)`
      }
    };
  if (sourced.left) return splitHolds(sourced.left.name ?? name, { left: sourced.left, file: sourced.file }, at);
  const routes = splitRoutes(split, run.options, run.context);
  if (!Array.isArray(routes)) return splitHolds(name, routes, at);
  const aside = sourced.file?.aside ? sourced.file : void 0;
  if (aside && (!run.options.keepTrafficSplit || routes.some((r) => !r.written))) return splitHolds(name, { aside }, at);
  const findings = [
    {
      severity: "info",
      code: "sp-dst-overrides",
      offset: at,
      message: `TrafficSplit ${name} in the input splits Service ${profile.service}: its route${routes.length > 1 ? "s are" : " is"} the catch-all (${routes.map((r) => r.name).join(", ")}), and every route of the profile carries its backends${overrides?.seq?.length ? "; the dstOverrides linkerd-smi wrote from it are left out" : ""}`
    }
  ];
  const service = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  const fact = service && "fact" in service ? service.fact : void 0;
  return {
    at: routes.map((r) => ({
      port: r.port,
      refs: r.refs,
      catchAll: r.name,
      ...r.older ? { older: true } : {},
      kind: r.kind,
      ...r.port !== void 0 && opaqueAt(servedAt(r.port, fact, run)) ? { opaque: true } : {}
    })),
    findings
  };
}
function againstSplit(profile, split, name, overrides, run) {
  const read = overrideRefs(profile, overrides);
  if ("problems" in read) return void 0;
  const pinned = authoritiesDiffer(profile, name, overrides);
  if (pinned) return pinned;
  const routes = splitRoutes(split, run.options, run.context);
  if (!Array.isArray(routes) || routes.length === 0) return void 0;
  return overridesDiffer(profile, name, read, routes[0].refs, overrides.offset);
}
function writtenSplit(profile, facts) {
  const service = `${factKey2(profile.serviceNamespace, profile.service)}:`;
  const out = [];
  for (const [key, list2] of facts.routes) {
    if (!key.includes(` ${profile.serviceNamespace}/`)) continue;
    for (const c of list2) {
      const f = c.fact;
      if (!f.generated || !f.matchless || f.profileRoute !== void 0 || f.object === void 0) continue;
      if (f.parents?.some((p) => p.startsWith(service) && /^\d+$/.test(p.slice(service.length)))) out.push(c);
    }
  }
  return [...nearest(out, facts.from)];
}
function fromWritten(profile, written, at, run) {
  const service = `${factKey2(profile.serviceNamespace, profile.service)}:`;
  const lookupService = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  const fact = lookupService && "fact" in lookupService ? lookupService.fact : void 0;
  const names = written.map((c) => `${c.fact.kind} ${c.fact.name}`).join(", ");
  return {
    at: written.map(({ fact: f }) => {
      const port = Number(f.parents.find((p) => p.startsWith(service)).slice(service.length));
      const spec = f.object?.spec;
      const refs = spec?.rules?.[0]?.backendRefs?.map((r) => integers(r));
      return {
        port,
        ...refs ? { refs } : {},
        catchAll: f.name,
        older: true,
        kind: f.kind,
        ...opaqueAt(servedAt(port, fact, run)) ? { opaque: true } : {}
      };
    }),
    findings: [
      {
        severity: "info",
        code: "sp-dst-overrides",
        offset: at,
        message: `${names}, written by smi-migrate from the TrafficSplit of Service ${profile.service}, ${written.length > 1 ? "are" : "is"} the catch-all, and every route of the profile carries ${written.length > 1 ? "their" : "its"} backends, as when both are converted in one run`
      },
      ...editedBeside(written, at)
    ]
  };
}
function editedBeside(written, at) {
  const edited = written.filter((c) => c.fact.edited);
  if (edited.length === 0) return [];
  const names = edited.map((c) => `${c.fact.kind} ${c.fact.name}${c.file ? ` (${c.file.shown})` : ""}`).join(", ");
  return [
    {
      severity: "warning",
      code: "sp-routes-beside",
      offset: at,
      message: `${names} was edited by hand since smi-migrate wrote it from the TrafficSplit (it no longer matches its smi-migrate.io/written-digest), so it is not the plain catch-all one run writes: the profile's routes carry the backends of its first rule and take the requests they match by path before any rule of its own; fold its edits into the profile's routes, or check that they agree`
    }
  ];
}
function integers(ref) {
  const out = { ...ref };
  for (const k of ["port", "weight"]) if (typeof out[k] === "string" && /^\d+$/.test(out[k])) out[k] = Number(out[k]);
  return out;
}
function allDropped(profile, at, hasRoutes, reasons) {
  const why = `Linkerd's proxy dropped every one of its dstOverrides (${reasons}), so the Service itself took the traffic`;
  const hides = profile.namespace !== void 0 && profile.namespace !== profile.serviceNamespace ? `; until then it hides the Service's own profile from clients in ${profile.namespace} (Linkerd serves a client its namespace's profile first), who take the Service's routes instead` : "";
  if (!hasRoutes)
    return {
      skip: { severity: "warning", code: "sp-delete", offset: at, message: `${why}: the profile had no effect, delete it${hides}` }
    };
  return {
    at: [{}],
    findings: [{ severity: "warning", code: "sp-dst-overrides", offset: at, message: `${why}: its routes send to the Service` }]
  };
}
function proxyKept(refs, at) {
  const zero = refs.find((r) => r.port === 0);
  if (zero) return fail5(at, "invalid-structure", `dstOverrides send traffic to ${zero.name} on port 0, which no connection can reach`);
  const kept = refs.filter((r) => r.weight > 0 && (r.port === void 0 || r.port <= 65535));
  const why = refs.some((r) => r.port !== void 0 && r.port > 65535) ? "zero weights, ports past 65535" : "zero weights";
  return { refs: kept, why };
}
function overrideRefs(profile, overrides) {
  const out = [];
  for (const [i, o] of (overrides.seq ?? []).entries()) {
    const authority = o.map?.authority?.value;
    const m = typeof authority === "string" ? /^([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)\.svc\.[^:]+(?::(\d{1,5}))?$/.exec(authority) : null;
    if (!m)
      return fail5(
        o.offset,
        "invalid-structure",
        `dstOverrides ${i + 1}: authority ${JSON.stringify(authority ?? "")} is not <service>.<namespace>.svc.<cluster domain>[:port]`
      );
    const w = o.map?.weight;
    const reading = readJsonWeight(w?.value ?? null);
    if (!reading.ok)
      return fail5(w?.offset ?? o.offset, "invalid-weight", `dstOverrides ${i + 1}: weight ${String(w?.value)} ${reading.reason}`);
    const milli = milliValue(reading.value);
    const wraps = linkerdWeightWraps(reading.value);
    if (wraps)
      return fail5(
        w.offset,
        "invalid-weight",
        `dstOverrides ${i + 1}: weight ${String(w.value)} ${wraps}: the profile's split was not what it says`
      );
    const port = m[3] === void 0 ? void 0 : Number(m[3]);
    out.push({
      name: m[1],
      ...m[2] !== profile.serviceNamespace ? { namespace: m[2] } : {},
      ...port !== void 0 ? { port } : {},
      milli
    });
  }
  const max = out.reduce((a2, r) => r.milli > a2 ? r.milli : a2, 0n);
  let divisor = 1n;
  if (max > MAX_ROUTE_WEIGHT) {
    divisor = out.reduce((g, r) => gcd(g, r.milli), 0n);
    if (max / divisor > MAX_ROUTE_WEIGHT)
      return fail5(
        overrides.offset,
        "weight-overflow",
        `dstOverrides weights (milli values up to ${max}) do not fit a route's 1000000 even divided by their greatest common divisor`
      );
  }
  return out.map(({ milli, ...r }) => ({ ...r, weight: Number(milli / divisor) }));
}
function servicePorts(profile, at, run) {
  const port = portOf(run.options, profile.serviceNamespace, profile.service);
  if (port !== void 0) return [port];
  const found = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  if (!found || !("fact" in found))
    return fail5(
      at,
      "port-unknown",
      `Service ${profile.service} is not in the input, and routes with backends need its port: add the Service manifest to the input, or pass --port`
    );
  const ports = found.fact.ports.filter((p, i, all) => (p.protocol ?? "TCP") === "TCP" && all.findIndex((q2) => q2.port === p.port) === i).map((p) => p.port);
  if (ports.length === 0 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535))
    return fail5(
      at,
      "port-unknown",
      `Service ${profile.service} has no TCP port from 1 to 65535 (a templated port is known once rendered): pass --port`
    );
  return ports;
}
function splitRouteThere(profile, facts) {
  const prefix = `${factKey2(profile.serviceNamespace, profile.service)}:`;
  for (const list2 of facts.routes.values())
    for (const { fact } of list2)
      if (fact.generated && fact.matchless && fact.parents?.some((p) => p.startsWith(prefix))) return `${fact.kind} ${fact.name}`;
  return void 0;
}
function gcd(a2, b) {
  return b === 0n ? a2 : gcd(b, a2 % b);
}
function fail5(offset, code, message) {
  return { problems: [{ code, offset, message }] };
}
function servedAt(port, fact, run) {
  return linkerdServes(fact?.ports.find((q2) => q2.port === port) ?? { port }, fact, routeApis(run.options), `Service port ${port}`, 0);
}
function opaqueAt(served) {
  return "opaque" in served && served.opaque;
}

// src/targets/gateway/profiles/contested.ts
var DETECTED = ["GRPCRoute", "HTTPRoute", "TLSRoute", "TCPRoute"];
function onPort(service, port, kind, other) {
  if (linkerdOpaque(port, service)) return void 0;
  const app = service.ports.find((p) => p.port === port)?.appProtocol;
  if (app === "http") return void 0;
  if (app === "kubernetes.io/h2c") return other === "GRPCRoute" && kind === "HTTPRoute" ? "mine-dropped" : void 0;
  const mine = DETECTED.indexOf(kind);
  const theirs = DETECTED.indexOf(other);
  if (theirs < 0) return void 0;
  return theirs < mine ? "mine-dropped" : "theirs-dropped";
}
function contested(profile, run, kind, at, others, sources) {
  if (others.length === 0 || at.every((b) => b.port !== void 0)) return [];
  const found = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  if (!found || !("fact" in found)) return [];
  const service = found.fact;
  const out = [];
  for (const r of others)
    for (const p of service.ports) {
      if ((p.protocol ?? "TCP") !== "TCP" || !(r.ports.includes("*") || r.ports.includes(String(p.port)))) continue;
      const what = onPort(service, p.port, kind, r.kind);
      if (what === void 0) continue;
      const it = `${r.kind} ${r.namespace}/${r.name} attaches to port ${p.port} of Service ${profile.service}`;
      const why = p.appProtocol === void 0 ? "a port without appProtocol takes the first kind present of GRPCRoute, HTTPRoute, TLSRoute, TCPRoute" : `a port of appProtocol ${p.appProtocol} takes the GRPCRoutes when there are any`;
      out.push({
        severity: "warning",
        code: "sp-routes-beside",
        offset: profile.located.offset,
        pending: true,
        message: what === "theirs-dropped" ? `${it}, where the profile's ${kind}s, which attach to every port, now attach too; Linkerd serves one kind of route per port (${why}), so ${r.name} stops applying there: the connections it took that are not HTTP go to Service ${profile.service} itself. Give the profile's routes ports, or move ${r.name} to a port of its own` : `${it}, where the profile's ${kind}s, which attach to every port, now attach too; Linkerd serves one kind of route per port (${why}), so the profile's routes (${[...sources, "[DEFAULT]"].map((n) => JSON.stringify(n)).join(", ")}) are dropped there and the requests ${r.name} does not match are refused. Give the profile's routes ports, or fold them into ${r.name}`
      });
    }
  return out;
}

// src/targets/gateway/profiles/beside.ts
function besideFindings(profile, run, kind, ports, sources) {
  const out = [];
  const offset = profile.located.offset;
  const service = factKey2(profile.serviceNamespace, profile.service);
  const own = profile.namespace ?? profile.serviceNamespace;
  const attached = handWritten(run.context, service);
  const visible = attached.filter((r) => r.namespace === profile.serviceNamespace || r.namespace === own);
  const seen = visible.filter((r) => r.kind === kind);
  out.push(
    ...contested(
      profile,
      run,
      kind,
      ports,
      visible.filter((r) => r.kind !== kind),
      sources
    )
  );
  if (seen.length)
    out.push({
      severity: "warning",
      code: "sp-routes-beside",
      offset,
      message: `${list(seen)} already attach${seen.length > 1 ? "" : "es"} to Service ${profile.service}: the profile shadowed ${seen.length > 1 ? "them" : "it"}, and once it is gone ${seen.length > 1 ? "they take" : "it takes"} the requests ${seen.length > 1 ? "they match" : "it matches"} best, beside the profile's routes; fold ${seen.length > 1 ? "them" : "it"} into those routes, or delete ${seen.length > 1 ? "them" : "it"}`
    });
  if (own === profile.serviceNamespace) return out;
  const producer = [];
  const p = lookup(run.context.profiles, factKey2(profile.serviceNamespace, profile.name), run.context.from);
  if (p && "fact" in p && ((p.fact.routes ?? 0) > 0 || p.fact.overrides))
    producer.push(`the routes of ServiceProfile ${profile.serviceNamespace}/${profile.name}`);
  if (lookup(run.context.splits ?? /* @__PURE__ */ new Map(), service, run.context.from))
    producer.push(`the route of the TrafficSplit of ${profile.service}`);
  const producerRoutes = [...attached, ...routesOf(run.context, service, true)].filter((r) => r.namespace === profile.serviceNamespace);
  if (producerRoutes.length) producer.push(list(producerRoutes));
  if (producer.length)
    out.push({
      severity: "warning",
      code: "sp-consumer-merged",
      offset,
      message: `clients in ${own} used this profile instead of the Service's; with routes they get its routes and ${producer.join(", ")} together, and a request may now go to a producer route (its timeout, retries and backends) that this profile never gave them: give every producer route a counterpart here, or keep this profile`
    });
  return out;
}
function handWritten(facts, service) {
  return routesOf(facts, service, false);
}
function routesOf(facts, service, generated) {
  const all = [];
  for (const [key, list2] of facts.routes) {
    const namespace = key.slice(key.indexOf(" ") + 1, key.lastIndexOf("/"));
    for (const c of list2)
      if (c.fact.generated === generated && c.fact.parents?.some((p) => p.startsWith(`${service}:`)))
        all.push({ ...c, fact: { ...c.fact, namespace } });
  }
  return nearest(all, facts.from).map((c) => ({
    kind: c.fact.kind,
    name: c.fact.name,
    namespace: c.fact.namespace,
    ports: c.fact.parents.filter((p) => p.startsWith(`${service}:`)).map((p) => p.slice(service.length + 1))
  }));
}
function list(routes) {
  return routes.map((r) => `${r.kind} ${r.namespace}/${r.name}`).join(", ");
}

// src/targets/gateway/profiles/stale.ts
function staleRoutes2(profile, written, run) {
  const found = ownRoutes(profile, run).filter(
    ({ fact: f }) => (
      // The catch-all is no profile route: a split's route may take its place (carried.ts), which its conversion checks.
      f.profileRoute !== "[DEFAULT]" && !written.names.includes(f.name) && !written.replaced.includes(f.name)
    )
  );
  if (found.length === 0) return void 0;
  const each = found.map(
    (c) => `${c.fact.kind} ${c.fact.name}${c.file ? ` (${c.file.shown})` : ""} from its route ${JSON.stringify(c.fact.profileRoute)}`
  );
  return {
    severity: "warning",
    code: "route-drift",
    offset: profile.located.offset,
    pending: true,
    message: `smi-migrate wrote ${each.join(", ")} before, which this run no longer writes (the profile no longer has that route, or Linkerd's proxy drops it, or the Service no longer has that port): once the profile is gone ${found.length > 1 ? "those routes still take" : "that route still takes"} the requests ${found.length > 1 ? "they match" : "it matches"}, by the old route's timeout and retries; delete ${found.length > 1 ? "them" : "it"}`
  };
}
function ownRoutes(profile, run) {
  const service = `${factKey2(profile.serviceNamespace, profile.service)}:`;
  const own = profile.namespace ?? profile.serviceNamespace;
  const mine = [];
  for (const [key, list2] of run.context.routes) {
    if (key.slice(key.indexOf(" ") + 1, key.lastIndexOf("/")) !== own) continue;
    for (const c of list2) {
      const f = c.fact;
      if (f.generated && f.profileRoute !== void 0 && (f.parents ?? []).some((p) => p.startsWith(service))) mine.push(c);
    }
  }
  return nearest(mine, run.context.from);
}
function asOld(profile, same2, made, run) {
  const now = new Map(made.objects.map((o, i) => [made.names[i], o]));
  const alike = (f) => {
    const o = now.get(f.name);
    return o !== void 0 && o.kind === f.kind && f.object !== void 0 && tieShape(o) === tieShape(f.object);
  };
  return new Set(
    ownRoutes(profile, run).filter(({ fact: f }) => same2.has(f.name) || alike(f)).map(({ fact: f }) => `${f.name} ${f.profileRoute}`)
  );
}
function tieShape(route2) {
  const spec = record5(record5(route2)?.spec);
  const rules = Array.isArray(spec?.rules) ? spec.rules : [];
  return canonicalJson({ parents: spec?.parentRefs ?? null, matches: rules.map((r) => record5(r)?.matches ?? null) });
}
function record5(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}

// src/targets/gateway/profiles/renamed.ts
function renamedRoutes(profile, from, fresh, names, run) {
  const pool = ownRoutes(profile, run).filter((c) => !names.includes(c.fact.name));
  const used = /* @__PURE__ */ new Set();
  const out = { rewrites: [], replaced: [], findings: [], fresh: [] };
  const at = { offset: profile.located.offset, ...profile.namespace !== void 0 ? { namespace: profile.namespace } : {} };
  for (const n of fresh) {
    const port = parentPort2(n.object);
    const old = pool.find((c) => !used.has(c) && c.fact.profileRoute === n.source && onPort2(c.fact, profile, port));
    if (!old) {
      out.fresh.push(n);
      continue;
    }
    used.add(old);
    const { fact, file } = old;
    if (!portRename(fact.name, n.name)) {
      const own = renamedByHand(profile, from, n, old);
      if ("held" in own) return own;
      out.replaced.push(fact.name);
      out.findings.push(own.note);
      if (own.rewrite) out.rewrites.push(own.rewrite);
      continue;
    }
    if (fact.edited) return { held: editedStale(profile.located, old, { kind: String(n.object.kind), name: n.name }, "the profile") };
    if (fact.digest === void 0)
      return {
        held: editedDrift(
          profile.located,
          fact,
          {
            ...file ? { file } : {},
            written: routeDigest(n.object),
            ...fact.digest === void 0 ? { undigested: true } : {}
          },
          "the profile"
        )
      };
    const route2 = { kind: String(n.object.kind), name: n.name };
    out.replaced.push(fact.name);
    out.findings.push(renamedInPlace(at, { route: route2, ...file ? { file } : {}, replaces: fact }));
    out.rewrites.push({
      kind: fact.kind,
      name: fact.name,
      ...profile.namespace !== void 0 ? { namespace: profile.namespace } : {},
      ...file ? { file } : {},
      object: n.object,
      message: `${from} -> ${route2.kind} ${route2.name}: written in place of this ${fact.kind} ${fact.name}, which smi-migrate wrote from the profile's route ${JSON.stringify(n.source)} before under that name (the Service's ports changed since)`,
      refused: {
        severity: "warning",
        code: "route-drift",
        offset: profile.located.offset,
        pending: true,
        message: `smi-migrate wrote ${fact.kind} ${fact.name}${file ? ` (${file.shown})` : ""} from the route ${JSON.stringify(n.source)} before, and this run names it ${route2.name} (the Service's ports changed since): it cannot be written anew where it is, so delete it (from the manifests and the cluster) and run the conversion again`
      }
    });
  }
  return out;
}
function kindChanged(profile, rewrites) {
  const at = { offset: profile.located.offset, ...profile.namespace !== void 0 ? { namespace: profile.namespace } : {} };
  return rewrites.filter((w) => w.kind !== w.object.kind).map(
    (w) => renamedInPlace(at, { route: { kind: String(w.object.kind), name: w.name }, ...w.file ? { file: w.file } : {}, replaces: w })
  );
}
function portRename(a2, b) {
  const bare = (n) => n.replace(/-\d+$/, "");
  return a2 === bare(b) || bare(a2) === b || bare(a2) === bare(b);
}
function renamedByHand(profile, from, n, { fact, file }) {
  const object = {
    ...n.object,
    metadata: { ...n.object.metadata, name: fact.name }
  };
  const settled = settle(fact, file, object, fact.kind === object.kind && fact.body === routeBody(object));
  if ("clashes" in settled) return { held: editedDrift(profile.located, fact, settled, "the profile") };
  const where = file ? ` (${file.shown})` : "";
  const note = {
    severity: "info",
    code: "already-converted",
    offset: profile.located.offset,
    message: `${fact.kind} ${fact.name}${where} is the route smi-migrate wrote from the route ${JSON.stringify(n.source)} as ${n.name}, renamed by hand since: it is taken as that route under its new name (${"same" in settled ? `left as it is${settled.edited ? ", edits and all" : ""}` : "written anew where it stands, as the profile changed"}), and ${n.name} is not written beside it`
  };
  if ("same" in settled) return { note };
  return {
    note,
    rewrite: {
      kind: fact.kind,
      name: fact.name,
      ...profile.namespace !== void 0 ? { namespace: profile.namespace } : {},
      ...file ? { file } : {},
      object,
      message: `${from} -> ${String(object.kind)} ${fact.name}: written in place of this ${fact.kind} ${fact.name}, the route smi-migrate wrote from the profile's route ${JSON.stringify(n.source)} (renamed by hand since), which no longer routes as the profile does`,
      refused: {
        severity: "warning",
        code: "route-drift",
        offset: profile.located.offset,
        pending: true,
        message: `has changed since smi-migrate wrote its ${fact.kind} ${fact.name}${where} from the route ${JSON.stringify(n.source)}: it cannot be written anew where it is, so delete it and run the conversion again`
      }
    }
  };
}
function parentPort2(object) {
  const refs = object.spec?.parentRefs;
  const p = refs?.[0]?.port;
  return typeof p === "number" ? p : typeof p === "string" && /^\d+$/.test(p) ? Number(p) : void 0;
}
function onPort2(fact, profile, port) {
  const service = `${factKey2(profile.serviceNamespace, profile.service)}:`;
  const at = (fact.parents ?? []).filter((p) => p.startsWith(service)).map((p) => p.slice(service.length));
  return port === void 0 || at.includes("*") || at.includes(String(port));
}

// src/targets/gateway/profiles/notes.ts
function notes(profile, parts, grpc, o, saidGrpc) {
  const out = [];
  const offset = profile.located.offset;
  if (profile.namespace !== void 0 && profile.namespace !== profile.serviceNamespace)
    out.push({
      severity: "info",
      code: "sp-consumer-route",
      offset,
      message: `is in namespace ${profile.namespace}, a client namespace of Service ${profile.service} (${profile.serviceNamespace}): its routes are consumer routes there, for clients in ${profile.namespace} only, as the profile was`
    });
  const retryable = parts.filter((p) => p.retryable);
  const budget = profile.located.map?.spec?.map?.retryBudget;
  if (retryable.length || budget) {
    const b = record6(budget?.value);
    const numbers = b ? `retryRatio ${String(b.retryRatio ?? 0.2)}, minRetriesPerSecond ${String(b.minRetriesPerSecond ?? 10)}, ttl ${String(b.ttl ?? "10s")}` : "Linkerd's default: retryRatio 0.2, minRetriesPerSecond 10, ttl 10s";
    out.push({
      severity: "warning",
      code: "sp-retry-budget",
      offset: budget?.offset ?? offset,
      message: `retries were limited by the retry budget (${numbers}); routes have none: each request is retried up to ${o.retryLimit ?? 1} time${(o.retryLimit ?? 1) > 1 ? "s" : ""} (retry.linkerd.io/limit, --retry-limit)`
    });
  }
  const timed = parts.filter((p) => p.annotations["timeout.linkerd.io/request"] !== void 0);
  if (timed.length)
    out.push({
      severity: "info",
      code: "sp-timeout-scope",
      offset: timed[0].offset,
      message: `the timeout of ${timed.map((p) => JSON.stringify(p.source)).join(", ")} ended when the response headers arrived; timeout.linkerd.io/request also covers the response body, so a streamed or long body is now cut at that time (raise it, or use timeout.linkerd.io/response)`
    });
  const grpcRetried = retryable.filter((p) => p.grpc);
  if (grpcRetried.length && (grpc || !saidGrpc))
    out.push({
      severity: "warning",
      code: "sp-grpc",
      offset: grpcRetried[0].offset,
      ...grpc ? {} : { pending: true },
      message: grpc ? "gRPC routes retry deadline-exceeded, internal and unavailable (retry.linkerd.io/grpc); the profile also retried unknown, data-loss and permission-denied" : `gRPC methods are HTTPRoutes here (${parts.every((p) => p.grpc) ? "the TrafficSplit's route on the Service's ports is an HTTPRoute, or the release serves no GRPCRoute" : "other routes of the profile are not gRPC"}, and Linkerd refuses both kinds on one Service): ${grpcRetried.map((p) => JSON.stringify(p.source)).join(", ")} retry HTTP statuses only, not gRPC status errors such as unavailable`
    });
  out.push({
    severity: "info",
    code: "sp-metrics",
    offset,
    message: 'route metrics move from rt_route="<profile route>" to outbound_http_route_*{route_name="<HTTPRoute name>"} (linkerd viz stat-outbound); the profile route name is kept in the annotation smi-migrate.io/serviceprofile-route'
  });
  return out;
}
function grpcPortsKnown(profile, parts, ports, run, findings) {
  if (ports.every((at) => at.port !== void 0)) return true;
  const found = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  const count = found && "fact" in found ? found.fact.ports.length : void 0;
  const only = found && "fact" in found && count === 1 ? found.fact.ports[0] : void 0;
  if (only && found && "fact" in found) {
    if (only.appProtocol === void 0 && !linkerdOpaque(only.port, found.fact))
      findings.push({
        severity: "warning",
        code: "sp-grpc",
        offset: profile.located.offset,
        pending: true,
        message: `every route is a gRPC method (${parts.map((p) => JSON.stringify(p.source)).join(", ")}), so they become GRPCRoutes; with a GRPCRoute attached, Linkerd serves port ${only.port} of Service ${profile.service}, which has no appProtocol, as gRPC (HTTP/2 only) instead of detecting the protocol, so HTTP/1.1 calls to it (health checks, /metrics, a REST gateway) now fail: give such calls a port of their own, or convert with --route-kind http`
      });
    return true;
  }
  findings.push({
    severity: "warning",
    code: "sp-grpc",
    offset: profile.located.offset,
    ...parts.some((p) => p.retryable) ? { pending: true } : {},
    message: `every route is a gRPC method, but GRPCRoutes without a port attach to every port of Service ${profile.service} (${count === void 0 ? "not in the input" : `${count} ports`}), and Linkerd would serve each as gRPC, failing HTTP/1.1 calls to the others: HTTPRoutes instead, which retry HTTP statuses only, not gRPC status errors`
  });
  return false;
}
function serviceDefaultsFinding(profile, made, run) {
  const found = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  if (!found || !("fact" in found)) return [];
  const routes = made.objects.map((obj, i) => ({
    kind: String(obj.kind),
    name: made.names[i],
    annotations: routeAnnotations(obj),
    source: made.sources[i]
  }));
  const d = inheritedFinding(profile.located.offset, `ServiceProfile ${profile.name}`, profile.service, found.fact.routeDefaults, routes);
  return d ? [d] : [];
}
function record6(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}

// src/targets/gateway/profiles/profile.ts
function profileToRoutes(view, run) {
  const located = view.data.located();
  const meta = located.map?.metadata?.value;
  const labels = record7(record7(meta)?.labels);
  if (labels && "linkerd.io/extension" in labels)
    return skip(
      "info",
      "sp-extension",
      view.offset,
      `is shipped by the Linkerd extension ${String(labels["linkerd.io/extension"])}: left alone (upgrade the extension instead)`
    );
  const spec = located.map?.spec;
  const routes = spec?.map?.routes?.seq ?? [];
  const overrides = spec?.map?.dstOverrides?.seq ?? [];
  if (routes.length === 0 && overrides.length === 0) return skip("warning", "sp-delete", view.offset, emptyProfile(located));
  const profile = readProfile(view, located);
  if ("problems" in profile) return profile;
  if (run.options.serviceGroup) profile.group = run.options.serviceGroup;
  const o = run.options;
  if (o.linkerd && !atLeast(o.linkerd, "2.16") && routes.length > 0)
    return fail6(view.offset, "sp-linkerd-version", beforeRouteTimeouts(o.linkerd, routes, spec?.map?.retryBudget !== void 0));
  const service = lookup(run.context.services, factKey2(profile.serviceNamespace, profile.service), run.context.from);
  if (service && "fact" in service) {
    const bad2 = serviceProblem(service.fact, profile.service, "root");
    if (bad2) return fail6(view.offset, bad2.code, bad2.message);
  }
  const owned = profile.namespace === profile.serviceNamespace ? controllerHolds(profile.namespace, profile.service, run.context, view.offset) : void 0;
  if (owned) return { skip: owned };
  const backed2 = backings(profile, spec?.map?.dstOverrides, routes.length > 0, run);
  if (!("at" in backed2)) return backed2;
  const r = convert(profile, view.version, routes, run, routeApis(o), backed2.at);
  if ("objects" in r) r.findings.unshift(...backed2.findings);
  return "objects" in r && siblingsHold({ ...profile, offset: view.offset }, run, profileToRoutes) || r;
}
function beforeRouteTimeouts(release, routes, budget) {
  const sets2 = budget || routes.some((r) => r.map?.timeout !== void 0 || r.map?.isRetryable?.value === true);
  const why = sets2 ? `Linkerd ${release} reads no retries or timeouts on routes (2.16 added them), and a ServiceProfile takes precedence over routes while it exists` : `its routes set no retries or timeouts, but ServiceProfiles are converted for Linkerd 2.16 and later only, the release from which Linkerd says Gateway API types fully supplant them`;
  return `${why}: keep the profile until Linkerd is 2.16 or later, then convert with --linkerd 2.16 or later`;
}
function convert(profile, from, routes, run, apis, ports) {
  const o = run.options;
  const findings = [];
  const settings = { retryLimit: o.retryLimit ?? 1, ruleTimeouts: apis.maxMatchesPerRule > 8 && (!o.linkerd || atLeast(o.linkerd, "2.20")) };
  const split = profileParts(routes, settings, findings);
  if ("problems" in split) return split;
  const { parts, dropped } = split;
  if (dropped.length === routes.length && ports.every((at) => at.refs === void 0 && at.catchAll === void 0))
    return skip("warning", "sp-delete", profile.located.offset, everyRouteDropped(profile, dropped));
  const routed = ports.filter((at) => at.kind !== "TCPRoute");
  const bad2 = routed.find(
    (at) => at.kind !== void 0 && at.kind !== "HTTPRoute" && !(at.kind === "GRPCRoute" && parts.every((p) => p.grpc))
  );
  if (bad2)
    return fail6(
      profile.located.offset,
      "route-kind",
      `the TrafficSplit of its Service becomes a ${bad2.kind} on port ${String(bad2.port)}, and its routes cannot be ${bad2.kind}s: Linkerd refuses two route kinds on one Service`
    );
  const grpc = parts.length > 0 && parts.every((p) => p.grpc) && apis.apiVersion.grpc !== void 0 && routed.every((at) => (at.kind ?? "GRPCRoute") === "GRPCRoute") && grpcPortsKnown(profile, parts, ports, run, findings);
  const suffixes = [...new Set(ports.map((at) => ports.length > 1 && at.port !== void 0 ? `-${at.port}` : ""))];
  const base = routeNames(profile, parts, suffixes, run);
  const made = portObjects(profile, parts, base, grpc, apis, ports, findings);
  if ("problems" in made) return made;
  const { names } = made;
  const catchAll = ports[0]?.catchAll ?? base[parts.length];
  if (made.objects.length === 0)
    return skip(
      "warning",
      "sp-delete",
      profile.located.offset,
      ports.every((at) => at.kind === "TCPRoute") ? `its routes never applied (every port of Service ${profile.service} takes only a TCPRoute), and ${catchAll}, the TrafficSplit's route, takes every connection: nothing to convert, delete it with the TrafficSplit` : `has no route that matches a request, and ${catchAll}, the TrafficSplit's route, takes every request: nothing to convert, delete it with the TrafficSplit`
    );
  const scope = claimScope(run.context);
  const claims = made.objects.map((obj, i) => [
    scope + routeKey(String(obj.kind), factKey2(profile.namespace, names[i])),
    profile.owner
  ]);
  const fresh = againstInput(profile, from, made, run);
  if ("refused" in fresh) return { skip: fresh.refused };
  const stale = staleRoutes2(profile, { names: made.names, replaced: fresh.replaced }, run);
  const written = asOld(profile, fresh.same, made, run);
  const order = portOrders(parts, base, ports, written);
  const beside = besideOf(profile, run, grpc, ports, parts);
  if ("skip" in fresh) return heldForOrder([...order, ...beside]) ?? { skip: stale ?? rerunFinding(profile, made, run) ?? fresh.skip };
  const { objects, rewrites } = fresh;
  if (stale) findings.push(stale);
  findings.push(...fresh.findings);
  findings.push(
    ...notes(
      profile,
      parts,
      grpc,
      o,
      findings.some((f) => f.code === "sp-grpc")
    ),
    ...beside,
    ...order,
    ...serviceDefaultsFinding(profile, made, run)
  );
  const list2 = made.objects.map((obj, i) => `${String(obj.kind)} ${names[i]}`).join(", ");
  return heldForOrder(findings) ?? { objects, findings, claims, message: `${from} -> ${list2}`, ...rewrites.length ? { rewrites } : {} };
}
function besideOf(profile, run, grpc, ports, parts) {
  const sources = parts.map((p) => p.source);
  return besideFindings(profile, run, grpc ? "GRPCRoute" : "HTTPRoute", ports, sources);
}
var ROUTE_CHANGES = /* @__PURE__ */ new Set(["sp-order", "sp-consumer-merged"]);
function heldForOrder(findings) {
  const moved = findings.filter((f) => ROUTE_CHANGES.has(f.code) || f.code === "sp-grpc" && f.pending === true);
  if (moved.length === 0) return void 0;
  return {
    problems: moved.map((f) => ({
      code: f.code,
      offset: f.offset,
      leave: true,
      message: `${f.message}; nothing is written for the profile`
    }))
  };
}
function rerunFinding(profile, made, run) {
  return serviceDefaultsFinding(profile, made, run)[0];
}
function kindEdited(profile, r, next, file) {
  return {
    severity: "warning",
    code: "route-drift",
    offset: profile.located.offset,
    pending: true,
    message: `smi-migrate wrote ${r.kind} ${r.name}${file ? ` (${file.shown})` : ""} from the profile before, and that route was edited by hand since; this run writes it as ${next} ${r.name}, and a ${r.kind} kept beside ${next}s on one port takes the port alone (Linkerd serves one kind per port): it is left as it is and nothing is written for the profile: delete the route and convert again, then carry the edits into the routes written`
  };
}
function profileParts(routes, settings, findings) {
  const parts = [];
  const dropped = [];
  for (const r of routes) {
    const p = routeParts(r, settings, findings);
    if ("problem" in p) return { problems: [p.problem] };
    if (p.terms.length === 0) {
      if (p.dropped) {
        dropped.push(p.source);
        continue;
      }
      findings.push({
        severity: "warning",
        code: "sp-route-never",
        offset: p.offset,
        message: `route ${JSON.stringify(p.source)} matches no request (its condition contradicts itself): it gets no route`
      });
      continue;
    }
    parts.push(p);
  }
  return { parts, dropped };
}
function portObjects(profile, parts, base, grpc, apis, ports, findings) {
  const objects = [];
  const names = [];
  const sources = [];
  for (const at of ports) {
    const suffix = ports.length > 1 && at.port !== void 0 ? `-${at.port}` : "";
    if (at.kind === "TCPRoute") {
      findings.push(tcpPort(profile, at, parts));
      if (at.catchAll !== void 0) continue;
      const made = tcpObject(profile, `${base[parts.length]}${suffix}`, apis, at);
      if ("problems" in made) return made;
      objects.push(made.object);
      names.push(`${base[parts.length]}${suffix}`);
      sources.push("[DEFAULT]");
      continue;
    }
    for (const [i, p] of parts.entries()) {
      const made = routeObject(profile, `${base[i]}${suffix}`, p, grpc, apis, at);
      if ("problems" in made) return made;
      objects.push(made.object);
      names.push(`${base[i]}${suffix}`);
      sources.push(p.source);
    }
    if (at.catchAll === void 0) {
      objects.push(catchAllObject(profile, `${base[parts.length]}${suffix}`, grpc, apis, at));
      names.push(`${base[parts.length]}${suffix}`);
      sources.push("[DEFAULT]");
    }
  }
  return { objects, names, sources };
}
function portOrders(parts, base, ports, written) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  for (const at of ports) {
    const s = ports.length > 1 && at.port !== void 0 ? `-${at.port}` : "";
    const catchAll = { name: at.catchAll ?? `${base[parts.length]}${s}`, older: at.older === true, written };
    for (const d of orderFindings(
      parts.map((p, i) => ({ ...p, name: `${base[i]}${s}` })),
      catchAll
    ))
      if (!seen.has(`${d.offset} ${d.message}`)) {
        seen.add(`${d.offset} ${d.message}`);
        out.push(d);
      }
  }
  return out;
}
function againstInput(profile, from, made, run) {
  const fresh = [];
  const kept = [];
  const same2 = /* @__PURE__ */ new Set();
  for (const [i, obj] of made.objects.entries()) {
    stampDigest(obj);
    const there = earlier(profile, from, obj, made.names[i], made.sources[i], run);
    if (there !== void 0 && there !== "same" && "held" in there) return { refused: there.held };
    if (there === void 0) fresh.push({ object: obj, name: made.names[i], source: made.sources[i] });
    else if (there !== "same") kept.push(there);
    else same2.add(made.names[i]);
  }
  const renamed = renamedRoutes(profile, from, fresh, made.names, run);
  if ("held" in renamed) return { refused: renamed.held };
  const objects = renamed.fresh.map((n) => n.object);
  const rewrites = [...kept, ...renamed.rewrites];
  const { replaced } = renamed;
  const findings = [...kindChanged(profile, kept), ...renamed.findings];
  if (objects.length || rewrites.length) return { objects, rewrites, replaced, findings, same: same2 };
  return {
    replaced,
    same: same2,
    skip: {
      severity: "info",
      code: "already-converted",
      offset: profile.located.offset,
      message: `has its routes (${made.names.join(", ")}) in the input already, written by smi-migrate; left as they are (delete the ServiceProfile once the routes are Accepted)${renamed.findings.map((f) => `; ${f.message}`).join("")}`
    }
  };
}
function earlier(profile, from, obj, name, source, run) {
  for (const kind of PROFILE_KINDS) {
    const found = lookup(run.context.routes, routeKey(kind, factKey2(profile.namespace, name)), run.context.from);
    if (!found || !("fact" in found) || !ownRoute(profile, found.fact, source)) continue;
    if (kind !== obj.kind && found.fact.edited) return { held: kindEdited(profile, { kind, name }, String(obj.kind), found.file) };
    const settled = settle(found.fact, found.file, obj, kind === obj.kind && found.fact.body === routeBody(obj));
    if ("same" in settled) return "same";
    if ("clashes" in settled) return { held: editedDrift(profile.located, { kind, name }, settled, "the profile") };
    const where = found.file ? ` (${found.file.shown})` : "";
    return {
      kind,
      name,
      ...profile.namespace !== void 0 ? { namespace: profile.namespace } : {},
      ...found.file ? { file: found.file } : {},
      object: obj,
      message: `${from} -> ${String(obj.kind)} ${name}: written in place of this ${kind} ${name}, which smi-migrate wrote from the profile's route ${JSON.stringify(source)} before and which no longer routes as the profile does (its TrafficSplit, dstOverrides, timeout or retries changed since)`,
      refused: {
        severity: "warning",
        code: "route-drift",
        offset: profile.located.offset,
        pending: true,
        message: `has changed since smi-migrate wrote its ${kind} ${name}${where} from the route ${JSON.stringify(source)}: the route no longer routes as the profile does (its TrafficSplit, dstOverrides, timeout or retries), and it cannot be written anew where it is, so delete it and run the conversion again, which writes it anew`
      }
    };
  }
  return void 0;
}
function tcpPort(profile, at, parts) {
  const port = String(at.port);
  const routes = parts.map((p) => JSON.stringify(p.source)).join(", ");
  if (at.opaque || parts.length === 0)
    return {
      severity: "info",
      code: "sp-dst-overrides",
      offset: profile.located.offset,
      message: `Linkerd serves port ${port} of Service ${profile.service} as opaque: the profile's routes never applied there, its split took every connection, and ${at.catchAll ?? "a TCPRoute"} carries it`
    };
  return {
    severity: "warning",
    code: "sp-dst-overrides",
    offset: profile.located.offset,
    message: `port ${port} of Service ${profile.service} carries the split's TCPRoute ${at.catchAll ?? ""}, which takes every connection there: the HTTP requests on it lose the profile's routes ${routes} (their timeouts and retries)`
  };
}
function emptyProfile(located) {
  const meta = record7(located.map?.metadata?.value);
  const namespace = plainNamespace(meta);
  const m = typeof meta?.name === "string" ? /^[^.]+\.([^.]+)\.svc\./.exec(meta.name) : null;
  const base = "has neither routes nor dstOverrides, so Linkerd has ignored it since 2.13: nothing to convert, delete it";
  if (!m || namespace === void 0 || namespace === m[1]) return base;
  return `${base}; until then it hides the Service's own profile from clients in ${namespace} (Linkerd serves a client its namespace's profile first), who take the Service's routes instead`;
}
function everyRouteDropped(profile, dropped) {
  const names = dropped.map((n) => JSON.stringify(n)).join(", ");
  const hides = profile.namespace !== void 0 && profile.namespace !== profile.serviceNamespace ? `; until then it hides the Service's own profile from clients in ${profile.namespace} (Linkerd serves a client its namespace's profile first), who take the Service's routes instead` : "";
  return `Linkerd's proxy dropped every route (${names}: a pathRegex it cannot compile) and it has no dstOverrides, so Linkerd ignored the profile: requests to Service ${profile.service} went by the routes attached to it, and those none of them matches were refused; its catch-all route would now serve them, so nothing is converted: fix the regexes and convert again, or delete the profile${hides}`;
}
function skip(severity, code, offset, message) {
  const at = { code, offset, message };
  return { skip: severity === "error" ? { severity, ...at } : { severity, ...at } };
}
function fail6(offset, code, message) {
  return { problems: [{ code, offset, message }] };
}
function record7(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}

// src/targets/gateway/split.ts
function splitToRoutes(view, run) {
  const gateway = run.options;
  const notes2 = [];
  const read = readValues(view.data.weights, notes2);
  if ("problems" in read) return read;
  const weights2 = routeWeights(read.values, gateway.rescaleWeights === true, notes2);
  if ("index" in weights2) {
    const s = read.scalars[weights2.index];
    const problem = {
      code: weights2.overflow ? "weight-overflow" : "invalid-weight",
      offset: s.start,
      message: `backend ${weights2.index + 1} weight ${show(s)} ${weights2.reason}${weights2.overflow ? " (--rescale-weights rounds them, reporting the largest change)" : ""}`
    };
    return { problems: [problem] };
  }
  const wrapped = linkerdWraps(read, gateway);
  if (wrapped) return { problems: [wrapped] };
  let source = view.data.fields();
  const pruned = (view.version === "v1alpha1" || view.version === "v1alpha2") && source.matches.length > 0 ? source.matches[0] : void 0;
  if (pruned) source = { ...source, matches: [] };
  if (source.comments)
    notes2.push(
      `its ${source.comments === 1 ? "comment is" : `${source.comments} comments are`} not carried over: the routes are written anew`
    );
  const mapped = mapSplit(source, weights2.weights, gateway, run.context, run.claimed, routeApis(gateway), `smi-migrate-${version}`);
  if (!("routes" in mapped)) return mapped;
  const root = serviceName(source.service, source.namespace);
  const held = root && "name" in root ? profileHolds2({ offset: view.offset, ...opt2(source.namespace), root: root.name }, gateway, run.context, profileToRoutes) : void 0;
  if (held) return { skip: held };
  if (pruned)
    mapped.findings.unshift({
      severity: "warning",
      code: "no-matches",
      offset: pruned.offset,
      message: `spec.matches never took effect: ${view.version} has no matches, and the SMI CRDs (linkerd-smi, OSM) prune them, so the split sent all traffic to its backends; its routes do the same (convert it to v1alpha3 or later first if the matches are meant)`
    });
  if (weights2.rescaled) {
    mapped.findings.push({
      severity: "warning",
      code: "weights-rescaled",
      offset: view.offset,
      message: `weights rounded to fit ${MAX_ROUTE_WEIGHT}: ${weights2.rescaled}`
    });
  }
  const before = read.scalars.map((s) => s.raw);
  const after = weights2.weights.map(String);
  const changed = before.some((b, i) => b !== after[i]) ? `, weights ${before.join(", ")} -> ${after.join(", ")}` : "";
  const noted = notes2.length ? ` (${notes2.join("; ")})` : "";
  const message = (routes) => `${view.version} -> ${routes.map((r) => `${r.kind} ${r.name} (port ${r.port})`).join(", ")}${changed}${noted}`;
  const main = mapped.routes.length ? message(mapped.routes) : `${message(mapped.rewrites.map((w) => w.route))}: each written in place of the route smi-migrate wrote from it before`;
  return {
    objects: mapped.routes.map((r) => r.value),
    findings: mapped.findings,
    message: main,
    weights: { before, after },
    claims: mapped.claims,
    rewrites: mapped.rewrites.map((w) => rewrite(w, view, message([w.route]), run.context.from))
  };
}
function rewrite({ route: route2, file, replaces, carried }, view, message, from) {
  const metadata2 = route2.value.metadata;
  const where = file ? ` (${file.shown})` : "";
  const { kind, name } = replaces ?? route2;
  return {
    kind,
    name,
    ...metadata2.namespace !== void 0 ? { namespace: metadata2.namespace } : {},
    ...file ? { file } : {},
    object: route2.value,
    message: `${message}${from ? ` (${from.shown})` : ""}: written in place of this ${kind} ${name}, which smi-migrate wrote ${carried ? "" : "from it before "}` + (carried ? "from the Service's ServiceProfile before, and which no longer carries the TrafficSplit's backends and port (the split changed since, or the profile was converted without it)" : `and which no longer routes as the TrafficSplit does (${replaces ? "the Service's ports or the port's route kind" : "its weights, backends, matches or port"} changed since)`),
    refused: {
      severity: "warning",
      code: "route-drift",
      offset: view.offset,
      pending: true,
      message: `has changed since smi-migrate wrote its ${kind} ${name}${where}: the route no longer routes as the split does (weights, backends, matches or port), and deleting the TrafficSplit now would send its traffic by the old rules; the route cannot be written anew where it is, so delete it and run the conversion again, which writes it anew`
    }
  };
}
function routeWeights(values, rescale, notes2) {
  const scaled = scaleWeights(values, { max: MAX_ROUTE_WEIGHT });
  if (scaled.ok) {
    for (const i of scaled.rounded ?? []) notes2.push(`backend ${i + 1} weight ${roundedNote(values[i])}`);
    if (scaled.divided) notes2.push(`divided by their greatest common divisor to stay within ${MAX_ROUTE_WEIGHT}`);
    return { weights: scaled.weights };
  }
  const overflow = scaled.reason.startsWith("is above");
  if (!overflow || !rescale) return { ...scaled, overflow };
  const scale = neededScale(values);
  const exact = applied(values).values.map((v) => v.n === 0n ? 0n : v.n * 10n ** BigInt(v.e + scale));
  const max = exact.reduce((a2, b) => b > a2 ? b : a2, 0n);
  const weights2 = exact.map((w) => {
    if (w === 0n) return 0n;
    const r = (w * MAX_ROUTE_WEIGHT * 2n + max) / (max * 2n);
    return r === 0n ? 1n : r;
  });
  const sum = (ws) => Number(ws.reduce((a2, b) => a2 + b, 0n));
  const total = sum(exact);
  const totalAfter = sum(weights2);
  let worst = 0;
  for (const [i, w] of exact.entries()) {
    if (w === 0n) continue;
    const share = Number(w) / total;
    worst = Math.max(worst, Math.abs(Number(weights2[i]) / totalAfter - share) / share);
  }
  return { weights: weights2, rescaled: `the largest change of a backend's share of traffic is ${Number((worst * 100).toPrecision(3))}%` };
}
function linkerdWraps(read, o) {
  if (routeApis(o).notLinkerd) return void 0;
  const i = linkerdWrapIndex(read.values);
  if (i === void 0) return void 0;
  return {
    code: "invalid-weight",
    offset: read.scalars[i].start,
    message: `backend ${i + 1} weight ${show(read.scalars[i])} overflows Linkerd's weight (milli value x 10 must fit 32 bits, and Linkerd wraps it): on Linkerd, linkerd-smi's split was not what the TrafficSplit says (pass --mesh for another mesh)`
  };
}
function opt2(namespace) {
  return namespace === void 0 ? {} : { namespace };
}

// src/targets/gateway/index.ts
var gatewayTarget = {
  name: GATEWAY,
  prepare: (documents, options) => withSplits(documents, collectFacts, options.noIgnore === true, !routeApis(options).notLinkerd),
  scope: scopeFacts,
  replaces: { TrafficSplit: { replace: splitToRoutes }, ServiceProfile: { replace: profileToRoutes } },
  keepsOriginal: (o, kind) => (kind === "ServiceProfile" ? o.keepServiceProfile : o.keepTrafficSplit) === true
};

export {
  gatewayTarget
};
