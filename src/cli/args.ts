/**
 * The command line: one table of flags, read with `node:util`'s parseArgs (built in, so a
 * pre-commit run on one file loads nothing extra), validated into a CliOptions record. The
 * help text is generated from the same table, so the two cannot drift apart. Usage errors
 * are thrown as UsageError and end the run with exit code 2, before any file is read.
 */
import { type ParseArgsConfig, parseArgs as readArgs } from 'node:util'
import { MESHES, type Mesh, resolveTargets } from '../kinds/meshes.js'
import { ACCESS_TARGETS, type AccessTarget, GATEWAY, type GatewayOptions, SPECS_TARGETS, type SpecsTarget, type Target, TARGETS } from '../model.js'
import { GATEWAY_OPTIONS, readGatewayOptions } from '../gateway/options.js'
import type { Mode } from '../report/format.js'
import { version } from '../version.js'

export interface CliOptions {
  mode: Mode
  /** Files, directories and globs; empty in stream mode. */
  paths: string[]
  /** Globs of files to leave alone (relative to the current directory). */
  exclude: string[]
  stdin: boolean
  /** TrafficSplit target: --to, else the --mesh preset, else v1alpha2. */
  to: Target
  /** HTTPRouteGroup and TCPRoute target: --specs-to, else the --mesh preset; undefined: left alone. */
  specsTo?: SpecsTarget
  /** TrafficTarget target: --access-to, else the --mesh preset; undefined: left alone. */
  accessTo?: AccessTarget
  /** `--to gateway`: TrafficSplits become Gateway API routes, written as these options say. */
  gateway?: GatewayOptions
  format: 'text' | 'json' | 'sarif'
  quiet: boolean
  /** Color allowed (flags and environment); used only when the report goes to a terminal. */
  color: boolean
  stdinName: string
  stripServerFields: boolean
  /** List every file with what happened to it, skipped ones included. */
  verbose: boolean
}

export class UsageError extends Error {}

interface Flag {
  name: string
  short?: string
  /** The value's placeholder, for flags that take one. */
  value?: string
  choices?: readonly string[]
  multiple?: boolean
  help: string
}

/** A --to gateway option's choices: gateway/options.ts has the one table (the Action reads it too). */
function choicesOf(name: string): readonly string[] {
  const o = GATEWAY_OPTIONS.find((g) => g.name === name)
  if (!o || !('choices' in o)) throw new Error(`internal error: no choices for --${name}`)
  return o.choices
}

const FLAGS: readonly Flag[] = [
  { name: 'check', help: 'list what would change; exit 1 if anything would (the default with paths)' },
  { name: 'diff', help: 'print a unified diff (git apply / patch -p1 at the repository top level); exit 1 if anything would change' },
  { name: 'write', help: 'rewrite changed files in place, atomically; exit 1 if anything is left for a person' },
  { name: 'to', value: 'version', choices: [...TARGETS, GATEWAY], help: 'apiVersion to convert TrafficSplits to (default: v1alpha2),\nor gateway: replace them by Gateway API routes (docs/gateway.md)' },
  { name: 'specs-to', value: 'version', choices: SPECS_TARGETS, help: 'apiVersion to convert HTTPRouteGroups and TCPRoutes to (default: leave them alone)' },
  { name: 'access-to', value: 'version', choices: ACCESS_TARGETS, help: 'apiVersion to convert TrafficTargets to (default: leave them alone)' },
  { name: 'mesh', value: 'name', choices: MESHES, help: "pick for each kind the version that mesh's CRDs serve;\nexplicit --to, --specs-to and --access-to win" },
  { name: 'route-api', value: 'apiVersion', choices: choicesOf('route-api'), help: 'with --to gateway: apiVersion of the HTTPRoutes (default: gateway.networking.k8s.io/v1)' },
  { name: 'linkerd', value: 'release', choices: choicesOf('linkerd'), help: 'with --to gateway: write what this Linkerd release accepts, with its checks' },
  { name: 'gateway-api', value: 'release', choices: choicesOf('gateway-api'), help: 'with --to gateway: the Gateway API release installed (match limits, GRPCRoute\nand TCPRoute versions; default: 1.1, or what --linkerd bundles)' },
  { name: 'service-group', value: 'group', choices: choicesOf('service-group'), help: 'with --to gateway: group of the Service parentRefs (default: "")' },
  { name: 'port', value: 'number', help: 'with --to gateway: the Service port, when the input has no Service manifests' },
  { name: 'route-kind', value: 'kind', choices: choicesOf('route-kind'), help: "with --to gateway: route kind (default: auto, from each Service port's appProtocol or name)" },
  { name: 'rescale-weights', help: 'with --to gateway: round weights that do not fit 1000000 even divided by their\ngreatest common divisor (reports the largest change), instead of refusing them' },
  { name: 'keep-trafficsplit', help: 'with --to gateway: keep each TrafficSplit and write its routes after it' },
  { name: 'exclude', value: 'glob', multiple: true, help: 'leave files matching the glob alone (repeatable; relative to the current directory)' },
  { name: 'format', value: 'format', choices: ['text', 'json', 'sarif'], help: 'report format (default: text)' },
  { name: 'strip-server-fields', help: 'remove server-owned fields (uid, resourceVersion, managedFields, status, ...)\nfrom converted objects and their List, for dumps to re-apply' },
  { name: 'quiet', short: 'q', help: 'report only warnings and errors' },
  { name: 'verbose', short: 'v', help: 'also list files left alone, and why' },
  { name: 'no-color', help: 'never color the report (also: NO_COLOR=1)' },
  { name: 'stdin-filename', value: 'name', help: 'name stdin in the report (default: <stdin>)' },
  { name: 'version', short: 'V', help: 'print the version' },
  { name: 'help', short: 'h', help: 'show this help' },
]

