/**
 * Shared checks for every transform test: the run is idempotent, input without SMI
 * documents comes back byte-identical, and only apiVersion/weight lines ever change.
 */
import * as assert from 'uvu/assert'
import { PassThrough, Readable } from 'node:stream'
import { migrate, type MigrateResult } from '../../src/index.js'
import type { Target } from '../../src/model.js'
import { migrateStream } from '../../src/pipeline/stream.js'

export function migrateChecked(input: string, to: Target = 'v1alpha2'): MigrateResult {
  const r = migrate(input, { to })
  const again = migrate(r.output, { to })
  assert.is(again.output, r.output, 'a second run must change nothing')
  assert.is(again.changed, false, 'a second run must report no change')
  if (!input.includes('TrafficSplit')) assert.is(r.output, input, 'input without TrafficSplit must come back byte-identical')
  assertOnlyScalarLinesChanged(input, r.output)
  return r
}

/** Every changed line holds (or continues) an apiVersion or weight value. */
export function assertOnlyScalarLinesChanged(before: string, after: string): void {
  const a = before.split('\n')
  const b = after.split('\n')
  assert.is(b.length, a.length, 'line count must not change')
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue
    const context = `${a[i - 1] ?? ''}\n${a[i]}`
    assert.ok(/apiVersion|weight/.test(context), `line ${i + 1} changed but holds no apiVersion/weight: ${JSON.stringify(a[i])}`)
  }
}

/** Runs the stream path with the input cut into the given chunk sizes. */
export async function streamChunks(input: Buffer, sizes: number[], to: Target = 'v1alpha2'): Promise<Buffer> {
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
  await migrateStream(Readable.from(chunks), out, to, '<stdin>')
  out.end()
  return Buffer.concat(collected)
}

/** Findings as compact, comparable lines. */
export function findingLines(r: MigrateResult): string {
  return r.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.code}: ${f.message}`).join('\n') + '\n'
}
