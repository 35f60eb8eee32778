/**
 * What a target plug-in is. Besides a version, `--to` may name a target: a plug-in that
 * replaces objects of some kinds by objects of others (`--to gateway`: TrafficSplits become
 * Gateway API routes). A target
 *
 * - declares its own options (`OptionSpec`): the CLI's flags and help, the Action's inputs
 *   and the docs' tables are made from them or tested against them;
 * - reads what the whole input says before anything is converted (`prepare`), once per
 *   run, and returns it: nothing a conversion does changes it;
 * - replaces one object at a time (`Replacer`), on the kind's view, returning the new
 *   objects as plain values and what the replacement claims for itself (a route name, a
 *   note said once). The claims are committed by the driver only when the conversion is
 *   kept (pipeline/segment.ts), so a conversion that is retried or discarded leaves no trace;
 * - owns its finding codes (`rules`, in its entry).
 *
 * Like kinds (kinds/names.ts beside kinds/registry.ts), a target has two halves: its entry
 * (name, options, reading them; loads nothing heavy, so the CLI can show and check flags at
 * start-up) and the plug-in itself, loaded with the converter (`load`).
 */
import type { ConvertOptions, Diagnostic, OptionSpec, OptionValue, Problem, RuleTable, TargetOptionFields } from '../model.js'
import type { PlainValue } from '../edit/emit.js'
import type { ObjectView } from '../kinds/kind.js'

/** An option value a target cannot take; the surface says it its own way (a usage error, an input error). */
export class OptionError extends Error {}

export interface TargetEntry<O = unknown> {
  /** Also its field of the library's options, which the target declares (model.ts `TargetOptionFields`). */
  name: keyof TargetOptionFields
  /** What `--to <name>` does, for the help of `--to`. */
  summary: string
  /** What the objects become, for a summary line ("files need converting to Gateway API routes"). */
  produces: string
  options: readonly OptionSpec[]
  /** The finding codes it owns, with what each means (SARIF rules). */
  rules: RuleTable
  /** What a file must spell for `prepare` to learn from it: file mode reads the others for nothing. */
  reads: readonly string[]
  /** The kinds it replaces, each with what it becomes (for messages before the plug-in is loaded: kustomize patches). */
  replaces: Readonly<Record<string, string>>
  /**
   * The options from what the surface read (choices are checked by the surface, from the
   * specs); `label` names an option as the surface does (`--port`, `input "port"`). Throws
   * OptionError.
   */
  readOptions(get: (name: string) => OptionValue, label: (name: string) => string): O
  load(): Promise<TargetPlugin<O>>
}

/** A claim: a key only one object of a run may hold (a route name), and who holds it. */
export type Claim = readonly [key: string, owner: string]

/** What a replacer may ask about the run: the claims kept so far, this conversion's included. */
export interface RunView<O = unknown, C = unknown> {
  options: O
  context: C
  claimed(key: string): string | undefined
}

export type Replacement =
  | {
      objects: Array<{ [key: string]: PlainValue }>
      findings: Diagnostic[]
      message: string
      weights?: { before: string[]; after: string[] }
      /** Committed only if the conversion is kept. */
      claims: Claim[]
      /** Objects already in the input that the new objects replace, besides `objects` (written at the object). */
      rewrites?: Rewrite[]
    }
  /** Left as it is, for a reason that is not an error. */
  | { skip: Diagnostic }
  | { problems: Problem[] }

/**
 * An object already in the input that a replacement writes anew, in its place (`--to gateway
 * --keep-trafficsplit`: the route an earlier run wrote, when the split has changed since):
 * the last object of that kind, namespace and name in `file` (in a stream: in the stream).
 * The driver replaces it where it stands, or reports `refused` (at the replacing object, its
 * reason appended in parentheses) when it cannot: a stream has written the object already
 * when it comes before the replacing one, or the object holds a template action.
 */
export interface Rewrite {
  kind: string
  namespace?: string
  name: string
  file?: { path: string; shown: string }
  object: { [key: string]: PlainValue }
  /** What the report says where the object is replaced (after the object's description). */
  message: string
  refused: Diagnostic
}

/** A rewrite as the planner passes it on: `done` is what the report says where the object is replaced (the driver sets its offset). */
export interface PlannedRewrite extends Rewrite {
  done: Diagnostic
}

export interface Replacer<Data = unknown, O = unknown, C = unknown> {
  replace(view: ObjectView<Data>, run: RunView<O, C>): Replacement
}

/** A document as kubectl cuts it, with the file it came from when there is one (file mode). */
export interface SourceDocument {
  text: string
  /**
   * Its file's resolved path, and the path as reports show it; `aside`: a file read beside the
   * files given (file mode, files/beside.ts), never written, so nothing in it may be changed.
   */
  file?: { path: string; shown: string; aside?: boolean }
  /**
   * Set when a kustomization lists the file as a patch: its documents are not objects of the
   * input, only changes to them, so a target reads them apart. `by`: the kustomization's shown
   * path; `members`: the real paths of the files of its kustomize tree (what the patch may
   * change), undefined when not known.
   */
  patchOf?: { by: string; members?: ReadonlySet<string> }
  /**
   * Set when the run's kustomizations render the file: the top kustomizations (those no other
   * one takes in) whose build holds its objects, by real path. Two files rendered by one are
   * applied together; two rendered by none in common are not. Absent when not known.
   */
  renderedBy?: ReadonlySet<string>
}

export interface TargetPlugin<O = unknown, C = unknown> {
  name: string
  /** What the whole input says, read once before any conversion: documents as kubectl cuts them. */
  prepare(documents: Iterable<string | SourceDocument>, options: O): C
  /**
   * The context as seen from one file of the run (what is applied with it first: its own
   * file, its directory); without it, the context is the same for every file.
   */
  scope?(context: C, file: { path: string; shown: string }): C
  /** The replacer of each kind it replaces, by kind name. */
  replaces: Readonly<Record<string, Replacer<never, O, C>>>
  /** Whether the replaced object (of `kind`) stays, with the new objects written after it. */
  keepsOriginal(options: O, kind: string): boolean
}

/**
 * A target made ready for one run: its plug-in, options and context, and the run's ledger
 * of kept claims. Only the driver that keeps a conversion writes to the ledger.
 */
export interface PreparedTarget<O = unknown, C = unknown> {
  name: string
  plugin: TargetPlugin<O, C>
  options: O
  context: C
  ledger: Map<string, string>
}

/** A plug-in made ready for one run: `prepare` on the whole input, and an empty ledger. */
export function prepare<O, C>(plugin: TargetPlugin<O, C>, options: O, documents: Iterable<string | SourceDocument>): PreparedTarget<O, C> {
  return { name: plugin.name, plugin, options, context: plugin.prepare(documents, options), ledger: new Map() }
}

/** The prepared target as seen from one file: the same options and ledger, its context scoped to the file. */
export function scopeTarget<O, C>(target: PreparedTarget<O, C>, file: { path: string; shown: string }): PreparedTarget<O, C> {
  return target.plugin.scope ? { ...target, context: target.plugin.scope(target.context, file) } : target
}

/** What a run's conversion takes: what the user set, and the target prepared for the run, if any. */
export interface RunOptions extends ConvertOptions {
  target?: PreparedTarget
}
