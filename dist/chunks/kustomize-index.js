import {
  KUSTOMIZATION_NAMES
} from "./shared-e7246e960e.js";
import {
  KINDS,
  convertSegment,
  kindNamed,
  locateObjects,
  stepsBetween,
  trafficSplit,
  weightsOf
} from "./shared-c5405fa481.js";
import "./shared-94a13abe50.js";
import "./shared-15b36a4456.js";
import {
  locateFindings,
  splice
} from "./shared-c4ee163c72.js";
import {
  mentionsKind
} from "./shared-f775291102.js";
import {
  IGNORE_ANNOTATION,
  annotationOf,
  deletesAnnotation,
  floorFor,
  splitKey
} from "./shared-c3ec45101b.js";
import {
  neededWeightScale,
  readQuantityWeight,
  weightRule
} from "./shared-830d5f64a9.js";
import "./shared-da01202873.js";
import {
  parseDocuments
} from "./shared-75891b8258.js";
import "./shared-29334cf685.js";
import {
  isUnsetField,
  pairOf,
  scalarRef,
  stringAt
} from "./shared-52d6f9d52b.js";
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  parse,
  parseAllDocuments,
  parseDocument,
  visit
} from "./shared-afcbbfc458.js";
import {
  lineStart
} from "./shared-2a7eafe8ab.js";
import {
  tabRefusedAfterPlain
} from "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import {
  LINKERD_UNIT_SUM,
  isIntegerLiteral,
  milliValue
} from "./shared-051a59df81.js";
import {
  splitVersion
} from "./shared-e2b5701804.js";
import {
  flagOf,
  versionFor
} from "./shared-cead045f6a.js";
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./shared-6bfea2ec3c.js";

// src/kustomize/select.ts
var PLAIN = /^(?:[\w\-.*+?|()^$]|\\[.\-+*?()|^$]|\{\d+(?:,\d*)?\}|\[\^?(?:[\w.]|[A-Z0-9]-[A-Z0-9]|\\-|-(?=\]))*\])*$/i;
function anchored(pattern) {
  if (!PLAIN.test(pattern) || pattern.includes("(?")) return void 0;
  if (/\)[*+?{]/.test(pattern) || (pattern.match(/[*+]|\{\d+,\}/g) ?? []).length > 2) return void 0;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return void 0;
  }
}
function mayMatch(pattern, value) {
  if (pattern === void 0 || pattern === "") return true;
  const re = anchored(pattern);
  return re ? re.test(value) : true;
}
function maySelectTrafficSplit(t) {
  if (!t) return false;
  return mayMatch(t.group, SMI_SPLIT_GROUP) && mayMatch(t.kind, "TrafficSplit");
}
function nameMatcher(name) {
  if (name === void 0 || name === "") return "all";
  return anchored(name) ?? "all";
}

// src/kustomize/labels.ts
var KEY = /^(?:[a-z\d](?:[-a-z\d.]*[a-z\d])?\/)?[a-z\d](?:[-\w.]*[a-z\d])?$/i;
var VALUE = /^(?:[a-z\d](?:[-\w.]*[a-z\d])?)?$/i;
function parseLabelSelector(text) {
  const out = [];
  for (const raw of requirements(text)) {
    const part = raw.trim();
    let m;
    if (m = /^!\s*(\S+)$/.exec(part)) out.push({ op: "!", key: m[1] });
    else if (m = /^([^\s=!]+)$/.exec(part)) out.push({ op: "exists", key: m[1] });
    else if (m = /^([^\s=!]+)\s*(==|=|!=)\s*([^\s=!]*)$/.exec(part)) {
      out.push({ op: m[2] === "!=" ? "notin" : "in", key: m[1], values: [m[3]] });
    } else if (m = /^(\S+)\s+(in|notin)\s*\(([^)]*)\)$/.exec(part)) {
      const values = m[3].split(",").map((v) => v.trim());
      out.push({ op: m[2], key: m[1], values });
    } else return void 0;
  }
  const valid = out.every((r) => KEY.test(r.key) && (!("values" in r) || r.values.every((v) => VALUE.test(v))));
  return valid ? out : void 0;
}
function requirements(text) {
  const parts = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = text[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && (c === "," || c === void 0)) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  return parts;
}
function matches(reqs, labels) {
  return reqs.every((r) => {
    const v = labels.get(r.key);
    if (!("values" in r)) return r.op === "exists" ? v !== void 0 : v === void 0;
    if (r.op === "in") return v !== void 0 && r.values.includes(v);
    return v === void 0 || !r.values.includes(v);
  });
}
function selects(sel, doc, env) {
  if (sel.version !== void 0) {
    const re = anchored(sel.version);
    if (re && !re.test(doc.version)) return "no";
  }
  let known = "yes";
  if (sel.namespace !== void 0 && sel.namespace !== "") {
    const re = anchored(sel.namespace);
    const moved = (n) => env.opaque || env.namespaces === "any" || [...env.namespaces].some((ns) => n.test(ns));
    if (!re || doc.namespace === void 0) known = "unknown";
    else if (!re.test(doc.namespace)) {
      if (!moved(re)) return "no";
      known = "unknown";
    }
  }
  if (sel.labelSelector !== void 0 && sel.labelSelector.trim() !== "") {
    const reqs = parseLabelSelector(sel.labelSelector);
    const how = reqs && doc.labels && !env.opaque ? selectsLabels(reqs, doc.labels, env.pairs) : "unknown";
    if (how === "no") return "no";
    if (how === "unknown") known = "unknown";
  }
  if (sel.annotationSelector !== void 0 && sel.annotationSelector.trim() !== "") known = "unknown";
  return known;
}
function selectsLabels(reqs, labels, pairs) {
  if ("paths" in pairs) {
    const hits = pairs.paths.map((path) => matches(reqs, new Map([...labels, ...path])));
    return hits.every((h) => h) ? "yes" : hits.every((h) => !h) ? "no" : "unknown";
  }
  let out = "yes";
  for (const r of reqs) {
    const values = [labels.get(r.key), ...pairs.maybe.filter(([k]) => k === r.key).map(([, v]) => v)];
    const hits = values.map((v) => matches([r], v === void 0 ? /* @__PURE__ */ new Map() : /* @__PURE__ */ new Map([[r.key, v]])));
    if (hits.every((h) => !h)) return "no";
    if (!hits.every((h) => h)) out = "unknown";
  }
  return out;
}
function literalLabels(map) {
  if (!isMap(map)) return void 0;
  const metadata = map.get("metadata", true);
  if (!isMap(metadata)) return void 0;
  if (metadata.items.some((p) => !isScalar(p.key) || p.key.value === "<<")) return void 0;
  const labels = metadata.get("labels", true);
  if (labels === void 0) return /* @__PURE__ */ new Map();
  if (!isMap(labels)) return void 0;
  const out = /* @__PURE__ */ new Map();
  for (const p of labels.items) {
    if (!isScalar(p.key) || !isScalar(p.value) || p.key.value === "<<") return void 0;
    const [k, v] = [p.key.value, p.value.value];
    if (typeof k !== "string" || typeof v !== "string" || p.value.type === "PLAIN" && /^(?:~|null|Null|NULL)?$/.test(v)) return void 0;
    out.set(k, v);
  }
  return out;
}
var LABEL_FIELDS = ["buildMetadata", "transformers", "replacements", "configurations", "generators"];
var PLAIN_STRING = /^[a-z][-\w./]*$/i;
var TYPED = /^(?:y|yes|n|no|true|false|on|off|null)$/i;
function labelPairs(contents) {
  if (!isMap(contents)) return [];
  const out = [];
  const read = (map) => {
    if (!isMap(map)) return false;
    for (const p of map.items) {
      const [k, v] = [literal(p.key), literal(p.value)];
      if (k === void 0 || v === void 0) return false;
      out.push([k, v]);
    }
    return true;
  };
  const labels = contents.get("labels", true);
  if (!empty(labels)) {
    if (!isSeq(labels)) return void 0;
    for (const entry of labels.items) {
      if (!isMap(entry) || entry.items.some((p) => !isScalar(p.key) || !LABELS_ENTRY.has(String(p.key.value)))) return void 0;
      const pairs = entry.get("pairs", true);
      if (!empty(pairs) && !read(pairs)) return void 0;
    }
  }
  const common = contents.get("commonLabels", true);
  return empty(common) || read(common) ? out : void 0;
}
var LABELS_ENTRY = /* @__PURE__ */ new Set(["pairs", "includeSelectors", "includeTemplates", "fields"]);
function empty(node) {
  return node === void 0 || node === null || isScalar(node) && node.value === null && !node.anchor;
}
function literal(node) {
  if (!isScalar(node) || typeof node.value !== "string" || node.value === "<<" || node.anchor) return void 0;
  if (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") return node.value;
  return node.type === "PLAIN" && PLAIN_STRING.test(node.value) && !TYPED.test(node.value) ? node.value : void 0;
}
function patchMovesLabels(content, ops) {
  if (/labels|\\/.test(content)) return true;
  if (ops) return /metadata/.test(content) || /path:[ \t]*(?:""|''|"\/"|'\/'|\/[ \t]*$|$)/m.test(content);
  return /\$patch|null|~/.test(content);
}
function smpMaySelectTrafficSplit(content) {
  const docs = parseDocuments(content);
  return docs.length === 0 || docs.some((d) => {
    if (!d.error && d.doc.contents === null) return false;
    if (d.error || !isMap(d.doc.contents)) return true;
    const kinds = d.doc.contents.items.filter(
      (p) => !isScalar(p.key) || String(p.key.value).toLowerCase() === "kind" || p.key.value === "<<"
    );
    const kind = kinds.length === 1 && isScalar(kinds[0].value) && !kinds[0].value.anchor ? kinds[0].value.value : void 0;
    return typeof kind !== "string" || !/^[a-z][a-z0-9]*$/i.test(kind) || /^trafficsplit$|list$/i.test(kind);
  });
}
function smpNames(content) {
  const names = [];
  for (const d of parseDocuments(content)) {
    if (!d.error && d.doc.contents === null) continue;
    const map = d.error ? void 0 : d.doc.contents;
    const kind = isMap(map) ? map.get("kind", true) : void 0;
    const metadata = isMap(map) ? map.items.filter((p) => !isScalar(p.key) || p.key.value === "metadata" || p.key.value === "<<") : [];
    const name = metadata.length === 1 ? literalName(metadata[0].value) : void 0;
    if (name === void 0 || !isScalar(kind) || typeof kind.value !== "string" || /list$/i.test(kind.value)) return "all";
    names.push(name);
  }
  return names.length === 0 ? "all" : new RegExp(`^(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})$`);
}
function literalName(metadata) {
  if (!isMap(metadata) || metadata.items.some((p) => !isScalar(p.key) || p.key.value === "<<")) return void 0;
  const names = metadata.items.filter((p) => isScalar(p.key) && p.key.value === "name");
  return names.length === 1 ? literal(names[0].value) : void 0;
}
function literalNamespace(map) {
  if (!isMap(map)) return void 0;
  const metadata = map.get("metadata", true);
  if (!isMap(metadata) || metadata.items.some((p) => !isScalar(p.key) || p.key.value === "<<")) return void 0;
  const ns = metadata.get("namespace", true);
  if (isUnsetField(ns)) return "default";
  return isScalar(ns) && typeof ns.value === "string" ? ns.value || "default" : void 0;
}

// src/kustomize/documents.ts
function splitDocs(text, to, suppressions = false) {
  const out = [];
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue;
    const suppressed = suppressions ? suppressedAt(parsed.doc, text, to) : void 0;
    for (const split of locateObjects(parsed.doc, text, { versions: splitsOnly(to), noIgnore: true }).views) {
      if (split.ref.kind !== trafficSplit.kind) continue;
      const weights = weightsOf(split);
      if (!weights) continue;
      const older = stepsBetween(trafficSplit, split.version, to).length > 0;
      const scale = neededWeightScale(weights.flatMap((w) => "scalar" in w ? [{ yaml: w.scalar }] : []));
      const plain = weights.every((w) => "scalar" in w && w.scalar.style === "PLAIN" && isIntegerLiteral(w.scalar.value));
      const rescaled = split.version === "v1alpha1" || !plain;
      const facts = { version: split.version };
      const labels = literalLabels(mapAt(parsed.doc, split.offset));
      if (labels) facts.labels = labels;
      const namespace = literalNamespace(mapAt(parsed.doc, split.offset));
      if (namespace !== void 0) facts.namespace = namespace;
      const d = {
        name: split.ref.name ?? "*",
        key: splitKey(split.ref.name, split.ref.namespace) ?? "*",
        scale,
        older,
        current: split.version === to,
        offset: split.offset,
        rescaled,
        facts
      };
      if (suppressed?.has(split.offset)) d.suppressed = true;
      const read = weights.map((w) => "scalar" in w ? readQuantityWeight({ yaml: w.scalar }) : void 0);
      if (read.every((r) => r?.ok)) d.values = read.map((r) => r.value);
      out.push(d);
    }
  }
  return out;
}
function suppressedAt(doc, text, to) {
  if (!text.includes("smi-migrate")) return void 0;
  const notices = locateObjects(doc, text, { versions: splitsOnly(to) }).notices;
  return new Set(notices.filter((n) => n.code === "suppressed" && n.object?.kind === trafficSplit.kind).map((n) => n.offset));
}
function splitsOnly(to) {
  return { [trafficSplit.kind]: to };
}
function convertedSiblings(opts) {
  const out = /* @__PURE__ */ new Map();
  for (const kind of KINDS) {
    const to = kind === trafficSplit ? void 0 : versionFor(kind, opts);
    if (to !== void 0) out.set(kind, to);
  }
  return out;
}
function siblingDocs(text, to, kinds) {
  if (![...kinds.keys()].some((k) => text.includes(k.kind))) return [];
  const out = [];
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue;
    for (const view of locateObjects(parsed.doc, text, { versions: splitsOnly(to) }).views) {
      const target = kinds.get(view.kind);
      if (target === void 0 || stepsBetween(view.kind, view.version, target).length === 0) continue;
      out.push({ kind: view.kind.kind, group: view.kind.group, version: view.version, name: view.ref.name });
    }
  }
  return out;
}
function mapAt(doc, offset) {
  let found;
  visit(doc, {
    Map(_, map) {
      if (found) return visit.BREAK;
      const first = map.items[0]?.key;
      if (isMap(map) && (map.range?.[0] === offset || first?.range?.[0] === offset)) found = map;
      return void 0;
    }
  });
  return found;
}

