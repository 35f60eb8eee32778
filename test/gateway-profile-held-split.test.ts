/**
 * A refused profile change is not half applied either (issue 38, third review item 1), through
 * the built CLI: split and profile kept, a route written from the profile edited by hand, the
 * split changed. The profile is left for a person, and the split's route, the profile's
 * catch-all, is not written alone with the new weights: nothing is written, exit 1.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const ARGS = [...GATEWAY_218, '--keep-trafficsplit', '--keep-serviceprofile']

test('a profile route edited and the split changed: nothing is written for the split either, exit 1', () => {
  const dir = tempDir('profile-held-split')
  try {
    const file = join(dir, 'in.yaml')
    writeFileSync(file, stream(shopService(), SHOP_SPLIT, shopProfile({ pay: true })))
    const first = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const text = readFileSync(file, 'utf8')
    const at = text.indexOf('name: web-get-api-items')
    assert.ok(at > 0, text)
    const edited = (text.slice(0, at) + text.slice(at).replace('timeout.linkerd.io/request: "2s"', 'timeout.linkerd.io/request: "5s"'))
      .replace('weight: 90', 'weight: 50')
      .replace('weight: 10', 'weight: 50')
    assert.is.not(edited, text)
    writeFileSync(file, edited)
    const r = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /TrafficSplit shop\/web-split.*HTTPRoute web-get-api-items .*edited by hand since.*nothing is written for the split either/,
    )
    assert.not.match(r.stdout + r.stderr, /written in place of/)
    assert.is(readFileSync(file, 'utf8'), edited, 'nothing written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
