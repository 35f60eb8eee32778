/**
 * Property tests for the sibling kinds: random HTTPRouteGroups, TCPRoutes and TrafficTargets
 * of every version (TrafficSplits beside them), in random key orders, indentation 2 or 4,
 * sequences compact or indented, comments on and between keys, block, flow and JSON styles
 * (one line or pretty), headers as a map or as a list of one-key maps, subjects with and
 * without a port, LF or CRLF, one object per document or all in a `kind: List`; converted
 * with random --specs-to/--access-to targets. Checked against the oracle of
 * test/helpers/siblings.ts (the upgrades as plain data, written without the tool's code):
 *
 * - every document's data is what the oracle makes of the input's, and the output is valid
 *   YAML; every word of the input survives (linesKeptViolation: comments, values, keys;
 *   only apiVersions, a renamed `specs` and the added `spec`/`matches`/`ports` keys differ);
 * - an object is refused (an error, left byte for byte) exactly when a subject's port cannot
 *   be written in access v1alpha3; each other object the oracle changes has one `converted`;
 * - a second run changes nothing; the stream path in random chunks gives the same bytes;
 * - composability: v1alpha1 → v1alpha4 (access: → v1alpha3) in one run gives the data of
 *   the hops one run each (v1alpha2, then v1alpha3, then v1alpha4), and the same bytes except
 *   where a TCPRoute gets its spec in two steps (`spec: {}` first, then `matches` in it).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { Document, isMap, isScalar, parseAllDocuments, type Scalar, visit, type YAMLMap, type YAMLSeq } from 'yaml'
import { migrate } from '../src/index.js'
import type { AccessTarget, MigrateOptions, SpecsTarget } from '../src/model.js'
import { streamChunks } from './helpers/harness.js'
import { expectedSibling, linesKeptViolation } from './helpers/siblings.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 400)

type Obj = Record<string, unknown>
/** Versions to draw from: the older ones twice as often (they have hops to take). */
const SPECS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4', 'v1alpha1', 'v1alpha2'] as const
const ACCESS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha1'] as const

/** Drops the keys an optional left undefined. */
const defined = (o: Obj): Obj => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 2 })

const name = fc.constantFrom('web', 'api', 'db', 'metrics', 'svc-a', 'prometheus')
const metadata = fc.record({ name, namespace: opt(fc.constantFrom('default', 'prod')) }).map(defined)

// ---- HTTPRouteGroup ----

