/**
 * `smi-migrate krm`: a KRM function (kustomize `transformers:`/`validators:`, kpt `fn eval` and
 * pipelines). Reads one `config.kubernetes.io/v1` ResourceList on stdin, converts its items by
 * the rules of stream mode (the same conversion, on the same bytes: pipeline/stream.ts
 * convertWhole, which takes the ResourceList as a List), and writes the ResourceList back
 * with `results` (docs/deploy-time.md). Every byte outside the converted scalars stays; with
 * `check: "true"` (a validator), or when any result is an error, no item changes at all. An
 * error result exits 1, as the KRM functions specification says; input that is no ResourceList
 * exits 1 with `path:line:col` on stderr and nothing on stdout. Loaded only for `krm`.
 */
import type { Readable, Writable } from 'node:stream'
import { type Flag, optionRows, readFlags, UsageError } from '../command.js'
import type { Finding } from '../model.js'
import { convertWhole, migrateBuffer, readInput } from '../pipeline/stream.js'
import { exitOf } from '../report/exit.js'
import { countFinding, formatFinding, formatSummary, isConversion, type Mode, newTotals } from '../report/format.js'
import { LineStarts, readResourceList, readWhole, type ResourceList, ScanDeclined } from '../yaml/resource-list.js'
import { ConfigError, type KrmOptions, readKrmOptions } from './options.js'
import { reindexAdded } from '../yaml/resource-list-reindex.js'
import { type KrmResult, resultsText, toResult } from './results.js'

export interface KrmIo {
  /** Read directly from a descriptor where the process owns it, as stream mode reads. */
  stdin: Readable | { fd: number; stream: () => Readable }
  stdout: Writable
  stderr: Writable
}