// src/kustomize/kustomization.ts
import { dirname, resolve } from "node:path";
function targetKey(t) {
  return splitKey(t.name ?? "*", t.namespace) ?? "*";
}
function isRemote(p) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(p) || p.startsWith("git@") || p.includes("?ref=") || p.includes("?version=") || /^(github\.com|gitlab\.com|bitbucket\.org)\//i.test(p);
}
function readKustomization(file, text) {
  const doc = parseDocument(text, { schema: "failsafe" });
  if (doc.errors.length || !isMap(doc.contents)) return void 0;
  const root = doc.contents;
  const dir = dirname(file);
  const { references, children, remote } = readChildren(root, dir);
  const patches = readPatches(doc, root, dir, references);
  return {
    file,
    text,
    doc,
    references,
    children,
    remote,
    patches,
    hazards: readHazards(root, dir),
    namePrefix: scalarString(root, "namePrefix"),
    nameSuffix: scalarString(root, "nameSuffix")
  };
}
function isBlankPatch(text) {
  return new RegExp("^\\p{White_Space}*$", "u").test(text);
}
function goTrimSpace(text) {
  const space = new RegExp("\\p{White_Space}", "u");
  let start = 0;
  let end = text.length;
  while (start < end && space.test(text[start])) start++;
  while (end > start && space.test(text[end - 1])) end--;
  return text.slice(start, end);
}
function readChildren(root, dir) {
  const out = { references: [], children: [], remote: [] };
  for (const field2 of ["resources", "bases", "components"]) {
    for (const s of strings(root, field2)) {
      if (s.value.includes("\n")) continue;
      if (isRemote(s.value)) out.remote.push({ url: s.value, offset: s.offset });
      else {
        out.references.push(resolve(dir, s.value));
        out.children.push({ path: resolve(dir, s.value), field: field2, offset: s.offset });
      }
    }
  }
  return out;
}
function readPatches(doc, root, dir, references) {
  const patches = [];
  for (const field2 of ["patches", "patchesJson6902"]) {
    const list = root.get(field2, true);
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      if (!isMap(item)) continue;
      const entry = { field: field2, offset: item.range?.[0] ?? 0 };
      const get = (key) => deref(doc, item.get(key, true));
      const path = get("path");
      if (isScalar(path) && typeof path.value === "string" && !isUnsetField(path)) {
        entry.file = resolve(dir, path.value);
        entry.named = path.value;
        references.push(entry.file);
      }
      const patch = get("patch");
      if (isScalar(patch) && typeof patch.value === "string" && !isUnsetField(patch) && !isBlankPatch(patch.value)) entry.inline = patch;
      const target = get("target");
      if (isMap(target)) entry.target = readTarget(target, doc);
      const options = get("options");
      if (options !== void 0 && !isUnsetField(options)) entry.allows = readAllows(options, doc);
      patches.push(entry);
    }
  }
  const psm = root.get("patchesStrategicMerge", true);
  if (!isSeq(psm)) return patches;
  for (const item of psm.items) {
    if (!isScalar(item) || typeof item.value !== "string") continue;
    const offset = item.range?.[0] ?? 0;
    if (item.value.includes("\n")) patches.push({ field: "patchesStrategicMerge", offset, inline: item });
    else {
      const f = resolve(dir, item.value);
      references.push(f);
      patches.push({ field: "patchesStrategicMerge", offset, file: f });
    }
  }
  return patches;
}
function readAllows(options, doc) {
  if (!isMap(options)) return { name: true, kind: true };
  const out = { name: false, kind: false };
  for (const pair of options.items) {
    const key = isScalar(pair.key) ? String(pair.key.value).toLowerCase() : void 0;
    const value = deref(doc, pair.value);
    const set = !isUnsetField(value) && !(isScalar(value) && /^(false|no|off|n)$/i.test(String(value.value)));
    if (key === void 0) out.name = out.kind = true;
    else if (key === "allownamechange") out.name ||= set;
    else if (key === "allowkindchange") out.kind ||= set;
  }
  return out;
}
function readHazards(root, dir) {
  const hazards = [];
  for (const field2 of HAZARDS) {
    const value = root.get(field2, true);
    if (value === void 0 || value === null) continue;
    const offset = root.items.find((p) => isScalar(p.key) && p.key.value === field2)?.key;
    const at = (isScalar(offset) && offset.range ? offset.range[0] : value.range?.[0]) ?? 0;
    if (isSeq(value)) {
      for (const item of value.items) {
        const node = item;
        const where = node?.range?.[0] ?? at;
        if (isScalar(node) && typeof node.value === "string")
          hazards.push({ field: field2, offset: where, file: isRemote(node.value) ? void 0 : resolve(dir, node.value), node, named: node.value });
        else if (isMap(node) && isScalar(node.get("path", true)) && !node.has("source")) {
          hazards.push({ field: field2, offset: where, file: resolve(dir, String(node.get("path"))), named: String(node.get("path")) });
        } else hazards.push({ field: field2, offset: where, node });
      }
    } else if (isMap(value) && field2 === "openapi") {
      const path = value.get("path");
      if (typeof path === "string") hazards.push({ field: field2, offset: at, file: resolve(dir, path), named: path });
    } else hazards.push({ field: field2, offset: at, node: value });
  }
  return hazards;
}
var HAZARDS = [
  "replacements",
  "transformers",
  "generators",
  "configurations",
  "openapi",
  "crds",
  "helmCharts",
  "helmChartInflationGenerator",
  "vars"
];
function targetsTrafficSplit(t) {
  if (!t) return false;
  const group = t.group ? String(t.group.value) : void 0;
  if (group !== void 0 && group !== SMI_SPLIT_GROUP) return false;
  if (t.kind !== void 0 && t.kind !== "TrafficSplit") return false;
  return group !== void 0 || t.kind === "TrafficSplit";
}
function readTarget(map, doc) {
  const t = { offset: map.range?.[0] };
  const get = (k) => {
    const v = deref(doc, map.get(k, true));
    return isUnsetField(v) ? void 0 : v;
  };
  const name = get("name");
  if (isScalar(name) && typeof name.value === "string") {
    t.name = name.value;
    t.offset = name.range?.[0] ?? t.offset;
  }
  const kind = get("kind");
  if (isScalar(kind) && typeof kind.value === "string") t.kind = kind.value;
  const namespace = get("namespace");
  if (isScalar(namespace) && typeof namespace.value === "string") t.namespace = namespace.value;
  const group = get("group");
  if (isScalar(group)) t.group = group;
  const version = get("version");
  if (isScalar(version)) t.version = version;
  for (const key of ["labelSelector", "annotationSelector"]) {
    const v = get(key);
    if (v !== void 0) t[key] = isScalar(v) && typeof v.value === "string" ? v.value : "\0";
  }
  return t;
}
function inlineOffsets(k, inline) {
  return inline.type === "BLOCK_LITERAL" && inline.range ? literalLines(k.text, inline.range[0], inline.range[1]) : void 0;
}
function literalLines(text, start, end) {
  const firstLine = text.indexOf("\n", start) + 1;
  if (firstLine <= 0 || firstLine >= end) return void 0;
  const starts = [];
  for (let s = firstLine; s < end; s = text.indexOf("\n", s) + 1 || end) starts.push(s);
  const indents = starts.map((s) => /^ */.exec(text.slice(s, text.indexOf("\n", s) < 0 ? end : text.indexOf("\n", s)))[0].length);
  const content = starts.findIndex((s, i) => text.slice(s + indents[i], text.indexOf("\n", s)).trim() !== "");
  if (content < 0) return void 0;
  const indent = indicated(text, start) ?? indents[content];
  return (offset) => {
    let line = 0;
    let pos = 0;
    while (line < starts.length - 1) {
      const nl = text.indexOf("\n", starts[line]);
      const lineEnd = nl > 0 && text[nl - 1] === "\r" ? nl - 1 : nl;
      const len = Math.max(0, lineEnd - starts[line] - indent);
      if (offset <= pos + len) break;
      pos += len + 1;
      line++;
    }
    return starts[line] + indent + (offset - pos);
  };
}
function indicated(text, header) {
  const digit = /^[|>][+-]?([1-9])/.exec(text.slice(header, header + 3))?.[1];
  if (digit === void 0) return void 0;
  const lineStart2 = lineStart(text, header);
  let at = lineStart2;
  for (; ; ) {
    while (text[at] === " ") at++;
    if (text[at] !== "-" || text[at + 1] !== " ") break;
    at++;
  }
  if (at >= header) return void 0;
  return at - lineStart2 + Number(digit);
}
function deref(doc, node) {
  return isAlias(node) ? node.resolve(doc) : node;
}
function scalarString(root, field2) {
  const v = root.get(field2, true);
  return isScalar(v) && typeof v.value === "string" ? v.value : "";
}
function strings(root, field2) {
  const list = root.get(field2, true);
  if (!isSeq(list)) return [];
  return list.items.flatMap((i) => isScalar(i) && typeof i.value === "string" ? [{ value: i.value, offset: i.range?.[0] ?? 0 }] : []);
}

