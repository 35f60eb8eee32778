/**
 * Finds SMI TrafficSplit objects in a parsed document and reads them into views.
 *
 * A TrafficSplit is recognised by its apiVersion group (exactly `split.smi-spec.io`) and its
 * kind, at the top level or as an item of a `kind: List` / `*List` document. Everything the
 * planner needs is copied out as plain source ranges; nothing here edits or re-serialises.
 */
import { type Alias, type Document, type Node, isAlias, isMap, isScalar, isSeq, type Scalar, visit, type YAMLMap } from 'yaml'
import { type ConvertOptions, type Edit, type Finding, type ObjectRef, SMI_SPLIT_GROUP, type Target, VERSIONS, type Version } from '../model.js'
import type { Problem, ScalarRef, SplitView, WeightRef } from '../convert/view.js'
import { describeObject } from '../convert/describe.js'
import type { ScalarStyle } from '../quantity/yaml11.js'
import { type KeptField, serverFieldRemovals } from './strip.js'
import { type Action, actionWithin } from './template.js'
import { type Templated, templatedApiVersion, templatedKind, templatedSplit } from './templated.js'
import { nestedSplits } from './nested.js'

export interface Located {
  splits: SplitView[]
  notices: Finding[]
  /** Server-field removals for a List wrapper, applied if any of its items is converted. */
  listStrip?: Edit[]
}

/** Reads every TrafficSplit of `doc`; `text` is the source the document was parsed from. */
/** A masked Helm template: its actions, and the original text for messages. */
export interface TemplateSource {
  actions: readonly Action[]
  original: string
  /** The target version: a templated kind next to an older split apiVersion is reported. */
  to?: Target
}

export function locateSplits(doc: Document.Parsed, text: string, opts: Pick<ConvertOptions, 'stripServerFields'> & { to?: Target } = {},
  template?: TemplateSource): Located {
  const out: Located = { splits: [], notices: [] }
  const actions = template?.actions ?? []
  // Names and messages show the template's own text, never the mask.
  const original = template?.original ?? text
  if (template) unmaskNames(doc, template)
  const root = doc.contents
  // TrafficSplits nested in values (a chart's values.yaml, a HelmRelease): reported, never converted.
  if (opts.to) out.notices.push(...nestedSplits(doc, opts.to).map((n) => nestedNotice(n.offset, objectRef(n.map, 'TrafficSplit'), n.path)))
  /** Adds a TrafficSplit to the plan, unless template actions decide what it holds. */
  const add = (split: SplitView, map: YAMLMap): void => {
    const templated = actions.length ? templatedSplit(map, split, actions, { masked: text, original }, map === root) : []
    if (templated.length) return void out.notices.push(...templated.map((t) => templatedNotice(t, split.ref, original)))
    if (opts.stripServerFields) split.strip = serverFieldRemovals(map, text, (k) => out.notices.push(keptNotice(k, split.ref)))
    out.splits.push(split)
  }
  if (!isMap(root)) return out
  const aliases = new AliasIndex(doc)
  const kind = stringAt(root, 'kind')
  if (kind === 'List' || (kind !== undefined && kind.endsWith('List') && kind !== 'TrafficSplit')) {
    const listVersion = kind === 'TrafficSplitList' ? readApiVersion(root, text, out, 'TrafficSplitList') : undefined
    let listView: SplitView | undefined
    if (kind === 'TrafficSplitList' && listVersion && 'version' in listVersion) {
      // The list's own apiVersion moves with its items (the planner moves it only if every
      // item that inherits it converts).
      listView = {
        offset: offsetOf(root), ref: { kind: 'TrafficSplitList' }, version: listVersion.version,
        apiVersion: listVersion.scalar, weights: [],
      }
      out.splits.push(listView)
    }
    // The wrapper's own metadata (kubectl prints `resourceVersion: ""`); `items` is never touched.
    if (opts.stripServerFields) out.listStrip = serverFieldRemovals(root, text, (k) => out.notices.push(keptNotice(k, { kind: kind! })))
    const items = root.get('items', true)
    if (!isSeq(items)) return out
    for (const item of items.items) {
      if (!isMap(item)) continue
      const inherited = kind === 'TrafficSplitList' && listVersion && 'version' in listVersion &&
        item.get('apiVersion', true) === undefined && (stringAt(item, 'kind') ?? 'TrafficSplit') === 'TrafficSplit'
      if (inherited) {
        const view = readSplit(item, text, listVersion.version, undefined, aliases)
        const before = out.splits.length
        add(view, item)
        if (out.splits.length > before) view.inheritsFrom = listView
        else listView!.heldBack = { code: 'templated', offset: view.offset, message: `${describeObject(view.ref)} is templated` }
      } else {
        readObject(item, text, out, aliases, add, template)
      }
    }
    return out
  }
  readObject(root, text, out, aliases, add, template)
  return out
}

