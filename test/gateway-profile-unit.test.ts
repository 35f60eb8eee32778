/**
 * A TrafficSplit and the ServiceProfile of its Service are one unit of writing (issue 38, fifth
 * review item 1), through the built CLI, in fresh runs: a profile left for a person (its order, a
 * refused condition) holds the split back, in one file and across the files of one run, so the
 * split never becomes a route that would make Linkerd ignore the profile's timeouts and retries;
 * and a split left for a person holds the profile back.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { BIN, cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopService, stream } from './helpers/shop.js'

/** A profile whose order Linkerd does not keep: `GET /x` went to the first route, goes to the second (sp-order). */
const ORDERED = `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
    - name: all GET
      condition:
        method: GET
      timeout: 2s
    - name: GET /x
      condition:
        method: GET
        pathRegex: /x
      timeout: 5s
`

/** A profile refused outright: `not` over a path has no route form (match-unrepresentable). */
const REFUSED = ORDERED.replace('        method: GET\n      timeout: 2s', '        not:\n          pathRegex: /y\n      timeout: 2s')

const HELD = /TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local of Service web/

test('stream: a profile left for its order holds the split: no route is written, exit 1', () => {
  const input = stream(shopService(), SHOP_SPLIT, ORDERED)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.match(r.stderr, HELD)
  assert.match(r.stderr, /\(sp-order: route "GET \/x"/)
  assert.is(r.stdout, input, 'the split stays a TrafficSplit, nothing else written')
})

test('--format json: the split is pending with its own code, and names the profile', () => {
  const r = cli([...GATEWAY_218, '--format', 'json', '-'], { input: stream(shopService(), SHOP_SPLIT, ORDERED) })
  assert.is(r.status, 1, r.stderr)
  const held = (JSON.parse(r.stderr) as Array<{ code: string; pending?: boolean; message: string }>).find((f) => f.code === 'sp-held')
  assert.ok(held, r.stderr)
  assert.is(held.pending, true)
  assert.match(held.message, /web\.shop\.svc\.cluster\.local/)
})

test('files: the profile in another file of the run holds the split; --write writes neither', () => {
  const dir = tempDir('profile-unit')
  try {
    writeFileSync(join(dir, 'svc.yaml'), shopService())
    writeFileSync(join(dir, 'split.yaml'), SHOP_SPLIT)
    writeFileSync(join(dir, 'profile.yaml'), ORDERED)
    const r = cli([...GATEWAY_218, '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /split\.yaml:1:1: warning: TrafficSplit shop\/web-split is held back .*\(profile\.yaml\)/)
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), SHOP_SPLIT)
    assert.is(readFileSync(join(dir, 'profile.yaml'), 'utf8'), ORDERED)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a profile refused outright holds the split too, and nothing of the file is written', () => {
  const dir = tempDir('profile-unit-refused')
  try {
    const file = join(dir, 'in.yaml')
    const input = stream(shopService(), SHOP_SPLIT, REFUSED)
    writeFileSync(file, input)
    const r = cli([...GATEWAY_218, '--check', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, HELD)
    assert.not.match(r.stdout + r.stderr, /would convert TrafficSplit/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the profile converts: the split is written with it, as before', () => {
  const fine = ORDERED.replace('    - name: all GET\n      condition:\n        method: GET\n      timeout: 2s\n', '')
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), SHOP_SPLIT, fine) })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /kind: HTTPRoute\nmetadata:\n {2}name: web-split\n/)
  assert.match(r.stdout, /name: web-get-x/)
})

test('the other way: a split left for a person (owned by a Canary) holds its profile', () => {
  const owned = SHOP_SPLIT.replace(
    '  namespace: shop\n',
    '  namespace: shop\n  ownerReferences:\n    - apiVersion: flagger.app/v1beta1\n      kind: Canary\n      name: web\n',
  )
  const fine = ORDERED.replace('    - name: all GET\n      condition:\n        method: GET\n      timeout: 2s\n', '')
  const input = stream(shopService(), owned, fine)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stderr,
    /warning: ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split of its Service, which is left for a person \(owned-by-controller: .*nothing is written for the profile either/,
  )
  assert.is(r.stdout, input)
})

test('a rerun of both kept: the profile reordered (sp-order) and the split changed: the split is held too, nothing written', () => {
  const dir = tempDir('profile-unit-rerun')
  try {
    const fine = ORDERED.replace('    - name: all GET\n      condition:\n        method: GET\n      timeout: 2s\n', '')
    const file = join(dir, 'in.yaml')
    writeFileSync(file, stream(shopService(), SHOP_SPLIT, fine))
    const keep = [...GATEWAY_218, '--keep-trafficsplit', '--keep-serviceprofile', '--write', 'in.yaml']
    const first = cli(keep, { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const converted = readFileSync(file, 'utf8')
    // The profile gains a route before its own that takes GET /x from it; the canary moves to 50/50.
    const edited = converted
      .replace(
        '  routes:\n    - name: GET /x\n',
        '  routes:\n    - name: all GET\n      condition:\n        method: GET\n      timeout: 2s\n    - name: GET /x\n',
      )
      .replace('weight: 90', 'weight: 50')
      .replace('weight: 10', 'weight: 50')
    assert.is.not(edited, converted)
    writeFileSync(file, edited)
    const r = cli(keep, { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, HELD)
    assert.not.match(r.stdout + r.stderr, /written in place of/)
    assert.is(readFileSync(file, 'utf8'), edited, 'nothing written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("docs/cli.md's pipeline: with pipefail the pipe's status is 1, and the file pattern applies nothing", () => {
  const dir = tempDir('profile-unit-pipe')
  try {
    writeFileSync(join(dir, 'in.yaml'), stream(shopService(), SHOP_SPLIT, ORDERED))
    const smi = `'${process.execPath}' '${BIN}' --to gateway --linkerd 2.18 -`
    const script = [
      'set -o pipefail',
      `cat in.yaml | ${smi} 2>/dev/null | cat > /dev/null; echo "pipe $? \${PIPESTATUS[1]}"`,
      `if cat in.yaml | ${smi} > out.yaml 2>/dev/null; then echo applied; else echo "held $?"; fi`,
    ].join('\n')
    const r = spawnSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8' })
    assert.is(r.stdout, 'pipe 1 1\nheld 1\n', r.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
