/**
 * `smi-migrate helm-release`: reads Helm release records (files, or `-` for stdin), rewrites
 * the stored manifest of the revisions Helm builds, and prints the records for `kubectl
 * replace -f -` (docs/helm.md#helm-release-history). Loaded only when the first argument is
 * `helm-release`. It reports through the sinks of report/formats.ts, as the main command does
 * (`--format text`, `json`, `sarif`…), its own lines with codes of their own (codes.ts). Exit
 * codes as the main command's: 0 done (or, with --check, nothing to change), 1 with --check
 * something would change or is left for a person, 2 an error (a refused record, usage): then
 * nothing at all is printed on stdout.
 */
import { readFileSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { checkValues, type Flag, optionRows, readFlags, UsageError } from '../command.js'
import { type Finding, TARGETS, type Target } from '../model.js'
import { countFinding, newTotals, type Totals } from '../report/format.js'
import { FORMAT_NAMES, formatHelp, formatNamed } from '../report/formats.js'
import { deliver } from '../report/sink.js'
import { HELM_RELEASE_RULES } from './codes.js'
import { convertReleases, type HelmReleaseResult } from './convert.js'
import { type InputDocument, InputError, printDocuments, readInput } from './records.js'

export interface HelmReleaseIo {
  stdin: Readable
  stdout: Writable
  stderr: Writable
}

const PREFIX = 'smi-migrate helm-release'
const TO_CHOICES = [...TARGETS, 'gateway'] as const

const FLAGS: readonly Flag[] = [
  { name: 'check', help: 'list what each release holds and what would change; print no records;\nexit 1 if anything would change' },
  {
    name: 'to',
    value: 'target',
    choices: TO_CHOICES,
    help: "convert the stored TrafficSplits to this version (default v1alpha2), or\nwith gateway remove them from the stored manifest (the chart's next\nrender creates the routes)",
  },
  { name: 'all-revisions', help: 'rewrite every revision given, not only those helm upgrade, rollback\nand uninstall build' },
  // The formats' table (report/formats.ts) gives the choices and their help lines.
  { name: 'format', value: 'format', help: formatHelp() },
  { name: 'stdin-filename', value: 'name', help: 'name stdin in the report (default: <stdin>)' },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const HELM_RELEASE_HELP = `Usage: ${PREFIX} [--check] [--to VERSION|gateway] [--all-revisions] [--format FORMAT] (FILE... | -)

Rewrites Helm's release history so that helm upgrade, rollback and uninstall work once
TrafficSplit v1alpha1 is no longer served (or, with --to gateway, once the TrafficSplit CRD is
gone). Reads release records, Secrets or ConfigMaps named sh.helm.release.v1.NAME.vN, as
kubectl get prints them (one, a List, YAML or JSON), converts the TrafficSplits in the stored
manifest of the revision helm upgrade diffs against and of the last revision, and prints the
records as JSON for kubectl replace (in place: same names, labels, metadata; every byte of the
release outside its manifest kept). A record that is not valid is refused and nothing is printed.

Options:
${optionRows(FLAGS)}

Examples:
  $ kubectl get secret -n demo -l owner=helm,name=web -o json > web.json
  $ ${PREFIX} --check web.json
  $ set -o pipefail; ${PREFIX} web.json | kubectl replace -f -
  $ set -o pipefail; kubectl get secret -A -l owner=helm -o json | ${PREFIX} --check -

Exit codes: 0 printed (with --check: nothing to change), 1 with --check something would
change or is left for a person, 2 error (nothing printed). The runbook: docs/helm.md.
`

interface Values {
  check?: boolean
  to?: string
  'all-revisions'?: boolean
  format?: string
  'stdin-filename'?: string
  help?: boolean
}

export async function runHelmRelease(args: string[], io: HelmReleaseIo): Promise<number> {
  const usage = (message: string) => {
    io.stderr.write(`${PREFIX}: ${message}\n`)
    return 2
  }
  let values: Values
  let paths: string[]
  try {
    const read = readFlags(args, FLAGS, true)
    values = read.values as Values
    paths = read.positionals
    checkValues(read.values, FLAGS)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    return usage(err.message + (err.kind === 'unknown-option' ? ` (run ${PREFIX} --help for usage)` : ''))
  }
  if (values.help) return write(io.stdout, HELM_RELEASE_HELP)
  const format = values.format ?? 'text'
  if (!FORMAT_NAMES.includes(format)) return usage(`--format must be one of ${FORMAT_NAMES.join(', ')}; got "${format}"`)
  if (paths.length === 0) return usage('no input: give record files, or - for stdin')
  if (paths.includes('-') && paths.length > 1) return usage('Cannot read stdin ("-") and files in the same run.')
  const mode = values.check ? 'check' : 'print'
  let docs: InputDocument[]
  let result: HelmReleaseResult
  try {
    docs = await readAll(paths, io.stdin, values['stdin-filename'] ?? '<stdin>')
    // An empty input is what a failed `kubectl get` leaves in a pipe: never "nothing to change".
    if (docs.length === 0) return usage('error: the input holds no document (did kubectl get fail?)')
    result = await convertReleases(docs, {
      to: (values.to ?? 'v1alpha2') as Target | 'gateway',
      allRevisions: Boolean(values['all-revisions']),
      mode,
    })
  } catch (err) {
    const failed = inputFailure(err)
    if (!failed) throw err
    if (format === 'text')
      return usage(failed.line ? `${failed.path}:${failed.line}:${failed.column}: error: ${failed.message}` : `error: ${failed.message}`)
    // A machine-read report says it too, as an error finding, in its own format (nothing printed besides).
    const refused: HelmReleaseResult = { findings: [failed], rewritten: new Map(), releases: 0, records: 0, objects: 0 }
    return report([], refused, { mode, target: values.to ?? 'v1alpha2', format, files: paths.length }, io)
  }
  return report(docs, result, { mode, target: values.to ?? 'v1alpha2', format, files: paths.length }, io)
}

/** An input that cannot be read (a refused record: its position; a file: no line) as an error finding; undefined for any other error. */
function inputFailure(err: unknown): Finding | undefined {
  if (err instanceof InputError) return { severity: 'error', code: 'helm-record-refused', offset: 0, ...err.at, message: err.message }
  const e = err as NodeJS.ErrnoException
  if (!e?.syscall) return undefined
  return { severity: 'error', code: 'io', offset: 0, path: e.path ?? '<stdin>', line: 0, column: 0, message: e.message }
}

async function report(
  docs: InputDocument[],
  result: HelmReleaseResult,
  opts: { mode: 'check' | 'print'; target: string; format: string; files: number },
  io: HelmReleaseIo,
): Promise<number> {
  const { mode, target } = opts
  const totals = countAll(result, opts.files)
  totals.line = summary(result, mode, target, totals.errors, totals.warnings)
  totals.exit = exitOf(totals, result, mode)
  // The report goes where the records do not: stdout with --check, stderr beside the records.
  const to = mode === 'check' ? io.stdout : io.stderr
  let text = ''
  const sink = await formatNamed(opts.format)!.sink(
    {
      // The findings' verbs: `would convert` with --check, `converted` beside the records.
      mode: mode === 'check' ? 'check' : 'stream',
      cwd: process.cwd(),
      // Release records are a cluster's, not a repository's files: locations are relative to the current directory.
      root: () => Promise.resolve(process.cwd()),
      rules: HELM_RELEASE_RULES,
    },
    // Collected and written at once, after the records (and never beside them on an error).
    () => ({ write: (t: string) => void (text += t) }),
  )
  await deliver(result.findings, totals, [sink])
  if (mode === 'print' && totals.exit.code !== 2) await write(io.stdout, printDocuments(docs, result.rewritten))
  await write(to, text)
  return totals.exit.code
}

/** The findings counted as the main command counts them; a file counts as changed when a record of it is rewritten. */
function countAll(result: HelmReleaseResult, files: number): Totals {
  const totals = newTotals(files, new Set([...result.rewritten.keys()].map((r) => r.at.path)).size)
  for (const f of result.findings) countFinding(totals, f)
  return totals
}

/** 2 on an error (nothing printed); with --check, 1 when a record would be rewritten or something is left for a person. */
function exitOf(t: Totals, r: HelmReleaseResult, mode: 'check' | 'print'): NonNullable<Totals['exit']> {
  if (t.errors > 0) return { code: 2, reason: 'errors' }
  // Beside the records too: a release left as it is (a record too large to write back) is said by the exit code.
  if (t.pending > 0 && (mode === 'check' || r.findings.some((f) => f.code === 'helm-record-refused')))
    return { code: 1, reason: 'left-for-a-person' }
  if (mode === 'check' && r.rewritten.size > 0) return { code: 1, reason: 'would-convert' }
  return { code: 0, reason: r.rewritten.size > 0 && mode === 'print' ? 'converted' : 'nothing-to-convert' }
}

function summary(r: HelmReleaseResult, mode: 'check' | 'print', target: string, errors: number, warnings: number): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`
  if (r.records === 0 && errors === 0) return 'no Helm release records in the input'
  const verb =
    errors > 0
      ? 'nothing printed'
      : r.rewritten.size === 0
        ? 'nothing to change'
        : `${r.rewritten.size} ${mode === 'check' ? 'would be rewritten' : 'rewritten'} (${n(r.objects, 'TrafficSplit')} ${target === 'gateway' ? 'removed' : 'converted'})`
  const extra = [errors ? n(errors, 'error') : '', warnings ? n(warnings, 'warning') : ''].filter(Boolean)
  return `${n(r.releases, 'release')}, ${n(r.records, 'record')}: ${verb}${extra.length ? ` (${extra.join(', ')})` : ''}`
}

async function readAll(paths: readonly string[], stdin: Readable, stdinName: string): Promise<InputDocument[]> {
  const docs: InputDocument[] = []
  for (const path of paths) {
    const bytes = path === '-' ? await readStream(stdin) : readFileSync(path)
    docs.push(...readInput(path === '-' ? stdinName : path, bytes))
  }
  return docs
}

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}

function write(out: Writable, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    out.write(text, (err) => (err ? reject(err) : resolve(0)))
  })
}
