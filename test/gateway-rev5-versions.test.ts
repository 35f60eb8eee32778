/**
 * `--linkerd 2.14`/`2.15` with the ServiceProfile linkerd-smi made for a split (dstOverrides
 * only, no routes) in a cluster dump: no retries or timeouts to lose, so nothing is refused:
 * the split converts and the profile is reported for deletion with it. A profile with routes is
 * still refused there (sp-linkerd-version), and holds the split.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const SMI_PROFILE = `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
  dstOverrides:
    - authority: web.shop.svc.cluster.local
      weight: 900m
    - authority: web-v2.shop.svc.cluster.local
      weight: 100m
`

for (const release of ['2.14', '2.15'])
  test(`--linkerd ${release}: linkerd-smi's own profile does not hold the split`, () => {
    const r = cli(['--to', 'gateway', '--linkerd', release, '-'], { input: stream(shopService(), SHOP_SPLIT, SMI_PROFILE) })
    assert.is(r.status, 0, r.stderr)
    assert.match(r.stdout, /kind: HTTPRoute\n/)
    assert.not.match(r.stdout, /kind: TrafficSplit/)
    assert.match(
      r.stderr,
      /ServiceProfile shop\/web\.shop\.svc\.cluster\.local has no routes, and its dstOverrides come from TrafficSplit web-split/,
    )
    assert.not.match(r.stderr, /sp-linkerd-version|error/)
  })

test('--linkerd 2.15: a profile with routes is refused and holds the split', () => {
  const input = stream(shopService(), SHOP_SPLIT, shopProfile())
  const r = cli(['--to', 'gateway', '--linkerd', '2.15', '-'], { input })
  assert.is(r.status, 2, r.stderr)
  assert.is(r.stdout, input)
})

test('--linkerd 2.14: the reason names what the profile sets: timeouts, or none (rev38d L3)', () => {
  const timed = cli(['--to', 'gateway', '--linkerd', '2.14', '-'], { input: stream(shopService(), shopProfile()) })
  assert.is(timed.status, 2, timed.stderr)
  assert.match(
    timed.stderr,
    /error: ServiceProfile shop\/web\.shop\.svc\.cluster\.local: Linkerd 2\.14 reads no retries or timeouts on routes/,
  )
  const plain = stream(shopService(), shopProfile().replace('      timeout: 2s\n', ''))
  const r = cli(['--to', 'gateway', '--linkerd', '2.14', '-'], { input: plain })
  assert.is(r.status, 2, r.stderr)
  assert.is(r.stdout, plain)
  assert.match(
    r.stderr,
    /error: ServiceProfile shop\/web\.shop\.svc\.cluster\.local: its routes set no retries or timeouts, but ServiceProfiles are converted for Linkerd 2\.16 and later only/,
  )
  assert.not.match(r.stderr, /reads no retries/)
})

test.run()
