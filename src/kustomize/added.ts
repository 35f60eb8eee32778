/**
 * The suppression annotation that kustomize adds (docs/suppressions.md#where-suppressions-apply):
 * a kustomization's `commonAnnotations`, or a patch that writes `smi-migrate.io/ignore` into a
 * TrafficSplit (a strategic-merge document, JSON 6902 operations). `kubectl kustomize` then
 * renders an object that carries the annotation from a source that does not: converting the
 * source would convert an object marked to be left alone. The planner cannot tell which of the
 * tree's renderings carry it, so the whole tree is held back (suppressed.ts), unless every
 * TrafficSplit of the tree is suppressed in its own source already.
 *
 * Read as kustomize reads them: `commonAnnotations` through aliases and merge keys, a JSON 6902
 * path with its `~1` escapes decoded (RFC 6901), a strategic-merge document's annotation as
 * kubectl reads it (yaml/suppress.ts). A `copy` or `move` into the annotations is counted too:
 * what it brings is not read here. A patch that takes it away (a JSON 6902 `remove`, a
 * strategic-merge null) is counted apart: the source then renders unmarked.
 */
import { type Document, isAlias, isMap, isSeq, parseDocument } from 'yaml'
import { type Deref, pairOf, stringAt } from '../yaml/nodes.js'
import { annotationOf, deletesAnnotation, IGNORE_ANNOTATION } from '../yaml/suppress.js'
import { parseDocuments } from '../yaml/documents.js'
import type { Kustomization } from './kustomization.js'
import type { TreeFiles } from './types.js'
import { hazardText, replacementWrites } from './hazards.js'

/**
 * Where a kustomization's transformers or replacements may add the annotation, each with what
 * to call it: what they render is not read here, so each that may counts as adding.
 * - a transformer (an AnnotationsTransformer, a patch transformer, a function's config) that
 *   spells the annotation;
 * - a replacement whose targets may select a TrafficSplit (select.ts) and whose field paths
 *   may write the annotation, or what holds it: the value it copies is not read here.
 * Unreadable: it may.
 */
export function hazardsAddingIgnore(k: Kustomization, files: TreeFiles): Array<{ offset: number; what: string }> {
  const out: Array<{ offset: number; what: string }> = []
  for (const h of k.hazards) {
    const text = hazardText(h, files)
    const adds =
      h.field === 'replacements'
        ? replacementWrites(h.file ? text : undefined, h.file ? undefined : h.node, annotationPath)
        : h.field === 'transformers' && (text?.includes(IGNORE_ANNOTATION) ?? false)
    if (adds) out.push({ offset: h.offset, what: `${h.field} entry ${h.named ?? ''}`.trimEnd() })
  }
  return out
}

/**
 * Whether a replacement's field path may be the annotation or hold it: `metadata`,
 * `metadata.annotations`, `metadata.annotations.[smi-migrate.io/ignore]`, a `*` for any of them
 * (kustomize's field paths: dots between fields, a key with dots in brackets).
 */
