/**
 * Reads a kustomization file: what it references (resources, bases, components, patch files),
 * the name prefix and suffix it applies, its patch entries with their targets, and the fields
 * whose effect on TrafficSplit weights this tool cannot follow (remote bases, replacements,
 * plugins, OpenAPI schemas, Helm charts). Only what the TrafficSplit conversion needs.
 */
import { dirname, resolve } from 'node:path'
import { type Document, isAlias, isMap, isScalar, isSeq, type Node, parseDocument, type Scalar, type YAMLMap } from 'yaml'
import { SMI_SPLIT_GROUP } from '../model.js'
import { lineStart as lineStartOf } from '../edit/lines.js'
import { splitKey } from '../kinds/trafficsplit/index.js'
import { isUnsetField } from '../yaml/nodes.js'

export { KUSTOMIZATION_NAMES } from './names.js'

export interface PatchTarget {
  name?: string
  /** Offset of the target's `name` (or of the target itself). */
  offset?: number
  group?: Scalar
  version?: Scalar
  kind?: string
  /** The target's `namespace`, when it is a non-empty string. */
  namespace?: string
  /** The target's `labelSelector` and `annotationSelector`, when they are strings (labels.ts). */
  labelSelector?: string
  annotationSelector?: string
}

/** How the tree's factors know the object an inline patch with this target writes: its name and namespace (splitKey). */
export function targetKey(t: PatchTarget): string {
  return splitKey(t.name ?? '*', t.namespace) ?? '*'
}

export interface PatchEntry {
  /** The entry's list: `patches` (SMP or JSON 6902, told by content), `patchesJson6902`, `patchesStrategicMerge`. */
  field: 'patches' | 'patchesJson6902' | 'patchesStrategicMerge'
  /** Where the entry is in the kustomization. */
  offset: number
  /** A patch file, absolute. */
  file?: string
  /** The patch file as the kustomization names it. */
  named?: string
  /** An inline patch (`patch: |-` or a patchesStrategicMerge string). */
  inline?: Scalar
  target?: PatchTarget
  /** The entry's `options` that let a patch change an object's name (or namespace) or its kind; a field not read as false: set. */
  allows?: { name: boolean; kind: boolean }
}

/** A directory or file the kustomization builds on, with the field that names it. */
export interface Child {
  path: string
  field: 'resources' | 'bases' | 'components'
  /** Where the entry is in the kustomization (a tree that reaches outside what a run may write is refused there). */
  offset: number
}

/** Something in the kustomization that may write TrafficSplit weights in a way this tool does not follow. */
export interface Hazard {
  field: string
  offset: number
  /** A file it names (absolute), to look into; undefined for inline entries. */
  file?: string
  /** The entry's node, for inline entries. */
  node?: Node
  /** The file as the kustomization names it. */
  named?: string
}

export interface Kustomization {
  file: string
  text: string
  doc: Document.Parsed
  /** Files and directories it names, absolute; remote URLs are left out. */
  references: string[]
  children: Child[]
  /** Remote resources, bases and components: they cannot be converted here. */
  remote: { url: string; offset: number }[]
  namePrefix: string
  nameSuffix: string
  patches: PatchEntry[]
  hazards: Hazard[]
  /**
   * Set when the file cannot be parsed here (unread.ts): where and why, and whether its
   * references were read (from a re-indented copy, or loosely); without, every token of it
   * that could be a path is taken, and it holds what lies under its directory (walk.ts).
   */
  unread?: { offset: number; message: string; tree: boolean; near?: boolean }
}

/** Whether a resources entry is remote (a URL, `git@…`, `github.com/…?ref=`). */
export function isRemote(p: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(p) ||
    p.startsWith('git@') ||
    p.includes('?ref=') ||
    p.includes('?version=') ||
    /^(github\.com|gitlab\.com|bitbucket\.org)\//i.test(p)
  )
}

