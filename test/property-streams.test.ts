/**
 * Generated inputs for the stream classes of issue 11, each checked against an oracle of
 * what kubectl reads:
 *
 * - line breaks: LF, CRLF, and the YAML 1.1 breaks go-yaml knows (NEL, LS, PS, a lone CR)
 *   anywhere, in comments that hide a backend too. Oracle: the text with every break made
 *   a LF is what go-yaml reads; a run either refuses (input back unchanged) or gives the
 *   data the oracle's own conversion gives.
 * - flow collections continued at any column, the closing bracket at column 0 included.
 *   Oracle: the same lines indented far enough for YAML 1.2 (go-yaml ignores indentation
 *   inside flow collections).
 * - JSON values one after another (NDJSON, back to back, CRLF): every object converted as it
 *   is converted alone.
 * - List dumps (YAML with a comment or `---` on top, CRLF; kubectl's `-o json` layout): the
 *   stream path gives the general path's bytes and findings, in any chunking.
 *
 * Every run also checks idempotence, and (for the line-based classes) that only apiVersion
 * and weight lines change. A sample is also read by kubectl itself (`kubectl annotate --local
 * -o json`, no cluster needed) before and after: the weights' ratios must be the same
 * (skipped, and reported as such, without kubectl: test/helpers/tools.ts).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough, Readable } from 'node:stream'
import { parseAllDocuments } from 'yaml'
import { migrate } from '../src/index.js'
import { migrateStream } from '../src/pipeline/stream.js'
import { assertOnlyScalarLinesChanged } from './helpers/harness.js'
import { testWith } from './helpers/tools.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150)

const data = (text: string): unknown => parseAllDocuments(text).map((d) => d.toJS() as unknown)
const lines = (fs: Array<{ line?: number; column?: number; code: string; message: string }>) =>
  fs.map((f) => `${f.line}:${f.column} ${f.code} ${f.message}`).join('\n')

async function viaStream(text: string, sizes: number[], stripServerFields = false) {
  const out = new PassThrough()
  const parts: Buffer[] = []
  out.on('data', (c: Buffer) => parts.push(c))
  const input = Buffer.from(text)
  const chunks: Buffer[] = []
  for (let pos = 0, i = 0; pos < input.length; i++) {
    const n = Math.max(1, sizes[i % sizes.length]!)
    chunks.push(input.subarray(pos, pos + n))
    pos += n
  }
  const summary = await migrateStream(Readable.from(chunks), out, { to: 'v1alpha2', stripServerFields }, '<input>')
  return { output: Buffer.concat(parts).toString('utf8'), findings: summary.findings, peak: summary.peakBuffer ?? Infinity }
}

async function sameAsStream(text: string, sizes: number[], r: ReturnType<typeof migrate>, strip = false): Promise<number> {
  const s = await viaStream(text, sizes, strip)
  assert.is(s.output, r.output, "the stream path gives the file path's bytes")
  assert.is(lines(s.findings), lines(r.findings), 'and its findings')
  return s.peak
}

const sizes = fc.array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 4 })
const weight = fc.constantFrom('500m', '250m', '1', '2', '100m', '"1"', '750m', '0')

// ---- line breaks ----

const FOREIGN = ['\u0085', '\u2028', '\u2029', '\r']
const normalize = (s: string) => s.replace(/\r\n/g, '\n').replace(/[\u0085\u2028\u2029\r]/g, '\n')

/** A TrafficSplit as lines, with comments that may hide a backend behind a YAML 1.1 break. */
const splitLines = fc
  .record({
    weights: fc.array(weight, { minLength: 1, maxLength: 3 }),
    comments: fc.array(fc.constantFrom('', ' # note', ' # x', ' # hidden'), { minLength: 3, maxLength: 3 }),
    hidden: fc.option(weight, { nil: undefined }),
    quotedBreak: fc.boolean(),
  })
  .map(({ weights, comments, hidden, quotedBreak }) => {
    const out = [
      'apiVersion: split.smi-spec.io/v1alpha1',
      'kind: TrafficSplit',
      'metadata:',
      `  name: ${quotedBreak ? '"web\u0085x"' : 'web'}`,
      'spec:',
      '  service: web',
      '  backends:',
    ]
    weights.forEach((w, i) => {
      out.push(`  - service: b${i}`)
      // `hidden` goes behind a break in the last weight's comment: kubectl sees one more backend.
      const tail =
        i === weights.length - 1 && hidden !== undefined ? ` # c\u0000  - service: z\u0000    weight: ${hidden}` : comments[i % 3]!
      out.push(`    weight: ${w}${tail}`)
    })
    return out
  })
const breaks = fc.array(fc.constantFrom('\n', '\n', '\n', '\r\n', ...FOREIGN), { minLength: 12, maxLength: 12 })

