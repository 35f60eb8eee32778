/**
 * Plain records shared by the pipeline stages. No logic lives here.
 */

/** The TrafficSplit versions, oldest first. */
export const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'] as const
export type Version = (typeof VERSIONS)[number]
/** The versions `--to` accepts: every version with integer weights. */
export const TARGETS = ['v1alpha2', 'v1alpha3', 'v1alpha4'] as const
export type Target = (typeof TARGETS)[number]
/** The versions `--specs-to` accepts (HTTPRouteGroup, TCPRoute of `specs.smi-spec.io`). */
export const SPECS_TARGETS = ['v1alpha2', 'v1alpha3', 'v1alpha4'] as const
export type SpecsTarget = (typeof SPECS_TARGETS)[number]
/** The versions `--access-to` accepts (TrafficTarget of `access.smi-spec.io`; v1alpha4 was never released in the SDK). */
export const ACCESS_TARGETS = ['v1alpha2', 'v1alpha3'] as const
export type AccessTarget = (typeof ACCESS_TARGETS)[number]

export const SMI_SPLIT_GROUP = 'split.smi-spec.io'

/** How a scalar is written (the `yaml` package's names for the five YAML scalar styles). */
export type ScalarStyle = 'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED'

/**
 * A scalar as written: its presentation, its string content and its source range. Views hold
 * these instead of parser nodes, so the conversion logic is testable without YAML.
 */
export interface ScalarRef {
  style: ScalarStyle
  value: string
  /** Source text of the scalar itself (quotes included; anchor, tag and comment excluded). */
  raw: string
  start: number
  end: number
  /** A weight a chart renders from `.Values.a.b` (`['a', 'b']`): its new value goes to values.yaml, never into the template. */
  valuesPath?: string[]
  /**
   * A quoted (or block) scalar inside a flow collection with a tab starting a line after it:
   * go-yaml's block indentation around the flow collection (-1: none), against which a plain
   * scalar written in its place is checked (edit/plain.ts). Absent otherwise.
   */
  flowIndent?: number
}

/** Why something cannot be converted, and where: made into an error finding by the planner. */
export interface Problem {
  code: NoticeCode
  offset: number
  message: string
  /** Not an error in the input: the object is left for a person, with a pending warning (exit 1). */
  leave?: boolean
}

/** One weight: the scalar to read and rewrite, or why it cannot be used. */
export type WeightRef = { offset: number; scalar: ScalarRef } | { offset: number; problem: Problem }

/** Replace `text.slice(start, end)` with `text`. Offsets are UTF-16 indices into one text. */
export interface Edit {
  start: number
  end: number
  text: string
}

/** Replace the bytes `[start, end)` of a file with `bytes`: an edit as file mode writes and patches it (edit/bytes.ts). */
export interface ByteEdit {
  start: number
  end: number
  bytes: Buffer
}

export type Severity = 'error' | 'warning' | 'info'

/** What every diagnostic has: its code, its message, where it points (`offset`, in the same text as the edits). */
interface DiagnosticBase {
  code: FindingCode
  message: string
  offset: number
  /** For findings about one object. */
  object?: ObjectRef
}

/** The codes of conversions: what the run changed (or would change). */
export type ConversionCode = 'converted' | 'repaired' | 'patch-converted' | 'values-converted'
/** The codes of notices and refusals: every other. */
export type NoticeCode = Exclude<FindingCode, ConversionCode>

/** A conversion the run makes (or would make): an object moved from one version to another. */
export interface ConversionDiagnostic extends DiagnosticBase {
  severity: 'info'
  code: ConversionCode
  /**
   * Another line of a conversion counted once already: a route written anew in its place
   * beside the object's own conversion, or a second such route. Reported, not counted.
   */
  further?: boolean
  from?: string
  to?: string
  weightsBefore?: string[]
  weightsAfter?: string[]
  pending?: undefined
  valuesPath?: undefined
  valuesAffix?: undefined
  valuesDone?: undefined
  valuesLiterals?: undefined
  suppression?: undefined
  whenWritten?: undefined
}

