/**
 * The target plug-ins, and the options that pick what a run converts to: each kind's version
 * option (the kinds declare them), `--mesh` and each target's own. One table and one reader
 * for every surface (the CLI's flags and help, the Action's inputs), so they validate alike.
 * A new target is one line in TARGETS.
 */
import { versionFor } from '../kinds/kind.js'
import { MESHES, type Mesh, meshVersions } from '../kinds/meshes.js'
import { KIND_ENTRIES } from '../kinds/names.js'
import { resolveVersions, VERSION_OPTIONS } from '../kinds/versions.js'
import type { OptionSpec, OptionValue, RuleTable, Versions } from '../model.js'
import { gatewayEntry } from './gateway/options.js'
import { OptionError, prepare, type PreparedTarget, type TargetEntry } from './target.js'

export const TARGETS: readonly TargetEntry[] = [gatewayEntry as TargetEntry]

/** The option that names a target as well as a version (TrafficSplit's). */
const TO = 'to'

/** A target picked by `--to`, with its options read. */
export interface TargetChoice {
  entry: TargetEntry
  options: unknown
}

/** What a surface read: the version of each kind, and the target that replaces some of them. */
export interface RunTargets {
  versions: Versions
  target?: TargetChoice
  /** `--mesh` names a mesh other than Linkerd (ConvertOptions.notLinkerd). */
  notLinkerd?: true
}

/** `a, b and c` */
const and = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names.join('')

/**
 * The options that pick the versions (the kinds declare them: kinds/versions.ts) and the
 * target, each target's own after them, in help order. `--to` names the targets too.
 */
export const TARGET_OPTIONS: readonly OptionSpec[] = [
  ...VERSION_OPTIONS.map((o) =>
    o.name === TO
      ? {
          ...o,
          choices: [...o.choices, ...TARGETS.map((t) => t.name)],
          help: `${o.help},\n${TARGETS.map((t) => `or ${t.name}: ${t.summary}`).join(',\n')}`,
        }
      : o,
  ),
  {
    name: 'mesh',
    value: 'name',
    choices: MESHES,
    help: `pick for each kind the version that mesh's CRDs serve;\nexplicit ${and(VERSION_OPTIONS.map((o) => `--${o.name}`))} win`,
  },
  ...TARGETS.flatMap((t) => t.options.map((o) => ({ ...o, help: `with --to ${t.name}: ${o.help}` }))),
  // What a run converts also depends on the suppressions it reads (docs/suppressions.md).
  { name: 'no-ignore', help: 'convert and report objects suppressed by smi-migrate.io/ignore\nor # smi-migrate: ignore, as if unmarked' },
]

/**
 * Reads the options of TARGET_OPTIONS from `get` (choices already checked by the surface,
 * from the table). `label` names an option as the surface does (`--port`, `input "port"`),
 * `pick` names a target's choice (`--to gateway`, `to: gateway`). Throws OptionError.
 */
export function readTargets(
  get: (name: string) => OptionValue,
  label: (name: string) => string,
  pick: (target: string) => string,
): RunTargets {
  const to = get(TO)
  const chosen = TARGETS.find((t) => t.name === to)
  for (const t of TARGETS) {
    if (t === chosen) continue
    const given = t.options.find((o) => get(o.name) !== undefined && get(o.name) !== false)
    if (given) throw new OptionError(`${label(given.name)} needs ${pick(t.name)}`)
  }
  const str = (name: string): string | undefined => {
    const v = get(name)
    return typeof v === 'string' ? v : undefined
  }
  // A target named by --to is no version: TrafficSplits take the mesh's, else the default (the target replaces them).
  const versions = resolveVersions(
    (o) => (chosen && o.name === TO ? undefined : str(o.name)),
    meshVersions(str('mesh') as Mesh | undefined),
  )
  const mesh = str('mesh')
  const other = mesh !== undefined && mesh !== 'linkerd' ? { notLinkerd: true as const } : {}
  return chosen ? { versions, ...other, target: { entry: chosen, options: chosen.readOptions(get, label) } } : { versions, ...other }
}

/**
 * The versions for a person: `v1alpha2` when one kind is converted, else each version with its
 * kinds, `v1alpha2 (TrafficSplit), v1alpha4 (HTTPRouteGroup, TCPRoute), v1alpha3 (TrafficTarget)`.
 */
export function describeVersions(versions: Versions): string {
  // Kinds that share an option and its version are said together (HTTPRouteGroup, TCPRoute).
  const groups: { option: unknown; version: string; kinds: string[] }[] = []
  for (const k of KIND_ENTRIES) {
    const version = versionFor(k, { versions })
    if (version === undefined) continue
    const same = groups.find((g) => g.option === k.version && g.version === version)
    if (same) same.kinds.push(k.kind)
    else groups.push({ option: k.version, version, kinds: [k.kind] })
  }
  if (groups.length === 1 && groups[0]!.kinds.length === 1) return groups[0]!.version
  return groups.map((g) => `${g.version} (${g.kinds.join(', ')})`).join(', ')
}

/** Loads the target's plug-in and reads what the whole input says: once per run, before anything is converted. */
export async function prepareTarget(choice: TargetChoice, documents: Iterable<string>): Promise<PreparedTarget> {
  return prepare(await choice.entry.load(), choice.options, documents)
}

/** The finding codes of every target, with what each means (reports add them to the core's). */
export function targetRules(): RuleTable {
  return Object.assign({}, ...TARGETS.map((t) => t.rules)) as RuleTable
}

export function targetNamed(name: string): TargetEntry | undefined {
  return TARGETS.find((t) => t.name === name)
}
