/**
 * The webhook's HTTPS server: `POST /convert` (one ConversionReview, handed to review.ts),
 * `GET /healthz`, `GET /readyz`. This file is the transport: TLS (read at start, reloaded
 * when the files change), the request limits (body size, content type, timeouts, bytes held
 * across all requests), one JSON log line per review, and the graceful shutdown.
 *
 * What a client can hold, and for how long:
 * - a TCP connection that never finishes the TLS handshake: `handshakeTimeoutMs`;
 * - a connection that sends its headers slowly: `headersTimeoutMs` (Node checks every second);
 * - a request whose body comes slowly: `requestTimeoutMs` from its first byte;
 * - a body: at most MAX_BODY bytes kept (a declared larger Content-Length is answered 413
 *   before a byte of it is kept, a chunked body at the limit; the rest is dropped for a moment,
 *   see dropTheRest), and all bodies being read at once at most `maxBufferedBytes` together
 *   (beyond that: 503, Retry-After); a body must be UTF-8 and nest at most MAX_DEPTH levels;
 * - a response nobody reads, or a silent connection: `idleTimeoutMs` without progress;
 * - an idle keep-alive connection: `keepAliveTimeoutMs`;
 * - connections: at most `maxConnections` at once.
 */
import { readFileSync, promises as fsp } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { createSecureContext } from 'node:tls'
import { createHash, createPrivateKey, X509Certificate } from 'node:crypto'
import { handleReview, MAX_BODY, type ReviewLog, type ReviewOutcome } from './review.js'

export interface ServeOptions {
  certFile: string
  keyFile: string
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
  maxBufferedBytes?: number
  /** How long shutdown() waits for in-flight reviews before closing every connection. */
  graceMs?: number
  /** The review handler (tests replace it to reach the 500 path). */
  review?: (raw: string, contentType: string | undefined) => ReviewOutcome
}

export interface WebhookServer {
  /** The bound port (the ephemeral one when `port` was 0). */
  readonly port: number
  /** True while serving; false from the start of shutdown() (/readyz answers 503). */
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
  maxConnections: 1024,
  maxBufferedBytes: 16 * MAX_BODY,
  // Kubernetes sends SIGKILL 30 s after SIGTERM by default.
  graceMs: 20_000,
}

const TLS_MIN = 'TLSv1.2' as const

/** After an answer sent without reading the body: how long, and how much more, is read and dropped. */
const LINGER_MS = 2_000
const LINGER_BYTES = 2 * MAX_BODY

/** A certificate and key that load, with what the log says about them. */
interface Pair {
  cert: Buffer
  key: Buffer
  hash: string
  info: { serial: string; subject: string; notAfter: string; altNames?: string }
}

const now = () => new Date().toISOString()
const message = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** Reads and checks the pair; every error names the file it is about. */
function checkPair(certFile: string, keyFile: string, cert: Buffer, key: Buffer): Pair {
  let x509: X509Certificate
  try {
    x509 = new X509Certificate(cert)
  } catch (err) {
    throw new Error(`certificate file ${certFile}: not a PEM certificate (${message(err)})`, { cause: err })
  }
  let privateKey
  try {
    privateKey = createPrivateKey(key)
  } catch (err) {
    throw new Error(`key file ${keyFile}: not a usable PEM private key (${message(err)})`, { cause: err })
  }
  if (!x509.checkPrivateKey(privateKey))
    throw new Error(`key file ${keyFile} does not hold the private key of the certificate in ${certFile}`)
  try {
    createSecureContext({ cert, key, minVersion: TLS_MIN })
  } catch (err) {
    throw new Error(`certificate file ${certFile} and key file ${keyFile}: ${message(err)}`, { cause: err })
  }
  const info: Pair['info'] = {
    serial: x509.serialNumber,
    subject: x509.subject.replace(/\n/g, ', '),
    notAfter: new Date(x509.validTo).toISOString(),
  }
  if (x509.subjectAltName) info.altNames = x509.subjectAltName
  return { cert, key, hash: hashPair(cert, key), info }
}

function hashPair(cert: Buffer, key: Buffer): string {
  return createHash('sha256').update(cert).update('\0').update(key).digest('hex')
}

function readOrThrow(file: string, what: string): Buffer {
  try {
    return readFileSync(file)
  } catch (err) {
    throw new Error(`cannot read ${what} file ${file}: ${message(err)}`, { cause: err })
  }
}

