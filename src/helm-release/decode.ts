/**
 * A Helm release record's `data.release`, decoded as Helm reads it (helm/helm
 * `pkg/storage/driver/util.go` `decodeRelease`): standard base64, then gunzip when the
 * bytes start with gzip's magic `1f 8b 08`, else the bytes are the release JSON itself
 * (records stored before Helm compressed them). A Secret's data carries Kubernetes' own
 * base64 around that (the API renders `[]byte` as base64); a ConfigMap's does not.
 *
 * Node's base64 decoder never fails: it skips what it does not know. So every layer is
 * checked against the standard alphabet with its padding first (Go's decoder skips only
 * `\r` and `\n`, and so does this); the URL-safe alphabet is refused, as Go refuses it.
 */
import { gunzipSync } from 'node:zlib'

/** Kubernetes' limit on a Secret's or ConfigMap's data (the values' decoded bytes, together). */
export const MAX_DATA_BYTES = 1024 * 1024
/** The most a release's JSON may inflate to: a record of at most 1 MiB that inflates further is a gzip bomb. */
export const MAX_JSON_BYTES = 256 * 1024 * 1024

export class RecordError extends Error {}

/** Standard base64 (line breaks skipped, as Go's decoder does); throws RecordError naming `what`. */
export function strictBase64(text: string, what: string): Buffer {
  const compact = text.includes('\n') || text.includes('\r') ? text.replace(/[\r\n]/g, '') : text
  const problem = base64Problem(compact)
  if (problem) throw new RecordError(`${what} is not valid base64: ${problem}`)
  return Buffer.from(compact, 'base64')
}

/** Why `s` is not standard padded base64, or undefined (a loop: a regular expression takes a second on 25 MB). */
function base64Problem(s: string): string | undefined {
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0
  const end = s.length - padding
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i)
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47
    if (!ok) return `character ${JSON.stringify(s[i])} at ${i} is not in the standard base64 alphabet`
  }
  if (s.length % 4 !== 0) return `its length (${s.length}) or padding is not that of standard base64`
  return undefined
}

/** Whether Helm gunzips these bytes (`len(b) > 3 && b[0:3] == 1f 8b 08`). */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08
}

export interface Decoded {
  /** The release JSON, as its bytes. */
  json: Buffer
  /** Whether it was gzipped (a rewrite keeps the same form). */
  gzip: boolean
  /** The Helm string (base64 of the gzip or JSON bytes), as the record holds it inside Kubernetes' layer. */
  helm: string
}

/** Decodes a record's `data.release`: `secret` adds Kubernetes' base64 layer. */
export function decodeRelease(data: string, secret: boolean): Decoded {
  const helm = secret ? strictBase64(data, "data.release (Kubernetes' base64 of the Secret's data)").toString('latin1') : data
  const bytes = strictBase64(helm, secret ? 'the Helm string inside data.release' : 'data.release')
  if (!isGzip(bytes)) {
    if (!looksLikeJson(bytes)) {
      throw new RecordError(
        `the release is neither gzip (it does not start with 1f 8b 08: ${hex(bytes)}) nor JSON (it does not start with "{")`,
      )
    }
    return { json: bytes, gzip: false, helm }
  }
  let json: Buffer
  try {
    json = gunzipSync(bytes, { maxOutputLength: MAX_JSON_BYTES })
  } catch (err) {
    const e = err as NodeJS.ErrnoException
    const why = e.code === 'ERR_BUFFER_TOO_LARGE' ? `it inflates to more than ${MAX_JSON_BYTES / 2 ** 20} MiB` : e.message
    throw new RecordError(`the release's gzip data cannot be read: ${why}`)
  }
  return { json, gzip: true, helm }
}

function looksLikeJson(bytes: Buffer): boolean {
  for (const b of bytes) {
    if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d) continue
    return b === 0x7b
  }
  return false
}

function hex(bytes: Buffer): string {
  return [...bytes.subarray(0, 3)].map((b) => b.toString(16).padStart(2, '0')).join(' ') || 'empty'
}
