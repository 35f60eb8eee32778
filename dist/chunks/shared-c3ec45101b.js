import {
  readQuantityWeight
} from "./shared-830d5f64a9.js";
import {
  HOPS
} from "./shared-da01202873.js";
import {
  parseDocuments
} from "./shared-75891b8258.js";
import {
  actionWithin,
  maskTemplate
} from "./shared-29334cf685.js";
import {
  isNullScalar,
  isUnsetField,
  kubectlData,
  kubectlPairs,
  kubectlStrings,
  listReading,
  mergeKey,
  objectRef,
  offsetOf,
  pairOf,
  plainNamespace,
  scalarRef,
  stringAt,
  withKubectlNamespace
} from "./shared-52d6f9d52b.js";
import {
  isAlias,
  isMap,
  isPair,
  isScalar,
  isSeq,
  visit
} from "./shared-afcbbfc458.js";
import {
  columnOf,
  lineStart
} from "./shared-2a7eafe8ab.js";
import {
  resolvePlain
} from "./shared-5d7c34b40b.js";
import {
  LINKERD_MILLI_SUM,
  LINKERD_UNIT_SUM,
  MAX_WEIGHT,
  boundedNote,
  dividedForSumNote,
  isIntegerLiteral,
  pastLinkerdSum,
  roundedNote,
  scaleWeights
} from "./shared-051a59df81.js";
import {
  apiVersionOnly
} from "./shared-cead045f6a.js";
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./shared-6bfea2ec3c.js";

// src/yaml/aliases.ts
var AliasIndex = class {
  /** `text` is the document's source: without an `&` it has no anchor, and the walk is skipped. */
  constructor(doc, text) {
    this.doc = doc;
    if (text !== void 0 && !text.includes("&")) return;
    const byTarget = this.byTarget = /* @__PURE__ */ new Map();
    const targets = this.targets = /* @__PURE__ */ new Map();
    const apiVersions = this.apiVersions = /* @__PURE__ */ new Set();
    const anchors = /* @__PURE__ */ new Map();
    visit(doc, {
      Node: (_key, node, path) => {
        if (node.anchor && !isAlias(node)) {
          const pair = path[path.length - 1];
          if (isPair(pair) && isScalar(pair.key) && pair.key.value === "apiVersion") apiVersions.add(node);
        }
        if (isAlias(node)) {
          const target = anchors.get(node.source);
          if (!target) return;
          targets.set(node, target);
          const list = byTarget.get(target);
          if (list) list.push(node);
          else byTarget.set(target, [node]);
        } else if (node.anchor) {
          anchors.set(node.anchor, node);
        }
      }
    });
  }
  doc;
  /** Undefined when the document has no anchor (most have none: nothing is allocated for them). */
  byTarget;
  targets;
  /** Anchored values of `apiVersion` keys. */
  apiVersions;
  /** `deref` as a function of its own, made once: readers take it for every key they look up. */
  derefer = (node) => this.deref(node);
  resolve(alias) {
    return this.targets?.get(alias);
  }
  /** What a value reads as kubectl reads it: an alias is the node its anchor names. */
  deref(node) {
    return isAlias(node) ? this.resolve(node) : node;
  }
  /** Whether the node is an anchored apiVersion (some object's, which a conversion may move). */
  isAnchoredApiVersion(node) {
    return this.apiVersions?.has(node) === true;
  }
  isAliased(node) {
    return (this.byTarget?.get(node)?.length ?? 0) > 0;
  }
  sharedOutside(uses) {
    const byTarget = this.byTarget;
    if (!byTarget) return void 0;
    const useSet = new Set(uses);
    for (const use of uses) {
      const target = isAlias(use) ? this.resolve(use) : use;
      if (!target) continue;
      const readers = byTarget.get(target) ?? [];
      if (readers.length === 0) continue;
      if (!useSet.has(target)) {
        return {
          node: use,
          message: `weight alias *${use.source} points at an anchor that is not a weight of this TrafficSplit; write the weight literally`
        };
      }
      const outside = readers.find((a) => !useSet.has(a));
      if (outside) {
        return {
          node: target,
          message: `anchored weight &${target.anchor ?? ""} is also used outside this TrafficSplit's weights; write the weights literally`
        };
      }
    }
    return void 0;
  }
};

