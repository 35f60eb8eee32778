/**
 * A `kind: List` dump taken item by item, so that a 50 MB `kubectl get -o yaml` document
 * does not have to be held (or parsed) whole.
 *
 * Recognised only in the layout kubectl prints: the document starts with
 * `apiVersion: v1\nitems:\n- ` (optionally after comment lines and `---`, lines may end in
 * CRLF), or in the layout kustomize and kpt print a KRM ResourceList in, `apiVersion:
 * config.kubernetes.io/v1\nkind: ResourceList\nitems:\n- `; items are the `- ` lines at
 * column 0, and the first other line at column 0 starts the wrapper's tail (`kind: List`,
 * `metadata:`…). Anything else takes the general path.
 *
 * Each candidate item goes through the general path's own entry point (the converter) as an
 * item: its bytes as they stand, the bytes before it on its first line (the dash, a JSON
 * List's bracket or comma) given as spaces, so it keeps its lines and columns, parses as it
 * does in the whole dump, and every per-object rule applies to it. The dump's bytes go to a
 * spool file, the edits are kept as byte patches, and at the end the wrapper (head + tail,
 * items left out) is read: if its kind makes the general path treat items as objects, the
 * patches apply. The wrapper itself also goes through the converter, so edits the general
 * path makes to a List's own keys are made here too. Every text given to the converter is
 * made of pieces of the dump (`Piece`), and its edits and findings are mapped back through
 * them, one way for items and the wrapper alike.
 *
 * Whenever the item-wise result might differ from the whole-document result, the document
 * is handed to the general path whole (memory then grows with it, as before): a candidate
 * item with an anchor or alias (`&`, `*`: it may be tied to other items), a candidate item
 * or a wrapper that is not valid YAML alone, bytes that are not UTF-8, an item that may end
 * inside a quoted scalar or a flow collection (open.ts: the next line at column 0 may be text
 * inside it). What is not checked
 * is the YAML validity of items that never mention TrafficSplit: like the pre-filter for
 * whole documents, such an item passes through unparsed, where the general path would
 * refuse to convert anything in a document with a syntax error anywhere.
 */
import { isUtf8 } from 'node:buffer'
import type { ConvertOptions, Edit, Finding, FindingCode, Located, ObjectFact } from '../model.js'
import type { Sink } from './sink.js'
import { type Conversion, countNewlines, isCandidate, locateFindings, type SegmentProcessor } from './segment.js'
import { DocumentSplitter } from './splitter.js'
import { Spool } from './spool.js'
import { mayEndOpen } from './open.js'
import { AMP, CR, DASH, HASH, LF, SP, STAR, TAB } from './ascii.js'

/** The findings locateSplits makes while reading; the general path reports them first. */
const NOTICE_CODES = new Set<FindingCode>(['no-api-version', 'near-miss-group', 'unknown-version'])

/** A line break and a tab: a line that starts with a tab. */
const LINE_TAB = Buffer.from('\n\t')

/**
 * A comment line that may be a suppression directive or a near miss of one (yaml/suppress.ts
 * reads both: `# smi-migrate: ignore <reason>`, `# SMI-MIGRATE: ignore`, `- # smi_migrate …`),
 * in any case, after a byte order mark or a List item's dash. Only a comment line is one: a
 * `smi-migrate` elsewhere (a KRM functionConfig's `name: smi-migrate`, the annotation
 * `smi-migrate.io/ignore`, which speaks for its own object only) reads nothing for other items.
 */
const COMMENT_MARKER = /^(?:\xef\xbb\xbf)?[ \t]*(?:-[ \t]+)*#[^\n]*smi[^\n]{0,3}migrat/im

/** Whether `bytes` may hold a directive or a near miss of one: a comment line that starts with the marker. */
function spellsDirective(bytes: Buffer): boolean {
  // Most items hold no `#` at all: one byte search, and no text is made of them.
  return bytes.includes(HASH) && COMMENT_MARKER.test(bytes.toString('latin1'))
}

/** The head of a KRM ResourceList (`smi-migrate krm`'s input, any KRM function's), before its `items:`. */
const RESOURCE_LIST = ['apiVersion: config.kubernetes.io/v1', 'kind: ResourceList'] as const

/** How far into a document its List head is looked for (comment lines before it included). */
const HEAD_LIMIT = 64 * 1024

