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
    /warning: TrafficSplit shop\/web-split is left for a person: on Service web port 80 the Linkerd release decides .*Linkerd 2\.18 and later read its appProtocol grpc as opaque .*Linkerd 2\.17 and earlier do not read appProtocol.*pass --linkerd <release>/,
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
  assert.match(
    r.stderr,
    /on Service web port 80 the Linkerd release decides .*Linkerd 2\.17 and earlier treat the port as opaque \(config\.linkerd\.io\/opaque-ports\).*pass --linkerd <release>/,
  )
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

// One rule for every route a run writes on a port (r38h N2, N3): a profile's dstOverrides, a
// TCPRoute port (a Redis port in the opaque list, appProtocol linkerd.io/opaque) are the release's too.
const OVERRIDES = `apiVersion: linkerd.io/v1alpha2
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

test("a profile's dstOverrides on an appProtocol grpc port: left without --linkerd; 2.17 routes it as HTTP, 2.18 by a TCPRoute", () => {
  const input = stream(service('grpc'), OVERRIDES)
  const none = cli(['--to', 'gateway', '-'], { input })
  assert.is(none.status, 1, none.stderr)
  assert.is(none.stdout, input)
  assert.match(
    none.stderr,
    /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is left for a person: on Service web port 80 the Linkerd release decides .*pass --linkerd <release>/,
  )
  const old = cli(['--to', 'gateway', '--linkerd', '2.17', '-'], { input })
  assert.is(old.status, 0, old.stderr)
  assert.equal(kinds(old.stdout), ['Service', 'HTTPRoute'])
  // 2.17 does not read appProtocol: nothing says it serves the port as opaque.
  assert.not.match(old.stderr, /as opaque/)
  const modern = cli([...GATEWAY_218, '-'], { input })
  assert.is(modern.status, 0, modern.stderr)
  assert.equal(kinds(modern.stdout), ['Service', 'TCPRoute'])
  assert.match(modern.stderr, /Linkerd serves port 80 of Service web as opaque/)
})

test("a profile's dstOverrides on port 6379: left without --linkerd, an error with --linkerd 2.17 as for a split", () => {
  const input = stream(shopService('    - name: http\n      port: 6379\n'), OVERRIDES)
  const none = cli(['--to', 'gateway', '-'], { input })
  assert.is(none.status, 1, none.stderr)
  assert.is(none.stdout, input)
  assert.match(
    none.stderr,
    /port 6379 the Linkerd release decides .*\(Linkerd 2\.18 and later honour only a TCPRoute there; Linkerd 2\.17 and earlier treat the port as opaque/,
  )
  const old = cli(['--to', 'gateway', '--linkerd', '2.17', '-'], { input })
  assert.is(old.status, 2, old.stderr)
  assert.match(
    old.stderr,
    /error: ServiceProfile .*Linkerd 2\.17 applies no route that carries the split on Service web port 6379 \(it treats the port as opaque: its default opaque ports\)/,
  )
})

for (const [what, svc] of [
  ['a port named redis on 6379', shopService('    - name: redis\n      port: 6379\n')],
  ['appProtocol linkerd.io/opaque', service('linkerd.io/opaque')],
  ['appProtocol tcp', service('tcp')],
  ['a port named redis on 7000 (not in the opaque list)', shopService('    - name: redis\n      port: 7000\n')],
  ['a port named tls', shopService('    - name: tls\n      port: 8443\n')],
] as const)
  test(`a split on ${what} (a TCPRoute): left without --linkerd, its profile with it (--write); another mesh converts it`, () => {
    const dir = tempDir('opaque-tcp-port')
    try {
      const input = stream(svc, SHOP_SPLIT, shopProfile())
      writeFileSync(join(dir, 'in.yaml'), input)
      const r = cli(['--to', 'gateway', '--write', 'in.yaml'], { cwd: dir })
      assert.is(r.status, 1, r.stderr)
      assert.is(readFileSync(join(dir, 'in.yaml'), 'utf8'), input)
      assert.match(
        r.stdout + r.stderr,
        /TrafficSplit shop\/web-split is left for a person: on Service web port (80|6379|7000|8443) the Linkerd release decides .*pass --linkerd <release>/,
      )
      assert.match(r.stdout + r.stderr, /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split/)
      const osm = cli(['--to', 'gateway', '--mesh', 'osm', '-'], { input: stream(svc, SHOP_SPLIT) })
      assert.is(osm.status, 0, osm.stderr)
      assert.equal(kinds(osm.stdout), ['Service', 'TCPRoute'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

// Linkerd 2.17 applies no TCPRoute, and no route on a port of its opaque list: every shape whose split
// only a TCPRoute carries is one error, in one wording, naming why the port takes a TCPRoute.
test('--linkerd 2.17: a listed port, an opaque appProtocol and a TCP port name get the same error, exit 2, nothing written', () => {
  const shapes: Array<[string, string]> = [
    [shopService('    - name: redis\n      port: 6379\n'), 'it treats the port as opaque: its default opaque ports'],
    [service('linkerd.io/opaque'), 'it has appProtocol linkerd.io/opaque, which takes a TCPRoute'],
    [shopService('    - name: redis\n      port: 7000\n'), 'it is named redis, which takes a TCPRoute'],
  ]
  const tails = shapes.map(([svc, why]) => {
    const input = stream(svc, SHOP_SPLIT)
    const r = cli(['--to', 'gateway', '--linkerd', '2.17', '-'], { input })
    assert.is(r.status, 2, r.stderr)
    assert.is(r.stdout, input)
    const m =
      /error: TrafficSplit shop\/web-split: Linkerd 2\.17 applies no route that carries the split on Service web port \d+ \((.*?)\): (.*)/.exec(
        r.stderr,
      )
    assert.ok(m, r.stderr)
    assert.is(m[1], why)
    return m[2]
  })
  assert.is(
    tails[0],
    'before 2.18 Linkerd applies no route on a port of its opaque list and no TCPRoute on any port (TCPRoutes take effect from Linkerd 2.18): upgrade Linkerd to 2.18 or later first, then convert',
  )
  assert.equal(new Set(tails).size, 1)
})

test.run()
