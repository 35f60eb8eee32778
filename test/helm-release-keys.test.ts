/**
 * Which object keys of a release JSON are read as its manifest, held to Go's encoding/json
 * (test/helpers/release-keys.go decodes into a struct with Helm's field tags, as Helm's storage
 * does): an exact key, one that matches ignoring case (`Manifest`, `MANIFEST`), with Unicode
 * simple folding (the long s `ſ` is an s), and not a key that differs otherwise. Where Go takes
 * the later of two such keys, the tool refuses the record (which one a person meant is not
 * known) rather than read another manifest than Helm does.
 */
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { readRelease } from '../src/helm-release/release.js'
import { testWith } from './helpers/tools.js'
import { test } from 'uvu'

const ORACLE = resolve('test/helpers/release-keys.go')

const CASES: Record<string, string> = {
  exact: '{"name":"web","version":1,"manifest":"m1"}',
  capitalised: '{"name":"web","version":1,"Manifest":"m1"}',
  'upper case': '{"name":"web","version":1,"MANIFEST":"m1"}',
  'mixed case': '{"name":"web","version":1,"mAnIfEsT":"m1"}',
  'long s': '{"name":"web","version":1,"manife\\u017ft":"m1"}',
  'another key': '{"name":"web","version":1,"manifests":"m1"}',
  'a dotless i is no i': '{"name":"web","version":1,"man\\u0131fest":"m1"}',
  'two spellings': '{"name":"web","version":1,"manifest":"m1","Manifest":"m2"}',
  'the same key twice': '{"name":"web","version":1,"manifest":"m1","manifest":"m2"}',
  'Name and Version too': '{"NAME":"web","Version":1,"Manifest":"m1"}',
}

testWith('go')("the manifest key is read as Go's encoding/json reads it into Helm's struct, or the record is refused", () => {
  const bin = mkdtempSync(join(tmpdir(), 'smi-release-keys-'))
  const env = { ...process.env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: join(bin, 'cache'), GOFLAGS: '' }
  const built = spawnSync('go', ['build', '-o', join(bin, 'oracle'), ORACLE], { env, encoding: 'utf8' })
  assert.is(built.status, 0, built.stderr)
  for (const [name, json] of Object.entries(CASES)) {
    const go = spawnSync(join(bin, 'oracle'), { input: json, encoding: 'utf8' })
    assert.is(go.status, 0, go.stderr)
    const want = JSON.parse(go.stdout) as { manifest: string; name: string; version: number }
    let got: ReturnType<typeof readRelease> | Error
    try {
      got = readRelease(Buffer.from(json))
    } catch (err) {
      got = err as Error
    }
    if (got instanceof Error) {
      // Refused only where Go reads two keys into the manifest: the tool does not guess.
      assert.match(got.message, /has its manifest twice/, name)
      assert.is(want.manifest, 'm2', `${name}: Go takes the later`)
      continue
    }
    assert.is(got.manifest, want.manifest, name)
    assert.is(got.name, want.name, name)
    assert.is(got.version, want.version, name)
  }
  rmSync(bin, { recursive: true, force: true })
})

test.run()
