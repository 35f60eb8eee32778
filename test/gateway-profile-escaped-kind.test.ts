/**
 * A TrafficSplit or ServiceProfile whose `kind` is written with escapes of a double-quoted scalar
 * (`"Traffic\x53plit"`, `\u0053`, an escaped line break) is the same kind to kubectl, and is paired
 * with the other half of its unit (issue 38, r38-final D2, D9), through the built CLI.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const SPELLINGS = ['"Traffic\\x53plit"', '"Traffic\\u0053plit"', '"Traffic\\\n  Split"']

for (const kind of SPELLINGS)
  test(`a TrafficSplit spelled kind: ${JSON.stringify(kind)} gives its backends to its profile's routes (--write)`, () => {
    const dir = tempDir('profile-escaped-kind')
    try {
      mkdirSync(join(dir, 'd'))
      writeFileSync(join(dir, 'd/svc.yaml'), shopService())
      writeFileSync(join(dir, 'd/split.yaml'), SHOP_SPLIT.replace('kind: TrafficSplit', `kind: ${kind}`))
      writeFileSync(join(dir, 'd/sp.yaml'), shopProfile())
      const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(r.stdout + r.stderr, /converted 1 ServiceProfile and 1 TrafficSplit/)
      const sp = readFileSync(join(dir, 'd/sp.yaml'), 'utf8')
      assert.match(sp, /name: web-get-api-items\n/)
      // Without the split, the profile would get a catch-all of its own (web-default) that ties with web-split.
      assert.not.match(sp, /web-default/)
      const route = sp.slice(sp.indexOf('name: web-get-api-items'))
      assert.match(route, /- name: web\n\s+port: 80\n\s+weight: 90\n\s+- name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

test('an unreadable ServiceProfile (duplicate key) spelled kind: "Service\\⏎ Profile" holds its split', () => {
  const profile = shopProfile()
    .replace('kind: ServiceProfile', 'kind: "Service\\\n  Profile"')
    .replace('      timeout: 2s\n', '      timeout: 2s\n      timeout: 5s\n')
  const r = cli([...GATEWAY_218, '-'], { input: [shopService(), SHOP_SPLIT, profile].join('---\n') })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, /error: invalid YAML in a document that mentions ServiceProfile/)
  assert.match(r.stderr, /TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local/)
  assert.not.match(r.stdout, /kind: HTTPRoute/)
})

test.run()