/** application/json, with at most a UTF-8 charset. Undefined when acceptable, else the reason. */
function contentTypeProblem(ct: string | undefined): string | undefined {
  if (ct === undefined) return 'Content-Type must be application/json (none was sent)'
  const [type, ...params] = ct.split(';')
  if (type!.trim().toLowerCase() !== 'application/json') return `Content-Type must be application/json, not ${ct.slice(0, 100)}`
  for (const p of params) {
    const [name, value = ''] = p.split('=')
    if (name!.trim().toLowerCase() !== 'charset') continue
    const charset = value
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase()
    if (charset !== 'utf-8' && charset !== 'utf8') return `Content-Type charset must be utf-8, not ${value.trim().slice(0, 40)}`
  }
  return undefined
}

/**
 * How deep a body may nest arrays and objects. A Kubernetes object is a few dozen levels deep
 * (managedFields mirror its structure); JSON.stringify and structuredClone recurse, and give up
 * a few thousand levels down.
 */
export const MAX_DEPTH = 1000

/** Whether the JSON text in `bytes` nests deeper than `max` (strings skipped; not a validator). */
export function nestsDeeper(bytes: Uint8Array, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (inString) {
      if (b === 0x5c) i++
      else if (b === 0x22) inString = false
    } else if (b === 0x22) inString = true
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) return true
    } else if (b === 0x5d || b === 0x7d) depth--
  }
  return false
}

/** A log field from a client's bytes, cut to a size a log line can carry. */
function clip(value: unknown, max = 200): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => clip(v, max))
    return value.length > 10 ? [...items, `… ${value.length - 10} more`] : items
  }
  return value
}

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')

/**
 * For an answer sent before the body is read (413, 503, 415, 404…, with `Connection: close`):
 * nothing more of the body is kept, but what the client is still sending is read and dropped
 * for a moment (at most LINGER_MS and LINGER_BYTES) before the connection closes. Closing a
 * socket with unread bytes sends a TCP reset, which can destroy the answer on its way, and the
 * client (the API server) would report "connection reset" instead of the 413 and its reason.
 */
function dropTheRest(req: IncomingMessage) {
  const socket = req.socket
  let dropped = 0
  req.removeAllListeners('data')
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length
    if (dropped > LINGER_BYTES) socket.destroy()
  })
  req.resume()
  // Node ends a `Connection: close` response with socket.destroySoon() (end, then destroy once
  // written): here the destroy waits for the client to close, or LINGER_MS.
  socket.destroySoon = function (this: Socket) {
    if (this.writable) this.end()
    const timer = setTimeout(() => this.destroy(), LINGER_MS)
    timer.unref()
    this.once('close', () => clearTimeout(timer))
  }
}

