/**
 * Findings as workflow annotations at their file and line. GitHub shows at most 10
 * annotations of each type per step and drops the rest without a word, so we emit at most
 * that many per type ourselves, count what we held back, and the caller says so in the log
 * and lists everything in the job summary.
 */
import * as core from '@actions/core'
import type { Finding } from '../model.js'
import { formatFinding, isConversion, where } from '../report/format.js'
import type { ActionMode } from './inputs.js'

export type AnnotationType = 'error' | 'warning' | 'notice'
export const ANNOTATIONS_PER_TYPE = 10

export type Counts = Record<AnnotationType, number>

/** A needed conversion is a warning on the PR; one already written is a notice. */
export function annotationType(f: Finding, mode: ActionMode): AnnotationType {
  if (f.severity === 'error') return 'error'
  if (f.severity === 'warning') return 'warning'
  if (isConversion(f.code) && mode !== 'write') return 'warning'
  return 'notice'
}

/**
 * Emits the annotations and returns how many of each type were held back. `reserved`
 * slots are kept free for annotations the caller still has to make (the step's own
 * failure message is an error annotation too).
 */
export function annotate(findings: readonly Finding[], mode: ActionMode, reserved: Partial<Counts> = {}): Counts {
  const shown: Counts = { error: 0, warning: 0, notice: 0 }
  const hidden: Counts = { error: 0, warning: 0, notice: 0 }
  for (const f of findings) {
    const type = annotationType(f, mode)
    if (shown[type] >= ANNOTATIONS_PER_TYPE - (reserved[type] ?? 0)) {
      hidden[type]++
      continue
    }
    shown[type]++
    const emit = type === 'error' ? core.error : type === 'warning' ? core.warning : core.notice
    emit(message(f, mode), properties(f, mode))
  }
  return hidden
}

function message(f: Finding, mode: ActionMode): string {
  // formatFinding's text without its `path:line:col: ` prefix (the location is in the
  // properties) or its severity label (the annotation's type shows it).
  const text = formatFinding(f, mode, { color: false })
  const prefix = `${where(f)}: `
  return (text.startsWith(prefix) ? text.slice(prefix.length) : text).replace(/^(error|warning): /, '')
}

function properties(f: Finding, mode: ActionMode): core.AnnotationProperties {
  const title = f.severity === 'error' ? 'smi-migrate: error'
    : f.severity === 'warning' ? 'smi-migrate: warning'
    : isConversion(f.code) ? (mode === 'write' ? 'smi-migrate: converted' : 'smi-migrate: needs conversion')
    : 'smi-migrate: note'
  const props: core.AnnotationProperties = { title, file: f.path }
  // No line means the whole file (unreadable file, missing path): no line to point at.
  if (f.line) {
    props.startLine = f.line
    props.endLine = f.line
    if (f.column) props.startColumn = f.column
  }
  return props
}

export function describeHidden(hidden: Counts): string | undefined {
  const types = (Object.keys(hidden) as AnnotationType[]).filter((t) => hidden[t] > 0)
  if (types.length === 0) return undefined
  const total = types.reduce((n, t) => n + hidden[t], 0)
  const parts = types.map((t) => `${hidden[t]} ${t}${hidden[t] === 1 ? '' : 's'}`)
  return `GitHub shows at most ${ANNOTATIONS_PER_TYPE} annotations of each type per step: ${parts.join(' and ')} ` +
    `${total === 1 ? 'is' : 'are'} not annotated. Every finding is listed in the job summary and in the log.`
}
