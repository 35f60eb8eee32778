/**
 * Processes one segment of the splitter's output: non-candidates pass through as the very
 * same bytes; candidates are decoded, converted and re-encoded with only the edited scalars
 * changed. Keeps the running line number so findings carry `line:column` in the input.
 */
import { isUtf8 } from 'node:buffer'
import type { Diagnostic, Edit, Finding, GivenOptions, Located, NeededValuesWrite, NoticeCode, ObjectFact } from '../model.js'
import { withVersions } from '../kinds/versions.js'
import type { PlannedRewrite, RunOptions } from '../targets/target.js'
import type { RunTargets } from '../targets/registry.js'
import { DocumentSplitter } from './splitter.js'
import type { SegmentConversion } from '../convert/text.js'
import type { WrapperInfo } from '../yaml/wrapper.js'
import { splice } from '../edit/splice.js'
import { decodedLength, firstIllFormed } from '../edit/bytes.js'
import { binaryFinding } from './encoding.js'
import { GROUP_PREFIXES, KIND_NAMES } from '../kinds/names.js'
import { LineIndex, lineStart, locateOnce } from '../edit/lines.js'
import { tabsAfterPlain } from '../edit/plain.js'
import { holdsNothingToConvert } from './toplevel.js'
import { spellsNameByEscape } from './escapes.js'
import { findStem, type StemGroup, stemGroups } from './stems.js'

/** Converts a document, or (with `item`, its index) one item of a List (convert/text.ts). */
export type Converter = (text: string, opts: RunOptions, item?: number) => SegmentConversion

/** The pre-filter: a document that spells no kind's name cannot hold an object of that kind. */
export const NEEDLES: readonly Buffer[] = KIND_NAMES.map((n) => Buffer.from(n))
/** The same names, grouped by the stems they are searched by (stems.ts). */
export const NAME_STEMS: readonly StemGroup[] = stemGroups(NEEDLES)

/** The largest document the general path parses whole (see processAt). */
export const MAX_WHOLE_DOCUMENT = 16 * 2 ** 20

/** The SMI groups: with a template action beside one, a templated `kind:` may still be ours. */
export const GROUP_NEEDLES: readonly Buffer[] = GROUP_PREFIXES.map((g) => Buffer.from(g))
/** What a Helm template action opens with. */
export const ACTION = Buffer.from('{{')

export function isCandidate(segment: Buffer): boolean {
  return NAME_STEMS.some((g) => findStem(segment, g, 0) >= 0) || mentionsTemplatedGroup(segment) || spellsNameByEscape(segment, NAME_STEMS)
}

/**
 * Whether the general path must read a segment: it is a candidate, and its top-level keys do
 * not show that it holds nothing to convert (toplevel.ts).
 */
export function mayHoldObjects(segment: Buffer): boolean {
  return isCandidate(segment) && !holdsNothingToConvert(segment, MAX_WHOLE_DOCUMENT)
}

/** The second half of isCandidate, for callers that have searched for NEEDLES already (the stream engine). */
export function mentionsTemplatedGroup(segment: Uint8Array): boolean {
  const b = Buffer.from(segment.buffer, segment.byteOffset, segment.byteLength)
  return b.indexOf(ACTION) >= 0 && GROUP_NEEDLES.some((g) => b.indexOf(g) >= 0)
}

/** Loads the YAML-parsing half of the pipeline on first use (keeps start-up fast). */
export async function loadConverter(): Promise<Converter> {
  return (await import('../convert/text.js')).convertSegment
}

/**
 * The options of a run: what the user set, and with a target (`--to gateway`) the target
 * prepared on the whole input (Services, route groups, routes), read before any document is
 * converted. A new record: the options given are not changed.
 */
export async function runOptions(opts: RunOptions, target: RunTargets['target'], inputs: Iterable<Buffer>): Promise<RunOptions> {
  if (!target) return opts
  const { prepareTarget } = await import('../targets/registry.js')
  return { ...opts, target: await prepareTarget(target, documentsOf(inputs)) }
}

/**
 * The documents of the inputs as kubectl cuts them (`---`, or JSON values one after
 * another: an NDJSON stream is not one YAML document), decoded.
 */
export function* documentsOf(inputs: Iterable<Buffer>): Generator<string> {
  for (const input of inputs) for (const segment of DocumentSplitter.split(input)) yield segment.toString('utf8')
}

/** What the stream engine converts with: the converter and the reader of a List dump's wrapper. */
export interface Conversion {
  convert: Converter
  inspectList: (text: string) => WrapperInfo
}

