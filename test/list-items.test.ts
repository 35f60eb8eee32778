/**
 * A List dump's items in stream mode (taken item by item) and in file mode (the whole
 * document), through the built binary: what a finding says about an item is the same in
 * both, its position and its words, for kubectl's YAML and JSON layouts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'

const dir = mkdtempSync(join(tmpdir(), 'smi-list-items-'))

const YAML_DUMP = `apiVersion: v1
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: a
- apiVersion: split.smi-spec.io/v1alpha1
  kind: TrafficSplit
  metadata:
    name: s
  spec:
    service: s
    backends:
    - service: a
      weight: 500m
- apiVersion: helm.toolkit.fluxcd.io/v2
  kind: HelmRelease
  metadata:
    name: r
  spec:
    values:
      extra:
      - apiVersion: split.smi-spec.io/v1alpha1
        kind: TrafficSplit
        metadata:
          name: inner
kind: List
metadata:
  resourceVersion: ""
`

const JSON_DUMP = `{
    "apiVersion": "v1",
    "items": [
        {"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "a"}},
        {"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "s"},
            "spec": {"service": "s", "backends": [{"service": "a", "weight": "500m"}]}},
        {"apiVersion": "helm.toolkit.fluxcd.io/v2", "kind": "HelmRelease", "metadata": {"name": "r"},
            "spec": {"values": {"extra": [{"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "inner"}}]}}}
    ],
    "kind": "List",
    "metadata": {"resourceVersion": ""}
}
`

/** The findings' lines without the path (`line:col: …`), in order. */
function findings(out: string, path: string): string[] {
  return out
    .split('\n')
    .filter((l) => l.startsWith(`${path}:`))
    .map((l) => l.slice(path.length + 1).replace(/: would convert /, ': converted '))
}

for (const [name, text] of [
  ['YAML', YAML_DUMP],
  ['JSON', JSON_DUMP],
] as const) {
  test(`a ${name} List dump: stream and file mode say the same of each item (a nested TrafficSplit named at its item's index)`, () => {
    const file = join(dir, `dump.${name.toLowerCase()}`)
    writeFileSync(file, text)
    const checked = cli(['--check', file])
    assert.is(checked.status, 1, checked.stderr + checked.stdout)
    const streamed = cli(['-'], { input: text })
    // The nested split is left for a person: stream mode exits 1 too (docs/cli.md, exit codes).
    assert.is(streamed.status, 1, streamed.stderr)
    const fromFile = findings(checked.stdout + checked.stderr, file)
    const fromStream = findings(streamed.stderr, '<stdin>')
    assert.is(fromFile.length, 2, fromFile.join('\n'))
    assert.equal([...fromStream].sort(), [...fromFile].sort())
    // The HelmRelease is the List's third item.
    assert.ok(
      fromStream.some((f) => f.includes('TrafficSplit inner: nested at items[2].spec.values.extra[0]')),
      fromStream.join('\n'),
    )
  })
}

test.run()
