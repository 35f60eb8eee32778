/**
 * The one weight reader. A v1alpha1 TrafficSplit weight arrives in two forms: a YAML scalar
 * (a manifest, a kustomize patch: read as kubectl reads it, yaml11.ts) or a JSON value (a
 * ConversionReview's object: read as Quantity.UnmarshalJSON reads it, json.ts). Both end in
 * the same exact decimal, and from there one rule decides: a weight is never negative, and
 * an object's weights take one factor (weights.ts). The text steps, the kustomize patches and
 * trees and the webhook all read weights here, so they cannot disagree on what a weight is.
 */
import type { ScalarStyle } from '../model.js'
import type { Decimal } from './quantity.js'
import { readJsonWeight, type WeightReading } from './json.js'
import { readWeight } from './yaml11.js'
import { roundedNote } from './milli.js'
import { neededScale, type Scale, type ScaleOptions, scaleWeights } from './weights.js'

/** A weight scalar as written: `raw` is its source text (quotes included), `tag` an explicit tag. */
export interface YamlWeight {
  style: ScalarStyle
  value: string
  raw: string
  tag?: string | undefined
}

export type WeightInput = { yaml: YamlWeight } | { json: unknown }

/** Why the weight at `index` (in the order given) cannot be used. */
export interface WeightError {
  index: number
  reason: string
}

export type RuleResult =
  | { ok: true; weights: bigint[]; divided: boolean; bounded?: boolean; notes: Array<string | undefined> }
  | { ok: false; errors: WeightError[] }

/** One weight as a v1alpha1 quantity; `note` says how kubectl's reading differs from the text. */
export function readQuantityWeight(input: WeightInput): WeightReading {
  const r = 'json' in input ? readJsonWeight(input.json) : readYaml(input.yaml)
  // A weight is a share of traffic: Go parses `-1`, no mesh can use it.
  return r.ok && r.value.negative ? { ok: false, reason: 'is negative' } : r
}

function readYaml(w: YamlWeight): WeightReading {
  // A tag decides how kubectl resolves the scalar (`!!str 010` is 10, `010` is 8): a
  // converter that read past it would write another number than the one Kubernetes sees.
  if (w.tag)
    return { ok: false, reason: `has an explicit tag (${w.tag.replace('tag:yaml.org,2002:', '!!')}); remove the tag to convert it` }
  if (w.raw.length > MEMO_TEXT) return readWeight(w.style, w.value, w.raw)
  const known = memo.get(w.raw)
  if (known !== undefined && known.style === w.style && known.value === w.value) return known.reading
  if (memo.size >= MEMO_SIZE) memo.clear()
  const reading = frozen(readWeight(w.style, w.value, w.raw))
  memo.set(w.raw, { style: w.style, value: w.value, reading })
  return reading
}

/**
 * Readings of the weights written last: a stream of TrafficSplits writes the same few
 * notations again and again, and reading one (YAML 1.1 resolution, then the quantity, in
 * big integers) cost a tenth of such a stream's time. A reading is a pure function of the
 * scalar as written; the memo's are frozen, so nothing can change one for the next reader.
 * Keyed by the source text alone, the style and value checked on a hit: a key joined from
 * the three cost as much as the reading it saved.
 */
const memo = new Map<string, { style: ScalarStyle; value: string; reading: WeightReading }>()
const MEMO_SIZE = 512
const MEMO_TEXT = 64

function frozen(r: WeightReading): WeightReading {
  if (r.ok) Object.freeze(r.value)
  return Object.freeze(r)
}

/** All of an object's weights, in order: the exact values and their notes, or every error. */
export function readQuantityWeights(
  inputs: readonly WeightInput[],
): { ok: true; values: Decimal[]; notes: Array<string | undefined> } | { ok: false; errors: WeightError[] } {
  const values: Decimal[] = []
  const notes: Array<string | undefined> = []
  const errors: WeightError[] = []
  for (const [index, input] of inputs.entries()) {
    const r = readQuantityWeight(input)
    if (!r.ok) errors.push({ index, reason: r.reason })
    else {
      values.push(r.value)
      notes.push(r.note)
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, values, notes }
}

/**
 * The weight rule on an object's weights as they arrive: read, then one factor for all of
 * them (divided by their greatest common divisor when too large, outside a kustomize tree;
 * `bounded` when they still added up past what Linkerd sums and were written in proportion).
 */
export function weightRule(inputs: readonly WeightInput[], opts: ScaleOptions = {}): RuleResult {
  const read = readQuantityWeights(inputs)
  if (!read.ok) return read
  const scaled = scaleWeights(read.values, opts)
  if (!scaled.ok) return { ok: false, errors: [{ index: scaled.index, reason: scaled.reason }] }
  const notes = read.notes
  // A weight taken as Linkerd applied it (rounded to 1m) says so instead of how it was read.
  for (const i of scaled.rounded ?? []) notes[i] = roundedNote(read.values[i]!)
  const result = { ok: true as const, weights: scaled.weights, divided: scaled.divided === true, notes }
  return scaled.bounded ? { ...result, bounded: true } : result
}

/**
 * The factor an object's (or a patch's) weights need on their own, for a kustomize tree to
 * share: weights that cannot be read do not count (their conversion reports them).
 */
export function neededWeightScale(inputs: readonly WeightInput[]): Scale {
  const values: Decimal[] = []
  for (const input of inputs) {
    const r = readQuantityWeight(input)
    if (r.ok) values.push(r.value)
  }
  return neededScale(values)
}