function readObject(map: YAMLMap, text: string, out: Located, aliases: AliasIndex,
  add: (split: SplitView, map: YAMLMap) => void, template: TemplateSource | undefined): void {
  if (stringAt(map, 'kind') !== 'TrafficSplit') {
    const kind = template ? templatedKind(map, template.actions, template.original, template.to) : undefined
    if (kind) out.notices.push(templatedNotice(kind, objectRef(map, 'TrafficSplit'), template!.original))
    return
  }
  const templated = template ? templatedApiVersion(map, template.actions) : undefined
  if (templated) return void out.notices.push(templatedNotice(templated, objectRef(map, 'TrafficSplit'), template!.original))
  const api = readApiVersion(map, text, out, 'TrafficSplit')
  if (api && 'version' in api) add(readSplit(map, text, api.version, api.scalar, aliases), map)
}

/** metadata.name/namespace written by actions are shown as written, e.g. `{{ .Release.Name }}-web`. */
function unmaskNames(doc: Document.Parsed, template: TemplateSource): void {
  visit(doc, {
    Pair: (_key, pair) => {
      const k = isScalar(pair.key) ? pair.key.value : undefined
      if ((k !== 'name' && k !== 'namespace') || !isScalar(pair.value) || !pair.value.range) return
      const [start, end] = pair.value.range
      // An action that runs on over more lines is read as its first line only: show all of it.
      if (!actionWithin(template.actions, start, end)) return
      const last = Math.max(end, ...template.actions.filter((a) => a.start < end && a.end > start).map((a) => a.end))
      // The text after such an action on its last line (`}}-web`) is part of the value too.
      const lineEnd = last > end ? template.original.indexOf('\n', last) : -1
      pair.value.value = oneLine(template.original.slice(start, lineEnd < 0 ? last : lineEnd).trimEnd())
    },
  })
}

/** A server field --strip-server-fields keeps because an alias elsewhere reads its anchor. */
function keptNotice(k: KeptField, ref: ObjectRef): Finding {
  // The object is converted; only this field stays: worth a look, not pending.
  return { ...notice('unsupported-alias', k.offset, `${k.path} not stripped: it holds anchor &${k.anchor}, which an alias outside it reads`, ref), pending: false }
}


function templatedNotice(t: Templated, ref: ObjectRef, text: string): Finding {
  const source = text.slice(t.action.start, t.action.end)
  const shown = oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source)
  const why = t.what === 'spec' ? `spec content comes from a template action (${shown})` : `${t.what} is templated (${shown})`
  const f: Finding = notice('templated', t.action.start, `${why}; left unchanged: convert it by hand`, ref)
  if (t.action.valuesPath && t.what !== 'spec' && t.what !== 'kind') {
    f.valuesPath = t.action.valuesPath
    if (t.scalar) {
      const start = t.scalar.start + (t.scalar.quoted ? 1 : 0)
      const end = t.scalar.end - (t.scalar.quoted ? 1 : 0)
      const prefix = text.slice(start, Math.max(start, t.action.start))
      const suffix = text.slice(Math.min(end, t.action.end), end)
      if (prefix || suffix) f.valuesAffix = { prefix, suffix, more: (prefix + suffix).includes('{{') }
    }
  }
  return f
}

