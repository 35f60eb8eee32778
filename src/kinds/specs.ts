/**
 * What the `specs.smi-spec.io` kinds (HTTPRouteGroup, TCPRoute) share: the group, the
 * versions, and `--specs-to` as their target.
 */
import type { KindModule, Step } from './kind.js'

/** The versions of the `specs.smi-spec.io` kinds, oldest first. */
export const SPECS_VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'] as const

/** A `specs.smi-spec.io` kind with these hops; it reads nothing beyond the object's layout. */
export function specsKind(kind: string, steps: readonly Step[]): KindModule {
  return {
    kind,
    group: 'specs.smi-spec.io',
    versions: SPECS_VERSIONS,
    steps,
    target: (opts) => opts.specsTo,
    flag: '--specs-to',
    read: () => ({ data: undefined }),
  }
}
