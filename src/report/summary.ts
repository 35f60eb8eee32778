/**
 * The GitHub Action's job summary ($GITHUB_STEP_SUMMARY) as Markdown: a headline, every error
 * and warning (the ones beyond the annotation cap included), a table of the converted
 * objects, and the patch in a ```diff block. GitHub refuses a step summary above 1024k, so
 * everything is fitted into a byte budget: tables and the patch are cut at a line boundary,
 * and a note says what was left out and where the whole of it is.
 */
import type { Finding } from '../model.js'
import { formatSummary, isConversion, type Mode, where } from './format.js'
import type { Sink } from './sink.js'

/** Under GitHub's 1024k step-summary limit, with room to spare for our notes. */
export const SUMMARY_LIMIT = 1_000_000
/** Kept free while filling tables and the patch, for the closing notes. */
const RESERVE = 2_048

export interface SummaryInput {
  mode: Mode
  headline: string
  /** Said when some findings have no annotation. */
  annotationNote?: string
  conversions: Finding[]
  problems: Finding[]
  /** Objects left alone on purpose (`suppressed`): said apart, they are no problem. */
  suppressed?: Finding[]
  patch: string
  /** Where the whole patch was written (the `patch` output). */
  patchPath?: string
}

export interface SummaryOptions {
  mode: Mode
  annotationNote?: string
  patch: string
  patchPath?: string
  /** Appends the Markdown to the job summary. */
  write(markdown: string): void | Promise<unknown>
}

/** The job summary as a sink: the findings are sorted into its two tables, the headline is the run's summary line. */
export function summarySink(o: SummaryOptions): Sink {
  const conversions: Finding[] = []
  const problems: Finding[] = []
  const suppressed: Finding[] = []
  return {
    finding: (f) => void (isConversion(f.code) ? conversions : f.code === 'suppressed' ? suppressed : problems).push(f),
    finish: async (totals) => {
      const { write, ...rest } = o
      await write(renderSummary({ ...rest, headline: formatSummary(totals, o.mode), conversions, problems, suppressed }))
    },
  }
}