// src/kustomize/json6902.ts
var BACKENDS = /^\/spec(?:\/backends(?:\/(?:[+-]?\d+|-)(?:\/weight)?)?)?$/;
var HOLDS_WEIGHTS = /^(?:\/?|\/spec(?:\/backends(?:\/[^/]*(?:\/weight)?)?)?)$/;
var WRITES = /* @__PURE__ */ new Set(["add", "replace", "test"]);
function identityProblem(kind, path, value) {
  if (kind === "test" && path === "/apiVersion")
    return "JSON 6902 test of /apiVersion checks the version the run changes; convert it by hand";
  if (kind === "remove" || kind === "test") return void 0;
  if (["/metadata/name", "/apiVersion", "/kind"].includes(path) || path === "/metadata" && isMap(value) && value.has("name"))
    return `JSON 6902 ${kind} ${path} renames the object or changes its kind or version; convert it by hand`;
  return void 0;
}
function shifts(kind, path) {
  const backend = /^\/spec\/backends\/[^/]+$/.test(path);
  const whole = path === "/spec" || path === "/spec/backends";
  if (kind === "move") return true;
  if (kind === "remove") return whole || backend;
  if (kind === "add" || kind === "copy") return whole || backend && !path.endsWith("/-");
  return kind === "replace" && whole;
}
function readOpWeights(text) {
  return readOps(text)?.weights;
}
function readOps(text) {
  const bom = text.startsWith("\uFEFF") ? 1 : 0;
  const ops = readBody(bom ? text.slice(bom) : text);
  if (!ops || !bom) return ops;
  return {
    weights: ops.weights.map((w) => ({ ...w, scalar: { ...w.scalar, start: w.scalar.start + bom, end: w.scalar.end + bom } })),
    problems: ops.problems.map((p) => ({ ...p, offset: p.offset + bom })),
    copies: ops.copies.map((c) => ({ ...c, offset: c.offset + bom })),
    shifts: ops.shifts.map((c) => ({ ...c, offset: c.offset + bom }))
  };
}
function readBody(text) {
  const doc = parseDocument(text, { schema: "failsafe" });
  if (doc.errors.length) return duplicateKey(text, doc.errors[0]);
  if (!isSeq(doc.contents)) return void 0;
  const weights = [];
  const problems = [];
  const copies = [];
  const shifted = [];
  for (const op of doc.contents.items) {
    if (!isMap(op)) return void 0;
    const kind = op.get("op");
    const path = op.get("path");
    if (typeof kind !== "string" || typeof path !== "string") return void 0;
    const at = op.get("path", true)?.range?.[0] ?? op.range?.[0] ?? 0;
    const identity = identityProblem(kind, path, op.get("value", true));
    if (identity) {
      problems.push({ offset: at, message: identity });
      continue;
    }
    const intoWeights = BACKENDS.test(path) || path === "" || path === "/";
    const from = op.get("from");
    if (!intoWeights && (kind === "copy" || kind === "move") && typeof from === "string" && HOLDS_WEIGHTS.test(from)) {
      problems.push({
        offset: at,
        message: `JSON 6902 ${kind} from ${from} into ${path} takes a TrafficSplit weight, which the conversion changes; convert it by hand`
      });
      continue;
    }
    if (!intoWeights) continue;
    if (shifts(kind, path)) shifted.push({ path, offset: at });
    if (kind === "copy" || kind === "move") {
      if (typeof from !== "string" || !/^\/spec\/backends(\/|$)/.test(from)) {
        problems.push({
          offset: at,
          message: `JSON 6902 ${kind} into ${path} from ${String(from)}: the value it copies is not converted here; convert it by hand`
        });
      } else if (kind === "copy") copies.push({ path, offset: at });
      continue;
    }
    if (!WRITES.has(kind)) continue;
    if (path === "" || path === "/") {
      problems.push({
        offset: at,
        message: `JSON 6902 ${kind} of the whole object: its apiVersion and weights are not converted here; convert it by hand`
      });
      continue;
    }
    const value = op.get("value", true);
    const bad = (what) => problems.push({ offset: value?.range?.[0] ?? at, message: `JSON 6902 ${kind} ${path}: ${what}; convert it by hand` });
    const add2 = (n) => {
      if (n === void 0 || n === null) return;
      if (!isScalar(n) || !n.range) return void bad("a weight that is not a scalar");
      const scalar = scalarRef(n, text, doc);
      const tab = plainTab(scalar, text, `JSON 6902 ${kind} ${path}`);
      if (tab) problems.push(tab);
      else weights.push({ scalar, path, op: kind, ...n.tag ? { tag: n.tag } : {} });
    };
    const backend = (b) => {
      if (isMap(b)) add2(b.get("weight", true));
      else bad("a backend that is not a mapping");
    };
    const backends = (list) => {
      if (list === void 0 || list === null) return;
      if (isSeq(list)) for (const b of list.items) backend(b);
      else bad("backends that are not a list");
    };
    if (path.endsWith("/weight")) add2(value);
    else if (path === "/spec") {
      if (isMap(value)) backends(value.get("backends", true));
      else bad("a spec that is not a mapping");
    } else if (path === "/spec/backends") backends(value);
    else backend(value);
  }
  problems.push(...anchoredWeights(doc, weights));
  return { weights, problems, copies, shifts: shifted };
}
function duplicateKey(text, error) {
  if (error.code !== "DUPLICATE_KEY") return void 0;
  const loose = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (loose.errors.length || !isSeq(loose.contents)) return void 0;
  let key = "a key";
  visit(loose, {
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.range?.[0] === error.pos[0]) key = JSON.stringify(String(pair.key.value));
    }
  });
  const message = `JSON 6902 operation writes ${key} twice: kubectl reads the last one, which is not followed here; write it once`;
  return { weights: [], problems: [{ offset: error.pos[0], message }], copies: [], shifts: [] };
}
function anchoredWeights(doc, weights) {
  const anchored2 = [];
  visit(doc, {
    Node(_, n) {
      if (n.anchor && !isAlias(n) && n.range) anchored2.push(n);
    }
  });
  const out = [];
  for (const w of weights) {
    const a = anchored2.find((n) => n.range[0] <= w.scalar.start && w.scalar.start < n.range[1]);
    if (a)
      out.push({
        offset: w.scalar.start,
        message: `JSON 6902 ${w.op} ${w.path}: weight ${w.scalar.raw} lies in anchored node &${a.anchor}, which an alias may read elsewhere; an edit there would change it too: convert it by hand`
      });
  }
  return out;
}
function plainTab(scalar, text, op) {
  const tab = scalar.flowIndent === void 0 ? void 0 : tabRefusedAfterPlain(text, scalar.end, scalar.flowIndent);
  if (!tab) return void 0;
  return {
    offset: tab.offset,
    message: `${op}: weight ${scalar.raw} is written as an unquoted integer, and kustomize's YAML reader reads on from it over the line breaks after it: it refuses this line's tab inside a flow collection ("found a tab character that violates indentation"); indent the line with spaces to convert it`
  };
}
var input = (w) => ({ yaml: { ...w.scalar, tag: w.tag } });
function weightError(w, e) {
  return {
    severity: "error",
    code: "invalid-weight",
    offset: w.scalar.start,
    message: `JSON 6902 patch ${w.path}: weight ${w.scalar.raw} ${e.reason}`
  };
}
function opsScale(weights) {
  return neededWeightScale(weights.map(input));
}
function opEdits(weights, floor, target) {
  const rule = weightRule(weights.map(input), { floor });
  if (!rule.ok) return { edits: [], findings: rule.errors.map((e) => weightError(weights[e.index], e)) };
  const edits = [];
  const findings = [];
  for (const [i, w] of weights.entries()) {
    const text = rule.weights[i].toString();
    if (text === w.scalar.raw) continue;
    edits.push({ start: w.scalar.start, end: w.scalar.end, text });
    findings.push({
      severity: "info",
      code: "patch-converted",
      offset: w.scalar.start,
      object: { kind: "TrafficSplit", name: target },
      message: `JSON 6902 patch for TrafficSplit ${target}: ${w.path} ${w.scalar.raw} -> ${text}`,
      weightsBefore: [w.scalar.raw],
      weightsAfter: [text]
    });
  }
  return { edits, findings };
}

// src/kustomize/tree-files.ts
function convertKustomization(k, opts, floors, splitPatches = /* @__PURE__ */ new Set(), versionMoves = /* @__PURE__ */ new Set()) {
  const out = { edits: [], findings: [] };
  for (const p of k.patches) {
    if (!targetsTrafficSplit(p.target) && !splitPatches.has(p) && !(p.inline && mentionsKind(String(p.inline.value), "TrafficSplit")))
      continue;
    const version = p.target?.version;
    const from = version ? String(version.value) : "";
    if (version?.range && versionMoves.has(p) && VERSIONS.includes(from) && stepsBetween(trafficSplit, from, splitVersion(opts)).length > 0) {
      const raw = k.text.slice(version.range[0], version.range[1]);
      const at = raw.indexOf(from);
      out.edits.push({ start: version.range[0] + at, end: version.range[0] + at + from.length, text: splitVersion(opts) });
      out.findings.push({
        severity: "info",
        code: "patch-converted",
        offset: version.range[0],
        object: { kind: "TrafficSplit", name: p.target?.name },
        message: `${p.field} target ${describeTarget(p.target?.name)}: ${SMI_SPLIT_GROUP}/${from} -> ${splitVersion(opts)}`
      });
    }
    if (p.inline) convertInline(k, p.inline, p.target, opts, floors, out);
  }
  return out;
}
function convertOpFile(text, target, floors) {
  const weights = readOpWeights(text) ?? [];
  return opEdits(weights, floorFor(floors, target === "*" ? void 0 : target), target);
}
function convertInline(k, node, target, opts, floors, out) {
  const inner = String(node.value);
  const ops = readOpWeights(inner);
  const inside = ops ? opEdits(ops, floorFor(floors, target && targetKey(target)), target?.name ?? "*") : convertSegment(inner, { versions: splitsOnly(splitVersion(opts)), scaleFloor: floors });
  if (inside.edits.length === 0 && !inside.findings.some((f) => f.severity === "error")) return;
  const map = inlineOffsets(k, node);
  if (!map) {
    out.findings.push({
      severity: "warning",
      code: "invalid-structure",
      offset: node.range?.[0] ?? 0,
      pending: true,
      message: "inline patch for a TrafficSplit is a quoted or folded string; convert it by hand (or write it as `patch: |-`); the kustomize tree is left unchanged"
    });
    return;
  }
  for (const e of inside.edits) out.edits.push({ start: map(e.start), end: map(e.end), text: e.text });
  for (const f of inside.findings) out.findings.push({ ...f, offset: map(f.offset) });
}
function describeTarget(name) {
  return name ? `TrafficSplit ${name}` : "TrafficSplit (any name)";
}

// src/kustomize/walk.ts
import { dirname as dirname3, join, sep } from "node:path";

// src/kustomize/unread.ts
import { dirname as dirname2, resolve as resolve2 } from "node:path";

// src/kustomize/foreign.ts
var FIELDS = /* @__PURE__ */ new Set([
  "apiVersion",
  "kind",
  "metadata",
  "openapi",
  "namePrefix",
  "nameSuffix",
  "namespace",
  "commonLabels",
  "labels",
  "commonAnnotations",
  "patchesStrategicMerge",
  "patchesJson6902",
  "patches",
  "images",
  "imageTags",
  "replacements",
  "replicas",
  "vars",
  "sortOptions",
  "resources",
  "components",
  "crds",
  "bases",
  "configMapGenerator",
  "secretGenerator",
  "helmGlobals",
  "helmCharts",
  "helmChartInflationGenerator",
  "generatorOptions",
  "configurations",
  "generators",
  "transformers",
  "validators",
  "buildMetadata"
]);
var ENTRY = /* @__PURE__ */ new Set(["path", "patch", "target", "options"]);
var TARGET = /* @__PURE__ */ new Set(["group", "version", "kind", "name", "namespace", "labelSelector", "annotationSelector"]);
function foreignReading(text) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return void 0;
  const found = [];
  const at = (n) => n?.range?.[0] ?? 0;
  visit(doc, {
    Node(_, n) {
      if (isAlias(n))
        found.push({ offset: at(n), message: `alias *${n.source}: kubectl reads the node it names there, which is not followed here` });
      else if (n.anchor)
        found.push({
          // At the `&` (the node's range starts at its value).
          offset: text.lastIndexOf(`&${n.anchor}`, at(n)) < 0 ? at(n) : text.lastIndexOf(`&${n.anchor}`, at(n)),
          message: `anchor &${n.anchor}: kubectl reads it wherever an alias names it, and an edit here would change those too`
        });
    },
    Pair(_, pair) {
      if (isScalar(pair.key) && pair.key.value === "<<")
        found.push({ offset: at(pair.key), message: "merge key <<: kubectl merges in the mapping it names, which is not followed here" });
    }
  });
  unknownKeys(doc.contents, FIELDS, "a kustomization", found);
  for (const field2 of ["patches", "patchesJson6902"]) {
    const list = doc.contents.get(field2, true);
    if (!isSeq(list)) continue;
    for (const item of list.items) {
      if (!isMap(item)) continue;
      unknownKeys(item, ENTRY, `a ${field2} entry`, found);
      const target = item.get("target", true);
      if (isMap(target)) unknownKeys(target, TARGET, "a patch target", found);
    }
  }
  return found.sort((a, b) => a.offset - b.offset)[0];
}
function unknownKeys(map, known, what, found) {
  for (const pair of map.items) {
    const key = isScalar(pair.key) ? pair.key.value : void 0;
    if (typeof key === "string" && (known.has(key) || key === "<<")) continue;
    found.push({
      offset: pair.key?.range?.[0] ?? map.range?.[0] ?? 0,
      message: `key ${typeof key === "string" ? JSON.stringify(key) : "(not a string)"} is not a field of ${what} as spelled here: kubectl matches field names without regard to case, and may read it as one`
    });
  }
}

