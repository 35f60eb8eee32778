import {
  convertWhole,
  migrateBuffer,
  readInput
} from "./shared-17bcccb27a.js";
import {
  exitOf
} from "./shared-2f4694f297.js";
import {
  UsageError,
  checkValues,
  optionRows,
  readFlags
} from "./shared-1212ed35aa.js";
import {
  readBlockDocument
} from "./shared-15b36a4456.js";
import "./shared-5e4676b2ba.js";
import "./shared-2bc75f1796.js";
import "./shared-c4ee163c72.js";
import "./shared-f775291102.js";
import {
  isMap,
  isPair,
  isScalar,
  isSeq,
  parseDocument
} from "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import {
  TARGET_OPTIONS,
  readTargets
} from "./shared-8f1e476c25.js";
import "./shared-f1acd8e619.js";
import "./shared-e2b5701804.js";
import "./shared-010d2dfd77.js";
import "./shared-cead045f6a.js";
import "./shared-6bfea2ec3c.js";
import "./shared-7cd1ba18bb.js";
import {
  countFinding,
  findingText,
  formatFinding,
  formatSummary,
  isConversion,
  newTotals
} from "./shared-f341ea3861.js";

// src/yaml/resource-list-items.ts
var HEAD = "apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n";
var ScanDeclined = class extends Error {
};
var LineStarts = class {
  starts = [0];
  constructor(text) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  lineOf(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }
  /** The offset of 1-based `line`'s column `column` (1-based, UTF-16 units). */
  offsetOf(line2, column) {
    return (this.starts[line2 - 1] ?? 0) + Math.max(0, column - 1);
  }
};
function scanResourceList(text) {
  if (!text.startsWith(HEAD) || text.includes("\r")) return void 0;
  const items = [];
  let line2 = 4;
  let at = HEAD.length;
  let tailStart = text.length;
  for (; ; ) {
    if (at >= text.length) break;
    const c = text.charCodeAt(at);
    if (c === 45 && (text[at + 1] === " " || text[at + 1] === "\n")) {
      const last2 = items[items.length - 1];
      if (last2) last2.end = at;
      items.push({ start: at, end: text.length, line: line2 });
    } else if (c === 32 && items.length === 0 && !/^ *(#|$)/.test(text.slice(at, text.indexOf("\n", at) >>> 0))) {
      return void 0;
    } else if (c !== 32 && c !== 10 && c !== 35) {
      tailStart = at;
      break;
    }
    const nl = text.indexOf("\n", at);
    if (nl < 0) break;
    at = nl + 1;
    line2++;
  }
  const last = items[items.length - 1];
  if (last) last.end = Math.min(last.end, tailStart);
  return {
    items,
    wrapper: HEAD.slice(0, -"items:\n".length) + text.slice(tailStart),
    tailStart,
    item: (i, covering) => readItem(text, items[i], covering)
  };
}
function readItem(text, span, covering) {
  const end = Math.max(headEnd(text, span), Math.min(span.end, covering + 1));
  const alone = " " + text.slice(span.start + 1, end === span.end || covering >= end ? span.end : end);
  let root = readBlockDocument(alone);
  if (!root) {
    const doc = parseDocument(alone, { uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length) throw new ScanDeclined();
    root = doc.contents;
  }
  if (!isMap(root)) throw new ScanDeclined();
  return { ref: itemRef(root), node: root, base: span.start };
}
function stringAt(map, key) {
  const v = map.get(key, true);
  return isScalar(v) && typeof v.value === "string" ? v.value : void 0;
}
function itemRef(item) {
  const metadata = item.get("metadata", true);
  const meta = isMap(metadata) ? metadata : void 0;
  const annotationsNode = meta?.get("annotations", true);
  const annotations2 = isMap(annotationsNode) ? annotationsNode : void 0;
  const annotation = (key) => {
    const v = annotations2?.get(key, true);
    return isScalar(v) && (typeof v.value === "string" || typeof v.value === "number") ? String(v.source ?? v.value) : void 0;
  };
  const ref = {};
  const set = (k, v) => {
    if (v !== void 0) ref[k] = v;
  };
  set("apiVersion", stringAt(item, "apiVersion"));
  set("kind", stringAt(item, "kind"));
  set("name", meta && stringAt(meta, "name"));
  set("namespace", meta && stringAt(meta, "namespace"));
  set("path", annotation("internal.config.kubernetes.io/path") ?? annotation("config.kubernetes.io/path"));
  const index = annotation("internal.config.kubernetes.io/index") ?? annotation("config.kubernetes.io/index");
  if (index !== void 0 && /^\d+$/.test(index)) ref.index = Number(index);
  return ref;
}
function headEnd(text, span) {
  let seen = 0;
  for (let at = span.start; at >= 0 && at < span.end; at = text.indexOf("\n", at) + 1 || -1) {
    const first = at === span.start;
    if (!first && (text.charCodeAt(at) !== 32 || text.charCodeAt(at + 1) !== 32 || text.charCodeAt(at + 2) === 32)) continue;
    const key = HEAD_KEYS.findIndex((k) => text.startsWith(k, at + 2) && text.charCodeAt(at + 2 + k.length) === 58);
    if (key >= 0) seen |= 1 << key;
    else if (!first) return seen === 7 ? at : span.end;
  }
  return span.end;
}
var HEAD_KEYS = ["apiVersion", "kind", "metadata"];

// src/yaml/resource-list.ts
function readResourceList(text) {
  return readScanned(text) ?? readWhole(text);
}
function readScanned(text) {
  const scanned = scanResourceList(text);
  if (!scanned) return void 0;
  const doc = parseDocument(scanned.wrapper, { uniqueKeys: true, prettyErrors: false });
  const root = doc.contents;
  if (doc.errors.length || !isMap(root) || root.has("items")) return void 0;
  const headLength = scanned.wrapper.length - (text.length - scanned.tailStart);
  const place = resultsPlace(root, scanned.wrapper);
  const moved = (offset) => offset >= headLength ? scanned.tailStart + offset - headLength : offset;
  const fc = root.get("functionConfig", true);
  return {
    list: {
      items: scanned.items,
      item: scanned.item,
      functionConfig: fc?.toJSON() ?? void 0,
      results: { ...place, start: moved(place.start), end: moved(place.end) },
      itemsEnd: scanned.tailStart,
      textLength: text.length
    }
  };
}
function readWhole(text) {
  let root = readBlockDocument(text);
  if (!root) {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
    const err = doc.errors[0];
    if (err) return { error: { offset: err.pos[0], message: err.message.split("\n")[0] } };
    root = doc.contents;
  }
  if (!isMap(root)) return { error: { offset: 0, message: "the input is not a ResourceList or List (a mapping)" } };
  const apiVersion = stringAt(root, "apiVersion");
  const kind = stringAt(root, "kind");
  if (kind !== "ResourceList" && kind !== "List" || !(root.has("items") || root.has("functionConfig")))
    return {
      error: {
        offset: root.range?.[0] ?? 0,
        message: `the input is not a ResourceList or List with items (apiVersion ${apiVersion ?? "(none)"}, kind ${kind ?? "(none)"})`
      }
    };
  const itemsNode = root.get("items", true);
  if (itemsNode !== void 0 && !isSeq(itemsNode) && !isNull(itemsNode))
    return { error: { offset: itemsNode.range?.[0] ?? 0, message: "items is not a list" } };
  const nodes = [];
  for (const item of isSeq(itemsNode) ? itemsNode.items : []) {
    if (!isMap(item)) return { error: { offset: item.range?.[0] ?? 0, message: "an item is not a mapping" } };
    nodes.push(item);
  }
  const lines = new LineStarts(text);
  const fc = root.get("functionConfig", true);
  return {
    list: {
      items: nodes.map((n) => ({ start: n.range[0], end: n.range[1], line: lines.lineOf(n.range[0]) })),
      item: (i) => ({ ref: itemRef(nodes[i]), node: nodes[i], base: 0 }),
      functionConfig: fc?.toJSON() ?? void 0,
      results: resultsPlace(root, text),
      itemsEnd: itemsNode?.range?.[1] ?? 0,
      textLength: text.length
    }
  };
}
function isNull(node) {
  if (!isScalar(node)) return false;
  return node.value === null || node.type === "PLAIN" && ["null", "Null", "NULL", "~", ""].includes(String(node.value));
}
function resultsPlace(root, text) {
  const [start, end] = root.range;
  if (root.flow) {
    const old = root.items.find((p) => isScalar(p.key) && p.key.value === "results");
    const from = old?.key?.range?.[0];
    const to = old?.value?.range?.[1];
    if (from !== void 0 && to !== void 0) return { start: from, end: to, json: true, indent: "", pair: true };
    const close = text.lastIndexOf("}", end);
    return { start: close, end: close, json: true, indent: "" };
  }
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const indent = text.slice(lineStart, start).replace(/[^ \t]/g, "");
  const at = root.items.findIndex((p) => isPair(p) && isScalar(p.key) && p.key.value === "results");
  if (at >= 0) {
    const key = root.items[at].key;
    const from = key.range[0] - indent.length;
    const next = root.items[at + 1]?.key;
    const to = next ? next.range[0] - indent.length : end;
    return { start: from, end: to, json: false, indent };
  }
  return { start: end, end, json: false, indent };
}
function fieldPath(item, offset) {
  const parts = [];
  let node = item;
  for (; ; ) {
    let next;
    if (isMap(node)) {
      for (const p of node.items) {
        const key = p.key;
        const value = p.value;
        const from = key?.range?.[0] ?? value?.range?.[0];
        const to = value?.range?.[1] ?? key?.range?.[1];
        if (from === void 0 || to === void 0 || offset < from || offset >= to) continue;
        parts.push(`${parts.length ? "." : ""}${String(isScalar(key) ? key.value : "?")}`);
        next = value ?? void 0;
        break;
      }
    } else if (isSeq(node)) {
      const i = node.items.findIndex((n) => {
        const r = n?.range;
        return r != null && offset >= r[0] && offset < r[1];
      });
      if (i >= 0) {
        parts.push(`[${i}]`);
        next = node.items[i];
      }
    }
    if (!next) break;
    node = next;
  }
  return parts.length ? parts.join("") : void 0;
}

// src/krm/options.ts
var CONFIG_API_VERSION = "smi-migrate.io/v1alpha1";
var CONFIG_KIND = "SmiMigrate";
var KRM_OPTIONS = [
  ...TARGET_OPTIONS,
  { name: "strip-server-fields", help: "remove server-owned fields from converted items" },
  { name: "check", help: "validator mode: report what would change, change no item" }
];
var camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
var ConfigError = class extends Error {
};
function readKrmOptions(functionConfig) {
  const given = configValues(functionConfig);
  const values = {};
  for (const [key, raw] of given.entries) {
    const spec = KRM_OPTIONS.find((o) => (given.style === "data" ? o.name : camel(o.name)) === key);
    if (!spec) throw new ConfigError(`functionConfig: unknown option ${key} (${given.where})`);
    values[spec.name] = optionValue(spec, key, raw);
  }
  const label = (name) => given.style === "data" ? name : camel(name);
  try {
    checkValues(values, KRM_OPTIONS);
    const targets = readTargets(
      (name) => values[name],
      (name) => `option ${label(name)}`,
      (target) => `${label("to")}: ${target}`
    );
    return {
      ...targets,
      check: values.check === true,
      stripServerFields: values["strip-server-fields"] === true,
      noIgnore: values["no-ignore"] === true
    };
  } catch (err) {
    const message = err.message.replace(/--([a-z-]+)/g, (_, n) => label(n));
    if (err instanceof UsageError || err instanceof Error) throw new ConfigError(`functionConfig: ${message}`);
    throw err;
  }
}
function optionValue(spec, key, raw) {
  if (!spec.value) {
    if (raw === true || raw === "true") return true;
    if (raw === false || raw === "false") return false;
    throw new ConfigError(`functionConfig: ${key} must be true or false; got ${JSON.stringify(raw)}`);
  }
  if (typeof raw === "string") return raw;
  if (typeof raw === "number" && Number.isFinite(raw)) return String(raw);
  throw new ConfigError(`functionConfig: ${key} must be a string; got ${JSON.stringify(raw)}`);
}
function configValues(fc) {
  if (fc === void 0 || fc === null) return { style: "data", where: "none", entries: [] };
  if (typeof fc !== "object" || Array.isArray(fc)) throw new ConfigError("functionConfig is not an object");
  const o = fc;
  if (Object.keys(o).length === 0) return { style: "data", where: "none", entries: [] };
  const fields = (v, where2) => {
    if (v === void 0 || v === null) return [];
    if (typeof v !== "object" || Array.isArray(v)) throw new ConfigError(`functionConfig: ${where2} is not a mapping`);
    return Object.entries(v);
  };
  if (o.apiVersion === "v1" && o.kind === "ConfigMap") {
    onlyFields(o, "ConfigMap", "data", CONFIG_MAP_FIELDS);
    return { style: "data", where: "ConfigMap data", entries: fields(o.data, "data") };
  }
  if (o.apiVersion === CONFIG_API_VERSION && o.kind === CONFIG_KIND) {
    onlyFields(o, CONFIG_KIND, "spec", CONFIG_FIELDS);
    return { style: "spec", where: `${CONFIG_KIND} spec`, entries: fields(o.spec, "spec") };
  }
  throw new ConfigError(
    `functionConfig must be a v1 ConfigMap or a ${CONFIG_API_VERSION} ${CONFIG_KIND}; got apiVersion ${named(o.apiVersion)}, kind ${named(o.kind)}`
  );
}
var CONFIG_MAP_FIELDS = /* @__PURE__ */ new Set(["apiVersion", "kind", "metadata", "data", "immutable"]);
var CONFIG_FIELDS = /* @__PURE__ */ new Set(["apiVersion", "kind", "metadata", "spec"]);
function onlyFields(o, kind, place, known) {
  const other = Object.keys(o).find((k) => !known.has(k));
  if (other !== void 0) throw new ConfigError(`functionConfig: ${kind} options go under ${place}, not ${other}`);
}
var named = (v) => v === void 0 || v === null ? "(none)" : String(v);

// src/yaml/resource-list-reindex.ts
var INDEX_KEYS = ["internal.config.kubernetes.io/index", "config.kubernetes.io/index"];
function reindexAdded(output, input) {
  const text = output.toString("utf8");
  const after = placedItems(text);
  const before = placedItems(input);
  if (!after || !before) return output;
  const key = (p) => `${p.index}\0${p.path}`;
  const given = /* @__PURE__ */ new Map();
  for (const p of before) if (p) given.set(key(p), (given.get(key(p)) ?? 0) + 1);
  const largest = /* @__PURE__ */ new Map();
  for (const p of after) if (p) largest.set(p.path, Math.max(largest.get(p.path) ?? -1, p.index));
  const seen = /* @__PURE__ */ new Set();
  const edits = [];
  for (const p of after) {
    if (!p) continue;
    const k = key(p);
    if (!seen.has(k) || (given.get(k) ?? 0) > 1) {
      seen.add(k);
      continue;
    }
    const fresh = largest.get(p.path) + 1;
    largest.set(p.path, fresh);
    for (const v of p.values) {
      const [start, end] = [p.base + v.range[0], p.base + v.range[1]];
      edits.push({ start, end, text: text.slice(start, end).replace(/\d+/, String(fresh)) });
    }
  }
  if (edits.length === 0) return output;
  let out = "";
  let at = 0;
  for (const e of edits.sort((a, b) => a.start - b.start)) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return Buffer.from(out + text.slice(at), "utf8");
}
function placedItems(text) {
  const read = readResourceList(text);
  if ("error" in read) return void 0;
  try {
    return placed(read.list);
  } catch (err) {
    if (!(err instanceof ScanDeclined)) throw err;
    const whole = readWhole(text);
    return "error" in whole ? void 0 : placed(whole.list);
  }
}
function placed(list) {
  return list.items.map((span, i) => {
    const view = list.item(i, span.start);
    const { path, index } = view.ref;
    if (path === void 0 || index === void 0 || !isMap(view.node)) return void 0;
    const values = INDEX_KEYS.map((k) => annotations(view.node)?.get(k, true)).filter(
      (v) => isScalar(v) && v.range !== void 0 && v.range !== null && /^\d+$/.test(String(v.source ?? v.value))
    );
    return { path, index, values, base: view.base };
  });
}
function annotations(item) {
  const meta = item.get("metadata", true);
  const a = isMap(meta) ? meta.get("annotations", true) : void 0;
  return isMap(a) ? a : void 0;
}

// src/krm/results.ts
function itemAt(list, line2, offset) {
  const items = list.items;
  let lo = 0;
  let hi = items.length - 1;
  while (lo <= hi) {
    const mid = lo + hi >> 1;
    const it = items[mid];
    if (line2 < it.line) hi = mid - 1;
    else if (offset >= it.end) lo = mid + 1;
    else return offset >= it.start ? mid : -1;
  }
  return -1;
}
function toResult(f, offset, list, mode) {
  const needed = mode === "check" && (f.pending === true || isConversion(f.code));
  const r = { message: findingText(f, mode), severity: needed ? "error" : f.severity };
  let index = f.line > 0 ? itemAt(list, f.line, offset) : -1;
  const below = index < 0 && f.object && f.line > 0 ? itemBelow(list, offset) : -1;
  if (below >= 0 && sameObject(list.item(below, list.items[below].start).ref, f.object)) index = below;
  if (index >= 0) {
    const item = list.item(index, Math.max(offset, list.items[index].start));
    const { path, index: fileIndex, ...ref } = item.ref;
    if (Object.keys(ref).length) r.resourceRef = ref;
    const whole = isConversion(f.code) || index === below || offset - item.base === item.node.range?.[0];
    const field = whole ? void 0 : fieldPath(item.node, offset - item.base);
    if (field) r.field = { path: field };
    if (path !== void 0) r.file = { path, ...fileIndex !== void 0 ? { index: fileIndex } : {} };
  } else if (f.object) {
    r.resourceRef = {
      kind: f.object.kind,
      ...f.object.name ? { name: f.object.name } : {},
      ...f.object.namespace ? { namespace: f.object.namespace } : {}
    };
  }
  return r;
}
function itemBelow(list, offset) {
  let lo = 0;
  let hi = list.items.length;
  while (lo < hi) {
    const mid = lo + hi >> 1;
    if (list.items[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.items.length ? lo : -1;
}
var sameObject = (ref, o) => ref.kind === o.kind && ref.name === o.name && ref.namespace === o.namespace;
function resultsText(results, place, atLineStart, eol = "\n") {
  if (place.json) return `${place.pair ? "" : ", "}"results": [${eol}${results.map((r) => `  ${JSON.stringify(r)}`).join(`,${eol}`)}${eol}]`;
  const lead = atLineStart ? "" : eol;
  return `${lead}${place.indent}results:${eol}${results.map((r) => `${place.indent}- ${JSON.stringify(r)}${eol}`).join("")}`;
}

// src/krm/command.ts
var FLAGS = [
  { name: "stdin-filename", value: "name", help: "name stdin in messages on stderr (default: <stdin>)" },
  { name: "help", short: "h", help: "show this help" }
];
var KRM_HELP = `Usage: smi-migrate krm < resource-list.yaml

A KRM function: reads a config.kubernetes.io/v1 ResourceList (or a List) on stdin, converts its items as
"smi-migrate -" converts a stream, and writes the ResourceList back on stdout with every other
byte as it was, and the findings as results (severity, message, resourceRef, field, and file
from the config.kubernetes.io/path and index annotations). Options come from functionConfig:
a ConfigMap whose data has the flags' names (to: v1alpha4, specs-to: v1alpha4, check: "true"),
or an smi-migrate.io/v1alpha1 SmiMigrate whose spec has them in camel case (specsTo).
check: "true" is validator mode: no item changes, a conversion still needed is an error.
Exit codes: 0 done, 1 an error result (nothing converted) or input that is no ResourceList.

Options:
${optionRows(FLAGS)}

Examples:
  # kustomization.yaml: transformers: [smi-migrate.yaml]; kustomize build --enable-alpha-plugins --enable-exec
  $ kpt fn eval --exec "smi-migrate krm" -- to=v1alpha4
  $ kubectl kustomize --enable-alpha-plugins overlays/prod   # a container function (docs/deploy-time.md)
`;
var EXIT_ERROR = 1;
async function runKrm(args, io) {
  let values;
  try {
    values = readFlags(args, FLAGS, false).values;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`smi-migrate krm: ${err.message} (run smi-migrate krm --help for usage)
`);
    return 2;
  }
  if (values.help) {
    io.stdout.write(KRM_HELP);
    return 0;
  }
  const name = values["stdin-filename"] ?? "<stdin>";
  const input = await readInput(io.stdin);
  const out = await krm(input, name);
  if ("refused" in out) {
    io.stderr.write(`${out.refused}
`);
    return EXIT_ERROR;
  }
  for (const line2 of out.lines) io.stderr.write(`${line2}
`);
  io.stdout.write(out.output);
  return out.failed ? EXIT_ERROR : 0;
}
async function krm(input, name) {
  const text = input.toString("utf8");
  const read = readResourceList(text);
  if ("error" in read) return { refused: `${where(text, read.error.offset, name)}: ${read.error.message}` };
  const list = read.list;
  let opts;
  try {
    opts = readKrmOptions(list.functionConfig);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    const result = { message: err.message, severity: "error" };
    return { output: withResults(input, { text, bytes: input }, list, [result]), lines: [`${name}: error: ${err.message}`], failed: true };
  }
  const converted = await convert(input, opts, name);
  const mode = opts.check ? "check" : "stream";
  const lines = new LineStarts(text);
  const at = (f) => lines.offsetOf(f.line, f.column);
  const totals = newTotals(1, converted.output.equals(input) ? 0 : 1);
  for (const f of converted.findings) countFinding(totals, f);
  const failed = opts.check ? exitOf(totals, "check").code !== 0 : totals.errors > 0;
  const made = failed && !opts.check ? converted.findings.filter((f) => !isConversion(f.code)) : converted.findings;
  const ordered = inItemOrder(made, at);
  let results;
  try {
    results = ordered.map((f) => toResult(f, at(f), list, mode));
  } catch (err) {
    if (!(err instanceof ScanDeclined)) throw err;
    const whole = readWhole(text);
    if ("error" in whole) return { refused: `${where(text, whole.error.offset, name)}: ${whole.error.message}` };
    results = ordered.map((f) => toResult(f, at(f), whole.list, mode));
  }
  if (failed && !results.some((r) => r.severity === "error")) results.push({ message: formatSummary(totals, "check"), severity: "error" });
  const items = failed || opts.check ? input : converted.output.equals(input) ? input : reindexAdded(converted.output, text);
  const said = converted.findings.filter((f) => opts.check || f.severity !== "info").map((f) => line(f, mode));
  return { output: withResults(items, { text, bytes: input }, list, results), lines: said, failed };
}
async function convert(input, opts, name) {
  const given = {
    versions: opts.versions,
    stripServerFields: opts.stripServerFields,
    ...opts.noIgnore ? { noIgnore: true } : {},
    ...opts.notLinkerd ? { notLinkerd: true } : {}
  };
  return opts.target ? convertWhole(input, given, opts.target, name) : migrateBuffer(input, given, name);
}
function inItemOrder(findings, at) {
  const key = (f) => f.line > 0 ? at(f) : Infinity;
  return findings.map((f) => ({ f, k: key(f) })).sort((a, b) => a.k === b.k ? 0 : a.k < b.k ? -1 : 1).map((x) => x.f);
}
var line = (f, mode) => formatFinding(f, mode, { color: false });
function withResults(bytes, input, list, results) {
  if (results.length === 0) return bytes;
  const place = list.results;
  const byteAt = (offset) => input.bytes.length === input.text.length ? offset : Buffer.byteLength(input.text.slice(0, offset), "utf8");
  const shift = place.start >= list.itemsEnd ? bytes.length - input.bytes.length : 0;
  const start = byteAt(place.start) + shift;
  const end = byteAt(place.end) + shift;
  const eol = input.text.includes("\r\n") ? "\r\n" : "\n";
  const added = resultsText(results, place, start === 0 || bytes[start - 1] === 10, eol);
  return Buffer.concat([bytes.subarray(0, start), Buffer.from(added, "utf8"), bytes.subarray(end)]);
}
function where(text, offset, name) {
  const before = text.slice(0, offset);
  const line2 = before.split("\n").length;
  const column = offset - before.lastIndexOf("\n");
  return `${name}:${line2}:${column}`;
}
export {
  KRM_HELP,
  krm,
  runKrm
};
