// Mutation fuzzing of the whole pipeline:
// `npm run fuzz [-- --count N --seed S --cli-every K --skip N,M --only N --print --hang-seconds T]`.
//
// Inputs are the golden cases (testdata/golden/*/input.{yaml,json}: the sibling-kind cases
// among them) and the YAML test suite's inputs (testdata/yaml-test-suite/**/in.yaml), alone
// or spliced together, mutated at the byte level (bit flips, odd bytes, deletions,
// duplications) and YAML-aware (indentation, quotes, document markers, comments, weight
// notations, tags, anchors, BOM, CRLF), and for the sibling kinds: a root block (the
// HTTPRouteGroup's `matches`, a TrafficTarget's `destination`/`sources`/`specs`, `spec`)
// rewritten in another indentation (2/3/4, sequences compact or indented, any quoting), in
// flow style or as JSON; comments before, on, inside and after those blocks; blocks moved
// apart; a second `spec`; `port` on subjects; SMI versions v1alpha1..4 and unknown ones,
// groups and kinds swapped; a document as JSON or as the item of a `kind: List`; all CRLF.
// Each case also picks its options: none (TrafficSplits only) about a third of the time,
// else --specs-to v1alpha2|3|4, --access-to v1alpha2|3, or both. Deterministic: every
// case has its own seed (the run's seed and its number), so `--only N` reproduces case N
// and `--skip N,M` looks past known failures without changing the other cases.
//
// Invariants, in-process through the library's byte pipeline for every case:
//   1. nothing throws (errors are findings; exit 2 is fine, a crash is not);
//   2. without sibling options, only apiVersion and weight scalars change: same line count,
//      and each changed line differs in one span that holds no YAML syntax and becomes digits
//      or a version (the rule the golden harness applies too: test/helpers/changes.ts).
//      With --specs-to/--access-to, per document (cut at marker lines, read by the yaml
//      package): a document the oracle of test/helpers/siblings.ts converts holds exactly
//      the oracle's data and keeps every word of its source (linesKeptViolation), or is
//      left byte for byte with an error or warning on its lines (a refusal); a List's items
//      are judged one by one; a document the oracle leaves alone follows the scalar rule; a
//      document the yaml package cannot read changes by the scalar rule or keeps every word;
//   3. an input that spells none of the kinds the run converts (TrafficSplit, and
//      HTTPRouteGroup/TCPRoute or TrafficTarget when asked) comes back byte-identical;
//   4. a second run with the same options changes nothing;
//   5. the stream path (random chunk sizes, same options) gives the same bytes and errors
//      as the file path, for every UTF-8 input (UTF-16/32 and binary files are skipped whole
//      as files and copied through as streams, by design: see README "Reliability");
// and for a sample, through the built CLI (dist/cli.js) in batches, one run per set of
// options passed as flags (--specs-to, --access-to): --write never touches a file it
// reports an error for, writes exactly the library's output otherwise, never crashes (exit
// 0, 1 or 2), and a second run finds nothing left to convert; stdin mode gives the same bytes.
// Every case that changes its (UTF-8) input also has its --diff patch held against the real
// git, in batches (scripts/diff-check.mjs): the hunks of `git diff -U3` (keys moved and
// wrapped included), and it applies with `git apply` and `patch -p1`.
// Every case that converts is read by the real kubectl before and after, in batches
// (scripts/kubectl-oracle.mjs): SMI apiVersions may only move up, TrafficSplit weights keep
// every ratio under resource.Quantity, and a sibling-kind object is either left as it was or
// exactly the oracle's upgrade of kubectl's reading of it; nothing else may differ.
//
// A failing case is saved under fuzz-failures/ (its input, what went wrong, its options and
// how to reproduce it) and the run exits 1. A case that hangs (a loop that never returns
// blocks this thread) is caught by a watchdog thread after --hang-seconds (default 60): it
// is saved the same way and the process is killed.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { isDeepStrictEqual } from 'node:util'
import { Worker } from 'node:worker_threads'
import { joinLines, mutators, splitLines, spellsByEscape } from './mutations.mjs'
import { SeededRandom } from './random.mjs'
import { register } from 'tsx/esm/api'
import { parseAllDocuments, parseDocument, stringify } from 'yaml'

register()
const { migrateBytes } = await import('../src/pipeline/bytes.ts')
const { migrateStream } = await import('../src/pipeline/stream.ts')
const { convertSegment } = await import('../src/convert/text.ts')
const { encodingFinding } = await import('../src/pipeline/encoding.ts')
const { scalarChangeViolation } = await import('../test/helpers/changes.ts')
const { expectedSibling, linesKeptViolation } = await import('../test/helpers/siblings.ts')
const { GitDiffCheck } = await import('./diff-check.mjs')
const { KubectlOracle } = await import('./kubectl-oracle.mjs')

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const COUNT = arg('count', 100_000)
const SEED = arg('seed', 6)
const CLI_EVERY = arg('cli-every', 200)
const CLI_BATCH = 50
/** One case alone (to reproduce it), and cases left out (to look past a known failure). */
const ONLY = arg('only', undefined)
const SKIP = new Set(process.argv.includes('--skip') ? process.argv[process.argv.indexOf('--skip') + 1].split(',').map(Number) : [])
/** Print the generated cases (with --only: that one) instead of checking them. */
const PRINT = process.argv.includes('--print')
// --split-only: every case TrafficSplits only (no --specs-to/--access-to), the CI slice's invariants.
const SPLIT_ONLY = process.argv.includes('--split-only')
/** A case still running after this many seconds has hung: it is saved and the run stops. */
const HANG_SECONDS = arg('hang-seconds', 60)
const BIN = resolve('dist/cli.js')

