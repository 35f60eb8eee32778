/**
 * Whole-input conversion: split, process each segment, join. Used for files (which are
 * read whole so they can be written atomically) and by the library API.
 */
import type { Diagnostic, Edit, Finding, GivenOptions, Located, NeededValuesWrite, ObjectFact } from '../model.js'
import type { RunOptions } from '../targets/target.js'
import { encodingFinding } from './encoding.js'
import {
  type Converter,
  isCandidate,
  locateFindings,
  MAX_WHOLE_DOCUMENT,
  type Rewriter,
  SegmentProcessor,
  type SegmentRewrite,
} from './segment.js'
import { DocumentSplitter } from './splitter.js'
import { splice } from '../edit/splice.js'
import { decodedLength } from '../edit/bytes.js'

/** A rewrite of an object already in the input; its `refused` finding's offset is its replacing object's, in the decoded input. */
export type PendingRewrite = SegmentRewrite

export interface BytesResult {
  output: Buffer
  changed: boolean
  /** Located findings; `offset` is a UTF-16 index into the whole decoded input. */
  findings: Finding[]
  /** The edits made, as UTF-16 ranges of the whole decoded input (what the library splices into its string). */
  edits: Edit[]
  /** The named objects, located, for checks across documents and files (kinds/links.ts). */
  objects: Array<ObjectFact & Located>
  /** Objects of other files (or before their replacing object in this one) to write anew: file mode's (rewriteInput). */
  rewrites?: PendingRewrite[]
  /** The values.yaml writes its chart template's conversions need (files/helm/values.ts), each at its conversion's finding. */
  valuesWrites?: Array<NeededValuesWrite<Finding>>
}

/**
 * `rewriter`: replaces the objects already in the input that a conversion writes anew (a
 * route whose kept TrafficSplit has changed since), when they come from this input and after
 * their replacing object, as a stream would meet them; without it, or before, each is refused.
 * Those that name a file (file mode) are returned for the file driver.
 */
export function migrateBytes(
  input: Buffer,
  opts: GivenOptions<RunOptions>,
  path: string,
  converter: Converter,
  rewriter?: Rewriter,
): BytesResult {
  // UTF-16/32 and binary inputs are never converted (see encoding.ts): their bytes come back as they are.
  const refused = encodingFinding(input, path)
  if (refused) return { output: input, changed: false, findings: [refused], edits: [], objects: [] }
  // Most files in a repository never mention TrafficSplit: skip them without splitting.
  if (!isCandidate(input)) return { output: input, changed: false, findings: [], edits: [], objects: [] }
  const processor = new SegmentProcessor(opts, path, converter)
  const parts: Buffer[] = []
  const findings: Finding[] = []
  const edits: Edit[] = []
  const rewrites: PendingRewrite[] = []
  const valuesWrites: Array<NeededValuesWrite<Finding>> = []
  /** Where the current segment starts in the decoded input (segments are cut at ASCII bytes). */
  let base = 0
  for (const segment of DocumentSplitter.split(input)) {
    const known = processor.objects.length
    const r = processor.process(segment)
    for (const o of processor.objects.slice(known)) o.offset += base
    parts.push(r.bytes)
    for (const f of r.findings) findings.push({ ...f, offset: f.offset + base })
    for (const e of r.edits) edits.push({ start: e.start + base, end: e.end + base, text: e.text })
    for (const w of r.rewrites ?? []) rewrites.push({ ...w, refused: { ...w.refused, offset: w.refused.offset + base } })
    for (const w of r.valuesWrites ?? []) valuesWrites.push({ ...w, by: { ...w.by, offset: w.by.offset + base } })
    base += decodedLength(segment)
  }
  const own = rewrites.filter((w) => w.file === undefined)
  const result: BytesResult = {
    output: edits.length > 0 ? Buffer.concat(parts) : input,
    changed: edits.length > 0,
    findings,
    edits,
    objects: processor.objects,
    ...(own.length < rewrites.length ? { rewrites: rewrites.filter((w) => w.file !== undefined) } : {}),
    ...(valuesWrites.length ? { valuesWrites } : {}),
  }
  if (own.length === 0) return result
  const done = rewriteInput(input, edits, own, rewriter, path, true)
  findings.push(...done.findings)
  if (done.refusedAt.size) return leftAsItIs(input, result, done, findings)
  if (!done.output) return result
  return { ...result, output: done.output, changed: true, edits: [...edits, ...done.edits] }
}

/**
 * A rewrite refused in a stream (its route came before its replacing object, which the stream
 * had written out already): the replacing object is left as it is, as the refusal says (file
 * mode writes the route anew instead), so its edit is not made and it is not reported converted.
 */
