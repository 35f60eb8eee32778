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
import { nodeEnv } from './helpers/node-env.js'

const INPUT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 500m\n  - service: web-v2\n    weight: "1"\n'

function harness(root: string, update: boolean) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'test/golden.test.ts'], {
    encoding: 'utf8',
    env: nodeEnv({ GOLDEN_ROOT: root, UPDATE: update ? '1' : '0', FORCE_COLOR: '0', NO_COLOR: '1' }),
  })
  return { status: r.status, out: r.stdout + r.stderr }
}

/** The report's failures, by case: what uvu prints under `FAIL "golden: <case>"`. */
function failures(out: string): Map<string, string> {
  const parts = out.split(/^\s*FAIL\s+"golden: ([^"]+)"$/m)
  const byCase = new Map<string, string>()
  for (let i = 1; i < parts.length; i += 2) byCase.set(parts[i]!, parts[i + 1]!)
  return byCase
}

test('a golden case without expected files fails unless UPDATE=1, which records them', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-golden-'))
  const dir = join(root, 'new-case')
  mkdirSync(dir)
  writeFileSync(join(dir, 'input.yaml'), INPUT)
  // A second case, to break in another way than the first in the last run: one run, each case's own failure.
  const other = join(root, 'stale-case')
  mkdirSync(other)
  writeFileSync(join(other, 'input.yaml'), INPUT)

  const first = harness(root, false)
  assert.is.not(first.status, 0, first.out)
  assert.match(first.out, /golden: new-case/)
  assert.match(first.out, /expected\.yaml is missing: write it with UPDATE=1/)
  assert.equal(readdirSync(dir), ['input.yaml'], 'the failing run wrote nothing')
  assert.equal(readdirSync(other), ['input.yaml'], 'the failing run wrote nothing')

  const update = harness(root, true)
  assert.is(update.status, 0, update.out)
  assert.is(readFileSync(join(dir, 'expected.yaml'), 'utf8'), migrate(INPUT).output)
  assert.match(
    readFileSync(join(dir, 'findings.txt'), 'utf8'),
    /converted: TrafficSplit web: v1alpha1 -> v1alpha2, weights 500m, "1" -> 500, 1000/,
  )

  const again = harness(root, false)
  assert.is(again.status, 0, again.out)

  // findings.txt alone missing fails too; a stale expectation fails: each case named with its own failure.
  rmSync(join(dir, 'findings.txt'))
  writeFileSync(join(other, 'expected.yaml'), INPUT)
  const broken = harness(root, false)
  assert.is.not(broken.status, 0, broken.out)
  const failed = failures(broken.out)
  assert.equal([...failed.keys()].sort(), ['new-case', 'stale-case'], broken.out)
  assert.match(failed.get('new-case')!, /new-case\/findings\.txt is missing/)
  assert.match(failed.get('stale-case')!, /Expected value to match fixture/)
  assert.not.match(failed.get('stale-case')!, /is missing/)
  rmSync(root, { recursive: true, force: true })
})

test.run()
