/**
 * Finds the objects of every known kind (kinds/registry.ts) in a parsed document and reads
 * them into views.
 *
 * An object is recognised by its kind and its apiVersion group (exactly the kind's group),
 * at the top level or as an item of a `kind: List` / `*List` document. Everything the
 * planner needs is copied out as plain source ranges (the kind's own reader adds its data);
 * nothing here edits or re-serialises.
 */
import { type Document, isAlias, isMap, isScalar, isSeq, type Node, visit, type YAMLMap } from 'yaml'
import type { ConvertOptions, Diagnostic, Edit, ObjectFact, Problem, ScalarRef, Target } from '../model.js'
import { withValueWeights } from './values.js'
import { flagOf, type KindModule, type ObjectView, versionFor } from '../kinds/kind.js'
import { splitVersion } from '../kinds/trafficsplit/entry.js'
import { kindNamed } from '../kinds/registry.js'
import { describeObject } from './describe.js'
import { AliasIndex } from '../yaml/aliases.js'
import { mapLayout } from '../yaml/layout.js'
import type { MapLayout } from '../edit/layout.js'
import {
  identityThroughMerge,
  keyOf,
  listItemKind,
  MERGED_IDENTITY,
  objectRef,
  offsetOf,
  pairOf,
  type ReadContext,
  listReading,
  scalarRef,
  stringAt,
} from '../yaml/nodes.js'
import { serverFieldRemovals } from '../yaml/strip.js'
import { type Action, actionWithin } from '../yaml/template.js'
import { templatedApiVersion, templatedContent, templatedKind } from '../yaml/templated.js'
import { nestedSplits } from '../yaml/nested.js'
import { DocumentSuppressions } from '../yaml/suppress.js'
import { heldBySuppression, type Skip, skipper } from './suppress.js'
import { isNearMiss } from './groups.js'
import { markingAction } from './marking.js'
import { elsewhereItems, refuseItems } from './list-items.js'
import { apiVersionOnly, doneByHand, keptNotice, nestedNotice, notice, oneLine, shortAction, templatedNotice } from './notices.js'

export interface Located {
  views: ObjectView[]
  /** Each view's parse nodes: released once the views are planned (ObjectNodes says why). */
  release: ObjectNodes[]
  notices: Diagnostic[]
  /** Suppressed objects that other objects may need, at the version they keep (convert/suppress.ts). */
  facts: ObjectFact[]
  /** Server-field removals for a List wrapper, applied if any of its items is converted. */
  listStrip?: Edit[]
}

/** A masked Helm template: its actions, and the original text for messages. */
export interface TemplateSource {
  actions: readonly Action[]
  original: string
  /** The target version: a templated kind next to an older split apiVersion is reported. */
  to?: Target
}

/**
 * What a view computes from its parse nodes on demand (its layout, whether it holds
 * anchors), through this holder rather than closures over the nodes, so that `release()`
 * can cut the view off from the parse tree once it is planned. Closures over the nodes kept
 * each document's tree reachable from objects V8 had moved to the old generation, so every
 * tree survived two scavenges and was promoted: on a stream of small TrafficSplits, three
 * times the scavenge time and ten mark-compacts instead of two (docs/performance.md).
 */
class ObjectNodes {
  constructor(
    private map: YAMLMap | undefined,
    private readonly text: string,
  ) {}
  readonly layout = (): MapLayout => mapLayout(this.nodes(), this.text)
  readonly unmovable = (): Problem | undefined => anchored(this.nodes())
  release(): void {
    this.map = undefined
  }
  private nodes(): YAMLMap {
    if (!this.map) throw new Error('internal error: a view read after it was planned')
    return this.map
  }
}

type LocateOptions = Pick<
  ConvertOptions,
  'versions' | 'stripServerFields' | 'noIgnore' | 'chartValues' | 'chartFiles' | 'chartSuppression'
> & {
  /** A run's target (`--to gateway`), seen only for the kinds it replaces. */
  target?: { plugin: { replaces: Readonly<Record<string, unknown>> } } | undefined
  /** The document is item `item` of a List (the stream's List path, convert/text.ts): an object of its own, whatever its kind. */
  item?: number
}

