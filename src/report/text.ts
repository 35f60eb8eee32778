/**
 * The text report: one `path:line:col: severity: message` line per finding as it comes, and
 * the summary line at the end. The CLI's default report, and the Action's log.
 */
import { formatFinding, formatSummary, type Mode } from './format.js'
import type { Out, Sink } from './sink.js'

export interface TextOptions {
  mode: Mode
  /** `-q`: no per-object information lines; warnings, errors and the summary line stay. */
  quiet?: boolean
  /** Colour allowed (flags and environment); used only when the output is a terminal. */
  color?: boolean
}

/**
 * `target` is asked for on the first write, not before: the CLI's stdio streams are touched
 * only when there is something to say (touching one makes its pipe non-blocking, which would
 * slow down stream mode's direct writes when stdout and stderr share a pipe).
 */
export function textSink(o: TextOptions, target: () => Out): Sink {
  let out: Out | undefined
  let color = false
  const stream = (): Out => {
    if (!out) {
      out = target()
      color = Boolean(o.color && out.isTTY)
    }
    return out
  }
  const write = (line: () => string) => {
    // The stream first: whether the line is coloured depends on it.
    const to = stream()
    to.write(line() + '\n')
  }
  return {
    // Warnings and errors are always printed; -q hides only the per-object information lines.
    finding: (f) => {
      if (!(o.quiet && f.severity === 'info')) write(() => formatFinding(f, o.mode, { color }))
    },
    note: (line) => write(() => line),
    // The summary is always printed: `-q --check` must still say why it exits 1.
    finish: (totals) => write(() => formatSummary(totals, o.mode)),
  }
}
