/**
 * The webhook's HTTPS server: `POST /convert` (one ConversionReview, handed to review.ts),
 * `GET /healthz`, `GET /readyz`, `GET /metrics` (metrics.ts). This file is the transport:
 * the TLS server, the routes, the timeouts, and the graceful shutdown.
 *
 * What a client can hold, and for how long:
 * - a TCP connection that never finishes the TLS handshake: `handshakeTimeoutMs`;
 * - a connection that sends its headers slowly: `headersTimeoutMs` (Node checks every second);
 * - a request whose body comes slowly: `requestTimeoutMs` from its first byte;
 * - a body: at most MAX_BODY bytes kept (a declared larger Content-Length is answered 413
 *   before a byte of it is kept, a chunked body at the limit; the rest is dropped for a moment,
 *   see dropTheRest), and all bodies being read at once at most `maxBufferedBytes` together
 *   (beyond that: 503, Retry-After); a body must be UTF-8, nest at most MAX_DEPTH levels and
 *   hold at most MAX_CONTAINERS arrays and objects (one pass over its bytes before it is parsed);
 * - a response nobody reads, or a silent connection: `idleTimeoutMs` without progress;
 * - an idle keep-alive connection: `keepAliveTimeoutMs`;
 * - connections: at most `maxConnections` at once, and `maxConnectionsPerAddress` from one
 *   source address (connections.ts).
 *
 * The parts live by role: certificates.ts (loading and rotation), connections.ts (the caps),
 * route-convert.ts (POST /convert: body, budget, review, log line), http.ts (request checks).
 */
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { loadPair, message, TLS_MIN, warnIfExpired, watchCertificates } from './certificates.js'
import { BurstLog, limitConnections, reservedMatcher, Throttled } from './connections.js'
import { Ledger } from './ledger.js'
import { dropTheRest, hasBody, sendJson } from './http.js'
import { handleReview, MAX_BODY, type ReviewOutcome } from './review.js'
import { type ConvertContext, convertRoute } from './route-convert.js'
import { Metrics, METRICS_CONTENT_TYPE } from './metrics.js'
import { watchStashKeys } from './stash-keys.js'

export { MAX_CONTAINERS, MAX_DEPTH, nestsDeeper } from './http.js'

export interface ServeOptions {
  certFile: string
  keyFile: string
  /** The stash keys (stash.ts): one key per line, the first signs. Without: a key made at start. */
  stashKeyFile?: string
  port: number
  address: string
  /** Receives one JSON object per line (no newline). */
  log: (line: string) => void
  /** How often the certificate and key files are read for a change (default 10 s). */
  reloadIntervalMs?: number
  /** Limits; the defaults suit an API server on the cluster network (see DEFAULTS). */
  headersTimeoutMs?: number
  requestTimeoutMs?: number
  keepAliveTimeoutMs?: number
  handshakeTimeoutMs?: number
  idleTimeoutMs?: number
  maxConnections?: number
  maxConnectionsPerAddress?: number
  maxBufferedBytes?: number
  /** What one address may hold of them (bodies and unread answers), and its requests open at once. */
  maxBufferedBytesPerAddress?: number
  maxRequestsPerAddress?: number
  /** The API server's addresses (CIDRs): the reserve below is theirs alone, and no per-address bound applies to them. */
  reserveFor?: readonly string[]
  /** Of maxBufferedBytes and maxConnections, what only `reserveFor` may take (defaults: 0 without reserveFor). */
  reservedBytes?: number
  reservedConnections?: number
  /** How long an answer may wait for its client to read it before the connection is dropped. */
  unreadTimeoutMs?: number
  /** How long shutdown() waits for in-flight reviews before closing every connection. */
  graceMs?: number
  /** The review handler (tests replace it to reach the 500 path). */
  review?: (raw: string, contentType: string | undefined) => ReviewOutcome
}

export interface WebhookServer {
  /** The bound port (the ephemeral one when `port` was 0). */
  readonly port: number
  /** True while serving; false from the start of shutdown() (/readyz answers 503 on connections already open). */
  readonly ready: boolean
  /** Stops accepting, finishes the requests in flight, then closes every connection (bounded by graceMs). */
  shutdown(): Promise<void>
}

