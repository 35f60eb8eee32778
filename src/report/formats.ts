/**
 * The report formats a person picks: the CLI's `--format` (its choices and their help), the
 * Action's `report-files` entries and `smi-migrate helm-release --format` are all read off this
 * table, so a format is one sink file and one row here. The Action's annotations and job
 * summary are not in it: they are the Action's own reports, always made, never chosen.
 *
 * A row makes its sink from what the run knows (sink.ts's ReportContext: a sink file imports
 * nothing from this table, which imports it). A sink that the default run does not need is
 * loaded by `import()` inside its row, so that a run reporting text never loads it (start-up
 * time: a pre-commit hook starts the CLI on every commit).
 */
import { jsonSink } from './json.js'
import type { Out, ReportContext, Sink } from './sink.js'
import { textSink } from './text.js'

export interface ReportFormat {
  name: string
  /** What it is, in a few words: one line of the help and of the Action's documentation. */
  about: string
  /** The sink, writing to `out` (asked for on the first write). */
  sink(context: ReportContext, out: () => Out): Sink | Promise<Sink>
}

export const FORMATS: readonly ReportFormat[] = [
  {
    name: 'text',
    about: 'path:line:col: severity: message lines and a summary line, for people',
    sink: (c, out) => textSink({ mode: c.mode, quiet: c.quiet ?? false, color: c.color ?? false }, out),
  },
  {
    name: 'json',
    about: 'one JSON array: a record per finding, then a summary record',
    sink: (c, out) => jsonSink(out, c.mode),
  },
  {
    name: 'sarif',
    about: 'a SARIF 2.1.0 log, for GitHub code scanning and other SARIF viewers',
    sink: async (c, out) => {
      const [{ sarifSink }, { ruleTable }] = await Promise.all([import('./sarif.js'), import('./rules.js')])
      return sarifSink({ mode: c.mode, cwd: c.cwd, root: await c.root(), rules: ruleTable(c.rules) }, out)
    },
  },
]

export const FORMAT_NAMES: readonly string[] = FORMATS.map((f) => f.name)

export function formatNamed(name: string): ReportFormat | undefined {
  return FORMATS.find((f) => f.name === name)
}

/** The help's lines for `--format`: one per format, its name and what it is. */
export function formatHelp(): string {
  const width = Math.max(...FORMAT_NAMES.map((n) => n.length)) + 2
  return ['report format (default: text):', ...FORMATS.map((f) => `  ${f.name.padEnd(width)}${f.about}`)].join('\n')
}