test(`line breaks: NEL, LS, PS, lone CR anywhere: refused or converted as kubectl reads it (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(splitLines, breaks, fc.constantFrom(...FOREIGN), sizes, async (ls, brs, inner, sz) => {
      const text = ls.map((l, i) => l.replace(/\0/g, inner) + brs[i % brs.length]).join('')
      const r = migrate(text)
      if (r.failed) {
        assert.is(r.output, text, 'a refused input comes back unchanged')
      } else {
        // What kubectl reads, converted by the same tool with only LF breaks.
        const oracle = migrate(normalize(text))
        assert.ok(!oracle.failed)
        assert.equal(data(normalize(r.output)), data(oracle.output), 'converted as kubectl reads it')
        assertOnlyScalarLinesChanged(normalize(text), normalize(r.output))
        assert.is(migrate(r.output).changed, false, 'idempotent')
      }
      // Only LF/CRLF and a break inside the quoted name: never refused for the break.
      const foreign = text.replace('"web\u0085x"', '"webx"')
      if (!/[\u0085\u2028\u2029]|\r(?!\n)/.test(foreign)) assert.ok(!r.failed, lines(r.findings))
      await sameAsStream(text, sz, r)
    }),
    { numRuns: RUNS },
  )
})

// ---- flow collections at any column ----

/** Backends as a flow sequence whose items may start new lines at any column, `]` at column 0 too. */
const flowSplit = fc
  .record({
    weights: fc.array(weight, { minLength: 1, maxLength: 3 }),
    seps: fc.array(fc.constantFrom(' ', ' ', '\n', '\n ', '\n  ', '\n   ', '\n      '), { minLength: 12, maxLength: 12 }),
    nested: fc.boolean(),
  })
  .map(({ weights, seps, nested }) => {
    let k = 0
    const sep = () => seps[k++ % seps.length]!
    const items = weights.map((w, i) => `{service: b${i},${sep()}weight: ${w}}`)
    const flow = `[${items.join(`,${sep()}`)}${sep()}]`
    const head = 'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n'
    const body = nested
      ? `  backends: ${flow}\n`
      : `  backends:\n  - {service: a, weight: 1, tags: ${flow.replace(/service: b/g, 'tag: t')}}\n`
    return head + body + 'status: {x: [1,\n2]}\n'
  })

/** Lines after the first `[` are flow continuation lines in these inputs: indented by 20 they are valid YAML 1.2. */
function reindent(text: string): string {
  const out = text.split('\n')
  const first = out.findIndex((l) => l.includes('['))
  for (let i = first + 1; i < out.length; i++) if (out[i] !== '' && !out[i]!.startsWith('status:')) out[i] = ' '.repeat(20) + out[i]
  return out.join('\n')
}

test(`flow collections continued at or left of their key: converted as go-yaml reads them (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(flowSplit, sizes, async (text, sz) => {
      const r = migrate(text)
      assert.ok(!r.failed, lines(r.findings))
      assertOnlyScalarLinesChanged(text, r.output)
      const oracle = migrate(reindent(text))
      assert.equal(data(reindent(r.output)), data(oracle.output))
      assert.is(r.findings.map((f) => f.message).join('\n'), oracle.findings.map((f) => f.message).join('\n'))
      assert.is(migrate(r.output).changed, false, 'idempotent')
      await sameAsStream(text, sz, r)
    }),
    { numRuns: RUNS },
  )
})

// ---- JSON values one after another ----

const jsonObject = fc.oneof(
  fc
    .record({
      name: fc.constantFrom('a', 'b', 'c'),
      weights: fc.array(fc.constantFrom('"500m"', '"1"', '1', '2', '"250m"'), { minLength: 1, maxLength: 3 }),
    })
    .map(
      ({ name, weights }) =>
        `{"apiVersion":"split.smi-spec.io/v1alpha1","kind":"TrafficSplit","metadata":{"name":"${name}"},` +
        `"spec":{"service":"s","backends":[${weights.map((w, i) => `{"service":"b${i}","weight":${w}}`).join(',')}]}}`,
    ),
  fc.constantFrom(
    '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"k":"TrafficSplit }{ [\\" \\\\"}}',
    '{"apiVersion":"v1","kind":"Service","metadata":{"name":"s"}}',
    '{}',
  ),
)
const jsonSep = fc.constantFrom('\n', '\n', '\r\n', '', ' ', '\n\n', '\t\n')

