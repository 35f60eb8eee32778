/**
 * Shared checks for every transform test: the run is idempotent, input without SMI
 * documents comes back byte-identical, and only apiVersion and weight scalars ever change
 * (the rule in changes.ts, which the fuzzer applies too), or, with stripServerFields,
 * exactly the server-owned fields go.
 */
import * as assert from 'uvu/assert'
import { PassThrough, Readable } from 'node:stream'
import { type Document, parseAllDocuments, parseDocument } from 'yaml'
import { migrate, type MigrateResult } from '../../src/index.js'
import type { MigrateOptions } from '../../src/index.js'
import { migrateStream, migrateWhole } from '../../src/pipeline/stream.js'
import { resolveTargets } from '../../src/kinds/meshes.js'
import type { Target } from '../../src/model.js'
import { gatewayEntry } from '../../src/targets/gateway/options.js'
import type { TargetEntry } from '../../src/targets/target.js'
import { scalarChangeViolation } from './changes.js'
import { expectedSibling, linesKeptViolation } from './siblings.js'

/** A template action read as a flow mapping makes a collection key; the data is compared, not printed: no warning on stderr. */
const QUIET = { logLevel: 'error' } as const

export function migrateChecked(input: string, options: MigrateOptions = {}): MigrateResult {
  const r = migrate(input, options)
  const again = migrate(r.output, options)
  assert.is(again.output, r.output, 'a second run must change nothing')
  assert.is(again.changed, false, 'a second run must report no change')
  // --to gateway also replaces Linkerd ServiceProfiles; every other run leaves them as they are.
  const replaced = options.to === 'gateway' ? /TrafficSplit|HTTPRouteGroup|TCPRoute|TrafficTarget|ServiceProfile/ : SMI
  if (!replaced.test(input)) assert.is(r.output, input, 'input without SMI objects must come back byte-identical')
  if (options.to === 'gateway') {
    assertDocumentsKept(input, r.output)
  } else if (options.specsTo || options.accessTo) {
    assertSiblingChanges(input, r.output, options, r.findings)
  } else if (options.stripServerFields) {
    assertStripped(input, migrate(input, { ...options, stripServerFields: false }).output, r.output)
  } else {
    assertOnlyScalarLinesChanged(input, r.output)
  }
  return r
}

/**
 * `--to gateway` replaces TrafficSplit and ServiceProfile documents (and List items) by routes: every
 * document of the input that holds neither must appear in the output as it was, in order.
 */
function assertDocumentsKept(input: string, output: string): void {
  let at = 0
  for (const doc of parseAllDocuments(input, QUIET)) {
    const text = input.slice(doc.range[0], doc.range[1])
    if (text.includes('TrafficSplit') || text.includes('ServiceProfile')) continue
    const found = output.indexOf(text, at)
    assert.ok(
      found >= 0,
      `a document without a TrafficSplit or ServiceProfile is kept byte for byte, in order: ${JSON.stringify(text.slice(0, 80))}`,
    )
    at = found + text.length
  }
}

/** Any SMI object (the sibling kinds count only when the run converts them). */
const SMI = /TrafficSplit|HTTPRouteGroup|TCPRoute|TrafficTarget/

/**
 * With the sibling kinds converted, keys move: each document must hold the data the oracle
 * expects (test/helpers/siblings.ts; TrafficSplits and other documents by the scalar rule),
 * and no line of the source may be lost.
 */
function assertSiblingChanges(input: string, output: string, options: MigrateOptions, findings: MigrateResult['findings']): void {
  const before = parseAllDocuments(input, QUIET)
  const after = parseAllDocuments(output, QUIET)
  assert.is(after.length, before.length, 'the output must have as many documents as the input')
  for (const [i, doc] of before.entries()) {
    const a = input.slice(doc.range[0], doc.range[2])
    const b = output.slice(after[i]!.range[0], after[i]!.range[2])
    const data = doc.errors.length ? undefined : dataOf(a, doc)
    const expected = expectedSibling(data, options)
    if (expected === data && data !== undefined) {
      assertOnlyScalarLinesChanged(a, b)
      continue
    }
    // A refusal (an error or a pending warning inside the document) leaves it as it was.
    const refused = findings.some((f) => (f.severity === 'error' || f.pending) && f.offset >= doc.range[0] && f.offset < doc.range[2])
    if (refused && a === b) continue
    // A chart template is not YAML: only its words are checked (the golden file shows the rest).
    if (data !== undefined) assert.equal(dataOf(b, after[i]!), expected, `document ${i + 1}: the upgraded data`)
    const lost = linesKeptViolation(a, b)
    assert.ok(lost === undefined, `document ${i + 1}: ${lost}`)
  }
}

