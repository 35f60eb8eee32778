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
import { convertWhole } from '../pipeline/stream.js'
import { formatFinding, type Mode } from '../report/format.js'
import { readResourceList, type ResourceList, ResultsInFlowError } from '../yaml/resource-list.js'
import { ConfigError, readKrmOptions } from './options.js'
import { type KrmResult, resultsText, toResult } from './results.js'

export interface KrmIo {
  stdin: Readable
  stdout: Writable
  stderr: Writable
}

const FLAGS: readonly Flag[] = [
  { name: 'stdin-filename', value: 'name', help: 'name stdin in messages on stderr (default: <stdin>)' },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const KRM_HELP = `Usage: smi-migrate krm < resource-list.yaml

A KRM function: reads a config.kubernetes.io/v1 ResourceList on stdin, converts its items as
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
  const input = await readStream(io.stdin)
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
  let read
  try {
    read = readResourceList(text)
  } catch (err) {
    if (err instanceof ResultsInFlowError) return { refused: `${name}: ${err.message}` }
    throw err
  }
  if ('error' in read) return { refused: `${at(text, read.error.offset, name)}: ${read.error.message}` }
  const list = read.list
  let opts
  try {
    opts = readKrmOptions(list.functionConfig)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    const result: KrmResult = { message: err.message, severity: 'error' }
    return { output: withResults(input, text, list, [result]), lines: [`${name}: error: ${err.message}`], failed: true }
  }
  const converted = await convertWhole(
    input,
    { versions: opts.versions, stripServerFields: opts.stripServerFields, ...(opts.noIgnore ? { noIgnore: true } : {}) },
    opts.target,
    name,
  )
  const mode: Mode = opts.check ? 'check' : 'stream'
  const results = converted.findings.map((f) => toResult(f, list, mode))
  const failed = results.some((r) => r.severity === 'error')
  // A validator, or a run with an error, changes no item: all of an input's conversions or none.
  const items = failed || opts.check ? input : converted.output
  const lines = converted.findings.filter((f) => f.severity !== 'info').map((f) => line(f, mode))
  if (opts.check) lines.push(...converted.findings.filter((f) => f.severity === 'info').map((f) => line(f, mode)))
  return { output: withResults(items, items === input ? text : items.toString('utf8'), list, results), lines, failed }
}

const line = (f: Finding, mode: Mode) => formatFinding(f, mode, { color: false })

/**
 * `bytes` with `results` in the place the input's ResourceList has for them. The conversion
 * changes only items, so a place after them moves by what the items grew or shrank, and a place
 * before them stays.
 */
function withResults(bytes: Buffer, text: string, list: ResourceList, results: readonly KrmResult[]): Buffer {
  if (results.length === 0) return bytes
  const place = list.results
  const shift = place.start >= list.itemsEnd ? text.length - list.textLength : 0
  const start = place.start + shift
  const added = resultsText(results, place, text.slice(0, start))
  return Buffer.from(text.slice(0, start) + added + text.slice(place.end + shift), 'utf8')
}

function at(text: string, offset: number, name: string): string {
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return `${name}:${line}:${column}`
}

async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string))
  return Buffer.concat(chunks)
}