/** Reads every object of a known kind in `doc`; `text` is the source the document was parsed from. */
/** Why a List is held back by an item that reads its apiVersion and is templated. */
function templatedItem(item: YAMLMap, kind: KindModule<never>): NonNullable<ObjectView['heldBack']> {
  return { code: 'templated', offset: offsetOf(item), message: `${describeObject(objectRef(item, kind.kind))} is templated` }
}

/**
 * What a run makes of TrafficSplits: the version asked for, or `replaced` when a target plug-in
 * replaces them by other kinds (no split version is then done: every one is older than the goal).
 */
export function splitGoal(opts: Pick<LocateOptions, 'versions' | 'target'>): string {
  return opts.target?.plugin.replaces['TrafficSplit'] ? 'replaced' : splitVersion(opts)
}

export function locateObjects(doc: Document.Parsed, text: string, opts: LocateOptions, template?: TemplateSource): Located {
  const out: Located = { views: [], notices: [], release: [], facts: [] }
  const actions = template?.actions ?? []
  // Names and messages show the template's own text, never the mask.
  const original = template?.original ?? text
  if (template) unmaskNames(doc, template)
  const root = doc.contents
  // TrafficSplits nested in values (a chart's values.yaml, a HelmRelease): reported, never converted.
  out.notices.push(...nestedSplits(doc, text, splitGoal(opts), opts.item).map(nestedNotice))
  if (!isMap(root)) return out
  const aliases = new AliasIndex(doc, text)
  const ctx: ReadContext = { text, doc, aliases }
  // A suppressed object gets no view (convert/suppress.ts); directives are read in the text as written.
  const suppressions = opts.noIgnore ? undefined : DocumentSuppressions.of(original, doc, aliases.derefer, actions)
  const skip = skipper(suppressions?.read, out, (k) => isActive(k, opts) || !!opts.target?.plugin.replaces[k.kind], 'TrafficSplit')
  /** Reads an object of `kind` into a view and adds it to the plan, unless template actions decide what it holds. */
  const add = (map: YAMLMap, kind: KindModule<never>, api: Found | undefined): ObjectView | undefined => {
    const source = { masked: text, original, root: map === root }
    const read = kind.read(map, { ...ctx, ...(actions.length ? { template: { actions, ...source } } : {}) })
    const ref = objectRef(map, kind.kind)
    const version = api ? api.version : (listView?.version ?? '')
    // Templated weights only, at or past the version the run writes: converted by hand, done.
    if (read.templated && doneByHand(out.notices, read, !olderThanTarget(kind, version, opts), { ref, text: original, opts })) return
    // Weights rendered from chart values (file mode) are read as Helm renders them; otherwise each warning says why not.
    const left = read.templated?.length ? withValueWeights(read, original, opts.chartValues) : undefined
    if (left) {
      // Weights only, and a version (not a target) to write: maybe only the apiVersion is wanting.
      const only = read.templated!.every((t) => t.what.endsWith(' weight')) && !opts.target?.plugin.replaces[kind.kind]
      const wanting = only ? apiVersionOnly(kind, version, versionFor(kind, opts)) : undefined
      return void out.notices.push(...left.map(([t, why]) => templatedNotice(t, ref, original, why, wanting)))
    }
    const nodes = new ObjectNodes(map, text)
    out.release.push(nodes)
    const view: ObjectView = { kind, offset: offsetOf(map), ref, version, layout: nodes.layout, data: read.data }
    if (api) view.apiVersion = api.scalar
    if (api?.problem ?? read.problem) view.problem = api?.problem ?? read.problem
    if (actions.length) markTemplated(view, map, actions, source, original)
    if (map !== root || opts.item !== undefined) view.item = true
    view.unmovable = nodes.unmovable
    if (opts.stripServerFields) view.strip = serverFieldRemovals(map, text, (k) => out.notices.push(keptNotice(k, ref)))
    out.views.push(view)
    return view
  }
  const deref = aliases.derefer
  let listView: ObjectView | undefined
  // An item of a List the stream engine cut out is an object whatever keys it has.
  // The kind matters only to a mapping with items (listReading): not read for any other.
  const hasItems = opts.item === undefined && pairOf(root, 'items', deref) !== undefined
  const reading = listReading(hasItems, hasItems ? valueAt(root, 'kind', aliases) : undefined)
  // A List without a kind: kubectl refuses it whole, so none of its items is applied.
  if (reading === 'refused') return out
  if (reading === 'list') {
    const kind = valueAt(root, 'kind', aliases)!
    const listOf = kindNamed(listItemKind(kind))
    const listVersion = listOf ? readApiVersion(root, text, out, listOf, kind, opts, aliases) : undefined
    const items = root.get('items', true)
    // The list's own apiVersion moves with its items (the planner moves it only if every item inheriting it converts);
    // with no list of items (`items: null`), kubectl reads no object from it, and nothing moves.
    // A List kind without the suffix (`kind: TrafficSplit` with items) is named as a List, not counted as an object.
    if (listOf && listVersion && 'version' in listVersion && isSeq(items)) {
      listView = listViewOf(root, text, listOf, kind.endsWith('List') ? kind : `${kind} List`, listVersion)
      out.views.push(listView)
    }
    const strip = opts.stripServerFields && kind !== 'ResourceList' // a dump's wrapper metadata; a KRM ResourceList is none
    if (strip) out.listStrip = serverFieldRemovals(root, text, (k) => out.notices.push(keptNotice(k, { kind })))
    if (!isSeq(items)) {
      out.notices.push(...elsewhereItems(root, kind, deref))
      return out
    }
    suppressions?.listOf(root, items.items.filter(isMap))
    // An item that is no object: kubectl decodes none of the List, so none of it is converted.
    if (refuseItems(out, items.items, deref, kind, (m) => !!listOf || !!kindNamed(valueAt(m, 'kind', aliases)))) return out
    for (const item of items.items.map(deref)) {
      if (!isMap(item)) continue
      // kubectl gives an item its List's kind and apiVersion only when it has neither (apimachinery's
      // unstructuredJSONScheme.decodeToList, v0.32.4): an item with a kind and no apiVersion is refused.
      const inherited = listOf && listView && !valueAt(item, 'apiVersion', aliases) && !valueAt(item, 'kind', aliases)
      // A suppressed item that reads its List's apiVersion holds the List back.
      if (inherited && skip(item, listOf))
        listView!.heldBack = heldBySuppression({ ref: objectRef(item, listOf.kind), offset: offsetOf(item) })
      else if (inherited) {
        const view = add(item, listOf, undefined)
        if (view) view.inheritsFrom = listView
        else listView!.heldBack = templatedItem(item, listOf)
      } else {
        readObject(item, text, out, add, opts, template, aliases, skip)
      }
    }
    return out
  }
  readObject(root, text, out, add, opts, template, aliases, skip)
  return out
}

