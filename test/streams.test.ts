/**
 * Inputs kubectl reads differently from a YAML 1.2 parser, and inputs of a shape the
 * stream engine used to take whole (issue 11). Every expectation about what kubectl reads
 * was checked with `kubectl annotate --local -f FILE x=y -o json` (kubectl 1.32, go-yaml v2
 * through sigs.k8s.io/yaml; apimachinery's YAMLOrJSONDecoder for the stream).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { migrate } from '../src/index.js'
import { migrateChecked, streamChunks } from './helpers/harness.js'
import { PassThrough, Readable } from 'node:stream'
import { migrateStream } from '../src/pipeline/stream.js'
import { timedAsync } from './helpers/cpu.js'

const HEAD = 'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n'

async function viaStream(text: string, sizes: number[], stripServerFields = false) {
  const out = new PassThrough()
  const parts: Buffer[] = []
  out.on('data', (c: Buffer) => parts.push(c))
  const chunks: Buffer[] = []
  const input = Buffer.from(text)
  for (let pos = 0, i = 0; pos < input.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length]!)
    chunks.push(input.subarray(pos, pos + n))
    pos += n
  }
  const summary = await migrateStream(Readable.from(chunks), out, { to: 'v1alpha2', stripServerFields }, '<input>')
  return { output: Buffer.concat(parts).toString('utf8'), summary }
}

const lines = (fs: Array<{ line?: number; column?: number; code: string; message: string }>) =>
  fs.map((f) => `${f.line}:${f.column} ${f.code} ${f.message}`).join('\n')

test('NEL, LS, PS or a lone CR outside a quoted scalar: refused where it is (kubectl reads a line break there)', async () => {
  for (const br of ['\u0085', '\u2028', '\u2029', '\r']) {
    // kubectl reads two backends here: b (weight 1) and c (weight 500m); YAML 1.2 reads one
    // backend whose comment runs to the end of the line. Converting "1" alone would leave
    // c's 500m under v1alpha2, where it means 500.
    const text = `${HEAD}  - service: b\n    weight: 1 # note${br}  - service: c${br}    weight: 500m\n`
    const r = migrate(text)
    assert.ok(r.failed, JSON.stringify(br))
    assert.is(r.output, text)
    const f = r.findings.find((x) => x.code === 'invalid-yaml')!
    assert.match(f.message, /a line break for kubectl \(YAML 1\.1\) but not for this parser/)
    assert.is(`${f.line}:${f.column}`, '9:21')
    const s = await viaStream(text, [3])
    assert.is(s.output, text)
    assert.is(lines(s.summary.findings), lines(r.findings))
  }
  // Inside quoted scalars they only fold the scalar's text: converted. A document that never
  // mentions TrafficSplit passes through as it is.
  const quoted =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: "a\u0085b", labels: {x: \'c\u2028d\u2029\'}}\n' +
    'spec:\n  backends:\n  - {service: "s\u0085", weight: 500m}\n'
  const r = migrateChecked(quoted)
  assert.ok(r.changed && !r.failed)
  assert.ok(r.output.includes('weight: 500}'))
  const other = 'apiVersion: v1\nkind: ConfigMap # x\u0085y\ndata: {a: b}\n---\n' + HEAD + '  - service: b\n    weight: 500m\n'
  const o = migrateChecked(other)
  assert.ok(o.changed && !o.failed)
  assert.ok(o.output.startsWith('apiVersion: v1\nkind: ConfigMap # x\u0085y\n'))
})

test('a CR-only file: refused at its first line break (kubectl reads only its first document, and not as we would)', async () => {
  const text =
    'apiVersion: split.smi-spec.io/v1alpha1\rkind: TrafficSplit\rmetadata:\r  name: web\rspec:\r  backends:\r' +
    '  - service: b\r    weight: 500m\r---\rapiVersion: split.smi-spec.io/v1alpha1\rkind: TrafficSplit\rmetadata: {name: x}\r' +
    'spec: {backends: [{service: a, weight: 100m}]}\r'
  const r = migrate(text)
  assert.ok(r.failed)
  assert.is(r.output, text)
  assert.equal(
    r.findings.map((f) => `${f.line}:${f.column} ${f.code}`),
    ['1:39 invalid-yaml'],
  )
  assert.match(r.findings[0]!.message, /a CR not followed by LF outside a quoted scalar/)
  const s = await viaStream(text, [5])
  assert.is(s.output, text)
  assert.is(lines(s.summary.findings), lines(r.findings))
})

const JSON_SPLIT = (name: string, w: string) =>
  `{"apiVersion":"split.smi-spec.io/v1alpha1","kind":"TrafficSplit","metadata":{"name":"${name}"},"spec":{"service":"s","backends":[{"service":"a","weight":${w}},{"service":"b","weight":1}]}}`

test('one JSON object per line (jq -c): every object converted, as kubectl reads them all', async () => {
  const cm = '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"k":"TrafficSplit }{ \\" \\\\"}}'
  const text = [JSON_SPLIT('one', '"500m"'), cm, JSON_SPLIT('two', '"250m"'), JSON_SPLIT('three', '1')].join('\n') + '\n'
  const r = migrateChecked(text)
  assert.ok(r.changed && !r.failed)
  assert.equal(
    r.findings.map((f) => `${f.line} ${f.code} ${f.object?.name}`),
    ['1 converted one', '3 converted two', '4 converted three'],
  )
  const out = r.output.split('\n')
  assert.is(out[1], cm)
  for (const i of [0, 2, 3]) assert.ok(JSON.parse(out[i]!).apiVersion === 'split.smi-spec.io/v1alpha2')
  assert.equal(
    JSON.parse(out[0]!).spec.backends.map((b: { weight: number }) => b.weight),
    [500, 1000],
  )
  for (const sizes of [[1], [7, 3], [1 << 16]]) {
    const s = await viaStream(text, sizes)
    assert.is(s.output, r.output, `chunks ${sizes}`)
    assert.is(lines(s.summary.findings), lines(r.findings))
  }
  // Values back to back, blank lines, CRLF, leading blanks: still one object each.
  const packed = `\n  ${JSON_SPLIT('a', '"500m"')}${JSON_SPLIT('b', '"500m"')}\r\n\r\n ${JSON_SPLIT('c', '"500m"')}`
  const p = migrateChecked(packed)
  assert.equal(
    p.findings.map((f) => `${f.code} ${f.object?.name}`),
    ['converted a', 'converted b', 'converted c'],
  )
  assert.is((await viaStream(packed, [2])).output, p.output)
  // JSON values, then something else: the objects before it are converted, the rest is read
  // as YAML (kubectl stops at it with a syntax error).
  const mixed = migrate(`${JSON_SPLIT('one', '"500m"')}\n---\n${HEAD}  - service: b\n    weight: 500m\n`)
  assert.ok(mixed.changed && !mixed.failed)
  assert.equal(
    mixed.findings.map((f) => `${f.line} ${f.object?.name}`),
    ['1 one', '3 web'],
  )
})

test('a kubectl JSON List with a stray byte between items: the stream path finishes (found by the fuzzer: it looped on a lone `}`)', async () => {
  const item = (name: string) =>
    `        {\n            "apiVersion": "split.smi-spec.io/v1alpha1",\n            "kind": "TrafficSplit",\n` +
    `            "metadata": {"name": "${name}"},\n            "spec": {"backends": [{"service": "a", "weight": "1"}]}\n        }`
  for (const stray of ['},', '}', '},,', 'x,']) {
    const input = `{\n    "apiVersion": "v1",\n    "items": [\n${item('a')},\n        ${stray}\n${item('b')}\n    ],\n    "kind": "List"\n}\n`
    const streamed = await Promise.race([
      streamChunks(Buffer.from(input), [7, 300]),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the stream path hung on ${stray}`)), 5000)),
    ])
    // Where the library finds nothing to convert, the stream leaves the bytes alone too.
    const file = migrate(input)
    if (!file.changed) assert.is(streamed.toString('utf8'), input, stray)
    assert.ok(file.findings.some((f) => f.severity === 'error') || stray === 'x,', stray)
  }
})

test('--strip-server-fields: an explicit `? status` key before apiVersion does not make apiVersion an explicit key', () => {
  const text = `? status\n: {phase: ok}\n${HEAD}  - service: b\n    weight: 500m\n`
  const r = migrateChecked(text, { stripServerFields: true })
  assert.ok(r.output.startsWith('apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\n'), r.output)
  const item = `kind: List\nitems:\n- ? status\n  : {}\n  apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata: {name: y}\n  spec: {backends: [{service: a, weight: 1}]}\n`
  const i = migrateChecked(item, { stripServerFields: true })
  assert.ok(i.output.includes('\n- apiVersion: split.smi-spec.io/v1alpha2\n'), i.output)
})

test('--strip-server-fields: a field holding an anchor read elsewhere is kept, with a warning (no dangling alias)', () => {
  const text =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n  uid: &u 1234\n  labels: {owner: *u}\n' +
    'status: &s {phase: ok}\nspec:\n  service: web\n  backends:\n  - {service: a, weight: 500m}\nx-copy: *s\n'
  const r = migrate(text, { stripServerFields: true })
  assert.ok(r.changed && !r.failed)
  assert.equal(
    parseAllDocuments(r.output).flatMap((d) => d.errors.map((e) => e.message)),
    [],
  )
  assert.ok(r.output.includes('  uid: &u 1234\n') && r.output.includes('status: &s {phase: ok}\n'))
  assert.equal(
    r.findings.filter((f) => f.code === 'unsupported-alias').map((f) => `${f.line}:${f.column} ${f.message}`),
    [
      '5:3 TrafficSplit web: metadata.uid not stripped: it holds anchor &u, which an alias outside it reads',
      '7:1 TrafficSplit web: status not stripped: it holds anchor &s, which an alias outside it reads',
    ],
  )
  // A mapping read through an alias elsewhere keeps all its pairs (the alias would lose them too).
  const shared =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: &m\n  name: x\n  uid: 1\n' +
    'spec:\n  backends:\n  - {service: a, weight: 500m}\ncopy: *m\n'
  const m = migrate(shared, { stripServerFields: true })
  assert.is(m.output, shared.replace('v1alpha1', 'v1alpha2').replace('500m', '500'))
  assert.equal(
    m.findings.filter((f) => f.code === 'unsupported-alias').map((f) => `${f.line}:${f.column}`),
    ['3:1'],
  )
  // An anchor only its own field reads goes with it.
  const own =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web}\nstatus: {a: &a 1, b: *a}\n' +
    'spec: {backends: [{service: a, weight: 500m}]}\n'
  const o = migrateChecked(own, { stripServerFields: true })
  assert.not.match(o.output, /status/)
})

test('--strip-server-fields: the comment above the next kept key stays when the stripped key opens a list item', () => {
  const text =
    'kind: List\nitems:\n- status: {}\n  # about apiVersion\n  apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n' +
    '  metadata:\n    name: x\n  spec:\n    backends:\n    - {service: a, weight: 500m}\n'
  const r = migrateChecked(text, { stripServerFields: true })
  assert.ok(r.output.includes('  # about apiVersion\n  apiVersion: split.smi-spec.io/v1alpha2\n'), r.output)
  assert.not.match(r.output, /status/)
})

/** A `kubectl get -o yaml` dump of n items, every third a TrafficSplit. */
function dump(n: number, opts: { comment?: boolean; crlf?: boolean } = {}): string {
  const out: string[] = [opts.comment ? '# kubectl get trafficsplits,configmaps -A -o yaml\n---\n' : '', 'apiVersion: v1\nitems:\n']
  for (let i = 0; i < n; i++) {
    out.push(
      i % 3 === 0
        ? `- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:\n    name: ts-${i}\n    resourceVersion: "${i}"\n  spec:\n    backends:\n    - service: a\n      weight: 500m\n    - service: b\n      weight: 500m\n    service: s\n`
        : `- apiVersion: v1\n  data:\n    k: ${'x'.repeat(1000)}\n  kind: ConfigMap\n  metadata:\n    name: cm-${i}\n`,
    )
  }
  out.push('kind: List\nmetadata:\n  resourceVersion: ""\n')
  const text = out.join('')
  return opts.crlf ? text.replace(/\n/g, '\r\n') : text
}

