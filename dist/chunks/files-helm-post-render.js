import {
  unprovenTemplateOutput,
  worldsOfRun
} from "./shared-78e8103e4f.js";
import {
  worldOf,
  worldText
} from "./shared-c787c7c747.js";
import "./shared-bef482e313.js";
import "./shared-e4bc5d0e5f.js";
import {
  chartMeta
} from "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import {
  chartOf
} from "./shared-5d597505e4.js";
import {
  leftUnchanged
} from "./shared-63797b09e0.js";
import "./shared-adac2e8139.js";
import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";
import "./shared-29334cf685.js";
import "./shared-52d6f9d52b.js";
import "./shared-afcbbfc458.js";
import "./shared-2a7eafe8ab.js";
import "./shared-6c59af8607.js";
import "./shared-574f9d03ce.js";
import "./shared-5d7c34b40b.js";
import "./shared-051a59df81.js";

// src/files/helm/post-render.ts
import { basename as basename2, join as join2 } from "node:path";

// src/files/helm/post-render-world.ts
import { basename, dirname, join } from "node:path";
function wordOf(names) {
  return new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`);
}
var SOURCE = /(["']?)kind\1[ \t]*:[ \t]*["']?(?:HelmRelease|HelmChart|OCIRepository)(?![\w-])/;
function metadataNames(text) {
  const out = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const head = /^([ \t]*)metadata:[ \t]*\r?$/.exec(line);
    if (!head) return;
    for (const below of lines.slice(i + 1)) {
      if (/^[ \t]*\r?$/.test(below)) continue;
      if (/^[ \t]*/.exec(below)[0].length <= head[1].length) break;
      const name = /^[ \t]+["']?name["']?[ \t]*:[ \t]*["']?([\w.-]+)/.exec(below);
      if (name) out.push(name[1]);
    }
  });
  for (const m of text.matchAll(/(["']?)metadata\1\s*:\s*\{[^}]*?(["']?)name\2\s*:\s*["']?([\w.-]+)/g)) out.push(m[3]);
  return out;
}
function deployedNames(names, files, text) {
  const all = new Set(names);
  const sources = files.filter((f) => SOURCE.test(text(f)));
  for (let grew = true; grew; ) {
    grew = false;
    const named = wordOf([...all]);
    for (const f of sources) {
      const t = text(f);
      if (!named.test(t)) continue;
      for (const n of metadataNames(t))
        if (!all.has(n)) {
          all.add(n);
          grew = true;
        }
    }
  }
  return [...all];
}
var KUSTOMIZATION = /^(?:kustomization\.ya?ml|Kustomization)$/;
var PATCHES = /^(?:patches|patchesJson6902|patchesStrategicMerge|replacements|transformers)[ \t]*:/m;
function listed(text, key) {
  const block = new RegExp(`^${key}[ \\t]*:[ \\t]*(?:#.*)?\\r?\\n((?:[ \\t]*(?:-.*|#.*)?\\r?\\n?)*)`, "m").exec(text);
  const flow = new RegExp(`^${key}[ \\t]*:[ \\t]*\\[([^\\]]*)\\]`, "m").exec(text);
  const items = block ? [...block[1].matchAll(/^[ \t]*-[ \t]*["']?([^"'\s#]+)/gm)].map((m) => m[1]) : [];
  if (flow) items.push(...flow[1].split(",").map((s) => s.trim().replace(/^["']|["']$/g, "")));
  return items.filter(Boolean);
}
function kustomizePatchOver(files, named, text) {
  const ks = files.filter((f) => KUSTOMIZATION.test(basename(f)));
  const rendering = /* @__PURE__ */ new Set();
  for (const f of ks) if (rendersChart(f, named, text)) rendering.add(realOrSelf(dirname(f)));
  if (rendering.size === 0) return void 0;
  const refs = (f, key) => listed(text(f), key).map((e) => realOrSelf(join(dirname(f), e)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of ks) {
      const dir = realOrSelf(dirname(f));
      const over = ["resources", "bases", "components"].some((k) => refs(f, k).some((r) => rendering.has(r)));
      const add = [...rendering.has(dir) || over ? [dir, ...refs(f, "components")] : []];
      for (const d of add)
        if (!rendering.has(d)) {
          rendering.add(d);
          grew = true;
        }
    }
  }
  for (const f of ks) {
    const m = PATCHES.exec(text(f));
    if (m && rendering.has(realOrSelf(dirname(f))))
      return {
        file: f,
        offset: m.index,
        what: "a kustomization's patches over a kustomization rendering the chart with helmCharts or a HelmChartInflationGenerator"
      };
  }
  return void 0;
}
var INFLATION = /(["']?)kind\1[ \t]*:[ \t]*["']?HelmChartInflationGenerator(?![\w-])/;
function rendersChart(f, named, text) {
  const t = text(f);
  const may = (s) => named.test(s) || openReference(s, ["name", "chartHome", "repo"]) !== void 0;
  if (/^helmCharts[ \t]*:/m.test(t) && may(t)) return true;
  return listed(t, "generators").some((e) => {
    const g = text(join(dirname(f), e));
    return INFLATION.test(g) && may(g);
  });
}
var PLUGIN = /(["']?)kind\1[ \t]*:[ \t]*["']?ConfigManagementPlugin(?![\w-])|(?<![\w-])configManagementPlugins[ \t]*:/;
var postRendering = (t) => /--post-renderer/.test(t) || unprovenTemplateOutput(t) !== void 0;
function pluginOver(files, named, text) {
  for (const f of files) {
    const t = text(f);
    const kind = PLUGIN.exec(t);
    if (!kind || !postRendering(t)) continue;
    const names = metadataNames(t);
    const versions = [...t.matchAll(/^[ \t]+["']?version["']?[ \t]*:[ \t]*["']?([\w.-]+)/gm)].map((m) => m[1]);
    const all = [...names, ...names.flatMap((n) => versions.map((v) => `${n}-${v}`))];
    const discovered = /^[ \t]*discover[ \t]*:/m.test(t);
    const users = all.length > 0 ? files.filter((g) => g !== f && wordOf(all).test(text(g))) : [];
    const used = users.some((g) => named.test(text(g)) || openReference(text(g), ["path"]) !== void 0);
    if (named.test(t) || discovered || used)
      return { file: f, offset: kind.index, what: "an Argo CD Config Management Plugin post-rendering helm template's output" };
  }
  return void 0;
}
var OPEN = /\$\{|\{\{|\$\(|\$[a-z_]|`|\*/i;
function openReference(text, keys) {
  const key = new RegExp(`(?<![\\w-])(["']?)(?:${keys.join("|")})\\1[ \\t]*:[ \\t]*([^\\n]*)`, "g");
  for (const m of text.matchAll(key)) if (OPEN.test(m[2])) return m.index;
  for (const m of text.matchAll(/(?<![\w-])helm[ \t]+(?:upgrade|install|template)\b[^\n]*/g))
    if (OPEN.test(m[0]) || /[ \t]\.\/?(?=[ \t|>;&"']|$)/.test(m[0])) return m.index;
  const indirect = /(?<![\w-])(?:helmfile\b|(?:kustomize[ \t]+build|kubectl[ \t]+kustomize)\b[^\n]*--enable-helm)/.exec(text);
  if (indirect) return indirect.index;
  return void 0;
}
function refersToChart(text, keys) {
  const key = new RegExp(`(?<![\\w-])(["']?)(?:${keys.join("|")})\\1[ \\t]*:[ \\t]*[^\\s]`);
  return key.test(text) || /(?<![\w-])helm[ \t]+(?:upgrade|install|template)\b/.test(text);
}

// src/files/helm/post-render.ts
function heldForPostRender(results, o) {
  const cache = /* @__PURE__ */ new Map();
  let run;
  const found = /* @__PURE__ */ new Map();
  const held = results.map((r) => {
    const chart = r.changed ? chartOf(r.file) : void 0;
    if (chart === void 0) return r;
    const key = realOrSelf(chart);
    run ??= new Set(o.runFiles.map(realOrSelf));
    if (!found.has(key)) found.set(key, patchFor(chart, cache, run));
    const p = found.get(key);
    if (!p) return r;
    return leftUnchanged(
      r,
      `left unchanged: ${o.show(p.file)}:${p.line}:${p.column}: ${p.what} may patch the TrafficSplits this chart renders, and would stop matching them once they are converted: convert the chart and the patch together by hand`,
      true
    );
  });
  const patches = new Map([...found.values()].filter((p) => p !== void 0).map((p) => [realOrSelf(p.file), p]));
  if (patches.size === 0) return held;
  return held.map((r) => {
    const p = r.changed ? patches.get(realOrSelf(r.file)) : void 0;
    return p ? leftUnchanged(
      r,
      `left unchanged: it may patch the TrafficSplits of a chart held back for it (${p.what}): convert the chart and the patch together by hand`,
      true
    ) : r;
  });
}
var FIELDS = [
  // Flux's own field (YAML or JSON, or a JSON 6902 path adding it): the HelmRelease is named by its chart or one of its names.
  { key: /(?<![\w-])(["']?)postRenderers\1[ \t]*:|\/postRenderers(?![\w-])/, what: "a Flux HelmRelease's spec.postRenderers" },
  {
    key: /(?<![\w-])(["']?)(?:jsonPatches|strategicMergePatches|transformers|postRenderer|postRendererArgs)\1[ \t]*:/,
    what: "a helmfile release's post-render patches",
    in: /(?<![\w-])["']?releases["']?[ \t]*:/
  },
  // helm itself, in a script, a Makefile, a CI step, a helmfile `args`: it runs the given program on what it renders.
  { key: /(?<![\w-])--post-renderer(?:-args)?(?![\w-])/, what: "a helm --post-renderer" },
  // kustomize renders the chart, then applies the kustomization's patches to what it rendered.
  {
    key: /(?<![\w-])helmCharts\s*:/,
    what: "a kustomization's helmCharts with patches",
    in: /(?<![\w-])patch(?:es|esJson6902|esStrategicMerge)?\s*:/
  },
  // A script (or CI step) that does not hand what `helm template` renders unchanged to kubectl apply or a
  // validator (post-render-script.ts: any program, a variable, a file another line reads); a plugin's is pluginOver's.
  {
    key: (text, file) => unprovenTemplateOutput(text, /\.(?:ya?ml|json)$/i.test(file), CODE.test(file)),
    what: "a script post-processing a chart's rendered output (helm template, helm install --dry-run, helmfile template, kustomize build --enable-helm: it hands it on to other than kubectl apply, a validator, a read-only check or a file only kubectl apply reads)",
    unless: /(["']?)kind\1[ \t]*:[ \t]*["']?ConfigManagementPlugin(?![\w-])|(?<![\w-])configManagementPlugins[ \t]*:/
  }
];
function patchFor(chart, cache, run) {
  const world = worldOf(chart, cache);
  const worlds = [..."unbounded" in world ? [] : [world], ...worldsOfRun(run, cache)];
  const own = [...new Set([chartMeta(chart)?.name, basename2(chart)].filter((n) => Boolean(n)))];
  const templates = join2(realOrSelf(chart), "templates");
  const seen = /* @__PURE__ */ new Set();
  const files = [];
  for (const file of [...worlds.flatMap((w) => w.allFiles), ...run]) {
    const real = realOrSelf(file);
    if (seen.has(real) || isInside(real, templates) || /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i.test(file)) continue;
    seen.add(real);
    files.push(file);
  }
  const readText = (file) => worldText(file, cache);
  const named = wordOf(deployedNames(own, files, readText));
  const hit = fieldIn(files, named, readText) ?? kustomizePatchOver(files, named, readText) ?? pluginOver(files, named, readText);
  if (!hit) return void 0;
  const before = readText(hit.file).slice(0, hit.offset);
  return { file: hit.file, line: before.split("\n").length, column: hit.offset - before.lastIndexOf("\n"), what: hit.what };
}
function fieldIn(files, named, readText) {
  const reaches = (t) => named.test(t) || openReference(t, CHART_KEYS) !== void 0;
  for (const file of files) {
    const text = readText(file);
    for (const f of FIELDS) {
      const m = keyIn(f.key, text, file);
      if (!m || f.in && !f.in.test(text) || f.unless?.test(text)) continue;
      const base = wordOf([basename2(file)]);
      const users = refersToChart(text, CHART_KEYS) ? [] : files.filter((g) => g !== file && base.test(readText(g)));
      const orphan = !refersToChart(text, CHART_KEYS) && users.length === 0;
      if (reaches(text) || orphan || users.some((g) => reaches(readText(g))))
        return { file, offset: m.index + (m[0].startsWith("/") ? 1 : 0), what: f.what };
    }
  }
  return void 0;
}
function keyIn(key, text, file) {
  if (key instanceof RegExp) return key.exec(text) ?? void 0;
  const at = key(text, file);
  return at === void 0 ? void 0 : { index: at, 0: "" };
}
var CODE = /\.(?:py|rb|js|mjs|cjs|ts|mts|cts|go|pl|groovy|star|bzl)$|(?:^|\/)(?:Rakefile|Jenkinsfile|Tiltfile)$/;
var CHART_KEYS = ["chart", "chartRef", "name", "chartHome"];
export {
  heldForPostRender
};
