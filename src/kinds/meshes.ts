/**
 * `--mesh`: for each SMI kind, the apiVersion a mesh's own CRDs store and its controller
 * reads, so one flag picks `--to`, `--specs-to` and `--access-to` together. A kind the mesh
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
import type { AccessTarget, SpecsTarget, Target } from '../model.js'

export const MESHES = ['linkerd', 'osm', 'nginx', 'traefik'] as const
export type Mesh = (typeof MESHES)[number]

export interface Targets {
  to: Target
  /** HTTPRouteGroup and TCPRoute (specs.smi-spec.io); undefined: left alone. */
  specsTo?: SpecsTarget
  /** TrafficTarget (access.smi-spec.io); undefined: left alone. */
  accessTo?: AccessTarget
}

export const MESH_TARGETS: Readonly<Record<Mesh, Readonly<Targets>>> = {
  // linkerd/linkerd-smi@c0c39b1:charts/linkerd-smi/templates/trafficsplit-crd.yaml (TrafficSplit only)
  linkerd: { to: 'v1alpha2' },
  // openservicemesh/osm@7bec5b6:cmd/osm-bootstrap/crds/{smi_traffic_split,smi_http_route_group,smi_tcp_route,smi_traffic_access}.yaml
  osm: { to: 'v1alpha2', specsTo: 'v1alpha4', accessTo: 'v1alpha3' },
  // nginxinc/nginx-service-mesh@2e04536:helm-chart/crds/{trafficsplit,httproutegroup,tcproute,traffictarget}.yaml
  nginx: { to: 'v1alpha3', specsTo: 'v1alpha3', accessTo: 'v1alpha2' },
  // traefik/mesh-helm-chart@0cc8514:mesh/crds/{smi-split,smi-specs,smi-access}.yaml
  traefik: { to: 'v1alpha3', specsTo: 'v1alpha3', accessTo: 'v1alpha2' },
}

/** The TrafficSplit target without `--to` or a mesh. */
export const DEFAULT_TO: Target = 'v1alpha2'

/**
 * The versions to convert to: each explicit option, else the mesh's preset for that kind,
 * else the default (`to`: v1alpha2; the sibling kinds: undefined, left alone).
 */
export function resolveTargets(o: {
  mesh?: Mesh | undefined
  to?: Target | undefined
  specsTo?: SpecsTarget | undefined
  accessTo?: AccessTarget | undefined
}): Targets {
  if (o.mesh !== undefined && !isMesh(o.mesh)) throw new TypeError(`mesh must be one of ${MESHES.join(', ')}; got "${String(o.mesh)}"`)
  const preset: Partial<Targets> = o.mesh ? MESH_TARGETS[o.mesh] : {}
  const specsTo = o.specsTo ?? preset.specsTo
  const accessTo = o.accessTo ?? preset.accessTo
  return {
    to: o.to ?? preset.to ?? DEFAULT_TO,
    ...(specsTo ? { specsTo } : {}),
    ...(accessTo ? { accessTo } : {}),
  }
}

export function isMesh(name: unknown): name is Mesh {
  return (MESHES as readonly unknown[]).includes(name)
}