test('a List dump with a comment on top, or with CRLF line ends, is read item by item (same bytes as the general path)', async () => {
  for (const opts of [{ comment: true }, { crlf: true }, { comment: true, crlf: true }]) {
    const text = dump(3000, opts)
    assert.ok(text.length > 2_000_000)
    const general = migrate(text, { stripServerFields: true })
    assert.ok(
      general.changed && !general.failed,
      `${JSON.stringify(opts)}: ${lines(general.findings.filter((f) => f.severity !== 'info'))}`,
    )
    const fast = await viaStream(text, [1 << 16], true)
    assert.ok(fast.output === general.output, `output differs from the general path (${JSON.stringify(opts)})`)
    assert.is(lines(fast.summary.findings), lines(general.findings))
    // Whole, the dump would have been held at once; item by item, one read and one item.
    assert.ok(fast.summary.peakBuffer! < 1024 * 1024, `engine held ${fast.summary.peakBuffer} bytes`)
  }
})

test('a document too large to parse whole is refused at once, never parsed for minutes', async () => {
  // A List in no layout the item path knows (kind first): only the general path could read it.
  const item = '- {apiVersion: v1, kind: ConfigMap, metadata: {name: c}, data: {k: vvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvvv}}\n'
  const text =
    'kind: List\napiVersion: v1\nitems:\n- {apiVersion: split.smi-spec.io/v1alpha1, kind: TrafficSplit, metadata: {name: t}, spec: {backends: [{service: a, weight: 1}]}}\n' +
    item.repeat(Math.ceil((16 * 2 ** 20) / item.length))
  const [[r, s], ms] = await timedAsync(async () => [migrate(text), await streamChunks(Buffer.from(text), [1 << 20])] as const)
  assert.ok(r.failed)
  assert.match(r.findings[0]!.message, /MiB, too large to parse whole \(limit 16 MiB\)/)
  assert.ok(s.equals(Buffer.from(text)))
  assert.ok(ms < 20_000, `took ${ms.toFixed(0)} ms of CPU`)
})

