/**
 * `sp-order` and two RegularExpression paths no path matches both (issue 38, fourth review M2),
 * through the built CLI: such routes are converted (exit 0, every route written), whatever
 * their order and names; routes some path matches both of are still held (exit 1, nothing
 * written for the profile).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, shopService, stream } from './helpers/shop.js'

const profile = (routes: Array<[string, string]>): string => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
${routes.map(([name, regex]) => `    - name: ${JSON.stringify(name)}\n      condition:\n        method: GET\n        pathRegex: '${regex}'\n`).join('')}`

const run = (routes: Array<[string, string]>): ReturnType<typeof cli> =>
  cli([...GATEWAY_218, '-'], { input: stream(shopService(), profile(routes)) })

test('the review: /pets/[^/]*/photos before /pets/[^/]* converts, both routes written', () => {
  const r = run([
    ['GET /pets/{id}/photos', '/pets/[^/]*/photos'],
    ['GET /pets/{id}', '/pets/[^/]*'],
  ])
  assert.is(r.status, 0, r.stderr)
  assert.not.match(r.stderr, /sp-order|may now take/)
  assert.match(r.stdout, /name: web-get-pets-id-photos\n[\s\S]*value: "\^\/pets\/\[\^\/\]\*\/photos\$"/)
  assert.match(r.stdout, /name: web-get-pets-id\n[\s\S]*value: "\^\/pets\/\[\^\/\]\*\$"/)
  assert.match(r.stderr, /converted 1 ServiceProfile/)
})

test('the review: /a/[0-9]+ then /a/[a-z]+, the second named to sort first, converts', () => {
  const r = run([
    ['b-num', '/a/[0-9]+'],
    ['a-alpha', '/a/[a-z]+'],
  ])
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /name: web-b-num\n/)
  assert.match(r.stdout, /name: web-a-alpha\n/)
})

const HELD: Array<[string, string, string]> = [
  ['/v[0-9]+/items', '/v1/.*', '/v1/items'],
  ['/items(/.*)?', '/items/[0-9]+', '/items/1'],
  ['/[a-z]{3}', '/[a-c]pi', '/api'],
  ['/a/[^/]+', '/a/(x|y)z', '/a/xz'],
]
for (const [first, second, path] of HELD)
  test(`${first} then ${second} (both take ${path}), the second named to sort first: still held`, () => {
    const r = run([
      ['b', first],
      ['a', second],
    ])
    assert.is(r.status, 1, r.stderr)
    assert.match(r.stderr, /route "a" \(web-a\) may now take requests the profile sent to the earlier route "b" \(web-b\): they tie/)
    assert.not.match(r.stdout, /kind: HTTPRoute/)
  })

test.run()
