/**
 * Which documents a patch target selects beyond its name: its `version` and its
 * `labelSelector`, read as kustomize reads them (a selector field is an anchored regex; a label
 * selector is a Kubernetes one: `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`, `k`,
 * `!k`, joined by commas). A target that selects no document of a group writes nothing into
 * it: a dormant patch is never summed with the objects it leaves alone (sums.ts).
 *
 * A document's labels count as known only where they are literal in its text and nothing in
 * the tree may change them (`commonLabels`, `labels`, a patch that mentions labels or metadata,
 * transformers, replacements: TreeState.labelChangers; a patch only for the names it may
 * select); otherwise a label selector may select it, and where that decides a sum the tree is
 * left for a person rather than refused.
 */
import { isMap, isScalar, isSeq, type Node } from 'yaml'
import { anchored, type NameMatch } from './select.js'
import { isUnsetField } from '../yaml/nodes.js'
import { parseDocuments } from '../yaml/documents.js'

/** One requirement of a label selector. */
type Requirement = { op: 'in' | 'notin'; key: string; values: string[] } | { op: 'exists' | '!'; key: string }

/** `yes`, `no`, or `unknown`: whether a target may select a document. */
export type Selects = 'yes' | 'no' | 'unknown'

/** A document as a target sees it: its version, and its labels when they are known. */
export interface DocFacts {
  version: string
  labels?: ReadonlyMap<string, string>
  /** Its literal `metadata.namespace` (none: `default`), when it is read exactly. */
  namespace?: string
}

/** What a target selects by, besides its name. */
export interface Selector {
  version?: string
  /** The target's `namespace` (a pattern, as every selector field). */
  namespace?: string
  labelSelector?: string
  annotationSelector?: string
}

const KEY = /^(?:[a-z\d](?:[-a-z\d.]*[a-z\d])?\/)?[a-z\d](?:[-\w.]*[a-z\d])?$/i
const VALUE = /^(?:[a-z\d](?:[-\w.]*[a-z\d])?)?$/i

/** The requirements of a label selector; undefined when it is not read exactly here. */
export function parseLabelSelector(text: string): Requirement[] | undefined {
  const out: Requirement[] = []
  for (const raw of requirements(text)) {
    const part = raw.trim()
    let m: RegExpExecArray | null
    if ((m = /^!\s*(\S+)$/.exec(part))) out.push({ op: '!', key: m[1]! })
    else if ((m = /^([^\s=!]+)$/.exec(part))) out.push({ op: 'exists', key: m[1]! })
    else if ((m = /^([^\s=!]+)\s*(==|=|!=)\s*([^\s=!]*)$/.exec(part))) {
      out.push({ op: m[2] === '!=' ? 'notin' : 'in', key: m[1]!, values: [m[3]!] })
    } else if ((m = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part))) {
      const values = m[3]!.split(',').map((v) => v.trim())
      out.push({ op: m[2] as 'in' | 'notin', key: m[1]!, values })
    } else return undefined
  }
  const valid = out.every((r) => KEY.test(r.key) && (!('values' in r) || r.values.every((v) => VALUE.test(v))))
  return valid ? out : undefined
}

/** A selector's requirements as text: split at the commas outside `( … )` (those belong to a set). */
function requirements(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i <= text.length; i++) {
    const c = text[i]
    if (c === '(') depth++
    else if (c === ')') depth--
    else if (depth === 0 && (c === ',' || c === undefined)) {
      parts.push(text.slice(from, i))
      from = i + 1
    }
  }
  return parts
}

/** Whether a label selector selects an object with `labels`. */
function matches(reqs: readonly Requirement[], labels: ReadonlyMap<string, string>): boolean {
  return reqs.every((r) => {
    const v = labels.get(r.key)
    if (!('values' in r)) return r.op === 'exists' ? v !== undefined : v === undefined
    if (r.op === 'in') return v !== undefined && r.values.includes(v)
    return v === undefined || !r.values.includes(v)
  })
}

/** A literal label pair a kustomization applies. */
export type Pair = readonly [string, string]

/** Where something may change labels in ways not read here: a kustomization's field or patch entry. */
export interface Changer {
  file: string
  offset: number
  /** The names of the objects it may change (a patch's target name, its documents' names); none: any. */
  names?: NameMatch
}

/**
 * What may change the labels and namespaces a target sees: `opaque`, the first thing on the
 * patch's paths that may change them in ways not read here (transformers, replacements, a patch
 * that may select TrafficSplits and touches metadata);
 * `pairs`, the literal label pairs (`commonLabels`, `labels`) applied before the patch, in
 * order, one list per path of references from the patch down to the document (`paths`), or
 * pairs each of which may or may not apply (`maybe`); `namespaces`, the values `namespace:`
 * fields of the tree may give an object.
 */