function nestedNotice(offset: number, ref: ObjectRef, path: string): Finding {
  return notice('templated', offset, `nested at ${path} (a manifest inside a value, such as Helm values rendered with toYaml); ` +
    'left unchanged: convert it by hand', ref)
}

/** An action that spans lines, shown on one. */
function oneLine(s: string): string {
  if (!s.includes('\n')) return s
  const lines = s.split('\n')
  return lines.map((l, i) => (i > 0 ? l.trimStart() : l)).map((l, i) => (i < lines.length - 1 ? l.trimEnd() : l)).join(' ')
}

type ApiVersion = { version: Version; scalar: ScalarRef } | { skipped: true }

/** Reads an SMI apiVersion, or records why an object that looks like one is left alone. */
function readApiVersion(map: YAMLMap, text: string, out: Located, kind: string): ApiVersion | undefined {
  const node = map.get('apiVersion', true)
  const ref = objectRef(map, kind)
  if (node === undefined || (isScalar(node) && (node.value === '' || node.value === null))) {
    out.notices.push(notice('no-api-version', offsetOf(map),
      `no apiVersion; left unchanged: add "apiVersion: ${SMI_SPLIT_GROUP}/v1alpha1" (or the version it is) to convert it`, ref))
    return { skipped: true }
  }
  if (!isScalar(node)) return undefined
  const value = String(node.value)
  const slash = value.indexOf('/')
  const group = slash < 0 ? '' : value.slice(0, slash)
  const version = value.slice(slash + 1)
  if (group !== SMI_SPLIT_GROUP) {
    if (isNearMiss(group)) {
      out.notices.push(notice('near-miss-group', offsetOf(node),
        `apiVersion group "${group}" is not "${SMI_SPLIT_GROUP}"; left unchanged (fix the group to convert it)`, ref))
    }
    return undefined
  }
  if (!(VERSIONS as readonly string[]).includes(version)) {
    out.notices.push(notice('unknown-version', offsetOf(node),
      `unknown ${kind} version "${version}" left unchanged (known: ${VERSIONS.join(', ')})`, ref))
    return undefined
  }
  return { version: version as Version, scalar: scalarRef(node, text) }
}

