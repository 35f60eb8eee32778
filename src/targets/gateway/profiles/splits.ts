/**
 * The TrafficSplits of the input, for the ServiceProfiles of their Services: linkerd-smi
 * writes a split into the profile's `dstOverrides`, so when the split is in the input it is the
 * source, its route (`--to gateway`) the catch-all, and every profile route carries its
 * backends. The split's routes are mapped here exactly as its own conversion maps them
 * (routes.ts `mapSplit`), so the two cannot disagree.
 */
import { plainNamespace } from '../../../yaml/nodes.js'
import type { PlainValue } from '../../../edit/emit.js'
import { readQuantityWeights } from '../../../quantity/reader.js'
import { scaleWeights } from '../../../quantity/weights.js'
import { version } from '../../../version.js'
import type { SplitFields } from '../../../kinds/trafficsplit/read.js'
import type { SourceDocument } from '../../target.js'
import { canonicalJson, factKey, lookup, routeKey } from '../facts.js'
import { settle } from '../existing.js'
import type { GatewayFacts, GatewayOptions, Left, ProfileDoc, RouteFact, SourceFile, Sourced } from '../model.js'
import { spells, unreadDocuments } from '../../../yaml/plain.js'
import { MAX_ROUTE_WEIGHT, routeApis } from '../presets.js'
import { mapSplit } from '../routes.js'
import { serviceName } from '../services.js'
import { linkerdWrapIndex } from '../linkerd.js'
import { leftObjects, UNREAD } from './left.js'

/** Runs `collect` on the documents, keeping those that may hold a TrafficSplit, and adds the splits to its facts. */
export function withSplits(
  documents: Iterable<string | SourceDocument>,
  collect: (documents: Iterable<string | SourceDocument>) => GatewayFacts,
  noIgnore = false,
  linkerd = false,
): GatewayFacts {
  // Each with the line it starts on in its file (or the stream): documents come in order, file by file.
  const held: Array<[string | SourceDocument, number]> = []
  const renders = new Map<string, ReadonlySet<string>>()
  function* tap(): Generator<string | SourceDocument> {
    let source: string | undefined
    let line = 1
    for (const d of documents) {
      const text = typeof d === 'string' ? d : d.text
      if (typeof d !== 'string' && d.renderedBy && d.file) renders.set(d.file.path, d.renderedBy)
      const from = typeof d === 'string' ? '' : (d.file?.path ?? '')
      if (from !== source) [source, line] = [from, 1]
      if (spells(text, 'TrafficSplit') || spells(text, 'ServiceProfile')) held.push([d, line])
      line += newlines(text, text.length)
      yield d
    }
  }
  const facts = collect(tap())
  const splits = new Map<string, Array<Sourced<Record<string, unknown>>>>()
  const profiles = new Map<string, ProfileDoc[]>()
  for (const [d, line] of held) {
    const { text, file } = typeof d === 'string' ? { text: d, file: undefined as SourceFile | undefined } : d
    if (!(typeof d !== 'string' && d.patchOf)) {
      unreadProfiles(text, file, line, profiles)
      unreadSplits(text, file, splits)
    }
    // Each with why the converter leaves it, if it does: the unit check sees it (unit.ts).
    for (const { object: o, left, offset = 0, fields } of leftObjects(text, noIgnore)) {
      const mark = left ? { left } : {}
      if (
        o.kind === 'ServiceProfile' &&
        !(typeof d !== 'string' && d.patchOf) &&
        typeof o.apiVersion === 'string' &&
        o.apiVersion.startsWith('linkerd.io/')
      ) {
        const meta = record(o.metadata)
        if (typeof meta?.name !== 'string') continue
        const key = factKey(plainNamespace(meta), meta.name)
        const at = { line: line + newlines(text, offset), spec: canonicalJson(o.spec ?? null) }
        profiles.set(key, [...(profiles.get(key) ?? []), file ? { fact: text, file, ...mark, ...at } : { fact: text, ...mark, ...at }])
        continue
      }
      if (o.kind !== 'TrafficSplit' || typeof o.apiVersion !== 'string' || !o.apiVersion.startsWith('split.smi-spec.io/')) continue
      const meta = record(o.metadata)
      const ns = plainNamespace(meta)
      const raw = record(o.spec)?.service
      // On Linkerd, a dotted spec.service never split its Service (routes.ts `linkerdSmiHost`): its profile is converted alone.
      if (linkerd && typeof raw === 'string' && raw.includes('.')) continue
      const root = typeof raw === 'string' ? serviceName(raw, ns) : undefined
      if (!root || 'problem' in root) continue
      const key = factKey(ns, root.name)
      const list = splits.get(key) ?? []
      if (fields) converterFields.set(o, fields)
      list.push(file ? { fact: o, file, ...mark } : { fact: o, ...mark })
      splits.set(key, list)
    }
  }
  facts.splits = splits
  facts.profileDocs = profiles
  if (renders.size) facts.renderedBy = renders
  return facts
}

