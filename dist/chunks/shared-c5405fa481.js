import {
  emitBlockMap,
  emitFlow,
  emitPair,
  jsonText
} from "./shared-94a13abe50.js";
import {
  readBlockDocument
} from "./shared-15b36a4456.js";
import {
  AliasIndex,
  DocumentSuppressions,
  STEPS,
  definedSplits,
  keyInBranches,
  mentionsTool,
  olderThan,
  readProfile,
  readSplit,
  repair,
  spells,
  templatedAnnotations,
  templatedApiVersion,
  templatedContent,
  templatedKind
} from "./shared-c3ec45101b.js";
import {
  readQuantityWeight
} from "./shared-830d5f64a9.js";
import {
  HOPS,
  SPLIT_VERSIONS
} from "./shared-da01202873.js";
import {
  parseDocuments
} from "./shared-75891b8258.js";
import {
  actionWithin,
  maskTemplate
} from "./shared-29334cf685.js";
import {
  MERGED_IDENTITY,
  identityThroughMerge,
  isObjectNode,
  itemShape,
  keyOf,
  listItemKind,
  listReading,
  objectRef,
  offsetOf,
  pairOf,
  scalarRef,
  sequenceItems,
  stringAt,
  stringValue
} from "./shared-52d6f9d52b.js";
import {
  isAlias,
  isMap,
  isNode,
  isScalar,
  isSeq,
  visit
} from "./shared-afcbbfc458.js";
import {
  columnOf,
  lineStart
} from "./shared-2a7eafe8ab.js";
import {
  tabRefusedAfterPlain
} from "./shared-6c59af8607.js";
import {
  parseValueForm,
  renderForm,
  rendersAs
} from "./shared-574f9d03ce.js";
import {
  httpRouteGroupEntry,
  serviceProfileEntry,
  specsKind,
  splitVersion,
  tcpRouteEntry,
  trafficSplitEntry,
  trafficTargetEntry,
  withVersions
} from "./shared-e2b5701804.js";
import {
  apiVersionOnly,
  flagOf,
  versionFor
} from "./shared-cead045f6a.js";
import {
  SMI_SPLIT_GROUP,
  VERSIONS
} from "./shared-6bfea2ec3c.js";

// src/convert/values.ts
function valueWeights(templated, weights, original, values) {
  if (!values || templated.some((t) => !t.what.endsWith(" weight"))) return void 0;
  const out = [...weights];
  const reasons = /* @__PURE__ */ new Map();
  for (const t of templated) {
    const r = readOne(t, weights, original, values);
    if (r === void 0) return void 0;
    if ("reason" in r) reasons.set(t, r.reason);
    else out[r.index] = { offset: weights[r.index].offset, scalar: r.scalar };
  }
  if (reasons.size === 0) return { weights: out };
  const first = [...reasons.keys()][0];
  for (const t of templated) if (!reasons.has(t)) reasons.set(t, `its value waits for ${first.what}, whose value cannot be converted`);
  return { reasons };
}
function withValueWeights(read, original, values) {
  const templated = read.templated ?? [];
  const data = read.data;
  const v = data.weights && valueWeights(templated, data.weights, original, values);
  if (v && "weights" in v) {
    data.weights = v.weights;
    return void 0;
  }
  return templated.map((t) => [t, v?.reasons.get(t)]);
}
function readOne(t, weights, original, values) {
  const { action, scalar: scalar2 } = t;
  const index = weights.findIndex((w) => "scalar" in w && w.scalar.start === scalar2?.start);
  if (!scalar2 || index < 0 || !action.valuesPath) return void 0;
  const value = values.get(action.valuesPath.join("."));
  if (!value) return void 0;
  if ("refused" in value) return { reason: value.refused };
  const source = original.slice(action.start, action.end);
  const form = parseValueForm(source);
  if (scalar2.quoted)
    return { reason: "the weight is quoted around the action, and a v1alpha2 weight is an integer: unquote it, then run again" };
  if (scalar2.start !== action.start || scalar2.end !== action.end)
    return { reason: "the weight has more template text than the value action" };
  if (form.trimLeft) return { reason: '{{- trims the space after "weight:" away' };
  const after = original.slice(action.end);
  if (form.trimRight && /^\s/.test(after) && after.trim() !== "") return { reason: "-}} joins the next line to the weight" };
  const rendered = renderForm(form, "absent" in value ? void 0 : value.json);
  if ("reason" in rendered) return rendered;
  const text = rendered.text;
  return { index, scalar: { style: "PLAIN", value: text, raw: text, start: action.start, end: action.end, valuesPath: form.path } };
}
function valuesChanges(changes, original, values) {
  const kept = [];
  const writes = [];
  for (const c of changes) {
    const path = c.shape === "scalar" ? c.scalar.valuesPath : void 0;
    if (c.shape !== "scalar" || !path) {
      kept.push(c);
      continue;
    }
    const form = parseValueForm(original.slice(c.scalar.start, c.scalar.end));
    const value = values?.get(path.join("."));
    if (!form || !value) return { reason: "internal error: a values weight without its value", offset: c.scalar.start };
    const r = rendersAs(form, value, c.text);
    if ("reason" in r) return { reason: r.reason, offset: c.scalar.start };
    if (!writes.some((w) => w.path.join(".") === path.join("."))) writes.push({ path, text: c.text });
  }
  return { changes: kept, writes };
}

// src/convert/describe.ts
function describeObject({ kind, namespace, name }) {
  if (name === void 0) return kind;
  return `${kind} ${namespace ? `${namespace}/` : ""}${name}`;
}

// src/kinds/httproutegroup/index.ts
function matchesUnderSpec(u) {
  const layout = u.view.layout();
  const has = (key) => layout.pairs.some((p) => p.key === key);
  if (!has("matches")) return { ok: true };
  if (has("spec")) {
    const at = layout.pairs.find((p) => p.key === "spec");
    return {
      problems: [
        {
          code: "invalid-structure",
          offset: at.keyStart,
          message: "has both a root matches and a spec; merge them into spec.matches to convert it"
        }
      ]
    };
  }
  u.changes.push({ shape: "wrap", keys: ["matches"], under: "spec" });
  u.notes.push("matches moved under spec");
  return { ok: true };
}
var httpRouteGroup = specsKind(httpRouteGroupEntry, [
  { from: "v1alpha1", to: "v1alpha2", apply: apiVersionOnly },
  { from: "v1alpha2", to: "v1alpha3", apply: matchesUnderSpec },
  { from: "v1alpha3", to: "v1alpha4", apply: apiVersionOnly }
]);

// src/kinds/serviceprofile/index.ts
var serviceProfile = {
  ...serviceProfileEntry,
  versions: ["v1alpha1", "v1alpha2"],
  steps: [{ from: "v1alpha1", to: "v1alpha2", apply: apiVersionOnly }],
  read: readProfile,
  replacedOnly: true
};

// src/kinds/tcproute/index.ts
function addSpec(u) {
  if (u.view.layout().pairs.some((p) => p.key === "spec")) return { ok: true };
  u.changes.push({ shape: "add", path: ["spec"], value: {} });
  u.notes.push("spec: {} added");
  return { ok: true };
}
function addMatches(u) {
  const matches2 = { ports: [] };
  const added = u.changes.find((c) => c.shape === "add" && c.path.join(".") === "spec");
  if (added && added.shape === "add") {
    added.value = { matches: matches2 };
    u.notes.splice(u.notes.indexOf("spec: {} added"), 1, "spec.matches added: all ports");
    return { ok: true };
  }
  const spec = u.view.layout().pairs.find((p) => p.key === "spec");
  if (!spec) {
    u.changes.push({ shape: "add", path: ["spec"], value: { matches: matches2 } });
    u.notes.push("spec.matches added: all ports");
    return { ok: true };
  }
  if (!spec.map) {
    return { problems: [{ code: "invalid-structure", offset: spec.keyStart, message: "spec is not a mapping" }] };
  }
  if (spec.map.pairs.some((p) => p.key === "matches")) return { ok: true };
  u.changes.push({ shape: "add", path: ["spec", "matches"], value: matches2 });
  u.notes.push("spec.matches added: all ports");
  return { ok: true };
}
var tcpRoute = specsKind(tcpRouteEntry, [
  { from: "v1alpha1", to: "v1alpha2", apply: apiVersionOnly },
  { from: "v1alpha2", to: "v1alpha3", apply: addSpec },
  { from: "v1alpha3", to: "v1alpha4", apply: addMatches }
]);

// src/kinds/trafficsplit/index.ts
var trafficSplit = {
  ...trafficSplitEntry,
  versions: VERSIONS,
  steps: STEPS,
  read: readSplit,
  repair,
  noApiVersion: true,
  // The spec pairs an A/B split with route groups of its own version (v1alpha4 with v1alpha4).
  needsKinds: ["HTTPRouteGroup"],
  needs: (view, version) => version === "v1alpha1" || version === "v1alpha2" ? [] : view.data.matches.map((name) => ({ kind: "HTTPRouteGroup", name, versions: [version] }))
};
function weightsOf(view) {
  return view.kind === trafficSplit ? view.data.weights : void 0;
}

// src/kinds/traffictarget/read.ts
function readTarget(map, _ctx) {
  const data = { ports: [] };
  const spec = map.get("spec", true);
  const holder = isMap(spec) ? spec : map;
  const port = (subject, name) => {
    if (!isMap(subject)) return;
    const pair = subject.items.find((p) => isScalar(p.key) && p.key.value === "port");
    if (!pair) return;
    const key = pair.key;
    const value = isScalar(pair.value) ? String(pair.value.value ?? "") : "";
    data.ports.push({ offset: key.range?.[0] ?? 0, subject: name, value });
  };
  port(holder.get("destination", true), "destination");
  const sources = holder.get("sources", true);
  if (isSeq(sources)) sources.items.forEach((s, i) => port(s, `source ${i + 1}`));
  return { data };
}