/**
 * Where the List's items start if a document at `pos` opens in kubectl's layout; 0 if it
 * does not; undefined while too few bytes are in to tell. Before `apiVersion: v1` may come
 * blank and comment lines and one `---` line (a saved dump with a note on top); lines may
 * end in CRLF (a dump saved on Windows).
 */
export function matchListHead(view: Buffer, pos: number, final: boolean): number | undefined {
  const len = view.length
  let i = pos
  let marker = false
  let resourceList: boolean
  // Computed on every call, not only where a line is cut off (rare: at the end of a read), so
  // that the optimized code of this function and its callers does not deoptimize there.
  const undecidable = final || len - pos > HEAD_LIMIT
  for (;;) {
    if (i - pos > HEAD_LIMIT) return 0
    const nl = view.indexOf(LF, i)
    if (nl < 0) return undecidable ? 0 : undefined
    const end = lineEnd(view, i, nl)
    let j = i
    while (j < end && (view[j] === SP || view[j] === TAB)) j++
    if (j === end || view[j] === HASH) {
      i = nl + 1 // blank or comment
      continue
    }
    if (!marker && equals(view, i, end, '---')) {
      marker = true
      i = nl + 1
      continue
    }
    resourceList = equals(view, i, end, RESOURCE_LIST[0])
    if (!resourceList && !equals(view, i, end, 'apiVersion: v1')) return 0
    i = nl + 1
    break
  }
  if (resourceList) {
    // A KRM function's input as kustomize and kpt print it: its kind before its items.
    const kindEnd = view.indexOf(LF, i)
    if (kindEnd < 0) return final ? 0 : undefined
    if (!equals(view, i, lineEnd(view, i, kindEnd), RESOURCE_LIST[1])) return 0
    i = kindEnd + 1
  }
  const nl = view.indexOf(LF, i)
  if (nl < 0) return final ? 0 : undefined
  if (!equals(view, i, lineEnd(view, i, nl), 'items:')) return 0
  const at = nl + 1
  if (len < at + 2) return final ? 0 : undefined
  const dash = view[at]
  const next = view[at + 1]
  return dash === DASH && (next === SP || next === LF || next === CR) ? at : 0
}

/** The end of the line that starts at `start` and whose '\n' is at `nl`, without a CR before it. */
function lineEnd(view: Buffer, start: number, nl: number): number {
  return nl > start && view[nl - 1] === CR ? nl - 1 : nl
}

function equals(view: Buffer, start: number, end: number, s: string): boolean {
  if (end - start !== s.length) return false
  for (let k = 0; k < s.length; k++) if (view[start + k] !== s.charCodeAt(k)) return false
  return true
}

/** Replace `length` bytes at absolute stream offset `at` with `bytes`. */
interface Patch {
  at: number
  length: number
  bytes: Buffer
}

/**
 * A stretch of the dump given to the converter: `text` (decoded) starts at absolute byte
 * `abs`, on 1-based line `line`, at `column` (0-based: the bytes before it on that line are
 * given to the converter as spaces).
 */
interface Piece {
  text: string
  abs: number
  line: number
  column: number
}

/** The converter's text: the pieces one after another, each after its column's spaces. */
function joined(pieces: readonly Piece[]): { text: string; starts: number[] } {
  let text = ''
  const starts: number[] = []
  for (const p of pieces) {
    text += ' '.repeat(p.column)
    starts.push(text.length)
    text += p.text
  }
  return { text, starts }
}

/** The piece an offset of the joined text starts in (the last one at a boundary), or -1. */
function pieceAt(starts: readonly number[], pieces: readonly Piece[], offset: number): number {
  for (let k = starts.length - 1; k >= 0; k--) {
    if (offset >= starts[k]!) return offset <= starts[k]! + pieces[k]!.text.length ? k : -1
  }
  return -1
}

