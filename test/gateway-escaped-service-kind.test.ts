/**
 * A Service whose `kind` is written with escapes of a double-quoted scalar (`"Servic\x65"`,
 * `\u0065`, an escaped line break) is a Service to kubectl, and the gateway target reads it as
 * one (issue 38, review r38g N3, N5), through the built CLI: its `appProtocol` decides the route
 * kind (an opaque port takes a TCPRoute, never an HTTPRoute Linkerd ignores), in stream and in
 * --write mode, and a split and profile whose kinds are both escaped find the plain Service.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const GRPC = shopService('    - name: http\n      port: 80\n      appProtocol: grpc\n')
const SPELLINGS = ['"Servic\\x65"', '"Servic\\u0065"', '"Servic\\U00000065"', '"Serv\\\n  ice"']

for (const kind of SPELLINGS) {
  const service = GRPC.replace('kind: Service', `kind: ${kind}`)

  test(`stream: a Service spelled kind: ${JSON.stringify(kind)} is read, its grpc port takes a TCPRoute`, () => {
    const r = cli([...GATEWAY_218, '-'], { input: stream(service, SHOP_SPLIT) })
    assert.is(r.status, 0, r.stderr)
    assert.not.match(r.stderr, /not in the input/)
    assert.match(r.stdout, /kind: TCPRoute\n/)
    assert.not.match(r.stdout, /kind: HTTPRoute/)
  })

  test(`--write: a Service file spelled kind: ${JSON.stringify(kind)} is read beside the split's`, () => {
    const dir = tempDir('escaped-service-kind')
    try {
      mkdirSync(join(dir, 'd'))
      writeFileSync(join(dir, 'd/svc.yaml'), service)
      writeFileSync(join(dir, 'd/split.yaml'), SHOP_SPLIT)
      const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
      assert.is(r.status, 0, r.stdout + r.stderr)
      const split = readFileSync(join(dir, 'd/split.yaml'), 'utf8')
      assert.match(split, /kind: TCPRoute\n/)
      assert.not.match(split, /kind: HTTPRoute/)
      assert.is(readFileSync(join(dir, 'd/svc.yaml'), 'utf8'), service)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
}

test('the plain Service, a split and a profile with both kinds escaped: converted as a unit (N5)', () => {
  const split = SHOP_SPLIT.replace('kind: TrafficSplit', 'kind: "Traffic\\x53plit"')
  for (const profile of [
    shopProfile().replace('kind: ServiceProfile', 'kind: "Service\\x50rofile"'),
    shopProfile().replace('kind: ServiceProfile', 'kind: "Service\\u0050rofile"'),
  ]) {
    const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), split, profile) })
    assert.is(r.status, 0, r.stderr)
    assert.not.match(r.stderr, /not in the input/)
    assert.match(r.stderr, /converted 1 TrafficSplit and 1 ServiceProfile/)
    const route = r.stdout.slice(r.stdout.indexOf('name: web-get-api-items'))
    assert.match(route, /- name: web\n\s+port: 80\n\s+weight: 90\n\s+- name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
  }
})

test.run()
