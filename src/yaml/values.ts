/**
 * Finds `.Values.a.b` in a chart's values.yaml, read as Helm reads it (YAML 1.1 into JSON:
 * quantity/yaml11.ts resolves a plain scalar as go-yaml v2 does), to point a templated
 * weight's warning at the line that holds its value, to say what `{{ .Values.a.b }}`
 * renders, and to rewrite that scalar when the template's split is converted (files/helm/values.ts).
 */
import { isAlias, isMap, isNode, isScalar, parseDocument, type Node, visit } from 'yaml'
import { columnOf, LineIndex } from '../edit/lines.js'
import { goFloat, helmValue } from './chartweight.js'
import { readWeight } from '../quantity/yaml11.js'
import { isMergeKey } from './nodes.js'

export { goFloat } from './chartweight.js'

export interface ValueAt {
  line: number
  column: number
  /** The scalar as written, and where. */
  raw: string
  start: number
  end: number
  quoted: boolean
  /** Helm's reading of it (JSON); undefined for null, booleans and infinities. */
  json: unknown
  /** What `{{ .Values.a.b }}` prints, when that is certain; see `renderedValue`. */
  rendered?: string
  /** How Kubernetes reads the rendered weight when that is not what it shows (`010` rendered: "read as 8 (YAML 1.1 integer)"). */
  reads?: string
  /** Why the scalar must not be rewritten (a tag, an anchor, a merge key or a key written twice along its path). */
  fixed?: string
  /** Where the cause of `fixed` stands when that is not the scalar (the merge key, the first of two keys). */
  fixedAt?: { line: number; column: number }
}

/** The value at `path`, undefined when values.yaml does not hold it (or cannot be read). */
export function findValue(text: string, path: readonly string[]): ValueAt | undefined {
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  if (doc.errors.length) return undefined
  let node: unknown = doc.contents
  let fixed: string | undefined
  let fixedAt: Node | undefined
  const lines = new LineIndex(text)
  const place = (n: Node) => `${lines.locate(n.range![0]).line + 1}:${columnOf(text, n.range![0]) + 1}`
  for (const [i, key] of path.entries()) {
    const here = `.Values.${path.slice(0, i + 1).join('.')}`
    if (isAlias(node)) fixed ??= 'its path goes through an alias'
    if (!isMap(node)) return undefined
    const keys = node.items.filter((p) => isScalar(p.key) && (p.key as { value: unknown }).value === key)
    const merge = node.items.find((p) => isMergeKey(p.key))
    if (merge && !fixed) {
      fixed = `a merge key (<<) in the mapping that holds ${here} may set it`
      fixedAt = merge.key as Node
    }
    if (keys.length > 1 && !fixed) {
      fixed = `${here} is written ${keys.length} times (also at ${keys
        .slice(1)
        .map((p) => place(p.key as Node))
        .join(', ')})`
      fixedAt = keys[0]!.key as Node
    }
    const k = keys[keys.length - 1]?.key as (Node & { type?: string; value?: unknown }) | undefined
    // go-yaml v2 reads an unquoted `on`, `yes`, `1` as a boolean or number key: not this path.
    if (k && k.type === 'PLAIN' && typeof helmValue(String(k.value), false) !== 'string') return undefined
    node = keys[keys.length - 1]?.value
  }
  if (isAlias(node)) return undefined
  if (!isScalar(node) || !node.range) return undefined
  const [start, end] = node.range
  const { line } = lines.locate(start)
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE'
  const block = node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED'
  const raw = text.slice(start, end)
  if (node.tag) fixed ??= `it has an explicit tag (${node.tag})`
  if (node.anchor) fixed ??= `it is anchored (&${node.anchor})`
  if (block) fixed ??= 'it is a block scalar'
  const at: ValueAt = { line: line + 1, column: columnOf(text, start) + 1, raw, start, end, quoted, json: undefined }
  if (!node.tag && !block) at.json = helmValue(String(node.value), quoted)
  if (fixed) at.fixed = fixed
  if (fixedAt?.range) at.fixedAt = { line: lines.locate(fixedAt.range[0]).line + 1, column: columnOf(text, fixedAt.range[0]) + 1 }
  const rendered = node.tag || block ? undefined : renderedValue(String(node.value), !quoted)
  if (rendered !== undefined) at.rendered = rendered
  const reading = rendered === undefined ? undefined : readWeight('PLAIN', rendered)
  if (reading?.ok && reading.note) at.reads = reading.note
  return at
}

/**
 * What Helm prints for a values.yaml scalar. Helm reads values.yaml as YAML 1.1 (go-yaml v2,
 * through sigs.k8s.io/yaml) and then as JSON, so a number is a float64 printed by Go's %v:
 * `010` renders 8, `0x10` 16, `1_000` 1000, `250` 250, `1000000` 1e+06. A quoted scalar and a
 * plain string print as they are. Undefined for values whose rendering is not certain here
 * (null, booleans, infinities).
 */
export function renderedValue(value: string, plain: boolean): string | undefined {
  const json = helmValue(value, !plain)
  if (typeof json === 'number') return goFloat(json)
  return typeof json === 'string' ? json : undefined
}

/**
 * Why a values file is not the one YAML document the proof reads, at the line and column of the
 * cause, or undefined when it is. Helm 3 reads the first document of a values file only (go-yaml v2's
 * Unmarshal, through sigs.k8s.io/yaml); Helm 4 merges every document, a later one over an earlier
 * (helm/helm pkg/chart/v2/loader/load.go LoadValues since 92087f6, v4.0.0). The two differ, so a
 * second document stops the proof rather than be guessed at.
 */
