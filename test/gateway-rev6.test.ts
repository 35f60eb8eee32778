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
import { GATEWAY_218, SHOP_SPLIT, shopProfile, shopService, stream } from './helpers/shop.js'

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

test.run()