/** Loads the lazily loaded half the stream engine converts with, in one step. */
export async function loadConversion(): Promise<Conversion> {
  const [text, wrapper] = await Promise.all([import('../convert/text.js'), import('../yaml/wrapper.js')])
  return { convert: text.convertSegment, inspectList: wrapper.inspectListWrapper }
}

export interface SegmentResult {
  bytes: Buffer
  findings: Finding[]
  edits: Edit[]
  /** Objects already in the input that the conversion writes anew, for the driver (bytes.ts). */
  rewrites?: SegmentRewrite[]
  /** The values.yaml writes its chart template's conversions need, each at its conversion's finding. */
  valuesWrites?: Array<NeededValuesWrite<Finding>>
}

/** A rewrite with its refusal located (at the replacing object, in this segment). */
export interface SegmentRewrite extends PlannedRewrite {
  refused: Finding
}

/** The driver's edit of objects already in the input (yaml/existing.ts), loaded with the converter. */
export type Rewriter = typeof import('../convert/text.js').replaceExisting

export async function loadRewriter(): Promise<Rewriter> {
  return (await import('../convert/text.js')).replaceExisting
}

export class SegmentProcessor {
  /** 1-based line number at which the next segment starts. */
  private line = 1
  converter: Converter | undefined
  /** The named objects of every segment so far, located (kinds/links.ts checks them at the end of the run). */
  readonly objects: Array<ObjectFact & Located> = []

  private readonly opts: RunOptions

  /** `opts` may give the versions in the library's spelling (test and script callers): read into the map here, once. */
  constructor(
    opts: GivenOptions<RunOptions>,
    private readonly path: string,
    converter?: Converter,
  ) {
    this.opts = withVersions(opts)
    this.converter = converter
  }

  process(segment: Buffer): SegmentResult {
    const line = this.line
    this.line += countNewlines(segment)
    return this.processAt(segment, line)
  }

  /**
   * Processes a segment that starts at 1-based `line` (for callers that count lines themselves);
   * `candidate`: the caller has found it a candidate (mayHoldObjects) already.
   */
  processAt(segment: Buffer, line: number, candidate = false): SegmentResult {
    if (!candidate && !mayHoldObjects(segment)) return { bytes: segment, findings: [], edits: [] }
    if (!isUtf8(segment)) {
      // Pointed at the first byte that is not UTF-8 (its column counted in characters before it).
      const bad = firstIllFormed(segment)
      const start = bad === 0 ? 0 : segment.lastIndexOf(10, bad - 1) + 1
      const refused = this.refuse(
        segment,
        line + countNewlines(segment.subarray(0, bad)),
        'not-utf8',
        'a document that mentions TrafficSplit is not valid UTF-8; left unchanged',
      )
      Object.assign(refused.findings[0]!, {
        offset: decodedLength(segment.subarray(0, bad)),
        column: decodedLength(segment.subarray(start, bad)) + 1,
      })
      return refused
    }
    // YAML forbids NUL; a stream (files are checked whole, in bytes.ts) may still carry one.
    const nul = segment.indexOf(0)
    if (nul >= 0) {
      const f = binaryFinding(segment, nul, true, this.path)
      return { bytes: segment, edits: [], findings: [{ ...f, line: line + f.line! - 1 }] }
    }
    if (segment.length > MAX_WHOLE_DOCUMENT) {
      // The parser holds about 60 bytes per input byte: a 120 MiB document would run the heap
      // out after minutes. Refused at once instead. In stream mode a List in kubectl's layout,
      // YAML or JSON, never gets here (it is read item by item); file mode reads files whole,
      // so the message points at the stream.
      return this.refuse(
        segment,
        line,
        'invalid-yaml',
        `a document that mentions TrafficSplit is ${(segment.length / 2 ** 20).toFixed(0)} MiB, too large to parse whole ` +
          `(limit ${MAX_WHOLE_DOCUMENT / 2 ** 20} MiB); left unchanged: pipe a kubectl get -o yaml or -o json List through stream mode ` +
          '(smi-migrate - < dump.yaml > converted.yaml reads it item by item), or split it',
      )
    }
    const mark = markInFirstKey(segment, line)
    if (mark >= 0) {
      // Pointed at the mark's line: the document it opens is the one refused.
      const lines = countNewlines(segment.subarray(0, mark))
      const refused = this.refuse(
        segment,
        line + lines,
        'invalid-yaml',
        'a byte order mark follows a `---` that opens the stream or follows another `---`: kubectl reads it as part of the first key; remove it',
      )
      refused.findings[0]!.offset = decodedLength(segment.subarray(0, mark))
      return refused
    }
    if (!this.converter) throw new Error('internal error: converter not loaded for a candidate segment')
    const text = segment.toString('utf8')
    let conversion
    try {
      conversion = convertRelaxed(this.converter, text, this.opts)
    } catch (err) {
      // The parser recurses per nesting level: thousands of levels exhaust the stack. That
      // is a refusal for this document, never a crash of the whole run.
      if (!(err instanceof RangeError)) throw err
      return this.refuse(
        segment,
        line,
        'invalid-yaml',
        `a document that mentions TrafficSplit is too deeply nested or too large to parse (${err.message}); left unchanged`,
      )
    }
    const { edits, findings } = conversion
    // The conversion is kept (its edits are spliced, or its findings stand): what its
    // replacements claimed now holds for the rest of the run.
    for (const [key, owner] of conversion.claims) this.opts.target?.ledger.set(key, owner)
    const located = locateFindings(findings, text, line, this.path)
    for (const o of locateFindings(conversion.objects, text, line, this.path)) this.objects.push(o)
    const rewrites = conversion.rewrites?.map((w) => ({ ...w, refused: locateFindings([w.refused], text, line, this.path)[0]! }))
    const valuesWrites = conversion.valuesWrites?.map((w) => ({ ...w, by: locateFindings([w.by], text, line, this.path)[0]! }))
    const more = { ...(rewrites ? { rewrites } : {}), ...(valuesWrites ? { valuesWrites } : {}) }
    if (edits.length === 0) return { bytes: segment, findings: located, edits, ...more }
    return { bytes: Buffer.from(splice(text, edits), 'utf8'), findings: located, edits, ...more }
  }

