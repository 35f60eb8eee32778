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
  maskTemplate
} from "./shared-29334cf685.js";
import {
  offsetOf,
  stringAt
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
  const floor = opts.scaleFloor ? { floor: floorFor(opts.scaleFloor, u.view.ref.name) } : {};
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
function floorFor(floors, name) {
  if (!floors) return 0;
  return Math.max(floors.get("*") ?? 0, name === void 0 ? 0 : floors.get(name) ?? 0);
}
function show(s) {
  const flat = s.raw.split("\r").join("\\r").split("\n").join("\\n");
  const raw = flat.length > 40 ? `${flat.slice(0, 37)}...` : flat;
  return s.style === "PLAIN" ? `"${raw}"` : raw;
}

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
    for (const pair of target.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : void 0;
      if (key === void 0) continue;
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

export {
  STEPS,
  repair,
  readValues,
  floorFor,
  show,
  AliasIndex,
  readProfile,
  profileInText
};