/** A `<Kind>List`'s own view: its apiVersion, which its items without one inherit. */
function listViewOf(root: YAMLMap, text: string, kind: KindModule<never>, listKind: string, api: Found): ObjectView {
  const view: ObjectView = {
    kind,
    list: true,
    offset: offsetOf(root),
    ref: { kind: listKind },
    version: api.version,
    apiVersion: api.scalar,
    layout: () => mapLayout(root, text),
    data: undefined as never,
  }
  if (api.problem) view.problem = api.problem
  return view
}

function readObject(
  map: YAMLMap,
  text: string,
  out: Located,
  add: (map: YAMLMap, kind: KindModule<never>, api: Found) => unknown,
  opts: LocateOptions,
  template: TemplateSource | undefined,
  aliases: AliasIndex,
  skip: Skip<YAMLMap>,
): void {
  const kindName = valueAt(map, 'kind', aliases)
  if (kindName === 'CustomResourceDefinition') return void out.notices.push(...crdNotices(map, opts))
  const kind = kindNamed(kindName)
  if (!kind) {
    const templated = template ? templatedKind(map, template.actions, template.original, template.to) : undefined
    if (templated && !skip(map, undefined)) out.notices.push(templatedNotice(templated, objectRef(map, 'TrafficSplit'), template!.original))
    return
  }
  if (skip(map, kind)) return
  const templated = template ? templatedApiVersion(map, template.actions) : undefined
  if (templated) {
    if (isActive(kind, opts)) out.notices.push(templatedNotice(templated, objectRef(map, kind.kind), template!.original))
    return
  }
  const api = readApiVersion(map, text, out, kind, kind.kind, opts, aliases)
  if (!api || !('version' in api)) return
  const marking = template && markingAction(map, kind, opts, template, olderThanTarget(kind, api.version, opts))
  return void (marking ? out.notices.push(marking) : add(map, kind, api))
}

/**
 * Whether the run converts this kind. Objects of other kinds are read (the planner says
 * they were left alone) but never make a warning: a run that did not ask about them must
 * not fail on them.
 */
