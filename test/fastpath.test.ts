/**
 * The stream engine's fast paths against the general path. The general path is
 * `migrate()` (every document read whole: split, pre-filter, parse); the fast paths are the
 * stream engine's zero-copy pass-through and its item-by-item `kind: List` reader. For the
 * same input, in any chunking, both must give the same bytes and the same findings.
 *
 * Inputs: random helm-like streams and random `kubectl get -o yaml` List dumps, with
 * TrafficSplit items in random notations and shapes (no apiVersion, near-miss group,
 * unknown version, bad weight, anchors and aliases, broken YAML), other items with block
 * scalars and column-0 comments, and wrappers of every kind (List, other kinds, none,
 * TrafficSplitList, broken).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { PassThrough, Readable } from 'node:stream'
import { migrate } from '../src/index.js'
import { migrateStream, type StreamSummary } from '../src/pipeline/stream.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 500)

const weight = fc.constantFrom('500m', '"1"', '1', '0.5', '250m', '"750m"', '1e3', '100', '0m', '1Ki', '-1', '5x', '010', '"100"')
const splitItem = fc
  .record({
    weights: fc.array(weight, { minLength: 1, maxLength: 3 }),
    api: fc.constantFrom(
      'split.smi-spec.io/v1alpha1',
      'split.smi-spec.io/v1alpha1',
      'split.smi-spec.io/v1alpha3',
      'split.smi.spec.io/v1alpha1',
      'split.smi-spec.io/v9',
      undefined,
    ),
    name: fc.constantFrom('web', 'api', 'cart'),
    extra: fc.constantFrom(
      '',
      '',
      '    # a comment in the item\n',
      '# a comment at column 0\n',
      '\n',
      '    note: |\n      kind: TrafficSplit\n\n      more\n',
      '    anchor: &a x\n',
      '    alias: *a\n',
      '    broken: "unclosed\n',
      '    bad: [1, 2\n',
    ),
    // What a server adds (for --strip-server-fields).
    server: fc.boolean(),
  })
  .map(({ weights, api, name, extra, server }) => {
    const backends = weights.map((w, i) => `    - service: ${name}-${i}\n      weight: ${w}\n`).join('')
    const owned = server ? '    resourceVersion: "7"\n    uid: u-1\n' : ''
    const status = server ? '  status: {}\n' : ''
    return `- ${api ? `apiVersion: ${api}\n  ` : ''}kind: TrafficSplit\n  metadata:\n    name: ${name}\n    namespace: prod\n${owned}${extra ? `  labels:\n${extra}` : ''}  spec:\n    backends:\n${backends}    service: ${name}\n${status}`
  })
const otherItem = fc.constantFrom(
  '- apiVersion: v1\n  kind: Service\n  metadata:\n    name: web\n  spec:\n    ports:\n    - port: 80\n',
  '- apiVersion: v1\n  data:\n    conf: |\n      kind: TrafficSplit\n\n      - not an item\n  kind: ConfigMap\n  metadata:\n    name: c\n',
  '- apiVersion: apps/v1\n  kind: Deployment\n  metadata:\n    annotations:\n      a: "x & y * z"\n    name: d\n',
  '-\n  apiVersion: v1\n  kind: Secret\n',
  '- {apiVersion: v1, kind: Pod}\n',
  '# column-0 comment between items\n',
)
const tail = fc.constantFrom(
  'kind: List\nmetadata:\n  resourceVersion: ""\n',
  'kind: List\nmetadata:\n  resourceVersion: ""\n  selfLink: ""\n',
  'kind: TrafficSplitList\nmetadata: {}\n',
  'kind: Config\n',
  '',
  'kind: List\nkind: List\n',
  'kind: List\nmetadata: *nothing\n',
  'kind: List\nmetadata:\n  note: "a TrafficSplit in the tail"\n',
  '...\n',
)
const listDump = fc
  .record({
    marker: fc.boolean(),
    items: fc.array(fc.oneof(splitItem, otherItem), { minLength: 1, maxLength: 6 }),
    tail,
  })
  .map(({ marker, items, tail }) => `${marker ? '---\n' : ''}apiVersion: v1\nitems:\n${items.join('')}${tail}`)
const otherDoc = fc.constantFrom(
  '# Source: chart/templates/svc.yaml\napiVersion: v1\nkind: Service\nmetadata:\n  name: web\n',
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: top\nspec:\n  backends:\n  - service: a\n    weight: 500m\n  - service: b\n    weight: 1\n',
  'apiVersion: v1\nkind: ConfigMap\ndata:\n  doc: |\n    kind: TrafficSplit\n',
  'apiVersion: v1\nitems: []\nkind: List\n',
  '...\n',
  'key: "unclosed\n',
)
const stream = fc.array(fc.oneof(listDump, otherDoc), { minLength: 1, maxLength: 4 }).map((docs) => docs.join('---\n'))

async function viaStream(input: Buffer, sizes: number[], stripServerFields = false): Promise<{ output: Buffer; summary: StreamSummary }> {
  const chunks: Buffer[] = []
  for (let pos = 0, i = 0; pos < input.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length]!)
    chunks.push(input.subarray(pos, pos + n))
    pos += n
  }
  const out = new PassThrough()
  const collected: Buffer[] = []
  out.on('data', (c: Buffer) => collected.push(c))
  const summary = await migrateStream(Readable.from(chunks), out, { to: 'v1alpha2', stripServerFields }, '<input>')
  out.end()
  return { output: Buffer.concat(collected), summary }
}

const lines = (fs: readonly { line?: number; column?: number; severity: string; code: string; message: string }[]) =>
  fs.map((f) => `${f.line}:${f.column} ${f.severity} ${f.code}: ${f.message}`).join('\n')

test(`List dumps and streams: the fast paths give the general path's bytes and findings (${RUNS} runs)`, async () => {
  const sizes = fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 })
  await fc.assert(
    fc.asyncProperty(stream, sizes, fc.boolean(), async (text, sizes, stripServerFields) => {
      const general = migrate(text, { path: '<input>', stripServerFields })
      const fast = await viaStream(Buffer.from(text), sizes, stripServerFields)
      assert.is(fast.output.toString('utf8'), general.output)
      assert.is(lines(fast.summary.findings), lines(general.findings))
      assert.is(fast.summary.changed, general.changed)
    }),
    { numRuns: RUNS },
  )
})

/** A kubectl-shaped dump of `count` items, every 50th a TrafficSplit. */
function bigList(count: number): string {
  const items: string[] = []
  for (let i = 0; i < count; i++) {
    items.push(
      i % 50 === 0
        ? `- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:\n    name: s${i}\n  spec:\n    backends:\n    - service: a\n      weight: 500m\n    - service: b\n      weight: "1"\n    service: s${i}\n`
        : `- apiVersion: v1\n  data:\n    conf: |\n${'      some configuration text, long enough to matter\n'.repeat(20)}  kind: ConfigMap\n  metadata:\n    name: c${i}\n`,
    )
  }
  return `apiVersion: v1\nitems:\n${items.join('')}kind: List\nmetadata:\n  resourceVersion: ""\n`
}

