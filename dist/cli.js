#!/usr/bin/env node
import {
  KUSTOMIZATION_NAMES,
  isKustomizationFile
} from "./chunks/chunk-6EUXSE54.js";
import {
  countFinding,
  findingJson,
  formatFinding,
  formatSummary,
  isConversion,
  newTotals
} from "./chunks/chunk-NDCOXEFX.js";
import {
  UsageError,
  checkValues,
  optionRows,
  readFlags
} from "./chunks/chunk-O4HCTJJA.js";
import {
  linkFindings
} from "./chunks/chunk-W7P5TWID.js";
import {
  migrateBytes,
  rewriteInput
} from "./chunks/chunk-IHD2YTW7.js";
import {
  AMP,
  BACKSLASH,
  BoundaryScanner,
  COMMA,
  CR,
  DASH,
  DocumentSplitter,
  GROUP_NEEDLES,
  HASH,
  LBRACE,
  LBRACKET,
  LF,
  MAX_WHOLE_DOCUMENT,
  NAME_STEMS,
  NEEDLES,
  NeedleFinder,
  QUOTE,
  RBRACE,
  RBRACKET,
  SP,
  STAR,
  SegmentProcessor,
  TAB,
  WideScanner,
  binaryFinding,
  countNewlines,
  documentsOf,
  encodingFinding,
  holdsNothingToConvert,
  isCandidate,
  loadConverter,
  loadListInspector,
  loadRewriter,
  locateFindings,
  mentionsTemplatedGroup,
  runOptions,
  sniffWide,
  wideFinding
} from "./chunks/chunk-NL3M354Q.js";
import {
  version
} from "./chunks/chunk-FUZQVC3D.js";
import {
  TARGET_OPTIONS,
  readTargets,
  targetRules
} from "./chunks/chunk-COAX3XQC.js";
import "./chunks/chunk-RF3I7G2M.js";
import "./chunks/chunk-RQ5PBHT7.js";
import "./chunks/chunk-GLCI7XMW.js";
import "./chunks/chunk-X3GTPCZH.js";
import "./chunks/chunk-F3WZPMDD.js";
import "./chunks/chunk-7VZ5H7B6.js";

// src/cli.ts
import { fstatSync } from "node:fs";