export interface SelectEnv {
  opaque: Changer | undefined
  pairs: { paths: readonly (readonly Pair[])[] } | { maybe: readonly Pair[] }
  namespaces: ReadonlySet<string> | 'any'
}

/**
 * Whether a target with `sel` may select `doc` (its name aside). Kustomize tries a target's
 * namespace on the object's namespace as written (none: `default`) and on its namespace then.
 */
export function selects(sel: Selector, doc: DocFacts, env: SelectEnv): Selects {
  if (sel.version !== undefined) {
    const re = anchored(sel.version)
    if (re && !re.test(doc.version)) return 'no'
  }
  let known: Selects = 'yes'
  if (sel.namespace !== undefined && sel.namespace !== '') {
    const re = anchored(sel.namespace)
    const moved = (n: RegExp) => env.opaque || env.namespaces === 'any' || [...env.namespaces].some((ns) => n.test(ns))
    if (!re || doc.namespace === undefined) known = 'unknown'
    else if (!re.test(doc.namespace)) {
      if (!moved(re)) return 'no'
      known = 'unknown'
    }
  }
  if (sel.labelSelector !== undefined && sel.labelSelector.trim() !== '') {
    const reqs = parseLabelSelector(sel.labelSelector)
    const how = reqs && doc.labels && !env.opaque ? selectsLabels(reqs, doc.labels, env.pairs) : 'unknown'
    if (how === 'no') return 'no'
    if (how === 'unknown') known = 'unknown'
  }
  if (sel.annotationSelector !== undefined && sel.annotationSelector.trim() !== '') known = 'unknown'
  return known
}

/** Whether a label selector selects an object with literal `labels` once `pairs` (each adding or overwriting its key) apply. */
function selectsLabels(reqs: readonly Requirement[], labels: ReadonlyMap<string, string>, pairs: SelectEnv['pairs']): Selects {
  if ('paths' in pairs) {
    const hits = pairs.paths.map((path) => matches(reqs, new Map([...labels, ...path])))
    return hits.every((h) => h) ? 'yes' : hits.every((h) => !h) ? 'no' : 'unknown'
  }
  // Each pair may or may not apply: a key holds its value as written or any value a pair gives it.
  let out: Selects = 'yes'
  for (const r of reqs) {
    const values = [labels.get(r.key), ...pairs.maybe.filter(([k]) => k === r.key).map(([, v]) => v)]
    const hits = values.map((v) => matches([r], v === undefined ? new Map() : new Map([[r.key, v]])))
    if (hits.every((h) => !h)) return 'no'
    if (!hits.every((h) => h)) out = 'unknown'
  }
  return out
}

/** The literal labels of an object's map (none: empty); undefined when any is not a plain string pair. */
export function literalLabels(map: Node | null | undefined): Map<string, string> | undefined {
  if (!isMap(map)) return undefined
  const metadata = map.get('metadata', true)
  if (!isMap(metadata)) return undefined
  if (metadata.items.some((p) => !isScalar(p.key) || p.key.value === '<<')) return undefined
  const labels = metadata.get('labels', true)
  if (labels === undefined) return new Map()
  if (!isMap(labels)) return undefined
  const out = new Map<string, string>()
  for (const p of labels.items) {
    if (!isScalar(p.key) || !isScalar(p.value) || p.key.value === '<<') return undefined
    const [k, v] = [p.key.value, p.value.value]
    // A plain null (`app:`, `~`, `null`) is read as no string by some readers: not known.
    if (typeof k !== 'string' || typeof v !== 'string' || (p.value.type === 'PLAIN' && /^(?:~|null|Null|NULL)?$/.test(v))) return undefined
    out.set(k, v)
  }
  return out
}

/** Fields of a kustomization that may change the labels of what it renders in ways not read here. */
export const LABEL_FIELDS = ['buildMetadata', 'transformers', 'replacements', 'configurations', 'generators'] as const

/** A label key or value kustomize reads as the same string (no YAML 1.1 boolean, null or number). */
const PLAIN_STRING = /^[a-z][-\w./]*$/i
const TYPED = /^(?:y|yes|n|no|true|false|on|off|null)$/i

/**
 * The label pairs a kustomization adds to (or overwrites on) what it takes in, in the order
 * kubectl applies them (the `pairs` of its `labels` entries, then its `commonLabels`);
 * undefined when one is not a literal string pair (a merge key, an alias, a number, a null):
 * its labels are not known.
 */
