/**
 * Property tests for Helm chart sources: random templates with actions at random columns
 * (0 included), standalone, inline and multi-line actions, `{{- if }}` guards, literal and
 * templated weights, generated backends, define blocks and nested manifests, mixed with
 * other templates. Checked against an independent oracle of what must be reported:
 * - an object is either converted whole (apiVersion and every literal weight, one exact
 *   factor) or left byte for byte with a pending warning inside it: never in part;
 * - the output matches the input with only those scalars as holes: no action byte moves;
 * - templates that are not TrafficSplits come back byte-identical;
 * - a second run changes nothing; the stream path in random chunks gives the same bytes.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { migrate } from '../src/index.js'
import { streamChunks } from './helpers/harness.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300)
const NANO = 1_000_000_000n
/** What Linkerd adds up of v1alpha2 integers it reads as whole units: ⌊(2^32 − 1) / 10^4⌋. */
const LINKERD_UNIT_SUM = 429496n

/** Literal weights as written, with their value in nano units. */
const LITERALS: Array<[string, bigint]> = [
  ['1', NANO],
  ['2', 2n * NANO],
  ['0', 0n],
  ['500m', 500_000_000n],
  ['250m', 250_000_000n],
  ['"750m"', 750_000_000n],
  ["'100m'", 100_000_000n],
  ['0.5', 500_000_000n],
  ['1k', 1000n * NANO],
  ['10u', 10_000n],
  ['5n', 5n],
  ['"3"', 3n * NANO],
]

const column = fc.integer({ min: 0, max: 6 })
const weight = fc.oneof(
  fc.record({ literal: fc.integer({ min: 0, max: LITERALS.length - 1 }) }),
  fc.record({
    templated: fc.constantFrom(
      '{{ .Values.w }}',
      '{{ .Values.w }}m',
      '"{{ .Values.w }}m"',
      '{{ .Values.w\n      | default 1 }}',
      '{{ index .Values.weights 0 }}',
    ),
  }),
)
const backend = fc.record({
  weight,
  service: fc.constantFrom('web-a', '{{ .Release.Name }}-a', '{{ printf "%s-a"\n      .Release.Name }}'),
  guard: fc.option(column, { nil: undefined }),
})
const splitDoc = fc
  .record({
    backends: fc.array(backend, { minLength: 1, maxLength: 4 }),
    name: fc.constantFrom('web', '{{ .Release.Name }}', '{{ include "x.fullname"\n    . }}', '{{ include "x.fullname" .\n}}-web'),
    labels: fc.constantFrom('none', 'nindent', 'indent', 'inline', 'multi'),
    labelsColumn: column,
    generated: fc.option(
      fc.record({
        at: fc.nat(),
        column,
        action: fc.constantFrom(
          '{{- include "x.backends" . | nindent 2 }}',
          '{{- toYaml .Values.backends | nindent 4 }}',
          '{{- toYaml .Values.more }}',
          '{{ include "x.backends" . | nindent 2 }}',
        ),
      }),
      { nil: undefined },
    ),
    templatedVersion: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    comment: fc.boolean(),
    wrap: fc.option(column, { nil: undefined }),
    // Objects whose integers Linkerd would sum past 429496 even divided are left for a person, tested elsewhere.
  })
  .filter(
    (d) =>
      expectedWeights(d.backends.flatMap((b) => ('literal' in b.weight ? [LITERALS[b.weight.literal]![1]] : []))).reduce(
        (a, b) => a + b,
        0n,
      ) <= LINKERD_UNIT_SUM,
  )
const otherDoc = fc.constantFrom(
  'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "x.fullname" . }}\n  labels:\n{{- include "x.labels" . | nindent 4 }}\nspec:\n  replicas: {{ .Values.replicas }}\n',
  '{{- if .Values.service }}\napiVersion: v1\nkind: Service\nmetadata:\n  name: {{ .Release.Name\n    }}-svc\nspec:\n  ports:\n  - port: {{ .Values.port }}\n{{- end }}\n',
  '{{- define "x.labels" -}}\napp: {{ .Chart.Name }}\n{{- end }}\n',
  '# {{ .Values.note }}\n',
)
/** Documents that hold a v1alpha1 TrafficSplit where it is never converted: reported, byte-identical. */
const reportedDoc = fc.constantFrom(
  '{{- define "x.split" -}}\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nspec:\n  backends:\n  - service: a\n    weight: 500m\n{{- end }}\n',
  'extraDeploy:\n  - apiVersion: split.smi-spec.io/v1alpha1\n    kind: TrafficSplit\n    spec:\n      backends:\n      - service: a\n        weight: 500m\n',
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: {{ .Values.kind | default "TrafficSplit" }}\nspec:\n  backends:\n  - service: a\n    weight: 500m\n',
)
const chart = fc.record({
  docs: fc.array(
    fc.oneof(
      { arbitrary: splitDoc.map((split) => ({ split })), weight: 3 },
      { arbitrary: otherDoc.map((other) => ({ other })), weight: 1 },
      { arbitrary: reportedDoc.map((reported) => ({ reported })), weight: 1 },
    ),
    { minLength: 1, maxLength: 5 },
  ),
  crlf: fc.boolean(),
})
type Chart = typeof chart extends fc.Arbitrary<infer T> ? T : never
type SplitDoc = typeof splitDoc extends fc.Arbitrary<infer T> ? T : never

