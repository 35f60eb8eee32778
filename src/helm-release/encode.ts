/**
 * A release JSON back into a record's `data.release`, as Helm encodes it (helm/helm
 * `pkg/storage/driver/util.go` `encodeRelease`): gzip at the best level, then standard
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
  const payload = gzip ? gzipSync(json, { level: constants.Z_BEST_COMPRESSION }) : json
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
