/**
 * Third review of the split/profile unit (issue 38), through the built CLI: a profile is paired
 * only with a TrafficSplit of its own directory (one directory per cluster is a common repo
 * shape), and a partner only in another directory is left for a person when a directory lacks the
 * Service.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, SHOP_SPLIT, port, shopProfile, shopService, stream } from './helpers/shop.js'

/** Writes the files (relative path → text) under a fresh directory, runs the CLI there with `args`, then removes it. */
function inTree(
  files: Record<string, string>,
  args: string[],
  check: (r: ReturnType<typeof cli>, read: (f: string) => string) => void,
): void {
  const dir = tempDir('rev6')
  try {
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(join(dir, f, '..'), { recursive: true })
      writeFileSync(join(dir, f), text)
    }
    check(cli(args, { cwd: dir }), (f) => readFileSync(join(dir, f), 'utf8'))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const kinds = (text: string): string[] => [...text.matchAll(/^kind: (\S+)\n[\s\S]*?^ {2}name: (\S+)/gm)].map((m) => `${m[1]}/${m[2]}`)

test('one directory per cluster: the profile without a split in its directory is converted as when alone', () => {
  const b = stream(shopService(), shopProfile())
  let alone = ''
  inTree({ 'b/web.yaml': b }, [...GATEWAY_218, '--write', 'b'], (r, read) => {
    assert.is(r.status, 0, r.stdout + r.stderr)
    alone = read('b/web.yaml')
  })
  assert.ok(kinds(alone).includes('HTTPRoute/web-default'), alone)
  for (const b2 of [b, stream(shopService(), shopProfile().replace('cluster.local', 'example.org'))]) {
    const files = { 'clusters/a/web.yaml': stream(shopService(), SHOP_SPLIT, shopProfile()), 'clusters/b/web.yaml': b2 }
    inTree(files, [...GATEWAY_218, '--write', 'clusters'], (r, read) => {
      assert.is(r.status, 0, r.stdout + r.stderr)
      const out = read('clusters/b/web.yaml')
      if (b2 === b) assert.is(out, alone, 'as when converted alone')
      assert.ok(kinds(out).includes('HTTPRoute/web-default'), out)
      assert.not.match(out, /web-v2/, 'no backends of the other cluster')
      assert.match(read('clusters/a/web.yaml'), /web-v2/)
    })
  }
})

test('split and profile in two directories, one without the Service: both left for a person, nothing written', () => {
  for (const files of [
    { 'a/web.yaml': stream(shopService(), SHOP_SPLIT), 'b/web.yaml': shopProfile() },
    { 'a/web.yaml': SHOP_SPLIT, 'b/web.yaml': stream(shopService(), shopProfile()) },
  ])
    inTree(files, [...GATEWAY_218, '--write', 'a', 'b'], (r, read) => {
      assert.is(r.status, 1, r.stdout + r.stderr)
      const said = r.stdout + r.stderr
      assert.match(
        said,
        /a\/web\.yaml:\d+:\d+: warning: TrafficSplit shop\/web-split is left for a person: the ServiceProfile of Service web is only in another directory of the run \(b\/web\.yaml\)/,
      )
      assert.match(
        said,
        /b\/web\.yaml:\d+:\d+: warning: ServiceProfile shop\/web\.shop\.svc\.cluster\.local is left for a person: the TrafficSplit of Service web is only in another directory/,
      )
      for (const [f, text] of Object.entries(files)) assert.is(read(f), text, f)
    })
})

const overrides = (a: string, b: string): string =>
  `  dstOverrides:\n    - authority: ${a}\n      weight: 900m\n    - authority: ${b}\n      weight: 100m\n`
const ONLY_OVERRIDES = (o: string): string =>
  `apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\nmetadata:\n  name: web.shop.svc.cluster.local\n  namespace: shop\nspec:\n${o}`

test('dstOverrides with a port or another cluster domain are not the split: profile and split left, nothing written', () => {
  const twoPorts = shopService(port('http', 80) + port('admin', 9090))
  const inputs: Array<[string, string]> = [
    [
      stream(twoPorts, SHOP_SPLIT, shopProfile() + overrides('web.shop.svc.cluster.local:80', 'web-v2.shop.svc.cluster.local:80')),
      'port 80',
    ],
    [
      stream(shopService(), SHOP_SPLIT, shopProfile() + overrides('web.shop.svc.cluster.local:8080', 'web-v2.shop.svc.cluster.local:8080')),
      'port 8080',
    ],
    [
      stream(shopService(), SHOP_SPLIT, shopProfile() + overrides('web.shop.svc.cluster.local', 'web-v2.shop.svc.example.org')),
      'cluster domain example.org',
    ],
    [
      stream(shopService(), SHOP_SPLIT, ONLY_OVERRIDES(overrides('web.shop.svc.cluster.local:8080', 'web-v2.shop.svc.cluster.local:8080'))),
      'port 8080',
    ],
  ]
  // On 2.14 a profile with routes is kept for its timeouts anyway: only the dstOverrides-only profile is checked there.
  for (const linkerd of ['2.18', '2.14'])
    for (const [input, why] of linkerd === '2.14' ? inputs.slice(3) : inputs) {
      const r = cli(['--to', 'gateway', '--linkerd', linkerd, '-'], { input })
      assert.is(r.status, 1, r.stderr)
      assert.is(r.stdout, input, 'nothing written')
      assert.match(
        r.stderr,
        new RegExp(`ServiceProfile shop/web\\.shop\\.svc\\.cluster\\.local: its dstOverrides authority \\S+ names ${why}`),
      )
      assert.match(r.stderr, /TrafficSplit shop\/web-split is held back by the ServiceProfile .*\(sp-dst-overrides: /)
      assert.not.match(r.stderr, /come from TrafficSplit/)
    }
})

test("dstOverrides as linkerd-smi writes them (no port, the profile's domain) are the split: converted", () => {
  const input = stream(shopService(), SHOP_SPLIT, shopProfile() + overrides('web.shop.svc.cluster.local', 'web-v2.shop.svc.cluster.local'))
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /kind: HTTPRoute/)
  assert.not.match(r.stdout, /dstOverrides/)
})

test.run()
