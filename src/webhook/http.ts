/**
 * What the server checks and does on a request before a review sees it, with no state of
 * its own: the content type, the nesting depth and the count of arrays and objects, log fields cut to size, and the way an
 * answer sent without reading the body ends its connection.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { MAX_BODY } from './review.js'
import { stringifyExact } from './numbers.js'

/** After an answer sent without reading the body: how long, and how much more, is read and dropped. */
const LINGER_MS = 2_000
const LINGER_BYTES = 2 * MAX_BODY

/** application/json, with at most a UTF-8 charset. Undefined when acceptable, else the reason. */
export function contentTypeProblem(ct: string | undefined): string | undefined {
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
 * How deep a body may nest arrays and objects, counted over its bytes before it is parsed. A
 * ConversionReview of TrafficSplits is about 15 levels deep (the review, its objects, and
 * managedFields, which mirror an object's structure); 100 leaves a wide margin for fields the
 * webhook does not read. Every level costs in JSON.parse, JSON.stringify and structuredClone
 * (which recurse, and give up a few thousand levels down): a 3 MiB body of arrays nested 990
 * deep took 4 s of the one thread.
 */
export const MAX_DEPTH = 100

/**
 * How many arrays and objects a body may hold in all, counted in the same pass as the depth.
 * Under MAX_DEPTH a body can still be dense in brackets: 3 MiB of arrays 90 deep, repeated, is
 * about 1.56 million of them, and each costs in JSON.parse and in what follows (0.9 s of the one
 * thread per review, /healthz waiting 3 s). A ConversionReview of 10,000 TrafficSplits of
 * v1alpha4 with matches (2.9 MB, near the body bound) holds 80,003; objects as the API server
 * stores them (managedFields, last-applied annotations) are larger, so fewer fit in 3 MiB.
 */
export const MAX_CONTAINERS = 300_000

/**
 * Which bound the JSON text in `bytes` passes, in one pass over it (strings skipped; not a
 * validator): `depth` when it nests arrays and objects deeper than `maxDepth`, `containers` when
 * it holds more than `maxContainers` of them in all; undefined within both.
 */
export function structurePast(bytes: Uint8Array, maxDepth: number, maxContainers = Infinity): 'depth' | 'containers' | undefined {
  let depth = 0
  let containers = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!
    if (inString) {
      if (b === 0x5c) i++
      else if (b === 0x22) inString = false
    } else if (b === 0x22) inString = true
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > maxDepth) return 'depth'
      if (++containers > maxContainers) return 'containers'
    } else if (b === 0x5d || b === 0x7d) depth--
  }
  return undefined
}

/** Whether the JSON text in `bytes` nests deeper than `max` (strings skipped; not a validator). */
export function nestsDeeper(bytes: Uint8Array, max: number): boolean {
  return structurePast(bytes, max) === 'depth'
}

/** A log field from a client's bytes, cut to a size a log line can carry. */
export function clip(value: unknown, max = 200): unknown {
  if (typeof value === 'string') return value.length > max ? `${value.slice(0, max)}… (${value.length} characters)` : value
  if (Array.isArray(value)) {
    const items = value.slice(0, 10).map((v) => clip(v, max))
    return value.length > 10 ? [...items, `… ${value.length - 10} more`] : items
  }
  return value
}

export const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')

/**
 * For an answer sent before the body is read (413, 503, 415, 404…, with `Connection: close`):
 * nothing more of the body is kept, but what the client is still sending is read and dropped
 * for a moment (at most LINGER_MS and LINGER_BYTES) before the connection closes. Closing a
 * socket with unread bytes sends a TCP reset, which can destroy the answer on its way, and the
 * client (the API server) would report "connection reset" instead of the 413 and its reason.
 */
export function dropTheRest(req: IncomingMessage) {
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

/**
 * A JSON answer with its length in bytes, which it returns (numbers read from the JSON text
 * written back as they were: numbers.ts). Written as the string it is: Node then sends the
 * head and the body in one write, where a Buffer body costs a copy of the answer and a
 * gathered write of the two (a fifth of the server's CPU per review went to that write).
 * JSON.stringify escapes lone surrogates, so the UTF-8 bytes counted are the bytes written.
 */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  const text = stringifyExact(body)
  const length = Buffer.byteLength(text)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(length), ...headers })
  res.end(text)
  return length
}
