/**
 * Reads where a TrafficTarget's subjects name a port (`destination.port`, `sources[].port`,
 * at the root in v1alpha1 or under `spec` later): v1alpha3 has no port field.
 */
import { isMap, isScalar, isSeq, type Node, type YAMLMap } from 'yaml'
import type { Problem } from '../../model.js'
import type { ReadContext } from '../../yaml/nodes.js'

export interface TargetData {
  ports: Array<{ offset: number; subject: string; value: string }>
}

export function readTarget(map: YAMLMap, _ctx: ReadContext): { data: TargetData; problem?: Problem } {
  const data: TargetData = { ports: [] }
  const spec = map.get('spec', true)
  const holder = isMap(spec) ? spec : map
  const port = (subject: unknown, name: string) => {
    if (!isMap(subject)) return
    const pair = subject.items.find((p) => isScalar(p.key) && p.key.value === 'port')
    if (!pair) return
    const key = pair.key as Node
    const value = isScalar(pair.value) ? String(pair.value.value ?? '') : ''
    data.ports.push({ offset: key.range?.[0] ?? 0, subject: name, value })
  }
  port(holder.get('destination', true), 'destination')
  const sources = holder.get('sources', true)
  if (isSeq(sources)) sources.items.forEach((s, i) => port(s, `source ${i + 1}`))
  return { data }
}
