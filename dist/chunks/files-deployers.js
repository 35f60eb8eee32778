import {
  worldOf
} from "./shared-c787c7c747.js";
import "./shared-bef482e313.js";
import "./shared-e4bc5d0e5f.js";
import "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import {
  DEPLOY_API_PREFIXES,
  KustomizationMentions,
  TEMPLATED_GROUP,
  mayNameDeployGroup,
  templatedDeployKind
} from "./shared-821ef2b024.js";
import "./shared-e7246e960e.js";
import {
  leftUnchanged
} from "./shared-63797b09e0.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";
import {
  DocumentSplitter,
  mentionsAny
} from "./shared-f775291102.js";
import {
  parseDocuments
} from "./shared-75891b8258.js";
import {
  maskTemplate
} from "./shared-29334cf685.js";
import "./shared-52d6f9d52b.js";
import {
  isMap,
  isScalar,
  isSeq
} from "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-051a59df81.js";

// src/files/deployers.ts
import { existsSync as existsSync4, lstatSync, readFileSync as readFileSync4, realpathSync } from "node:fs";
import { basename as basename3, dirname as dirname4, isAbsolute, join as join4, relative, resolve, sep } from "node:path";

// src/yaml/masked-read.ts
function readMasked(text) {
  const m = maskTemplate(text);
  if (!m) return void 0;
  const docs = parseDocuments(m.text, { merge: true });
  const actions = m.actions.map((a) => {
    const placed = {
      start: a.start,
      end: a.end,
      body: text.slice(a.start, a.end),
      standalone: a.standalone,
      output: a.output,
      inDefine: a.inDefine === true,
      joins: a.standalone && text.slice(a.end - 3, a.end) === "-}}" && joinsLines(m.text, a.start, a.end)
    };
    for (const [i, d] of docs.entries()) {
      if (d.error || a.start < d.start || a.start >= d.end) continue;
      const at = locate(d.doc.contents, a.start, []);
      if (at) placed.at = { doc: i, ...at };
    }
    return placed;
  });
  return { docs, actions, defines: m.defines.map((d) => ({ start: d.start, end: d.end })) };
}
function joinsLines(masked, start, end) {
  const before = masked.slice(0, start).split("\n").some((l) => l.trim() !== "" && !l.trim().startsWith("#"));
  const rest = masked.slice(end);
  const content = rest.search(/\S/);
  const lineHead = rest.lastIndexOf("\n", content) + 1;
  return before || content > lineHead && content >= 0;
}
function locate(node, offset, path) {
  if (isMap(node)) {
    for (const p of node.items) {
      const k = p.key;
      const name = isScalar(k) ? String(k.value) : "?";
      if (k?.range && offset >= k.range[0] && offset < k.range[1]) return { path: [...path, name], key: true };
      const found = locate(p.value, offset, [...path, name]);
      if (found) return found;
    }
  } else if (isSeq(node)) {
    for (const [i, item] of node.items.entries()) {
      const found = locate(item, offset, [...path, i]);
      if (found) return found;
    }
  } else if (isScalar(node) && node.range && offset >= node.range[0] && offset < node.range[1]) return { path, key: false };
  return void 0;
}

// src/files/deployer-objects.ts
import { posix } from "node:path";

// src/files/deploy-fields.ts
var HELM_SOURCE = {
  values: "judged",
  valuesObject: "judged",
  valueFiles: "judged",
  parameters: "judged",
  fileParameters: "judged",
  releaseName: "free",
  passCredentials: "free",
  ignoreMissingValueFiles: "free",
  skipCrds: "free",
  skipSchemaValidation: "free",
  skipTests: "free",
  version: "free",
  kubeVersion: "free",
  apiVersions: "free",
  namespace: "free"
};
var KUSTOMIZE_SOURCE = {
  namePrefix: "names",
  nameSuffix: "names",
  namespace: "names",
  commonLabels: "free",
  commonAnnotations: "free",
  commonAnnotationsEnvsubst: "free",
  forceCommonLabels: "free",
  forceCommonAnnotations: "free",
  labelWithoutSelector: "free",
  labelIncludeTemplates: "free",
  images: "free",
  replicas: "free",
  version: "free",
  kubeVersion: "free",
  apiVersions: "free",
  ignoreMissingComponents: "free",
  patches: "judged",
  components: "judged"
};
var ARGO_SOURCE = {
  repoURL: "reach",
  path: "reach",
  chart: "reach",
  ref: "reach",
  targetRevision: "free",
  name: "free",
  helm: HELM_SOURCE,
  kustomize: KUSTOMIZE_SOURCE,
  directory: { recurse: "free", include: "free", exclude: "free", jsonnet: "free" },
  plugin: "judged"
};
var APPLICATION_SPEC = {
  project: "free",
  destination: "free",
  syncPolicy: "free",
  ignoreDifferences: "free",
  info: "free",
  revisionHistoryLimit: "free",
  source: ARGO_SOURCE,
  sources: { list: ARGO_SOURCE }
};
var KUSTOMIZE_PATCHES = {
  patches: "judged",
  patchesJson6902: "judged",
  patchesStrategicMerge: "judged"
};
var FLUX_KUSTOMIZATION_SPEC = {
  path: "reach",
  sourceRef: "reach",
  interval: "free",
  retryInterval: "free",
  timeout: "free",
  prune: "free",
  wait: "free",
  force: "free",
  suspend: "free",
  healthChecks: "free",
  healthCheckExprs: "free",
  dependsOn: "free",
  decryption: "free",
  serviceAccountName: "free",
  kubeConfig: "free",
  deletionPolicy: "free",
  commonMetadata: "free",
  images: "free",
  ignoreMissingComponents: "free",
  validation: "free",
  namePrefix: "names",
  nameSuffix: "names",
  targetNamespace: "names",
  postBuild: "subst",
  components: "judged",
  ...KUSTOMIZE_PATCHES
};
var HELM_RELEASE_SPEC = {
  chart: {
    metadata: "free",
    spec: {
      chart: "reach",
      sourceRef: "reach",
      version: "free",
      interval: "free",
      reconcileStrategy: "free",
      verify: "free",
      ignoreMissingValuesFiles: "free",
      valuesFiles: "judged",
      valuesFile: "judged"
    }
  },
  chartRef: "reach",
  values: "judged",
  valuesFrom: "judged",
  postRenderers: { list: { kustomize: { images: "free", ...KUSTOMIZE_PATCHES } } },
  interval: "free",
  timeout: "free",
  suspend: "free",
  releaseName: "free",
  targetNamespace: "free",
  storageNamespace: "free",
  maxHistory: "free",
  persistentClient: "free",
  kubeConfig: "free",
  serviceAccountName: "free",
  dependsOn: "free",
  install: "free",
  upgrade: "free",
  rollback: "free",
  uninstall: "free",
  test: "free",
  driftDetection: "free",
  commonMetadata: "free"
};
var APPLICATION_SET_SPEC = {
  generators: "judged",
  template: { metadata: "free", spec: APPLICATION_SPEC },
  goTemplate: "free",
  goTemplateOptions: "free",
  syncPolicy: "free",
  strategy: "free",
  preservedFields: "free",
  ignoreApplicationDifferences: "free",
  applyNestedSelectors: "free"
};
var RESOURCE_SET_SPEC = {
  // Each resource is read: a deploy object among them is judged as one, and holds.
  resources: "free",
  dependsOn: "free",
  serviceAccountName: "free",
  wait: "free",
  commonMetadata: "free"
};
var FLUX_INSTANCE_SPEC = {
  distribution: "free",
  components: "free",
  cluster: "free",
  storage: "free",
  sharding: "free",
  wait: "free",
  migrateResources: "free",
  commonMetadata: "free",
  kustomize: { patches: "judged" },
  sync: { kind: "reach", url: "reach", path: "reach", ref: "free", pullSecret: "free", interval: "free", name: "free", provider: "free" }
};
var TOP = { apiVersion: "reach", kind: "reach", metadata: "free", status: "free" };
function fieldsOf(group, kind) {
  const spec = group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization" ? FLUX_KUSTOMIZATION_SPEC : group === "helm.toolkit.fluxcd.io" && kind === "HelmRelease" ? HELM_RELEASE_SPEC : group === "argoproj.io" && kind === "Application" ? APPLICATION_SPEC : group === "argoproj.io" && kind === "ApplicationSet" ? APPLICATION_SET_SPEC : group === "fluxcd.controlplane.io" && kind === "ResourceSet" ? RESOURCE_SET_SPEC : group === "fluxcd.controlplane.io" && kind === "FluxInstance" ? FLUX_INSTANCE_SPEC : void 0;
  return spec ? { ...TOP, spec } : TOP;
}
var TABLED = [
  ["kustomize.toolkit.fluxcd.io", "Kustomization"],
  ["helm.toolkit.fluxcd.io", "HelmRelease"],
  ["argoproj.io", "Application"],
  ["argoproj.io", "ApplicationSet"],
  ["fluxcd.controlplane.io", "ResourceSet"],
  ["fluxcd.controlplane.io", "FluxInstance"]
];
function child(f, k) {
  if (typeof f === "string") return void 0;
  if ("list" in f && typeof f.list !== "undefined" && Object.keys(f).length === 1)
    return typeof k === "number" ? f.list : void 0;
  if (typeof k === "number") return void 0;
  const m = f;
  return Object.prototype.hasOwnProperty.call(m, k) ? m[k] : m["*"];
}

