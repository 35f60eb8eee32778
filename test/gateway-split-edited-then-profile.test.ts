/**
 * Split first, profile second (issue 38, second review item 6), through the built CLI: a split's
 * route a person edited since (its digest no longer matches) is not the plain catch-all, and
 * the profile's conversion says so (`sp-routes-beside`), as for a hand-written route beside it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const SERVICE = shopService()
const SPLIT = SHOP_SPLIT
const PROFILE = shopProfile()

for (const edit of [false, true])
  test(`split first, profile second, the split's route ${edit ? 'edited by hand: sp-routes-beside names it' : 'as written: no sp-routes-beside'}`, () => {
    const dir = tempDir('split-edited')
    try {
      writeFileSync(join(dir, 'svc.yaml'), SERVICE)
      writeFileSync(join(dir, 'split.yaml'), SPLIT)
      const first = cli(['--to', 'gateway', '--linkerd', '2.18', '--write', '.'], { cwd: dir })
      assert.is(first.status, 0, first.stdout + first.stderr)
      const route = readFileSync(join(dir, 'split.yaml'), 'utf8')
      assert.match(route, 'name: web-split')
      if (edit) writeFileSync(join(dir, 'split.yaml'), route.replace('weight: 90', 'weight: 80').replace('weight: 10', 'weight: 20'))
      writeFileSync(join(dir, 'sp.yaml'), PROFILE)
      const r = cli(['--to', 'gateway', '--linkerd', '2.18', '--write', '.'], { cwd: dir })
      const out = r.stdout + r.stderr
      if (edit) assert.match(out, /warning: .*HTTPRoute web-split \(split\.yaml\) was edited by hand since smi-migrate wrote it/)
      else assert.not.match(out, 'edited by hand')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

test.run()
