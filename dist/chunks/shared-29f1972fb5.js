import {
  yamlData
} from "./shared-23068b7f95.js";
import {
  repositoryOf
} from "./shared-adac2e8139.js";
import {
  realOrSelf
} from "./shared-ee5c055de3.js";

// src/files/helm/chart-layout.ts
import { readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
function chartMeta(dir) {
  const chart = readData(join(dir, "Chart.yaml"));
  if (chart === void 0) return void 0;
  const c = chart ?? {};
  const req = readData(join(dir, "requirements.yaml"));
  const deps = [c.dependencies, req?.dependencies].flatMap((d) => Array.isArray(d) ? d : []);
  return {
    dir,
    name: typeof c.name === "string" ? c.name : basename(dir),
    library: c.type === "library",
    dependencies: deps.filter((d) => typeof d === "object" && d !== null).map(dependencyOf)
  };
}
function dependencyOf(d) {
  const out = { name: String(d.name ?? ""), importValues: d["import-values"] !== void 0 };
  if (typeof d.alias === "string") out.alias = d.alias;
  if (typeof d.repository === "string") out.repository = d.repository;
  if (typeof d.condition === "string") out.condition = d.condition;
  return out;
}
function filesUnder(dir, skip = () => false, seen = /* @__PURE__ */ new Set()) {
  const real = realOrSelf(dir);
  if (seen.has(real)) return [];
  seen.add(real);
  let names;
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  const out = [];
  for (const name of names) {
    if (skip(name)) continue;
    const f = join(dir, name);
    let isDir;
    try {
      isDir = statSync(f).isDirectory();
    } catch {
      continue;
    }
    if (isDir) out.push(...filesUnder(f, skip, seen));
    else out.push(f);
  }
  return out;
}
function subchartsOf(dir) {
  const charts = join(dir, "charts");
  let names;
  try {
    names = readdirSync(charts).sort();
  } catch {
    return [];
  }
  const out = [];
  for (const name of names) {
    const f = join(charts, name);
    const meta = isDirectory(f) ? chartMeta(f) : void 0;
    if (meta) out.push({ meta });
    else if (/\.tgz$/.test(name)) out.push({ archive: f });
  }
  return out;
}
function overrideFiles(chart) {
  const own = realOrSelf(join(chart, "values.yaml"));
  const data = (f) => /\.(?:ya?ml|json)$/i.test(f) && !NOT_VALUES.has(basename(f));
  const inTree = filesUnder(chart, (n) => n === ".git").filter((f) => {
    const top = f.slice(chart.length + 1).split(/[\\/]/)[0];
    return top !== "templates" && top !== "charts" && data(f);
  });
  const root = repositoryOf(realOrSelf(chart));
  const beside = root !== null && realOrSelf(chart) === realOrSelf(root) ? [] : listFiles(dirname(chart));
  const all = [...inTree, ...beside.filter(data)];
  return [...new Set(all)].filter((f) => f !== join(chart, "values.yaml") && realOrSelf(f) !== own);
}
var NOT_VALUES = /* @__PURE__ */ new Set(["Chart.yaml", "Chart.lock", "requirements.yaml", "requirements.lock", "values.schema.json"]);
function umbrellasOf(chart, nearby) {
  const real = realOrSelf(chart);
  const index = umbrellaIndex(nearby);
  return [...index.get(real) ?? [], ...index.get(byName(chartMeta(chart)?.name)) ?? []].filter((u) => realOrSelf(u.meta.dir) !== real);
}
function byName(name) {
  return `\0name:${name ?? ""}`;
}
function umbrellaIndex(charts) {
  const out = /* @__PURE__ */ new Map();
  const add = (target, u) => {
    const list = out.get(target) ?? [];
    if (!list.some((x) => x.meta.dir === u.meta.dir && x.prefix === u.prefix)) list.push(u);
    out.set(target, list);
  };
  for (const u of charts) {
    const via = join(u.dir, "Chart.yaml");
    for (const d of u.dependencies) {
      if (!d.repository?.startsWith("file://")) {
        if (d.name) add(byName(d.name), { meta: u, prefix: d.alias ?? d.name, via });
        continue;
      }
      const path = d.repository.slice(7);
      for (const target of /* @__PURE__ */ new Set([realOrSelf(resolve(u.dir, path)), realOrSelf(resolve(realOrSelf(u.dir), path))]))
        add(target, { meta: u, prefix: d.alias ?? d.name, via });
    }
    for (const s of subchartsOf(u.dir)) {
      if (!("meta" in s)) continue;
      const target = realOrSelf(s.meta.dir);
      const deps = u.dependencies.filter((d) => d.name === s.meta.name);
      for (const d of deps) add(target, { meta: u, prefix: d.alias ?? d.name, via });
      if (deps.length === 0) add(target, { meta: u, prefix: s.meta.name, via: join(u.dir, "charts") });
    }
  }
  return out;
}
function dependents(dirs) {
  const out = /* @__PURE__ */ new Map();
  const add = (target, meta) => {
    const list = out.get(target) ?? [];
    if (!list.includes(meta)) list.push(meta);
    out.set(target, list);
  };
  for (const dir of dirs) {
    const meta = chartMeta(dir);
    if (!meta) continue;
    for (const d of meta.dependencies)
      add(d.repository?.startsWith("file://") ? realOrSelf(resolve(dir, d.repository.slice(7))) : byName(d.name), meta);
    for (const sub of listDirs(join(dir, "charts"))) add(realOrSelf(sub), meta);
  }
  return out;
}
function realFile(f) {
  try {
    return realpathSync(f);
  } catch {
    return void 0;
  }
}
function readData(file) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return void 0;
  }
  const r = yamlData(text);
  return "value" in r ? r.value ?? null : null;
}
function isDirectory(f) {
  try {
    return statSync(f).isDirectory();
  } catch {
    return false;
  }
}
function listFiles(d) {
  try {
    return readdirSync(d).sort().map((n) => join(d, n)).filter((f) => !isDirectory(f));
  } catch {
    return [];
  }
}
function listDirs(d) {
  try {
    return readdirSync(d).filter((n) => n !== ".git" && n !== "node_modules").sort().map((n) => join(d, n)).filter(isDirectory);
  } catch {
    return [];
  }
}

export {
  chartMeta,
  filesUnder,
  subchartsOf,
  overrideFiles,
  NOT_VALUES,
  umbrellasOf,
  byName,
  umbrellaIndex,
  dependents,
  realFile
};
