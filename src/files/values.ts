/**
 * Values-driven weights in file mode (docs/helm.md#values-driven-weights): a chart template
 * whose TrafficSplit weights are value actions (`weight: {{ .Values.canary.weight }}`) is
 * converted again with the values Helm would render (convert/values.ts), and the values
 * those weights render take their new integers in the chart's values.yaml, in the scalar's
 * own quoting, every other byte kept.
 *
 * A value is converted only when nothing else can read it: no other reference in the
 * chart's `templates/` (every file, `_*.tpl` helpers included, as Helm loads them) or in
 * values.yaml (`tpl`), no reference to a part of the path that holds it (`.Values.canary`
 * passed whole, `toYaml .Values`, `index .Values "canary"`, `$.Values`), no `values-*.yaml`
 * beside the chart that sets it, no parent chart, no `global.`, no values.schema.json that
 * names it, and values.yaml writable within the write boundary. Otherwise the template's
 * warning says why. A template and its values.yaml are written together or not at all
 * (hold-back.ts).
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { ChartValue, ConvertOptions, Finding, NeededValuesWrite } from '../model.js'
import { realOrSelf } from '../paths.js'
import { EditLog } from '../edit/log.js'
import { beyondMessage, type WriteBoundary } from './boundary.js'
import { checkWritable } from './write.js'

type Converted = { output: Buffer; changed: boolean; findings: Finding[]; valuesWrites?: ReadonlyArray<NeededValuesWrite<Finding>> }

export interface ValuesContext {
  show: (file: string) => string
  boundary?: WriteBoundary | undefined
  writing?: boolean | undefined
}

/** A values.yaml the run changes: its bytes as read, its writes, the templates that need it, what it says. */
export interface ValuesFile {
  file: string
  input: Buffer
  /** Its text, decoded from `input`, with the writes made; and the writes as edits of that text as read. */
  log: EditLog
  templates: string[]
  findings: Finding[]
}

const MAX_USES_SHOWN = 3

/** The run's values.yaml changes, made template by template (a second template sees the first one's writes). */
export class ChartValuesRun {
  readonly files = new Map<string, ValuesFile>()
  constructor(private readonly ctx: ValuesContext) {}

  /**
   * Converts `file` again with its chart's values when its first conversion left value
   * weights pending; records the values.yaml writes. Returns the conversion to keep.
   */
  async convert<T extends Converted>(file: string, first: T, opts: ConvertOptions, again: (opts: ConvertOptions) => T): Promise<T> {
    const wanted = first.findings.filter((f) => f.code === 'templated' && f.pending && f.valuesPath)
    if (wanted.length === 0) return first
    const chart = chartOf(file)
    const valuesFile = chart && join(chart, 'values.yaml')
    if (!chart || !existsSync(valuesFile!)) return first
    const key = realOrSelf(valuesFile!)
    const known = this.files.get(key)
    let input: Buffer
    try {
      input = known?.input ?? readFileSync(valuesFile!)
    } catch {
      return first
    }
    const text = known?.log.text ?? input.toString('utf8')
    const values = await this.readValues(file, chart, valuesFile!, text, wanted)
    const second = again({ ...opts, chartValues: values })
    const writes = second.valuesWrites ?? []
    if (writes.length === 0) return second
    const { findValue } = await import('../yaml/values.js')
    const record: ValuesFile = known ?? { file: valuesFile!, input, log: new EditLog(text), templates: [], findings: [] }
    for (const w of writes) {
      const at = findValue(record.log.text, w.path)
      if (!at) throw new Error(`internal error: ${w.path.join('.')} vanished from ${valuesFile}`)
      const q = at.quoted ? at.raw[0]! : ''
      const written = `${q}${w.text}${q}`
      record.findings.push({
        severity: 'info',
        code: 'values-converted',
        offset: at.start,
        path: this.ctx.show(valuesFile!),
        line: at.line,
        column: at.column,
        message: `${w.path.join('.')} ${at.raw} -> ${written} (a weight of ${w.by.message.slice(0, w.by.message.indexOf(': '))} in ${w.by.path}:${w.by.line}:${w.by.column})`,
      })
      record.log.replace(at.start, at.end, written)
    }
    record.templates.push(file)
    this.files.set(key, record)
    return second
  }