export function readKustomization(file: string, text: string): Kustomization | undefined {
  const doc = parseDocument(text, { schema: 'failsafe' })
  if (doc.errors.length || !isMap(doc.contents)) return undefined
  const root = doc.contents
  const dir = dirname(file)
  const { references, children, remote } = readChildren(root, dir)
  const patches = readPatches(doc, root, dir, references)
  return {
    file,
    text,
    doc,
    references,
    children,
    remote,
    patches,
    hazards: readHazards(root, dir),
    namePrefix: scalarString(root, 'namePrefix'),
    nameSuffix: scalarString(root, 'nameSuffix'),
  }
}

/**
 * Whether an inline patch's text is empty as kustomize reads it: trimmed as Go's
 * strings.TrimSpace trims (Unicode White_Space: U+0085 and U+00A0 included, U+FEFF not,
 * where JavaScript's trim() differs on both).
 */
export function isBlankPatch(text: string): boolean {
  return /^\p{White_Space}*$/u.test(text)
}

/** Go's strings.TrimSpace: Unicode White_Space only (JavaScript's trim() also strips U+FEFF). */
export function goTrimSpace(text: string): string {
  const space = /\p{White_Space}/u
  let start = 0
  let end = text.length
  while (start < end && space.test(text[start]!)) start++
  while (end > start && space.test(text[end - 1]!)) end--
  return text.slice(start, end)
}

/** Resources, bases and components: local ones are followed, remote ones only reported. */
function readChildren(root: YAMLMap, dir: string): Pick<Kustomization, 'references' | 'children' | 'remote'> {
  const out: Pick<Kustomization, 'references' | 'children' | 'remote'> = { references: [], children: [], remote: [] }
  for (const field of ['resources', 'bases', 'components'] as const) {
    for (const s of strings(root, field)) {
      if (s.value.includes('\n')) continue
      if (isRemote(s.value)) out.remote.push({ url: s.value, offset: s.offset })
      else {
        out.references.push(resolve(dir, s.value))
        out.children.push({ path: resolve(dir, s.value), field, offset: s.offset })
      }
    }
  }
  return out
}

/** The patch entries of every patch field; patch files are added to `references` (they belong to the tree). */
function readPatches(doc: Document.Parsed, root: YAMLMap, dir: string, references: string[]): PatchEntry[] {
  const patches: PatchEntry[] = []
  for (const field of ['patches', 'patchesJson6902'] as const) {
    const list = root.get(field, true)
    if (!isSeq(list)) continue
    for (const item of list.items) {
      if (!isMap(item)) continue
      const entry: PatchEntry = { field, offset: item.range?.[0] ?? 0 }
      // An alias (`target: *canary`) reads as what it points at.
      const get = (key: string) => deref(doc, item.get(key, true))
      // An empty or null `path`/`patch` is unset to kubectl; a `patch:` of only white space too
      // (kustomize trims it first): beside `path:`, the file applies.
      const path = get('path')
      if (isScalar(path) && typeof path.value === 'string' && !isUnsetField(path)) {
        entry.file = resolve(dir, path.value)
        entry.named = path.value
        references.push(entry.file)
      }
      const patch = get('patch')
      if (isScalar(patch) && typeof patch.value === 'string' && !isUnsetField(patch) && !isBlankPatch(patch.value)) entry.inline = patch
      const target = get('target')
      if (isMap(target)) entry.target = readTarget(target, doc)
      const options = get('options')
      if (options !== undefined && !isUnsetField(options)) entry.allows = readAllows(options, doc)
      patches.push(entry)
    }
  }
  const psm = root.get('patchesStrategicMerge', true)
  if (!isSeq(psm)) return patches
  for (const item of psm.items) {
    if (!isScalar(item) || typeof item.value !== 'string') continue
    // A patchesStrategicMerge entry is a file name, or the patch itself when it spans lines.
    const offset = item.range?.[0] ?? 0
    if (item.value.includes('\n')) patches.push({ field: 'patchesStrategicMerge', offset, inline: item })
    else {
      const f = resolve(dir, item.value)
      references.push(f)
      patches.push({ field: 'patchesStrategicMerge', offset, file: f })
    }
  }
  return patches
}

