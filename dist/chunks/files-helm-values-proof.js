import {
  valuesLeftOut
} from "./shared-5ad789d74e.js";
import {
  depUses,
  fileDependencyTemplates
} from "./shared-1b00d5c401.js";
import {
  mentionSetter
} from "./shared-78e8103e4f.js";
import {
  archivedChartName,
  archivedTemplates,
  linkOutside,
  loadBreak,
  renderingIt,
  sharedTemplate,
  worldOf
} from "./shared-c787c7c747.js";
import {
  decodedValueReaders,
  linkToValues,
  outsideOtherCharts,
  rendersFiles,
  repoSetting,
  repoTemplateText,
  repoTextChange,
  rootNames,
  scriptSetKey,
  setsInAnyDocument,
  valueMutations,
  valueReaders,
  valuesTextMutation,
  withHanded
} from "./shared-bef482e313.js";
import {
  anchorReused,
  valueSetting,
  valuesFileProblem
} from "./shared-e4bc5d0e5f.js";
import {
  chartMeta,
  filesUnder,
  overrideFiles,
  realFile,
  subchartsOf,
  umbrellasOf
} from "./shared-29f1972fb5.js";
import "./shared-23068b7f95.js";
import "./shared-adac2e8139.js";
import {
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

// src/files/helm/values-proof.ts
import { existsSync, readFileSync as readFileSync3 } from "node:fs";
import { dirname, join as join2 } from "node:path";

// src/files/helm/helper-names.ts
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
var NAMED = /\b(?:define|include|template)\s+"([^"]+)"/g;
var DEFINE = /\bdefine\s+"([^"]+)"/g;
function redefinedHelper(chart, umbrellas) {
  const own = realOrSelf(chart);
  const names = /* @__PURE__ */ new Set();
  for (const f of chartTemplates(chart)) for (const m of readText(f).matchAll(NAMED)) names.add(m[1]);
  if (names.size === 0) return void 0;
  const seen = /* @__PURE__ */ new Set([own]);
  for (const u of umbrellas) {
    const rendered = renderedWith(u, seen);
    for (const dir of rendered.dirs) {
      for (const f of filesUnder(join(dir, "templates"))) {
        const text = readText(f);
        for (const m of text.matchAll(DEFINE)) if (names.has(m[1])) return { file: f, offset: m.index, name: m[1] };
      }
    }
    for (const archive of rendered.archives) {
      const packed = archivedTemplates(archive);
      if ("unreadable" in packed) return { file: archive, offset: 0, name: [...names][0], unreadable: packed.unreadable };
      for (const t of packed.templates)
        for (const m of t.text.matchAll(DEFINE)) if (names.has(m[1])) return { file: archive, offset: 0, name: m[1], inside: t.name };
    }
  }
  return void 0;
}
function fileInclude(dir, show) {
  const files = chartTemplates(dir);
  const texts = files.map((f) => [f, readText(f)]);
  const defined = new Set(texts.flatMap(([, t]) => [...t.matchAll(DEFINE)].map((m) => m[1])));
  for (const [f, text] of texts)
    for (const m of text.matchAll(/\b(?:include|template)\s+"([^"/]*\/[^"]*)"/g))
      if (!defined.has(m[1])) {
        const before = text.slice(0, m.index);
        const at = `${show(f)}:${before.split("\n").length}:${m.index - before.lastIndexOf("\n")}`;
        return `${at}: an include of the template file ${m[1]}, which renders it again and reads every value it reads`;
      }
  return void 0;
}
function chartTemplates(dir) {
  return [...filesUnder(join(dir, "templates")), ...filesUnder(join(dir, "charts")).filter((f) => !f.endsWith(".tgz"))];
}
function renderedWith(u, seen) {
  const real = realOrSelf(u.dir);
  if (seen.has(real)) return { dirs: [], archives: [] };
  seen.add(real);
  const subcharts = subchartsOf(u.dir);
  const deps = [
    ...u.dependencies.flatMap((d) => d.repository?.startsWith("file://") ? [resolve(u.dir, d.repository.slice(7))] : []),
    ...subcharts.flatMap((s) => "meta" in s ? [s.meta.dir] : [])
  ];
  const out = { dirs: [u.dir], archives: subcharts.flatMap((s) => "archive" in s ? [s.archive] : []) };
  for (const d of deps) {
    const meta = chartMeta(d);
    const more = meta ? renderedWith(meta, seen) : { dirs: [], archives: [] };
    out.dirs.push(...more.dirs);
    out.archives.push(...more.archives);
  }
  return out;
}
function readText(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

// src/files/helm/set-keys.ts
import { readFileSync as readFileSync2 } from "node:fs";
function oddSetKey(found, path, show) {
  const paths = [path, ...found.renderers.map((r) => [...r.prefix, ...path])];
  const k = scriptSetKey(
    found.worlds.flatMap((w) => w.allFiles),
    paths
  );
  if (!k) return void 0;
  const before = readFileSync2(k.file, "utf8").slice(0, k.offset);
  const at = `${show(k.file)}:${before.split("\n").length}:${k.offset - before.lastIndexOf("\n")}`;
  return `${at} (a ${k.flag} key spelt ${JSON.stringify(k.key)} after the shell, with a backslash, a quote inside it or an escape this run does not compare)`;
}

// src/files/helm/values-schema.ts
var ABOVE = /* @__PURE__ */ new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "type",
  "properties",
  "patternProperties",
  "additionalProperties",
  "required",
  "minProperties",
  "maxProperties",
  "propertyNames"
]);
var LEAF = /* @__PURE__ */ new Set([
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "type",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "enum",
  "const"
]);
function schemaRefusal(schemaText, path, value) {
  let root;
  try {
    root = JSON.parse(schemaText);
  } catch {
    return "it is not JSON this run reads";
  }
  let level = [root];
  for (const [i, key] of path.entries()) {
    const next = [];
    for (const s of level) {
      if (typeof s === "boolean") {
        if (!s) return `it rejects .Values.${path.slice(0, i).join(".")}`;
        continue;
      }
      const other = Object.keys(s).find((k) => !ABOVE.has(k));
      if (other)
        return `"${other}" applies to .Values${path.slice(0, i).map((k) => `.${k}`).join("")}, which this run does not prove`;
      next.push(...childSchemas(s, key));
    }
    level = next;
  }
  for (const s of level) {
    const why = leafRefusal(s, value);
    if (why) return `${why} at .Values.${path.join(".")}`;
  }
  return void 0;
}
function childSchemas(s, key) {
  const out = [];
  const props = s.properties;
  if (props && Object.prototype.hasOwnProperty.call(props, key)) out.push(props[key]);
  const patterns = s.patternProperties ?? {};
  for (const [p, sub] of Object.entries(patterns)) {
    let re;
    try {
      re = new RegExp(p, "u");
    } catch {
      out.push(false);
      continue;
    }
    if (re.test(key)) out.push(sub);
  }
  if (out.length === 0 && s.additionalProperties !== void 0) out.push(s.additionalProperties);
  return out;
}
function leafRefusal(s, value) {
  if (typeof s === "boolean") return s ? void 0 : "the schema rejects any value";
  const other = Object.keys(s).find((k) => !LEAF.has(k));
  if (other) return `"${other}" is not proved`;
  if (s.type !== void 0 && !typeMatches(s.type, value))
    return `the new value ${JSON.stringify(value)} is not of type ${JSON.stringify(s.type)}`;
  if (s.enum !== void 0 && !(Array.isArray(s.enum) && s.enum.some((e) => e === value)))
    return `the new value ${JSON.stringify(value)} is not in its enum`;
  if (s.const !== void 0 && s.const !== value) return `the new value ${JSON.stringify(value)} is not its const`;
  if (typeof value !== "number") return void 0;
  const n = (k) => typeof s[k] === "number" ? s[k] : void 0;
  for (const k of ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"])
    if (s[k] !== void 0 && typeof s[k] !== "number" && typeof s[k] !== "boolean") return `its ${k} is no number`;
  const onBound = (k) => value === n(k) && s[k === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] === true;
  const bounds = [
    ["minimum", n("minimum") === void 0 || value >= n("minimum") && !onBound("minimum")],
    ["maximum", n("maximum") === void 0 || value <= n("maximum") && !onBound("maximum")],
    ["exclusiveMinimum", n("exclusiveMinimum") === void 0 || value > n("exclusiveMinimum")],
    ["exclusiveMaximum", n("exclusiveMaximum") === void 0 || value < n("exclusiveMaximum")],
    ["multipleOf", n("multipleOf") === void 0 || Number.isInteger(value / n("multipleOf"))]
  ];
  const broken = bounds.find(([, ok]) => !ok);
  return broken ? `the new value ${value} breaks its ${broken[0]} ${String(s[broken[0]])}` : void 0;
}
function typeMatches(type, value) {
  const types = Array.isArray(type) ? type : [type];
  const actual = value === null ? "null" : typeof value;
  return types.some(
    (t) => t === actual || t === "integer" && typeof value === "number" && Number.isInteger(value) || t === "object" && actual === "object" && !Array.isArray(value)
  );
}

// src/files/helm/values-proof.ts
function valueRefusal(p) {
  const dotted = `.Values.${p.path.join(".")}`;
  const found = renderersOf(p);
  if ("refused" in found) return found.refused;
  const { renderers } = found;
  const repoFiles = settingFiles(found);
  const reused = anchorReused(p.valuesText, p.path);
  if (reused) return `${p.show(p.valuesFile)}:${reused.line}:${reused.column}: ${reused.how}, so ${dotted} is read under another path too`;
  const sharing = new Set(renderers.filter((r) => r.shares).map((r) => realOrSelf(r.meta.dir)));
  const shared = sharedTemplate(
    found.charts.filter((c) => !sharing.has(realOrSelf(c.dir))),
    p.chart,
    p.own.file
  );
  if (shared)
    return `${p.show(shared)}:1:1: the same file as ${p.show(p.own.file)} through a link, so converting it converts another chart's split too, whose values are not proved`;
  for (const r of renderers) {
    const why = structureRefusal(r, p) ?? readerRefusal(r, p, dotted) ?? setterRefusal(r, p, dotted) ?? repoSetterRefusal(r, p, repoFiles);
    if (why) return why;
  }
  const umbrellas = renderers.filter((r) => !r.shares).map((r) => r.meta);
  for (const r of renderers.filter((x) => x.shares)) {
    const h = redefinedHelper(r.meta.dir, umbrellas);
    if (h?.unreadable)
      return `${p.show(h.file)}:1:1: a packaged chart Helm renders together with ${r.meta.name}, whose templates cannot all be read (${h.unreadable}): a define there may take the place of a helper of ${r.meta.name}`;
    if (h)
      return `${h.inside ? `${p.show(h.file)}:1:1` : place(p.show(h.file), readText2(h.file), h.offset)}: a define of "${h.name}"${h.inside ? ` (in ${h.inside})` : ""} in a chart Helm renders together with ${r.meta.name}: it may take the place of ${r.meta.name}'s own`;
  }
  const tplRead = repoTemplateText(
    repoFiles,
    [p.path, ...renderers.map((r) => [...r.prefix, ...p.path])],
    renderers.map((r) => r.meta.dir),
    found.worlds.flatMap((w) => w.allFiles)
  );
  if (tplRead)
    return `${dotted} is read elsewhere too: ${place(p.show(tplRead.file), readText2(tplRead.file), tplRead.offset)} (${tplRead.what ? `${tplRead.what}, ` : ""}template text a chart given it with -f may render with tpl)`;
  const key = oddSetKey(found, p.path, p.show);
  if (key) return `${key} may name ${dotted}: it may set the value`;
  const proved = new Set(renderers.filter((r) => r.shares).map((r) => realOrSelf(r.meta.dir)));
  const link = linkToValues(found.repoFiles, p.valuesFile, proved);
  if (link) return `${p.show(link)}:1:1: a link to ${p.show(p.valuesFile)}, so a chart given it with -f reads ${dotted} too`;
  const m = mentionIn(found, p, p.path, true);
  if (m?.handed) return `${p.show(m.file)}:${m.line}:${m.column}: ${handedWhy(m.handed, p.show, dotted)}`;
  if (m?.word !== void 0)
    return `${p.show(m.file)}:${m.line}:${m.column} spells ${m.word}, a key of ${dotted}, in a file this run cannot read as data (code, a script, a template): it may set the value`;
  return m && `${p.show(m.file)}:${m.line}:${m.column} mentions ${dotted}: it may set the value (a file this run cannot read as Helm's input)`;
}
function handedWhy(h, show, dotted) {
  if (h.editor !== void 0)
    return `it may write a file by a name, glob or variable that may be ${show(h.values)} (${h.editor}, from a directory this run cannot know), so it may set ${dotted}`;
  if (h.named) return `it names ${show(h.values)} by path, so a chart it is handed to with -f may read ${dotted} too`;
  const to = h.chart === void 0 ? "a chart that is no directory of the repository" : show(h.chart);
  return h.written ? `it hands ${show(h.values)} to ${to} as values, so that chart reads ${dotted} too` : `it hands ${show(h.values)}, which mentions ${dotted}, to ${to} as values`;
}
function mentionIn(found, p, path, writing) {
  const precise = [
    ...settingFiles(found),
    ...found.renderers.flatMap((r) => [...r.shares ? [] : [join2(r.meta.dir, "values.yaml")], ...overrideFiles(r.meta.dir)])
  ];
  return mentionSetter({
    worlds: found.worlds,
    runFiles: p.runFiles,
    cache: found.cache,
    renderers: found.renderers.map((r) => ({ dir: r.meta.dir, full: [...r.prefix, ...path] })),
    valuesFile: p.valuesFile,
    precise,
    path,
    writing
  });
}
function valueMention(p, path) {
  const found = renderersOf(p);
  return "refused" in found ? found : mentionIn(found, p, path, false);
}
function repoSetterRefusal(r, p, repoFiles) {
  const full = [...r.prefix, ...p.path];
  const written = realFile(p.valuesFile);
  const own = realFile(join2(r.meta.dir, "values.yaml"));
  const s = repoSetting(
    repoFiles.filter((f) => realOrSelf(f) !== written && realOrSelf(f) !== own),
    full,
    readText2
  );
  return s && `${p.show(s.file)}:${s.line}:${s.column}${s.how} .Values.${full.join(".")}${s.how.startsWith(":") ? "" : " too"}`;
}
function schemaRefusalOf(p, value) {
  const found = renderersOf(p);
  if ("refused" in found) return found.refused;
  for (const r of found.renderers) {
    const schema = join2(r.meta.dir, "values.schema.json");
    if (!existsSync(schema)) continue;
    const why = schemaRefusal(readText2(schema), [...r.prefix, ...p.path], value);
    const key = [...r.prefix, ...p.path].at(-1);
    if (why) return `${keyPlace(schema, key, p.show)} constrains .Values.${[...r.prefix, ...p.path].join(".")}: ${why}`;
  }
  return void 0;
}
function valueSetters(p, path) {
  const found = renderersOf(p);
  if ("refused" in found) return found;
  const repoFiles = settingFiles(found);
  const written = realFile(p.valuesFile);
  const seen = /* @__PURE__ */ new Set();
  const setters = [];
  for (const r of found.renderers) {
    const full = [...r.prefix, ...path];
    const files = [...r.shares ? [] : [join2(r.meta.dir, "values.yaml")], ...overrideFiles(r.meta.dir), ...repoFiles];
    for (const file of files) {
      const key = `${realOrSelf(file)}\0${full.join(".")}`;
      if (realFile(file) === written || seen.has(key)) continue;
      seen.add(key);
      setters.push({ file, path: full });
    }
  }
  return { setters };
}
function valueMutation(p, path) {
  const found = renderersOf(p);
  if ("refused" in found) return found.refused;
  for (const r of found.renderers) {
    const dir = r.meta.dir;
    const templates = [...filesUnder(join2(dir, "templates")), ...filesUnder(join2(dir, "charts")).filter((f) => !f.endsWith(".tgz"))];
    const texts = new Map(templates.map((f) => [f, readText2(f)]));
    const deps = fileDependencyTemplates(r.meta);
    if ("unreadable" in deps)
      return `${p.show(deps.unreadable.file)}:1:1: a file:// dependency of ${r.meta.name} whose templates cannot all be read (${deps.unreadable.why})`;
    const depTexts = deps.templates.map((t) => ({ ...t, text: t.text ?? readText2(t.file) }));
    const roots = rootNames([...texts.values(), ...depTexts.map((t) => t.text)]);
    for (const [f, text] of texts) {
      const m = valueMutations(text, [...r.prefix, ...path], roots)[0];
      if (m) return `${place(p.show(f), text, m.offset)} (${m.what})`;
    }
    const tpl = [...texts.values()].some(rendersFiles);
    for (const f of tpl ? [join2(dir, "values.yaml"), ...overrideFiles(dir)] : []) {
      const m = valuesTextMutation(readText2(f), [...r.prefix, ...path]);
      if (m) return `${place(p.show(f), readText2(f), m.offset)} (${m.what})`;
    }
    for (const t of depTexts) {
      const m = valueMutations(t.text, [...r.prefix, ...path], roots)[0];
      if (m && t.entry === void 0) return `${place(p.show(t.file), t.text, m.offset)} (${m.what})`;
      if (m) return `${p.show(t.file)}:1:1 (${place(t.entry, t.text, m.offset)} in the archive, a file:// dependency: ${m.what})`;
    }
  }
  const repo = repoTextChange(settingFiles(found), found.worlds, path, found.renderers);
  return repo ? `${place(p.show(repo.file), readText2(repo.file), repo.offset)} (${repo.what})` : oddSetKey(found, path, p.show);
}
function settingFiles(found) {
  const renderedBy = new Set(found.renderers.map((r) => realOrSelf(r.meta.dir)));
  const dirs = found.charts.map((c) => c.dir);
  return withHanded(notTemplates(outsideOtherCharts(found.repoFiles, dirs, renderedBy), found.renderers), found.worlds);
}
function renderersOf(p) {
  const meta = chartMeta(p.chart);
  if (!meta) return { refused: `${p.show(join2(p.chart, "Chart.yaml"))} cannot be read` };
  const real = realFile(p.valuesFile);
  const linked = real !== void 0 && real !== join2(realOrSelf(p.chart), "values.yaml");
  const cache = p.world ?? /* @__PURE__ */ new Map();
  const worlds = [];
  for (const at of linked ? [p.chart, real] : [p.chart]) {
    const world = worldOf(at, cache);
    if ("unbounded" in world) return { refused: `${p.show(at)}: ${world.unbounded}` };
    worlds.push(world);
  }
  const run = (dir) => renderingIt(p.dependents, dir);
  const umbrellas = (dir, more = []) => {
    const found = [...worlds, ...more].flatMap((w) => renderingIt(w.umbrellas, dir));
    const all = [...found, ...umbrellasOf(dir, run(dir))].filter((u) => realOrSelf(u.meta.dir) !== realOrSelf(dir));
    return all.filter((u, i) => all.findIndex((x) => x.meta.dir === u.meta.dir && x.prefix === u.prefix) === i);
  };
  const out = [{ meta, prefix: [], own: true, shares: true }];
  const sharing = [...worlds.flatMap((w) => real === void 0 ? [] : w.byValues.get(real) ?? []), ...run(p.chart)].filter(
    (d) => realOrSelf(d.dir) !== realOrSelf(p.chart) && realFile(join2(d.dir, "values.yaml")) === real
  );
  out.push(...uniqueCharts(sharing).map((d) => ({ meta: d, prefix: [], own: false, shares: true })));
  for (const r of [...out]) {
    for (const u of umbrellas(r.meta.dir)) {
      const dep = u.meta.dependencies.find((d) => (d.alias ?? d.name) === u.prefix);
      if (dep?.importValues)
        return { refused: `${keyPlace(u.via, "import-values", p.show)}: import-values lets ${u.prefix} set values of ${u.meta.name}` };
      const aboveWorld = worldOf(u.meta.dir, cache);
      if ("unbounded" in aboveWorld) return { refused: `${p.show(u.meta.dir)}, which renders ${meta.name}: ${aboveWorld.unbounded}` };
      const above = umbrellas(u.meta.dir, [aboveWorld]);
      if (above.length) return { refused: `${p.show(above[0].via)} renders ${u.meta.name}, which renders ${meta.name}: not followed` };
      if (!worlds.includes(aboveWorld)) worlds.push(aboveWorld);
      out.push({ meta: u.meta, prefix: [u.prefix], own: false, shares: false });
    }
  }
  return {
    renderers: out,
    repoFiles: [...new Set(worlds.flatMap((w) => w.dataFiles))],
    charts: uniqueCharts(worlds.flatMap((w) => w.charts)),
    worlds,
    cache
  };
}
function notTemplates(files, renderers) {
  const templates = new Set(renderers.flatMap((r) => filesUnder(join2(r.meta.dir, "templates")).map(realOrSelf)));
  return files.filter((f) => !templates.has(realOrSelf(f)));
}
function uniqueCharts(charts) {
  const seen = /* @__PURE__ */ new Set();
  return charts.filter((c) => !seen.has(c.dir) && Boolean(seen.add(c.dir)));
}
function structureRefusal(r, p) {
  const included = fileInclude(r.meta.dir, p.show);
  if (included) return included;
  const full = [...r.prefix, ...p.path];
  const chartFile = p.show(join2(r.meta.dir, "Chart.yaml"));
  const broken = loadBreak(r.meta.dir) ?? linkOutside(r.meta.dir) ?? valuesLeftOut(r.meta.dir, r.prefix.length === 0 ? r.meta.dir : p.chart);
  if (broken) return `${p.show(broken.file)}:1:1: ${broken.why}`;
  for (const d of r.meta.dependencies) {
    if (d.importValues)
      return `${keyPlace(join2(r.meta.dir, "Chart.yaml"), "import-values", p.show)}: import-values lets ${d.name} set values of ${r.meta.name}`;
    if (d.condition?.split(",").some((c) => overlaps(c.trim().split("."), full)))
      return `${keyPlace(join2(r.meta.dir, "Chart.yaml"), "condition", p.show)}: the condition of ${d.name} reads .Values.${d.condition}`;
    const own = r.prefix.length > 0 && (d.alias ?? d.name) === r.prefix[0];
    if (!own && (d.alias ?? d.name) === full[0]) return `${chartFile}: the dependency ${d.name} renders .Values.${full[0]} as its values`;
  }
  for (const s of subchartsOf(r.meta.dir)) {
    if ("meta" in s) {
      if (realOrSelf(s.meta.dir) === realOrSelf(p.chart)) continue;
      if (s.meta.name === full[0]) return `${p.show(s.meta.dir)} is a subchart whose values are .Values.${full[0]}`;
    } else {
      const name = archivedChartName(s.archive);
      if (name === void 0)
        return `${p.show(s.archive)} is a packaged subchart whose Chart.yaml cannot be read, so its values may be .Values.${full[0]}`;
      if (name === full[0]) return `${p.show(s.archive)} is a packaged subchart (${name}) whose values are .Values.${full[0]}`;
    }
  }
  return void 0;
}
function readerRefusal(r, p, dotted) {
  const full = [...r.prefix, ...p.path];
  const dir = r.meta.dir;
  const templates = [...filesUnder(join2(dir, "templates")), ...filesUnder(join2(dir, "charts")).filter((f) => !f.endsWith(".tgz"))];
  const texts = new Map(templates.map((f) => [f, readText2(f)]));
  const tpl = [...texts.values()].some(rendersFiles);
  const data = r.shares ? [p.valuesFile, ...overrideFiles(dir)] : [join2(dir, "values.yaml"), ...overrideFiles(dir)];
  const others = tpl ? filesUnder(dir, (n) => n === ".git").filter((f) => !texts.has(f) && !f.endsWith(".tgz")) : [];
  const deps = fileDependencyTemplates(r.meta);
  if ("unreadable" in deps)
    return `${p.show(deps.unreadable.file)}:1:1: a file:// dependency of ${r.meta.name} whose templates cannot all be read (${deps.unreadable.why}): its helpers may read ${dotted}`;
  const depTexts = deps.templates.map((t) => ({ ...t, text: t.text ?? readText2(t.file) }));
  const roots = rootNames([...texts.values(), ...depTexts.map((t) => t.text)]);
  const uses = depUses(depTexts, (t) => [...valueReaders(t, full, true, roots), ...valueMutations(t, full, roots)], p.show);
  for (const [f, template] of [...templates.map((f2) => [f2, true]), ...[...others, ...data].map((f2) => [f2, false])]) {
    const text = f === p.valuesFile ? p.valuesText : texts.get(f) ?? readText2(f);
    const mine = (r.own || r.shares) && sameTemplate(f, text, p.own.file);
    const copy = mine && copyRefusal(f, p);
    if (copy) return copy;
    const code = template || others.includes(f);
    const unprefixed = !code && r.prefix.length > 0 ? valueReaders(text, p.path, false) : [];
    const decoded = code ? [] : [full, ...r.prefix.length > 0 ? [p.path] : []].flatMap((q) => decodedValueReaders(text, q));
    const changes = code ? valueMutations(text, full, roots) : [];
    for (const u of [...valueReaders(text, full, code, roots), ...unprefixed, ...decoded, ...changes]) {
      if (mine && p.own.offsets.has(u.offset)) continue;
      const plain = /^\.Values[\w.]*$/.test(u.what);
      uses.push(`${place(p.show(f), text, u.offset)}${plain ? "" : ` (${u.what})`}`);
    }
  }
  for (const [f, text] of texts) {
    const read = filesReadOf(text, dir, p.valuesFile);
    if (read) uses.push(`${place(p.show(f), text, read.offset)} (${read.what})`);
  }
  if (uses.length) return `${dotted} is read elsewhere too: ${listed([...new Set(uses)])}`;
  return archivedHelpers(dir, [...texts.values()], p);
}
function copyRefusal(f, p) {
  if (realOrSelf(f) === realOrSelf(p.own.file) || p.runFiles?.has(realOrSelf(f))) return void 0;
  return `${p.show(f)}:1:1: a copy of ${p.show(p.own.file)} in a chart that shares ${p.show(p.valuesFile)}, and not converted in this run: its weights would not take the same rewrite; convert both charts in one run`;
}
function sameTemplate(f, text, own) {
  return realOrSelf(f) === realOrSelf(own) || text === readText2(own);
}
function filesReadOf(text, dir, valuesFile) {
  const target = realFile(valuesFile);
  for (const m of text.matchAll(/\.Files\b(?:\.(\w+))?(?:[\s(]*"((?:[^"\\]|\\.)*)")?/g)) {
    const how = m[1];
    const literal = m[2];
    if (how === "Get" || how === "GetBytes" || how === "Lines") {
      if (literal === void 0) return { offset: m.index, what: `.Files.${how} of a path not written out may read the values` };
      if (target !== void 0 && realFile(join2(dir, literal)) === target)
        return { offset: m.index, what: `.Files.${how} "${literal}" reads the values` };
      continue;
    }
    return { offset: m.index, what: `.Files${how ? `.${how}` : ""} may read the values` };
  }
  return void 0;
}
function archivedHelpers(dir, texts, p) {
  const archive = subchartsOf(dir).find((s) => "archive" in s);
  if (!archive || !("archive" in archive)) return void 0;
  const defined = new Set(texts.flatMap((t) => [...t.matchAll(/\bdefine\s+"([^"]+)"/g)].map((m) => m[1])));
  for (const t of texts)
    for (const m of t.matchAll(/\b(?:include|template)\s+(?:"([^"]+)"|(\S))/g))
      if (m[2] !== void 0 || !defined.has(m[1]))
        return `an include of ${m[1] ? `"${m[1]}"` : "a computed name"} may render a helper of ${p.show(archive.archive)}, which is not read`;
  return void 0;
}
function setterRefusal(r, p, dotted) {
  const full = [...r.prefix, ...p.path];
  const files = r.shares ? overrideFiles(r.meta.dir) : [join2(r.meta.dir, "values.yaml"), ...overrideFiles(r.meta.dir)];
  const found = [];
  for (const f of files) {
    if (r.shares && realOrSelf(f) === realFile(p.valuesFile)) continue;
    const text = readText2(f);
    const s = valueSetting(text, full);
    if (s === "unreadable" && /\{\{/.test(text)) continue;
    if (s === "unreadable" && !setsInAnyDocument(text, full)) continue;
    if (s === "unreadable") {
      const why = valuesFileProblem(text);
      return `${p.show(f)}${why ? `:${why.line}:${why.column}: ${why.how}` : " cannot be read"}, so it may set ${dotted}`;
    }
    if (s) found.push(`${p.show(f)}:${s.line}:${s.column}${s.how.startsWith("it sets") ? "" : ` (${s.how})`}`);
  }
  if (found.length === 0) return void 0;
  return `${listed(found)} set${found.length === 1 ? "s" : ""} ${r.shares ? dotted : `.Values.${full.join(".")}`} too`;
}
function overlaps(a, b) {
  const n = Math.min(a.length, b.length);
  return a.slice(0, n).every((k, i) => k === b[i]);
}
function keyPlace(file, key, show) {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(`(?:^|[\\s{,-])(["']?)${escaped}\\1\\s*:`, "m");
  for (const f of file.endsWith("Chart.yaml") ? [file, join2(dirname(file), "requirements.yaml")] : [file]) {
    const text = readText2(f);
    const m = pattern.exec(text);
    if (m) return place(show(f), text, m.index + m[0].lastIndexOf(m[1] + key));
  }
  return `${show(file)}:1:1`;
}
function place(shown, text, offset) {
  const before = text.slice(0, offset);
  return `${shown}:${before.split("\n").length}:${offset - before.lastIndexOf("\n")}`;
}
var MAX_SHOWN = 3;
function listed(items) {
  const shown = items.slice(0, MAX_SHOWN).join(", ");
  return items.length > MAX_SHOWN ? `${shown} and ${items.length - MAX_SHOWN} more` : shown;
}
function readText2(file) {
  try {
    return readFileSync3(file, "utf8");
  } catch {
    return "";
  }
}
export {
  handedWhy,
  schemaRefusalOf,
  valueMention,
  valueMutation,
  valueRefusal,
  valueSetters
};
