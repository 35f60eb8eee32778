/**
 * What a kind plug-in is. A kind's entry says which objects are its own (group, kind) and
 * which option picks the version the run wants; its module adds which versions exist and
 * what each hop between two neighbouring versions does, as a function from view to view. It never edits text: the planner
 * (convert/plan.ts) turns the changes a view has collected into edits, with the edit shapes
 * of src/edit/. Nothing outside src/kinds/ names a kind.
 */
import type { ConvertOptions, Edit, ObjectNeed, ObjectRef, OptionSpec, Problem, ScalarRef } from '../model.js'
import type { ObjectNode, ReadContext } from '../yaml/nodes.js'
import type { Templated } from '../yaml/templated.js'
import type { MapLayout } from '../edit/layout.js'
import type { PlainValue } from '../edit/emit.js'

/**
 * One object of a kind, as read from its document: values and source spans, never parser
 * nodes. `data` is the kind's own reading (a TrafficSplit's weights, a TrafficTarget's ports).
 */
export interface ObjectView<Data = unknown> {
  kind: KindModule<Data>
  /** Where the object starts (its first key). */
  offset: number
  ref: ObjectRef
  version: string
  /** The apiVersion scalar to rewrite; absent when the object inherits it from its List. */
  apiVersion?: ScalarRef
  /** The object's top-level map, for edits that add, move or wrap keys (read on first use). */
  layout: () => MapLayout
  /** A template action writes structure inside the object: a conversion that moves or adds keys is refused. */
  templated?: Problem
  /** Why keys of this object cannot be moved in its text (anchors and aliases), asked only when a hop moves keys. */
  unmovable?: () => Problem | undefined
  data: Data
  /** A structural problem that stops the whole object from being converted. */
  problem?: Problem
  /** Removals of server-owned fields, applied only if the object is converted. */
  strip?: Edit[]
  /** The `<Kind>List` object itself: only its apiVersion moves (with the items that inherit it). */
  list?: true
  /** An item of a `<Kind>List` that has no apiVersion of its own: the List's view. */
  inheritsFrom?: ObjectView
  /** A List with an inheriting item that is not in the plan (templated): it cannot move. */
  heldBack?: Problem
  /** An item of a List (not a document of its own). */
  item?: true
  /** A Helm template action inside the object: a target that rewrites the whole object leaves it alone. */
  action?: Problem
}

/**
 * What the hops so far have decided, on top of the source. Changes are data; the planner
 * makes them edits. Paths are key names from the object's top level.
 */
export type Change =
  /** Replace one scalar's source text (a weight). */
  | { shape: 'scalar'; scalar: ScalarRef; text: string }
  /**
   * Move top-level keys under a new top-level key (`matches` → `spec.matches`), renaming
   * some on the way (`specs` → `rules`); their text moves with its comments, re-indented.
   */
  | { shape: 'wrap'; keys: string[]; under: string; rename?: Readonly<Record<string, string>> }
  /** Add a key that is not in the source, with a plain value written in the source's style. */
  | { shape: 'add'; path: string[]; value: PlainValue }

/** A view on its way up the version chain. */
export interface Upgrade<Data = unknown> {
  view: ObjectView<Data>
  /** The version the object has now. */
  version: string
  changes: Change[]
  /** Said in the conversion's message, in parentheses. */
  notes: string[]
  /** The weights before and after (TrafficSplit), shown when one of them changes. */
  weights?: { before: string[]; after: string[] }
  /** What a repair's message calls the object's weights before `weights a -> b` (the notes say why); unset: `non-integer <version>`. */
  repairing?: string
}

export type StepResult = { problems: Problem[] } | { ok: true }

/** A hop that changes the apiVersion only (the planner rewrites it for every hop). */
export const apiVersionOnly = (): StepResult => ({ ok: true })

/** One hop: `from` to the next version. Mutates the upgrade it is given (changes, notes). */
export interface Step<Data = unknown> {
  from: string
  to: string
  apply(u: Upgrade<Data>, opts: ConvertOptions): StepResult
}

export interface Reading<Data> {
  data: Data
  problem?: Problem | undefined
  /** Template actions write what the conversion would change: the object is reported and left alone. */
  templated?: Templated[]
}

/**
 * The option that picks the version a kind converts to (`--specs-to`, input `specs-to`; the
 * library's `specsTo`). The CLI's flags and help and the Action's inputs are made from the
 * kinds' options; kinds that share one name the same object (HTTPRouteGroup and TCPRoute).
 */
export interface VersionOption extends OptionSpec {
  value: 'version'
  /** The versions it may name, oldest first. */
  choices: readonly string[]
  /** Without the option (and without a mesh that picks one): undefined, the kind is left alone. */
  default?: string
}

/**
 * What the surfaces know of a kind without loading it (`<kind>/entry.ts`, listed in names.ts):
 * the CLI reads these at start-up, before the YAML parser and the kind modules are loaded.
 */
export interface KindEntry {
  kind: string
  group: string
  /** The option that picks its version; absent: only a target converts it. */
  version?: VersionOption
}

export interface KindModule<Data = unknown> extends KindEntry {
  /** Oldest first. */
  versions: readonly string[]
  /** One step per hop between neighbouring versions, oldest first. */
  steps: readonly Step<Data>[]
  /**
   * Reads the kind's own data out of its document (`read.ts`, the only part of a kind that
   * sees parser nodes). A problem stops the object from being converted.
   */
  read(map: ObjectNode, ctx: ReadContext): Reading<Data>
  /** Objects of this kind without an apiVersion are reported (the kind's name alone is unambiguous). */
  noApiVersion?: boolean
  /**
   * An object already at (or past) the target whose fields still need fixing (TrafficSplit:
   * v1alpha2+ objects with quantity weights). Fills `u` like a step; false when nothing to do.
   */
  repair?(u: Upgrade<Data>, opts: ConvertOptions): StepResult | false
  /** The objects this one needs, at `version` (the version it has after the run). */
  needs?(view: ObjectView<Data>, version: string): ObjectNeed[]
  /** The kinds `needs` may name: only their objects are kept for the checks across documents. */
  needsKinds?: readonly string[]
  /** Only a target converts it (ServiceProfile under `--to gateway`): left alone without a note otherwise. */
  replacedOnly?: true
}

/** The version a run converts the kind to (the run's versions are by kind), or undefined to leave it alone. */
export function versionFor(kind: KindEntry, opts: Pick<ConvertOptions, 'versions'>): string | undefined {
  return opts.versions[kind.kind] ?? kind.version?.default
}

/** The flag that picks the kind's version, for messages (`--specs-to`). */
export function flagOf(kind: KindEntry): string {
  return kind.version ? `--${kind.version.name}` : '--to'
}
