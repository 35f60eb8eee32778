/**
 * The real `kubectl kustomize` as the oracle for kustomize trees: what each overlay renders,
 * read back as TrafficSplit apiVersions and exact weights.
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { parseAllDocuments } from 'yaml'
import { parseQuantity } from '../../src/quantity/quantity.js'
import { hasTool } from './tools.js'

export const hasKubectl = hasTool('kubectl')

export interface Split {
  apiVersion: string
  weights: bigint[]
}

/** `kubectl kustomize dir`: each TrafficSplit's apiVersion and weights in units of 1n. */
export function build(dir: string): Map<string, Split> {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  assert.is(r.status, 0, `kubectl kustomize ${dir}: ${r.stderr}`)
  const out = new Map<string, Split>()
  for (const doc of parseAllDocuments(r.stdout)) {
    const o = doc.toJS() as { kind: string; apiVersion: string; metadata: { name: string }; spec: { backends: { weight: unknown }[] } }
    if (o?.kind !== 'TrafficSplit') continue
    out.set(o.metadata.name, { apiVersion: o.apiVersion, weights: o.spec.backends.map((b) => nanos(String(b.weight))) })
  }
  return out
}

function nanos(text: string): bigint {
  const q = parseQuantity(text)
  if (!q.ok) throw new Error(`not a quantity: ${text}`)
  return q.value.n * 10n ** BigInt(q.value.e + 9)
}

export function sameRatios(a: bigint[], b: bigint[]): boolean {
  return a.length === b.length && a.every((x, i) => a.every((y, j) => x * b[j]! === y * b[i]!))
}
