/**
 * `linkerd.io` ServiceProfile (v1alpha1, v1alpha2: the same fields). No version chain of its
 * own to climb: only a target converts it (`--to gateway` writes its routes as Gateway API
 * routes, targets/gateway/profiles/), so without one it is left alone, without a note.
 */
import { apiVersionOnly, type KindModule } from '../kind.js'
import { serviceProfileEntry } from './entry.js'
import { type ProfileData, readProfile } from './read.js'

export const serviceProfile: KindModule<ProfileData> = {
  ...serviceProfileEntry,
  versions: ['v1alpha1', 'v1alpha2'],
  steps: [{ from: 'v1alpha1', to: 'v1alpha2', apply: apiVersionOnly }],
  read: readProfile,
  replacedOnly: true,
}