  /** The segment as it was, with an error at its first line: a document this run cannot convert. */
  private refuse(segment: Buffer, line: number, code: NoticeCode, message: string): SegmentResult {
    return { bytes: segment, edits: [], findings: [{ severity: 'error', code, offset: 0, path: this.path, line, column: 1, message }] }
  }
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf])

/**
 * Whether a byte order mark starts a line of the segment that kubectl reads as part of the
 * first key. kubectl cuts a stream at `---` lines and drops each such line, except one met while
 * nothing has been read since the last cut (the stream's first line, or a `---` right after
 * another): that marker stays with the document, so a mark after it is no byte order mark but
 * the key's first character, and the object has no apiVersion. A mark after a document, or after
 * a blank or comment line, is read as a mark (checked with kubectl 1.32). The mark's offset in
 * the segment, or -1.
 */
function markInFirstKey(segment: Buffer, line: number): number {
  // Most documents hold no mark: a native search first, before any text is made (and no view of the head made for it).
  const first = segment.indexOf(BOM)
  if (first < 0 || first + BOM.length > 1024) return -1
  const head = segment.toString('latin1', 0, 1024)
  const at = head.indexOf('\n\xef\xbb\xbf')
  if (at <= 0) return -1
  const before = head.slice(0, at).split('\n')
  const marker = (l: string | undefined) => l !== undefined && l.startsWith('---')
  if (!marker(before[before.length - 1])) return -1
  const kept = before.length === 1 ? line === 1 : marker(before[before.length - 2])
  return kept ? at + 1 : -1
}

/** The `yaml` package's complaint about a flow collection continued at or left of its block's indentation. */
const FLOW_INDENT = ' in block collection must be sufficiently indented and end with a '
/** How many lines of one document are re-indented at most (each costs a parse). */
const MAX_REINDENTED = 64
/** …in a document of at most this many characters (each round parses all of it). */
const MAX_REINDENTED_TEXT = 1 << 20

/**
 * Converts `text`; if the `yaml` package refuses it only because a flow collection (`[…]`,
 * `{…}`) goes on at or left of its key's indentation, which YAML 1.2 forbids and go-yaml
 * (kubectl) accepts, those lines are indented further, the copy converted, and every
 * offset mapped back to `text`. Inside a flow collection indentation means nothing to
 * go-yaml (its scanner skips the indentation checks while the flow level is above zero),
 * and the spaces added at the start of a line in one change no value (a multi-line
 * scalar folds them away), so the copy reads as kubectl reads the original. A line is only
 * indented where the parser reports it, that is, inside a flow collection. Anything else
 * wrong in the document is refused as before.
 */
