#!/usr/bin/env node
import { createRequire as __smiCreateRequire } from 'node:module'; const require = __smiCreateRequire(import.meta.url);
import {
  splice
} from "./chunk-K2WSAKCJ.js";

// src/pipeline/segment.ts
import { isUtf8 } from "node:buffer";
var NEEDLE = Buffer.from("TrafficSplit");
function isCandidate(segment) {
  return segment.indexOf(NEEDLE) >= 0;
}
async function loadConverter() {
  return (await import("./convert-IF4SSNI4.js")).convertSegment;
}
var SegmentProcessor = class {
  constructor(opts, path, converter) {
    this.opts = opts;
    this.path = path;
    this.converter = converter;
  }
  opts;
  path;
  /** 1-based line number at which the next segment starts. */
  line = 1;
  converter;
  process(segment) {
    const line = this.line;
    this.line += countNewlines(segment);
    if (!isCandidate(segment)) return { bytes: segment, findings: [], edits: [] };
    if (!isUtf8(segment)) {
      return { bytes: segment, edits: [], findings: [{
        severity: "error",
        code: "not-utf8",
        offset: 0,
        path: this.path,
        line,
        column: 1,
        message: "a document that mentions TrafficSplit is not valid UTF-8; left unchanged"
      }] };
    }
    if (!this.converter) throw new Error("internal error: converter not loaded for a candidate segment");
    const text = segment.toString("utf8");
    const { edits, findings } = this.converter(text, this.opts);
    const located = this.locateAll(findings, text, line);
    if (edits.length === 0) return { bytes: segment, findings: located, edits };
    return { bytes: Buffer.from(splice(text, edits), "utf8"), findings: located, edits };
  }
  /**
   * Adds path, line and column to findings. Line starts are indexed once per segment, so a
   * List dump with thousands of findings is not rescanned for each of them.
   */
  locateAll(findings, text, baseLine) {
    if (findings.length === 0) return findings;
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    const bom = baseLine === 1 && text.charCodeAt(0) === 65279 ? 1 : 0;
    return findings.map((f) => {
      const offset = Math.max(0, Math.min(f.offset, text.length - 1));
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = lo + hi + 1 >> 1;
        if (starts[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      const column = offset - starts[lo] + 1 - (lo === 0 ? bom : 0);
      return { ...f, path: this.path, line: baseLine + lo, column };
    });
  }
};
function countNewlines(b) {
  let n = 0;
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
  return n;
}

// src/pipeline/splitter.ts
var NL_DASHES = Buffer.from("\n---");
var NL_DOTS = Buffer.from("\n...");
var SP = 32;
var TAB = 9;
var CR = 13;
var LF = 10;
var DocumentSplitter = class _DocumentSplitter {
  buf = Buffer.allocUnsafe(64 * 1024);
  len = 0;
  /** Where the next boundary search starts (a '\n' position may be re-examined). */
  scan = 0;
  /** Whether the current segment (which starts at 0) has content, once known. */
  hasContent = false;
  /** How far the content check has read (it only reads complete lines). */
  contentScan = 0;
  /** Adds bytes and returns the segments they complete. */
  push(chunk) {
    this.append(chunk);
    return this.cut(false);
  }
  /** Returns the rest of the input as the last segment (none if the input was empty). */
  end() {
    const out = this.cut(true);
    if (this.len > 0) out.push(Buffer.from(this.buf.subarray(0, this.len)));
    this.len = 0;
    return out;
  }
  /** Splits a complete input at once. */
  static split(input) {
    const s = new _DocumentSplitter();
    return [...s.push(input), ...s.end()];
  }
  append(chunk) {
    if (this.len + chunk.length > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + chunk.length));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
  }
  cut(final) {
    const out = [];
    const view = this.buf.subarray(0, this.len);
    let start = 0;
    let dashes = view.indexOf(NL_DASHES, this.scan);
    let dots = view.indexOf(NL_DOTS, this.scan);
    while (dashes >= 0 || dots >= 0) {
      const isDots = dashes < 0 || dots >= 0 && dots < dashes;
      const nl = isDots ? dots : dashes;
      const marker = nl + 1;
      const after = marker + 3;
      if (after >= this.len && !final) {
        this.scan = nl;
        return this.compact(out, start);
      }
      const next = after < this.len ? view[after] : LF;
      const isMarker = next === SP || next === TAB || next === CR || next === LF;
      if (isMarker && isDots) {
        const eol = view.indexOf(LF, after);
        if (eol < 0 && !final) {
          this.scan = nl;
          return this.compact(out, start);
        }
        const cutAt = eol < 0 ? this.len : eol + 1;
        out.push(Buffer.from(view.subarray(start, cutAt)));
        start = cutAt;
        this.hasContent = false;
        this.contentScan = cutAt;
      } else if (isMarker && this.contentBefore(view, start, marker)) {
        out.push(Buffer.from(view.subarray(start, marker)));
        start = marker;
        this.hasContent = false;
        this.contentScan = marker;
      }
      if (isDots) dots = view.indexOf(NL_DOTS, Math.max(nl + 1, start - 1));
      else dashes = view.indexOf(NL_DASHES, Math.max(nl + 1, start - 1));
      if (dashes >= 0 && dashes < start - 1) dashes = view.indexOf(NL_DASHES, start - 1);
    }
    this.scan = Math.max(start, this.len - NL_DASHES.length + 1);
    return this.compact(out, start);
  }
  /** Drops emitted bytes from the buffer so that the current segment starts at 0 again. */
  compact(out, start) {
    if (start > 0) {
      this.buf.copy(this.buf, 0, start, this.len);
      this.len -= start;
      this.scan = Math.max(0, this.scan - start);
      this.contentScan -= start;
    }
    return out;
  }
  /**
   * Whether the segment [start, end) has a line that is document content: not blank, not
   * a comment, not a `%` directive, not a bare `---`/`...` marker (optionally followed by a
   * comment). Usually decided on the first line or two; never re-reads a line.
   */
  contentBefore(view, start, end) {
    if (this.hasContent) return true;
    let pos = Math.max(start, this.contentScan);
    while (pos < end) {
      const eol = view.indexOf(LF, pos);
      const lineEnd = eol < 0 || eol >= end ? end : eol;
      if (isContentLine(view, pos, lineEnd)) {
        this.hasContent = true;
        return true;
      }
      pos = lineEnd + 1;
    }
    this.contentScan = end;
    return false;
  }
};
function isContentLine(b, start, end) {
  let i = start;
  if (b[i] === 239 && b[i + 1] === 187 && b[i + 2] === 191) i += 3;
  if (b[i] === 37) return false;
  if (end - i >= 3 && isMarkerAt(b, i, end)) i += 3;
  while (i < end && (b[i] === SP || b[i] === TAB || b[i] === CR)) i++;
  return i < end && b[i] !== 35;
}
function isMarkerAt(b, i, end) {
  const c = b[i];
  if (c !== 45 && c !== 46 || b[i + 1] !== c || b[i + 2] !== c) return false;
  const next = i + 3 < end ? b[i + 3] : LF;
  return next === SP || next === TAB || next === CR || next === LF;
}

// src/pipeline/bytes.ts
function migrateBytes(input, opts, path, converter) {
  if (!isCandidate(input)) return { output: input, changed: false, findings: [] };
  const processor = new SegmentProcessor(opts, path, converter);
  const parts = [];
  const findings = [];
  let changed = false;
  for (const segment of DocumentSplitter.split(input)) {
    const r = processor.process(segment);
    parts.push(r.bytes);
    findings.push(...r.findings);
    if (r.edits.length > 0) changed = true;
  }
  return { output: changed ? Buffer.concat(parts) : input, changed, findings };
}

export {
  isCandidate,
  loadConverter,
  SegmentProcessor,
  DocumentSplitter,
  migrateBytes
};
