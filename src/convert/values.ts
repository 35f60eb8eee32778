/**
 * Values-driven weights of a chart template (docs/helm.md#values-driven-weights): when every
 * templated weight of a split is a value action (`{{ .Values.a.b }}`, yaml/chartweight.ts)
 * whose value file mode read as Helm does (`chartValues`, files/helm/values.ts), each such weight
 * is read as what Helm renders, and the split is converted with one factor for all of its
 * weights. The action is never edited: the weight's scalar carries its values path, and the
 * planner turns its change into a values.yaml write. Otherwise the reasons come back, one
 * per weight that has one, for the warnings.
 */
import type { ChartValue, ScalarRef, ValuesWrite, WeightRef } from '../model.js'
import type { Change } from '../kinds/kind.js'
import type { Templated } from '../yaml/templated.js'
import { parseValueForm, renderForm, rendersAs } from '../yaml/chartweight.js'

export type ValueWeights = { weights: WeightRef[] } | { reasons: Map<Templated, string> }

/** The split's weights with its value actions read as Helm renders them, or why not; undefined without chart values. */
export function valueWeights(
  templated: readonly Templated[],
  weights: readonly WeightRef[],
  original: string,
  values: ReadonlyMap<string, ChartValue> | undefined,
): ValueWeights | undefined {
  if (!values || templated.some((t) => !t.what.endsWith(' weight'))) return undefined
  const out = [...weights]
  const reasons = new Map<Templated, string>()
  for (const t of templated) {
    const r = readOne(t, weights, original, values)
    if (r === undefined) return undefined
    if ('reason' in r) reasons.set(t, r.reason)
    else out[r.index] = { offset: weights[r.index]!.offset, scalar: r.scalar }
  }
  if (reasons.size === 0) return { weights: out }
  // One factor for all weights of a split: a weight whose value is fine waits for the others.
  const first = [...reasons.keys()][0]!
  for (const t of templated) if (!reasons.has(t)) reasons.set(t, `its value waits for ${first.what}, whose value cannot be converted`)
  return { reasons }
}

/**
 * For a view's reading with templated fields: its weights replaced by the value weights (and
 * undefined), or each templated field with the reason it stays (none without chart values).
 */
export function withValueWeights(
  read: { templated?: Templated[]; data: unknown },
  original: string,
  values: ReadonlyMap<string, ChartValue> | undefined,
): Array<[Templated, string | undefined]> | undefined {
  const templated = read.templated ?? []
  const data = read.data as { weights?: WeightRef[] }
  const v = data.weights && valueWeights(templated, data.weights, original, values)
  if (v && 'weights' in v) {
    data.weights = v.weights
    return undefined
  }
  return templated.map((t) => [t, v?.reasons.get(t)])
}

function readOne(
  t: Templated,
  weights: readonly WeightRef[],
  original: string,
  values: ReadonlyMap<string, ChartValue>,
): { index: number; scalar: ScalarRef } | { reason: string } | undefined {
  const { action, scalar } = t
  const index = weights.findIndex((w) => 'scalar' in w && w.scalar.start === scalar?.start)
  if (!scalar || index < 0 || !action.valuesPath) return undefined
  const value = values.get(action.valuesPath.join('.'))
  if (!value) return undefined
  if ('refused' in value) return { reason: value.refused }
  const source = original.slice(action.start, action.end)
  const form = parseValueForm(source)!
  if (scalar.quoted)
    return { reason: 'the weight is quoted around the action, and a v1alpha2 weight is an integer: unquote it, then run again' }
  if (scalar.start !== action.start || scalar.end !== action.end)
    return { reason: 'the weight has more template text than the value action' }
  if (form.trimLeft) return { reason: '{{- trims the space after "weight:" away' }
  const after = original.slice(action.end)
  if (form.trimRight && /^\s/.test(after) && after.trim() !== '') return { reason: '-}} joins the next line to the weight' }
  const rendered = renderForm(form, 'absent' in value ? undefined : value.json)
  if ('reason' in rendered) return rendered
  const text = rendered.text
  return { index, scalar: { style: 'PLAIN', value: text, raw: text, start: action.start, end: action.end, valuesPath: form.path } }
}

/**
 * The planner's half: a scalar change of a value-rendered weight becomes a values write (the
 * template keeps its action), once it is certain the integer renders as itself through the
 * action; `reason` when it would not.
 */
export function valuesChanges(
  changes: readonly Change[],
  original: string,
  values: ReadonlyMap<string, ChartValue> | undefined,
): { changes: Change[]; writes: ValuesWrite[] } | { reason: string; offset: number } {
  const kept: Change[] = []
  const writes: ValuesWrite[] = []
  for (const c of changes) {
    const path = c.shape === 'scalar' ? c.scalar.valuesPath : undefined
    if (c.shape !== 'scalar' || !path) {
      kept.push(c)
      continue
    }
    const form = parseValueForm(original.slice(c.scalar.start, c.scalar.end))
    const value = values?.get(path.join('.'))
    if (!form || !value) return { reason: 'internal error: a values weight without its value', offset: c.scalar.start }
    const r = rendersAs(form, value, c.text)
    if ('reason' in r) return { reason: r.reason, offset: c.scalar.start }
    if (!writes.some((w) => w.path.join('.') === path.join('.'))) writes.push({ path, text: c.text })
  }
  return { changes: kept, writes }
}
