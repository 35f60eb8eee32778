/**
 * Deciding from the top-level keys (pipeline/toplevel.ts) against the general path: every
 * document the decision lets through unparsed must be one the general path (convertSegment,
 * the parser, locator and planner) reads no object, edit or finding from, under every target.
 * The one exception, by design: a syntax error. A document passed through is not parsed, so
 * its syntax error is not reported (as for a document that never spells a kind's name); such
 * a document must still hold no object the parser could read.
 *
 * Documents: every golden case, every yaml-test-suite input and the examples, each document
 * also wrapped the ways that put SMI objects (or their names) inside another kind's document
 * (a block scalar, a ConfigMap's values, a HelmRelease's values, a string, a comment, after a
 * top-level kind, in a flow mapping), and mutations of all of them by the fuzzers' mutators
 * (scripts/mutations.mjs) from a fixed seed.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { holdsNothingToConvert } from '../src/pipeline/toplevel.js'
import { convertRelaxed, MAX_WHOLE_DOCUMENT } from '../src/pipeline/segment.js'
import { DocumentSplitter } from '../src/pipeline/splitter.js'
import { convertSegment } from '../src/convert/text.js'
import type { RunOptions } from '../src/targets/target.js'
import type { GivenOptions } from '../src/model.js'
import { withVersions } from '../src/kinds/versions.js'
// @ts-expect-error: a plain ES module without types, shared with the fuzzers
import { mutators } from '../scripts/mutations.mjs'
import { SeededRandom } from '../scripts/random.mjs'

const MUTATIONS = Number(process.env.TOPLEVEL_MUTATIONS ?? 20000)
const SEED = Number(process.env.TOPLEVEL_SEED ?? 25)

// Written in the library's spelling, read into the versions map as the pipeline's entry points do.
const RUN_OPTIONS: RunOptions[] = (
  [
    { to: 'v1alpha2' },
    { to: 'v1alpha4', specsTo: 'v1alpha4', accessTo: 'v1alpha3', stripServerFields: true },
    { to: 'v1alpha3' },
  ] as GivenOptions<RunOptions>[]
).map((o) => withVersions(o))

function corpus(): Buffer[] {
  const out: Buffer[] = []
  for (const d of readdirSync('testdata/golden').sort()) {
    const f = join('testdata/golden', d, 'input.yaml')
    if (existsSync(f)) out.push(readFileSync(f))
  }
  const walk = (dir: string, name: (n: string) => boolean) => {
    for (const n of readdirSync(dir).sort()) {
      const p = join(dir, n)
      if (statSync(p).isDirectory()) walk(p, name)
      else if (name(n)) out.push(readFileSync(p))
    }
  }
  walk('testdata/yaml-test-suite', (n) => n === 'in.yaml')
  walk('testdata/examples', (n) => n.endsWith('.yaml'))
  return out
}

const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n')
const body = (text: string) => text.replace(/^---.*\n/gm, '')

/** A document wrapped so that its objects (or their names) sit inside another kind's document. */
function wrappings(doc: string): string[] {
  const b = body(doc)
  return [
    doc,
    `apiVersion: v1\nkind: ConfigMap\ndata:\n  manifest.yaml: |\n${indent(b, '    ')}\n`,
    `apiVersion: v1\nkind: ConfigMap\nvalues:\n${indent(b, '  ')}\n`,
    `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nspec:\n  values:\n    extraObjects:\n${indent(b.replace(/^(?=\S)/, '- '), '    ')}\n`,
    `apiVersion: v1\nkind: ConfigMap\ndata:\n  note: "see the TrafficSplit ${JSON.stringify(b).slice(1, 40)}"\n${b}`,
    `# the TrafficSplit below\nkind: ConfigMap\nmetadata: {name: x}\n${b}`,
    `apiVersion: v1\nkind: ConfigMap\nextra: {kind: TrafficSplit, apiVersion: split.smi-spec.io/v1alpha1, spec: {backends: [{service: a, weight: 500m}]}}\n`,
    `apiVersion: v1\nkind: ConfigMap\nextra: ${JSON.stringify(JSON.parse(JSON.stringify({ b })))}\n`,
    `kind: Secret\n${b}`,
  ]
}

interface Tally {
  documents: number
  passed: number
}

function check(doc: Buffer, tally: Tally, what: string): void {
  for (const seg of DocumentSplitter.split(doc)) {
    tally.documents++
    if (!holdsNothingToConvert(seg, MAX_WHOLE_DOCUMENT)) continue
    tally.passed++
    const text = seg.toString('utf8')
    for (const opts of RUN_OPTIONS) {
      let r
      try {
        r = convertRelaxed(convertSegment, text, opts)
      } catch (err) {
        if (err instanceof RangeError) assert.unreachable(`${what}: the general path cannot parse a document passed through: ${text}`)
        throw err
      }
      const said = [
        ...r.edits.map((e) => `edit ${JSON.stringify(e)}`),
        ...r.findings.filter((f) => f.code !== 'invalid-yaml').map((f) => `${f.code}: ${f.message}`),
      ]
      assert.equal(said, [], `${what}: passed through unparsed, but the general path (${JSON.stringify(opts.versions)}) reads:\n${text}`)
      assert.equal(r.objects.length, 0, `${what}: passed through unparsed, but holds objects:\n${text}`)
    }
  }
}

test('every golden, yaml-test-suite and example document, and its wrappings', () => {
  const tally: Tally = { documents: 0, passed: 0 }
  for (const input of corpus()) {
    check(input, tally, 'corpus')
    for (const seg of DocumentSplitter.split(input))
      for (const w of wrappings(seg.toString('utf8'))) check(Buffer.from(w), tally, 'wrapped')
  }
  // The decision must be exercised, not only declined.
  if (process.env.TOPLEVEL_TALLY) console.log(tally)
  assert.ok(tally.passed > 200, `only ${tally.passed} of ${tally.documents} documents passed`)
})

test('mutations of them (the fuzzers mutators, a fixed seed)', () => {
  const stream = new SeededRandom(SEED)
  const random = () => stream.next()
  const int = (n: number) => Math.floor(random() * n)
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!
  const all = mutators({ random, int, pick }) as Record<string, (b: Buffer) => Buffer>
  const names = Object.keys(all)
  const seeds: Buffer[] = []
  for (const input of corpus()) {
    seeds.push(input)
    for (const seg of DocumentSplitter.split(input)) for (const w of wrappings(seg.toString('utf8')).slice(1)) seeds.push(Buffer.from(w))
  }
  const tally: Tally = { documents: 0, passed: 0 }
  for (let i = 0; i < MUTATIONS; i++) {
    let b = pick(seeds)
    for (let n = 1 + int(4); n > 0; n--) b = all[pick(names)]!(b)
    check(b, tally, `mutation ${i} (seed ${SEED})`)
  }
  if (process.env.TOPLEVEL_TALLY) console.log(tally)
  assert.ok(tally.passed > 100, `only ${tally.passed} of ${tally.documents} documents passed`)
})

test.run()
