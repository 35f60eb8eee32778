/**
 * No pass for a half-converted chart (docs/helm.md#values-driven-weights): a TrafficSplit
 * template already at the version asked for (v1alpha2 or newer: integer weights) whose weight
 * renders from a value passes only when that value renders an integer with the chart's
 * values.yaml and with every values file beside it that sets it (chart-layout.ts
 * overrideFiles). A split one of whose values in values.yaml renders no integer is first
 * repaired through its values (`toRepair`: values.ts converts it again with them, under the
 * same proof as a v1alpha1 template). What is still left is left for a person, with the file,
 * line and column of the value and what it renders: a pending warning, so `--check` exits 1.
 * So is a split whose values render integers that add up past what Linkerd adds up without
 * wrapping when it reads v1alpha2 integers as whole units (LINKERD_UNIT_SUM; not when the run names another mesh): a manifest's such weights
 * are repaired by the weight rule (kinds/trafficsplit/steps.ts repair), but values are not
 * rewritten for it, since other values files and `--set` may give others.
 * The locator's notes (`valuesDone`) are consumed here, never reported.
 */
import { readFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Finding } from '../../model.js'
import { chartValuesFile } from './chart.js'
import type { ProofInput } from './values-proof.js'

/** The findings, each `valuesDone` note dropped or made a pending warning (new findings; those given are not changed). */
export async function withDoneWeights(
  findings: Finding[],
  file: string,
  input: Buffer,
  o: {
    show: (f: string) => string
    world?: Pick<ProofInput, 'dependents' | 'world' | 'runFiles'> | undefined
    notLinkerd?: boolean | undefined
  },
): Promise<Finding[]> {
  if (!findings.some((f) => f.valuesDone)) return findings
  const { parseValueForm } = await import('../../yaml/chartweight.js')
  const valuesFile = chartValuesFile(file)
  // Decoded only here: most files of a run hold no such note (a text of each of 20,000 files cost 2% of a --check).
  const template = input.toString('utf8')
  const lines = template.split('\n')
  const out: Finding[] = []
  // The value weights that render integers, by split: their sum is checked once all are read.
  const passed = new Map<string, Array<{ f: ValueNote; form: Form }>>()
  for (const f of findings) {
    if (f.code !== 'templated' || f.severity !== 'info' || !f.valuesDone) {
      out.push(f)
      continue
    }
    const form = parseValueForm(actionAt(template, lines, f))
    const problems = !valuesFile
      ? ['the chart has no values.yaml']
      : !form
        ? ['the action is not one this run reads']
        : await renderProblems(form, f, valuesFile, o)
    if (problems.length === 0) {
      const split = `${f.object?.namespace ?? ''}/${f.object?.name ?? ''}`
      passed.set(split, [...(passed.get(split) ?? []), { f: f as ValueNote, form: form! }])
      continue
    }
    out.push(pendingWarning(f as ValueNote, `${problems.join('; ')}: convert the value by hand`))
  }
  for (const [split, weights] of passed) {
    // A literal weight beside the values that kubectl reads as no integer: the split is not at its version either.
    const odd = (weights[0]!.f.valuesLiterals ?? []).filter((v) => v.int === undefined)
    if (odd.length === 0) continue
    passed.delete(split)
    out.push(pendingWarning(weights[0]!.f, `its literal weight ${odd.map((v) => v.raw).join(', ')} is no integer: convert it by hand`))
  }
  if (valuesFile && !o.notLinkerd) for (const weights of passed.values()) out.push(...(await pastSum(weights, valuesFile, o)))
  return out
}

/** A `valuesDone` note made a pending warning that says `why` after what the split's version takes. */
function pendingWarning(f: ValueNote, why: string): Finding {
  const { valuesDone: _done, valuesPath: _path, valuesAffix: _affix, valuesLiterals: _literals, ...rest } = f
  return { ...rest, severity: 'warning', pending: true, message: `${f.message}; the split's version takes integer weights, but ${why}` }
}

/**
 * A pending warning at a split's first value weight when the integers it renders add up past
 * LINKERD_UNIT_SUM (Linkerd would wrap the sum): its literal integer weights and its values
 * with values.yaml, with each other file of the proof's world that sets one of them over it
 * (`-f values-prod.yaml`), or with all of them given together (each value at the largest any
 * file sets). None otherwise.
 */
