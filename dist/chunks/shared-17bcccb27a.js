import {
  linkFindings
} from "./shared-5e4676b2ba.js";
import {
  migrateBytes
} from "./shared-2bc75f1796.js";
import {
  ACTION,
  MAX_WHOLE_DOCUMENT,
  NAME_STEMS,
  SegmentProcessor,
  WideScanner,
  binaryFinding,
  countNewlines,
  isCandidate,
  loadConversion,
  loadConverter,
  loadRewriter,
  locateFindings,
  mentionsTemplatedGroup,
  passThroughLines,
  runOptions,
  sniffWide,
  wideFinding
} from "./shared-c4ee163c72.js";
import {
  AMP,
  BACKSLASH,
  BoundaryScanner,
  COMMA,
  CR,
  DASH,
  DocumentSplitter,
  HASH,
  LBRACE,
  LBRACKET,
  LF,
  NeedleFinder,
  QUOTE,
  RBRACE,
  RBRACKET,
  SP,
  STAR,
  TAB,
  spellsNameByEscape
} from "./shared-f775291102.js";
import {
  withVersions
} from "./shared-e2b5701804.js";

// src/pipeline/stream.ts
import { once } from "node:events";
import { readSync as readSync2, writeSync as writeSync2 } from "node:fs";

// src/pipeline/json.ts
function isJsonBlank(c) {
  return c === SP || c === TAB || c === LF || c === CR;
}
var JsonValueScan = class {
  /** A value that starts at `start`, or (with `depth`) the inside of a collection already open. */
  constructor(start, depth = 0) {
    this.start = start;
    this.at = start;
    if (depth > 0) {
      this.kind = "nest";
      this.depth = depth;
    }
  }
  start;
  depth = 0;
  inString = false;
  escaped = false;
  kind;
  end = -1;
  at;
  /** The end of the value (exclusive), or -1 until more bytes are in. */
  run(view, final) {
    if (this.end < 0) this.end = this.scan(view, final);
    return this.end;
  }
  scan(view, final) {
    const len = view.length;
    let i = this.at;
    if (this.kind === void 0) {
      if (i >= len) return final ? len : -1;
      const c = view[i];
      if (c === LBRACE || c === LBRACKET) {
        this.kind = "nest";
        this.depth = 1;
        i++;
      } else if (c === QUOTE) {
        this.kind = "string";
        this.inString = true;
        i++;
      } else {
        this.kind = "scalar";
      }
    }
    if (this.kind === "scalar") {
      while (i < len) {
        const c = view[i];
        if (c === COMMA || c === RBRACKET || c === RBRACE || isJsonBlank(c)) return this.at = i;
        i++;
      }
      this.at = i;
      return final ? len : -1;
    }
    while (i < len) {
      const c = view[i++];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === BACKSLASH) this.escaped = true;
        else if (c === QUOTE) {
          this.inString = false;
          if (this.kind === "string") return this.at = i;
        }
        continue;
      }
      if (c === QUOTE) this.inString = true;
      else if (c === LBRACE || c === LBRACKET) this.depth++;
      else if (c === RBRACE || c === RBRACKET) {
        if (--this.depth === 0) return this.at = i;
      }
    }
    this.at = i;
    return final ? len : -1;
  }
  shift(n) {
    this.start -= n;
    this.at -= n;
    if (this.end >= 0) this.end -= n;
  }
};
var HEAD_LIMIT = 4096;
function matchJsonListHead(view, pos, final) {
  const parts = ["{", '"apiVersion"', ":", '"v1"', ",", '"items"', ":", "[", "{"];
  let i = pos;
  for (const [n, part] of parts.entries()) {
    while (i < view.length && isJsonBlank(view[i]) && i - pos < HEAD_LIMIT) i++;
    if (i - pos >= HEAD_LIMIT) return 0;
    const have = Math.min(part.length, view.length - i);
    if (view.toString("latin1", i, i + have) !== part.slice(0, have)) return 0;
    if (have < part.length) return final ? 0 : void 0;
    if (n === parts.length - 1) return i;
    i += part.length;
  }
  return 0;
}
function endOfValueLine(view, end, final) {
  let i = end;
  while (i < view.length && (view[i] === SP || view[i] === TAB || view[i] === CR)) i++;
  if (i >= view.length) return final ? i : -1;
  return view[i] === LF ? i + 1 : end;
}

// src/pipeline/list.ts
import { isUtf8 } from "node:buffer";

