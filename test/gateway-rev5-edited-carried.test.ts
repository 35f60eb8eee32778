/**
 * The profile converted in one run (not kept), a person edits a route written from it, then the
 * TrafficSplit is added: one run would write the profile's routes with the split's backends, so
 * the edited route would be written over. It never is: the split is held (route-drift, pending,
 * exit 1, nothing written), naming the route and the digest that lets a rerun keep it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

function converted(): string {
  const dir = tempDir('rev5-edited')
  writeFileSync(join(dir, 'a.yaml'), stream(shopService(), shopProfile()))
  const r = cli([...GATEWAY_218, '--write', 'a.yaml'], { cwd: dir })
  assert.is(r.status, 0, r.stderr)
  return dir
}

test('an edited profile route: the split is held, the route and the split files stay byte for byte', () => {
  const dir = converted()
  const a = readFileSync(join(dir, 'a.yaml'), 'utf8')
  const edited = a.replace(
    'value: "/api/items"\n',
    'value: "/api/items"\n      backendRefs:\n        - name: web-special\n          port: 80\n',
  )
  assert.ok(edited !== a, a)
  writeFileSync(join(dir, 'a.yaml'), edited)
  writeFileSync(join(dir, 'b.yaml'), SHOP_SPLIT)
  const r = cli([...GATEWAY_218, '--write', 'a.yaml', 'b.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /warning: TrafficSplit shop\/web-split smi-migrate wrote HTTPRoute web-get-api-items \(a\.yaml\) from the ServiceProfile route "GET \/api\/items" of its Service before, and that route was edited by hand since/,
  )
  assert.match(r.stdout, /set smi-migrate\.io\/written-digest to "[0-9a-f]{16}"/)
  assert.is(readFileSync(join(dir, 'a.yaml'), 'utf8'), edited)
  assert.is(readFileSync(join(dir, 'b.yaml'), 'utf8'), SHOP_SPLIT)
})

test('an edited catch-all: the split is not written in its place', () => {
  const dir = converted()
  const a = readFileSync(join(dir, 'a.yaml'), 'utf8')
  const edited = a.replace(/(name: web-default\n[\s\S]*?)(\n {2}rules:)/, '$1\n  # kept\n  hostnames: ["web.example"]$2')
  assert.ok(edited !== a, a)
  writeFileSync(join(dir, 'a.yaml'), edited)
  writeFileSync(join(dir, 'b.yaml'), SHOP_SPLIT)
  const r = cli([...GATEWAY_218, '--write', 'a.yaml', 'b.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /HTTPRoute web-default \(a\.yaml\) as the catch-all of the ServiceProfile before, and that route was edited by hand since/,
  )
  assert.is(readFileSync(join(dir, 'a.yaml'), 'utf8'), edited)
  assert.is(readFileSync(join(dir, 'b.yaml'), 'utf8'), SHOP_SPLIT)
})

test('unedited, the split is written and the profile route carries its backends', () => {
  const dir = converted()
  writeFileSync(join(dir, 'b.yaml'), SHOP_SPLIT)
  const r = cli([...GATEWAY_218, '--write', 'a.yaml', 'b.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr) // the old catch-all stays in the cluster: named for deletion
  assert.match(readFileSync(join(dir, 'a.yaml'), 'utf8'), /name: web-v2\n\s+port: 80\n\s+weight: 10/)
})

test.run()