async function pastSum(
  weights: Array<{ f: ValueNote; form: Form }>,
  valuesFile: string,
  o: { show: (f: string) => string; world?: Pick<ProofInput, 'dependents' | 'world' | 'runFiles'> | undefined },
): Promise<Finding[]> {
  const { LINKERD_UNIT_SUM, pastLinkerdSum } = await import('../../yaml/chartweight.js')
  const sources = await renderedIntegers(weights, valuesFile, o)
  const own = sources.get(valuesFile) ?? []
  const over = (file: string) => weights.map((_, i) => sources.get(file)?.[i] ?? own[i])
  const largest = weights.map((_, i) =>
    [...sources.values()].reduce<bigint | undefined>(
      (a, v) => (v[i] !== undefined && (a === undefined || v[i]! > a) ? v[i] : a),
      undefined,
    ),
  )
  // The template's own integer weights render whatever the values hold.
  const literals = (weights[0]!.f.valuesLiterals ?? []).flatMap((v) => (v.int === undefined ? [] : [v.int]))
  const sumOf = (ints: Array<bigint | undefined>) => ints.reduce<bigint>((a, b) => a + (b ?? 0n), 0n) + literals.reduce((a, b) => a + b, 0n)
  const past = (ints: Array<bigint | undefined>) => pastLinkerdSum([...literals, ...ints.filter((v): v is bigint => v !== undefined)])
  const file = [...sources.keys()].find((f) => past(over(f)))
  const ints = file !== undefined ? over(file) : largest
  if (file === undefined && (sources.size < 3 || !past(largest))) return []
  const where =
    file === undefined
      ? `${[...sources.keys()].map(o.show).join(', ')} given together`
      : `${o.show(file)}${file === valuesFile ? '' : ' (over values.yaml)'}`
  const names = [...weights.map(({ form }) => `.Values.${form.path.join('.')}`), ...literals.map(String)].join(', ')
  const why =
    `${names} with ${where} ${file === undefined ? 'may ' : ''}render integers that add up to ${sumOf(ints)}, past ${LINKERD_UNIT_SUM}, what Linkerd adds up without ` +
    'wrapping (it reads v1alpha2 integers as whole units, × 10000 in 32 bits): convert the values by hand (divide them by their greatest common divisor)'
  return [pendingWarning(weights[0]!.f, why)]
}

/**
 * The integer each value weight renders, by the file that sets it: values.yaml (every weight)
 * and each other file of the proof's world (renderProblems has seen them all set integers
 * plainly) that sets one, as `-f` would.
 */
async function renderedIntegers(
  weights: Array<{ form: Form }>,
  valuesFile: string,
  o: { show: (f: string) => string; world?: Pick<ProofInput, 'dependents' | 'world' | 'runFiles'> | undefined },
): Promise<Map<string, Array<bigint | undefined>>> {
  const { findValue } = await import('../../yaml/values.js')
  const { renderForm } = await import('../../yaml/chartweight.js')
  const { valueSetters } = await import('./values-proof.js')
  const { settingsOf } = await import('./repo-values.js')
  const out = new Map<string, Array<bigint | undefined>>()
  const put = (file: string, i: number, json: unknown) => {
    const rendered = renderForm(weights[i]!.form, json)
    if ('reason' in rendered || !/^\d+$/.test(rendered.text)) return
    const ints = out.get(file) ?? weights.map(() => undefined)
    ints[i] = ints[i] === undefined || BigInt(rendered.text) > ints[i]! ? BigInt(rendered.text) : ints[i]
    out.set(file, ints)
  }
  const text = readText(valuesFile)
  weights.forEach(({ form }, i) => {
    put(valuesFile, i, findValue(text, form.path)?.json)
    const world = valueSetters({ chart: dirname(valuesFile), valuesFile, show: o.show, ...o.world }, form.path)
    if ('refused' in world) return
    for (const setter of world.setters) {
      for (const s of settingsOf(readText(setter.file), setter.path, setter.file)) {
        const value = 'unreadable' in s ? undefined : findValue(s.doc, setter.path)
        if (value) put(setter.file, i, value.json)
      }
    }
  })
  return out
}

/** A `valuesDone` note: a templated weight whose split is at a version that takes integers. */
type ValueNote = Finding & { code: 'templated' }

type Form = NonNullable<ReturnType<typeof import('../../yaml/chartweight.js').parseValueForm>>

/**
 * What the weight renders that is no integer, with values.yaml and with every other file of the
 * values proof's world that may set the value (values-proof.ts valueSetters: the files that may
 * be given with -f to each chart that renders it, an umbrella's values), each named where it
 * sets it; or why that world cannot be known.
 */
