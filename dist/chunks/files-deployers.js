import {
  worldOf
} from "./shared-c787c7c747.js";
import "./shared-302fcf312b.js";
import "./shared-e4bc5d0e5f.js";
import "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import {
  DEPLOY_API_PREFIXES,
  KustomizationMentions,
  mayNameDeployGroup
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
import "./shared-29334cf685.js";
import "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-051a59df81.js";

// src/files/deployers.ts
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

// src/files/deployer-objects.ts
import { posix } from "node:path";
var obj = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : void 0;
var DEPLOY_GROUP = /^(?:kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io)$/;
var TEMPLATED = /\{\{|\$\{|<<\s*inputs/;
var SMI_KIND = /^(?:TrafficSplit|TrafficTarget|HTTPRouteGroup|TCPRoute|UDPRoute|TrafficMetrics)$/;
var DEPLOY_KIND = /^(?:Kustomization|Application|ApplicationSet|HelmRelease|ResourceSet|FluxInstance|List)$/;
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
  "patchesJson6902"
]);
var groupOf = (api) => typeof api === "string" && api.includes("/") ? api.slice(0, api.lastIndexOf("/")) : "";
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
var isDeployObject = (o) => typeof o["apiVersion"] === "string" && !(typeof o["kind"] === "string" && DEPLOYS_NOTHING.has(o["kind"])) && (DEPLOY_GROUP.test(groupOf(o["apiVersion"])) || TEMPLATED.test(o["apiVersion"]));
function judge(o, j) {
  const kind = typeof o["kind"] === "string" ? o["kind"] : "";
  const found = firstHarm(o, [], [o], { j, perField: kind === "ApplicationSet" && !j.helm });
  if (!found) return void 0;
  const [at, key, why] = found;
  const name = describe(o, kind);
  return { at, key, what: `${name}${fieldName(kind, [...at, key])}${why}`, reach: reachOf(o, kind, at) };
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
function firstHarm(v, path, stack, w) {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const e = v[i];
      if (typeof e === "string" && templated(e, w)) return [path.slice(0, -1), String(path[path.length - 1]), " (templated)"];
      const h = firstHarm(e, [...path, i], [...stack, e], w);
      if (h) return h;
    }
    return void 0;
  }
  const m = obj(v);
  if (!m) return void 0;
  if (path.length > 0 && isDeployObject(m)) return [path.slice(0, -1), String(path[path.length - 1]), " (an object it generates)"];
  for (const [k, val] of Object.entries(m)) {
    if (templated(k, w) || typeof val === "string" && templated(val, w)) return [path, k, " (templated)"];
    const why = fieldHarm(k, val, path, stack, w);
    if (why === false) continue;
    if (why !== void 0) return [path, k, why];
    const h = firstHarm(val, [...path, k], [...stack, val], w);
    if (h) return h;
  }
  return void 0;
}
function templated(s, w) {
  return w.perField ? /\$\{|<<\s*inputs/.test(s) : TEMPLATED.test(s);
}
function fieldHarm(k, val, path, stack, w) {
  switch (k) {
    case "patches":
    case "patchesJson6902":
      return Array.isArray(val) && val.every((e) => patchHarmless(e, SMI_KIND)) ? false : "";
    case "patchesStrategicMerge":
      return Array.isArray(val) && val.every((e) => typeof e === "string" && textKindsOnly(e, SMI_KIND)) ? false : "";
    case "components":
      return componentsHarmless(val, stack, w) ? false : "";
    case "plugin":
      return OURS.test(String(obj(val)?.["name"])) ? false : " (a plugin renders it)";
    case "templatePatch":
    case "inputs":
    case "inputsFrom":
      return "";
    case "template":
      return path.includes("generators") ? " (a generator template)" : void 0;
    default:
      return void 0;
  }
}
function patchHarmless(e, kinds) {
  const p = obj(e);
  if (!p) return false;
  const target = p["target"];
  if (target !== void 0 && target !== null) {
    const kind = obj(target)?.["kind"];
    return typeof kind === "string" && /^[a-z][a-z0-9]*$/i.test(kind) && !kinds.test(kind);
  }
  return typeof p["patch"] === "string" && textKindsOnly(p["patch"], kinds);
}
function textKindsOnly(text, kinds) {
  if (TEMPLATED.test(text)) return false;
  const found = [...text.matchAll(/(?:^|[\s{,])["']?kind["']?\s*:\s*["']?([^\s"',}#]*)/g)].map((m) => m[1]);
  return found.length > 0 && found.every((k) => /^[a-z][a-z0-9]*$/i.test(k) && !kinds.test(k));
}
function componentsHarmless(val, stack, w) {
  if (val === null || val === void 0) return true;
  if (!Array.isArray(val)) return false;
  const base = sourcePath(stack);
  if (base === void 0) return false;
  return val.every((c) => {
    const dir = typeof c === "string" ? literalPath(posix.join(base, c)) : void 0;
    if (dir === void 0 || /:\/\/|^github\.com\//.test(String(c))) return false;
    const k = obj(w.j.component(dir));
    if (!k) return false;
    return Object.entries(k).every(
      ([key, v]) => COMPONENT_KEYS.has(key) && (key !== "patches" && key !== "patchesJson6902" ? true : Array.isArray(v) && v.every((e) => patchHarmless(e, SMI_KIND)))
    );
  });
}
function sourcePath(stack) {
  for (const m of stack.slice(-2).reverse()) {
    const p = obj(m)?.["path"];
    if (p !== void 0) return typeof p === "string" ? literalPath(p) : void 0;
  }
  return void 0;
}
function literalPath(p) {
  if (TEMPLATED.test(p) || p.includes("*")) return void 0;
  const n = posix.normalize(p.replace(/\\/g, "/").replace(/^\/+/, ""));
  if (n === ".." || n.startsWith("../")) return void 0;
  let end = n.length;
  while (end > 0 && n[end - 1] === "/") end--;
  return n === "." || n === "./" ? "" : n.slice(0, end);
}
function reachOf(o, kind, harmAt) {
  const spec = obj(o["spec"]);
  const group = groupOf(o["apiVersion"]);
  let sources;
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") sources = [spec];
  else if (group === "argoproj.io" && (kind === "Application" || kind === "ApplicationSet")) {
    if (kind === "ApplicationSet" && (harmAt[1] !== "template" || harmAt[2] !== "spec")) return "all";
    const app = kind === "Application" ? spec : obj(obj(spec?.["template"])?.["spec"]);
    sources = [obj(app?.["source"]), ...Array.isArray(app?.["sources"]) ? app["sources"].map(obj) : []].filter(Boolean);
  } else if (group === "helm.toolkit.fluxcd.io" && kind === "HelmRelease") {
    const chart = obj(obj(spec?.["chart"])?.["spec"]);
    if (obj(chart?.["sourceRef"])?.["kind"] === "HelmRepository") return [];
    sources = typeof chart?.["chart"] === "string" && !TEMPLATED.test(chart["chart"]) ? [{ path: chart["chart"] }] : [void 0];
  } else return "all";
  const out = [];
  for (const s of sources) {
    if (s && s["ref"] !== void 0 && s["path"] === void 0 && s["chart"] === void 0) continue;
    const path = s?.["path"] === void 0 ? "" : typeof s["path"] === "string" ? literalPath(s["path"]) : void 0;
    if (!s || path === void 0) return "all";
    out.push(path);
    const components = s["components"] ?? obj(s["kustomize"])?.["components"];
    for (const c of Array.isArray(components) ? components : []) {
      const dir = typeof c === "string" ? literalPath(posix.join(path, c)) : void 0;
      if (dir === void 0) return "all";
      out.push(dir);
    }
  }
  return out;
}

// src/files/deployers.ts
var KUSTOMIZATION = /^(?:kustomization\.ya?ml|Kustomization)$/;
var COMPONENT_FILES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
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
    const dir = realOrSelf(dirname(member));
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
      o.runFiles
    ),
    o.deployFree ?? /* @__PURE__ */ new Set()
  );
  if (deployers.length === 0) return [...results];
  const reaches = (d, set) => d.reach === "all" || d.reach.some((p) => p === "" || [...set].some((s) => s.includes(`/${p}/`)));
  const found = /* @__PURE__ */ new Map();
  for (const [unit, set] of dirs)
    found.set(
      unit,
      deployers.find((d) => reaches(d, set))
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
function worldFiles(members, runFiles) {
  const cache = /* @__PURE__ */ new Map();
  const roots = /* @__PURE__ */ new Set();
  const outside = /* @__PURE__ */ new Set();
  for (const dir of new Set([...members, ...runFiles].map(dirname))) {
    let root = repositoryOf(realOrSelf(dir), cache);
    if (root === null) outside.add(dir);
    for (; root !== null && !roots.has(root); root = repositoryOf(dirname(root), cache)) roots.add(root);
  }
  const loose = outside.size === 0 ? [] : [...members, ...runFiles].filter((f) => outside.has(dirname(f)));
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  const worlds = /* @__PURE__ */ new Map();
  const all = [
    ...[...roots].flatMap((root) => listed(root, worlds).map((file) => ({ file, root: realOrSelf(root) }))),
    ...loose.map((file) => ({ file, root: null }))
  ];
  for (const f of all) {
    if (!/\.(?:ya?ml|json|tpl)$/i.test(f.file) && !KUSTOMIZATION.test(basename(f.file))) continue;
    if (seen.has(f.file)) continue;
    seen.add(f.file);
    out.push(f);
  }
  return out;
}
function listed(root, worlds) {
  const r = spawnSync("git", ["-C", root, "ls-files", "-z", "-co", "--exclude-standard"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (!r.error && r.status === 0)
    return r.stdout.split("\0").filter(Boolean).map((f) => join(root, f));
  const w = worldOf(root, worlds);
  return "unbounded" in w ? [] : w.allFiles;
}
function deployersIn(files, deployFree) {
  const out = [];
  const objectFiles = [];
  for (const f of files) {
    if (deployFree.has(isAbsolute(f.file) ? f.file : resolve(f.file))) continue;
    let bytes;
    try {
      bytes = readFileSync(f.file);
    } catch {
      continue;
    }
    if (!mayNameDeployGroup(bytes)) continue;
    const text = bytes.toString("utf8");
    const before = out.length;
    if (objectsOf(f, text, candidateDocuments(bytes), out)) objectFiles.push(f);
    for (const d of out.slice(before)) if (d.reach !== "all") d.reach = expanded(d.reach, f.root);
  }
  if (objectFiles.length > 0) out.push(...patchingKustomizations(files, objectFiles));
  return out;
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
  const helm = /[\\/]templates[\\/]/.test(f.file);
  const push = (offset, what, reach) => out.push({ file: f.file, text, offset: s.at + offset, what, reach });
  let any = false;
  for (const d of parseDocuments(s.text, { merge: true })) {
    if (d.error) {
      const slice = s.text.slice(d.start, d.end);
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
      const harm = judge(o, { helm, component: (dir) => component(f.root, dir) });
      if (harm) push(keyOffset(d.doc, [...at, ...harm.at], harm.key) ?? d.start, harm.what, harm.reach);
    }
  }
  return any;
}
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
    const file = join(root, dir, name);
    if (!existsSync(file)) continue;
    const docs = parseDocuments(readFileSync(file, "utf8"), { merge: true });
    if (docs.length !== 1 || docs[0].error) return void 0;
    try {
      return docs[0].doc.toJS();
    } catch {
      return void 0;
    }
  }
  return void 0;
}
function expanded(paths, root) {
  if (root === null) return [...paths];
  const out = new Set(paths);
  for (const p of paths) {
    const real = realOrSelf(join(root, p));
    const rr = repositoryOf(real);
    if (rr !== null && existsSync(real)) out.add(relative(realOrSelf(rr), real).split(sep).join("/"));
  }
  return [...out];
}
function patchingKustomizations(files, objectFiles) {
  const objects = objectFiles.map((f) => realOrSelf(f.file));
  const texts = /* @__PURE__ */ new Map();
  for (const f of files) {
    if (!KUSTOMIZATION.test(basename(f.file))) continue;
    try {
      const text = readFileSync(f.file, "utf8");
      if (/patches|replacements|components/.test(text)) texts.set(f.file, text);
    } catch {
      continue;
    }
  }
  const out = [];
  for (const file of mayBuild(texts, objects)) {
    const text = texts.get(file);
    const dir = realOrSelf(dirname(file));
    const docs = parseDocuments(text, { merge: true });
    const k = docs.length === 1 && !docs[0].error ? obj(safeJS(docs[0].doc)) : void 0;
    const resources = Array.isArray(k?.["resources"]) ? k["resources"] : [];
    const bases = [dir, ...resources.filter((r) => typeof r === "string").map((r) => realOrSelf(join(dir, r)))];
    if (!objects.some((o) => bases.some((b) => o === b || isInside(o, b)))) continue;
    const field = patching(k, dir);
    if (field === void 0) continue;
    const offset = (k && keyOffset(docs[0].doc, [], field)) ?? 0;
    out.push({
      file,
      text,
      offset,
      what: `a kustomization's ${field || "text"} (over the Flux or Argo CD objects it builds)`,
      reach: "all"
    });
  }
  return out;
}
function mayBuild(texts, objects) {
  const wanted = new Set(objects);
  for (const o of objects)
    for (let d = dirname(o); d !== dirname(d); d = dirname(d))
      for (const name of COMPONENT_FILES) if (existsSync(join(d, name))) wanted.add(join(d, name));
  const named = new KustomizationMentions([...texts.keys()], (k) => texts.get(k)).naming(wanted);
  return [...texts.keys()].filter((k) => {
    const dir = realOrSelf(dirname(k));
    return named.has(k) || objects.some((o) => isInside(o, dir));
  });
}
function safeJS(doc) {
  try {
    return doc.toJS();
  } catch {
    return void 0;
  }
}
function patching(k, dir) {
  if (!k) return "";
  const fileKinds = (e) => {
    const p = obj(e);
    if (typeof p?.["path"] !== "string" || p["target"] !== void 0) return patchHarmless(e, DEPLOY_KIND);
    try {
      return textKindsOnly(readFileSync(join(dir, p["path"]), "utf8"), DEPLOY_KIND);
    } catch {
      return false;
    }
  };
  for (const field of ["patches", "patchesJson6902", "patchesStrategicMerge", "replacements", "components"]) {
    const v = k[field];
    if (v === void 0 || v === null || Array.isArray(v) && v.length === 0) continue;
    if (field === "patches" || field === "patchesJson6902") {
      if (Array.isArray(v) && v.every(fileKinds)) continue;
    } else if (field === "patchesStrategicMerge") {
      if (Array.isArray(v) && v.every((e) => typeof e === "string" && fileKinds({ path: literalPath(e) ?? "\0" }))) continue;
    }
    return field;
  }
  return void 0;
}
function keyOffset(doc, path, key) {
  const node = doc.getIn(path, true);
  const pair = node?.items?.find((p) => p.key?.value === key);
  return pair?.key?.range?.[0];
}
export {
  heldForDeployers
};