function annotationPath(fieldPath: string): boolean {
  const segs = (fieldPath.match(/\[[^[\]]*\]|[^.[]+/g) ?? []).map((x) => x.replace(/^\[(.*)\]$/, '$1'))
  const want = ['metadata', 'annotations', IGNORE_ANNOTATION]
  return segs.every((seg, i) => i >= want.length || seg === '*' || seg === want[i])
}

const derefIn =
  (doc: Document.Parsed): Deref =>
  (n) =>
    isAlias(n) ? n.resolve(doc) : n

/** Where `commonAnnotations` of `k` sets the annotation (the key's offset), if it does. */
export function commonIgnore(k: Kustomization): number | undefined {
  if (!isMap(k.doc.contents)) return undefined
  const deref = derefIn(k.doc)
  const common = deref(pairOf(k.doc.contents, 'commonAnnotations', deref)?.value)
  if (!isMap(common)) return undefined
  const pair = pairOf(common, IGNORE_ANNOTATION, deref)
  return pair ? ((pair.key as { range?: number[] }).range?.[0] ?? 0) : undefined
}

/** How a patch entry applies: under a target that may select a TrafficSplit (`anyKind`), or by its documents' kind and name (no `target`). */
export interface PatchApplies {
  anyKind: boolean
  targeted: boolean
}

/**
 * Whether a patch's content writes the annotation into an object it may apply to: a
 * strategic-merge document of kind TrafficSplit (or any kind, under a target that may select
 * one: `anyKind`), or JSON 6902 operations (which apply to their target: `anyKind` too). A
 * null value deletes the annotation in a patch without a target, but under one kustomize
 * (v5.5.0, `kubectl kustomize`) writes the null's text (`"null"`, `"~"`, `""`): an addition.
 */
export function patchAddsIgnore(content: string, { anyKind, targeted }: PatchApplies): boolean {
  if (!content.includes('smi-migrate') && !content.includes('\\')) return false
  const ops = opsOf(content)
  if (ops) return anyKind && ops.some(opAddsIgnore)
  for (const parsed of parseDocuments(content)) {
    if (parsed.error || !isMap(parsed.doc.contents)) continue
    const map = parsed.doc.contents
    if (!anyKind && stringAt(map, 'kind') !== 'TrafficSplit') continue
    const found = annotationOf(map, derefIn(parsed.doc))
    if (found && (targeted || !deletesAnnotation(map, derefIn(parsed.doc)))) return true
  }
  return false
}

/**
 * Whether a patch takes the annotation away from what it patches: JSON 6902 operations (a
 * `remove` of the key or of what holds it, a `replace` of what holds it by a value without it),
 * or a strategic-merge document without a target whose value for the key, or for `annotations`,
 * is null (yaml/suppress.ts deletesAnnotation; under a target the null is written as text).
 */
export function patchRemovesIgnore(content: string, { anyKind, targeted }: PatchApplies): boolean {
  if (!/remove|replace|metadata/.test(content)) return false
  const ops = opsOf(content)
  if (ops) return anyKind && ops.some(opRemovesIgnore)
  if (targeted || !content.includes('metadata')) return false
  for (const parsed of parseDocuments(content)) {
    if (parsed.error || !isMap(parsed.doc.contents)) continue
    const map = parsed.doc.contents
    if (stringAt(map, 'kind') === 'TrafficSplit' && deletesAnnotation(map, derefIn(parsed.doc))) return true
  }
  return false
}

function opRemovesIgnore(o: Op): boolean {
  const tokens = pointerOf(o.path)
  if (!tokens || tokens.length === 0 || tokens.length > KEY.length || tokens.some((t, i) => t !== KEY[i])) return false
  if (o.op === 'remove') return true
  return o.op === 'replace' && tokens.length < KEY.length && !opAddsIgnore(o)
}

/** A JSON pointer's tokens (RFC 6901: `~1` is `/`, `~0` is `~`, decoded in that order), or undefined. */
function pointerOf(path: unknown): string[] | undefined {
  if (typeof path !== 'string') return undefined
  return path === ''
    ? []
    : path
        .split('/')
        .slice(1)
        .map((t) => t.replaceAll('~1', '/').replaceAll('~0', '~'))
}

interface Op {
  op: unknown
  path: unknown
  value: unknown
  deref: Deref
}

/** A list of JSON 6902 operations, or undefined when `content` is not one. */
function opsOf(content: string): Op[] | undefined {
  const doc = parseDocument(content.replace(/^\uFEFF/, ''), { schema: 'failsafe' })
  if (doc.errors.length || !isSeq(doc.contents)) return undefined
  const deref = derefIn(doc)
  const out: Op[] = []
  for (const item of doc.contents.items) {
    const op = deref(item)
    if (!isMap(op)) return undefined
    out.push({ op: op.get('op'), path: op.get('path'), value: deref(op.get('value', true)), deref })
  }
  return out
}

/** The JSON pointer of the annotation, and of what holds it. */
const KEY = ['metadata', 'annotations', IGNORE_ANNOTATION]

function opAddsIgnore({ op, path, value, deref }: Op): boolean {
  const tokens = pointerOf(path)
  if (!tokens || !['add', 'replace', 'copy', 'move'].includes(String(op))) return false
  if (tokens.length > KEY.length || tokens.some((t, i) => t !== KEY[i])) return false
  if (op === 'copy' || op === 'move' || tokens.length === KEY.length) return true
  // `/metadata`, `/metadata/annotations` or the whole object: the value holds the key, or not.
  let node = value
  for (const key of KEY.slice(tokens.length, -1)) {
    if (!isMap(node)) return false
    node = deref(pairOf(node, key, deref)?.value)
  }
  return isMap(node) && pairOf(node, IGNORE_ANNOTATION, deref) !== undefined
}