test('a List dump streams item by item: the buffer stays small while the output matches', async () => {
  const text = bigList(8000) // about 9 MB, one document
  const general = migrate(text)
  const fast = await viaStream(Buffer.from(text), [64 * 1024])
  assert.ok(general.changed)
  assert.ok(fast.output.equals(Buffer.from(general.output)), 'output differs from the general path')
  assert.is(lines(fast.summary.findings), lines(general.findings))
  assert.ok(text.length > 8_000_000)
  // One read plus one item: far below the document's size.
  assert.ok(fast.summary.peakBuffer! < 4 * 1024 * 1024, `engine held ${fast.summary.peakBuffer} bytes`)
})

const TS =
  '- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  spec:\n    backends:\n    - service: a\n      weight: 500m\n    - service: b\n      weight: 1\n'
const EDGE_CASES: Record<string, string> = {
  'no tail, no final newline': `apiVersion: v1\nitems:\n${TS.slice(0, -1)}`,
  'ended by ... and followed by a document': `apiVersion: v1\nitems:\n${TS}kind: List\n...\n${TS.slice(2).replace(/\n {2}/g, '\n')}`,
  'ended by --- straight after the items': `apiVersion: v1\nitems:\n${TS}---\nkind: Service\n`,
  'a TrafficSplitList wrapper with apiVersion v1': `apiVersion: v1\nitems:\n${TS}kind: TrafficSplitList\n`,
  'an item written as "-" and a mapping below': `apiVersion: v1\nitems:\n-\n${TS.slice(2).replace(/^/gm, '  ')}kind: List\n`,
  'a marker line before the head': `---\napiVersion: v1\nitems:\n${TS}${TS}kind: List\nmetadata: {}\n`,
  'indented items (general path)': `apiVersion: v1\nitems:\n${TS.replace(/^/gm, '  ')}kind: List\n`,
  'CRLF (general path)': `apiVersion: v1\nitems:\n${TS}kind: List\n`.replace(/\n/g, '\r\n'),
  'a comment and blank lines between items': `apiVersion: v1\nitems:\n${TS}\n# between\n\n${TS}kind: List\n`,
  'an alias in an item (whole document)': `apiVersion: v1\nitems:\n${TS.replace('500m', '&w 500m').replace('weight: 1', 'weight: *w')}kind: List\n`,
}

for (const [name, text] of Object.entries(EDGE_CASES)) {
  test(`List edge case: ${name}`, async () => {
    const general = migrate(text, { path: '<input>' })
    for (const sizes of [[1], [7, 3], [1 << 20]]) {
      const fast = await viaStream(Buffer.from(text), sizes)
      assert.is(fast.output.toString('utf8'), general.output, `chunks ${sizes}`)
      assert.is(lines(fast.summary.findings), lines(general.findings), `chunks ${sizes}`)
    }
  })
}

test('a List of any kind is a List, as kubectl reads it: its items convert alike item by item and whole', async () => {
  // kubectl reads any mapping with `items` as a List, whatever its kind (yaml/nodes.ts listReading).
  const text = bigList(60).replace('kind: List\n', 'kind: Config\n')
  const fast = await viaStream(Buffer.from(text), [4096])
  const whole = migrate(text)
  assert.is(fast.summary.changed, true)
  assert.is(fast.output.toString('utf8'), whole.output)
})

test('a List without a kind, which kubectl refuses whole, converts none of its items', async () => {
  const text = bigList(60).replace('kind: List\n', '')
  const fast = await viaStream(Buffer.from(text), [4096])
  assert.is(fast.output.toString('utf8'), text)
  assert.is(fast.summary.changed, false)
  assert.is(migrate(text).changed, false)
})

test.run()
