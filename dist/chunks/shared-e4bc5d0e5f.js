import {
  isMergeKey
} from "./shared-52d6f9d52b.js";
import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  parseDocument,
  visit
} from "./shared-afcbbfc458.js";
import {
  LineIndex,
  columnOf
} from "./shared-2a7eafe8ab.js";
import {
  goFloat,
  helmValue
} from "./shared-574f9d03ce.js";
import {
  readWeight
} from "./shared-5d7c34b40b.js";

// src/yaml/values.ts
function findValue(text, path) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (doc.errors.length) return void 0;
  let node = doc.contents;
  let fixed;
  let fixedAt;
  const lines = new LineIndex(text);
  const place = (n) => `${lines.locate(n.range[0]).line + 1}:${columnOf(text, n.range[0]) + 1}`;
  for (const [i, key] of path.entries()) {
    const here = `.Values.${path.slice(0, i + 1).join(".")}`;
    if (isAlias(node)) fixed ??= "its path goes through an alias";
    if (!isMap(node)) return void 0;
    const keys = node.items.filter((p) => isScalar(p.key) && p.key.value === key);
    const merge = node.items.find((p) => isMergeKey(p.key));
    if (merge && !fixed) {
      fixed = `a merge key (<<) in the mapping that holds ${here} may set it`;
      fixedAt = merge.key;
    }
    if (keys.length > 1 && !fixed) {
      fixed = `${here} is written ${keys.length} times (also at ${keys.slice(1).map((p) => place(p.key)).join(", ")})`;
      fixedAt = keys[0].key;
    }
    const k = keys[keys.length - 1]?.key;
    if (k && k.type === "PLAIN" && typeof helmValue(String(k.value), false) !== "string") return void 0;
    node = keys[keys.length - 1]?.value;
  }
  if (isAlias(node)) return void 0;
  if (!isScalar(node) || !node.range) return void 0;
  const [start, end] = node.range;
  const { line } = lines.locate(start);
  const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
  const block = node.type === "BLOCK_LITERAL" || node.type === "BLOCK_FOLDED";
  const raw = text.slice(start, end);
  if (node.tag) fixed ??= `it has an explicit tag (${node.tag})`;
  if (node.anchor) fixed ??= `it is anchored (&${node.anchor})`;
  if (block) fixed ??= "it is a block scalar";
  const at = { line: line + 1, column: columnOf(text, start) + 1, raw, start, end, quoted, json: void 0 };
  if (!node.tag && !block) at.json = helmValue(String(node.value), quoted);
  if (fixed) at.fixed = fixed;
  if (fixedAt?.range) at.fixedAt = { line: lines.locate(fixedAt.range[0]).line + 1, column: columnOf(text, fixedAt.range[0]) + 1 };
  const rendered = node.tag || block ? void 0 : renderedValue(String(node.value), !quoted);
  if (rendered !== void 0) at.rendered = rendered;
  const reading = rendered === void 0 ? void 0 : readWeight("PLAIN", rendered);
  if (reading?.ok && reading.note) at.reads = reading.note;
  return at;
}
function renderedValue(value, plain) {
  const json = helmValue(value, !plain);
  if (typeof json === "number") return goFloat(json);
  return typeof json === "string" ? json : void 0;
}
function valuesFileProblem(text) {
  const e = parseDocument(text, { schema: "failsafe", uniqueKeys: false }).errors[0];
  if (!e) return void 0;
  const pos = e.linePos?.[0] ?? { line: 1, col: 1 };
  const how = e.code === "MULTIPLE_DOCS" ? "a second YAML document starts here (Helm 3 reads only the first, Helm 4 merges every document; the run does not guess which is meant)" : `it cannot be read as YAML (${e.message.split(" at line ")[0]})`;
  return { line: pos.line, column: pos.col, how };
}
function valueSetting(text, path) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (doc.errors.length) return "unreadable";
  const lines = new LineIndex(text);
  const at = (node, how) => {
    const start = node?.range?.[0] ?? 0;
    return { line: lines.locate(start).line + 1, column: columnOf(text, start) + 1, how };
  };
  return settingIn(doc.contents, path, at);
}
function settingIn(contents, path, at) {
  let node = contents;
  if (node === null || isScalar(node) && (node.value === null || node.value === "")) return void 0;
  const anchors = scalarAnchors(contents);
  const unrelated = (v) => typeof v === "string" && !path.includes(v) ? v : void 0;
  for (const [i, key] of path.entries()) {
    const above = `.Values${path.slice(0, i).map((k) => `.${k}`).join("")}`;
    if (isAlias(node)) return at(node, `an alias (*${node.source}) sets ${above}`);
    if (!isMap(node)) return at(node, `it sets ${above} to a non-mapping`);
    const merge = node.items.find((p) => isMergeKey(p.key));
    if (merge) return at(merge.key, `a merge key (<<) may set ${above}`);
    const keyOf = (k) => isScalar(k) ? k.value : isAlias(k) ? unrelated(anchors.get(k.source)) : void 0;
    const odd = node.items.find((p) => isScalar(p.key) ? p.key.tag !== void 0 : keyOf(p.key) === void 0);
    if (odd) {
      const k = odd.key;
      const what = isAlias(k) ? `an alias (*${k.source}) used as a key` : isScalar(k) ? `a tagged key (${k.tag})` : "a key that is no scalar";
      return at(k, `${what} may set ${above}`);
    }
    const pairs = node.items.filter((p) => keyOf(p.key) === key);
    const pair = pairs[pairs.length - 1];
    if (!pair) return void 0;
    if (i === path.length - 1) return at(pair.value ?? pair.key, `it sets .Values.${path.join(".")}`);
    node = pair.value;
  }
  return void 0;
}
function scalarAnchors(contents) {
  const out = /* @__PURE__ */ new Map();
  if (!isNode(contents)) return out;
  visit(contents, {
    Node: (_k, n) => {
      const a = n.anchor;
      if (a) out.set(a, !out.has(a) && isScalar(n) && typeof n.value === "string" ? n.value : void 0);
    }
  });
  return out;
}
function anchorReused(text, path) {
  const doc = parseDocument(text, { schema: "failsafe", uniqueKeys: false });
  if (doc.errors.length) return void 0;
  const anchors = /* @__PURE__ */ new Set();
  let node = doc.contents;
  for (const key of [...path, ""]) {
    const anchor = node?.anchor;
    if (anchor) anchors.add(anchor);
    if (key === "" || !isMap(node)) break;
    node = node.items.filter((p) => isScalar(p.key) && p.key.value === key).pop()?.value;
  }
  if (anchors.size === 0) return void 0;
  let found;
  visit(doc, {
    Alias: (_k, alias) => {
      if (anchors.has(alias.source) && !found) found = alias;
    }
  });
  if (!found) return void 0;
  const start = found.range?.[0] ?? 0;
  const { line } = new LineIndex(text).locate(start);
  return { line: line + 1, column: columnOf(text, start) + 1, how: `*${found.source} re-uses a block above it` };
}
function helmValueOf(text, quoted) {
  return helmValue(text, quoted);
}

export {
  findValue,
  renderedValue,
  valuesFileProblem,
  valueSetting,
  settingIn,
  anchorReused,
  helmValueOf
};
