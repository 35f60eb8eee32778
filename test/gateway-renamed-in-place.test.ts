/**
 * A route written in place of one smi-migrate wrote under another name (issue 38, second review
 * item 2), through the built CLI: the manifests lose the old route, the cluster keeps it
 * (`kubectl apply` never deletes), and Linkerd takes the older of two routes that match alike.
 * A pending warning names the old route and the kubectl delete to run (exit 1).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, port, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const service = shopService
const split = SHOP_SPLIT
const profile = shopProfile()
const HTTP = port('http', 80)
const ADMIN = port('admin', 8080)
const ARGS = GATEWAY_218

test('the Service gains a port: web-split-80 replaces web-split, and the finding says to delete web-split (exit 1)', () => {
  const dir = tempDir('renamed-in-place')
  try {
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP))
    writeFileSync(join(dir, 'split.yaml'), split)
    const first = cli([...ARGS, '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP + ADMIN))
    const r = cli([...ARGS, '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /warning: .*HTTPRoute web-split-80 is written in place of HTTPRoute web-split\b/)
    assert.match(r.stdout + r.stderr, 'kubectl delete httproute -n shop web-split)')
    assert.match(readFileSync(join(dir, 'split.yaml'), 'utf8'), 'name: web-split-80')
    // A rerun renames nothing: no such warning, exit 0.
    const again = cli([...ARGS, '--keep-trafficsplit', '--check', '.'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.not.match(again.stdout + again.stderr, 'kubectl delete')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the Service gains a port, and web-split was edited by hand: nothing is written, and the edit is named (exit 1)', () => {
  const dir = tempDir('renamed-in-place')
  try {
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP))
    writeFileSync(join(dir, 'split.yaml'), split)
    const first = cli([...ARGS, '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const converted = readFileSync(join(dir, 'split.yaml'), 'utf8')
    const edited = converted.replace(/(\n {2}annotations:\n)/, '$1    timeout.linkerd.io/request: "3s"\n')
    assert.is.not(edited, converted)
    writeFileSync(join(dir, 'split.yaml'), edited)
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP + ADMIN))
    for (const mode of ['--write', '--check']) {
      const r = cli([...ARGS, '--keep-trafficsplit', mode, '.'], { cwd: dir })
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(
        r.stdout + r.stderr,
        /warning: .*HTTPRoute web-split \(split\.yaml\) .*edited by hand since.*would write HTTPRoute web-split-80 in its place/,
      )
      assert.not.match(r.stdout + r.stderr, 'kubectl delete')
      assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), edited, 'nothing written')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("profile first, split second: the split's route replaces web-default, and the finding says to delete web-default (exit 1)", () => {
  const dir = tempDir('renamed-in-place')
  try {
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP))
    writeFileSync(join(dir, 'sp.yaml'), profile)
    const first = cli([...ARGS, '--write', '.'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    assert.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'name: web-default')
    writeFileSync(join(dir, 'split.yaml'), split)
    const r = cli([...ARGS, '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /warning: .*HTTPRoute web-split is written in place of HTTPRoute web-default\b/)
    assert.match(r.stdout + r.stderr, 'kubectl delete httproute -n shop web-default)')
    assert.not.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'name: web-default')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("profile first, split second: a profile route holding the split's route name is never written over (refused, nothing written)", () => {
  const dir = tempDir('renamed-in-place')
  try {
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP))
    writeFileSync(
      join(dir, 'sp.yaml'),
      profile.replace('name: GET /api/items', 'name: split').replace('pathRegex: /api/items', 'pathRegex: /split'),
    )
    const first = cli([...ARGS, '--write', '.'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const converted = readFileSync(join(dir, 'sp.yaml'), 'utf8')
    assert.match(converted, /name: web-split\n[\s\S]*serviceprofile-route: split/)
    writeFileSync(join(dir, 'split.yaml'), split)
    const r = cli([...ARGS, '--write', '.'], { cwd: dir })
    assert.is.not(r.status, 0, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /HTTPRoute web-split \(sp\.yaml\) is the route smi-migrate wrote from the ServiceProfile route "split"/,
    )
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), converted, 'the profile route is kept')
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), split, 'nothing written for the split')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a GRPCRoute written anew as an HTTPRoute of the same name: the finding says to delete the GRPCRoute (exit 1)', () => {
  const dir = tempDir('renamed-in-place')
  try {
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP))
    writeFileSync(join(dir, 'split.yaml'), split)
    const first = cli([...ARGS, '--route-kind', 'grpc', '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    assert.match(readFileSync(join(dir, 'split.yaml'), 'utf8'), /kind: GRPCRoute\nmetadata:\n {2}name: web-split\n/)
    const r = cli([...ARGS, '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /warning: .*HTTPRoute web-split is written in place of GRPCRoute web-split\b/)
    assert.match(r.stdout + r.stderr, 'kubectl delete grpcroute -n shop web-split)')
    assert.match(readFileSync(join(dir, 'split.yaml'), 'utf8'), /kind: HTTPRoute\nmetadata:\n {2}name: web-split\n/)
    const again = cli([...ARGS, '--keep-trafficsplit', '--check', '.'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("profile kept, split second, two ports: a split refused for a profile route's name holds back its profile too (nothing written)", () => {
  const dir = tempDir('renamed-in-place')
  try {
    writeFileSync(join(dir, 'svc.yaml'), service(HTTP + ADMIN))
    writeFileSync(
      join(dir, 'sp.yaml'),
      profile.replace('name: GET /api/items', 'name: split 80').replace('pathRegex: /api/items', 'pathRegex: /split'),
    )
    const first = cli([...ARGS, '--keep-serviceprofile', '--write', '.'], { cwd: dir })
    assert.is(first.status, 0, first.stdout + first.stderr)
    const converted = readFileSync(join(dir, 'sp.yaml'), 'utf8')
    assert.match(converted, 'name: web-split-80\n')
    writeFileSync(join(dir, 'split.yaml'), split)
    const r = cli([...ARGS, '--keep-serviceprofile', '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is.not(r.status, 0, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /ServiceProfile .*nothing is written for the profile either/)
    assert.not.match(r.stdout + r.stderr, /converted ServiceProfile/)
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), converted, 'nothing written for the profile')
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), split, 'nothing written for the split')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
