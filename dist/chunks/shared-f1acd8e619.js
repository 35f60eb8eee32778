import {
  versionsOfFields
} from "./shared-e2b5701804.js";

// src/kinds/meshes.ts
var MESHES = ["linkerd", "osm", "nginx", "traefik"];
var MESH_VERSIONS = {
  // linkerd/linkerd-smi@c0c39b1:charts/linkerd-smi/templates/trafficsplit-crd.yaml (TrafficSplit only)
  linkerd: { TrafficSplit: "v1alpha2" },
  // openservicemesh/osm@7bec5b6:cmd/osm-bootstrap/crds/{smi_traffic_split,smi_http_route_group,smi_tcp_route,smi_traffic_access}.yaml
  osm: { TrafficSplit: "v1alpha2", HTTPRouteGroup: "v1alpha4", TCPRoute: "v1alpha4", TrafficTarget: "v1alpha3" },
  // nginxinc/nginx-service-mesh@2e04536:helm-chart/crds/{trafficsplit,httproutegroup,tcproute,traffictarget}.yaml
  nginx: { TrafficSplit: "v1alpha3", HTTPRouteGroup: "v1alpha3", TCPRoute: "v1alpha3", TrafficTarget: "v1alpha2" },
  // traefik/mesh-helm-chart@0cc8514:mesh/crds/{smi-split,smi-specs,smi-access}.yaml
  traefik: { TrafficSplit: "v1alpha3", HTTPRouteGroup: "v1alpha3", TCPRoute: "v1alpha3", TrafficTarget: "v1alpha2" }
};
function meshVersions(mesh) {
  if (mesh !== void 0 && !isMesh(mesh)) throw new TypeError(`mesh must be one of ${MESHES.join(", ")}; got "${String(mesh)}"`);
  return mesh ? MESH_VERSIONS[mesh] : {};
}
function resolveTargets(o) {
  return { versions: versionsOfFields(o, meshVersions(o.mesh)) };
}
function isMesh(name) {
  return MESHES.includes(name);
}

export {
  MESHES,
  meshVersions,
  resolveTargets
};
