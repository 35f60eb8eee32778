import {
  worldOf
} from "./shared-c787c7c747.js";
import "./shared-e6530652c1.js";
import "./shared-e4bc5d0e5f.js";
import "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import {
  leftUnchanged
} from "./shared-63797b09e0.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  realOrSelf
} from "./shared-ee5c055de3.js";
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
import { readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
var APIS = /kustomize\.toolkit\.fluxcd\.io|argoproj\.io/;
var FIELDS = /(?<![\w-])["']?(?:patches|patchesStrategicMerge|patchesJson6902|components|plugin|templatePatch)["']?\s*:/;
var SMI_KIND = /^(?:TrafficSplit|TrafficTarget|HTTPRouteGroup|TCPRoute|UDPRoute|TrafficMetrics)$/;
var TEMPLATED = /\{\{|\$\{/;
var OURS = /^smi-migrate(?:-v\d+)?$/;
function heldForDeployers(results, trees, o) {
  const treeOf = (r) => trees.plan.tree.get(trees.keyOf.get(r.file) ?? r.file);
  const touched = new Set(results.filter((r) => r.changed).map(treeOf));
  touched.delete(void 0);
  if (touched.size === 0) return [...results];
  const roots = /* @__PURE__ */ new Map();
  const dirs = /* @__PURE__ */ new Map();
  const members = [];
  for (const [member, tree] of trees.plan.tree) {
    if (!touched.has(tree)) continue;
    members.push(member);
    const dir = dirname(member);
    const root = repositoryOf(dir, roots);
    const rel = root === null ? dir : relative(realOrSelf(root), dir);
    const set = dirs.get(tree) ?? /* @__PURE__ */ new Set();
    dirs.set(tree, set.add(`/${rel.split(sep).join("/")}/`));
  }
  const deployers = deployersIn(worldFiles(members, o.runFiles));
  if (deployers.length === 0) return [...results];
  const found = /* @__PURE__ */ new Map();
  for (const [tree, set] of dirs)
    found.set(
      tree,
      deployers.find((d) => !d.path || [...set].some((s) => d.path.test(s)))
    );
  return results.map((r) => {
    const tree = treeOf(r);
    const d = tree === void 0 ? void 0 : found.get(tree);
    if (!d || !r.changed) return r;
    const before = d.text.slice(0, d.offset);
    const at = `${o.show(d.file)}:${before.split("\n").length}:${d.offset - before.lastIndexOf("\n")}`;
    return leftUnchanged(
      r,
      `left unchanged: ${at}: ${d.what} may patch the TrafficSplits this kustomize tree renders when it is deployed, and would stop matching them or write the wrong weights once they are converted: convert the tree and the patch together by hand`,
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
  for (const file of [...[...roots].flatMap((root) => grepped(root, worlds)), ...loose]) {
    const real = realOrSelf(file);
    if (seen.has(real) || !/\.(?:ya?ml|json)$/i.test(file)) continue;
    seen.add(real);
    out.push(file);
  }
  return out;
}
function grepped(root, worlds) {
  const pattern = "kustomize\\.toolkit\\.fluxcd\\.io|argoproj\\.io";
  const r = spawnSync("git", ["-C", root, "grep", "-l", "-z", "-I", "--untracked", "-E", pattern], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (!r.error && r.status === 1) return [];
  if (!r.error && r.status === 0)
    return r.stdout.split("\0").filter(Boolean).map((f) => join(root, f));
  const w = worldOf(root, worlds);
  return "unbounded" in w ? [] : w.allFiles;
}
function deployersIn(files) {
  const out = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    if (!APIS.test(text) || !FIELDS.test(text) || text.includes("\0")) continue;
    for (const d of parseDocuments(text)) {
      const slice = text.slice(d.start, d.end);
      if (!APIS.test(slice)) continue;
      const field = FIELDS.exec(slice);
      if (d.error) {
        if (field)
          out.push({ file, text, offset: d.start + field.index, what: "a Flux or Argo CD object that cannot be parsed", path: void 0 });
        continue;
      }
      for (const s of sourcesOf(d.doc)) out.push({ file, text, ...s });
    }
  }
  return out;
}
var obj = (v) => v && typeof v === "object" && !Array.isArray(v) ? v : void 0;
function sourcesOf(doc) {
  let data;
  try {
    data = doc.toJS();
  } catch {
    return [];
  }
  const top = obj(data);
  const items = Array.isArray(top?.["items"]) ? top["items"] : void 0;
  const objects = items ? items.map((it, i) => [["items", i], obj(it)]) : [[[], top]];
  const out = [];
  for (const [at, o] of objects) {
    const api = typeof o?.["apiVersion"] === "string" ? o["apiVersion"] : "";
    const kind = o?.["kind"];
    const spec = obj(o?.["spec"]);
    if (!spec) continue;
    const found = (path, field, what, source) => {
      const offset = keyOffset(doc, [...at, ...path], field);
      if (offset !== void 0) out.push({ offset, what, path: pathPattern(source) });
    };
    if (api.startsWith("kustomize.toolkit.fluxcd.io/") && kind === "Kustomization") {
      for (const f of reaching(spec)) found(["spec"], f, `a Flux Kustomization's spec.${f}`, spec["path"]);
    } else if (api.startsWith("argoproj.io/") && (kind === "Application" || kind === "ApplicationSet")) {
      const app = kind === "Application" ? spec : obj(obj(spec["template"])?.["spec"]);
      const base = kind === "Application" ? ["spec"] : ["spec", "template", "spec"];
      const name = kind === "Application" ? "an Argo CD Application's" : "an Argo CD ApplicationSet's template's";
      const sources = [[[...base, "source"], obj(app?.["source"])]];
      const many = app?.["sources"];
      if (Array.isArray(many)) many.forEach((s, i) => sources.push([[...base, "sources", i], obj(s)]));
      for (const [path, source] of sources) {
        if (!source) continue;
        const where = path.slice(base.length).join(".").replace(/\.(\d+)/g, "[$1]");
        for (const f of reaching(obj(source["kustomize"]) ?? {}))
          found([...path, "kustomize"], f, `${name} ${where}.kustomize.${f}`, source["path"]);
        if (source["plugin"] !== void 0 && !OURS.test(String(obj(source["plugin"])?.["name"])))
          found(path, "plugin", `${name} ${where}.plugin (a plugin renders it)`, source["path"]);
      }
      const patch = spec["templatePatch"];
      if (kind === "ApplicationSet" && typeof patch === "string" && FIELDS.test(patch))
        found(["spec"], "templatePatch", "an Argo CD ApplicationSet's spec.templatePatch", void 0);
    }
  }
  return out;
}
function reaching(m) {
  const out = [];
  const entries = (f) => Array.isArray(m[f]) ? m[f] : void 0;
  const listed = (f, may) => {
    if (m[f] === void 0 || m[f] === null) return;
    const list = entries(f);
    if (!list || list.some(may)) out.push(f);
  };
  listed("patches", (e) => {
    const p = obj(e);
    if (!p) return true;
    if (p["target"] !== void 0 && p["target"] !== null) return targetMay(p["target"]);
    return typeof p["patch"] === "string" ? kindsMay(p["patch"]) : true;
  });
  listed("patchesStrategicMerge", (e) => typeof e === "string" ? kindsMay(e) : kindMay(obj(e)?.["kind"]));
  listed("patchesJson6902", (e) => targetMay(obj(e)?.["target"]));
  if (m["components"] !== void 0 && m["components"] !== null && (entries("components")?.length ?? 1) > 0) out.push("components");
  return out;
}
function targetMay(target) {
  const t = obj(target);
  if (!t) return true;
  const group = t["group"];
  if (typeof group === "string" && group !== "" && !TEMPLATED.test(group) && !/(?:^|\.)smi-spec\.io$/.test(group)) return false;
  return kindMay(t["kind"]);
}
function kindMay(kind) {
  return !(typeof kind === "string" && kind !== "" && !TEMPLATED.test(kind) && !SMI_KIND.test(kind));
}
function kindsMay(text) {
  const kinds = [...text.matchAll(/(?:^|[\s{,])["']?kind["']?\s*:\s*["']?([^\s"',}#]+)/g)].map((m) => m[1]);
  return kinds.length === 0 || kinds.some((k) => kindMay(k));
}
function pathPattern(path) {
  if (path === void 0 || path === null) return void 0;
  if (typeof path !== "string") return void 0;
  const segments = path.split("/").filter((s) => s !== "" && s !== "." && s !== "..").join("/");
  if (segments === "") return void 0;
  const body = segments.split(/\{\{[^{}]*\}\}|\$\{[^{}]*\}|\*/).map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`/${body}/`);
}
function keyOffset(doc, path, key) {
  const node = doc.getIn(path, true);
  const pair = node?.items?.find((p) => p.key?.value === key);
  return pair?.key?.range?.[0];
}
export {
  heldForDeployers
};
