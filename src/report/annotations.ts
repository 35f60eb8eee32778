/**
 * The GitHub Action's workflow annotations: each finding at its file and line. GitHub shows
 * at most 10 annotations of each type per step and drops the rest without a word, so this
 * sink emits at most that many per type itself and counts what it held back; the Action says
 * so in the log and lists everything in the job summary.
 *
 * The annotation itself is made by `emit` (the Action passes @actions/core's error, warning
 * and notice), so this file needs no toolkit.
 */
import type { Finding } from '../model.js'
import { findingText, isConversion, type Mode } from './format.js'
import type { Sink } from './sink.js'

export type AnnotationType = 'error' | 'warning' | 'notice'
export const ANNOTATIONS_PER_TYPE = 10

export type Counts = Record<AnnotationType, number>

/** Where an annotation points and its title: @actions/core's AnnotationProperties. */
export interface AnnotationProperties {
  title: string
  file: string
  startLine?: number
  endLine?: number
  startColumn?: number
}

export type Emit = (type: AnnotationType, message: string, properties: AnnotationProperties) => void

export interface AnnotationSink extends Sink {
  /** How many annotations of each type were held back (complete once every finding is in). */
  readonly hidden: Counts
}

/** A needed conversion is a warning on the PR; one already written is a notice. */
export function annotationType(f: Finding, mode: Mode): AnnotationType {
  if (f.severity === 'error') return 'error'
  if (f.severity === 'warning') return 'warning'
  if (isConversion(f.code) && mode !== 'write') return 'warning'
  return 'notice'
}

/**
 * Annotates each finding as it comes, up to the cap. `reserved` slots are kept free for
 * annotations the caller still has to make (the step's own failure message is an error
 * annotation too).
 */
export function annotationSink(mode: Mode, emit: Emit, reserved: Partial<Counts> = {}): AnnotationSink {
  const shown: Counts = { error: 0, warning: 0, notice: 0 }
  const hidden: Counts = { error: 0, warning: 0, notice: 0 }
  return {
    hidden,
    finding: (f) => {
      const type = annotationType(f, mode)
      if (shown[type] >= ANNOTATIONS_PER_TYPE - (reserved[type] ?? 0)) {
        hidden[type]++
        return
      }
      shown[type]++
      // The location is in the properties and the severity is the annotation's type: the
      // message is the finding's text alone.
      emit(type, findingText(f, mode), properties(f, mode))
    },
    finish: () => {},
  }
}

function properties(f: Finding, mode: Mode): AnnotationProperties {
  const title =
    f.severity === 'error'
      ? 'smi-migrate: error'
      : f.severity === 'warning'
        ? 'smi-migrate: warning'
        : isConversion(f.code)
          ? mode === 'write'
            ? 'smi-migrate: converted'
            : 'smi-migrate: needs conversion'
          : f.code === 'suppressed'
            ? 'smi-migrate: suppressed'
            : 'smi-migrate: note'
  const props: AnnotationProperties = { title, file: f.path }
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
  return (
    `GitHub shows at most ${ANNOTATIONS_PER_TYPE} annotations of each type per step: ${parts.join(' and ')} ` +
    `${total === 1 ? 'is' : 'are'} not annotated. Every finding is listed in the job summary and in the log.`
  )
}
