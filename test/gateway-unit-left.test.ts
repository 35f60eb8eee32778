/**
 * A TrafficSplit and its Service's ServiceProfile are one unit of writing, also when the
 * converter leaves one of them before the gateway target sees it (issue 38, review of the
 * unit: F1, F6, F14), through the built CLI: a suppressed split (annotation or comment) or one a
 * Helm action writes part of holds its profile, a suppressed profile holds its split, each
 * with a finding naming why; with --no-ignore both are converted together.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const ARGS = [...GATEWAY_218, '-']
const annotated = SHOP_SPLIT.replace(
  '  namespace: shop\n',
  '  namespace: shop\n  annotations:\n    smi-migrate.io/ignore: "kept on purpose"\n',
)

test('a suppressed split (annotation) holds its profile: nothing written, exit 1, the suppression named', () => {
  const input = stream(shopService(), annotated, shopProfile())
  const r = cli(ARGS, { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input, 'nothing written')
  assert.match(r.stderr, /suppressed TrafficSplit shop\/web-split/)
  assert.match(
    r.stderr,
    /warning: ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split of its Service, which the run leaves as it is \(suppressed: annotation smi-migrate\.io\/ignore: "kept on purpose"\).*nothing is written for the profile either/,
  )
})

test('a suppressed split (comment above the document) holds its profile, in either order', () => {
  const split = `# smi-migrate: ignore canary paused\n${SHOP_SPLIT}`
  for (const input of [stream(shopService(), split, shopProfile()), stream(shopProfile(), shopService(), split)]) {
    const r = cli(ARGS, { input })
    assert.is(r.status, 1, r.stderr)
    assert.is(r.stdout, input, 'nothing written')
    assert.match(r.stderr, /held back by TrafficSplit web-split.*\(suppressed: comment # smi-migrate: ignore: "canary paused"\)/)
  }
})

test('with --no-ignore the split and its profile are converted together', () => {
  const r = cli([...GATEWAY_218, '--no-ignore', '-'], { input: stream(shopService(), annotated, shopProfile()) })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /name: web-split\n/)
  assert.match(r.stdout, /name: web-get-api-items\n/)
  assert.not.match(r.stdout, /kind: (TrafficSplit|ServiceProfile)/)
})

test('a split a Helm action writes part of holds its profile (templated)', () => {
  const split = SHOP_SPLIT.replace('  namespace: shop\n', '  namespace: shop\n  labels:\n    chart: "{{ .Chart.Name }}"\n')
  const input = stream(shopService(), split, shopProfile())
  const r = cli(ARGS, { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input, 'nothing written')
  assert.match(
    r.stderr,
    /held back by TrafficSplit web-split.*\(templated: a template action writes part of it \(\{\{ \.Chart\.Name \}\}\)\)/,
  )
})

test('a suppressed profile is not converted (docs/suppressions.md), and alone it holds nothing', () => {
  const input = stream(shopService(), `# smi-migrate: ignore keep the profile\n${shopProfile()}`)
  const r = cli(ARGS, { input })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, input)
  assert.match(r.stderr, /suppressed ServiceProfile shop\/web\.shop\.svc\.cluster\.local \(linkerd\.io\/v1alpha2\): "keep the profile"/)
})

test('a suppressed profile (annotation) holds its split: nothing written, exit 1', () => {
  const profile = shopProfile().replace(
    '  namespace: shop\n',
    '  namespace: shop\n  annotations:\n    smi-migrate.io/ignore: "routes by hand"\n',
  )
  const input = stream(shopService(), SHOP_SPLIT, profile)
  const r = cli(ARGS, { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input, 'nothing written')
  assert.match(
    r.stderr,
    /warning: TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local of Service web, which the run leaves as it is \(suppressed: annotation smi-migrate\.io\/ignore: "routes by hand"\)/,
  )
})

test.run()
