/**
 * `specs.smi-spec.io` TCPRoute. v1alpha1 and v1alpha2 have no spec; v1alpha3 adds an empty
 * `spec: {}`; v1alpha4 adds `spec.matches`, an object whose `ports: []` means every port of
 * the Service (the spec's words; the SDK's CRD requires `matches.ports`).
 */
import type { PlainValue } from '../../edit/emit.js'
import { apiVersionOnly, type StepResult, type Upgrade } from '../kind.js'
import { specsKind } from '../specs.js'
import { tcpRouteEntry } from './entry.js'

/** v1alpha3: an empty spec, unless the object has one already. */
function addSpec(u: Upgrade): StepResult {
  if (u.view.layout().pairs.some((p) => p.key === 'spec')) return { ok: true }
  u.changes.push({ shape: 'add', path: ['spec'], value: {} })
  u.notes.push('spec: {} added')
  return { ok: true }
}

/** v1alpha4: `spec.matches` with no ports (every port), in the spec being added or the one written. */
function addMatches(u: Upgrade): StepResult {
  const matches: PlainValue = { ports: [] }
  const added = u.changes.find((c) => c.shape === 'add' && c.path.join('.') === 'spec')
  if (added && added.shape === 'add') {
    added.value = { matches }
    u.notes.splice(u.notes.indexOf('spec: {} added'), 1, 'spec.matches added: all ports')
    return { ok: true }
  }
  const spec = u.view.layout().pairs.find((p) => p.key === 'spec')
  if (!spec) {
    // A v1alpha3 TCPRoute written without its (empty) spec.
    u.changes.push({ shape: 'add', path: ['spec'], value: { matches } })
    u.notes.push('spec.matches added: all ports')
    return { ok: true }
  }
  if (!spec.map) {
    return { problems: [{ code: 'invalid-structure', offset: spec.keyStart, message: 'spec is not a mapping' }] }
  }
  if (spec.map.pairs.some((p) => p.key === 'matches')) return { ok: true }
  u.changes.push({ shape: 'add', path: ['spec', 'matches'], value: matches })
  u.notes.push('spec.matches added: all ports')
  return { ok: true }
}

export const tcpRoute = specsKind(tcpRouteEntry, [
  { from: 'v1alpha1', to: 'v1alpha2', apply: apiVersionOnly },
  { from: 'v1alpha2', to: 'v1alpha3', apply: addSpec },
  { from: 'v1alpha3', to: 'v1alpha4', apply: addMatches },
])
