/**
 * `POST /convert`: a body read within its limits, handed to review.ts, answered, and logged
 * as one line when the exchange ends (however it ends).
 *
 * Memory is bounded before it is spent: a body's declared Content-Length is taken from the
 * budget of bytes all bodies may hold at once before a byte of it is read (admission), and a
 * body without one (chunked) takes from the budget chunk by chunk; what does not fit is
 * answered 503 with Retry-After, which the API server retries. The budget is held until the
 * answer is built.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { message } from './certificates.js'
import { clip, contentTypeProblem, dropTheRest, hasBody, MAX_CONTAINERS, MAX_DEPTH, structurePast } from './http.js'
import type { Client, Ledger, Limit } from './ledger.js'
import { MAX_BODY, type ReviewLog, type ReviewOutcome } from './review.js'

export type Entry = ReviewLog & { status?: number; error?: string }

export interface ConvertContext {
  ledger: Ledger
  /** Whether an address is one of the API server's (`--reserve-for`). */
  reserved: (address: string) => boolean
  /** How long an answer may wait to be taken by its client before the connection is dropped. */
  unreadTimeoutMs: number
  review: (raw: string, contentType: string | undefined) => ReviewOutcome
  /** Sends a JSON answer; returns its length in bytes. */
  send: (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => number
  log: (record: Record<string, unknown>) => void
  /** The log line of a rejected request (rate-limited by address). */
  logRejected: (address: string, record: Record<string, unknown>) => void
  /** Told of every request refused by a bound of the ledger. */
  refused: (why: Limit) => void
  /** Told of every connection dropped because its answer was not read. */
  unread: (address: string) => void
  /** Told of every exchange when it ends, with its duration in seconds. */
  reviewed: (entry: Entry, seconds: number) => void
  /** Called when an exchange ends (the server closes idle connections while shutting down). */
  ended: () => void
}

interface Exchange {
  client: Client
  entry: Entry
  /** Whether the exchange counts as an open request of its address. */
  entered: boolean
  /** Bytes this exchange holds of the budget. */
  reserved: number
  release: () => void
  reject: (status: number, reason: string, headers?: Record<string, string>) => void
}

export function convertRoute(ctx: ConvertContext) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const address = req.socket.remoteAddress ?? 'unknown'
    const client: Client = { address, reserved: ctx.reserved(address) }
    const x = track(req, res, ctx, client)
    const many = ctx.ledger.enter(client)
    if (many) {
      // Not counted as open: track() leaves only what it entered.
      x.entered = false
      if (hasBody(req)) dropTheRest(req)
      return busy(x, ctx, many)
    }
    const contentType = req.headers['content-type']
    const ctProblem = contentTypeProblem(contentType)
    if (ctProblem) {
      if (!hasBody(req)) return x.reject(415, ctProblem)
      dropTheRest(req)
      return x.reject(415, ctProblem, { Connection: 'close' })
    }
    const declared = req.headers['content-length']
    if (declared !== undefined && Number(declared) > MAX_BODY) {
      dropTheRest(req)
      return x.reject(413, `the body is larger than ${MAX_BODY} bytes (Content-Length: ${declared.slice(0, 20)})`, { Connection: 'close' })
    }
    const refused = declared === undefined ? undefined : admit(x, ctx, Number(declared) || 0)
    if (refused) {
      dropTheRest(req)
      return busy(x, ctx, refused)
    }
    if (/^\s*100-continue\s*$/i.test(req.headers.expect ?? '')) res.writeContinue()
    readBody(req, x, ctx, declared !== undefined, (bytes) => answer(bytes, contentType, res, x, ctx))
  }
}

/** Takes `n` bytes for the exchange; the bound that refused them, if one did. */
function admit(x: Exchange, ctx: ConvertContext, n: number): Limit | undefined {
  const why = ctx.ledger.take(x.client, n)
  if (!why) x.reserved += n
  return why
}

const BUSY: Record<Limit, string> = {
  bytes: 'the server is holding too many request bodies and unread answers at once; retry',
  bytesPerAddress: 'this address holds its share of request bodies and unread answers; retry',
  requestsPerAddress: 'this address has its share of requests open; retry',
  reserved: "what is left is reserved for the API server's addresses; retry",
}

function busy(x: Exchange, ctx: ConvertContext, why: Limit) {
  ctx.refused(why)
  x.reject(503, BUSY[why], { Connection: 'close', 'Retry-After': '1' })
}

