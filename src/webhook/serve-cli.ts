/**
 * `smi-migrate webhook --cert FILE --key FILE [--stash-key FILE] [--port 9443] [--address 0.0.0.0]`: runs the
 * conversion webhook until SIGTERM or SIGINT, then shuts it down gracefully (in-flight reviews
 * finish) and returns 0. Log lines (JSON) go to stdout; usage errors (exit 2) and start-up
 * errors (exit 2: an unreadable or invalid certificate or key, a port in use) to stderr.
 */
import type { Writable } from 'node:stream'
import { type Flag, optionRows, readFlags, UsageError } from '../command.js'
import { serve, type WebhookServer } from './server.js'
import { catchAllReserves, catchAllWarning, reservedMatcher } from './connections.js'

const FLAGS: readonly Flag[] = [
  { name: 'cert', value: 'file', help: 'the serving certificate (PEM; a chain is allowed)' },
  { name: 'key', value: 'file', help: 'its private key (PEM)' },
  {
    name: 'stash-key',
    value: 'file',
    help: 'the keys that sign the stash annotation, one per line (the first signs,\neither verifies; read again when it changes). Without: a key made at start',
  },
  {
    name: 'reserve-for',
    value: 'cidrs',
    help: "the API server's addresses (comma-separated CIDRs): connections and body\nbytes only they may take, and no per-address bound for them",
  },
  { name: 'port', value: 'n', help: 'the port to listen on (default 9443; 0 picks a free port, which the\n"listening" log line names)' },
  { name: 'address', value: 'addr', help: 'the address to listen on (default 0.0.0.0)' },
  { name: 'help', short: 'h', help: 'show this help' },
]

export const SERVE_USAGE = `Usage: smi-migrate webhook --cert FILE --key FILE [--stash-key FILE] [--reserve-for CIDRS]
                            [--port 9443] [--address 0.0.0.0]

Serves the TrafficSplit CRD conversion webhook over HTTPS: POST /convert (ConversionReview
apiextensions.k8s.io/v1 and v1beta1), GET /healthz, GET /readyz, GET /metrics (Prometheus).
One JSON log line per review on stdout. The certificate and key are read again when they change (cert-manager rotation).
SIGTERM or SIGINT: stop accepting, finish the reviews in flight, exit 0.

Options:
${optionRows(FLAGS)}
`

const EXIT_USAGE = 2
const EXIT_ERROR = 2

function parse(args: string[]) {
  const values = readFlags(args, FLAGS, false).values as Record<string, string | boolean | undefined>
  if (values.help) return undefined
  const text = (name: string): string | undefined => (typeof values[name] === 'string' ? (values[name] as string) : undefined)
  const cert = text('cert')
  const key = text('key')
  if (!cert) throw new UsageError('--cert FILE is required')
  if (!key) throw new UsageError('--key FILE is required')
  const portText = text('port') ?? '9443'
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, not ${portText}`)
  const address = text('address') ?? '0.0.0.0'
  if (address === '') throw new UsageError('--address needs a value')
  const stashKey = text('stash-key')
  if (stashKey === '') throw new UsageError('--stash-key needs a file')
  const reserve = text('reserve-for')
  const reserveFor = reserve === undefined ? undefined : reserve.split(',').map((c) => c.trim())
  if (reserveFor) {
    try {
      reservedMatcher(reserveFor)
    } catch (err) {
      throw new UsageError((err as Error).message)
    }
  }
  return { certFile: cert, keyFile: key, stashKeyFile: stashKey, reserveFor, port: Number(portText), address }
}

export async function runServe(args: string[], io: { stdout: Writable; stderr: Writable }): Promise<number> {
  let parsed
  try {
    parsed = parse(args)
  } catch (err) {
    if (!(err instanceof UsageError)) throw err
    io.stderr.write(`smi-migrate webhook: ${err.message} (see smi-migrate webhook --help)\n`)
    return EXIT_USAGE
  }
  if (!parsed) {
    io.stdout.write(SERVE_USAGE)
    return 0
  }
  for (const c of catchAllReserves(parsed.reserveFor)) io.stderr.write(`smi-migrate webhook: ${catchAllWarning(c)}\n`)
  const log = (line: string) => {
    io.stdout.write(`${line}\n`)
  }
  let server: WebhookServer
  try {
    server = await serve({ ...parsed, log })
  } catch (err) {
    io.stderr.write(`smi-migrate webhook: ${err instanceof Error ? err.message : String(err)}\n`)
    return EXIT_ERROR
  }
  return new Promise<number>((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      log(JSON.stringify({ time: new Date().toISOString(), msg: 'signal', signal }))
      // A second signal while draining changes nothing: the grace period bounds the drain.
      if (server.ready) {
        server.shutdown().then(
          () => {
            process.off('SIGTERM', onSignal)
            process.off('SIGINT', onSignal)
            resolve(0)
          },
          (err: unknown) => {
            io.stderr.write(`smi-migrate webhook: shutdown: ${err instanceof Error ? err.message : String(err)}\n`)
            resolve(EXIT_ERROR)
          },
        )
      }
    }
    process.on('SIGTERM', onSignal)
    process.on('SIGINT', onSignal)
  })
}
