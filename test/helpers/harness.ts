/**
 * Shared checks for every transform test: the run is idempotent, input without SMI
 * documents comes back byte-identical, and only apiVersion and weight scalars ever change
 * (the rule in changes.ts, which the fuzzer applies too), or, with stripServerFields,
 * exactly the server-owned fields go.
 */
import * as assert from 'uvu/assert'
import { PassThrough, Readable } from 'node:stream'
import { parseAllDocuments } from 'yaml'
import { migrate, type MigrateResult } from '../../src/index.js'
import type { MigrateOptions } from '../../src/model.js'
import { migrateStream } from '../../src/pipeline/stream.js'
import { scalarChangeViolation } from './changes.js'

export function migrateChecked(input: string, options: MigrateOptions = {}): MigrateResult {
  const r = migrate(input, options)
  const again = migrate(r.output, options)
  assert.is(again.output, r.output, 'a second run must change nothing')
  assert.is(again.changed, false, 'a second run must report no change')
  if (!input.includes('TrafficSplit')) assert.is(r.output, input, 'input without TrafficSplit must come back byte-identical')
  if (options.stripServerFields) {
    assertStripped(input, migrate(input, { ...options, stripServerFields: false }).output, r.output)
  } else {
    assertOnlyScalarLinesChanged(input, r.output)
  }
  return r
}

const SERVER_METADATA = ['creationTimestamp', 'generation', 'resourceVersion', 'selfLink', 'uid', 'managedFields']

/**
 * `stripped` must be `converted` with exactly the server-owned fields of its converted objects
 * (and of the Lists holding them) removed: compared as data, independently of how the
 * removal was done, and every remaining byte must come from `converted` in order. An object
 * counts as converted when its data differs between `input` and `converted`.
 */
export function assertStripped(input: string, converted: string, stripped: string): void {
  const before = parseAllDocuments(input).map((d) => d.toJS() as unknown)
  const expected = parseAllDocuments(converted).map((d, i) => stripExpected(before[i], d.toJS() as unknown))
  const actual = parseAllDocuments(stripped).map((d) => {
    assert.equal(d.errors.map((e) => e.message), [], 'stripped output must be valid YAML')
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
    items.forEach((item, i) => { if (isRecord(item) && !same(item, oldItems[i])) stripObject(item) })
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
  await migrateStream(Readable.from(chunks), out, { to: options.to ?? 'v1alpha2', stripServerFields: options.stripServerFields ?? false }, '<stdin>')
  out.end()
  return Buffer.concat(collected)
}

/** Findings as compact, comparable lines. */
export function findingLines(r: MigrateResult): string {
  return r.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.code}: ${f.message}`).join('\n') + '\n'
}
