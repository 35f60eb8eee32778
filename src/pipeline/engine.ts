/**
 * The streaming engine: bytes in, converted bytes out, with no per-document copies.
 *
 * Input lands in one buffer (callers read straight into it with `space`/`commit`). The
 * boundary scanner finds document cuts in place; runs of documents that never spell
 * `TrafficSplit` are handed to the sink as views of that buffer, one call per run, without
 * being decoded or copied. Only candidate documents are decoded, parsed and spliced. A
 * `kind: List` dump in the layout `kubectl get -o yaml` prints is taken item by item
 * (list.ts), so memory stays bounded even though the whole dump is one document.
 *
 * The engine is synchronous, and so is everything it does with a document. Before it
 * converts the first one that needs the lazily loaded half (the converter and the reader of
 * a List's wrapper: `Conversion`), `drain` returns true, with nothing of that document done;
 * the driver (stream.ts) loads it, hands it over with `load`, and drains again. A stream
 * whose documents all pass through (the pre-filter, toplevel.ts) never loads it.
 */
import type { ConvertOptions, Finding, GivenOptions } from '../model.js'
import { withVersions } from '../kinds/versions.js'
import { binaryFinding, sniffWide, WideScanner, wideFinding } from './encoding.js'
import { endOfValueLine, isJsonBlank, JsonValueScan, matchJsonListHead } from './json.js'
import { ListDocument, matchListHead } from './list.js'
import { ACTION, type Conversion, MAX_WHOLE_DOCUMENT, mentionsTemplatedGroup, NAME_STEMS, SegmentProcessor } from './segment.js'
import { passThroughLines } from './toplevel.js'
import { spellsNameByEscape } from './escapes.js'
import { linkFindings } from '../kinds/links.js'
import { BoundaryScanner, NeedleFinder } from './splitter.js'
import { COMMA, CR, DASH, HASH, LF, RBRACKET, SP, TAB } from './ascii.js'
import type { Sink } from './sink.js'

export interface EngineSummary {
  findings: Finding[]
  changed: boolean
  /** The most input bytes held at once (one read plus the unfinished document or List item). */
  peakBuffer: number
}

export class StreamEngine {
  private buf = Buffer.allocUnsafe(1 << 20)
  private len = 0
  /** Absolute stream offset of buf[0]. */
  private base = 0
  /** Start of the current, still undecided segment (or List item). */
  private pos = 0
  /** Start of pass-through bytes not yet handed to the sink. */
  private passFrom = 0
  /** The end found for the current segment, kept while the engine waits for the conversion. */
  private cut = -1
  private headCheckedAt = -1
  /** 1-based line number at buffer position `linesTo`. */
  private line = 1
  private linesTo = 0
  private final = false
  private readonly scanner = new BoundaryScanner()
  private readonly needles = NAME_STEMS.map((g) => new NeedleFinder(g))
  /** Template actions, searched once through the input like the names (a List has many items). */
  private readonly action = new NeedleFinder(ACTION)
  private readonly backslash = new NeedleFinder(Buffer.from('\\'))
  private readonly processor: SegmentProcessor

  /** List mode: the dump being taken item by item, where its items are scanned, its tail. */
  private list: ListDocument | undefined
  private listScan = 0
  private tailStart = -1
  /** List bytes before this buffer position are already in the spool. */
  private spooledTo = 0
  /** A `kubectl get -o json` List: the item (or, in the tail, the List object) being scanned. */
  private jsonList = false
  private jv: JsonValueScan | undefined
  /**
   * The commas between the last JSON item (or the `[`) and the next: one between two items,
   * none before the first or the `]`. Anything else is broken JSON, which only the general
   * path refuses where it breaks, as file mode does (a missing or doubled comma, a stray value).
   */
  private jsonCommas = 0
  private jsonItems = 0

  /**
   * A UTF-16/32 stream (told by its first four bytes): copied through unchanged while it is
   * searched for TrafficSplit in its own encoding, never decoded (see encoding.ts).
   */
  private wide: WideScanner | undefined
  private sniffed = false
  private wideReported = false

  /** The lazily loaded half, once loaded (load()). */
  private conversion: Conversion | undefined
  /** Set when drain() stops for the conversion. */
  private waiting = false
  readonly summary: EngineSummary = { findings: [], changed: false, peakBuffer: 0 }

  /** With keepFindings false, findings only go to onFinding (memory stays flat on long streams). */
  private readonly opts: ConvertOptions

  constructor(
    opts: GivenOptions,
    private readonly path: string,
    private readonly sink: Sink,
    private readonly onFinding: (f: Finding) => void = () => {},
    private readonly keepFindings = true,
  ) {
    this.opts = withVersions(opts)
    this.processor = new SegmentProcessor(this.opts, path)
  }