export function renderSummary(s: SummaryInput, limit = SUMMARY_LIMIT): string {
  const out = new Budget(limit)
  out.add(`## smi-migrate\n\n**${cell(s.headline)}**\n\n`)
  if (s.annotationNote) out.add(`> [!NOTE]\n> ${cell(s.annotationNote)}\n\n`)

  if (s.problems.length) {
    const notes = s.problems.some((f) => f.severity === 'info')
    out.add(
      `### Errors${notes ? ', warnings and notes' : ' and warnings'} (${s.problems.length})\n\n| Location | Severity | Message |\n|---|---|---|\n`,
    )
    out.rows(
      s.problems.map((f) => `| ${cell(where(f))} | ${f.severity === 'info' ? 'note' : f.severity} | ${cell(f.message)} |\n`),
      'findings',
      'the log',
    )
  }

  addConversions(out, s)
  addSuppressed(out, s.suppressed ?? [])

  if (s.patch) {
    const whole = s.patchPath ? ` The whole patch is \`${s.patchPath}\` (the \`patch\` output).` : ''
    out.add(
      s.mode === 'write'
        ? `### Changes written\n\n${whole.trim()}\n\n`
        : `### Patch\n\nApply it at the repository's top level with \`git apply\` or \`patch -p1\`.${whole}\n\n`,
    )
    // A fence longer than any run of backticks in the patch, so the patch cannot close it.
    const longest = Math.max(0, ...(s.patch.match(/`+/g) ?? []).map((r) => r.length))
    const fence = '`'.repeat(Math.max(3, longest + 1))
    const open = `${fence}diff\n`
    const close = `${fence}\n`
    out.add(open)
    const lines = s.patch.split(/(?<=\n)/)
    const room = out.remaining() - Buffer.byteLength(close) - RESERVE
    let used = 0
    let n = 0
    for (; n < lines.length; n++) {
      const size = Buffer.byteLength(lines[n]!)
      if (used + size > room) break
      used += size
    }
    out.add(lines.slice(0, n).join(''))
    out.add(close)
    if (n < lines.length) {
      out.add(
        `\n> [!WARNING]\n> The patch is truncated here: ${n} of ${lines.length} lines shown, because GitHub limits a step summary to 1 MiB.` +
          `${s.patchPath ? ` The whole patch is \`${s.patchPath}\`.` : ''}\n`,
      )
    }
  }
  return out.text()
}

/** The tables of what is (or would be) converted: objects, then the other changes. */
function addConversions(out: Budget, s: SummaryInput): void {
  const verb = s.mode === 'write' ? 'converted' : 'to convert'
  // The objects table holds objects: a kustomize patch, a values.yaml line or a List's own
  // apiVersion has no name, versions or weights of its own, and is said in its own words below.
  const objects = s.conversions.filter(isObject)
  const others = s.conversions.filter((f) => !isObject(f))
  if (objects.length) {
    // Named by the kinds they hold: "TrafficSplits", or "Objects" with a Kind column when mixed.
    const kinds = new Set(objects.map((f) => f.object?.kind ?? 'TrafficSplit'))
    const only = kinds.size === 1 ? [...kinds][0]! : undefined
    const title = only === undefined ? 'Objects' : `${only}s`
    out.add(
      `### ${title} ${verb} (${objects.length})\n\n| File:line | ${only ? '' : 'Kind | '}Name | From → to | Weights before → after |\n|---|---|---|${only ? '' : '---|'}---|\n`,
    )
    out.rows(
      objects.map((f) => {
        // A file with an error reports no conversion (run/files.ts): every row here is (or will be) converted.
        const name = [f.object?.namespace, f.object?.name].filter(Boolean).join('/') || '(no metadata.name)'
        const weights = `${weightList(f.weightsBefore)} → ${weightList(f.weightsAfter)}`
        return `| ${cell(`${f.path}:${f.line}`)} | ${only ? '' : `${cell(f.object?.kind ?? 'TrafficSplit')} | `}${cell(name)} | ${cell(`${version(f.from)} → ${sameGroup(f.from, f.to) ? version(f.to) : (f.to ?? '?')}`)} | ${cell(weights)} |\n`
      }),
      title,
      'the log',
    )
  }
  if (others.length) {
    const title = `Patches, values and Lists ${verb}`
    out.add(`### ${title} (${others.length})\n\n| File:line | Change |\n|---|---|\n`)
    out.rows(
      others.map((f) => `| ${cell(`${f.path}:${f.line}`)} | ${cell(f.message)} |\n`),
      'changes',
      'the log',
    )
  }
}

/** The objects left alone on purpose, with their reasons. */
function addSuppressed(out: Budget, suppressed: Finding[]): void {
  if (suppressed.length) {
    out.add(`### Left alone on purpose (${suppressed.length})\n\n| Location | Object | Reason |\n|---|---|---|\n`)
    out.rows(
      suppressed.map((f) => {
        const object = f.object
          ? [f.object.kind, [f.object.namespace, f.object.name].filter(Boolean).join('/')].filter(Boolean).join(' ')
          : ''
        const reason = f.suppression ? `${f.suppression.reason} (${f.suppression.by})` : f.message
        return `| ${cell(where(f))} | ${cell(object)} | ${cell(reason)} |\n`
      }),
      'suppressed objects',
      'the log',
    )
  }
}

class Budget {
  private readonly parts: string[] = []
  private size = 0
  constructor(private readonly limit: number) {}

  add(text: string): void {
    this.parts.push(text)
    this.size += Buffer.byteLength(text)
  }

  remaining(): number {
    return this.limit - this.size
  }

  /** Adds table rows while they fit, then a note on how many were left out. */
  rows(rows: string[], what: string, whereAll: string): void {
    let n = 0
    for (; n < rows.length; n++) {
      const size = Buffer.byteLength(rows[n]!)
      if (size > this.remaining() - RESERVE) break
      this.add(rows[n]!)
    }
    this.add(
      n < rows.length
        ? `\n*${rows.length - n} more ${what} not shown (the step summary is limited to 1 MiB); all are in ${whereAll}.*\n\n`
        : '\n',
    )
  }

  text(): string {
    return this.parts.join('')
  }
}

/** A conversion of an object of its own (not a patch, a values.yaml line or a List's wrapper). */
function isObject(f: Finding): boolean {
  return (f.code === 'converted' || f.code === 'repaired') && !(f.object?.kind ?? '').endsWith('List')
}

/** A table cell, not a dump: an object with many backends shows its first weights. */
function weightList(weights: string[] = []): string {
  const shown = weights.slice(0, MAX_WEIGHTS).join(', ')
  return weights.length > MAX_WEIGHTS ? `${shown}, … (${weights.length} weights)` : shown
}
const MAX_WEIGHTS = 10

/** `split.smi-spec.io/v1alpha1` → `v1alpha1`: the group is the same on both sides. */
/** A conversion within one API group shows versions only; another (`--to gateway`) the whole apiVersion. */
function sameGroup(a: string | undefined, b: string | undefined): boolean {
  return a?.split('/')[0] === b?.split('/')[0]
}

function version(apiVersion: string | undefined): string {
  return (apiVersion ?? '?').replace(/^.*\//, '')
}

/**
 * Text from the repository made inert in Markdown: no row or column breaks, no HTML, no
 * emphasis, code spans or links (a file name is shown as it is, not rendered).
 */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]~|]/g, (c) => `\\${c}`)
}
