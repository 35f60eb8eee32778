/**
 * Finds YAML document boundaries in a byte buffer, incrementally, without decoding or
 * parsing anything.
 *
 * The YAML spec ends a document at any line that starts with `---` or `...` followed by a
 * space, a tab or a line break (the `c-forbidden` rule), even inside a quoted scalar. So a
 * cut before each `---` line and after each `...` line gives segments that parse on their
 * own exactly as they parse in the whole stream, and one broken document cannot swallow the next (which the `yaml`
 * package's own parser lets an unclosed quote do). Two refinements keep segments
 * self-contained: a `---` does not cut while the segment so far holds no content (only
 * comments, blank lines or `%` directives), so directives stay with the document
 * they apply to; and nothing is ever dropped or reordered: concatenating the segments gives
 * back the input byte for byte.
 *
 * Markers are ASCII and UTF-8 never uses ASCII bytes inside a multi-byte character, so the
 * search runs on raw bytes with Buffer#indexOf (native code). `BoundaryScanner` works on a
 * buffer the caller owns and returns positions, so the stream engine can pass bytes
 * through without copying them; `DocumentSplitter` wraps it for callers that want segments.
 *
 * A stream whose first non-blank byte is `{` (here: `{` then `"` or `}`, so that a Helm
 * template's `{{` or a YAML flow mapping stays YAML) is read by kubectl as JSON, not YAML
 * (apimachinery's YAMLOrJSONDecoder: json.Decoder, which takes any number of JSON values
 * one after the other, as `jq -c` or `kubectl get -o json | jq -c '.items[]'` print them).
 * Such a stream is cut after each top-level `{…}` value (with the rest of its line), so
 * each object is a document of its own; the first thing that is not an object ends JSON
 * mode and the rest is cut as YAML (kubectl stops reading there with a syntax error).
 */
import { BACKSLASH, CR, DASH, DOT, HASH, LBRACE, LF, QUOTE, RBRACE, SP, TAB } from './ascii.js'
import { findStem, type StemGroup } from './stems.js'

/**
 * The markers, searched as `---`/`...` preceded by a line break. Buffer#indexOf finds a short
 * needle by its first byte (memchr): `-` and `.` are ten times rarer in manifests than `\n`, so
 * searching `\n---` itself would stop at every line.
 */
const DASHES = Buffer.from('---')
const DOTS = Buffer.from('...')

/**
 * Caches the next occurrence of a needle so that repeated questions about a growing buffer
 * never search the same bytes twice (searching for a rare `\n...` from every segment start
 * would otherwise rescan the rest of the buffer each time). The needle is a byte string, or
 * a group of names searched by their stem (stems.ts).
 */
export class NeedleFinder {
  /** Result of the last search: a position, or -1 for none in [from, searchedTo). */
  private at = -1
  private from = 0
  private searchedTo = 0

  private readonly length: number

  /** With `afterLineBreak`, the needle counts only right after a '\n', and find returns that '\n'. */
  constructor(
    private readonly needle: Buffer | StemGroup,
    private readonly afterLineBreak = false,
  ) {
    this.length = (Buffer.isBuffer(needle) ? needle.length : needle.longest) + (afterLineBreak ? 1 : 0)
  }

  /** First occurrence at or after `from` within view[0, view.length), or -1. */
  find(view: Buffer, from: number): number {
    // Searches only move forward; a question about earlier bytes starts afresh.
    if (this.at >= from && from >= this.from) return this.at
    let start = from
    // Nothing was found up to searchedTo last time: only the new tail needs a look.
    if (this.at < 0 && from >= this.from) start = Math.max(from, this.searchedTo - this.length + 1)
    this.at = this.search(view, start)
    this.from = from
    this.searchedTo = view.length
    return this.at
  }

  private search(view: Buffer, start: number): number {
    const needle = this.needle
    if (!Buffer.isBuffer(needle)) return findStem(view, needle, start)
    if (!this.afterLineBreak) return view.indexOf(needle, start)
    for (let at = view.indexOf(needle, start + 1); at >= 0; at = view.indexOf(needle, at + 1)) if (view[at - 1] === LF) return at - 1
    return -1
  }

  /** Whether the needle occurs inside [start, end); it never spans a line break. */
  within(view: Buffer, start: number, end: number): boolean {
    const at = this.find(view, start)
    return at >= 0 && at < end
  }

  /** The caller dropped `n` bytes from the front of its buffer. */
  shift(n: number): void {
    if (this.at >= 0 && this.at < n) {
      // The cached hit was dropped: forget everything.
      this.at = -1
      this.from = 0
      this.searchedTo = 0
      return
    }
    if (this.at >= 0) this.at -= n
    this.from = Math.max(0, this.from - n)
    this.searchedTo = Math.max(0, this.searchedTo - n)
  }
}