/** Something said for a person: a note (info), or a warning about what is left alone. */
export interface NoticeDiagnostic extends DiagnosticBase {
  severity: 'info' | 'warning'
  code: NoticeCode
  /**
   * Set on a warning that leaves an SMI object older than `--to` (or with non-integer weights)
   * for a person to fix: templated fields, a near-miss group, a missing apiVersion, a
   * kustomize tree held back. `--check`, `--diff` and `--write` exit 1 when any finding is pending.
   */
  pending?: boolean
  /** For a weight written by `{{ .Values.a.b }}`: `['a', 'b']` (the CLI names the values.yaml line). */
  valuesPath?: string[]
  /** The text around that action in the scalar (`m` in `{{ .Values.w }}m`), for the rendered value in the hint. */
  valuesAffix?: ValuesAffix
  /**
   * A note for file mode only: this weight of a split already at the version asked for renders
   * from `valuesPath`, whose values file mode checks (files/helm/done-weights.ts); never reported.
   */
  valuesDone?: boolean
  /**
   * On a `valuesDone` note: the split's weights that are no template action, as written (`raw`),
   * with the integer kubectl reads (`int`), or none when it reads no integer: they count in its sum.
   */
  valuesLiterals?: Array<{ raw: string; int?: bigint }>
  /** On a `suppressed` finding: why, as written, and where it was said. */
  suppression?: Suppression
  /**
   * Set on a finding that says its object's conversion is written (a route written in place of
   * another): dropped where the run leaves the object as it is after all (in a stream, a route
   * to write anew that the stream had written out already: pipeline/bytes.ts `leftAsItIs`).
   */
  whenWritten?: boolean
  from?: undefined
  to?: undefined
  weightsBefore?: undefined
  weightsAfter?: undefined
}

/** Something that stops a file from being written. */
export interface RefusalDiagnostic extends DiagnosticBase {
  severity: 'error'
  code: NoticeCode
  pending?: undefined
  valuesPath?: undefined
  valuesAffix?: undefined
  valuesDone?: undefined
  valuesLiterals?: undefined
  suppression?: undefined
  whenWritten?: undefined
  from?: undefined
  to?: undefined
  weightsBefore?: undefined
  weightsAfter?: undefined
}

/**
 * One thing the run has to say about an input: a conversion (info), a notice (a note, or a
 * warning about something left alone that a person should look at), or a refusal (an error:
 * something that stops a file from being written).
 */
export type Diagnostic = ConversionDiagnostic | NoticeDiagnostic | RefusalDiagnostic

/** A chart value a converted template's weight renders: its path and the integer it takes. */
export interface ValuesWrite {
  path: string[]
  text: string
}

/**
 * A values.yaml write a conversion needs, beside its edits (never inside a finding: findings
 * are what reports say): `by` is the conversion's finding, which names the object and where
 * it is, located (a `Finding`) by the stage that knows the file. files/helm/values.ts writes it.
 */
export interface NeededValuesWrite<At extends Diagnostic = Diagnostic> extends ValuesWrite {
  by: At
}

/**
 * A chart value as Helm reads it (values.yaml as YAML 1.1, into JSON), for the weights a
 * template renders from it; or why the value may not be converted (used elsewhere,
 * overridden, absent), which the template's warning says.
 */
export type ChartValue = { json: unknown; quoted: boolean } | { absent: true } | { refused: string }

/** A suppression of an object: its reason, and whether an annotation or a comment directive says it. */
export interface Suppression {
  reason: string
  by: 'annotation' | 'comment'
}

/** Where a finding (or an object) is, once the stage that knows the file has said so; line 0 is the file as a whole. */
export interface Located {
  path: string
  line: number
  column: number
}

/**
 * A diagnostic where a person can find it: made once, at the edge that knows the file
 * (pipeline/segment.ts locateFindings, or a file-level finding with line 0).
 */
export type Finding = Diagnostic & Located