const HEADERS: Array<[string, string]> = [
  ['user-agent', '.*Firefox.*'],
  ['cookie', 'type=insider'],
  ['x-canary', 'true'],
  ['accept', 'application/json'],
]
/** `headers` in both forms found in the wild: a map (spec text, NGINX) or a list of one-key maps (SMI SDK). */
const headers = fc
  .tuple(fc.subarray(HEADERS, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([hs, list]) => (list ? hs.map(([k, v]) => ({ [k]: v })) : Object.fromEntries(hs)))
const match = fc
  .record({
    name,
    pathRegex: opt(fc.constantFrom('/metrics', '.*', '/api/.*', '/')),
    methods: opt(fc.subarray(['GET', 'POST', 'PUT', '*'], { minLength: 1 })),
    headers: opt(headers),
  })
  .map(defined)
const httpRouteGroup = fc
  .record({ version: fc.constantFrom(...SPECS), metadata, matches: fc.array(match, { minLength: 1, maxLength: 3 }) })
  .map(({ version, metadata, matches }): Obj => ({
    apiVersion: `specs.smi-spec.io/${version}`,
    kind: 'HTTPRouteGroup',
    metadata,
    ...(version < 'v1alpha3' ? { matches } : { spec: { matches } }),
  }))

// ---- TCPRoute ----

const tcpRoute = fc
  .record({
    version: fc.constantFrom(...SPECS),
    metadata,
    ports: fc.subarray([80, 443, 5432, 8080], { maxLength: 2 }),
    named: fc.boolean(),
    other: fc.boolean(),
  })
  .map(({ version, metadata, ports, named, other }): Obj => ({
    apiVersion: `specs.smi-spec.io/${version}`,
    kind: 'TCPRoute',
    metadata,
    ...(version === 'v1alpha3' ? { spec: other ? { other: 'kept' } : {} } : {}),
    ...(version === 'v1alpha4' ? { spec: { matches: { ...(named ? { name: 'tcp' } : {}), ports } } } : {}),
  }))

// ---- TrafficTarget ----

const subject = (port: boolean) =>
  fc
    .record({
      kind: fc.constant('ServiceAccount'),
      name,
      namespace: opt(fc.constantFrom('default', 'prod')),
      port: port ? fc.option(fc.constantFrom(8080, 9090), { nil: undefined, freq: 5 }) : fc.constant(undefined),
    })
    .map(defined)
const rule = fc
  .record({
    kind: fc.constantFrom('HTTPRouteGroup', 'TCPRoute'),
    name,
    matches: opt(fc.subarray(['metrics', 'all', 'firefox-users'], { minLength: 1 })),
  })
  .map(defined)
const trafficTarget = (ports: boolean) =>
  fc
    .record({
      version: fc.constantFrom(...ACCESS),
      metadata,
      destination: opt(subject(ports)),
      sources: opt(fc.array(subject(ports), { minLength: 1, maxLength: 2 })),
      rules: opt(fc.array(rule, { minLength: 1, maxLength: 2 })),
    })
    .map(({ version, metadata, destination, sources, rules }): Obj => {
      // v1alpha3 has no port on subjects: such an object is never written.
      const strip = (s: Obj | undefined) => (s && version === 'v1alpha3' ? defined({ ...s, port: undefined }) : s)
      const body = defined({
        destination: strip(destination),
        sources: sources?.map(strip),
        [version === 'v1alpha1' ? 'specs' : 'rules']: rules,
      })
      return {
        apiVersion: `access.smi-spec.io/${version}`,
        kind: 'TrafficTarget',
        metadata,
        ...(version === 'v1alpha1' ? body : { spec: body }),
      }
    })

const trafficSplit = fc.constantFrom<Obj>(
  {
    apiVersion: 'split.smi-spec.io/v1alpha1',
    kind: 'TrafficSplit',
    metadata: { name: 'web' },
    spec: { service: 'web', backends: [{ service: 'a', weight: 1 }] },
  },
  {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name: 'api' },
    spec: { service: 'api', backends: [{ service: 'b', weight: 50 }] },
  },
)

const object = (ports: boolean) =>
  fc.oneof(
    { arbitrary: httpRouteGroup, weight: 3 },
    { arbitrary: tcpRoute, weight: 2 },
    { arbitrary: trafficTarget(ports), weight: 3 },
    { arbitrary: trafficSplit, weight: 1 },
  )

// ---- rendering ----

/**
 * Decisions taken while rendering, drawn up front so that fast-check can shrink them: 0, what
 * a shrunk tape holds, is always the plainest choice (no comment, block style, keys in order).
 */
class Tape {
  private i = 0
  constructor(private readonly values: number[]) {}
  next(n: number): number {
    return n <= 1 ? 0 : this.values[this.i++ % this.values.length]! % n
  }
  chance(outOf: number): boolean {
    return this.next(outOf) === outOf - 1
  }
}

/** The same object with its keys (at every level) in a random order. */
function shuffleKeys(v: unknown, tape: Tape): unknown {
  if (Array.isArray(v)) return v.map((x) => shuffleKeys(x, tape))
  if (typeof v !== 'object' || v === null) return v
  const entries = Object.entries(v as Obj)
  for (let i = entries.length - 1; i > 0; i--) {
    const j = i - tape.next(i + 1)
    ;[entries[i], entries[j]] = [entries[j]!, entries[i]!]
  }
  return Object.fromEntries(entries.map(([k, x]) => [k, shuffleKeys(x, tape)]))
}

const COMMENTS = [' c', ' matches: moved?', ' spec:', '', ' - name: x', ' destination: {}', ' specs: [] # not a key']

