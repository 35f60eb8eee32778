/**
 * A split's route already in the input is older than the routes a run writes (issue 38, fourth
 * review C3), through the built CLI. Linkerd breaks a tie between routes by age, then name: a
 * profile route without a method that matches `/` (`root`, written `web-root`) ties on `/` with
 * the split's route (no matches, `PathPrefix /`), and when that route was applied by an earlier run
 * it wins, whatever the names: `GET /` would lose the profile route's timeout. Held (`sp-order`,
 * exit 1, nothing written), as the same tie is in one run when the names put the split's first.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, shopService } from './helpers/shop.js'

const ROOT = `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
  routes:
    - name: root
      condition:
        pathRegex: /
      timeout: 1s
`

for (const keep of [false, true])
  test(`split converted in an earlier run${keep ? ' (kept)' : ''}, a profile added later: its route tying on / with the older split route is held`, () => {
    const dir = tempDir('profile-older-catch-all')
    try {
      mkdirSync(join(dir, 'd'))
      writeFileSync(join(dir, 'd/svc.yaml'), shopService())
      writeFileSync(join(dir, 'd/split.yaml'), SHOP_SPLIT)
      const args = [...GATEWAY_218, ...(keep ? ['--keep-trafficsplit'] : []), '--write', 'd']
      const first = cli(args, { cwd: dir })
      assert.is(first.status, 0, first.stdout + first.stderr)
      const split = readFileSync(join(dir, 'd/split.yaml'), 'utf8')
      assert.match(split, /kind: HTTPRoute\n/)
      writeFileSync(join(dir, 'd/sp.yaml'), ROOT)
      const r = cli(args, { cwd: dir })
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(
        r.stdout + r.stderr,
        /route "root" \(web-root\) ties with the catch-all route web-split on \/, .*web-split is already in the input, older than the routes this run writes/,
      )
      assert.is(readFileSync(join(dir, 'd/sp.yaml'), 'utf8'), ROOT, 'nothing written for the profile')
      assert.is(readFileSync(join(dir, 'd/split.yaml'), 'utf8'), split)
      assert.ok(existsSync(join(dir, 'd/svc.yaml')))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

test('in one run, the same names convert: web-root sorts before web-split, and both are new', () => {
  const r = cli([...GATEWAY_218, '-'], { input: [shopService(), SHOP_SPLIT, ROOT].join('---\n') })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /name: web-root\n/)
})

const snapshot = (dir: string): string[] => ['svc', 'split', 'sp'].map((f) => readFileSync(join(dir, `d/${f}.yaml`), 'utf8'))

for (const keeps of [['--keep-serviceprofile'], ['--keep-trafficsplit', '--keep-serviceprofile']])
  test(`split and profile converted together (${keeps.join(' ')}): reruns, and the run without keeps, are no-ops (exit 0)`, () => {
    const dir = tempDir('profile-older-catch-all-rerun')
    try {
      mkdirSync(join(dir, 'd'))
      writeFileSync(join(dir, 'd/svc.yaml'), shopService())
      writeFileSync(join(dir, 'd/split.yaml'), SHOP_SPLIT)
      writeFileSync(join(dir, 'd/sp.yaml'), ROOT)
      const first = cli([...GATEWAY_218, ...keeps, '--write', 'd'], { cwd: dir })
      assert.is(first.status, 0, first.stdout + first.stderr)
      const once = snapshot(dir)
      assert.match(once[2]!, /name: web-root\n/)
      assert.match(once[1]!, /name: web-split\n/)
      for (const check of [
        ['--check', 'd'],
        ['--write', 'd'],
      ]) {
        const again = cli([...GATEWAY_218, ...keeps, ...check], { cwd: dir })
        assert.is(again.status, 0, again.stdout + again.stderr)
        assert.not.match(again.stdout + again.stderr, /sp-order/)
        assert.equal(snapshot(dir), once, 'a rerun writes nothing')
      }
      const last = cli([...GATEWAY_218, '--write', 'd'], { cwd: dir })
      assert.is(last.status, 0, last.stdout + last.stderr)
      assert.not.match(last.stdout + last.stderr, /sp-order/)
      assert.equal(snapshot(dir), once, 'the routes stay as written, the SMI objects are left for a person to delete')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

test.run()