// src/kustomize/unread.ts
var FLOW_INDENT = " in block collection must be sufficiently indented and end with a ";
var MAX_ROUNDS = 64;
function unreadKustomization(file, text) {
  const doc = parseDocument(text, { schema: "failsafe" });
  const first = doc.errors[0];
  const foreign = first ? void 0 : foreignReading(text);
  if (!first && !foreign) return void 0;
  let offset;
  let message;
  let read;
  if (foreign) {
    ;
    ({ offset, message } = foreign);
    read = looseReading(file, text);
  } else {
    offset = first.pos[0];
    const duplicate = first.code === "DUPLICATE_KEY";
    const key = duplicate ? duplicateKey2(text, offset) : void 0;
    message = duplicate ? `${key === void 0 ? "a key" : `key ${JSON.stringify(key)}`} is written twice in one mapping (DUPLICATE_KEY): kubectl reads the last one, the \`yaml\` parser refuses the file` : `${first.message.split("\n")[0].replace(/ at line \d+, column \d+:?$/, "")} (${first.code})`;
    const copy = duplicate ? void 0 : reindented(text);
    read = duplicate ? looseReading(file, text) : copy === void 0 ? void 0 : readKustomization(file, copy);
  }
  read ??= { ...tokenReading(file, text), near: true };
  return {
    file,
    text,
    doc,
    references: read.references,
    children: read.children,
    remote: [],
    namePrefix: "",
    nameSuffix: "",
    patches: [],
    hazards: [],
    unread: { offset, message, tree: true, near: read.near === true }
  };
}
function reindented(text) {
  let copy = text;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const errors = parseDocument(copy, { schema: "failsafe" }).errors;
    if (errors.length === 0) return copy;
    const bad = errors.find((e) => e.message.includes(FLOW_INDENT));
    if (!bad) return void 0;
    const from = lineStart(copy, bad.pos[0]);
    const longest = Math.max(
      0,
      ...copy.slice(0, from).split("\n").map((l) => l.length)
    );
    let indent = 0;
    while (copy[from + indent] === " ") indent++;
    copy = copy.slice(0, from) + " ".repeat(Math.max(1, longest + 1 - indent)) + copy.slice(from);
  }
  return void 0;
}
function duplicateKey2(text, at) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  let key;
  visit(doc, {
    Pair(_, pair) {
      if (key === void 0 && isScalar(pair.key) && pair.key.range?.[0] === at) key = String(pair.key.value);
    }
  });
  return key;
}
function looseReading(file, text) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return void 0;
  const dir = dirname2(file);
  const children = [];
  visit(doc, {
    Scalar(_, s) {
      const v = String(s.value);
      if (v === "" || v.includes("\n") || isRemote(v)) return;
      children.push({ path: resolve2(dir, v), field: "resources", offset: s.range?.[0] ?? 0 });
    }
  });
  return { references: [...new Set(children.map((c) => c.path))], children };
}
function tokenReading(file, text) {
  const dir = dirname2(file);
  const tokens = text.split(/[\s"'`,[\]{}()|]+/).flatMap((t) => [t, t.replace(/^-+/, "").replace(/:$/, "")]);
  const paths = [...new Set(tokens.filter((t) => t !== "" && t !== "-" && !isRemote(t)))].map((t) => resolve2(dir, t));
  return { references: [...new Set(paths)], children: paths.map((path) => ({ path, field: "resources", offset: 0 })) };
}

// src/kustomize/union.ts
var UnionFind = class {
  parent = /* @__PURE__ */ new Map();
  add(x) {
    if (!this.parent.has(x)) this.parent.set(x, x);
  }
  find(x) {
    this.add(x);
    let r = x;
    while (this.parent.get(r) !== r) r = this.parent.get(r);
    this.parent.set(x, r);
    return r;
  }
  has(x) {
    return this.parent.has(x);
  }
  union(a, b) {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent.set(ra, rb);
  }
  members() {
    return [...this.parent.keys()];
  }
};

// src/kustomize/walk.ts
var link = (m, k, v) => m.set(k, (m.get(k) ?? /* @__PURE__ */ new Set()).add(v));
function walkTrees(kustomizations, files, focus = []) {
  const { read, isFile: exists, real } = files;
  const trees = {
    kustomizations: /* @__PURE__ */ new Map(),
    sets: new UnionFind(),
    owners: /* @__PURE__ */ new Map(),
    parents: /* @__PURE__ */ new Map(),
    components: /* @__PURE__ */ new Map(),
    takes: /* @__PURE__ */ new Map()
  };
  const { sets } = trees;
  const queue = kustomizations.map(real);
  for (let file = queue.shift(); file !== void 0; file = queue.shift()) {
    if (trees.kustomizations.has(file)) continue;
    const text = read(file);
    const k = text === void 0 ? void 0 : unreadKustomization(file, text) ?? readKustomization(file, text);
    if (!k) continue;
    trees.kustomizations.set(file, k);
    sets.add(file);
    const fields = new Map(k.children.map((c) => [c.path, c.field]));
    for (const ref of k.references) {
      if (exists(ref)) {
        sets.union(file, real(ref));
        link(trees.owners, real(ref), file);
      }
      const nested = [...KUSTOMIZATION_NAMES].map((name) => join(ref, name)).find(exists);
      if (nested === void 0) continue;
      const child = real(nested);
      sets.union(file, child);
      link(trees.parents, child, file);
      trees.takes.set(file, [...trees.takes.get(file) ?? [], child]);
      if (fields.get(ref) === "components") trees.components.set(file, [...trees.components.get(file) ?? [], child]);
      queue.push(child);
    }
  }
  for (const blind of [...trees.kustomizations.values()].filter((k) => k.unread?.near)) {
    const dir = dirname3(blind.file) + sep;
    for (const other of [...trees.kustomizations.keys(), ...focus]) {
      if (!other.startsWith(dir)) continue;
      sets.add(other);
      sets.union(blind.file, other);
    }
  }
  return trees;
}

// src/kustomize/context.ts
import { dirname as dirname4, relative } from "node:path";

// src/kustomize/affixes.ts
var NAME_LIMIT = 4096;
function nameResolver(trees, renames = () => false) {
  const memo = /* @__PURE__ */ new Map();
  const renaming = /* @__PURE__ */ new Map();
  const mayRename2 = (k, seen = /* @__PURE__ */ new Set()) => {
    const known = renaming.get(k);
    if (known !== void 0) return known;
    if (seen.has(k)) return false;
    seen.add(k);
    const out = renames(k) || (trees.components.get(k) ?? []).some((c) => mayRename2(c, seen));
    renaming.set(k, out);
    return out;
  };
  const affixes = (k, seen = /* @__PURE__ */ new Set()) => {
    const known = memo.get(k);
    if (known) return known;
    if (seen.has(k)) return [];
    seen.add(k);
    const kz = trees.kustomizations.get(k);
    const own = kz && (kz.namePrefix || kz.nameSuffix) ? [{ p: kz.namePrefix, s: kz.nameSuffix }] : [];
    const list = [...(trees.components.get(k) ?? []).flatMap((c) => affixes(c, seen)), ...own];
    memo.set(k, list);
    return list;
  };
  return (name, from) => {
    const out = /* @__PURE__ */ new Set([name]);
    const seen = /* @__PURE__ */ new Set();
    const todo = [...from].map((k) => [k, name]);
    for (let next = todo.pop(); next; next = todo.pop()) {
      const [k, x] = next;
      const key = `${k}\0${x}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (mayRename2(k)) return "all";
      const list = affixes(k);
      if (list.length > 10) return "all";
      let here = [x];
      for (const a of list) here = [...here, ...here.map((y) => a.p + y + a.s)];
      for (const y of here) {
        out.add(y);
        for (const p of trees.parents.get(k) ?? []) todo.push([p, y]);
      }
      if (out.size > NAME_LIMIT) return "all";
    }
    return out;
  };
}

// src/kustomize/replacement-selectors.ts
function replacementSelectorHazard(e, weightPath2) {
  if (!isMap(e)) return void 0;
  const source = e.get("source", true);
  if (source !== void 0) {
    if (!isMap(source)) return "its source cannot be read";
    if (versioned(source)) return `its source selects TrafficSplits by version ${field(source, "version")}, which the run moves`;
    const fp = source.get("fieldPath", true);
    const path = fp === void 0 ? "metadata.name" : isScalar(fp) ? String(fp.value) : void 0;
    if (maySelectTrafficSplit(kindOf(source)) && (path === void 0 || weightPath2(path)))
      return "its source may read a TrafficSplit weight, which the run rewrites";
  }
  const targets = e.get("targets", true);
  if (!isSeq(targets)) return void 0;
  for (const t of targets.items) {
    if (!isMap(t)) continue;
    const select = t.get("select", true);
    if (isMap(select) && versioned(select))
      return `a target selects TrafficSplits by version ${field(select, "version")}, which would stop or start matching them`;
    const reject = t.get("reject", true);
    for (const r of isSeq(reject) ? reject.items : []) {
      if (isMap(r) && versioned(r))
        return `a target rejects by version ${field(r, "version")}, which would stop or start matching the TrafficSplits`;
    }
  }
  return void 0;
}
function field(m, key) {
  const v = m.get(key, true);
  return isScalar(v) && v.value !== null && String(v.value) !== "" ? String(v.value) : void 0;
}
function kindOf(m) {
  return { group: field(m, "group"), kind: field(m, "kind") };
}
function versioned(m) {
  const v = m.get("version", true);
  if (v === void 0) return false;
  if (!maySelectTrafficSplit(kindOf(m))) return false;
  const text = field(m, "version");
  if (text === void 0) return !(isScalar(v) && (v.value === null || String(v.value) === ""));
  const re = anchored(text);
  return !re || VERSIONS.some((x) => re.test(x));
}

// src/kustomize/vars.ts
function varHazard(node, weightPath2) {
  if (!isMap(node)) return void 0;
  const objref = node.get("objref", true);
  if (!isMap(objref)) return "its objref cannot be read";
  const str = (m, k) => {
    const v = isMap(m) ? m.get(k, true) : void 0;
    return isScalar(v) && v.value !== null && String(v.value) !== "" ? String(v.value) : void 0;
  };
  const apiVersion = str(objref, "apiVersion");
  const [group, version] = apiVersion?.includes("/") ? apiVersion.split("/", 2) : [void 0, apiVersion];
  if (!maySelectTrafficSplit({ group, kind: str(objref, "kind") })) return void 0;
  if (version !== void 0 && VERSIONS.includes(version))
    return `its objref names TrafficSplits by apiVersion ${apiVersion}, which the run moves`;
  const fieldref = node.get("fieldref", true);
  const path = fieldref === void 0 ? "metadata.name" : str(fieldref, "fieldpath");
  if (path === void 0 || weightPath2(path)) return "its fieldref may read a TrafficSplit weight, which the run rewrites";
  return void 0;
}

// src/kustomize/hazards.ts
var WEIGHTY = /backends|weight|TrafficSplit|smi-spec/i;
function hazardText(h, files) {
  if (h.file) return files.isFile(h.file) ? files.read(h.file) : void 0;
  return h.node && !isScalar(h.node) ? String(h.node) : void 0;
}
function checkHazard(file, h, files, refuse) {
  const content = hazardText(h, files);
  const unread = content === void 0;
  const name = h.named ? `${h.field} entry ${h.named}` : `${h.field} entry`;
  switch (h.field) {
    case "replacements":
      if (unread) return refuse(file, h.offset, `${name} cannot be read, and it may write TrafficSplit weights`);
      if (replacementHitsWeights(h.file ? content : void 0, h.node)) {
        return refuse(file, h.offset, `${name} writes into TrafficSplit backends: the value it copies is not converted here`);
      }
      for (const e of replacementEntries(h.file ? content : void 0, h.node) ?? []) {
        const why = replacementSelectorHazard(e, weightPath);
        if (why) return refuse(file, h.offset, `${name} cannot be followed here: ${why}`);
      }
      return;
    case "vars": {
      const why = varHazard(h.node, weightPath);
      return why ? refuse(file, h.offset, `vars entry cannot be followed here: ${why}`) : void 0;
    }
    case "transformers":
    case "generators":
      if (unread || WEIGHTY.test(content) || /Prefix|Suffix|Patch|Replacement|function|exec|container|starlark|kind:\s*Kustomization/i.test(content)) {
        return refuse(file, h.offset, `${name} may write TrafficSplits or their names in a way not followed here`);
      }
      return;
    case "configurations":
      if (unread || WEIGHTY.test(content)) return refuse(file, h.offset, `${name} may make a transformer write TrafficSplit weights`);
      return;
    case "openapi":
    case "crds":
      if (unread || /TrafficSplit|smi-spec/.test(content)) {
        return refuse(
          file,
          h.offset,
          `${name} gives TrafficSplits a schema for their old version: patches would merge differently once converted`
        );
      }
      return;
    default:
      return refuse(
        file,
        h.offset,
        `${h.field}: the TrafficSplits a chart renders are not converted here, and the tree's TrafficSplit patches would stop matching them`
      );
  }
}
function replacementHitsWeights(text, node) {
  return replacementWrites(text, node, weightPath);
}
function replacementWrites(text, node, path) {
  const entries = replacementEntries(text, node);
  return entries === void 0 || entries.some((e) => entryWrites(e, path));
}
function replacementEntries(text, node) {
  if (text === void 0) return [node];
  const entries = [];
  for (const d of parseAllDocuments(text, { schema: "failsafe" })) {
    if (d.errors.length) return void 0;
    if (isSeq(d.contents)) entries.push(...d.contents.items);
    else entries.push(d.contents);
  }
  return entries;
}
function entryWrites(e, path) {
  if (!isMap(e)) return true;
  const targets = e.get("targets", true);
  if (targets === void 0) return false;
  if (!isSeq(targets)) return true;
  for (const t of targets.items) {
    if (!isMap(t)) return true;
    const select = t.get("select", true);
    const field2 = (k) => isMap(select) ? select.get(k) : void 0;
    const str = (v) => typeof v === "string" ? v : void 0;
    if (!maySelectTrafficSplit({ group: str(field2("group")), kind: str(field2("kind")) })) continue;
    const paths = t.get("fieldPaths", true);
    if (!isSeq(paths)) return true;
    for (const fp of paths.items) if (!isScalar(fp) || path(String(fp.value))) return true;
  }
  return false;
}
function mayRename(k, files) {
  return k.hazards.some((h) => {
    if (h.field !== "replacements") return false;
    const text = hazardText(h, files);
    if (text === void 0) return true;
    return replacementWrites(h.file ? text : void 0, h.node, renamePath);
  });
}
function renamePath(path) {
  const segs = path.split(".");
  if (segs[0] === "kind" || segs[0] === "apiVersion" || segs[0] === "*") return true;
  if (segs[0] !== "metadata") return false;
  return segs.length === 1 || ["name", "namespace", "*"].includes(segs[1]);
}
function weightPath(path) {
  const segs = path.split(".");
  if (!["spec", "*"].includes(segs[0])) return false;
  if (segs.length === 1) return true;
  if (!["backends", "*"].includes(segs[1])) return false;
  if (segs.length <= 3) return true;
  return segs.slice(3).join(".") === "weight" || segs[3] === "*" || segs[3] === "weight";
}

// src/kustomize/chains.ts
var PATH_LIMIT = 2e3;
function copiesOf(trees) {
  const comps = componentCounts(trees);
  const out = /* @__PURE__ */ new Map();
  for (const k of trees.kustomizations.keys()) out.set(k, pathsFrom(trees, comps, k) ?? [pathCounts(trees, k)]);
  return out;
}
function componentCounts(trees) {
  const memo = /* @__PURE__ */ new Map();
  const visiting = /* @__PURE__ */ new Set();
  const of = (k) => {
    const known = memo.get(k);
    if (known) return known;
    const out = /* @__PURE__ */ new Map();
    if (visiting.has(k)) return out;
    visiting.add(k);
    for (const c of trees.components.get(k) ?? []) add(add(out, /* @__PURE__ */ new Map([[c, 1]])), of(c));
    visiting.delete(k);
    memo.set(k, out);
    return out;
  };
  return of;
}
function add(into, more) {
  for (const [k, n] of more) into.set(k, (into.get(k) ?? 0) + n);
  return into;
}
function resourcesOf(trees, k) {
  const left = [...trees.components.get(k) ?? []];
  return (trees.takes.get(k) ?? []).filter((c) => {
    const i = left.indexOf(c);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}
function pathsFrom(trees, comps, root) {
  const out = [];
  const onPath = /* @__PURE__ */ new Set();
  const visit2 = (k, applies) => {
    if (onPath.has(k)) return true;
    if (out.push(applies) > PATH_LIMIT) return false;
    onPath.add(k);
    let ok = true;
    for (const child of resourcesOf(trees, k)) {
      if (!ok) break;
      ok = visit2(child, add(add(new Map(applies), /* @__PURE__ */ new Map([[child, 1]])), comps(child)));
    }
    for (const c of trees.components.get(k) ?? []) {
      if (!ok) break;
      ok = visit2(c, applies);
    }
    onPath.delete(k);
    return ok;
  };
  return visit2(root, add(/* @__PURE__ */ new Map([[root, 1]]), comps(root))) ? out : void 0;
}
function pathCounts(trees, root) {
  const memo = /* @__PURE__ */ new Map();
  const visiting = /* @__PURE__ */ new Set();
  const count = (k) => {
    const known = memo.get(k);
    if (known) return known;
    const out = /* @__PURE__ */ new Map([[k, 1]]);
    if (visiting.has(k)) return out;
    visiting.add(k);
    for (const child of trees.takes.get(k) ?? []) add(out, count(child));
    visiting.delete(k);
    memo.set(k, out);
    return out;
  };
  return count(root);
}

// src/kustomize/label-paths.ts
var PATH_LIMIT2 = 200;
var STEP_LIMIT = 2e4;
function labelsBefore(trees, {
  labelPairs: pairs,
  labelChangers: changers
}, { by, late: late2 }, owners) {
  const maybe = { pairs: { maybe: [...pairs.values()].flat() }, changers: [...changers.values()].flat() };
  if (pairs.size === 0 && maybe.changers.length === 0) return { pairs: { paths: [[]] }, changers: [] };
  const listed = (k) => [...trees.components.values()].some((cs) => cs.includes(k));
  const ends = new Set(owners ?? []);
  if (ends.size === 0 || listed(by) || [...ends].some(listed)) return maybe;
  const comps = (k, seen = /* @__PURE__ */ new Set()) => (trees.components.get(k) ?? []).flatMap((c) => seen.has(c) ? [] : [...comps(c, new Set(seen).add(c)), c]);
  const paths = [];
  const before = /* @__PURE__ */ new Set([by, ...comps(by)]);
  const onPath = [];
  let steps = 0;
  const visit2 = (k) => {
    if (++steps > STEP_LIMIT) return false;
    if (onPath.includes(k)) return true;
    onPath.push(k);
    if (ends.has(k)) {
      const below = onPath.slice(1).reverse().flatMap((m) => [...comps(m), m]);
      for (const m of below) before.add(m);
      paths.push([...[...below, ...comps(by), ...late2 ? [by] : []].flatMap((m) => pairs.get(m) ?? [])]);
    }
    const ok = paths.length <= PATH_LIMIT2 && resourcesOf(trees, k).every(visit2);
    onPath.pop();
    return ok;
  };
  if (!visit2(by) || paths.length === 0) return maybe;
  return { pairs: { paths }, changers: [...before].flatMap((m) => changers.get(m) ?? []) };
}
function opaqueFor(changers, names) {
  return changers.find((c) => mayName(c.names, names));
}
var mayName = (match, names) => match === void 0 || match === "all" || names === void 0 || names === "all" || [...names].some((n) => match.test(n));

// src/kustomize/context.ts
function weightsAt(pl, id) {
  let w = pl.weights.get(id);
  if (!w) pl.weights.set(id, w = { lists: [], writes: [], copies: [], shifts: [] });
  return w;
}
function newPlanner(plan, trees, files, opts) {
  return {
    plan,
    trees,
    files,
    opts,
    nodes: new UnionFind(),
    need: /* @__PURE__ */ new Map(),
    states: /* @__PURE__ */ new Map(),
    siblingRefusals: [],
    names: nameResolver(trees, (k) => {
      const kz = trees.kustomizations.get(k);
      return kz !== void 0 && mayRename(kz, files);
    }),
    siblingKinds: convertedSiblings(opts),
    weights: /* @__PURE__ */ new Map(),
    fixed: /* @__PURE__ */ new Map(),
    uncertain: /* @__PURE__ */ new Set(),
    changedBy: /* @__PURE__ */ new Map()
  };
}
function nodeOf(pl, file, name, scale) {
  const id = `${file}\0${name}`;
  pl.nodes.add(id);
  pl.need.set(id, Math.max(pl.need.get(id) ?? 0, scale));
  return id;
}
function stateOf(pl, file) {
  const root = pl.trees.sets.find(file);
  let s = pl.states.get(root);
  if (!s) {
    s = {
      ...{
        docs: /* @__PURE__ */ new Map(),
        older: /* @__PURE__ */ new Set(),
        current: /* @__PURE__ */ new Set(),
        facts: /* @__PURE__ */ new Map(),
        patchDocs: /* @__PURE__ */ new Map(),
        labelChangers: /* @__PURE__ */ new Map(),
        labelPairs: /* @__PURE__ */ new Map(),
        namespaces: /* @__PURE__ */ new Set(),
        matchers: [],
        siblings: [],
        involved: false,
        patched: false,
        deferred: []
      },
      ...{ suppressed: [], kept: 0, added: [], removed: [] }
    };
    pl.states.set(root, s);
  }
  return s;
}
function envOf(pl, state, by, id, late2) {
  const file = id.slice(0, id.indexOf("\0"));
  const doc = state.patchDocs.has(id);
  const key = `${by}\0${late2}\0${doc}\0${file}`;
  let envs = envsOf.get(state);
  if (!envs) envsOf.set(state, envs = /* @__PURE__ */ new Map());
  let env = envs.get(key);
  if (!env) {
    const owners = doc ? void 0 : pl.trees.owners.get(file) ?? (pl.trees.kustomizations.has(file) ? [file] : void 0);
    env = { namespaces: state.namespaces, ...labelsBefore(pl.trees, state, { by, late: late2 }, owners) };
    envs.set(key, env);
  }
  return { namespaces: env.namespaces, pairs: env.pairs, opaque: opaqueFor(env.changers, state.docs.get(id)) };
}
var envsOf = /* @__PURE__ */ new WeakMap();
function changesLabels(state, file, offset, names) {
  state.labelChangers.set(file, [...state.labelChangers.get(file) ?? [], { file, offset, ...names ? { names } : {} }]);
}
function changerAt(pl, from, c) {
  const text = pl.files.read(c.file) ?? "";
  return `${relative(dirname4(from), c.file) || c.file}:${text.slice(0, c.offset).split("\n").length}`;
}
function refuser(plan) {
  return (file, offset, message) => {
    const list = plan.refusals.get(file) ?? [];
    list.push({
      severity: "warning",
      code: "invalid-structure",
      offset,
      pending: true,
      message: `${message}; the kustomize tree is left unchanged for a person to convert`
    });
    plan.refusals.set(file, list);
  };
}
function refuseError(plan, file, d) {
  plan.refusals.set(file, [...plan.refusals.get(file) ?? [], { severity: "error", ...d }]);
}
function addDocs(pl, state, file, text, from, each) {
  const ids = [];
  for (const d of splitDocs(text, splitVersion(pl.opts), !pl.opts.noIgnore)) {
    each?.(d);
    const id = nodeOf(pl, file, d.key, d.scale);
    ids.push(id);
    if (d.values) weightsAt(pl, id).lists.push({ values: d.values, from: [...from], units: !d.rescaled });
    const line = text.slice(0, d.offset).split("\n").length;
    if (!d.rescaled) pl.fixed.set(id, { file, line, name: d.name });
    if (d.suppressed) state.suppressed.push({ file, line, name: d.name });
    else state.kept++;
    if (d.older && !d.suppressed) {
      state.involved = true;
      state.older.add(id);
    }
    if (d.current) state.current.add(id);
    state.facts.set(id, [...state.facts.get(id) ?? [], d.facts]);
    const prev = state.docs.get(id);
    if (prev !== "all") {
      const names = d.name === "*" ? "all" : pl.names(d.name, from);
      state.docs.set(id, names === "all" ? "all" : /* @__PURE__ */ new Set([...prev ?? [], ...names]));
    }
  }
  return ids;
}
function addSiblings(pl, state, text, from) {
  if (pl.siblingKinds.size === 0) return;
  for (const doc of siblingDocs(text, splitVersion(pl.opts), pl.siblingKinds)) {
    state.siblings.push({ doc, names: doc.name === void 0 ? "all" : pl.names(doc.name, from) });
  }
}

// src/kustomize/ids.ts
import { dirname as dirname5, relative as relative2 } from "node:path";

// src/kustomize/id-changers.ts
function idChangers(pl, kz) {
  const out = [];
  const flagged = kz.patches.some((p) => p.allows?.name || p.allows?.kind);
  if (!flagged && /allow\W*(name|kind)\W*change/i.test(kz.text)) return "opaque";
  for (const p of kz.patches) {
    const text = p.inline ? String(p.inline.value) : p.file && pl.files.isFile(p.file) ? pl.files.read(p.file) : void 0;
    const ops = text !== void 0 && readOps(text) ? opsChange(text) : "none";
    if (ops === "kind" || p.allows?.kind) return "opaque";
    if (ops === "none" && !p.allows?.name) continue;
    if (p.target) out.push(targetChanger(p));
    else if (ops === "name" || text === void 0) return "opaque";
    else if (smpMaySelectTrafficSplit(text)) out.push(namesChanger(smpNames(text)));
  }
  return out;
}
function targetChanger(p) {
  const t = p.target;
  if (!maySelectTrafficSplit({ group: t.group ? String(t.group.value) : void 0, kind: t.kind })) return () => false;
  const version = t.version ? String(t.version.value) : void 0;
  const names = namesChanger(nameMatcher(t.name));
  return (seen) => seen.versions.some((v) => mayMatch(version, v)) && (seen.namespaces === void 0 || seen.namespaces.some((n) => mayMatch(t.namespace, n))) && names(seen);
}
function namesChanger(match) {
  return (seen) => match === "all" || seen.names === void 0 || seen.names.some((n) => match.test(n));
}
function opsChange(text) {
  let ops;
  try {
    ops = parse(text.replace(/^\uFEFF/, ""), { uniqueKeys: false });
  } catch {
    return "kind";
  }
  if (!Array.isArray(ops)) return "kind";
  let out = "none";
  for (const op of ops) {
    if (typeof op !== "object" || op === null) return "kind";
    const { path, from } = op;
    if (typeof path !== "string") return "kind";
    for (const x of [path, from]) {
      if (typeof x !== "string") continue;
      if (KIND_PATH.test(x)) return "kind";
      if (NAME_PATH.test(x)) out = "name";
    }
  }
  return out;
}
var KIND_PATH = /^\/?$|^\/(kind|apiVersion)(\/|$)/;
var NAME_PATH = /^\/metadata$|^\/metadata\/(name|namespace)(\/|$)/;

// src/kustomize/ids.ts
var COPY_LIMIT = 2e4;
function checkSharedIds(pl, docs, roots) {
  const to = splitVersion(pl.opts);
  const after = (r) => r.d.older && !r.d.suppressed ? to : r.d.facts.version;
  const from = /* @__PURE__ */ new Map();
  for (const r of docs) from.set(after(r), (from.get(after(r)) ?? /* @__PURE__ */ new Set()).add(r.d.facts.version));
  const live = docs.filter((r) => from.get(after(r)).size > 1);
  if (live.length === 0) return;
  const byFile = /* @__PURE__ */ new Map();
  for (const r of live) byFile.set(r.file, [...byFile.get(r.file) ?? [], r]);
  const render = renderer(pl, byFile, after, to);
  const told = /* @__PURE__ */ new Set();
  for (const root of roots) {
    const copies = render(root);
    const pair = copies === "many" ? void 0 : meeting(copies, told);
    if (copies === "many")
      refuser(pl.plan)(root, 0, `too many copies of TrafficSplits to tell their kustomize ids apart (over ${COPY_LIMIT})`);
    else if (pair) refuser(pl.plan)(root, 0, finding(root, pair, to));
  }
}
function renderer(pl, byFile, after, to) {
  const { trees, files } = pl;
  const steps = stepsOf(pl);
  const levels = /* @__PURE__ */ new Map();
  const level = (k, seen = /* @__PURE__ */ new Set()) => {
    const known = levels.get(k);
    if (known) return known;
    if (seen.has(k)) return [];
    seen.add(k);
    const out = [...(trees.components.get(k) ?? []).flatMap((c) => level(c, seen)), steps(k)];
    levels.set(k, out);
    return out;
  };
  const takes = /* @__PURE__ */ new Map();
  const taken = (k) => {
    let out = takes.get(k);
    if (out) return out;
    out = (trees.kustomizations.get(k)?.children ?? []).flatMap((c) => {
      if (c.field === "components" || !files.isFile(c.path)) return [];
      return byFile.get(files.real(c.path)) ?? [];
    });
    takes.set(k, out);
    return out;
  };
  const reaches = /* @__PURE__ */ new Map();
  const reach = (k) => {
    const known = reaches.get(k);
    if (known !== void 0) return known;
    reaches.set(k, false);
    const out = taken(k).length > 0 || [...resourcesOf(trees, k), ...trees.components.get(k) ?? []].some(reach);
    reaches.set(k, out);
    return out;
  };
  return (root) => {
    const out = [];
    const onPath = /* @__PURE__ */ new Set();
    let visits = 0;
    const visit2 = (k, above) => {
      if (onPath.has(k) || !reach(k) || ++visits > COPY_LIMIT || out.length > COPY_LIMIT) return;
      onPath.add(k);
      const here = [...level(k), ...above];
      for (const r of taken(k)) out.push(copyOf(r, after(r), here, to));
      for (const base of resourcesOf(trees, k)) visit2(base, here);
      const comps = trees.components.get(k) ?? [];
      comps.forEach((c, i) => visit2(c, [...comps.slice(i + 1).flatMap((x) => level(x)), steps(k), ...above]));
      onPath.delete(k);
    };
    visit2(root, []);
    return out.length > COPY_LIMIT || visits > COPY_LIMIT ? "many" : out;
  };
}
function copyOf(r, version, steps, to) {
  const c = { r, version, ns: r.d.facts.namespace, name: r.d.name === "*" ? void 0 : r.d.name };
  const versions = [.../* @__PURE__ */ new Set([r.d.facts.version, version, to])];
  for (const s of steps) {
    if (s.opaque) {
      c.version = c.ns = c.name = void 0;
      continue;
    }
    const before = { name: c.name, ns: c.ns };
    if (c.name !== void 0) c.name = s.p + c.name + s.s;
    if (s.ns !== void 0) c.ns = s.ns ?? void 0;
    const known = (...xs) => xs.includes(void 0) ? void 0 : xs;
    const seen = {
      names: known(r.d.name === "*" ? void 0 : r.d.name, before.name, c.name),
      namespaces: known(r.d.facts.namespace, before.ns, c.ns),
      versions
    };
    if (s.changers?.some((may) => may(seen))) c.ns = c.name = void 0;
  }
  return c;
}
function meeting(copies, told) {
  const known = /* @__PURE__ */ new Map();
  const unknown = [];
  for (const c of copies) {
    if (c.version === void 0 || c.ns === void 0 || c.name === void 0) unknown.push(c);
    else {
      const id = `${c.version}\0${c.ns}\0${c.name}`;
      known.set(id, [...known.get(id) ?? [], c]);
    }
  }
  const meet = (a, b) => a.r.d.facts.version !== b.r.d.facts.version && [[a.version, b.version], [a.ns, b.ns], [a.name, b.name]].every(
    ([x, y]) => x === void 0 || y === void 0 || x === y
  );
  const fresh = (a, b) => {
    const [x, y] = [a, b].sort((m, n) => m.r.file.localeCompare(n.r.file) || m.r.line - n.r.line);
    const key = `${x.r.file}\0${x.r.line}\0${y.r.file}\0${y.r.line}`;
    if (told.has(key)) return void 0;
    told.add(key);
    return [x, y];
  };
  for (const group of known.values()) {
    const other = group.find((c) => c.r.d.facts.version !== group[0].r.d.facts.version);
    const pair = other && fresh(group[0], other);
    if (pair) return pair;
  }
  for (const u of unknown) {
    for (const c of copies) {
      const pair = c !== u && meet(u, c) ? fresh(u, c) : void 0;
      if (pair) return pair;
    }
  }
  return void 0;
}
function finding(root, [a, b], to) {
  const at = (f) => relative2(dirname5(root), f) || f;
  const id = b.version !== void 0 && b.ns !== void 0 && b.name !== void 0 ? `${b.ns}/${b.name} at ${b.version}` : void 0;
  return `TrafficSplit ${b.r.d.name} (${at(b.r.file)}) is also written at ${a.r.d.facts.version} in this tree (${at(a.r.file)}:${a.r.line}; this one at line ${b.r.line}, ${b.r.d.facts.version}): ` + (id ? `this kustomization renders both as TrafficSplit ${id} once the run moves to ${to}` : `this kustomization may render both with one id once the run moves to ${to} (a name or namespace this tool cannot tell)`) + ", and kustomize would refuse the two as one id";
}
function stepsOf(pl) {
  const memo = /* @__PURE__ */ new Map();
  return (k) => {
    const known = memo.get(k);
    if (known) return known;
    const kz = pl.trees.kustomizations.get(k);
    const opaque = !kz || kz.unread !== void 0 || mayRename(kz, pl.files) || kz.hazards.some((h) => h.field === "transformers" || h.field === "configurations");
    const changers = kz && !opaque ? idChangers(pl, kz) : "opaque";
    const step = changers === "opaque" ? { p: "", s: "", opaque: true } : { p: kz.namePrefix, s: kz.nameSuffix, ns: namespaceOf(kz), changers };
    memo.set(k, step);
    return step;
  };
}
function namespaceOf(kz) {
  const contents = kz.doc.contents;
  const ns = isMap(contents) ? contents.get("namespace", true) : void 0;
  if (ns === void 0 || isUnsetField(ns)) return void 0;
  return isScalar(ns) && typeof ns.value === "string" ? ns.value : null;
}

// src/kustomize/added.ts
function hazardsAddingIgnore(k, files) {
  const out = [];
  for (const h of k.hazards) {
    const text = hazardText(h, files);
    const adds = h.field === "replacements" ? replacementWrites(h.file ? text : void 0, h.file ? void 0 : h.node, annotationPath) : h.field === "transformers" && (text?.includes(IGNORE_ANNOTATION) ?? false);
    if (adds) out.push({ offset: h.offset, what: `${h.field} entry ${h.named ?? ""}`.trimEnd() });
  }
  return out;
}
function annotationPath(fieldPath) {
  const segs = (fieldPath.match(/\[[^[\]]*\]|[^.[]+/g) ?? []).map((x) => x.replace(/^\[(.*)\]$/, "$1"));
  const want = ["metadata", "annotations", IGNORE_ANNOTATION];
  return segs.every((seg, i) => i >= want.length || seg === "*" || seg === want[i]);
}
var derefIn = (doc) => (n) => isAlias(n) ? n.resolve(doc) : n;
function commonIgnore(k) {
  if (!isMap(k.doc.contents)) return void 0;
  const deref2 = derefIn(k.doc);
  const common = deref2(pairOf(k.doc.contents, "commonAnnotations", deref2)?.value);
  if (!isMap(common)) return void 0;
  const pair = pairOf(common, IGNORE_ANNOTATION, deref2);
  return pair ? pair.key.range?.[0] ?? 0 : void 0;
}
function patchAddsIgnore(content, { anyKind, targeted }) {
  if (!content.includes("smi-migrate") && !content.includes("\\")) return false;
  const ops = opsOf(content);
  if (ops) return anyKind && ops.some(opAddsIgnore);
  for (const parsed of parseDocuments(content)) {
    if (parsed.error || !isMap(parsed.doc.contents)) continue;
    const map = parsed.doc.contents;
    if (!anyKind && stringAt(map, "kind") !== "TrafficSplit") continue;
    const found = annotationOf(map, derefIn(parsed.doc));
    if (found && (targeted || !deletesAnnotation(map, derefIn(parsed.doc)))) return true;
  }
  return false;
}
function patchRemovesIgnore(content, { anyKind, targeted }) {
  if (!/remove|replace|metadata/.test(content)) return false;
  const ops = opsOf(content);
  if (ops) return anyKind && ops.some(opRemovesIgnore);
  if (targeted || !content.includes("metadata")) return false;
  for (const parsed of parseDocuments(content)) {
    if (parsed.error || !isMap(parsed.doc.contents)) continue;
    const map = parsed.doc.contents;
    if (stringAt(map, "kind") === "TrafficSplit" && deletesAnnotation(map, derefIn(parsed.doc))) return true;
  }
  return false;
}
function opRemovesIgnore(o) {
  const tokens = pointerOf(o.path);
  if (!tokens || tokens.length === 0 || tokens.length > KEY2.length || tokens.some((t, i) => t !== KEY2[i])) return false;
  if (o.op === "remove") return true;
  return o.op === "replace" && tokens.length < KEY2.length && !opAddsIgnore(o);
}
function pointerOf(path) {
  if (typeof path !== "string") return void 0;
  return path === "" ? [] : path.split("/").slice(1).map((t) => t.replaceAll("~1", "/").replaceAll("~0", "~"));
}
function opsOf(content) {
  const doc = parseDocument(content.replace(/^\uFEFF/, ""), { schema: "failsafe" });
  if (doc.errors.length || !isSeq(doc.contents)) return void 0;
  const deref2 = derefIn(doc);
  const out = [];
  for (const item of doc.contents.items) {
    const op = deref2(item);
    if (!isMap(op)) return void 0;
    out.push({ op: op.get("op"), path: op.get("path"), value: deref2(op.get("value", true)), deref: deref2 });
  }
  return out;
}
var KEY2 = ["metadata", "annotations", IGNORE_ANNOTATION];
function opAddsIgnore({ op, path, value, deref: deref2 }) {
  const tokens = pointerOf(path);
  if (!tokens || !["add", "replace", "copy", "move"].includes(String(op))) return false;
  if (tokens.length > KEY2.length || tokens.some((t, i) => t !== KEY2[i])) return false;
  if (op === "copy" || op === "move" || tokens.length === KEY2.length) return true;
  let node = value;
  for (const key of KEY2.slice(tokens.length, -1)) {
    if (!isMap(node)) return false;
    node = deref2(pairOf(node, key, deref2)?.value);
  }
  return isMap(node) && pairOf(node, IGNORE_ANNOTATION, deref2) !== void 0;
}

// src/kustomize/patch-targets.ts
function targetFields(t) {
  return t && { group: t.group ? String(t.group.value) : void 0, kind: t.kind };
}
function selectsAny(state, match, only) {
  for (const [id, names] of state.docs) {
    if (only && !only.has(id)) continue;
    if (match === "all" || names === "all" || [...names].some((n) => match.test(n))) return true;
  }
  return false;
}
function checkVersion(state, file, t, to, refuse, how) {
  const v = String(t.version.value);
  if (!selectsAny(state, nameMatcher(t.name), state.older)) return;
  const older = VERSIONS.slice(0, VERSIONS.indexOf(to));
  const at = t.version.range?.[0] ?? 0;
  if (older.includes(v)) {
    if (!targetsTrafficSplit(t))
      refuse(file, at, `patch target version ${v} may select other kinds than TrafficSplit, so it cannot move to ${to}`);
    else if (selectsAny(state, nameMatcher(t.name), reachable(state, how))) {
      const c = changerOf(state, how, nameMatcher(t.name));
      const why = c ? `, if its label selector selects them (not known here: ${how.at(c)} may change their labels)` : "";
      refuse(file, at, `patch target version ${v} would also select the TrafficSplits already at ${to} once it moves${why}`);
    }
    return;
  }
  const re = anchored(v);
  if (!re) return refuse(file, at, `patch target version ${v} cannot be read exactly`);
  const before = older.some((o) => re.test(o));
  if (before !== re.test(to)) {
    refuse(
      file,
      at,
      before ? `patch target version ${v} would stop matching the TrafficSplits once they are ${to}` : `patch target version ${v} would start matching the TrafficSplits once they are ${to}`
    );
  }
}
function reachable(state, how) {
  const sel = { ...how.select, version: void 0 };
  return new Set(
    [...state.current].filter((id) => {
      const facts = state.facts.get(id) ?? [];
      return facts.length === 0 || facts.some((f) => selects(sel, f, how.env(id)) !== "no");
    })
  );
}
function changerOf(state, how, match) {
  const sel = { ...how.select, version: void 0 };
  for (const id of state.current) {
    const env = how.env(id);
    if (!env.opaque || !selectsAny({ docs: /* @__PURE__ */ new Map([[id, state.docs.get(id) ?? "all"]]) }, match)) continue;
    const facts = state.facts.get(id) ?? [];
    if (facts.some((f) => selects(sel, f, { ...env, opaque: void 0 }) === "no" && selects(sel, f, env) === "unknown")) return env.opaque;
  }
  return void 0;
}
function siblingPatched(target, content, opts) {
  const named = [target, ...[...(content ?? "").matchAll(KIND_FIELD)].map((m) => m[1])];
  return named.find((k) => {
    const kind = kindNamed(k);
    return kind !== void 0 && kind !== trafficSplit && versionFor(kind, opts) !== void 0;
  });
}
function patchesSplit(target, content) {
  const named = [target, ...[...(content ?? "").matchAll(KIND_FIELD)].map((m) => m[1])];
  const escaped = [...(content ?? "").matchAll(QUOTED_KIND)].some((m) => mentionsKind(m[1], "TrafficSplit"));
  return named.includes("TrafficSplit") || escaped || target === void 0 && content !== void 0 && content.includes("backends");
}
var KIND_FIELD = /["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)/g;
var QUOTED_KIND = /["']?kind["']?[ \t]*:[ \t]*"((?:[^"\\]|\\[\s\S])*)"/g;

// src/kustomize/patches.ts
function followKustomization(pl, file, k) {
  const state = stateOf(pl, file);
  const refuse = refuser(pl.plan);
  if (k.unread) {
    const { offset, message, tree } = k.unread;
    const why = () => refuse(file, offset, `kustomization cannot be read here (${message}), though kubectl may read it`);
    if (tree) why();
    else pl.siblingRefusals.push(why);
    return;
  }
  readLabelsAndNamespace(state, file, k);
  for (const p of k.patches) followPatch(pl, state, file, k, p);
  const common = pl.opts.noIgnore ? void 0 : commonIgnore(k);
  if (common !== void 0) state.added.push({ file, offset: common, what: "commonAnnotations" });
  if (!pl.opts.noIgnore) for (const h of hazardsAddingIgnore(k, pl.files)) state.added.push({ file, ...h });
  for (const h of k.hazards) {
    state.deferred.push(() => h.field.startsWith("helmChart") && !state.patched ? void 0 : checkHazard(file, h, pl.files, refuse));
  }
  for (const r of k.remote) {
    state.deferred.push(() => {
      if (state.patched)
        refuse(
          file,
          r.offset,
          `remote base ${r.url} cannot be converted here, and the TrafficSplit patches of this tree would stop matching it`
        );
    });
  }
}
function readLabelsAndNamespace(state, file, k) {
  const contents = k.doc.contents;
  const keyAt = (...keys) => isMap(contents) ? contents.items.find((p) => isScalar(p.key) && keys.includes(String(p.key.value)))?.key : void 0;
  const changer = LABEL_FIELDS.find((f) => isMap(contents) && contents.has(f));
  if (changer) changesLabels(state, file, keyAt(changer)?.range?.[0] ?? 0);
  const pairs = labelPairs(contents);
  if (pairs === void 0) changesLabels(state, file, keyAt("labels", "commonLabels")?.range?.[0] ?? 0);
  else if (pairs.length) state.labelPairs.set(file, pairs);
  const ns = isMap(contents) ? contents.get("namespace", true) : void 0;
  if (ns === void 0 || state.namespaces === "any") return;
  if (isScalar(ns) && typeof ns.value === "string" && !ns.anchor) state.namespaces.add(ns.value || "default");
  else if (!(isScalar(ns) && ns.value === null)) state.namespaces = "any";
}
function followPatch(pl, state, file, k, p) {
  const { isFile: exists, read } = pl.files;
  const mayTS = maySelectTrafficSplit(targetFields(p.target));
  if (p.target && mayTS) followTarget(pl, state, file, p);
  const content = p.inline ? String(p.inline.value) : p.file && exists(p.file) ? read(p.file) : void 0;
  const sibling = siblingPatched(p.target?.kind, content, pl.opts);
  if (sibling) {
    pl.siblingRefusals.push(
      () => refuser(pl.plan)(
        file,
        p.offset,
        `${p.field} entry patches ${sibling}s, which the run converts (${flagOf(kindNamed(sibling))}): the upgrade moves or adds their keys, and the patch would no longer match them`
      )
    );
  } else if (p.target && p.target.kind === void 0) state.deferred.push(() => checkKindless(pl, state, file, p));
  checkReplaced(pl, state, file, p, content, mayTS);
  const ops = content === void 0 ? void 0 : readOps(content);
  const reaches = p.target ? mayTS : content === void 0 || ops !== void 0 || smpMaySelectTrafficSplit(content);
  const names = p.target ? nameMatcher(p.target.name) : content === void 0 ? "all" : smpNames(content);
  if (reaches && (content === void 0 || patchMovesLabels(content, ops !== void 0))) changesLabels(state, file, p.offset, names);
  if (reaches && content !== void 0 && /namespace/i.test(content)) state.namespaces = "any";
  if (content === void 0) return;
  const entry = { file, offset: p.offset, what: `${p.field} entry${p.named ? ` ${p.named}` : ""}` };
  const applies = { anyKind: p.target !== void 0 && mayTS, targeted: p.target !== void 0 };
  if (!pl.opts.noIgnore && patchAddsIgnore(content, applies)) state.added.push(entry);
  if (!pl.opts.noIgnore && patchRemovesIgnore(content, applies)) state.removed.push(entry);
  const unreadable = p.inline && (mayTS || mentionsKind(content, "TrafficSplit")) ? trimmedError(content) : void 0;
  if (unreadable !== void 0)
    return refuser(pl.plan)(
      file,
      p.offset,
      `${p.field} entry: kustomize cannot parse this inline patch as it reads it, its text trimmed (${unreadable}); indent its lines alike`
    );
  if (ops) followOps(pl, state, file, k, p, { ...ops, text: content }, mayTS);
  else if (mentionsKind(content, "TrafficSplit") && splitDocs(content, splitVersion(pl.opts)).length)
    followDocs(pl, state, file, p, content, mayTS);
  else if (p.target && mayTS && /backends|weight/.test(content)) {
    const target = p.target;
    state.deferred.push(() => {
      if (targetsTrafficSplit(target) || selectsAny(state, nameMatcher(target.name))) {
        refuser(pl.plan)(
          file,
          p.offset,
          `${p.field} entry: a patch for a TrafficSplit that is neither JSON 6902 operations nor a TrafficSplit document`
        );
      }
    });
  }
}
function checkKindless(pl, state, file, p) {
  const t = p.target;
  const match = nameMatcher(t.name);
  const hit = state.siblings.find(
    ({ doc, names }) => mayMatch(t.group && String(t.group.value), doc.group) && mayMatch(t.version && String(t.version.value), doc.version) && (match === "all" || names === "all" || [...names].some((n) => match.test(n)))
  );
  if (!hit) return;
  const sibling = hit.doc.kind;
  pl.siblingRefusals.push(
    () => refuser(pl.plan)(
      file,
      p.offset,
      `${p.field} entry's target (no kind) may select ${sibling} ${hit.doc.name ?? ""}, which the run converts (${flagOf(kindNamed(sibling))}): the upgrade moves or adds its keys, and the patch would no longer match it`
    )
  );
}
function followTarget(pl, state, file, p) {
  const to = splitVersion(pl.opts);
  state.patched = true;
  const target = p.target;
  const v = target.version ? String(target.version.value) : void 0;
  if (v && targetsTrafficSplit(target) && VERSIONS.slice(0, VERSIONS.indexOf(to)).includes(v)) state.involved = true;
  if (!v) return;
  state.deferred.push(() => {
    if (selectsAny(state, nameMatcher(target.name), state.older)) pl.plan.versionMoves.add(p);
    checkVersion(state, file, target, to, refuser(pl.plan), {
      select: selectorOf(target),
      env: (id) => envOf(pl, state, file, id, late(p)),
      at: (c) => changerAt(pl, file, c)
    });
  });
}
function checkReplaced(pl, state, file, p, content, mayTS) {
  const replacedBy = pl.opts.replacedBy;
  const other = Object.keys(replacedBy?.replaces ?? {}).find(
    (k) => k !== "TrafficSplit" && (p.target?.kind === k || new RegExp(`^\\s*kind:\\s*["']?${k}\\b`, "m").test(content ?? ""))
  );
  if (other)
    refuseError(pl.plan, file, {
      code: "kustomize-patch-target",
      offset: p.offset,
      message: `${p.field} entry patches a ${other}, which --to ${replacedBy.name} replaces by ${replacedBy.replaces[other]}: the patch would no longer match; apply it first (kubectl kustomize), or rewrite it for the ${replacedBy.replaces[other]} by hand; the kustomize tree is left unchanged`
    });
  if (!replacedBy?.replaces.TrafficSplit) return;
  const by = replacedBy.replaces.TrafficSplit;
  const refuseReplaced = () => refuseError(pl.plan, file, {
    code: "kustomize-patch-target",
    offset: p.offset,
    message: `${p.field} entry patches a TrafficSplit, which --to ${replacedBy.name} replaces by ${by} the patch would no longer match: apply the patch to the TrafficSplit first (kubectl kustomize), or rewrite it for the ${by} by hand; the kustomize tree is left unchanged`
  });
  if (patchesSplit(p.target?.kind, content)) refuseReplaced();
  else if (p.target && p.target.kind === void 0 && mayTS) {
    const target = p.target;
    state.deferred.push(() => selectsAny(state, nameMatcher(target.name)) ? refuseReplaced() : void 0);
  }
}
function followOps(pl, state, file, k, p, ops, mayTS) {
  const writes = ops.weights.length > 0 || ops.problems.length > 0 || ops.copies.length > 0;
  if (!p.target || !mayTS || !writes && ops.shifts.length === 0) return;
  const where = p.inline ? file : pl.files.real(p.file);
  const offset = p.inline ? p.inline.range?.[0] ?? p.offset : 0;
  const target = p.target;
  const match = nameMatcher(target.name);
  const refuse = refuser(pl.plan);
  state.deferred.push(() => {
    if (!targetsTrafficSplit(target) && !selectsAny(state, match)) return;
    if (writes) pl.plan.splitPatches.add(p);
    if (writes && !p.inline) pl.plan.opFiles.set(where, target.name ?? "*");
    const id = nodeOf(pl, where, p.inline ? targetKey(target) : "*", opsScale(ops.weights));
    state.matchers.push({ node: id, match, select: selectorOf(target), by: file, late: late(p) });
    if (ops.weights.some((w) => w.scalar.style !== "PLAIN" || !isIntegerLiteral(w.scalar.value))) state.involved = true;
    const map = p.inline ? inlineOffsets(k, p.inline) : void 0;
    recordWrites(pl, id, ops, { file: p.inline ? file : where, by: file }, (at) => p.inline ? map?.(at) ?? offset : at);
    for (const problem of ops.problems) refuse(where, p.inline ? map?.(problem.offset) ?? offset : problem.offset, problem.message);
    if (!p.inline && !ops.text.includes("backends")) {
      for (const problem of ops.problems)
        refuse(file, p.offset, `${p.field} entry ${p.named ?? where}:${lineCol(ops.text, problem.offset)}: ${problem.message}`);
      const first = [...ops.weights.map((w) => w.scalar.start), ...ops.copies.map((c) => c.offset), ...ops.shifts.map((c) => c.offset)];
      if (first.length)
        refuse(
          file,
          p.offset,
          `${p.field} entry ${p.named ?? where}:${lineCol(ops.text, Math.min(...first))}: this patch writes TrafficSplit backends, but its text never spells the word backends (an escape), and file mode does not read it: write the paths plainly`
        );
    }
  });
}
function recordWrites(pl, id, { weights, copies, shifts: shifts2 }, { file, by }, at) {
  const into = weightsAt(pl, id);
  if (shifts2.length) into.shifts.push(by);
  for (const c of copies) {
    const index = /^\/spec\/backends\/(\d+)\/weight$/.exec(c.path)?.[1];
    into.copies.push({ file, by, offset: at(c.offset), ...index === void 0 ? {} : { index: Number(index) } });
  }
  for (const w of weights) {
    const read = readQuantityWeight({ yaml: w.scalar });
    if (!read.ok) continue;
    const named = /^\/spec\/backends\/(\d+)(\/weight)?$/.exec(w.path);
    const index = named && (w.op !== "add" || named[2]) ? named[1] : void 0;
    const write = { value: read.value, file, by, offset: at(w.scalar.start) };
    into.writes.push(index === void 0 ? write : { ...write, index: Number(index) });
  }
}
function followDocs(pl, state, file, p, content, mayTS) {
  state.patched = true;
  const where = p.inline ? file : pl.files.real(p.file);
  const ids = p.inline ? addDocs(pl, state, file, content, [file]) : [];
  const fileIds = p.inline ? ids : splitDocs(content, splitVersion(pl.opts)).map((d) => nodeOf(pl, where, d.key, d.scale));
  for (const id of fileIds) state.patchDocs.set(id, state.patchDocs.get(id) === true || !p.target);
  if (p.target && mayTS) {
    for (const id of fileIds)
      state.matchers.push({ node: id, match: nameMatcher(p.target.name), select: selectorOf(p.target), by: file, late: late(p) });
  }
}
var late = (p) => p.field === "patchesJson6902";
function selectorOf(t) {
  const { labelSelector, annotationSelector, namespace } = t;
  return { version: t.version ? String(t.version.value) : void 0, namespace, labelSelector, annotationSelector };
}
function lineCol(text, offset) {
  const before = text.slice(0, offset);
  return `${before.split("\n").length}:${offset - before.lastIndexOf("\n")}`;
}
function trimmedError(content) {
  const trimmed = goTrimSpace(content);
  if (trimmed === content) return void 0;
  return parseDocuments(trimmed).find((d) => d.error)?.error?.message;
}

// src/kustomize/factors.ts
import { dirname as dirname6, relative as relative3 } from "node:path";
function groupTree(pl, state) {
  const { nodes } = pl;
  const byName = /* @__PURE__ */ new Map();
  const everything = [...state.docs.keys(), ...state.matchers.map((m) => m.node)];
  const resources = resourcesOf2(pl);
  const targetedOnly = (id) => state.patchDocs.get(id) === false && !resources.has(id.slice(0, id.indexOf("\0")));
  const together = coBuilt(pl);
  for (const [id, names] of state.docs) {
    if (targetedOnly(id)) continue;
    if (names === "all") {
      for (const other of everything) nodes.union(id, other);
      continue;
    }
    for (const n of names) {
      const same = byName.get(n) ?? [];
      for (const other of same) if (!apart(state, id, other) && together(id, other)) nodes.union(other, id);
      byName.set(n, [...same, id]);
    }
  }
  for (const m of state.matchers) {
    for (const [id, names] of state.docs) {
      if (targetedOnly(id) && id !== m.node) continue;
      if (!together(id, m.node)) continue;
      if (!(m.match === "all" || names === "all" || [...names].some((n) => m.match.test(n)))) continue;
      const facts = state.facts.get(id) ?? [];
      const how = m.select ? facts.map((f) => selects(m.select, f, envOf(pl, state, m.by, id, m.late))) : [];
      if (how.length > 0 && how.every((h) => h === "no")) continue;
      if (how.includes("unknown")) {
        pl.uncertain.add(m.node);
        const env = envOf(pl, state, m.by, id, m.late);
        const known = { ...env, opaque: void 0 };
        if (env.opaque && facts.some((f, i) => how[i] === "unknown" && selects(m.select, f, known) !== "unknown")) {
          if (!pl.changedBy.has(m.node)) pl.changedBy.set(m.node, env.opaque);
        }
      }
      nodes.union(m.node, id);
    }
  }
}
function apart(state, a, b) {
  const [na, nb] = [namespaceOf2(state, a), namespaceOf2(state, b)];
  if (na === void 0 || nb === void 0 || na === nb) return false;
  const moved = state.labelChangers.size > 0 || state.namespaces === "any" || state.namespaces.size > 0;
  return !(moved && (state.patchDocs.has(a) || state.patchDocs.has(b)));
}
function namespaceOf2(state, id) {
  const all = new Set((state.facts.get(id) ?? []).map((f) => f.namespace));
  return all.size === 1 ? [...all][0] : void 0;
}
function coBuilt(pl) {
  const { trees } = pl;
  if ([...trees.kustomizations.values()].some((k) => k.unread !== void 0)) return () => true;
  const above = /* @__PURE__ */ new Map();
  const ancestors = (k) => {
    let out = above.get(k);
    if (out) return out;
    out = /* @__PURE__ */ new Set([k]);
    above.set(k, out);
    for (const p of trees.parents.get(k) ?? []) for (const a of ancestors(p)) out.add(a);
    return out;
  };
  const builds = /* @__PURE__ */ new Map();
  const buildsOf = (id) => {
    const file = id.slice(0, id.indexOf("\0"));
    if (builds.has(file)) return builds.get(file);
    const owners = trees.kustomizations.has(file) ? [file] : [...trees.owners.get(file) ?? []];
    const out = owners.length === 0 ? void 0 : new Set(owners.flatMap((o) => [...ancestors(o)]));
    builds.set(file, out);
    return out;
  };
  return (a, b) => {
    const [x, y] = [buildsOf(a), buildsOf(b)];
    return x === void 0 || y === void 0 || [...x].some((k) => y.has(k));
  };
}
var resourcesByPlanner = /* @__PURE__ */ new WeakMap();
function resourcesOf2(pl) {
  let resources = resourcesByPlanner.get(pl);
  if (!resources) {
    resources = new Set([...pl.trees.kustomizations.values()].flatMap((k) => k.children.map((c) => pl.files.real(c.path))));
    resourcesByPlanner.set(pl, resources);
  }
  return resources;
}
function assignFactors(pl, members) {
  const { nodes, plan } = pl;
  const byFile = /* @__PURE__ */ new Map();
  for (const id of nodes.members()) {
    const file = id.slice(0, id.indexOf("\0"));
    byFile.set(file, [...byFile.get(file) ?? [], id]);
  }
  for (const [file, ids2] of byFile) if (ids2.includes(`${file}\0*`)) for (const id of ids2) nodes.union(`${file}\0*`, id);
  const groupScale = /* @__PURE__ */ new Map();
  for (const id of nodes.members()) {
    const root = nodes.find(id);
    groupScale.set(root, Math.max(groupScale.get(root) ?? 0, pl.need.get(id) ?? 0));
  }
  refuseFixed(pl, groupScale);
  let next = 0;
  const ids = /* @__PURE__ */ new Map();
  for (const file of members) {
    const root = pl.trees.sets.find(file);
    if (!ids.has(root)) ids.set(root, next++);
    plan.tree.set(file, ids.get(root));
    const floors = /* @__PURE__ */ new Map();
    for (const node of byFile.get(file) ?? []) floors.set(node.slice(file.length + 1), groupScale.get(nodes.find(node)));
    plan.floors.set(file, floors);
  }
}
function refuseFixed(pl, groupScale) {
  const { nodes } = pl;
  const writes = /* @__PURE__ */ new Map();
  const changers = /* @__PURE__ */ new Map();
  for (const id of nodes.members()) {
    writes.set(nodes.find(id), [...writes.get(nodes.find(id)) ?? [], ...pl.weights.get(id)?.writes ?? []]);
    const c = pl.changedBy.get(id);
    if (c && !changers.has(nodes.find(id))) changers.set(nodes.find(id), c);
  }
  const told = /* @__PURE__ */ new Set();
  const refuse = refuser(pl.plan);
  for (const [id, doc] of pl.fixed) {
    const root = nodes.find(id);
    if (groupScale.get(root) !== 3) continue;
    for (const w of writes.get(root) ?? []) {
      const key = `${w.file}\0${w.offset}`;
      if (told.has(key)) continue;
      told.add(key);
      const changer = changers.get(root);
      const why = changer ? ` (whether its target selects them is not known here: ${changerAt(pl, w.file, changer)} may change their labels)` : "";
      refuse(
        w.file,
        w.offset,
        `this patch may write the weights of TrafficSplit ${doc.name} (${relative3(dirname6(w.file), doc.file) || doc.file}:${doc.line}), which the run leaves as it is (plain integers, which no version move multiplies), and of TrafficSplits whose weights the run multiplies by 1000: its weight would be multiplied too, and change the ratio of the one left as it is; give them patches of their own${why}`
      );
    }
  }
}

// src/kustomize/suppressed.ts
import { dirname as dirname7, relative as relative4 } from "node:path";
function checkSuppressed(pl, root, state) {
  const refuse = refuser(pl.plan);
  const whole = state.suppressed.length > 0 && state.kept === 0;
  if (state.removed.length && state.suppressed.length) {
    state.involved = true;
    for (const r of state.removed)
      refuse(
        r.file,
        r.offset,
        `${r.what} removes ${IGNORE_ANNOTATION} from TrafficSplits whose sources carry it: kubectl kustomize renders them unmarked at their old version; convert the tree by hand, or remove the suppression from the sources`
      );
    return false;
  }
  if (state.added.length && !whole) {
    for (const a of state.added)
      refuse(
        a.file,
        a.offset,
        `${a.what} adds ${IGNORE_ANNOTATION} to the TrafficSplits it renders, which their sources do not carry: converting the sources would convert objects marked to be left alone; write the annotation on every TrafficSplit of the tree itself, or remove it (--no-ignore converts them all)`
      );
    return false;
  }
  if (!state.patched || state.suppressed.length === 0) return false;
  if (whole) return true;
  const first = state.suppressed[0];
  for (const [file, k] of pl.plan.kustomizations) {
    if (pl.trees.sets.find(file) !== root || k.patches.length === 0) continue;
    const where = `${relative4(dirname7(file), first.file) || first.file}:${first.line}`;
    const more = state.suppressed.length > 1 ? ` (and ${state.suppressed.length - 1} more)` : "";
    refuse(
      file,
      k.patches[0].offset,
      `TrafficSplit ${first.name} (${where})${more} is suppressed, and this tree's patches write TrafficSplits: converting the rest would leave patches and the objects they patch at different versions; suppress every TrafficSplit of the tree and its patches, or none (--no-ignore converts them all)`
    );
  }
  return false;
}

// src/kustomize/sums.ts
import { dirname as dirname8, relative as relative5 } from "node:path";
function checkRenderedSums(pl) {
  if (pl.opts.notLinkerd) return;
  const groups = /* @__PURE__ */ new Map();
  for (const [id, w] of pl.weights) {
    if (!pl.nodes.has(id)) continue;
    const root = pl.nodes.find(id);
    const g = groups.get(root) ?? { need: 0, members: [], uncertain: false };
    g.need = Math.max(g.need, pl.need.get(id) ?? 0);
    g.uncertain ||= pl.uncertain.has(id);
    g.changer ??= pl.changedBy.get(id);
    g.members.push(w);
    groups.set(root, g);
  }
  const copies = copiesOf(pl.trees);
  for (const g of groups.values()) {
    const writes = g.members.flatMap((m) => m.writes);
    const copied = g.members.flatMap((m) => m.copies);
    if (writes.length === 0 && copied.length === 0) continue;
    const shifts2 = g.members.flatMap((m) => m.shifts);
    const rendered = (v, units) => g.need === 3 && !units ? milliValue(v, LINKERD_UNIT_SUM) * 1000n : milliValue(v, BOUND);
    const judged = [...copies].flatMap(([k, paths]) => paths.map((times) => [k, times]));
    for (const [k, times] of judged) {
      const n = (by) => times.get(by) ?? 0;
      const past = pastIn({
        lists: g.members.flatMap((m) => m.lists.filter((l) => l.from.some((f) => times.has(f)))).map((l) => l.values.map((v) => rendered(v, l.units))),
        writes: writes.filter((w) => times.has(w.by)).map((w) => ({ ...w, at: rendered(w.value, false), times: BigInt(n(w.by)) })),
        copies: copied.filter((c) => times.has(c.by)).map((c) => ({ ...c, times: BigInt(n(c.by)) })),
        shifted: shifts2.some((by) => times.has(by))
      });
      if (!past) continue;
      const what = `the TrafficSplit this patch writes may render weights that add up past ${LINKERD_UNIT_SUM}, what Linkerd adds up without wrapping (it reads v1alpha2 integers as whole units without a conversion webhook) in what ${relative5(dirname8(past.file), k)} renders`;
      if (g.uncertain)
        refuser(pl.plan)(
          past.file,
          past.offset,
          `${what}, if its target's label, annotation or namespace selector selects them (not known here: ${g.changer ? `${changerAt(pl, past.file, g.changer)} may change their labels` : "the tree may change labels and namespaces"})`
        );
      else
        refuseError(pl.plan, past.file, {
          code: "invalid-weight",
          offset: past.offset,
          message: `${what}; each document alone is within it, but the sum is a property of the rendered object: write smaller weights`
        });
      break;
    }
  }
}
var BOUND = LINKERD_UNIT_SUM * 1000n;
function pastIn({ lists, writes, copies, shifted }) {
  if (writes.length === 0 && copies.length === 0) return void 0;
  const largest = [...lists.flat(), ...writes.map((w) => w.at)].reduce((a, b) => b > a ? b : a, 0n);
  for (const list of lists) {
    if (list.reduce((a, v) => a + v, 0n) > BOUND) continue;
    const at = [...list];
    let added = 0n;
    for (const w of writes) {
      if (shifted || w.index === void 0 || w.index >= at.length) added += w.at * w.times;
      else if (w.at > at[w.index]) at[w.index] = w.at;
    }
    for (const c of copies) {
      if (shifted || c.index === void 0 || c.index >= at.length) added += largest * c.times;
      else at[c.index] = largest;
    }
    if (at.reduce((a, b) => a + b, added) <= BOUND) continue;
    return writes.length ? writes.reduce((a, b) => b.at > a.at ? b : a) : copies[0];
  }
  return void 0;
}

// src/kustomize/tree.ts
function planTrees(kustomizations, files, opts, focus) {
  const trees = walkTrees(kustomizations, files, focus);
  const plan = {
    kustomizations: trees.kustomizations,
    opFiles: /* @__PURE__ */ new Map(),
    floors: /* @__PURE__ */ new Map(),
    tree: /* @__PURE__ */ new Map(),
    refusals: /* @__PURE__ */ new Map(),
    splitPatches: /* @__PURE__ */ new Set(),
    versionMoves: /* @__PURE__ */ new Set(),
    quiet: /* @__PURE__ */ new Set(),
    uncertain: /* @__PURE__ */ new Set()
  };
  const { sets } = trees;
  const focused = focus ? new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f))) : void 0;
  const members = sets.members().filter((f) => !focused || focused.has(sets.find(f)));
  const pl = newPlanner(plan, trees, files, opts);
  const resourceDocs = [];
  const resources = new Set(
    [...trees.kustomizations.values()].flatMap((k) => k.children.filter((c) => c.field !== "components").map((c) => files.real(c.path)))
  );
  for (const file of members) {
    const state = stateOf(pl, file);
    const k = plan.kustomizations.get(file);
    if (k) {
      followKustomization(pl, file, k);
      continue;
    }
    const text = files.read(file);
    if (text === void 0 || readOps(text)) continue;
    const each = resources.has(file) ? (d) => resourceDocs.push({ file, d, line: lineOf(text, d.offset) }) : void 0;
    if (mentionsKind(text, "TrafficSplit")) addDocs(pl, state, file, text, trees.owners.get(file) ?? [], each);
    addSiblings(pl, state, text, trees.owners.get(file) ?? []);
  }
  checkSharedIds(
    pl,
    resourceDocs,
    members.filter((f) => plan.kustomizations.has(f))
  );
  const quiet = [];
  for (const [root, state] of pl.states) {
    for (const run of state.deferred) run();
    if (checkSuppressed(pl, root, state)) quiet.push(root);
    if (state.involved) groupTree(pl, state);
  }
  for (const [file, findings] of plan.refusals) {
    if (!stateOf(pl, file).involved && !findings.some((f) => f.severity === "error")) plan.refusals.delete(file);
  }
  for (const run of pl.siblingRefusals) run();
  assignFactors(pl, members);
  for (const state of pl.states.values()) if (!state.involved) groupTree(pl, state);
  checkRenderedSums(pl);
  for (const id of pl.uncertain) plan.uncertain.add(id.slice(0, id.indexOf("\0")));
  for (const root of quiet) if (plan.tree.has(root)) plan.quiet.add(plan.tree.get(root));
  return plan;
}
function lineOf(text, offset) {
  return text.slice(0, offset).split("\n").length;
}

// src/kustomize/index.ts
function treeMembers(kustomizations, files, focus) {
  const { sets } = walkTrees(kustomizations, files, focus);
  const roots = new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f)));
  return sets.members().filter((f) => roots.has(sets.find(f)));
}
function convertTreeFile(plan, file, input2, opts, shown) {
  const k = plan.kustomizations.get(file);
  const target = plan.opFiles.get(file);
  if (!k && target === void 0) return void 0;
  if (plan.quiet.has(plan.tree.get(file))) return { output: input2, changed: false, findings: [] };
  const text = input2.toString("utf8");
  const floors = plan.floors.get(file) ?? /* @__PURE__ */ new Map();
  const r = k ? convertKustomization(k, opts, floors, plan.splitPatches, plan.versionMoves) : convertOpFile(text, target, floors);
  if (plan.uncertain.has(file)) r.findings = r.findings.map(unsure);
  r.findings.push(...plan.refusals.get(file) ?? []);
  const failed = r.findings.some((f) => f.severity === "error" || f.pending);
  const changed = r.edits.length > 0 && !failed;
  return {
    output: changed ? Buffer.from(splice(text, r.edits), "utf8") : input2,
    changed,
    findings: locateFindings(r.findings, text, 1, shown),
    edits: changed ? r.edits : []
  };
}
function unsure(f) {
  if (f.severity !== "error" || f.code !== "invalid-weight") return f;
  return {
    ...f,
    severity: "warning",
    pending: true,
    message: `${f.message}, if its target's label, annotation or namespace selector selects that object (not known here); the kustomize tree is left unchanged for a person to convert`
  };
}
export {
  convertTreeFile,
  planTrees,
  treeMembers
};
