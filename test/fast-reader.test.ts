/**
 * The fast reader (src/yaml/fast/) against the `yaml` package's parser: two readers of one
 * grammar. For every document the fast reader accepts, the parser must read the same one
 * document without an error, with the same nodes (kinds, scalar values and styles, all three
 * range offsets, no anchor, tag or flow collection), the locator must build the same views
 * from both (every field, the layout and the anchor check included) with the same notices,
 * and the converter must give the same edits, findings and objects with the fast reader on as
 * with it off, under every option set. A document it declines goes to the parser, as before.
 *
 * Documents: every golden case, every yaml-test-suite input and the examples, each also with
 * CRLF line breaks, the benchmark's generated streams, the items of List dumps as the stream
 * path gives them to the converter (pipeline/list.ts: the dash a space, the root mapping at
 * column 2), every document above indented as such an item is, and mutations of all of them by the
 * fuzzers' mutators (scripts/mutations.mjs) and by block-layout mutations of its own
 * (comment lines at any indentation, blank lines, trailing spaces, re-indented lines, keys
 * written twice, quoted scalars, odd characters, a whole document indented), from a fixed seed.
 * The golden cases' documents that name a kind, and their List items, must mostly be accepted:
 * a reader that declines the common shapes is no use.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, isPair, isScalar, isSeq } from 'yaml'
import { DocumentSplitter } from '../src/pipeline/splitter.js'
import { StreamEngine } from '../src/pipeline/engine.js'
import { inspectListWrapper } from '../src/yaml/wrapper.js'
import type { GivenOptions } from '../src/model.js'
import { withVersions } from '../src/kinds/versions.js'
import { convertRelaxed } from '../src/pipeline/segment.js'
import { convertSegment } from '../src/convert/text.js'
import { locateObjects, type Located } from '../src/convert/locate.js'
import { parseDocuments } from '../src/yaml/documents.js'
import { fastDocuments, fastReader } from '../src/yaml/fast/documents.js'
import { readBlockDocument } from '../src/yaml/fast/reader.js'
import type { RunOptions } from '../src/targets/target.js'
// @ts-expect-error: a plain ES module without types, shared with the fuzzers
import { mutators } from '../scripts/mutations.mjs'
import { SeededRandom } from '../scripts/random.mjs'

const MUTATIONS = Number(process.env.FAST_READER_MUTATIONS ?? 6000)
const SEED = Number(process.env.FAST_READER_SEED ?? 31)

// Written in the library's spelling, read into the versions map as the pipeline's entry points do.
const RUN_OPTIONS: RunOptions[] = (
  [
    { to: 'v1alpha2' },
    { to: 'v1alpha4', specsTo: 'v1alpha4', accessTo: 'v1alpha3' },
    { to: 'v1alpha3', noIgnore: true },
  ] as GivenOptions<RunOptions>[]
).map((o) => withVersions(o))

function files(dir: string, name: (n: string) => boolean, out: Buffer[] = []): Buffer[] {
  for (const n of readdirSync(dir).sort()) {
    const p = join(dir, n)
    if (statSync(p).isDirectory()) files(p, name, out)
    else if (name(n)) out.push(readFileSync(p))
  }
  return out
}

function golden(): Buffer[] {
  return readdirSync('testdata/golden')
    .sort()
    .map((d) => join('testdata/golden', d, 'input.yaml'))
    .filter((f) => existsSync(f))
    .map((f) => readFileSync(f))
}

type Generators = Record<'helmDocs' | 'denseDocs' | 'splitDocs', () => Iterator<string>> & {
  LIST_HEAD: string
  LIST_TAIL: string
  listItem: (doc: string) => string
}
// The benchmark's generator: a module with top-level await, loaded before the tests.
let gen: Generators
test.before(async () => {
  gen = (await import('../bench/gen.mjs' as string)) as Generators
})

function generated(): Buffer[] {
  const out: Buffer[] = []
  for (const g of [gen.helmDocs(), gen.denseDocs(), gen.splitDocs()])
    for (let i = 0; i < 150; i++) out.push(Buffer.from(g.next().value as string))
  return out
}

function corpus(): Buffer[] {
  const base = [
    ...golden(),
    ...files('testdata/yaml-test-suite', (n) => n === 'in.yaml'),
    ...files('testdata/examples', (n) => n.endsWith('.yaml')),
    ...generated(),
  ]
  const both = [...base, ...base.map((b) => Buffer.from(b.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1'))]
  return [...both, ...both.flatMap((b) => indented(b, 2)), ...listItems(golden()), ...listItems(generatedLists())]
}

/**
 * Every document of `input` shaped as a List item's text: each line but empty ones after `by`
 * more spaces (the root mapping at column `by`, as the stream path gives an item to the
 * converter), its `---` line dropped, and also kept at column 0 before the indented rest.
 */