test('a flow collection continued at or left of its key (go-yaml reads it, YAML 1.2 does not): converted as kubectl reads it', async () => {
  // kubectl: backends a (500m) and b (250m).
  const split =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n' +
    '  backends: [{service: a, weight: 500m},\n  {service: b,\nweight: 250m}\n]\n'
  const r = migrateChecked(split)
  assert.ok(r.changed && !r.failed, lines(r.findings))
  assert.is(r.output, split.replace('500m', '500').replace('250m', '250').replace('v1alpha1', 'v1alpha2'))
  assert.equal(
    r.findings.map((f) => `${f.line}:${f.column} ${f.message}`),
    ['1:1 TrafficSplit web: v1alpha1 -> v1alpha2, weights 500m, 250m -> 500, 250'],
  )
  // A ConfigMap written that way that only mentions TrafficSplit no longer blocks the file.
  const cm =
    'apiVersion: v1\nkind: ConfigMap # routes for the TrafficSplit below\nmetadata: {name: c}\ndata:\n  hosts: [a,\n  b]\n---\n' + split
  const c = migrateChecked(cm)
  assert.ok(c.changed && !c.failed, lines(c.findings))
  assert.equal(
    c.findings.map((f) => `${f.line} ${f.code}`),
    ['8 converted'],
  )
  const s = await viaStream(cm, [4])
  assert.is(s.output, c.output)
  assert.is(lines(s.summary.findings), lines(c.findings))
  // Anything else wrong with the document is still refused.
  const broken = split.replace('weight: 250m}', 'weight: 250m}}')
  assert.ok(migrate(broken).failed)
})

