// src/pipeline/ascii.ts
var TAB = 9;
var LF = 10;
var CR = 13;
var SP = 32;
var QUOTE = 34;
var HASH = 35;
var AMP = 38;
var STAR = 42;
var COMMA = 44;
var DASH = 45;
var DOT = 46;
var BACKSLASH = 92;
var LBRACKET = 91;
var RBRACKET = 93;
var LBRACE = 123;
var RBRACE = 125;

// src/pipeline/stems.ts
var STEM = 7;
function stemGroups(names) {
  const groups = /* @__PURE__ */ new Map();
  for (const n of names) {
    const key = n.subarray(0, STEM).toString("latin1");
    groups.set(key, [...groups.get(key) ?? [], n]);
  }
  return [...groups].map(([key, ns]) => ({ stem: Buffer.from(key, "latin1"), names: ns, longest: Math.max(...ns.map((n) => n.length)) }));
}
function findStem(b, g, from) {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  for (let at = buf.indexOf(g.stem, from); at >= 0; at = buf.indexOf(g.stem, at + 1)) if (nameAt(buf, g, at) > 0) return at;
  return -1;
}
function nameAt(b, g, at) {
  for (const n of g.names) if (bytesAt(b, n, at)) return n.length;
  return 0;
}
function bytesAt(b, s, at) {
  if (at < 0 || at + s.length > b.length) return false;
  for (let k = 0; k < s.length; k++) if (b[at + k] !== s[k]) return false;
  return true;
}