  /** Hands over the lazily loaded half the engine stopped for (drain() returned true). */
  load(conversion: Conversion): void {
    this.conversion = conversion
    this.processor.converter = conversion.convert
  }

  /** A writable view of at least `min` free bytes at the end of the buffer; fill it, then commit. */
  space(min: number): Buffer {
    if (this.buf.length - this.len < min) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + min))
      this.buf.copy(bigger, 0, 0, this.len)
      this.buf = bigger
    }
    return this.buf.subarray(this.len)
  }

  commit(n: number): void {
    this.len += n
    if (this.len > this.summary.peakBuffer) this.summary.peakBuffer = this.len
  }

  /** Marks the end of the input; drain() then processes the rest. */
  end(): void {
    this.final = true
  }

  /**
   * Processes every complete segment in the buffer (all of it after end()). True when it
   * stopped before a document that needs the conversion: load() it and drain again.
   */
  drain(): boolean {
    this.waiting = false
    if (!this.sniffed) {
      if (this.len < 4 && !this.final) return false
      this.sniffed = true
      const enc = sniffWide(this.buf.subarray(0, Math.min(4, this.len)))
      if (enc) this.wide = new WideScanner(enc)
    }
    if (this.wide) {
      this.drainWide()
      return false
    }
    const view = this.buf.subarray(0, this.len)
    // One call per document: a method called this often is optimized early in the stream,
    // where a loop over a whole read would run unoptimized until its next call.
    while (!this.waiting && this.step(view));
    if (!this.list) this.flush(view, this.pos)
    this.compact(view)
    return this.waiting
  }

  /** One document (or one step through a List). False when it needs more bytes or the conversion. */
  private step(view: Buffer): boolean {
    if (this.list) return this.jsonList ? this.stepJsonList(view) : this.stepList(view)
    if (this.headCheckedAt !== this.pos) {
      let headEnd = matchListHead(view, this.pos, this.final)
      // Undefined (not enough bytes to tell) is tested first: comparing it with a number
      // would throw the optimized code of this method away at the end of every read.
      if (headEnd === undefined) return false
      const json = headEnd === 0 && this.scanner.jsonAt(this.base + this.pos)
      if (json) headEnd = matchJsonListHead(view, this.pos, this.final)
      if (headEnd === undefined) return false // not enough bytes to tell
      this.headCheckedAt = this.pos
      if (headEnd > 0) {
        this.enterList(view, headEnd, json)
        return true
      }
    }
    let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.pos, this.final)
    if (end < 0) {
      if (!this.final || this.pos >= this.len) return false
      end = this.len
    }
    this.cut = end
    if (this.isCandidateAt(view, this.pos, end) && !this.passedThrough(view, end)) {
      if (!this.conversion) {
        this.waiting = true
        return false
      }
      this.flush(view, this.pos)
      const r = this.processor.processAt(view.subarray(this.pos, end), this.lineAt(view, this.pos), true)
      this.sink(r.bytes)
      this.passFrom = end
      this.report(r.findings, r.edits.length > 0)
    }
    this.pos = end
    this.cut = -1
    return true
  }

  /** A List dump's head ends at headEnd: its items are taken one by one from there. */
  private enterList(view: Buffer, headEnd: number, json: boolean): void {
    this.flush(view, this.pos)
    this.jsonList = json
    this.jv = undefined
    this.jsonCommas = this.jsonItems = 0
    this.list = new ListDocument(
      Buffer.from(view.subarray(this.pos, headEnd)),
      this.base + this.pos,
      this.lineAt(view, this.pos),
      this.opts,
      this.path,
      json,
    )
    this.pos = this.spooledTo = this.listScan = headEnd
    this.passFrom = headEnd
    this.tailStart = -1
  }

  /**
   * One step through a List dump: finds the next item boundary (a `- ` line at column 0)
   * or the first other line at column 0 (the wrapper's tail: `kind: List`, `metadata:`…),
   * then the document's end. Returns false when it needs more bytes or the conversion.
   */
  private stepList(view: Buffer): boolean {
    const list = this.list!
    const len = view.length
    if (this.tailStart < 0) {
      let nl = view.indexOf(LF, this.listScan)
      // The item's continuation lines (indented, comment or blank) are passed over here, not a
      // step each: a ResourceList of 10,000 items has 150,000 of them.
      while (nl >= 0 && (nl + 2 < len || (nl + 2 === len && this.final)) && isContinuation(view[nl + 1]!)) nl = view.indexOf(LF, nl + 1)
      let at: number // start of the next column-0 line that ends the current item
      let isItem = false
      if (nl < 0 || nl + 2 > len || (nl + 2 === len && !this.final)) {
        if (!this.final) {
          this.listScan = nl < 0 ? len : nl
          return false
        }
        at = len // the input ends inside the items
      } else {
        at = nl + 1
        const c = view[at]!
        const next = at + 1 < len ? view[at + 1]! : LF
        isItem = c === DASH && (next === SP || next === LF || next === CR)
      }
      if (!this.takeItem(view, this.pos, at, list)) {
        this.listScan = nl < 0 ? len : nl // come back to the same line
        return false
      }
      this.pos = at
      this.listScan = at
      if (!isItem) {
        this.tailStart = at
        // The tail's first line may itself be a `---`/`...` marker: let the scanner see its '\n'.
        this.scanner.resumeInContent(at - 1)
      }
      return true
    }
    // From the '\n' before the tail, which the scanner must be free to re-read.
    let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.tailStart - 1, this.final)
    if (end < 0) {
      if (!this.final) return false
      end = len
    }
    this.cut = end
    if (!this.finishList(view, list, end)) return false
    if (end === len && this.final) this.scanner.startSegment(end)
    return true
  }

  /**
   * One step through a `kubectl get -o json` List: the next item (a JSON value after blanks
   * and a comma), or, at the `]` that closes the items, the List object's end (with the rest
   * of its line). Returns false when it needs more bytes or the conversion.
   */
  private stepJsonList(view: Buffer): boolean {
    const list = this.list!
    const len = view.length
    if (this.tailStart < 0) {
      if (!this.jv) {
        let i = this.listScan
        for (; i < len && (isJsonBlank(view[i]!) || view[i] === COMMA); i++) if (view[i] === COMMA) this.jsonCommas++
        this.listScan = i
        if (i >= len && !this.final) return false
        const closes = i >= len || view[i] === RBRACKET
        if (this.jsonCommas !== (closes || this.jsonItems === 0 ? 0 : 1)) list.invalidate()
        this.jsonCommas = 0
        if (closes) {
          // The items end (or the input does, inside them: the wrapper is then invalid and
          // the whole document goes to the general path).
          this.tailStart = i >= len ? this.pos : i
          this.jv = i >= len ? undefined : new JsonValueScan(i + 1, 1)
          if (i >= len) this.cut = len
          return true
        }
        this.jv = new JsonValueScan(i)
        this.jsonItems++
      }
      const start = this.jv.start
      let end = this.jv.run(view, this.final)
      if (end < 0) return false
      if (end <= start) {
        // A byte no JSON value starts with (a stray `}`): not a List after all. The scan steps
        // over it, and the whole document goes to the general path, which says what is wrong.
        list.invalidate()
        end = start + 1
      }
      const candidate = this.isCandidateAt(view, start, end)
      if (candidate && !this.conversion) {
        this.waiting = true
        return false
      }
      // The item's column (for the columns of its findings): its line may start in the head.
      const nl = start > 0 ? view.lastIndexOf(LF, start - 1) : -1
      const column = nl >= 0 ? start - nl - 1 : list.columnAfterHead(this.base + start)
      list.addItem(
        view.subarray(start, end),
        this.base + start,
        candidate ? this.lineAt(view, start) : 0,
        candidate ? this.conversion : undefined,
        column,
      )
      this.jv = undefined
      this.pos = this.listScan = end
      return true
    }
    let end = this.cut
    if (end < 0) {
      const close = this.jv!.run(view, this.final)
      if (close < 0) return false
      end = endOfValueLine(view, close, this.final)
      if (end < 0) return false
      this.cut = end
    }
    if (!this.finishList(view, list, end)) return false
    this.jsonList = false
    this.jv = undefined
    this.scanner.startSegment(end)
    this.scanner.markJson()
    return true
  }

  /**
   * Ends the List whose tail runs from tailStart to `end` (YAML and JSON layouts alike): writes
   * it out with its patches and reports its findings. False when the conversion is needed first.
   */
  private finishList(view: Buffer, list: ListDocument, end: number): boolean {
    this.spoolUpTo(view, this.tailStart)
    const tail = view.subarray(this.tailStart, end)
    if (!this.conversion && list.needs(tail)) {
      this.waiting = true
      return false
    }
    const r = list.finish(tail, this.base + this.tailStart, this.lineAt(view, this.tailStart), this.processor, this.conversion, this.sink)
    this.report(r.findings, r.changed)
    this.list = undefined
    this.pos = this.passFrom = end
    this.cut = -1
    this.tailStart = -1
    return true
  }

  /**
   * Whether [start, end) may hold a TrafficSplit: the same test as isCandidate (segment.ts),
   * with the common needle found through the cached finder.
   */
  private isCandidateAt(view: Buffer, start: number, end: number): boolean {
    for (const n of this.needles) if (n.within(view, start, end)) return true
    if (this.action.within(view, start, end) && mentionsTemplatedGroup(view.subarray(start, end))) return true
    // A name spelled by escapes (escapes.ts): looked for only in a document with a backslash.
    return this.backslash.within(view, start, end) && spellsNameByEscape(view.subarray(start, end), NAME_STEMS)
  }

  /**
   * Whether the candidate document [pos, end) passes through after all (toplevel.ts). Its
   * lines are then counted by that test, which reads them all, not again by lineAt.
   */
  private passedThrough(view: Buffer, end: number): boolean {
    const lines = passThroughLines(view.subarray(this.pos, end), MAX_WHOLE_DOCUMENT)
    if (lines < 0) return false
    if (this.linesTo <= this.pos) {
      this.lineAt(view, this.pos)
      this.line += lines
      this.linesTo = end
    }
    return true
  }

  /** Hands List item [start, end) to the List; false if the conversion is needed first. */
  private takeItem(view: Buffer, start: number, end: number, list: ListDocument): boolean {
    if (end <= start) return true
    const item = view.subarray(start, end)
    const candidate = this.isCandidateAt(view, start, end)
    if (candidate && !this.conversion) {
      this.waiting = true
      return false
    }
    list.addItem(item, this.base + start, candidate ? this.lineAt(view, start) : 0, candidate ? this.conversion : undefined)
    return true
  }

  private drainWide(): void {
    const wide = this.wide!
    const bytes = this.buf.subarray(0, this.len)
    wide.push(bytes)
    if (bytes.length) this.sink(bytes)
    this.base += this.len
    this.len = 0
    if (!this.final || this.wideReported) return
    this.wideReported = true
    // NULs in the first bytes but an odd length: not UTF-16/32 after all, so binary (the NUL
    // that decided it is on the first line).
    this.report([wide.aligned ? wideFinding(wide, this.path) : binaryFinding(Buffer.alloc(1), 0, Boolean(wide.found), this.path)], false)
  }

  /** After the last byte: the checks across the stream's documents (kinds/links.ts). */
  finish(): void {
    this.report(linkFindings(this.processor.objects), false)
  }

  private report(findings: Finding[], changed: boolean): void {
    if (changed) this.summary.changed = true
    for (const f of findings) {
      if (this.keepFindings) this.summary.findings.push(f)
      this.onFinding(f)
    }
  }

  /** Hands pass-through bytes [passFrom, upTo) to the sink in one call. */
  private flush(view: Buffer, upTo: number): void {
    if (upTo > this.passFrom) this.sink(view.subarray(this.passFrom, upTo))
    this.passFrom = upTo
  }

  private spoolUpTo(view: Buffer, upTo: number): void {
    if (upTo > this.spooledTo) this.list!.spool(view.subarray(this.spooledTo, upTo))
    this.spooledTo = Math.max(this.spooledTo, upTo)
  }

  /** The line number at buffer position p (p never moves backwards). */
  private lineAt(view: Buffer, p: number): number {
    for (let i = view.indexOf(LF, this.linesTo); i >= 0 && i < p; i = view.indexOf(LF, i + 1)) this.line++
    this.linesTo = Math.max(this.linesTo, p)
    return this.line
  }

  /** Drops the bytes every reader is done with, so the buffer holds one segment or item. */
  private compact(view: Buffer): void {
    // Outside a List, everything before pos has been handed to the sink (flush).
    let drop = this.pos
    if (this.list) {
      this.spoolUpTo(view, this.tailStart >= 0 ? this.tailStart : this.pos)
      // Keep the '\n' before the tail: the scanner looks for "\n---" there.
      drop = this.tailStart >= 0 ? this.tailStart - 1 : this.pos
    }
    if (drop <= 0) return
    this.lineAt(view, drop)
    this.buf.copy(this.buf, 0, drop, this.len)
    this.len -= drop
    this.base += drop
    this.pos -= drop
    this.passFrom = Math.max(0, this.passFrom - drop)
    this.linesTo -= drop
    this.headCheckedAt -= drop
    if (this.cut >= 0) this.cut -= drop
    this.listScan = Math.max(0, this.listScan - drop)
    if (this.tailStart >= 0) this.tailStart -= drop
    this.spooledTo = Math.max(0, this.spooledTo - drop)
    this.jv?.shift(drop)
    this.scanner.shift(drop)
    for (const n of this.needles) n.shift(drop)
    this.action.shift(drop)
    this.backslash.shift(drop)
  }
}

/** The first byte of a line that continues a List item: indented, a comment or blank. */
function isContinuation(c: number): boolean {
  return c === SP || c === TAB || c === HASH || c === LF || c === CR
}
