/**
 * What a `replacements` entry reads and selects besides the fields it writes: a selector (the
 * source, a target's `select`, a `reject`) that names a TrafficSplit `version` stops (or starts)
 * matching once the run moves the objects, and a source that reads a weight copies the value
 * the run rewrites. Neither is followed here: the tree is held back. Selector fields are read
 * as kustomize v5 reads them (api/types/selector.go: anchored regular expressions, select.ts;
 * api/filters/replacement/replacement.go: the source's fieldPath defaults to `metadata.name`).
 */
import { isMap, isSeq, isScalar, type YAMLMap } from 'yaml'
import { VERSIONS } from '../model.js'
import { anchored, maySelectTrafficSplit } from './select.js'

/** Why one replacement entry cannot be followed, or undefined when its selectors and source leave the run's changes alone. */
export function replacementSelectorHazard(e: unknown, weightPath: (fieldPath: string) => boolean): string | undefined {
  if (!isMap(e)) return undefined
  const source = e.get('source', true)
  if (source !== undefined) {
    if (!isMap(source)) return 'its source cannot be read'
    if (versioned(source)) return `its source selects TrafficSplits by version ${field(source, 'version')}, which the run moves`
    const fp = source.get('fieldPath', true)
    const path = fp === undefined ? 'metadata.name' : isScalar(fp) ? String(fp.value) : undefined
    if (maySelectTrafficSplit(kindOf(source)) && (path === undefined || weightPath(path)))
      return 'its source may read a TrafficSplit weight, which the run rewrites'
  }
  const targets = e.get('targets', true)
  if (!isSeq(targets)) return undefined
  for (const t of targets.items) {
    if (!isMap(t)) continue
    const select = t.get('select', true)
    if (isMap(select) && versioned(select))
      return `a target selects TrafficSplits by version ${field(select, 'version')}, which would stop or start matching them`
    const reject = t.get('reject', true)
    for (const r of isSeq(reject) ? reject.items : []) {
      if (isMap(r) && versioned(r))
        return `a target rejects by version ${field(r, 'version')}, which would stop or start matching the TrafficSplits`
    }
  }
  return undefined
}

function field(m: YAMLMap, key: string): string | undefined {
  const v = m.get(key, true)
  return isScalar(v) && v.value !== null && String(v.value) !== '' ? String(v.value) : undefined
}

function kindOf(m: YAMLMap): { group?: string; kind?: string } {
  return { group: field(m, 'group'), kind: field(m, 'kind') }
}

/** Whether a selector may select TrafficSplits by a version the run's objects have before or after the move. */
function versioned(m: YAMLMap): boolean {
  const v = m.get('version', true)
  if (v === undefined) return false
  if (!maySelectTrafficSplit(kindOf(m))) return false
  const text = field(m, 'version')
  if (text === undefined) return !(isScalar(v) && (v.value === null || String(v.value) === ''))
  const re = anchored(text)
  return !re || VERSIONS.some((x) => re.test(x))
}
