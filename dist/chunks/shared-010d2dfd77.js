import {
  OptionError
} from "./shared-7cd1ba18bb.js";

// src/targets/gateway/model.ts
var GATEWAY = "gateway";
var LINKERD_RELEASES = ["2.13", "2.14", "2.15", "2.16", "2.17", "2.18", "2.19", "2.20"];
var GATEWAY_API_RELEASES = ["1.0", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6"];
var ROUTE_APIS = [
  "gateway.networking.k8s.io/v1",
  "gateway.networking.k8s.io/v1beta1",
  "policy.linkerd.io/v1beta2",
  "policy.linkerd.io/v1beta3"
];
var ROUTE_KINDS = ["auto", "http", "grpc", "tcp"];

// src/targets/gateway/overrides.ts
var ROUTE_KIND_ANNOTATION = "smi-migrate.io/route-kind";
var KINDS = ["http", "grpc", "tcp"];
var ENTRY = /^(?:([a-z0-9][-a-z0-9]*)\/)?([a-z0-9][-a-z0-9]*)(?::(\d{1,5}))?=(.+)$/;
function readRouteKinds(value, label) {
  if (value === "auto" || KINDS.includes(value)) return { routeKind: value };
  const out = {};
  for (const entry of value.split(",")) {
    const m = ENTRY.exec(entry.trim());
    if (!m || !KINDS.includes(m[4]) || m[3] !== void 0 && !validPort(m[3]))
      throw new OptionError(
        `${label} takes auto, http, grpc or tcp, or entries SERVICE[:PORT]=KIND (comma-separated, KIND http, grpc or tcp); got "${entry}"`
      );
    out[key(m[1], m[2], m[3])] = m[4];
  }
  return { routeKindFor: out };
}
function readPorts(value, label) {
  if (/^\d+$/.test(value)) {
    if (!validPort(value)) throw new OptionError(`${label} must be a number from 1 to 65535; got "${value}"`);
    return { port: Number(value) };
  }
  const out = {};
  for (const entry of value.split(",")) {
    const m = ENTRY.exec(entry.trim());
    if (!m || m[3] !== void 0 || !/^\d+$/.test(m[4]) || !validPort(m[4]))
      throw new OptionError(`${label} takes a port from 1 to 65535, or entries SERVICE=PORT (comma-separated); got "${entry}"`);
    out[key(m[1], m[2], void 0)] = Number(m[4]);
  }
  return { portFor: out };
}
function portOf(opts, namespace, root) {
  const forService = opts.portFor && (opts.portFor[key(namespace, root, void 0)] ?? opts.portFor[key(void 0, root, void 0)]);
  return forService ?? opts.port;
}
function kindOverride(opts, namespace, root, port, service) {
  const map = opts.routeKindFor ?? {};
  for (const k of [key(namespace, root, String(port)), key(void 0, root, String(port)), key(namespace, root), key(void 0, root)]) {
    const kind = map[k];
    if (kind) return { kind, by: `--route-kind ${k}=${kind}`, runWide: false };
  }
  const annotated = service?.routeKinds && (service.routeKinds[String(port)] ?? service.routeKinds["*"]);
  if (annotated) return { kind: annotated, by: `the annotation ${ROUTE_KIND_ANNOTATION} of Service ${root}`, runWide: false };
  if (opts.routeKind && opts.routeKind !== "auto") return { kind: opts.routeKind, by: `--route-kind ${opts.routeKind}`, runWide: true };
  return void 0;
}
function readAnnotation(value) {
  if (value === void 0) return void 0;
  const text = typeof value === "string" ? value.trim() : "";
  if (KINDS.includes(text)) return { "*": text };
  const out = {};
  for (const entry of text.split(",")) {
    const m = /^(\d{1,5})=(\w+)$/.exec(entry.trim());
    if (!m || !validPort(m[1]) || !KINDS.includes(m[2]))
      return { problem: `${ROUTE_KIND_ANNOTATION}: "${String(value)}" is not http, grpc or tcp, or PORT=KIND entries (comma-separated)` };
    out[String(Number(m[1]))] = m[2];
  }
  return out;
}
function key(namespace, name, port) {
  return `${namespace ? `${namespace}/` : ""}${name}${port !== void 0 ? `:${Number(port)}` : ""}`;
}
function validPort(text) {
  const n = Number(text);
  return n >= 1 && n <= 65535;
}

export {
  ROUTE_KIND_ANNOTATION,
  readRouteKinds,
  readPorts,
  portOf,
  kindOverride,
  readAnnotation,
  GATEWAY,
  LINKERD_RELEASES,
  GATEWAY_API_RELEASES,
  ROUTE_APIS,
  ROUTE_KINDS
};