/** YAML with random flow collections, comments before keys and items and after scalars, indentation 2 or 4, sequences compact or indented. */
function renderYaml(value: unknown, tape: Tape): string {
  const doc = new Document(value)
  visit(doc, {
    Map(_key, node) {
      if (node !== doc.contents && tape.chance(5)) node.flow = true
    },
    Seq(_key, node) {
      if (tape.chance(4)) node.flow = true
    },
    Pair(_key, pair) {
      if (isScalar(pair.key) && tape.chance(6)) pair.key.commentBefore = COMMENTS[tape.next(COMMENTS.length)]
    },
    Scalar(key, node) {
      if (key === 'value' && tape.chance(8)) node.comment = COMMENTS[tape.next(COMMENTS.length)]
      else if (typeof key === 'number' && tape.chance(8)) node.commentBefore = COMMENTS[tape.next(COMMENTS.length)]
    },
  })
  if (tape.chance(6)) doc.commentBefore = ' a document'
  const types = ['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE'] as const
  return doc.toString({ indent: tape.chance(2) ? 4 : 2, indentSeq: tape.chance(2), lineWidth: 0, defaultStringType: types[tape.next(3)]! })
}

/** One document: YAML, or JSON on one line or pretty-printed. */
function renderDocument(value: unknown, tape: Tape): string {
  const style = tape.next(5)
  if (style === 3) return JSON.stringify(value) + '\n'
  if (style === 4) return JSON.stringify(value, null, tape.chance(2) ? 4 : 2) + '\n'
  return renderYaml(value, tape)
}

interface Stream {
  text: string
  /** The objects, in order (a List's items too). */
  objects: Obj[]
}

function render(objects: Obj[], tapeValues: number[], list: boolean, crlf: boolean): Stream {
  const tape = new Tape(tapeValues)
  const shuffled = objects.map((o) => shuffleKeys(o, tape) as Obj)
  const text = list
    ? renderDocument({ apiVersion: 'v1', kind: 'List', items: shuffled }, tape)
    : (tape.chance(3) ? '---\n' : '') + shuffled.map((o) => renderDocument(o, tape)).join('---\n')
  return { text: crlf ? text.replace(/\n/g, '\r\n') : text, objects: shuffled }
}

const tape = fc.array(fc.nat(), { minLength: 32, maxLength: 32 })
const stream = (ports: boolean) =>
  fc
    .record({
      objects: fc.array(object(ports), { minLength: 1, maxLength: 4 }),
      tape,
      list: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      crlf: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    })
    .map(({ objects, tape, list, crlf }) => render(objects, tape, list, crlf))

const options = fc
  .record({
    specsTo: fc.constantFrom<SpecsTarget | undefined>(undefined, 'v1alpha2', 'v1alpha3', 'v1alpha4'),
    accessTo: fc.constantFrom<AccessTarget | undefined>(undefined, 'v1alpha2', 'v1alpha3'),
  })
  .filter((o) => Boolean(o.specsTo || o.accessTo))
  .map((o) => defined(o) as MigrateOptions)
const sizes = fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 4 })

// ---- checks ----

const dataOf = (text: string): unknown[] =>
  parseAllDocuments(text).map((d) => {
    assert.equal(
      d.errors.map((e) => e.message),
      [],
      `valid YAML:\n${text}`,
    )
    return d.toJS() as unknown
  })

const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4']
const rank = (apiVersion: unknown) => VERSIONS.indexOf(String(apiVersion).split('/')[1] ?? '')
/** The object goes from below `version` to it or past it. */
const crosses = (o: Obj, target: string | undefined, version: string) =>
  target !== undefined && rank(o.apiVersion) < VERSIONS.indexOf(version) && VERSIONS.indexOf(target) >= VERSIONS.indexOf(version)

/**
 * Why the tool must refuse an object (an error; the object stays byte for byte), from the
 * input's own text: a subject's port that access v1alpha3 cannot hold; keys to wrap under
 * `spec` that are not next to each other in a flow mapping, or that share their line with
 * what comes before them (`- matches:` opening a List item).
 */