// src/files/deployer-values.ts
var obj = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : void 0;
var TEMPLATED = /\{\{|\$\{|<<\s*inputs/;
var PATCH_KEYS = /* @__PURE__ */ new Set([
  "patches",
  "patchesJson6902",
  "patchesStrategicMerge",
  "components",
  "plugin",
  "postRenderers",
  "templatePatch",
  "namePrefix",
  "nameSuffix",
  "targetNamespace",
  "inputs",
  "inputsFrom"
]);
var PATCH_KEY_TEXT = /(?:^|[\s{,"'])(?:patches|patchesJson6902|patchesStrategicMerge|components|plugin|postRenderers|templatePatch|namePrefix|nameSuffix|targetNamespace|inputs|inputsFrom)["']?\s*:/m;
var DEPLOYS_NOTHING = /* @__PURE__ */ new Set([
  "AppProject",
  "ConfigManagementPlugin",
  "Rollout",
  "AnalysisTemplate",
  "ClusterAnalysisTemplate",
  "AnalysisRun",
  "Experiment",
  "Workflow",
  "WorkflowTemplate",
  "ClusterWorkflowTemplate",
  "CronWorkflow",
  "EventSource",
  "Sensor",
  "EventBus",
  "ResourceSetInputProvider",
  "FluxReport"
]);
function valuesHarm(v, parse, at = [], strict = true) {
  if (typeof v === "string") {
    if (mentionsAny(v, DEPLOY_API_PREFIXES) && deployText(v, parse)) return [...at, "(a deploy object)"].join(".");
    if (!strict) return void 0;
    if (TEMPLATED.test(v)) return [...at, "(templated)"].join(".");
    if (!PATCH_KEY_TEXT.test(v) && !/[:\n]/.test(v)) return void 0;
    const docs = parse(v);
    if (!docs) return PATCH_KEY_TEXT.test(v) ? [...at, "(text)"].join(".") : void 0;
    for (const d of docs) {
      const h = typeof d === "string" ? void 0 : valuesHarm(d, parse, at);
      if (h) return h;
    }
    return docs.every((d) => typeof d === "string") && PATCH_KEY_TEXT.test(v) ? [...at, "(text)"].join(".") : void 0;
  }
  if (Array.isArray(v)) {
    for (const [i, e] of v.entries()) {
      const h = valuesHarm(e, parse, [...at, String(i)], strict);
      if (h) return h;
    }
    return void 0;
  }
  const m = obj(v);
  if (!m) return void 0;
  const inert = typeof m["kind"] === "string" && DEPLOYS_NOTHING.has(m["kind"]);
  for (const [k, e] of Object.entries(m)) {
    if (strict && (patchKey(k, at) || TEMPLATED.test(k))) return [...at, k].join(".");
    if (inert && k === "apiVersion" && typeof e === "string" && !e.includes("\\")) continue;
    const h = valuesHarm(e, parse, [...at, k], strict);
    if (h) return h;
  }
  return void 0;
}
function deployText(v, parse) {
  const t = v.trim();
  if (v.includes("\\") || DEPLOY_API_PREFIXES.some((p) => t.startsWith(p) && !t.slice(p.length).includes("/")) && !/\s/.test(t))
    return true;
  const docs = parse(v);
  return !docs || docs.some((d) => typeof d === "string" ? d !== v && valuesHarm(d, parse, [], false) : valuesHarm(d, parse, [], false));
}
var patchKey = (k, at) => PATCH_KEYS.has(k) || k === "namespace" && at[at.length - 1] === "kustomize";

// src/files/deployer-patches.ts
function writtenPath(key, v) {
  if (key !== "path" || typeof v !== "string" || TEMPLATED.test(v) || v.includes("\\") || v.startsWith("/")) return void 0;
  const parts = v.split("/").filter((p) => p !== "" && p !== ".");
  return parts.includes("..") ? void 0 : parts.join("/");
}
var SMI = "TrafficSplit|TrafficTarget|HTTPRouteGroup|TCPRoute|UDPRoute|TrafficMetrics";
var DEPLOY = "Kustomization|Application|ApplicationSet|HelmRelease|ResourceSet|FluxInstance|List|GitRepository|OCIRepository|Bucket|ArtifactGenerator";
var SMI_KIND = new RegExp(`^(?:${SMI})$`);
var DEPLOY_KIND = new RegExp(`^(?:${DEPLOY})$`);
var PLAIN = /^[a-z][a-z0-9]*$/i;
var PATCH_LISTS = /* @__PURE__ */ new Set(["patches", "patchesJson6902", "patchesStrategicMerge"]);
var VALUES = /* @__PURE__ */ new Set(["values", "valuesObject"]);
var REMOVED = /* @__PURE__ */ Symbol("removed");
var UNKNOWN_VALUE = /* @__PURE__ */ Symbol("unknown");
function patchHarmless(e, kinds, read) {
  const p = obj(e);
  if (!p) return false;
  const target = p["target"];
  if (target !== void 0 && target !== null) {
    const kind = obj(target)?.["kind"];
    return typeof kind === "string" && PLAIN.test(kind) && !kinds.test(kind);
  }
  if (typeof p["patch"] === "string" && p["patch"] !== "") return textKindsOnly(p["patch"], kinds);
  const text = typeof p["path"] === "string" && (p["patch"] ?? "") === "" ? read?.(p["path"]) : void 0;
  return text !== void 0 && textKindsOnly(text, kinds);
}
function textKindsOnly(text, kinds) {
  if (TEMPLATED.test(text)) return false;
  const found = [...text.matchAll(/(?:^|[\s{,])["']?kind["']?\s*:\s*["']?([^\s"',}#]*)/g)].map((m) => m[1]);
  return found.length > 0 && found.every((k) => PLAIN.test(k) && !kinds.test(k));
}
var KIND_PATHS = /* @__PURE__ */ new Set(["", "/", "/apiVersion", "/kind", "/metadata"]);
var KIND_TEXT = /\/(?:apiVersion|kind|metadata)\b|path["']?\s*:[ \t]*["']?\/?["']?(?=[\s,}#]|$)|\\/m;
function mayChangeKind(e, parse, read) {
  const p = obj(e);
  if (!p) return typeof e !== "string";
  if (optionOn(obj(p["options"])?.["allowKindChange"])) return true;
  const patch = p["patch"];
  if (Array.isArray(patch)) return opsChangeKind(patch);
  return textMayChangeKind(
    typeof patch === "string" && patch !== "" ? patch : typeof p["path"] === "string" ? read?.(p["path"]) : "",
    parse
  );
}
function textMayChangeKind(text, parse) {
  if (text === void 0) return true;
  if (!KIND_TEXT.test(text)) return false;
  const docs = parse(text.replace(/^\uFEFF/, ""));
  return !docs || docs.some((d) => Array.isArray(d) && opsChangeKind(d));
}
function optionOn(v) {
  return v !== void 0 && v !== null && v !== false && !(typeof v === "string" && /^(?:false|False|FALSE)$/.test(v));
}
function opsChangeKind(ops) {
  return ops.some((op) => {
    const o = obj(op);
    return !o || o["op"] !== "test" && (typeof o["path"] !== "string" || KIND_PATHS.has(o["path"]));
  });
}
function entryWhen(e, parse, risky, read) {
  const either = risky ? new RegExp(`${risky.source}|${DEPLOY_KIND.source}`) : DEPLOY_KIND;
  const p = obj(e);
  if (!p || mayChangeKind(e, parse, read)) return false;
  if (patchHarmless(e, either, read)) return /* @__PURE__ */ new Set();
  const target = p["target"];
  const kind = obj(target)?.["kind"];
  if (target !== void 0 && target !== null && !(typeof kind === "string" && PLAIN.test(kind) && !risky?.test(kind))) return false;
  const inline = typeof p["patch"] === "string" && p["patch"] !== "";
  const text = inline ? p["patch"] : typeof p["path"] === "string" ? read?.(p["path"]) : void 0;
  if (text === void 0) return false;
  if (target === void 0 || target === null) {
    if (textKindsOnly(text, either)) return /* @__PURE__ */ new Set();
  }
  return writesOver(text, parse, risky, typeof kind === "string" ? kind : void 0);
}
function replacementWhen(t) {
  const target = obj(t);
  const kind = obj(target?.["select"])?.["kind"];
  const paths = target?.["fieldPaths"];
  if (kind !== void 0 && !(typeof kind === "string" && PLAIN.test(kind))) return false;
  if (typeof kind === "string" && !DEPLOY_KIND.test(kind)) return /* @__PURE__ */ new Set();
  if (!Array.isArray(paths) || paths.length === 0) return false;
  const when = /* @__PURE__ */ new Set();
  const walk = (p) => typeof p === "string" && /^[\w-]+(?:\.[\w-]+)*$/.test(p) && tablesFor(kind).every((f) => writeAt(f, "", p.split("."), UNKNOWN_VALUE, () => void 0, when));
  return paths.every(walk) && when;
}
function tablesFor(kind) {
  if (kind === void 0) return [...TABLED.map(([g, k]) => fieldsOf(g, k)), fieldsOf("", "")];
  const tabled = TABLED.filter(([, k]) => k === kind);
  return tabled.length > 0 ? tabled.map(([g, k]) => fieldsOf(g, k)) : [fieldsOf("", kind)];
}
function writesOver(text, parse, risky, kind) {
  if (TEMPLATED.test(text)) return false;
  const docs = parse(text);
  if (!docs || docs.length === 0) return false;
  const when = /* @__PURE__ */ new Set();
  for (const d of docs) {
    if (Array.isArray(d)) {
      if (d.length === 0 || !d.every((op) => opFits(op, parse, kind, when))) return false;
      continue;
    }
    const m = obj(d);
    if (!m) return false;
    const own = kind ?? (typeof m["kind"] === "string" ? m["kind"] : void 0);
    if (own !== void 0 && (risky?.test(own) || !PLAIN.test(own))) return false;
    const rest = Object.fromEntries(Object.entries(m).filter(([k]) => k !== "apiVersion" && k !== "kind"));
    if (!tablesFor(own).every((f) => fits(f, "", rest, parse, when))) return false;
  }
  return when;
}
function opFits(op, parse, kind, when) {
  const o = obj(op);
  if (!o || !Object.keys(o).every((k) => ["op", "path", "value", "from"].includes(k))) return false;
  if (!["add", "replace", "remove", "test"].includes(String(o["op"])) || o["from"] !== void 0) return false;
  if (typeof o["path"] !== "string" || !o["path"].startsWith("/")) return false;
  if (o["op"] === "test") return true;
  const tokens = o["path"].slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  const value = o["op"] === "remove" ? REMOVED : o["value"];
  return tablesFor(kind).every((f) => writeAt(f, "", tokens, value, parse, when));
}
function writeAt(f, key, tokens, value, parse, when) {
  if (tokens.length === 0) return fits(f, key, value, parse, when);
  if (f === "free") return true;
  if (f === "reach") return false;
  if (f === "names" || f === "subst") {
    when.add(f);
    return true;
  }
  if (f === "judged") return judgedWrite(key, tokens, value, parse, when);
  const [t, ...rest] = tokens;
  const isList = "list" in f && Object.keys(f).length === 1;
  const c = isList ? t === "-" || /^\d+$/.test(t) ? child(f, 0) : void 0 : child(f, t);
  return c !== void 0 && writeAt(c, t, rest, value, parse, when);
}
function fits(f, key, v, parse, when) {
  if (f === "free") return true;
  if (f === "reach") {
    const p = writtenPath(key, v);
    if (p !== void 0) when.add(`reach:${p}`);
    return p !== void 0;
  }
  if (f === "names" || f === "subst") {
    when.add(f);
    return true;
  }
  if (f === "judged") return judgedWrite(key, [], v, parse, when);
  if (v === REMOVED || v === UNKNOWN_VALUE || v === null || v === void 0) return false;
  if ("list" in f && Object.keys(f).length === 1) return Array.isArray(v) && v.every((e) => fits(child(f, 0), key, e, parse, when));
  const m = obj(v);
  return !!m && Object.entries(m).every(([k, e]) => {
    const c = child(f, k);
    return c !== void 0 && fits(c, k, e, parse, when);
  });
}
function judgedWrite(key, tokens, v, parse, when) {
  if (v === UNKNOWN_VALUE) return false;
  if (v === REMOVED && (tokens.length === 0 || VALUES.has(key))) return true;
  if (VALUES.has(key)) {
    const nested = tokens.reduceRight((acc, t) => ({ [t]: acc }), v);
    return valuesHarm(nested, parse) === void 0;
  }
  if (!PATCH_LISTS.has(key)) return false;
  const entry = (e) => {
    const w = key === "patchesStrategicMerge" ? typeof e === "string" ? writesOrKinds(e, parse) : false : entryWhen(e, parse, SMI_KIND);
    if (w === false) return false;
    for (const c of w) when.add(c);
    return true;
  };
  if (tokens.length === 0) return Array.isArray(v) && v.every(entry);
  return tokens.length === 1 && (tokens[0] === "-" || /^\d+$/.test(tokens[0])) && entry(v);
}
function writesOrKinds(text, parse) {
  return textKindsOnly(text, new RegExp(`${SMI_KIND.source}|${DEPLOY_KIND.source}`)) ? /* @__PURE__ */ new Set() : writesOver(text, parse, SMI_KIND);
}

// src/files/deployer-objects.ts
var DEPLOY_GROUP = /^(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|source\.(?:toolkit|extensions)\.fluxcd\.io)$/;
var OURS = /^smi-migrate(?:-v\d+)?$/;
var COMPONENT_KEYS = /* @__PURE__ */ new Set([
  "apiVersion",
  "kind",
  "metadata",
  "labels",
  "commonLabels",
  "commonAnnotations",
  "images",
  "patches",
  "patchesJson6902",
  "patchesStrategicMerge"
]);
var groupOf = (api) => typeof api === "string" && api.includes("/") ? api.slice(0, api.lastIndexOf("/")) : "";
var isDeployObject = (o) => typeof o["apiVersion"] === "string" && !(typeof o["kind"] === "string" && DEPLOYS_NOTHING.has(o["kind"])) && (DEPLOY_GROUP.test(groupOf(o["apiVersion"])) || TEMPLATED.test(o["apiVersion"]));
function judge(o, j) {
  const kind = typeof o["kind"] === "string" ? o["kind"] : "";
  if (/^source\.(?:toolkit|extensions)\.fluxcd\.io$/.test(groupOf(o["apiVersion"]))) return sourceHarm(o, kind);
  const w = { j, perField: kind === "ApplicationSet" && !j.helm };
  const hard = firstHarm(o, [], [o], w, fieldsOf(groupOf(o["apiVersion"]), kind));
  const found = hard ?? w.names ?? w.subst;
  if (!found) return void 0;
  const [at, key, why] = found;
  const name = describe(o, kind);
  const harm = {
    at,
    key,
    what: `${name}${fieldName(kind, [...at, key])}${why}`,
    reach: UNKNOWN.test(why) ? "all" : reachOf(o, kind, at, key, j)
  };
  if (!hard && w.names) harm.names = true;
  if (!hard && w.subst) harm.subst = true;
  return harm;
}
function sourceHarm(o, kind) {
  const include = obj(o["spec"])?.["include"];
  if (kind !== "GitRepository" || include === void 0 || include === null) return void 0;
  return { at: ["spec"], key: "include", what: "a Flux GitRepository's spec.include (it renames paths)", reach: "all" };
}
function describe(o, kind) {
  const group = groupOf(o["apiVersion"]);
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") return "a Flux Kustomization's ";
  if (group === "helm.toolkit.fluxcd.io" && kind === "HelmRelease") return "a Flux HelmRelease's ";
  if (group === "argoproj.io" && kind === "Application") return "an Argo CD Application's ";
  if (group === "argoproj.io" && kind === "ApplicationSet") return "an Argo CD ApplicationSet's ";
  return `a ${kind || "deploy object"} (${String(o["apiVersion"])})'s `;
}
function fieldName(kind, path) {
  let p = path;
  let head = "";
  if (kind === "Application" && p[0] === "spec") p = p.slice(1);
  else if (kind === "ApplicationSet" && p[0] === "spec" && p[1] === "template" && p[2] === "spec") {
    p = p.slice(3);
    head = "template's ";
  }
  return head + p.map((k, i) => typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`).join("");
}
var UNKNOWN = /^ \((?:a field the tool does not know|a list where|a mapping where|it may patch the deploy objects|it may change)/;
var DEPLOYS_WHY = " (it may patch the deploy objects it builds)";
var KIND_WHY = " (it may change an object's kind or apiVersion, and so make a deploy object)";
var NAMES_WHY = " (a name or namespace the patches of the tree may select by)";
var SUBST_WHY = " (variables substituted into what it builds)";
function firstHarm(v, path, stack, w, f) {
  const up = (why) => [path.slice(0, -1), String(path[path.length - 1]), why];
  const list = f !== void 0 && typeof f !== "string" && "list" in f && Object.keys(f).length === 1;
  if (Array.isArray(v)) {
    if (f !== void 0 && !list) return up(" (a list where the tool knows none)");
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      if (typeof e === "string" && templated(e, w)) return up(" (templated)");
      const h = firstHarm(e, [...path, i], [...stack, e], w, f === void 0 ? void 0 : child(f, i));
      if (h) return h;
    }
    return void 0;
  }
  const m = obj(v);
  if (!m) return void 0;
  if (path.length > 0 && isDeployObject(m)) return up(" (an object it generates)");
  if (list) return up(" (a mapping where the tool knows a list)");
  for (const [k, val] of Object.entries(m)) {
    if (templated(k, w) || typeof val === "string" && templated(val, w)) return [path, k, " (templated)"];
    const c = f === void 0 ? void 0 : child(f, k);
    if (f !== void 0 && c === void 0) return [path, k, " (a field the tool does not know to be harmless)"];
    if (c === "names") w.names ??= [path, k, NAMES_WHY];
    if (c === "subst") w.subst ??= [path, k, SUBST_WHY];
    if (c === "judged") {
      const why = fieldHarm(k, val, path, stack, w);
      if (why !== false) return [path, k, why];
      continue;
    }
    const h = firstHarm(val, [...path, k], [...stack, val], w, typeof c === "string" ? void 0 : c);
    if (h) return h;
  }
  return void 0;
}
function templated(s, w) {
  return w.perField ? /\$\{|<<\s*inputs/.test(s) : TEMPLATED.test(s);
}
var SMI_OR_DEPLOY = new RegExp(`${SMI_KIND.source}|${DEPLOY_KIND.source}`);
function fieldHarm(k, val, path, stack, w) {
  const parse = w.j.parse ?? (() => void 0);
  switch (k) {
    case "patches":
    case "patchesJson6902":
    case "patchesStrategicMerge": {
      if (val === null || val === void 0) return false;
      if (!Array.isArray(val)) return "";
      for (const e of val) {
        const when = k !== "patchesStrategicMerge" ? entryWhen(e, parse, SMI_KIND) : typeof e === "string" && (textKindsOnly(e, SMI_OR_DEPLOY) ? /* @__PURE__ */ new Set() : writesOver(e, parse, SMI_KIND));
        if (when === false) return mayChangeKind(e, parse) ? KIND_WHY : patchHarmless(e, DEPLOY_KIND) ? "" : DEPLOYS_WHY;
        if ([...when].some((c) => c.startsWith("reach:"))) return DEPLOYS_WHY;
        if (when.has("names")) w.names ??= [path, k, NAMES_WHY];
        if (when.has("subst")) w.subst ??= [path, k, SUBST_WHY];
      }
      return false;
    }
    case "components": {
      const c = componentsHarmless(val, stack, w);
      return c === true ? false : c === "kind" ? KIND_WHY : "";
    }
    case "plugin":
      return OURS.test(String(obj(val)?.["name"])) ? false : " (a plugin renders it)";
    case "generators":
      return generatorsHarmless(val) ? false : " (a generator template)";
    default:
      return valuesField(k, val, stack, w.j);
  }
}
function generatorsHarmless(v) {
  if (Array.isArray(v)) return v.every(generatorsHarmless);
  const m = obj(v);
  return !m || Object.entries(m).every(([k, e]) => k !== "template" && k !== "templatePatch" && generatorsHarmless(e));
}
var APP_CHARTS = /^(?:argocd-apps|argo-cd-apps)$/;
function appChart(name) {
  if (typeof name !== "string") return true;
  if (TEMPLATED.test(name)) return true;
  const last = name.split("/").filter(Boolean).pop() ?? "";
  const bare = last.split(/[:@]/)[0];
  return APP_CHARTS.test(bare.endsWith(".tgz") ? bare.replace(/-\d[\w.+-]*\.tgz$|\.tgz$/, "") : bare);
}
function appValues(stack) {
  for (const m of [...stack].reverse().map(obj)) {
    if (!m) continue;
    if (m["chartRef"] !== void 0) return true;
    const c = m["chart"];
    if (c !== void 0) return appChart(typeof c === "string" ? c : obj(obj(c)?.["spec"])?.["chart"]);
    if (m["repoURL"] !== void 0 || m["path"] !== void 0)
      return m["path"] !== void 0 && appChart(m["path"]) || typeof m["repoURL"] === "string" && /^oci:/.test(m["repoURL"]) && appChart(m["repoURL"]);
  }
  return true;
}
var UNREAD = " (values the tool cannot read, of a chart that may make Applications)";
function valuesField(k, val, stack, j) {
  const app = appValues(stack);
  const parse = j.parse ?? (() => void 0);
  const none = val === null || val === void 0 || Array.isArray(val) && val.length === 0;
  if (none) return false;
  if (k === "valuesFrom" || k === "fileParameters" || k === "valuesFiles" || k === "valuesFile") return app ? UNREAD : false;
  if (k === "parameters") return parametersHarm(val, parse, app);
  if (k !== "valueFiles") {
    const h = valuesHarm(val, parse, [], app);
    return h === void 0 ? false : ` (values: ${h})`;
  }
  if (!Array.isArray(val)) return "";
  const base = sourcePath(stack.slice(0, -1)) ?? "";
  for (const f of val) {
    const name = typeof f === "string" ? f : "";
    const ref = /^\$[^/]+\/(.*)$/.exec(name);
    const path = literalPath(ref ? ref[1] : posix.join(base, name));
    const text = path === void 0 || /:\/\//.test(name) ? void 0 : j.file?.(path);
    if (text === void 0) {
      if (app) return ` (${name}: ${UNREAD.slice(2)}`;
      continue;
    }
    const docs = parse(text);
    const h = docs ? docs.map((d) => valuesHarm(d, parse, [], app)).find((x) => x !== void 0) : "(unreadable)";
    if (h !== void 0) return ` (${name}: ${h})`;
  }
  return false;
}
function parametersHarm(val, parse, app) {
  if (!Array.isArray(val)) return "";
  for (const p of val) {
    const m = obj(p);
    const name = m?.["name"];
    if (!m || typeof name !== "string") return "";
    const keys = name.split(/(?<!\\)\.|\[|\]/).filter(Boolean);
    const bad = app ? keys.findIndex((key, i) => patchKey(key, keys.slice(0, i)) || TEMPLATED.test(key)) : -1;
    if (bad >= 0) return ` (parameter ${name})`;
    const h = valuesHarm(m["value"], parse, [name], app);
    if (h !== void 0) return ` (parameter ${h})`;
  }
  return false;
}
function componentsHarmless(val, stack, w) {
  if (val === null || val === void 0) return true;
  if (!Array.isArray(val)) return false;
  const base = componentBase(stack, w.j);
  if (base === void 0) return false;
  let kind = false;
  const all = val.every((c) => {
    const dir = typeof c === "string" ? literalPath(posix.join(base, c)) : void 0;
    if (dir === void 0 || /:\/\/|^github\.com\//.test(String(c))) return false;
    const k = obj(w.j.component(dir));
    if (!k) return false;
    const read = (f) => {
      const path = f.split(/[\\/]/).includes("..") ? void 0 : literalPath(posix.join(dir, f));
      return path === void 0 ? void 0 : w.j.file?.(path);
    };
    const smp = (e) => typeof e === "string" && (e.includes("\n") ? textKindsOnly(e, SMI_OR_DEPLOY) : patchHarmless({ path: e }, SMI_OR_DEPLOY, read));
    return Object.entries(k).every(
      ([key, v]) => COMPONENT_KEYS.has(key) && (key === "patchesStrategicMerge" ? Array.isArray(v) && v.every(smp) : key !== "patches" && key !== "patchesJson6902" ? true : Array.isArray(v) && v.every((e) => !(kind ||= mayChangeKind(e, w.j.parse ?? (() => void 0), read)) && patchHarmless(e, SMI_OR_DEPLOY, read)))
    );
  });
  return kind ? "kind" : all;
}
function sourcePath(stack) {
  const p = rawSourcePath(stack);
  return typeof p === "string" ? literalPath(p) : void 0;
}
function rawSourcePath(stack) {
  for (const m of stack.slice(-2).reverse()) {
    const p = obj(m)?.["path"];
    if (p !== void 0) return p;
  }
  return void 0;
}
function componentBase(stack, j) {
  const raw = rawSourcePath(stack);
  const path = typeof raw === "string" ? literalPath(raw) : void 0;
  if (path === void 0 || !j.realDir) return path;
  const argo = groupOf(obj(stack[0])?.["apiVersion"]) === "argoproj.io";
  const real = j.realDir(argo ? path : String(raw).replace(/\\/g, "/").replace(/^\/+/, ""));
  return real === null ? void 0 : real ?? path;
}
function literalPath(p) {
  if (TEMPLATED.test(p) || p.includes("*")) return void 0;
  const n = posix.normalize(p.replace(/\\/g, "/").replace(/^\/+/, ""));
  if (n === ".." || n.startsWith("../")) return void 0;
  let end = n.length;
  while (end > 0 && n[end - 1] === "/") end--;
  return n === "." || n === "./" ? "" : n.slice(0, end);
}
function climbsPastLink(p, symlink) {
  const parts = [];
  let linked = false;
  for (const c of p.replace(/\\/g, "/").split("/")) {
    if (c === "" || c === ".") continue;
    if (c === "..") {
      if (linked) return true;
      parts.pop();
      continue;
    }
    parts.push(c);
    linked ||= symlink?.(parts.join("/")) ?? true;
  }
  return false;
}
function reachOf(o, kind, harmAt, key, j) {
  const spec = obj(o["spec"]);
  const group = groupOf(o["apiVersion"]);
  let sources;
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") {
    const ref = spec?.["sourceRef"];
    if (ref !== void 0 && obj(ref)?.["kind"] !== "GitRepository") return "all";
    sources = [spec];
  } else if (group === "argoproj.io" && (kind === "Application" || kind === "ApplicationSet")) {
    if (kind === "ApplicationSet" && (harmAt[1] !== "template" || harmAt[2] !== "spec")) return "all";
    const app = kind === "Application" ? spec : obj(obj(spec?.["template"])?.["spec"]);
    sources = [obj(app?.["source"]), ...Array.isArray(app?.["sources"]) ? app["sources"].map(obj) : []].filter(Boolean);
  } else if (group === "helm.toolkit.fluxcd.io" && kind === "HelmRelease") {
    if (/^values/.test(key) || harmAt.includes("values")) return "all";
    const chart = obj(obj(spec?.["chart"])?.["spec"]);
    if (obj(chart?.["sourceRef"])?.["kind"] === "HelmRepository") return [];
    sources = typeof chart?.["chart"] === "string" && !TEMPLATED.test(chart["chart"]) ? [{ path: chart["chart"] }] : [void 0];
  } else return "all";
  const out = [];
  for (const s of sources) {
    if (s && s["ref"] !== void 0 && s["path"] === void 0 && s["chart"] === void 0) continue;
    const path = s?.["path"] === void 0 ? "" : typeof s["path"] === "string" ? literalPath(s["path"]) : void 0;
    if (!s || path === void 0) return "all";
    const raw = typeof s["path"] === "string" ? s["path"] : "";
    if (group !== "argoproj.io" && climbsPastLink(raw, j.symlink)) return "all";
    out.push(path);
    const components = s["components"] ?? obj(s["kustomize"])?.["components"];
    for (const c of Array.isArray(components) ? components : []) {
      const dir = typeof c === "string" ? literalPath(posix.join(path, c)) : void 0;
      if (dir === void 0 || climbsPastLink(`${raw}/${c}`, j.symlink)) return "all";
      out.push(dir);
    }
  }
  return out;
}

// src/files/deployer-templates.ts
var EMITS = /\b(?:toYaml|toJson|toPrettyJson|toRawJson|include|template|tpl|indent|nindent)\b/;
function templateHarm(m, text, data) {
  for (const d of m.defines)
    if (mentionsAny(text.slice(d.start, d.end), DEPLOY_API_PREFIXES))
      return { offset: d.start, what: "a named template (define) that holds a deploy object, rendered wherever it is included," };
  for (const d of m.docs)
    if (d.error) return { offset: d.error.offset, what: "a templated deploy object that cannot be parsed (its template actions masked)" };
  const apiVersion = (a) => a.at !== void 0 && a.at.path[a.at.path.length - 1] === "apiVersion";
  if (!m.docs.some((_, i) => anyDeployObject(data(i))) && !m.actions.some((a) => !a.inDefine && apiVersion(a))) return "none";
  for (const a of m.actions) {
    if (a.inDefine) continue;
    const at = (what) => ({ offset: a.start, what: `a template action that ${what}` });
    if (a.standalone) {
      if (a.output) return at("writes text on a line of its own (it may write fields of a deploy object)");
      if (a.joins) return at("trims the line break after it (it may join lines of a deploy object)");
      continue;
    }
    const block = valuesBlock(a, text) && !APP_CHART.test(chartOf(data(a.at.doc), a.at.path));
    if (EMITS.test(a.body) && !block) return at("may write fields of a deploy object (toYaml, include, tpl, indent)");
    if (!a.at || a.at.key) return at("writes a key of a deploy object");
    const field = fieldOf(data(a.at.doc), a.at.path);
    if (!field) return at("lies outside every deploy object of its document");
    if (!block && !harmlessTemplated(field.rel, field.kind)) return at(`writes ${field.rel.join(".")} of a deploy object`);
  }
  return void 0;
}
function valuesBlock(a, text) {
  const key = a.at && !a.at.key ? a.at.path[a.at.path.length - 1] : void 0;
  if (key !== "valuesObject" && key !== "values") return false;
  const indent = /\|\s*nindent\s+(\d+)\s*-?\}\}$/.exec(a.body);
  const line = text.lastIndexOf("\n", a.start) + 1;
  const column = text.slice(line, a.start).search(/\S/);
  return indent !== null && column >= 0 && Number(indent[1]) > column && !/\b(?:include|tpl|template)\b/.test(a.body);
}
var APP_CHART = /^(?:argocd-apps|argo-cd-apps)$/;
function chartOf(v, path) {
  const at = (p) => p.reduce((cur, k) => Array.isArray(cur) ? cur[Number(k)] : obj(cur)?.[String(k)], v);
  const owner = obj(at(path.slice(0, -1)));
  const release = obj(obj(owner?.["chart"])?.["spec"])?.["chart"];
  return String(release ?? obj(at(path.slice(0, -2)))?.["chart"]);
}
function anyDeployObject(v) {
  if (Array.isArray(v)) return v.some(anyDeployObject);
  const m = obj(v);
  return m !== void 0 && (isDeployObject(m) || Object.values(m).some(anyDeployObject));
}
function fieldOf(v, path) {
  let found;
  let cur = v;
  for (let i = 0; i <= path.length; i++) {
    const m = obj(cur);
    if (m && isDeployObject(m)) found = { kind: typeof m["kind"] === "string" ? m["kind"] : "", rel: path.slice(i) };
    if (i === path.length) break;
    const k = path[i];
    cur = Array.isArray(cur) ? cur[Number(k)] : m?.[String(k)];
  }
  return found;
}
var FLUX_SCALARS = /* @__PURE__ */ new Set(["interval", "timeout", "retryInterval", "suspend", "prune", "wait", "force", "serviceAccountName"]);
function harmlessTemplated(rel, kind) {
  if (/^(?:GitRepository|OCIRepository|Bucket|HelmRepository|HelmChart|ExternalArtifact|ArtifactGenerator)$/.test(kind))
    return !rel.includes("include");
  const p = kind === "ApplicationSet" && rel[0] === "spec" && rel[1] === "template" ? rel.slice(2) : rel;
  const [a, b, c, d] = p;
  if (a === "metadata")
    return p.length === 2 && (b === "name" || b === "namespace") || p.length === 3 && (b === "labels" || b === "annotations");
  if (a !== "spec") return false;
  if (b === "syncPolicy") return true;
  if (p.length === 2) return b === "project" || FLUX_SCALARS.has(String(b));
  if (b === "destination") return p.length === 3 && (c === "server" || c === "name" || c === "namespace");
  if (b === "source") return p.length === 3 && (c === "repoURL" || c === "targetRevision");
  return b === "sources" && p.length === 4 && typeof c === "number" && (d === "repoURL" || d === "targetRevision");
}

// src/files/deploy-kustomizations.ts
import { existsSync as existsSync3, readFileSync as readFileSync3 } from "node:fs";
import { basename as basename2, dirname as dirname3, join as join3 } from "node:path";

// src/yaml/block-subset.ts
var PLAIN2 = /^[\w./=+$(][\w./=+$(),:@ -]*$/;
var ENTRY = /^(\w[\w./-]*):(?: (.*))?$/;
var Bail = class extends Error {
};
var bail = () => {
  throw new Bail();
};
function readBlockSubset(text) {
  if (!/^[\x20-\x7e\n]*$/.test(text)) return void 0;
  try {
    return new Reader(text.split("\n"), text.endsWith("\n")).document();
  } catch (err) {
    if (err instanceof Bail) return void 0;
    throw err;
  }
}
var Reader = class {
  constructor(lines, closed) {
    this.lines = lines;
    this.closed = closed;
  }
  lines;
  closed;
  at = 0;
  document() {
    const first = this.peek();
    if (!first || first.indent !== 0) bail();
    const value = this.block(0);
    if (this.peek()) bail();
    return value;
  }
  /** The next line that is not blank or a comment (skipped), or undefined at the end. */
  peek() {
    for (; this.at < this.lines.length; this.at++) {
      const raw = this.lines[this.at];
      if (raw === "") continue;
      const body = raw.trimStart();
      if (body.startsWith("#")) continue;
      if (body === "" || raw.endsWith(" ") || raw.startsWith("---") || raw.startsWith("...")) bail();
      return { indent: raw.length - body.length, body };
    }
    return void 0;
  }
  block(indent) {
    const line = this.peek();
    return line.body === "-" || line.body.startsWith("- ") ? this.sequence(indent) : this.mapping(indent, line.body);
  }
  /** A block mapping whose keys stand at `indent`; its first entry is `body` (the line at `this.at`). */
  mapping(indent, body) {
    const out = {};
    for (let line = { indent, body }; line && line.indent >= indent; line = this.peek()) {
      if (line.indent > indent) bail();
      const m = ENTRY.exec(line.body) ?? bail();
      const key = m[1];
      if (Object.prototype.hasOwnProperty.call(out, key) || key === "__proto__") bail();
      this.at++;
      out[key] = this.value(m[2], indent, true);
      const next = this.peek();
      if (next && next.indent === indent && (next.body === "-" || next.body.startsWith("- "))) bail();
    }
    return out;
  }
  /** A block sequence whose dashes stand at `indent`. */
  sequence(indent) {
    const out = [];
    for (let line = this.peek(); line && line.indent >= indent; line = this.peek()) {
      if (line.indent > indent || !line.body.startsWith("- ")) {
        if (line.indent === indent) return out;
        bail();
      }
      const rest = line.body.slice(2);
      const inner = rest.trimStart();
      const col = indent + 2 + (rest.length - inner.length);
      if (ENTRY.test(inner)) out.push(this.mapping(col, inner));
      else if (PLAIN2.test(inner) && !/: | $|:$/.test(inner)) {
        this.at++;
        out.push(inner);
      } else bail();
    }
    return out;
  }
  /** The value after a key at `indent` (`rest`: what follows `: ` on its line). */
  value(rest, indent, inMapping) {
    if (rest === void 0) {
      const next = this.peek();
      if (next && next.indent > indent) return this.block(next.indent);
      if (inMapping && next && next.indent === indent && next.body.startsWith("- ")) return this.sequence(indent);
      return bail();
    }
    if (rest === "|" || rest === "|-") return this.literal(indent, rest === "|-");
    if (PLAIN2.test(rest) && !/: |:$/.test(rest)) return rest;
    return bail();
  }
  /** A literal block scalar of a key at `indent`; `strip`: `|-`, else `|` (one final line break kept). */
  literal(indent, strip) {
    const first = this.lines[this.at];
    if (first === void 0 || first === "") bail();
    const m = first.length - first.trimStart().length;
    if (m <= indent || first.trim() === "") bail();
    const content = [];
    for (; this.at < this.lines.length; this.at++) {
      const raw = this.lines[this.at];
      if (raw === "") {
        content.push("");
        continue;
      }
      const lead = raw.length - raw.trimStart().length;
      if (lead === raw.length) bail();
      if (lead < m) {
        if (lead > indent) bail();
        break;
      }
      content.push(raw.slice(m));
    }
    const ended = this.at >= this.lines.length;
    if (ended && !this.closed) bail();
    while (content.length > 0 && content[content.length - 1] === "") content.pop();
    return content.join("\n") + (strip ? "" : "\n");
  }
};

// src/files/deploy-makers.ts
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

// src/files/deploy-read.ts
function parseAll(text) {
  const quick = readBlockSubset(text);
  if (quick !== void 0) return [quick];
  const docs = parseDocuments(text, { merge: true });
  if (docs.some((d) => d.error)) return void 0;
  const out = docs.map((d) => safeJS(d.doc));
  return out.includes(void 0) ? void 0 : out;
}
function safeJS(doc) {
  try {
    return doc.toJS();
  } catch {
    return void 0;
  }
}
function keyOffset(doc, path, key) {
  const node = doc.getIn(path, true);
  const pair = node?.items?.find((p) => p.key?.value === key);
  return pair?.key?.range?.[0];
}
function helmChartsHarm(v, read) {
  if (!Array.isArray(v)) return true;
  return v.some((c) => {
    const m = obj(c);
    if (!m) return true;
    const app = appChart(m["name"]) || typeof m["repo"] === "string" && /^oci:/.test(m["repo"]) && appChart(m["repo"]);
    if (valuesHarm(m["valuesInline"], parseAll, [], app) !== void 0) return true;
    const files = [m["valuesFile"], ...Array.isArray(m["additionalValuesFiles"]) ? m["additionalValuesFiles"] : []].filter(
      (f) => f !== void 0
    );
    return files.some((f) => {
      const text = typeof f === "string" && !/:\/\//.test(f) ? read(f) : void 0;
      if (text === void 0) return app;
      const docs = parseAll(text);
      return !docs || docs.some((d) => valuesHarm(d, parseAll, [], app) !== void 0);
    });
  });
}

// src/files/deploy-makers.ts
var MAKE_SAFE = [
  "apiVersion",
  "kind",
  "metadata",
  "resources",
  "bases",
  "components",
  "patches",
  "patchesJson6902",
  "patchesStrategicMerge",
  "namespace",
  "namePrefix",
  "nameSuffix",
  "commonLabels",
  "labels",
  "commonAnnotations",
  "images",
  "replicas",
  "configMapGenerator",
  "secretGenerator",
  "generatorOptions",
  "buildMetadata",
  "sortOptions",
  // Its references are kustomize's own field list, which names no apiVersion or kind (`configurations` may add one: held).
  "vars",
  // Judged entry by entry: each target's field paths must name neither `apiVersion`, `kind` nor the whole `metadata`.
  "replacements"
];
var SAFE = new Set(MAKE_SAFE);
var SAFE_LINE = new RegExp(`^(?:(?:${MAKE_SAFE.filter((f) => f !== "replacements").join("|")})\\s*:|[\\s#-]|\\.\\.\\.|---|$)`);
function makingKustomization(file, text) {
  const lines = text.split(/\r?\n/);
  const first = lines.find((l) => !/^\s*(?:#.*)?$/.test(l) && l !== "---");
  if (first === void 0 || !/^\s/.test(first) && lines.every((l) => SAFE_LINE.test(l))) return void 0;
  const docs = parseDocuments(text, { merge: true }).filter((d) => d.error || safeJS(d.doc) !== null);
  const value = docs.length === 1 && !docs[0].error ? safeJS(docs[0].doc) : void 0;
  const k = obj(value);
  const make = (field, why) => ({
    file,
    text,
    offset: field && docs[0] && keyOffset(docs[0].doc, [], field) || 0,
    what: `a kustomization's ${field || "text"} (${why}, and so may make a Flux or Argo CD object)`,
    reach: "all"
  });
  if (docs.length === 0) return void 0;
  if (!k) return make("", "it cannot be read as one kustomization");
  const charts = chartsMakeNone(k, dirname(file));
  for (const [field, v] of Object.entries(k)) {
    if ((field === "helmCharts" || field === "helmGlobals") && charts) continue;
    if (field === "transformers" && Array.isArray(v) && v.every((e) => transformerKeepsKind(e, dirname(file)))) continue;
    if (!SAFE.has(field)) return make(field, "a field that may create an object or change its kind");
    if (field === "replacements" && v !== null && !(Array.isArray(v) && v.every((e) => keepsKind(e, dirname(file)))))
      return make(field, "a replacement that may write an apiVersion, a kind or a whole metadata");
  }
  return void 0;
}
function keepsKind(e, dir) {
  const r = obj(e);
  if (r && typeof r["path"] === "string" && dir !== void 0 && Object.keys(r).length === 1) {
    let text;
    try {
      text = readFileSync(join(dir, r["path"]), "utf8");
    } catch {
      return false;
    }
    const docs = parseDocuments(text, { merge: true });
    const v = docs.length === 1 && !docs[0].error ? safeJS(docs[0].doc) : void 0;
    return (Array.isArray(v) ? v : [v]).every((x) => keepsKind(x, void 0));
  }
  const targets = r?.["targets"];
  if (!r || r["path"] !== void 0 || !Array.isArray(targets) || targets.length === 0) return false;
  return targets.every((t) => {
    const paths = obj(t)?.["fieldPaths"];
    return Array.isArray(paths) && paths.length > 0 && paths.every((p) => typeof p === "string" && belowKind(p));
  });
}
function belowKind(path) {
  const [head, next] = path.split(".");
  if (head === void 0 || !/^[a-z][\w-]*$/i.test(head) || head === "apiVersion" || head === "kind") return false;
  return head !== "metadata" || next !== void 0 && /^[a-z][\w-]*$/i.test(next);
}
var DEPLOY_TOOL = /argo|flux/i;
var DEPLOY_SPELLING = /argoproj|fluxcd/i;
function chartsMakeNone(k, dir) {
  const globals = k["helmGlobals"];
  const g = obj(globals);
  if (globals !== void 0 && globals !== null && (!g || Object.keys(g).some((key) => key !== "chartHome"))) return false;
  const given = g?.["chartHome"];
  const home = given === void 0 ? "charts" : typeof given === "string" && !TEMPLATED.test(given) && !given.includes("*") ? given : void 0;
  const charts = k["helmCharts"];
  if (home === void 0 || !Array.isArray(charts)) return charts === void 0 || charts === null;
  const read = (path) => {
    const p = literalPath(path);
    try {
      return p === void 0 ? void 0 : readFileSync(join(dir, p), "utf8");
    } catch {
      return void 0;
    }
  };
  if (helmChartsHarm(charts, read)) return false;
  return charts.every((c) => {
    const name = obj(c)?.["name"];
    if (typeof name !== "string" || !/^[\w.-]+$/.test(name) || name === "..") return false;
    const chart = join(dir, home, name);
    const pulled = typeof obj(c)?.["repo"] === "string" && !existsSync(chart);
    return pulled ? pulledMakesNone(obj(c), k, read) : spellsNoDeployGroup(chart);
  });
}
function pulledMakesNone(c, k, read) {
  if (DEPLOY_TOOL.test(String(c["name"])) || DEPLOY_TOOL.test(String(c["repo"]))) return false;
  if (valuesHarm(c["valuesInline"], parseAll, [], true) !== void 0) return false;
  const files = [c["valuesFile"], ...Array.isArray(c["additionalValuesFiles"]) ? c["additionalValuesFiles"] : []];
  for (const f of files.filter((x) => x !== void 0)) {
    const docs = typeof f === "string" ? parseAll(read(f) ?? "\0:") : void 0;
    if (!docs || docs.some((d) => valuesHarm(d, parseAll, [], true) !== void 0)) return false;
  }
  if (k["components"] !== void 0 || k["patchesStrategicMerge"] !== void 0) return false;
  const none = (w) => w instanceof Set && w.size === 0;
  const patches = ["patches", "patchesJson6902"].flatMap((f) => Array.isArray(k[f]) ? k[f] : k[f] == null ? [] : [k[f]]);
  if (!patches.every((e) => none(entryWhen(e, parseAll, void 0, read)))) return false;
  const replacements = k["replacements"] == null ? [] : k["replacements"];
  return Array.isArray(replacements) && replacements.every((r) => {
    const targets = obj(r)?.["targets"];
    return Array.isArray(targets) && targets.every((t) => none(replacementWhen(t)));
  });
}
function spellsNoDeployGroup(chart) {
  try {
    readFileSync(join(chart, "Chart.yaml"));
    const files = readdirSync(chart, { recursive: true, withFileTypes: true }).filter((e) => !e.isDirectory());
    if (files.some((e) => /\.(?:tgz|tar\.gz|tar|zip)$/i.test(e.name))) return false;
    return files.every((e) => !DEPLOY_SPELLING.test(readFileSync(join(e.parentPath ?? e.path, e.name), "latin1")));
  } catch {
    return false;
  }
}
var FIELD_TRANSFORMERS = /* @__PURE__ */ new Set([
  "LabelTransformer",
  "AnnotationsTransformer",
  "PrefixSuffixTransformer",
  "NamespaceTransformer",
  "ImageTagTransformer",
  "ReplicaCountTransformer"
]);
function transformerKeepsKind(e, dir) {
  const path = typeof e === "string" ? literalPath(e) : void 0;
  const read = (p) => {
    const l = literalPath(p);
    try {
      return l === void 0 ? void 0 : readFileSync(join(dir, l), "utf8");
    } catch {
      return void 0;
    }
  };
  const text = path === void 0 || path === "" ? void 0 : read(path);
  const docs = text === void 0 ? void 0 : parseAll(text);
  return docs !== void 0 && docs.every((d) => {
    const t = obj(d);
    if (!t || t["apiVersion"] !== "builtin" || typeof t["kind"] !== "string") return false;
    const specs = t["fieldSpecs"];
    const specsBelow = specs === void 0 || Array.isArray(specs) && specs.every((f) => typeof obj(f)?.["path"] === "string" && belowKind(obj(f)["path"].replace(/\//g, ".")));
    if (FIELD_TRANSFORMERS.has(t["kind"])) return specsBelow;
    if (t["kind"] === "PatchTransformer") return !mayChangeKind(t, parseAll, read);
    if (t["kind"] === "PatchJson6902Transformer")
      return !textMayChangeKind(
        typeof t["jsonOp"] === "string" ? t["jsonOp"] : typeof t["path"] === "string" ? read(t["path"]) : void 0,
        parseAll
      );
    return false;
  });
}

// src/files/deploy-world.ts
import { spawnSync } from "node:child_process";
import { existsSync as existsSync2, readFileSync as readFileSync2 } from "node:fs";
import { basename, dirname as dirname2, join as join2 } from "node:path";
var KUSTOMIZATION = /^(?:kustomization\.ya?ml|Kustomization)$/;
function worldFiles(members, runFiles, spelled) {
  const cache = /* @__PURE__ */ new Map();
  const roots = /* @__PURE__ */ new Set();
  const outside = /* @__PURE__ */ new Set();
  for (const dir of new Set([...members, ...runFiles].map(dirname2))) {
    let root = repositoryOf(realOrSelf(dir), cache);
    if (root === null) outside.add(dir);
    for (; root !== null && !roots.has(root); root = repositoryOf(dirname2(root), cache)) roots.add(root);
  }
  const loose = outside.size === 0 ? [] : [...members, ...runFiles].filter((f) => outside.has(dirname2(f)));
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  const worlds = /* @__PURE__ */ new Map();
  const all = [
    ...[...roots].flatMap((root) => {
      const real = realOrSelf(root);
      return listed(root, worlds).map((file) => ({ file, root: real }));
    }),
    ...loose.map((file) => ({ file, root: null }))
  ];
  const loaded = loadedElsewise(all, spelled);
  for (const f of all) {
    if (!/\.(?:ya?ml|json|tpl|jsonnet|libsonnet)$/i.test(f.file) && !KUSTOMIZATION.test(basename(f.file)) && !loaded(f.file)) continue;
    if (seen.has(f.file)) continue;
    seen.add(f.file);
    out.push(f);
  }
  return out;
}
function loadedElsewise(all, spelled) {
  let kustomizations;
  const charts = /* @__PURE__ */ new Map();
  return (file) => {
    const t = file.replace(/\\/g, "/").lastIndexOf("/templates/");
    if (t >= 0) {
      const chart = file.slice(0, t);
      let is = charts.get(chart);
      if (is === void 0) charts.set(chart, is = existsSync2(join2(chart, "Chart.yaml")));
      if (is) return true;
    }
    kustomizations ??= all.filter((f) => KUSTOMIZATION.test(basename(f.file))).map((f) => ({ text: readOrEmpty(f.file) }));
    const name = basename(file);
    return kustomizations.some((k) => spells(k, name, spelled));
  };
}
function spells(k, name, spelled) {
  if (!/[\s']/.test(name) && !/[\\!]/.test(k.text) && !k.text.includes(name)) return false;
  if (k.words === void 0) {
    const strings = spelled(k.text);
    k.words = strings === void 0 ? null : new Set(strings.map((s) => basename(s.trim().split(/[?#]/)[0])));
  }
  return k.words === null ? k.text.includes(name) || k.text.includes("\\") : k.words.has(name);
}
function readOrEmpty(file) {
  try {
    return readFileSync2(file, "utf8");
  } catch {
    return "";
  }
}
function listed(root, worlds) {
  const r = spawnSync("git", ["-C", root, "ls-files", "-z", "-co", "--exclude-standard"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (!r.error && r.status === 0)
    return r.stdout.split("\0").filter(Boolean).map((f) => join2(root, f));
  const w = worldOf(root, worlds);
  return "unbounded" in w ? [] : w.allFiles;
}
var JSONNET = /\.(?:jsonnet|libsonnet)$/i;
var GROUP_WORD = /kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|\\[uxU]/;
function jsonnetGroup(file) {
  let text;
  try {
    text = readFileSync2(file, "utf8");
  } catch {
    return void 0;
  }
  const m = GROUP_WORD.exec(text);
  if (!m) return void 0;
  return { file, text, offset: m.index, what: "a Jsonnet file naming a deploy group (its objects are not read here)", reach: "all" };
}

// src/files/deploy-kustomizations.ts
var COMPONENT_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
var KUSTOMIZATION_FIELDS = /* @__PURE__ */ new Set([
  "apiVersion",
  "kind",
  "metadata",
  "resources",
  "namespace",
  "commonLabels",
  "labels",
  "commonAnnotations",
  "images",
  "replicas",
  "namePrefix",
  "nameSuffix",
  "configMapGenerator",
  "secretGenerator",
  "generatorOptions",
  "crds",
  "openapi",
  "buildMetadata",
  "sortOptions",
  "patches",
  "patchesJson6902",
  "patchesStrategicMerge",
  "helmCharts",
  "helmGlobals",
  "replacements",
  "components"
]);
function plainKeysOnly(text) {
  const lines = text.split(/\r?\n/).filter((l) => !/^\s*(?:#.*)?$/.test(l) && l !== "---");
  return lines.length === 0 || !/^\s/.test(lines[0]) && lines.every((l) => PLAIN_LINE.test(l));
}
var PLAIN_LINE = new RegExp(`^(?:(?:${[...KUSTOMIZATION_FIELDS].join("|")})\\s*:|[\\s#-]|\\.\\.\\.|$)`);
function patchingKustomizations(files, objectFiles) {
  const objects = objectFiles.map((f) => realOrSelf(f.file));
  const all = /* @__PURE__ */ new Map();
  const roots = /* @__PURE__ */ new Map();
  for (const f of files) {
    if (!KUSTOMIZATION.test(basename2(f.file))) continue;
    roots.set(f.file, f.root);
    try {
      all.set(f.file, readFileSync3(f.file, "utf8"));
    } catch {
      continue;
    }
  }
  const judged = (text) => /patches|helmCharts|replacements|components/.test(text) || !plainKeysOnly(text);
  const out = [];
  const building = objects.length > 0 ? mayBuild(all, objects, roots) : /* @__PURE__ */ new Map();
  for (const [file, text] of all) {
    const made = makingKustomization(file, text);
    if (made) out.push(made);
    else if (/patches/.test(text)) out.push(...kindChanging(file, text));
  }
  for (const [file, k] of building) {
    const text = all.get(file);
    if (!judged(text)) continue;
    const found = patching(k?.[1], realOrSelf(dirname3(file)));
    if (found === void 0) continue;
    const [field, when] = found;
    const offset = (k && keyOffset(k[0], [], field)) ?? 0;
    const what = `a kustomization's ${field || "text"} (over the Flux or Argo CD objects it builds)`;
    const paths = [...when ?? []].filter((c) => c.startsWith("reach:")).map((c) => c.slice("reach:".length));
    if (paths.length > 0) out.push({ file, text, offset, what, reach: paths });
    if (paths.length > 0 && !when?.has("names") && !when?.has("subst")) continue;
    out.push({
      file,
      text,
      offset,
      what,
      reach: "all",
      ...when?.has("names") ? { names: true } : {},
      ...when?.has("subst") ? { subst: true } : {}
    });
  }
  return out;
}
function kindChanging(file, text) {
  const dir = realOrSelf(dirname3(file));
  const quick = readBlockSubset(text);
  const docs = quick === void 0 ? parseDocuments(text, { merge: true }) : void 0;
  const k = docs ? docs.length === 1 && !docs[0].error ? obj(safeJS(docs[0].doc)) : void 0 : obj(quick);
  if (!k) return [];
  const read = (p) => {
    try {
      return TEMPLATED.test(p) || p.includes("*") ? void 0 : readFileSync3(join3(dir, p), "utf8").replace(/^\uFEFF/, "");
    } catch {
      return void 0;
    }
  };
  const changes = (e) => typeof e === "string" ? textMayChangeKind(e.includes("\n") ? e : read(e), parseAll) : mayChangeKind(e, parseAll, read);
  const field = ["patches", "patchesJson6902", "patchesStrategicMerge"].find(
    (f) => Array.isArray(k[f]) && k[f].some(changes)
  );
  if (field === void 0) return [];
  const offset = keyOffset((docs ?? parseDocuments(text, { merge: true }))[0].doc, [], field) ?? 0;
  const what = `a kustomization's ${field} (a patch that may change an object's kind or apiVersion, and so make a deploy object)`;
  return [{ file, text, offset, what, reach: "all" }];
}
var REMOTE = /^[a-z][\w+.-]*:|^[a-z][\w-]*@|^[\w-]+(?:\.[\w-]+)+\/|\?(?:ref|version)=|\/\/|_git\//i;
var REMOTE_TEXT = /:\/\/|::|@|[\w-]\.[a-z][\w-]*\/|\?(?:ref|version)=|_git\//i;
function mayBuild(texts, objects, roots) {
  const wanted = new Set(objects);
  for (const o of objects)
    for (let d = dirname3(o); d !== dirname3(d); d = dirname3(d))
      for (const name of COMPONENT_FILES) if (existsSync3(join3(d, name))) wanted.add(join3(d, name));
  const mentions = new KustomizationMentions([...texts.keys()], (k) => texts.get(k));
  const near = (k) => REMOTE_TEXT.test(texts.get(k)) || objects.some((o) => isInside(o, realOrSelf(dirname3(k))));
  const candidates = new Set([...texts.keys()].filter(near));
  for (let fresh = [...wanted, ...candidates]; fresh.length > 0; ) {
    const named = [...mentions.naming(fresh)].filter((k) => !candidates.has(k));
    for (const k of named) candidates.add(k);
    fresh = named;
  }
  const reads = /* @__PURE__ */ new Map();
  const bases = /* @__PURE__ */ new Map();
  const remote = /* @__PURE__ */ new Set();
  for (const k of candidates) {
    const dir = realOrSelf(dirname3(k));
    const docs = parseDocuments(texts.get(k), { merge: true });
    const m = docs.length === 1 && !docs[0].error ? obj(safeJS(docs[0].doc)) : void 0;
    reads.set(k, m ? [docs[0].doc, m] : void 0);
    const entries = ["resources", "bases", "components"].flatMap((f) => Array.isArray(m?.[f]) ? m[f] : []);
    const paths = entries.filter((r) => typeof r === "string");
    bases.set(k, [dir, ...paths.map((r) => realOrSelf(join3(dir, r)))]);
    const root = roots.get(k);
    const local = (r) => existsSync3(join3(dir, r)) && (!root || isInside(realOrSelf(join3(dir, r)), root));
    if (paths.some((r) => REMOTE.test(r) || !local(r))) remote.add(k);
  }
  const reached = [...objects];
  const out = /* @__PURE__ */ new Map();
  for (let grew = true; grew; ) {
    grew = false;
    for (const k of candidates) {
      if (out.has(k) || !(remote.has(k) || bases.get(k).some((b) => reached.some((o) => o === b || isInside(o, b))))) continue;
      out.set(k, reads.get(k));
      reached.push(realOrSelf(k));
      grew = true;
    }
  }
  return out;
}
function kustomizationStrings(text) {
  const docs = parseAll(text);
  if (docs === void 0) return void 0;
  const out = [];
  const walk = (v) => {
    if (typeof v === "string") out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v !== null && typeof v === "object")
      for (const [k, x] of Object.entries(v)) {
        out.push(k);
        walk(x);
      }
  };
  docs.forEach(walk);
  return out;
}
function patching(k, dir, depth = 0) {
  if (!k || depth > 20) return ["", void 0];
  const read = (path) => {
    const p = literalPath(path);
    if (p === void 0) return void 0;
    try {
      return readFileSync3(join3(dir, p), "utf8");
    } catch {
      return void 0;
    }
  };
  const when = /* @__PURE__ */ new Set();
  for (const [field, v] of Object.entries(k)) {
    if (!KUSTOMIZATION_FIELDS.has(field)) return [field, void 0];
    if (v === void 0 || v === null || Array.isArray(v) && v.length === 0) continue;
    if (field === "helmCharts") {
      if (helmChartsHarm(v, read)) return [field, void 0];
      continue;
    }
    if (!Array.isArray(v) && (field === "replacements" || field === "components")) return [field, void 0];
    const judge2 = field === "replacements" ? (e) => Array.isArray(obj(e)?.["targets"]) ? whenAll(obj(e)["targets"].map(replacementWhen)) : false : field === "components" ? (c) => componentWhen(c, dir, depth) : void 0;
    if (judge2) {
      const w = whenAll(v.map(judge2));
      if (w === false) return [field, void 0];
      for (const c of w) when.add(c);
      continue;
    }
    if (field !== "patches" && field !== "patchesJson6902" && field !== "patchesStrategicMerge") continue;
    if (!Array.isArray(v)) return [field, void 0];
    for (const e of v) {
      const entry = field === "patchesStrategicMerge" ? typeof e === "string" && !e.includes("\n") ? { path: e } : { patch: e } : e;
      const w = entryWhen(entry, parseAll, void 0, read);
      if (w === false) return [field, void 0];
      for (const c of w) when.add(c);
    }
  }
  if (when.size === 0) return void 0;
  return [Object.keys(k).find((f) => f.startsWith("patches")) ?? "", when];
}
function whenAll(ws) {
  return ws.includes(false) ? false : new Set(ws.flatMap((w) => [...w]));
}
function componentWhen(c, dir, depth) {
  const path = typeof c === "string" && !REMOTE.test(c) ? realOrSelf(join3(dir, c)) : void 0;
  const file = path === void 0 ? void 0 : COMPONENT_FILES.map((n) => join3(path, n)).find((f) => existsSync3(f));
  const k = file === void 0 ? void 0 : obj(parseAll(readFileSync3(file, "utf8"))?.[0]);
  if (!k || path === void 0) return false;
  const found = patching(k, path, depth + 1);
  return found === void 0 ? /* @__PURE__ */ new Set() : found[1] ?? false;
}

// src/files/deployers.ts
function heldForDeployers(results, trees, o) {
  const unitOf = (r) => {
    const tree = trees?.plan.tree.get(trees.keyOf.get(r.file) ?? r.file);
    return tree ?? (r.candidate ? `file:${r.file}` : void 0);
  };
  const touched = new Set(results.filter((r) => r.changed).map(unitOf));
  touched.delete(void 0);
  if (touched.size === 0) return [...results];
  const members = [];
  for (const [member, tree] of trees?.plan.tree ?? []) if (touched.has(tree)) members.push([member, tree]);
  for (const u of touched) if (typeof u === "string") members.push([u.slice("file:".length), u]);
  const roots = /* @__PURE__ */ new Map();
  const dirs = /* @__PURE__ */ new Map();
  const relOf = /* @__PURE__ */ new Map();
  for (const [member, unit] of members) {
    const dir = realOrSelf(dirname4(member));
    let rel = relOf.get(dir);
    if (rel === void 0) {
      const root = repositoryOf(dir, roots);
      rel = `/${(root === null ? dir : relative(realOrSelf(root), dir)).split(sep).join("/")}/`.replace(/\/+/g, "/");
      relOf.set(dir, rel);
    }
    dirs.set(unit, (dirs.get(unit) ?? /* @__PURE__ */ new Set()).add(rel));
  }
  const deployers = deployersIn(
    worldFiles(
      members.map(([m]) => m),
      o.runFiles,
      kustomizationStrings
    ),
    o.deployFree ?? /* @__PURE__ */ new Set()
  );
  if (deployers.length === 0) return [...results];
  const reaches = (d, set) => d.reach === "all" || d.reach.some((p) => p === "" || [...set].some((s) => s.includes(`/${p}/`)));
  const found = /* @__PURE__ */ new Map();
  for (const [unit, set] of dirs)
    found.set(
      unit,
      deployers.find(
        (d) => reaches(d, set) && (!d.names && !d.subst || d.names && hasPatches(unit, members) || d.subst && hasSubstitution(unit, members))
      )
    );
  return results.map((r) => {
    const unit = unitOf(r);
    const d = unit === void 0 ? void 0 : found.get(unit);
    if (!d || !r.changed) return r;
    const before = d.text.slice(0, d.offset);
    const at = `${o.show(d.file)}:${before.split("\n").length}:${d.offset - before.lastIndexOf("\n")}`;
    const what = unit !== void 0 && typeof unit === "string" ? "the TrafficSplits of this file" : "the TrafficSplits this kustomize tree renders";
    return leftUnchanged(
      r,
      `left unchanged: ${at}: ${d.what} may patch ${what} when it is deployed, and would stop matching them or write the wrong weights once they are converted: convert them and the patch together by hand`,
      true
    );
  });
}
function deployersIn(files, deployFree) {
  const out = [];
  const objectFiles = [];
  for (const f of files) {
    if (JSONNET.test(f.file)) {
      const j = jsonnetGroup(f.file);
      if (j) out.push(j);
      continue;
    }
    if (deployFree.has(isAbsolute(f.file) ? f.file : resolve(f.file))) continue;
    let bytes;
    try {
      bytes = readFileSync4(f.file);
    } catch {
      continue;
    }
    if (!mayNameDeployGroup(bytes)) continue;
    const text = bytes.toString("utf8");
    const before = out.length;
    if (objectsOf(f, text, candidateDocuments(bytes), out)) objectFiles.push(f);
    for (const d of out.slice(before)) if (d.reach !== "all") d.reach = expanded(d.reach, f.root);
  }
  out.push(...patchingKustomizations(files, objectFiles));
  return out;
}
function hasPatches(unit, members) {
  if (typeof unit === "string") return false;
  const kustomizations = members.filter(([f, u]) => u === unit && KUSTOMIZATION.test(basename3(f))).map(([f]) => f);
  return kustomizations.length === 0 || kustomizations.some((f) => {
    try {
      return /patches|replacements/i.test(readFileSync4(f, "utf8"));
    } catch {
      return true;
    }
  });
}
function hasSubstitution(unit, members) {
  return members.filter(([, u]) => u === unit).some(([f]) => {
    try {
      return /\$[{a-z_]/i.test(readFileSync4(f, "utf8"));
    } catch {
      return true;
    }
  });
}
function candidateDocuments(bytes) {
  const out = [];
  let at = 0;
  for (const segment of DocumentSplitter.split(bytes)) {
    const text = segment.toString("utf8");
    const names = mayNameDeployGroup(segment) && mentionsAny(text, DEPLOY_API_PREFIXES);
    if (names || TEMPLATED.test(text)) out.push({ at, text });
    at += text.length;
  }
  return out;
}
function objectsOf(f, text, segments, out) {
  let any = false;
  for (const s of segments) if (segmentObjects(f, text, s, out)) any = true;
  return any;
}
function segmentObjects(f, text, s, out) {
  let helm = /[\\/]templates[\\/]/.test(f.file);
  const push = (offset, what, reach, when) => out.push({
    file: f.file,
    text,
    offset: s.at + offset,
    what,
    reach,
    ...when?.names ? { names: true } : {},
    ...when?.subst ? { subst: true } : {}
  });
  let docs = parseDocuments(s.text, { merge: true });
  if (s.text.includes("{{") && (mentionsAny(s.text, DEPLOY_API_PREFIXES) || TEMPLATED_GROUP.test(s.text) || templatedDeployKind(s.text)) && (helm || !docs.some((d) => !d.error && hasDeployObject(d.doc)))) {
    const m = readMasked(s.text);
    if (m) {
      const harm = templateHarm(m, s.text, (i) => safeJS(m.docs[i].doc));
      if (harm === "none") return false;
      if (harm) {
        push(harm.offset, harm.what, "all");
        return true;
      }
      docs = m.docs;
      helm = false;
    }
  }
  let any = false;
  for (const d of docs) {
    if (d.error) {
      const slice = s.text.slice(d.start);
      if (!mentionsAny(slice, DEPLOY_API_PREFIXES)) continue;
      const field = /(?<![\w-])["']?(?:patches|patchesStrategicMerge|patchesJson6902|components|plugin|templatePatch)["']?\s*:/.exec(slice);
      push(field ? d.start + field.index : d.error.offset, "a deploy object that cannot be parsed", "all");
      any = true;
      continue;
    }
    let data;
    try {
      data = d.doc.toJS({ maxAliasCount: 1e4 });
    } catch {
      push(d.start, "a deploy object that cannot be read", "all");
      any = true;
      continue;
    }
    for (const [at, o] of deployObjects(data, [])) {
      any = true;
      const harm = judge(o, {
        helm,
        component: (dir) => component(f.root, dir),
        parse: parseAll,
        file: (p) => repoFile(f.root, p),
        ...links(f.root)
      });
      if (harm) push(keyOffset(d.doc, [...at, ...harm.at], harm.key) ?? d.start, harm.what, harm.reach, harm);
    }
  }
  return any;
}
var hasDeployObject = (doc) => deployObjects(safeJS(doc), []).length > 0;
function deployObjects(v, at) {
  if (Array.isArray(v)) return v.flatMap((e, i) => deployObjects(e, [...at, i]));
  const m = obj(v);
  if (!m) return [];
  const inner = Object.entries(m).flatMap(([k, e]) => deployObjects(e, [...at, k]));
  return isDeployObject(m) ? [[at, m], ...inner] : inner;
}
function component(root, dir) {
  if (root === null) return void 0;
  for (const name of COMPONENT_FILES) {
    const file = join4(root, dir, name);
    if (!existsSync4(file)) continue;
    const docs = parseDocuments(readFileSync4(file, "utf8"), { merge: true });
    if (docs.length !== 1 || docs[0].error) return void 0;
    try {
      return docs[0].doc.toJS();
    } catch {
      return void 0;
    }
  }
  return void 0;
}
function links(root) {
  if (root === null) return {};
  const realRoot = realOrSelf(root);
  return {
    symlink: (path) => {
      try {
        return lstatSync(join4(root, path)).isSymbolicLink();
      } catch {
        return false;
      }
    },
    realDir: (path) => {
      let real;
      try {
        real = realpathSync.native(`${root}${sep}${path}`);
      } catch {
        return void 0;
      }
      const rel = relative(realRoot, real);
      return rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel.split(sep).join("/");
    }
  };
}
function repoFile(root, path) {
  if (root === null) return void 0;
  try {
    return readFileSync4(join4(root, path), "utf8");
  } catch {
    return void 0;
  }
}
function expanded(paths, root) {
  if (root === null) return [...paths];
  const out = new Set(paths);
  for (const p of paths) {
    const real = realOrSelf(join4(root, p));
    const rr = repositoryOf(real);
    if (rr !== null && existsSync4(real)) out.add(relative(realOrSelf(rr), real).split(sep).join("/"));
  }
  return [...out];
}
export {
  heldForDeployers
};
