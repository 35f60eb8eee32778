/**
 * Copies of one ServiceProfile (one namespace and name) in the files of one directory, or in one
 * stream (issue 38, second review of the split/profile units), through the built CLI: copies
 * that differ leave their Service's unit for a person (which copy is live is not known), and
 * identical copies convert alike.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

/** The shop profile with `GET /api/items` timing out after 5s instead of 2s. */
const slower = shopProfile().replace('timeout: 2s', 'timeout: 5s')

function inDir(files: Record<string, string>, run: (dir: string) => void): void {
  const dir = tempDir('profile-copies')
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true })
      writeFileSync(join(dir, name), text)
    }
    run(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

test('two differing copies in one directory: the unit is left for a person, both copies named, nothing written', () => {
  const files = {
    'd/svc.yaml': shopService(),
    'd/split.yaml': SHOP_SPLIT,
    'd/sp1.yaml': shopProfile(),
    'd/sp2.yaml': `# a copy\n---\n${slower}`,
  }
  inDir(files, (dir) => {
    const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    const out = r.stdout + r.stderr
    const copies = /in the input 2 times \(d\/sp1\.yaml:1, d\/sp2\.yaml:3\), and the copies differ/
    assert.match(
      out,
      new RegExp(
        `d/sp1\\.yaml:1:1: warning: ServiceProfile shop/web\\.shop\\.svc\\.cluster\\.local is left for a person: .*${copies.source}`,
      ),
    )
    assert.match(
      out,
      new RegExp(
        `d/sp2\\.yaml:3:1: warning: ServiceProfile shop/web\\.shop\\.svc\\.cluster\\.local is left for a person: .*${copies.source}`,
      ),
    )
    assert.match(
      out,
      /d\/split\.yaml:1:1: warning: TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local/,
    )
    assert.not.match(out, /converted (?:TrafficSplit|ServiceProfile)/)
    for (const [name, text] of Object.entries(files)) assert.is(readFileSync(join(dir, name), 'utf8'), text, `${name} unchanged`)
  })
})

test('differing copies in one stream (no split): left for a person with their lines, the stream unchanged', () => {
  const input = stream(shopService(), shopProfile(), slower)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.match(r.stderr, /in the input 2 times \(lines 11 and 24 of the input\), and the copies differ/)
  assert.is(r.stdout, input)
})

test('identical copies convert alike: the same routes in both files, exit 0', () => {
  const files = { 'd/svc.yaml': shopService(), 'd/split.yaml': SHOP_SPLIT, 'd/sp1.yaml': shopProfile(), 'd/sp2.yaml': shopProfile() }
  inDir(files, (dir) => {
    const r = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    const one = readFileSync(join(dir, 'd/sp1.yaml'), 'utf8')
    assert.match(one, /kind: HTTPRoute\n(?:.*\n)*? {2}name: web-get-api-items\n/)
    assert.is(readFileSync(join(dir, 'd/sp2.yaml'), 'utf8'), one)
  })
})

test('differing profiles in two directories that each hold the Service: each converts on its own', () => {
  const files = { 'a/web.yaml': stream(shopService(), shopProfile()), 'b/web.yaml': stream(shopService(), slower) }
  inDir(files, (dir) => {
    const r = cli([...GATEWAY_218, '--write', 'a', 'b'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(readFileSync(join(dir, 'a/web.yaml'), 'utf8'), /timeout\.linkerd\.io\/request: "2s"/)
    assert.match(readFileSync(join(dir, 'b/web.yaml'), 'utf8'), /timeout\.linkerd\.io\/request: "5s"/)
  })
})

test('a Service without a namespace: copies of its profile without one and with the namespace its name says are one (r38-final D7)', () => {
  const unspaced = (text: string) => text.replace('  namespace: shop\n', '')
  const svc = unspaced(shopService())
  const input = stream(svc, unspaced(shopProfile()), slower)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input)
  assert.match(r.stderr, /ServiceProfile web\.shop\.svc\.cluster\.local is in the input 2 times .*the copies differ/)
  // Identical copies still convert.
  const same = cli([...GATEWAY_218, '-'], { input: stream(svc, unspaced(shopProfile()), shopProfile()) })
  assert.is(same.status, 0, same.stderr)
})

test('a Service written in the namespace its profile names: copies without a namespace and with it are one too (r38h N4)', () => {
  const unspaced = (text: string) => text.replace('  namespace: shop\n', '')
  const input = stream(shopService(), unspaced(shopProfile()), slower)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.is(r.stdout, input)
  assert.match(r.stderr, /ServiceProfile web\.shop\.svc\.cluster\.local is in the input 2 times .*the copies differ/)
  const same = cli([...GATEWAY_218, '-'], { input: stream(shopService(), unspaced(shopProfile()), shopProfile()) })
  assert.is(same.status, 0, same.stderr)
})

test.run()
