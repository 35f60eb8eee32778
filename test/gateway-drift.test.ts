/**
 * `--to gateway --keep-trafficsplit` during a phased move, through the built CLI: a kept split
 * that changes afterwards (a canary progressing) no longer matches the route smi-migrate wrote
 * for it. Deleting the split would then send traffic by the route's old rules, so the change is
 * reported (route-drift, left for a person), and an unchanged split stays a no-op.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'

const SERVICE = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports:\n  - name: http\n    port: 80\n'
const split = (a: number, b: number): string =>
  `apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web-split\n  namespace: shop\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: ${a}\n  - service: web-v2\n    weight: ${b}\n`

function kept(): string {
  const dir = tempRepo('smi-gw-drift-', { 'service.yaml': SERVICE, 'split.yaml': split(90, 10) })
  const r = cli(['--write', '--to', 'gateway', '--keep-trafficsplit', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(readFileSync(join(dir, 'split.yaml'), 'utf8'), /kind: HTTPRoute/)
  return dir
}

test('an unchanged kept split and its route: a second run is a no-op (already-converted)', () => {
  const dir = kept()
  const before = readFileSync(join(dir, 'split.yaml'), 'utf8')
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, '--to', 'gateway', '--keep-trafficsplit', '.'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /already-converted|written by smi-migrate; left as it is/)
  }
  assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), before)
})

test('a kept split whose weights changed since its route was written: route-drift at the split, exit 1, nothing written', () => {
  const dir = kept()
  const file = join(dir, 'split.yaml')
  const progressed = readFileSync(file, 'utf8').replace('weight: 90', 'weight: 50').replace('weight: 10\n', 'weight: 50\n')
  writeFileSync(file, progressed)
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, '--to', 'gateway', '--keep-trafficsplit', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /split\.yaml:1:1: warning: TrafficSplit shop\/web-split has changed since smi-migrate wrote its HTTPRoute web-split/,
    )
    assert.is(readFileSync(file, 'utf8'), progressed)
  }
  // Deleting the stale route and running again writes it anew, from the split as it is now.
  const docs = progressed.split(/^---\n/m).filter((d) => !d.includes('kind: HTTPRoute'))
  writeFileSync(file, docs.join('---\n'))
  const r = cli(['--write', '--to', 'gateway', '--keep-trafficsplit', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(readFileSync(file, 'utf8'), /kind: HTTPRoute[\s\S]*weight: 50[\s\S]*weight: 50/)
})

test.run()
