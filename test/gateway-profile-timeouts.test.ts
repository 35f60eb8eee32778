/**
 * A profile's timeout is written exactly on every field that carries it, or a finding names each
 * field that rounds it (issue 38, fifth review item 2), through the built CLI: with `--gateway-api
 * 1.2` the route carries `rules[].timeouts.request` beside `timeout.linkerd.io/request`, and the
 * Gateway API duration Linkerd reads holds one unit, ms the smallest, at most 99999 of it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { shopService, stream } from './helpers/shop.js'

const profile = (timeout: string): string => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
    - name: GET /api/items
      condition:
        method: GET
        pathRegex: /api/items
      timeout: ${timeout}
`
const ARGS = ['--to', 'gateway', '--gateway-api', '1.2', '-']

const run = (timeout: string): { status: number | null; stdout: string; stderr: string } =>
  cli(ARGS, { input: stream(shopService(), profile(timeout)) })

test('100001ms: exact in the annotation, rounded to 101s in rules[].timeouts: the finding names the rule field', () => {
  const r = run('100001ms')
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /timeout\.linkerd\.io\/request: "100001ms"/)
  assert.match(r.stdout, /timeouts:\n\s+request: "101s"/)
  assert.match(r.stderr, /warning: .*timeout 100001ms is not written exactly: rules\[\]\.timeouts\.request 101s .*rounded up/)
})

test('1500us: rounded in both fields, and the finding names both', () => {
  const r = run('1500us')
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /timeouts:\n\s+request: "2ms"/)
  assert.match(
    r.stderr,
    /timeout 1500us is not written exactly: timeout\.linkerd\.io\/request 2ms .* and rules\[\]\.timeouts\.request 2ms /,
  )
})

test('1.5s: exact in both (1500ms), no finding', () => {
  const r = run('1.5s')
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /timeouts:\n\s+request: "1500ms"/)
  assert.not.match(r.stderr, /sp-timeout-rounded|not written exactly/)
})

test.run()