/**
 * `allowNameChange` and `allowKindChange` of a patch's options. Kustomize reads the entry as JSON
 * does (keys of any case); a value is unset only when it is a YAML false or null; options of
 * another shape may hold either.
 */
function readAllows(options: unknown, doc: Document.Parsed): { name: boolean; kind: boolean } {
  if (!isMap(options)) return { name: true, kind: true }
  const out = { name: false, kind: false }
  for (const pair of options.items) {
    const key = isScalar(pair.key) ? String(pair.key.value).toLowerCase() : undefined
    const value = deref(doc, pair.value)
    const set = !isUnsetField(value) && !(isScalar(value) && /^(false|no|off|n)$/i.test(String(value.value)))
    if (key === undefined) out.name = out.kind = true
    else if (key === 'allownamechange') out.name ||= set
    else if (key === 'allowkindchange') out.kind ||= set
  }
  return out
}

/** The fields of HAZARDS present, one hazard per entry (with the file it names, to look into). */
function readHazards(root: YAMLMap, dir: string): Hazard[] {
  const hazards: Hazard[] = []
  for (const field of HAZARDS) {
    const value = root.get(field, true) as Node | undefined
    if (value === undefined || value === null) continue
    const offset = root.items.find((p) => isScalar(p.key) && p.key.value === field)?.key
    const at = (isScalar(offset) && offset.range ? offset.range[0] : value.range?.[0]) ?? 0
    if (isSeq(value)) {
      for (const item of value.items) {
        const node = item as Node
        const where = node?.range?.[0] ?? at
        if (isScalar(node) && typeof node.value === 'string')
          hazards.push({ field, offset: where, file: isRemote(node.value) ? undefined : resolve(dir, node.value), node, named: node.value })
        else if (isMap(node) && isScalar(node.get('path', true)) && !node.has('source')) {
          hazards.push({ field, offset: where, file: resolve(dir, String(node.get('path'))), named: String(node.get('path')) })
        } else hazards.push({ field, offset: where, node })
      }
    } else if (isMap(value) && field === 'openapi') {
      const path = value.get('path')
      if (typeof path === 'string') hazards.push({ field, offset: at, file: resolve(dir, path), named: path })
    } else hazards.push({ field, offset: at, node: value })
  }
  return hazards
}

/** Fields that may write TrafficSplit weights (or change how patches merge) by means this tool does not follow. */
const HAZARDS = [
  'replacements',
  'transformers',
  'generators',
  'configurations',
  'openapi',
  'crds',
  'helmCharts',
  'helmChartInflationGenerator',
  'vars',
] as const

/** Whether a patch target can select an SMI TrafficSplit and only TrafficSplits (its version may be moved). */
export function targetsTrafficSplit(t: PatchTarget | undefined): boolean {
  if (!t) return false
  const group = t.group ? String(t.group.value) : undefined
  if (group !== undefined && group !== SMI_SPLIT_GROUP) return false
  if (t.kind !== undefined && t.kind !== 'TrafficSplit') return false
  return group !== undefined || t.kind === 'TrafficSplit'
}