export class BoundaryScanner {
  private readonly dashes = new NeedleFinder(DASHES, true)
  private readonly dots = new NeedleFinder(DOTS, true)
  /** Where the next marker search starts (a '\n' position may be re-examined). */
  private scan = 0
  /** Whether the current segment has content, once known. */
  private hasContent = false
  /** How far the content check has read (it only reads complete lines). */
  private contentScan = 0
  /** Whether the stream is JSON values (undefined until its first non-blank byte). */
  private json: boolean | undefined
  /** JSON mode: where the value scan has read to, and its state there. */
  private jsonScan = -1
  private depth = 0
  private inString = false
  private escaped = false

  /**
   * The end of the segment that starts at `start`, or -1 when the bytes so far cannot
   * decide it yet. With `final`, the end of the input counts as the end of the last line
   * (the rest of the buffer is then the last segment; -1 means no cut before it).
   */
  next(view: Buffer, start: number, final: boolean): number {
    if (this.json !== false) {
      const cut = this.nextJson(view, start, final)
      if (cut !== undefined) return cut
    }
    const len = view.length
    for (;;) {
      const dashes = this.dashes.find(view, this.scan)
      const dots = this.dots.find(view, this.scan)
      if (dashes < 0 && dots < 0) {
        this.scan = Math.max(start, len - DASHES.length)
        return -1
      }
      const isDots = dashes < 0 || (dots >= 0 && dots < dashes)
      const nl = isDots ? dots : dashes
      const marker = nl + 1
      const after = marker + 3
      if (after >= len && !final) {
        this.scan = nl // decide once the next byte is here
        return -1
      }
      const next = after < len ? view[after]! : LF
      // kubectl also cuts at `---#`: a comment may follow its marker without a space.
      const isMarker = next === SP || next === TAB || next === CR || next === LF || (next === HASH && !isDots)
      this.scan = nl + 1
      if (isMarker && isDots) {
        // `...` ends its document: the line stays with it and the cut follows the line.
        const eol = view.indexOf(LF, after)
        if (eol < 0 && !final) {
          this.scan = nl
          return -1
        }
        const cut = eol < 0 ? len : eol + 1
        this.startSegment(cut)
        // A `...` line right after this one is its own (empty) document, cut the same way.
        this.scan = cut - 1
        return cut
      }
      if (isMarker && this.contentBefore(view, start, marker)) {
        this.startSegment(marker)
        return marker
      }
    }
  }

  /**
   * JSON mode: the end of the value that starts at `start` (after blanks), with the blanks
   * and line break after it; -1 while it is incomplete; undefined once the stream turns out
   * not to be (or no longer to be) JSON values.
   */
  private nextJson(view: Buffer, start: number, final: boolean): number | undefined {
    const len = view.length
    if (this.jsonScan < start) {
      // A new value: find its first byte.
      let i = start
      while (i < len && isBlank(view[i]!)) i++
      if (i >= len) {
        if (this.json === undefined && !final) return -1
        if (this.json && !final) return -1
        this.json = false // blanks to the end: the rest is one segment
        return undefined
      }
      // A JSON object opens with a key (a string) or is empty; `{{` is a Helm template and
      // `{a: 1}` a YAML flow mapping, read as YAML as before (kubectl reads neither).
      let k = i + 1
      while (k < len && isBlank(view[k]!)) k++
      if (k >= len && !final && view[i] === LBRACE) return -1
      if (view[i] !== LBRACE || (view[k] !== QUOTE && view[k] !== RBRACE) || (this.json === undefined && start !== 0)) {
        // JSON values end here (or never started): YAML cutting goes on from `start`.
        if (this.json) this.startSegment(start)
        this.json = false
        return undefined
      }
      this.json = true
      this.jsonScan = i + 1
      this.depth = 1
      this.inString = false
      this.escaped = false
    }
    let i = this.jsonScan
    while (i < len && this.depth > 0) {
      const c = view[i++]!
      if (this.inString) {
        if (this.escaped) this.escaped = false
        else if (c === BACKSLASH) this.escaped = true
        else if (c === QUOTE) this.inString = false
        else if (c === LF) {
          // No JSON string holds a raw line break: not JSON after all.
          this.json = false
          this.jsonScan = -1
          this.startSegment(start)
          return undefined
        }
        continue
      }
      if (c === QUOTE) this.inString = true
      else if (c === LBRACE) this.depth++
      else if (c === RBRACE) this.depth--
    }
    this.jsonScan = i
    if (this.depth > 0) {
      if (!final) return -1
      this.json = false // an unclosed value: the rest is one segment
      this.jsonScan = -1
      return undefined
    }
    // The value's line goes with it when only blanks follow on it.
    let end = i
    while (end < len && (view[end] === SP || view[end] === TAB || view[end] === CR)) end++
    if (end >= len && !final) return -1
    if (end < len && view[end] === LF) end++
    else end = i
    this.jsonScan = -1
    this.startSegment(end)
    return end
  }