test(`JSON values one after another: every object converted as it is alone (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(jsonObject, jsonSep), { minLength: 1, maxLength: 6 }),
      fc.constantFrom('', ' ', '\n'),
      sizes,
      async (values, lead, sz) => {
        const text = lead + values.map(([v, s]) => v + s).join('')
        const r = migrate(text)
        const expected = lead + values.map(([v, s]) => migrate(v).output + s).join('')
        assert.is(r.output, expected)
        assert.ok(!r.failed)
        assert.is(r.findings.filter((f) => f.code === 'converted').length, values.filter(([v]) => v.includes('"TrafficSplit"')).length)
        assert.is(migrate(r.output).changed, false, 'idempotent')
        await sameAsStream(text, sz, r)
      },
    ),
    { numRuns: RUNS },
  )
})

// ---- List dumps in more layouts ----

const yamlItem = fc.oneof(
  fc
    .record({ w: weight, server: fc.boolean() })
    .map(
      ({ w, server }) =>
        `- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n  metadata:\n    name: t\n${server ? '    uid: u\n' : ''}  spec:\n    backends:\n    - service: a\n      weight: ${w}\n${server ? '  status: {}\n' : ''}`,
    ),
  fc.constantFrom(
    '- apiVersion: v1\n  kind: ConfigMap\n  data:\n    k: |\n      kind: TrafficSplit\n      - x\n',
    '- {apiVersion: v1, kind: Service}\n',
  ),
)
const yamlHead = fc.constantFrom('', '# a note\n', '---\n', '# a\n\n---\n  # b\n')

test(`List dumps after comments, with CRLF: the item path gives the general path's bytes and findings (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(
      yamlHead,
      fc.array(yamlItem, { minLength: 1, maxLength: 6 }),
      fc.boolean(),
      fc.boolean(),
      sizes,
      async (head, items, crlf, strip, sz) => {
        let text = `${head}apiVersion: v1\nitems:\n${items.join('')}kind: List\nmetadata:\n  resourceVersion: ""\n`
        if (crlf) text = text.replace(/\n/g, '\r\n')
        const r = migrate(text, { stripServerFields: strip })
        const peak = await sameAsStream(
          text,
          sz.map((n) => Math.min(n, 64)),
          r,
          strip,
        )
        // Read item by item: never the whole dump in memory.
        if (items.length >= 5) assert.ok(peak < text.length, `held ${peak} of ${text.length} bytes`)
        assert.is(migrate(r.output, { stripServerFields: strip }).changed, false, 'idempotent')
      },
    ),
    { numRuns: RUNS },
  )
})

const jsonItem = fc.oneof(
  fc.record({ w: fc.constantFrom('"500m"', '"1"', '1', '"250m"'), server: fc.boolean() }).map(({ w, server }) => ({
    apiVersion: 'split.smi-spec.io/v1alpha1',
    kind: 'TrafficSplit',
    metadata: { name: 't', ...(server ? { uid: 'u' } : {}) },
    spec: { backends: [{ service: 'a', weight: JSON.parse(w) as unknown }] },
    ...(server ? { status: {} } : {}),
  })),
  fc.constantFrom(
    { apiVersion: 'v1', kind: 'ConfigMap', data: { k: 'TrafficSplit ]}, {["' } },
    { apiVersion: 'v1', kind: 'Service' },
    7,
    'x',
  ),
)

