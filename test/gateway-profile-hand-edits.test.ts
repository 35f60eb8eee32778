/**
 * Routes smi-migrate wrote from a kept ServiceProfile (`--keep-serviceprofile`) that a person
 * has edited since (issue 38, second review item 1), through the built CLI: they carry the same
 * digest as a split's routes (existing.ts `settle`). The profile unchanged: the edits are kept.
 * The profile changed: nothing is written for it, a finding names the route and the digest to
 * set (exit 1). The digest removed: the route is taken as a person's, never written over.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { shopProfile, shopService, stream } from './helpers/shop.js'

const input = stream(shopService(), shopProfile({ pay: true }))

const ARGS = ['--to', 'gateway', '--linkerd', '2.18', '--keep-serviceprofile']

/** The profile converted once, then the note's advice followed by hand on web-post-api-pay. */
function setup(): { dir: string; file: string } {
  const dir = tempDir('profile-hand-edits')
  const file = join(dir, 'in.yaml')
  writeFileSync(file, input)
  const first = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
  assert.is(first.status, 0, first.stdout + first.stderr)
  const written = readFileSync(file, 'utf8')
  assert.match(written, 'smi-migrate.io/written-digest')
  const at = written.indexOf('name: web-post-api-pay')
  assert.ok(at > 0, written)
  const edited = written.slice(0, at) + written.slice(at).replace('timeout.linkerd.io/request: "10s"', 'timeout.linkerd.io/response: "10s"')
  assert.is.not(edited, written)
  writeFileSync(file, edited)
  return { dir, file }
}

test('the profile unchanged: a hand-edited route is kept, exit 0, no claim that anything changed', () => {
  const { dir, file } = setup()
  try {
    const edited = readFileSync(file, 'utf8')
    for (const mode of ['--check', '--write']) {
      const r = cli([...ARGS, mode, 'in.yaml'], { cwd: dir })
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.not.match(r.stdout + r.stderr, 'changed since')
    }
    assert.is(readFileSync(file, 'utf8'), edited, 'byte-identical')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the profile changed: nothing is written for it, the route and the digest to set are named, exit 1', () => {
  const { dir, file } = setup()
  try {
    const changed = readFileSync(file, 'utf8').replace('timeout: 10s', 'timeout: 12s')
    writeFileSync(file, changed)
    const r = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /HTTPRoute web-post-api-pay .*edited by hand.* set smi-migrate\.io\/written-digest to "[0-9a-f]{16}"/)
    assert.is(readFileSync(file, 'utf8'), changed, 'nothing written')
    // Following the finding (the change carried by hand, the digest set) makes the next run keep the route.
    const digest = /written-digest to "([0-9a-f]{16})"/.exec(r.stdout + r.stderr)![1]!
    const at = changed.indexOf('name: web-post-api-pay')
    const fixed =
      changed.slice(0, at) +
      changed
        .slice(at)
        .replace('timeout.linkerd.io/response: "10s"', 'timeout.linkerd.io/response: "12s"')
        .replace(/written-digest: "?[0-9a-f]{16}"?/, `written-digest: "${digest}"`)
    writeFileSync(file, fixed)
    const again = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.is(readFileSync(file, 'utf8'), fixed, 'kept')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the digest removed: the route is taken as hand-maintained, not written over, exit 1', () => {
  const { dir, file } = setup()
  try {
    const at = readFileSync(file, 'utf8').indexOf('name: web-post-api-pay')
    const text = readFileSync(file, 'utf8')
    const stripped = text.slice(0, at) + text.slice(at).replace(/\n +smi-migrate\.io\/written-digest: .*/, '')
    writeFileSync(file, stripped)
    const r = cli([...ARGS, '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /HTTPRoute web-post-api-pay .*carries no smi-migrate\.io\/written-digest.*hand-maintained/)
    assert.is(readFileSync(file, 'utf8'), stripped, 'nothing written')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
