/**
 * Which TrafficSplits of a Helm template cannot be converted statically, and why. Such an
 * object is reported (a warning at the action, `--check` exits 1) and left exactly as it is:
 * converting its literal parts alone would render a v1alpha2 object with quantity weights,
 * or weights on two different scales.
 */
import { isMap, isScalar, type Node, type YAMLMap } from 'yaml'
import type { SplitView } from '../convert/view.js'
import { type Action, actionWithin } from './template.js'

export interface Templated {
  action: Action
  /** What is templated, for the message: "backend 2 weight", "apiVersion", "spec". */
  what: string
}

/** The apiVersion of a `kind: TrafficSplit` object, when a template action writes (part of) it. */
export function templatedApiVersion(map: YAMLMap, actions: readonly Action[]): Templated | undefined {
  const node = map.get('apiVersion', true) as Node | undefined
  if (!node?.range) return undefined
  const action = actionWithin(actions, node.range[0], node.range[1])
  return action ? { action, what: 'apiVersion' } : undefined
}

/**
 * A weight written by an action (`weight: {{ .Values.w }}`), or spec content that an action
 * outside `metadata` generates (`{{- toYaml .Values.backends | nindent 4 }}`), whose weights
 * we cannot see. Conditionals (`{{- if }}` around a backend) are fine: every literal weight
 * is converted with one common factor, so any subset a render picks keeps its ratios.
 */
export function templatedSplit(map: YAMLMap, split: SplitView, actions: readonly Action[]): Templated[] {
  const weights: Templated[] = []
  for (const [i, w] of split.weights.entries()) {
    const start = 'scalar' in w ? w.scalar.start : w.offset
    const end = 'scalar' in w ? w.scalar.end : w.offset + 1
    const action = actionWithin(actions, start, end)
    if (action) weights.push({ action, what: `backend ${i + 1} weight` })
  }
  if (weights.length) return weights
  const [start, , end] = map.range ?? [0, 0, 0]
  const metadata = map.get('metadata', true) as Node | undefined
  const [metaStart, metaEnd] = isMap(metadata) || isScalar(metadata) ? [metadata.range![0], metadata.range![2]] : [0, 0]
  const generated = actions.find((a) => a.output && a.standalone && a.start >= start && a.start < end &&
    !(a.start >= metaStart && a.start < metaEnd))
  return generated ? [{ action: generated, what: 'spec' }] : []
}
