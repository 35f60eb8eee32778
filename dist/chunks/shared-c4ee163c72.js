import {
  AMP,
  BACKSLASH,
  CR,
  DocumentSplitter,
  HASH,
  LF,
  QUOTE,
  SP,
  STAR,
  TAB,
  bytesAt,
  findStem,
  nameAt,
  spellsNameByEscape,
  stemGroups
} from "./shared-f775291102.js";
import {
  LineIndex,
  lineStart,
  locateOnce
} from "./shared-2a7eafe8ab.js";
import {
  tabsAfterPlain
} from "./shared-6c59af8607.js";
import {
  GROUP_PREFIXES,
  KIND_NAMES,
  withVersions
} from "./shared-e2b5701804.js";

// src/edit/splice.ts
function splice(text, edits) {
  if (edits.length === 0) return text;
  const sorted = byStart(edits);
  let out = "";
  let pos = 0;
  for (const e of sorted) {
    if (e.start < pos || e.end < e.start || e.end > text.length) {
      throw new Error(`internal error: overlapping or out-of-range edit at ${e.start}`);
    }
    out += text.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + text.slice(pos);
}
function byStart(edits) {
  if (edits.length > 16) return [...edits].sort((a, b) => a.start - b.start);
  const sorted = edits.slice();
  for (let i = 1; i < sorted.length; i++) {
    const e = sorted[i];
    let j = i - 1;
    for (; j >= 0 && sorted[j].start > e.start; j--) sorted[j + 1] = sorted[j];
    sorted[j + 1] = e;
  }
  return sorted;
}

// src/pipeline/segment.ts
import { isUtf8 as isUtf82 } from "node:buffer";

// src/edit/bytes.ts
function toByteEdits(input, edits) {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const offsets = [...new Set(sorted.flatMap((e) => [e.start, e.end]))].sort((a, b) => a - b);
  const at = byteOffsets(input, offsets);
  return sorted.map((e) => ({ start: at.get(e.start), end: at.get(e.end), bytes: Buffer.from(e.text, "utf8") }));
}
function spliceBytes(input, edits) {
  if (edits.length === 0) return input;
  const parts = [];
  let pos = 0;
  for (const e of edits) {
    if (e.start < pos || e.end < e.start || e.end > input.length)
      throw new Error(`internal error: overlapping or out-of-range edit at byte ${e.start}`);
    parts.push(input.subarray(pos, e.start), e.bytes);
    pos = e.end;
  }
  parts.push(input.subarray(pos));
  return Buffer.concat(parts);
}
function byteOffsets(input, wanted) {
  const out = /* @__PURE__ */ new Map();
  let w = 0;
  let units = 0;
  let i = 0;
  while (i < input.length && w < wanted.length) {
    if (wanted[w] <= units) {
      out.set(wanted[w++], i);
      continue;
    }
    if (input[i] < 128) {
      units++;
      i++;
      continue;
    }
    const seq = sequenceAt(input, i);
    units += seq.units;
    if (seq.units === 2 && w < wanted.length && wanted[w] === units - 1) out.set(wanted[w++], i);
    i += seq.length;
  }
  while (w < wanted.length && wanted[w] <= units) out.set(wanted[w++], i);
  if (w < wanted.length) throw new Error(`internal error: edit offset ${wanted[w]} is past the end of the input`);
  return out;
}
function firstIllFormed(bytes) {
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 128) {
      i++;
      continue;
    }
    const seq = sequenceAt(bytes, i);
    if (seq.ill) return i;
    i += seq.length;
  }
  return -1;
}
function decodedLength(bytes) {
  let units = 0;
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 128) {
      units++;
      i++;
      continue;
    }
    const seq = sequenceAt(bytes, i);
    units += seq.units;
    i += seq.length;
  }
  return units;
}
function sequenceAt(b, i) {
  const lead = b[i];
  let need;
  let low = 128;
  let high = 191;
  if (lead >= 194 && lead <= 223) need = 1;
  else if (lead >= 224 && lead <= 239) {
    need = 2;
    if (lead === 224) low = 160;
    if (lead === 237) high = 159;
  } else if (lead >= 240 && lead <= 244) {
    need = 3;
    if (lead === 240) low = 144;
    if (lead === 244) high = 143;
  } else return { length: 1, units: 1, ill: true };
  for (let k = 1; k <= need; k++) {
    const c = b[i + k];
    if (c === void 0 || c < low || c > high) return { length: k, units: 1, ill: true };
    low = 128;
    high = 191;
  }
  return { length: need + 1, units: need === 3 ? 2 : 1 };
}

