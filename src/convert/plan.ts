/**
 * The one planner: takes the views the locator read, runs each object's kind steps up to the
 * version the run wants, and turns the changes they collected into edits (the apiVersion's
 * version part, scalars, and the edit shapes of src/edit/), nothing else. An object with any
 * problem gets no edits at all (never half a conversion) and an error finding where it is.
 * It never names a kind.
 */
import type { ConvertOptions, Edit, Diagnostic, NeededValuesWrite, ObjectFact, Problem, ScalarRef } from '../model.js'
import {
  type Change,
  flagOf,
  type KindModule,
  type ObjectView,
  type Step,
  type StepResult,
  type Upgrade,
  versionFor,
} from '../kinds/kind.js'
import type { Claim, PlannedRewrite, PreparedTarget, Replacer, RunOptions } from '../targets/target.js'
import { valuesChanges } from './values.js'
import { describeObject } from './describe.js'
import { NEEDED_KINDS } from '../kinds/registry.js'
import { addKey, type Shaped, wrapKeys } from '../edit/shapes.js'
import { replaceObject } from '../edit/documents.js'
import { tabRefusedAfterPlain } from '../edit/plain.js'

export interface Plan {
  edits: Edit[]
  findings: Diagnostic[]
  /** Every named object with the version it has after the run, for checks across documents. */
  objects: ObjectFact[]
  /** What the target's replacements claim (route names…): the driver commits them if it keeps the conversion. */
  claims: Claim[]
  /** Objects already in the input that the replacements write anew (the driver finds and replaces them). */
  rewrites?: PlannedRewrite[]
  /** The values.yaml writes of the chart templates' conversions (files/helm/values.ts makes them). */
  valuesWrites?: NeededValuesWrite[]
}

/** The steps from `from` up to `to`; empty when `from` is already `to` or newer. Read-only: the list is shared. */
export function stepsBetween<D>(kind: KindModule<D>, from: string, to: string): readonly Step<D>[] {
  const a = kind.versions.indexOf(from)
  const b = kind.versions.indexOf(to)
  if (a < 0 || b < 0) return spanOf(kind, a, b)
  // A kind's steps never change: each span of known versions is worked out once, not twice for every object.
  let table = spans.get(kind) as (readonly Step<D>[] | undefined)[][] | undefined
  if (!table) spans.set(kind, (table = kind.versions.map(() => [])))
  return (table[a]![b] ??= spanOf(kind, a, b))
}

/** The steps from the version at index `a` up to the one at index `b`. */
function spanOf<D>(kind: KindModule<D>, a: number, b: number): Step<D>[] {
  return kind.steps.filter((s) => kind.versions.indexOf(s.from) >= a && kind.versions.indexOf(s.to) <= b)
}

/** By kind, the steps between its versions' indices (from, to). */
const spans = new Map<object, (readonly Step<never>[] | undefined)[][]>()

function isNewer<D>(kind: KindModule<D>, version: string, than: string): boolean {
  return kind.versions.indexOf(version) > kind.versions.indexOf(than)
}

/**
 * `pending`: the claims of this conversion so far (earlier documents of the same text); the
 * plan's own are added to it as they are made. It belongs to the conversion: the run's
 * ledger is written by the driver only, when it keeps the conversion.
 */
export function planObjects(views: readonly ObjectView[], text: string, opts: RunOptions, pending?: Map<string, string>): Plan {
  const plan: Plan = { edits: [], findings: [], objects: [], claims: [] }
  // Items of a `<Kind>List` that inherit its apiVersion, by List (none in most documents: no map then).
  let heirs: Map<ObjectView, ObjectView[]> | undefined
  for (const v of views) {
    if (!v.inheritsFrom) continue
    heirs ??= new Map()
    const list = heirs.get(v.inheritsFrom)
    if (list) list.push(v)
    else heirs.set(v.inheritsFrom, [v])
  }
  for (const view of views) {
    const replacer = opts.target?.plugin.replaces[view.kind.kind]
    if (replacer) {
      planReplacement(view, replacer, text, opts.target!, plan, (pending ??= new Map()))
      continue
    }
    if (view.inheritsFrom) continue
    const mine = heirs?.get(view)
    if (mine || view.heldBack) planList(view, mine ?? [], text, opts, plan)
    else fact(view, planObject(view, text, opts, plan), plan)
  }
  return plan
}