function refusal(node: unknown, o: Obj, text: string, opts: MigrateOptions): string | undefined {
  const moving =
    o.kind === 'HTTPRouteGroup' && crosses(o, opts.specsTo, 'v1alpha3')
      ? ['matches']
      : o.kind === 'TrafficTarget' && crosses(o, opts.accessTo, 'v1alpha2')
        ? ['destination', 'sources', 'specs']
        : []
  if (o.kind === 'TrafficTarget' && crosses(o, opts.accessTo, 'v1alpha3')) {
    const holder = (rank(o.apiVersion) === 0 ? o : o.spec) as Obj
    const subjects = [holder.destination, ...((holder.sources as unknown[] | undefined) ?? [])]
    if (subjects.some((x) => typeof x === 'object' && x !== null && 'port' in x)) return 'port'
  }
  if (!isMap(node)) return undefined
  const at = node.items.flatMap((p, i) => (isScalar(p.key) && moving.includes(String(p.key.value)) ? [i] : []))
  if (at.length === 0) return undefined
  if (node.flow) return at.some((i, k) => k > 0 && i !== at[k - 1]! + 1) ? 'apart in a flow mapping' : undefined
  for (const i of at) {
    const start = (node.items[i]!.key as Scalar).range![0]
    if (text.slice(text.lastIndexOf('\n', start - 1) + 1, start).trim() !== '') return 'shares its line'
  }
  return undefined
}

interface Expected {
  data: unknown[]
  /** Objects that must get a `converted` finding. */
  converted: number
  /** Objects that must be refused with an error. */
  refused: number
}

/** Each document as the upgrade must leave it: the oracle's data, a refused object as it was, a TrafficSplit at v1alpha2. */
function expected(text: string, opts: MigrateOptions): Expected {
  const out: Expected = { data: [], converted: 0, refused: 0 }
  const one = (node: unknown, o: Obj): Obj => {
    if (refusal(node, o, text, opts)) {
      out.refused++
      return o
    }
    // The TrafficSplits here have integer weights: only their apiVersion moves.
    const e =
      o.kind === 'TrafficSplit' && rank(o.apiVersion) === 0
        ? { ...o, apiVersion: 'split.smi-spec.io/v1alpha2' }
        : (expectedSibling(o, opts) as Obj)
    if (e !== o) out.converted++
    return e
  }
  for (const d of parseAllDocuments(text)) {
    const o = d.toJS() as Obj
    if (o.kind !== 'List') {
      out.data.push(one(d.contents, o))
      continue
    }
    const nodes = (d.contents as YAMLMap).get('items', true) as unknown as YAMLSeq
    out.data.push({ ...o, items: (o.items as Obj[]).map((item, k) => one(nodes.items[k], item)) })
  }
  return out
}

