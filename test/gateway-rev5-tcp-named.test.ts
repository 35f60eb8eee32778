/**
 * A Service port only named `tcp-…` is no opaque port to Linkerd, which ignores port names and
 * detects HTTP there: the ServiceProfile's routes applied on it. With the profile in the input,
 * the split's route there is an HTTPRoute (as the profile's routes are), and the profile is
 * converted, never told to be deleted as if its routes had never applied.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, port, shopProfile, shopService, stream } from './helpers/shop.js'

const kinds = (out: string): string[] => [...out.matchAll(/^kind: (\w+)$/gm)].map((m) => m[1]!)

test('a port named tcp-db with the profile: the split becomes an HTTPRoute, the profile its routes, no sp-delete', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(port('tcp-db', 5000)), SHOP_SPLIT, shopProfile()) })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout), ['Service', 'HTTPRoute', 'HTTPRoute'])
  assert.match(r.stdout, /name: web-get-api-items\n/)
  assert.match(r.stdout, /timeout\.linkerd\.io\/request: "?2s/)
  assert.not.match(r.stderr, /never applied|sp-delete/)
  assert.match(r.stderr, /port 5000 is named tcp-db, but Linkerd ignores port names and detects HTTP there/)
})

test('a port named tcp-db without a profile stays a TCPRoute', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(port('tcp-db', 5000)), SHOP_SPLIT) })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout), ['Service', 'TCPRoute'])
})

test('a port Linkerd serves as opaque (5432) keeps the TCPRoute and the profile is for deletion', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(port('tcp-db', 5432)), SHOP_SPLIT, shopProfile()) })
  assert.equal(kinds(r.stdout), ['Service', 'TCPRoute', 'ServiceProfile'])
  assert.match(r.stderr, /never applied/)
})

test('three ports, one named tcp-x: every port gets HTTPRoutes, no route of the profile is lost', () => {
  const ports = port('http', 80) + port('tcp-x', 5000) + port('admin', 9000)
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(ports), SHOP_SPLIT, shopProfile()) })
  assert.is(r.status, 0, r.stderr)
  assert.not.ok(kinds(r.stdout).includes('TCPRoute'), r.stdout)
  assert.match(r.stdout, /name: web-get-api-items-5000\n/)
  assert.not.match(r.stderr, /lose the profile's routes/)
})

test.run()