function readSplit(map: YAMLMap, text: string, version: Version, apiVersion: ScalarRef | undefined, aliases: AliasIndex): SplitView {
  const view: SplitView = { offset: offsetOf(map), ref: objectRef(map, 'TrafficSplit'), version, weights: [] }
  if (apiVersion) view.apiVersion = apiVersion
  const fail = (code: Problem['code'], node: Node | undefined, message: string): SplitView => {
    view.problem = { code, offset: node ? offsetOf(node) : view.offset, message }
    return view
  }
  // kubectl's YAML reader (go-yaml v2) applies a merge key (`<<`) in document order, so a
  // `<<` after an explicit key overrides it: a TrafficSplit, spec or backend with one is
  // refused wherever it stands.
  const merge = mergeKey(map)
  if (merge) return fail('unsupported-alias', merge, 'has a merge key (<<); write its keys out to convert this TrafficSplit')
  const spec = map.get('spec', true)
  // `spec: null` (or `~`, or nothing) is no spec to kubectl: no weights, the apiVersion still moves.
  if (spec == null || isNullScalar(spec)) return shared(view, map, undefined, aliases, fail)
  if (isAlias(spec)) return fail('unsupported-alias', spec, 'spec is an alias; write it out to convert this TrafficSplit')
  if (!isMap(spec)) return fail('invalid-structure', spec, 'spec is not a mapping')
  const specMerge = mergeKey(spec)
  if (specMerge) return fail('unsupported-alias', specMerge, 'spec has a merge key (<<); write its keys out to convert this TrafficSplit')
  const backends = spec.get('backends', true)
  if (backends == null || isNullScalar(backends)) return shared(view, map, [spec], aliases, fail)
  if (isAlias(backends)) return fail('unsupported-alias', backends, 'spec.backends is an alias; write it out to convert this TrafficSplit')
  if (!isSeq(backends)) return fail('invalid-structure', backends, 'spec.backends is not a list')

  const uses: Node[] = []
  const containers: Node[] = [spec, backends]
  for (const [i, item] of backends.items.entries()) {
    const at = `backend ${i + 1}`
    if (isAlias(item)) return fail('unsupported-alias', item, `${at} is an alias; write it out to convert this TrafficSplit`)
    if (!isMap(item)) return fail('invalid-structure', item as Node | undefined, `${at} is not a mapping`)
    containers.push(item)
    const merged = mergeKey(item)
    if (merged) {
      view.weights.push({ offset: offsetOf(item), problem: { code: 'unsupported-alias', offset: offsetOf(merged),
        message: `${at} has a merge key (<<), which kubectl lets override or supply its weight; write the weight literally` } })
      continue
    }
    const pair = item.items.find((p) => isScalar(p.key) && p.key.value === 'weight')
    if (!pair) {
      view.weights.push({ offset: offsetOf(item), problem: {
        code: 'invalid-weight', offset: offsetOf(item), message: `${at} has no weight` } })
      continue
    }
    const node = pair.value as Node | null
    if (node === null) {
      view.weights.push({ offset: offsetOf(pair.key as Node), problem: { code: 'invalid-weight', offset: offsetOf(pair.key as Node), message: `${at} weight is null` } })
      continue
    }
    uses.push(node)
    view.weights.push(readWeight(node, aliases, text, at))
  }
  const sharedWeight = aliases.sharedOutside(uses)
  if (sharedWeight) return fail('unsupported-alias', sharedWeight.node, sharedWeight.message)
  return shared(view, map, containers, aliases, fail)
}

/**
 * Refuses an object whose map, spec, backends list or a backend is anchored and read
 * through an alias elsewhere (`spec: *s` in a second TrafficSplit): editing it would edit
 * that other object too.
 */
function shared(view: SplitView, map: YAMLMap, containers: Node[] | undefined, aliases: AliasIndex,
  fail: (code: Problem['code'], node: Node | undefined, message: string) => SplitView): SplitView {
  for (const node of [map, ...(containers ?? [])]) {
    if (!node.anchor || !aliases.isAliased(node)) continue
    const what = node === map ? 'this TrafficSplit' : isSeq(node) ? 'spec.backends' : node === containers![0] ? 'spec' : 'a backend'
    return fail('unsupported-alias', node, `${what} is anchored (&${node.anchor}) and read elsewhere through an alias; ` +
      'converting it would change that copy too: write it out to convert this TrafficSplit')
  }
  return view
}

/** The key node of a merge key (`<<`, plain or tagged !!merge) of `map`, if it has one. */
function mergeKey(map: YAMLMap): Node | undefined {
  const pair = map.items.find((p) => isScalar(p.key) && p.key.value === '<<' &&
    (p.key.type === 'PLAIN' || p.key.tag === 'tag:yaml.org,2002:merge'))
  return pair?.key as Node | undefined
}

/** A plain scalar YAML 1.1 reads as null (`~`, `null`, `Null`, `NULL`, nothing). */
function isNullScalar(node: unknown): boolean {
  return isScalar(node) && !node.tag && (node.type === 'PLAIN' || node.type === undefined) &&
    ['', '~', 'null', 'Null', 'NULL'].includes(String(node.value ?? ''))
}

function readWeight(node: Node, aliases: AliasIndex, text: string, at: string): WeightRef {
  const offset = offsetOf(node)
  const target = isAlias(node) ? aliases.resolve(node) : node
  if (!isScalar(target)) {
    const what = isAlias(node) ? `alias *${node.source} does not name a scalar` : 'is not a scalar'
    return { offset, problem: { code: isAlias(node) ? 'unsupported-alias' : 'invalid-weight', offset, message: `${at} weight ${what}` } }
  }
  if (target.tag) {
    return { offset, problem: { code: 'invalid-weight', offset: offsetOf(target),
      message: `${at} weight has an explicit tag (${target.tag.replace('tag:yaml.org,2002:', '!!')}); remove the tag to convert it` } }
  }
  return { offset, scalar: scalarRef(target, text) }
}