interface Part {
  text: string
  /** The text with holes: '\u0000V' for the version, '\u0000W' for a weight. */
  template: string
  /** 'convert': its literal weights (nano); 'report': must carry a pending warning; 'other': no finding. */
  expect: { convert: bigint[] } | 'report' | 'other'
}

const pad = (n: number) => ' '.repeat(n)

function renderSplit(d: SplitDoc, index: number): Part {
  const literal: bigint[] = []
  const reported = d.templatedVersion || d.generated !== undefined || d.backends.some((b) => 'templated' in b.weight)
  const lines: Array<string | { hole: 'V' | 'W'; text: string; before: string }> = []
  if (d.wrap !== undefined) lines.push(`${pad(d.wrap)}{{- if .Values.split${index} }}`)
  if (d.templatedVersion) lines.push('apiVersion: split.smi-spec.io/{{ .Values.version }}')
  else lines.push({ hole: 'V', before: 'apiVersion: split.smi-spec.io/', text: 'v1alpha1' })
  lines.push('kind: TrafficSplit', 'metadata:', `  name: ${d.name}`)
  if (d.labels === 'nindent') lines.push('  labels:', `${pad(d.labelsColumn)}{{- include "x.labels" . | nindent 4 }}`)
  if (d.labels === 'indent')
    lines.push('  labels:', `${pad(d.labelsColumn)}{{ include "x.labels" . | indent ${4 - Math.min(d.labelsColumn, 3)} }}`)
  if (d.labels === 'inline') lines.push('  labels: {{ include "x.labels" . | nindent 4 }}')
  if (d.labels === 'multi') lines.push('  labels: {{ include "x.labels" .\n    | nindent 4 }}')
  lines.push('spec:')
  if (d.comment) lines.push('  # weights come from {{ .Values.note }}')
  lines.push(`  service: ${d.backends[0]!.service}`, '  backends:')
  const generatedAt = d.generated ? d.generated.at % (d.backends.length + 1) : -1
  for (const [i, b] of d.backends.entries()) {
    if (i === generatedAt) lines.push(`${pad(d.generated!.column)}${d.generated!.action}`)
    if (b.guard !== undefined) lines.push(`${pad(b.guard)}{{- if .Values.b${i} }}`)
    lines.push(`  - service: ${b.service}`)
    if ('literal' in b.weight) {
      const [text, nano] = LITERALS[b.weight.literal]!
      literal.push(nano)
      lines.push({ hole: 'W', before: '    weight: ', text })
    } else {
      lines.push(`    weight: ${b.weight.templated}`)
    }
    if (b.guard !== undefined) lines.push(`${pad(b.guard)}{{- end }}`)
  }
  if (generatedAt === d.backends.length) lines.push(`${pad(d.generated!.column)}${d.generated!.action}`)
  if (d.wrap !== undefined) lines.push(`${pad(d.wrap)}{{- end }}`)
  const text = lines.map((l) => (typeof l === 'string' ? l : l.before + l.text)).join('\n') + '\n'
  const template = lines.map((l) => (typeof l === 'string' ? l : l.before + (reported ? l.text : `\u0000${l.hole}`))).join('\n') + '\n'
  return { text, template, expect: reported ? 'report' : { convert: literal } }
}

function render(c: Chart): { input: string; template: string; parts: Part[]; starts: number[] } {
  const parts = c.docs.map((d, i): Part => {
    if ('split' in d) return renderSplit(d.split, i)
    if ('other' in d) return { text: d.other, template: d.other, expect: 'other' }
    return { text: d.reported, template: d.reported, expect: 'report' }
  })
  const eol = (t: string) => (c.crlf ? t.replace(/\n/g, '\r\n') : t)
  const sep = '---\n'
  // 1-based line on which each part starts.
  const starts: number[] = []
  let line = 1
  for (const p of parts) {
    starts.push(line + (starts.length ? 1 : 0))
    line += (starts.length > 1 ? 1 : 0) + p.text.split('\n').length - 1
  }
  return { input: eol(parts.map((p) => p.text).join(sep)), template: eol(parts.map((p) => p.template).join(sep)), parts, starts }
}

