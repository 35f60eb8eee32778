/**
 * Suppressions where kubectl reads the YAML otherwise than YAML 1.2 would (yaml/documents.ts):
 * an escape go-yaml does not know (`\/`) makes kubectl fail the file, so a key spelt with it is
 * no annotation to kubectl and nothing it applies: the document is refused at the escape
 * (path:line:col, exit 2, nothing written), in file and stream mode, never read as suppressed.
 * The oracle is `kubectl annotate --local`.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'

const dir = tempDir('suppress-kubectl')

const split = (annotations: string) =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n  annotations:\n${annotations}spec:\n  service: web\n  backends:\n  - service: a\n    weight: 500m\n`

const kubectl = (file: string) => spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })

testWith('kubectl')('a key kubectl cannot parse (an escaped slash) is refused at the escape, not read as a suppression', () => {
  for (const [line, at] of [
    ['    "smi-migrate.io\\/ignore": "kept"\n', ':6:20:'],
    ['    smi-migrate.io/ignore: "kept\\/eu"\n', ':6:33:'],
  ] as const) {
    const text = split(line)
    const file = join(dir, 'escaped.yaml')
    writeFileSync(file, text)
    const k = kubectl(file)
    assert.is.not(k.status, 0, line)
    assert.match(k.stderr, /found unknown escape character/)
    for (const r of [cli(['--check', file]), cli(['--write', file]), cli(['-'], { input: text })]) {
      const out = r.stdout + r.stderr
      assert.is(r.status, 2, out)
      assert.ok(out.includes(`${at} error: invalid YAML in a document that mentions TrafficSplit: the escape \\/`), out)
      assert.not.match(out, /suppressed/)
    }
    assert.is(readFileSync(file, 'utf8'), text, 'nothing written')
  }
  // The escapes go-yaml knows read alike: `\x69` spells the key, and the object is suppressed, as kubectl reads it.
  const known = split('    "smi-migrate.io/\\x69gnore": "kept"\n')
  const file = join(dir, 'known.yaml')
  writeFileSync(file, known)
  assert.match(kubectl(file).stdout, /"smi-migrate.io\/ignore": "kept"/)
  const r = cli(['--check', file])
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /suppressed TrafficSplit web/)
})

test.run()