export async function serve(opts: ServeOptions): Promise<WebhookServer> {
  const o = { ...DEFAULTS, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) } as typeof DEFAULTS &
    ServeOptions
  const review = opts.review ?? handleReview
  const log = (record: Record<string, unknown>) => {
    try {
      opts.log(JSON.stringify({ time: now(), ...record }))
    } catch {
      // A log sink that fails (a closed stdout) must not take a review down with it.
    }
  }

  // Start-up: a clear error naming the file, before anything listens.
  let current = checkPair(o.certFile, o.keyFile, readOrThrow(o.certFile, 'certificate'), readOrThrow(o.keyFile, 'key'))

  let ready = false
  let shuttingDown = false
  let buffered = 0
  let inFlight = 0
  const sockets = new Set<Socket>()

  const server: Server = createServer(
    {
      cert: current.cert,
      key: current.key,
      minVersion: TLS_MIN,
      handshakeTimeout: o.handshakeTimeoutMs,
      headersTimeout: o.headersTimeoutMs,
      requestTimeout: o.requestTimeoutMs,
      keepAliveTimeout: o.keepAliveTimeoutMs,
      // Node looks for expired headers and requests this often (its default is 30 s).
      connectionsCheckingInterval: Math.min(1000, o.headersTimeoutMs),
    },
    (req, res) => {
      try {
        onRequest(req, res)
      } catch (err) {
        internalError(res, err)
      }
    },
  )
  server.timeout = o.idleTimeoutMs
  server.maxHeadersCount = 100
  server.maxConnections = o.maxConnections
  // A client that sends `Expect: 100-continue` hears "continue" only from a review that
  // passed the checks made before reading a body (convert()).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res))
  // A failed handshake is worth a line: the API server refusing this certificate (a caBundle
  // that does not match) shows up here. At most one line per 10 s, with how many it stands for.
  let tlsErrors = 0
  let tlsLogged = 0
  server.on('tlsClientError', (err: Error, socket: Socket) => {
    tlsErrors++
    if (Date.now() - tlsLogged < 10_000) return
    tlsLogged = Date.now()
    log({ msg: 'TLS handshake failed', error: message(err), remote: socket.remoteAddress, count: tlsErrors })
    tlsErrors = 0
  })
  server.on('connection', (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  })

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const buf = Buffer.from(JSON.stringify(body))
    if (shuttingDown) headers.Connection = 'close'
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(buf.length), ...headers })
    res.end(buf)
  }

  function internalError(res: ServerResponse, err: unknown) {
    log({ msg: 'internal error', error: err instanceof Error ? (err.stack ?? err.message) : String(err) })
    try {
      if (!res.headersSent) send(res, 500, { error: 'internal error' }, { Connection: 'close' })
      else res.destroy()
    } catch {
      res.destroy()
    }
  }

  function onRequest(req: IncomingMessage, res: ServerResponse) {
    req.on('error', () => {})
    res.on('error', () => {})
    const url = req.url ?? ''
    const q = url.indexOf('?')
    const path = q < 0 ? url : url.slice(0, q)
    if (path === '/convert' && req.method === 'POST') return convert(req, res)
    // A body this server does not read: the connection ends with the answer.
    let unread: { Connection: string } | undefined
    if (hasBody(req)) {
      dropTheRest(req)
      unread = { Connection: 'close' }
    }
    if (path === '/convert') {
      return send(res, 405, { error: `${path} takes POST, not ${req.method}` }, { Allow: 'POST', ...unread })
    }
    if (path === '/healthz' || path === '/readyz') {
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return send(res, 405, { error: `${path} takes GET, not ${req.method}` }, { Allow: 'GET, HEAD', ...unread })
      if (path === '/healthz') return send(res, 200, { status: 'ok' }, unread)
      return send(res, ready ? 200 : 503, { status: ready ? 'ready' : 'shutting down' }, unread)
    }
    return send(
      res,
      404,
      { error: `no such path: ${path.slice(0, 100)} (the webhook serves POST /convert, GET /healthz, GET /readyz)` },
      unread,
    )
  }

  function convert(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint()
    const contentType = req.headers['content-type']
    let entry: ReviewLog & { status?: number; error?: string } = { kinds: [], from: [], count: 0, outcome: 'rejected' }
    let reserved = 0
    const release = () => {
      buffered -= reserved
      reserved = 0
    }
    inFlight++
    res.once('close', () => {
      inFlight--
      release()
      if (entry.status === undefined) {
        const reason = req.complete
          ? 'the client closed the connection before the response'
          : 'the request ended before its body was complete (the client went away, or requestTimeout)'
        entry = { ...entry, outcome: 'rejected', reason: entry.reason ?? reason }
      }
      const { uid, kinds, from, to, count, outcome, reason, status, error, notes } = entry
      const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3
      const record: Record<string, unknown> = {
        msg: 'review',
        uid: clip(uid),
        kinds: clip(kinds),
        from: clip(from),
        to: clip(to),
        count,
        outcome,
        reason: clip(reason, 1000),
        notes: clip(notes, 1000),
        status,
        durationMs,
        error,
      }
      if (entry.status !== undefined && !res.writableFinished) record.delivered = false
      log(record)
      if (shuttingDown) server.closeIdleConnections()
    })

    const reject = (status: number, reason: string, headers?: Record<string, string>) => {
      entry = { ...entry, outcome: 'rejected', reason, status }
      send(res, status, { error: reason }, headers)
    }

    const ctProblem = contentTypeProblem(contentType)
    if (ctProblem) {
      if (!hasBody(req)) return reject(415, ctProblem)
      dropTheRest(req)
      return reject(415, ctProblem, { Connection: 'close' })
    }
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > MAX_BODY) {
      dropTheRest(req)
      return reject(413, `the body is larger than ${MAX_BODY} bytes (Content-Length: ${declared.slice(0, 20)})`, { Connection: 'close' })
    }

    if (/^\s*100-continue\s*$/i.test(req.headers.expect ?? '')) res.writeContinue()
    const chunks: Buffer[] = []
    let length = 0
    let done = false
    const stop = () => {
      done = true
      req.off('end', onEnd)
      // Nothing more is kept; the connection ends after the answer.
      dropTheRest(req)
      chunks.length = 0
      release()
    }
    const onData = (chunk: Buffer) => {
      if (done) return
      if (length + chunk.length > MAX_BODY) {
        stop()
        return reject(413, `the body is larger than ${MAX_BODY} bytes`, { Connection: 'close' })
      }
      if (buffered + chunk.length > o.maxBufferedBytes) {
        stop()
        return reject(503, 'the server is holding too many request bodies at once; retry', { Connection: 'close', 'Retry-After': '1' })
      }
      buffered += chunk.length
      reserved += chunk.length
      length += chunk.length
      chunks.push(chunk)
    }
    const onEnd = () => {
      if (done) return
      done = true
      try {
        const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)
        chunks.length = 0
        let raw: string
        try {
          raw = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
        } catch {
          release()
          return reject(400, 'the body is not valid UTF-8')
        }
        if (nestsDeeper(bytes, MAX_DEPTH)) {
          release()
          return reject(400, `the body nests arrays or objects deeper than ${MAX_DEPTH} levels`)
        }
        release()
        const outcome = review(raw, contentType)
        entry = { ...outcome.log, status: outcome.status }
        send(res, outcome.status, outcome.body)
      } catch (err) {
        entry = {
          ...entry,
          outcome: 'failure',
          status: 500,
          reason: `internal error: ${message(err)}`,
          error: err instanceof Error ? (err.stack ?? err.message) : String(err),
        }
        try {
          if (!res.headersSent) send(res, 500, { error: 'internal error' }, { Connection: 'close' })
          else res.destroy()
        } catch {
          res.destroy()
        }
      }
    }
    req.on('data', onData)
    req.on('end', onEnd)
  }

  // Certificate rotation: cert-manager updates the Secret, the kubelet swaps the mounted files
  // (a symlink swap, both files at once). Read both every interval; a new pair that loads
  // replaces the context for new connections; one that does not is logged once and the old
  // pair stays.
  let lastFailure: string | undefined
  let reloadTimer: NodeJS.Timeout | undefined
  let polling: Promise<void> | undefined
  async function poll() {
    let cert: Buffer, key: Buffer
    try {
      ;[cert, key] = await Promise.all([
        fsp.readFile(o.certFile).catch((err) => Promise.reject(new Error(`cannot read certificate file ${o.certFile}: ${message(err)}`))),
        fsp.readFile(o.keyFile).catch((err) => Promise.reject(new Error(`cannot read key file ${o.keyFile}: ${message(err)}`))),
      ])
    } catch (err) {
      const m = message(err)
      if (lastFailure !== m) log({ msg: 'certificate reload failed', error: m, keeping: current.info.serial })
      lastFailure = m
      return
    }
    const hash = hashPair(cert, key)
    if (hash === current.hash) {
      lastFailure = undefined
      return
    }
    if (lastFailure === hash) return
    try {
      const next = checkPair(o.certFile, o.keyFile, cert, key)
      server.setSecureContext({ cert: next.cert, key: next.key, minVersion: TLS_MIN })
      const previous = current.info.serial
      current = next
      lastFailure = undefined
      log({ msg: 'certificate reloaded', ...next.info, previous })
      warnIfExpired(next)
    } catch (err) {
      lastFailure = hash
      log({ msg: 'certificate reload failed', error: message(err), keeping: current.info.serial })
    }
  }
  const schedule = () => {
    reloadTimer = setTimeout(() => {
      polling = poll().finally(() => {
        polling = undefined
        if (!shuttingDown) schedule()
      })
    }, o.reloadIntervalMs)
    reloadTimer.unref()
  }
  function warnIfExpired(pair: Pair) {
    if (Date.parse(pair.info.notAfter) < Date.now())
      log({ msg: 'certificate expired', serial: pair.info.serial, notAfter: pair.info.notAfter })
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => reject(new Error(`cannot listen on ${o.address}:${o.port}: ${message(err)}`))
    server.once('error', onError)
    server.listen({ port: o.port, host: o.address }, () => {
      server.off('error', onError)
      resolve()
    })
  })
  // After listening, an error of the server itself (not of a connection) is logged, never thrown.
  server.on('error', (err) => log({ msg: 'server error', error: message(err) }))
  const addr = server.address()
  const port = typeof addr === 'object' && addr ? addr.port : o.port
  ready = true
  log({ msg: 'listening', address: o.address, port, ...current.info })
  warnIfExpired(current)
  schedule()

  let stopped: Promise<void> | undefined
  function shutdown(): Promise<void> {
    if (stopped) return stopped
    shuttingDown = true
    ready = false
    if (reloadTimer) clearTimeout(reloadTimer)
    log({ msg: 'shutting down', inFlight, connections: sockets.size, graceMs: o.graceMs })
    stopped = new Promise<void>((resolve) => {
      const grace = setTimeout(() => {
        log({ msg: 'grace period over, closing every connection', inFlight, connections: sockets.size })
        for (const s of sockets) s.destroy()
      }, o.graceMs)
      grace.unref()
      // Stops accepting and closes the idle keep-alive connections; a connection with a
      // request in progress closes after its response (Connection: close, see send()).
      server.close(() => {
        clearTimeout(grace)
        Promise.resolve(polling).finally(() => {
          log({ msg: 'stopped' })
          resolve()
        })
      })
    })
    return stopped
  }

  return {
    port,
    get ready() {
      return ready
    },
    shutdown,
  }
}