// src/kinds/traffictarget/index.ts
function wrapInSpec(u) {
  const layout = u.view.layout();
  const spec = layout.pairs.find((p) => p.key === "spec");
  const moving = layout.pairs.filter((p) => ["destination", "sources", "specs"].includes(p.key));
  if (moving.length === 0) return { ok: true };
  if (spec) {
    return {
      problems: [
        {
          code: "invalid-structure",
          offset: spec.keyStart,
          message: `has both a spec and a root ${moving[0].key}; move them into spec to convert it`
        }
      ]
    };
  }
  u.changes.push({ shape: "wrap", keys: ["destination", "sources", "specs"], under: "spec", rename: { specs: "rules" } });
  const names = moving.map((p) => p.key);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}` : names[0];
  u.notes.push(`${list} moved under spec${names.includes("specs") ? ", specs renamed rules" : ""}`);
  return { ok: true };
}
function dropPorts(u) {
  if (u.view.data.ports.length === 0) return { ok: true };
  return {
    problems: u.view.data.ports.map((p) => ({
      code: "invalid-structure",
      offset: p.offset,
      message: `${p.subject} port ${p.value} cannot be written in ${u.view.kind.group}/v1alpha3, which has no port on subjects: remove it and add a v1alpha4 TCPRoute with matches.ports: [${p.value}], referenced from spec.rules`
    }))
  };
}
var trafficTarget = {
  ...trafficTargetEntry,
  versions: ["v1alpha1", "v1alpha2", "v1alpha3"],
  steps: [
    { from: "v1alpha1", to: "v1alpha2", apply: wrapInSpec },
    { from: "v1alpha2", to: "v1alpha3", apply: dropPorts }
  ],
  read: readTarget
};

// src/kinds/registry.ts
var KINDS = [
  trafficSplit,
  httpRouteGroup,
  tcpRoute,
  trafficTarget,
  serviceProfile
];
var BY_KIND = new Map(KINDS.map((k) => [k.kind, k]));
var NEEDED_KINDS = new Set(KINDS.flatMap((k) => k.needsKinds ?? []));
function kindNamed(kind) {
  return kind === void 0 ? void 0 : BY_KIND.get(kind);
}

// src/edit/shapes.ts
function wrapKeys(text, map, keys, under, rename = {}) {
  const moved = map.pairs.filter((p) => keys.includes(p.key));
  if (moved.length === 0) return { edits: [] };
  const first = moved[0];
  if (map.flow) {
    const from2 = map.pairs.indexOf(first);
    if (map.pairs.slice(from2, from2 + moved.length).some((p, i) => p !== moved[i])) {
      return {
        refused: `${moved.map((p) => p.key).join(" and ")} are not next to each other in a flow mapping; put them together to convert it`,
        offset: first.keyStart
      };
    }
    const last = moved[moved.length - 1];
    const inner = renamed(text, first.keyStart, last.valueEnd, moved, rename, map);
    const key = map.quoteKeys ? JSON.stringify(under) : under;
    const keyLine = lineStart(text, first.keyStart);
    const onOwnLine = text.slice(keyLine, first.keyStart).trim() === "";
    if (!inner.includes("\n") || !onOwnLine) return { edits: [{ start: first.keyStart, end: last.valueEnd, text: `${key}: {${inner}}` }] };
    const pad = text.slice(keyLine, first.keyStart);
    const unit2 = " ".repeat(map.indent);
    const body = inner.split("\n").map((l, i) => i === 0 || l.trim() === "" ? l : unit2 + l).join("\n");
    return { edits: [{ start: first.keyStart, end: last.valueEnd, text: `${key}: {${map.eol}${pad}${unit2}${body}${map.eol}${pad}}` }] };
  }
  const inline = moved.find((p) => p.inline);
  if (inline?.explicit !== void 0)
    return {
      refused: `${inline.key} is an explicit key (? ${inline.key}), which cannot move as a line of its own; write it as "${inline.key}:" to convert it`,
      offset: inline.explicit
    };
  if (inline)
    return {
      refused: `${inline.key} shares its line with what comes before it; put it on a line of its own to convert it`,
      offset: inline.keyStart
    };
  const unit = " ".repeat(map.indent);
  const from = map.pairs.indexOf(first);
  const together = map.pairs.slice(from, from + moved.length).every((p, i) => p === moved[i]);
  const blocks = moved.map((p, i) => {
    let block = renamed(text, p.start, p.end, [p], rename, map);
    if (!block.endsWith("\n") && (i < moved.length - 1 || !together)) block += map.eol;
    return block.split(/(?<=\n)/).map((l) => l === "\n" || l === "\r\n" ? l : unit + l).join("");
  });
  const head = `${" ".repeat(map.column)}${map.quoteKeys ? JSON.stringify(under) : under}:${map.eol}`;
  const edits = [{ start: first.start, end: first.end, text: head + blocks.join("") }];
  for (const p of moved.slice(1)) edits.push({ start: p.start, end: p.end, text: "" });
  return { edits };
}
function renamed(text, start, end, pairs, rename, map) {
  let out = "";
  let at = start;
  for (const p of pairs) {
    const to = rename[p.key];
    if (to === void 0) continue;
    const raw = text.slice(p.keyStart, p.keyEnd);
    const quote = raw[0] === '"' || raw[0] === "'" ? raw[0] : "";
    out += text.slice(at, p.keyStart) + (quote === '"' || map.quoteKeys && quote ? JSON.stringify(to) : `${quote}${to}${quote}`);
    at = p.keyEnd;
  }
  return out + text.slice(at, end);
}
function addKey(text, map, key, value) {
  const style = { flow: map.flow, json: map.quoteKeys, indent: map.indent, eol: map.eol };
  const last = map.pairs[map.pairs.length - 1];
  if (map.flow) {
    const pair2 = emitPair(key, value, style, map.column);
    if (!last) {
      return { edits: [{ start: map.start + 1, end: map.end - 1, text: pair2 }] };
    }
    const from = lineStart(text, last.keyStart);
    const pad = text.slice(from, last.keyStart);
    const ownLine = pad.trim() === "" && from > map.start;
    return { edits: [{ start: last.valueEnd, end: last.valueEnd, text: ownLine ? `,${map.eol}${pad}${pair2}` : `, ${pair2}` }] };
  }
  if (!last) return { refused: "the mapping is empty", offset: map.start };
  const at = last.end;
  const lead = at > 0 && text[at - 1] !== "\n" ? map.eol : "";
  const pair = emitPair(key, value, { ...style, flow: false }, map.column);
  return { edits: [{ start: at, end: at, text: `${lead}${" ".repeat(map.column)}${pair}${map.eol}` }] };
}

// src/edit/documents.ts
function replaceObject(text, map, item, objects, keep) {
  let end = map.end;
  while (end > map.start && " 	\r\n".includes(text[end - 1])) end--;
  const start = lineStart(text, map.start);
  const prefix = text.slice(start, map.start);
  const json = map.flow;
  let separator;
  let written;
  if (json) {
    const lineIndent = /^[ \t]*/.exec(prefix)[0];
    const pretty = text.slice(map.start, end).includes("\n");
    const step = pretty ? jsonStep(text, map) : 0;
    const write = (o) => pretty ? jsonText(o, step).split("\n").join(map.eol + lineIndent) : emitFlow(o, { flow: true, json: map.quoteKeys, indent: 0, eol: map.eol });
    if (!item && map.quoteKeys) {
      if (keep) {
        const routes = objects.map((o) => `${map.eol}${lineIndent}${write(o)}`).join(",");
        const head = '{"apiVersion": "v1", "kind": "List", "items": [';
        return {
          edit: {
            start: map.start,
            end,
            text: `${head}${map.eol}${lineIndent}${text.slice(map.start, end)},${routes}${map.eol}${lineIndent}]}`
          }
        };
      }
      const one = objects.length === 1 ? objects[0] : { apiVersion: "v1", kind: "List", items: [...objects] };
      return { edit: { start: map.start, end, text: write(one) } };
    }
    written = objects.map(write);
    separator = item ? pretty ? `,${map.eol}${lineIndent}` : ", " : `${map.eol}---${map.eol}`;
  } else {
    const style = {
      flow: false,
      json: false,
      indent: map.indent,
      eol: map.eol,
      compactSequences: compactSequences(text, map.start, end)
    };
    written = objects.map((o) => emitBlockMap(o, style, map.column));
    if (item) {
      const dash = /^[ \t]*-[ \t]+$/.test(prefix) ? prefix : dashAbove(text, start, prefix);
      if (dash === void 0) return { refused: "is written on a line that does not start with its List item's dash", offset: map.start };
      separator = map.eol + dash;
    } else {
      if (prefix.trim() !== "") return { refused: "does not start its line", offset: map.start };
      separator = `${map.eol}---${map.eol}${prefix}`;
    }
  }
  const joined = written.join(separator);
  return { edit: keep ? { start: end, end, text: separator + joined } : { start: map.start, end, text: joined } };
}
function dashAbove(text, start, prefix) {
  if (!/^ *$/.test(prefix)) return void 0;
  for (let end = start - 1; end > 0; ) {
    const from = lineStart(text, end);
    const line = text.slice(from, end).replace(/\r$/, "");
    end = from - 1;
    if (/^[ \t]*(#.*)?$/.test(line)) continue;
    const dash = /^( *)-[ \t]*(#.*)?$/.exec(line);
    const gap = dash ? prefix.length - dash[1].length - 1 : 0;
    return dash && gap >= 1 ? `${dash[1]}-${" ".repeat(gap)}` : void 0;
  }
  return void 0;
}
function compactSequences(text, start, end) {
  const lines = text.slice(start, end).split("\n");
  for (let i = 0; i + 1 < lines.length; i++) {
    const key = /^([ \t]*)[^\s#-][^#]*:[ \t]*\r?$/.exec(lines[i]);
    if (!key) continue;
    const next = lines.slice(i + 1).find((l) => l.trim() !== "" && !l.trimStart().startsWith("#"));
    const dash = next === void 0 ? null : /^([ \t]*)- /.exec(next);
    if (dash) return dash[1].length === (i === 0 ? columnOf(text, start) : key[1].length);
  }
  return false;
}
function jsonStep(text, map) {
  const first = map.pairs[0];
  if (!first) return 2;
  const keyColumn = first.keyStart - lineStart(text, first.keyStart);
  const braceIndent = /^[ \t]*/.exec(text.slice(lineStart(text, map.start), map.start))[0].length;
  return Math.max(1, keyColumn - braceIndent);
}

// src/convert/plan.ts
function stepsBetween(kind, from, to) {
  const a = kind.versions.indexOf(from);
  const b = kind.versions.indexOf(to);
  if (a < 0 || b < 0) return spanOf(kind, a, b);
  let table = spans.get(kind);
  if (!table) spans.set(kind, table = kind.versions.map(() => []));
  return table[a][b] ??= spanOf(kind, a, b);
}
function spanOf(kind, a, b) {
  return kind.steps.filter((s) => kind.versions.indexOf(s.from) >= a && kind.versions.indexOf(s.to) <= b);
}
var spans = /* @__PURE__ */ new Map();
function isNewer(kind, version, than) {
  return kind.versions.indexOf(version) > kind.versions.indexOf(than);
}
function planObjects(views, text, opts, pending) {
  const plan = { edits: [], findings: [], objects: [], claims: [] };
  let heirs;
  for (const v of views) {
    if (!v.inheritsFrom) continue;
    heirs ??= /* @__PURE__ */ new Map();
    const list = heirs.get(v.inheritsFrom);
    if (list) list.push(v);
    else heirs.set(v.inheritsFrom, [v]);
  }
  for (const view of views) {
    const replacer = opts.target?.plugin.replaces[view.kind.kind];
    if (replacer) {
      planReplacement(view, replacer, text, opts.target, plan, pending ??= /* @__PURE__ */ new Map());
      continue;
    }
    if (view.inheritsFrom) continue;
    const mine = heirs?.get(view);
    if (mine || view.heldBack) planList(view, mine ?? [], text, opts, plan);
    else fact(view, planObject(view, text, opts, plan), plan);
  }
  return plan;
}
function planList(list, heirs, text, opts, plan) {
  if (list.problem) {
    planObject(list, text, opts, plan);
    for (const heir of heirs) fact(heir, heir.version, plan);
    return;
  }
  const own = { edits: [], findings: [], objects: [], claims: [] };
  const listVersion = planObject(list, text, opts, own);
  const items = { edits: [], findings: [], objects: [], claims: [] };
  const failed = [];
  const versions = /* @__PURE__ */ new Map();
  for (const heir of heirs) {
    const before = items.findings.length;
    versions.set(heir, planObject(heir, text, opts, items));
    if (items.findings.slice(before).some((f) => f.severity === "error")) failed.push(heir);
  }
  const moves = own.edits.length > 0;
  if (!moves || failed.length === 0 && !list.heldBack) {
    plan.edits.push(...own.edits, ...items.edits);
    plan.findings.push(...own.findings, ...items.findings);
    for (const w of [...own.valuesWrites ?? [], ...items.valuesWrites ?? []]) (plan.valuesWrites ??= []).push(w);
    for (const heir of heirs) fact(heir, moves ? listVersion : versions.get(heir), plan);
    return;
  }
  for (const heir of heirs) fact(heir, heir.version, plan);
  const errors = items.findings.filter((f) => f.severity !== "info");
  const why = failed.length ? `${failed.map((f) => describeObject(f.ref)).join(", ")} cannot be converted` : list.heldBack.message;
  const message = `${describeObject(list.ref)}: apiVersion and items left unchanged: its items inherit its apiVersion and ${why}`;
  const at = { offset: list.offset, object: list.ref, message };
  plan.findings.push(
    failed.length ? { severity: "error", code: "invalid-structure", ...at } : { severity: "warning", code: "templated", pending: true, ...at },
    ...errors
  );
}
function planReplacement(view, replacer, text, target, plan, pending) {
  const object = view.ref;
  const describe = describeObject(object);
  const error = (p) => {
    const at = { code: p.code, message: `${describe}: ${p.message}`, offset: p.offset, object };
    plan.findings.push(p.leave ? { severity: "warning", pending: true, ...at } : { severity: "error", ...at });
  };
  if (view.problem) return error(view.problem);
  if (view.list || view.inheritsFrom) {
    return error({
      code: "invalid-structure",
      offset: view.offset,
      message: `a ${view.kind.kind}List holds ${view.kind.kind}s only, so its items cannot become routes: make it a kind: List first`
    });
  }
  const action = view.action ?? view.templated;
  if (action) {
    plan.findings.push({
      severity: "warning",
      code: "templated",
      offset: action.offset,
      object,
      pending: true,
      message: `${describe}: ${action.message}; the conversion writes the object anew, which would drop or misplace the template: left unchanged, convert it by hand`
    });
    return;
  }
  const r = replacer.replace(view, {
    options: target.options,
    context: target.context,
    claimed: (key) => pending.get(key) ?? target.ledger.get(key)
  });
  if ("problems" in r) return void r.problems.forEach(error);
  if ("skip" in r) return void plan.findings.push({ ...r.skip, object, message: `${describe} ${r.skip.message}` });
  const keep = target.plugin.keepsOriginal(target.options, view.kind.kind);
  const placed = r.objects.length || !r.rewrites?.length || !keep ? replaceObject(text, view.layout(), view.item === true, r.objects, keep) : void 0;
  if (placed && "refused" in placed)
    return error({
      code: "invalid-structure",
      offset: placed.offset,
      message: `${placed.refused}: its routes cannot be written in its place`
    });
  if (placed) plan.edits.push(placed.edit);
  for (const c of r.claims) {
    plan.claims.push(c);
    pending.set(c[0], c[1]);
  }
  const converted = (message, to) => ({
    severity: "info",
    code: "converted",
    offset: view.offset,
    object,
    message: `${describe}: ${message}`,
    from: `${view.kind.group}/${view.version}`,
    to: String(to ?? ""),
    ...r.weights ? { weightsBefore: r.weights.before, weightsAfter: r.weights.after } : {}
  });
  if (placed) plan.findings.push(converted(r.message, r.objects[0]?.apiVersion));
  for (const [i, w] of (r.rewrites ?? []).entries()) {
    const refused = { ...w.refused, object, message: `${describe} ${w.refused.message}` };
    const further = placed !== void 0 || i > 0 ? { further: true } : {};
    (plan.rewrites ??= []).push({ ...w, refused, done: { ...converted(w.message, w.object.apiVersion), ...further, offset: 0 } });
  }
  for (const f of r.findings) plan.findings.push({ ...f, object, message: `${describe}: ${f.message}` });
}
function fact(view, version, plan) {
  if (view.ref.name === void 0) return;
  const needs = view.kind.needs?.(view, version);
  const needsBefore = version === view.version ? needs : view.kind.needs?.(view, view.version);
  if (!needs?.length && !needsBefore?.length && !NEEDED_KINDS.has(view.kind.kind)) return;
  const f = { kind: view.kind.kind, name: view.ref.name, version, before: view.version, offset: view.offset };
  if (view.ref.namespace !== void 0) f.namespace = view.ref.namespace;
  if (needs?.length) f.needs = needs;
  if (needsBefore?.length) f.needsBefore = needsBefore;
  plan.objects.push(f);
}
function planObject(view, text, opts, plan) {
  const describe = describeObject(view.ref);
  const fail = (problems) => {
    for (const p of problems) {
      const at = { code: p.code, message: `${describe}: ${p.message}`, offset: p.offset, object: view.ref };
      plan.findings.push(p.leave ? { severity: "warning", pending: true, ...at } : { severity: "error", ...at });
    }
    return view.version;
  };
  if (view.problem) return fail([view.problem]);
  const to = versionFor(view.kind, opts);
  if (to === void 0) return leftWithoutTarget(view, describe, plan);
  const upgrading = stepsBetween(view.kind, view.version, to).length > 0;
  const u = runSteps(view, to, opts);
  if (u === "nothing") {
    if (isNewer(view.kind, view.version, to)) {
      plan.findings.push({
        severity: "info",
        code: "newer-than-target",
        offset: view.offset,
        object: view.ref,
        message: `${describe} is ${view.version}, newer than ${flagOf(view.kind)} ${to}; left as it is`
      });
    }
    return view.version;
  }
  if ("problems" in u) return fail(u.problems);
  const structural = u.changes.find((c) => c.shape !== "scalar");
  if (structural && view.templated) {
    plan.findings.push({
      severity: "warning",
      code: "templated",
      offset: view.templated.offset,
      object: view.ref,
      pending: true,
      message: `${describe}: ${view.templated.message}; its ${view.version} -> ${to} conversion moves or adds keys; left unchanged: convert it by hand`
    });
    return view.version;
  }
  const unmovable = structural ? view.unmovable?.() : void 0;
  if (unmovable) return fail([unmovable]);
  const values = valuesChanges(u.changes, text, opts.chartValues);
  if ("reason" in values) {
    const message = `${describe}: its weights render from values.yaml; left unchanged (${values.reason}): convert it by hand`;
    plan.findings.push({ severity: "warning", code: "templated", offset: values.offset, object: view.ref, pending: true, message });
    return view.version;
  }
  const shaped = changeEdits(values.changes, text, view);
  if ("refused" in shaped) return fail([{ code: "invalid-structure", offset: shaped.offset, message: shaped.refused }]);
  const edits = [...shaped.edits];
  if (upgrading && view.apiVersion) edits.push(apiVersionEdit(view.apiVersion, view.kind.group, view.version, to));
  if (edits.length > 0 && view.strip) edits.push(...view.strip);
  plan.edits.push(...edits);
  if (edits.length === 0 && values.writes.length === 0) return view.version;
  const target = upgrading ? to : view.version;
  const finding2 = conversionFinding(view, u, describe, upgrading, target);
  plan.findings.push(finding2);
  for (const w of values.writes) (plan.valuesWrites ??= []).push({ ...w, by: finding2 });
  return target;
}
function leftWithoutTarget(view, describe, plan) {
  const kind = view.kind;
  if (!kind.replacedOnly && kind.versions.indexOf(view.version) < kind.versions.length - 1) {
    plan.findings.push({
      severity: "info",
      code: "no-target",
      offset: view.offset,
      object: view.ref,
      message: `${describe} is ${view.version}; left as it is (${flagOf(kind)} picks a version to convert it to)`
    });
  }
  return view.version;
}
function runSteps(view, to, opts) {
  const u = { view, version: view.version, changes: [], notes: [] };
  if (view.list) return u;
  const steps = stepsBetween(view.kind, view.version, to);
  if (steps.length === 0) {
    const repaired2 = view.kind.repair?.(u, opts) ?? false;
    if (repaired2 === false) return "nothing";
    return "problems" in repaired2 ? repaired2 : u;
  }
  const repaired = view.kind.repair?.(u, opts) ?? false;
  if (repaired !== false && "problems" in repaired) return repaired;
  for (const step of steps) {
    const result = step.apply(u, opts);
    if ("problems" in result) return result;
    u.version = step.to;
  }
  return u;
}
function conversionFinding(view, u, describe, upgrading, target) {
  const before = u.weights?.before ?? [];
  const after = u.weights?.after ?? [];
  const changed = before.some((b, i) => b !== after[i]);
  const weights = changed ? `weights ${before.join(", ")} -> ${after.join(", ")}` : "";
  const noted = u.notes.length ? ` (${u.notes.join("; ")})` : "";
  const finding2 = {
    severity: "info",
    code: upgrading ? "converted" : "repaired",
    offset: view.offset,
    object: view.ref,
    message: upgrading ? `${describe}: ${view.version} -> ${target}${weights ? `, ${weights}` : ""}${noted}` : `${describe}: ${u.repairing ?? `non-integer ${view.version}`} ${weights || "weights"}${noted}`,
    from: `${view.kind.group}/${view.version}`,
    to: `${view.kind.group}/${target}`
  };
  if (u.weights) Object.assign(finding2, { weightsBefore: before, weightsAfter: after });
  return finding2;
}
function changeEdits(changes, text, view) {
  const edits = [];
  for (const c of changes) {
    let shaped;
    if (c.shape === "scalar") shaped = scalarEdit(c.scalar, c.text, text);
    else if (c.shape === "wrap") shaped = wrapKeys(text, view.layout(), c.keys, c.under, c.rename);
    else {
      let map = view.layout();
      for (const key of c.path.slice(0, -1)) {
        const inner = map.pairs.find((p) => p.key === key)?.map;
        if (!inner) return { refused: `${c.path.slice(0, -1).join(".")} is not a mapping`, offset: view.offset };
        map = inner;
      }
      shaped = addKey(text, map, c.path[c.path.length - 1], c.value);
    }
    if ("refused" in shaped) return shaped;
    edits.push(...shaped.edits);
  }
  return { edits };
}
function scalarEdit(scalar2, written, text) {
  const plain = !/^["'|>]/.test(written);
  const tab = plain && scalar2.flowIndent !== void 0 ? tabRefusedAfterPlain(text, scalar2.end, scalar2.flowIndent) : void 0;
  if (!tab) return { edits: [{ start: scalar2.start, end: scalar2.end, text: written }] };
  return {
    refused: `${scalar2.raw} is written as ${written}, unquoted, and kubectl's YAML reader reads on from an unquoted value over the line breaks after it: it refuses this line's tab inside a flow collection ("found a tab character that violates indentation"); indent the line with spaces to convert it`,
    offset: tab.offset
  };
}
function apiVersionEdit(scalar2, group, from, to) {
  const quote = scalar2.style === "QUOTE_DOUBLE" ? '"' : scalar2.style === "QUOTE_SINGLE" ? "'" : "";
  const inline = scalar2.style === "PLAIN" || quote !== "";
  const written = inline ? scalar2.raw : scalar2.raw.trimEnd();
  if (written.endsWith(from + quote)) {
    const at = written.length - quote.length - from.length;
    return { start: scalar2.start + at, end: scalar2.start + at + from.length, text: to };
  }
  const value = `${group}/${to}`;
  return { start: scalar2.start, end: scalar2.end, text: quote === '"' ? JSON.stringify(value) : `${quote}${value}${quote}` };
}

// src/yaml/fast/documents.ts
var fastReader = { enabled: true };
function fastDocuments(text, opts) {
  if (!fastReader.enabled || opts.target !== void 0 || opts.stripServerFields || mentionsTool(text)) return void 0;
  const root = readBlockDocument(text);
  if (!root) return void 0;
  const doc = { contents: root, errors: [], warnings: [], range: [0, text.length, text.length] };
  return [{ doc, start: 0, end: text.length }];
}

// src/yaml/layout.ts
function mapLayout(map, text) {
  const [start, end] = map.range ?? [0, 0];
  const pairs = [];
  const flow = Boolean(map.flow);
  let quoteKeys = false;
  let prevEnd = start;
  const afterBom = (at) => text.charCodeAt(at) === 65279 ? at + 1 : at;
  for (const pair of map.items) {
    const key = pair.key;
    if (!isScalar(key) || !key.range) continue;
    const value = pair.value;
    const [keyStart2, keyEnd] = key.range;
    const valueEnd2 = value?.range?.[1] ?? keyEnd;
    if (key.type === "QUOTE_DOUBLE") quoteKeys = true;
    const from = lineStart(text, keyStart2);
    const inline = text.slice(from, keyStart2).trim() !== "";
    let pairStart = keyStart2;
    let pairEnd = valueEnd2;
    if (!flow) {
      pairStart = inline ? keyStart2 : afterBom(commentsAbove(text, from, prevEnd));
      pairEnd = lineEnd(text, Math.max(value?.range?.[2] ?? keyEnd, keyEnd));
    }
    const span = { key: String(key.value), keyStart: keyStart2, keyEnd, valueEnd: valueEnd2, start: pairStart, end: pairEnd, inline };
    const before = text.slice(from, keyStart2).trimEnd();
    if (inline && before.endsWith("?")) span.explicit = from + before.length - 1;
    if (isMap(value)) span.map = mapLayout(value, text);
    pairs.push(span);
    prevEnd = pairEnd;
  }
  const first = (flow ? pairs[0] : pairs.find((p) => !p.inline)) ?? pairs[0];
  const column = first ? columnOf(text, first.keyStart) - (afterBom(lineStart(text, first.keyStart)) > lineStart(text, first.keyStart) ? 1 : 0) : 0;
  const nested = pairs.find((p) => p.map && !p.map.flow && p.map.pairs.length);
  const indent = nested ? Math.max(1, nested.map.column - column) : 2;
  for (const p of pairs) {
    if (p.map && !p.map.flow) p.map.indent = indent;
    if (p.map && p.map.pairs.length === 0) p.map.quoteKeys = quoteKeys;
  }
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  return { flow, quoteKeys, start, end, column, indent, eol, pairs };
}
function commentsAbove(text, from, floor) {
  let at = from;
  while (at > floor) {
    const prev = lineStart(text, at - 1);
    if (prev < floor || !text.slice(prev, at).trimStart().startsWith("#")) break;
    at = prev;
  }
  return at;
}
function lineEnd(text, at) {
  if (at === 0 || text[at - 1] === "\n") return at;
  const from = lineStart(text, at);
  if (text.slice(from, at).trim() === "") return from;
  const nl = text.indexOf("\n", at);
  return nl < 0 ? text.length : nl + 1;
}

// src/yaml/strip.ts
var SERVER_METADATA = /* @__PURE__ */ new Set(["creationTimestamp", "generation", "resourceVersion", "selfLink", "uid", "managedFields"]);
var LAST_APPLIED = "kubectl.kubernetes.io/last-applied-configuration";
function serverFieldRemovals(obj, text, onKept = () => {
}) {
  const edits = [];
  const drop = /* @__PURE__ */ new Set();
  const removable = (pair, path) => {
    const anchor = usedAnchor(pair, text);
    if (anchor) onKept({ path, anchor: anchor.name, offset: keyStart(pair) });
    return !anchor;
  };
  const shared = (map, path, offset) => {
    const range = map.range;
    const used = map.anchor !== void 0 && range != null && aliasOutside(map.anchor, range[0], range[1], text);
    if (used) onKept({ path, anchor: map.anchor, offset });
    return used;
  };
  if (shared(obj, "the object", obj.range?.[0] ?? 0)) return edits;
  for (const pair of obj.items) {
    const key = keyOf2(pair);
    if (key === "status" && removable(pair, "status")) drop.add(pair);
    if (key !== "metadata" || !isMap(pair.value) || shared(pair.value, "metadata", keyStart(pair))) continue;
    const meta = pair.value;
    const metaDrop = new Set(meta.items.filter((p) => SERVER_METADATA.has(keyOf2(p) ?? "") && removable(p, `metadata.${keyOf2(p)}`)));
    const annotations = meta.items.find((p) => keyOf2(p) === "annotations");
    if (annotations && isMap(annotations.value) && !shared(annotations.value, "metadata.annotations", keyStart(annotations))) {
      const ann = annotations.value;
      const annDrop = new Set(
        ann.items.filter((p) => keyOf2(p) === LAST_APPLIED && removable(p, `metadata.annotations["${LAST_APPLIED}"]`))
      );
      if (annDrop.size > 0 && annDrop.size === ann.items.length && !ann.anchor) metaDrop.add(annotations);
      else edits.push(...removePairs(ann, annDrop, text));
    }
    if (metaDrop.size > 0 && metaDrop.size === meta.items.length && !meta.anchor) drop.add(pair);
    else edits.push(...removePairs(meta, metaDrop, text));
  }
  if (drop.size < obj.items.length) edits.push(...removePairs(obj, drop, text));
  return edits;
}
function removePairs(map, drop, text) {
  if (drop.size === 0) return [];
  return map.flow ? removeFlowPairs(map, drop) : map.items.filter((p) => drop.has(p)).map((p) => removeBlockPair(map, p, text));
}
function removeFlowPairs(map, drop) {
  const items = map.items;
  const edits = [];
  for (let i = 0; i < items.length; i++) {
    if (!drop.has(items[i])) continue;
    let j = i;
    while (j + 1 < items.length && drop.has(items[j + 1])) j++;
    if (j + 1 < items.length) edits.push({ start: keyStart(items[i]), end: keyStart(items[j + 1]), text: "" });
    else edits.push({ start: valueEnd(items[i - 1]), end: valueEnd(items[j]), text: "" });
    i = j;
  }
  return edits;
}
function removeBlockPair(map, pair, text) {
  const key = explicitKeyIndicator(text, keyStart(pair)) ?? keyStart(pair);
  const keyLine = lineStart(text, key);
  let end = Math.max(valueEnd(pair), keyStart(pair));
  if (end > 0 && text[end - 1] !== "\n") {
    const nl = text.indexOf("\n", end);
    end = nl < 0 ? text.length : nl + 1;
  }
  end = trimTrailingBlankLines(text, keyLine, end);
  if (text.slice(keyLine, key).trim() !== "") {
    const next = map.items[map.items.indexOf(pair) + 1];
    const nextKey = next ? explicitKeyIndicator(text, keyStart(next)) ?? keyStart(next) : -1;
    if (next && text.slice(end, nextKey).trim() === "") return { start: key, end: nextKey, text: "" };
    let start2 = key;
    while (text[start2 - 1] === " " || text[start2 - 1] === "	") start2--;
    return { start: start2, end: next && text[end - 1] === "\n" ? end - 1 : end, text: "" };
  }
  const indent = key - keyLine;
  let start = keyLine;
  for (; ; ) {
    if (start === 0) break;
    const prevStart = lineStart(text, start - 1);
    const line = text.slice(prevStart, start);
    const body = line.trimStart();
    if (!body.startsWith("#") || line.length - body.length !== indent) break;
    start = prevStart;
  }
  return { start, end, text: "" };
}
function explicitKeyIndicator(text, key) {
  let i = key - 1;
  while (i >= 0 && (text[i] === " " || text[i] === "	" || text[i] === "\n" || text[i] === "\r")) i--;
  if (i < 0 || text[i] !== "?" || i === key - 1) return void 0;
  const before = i > 0 ? text[i - 1] : "\n";
  return before === " " || before === "	" || before === "\n" ? i : void 0;
}
function usedAnchor(pair, text) {
  const start = keyStart(pair);
  const end = valueEnd(pair);
  const anchors = [];
  for (const part of [pair.key, pair.value]) {
    if (!isNode(part)) continue;
    visit(part, {
      Node: (_k, node) => {
        if (node.anchor) anchors.push({ name: node.anchor, offset: node.range?.[0] ?? start });
      }
    });
  }
  return anchors.find((a) => aliasOutside(a.name, start, end, text));
}
function aliasOutside(name, start, end, text) {
  const alias = `*${name}`;
  for (let i = text.indexOf(alias); i >= 0; i = text.indexOf(alias, i + 1)) {
    if (i >= start && i < end) continue;
    const next = text[i + alias.length];
    if (next === void 0 || next.trim() === "" || ",[]{}".includes(next)) return true;
  }
  return false;
}
function trimTrailingBlankLines(text, min, end) {
  let e = end;
  for (; ; ) {
    const prevStart = lineStart(text, e - 1);
    if (prevStart <= min || text.slice(prevStart, e).trim() !== "") return e;
    e = prevStart;
  }
}
function keyOf2(pair) {
  return isScalar(pair.key) && typeof pair.key.value === "string" ? pair.key.value : void 0;
}
function keyStart(pair) {
  return pair.key.range[0];
}
function valueEnd(pair) {
  const v = pair.value;
  return v?.range ? v.range[1] : pair.key.range[1];
}

// src/yaml/nested.ts
function nestedSplits(doc, text, to, item) {
  const root = doc.contents;
  if (!isMap(root) && !isSeq(root)) return [];
  if (!mayNest(text, root)) return [];
  const topLevel = /* @__PURE__ */ new Set([root]);
  const items = isMap(root) && item === void 0 ? root.get("items", true) : void 0;
  if (isSeq(items)) {
    for (const item2 of items.items) if (isMap(item2)) topLevel.add(item2);
  }
  const wrapperOwn = isMap(root) && item === void 0 && isResourceList(root) ? WRAPPER_KEYS : void 0;
  const out = [];
  const stack = [{ node: root, parent: void 0, step: "" }];
  const prefix = item === void 0 ? "" : `items[${item}]`;
  while (stack.length) {
    const entry = stack.pop();
    const { node } = entry;
    if (isMap(node)) {
      if (!topLevel.has(node)) {
        const found = splitAt(node, entry, prefix, to);
        if (found) out.push(found);
      }
      for (let i = node.items.length - 1; i >= 0; i--) {
        const pair = node.items[i];
        if (!pair.value || !(isMap(pair.value) || isSeq(pair.value))) continue;
        const key = isScalar(pair.key) ? String(pair.key.value) : "?";
        if (node === root && wrapperOwn?.has(key)) continue;
        stack.push({ node: pair.value, parent: entry, step: key });
      }
    } else if (isSeq(node)) {
      for (let i = node.items.length - 1; i >= 0; i--) {
        const item2 = node.items[i];
        if (isMap(item2) || isSeq(item2)) stack.push({ node: item2, parent: entry, step: i });
      }
    }
  }
  return out;
}
var GROUP_PREFIX = `${SMI_SPLIT_GROUP}/`;
var WRAPPER_KEYS = /* @__PURE__ */ new Set(["results", "functionConfig"]);
function isResourceList(root) {
  const kind = root.get("kind", true);
  return isScalar(kind) && kind.value === "ResourceList";
}
function mayNest(text, root) {
  if (text.includes("\\")) return true;
  const first = text.indexOf(GROUP_PREFIX);
  if (first < 0) return false;
  if (text.includes(GROUP_PREFIX, first + 1) || !isMap(root)) return true;
  const api = root.get("apiVersion", true);
  return !(isScalar(api) && typeof api.value === "string" && api.value.startsWith(GROUP_PREFIX));
}
function pathOf(s, prefix) {
  const steps = [];
  for (let at = s; at.parent; at = at.parent) steps.push(at.step);
  let path = prefix;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i];
    path = typeof step === "number" ? `${path}[${step}]` : path ? `${path}.${step}` : step;
  }
  return path;
}
function splitAt(map, at, prefix, to) {
  const kindPair = map.items.find((p) => isScalar(p.key) && p.key.value === "kind");
  if (!kindPair || !isScalar(kindPair.value) || kindPair.value.value !== "TrafficSplit") return void 0;
  const api = map.get("apiVersion", true);
  if (!isScalar(api) || typeof api.value !== "string" || !api.value.startsWith(`${SMI_SPLIT_GROUP}/`)) return void 0;
  const why = olderThan(api.value.slice(SMI_SPLIT_GROUP.length + 1), to) ? void 0 : nonInteger(map);
  if (why === null) return void 0;
  const found = { map, path: pathOf(at, prefix) || "(root)", offset: kindPair.key.range?.[0] ?? map.range?.[0] ?? 0 };
  if (why !== void 0) found.why = why;
  return found;
}
function nonInteger(map) {
  const backends = map.get("spec", true)?.get?.("backends", true);
  if (!isSeq(backends)) return "its backends are not a list this file shows";
  for (const b of backends.items) {
    const weight = isMap(b) ? b.get("weight", true) : void 0;
    if (!isScalar(weight) || !isInteger(weight))
      return `its weight ${isScalar(weight) ? JSON.stringify(String(weight.source ?? weight.value)) : "(none)"} is not an integer`;
  }
  return null;
}
function isInteger(weight) {
  const v = weight.value;
  if (typeof v === "bigint" || typeof v === "number" && Number.isInteger(v)) return true;
  return typeof v === "string" && weight.type === "PLAIN" && /^\d+$/.test(v);
}

// src/convert/suppress.ts
var ANNOTATION = "smi-migrate.io/ignore";
function skipper(read, out, active, templatedKind2) {
  return (map, kind) => {
    const marked = read?.(map, kind?.kind ?? templatedKind2);
    if (!marked) return false;
    const d = finding(marked, !kind || active(kind));
    if (!d) return false;
    out.notices.push(d);
    const { ref } = marked;
    if (d.code === "suppressed" && ref.name !== void 0 && NEEDED_KINDS.has(ref.kind)) {
      const version = (marked.apiVersion ?? "").split("/").pop();
      const f = { kind: ref.kind, name: ref.name, version, before: version, offset: d.offset };
      if (ref.namespace !== void 0) f.namespace = ref.namespace;
      out.facts.push(f);
    }
    return true;
  };
}
function finding({ found, ref, apiVersion, offset }, report) {
  if ("error" in found) return { severity: "error", code: "invalid-suppression", offset: found.offset, object: ref, message: found.error };
  if (!report) return void 0;
  if ("warning" in found)
    return { severity: "warning", code: "invalid-suppression", offset: found.offset, object: ref, message: found.warning, pending: true };
  const what = `${describeObject(ref)}${apiVersion ? ` (${apiVersion})` : ""}`;
  const by = found.by === "annotation" ? `annotation ${ANNOTATION}` : "comment # smi-migrate: ignore";
  return {
    severity: "info",
    code: "suppressed",
    offset,
    object: ref,
    suppression: { reason: found.reason, by: found.by },
    message: `${what}: ${JSON.stringify(found.reason)} (${by})`
  };
}
function heldBySuppression(marked) {
  return { code: "suppressed", offset: marked.offset, message: `${describeObject(marked.ref)} is suppressed` };
}

// src/convert/groups.ts
function isNearMiss(group, of) {
  const letters = (s) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (group === "" || group.length > 40) return false;
  return letters(group) === letters(of) || editDistance(group.toLowerCase(), of) <= 2;
}
function editDistance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length];
}

// src/kinds/trafficsplit/literals.ts
function literalWeights(read) {
  const weights = read.data?.weights;
  if (!Array.isArray(weights)) return [];
  const templated = new Set((read.templated ?? []).flatMap((t) => t.scalar ? [t.scalar.start] : []));
  return weights.flatMap((w) => {
    if (!("scalar" in w)) return [{ raw: "(a weight that cannot be read)" }];
    if (templated.has(w.scalar.start)) return [];
    const r = readQuantityWeight({ yaml: w.scalar });
    const int = r.ok ? integerOf(r.value) : void 0;
    return [int === void 0 ? { raw: w.scalar.raw } : { raw: w.scalar.raw, int }];
  });
}
function integerOf(d) {
  if (d.e >= 0) return d.n * 10n ** BigInt(d.e);
  const div = 10n ** BigInt(-d.e);
  return d.n % div === 0n ? d.n / div : void 0;
}

// src/convert/notices.ts
function shortAction(text, a) {
  const source = text.slice(a.start, a.end);
  return oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source);
}
function keptNotice(k, ref) {
  return {
    ...notice("unsupported-alias", k.offset, `${k.path} not stripped: it holds anchor &${k.anchor}, which an alias outside it reads`, ref),
    pending: false
  };
}
function templatedNotice(t, ref, text, reason, apiVersion) {
  const source = text.slice(t.action.start, t.action.end);
  const shown = oneLine(source.length > 60 ? `${source.slice(0, 57)}...` : source);
  const why = t.what === "spec" ? `spec content comes from a template action (${shown})` : `${t.what} is templated (${shown})`;
  const todo = apiVersion ? `the conversion changes only the apiVersion: set apiVersion to ${apiVersion} (the weights stay, as long as they render to integers)` : "convert it by hand";
  const f = notice("templated", t.action.start, `${why}; left unchanged${reason ? ` (${reason})` : ""}: ${todo}`, ref);
  if (t.action.valuesPath && t.what !== "spec" && t.what !== "kind") {
    f.valuesPath = t.action.valuesPath;
    if (t.scalar) {
      const start = t.scalar.start + (t.scalar.quoted ? 1 : 0);
      const end = t.scalar.end - (t.scalar.quoted ? 1 : 0);
      const prefix = text.slice(start, Math.max(start, t.action.start));
      const suffix = text.slice(Math.min(end, t.action.end), end);
      if (prefix || suffix) f.valuesAffix = { prefix, suffix, more: (prefix + suffix).includes("{{") };
    }
  }
  return f;
}
function doneByHand(notices, read, current, o) {
  const templated = read.templated;
  if (!templated?.length || !current || !templated.every((t) => t.what.endsWith(" weight"))) return false;
  const unproved = (t, why) => notices.push(
    notice("templated", t.action.start, `${t.what} is templated (${shortAction(o.text, t.action)}); ${why}: convert it by hand`, o.ref)
  );
  if (!o.opts.chartFiles) {
    const why = "the chart values are not read on this path (stdin, a file of a kustomize tree), so it is not proved to render an integer (the chart given as a path is checked with them)";
    for (const t of templated) unproved(t, why);
    return true;
  }
  const values = o.opts.chartValues;
  if (values && templated.every((t) => t.action.valuesPath && values.has(t.action.valuesPath.join(".")))) return false;
  for (const t of templated) {
    if (!t.action.valuesPath) {
      unproved(t, "its action is not one this run reads from the chart values, so it is not proved to render an integer");
      continue;
    }
    const f = notice("templated", t.action.start, `${t.what} renders from a value (${shortAction(o.text, t.action)})`, o.ref);
    const note = { ...f, severity: "info", pending: false, valuesPath: t.action.valuesPath, valuesDone: true };
    const literals = literalWeights(read);
    if (literals.length) note.valuesLiterals = literals;
    const prefix = t.scalar ? o.text.slice(t.scalar.start, Math.max(t.scalar.start, t.action.start)) : "";
    const suffix = t.scalar ? o.text.slice(Math.min(t.scalar.end, t.action.end), t.scalar.end) : "";
    if (prefix || suffix) note.valuesAffix = { prefix, suffix, more: (prefix + suffix).includes("{{") };
    notices.push(note);
  }
  return true;
}
function apiVersionOnly2(kind, from, to) {
  if (kind.kind !== "TrafficSplit" || to === void 0) return void 0;
  const [i, j] = [SPLIT_VERSIONS.indexOf(from), SPLIT_VERSIONS.indexOf(to)];
  if (i < 0 || j <= i) return void 0;
  return HOPS.slice(i, j).some((h) => h.weights) ? void 0 : `${kind.group}/${to}`;
}
function nestedNotice({ offset, map, path, why }) {
  return notice(
    "templated",
    offset,
    `nested at ${path} (a manifest inside a value, such as Helm values rendered with toYaml)${why ? `: ${why}` : ""}; left unchanged: ${why ? "fix" : "convert"} it by hand`,
    objectRef(map, "TrafficSplit")
  );
}
function oneLine(s) {
  if (!s.includes("\n")) return s;
  const lines = s.split("\n");
  return lines.map((l, i) => i > 0 ? l.trimStart() : l).map((l, i) => i < lines.length - 1 ? l.trimEnd() : l).join(" ");
}
function notice(code, offset, message, object) {
  return { severity: "warning", code, message: `${describeObject(object)}: ${message}`, offset, object, pending: true };
}

// src/convert/marking.ts
function markingAction(map, kind, opts, template, older) {
  if (!opts.chartSuppression || opts.noIgnore || kind.kind !== "TrafficSplit" || !older) return void 0;
  const a = template.actions.length ? templatedAnnotations(map, template.actions, template.original) : void 0;
  if (!a) return void 0;
  return notice(
    "templated",
    a.start,
    `its annotations may come from a template action (${shortAction(template.original, a)}), and ${opts.chartSuppression} spells smi-migrate.io/ignore: what it renders may suppress the object; left unchanged: write the annotation in the template as text, or keep it out of the values (--no-ignore converts the object)`,
    objectRef(map, kind.kind)
  );
}

// src/convert/list-items.ts
function refuseItems(out, items, deref, listKind, converts) {
  if (!items.map(deref).some((i) => isObjectNode(i) && converts(i))) return false;
  let refused = false;
  for (const node of items) {
    const item = deref(node);
    const shape = itemShape(item);
    const why = shape === "object" ? kindless(item, deref) : shape === "null" ? void 0 : `is a ${shape}, not an object: kubectl cannot decode the List, and applies none of its items`;
    if (!why) continue;
    refused = true;
    out.notices.push({
      severity: "error",
      code: "invalid-structure",
      offset: offsetOf(node),
      message: `an item of this ${listKind} ${why}; left unchanged`
    });
  }
  if (refused) out.views = out.views.filter((v) => !v.list);
  return refused;
}
function kindless(item, deref) {
  const value = (key) => stringValue(deref(pairOf(item, key, deref)?.value)) ?? "";
  if (value("kind") !== "" || value("apiVersion") === "") return void 0;
  return `has an apiVersion and no kind: kubectl cannot decode it ("Object 'Kind' is missing") and fails the file; write its kind`;
}
function elsewhereItems(root, listKind, deref) {
  const found = keyOf(root, "items", deref);
  const items = sequenceItems(deref(found?.pair.value));
  if (!found || !items) return [];
  const at = found.via ?? found.pair.value;
  const how = found.via ? "through the merge key (<<)" : "through an alias";
  return items.flatMap((item) => {
    const map = deref(item);
    const kind = isObjectNode(map) ? kindNamed(stringValue(deref(pairOf(map, "kind", deref)?.value))) : void 0;
    if (!kind) return [];
    const ref = objectRef(map, kind.kind);
    return [
      notice(
        "unsupported-alias",
        offsetOf(at),
        `an item of ${listKind || "a List"} whose items come ${how}; write the items out to convert it`,
        ref
      )
    ];
  });
}

// src/convert/locate.ts
var ObjectNodes = class {
  constructor(map, text) {
    this.map = map;
    this.text = text;
  }
  map;
  text;
  layout = () => mapLayout(this.nodes(), this.text);
  unmovable = () => anchored(this.nodes());
  release() {
    this.map = void 0;
  }
  nodes() {
    if (!this.map) throw new Error("internal error: a view read after it was planned");
    return this.map;
  }
};
function templatedItem(item, kind) {
  return { code: "templated", offset: offsetOf(item), message: `${describeObject(objectRef(item, kind.kind))} is templated` };
}
function splitGoal(opts) {
  return opts.target?.plugin.replaces["TrafficSplit"] ? "replaced" : splitVersion(opts);
}
function locateObjects(doc, text, opts, template) {
  const out = { views: [], notices: [], release: [], facts: [] };
  const actions = template?.actions ?? [];
  const original = template?.original ?? text;
  if (template) unmaskNames(doc, template);
  const root = doc.contents;
  out.notices.push(...nestedSplits(doc, text, splitGoal(opts), opts.item).map(nestedNotice));
  if (!isMap(root)) return out;
  const aliases = new AliasIndex(doc, text);
  const ctx = { text, doc, aliases };
  const suppressions = opts.noIgnore ? void 0 : DocumentSuppressions.of(original, doc, aliases.derefer, actions);
  const skip = skipper(suppressions?.read, out, (k) => isActive(k, opts) || !!opts.target?.plugin.replaces[k.kind], "TrafficSplit");
  const add = (map, kind, api) => {
    const source = { masked: text, original, root: map === root };
    const read = kind.read(map, { ...ctx, ...actions.length ? { template: { actions, ...source } } : {} });
    const ref = objectRef(map, kind.kind);
    const version = api ? api.version : listView?.version ?? "";
    if (read.templated && doneByHand(out.notices, read, !olderThanTarget(kind, version, opts), { ref, text: original, opts })) return;
    const left = read.templated?.length ? withValueWeights(read, original, opts.chartValues) : void 0;
    if (left) {
      const only = read.templated.every((t) => t.what.endsWith(" weight")) && !opts.target?.plugin.replaces[kind.kind];
      const wanting = only ? apiVersionOnly2(kind, version, versionFor(kind, opts)) : void 0;
      return void out.notices.push(...left.map(([t, why]) => templatedNotice(t, ref, original, why, wanting)));
    }
    const nodes = new ObjectNodes(map, text);
    out.release.push(nodes);
    const view = { kind, offset: offsetOf(map), ref, version, layout: nodes.layout, data: read.data };
    if (api) view.apiVersion = api.scalar;
    if (api?.problem ?? read.problem) view.problem = api?.problem ?? read.problem;
    if (actions.length) markTemplated(view, map, actions, source, original);
    if (map !== root || opts.item !== void 0) view.item = true;
    view.unmovable = nodes.unmovable;
    if (opts.stripServerFields) view.strip = serverFieldRemovals(map, text, (k) => out.notices.push(keptNotice(k, ref)));
    out.views.push(view);
    return view;
  };
  const deref = aliases.derefer;
  let listView;
  const hasItems = opts.item === void 0 && pairOf(root, "items", deref) !== void 0;
  const reading = listReading(hasItems, hasItems ? valueAt(root, "kind", aliases) : void 0);
  if (reading === "refused") return out;
  if (reading === "list") {
    const kind = valueAt(root, "kind", aliases);
    const listOf = kindNamed(listItemKind(kind));
    const listVersion = listOf ? readApiVersion(root, text, out, listOf, kind, opts, aliases) : void 0;
    const items = root.get("items", true);
    if (listOf && listVersion && "version" in listVersion && isSeq(items)) {
      listView = listViewOf(root, text, listOf, kind.endsWith("List") ? kind : `${kind} List`, listVersion);
      out.views.push(listView);
    }
    const strip = opts.stripServerFields && kind !== "ResourceList";
    if (strip) out.listStrip = serverFieldRemovals(root, text, (k) => out.notices.push(keptNotice(k, { kind })));
    if (!isSeq(items)) {
      out.notices.push(...elsewhereItems(root, kind, deref));
      return out;
    }
    suppressions?.listOf(root, items.items.filter(isMap));
    if (refuseItems(out, items.items, deref, kind, (m) => !!listOf || !!kindNamed(valueAt(m, "kind", aliases)))) return out;
    for (const item of items.items.map(deref)) {
      if (!isMap(item)) continue;
      const inherited = listOf && listView && !valueAt(item, "apiVersion", aliases) && !valueAt(item, "kind", aliases);
      if (inherited && skip(item, listOf))
        listView.heldBack = heldBySuppression({ ref: objectRef(item, listOf.kind), offset: offsetOf(item) });
      else if (inherited) {
        const view = add(item, listOf, void 0);
        if (view) view.inheritsFrom = listView;
        else listView.heldBack = templatedItem(item, listOf);
      } else {
        readObject(item, text, out, add, opts, template, aliases, skip);
      }
    }
    return out;
  }
  readObject(root, text, out, add, opts, template, aliases, skip);
  return out;
}
function listViewOf(root, text, kind, listKind, api) {
  const view = {
    kind,
    list: true,
    offset: offsetOf(root),
    ref: { kind: listKind },
    version: api.version,
    apiVersion: api.scalar,
    layout: () => mapLayout(root, text),
    data: void 0
  };
  if (api.problem) view.problem = api.problem;
  return view;
}
function readObject(map, text, out, add, opts, template, aliases, skip) {
  const kindName = valueAt(map, "kind", aliases);
  if (kindName === "CustomResourceDefinition") return void out.notices.push(...crdNotices(map, opts));
  const kind = kindNamed(kindName);
  if (!kind) {
    const templated2 = template ? templatedKind(map, template.actions, template.original, template.to) : void 0;
    if (templated2 && !skip(map, void 0)) out.notices.push(templatedNotice(templated2, objectRef(map, "TrafficSplit"), template.original));
    return;
  }
  if (skip(map, kind)) return;
  const templated = template ? templatedApiVersion(map, template.actions) : void 0;
  if (templated) {
    if (isActive(kind, opts)) out.notices.push(templatedNotice(templated, objectRef(map, kind.kind), template.original));
    return;
  }
  const api = readApiVersion(map, text, out, kind, kind.kind, opts, aliases);
  if (!api || !("version" in api)) return;
  const marking = template && markingAction(map, kind, opts, template, olderThanTarget(kind, api.version, opts));
  return void (marking ? out.notices.push(marking) : add(map, kind, api));
}
function isActive(kind, opts) {
  return versionFor(kind, opts) !== void 0;
}
function olderThanTarget(kind, version, opts) {
  if (opts.target?.plugin.replaces[kind.kind]) return true;
  const to = versionFor(kind, opts);
  return to !== void 0 && kind.versions.indexOf(version) < kind.versions.indexOf(to);
}
function crdNotices(map, opts) {
  const spec = map.get("spec", true);
  if (!isMap(spec)) return [];
  const names = spec.get("names", true);
  const kind = kindNamed(isMap(names) ? stringAt(names, "kind") : void 0);
  if (!kind || stringAt(spec, "group") !== kind.group || !isActive(kind, opts)) return [];
  const to = versionFor(kind, opts);
  const versions = spec.get("versions", true);
  const served = [];
  if (isSeq(versions)) {
    for (const v of versions.items) {
      const name2 = isMap(v) ? stringAt(v, "name") : void 0;
      const flag = isMap(v) ? v.get("served") : void 0;
      if (name2 !== void 0 && flag !== false) served.push(name2);
    }
  }
  const single = stringAt(spec, "version");
  if (single !== void 0 && !served.includes(single)) served.push(single);
  if (served.length === 0 || served.includes(to)) return [];
  const at = isSeq(versions) ? versions : spec.get("version", true);
  const name = objectRef(map, "CustomResourceDefinition").name ?? kind.kind;
  return [
    {
      severity: "warning",
      code: "crd-not-served",
      offset: at ? offsetOf(at) : offsetOf(map),
      object: { kind: "CustomResourceDefinition", name },
      message: `CustomResourceDefinition ${name} serves ${served.join(", ")}, not ${to}, the ${kind.kind} version this run writes (${flagOf(kind)} ${to}): a cluster with this CRD rejects the converted objects; serve ${to} in it, or pick a version it serves`
    }
  ];
}
function markTemplated(view, map, actions, source, original) {
  const generated = templatedContent(map, actions, source) ?? controlLine(map, actions);
  if (generated)
    view.templated = {
      code: "templated",
      offset: generated.start,
      message: `content comes from a template action (${shortAction(original, generated)})`
    };
  const inside = actionWithin(actions, map.range?.[0] ?? 0, map.range?.[1] ?? 0);
  if (inside)
    view.action = {
      code: "templated",
      offset: inside.start,
      message: `a template action writes part of it (${shortAction(original, inside)})`
    };
}
function controlLine(map, actions) {
  const [start, end] = map.range ?? [0, 0];
  const meta = map.items.find((p) => isScalar(p.key) && p.key.value === "metadata");
  const metaStart = meta?.key?.range?.[0] ?? -1;
  const metaEnd = meta?.value?.range?.[2] ?? -1;
  return actions.find(
    (a) => a.standalone && !a.inDefine && a.start >= start && a.start < end && !(a.start >= metaStart && a.start < metaEnd)
  );
}
function anchored(map) {
  let found;
  visit(map, {
    Node: (_key, node) => {
      if (isAlias(node) || node.anchor) {
        found = node;
        return visit.BREAK;
      }
      return void 0;
    }
  });
  if (!found) return void 0;
  return {
    code: "unsupported-alias",
    offset: found.range?.[0] ?? offsetOf(map),
    message: "holds anchors or aliases, which moving its keys could make read something else; write them out to convert it"
  };
}
function unmaskNames(doc, template) {
  visit(doc, {
    Pair: (_key, pair) => {
      const k = isScalar(pair.key) ? pair.key.value : void 0;
      if (k !== "name" && k !== "namespace" || !isScalar(pair.value) || !pair.value.range) return;
      const [start, end] = pair.value.range;
      if (!actionWithin(template.actions, start, end)) return;
      const last = Math.max(end, ...template.actions.filter((a) => a.start < end && a.end > start).map((a) => a.end));
      const lineEnd2 = last > end ? template.original.indexOf("\n", last) : -1;
      pair.value.value = oneLine(template.original.slice(start, lineEnd2 < 0 ? last : lineEnd2).trimEnd());
    }
  });
}
function valueAt(map, key, aliases) {
  const node = aliases.deref(pairOf(map, key, aliases.derefer)?.value);
  return isScalar(node) && typeof node.value === "string" ? node.value : void 0;
}
function readApiVersion(map, text, out, kind, kindName, opts, aliases) {
  const key = keyOf(map, "apiVersion", aliases.derefer);
  const written = key?.pair.value;
  const node = aliases.deref(written);
  const ref = objectRef(map, kindName);
  const active = isActive(kind, opts);
  if (node === void 0 || isScalar(node) && (node.value === "" || node.value === null)) {
    if (kind.noApiVersion && active) {
      out.notices.push(
        notice(
          "no-api-version",
          offsetOf(map),
          `no apiVersion; left unchanged: add "apiVersion: ${kind.group}/${kind.versions[0]}" (or the version it is) to convert it`,
          ref
        )
      );
    }
    return { skipped: true };
  }
  if (!isScalar(node)) return void 0;
  const value = String(node.value);
  const slash = value.indexOf("/");
  const group = slash < 0 ? "" : value.slice(0, slash);
  const version = value.slice(slash + 1);
  if (group !== kind.group) {
    if (active && isNearMiss(group, kind.group)) {
      out.notices.push(
        notice(
          "near-miss-group",
          offsetOf(node),
          `apiVersion group "${group}" is not "${kind.group}"; left unchanged (fix the group to convert it)`,
          ref
        )
      );
    }
    return void 0;
  }
  if (!kind.versions.includes(version)) {
    if (active) {
      out.notices.push(
        notice(
          "unknown-version",
          offsetOf(node),
          `unknown ${kindName} version "${version}" left unchanged (known: ${kind.versions.join(", ")})`,
          ref
        )
      );
    }
    return void 0;
  }
  const merged = throughMerge(map, aliases);
  if (merged) return { version, scalar: scalarRef(node, text), problem: merged };
  if (isAlias(written)) {
    const [start, end] = written.range;
    const alias = { version, scalar: { style: "PLAIN", value, raw: text.slice(start, end), start, end } };
    if (aliases.isAnchoredApiVersion(node))
      alias.problem = {
        code: "unsupported-alias",
        offset: start,
        message: `its apiVersion is alias *${written.source} of another apiVersion, which cannot move without changing this one; write both literally`
      };
    return alias;
  }
  const found = { version, scalar: scalarRef(node, text) };
  if (node.anchor && aliases.isAliased(node))
    found.problem = {
      code: "unsupported-alias",
      offset: offsetOf(node),
      message: `its apiVersion is anchor &${node.anchor}, which an alias elsewhere reads: moving it would change that value too; write the apiVersion literally`
    };
  return found;
}
function throughMerge(map, aliases) {
  const merged = identityThroughMerge(map, aliases.derefer);
  if (!merged) return void 0;
  return {
    code: "unsupported-alias",
    offset: offsetOf(merged.via),
    message: `its ${merged.key} ${MERGED_IDENTITY}; write kind and apiVersion out`
  };
}

// src/yaml/existing.ts
function replaceExisting(text, wanted) {
  const found = /* @__PURE__ */ new Map();
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue;
    const root = parsed.doc.contents;
    if (!isMap(root)) continue;
    const items = root.get("items", true);
    const reading = listReading(root.has("items"), scalar(root, "kind"));
    const list = reading !== "object";
    const maps = !list ? [root] : reading === "list" && isSeq(items) ? items.items.filter(isMap) : [];
    for (const map of maps) {
      const w = wanted.find((x) => matches(map, x));
      if (w) found.set(w, { map, item: list });
    }
  }
  return wanted.map((w) => {
    const at = found.get(w);
    if (!at) return void 0;
    const [offset, end] = at.map.range ?? [0, 0];
    if (text.slice(offset, end).includes("{{")) return { refused: "holds a template action", offset };
    const placed = replaceObject(text, mapLayout(at.map, text), at.item, [w.object], false);
    return "refused" in placed ? { refused: placed.refused, offset } : { edit: placed.edit, offset };
  });
}
function matches(map, w) {
  if (scalar(map, "kind") !== w.kind) return false;
  const meta = map.get("metadata", true);
  if (!isMap(meta)) return false;
  return scalar(meta, "name") === w.name && (scalar(meta, "namespace") ?? void 0) === w.namespace;
}
function scalar(map, key) {
  const v = map.get(key, true);
  return isScalar(v) && typeof v.value === "string" ? v.value : void 0;
}

// src/convert/text.ts
var CAPABILITIES = /\.Capabilities\.APIVersions\.Has\s+"split\.smi-spec\.io\//;
var SMI_GROUP = /(?:split|specs|access)\.smi-spec\.io\//;
function convertSegment(text, given, item) {
  const opts = withVersions(given);
  const result = { edits: [], findings: [], objects: [], claims: [] };
  if (onlyIdleKinds(text, opts)) return result;
  const masked = maskTemplate(text);
  const source = masked?.text ?? text;
  const actions = masked?.actions ?? [];
  const defined = masked?.defines.length ? definedSplits(text, masked.defines, splitGoal(opts)) : [];
  let regionStart = 0;
  const docs = (masked ? void 0 : fastDocuments(source, opts)) ?? parseDocuments(source);
  const pending = opts.target ? /* @__PURE__ */ new Map() : void 0;
  for (const [i, parsed] of docs.entries()) {
    const mine = actions.length ? actions.filter((a) => a.start >= regionStart && a.start < parsed.end) : actions;
    regionStart = parsed.end;
    while (defined[0] && defined[0].offset < parsed.end) result.findings.push(definedNotice(defined.shift()));
    const capability = mine.find((a) => CAPABILITIES.test(text.slice(a.start, a.end)));
    if (capability) {
      result.findings.push({
        severity: "warning",
        code: "templated",
        offset: capability.start,
        pending: true,
        message: `the chart chooses the TrafficSplit apiVersion with ${oneLine2(text.slice(capability.start, capability.end))}; left unchanged: update the condition and the TrafficSplits it guards by hand`
      });
      continue;
    }
    if (parsed.error) {
      const end = docs[i + 1]?.start ?? text.length;
      const mentioned = activeKindIn(text.slice(parsed.start, Math.max(parsed.end, end)), opts);
      const branches = mentioned && parsed.error.message.endsWith("(DUPLICATE_KEY)") ? keyInBranches(source, parsed.error.offset, mine) : void 0;
      if (branches) {
        result.findings.push({
          severity: "warning",
          code: "templated",
          offset: parsed.error.offset,
          pending: true,
          message: `${mentioned}: ${branches.key} is templated (written in each branch of a condition: ${oneLine2(text.slice(branches.action.start, branches.action.end))}); left unchanged: convert every branch by hand`
        });
      } else if (mentioned) {
        const templated = mine.length ? " (after masking its template actions)" : "";
        result.findings.push({
          severity: "error",
          code: "invalid-yaml",
          offset: parsed.error.offset,
          message: `invalid YAML${templated} in a document that mentions ${mentioned}: ${parsed.error.message}`
        });
      }
      continue;
    }
    const located = locateObjects(
      parsed.doc,
      source,
      // Object.assign: a spread of the options cost microseconds an item of a List on Node 20.
      item === void 0 ? opts : Object.assign({}, opts, { item }),
      mine.length ? { actions: mine, original: text, to: splitVersion(opts) } : void 0
    );
    const kept = (all) => keepingActions(mine, text, all);
    const planned = planObjects(located.views, text, opts, pending);
    const cut = mine.length ? actionCut(planned.edits, kept) : void 0;
    const plan = cut ? leftAlone(planned, cut) : planned;
    for (const n of located.release) n.release();
    for (const f of located.notices) result.findings.push(f);
    for (const f of plan.findings) result.findings.push(f);
    for (const o of plan.objects) result.objects.push(o);
    for (const o of located.facts) result.objects.push(o);
    for (const c of plan.claims) result.claims.push(c);
    if (plan.rewrites) (result.rewrites ??= []).push(...plan.rewrites);
    if (plan.valuesWrites) (result.valuesWrites ??= []).push(...plan.valuesWrites);
    const stripList = located.listStrip && plan.edits.length > 0;
    const edits = stripList ? [...plan.edits, ...located.listStrip] : plan.edits;
    for (const e of kept(edits)) result.edits.push(e);
    if (located.listStrip?.length && !stripList) (result.listStrip ??= []).push(...kept(located.listStrip));
  }
  for (const d of defined) result.findings.push(definedNotice(d));
  return result;
}
function onlyIdleKinds(text, opts) {
  const idle = (k) => k.replacedOnly === true && !opts.target?.plugin.replaces[k.kind];
  let idleNamed = false;
  for (const k of KINDS) if (idle(k) && text.includes(k.kind)) idleNamed = true;
  if (!idleNamed) return false;
  for (const k of KINDS) if (!idle(k) && text.includes(k.kind)) return false;
  return !SMI_GROUP.test(text);
}
function activeKindIn(text, opts) {
  const active = KINDS.filter((k) => versionFor(k, opts) !== void 0 || opts.target?.plugin.replaces[k.kind] !== void 0);
  let first;
  for (const k of active) {
    const at = text.indexOf(k.kind);
    if (at >= 0 && (!first || at < first.at)) first = { kind: k.kind, at };
  }
  return first?.kind ?? active.find((k) => spells(text, k.kind))?.kind;
}
function definedNotice(d) {
  const version = d.apiVersion ? ` (${oneLine2(d.apiVersion)})` : "";
  return {
    severity: "warning",
    code: "templated",
    offset: d.offset,
    pending: true,
    object: { kind: "TrafficSplit" },
    message: `TrafficSplit${version} in {{ define "${d.define.name}" }}: ${d.why ? `${d.why}; ` : ""}a named template renders where it is included; left unchanged: ${d.why ? "check" : "convert"} it by hand`
  };
}
function keepingActions(actions, text, all) {
  return actions.length ? all.filter((e) => !overlaps(actions, e, text) || carried(actions, e, text, all)) : all;
}
function actionCut(planned, kept) {
  const keep = kept(planned);
  const cut = planned.find((e) => !keep.includes(e));
  if (!cut) return void 0;
  return {
    severity: "warning",
    code: "templated",
    offset: cut.start,
    pending: true,
    message: "a template action runs across lines this conversion moves or rewrites; left unchanged: convert it by hand"
  };
}
function leftAlone(plan, why) {
  const conversion = /* @__PURE__ */ new Set(["converted", "repaired", "patch-converted"]);
  return {
    edits: [],
    findings: [...plan.findings.filter((f) => !conversion.has(f.code)), why],
    objects: plan.objects.map((o) => ({ ...o, version: o.before, needs: o.needsBefore })),
    claims: []
  };
}
function overlaps(actions, e, text) {
  return actions.some(
    (a) => a.start < Math.max(e.end, e.start + 1) && a.end > e.start && !(a.start >= e.start && a.end <= e.end && e.text.includes(text.slice(a.start, a.end)))
  );
}
function carried(actions, e, text, edits) {
  const inside = actions.filter((a) => a.start < Math.max(e.end, e.start + 1) && a.end > e.start);
  if (inside.some((a) => a.start < e.start || a.end > e.end)) return false;
  return inside.every((a) => {
    const action = text.slice(a.start, a.end);
    const removed = edits.reduce((n, x) => n + occurrences(text.slice(x.start, x.end), action), 0);
    const written = edits.reduce((n, x) => n + occurrences(x.text, action), 0);
    return written >= removed && edits.some((x) => x !== e && x.text.includes(action));
  });
}
function occurrences(haystack, needle) {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}
function oneLine2(s) {
  const flat = s.replace(/\s+/g, " ");
  return flat.length > 80 ? `${flat.slice(0, 77)}...` : flat;
}

export {
  trafficSplit,
  weightsOf,
  KINDS,
  kindNamed,
  stepsBetween,
  locateObjects,
  replaceExisting,
  convertSegment
};
