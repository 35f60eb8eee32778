/**
 * Runs the built binary (dist/cli.js) as users do, for the end-to-end reliability suites.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { nodeEnv } from './node-env.js'

export const BIN = resolve('dist/cli.js')
export const GOLDEN = resolve('testdata/golden')

export interface CliResult {
  status: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  raw: Buffer
}

export function cli(
  args: string[],
  opts: { cwd?: string; input?: string | Buffer; timeout?: number; env?: NodeJS.ProcessEnv } = {},
): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd,
    input: Buffer.from(opts.input ?? ''),
    encoding: 'buffer',
    // A hang guard, not a bound: on a loaded 2-core machine one run of a tree test took over 60 s
    // and its test failed with no status, as a wrong result would.
    timeout: opts.timeout ?? 240_000,
    maxBuffer: 1 << 30,
    env: nodeEnv({ NO_COLOR: '1', ...opts.env }),
  })
  return { status: r.status, signal: r.signal, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), raw: r.stdout }
}

/** The same, asynchronously: for running several processes at once. */
export function cliAsync(args: string[], cwd: string): Promise<CliResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: nodeEnv({ NO_COLOR: '1' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (c: Buffer) => out.push(c))
    child.stderr.on('data', (c: Buffer) => err.push(c))
    child.on('close', (status, signal) => {
      const raw = Buffer.concat(out)
      done({ status, signal, stdout: raw.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), raw })
    })
  })
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `smi-${prefix}-`))
}

export { git } from './repo.js'
