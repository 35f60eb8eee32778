import {
  MESHES,
  OptionError,
  prepare,
  resolveTargets
} from "./chunk-JYXKUM7C.js";
import {
  GATEWAY,
  GATEWAY_API_RELEASES,
  LINKERD_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS
} from "./chunk-YFXYEOX6.js";
import {
  ACCESS_TARGETS,
  SPECS_TARGETS,
  TARGETS
} from "./chunk-F3WZPMDD.js";

// src/targets/gateway/options.ts
var OPTIONS = [
  { name: "route-api", value: "apiVersion", choices: ROUTE_APIS, help: "apiVersion of the HTTPRoutes (default: gateway.networking.k8s.io/v1)" },
  { name: "linkerd", value: "release", choices: LINKERD_RELEASES, help: "write what this Linkerd release accepts, with its checks" },
  {
    name: "gateway-api",
    value: "release",
    choices: GATEWAY_API_RELEASES,
    help: "the Gateway API release installed (match limits, GRPCRoute\nand TCPRoute versions; default: 1.1, or what --linkerd bundles)"
  },
  { name: "service-group", value: "group", choices: ['""', "core"], help: 'group of the Service parentRefs (default: "")' },
  { name: "port", value: "number", help: "the Service port, when the input has no Service manifests" },
  { name: "route-kind", value: "kind", choices: ROUTE_KINDS, help: "route kind (default: auto, from each Service port's appProtocol or name)" },
  { name: "rescale-weights", help: "round weights that do not fit 1000000 even divided by their\ngreatest common divisor (reports the largest change), instead of refusing them" },
  { name: "keep-trafficsplit", help: "keep each TrafficSplit and write its routes after it" }
];
var gatewayEntry = {
  name: GATEWAY,
  summary: "replace them by Gateway API routes (docs/gateway.md)",
  produces: "Gateway API routes",
  options: OPTIONS,
  replaces: { TrafficSplit: "routes" },
  // A Service, or a route already there (facts.ts reads them).
  reads: ["Service", "Route"],
  readOptions,
  load: async () => (await import("./gateway-2BW2OHC2.js")).gatewayTarget
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
  if (kind) o.routeKind = kind;
  if (port !== void 0) {
    const n = Number(port);
    if (!/^[0-9]+$/.test(port) || n < 1 || n > 65535) throw new OptionError(`${label("port")} must be a number from 1 to 65535; got "${port}"`);
    o.port = n;
  }
  if (get("rescale-weights") === true) o.rescaleWeights = true;
  if (get("keep-trafficsplit") === true) o.keepTrafficSplit = true;
  return o;
}

// src/targets/registry.ts
var TARGETS2 = [gatewayEntry];
var TARGET_OPTIONS = [
  {
    name: "to",
    value: "version",
    choices: [...TARGETS, ...TARGETS2.map((t) => t.name)],
    help: `apiVersion to convert TrafficSplits to (default: v1alpha2),
${TARGETS2.map((t) => `or ${t.name}: ${t.summary}`).join("\n")}`
  },
  { name: "specs-to", value: "version", choices: SPECS_TARGETS, help: "apiVersion to convert HTTPRouteGroups and TCPRoutes to (default: leave them alone)" },
  { name: "access-to", value: "version", choices: ACCESS_TARGETS, help: "apiVersion to convert TrafficTargets to (default: leave them alone)" },
  { name: "mesh", value: "name", choices: MESHES, help: "pick for each kind the version that mesh's CRDs serve;\nexplicit --to, --specs-to and --access-to win" },
  ...TARGETS2.flatMap((t) => t.options.map((o) => ({ ...o, help: `with --to ${t.name}: ${o.help}` })))
];
function readTargets(get, label, pick) {
  const to = get("to");
  const chosen = TARGETS2.find((t) => t.name === to);
  for (const t of TARGETS2) {
    if (t === chosen) continue;
    const given = t.options.find((o) => get(o.name) !== void 0 && get(o.name) !== false);
    if (given) throw new OptionError(`${label(given.name)} needs ${pick(t.name)}`);
  }
  const str = (name) => typeof get(name) === "string" ? get(name) : void 0;
  const versions = resolveTargets({
    mesh: str("mesh"),
    to: chosen ? void 0 : str("to"),
    specsTo: str("specs-to"),
    accessTo: str("access-to")
  });
  return chosen ? { ...versions, target: { entry: chosen, options: chosen.readOptions(get, label) } } : versions;
}
async function prepareTarget(choice, documents) {
  return prepare(await choice.entry.load(), choice.options, documents);
}
function targetNamed(name) {
  return TARGETS2.find((t) => t.name === name);
}

export {
  TARGETS2 as TARGETS,
  TARGET_OPTIONS,
  readTargets,
  prepareTarget,
  targetNamed
};