/**
 * The documents of `text` that name ServiceProfile (literally or by escapes) and do not parse: the
 * converter reports each as invalid YAML (convert/text.ts), and the unit of its Service is left with
 * it (unit.ts), since kubectl may read it (a duplicate key) and the profile be live. Keyed by the
 * name and namespace the parser's partial reading gives; without a name, under UNREAD (every split
 * of its namespace, or of the run, is held).
 */
function unreadProfiles(text: string, file: SourceFile | undefined, line: number, profiles: Map<string, ProfileDoc[]>): void {
  if (!spells(text, 'ServiceProfile')) return
  for (const u of unreadDocuments(text)) {
    if (!spells(u.text, 'ServiceProfile')) continue
    const left: Left = { code: 'invalid-yaml', message: u.message }
    const key = u.name === undefined ? `${UNREAD}${u.namespace ?? ''}` : factKey(u.namespace, u.name)
    // Its spec is not known: no copy of it is the same (copies.ts compares them).
    const at = { line, spec: '\0unread' }
    profiles.set(key, [...(profiles.get(key) ?? []), file ? { fact: u.text, file, left, ...at } : { fact: u.text, left, ...at }])
  }
}

/**
 * The documents of `text` that name TrafficSplit and do not parse (a duplicate key kubectl accepts):
 * the converter reports each as invalid YAML, and the profile of the Service the partial reading gives
 * is held with it (unit.ts), since the split may be live and its backends in the profile's routes.
 * Without a Service, under UNREAD (every profile of its namespace, or of the run, is held: backends.ts).
 */
function unreadSplits(text: string, file: SourceFile | undefined, splits: Map<string, Array<Sourced<Record<string, unknown>>>>): void {
  if (!spells(text, 'TrafficSplit')) return
  for (const u of unreadDocuments(text)) {
    if (!spells(u.text, 'TrafficSplit')) continue
    const raw = record(u.data?.spec)?.service
    const root = typeof raw === 'string' ? serviceName(raw, u.namespace) : undefined
    const left: Left = { code: 'invalid-yaml', message: u.message }
    // The partial reading of a broken document does not say its namespace for sure (a tab, a bad escape or
    // an indent there hides or cuts it): it holds the profiles of its Service in every namespace.
    let key = root && !('problem' in root) ? anyNamespace(root.name) : ''
    if (!root || 'problem' in root) {
      // The broken spot hides its Service: under UNREAD it holds every profile of its namespace (of the run without one).
      key = `${UNREAD}${u.namespace ?? ''}`
      left.name = `${u.name ?? '(whose name cannot be read)'} (its spec.service cannot be read)`
    }
    const fact = u.data ?? {}
    splits.set(key, [...(splits.get(key) ?? []), file ? { fact, file, left } : { fact, left }])
  }
}

/** A split's fields as the converter's own reader reads them (kinds/trafficsplit/read.ts), which its conversion maps. */
const converterFields = new WeakMap<object, SplitFields>()

/** The key of the unreadable splits of Service `service` whose namespace cannot be read: they may be in any. */
export function anyNamespace(service: string): string {
  return `${UNREAD}*/${service}`
}

export interface SplitRoute {
  kind: string
  name: string
  port: number
  refs: PlainValue[]
  /** The route is in the input as the split's conversion writes it (a kept split, unchanged since). */
  written?: boolean
  /** A route of its kind and name is in the input (written by an earlier run, changed or not): it is older than this run's routes. */
  older?: true
}

