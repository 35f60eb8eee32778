/**
 * Values-driven weights in file mode (docs/helm.md#values-driven-weights): a chart template
 * whose TrafficSplit weights are value actions (`weight: {{ .Values.canary.weight }}`) is
 * converted again with the values Helm would render (convert/values.ts), and the values
 * those weights render take their new integers in the chart's values.yaml, in the scalar's
 * own quoting, every other byte kept.
 *
 * A value is converted only when the values proof (values-proof.ts) holds: the run has read
 * everything Helm would load for every chart that can render it, and the value's one reader is
 * this weight; values.yaml is writable within the write boundary; values.schema.json accepts
 * the new scalar. Otherwise the template's warning says why. A template and its values.yaml are
 * written together or not at all
 * (../hold-back.ts).
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import type { ChartValue, ConvertOptions, Finding, NeededValuesWrite } from '../../model.js'
import { realOrSelf } from '../../paths.js'
import { EditLog } from '../../edit/log.js'
import { beyondMessage, repositoryOf, type WriteBoundary } from '../boundary.js'
import { checkWritable } from '../write.js'
import type { ProofInput } from './values-proof.js'
import type { ChartMeta } from './chart-layout.js'
import type { World } from './chart-world.js'

type Converted = { output: Buffer; changed: boolean; findings: Finding[]; valuesWrites?: ReadonlyArray<NeededValuesWrite<Finding>> }

export interface ValuesContext {
  show: (file: string) => string
  boundary?: WriteBoundary | undefined
  writing?: boolean | undefined
  /** The run's files: the charts holding them render values too (values-proof.ts). */
  runFiles?: readonly string[]
}

/** A values.yaml the run changes: its bytes as read, its writes, the templates that need it, what it says. */
export interface ValuesFile {
  file: string
  input: Buffer
  /** Its text, decoded from `input`, with the writes made; and the writes as edits of that text as read. */
  log: EditLog
  templates: string[]
  /** The templates whose values this file repairs, unchanged themselves (a v1alpha2 split with 250m in values.yaml). */
  repairs: string[]
  findings: Finding[]
}

/** The run's values.yaml changes, made template by template (a second template sees the first one's writes). */
export class ChartValuesRun {
  readonly files = new Map<string, ValuesFile>()
  constructor(private readonly ctx: ValuesContext) {}

  /**
   * Converts `file` again with its chart's values when its first conversion left value
   * weights pending; records the values.yaml writes. Returns the conversion to keep.
   */
  async convert<T extends Converted>(file: string, first: T, opts: ConvertOptions, again: (opts: ConvertOptions) => T): Promise<T> {
    // Both kinds of wanted weight below are templated findings; a file with none (most of a
    // run's) is kept as it is without a module load or a read per file.
    if (!first.findings.some((f) => f.code === 'templated')) return first
    const pending = first.findings.filter((f) => f.code === 'templated' && f.pending && f.valuesPath)
    // A split already at the version asked for whose value holds 250m is repaired through it (done-weights.ts).
    const { toRepair } = await import('./done-weights.js')
    const wanted = [...pending, ...(await toRepair(first.findings, file, () => readText(file)))]
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
    const { values, proofs } = await this.readValues(file, chart, valuesFile!, input.toString('utf8'), wanted)
    let second = again({ ...opts, chartValues: values })
    const { findValue, helmValueOf } = await import('../../yaml/values.js')
    const { schemaRefusalOf } = await import('./values-proof.js')
    // values.schema.json is checked with the new scalars, once they are known.
    const schema = (second.valuesWrites ?? []).flatMap((w) => {
      const key = w.path.join('.')
      const v = values.get(key)
      const why = v && 'quoted' in v ? schemaRefusalOf(proofs.get(key)!, helmValueOf(w.text, v.quoted)) : undefined
      return why ? [[key, why] as const] : []
    })
    if (schema.length) {
      for (const [key, refused] of schema) values.set(key, { refused })
      second = again({ ...opts, chartValues: values })
    }
    const writes = second.valuesWrites ?? []
    if (writes.length === 0) return second
    const record: ValuesFile = known ?? { file: valuesFile!, input, log: new EditLog(text), templates: [], repairs: [], findings: [] }
    for (const w of writes) {
      const at = findValue(record.log.text, w.path)
      if (!at) throw new Error(`internal error: ${w.path.join('.')} vanished from ${valuesFile}`)
      const q = at.quoted ? at.raw[0]! : ''
      const written = `${q}${w.text}${q}`
      // A chart sharing this values.yaml whose split is the same template wrote it already (values-proof.ts agrees both).
      if (at.raw !== findValue(record.input.toString('utf8'), w.path)?.raw) {
        if (at.raw === written) continue
        throw new Error(`internal error: ${w.path.join('.')} of ${valuesFile} rewritten twice, to ${at.raw} and ${written}`)
      }
      record.findings.push({
        severity: 'info',
        code: 'values-converted',
        offset: at.start,
        path: this.ctx.show(record.file),
        line: at.line,
        column: at.column,
        message: `${w.path.join('.')} ${at.raw} -> ${written} (a weight of ${w.by.message.slice(0, w.by.message.indexOf(': '))} in ${w.by.path}:${w.by.line}:${w.by.column})`,
      })
      record.log.replace(at.start, at.end, written)
    }
    this.files.set(key, record)
    if (second.changed) {
      record.templates.push(file)
      return second
    }
    // A repair through values alone leaves the template as it is: it goes with the values.yaml, which says the repair.
    record.repairs.push(file)
    const by = (f: Finding) => writes.some((w) => w.by.code === f.code && w.by.line === f.line && w.by.column === f.column)
    record.findings.push(...second.findings.filter(by))
    return { ...second, findings: second.findings.filter((f) => !by(f)) }
  }