async function renderProblems(
  form: Form,
  f: Finding,
  valuesFile: string,
  o: { show: (f: string) => string; world?: Pick<ProofInput, 'dependents' | 'world' | 'runFiles'> | undefined },
): Promise<string[]> {
  const { findValue, valuesFileProblem } = await import('../../yaml/values.js')
  const { renderForm } = await import('../../yaml/chartweight.js')
  const { handedWhy, valueMention, valueMutation, valueSetters } = await import('./values-proof.js')
  const { settingsOf } = await import('./repo-values.js')
  const { valuesLeftOut } = await import('./helmignore.js')
  const problems: string[] = []
  // A values.yaml the chart's .helmignore leaves out is not what Helm renders the weight with.
  const left = valuesLeftOut(dirname(valuesFile), dirname(valuesFile))
  if (left) problems.push(`${o.show(left.file)}:1:1: ${left.why}`)
  const check = (value: ReturnType<typeof findValue>, where: string) => {
    const rendered = renderForm(form, value?.json)
    const affix = f.valuesAffix
    if ('reason' in rendered) problems.push(`${where}: ${rendered.reason}`)
    else if (affix?.more) problems.push(`the weight has more template text than the value action (${where})`)
    else if (!/^\d+$/.test(`${affix?.prefix ?? ''}${rendered.text}${affix?.suffix ?? ''}`))
      problems.push(`${where}, which renders ${affix?.prefix ?? ''}${rendered.text}${affix?.suffix ?? ''}`)
  }
  const text = readText(valuesFile)
  // A values.yaml that is not one YAML document is not read (a second document: Helm 4 merges them).
  const unread = valuesFileProblem(text)
  if (unread) return [...problems, `${o.show(valuesFile)}:${unread.line}:${unread.column}: ${unread.how}`]
  const own = findValue(text, form.path)
  check(own, own ? `${o.show(valuesFile)}:${own.line}:${own.column} holds ${own.raw}` : o.show(valuesFile))
  // A template that changes the value while the chart renders: no values file says what it renders.
  const changed = valueMutation({ chart: dirname(valuesFile), valuesFile, show: o.show, ...o.world }, form.path)
  if (changed) problems.push(`${changed} may change .Values.${form.path.join('.')}`)
  const world = valueSetters({ chart: dirname(valuesFile), valuesFile, show: o.show, ...o.world }, form.path)
  if ('refused' in world)
    return [...problems, `the files that may set .Values.${form.path.join('.')} cannot all be found: ${world.refused}`]
  for (const setter of world.setters) {
    for (const s of settingsOf(readText(setter.file), setter.path, setter.file)) {
      const at = `${o.show(setter.file)}:${s.line}:${s.column}`
      const name = `.Values.${setter.path.join('.')}`
      if ('unreadable' in s) problems.push(`${at}: ${s.unreadable}, so it may set ${name}`)
      else if (!s.plain) problems.push(`${at} (${s.how}) may set ${name}`)
      else {
        const value = findValue(s.doc, setter.path)
        check(value, value ? `${at} holds ${value.raw}` : `${at} sets ${name}`)
      }
    }
  }
  // Any other file that mentions the path may hand it to Helm (setter-scan.ts): what it sets is not known.
  const m = valueMention({ chart: dirname(valuesFile), valuesFile, show: o.show, ...o.world }, form.path)
  if (m && !('refused' in m) && m.handed)
    problems.push(
      `${o.show(m.file)}:${m.line}:${m.column}: ${handedWhy(m.handed, o.show, `.Values.${form.path.join('.')}`)}, so it may set a non-integer`,
    )
  else if (m && !('refused' in m))
    problems.push(
      `${o.show(m.file)}:${m.line}:${m.column} ${m.word === undefined ? 'mentions' : `spells ${m.word}, a key of`} .Values.${form.path.join('.')}: it may set a non-integer (a file this run cannot read as Helm's input)`,
    )
  return problems
}

/**
 * The `valuesDone` notes of each split to repair through its values: one of its value weights
 * renders no integer with the chart's values.yaml. All the split's notes, since its weights
 * take one factor.
 */
export async function toRepair(findings: readonly Finding[], file: string, readTemplate: () => string): Promise<Finding[]> {
  const notes = findings.filter((f) => f.code === 'templated' && f.severity === 'info' && f.valuesDone && f.valuesPath)
  const valuesFile = notes.length ? chartValuesFile(file) : undefined
  if (!valuesFile) return []
  const { findValue } = await import('../../yaml/values.js')
  const { parseValueForm, renderForm } = await import('../../yaml/chartweight.js')
  const text = readText(valuesFile)
  // The template is read only for a split that may need repair: most files of a run hold none.
  const template = readTemplate()
  const lines = template.split('\n')
  const splitOf = (f: Finding) => `${f.object?.namespace ?? ''}/${f.object?.name ?? ''}`
  const broken = new Set<string>()
  // Text around an action in the weight (`{{ .Values.w }}m`, quotes) is the template's: such a split is left as it is.
  const affixed = new Set(notes.filter((f) => f.valuesAffix).map(splitOf))
  for (const f of notes) {
    const form = parseValueForm(actionAt(template, lines, f))
    if (!form || affixed.has(splitOf(f))) continue
    const rendered = renderForm(form, findValue(text, form.path)?.json)
    if (!('reason' in rendered) && !/^\d+$/.test(rendered.text)) broken.add(splitOf(f))
  }
  return notes.filter((f) => broken.has(splitOf(f)))
}

/** The action a finding's line and column point at. */
function actionAt(template: string, lines: readonly string[], f: Finding): string {
  const at = lines.slice(0, f.line - 1).reduce((n, l) => n + l.length + 1, 0) + f.column - 1
  return /^\{\{[\s\S]*?\}\}/.exec(template.slice(at))?.[0] ?? ''
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