function leftAsItIs(
  input: Buffer,
  result: BytesResult,
  done: { edits: Edit[]; refusedAt: ReadonlySet<number> },
  findings: Finding[],
): BytesResult {
  const held = (e: Edit): boolean => [...done.refusedAt].some((at) => e.start <= at && at < Math.max(e.end, e.start + 1))
  const kept = result.edits.filter((e) => !held(e))
  const dropped = result.edits.filter(held)
  // Its conversion is not reported, nor what was said of it being written (a route written in place of another).
  const converted = (f: Finding): boolean =>
    (f.code === 'converted' || f.code === 'repaired' || f.whenWritten === true) &&
    dropped.some((e) => e.start <= f.offset && f.offset < Math.max(e.end, e.start + 1))
  const kept2 = findings.filter((f) => !converted(f))
  const all = [...kept, ...done.edits]
  const output = all.length ? Buffer.from(splice(input.toString('utf8'), all), 'utf8') : input
  return { ...result, output, changed: all.length > 0, edits: all, findings: kept2 }
}

/**
 * Writes objects already in `input` anew in their places (each the last of its kind,
 * namespace and name in the input), with the edits `edits` of its conversion (UTF-16 ranges of
 * the decoded input). `stream`: only objects after their replacing object are replaced, as a
 * stream has written what came before. Each rewrite not made is reported with
 * its `refused` finding, the reason appended. `output`: the new bytes, when any was made.
 */
export function rewriteInput(
  input: Buffer,
  edits: readonly Edit[],
  rewrites: readonly PendingRewrite[],
  rewriter: Rewriter | undefined,
  path: string,
  stream: boolean,
): { output?: Buffer; edits: Edit[]; findings: Finding[]; refusedAt: Set<number> } {
  const text = input.toString('utf8')
  const found = new Map<PendingRewrite, { edit: Edit; offset: number } | { refused: string; offset: number }>()
  let base = 0
  for (const segment of rewriter ? DocumentSplitter.split(input) : []) {
    const length = decodedLength(segment)
    const mine = rewrites.filter((w) => segment.includes(w.name) && segment.includes(w.kind))
    // The parser holds about 60 bytes per input byte: a document beyond the general path's limit is not parsed.
    const large = segment.length > MAX_WHOLE_DOCUMENT
    const results = mine.length
      ? large
        ? mine.map(() => ({ refused: 'is in a document too large to parse', offset: 0 }))
        : rewriter!(segment.toString('utf8'), mine)
      : []
    for (const [i, r] of results.entries()) {
      if (!r) continue
      const offset = r.offset + base
      found.set(
        mine[i]!,
        'edit' in r ? { edit: { ...r.edit, start: r.edit.start + base, end: r.edit.end + base }, offset } : { ...r, offset },
      )
    }
    base += length
  }
  const added: Array<{ edit: Edit; by: number }> = []
  const findings: Finding[] = []
  const done: Array<Diagnostic & { by: number }> = []
  const refusedAt = new Set<number>()
  for (const w of rewrites) {
    const at = found.get(w)
    let why: string | undefined
    if (!rewriter) why = 'this run cannot write it'
    else if (!at) why = `no ${w.kind} ${w.name} is in ${path}`
    else if ('refused' in at) why = `it ${at.refused}`
    else if (stream && at.offset < w.refused.offset)
      why = 'a stream has written it before the TrafficSplit is read: convert the files instead'
    else if ([...edits, ...added.map((a) => a.edit)].some((e) => e.start < at.edit.end && at.edit.start < Math.max(e.end, e.start + 1)))
      why = 'another change of this run overlaps it'
    if (why || !at || 'refused' in at) {
      findings.push({ ...w.refused, message: `${w.refused.message} (${why})` })
      refusedAt.add(w.refused.offset)
    } else {
      added.push({ edit: at.edit, by: w.refused.offset })
      done.push({ ...w.done, offset: at.offset, by: w.refused.offset })
    }
  }
  // In a stream the replacing object of a refused rewrite stays as it is: none of its rewrites is made.
  const made = stream ? added.filter((a) => !refusedAt.has(a.by)) : added
  const said = (stream ? done.filter((d) => !refusedAt.has(d.by)) : done).map(({ by: _, ...d }) => d as Diagnostic)
  findings.push(...locateFindings(said, text, 1, path))
  const out = made.map((a) => a.edit)
  if (out.length === 0) return { edits: out, findings, refusedAt: stream ? refusedAt : new Set() }
  return { output: Buffer.from(splice(text, [...edits, ...out]), 'utf8'), edits: out, findings, refusedAt: stream ? refusedAt : new Set() }
}
