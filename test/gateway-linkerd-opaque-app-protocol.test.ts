/**
 * A split on a port whose appProtocol Linkerd 2.18 reads as opaque (issue 38, fourth review C4,
 * L6), through the built CLI. There linkerd-smi's profile split every connection, and Linkerd
 * ignores HTTPRoutes and GRPCRoutes: a GRPCRoute written for `appProtocol: grpc` would stop the
 * split. With `--linkerd 2.18` the split becomes the TCPRoute the profile path writes for such a
 * port; with the Service's profile beside it, its routes never applied there (`sp-delete`).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const service = (appProtocol: string) => shopService(`    - name: http\n      port: 80\n      appProtocol: ${appProtocol}\n`)
const kinds = (out: string) => [...out.matchAll(/^kind: (\S+)$/gm)].map((m) => m[1])

for (const ap of ['grpc', 'grpc-web', 'h2c', 'http2'])
  test(`appProtocol ${ap}, --linkerd 2.18: a TCPRoute carries the split, exit 0`, () => {
    const r = cli([...GATEWAY_218, '-'], { input: stream(service(ap), SHOP_SPLIT) })
    assert.is(r.status, 0, r.stderr)
    assert.equal(kinds(r.stdout), ['Service', 'TCPRoute'])
    assert.match(r.stdout, /name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
    assert.match(
      r.stderr,
      new RegExp(`warning: TrafficSplit shop/web-split: Linkerd 2\\.18 treats appProtocol ${ap} .* as opaque .*writing a TCPRoute`),
    )
  })

test('without --linkerd the release decides: the split is left for a person, exit 1, nothing written', () => {
  const input = stream(service('grpc'), SHOP_SPLIT)
  const r = cli(['--to', 'gateway', '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input)
  assert.match(
    r.stderr,
    /warning: TrafficSplit shop\/web-split Service web port 80 has appProtocol grpc: Linkerd 2\.18 and later treat it as opaque .*pass --linkerd <release>/,
  )
  // With a release before 2.18 (which does not read appProtocol) the appProtocol decides; another mesh, too.
  assert.equal(kinds(cli(['--to', 'gateway', '--linkerd', '2.17', '-'], { input }).stdout), ['Service', 'GRPCRoute'])
  assert.equal(kinds(cli(['--to', 'gateway', '--mesh', 'osm', '-'], { input }).stdout), ['Service', 'GRPCRoute'])
})

test('without --linkerd a split and its profile on such a port are both left, exit 1, nothing written (--write)', () => {
  const dir = tempDir('opaque-app-protocol')
  try {
    const input = stream(service('grpc'), SHOP_SPLIT, shopProfile())
    writeFileSync(join(dir, 'in.yaml'), input)
    const r = cli(['--to', 'gateway', '--keep-trafficsplit', '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stderr)
    assert.is(readFileSync(join(dir, 'in.yaml'), 'utf8'), input)
    assert.match(
      r.stdout + r.stderr,
      /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split .*linkerd-opaque-port/,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('without --linkerd a port in the opaque list without appProtocol: left for a person too', () => {
  const svc = shopService().replace('  namespace: shop\n', '  namespace: shop\n  annotations:\n    config.linkerd.io/opaque-ports: "80"\n')
  const input = stream(svc, SHOP_SPLIT)
  const r = cli(['--to', 'gateway', '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input)
  assert.match(r.stderr, /Service web port 80 is opaque to Linkerd \(config\.linkerd\.io\/opaque-ports\).*pass --linkerd <release>/)
  assert.equal(kinds(cli([...GATEWAY_218, '-'], { input }).stdout), ['Service', 'TCPRoute'])
})

test('--route-kind grpc forced there: a GRPCRoute, with the warning that Linkerd ignores it', () => {
  const r = cli([...GATEWAY_218, '--route-kind', 'web=grpc', '-'], { input: stream(service('grpc'), SHOP_SPLIT) })
  assert.equal(kinds(r.stdout), ['Service', 'GRPCRoute'])
  assert.match(r.stderr, /would not apply/)
})

test('split and profile on such a port: the TCPRoute, and the profile whose routes never applied there is for deletion, exit 0', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(service('grpc'), SHOP_SPLIT, shopProfile()) })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout), ['Service', 'TCPRoute', 'ServiceProfile'])
  assert.match(
    r.stderr,
    /ServiceProfile shop\/web\.shop\.svc\.cluster\.local its routes never applied .*web-split, the TrafficSplit's route, takes every connection/,
  )
  assert.not.match(r.stderr, /error/)
})

test.run()
