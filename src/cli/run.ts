/**
 * The CLI's work once the options are known: stream mode (stdin to stdout) or file mode
 * (check, diff, write: the shared driver in run/files.ts). All I/O goes through `io`, so
 * tests can run it in-process.
 *
 * Where the report goes: stdout carries the primary output (the converted stream, the
 * patch, or for --check/--write the report itself); anything else goes to stderr.
 */
import type { Readable, Writable } from 'node:stream'
import type { ConvertOptions, Finding } from '../model.js'
import { migrateFd, migrateStream, migrateWhole } from '../pipeline/stream.js'
import { countFinding, findingJson, formatFinding, formatSummary, isConversion, newTotals, type Totals } from '../report/format.js'
import { exitCode, runFiles } from '../run/files.js'
import type { CliOptions } from './args.js'

export { EXIT_ERROR } from '../run/files.js'

export interface Io {
  stdin: Readable
  stdout: Writable
  stderr: Writable
  cwd: string
  /**
   * The descriptors behind stdin and stdout, when the process owns them: stream mode then
   * reads and writes them directly (much faster than Node's streams), and touches
   * `stdin`/`stdout` only if a descriptor is non-blocking.
   */
  fds?: { stdin: number; stdout: number }
}

export async function run(opts: CliOptions, io: Io): Promise<number> {
  // Resolved on first use: touching a Node stdio stream makes its pipe non-blocking, which
  // would slow down stream mode's direct writes when stdout and stderr share a pipe.
  const reportTo = () => (opts.mode === 'check' || opts.mode === 'write' ? io.stdout : io.stderr)
  const reporter = new Reporter(opts, reportTo)
  // One record for both modes: stream mode (migrateFd, migrateStream) and file mode (runFiles).
  const convert: ConvertOptions = {
    to: opts.to, stripServerFields: opts.stripServerFields,
    ...(opts.specsTo ? { specsTo: opts.specsTo } : {}), ...(opts.accessTo ? { accessTo: opts.accessTo } : {}),
  }

  if (opts.stdin) {
    const totals: Totals = newTotals(1)
    // --check - reads the whole stream for the report but prints no converted stream. Like a
    // file, an input with an error would not be converted: its conversions are held until the
    // end and dropped then. Stream mode writes its conversions as it goes, and says so.
    const held: Finding[] = []
    const onFinding = (f: Finding) => {
      if (opts.mode === 'check' && isConversion(f.code)) return void held.push(f)
      countFinding(totals, f)
      reporter.add(f)
    }
    const summary = opts.target
      ? await migrateWhole(io.stdin, opts.mode === 'stream' ? io.stdout : await discard(), convert, opts.target, opts.stdinName, onFinding)
      : io.fds
      ? await migrateFd(io.fds.stdin, opts.mode === 'stream' ? io.fds.stdout : undefined, convert, opts.stdinName,
        { input: () => io.stdin, output: () => io.stdout }, onFinding)
      : await migrateStream(io.stdin, opts.mode === 'stream' ? io.stdout : await discard(), convert, opts.stdinName, onFinding)
    const converted = summary.changed && !(opts.mode === 'check' && totals.errors > 0)
    if (converted) {
      for (const f of held) {
        countFinding(totals, f)
        reporter.add(f)
      }
    }
    totals.changedFiles = converted ? 1 : 0
    reporter.finish(totals)
    return exitCode(totals, opts.mode === 'check' ? 'check' : 'stream')
  }

  const mode = opts.mode === 'stream' ? 'check' : opts.mode
  // Each file is reported once it is done (written, with --write): a long run shows progress.
  const r = await runFiles({ paths: opts.paths, exclude: opts.exclude, cwd: io.cwd, mode, convert, ...(opts.target ? { target: opts.target } : {}) }, {
    general: (findings) => findings.forEach((f) => reporter.add(f)),
    file: (file) => {
      for (const f of file.findings) reporter.add(f)
      if (opts.verbose && file.findings.length === 0) {
        reporter.note(`${file.shown}: ${file.candidate ? 'nothing to convert' : 'skipped: no TrafficSplit text'}`)
      }
    },
  })
  if (mode === 'diff') io.stdout.write(r.patch)
  reporter.finish(r.totals)
  return r.exitCode
}

class Reporter {
  private readonly json: Record<string, unknown>[] = []
  private stream: Writable | undefined
  private color = false
  constructor(private readonly opts: CliOptions, private readonly target: () => Writable) {}

  private get out(): Writable {
    if (!this.stream) {
      this.stream = this.target()
      this.color = this.opts.color && Boolean((this.stream as { isTTY?: boolean }).isTTY)
    }
    return this.stream
  }

  /** Warnings and errors are always printed; -q hides only the per-object info lines. */
  add(f: Finding): void {
    if (this.opts.format === 'json') this.json.push(findingJson(f))
    else if (!(this.opts.quiet && f.severity === 'info')) this.out.write(formatFinding(f, this.opts.mode, { color: this.color }) + '\n')
  }

  /** A line for --verbose; never in JSON output, which lists findings only. */
  note(line: string): void {
    if (this.opts.format !== 'json') this.out.write(line + '\n')
  }

  finish(totals: Totals): void {
    if (this.opts.format === 'json') this.out.write(JSON.stringify(this.json, null, 2) + '\n')
    else if (!this.opts.quiet) this.out.write(formatSummary(totals, this.opts.mode) + '\n')
  }
}

/** A Writable that drops everything (node:stream is loaded only on this in-process path). */
async function discard(): Promise<Writable> {
  const { Writable } = await import('node:stream')
  return new Writable({ write: (_chunk, _enc, done) => done() })
}