// src/pipeline/splitter.ts
var DASHES = Buffer.from("---");
var DOTS = Buffer.from("...");
var NeedleFinder = class {
  /** With `afterLineBreak`, the needle counts only right after a '\n', and find returns that '\n'. */
  constructor(needle, afterLineBreak = false) {
    this.needle = needle;
    this.afterLineBreak = afterLineBreak;
    this.length = (Buffer.isBuffer(needle) ? needle.length : needle.longest) + (afterLineBreak ? 1 : 0);
  }
  needle;
  afterLineBreak;
  /** Result of the last search: a position, or -1 for none in [from, searchedTo). */
  at = -1;
  from = 0;
  searchedTo = 0;
  length;
  /** First occurrence at or after `from` within view[0, view.length), or -1. */
  find(view, from) {
    if (this.at >= from && from >= this.from) return this.at;
    let start = from;
    if (this.at < 0 && from >= this.from) start = Math.max(from, this.searchedTo - this.length + 1);
    this.at = this.search(view, start);
    this.from = from;
    this.searchedTo = view.length;
    return this.at;
  }
  search(view, start) {
    const needle = this.needle;
    if (!Buffer.isBuffer(needle)) return findStem(view, needle, start);
    if (!this.afterLineBreak) return view.indexOf(needle, start);
    for (let at = view.indexOf(needle, start + 1); at >= 0; at = view.indexOf(needle, at + 1)) if (view[at - 1] === LF) return at - 1;
    return -1;
  }
  /** Whether the needle occurs inside [start, end); it never spans a line break. */
  within(view, start, end) {
    const at = this.find(view, start);
    return at >= 0 && at < end;
  }
  /** The caller dropped `n` bytes from the front of its buffer. */
  shift(n) {
    if (this.at >= 0 && this.at < n) {
      this.at = -1;
      this.from = 0;
      this.searchedTo = 0;
      return;
    }
    if (this.at >= 0) this.at -= n;
    this.from = Math.max(0, this.from - n);
    this.searchedTo = Math.max(0, this.searchedTo - n);
  }
};
var BoundaryScanner = class {
  dashes = new NeedleFinder(DASHES, true);
  dots = new NeedleFinder(DOTS, true);
  /** Where the next marker search starts (a '\n' position may be re-examined). */
  scan = 0;
  /** Whether the current segment has content, once known. */
  hasContent = false;
  /** How far the content check has read (it only reads complete lines). */
  contentScan = 0;
  /** Whether the stream is JSON values (undefined until its first non-blank byte). */
  json;
  /** JSON mode: where the value scan has read to, and its state there. */
  jsonScan = -1;
  depth = 0;
  inString = false;
  escaped = false;
  /**
   * The end of the segment that starts at `start`, or -1 when the bytes so far cannot
   * decide it yet. With `final`, the end of the input counts as the end of the last line
   * (the rest of the buffer is then the last segment; -1 means no cut before it).
   */
  next(view, start, final) {
    if (this.json !== false) {
      const cut = this.nextJson(view, start, final);
      if (cut !== void 0) return cut;
    }
    const len = view.length;
    for (; ; ) {
      const dashes = this.dashes.find(view, this.scan);
      const dots = this.dots.find(view, this.scan);
      if (dashes < 0 && dots < 0) {
        this.scan = Math.max(start, len - DASHES.length);
        return -1;
      }
      const isDots = dashes < 0 || dots >= 0 && dots < dashes;
      const nl = isDots ? dots : dashes;
      const marker = nl + 1;
      const after = marker + 3;
      if (after >= len && !final) {
        this.scan = nl;
        return -1;
      }
      const next = after < len ? view[after] : LF;
      const isMarker = next === SP || next === TAB || next === CR || next === LF || next === HASH && !isDots;
      this.scan = nl + 1;
      if (isMarker && isDots) {
        const eol = view.indexOf(LF, after);
        if (eol < 0 && !final) {
          this.scan = nl;
          return -1;
        }
        const cut = eol < 0 ? len : eol + 1;
        this.startSegment(cut);
        this.scan = cut - 1;
        return cut;
      }
      if (isMarker && this.contentBefore(view, start, marker)) {
        this.startSegment(marker);
        return marker;
      }
    }
  }
  /**
   * JSON mode: the end of the value that starts at `start` (after blanks), with the blanks
   * and line break after it; -1 while it is incomplete; undefined once the stream turns out
   * not to be (or no longer to be) JSON values.
   */
  nextJson(view, start, final) {
    const len = view.length;
    if (this.jsonScan < start) {
      let i2 = start;
      while (i2 < len && isBlank(view[i2])) i2++;
      if (i2 >= len) {
        if (this.json === void 0 && !final) return -1;
        if (this.json && !final) return -1;
        this.json = false;
        return void 0;
      }
      let k = i2 + 1;
      while (k < len && isBlank(view[k])) k++;
      if (k >= len && !final && view[i2] === LBRACE) return -1;
      if (view[i2] !== LBRACE || view[k] !== QUOTE && view[k] !== RBRACE || this.json === void 0 && start !== 0) {
        if (this.json) this.startSegment(start);
        this.json = false;
        return void 0;
      }
      this.json = true;
      this.jsonScan = i2 + 1;
      this.depth = 1;
      this.inString = false;
      this.escaped = false;
    }
    let i = this.jsonScan;
    while (i < len && this.depth > 0) {
      const c = view[i++];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) this.inString = false;
        else if (c === LF) {
          this.json = false;
          this.jsonScan = -1;
          this.startSegment(start);
          return void 0;
        }
        continue;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === LBRACE) this.depth++;
      else if (c === RBRACE) this.depth--;
    }
    this.jsonScan = i;
    if (this.depth > 0) {
      if (!final) return -1;
      this.json = false;
      this.jsonScan = -1;
      return void 0;
    }
    let end = i;
    while (end < len && (view[end] === SP || view[end] === TAB || view[end] === CR)) end++;
    if (end >= len && !final) return -1;
    if (end < len && view[end] === LF) end++;
    else end = i;
    this.jsonScan = -1;
    this.startSegment(end);
    return end;
  }
  /** Whether a document at absolute stream offset `abs` is read as JSON (by kubectl). */
  jsonAt(abs) {
    return this.json === true || this.json === void 0 && abs === 0;
  }
  /** The caller read a JSON value itself (a List item by item): the stream is JSON values. */
  markJson() {
    this.json = true;
    this.jsonScan = -1;
  }
  /** A new segment starts at `at` (after a cut, or where the caller resumes scanning). */
  startSegment(at) {
    this.scan = at;
    this.hasContent = false;
    this.contentScan = at;
  }
  /** Scanning resumes at `at` inside a segment already known to have content. */
  resumeInContent(at) {
    this.scan = at;
    this.hasContent = true;
    this.contentScan = at;
  }
  /** The caller dropped `n` bytes from the front of its buffer. */
  shift(n) {
    this.scan = Math.max(0, this.scan - n);
    this.contentScan = Math.max(0, this.contentScan - n);
    if (this.jsonScan >= 0) this.jsonScan = Math.max(0, this.jsonScan - n);
    this.dashes.shift(n);
    this.dots.shift(n);
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
var DocumentSplitter = class _DocumentSplitter {
  buf = Buffer.allocUnsafe(64 * 1024);
  len = 0;
  scanner = new BoundaryScanner();
  /** Adds bytes and returns the segments they complete. */
  push(chunk) {
    if (this.len + chunk.length > this.buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + chunk.length));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    this.buf.set(chunk, this.len);
    this.len += chunk.length;
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
  cut(final) {
    const out = [];
    const view = this.buf.subarray(0, this.len);
    let start = 0;
    for (let end = this.scanner.next(view, start, final); end >= 0; end = this.scanner.next(view, start, final)) {
      out.push(Buffer.from(view.subarray(start, end)));
      start = end;
    }
    if (start > 0) {
      this.buf.copy(this.buf, 0, start, this.len);
      this.len -= start;
      this.scanner.shift(start);
    }
    return out;
  }
};
function isBlank(c) {
  return c === SP || c === TAB || c === LF || c === CR;
}
function isContentLine(b, start, end) {
  let i = start;
  if (b[i] === 239 && b[i + 1] === 187 && b[i + 2] === 191) i += 3;
  if (b[i] === 37) return false;
  if (end - i >= 3 && isMarkerAt(b, i, end)) i += 3;
  while (i < end && (b[i] === SP || b[i] === TAB || b[i] === CR)) i++;
  return i < end && b[i] !== HASH;
}
function isMarkerAt(b, i, end) {
  const c = b[i];
  if (c !== DASH && c !== DOT || b[i + 1] !== c || b[i + 2] !== c) return false;
  const next = i + 3 < end ? b[i + 3] : LF;
  return next === SP || next === TAB || next === CR || next === LF || next === HASH && c === DASH;
}

// src/pipeline/escapes.ts
var HEX_DIGITS = { 120: 2, 117: 4, 85: 8 };
var NOT_ASCII = 0;
function spellsNameByEscape(b, groups) {
  const buf = Buffer.isBuffer(b) ? b : Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  const first = firstSpellingEscape(buf);
  if (first < 0) return false;
  const undone = undoEscapes(buf, first);
  return groups.some((g) => findStem(undone, g, 0) >= 0);
}
function firstSpellingEscape(b) {
  for (let at = b.indexOf(BACKSLASH); at >= 0; at = b.indexOf(BACKSLASH, at + 1)) {
    const c = b[at + 1];
    if (c === LF || c === CR || HEX_DIGITS[c] !== void 0) return at;
  }
  return -1;
}
function undoEscapes(b, from) {
  const out = Buffer.allocUnsafe(b.length);
  b.copy(out, 0, 0, from);
  let o = from;
  let i = from;
  while (i < b.length) {
    const next = b.indexOf(BACKSLASH, i);
    const end = next < 0 ? b.length : next;
    o += b.copy(out, o, i, end);
    i = end;
    if (i >= b.length) break;
    const c = b[i + 1];
    if (c === LF || c === CR && b[i + 2] === LF || c === CR) {
      i += c === CR && b[i + 2] === LF ? 3 : 2;
      while (b[i] === SP || b[i] === TAB) i++;
      continue;
    }
    const digits = c === void 0 ? void 0 : HEX_DIGITS[c];
    const code = digits === void 0 ? NaN : hexAt(b, i + 2, digits);
    if (Number.isNaN(code)) {
      out[o++] = BACKSLASH;
      i++;
      continue;
    }
    out[o++] = code < 128 ? code : NOT_ASCII;
    i += 2 + digits;
  }
  return out.subarray(0, o);
}
function hexAt(b, at, n) {
  if (at + n > b.length) return NaN;
  const text = b.toString("latin1", at, at + n);
  return /^[0-9a-f]+$/i.test(text) ? parseInt(text, 16) : NaN;
}
var TEXT_GROUPS = /* @__PURE__ */ new Map();
function mentionsKind(text, name) {
  return mentionsAny(text, [name]);
}
function mentionsAny(text, names) {
  if (names.some((n) => text.includes(n))) return true;
  if (!text.includes("\\")) return false;
  const key = names.join("\0");
  let groups = TEXT_GROUPS.get(key);
  if (!groups) TEXT_GROUPS.set(key, groups = stemGroups(names.map((n) => Buffer.from(n))));
  return spellsNameByEscape(Buffer.from(text), groups);
}

export {
  TAB,
  LF,
  CR,
  SP,
  QUOTE,
  HASH,
  AMP,
  STAR,
  COMMA,
  DASH,
  BACKSLASH,
  LBRACKET,
  RBRACKET,
  LBRACE,
  RBRACE,
  stemGroups,
  findStem,
  nameAt,
  bytesAt,
  NeedleFinder,
  BoundaryScanner,
  DocumentSplitter,
  spellsNameByEscape,
  mentionsKind,
  mentionsAny
};
