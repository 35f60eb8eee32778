/**
 * The release JSON inside a record (helm/helm `pkg/release/release.go`): read for the fields
 * the command needs (name, version, namespace, status, the manifest, the hooks' manifests),
 * and rewritten by splicing a new `manifest` string token into the original bytes, so every
 * other byte stays as Helm wrote it (`JSON.parse` then `stringify` would round numbers above
 * 2^53 in `config` or `chart.values` and move integer-like keys first).
 */
import { isUtf8 } from 'node:buffer'
import { RecordError } from './decode.js'

export interface ReleaseJson {
  bytes: Buffer
  name: string
  version: number
  namespace?: string
  status?: string
  manifest: string
  /** Where the `manifest` value's token is, in `bytes` (none when the release has no manifest). */
  manifestToken?: { start: number; end: number }
  hooks: Array<{ name: string; events: string[]; manifest: string }>
}

/** Reads the release JSON; throws RecordError when it is not a release Helm could read. */
export function readRelease(bytes: Buffer): ReleaseJson {
  let value: unknown
  try {
    value = JSON.parse(bytes.toString('utf8'))
  } catch (err) {
    throw new RecordError(`the release is not JSON: ${(err as Error).message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RecordError('the release JSON is not an object')
  const r = goFields(value as Record<string, unknown>, ['name', 'version', 'namespace', 'info', 'manifest', 'hooks'])
  if (typeof r.name !== 'string') throw new RecordError('the release JSON has no "name" string')
  if (typeof r.version !== 'number' || !Number.isSafeInteger(r.version)) throw new RecordError('the release JSON has no integer "version"')
  const tokens = topLevelTokens(bytes).filter((t) => goKeyOf(t.key, 'manifest'))
  // Go would take the last; which one a person meant is not known: left for a person.
  if (tokens.length > 1)
    throw new RecordError(`the release JSON has its manifest twice (${tokens.map((t) => JSON.stringify(t.key)).join(', ')})`)
  // Go leaves an empty manifest out (omitempty): a release of hooks only has none.
  if (r.manifest !== undefined && typeof r.manifest !== 'string') throw new RecordError('the release JSON\'s "manifest" is not a string')
  const token = tokens[0]
  if (token && !isUtf8(bytes.subarray(token.start, token.end))) throw new RecordError("the release's manifest is not valid UTF-8")
  const info = typeof r.info === 'object' && r.info !== null ? goFields(r.info as Record<string, unknown>, ['status']) : undefined
  return {
    bytes,
    name: r.name,
    version: r.version,
    ...(typeof r.namespace === 'string' ? { namespace: r.namespace } : {}),
    ...(typeof info?.status === 'string' ? { status: info.status } : {}),
    manifest: (r.manifest as string | undefined) ?? '',
    ...(token ? { manifestToken: { start: token.start, end: token.end } } : {}),
    hooks: hooksOf(r.hooks),
  }
}

/**
 * Whether Go's JSON decoder reads the object key `key` into the struct field tagged `field`
 * (an ASCII name, as Helm's are): an exact match, or a match ignoring case, where case is
 * Unicode simple case folding, so that the Kelvin sign K (U+212A) is a k and the long s ſ
 * (U+017F) an s, and no other character outside ASCII matches an ASCII letter.
 */
export function goKeyOf(key: string, field: string): boolean {
  if (key === field) return true
  if (key.length !== field.length) return false
  for (let i = 0; i < key.length; i++) {
    const c = key[i]!
    const folded = c === '\u212A' ? 'K' : c === '\u017F' ? 'S' : c.charCodeAt(0) < 0x80 ? c.toUpperCase() : c
    if (folded !== field[i]!.toUpperCase()) return false
  }
  return true
}

/**
 * The fields `names` of an object as Go's decoder fills a struct from it: each from the last
 * key that reads into it (a later key overwrites an earlier one), matched by goKeyOf.
 */
function goFields(o: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(o)) {
    const name = names.find((n) => goKeyOf(key, n))
    if (name !== undefined) out[name] = value
  }
  return out
}

function hooksOf(hooks: unknown): ReleaseJson['hooks'] {
  if (!Array.isArray(hooks)) return []
  return hooks
    .map((h) => (typeof h === 'object' && h !== null ? goFields(h as Record<string, unknown>, ['name', 'events', 'manifest']) : undefined))
    .filter((h): h is Record<string, unknown> => h !== undefined && typeof h.manifest === 'string')
    .map((h) => ({
      name: typeof h.name === 'string' ? h.name : '?',
      events: Array.isArray(h.events) ? h.events.map(String) : [],
      manifest: h.manifest as string,
    }))
}

/** The release JSON with another manifest: the bytes before and after the token are the original ones. */
export function withManifest(r: ReleaseJson, manifest: string): Buffer {
  if (!r.manifestToken) throw new Error('internal error: a release without a manifest has nothing to rewrite')
  const token = Buffer.from(goJsonString(manifest), 'utf8')
  return Buffer.concat([r.bytes.subarray(0, r.manifestToken.start), token, r.bytes.subarray(r.manifestToken.end)])
}

/** A JSON string as Go's encoding/json writes it: `<`, `>`, `&`, U+2028 and U+2029 escaped too. */
export function goJsonString(s: string): string {
  return JSON.stringify(s).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

interface Token {
  key: string
  start: number
  end: number
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d])

/** The top-level keys of a JSON object (already known to parse) and their values' byte ranges. */
function topLevelTokens(b: Buffer): Token[] {
  const out: Token[] = []
  let i = skipWs(b, 0)
  if (b[i] !== 0x7b) return out
  i = skipWs(b, i + 1)
  while (i < b.length && b[i] !== 0x7d) {
    const keyEnd = skipString(b, i)
    const key = JSON.parse(b.subarray(i, keyEnd).toString('utf8')) as string
    i = skipWs(b, skipWs(b, keyEnd) + 1) // past the colon
    const end = skipValue(b, i)
    out.push({ key, start: i, end })
    i = skipWs(b, end)
    if (b[i] === 0x2c) i = skipWs(b, i + 1)
  }
  return out
}

function skipWs(b: Buffer, i: number): number {
  while (i < b.length && WS.has(b[i]!)) i++
  return i
}

/** `b[i]` is a quote: the index after the closing quote. */
function skipString(b: Buffer, i: number): number {
  for (i++; i < b.length; i++) {
    if (b[i] === 0x5c) i++
    else if (b[i] === 0x22) return i + 1
  }
  return i
}

function skipValue(b: Buffer, i: number): number {
  if (b[i] === 0x22) return skipString(b, i)
  if (b[i] !== 0x7b && b[i] !== 0x5b) {
    while (i < b.length && !WS.has(b[i]!) && b[i] !== 0x2c && b[i] !== 0x7d && b[i] !== 0x5d) i++
    return i
  }
  let depth = 0
  for (; i < b.length; i++) {
    const c = b[i]
    if (c === 0x22) i = skipString(b, i) - 1
    else if (c === 0x7b || c === 0x5b) depth++
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) return i + 1
  }
  return i
}