  /** Whether a document at absolute stream offset `abs` is read as JSON (by kubectl). */
  jsonAt(abs: number): boolean {
    return this.json === true || (this.json === undefined && abs === 0)
  }

  /** The caller read a JSON value itself (a List item by item): the stream is JSON values. */
  markJson(): void {
    this.json = true
    this.jsonScan = -1
  }

  /** A new segment starts at `at` (after a cut, or where the caller resumes scanning). */
  startSegment(at: number): void {
    this.scan = at
    this.hasContent = false
    this.contentScan = at
  }

  /** Scanning resumes at `at` inside a segment already known to have content. */
  resumeInContent(at: number): void {
    this.scan = at
    this.hasContent = true
    this.contentScan = at
  }

  /** The caller dropped `n` bytes from the front of its buffer. */
  shift(n: number): void {
    this.scan = Math.max(0, this.scan - n)
    this.contentScan = Math.max(0, this.contentScan - n)
    if (this.jsonScan >= 0) this.jsonScan = Math.max(0, this.jsonScan - n)
    this.dashes.shift(n)
    this.dots.shift(n)
  }

  /**
   * Whether the segment [start, end) has a line that is document content: not blank, not
   * a comment, not a `%` directive, not a bare `---`/`...` marker (optionally followed by a
   * comment). Usually decided on the first line or two; never re-reads a line.
   */
  private contentBefore(view: Buffer, start: number, end: number): boolean {
    if (this.hasContent) return true
    let pos = Math.max(start, this.contentScan)
    while (pos < end) {
      const eol = view.indexOf(LF, pos)
      const lineEnd = eol < 0 || eol >= end ? end : eol
      if (isContentLine(view, pos, lineEnd)) {
        this.hasContent = true
        return true
      }
      pos = lineEnd + 1
    }
    this.contentScan = end
    return false
  }
}

/** Cuts a byte stream into segments (copies), for callers that want whole segments. */
export class DocumentSplitter {
  private buf = Buffer.allocUnsafe(64 * 1024)
  private len = 0
  private readonly scanner = new BoundaryScanner()

  /** Adds bytes and returns the segments they complete. */
  push(chunk: Uint8Array): Buffer[] {
    if (this.len + chunk.length > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + chunk.length))
      this.buf.copy(bigger, 0, 0, this.len)
      this.buf = bigger
    }
    this.buf.set(chunk, this.len)
    this.len += chunk.length
    return this.cut(false)
  }

  /** Returns the rest of the input as the last segment (none if the input was empty). */
  end(): Buffer[] {
    const out = this.cut(true)
    if (this.len > 0) out.push(Buffer.from(this.buf.subarray(0, this.len)))
    this.len = 0
    return out
  }

  /** Splits a complete input at once. */
  static split(input: Uint8Array): Buffer[] {
    const s = new DocumentSplitter()
    return [...s.push(input), ...s.end()]
  }

  private cut(final: boolean): Buffer[] {
    const out: Buffer[] = []
    const view = this.buf.subarray(0, this.len)
    let start = 0
    for (let end = this.scanner.next(view, start, final); end >= 0; end = this.scanner.next(view, start, final)) {
      out.push(Buffer.from(view.subarray(start, end)))
      start = end
    }
    if (start > 0) {
      this.buf.copy(this.buf, 0, start, this.len)
      this.len -= start
      this.scanner.shift(start)
    }
    return out
  }
}

function isBlank(c: number): boolean {
  return c === SP || c === TAB || c === LF || c === CR
}

function isContentLine(b: Buffer, start: number, end: number): boolean {
  let i = start
  if (b[i] === 0xef && b[i + 1] === 0xbb && b[i + 2] === 0xbf) i += 3 // BOM
  if (b[i] === 0x25 /* % */) return false
  if (end - i >= 3 && isMarkerAt(b, i, end)) i += 3
  while (i < end && (b[i] === SP || b[i] === TAB || b[i] === CR)) i++
  return i < end && b[i] !== HASH
}

function isMarkerAt(b: Buffer, i: number, end: number): boolean {
  const c = b[i]
  if ((c !== DASH && c !== DOT) || b[i + 1] !== c || b[i + 2] !== c) return false
  const next = i + 3 < end ? b[i + 3] : LF
  return next === SP || next === TAB || next === CR || next === LF || (next === HASH && c === DASH)
}