export function valuesFileProblem(text: string): ValueSetting | undefined {
  const e = parseDocument(text, { schema: 'failsafe', uniqueKeys: false }).errors[0]
  if (!e) return undefined
  const pos = e.linePos?.[0] ?? { line: 1, col: 1 }
  const how =
    e.code === 'MULTIPLE_DOCS'
      ? 'a second YAML document starts here (Helm 3 reads only the first, Helm 4 merges every document; the run does not guess which is meant)'
      : `it cannot be read as YAML (${e.message.split(' at line ')[0]})`
  return { line: pos.line, column: pos.col, how }
}

/** Where a values file sets `path` (or a block above it, or reaches it by an alias or merge key), and how. */
export interface ValueSetting {
  line: number
  column: number
  how: string
}

/**
 * Whether a values file given with `-f` (or an umbrella chart's values for its dependency)
 * would set `path`: a key at the path, a non-mapping over a block above it (which replaces or,
 * as null, removes it), or an alias or merge key along it (`canary: *prod`, `<<: *prod`),
 * or an alias used as a key of a mapping along it (`*k : {weight: 1}`, `? *k`), which may set it. `unreadable` when the file is no YAML this reader takes.
 */
export function valueSetting(text: string, path: readonly string[]): ValueSetting | 'unreadable' | undefined {
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  if (doc.errors.length) return 'unreadable'
  const lines = new LineIndex(text)
  const at = (node: Node | null | undefined, how: string): ValueSetting => {
    const start = node?.range?.[0] ?? 0
    return { line: lines.locate(start).line + 1, column: columnOf(text, start) + 1, how }
  }
  return settingIn(doc.contents, path, at)
}

/** valueSetting's walk from a values mapping already parsed (a release's inline values too: release-values.ts). */
export function settingIn(
  contents: unknown,
  path: readonly string[],
  at: (node: Node | null | undefined, how: string) => ValueSetting,
): ValueSetting | undefined {
  let node: unknown = contents
  if (node === null || (isScalar(node) && (node.value === null || node.value === ''))) return undefined
  const anchors = scalarAnchors(contents)
  const unrelated = (v: unknown) => (typeof v === 'string' && !path.includes(v) ? v : undefined)
  for (const [i, key] of path.entries()) {
    const above = `.Values${path
      .slice(0, i)
      .map((k) => `.${k}`)
      .join('')}`
    if (isAlias(node)) return at(node, `an alias (*${node.source}) sets ${above}`)
    if (!isMap(node)) return at(node as Node, `it sets ${above} to a non-mapping`)
    const merge = node.items.find((p) => isMergeKey(p.key))
    if (merge) return at(merge.key as Node, `a merge key (<<) may set ${above}`)
    // `*k : {weight: 1}`, `? *k`: an alias (or any node but a scalar) as a key may name any key; an
    // alias of an anchor on one string scalar off the path (`k: &k replicas`, `*k : 3`) is that key.
    // An alias that names a key of the path is still refused as one: what it sets is judged by hand.
    const keyOf = (k: unknown) => (isScalar(k) ? k.value : isAlias(k) ? unrelated(anchors.get(k.source)) : undefined)
    // A tagged key (`!!binary Y2FuYXJ5`, any tag) is what its tag makes of it: no key this run compares.
    const odd = node.items.find((p) => (isScalar(p.key) ? p.key.tag !== undefined : keyOf(p.key) === undefined))
    if (odd) {
      const k = odd.key as Node
      const what = isAlias(k)
        ? `an alias (*${k.source}) used as a key`
        : isScalar(k)
          ? `a tagged key (${k.tag})`
          : 'a key that is no scalar'
      return at(k, `${what} may set ${above}`)
    }
    const pairs = node.items.filter((p) => keyOf(p.key) === key)
    const pair = pairs[pairs.length - 1]
    if (!pair) return undefined
    if (i === path.length - 1) return at(((pair.value as Node | null) ?? pair.key) as Node, `it sets .Values.${path.join('.')}`)
    node = pair.value
  }
  return undefined
}

/** The anchors defined once in `contents` on a string scalar, with its text (an alias of one used as a key is that key). */
function scalarAnchors(contents: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>()
  if (!isNode(contents)) return out
  visit(contents, {
    Node: (_k, n) => {
      const a = (n as { anchor?: string }).anchor
      if (a) out.set(a, !out.has(a) && isScalar(n) && typeof n.value === 'string' ? n.value : undefined)
    },
  })
  return out
}

/**
 * An alias elsewhere in values.yaml that re-uses an anchor on the value's path (`canary: &c`
 * above it, `mirror: *c`): the scalar then has readers under another path too.
 */
export function anchorReused(text: string, path: readonly string[]): ValueSetting | undefined {
  const doc = parseDocument(text, { schema: 'failsafe', uniqueKeys: false })
  if (doc.errors.length) return undefined
  const anchors = new Set<string>()
  let node: unknown = doc.contents
  for (const key of [...path, '']) {
    const anchor = (node as { anchor?: string } | null)?.anchor
    if (anchor) anchors.add(anchor)
    if (key === '' || !isMap(node)) break
    node = node.items.filter((p) => isScalar(p.key) && (p.key as { value: unknown }).value === key).pop()?.value
  }
  if (anchors.size === 0) return undefined
  let found: Node | undefined
  visit(doc, {
    Alias: (_k, alias) => {
      if (anchors.has(alias.source) && !found) found = alias
    },
  })
  if (!found) return undefined
  const start = found.range?.[0] ?? 0
  const { line } = new LineIndex(text).locate(start)
  return { line: line + 1, column: columnOf(text, start) + 1, how: `*${(found as { source: string }).source} re-uses a block above it` }
}

/** Helm's reading (JSON) of a scalar written into values.yaml as `text`, in the given quoting. */
export function helmValueOf(text: string, quoted: boolean): unknown {
  return helmValue(text, quoted)
}
