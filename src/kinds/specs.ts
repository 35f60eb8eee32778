/** The versions of the `specs.smi-spec.io` kinds (HTTPRouteGroup, TCPRoute), oldest first. */
export const SPECS_VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'] as const
