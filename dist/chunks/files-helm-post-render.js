import {
  worldsOfRun
} from "./shared-0508645426.js";
import {
  worldOf
} from "./shared-c787c7c747.js";
import "./shared-e6530652c1.js";
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
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
function heldForPostRender(results, o) {
  const cache = /* @__PURE__ */ new Map();
  let run;
  const found = /* @__PURE__ */ new Map();
  return results.map((r) => {
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
}
var FIELDS = [
  { key: /(?<![\w-])postRenderers\s*:/, what: "a Flux HelmRelease's spec.postRenderers", in: /kind:\s*["']?HelmRelease/ },
  {
    key: /(?<![\w-])(?:jsonPatches|strategicMergePatches|transformers)\s*:/,
    what: "a helmfile release's post-render patches",
    in: /(?<![\w-])releases\s*:/
  },
  // kustomize renders the chart, then applies the kustomization's patches to what it rendered.
  {
    key: /(?<![\w-])helmCharts\s*:/,
    what: "a kustomization's helmCharts with patches",
    in: /(?<![\w-])patch(?:es|esJson6902|esStrategicMerge)?\s*:/
  }
];
function patchFor(chart, cache, run) {
  const world = worldOf(chart, cache);
  const worlds = [..."unbounded" in world ? [] : [world], ...worldsOfRun(run, cache)];
  const names = [...new Set([chartMeta(chart)?.name, basename(chart)].filter((n) => Boolean(n)))];
  const named = new RegExp(`(?<![\\w-])(?:${names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w-])`);
  const templates = join(realOrSelf(chart), "templates");
  const seen = /* @__PURE__ */ new Set();
  for (const file of [...worlds.flatMap((w) => w.allFiles), ...run]) {
    const real = realOrSelf(file);
    if (seen.has(real) || isInside(real, templates) || /\.(?:md|markdown|mdx|rst|adoc|asciidoc)$/i.test(file)) continue;
    seen.add(real);
    const text = readText(file);
    for (const f of FIELDS) {
      const m = f.key.exec(text);
      if (!m || !f.in.test(text) || !named.test(text)) continue;
      const before = text.slice(0, m.index);
      return { file, line: before.split("\n").length, column: m.index - before.lastIndexOf("\n"), what: f.what };
    }
  }
  return void 0;
}
function readText(file) {
  try {
    const text = readFileSync(file, "utf8");
    return text.includes("\0") ? "" : text;
  } catch {
    return "";
  }
}
export {
  heldForPostRender
};
