/**
 * Stream mode, a route smi-migrate wrote from the TrafficSplit (or from its ServiceProfile)
 * earlier in the stream than the split, which changed since, and no --keep-trafficsplit: the
 * route was written out before the split is read, so it cannot be written anew; the split is
 * then left as it is (route-drift, exit 1), never dropped beside the stale route.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const kinds = (out: string): string[] => [...out.matchAll(/^kind: (\w+)$/gm)].map((m) => m[1]!)
const changed = SHOP_SPLIT.replace('weight: 90', 'weight: 50').replace('weight: 10', 'weight: 50')

test("the split's own route before it: the split stays, the route as it was, exit 1", () => {
  const first = cli([...GATEWAY_218, '--keep-trafficsplit', '-'], { input: stream(shopService(), SHOP_SPLIT) })
  assert.is(first.status, 0, first.stderr)
  const route = first.stdout.split('---\n')[2]!
  const input = stream(shopService(), route, changed)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input, 'nothing written: the TrafficSplit stays')
  assert.match(
    r.stderr,
    /warning: TrafficSplit shop\/web-split has changed since smi-migrate wrote its HTTPRoute web-split: .*a stream has written it before/,
  )
  assert.not.match(r.stderr, /converted TrafficSplit/)
  // Files convert the same input: the route is written anew there.
})

test("the profile's routes before the split: the split stays, exit 1", () => {
  const first = cli([...GATEWAY_218, '-'], { input: stream(shopService(), shopProfile()) })
  assert.is(first.status, 0, first.stderr)
  const input = `${first.stdout}---\n${SHOP_SPLIT}`
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.equal(kinds(r.stdout), ['Service', 'HTTPRoute', 'HTTPRoute', 'TrafficSplit'])
  assert.is(r.stdout, input)
})

test('the route after the split is still written anew in place', () => {
  const first = cli([...GATEWAY_218, '--keep-trafficsplit', '-'], { input: stream(shopService(), SHOP_SPLIT) })
  const route = first.stdout.split('---\n')[2]!
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), changed, route) })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout), ['Service', 'HTTPRoute'])
  assert.match(r.stdout, /weight: 50\n[\s\S]*weight: 50\n/)
})

test.run()
