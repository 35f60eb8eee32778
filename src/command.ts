/**
 * What every command of the tool shares (`smi-migrate`, `smi-migrate webhook`, `smi-migrate
 * webhook manifests`): a table of flags, read with `node:util`'s parseArgs (built in: a
 * pre-commit run loads nothing extra), the same short messages for what parseArgs refuses,
 * and the help's option rows made from the same table, so a flag and its help cannot drift.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util'
import type { OptionSpec } from './model.js'

export interface Flag extends OptionSpec {
  short?: string
  multiple?: boolean
}

/** What parseArgs refused, so each command can add its own hint. */
export type UsageKind = 'unknown-option' | 'needs-value' | 'takes-no-value' | 'unexpected-argument' | 'other'

export class UsageError extends Error {
  constructor(
    message: string,
    readonly kind: UsageKind = 'other',
  ) {
    super(message)
  }
}

export type FlagValues = Record<string, string | boolean | (string | boolean)[] | undefined>

/** Reads `args` against `flags`; throws UsageError with a short message (`unknown option --x`, `--x needs a value`). */
export function readFlags(
  args: readonly string[],
  flags: readonly Flag[],
  positionals: boolean,
): { values: FlagValues; positionals: string[] } {
  const options: NonNullable<ParseArgsConfig['options']> = Object.fromEntries(
    flags.map((f) => [
      f.name,
      {
        type: f.value ? 'string' : 'boolean',
        ...(f.short ? { short: f.short } : {}),
        ...(f.multiple ? { multiple: true } : {}),
      },
    ]),
  )
  try {
    return parseArgs({ args: [...args], options, allowPositionals: positionals, strict: true })
  } catch (err) {
    throw usageError(err as Error & { code?: string }, flags)
  }
}

/** Node's messages, in the short form of the rest of the tool. */
function usageError(err: Error & { code?: string }, flags: readonly Flag[]): UsageError {
  const quoted = /'([^']*)'/.exec(err.message)?.[1] ?? ''
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return new UsageError(`unknown option ${quoted}`.trimEnd(), 'unknown-option')
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return new UsageError(`unexpected argument ${quoted}`.trimEnd(), 'unexpected-argument')
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = /--([a-z0-9-]+)/.exec(err.message)?.[1]
      const flag = flags.find((f) => f.name === name)
      return flag?.value
        ? new UsageError(`--${name} needs a value`, 'needs-value')
        : new UsageError(`--${name ?? '?'} takes no value`, 'takes-no-value')
    }
    default:
      return new UsageError(err.message.split('. ')[0]!)
  }
}

/** Every string flag given as `--flag ''`: a value is needed. */
export function checkValues(values: FlagValues, flags: readonly Flag[]): void {
  for (const f of flags) {
    const v = values[f.name]
    if (f.value && !f.multiple && v === '') throw new UsageError(`--${f.name} needs a value`, 'needs-value')
    if (f.choices && typeof v === 'string' && !f.choices.includes(v)) {
      throw new UsageError(`--${f.name} must be one of ${f.choices.join(', ')}; got "${v}"`)
    }
  }
}

/** The help's option rows: names and placeholder in one column, the help (and choices) beside it. */
export function optionRows(flags: readonly Flag[]): string {
  const rows = flags.map((f) => {
    const names = `${f.short ? `-${f.short}, ` : '    '}--${f.name}${f.value ? ` <${f.value}>` : ''}`
    const choices = f.choices ? ` (${f.choices.join(', ')})` : ''
    return [names, (f.help + choices).split('\n')] as const
  })
  const width = Math.max(...rows.map(([n]) => n.length)) + 2
  return rows.map(([n, lines]) => lines.map((l, i) => `  ${(i === 0 ? n : '').padEnd(width)}${l}`).join('\n')).join('\n')
}
