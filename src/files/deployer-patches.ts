/**
 * A patch over deploy objects (docs/kustomize.md#deploy-time-patches), written in a deploy object
 * (a Flux Kustomization's `spec.patches` may select the Kustomizations its path builds) or in a
 * kustomization that builds them: harmless only when it selects no deploy kind and no SMI kind, or
 * when every field it writes, the whole path and not only the value, is harmless by the one
 * table of deploy-fields.ts that judges the objects themselves.
 */
import { child, type Field, fieldsOf, TABLED } from './deploy-fields.js'
import { obj, type Parse, TEMPLATED, valuesHarm } from './deployer-values.js'

/**
 * Harmless under conditions: a name or namespace over a path (a tree with patches), Flux
 * substitution (a tree with `${`), a literal path written (`reach:production`: the trees below it).
 */
export type When = Set<'names' | 'subst' | `reach:${string}`>

/** A literal `path` a patch writes (no template, no `..`, no backslash), cleaned (`./production` is `production`). */
function writtenPath(key: string, v: unknown): string | undefined {
  if (key !== 'path' || typeof v !== 'string' || TEMPLATED.test(v) || v.includes('\\') || v.startsWith('/')) return undefined
  const parts = v.split('/').filter((p) => p !== '' && p !== '.')
  return parts.includes('..') ? undefined : parts.join('/')
}

const SMI = 'TrafficSplit|TrafficTarget|HTTPRouteGroup|TCPRoute|UDPRoute|TrafficMetrics'
const DEPLOY =
  'Kustomization|Application|ApplicationSet|HelmRelease|ResourceSet|FluxInstance|List|GitRepository|OCIRepository|Bucket|ArtifactGenerator'
export const SMI_KIND = new RegExp(`^(?:${SMI})$`)
/** Kinds of deploy objects, which a patch may rewrite (and with them what they deploy). */
export const DEPLOY_KIND = new RegExp(`^(?:${DEPLOY})$`)
const PLAIN = /^[a-z][a-z0-9]*$/i
const PATCH_LISTS = new Set(['patches', 'patchesJson6902', 'patchesStrategicMerge'])
const VALUES = new Set(['values', 'valuesObject'])
const REMOVED = Symbol('removed')
/** A value a replacement copies from another object: not known here. */
const UNKNOWN_VALUE = Symbol('unknown')

/**
 * A patch (of a deploy object, a component or a kustomization) proven not to select `kinds`;
 * `read`, where the patch may name a file: the text at its `path`, read as an inline patch's.
 */
export function patchHarmless(e: unknown, kinds: RegExp, read?: (path: string) => string | undefined): boolean {
  const p = obj(e)
  if (!p) return false
  const target = p['target']
  if (target !== undefined && target !== null) {
    // kustomize reads a target's kind as an anchored regex: only a plain name is one kind.
    const kind = obj(target)?.['kind']
    return typeof kind === 'string' && PLAIN.test(kind) && !kinds.test(kind)
  }
  // kustomize reads an empty or null `patch` as none, and the file at `path` instead.
  if (typeof p['patch'] === 'string' && p['patch'] !== '') return textKindsOnly(p['patch'], kinds)
  const text = typeof p['path'] === 'string' && (p['patch'] ?? '') === '' ? read?.(p['path']) : undefined
  return text !== undefined && textKindsOnly(text, kinds)
}

