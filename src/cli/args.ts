/**
 * The command line: one table of flags (command.ts reads it and makes the help's rows from
 * it, so the two cannot drift apart), validated into a CliOptions record. Usage errors are
 * thrown as UsageError and end the run with exit code 2, before any file is read.
 */
import { checkValues, type Flag, type FlagValues, optionRows, readFlags, UsageError } from '../command.js'
import type { Versions } from '../model.js'
import { readTargets, TARGET_OPTIONS, type TargetChoice } from '../targets/registry.js'
import type { Mode } from '../report/format.js'
import { FORMAT_NAMES, formatHelp } from '../report/formats.js'
import { version } from '../version.js'

export interface CliOptions {
  mode: Mode
  /** Files, directories and globs; empty in stream mode. */
  paths: string[]
  /** Globs of files to leave alone (relative to the current directory). */
  exclude: string[]
  stdin: boolean
  /** Each kind's version, by kind: its flag (--to, --specs-to, ...), else the --mesh preset; absent: the flag's default. */
  versions: Versions
  /** `--mesh` names a mesh other than Linkerd (ConvertOptions.notLinkerd). */
  notLinkerd?: true
  /** `--to gateway` (a target plug-in): TrafficSplits become Gateway API routes, written as its options say. */
  target?: TargetChoice
  /** A name of report/formats.ts's table. */
  format: string
  quiet: boolean
  /** Color allowed (flags and environment); used only when the report goes to a terminal. */
  color: boolean
  stdinName: string
  stripServerFields: boolean
  /** Read no suppression (--no-ignore). */
  noIgnore: boolean
  /** List every file with what happened to it, skipped ones included. */
  verbose: boolean
}

export { UsageError }

const FLAGS: readonly Flag[] = [
  { name: 'check', help: 'list what would change; exit 1 if anything would (the default with paths)' },
  { name: 'diff', help: 'print a unified diff (git apply / patch -p1 at the repository top level); exit 1 if anything would change' },
  { name: 'write', help: 'rewrite changed files in place, atomically; exit 1 if anything is left for a person' },
  // The versions, the target and its options: one table with the Action (targets/registry.ts).
  ...TARGET_OPTIONS,
  {
    name: 'exclude',
    value: 'glob',
    multiple: true,
    help: 'leave files matching the glob alone (repeatable; relative to the current directory)',
  },
  // The formats' table (report/formats.ts) gives the choices and their help lines; checked in parseArgs.
  { name: 'format', value: 'format', help: formatHelp() },
  {
    name: 'strip-server-fields',
    help: 'remove server-owned fields (uid, resourceVersion, managedFields, status, ...)\nfrom converted objects and their List, for dumps to re-apply',
  },
  { name: 'quiet', short: 'q', help: 'text report: hide the per-object info lines;\nwarnings, errors and the summary line stay' },
  { name: 'verbose', short: 'v', help: 'also list files left alone, and why' },
  { name: 'no-color', help: 'never color the report (also: NO_COLOR=1)' },
  { name: 'stdin-filename', value: 'name', help: 'name stdin in the report (default: <stdin>)' },
  { name: 'version', short: 'V', help: 'print the version' },
  { name: 'help', short: 'h', help: 'show this help' },
]

const USAGE = `Usage: smi-migrate [--check | --diff | --write] [options] [paths...]
       smi-migrate [options] -            convert stdin to stdout
       smi-migrate webhook --help         the conversion webhook (serve, manifests)
       smi-migrate helm-release --help    rewrite Helm release history that holds TrafficSplits
       smi-migrate krm --help             a KRM function (kustomize, kpt): a ResourceList on stdin

Upgrade SMI TrafficSplit manifests losslessly: v1alpha1 quantity weights become exact
integers, and only the apiVersion and weight scalars change. On request (--specs-to,
--access-to, --mesh) also HTTPRouteGroups, TCPRoutes and TrafficTargets, with the
structural changes their versions need.

Paths are files, directories (walked for *.yaml, *.yml, *.json, skipping what git ignores)
or quoted globs ('charts/**/*.yaml'). A glob that matches nothing is an error. Negated
patterns ('!fixtures/**') are not supported: use --exclude.`

