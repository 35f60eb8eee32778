// src/kinds/meshes.ts
var MESHES = ["linkerd", "osm", "nginx", "traefik"];
var MESH_TARGETS = {
  // linkerd/linkerd-smi@c0c39b1:charts/linkerd-smi/templates/trafficsplit-crd.yaml (TrafficSplit only)
  linkerd: { to: "v1alpha2" },
  // openservicemesh/osm@7bec5b6:cmd/osm-bootstrap/crds/{smi_traffic_split,smi_http_route_group,smi_tcp_route,smi_traffic_access}.yaml
  osm: { to: "v1alpha2", specsTo: "v1alpha4", accessTo: "v1alpha3" },
  // nginxinc/nginx-service-mesh@2e04536:helm-chart/crds/{trafficsplit,httproutegroup,tcproute,traffictarget}.yaml
  nginx: { to: "v1alpha3", specsTo: "v1alpha3", accessTo: "v1alpha2" },
  // traefik/mesh-helm-chart@0cc8514:mesh/crds/{smi-split,smi-specs,smi-access}.yaml
  traefik: { to: "v1alpha3", specsTo: "v1alpha3", accessTo: "v1alpha2" }
};
var DEFAULT_TO = "v1alpha2";
function resolveTargets(o) {
  if (o.mesh !== void 0 && !isMesh(o.mesh)) throw new TypeError(`mesh must be one of ${MESHES.join(", ")}; got "${String(o.mesh)}"`);
  const preset = o.mesh ? MESH_TARGETS[o.mesh] : {};
  const specsTo = o.specsTo ?? preset.specsTo;
  const accessTo = o.accessTo ?? preset.accessTo;
  return {
    to: o.to ?? preset.to ?? DEFAULT_TO,
    ...specsTo ? { specsTo } : {},
    ...accessTo ? { accessTo } : {}
  };
}
function isMesh(name) {
  return MESHES.includes(name);
}

export {
  MESHES,
  resolveTargets
};
