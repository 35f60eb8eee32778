/**
 * `smi-migrate webhook --cert FILE --key FILE [--port 9443] [--address 0.0.0.0]`: runs the
 * conversion webhook until SIGTERM or SIGINT, then shuts it down gracefully (in-flight reviews
 * finish) and returns 0. Log lines (JSON) go to stdout; usage errors (exit 2) and start-up
 * errors (exit 2: an unreadable or invalid certificate or key, a port in use) to stderr.
 */
import { parseArgs } from 'node:util'
import type { Writable } from 'node:stream'
import { serve, type WebhookServer } from './server.js'

export const SERVE_USAGE = `Usage: smi-migrate webhook --cert FILE --key FILE [--port 9443] [--address 0.0.0.0]

Serves the TrafficSplit CRD conversion webhook over HTTPS: POST /convert (ConversionReview
apiextensions.k8s.io/v1 and v1beta1), GET /healthz, GET /readyz. One JSON log line per review
on stdout. The certificate and key are read again when they change (cert-manager rotation).
SIGTERM or SIGINT: stop accepting, finish the reviews in flight, exit 0.

Options:
  --cert FILE       the serving certificate (PEM; a chain is allowed)
  --key FILE        its private key (PEM)
  --port N          the port to listen on (default 9443; 0 picks a free port, which the
                    "listening" log line names)
  --address ADDR    the address to listen on (default 0.0.0.0)
  -h, --help        show this help
`

const EXIT_USAGE = 2
const EXIT_ERROR = 2

class Usage extends Error {}

function parse(args: string[]) {
  let values
  try {
    ;({ values } = parseArgs({
      args,
      options: {
        cert: { type: 'string' },
        key: { type: 'string' },
        port: { type: 'string' },
        address: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    const quoted = /'([^']*)'/.exec(e.message)?.[1]
    if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw new Usage(`unknown option ${quoted ?? ''}`.trim())
    if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') throw new Usage(`unexpected argument ${quoted ?? ''}`.trim())
    if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') throw new Usage(`${(quoted ?? '').replace(/ <value>$/, '')} needs a value`.trim())
    throw new Usage(e.message.split('. ')[0]!)
  }
  if (values.help) return undefined
  if (!values.cert) throw new Usage('--cert FILE is required')
  if (!values.key) throw new Usage('--key FILE is required')
  const portText = values.port ?? '9443'
  if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) throw new Usage(`--port must be a number from 0 to 65535, not ${portText}`)
  const address = values.address ?? '0.0.0.0'
  if (address === '') throw new Usage('--address needs a value')
  return { certFile: values.cert, keyFile: values.key, port: Number(portText), address }
}

export async function runServe(args: string[], io: { stdout: Writable; stderr: Writable }): Promise<number> {
  let parsed
  try {
    parsed = parse(args)
  } catch (err) {
    if (!(err instanceof Usage)) throw err
    io.stderr.write(`smi-migrate webhook: ${err.message} (see smi-migrate webhook --help)\n`)
    return EXIT_USAGE
  }
  if (!parsed) {
    io.stdout.write(SERVE_USAGE)
    return 0
  }
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