const findingLines = (r: ReturnType<typeof migrate>) =>
  r.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.code} ${f.message}`).join('\n')

/**
 * Counterexamples found by these properties, run first every time: a List item whose moved
 * key holds a compact block sequence followed by a comment line takes the next key along
 * (`kind` ends up under `spec`), or, when that key moves too, makes overlapping edits (a throw).
 */
const listItem = (lines: string[]) => ['apiVersion: v1', 'kind: List', 'items:', ...lines].join('\n') + '\n'
const FOUND: Array<[Stream, MigrateOptions]> = [
  [
    {
      text: listItem([
        '- apiVersion: access.smi-spec.io/v1alpha1',
        '  kind: TrafficTarget',
        '  metadata:',
        '    name: web',
        '  sources:',
        '  - kind: ServiceAccount',
        '    name: web',
        '  # who may call',
        '  destination:',
        '    kind: ServiceAccount',
        '    name: api',
      ]),
      objects: [
        {
          apiVersion: 'access.smi-spec.io/v1alpha1',
          kind: 'TrafficTarget',
          metadata: { name: 'web' },
          sources: [{ kind: 'ServiceAccount', name: 'web' }],
          destination: { kind: 'ServiceAccount', name: 'api' },
        },
      ],
    },
    { accessTo: 'v1alpha2' },
  ],
  [
    {
      text: listItem([
        '- apiVersion: specs.smi-spec.io/v1alpha1',
        '  metadata:',
        '    name: routes',
        '  matches:',
        '  - name: metrics',
        '  # c',
        '  kind: HTTPRouteGroup',
      ]),
      objects: [
        { apiVersion: 'specs.smi-spec.io/v1alpha1', metadata: { name: 'routes' }, matches: [{ name: 'metrics' }], kind: 'HTTPRouteGroup' },
      ],
    },
    { specsTo: 'v1alpha4' },
  ],
]

test(`sibling kinds in every layout: the oracle's data, every word kept, refusals, idempotent, stream = library (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.asyncProperty(stream(true), options, sizes, async (s, opts, sz) => {
      const before = dataOf(s.text)
      // The generator's own check: the text holds the objects it was made from.
      assert.equal(
        before.flatMap((d) => ((d as Obj).kind === 'List' ? ((d as Obj).items as Obj[]) : [d])),
        s.objects,
        'generated text',
      )
      const r = migrate(s.text, opts)
      const context = `options ${JSON.stringify(opts)}\n${s.text}\n=>\n${r.output}\n${findingLines(r)}`
      const want = expected(s.text, opts)
      assert.equal(dataOf(r.output), want.data, `the oracle's data; ${context}`)
      const lost = linesKeptViolation(s.text, r.output)
      assert.ok(lost === undefined, `${lost}; ${context}`)
      assert.is(r.failed, want.refused > 0, `errors only for the refusals; ${context}`)
      assert.ok(
        r.findings.every((f) => f.severity !== 'error' || f.code === 'invalid-structure'),
        context,
      )
      assert.is(r.findings.filter((f) => f.code === 'converted').length, want.converted, `one converted finding per object; ${context}`)
      const again = migrate(r.output, opts)
      assert.is(again.changed, false, `idempotent; ${context}`)
      const streamed = await streamChunks(Buffer.from(s.text), sz, opts)
      assert.is(streamed.toString('utf8'), r.output, `stream path; ${context}`)
    }),
    { numRuns: RUNS, includeErrorInReport: true, examples: FOUND.map(([s, o]) => [s, o, [7]]) },
  )
})

const ONE_RUN: MigrateOptions = { specsTo: 'v1alpha4', accessTo: 'v1alpha3' }
const HOPS: MigrateOptions[] = [
  { specsTo: 'v1alpha2', accessTo: 'v1alpha2' },
  { specsTo: 'v1alpha3', accessTo: 'v1alpha3' },
  { specsTo: 'v1alpha4', accessTo: 'v1alpha3' },
]

test(`composability: v1alpha1 -> v1alpha4 in one run = hop by hop (${RUNS} runs)`, async () => {
  await fc.assert(
    fc.property(stream(false), (s) => {
      // A refusal is all or nothing for the run that meets it (one run leaves v1alpha1, the
      // hops stop at the hop that meets it): those layouts are the first test's.
      fc.pre(expected(s.text, ONE_RUN).refused === 0)
      const one = migrate(s.text, ONE_RUN)
      let text = s.text
      for (const hop of HOPS) {
        const r = migrate(text, hop)
        assert.is(r.failed, false, findingLines(r))
        text = r.output
      }
      const context = `${s.text}\n=> one run\n${one.output}\n=> hop by hop\n${text}`
      assert.is(one.failed, false, `${findingLines(one)}; ${context}`)
      assert.equal(dataOf(text), dataOf(one.output), `the same data; ${context}`)
      // A TCPRoute without a spec gets `spec: {}` at v1alpha3 and then `matches` inside it: the
      // same data, written in two edits instead of one.
      const twoStepSpec = s.objects.some((o) => o.kind === 'TCPRoute' && !('spec' in o))
      if (!twoStepSpec) assert.is(text, one.output, `the same bytes; ${context}`)
      assert.is(migrate(text, ONE_RUN).changed, false, `hop by hop leaves nothing for the one run; ${context}`)
    }),
    { numRuns: RUNS, includeErrorInReport: true, examples: FOUND.map(([s]) => [s]) },
  )
})

test.run()
