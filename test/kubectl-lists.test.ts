/**
 * What kubectl reads as a List, and what it reads through a merge key, held by the built
 * binary to `kubectl annotate --local` (the oracle of how kubectl reads an input): any
 * mapping with `items` is a List whatever its kind (`kind: list`, `kind: Foo`), so its
 * TrafficSplit items are applied and must be converted; a kind or apiVersion that a merge
 * key supplies is read, and refused at the merge key rather than passed or called missing.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'

const dir = tempDir('kubectl-lists')

const SPLIT = `- apiVersion: split.smi-spec.io/v1alpha1
  kind: TrafficSplit
  metadata:
    name: web
  spec:
    service: web
    backends:
    - service: web-v1
      weight: 500m
`

/** Documents kubectl reads as Lists, though their kind is no `List` or `*List`. */
const LISTS: Record<string, string> = {
  'lower-case': `kind: list\nitems:\n${SPLIT}`,
  'any kind': `apiVersion: v1\nkind: Foo\nmetadata:\n  name: z\nitems:\n${SPLIT}`,
  'kubectl layout': `apiVersion: v1\nitems:\n${SPLIT}kind: Foo\nmetadata:\n  resourceVersion: ""\n`,
  'kind through a merge key': `<<: {kind: List}\nitems:\n${SPLIT}`,
}

/** The TrafficSplits kubectl reads in `file`, with their apiVersion and weights. */
function kubectlReads(file: string): string[] {
  const r = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  const data = JSON.parse(r.stdout) as {
    kind: string
    apiVersion: string
    items?: unknown[]
    spec?: { backends: Array<{ weight: unknown }> }
  }
  const objects = (data.items ?? [data]) as Array<typeof data>
  return objects
    .filter((o) => o.kind === 'TrafficSplit')
    .map((o) => `${o.apiVersion} ${o.spec!.backends.map((b) => String(b.weight)).join(',')}`)
}

for (const [name, text] of Object.entries(LISTS)) {
  testWith('kubectl')(`a List kubectl reads (${name}): its TrafficSplit item is converted, in file and stream mode`, () => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.yaml`)
    writeFileSync(file, text)
    assert.equal(kubectlReads(file), ['split.smi-spec.io/v1alpha1 500m'])
    const check = cli(['--check', file])
    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(check.stdout, /would convert TrafficSplit web: v1alpha1 -> v1alpha2, weights 500m -> 500/)
    const stream = cli(['-'], { input: text })
    assert.is(stream.status, 0, stream.stderr)
    writeFileSync(file, stream.stdout)
    assert.equal(kubectlReads(file), ['split.smi-spec.io/v1alpha2 500'])
  })
}

testWith('kubectl')('a List without a kind is refused by kubectl whole: none of its items is converted', () => {
  const text = `items:\n${SPLIT}`
  const file = join(dir, 'no-kind.yaml')
  writeFileSync(file, text)
  const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })
  assert.is.not(k.status, 0)
  assert.match(k.stderr, /Object 'Kind' is missing/)
  const stream = cli(['-'], { input: text })
  assert.is(stream.stdout, text)
  assert.not.match(stream.stderr, /converted/)
})

const MERGED: Record<string, { text: string; at: string; says: RegExp }> = {
  'apiVersion through a merge key': {
    text: `kind: TrafficSplit\n<<: {apiVersion: split.smi-spec.io/v1alpha1}\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 500m\n`,
    at: ':2:1:',
    says: /its apiVersion comes through the merge key \(<<\)/,
  },
  'kind and apiVersion through a merge key': {
    text: `<<: {kind: TrafficSplit, apiVersion: split.smi-spec.io/v1alpha1}\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 500m\n`,
    at: ':1:1:',
    says: /its apiVersion comes through the merge key \(<<\)/,
  },
  'kind through a merge key': {
    text: `apiVersion: split.smi-spec.io/v1alpha1\n<<: {kind: TrafficSplit}\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 500m\n`,
    at: ':2:1:',
    says: /its kind comes through the merge key \(<<\)/,
  },
}

for (const [name, { text, at, says }] of Object.entries(MERGED)) {
  testWith('kubectl')(`a TrafficSplit whose ${name} is refused at the merge key, not passed nor called missing`, () => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.yaml`)
    writeFileSync(file, text)
    assert.equal(kubectlReads(file), ['split.smi-spec.io/v1alpha1 500m'])
    for (const r of [cli(['--check', file]), cli(['-'], { input: text })]) {
      assert.is(r.status, 2, r.stdout + r.stderr)
      const out = r.stdout + r.stderr
      assert.ok(out.includes(`${at} error: TrafficSplit web: `), out)
      assert.match(out, says)
      assert.not.match(out, /no apiVersion/)
    }
  })
}

