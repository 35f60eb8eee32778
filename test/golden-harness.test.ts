/**
 * The golden harness itself (test/golden.test.ts), run as a child on a temporary golden root:
 * a case without expectations fails and writes nothing; UPDATE=1 records them; after that the
 * case passes, and it fails again once its expectation no longer matches.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../src/index.js'

const INPUT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 500m\n  - service: web-v2\n    weight: "1"\n'

function harness(root: string, update: boolean) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/golden.test.ts'], {
    encoding: 'utf8',
    env: { ...process.env, GOLDEN_ROOT: root, UPDATE: update ? '1' : '0', FORCE_COLOR: '0', NO_COLOR: '1' },
  })
  return { status: r.status, out: r.stdout + r.stderr }
}

test('a golden case without expected files fails unless UPDATE=1, which records them', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-golden-'))
  const dir = join(root, 'new-case')
  mkdirSync(dir)
  writeFileSync(join(dir, 'input.yaml'), INPUT)

  const first = harness(root, false)
  assert.is.not(first.status, 0, first.out)
  assert.match(first.out, /golden: new-case/)
  assert.match(first.out, /expected\.yaml is missing: write it with UPDATE=1/)
  assert.equal(readdirSync(dir), ['input.yaml'], 'the failing run wrote nothing')

  const update = harness(root, true)
  assert.is(update.status, 0, update.out)
  assert.is(readFileSync(join(dir, 'expected.yaml'), 'utf8'), migrate(INPUT).output)
  assert.match(
    readFileSync(join(dir, 'findings.txt'), 'utf8'),
    /converted: TrafficSplit web: v1alpha1 -> v1alpha2, weights 500m, "1" -> 500, 1000/,
  )

  const again = harness(root, false)
  assert.is(again.status, 0, again.out)

  // findings.txt alone missing fails too; a stale expectation fails.
  const findings = readFileSync(join(dir, 'findings.txt'))
  rmSync(join(dir, 'findings.txt'))
  assert.match(harness(root, false).out, /findings\.txt is missing/)
  writeFileSync(join(dir, 'findings.txt'), findings)
  writeFileSync(join(dir, 'expected.yaml'), INPUT)
  const stale = harness(root, false)
  assert.is.not(stale.status, 0, stale.out)
  rmSync(root, { recursive: true, force: true })
})

test.run()