/** Edits of the joined text as byte patches; undefined if one falls outside a piece or across two. */
function patchesOf(edits: readonly Edit[], pieces: readonly Piece[], starts: readonly number[]): Patch[] | undefined {
  const out: Patch[] = []
  // The new texts of all the edits in one Buffer, each patch a view of it: Buffer.from costs
  // microseconds a call, and an item of a 10,000-item List has an edit or three.
  const all = Buffer.from(edits.map((e) => e.text).join(''), 'utf8')
  let from = 0
  for (const e of edits) {
    const k = pieceAt(starts, pieces, e.start)
    if (k < 0 || e.end < e.start || e.end > starts[k]! + pieces[k]!.text.length) return undefined
    const { text, abs } = pieces[k]!
    const start = e.start - starts[k]!
    const end = e.end - starts[k]!
    const at = abs + Buffer.byteLength(text.slice(0, start))
    const length = Buffer.byteLength(e.text)
    out.push({ at, length: Buffer.byteLength(text.slice(start, end)), bytes: all.subarray(from, from + length) })
    from += length
  }
  return out
}

/** Findings (or objects) of the joined text with the path, line and column they have in the dump. */
function locatedIn<T extends { offset: number }>(
  found: readonly T[],
  pieces: readonly Piece[],
  starts: readonly number[],
  path: string,
): Array<T & Located> {
  const out: Array<T & Located> = []
  if (found.length === 0) return out
  for (const [k, p] of pieces.entries()) {
    const end = k + 1 < pieces.length ? starts[k + 1]! - pieces[k + 1]!.column : Infinity
    // One piece (a List item) holds them all; Object.assign rather than spreads, which cost
    // microseconds a finding on Node 20 (pipeline/segment.ts locateFindings says so too).
    const mine =
      pieces.length === 1 ? found : found.filter((f) => f.offset >= (k === 0 ? -Infinity : starts[k]! - p.column) && f.offset < end)
    const local = mine.map((f) => Object.assign({}, f, { offset: Math.max(0, f.offset - starts[k]!) }))
    for (const f of locateFindings(local, p.text, p.line, path)) {
      if (f.line === p.line) f.column += p.column
      out.push(f)
    }
  }
  return out
}

export interface ListResult {
  findings: Finding[]
  changed: boolean
}

export class ListDocument {
  private readonly store = new Spool()
  /** The items' named objects, handed to the processor when the List is done item by item. */
  private readonly objects: Array<ObjectFact & Located> = []
  private readonly patches: Patch[] = []
  private readonly notices: Finding[] = []
  private readonly others: Finding[] = []
  private candidates = 0
  /** Items so far (their index in the List, for messages). */
  private items = 0
  /** Set when only the whole-document path can be trusted with this document. */
  private fallback = false

  /** `json`: a `kubectl get -o json` List; its items are JSON values, converted in a one-item JSON List. */
  constructor(
    private readonly head: Buffer,
    private readonly startAbs: number,
    private readonly startLine: number,
    private readonly opts: ConvertOptions,
    private readonly path: string,
    private readonly json = false,
  ) {}

  /** The column of absolute offset `abs` on the head's last line (0 if that is not known). */
  columnAfterHead(abs: number): number {
    const lastLine = this.head.lastIndexOf(LF) + 1
    const column = abs - this.startAbs - lastLine
    return column >= 0 && abs - this.startAbs <= this.head.length + 4096 ? column : 0
  }

  /** Whether `bytes` (or the List's head) may hold a suppression directive that the run reads. */
  private directives(bytes: Buffer): boolean {
    this.headDirective ??= spellsDirective(this.head)
    return !this.opts.noIgnore && (this.headDirective || spellsDirective(bytes))
  }
  private headDirective: boolean | undefined

  /** Not a List this path can take item by item: finish() converts the whole document. */
  invalidate(): void {
    this.fallback = true
  }

  /** The List's bytes after the head, in order, up to the tail. */
  spool(bytes: Uint8Array): void {
    this.store.write(bytes)
  }

