/**
 * Findings as a KRM function's `results` (the KRM functions specification's Result:
 * `message`, `severity` error/warning/info, `resourceRef`, `field`, `file`; kubernetes-sigs/
 * kustomize cmd/config/docs/api-conventions/functions-spec.md at
 * 12f9e6391464b3ad9dd3fe8182049dc1b1772990), and their text in the ResourceList written back.
 */
import type { Finding } from '../model.js'
import { findingText, type Mode } from '../report/format.js'
import { fieldPath, type ResourceList, type ResourceListItem } from '../yaml/resource-list.js'

export interface KrmResult {
  message: string
  severity: 'error' | 'warning' | 'info'
  resourceRef?: { apiVersion?: string; kind?: string; name?: string; namespace?: string }
  field?: { path: string }
  file?: { path: string; index?: number }
}

/** The item whose source holds `offset` (items are in source order). */
function itemAt(items: readonly ResourceListItem[], offset: number): ResourceListItem | undefined {
  let lo = 0
  let hi = items.length - 1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    const it = items[mid]!
    if (offset < it.start) hi = mid - 1
    else if (offset >= it.end) lo = mid + 1
    else return it
  }
  return undefined
}

/**
 * One result per finding. `check`: validator mode, where a conversion the items still need
 * is an error, as `--check` fails on it; the message says `would convert`.
 */
export function toResult(f: Finding, list: ResourceList, mode: Mode): KrmResult {
  const item = itemAt(list.items, f.offset)
  const needed = mode === 'check' && f.severity === 'info' && (f.code === 'converted' || f.code === 'repaired')
  const r: KrmResult = { message: findingText(f, mode), severity: needed ? 'error' : f.severity }
  if (item) {
    const { path, index, ...ref } = item.ref
    if (Object.keys(ref).length) r.resourceRef = ref
    const field = fieldPath(item.node, f.offset)
    if (field) r.field = { path: field }
    if (path !== undefined) r.file = { path, ...(index !== undefined ? { index } : {}) }
  } else if (f.object) {
    r.resourceRef = {
      kind: f.object.kind,
      ...(f.object.name ? { name: f.object.name } : {}),
      ...(f.object.namespace ? { namespace: f.object.namespace } : {}),
    }
  }
  return r
}

/** `results` as text for the place readResourceList found: one JSON object per line (JSON is YAML too). */
export function resultsText(results: readonly KrmResult[], place: ResourceList['results'], before: string): string {
  if (place.json) return `, "results": [\n${results.map((r) => `  ${JSON.stringify(r)}`).join(',\n')}\n]`
  const lead = before.length > 0 && !before.endsWith('\n') ? '\n' : ''
  return `${lead}${place.indent}results:\n${results.map((r) => `${place.indent}- ${JSON.stringify(r)}\n`).join('')}`
}