test('a kubectl get -o json List is read item by item: same bytes as the general path, one item in memory', async () => {
  const items: string[] = []
  // About 600 KB: more than twice what the engine may hold, small enough that the general path
  // (the whole List parsed, five times below) stays a few seconds.
  for (let i = 0; i < 600; i++) {
    items.push(
      i % 3 === 0
        ? `        {\n            "apiVersion": "split.smi-spec.io/v1alpha1",\n            "kind": "TrafficSplit",\n            "metadata": {\n                "name": "ts-${i}",\n                "resourceVersion": "${i}"\n            },\n            "spec": {\n                "backends": [\n                    {\n                        "service": "a",\n                        "weight": "500m"\n                    }\n                ],\n                "service": "s"\n            }\n        }`
        : `        {\n            "apiVersion": "v1",\n            "data": {\n                "k": "${'x'.repeat(1000)} & *not an alias ]}"\n            },\n            "kind": "ConfigMap",\n            "metadata": {\n                "name": "cm-${i}"\n            }\n        }`,
    )
  }
  const text = `{\n    "apiVersion": "v1",\n    "items": [\n${items.join(',\n')}\n    ],\n    "kind": "List",\n    "metadata": {\n        "resourceVersion": ""\n    }\n}\n`
  assert.ok(text.length > 2 * 256 * 1024)
  for (const strip of [false, true]) {
    const general = migrate(text, { stripServerFields: strip })
    assert.ok(general.changed && !general.failed)
    const fast = await viaStream(text, [1 << 16], strip)
    assert.ok(fast.output === general.output, 'output differs from the general path')
    assert.is(lines(fast.summary.findings), lines(general.findings))
    assert.ok(fast.summary.peakBuffer! < 256 * 1024, `engine held ${fast.summary.peakBuffer} bytes`)
  }
  // Two such Lists one after the other (JSON values back to back), and one cut short.
  const two = text + text
  const fast2 = await viaStream(two, [1 << 15])
  assert.ok(fast2.output === migrate(two).output)
  const cut = text.slice(0, text.length >> 1)
  const fast3 = await viaStream(cut, [1 << 15])
  const general3 = migrate(cut)
  assert.ok(general3.failed && fast3.output === cut)
  assert.is(lines(fast3.summary.findings), lines(general3.findings))
})

test.run()