export function labelPairs(contents: Node | null | undefined): [string, string][] | undefined {
  if (!isMap(contents)) return []
  const out: [string, string][] = []
  const read = (map: unknown): boolean => {
    if (!isMap(map)) return false
    for (const p of map.items) {
      const [k, v] = [literal(p.key), literal(p.value)]
      if (k === undefined || v === undefined) return false
      out.push([k, v])
    }
    return true
  }
  // kubectl applies each `labels` entry first and `commonLabels` last, whatever their order in the file.
  const labels = contents.get('labels', true)
  if (!empty(labels)) {
    if (!isSeq(labels)) return undefined
    for (const entry of labels.items) {
      // Only the fields as kubectl spells them (it also reads `Pairs`, `PAIRS`): anything else is not read here.
      if (!isMap(entry) || entry.items.some((p) => !isScalar(p.key) || !LABELS_ENTRY.has(String(p.key.value)))) return undefined
      const pairs = entry.get('pairs', true)
      if (!empty(pairs) && !read(pairs)) return undefined
    }
  }
  const common = contents.get('commonLabels', true)
  return empty(common) || read(common) ? out : undefined
}

/** The fields of a `labels` entry. */
const LABELS_ENTRY = new Set(['pairs', 'includeSelectors', 'includeTemplates', 'fields'])

/** A field that is absent, or a plain null. */
function empty(node: unknown): boolean {
  return node === undefined || node === null || (isScalar(node) && node.value === null && !node.anchor)
}

/** A scalar kustomize reads as this string; undefined otherwise. */
function literal(node: unknown): string | undefined {
  if (!isScalar(node) || typeof node.value !== 'string' || node.value === '<<' || node.anchor) return undefined
  if (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE') return node.value
  return node.type === 'PLAIN' && PLAIN_STRING.test(node.value) && !TYPED.test(node.value) ? node.value : undefined
}

/**
 * Whether a patch's text may change labels: it names them, spells something with an escape,
 * or (operations) names metadata or the whole object, or (a strategic merge) a `$patch`
 * directive or a null that may delete them.
 */
export function patchMovesLabels(content: string, ops: boolean): boolean {
  if (/labels|\\/.test(content)) return true
  if (ops) return /metadata/.test(content) || /path:[ \t]*(?:""|''|"\/"|'\/'|\/[ \t]*$|$)/m.test(content)
  return /\$patch|null|~/.test(content)
}

/**
 * Whether a strategic-merge patch without a target (it applies to the object of its own id) may
 * apply to a TrafficSplit: unless each of its documents is a mapping whose `kind` is one plain
 * name, neither TrafficSplit nor a list kubectl would open into its items.
 */
export function smpMaySelectTrafficSplit(content: string): boolean {
  const docs = parseDocuments(content)
  return (
    docs.length === 0 ||
    docs.some((d) => {
      // An empty document is none to kubectl.
      if (!d.error && d.doc.contents === null) return false
      if (d.error || !isMap(d.doc.contents)) return true
      const kinds = d.doc.contents.items.filter(
        (p) => !isScalar(p.key) || String(p.key.value).toLowerCase() === 'kind' || p.key.value === '<<',
      )
      const kind = kinds.length === 1 && isScalar(kinds[0]!.value) && !kinds[0]!.value.anchor ? kinds[0]!.value.value : undefined
      return typeof kind !== 'string' || !/^[a-z][a-z0-9]*$/i.test(kind) || /^trafficsplit$|list$/i.test(kind)
    })
  )
}

/**
 * The names a strategic-merge patch without a target applies to (kustomize matches each document
 * to the object of its own name): each document's literal `metadata.name`, exactly; `all` when
 * one has none read here, or is a list.
 */
export function smpNames(content: string): NameMatch {
  const names: string[] = []
  for (const d of parseDocuments(content)) {
    if (!d.error && d.doc.contents === null) continue
    const map = d.error ? undefined : d.doc.contents
    const kind = isMap(map) ? map.get('kind', true) : undefined
    const metadata = isMap(map) ? map.items.filter((p) => !isScalar(p.key) || p.key.value === 'metadata' || p.key.value === '<<') : []
    const name = metadata.length === 1 ? literalName(metadata[0]!.value) : undefined
    if (name === undefined || !isScalar(kind) || typeof kind.value !== 'string' || /list$/i.test(kind.value)) return 'all'
    names.push(name)
  }
  return names.length === 0 ? 'all' : new RegExp(`^(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`)
}

function literalName(metadata: unknown): string | undefined {
  if (!isMap(metadata) || metadata.items.some((p) => !isScalar(p.key) || p.key.value === '<<')) return undefined
  const names = metadata.items.filter((p) => isScalar(p.key) && p.key.value === 'name')
  return names.length === 1 ? literal(names[0]!.value) : undefined
}

/** The literal `metadata.namespace` of an object's map (none: `default`); undefined when it is not a plain string. */
export function literalNamespace(map: Node | null | undefined): string | undefined {
  if (!isMap(map)) return undefined
  const metadata = map.get('metadata', true)
  if (!isMap(metadata) || metadata.items.some((p) => !isScalar(p.key) || p.key.value === '<<')) return undefined
  const ns = metadata.get('namespace', true)
  // None (or empty, or a YAML null) is `default` to kustomize's selection.
  if (isUnsetField(ns)) return 'default'
  return isScalar(ns) && typeof ns.value === 'string' ? ns.value || 'default' : undefined
}
