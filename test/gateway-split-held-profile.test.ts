/**
 * A refused split change is not half applied (issue 38, second review item 4), through the built
 * CLI: both kept, the split's route edited by hand, the split changed. The split is left for a
 * person, and the profile's routes, which would carry its new backends, are not written either.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

const INPUT = stream(shopService(), SHOP_SPLIT, shopProfile())
const ARGS = ['--to', 'gateway', '--linkerd', '2.18', '--keep-trafficsplit', '--keep-serviceprofile']

test("the split's route edited and the split changed: nothing is written for the split anywhere, the profile says why, exit 1", () => {
  const dir = tempDir('split-held')
  try {
    const file = join(dir, 'in.yaml')
    writeFileSync(file, INPUT)
    const first = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const text = readFileSync(file, 'utf8')
    // The split's route (the TrafficSplit, kept, has the same name).
    const at = text.indexOf('kind: HTTPRoute\nmetadata:\n  name: web-split\n')
    assert.ok(at > 0, text)
    const edited = (
      text.slice(0, at) +
      text.slice(at).replace('    smi-migrate.io/written-digest', '    retry.linkerd.io/http: "5xx"\n    smi-migrate.io/written-digest')
    )
      .replace('weight: 90', 'weight: 50')
      .replace('weight: 10', 'weight: 50')
    writeFileSync(file, edited)
    const r = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /ServiceProfile .*HTTPRoute web-split .*edited by hand since: .*nothing is written for the profile either/,
    )
    assert.is(readFileSync(file, 'utf8'), edited, 'nothing written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
