/**
 * JSON 6902 patches (kustomize `patchesJson6902`, or `patches` holding a list of operations)
 * that write TrafficSplit weights: `/spec/backends/N/weight`, `/spec/backends/N` or `/-` with
 * a backend, and `/spec/backends` with the whole list. Their values are converted with the
 * same rule and the same factor as the object they patch.
 */
import { isMap, isScalar, isSeq, type Node, parseDocument } from 'yaml'
import type { Edit, Finding } from '../model.js'
import type { ScalarRef } from '../convert/view.js'
import { neededScale, type Scale, scaleWeights } from '../convert/weights.js'
import type { Decimal } from '../quantity/quantity.js'
import { readWeight } from '../quantity/yaml11.js'
import { scalarRef } from '../yaml/locate.js'

const BACKENDS = /^\/spec\/backends(?:\/(?:\d+|-)(?:\/weight)?)?$/
const WRITES = new Set(['add', 'replace', 'test'])

export interface OpWeight {
  scalar: ScalarRef
  /** Where the operation is, for messages. */
  path: string
}

/** The weight scalars a list of JSON 6902 operations writes; undefined when `text` is not such a list. */
export function readOpWeights(text: string): OpWeight[] | undefined {
  const doc = parseDocument(text, { schema: 'failsafe' })
  if (doc.errors.length || !isSeq(doc.contents)) return undefined
  const out: OpWeight[] = []
  for (const op of doc.contents.items) {
    if (!isMap(op)) return undefined
    const kind = op.get('op') as unknown
    const path = op.get('path') as unknown
    if (typeof kind !== 'string' || typeof path !== 'string') return undefined
    if (!WRITES.has(kind) || !BACKENDS.test(path)) continue
    const value = op.get('value', true) as Node | undefined
    const add = (n: unknown) => { if (isScalar(n) && n.range) out.push({ scalar: scalarRef(n, text), path }) }
    if (path.endsWith('/weight')) add(value)
    else if (isMap(value)) add(value.get('weight', true))
    else if (isSeq(value)) for (const b of value.items) if (isMap(b)) add(b.get('weight', true))
  }
  return out
}

export interface OpsReading {
  values: Decimal[]
  findings: Finding[]
}

/** Reads the weights as v1alpha1 quantities; errors point at the bad scalar. */
export function readOpValues(weights: readonly OpWeight[]): OpsReading {
  const values: Decimal[] = []
  const findings: Finding[] = []
  for (const w of weights) {
    const r = readWeight(w.scalar.style, w.scalar.value)
    if (!r.ok || r.value.negative) {
      findings.push({ severity: 'error', code: 'invalid-weight', offset: w.scalar.start,
        message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${r.ok ? 'is negative' : r.reason}` })
    } else {
      values.push(r.value)
    }
  }
  return { values, findings }
}

export function opsScale(weights: readonly OpWeight[]): Scale {
  return neededScale(readOpValues(weights).values)
}

/** Edits that write each weight as an integer on the scale `floor` (raised if they need more). */
export function opEdits(weights: readonly OpWeight[], floor: Scale, target: string): { edits: Edit[]; findings: Finding[] } {
  const read = readOpValues(weights)
  if (read.findings.length) return { edits: [], findings: read.findings }
  const scaled = scaleWeights(read.values, floor)
  if (!scaled.ok) {
    const w = weights[scaled.index]!
    return { edits: [], findings: [{ severity: 'error', code: 'invalid-weight', offset: w.scalar.start,
      message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${scaled.reason}` }] }
  }
  const edits: Edit[] = []
  const findings: Finding[] = []
  for (const [i, w] of weights.entries()) {
    const text = scaled.weights[i]!.toString()
    if (text === w.scalar.raw) continue
    edits.push({ start: w.scalar.start, end: w.scalar.end, text })
    findings.push({ severity: 'info', code: 'patch-converted', offset: w.scalar.start,
      object: { kind: 'TrafficSplit', name: target },
      message: `JSON 6902 patch for TrafficSplit ${target}: ${w.path} ${w.scalar.raw} -> ${text}`,
      weightsBefore: [w.scalar.raw], weightsAfter: [text] })
  }
  return { edits, findings }
}
