/**
 * The CLI's work once the options are known: stream mode (stdin to stdout) or file mode
 * (check, diff, write). All I/O goes through `io`, so tests can run it in-process.
 *
 * Where the report goes: stdout carries the primary output (the converted stream, the
 * patch, or for --check/--write the report itself); anything else goes to stderr.
 */
import type { Readable, Writable } from 'node:stream'
import type { ConvertOptions, Finding } from '../model.js'
import { collectFiles } from '../files/collect.js'
import { removeStaleTemps, writeFileAtomic } from '../files/write.js'
import { convertFiles, displayPath, ioError, missingPath, writableWithin } from '../files/convert.js'
import { migrateFd, migrateStream } from '../pipeline/stream.js'
import { unifiedDiff } from '../report/diff.js'
import { countFinding, findingJson, formatFinding, formatSummary, newTotals, type Totals } from '../report/format.js'
import type { CliOptions } from './options.js'

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

export const EXIT_CLEAN = 0
export const EXIT_CHANGES = 1
export const EXIT_ERROR = 2

export async function run(opts: CliOptions, io: Io): Promise<number> {
  // Resolved on first use: touching a Node stdio stream makes its pipe non-blocking, which
  // would slow down stream mode's direct writes when stdout and stderr share a pipe.
  const reportTo = () => (opts.mode === 'check' || opts.mode === 'write' ? io.stdout : io.stderr)
  const reporter = new Reporter(opts, reportTo)
  const totals: Totals = newTotals()
  let changed = false
  const convertOptions: ConvertOptions = { to: opts.to, stripServerFields: opts.stripServerFields }

  if (opts.stdin) {
    // --check - reads the whole stream for the report but prints no converted stream.
    const onFinding = (f: Finding) => reporter.add(f, totals)
    const summary = io.fds
      ? await migrateFd(io.fds.stdin, opts.mode === 'stream' ? io.fds.stdout : undefined, convertOptions, opts.stdinName,
        { input: () => io.stdin, output: () => io.stdout }, onFinding)
      : await migrateStream(io.stdin, opts.mode === 'stream' ? io.stdout : await discard(), convertOptions, opts.stdinName, onFinding)
    changed = summary.changed
    totals.files = 1
    totals.changedFiles = changed ? 1 : 0
  } else {
    const { files, missing, roots } = await collectFiles(opts.paths, io.cwd)
    // Temp files of an earlier run that was killed mid-write go before this run writes.
    if (opts.mode === 'write') removeStaleTemps(files)
    for (const m of missing) reporter.add(missingPath(m), totals)
    for (const r of await convertFiles(files, convertOptions, (f) => displayPath(f, io.cwd),
      { within: opts.mode === 'write' ? roots : undefined })) {
      const { file, shown, input } = r
      totals.files++
      const fileFindings = r.findings
      for (const f of fileFindings) reporter.add(f, totals)
      if (opts.verbose && fileFindings.length === 0) {
        reporter.note(`${shown}: ${r.candidate ? 'nothing to convert' : 'skipped: no TrafficSplit text'}`)
      }
      // A file with any error is never written, not even its convertible objects.
      if (!r.changed || fileFindings.some((f) => f.severity === 'error')) continue
      changed = true
      totals.changedFiles++
      if (opts.mode === 'diff') {
        io.stdout.write(unifiedDiff(shown, input.toString('utf8'), r.output.toString('utf8')))
      } else if (opts.mode === 'write') {
        try {
          writeFileAtomic(file, r.output, { within: writableWithin(r, roots) })
        } catch (err) {
          totals.changedFiles--
          reporter.add(ioError(shown, err), totals)
        }
      }
    }
  }
  reporter.finish(totals)
  if (totals.errors > 0) return EXIT_ERROR
  // A templated weight or apiVersion still needs a change, by hand.
  const needsChange = changed || totals.templated > 0
  if (needsChange && (opts.mode === 'check' || opts.mode === 'diff')) return EXIT_CHANGES
  return EXIT_CLEAN
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

  add(f: Finding, totals: Totals): void {
    countFinding(totals, f)
    if (this.opts.format === 'json') this.json.push(findingJson(f))
    else if (!(this.opts.quiet && f.severity === 'info')) {
      const out = this.out
      out.write(formatFinding(f, this.opts.mode, { color: this.color }) + '\n')
    }
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
