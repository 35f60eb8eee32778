/**
 * The release JSON's `manifest` is replaced by splicing its token (src/helm-release/release.ts):
 * on random release JSON (random fields before and after it, keys named `manifest` nested in
 * `config` and `hooks`, numbers beyond 2^53, integer-like keys, escapes, whitespace as another
 * encoder may write it), the result is the original bytes with exactly that token replaced,
 * it parses to the original with the new manifest, and it decodes through encode.ts again.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { readRelease, withManifest } from '../src/helm-release/release.js'
import { encodeRelease } from '../src/helm-release/encode.js'
import { decodeRelease } from '../src/helm-release/decode.js'

const key = fc.oneof(fc.constantFrom('manifest', 'name', 'version', '10', 'a"b', 'x<y'), fc.string({ maxLength: 6 }))
/** JSON texts of scalars, some of which JSON.parse then stringify would not give back. */
const leaf = fc.oneof(
  fc.string({ maxLength: 12 }).map((v) => JSON.stringify(v)),
  fc.constantFrom('9007199254740993', '1e400', '-0', '0.10', 'true', 'null', '"<&>\\u2028\\/"', '"manifest"'),
)
/** A JSON text (not a value: numbers beyond 2^53 stay as written). */
const json: fc.Memo<string> = fc.memo((depth) =>
  depth <= 1
    ? leaf
    : fc.oneof(
        json(1),
        fc.array(json(depth - 1), { maxLength: 3 }).map((a) => `[${a.join(',')}]`),
        fc
          .uniqueArray(fc.tuple(key, json(depth - 1)), { maxLength: 4, selector: ([k]) => k })
          .map((e) => `{${e.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
      ),
)
const space = fc.constantFrom('', ' ', '\n  ', '\t')

test('splicing the manifest keeps every other byte of random release JSON', () => {
  fc.assert(
    fc.property(
      fc
        .uniqueArray(fc.tuple(key, json(3)), { maxLength: 5, selector: ([k]) => k })
        .map((e) => e.filter(([k]) => !['manifest', 'name', 'version'].includes(k))),
      fc
        .uniqueArray(fc.tuple(key, json(3)), { maxLength: 5, selector: ([k]) => k })
        .map((e) => e.filter(([k]) => !['manifest', 'name', 'version'].includes(k))),
      fc.string(),
      fc.string(),
      space,
      fc.boolean(),
      (before, after, oldManifest, newManifest, ws, gzip) => {
        const seen = new Set(before.map(([k]) => k))
        const members = [
          ...before,
          ['name', '"r"'],
          ['manifest', JSON.stringify(oldManifest)],
          ...after.filter(([k]) => !seen.has(k)),
          ['version', '1'],
        ]
        const text = `{${ws}${members.map(([k, v]) => `${JSON.stringify(k)}${ws}:${ws}${v}`).join(`,${ws}`)}${ws}}`
        const bytes = Buffer.from(text, 'utf8')
        const r = readRelease(bytes)
        assert.is(r.manifest, oldManifest)
        const out = withManifest(r, newManifest)
        const token = r.manifestToken!
        assert.ok(out.subarray(0, token.start).equals(bytes.subarray(0, token.start)))
        assert.ok(out.subarray(out.length - (bytes.length - token.end)).equals(bytes.subarray(token.end)))
        const expected = JSON.parse(text) as Record<string, unknown>
        expected.manifest = newManifest
        assert.equal(JSON.parse(out.toString('utf8')), expected)
        for (const secret of [true, false]) assert.ok(decodeRelease(encodeRelease(out, gzip, secret), secret).json.equals(out))
      },
    ),
    { numRuns: 1000, seed: 23 },
  )
})

test.run()