  /**
   * One item, at absolute offset `abs`, starting at `column` of its line; a candidate comes
   * with the conversion and its line (a YAML item starts with its dash, at column 0).
   */
  addItem(item: Buffer, abs: number, line: number, conversion: Conversion | undefined, column = 0): void {
    const index = this.items++
    if (conversion) this.candidates++
    if (this.fallback) return
    // A `# smi-migrate:` directive may stand above another item, or speak for the whole List
    // (docs/suppressions.md): only the whole document shows what it is above.
    if (this.directives(item)) {
      this.fallback = true
      return
    }
    if (!isUtf8(item)) {
      this.fallback = true
      return
    }
    // A JSON item that is not JSON (a broken dump), candidate or not: the whole document goes
    // to the general path, which reads it as the file path does and says where it breaks.
    if (this.json && !isJson(item)) {
      this.fallback = true
      return
    }
    // An item that may be no object (a scalar, a sequence): kubectl decodes none of the List,
    // and the general path refuses it so (convert/list-items.ts).
    if (mayBeNoObject(item, this.json)) {
      this.fallback = true
      return
    }
    // An item that may have no kind of its own (an apiVersion alone fails the file in kubectl, and
    // the general path refuses it so, convert/list-items.ts): only the whole List shows it.
    if (mayBeKindless(item, this.json)) {
      this.fallback = true
      return
    }
    // An item that may end inside a quoted scalar or a flow collection: the next `- ` line at
    // column 0 may be text inside it (kubectl reads it so), not an item.
    if (!this.json && mayEndOpen(item)) {
      this.fallback = true
      return
    }
    if (!conversion) return
    // A line that starts with a tab: read alone, an item written as a flow collection
    // (`- {…}`) stands at the top, where go-yaml minds no tab's column; in the List it stands in
    // the items' block sequence, where a plain weight written over a quoted one would run into
    // a tab at column 0 and kubectl refuse it (edit/plain.ts). The whole document shows that.
    if (!this.json && item.includes(LINE_TAB)) {
      this.fallback = true
      return
    }
    // JSON has no anchors (an `&` or `*` in a JSON item is inside a string).
    if (!this.json && (item.includes(AMP) || item.includes(STAR))) {
      this.fallback = true
      return
    }
    // A YAML item's dash is given as a space: the item is read as the mapping it holds.
    const piece: Piece = this.json
      ? { text: item.toString('utf8'), abs, line, column }
      : { text: item.toString('utf8', 1), abs: abs + 1, line, column: 1 }
    const pieces = [piece]
    const { text, starts } = joined(pieces)
    const r = conversion.convert(text, this.opts, index)
    if (r.findings.some((f) => f.code === 'invalid-yaml')) {
      this.fallback = true
      return
    }
    const patches = patchesOf(r.edits, pieces, starts)
    if (!patches) {
      this.fallback = true
      return
    }
    for (const p of patches) this.patches.push(p)
    for (const o of locatedIn(r.objects, pieces, starts, this.path)) this.objects.push(o)
    for (const f of locatedIn(r.findings, pieces, starts, this.path)) (NOTICE_CODES.has(f.code) ? this.notices : this.others).push(f)
  }

  /** Whether finish() needs the conversion loaded. */
  needs(tail: Buffer): boolean {
    return this.fallback || this.mentionsSplits(tail)
  }

  /**
   * Writes the whole List (head, spooled items, `tail`) to the sink with the edits that
   * apply, and returns its findings in the order the general path gives them.
   */
  finish(
    tail: Buffer,
    tailAbs: number,
    tailLine: number,
    processor: SegmentProcessor,
    conversion: Conversion | undefined,
    sink: Sink,
  ): ListResult {
    try {
      if (this.startAbs + this.head.length + this.store.size !== tailAbs) throw new Error('internal error: List spool out of step')
      if (this.fallback || (this.candidates > 0 && this.directives(tail))) return this.whole(tail, processor, sink)
      if (!this.mentionsSplits(tail)) {
        this.copyOut(tail, tailAbs, [], sink)
        return { findings: [], changed: false }
      }
      if (!conversion) throw new Error('internal error: List finished before the conversion was loaded')
      if (!isUtf8(tail) || !isUtf8(this.head)) return this.whole(tail, processor, sink)
      const pieces: Piece[] = [
        { text: this.head.toString('utf8'), abs: this.startAbs, line: this.startLine, column: 0 },
        { text: tail.toString('utf8'), abs: tailAbs, line: tailLine, column: 0 },
      ]
      const { text, starts } = joined(pieces)
      const info = conversion.inspectList(text)
      if (!info.valid) return this.whole(tail, processor, sink)
      const items = info.isList
      // The wrapper's own edits and findings (a List's own keys), mapped back to head and tail;
      // its server fields go once an item converts.
      const w = conversion.convert(text, this.opts)
      const own = items && this.patches.length > 0 && w.listStrip ? [...w.edits, ...w.listStrip] : w.edits
      const wrapperPatches = patchesOf(own, pieces, starts)
      if (!wrapperPatches) return this.whole(tail, processor, sink)
      const located = locatedIn(w.findings, pieces, starts, this.path)
      const findings = [
        ...located.filter((f) => NOTICE_CODES.has(f.code)),
        ...(items ? this.notices : []),
        ...located.filter((f) => !NOTICE_CODES.has(f.code)),
        ...(items ? this.others : []),
      ]
      const patches = [...wrapperPatches, ...(items ? this.patches : [])]
      if (items) for (const o of this.objects) processor.objects.push(o)
      this.copyOut(tail, tailAbs, patches, sink)
      return { findings, changed: patches.length > 0 }
    } finally {
      this.store.close()
    }
  }

