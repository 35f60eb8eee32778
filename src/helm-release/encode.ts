/**
 * A release JSON back into a record's `data.release`, as Helm encodes it (helm/helm
 * `pkg/storage/driver/util.go` `encodeRelease`): gzip at the best level (smallestGzip), then standard
 * base64, unwrapped; a Secret's data adds Kubernetes' base64 around that. A release that was
 * stored as plain JSON stays plain JSON. Helm reads any gzip header and level, so the deflate
 * bytes may differ from Go's: what counts is what they decode to, and that is checked here by
 * decoding the result again.
 */
import { constants, gzipSync } from 'node:zlib'
import { decodeRelease, MAX_DATA_BYTES, RecordError } from './decode.js'

/**
 * Encodes `json` for a record's `data.release`. `otherData`: the decoded bytes of the
 * record's other data keys, which count against the same 1 MiB limit.
 */
export function encodeRelease(json: Buffer, gzip: boolean, secret: boolean, otherData = 0): string {
  const payload = gzip ? smallestGzip(json) : json
  const helm = payload.toString('base64')
  if (helm.length + otherData > MAX_DATA_BYTES) {
    throw new RecordError(
      `the rewritten record's data would be ${helm.length + otherData} bytes, over Kubernetes' limit of ${MAX_DATA_BYTES} ` +
        `(the Helm string alone is ${helm.length})`,
    )
  }
  const data = secret ? Buffer.from(helm, 'latin1').toString('base64') : helm
  const back = decodeRelease(data, secret)
  if (!back.json.equals(json)) throw new Error('internal error: the encoded release does not decode to its JSON')
  return data
}

/**
 * Gzip at the best level, the smallest of zlib's strategies with its largest memory: Go's
 * compress/flate at the same level (Helm's encoder) finds other matches, and on some inputs
 * its output is a few hundred bytes smaller than zlib's defaults, so a record that fitted the
 * 1 MiB limit as Helm wrote it would not fit as rewritten. Each is a few milliseconds per
 * megabyte; Helm reads any of them.
 */
function smallestGzip(json: Buffer): Buffer {
  let best: Buffer | undefined
  for (const strategy of [constants.Z_DEFAULT_STRATEGY, constants.Z_FILTERED]) {
    const out = gzipSync(json, { level: constants.Z_BEST_COMPRESSION, memLevel: constants.Z_MAX_MEMLEVEL, windowBits: 15, strategy })
    if (!best || out.length < best.length) best = out
  }
  return best!
}
