/**
 * Kustomize trees written to a temporary directory for tests, what they hold before and after a
 * run, and what the real `kubectl kustomize` renders of them keyed by namespace and name (two
 * overlays of one base render the same name in two namespaces).
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import type { Split } from './kustomize.js'
import { parseQuantity } from '../../src/quantity/quantity.js'

export type Files = Record<string, string>

/** A directory holding `files` (paths relative to it). */
export function writeTree(files: Files): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-ktree-'))
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    writeFileSync(join(dir, f), text)
  }
  return dir
}

/** Every file under `dir` with its text. */
export function snapshotTree(dir: string, sub = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const f = join(sub, e.name)
    if (e.isDirectory()) for (const [k, v] of snapshotTree(dir, f)) out.set(k, v)
    else out.set(f, readFileSync(join(dir, f), 'utf8'))
  }
  return out
}

/** `kubectl kustomize dir`'s TrafficSplits keyed `namespace/name` (no namespace: `/name`), weights as written. */
export function renderSplits(dir: string): Map<string, Split & { raw: string[] }> {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  assert.is(r.status, 0, `kubectl kustomize ${dir}: ${r.stderr}`)
  const out = new Map<string, Split & { raw: string[] }>()
  for (const doc of parseAllDocuments(r.stdout)) {
    const o = doc.toJS() as {
      kind: string
      apiVersion: string
      metadata: { name: string; namespace?: string }
      spec: { backends: { weight: unknown }[] }
    }
    if (o?.kind !== 'TrafficSplit') continue
    const raw = o.spec.backends.map((b) => String(b.weight))
    out.set(`${o.metadata.namespace ?? ''}/${o.metadata.name}`, { apiVersion: o.apiVersion, weights: raw.map(nanos), raw })
  }
  return out
}

/** A weight in units of 1n (a quantity's value times 10^9). */
function nanos(text: string): bigint {
  const q = parseQuantity(text)
  if (!q.ok) throw new Error(`not a quantity: ${text}`)
  return q.value.n * 10n ** BigInt(q.value.e + 9)
}

/** What Linkerd adds up of an object's weights: v1alpha2+ integers as whole units, v1alpha1 quantities as thousandths rounded up. */
export function linkerdSum(s: Split): bigint {
  if (s.apiVersion.endsWith('v1alpha1')) return s.weights.reduce((a, n) => a + (n + 999_999n) / 1_000_000n, 0n)
  return s.weights.reduce((a, n) => a + n / 1_000_000_000n, 0n)
}
