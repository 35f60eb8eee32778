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
import { clip, contentTypeProblem, dropTheRest, hasBody, MAX_DEPTH, nestsDeeper } from './http.js'
import { MAX_BODY, type ReviewLog, type ReviewOutcome } from './review.js'

/** The bytes all bodies being read may hold at once. */
export class Budget {
  used = 0
  constructor(readonly max: number) {}
  take(n: number): boolean {
    if (this.used + n > this.max) return false
    this.used += n
    return true
  }
  give(n: number): void {
    this.used -= n
  }
}

export type Entry = ReviewLog & { status?: number; error?: string }

export interface ConvertContext {
  budget: Budget
  review: (raw: string, contentType: string | undefined) => ReviewOutcome
  send: (res: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) => void
  log: (record: Record<string, unknown>) => void
  /** Told of every exchange when it ends, with its duration in seconds. */
  reviewed: (entry: Entry, seconds: number) => void
  /** Called when an exchange ends (the server closes idle connections while shutting down). */
  ended: () => void
}

interface Exchange {
  entry: Entry
  /** Bytes this exchange holds of the budget. */
  reserved: number
  release: () => void
  reject: (status: number, reason: string, headers?: Record<string, string>) => void
}

export function convertRoute(ctx: ConvertContext) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const x = track(req, res, ctx)
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
    if (declared !== undefined && !admit(x, ctx, Number(declared) || 0)) {
      dropTheRest(req)
      return busy(x)
    }
    if (/^\s*100-continue\s*$/i.test(req.headers.expect ?? '')) res.writeContinue()
    readBody(req, x, ctx, declared !== undefined, (bytes) => answer(bytes, contentType, res, x, ctx))
  }
}

function admit(x: Exchange, ctx: ConvertContext, n: number): boolean {
  if (!ctx.budget.take(n)) return false
  x.reserved += n
  return true
}

const busy = (x: Exchange) =>
  x.reject(503, 'the server is holding too many request bodies at once; retry', { Connection: 'close', 'Retry-After': '1' })

/** The exchange's log entry and budget, logged and released when the response closes. */
function track(req: IncomingMessage, res: ServerResponse, ctx: ConvertContext): Exchange {
  const started = process.hrtime.bigint()
  const x: Exchange = {
    entry: { kinds: [], from: [], count: 0, outcome: 'rejected' },
    reserved: 0,
    release() {
      ctx.budget.give(x.reserved)
      x.reserved = 0
    },
    reject(status, reason, headers) {
      x.entry = { ...x.entry, outcome: 'rejected', reason, status }
      ctx.send(res, status, { error: reason }, headers)
    },
  }
  res.once('close', () => {
    x.release()
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
      error,
    }
    if (x.entry.status !== undefined && !res.writableFinished) record.delivered = false
    ctx.log(record)
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
    if (!admitted && !admit(x, ctx, chunk.length)) {
      stop()
      return busy(x)
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

function answer(bytes: Buffer, contentType: string | undefined, res: ServerResponse, x: Exchange, ctx: ConvertContext) {
  try {
    let raw: string
    try {
      raw = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      x.release()
      return x.reject(400, 'the body is not valid UTF-8')
    }
    if (nestsDeeper(bytes, MAX_DEPTH)) {
      x.release()
      return x.reject(400, `the body nests arrays or objects deeper than ${MAX_DEPTH} levels`)
    }
    const outcome = ctx.review(raw, contentType)
    x.release()
    x.entry = { ...outcome.log, status: outcome.status }
    ctx.send(res, outcome.status, outcome.body)
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
