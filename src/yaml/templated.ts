/**
 * Which TrafficSplits of a Helm template cannot be converted statically, and why. Such an
 * object is reported (a pending warning at the action, `--check` exits 1) and left exactly
 * as it is: converting its literal parts alone would render a v1alpha2 object with quantity
 * weights, or weights on two different scales.
 */
import { isPair, isScalar, type Node, type Pair, visit, type YAMLMap } from 'yaml'
import { SMI_SPLIT_GROUP, type Target, VERSIONS } from '../model.js'
import type { WeightRef } from '../model.js'
import { type Action, actionWithin, type Define } from './template.js'
import { columnOf, lineStart } from '../edit/lines.js'

export interface Templated {
  action: Action
  /** What is templated, for the message: "backend 2 weight", "apiVersion", "kind", "spec". */
  what: string
  /** For a weight: the scalar the action is part of (its prefix and suffix render around the value). */
  scalar?: { start: number; end: number; quoted: boolean }
}

/** The apiVersion of a `kind: TrafficSplit` object, when a template action writes (part of) it. */
export function templatedApiVersion(map: YAMLMap, actions: readonly Action[]): Templated | undefined {
  const node = map.get('apiVersion', true) as Node | undefined
  if (!node?.range) return undefined
  const action = actionWithin(actions, node.range[0], node.range[1])
  return action ? { action, what: 'apiVersion' } : undefined
}

/**
 * A templated kind (`kind: {{ .Values.kind }}`) next to an SMI split apiVersion older than
 * `to` (or itself templated): the object may render as a TrafficSplit.
 */