// --- deterministic randomness (scripts/random.mjs), seeded anew for every case ---------
const stream = new SeededRandom('')
const random = () => stream.next()
/** Case n's own stream of numbers: a case is the same whatever ran (or was skipped) before it. */
function seedCase(n) {
  stream.reseed(`fuzz-kinds:${SEED}:${n}`)
}
const int = (n) => Math.floor(random() * n)
const pick = (list) => list[int(list.length)]

// --- corpus ----------------------------------------------------------------------------
const golden = readdirSync('testdata/golden')
  .sort()
  .flatMap((d) => ['input.yaml', 'input.json'].map((f) => join('testdata/golden', d, f)))
  .filter(existsSync)
  .map((f) => readFileSync(f))
/** The golden inputs that hold a sibling kind (HTTPRouteGroup, TCPRoute, TrafficTarget): seeds for the sibling options. */
const SIBLING = /HTTPRouteGroup|TCPRoute|TrafficTarget/
const siblingGolden = golden.filter((b) => SIBLING.test(b.toString('latin1')))
const suiteRoot = 'testdata/yaml-test-suite'
const suite = []
const walk = (dir) => {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) walk(p)
    else if (name === 'in.yaml') suite.push(readFileSync(p))
  }
}
walk(suiteRoot)
if (golden.length === 0 || siblingGolden.length === 0 || suite.length === 0) {
  console.error(
    `fuzz: corpus missing (${golden.length} golden inputs, ${siblingGolden.length} with sibling kinds, ${suite.length} yaml-test-suite inputs from ${suiteRoot})`,
  )
  process.exit(1)
}

/** A seed: with a sibling option set, half of the golden picks hold a sibling kind. */
function seedInput(opts) {
  const r = random()
  if (r < 0.6) return (opts.specsTo || opts.accessTo) && random() < 0.5 ? pick(siblingGolden) : pick(golden)
  if (r < 0.8) return pick(suite)
  // A suite case and a golden case in one stream, in either order.
  const [a, b] = random() < 0.5 ? [pick(suite), pick(golden)] : [pick(golden), pick(suite)]
  return Buffer.concat([a, Buffer.from(a.at(-1) === 10 ? '---\n' : '\n---\n'), b])
}

// --- mutations -------------------------------------------------------------------------
const MUTATORS = mutators({ random, int, pick })