// src/cli/args.ts
var FLAGS = [
  { name: "check", help: "list what would change; exit 1 if anything would (the default with paths)" },
  { name: "diff", help: "print a unified diff (git apply / patch -p1 at the repository top level); exit 1 if anything would change" },
  { name: "write", help: "rewrite changed files in place, atomically; exit 1 if anything is left for a person" },
  // The versions, the target and its options: one table with the Action (targets/registry.ts).
  ...TARGET_OPTIONS,
  {
    name: "exclude",
    value: "glob",
    multiple: true,
    help: "leave files matching the glob alone (repeatable; relative to the current directory)"
  },
  { name: "format", value: "format", choices: ["text", "json", "sarif"], help: "report format (default: text)" },
  {
    name: "strip-server-fields",
    help: "remove server-owned fields (uid, resourceVersion, managedFields, status, ...)\nfrom converted objects and their List, for dumps to re-apply"
  },
  { name: "quiet", short: "q", help: "report only warnings and errors" },
  { name: "verbose", short: "v", help: "also list files left alone, and why" },
  { name: "no-color", help: "never color the report (also: NO_COLOR=1)" },
  { name: "stdin-filename", value: "name", help: "name stdin in the report (default: <stdin>)" },
  { name: "version", short: "V", help: "print the version" },
  { name: "help", short: "h", help: "show this help" }
];
var USAGE = `Usage: smi-migrate [--check | --diff | --write] [options] [paths...]
       smi-migrate [options] -            convert stdin to stdout
       smi-migrate webhook --help         the conversion webhook (serve, manifests)
       smi-migrate helm-release --help    rewrite Helm release history that holds TrafficSplits

Upgrade SMI TrafficSplit manifests losslessly: v1alpha1 quantity weights become exact
integers, and only the apiVersion and weight scalars change. On request (--specs-to,
--access-to, --mesh) also HTTPRouteGroups, TCPRoutes and TrafficTargets, with the
structural changes their versions need.

Paths are files, directories (walked for *.yaml, *.yml, *.json, skipping what git ignores)
or quoted globs ('charts/**/*.yaml'). A glob that matches nothing is an error. Negated
patterns ('!fixtures/**') are not supported: use --exclude.`;
var EXAMPLES = `Examples:
  $ smi-migrate --check .                            list what would change (exit 1 if anything)
  $ smi-migrate --write deploy/ 'charts/**/*.yaml'   convert files in place
  $ smi-migrate --check --exclude 'test/fixtures/**' .
  $ smi-migrate --diff . > smi.patch && git apply smi.patch
  $ smi-migrate --write --mesh osm deploy/           each SMI kind to the version OSM serves
  $ set -o pipefail; helm template ./chart | smi-migrate - | kubectl apply -f -
  $ kubectl get trafficsplits.split.smi-spec.io -A -o yaml | smi-migrate --to v1alpha4 -

Exit codes: 0 nothing to change (or all written), 1 changes needed (--check, --diff) or
something left for a person (templated weights, near-miss groups, held-back trees; also
with --write), 2 error (bad input, unreadable file, usage).`;
function helpText() {
  return `${USAGE}

Options:
${optionRows(FLAGS)}

${EXAMPLES}
`;
}
function parseArgs(argv, env, stdinIsTTY2, write) {
  let read;
  try {
    read = readFlags(argv, FLAGS, true);
  } catch (err) {
    if (err instanceof UsageError && err.kind === "unknown-option")
      throw new UsageError(`${err.message} (run smi-migrate --help for usage)`, err.kind);
    throw err;
  }
  const values = read.values;
  const positionals = read.positionals;
  if (values.help) return void write.out(helpText());
  if (values.version) return void write.out(`${version}
`);
  checkValues(values, FLAGS);
  const modes = ["check", "diff", "write"].filter((m) => values[m]);
  if (modes.length > 1) throw new UsageError(`Cannot use --${modes[0]} and --${modes[1]} together.`);
  const negated = positionals.find((p) => p.startsWith("!"));
  if (negated) throw new UsageError(`negated patterns are not supported ("${negated}"): use --exclude '${negated.slice(1)}'`);
  const exclude = values.exclude ?? [];
  if (exclude.some((g) => g === "")) throw new UsageError("--exclude needs a glob");
  let paths = positionals;
  const explicitStdin = paths.includes("-");
  if (explicitStdin && paths.some((p) => p !== "-")) throw new UsageError('Cannot read stdin ("-") and files in the same run.');
  const given = modes[0];
  const mode = given ?? (paths.length > 0 && !explicitStdin ? "check" : "stream");
  if (modes.length && paths.length === 0) throw new UsageError("no input: give paths or pipe manifests with -");
  const stdin = explicitStdin || mode === "stream" && paths.length === 0;
  if (stdin && !explicitStdin && stdinIsTTY2()) throw new UsageError("no input: give paths or pipe manifests with - (stdin is a terminal)");
  if (stdin && (mode === "write" || mode === "diff"))
    throw new UsageError(`--${mode} needs file paths; for stdin use "-" alone (converted stream) or --check -.`);
  if (stdin) paths = [];
  const noColor = env.NO_COLOR !== void 0 && env.NO_COLOR !== "";
  const targets = runTargets(values);
  return {
    mode,
    paths,
    exclude,
    stdin,
    ...targets,
    format: values.format ?? "text",
    quiet: Boolean(values.quiet),
    color: !values["no-color"] && !noColor && env.TERM !== "dumb",
    stdinName: values["stdin-filename"] ?? "<stdin>",
    stripServerFields: Boolean(values["strip-server-fields"]),
    noIgnore: Boolean(values["no-ignore"]),
    verbose: Boolean(values.verbose)
  };
}
function runTargets(values) {
  try {
    return readTargets(
      (name) => values[name],
      (name) => `--${name}`,
      (name) => `--to ${name}`
    );
  } catch (err) {
    throw new UsageError(err.message);
  }
}

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
var ITEM_PREFIX = "kind: List\nitems:\n";
var ITEM_PREFIX_LINES = 2;
var JSON_ITEM_PREFIX = '{"kind": "List", "items": [\n';
var JSON_ITEM_SUFFIX = "\n]}";
var NOTICE_CODES = /* @__PURE__ */ new Set(["no-api-version", "near-miss-group", "unknown-version"]);
var DIRECTIVE = Buffer.from("smi-migrate:");
var HEAD_LIMIT2 = 64 * 1024;
function matchListHead(view, pos, final) {
  const len = view.length;
  let i = pos;
  let marker = false;
  const line2 = () => {
    const nl = view.indexOf(LF, i);
    if (nl < 0) return void 0;
    return { end: nl > i && view[nl - 1] === CR ? nl - 1 : nl, next: nl + 1 };
  };
  for (; ; ) {
    if (i - pos > HEAD_LIMIT2) return 0;
    const l = line2();
    if (!l) return final || len - pos > HEAD_LIMIT2 ? 0 : void 0;
    let j = i;
    while (j < l.end && (view[j] === SP || view[j] === TAB)) j++;
    if (j === l.end || view[j] === HASH) {
      i = l.next;
      continue;
    }
    if (!marker && equals(view, i, l.end, "---")) {
      marker = true;
      i = l.next;
      continue;
    }
    if (!equals(view, i, l.end, "apiVersion: v1")) return 0;
    i = l.next;
    break;
  }
  const items = line2();
  if (!items) return final ? 0 : void 0;
  if (!equals(view, i, items.end, "items:")) return 0;
  const at = items.next;
  if (len < at + 2) return final ? 0 : void 0;
  const dash = view[at];
  const next = view[at + 1];
  return dash === DASH && (next === SP || next === LF || next === CR) ? at : 0;
}
function equals(view, start, end, s) {
  return end - start === s.length && view.toString("latin1", start, end) === s;
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
    this.headDirective ??= this.head.includes(DIRECTIVE);
    return !this.opts.noIgnore && (this.headDirective || bytes.includes(DIRECTIVE));
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
  /** One item, at absolute offset `abs`; a candidate comes with the converter and its line. */
  addItem(item, abs, line2, converter, column = 0) {
    if (converter) this.candidates++;
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
    if (!this.json && mayEndOpen(item)) {
      this.fallback = true;
      return;
    }
    if (!converter) return;
    if (!this.json && (item.includes(AMP) || item.includes(STAR))) {
      this.fallback = true;
      return;
    }
    const text = item.toString("utf8");
    const prefix = this.json ? JSON_ITEM_PREFIX + " ".repeat(column) : ITEM_PREFIX;
    const synthetic = prefix + text + (this.json ? JSON_ITEM_SUFFIX : "");
    const r = converter(synthetic, this.opts);
    if (r.findings.some((f) => f.code === "invalid-yaml")) {
      this.fallback = true;
      return;
    }
    const patches = toPatches(r.edits, text, prefix.length, abs);
    if (!patches) {
      this.fallback = true;
      return;
    }
    for (const p of patches) this.patches.push(p);
    for (const o of locateFindings(r.objects, synthetic, line2 - (this.json ? 1 : ITEM_PREFIX_LINES), this.path)) this.objects.push(o);
    for (const f of locateFindings(r.findings, synthetic, line2 - (this.json ? 1 : ITEM_PREFIX_LINES), this.path)) {
      ;
      (NOTICE_CODES.has(f.code) ? this.notices : this.others).push(f);
    }
  }
  /** What finish() needs loaded first, if anything. */
  needs(tail, converter, inspector) {
    if (!this.fallback && !this.mentionsSplits(tail)) return void 0;
    if (!converter) return "converter";
    if (!this.fallback && !inspector) return "inspector";
    return void 0;
  }
  /**
   * Writes the whole List (head, spooled items, `tail`) to the sink with the edits that
   * apply, and returns its findings in the order the general path gives them.
   */
  finish(tail, tailAbs, tailLine, processor, inspector, sink) {
    try {
      if (this.startAbs + this.head.length + this.store.size !== tailAbs) throw new Error("internal error: List spool out of step");
      if (this.fallback || this.candidates > 0 && this.directives(tail)) return this.whole(tail, processor, sink);
      if (!this.mentionsSplits(tail)) {
        this.copyOut(tail, tailAbs, [], sink);
        return { findings: [], changed: false };
      }
      if (!isUtf8(tail) || !isUtf8(this.head)) return this.whole(tail, processor, sink);
      const headText = this.head.toString("utf8");
      const tailText = tail.toString("utf8");
      const wrapper = headText + tailText;
      const info = inspector(wrapper);
      if (!info.valid) return this.whole(tail, processor, sink);
      const w = processor.converter(wrapper, { ...this.opts, itemsConverted: info.isList && this.patches.length > 0 });
      const headEdits = w.edits.filter((e) => e.end <= headText.length);
      const tailEdits = w.edits.filter((e) => e.start >= headText.length);
      const headPatches = toPatches(headEdits, headText, 0, this.startAbs);
      const tailPatches = toPatches(tailEdits, tailText, headText.length, tailAbs);
      if (!headPatches || !tailPatches || headEdits.length + tailEdits.length !== w.edits.length) return this.whole(tail, processor, sink);
      const located = [
        ...locateFindings(
          w.findings.filter((f) => f.offset < headText.length),
          headText,
          this.startLine,
          this.path
        ),
        ...locateFindings(
          w.findings.filter((f) => f.offset >= headText.length).map((f) => ({ ...f, offset: f.offset - headText.length })),
          tailText,
          tailLine,
          this.path
        )
      ];
      const items = info.isList;
      const findings = [
        ...located.filter((f) => NOTICE_CODES.has(f.code)),
        ...items ? this.notices : [],
        ...located.filter((f) => !NOTICE_CODES.has(f.code)),
        ...items ? this.others : []
      ];
      const patches = [...headPatches, ...items ? this.patches : [], ...tailPatches];
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
    let line2 = this.startLine;
    for (const segment of DocumentSplitter.split(Buffer.concat([this.head, this.store.readAll(), tail]))) {
      const r = processor.processAt(segment, line2);
      sink(r.bytes);
      for (const f of r.findings) findings.push(f);
      changed ||= r.edits.length > 0;
      line2 += countNewlines(segment);
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
function toPatches(edits, text, shift, abs) {
  const out = [];
  for (const e of edits) {
    const start = e.start - shift;
    const end = e.end - shift;
    if (start < 0 || end < start || end > text.length) return void 0;
    const at = abs + Buffer.byteLength(text.slice(0, start));
    out.push({ at, length: Buffer.byteLength(text.slice(start, end)), bytes: Buffer.from(e.text, "utf8") });
  }
  return out;
}
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
function isJson(item) {
  try {
    JSON.parse(item.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

// src/pipeline/engine.ts
var StreamEngine = class {
  /** With keepFindings false, findings only go to onFinding (memory stays flat on long streams). */
  constructor(opts, path, sink, onFinding = () => {
  }, keepFindings = true) {
    this.opts = opts;
    this.path = path;
    this.sink = sink;
    this.onFinding = onFinding;
    this.keepFindings = keepFindings;
    this.processor = new SegmentProcessor(opts, path);
  }
  opts;
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
  /** The end found for the current segment, kept while the engine waits for a loader. */
  cut = -1;
  headCheckedAt = -1;
  /** 1-based line number at buffer position `linesTo`. */
  line = 1;
  linesTo = 0;
  final = false;
  scanner = new BoundaryScanner();
  needles = NAME_STEMS.map((g) => new NeedleFinder(g));
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
   * A UTF-16/32 stream (told by its first four bytes): copied through unchanged while it is
   * searched for TrafficSplit in its own encoding, never decoded (see encoding.ts).
   */
  wide;
  sniffed = false;
  wideReported = false;
  /** What the engine stopped for; load it, set it, and call drain() again. */
  wants;
  inspector;
  summary = { findings: [], changed: false, peakBuffer: 0 };
  get converter() {
    return this.processor.converter;
  }
  set converter(c) {
    this.processor.converter = c;
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
  /** Copies a chunk in and processes what it completes. */
  push(chunk) {
    this.space(chunk.length).set(chunk);
    this.commit(chunk.length);
    this.drain();
  }
  /** Marks the end of the input; drain() then processes the rest. */
  end() {
    this.final = true;
    this.drain();
  }
  /** Processes every complete segment in the buffer (all of it after end()). */
  drain() {
    this.wants = void 0;
    if (!this.sniffed) {
      if (this.len < 4 && !this.final) return;
      this.sniffed = true;
      const enc = sniffWide(this.buf.subarray(0, Math.min(4, this.len)));
      if (enc) this.wide = new WideScanner(enc);
    }
    if (this.wide) return this.drainWide();
    const view = this.buf.subarray(0, this.len);
    while (this.wants === void 0) {
      if (this.list) {
        if (!(this.jsonList ? this.stepJsonList(view) : this.stepList(view))) break;
        continue;
      }
      if (this.headCheckedAt !== this.pos) {
        let headEnd = matchListHead(view, this.pos, this.final);
        const json = headEnd === 0 && this.scanner.jsonAt(this.base + this.pos);
        if (json) headEnd = matchJsonListHead(view, this.pos, this.final);
        if (headEnd === void 0) break;
        this.headCheckedAt = this.pos;
        if (headEnd > 0) {
          this.flush(view, this.pos);
          this.jsonList = json;
          this.jv = void 0;
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
          continue;
        }
      }
      let end = this.cut >= 0 ? this.cut : this.scanner.next(view, this.pos, this.final);
      if (end < 0) {
        if (!this.final || this.pos >= this.len) break;
        end = this.len;
      }
      this.cut = end;
      if (this.isCandidateAt(view, this.pos, end) && !holdsNothingToConvert(view.subarray(this.pos, end), MAX_WHOLE_DOCUMENT)) {
        if (!this.processor.converter) {
          this.wants = "converter";
          break;
        }
        this.flush(view, this.pos);
        const r = this.processor.processAt(view.subarray(this.pos, end), this.lineAt(view, this.pos), true);
        this.sink(r.bytes);
        this.passFrom = end;
        this.report(r.findings, r.edits.length > 0);
      }
      this.pos = end;
      this.cut = -1;
    }
    if (!this.list) this.flush(view, this.pos);
    this.compact(view);
  }
  /**
   * One step through a List dump: finds the next item boundary (a `- ` line at column 0)
   * or the first other line at column 0 (the wrapper's tail: `kind: List`, `metadata:`…),
   * then the document's end. Returns false when it needs more bytes or a loader.
   */
  stepList(view) {
    const list = this.list;
    const len = view.length;
    if (this.tailStart < 0) {
      const nl = view.indexOf(LF, this.listScan);
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
        if (c === SP || c === TAB || c === HASH || c === LF || c === CR) {
          this.listScan = at;
          return true;
        }
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
   * of its line). Returns false when it needs more bytes or a loader.
   */
  stepJsonList(view) {
    const list = this.list;
    const len = view.length;
    if (this.tailStart < 0) {
      if (!this.jv) {
        let i = this.listScan;
        while (i < len && (isJsonBlank(view[i]) || view[i] === COMMA)) i++;
        this.listScan = i;
        if (i >= len && !this.final) return false;
        if (i >= len || view[i] === RBRACKET) {
          this.tailStart = i >= len ? this.pos : i;
          this.jv = i >= len ? void 0 : new JsonValueScan(i + 1, 1);
          if (i >= len) this.cut = len;
          return true;
        }
        this.jv = new JsonValueScan(i);
      }
      const start = this.jv.start;
      let end2 = this.jv.run(view, this.final);
      if (end2 < 0) return false;
      if (end2 <= start) {
        list.invalidate();
        end2 = start + 1;
      }
      const candidate = this.isCandidateAt(view, start, end2);
      if (candidate && !this.processor.converter) {
        this.wants = "converter";
        return false;
      }
      const nl = start > 0 ? view.lastIndexOf(LF, start - 1) : -1;
      const column = nl >= 0 ? start - nl - 1 : list.columnAfterHead(this.base + start);
      list.addItem(
        view.subarray(start, end2),
        this.base + start,
        candidate ? this.lineAt(view, start) : 0,
        candidate ? this.processor.converter : void 0,
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
   * it out with its patches and reports its findings. False when a loader is needed first.
   */
  finishList(view, list, end) {
    this.spoolUpTo(view, this.tailStart);
    const tail = view.subarray(this.tailStart, end);
    const needs = list.needs(tail, this.processor.converter, this.inspector);
    if (needs) {
      this.wants = needs;
      return false;
    }
    const r = list.finish(tail, this.base + this.tailStart, this.lineAt(view, this.tailStart), this.processor, this.inspector, this.sink);
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
    return this.needles.some((n) => n.within(view, start, end)) || mentionsTemplatedGroup(view.subarray(start, end));
  }
  /** Hands List item [start, end) to the List; false if a loader is needed first. */
  takeItem(view, start, end, list) {
    if (end <= start) return true;
    const item = view.subarray(start, end);
    const candidate = this.isCandidateAt(view, start, end);
    if (candidate && !this.processor.converter) {
      this.wants = "converter";
      return false;
    }
    list.addItem(item, this.base + start, candidate ? this.lineAt(view, start) : 0, candidate ? this.processor.converter : void 0);
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
  }
};

// src/pipeline/stream.ts
var READ_SIZE = 1 << 20;
async function settle(engine) {
  while (engine.wants) {
    if (engine.wants === "converter") engine.converter = await loadConverter();
    else engine.inspector = await loadListInspector();
    engine.drain();
  }
}
async function migrateStream(input, output, opts, path, onFinding = () => {
}) {
  const parts = [];
  const engine = new StreamEngine(opts, path, (bytes) => parts.push(Buffer.from(bytes)), onFinding);
  const flush = async () => {
    if (parts.length === 0) return;
    const out = parts.length === 1 ? parts[0] : Buffer.concat(parts);
    parts.length = 0;
    if (!output.write(out)) await once(output, "drain");
  };
  for await (const chunk of input) {
    engine.push(chunk);
    if (engine.wants) await settle(engine);
    await flush();
  }
  engine.end();
  if (engine.wants) await settle(engine);
  engine.finish();
  await flush();
  return engine.summary;
}
async function migrateWhole(input, output, opts, target, path, onFinding = () => {
}) {
  const chunks = [];
  for await (const chunk of input) chunks.push(chunk);
  const bytes = Buffer.concat(chunks);
  const r = migrateBytes(
    bytes,
    await runOptions(opts, target, [bytes]),
    path,
    isCandidate(bytes) ? await loadConverter() : () => ({ edits: [], findings: [], objects: [], claims: [] }),
    isCandidate(bytes) ? await loadRewriter() : void 0
  );
  const findings = [...r.findings, ...linkFindings(r.objects)];
  findings.forEach(onFinding);
  if (!output.write(r.output)) await once(output, "drain");
  return { findings, changed: r.changed, peakBuffer: bytes.length };
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
      if (this.used + bytes.length > this.gathered.length) this.flush();
      this.gathered.set(bytes, this.used);
      this.used += bytes.length;
      return;
    }
    this.flush();
    this.put(bytes);
  }
  /** Writes out what has been gathered. */
  flush() {
    if (this.used === 0) return;
    const n = this.used;
    this.used = 0;
    this.put(this.gathered.subarray(0, n));
  }
  get blocked() {
    return this.waiting;
  }
  /** Resolves once the fallback stream has room again. */
  async ready() {
    if (this.stream && this.waiting) {
      await once(this.stream, "drain");
      this.waiting = false;
    }
  }
  put(bytes) {
    if (this.stream) return this.queue(bytes);
    let done = 0;
    while (done < bytes.length) {
      try {
        done += writeSync2(this.fd, bytes, done, bytes.length - done);
      } catch (err) {
        if (err.code !== "EAGAIN") throw err;
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
  const writer = outFd === void 0 ? void 0 : new FdWriter(outFd, streams.output);
  const engine = new StreamEngine(opts, path, writer ? (bytes) => writer.write(bytes) : () => {
  }, onFinding, false);
  for (; ; ) {
    const space = engine.space(READ_SIZE);
    let n;
    try {
      n = readSync2(inFd, space, 0, READ_SIZE, null);
    } catch (err) {
      const code = err.code;
      if (code === "EAGAIN") {
        for await (const chunk of streams.input()) {
          engine.push(chunk);
          if (engine.wants) await settle(engine);
          writer?.flush();
          await writer?.ready();
        }
        break;
      }
      if (code === "EOF") break;
      throw err;
    }
    if (n === 0) break;
    engine.commit(n);
    engine.drain();
    if (engine.wants) await settle(engine);
    writer?.flush();
    if (writer?.blocked) await writer.ready();
  }
  engine.end();
  if (engine.wants) await settle(engine);
  engine.finish();
  writer?.flush();
  await writer?.ready();
  return engine.summary;
}

// src/report/json.ts
function jsonSink(target, mode = "write") {
  const records = [];
  const applied = mode !== "check" && mode !== "diff";
  return {
    finding: (f) => void records.push(isConversion(f.code) ? { ...findingJson(f), applied } : findingJson(f)),
    finish: (totals) => {
      records.push(summaryRecord(totals, mode));
      target().write(JSON.stringify(records, null, 2) + "\n");
    }
  };
}
function summaryRecord(t, mode) {
  return {
    record: "summary",
    mode,
    files: mode === "stream" ? void 0 : t.files,
    changedFiles: mode === "stream" ? void 0 : t.changedFiles,
    converted: Object.fromEntries(t.kinds),
    patches: t.patches || void 0,
    errors: t.errors,
    warnings: t.warnings,
    pending: t.pending,
    suppressed: t.suppressed || void 0,
    exitCode: t.exit?.code,
    exitReason: t.exit?.reason,
    message: formatSummary(t, mode)
  };
}

// src/report/sink.ts
function fanOut(sinks) {
  return {
    finding: (f) => sinks.forEach((s) => s.finding(f)),
    note: (line2) => sinks.forEach((s) => s.note?.(line2)),
    finish: async (totals) => {
      for (const s of sinks) await s.finish(totals);
    }
  };
}

// src/report/text.ts
function textSink(o, target) {
  let out;
  let color = false;
  const stream = () => {
    if (!out) {
      out = target();
      color = Boolean(o.color && out.isTTY);
    }
    return out;
  };
  const write = (line2) => {
    const to = stream();
    to.write(line2() + "\n");
  };
  return {
    // Warnings and errors are always printed; -q hides only the per-object information lines.
    finding: (f) => {
      if (!(o.quiet && f.severity === "info")) write(() => formatFinding(f, o.mode, { color }));
    },
    note: (line2) => write(() => line2),
    // The summary is always printed: `-q --check` must still say why it exits 1.
    finish: (totals) => write(() => formatSummary(totals, o.mode))
  };
}

// src/run/files.ts
import { sep as sep5 } from "node:path";

// src/files/collect.ts
import { lstatSync, readdirSync as readdirSync2, statSync as statSync2 } from "node:fs";
import { basename as basename3, dirname as dirname4, join as join5, relative as relative3, resolve, sep as sep3 } from "node:path";

// src/paths.ts
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join as join2, relative, sep } from "node:path";
function realOrSelf(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
function physical(abs, isDirectory = false) {
  if (isDirectory) return realOrSelf(abs);
  return join2(realOrSelf(dirname(abs)), basename(abs));
}
function isInside(path, root) {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
function relativeInside(base, file) {
  const rel = relative(base, file);
  return rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? void 0 : rel;
}
function displayPath(file, base) {
  return (relativeInside(base, file) ?? file).split(sep).join("/");
}

// src/files/write.ts
import {
  accessSync,
  closeSync as closeSync2,
  constants,
  fchmodSync,
  fchownSync,
  fsyncSync,
  openSync as openSync2,
  readdirSync,
  realpathSync as realpathSync2,
  renameSync,
  statSync,
  unlinkSync as unlinkSync2,
  writeSync as writeSync3
} from "node:fs";
import { basename as basename2, dirname as dirname3, join as join4 } from "node:path";

// src/files/boundary.ts
import { existsSync } from "node:fs";
import { dirname as dirname2, join as join3, relative as relative2, sep as sep2 } from "node:path";
var WriteBoundary = class {
  roots;
  /** Where relative paths start: files beyond the boundary are named from here. */
  cwd;
  repositories;
  /** `roots`: the real paths of the paths being processed (collect.ts). */
  constructor(roots, cwd) {
    this.roots = roots;
    this.cwd = cwd;
  }
  /** Whether `path` may be written: judged by its real path (a symlink by its target). */
  allows(path) {
    const real = realOrSelf(path);
    return this.roots.some((r) => isInside(real, r)) || this.repos().some((r) => isInside(real, r));
  }
  /** A path beyond the boundary as a user would pass it: relative to cwd, with `/`. */
  name(path) {
    return relative2(this.cwd, realOrSelf(path)).split(sep2).join("/") || ".";
  }
  repos() {
    if (!this.repositories) {
      const cache = /* @__PURE__ */ new Map();
      const found = this.roots.map((r) => repositoryOf(r, cache)).filter((r) => r !== null);
      this.repositories = [...new Set(found.map(realOrSelf))];
    }
    return this.repositories;
  }
};
function beyondMessage(what, o = {}) {
  const { notWritten = "not written", include = "pass the target's path to convert it" } = o;
  return `${what} outside the paths being processed and their git repositories; ${notWritten} (${include})`;
}
function repositoryOf(dir, cache = /* @__PURE__ */ new Map()) {
  const ceilings = ceilingDirectories();
  const seen = [];
  let d = dir;
  let root = null;
  for (; ; ) {
    const known = cache.get(d);
    if (known !== void 0) {
      root = known;
      break;
    }
    seen.push(d);
    if (existsSync(join3(d, ".git"))) {
      root = d;
      break;
    }
    const parent = dirname2(d);
    if (parent === d || ceilings.has(parent)) break;
    d = parent;
  }
  for (const s of seen) cache.set(s, root);
  return root;
}
var ceilingCache = { value: void 0, dirs: /* @__PURE__ */ new Set() };
function ceilingDirectories() {
  const value = process.env.GIT_CEILING_DIRECTORIES;
  if (ceilingCache.value !== value) {
    const dirs = /* @__PURE__ */ new Set();
    for (const d of (value ?? "").split(":")) {
      if (!d.startsWith("/")) continue;
      const trimmed = d.length > 1 && d.endsWith("/") ? d.slice(0, -1) : d;
      dirs.add(trimmed).add(realOrSelf(trimmed));
    }
    ceilingCache = { value, dirs };
  }
  return ceilingCache.dirs;
}

// src/files/write.ts
import { randomBytes } from "node:crypto";
var TEMP_PREFIX = ".smi-migrate-";
var TEMP_SUFFIX = ".tmp";
var WriteRefused = class extends Error {
};
function checkWritable(path, opts = {}) {
  const target = realpathSync2(path);
  if (opts.boundary && !opts.boundary.allows(target)) throw new WriteRefused(beyondMessage(`it is ${target},`));
  accessSync(dirname3(target), constants.W_OK);
  const st = statSync(target);
  if ((st.mode & 128) === 0) throw new WriteRefused("file is read-only; not written");
  return { target, st };
}
function writeFileAtomic(path, data, opts = {}) {
  const { target, st } = checkWritable(path, opts);
  const tmp = join4(dirname3(target), `${TEMP_PREFIX}${basename2(target)}.${process.pid}.${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`);
  const fd = openSync2(tmp, "wx", 384);
  try {
    let off = 0;
    while (off < data.length) off += writeSync3(fd, data, off, data.length - off);
    fchmodSync(fd, st.mode & 4095);
    try {
      fchownSync(fd, st.uid, st.gid);
    } catch {
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync2(fd);
    unlinkSync2(tmp);
    throw err;
  }
  closeSync2(fd);
  try {
    renameSync(tmp, target);
  } catch (err) {
    unlinkSync2(tmp);
    throw err;
  }
}
function tempOwner(name) {
  if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) return void 0;
  const parts = name.slice(0, -TEMP_SUFFIX.length).split(".");
  const hex = parts.pop();
  const pid = parts.pop();
  if (!hex || !/^[0-9a-f]{8}$/.test(hex) || !pid || !/^[1-9]\d{0,9}$/.test(pid)) return void 0;
  return Number(pid);
}
function isTempName(name) {
  return tempOwner(name) !== void 0;
}
function removeStaleTemps(files, boundary) {
  const removed = [];
  const dirs = new Set(
    files.map((f) => {
      try {
        return dirname3(realpathSync2(f));
      } catch {
        return dirname3(f);
      }
    })
  );
  for (const dir of dirs) {
    if (boundary && !boundary.allows(dir)) continue;
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = tempOwner(name);
      if (pid === void 0 || isAlive(pid)) continue;
      try {
        unlinkSync2(join4(dir, name));
        removed.push(join4(dir, name));
      } catch {
      }
    }
  }
  return removed;
}
function isAlive(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

// src/files/collect.ts
var MANIFEST = /\.(ya?ml|json)$|\.tpl$(?<=[\\/]templates[\\/].*)/i;
var NEVER = /* @__PURE__ */ new Set([".git", "node_modules"]);
var spawnSync;
async function collectFiles(paths, cwd = process.cwd(), exclude = []) {
  const files = /* @__PURE__ */ new Set();
  const problems = [];
  const roots = [];
  const skipped2 = [];
  const matcher = exclude.length ? await excluder(exclude, cwd) : () => false;
  const excluded = (f) => {
    const out = matcher(f);
    if (out) skipped2.push({ path: f, message: "excluded by --exclude" });
    return out;
  };
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const st = statOrUndefined(abs);
    if (st?.isFile()) {
      if (!excluded(abs)) files.add(abs);
      roots.push(physical(abs));
      continue;
    }
    spawnSync ??= (await import("node:child_process")).spawnSync;
    if (st?.isDirectory()) {
      for (const f of walkDirectory(abs, skipped2)) if (!excluded(f)) files.add(f);
      roots.push(physical(abs, true));
      continue;
    }
    const { globSync, hasMagic } = await import("./chunks/esm-MW445E3F.js");
    if (hasMagic(p, { windowsPathsNoEscape: false })) {
      const matched = globSync(p, { cwd, absolute: true, nodir: true, dot: true, ignore: ["**/node_modules/**", "**/.git/**"] });
      const kept = dropIgnored(matched, skipped2).filter((f) => !excluded(f));
      for (const f of kept) files.add(f);
      roots.push(physical(resolve(cwd, globBase(p, hasMagic)), true));
      if (matched.length === 0) problems.push({ path: p, message: `no files match the pattern ${p}` });
      else if (kept.length === 0) problems.push({ path: p, message: `every file the pattern ${p} matches is ignored by git or --exclude` });
    } else {
      problems.push({ path: p, message: `${p}: no such file, directory or matching glob` });
    }
  }
  const seen = /* @__PURE__ */ new Set();
  const realDir = /* @__PURE__ */ new Map();
  const unique = [...files].sort().filter((f) => {
    if (isTempName(basename3(f))) return false;
    const real = realFile(f, realDir);
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
  return { files: unique, problems, roots, skipped: skipped2 };
}
async function excluder(globs, cwd) {
  const { Minimatch } = await import("./chunks/esm-DU2P5OGP.js");
  const matchers = globs.map((g) => new Minimatch(trimSlashes(g.replace(/^\.\//, "")), { dot: true }));
  return (file) => {
    const rel = relative3(cwd, file).split(sep3).join("/");
    const parts = rel.split("/");
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n).join("/");
      if (matchers.some((m) => m.match(prefix))) return true;
    }
    return false;
  };
}
function trimSlashes(p) {
  let end = p.length;
  while (end > 1 && p[end - 1] === "/") end--;
  return p.slice(0, end);
}
function globBase(pattern, hasMagic) {
  const parts = pattern.split("/");
  const fixed = [];
  for (const part of parts.slice(0, -1)) {
    if (hasMagic(part, { windowsPathsNoEscape: false })) break;
    fixed.push(part);
  }
  return fixed.join("/") || (pattern.startsWith("/") ? "/" : ".");
}
function realFile(f, realDir) {
  if (!regular.has(f) && lstatOrUndefined(f)?.isSymbolicLink()) return realOrSelf(f);
  const dir = dirname4(f);
  let real = realDir.get(dir);
  if (real === void 0) {
    real = realOrSelf(dir);
    realDir.set(dir, real);
  }
  return join5(real, basename3(f));
}
function walkDirectory(dir, skipped2) {
  const listed2 = isIgnoredDir(dir) ? void 0 : gitListFiles(dir, skipped2);
  if (!listed2) return walkFs(dir).filter((f) => MANIFEST.test(f));
  return listed2.filter((f) => MANIFEST.test(f) && !f.split(sep3).some((part) => NEVER.has(part)));
}
function isIgnoredDir(dir) {
  const top = workTreeOf(dir);
  if (!top || resolve(top) === resolve(dir)) return false;
  const r = spawnSync("git", ["-C", top, "check-ignore", "-q", "--", relative3(top, dir)], { encoding: "utf8" });
  return r.status === 0;
}
function gitListFiles(dir, skipped2) {
  const r = spawnSync("git", ["-C", dir, "ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) return void 0;
  const ignored = spawnSync("git", ["-C", dir, "ls-files", "-o", "-i", "--exclude-standard", "--directory", "-z"], {
    encoding: "utf8",
    maxBuffer: 1 << 30
  });
  for (const f of ignored.status === 0 ? ignored.stdout.split("\0") : [])
    if (f && !f.split("/").some((part) => NEVER.has(part))) skipped2.push({ path: join5(dir, f), message: "ignored by git" });
  const out = [];
  for (const f of r.stdout.split("\0").filter(Boolean).map((f2) => join5(dir, f2))) {
    const st = lstatOrUndefined(f);
    if (st?.isFile()) regular.add(f);
    if (st?.isFile() || st?.isSymbolicLink() && statOrUndefined(f)?.isFile()) out.push(f);
    else if (st?.isDirectory() && !NEVER.has(basename3(f))) out.push(...gitListFiles(f, skipped2) ?? walkFs(f));
  }
  return out;
}
function walkFs(dir) {
  const out = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of readdirSync2(d, { withFileTypes: true })) {
      if (NEVER.has(e.name)) continue;
      const p = join5(d, e.name);
      if (e.isDirectory()) {
        stack.push(p);
      } else if (e.isFile()) {
        regular.add(p);
        out.push(p);
      } else if (e.isSymbolicLink() && statOrUndefined(p)?.isFile()) {
        out.push(p);
      }
    }
  }
  return out;
}
function dropIgnored(files, skipped2) {
  const byTop = /* @__PURE__ */ new Map();
  const outside = [];
  for (const f of files) {
    const top = workTreeOf(dirname4(f));
    if (top) byTop.set(top, [...byTop.get(top) ?? [], f]);
    else outside.push(f);
  }
  const kept = [...outside];
  for (const [top, list] of byTop) {
    const rel = list.map((f) => relative3(top, f));
    const r = spawnSync("git", ["-C", top, "check-ignore", "--stdin", "-z"], {
      input: rel.join("\0") + "\0",
      encoding: "utf8",
      maxBuffer: 1 << 30
    });
    const ignored = new Set(r.status === 0 ? r.stdout.split("\0").filter(Boolean) : []);
    list.forEach((f, i) => ignored.has(rel[i]) ? skipped2.push({ path: f, message: "ignored by git" }) : kept.push(f));
  }
  return kept;
}
var topCache = /* @__PURE__ */ new Map();
function workTreeOf(dir) {
  if (!topCache.has(dir)) {
    const r = spawnSync("git", ["-C", dir, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
    topCache.set(dir, r.status === 0 ? r.stdout.trim() : void 0);
  }
  return topCache.get(dir);
}
var regular = /* @__PURE__ */ new Set();
function lstatOrUndefined(p) {
  try {
    return lstatSync(p);
  } catch {
    return void 0;
  }
}
function statOrUndefined(p) {
  try {
    return statSync2(p);
  } catch {
    return void 0;
  }
}
async function collectBeside(dirs, cwd, exclude = []) {
  const byRepo = /* @__PURE__ */ new Map();
  const cache = /* @__PURE__ */ new Map();
  const out = [];
  for (const dir of new Set(dirs)) {
    const root = repositoryOf(dir, cache);
    if (root === null) out.push(...shallowFiles(dir));
    else byRepo.set(root, [...byRepo.get(root) ?? [], dir]);
  }
  const { execFile } = byRepo.size ? await import("node:child_process") : { execFile: void 0 };
  const listed2 = [...byRepo].map(([root, list]) => {
    const specs = list.map((d) => `:(glob)${[...relative3(root, d).split(sep3), "*"].filter(Boolean).map(globEscape).join("/")}`);
    const args = ["-C", root, "ls-files", "-co", "--exclude-standard", "-z", "--", ...specs];
    return new Promise(
      (done) => execFile(
        "git",
        args,
        { encoding: "utf8", maxBuffer: 1 << 30 },
        (err, stdout2) => done(err ? list.flatMap(shallowFiles) : stdout2.split("\0").flatMap((f) => f ? [join5(root, f)] : []))
      )
    );
  });
  for (const f of (await Promise.all(listed2)).flat()) if (regularOrLink(f)) out.push(f);
  const matcher = exclude.length ? await excluder(exclude, cwd) : () => false;
  return out.filter((f) => MANIFEST.test(f) && !isTempName(basename3(f)) && !f.split(sep3).some((p) => NEVER.has(p)) && !matcher(f));
}
function globEscape(part) {
  return part === "*" ? part : part.replace(/[*?[\]\\]/g, "\\$&");
}
function regularOrLink(path) {
  return lstatOrUndefined(path)?.isFile() || statOrUndefined(path)?.isFile() || false;
}
function shallowFiles(dir) {
  try {
    return readdirSync2(dir, { withFileTypes: true }).flatMap((e) => {
      const p = join5(dir, e.name);
      return e.isFile() || e.isSymbolicLink() && statOrUndefined(p)?.isFile() ? [p] : [];
    });
  } catch {
    return [];
  }
}

// src/files/convert.ts
import { existsSync as existsSync4, statSync as statSync3 } from "node:fs";
import { resolve as resolve3 } from "node:path";

// src/files/hints.ts
import { readFileSync } from "node:fs";

// src/files/chart.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname5, join as join6 } from "node:path";
function chartValuesFile(templateFile) {
  let dir = dirname5(templateFile);
  for (; ; ) {
    if (existsSync2(join6(dir, "Chart.yaml"))) {
      const values = join6(dir, "values.yaml");
      return existsSync2(values) ? values : void 0;
    }
    const parent = dirname5(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}

// src/files/hints.ts
async function addValuesHints(findings, file, show) {
  const wanted = findings.filter((f) => f.valuesPath);
  if (wanted.length === 0) return;
  const valuesFile = chartValuesFile(file);
  if (!valuesFile) return;
  let text;
  try {
    text = readFileSync(valuesFile, "utf8");
  } catch {
    return;
  }
  const { findValue } = await import("./chunks/values-H66NQQ3M.js");
  for (const f of wanted) {
    const at = findValue(text, f.valuesPath);
    if (!at) continue;
    const affix = f.valuesAffix;
    const reads = !affix && at.reads ? `; the template renders ${at.rendered}, ${at.reads} by Kubernetes` : "";
    f.message += ` (${show(valuesFile)}:${at.line}:${at.column} holds ${at.raw}${reads || rendering(at.raw, at.rendered, affix)})`;
  }
}
function rendering(raw, rendered, affix) {
  if (affix?.more) return "; the weight has more template text around it";
  const around = (affix?.prefix ?? "") + (affix?.suffix ?? "");
  if (rendered === void 0) {
    if (!affix) return "";
    const parts = [affix.prefix && `"${affix.prefix}" before it`, affix.suffix && `"${affix.suffix}" after it`].filter(Boolean);
    return `; the template writes ${parts.join(" and ")}`;
  }
  const text = `${affix?.prefix ?? ""}${rendered}${affix?.suffix ?? ""}`;
  if (!around && (text === raw || text === raw.slice(1, -1))) return "";
  return `; the template renders ${text}`;
}

// src/files/kustomizations.ts
import { dirname as dirname6, join as join7 } from "node:path";
var PATTERNS = [...KUSTOMIZATION_NAMES].map((name) => `:(top,glob)**/${name}`);
async function repoKustomizations(files) {
  const roots = /* @__PURE__ */ new Set();
  const cache = /* @__PURE__ */ new Map();
  for (const f of files) {
    const root = repositoryOf(dirname6(f), cache);
    if (root) roots.add(root);
  }
  if (roots.size === 0) return [];
  const { spawnSync: spawnSync2 } = await import("node:child_process");
  const found = [];
  for (const root of roots) {
    const r = spawnSync2("git", ["-C", root, "ls-files", "-co", "--exclude-standard", "-z", "--", ...PATTERNS], {
      encoding: "utf8",
      maxBuffer: 1 << 26
    });
    if (r.error || r.status !== 0) continue;
    for (const f of r.stdout.split("\0")) if (f) found.push(join7(root, f));
  }
  return found;
}

// src/files/read.ts
import { closeSync as closeSync3, openSync as openSync3, readSync as readSync3 } from "node:fs";
var FileReader = class {
  buf = Buffer.allocUnsafe(256 * 1024);
  /** The file's bytes, as a view of a buffer that the next read() reuses. */
  read(path) {
    const fd = openSync3(path, "r");
    try {
      let len = 0;
      for (; ; ) {
        if (len === this.buf.length) {
          const bigger = Buffer.allocUnsafe(this.buf.length * 2);
          this.buf.copy(bigger, 0, 0, len);
          this.buf = bigger;
        }
        const n = readSync3(fd, this.buf, len, this.buf.length - len, null);
        if (n === 0) return this.buf.subarray(0, len);
        len += n;
      }
    } finally {
      closeSync3(fd);
    }
  }
};

// src/files/outside.ts
import { lstatSync as lstatSync2 } from "node:fs";
import { dirname as dirname7, relative as relative4, sep as sep4 } from "node:path";
function leaveUnchanged(r, message, pending) {
  r.changed = false;
  r.output = r.input;
  r.findings.push({
    severity: "warning",
    code: "not-written",
    offset: 0,
    path: r.shown,
    line: 0,
    column: 0,
    ...pending ? { pending: true } : {},
    message
  });
}
function holdBackOutside(results, boundary, trees) {
  const byTree = /* @__PURE__ */ new Map();
  for (const r of results) {
    if (!r.changed || boundary.allows(r.file)) continue;
    r.changed = false;
    r.output = r.input;
    const tree = trees?.treeOf(r);
    if (tree === void 0) r.findings.push(loneFinding(r, boundary));
    else byTree.set(tree, [...byTree.get(tree) ?? [], r]);
  }
  for (const [tree, outside] of byTree) refuseTree(tree, outside, boundary, trees);
  return new Set(byTree.keys());
}
function loneFinding(r, boundary) {
  const real = realOrSelf(r.file);
  const what = isSymlink(r.file) ? `cannot process ${r.shown}: it is a symlink to ${real},` : `cannot process ${r.shown}: it is${real === r.file ? "" : ` ${real},`}`;
  const include = isSymlink(r.file) ? void 0 : `pass ${boundary.name(real)} to convert it`;
  return { ...warning(0, beyondMessage(what, { include })), path: r.shown, line: 0, column: 0 };
}
function refuseTree(tree, outside, boundary, trees) {
  const crossings = [];
  for (const [key, k] of trees.kustomizations) {
    if (trees.tree.get(key) !== tree || !boundary.allows(key) || !trees.resultOf(key)) continue;
    for (const entry of entries(k)) {
      const target = realOrSelf(entry.path);
      if (boundary.allows(target)) continue;
      crossings.push({ k, entry, files: outside.filter((r) => isInside(realOrSelf(r.file), target)) });
    }
  }
  const covered = new Set(crossings.flatMap((c) => c.files));
  const uncovered = outside.filter((r) => !covered.has(r));
  if (crossings.length === 0) {
    for (const r of outside) r.findings.push(loneFinding(r, boundary));
    return;
  }
  crossings[0].files.push(...uncovered);
  for (const { k, entry, files } of crossings) {
    if (files.length === 0) continue;
    const result = trees.resultOf(k.file);
    const names = files.map((r) => boundary.name(r.file));
    const named = relative4(dirname7(k.file), entry.path).split(sep4).join("/") || ".";
    const message = beyondMessage(`${entry.field} entry ${named} reaches ${names.join(", ")},`, {
      notWritten: "its kustomize tree is not written",
      include: `pass ${names.length > 1 ? "their paths" : "its path"} to convert ${names.length > 1 ? "them" : "it"}, or a directory that holds both`
    });
    result.findings.push(...locateFindings([warning(entry.offset, message)], k.text, 1, result.shown));
  }
}
function entries(k) {
  const out = k.children.map((c) => ({ field: c.field, path: c.path, offset: c.offset }));
  for (const p of k.patches) if (p.file !== void 0) out.push({ field: p.field, path: p.file, offset: p.offset });
  return out;
}
function warning(offset, message) {
  return { severity: "warning", code: "write-boundary", offset, message, pending: true };
}
function isSymlink(file) {
  try {
    return lstatSync2(file).isSymbolicLink();
  } catch {
    return false;
  }
}

// src/files/values.ts
import { existsSync as existsSync3, lstatSync as lstatSync3, readdirSync as readdirSync3, readFileSync as readFileSync2 } from "node:fs";
import { basename as basename4, dirname as dirname8, join as join8 } from "node:path";
var MAX_USES_SHOWN = 3;
var ChartValuesRun = class {
  constructor(ctx) {
    this.ctx = ctx;
  }
  ctx;
  files = /* @__PURE__ */ new Map();
  /**
   * Converts `file` again with its chart's values when its first conversion left value
   * weights pending; records the values.yaml writes. Returns the conversion to keep.
   */
  async convert(file, first, opts, again) {
    const wanted = first.findings.filter((f) => f.code === "templated" && f.pending && f.valuesPath);
    if (wanted.length === 0) return first;
    const chart = chartOf(file);
    const valuesFile = chart && join8(chart, "values.yaml");
    if (!chart || !existsSync3(valuesFile)) return first;
    const key = realOrSelf(valuesFile);
    const known = this.files.get(key);
    let text;
    try {
      text = known?.text ?? readFileSync2(valuesFile, "utf8");
    } catch {
      return first;
    }
    const values = await this.readValues(file, chart, valuesFile, text, wanted);
    const second = again({ ...opts, chartValues: values });
    const writes = second.findings.flatMap((f) => (f.valuesWrites ?? []).map((w) => ({ ...w, by: f })));
    if (writes.length === 0) return second;
    const { findValue } = await import("./chunks/values-H66NQQ3M.js");
    const record = known ?? { file: valuesFile, input: Buffer.from(text, "utf8"), text, templates: [], findings: [] };
    for (const w of writes) {
      const at = findValue(record.text, w.path);
      if (!at) throw new Error(`internal error: ${w.path.join(".")} vanished from ${valuesFile}`);
      const q = at.quoted ? at.raw[0] : "";
      const written = `${q}${w.text}${q}`;
      record.findings.push({
        severity: "info",
        code: "values-converted",
        offset: at.start,
        path: this.ctx.show(valuesFile),
        line: at.line,
        column: at.column,
        message: `${w.path.join(".")} ${at.raw} -> ${written} (a weight of ${w.by.message.slice(0, w.by.message.indexOf(": "))} in ${w.by.path}:${w.by.line}:${w.by.column})`
      });
      record.text = record.text.slice(0, at.start) + written + record.text.slice(at.end);
    }
    record.templates.push(file);
    this.files.set(key, record);
    return second;
  }
  /** Each wanted path's value as Helm reads it, or why it may not be converted. */
  async readValues(file, chart, valuesFile, text, wanted) {
    const { findValue } = await import("./chunks/values-H66NQQ3M.js");
    const out = /* @__PURE__ */ new Map();
    const show = this.ctx.show;
    const whole = this.chartRefusal(chart, valuesFile);
    const sources = [...templateFiles(join8(chart, "templates")), valuesFile].map((f) => ({
      f,
      text: f === valuesFile ? text : readText(f)
    }));
    for (const f of wanted) {
      const path = f.valuesPath;
      const dotted = path.join(".");
      if (out.has(dotted)) continue;
      const refuse = (refused) => void out.set(dotted, { refused });
      if (whole) refuse(whole);
      else if (path[0] === "global") refuse("a global value is shared with every subchart");
      else {
        const mine = sources.find((s) => realOrSelf(s.f) === realOrSelf(file));
        const own = new Set(wanted.filter((w) => w.valuesPath.join(".") === dotted).map((w) => offsetAt(mine?.text ?? "", w)));
        const uses = sources.flatMap(
          (s) => otherUses(s.text, path).filter((u) => !(s === mine && own.has(u))).map((u) => place(s, u))
        );
        const overrides = overridesOf(chart, path, findValue, show);
        const schema = join8(chart, "values.schema.json");
        const at = findValue(text, path);
        if (own.size > 1) refuse(`.Values.${dotted} is read by ${own.size} weights, which could take different factors`);
        else if (uses.length) refuse(`.Values.${dotted} is read elsewhere too: ${listed(uses)}`);
        else if (overrides.length) refuse(`${listed(overrides)} set${overrides.length === 1 ? "s" : ""} .Values.${dotted} too`);
        else if (existsSync3(schema) && readText(schema).includes(`"${path[path.length - 1]}"`))
          refuse(`${show(schema)} may give .Values.${dotted} a type`);
        else if (at?.fixed) refuse(`${show(valuesFile)}:${at.line}:${at.column} ${at.fixed}`);
        else out.set(dotted, at ? { json: at.json, quoted: at.quoted } : { absent: true });
      }
    }
    function place(s, offset) {
      const before = s.text.slice(0, offset);
      const line2 = before.split("\n").length;
      return `${show(s.f)}:${line2}:${offset - before.lastIndexOf("\n")}`;
    }
    return out;
  }
  /** Why no value of this chart may be written: a parent chart, the write boundary, a read-only values.yaml. */
  chartRefusal(chart, valuesFile) {
    const parent = dirname8(chart);
    if (basename4(parent) === "charts" && existsSync3(join8(dirname8(parent), "Chart.yaml"))) {
      return `the chart is a subchart of ${this.ctx.show(dirname8(parent))}, whose values may set it`;
    }
    const { boundary, writing } = this.ctx;
    if (boundary && !boundary.allows(valuesFile))
      return beyondMessage(`${this.ctx.show(valuesFile)} is`, { notWritten: "the value cannot be written" });
    if (writing) {
      try {
        checkWritable(valuesFile, boundary ? { boundary } : {});
      } catch (err) {
        return `${this.ctx.show(valuesFile)} cannot be written (${err.code ?? err.message})`;
      }
    }
    return void 0;
  }
};
function offsetAt(text, f) {
  let start = 0;
  for (let line2 = 1; line2 < f.line && start >= 0; line2++) start = text.indexOf("\n", start) + 1;
  const action = start + f.column - 1;
  return text.indexOf(".Values", action);
}
function otherUses(text, path) {
  const out = [];
  const ref = /\.Values((?:\.[A-Za-z_]\w*)*)/g;
  for (const m of text.matchAll(ref)) {
    const before = text[m.index - 1];
    if (before !== void 0 && /\w/.test(before)) continue;
    const got = m[1] ? m[1].slice(1).split(".") : [];
    const n = Math.min(got.length, path.length);
    if (got.slice(0, n).every((k, i) => k === path[i])) out.push(m.index);
  }
  return out;
}
function overridesOf(chart, path, findValue, show) {
  const out = [];
  for (const name of readdirSync3(chart).sort()) {
    if (!/^values-.+\.ya?ml$/.test(name)) continue;
    const f = join8(chart, name);
    const at = findValue(readText(f), path);
    if (at) out.push(`${show(f)}:${at.line}:${at.column}`);
  }
  return out;
}
function chartOf(file) {
  for (let dir = dirname8(file); ; ) {
    if (basename4(dir) === "templates" && existsSync3(join8(dirname8(dir), "Chart.yaml"))) return dirname8(dir);
    const parent = dirname8(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
function templateFiles(dir) {
  const out = [];
  let names;
  try {
    names = readdirSync3(dir).sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const f = join8(dir, name);
    const st = lstatSync3(f);
    if (st.isDirectory()) out.push(...templateFiles(f));
    else out.push(f);
  }
  return out;
}
function readText(file) {
  try {
    return readFileSync2(file, "utf8");
  } catch {
    return "";
  }
}
function listed(items) {
  const shown = items.slice(0, MAX_USES_SHOWN).join(", ");
  return items.length > MAX_USES_SHOWN ? `${shown} and ${items.length - MAX_USES_SHOWN} more` : shown;
}
function holdBackPairs(results, values) {
  const byFile = new Map(results.map((r) => [realOrSelf(r.file), r]));
  for (const v of values.values()) {
    const members = [v.file, ...v.templates].map((f) => byFile.get(realOrSelf(f))).filter((r) => r !== void 0);
    const failed = members.some((r) => !r.changed || r.findings.some((f) => f.severity === "error"));
    if (!failed) continue;
    for (const r of members) {
      if (r.changed)
        leaveUnchanged(
          r,
          "left unchanged: a chart template and the values.yaml its weights render from are converted together, and the other one has errors, cannot be written or is outside the paths being processed",
          true
        );
    }
  }
  return results;
}

// src/files/rewrites.ts
import { resolve as resolve2 } from "node:path";
async function applyRewrites(results, inputOf) {
  const all = [...results.values()].flatMap((r) => r.rewrites ?? []);
  if (all.length === 0) return;
  const rewriter = await loadRewriter();
  const byPath = /* @__PURE__ */ new Map();
  for (const w of all) byPath.set(w.file.path, [...byPath.get(w.file.path) ?? [], w]);
  const fileOf = new Map([...results.keys()].map((f) => [resolve2(f), f]));
  const report = (f) => {
    ;
    [...results.values()].find((r) => r.shown === f.path)?.findings.push(f);
  };
  for (const [path, rewrites] of byPath) {
    const file = fileOf.get(path);
    const input = file === void 0 ? void 0 : inputOf(file);
    const result = file === void 0 ? void 0 : results.get(file);
    const edits = result?.edits ?? (result?.changed ? void 0 : []);
    if (!input || !result || !edits) {
      for (const w of rewrites) report({ ...w.refused, message: `${w.refused.message} (its file cannot be changed by this run)` });
      continue;
    }
    const done = rewriteInput(input, edits, rewrites, rewriter, rewrites[0].file.shown, false);
    for (const f of done.findings) {
      if (f.path === result.shown) result.findings.push(f);
      else report(f);
    }
    if (done.output) Object.assign(result, { input, output: done.output, changed: true, edits: [...edits, ...done.edits] });
  }
}

// src/files/beside.ts
import { dirname as dirname9 } from "node:path";
async function readBeside(files, inputs, target, o = { cwd: process.cwd() }) {
  const out = /* @__PURE__ */ new Map();
  const replaces = Object.keys(target.replaces).map((n) => Buffer.from(n));
  const dirs = [...inputs].flatMap(([file, input]) => replaces.some((n) => input.includes(n)) ? [dirname9(file)] : []);
  if (dirs.length === 0) return out;
  const given = new Set(files);
  let real;
  const inRun = (file) => given.has(file) || (real ??= new Set(files.map(realOrSelf))).has(realOrSelf(file));
  const reads = target.reads.map((n) => Buffer.from(n));
  const reader = new FileReader();
  for (const file of await collectBeside(dirs, o.cwd, o.exclude)) {
    if (out.has(file) || inRun(file)) continue;
    let input;
    try {
      input = reader.read(file);
    } catch {
      continue;
    }
    if (encodingFinding(input, file) || !reads.some((n) => input.includes(n))) continue;
    out.set(file, Buffer.from(input));
  }
  return out;
}

// src/files/convert.ts
var NEEDLES2 = [...NEEDLES, Buffer.from("backends"), ...GROUP_NEEDLES];
var EMPTY = Buffer.alloc(0);
async function convertFiles(files, opts, show, options) {
  const results = /* @__PURE__ */ new Map();
  const kept = /* @__PURE__ */ new Map();
  const factFiles = /* @__PURE__ */ new Map();
  const reads = (options.target?.entry.reads ?? []).map((n) => Buffer.from(n));
  const reader = new FileReader();
  const take = (file) => {
    let input;
    try {
      input = reader.read(file);
    } catch (err) {
      results.set(file, unchanged(file, show(file), [ioError(show(file), err)]));
      return;
    }
    const refused = encodingFinding(input, file);
    if (refused) results.set(file, unchanged(file, show(file), [{ ...refused, path: show(file) }]));
    else if (isKustomizationFile(file) || NEEDLES2.some((n) => input.includes(n))) kept.set(file, Buffer.from(input));
    else {
      if (reads.some((n) => input.includes(n))) factFiles.set(file, Buffer.from(input));
      results.set(file, skipped(file, show));
    }
  };
  for (const file of files) take(file);
  const planned = kept.size > 0 ? await planTrees([...kept.keys()], kept, { ...opts, replacedBy: options.target?.entry }) : void 0;
  const kustomize = planned?.kustomize;
  const trees = planned?.trees;
  const keyOf = /* @__PURE__ */ new Map();
  const extras = /* @__PURE__ */ new Map();
  if (trees && kustomize) {
    for (const file of kept.keys()) keyOf.set(file, realOrSelf(file));
    const touched = /* @__PURE__ */ new Map();
    for (const [file, key] of keyOf) {
      const tree = trees.tree.get(key);
      if (tree !== void 0 && !touched.has(tree)) touched.set(tree, file);
    }
    const inRun = /* @__PURE__ */ new Set([...files.map(realOrSelf)]);
    for (const [member, tree] of trees.tree) {
      if (!touched.has(tree) || inRun.has(member)) continue;
      take(member);
      if (kept.has(member)) keyOf.set(member, member);
      extras.set(member, show(touched.get(tree)));
    }
  }
  const prepared = await prepareRun(opts, options, [...kept, ...factFiles], show, planned?.trees, [...files, ...extras.keys()]);
  let converter;
  const chartValues = new ChartValuesRun({ show, boundary: options.boundary, writing: options.writing });
  for (const [file, input] of kept) {
    const shown = show(file);
    const run2 = prepared(file);
    const key = keyOf.get(file) ?? file;
    const candidate = isCandidate(input);
    let r = trees && kustomize ? kustomize.convertTreeFile(trees, key, input, run2, shown) : void 0;
    if (!r) {
      if (!converter && candidate) converter = await loadConverter();
      const floors = trees?.floors.get(key);
      r = await convertOne(file, input, run2, { shown, show, floors, converter, values: !options.target && chartValues });
    }
    const objects = r.objects ?? [];
    results.set(
      file,
      r.changed ? { file, shown, candidate, input, ...r, objects } : { ...r, ...unchanged(file, shown, r.findings), candidate, objects }
    );
  }
  await applyRewrites(results, (file) => kept.get(file) ?? factFiles.get(file));
  for (const [file, by] of extras) results.get(file).extraOf = by;
  const named = [...files, ...[...extras.keys()].sort()].map((f) => results.get(f));
  const ordered = withValuesFiles(named, chartValues.files, show);
  const treeOf = (r) => trees?.tree.get(keyOf.get(r.file) ?? r.file);
  const byKey = new Map(ordered.map((r) => [keyOf.get(r.file) ?? realOrSelf(r.file), r]));
  const view = trees && { treeOf, tree: trees.tree, kustomizations: trees.kustomizations, resultOf: (key) => byKey.get(key) };
  const outside = options.boundary ? holdBackOutside(ordered, options.boundary, view) : /* @__PURE__ */ new Set();
  if (trees) holdBackTrees(ordered, treeOf, outside, options.writing ? options.boundary : void 0);
  return holdBackPairs(ordered, chartValues.files);
}
async function convertOne(file, input, run2, o) {
  const convert = (opts) => migrateBytes(input, opts, o.shown, o.converter ?? failIfCalled);
  let r = convert(o.floors ? { ...run2, scaleFloor: o.floors } : run2);
  if (o.values && !o.floors && o.converter) r = await o.values.convert(file, r, run2, convert);
  await addValuesHints(r.findings, file, o.show);
  return r;
}
function withValuesFiles(ordered, values, show) {
  for (const v of values.values()) {
    const output = Buffer.from(v.text, "utf8");
    v.findings.sort((a, b) => a.line - b.line);
    const r = ordered.find((o) => realOrSelf(o.file) === realOrSelf(v.file));
    if (!r)
      ordered.push({
        file: v.file,
        shown: show(v.file),
        candidate: false,
        input: v.input,
        output,
        changed: true,
        findings: v.findings,
        objects: []
      });
    else if (r.changed)
      r.findings.push({
        ...ioError(r.shown, new Error("converted twice")),
        message: `${r.shown}: its own conversion and a chart's values cannot be combined; not written`
      });
    else Object.assign(r, { input: v.input, output, changed: true, findings: [...v.findings, ...r.findings] });
  }
  return ordered;
}
async function prepareRun(opts, options, inputs, show, trees, inRun) {
  const choice = options.target;
  if (!choice) return () => opts;
  const reading = readBeside(inRun, inputs, choice.entry, options.beside);
  const [{ prepare, scopeTarget }, plugin] = await Promise.all([import("./chunks/target-ZWVQYSEX.js"), choice.entry.load()]);
  const aside = await reading;
  const patches = patchFiles(trees, show);
  const sourced = function* () {
    for (const [file, input] of [...inputs, ...aside]) {
      const source = { path: resolve3(file), shown: show(file), ...aside.has(file) ? { aside: true } : {} };
      const patchOf = patches.get(realOrSelf(file));
      for (const text of documentsOf([input])) yield { text, file: source, ...patchOf !== void 0 ? { patchOf } : {} };
    }
  };
  const target = prepare(plugin, choice.options, sourced());
  return (file) => ({ ...opts, target: scopeTarget(target, { path: resolve3(file), shown: show(file) }) });
}
function patchFiles(plan, show) {
  const out = /* @__PURE__ */ new Map();
  if (!plan) return out;
  const trees = /* @__PURE__ */ new Map();
  for (const [file, id] of plan.tree) trees.set(id, (trees.get(id) ?? /* @__PURE__ */ new Set()).add(file));
  for (const k of plan.kustomizations.values()) {
    const id = plan.tree.get(realOrSelf(k.file));
    const members = id === void 0 ? void 0 : trees.get(id);
    for (const p of k.patches)
      if (p.file !== void 0 && !out.has(realOrSelf(p.file)))
        out.set(realOrSelf(p.file), { by: show(k.file), ...members ? { members } : {} });
  }
  return out;
}
function holdBackTrees(results, treeOf, failed, writing) {
  for (const r of results) {
    const tree = treeOf(r);
    if (tree === void 0) continue;
    if (r.findings.some((f) => f.severity === "error" || f.pending)) failed.add(tree);
    else if (writing && r.changed) {
      try {
        checkWritable(r.file, { boundary: writing });
      } catch (err) {
        r.findings.push(ioError(r.shown, err));
        r.changed = false;
        failed.add(tree);
      }
    }
  }
  for (const r of results) {
    const tree = treeOf(r);
    if (tree === void 0 || !failed.has(tree) || !r.changed) continue;
    leaveUnchanged(
      r,
      "left unchanged: another file of its kustomize tree has errors, is left for a person, cannot be written or is outside the paths being processed, and a tree is converted whole or not at all",
      false
    );
  }
}
async function planTrees(candidates, kept, opts) {
  const named = candidates.filter(isKustomizationFile);
  const all = [.../* @__PURE__ */ new Set([...named, ...await repoKustomizations(candidates)])];
  if (all.length === 0) return void 0;
  const kustomize = await import("./chunks/kustomize-3QLY5H2C.js");
  const reader = new FileReader();
  const read = (file) => {
    const b = kept.get(file);
    if (b) return b.toString("utf8");
    try {
      const bytes = reader.read(file);
      return encodingFinding(bytes, file) ? void 0 : bytes.toString("utf8");
    } catch {
      return void 0;
    }
  };
  const tree = { read, isFile: (f) => existsSync4(f) && statSync3(f).isFile(), real: realOrSelf };
  return { kustomize, trees: kustomize.planTrees(all, tree, opts, new Set(candidates.map(realOrSelf))) };
}
function skipped(file, show) {
  return {
    file,
    get shown() {
      return show(file);
    },
    candidate: false,
    input: EMPTY,
    output: EMPTY,
    changed: false,
    findings: [],
    objects: []
  };
}
function unchanged(file, shown, findings) {
  return { file, shown, candidate: false, input: EMPTY, output: EMPTY, changed: false, findings, objects: [] };
}
function ioError(path, err) {
  const e = err;
  const why = err instanceof WriteRefused ? e.message : e.code ?? e.message;
  return { severity: "error", code: "io", offset: 0, path, line: 0, column: 0, message: `cannot process ${path}: ${why}` };
}
var failIfCalled = () => {
  throw new Error("internal error: converter used for a non-candidate file");
};

// src/report/myers.ts
function bogoSqrt(n) {
  let i = 1;
  for (; n > 0; n = Math.floor(n / 4)) i *= 2;
  return i;
}
var SNAKE_CNT = 20;
var HEUR_MIN_COST = 256;
var K_HEUR = 4;
var MAX_COST_MIN = 256;
var LINE_MAX = 2147483647;
var MyersSearch = class {
  constructor(h1, h2) {
    this.h1 = h1;
    this.h2 = h2;
    const diagonals = h1.length + h2.length + 3;
    this.kvdf = new Int32Array(diagonals);
    this.kvdb = new Int32Array(diagonals);
    this.base = h2.length + 1;
    this.maxCost = Math.max(bogoSqrt(diagonals), MAX_COST_MIN);
  }
  h1;
  h2;
  kvdf;
  kvdb;
  /** Diagonal d is stored at d + base (d ranges over -(n2 + 1) … n1 + 1). */
  base;
  maxCost;
  /** Marks (through the callbacks) every kept line that is not matched. Boxes are independent: a stack instead of recursion. */
  run(mark1, mark2) {
    const { h1, h2 } = this;
    const boxes = [[0, h1.length, 0, h2.length, false]];
    for (let box = boxes.pop(); box; box = boxes.pop()) {
      let [off1, lim1, off2, lim2] = box;
      while (off1 < lim1 && off2 < lim2 && h1[off1] === h2[off2]) {
        off1++;
        off2++;
      }
      while (off1 < lim1 && off2 < lim2 && h1[lim1 - 1] === h2[lim2 - 1]) {
        lim1--;
        lim2--;
      }
      if (off1 === lim1) for (let i = off2; i < lim2; i++) mark2(i);
      else if (off2 === lim2) for (let i = off1; i < lim1; i++) mark1(i);
      else {
        const cut = this.split(off1, lim1, off2, lim2, box[4]);
        boxes.push([cut.i1, lim1, cut.i2, lim2, cut.minHi], [off1, cut.i1, off2, cut.i2, cut.minLo]);
      }
    }
  }
  split(off1, lim1, off2, lim2, needMin) {
    const fmid = off1 - off2;
    const bmid = lim1 - lim2;
    const f = {
      off1,
      lim1,
      off2,
      lim2,
      dmin: off1 - lim2,
      dmax: lim1 - off2,
      fmid,
      bmid,
      odd: (fmid - bmid & 1) !== 0,
      fmin: fmid,
      fmax: fmid,
      bmin: bmid,
      bmax: bmid,
      gotSnake: false
    };
    this.kvdf[fmid + this.base] = off1;
    this.kvdb[bmid + this.base] = lim1;
    for (let cost = 1; ; cost++) {
      f.gotSnake = false;
      const met = this.forward(f) ?? this.backward(f);
      if (met) return met;
      if (needMin) continue;
      const early = f.gotSnake && cost > HEUR_MIN_COST ? this.forwardSnake(f, cost) ?? this.backwardSnake(f, cost) : void 0;
      if (early) return early;
      if (cost >= this.maxCost) return this.furthest(f);
    }
  }
  /** One step of the forward search; the cut if it met the backward one. */
  forward(f) {
    const { kvdf, kvdb, base, h1, h2 } = this;
    if (f.fmin > f.dmin) kvdf[--f.fmin - 1 + base] = -1;
    else ++f.fmin;
    if (f.fmax < f.dmax) kvdf[++f.fmax + 1 + base] = -1;
    else --f.fmax;
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      let i1 = kvdf[d - 1 + base] >= kvdf[d + 1 + base] ? kvdf[d - 1 + base] + 1 : kvdf[d + 1 + base];
      const prev = i1;
      let i2 = i1 - d;
      while (i1 < f.lim1 && i2 < f.lim2 && h1[i1] === h2[i2]) {
        i1++;
        i2++;
      }
      if (i1 - prev > SNAKE_CNT) f.gotSnake = true;
      kvdf[d + base] = i1;
      if (f.odd && f.bmin <= d && d <= f.bmax && kvdb[d + base] <= i1) return { i1, i2, minLo: true, minHi: true };
    }
    return void 0;
  }
  /** One step of the backward search; the cut if it met the forward one. */
  backward(f) {
    const { kvdf, kvdb, base, h1, h2 } = this;
    if (f.bmin > f.dmin) kvdb[--f.bmin - 1 + base] = LINE_MAX;
    else ++f.bmin;
    if (f.bmax < f.dmax) kvdb[++f.bmax + 1 + base] = LINE_MAX;
    else --f.bmax;
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      let i1 = kvdb[d - 1 + base] < kvdb[d + 1 + base] ? kvdb[d - 1 + base] : kvdb[d + 1 + base] - 1;
      const prev = i1;
      let i2 = i1 - d;
      while (i1 > f.off1 && i2 > f.off2 && h1[i1 - 1] === h2[i2 - 1]) {
        i1--;
        i2--;
      }
      if (prev - i1 > SNAKE_CNT) f.gotSnake = true;
      kvdb[d + base] = i1;
      if (!f.odd && f.fmin <= d && d <= f.fmax && i1 <= kvdf[d + base]) return { i1, i2, minLo: true, minHi: true };
    }
    return void 0;
  }
  /** A forward diagonal far ahead of the cost that ends a snake of SNAKE_CNT lines: cut there. */
  forwardSnake(f, cost) {
    const { kvdf, base, h1, h2 } = this;
    let best = 0;
    let cut;
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      const i1 = kvdf[d + base];
      const i2 = i1 - d;
      const v = i1 - f.off1 + (i2 - f.off2) - Math.abs(d - f.fmid);
      if (v > K_HEUR * cost && v > best && f.off1 + SNAKE_CNT <= i1 && i1 < f.lim1 && f.off2 + SNAKE_CNT <= i2 && i2 < f.lim2) {
        for (let k = 1; h1[i1 - k] === h2[i2 - k]; k++) {
          if (k === SNAKE_CNT) {
            best = v;
            cut = { i1, i2, minLo: true, minHi: false };
            break;
          }
        }
      }
    }
    return cut;
  }
  /** The same from the backward side. */
  backwardSnake(f, cost) {
    const { kvdb, base, h1, h2 } = this;
    let best = 0;
    let cut;
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      const i1 = kvdb[d + base];
      const i2 = i1 - d;
      const v = f.lim1 - i1 + (f.lim2 - i2) - Math.abs(d - f.bmid);
      if (v > K_HEUR * cost && v > best && f.off1 < i1 && i1 <= f.lim1 - SNAKE_CNT && f.off2 < i2 && i2 <= f.lim2 - SNAKE_CNT) {
        for (let k = 0; h1[i1 + k] === h2[i2 + k]; k++) {
          if (k === SNAKE_CNT - 1) {
            best = v;
            cut = { i1, i2, minLo: false, minHi: true };
            break;
          }
        }
      }
    }
    return cut;
  }
  /** Past the cost limit: the diagonal, forward or backward, that got furthest into the box. */
  furthest(f) {
    const { kvdf, kvdb, base } = this;
    let fbest = -1;
    let fbest1 = -1;
    for (let d = f.fmax; d >= f.fmin; d -= 2) {
      let i1 = Math.min(kvdf[d + base], f.lim1);
      let i2 = i1 - d;
      if (f.lim2 < i2) {
        i1 = f.lim2 + d;
        i2 = f.lim2;
      }
      if (fbest < i1 + i2) {
        fbest = i1 + i2;
        fbest1 = i1;
      }
    }
    let bbest = LINE_MAX;
    let bbest1 = LINE_MAX;
    for (let d = f.bmax; d >= f.bmin; d -= 2) {
      let i1 = Math.max(f.off1, kvdb[d + base]);
      let i2 = i1 - d;
      if (i2 < f.off2) {
        i1 = f.off2 + d;
        i2 = f.off2;
      }
      if (i1 + i2 < bbest) {
        bbest = i1 + i2;
        bbest1 = i1;
      }
    }
    return f.lim1 + f.lim2 - bbest < fbest - (f.off1 + f.off2) ? { i1: fbest1, i2: fbest - fbest1, minLo: true, minHi: false } : { i1: bbest1, i2: bbest - bbest1, minLo: false, minHi: true };
  }
};

// src/report/sliders.ts
var Groups = class {
  constructor(changed, n) {
    this.changed = changed;
    this.n = n;
  }
  changed;
  n;
  first() {
    const g = { start: 0, end: 0 };
    while (this.changed[g.end]) g.end++;
    return g;
  }
  next(g) {
    if (g.end === this.n) return false;
    g.start = g.end + 1;
    for (g.end = g.start; this.changed[g.end]; g.end++) ;
    return true;
  }
  previous(g) {
    if (g.start === 0) return false;
    g.end = g.start - 1;
    for (g.start = g.end; g.start > 0 && this.changed[g.start - 1]; g.start--) ;
    return true;
  }
};
var SlidingGroups = class extends Groups {
  constructor(changed, lines) {
    super(changed, lines.length);
    this.lines = lines;
  }
  lines;
  /** Moves the group one line down when the line after it equals its first, merging into a group it meets. */
  slideDown(g) {
    if (g.end >= this.n || this.lines[g.start] !== this.lines[g.end]) return false;
    this.changed[g.start++] = 0;
    this.changed[g.end++] = 1;
    while (this.changed[g.end]) g.end++;
    return true;
  }
  /** Moves the group one line up when the line before it equals its last, merging into a group it meets. */
  slideUp(g) {
    if (g.start === 0 || this.lines[g.start - 1] !== this.lines[g.end - 1]) return false;
    this.changed[--g.start] = 1;
    this.changed[--g.end] = 0;
    while (g.start > 0 && this.changed[g.start - 1]) g.start--;
    return true;
  }
};
var MAX_SLIDING = 100;
function compactGroups(lines, changed, otherChanged, otherLength) {
  const mine = new SlidingGroups(changed, lines);
  const other = new Groups(otherChanged, otherLength);
  const indents = new Indents(lines);
  const g = mine.first();
  const go = other.first();
  const sync = (moved) => {
    if (!moved) throw new Error("diff: the groups of the two texts went out of step");
  };
  for (; ; ) {
    if (g.end !== g.start) {
      let size;
      let earliestEnd;
      let endMatchingOther;
      do {
        size = g.end - g.start;
        endMatchingOther = -1;
        while (mine.slideUp(g)) sync(other.previous(go));
        earliestEnd = g.end;
        if (go.end > go.start) endMatchingOther = g.end;
        while (mine.slideDown(g)) {
          sync(other.next(go));
          if (go.end > go.start) endMatchingOther = g.end;
        }
      } while (size !== g.end - g.start);
      if (g.end === earliestEnd) {
      } else if (endMatchingOther !== -1) {
        while (go.end === go.start) {
          sync(mine.slideUp(g));
          sync(other.previous(go));
        }
      } else {
        const target = bestShift(indents, g.end, size, earliestEnd);
        while (g.end > target) {
          sync(mine.slideUp(g));
          sync(other.previous(go));
        }
      }
    }
    if (!mine.next(g)) break;
    sync(other.next(go));
  }
}
var MAX_INDENT = 200;
var MAX_BLANKS = 20;
var Indents = class {
  constructor(lines) {
    this.lines = lines;
    this.known = new Int16Array(lines.length).fill(-2);
  }
  lines;
  known;
  get length() {
    return this.lines.length;
  }
  of(i) {
    let v = this.known[i];
    if (v === -2) this.known[i] = v = indentOf(this.lines[i]);
    return v;
  }
};
function indentOf(line2) {
  let ret = 0;
  for (let i = 0; i < line2.length; i++) {
    const c = line2.charCodeAt(i);
    if (c === 32) ret += 1;
    else if (c === 9) ret += 8 - ret % 8;
    else if (c !== 10 && c !== 13) return ret;
    if (ret >= MAX_INDENT) return MAX_INDENT;
  }
  return -1;
}
function measureSplit(ind, split) {
  const endOfFile = split >= ind.length;
  const m = { endOfFile, indent: endOfFile ? -1 : ind.of(split), preBlank: 0, preIndent: -1, postBlank: 0, postIndent: -1 };
  for (let i = split - 1; i >= 0; i--) {
    m.preIndent = ind.of(i);
    if (m.preIndent !== -1) break;
    if (++m.preBlank === MAX_BLANKS) {
      m.preIndent = 0;
      break;
    }
  }
  for (let i = split + 1; i < ind.length; i++) {
    m.postIndent = ind.of(i);
    if (m.postIndent !== -1) break;
    if (++m.postBlank === MAX_BLANKS) {
      m.postIndent = 0;
      break;
    }
  }
  return m;
}
var START_OF_FILE_PENALTY = 1;
var END_OF_FILE_PENALTY = 21;
var TOTAL_BLANK_WEIGHT = -30;
var POST_BLANK_WEIGHT = 6;
var RELATIVE_INDENT_PENALTY = -4;
var RELATIVE_INDENT_WITH_BLANK_PENALTY = 10;
var RELATIVE_OUTDENT_PENALTY = 24;
var RELATIVE_OUTDENT_WITH_BLANK_PENALTY = 17;
var RELATIVE_DEDENT_PENALTY = 23;
var RELATIVE_DEDENT_WITH_BLANK_PENALTY = 17;
var INDENT_WEIGHT = 60;
function addSplitScore(m, s) {
  if (m.preIndent === -1 && m.preBlank === 0) s.penalty += START_OF_FILE_PENALTY;
  if (m.endOfFile) s.penalty += END_OF_FILE_PENALTY;
  const postBlank = m.indent === -1 ? 1 + m.postBlank : 0;
  const totalBlank = m.preBlank + postBlank;
  s.penalty += TOTAL_BLANK_WEIGHT * totalBlank + POST_BLANK_WEIGHT * postBlank;
  const indent = m.indent !== -1 ? m.indent : m.postIndent;
  const anyBlanks = totalBlank !== 0;
  s.effectiveIndent += indent;
  if (indent === -1 || m.preIndent === -1 || indent === m.preIndent) return;
  if (indent > m.preIndent) s.penalty += anyBlanks ? RELATIVE_INDENT_WITH_BLANK_PENALTY : RELATIVE_INDENT_PENALTY;
  else if (m.postIndent !== -1 && m.postIndent > indent)
    s.penalty += anyBlanks ? RELATIVE_OUTDENT_WITH_BLANK_PENALTY : RELATIVE_OUTDENT_PENALTY;
  else s.penalty += anyBlanks ? RELATIVE_DEDENT_WITH_BLANK_PENALTY : RELATIVE_DEDENT_PENALTY;
}
function compareScores(a, b) {
  const indents = Math.sign(a.effectiveIndent - b.effectiveIndent);
  return INDENT_WEIGHT * indents + (a.penalty - b.penalty);
}
function bestShift(ind, end, size, earliestEnd) {
  let best = -1;
  let bestScore = { effectiveIndent: 0, penalty: 0 };
  for (let shift = Math.max(earliestEnd, end - size - 1, end - MAX_SLIDING); shift <= end; shift++) {
    const score = { effectiveIndent: 0, penalty: 0 };
    addSplitScore(measureSplit(ind, shift), score);
    addSplitScore(measureSplit(ind, shift - size), score);
    if (best === -1 || compareScores(score, bestScore) <= 0) {
      best = shift;
      bestScore = score;
    }
  }
  return best;
}

// src/report/lines.ts
function lineChanges(a, b) {
  const changed1 = new Uint8Array(a.length + 1);
  const changed2 = new Uint8Array(b.length + 1);
  const middle = trimEnds(a, b);
  const { h1, h2, kept1, kept2 } = discardUnmatched(a, b, middle, changed1, changed2);
  new MyersSearch(h1, h2).run(
    (i) => {
      changed1[kept1[i]] = 1;
    },
    (i) => {
      changed2[kept2[i]] = 1;
    }
  );
  compactGroups(a, changed1, changed2, b.length);
  compactGroups(b, changed2, changed1, a.length);
  return buildScript(changed1, a.length, changed2, b.length);
}
function trimEnds(a, b) {
  const lim = Math.min(a.length, b.length);
  let start = 0;
  while (start < lim && a[start] === b[start]) start++;
  let tail = 0;
  while (tail < lim - start && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { start, end1: a.length - tail, end2: b.length - tail };
}
var SIMSCAN_WINDOW = 100;
var KPDIS_RUN = 4;
var MAX_EQLIMIT = 1024;
function discardUnmatched(a, b, m, changed1, changed2) {
  const classes = /* @__PURE__ */ new Map();
  const c1 = classify(a, m.start, m.end1, classes);
  const c2 = classifyLike(b, m, a, c1, classes);
  const in1 = new Int32Array(classes.size);
  const in2 = new Int32Array(classes.size);
  const countShared = (from, to) => {
    for (let i = from; i < to; i++) {
      const c = classes.get(a[i]);
      if (c !== void 0) {
        in1[c]++;
        in2[c]++;
      }
    }
  };
  countShared(0, m.start);
  countShared(m.end1, a.length);
  for (let i = 0; i < c1.length; i++) in1[c1[i]]++;
  for (let i = 0; i < c2.length; i++) in2[c2[i]]++;
  const [h1, kept1] = keep(c1, matchKinds(c1, in2, a.length), m.start, changed1);
  const [h2, kept2] = keep(c2, matchKinds(c2, in1, b.length), m.start, changed2);
  return { h1, h2, kept1, kept2 };
}
function classify(lines, from, to, classes) {
  const out = new Int32Array(to - from);
  for (let i = from; i < to; i++) out[i - from] = classOf(lines[i], classes);
  return out;
}
function classifyLike(b, m, a, c1, classes) {
  const out = new Int32Array(m.end2 - m.start);
  const shift = m.end1 - m.end2;
  for (let i = m.start; i < m.end2; i++) {
    const line2 = b[i];
    const j = i + shift;
    out[i - m.start] = i < m.end1 && a[i] === line2 ? c1[i - m.start] : j >= m.start && j < m.end1 && a[j] === line2 ? c1[j - m.start] : classOf(line2, classes);
  }
  return out;
}
function classOf(line2, classes) {
  let c = classes.get(line2);
  if (c === void 0) classes.set(line2, c = classes.size);
  return c;
}
function matchKinds(classes, inOther, lines) {
  const limit = Math.min(bogoSqrt(lines), MAX_EQLIMIT);
  const dis = new Uint8Array(classes.length);
  for (let i = 0; i < classes.length; i++) {
    const n = inOther[classes[i]];
    dis[i] = n === 0 ? 0 : n >= limit ? 2 : 1;
  }
  return dis;
}
function keep(classes, dis, offset, changed) {
  const h = new Int32Array(classes.length);
  const at = new Int32Array(classes.length);
  let n = 0;
  for (let i = 0; i < classes.length; i++) {
    if (dis[i] === 1 || dis[i] === 2 && !amidUnmatched(dis, i)) {
      h[n] = classes[i];
      at[n++] = offset + i;
    } else changed[offset + i] = 1;
  }
  return [h.subarray(0, n), at.subarray(0, n)];
}
function amidUnmatched(dis, i) {
  const before = runAround(dis, i, -1, Math.max(0, i - SIMSCAN_WINDOW));
  if (before.unmatched === 0) return false;
  const after = runAround(dis, i, 1, Math.min(dis.length - 1, i + SIMSCAN_WINDOW));
  if (after.unmatched === 0) return false;
  const repeated = before.repeated + after.repeated + 2;
  return repeated * KPDIS_RUN < repeated + before.unmatched + after.unmatched;
}
function runAround(dis, i, step, limit) {
  const run2 = { unmatched: 0, repeated: 0 };
  for (let j = i + step; step < 0 ? j >= limit : j <= limit; j += step) {
    if (dis[j] === 0) run2.unmatched++;
    else if (dis[j] === 2) run2.repeated++;
    else break;
  }
  return run2;
}
function buildScript(changed1, n1, changed2, n2) {
  const out = [];
  for (let i1 = n1, i2 = n2; i1 >= 0 || i2 >= 0; i1--, i2--) {
    if (!changed1[i1 - 1] && !changed2[i2 - 1]) continue;
    const l1 = i1;
    const l2 = i2;
    while (changed1[i1 - 1]) i1--;
    while (changed2[i2 - 1]) i2--;
    out.push({ i1, chg1: l1 - i1, i2, chg2: l2 - i2 });
  }
  return out.reverse();
}

// src/report/diff.ts
function unifiedDiff(path, before, after, context = 3) {
  if (before === after) return "";
  const a = splitLines(before);
  const b = splitLines(after);
  const tab = path.includes(" ") ? "	" : "";
  let out = `--- ${gitQuote(`a/${path}`)}${tab}
+++ ${gitQuote(`b/${path}`)}${tab}
`;
  for (const hunk of groupHunks(lineChanges(a, b), context)) out += renderHunk(hunk, a, b, context);
  return out;
}
function splitLines(text) {
  const lines = text.split(/(?<=\n)/);
  if (lines.length && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
function groupHunks(changes, context) {
  const hunks = [];
  for (const c of changes) {
    const cur = hunks[hunks.length - 1];
    const last = cur?.[cur.length - 1];
    if (cur && last && c.i1 - (last.i1 + last.chg1) <= 2 * context) cur.push(c);
    else hunks.push([c]);
  }
  return hunks;
}
function renderHunk(hunk, a, b, context) {
  const first = hunk[0];
  const last = hunk[hunk.length - 1];
  const aFrom = Math.max(0, first.i1 - context);
  const bFrom = Math.max(0, first.i2 - context);
  const after = Math.min(context, a.length - (last.i1 + last.chg1), b.length - (last.i2 + last.chg2));
  const aTo = last.i1 + last.chg1 + after;
  const bTo = last.i2 + last.chg2 + after;
  let body = "";
  let pos = aFrom;
  for (const c of hunk) {
    for (; pos < c.i1; pos++) body += line(" ", a[pos]);
    for (let i = c.i1; i < c.i1 + c.chg1; i++) body += line("-", a[i]);
    for (let i = c.i2; i < c.i2 + c.chg2; i++) body += line("+", b[i]);
    pos = c.i1 + c.chg1;
  }
  for (; pos < aTo; pos++) body += line(" ", a[pos]);
  return `@@ -${range(aFrom, aTo - aFrom)} +${range(bFrom, bTo - bFrom)} @@
${body}`;
}
function range(start, count) {
  const from = count === 0 ? start : start + 1;
  return count === 1 ? `${from}` : `${from},${count}`;
}
function line(mark, text) {
  return text.endsWith("\n") ? mark + text : `${mark}${text}
\\ No newline at end of file
`;
}
var C_ESCAPES = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
  34: '\\"',
  92: "\\\\"
};
function gitQuote(name) {
  const bytes = Buffer.from(name, "utf8");
  if (!bytes.some((b) => b < 32 || b >= 127 || b === 34 || b === 92)) return name;
  let out = '"';
  for (const b of bytes) {
    if (C_ESCAPES[b]) out += C_ESCAPES[b];
    else if (b < 32 || b >= 127) out += "\\" + b.toString(8).padStart(3, "0");
    else out += String.fromCharCode(b);
  }
  return out + '"';
}

// src/run/files.ts
var EXIT_CLEAN = 0;
var EXIT_CHANGES = 1;
var EXIT_ERROR = 2;
async function runFiles(o, sink = {}) {
  const { files, problems, roots, skipped: skipped2 } = await collectFiles(o.paths, o.cwd, o.exclude);
  if (skipped2.length) sink.skipped?.(skipped2.map((p) => ({ shown: displayPath(p.path, o.cwd), reason: p.message })));
  const boundary = new WriteBoundary(roots, o.cwd);
  if (o.mode === "write") removeStaleTemps(files, boundary);
  const general = problems.map((p) => fileFinding("error", "io", p.path, p.message));
  sink.general?.(general);
  const root = o.patch || o.mode === "diff" ? await patchRoot(o.cwd) : void 0;
  const results = await convertFiles(files, o.convert, (f) => displayPath(f, o.cwd), {
    boundary,
    writing: o.mode === "write",
    target: o.target,
    beside: { cwd: o.cwd, ...o.exclude ? { exclude: o.exclude } : {} }
  });
  const names = new Map(results.filter((r) => r.changed && root).map((r) => [r, nameIn(root, r.file)]));
  const unnameable = o.mode === "diff" && results.some((r) => r.changed && names.get(r) === void 0);
  const links = crossFileFindings(results, unnameable);
  const reports = [];
  let patch = "";
  for (const r of results) {
    const done = settle2(r, links, { mode: o.mode, boundary, root, patchName: names.get(r), unnameable });
    patch += done.patch;
    reports.push(done.report);
    sink.file?.(done.report);
  }
  const totals = newTotals(reports.length, reports.filter((r) => r.changed).length);
  const findings = [...general, ...reports.flatMap((r) => r.findings)];
  for (const f of findings) countFinding(totals, f);
  return { files: reports, findings, totals, patch, exitCode: exitCode(totals, o.mode) };
}
function crossFileFindings(results, unnameable) {
  const kept = (r) => !r.changed || unnameable || r.findings.some((f) => f.severity === "error");
  return linkFindings(
    results.flatMap((r) => kept(r) ? r.objects.map((x) => ({ ...x, version: x.before, needs: x.needsBefore })) : r.objects)
  );
}
function settle2(r, links, s) {
  const findings = [...r.findings, ...links.filter((f) => f.path === r.shown)];
  let changed = r.changed && !findings.some((f) => f.severity === "error");
  if (changed && s.unnameable) {
    findings.push(
      s.patchName === void 0 ? fileFinding(
        "error",
        "io",
        r.shown,
        `${r.shown} is outside ${s.root}, so a patch cannot name it: run from a directory that contains it (inside a git repository, patch paths are relative to its top level)`
      ) : fileFinding(
        "warning",
        "not-written",
        r.shown,
        "left out of the patch: another changed file cannot be named in it, and a patch applies whole or not at all"
      )
    );
    changed = false;
  }
  if (changed && s.mode === "write") {
    try {
      writeFileAtomic(r.file, r.output, { boundary: s.boundary });
    } catch (err) {
      findings.push(ioError(r.shown, err));
      changed = false;
    }
  }
  const patch = changed && s.patchName !== void 0 ? unifiedDiff(s.patchName, r.input.toString("utf8"), r.output.toString("utf8")) : "";
  const report = {
    file: r.file,
    shown: r.shown,
    candidate: r.candidate,
    changed,
    findings: changed ? findings : findings.filter((f) => !isConversion(f.code))
  };
  if (r.extraOf !== void 0) {
    report.extraOf = r.extraOf;
    if (changed) report.findings.unshift(fileFinding("info", "same-tree", r.shown, `same kustomize tree as ${r.extraOf}`));
  }
  return { report, patch };
}
function fileFinding(severity, code, path, message) {
  return { severity, code, offset: 0, path, line: 0, column: 0, message };
}
function exitCode(t, mode) {
  return exitOf(t, mode).code;
}
function exitOf(t, mode) {
  if (t.errors > 0) return { code: EXIT_ERROR, reason: "errors" };
  if (mode === "stream") return { code: EXIT_CLEAN, reason: "converted" };
  if (t.pending > 0) return { code: EXIT_CHANGES, reason: "left-for-a-person" };
  if (t.changedFiles > 0 && (mode === "check" || mode === "diff")) return { code: EXIT_CHANGES, reason: "would-convert" };
  return { code: EXIT_CLEAN, reason: mode === "write" && t.changedFiles > 0 ? "converted" : "nothing-to-convert" };
}
async function patchRoot(cwd) {
  const { spawnSync: spawnSync2 } = await import("node:child_process");
  const r = spawnSync2("git", ["-C", cwd, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : realOrSelf(cwd);
}
function nameIn(root, file) {
  return relativeInside(realOrSelf(root), realOrSelf(file))?.split(sep5).join("/");
}

// src/cli/run.ts
async function run(opts, io) {
  const reportTo = () => opts.mode === "check" || opts.mode === "write" ? io.stdout : io.stderr;
  const reporter = fanOut(await reportSinks(opts, io, reportTo));
  const convert = {
    to: opts.to,
    stripServerFields: opts.stripServerFields,
    ...opts.noIgnore ? { noIgnore: true } : {},
    ...opts.specsTo ? { specsTo: opts.specsTo } : {},
    ...opts.accessTo ? { accessTo: opts.accessTo } : {}
  };
  if (opts.stdin) {
    const totals = newTotals(1);
    const held = [];
    const onFinding = (f) => {
      if (opts.mode === "check" && isConversion(f.code)) return void held.push(f);
      countFinding(totals, f);
      reporter.finding(f);
    };
    const summary = opts.target ? await migrateWhole(io.stdin, opts.mode === "stream" ? io.stdout : await discard(), convert, opts.target, opts.stdinName, onFinding) : io.fds ? await migrateFd(
      io.fds.stdin,
      opts.mode === "stream" ? io.fds.stdout : void 0,
      convert,
      opts.stdinName,
      { input: () => io.stdin, output: () => io.stdout },
      onFinding
    ) : await migrateStream(io.stdin, opts.mode === "stream" ? io.stdout : await discard(), convert, opts.stdinName, onFinding);
    const converted = summary.changed && !(opts.mode === "check" && totals.errors > 0);
    if (converted) {
      for (const f of held) {
        countFinding(totals, f);
        reporter.finding(f);
      }
    }
    totals.changedFiles = converted ? 1 : 0;
    totals.exit = exitOf(totals, opts.mode === "check" ? "check" : "stream");
    await reporter.finish(totals);
    return totals.exit.code;
  }
  const mode = opts.mode === "stream" ? "check" : opts.mode;
  const r = await runFiles(
    { paths: opts.paths, exclude: opts.exclude, cwd: io.cwd, mode, convert, ...opts.target ? { target: opts.target } : {} },
    {
      general: (findings) => findings.forEach((f) => reporter.finding(f)),
      skipped: (paths) => {
        if (opts.verbose) for (const p of paths) reporter.note?.(`${p.shown}: skipped: ${p.reason}`);
      },
      file: (file) => {
        for (const f of file.findings) reporter.finding(f);
        if (opts.verbose && file.findings.length === 0) {
          reporter.note?.(`${file.shown}: ${file.candidate ? "nothing to convert" : "skipped: no TrafficSplit text"}`);
        }
      }
    }
  );
  if (mode === "diff") io.stdout.write(r.patch);
  await reporter.finish({ ...r.totals, exit: exitOf(r.totals, mode) });
  return r.exitCode;
}
async function reportSinks(opts, io, to) {
  if (opts.format === "json") return [jsonSink(to, opts.mode)];
  if (opts.format === "sarif") {
    const { sarifSink } = await import("./chunks/sarif-YI3BZTWS.js");
    const { ruleTable } = await import("./chunks/rules-JEFIU2LN.js");
    return [sarifSink({ mode: opts.mode, cwd: io.cwd, root: await patchRoot(io.cwd), rules: ruleTable(targetRules()) }, to)];
  }
  return [textSink({ mode: opts.mode, quiet: opts.quiet, color: opts.color }, to)];
}
async function discard() {
  const { Writable } = await import("node:stream");
  return new Writable({ write: (_chunk, _enc, done) => done() });
}

// src/cli.ts
var quitOnEpipe = (err) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
};
var stdoutReady = false;
function stdout() {
  if (!stdoutReady) process.stdout.on("error", quitOnEpipe);
  stdoutReady = true;
  return process.stdout;
}
async function main() {
  if (process.argv[2] === "webhook") {
    const { runWebhook } = await import("./chunks/cli-JS354AFO.js");
    return runWebhook(process.argv.slice(3), { stdout: stdout(), stderr: process.stderr });
  }
  if (process.argv[2] === "helm-release") {
    const { runHelmRelease } = await import("./chunks/command-YF7DNUYL.js");
    return runHelmRelease(process.argv.slice(3), { stdin: process.stdin, stdout: stdout(), stderr: process.stderr });
  }
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2), process.env, stdinIsTTY, { out: (s) => stdout().write(s) });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`smi-migrate: ${err.message}
`);
    return EXIT_ERROR;
  }
  if (!opts) return 0;
  return run(opts, {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return stdout();
    },
    get stderr() {
      return process.stderr;
    },
    cwd: process.cwd(),
    fds: { stdin: 0, stdout: 1 }
  });
}
function stdinIsTTY() {
  try {
    if (!fstatSync(0).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return process.stdin.isTTY === true;
}
main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    if (err.code === "EPIPE") quitOnEpipe(err);
    process.stderr.write(`smi-migrate: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}
`);
    process.exitCode = EXIT_ERROR;
  }
);
