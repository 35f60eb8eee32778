/**
 * The TrafficSplit in the input is the source of its ServiceProfile's split only when it is the
 * split linkerd-smi wrote into the profile: with two TrafficSplits of one Service, or dstOverrides
 * that differ from the split, no state to carry is known, so the profile and the splits are left
 * for a person (pending, exit 1, nothing written), never mixed or dropped with a false note.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const SECOND = SHOP_SPLIT.replace('name: web-split', 'name: web-split2')
  .replace('weight: 90', 'weight: 10')
  .replace('service: web-v2\n      weight: 10', 'service: web-v3\n      weight: 90')
const overrides = (...pairs: Array<[string, string]>): string =>
  '  dstOverrides:\n' + pairs.map(([s, w]) => `    - authority: ${s}.shop.svc.cluster.local\n      weight: ${w}\n`).join('')

test('two TrafficSplits of one Service with its profile: nothing written, exit 1', () => {
  assert.match(SECOND, /web-v3\n\s+weight: 90/)
  const input = stream(shopService(), SHOP_SPLIT, SECOND, shopProfile())
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input)
  assert.match(r.stderr, /ServiceProfile shop\/web\.shop\.svc\.cluster\.local: Service web has 2 TrafficSplits \(web-split, web-split2\)/)
  assert.match(r.stderr, /TrafficSplit shop\/web-split is held back by the ServiceProfile/)
  assert.match(r.stderr, /TrafficSplit shop\/web-split2 is held back by the ServiceProfile/)
})

test('dstOverrides that differ from the split: nothing written, no false note, exit 1', () => {
  const input = stream(shopService(), SHOP_SPLIT, shopProfile() + overrides(['web', '500m'], ['web-v3', '500m']))
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input)
  assert.match(
    r.stderr,
    /its dstOverrides \(web 50%, web-v3 50%\) are not the split of TrafficSplit web-split in the input \(web 90%, web-v2 10%\)/,
  )
  assert.not.match(r.stderr, /left out/)
})

test('dstOverrides only, different from the split: not reported for deletion', () => {
  const only = shopProfile().replace(/ {2}routes:\n[\s\S]*$/, '') + overrides(['web', '1'], ['web-v2', '1'])
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), SHOP_SPLIT, only) })
  assert.is(r.status, 1, r.stderr)
  assert.not.match(r.stderr, /sp-delete|nothing to convert, delete it/)
  assert.match(r.stderr, /are not the split of TrafficSplit web-split/)
})

test('dstOverrides that are the split (milli values): converted, the note is true', () => {
  const input = stream(shopService(), SHOP_SPLIT, shopProfile() + overrides(['web', '900m'], ['web-v2', '100m']))
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stderr, /the dstOverrides linkerd-smi wrote from it are left out/)
  assert.match(r.stdout, /name: web-get-api-items\n/)
})

test.run()
