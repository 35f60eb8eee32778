/**
 * A kept profile route written by smi-migrate in a later run than the split's route (issue 38,
 * review r38g N2), through the built CLI: it is younger than the split's route (kubectl apply
 * keeps an object's first creation time), so once edited to tie with it on `/` (its method
 * dropped) the older split route would take `/`. Only a route in the input exactly as the run
 * writes it is taken as old as the split's route (one run wrote both); this one is held.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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

const snapshot = (dir: string): string[] => ['svc', 'split', 'sp'].map((f) => readFileSync(join(dir, `d/${f}.yaml`), 'utf8'))

test('a kept profile route written in a later run than the split route, then edited to tie on /: held (review r38g N2)', () => {
  const dir = tempDir('profile-older-catch-all-later')
  try {
    mkdirSync(join(dir, 'd'))
    writeFileSync(join(dir, 'd/svc.yaml'), shopService())
    writeFileSync(join(dir, 'd/split.yaml'), SHOP_SPLIT)
    const first = cli([...GATEWAY_218, '--keep-trafficsplit', '--write', 'd'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    // A later run: the route takes GET only, so it ties with nothing and is written.
    const withGet = ROOT.replace('condition:\n', 'condition:\n        method: GET\n')
    writeFileSync(join(dir, 'd/sp.yaml'), withGet)
    const keeps = [...GATEWAY_218, '--keep-trafficsplit', '--keep-serviceprofile', '--write', 'd']
    const second = cli(keeps, { cwd: dir })
    assert.is(second.status, 0, second.stdout + second.stderr)
    const written = snapshot(dir)
    assert.match(written[2]!, /name: web-root\n[\s\S]*method: GET/)
    // The kept profile now takes every method: web-root, younger than web-split, would lose / to it.
    writeFileSync(join(dir, 'd/sp.yaml'), written[2]!.replace(withGet, ROOT))
    const before = snapshot(dir)
    const r = cli(keeps, { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /route "root" \(web-root\) ties with the catch-all route web-split on \/, .*web-split is already in the input/,
    )
    assert.equal(snapshot(dir), before, 'nothing written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