/** A patch text without a target (it selects by its own kinds) that names kinds, each a plain name none of `kinds`. */
export function textKindsOnly(text: string, kinds: RegExp): boolean {
  if (TEMPLATED.test(text)) return false
  const found = [...text.matchAll(/(?:^|[\s{,])["']?kind["']?\s*:\s*["']?([^\s"',}#]*)/g)].map((m) => m[1]!)
  return found.length > 0 && found.every((k) => PLAIN.test(k) && !kinds.test(k))
}

/** A JSON 6902 path that writes an object's apiVersion, kind, whole metadata, or the object. */
const KIND_PATHS = new Set(['', '/', '/apiVersion', '/kind', '/metadata'])
const KIND_TEXT = /\/(?:apiVersion|kind|metadata)\b|path["']?\s*:[ \t]*["']?\/?["']?(?=[\s,}#]|$)|\\/m

/**
 * Whether a patch entry (of a deploy object, a component or a kustomization) may change the kind
 * or apiVersion of what it patches, whatever its target selects: `allowKindChange`, an operation
 * but `test` (a `move` or `copy` by its `path`) on a place of KIND_PATHS, a path that is no string,
 * or a text that cannot be read. A ConfigMap so patched may become a Flux Kustomization.
 */
export function mayChangeKind(e: unknown, parse: Parse, read?: (path: string) => string | undefined): boolean {
  const p = obj(e)
  if (!p) return typeof e !== 'string'
  if (optionOn(obj(p['options'])?.['allowKindChange'])) return true
  const patch = p['patch']
  if (Array.isArray(patch)) return opsChangeKind(patch)
  return textMayChangeKind(
    typeof patch === 'string' && patch !== '' ? patch : typeof p['path'] === 'string' ? read?.(p['path']) : '',
    parse,
  )
}

/** Whether a patch's text (undefined: it cannot be read) holds an operation that may change a kind (above). */
export function textMayChangeKind(text: string | undefined, parse: Parse): boolean {
  if (text === undefined) return true
  if (!KIND_TEXT.test(text)) return false
  const docs = parse(text.replace(/^\uFEFF/, ''))
  return !docs || docs.some((d) => Array.isArray(d) && opsChangeKind(d))
}

/**
 * A patch option as kustomize reads it: set unless absent or false. Texts read without the YAML
 * schema give strings, so `"false"` in any case counts as false and any other value as set.
 */
function optionOn(v: unknown): boolean {
  return v !== undefined && v !== null && v !== false && !(typeof v === 'string' && /^(?:false|False|FALSE)$/.test(v))
}

function opsChangeKind(ops: unknown[]): boolean {
  return ops.some((op) => {
    const o = obj(op)
    return !o || (o['op'] !== 'test' && (typeof o['path'] !== 'string' || KIND_PATHS.has(o['path'])))
  })
}

/**
 * One entry of a `patches` list: harmless (under `When`) when it selects neither a deploy kind nor
 * one of `risky` (none: a kustomization's patch may select any other kind of what it builds), or
 * when it selects a deploy kind by a plain name (or by its own kind) and its text, inline or read
 * by `read`, writes only harmless fields; false otherwise.
 */
export function entryWhen(e: unknown, parse: Parse, risky: RegExp | undefined, read?: (path: string) => string | undefined): When | false {
  const either = risky ? new RegExp(`${risky.source}|${DEPLOY_KIND.source}`) : DEPLOY_KIND
  const p = obj(e)
  if (!p || mayChangeKind(e, parse, read)) return false
  if (patchHarmless(e, either, read)) return new Set()
  const target = p['target']
  const kind = obj(target)?.['kind']
  if (target !== undefined && target !== null && !(typeof kind === 'string' && PLAIN.test(kind) && !risky?.test(kind))) return false
  const inline = typeof p['patch'] === 'string' && p['patch'] !== ''
  const text = inline ? (p['patch'] as string) : typeof p['path'] === 'string' ? read?.(p['path']) : undefined
  if (text === undefined) return false
  if (target === undefined || target === null) if (textKindsOnly(text, either)) return new Set()
  return writesOver(text, parse, risky, typeof kind === 'string' ? kind : undefined)
}

/**
 * One target of a kustomize replacement over what a kustomization builds: harmless when it selects
 * no deploy kind by a plain name, or when each of its field paths (plain, dotted) walks through the
 * table to a field that is harmless whatever value is copied there (`spec.destination.server`).
 */
export function replacementWhen(t: unknown): When | false {
  const target = obj(t)
  const kind = obj(target?.['select'])?.['kind']
  const paths = target?.['fieldPaths']
  if (kind !== undefined && !(typeof kind === 'string' && PLAIN.test(kind))) return false
  if (typeof kind === 'string' && !DEPLOY_KIND.test(kind)) return new Set()
  if (!Array.isArray(paths) || paths.length === 0) return false
  const when: When = new Set()
  const walk = (p: unknown) =>
    typeof p === 'string' &&
    /^[\w-]+(?:\.[\w-]+)*$/.test(p) &&
    tablesFor(kind).every((f) => writeAt(f, '', p.split('.'), UNKNOWN_VALUE, () => undefined, when))
  return paths.every(walk) && when
}

/** The tables a patch of `kind` may write over: that kind's, or every one when it may select any. */
function tablesFor(kind: string | undefined): Field[] {
  if (kind === undefined) return [...TABLED.map(([g, k]) => fieldsOf(g, k)), fieldsOf('', '')]
  const tabled = TABLED.filter(([, k]) => k === kind)
  return tabled.length > 0 ? tabled.map(([g, k]) => fieldsOf(g, k)) : [fieldsOf('', kind)]
}

/**
 * What a patch text (JSON 6902 operations or strategic merge patches) writes over deploy objects
 * of `kind` (every kind when undefined): the conditions under which it is harmless, or false.
 */
export function writesOver(text: string, parse: Parse, risky: RegExp | undefined, kind?: string): When | false {
  if (TEMPLATED.test(text)) return false
  const docs = parse(text)
  if (!docs || docs.length === 0) return false
  const when: When = new Set()
  for (const d of docs) {
    if (Array.isArray(d)) {
      if (d.length === 0 || !d.every((op) => opFits(op, parse, kind, when))) return false
      continue
    }
    const m = obj(d)
    if (!m) return false
    const own = kind ?? (typeof m['kind'] === 'string' ? m['kind'] : undefined)
    if (own !== undefined && (risky?.test(own) || !PLAIN.test(own))) return false
    const rest = Object.fromEntries(Object.entries(m).filter(([k]) => k !== 'apiVersion' && k !== 'kind'))
    if (!tablesFor(own).every((f) => fits(f, '', rest, parse, when))) return false
  }
  return when
}

function opFits(op: unknown, parse: Parse, kind: string | undefined, when: When): boolean {
  const o = obj(op)
  if (!o || !Object.keys(o).every((k) => ['op', 'path', 'value', 'from'].includes(k))) return false
  if (!['add', 'replace', 'remove', 'test'].includes(String(o['op'])) || o['from'] !== undefined) return false
  if (typeof o['path'] !== 'string' || !o['path'].startsWith('/')) return false
  if (o['op'] === 'test') return true
  const tokens = o['path']
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
  const value = o['op'] === 'remove' ? REMOVED : o['value']
  return tablesFor(kind).every((f) => writeAt(f, '', tokens, value, parse, when))
}

/** Whether writing `value` at `tokens` below field `f` (at key `key`) is harmless. */
function writeAt(f: Field, key: string, tokens: string[], value: unknown, parse: Parse, when: When): boolean {
  if (tokens.length === 0) return fits(f, key, value, parse, when)
  if (f === 'free') return true
  if (f === 'reach') return false
  if (f === 'names' || f === 'subst') {
    when.add(f)
    return true
  }
  if (f === 'judged') return judgedWrite(key, tokens, value, parse, when)
  const [t, ...rest] = tokens as [string, ...string[]]
  const isList = 'list' in f && Object.keys(f).length === 1
  const c = isList ? (t === '-' || /^\d+$/.test(t) ? child(f, 0) : undefined) : child(f, t)
  return c !== undefined && writeAt(c, t, rest, value, parse, when)
}

/** Whether the whole value `v` of field `f` (at key `key`) is harmless; REMOVED: the field is removed. */
function fits(f: Field, key: string, v: unknown, parse: Parse, when: When): boolean {
  if (f === 'free') return true
  if (f === 'reach') {
    // A literal path deploys what the same path written in the object deploys: the trees below it.
    const p = writtenPath(key, v)
    if (p !== undefined) when.add(`reach:${p}`)
    return p !== undefined
  }
  if (f === 'names' || f === 'subst') {
    when.add(f)
    return true
  }
  if (f === 'judged') return judgedWrite(key, [], v, parse, when)
  if (v === REMOVED || v === UNKNOWN_VALUE || v === null || v === undefined) return false
  if ('list' in f && Object.keys(f).length === 1) return Array.isArray(v) && v.every((e) => fits(child(f, 0)!, key, e, parse, when))
  const m = obj(v)
  return (
    !!m &&
    Object.entries(m).every(([k, e]) => {
      const c = child(f, k)
      return c !== undefined && fits(c, k, e, parse, when)
    })
  )
}

/** A write into a field read by its own rule: values (read as values, the whole path too), a patch list. */
function judgedWrite(key: string, tokens: string[], v: unknown, parse: Parse, when: When): boolean {
  if (v === UNKNOWN_VALUE) return false
  if (v === REMOVED && (tokens.length === 0 || VALUES.has(key))) return true
  if (VALUES.has(key)) {
    const nested = tokens.reduceRight<unknown>((acc, t) => ({ [t]: acc }), v)
    return valuesHarm(nested, parse) === undefined
  }
  if (!PATCH_LISTS.has(key)) return false
  const entry = (e: unknown) => {
    const w = key === 'patchesStrategicMerge' ? (typeof e === 'string' ? writesOrKinds(e, parse) : false) : entryWhen(e, parse, SMI_KIND)
    if (w === false) return false
    for (const c of w) when.add(c)
    return true
  }
  if (tokens.length === 0) return Array.isArray(v) && v.every(entry)
  return tokens.length === 1 && (tokens[0] === '-' || /^\d+$/.test(tokens[0]!)) && entry(v)
}

function writesOrKinds(text: string, parse: Parse): When | false {
  return textKindsOnly(text, new RegExp(`${SMI_KIND.source}|${DEPLOY_KIND.source}`)) ? new Set() : writesOver(text, parse, SMI_KIND)
}