/**
 * A document's data. A byte order mark may open any document of a stream (kubectl reads it so);
 * the yaml package takes one only at the start of its text, so a later document is read again
 * without it.
 */
function dataOf(text: string, doc: Document.Parsed): unknown {
  const unmarked = text.replace(/^((?:---[^\n]*\n)?)\ufeff/, '$1')
  return (unmarked === text ? doc : parseDocument(unmarked, QUIET)).toJS({ maxAliasCount: -1 })
}

const SERVER_METADATA = ['creationTimestamp', 'generation', 'resourceVersion', 'selfLink', 'uid', 'managedFields']

/**
 * `stripped` must be `converted` with exactly the server-owned fields of its converted objects
 * (and of the Lists holding them) removed: compared as data, independently of how the
 * removal was done, and every remaining byte must come from `converted` in order. An object
 * counts as converted when its data differs between `input` and `converted`.
 */
export function assertStripped(input: string, converted: string, stripped: string): void {
  const before = parseAllDocuments(input, QUIET).map((d) => d.toJS() as unknown)
  const expected = parseAllDocuments(converted, QUIET).map((d, i) => stripExpected(before[i], d.toJS() as unknown))
  const actual = parseAllDocuments(stripped, QUIET).map((d) => {
    assert.equal(
      d.errors.map((e) => e.message),
      [],
      'stripped output must be valid YAML',
    )
    return d.toJS() as unknown
  })
  assert.equal(actual, expected, 'stripped output must hold the same data minus server fields')
  let at = 0
  for (const ch of stripped) {
    at = converted.indexOf(ch, at)
    assert.ok(at >= 0, 'stripped output must only delete bytes')
    at++
  }
}

function stripExpected(before: unknown, data: unknown): unknown {
  if (!isRecord(data) || !isRecord(before)) return data
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
  const items = Array.isArray(data.items) ? data.items : undefined
  const oldItems = Array.isArray(before.items) ? before.items : []
  if (items && !same(items, oldItems)) {
    items.forEach((item, i) => {
      if (isRecord(item) && !same(item, oldItems[i])) stripObject(item)
    })
    stripObject(data)
  } else if (!items && !same(before, data)) {
    stripObject(data)
  }
  return data
}

function stripObject(o: Record<string, unknown>): void {
  delete o.status
  const meta = o.metadata
  if (!isRecord(meta)) return
  for (const k of SERVER_METADATA) delete meta[k]
  if (isRecord(meta.annotations)) {
    delete meta.annotations['kubectl.kubernetes.io/last-applied-configuration']
    if (Object.keys(meta.annotations).length === 0) delete meta.annotations
  }
  if (Object.keys(meta).length === 0) delete o.metadata
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Only apiVersion and weight scalars changed: the rule of test/helpers/changes.ts. */
export function assertOnlyScalarLinesChanged(before: string, after: string): void {
  const bad = scalarChangeViolation(before, after)
  assert.ok(bad === undefined, `changed outside the apiVersion and weight scalars: ${bad}`)
}

/** Runs the stream path with the input cut into the given chunk sizes. */
export async function streamChunks(input: Buffer, sizes: number[], options: MigrateOptions = {}): Promise<Buffer> {
  const chunks: Buffer[] = []
  let pos = 0
  for (let i = 0; pos < input.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length] ?? 1)
    chunks.push(input.subarray(pos, pos + n))
    pos += n
  }
  const out = new PassThrough()
  const collected: Buffer[] = []
  out.on('data', (c: Buffer) => collected.push(c))
  const gateway = options.to === 'gateway'
  const targets = resolveTargets({ ...options, to: gateway ? undefined : (options.to as Target | undefined) })
  const opts = { ...targets, stripServerFields: options.stripServerFields ?? false }
  if (gateway)
    await migrateWhole(Readable.from(chunks), out, opts, { entry: gatewayEntry as TargetEntry, options: options.gateway ?? {} }, '<stdin>')
  else await migrateStream(Readable.from(chunks), out, opts, '<stdin>')
  out.end()
  return Buffer.concat(collected)
}

/** Findings as compact, comparable lines. */
export function findingLines(r: MigrateResult): string {
  return r.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.code}: ${f.message}`).join('\n') + '\n'
}
