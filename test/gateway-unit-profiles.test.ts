/**
 * Every ServiceProfile of a Service and its TrafficSplit are one unit of writing, whatever the
 * order of the documents (issue 38, review of the unit: F4, F5, F9), through the built CLI:
 * profiles of one Service under two cluster domains are left for a person (only one domain is
 * live, and routes from both would attach to the Service); a profile left for a person holds
 * every other copy and profile of its Service, and its split; a pending `sp-grpc` holds the
 * unit as every pending finding of a profile does.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const ARGS = [...GATEWAY_218, '-']
/** The profile under another cluster domain, with a route of its own (3s on every GET). */
const OTHER_DOMAIN = shopProfile()
  .replace('web.shop.svc.cluster.local', 'web.shop.svc.example.org')
  .replace(/ {4}- name: GET \/api\/items[\s\S]*$/, '    - name: GET all\n      condition:\n        method: GET\n      timeout: 3s\n')
/** A profile left for a person (sp-order: `x`, a path match, takes requests the earlier `all` took). */
const pendingProfile = (name: string): string =>
  shopProfile()
    .replace('web.shop.svc.cluster.local', name)
    .replace(
      / {4}- name: GET \/api\/items[\s\S]*$/,
      '    - name: all\n      condition:\n        method: GET\n      timeout: 3s\n    - name: x\n      condition:\n        method: GET\n        pathRegex: /x\n',
    )

test('profiles of one Service under two cluster domains: nothing written, in either order, with or without the split', () => {
  const inputs = [
    stream(shopService(), SHOP_SPLIT, shopProfile(), OTHER_DOMAIN),
    stream(shopService(), SHOP_SPLIT, OTHER_DOMAIN, shopProfile()),
    stream(shopService(), shopProfile(), OTHER_DOMAIN),
  ]
  for (const input of inputs) {
    const r = cli(ARGS, { input })
    assert.is(r.status, 1, r.stderr)
    assert.is(r.stdout, input, 'nothing written')
    assert.match(
      r.stderr,
      /ServiceProfile shop\/web\.shop\.svc\.example\.org is left for a person: ServiceProfiles .* one per cluster domain/,
    )
    assert.match(r.stderr, /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is left for a person: ServiceProfiles/)
    if (input.includes('TrafficSplit')) assert.match(r.stderr, /TrafficSplit shop\/web-split is held back by the ServiceProfiles /)
  }
})

test('two copies of one profile, one left for a person: nothing written, in either order', () => {
  const held = pendingProfile('web.shop.svc.cluster.local')
  for (const input of [stream(shopService(), SHOP_SPLIT, held, shopProfile()), stream(shopService(), SHOP_SPLIT, shopProfile(), held)]) {
    const r = cli(ARGS, { input })
    assert.is(r.status, 1, r.stderr)
    assert.is(r.stdout, input, 'nothing written')
    assert.match(
      r.stderr,
      /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by another copy of it, which is left for a person \(sp-order: /,
    )
    assert.match(
      r.stderr,
      /TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local of Service web, which is left for a person \(sp-order: /,
    )
  }
})

test('two copies in two files of one directory, the first left for a person: no file is written', () => {
  const dir = tempDir('unit-copies')
  try {
    const files = {
      'svc.yaml': shopService(),
      'a.yaml': pendingProfile('web.shop.svc.cluster.local'),
      'b.yaml': shopProfile(),
      'split.yaml': SHOP_SPLIT,
    }
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text)
    const r = cli([...GATEWAY_218, '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /b\.yaml:1:1: warning: ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by another copy of it \(a\.yaml\)/,
    )
    for (const [f, text] of Object.entries(files)) assert.is(readFileSync(join(dir, f), 'utf8'), text, f)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a pending profile under another domain first: the split and the other profile are not written', () => {
  const input = stream(shopService(), SHOP_SPLIT, pendingProfile('web.shop.svc.example.org'), shopProfile())
  const r = cli(ARGS, { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input, 'nothing written')
})

test('sp-grpc pending (retryable gRPC methods as HTTPRoutes beside the split): nothing of the unit is written (--write)', () => {
  const dir = tempDir('unit-grpc')
  try {
    const file = join(dir, 'a.yaml')
    const input = stream(
      shopService().replace('name: http', 'name: grpc'),
      shopProfile().replace(
        / {4}- name: GET \/api\/items[\s\S]*$/,
        '    - name: FindByShortcode\n      isRetryable: true\n      condition:\n        method: POST\n        pathRegex: /emojivoto\\.v1\\.EmojiService/FindByShortcode\n',
      ),
      SHOP_SPLIT,
    )
    writeFileSync(file, input)
    const r = cli([...GATEWAY_218, '--write', 'a.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    const said = r.stdout + r.stderr
    assert.match(
      said,
      /warning: ServiceProfile shop\/web\.shop\.svc\.cluster\.local: gRPC methods are HTTPRoutes here.*nothing is written for the profile/,
    )
    assert.match(said, /TrafficSplit shop\/web-split is held back by the ServiceProfile .* \(sp-grpc: /)
    assert.is(readFileSync(file, 'utf8'), input, 'nothing written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