export function templatedKind(map: YAMLMap, actions: readonly Action[], original: string, to: Target | undefined): Templated | undefined {
  const kind = map.get('kind', true) as Node | undefined
  const api = map.get('apiVersion', true) as Node | undefined
  if (!kind?.range || !isScalar(api) || !api.range) return undefined
  const action = actionWithin(actions, kind.range[0], kind.range[1])
  if (!action) return undefined
  const written = original.slice(api.range[0], api.range[1]).replace(/^["']|["']$/g, '')
  if (!written.startsWith(`${SMI_SPLIT_GROUP}/`)) return undefined
  const version = written.slice(SMI_SPLIT_GROUP.length + 1)
  return olderThan(version, to) || actionWithin(actions, api.range[0], api.range[1]) ? { action, what: 'kind' } : undefined
}

/**
 * Whether an SMI split version (as written) may need converting to `to`. An unknown one may,
 * and every one does when `to` is no split version (a target that replaces TrafficSplits).
 */
export function olderThan(version: string, to: string | undefined): boolean {
  const at = (VERSIONS as readonly string[]).indexOf(version)
  const target = (VERSIONS as readonly string[]).indexOf(to ?? 'v1alpha2')
  return at < 0 || target < 0 || at < target
}

/**
 * A weight written by an action (`weight: {{ .Values.w }}`), or content that an action
 * generates inside the object outside `metadata` (`{{- toYaml .Values.backends | nindent 4 }}`,
 * `backends: {{ toYaml .Values.b | nindent 4 }}`), whose weights we cannot see. Conditionals
 * (`{{- if }}` around a backend) are fine: every literal weight is converted with one common
 * factor, so any subset a render picks keeps its ratios.
 *
 * `masked` is the masked text the map was parsed from; `root` says the map is the
 * document's root (not an item of a List), so every action of the document is inside it.
 */
export function templatedSplit(
  map: YAMLMap,
  splitWeights: readonly WeightRef[],
  actions: readonly Action[],
  source: TemplateText,
): Templated[] {
  const weights: Templated[] = []
  for (const [i, w] of splitWeights.entries()) {
    const start = 'scalar' in w ? w.scalar.start : w.offset
    const end = 'scalar' in w ? w.scalar.end : w.offset + 1
    const action = actionWithin(actions, start, end)
    if (!action) continue
    const t: Templated = { action, what: `backend ${i + 1} weight` }
    if ('scalar' in w) t.scalar = { start, end, quoted: w.scalar.style === 'QUOTE_DOUBLE' || w.scalar.style === 'QUOTE_SINGLE' }
    weights.push(t)
  }
  if (weights.length) return weights
  const generated = templatedContent(map, actions, source)
  return generated ? [{ action: generated, what: 'spec' }] : []
}

/** The text a masked document was parsed from, and whether the map is the document's root (not a List item). */
export interface TemplateText {
  masked: string
  original: string
  root: boolean
}

/** An action that writes structure inside `map` outside its metadata (see templatedSplit). */
export function templatedContent(map: YAMLMap, actions: readonly Action[], source: TemplateText): Action | undefined {
  return generatedContent(map, actions, source.masked, source.original, source.root)
}

/** Keys whose value an inline action may not write: spec and backends are collections (a weight is reported on its own). */
const STRUCTURAL = new Set(['spec', 'backends', 'weight'])

function generatedContent(map: YAMLMap, actions: readonly Action[], masked: string, original: string, root: boolean): Action | undefined {
  const [start, end] = map.range ?? [0, 0]
  const metadata = map.items.find((p) => isScalar(p.key) && p.key.value === 'metadata')
  const metaKey = metadata?.key as Node | undefined
  const metaValue = metadata?.value as Node | null | undefined
  const metaStart = metaKey?.range?.[0] ?? -1
  const metaEnd = metaValue?.range?.[1] ?? metaKey?.range?.[1] ?? -1
  const metaColumn = metaStart < 0 ? -1 : column(masked, metaStart)
  const inMetadata = (offset: number): boolean => offset >= metaStart && offset < metaEnd
  const itemColumn = column(masked, start)
  let safe: Array<[number, number]> | undefined
  for (const a of actions) {
    if (!a.output || a.inDefine) continue
    if (a.standalone) {
      const prev = previousContent(masked, a.start)
      const at = effectiveColumn(original, a)
      // A List item holds what follows its own content at its keys' column or deeper.
      if (!root && !(prev >= start && prev < end && at >= itemColumn)) continue
      if (prev >= 0 && inMetadata(prev) && at > metaColumn) continue
      return a
    }
    // An action inside a line: harmless inside metadata or inside the scalar value of a
    // literal key (`service: {{ .Values.svc }}`); anywhere else it writes structure.
    if (a.start < start || a.start >= end || inMetadata(a.start) || inComment(masked, a.start)) continue
    safe ??= scalarValues(map, actions)
    // An action that runs on over more lines is read as the scalar its first line starts.
    if (!safe.some(([s, e]) => a.start >= s && a.start < e)) return a
  }
  return undefined
}

/** The ranges of scalar values of literal, non-structural keys inside `map`. */
function scalarValues(map: YAMLMap, actions: readonly Action[]): Array<[number, number]> {
  const out: Array<[number, number]> = []
  visit(map, {
    Pair: (_key, pair: Pair) => {
      if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range || !isScalar(pair.value) || !pair.value.range) return
      if (actionWithin(actions, pair.key.range[0], pair.key.range[1])) return
      if (STRUCTURAL.has(String(pair.key.value))) return
      out.push([pair.value.range[0], pair.value.range[1]])
    },
  })
  return out
}

/** Whether `offset` follows a `#` that starts a comment on its line (`# weight {{ .Values.w }}`). */
function inComment(masked: string, offset: number): boolean {
  return /(?:^|[ \t])#/.test(masked.slice(lineStart(masked, offset), offset))
}

/** 0-based column of `offset`. */
function column(text: string, offset: number): number {
  return columnOf(text, offset)
}

/**
 * Where the content before `offset` is: the first character (after any `- ` indicators) of
 * the nearest line above that holds something other than white space or a comment, or -1.
 */
function previousContent(masked: string, offset: number): number {
  let start = lineStart(masked, offset)
  while (start > 0) {
    const prevStart = lineStart(masked, start - 1)
    const line = masked.slice(prevStart, start - 1)
    const m = /^(?:[ \t]*-(?=[ \t]))*[ \t]*/.exec(line)!
    const first = line[m[0].length]
    if (first !== undefined && first !== '#' && first !== '\r') return prevStart + m[0].length
    start = prevStart
  }
  return -1
}

/**
 * The column at which a standalone action's output starts: `nindent N` puts it on a new line
 * at N; `{{-` without it trims the line break before it, so the output continues the previous
 * line (it belongs to the node there: Infinity); otherwise the action's own column, plus N
 * for `indent N`.
 */
function effectiveColumn(original: string, a: Action): number {
  const source = original.slice(a.start, a.end)
  const nindent = /\bnindent\s+(\d+)\b/.exec(source)
  if (nindent) return Number(nindent[1])
  if (source.startsWith('{{-')) return Infinity
  const indent = /\bindent\s+(\d+)\b/.exec(source)
  return column(original, a.start) + (indent ? Number(indent[1]) : 0)
}

/** A TrafficSplit held in a `define` block: where its kind is written. */
export interface DefinedSplit {
  offset: number
  define: Define
  /** The split apiVersion written in the block, if any. */
  apiVersion?: string
  /** Why a block already at the version asked for is not done (its weights are not proved integers). */
  why?: string
}

const KIND_LINE = /["']?kind["']?[ \t]*:[ \t]*["']?TrafficSplit["']?(?=[ \t]*(?:[,}#\r\n]|$))/g
const API_LINE = /["']?apiVersion["']?[ \t]*:[ \t]*["']?(split\.smi-spec\.io\/[^\s"',}#]*)/g

/**
 * The TrafficSplits written inside `define` blocks: a named template renders where it is
 * included, possibly indented into other structure, so it is reported, never converted. A
 * block is done only when its split apiVersions are all literal and not older than `to`, and
 * every weight in it is a literal integer written on its own line (issue 36: a weight read from
 * values or from the include's context renders whatever the caller passes, which may be `250m`).
 */
export function definedSplits(original: string, defines: readonly Define[], to: string | undefined): DefinedSplit[] {
  const out: DefinedSplit[] = []
  for (const d of defines) {
    const body = original.slice(d.bodyStart, d.end)
    const kinds = [...body.matchAll(KIND_LINE)]
    if (kinds.length === 0) continue
    const apis = [...body.matchAll(API_LINE)]
    // A templated version (`split.smi-spec.io/{{ .Values.v }}`) reads as the unknown `{{`.
    const pending = apis.length === 0 || apis.some((m) => olderThan(m[1]!.slice(SMI_SPLIT_GROUP.length + 1), to))
    const why = pending ? undefined : unprovedWeights(body)
    if (!pending && why === undefined) continue
    for (const k of kinds) {
      const split: DefinedSplit = { offset: d.bodyStart + k.index!, define: d }
      if (apis[0]) split.apiVersion = apis[0][1]
      if (why !== undefined) split.why = why
      out.push(split)
    }
  }
  return out
}

const WEIGHT_LINE = /^[ \t]*(?:-[ \t]+)?["']?weight["']?[ \t]*:(.*)$/gm
const INTEGER = /^[ \t]*\d+[ \t]*(?:#.*)?$/
/** A line that is a whole output action (`{{- toYaml .backends | nindent 4 }}`, `{{ include "x" . }}`). */
const OUTPUT_LINE = /^[ \t]*(?:-[ \t]+)?\{\{(?!-?[ \t]*(?:\/\*|if\b|else\b|end\b|range\b|with\b|define\b|block\b|\$\w*[ \t]*:?=))/m

/**
 * Why the weights of a define's split already at the version asked for are not proved integers,
 * or undefined when each is a literal integer and no action writes backends the text does not show.
 */
function unprovedWeights(body: string): string | undefined {
  const weights = [...body.matchAll(WEIGHT_LINE)]
  const bad = weights.find((m) => !INTEGER.test(m[1]!))
  if (bad) return `its weight ${JSON.stringify(bad[1]!.trim())} is not a literal integer: it renders what the caller or the values pass`
  if (OUTPUT_LINE.test(body)) return 'an action writes part of it, so its weights are not in the file'
  if (weights.length === 0) return 'it writes no weight the text shows'
  return undefined
}

/**
 * A key written twice in one mapping because a template condition writes it in each branch
 * (`{{- if }} weight: 500m {{- else }} weight: 0 {{- end }}`): with the actions masked the
 * document has a duplicate key, which Helm never renders. `offset` is where the parser found
 * the second key; the answer is the key and the first control action between the two.
 */
export function keyInBranches(text: string, offset: number, actions: readonly Action[]): { key: string; action: Action } | undefined {
  const start = lineStart(text, offset)
  const indent = offset - start
  const m = /^([\w.-]+|"[^"\n]*"|'[^'\n]*')[ \t]*:/.exec(text.slice(offset, offset + 256))
  if (!m) return undefined
  const key = m[1]!
  // The first writing of the key: a line before, at the same column, back to a line left of it.
  for (let line = start; line > 0;) {
    line = lineStart(text, line - 1)
    const body = text.slice(line, text.indexOf('\n', line) < 0 ? text.length : text.indexOf('\n', line))
    const lead = body.length - body.trimStart().length
    if (body.trim() === '' || body.trimStart().startsWith('#')) continue
    if (lead < indent) return undefined
    if (lead === indent && body.slice(lead).startsWith(key) && /^[ \t]*:/.test(body.slice(lead + key.length))) {
      const action = actions.find((a) => !a.output && a.start > line && a.start < start)
      return action ? { key, action } : undefined
    }
  }
  return undefined
}

/**
 * An action in an object's metadata that may write annotation keys (`annotations: {{ toYaml
 * .Values.a | nindent 4 }}`, `{{- include "x.annotations" . }}`, `{{ .Values.key }}: reason`):
 * in a chart whose values or helpers spell `smi-migrate.io/ignore`, it may render the
 * suppression, which the template's text does not show. Not such an action: one inside the
 * scalar value of a literal key (`name: {{ .Release.Name }}`, an annotation's value), one that
 * speaks of labels (`{{- include "x.labels" . | nindent 4 }}`), a control action.
 */
export function templatedAnnotations(map: YAMLMap, actions: readonly Action[], original: string): Action | undefined {
  const at = map.items.findIndex((p) => isScalar(p.key) && p.key.value === 'metadata')
  const meta = map.items[at]
  if (!meta) return undefined
  const start = (meta.key as Node).range?.[0] ?? 0
  // To the next key of the object: an action masked as a comment after metadata's last key is still in it.
  const next = map.items[at + 1]?.key as Node | undefined
  const end = next?.range?.[0] ?? map.range?.[2] ?? 0
  const values: Array<[number, number]> = []
  if (meta.value)
    visit(meta.value as Node, {
      Pair: (_key, pair: Pair) => {
        if (
          isScalar(pair.key) &&
          pair.key.range &&
          !actionWithin(actions, pair.key.range[0], pair.key.range[1]) &&
          isScalar(pair.value) &&
          pair.value.range
        )
          values.push([pair.value.range[0], pair.value.range[1]])
      },
    })
  return actions.find(
    (a) =>
      a.output &&
      !a.inDefine &&
      a.start >= start &&
      a.start < end &&
      !values.some(([s, e]) => a.start >= s && a.end <= e) &&
      !/label/i.test(original.slice(a.start, a.end)),
  )
}