/**
 * Every alias of the document, resolved once. An anchored weight may be edited only when
 * no alias outside this object's weights reads it; otherwise the edit would silently change
 * some other value too.
 *
 * Resolution is done here in one pass rather than with the library's Alias#resolve, which
 * walks the whole document on every call: a document of n aliases would cost n² (an alias
 * bomb of 8,000 aliases took seconds). An alias names the nearest anchor before it in
 * document order, which is the order `visit` walks (a collection before its items).
 */
class AliasIndex {
  private readonly byTarget = new Map<Node, Alias[]>()
  private readonly targets = new Map<Alias, Node>()
  constructor(readonly doc: Document.Parsed) {
    const anchors = new Map<string, Node>()
    visit(doc, {
      Node: (_key, node) => {
        if (isAlias(node)) {
          const target = anchors.get(node.source)
          if (!target) return
          this.targets.set(node, target)
          const list = this.byTarget.get(target)
          if (list) list.push(node)
          else this.byTarget.set(target, [node])
        } else if (node.anchor) {
          anchors.set(node.anchor, node)
        }
      },
    })
  }

  resolve(alias: Alias): Node | undefined {
    return this.targets.get(alias)
  }

  isAliased(node: Node): boolean {
    return (this.byTarget.get(node)?.length ?? 0) > 0
  }

  sharedOutside(uses: Node[]): { node: Node; message: string } | undefined {
    const useSet = new Set(uses)
    for (const use of uses) {
      const target = isAlias(use) ? this.resolve(use) : use
      if (!target) continue
      const readers = this.byTarget.get(target) ?? []
      if (readers.length === 0) continue
      if (!useSet.has(target)) {
        return { node: use, message: `weight alias *${(use as Alias).source} points at an anchor that is not a weight of this TrafficSplit; write the weight literally` }
      }
      const outside = readers.find((a) => !useSet.has(a))
      if (outside) {
        return { node: target, message: `anchored weight &${target.anchor ?? ''} is also used outside this TrafficSplit's weights; write the weights literally` }
      }
    }
    return undefined
  }
}

export function scalarRef(node: Scalar, text: string): ScalarRef {
  const [start, end] = node.range!
  return { style: (node.type ?? 'PLAIN') as ScalarStyle, value: String(node.value ?? ''), raw: text.slice(start, end), start, end }
}

function stringAt(map: YAMLMap, key: string): string | undefined {
  const node = map.get(key, true)
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}

function objectRef(map: YAMLMap, kind: string): ObjectRef {
  const meta = map.get('metadata', true)
  const ref: ObjectRef = { kind }
  if (isMap(meta)) {
    const name = stringAt(meta, 'name')
    const namespace = stringAt(meta, 'namespace')
    if (name !== undefined) ref.name = name
    if (namespace !== undefined) ref.namespace = namespace
  }
  return ref
}

function offsetOf(node: Node | YAMLMap): number {
  if (isMap(node) && node.items[0] && node.items[0].key && (node.items[0].key as Node).range) {
    return (node.items[0].key as Node).range![0]
  }
  return node.range?.[0] ?? 0
}

/** A TrafficSplit left for a person (templated, near-miss group, no or unknown apiVersion): pending. */
function notice(code: Finding['code'], offset: number, message: string, object: ObjectRef): Finding {
  return { severity: 'warning', code, message: `${describeObject(object)}: ${message}`, offset, object, pending: true }
}

/** A group that is almost the SMI group: same letters, or at most two edits away. */
function isNearMiss(group: string): boolean {
  const letters = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '')
  if (group === '' || group.length > 40) return false
  return letters(group) === letters(SMI_SPLIT_GROUP) || editDistance(group.toLowerCase(), SMI_SPLIT_GROUP) <= 2
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]!
}