/** The exchange's log entry and budget, logged and released when the response closes. */
function track(req: IncomingMessage, res: ServerResponse, ctx: ConvertContext, client: Client): Exchange {
  const started = process.hrtime.bigint()
  const x: Exchange = {
    client,
    entered: true,
    entry: { kinds: [], from: [], count: 0, outcome: 'rejected' },
    reserved: 0,
    release() {
      ctx.ledger.give(client, x.reserved)
      x.reserved = 0
    },
    reject(status, reason, headers) {
      x.entry = { ...x.entry, outcome: 'rejected', reason, status }
      ctx.send(res, status, { error: reason }, headers)
    },
  }
  res.once('close', () => {
    x.release()
    if (x.entered) ctx.ledger.leave(client)
    if (x.entry.status === undefined) {
      const reason = req.complete
        ? 'the client closed the connection before the response'
        : 'the request ended before its body was complete (the client went away, or requestTimeout)'
      x.entry = { ...x.entry, outcome: 'rejected', reason: x.entry.reason ?? reason }
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    ctx.reviewed(x.entry, seconds)
    const { uid, kinds, from, to, count, outcome, reason, status, error, notes } = x.entry
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
      durationMs: Math.round(seconds * 1e6) / 1e3,
      // Where reviews come from: the address the NetworkPolicy and --reserve-for must name.
      remote: client.address,
      error,
    }
    if (x.entry.status !== undefined && !res.writableFinished) record.delivered = false
    // A Failure (a wrong kind, a version not served) is as cheap to send as a malformed body,
    // and as many: both are logged within the same per-address burst.
    if (outcome === 'rejected' || outcome === 'failure') ctx.logRejected(client.address, record)
    else ctx.log(record)
    ctx.ended()
  })
  return x
}

/** Reads the body within MAX_BODY and the budget (already taken when `admitted`), then `done`. */
function readBody(req: IncomingMessage, x: Exchange, ctx: ConvertContext, admitted: boolean, done: (bytes: Buffer) => void) {
  const chunks: Buffer[] = []
  let length = 0
  let over = false
  const stop = () => {
    over = true
    req.off('end', onEnd)
    // Nothing more is kept; the connection ends after the answer.
    dropTheRest(req)
    chunks.length = 0
    x.release()
  }
  const onData = (chunk: Buffer) => {
    if (over) return
    if (length + chunk.length > MAX_BODY || (admitted && length + chunk.length > x.reserved)) {
      stop()
      return x.reject(413, `the body is larger than ${admitted ? 'its Content-Length' : `${MAX_BODY} bytes`}`, { Connection: 'close' })
    }
    const refused = admitted ? undefined : admit(x, ctx, chunk.length)
    if (refused) {
      stop()
      return busy(x, ctx, refused)
    }
    length += chunk.length
    chunks.push(chunk)
  }
  const onEnd = () => {
    if (over) return
    over = true
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)
    chunks.length = 0
    done(bytes)
  }
  req.on('data', onData)
  req.on('end', onEnd)
}

/** One decoder for every body: decode() without `stream` keeps no state between calls, and a fatal one throws on the first bad byte. */
const UTF8 = new TextDecoder('utf-8', { fatal: true })

function answer(bytes: Buffer, contentType: string | undefined, res: ServerResponse, x: Exchange, ctx: ConvertContext) {
  try {
    let raw: string
    try {
      raw = UTF8.decode(bytes)
    } catch {
      x.release()
      return x.reject(400, 'the body is not valid UTF-8')
    }
    const past = structurePast(bytes, MAX_DEPTH, MAX_CONTAINERS)
    if (past) {
      x.release()
      return x.reject(
        400,
        past === 'depth'
          ? `the body nests arrays or objects deeper than ${MAX_DEPTH} levels`
          : `the body holds more than ${MAX_CONTAINERS} arrays and objects in all`,
      )
    }
    const outcome = ctx.review(raw, contentType)
    x.release()
    x.entry = { ...outcome.log, status: outcome.status }
    holdUntilRead(res, x.client, ctx, ctx.send(res, outcome.status, outcome.body))
  } catch (err) {
    x.release()
    x.entry = {
      ...x.entry,
      outcome: 'failure',
      status: 500,
      reason: `internal error: ${message(err)}`,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    }
    try {
      if (!res.headersSent) ctx.send(res, 500, { error: 'internal error' }, { Connection: 'close' })
      else res.destroy()
    } catch {
      res.destroy()
    }
  }
}

/**
 * An answer counts against its client's bytes until the client has taken it: Node keeps what
 * the socket could not take, and stops reading the connection meanwhile. A client that does
 * not read its answer within unreadTimeoutMs loses the connection, and the bytes with it.
 */
function holdUntilRead(res: ServerResponse, client: Client, ctx: ConvertContext, bytes: number) {
  const socket = res.socket
  if (!socket || socket.writableLength === 0 || res.writableFinished) return
  ctx.ledger.take(client, bytes, true)
  let held = true
  const done = () => {
    if (!held) return
    held = false
    clearTimeout(timer)
    ctx.ledger.give(client, bytes)
  }
  const timer = setTimeout(() => {
    if (!held) return
    ctx.unread(client.address)
    socket.destroy()
  }, ctx.unreadTimeoutMs)
  timer.unref()
  res.once('finish', done)
  res.once('close', done)
}