  /** Each wanted path's value as Helm reads it, or why it may not be converted (values-proof.ts decides). */
  private async readValues(
    file: string,
    chart: string,
    valuesFile: string,
    text: string,
    wanted: readonly Finding[],
  ): Promise<{ values: Map<string, ChartValue>; proofs: Map<string, ProofInput> }> {
    const { findValue, valuesFileProblem } = await import('../../yaml/values.js')
    const problem = valuesFileProblem(text)
    const { valueRefusal } = await import('./values-proof.js')
    const out = new Map<string, ChartValue>()
    const proofs = new Map<string, ProofInput>()
    const show = this.ctx.show
    const whole = this.chartRefusal(valuesFile)
    const mine = readText(file)
    for (const f of wanted) {
      const path = f.valuesPath!
      const dotted = path.join('.')
      if (out.has(dotted)) continue
      // A reason two values share (the chart's, not the value's) is said in full once.
      const refuse = (refused: string) => {
        const first = [...out].find(([, v]) => 'refused' in v && v.refused === refused)?.[0]
        out.set(dotted, { refused: first ? `the same reason as for .Values.${first}` : refused })
      }
      // The split's own actions are the only readers allowed, in this file at their offsets.
      const own = new Set(wanted.filter((w) => w.valuesPath!.join('.') === dotted).map((w) => offsetAt(mine, w)))
      const at = findValue(text, path)
      if (whole) refuse(whole)
      else if (path[0] === 'global') refuse('a global value is shared with every subchart')
      // Two weights reading one value could take two factors (two splits, two branches of an if).
      else if (own.size > 1) refuse(`.Values.${dotted} is read by ${own.size} weights, which could take different factors`)
      else if (problem) refuse(`${show(valuesFile)}:${problem.line}:${problem.column}: ${problem.how}`)
      else if (at?.fixed) refuse(`${show(valuesFile)}:${(at.fixedAt ?? at).line}:${(at.fixedAt ?? at).column}: ${at.fixed}`)
      else {
        const proof = {
          chart,
          valuesFile,
          valuesText: text,
          path,
          own: { file, offsets: own },
          show,
          dependents: await this.dependents(),
          world: this.world,
          runFiles: this.runReal(),
        }
        const why = valueRefusal(proof)
        if (why) refuse(why)
        else out.set(dotted, at ? { json: at.json, quoted: at.quoted } : { absent: true })
        proofs.set(dotted, proof)
      }
    }
    return { values: out, proofs }
  }

  private real: Set<string> | undefined
  /** The run's files by their real paths, once. */
  private runReal(): Set<string> {
    return (this.real ??= new Set((this.ctx.runFiles ?? []).map((f) => realOrSelf(f))))
  }

  /** The world the values proof reads, kept for the run: done-weights.ts looks at the same files. */
  async proofWorld(): Promise<Pick<ProofInput, 'dependents' | 'world' | 'runFiles'>> {
    return { dependents: await this.dependents(), world: this.world, runFiles: this.runReal() }
  }

  /** The charts of each repository a proof has read, read once for the run (chart-world.ts). */
  private readonly world = new Map<string, World>()
  private charts: Map<string, ChartMeta[]> | undefined
  /** The charts of the run's files (each file's nearest directory above it holding Chart.yaml) by what they render, once. */
  private async dependents(): Promise<Map<string, ChartMeta[]>> {
    if (this.charts) return this.charts
    const dirs = new Set<string>()
    const seen = new Set<string>()
    const repos = new Map<string, string | null>()
    for (const f of this.ctx.runFiles ?? []) {
      // Up to the file's repository root, never above it (chart-world.ts bounds the proof there).
      const top = repositoryOf(dirname(f), repos)
      for (let dir = dirname(f); !seen.has(dir); dir = dirname(dir)) {
        seen.add(dir)
        if (existsSync(join(dir, 'Chart.yaml'))) {
          dirs.add(dir)
          break
        }
        if (dir === top) break
      }
    }
    const { dependents } = await import('./chart-layout.js')
    return (this.charts = dependents([...dirs]))
  }

  /** Why no value of this chart may be written: the write boundary, a read-only values.yaml. */
  private chartRefusal(valuesFile: string): string | undefined {
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

/** The chart a template belongs to: the directory holding Chart.yaml whose `templates/` holds it. */
export function chartOf(file: string): string | undefined {
  for (let dir = dirname(file); ;) {
    if (basename(dir) === 'templates' && existsSync(join(dirname(dir), 'Chart.yaml'))) return dirname(dir)
    const parent = dirname(dir)
    if (parent === dir) return undefined
    dir = parent
  }
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
