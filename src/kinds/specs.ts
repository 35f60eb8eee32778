/**
 * What the `specs.smi-spec.io` kinds (HTTPRouteGroup, TCPRoute) share: the group, the
 * versions, and one option, `--specs-to`, that picks the version of both.
 */
import { SPECS_TARGETS } from '../model.js'
import type { KindEntry, KindModule, Step, VersionOption } from './kind.js'

export const SPECS_GROUP = 'specs.smi-spec.io'

/** The versions of the `specs.smi-spec.io` kinds, oldest first. */
export const SPECS_VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'] as const

/** One object for both kinds: the surfaces offer it once. */
export const SPECS_OPTION: VersionOption = {
  name: 'specs-to',
  value: 'version',
  choices: SPECS_TARGETS,
  help: 'apiVersion to convert HTTPRouteGroups and TCPRoutes to (default: leave them alone)',
}

/** A `specs.smi-spec.io` kind with these hops; it reads nothing beyond the object's layout. */
export function specsKind(entry: KindEntry, steps: readonly Step[]): KindModule {
  return { ...entry, versions: SPECS_VERSIONS, steps, read: () => ({ data: undefined }) }
}
