/**
 * An unreadable TrafficSplit whose broken spot hides its `spec.service` (a tab-indented
 * `service:` line) holds every ServiceProfile of its namespace (issue 38, review r38g N4), through
 * the built CLI: it may split any of their Services, and a profile's routes written alone would
 * drop its backends. A profile of another namespace is not held by it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const BROKEN = SHOP_SPLIT.replace('  service: web\n', '\tservice: web\n')
const HELD =
  /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split \(its spec\.service cannot be read\).*invalid-yaml/

test('--write: the profile is held (sp-held), nothing is written, exit 2', () => {
  const dir = tempDir('profile-unread-split-service')
  try {
    mkdirSync(join(dir, 'd'))
    writeFileSync(join(dir, 'd/svc.yaml'), shopService())
    writeFileSync(join(dir, 'd/split.yaml'), BROKEN)
    writeFileSync(join(dir, 'd/sp.yaml'), shopProfile())
    const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /d\/split\.yaml:\d+:\d+: error: invalid YAML in a document that mentions TrafficSplit/)
    assert.match(r.stdout + r.stderr, HELD)
    assert.is(readFileSync(join(dir, 'd/sp.yaml'), 'utf8'), shopProfile())
    assert.is(readFileSync(join(dir, 'd/split.yaml'), 'utf8'), BROKEN)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('stream: no route is written for the profile', () => {
  const r = cli([...GATEWAY_218, '-'], { input: [shopService(), BROKEN, shopProfile()].join('---\n') })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, HELD)
  assert.not.match(r.stdout, /kind: HTTPRoute/)
})

test('stream: a profile of another namespace is converted', () => {
  const other = (s: string): string => s.replace('namespace: shop', 'namespace: other')
  const r = cli([...GATEWAY_218, '-'], {
    input: [shopService(), BROKEN, other(shopService()), other(shopProfile()).replace('web.shop.svc', 'web.other.svc')].join('---\n'),
  })
  assert.is(r.status, 2, r.stderr)
  assert.not.match(r.stderr, /held back/)
  assert.match(r.stdout, /name: web-get-api-items\n\s+namespace: other\n/)
})

test.run()