function indented(input: Buffer, by: number): Buffer[] {
  const pad = (t: string) => t.replace(/^(?=[^\r\n])/gm, ' '.repeat(by))
  return DocumentSplitter.split(input).flatMap((seg) => {
    const t = seg.toString('latin1')
    const m = /^((?: *(?:#.*)?\r?\n)*)(--- *\r?\n)/.exec(t)
    const before = m?.[1] ?? ''
    const marker = m?.[2] ?? ''
    const rest = t.slice(before.length + marker.length)
    const body = pad(before + rest)
    return (marker ? [body, pad(before) + marker + pad(rest)] : [body]).map((x) => Buffer.from(x, 'latin1'))
  })
}

/** The texts the stream path gives the converter for the items of the List dumps in `inputs` (pipeline/list.ts). */
function listItems(inputs: readonly Buffer[]): Buffer[] {
  const out: Buffer[] = []
  const record = (text: string, opts: RunOptions, item?: number) => {
    if (item !== undefined) out.push(Buffer.from(text))
    return convertSegment(text, opts, item)
  }
  for (const input of inputs) {
    const engine = new StreamEngine({ to: 'v1alpha2' }, '-', () => {})
    engine.space(input.length).set(input)
    engine.commit(input.length)
    engine.end()
    while (engine.drain()) engine.load({ convert: record, inspectList: inspectListWrapper })
  }
  return out
}

/** The benchmark's List dump (case (b)), in small Lists of its items, and a List of TrafficSplits. */
function generatedLists(): Buffer[] {
  const out: Buffer[] = []
  for (const g of [gen.helmDocs(), gen.denseDocs(), gen.splitDocs()]) {
    for (let n = 0; n < 10; n++) {
      let text = gen.LIST_HEAD
      for (let i = 0; i < 30; i++) text += gen.listItem(g.next().value as string)
      out.push(Buffer.from(text + gen.LIST_TAIL))
    }
  }
  return out
}

/** A node as plain data: what the locator and the kinds' readers can see of it. */
function shape(n: unknown): unknown {
  const node = n as { range?: number[]; anchor?: string; tag?: string; flow?: boolean }
  const common = { range: node.range, anchor: node.anchor, tag: node.tag, flow: node.flow ?? false }
  if (isMap(n)) return { map: common, items: n.items.map((p) => (isPair(p) ? [shape(p.key), shape(p.value)] : 'not a pair')) }
  if (isSeq(n)) return { seq: common, items: n.items.map(shape) }
  if (isScalar(n)) return { scalar: common, value: n.value, type: n.type }
  return { other: n === null ? null : typeof n }
}

/** What the locator read: every view's fields, its layout and anchor check, and the notices. */
function reading(located: Located): unknown {
  return {
    views: located.views.map((v) => ({
      ...v,
      kind: v.kind.kind,
      inheritsFrom: v.inheritsFrom ? located.views.indexOf(v.inheritsFrom) : undefined,
      layout: v.layout(),
      unmovable: v.unmovable?.(),
      data: JSON.parse(JSON.stringify(v.data ?? null)) as unknown,
    })),
    notices: located.notices,
    facts: located.facts,
    listStrip: located.listStrip,
  }
}

function converted(text: string, opts: RunOptions, fast: boolean): string {
  fastReader.enabled = fast
  try {
    return JSON.stringify(convertRelaxed(convertSegment, text, opts))
  } finally {
    fastReader.enabled = true
  }
}

/** Fails with where two readings part, when they do. */
function same(a: unknown, b: unknown, message: string): void {
  const x = JSON.stringify(a) ?? 'undefined'
  const y = JSON.stringify(b) ?? 'undefined'
  if (x === y) return
  let i = 0
  while (x[i] === y[i]) i++
  assert.unreachable(`${message}\nfast:    …${x.slice(Math.max(0, i - 120), i + 80)}\ngeneral: …${y.slice(Math.max(0, i - 120), i + 80)}`)
}

interface Tally {
  accepted: number
  declined: number
}

/** Checks every document of `input`; counts the ones that name a kind. */
function check(input: Buffer, what: string, tally?: Tally): void {
  for (const seg of DocumentSplitter.split(input)) {
    const text = seg.toString('utf8')
    const fast = readBlockDocument(text)
    if (tally && /TrafficSplit|HTTPRouteGroup|TCPRoute|TrafficTarget|ServiceProfile/.test(text)) tally[fast ? 'accepted' : 'declined']++
    if (!fast) continue
    const docs = parseDocuments(text)
    const error = docs.find((d) => d.error)?.error
    assert.ok(docs.length === 1 && !error, `${what}: the fast reader read a document the parser refuses (${error?.message}):\n${text}`)
    const doc = docs[0]!.doc
    same(shape(fast), shape(doc.contents), `${what}: the nodes differ:\n${text}`)
    const [mine] = fastDocuments(text, {})!
    for (const opts of RUN_OPTIONS) {
      same(reading(locateObjects(mine!.doc, text, opts)), reading(locateObjects(doc, text, opts)), `${what}: views differ:\n${text}`)
      same(
        converted(text, opts, true),
        converted(text, opts, false),
        `${what}: conversions differ (${JSON.stringify(opts.versions)}):\n${text}`,
      )
    }
  }
}

test('every golden, yaml-test-suite, example and generated document, also with CRLF', () => {
  for (const input of corpus()) check(input, 'corpus')
})

test('the golden cases: the documents that name a kind are mostly read by the fast reader', () => {
  const tally: Tally = { accepted: 0, declined: 0 }
  for (const input of golden()) check(input, 'golden', tally)
  if (process.env.FAST_READER_TALLY) console.log(tally)
  assert.ok(tally.accepted >= 100, `only ${tally.accepted} accepted, ${tally.declined} declined`)
})

test('every generated TrafficSplit stream document is read by the fast reader', () => {
  for (const g of [gen.splitDocs(), gen.denseDocs()]) {
    for (let i = 0; i < 200; i++) {
      const doc = g.next().value as string
      if (/kind: TrafficSplit\n/.test(doc)) assert.ok(readBlockDocument(doc), `declined:\n${doc}`)
    }
  }
})

/** `text` with its first line's indentation taken from every line, or undefined when a line has less. */
function dedented(text: string): string | undefined {
  const by = /^ */.exec(text)![0].length
  const lines = text.split('\n')
  if (lines.some((l) => l.trim() !== '' && !l.startsWith(' '.repeat(by)))) return undefined
  return lines.map((l) => l.slice(Math.min(by, /^ */.exec(l)![0].length))).join('\n')
}

test('List items as the stream path gives them to the converter: the common shape is read by the fast reader', () => {
  const tally: Tally = { accepted: 0, declined: 0 }
  const golden_ = listItems(golden())
  for (const item of golden_) check(item, 'golden List item', tally)
  if (process.env.FAST_READER_TALLY) console.log(golden_.length, tally)
  assert.ok(tally.accepted >= 3, `only ${tally.accepted} accepted, ${tally.declined} declined`)
  const generated_ = listItems(generatedLists())
  for (const item of [...golden_, ...generated_]) {
    const text = item.toString('utf8')
    // An item is declined only for what would decline it at column 0 (a block scalar, say).
    const flat = dedented(text)
    if (flat !== undefined && readBlockDocument(flat)) assert.ok(readBlockDocument(text), `declined as an item only:\n${text}`)
  }
  let splits = 0
  for (const item of generated_) {
    const text = item.toString('utf8')
    assert.ok(/^ {2}apiVersion: /.test(text), `not in the item shape:\n${text}`)
    if (/kind: TrafficSplit\n/.test(text)) {
      splits++
      assert.ok(readBlockDocument(text), `declined:\n${text}`)
    }
  }
  assert.ok(splits >= 100, `only ${splits} generated TrafficSplit items`)
})

test('every golden and generated document the fast reader reads, it reads indented as a List item', () => {
  let n = 0
  for (const input of [...golden(), ...generated()]) {
    for (const seg of DocumentSplitter.split(input)) {
      if (!readBlockDocument(seg.toString('utf8'))) continue
      n++
      const item = indented(seg, 2)[0]!.toString('utf8')
      assert.ok(readBlockDocument(item), `declined as an item only:\n${item}`)
    }
  }
  assert.ok(n >= 400, `only ${n} documents read`)
})

/** Mutations that keep to block style, where the fast reader must tell a shape it knows from one it does not. */
function layoutMutators(random: () => number, int: (n: number) => number, pick: <T>(l: readonly T[]) => T) {
  const lines = (b: Buffer) => b.toString('utf8').split('\n')
  const join = (l: string[]) => Buffer.from(l.join('\n'))
  const indentOf = (l: string | undefined) => /^ */.exec(l ?? '')![0].length
  return {
    commentLine(b: Buffer) {
      const l = lines(b)
      const i = int(l.length + 1)
      const indent = random() < 0.6 ? indentOf(l[i]) : int(8)
      l.splice(i, 0, ' '.repeat(indent) + pick(['# c', '#', '# kind: TrafficSplit', '#  weight: 1']))
      return join(l)
    },
    blankLine(b: Buffer) {
      const l = lines(b)
      l.splice(int(l.length + 1), 0, ' '.repeat(int(6)))
      return join(l)
    },
    trailing(b: Buffer) {
      const l = lines(b)
      const i = int(l.length)
      l[i] = l[i] + pick([' ', '  ', ' #', ' # x', ':', ' :', '#'])
      return join(l)
    },
    reindent(b: Buffer) {
      const l = lines(b)
      const i = int(l.length)
      const d = int(5) - 2
      l[i] = d >= 0 ? ' '.repeat(d + 1) + l[i] : l[i]!.replace(/^ {1,2}/, '')
      return join(l)
    },
    twice(b: Buffer) {
      const l = lines(b)
      const i = int(l.length)
      l.splice(i, 0, l[i] ?? '')
      return join(l)
    },
    requote(b: Buffer) {
      const l = lines(b)
      const i = int(l.length)
      l[i] = l[i]!.replace(
        /: (\S.*)$/,
        (_, v: string) => `: ${pick(['"', "'"])}${v.replace(/["']/g, pick(['', '\\"', "''", '\\\\']))}${pick(['"', "'"])}`,
      )
      return join(l)
    },
    oddCharacter(b: Buffer) {
      const t = b.toString('utf8')
      const at = int(t.length + 1)
      const c = pick([
        '\x01',
        '\x07',
        '\x0b',
        '\x0c',
        '\x7f',
        '\x9f',
        '\u00a0',
        '\u200b',
        '\u3000',
        '\ufffe',
        '\ud800',
        'é',
        '#',
        ':',
        '-',
        '"',
        "'",
        ' ',
      ])
      return Buffer.from(t.slice(0, at) + c + t.slice(at))
    },
    /** The whole document as a List item: every line but empty ones indented alike. */
    indent(b: Buffer) {
      return indented(b, 1 + int(4))[0] ?? b
    },
    dash(b: Buffer) {
      const l = lines(b)
      const i = int(l.length)
      l[i] = l[i]!.replace(/^( *)(\S)/, (_, s: string, c: string) => `${s}${pick(['- ', '-  ', '-', '- - '])}${c}`)
      return join(l)
    },
  }
}

test('mutations (the fuzzers mutators and layout mutations, a fixed seed)', () => {
  const stream = new SeededRandom(SEED)
  const random = () => stream.next()
  const int = (n: number) => Math.floor(random() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!
  const all: Record<string, (b: Buffer) => Buffer> = {
    ...(mutators({ random, int, pick }) as Record<string, (b: Buffer) => Buffer>),
    ...layoutMutators(random, int, pick),
  }
  const names = Object.keys(all)
  const docs = [...golden(), ...files('testdata/examples', (n) => n.endsWith('.yaml')), ...generated()].flatMap((b) =>
    DocumentSplitter.split(b).filter((s) => readBlockDocument(s.toString('utf8'))),
  )
  // Each also as a List item (its root mapping at column 2), and the List items the stream path makes.
  const items = [...docs.map((d) => indented(d, 2)[0]!), ...listItems(golden()), ...listItems(generatedLists())]
  const seeds = [...docs, ...items.filter((s) => readBlockDocument(s.toString('utf8')))]
  let accepted = 0
  for (let i = 0; i < MUTATIONS; i++) {
    let b = pick(seeds)
    for (let n = 1 + int(3); n > 0; n--) b = all[pick(names)]!(b)
    const tally: Tally = { accepted: 0, declined: 0 }
    check(b, `mutation ${i} (seed ${SEED})`, tally)
    accepted += tally.accepted
  }
  // The mutations must reach the fast reader, not only make it decline.
  assert.ok(accepted > MUTATIONS / 10, `only ${accepted} mutated documents accepted`)
})

test.run()