function readTarget(map: YAMLMap, doc: Document.Parsed): PatchTarget {
  const t: PatchTarget = { offset: map.range?.[0] }
  // A field kubectl reads as unset (a YAML null, `""`) selects everything: as if it were absent.
  const get = (k: string) => {
    const v = deref(doc, map.get(k, true))
    return isUnsetField(v) ? undefined : v
  }
  const name = get('name')
  if (isScalar(name) && typeof name.value === 'string') {
    t.name = name.value
    t.offset = name.range?.[0] ?? t.offset
  }
  const kind = get('kind')
  if (isScalar(kind) && typeof kind.value === 'string') t.kind = kind.value
  const namespace = get('namespace')
  if (isScalar(namespace) && typeof namespace.value === 'string') t.namespace = namespace.value
  const group = get('group')
  if (isScalar(group)) t.group = group
  const version = get('version')
  if (isScalar(version)) t.version = version
  for (const key of ['labelSelector', 'annotationSelector'] as const) {
    const v = get(key)
    // Anything but a plain string selects what cannot be told: read as a selector no document is known to match.
    if (v !== undefined) t[key] = isScalar(v) && typeof v.value === 'string' ? v.value : '\0'
  }
  return t
}

/**
 * Maps offsets in an inline patch's value to offsets in the kustomization file: exact for a
 * literal block (`patch: |-`), whose lines are the file's lines, indented; undefined for any
 * other string style.
 */
export function inlineOffsets(k: Kustomization, inline: Scalar): ((offset: number) => number) | undefined {
  return inline.type === 'BLOCK_LITERAL' && inline.range ? literalLines(k.text, inline.range[0], inline.range[1]) : undefined
}

/** Maps offsets in a literal block scalar's value to offsets in the file. */
function literalLines(text: string, start: number, end: number): ((offset: number) => number) | undefined {
  const firstLine = text.indexOf('\n', start) + 1
  if (firstLine <= 0 || firstLine >= end) return undefined
  const starts: number[] = []
  for (let s = firstLine; s < end; s = text.indexOf('\n', s) + 1 || end) starts.push(s)
  const indents = starts.map((s) => /^ */.exec(text.slice(s, text.indexOf('\n', s) < 0 ? end : text.indexOf('\n', s)))![0].length)
  const content = starts.findIndex((s, i) => text.slice(s + indents[i]!, text.indexOf('\n', s)).trim() !== '')
  if (content < 0) return undefined
  // An indentation indicator (`|2-`) fixes the indentation; the first line may then be deeper.
  const indent = indicated(text, start) ?? indents[content]!
  return (offset: number) => {
    let line = 0
    let pos = 0
    // The value's lines are the block's lines minus `indent` spaces each.
    while (line < starts.length - 1) {
      // The value's lines end at '\n' without the '\r' a CRLF file has before it.
      const nl = text.indexOf('\n', starts[line]!)
      const lineEnd = nl > 0 && text[nl - 1] === '\r' ? nl - 1 : nl
      const len = Math.max(0, lineEnd - starts[line]! - indent)
      if (offset <= pos + len) break
      pos += len + 1
      line++
    }
    return starts[line]! + indent + (offset - pos)
  }
}

/**
 * The indentation a block scalar's indentation indicator sets: the indicator plus the
 * indentation of the mapping that holds it (the column of its key, after any `- ` of a
 * sequence entry on the same line), as go-yaml reads it. Undefined without an indicator,
 * or when the header is not on its key's line.
 */
function indicated(text: string, header: number): number | undefined {
  const digit = /^[|>][+-]?([1-9])/.exec(text.slice(header, header + 3))?.[1]
  if (digit === undefined) return undefined
  const lineStart = lineStartOf(text, header)
  let at = lineStart
  for (;;) {
    while (text[at] === ' ') at++
    if (text[at] !== '-' || text[at + 1] !== ' ') break
    at++
  }
  if (at >= header) return undefined
  return at - lineStart + Number(digit)
}

function deref(doc: Document.Parsed, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node
}

function scalarString(root: YAMLMap, field: string): string {
  const v = root.get(field, true)
  return isScalar(v) && typeof v.value === 'string' ? v.value : ''
}

function strings(root: YAMLMap, field: string): { value: string; offset: number }[] {
  const list = root.get(field, true)
  if (!isSeq(list)) return []
  return list.items.flatMap((i) => (isScalar(i) && typeof i.value === 'string' ? [{ value: i.value, offset: i.range?.[0] ?? 0 }] : []))
}
