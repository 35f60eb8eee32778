import {
  parseDocuments
} from "./chunk-HSZGHT4U.js";
import {
  lineStart
} from "./chunk-X3GTPCZH.js";

// src/yaml/template.ts
var CONTROL = /^(?:if|else|end|range|with|define|break|continue)\b/;
var OPENER = /^(?:if|range|with|define|block)\b/;
var DEFINE = /^define\s+(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`)/;
var ASSIGNMENT = /^\$[A-Za-z0-9_]*\s*:?=/;
var VALUES_PATH = /^\{\{-?\s*\.Values((?:\.[A-Za-z_][A-Za-z0-9_]*)+)\s*-?\}\}$/;
function maskTemplate(text) {
  if (!text.includes("{{")) return void 0;
  const actions = [];
  for (let at = text.indexOf("{{"); at >= 0; at = text.indexOf("{{", at)) {
    const end = actionEnd(text, at + 2);
    if (end < 0) break;
    actions.push(describe(text, at, end));
    at = end;
  }
  if (actions.length === 0) return void 0;
  markStandalone(text, actions);
  const out = text.split("");
  for (const a of actions) {
    if (a.standalone) maskComment(out, a.start, a.end);
    else maskInline(out, a.start, a.end);
  }
  const defines = findDefines(text, actions);
  for (const d of defines) maskComment(out, d.start, d.end);
  return { text: out.join(""), actions, defines };
}
function maskComment(out, start, end) {
  let lineHead = true;
  for (let i = start; i < end; i++) {
    const c = out[i];
    if (c === "\n") {
      lineHead = true;
      continue;
    }
    if (c === "\r" && out[i + 1] === "\n") continue;
    if (lineHead && (c === " " || c === "	")) continue;
    out[i] = lineHead ? "#" : " ";
    lineHead = false;
  }
}
function maskInline(out, start, end) {
  let first = true;
  let i = start;
  for (; i < end; i++) {
    const c = out[i];
    if (c === "\n") {
      first = false;
      continue;
    }
    if (c === "\r" && out[i + 1] === "\n") continue;
    out[i] = first ? "x" : " ";
  }
  if (first) return;
  for (; i < out.length && out[i] !== "\n" && !(out[i] === "\r" && out[i + 1] === "\n"); i++) out[i] = " ";
}
function findDefines(text, actions) {
  const defines = [];
  for (let i = 0; i < actions.length; i++) {
    const name = DEFINE.exec(bodyOf(text, actions[i]));
    if (!name) continue;
    let depth = 1;
    let j = i + 1;
    for (; j < actions.length && depth > 0; j++) {
      const body = bodyOf(text, actions[j]);
      if (OPENER.test(body)) depth++;
      else if (/^end\b/.test(body)) depth--;
      if (depth > 0) actions[j].inDefine = true;
    }
    const closed = depth === 0;
    const last = closed ? actions[j - 1] : void 0;
    if (last) last.inDefine = true;
    actions[i].inDefine = true;
    defines.push({ name: name[1] ?? name[2] ?? "", start: actions[i].start, bodyStart: actions[i].end, end: last ? last.end : text.length });
    i = closed ? j - 1 : actions.length;
  }
  return defines;
}
function bodyOf(text, a) {
  return text.slice(skipTrim(text, a.start + 2), a.end);
}
function actionEnd(text, from) {
  let i = from;
  if (text.startsWith("/*", skipTrim(text, i))) {
    const close = text.indexOf("*/", i);
    if (close < 0) return -1;
    i = close + 2;
  }
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") {
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i++;
    } else if (c === "`") {
      const close = text.indexOf("`", i + 1);
      if (close < 0) return -1;
      i = close + 1;
    } else if (c === "}" && text[i + 1] === "}") {
      return i + 2;
    } else {
      i++;
    }
  }
  return -1;
}
function skipTrim(text, i) {
  let j = i;
  if (text[j] === "-" && /\s/.test(text[j + 1] ?? "")) j++;
  while (/[ \t\r\n]/.test(text[j] ?? "")) j++;
  return j;
}
function describe(text, start, end) {
  const source = text.slice(start, end);
  const body = text.slice(skipTrim(text, start + 2), end);
  const output = !(body.startsWith("/*") || CONTROL.test(body) || ASSIGNMENT.test(body));
  const action = { start, end, standalone: false, output };
  const path = VALUES_PATH.exec(source);
  if (path) action.valuesPath = path[1].slice(1).split(".");
  return action;
}
function markStandalone(text, actions) {
  let i = 0;
  while (i < actions.length) {
    const first = lineStart(text, actions[i].start);
    let j = i;
    let pos = first;
    let alone = true;
    for (; ; ) {
      const a = actions[j];
      if (text.slice(pos, a.start).trim() !== "") alone = false;
      pos = a.end;
      const next = actions[j + 1];
      const eol = text.indexOf("\n", pos);
      const lineEnd = eol < 0 ? text.length : eol;
      if (next && next.start < lineEnd) {
        j++;
        continue;
      }
      if (text.slice(pos, lineEnd).trim() !== "") alone = false;
      break;
    }
    for (let k = i; k <= j; k++) actions[k].standalone = alone;
    i = j + 1;
  }
}
function actionWithin(actions, start, end) {
  return actions.find((a) => a.start < end && a.end > start);
}

