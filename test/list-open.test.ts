/**
 * A kubectl-layout List taken item by item (src/pipeline/list.ts) agrees with the whole
 * document's reading when an item's quoted scalar or flow collection runs on over lines at
 * column 0 (kubectl reads them as text inside the item): src/pipeline/open.ts says where an
 * item may end open, and such a List goes to the general path whole.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mayEndOpen } from '../src/pipeline/open.js'
import { migrate } from '../src/index.js'
import { streamChunks } from './helpers/harness.js'

const open = (s: string): boolean => mayEndOpen(Buffer.from(s, 'utf8'))

test('items kubectl prints end closed: quoted values, folded quoted strings, block scalars, flow, comments', () => {
  for (const item of [
    "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    resourceVersion: \"123\"\n    name: 'it''s'\n",
    '- data:\n    long: "a long string that go-yaml folds\n      onto an indented line"\n    esc: "a \\" quote"\n',
    '- data:\n    script: |\n      echo "unclosed\n      [ and { too\n    after: "closed"\n',
    '- spec:\n  - |-\n    text with \' quote\n  - >\n    "folded\n  - x\n',
    '- metadata:\n    labels: {}\n    finalizers: []\n    flow: {a: "b", c: [1, 2]}\n',
    '- a: b # a "comment\n  c: d"e\n  f: [x"y]\n  g: !!str "tagged"\n',
  ])
    assert.not.ok(open(item), item)
})

test('items that end inside a quoted scalar or a flow collection', () => {
  for (const item of [
    '- data:\n    a: "x\n',
    "- data:\n    a: 'it''s\n",
    '- data:\n    a: [1,\n',
    '- data:\n    a: {b: "c",\n',
    '- data:\n    script: |\n      text\n    b: "open\n',
    '- - |\n    text\n  - "open\n',
    '- a: !!str "open\n',
  ])
    assert.ok(open(item), item)
})

const LIST = `apiVersion: v1
items:
- apiVersion: v1
  kind: ConfigMap
  metadata:
    name: cm
  data:
    a: "x
- apiVersion: split.smi-spec.io/v1alpha1
  kind: TrafficSplit
  metadata:
    name: s
  spec:
    backends:
    - service: a
      weight: 500m
    - service: b
      weight: 1
  note: ab"
kind: List
metadata:
  resourceVersion: ""
`

test('a ConfigMap string running on at column 0 over a TrafficSplit-like item: stream and file agree, no string is edited', async () => {
  // kubectl reads one ConfigMap, its string running to the closing quote (yaml/quoted.ts): nothing to convert.
  const whole = migrate(LIST)
  assert.is(whole.output, LIST)
  assert.not.ok(
    whole.findings.some((f) => f.code === 'converted' || f.severity === 'error'),
    JSON.stringify(whole.findings),
  )
  for (const sizes of [[1 << 20], [7, 64, 1]]) {
    const streamed = await streamChunks(Buffer.from(LIST), sizes)
    assert.is(streamed.toString('utf8'), LIST)
  }
})

test.run()