/**
 * The oracle, written independently of src/quantity/: Linkerd's MilliValue() of a nano value
 * is ceil(v / 10^6) milli-units (kubernetes/apimachinery@eed236c pkg/api/resource/quantity.go);
 * whole units when every weight is whole, else milli-units.
 */
function expectedWeights(values: bigint[]): bigint[] {
  const ints = values.every((v) => v % NANO === 0n) ? values.map((v) => v / NANO) : values.map((v) => (v + 999_999n) / 1_000_000n)
  // Linkerd reads v1alpha2 integers as whole units and adds them up × 10000 in 32 bits: a sum
  // past 429496 is divided by the greatest common divisor (objects still past it are left for a
  // person: not generated here, property-scalars.test.ts covers them).
  if (ints.reduce((a, b) => a + b, 0n) <= LINKERD_UNIT_SUM) return ints
  let g = 0n
  for (let w of ints) while (w) [g, w] = [w, g % w]
  return g > 1n ? ints.map((w) => w / g) : ints
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test(`random chart templates: whole objects or none, actions untouched, pending warnings, idempotent (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(chart, fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 4 }), async (c, sizes) => {
      const g = render(c)
      const r = migrate(g.input)
      assert.is(r.failed, false, `${JSON.stringify(r.findings)}\n${g.input}`)
      // Only the holes of converted objects change: every other byte, every action included, stays.
      const pattern = g.template
        .split(/(\0[VW])/)
        .map((p) => (p === '\u0000V' ? 'v1alpha2' : p === '\u0000W' ? '(0|[1-9][0-9]*)' : escape(p)))
        .join('')
      const m = new RegExp(`^${pattern}$`).exec(r.output)
      assert.ok(m, `output does not match the input template:\n--- input\n${g.input}\n--- output\n${r.output}`)
      const got = m!.slice(1).map((x) => BigInt(x))
      let at = 0
      for (const p of g.parts) {
        if (typeof p.expect === 'object') {
          const want = expectedWeights(p.expect.convert)
          assert.equal(got.slice(at, at + want.length), want)
          at += want.length
        }
      }
      // Every reported object has a pending warning inside it; nothing else has one.
      const pending = r.findings.filter((f) => f.pending)
      for (const f of pending) assert.is(f.code, 'templated', f.message)
      for (const [i, p] of g.parts.entries()) {
        const first = g.starts[i]!
        const last = i + 1 < g.starts.length ? g.starts[i + 1]! - 1 : Infinity
        const inside = pending.filter((f) => f.line! >= first && f.line! <= last)
        if (p.expect === 'report') assert.ok(inside.length > 0, `part ${i} must be reported:\n${p.text}\n${JSON.stringify(r.findings)}`)
        else assert.is(inside.length, 0, `part ${i} must not be reported:\n${p.text}\n${JSON.stringify(inside)}`)
      }
      const converted = r.findings.filter((f) => f.code === 'converted').length
      assert.is(converted, g.parts.filter((p) => typeof p.expect === 'object').length)
      assert.is(migrate(r.output).output, r.output, 'a second run changes nothing')
      const streamed = await streamChunks(Buffer.from(g.input), sizes)
      assert.is(streamed.toString('utf8'), r.output)
    }),
    { numRuns: RUNS },
  )
})

/** Templates that name TrafficSplit without being one (so they are parsed), with multi-line and column-0 actions. */
const mentionsDoc = fc.constantFrom(
  '# Traffic is shifted by the TrafficSplit in split.yaml.\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels: {{ include "x.labels" .\n    | nindent 4 }}\ndata:\n  kind: TrafficSplit\n',
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ printf "%s-%s"\n  .Release.Name "TrafficSplit" }}\ndata:\n{{ toYaml .Values.data | indent 2 }}\n',
  '{{- define "x.note" -}}\nTrafficSplit {{ .Release.Name\n}} is managed by Flagger\n{{- end }}\n',
)

test('templates without a TrafficSplit object come back byte-identical with no finding, whatever their actions', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(otherDoc, mentionsDoc), { minLength: 1, maxLength: 5 }), fc.boolean(), (docs, crlf) => {
      const text = docs.join('---\n')
      const input = crlf ? text.replace(/\n/g, '\r\n') : text
      const r = migrate(input)
      assert.is(r.output, input)
      assert.equal(r.findings, [])
    }),
    { numRuns: RUNS },
  )
})

test.run()
