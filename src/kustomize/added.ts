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
 * what it brings is not read here.
 */
import { type Document, isAlias, isMap, isSeq, parseDocument } from 'yaml'
import { type Deref, pairOf, stringAt } from '../yaml/nodes.js'
import { annotationOf, IGNORE_ANNOTATION } from '../yaml/suppress.js'
import { parseDocuments } from '../yaml/documents.js'
import type { Kustomization } from './kustomization.js'

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

/**
 * Whether a patch's content writes the annotation into an object it may apply to: a
 * strategic-merge document of kind TrafficSplit (or any kind, under a target that may select
 * one: `anyKind`), or JSON 6902 operations (which apply to their target: `anyKind` too).
 */
export function patchAddsIgnore(content: string, anyKind: boolean): boolean {
  if (!content.includes('smi-migrate') && !content.includes('\\')) return false
  const ops = opsOf(content)
  if (ops) return anyKind && ops.some(opAddsIgnore)
  for (const parsed of parseDocuments(content)) {
    if (parsed.error || !isMap(parsed.doc.contents)) continue
    const map = parsed.doc.contents
    if (!anyKind && stringAt(map, 'kind') !== 'TrafficSplit') continue
    if (annotationOf(map, derefIn(parsed.doc))) return true
  }
  return false
}

/**
 * Whether JSON 6902 operations take the annotation away from their target: a `remove` of the
 * key or of what holds it, or a `replace` of what holds it by a value without it.
 */
export function patchRemovesIgnore(content: string, anyKind: boolean): boolean {
  if (!anyKind || (!content.includes('remove') && !content.includes('replace'))) return false
  return (opsOf(content) ?? []).some(opRemovesIgnore)
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
