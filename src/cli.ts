/**
 * The `smi-migrate` command. A thin shell: parse flags, run, map the outcome to an exit code.
 */
import { fstatSync } from 'node:fs'
import { parseArgs, UsageError } from './cli/args.js'
import { EXIT_ERROR, run } from './cli/run.js'

// `smi-migrate - | head` closes our stdout early: that is the reader's choice, not an error.
const quitOnEpipe = (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw err
}
let stdoutReady = false
function stdout(): NodeJS.WriteStream {
  if (!stdoutReady)
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      // Any other failure is stream mode's to report when it listens (pipeline/stream.ts: one line, exit 2).
      if (err.code === 'EPIPE' || process.stdout.listenerCount('error') === 1) quitOnEpipe(err)
    })
  stdoutReady = true
  return process.stdout
}

async function main(): Promise<number> {
  // The conversion webhook is a command of its own (docs/webhook.md).
  if (process.argv[2] === 'webhook') {
    const { runWebhook } = await import('./webhook/cli.js')
    return runWebhook(process.argv.slice(3), { stdout: stdout(), stderr: process.stderr })
  }
  // Helm's release history is a command of its own too (docs/helm.md#helm-release-history).
  if (process.argv[2] === 'helm-release') {
    const { runHelmRelease } = await import('./helm-release/command.js')
    return runHelmRelease(process.argv.slice(3), { stdin: process.stdin, stdout: stdout(), stderr: process.stderr })
  }
  // A KRM function (kustomize, kpt): a ResourceList in, the same out (docs/deploy-time.md).
  if (process.argv[2] === 'krm') {
    enableCompileCache()
    const { runKrm } = await import('./krm/command.js')
    return runKrm(process.argv.slice(3), { stdin: { fd: 0, stream: () => process.stdin }, stdout: stdout(), stderr: process.stderr })
  }
  enableCompileCache()
  let opts
  try {
    opts = parseArgs(process.argv.slice(2), process.env, stdinIsTTY, { out: (s) => stdout().write(s) })
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    process.stderr.write(`smi-migrate: ${err.message}\n`)
    return EXIT_ERROR
  }
  if (!opts) return 0 // --help or --version
  // The Node stdio streams are created only if used: stream mode reads and writes the
  // descriptors directly (see pipeline/stream.ts).
  return run(opts, {
    get stdin() {
      return process.stdin
    },
    get stdout() {
      return stdout()
    },
    get stderr() {
      return process.stderr
    },
    cwd: process.cwd(),
    fds: { stdin: 0, stdout: 1 },
  })
}

/**
 * On Node 22.1 and later, the code compiled for a run is kept in Node's compile cache
 * (docs/install.md#which-node): the converter's modules, loaded on demand after this, start
 * faster the next time (a pre-commit hook runs once per commit). Node 20 has no such cache:
 * there `node:module` is not even loaded (0.1 ms). The commands above (the webhook, which runs
 * in a read-only container) do without it.
 */
function enableCompileCache(): void {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number)
  if (major < 22 || (major === 22 && minor < 1)) return
  const nodeModule = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:module') as
    { enableCompileCache?: () => unknown } | undefined
  try {
    nodeModule?.enableCompileCache?.()
  } catch {
    // A cache that cannot be used changes nothing but speed.
  }
}

/** A pipe, file or socket is never a terminal; only a character device needs node:tty (which loads node:net). */
function stdinIsTTY(): boolean {
  try {
    if (!fstatSync(0).isCharacterDevice()) return false
  } catch {
    return false
  }
  return process.stdin.isTTY === true
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (err: unknown) => {
    // A blocking write to a closed pipe fails with EPIPE directly.
    if ((err as NodeJS.ErrnoException).code === 'EPIPE') quitOnEpipe(err as NodeJS.ErrnoException)
    process.stderr.write(`smi-migrate: internal error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`)
    process.exitCode = EXIT_ERROR
  },
)
