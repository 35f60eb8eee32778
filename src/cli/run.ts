/**
 * The CLI's work once the options are known: stream mode (stdin to stdout) or file mode
 * (check, diff, write: the shared driver in run/files.ts). All I/O goes through `io`, so
 * tests can run it in-process.
 *
 * Where the report goes: stdout carries the primary output (the converted stream, the
 * patch, or for --check/--write the report itself); anything else goes to stderr.
 */
import { targetRules } from '../targets/registry.js'
import type { Readable, Writable } from 'node:stream'
import type { ConvertOptions, Finding } from '../model.js'
import { countFinding, isConversion, newTotals, type Totals } from '../report/format.js'
import { formatNamed } from '../report/formats.js'
import { fanOut, type Out, type Sink } from '../report/sink.js'
import { EXIT_ERROR, exitOf, patchRoot, runFiles } from '../run/files.js'
import type { CliOptions } from './args.js'

export { EXIT_ERROR }

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
  const reporter = fanOut(await reportSinks(opts, io, reportTo))
  // One record for both modes: stream mode (migrateFd, migrateStream) and file mode (runFiles).
  const convert: ConvertOptions = {
    versions: opts.versions,
    stripServerFields: opts.stripServerFields,
    ...(opts.noIgnore ? { noIgnore: true } : {}),
    ...(opts.notLinkerd ? { notLinkerd: true } : {}),
  }

  if (opts.stdin) {
    // Stream mode's driver is loaded only for it: file mode (a pre-commit run) starts without it.
    const { migrateFd, migrateStream, migrateWhole, StreamIoError } = await import('../pipeline/stream.js')
    const totals: Totals = newTotals(1)
    // --check - reads the whole stream for the report but prints no converted stream. Like a
    // file, an input with an error would not be converted: its conversions are held until the
    // end and dropped then. Stream mode writes its conversions as it goes, and says so.
    const held: Finding[] = []
    const onFinding = (f: Finding) => {
      if (opts.mode === 'check' && isConversion(f.code)) return void held.push(f)
      countFinding(totals, f)
      reporter.finding(f)
    }
    const migrate = async () =>
      opts.target
        ? migrateWhole(
            io.fds ? { fd: io.fds.stdin, stream: () => io.stdin } : io.stdin,
            opts.mode === 'stream' ? io.stdout : await discard(),
            convert,
            opts.target,
            opts.stdinName,
            onFinding,
          )
        : io.fds
          ? migrateFd(
              io.fds.stdin,
              opts.mode === 'stream' ? io.fds.stdout : undefined,
              convert,
              opts.stdinName,
              { input: () => io.stdin, output: () => io.stdout },
              onFinding,
            )
          : migrateStream(io.stdin, opts.mode === 'stream' ? io.stdout : await discard(), convert, opts.stdinName, onFinding)
    const summary = await migrate().catch((err: unknown) => {
      if (!(err instanceof StreamIoError)) throw err
      // A reader that stopped early: cli.ts ends the run quietly on EPIPE.
      if (err.reason.code === 'EPIPE') throw err.reason
      return err
    })
    if (summary instanceof StreamIoError) {
      // One line naming the stream: the input or output is at fault, not the tool.
      io.stderr.write(`smi-migrate: cannot ${summary.side} ${summary.side === 'read' ? 'stdin' : 'stdout'}: ${summary.message}\n`)
      return EXIT_ERROR
    }
    const converted = summary.changed && !(opts.mode === 'check' && totals.errors > 0)
    if (converted) {
      for (const f of held) {
        countFinding(totals, f)
        reporter.finding(f)
      }
    }
    totals.changedFiles = converted ? 1 : 0
    totals.exit = exitOf(totals, opts.mode === 'check' ? 'check' : 'stream')
    await reporter.finish(totals)
    return totals.exit.code
  }

  const mode = opts.mode === 'stream' ? 'check' : opts.mode
  // Each file is reported once it is done (written, with --write): a long run shows progress.
  const r = await runFiles(
    { paths: opts.paths, exclude: opts.exclude, cwd: io.cwd, mode, convert, ...(opts.target ? { target: opts.target } : {}) },
    {
      general: (findings) => findings.forEach((f) => reporter.finding(f)),
      skipped: (paths) => {
        if (opts.verbose) for (const p of paths) reporter.note?.(`${p.shown}: skipped: ${p.reason}`)
      },
      file: (file) => {
        for (const f of file.findings) reporter.finding(f)
        if (opts.verbose && file.findings.length === 0) {
          reporter.note?.(`${file.shown}: ${file.candidate ? 'nothing to convert' : 'skipped: no TrafficSplit text'}`)
        }
      },
    },
  )
  if (mode === 'diff') io.stdout.write(r.patch)
  await reporter.finish({ ...r.totals, exit: exitOf(r.totals, mode) })
  return r.exitCode
}

/** The report `--format` names (report/formats.ts), written to `to` (where the mode sends reports). */
async function reportSinks(opts: CliOptions, io: Io, to: () => Out): Promise<Sink[]> {
  const format = formatNamed(opts.format)!
  const context = {
    mode: opts.mode,
    cwd: io.cwd,
    // git runs only for a format that asks where the repository's paths start (SARIF).
    root: () => patchRoot(io.cwd),
    rules: targetRules(),
    quiet: opts.quiet,
    color: opts.color,
  }
  return [await format.sink(context, to)]
}

/** A Writable that drops everything (node:stream is loaded only on this in-process path). */
async function discard(): Promise<Writable> {
  const { Writable } = await import('node:stream')
  return new Writable({ write: (_chunk, _enc, done) => done() })
}