const ITEM = SPLIT.replace('- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:', '- metadata:')

testWith('kubectl')(
  "a TrafficSplitList item takes the List's kind and apiVersion only when it has neither, as kubectl gives them; with a kind alone kubectl refuses it",
  () => {
    const list = (item: string) => `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems:\n${item}`
    const both = join(dir, 'inherits.yaml')
    writeFileSync(both, list(ITEM))
    assert.equal(kubectlReads(both), ['split.smi-spec.io/v1alpha1 500m'])
    const converted = cli(['-'], { input: list(ITEM) })
    assert.is(converted.status, 0, converted.stderr)
    writeFileSync(both, converted.stdout)
    assert.equal(kubectlReads(both), ['split.smi-spec.io/v1alpha2 500'])

    const kindOnly = list(ITEM.replace('- metadata:', '- kind: TrafficSplit\n  metadata:'))
    const file = join(dir, 'kind-only.yaml')
    writeFileSync(file, kindOnly)
    const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })
    assert.is.not(k.status, 0)
    assert.match(k.stderr, /Object 'apiVersion' is missing/)
    for (const r of [cli(['--check', file]), cli(['-'], { input: kindOnly })]) {
      const out = r.stdout + r.stderr
      assert.match(out, /:4:3: warning: TrafficSplit web: no apiVersion; left unchanged/)
      assert.not.match(out, /TrafficSplit web: v1alpha1 -> v1alpha2/)
    }
    const stream = cli(['-'], { input: kindOnly })
    assert.ok(stream.stdout.endsWith(kindOnly.slice(kindOnly.indexOf('items:'))), 'the item is left as it is')
  },
)

testWith('kubectl')(
  "a List whose kind has no List suffix (kind: TrafficSplit with items) gives its kind to items that have neither: converted, the List's apiVersion with them",
  () => {
    const text = `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nitems:\n${ITEM}`
    const file = join(dir, 'bare-kind-list.yaml')
    writeFileSync(file, text)
    assert.equal(kubectlReads(file), ['split.smi-spec.io/v1alpha1 500m'])
    const check = cli(['--check', file])
    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(check.stdout, /:1:1: would convert TrafficSplit List: v1alpha1 -> v1alpha2/)
    assert.match(check.stdout, /would convert TrafficSplit web: v1alpha1 -> v1alpha2, weights 500m -> 500/)
    assert.match(check.stdout, /1 TrafficSplit in 1 file would be converted/)
    const stream = cli(['-'], { input: text })
    assert.is(stream.status, 0, stream.stderr)
    writeFileSync(file, stream.stdout)
    assert.equal(kubectlReads(file), ['split.smi-spec.io/v1alpha2 500'])
  },
)