const USAGE = `Usage: smi-migrate [--check | --diff | --write] [options] [paths...]
       smi-migrate [options] -            convert stdin to stdout
       smi-migrate webhook --help         the conversion webhook (serve, manifests)

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
  const rows = FLAGS.map((f) => {
    const names = `${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.value ? ` <${f.value}>` : ''}`
    const choices = f.choices ? ` (${f.choices.join(', ')})` : ''
    return [names, (f.help + choices).split('\n')] as const
  })
  const width = Math.max(...rows.map(([n]) => n.length)) + 2
  const options = rows.map(([n, lines]) => lines.map((l, i) => `  ${(i === 0 ? n : '').padEnd(width)}${l}`).join('\n')).join('\n')
  return `${USAGE}\n\nOptions:\n${options}\n\n${EXAMPLES}\n`
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>

/**
 * Reads argv. Returns undefined after printing the help or the version (exit 0); throws
 * UsageError for anything invalid.
 */
export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv, stdinIsTTY: () => boolean,
  write: { out: (s: string) => void }): CliOptions | undefined {
  let values: Values
  let positionals: string[]
  try {
    const options: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(FLAGS.map((f) => [f.name, {
      type: f.value ? 'string' : 'boolean', ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}),
    }]))
    ;({ values, positionals } = readArgs({ args: [...argv], options, allowPositionals: true, strict: true }))
  } catch (err) {
    throw new UsageError(usageMessage(err as Error & { code?: string }))
  }
  if (values.help) return void write.out(helpText())
  if (values.version) return void write.out(`${version}\n`)

  for (const f of FLAGS) {
    const v = values[f.name]
    if (f.value && !f.multiple && v === '') throw new UsageError(`--${f.name} needs a value`)
    if (f.choices && typeof v === 'string' && !f.choices.includes(v)) {
      throw new UsageError(`--${f.name} must be one of ${f.choices.join(', ')}; got "${v}"`)
    }
  }
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
  if (stdin && (mode === 'write' || mode === 'diff')) throw new UsageError(`--${mode} needs file paths; for stdin use "-" alone (converted stream) or --check -.`)
  if (stdin) paths = []
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== ''
  const targets = resolveTargets({
    mesh: values.mesh as Mesh | undefined, to: values.to as Target | typeof GATEWAY | undefined,
    specsTo: values['specs-to'] as SpecsTarget | undefined, accessTo: values['access-to'] as AccessTarget | undefined,
    gateway: gatewayOptions(values),
  })
  return {
    mode, paths, exclude, stdin,
    ...targets,
    format: (values.format as CliOptions['format'] | undefined) ?? 'text',
    quiet: Boolean(values.quiet),
    color: !values['no-color'] && !noColor && env.TERM !== 'dumb',
    stdinName: (values['stdin-filename'] as string | undefined) ?? '<stdin>',
    stripServerFields: Boolean(values['strip-server-fields']),
    verbose: Boolean(values.verbose),
  }
}

/** The --to gateway flags (gateway/options.ts reads them alike for the Action). */
function gatewayOptions(values: Values): GatewayOptions {
  try {
    return readGatewayOptions((name) => values[name] as string | boolean | undefined, values.to === GATEWAY, (name) => `--${name}`, '--to gateway')
  } catch (err) {
    throw new UsageError((err as Error).message)
  }
}

/** parseArgs' messages, in the short form of the rest of the CLI. */
function usageMessage(err: Error & { code?: string }): string {
  const option = /'(-[^']*)'/.exec(err.message)?.[1]
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': return `unknown option ${option ?? ''} (run smi-migrate --help for usage)`
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = /--([a-z-]+)/.exec(err.message)?.[1]
      const spec = FLAGS.find((f) => f.name === flag)
      return spec?.value ? `--${spec.name} needs a value` : `--${flag} takes no value`
    }
    default: return err.message
  }
}