function isActive(kind: KindModule<never>, opts: LocateOptions): boolean {
  return versionFor(kind, opts) !== undefined
}

/** Whether `version` is older than the version the run writes for the kind. */
function olderThanTarget(kind: KindModule<never>, version: string, opts: LocateOptions): boolean {
  // A target that replaces the object (`--to gateway`) needs its weights whatever its version.
  if (opts.target?.plugin.replaces[kind.kind]) return true
  const to = versionFor(kind, opts)
  return to !== undefined && kind.versions.indexOf(version) < kind.versions.indexOf(to)
}

/**
 * A CustomResourceDefinition of a kind the run converts that does not serve the version the
 * run writes: a cluster with it would reject every converted object.
 */
function crdNotices(map: YAMLMap, opts: LocateOptions): Diagnostic[] {
  const spec = map.get('spec', true)
  if (!isMap(spec)) return []
  const names = spec.get('names', true)
  const kind = kindNamed(isMap(names) ? stringAt(names, 'kind') : undefined)
  if (!kind || stringAt(spec, 'group') !== kind.group || !isActive(kind, opts)) return []
  const to = versionFor(kind, opts)!
  const versions = spec.get('versions', true)
  const served: string[] = []
  if (isSeq(versions)) {
    for (const v of versions.items) {
      const name = isMap(v) ? stringAt(v, 'name') : undefined
      const flag = isMap(v) ? v.get('served') : undefined
      if (name !== undefined && flag !== false) served.push(name)
    }
  }
  // apiextensions v1beta1 may name one version only (`spec.version`).
  const single = stringAt(spec, 'version')
  if (single !== undefined && !served.includes(single)) served.push(single)
  if (served.length === 0 || served.includes(to)) return []
  const at = isSeq(versions) ? versions : (spec.get('version', true) as YAMLMap | undefined)
  const name = objectRef(map, 'CustomResourceDefinition').name ?? kind.kind
  return [
    {
      severity: 'warning',
      code: 'crd-not-served',
      offset: at ? offsetOf(at) : offsetOf(map),
      object: { kind: 'CustomResourceDefinition', name },
      message:
        `CustomResourceDefinition ${name} serves ${served.join(', ')}, not ${to}, the ${kind.kind} version this run writes ` +
        `(${flagOf(kind)} ${to}): a cluster with this CRD rejects the converted objects; serve ${to} in it, or pick a version it serves`,
    },
  ]
}

/**
 * An action that writes structure, or a control line (`{{- if }}`) between the keys a hop
 * would move: moved, it would write or guard something else. And any action inside the
 * object, for targets that write it anew.
 */
function markTemplated(
  view: ObjectView,
  map: YAMLMap,
  actions: readonly Action[],
  source: { masked: string; original: string; root: boolean },
  original: string,
): void {
  const generated = templatedContent(map, actions, source) ?? controlLine(map, actions)
  if (generated)
    view.templated = {
      code: 'templated',
      offset: generated.start,
      message: `content comes from a template action (${shortAction(original, generated)})`,
    }
  const inside = actionWithin(actions, map.range?.[0] ?? 0, map.range?.[1] ?? 0)
  if (inside)
    view.action = {
      code: 'templated',
      offset: inside.start,
      message: `a template action writes part of it (${shortAction(original, inside)})`,
    }
}

/** A standalone action inside the object, outside its metadata. */
function controlLine(map: YAMLMap, actions: readonly Action[]): Action | undefined {
  const [start, end] = map.range ?? [0, 0]
  const meta = map.items.find((p) => isScalar(p.key) && p.key.value === 'metadata')
  const metaStart = (meta?.key as Node | undefined)?.range?.[0] ?? -1
  const metaEnd = (meta?.value as Node | null | undefined)?.range?.[2] ?? -1
  return actions.find(
    (a) => a.standalone && !a.inDefine && a.start >= start && a.start < end && !(a.start >= metaStart && a.start < metaEnd),
  )
}

