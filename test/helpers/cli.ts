/**
 * Running the built bin (dist/cli.js) as users do, and small git helpers for temp repos.
 */
import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'

export const BIN = resolve('dist/cli.js')
export const GOLDEN = resolve('testdata/golden')

export function cli(args: string[], opts: { cwd?: string; input?: string | Buffer } = {}) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: opts.cwd, input: Buffer.from(opts.input ?? ''), encoding: 'buffer', env: { ...process.env, NO_COLOR: '1' } })
  return { status: r.status, stdout: r.stdout.toString('utf8'), stderr: r.stderr.toString('utf8'), raw: r.stdout }
}

export { git } from './repo.js'