/**
 * A `<Kind>List` and the items that inherit its apiVersion move together or not at all: an
 * item "left unchanged" under a List whose apiVersion moved would change version all the same.
 */
function planList(list: ObjectView, heirs: readonly ObjectView[], text: string, opts: ConvertOptions, plan: Plan): void {
  if (list.problem) {
    // The items read the List's apiVersion: they stay with it.
    planObject(list, text, opts, plan)
    for (const heir of heirs) fact(heir, heir.version, plan)
    return
  }
  const own: Plan = { edits: [], findings: [], objects: [], claims: [] }
  const listVersion = planObject(list, text, opts, own)
  const items: Plan = { edits: [], findings: [], objects: [], claims: [] }
  const failed: ObjectView[] = []
  const versions = new Map<ObjectView, string>()
  for (const heir of heirs) {
    const before = items.findings.length
    versions.set(heir, planObject(heir, text, opts, items))
    if (items.findings.slice(before).some((f) => f.severity === 'error')) failed.push(heir)
  }
  const moves = own.edits.length > 0
  if (!moves || (failed.length === 0 && !list.heldBack)) {
    plan.edits.push(...own.edits, ...items.edits)
    plan.findings.push(...own.findings, ...items.findings)
    for (const w of [...(own.valuesWrites ?? []), ...(items.valuesWrites ?? [])]) (plan.valuesWrites ??= []).push(w)
    // An item without edits of its own still moves with its List's apiVersion.
    for (const heir of heirs) fact(heir, moves ? listVersion : versions.get(heir)!, plan)
    return
  }
  for (const heir of heirs) fact(heir, heir.version, plan)
  // Nothing under the List changes: report why the items that could convert did not.
  const errors = items.findings.filter((f) => f.severity !== 'info')
  const why = failed.length ? `${failed.map((f) => describeObject(f.ref)).join(', ')} cannot be converted` : list.heldBack!.message
  const message = `${describeObject(list.ref)}: apiVersion and items left unchanged: its items inherit its apiVersion and ${why}`
  const at = { offset: list.offset, object: list.ref, message }
  plan.findings.push(
    failed.length
      ? { severity: 'error', code: 'invalid-structure', ...at }
      : { severity: 'warning', code: 'templated', pending: true, ...at },
    ...errors,
  )
}

/**
 * A target that replaces the object by others (`--to gateway`): the whole object's text is
 * replaced (or, keeping it, followed) by the new objects, or nothing changes and the reason
 * is reported. The object's checks across documents end here: it is not of its kind any
 * more. What the replacement claims is kept with the plan only once its edit is placed.
 */
