/**
 * A ServiceProfile document the tool cannot parse is not invisible (issue 38, fourth review C1),
 * through the built CLI: kubectl reads a duplicate key (it keeps one of the two), so such a
 * profile may be live. It is an error at its line and column, as a broken TrafficSplit is, and
 * the TrafficSplit of its Service is held with it (`sp-held`): converted alone, its route would
 * make Linkerd drop the profile's timeouts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

/** The shop profile with its route's timeout written twice (kubectl keeps one). */
const DUPLICATE = shopProfile().replace('      timeout: 2s\n', '      timeout: 2s\n      timeout: 5s\n')
const HELD =
  /TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local of Service web.*which the run cannot read \(invalid-yaml: Map keys must be unique/

test('stream: the profile is an error at its duplicate key, the split is held, exit 2', () => {
  const input = stream(shopService(), SHOP_SPLIT, DUPLICATE)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 2, r.stderr)
  const line = input.split('\n').indexOf('      timeout: 5s') + 1
  assert.match(
    r.stderr,
    new RegExp(`<stdin>:${line}:7: error: invalid YAML in a document that mentions ServiceProfile: Map keys must be unique`),
  )
  assert.match(r.stderr, HELD)
  assert.not.match(r.stdout, /kind: HTTPRoute/)
  assert.match(r.stdout, /kind: TrafficSplit/)
})

test('files: the split in another file is not rewritten, exit 2', () => {
  const dir = tempDir('profile-unreadable')
  try {
    mkdirSync(join(dir, 'd'))
    const a = stream(shopService(), SHOP_SPLIT)
    writeFileSync(join(dir, 'd/a.yaml'), a)
    writeFileSync(join(dir, 'd/sp.yaml'), DUPLICATE)
    const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
    assert.is(r.status, 2, r.stderr)
    const said = r.stdout + r.stderr
    assert.match(said, /d\/sp\.yaml:\d+:\d+: error: invalid YAML in a document that mentions ServiceProfile/)
    assert.match(
      said,
      /d\/a\.yaml:\d+:\d+: warning: TrafficSplit shop\/web-split is held back .*\(d\/sp\.yaml\), which the run cannot read/,
    )
    assert.is(readFileSync(join(dir, 'd/a.yaml'), 'utf8'), a, 'a.yaml unchanged')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a kind spelled by escapes, and a document whose name cannot be read, hold the split too', () => {
  const escaped = shopProfile()
    .replace('kind: ServiceProfile', 'kind: "Service\\x50rofile"')
    .replace('      timeout: 2s\n', '      timeout: 2s\n      timeout: 5s\n')
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), SHOP_SPLIT, escaped) })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, /error: invalid YAML in a document that mentions ServiceProfile/)
  assert.match(r.stderr, HELD)
  const tabbed = shopProfile().replace('  name: web.shop.svc.cluster.local\n', '\tname: web.shop.svc.cluster.local\n')
  const t = cli([...GATEWAY_218, '-'], { input: stream(shopService(), SHOP_SPLIT, tabbed) })
  assert.is(t.status, 2, t.stderr)
  assert.match(
    t.stderr,
    /TrafficSplit shop\/web-split is held back by the ServiceProfile \(a document whose name cannot be read\) of Service web/,
  )
  assert.not.match(t.stdout, /kind: HTTPRoute/)
})

test('a profile alone that cannot be read is an error, not "nothing to convert"', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), DUPLICATE) })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, /error: invalid YAML in a document that mentions ServiceProfile/)
})

test.run()