const EXAMPLES = `Examples:
  $ smi-migrate --check .                            list what would change (exit 1 if anything)
  $ smi-migrate --write deploy/ 'charts/**/*.yaml'   convert files in place
  $ smi-migrate --check --exclude 'test/fixtures/**' .
  $ smi-migrate --diff . > smi.patch && git apply smi.patch
  $ smi-migrate --write --mesh osm deploy/           each SMI kind to the version OSM serves
  $ set -o pipefail; helm template ./chart | smi-migrate - | kubectl apply -f -
  $ kubectl get trafficsplits.split.smi-spec.io -A -o yaml | smi-migrate --to v1alpha4 -

Exit codes: 0 nothing to change (or all written), 1 changes needed (--check, --diff) or
something left for a person (templated weights, near-miss groups, held-back trees; also
with --write), 2 error (bad input, unreadable file, usage).`

export function helpText(): string {
  return `${USAGE}\n\nOptions:\n${optionRows(FLAGS)}\n\n${EXAMPLES}\n`
}

type Values = FlagValues

/**
 * Reads argv. Returns undefined after printing the help or the version (exit 0); throws
 * UsageError for anything invalid.
 */
export function parseArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  stdinIsTTY: () => boolean,
  write: { out: (s: string) => void },
): CliOptions | undefined {
  let read
  try {
    read = readFlags(argv, FLAGS, true)
  } catch (err) {
    if (err instanceof UsageError && err.kind === 'unknown-option')
      throw new UsageError(`${err.message} (run smi-migrate --help for usage)`, err.kind)
    throw err
  }
  const values: Values = read.values
  const positionals = read.positionals
  if (values.help) return void write.out(helpText())
  if (values.version) return void write.out(`${version}\n`)
  checkValues(values, FLAGS)
  const format = (values.format as string | undefined) ?? 'text'
  if (!FORMAT_NAMES.includes(format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(', ')}; got "${format}"`)
  const modes = (['check', 'diff', 'write'] as const).filter((m) => values[m])
  if (modes.length > 1) throw new UsageError(`Cannot use --${modes[0]} and --${modes[1]} together.`)
  const negated = positionals.find((p) => p.startsWith('!'))
  if (negated) throw new UsageError(`negated patterns are not supported ("${negated}"): use --exclude '${negated.slice(1)}'`)
  const exclude = (values.exclude as string[] | undefined) ?? []
  if (exclude.some((g) => g === '')) throw new UsageError('--exclude needs a glob')

  let paths = positionals
  const explicitStdin = paths.includes('-')
  if (explicitStdin && paths.some((p) => p !== '-')) throw new UsageError('Cannot read stdin ("-") and files in the same run.')
  const given = modes[0] as Mode | undefined
  const mode: Mode = given ?? (paths.length > 0 && !explicitStdin ? 'check' : 'stream')
  // A CI step that forgot its path must not pass on an empty stdin: --check, --diff and
  // --write read stdin only when told to with "-".
  if (modes.length && paths.length === 0) throw new UsageError('no input: give paths or pipe manifests with -')
  const stdin = explicitStdin || (mode === 'stream' && paths.length === 0)
  if (stdin && !explicitStdin && stdinIsTTY()) throw new UsageError('no input: give paths or pipe manifests with - (stdin is a terminal)')
  if (stdin && (mode === 'write' || mode === 'diff'))
    throw new UsageError(`--${mode} needs file paths; for stdin use "-" alone (converted stream) or --check -.`)
  if (stdin) paths = []
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== ''
  const targets = runTargets(values)
  return {
    mode,
    paths,
    exclude,
    stdin,
    ...targets,
    format,
    quiet: Boolean(values.quiet),
    color: !values['no-color'] && !noColor && env.TERM !== 'dumb',
    stdinName: (values['stdin-filename'] as string | undefined) ?? '<stdin>',
    stripServerFields: Boolean(values['strip-server-fields']),
    noIgnore: Boolean(values['no-ignore']),
    verbose: Boolean(values.verbose),
  }
}

/** The versions and the target (targets/registry.ts reads them alike for the Action). */
function runTargets(values: Values): { versions: Versions; target?: TargetChoice } {
  try {
    return readTargets(
      (name) => values[name] as string | boolean | undefined,
      (name) => `--${name}`,
      (name) => `--to ${name}`,
    )
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
}