function planReplacement(
  view: ObjectView,
  replacer: Replacer,
  text: string,
  target: PreparedTarget,
  plan: Plan,
  pending: Map<string, string>,
): void {
  const object = view.ref
  const describe = describeObject(object)
  // A problem the target leaves for a person (`leave`) is a pending warning, as in planObject.
  const error = (p: Problem): void => {
    const at = { code: p.code, message: `${describe}: ${p.message}`, offset: p.offset, object }
    plan.findings.push(p.leave ? { severity: 'warning', pending: true, ...at } : { severity: 'error', ...at })
  }
  if (view.problem) return error(view.problem)
  if (view.list || view.inheritsFrom) {
    return error({
      code: 'invalid-structure',
      offset: view.offset,
      message: `a ${view.kind.kind}List holds ${view.kind.kind}s only, so its items cannot become routes: make it a kind: List first`,
    })
  }
  const action = view.action ?? view.templated
  if (action) {
    plan.findings.push({
      severity: 'warning',
      code: 'templated',
      offset: action.offset,
      object,
      pending: true,
      message: `${describe}: ${action.message}; the conversion writes the object anew, which would drop or misplace the template: left unchanged, convert it by hand`,
    })
    return
  }
  const r = replacer.replace(view, {
    options: target.options,
    context: target.context,
    claimed: (key) => pending.get(key) ?? target.ledger.get(key),
  })
  if ('problems' in r) return void r.problems.forEach(error)
  if ('skip' in r) return void plan.findings.push({ ...r.skip, object, message: `${describe} ${r.skip.message}` })
  const keep = target.plugin.keepsOriginal(target.options, view.kind.kind)
  // Only objects already in the input to write anew: a kept object stays as it is; one not kept goes.
  const placed =
    r.objects.length || !r.rewrites?.length || !keep ? replaceObject(text, view.layout(), view.item === true, r.objects, keep) : undefined
  if (placed && 'refused' in placed)
    return error({
      code: 'invalid-structure',
      offset: placed.offset,
      message: `${placed.refused}: its routes cannot be written in its place`,
    })
  if (placed) plan.edits.push(placed.edit)
  for (const c of r.claims) {
    plan.claims.push(c)
    pending.set(c[0], c[1])
  }
  const converted = (message: string, to: unknown): Diagnostic => ({
    severity: 'info',
    code: 'converted',
    offset: view.offset,
    object,
    message: `${describe}: ${message}`,
    from: `${view.kind.group}/${view.version}`,
    to: String(to ?? ''),
    ...(r.weights ? { weightsBefore: r.weights.before, weightsAfter: r.weights.after } : {}),
  })
  if (placed) plan.findings.push(converted(r.message, r.objects[0]?.apiVersion))
  for (const [i, w] of (r.rewrites ?? []).entries()) {
    const refused = { ...w.refused, object, message: `${describe} ${w.refused.message}` }
    // The object counts once: by its own line when it has one, else by its first route written anew.
    const further = placed !== undefined || i > 0 ? { further: true } : {}
    ;(plan.rewrites ??= []).push({ ...w, refused, done: { ...converted(w.message, w.object.apiVersion), ...further, offset: 0 } })
  }
  for (const f of r.findings) plan.findings.push({ ...f, object, message: `${describe}: ${f.message}` })
}

/**
 * The object's fact for checks across documents: named objects that need another, or that
 * another kind may need. Nothing else is kept, so a long stream holds no record per object.
 */
function fact(view: ObjectView, version: string, plan: Plan): void {
  if (view.ref.name === undefined) return
  const needs = view.kind.needs?.(view, version)
  const needsBefore = version === view.version ? needs : view.kind.needs?.(view, view.version)
  if (!needs?.length && !needsBefore?.length && !NEEDED_KINDS.has(view.kind.kind)) return
  const f: ObjectFact = { kind: view.kind.kind, name: view.ref.name, version, before: view.version, offset: view.offset }
  if (view.ref.namespace !== undefined) f.namespace = view.ref.namespace
  if (needs?.length) f.needs = needs
  if (needsBefore?.length) f.needsBefore = needsBefore
  plan.objects.push(f)
}