// src/pipeline/spool.ts
import { closeSync, mkdtempSync, openSync, readSync, rmdirSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
var Spool = class {
  fd = -1;
  memory;
  size = 0;
  write(bytes) {
    if (this.fd < 0 && !this.memory) this.open();
    if (this.memory) {
      this.memory.push(Buffer.from(bytes));
      this.size += bytes.length;
      return;
    }
    let done = 0;
    while (done < bytes.length) done += writeSync(this.fd, bytes, done, bytes.length - done, this.size + done);
    this.size += bytes.length;
  }
  /** Calls `each` with the spooled bytes in order, in views of one reused buffer. */
  readBack(each) {
    if (this.size === 0) return;
    if (this.memory) {
      let offset = 0;
      for (const part of this.memory) {
        each(part, offset);
        offset += part.length;
      }
      return;
    }
    const buf = Buffer.allocUnsafe(Math.min(this.size, 1 << 20));
    for (let pos = 0; pos < this.size; ) {
      const n = readSync(this.fd, buf, 0, Math.min(buf.length, this.size - pos), pos);
      if (n <= 0) throw new Error("internal error: spool file shorter than written");
      each(buf.subarray(0, n), pos);
      pos += n;
    }
  }
  /** Everything spooled, in one buffer (the general path needs the whole document). */
  readAll() {
    const all = Buffer.allocUnsafe(this.size);
    this.readBack((bytes, offset) => bytes.copy(all, offset));
    return all;
  }
  close() {
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
    this.memory = void 0;
    this.size = 0;
  }
  open() {
    let dir;
    try {
      dir = mkdtempSync(join(tmpdir(), "smi-migrate-"));
    } catch {
      this.memory = [];
      return;
    }
    const file = join(dir, "list.spool");
    try {
      this.fd = openSync(file, "wx+", 384);
    } catch {
      this.memory = [];
    } finally {
      try {
        unlinkSync(file);
      } catch {
      }
      rmdirSync(dir);
    }
  }
};

// src/pipeline/open.ts
var DQUOTE = 34;
var SQUOTE = 39;
var BACKSLASH2 = 92;
var COLON = 58;
var COMMA2 = 44;
var QUESTION = 63;
var PIPE = 124;
var GT = 62;
var BANG = 33;
var AMP2 = 38;
var LBRACKET2 = 91;
var RBRACKET2 = 93;
var LBRACE2 = 123;
var RBRACE2 = 125;
function mayEndOpen(item) {
  const s = { quote: 0, flow: 0, block: -1 };
  let i = 0;
  while (i < item.length) {
    let end = item.indexOf(LF, i);
    if (end < 0) end = item.length;
    scanLine(item, i, end, s);
    i = end + 1;
  }
  return s.quote !== 0 || s.flow > 0;
}
var SPECIAL = new Uint8Array(256);
for (const c of [
  SP,
  TAB,
  CR,
  LF,
  HASH,
  DQUOTE,
  SQUOTE,
  PIPE,
  GT,
  DASH,
  QUESTION,
  COLON,
  BANG,
  AMP2,
  LBRACKET2,
  LBRACE2,
  RBRACKET2,
  RBRACE2,
  COMMA2
])
  SPECIAL[c] = 1;
var isSpace = (c) => c === SP || c === TAB || c === CR || c === LF || c === void 0;
function scanLine(b, start, end, s) {
  let i = start;
  if (s.quote === 0 && s.flow === 0) {
    while (i < end && (b[i] === SP || b[i] === TAB)) i++;
    if (i === end || b[i] === CR) return;
    if (s.block >= 0) {
      if (i - start > s.block) return;
      s.block = -1;
    }
  }
  let atStart = s.quote === 0;
  let node = i - start;
  for (; i < end; i++) {
    const c = b[i];
    if (s.quote !== 0) {
      if (c !== s.quote && c !== BACKSLASH2) {
        while (i + 1 < end && b[i + 1] !== s.quote && b[i + 1] !== BACKSLASH2) i++;
        continue;
      }
      if (s.quote === DQUOTE && c === BACKSLASH2) i++;
      else if (c === s.quote) {
        if (c === SQUOTE && b[i + 1] === SQUOTE) i++;
        else {
          s.quote = 0;
          atStart = false;
        }
      }
      continue;
    }
    if (SPECIAL[c] === 0) {
      if (atStart && s.flow === 0) node = i - start;
      atStart = false;
      while (i + 1 < end && SPECIAL[b[i + 1]] === 0) i++;
      continue;
    }
    if (c === SP || c === TAB || c === CR) continue;
    const before = i === start ? SP : b[i - 1];
    if (c === HASH && isSpace(before)) return;
    if (atStart && (c === DQUOTE || c === SQUOTE)) {
      s.quote = c;
      continue;
    }
    if (s.flow === 0 && atStart && (c === PIPE || c === GT)) {
      s.block = node;
      return;
    }
    if ((c === DASH || c === QUESTION) && atStart && s.flow === 0 && isSpace(b[i + 1])) {
      node = i - start;
      continue;
    }
    if (c === COLON && (isSpace(b[i + 1]) || s.flow > 0)) {
      atStart = true;
      continue;
    }
    if (atStart && (c === BANG || c === AMP2)) {
      while (i + 1 < end && !isSpace(b[i + 1])) i++;
      continue;
    }
    if (c === LBRACKET2 || c === LBRACE2) {
      if (atStart || s.flow > 0) {
        s.flow++;
        atStart = true;
        continue;
      }
    } else if ((c === RBRACKET2 || c === RBRACE2) && s.flow > 0) {
      s.flow--;
      atStart = false;
      continue;
    } else if (c === COMMA2 && s.flow > 0) {
      atStart = true;
      continue;
    }
    if (atStart && s.flow === 0) node = i - start;
    atStart = false;
  }
}

// src/pipeline/list.ts
var NOTICE_CODES = /* @__PURE__ */ new Set(["no-api-version", "near-miss-group", "unknown-version"]);
var LINE_TAB = Buffer.from("\n	");
var COMMENT_MARKER = /^(?:\xef\xbb\xbf)?[ \t]*(?:-[ \t]+)*#[^\n]*smi[^\n]{0,3}migrat/im;
function spellsDirective(bytes) {
  return bytes.includes(HASH) && COMMENT_MARKER.test(bytes.toString("latin1"));
}
var RESOURCE_LIST = ["apiVersion: config.kubernetes.io/v1", "kind: ResourceList"];
var HEAD_LIMIT2 = 64 * 1024;
function matchListHead(view, pos, final) {
  const len = view.length;
  let i = pos;
  let marker = false;
  let resourceList;
  const undecidable = final || len - pos > HEAD_LIMIT2;
  for (; ; ) {
    if (i - pos > HEAD_LIMIT2) return 0;
    const nl2 = view.indexOf(LF, i);
    if (nl2 < 0) return undecidable ? 0 : void 0;
    const end = lineEnd(view, i, nl2);
    let j = i;
    while (j < end && (view[j] === SP || view[j] === TAB)) j++;
    if (j === end || view[j] === HASH) {
      i = nl2 + 1;
      continue;
    }
    if (!marker && equals(view, i, end, "---")) {
      marker = true;
      i = nl2 + 1;
      continue;
    }
    resourceList = equals(view, i, end, RESOURCE_LIST[0]);
    if (!resourceList && !equals(view, i, end, "apiVersion: v1")) return 0;
    i = nl2 + 1;
    break;
  }
  if (resourceList) {
    const kindEnd = view.indexOf(LF, i);
    if (kindEnd < 0) return final ? 0 : void 0;
    if (!equals(view, i, lineEnd(view, i, kindEnd), RESOURCE_LIST[1])) return 0;
    i = kindEnd + 1;
  }
  const nl = view.indexOf(LF, i);
  if (nl < 0) return final ? 0 : void 0;
  if (!equals(view, i, lineEnd(view, i, nl), "items:")) return 0;
  const at = nl + 1;
  if (len < at + 2) return final ? 0 : void 0;
  const dash = view[at];
  const next = view[at + 1];
  return dash === DASH && (next === SP || next === LF || next === CR) ? at : 0;
}
function lineEnd(view, start, nl) {
  return nl > start && view[nl - 1] === CR ? nl - 1 : nl;
}
function equals(view, start, end, s) {
  if (end - start !== s.length) return false;
  for (let k = 0; k < s.length; k++) if (view[start + k] !== s.charCodeAt(k)) return false;
  return true;
}
function joined(pieces) {
  let text = "";
  const starts = [];
  for (const p of pieces) {
    text += " ".repeat(p.column);
    starts.push(text.length);
    text += p.text;
  }
  return { text, starts };
}
function pieceAt(starts, pieces, offset) {
  for (let k = starts.length - 1; k >= 0; k--) {
    if (offset >= starts[k]) return offset <= starts[k] + pieces[k].text.length ? k : -1;
  }
  return -1;
}
function patchesOf(edits, pieces, starts) {
  const out = [];
  const all = Buffer.from(edits.map((e) => e.text).join(""), "utf8");
  let from = 0;
  for (const e of edits) {
    const k = pieceAt(starts, pieces, e.start);
    if (k < 0 || e.end < e.start || e.end > starts[k] + pieces[k].text.length) return void 0;
    const { text, abs } = pieces[k];
    const start = e.start - starts[k];
    const end = e.end - starts[k];
    const at = abs + Buffer.byteLength(text.slice(0, start));
    const length = Buffer.byteLength(e.text);
    out.push({ at, length: Buffer.byteLength(text.slice(start, end)), bytes: all.subarray(from, from + length) });
    from += length;
  }
  return out;
}
function locatedIn(found, pieces, starts, path) {
  const out = [];
  if (found.length === 0) return out;
  for (const [k, p] of pieces.entries()) {
    const end = k + 1 < pieces.length ? starts[k + 1] - pieces[k + 1].column : Infinity;
    const mine = pieces.length === 1 ? found : found.filter((f) => f.offset >= (k === 0 ? -Infinity : starts[k] - p.column) && f.offset < end);
    const local = mine.map((f) => Object.assign({}, f, { offset: Math.max(0, f.offset - starts[k]) }));
    for (const f of locateFindings(local, p.text, p.line, path)) {
      if (f.line === p.line) f.column += p.column;
      out.push(f);
    }
  }
  return out;
}
var ListDocument = class {
  /** `json`: a `kubectl get -o json` List; its items are JSON values, converted in a one-item JSON List. */
  constructor(head, startAbs, startLine, opts, path, json = false) {
    this.head = head;
    this.startAbs = startAbs;
    this.startLine = startLine;
    this.opts = opts;
    this.path = path;
    this.json = json;
  }
  head;
  startAbs;
  startLine;
  opts;
  path;
  json;
  store = new Spool();
  /** The items' named objects, handed to the processor when the List is done item by item. */
  objects = [];
  patches = [];
  notices = [];
  others = [];
  candidates = 0;
  /** Items so far (their index in the List, for messages). */
  items = 0;
  /** Set when only the whole-document path can be trusted with this document. */
  fallback = false;
  /** The column of absolute offset `abs` on the head's last line (0 if that is not known). */
  columnAfterHead(abs) {
    const lastLine = this.head.lastIndexOf(LF) + 1;
    const column = abs - this.startAbs - lastLine;
    return column >= 0 && abs - this.startAbs <= this.head.length + 4096 ? column : 0;
  }
  /** Whether `bytes` (or the List's head) may hold a suppression directive that the run reads. */
  directives(bytes) {
    this.headDirective ??= spellsDirective(this.head);
    return !this.opts.noIgnore && (this.headDirective || spellsDirective(bytes));
  }
  headDirective;
  /** Not a List this path can take item by item: finish() converts the whole document. */
  invalidate() {
    this.fallback = true;
  }
  /** The List's bytes after the head, in order, up to the tail. */
  spool(bytes) {
    this.store.write(bytes);
  }
  /**
   * One item, at absolute offset `abs`, starting at `column` of its line; a candidate comes
   * with the conversion and its line (a YAML item starts with its dash, at column 0).
   */
  addItem(item, abs, line, conversion, column = 0) {
    const index = this.items++;
    if (conversion) this.candidates++;
    if (this.fallback) return;
    if (this.directives(item)) {
      this.fallback = true;
      return;
    }
    if (!isUtf8(item)) {
      this.fallback = true;
      return;
    }
    if (this.json && !isJson(item)) {
      this.fallback = true;
      return;
    }
    if (mayBeNoObject(item, this.json)) {
      this.fallback = true;
      return;
    }
    if (mayBeKindless(item, this.json)) {
      this.fallback = true;
      return;
    }
    if (!this.json && mayEndOpen(item)) {
      this.fallback = true;
      return;
    }
    if (!conversion) return;
    if (!this.json && item.includes(LINE_TAB)) {
      this.fallback = true;
      return;
    }
    if (!this.json && (item.includes(AMP) || item.includes(STAR))) {
      this.fallback = true;
      return;
    }
    const piece = this.json ? { text: item.toString("utf8"), abs, line, column } : { text: item.toString("utf8", 1), abs: abs + 1, line, column: 1 };
    const pieces = [piece];
    const { text, starts } = joined(pieces);
    const r = conversion.convert(text, this.opts, index);
    if (r.findings.some((f) => f.code === "invalid-yaml")) {
      this.fallback = true;
      return;
    }
    const patches = patchesOf(r.edits, pieces, starts);
    if (!patches) {
      this.fallback = true;
      return;
    }
    for (const p of patches) this.patches.push(p);
    for (const o of locatedIn(r.objects, pieces, starts, this.path)) this.objects.push(o);
    for (const f of locatedIn(r.findings, pieces, starts, this.path)) (NOTICE_CODES.has(f.code) ? this.notices : this.others).push(f);
  }
  /** Whether finish() needs the conversion loaded. */
  needs(tail) {
    return this.fallback || this.mentionsSplits(tail);
  }
  /**
   * Writes the whole List (head, spooled items, `tail`) to the sink with the edits that
   * apply, and returns its findings in the order the general path gives them.
   */
  finish(tail, tailAbs, tailLine, processor, conversion, sink) {
    try {
      if (this.startAbs + this.head.length + this.store.size !== tailAbs) throw new Error("internal error: List spool out of step");
      if (this.fallback || this.candidates > 0 && this.directives(tail)) return this.whole(tail, processor, sink);
      if (!this.mentionsSplits(tail)) {
        this.copyOut(tail, tailAbs, [], sink);
        return { findings: [], changed: false };
      }
      if (!conversion) throw new Error("internal error: List finished before the conversion was loaded");
      if (!isUtf8(tail) || !isUtf8(this.head)) return this.whole(tail, processor, sink);
      const pieces = [
        { text: this.head.toString("utf8"), abs: this.startAbs, line: this.startLine, column: 0 },
        { text: tail.toString("utf8"), abs: tailAbs, line: tailLine, column: 0 }
      ];
      const { text, starts } = joined(pieces);
      const info = conversion.inspectList(text);
      if (!info.valid) return this.whole(tail, processor, sink);
      const items = info.isList;
      const w = conversion.convert(text, this.opts);
      const own = items && this.patches.length > 0 && w.listStrip ? [...w.edits, ...w.listStrip] : w.edits;
      const wrapperPatches = patchesOf(own, pieces, starts);
      if (!wrapperPatches) return this.whole(tail, processor, sink);
      const located = locatedIn(w.findings, pieces, starts, this.path);
      const findings = [
        ...located.filter((f) => NOTICE_CODES.has(f.code)),
        ...items ? this.notices : [],
        ...located.filter((f) => !NOTICE_CODES.has(f.code)),
        ...items ? this.others : []
      ];
      const patches = [...wrapperPatches, ...items ? this.patches : []];
      if (items) for (const o of this.objects) processor.objects.push(o);
      this.copyOut(tail, tailAbs, patches, sink);
      return { findings, changed: patches.length > 0 };
    } finally {
      this.store.close();
    }
  }
  mentionsSplits(tail) {
    return this.candidates > 0 || isCandidate(this.head) || isCandidate(tail);
  }
  /** The general path on the whole document (read back from the spool). */
  /**
   * The List to the general path, cut as the file path cuts it: a broken JSON dump may be
   * two values to the splitter (its scanner ends a value where the braces balance), and each
   * is then refused where it is broken, as in file mode.
   */
  whole(tail, processor, sink) {
    const findings = [];
    let changed = false;
    let line = this.startLine;
    for (const segment of DocumentSplitter.split(Buffer.concat([this.head, this.store.readAll(), tail]))) {
      const r = processor.processAt(segment, line);
      sink(r.bytes);
      for (const f of r.findings) findings.push(f);
      changed ||= r.edits.length > 0;
      line += countNewlines(segment);
    }
    return { findings, changed };
  }
  copyOut(tail, tailAbs, patches, sink) {
    const out = new PatchingWriter(
      patches.sort((a, b) => a.at - b.at),
      sink
    );
    out.write(this.head, this.startAbs);
    const spoolAbs = this.startAbs + this.head.length;
    this.store.readBack((bytes, offset) => out.write(bytes, spoolAbs + offset));
    out.write(tail, tailAbs);
  }
};
var PatchingWriter = class {
  constructor(patches, sink) {
    this.patches = patches;
    this.sink = sink;
  }
  patches;
  sink;
  next = 0;
  skipTo = 0;
  write(bytes, abs) {
    const end = abs + bytes.length;
    let pos = abs;
    while (pos < end) {
      if (pos < this.skipTo) {
        pos = Math.min(end, this.skipTo);
        continue;
      }
      const p = this.patches[this.next];
      if (!p || p.at >= end) {
        this.sink(bytes.subarray(pos - abs));
        return;
      }
      if (p.at > pos) this.sink(bytes.subarray(pos - abs, p.at - abs));
      this.sink(p.bytes);
      this.skipTo = p.at + p.length;
      this.next++;
      pos = Math.max(pos, p.at);
    }
  }
};
function mayBeKindless(item, json) {
  if (json) return !item.includes('"kind"');
  return !(item.includes("\n  kind:") || item.subarray(0, 7).toString("latin1") === "- kind:");
}
function isJson(item) {
  try {
    JSON.parse(item.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}
function mayBeNoObject(item, json) {
  const head = item.toString("utf8", 0, Math.min(item.length, 512));
  if (json) return !/^\s*(?:\{|null\b)/.test(head);
  const first = /^-[ \t]*([^\r\n]*)/.exec(head)?.[1] ?? "";
  if (first.startsWith("{")) return false;
  return /^[[\-|>!&*#'"?%@`]/.test(first) || !/:(?:[ \t]|$)/.test(first);
}

// src/pipeline/engine.ts
var StreamEngine = class {
  constructor(opts, path, sink, onFinding = () => {
  }, keepFindings = true) {
    this.path = path;
    this.sink = sink;
    this.onFinding = onFinding;
    this.keepFindings = keepFindings;
    this.opts = withVersions(opts);
    this.processor = new SegmentProcessor(this.opts, path);
  }
  path;
  sink;
  onFinding;
  keepFindings;
  buf = Buffer.allocUnsafe(1 << 20);
  len = 0;
  /** Absolute stream offset of buf[0]. */
  base = 0;
  /** Start of the current, still undecided segment (or List item). */
  pos = 0;
  /** Start of pass-through bytes not yet handed to the sink. */
  passFrom = 0;
  /** The end found for the current segment, kept while the engine waits for the conversion. */
  cut = -1;
  headCheckedAt = -1;
  /** 1-based line number at buffer position `linesTo`. */
  line = 1;
  linesTo = 0;
  final = false;
  scanner = new BoundaryScanner();
  needles = NAME_STEMS.map((g) => new NeedleFinder(g));
  /** Template actions, searched once through the input like the names (a List has many items). */
  action = new NeedleFinder(ACTION);
  backslash = new NeedleFinder(Buffer.from("\\"));
  processor;
  /** List mode: the dump being taken item by item, where its items are scanned, its tail. */
  list;
  listScan = 0;
  tailStart = -1;
  /** List bytes before this buffer position are already in the spool. */
  spooledTo = 0;
  /** A `kubectl get -o json` List: the item (or, in the tail, the List object) being scanned. */
  jsonList = false;
  jv;
  /**
   * The commas between the last JSON item (or the `[`) and the next: one between two items,
   * none before the first or the `]`. Anything else is broken JSON, which only the general
   * path refuses where it breaks, as file mode does (a missing or doubled comma, a stray value).
   */
  jsonCommas = 0;
  jsonItems = 0;
  /**
   * A UTF-16/32 stream (told by its first four bytes): copied through unchanged while it is
   * searched for TrafficSplit in its own encoding, never decoded (see encoding.ts).
   */
  wide;
  sniffed = false;
  wideReported = false;
  /** The lazily loaded half, once loaded (load()). */
  conversion;
  /** Set when drain() stops for the conversion. */
  waiting = false;
  summary = { findings: [], changed: false, peakBuffer: 0 };
  /** With keepFindings false, findings only go to onFinding (memory stays flat on long streams). */
  opts;
  /** Hands over the lazily loaded half the engine stopped for (drain() returned true). */
  load(conversion) {
    this.conversion = conversion;
    this.processor.converter = conversion.convert;
  }
  /** A writable view of at least `min` free bytes at the end of the buffer; fill it, then commit. */
  space(min) {
    if (this.buf.length - this.len < min) {
      const bigger = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.len + min));
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    return this.buf.subarray(this.len);
  }
  commit(n) {
    this.len += n;
    if (this.len > this.summary.peakBuffer) this.summary.peakBuffer = this.len;
  }
  /** Marks the end of the input; drain() then processes the rest. */
  end() {
    this.final = true;
  }
  /**
   * Processes every complete segment in the buffer (all of it after end()). True when it
   * stopped before a document that needs the conversion: load() it and drain again.
   */
  drain() {
    this.waiting = false;
    if (!this.sniffed) {
      if (this.len < 4 && !this.final) return false;
      this.sniffed = true;
      const enc = sniffWide(this.buf.subarray(0, Math.min(4, this.len)));
      if (enc) this.wide = new WideScanner(enc);
    }
    if (this.wide) {
      this.drainWide();
      return false;
    }
    const view = this.buf.subarray(0, this.len);
    while (!this.waiting && this.step(view)) ;
    if (!this.list) this.flush(view, this.pos);
    this.compact(view);
    return this.waiting;
  }
  /** One document (or one step through a List). False when it needs more bytes or the conversion. */
  step(view) {
    if (this.list) return this.jsonList ? this.stepJsonList(view) : this.stepList(view);
    if (this.headCheckedAt !== this.pos) {
      let headEnd = matchListHead(view, this.pos, this.final);
      if (headEnd === void 0) return false;
      const json = headEnd === 0 && this.scanner.jsonAt(this.base + this.pos);
      if (json) headEnd = matchJsonListHead(view, this.pos, this.final);
      if (headEnd === void 0) return false;
      this.headCheckedAt = this.pos;
      if (headEnd > 0) {
        this.enterList(view, headEnd, json);
        return true;
      }
    }
    let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.pos, this.final);
    if (end < 0) {
      if (!this.final || this.pos >= this.len) return false;
      end = this.len;
    }
    this.cut = end;
    if (this.isCandidateAt(view, this.pos, end) && !this.passedThrough(view, end)) {
      if (!this.conversion) {
        this.waiting = true;
        return false;
      }
      this.flush(view, this.pos);
      const r = this.processor.processAt(view.subarray(this.pos, end), this.lineAt(view, this.pos), true);
      this.sink(r.bytes);
      this.passFrom = end;
      this.report(r.findings, r.edits.length > 0);
    }
    this.pos = end;
    this.cut = -1;
    return true;
  }
  /** A List dump's head ends at headEnd: its items are taken one by one from there. */
  enterList(view, headEnd, json) {
    this.flush(view, this.pos);
    this.jsonList = json;
    this.jv = void 0;
    this.jsonCommas = this.jsonItems = 0;
    this.list = new ListDocument(
      Buffer.from(view.subarray(this.pos, headEnd)),
      this.base + this.pos,
      this.lineAt(view, this.pos),
      this.opts,
      this.path,
      json
    );
    this.pos = this.spooledTo = this.listScan = headEnd;
    this.passFrom = headEnd;
    this.tailStart = -1;
  }
  /**
   * One step through a List dump: finds the next item boundary (a `- ` line at column 0)
   * or the first other line at column 0 (the wrapper's tail: `kind: List`, `metadata:`…),
   * then the document's end. Returns false when it needs more bytes or the conversion.
   */
  stepList(view) {
    const list = this.list;
    const len = view.length;
    if (this.tailStart < 0) {
      let nl = view.indexOf(LF, this.listScan);
      while (nl >= 0 && (nl + 2 < len || nl + 2 === len && this.final) && isContinuation(view[nl + 1])) nl = view.indexOf(LF, nl + 1);
      let at;
      let isItem = false;
      if (nl < 0 || nl + 2 > len || nl + 2 === len && !this.final) {
        if (!this.final) {
          this.listScan = nl < 0 ? len : nl;
          return false;
        }
        at = len;
      } else {
        at = nl + 1;
        const c = view[at];
        const next = at + 1 < len ? view[at + 1] : LF;
        isItem = c === DASH && (next === SP || next === LF || next === CR);
      }
      if (!this.takeItem(view, this.pos, at, list)) {
        this.listScan = nl < 0 ? len : nl;
        return false;
      }
      this.pos = at;
      this.listScan = at;
      if (!isItem) {
        this.tailStart = at;
        this.scanner.resumeInContent(at - 1);
      }
      return true;
    }
    let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.tailStart - 1, this.final);
    if (end < 0) {
      if (!this.final) return false;
      end = len;
    }
    this.cut = end;
    if (!this.finishList(view, list, end)) return false;
    if (end === len && this.final) this.scanner.startSegment(end);
    return true;
  }
  /**
   * One step through a `kubectl get -o json` List: the next item (a JSON value after blanks
   * and a comma), or, at the `]` that closes the items, the List object's end (with the rest
   * of its line). Returns false when it needs more bytes or the conversion.
   */
  stepJsonList(view) {
    const list = this.list;
    const len = view.length;
    if (this.tailStart < 0) {
      if (!this.jv) {
        let i = this.listScan;
        for (; i < len && (isJsonBlank(view[i]) || view[i] === COMMA); i++) if (view[i] === COMMA) this.jsonCommas++;
        this.listScan = i;
        if (i >= len && !this.final) return false;
        const closes = i >= len || view[i] === RBRACKET;
        if (this.jsonCommas !== (closes || this.jsonItems === 0 ? 0 : 1)) list.invalidate();
        this.jsonCommas = 0;
        if (closes) {
          this.tailStart = i >= len ? this.pos : i;
          this.jv = i >= len ? void 0 : new JsonValueScan(i + 1, 1);
          if (i >= len) this.cut = len;
          return true;
        }
        this.jv = new JsonValueScan(i);
        this.jsonItems++;
      }
      const start = this.jv.start;
      let end2 = this.jv.run(view, this.final);
      if (end2 < 0) return false;
      if (end2 <= start) {
        list.invalidate();
        end2 = start + 1;
      }
      const candidate = this.isCandidateAt(view, start, end2);
      if (candidate && !this.conversion) {
        this.waiting = true;
        return false;
      }
      const nl = start > 0 ? view.lastIndexOf(LF, start - 1) : -1;
      const column = nl >= 0 ? start - nl - 1 : list.columnAfterHead(this.base + start);
      list.addItem(
        view.subarray(start, end2),
        this.base + start,
        candidate ? this.lineAt(view, start) : 0,
        candidate ? this.conversion : void 0,
        column
      );
      this.jv = void 0;
      this.pos = this.listScan = end2;
      return true;
    }
    let end = this.cut;
    if (end < 0) {
      const close = this.jv.run(view, this.final);
      if (close < 0) return false;
      end = endOfValueLine(view, close, this.final);
      if (end < 0) return false;
      this.cut = end;
    }
    if (!this.finishList(view, list, end)) return false;
    this.jsonList = false;
    this.jv = void 0;
    this.scanner.startSegment(end);
    this.scanner.markJson();
    return true;
  }
  /**
   * Ends the List whose tail runs from tailStart to `end` (YAML and JSON layouts alike): writes
   * it out with its patches and reports its findings. False when the conversion is needed first.
   */
  finishList(view, list, end) {
    this.spoolUpTo(view, this.tailStart);
    const tail = view.subarray(this.tailStart, end);
    if (!this.conversion && list.needs(tail)) {
      this.waiting = true;
      return false;
    }
    const r = list.finish(tail, this.base + this.tailStart, this.lineAt(view, this.tailStart), this.processor, this.conversion, this.sink);
    this.report(r.findings, r.changed);
    this.list = void 0;
    this.pos = this.passFrom = end;
    this.cut = -1;
    this.tailStart = -1;
    return true;
  }
  /**
   * Whether [start, end) may hold a TrafficSplit: the same test as isCandidate (segment.ts),
   * with the common needle found through the cached finder.
   */
  isCandidateAt(view, start, end) {
    for (const n of this.needles) if (n.within(view, start, end)) return true;
    if (this.action.within(view, start, end) && mentionsTemplatedGroup(view.subarray(start, end))) return true;
    return this.backslash.within(view, start, end) && spellsNameByEscape(view.subarray(start, end), NAME_STEMS);
  }
  /**
   * Whether the candidate document [pos, end) passes through after all (toplevel.ts). Its
   * lines are then counted by that test, which reads them all, not again by lineAt.
   */
  passedThrough(view, end) {
    const lines = passThroughLines(view.subarray(this.pos, end), MAX_WHOLE_DOCUMENT);
    if (lines < 0) return false;
    if (this.linesTo <= this.pos) {
      this.lineAt(view, this.pos);
      this.line += lines;
      this.linesTo = end;
    }
    return true;
  }
  /** Hands List item [start, end) to the List; false if the conversion is needed first. */
  takeItem(view, start, end, list) {
    if (end <= start) return true;
    const item = view.subarray(start, end);
    const candidate = this.isCandidateAt(view, start, end);
    if (candidate && !this.conversion) {
      this.waiting = true;
      return false;
    }
    list.addItem(item, this.base + start, candidate ? this.lineAt(view, start) : 0, candidate ? this.conversion : void 0);
    return true;
  }
  drainWide() {
    const wide = this.wide;
    const bytes = this.buf.subarray(0, this.len);
    wide.push(bytes);
    if (bytes.length) this.sink(bytes);
    this.base += this.len;
    this.len = 0;
    if (!this.final || this.wideReported) return;
    this.wideReported = true;
    this.report([wide.aligned ? wideFinding(wide, this.path) : binaryFinding(Buffer.alloc(1), 0, Boolean(wide.found), this.path)], false);
  }
  /** After the last byte: the checks across the stream's documents (kinds/links.ts). */
  finish() {
    this.report(linkFindings(this.processor.objects), false);
  }
  report(findings, changed) {
    if (changed) this.summary.changed = true;
    for (const f of findings) {
      if (this.keepFindings) this.summary.findings.push(f);
      this.onFinding(f);
    }
  }
  /** Hands pass-through bytes [passFrom, upTo) to the sink in one call. */
  flush(view, upTo) {
    if (upTo > this.passFrom) this.sink(view.subarray(this.passFrom, upTo));
    this.passFrom = upTo;
  }
  spoolUpTo(view, upTo) {
    if (upTo > this.spooledTo) this.list.spool(view.subarray(this.spooledTo, upTo));
    this.spooledTo = Math.max(this.spooledTo, upTo);
  }
  /** The line number at buffer position p (p never moves backwards). */
  lineAt(view, p) {
    for (let i = view.indexOf(LF, this.linesTo); i >= 0 && i < p; i = view.indexOf(LF, i + 1)) this.line++;
    this.linesTo = Math.max(this.linesTo, p);
    return this.line;
  }
  /** Drops the bytes every reader is done with, so the buffer holds one segment or item. */
  compact(view) {
    let drop = this.pos;
    if (this.list) {
      this.spoolUpTo(view, this.tailStart >= 0 ? this.tailStart : this.pos);
      drop = this.tailStart >= 0 ? this.tailStart - 1 : this.pos;
    }
    if (drop <= 0) return;
    this.lineAt(view, drop);
    this.buf.copy(this.buf, 0, drop, this.len);
    this.len -= drop;
    this.base += drop;
    this.pos -= drop;
    this.passFrom = Math.max(0, this.passFrom - drop);
    this.linesTo -= drop;
    this.headCheckedAt -= drop;
    if (this.cut >= 0) this.cut -= drop;
    this.listScan = Math.max(0, this.listScan - drop);
    if (this.tailStart >= 0) this.tailStart -= drop;
    this.spooledTo = Math.max(0, this.spooledTo - drop);
    this.jv?.shift(drop);
    this.scanner.shift(drop);
    for (const n of this.needles) n.shift(drop);
    this.action.shift(drop);
    this.backslash.shift(drop);
  }
};
function isContinuation(c) {
  return c === SP || c === TAB || c === HASH || c === LF || c === CR;
}

// src/pipeline/stream.ts
var READ_SIZE = 1 << 20;
function written(stream) {
  if (stream.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => stream.write(Buffer.alloc(0), () => resolve()));
}
function streamSource(input) {
  const chunks = input[Symbol.asyncIterator]();
  return {
    async read(space) {
      for (; ; ) {
        const next = await chunks.next().catch((err) => {
          throw new StreamIoError("read", err);
        });
        if (next.done) return 0;
        const chunk = next.value;
        if (chunk.length === 0) continue;
        space(chunk.length).set(chunk);
        return chunk.length;
      }
    }
  };
}
var StreamIoError = class extends Error {
  constructor(side, reason) {
    super(reason.message);
    this.side = side;
    this.reason = reason;
  }
  side;
  reason;
};
function fdSource(fd, fallback) {
  let stream;
  return {
    read(space) {
      if (stream) return stream.read(space);
      try {
        return readSync2(fd, space(READ_SIZE), 0, READ_SIZE, null);
      } catch (err) {
        const code = err.code;
        if (code === "EOF") return 0;
        if (code !== "EAGAIN") throw new StreamIoError("read", err);
        stream = streamSource(fallback());
        return stream.read(space);
      }
    }
  };
}
function streamOutput(output) {
  const parts = [];
  let failed;
  output.on("error", (err) => void (failed ??= err));
  const check = () => {
    if (failed) throw new StreamIoError("write", failed);
  };
  return {
    write: (bytes) => void parts.push(Buffer.from(bytes)),
    async flush() {
      check();
      if (parts.length === 0) return;
      const out = parts.length === 1 ? parts[0] : Buffer.concat(parts);
      parts.length = 0;
      if (!output.write(out)) await once(output, "drain").catch(check);
    },
    async settle() {
      await written(output);
      check();
    }
  };
}
var NOWHERE = { write: () => {
}, flush: () => {
}, settle: () => {
} };
async function drive(engine, source, output) {
  const space = (min) => engine.space(min);
  for (; ; ) {
    const read = source.read(space);
    const n = typeof read === "number" ? read : await read;
    if (n === 0) break;
    engine.commit(n);
    if (engine.drain()) await loadInto(engine);
    const flushed = output.flush();
    if (flushed) await flushed;
  }
  engine.end();
  if (engine.drain()) await loadInto(engine);
  engine.finish();
  await output.flush();
  await output.settle();
  return engine.summary;
}
async function loadInto(engine) {
  engine.load(await loadConversion());
  if (engine.drain()) throw new Error("internal error: the stream engine stopped for a conversion it has");
}
async function migrateStream(input, output, opts, path, onFinding = () => {
}) {
  const out = streamOutput(output);
  return drive(new StreamEngine(opts, path, out.write, onFinding), streamSource(input), out);
}
async function readAll(source) {
  let buf = Buffer.allocUnsafe(READ_SIZE);
  let len = 0;
  const space = (min) => {
    if (buf.length - len < min) {
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, len + min));
      buf.copy(bigger, 0, 0, len);
      buf = bigger;
    }
    return buf.subarray(len);
  };
  for (; ; ) {
    const n = await source.read(space);
    if (n === 0) return buf.subarray(0, len);
    len += n;
  }
}
async function migrateWhole(input, output, opts, target, path, onFinding = () => {
}) {
  const bytes = await readAll("fd" in input ? fdSource(input.fd, input.stream) : streamSource(input));
  const r = await convertWhole(bytes, opts, target, path);
  r.findings.forEach(onFinding);
  const out = streamOutput(output);
  out.write(r.output);
  await out.flush();
  await out.settle();
  return { findings: r.findings, changed: r.changed, peakBuffer: bytes.length };
}
async function readInput(input) {
  return readAll("fd" in input ? fdSource(input.fd, input.stream) : streamSource(input));
}
async function migrateBuffer(bytes, opts, path) {
  let at = 0;
  const source = {
    read(space) {
      const n = Math.min(READ_SIZE, bytes.length - at);
      if (n <= 0) return 0;
      space(n).set(bytes.subarray(at, at + n));
      at += n;
      return n;
    }
  };
  let buf = Buffer.allocUnsafe(Math.max(bytes.length + (bytes.length >> 3), 1024));
  let used = 0;
  const write = (b) => {
    if (used + b.length > buf.length) {
      const bigger = Buffer.allocUnsafe(Math.max(buf.length * 2, used + b.length));
      buf.copy(bigger, 0, 0, used);
      buf = bigger;
    }
    buf.set(b, used);
    used += b.length;
  };
  const out = { write, flush: () => {
  }, settle: () => {
  } };
  const summary = await drive(new StreamEngine(opts, path, out.write, () => {
  }), source, out);
  return { output: buf.subarray(0, used), findings: summary.findings };
}
async function convertWhole(bytes, opts, target, path) {
  const r = migrateBytes(
    bytes,
    await runOptions(withVersions(opts), target, [bytes]),
    path,
    isCandidate(bytes) ? await loadConverter() : () => ({ edits: [], findings: [], objects: [], claims: [] }),
    isCandidate(bytes) ? await loadRewriter() : void 0
  );
  return { output: r.output, changed: r.changed, findings: [...r.findings, ...linkFindings(r.objects)] };
}
var GATHER = 64 * 1024;
var FdWriter = class {
  constructor(fd, fallback) {
    this.fd = fd;
    this.fallback = fallback;
  }
  fd;
  fallback;
  stream;
  waiting = false;
  gathered = Buffer.allocUnsafe(1 << 20);
  used = 0;
  /** Takes `bytes` now: they are copied or written before this returns. */
  write(bytes) {
    if (bytes.length < GATHER) {
      if (this.used + bytes.length > this.gathered.length) this.send();
      this.gathered.set(bytes, this.used);
      this.used += bytes.length;
      return;
    }
    this.send();
    this.put(bytes);
  }
  /** Writes out what has been gathered; a Promise only while the fallback stream has no room. */
  flush() {
    this.send();
    return this.waiting ? this.ready() : void 0;
  }
  send() {
    if (this.used === 0) return;
    const n = this.used;
    this.used = 0;
    this.put(this.gathered.subarray(0, n));
  }
  /** Everything gathered is written: with blocking writes already; through the fallback stream, once it has handed it on. */
  settle() {
    return this.stream ? written(this.stream) : void 0;
  }
  /** Resolves once the fallback stream has room again. */
  async ready() {
    await once(this.stream, "drain");
    this.waiting = false;
  }
  put(bytes) {
    if (this.stream) return this.queue(bytes);
    let done = 0;
    while (done < bytes.length) {
      try {
        done += writeSync2(this.fd, bytes, done, bytes.length - done);
      } catch (err) {
        if (err.code !== "EAGAIN") throw new StreamIoError("write", err);
        this.stream = this.fallback();
        return this.queue(bytes.subarray(done));
      }
    }
  }
  queue(bytes) {
    if (!this.stream.write(Buffer.from(bytes))) this.waiting = true;
  }
};
async function migrateFd(inFd, outFd, opts, path, streams, onFinding = () => {
}) {
  const output = outFd === void 0 ? NOWHERE : new FdWriter(outFd, streams.output);
  const engine = new StreamEngine(opts, path, (bytes) => output.write(bytes), onFinding, false);
  return drive(engine, fdSource(inFd, streams.input), output);
}

export {
  StreamIoError,
  migrateStream,
  migrateWhole,
  readInput,
  migrateBuffer,
  convertWhole,
  migrateFd
};
