/**
 * `access.smi-spec.io` TrafficTarget. v1alpha1 → v1alpha2 wraps `destination`, `sources`
 * and `specs` under a new `spec:` and renames `specs` to `rules`; v1alpha2 → v1alpha3
 * removes `port` from subjects. A port is never dropped silently: it is an error at its line
 * with the fix (ports moved to routes: a v1alpha4 TCPRoute with `matches.ports`).
 */
import type { KindModule, StepResult, Upgrade } from '../kind.js'
import { trafficTargetEntry } from './entry.js'
import { readTarget, type TargetData } from './read.js'

function wrapInSpec(u: Upgrade<TargetData>): StepResult {
  const layout = u.view.layout()
  const spec = layout.pairs.find((p) => p.key === 'spec')
  const moving = layout.pairs.filter((p) => ['destination', 'sources', 'specs'].includes(p.key))
  if (moving.length === 0) return { ok: true }
  if (spec) {
    return {
      problems: [
        {
          code: 'invalid-structure',
          offset: spec.keyStart,
          message: `has both a spec and a root ${moving[0]!.key}; move them into spec to convert it`,
        },
      ],
    }
  }
  u.changes.push({ shape: 'wrap', keys: ['destination', 'sources', 'specs'], under: 'spec', rename: { specs: 'rules' } })
  const names = moving.map((p) => p.key)
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]!
  u.notes.push(`${list} moved under spec${names.includes('specs') ? ', specs renamed rules' : ''}`)
  return { ok: true }
}

function dropPorts(u: Upgrade<TargetData>): StepResult {
  if (u.view.data.ports.length === 0) return { ok: true }
  return {
    problems: u.view.data.ports.map((p) => ({
      code: 'invalid-structure' as const,
      offset: p.offset,
      message:
        `${p.subject} port ${p.value} cannot be written in ${u.view.kind.group}/v1alpha3, which has no port on subjects: ` +
        `remove it and add a v1alpha4 TCPRoute with matches.ports: [${p.value}], referenced from spec.rules`,
    })),
  }
}

export const trafficTarget: KindModule<TargetData> = {
  ...trafficTargetEntry,
  versions: ['v1alpha1', 'v1alpha2', 'v1alpha3'],
  steps: [
    { from: 'v1alpha1', to: 'v1alpha2', apply: wrapInSpec },
    { from: 'v1alpha2', to: 'v1alpha3', apply: dropPorts },
  ],
  read: readTarget,
}
