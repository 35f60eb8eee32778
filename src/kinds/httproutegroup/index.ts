/**
 * `specs.smi-spec.io` HTTPRouteGroup. v1alpha2 → v1alpha3 moves the root `matches` under a
 * new `spec:` (its text moves as written: comments, quoting, and either header form, a map
 * or a list of single-key maps); the other hops rename the apiVersion only.
 */
import { apiVersionOnly, type StepResult, type Upgrade } from '../kind.js'
import { specsKind } from '../specs.js'
import { httpRouteGroupEntry } from './entry.js'

function matchesUnderSpec(u: Upgrade): StepResult {
  const layout = u.view.layout()
  const has = (key: string) => layout.pairs.some((p) => p.key === key)
  if (!has('matches')) return { ok: true }
  if (has('spec')) {
    const at = layout.pairs.find((p) => p.key === 'spec')!
    return {
      problems: [
        {
          code: 'invalid-structure',
          offset: at.keyStart,
          message: 'has both a root matches and a spec; merge them into spec.matches to convert it',
        },
      ],
    }
  }
  u.changes.push({ shape: 'wrap', keys: ['matches'], under: 'spec' })
  u.notes.push('matches moved under spec')
  return { ok: true }
}

export const httpRouteGroup = specsKind(httpRouteGroupEntry, [
  { from: 'v1alpha1', to: 'v1alpha2', apply: apiVersionOnly },
  { from: 'v1alpha2', to: 'v1alpha3', apply: matchesUnderSpec },
  { from: 'v1alpha3', to: 'v1alpha4', apply: apiVersionOnly },
])
