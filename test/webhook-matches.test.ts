/**
 * `spec.matches` that v1alpha1 and v1alpha2 cannot hold, through the built server. With
 * v1alpha2 storage (or v1alpha1), the API server converts a v1alpha3 or v1alpha4 write down to
 * store it, and the matches survive only in the stash annotation: when that annotation does not
 * fit beside the object's others (kubectl's last-applied-configuration of an object with 1,200
 * matches), the review fails, so the API server refuses the write, instead of storing the
 * object without its matches. A stash that fits brings them back exactly, whatever string names
 * them; a match the way back would not restore fails the write the same way.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { type Cli, reviewOf, send, startCli } from './helpers/webhook-cli.js'
import { STASH } from '../src/webhook/round-trip.js'
import { validateAnnotations } from './helpers/apiserver.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '3201', 'ec')
const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-matches-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))

const API_SERVER = '127.0.0.2'
const api = (v: string) => `split.smi-spec.io/${v}`

/** A v1alpha4 TrafficSplit with `n` matches, as `kubectl apply` (client-side) writes it: with its last-applied copy. */
function applied(n: number): Record<string, any> {
  const matches = Array.from({ length: n }, (_, i) => ({
    kind: 'HTTPRouteGroup',
    name: `route-group-for-some-service-number-${i}-${'x'.repeat(40)}`,
  }))
  const spec = {
    service: 's',
    backends: [
      { service: 'a', weight: 90 },
      { service: 'b', weight: 10 },
    ],
    matches,
  }
  const lastApplied = JSON.stringify({ apiVersion: api('v1alpha4'), kind: 'TrafficSplit', metadata: { name: 'a', namespace: 'ns' }, spec })
  return {
    apiVersion: api('v1alpha4'),
    kind: 'TrafficSplit',
    metadata: { name: 'a', namespace: 'ns', annotations: { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied } },
    spec,
  }
}

async function review(cli: Cli, object: unknown, to: string): Promise<any> {
  const r = await send(cli.port, pki!.ca, { body: reviewOf([JSON.stringify(object)], api(to)), localAddress: API_SERVER })
  assert.is(r.status, 200, r.error ?? r.text.slice(0, 300))
  return (JSON.parse(r.text) as any).response
}

function start(): Promise<Cli> {
  const keyFile = join(dir, 'key')
  writeFileSync(keyFile, 'm'.repeat(48) + '\n')
  return startCli(['--cert', cert!.certFile, '--key', cert!.keyFile, '--stash-key', keyFile, '--port', '0', '--address', '127.0.0.1'])
}

it('a v1alpha4 write whose matches the stash cannot hold is refused on its way to v1alpha2 or v1alpha1 storage, not stored without them', async () => {
  const cli = await start()
  try {
    const big = applied(1200)
    // The object is one the API server admits: its annotations are within 256 KiB.
    assert.is(validateAnnotations(big.metadata.annotations), undefined)
    for (const to of ['v1alpha2', 'v1alpha1']) {
      const r = await review(cli, big, to)
      assert.is(r.result.status, 'Failure', `to ${to}: ${JSON.stringify(r).slice(0, 300)}`)
      assert.equal(r.convertedObjects, [])
      assert.match(
        r.result.message,
        new RegExp(
          `^TrafficSplit ns/a: ${to} cannot hold its spec\\.matches, and the annotation that keeps them for the way back \\(\\d+ bytes\\) does not fit .* refused rather than lost`,
        ),
      )
    }
    // v1alpha3 holds matches: nothing to keep, converted.
    assert.is((await review(cli, big, 'v1alpha3')).result.status, 'Success')
    // 600 matches fit beside their last-applied copy: stored as v1alpha2 with the stash, read back exactly.
    const fits = applied(600)
    const down = await review(cli, fits, 'v1alpha2')
    assert.is(down.result.status, 'Success', JSON.stringify(down.result))
    const stored = down.convertedObjects[0]
    assert.is(stored.spec.matches, undefined)
    assert.type(stored.metadata.annotations[STASH], 'string')
    assert.is(validateAnnotations(stored.metadata.annotations), undefined)
    const back = await review(cli, stored, 'v1alpha4')
    assert.equal(back.convertedObjects[0], fits)
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('a match named "" (the CRDs set no minLength) comes back up from v1alpha2 storage; one the way back would not restore fails the write', async () => {
  const cli = await start()
  try {
    const object = applied(0)
    object.spec.matches = [
      { kind: 'HTTPRouteGroup', name: 'r1' },
      { kind: 'HTTPRouteGroup', name: '' },
    ]
    const down = await review(cli, object, 'v1alpha2')
    assert.is(down.result.status, 'Success', JSON.stringify(down.result))
    const back = await review(cli, down.convertedObjects[0], 'v1alpha4')
    assert.equal(back.convertedObjects[0], object)
    object.spec.matches.push({ kind: 'HTTPRouteGroup', name: 'r2', port: 80 })
    // The message names the version asked for, v1alpha1 too (it was always v1alpha2), from v1alpha4 and v1alpha3.
    for (const [from, to] of [
      ['v1alpha4', 'v1alpha2'],
      ['v1alpha4', 'v1alpha1'],
      ['v1alpha3', 'v1alpha1'],
    ] as const) {
      const refused = await review(cli, { ...object, apiVersion: api(from) }, to)
      assert.is(refused.result.status, 'Failure')
      assert.match(
        refused.result.message,
        new RegExp(
          `^TrafficSplit ns/a: ${to} cannot hold spec\\.matches, and spec\\.matches\\[2\\] is \\{"kind":"HTTPRouteGroup","name":"r2","port":80\\}: .* refused rather than lost$`,
        ),
        `${from} → ${to}`,
      )
    }
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

test.run()