// --- sibling-kind mutations: structure the HTTPRouteGroup, TCPRoute and TrafficTarget hops move or add ---
const KINDS = ['TrafficSplit', 'HTTPRouteGroup', 'TCPRoute', 'TrafficTarget']
const GROUPS = ['split.smi-spec.io', 'specs.smi-spec.io', 'access.smi-spec.io']
const SIBLING_VERSIONS = [
  'v1alpha1',
  'v1alpha2',
  'v1alpha3',
  'v1alpha4',
  'v1alpha5',
  'v1alpha0',
  'v1beta1',
  'v1',
  'v1alpha1 # c',
  '{{ .Values.v }}',
]
/** The keys the sibling hops move, and the one they move them under. */
const MOVED = ['matches', 'destination', 'sources', 'specs', 'spec', 'rules']
const MARKER = /^(---|\.\.\.)([ \t\r]|$)/
const ROOT_KEY = /^(["']?)([A-Z_$][\w.$-]*)\1[ \t]*:([ \t]|\r?$)/i
/** A line that continues the root block above it: indented, a compact sequence entry, a comment or blank. */
const CONTINUES = /^([ \t#]|-([ \t]|\r?$)|\r?$)/
const COMMENTS = ['# c', '# matches: moved?', '# spec:', '#', '# - name: x', '#   destination: {}', '# specs: []']
const SUBJECT_PORTS = ['8080', '"8080"', '0', '{{ .Values.port }}', '', '[80]', '8080 # the port']

/** The documents of a line array, as [start, end) line ranges between marker lines. */
function documents(lines) {
  const docs = []
  let start = 0
  for (let i = 0; i <= lines.length; i++) {
    if (i === lines.length || MARKER.test(lines[i])) {
      if (i > start) docs.push([start, i])
      start = i + 1
    }
  }
  return docs
}

/** Root-level blocks of a document: [keyLine, end, key], trailing blank and comment lines left out. */
function rootBlocks(lines, [start, end]) {
  const blocks = []
  for (let i = start; i < end; i++) {
    const m = ROOT_KEY.exec(lines[i])
    if (!m) continue
    let j = i + 1
    while (j < end && CONTINUES.test(lines[j])) j++
    let k = j
    while (k > i + 1 && /^(#.*|[ \t]*)\r?$/.test(lines[k - 1])) k--
    blocks.push([i, k, m[2]])
  }
  return blocks
}

/** A root block of any document, preferring the keys the sibling hops move. */
function pickBlock(lines) {
  const all = documents(lines).flatMap((d) => rootBlocks(lines, d))
  if (!all.length) return undefined
  const moved = all.filter((b) => MOVED.includes(b[2]))
  return moved.length && random() < 0.8 ? pick(moved) : pick(all)
}

const eolOf = (line) => (line.endsWith('\r') ? '\r' : '')
const plain = (line) => line.replace(/\r$/, '')

/** `value` under `key`, written anew in a random style: block (2/3/4 spaces, sequences compact or indented, any quoting), flow, JSON. */
function restyle(key, value) {
  const style = pick(['block', 'block', 'flow', 'json', 'json-pretty'])
  if (style === 'json') return [`${key}: ${JSON.stringify(value)}`]
  if (style === 'json-pretty') return `${key}: ${JSON.stringify(value, null, 2)}`.split('\n').map((l, i) => (i ? '  ' + l : l))
  if (style === 'flow') return [`${key}: ${stringify(value, { collectionStyle: 'flow', lineWidth: 0 }).trimEnd()}`]
  return stringify(
    { [key]: value },
    {
      indent: pick([2, 3, 4]),
      indentSeq: random() < 0.5,
      lineWidth: 0,
      defaultStringType: pick(['PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE']),
      defaultKeyType: 'PLAIN',
    },
  )
    .trimEnd()
    .split('\n')
}

const SIBLING_MUTATORS = {
  /** A root block (matches, destination, sources, specs, spec, …) in another indentation, flow style or JSON. */
  restyleBlock(b) {
    const lines = splitLines(b)
    const block = pickBlock(lines)
    if (!block) return b
    const [i, end, key] = block
    const doc = parseDocument(lines.slice(i, end).map(plain).join('\n'), { logLevel: 'silent' })
    if (doc.errors.length) return b
    let value
    try {
      value = doc.toJS({ maxAliasCount: 50 })?.[key]
    } catch {
      return b
    }
    if (value === undefined) return b
    const eol = eolOf(lines[i])
    lines.splice(i, end - i, ...restyle(key, value).map((l) => l + eol))
    return joinLines(lines)
  },
  /** A comment before, on, inside or after a root block, at any indentation. */
  commentAround(b) {
    const lines = splitLines(b)
    const block = pickBlock(lines)
    if (!block) return b
    const [i, end] = block
    const eol = eolOf(lines[i])
    const c = pick(COMMENTS)
    const r = int(4)
    if (r === 0) lines[i] = plain(lines[i]) + ' ' + c + eol
    else lines.splice(r === 1 ? i : r === 2 ? i + 1 + int(Math.max(1, end - i)) : end, 0, ' '.repeat(int(5)) + c + eol)
    return joinLines(lines)
  },
  /** A comment line before any key, at that key's column (between the keys of a List item too). */
  commentBeforeKey(b) {
    const lines = splitLines(b)
    const hits = lines.flatMap((l, i) => (/^[ \t]*(- )?["']?[\w.-]+["']?[ \t]*:([ \t]|\r?$)/.test(l) ? [i] : []))
    if (!hits.length) return b
    const i = pick(hits)
    const m = /^([ \t]*)(- )?/.exec(lines[i])
    lines.splice(i, 0, m[1] + (m[2] ? '  ' : '') + pick(COMMENTS) + eolOf(lines[i]))
    return joinLines(lines)
  },
  /** A root block moved elsewhere in its document: destination, sources and specs apart, matches after metadata, … */
  moveBlock(b) {
    const lines = splitLines(b)
    const docs = documents(lines)
      .map((d) => rootBlocks(lines, d))
      .filter((bs) => bs.length > 1)
    if (!docs.length) return b
    const blocks = pick(docs)
    const moved = blocks.filter((x) => MOVED.includes(x[2]))
    const [i, end] = moved.length && random() < 0.8 ? pick(moved) : pick(blocks)
    const to = pick(
      blocks
        .filter((x) => x[0] !== i)
        .map((x) => x[0])
        .concat(blocks.at(-1)[1]),
    )
    const taken = lines.slice(i, end)
    const without = lines.slice(0, i).concat(lines.slice(end))
    without.splice(to > i ? to - (end - i) : to, 0, ...taken)
    return joinLines(without)
  },
  /** Every line break as CRLF. */
  crlf(b) {
    return Buffer.from(b.toString('latin1').replace(/\r?\n/g, '\r\n'), 'latin1')
  },
  /** A second root `spec` (or a first one beside the keys a hop would move under it). */
  duplicateSpec(b) {
    const lines = splitLines(b)
    const docs = documents(lines)
    if (!docs.length) return b
    const [start, end] = pick(docs)
    const blocks = rootBlocks(lines, [start, end])
    const at = blocks.length ? pick(blocks.map((x) => x[0]).concat(blocks.at(-1)[1])) : end
    const eol = eolOf(lines[Math.max(start, at - 1)] ?? '')
    const existing = blocks.filter((x) => x[2] === 'spec')
    const add =
      existing.length && random() < 0.5
        ? lines.slice(existing[0][0], existing[0][1])
        : pick([
            'spec: {}',
            'spec:',
            'spec: 5',
            'spec: []',
            'spec:\n  matches:\n  - name: z',
            'spec:\n  destination: {kind: ServiceAccount, name: d}',
            'spec: {matches: {ports: [1]}}',
            'spec:\n  other: kept',
          ])
            .split('\n')
            .map((l) => l + eol)
    lines.splice(at, 0, ...add)
    return joinLines(lines)
  },
  /** A `port` on a subject (a `kind: ServiceAccount` mapping), block or flow. */
  port(b) {
    const lines = splitLines(b)
    const hits = lines.flatMap((l, i) => (/kind"?\s*:\s*"?ServiceAccount/.test(l) ? [i] : []))
    if (!hits.length) return b
    const i = pick(hits)
    const p = pick(SUBJECT_PORTS)
    const flow = /\{[^}]*kind"?\s*:\s*"?ServiceAccount"?/.exec(lines[i])
    if (flow) {
      const json = /"kind"/.test(flow[0])
      lines[i] =
        lines[i].slice(0, flow.index + flow[0].length) +
        (json ? `, "port": ${/^\d+$/.test(p) ? p : '8080'}` : `, port: ${p || '1'}`) +
        lines[i].slice(flow.index + flow[0].length)
    } else {
      const m = /^([ \t]*)(- )?/.exec(lines[i])
      lines.splice(i + 1, 0, m[1] + (m[2] ? '  ' : '') + `port: ${p}` + eolOf(lines[i]))
    }
    return joinLines(lines)
  },
  /** An SMI apiVersion at another version (v1alpha1..4, or one no kind has), or in another SMI group. */
  siblingVersion(b) {
    const s = b.toString('latin1')
    const hits = [...s.matchAll(/(split|specs|access)\.smi-spec\.io\/v[0-9a-z]+/g)]
    if (!hits.length) return b
    const h = pick(hits)
    const group = random() < 0.2 ? pick(GROUPS) : h[0].split('/')[0]
    return Buffer.from(s.slice(0, h.index) + `${group}/${pick(SIBLING_VERSIONS)}` + s.slice(h.index + h[0].length), 'latin1')
  },
  /** One SMI kind spelled as another. */
  swapKind(b) {
    const s = b.toString('latin1')
    const hits = [...s.matchAll(/TrafficSplit|HTTPRouteGroup|TCPRoute|TrafficTarget/g)]
    if (!hits.length) return b
    const h = pick(hits)
    return Buffer.from(s.slice(0, h.index) + pick(KINDS) + s.slice(h.index + h[0].length), 'latin1')
  },
  /** One document as JSON, on one line or pretty-printed (comments go). */
  documentAsJson(b) {
    const lines = splitLines(b)
    const docs = documents(lines)
    if (!docs.length) return b
    const [start, end] = pick(docs)
    const doc = parseDocument(lines.slice(start, end).map(plain).join('\n'), { logLevel: 'silent' })
    if (doc.errors.length) return b
    let value
    try {
      value = doc.toJS({ maxAliasCount: 50 })
    } catch {
      return b
    }
    if (typeof value !== 'object' || value === null) return b
    const eol = eolOf(lines[start])
    const json = random() < 0.5 ? JSON.stringify(value) : JSON.stringify(value, null, pick([2, 4]))
    lines.splice(start, end - start, ...(json + '\n').split('\n').map((l, i, a) => (i < a.length - 1 ? l + eol : l)))
    return joinLines(lines)
  },
  /** One document as the only item of a `kind: List`, its sequence compact or indented. */
  wrapInList(b) {
    const lines = splitLines(b)
    const docs = documents(lines).filter(([s, e]) => lines.slice(s, e).some((l) => ROOT_KEY.test(l) || l.startsWith('{')))
    if (!docs.length) return b
    const [start, end] = pick(docs)
    let last = end
    while (last > start && /^[ \t]*\r?$/.test(lines[last - 1])) last--
    const eol = eolOf(lines[start])
    const [first, rest] = random() < 0.5 ? ['- ', '  '] : ['  - ', '    ']
    const items = lines.slice(start, last).map((l, i) => (/^\r?$/.test(l) ? l : (i ? rest : first) + l))
    lines.splice(start, last - start, ...['apiVersion: v1', 'kind: List', 'items:'].map((l) => l + eol), ...items)
    return joinLines(lines)
  },
}
const SIBLING_MUTATOR_NAMES = Object.keys(SIBLING_MUTATORS)
Object.assign(MUTATORS, SIBLING_MUTATORS)
const ALL_MUTATOR_NAMES = Object.keys(MUTATORS)

/** 1 to 4 mutations; an input that holds a sibling kind gets a sibling mutation half the time. */
function mutate(input) {
  let b = input
  const applied = []
  for (let n = 1 + int(4); n > 0; n--) {
    const name = SIBLING.test(b.toString('latin1')) && random() < 0.5 ? pick(SIBLING_MUTATOR_NAMES) : pick(ALL_MUTATOR_NAMES)
    applied.push(name)
    b = MUTATORS[name](b)
  }
  return { bytes: b, applied }
}

// --- options ---------------------------------------------------------------------------
const SPECS_TARGETS = ['v1alpha2', 'v1alpha3', 'v1alpha4']
const ACCESS_TARGETS = ['v1alpha2', 'v1alpha3']

/** None (TrafficSplits only, as before the sibling kinds), specsTo, accessTo, or both. */
function pickOptions() {
  const r = random()
  const opts = { to: 'v1alpha2' }
  if (SPLIT_ONLY) return opts
  if ((r >= 0.35 && r < 0.55) || r >= 0.7) opts.specsTo = pick(SPECS_TARGETS)
  if (r >= 0.55) opts.accessTo = pick(ACCESS_TARGETS)
  return opts
}
const siblingsOn = (opts) => Boolean(opts.specsTo || opts.accessTo)
/** The same options as CLI flags. */
const flagsOf = (opts) => [...(opts.specsTo ? ['--specs-to', opts.specsTo] : []), ...(opts.accessTo ? ['--access-to', opts.accessTo] : [])]
const describe = (opts) => (siblingsOn(opts) ? flagsOf(opts).join(' ') : 'no sibling options')
/** The kinds a run converts: an input that spells none of them must come back byte-identical. */
const needlesOf = (opts) => [
  'TrafficSplit',
  ...(opts.specsTo ? ['HTTPRouteGroup', 'TCPRoute'] : []),
  ...(opts.accessTo ? ['TrafficTarget'] : []),
]

// --- invariants ------------------------------------------------------------------------
const errorsOf = (findings) =>
  findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.line}:${f.column} ${f.code}`)
    .sort()
    .join('|')

/** Plain data of a parsed document, or undefined when the yaml package reports an error or cannot resolve it. */
function dataOf(doc) {
  if (doc.errors.length) return undefined
  try {
    return doc.toJS({ maxAliasCount: 1000 })
  } catch {
    return undefined
  }
}

/** 1-based line of a UTF-16 offset. */
const lineAt = (text, offset) => {
  let n = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++
  return n
}

/** A finding that leaves something alone on purpose (an error or a warning) on the lines of text.slice(start, end). */
function refusedIn(findings, text, start, end) {
  const [from, to] = [lineAt(text, start), lineAt(text, Math.max(start, end - 1))]
  return findings.some((f) => (f.severity === 'error' || f.severity === 'warning') && f.line >= from && f.line <= to)
}

/**
 * What the oracle makes of a document's data. A mapping with `items` that are no list is decoded
 * by kubectl as a List (apimachinery's unstructured decoder looks for `items` first): it reads no
 * object from it (`items: null`) or refuses it (`items:` a mapping), so nothing of it may change.
 */
function oracleOf(data, opts) {
  if (typeof data === 'object' && data !== null && 'items' in data && !Array.isArray(data.items)) return data
  return expectedSibling(data, opts)
}

const isList = (v) => typeof v === 'object' && v !== null && v.kind === 'List' && Array.isArray(v.items)
const show = (v) => JSON.stringify(v)?.slice(0, 300)

/**
 * The oracle's data check of one converted document: `got` must be what expectedSibling makes
 * of `data`. In a List each item is checked alone: one the tool refused (an error or warning on
 * its lines) may keep its old data while the others convert.
 */
function dataViolation(data, got, opts, refused, inDoc) {
  const expected = oracleOf(data, opts)
  if (!isList(data)) return isDeepStrictEqual(got, expected) ? undefined : `data ${show(got)}, the oracle expects ${show(expected)}`
  if (!isList(got) || got.items.length !== data.items.length) return `a List of ${data.items.length} items became ${show(got)}`
  const { items: _a, ...restGot } = got
  const { items: _b, ...restWant } = expected
  if (!isDeepStrictEqual(restGot, restWant)) return `List wrapper ${show(restGot)}, the oracle expects ${show(restWant)}`
  const nodes = inDoc.get('items', true)?.items ?? []
  for (const [k, item] of got.items.entries()) {
    if (isDeepStrictEqual(item, expected.items[k])) continue
    const range = nodes[k]?.range
    if (range && isDeepStrictEqual(item, data.items[k]) && refused(range[0], range[2])) continue
    return `List item ${k + 1}: ${show(item)}, the oracle expects ${show(expected.items[k])}`
  }
  return undefined
}

/**
 * A stream cut into documents at its marker lines (`---` or `...` at column 0, as YAML 1.2 and
 * the tool cut it, even inside a quoted scalar): each piece with its offset. The tool never
 * adds or removes a marker line, so input and output have the same pieces.
 */
function pieces(text) {
  const out = []
  let start = 0
  for (const m of text.matchAll(/^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm)) {
    if (m.index > start) out.push([start, text.slice(start, m.index)])
    start = m.index
  }
  out.push([start, text.slice(start)])
  return out
}

/**
 * What a run may change (invariant 2). Without sibling options: the scalar rule
 * (test/helpers/changes.ts) on the whole input. With them, per document (a piece between
 * marker lines, read by the yaml package alone):
 * - a document the oracle (test/helpers/siblings.ts) converts must hold the oracle's data and
 *   keep every word of its source (linesKeptViolation), or, left unchanged, carry an error or
 *   warning on its lines (a refusal, such as a port or a spec beside a moved key);
 * - a document the oracle leaves alone follows the scalar rule (TrafficSplits convert there);
 * - a piece the yaml package cannot read as one document (a chart template, JSON values one
 *   after another, a broken mutation) follows the scalar rule or keeps every word.
 */
/** A document's text without the byte order mark that may open its first line after `---`. */
function unmarked(text) {
  return text.replace(/^((?:---[^\n]*\n)?)\ufeff/, '$1')
}

function changeViolation(bytes, output, opts, findings) {
  if (!siblingsOn(opts)) return scalarChangeViolation(bytes, output)
  const input = bytes.toString('utf8')
  const out = output.toString('utf8')
  const before = pieces(input)
  const after = pieces(out)
  if (after.length !== before.length) return `the output has ${after.length} documents, the input ${before.length}`
  for (const [i, [start, a]] of before.entries()) {
    const b = after[i][1]
    const where = `document ${i + 1} (line ${lineAt(input, start)})`
    // A byte order mark may open any document of a stream (kubectl reads it so); the yaml
    // package takes one only at the start of its text: read each piece without it.
    const docs = parseAllDocuments(unmarked(a), { logLevel: 'silent' })
    const data = Array.isArray(docs) && docs.length === 1 ? dataOf(docs[0]) : undefined
    if (data === undefined) {
      if (a === b || !scalarChangeViolation(a, b)) continue
      const lost = linesKeptViolation(a, b)
      if (lost) return `${where}, not readable as YAML: ${lost}`
      continue
    }
    if (isDeepStrictEqual(oracleOf(data, opts), data)) {
      const bad = scalarChangeViolation(a, b)
      if (bad) return `${where}, which the oracle leaves alone: ${bad}`
      continue
    }
    const refused = (from, to) => refusedIn(findings, input, start + from, start + to)
    if (a === b) {
      if (refused(0, a.length)) continue
      return `${where}: the oracle converts it, the tool left it alone without an error or warning`
    }
    const o = parseAllDocuments(unmarked(b), { logLevel: 'silent' })
    const got = Array.isArray(o) && o.length === 1 ? dataOf(o[0]) : undefined
    if (got === undefined)
      return `${where}: the output is not valid YAML: ${(Array.isArray(o) && o[0]?.errors[0]?.message.split('\n')[0]) || 'not one document'}`
    const bad = dataViolation(data, got, opts, refused, docs[0])
    if (bad) return `${where}: ${bad}`
    const lost = linesKeptViolation(a, b)
    if (lost) return `${where}: ${lost}`
    oracleChecked++
  }
  return undefined
}
/** Documents whose conversion matched the oracle's data (for the summary line). */
let oracleChecked = 0

async function streamPath(bytes, opts) {
  const chunks = []
  for (let pos = 0; pos < bytes.length;) {
    const n = 1 + int(random() < 0.3 ? 8 : 4096)
    chunks.push(bytes.subarray(pos, pos + n))
    pos += n
  }
  const out = []
  const sink = new Writable({
    write(c, _e, done) {
      out.push(c)
      done()
    },
  })
  const findings = []
  await migrateStream(Readable.from(chunks), sink, opts, '<stdin>', (f) => findings.push(f))
  return { output: Buffer.concat(out), findings }
}

/** The file path refused a kubectl-shaped List dump for invalid YAML that the stream path never parsed. */
/**
 * A List dump in the layout the stream reads item by item: kubectl's YAML (`apiVersion: v1`,
 * `items:`, `- `) or JSON (`{ "apiVersion": "v1", "items": [ {`, pipeline/json.ts).
 */
const LIST_DUMP = /(^|\n)(---\r?\n)?(apiVersion: v1\r?\nitems:\r?\n- |\{\s*"apiVersion":\s*"v1",\s*"items":\s*\[\s*\{)/

/**
 * The same trade-off on errors, when both paths left the dump alike: the file path may report
 * errors in items the stream never parsed (they mention no kind), besides the ones the stream
 * reports; every error the stream reports must be one the file path reports, at the same place.
 */
function listErrorsSubset(bytes, file, stream) {
  if (!LIST_DUMP.test(bytes.toString('latin1'))) return false
  const inFile = new Set(errorsOf(file.findings).split('|'))
  const inStream = errorsOf(stream.findings).split('|').filter(Boolean)
  return inStream.length > 0 && inStream.every((e) => inFile.has(e))
}

function listItemTradeOff(bytes, file, stream) {
  const fileInvalid = file.findings.some((f) => f.code === 'invalid-yaml')
  const streamInvalid = stream.findings.some((f) => f.code === 'invalid-yaml')
  return fileInvalid && !streamInvalid && LIST_DUMP.test(bytes.toString('latin1'))
}

let failures = 0
function fail(n, bytes, applied, opts, why) {
  failures++
  mkdirSync('fuzz-failures', { recursive: true })
  const base = join('fuzz-failures', `seed${SEED}-case${n}`)
  writeFileSync(`${base}.yaml`, bytes)
  writeFileSync(
    `${base}.txt`,
    `${why}\nmutations: ${applied.join(', ')}\noptions: ${JSON.stringify(opts)}\n` +
      `reproduce: node scripts/fuzz-kinds.mjs --seed ${SEED} --only ${n}   (or: node dist/cli.js --diff ${[...flagsOf(opts), `${base}.yaml`].join(' ')})\n`,
  )
  console.error(`case ${n} (${applied.join(', ')}; ${describe(opts)}): ${why.split('\n')[0]} -> ${base}.yaml`)
  if (failures >= 20) {
    console.error('fuzz: stopping after 20 failures')
    process.exit(1)
  }
}

async function checkCase(n, bytes, applied, opts) {
  const failed = (why) => fail(n, bytes, applied, opts, why)
  let first
  watch(n, bytes, opts, 1)
  try {
    first = migrateBytes(bytes, opts, 'f.yaml', convertSegment)
  } catch (err) {
    return failed(`threw: ${err?.stack ?? err}`)
  }
  const outcome = first.findings.some((f) => f.severity === 'error') ? 'error' : first.changed ? 'changed' : 'same'
  const needles = needlesOf(opts)
  if (needles.every((k) => bytes.indexOf(k) < 0) && !spellsByEscape(bytes) && !first.output.equals(bytes))
    return failed(`input without ${needles.join('/')} changed`)
  // UTF-16/32 and binary files are skipped whole, by design (README "Reliability"): nothing else to check.
  const wholeRefusal = encodingFinding(bytes, 'f.yaml')
  if (wholeRefusal && !first.output.equals(bytes)) return failed(`a file refused whole (${wholeRefusal.code}) changed`)
  if (!wholeRefusal && (first.changed || siblingsOn(opts))) {
    watch(n, bytes, opts, 4)
    const bad = changeViolation(bytes, first.output, opts, first.findings)
    if (bad) return failed(`changed outside the edits: ${bad}`)
  }
  watch(n, bytes, opts, 2)
  try {
    const second = migrateBytes(first.output, opts, 'f.yaml', convertSegment)
    if (second.changed) return failed('second run changed the output again')
  } catch (err) {
    return failed(`second run threw: ${err?.stack ?? err}`)
  }
  if (!wholeRefusal) {
    watch(n, bytes, opts, 3)
    try {
      const s = await streamPath(bytes, opts)
      if (listItemTradeOff(bytes, first, s)) {
        // The documented trade-off of the streaming List path (README, Performance): an item
        // that never mentions a kind is not parsed, so its syntax error does not stop the
        // other items. The stream's own result must still be sound.
        const bad = changeViolation(bytes, s.output, opts, s.findings)
        if (bad) return failed(`stream changed outside the edits: ${bad}`)
        const again = await streamPath(s.output, opts)
        if (!again.output.equals(s.output)) return failed('second stream run changed the output again')
        return { outcome, output: first.output, edits: first.edits }
      }
      if (!s.output.equals(first.output)) return failed('stream output differs from the file path')
      if (errorsOf(s.findings) !== errorsOf(first.findings) && !listErrorsSubset(bytes, first, s)) {
        return failed(`stream errors differ: ${errorsOf(s.findings)} vs ${errorsOf(first.findings)}`)
      }
    } catch (err) {
      return failed(`stream threw: ${err?.stack ?? err}`)
    }
  }
  return { outcome, output: first.output, edits: first.edits }
}

/**
 * A batch of cases through the built CLI: --write, then --check, then stdin for the first;
 * one directory and one run per set of options, passed as flags (--specs-to, --access-to).
 */
function cliBatch(batch) {
  const groups = new Map()
  for (const c of batch) {
    const key = describe(c.opts)
    groups.set(key, [...(groups.get(key) ?? []), c])
  }
  for (const cases of groups.values()) cliGroup(cases, flagsOf(cases[0].opts))
}

function cliGroup(batch, flags) {
  const dir = mkdtempSync(join(tmpdir(), 'smi-fuzz-'))
  batch.forEach((c, i) => writeFileSync(join(dir, `c${i}.yaml`), c.bytes))
  // A run that hangs is killed after HANG_SECONDS (status null: reported with the exit codes).
  const run = (args, input) =>
    spawnSync(process.execPath, [BIN, ...flags, ...args], {
      cwd: dir,
      input,
      encoding: 'buffer',
      maxBuffer: 1 << 28,
      timeout: HANG_SECONDS * 1000,
      env: { ...process.env, NO_COLOR: '1' },
    })
  const failed = (c, why) => fail(c.n, c.bytes, c.applied, c.opts, why)
  const w = run(['--write', '--format', 'json', '.'])
  const stderr = w.stderr.toString('utf8')
  if (![0, 1, 2].includes(w.status) || /internal error/.test(stderr)) {
    batch.forEach((c) => failed(c, `CLI --write exit ${w.status ?? w.signal}: ${stderr.slice(0, 500)}`))
  } else {
    const report = JSON.parse(w.stdout.toString('utf8'))
    batch.forEach((c, i) => {
      const name = `c${i}.yaml`
      const now = readFileSync(join(dir, name))
      const erred = report.some((f) => f.path === name && f.severity === 'error')
      if (erred && !now.equals(c.bytes)) failed(c, 'CLI wrote a file it reported an error for')
      if (!erred && !now.equals(c.output)) failed(c, 'CLI --write result differs from the library')
    })
    // Files refused with an error were not written, so they may still hold convertible objects.
    const refused = new Set(report.filter((f) => f.severity === 'error').map((f) => f.path))
    const again = run(['--check', '--format', 'json', '.'])
    const left = JSON.parse(again.stdout.toString('utf8')).filter(
      (f) => (f.code === 'converted' || f.code === 'repaired') && !refused.has(f.path),
    )
    for (const f of left) failed(batch[Number(f.path.slice(1, -5))], `second CLI run would still convert: ${f.message}`)
  }
  const first = batch[0]
  const s = run(['-'], first.bytes)
  if (![0, 1, 2].includes(s.status) || /internal error/.test(s.stderr.toString('utf8')))
    failed(first, `CLI stdin exit ${s.status ?? s.signal}`)
  else if (!encodingFinding(first.bytes, 'x') && !s.stdout.equals(first.output)) failed(first, 'CLI stdin output differs from the library')
  rmSync(dir, { recursive: true, force: true })
}

// --- watchdog --------------------------------------------------------------------------
// A conversion that never returns blocks this thread (a synchronous loop), so a worker
// watches: the case under way sits in shared memory, and one that runs past HANG_SECONDS is
// saved as a failure before the process is killed (a hang cannot be reported any other way).
const MAX_SAVED = 4 << 20
const control = new Int32Array(new SharedArrayBuffer(24)) // case, phase (0: idle), length, specsTo, accessTo
const saved = new Uint8Array(new SharedArrayBuffer(MAX_SAVED))
const PHASES = ['', 'the file path', 'the second run', 'the stream path', 'the checks']
const TARGET_NAMES = ['', 'v1alpha2', 'v1alpha3', 'v1alpha4']
const watchdog = new Worker(
  `
  const { workerData: { control, saved, seed, limit, phases, targets } } = require('node:worker_threads')
  const { mkdirSync, writeFileSync, writeSync } = require('node:fs')
  let seen = '', since = 0
  setInterval(() => {
    const [n, phase, length, specs, access] = control
    if (phase === 0 || n + '/' + phase !== seen) { seen = phase === 0 ? '' : n + '/' + phase; since = Date.now(); return }
    if (Date.now() - since < limit * 1000) return
    const base = 'fuzz-failures/seed' + seed + '-case' + n
    const flags = (specs ? ' --specs-to ' + targets[specs] : '') + (access ? ' --access-to ' + targets[access] : '')
    mkdirSync('fuzz-failures', { recursive: true })
    writeFileSync(base + '.yaml', saved.subarray(0, length))
    const why = 'hung: ' + phases[phase] + ' did not finish in ' + limit + ' s'
    writeFileSync(base + '.txt', why + '\\noptions:' + (flags || ' none') + '\\nreproduce: node scripts/fuzz-kinds.mjs --seed ' + seed + ' --only ' + n + '\\n')
    writeSync(2, 'case ' + n + ' (' + (flags.trim() || 'no sibling options') + '): ' + why + ' -> ' + base + '.yaml\\n' +
      'fuzz: stopping (run again with --skip ' + n + ' to look past it)\\n')
    process.kill(process.pid, 'SIGKILL')
  }, 1000)
`,
  { eval: true, workerData: { control, saved, seed: SEED, limit: HANG_SECONDS, phases: PHASES, targets: TARGET_NAMES } },
)
watchdog.unref()

/** Tells the watchdog which case (phase 1: its bytes and options too) is under way; phase 0 when done. */
function watch(n, bytes, opts, phase) {
  if (phase === 1) {
    saved.set(bytes.subarray(0, MAX_SAVED))
    Atomics.store(control, 2, Math.min(bytes.length, MAX_SAVED))
    Atomics.store(control, 3, TARGET_NAMES.indexOf(opts.specsTo ?? ''))
    Atomics.store(control, 4, TARGET_NAMES.indexOf(opts.accessTo ?? ''))
    Atomics.store(control, 0, n)
  }
  Atomics.store(control, 1, phase)
}

// --- run -------------------------------------------------------------------------------
const started = performance.now()
const counts = { same: 0, changed: 0, error: 0, cli: 0, siblings: 0, skipped: 0 }
const [from, to] = ONLY === undefined ? [0, COUNT] : [ONLY, ONLY + 1]
const diffCheck = new GitDiffCheck((c, why) => fail(c.n, c.bytes, c.applied, c.opts, why))
const SIBLING_KINDS = new Set(['HTTPRouteGroup', 'TCPRoute', 'TrafficTarget'])
// kubectl's reading of a sibling-kind object: left as it was (a refusal), or exactly what the
// oracle of test/helpers/siblings.ts makes of it; other kinds follow the oracle's own rule.
const oracle = new KubectlOracle(
  (c, why) => fail(c.n, c.bytes, c.applied, c.opts, why),
  (b, a, opts) => {
    if (!SIBLING_KINDS.has(b.kind)) return undefined
    if (isDeepStrictEqual(a, b) || isDeepStrictEqual(a, expectedSibling(b, opts))) return ''
    return `${b.kind} ${b.metadata?.name ?? ''} is neither left as it was nor the expected upgrade: ${JSON.stringify(a.spec ?? a).slice(0, 300)}`
  },
)
if (!oracle.available && !PRINT) {
  console.error('fuzz: kubectl not found: the kubectl oracle cannot run (install kubectl 1.21 or newer)')
  if (process.env.CI === 'true' || process.env.REQUIRE_ALL_TESTS === '1') process.exit(1)
}
let batch = []
for (let n = from; n < to; n++) {
  seedCase(n)
  const opts = pickOptions()
  const { bytes, applied } = mutate(seedInput(opts))
  if (PRINT) {
    process.stdout.write(`# case ${n}: ${applied.join(', ')}; ${describe(opts)}\n`)
    process.stdout.write(bytes)
    continue
  }
  if (SKIP.has(n)) {
    counts.skipped++
    continue
  }
  const r = await checkCase(n, bytes, applied, opts)
  watch(n, bytes, opts, 0)
  if (!r) continue
  counts[r.outcome]++
  if (siblingsOn(opts)) counts.siblings++
  diffCheck.add({ n, bytes, applied, opts }, bytes, r.output, r.edits)
  if (r.outcome === 'changed') oracle.add({ n, bytes, applied, opts }, bytes, r.output, opts)
  if (CLI_EVERY > 0 && n % CLI_EVERY === 0) {
    batch.push({ n, bytes, applied, opts, output: r.output })
    if (batch.length === CLI_BATCH) {
      cliBatch(batch)
      counts.cli += batch.length
      batch = []
    }
  }
}
if (batch.length) {
  cliBatch(batch)
  counts.cli += batch.length
}
if (PRINT) process.exit(0)
diffCheck.close()
oracle.close()
const secs = ((performance.now() - started) / 1000).toFixed(1)
console.log(
  `fuzz: ${to - from} cases (seed ${SEED}${ONLY === undefined ? '' : `, case ${ONLY}`}) in ${secs} s: ${counts.changed} converted, ` +
    `${counts.error} with errors, ${counts.same} unchanged; ${counts.siblings} of them with --specs-to/--access-to (${oracleChecked} documents converted as the oracle expects); ` +
    `${counts.cli} also through the CLI; ${diffCheck.summary()}; ${oracle.summary()}; ` +
    `${counts.skipped ? `${counts.skipped} skipped; ` : ''}${failures} failures`,
)
process.exit(failures ? 1 : 0)