// src/yaml/plain.ts
function plainObjects(text) {
  const source = maskTemplate(text)?.text ?? text;
  const out = [];
  for (const parsed of parseDocuments(source)) {
    if (parsed.error) continue;
    let data;
    try {
      data = parsed.doc.toJS({ maxAliasCount: 1e3 });
    } catch {
      continue;
    }
    if (!isRecord(data)) continue;
    const items = typeof data.kind === "string" && data.kind.endsWith("List") && Array.isArray(data.items) ? data.items : [data];
    for (const item of items) if (isRecord(item)) out.push(item);
  }
  return out;
}
function isRecord(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

// src/gateway/facts.ts
var GENERATOR = "gateway.networking.k8s.io/generator";
var NEEDLES = ["Service", "HTTPRouteGroup", "Route"];
var ROUTE_GROUPS = /^(gateway\.networking\.k8s\.io|policy\.linkerd\.io)\//;
var ROUTE_KINDS = /* @__PURE__ */ new Set(["HTTPRoute", "GRPCRoute", "TCPRoute", "TLSRoute", "UDPRoute"]);
function emptyFacts() {
  return { services: /* @__PURE__ */ new Map(), routeGroups: /* @__PURE__ */ new Map(), routes: /* @__PURE__ */ new Map(), noted: /* @__PURE__ */ new Set(), written: /* @__PURE__ */ new Map() };
}
function factKey(namespace, name) {
  return `${namespace ?? ""}/${name}`;
}
function collectFacts(documents) {
  const facts = emptyFacts();
  const services = [];
  const wanted = /* @__PURE__ */ new Set();
  let filter = true;
  for (const text of documents) {
    if (text.includes("TrafficSplit")) {
      const values = [...text.matchAll(SERVICE_VALUE)];
      if (UNPLAIN.test(text) || values.length !== [...text.matchAll(SERVICE_KEY)].length) filter = false;
      for (const m of values) wanted.add(m[1].split(".")[0]);
    }
    if (!NEEDLES.some((n) => text.includes(n))) continue;
    if (text.includes("HTTPRouteGroup") || ROUTE_KIND.test(text)) add(text, facts);
    else if (text.includes("Service")) services.push(text);
  }
  for (const text of services) {
    if (!filter || UNPLAIN.test(text) || [...text.matchAll(NAME_VALUE)].some((m) => wanted.has(m[1]))) add(text, facts);
  }
  return facts;
}
var UNPLAIN = /[\\&*]|<<|\{\{/;
var SERVICE_VALUE = /["']?service["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g;
var SERVICE_KEY = /["']?service["']?[ \t]*:/g;
var NAME_VALUE = /["']?name["']?[ \t]*:[ \t]*["']?([^\s"',}#]+)/g;
var ROUTE_KIND = /HTTPRoute|GRPCRoute|TCPRoute|TLSRoute|UDPRoute/;
function add(text, facts) {
  for (const object of plainObjects(text)) addObject(object, facts);
}
function addObject(object, facts) {
  const { kind, apiVersion } = object;
  if (typeof kind !== "string" || typeof apiVersion !== "string") return;
  const meta = record(object.metadata);
  const name = meta?.name;
  if (typeof name !== "string") return;
  const key = factKey(typeof meta?.namespace === "string" ? meta.namespace : void 0, name);
  if (kind === "Service" && apiVersion === "v1") {
    const spec = record(object.spec) ?? {};
    const ports = Array.isArray(spec.ports) ? spec.ports.map(record).filter((p) => p !== void 0) : [];
    const opaque = record(meta?.annotations)?.["config.linkerd.io/opaque-ports"];
    facts.services.set(key, {
      ...typeof spec.type === "string" ? { type: spec.type } : {},
      ...typeof spec.clusterIP === "string" ? { clusterIP: spec.clusterIP } : {},
      ports: ports.map((p) => ({
        port: portNumber(p.port),
        ...typeof p.name === "string" ? { name: p.name } : {},
        ...typeof p.appProtocol === "string" ? { appProtocol: p.appProtocol } : {},
        ...typeof p.protocol === "string" ? { protocol: p.protocol } : {}
      })),
      ...typeof opaque === "string" ? { opaquePorts: opaque } : {}
    });
  } else if (kind === "HTTPRouteGroup" && apiVersion.startsWith("specs.smi-spec.io/")) {
    const matches = record(object.spec)?.matches ?? object.matches;
    facts.routeGroups.set(key, { matches: Array.isArray(matches) ? matches : [] });
  } else if (ROUTE_KINDS.has(kind) && ROUTE_GROUPS.test(apiVersion)) {
    const generator = record(meta?.annotations)?.[GENERATOR];
    facts.routes.set(routeKey(kind, key), { kind, generated: typeof generator === "string" && generator.startsWith("smi-migrate") });
  }
}
function record(v) {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? v : void 0;
}
function routeKey(kind, key) {
  return `${kind} ${key}`;
}
function portNumber(v) {
  if (typeof v === "number") return v;
  if (typeof v !== "string") return NaN;
  const s = (v.startsWith("+") ? v.slice(1) : v).split("_").join("");
  if (/^0[0-7]+$/.test(s)) return parseInt(s, 8);
  if (/^(0|[1-9][0-9]*)$/.test(s)) return Number(s);
  if (/^0x[0-9a-fA-F]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^0b[01]+$/.test(s)) return parseInt(s.slice(2), 2);
  return NaN;
}

export {
  maskTemplate,
  actionWithin,
  GENERATOR,
  emptyFacts,
  factKey,
  collectFacts,
  routeKey,
  portNumber
};
