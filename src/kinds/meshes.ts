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
import type { VersionFields, Versions } from '../model.js'
import { versionsOfFields } from './versions.js'

export const MESHES = ['linkerd', 'osm', 'nginx', 'traefik'] as const
export type Mesh = (typeof MESHES)[number]

/** Each mesh's version of each kind it ships a CRD for, by kind. */
export const MESH_VERSIONS: Readonly<Record<Mesh, Versions>> = {
  // linkerd/linkerd-smi@c0c39b1:charts/linkerd-smi/templates/trafficsplit-crd.yaml (TrafficSplit only)
  linkerd: { TrafficSplit: 'v1alpha2' },
  // openservicemesh/osm@7bec5b6:cmd/osm-bootstrap/crds/{smi_traffic_split,smi_http_route_group,smi_tcp_route,smi_traffic_access}.yaml
  osm: { TrafficSplit: 'v1alpha2', HTTPRouteGroup: 'v1alpha4', TCPRoute: 'v1alpha4', TrafficTarget: 'v1alpha3' },
  // nginxinc/nginx-service-mesh@2e04536:helm-chart/crds/{trafficsplit,httproutegroup,tcproute,traffictarget}.yaml
  nginx: { TrafficSplit: 'v1alpha3', HTTPRouteGroup: 'v1alpha3', TCPRoute: 'v1alpha3', TrafficTarget: 'v1alpha2' },
  // traefik/mesh-helm-chart@0cc8514:mesh/crds/{smi-split,smi-specs,smi-access}.yaml
  traefik: { TrafficSplit: 'v1alpha3', HTTPRouteGroup: 'v1alpha3', TCPRoute: 'v1alpha3', TrafficTarget: 'v1alpha2' },
}

/** The mesh's versions (none without a mesh); an unknown mesh is a TypeError (library callers without types). */
export function meshVersions(mesh: Mesh | undefined): Versions {
  if (mesh !== undefined && !isMesh(mesh)) throw new TypeError(`mesh must be one of ${MESHES.join(', ')}; got "${String(mesh)}"`)
  return mesh ? MESH_VERSIONS[mesh] : {}
}

/**
 * The versions to convert to, from options in the library's spelling (`to`, `specsTo`,
 * `accessTo`: each kind option's field, kinds/versions.ts): each explicit option, else the
 * mesh's preset for that kind; a kind with neither takes its option's default (TrafficSplit:
 * v1alpha2) or is left alone.
 */
export function resolveTargets(o: VersionFields & { mesh?: Mesh | undefined }): { versions: Versions } {
  return { versions: versionsOfFields(o, meshVersions(o.mesh)) }
}

export function isMesh(name: unknown): name is Mesh {
  return (MESHES as readonly unknown[]).includes(name)
}
