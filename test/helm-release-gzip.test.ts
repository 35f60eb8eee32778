/**
 * A record that fitted Kubernetes' 1 MiB limit as Helm (Go's compress/gzip at its best level,
 * test/helpers/gzip.go) wrote it still fits once rewritten (src/helm-release/encode.ts), on a
 * manifest of base64-like text and many small objects. zlib's output at the same level differs
 * from Go's by a few hundred bytes either way with the input (measured: +449 and +889 bytes at
 * the defaults, -157 and +274 with the smallest of zlib's strategies); where it does not fit, the
 * release is refused on its own (test/helm-release.test.ts).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { cli } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'

const LIMIT = 1024 * 1024
const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s\nspec:\n  service: a\n  backends:\n  - service: b\n    weight: 1\n  - service: c\n    weight: 500m\n'

/** Text that compresses as base64 data does (a seeded generator: the same bytes every run). */
function noise(length: number): string {
  const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
  let x = 12345
  let out = ''
  for (let i = 0; i < length; i++) {
    // xorshift32
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    out += abc[x % 64]
  }
  return out
}

function releaseJson(pad: number): Buffer {
  let objects = ''
  for (let i = 0; i < 1500; i++)
    objects += `---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: svc-${i}\nspec:\n  replicas: ${(i % 5) + 1}\n  template:\n    spec:\n      containers:\n      - name: c\n        image: registry.example.com/team/svc-${i}:1.${(i * 37) % 101}\n`
  const manifest = `${SPLIT}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pad\ndata:\n  x: ${noise(pad)}\n${objects}`
  return Buffer.from(JSON.stringify({ name: 'r', info: { status: 'deployed' }, config: {}, manifest, version: 1, namespace: 'demo' }))
}

testWith('go')('a record whose Helm string Go made just under 1 MiB still fits once rewritten', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-gzip-'))
  const env = { ...process.env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: join(dir, 'cache'), GOFLAGS: '' }
  const built = spawnSync('go', ['build', '-o', join(dir, 'gzip'), resolve('test/helpers/gzip.go')], { env, encoding: 'utf8' })
  assert.is(built.status, 0, built.stderr)
  const goGzip = (json: Buffer) => spawnSync(join(dir, 'gzip'), { input: json, maxBuffer: 64 * LIMIT }).stdout
  const helmLength = (gz: Buffer) => Math.ceil(gz.length / 3) * 4
  // The pad whose Helm string Go makes within 256 bytes under the limit: the size grows about linearly with it.
  let pad = 700_000
  let gz = goGzip(releaseJson(pad))
  for (let i = 0; i < 12 && !(helmLength(gz) <= LIMIT && helmLength(gz) > LIMIT - 256); i++) {
    pad = Math.max(1, pad + Math.floor(((LIMIT - 128 - helmLength(gz)) * 3) / 4 / 0.76))
    gz = goGzip(releaseJson(pad))
  }
  assert.ok(helmLength(gz) <= LIMIT && helmLength(gz) > LIMIT - 256, `Go's Helm string is ${helmLength(gz)} bytes`)
  const helm = gz.toString('base64')
  const record = {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'helm.sh/release.v1',
    metadata: {
      name: 'sh.helm.release.v1.r.v1',
      namespace: 'demo',
      labels: { name: 'r', owner: 'helm', status: 'deployed', version: '1' },
    },
    data: { release: Buffer.from(helm).toString('base64') },
  }
  const r = cli(['helm-release', '-'], { input: JSON.stringify(record) })
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as { data: { release: string } }
  const written = Buffer.from(out.data.release, 'base64').toString('latin1')
  assert.ok(written.length <= LIMIT, `rewritten: ${written.length} bytes`)
  assert.match(gunzipSync(Buffer.from(written, 'base64')).toString('utf8'), /split\.smi-spec\.io\/v1alpha2/)
  rmSync(dir, { recursive: true, force: true })
})

test.run()
