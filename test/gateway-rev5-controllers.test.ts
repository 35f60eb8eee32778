/**
 * A Flagger Canary or an Argo Rollout in the input writes its Service's TrafficSplit at run
 * time, so the split is not in the input: the Service's ServiceProfile is one unit with that
 * split, and no `<service>-default` catch-all is written that would tie with (and, older, win
 * over) the controller's own HTTPRoute after its switch to the Gateway API. The profile is left
 * for a person (owned-by-controller, pending, exit 1), and nothing is written. So it is when the
 * controller's split is in the input too (issue 38, fourth review L5): not an error.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const CANARY = `apiVersion: flagger.app/v1beta1
kind: Canary
metadata:
  name: web
  namespace: shop
spec:
  provider: linkerd
  targetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  service: {port: 80}
`
const ROLLOUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: web
  namespace: shop
spec:
  strategy:
    canary:
      canaryService: web-canary
      stableService: web-stable
      trafficRouting:
        smi:
          rootService: web
`

for (const [kind, doc] of [
  ['Canary', CANARY],
  ['Rollout', ROLLOUT],
] as const)
  test(`a ${kind} in the input: the profile is left for a person, no catch-all written, exit 1`, () => {
    const input = stream(shopService(), doc, shopProfile())
    const r = cli([...GATEWAY_218, '-'], { input })
    assert.is(r.status, 1, r.stderr)
    assert.is(r.stdout, input, 'nothing written: the profile stays')
    assert.not.match(r.stdout, /web-default/)
    assert.match(
      r.stderr,
      new RegExp(
        `warning: ServiceProfile shop/web\\.shop\\.svc\\.cluster\\.local is the profile of Service web, whose TrafficSplit ${kind} web writes at run time`,
      ),
    )
    const json = cli([...GATEWAY_218, '--format', 'json', '-'], { input })
    const f = (JSON.parse(json.stderr) as Array<{ code: string; pending?: boolean }>).find((d) => d.code === 'owned-by-controller')
    assert.ok(f?.pending, json.stderr)
  })

for (const [kind, doc] of [
  ['Canary', CANARY],
  ['Rollout', ROLLOUT],
] as const)
  test(`a ${kind} in the input with its split and the profile: both left for a person (owned-by-controller), exit 1, not an error`, () => {
    const input = stream(shopService(), SHOP_SPLIT, doc, shopProfile())
    const r = cli([...GATEWAY_218, '-'], { input })
    assert.is(r.status, 1, r.stderr)
    assert.is(r.stdout, input, 'nothing written')
    assert.not.match(r.stderr, /error/)
    assert.match(r.stderr, new RegExp(`warning: TrafficSplit shop/web-split is owned by ${kind} web`))
    assert.match(
      r.stderr,
      new RegExp(
        `warning: ServiceProfile shop/web\\.shop\\.svc\\.cluster\\.local is the profile of Service web, whose TrafficSplit ${kind} web writes at run time`,
      ),
    )
    const json = cli([...GATEWAY_218, '--format', 'json', '-'], { input })
    const found = JSON.parse(json.stderr) as Array<{ code: string; pending?: boolean; message: string }>
    const f = found.filter((d) => d.code === 'owned-by-controller')
    assert.is(f.length, 2, json.stderr)
    assert.ok(
      f.every((d) => d.pending === true),
      json.stderr,
    )
  })

test('without a controller the same profile converts, with its catch-all', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), shopProfile()) })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /name: web-default\n/)
})

test.run()