/** Anchors or aliases in the object: moving keys could put an alias before its anchor, or make it read another. */
function anchored(map: YAMLMap): Problem | undefined {
  let found: Node | undefined
  visit(map, {
    Node: (_key, node) => {
      if (isAlias(node) || node.anchor) {
        found = node
        return visit.BREAK
      }
      return undefined
    },
  })
  if (!found) return undefined
  return {
    code: 'unsupported-alias',
    offset: (found as Node).range?.[0] ?? offsetOf(map),
    message: 'holds anchors or aliases, which moving its keys could make read something else; write them out to convert it',
  }
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

interface Found {
  version: string
  scalar: ScalarRef
  /** An anchored apiVersion that an alias elsewhere reads: moving it would move that value too. */
  problem?: Problem
}
type ApiVersion = Found | { skipped: true }

/** A string value as kubectl reads it: through an alias (`kind: *k`) to its anchor, and through merge keys. */
function valueAt(map: YAMLMap, key: string, aliases: AliasIndex): string | undefined {
  const node = aliases.deref(pairOf(map, key, aliases.derefer)?.value)
  return isScalar(node) && typeof node.value === 'string' ? node.value : undefined
}

/** Reads an object's apiVersion, or records why an object that looks like one of `kind` is left alone. */
function readApiVersion(
  map: YAMLMap,
  text: string,
  out: Located,
  kind: KindModule<never>,
  kindName: string,
  opts: LocateOptions,
  aliases: AliasIndex,
): ApiVersion | undefined {
  const key = keyOf(map, 'apiVersion', aliases.derefer)
  const written = key?.pair.value
  const node = aliases.deref(written)
  const ref = objectRef(map, kindName)
  const active = isActive(kind, opts)
  if (node === undefined || (isScalar(node) && (node.value === '' || node.value === null))) {
    if (kind.noApiVersion && active) {
      out.notices.push(
        notice(
          'no-api-version',
          offsetOf(map),
          `no apiVersion; left unchanged: add "apiVersion: ${kind.group}/${kind.versions[0]}" (or the version it is) to convert it`,
          ref,
        ),
      )
    }
    return { skipped: true }
  }
  if (!isScalar(node)) return undefined
  const value = String(node.value)
  const slash = value.indexOf('/')
  const group = slash < 0 ? '' : value.slice(0, slash)
  const version = value.slice(slash + 1)
  if (group !== kind.group) {
    if (active && isNearMiss(group, kind.group)) {
      out.notices.push(
        notice(
          'near-miss-group',
          offsetOf(node),
          `apiVersion group "${group}" is not "${kind.group}"; left unchanged (fix the group to convert it)`,
          ref,
        ),
      )
    }
    return undefined
  }
  if (!kind.versions.includes(version)) {
    if (active) {
      out.notices.push(
        notice(
          'unknown-version',
          offsetOf(node),
          `unknown ${kindName} version "${version}" left unchanged (known: ${kind.versions.join(', ')})`,
          ref,
        ),
      )
    }
    return undefined
  }
  const merged = throughMerge(map, aliases)
  if (merged) return { version, scalar: scalarRef(node, text), problem: merged }
  if (isAlias(written)) {
    // The alias itself is replaced by the new apiVersion; its anchor (and what else reads it) stays.
    const [start, end] = written.range!
    const alias: Found = { version, scalar: { style: 'PLAIN', value, raw: text.slice(start, end), start, end } }
    // Another object's apiVersion: the two move together or not at all, and that one is refused.
    if (aliases.isAnchoredApiVersion(node))
      alias.problem = {
        code: 'unsupported-alias',
        offset: start,
        message: `its apiVersion is alias *${written.source} of another apiVersion, which cannot move without changing this one; write both literally`,
      }
    return alias
  }
  const found: Found = { version, scalar: scalarRef(node, text) }
  if (node.anchor && aliases.isAliased(node))
    found.problem = {
      code: 'unsupported-alias',
      offset: offsetOf(node),
      message: `its apiVersion is anchor &${node.anchor}, which an alias elsewhere reads: moving it would change that value too; write the apiVersion literally`,
    }
  return found
}

/**
 * kubectl reads a kind or apiVersion that a merge key supplies, but it stands in another
 * mapping, which converting the object would have to change: refused at the merge key.
 */
function throughMerge(map: YAMLMap, aliases: AliasIndex): Problem | undefined {
  const merged = identityThroughMerge(map, aliases.derefer)
  if (!merged) return undefined
  return {
    code: 'unsupported-alias',
    offset: offsetOf(merged.via),
    message: `its ${merged.key} ${MERGED_IDENTITY}; write kind and apiVersion out`,
  }
}
