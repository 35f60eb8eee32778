import {
  looseValuesName
} from "./shared-bef482e313.js";
import {
  NOT_VALUES,
  byName,
  chartMeta,
  filesUnder,
  realFile,
  umbrellaIndex
} from "./shared-29f1972fb5.js";
import {
  yamlData
} from "./shared-23068b7f95.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";

// src/files/helm/chart-world.ts
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { gunzipSync } from "node:zlib";
import { spawnSync } from "node:child_process";
function renderingIt(index, dir) {
  return [...index?.get(realOrSelf(dir)) ?? [], ...index?.get(byName(chartMeta(dir)?.name)) ?? []];
}
function worldOf(chart, cache) {
  const root = repositoryOf(realOrSelf(chart));
  if (root === null)
    return {
      unbounded: "it is in no git repository, so the charts that may render it by file:// cannot all be found: run it inside the chart's git repository"
    };
  const known = cache.get(root);
  if (known) return known;
  const charts = [];
  const dataFiles = [];
  const allFiles = [];
  chartsUnder(root, realOrSelf(root), /* @__PURE__ */ new Set(), { charts, dataFiles, allFiles, listed: listedFiles(root) });
  for (let outer = repositoryOf(dirname(root)); outer !== null; outer = repositoryOf(dirname(outer)))
    chartsUnder(outer, realOrSelf(outer), /* @__PURE__ */ new Set(), { charts, dataFiles, allFiles, listed: listedFiles(outer) });
  const byValues = /* @__PURE__ */ new Map();
  for (const c of charts) {
    const values = realFile(join(c.dir, "values.yaml"));
    if (values !== void 0) byValues.set(values, [...byValues.get(values) ?? [], c]);
  }
  const world = { charts, dataFiles, allFiles, umbrellas: umbrellaIndex(charts), byValues };
  cache.set(root, world);
  return world;
}
function listedFiles(root) {
  const r = spawnSync("git", ["-C", root, "ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) return void 0;
  const real = realOrSelf(root);
  return new Set(
    r.stdout.split("\0").filter(Boolean).map((f) => join(real, f))
  );
}
function chartsUnder(dir, root, seen, out, template = false) {
  const real = realOrSelf(dir);
  if (seen.has(real)) return;
  seen.add(real);
  if (!isInside(real, root)) {
    const data = [];
    if (!template) dataUnder(dir, seen, data);
    out.dataFiles.push(...data);
    return void out.allFiles.push(...data);
  }
  const names = list(dir);
  const chart = names.includes("Chart.yaml");
  if (chart) {
    const meta = chartMeta(dir);
    if (meta) out.charts.push(meta);
  }
  for (const name of names) {
    if (name === ".git") continue;
    const f = join(dir, name);
    if (isDir(f)) {
      chartsUnder(f, root, seen, out, template || chart && name === "templates");
      continue;
    }
    const listed = out.listed?.has(join(real, name)) ?? true;
    if (listed) out.allFiles.push(f);
    if (!template && // helmfile's `.gotmpl` values and state files are rendered by helmfile: repo-values.ts reads them as such.
    (/\.(?:ya?ml|json|gotmpl)$/i.test(name) || looseValuesName(name)) && !(chart && NOT_VALUES.has(name)) && listed)
      out.dataFiles.push(f);
  }
}
function dataUnder(dir, seen, files) {
  for (const name of list(dir)) {
    if (name === ".git" || name === "node_modules") continue;
    const f = join(dir, name);
    if (isDir(f)) {
      const real = realOrSelf(f);
      if (!seen.has(real)) {
        seen.add(real);
        dataUnder(f, seen, files);
      }
    } else if (/\.(?:ya?ml|json|gotmpl)$/i.test(name) || looseValuesName(name)) files.push(f);
  }
}
function linkOutside(dir) {
  const root = repositoryOf(realOrSelf(dir));
  if (root === null) return void 0;
  const top = realOrSelf(root);
  const walk = (d, seen) => {
    for (const name of list(d)) {
      if (name === ".git") continue;
      const f = join(d, name);
      const link = lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink();
      const real = realOrSelf(f);
      if (link && !isInside(real, top) && isDir(f))
        return {
          file: f,
          why: `a symlink to ${readlinkSync(f)}, a directory outside the repository: charts elsewhere may render what it holds with values of their own`
        };
      if (isDir(f) && !seen.has(real)) {
        seen.add(real);
        const inner = walk(f, seen);
        if (inner) return inner;
      }
    }
    return void 0;
  };
  return walk(dir, /* @__PURE__ */ new Set([realOrSelf(dir)]));
}
function sharedTemplate(charts, chart, file) {
  const target = realFile(file);
  const own = realOrSelf(chart);
  for (const c of charts) {
    if (realOrSelf(c.dir) === own) continue;
    const hit = filesUnder(join(c.dir, "templates")).find((f) => realFile(f) === target);
    if (hit) return hit;
  }
  return void 0;
}
function loadBreak(dir, onPath = /* @__PURE__ */ new Set()) {
  const real = realOrSelf(dir);
  onPath.add(real);
  try {
    for (const name of list(dir)) {
      const f = join(dir, name);
      const link = lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink();
      let target;
      try {
        target = realpathSync(f);
      } catch (err) {
        const code = err.code;
        const to = link ? ` to ${readlinkSync(f)}` : "";
        return { file: f, why: `a symlink${to} that does not resolve (${code}), so Helm's loader fails on the chart` };
      }
      if (!statSync(target).isDirectory()) continue;
      if (onPath.has(target)) {
        const at = link ? f : linkAbove(f, dir);
        if (at === void 0) return { file: f, why: `a directory reached again through a symlink: a loop Helm's loader cannot walk` };
        return { file: at, why: `a symlink to ${readlinkSync(at)}, a directory above it: a loop Helm's loader cannot walk` };
      }
      const inner = loadBreak(f, onPath);
      if (inner) return inner;
    }
    return void 0;
  } finally {
    onPath.delete(real);
  }
}
function linkAbove(f, top) {
  for (let d = dirname(f); d.length >= top.length && d !== dirname(d); d = dirname(d))
    if (lstatSync(d, { throwIfNoEntry: false })?.isSymbolicLink()) return d;
  return void 0;
}
function archivedChartName(archive) {
  let tar;
  try {
    tar = gunzipSync(readFileSync(archive));
  } catch {
    return void 0;
  }
  const top = (name2) => (raw) => posix.normalize(raw.split("/").slice(1).join("/")) === name2;
  let name;
  for (const text of [...tarEntries(tar, top("Chart.yaml")), ...tarEntries(tar, top("requirements.yaml"))]) {
    const r = yamlData(text);
    if (!("value" in r)) return void 0;
    const read = r.value?.name;
    if (read !== void 0 && read !== null) name = read;
  }
  return typeof name === "string" && name !== "" ? name : void 0;
}
function tarEntries(tar, wanted) {
  const out = [];
  for (const e of tarFiles(tar)) if (wanted(e.raw)) out.push(e.body.toString("utf8"));
  return out;
}
function* tarFiles(tar) {
  let long;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) return;
    const field = (from, len) => untilNul(header.toString("utf8", from, from + len));
    const size = parseInt(field(124, 12).trim() || "0", 8);
    if (!Number.isFinite(size)) return;
    const type = field(156, 1);
    const body = tar.subarray(at + 512, at + 512 + size);
    const prefix = field(345, 155);
    const name = long ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100));
    long = void 0;
    if (type === "L") long = untilNul(body.toString("utf8"));
    else if (type === "x") long = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString("utf8"))?.[1];
    else if (type === "0" || type === "") yield { name: name.replace(/^\.\//, ""), raw: name, body };
    at += 512 + Math.ceil(size / 512) * 512;
  }
}
function archivedTemplates(archive) {
  let tar;
  try {
    tar = gunzipSync(readFileSync(archive));
  } catch (err) {
    return { unreadable: `it is no gzipped tar (${err.code ?? err.message})` };
  }
  const templates = [];
  for (const e of tarFiles(tar)) {
    const parts = e.name.split("/");
    if (parts.at(-2) === "charts" && e.name.endsWith(".tgz"))
      return { unreadable: `it holds a packaged chart of its own, ${e.name}, which is not read` };
    if (parts.slice(1, -1).includes("templates")) templates.push({ name: e.name, text: e.body.toString("utf8") });
  }
  return { templates };
}
function untilNul(s) {
  const end = s.indexOf("\0");
  return end < 0 ? s : s.slice(0, end);
}
function list(dir) {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}
function isDir(f) {
  try {
    return statSync(f).isDirectory();
  } catch {
    return false;
  }
}
var textsOf = /* @__PURE__ */ new WeakMap();
function worldText(file, cache) {
  let texts = textsOf.get(cache);
  if (!texts) textsOf.set(cache, texts = /* @__PURE__ */ new Map());
  let text = texts.get(file);
  if (text === void 0) {
    try {
      text = readFileSync(file, "utf8");
    } catch {
      text = "";
    }
    if (text.includes("\0")) text = "";
    texts.set(file, text);
  }
  return text;
}

export {
  renderingIt,
  worldOf,
  linkOutside,
  sharedTemplate,
  loadBreak,
  archivedChartName,
  archivedTemplates,
  worldText
};
