/**
 * `smi-migrate helm-release`: reads Helm release records (files, or `-` for stdin), rewrites
 * the stored manifest of the revisions Helm builds, and prints the records for `kubectl
 * replace -f -` (docs/helm.md#helm-release-history). Loaded only when the first argument is
 * `helm-release`. Exit codes as the main command's: 0 done (or, with --check, nothing to
 * change), 1 with --check something would change or is left for a person, 2 an error (a
 * refused record, usage): then nothing at all is printed on stdout.
 */
import { readFileSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { checkValues, type Flag, optionRows, readFlags, UsageError } from '../command.js'
import { TARGETS, type Target } from '../model.js'
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
  { name: 'stdin-filename', value: 'name', help: 'name stdin in the report (default: <stdin>)' },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const HELM_RELEASE_HELP = `Usage: ${PREFIX} [--check] [--to VERSION|gateway] [--all-revisions] (FILE... | -)

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
    if (err instanceof InputError) return usage(`${err.at.path}:${err.at.line}:${err.at.column}: error: ${err.message}`)
    if ((err as NodeJS.ErrnoException).syscall) return usage(`error: ${(err as Error).message}`)
    throw err
  }
  return report(docs, result, { mode, target: values.to ?? 'v1alpha2' }, io)
}

async function report(
  docs: InputDocument[],
  result: HelmReleaseResult,
  opts: { mode: 'check' | 'print'; target: string },
  io: HelmReleaseIo,
): Promise<number> {
  const { mode, target } = opts
  const errors = result.lines.filter((l) => l.severity === 'error').length
  const pending = result.lines.filter((l) => l.pending).length
  const warnings = result.lines.filter((l) => l.severity === 'warning').length
  const to = mode === 'check' ? io.stdout : io.stderr
  const text = result.lines.map((l) => `${l.text}\n`).join('') + `${summary(result, mode, target, errors, warnings)}\n`
  if (errors > 0) {
    await write(to, text)
    return 2
  }
  if (mode === 'print') await write(io.stdout, printDocuments(docs, result.rewritten))
  await write(to, text)
  if (mode === 'check' && (result.rewritten.size > 0 || pending > 0)) return 1
  return 0
}

function summary(r: HelmReleaseResult, mode: 'check' | 'print', target: string, errors: number, warnings: number): string {
  const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`
  if (r.records === 0) return 'no Helm release records in the input'
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
