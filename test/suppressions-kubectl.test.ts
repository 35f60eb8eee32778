/**
 * Suppressions where kubectl reads the YAML otherwise than YAML 1.2 would (yaml/documents.ts):
 * an escape go-yaml does not know (`\/`) makes kubectl fail the file, so a key spelt with it is
 * no annotation to kubectl and nothing it applies: the document is refused at the escape
 * (path:line:col, exit 2, nothing written), in file and stream mode, never read as suppressed.
 * A quoted value whose continuation lines are indented less than its key (go-yaml reads a
 * quoted scalar to its closing quote, yaml/quoted.ts) is read as kubectl reads it: the reason it
 * gives suppresses, a line in it that looks like a directive is text, and a quote left open
 * (which kubectl refuses too) is still refused. The oracle is `kubectl annotate --local`.
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
  // A document kubectl reads as JSON (it opens with {): JSON knows the escape, and the key is the annotation.
  const json =
    '{"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "web", "annotations": {"smi-migrate.io\\/ignore": "kept"}}, "spec": {"service": "web", "backends": [{"service": "a", "weight": "500m"}]}}\n'
  const jsonFile = join(dir, 'escaped.json')
  writeFileSync(jsonFile, json)
  assert.match(kubectl(jsonFile).stdout, /"smi-migrate.io\/ignore": "kept"/)
  const j = cli(['--check', jsonFile])
  assert.is(j.status, 0, j.stdout)
  assert.match(j.stdout, /suppressed TrafficSplit web/)
  // The escapes go-yaml knows read alike: `\x69` spells the key, and the object is suppressed, as kubectl reads it.
  const known = split('    "smi-migrate.io/\\x69gnore": "kept"\n')
  const file = join(dir, 'known.yaml')
  writeFileSync(file, known)
  assert.match(kubectl(file).stdout, /"smi-migrate.io\/ignore": "kept"/)
  const r = cli(['--check', file])
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /suppressed TrafficSplit web/)
})

/** The annotations kubectl reads in `file`. */
function annotations(file: string): Record<string, string> {
  const k = kubectl(file)
  assert.is(k.status, 0, k.stderr)
  const o = JSON.parse(k.stdout) as { metadata: { annotations: Record<string, string> } }
  const { oracle: _, ...rest } = o.metadata.annotations
  return rest
}

testWith('kubectl')('a quoted value whose lines are indented less than its key is read as kubectl reads it', () => {
  for (const indent of ['', '  ']) {
    const kept = split(`    smi-migrate.io/ignore: "kept for\n${indent}the eu cluster"\n`)
    const file = join(dir, 'under-indented.yaml')
    writeFileSync(file, kept)
    assert.equal(annotations(file), { 'smi-migrate.io/ignore': 'kept for the eu cluster' })
    for (const r of [cli(['--check', file]), cli(['-'], { input: kept })]) {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(r.stdout + r.stderr, /suppressed TrafficSplit web \(split\.smi-spec\.io\/v1alpha1\): "kept for the eu cluster"/)
    }
    // Another annotation so written, with a line that looks like a directive: text, and the object converts.
    const other = split(`    team: 'web,\n${indent}# smi-migrate: ignore not a comment'\n`)
    writeFileSync(file, other)
    const before = annotations(file)
    assert.equal(before, { team: 'web, # smi-migrate: ignore not a comment' })
    const w = cli(['--write', file])
    assert.is(w.status, 0, w.stdout)
    assert.match(w.stdout, /converted TrafficSplit web: v1alpha1 -> v1alpha2, weights 500m -> 500/)
    assert.equal(annotations(file), before)
  }
  // A quote left open: kubectl refuses the file, and so does the tool.
  const open = split('    smi-migrate.io/ignore: "kept for\nthe eu cluster\n')
  const file = join(dir, 'open.yaml')
  writeFileSync(file, open)
  assert.is.not(kubectl(file).status, 0)
  const r = cli(['--check', file])
  assert.is(r.status, 2, r.stdout)
  assert.match(r.stdout, /error: invalid YAML in a document that mentions TrafficSplit/)
})

test.run()