/** The core's finding codes; a target plug-in adds its own to TargetFindingCodes. */
export type CoreFindingCode =
  | 'converted'
  | 'repaired'
  | 'patch-converted'
  | 'newer-than-target'
  | 'no-target'
  | 'crd-not-served'
  | 'incompatible-versions'
  | 'no-api-version'
  | 'near-miss-group'
  | 'unknown-version'
  | 'templated'
  | 'invalid-weight'
  | 'invalid-structure'
  | 'invalid-yaml'
  | 'unsupported-alias'
  | 'not-utf8'
  | 'binary'
  | 'io'
  | 'not-written'
  /** A change beyond what the run may write (files/boundary.ts): the paths named and their repositories. */
  | 'write-boundary'
  | 'same-tree'
  /** A chart's values.yaml value that a converted template's weight renders (files/helm/values.ts). */
  | 'values-converted'
  /** A kustomize patch targets an object that a target (`--to gateway`) replaces. */
  | 'kustomize-patch-target'
  /** An object left alone on purpose: `smi-migrate.io/ignore` or `# smi-migrate: ignore` with a reason (docs/suppressions.md). */
  | 'suppressed'
  /** A suppression without a reason, or a `# smi-migrate:` directive that is not `ignore <reason>`. */
  | 'invalid-suppression'

/**
 * The finding codes of the target plug-ins: each adds its own here by declaration merging
 * (src/targets/<name>/codes.ts), so this file names none of them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TargetFindingCodes {}

/**
 * The library's options of the target plug-ins: each target adds one field, named as the
 * target, typed as its options (`gateway: GatewayOptions`), by declaration merging
 * (src/targets/<name>/options.ts). The library's `to` and option fields are made from it, so
 * neither this file nor index.ts has to name a new target.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface TargetOptionFields {}

/**
 * The codes of a command's own lines (`smi-migrate helm-release`: src/helm-release/codes.ts),
 * added by declaration merging as the targets' are.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface CommandFindingCodes {}

export type FindingCode = CoreFindingCode | keyof TargetFindingCodes | keyof CommandFindingCodes

/** What a finding code means, for reports that describe their rules (SARIF's `tool.driver.rules`). */
export interface RuleInfo {
  /**
   * The "friendly name" SARIF viewers show, when the code in Pascal case would only repeat
   * the code (a SARIF name must differ from its id, case aside).
   */
  name?: string
  /** One sentence. */
  short: string
  /** What it means and what to do. */
  full: string
  /** The level it usually has (a result states its own). */
  level: 'error' | 'warning' | 'note'
  /** A docs/ file, with its #section. */
  doc: string
}

/** The rules of a run: the core's codes and those of every target (report/rules.ts, targets/registry.ts). */
export type RuleTable = Readonly<Partial<Record<FindingCode, RuleInfo>>>

/** A weight's text around its action, `m` in `{{ .Values.w }}m`: it renders next to the value. */
export interface ValuesAffix {
  prefix: string
  suffix: string
  /** Another action is part of the scalar: what it renders is not known here. */
  more: boolean
}

/**
 * An object the run saw, for checks across documents and files (kinds/links.ts): which
 * version it has once the run is done, and which other objects it needs at which versions
 * (a TrafficSplit's matches name HTTPRouteGroups of its own version).
 */
export interface ObjectFact {
  kind: string
  namespace?: string
  name: string
  /** The version after the run: converted, or as it was. */
  version: string
  /** The version in the input (what stays when the file is not written). */
  before: string
  offset: number
  needs?: ObjectNeed[]
  /** What it needs at `before` (when its file is not written). */
  needsBefore?: ObjectNeed[]
}

export interface ObjectNeed {
  kind: string
  name: string
  versions: readonly string[]
}

export interface ObjectRef {
  kind: string
  namespace?: string
  name?: string
}

/**
 * The version each kind converts to in a run, by kind name (`{ TrafficSplit: 'v1alpha2' }`);
 * a kind without one takes its option's default (kinds/kind.ts versionFor), else it is left alone.
 */
export type Versions = Readonly<Record<string, string>>