const DEFAULTS = {
  reloadIntervalMs: 10_000,
  // The API server sends a review's headers and body at once; its own wait for a conversion
  // webhook is at most 30 s.
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  // Longer than the idle timeout of the API server's Go client (90 s), so the client closes an
  // idle connection first and a review never races the server's close.
  keepAliveTimeoutMs: 100_000,
  handshakeTimeoutMs: 10_000,
  idleTimeoutMs: 30_000,
  // A connection whose TLS handshake never finishes holds about 110 KB outside the heap for
  // handshakeTimeoutMs: 1,024 of them are 110 MiB, which with the 256 MiB heap of the
  // manifests' NODE_OPTIONS stays well within the 512Mi limit (docs/webhook.md, Limits; 4,096
  // did not). The per-address cap keeps one client from taking them all.
  maxConnections: 1024,
  maxConnectionsPerAddress: 64,
  // Bodies held at once. Reviews are converted one at a time, so a body admitted beyond the
  // few being converted only waits (past the API server's patience) and holds memory: a
  // parsed review takes several times its bytes, and the Deployment's memory limit is 512Mi
  // (docs/webhook.md, Memory; bench:webhook's body flood measures it).
  maxBufferedBytes: 4 * MAX_BODY,
  // One address: a body and an answer not yet read, and a little more; its requests open.
  maxBufferedBytesPerAddress: 2 * MAX_BODY + 1024 * 1024,
  maxRequestsPerAddress: 64,
  reserveFor: [] as readonly string[],
  // With reserveFor: room for one more body of the API server's than the others leave.
  reservedBytes: MAX_BODY + 1024 * 1024,
  reservedConnections: 256,
  // The API server reads its answer at once; 10 s covers 3 MiB at 300 KB/s.
  unreadTimeoutMs: 10_000,
  // Kubernetes sends SIGKILL 30 s after SIGTERM by default.
  graceMs: 20_000,
}

const now = () => new Date().toISOString()

export async function serve(opts: ServeOptions): Promise<WebhookServer> {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS &
    ServeOptions
  const log = (record: Record<string, unknown>) => {
    try {
      opts.log(JSON.stringify({ time: now(), ...record }))
    } catch {
      // A log sink that fails (a closed stdout) must not take a review down with it.
    }
  }
  // Start-up: a clear error naming the file, before anything listens.
  const first = loadPair(o.certFile, o.keyFile)
  const stashKeys = watchStashKeys(o.stashKeyFile, o.reloadIntervalMs, log)
  const state = { ready: false, shuttingDown: false, inFlight: 0 }
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    sendJson(res, status, body, state.shuttingDown ? { ...headers, Connection: 'close' } : headers)
  const metrics = new Metrics()
  const reserved = reservedMatcher(o.reserveFor)
  const { convert, throttled } = convertWithin(o, reserved, metrics, log, {
    review: opts.review ?? ((raw, contentType) => handleReview(raw, contentType, stashKeys.current())),
    send,
    ended: () => {
      state.inFlight--
      if (state.shuttingDown) server.closeIdleConnections()
    },
  })
  const server = createTlsServer(o, first, (req, res) => {
    try {
      if (routeOf(req) === '/convert' && req.method === 'POST') {
        state.inFlight++
        return convert(req, res)
      }
      const exposition = () => metrics.render({ connections: sockets.size, certificateNotAfter: certificates.current().info.notAfter })
      onOtherRequest(req, res, send, state.ready, exposition)
    } catch (err) {
      internalError(res, err, send, log)
    }
  })
  const limits = { ...o, reservedConnections: o.reserveFor.length > 0 ? o.reservedConnections : 0 }
  const { sockets, drops, wasRefused } = limitConnections(server, limits, reserved, log, (why) => metrics.refused(why))
  const handshakes = logHandshakes(server, metrics, log, wasRefused)
  const certificates = watchCertificates(o, first, server, log)
  const port = await listen(server, o.address, o.port)
  // After listening, an error of the server itself (not of a connection) is logged, never thrown.
  server.on('error', (err) => log({ msg: 'server error', error: message(err) }))
  state.ready = true
  log({ msg: 'listening', address: o.address, port, ...first.info })
  warnIfExpired(first, log)
  certificates.start()

  let stopped: Promise<void> | undefined
  const shutdown = (): Promise<void> => {
    if (stopped) return stopped
    state.shuttingDown = true
    state.ready = false
    stashKeys.stop()
    for (const t of [drops, handshakes, ...throttled]) t.flush()
    log({ msg: 'shutting down', inFlight: state.inFlight, connections: sockets.size, graceMs: o.graceMs })
    stopped = new Promise<void>((resolve) => {
      const grace = setTimeout(() => {
        log({ msg: 'grace period over, closing every connection', inFlight: state.inFlight, connections: sockets.size })
        for (const s of sockets) s.destroy()
      }, o.graceMs)
      grace.unref()
      // Stops accepting and closes the idle keep-alive connections; a connection with a
      // request in progress closes after its response (Connection: close, see send).
      server.close(() => {
        clearTimeout(grace)
        // A watch that fails to close still ends the server (and its rejection is not left unhandled).
        const stoppedNow = () => resolve(log({ msg: 'stopped' }))
        certificates.stop().then(stoppedNow, stoppedNow)
      })
    })
    return stopped
  }
  return {
    port,
    get ready() {
      return state.ready
    },
    shutdown,
  }
}

type Options = typeof DEFAULTS & ServeOptions

/**
 * A failed handshake is worth a line: the API server refusing this certificate (a caBundle
 * that does not match) shows up here. A connection the caps refused is not one (it is
 * counted and logged as refused), though Node reports its end here too.
 */
