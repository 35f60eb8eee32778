/**
 * A pre-commit batch given one file of the unit while the other is read beside it (issue 38,
 * review of the unit: F2, F3), through the built CLI in a git repository: when the other half
 * would need a change this run does not write (a file read beside is never written), this half
 * is held too (exit 1, nothing written), naming the other file to pass; given both, the unit is
 * converted together.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const FILES = { 'd/svc.yaml': shopService(), 'd/split.yaml': SHOP_SPLIT, 'd/sp.yaml': shopProfile() }
const read = (dir: string, f: string): string => readFileSync(join(dir, f), 'utf8')

test('the profile alone, its split beside: held, naming d/split.yaml, nothing written', () => {
  const dir = tempRepo('unit-beside-', FILES)
  try {
    const r = cli([...GATEWAY_218, '--write', 'd/sp.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /ServiceProfile shop\/web\.shop\.svc\.cluster\.local is held back by TrafficSplit web-split of its Service \(d\/split\.yaml\), a file read beside the files given and never written.*pass d\/split\.yaml too/,
    )
    for (const [f, text] of Object.entries(FILES)) assert.is(read(dir, f), text, f)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the split alone, its profile beside: held, naming d/sp.yaml, nothing written; both files: converted together', () => {
  const dir = tempRepo('unit-beside-', FILES)
  try {
    const r = cli([...GATEWAY_218, '--write', 'd/split.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /TrafficSplit shop\/web-split is held back by the ServiceProfile web\.shop\.svc\.cluster\.local of Service web \(d\/sp\.yaml\), which this run does not write .*pass d\/sp\.yaml too/,
    )
    for (const [f, text] of Object.entries(FILES)) assert.is(read(dir, f), text, f)
    const both = cli([...GATEWAY_218, '--write', 'd/split.yaml', 'd/sp.yaml'], { cwd: dir })
    assert.is(both.status, 0, both.stdout + both.stderr)
    assert.match(read(dir, 'd/split.yaml'), /kind: HTTPRoute\n[\s\S]*name: web-split\n/)
    assert.match(read(dir, 'd/sp.yaml'), /name: web-get-api-items\n/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('kept split and profile, the weights changed, the split alone: held, the profile routes beside not left stale', () => {
  const keep = [...GATEWAY_218, '--keep-trafficsplit', '--keep-serviceprofile']
  const dir = tempRepo('unit-beside-', FILES)
  try {
    const first = cli([...keep, '--write', 'd'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const split = read(dir, 'd/split.yaml').replace('weight: 90\n', 'weight: 50\n').replace('weight: 10\n', 'weight: 50\n')
    writeFileSync(join(dir, 'd/split.yaml'), split)
    const profile = read(dir, 'd/sp.yaml')
    assert.match(profile, /weight: 90\n/)
    const r = cli([...keep, '--write', 'd/split.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /TrafficSplit shop\/web-split is held back by the ServiceProfile .* \(d\/sp\.yaml\), which this run does not write/,
    )
    assert.is(read(dir, 'd/split.yaml'), split, 'nothing written')
    assert.is(read(dir, 'd/sp.yaml'), profile)
    const alone = cli([...keep, '--write', 'd/sp.yaml'], { cwd: dir })
    assert.is(alone.status, 1, alone.stdout + alone.stderr)
    assert.match(alone.stdout + alone.stderr, /held back by TrafficSplit web-split of its Service \(d\/split\.yaml\)/)
    assert.is(read(dir, 'd/sp.yaml'), profile, 'nothing written')
    const both = cli([...keep, '--write', 'd/sp.yaml', 'd/split.yaml'], { cwd: dir })
    assert.is(both.status, 0, both.stdout + both.stderr)
    assert.not.match(read(dir, 'd/sp.yaml') + read(dir, 'd/split.yaml'), /weight: (90|10)\n/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('kept and unchanged, the split alone: nothing to hold, exit 0', () => {
  const keep = [...GATEWAY_218, '--keep-trafficsplit', '--keep-serviceprofile']
  const dir = tempRepo('unit-beside-', FILES)
  try {
    assert.is(cli([...keep, '--write', 'd'], { cwd: dir }).status, 0)
    for (const f of ['d/split.yaml', 'd/sp.yaml']) {
      const r = cli([...keep, '--check', f], { cwd: dir })
      assert.is(r.status, 0, r.stdout + r.stderr)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
