/**
 * Where a run's findings go. Every report is a sink (after kubeconform's `Output { Write;
 * Flush }`): the text report, `--format json`, `--format sarif`, the Action's annotations and
 * its job summary each take the findings one at a time, as data, and say what they have to
 * say when the run is over. A sink never parses another's output back.
 *
 * The CLI hands each finding over as the run reports it (a long run shows its progress); the
 * Action has every finding before it reports and hands them over with `deliver`. A sink that
 * prints as it goes (text) and one that buffers until `finish` (JSON, SARIF) look the same
 * from outside.
 */
import type { Finding, RuleTable } from '../model.js'
import type { Mode, Totals } from './format.js'

export interface Sink {
  /** One finding, located, in report order. */
  finding(f: Finding): void
  /** A line for people (`--verbose`: a file left alone, and why); reports for programs leave it out. */
  note?(line: string): void
  /** The run is over: print the closing line, or the whole report of a sink that buffers. */
  finish(totals: Totals): void | Promise<void>
}

/**
 * Where a sink writes: a Node stream (stdout, stderr) or anything with `write`. `isTTY` says
 * whether colour may be used.
 */
export interface Out {
  write(text: string): unknown
  isTTY?: boolean
}

/** Several sinks as one: each finding goes to each in turn; they finish in the order given. */
export function fanOut(sinks: readonly Sink[]): Sink {
  return {
    finding: (f) => sinks.forEach((s) => s.finding(f)),
    note: (line) => sinks.forEach((s) => s.note?.(line)),
    finish: async (totals) => {
      for (const s of sinks) await s.finish(totals)
    },
  }
}

/** Hands a finished run's findings to `sinks` and finishes them, in order. */
export async function deliver(findings: readonly Finding[], totals: Totals, sinks: readonly Sink[]): Promise<void> {
  const all = fanOut(sinks)
  for (const f of findings) all.finding(f)
  await all.finish(totals)
}

/** What a report format (formats.ts) may need from the run to make its sink; each takes what it uses. */
export interface ReportContext {
  mode: Mode
  /** Where the findings' relative paths start (the current directory, the workspace). */
  cwd: string
  /** What locations in a report are relative to (the git work tree's top level, or `cwd`): asked for only by a format that needs it. */
  root: () => Promise<string>
  /** The rules of the codes beyond the core's (the targets', a command's own). */
  rules: RuleTable
  /** `-q`: reports for people leave out the per-object information lines. */
  quiet?: boolean
  /** Colour allowed; a sink uses it only when its output is a terminal. */
  color?: boolean
}