/** Plans one object (or a List's own apiVersion); returns the version it has after the run. */
function planObject(view: ObjectView, text: string, opts: ConvertOptions, plan: Plan): string {
  const describe = describeObject(view.ref)
  const fail = (problems: readonly Problem[]): string => {
    for (const p of problems) {
      const at = { code: p.code, message: `${describe}: ${p.message}`, offset: p.offset, object: view.ref }
      plan.findings.push(p.leave ? { severity: 'warning', pending: true, ...at } : { severity: 'error', ...at })
    }
    return view.version
  }
  if (view.problem) return fail([view.problem])
  const to = versionFor(view.kind, opts)
  if (to === undefined) return leftWithoutTarget(view, describe, plan)
  const upgrading = stepsBetween(view.kind, view.version, to).length > 0
  const u = runSteps(view, to, opts)
  if (u === 'nothing') {
    if (isNewer(view.kind, view.version, to)) {
      plan.findings.push({
        severity: 'info',
        code: 'newer-than-target',
        offset: view.offset,
        object: view.ref,
        message: `${describe} is ${view.version}, newer than ${flagOf(view.kind)} ${to}; left as it is`,
      })
    }
    return view.version
  }
  if ('problems' in u) return fail(u.problems)
  const structural = u.changes.find((c) => c.shape !== 'scalar')
  if (structural && view.templated) {
    plan.findings.push({
      severity: 'warning',
      code: 'templated',
      offset: view.templated.offset,
      object: view.ref,
      pending: true,
      message: `${describe}: ${view.templated.message}; its ${view.version} -> ${to} conversion moves or adds keys; left unchanged: convert it by hand`,
    })
    return view.version
  }
  const unmovable = structural ? view.unmovable?.() : undefined
  if (unmovable) return fail([unmovable])
  // Weights a chart renders from values: their changes are values.yaml writes (convert/values.ts).
  const values = valuesChanges(u.changes, text, opts.chartValues)
  if ('reason' in values) {
    const message = `${describe}: its weights render from values.yaml; left unchanged (${values.reason}): convert it by hand`
    plan.findings.push({ severity: 'warning', code: 'templated', offset: values.offset, object: view.ref, pending: true, message })
    return view.version
  }
  const shaped = changeEdits(values.changes, text, view)
  if ('refused' in shaped) return fail([{ code: 'invalid-structure', offset: shaped.offset, message: shaped.refused }])
  const edits = [...shaped.edits]
  if (upgrading && view.apiVersion) edits.push(apiVersionEdit(view.apiVersion, view.kind.group, view.version, to))
  if (edits.length > 0 && view.strip) edits.push(...view.strip)
  plan.edits.push(...edits)
  // A repair through values only (a v1alpha2 template whose value holds 250m) writes values.yaml alone.
  if (edits.length === 0 && values.writes.length === 0) return view.version
  const target = upgrading ? to : view.version
  const finding = conversionFinding(view, u, describe, upgrading, target)
  plan.findings.push(finding)
  for (const w of values.writes) (plan.valuesWrites ??= []).push({ ...w, by: finding })
  return target
}

/** An object of a kind the run does not convert: a note when a newer version exists. */
function leftWithoutTarget(view: ObjectView, describe: string, plan: Plan): string {
  const kind = view.kind
  if (!kind.replacedOnly && kind.versions.indexOf(view.version) < kind.versions.length - 1) {
    plan.findings.push({
      severity: 'info',
      code: 'no-target',
      offset: view.offset,
      object: view.ref,
      message: `${describe} is ${view.version}; left as it is (${flagOf(kind)} picks a version to convert it to)`,
    })
  }
  return view.version
}

/**
 * The kind's steps from the view's version up to `to`, or its repair when the version is
 * already there (or past it): the upgrade they filled, why they refuse, or `nothing` to do.
 */
function runSteps(view: ObjectView, to: string, opts: ConvertOptions): Upgrade | { problems: Problem[] } | 'nothing' {
  const u: Upgrade = { view, version: view.version, changes: [], notes: [] }
  // A List's own fields are not its items' fields: only its apiVersion moves.
  if (view.list) return u
  const steps = stepsBetween(view.kind, view.version, to)
  if (steps.length === 0) {
    const repaired: StepResult | false = view.kind.repair?.(u, opts) ?? false
    if (repaired === false) return 'nothing'
    return 'problems' in repaired ? repaired : u
  }
  // An object already past the hops that settle its data (a v1alpha2 split with `500m`) is
  // repaired first, so every hop up from it leaves that data as the newer versions hold it.
  const repaired: StepResult | false = view.kind.repair?.(u, opts) ?? false
  if (repaired !== false && 'problems' in repaired) return repaired
  for (const step of steps) {
    const result = step.apply(u, opts)
    if ('problems' in result) return result
    u.version = step.to
  }
  return u
}

