import {
  SegmentProcessor,
  encodingFinding,
  isCandidate
} from "./chunk-HDE5BVAQ.js";

// src/kinds/meshes.ts
var MESHES = ["linkerd", "osm", "nginx", "traefik"];
var MESH_TARGETS = {
  // linkerd/linkerd-smi@c0c39b1:charts/linkerd-smi/templates/trafficsplit-crd.yaml (TrafficSplit only)
  linkerd: { to: "v1alpha2" },
  // openservicemesh/osm@7bec5b6:cmd/osm-bootstrap/crds/{smi_traffic_split,smi_http_route_group,smi_tcp_route,smi_traffic_access}.yaml
  osm: { to: "v1alpha2", specsTo: "v1alpha4", accessTo: "v1alpha3" },
  // nginxinc/nginx-service-mesh@2e04536:helm-chart/crds/{trafficsplit,httproutegroup,tcproute,traffictarget}.yaml
  nginx: { to: "v1alpha3", specsTo: "v1alpha3", accessTo: "v1alpha2" },
  // traefik/mesh-helm-chart@0cc8514:mesh/crds/{smi-split,smi-specs,smi-access}.yaml
  traefik: { to: "v1alpha3", specsTo: "v1alpha3", accessTo: "v1alpha2" }
};
var DEFAULT_TO = "v1alpha2";
function resolveTargets(o) {
  if (o.mesh !== void 0 && !isMesh(o.mesh)) throw new TypeError(`mesh must be one of ${MESHES.join(", ")}; got "${String(o.mesh)}"`);
  const preset = o.mesh ? MESH_TARGETS[o.mesh] : {};
  const specsTo = o.specsTo ?? preset.specsTo;
  const accessTo = o.accessTo ?? preset.accessTo;
  return {
    to: o.to ?? preset.to ?? DEFAULT_TO,
    ...specsTo ? { specsTo } : {},
    ...accessTo ? { accessTo } : {}
  };
}
function isMesh(name) {
  return MESHES.includes(name);
}

// src/kinds/links.ts
function linkFindings(objects) {
  const needed = objects.filter((o) => o.needs?.length);
  if (needed.length === 0) return [];
  const byKey = /* @__PURE__ */ new Map();
  for (const o of objects) {
    const key = `${o.kind}/${o.namespace ?? ""}/${o.name}`;
    const list = byKey.get(key);
    if (list) list.push(o);
    else byKey.set(key, [o]);
  }
  const out = [];
  for (const o of needed) {
    for (const need of o.needs) {
      for (const other of byKey.get(`${need.kind}/${o.namespace ?? ""}/${need.name}`) ?? []) {
        if (need.versions.includes(other.version)) continue;
        const where = ` (${other.path}:${other.line})`;
        out.push({
          severity: "warning",
          code: "incompatible-versions",
          offset: o.offset,
          path: o.path,
          line: o.line,
          column: o.column,
          object: { kind: o.kind, name: o.name, ...o.namespace !== void 0 ? { namespace: o.namespace } : {} },
          message: `${o.kind} ${o.namespace ? `${o.namespace}/` : ""}${o.name} is ${o.version} and matches ${need.kind} ${need.name}, which is ${other.version}${where}: the SMI spec pairs ${o.version} ${o.kind}s with ${need.versions.join(" or ")} ${need.kind}s (convert both to one version, e.g. --to and --specs-to alike)`
        });
      }
    }
  }
  return out;
}

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

// src/pipeline/splitter.ts
var NL_DASHES = Buffer.from("\n---");
var NL_DOTS = Buffer.from("\n...");
var NeedleFinder = class {
  constructor(needle) {
    this.needle = needle;
  }
  needle;
  /** Result of the last search: a position, or -1 for none in [from, searchedTo). */
  at = -1;
  from = 0;
  searchedTo = 0;
  /** First occurrence at or after `from` within view[0, view.length), or -1. */
  find(view, from) {
    if (this.at >= from && from >= this.from) return this.at;
    let start = from;
    if (this.at < 0 && from >= this.from) start = Math.max(from, this.searchedTo - this.needle.length + 1);
    this.at = view.indexOf(this.needle, start);
    this.from = from;
    this.searchedTo = view.length;
    return this.at;
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
  dashes = new NeedleFinder(NL_DASHES);
  dots = new NeedleFinder(NL_DOTS);
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
        this.scan = Math.max(start, len - NL_DASHES.length + 1);
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
      const isMarker = next === SP || next === TAB || next === CR || next === LF;
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
  return next === SP || next === TAB || next === CR || next === LF;
}

// src/pipeline/bytes.ts
function migrateBytes(input, opts, path, converter) {
  const refused = encodingFinding(input, path);
  if (refused) return { output: input, changed: false, findings: [refused], edits: [], objects: [] };
  if (!isCandidate(input)) return { output: input, changed: false, findings: [], edits: [], objects: [] };
  const processor = new SegmentProcessor(opts, path, converter);
  const parts = [];
  const findings = [];
  const edits = [];
  let base = 0;
  for (const segment of DocumentSplitter.split(input)) {
    const known = processor.objects.length;
    const r = processor.process(segment);
    for (const o of processor.objects.slice(known)) o.offset += base;
    parts.push(r.bytes);
    for (const f of r.findings) findings.push({ ...f, offset: f.offset + base });
    for (const e of r.edits) edits.push({ start: e.start + base, end: e.end + base, text: e.text });
    base += utf16Length(segment);
  }
  return { output: edits.length > 0 ? Buffer.concat(parts) : input, changed: edits.length > 0, findings, edits, objects: processor.objects };
}
function utf16Length(bytes) {
  let n = 0;
  for (const b of bytes) {
    if ((b & 192) !== 128) n++;
    if (b >= 240) n++;
  }
  return n;
}

export {
  MESHES,
  resolveTargets,
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
  linkFindings,
  NeedleFinder,
  BoundaryScanner,
  migrateBytes
};