  private mentionsSplits(tail: Buffer): boolean {
    return this.candidates > 0 || isCandidate(this.head) || isCandidate(tail)
  }

  /** The general path on the whole document (read back from the spool). */
  /**
   * The List to the general path, cut as the file path cuts it: a broken JSON dump may be
   * two values to the splitter (its scanner ends a value where the braces balance), and each
   * is then refused where it is broken, as in file mode.
   */
  private whole(tail: Buffer, processor: SegmentProcessor, sink: Sink): ListResult {
    const findings: Finding[] = []
    let changed = false
    let line = this.startLine
    for (const segment of DocumentSplitter.split(Buffer.concat([this.head, this.store.readAll(), tail]))) {
      const r = processor.processAt(segment, line)
      sink(r.bytes)
      for (const f of r.findings) findings.push(f)
      changed ||= r.edits.length > 0
      line += countNewlines(segment)
    }
    return { findings, changed }
  }

  private copyOut(tail: Buffer, tailAbs: number, patches: Patch[], sink: Sink): void {
    const out = new PatchingWriter(
      patches.sort((a, b) => a.at - b.at),
      sink,
    )
    out.write(this.head, this.startAbs)
    const spoolAbs = this.startAbs + this.head.length
    this.store.readBack((bytes, offset) => out.write(bytes, spoolAbs + offset))
    out.write(tail, tailAbs)
  }
}

/** Writes pieces of a byte stream to a sink, replacing the patched ranges on the way. */
class PatchingWriter {
  private next = 0
  private skipTo = 0

  constructor(
    private readonly patches: Patch[],
    private readonly sink: Sink,
  ) {}

  write(bytes: Uint8Array, abs: number): void {
    const end = abs + bytes.length
    let pos = abs
    while (pos < end) {
      if (pos < this.skipTo) {
        pos = Math.min(end, this.skipTo)
        continue
      }
      const p = this.patches[this.next]
      if (!p || p.at >= end) {
        this.sink(bytes.subarray(pos - abs))
        return
      }
      if (p.at > pos) this.sink(bytes.subarray(pos - abs, p.at - abs))
      this.sink(p.bytes)
      this.skipTo = p.at + p.length
      this.next++
      pos = Math.max(pos, p.at)
    }
  }
}

/**
 * Whether a List item may lack a `kind` of its own: a YAML item without `kind:` at its keys'
 * column (the dash's line or a line at column 2), a JSON item without a `"kind"` key at all.
 * Over-approximated (a `kind` nested deeper in a JSON item counts): such an item sends its
 * List to the general path, which reads it exactly.
 */
function mayBeKindless(item: Buffer, json: boolean): boolean {
  if (json) return !item.includes('"kind"')
  return !(item.includes('\n  kind:') || item.subarray(0, 7).toString('latin1') === '- kind:')
}

function isJson(item: Buffer): boolean {
  try {
    JSON.parse(item.toString('utf8'))
    return true
  } catch {
    return false
  }
}

/**
 * Whether a List item (its bytes, a YAML item from its dash) may be something other than an
 * object or null: a JSON item that does not open with `{` (nor is `null`), a YAML item whose
 * first line is not a `key:` of a mapping (a scalar, a quoted string, a sequence, a block
 * scalar, a tag, an anchor or alias, a comment). Over-approximated: such an item sends its List
 * to the general path, which reads it exactly.
 */
function mayBeNoObject(item: Buffer, json: boolean): boolean {
  const head = item.toString('utf8', 0, Math.min(item.length, 512))
  if (json) return !/^\s*(?:\{|null\b)/.test(head)
  const first = /^-[ \t]*([^\r\n]*)/.exec(head)?.[1] ?? ''
  if (first.startsWith('{')) return false
  return /^[[\-|>!&*#'"?%@`]/.test(first) || !/:(?:[ \t]|$)/.test(first)
}
