/**
 * An unreadable TrafficSplit (a duplicate key, which `kubectl apply` accepts) holds its Service's
 * ServiceProfile, as an unreadable profile holds its split (issue 38, r38-final D4), through the
 * built CLI: the split may be live, and the profile's routes written alone would drop its backends.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const BROKEN = SHOP_SPLIT.replace('      weight: 10\n', '      weight: 10\n      weight: 20\n')

test('--write: the profile is held (sp-held), nothing is written, exit 2', () => {
  const dir = tempDir('profile-unread-split')
  try {
    mkdirSync(join(dir, 'd'))
    writeFileSync(join(dir, 'd/svc.yaml'), shopService())
    writeFileSync(join(dir, 'd/split.yaml'), BROKEN)
    writeFileSync(join(dir, 'd/sp.yaml'), shopProfile())
    const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /d\/split\.yaml:\d+:\d+: error: invalid YAML in a document that mentions TrafficSplit/)
    assert.match(
      r.stdout + r.stderr,
      /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split .*invalid-yaml/,
    )
    assert.is(readFileSync(join(dir, 'd/sp.yaml'), 'utf8'), shopProfile())
    assert.is(readFileSync(join(dir, 'd/split.yaml'), 'utf8'), BROKEN)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('stream: no route is written for the profile', () => {
  const r = cli([...GATEWAY_218, '-'], { input: [shopService(), BROKEN, shopProfile()].join('---\n') })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, /held back by TrafficSplit web-split/)
  assert.not.match(r.stdout, /kind: HTTPRoute/)
})

test.run()
