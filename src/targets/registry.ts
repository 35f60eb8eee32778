/**
 * The target plug-ins, and the options that pick what a run converts to: `--to`,
 * `--specs-to`, `--access-to`, `--mesh` and each target's own. One table and one reader
 * for every surface (the CLI's flags and help, the Action's inputs), so they validate alike.
 * A new target is one line in TARGETS.
 */
import { MESHES, type Mesh, resolveTargets, type Targets } from '../kinds/meshes.js'
import {
  ACCESS_TARGETS,
  type AccessTarget,
  type OptionSpec,
  type OptionValue,
  type RuleTable,
  SPECS_TARGETS,
  type SpecsTarget,
  type Target,
  TARGETS as VERSIONS_TO,
} from '../model.js'
import { gatewayEntry } from './gateway/options.js'
import { OptionError, prepare, type PreparedTarget, type TargetEntry } from './target.js'

export const TARGETS: readonly TargetEntry[] = [gatewayEntry as TargetEntry]

/** A target picked by `--to`, with its options read. */
export interface TargetChoice {
  entry: TargetEntry
  options: unknown
}

/** What a surface read: the version of each kind, and the target that replaces some of them. */
export interface RunTargets extends Targets {
  target?: TargetChoice
}

/** The options that pick the versions and the target, each target's own after them, in help order. */
export const TARGET_OPTIONS: readonly OptionSpec[] = [
  {
    name: 'to',
    value: 'version',
    choices: [...VERSIONS_TO, ...TARGETS.map((t) => t.name)],
    help: `apiVersion to convert TrafficSplits to (default: v1alpha2),\n${TARGETS.map((t) => `or ${t.name}: ${t.summary}`).join('\n')}`,
  },
  {
    name: 'specs-to',
    value: 'version',
    choices: SPECS_TARGETS,
    help: 'apiVersion to convert HTTPRouteGroups and TCPRoutes to (default: leave them alone)',
  },
  {
    name: 'access-to',
    value: 'version',
    choices: ACCESS_TARGETS,
    help: 'apiVersion to convert TrafficTargets to (default: leave them alone)',
  },
  {
    name: 'mesh',
    value: 'name',
    choices: MESHES,
    help: "pick for each kind the version that mesh's CRDs serve;\nexplicit --to, --specs-to and --access-to win",
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
  const to = get('to')
  const chosen = TARGETS.find((t) => t.name === to)
  for (const t of TARGETS) {
    if (t === chosen) continue
    const given = t.options.find((o) => get(o.name) !== undefined && get(o.name) !== false)
    if (given) throw new OptionError(`${label(given.name)} needs ${pick(t.name)}`)
  }
  const str = <T>(name: string): T | undefined => (typeof get(name) === 'string' ? (get(name) as T) : undefined)
  const versions = resolveTargets({
    mesh: str<Mesh>('mesh'),
    to: chosen ? undefined : str<Target>('to'),
    specsTo: str<SpecsTarget>('specs-to'),
    accessTo: str<AccessTarget>('access-to'),
  })
  return chosen ? { ...versions, target: { entry: chosen, options: chosen.readOptions(get, label) } } : versions
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
