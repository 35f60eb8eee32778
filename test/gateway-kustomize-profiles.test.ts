/**
 * A TrafficSplit and its Service's ServiceProfile in kustomize overlays (issue 38, third review
 * M1), through the built CLI: the kustomizations say whether the two are applied together. A
 * profile and a split one top kustomization renders are one unit; a profile no kustomization
 * renders with the split converts alone; where no kustomization answers, the advice is one that
 * works (convert the rendered overlays). kubectl kustomize renders each overlay before and after.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const kustomization = (...resources: string[]) => `resources:\n${resources.map((r) => `- ${r}\n`).join('')}`
const render = (dir: string, overlay: string): string => {
  const r = spawnSync('kubectl', ['kustomize', overlay], { cwd: dir, encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  return r.stdout
}
const routes = (yaml: string) => [...yaml.matchAll(/^kind: (\w+Route)\n(?:.*\n)*? {2}name: (\S+)$/gm)].map((m) => `${m[1]} ${m[2]}`).sort()

testWith('kubectl')('one cluster with split and profile, another with the profile alone: each overlay its own unit, exit 0', () => {
  const dir = tempRepo('smi-gw-kprof-', {
    'base/svc.yaml': shopService(),
    'base/kustomization.yaml': kustomization('svc.yaml'),
    'clusters/a/web.yaml': `${SHOP_SPLIT}---\n${shopProfile()}`,
    'clusters/a/kustomization.yaml': kustomization('../../base', 'web.yaml'),
    'clusters/b/sp.yaml': shopProfile(),
    'clusters/b/kustomization.yaml': kustomization('../../base', 'sp.yaml'),
  })
  try {
    const r = cli([...GATEWAY_218, '--write', '.'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.not.match(r.stdout + r.stderr, /left for a person/)
    assert.match(git(dir, 'status', '--porcelain'), /M clusters\/a\/web\.yaml\n M clusters\/b\/sp\.yaml/)
    // Cluster a: the profile's route carries the split's backends, the split's route is the catch-all.
    const a = render(dir, 'clusters/a')
    assert.equal(routes(a), ['HTTPRoute web-get-api-items', 'HTTPRoute web-split'])
    assert.match(a, /name: web-get-api-items\n(?:.*\n)*?\s+- name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
    // Cluster b never had the split: the profile's routes and its own catch-all, no backends of web-v2.
    const b = render(dir, 'clusters/b')
    assert.equal(routes(b), ['HTTPRoute web-default', 'HTTPRoute web-get-api-items'])
    assert.not.match(b, /web-v2/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

testWith('kubectl')('the split in a base, the profile in the overlay that renders it: one unit, converted together', () => {
  const dir = tempRepo('smi-gw-kprof-', {
    'base/web.yaml': `${shopService()}---\n${SHOP_SPLIT}`,
    'base/kustomization.yaml': kustomization('web.yaml'),
    'overlays/prod/sp.yaml': shopProfile(),
    'overlays/prod/kustomization.yaml': kustomization('../../base', 'sp.yaml'),
  })
  try {
    const r = cli([...GATEWAY_218, '--write', '.'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    const prod = render(dir, 'overlays/prod')
    assert.equal(routes(prod), ['HTTPRoute web-get-api-items', 'HTTPRoute web-split'])
    assert.match(prod, /name: web-get-api-items\n(?:.*\n)*?\s+- name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a split no kustomization renders, a profile in an overlay: left for a person, with advice that works', () => {
  const dir = tempRepo('smi-gw-kprof-', {
    'plain/split.yaml': SHOP_SPLIT,
    'ov/sp.yaml': `${shopService()}---\n${shopProfile()}`,
    'ov/kustomization.yaml': kustomization('sp.yaml'),
  })
  try {
    const r = cli([...GATEWAY_218, '--write', '.'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.is(git(dir, 'status', '--porcelain'), '')
    assert.match(
      r.stdout,
      /ov\/sp\.yaml:\d+:\d+: warning: ServiceProfile .* is left for a person: .*convert the rendered overlays: kubectl kustomize DIR \| smi-migrate --to gateway -/,
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

testWith('kubectl')('a base profile one overlay renders with a split and another without: left for a person, nothing written', () => {
  const dir = tempRepo('smi-gw-kprof-', {
    'base/svc.yaml': shopService(),
    'base/sp.yaml': shopProfile(),
    'base/kustomization.yaml': kustomization('svc.yaml', 'sp.yaml'),
    'overlays/prod/split.yaml': SHOP_SPLIT,
    'overlays/prod/kustomization.yaml': kustomization('../../base', 'split.yaml'),
    'overlays/staging/kustomization.yaml': kustomization('../../base'),
  })
  try {
    const staging = render(dir, 'overlays/staging')
    for (const args of [['.'], ['overlays/prod'], ['overlays/staging']]) {
      const r = cli([...GATEWAY_218, '--write', ...args], { cwd: dir })
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, /base\/sp\.yaml:1:1: warning: ServiceProfile shop\/web\.shop\.svc\.cluster\.local is left for a person/)
      assert.is(git(dir, 'status', '--porcelain'), '', 'nothing written')
    }
    // Staging never had the split: converting its profile with prod's split would send its traffic to web-v2.
    assert.not.match(staging, /web-v2/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
