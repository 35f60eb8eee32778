/**
 * The command line: flags to a validated options record. Usage errors are thrown as
 * UsageError and end the run with exit code 2, before any file is read.
 */
import { Command, Option } from 'commander'
import { type Target, TARGETS } from '../model.js'
import type { Mode } from '../report/format.js'
import { version } from '../version.js'

export interface CliOptions {
  mode: Mode
  /** Files, directories and globs; empty in stream mode. */
  paths: string[]
  stdin: boolean
  to: Target
  format: 'text' | 'json'
  quiet: boolean
  /** Color allowed (flags and environment); used only when the report goes to a terminal. */
  color: boolean
  stdinName: string
  stripServerFields: boolean
  /** List every file with what happened to it, skipped ones included. */
  verbose: boolean
}

export class UsageError extends Error {}

const EXAMPLES = `
Examples:
  $ smi-migrate --check .                       list what would change (exit 1 if anything)
  $ smi-migrate --write deploy/ 'charts/**/*.yaml'   convert files in place
  $ smi-migrate --diff . > smi.patch && git apply smi.patch
  $ helm template ./chart | smi-migrate - | kubectl apply -f -
  $ kubectl get trafficsplits.split.smi-spec.io -A -o yaml | smi-migrate --to v1alpha4 -

Exit codes: 0 nothing to change (or all written), 1 changes needed (--check, --diff),
2 error (bad input, unreadable file, usage).`

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv, stdinIsTTY: boolean,
  write: { out: (s: string) => void; err: (s: string) => void }): CliOptions | undefined {
  const program = new Command()
    .name('smi-migrate')
    .description('Upgrade SMI TrafficSplit manifests losslessly: v1alpha1 quantity weights become exact integers,\n' +
      'and only the apiVersion and weight scalars change.')
    .usage('[--check | --diff | --write] [options] [paths...]')
    .argument('[paths...]', 'files, directories or quoted globs; "-" (or none, with piped input) reads stdin')
    .option('--check', 'list what would change and exit 1 if anything would (the default with paths)')
    .option('--diff', 'print a unified diff (git apply / patch -p1) and exit 1 if anything would change')
    .option('--write', 'rewrite changed files in place, atomically')
    .addOption(new Option('--to <version>', 'apiVersion to convert TrafficSplits to').choices(TARGETS).default('v1alpha2'))
    .addOption(new Option('--format <format>', 'report format').choices(['text', 'json']).default('text'))
    .option('--strip-server-fields', 'remove server-owned fields (uid, resourceVersion, managedFields, status, ...)\n' +
      'from converted objects and their List, for dumps to re-apply')
    .option('-q, --quiet', 'report only warnings and errors')
    .option('-v, --verbose', 'also list files left alone, and why')
    .option('--no-color', 'never color the report (also: NO_COLOR=1)')
    .option('--stdin-filename <name>', 'name stdin in the report', '<stdin>')
    .version(version, '-V, --version')
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', EXAMPLES)
    .showHelpAfterError('(run smi-migrate --help for usage)')
    .exitOverride()
    .configureOutput({ writeOut: write.out, writeErr: write.err })
    .allowExcessArguments(false)

  try {
    program.parse(argv as string[], { from: 'user' })
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'commander.helpDisplayed' || code === 'commander.version') return undefined
    throw new UsageError('')
  }
  const o = program.opts<{ check?: boolean; diff?: boolean; write?: boolean; to: Target; format: 'text' | 'json'; quiet?: boolean; verbose?: boolean; stripServerFields?: boolean; color: boolean; stdinFilename: string }>()
  const modes = (['check', 'diff', 'write'] as const).filter((m) => o[m])
  if (modes.length > 1) throw new UsageError(`Cannot use --${modes[0]} and --${modes[1]} together.`)
  let paths = program.args
  const stdin = paths.includes('-') || (paths.length === 0 && !stdinIsTTY)
  if (stdin && paths.some((p) => p !== '-')) throw new UsageError('Cannot read stdin ("-") and files in the same run.')
  if (stdin) paths = []
  if (!stdin && paths.length === 0) {
    write.err(program.helpInformation())
    throw new UsageError('No paths given and stdin is a terminal.')
  }
  const mode: Mode = modes[0] ?? (stdin ? 'stream' : 'check')
  if (stdin && (mode === 'write' || mode === 'diff')) throw new UsageError(`--${mode} needs file paths; for stdin use "-" alone (converted stream) or --check -.`)
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== ''
  return {
    mode, paths, stdin, to: o.to, format: o.format, quiet: Boolean(o.quiet),
    color: o.color && !noColor && env.TERM !== 'dumb',
    stdinName: o.stdinFilename,
    stripServerFields: Boolean(o.stripServerFields),
    verbose: Boolean(o.verbose),
  }
}
