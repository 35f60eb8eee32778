/**
 * Splits a YAML byte stream into segments at document boundaries, incrementally, without
 * decoding or parsing anything.
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
 * search runs on raw bytes with Buffer#indexOf (native code). Memory is one growing buffer
 * holding the current segment, so it is bounded by the largest document.
 */

const NL_DASHES = Buffer.from('\n---')
const NL_DOTS = Buffer.from('\n...')
const SP = 0x20
const TAB = 0x09
const CR = 0x0d
const LF = 0x0a

export class DocumentSplitter {
  private buf = Buffer.allocUnsafe(64 * 1024)
  private len = 0
  /** Where the next boundary search starts (a '\n' position may be re-examined). */
  private scan = 0
  /** Whether the current segment (which starts at 0) has content, once known. */
  private hasContent = false
  /** How far the content check has read (it only reads complete lines). */
  private contentScan = 0

  /** Adds bytes and returns the segments they complete. */
  push(chunk: Uint8Array): Buffer[] {
    this.append(chunk)
    return this.cut(false)
  }

  /** Returns the rest of the input as the last segment (none if the input was empty). */
  end(): Buffer[] {
    const out = this.cut(true)
    // The last segment is handed over without a copy (the splitter is done with its
    // buffer): a 100 MB single-line document is then held once, not twice.
    if (this.len > 0) out.push(this.buf.subarray(0, this.len))
    this.buf = Buffer.alloc(0)
    this.len = 0
    return out
  }

  /** Splits a complete input at once. */
  static split(input: Uint8Array): Buffer[] {
    const s = new DocumentSplitter()
    return [...s.push(input), ...s.end()]
  }

  private append(chunk: Uint8Array): void {
    if (this.len + chunk.length > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + chunk.length))
      this.buf.copy(bigger, 0, 0, this.len)
      this.buf = bigger
    }
    this.buf.set(chunk, this.len)
    this.len += chunk.length
  }

  private cut(final: boolean): Buffer[] {
    const out: Buffer[] = []
    const view = this.buf.subarray(0, this.len)
    let start = 0 // start of the current segment within view
    let dashes = view.indexOf(NL_DASHES, this.scan)
    let dots = view.indexOf(NL_DOTS, this.scan)
    while (dashes >= 0 || dots >= 0) {
      const isDots = dashes < 0 || (dots >= 0 && dots < dashes)
      const nl = isDots ? dots : dashes
      const marker = nl + 1
      const after = marker + 3
      if (after >= this.len && !final) {
        this.scan = nl // decide once the next byte is here
        return this.compact(out, start)
      }
      const next = after < this.len ? view[after]! : LF
      const isMarker = next === SP || next === TAB || next === CR || next === LF
      if (isMarker && isDots) {
        // `...` ends its document: the line stays with it and the cut follows the line.
        const eol = view.indexOf(LF, after)
        if (eol < 0 && !final) {
          this.scan = nl
          return this.compact(out, start)
        }
        const cutAt = eol < 0 ? this.len : eol + 1
        out.push(Buffer.from(view.subarray(start, cutAt)))
        start = cutAt
        this.hasContent = false
        this.contentScan = cutAt
      } else if (isMarker && this.contentBefore(view, start, marker)) {
        out.push(Buffer.from(view.subarray(start, marker)))
        start = marker
        this.hasContent = false
        this.contentScan = marker
      }
      if (isDots) dots = view.indexOf(NL_DOTS, Math.max(nl + 1, start - 1))
      else dashes = view.indexOf(NL_DASHES, Math.max(nl + 1, start - 1))
      if (dashes >= 0 && dashes < start - 1) dashes = view.indexOf(NL_DASHES, start - 1)
    }
    this.scan = Math.max(start, this.len - NL_DASHES.length + 1)
    return this.compact(out, start)
  }

  /** Drops emitted bytes from the buffer so that the current segment starts at 0 again. */
  private compact(out: Buffer[], start: number): Buffer[] {
    if (start > 0) {
      this.buf.copy(this.buf, 0, start, this.len)
      this.len -= start
      this.scan = Math.max(0, this.scan - start)
      this.contentScan -= start
    }
    return out
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

function isContentLine(b: Buffer, start: number, end: number): boolean {
  let i = start
  if (b[i] === 0xef && b[i + 1] === 0xbb && b[i + 2] === 0xbf) i += 3 // BOM
  if (b[i] === 0x25 /* % */) return false
  if (end - i >= 3 && isMarkerAt(b, i, end)) i += 3
  while (i < end && (b[i] === SP || b[i] === TAB || b[i] === CR)) i++
  return i < end && b[i] !== 0x23 /* # */
}

function isMarkerAt(b: Buffer, i: number, end: number): boolean {
  const c = b[i]
  if ((c !== 0x2d && c !== 0x2e) || b[i + 1] !== c || b[i + 2] !== c) return false
  const next = i + 3 < end ? b[i + 3] : LF
  return next === SP || next === TAB || next === CR || next === LF
}
