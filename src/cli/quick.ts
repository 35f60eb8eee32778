/**
 * A quick reader for the everyday command lines (`smi-migrate -q -`, `smi-migrate --check
 * a.yaml b.yaml`, `--to v1alpha4`…), so the common runs start without loading commander
 * (and, through it, node:child_process and node:net): that is most of the start-up time of
 * a pre-commit run on one small file.
 *
 * It only ever answers for a command line it fully understands and that is valid; for
 * anything else (help, version, errors, `--`, combined short flags, flags it does not
 * know) it returns undefined and the CLI asks commander (options.ts), which stays the one
 * definition of the interface. test/quick-args.test.ts checks that both agree.
 */
import { type Target, TARGETS } from '../model.js'
import type { CliOptions } from './options.js'

const FLAGS = new Set(['--check', '--diff', '--write', '-q', '--quiet', '-v', '--verbose', '--no-color', '--strip-server-fields'])
const SHORT: Record<string, string> = { '-q': '--quiet', '-v': '--verbose' }
const FORMATS = ['text', 'json'] as const

export function quickParseArgs(argv: readonly string[], env: NodeJS.ProcessEnv, stdinIsTTY: () => boolean): CliOptions | undefined {
  const seen = new Set<string>()
  let to: Target = 'v1alpha2'
  let format: 'text' | 'json' = 'text'
  let stdinName = '<stdin>'
  const args: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '-' || !a.startsWith('-')) {
      args.push(a)
      continue
    }
    if (FLAGS.has(a)) {
      seen.add(SHORT[a] ?? a)
      continue
    }
    const eq = a.indexOf('=')
    const name = eq < 0 ? a : a.slice(0, eq)
    if (name !== '--to' && name !== '--format' && name !== '--stdin-filename') return undefined
    const value = eq < 0 ? argv[++i] : a.slice(eq + 1)
    if (value === undefined || value === '' || (eq < 0 && value.startsWith('-'))) return undefined
    if (name === '--to') {
      if (!(TARGETS as readonly string[]).includes(value)) return undefined
      to = value as Target
    } else if (name === '--format') {
      if (!(FORMATS as readonly string[]).includes(value)) return undefined
      format = value as 'text' | 'json'
    } else {
      stdinName = value
    }
  }
  const modes = (['check', 'diff', 'write'] as const).filter((m) => seen.has(`--${m}`))
  if (modes.length > 1) return undefined
  const stdin = args.includes('-') || (args.length === 0 && !stdinIsTTY())
  if (stdin && args.some((p) => p !== '-')) return undefined
  if (!stdin && args.length === 0) return undefined
  const mode = modes[0] ?? (stdin ? 'stream' : 'check')
  if (stdin && (mode === 'write' || mode === 'diff')) return undefined
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== ''
  return {
    mode, paths: stdin ? [] : args, stdin, to, format, quiet: seen.has('--quiet'),
    color: !seen.has('--no-color') && !noColor && env.TERM !== 'dumb',
    stdinName, stripServerFields: seen.has('--strip-server-fields'), verbose: seen.has('--verbose'),
  }
}