test(`kubectl get -o json Lists (and JSON values after them): the item path gives the general path's bytes and findings (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(jsonItem, { minLength: 0, maxLength: 5 }),
      fc.constantFrom(0, 2, 4),
      fc.boolean(),
      fc.boolean(),
      sizes,
      async (items, indent, more, strip, sz) => {
        const list = { apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }
        const one = JSON.stringify(list, null, indent || undefined)
        const text = one + '\n' + (more ? one + '\n' : '')
        const r = migrate(text, { stripServerFields: strip })
        // kubectl cannot decode a List with a scalar item: one that holds a TrafficSplit is refused whole.
        const refused = items.some((i) => typeof i !== 'object') && items.some((i) => typeof i === 'object' && i.kind === 'TrafficSplit')
        assert.is(r.failed, refused, lines(r.findings))
        if (refused) assert.is(r.output, text)
        await sameAsStream(text, sz, r, strip)
        assert.is(migrate(r.output, { stripServerFields: strip }).changed, false, 'idempotent')
      },
    ),
    { numRuns: RUNS },
  )
})

// ---- kubectl itself, on a sample ----

const KUBECTL_RUNS = Number(process.env.KUBECTL_RUNS ?? 12)

type Reading = Array<{ apiVersion: string; weights: unknown[] }>

/**
 * The TrafficSplits kubectl reads from each text (apiVersion and weights; undefined for a text it
 * cannot read), in one kubectl call. Each text is a file of its own (kubectl decodes each file
 * alone, goes on past one it cannot read and names it on stderr) followed by a marker file, a
 * ConfigMap named for the text: kubectl prints the files' objects in the order of the files, so
 * the objects before a text's marker and after the one before are that text's (checked).
 */
function kubectlReads(dir: string, texts: string[]): Array<Reading | undefined> {
  const input = (k: number) => join(dir, `in-${k}.yaml`)
  const marker = (k: number) => `smi-marker-${k}`
  const files = texts.flatMap((text, k) => {
    writeFileSync(input(k), text)
    writeFileSync(join(dir, `${marker(k)}.yaml`), `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${marker(k)}\n`)
    return [input(k), join(dir, `${marker(k)}.yaml`)]
  })
  const r = spawnSync('kubectl', ['annotate', '--local', ...files.flatMap((f) => ['-f', f]), 'x=y', '-o', 'json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  })
  // A text kubectl cannot read is one whose file its errors name (alone, it would exit non-zero).
  const unreadable = texts.map((_, k) => r.stderr.includes(input(k)))
  const stray = r.stderr.split('\n').filter((l) => l.trim() && !texts.some((_, k) => l.includes(input(k))))
  if (stray.length || (r.status !== 0 && !unreadable.includes(true))) throw new Error(`kubectl: ${r.stderr}`)
  // Each object is printed as indented JSON, its braces alone at the start of a line; a List's items one by one.
  const values = r.stdout
    .split(/^(?=\{$)/m)
    .filter((t) => t.trim())
    .map((t) => JSON.parse(t) as { items?: unknown[] })
  const objects = values.flatMap((v) => v.items ?? [v]) as Array<{
    apiVersion: string
    kind: string
    metadata?: { name?: string }
    spec?: { backends?: Array<{ weight: unknown }> }
  }>
  const readings: Array<Reading | undefined> = []
  let from = 0
  for (const [k] of texts.entries()) {
    const at = objects.findIndex((o, i) => i >= from && o.kind === 'ConfigMap' && o.metadata?.name?.startsWith('smi-marker-'))
    assert.is(objects[at]?.metadata?.name, marker(k), 'kubectl printed the files in order')
    readings.push(
      unreadable[k]
        ? undefined
        : objects
            .slice(from, at)
            .filter((o) => o.kind === 'TrafficSplit')
            .map((o) => ({ apiVersion: o.apiVersion, weights: (o.spec?.backends ?? []).map((b) => b.weight) })),
    )
    from = at + 1
  }
  assert.is(from, objects.length, 'no object after the last marker')
  return readings
}

const amount = (w: unknown): number => {
  const s = String(w)
  return s.endsWith('m') ? Number(s.slice(0, -1)) / 1000 : Number(s)
}

testWith('kubectl')(`kubectl reads the same weight ratios before and after (a sample of ${KUBECTL_RUNS} per class)`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-kubectl-'))
  try {
    const inputs = [
      ...fc.sample(
        fc
          .tuple(splitLines, breaks, fc.constantFrom(...FOREIGN))
          .map(([ls, brs, inner]) => ls.map((l, i) => l.replace(/\0/g, inner) + brs[i % brs.length]).join('')),
        KUBECTL_RUNS,
      ),
      ...fc.sample(flowSplit, KUBECTL_RUNS),
      ...fc.sample(
        fc.array(fc.tuple(jsonObject, jsonSep), { minLength: 1, maxLength: 4 }).map((vs) => vs.map(([v, s]) => v + s).join('')),
        KUBECTL_RUNS,
      ),
    ]
    const runs = inputs.map((text) => ({ text, r: migrate(text) })).filter(({ r }) => !r.failed && r.changed)
    // Every input and its output in one kubectl call, each read on its own.
    const readings = kubectlReads(
      dir,
      runs.flatMap(({ text, r }) => [text, r.output]),
    )
    let compared = 0
    for (const [k, { text, r }] of runs.entries()) {
      const before = readings[2 * k]
      const after = readings[2 * k + 1]
      if (!before) continue // kubectl cannot read it either
      assert.ok(after, `kubectl reads the input but not the output: ${JSON.stringify(r.output)}`)
      assert.is(after!.length, before.length, JSON.stringify(text))
      compared++
      before.forEach((b, i) => {
        const a = after![i]!
        const sb = b.weights.map(amount).reduce((x, y) => x + y, 0)
        const sa = a.weights.map(amount).reduce((x, y) => x + y, 0)
        assert.is(a.weights.length, b.weights.length, JSON.stringify(text))
        if (a.apiVersion === b.apiVersion) return
        b.weights.forEach((w, j) => {
          const rb = sb === 0 ? 0 : amount(w) / sb
          const ra = sa === 0 ? 0 : amount(a.weights[j]) / sa
          assert.ok(Math.abs(ra - rb) < 1e-9, `ratio of backend ${j} changed in ${JSON.stringify(text)}`)
        })
      })
    }
    assert.ok(compared >= KUBECTL_RUNS, `only ${compared} inputs were compared`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
