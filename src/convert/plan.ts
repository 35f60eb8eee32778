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
import { isIntegerLiteral, MAX_WEIGHT, type Scale, scaleWeights } from './weights.js'

export interface Plan {
  edits: Edit[]
  findings: Finding[]
}

export function planSplits(splits: readonly SplitView[], opts: Pick<ConvertOptions, 'to' | 'scaleFloor'>): Plan {
  const plan: Plan = { edits: [], findings: [] }
  const heirs = new Map<SplitView, SplitView[]>()
  for (const s of splits) {
    if (!s.inheritsFrom) continue
    const list = heirs.get(s.inheritsFrom)
    if (list) list.push(s)
    else heirs.set(s.inheritsFrom, [s])
  }
  for (const split of splits) {
    if (split.inheritsFrom) continue
    const mine = heirs.get(split)
    if (mine || split.heldBack) planList(split, mine ?? [], opts, plan)
    else planSplit(split, opts, plan)
  }
  return plan
}

/**
 * A TrafficSplitList and the items that inherit its apiVersion move together or not at
 * all: an item "left unchanged" under a List whose apiVersion moved would change version
 * (with its quantity weights) all the same.
 */
function planList(list: SplitView, heirs: readonly SplitView[], opts: Pick<ConvertOptions, 'to' | 'scaleFloor'>, plan: Plan): void {
  const own: Plan = { edits: [], findings: [] }
  planSplit(list, opts, own)
  const items: Plan = { edits: [], findings: [] }
  const failed: SplitView[] = []
  for (const heir of heirs) {
    const before = items.findings.length
    planSplit(heir, opts, items)
    if (items.findings.slice(before).some((f) => f.severity === 'error')) failed.push(heir)
  }
  const moves = own.edits.length > 0
  if (!moves || (failed.length === 0 && !list.heldBack)) {
    plan.edits.push(...own.edits, ...items.edits)
    plan.findings.push(...own.findings, ...items.findings)
    return
  }
  // Nothing under the List changes: report why the items that could convert did not.
  const errors = items.findings.filter((f) => f.severity !== 'info')
  const why = failed.length
    ? `${failed.map((f) => describe(f)).join(', ')} cannot be converted`
    : list.heldBack!.message
  plan.findings.push({
    severity: failed.length ? 'error' : 'warning', code: failed.length ? 'invalid-structure' : 'templated',
    offset: list.offset, object: list.ref,
    message: `${describe(list)}: apiVersion and items left unchanged: its items inherit its apiVersion and ${why}`,
    ...(failed.length ? {} : { pending: true }),
  }, ...errors)
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
      const reading = readWeight(w.scalar.style, w.scalar.value, w.scalar.raw)
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
    // Only outside a kustomize tree may the weights be divided by a common divisor.
    const scaled = scaleWeights(values, opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, split.ref.name) } : {})
    if (!scaled.ok) {
      const s = scalars[scaled.index]!
      return void error(s.start, 'invalid-weight', `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}`)
    }
    if (scaled.divided) notes.push(`divided by their greatest common divisor to stay within ${MAX_WEIGHT}`)
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
  // Weights are shown only when one of them changes (`90, 10` that stay are not news).
  const changed = before.some((b, i) => b !== after[i])
  const weights = changed ? `weights ${before.join(', ')} -> ${after.join(', ')}` : ''
  const noted = notes.length ? ` (${notes.join('; ')})` : ''
  plan.findings.push({
    severity: 'info', code: upgrading ? 'converted' : 'repaired', offset: split.offset, object,
    message: upgrading
      ? `${describe(split)}: ${split.version} -> ${target}${weights ? `, ${weights}` : ''}${noted}`
      : `${describe(split)}: non-integer ${split.version} ${weights || 'weights'}${noted}`,
    from, to: toVersion, weightsBefore: before, weightsAfter: after,
  })
}

/**
 * Rewrites only the version inside the apiVersion scalar when the source ends with it as
 * written (`v1alpha1"`); a version spelled with escapes (`"v1alpha\u0031"`, JSON or YAML)
 * or otherwise not literally at the end gets the whole scalar rewritten in its own quoting,
 * so JSON stays JSON.
 */
function apiVersionEdit(scalar: ScalarRef, from: string, to: string): Edit {
  const quote = scalar.style === 'QUOTE_DOUBLE' ? '"' : scalar.style === 'QUOTE_SINGLE' ? "'" : ''
  const inline = scalar.style === 'PLAIN' || quote !== ''
  // A block scalar has no escapes; its source runs on to the line break(s) after the text.
  const written = inline ? scalar.raw : scalar.raw.trimEnd()
  if (written.endsWith(from + quote)) {
    const at = written.length - quote.length - from.length
    return { start: scalar.start + at, end: scalar.start + at + from.length, text: to }
  }
  const value = `${SMI_SPLIT_GROUP}/${to}`
  return { start: scalar.start, end: scalar.end, text: quote === '"' ? JSON.stringify(value) : `${quote}${value}${quote}` }
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