// src/yaml/plain.ts
function plainObjects(text) {
  return plainObjectNodes(text).objects.map((o) => o.object);
}
function plainObjectNodes(text) {
  const masked = maskTemplate(text);
  const source = masked?.text ?? text;
  const objects = [];
  const merges = source.includes("<<");
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue;
    let data;
    const aliases = new AliasIndex(parsed.doc, source);
    try {
      data = merges ? kubectlData(parsed.doc.contents, aliases.derefer) : parsed.doc.toJS({ maxAliasCount: 1e3 });
    } catch {
      continue;
    }
    if (!isRecord(data)) continue;
    const reading = listReading("items" in data, data.kind);
    const root = parsed.doc.contents;
    if (reading === "object") {
      withKubectlNamespace(data, root, aliases.derefer);
      objects.push({ object: data, doc: parsed.doc, ...isMap(root) ? { node: root } : {} });
      continue;
    }
    if (reading !== "list" || !Array.isArray(data.items)) continue;
    const seq = isMap(root) ? root.get("items", true) : void 0;
    const nodes = isSeq(seq) ? seq.items : [];
    const list = isMap(root) ? { root, items: nodes.filter(isMap) } : void 0;
    for (const [i, item] of data.items.entries()) {
      if (!isRecord(item)) continue;
      const node = nodes[i];
      withKubectlNamespace(item, node, aliases.derefer);
      objects.push({ object: item, doc: parsed.doc, ...isMap(node) ? { node } : {}, ...list ? { list } : {} });
    }
  }
  return { objects, actions: masked?.actions ?? [] };
}
function nameAsWritten(text, node) {
  const meta = node?.get("metadata", true);
  const name = isMap(meta) ? meta.get("name", true) : void 0;
  if (!isScalar(name) || !name.range) return void 0;
  const [start, end] = name.range;
  const raw = text.slice(start, end);
  if (!raw.includes("{{")) return void 0;
  return /^["']/.test(raw) && raw.endsWith(raw[0]) ? raw.slice(1, -1) : raw;
}
function isRecord(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}
function unreadDocuments(text) {
  const masked = maskTemplate(text);
  const source = masked?.text ?? text;
  const docs = parseDocuments(source);
  const out = [];
  for (const [i, parsed] of docs.entries()) {
    if (!parsed.error) continue;
    const end = Math.max(parsed.end, docs[i + 1]?.start ?? text.length);
    const found = { offset: parsed.error.offset, message: parsed.error.message, text: text.slice(parsed.start, end) };
    let data;
    try {
      data = parsed.doc.toJS({ maxAliasCount: 1e3 });
    } catch {
      data = void 0;
    }
    if (isRecord(data)) {
      withKubectlNamespace(data, parsed.doc.contents, new AliasIndex(parsed.doc, source).derefer);
      found.data = data;
    }
    const meta = isRecord(data) && isRecord(data.metadata) ? data.metadata : void 0;
    if (typeof meta?.name === "string") found.name = meta.name;
    const ns = plainNamespace(meta);
    if (ns !== void 0) found.namespace = ns;
    out.push(found);
  }
  return out;
}
var ESCAPE = /\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8})|\r?\n[ \t]*)/g;
function spells(text, word) {
  if (text.includes(word)) return true;
  if (!text.includes("\\")) return false;
  return text.replace(ESCAPE, (_m, x, u, U) => {
    const hex = x ?? u ?? U;
    return hex === void 0 ? "" : String.fromCodePoint(parseInt(hex, 16));
  }).includes(word);
}