/**
 * The kinds' versions as the library spells them: each kind option's name in camel case
 * (`--specs-to` is `specsTo`), read into a Versions map by kinds/versions.ts.
 */
export interface VersionFields {
  /** The apiVersion to move TrafficSplits to (default `v1alpha2`). */
  to?: Target
  /** The apiVersion to move HTTPRouteGroups and TCPRoutes to; without it they are left alone. */
  specsTo?: SpecsTarget
  /** The apiVersion to move TrafficTargets to; without it they are left alone. */
  accessTo?: AccessTarget
}

/**
 * The library's options that every run takes. The library (index.ts) adds what the target
 * plug-ins take (`to: 'gateway'` and its `gateway` options), from `TargetOptionFields`.
 */
export interface MigrateOptions extends VersionFields {
  /**
   * Remove what the API server owns from converted objects (and from a List wrapper holding
   * them): metadata.creationTimestamp, generation, resourceVersion, selfLink, uid,
   * managedFields, the last-applied-configuration annotation, and status.
   */
  stripServerFields?: boolean
  /**
   * Convert (and report) the objects that the annotation `smi-migrate.io/ignore: "<reason>"`
   * or the comment `# smi-migrate: ignore <reason>` suppress, as if unmarked (docs/suppressions.md).
   * Without it they are left as they are and reported as `suppressed`.
   */
  noIgnore?: boolean
}

/**
 * One option a surface offers: a CLI flag (`--name`), an Action input (`name`). Kinds and
 * target plug-ins declare theirs; the CLI's help and flags and the Action's inputs are made
 * from these (targets/registry.ts gathers them).
 */
export interface OptionSpec {
  name: string
  /** The value's placeholder in the help; absent for a switch (true when given). */
  value?: string
  choices?: readonly string[]
  /** For the CLI's help; `\n` breaks the line. */
  help: string
}

/** A value as a surface read it: a string, true for a switch that is set, undefined when not given. */
export type OptionValue = string | boolean | undefined

/** What the conversion of one segment needs to know. */
export interface ConvertOptions {
  /** The version of each kind the run converts (kinds/versions.ts makes it from the options). */
  versions: Versions
  stripServerFields?: boolean
  /** Read no suppression: objects marked `smi-migrate.io/ignore` or `# smi-migrate: ignore` are converted as any other. */
  noIgnore?: boolean
  /**
   * The smallest weight factor (10^k) per TrafficSplit name, `*` for every name: documents
   * of one kustomize tree that describe the same object must share one scale.
   */
  scaleFloor?: ReadonlyMap<string, 0 | 3 | 6 | 9>
  /** File mode, a chart's template: the values its templated weights render, by dotted path (files/helm/values.ts). */
  chartValues?: ReadonlyMap<string, ChartValue>
  /**
   * File mode: a split already at the version asked for whose weights render from values is
   * named (a `valuesDone` note), so that file mode checks those values render integers
   * (files/helm/done-weights.ts).
   */
  chartFiles?: boolean
  /**
   * File mode, a chart's template: a file of its chart that spells `smi-migrate.io/ignore`
   * (files/helm/chart.ts), as shown: a TrafficSplit whose annotations a template action may write
   * is then left for a person, as that action may render the suppression.
   */
  chartSuppression?: string
  /**
   * The run names a mesh other than Linkerd (`--mesh osm|nginx|traefik`): v1alpha2+ integer weights
   * already written are not held to the sum Linkerd adds up (LINKERD_MILLI_SUM), which only Linkerd
   * wraps. Conversions from v1alpha1 keep the bound either way (the weight rule, one for every mesh).
   */
  notLinkerd?: boolean
}

/**
 * Options as a caller of the pipeline's entry points may give them: the versions as a map, or
 * in the library's spelling (`{ to: 'v1alpha2', specsTo: 'v1alpha4' }`), read into the map once
 * there (kinds/versions.ts withVersions).
 */
export type GivenOptions<T extends ConvertOptions = ConvertOptions> = Omit<T, 'versions'> & { versions?: Versions } & VersionFields
