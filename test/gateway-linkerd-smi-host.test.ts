/**
 * A TrafficSplit whose spec.service or a backend is a host (`web.shop`, `web.shop.svc.cluster.local`)
 * on Linkerd (issue 38, fourth review C2), through the built CLI. linkerd-smi names the profile it
 * writes the split into `<service>.<namespace>.svc.<domain>` from spec.service as written, so a
 * dotted one makes a profile no client resolves: the split never applied, on any release: on
 * Linkerd (with or without `--linkerd`, r38-final D3: unless `--mesh` names another mesh) the
 * split is left for a person (`linkerd-smi-host`, exit 1) and the Service's own profile is
 * converted as if there were no split (its catch-all, no backends). A dotted backend made an
 * authority no Service resolves (those requests failed): left too, with its profile.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const dotted = (service: string) => SHOP_SPLIT.replace('  service: web\n', `  service: ${service}\n`)

for (const [host, flags] of [
  ['web.shop', GATEWAY_218],
  ['web.shop.svc.cluster.local', GATEWAY_218],
  ['web.shop', ['--to', 'gateway']],
] as const)
  test(`spec.service ${host} (${flags.join(' ')}): the split is left, the profile converts alone`, () => {
    const r = cli([...flags, '-'], { input: stream(shopService(), dotted(host), shopProfile()) })
    assert.is(r.status, 1, r.stderr)
    assert.match(
      r.stderr,
      new RegExp(
        `warning: TrafficSplit shop/web-split spec\\.service ${host.replace(/\./g, '\\.')} is a host.*Linkerd never applied this split`,
      ),
    )
    // The split stays as it was; the profile's routes carry no backends of it (web only), with its catch-all.
    assert.match(r.stdout, /kind: TrafficSplit/)
    const routes = r.stdout.split(/^---$/m).filter((d) => d.includes('kind: HTTPRoute'))
    assert.equal(
      routes.map((d) => /^ {2}name: (\S+)$/m.exec(d)?.[1]),
      ['web-get-api-items', 'web-default'],
    )
    for (const d of routes) assert.not.match(d, /web-v2|weight/)
  })

test('a split alone with a dotted spec.service is left too, with or without --linkerd; with another mesh it converts', () => {
  const input = stream(shopService(), dotted('web.shop'))
  // The run is Linkerd's unless --mesh names another mesh: linkerd-smi never applied it on any release.
  for (const flags of [GATEWAY_218, ['--to', 'gateway'], ['--to', 'gateway', '--mesh', 'linkerd']]) {
    const r = cli([...flags, '-'], { input })
    assert.is(r.status, 1, r.stderr)
    assert.is(r.stdout, input)
    assert.match(r.stderr, /spec\.service web\.shop is a host/)
  }
  const osm = cli(['--to', 'gateway', '--mesh', 'osm', '-'], { input })
  assert.is(osm.status, 0, osm.stderr)
  assert.match(osm.stdout, /kind: HTTPRoute/)
})

test('a dotted backend: the split and its profile are left, exit 1, nothing written', () => {
  const split = SHOP_SPLIT.replace('service: web-v2\n', 'service: web-v2.shop.svc.cluster.local\n')
  const input = stream(shopService(), split, shopProfile())
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stderr,
    /TrafficSplit shop\/web-split backend 2 service web-v2\.shop\.svc\.cluster\.local is a host.*those requests failed/,
  )
  assert.match(
    r.stderr,
    /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split of its Service, which is left for a person \(linkerd-smi-host:/,
  )
  assert.is(r.stdout, input)
})

test.run()