// src/yaml/templated.ts
function templatedApiVersion(map, actions) {
  const node = map.get("apiVersion", true);
  if (!node?.range) return void 0;
  const action = actionWithin(actions, node.range[0], node.range[1]);
  return action ? { action, what: "apiVersion" } : void 0;
}
function templatedKind(map, actions, original, to) {
  const kind = map.get("kind", true);
  const api = map.get("apiVersion", true);
  if (!kind?.range || !isScalar(api) || !api.range) return void 0;
  const action = actionWithin(actions, kind.range[0], kind.range[1]);
  if (!action) return void 0;
  const written = original.slice(api.range[0], api.range[1]).replace(/^["']|["']$/g, "");
  if (!written.startsWith(`${SMI_SPLIT_GROUP}/`)) return void 0;
  const version = written.slice(SMI_SPLIT_GROUP.length + 1);
  return olderThan(version, to) || actionWithin(actions, api.range[0], api.range[1]) ? { action, what: "kind" } : void 0;
}
function olderThan(version, to) {
  const at = VERSIONS.indexOf(version);
  const target = VERSIONS.indexOf(to ?? "v1alpha2");
  return at < 0 || target < 0 || at < target;
}
function templatedSplit(map, splitWeights, actions, source) {
  const weights = [];
  for (const [i, w] of splitWeights.entries()) {
    const start = "scalar" in w ? w.scalar.start : w.offset;
    const end = "scalar" in w ? w.scalar.end : w.offset + 1;
    const action = actionWithin(actions, start, end);
    if (!action) continue;
    const t = { action, what: `backend ${i + 1} weight` };
    if ("scalar" in w) t.scalar = { start, end, quoted: w.scalar.style === "QUOTE_DOUBLE" || w.scalar.style === "QUOTE_SINGLE" };
    weights.push(t);
  }
  if (weights.length) return weights;
  const generated = templatedContent(map, actions, source);
  return generated ? [{ action: generated, what: "spec" }] : [];
}
function templatedContent(map, actions, source) {
  return generatedContent(map, actions, source.masked, source.original, source.root);
}
var STRUCTURAL = /* @__PURE__ */ new Set(["spec", "backends", "weight"]);
function generatedContent(map, actions, masked, original, root) {
  const [start, end] = map.range ?? [0, 0];
  const metadata = map.items.find((p) => isScalar(p.key) && p.key.value === "metadata");
  const metaKey = metadata?.key;
  const metaValue = metadata?.value;
  const metaStart = metaKey?.range?.[0] ?? -1;
  const metaEnd = metaValue?.range?.[1] ?? metaKey?.range?.[1] ?? -1;
  const metaColumn = metaStart < 0 ? -1 : column(masked, metaStart);
  const inMetadata = (offset) => offset >= metaStart && offset < metaEnd;
  const itemColumn = column(masked, start);
  let safe;
  for (const a of actions) {
    if (!a.output || a.inDefine) continue;
    if (a.standalone) {
      const prev = previousContent(masked, a.start);
      const at = effectiveColumn(original, a);
      if (!root && !(prev >= start && prev < end && at >= itemColumn)) continue;
      if (prev >= 0 && inMetadata(prev) && at > metaColumn) continue;
      return a;
    }
    if (a.start < start || a.start >= end || inMetadata(a.start) || inComment(masked, a.start)) continue;
    safe ??= scalarValues(map, actions);
    if (!safe.some(([s, e]) => a.start >= s && a.start < e)) return a;
  }
  return void 0;
}
function scalarValues(map, actions) {
  const out = [];
  visit(map, {
    Pair: (_key, pair) => {
      if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range || !isScalar(pair.value) || !pair.value.range) return;
      if (actionWithin(actions, pair.key.range[0], pair.key.range[1])) return;
      if (STRUCTURAL.has(String(pair.key.value))) return;
      out.push([pair.value.range[0], pair.value.range[1]]);
    }
  });
  return out;
}
function inComment(masked, offset) {
  return /(?:^|[ \t])#/.test(masked.slice(lineStart(masked, offset), offset));
}
function column(text, offset) {
  return columnOf(text, offset);
}
function previousContent(masked, offset) {
  let start = lineStart(masked, offset);
  while (start > 0) {
    const prevStart = lineStart(masked, start - 1);
    const line = masked.slice(prevStart, start - 1);
    const m = /^(?:[ \t]*-(?=[ \t]))*[ \t]*/.exec(line);
    const first = line[m[0].length];
    if (first !== void 0 && first !== "#" && first !== "\r") return prevStart + m[0].length;
    start = prevStart;
  }
  return -1;
}
function effectiveColumn(original, a) {
  const source = original.slice(a.start, a.end);
  const nindent = /\bnindent\s+(\d+)\b/.exec(source);
  if (nindent) return Number(nindent[1]);
  if (source.startsWith("{{-")) return Infinity;
  const indent = /\bindent\s+(\d+)\b/.exec(source);
  return column(original, a.start) + (indent ? Number(indent[1]) : 0);
}
var KIND_LINE = /["']?kind["']?[ \t]*:[ \t]*["']?TrafficSplit["']?(?=[ \t]*(?:[,}#\r\n]|$))/g;
var API_LINE = /["']?apiVersion["']?[ \t]*:[ \t]*["']?(split\.smi-spec\.io\/[^\s"',}#]*)/g;
function definedSplits(original, defines, to) {
  const out = [];
  for (const d of defines) {
    const body = original.slice(d.bodyStart, d.end);
    const kinds = [...body.matchAll(KIND_LINE)];
    if (kinds.length === 0) continue;
    const apis = [...body.matchAll(API_LINE)];
    const pending = apis.length === 0 || apis.some((m) => olderThan(m[1].slice(SMI_SPLIT_GROUP.length + 1), to));
    const why = pending ? void 0 : unprovedWeights(body);
    if (!pending && why === void 0) continue;
    for (const k of kinds) {
      const split = { offset: d.bodyStart + k.index, define: d };
      if (apis[0]) split.apiVersion = apis[0][1];
      if (why !== void 0) split.why = why;
      out.push(split);
    }
  }
  return out;
}
var WEIGHT_LINE = /^[ \t]*(?:-[ \t]+)?["']?weight["']?[ \t]*:(.*)$/gm;
var INTEGER = /^[ \t]*\d+[ \t]*(?:#.*)?$/;
var OUTPUT_LINE = /^[ \t]*(?:-[ \t]+)?\{\{(?!-?[ \t]*(?:\/\*|if\b|else\b|end\b|range\b|with\b|define\b|block\b|\$\w*[ \t]*:?=))/m;
function unprovedWeights(body) {
  const weights = [...body.matchAll(WEIGHT_LINE)];
  const bad = weights.find((m) => !INTEGER.test(m[1]));
  if (bad) return `its weight ${JSON.stringify(bad[1].trim())} is not a literal integer: it renders what the caller or the values pass`;
  if (OUTPUT_LINE.test(body)) return "an action writes part of it, so its weights are not in the file";
  if (weights.length === 0) return "it writes no weight the text shows";
  return void 0;
}
function keyInBranches(text, offset, actions) {
  const start = lineStart(text, offset);
  const indent = offset - start;
  const m = /^([\w.-]+|"[^"\n]*"|'[^'\n]*')[ \t]*:/.exec(text.slice(offset, offset + 256));
  if (!m) return void 0;
  const key = m[1];
  for (let line = start; line > 0; ) {
    line = lineStart(text, line - 1);
    const body = text.slice(line, text.indexOf("\n", line) < 0 ? text.length : text.indexOf("\n", line));
    const lead = body.length - body.trimStart().length;
    if (body.trim() === "" || body.trimStart().startsWith("#")) continue;
    if (lead < indent) return void 0;
    if (lead === indent && body.slice(lead).startsWith(key) && /^[ \t]*:/.test(body.slice(lead + key.length))) {
      const action = actions.find((a) => !a.output && a.start > line && a.start < start);
      return action ? { key, action } : void 0;
    }
  }
  return void 0;
}
function templatedAnnotations(map, actions, original) {
  const at = map.items.findIndex((p) => isScalar(p.key) && p.key.value === "metadata");
  const meta = map.items[at];
  if (!meta) return void 0;
  const start = meta.key.range?.[0] ?? 0;
  const next = map.items[at + 1]?.key;
  const end = next?.range?.[0] ?? map.range?.[2] ?? 0;
  const values = [];
  if (meta.value)
    visit(meta.value, {
      Pair: (_key, pair) => {
        if (isScalar(pair.key) && pair.key.range && !actionWithin(actions, pair.key.range[0], pair.key.range[1]) && isScalar(pair.value) && pair.value.range)
          values.push([pair.value.range[0], pair.value.range[1]]);
      }
    });
  return actions.find(
    (a) => a.output && !a.inDefine && a.start >= start && a.start < end && !values.some(([s, e]) => a.start >= s && a.end <= e) && !/label/i.test(original.slice(a.start, a.end))
  );
}

// src/kinds/trafficsplit/steps.ts
var STEPS = HOPS.map((hop) => ({
  from: hop.from,
  to: hop.to,
  apply: hop.weights ? convertWeights : apiVersionOnly
}));
function repair(u, opts) {
  if (u.version === "v1alpha1") return false;
  const weights = u.view.data.weights;
  const broken = weights.some((w) => !("scalar" in w) || w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value));
  if (broken) return convertWeights(u, opts);
  if (opts.notLinkerd || !pastLinkerdSum(weights.map((w) => "scalar" in w ? BigInt(w.scalar.value) : 0n))) return false;
  u.repairing = u.version;
  return convertWeights(u, opts);
}
function convertWeights(u, opts) {
  const read = readValues(u.view.data.weights, u.notes);
  if ("problems" in read) return read;
  const { values, scalars } = read;
  const wholeUnits = !opts.notLinkerd;
  const floor = opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, splitKey(u.view.ref.name, u.view.ref.namespace)) } : {};
  const scaled = scaleWeights(values, { ...floor, wholeUnits });
  if (!scaled.ok) {
    const s = scalars[scaled.index];
    const message = `backend ${scaled.index + 1} weight ${show(s)} ${scaled.reason}`;
    return { problems: [{ code: "invalid-weight", offset: s.start, message, ...scaled.leave ? { leave: true } : {} }] };
  }
  for (const i of scaled.rounded ?? []) u.notes.push(`backend ${i + 1} ${show(scalars[i])} ${roundedNote(values[i])}`);
  if (scaled.bounded) u.notes.push(boundedNote());
  else if (scaled.dividedForSum) u.notes.push(dividedForSumNote(wholeUnits ? LINKERD_UNIT_SUM : LINKERD_MILLI_SUM));
  else if (scaled.divided) u.notes.push(`divided by their greatest common divisor to stay within ${MAX_WEIGHT}`);
  const before = [];
  const after = [];
  const seen = /* @__PURE__ */ new Set();
  for (const [i, s] of scalars.entries()) {
    const text = scaled.weights[i].toString();
    before.push(s.raw);
    after.push(text);
    if (s.raw !== text && !seen.has(s.start)) u.changes.push({ shape: "scalar", scalar: s, text });
    seen.add(s.start);
  }
  u.weights = { before, after };
  return { ok: true };
}
function readValues(weights, notes) {
  const problems = [];
  const values = [];
  const scalars = [];
  for (const [i, w] of weights.entries()) {
    if ("problem" in w) {
      problems.push(w.problem);
      continue;
    }
    const reading = readQuantityWeight({ yaml: w.scalar });
    if (!reading.ok) {
      problems.push({
        code: "invalid-weight",
        offset: w.scalar.start,
        message: `backend ${i + 1} weight ${show(w.scalar)} ${reading.reason}`
      });
      continue;
    }
    if (reading.note) notes.push(`backend ${i + 1} ${show(w.scalar)} ${reading.note}`);
    values.push(reading.value);
    scalars.push(w.scalar);
  }
  return problems.length ? { problems } : { values, scalars };
}
function splitKey(name, namespace) {
  if (name === void 0) return void 0;
  return namespace === void 0 || namespace === "" || namespace === "default" ? name : `${name}\0${namespace}`;
}
function floorFor(floors, name) {
  if (!floors) return 0;
  return Math.max(floors.get("*") ?? 0, name === void 0 ? 0 : floors.get(name) ?? 0);
}
function show(s) {
  const flat = s.raw.split("\r").join("\\r").split("\n").join("\\n");
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
  return s.style === "PLAIN" ? `"${raw}"` : raw;
}

// src/yaml/suppress.ts
var IGNORE_ANNOTATION = "smi-migrate.io/ignore";
var MARKER = "smi-migrate:";
var DIRECTIVE = /^[ \t]*(?:-[ \t]+)*#[ \t]*smi-migrate:(.*)$/;
var IGNORE = /^[ \t]*ignore(?:[ \t](.*))?$/;
var NEAR_MISS = /^[ \t]*(?:-[ \t]+)*#+[^\S\n]*smi(?:[^\w\n]|_)?migrat[a-z]*(?:\.io)?[^\w\n]{0,4}ignore\b/i;
var NEAR_MARKER = /smi(?:[^\w\n]|_)?migrat/i;
var MARKER_TAIL = /migrat/i;
var lastAsked;
var KEPT_TEXT = 64 * 1024;
function mentionsTool(text) {
  if (lastAsked?.text === text) return lastAsked.mentions;
  const mentions = MARKER_TAIL.test(text) && NEAR_MARKER.test(text);
  lastAsked = text.length <= KEPT_TEXT ? { text, mentions } : void 0;
  return mentions;
}
function mayHoldDirective(text) {
  return text.includes(MARKER) || NEAR_MARKER.test(text);
}
function directivesIn(text, texts = []) {
  if (!mayHoldDirective(text)) return [];
  const out = [];
  let open = [];
  let above = false;
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    const from = start === 0 && text.startsWith("\uFEFF") ? 1 : 0;
    const line = text.slice(start + from, end).replace(/\r$/, "");
    const inText = texts.some(([s, e]) => start > s && start < e);
    const blankOrComment = !inText && /^[ \t]*(?:#.*)?$/.test(line);
    const m = inText ? null : DIRECTIVE.exec(line);
    const near = !m && !inText && NEAR_MISS.test(line);
    if (m || near) {
      const read = m ? readDirective(m[1]) : { warning: nearMiss(line) };
      const column2 = line.indexOf("#");
      const d = { offset: start + from + column2, target: -1, ...read };
      out.push(d);
      open.push({ d, column: column2 });
    } else if (!blankOrComment) {
      const indent = line.search(/[^ \t]/);
      for (const o of open) if (!above || o.column <= indent) o.d.target = start;
      open = [];
      above = !/^(?:---|\.\.\.)(?:[ \t]|$)/.test(line);
    } else if (line.trim() === "") open = [];
    start = end + 1;
  }
  return out;
}
function nearMiss(line) {
  return `"${line.trim()}" is not read as a directive: the one directive is "# smi-migrate: ignore <reason>" (lower case, a colon after smi-migrate); the object is left unchanged until it is spelt so, or the comment reworded`;
}
function readDirective(rest) {
  const m = IGNORE.exec(rest);
  if (!m) return { error: `unknown directive "# smi-migrate:${rest.trimEnd()}"; the one directive is "# smi-migrate: ignore <reason>"` };
  const reason = (m[1] ?? "").trim();
  if (reason === "") return { error: 'a suppression needs a reason: "# smi-migrate: ignore <reason>"' };
  return { reason };
}
function annotationOf(map, deref = (n) => n, template) {
  const meta = deref(pairOf(map, "metadata", deref)?.value);
  const annotations = isMap(meta) ? deref(pairOf(meta, "annotations", deref)?.value) : void 0;
  if (!isMap(annotations)) return void 0;
  const pair = pairOf(annotations, IGNORE_ANNOTATION, deref);
  if (!pair) return void 0;
  const key = pair.key;
  const value = deref(pair.value);
  const offset = (isScalar(value) ? value.range?.[0] : void 0) ?? key.range?.[0] ?? 0;
  if (isNullNode(value))
    return {
      offset,
      warning: `annotation ${IGNORE_ANNOTATION} is null: kubectl reads the object as not annotated, and kustomize deletes the annotation with it (or, in a patch with a target, writes the null as its text); the object is left unchanged: write a reason to suppress it, or remove the key`
    };
  const typed = isScalar(value) && value.type === "PLAIN" && value.tag !== "tag:yaml.org,2002:str" && resolvePlain(String(value.value)).kind !== "string";
  if (!isScalar(value) || typeof value.value !== "string" || typed)
    return { offset, error: `annotation ${IGNORE_ANNOTATION} must be a string: the reason the object is left alone` };
  const written = template && value.range ? templatedReason(value.range, template) : void 0;
  if (written?.alone)
    return {
      offset,
      error: `annotation ${IGNORE_ANNOTATION} is written by a template action alone: what it renders (perhaps nothing) is not known here; write the reason as text`
    };
  const reason = written?.reason ?? value.value.trim();
  if (reason === "") return { offset, error: `annotation ${IGNORE_ANNOTATION} needs a reason: ${IGNORE_ANNOTATION}: "<reason>"` };
  return { offset, reason, by: "annotation" };
}
function isNullNode(value) {
  return value === null || value === void 0 || isNullScalar(value);
}
function deletesAnnotation(map, deref = (n) => n) {
  const meta = pairOf(map, "metadata", deref);
  if (meta && isNullNode(deref(meta.value))) return true;
  const annotations = isMap(deref(meta?.value)) ? pairOf(deref(meta.value), "annotations", deref) : void 0;
  if (annotations && isNullNode(deref(annotations.value))) return true;
  const held = deref(annotations?.value);
  const pair = isMap(held) ? pairOf(held, IGNORE_ANNOTATION, deref) : void 0;
  return pair !== void 0 && isNullNode(deref(pair.value));
}
function templatedReason(range, t) {
  const [start, end] = range;
  const inside = t.actions.filter((a) => a.start < end && a.end > start);
  if (inside.length === 0) return void 0;
  let source = t.original.slice(start, end);
  let literal = source;
  for (const a of inside) literal = literal.replace(t.original.slice(a.start, a.end), "");
  const quote = source[0] === '"' || source[0] === "'" ? source[0] : "";
  if (quote) source = source.slice(1, -1);
  if (literal.replaceAll(quote || " ", "").trim() === "") return { reason: "", alone: true };
  return { reason: source.trim() };
}
function scalarSpans(doc, text) {
  const out = [];
  visit(doc, {
    Scalar(_, node) {
      const [start, end] = node.range ?? [0, 0];
      const nl = text.indexOf("\n", start);
      if (nl >= 0 && nl < end - 1) out.push([start, end]);
    }
  });
  return out;
}
function spanOf(map, text) {
  const [start, , end] = map.range ?? [0, 0, 0];
  return [lineStart(text, start), Math.max(end, start + 1)];
}
function directiveOf(directives, inside, outside = []) {
  const within = (t, spans) => spans.some(([s, e]) => t >= s && t < e);
  const mine = directives.filter((d) => d.target >= 0 && within(d.target, inside) && !within(d.target, outside));
  const bad = mine.find((d) => d.error !== void 0);
  if (bad) return { offset: bad.offset, error: bad.error };
  const good = mine.find((d) => d.reason !== void 0);
  if (good) return { offset: good.offset, reason: good.reason, by: "comment" };
  const near = mine.find((d) => d.warning !== void 0);
  return near ? { offset: near.offset, warning: near.warning } : void 0;
}
function maySuppress(text) {
  return text.includes("\\") || mentionsTool(text);
}
var DocumentSuppressions = class _DocumentSuppressions {
  constructor(text, doc, deref, template) {
    this.text = text;
    this.doc = doc;
    this.deref = deref;
    this.template = template;
  }
  text;
  doc;
  deref;
  template;
  directives;
  /** The spans of the List items, for directives on the List's own lines (they suppress every item). */
  items = [];
  list;
  /** `doc`: the document parsed from `text` (or its masked copy, of the same offsets), for the lines its scalars hold. */
  /** The suppressions of a document, or none when its text cannot hold one (maySuppress). */
  static of(text, doc, deref, actions) {
    if (!maySuppress(text)) return void 0;
    return new _DocumentSuppressions(text, doc, deref, actions.length ? { original: text, actions } : void 0);
  }
  /** Marks `root` as a List whose `items` are objects: a directive above one of its own lines is about all of them. */
  listOf(root, items) {
    this.list = spanOf(root, this.text);
    this.items = items.map((i) => spanOf(i, this.text));
  }
  /** The suppression of `map`, an object of `kind`, if it has one (or a broken one). */
  read = (map, kind) => {
    const found = annotationOf(map, this.deref, this.template) ?? this.directiveFor(map);
    if (!found) return void 0;
    return { found, ref: objectRef(map, kind), apiVersion: stringAt(map, "apiVersion"), offset: offsetOf(map) };
  };
  directiveFor(map) {
    this.directives ??= mayHoldDirective(this.text) ? directivesIn(this.text, scalarSpans(this.doc, this.text)) : [];
    if (this.directives.length === 0) return void 0;
    const own = directiveOf(this.directives, [spanOf(map, this.text)], []);
    return own ?? (this.list && this.items.length ? directiveOf(this.directives, [this.list], this.items) : void 0);
  }
};

// src/kinds/serviceprofile/read.ts
var TRUE = /* @__PURE__ */ new Set(["y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"]);
var FALSE = /* @__PURE__ */ new Set(["n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"]);
function readProfile(map, ctx) {
  return { data: { located: () => locate(map, ctx, 0) } };
}
function profileInText(text, name) {
  const source = maskTemplate(text)?.text ?? text;
  let found;
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue;
    const { doc } = parsed;
    const root = doc.contents;
    if (!isMap(root)) continue;
    const items = root.get("items", true);
    for (const map of isSeq(items) ? items.items.filter(isMap) : [root]) {
      if (!named(map, name)) continue;
      const version = (stringAt(map, "apiVersion") ?? "").split("/")[1] ?? "";
      const { data } = readProfile(map, { text: source, doc, aliases: new AliasIndex(doc, source) });
      found = { offset: offsetOf(map), version, data };
    }
  }
  return found;
}
function named(map, name) {
  const meta = map.get("metadata", true);
  return stringAt(map, "kind") === "ServiceProfile" && isMap(meta) && stringAt(meta, "name") === name;
}
function locate(node, ctx, depth) {
  const target = isAlias(node) ? ctx.aliases.deref(node) : node;
  const offset = target && typeof target === "object" && "range" in target ? offsetOf(target) : 0;
  if (depth > 64) return { offset, value: null };
  if (isMap(target)) {
    const fields = {};
    const value = {};
    for (const [key, pair] of kubectlPairs(target, ctx.aliases.derefer)) {
      const v = locate(pair.value, ctx, depth + 1);
      if (!pair.value) v.offset = offsetOf(pair.key);
      fields[key] = v;
      value[key] = v.value;
    }
    return { offset, value, map: fields };
  }
  if (isSeq(target)) {
    const items = target.items.map((i) => locate(i, ctx, depth + 1));
    return { offset, value: items.map((i) => i.value), seq: items };
  }
  if (isScalar(target)) return { offset, value: scalar(String(target.value ?? ""), target.type ?? "PLAIN") };
  return { offset, value: null };
}
function scalar(text, style) {
  if (style !== "PLAIN") return text;
  const r = resolvePlain(text);
  if (r.kind === "null") return null;
  if (r.kind === "bool") return TRUE.has(text) ? true : FALSE.has(text) ? false : text;
  if (r.kind === "int")
    return r.value >= BigInt(Number.MIN_SAFE_INTEGER) && r.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(r.value) : text;
  if (r.kind === "float") return r.value;
  return text;
}

// src/kinds/trafficsplit/read.ts
function readSplit(map, ctx) {
  const read = readWeights(map, ctx);
  if (ctx.template) read.templated = templatedSplit(map, read.data.weights, ctx.template.actions, ctx.template);
  return read;
}
function matchNames(map) {
  const spec = map.get("spec", true);
  const matches = isMap(spec) ? spec.get("matches", true) : void 0;
  if (!isSeq(matches)) return [];
  return matches.items.flatMap((m) => {
    if (!isMap(m)) return [];
    const kind = m.get("kind");
    const name = m.get("name");
    return (kind === void 0 || kind === "HTTPRouteGroup") && typeof name === "string" ? [name] : [];
  });
}
function readWeights(map, ctx) {
  const { aliases } = ctx;
  const view = {
    offset: offsetOf(map),
    data: { weights: [], matches: matchNames(map), fields: () => readFields(map, (n) => aliases.deref(n)) },
    problem: void 0
  };
  const fail = (code, node, message) => {
    view.problem = { code, offset: node ? offsetOf(node) : view.offset, message };
    return view;
  };
  const merge = mergeKey(map);
  if (merge) return fail("unsupported-alias", merge, "has a merge key (<<); write its keys out to convert this TrafficSplit");
  const spec = map.get("spec", true);
  if (spec == null || isNullScalar(spec)) return shared(view, map, void 0, aliases, fail);
  if (isAlias(spec)) return fail("unsupported-alias", spec, "spec is an alias; write it out to convert this TrafficSplit");
  if (!isMap(spec)) return fail("invalid-structure", spec, "spec is not a mapping");
  const specMerge = mergeKey(spec);
  if (specMerge) return fail("unsupported-alias", specMerge, "spec has a merge key (<<); write its keys out to convert this TrafficSplit");
  const backends = spec.get("backends", true);
  if (backends == null || isNullScalar(backends)) return shared(view, map, [spec], aliases, fail);
  if (isAlias(backends)) return fail("unsupported-alias", backends, "spec.backends is an alias; write it out to convert this TrafficSplit");
  if (!isSeq(backends)) return fail("invalid-structure", backends, "spec.backends is not a list");
  const uses = [];
  const containers = [spec, backends];
  for (const [i, item] of backends.items.entries()) {
    const at = `backend ${i + 1}`;
    if (isAlias(item)) return fail("unsupported-alias", item, `${at} is an alias; write it out to convert this TrafficSplit`);
    if (!isMap(item)) return fail("invalid-structure", item, `${at} is not a mapping`);
    containers.push(item);
    const merged = mergeKey(item);
    if (merged) {
      view.data.weights.push({
        offset: offsetOf(item),
        problem: {
          code: "unsupported-alias",
          offset: offsetOf(merged),
          message: `${at} has a merge key (<<), which kubectl lets override or supply its weight; write the weight literally`
        }
      });
      continue;
    }
    const pair = item.items.find((p) => isScalar(p.key) && p.key.value === "weight");
    if (!pair) {
      view.data.weights.push({
        offset: offsetOf(item),
        problem: {
          code: "invalid-weight",
          offset: offsetOf(item),
          message: `${at} has no weight`
        }
      });
      continue;
    }
    const node = pair.value;
    if (node === null) {
      view.data.weights.push({
        offset: offsetOf(pair.key),
        problem: { code: "invalid-weight", offset: offsetOf(pair.key), message: `${at} weight is null` }
      });
      continue;
    }
    uses.push(node);
    view.data.weights.push(readWeight(node, ctx, at));
  }
  const sharedWeight = aliases.sharedOutside(uses);
  if (sharedWeight) return fail("unsupported-alias", sharedWeight.node, sharedWeight.message);
  return shared(view, map, containers, aliases, fail);
}
function shared(view, map, containers, aliases, fail) {
  const count = 1 + (containers?.length ?? 0);
  for (let i = 0; i < count; i++) {
    const node = i === 0 ? map : containers[i - 1];
    if (!node.anchor || !aliases.isAliased(node)) continue;
    const what = node === map ? "this TrafficSplit" : isSeq(node) ? "spec.backends" : node === containers[0] ? "spec" : "a backend";
    return fail(
      "unsupported-alias",
      node,
      `${what} is anchored (&${node.anchor}) and read elsewhere through an alias; converting it would change that copy too: write it out to convert this TrafficSplit`
    );
  }
  return view;
}
function readWeight(node, ctx, at) {
  const { aliases, text, doc } = ctx;
  const offset = offsetOf(node);
  const target = isAlias(node) ? aliases.resolve(node) : node;
  if (!isScalar(target)) {
    const what = isAlias(node) ? `alias *${node.source} does not name a scalar` : "is not a scalar";
    return { offset, problem: { code: isAlias(node) ? "unsupported-alias" : "invalid-weight", offset, message: `${at} weight ${what}` } };
  }
  if (target.tag) {
    return {
      offset,
      problem: {
        code: "invalid-weight",
        offset: offsetOf(target),
        message: `${at} weight has an explicit tag (${target.tag.replace("tag:yaml.org,2002:", "!!")}); remove the tag to convert it`
      }
    };
  }
  return { offset, scalar: scalarRef(target, text, doc) };
}
function readFields(map, deref) {
  const at = (node, fallback) => node && typeof node === "object" && "range" in node ? offsetOf(node) : fallback;
  const offset = offsetOf(map);
  const meta = map.get("metadata", true);
  const spec = map.get("spec", true);
  const str = (m, key) => {
    const v = isMap(m) ? m.get(key) : void 0;
    return typeof v === "string" ? v : void 0;
  };
  const plain = (m, key) => {
    const v = isMap(m) ? deref(m.get(key, true)) : void 0;
    return isMap(v) ? kubectlStrings(v, deref) : void 0;
  };
  const list = (m, key) => {
    const v = isMap(m) ? m.get(key, true) : void 0;
    return isSeq(v) ? v.items : [];
  };
  const owners = isMap(meta) ? meta.get("ownerReferences", true) : void 0;
  const backends = isMap(spec) ? spec.get("backends", true) : void 0;
  const service = isMap(spec) ? spec.get("service", true) : void 0;
  const src = {
    offset,
    comments: innerComments(map),
    owners: list(meta, "ownerReferences").map((o) => ({
      ...opt("kind", str(o, "kind")),
      ...opt("apiVersion", str(o, "apiVersion")),
      ...opt("name", str(o, "name"))
    })),
    ownersOffset: at(owners, offset),
    serviceOffset: at(service, at(spec, offset)),
    backends: list(spec, "backends").map((b) => ({ ...opt("service", str(b, "service")), offset: at(b, offset) })),
    backendsOffset: at(backends, at(spec, offset)),
    matches: list(spec, "matches").map((m) => ({ ...opt("kind", str(m, "kind")), ...opt("name", str(m, "name")), offset: at(m, offset) }))
  };
  const name = str(meta, "name");
  const namespace = isMap(meta) && isUnsetField(meta.get("namespace", true)) ? void 0 : str(meta, "namespace");
  const labels = plain(meta, "labels");
  const annotations = plain(meta, "annotations");
  const root = str(spec, "service");
  if (name !== void 0) src.name = name;
  if (namespace !== void 0) src.namespace = namespace;
  if (labels) src.labels = labels;
  if (annotations) src.annotations = annotations;
  if (root !== void 0) src.service = root;
  return src;
}
function opt(key, v) {
  return v === void 0 ? {} : { [key]: v };
}
function innerComments(map) {
  let n = map.comment ? 1 : 0;
  const lead = map.items[0]?.key;
  visit(map, (_key, node) => {
    if (node === map || !node || typeof node !== "object") return;
    if (node === lead) return void (n += node.comment ? 1 : 0);
    const c = node;
    if (c.comment) n++;
    if (c.commentBefore) n++;
  });
  return n;
}

export {
  AliasIndex,
  plainObjects,
  plainObjectNodes,
  nameAsWritten,
  unreadDocuments,
  spells,
  STEPS,
  repair,
  readValues,
  splitKey,
  floorFor,
  show,
  readProfile,
  profileInText,
  IGNORE_ANNOTATION,
  mentionsTool,
  annotationOf,
  deletesAnnotation,
  DocumentSuppressions,
  templatedApiVersion,
  templatedKind,
  olderThan,
  templatedContent,
  definedSplits,
  keyInBranches,
  templatedAnnotations,
  readSplit
};
