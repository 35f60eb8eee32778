/**
 * Plans the edits for the TrafficSplits of one document: the apiVersion's version part and
 * each weight scalar that must change, nothing else. An object with any problem gets no
 * edits at all (never half a conversion) and an error finding at the offending scalar.
 */
import { type ConvertOptions, type Edit, type Finding, SMI_SPLIT_GROUP } from '../model.js'
import { readWeight } from '../quantity/yaml11.js'
import type { Decimal } from '../quantity/quantity.js'
import { describeObject } from './describe.js'
import type { ScalarRef, SplitView } from './view.js'
import { isNewer, stepsBetween } from './versions.js'
import { isIntegerLiteral, type Scale, scaleWeights } from './weights.js'

export interface Plan {
  edits: Edit[]
  findings: Finding[]
}

export function planSplits(splits: readonly SplitView[], opts: Pick<ConvertOptions, 'to' | 'scaleFloor'>): Plan {
  const plan: Plan = { edits: [], findings: [] }
  for (const split of splits) planSplit(split, opts, plan)
  return plan
}

/** The factor other documents impose on this object's weights (kustomize trees). */
export function floorFor(floors: ConvertOptions['scaleFloor'], name: string | undefined): Scale {
  if (!floors) return 0
  return Math.max(floors.get('*') ?? 0, name === undefined ? 0 : floors.get(name) ?? 0) as Scale
}

function planSplit(split: SplitView, opts: Pick<ConvertOptions, 'to' | 'scaleFloor'>, plan: Plan): void {
  const to = opts.to
  const object = split.ref
  const error = (offset: number, code: Finding['code'], message: string) =>
    plan.findings.push({ severity: 'error', code, message: `${describe(split)}: ${message}`, offset, object })
  if (split.problem) return void error(split.problem.offset, split.problem.code, split.problem.message)

  const steps = stepsBetween(split.version, to)
  const upgrading = steps.length > 0
  const convertsWeights = steps.some((s) => s.convertsWeights)
  // v1alpha2+ objects with quantity strings (real dumps, buggy writers) are repaired with
  // the same rule; no apiVersion is ever moved backwards.
  const repairing = !convertsWeights && split.version !== 'v1alpha1' &&
    split.weights.some((w) => !('scalar' in w) || w.scalar.style !== 'PLAIN' || !isIntegerLiteral(w.scalar.value))
  if (!upgrading && !repairing) {
    if (isNewer(split.version, to)) {
      plan.findings.push({ severity: 'info', code: 'newer-than-target', offset: split.offset, object,
        message: `${describe(split)} is ${split.version}, newer than --to ${to}; left as it is` })
    }
    return
  }

  const before: string[] = []
  const after: string[] = []
  const notes: string[] = []
  const edits: Edit[] = []
  if (convertsWeights || repairing) {
    const values: Decimal[] = []
    const scalars: ScalarRef[] = []
    let failed = false
    for (const [i, w] of split.weights.entries()) {
      if ('problem' in w) {
        error(w.problem.offset, w.problem.code, w.problem.message)
        failed = true
        continue
      }
      const reading = readWeight(w.scalar.style, w.scalar.value)
      if (!reading.ok) {
        error(w.scalar.start, 'invalid-weight', `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}`)
        failed = true
        continue
      }
      if (reading.value.negative) {
        error(w.scalar.start, 'invalid-weight', `backend ${i + 1} weight ${show(w.scalar)} is negative`)
        failed = true
        continue
      }
      if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`)
      values.push(reading.value)
      scalars.push(w.scalar)
    }
    if (failed) return
    const scaled = scaleWeights(values, floorFor(opts.scaleFloor, split.ref.name))
    if (!scaled.ok) {
      const s = scalars[scaled.index]!
      return void error(s.start, 'invalid-weight', `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}`)
    }
    const seen = new Set<number>()
    for (const [i, s] of scalars.entries()) {
      const text = scaled.weights[i]!.toString()
      before.push(s.raw)
      after.push(text)
      // An anchored weight read through aliases is one scalar: edit it once.
      if (s.raw !== text && !seen.has(s.start)) edits.push({ start: s.start, end: s.end, text })
      seen.add(s.start)
    }
  }
  const target = upgrading ? to : split.version
  if (upgrading && split.apiVersion) edits.push(apiVersionEdit(split.apiVersion, split.version, to))
  if (edits.length > 0 && split.strip) edits.push(...split.strip)

  plan.edits.push(...edits)
  if (edits.length === 0) return
  const from = `${SMI_SPLIT_GROUP}/${split.version}`
  const toVersion = `${SMI_SPLIT_GROUP}/${target}`
  const weights = before.length ? `weights ${before.join(', ')} -> ${after.join(', ')}` : ''
  const noted = notes.length ? ` (${notes.join('; ')})` : ''
  plan.findings.push({
    severity: 'info', code: upgrading ? 'converted' : 'repaired', offset: split.offset, object,
    message: upgrading
      ? `${describe(split)}: ${split.version} -> ${target}${weights ? `, ${weights}` : ''}${noted}`
      : `${describe(split)}: non-integer ${split.version} ${weights}${noted}`,
    from, to: toVersion, weightsBefore: before, weightsAfter: after,
  })
}

/** Rewrites only the version inside the apiVersion scalar, keeping its quoting. */
function apiVersionEdit(scalar: ScalarRef, from: string, to: string): Edit {
  const at = scalar.raw.lastIndexOf(from)
  if (at >= 0 && scalar.value.endsWith(from)) {
    return { start: scalar.start + at, end: scalar.start + at + from.length, text: to }
  }
  return { start: scalar.start, end: scalar.end, text: `${SMI_SPLIT_GROUP}/${to}` }
}

function describe(split: SplitView): string {
  return describeObject(split.ref)
}

/** A scalar for a one-line message: a block scalar's line breaks are shown as `\n`. */
function show(s: ScalarRef): string {
  const flat = s.raw.split('\r').join('\\r').split('\n').join('\\n')
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat
  return s.style === 'PLAIN' ? `"${raw}"` : raw
}