/** Lists with an item that has an apiVersion and no kind, beside a TrafficSplit: kubectl fails on that item. */
const KINDLESS: Record<string, string> = {
  TrafficSplitList: `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems:\n${SPLIT}${ITEM.replace('- metadata:', '- apiVersion: split.smi-spec.io/v1alpha1\n  metadata:').replace(/web/g, 'api')}`,
  'List (kubectl layout)': `apiVersion: v1\nitems:\n${SPLIT}${ITEM.replace('- metadata:', '- apiVersion: split.smi-spec.io/v1alpha1\n  metadata:').replace(/web/g, 'api')}kind: List\nmetadata:\n  resourceVersion: ""\n`,
}

for (const [name, text] of Object.entries(KINDLESS)) {
  testWith('kubectl')(
    `a ${name} item with an apiVersion and no kind fails in kubectl: refused at the item, nothing of the List moved`,
    () => {
      const file = join(dir, `kindless-${name.replace(/\W+/g, '-')}.yaml`)
      writeFileSync(file, text)
      const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })
      assert.is.not(k.status, 0)
      assert.match(k.stderr, /Object 'Kind' is missing/)
      const line = text.slice(0, text.indexOf('name: api')).split('\n').length - 2
      for (const r of [cli(['--check', file]), cli(['--write', file]), cli(['-'], { input: text })]) {
        assert.is(r.status, 2, r.stdout + r.stderr)
        assert.ok((r.stdout + r.stderr).includes(`:${line}:3: error: an item of this `), r.stdout + r.stderr)
        assert.match(r.stdout + r.stderr, /has an apiVersion and no kind: kubectl cannot decode it/)
      }
      assert.is(cli(['-'], { input: text }).stdout, text)
    },
  )
}

/** Lists whose items kubectl cannot decode (a scalar, a sequence): it refuses the whole List. */
const UNDECODABLE: Record<string, string> = {
  'a scalar item (YAML)': `apiVersion: v1\nkind: List\nitems:\n${SPLIT}- oops\n`,
  'a sequence item (kubectl layout)': `apiVersion: v1\nitems:\n${SPLIT}- [a, b]\nkind: List\nmetadata:\n  resourceVersion: ""\n`,
  'a string item (JSON)': `{\n    "apiVersion": "v1",\n    "items": [\n        {"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "web"}, "spec": {"service": "web", "backends": [{"service": "web-v1", "weight": "500m"}]}},\n        "oops"\n    ],\n    "kind": "List"\n}\n`,
  'a number item (JSON)': `{"apiVersion": "v1", "kind": "List", "items": [{"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "web"}, "spec": {"service": "web", "backends": [{"service": "web-v1", "weight": "500m"}]}}, 7]}\n`,
}

for (const [name, text] of Object.entries(UNDECODABLE)) {
  testWith('kubectl')(`a List with ${name} is refused by kubectl whole: an error, nothing converted, in file and stream mode`, () => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.${text.startsWith('{') ? 'json' : 'yaml'}`)
    writeFileSync(file, text)
    const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })
    assert.is.not(k.status, 0)
    assert.match(k.stderr, /cannot unmarshal (string|array|number) into Go value of type map/)
    const write = cli(['--write', file])
    assert.is(write.status, 2, write.stdout)
    assert.match(write.stdout, /error: an item of this List is a (scalar|sequence), not an object: kubectl cannot decode the List/)
    const stream = cli(['-'], { input: text })
    assert.is(stream.status, 2, stream.stderr)
    assert.is(stream.stdout, text)
  })
}

testWith('kubectl')('a null List item is an empty object to kubectl, refused alone: the other items convert', () => {
  const text = `apiVersion: v1\nkind: List\nitems:\n${SPLIT}- null\n`
  const file = join(dir, 'null-item.yaml')
  writeFileSync(file, text)
  const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'name'], { encoding: 'utf8' })
  assert.match(k.stdout, /trafficsplit\.split\.smi-spec\.io\/web/)
  assert.match(k.stderr, /Object 'Kind' is missing/)
  const stream = cli(['-'], { input: text })
  assert.is(stream.status, 0, stream.stderr)
  assert.match(stream.stdout, /weight: 500\n/)
})

test.run()
