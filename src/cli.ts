/**
 * The `smi-migrate` command. A thin shell: parse flags, run, map the outcome to an exit code.
 */
import { parseArgs, UsageError } from './cli/options.js'
import { EXIT_ERROR, run } from './cli/run.js'

// `smi-migrate - | head` closes our stdout early: that is the reader's choice, not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0)
  throw err
})

async function main(): Promise<number> {
  let opts
  try {
    opts = parseArgs(process.argv.slice(2), process.env, Boolean(process.stdin.isTTY), {
      out: (s) => process.stdout.write(s),
      err: (s) => process.stderr.write(s),
    })
  } catch (err) {
    if (err instanceof UsageError) {
      if (err.message) process.stderr.write(`smi-migrate: ${err.message}\n`)
      return EXIT_ERROR
    }
    throw err
  }
  if (!opts) return 0 // --help or --version
  return run(opts, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd() })
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (err: unknown) => {
    process.stderr.write(`smi-migrate: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`)
    process.exitCode = EXIT_ERROR
  },
)
