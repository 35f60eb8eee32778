/**
 * Refusals for the kustomization fields whose effect on TrafficSplit weights is not followed
 * (replacements, plugins, configurations, schemas, charts): each is looked into as far as
 * needed to tell that it leaves weights alone; when it may not, the tree is held back.
 */
import { isMap, isScalar, isSeq, type Node, parseAllDocuments } from 'yaml'
import type { Hazard, Kustomization } from './kustomization.js'
import { maySelectTrafficSplit } from './select.js'
import { replacementSelectorHazard } from './replacement-selectors.js'
import { varHazard } from './vars.js'
import type { TreeFiles } from './types.js'

export type Refuse = (file: string, offset: number, message: string) => void

const WEIGHTY = /backends|weight|TrafficSplit|smi-spec/i

/** The text of a hazard's entry: its file's, or the inline entry's; undefined when it cannot be read. */
export function hazardText(h: Hazard, files: TreeFiles): string | undefined {
  if (h.file) return files.isFile(h.file) ? files.read(h.file) : undefined
  return h.node && !isScalar(h.node) ? String(h.node) : undefined
}

export function checkHazard(file: string, h: Hazard, files: TreeFiles, refuse: Refuse): void {
  const content = hazardText(h, files)
  const unread = content === undefined
  const name = h.named ? `${h.field} entry ${h.named}` : `${h.field} entry`
  switch (h.field) {
    case 'replacements':
      if (unread) return refuse(file, h.offset, `${name} cannot be read, and it may write TrafficSplit weights`)
      if (replacementHitsWeights(h.file ? content : undefined, h.node)) {
        return refuse(file, h.offset, `${name} writes into TrafficSplit backends: the value it copies is not converted here`)
      }
      for (const e of replacementEntries(h.file ? content : undefined, h.node) ?? []) {
        const why = replacementSelectorHazard(e, weightPath)
        if (why) return refuse(file, h.offset, `${name} cannot be followed here: ${why}`)
      }
      return
    case 'vars': {
      const why = varHazard(h.node, weightPath)
      return why ? refuse(file, h.offset, `vars entry cannot be followed here: ${why}`) : undefined
    }
    case 'transformers':
    case 'generators':
      if (
        unread ||
        WEIGHTY.test(content) ||
        /Prefix|Suffix|Patch|Replacement|function|exec|container|starlark|kind:\s*Kustomization/i.test(content)
      ) {
        return refuse(file, h.offset, `${name} may write TrafficSplits or their names in a way not followed here`)
      }
      return
    case 'configurations':
      if (unread || WEIGHTY.test(content)) return refuse(file, h.offset, `${name} may make a transformer write TrafficSplit weights`)
      return
    case 'openapi':
    case 'crds':
      if (unread || /TrafficSplit|smi-spec/.test(content)) {
        return refuse(
          file,
          h.offset,
          `${name} gives TrafficSplits a schema for their old version: patches would merge differently once converted`,
        )
      }
      return
    default:
      return refuse(
        file,
        h.offset,
        `${h.field}: the TrafficSplits a chart renders are not converted here, and the tree's TrafficSplit patches would stop matching them`,
      )
  }
}

/** Whether replacements (a file's text, or an inline entry) may write a TrafficSplit weight. */
function replacementHitsWeights(text: string | undefined, node: Node | undefined): boolean {
  return replacementWrites(text, node, weightPath)
}

/**
 * Whether a replacement (its file's text, or its inline node) may write a field path that
 * `path` accepts into an object its targets may select as a TrafficSplit (select.ts). What
 * cannot be read (not YAML, an entry or target of another shape) may.
 */
export function replacementWrites(text: string | undefined, node: Node | undefined, path: (fieldPath: string) => boolean): boolean {
  const entries = replacementEntries(text, node)
  return entries === undefined || entries.some((e) => entryWrites(e, path))
}

/** The entries of a replacements file's text, or the inline entry; undefined when the text is not YAML. */
function replacementEntries(text: string | undefined, node: Node | undefined): unknown[] | undefined {
  if (text === undefined) return [node]
  const entries: unknown[] = []
  for (const d of parseAllDocuments(text, { schema: 'failsafe' }) as unknown as { contents: unknown; errors: unknown[] }[]) {
    if (d.errors.length) return undefined
    if (isSeq(d.contents)) entries.push(...d.contents.items)
    else entries.push(d.contents)
  }
  return entries
}

/** Whether one replacement entry may select a TrafficSplit and write a path `path` accepts. */
function entryWrites(e: unknown, path: (fieldPath: string) => boolean): boolean {
  if (!isMap(e)) return true
  const targets = e.get('targets', true)
  if (targets === undefined) return false
  if (!isSeq(targets)) return true
  for (const t of targets.items) {
    if (!isMap(t)) return true
    const select = t.get('select', true)
    const field = (k: string) => (isMap(select) ? select.get(k) : undefined)
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
    if (!maySelectTrafficSplit({ group: str(field('group')), kind: str(field('kind')) })) continue
    const paths = t.get('fieldPaths', true)
    if (!isSeq(paths)) return true
    for (const fp of paths.items) if (!isScalar(fp) || path(String(fp.value))) return true
  }
  return false
}

/**
 * Whether a kustomization's `replacements` may rename a TrafficSplit: write its `metadata.name`
 * or `metadata.namespace` (or what holds them), or its `kind` or `apiVersion`. Kustomize runs
 * replacements after the kustomization's own patches, so the kustomizations above select the
 * object by the value it copies, which is not read here. Unreadable: it may.
 */
export function mayRename(k: Kustomization, files: TreeFiles): boolean {
  return k.hazards.some((h) => {
    if (h.field !== 'replacements') return false
    const text = hazardText(h, files)
    if (text === undefined) return true
    return replacementWrites(h.file ? text : undefined, h.node, renamePath)
  })
}

/** Whether a replacement field path may be, or hold, what identifies an object to a target. */
function renamePath(path: string): boolean {
  const segs = path.split('.')
  if (segs[0] === 'kind' || segs[0] === 'apiVersion' || segs[0] === '*') return true
  if (segs[0] !== 'metadata') return false
  return segs.length === 1 || ['name', 'namespace', '*'].includes(segs[1]!)
}

/** Whether a replacement field path may be, or hold, a backend's weight. */
function weightPath(path: string): boolean {
  const segs = path.split('.')
  if (!['spec', '*'].includes(segs[0]!)) return false
  if (segs.length === 1) return true
  if (!['backends', '*'].includes(segs[1]!)) return false
  if (segs.length <= 3) return true
  return segs.slice(3).join('.') === 'weight' || segs[3] === '*' || segs[3] === 'weight'
}