const FLAGS: readonly Flag[] = [
  { name: 'stdin-filename', value: 'name', help: 'name stdin in messages on stderr (default: <stdin>)' },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const KRM_HELP = `Usage: smi-migrate krm < resource-list.yaml

A KRM function: reads a config.kubernetes.io/v1 ResourceList (or a List) on stdin, converts its items as
"smi-migrate -" converts a stream, and writes the ResourceList back on stdout with every other
byte as it was, and the findings as results (severity, message, resourceRef, field, and file
from the config.kubernetes.io/path and index annotations). Options come from functionConfig:
a ConfigMap whose data has the flags' names (to: v1alpha4, specs-to: v1alpha4, check: "true"),
or an smi-migrate.io/v1alpha1 SmiMigrate whose spec has them in camel case (specsTo).
check: "true" is validator mode: no item changes, a conversion still needed is an error.
Exit codes: 0 done, 1 an error result (nothing converted) or input that is no ResourceList.

Options:
${optionRows(FLAGS)}

Examples:
  # kustomization.yaml: transformers: [smi-migrate.yaml]; kustomize build --enable-alpha-plugins --enable-exec
  $ kpt fn eval --exec "smi-migrate krm" -- to=v1alpha4
  $ kubectl kustomize --enable-alpha-plugins overlays/prod   # a container function (docs/deploy-time.md)
`

const EXIT_ERROR = 1

export async function runKrm(args: readonly string[], io: KrmIo): Promise<number> {
  let values
  try {
    values = readFlags(args, FLAGS, false).values
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.stderr.write(`smi-migrate krm: ${err.message} (run smi-migrate krm --help for usage)\n`)
    return 2
  }
  if (values.help) {
    io.stdout.write(KRM_HELP)
    return 0
  }
  const name = (values['stdin-filename'] as string | undefined) ?? '<stdin>'
  const input = await readInput(io.stdin)
  const out = await krm(input, name)
  if ('refused' in out) {
    io.stderr.write(`${out.refused}\n`)
    return EXIT_ERROR
  }
  for (const line of out.lines) io.stderr.write(`${line}\n`)
  io.stdout.write(out.output)
  return out.failed ? EXIT_ERROR : 0
}

/** What one run of the function makes of `input`: the ResourceList to write, or why there is none. */
export async function krm(
  input: Buffer,
  name: string,
): Promise<{ output: Buffer; lines: string[]; failed: boolean } | { refused: string }> {
  const text = input.toString('utf8')
  const read = readResourceList(text)
  if ('error' in read) return { refused: `${where(text, read.error.offset, name)}: ${read.error.message}` }
  const list = read.list
  let opts
  try {
    opts = readKrmOptions(list.functionConfig)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    const result: KrmResult = { message: err.message, severity: 'error' }
    return { output: withResults(input, { text, bytes: input }, list, [result]), lines: [`${name}: error: ${err.message}`], failed: true }
  }
  const converted = await convert(input, opts, name)
  const mode: Mode = opts.check ? 'check' : 'stream'
  const lines = new LineStarts(text)
  const at = (f: Finding) => lines.offsetOf(f.line, f.column)
  // Validator mode fails exactly where `--check -` fails (report/exit.ts), and says why as an error.
  const totals = newTotals(1, converted.output.equals(input) ? 0 : 1)
  for (const f of converted.findings) countFinding(totals, f)
  // As a transformer it fails on errors only (an item left for a person is a result of its own);
  // the CLI's stream mode also exits 1 on those, which would make the function change nothing.
  const failed = opts.check ? exitOf(totals, 'check').code !== 0 : totals.errors > 0
  // A run with an error changes no item: what it did not convert is not reported as converted,
  // as a file left unwritten reports no conversion (run/files.ts). A validator says `would convert`.
  const made = failed && !opts.check ? converted.findings.filter((f) => !isConversion(f.code)) : converted.findings
  // Results in the items' order, and within an item in line order, as kpt users read them (the
  // stream gives an item's notices before every other finding); those of no line come last.
  const ordered = inItemOrder(made, at)
  let results
  try {
    results = ordered.map((f) => toResult(f, at(f), list, mode))
  } catch (err) {
    if (!(err instanceof ScanDeclined)) throw err
    // An item that does not read alone: the whole ResourceList is read as one document instead.
    const whole = readWhole(text)
    if ('error' in whole) return { refused: `${where(text, whole.error.offset, name)}: ${whole.error.message}` }
    results = ordered.map((f) => toResult(f, at(f), whole.list, mode))
  }
  if (failed && !results.some((r) => r.severity === 'error')) results.push({ message: formatSummary(totals, 'check'), severity: 'error' })
  // A validator, or a run with an error, changes no item: all of an input's conversions or none.
  // Objects the conversion added take fresh indexes in their file (yaml/resource-list-reindex.ts).
  const items = failed || opts.check ? input : converted.output.equals(input) ? input : reindexAdded(converted.output, text)
  const said = converted.findings.filter((f) => opts.check || f.severity !== 'info').map((f) => line(f, mode))
  return { output: withResults(items, { text, bytes: input }, list, results), lines: said, failed }
}

/**
 * The conversion of stream mode: the stream engine (which takes kustomize's and kpt's layout
 * item by item, pipeline/list.ts), or with a target the whole input at once, as `-` does.
 */
async function convert(input: Buffer, opts: KrmOptions, name: string): Promise<{ output: Buffer; findings: Finding[] }> {
  const given = {
    versions: opts.versions,
    stripServerFields: opts.stripServerFields,
    ...(opts.noIgnore ? { noIgnore: true } : {}),
    ...(opts.notLinkerd ? { notLinkerd: true } : {}),
  }
  return opts.target ? convertWhole(input, given, opts.target, name) : migrateBuffer(input, given, name)
}

/** `findings` by where they point in the input (a stable sort: findings at one place keep their order), those of no line last. */
function inItemOrder(findings: readonly Finding[], at: (f: Finding) => number): Finding[] {
  const key = (f: Finding) => (f.line > 0 ? at(f) : Infinity)
  return findings
    .map((f) => ({ f, k: key(f) }))
    .sort((a, b) => (a.k === b.k ? 0 : a.k < b.k ? -1 : 1))
    .map((x) => x.f)
}

const line = (f: Finding, mode: Mode) => formatFinding(f, mode, { color: false })

/**
 * `bytes` with `results` in the place the input's ResourceList has for them. The conversion
 * changes only items, so a place after them moves by what the items grew or shrank, and a place
 * before them stays.
 */
function withResults(bytes: Buffer, input: { text: string; bytes: Buffer }, list: ResourceList, results: readonly KrmResult[]): Buffer {
  if (results.length === 0) return bytes
  const place = list.results
  // Byte offsets of the input's place (UTF-16 offsets of its text), moved by what the items grew.
  const byteAt = (offset: number) =>
    input.bytes.length === input.text.length ? offset : Buffer.byteLength(input.text.slice(0, offset), 'utf8')
  const shift = place.start >= list.itemsEnd ? bytes.length - input.bytes.length : 0
  const start = byteAt(place.start) + shift
  const end = byteAt(place.end) + shift
  // The input's line ends: a CRLF ResourceList gets CRLF results lines.
  const eol = input.text.includes('\r\n') ? '\r\n' : '\n'
  const added = resultsText(results, place, start === 0 || bytes[start - 1] === 0x0a, eol)
  return Buffer.concat([bytes.subarray(0, start), Buffer.from(added, 'utf8'), bytes.subarray(end)])
}

function where(text: string, offset: number, name: string): string {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return `${name}:${line}:${column}`
}