/** The info finding of a conversion (or repair): versions, and the weights when one changes. */
function conversionFinding(view: ObjectView, u: Upgrade, describe: string, upgrading: boolean, target: string): Diagnostic {
  const before = u.weights?.before ?? []
  const after = u.weights?.after ?? []
  // Weights are shown only when one of them changes (`90, 10` that stay are not news).
  const changed = before.some((b, i) => b !== after[i])
  const weights = changed ? `weights ${before.join(', ')} -> ${after.join(', ')}` : ''
  const noted = u.notes.length ? ` (${u.notes.join('; ')})` : ''
  const finding: Diagnostic = {
    severity: 'info',
    code: upgrading ? 'converted' : 'repaired',
    offset: view.offset,
    object: view.ref,
    message: upgrading
      ? `${describe}: ${view.version} -> ${target}${weights ? `, ${weights}` : ''}${noted}`
      : `${describe}: ${u.repairing ?? `non-integer ${view.version}`} ${weights || 'weights'}${noted}`,
    from: `${view.kind.group}/${view.version}`,
    to: `${view.kind.group}/${target}`,
  }
  if (u.weights) Object.assign(finding, { weightsBefore: before, weightsAfter: after })
  return finding
}

/** The edits for a view's changes, or why one of them cannot be made in this source. */
function changeEdits(changes: readonly Change[], text: string, view: ObjectView): Shaped {
  const edits: Edit[] = []
  for (const c of changes) {
    let shaped: Shaped
    if (c.shape === 'scalar') shaped = scalarEdit(c.scalar, c.text, text)
    else if (c.shape === 'wrap') shaped = wrapKeys(text, view.layout(), c.keys, c.under, c.rename)
    else {
      // A key under an existing key (`spec.matches`) goes into that key's mapping.
      let map = view.layout()
      for (const key of c.path.slice(0, -1)) {
        const inner = map.pairs.find((p) => p.key === key)?.map
        if (!inner) return { refused: `${c.path.slice(0, -1).join('.')} is not a mapping`, offset: view.offset }
        map = inner
      }
      shaped = addKey(text, map, c.path[c.path.length - 1]!, c.value)
    }
    if ('refused' in shaped) return shaped
    edits.push(...shaped.edits)
  }
  return { edits }
}

/**
 * A scalar written anew, or why it cannot be in this source: a plain scalar written over a
 * quoted one inside a flow collection reads on over the line breaks after it, where go-yaml
 * (kubectl) refuses a tab that indents a line left of the flow's block indentation
 * (edit/plain.ts). No other spelling of an integer ends where the quote did, so the object
 * is refused, at the tab, rather than written in a form kubectl cannot read.
 */
function scalarEdit(scalar: ScalarRef, written: string, text: string): Shaped {
  const plain = !/^["'|>]/.test(written)
  const tab = plain && scalar.flowIndent !== undefined ? tabRefusedAfterPlain(text, scalar.end, scalar.flowIndent) : undefined
  if (!tab) return { edits: [{ start: scalar.start, end: scalar.end, text: written }] }
  return {
    refused:
      `${scalar.raw} is written as ${written}, unquoted, and kubectl's YAML reader reads on from an unquoted value ` +
      `over the line breaks after it: it refuses this line's tab inside a flow collection ("found a tab character ` +
      `that violates indentation"); indent the line with spaces to convert it`,
    offset: tab.offset,
  }
}

/**
 * Rewrites only the version inside the apiVersion scalar when the source ends with it as
 * written (`v1alpha1"`); a version spelled with escapes (`"v1alpha\u0031"`, JSON or YAML)
 * or otherwise not literally at the end gets the whole scalar rewritten in its own quoting,
 * so JSON stays JSON.
 */
function apiVersionEdit(scalar: ScalarRef, group: string, from: string, to: string): Edit {
  const quote = scalar.style === 'QUOTE_DOUBLE' ? '"' : scalar.style === 'QUOTE_SINGLE' ? "'" : ''
  const inline = scalar.style === 'PLAIN' || quote !== ''
  // A block scalar has no escapes; its source runs on to the line break(s) after the text.
  const written = inline ? scalar.raw : scalar.raw.trimEnd()
  if (written.endsWith(from + quote)) {
    const at = written.length - quote.length - from.length
    return { start: scalar.start + at, end: scalar.start + at + from.length, text: to }
  }
  const value = `${group}/${to}`
  return { start: scalar.start, end: scalar.end, text: quote === '"' ? JSON.stringify(value) : `${quote}${value}${quote}` }
}