export function convertRelaxed(converter: Converter, text: string, opts: RunOptions): SegmentConversion {
  const first = converter(text, opts)
  if (!first.findings.some(isFlowIndent) || text.length > MAX_REINDENTED_TEXT) return first
  /** Insertions in `text` coordinates: `count` spaces before position `at`, in order. */
  const inserts: Array<{ at: number; count: number }> = []
  let copy = text
  let conversion = first
  for (let round = 0; round < MAX_REINDENTED; round++) {
    const f = conversion.findings.find(isFlowIndent)
    if (!f) break
    const from = lineStart(copy, f.offset)
    let indent = 0
    while (copy[from + indent] === ' ') indent++
    // Deeper than any line before it: deeper than every block indentation around the flow.
    let longest = 0
    for (let i = 0; i < from;) {
      const nl = copy.indexOf('\n', i)
      const end = nl < 0 || nl >= from ? from : nl
      longest = Math.max(longest, end - i)
      i = end + 1
    }
    const count = Math.max(1, longest + 1 - indent)
    const at = toOriginal(inserts, from)
    const same = inserts.find((x) => x.at === at)
    if (same) same.count += count
    else {
      inserts.push({ at, count })
      inserts.sort((a, b) => a.at - b.at)
    }
    copy = copy.slice(0, from) + ' '.repeat(count) + copy.slice(from)
    conversion = converter(copy, opts)
  }
  if (conversion.findings.some((x) => x.code === 'invalid-yaml')) return first
  // An edit that moves lines would carry the copy's added spaces into the output: the
  // document is refused as the parser read it (the flow indentation error says what to fix).
  if (conversion.edits.some((e) => e.text.includes('\n'))) return first
  const map = (o: number) => toOriginal(inserts, o)
  // The planner checks a plain scalar written over a quoted one against the tabs after it
  // (edit/plain.ts) by their columns in the copy; a tab on a line the copy indented further
  // stands right of where it does in `text`: such a document is refused as the parser read it.
  const starts = new Set(inserts.map((x) => x.at))
  const shifted = (e: Edit) =>
    /^["']/.test(text.slice(map(e.start), map(e.end))) &&
    !/^["'|>]/.test(e.text) &&
    tabsAfterPlain(text, map(e.end)).some((t) => starts.has(lineStart(text, t.offset)))
  if (conversion.edits.some(shifted)) return first
  return {
    edits: conversion.edits.map((e) => ({ ...e, start: map(e.start), end: map(e.end) })),
    findings: conversion.findings.map((x) => ({ ...x, offset: map(x.offset) })),
    objects: conversion.objects.map((x) => ({ ...x, offset: map(x.offset) })),
    claims: conversion.claims,
    ...(conversion.rewrites
      ? { rewrites: conversion.rewrites.map((w) => ({ ...w, refused: { ...w.refused, offset: map(w.refused.offset) } })) }
      : {}),
    ...(conversion.valuesWrites
      ? { valuesWrites: conversion.valuesWrites.map((w) => ({ ...w, by: { ...w.by, offset: map(w.by.offset) } })) }
      : {}),
  }
}

function isFlowIndent(f: Diagnostic): boolean {
  return f.code === 'invalid-yaml' && f.message.includes(FLOW_INDENT)
}

/** The position in the original text of position `p` of the re-indented copy. */
function toOriginal(inserts: ReadonlyArray<{ at: number; count: number }>, p: number): number {
  let shift = 0
  for (const { at, count } of inserts) {
    const start = at + shift
    if (p < start) break
    if (p < start + count) return at
    shift += count
  }
  return p - shift
}

/**
 * Adds path, line and column to findings whose offsets point into `text`, which starts at
 * 1-based line `baseLine`. Line starts are indexed once per text, so a List dump with
 * thousands of findings is not rescanned for each of them.
 */
export function locateFindings<T extends { offset: number }>(
  findings: T[],
  text: string,
  baseLine: number,
  path: string,
): Array<T & Located> {
  if (findings.length === 0) return findings as Array<T & Located>
  // A document's conversion has a finding or two: indexing its lines would cost more than reading to them.
  const lines = findings.length > 2 ? new LineIndex(text) : undefined
  // A byte order mark is not a column anyone can see.
  const bom = baseLine === 1 && text.charCodeAt(0) === 0xfeff ? 1 : 0
  return findings.map((f) => {
    // An error "at the end of input" is shown on the last line rather than past it.
    const offset = Math.max(0, Math.min(f.offset, text.length - 1))
    const { line, start } = lines ? lines.locate(offset) : locateOnce(text, offset)
    const column = offset - start + 1 - (line === 0 ? bom : 0)
    // Object.assign rather than a spread: on Node 20 `{ ...f, path, line, column }` took 5 µs a
    // finding (ten times longer), a tenth of the time of a stream of small TrafficSplits.
    return Object.assign({}, f, { path, line: baseLine + line, column })
  })
}

export function countNewlines(b: Buffer): number {
  let n = 0
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++
  return n
}