// src/pipeline/encoding.ts
var NEEDLES = KIND_NAMES.map((name) => {
  const codes = [...name].map((c) => c.charCodeAt(0));
  const fail = [0];
  for (let i = 1, k = 0; i < codes.length; i++) {
    while (k > 0 && codes[i] !== codes[k]) k = fail[k - 1];
    if (codes[i] === codes[k]) k++;
    fail[i] = k;
  }
  return { name, codes, fail };
});
function sniffWide(head) {
  const n = head.length;
  const [a, b, c, d] = head;
  if (n >= 4 && a === 0 && b === 0 && (c === 254 && d === 255 || c === 0)) return "UTF-32BE";
  if (n >= 4 && a === 255 && b === 254 && c === 0 && d === 0) return "UTF-32LE";
  if (n >= 4 && b === 0 && c === 0 && d === 0) return "UTF-32LE";
  if (n >= 2 && a === 254 && b === 255) return "UTF-16BE";
  if (n >= 2 && a === 255 && b === 254) return "UTF-16LE";
  if (n >= 2 && a === 0) return "UTF-16BE";
  if (n >= 2 && b === 0) return "UTF-16LE";
  return void 0;
}
function unitSize(e) {
  return e.startsWith("UTF-16") ? 2 : 4;
}
var WideScanner = class {
  constructor(encoding) {
    this.encoding = encoding;
    this.unit = unitSize(encoding);
    this.be = encoding.endsWith("BE");
  }
  encoding;
  carry = Buffer.alloc(0);
  line = 1;
  column = 1;
  /** Per kind name, how many of its code units the text ends with. */
  matched = NEEDLES.map(() => 0);
  units = 0;
  bytes = 0;
  found;
  /** The kind name found. */
  foundName = "";
  unit;
  be;
  push(chunk) {
    this.bytes += chunk.length;
    if (this.found) return;
    const b = this.carry.length ? Buffer.concat([this.carry, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    const end = b.length - b.length % this.unit;
    for (let i = 0; i < end; i += this.unit) {
      const code = this.unit === 2 ? this.be ? b.readUInt16BE(i) : b.readUInt16LE(i) : this.be ? b.readUInt32BE(i) : b.readUInt32LE(i);
      this.units++;
      for (const [n, needle] of NEEDLES.entries()) {
        let k = this.matched[n];
        while (k > 0 && code !== needle.codes[k]) k = needle.fail[k - 1];
        if (code === needle.codes[k]) k++;
        this.matched[n] = k;
        if (k === needle.codes.length) {
          this.found = { line: this.line, column: this.column - k + 1 };
          this.foundName = needle.name;
          return;
        }
      }
      if (code === 10) {
        this.line++;
        this.column = 1;
      } else if (!(this.units === 1 && code === 65279)) {
        this.column++;
      }
    }
    this.carry = Buffer.from(b.subarray(end));
  }
  /** Whether the whole input was a whole number of code units (else it is not that encoding). */
  get aligned() {
    return this.bytes % this.unit === 0;
  }
};
function encodingFinding(input, path) {
  const wide = sniffWide(input);
  if (wide && input.length % unitSize(wide) === 0) {
    const scan = new WideScanner(wide);
    scan.push(input);
    return wideFinding(scan, path);
  }
  const nul = input.indexOf(0);
  if (nul >= 0)
    return binaryFinding(
      input,
      nul,
      KIND_NAMES.some((n) => input.includes(n)),
      path
    );
  return void 0;
}
function wideFinding(scan, path) {
  const e = scan.encoding;
  const convert = `convert it to UTF-8 (iconv -f ${e} -t UTF-8) to process it`;
  if (scan.found) {
    return {
      severity: "error",
      code: "not-utf8",
      offset: 0,
      path,
      ...scan.found,
      message: `${e} text mentions ${scan.foundName} but smi-migrate reads UTF-8 only; left unchanged: ${convert}`
    };
  }
  return {
    severity: "warning",
    code: "not-utf8",
    offset: 0,
    path,
    line: 1,
    column: 1,
    message: `${e} text, not UTF-8; skipped (it mentions no SMI kind)`
  };
}
function binaryFinding(bytes, nul, mentions, path) {
  let line = 1;
  let lineStart2 = 0;
  for (let i = bytes.indexOf(10); i >= 0 && i < nul; i = bytes.indexOf(10, i + 1)) {
    line++;
    lineStart2 = i + 1;
  }
  const where = { path, line, column: nul - lineStart2 + 1, offset: 0 };
  return mentions ? { severity: "error", code: "binary", ...where, message: "NUL byte: not YAML text, yet it mentions TrafficSplit; left unchanged" } : { severity: "warning", code: "binary", ...where, message: "binary file (NUL byte); skipped" };
}

// src/pipeline/toplevel.ts
import { isAscii, isUtf8 } from "node:buffer";
var SQUOTE = 39;
var BANG = 33;
var COLON = 58;
var READ_KINDS = /* @__PURE__ */ new Set([...KIND_NAMES, "CustomResourceDefinition"]);
var NAMES = stemGroups(KIND_NAMES.map((n) => Buffer.from(n)));
var ACTION = Buffer.from("{{");
var KIND = Buffer.from("kind");
var API_VERSION = Buffer.from("apiVersion");
var SPELLING_ESCAPE_AFTER = new Set([..."xuU\n\r"].map((c) => c.charCodeAt(0)));
var NEL = Buffer.from([194, 133]);
var LS_PS_HEAD = Buffer.from([226, 128]);
var UNSURE_STARTS = ["kind", "apiVersion", "..."].map((s) => Buffer.from(s));
var LINE_START = new Uint8Array(256);
for (const c of "\"'?&!*<{[%-@`|>,]}:\\") LINE_START[c.charCodeAt(0)] = 1;
for (let c = 128; c < 256; c++) LINE_START[c] = 1;
for (const s of UNSURE_STARTS) LINE_START[s[0]] = 2;
function holdsNothingToConvert(doc, maxSize) {
  return passThroughLines(doc, maxSize) >= 0;
}
function passThroughLines(doc, maxSize) {
  const b = Buffer.isBuffer(doc) ? doc : Buffer.from(doc.buffer, doc.byteOffset, doc.byteLength);
  if (b.length > maxSize) return -1;
  const body = topLevelKind(b);
  if (body < 0) return -1;
  if (b.indexOf(ACTION) >= 0 || b.indexOf(0) >= 0) return -1;
  if (!isAscii(b) && (!isUtf8(b) || hasRareBreak(b))) return -1;
  if (hasSpellingEscape(b)) return -1;
  for (let cr = b.indexOf(CR); cr >= 0; cr = b.indexOf(CR, cr + 1)) if (b[cr + 1] !== LF) return -1;
  const bodyLines = plainTopLevel(b, body);
  if (bodyLines < 0) return -1;
  for (const g of NAMES) {
    for (let at = findStem(b, g, 0); at >= 0; at = findStem(b, g, at + 1)) if (!insideText(b, at, nameAt(b, g, at))) return -1;
  }
  let headLines = 0;
  for (let nl = b.indexOf(LF); nl >= 0 && nl < body; nl = b.indexOf(LF, nl + 1)) headLines++;
  return headLines + bodyLines;
}
function hasRareBreak(b) {
  if (b.indexOf(NEL) >= 0) return true;
  for (let at = b.indexOf(LS_PS_HEAD); at >= 0; at = b.indexOf(LS_PS_HEAD, at + 1))
    if (b[at + 2] === 168 || b[at + 2] === 169) return true;
  return false;
}
function hasSpellingEscape(b) {
  for (let at = b.indexOf(BACKSLASH); at >= 0; at = b.indexOf(BACKSLASH, at + 1)) if (SPELLING_ESCAPE_AFTER.has(b[at + 1])) return true;
  return false;
}
function lineAt(b, start) {
  const nl = b.indexOf(LF, start);
  const stop = nl < 0 ? b.length : nl;
  return { end: stop > start && b[stop - 1] === CR ? stop - 1 : stop, next: nl < 0 ? b.length : nl + 1 };
}
var isBlank = (c) => c === SP || c === TAB;
function blankOrComment(b, start, end) {
  let i = start;
  while (i < end && isBlank(b[i])) i++;
  return i === end || b[i] === HASH;
}
function topLevelKind(b) {
  let i = 0;
  let marker = false;
  for (; ; ) {
    if (i >= b.length) return -1;
    const l = lineAt(b, i);
    if (blankOrComment(b, i, l.end) && (l.end === i || b[i] === HASH || b[i] === SP || b[i] === TAB)) {
      i = l.next;
      continue;
    }
    if (!marker && b[i] === 45 && b[i + 1] === 45 && b[i + 2] === 45 && (i + 3 === l.end || isBlank(b[i + 3]))) {
      if (!blankOrComment(b, i + 3, l.end)) return -1;
      marker = true;
      i = l.next;
      continue;
    }
    break;
  }
  if (keyValue(b, i, API_VERSION, isApiVersionChar) !== void 0) {
    i = nextAtColumn0(b, i);
    if (i < 0) return -1;
  }
  const kind = keyValue(b, i, KIND, isKindChar);
  if (kind === void 0 || READ_KINDS.has(kind) || kind.endsWith("List")) return -1;
  return nextAtColumn0(b, i);
}
function nextAtColumn0(b, i) {
  let at = lineAt(b, i).next;
  while (at < b.length) {
    const l = lineAt(b, at);
    if (l.end === at) {
      at = l.next;
      continue;
    }
    if (b[at] === HASH) {
      at = l.next;
      continue;
    }
    return isBlank(b[at]) ? -1 : at;
  }
  return at;
}
var isKindChar = (c) => c >= 48 && c <= 57 || c >= 65 && c <= 90 || c >= 97 && c <= 122;
var isApiVersionChar = (c) => isKindChar(c) || c === 46 || c === 47 || c === 45;
function keyValue(b, i, key, ok) {
  const l = lineAt(b, i);
  if (l.end - i < key.length + 3 || !bytesAt(b, key, i) || b[i + key.length] !== COLON) return void 0;
  let j = i + key.length + 1;
  if (!isBlank(b[j])) return void 0;
  while (j < l.end && isBlank(b[j])) j++;
  const start = j;
  while (j < l.end && ok(b[j])) j++;
  if (j === start || j < l.end && !isBlank(b[j])) return void 0;
  const value = b.toString("latin1", start, j);
  return blankOrComment(b, j, l.end) ? value : void 0;
}
function plainTopLevel(b, from) {
  let lines = 0;
  for (let at = from; at < b.length; ) {
    const t = LINE_START[b[at]];
    if (t === 1) return -1;
    if (t === 2) {
      for (const s of UNSURE_STARTS) if (bytesAt(b, s, at)) return -1;
    }
    const nl = b.indexOf(LF, at);
    if (nl < 0) break;
    lines++;
    at = nl + 1;
  }
  return lines;
}
var isWord = (c) => c !== void 0 && isKindChar(c);
var isWordJoin = (c) => isKindChar(c) || c === 95 || c === 46 || c === 47 || c === 61 || c === 40 || c === 45;
function insideText(b, at, n) {
  const ls = at > 0 ? b.lastIndexOf(LF, at - 1) + 1 : 0;
  let j = at + n;
  if (isWord(b[j]) || b[j] === 95) return true;
  while (isBlank(b[j])) j++;
  if (j > at + n && isWord(b[j])) return true;
  const p = at - 1;
  if (p >= ls) {
    const c = b[p];
    if (isWordJoin(c)) return true;
    if (c === QUOTE && p - 1 >= ls && b[p - 1] === BACKSLASH) return true;
    if (isBlank(c)) {
      let k = p;
      while (k >= ls && isBlank(b[k])) k--;
      if (k >= ls && isWord(b[k])) {
        let t = k;
        while (t > ls && !isBlank(b[t - 1])) t--;
        if (b[t] !== AMP && b[t] !== BANG && b[t] !== STAR) return true;
      }
    }
  }
  let comment = false;
  for (let h = ls; h < at; h++) {
    const c = b[h];
    if (c === QUOTE || c === SQUOTE) return false;
    if (c === HASH && (h === ls || isBlank(b[h - 1]))) comment = true;
  }
  return comment;
}

// src/pipeline/segment.ts
var NEEDLES2 = KIND_NAMES.map((n) => Buffer.from(n));
var NAME_STEMS = stemGroups(NEEDLES2);
var MAX_WHOLE_DOCUMENT = 16 * 2 ** 20;
var GROUP_NEEDLES = GROUP_PREFIXES.map((g) => Buffer.from(g));
var ACTION2 = Buffer.from("{{");
function isCandidate(segment) {
  return NAME_STEMS.some((g) => findStem(segment, g, 0) >= 0) || mentionsTemplatedGroup(segment) || spellsNameByEscape(segment, NAME_STEMS);
}
function mayHoldObjects(segment) {
  return isCandidate(segment) && !holdsNothingToConvert(segment, MAX_WHOLE_DOCUMENT);
}
function mentionsTemplatedGroup(segment) {
  const b = Buffer.from(segment.buffer, segment.byteOffset, segment.byteLength);
  return b.indexOf(ACTION2) >= 0 && GROUP_NEEDLES.some((g) => b.indexOf(g) >= 0);
}
async function loadConverter() {
  return (await import("./convert-text.js")).convertSegment;
}
async function runOptions(opts, target, inputs) {
  if (!target) return opts;
  const { prepareTarget } = await import("./targets-registry.js");
  return { ...opts, target: await prepareTarget(target, documentsOf(inputs)) };
}
function* documentsOf(inputs) {
  for (const input of inputs) for (const segment of DocumentSplitter.split(input)) yield segment.toString("utf8");
}
async function loadConversion() {
  const [text, wrapper] = await Promise.all([import("./convert-text.js"), import("./yaml-wrapper.js")]);
  return { convert: text.convertSegment, inspectList: wrapper.inspectListWrapper };
}
async function loadRewriter() {
  return (await import("./convert-text.js")).replaceExisting;
}
var SegmentProcessor = class {
  /** `opts` may give the versions in the library's spelling (test and script callers): read into the map here, once. */
  constructor(opts, path, converter) {
    this.path = path;
    this.opts = withVersions(opts);
    this.converter = converter;
  }
  path;
  /** 1-based line number at which the next segment starts. */
  line = 1;
  converter;
  /** The named objects of every segment so far, located (kinds/links.ts checks them at the end of the run). */
  objects = [];
  opts;
  process(segment) {
    const line = this.line;
    this.line += countNewlines(segment);
    return this.processAt(segment, line);
  }
  /**
   * Processes a segment that starts at 1-based `line` (for callers that count lines themselves);
   * `candidate`: the caller has found it a candidate (mayHoldObjects) already.
   */
  processAt(segment, line, candidate = false) {
    if (!candidate && !mayHoldObjects(segment)) return { bytes: segment, findings: [], edits: [] };
    if (!isUtf82(segment)) {
      const bad = firstIllFormed(segment);
      const start = bad === 0 ? 0 : segment.lastIndexOf(10, bad - 1) + 1;
      const refused = this.refuse(
        segment,
        line + countNewlines(segment.subarray(0, bad)),
        "not-utf8",
        "a document that mentions TrafficSplit is not valid UTF-8; left unchanged"
      );
      Object.assign(refused.findings[0], {
        offset: decodedLength(segment.subarray(0, bad)),
        column: decodedLength(segment.subarray(start, bad)) + 1
      });
      return refused;
    }
    const nul = segment.indexOf(0);
    if (nul >= 0) {
      const f = binaryFinding(segment, nul, true, this.path);
      return { bytes: segment, edits: [], findings: [{ ...f, line: line + f.line - 1 }] };
    }
    if (segment.length > MAX_WHOLE_DOCUMENT) {
      return this.refuse(
        segment,
        line,
        "invalid-yaml",
        `a document that mentions TrafficSplit is ${(segment.length / 2 ** 20).toFixed(0)} MiB, too large to parse whole (limit ${MAX_WHOLE_DOCUMENT / 2 ** 20} MiB); left unchanged: pipe a kubectl get -o yaml or -o json List through stream mode (smi-migrate - < dump.yaml > converted.yaml reads it item by item), or split it`
      );
    }
    const mark = markInFirstKey(segment, line);
    if (mark >= 0) {
      const lines = countNewlines(segment.subarray(0, mark));
      const refused = this.refuse(
        segment,
        line + lines,
        "invalid-yaml",
        "a byte order mark follows a `---` that opens the stream or follows another `---`: kubectl reads it as part of the first key; remove it"
      );
      refused.findings[0].offset = decodedLength(segment.subarray(0, mark));
      return refused;
    }
    if (!this.converter) throw new Error("internal error: converter not loaded for a candidate segment");
    const text = segment.toString("utf8");
    let conversion;
    try {
      conversion = convertRelaxed(this.converter, text, this.opts);
    } catch (err) {
      if (!(err instanceof RangeError)) throw err;
      return this.refuse(
        segment,
        line,
        "invalid-yaml",
        `a document that mentions TrafficSplit is too deeply nested or too large to parse (${err.message}); left unchanged`
      );
    }
    const { edits, findings } = conversion;
    for (const [key, owner] of conversion.claims) this.opts.target?.ledger.set(key, owner);
    const located = locateFindings(findings, text, line, this.path);
    for (const o of locateFindings(conversion.objects, text, line, this.path)) this.objects.push(o);
    const rewrites = conversion.rewrites?.map((w) => ({ ...w, refused: locateFindings([w.refused], text, line, this.path)[0] }));
    const valuesWrites = conversion.valuesWrites?.map((w) => ({ ...w, by: locateFindings([w.by], text, line, this.path)[0] }));
    const more = { ...rewrites ? { rewrites } : {}, ...valuesWrites ? { valuesWrites } : {} };
    if (edits.length === 0) return { bytes: segment, findings: located, edits, ...more };
    return { bytes: Buffer.from(splice(text, edits), "utf8"), findings: located, edits, ...more };
  }
  /** The segment as it was, with an error at its first line: a document this run cannot convert. */
  refuse(segment, line, code, message) {
    return { bytes: segment, edits: [], findings: [{ severity: "error", code, offset: 0, path: this.path, line, column: 1, message }] };
  }
};
var BOM = Buffer.from([239, 187, 191]);
function markInFirstKey(segment, line) {
  const first = segment.indexOf(BOM);
  if (first < 0 || first + BOM.length > 1024) return -1;
  const head = segment.toString("latin1", 0, 1024);
  const at = head.indexOf("\n\xEF\xBB\xBF");
  if (at <= 0) return -1;
  const before = head.slice(0, at).split("\n");
  const marker = (l) => l !== void 0 && l.startsWith("---");
  if (!marker(before[before.length - 1])) return -1;
  const kept = before.length === 1 ? line === 1 : marker(before[before.length - 2]);
  return kept ? at + 1 : -1;
}
var FLOW_INDENT = " in block collection must be sufficiently indented and end with a ";
var MAX_REINDENTED = 64;
var MAX_REINDENTED_TEXT = 1 << 20;
function convertRelaxed(converter, text, opts) {
  const first = converter(text, opts);
  if (!first.findings.some(isFlowIndent) || text.length > MAX_REINDENTED_TEXT) return first;
  const inserts = [];
  let copy = text;
  let conversion = first;
  for (let round = 0; round < MAX_REINDENTED; round++) {
    const f = conversion.findings.find(isFlowIndent);
    if (!f) break;
    const from = lineStart(copy, f.offset);
    let indent = 0;
    while (copy[from + indent] === " ") indent++;
    let longest = 0;
    for (let i = 0; i < from; ) {
      const nl = copy.indexOf("\n", i);
      const end = nl < 0 || nl >= from ? from : nl;
      longest = Math.max(longest, end - i);
      i = end + 1;
    }
    const count = Math.max(1, longest + 1 - indent);
    const at = toOriginal(inserts, from);
    const same = inserts.find((x) => x.at === at);
    if (same) same.count += count;
    else {
      inserts.push({ at, count });
      inserts.sort((a, b) => a.at - b.at);
    }
    copy = copy.slice(0, from) + " ".repeat(count) + copy.slice(from);
    conversion = converter(copy, opts);
  }
  if (conversion.findings.some((x) => x.code === "invalid-yaml")) return first;
  if (conversion.edits.some((e) => e.text.includes("\n"))) return first;
  const map = (o) => toOriginal(inserts, o);
  const starts = new Set(inserts.map((x) => x.at));
  const shifted = (e) => /^["']/.test(text.slice(map(e.start), map(e.end))) && !/^["'|>]/.test(e.text) && tabsAfterPlain(text, map(e.end)).some((t) => starts.has(lineStart(text, t.offset)));
  if (conversion.edits.some(shifted)) return first;
  return {
    edits: conversion.edits.map((e) => ({ ...e, start: map(e.start), end: map(e.end) })),
    findings: conversion.findings.map((x) => ({ ...x, offset: map(x.offset) })),
    objects: conversion.objects.map((x) => ({ ...x, offset: map(x.offset) })),
    claims: conversion.claims,
    ...conversion.rewrites ? { rewrites: conversion.rewrites.map((w) => ({ ...w, refused: { ...w.refused, offset: map(w.refused.offset) } })) } : {},
    ...conversion.valuesWrites ? { valuesWrites: conversion.valuesWrites.map((w) => ({ ...w, by: { ...w.by, offset: map(w.by.offset) } })) } : {}
  };
}
function isFlowIndent(f) {
  return f.code === "invalid-yaml" && f.message.includes(FLOW_INDENT);
}
function toOriginal(inserts, p) {
  let shift = 0;
  for (const { at, count } of inserts) {
    const start = at + shift;
    if (p < start) break;
    if (p < start + count) return at;
    shift += count;
  }
  return p - shift;
}
function locateFindings(findings, text, baseLine, path) {
  if (findings.length === 0) return findings;
  const lines = findings.length > 2 ? new LineIndex(text) : void 0;
  const bom = baseLine === 1 && text.charCodeAt(0) === 65279 ? 1 : 0;
  return findings.map((f) => {
    const offset = Math.max(0, Math.min(f.offset, text.length - 1));
    const { line, start } = lines ? lines.locate(offset) : locateOnce(text, offset);
    const column = offset - start + 1 - (line === 0 ? bom : 0);
    return Object.assign({}, f, { path, line: baseLine + line, column });
  });
}
function countNewlines(b) {
  let n = 0;
  for (let i = b.indexOf(10); i >= 0; i = b.indexOf(10, i + 1)) n++;
  return n;
}

export {
  toByteEdits,
  spliceBytes,
  decodedLength,
  splice,
  sniffWide,
  WideScanner,
  encodingFinding,
  wideFinding,
  binaryFinding,
  passThroughLines,
  NEEDLES2 as NEEDLES,
  NAME_STEMS,
  MAX_WHOLE_DOCUMENT,
  GROUP_NEEDLES,
  ACTION2 as ACTION,
  isCandidate,
  mentionsTemplatedGroup,
  loadConverter,
  runOptions,
  documentsOf,
  loadConversion,
  loadRewriter,
  SegmentProcessor,
  locateFindings,
  countNewlines
};
