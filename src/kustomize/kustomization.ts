/**
 * Reads a kustomization file: what it references (resources, bases, components, patch files)
 * and its patch entries with their targets. Only what the TrafficSplit conversion needs.
 */
import { dirname, resolve } from 'node:path'
import { type Document, isMap, isScalar, isSeq, parseDocument, type Scalar, type YAMLMap } from 'yaml'
import { SMI_SPLIT_GROUP } from '../model.js'

export { KUSTOMIZATION_NAMES } from './names.js'

export interface PatchTarget {
  name?: string
  group?: Scalar
  version?: Scalar
  kind?: string
}

export interface PatchEntry {
  /** The entry's list: `patches` (SMP or JSON 6902, told by content), `patchesJson6902`, `patchesStrategicMerge`. */
  field: 'patches' | 'patchesJson6902' | 'patchesStrategicMerge'
  /** A patch file, absolute. */
  file?: string
  /** An inline patch (`patch: |-` or a patchesStrategicMerge string). */
  inline?: Scalar
  target?: PatchTarget
}

export interface Kustomization {
  file: string
  text: string
  doc: Document.Parsed
  /** Files and directories it names, absolute; remote URLs are left out. */
  references: string[]
  patches: PatchEntry[]
}

export function readKustomization(file: string, text: string): Kustomization | undefined {
  const doc = parseDocument(text, { schema: 'failsafe' })
  if (doc.errors.length || !isMap(doc.contents)) return undefined
  const root = doc.contents
  const dir = dirname(file)
  const local = (p: string) => !/^[a-z][a-z0-9+.-]*:\/\//i.test(p) && !p.startsWith('git@') && !p.includes('?ref=')
  const references: string[] = []
  for (const field of ['resources', 'bases', 'components', 'patchesStrategicMerge']) {
    for (const s of strings(root, field)) if (local(s) && !s.includes('\n')) references.push(resolve(dir, s))
  }
  const patches: PatchEntry[] = []
  for (const field of ['patches', 'patchesJson6902'] as const) {
    const list = root.get(field, true)
    if (!isSeq(list)) continue
    for (const item of list.items) {
      if (!isMap(item)) continue
      const entry: PatchEntry = { field }
      const path = item.get('path', true)
      if (isScalar(path) && typeof path.value === 'string') {
        entry.file = resolve(dir, path.value)
        references.push(entry.file)
      }
      const patch = item.get('patch', true)
      if (isScalar(patch) && typeof patch.value === 'string') entry.inline = patch
      const target = item.get('target', true)
      if (isMap(target)) entry.target = readTarget(target)
      patches.push(entry)
    }
  }
  const psm = root.get('patchesStrategicMerge', true)
  if (isSeq(psm)) {
    for (const item of psm.items) {
      if (isScalar(item) && typeof item.value === 'string') {
        if (item.value.includes('\n')) patches.push({ field: 'patchesStrategicMerge', inline: item })
        else patches.push({ field: 'patchesStrategicMerge', file: resolve(dir, item.value) })
      }
    }
  }
  return { file, text, doc, references, patches }
}

/** Whether a patch target can select an SMI TrafficSplit (a missing field selects anything). */
export function targetsTrafficSplit(t: PatchTarget | undefined): boolean {
  if (!t) return false
  const group = t.group ? String(t.group.value) : undefined
  if (group !== undefined && group !== SMI_SPLIT_GROUP) return false
  if (t.kind !== undefined && t.kind !== 'TrafficSplit') return false
  return group !== undefined || t.kind === 'TrafficSplit'
}

function readTarget(map: YAMLMap): PatchTarget {
  const t: PatchTarget = {}
  const get = (k: string) => map.get(k, true)
  const name = get('name')
  if (isScalar(name) && typeof name.value === 'string') t.name = name.value
  const kind = get('kind')
  if (isScalar(kind) && typeof kind.value === 'string') t.kind = kind.value
  const group = get('group')
  if (isScalar(group)) t.group = group
  const version = get('version')
  if (isScalar(version)) t.version = version
  return t
}

function strings(root: YAMLMap, field: string): string[] {
  const list = root.get(field, true)
  if (!isSeq(list)) return []
  return list.items.flatMap((i) => (isScalar(i) && typeof i.value === 'string' ? [i.value] : []))
}
