/**
 * Findings as a KRM function's `results` (the KRM functions specification's Result:
 * `message`, `severity` error/warning/info, `resourceRef`, `field`, `file`; kubernetes-sigs/
 * kustomize cmd/config/docs/api-conventions/functions-spec.md at
 * 12f9e6391464b3ad9dd3fe8182049dc1b1772990), and their text in the ResourceList written back.
 */
import type { Finding, ObjectRef } from '../model.js'
import { findingText, isConversion, type Mode } from '../report/format.js'
import { fieldPath, type ItemRef, type ResourceList } from '../yaml/resource-list.js'

export interface KrmResult {
  message: string
  severity: 'error' | 'warning' | 'info'
  resourceRef?: { apiVersion?: string; kind?: string; name?: string; namespace?: string }
  field?: { path: string }
  file?: { path: string; index?: number }
}

/** The index of the item a finding at 1-based `line` is in (items are in source order), or -1. */
function itemAt(list: ResourceList, line: number, offset: number): number {
  const items = list.items
  let lo = 0
  let hi = items.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const it = items[mid]!
    if (line < it.line) hi = mid - 1
    else if (offset >= it.end) lo = mid + 1
    else return offset >= it.start ? mid : -1
  }
  return -1
}

/**
 * One result per finding; `offset` is where the finding points in the input (from its line and
 * column: stream mode's offsets are its pieces'). `check`: validator mode, where whatever makes
 * `--check` fail (a conversion the items still need, a TrafficSplit left for a person) is an
 * error; the message says `would convert`.
 */
export function toResult(f: Finding, offset: number, list: ResourceList, mode: Mode): KrmResult {
  const needed = mode === 'check' && (f.pending === true || isConversion(f.code))
  const r: KrmResult = { message: findingText(f, mode), severity: needed ? 'error' : f.severity }
  let index = f.line > 0 ? itemAt(list, f.line, offset) : -1
  // A finding above an item (a directive's comment line) about the object below it names that item.
  const below = index < 0 && f.object && f.line > 0 ? itemBelow(list, offset) : -1
  if (below >= 0 && sameObject(list.item(below, list.items[below]!.start).ref, f.object!)) index = below
  if (index >= 0) {
    const item = list.item(index, Math.max(offset, list.items[index]!.start))
    const { path, index: fileIndex, ...ref } = item.ref
    if (Object.keys(ref).length) r.resourceRef = ref
    // A conversion, or a finding at the object's own start (or above it), is about the object, not a field of it
    // (a JSON item's conversion points at its apiVersion value, a block item's at its first key).
    const whole = isConversion(f.code) || index === below || offset - item.base === item.node.range?.[0]
    const field = whole ? undefined : fieldPath(item.node, offset - item.base)
    if (field) r.field = { path: field }
    if (path !== undefined) r.file = { path, ...(fileIndex !== undefined ? { index: fileIndex } : {}) }
  } else if (f.object) {
    r.resourceRef = {
      kind: f.object.kind,
      ...(f.object.name ? { name: f.object.name } : {}),
      ...(f.object.namespace ? { namespace: f.object.namespace } : {}),
    }
  }
  return r
}

/** The first item that starts at or after `offset`, or -1. */
function itemBelow(list: ResourceList, offset: number): number {
  let lo = 0
  let hi = list.items.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (list.items[mid]!.start < offset) lo = mid + 1
    else hi = mid
  }
  return lo < list.items.length ? lo : -1
}

const sameObject = (ref: ItemRef, o: ObjectRef) => ref.kind === o.kind && ref.name === o.name && ref.namespace === o.namespace

/** `results` as text for the place readResourceList found: one JSON object per line (JSON is YAML too), lines ended by `eol`. */
export function resultsText(results: readonly KrmResult[], place: ResourceList['results'], atLineStart: boolean, eol = '\n'): string {
  if (place.json) return `${place.pair ? '' : ', '}"results": [${eol}${results.map((r) => `  ${JSON.stringify(r)}`).join(`,${eol}`)}${eol}]`
  const lead = atLineStart ? '' : eol
  return `${lead}${place.indent}results:${eol}${results.map((r) => `${place.indent}- ${JSON.stringify(r)}${eol}`).join('')}`
}