/** The routes a TrafficSplit becomes, as its own conversion writes them, or why it does not become routes. */
export function splitRoutes(
  split: Record<string, unknown>,
  opts: GatewayOptions,
  facts: GatewayFacts,
): SplitRoute[] | { problem: string } | { held: string } | { pending: { code: string; message: string } } {
  const meta = record(split.metadata)
  const spec = record(split.spec) ?? {}
  const backends = Array.isArray(spec.backends) ? spec.backends.map(record) : []
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)
  const splitVersion = String(split.apiVersion).split('/')[1]
  const matches = splitVersion === 'v1alpha1' || splitVersion === 'v1alpha2' || !Array.isArray(spec.matches) ? [] : spec.matches
  if (matches.length) return { problem: 'it is an A/B split (spec.matches), which a profile route cannot carry' }
  // Its fields as the converter reads them, when the run read it (its conversion maps those): else from the data.
  const given = converterFields.get(split)
  const fields: SplitFields = given
    ? { ...given, matches: [] }
    : {
        offset: 0,
        owners: (Array.isArray(meta?.ownerReferences) ? meta.ownerReferences : []).map((o) => {
          const r = record(o)
          return { ...opt('kind', str(r?.kind)), ...opt('apiVersion', str(r?.apiVersion)), ...opt('name', str(r?.name)) }
        }),
        ownersOffset: 0,
        comments: 0,
        serviceOffset: 0,
        backends: backends.map((b) => ({ ...opt('service', str(b?.service)), offset: 0 })),
        backendsOffset: 0,
        matches: [],
        ...opt('name', str(meta?.name)),
        ...opt('namespace', plainNamespace(meta)),
        ...opt('service', str(spec.service)),
      }
  const read = readQuantityWeights(backends.map((b) => ({ json: b?.weight ?? null })))
  if (!read.ok) return { problem: `its backend ${read.errors[0]!.index + 1} weight ${read.errors[0]!.reason}` }
  // A weight Linkerd wrapped refuses the split's own conversion (split.ts `linkerdWraps`): the profile's too.
  const wraps = routeApis(opts).notLinkerd ? undefined : linkerdWrapIndex(read.values)
  if (wraps !== undefined)
    return {
      problem: `its backend ${wraps + 1} weight overflows Linkerd's weight (milli value x 10 must fit 32 bits, and Linkerd wraps it)`,
    }
  const scaled = scaleWeights(read.values, { max: MAX_ROUTE_WEIGHT })
  if (!scaled.ok) return { problem: `its backend ${scaled.index + 1} weight ${scaled.reason}` }
  // What the split becomes, whatever routes an earlier run wrote from it (a kept split, unchanged or changed since).
  const mapped = mapSplit(fields, scaled.weights, opts, unwritten(facts), () => undefined, routeApis(opts), `smi-migrate-${version}`)
  // Left for a person (owned by a controller, never applied by linkerd-smi): the profile is held, pending too.
  if ('skip' in mapped)
    return mapped.skip.pending ? { pending: { code: mapped.skip.code, message: mapped.skip.message } } : { problem: mapped.skip.message }
  if ('problems' in mapped) return { problem: mapped.problems[0]!.message }
  // A route of the split a person edited, while the split changed too: the split's conversion writes
  // nothing (existing.ts `settle`), and the profile's routes must not take the new backends either.
  const written = new Set<string>()
  // A route of that name already in the input is the object the route is applied over: older than this run's.
  const older = new Set<string>()
  for (const r of mapped.routes) {
    const found = lookup(facts.routes, routeKey(r.kind, factKey(fields.namespace, r.name)), facts.from)
    if (found && 'fact' in found) older.add(r.name)
    if (!found || !('fact' in found) || !found.fact.generated) continue
    // The name is held by a route written from a profile route: the split's own conversion is refused
    // (existing.ts `profileHolds`), so the profile's routes must not take its backends either.
    const from = found.fact.profileRoute
    if (from !== undefined && from !== '[DEFAULT]')
      return {
        problem: `its ${r.kind} ${r.name} takes the name of the route smi-migrate wrote from the ServiceProfile route ${JSON.stringify(from)}${found.file ? ` (${found.file.shown})` : ''}, so the split is refused (name-collision) and nothing is written for the profile either`,
      }
    if (from !== undefined) continue
    const settled = settle(found.fact, found.file, r.value as Record<string, unknown>, found.fact.spec === canonicalJson(r.value.spec))
    if ('clashes' in settled) return { held: `${r.kind} ${r.name}${found.file ? ` (${found.file.shown})` : ''}` }
    if ('same' in settled) written.add(r.name)
  }
  return mapped.routes.map((r) => {
    const rule = record((r.value.spec as Record<string, PlainValue[] | undefined>).rules?.[0])
    return {
      kind: r.kind,
      name: r.name,
      port: r.port,
      refs: (rule?.backendRefs ?? []) as PlainValue[],
      written: written.has(r.name),
      ...(older.has(r.name) ? { older: true as const } : {}),
    }
  })
}

const withoutGenerated = new WeakMap<GatewayFacts, GatewayFacts>()

/** The facts without the routes smi-migrate wrote: hand-written ones still collide with the split's route. */
function unwritten(facts: GatewayFacts): GatewayFacts {
  let out = withoutGenerated.get(facts)
  if (!out) {
    const routes = new Map<string, Array<Sourced<RouteFact>>>()
    for (const [key, list] of facts.routes) {
      const kept = list.filter((c) => !c.fact.generated)
      if (kept.length) routes.set(key, kept)
    }
    out = { ...facts, routes }
    withoutGenerated.set(facts, out)
  }
  return out
}

function opt<K extends string>(key: K, v: string | undefined): { [k in K]?: string } {
  return (v === undefined ? {} : { [key]: v }) as { [k in K]?: string }
}

/** The line breaks in `text` before `end`. */
function newlines(text: string, end: number): number {
  let n = 0
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) n++
  return n
}

function record(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
}