  /** Each wanted path's value as Helm reads it, or why it may not be converted. */
  private async readValues(
    file: string,
    chart: string,
    valuesFile: string,
    text: string,
    wanted: readonly Finding[],
  ): Promise<Map<string, ChartValue>> {
    const { findValue } = await import('../yaml/values.js')
    const out = new Map<string, ChartValue>()
    const show = this.ctx.show
    const whole = this.chartRefusal(chart, valuesFile)
    const sources = [...templateFiles(join(chart, 'templates')), valuesFile].map((f) => ({
      f,
      text: f === valuesFile ? text : readText(f),
    }))
    for (const f of wanted) {
      const path = f.valuesPath!
      const dotted = path.join('.')
      if (out.has(dotted)) continue
      const refuse = (refused: string) => void out.set(dotted, { refused })
      if (whole) refuse(whole)
      else if (path[0] === 'global') refuse('a global value is shared with every subchart')
      else {
        // The split's own actions are the only references allowed, in this file at their offsets.
        const mine = sources.find((s) => realOrSelf(s.f) === realOrSelf(file))
        const own = new Set(wanted.filter((w) => w.valuesPath!.join('.') === dotted).map((w) => offsetAt(mine?.text ?? '', w)))
        const uses = sources.flatMap((s) =>
          otherUses(s.text, path)
            .filter((u) => !(s === mine && own.has(u)))
            .map((u) => place(s, u)),
        )
        const overrides = overridesOf(chart, path, findValue, show)
        const schema = join(chart, 'values.schema.json')
        const at = findValue(text, path)
        // Two weights reading one value could take two factors (two splits, two branches of an if).
        if (own.size > 1) refuse(`.Values.${dotted} is read by ${own.size} weights, which could take different factors`)
        else if (uses.length) refuse(`.Values.${dotted} is read elsewhere too: ${listed(uses)}`)
        else if (overrides.length) refuse(`${listed(overrides)} set${overrides.length === 1 ? 's' : ''} .Values.${dotted} too`)
        else if (existsSync(schema) && readText(schema).includes(`"${path[path.length - 1]}"`))
          refuse(`${show(schema)} may give .Values.${dotted} a type`)
        else if (at?.fixed) refuse(`${show(valuesFile)}:${at.line}:${at.column} ${at.fixed}`)
        else out.set(dotted, at ? { json: at.json, quoted: at.quoted } : { absent: true })
      }
    }
    function place(s: { f: string; text: string }, offset: number): string {
      const before = s.text.slice(0, offset)
      const line = before.split('\n').length
      return `${show(s.f)}:${line}:${offset - before.lastIndexOf('\n')}`
    }
    return out
  }

  /** Why no value of this chart may be written: a parent chart, the write boundary, a read-only values.yaml. */
  private chartRefusal(chart: string, valuesFile: string): string | undefined {
    const parent = dirname(chart)
    if (basename(parent) === 'charts' && existsSync(join(dirname(parent), 'Chart.yaml'))) {
      return `the chart is a subchart of ${this.ctx.show(dirname(parent))}, whose values may set it`
    }
    const { boundary, writing } = this.ctx
    if (boundary && !boundary.allows(valuesFile))
      return beyondMessage(`${this.ctx.show(valuesFile)} is`, { notWritten: 'the value cannot be written' })
    if (writing) {
      try {
        checkWritable(valuesFile, boundary ? { boundary } : {})
      } catch (err) {
        return `${this.ctx.show(valuesFile)} cannot be written (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`
      }
    }
    return undefined
  }
}

/** Where a finding's action starts in its file's text (findings carry 1-based lines and columns), at its `.Values`. */
function offsetAt(text: string, f: Finding): number {
  let start = 0
  for (let line = 1; line < f.line && start >= 0; line++) start = text.indexOf('\n', start) + 1
  const action = start + f.column - 1
  return text.indexOf('.Values', action)
}

/** The offsets of `.Values` references that read `path`, a part of it, or more than it. */
export function otherUses(text: string, path: readonly string[]): number[] {
  const out: number[] = []
  const ref = /\.Values((?:\.[A-Za-z_]\w*)*)/g
  for (const m of text.matchAll(ref)) {
    const before = text[m.index - 1]
    if (before !== undefined && /\w/.test(before)) continue
    const got = m[1] ? m[1].slice(1).split('.') : []
    const n = Math.min(got.length, path.length)
    if (got.slice(0, n).every((k, i) => k === path[i])) out.push(m.index)
  }
  return out
}

/** `values-*.yaml` beside the chart's values.yaml that set the value: `path:line:col` each. */
function overridesOf(
  chart: string,
  path: readonly string[],
  findValue: (text: string, path: readonly string[]) => { line: number; column: number } | undefined,
  show: (f: string) => string,
): string[] {
  const out: string[] = []
  for (const name of readdirSync(chart).sort()) {
    if (!/^values-.+\.ya?ml$/.test(name)) continue
    const f = join(chart, name)
    const at = findValue(readText(f), path)
    if (at) out.push(`${show(f)}:${at.line}:${at.column}`)
  }
  return out
}

/** The chart a template belongs to: the directory holding Chart.yaml whose `templates/` holds it. */
function chartOf(file: string): string | undefined {
  for (let dir = dirname(file); ;) {
    if (basename(dir) === 'templates' && existsSync(join(dirname(dir), 'Chart.yaml'))) return dirname(dir)
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

/** Every file under `templates/`, as Helm loads them (symlinked directories not followed). */
function templateFiles(dir: string): string[] {
  const out: string[] = []
  let names: string[]
  try {
    names = readdirSync(dir).sort()
  } catch {
    return out
  }
  for (const name of names) {
    const f = join(dir, name)
    const st = lstatSync(f)
    if (st.isDirectory()) out.push(...templateFiles(f))
    else out.push(f)
  }
  return out
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

function listed(items: readonly string[]): string {
  const shown = items.slice(0, MAX_USES_SHOWN).join(', ')
  return items.length > MAX_USES_SHOWN ? `${shown} and ${items.length - MAX_USES_SHOWN} more` : shown
}