function logHandshakes(
  server: Server,
  metrics: Metrics,
  log: (record: Record<string, unknown>) => void,
  wasRefused: (err: Error, remoteAddress: string | undefined) => boolean,
): Throttled {
  const handshakes = new Throttled(log, 'TLS handshake failed')
  server.on('tlsClientError', (err: Error, socket) => {
    if (wasRefused(err, socket.remoteAddress)) return
    metrics.handshakeFailed()
    handshakes.note({ error: message(err), remote: socket.remoteAddress })
  })
  return handshakes
}

/** POST /convert with the ledger of what clients hold, and the rate-limited logs it writes (flushed at shutdown). */
function convertWithin(
  o: Options,
  reserved: (address: string) => boolean,
  metrics: Metrics,
  log: (record: Record<string, unknown>) => void,
  parts: Pick<ConvertContext, 'review' | 'send' | 'ended'>,
): { convert: ReturnType<typeof convertRoute>; throttled: Array<{ flush(): void }> } {
  const rejected = new BurstLog(log)
  const unread = new Throttled(log, 'connection dropped: its answer was not read')
  const convert = convertRoute({
    ledger: new Ledger({
      maxBytes: o.maxBufferedBytes,
      maxBytesPerAddress: o.maxBufferedBytesPerAddress,
      maxRequestsPerAddress: o.maxRequestsPerAddress,
      reservedBytes: o.reserveFor.length > 0 ? o.reservedBytes : 0,
    }),
    reserved,
    unreadTimeoutMs: o.unreadTimeoutMs,
    logRejected: (address, record) => rejected.note(address, record),
    refused: (why) => metrics.requestRefused(why),
    unread: (address) => {
      metrics.requestRefused('unread')
      unread.note({ remote: address, afterMs: o.unreadTimeoutMs })
    },
    log,
    reviewed: (entry, seconds) => metrics.review(entry, seconds),
    ...parts,
  })
  return { convert, throttled: [rejected, unread] }
}
type Send = (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void

function createTlsServer(
  o: Options,
  first: { cert: Buffer; key: Buffer },
  onRequest: (req: IncomingMessage, res: ServerResponse) => void,
): Server {
  const server = createServer(
    {
      cert: first.cert,
      key: first.key,
      minVersion: TLS_MIN,
      handshakeTimeout: o.handshakeTimeoutMs,
      headersTimeout: o.headersTimeoutMs,
      requestTimeout: o.requestTimeoutMs,
      keepAliveTimeout: o.keepAliveTimeoutMs,
      // Node looks for expired headers and requests this often (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, o.headersTimeoutMs),
    },
    (req, res) => {
      req.on('error', () => {})
      res.on('error', () => {})
      onRequest(req, res)
    },
  )
  server.timeout = o.idleTimeoutMs
  server.maxHeadersCount = 100
  // A client that sends `Expect: 100-continue` hears "continue" only from a review that
  // passed the checks made before reading a body (route-convert.ts).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res))
  return server
}

function routeOf(req: IncomingMessage): string {
  const url = req.url ?? ''
  const q = url.indexOf('?')
  return q < 0 ? url : url.slice(0, q)
}

/** Every route but POST /convert: the health checks, and the answers to what is not served. */
function onOtherRequest(req: IncomingMessage, res: ServerResponse, send: Send, ready: boolean, exposition: () => string) {
  const path = routeOf(req)
  if (path === '/metrics' && req.method === 'GET' && !hasBody(req)) {
    const text = exposition()
    res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE, 'Content-Length': String(Buffer.byteLength(text)) })
    return res.end(text)
  }
  // A body this server does not read: the connection ends with the answer.
  let unread: { Connection: string } | undefined
  if (hasBody(req)) {
    dropTheRest(req)
    unread = { Connection: 'close' }
  }
  if (path === '/convert') return send(res, 405, { error: `${path} takes POST, not ${req.method}` }, { Allow: 'POST', ...unread })
  if (path === '/healthz' || path === '/readyz') {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return send(res, 405, { error: `${path} takes GET, not ${req.method}` }, { Allow: 'GET, HEAD', ...unread })
    if (path === '/healthz') return send(res, 200, { status: 'ok' }, unread)
    return send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'shutting down' }, unread)
  }
  return send(
    res,
    404,
    { error: `no such path: ${path.slice(0, 100)} (the webhook serves POST /convert, GET /healthz, GET /readyz, GET /metrics)` },
    unread,
  )
}

function internalError(res: ServerResponse, err: unknown, send: Send, log: (record: Record<string, unknown>) => void) {
  log({ msg: 'internal error', error: err instanceof Error ? (err.stack ?? err.message) : String(err) })
  try {
    if (!res.headersSent) send(res, 500, { error: 'internal error' }, { Connection: 'close' })
    else res.destroy()
  } catch {
    res.destroy()
  }
}

function listen(server: Server, address: string, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => reject(new Error(`cannot listen on ${address}:${port}: ${message(err)}`))
    server.once('error', onError)
    server.listen({ port, host: address }, () => {
      server.off('error', onError)
      const addr = server.address()
      resolve(typeof addr === 'object' && addr ? addr.port : port)
    })
  })
}
