#!/usr/bin/env node
import {
  FORMAT_NAMES,
  fanOut,
  formatHelp,
  formatNamed
} from "./chunks/shared-0872142d36.js";
import {
  EXIT_ERROR,
  exitOf
} from "./chunks/shared-2f4694f297.js";
import {
  UsageError,
  checkValues,
  optionRows,
  readFlags
} from "./chunks/shared-1212ed35aa.js";
import {
  chartIgnoreSource,
  chartValuesFile,
  withDoneWeights
} from "./chunks/shared-c72f1d454c.js";
import {
  ChartValuesRun
} from "./chunks/shared-5d597505e4.js";
import {
  KustomizationMentions,
  mayNameDeployGroup
} from "./chunks/shared-821ef2b024.js";
import {
  KUSTOMIZATION_NAMES,
  isKustomizationFile
} from "./chunks/shared-e7246e960e.js";
import {
  checkWritable,
  fileFinding,
  ioError,
  isTempName,
  leftUnchanged,
  removeStaleTemps,
  skipped,
  unchanged,
  withFindings,
  writeFileAtomic
} from "./chunks/shared-63797b09e0.js";
import {
  WriteBoundary,
  beyondMessage,
  repositoryOf
} from "./chunks/shared-adac2e8139.js";
import {
  displayPath,
  isInside,
  physical,
  realOrSelf,
  relativeInside
} from "./chunks/shared-ee5c055de3.js";
import {
  linkFindings
} from "./chunks/shared-5e4676b2ba.js";
import {
  migrateBytes,
  rewriteInput
} from "./chunks/shared-2bc75f1796.js";
import {
  GROUP_NEEDLES,
  NEEDLES,
  documentsOf,
  encodingFinding,
  isCandidate,
  loadConverter,
  loadRewriter,
  locateFindings,
  spliceBytes,
  toByteEdits
} from "./chunks/shared-c4ee163c72.js";
import {
  spellsNameByEscape,
  stemGroups
} from "./chunks/shared-f775291102.js";
import "./chunks/shared-2a7eafe8ab.js";
import "./chunks/shared-6c59af8607.js";
import {
  TARGET_OPTIONS,
  readTargets,
  targetRules
} from "./chunks/shared-8f1e476c25.js";
import "./chunks/shared-f1acd8e619.js";
import "./chunks/shared-e2b5701804.js";
import "./chunks/shared-010d2dfd77.js";
import "./chunks/shared-cead045f6a.js";
import "./chunks/shared-6bfea2ec3c.js";
import "./chunks/shared-7cd1ba18bb.js";
import {
  countFinding,
  isConversion,
  newTotals
} from "./chunks/shared-f341ea3861.js";
import {
  version
} from "./chunks/shared-bf13efb741.js";

// src/cli.ts
import { fstatSync } from "node:fs";

// src/cli/args.ts
var FLAGS = [
  { name: "check", help: "list what would change; exit 1 if anything would (the default with paths)" },
  { name: "diff", help: "print a unified diff (git apply / patch -p1 at the repository top level); exit 1 if anything would change" },
  { name: "write", help: "rewrite changed files in place, atomically; exit 1 if anything is left for a person" },
  // The versions, the target and its options: one table with the Action (targets/registry.ts).
  ...TARGET_OPTIONS,
  {
    name: "exclude",
    value: "glob",
    multiple: true,
    help: "leave files matching the glob alone (repeatable; relative to the current directory)"
  },
  // The formats' table (report/formats.ts) gives the choices and their help lines; checked in parseArgs.
  { name: "format", value: "format", help: formatHelp() },
  {
    name: "strip-server-fields",
    help: "remove server-owned fields (uid, resourceVersion, managedFields, status, ...)\nfrom converted objects and their List, for dumps to re-apply"
  },
  { name: "quiet", short: "q", help: "text report: hide the per-object info lines;\nwarnings, errors and the summary line stay" },
  { name: "verbose", short: "v", help: "also list files left alone, and why" },
  { name: "no-color", help: "never color the report (also: NO_COLOR=1)" },
  { name: "stdin-filename", value: "name", help: "name stdin in the report (default: <stdin>)" },
  { name: "version", short: "V", help: "print the version" },
  { name: "help", short: "h", help: "show this help" }
];
var USAGE = `Usage: smi-migrate [--check | --diff | --write] [options] [paths...]
       smi-migrate [options] -            convert stdin to stdout
       smi-migrate webhook --help         the conversion webhook (serve, manifests)
       smi-migrate helm-release --help    rewrite Helm release history that holds TrafficSplits
       smi-migrate krm --help             a KRM function (kustomize, kpt): a ResourceList on stdin

Upgrade SMI TrafficSplit manifests losslessly: v1alpha1 quantity weights become exact
integers, and only the apiVersion and weight scalars change. On request (--specs-to,
--access-to, --mesh) also HTTPRouteGroups, TCPRoutes and TrafficTargets, with the
structural changes their versions need.

Paths are files, directories (walked for *.yaml, *.yml, *.json, skipping what git ignores)
or quoted globs ('charts/**/*.yaml'). A glob that matches nothing is an error. Negated
patterns ('!fixtures/**') are not supported: use --exclude.`;
var EXAMPLES = `Examples:
  $ smi-migrate --check .                            list what would change (exit 1 if anything)
  $ smi-migrate --write deploy/ 'charts/**/*.yaml'   convert files in place
  $ smi-migrate --check --exclude 'test/fixtures/**' .
  $ smi-migrate --diff . > smi.patch && git apply smi.patch
  $ smi-migrate --write --mesh osm deploy/           each SMI kind to the version OSM serves
  $ set -o pipefail; helm template ./chart | smi-migrate - | kubectl apply -f -
  $ kubectl get trafficsplits.split.smi-spec.io -A -o yaml | smi-migrate --to v1alpha4 -

Exit codes: 0 nothing to change (or all written), 1 changes needed (--check, --diff) or
something left for a person (templated weights, near-miss groups, held-back trees; also
with --write), 2 error (bad input, unreadable file, usage).`;
function helpText() {
  return `${USAGE}

Options:
${optionRows(FLAGS)}

${EXAMPLES}
`;
}
function parseArgs(argv, env, stdinIsTTY2, write) {
  let read;
  try {
    read = readFlags(argv, FLAGS, true);
  } catch (err) {
    if (err instanceof UsageError && err.kind === "unknown-option")
      throw new UsageError(`${err.message} (run smi-migrate --help for usage)`, err.kind);
    throw err;
  }
  const values = read.values;
  const positionals = read.positionals;
  if (values.help) return void write.out(helpText());
  if (values.version) return void write.out(`${version}
`);
  checkValues(values, FLAGS);
  const format = values.format ?? "text";
  if (!FORMAT_NAMES.includes(format)) throw new UsageError(`--format must be one of ${FORMAT_NAMES.join(", ")}; got "${format}"`);
  const modes = ["check", "diff", "write"].filter((m) => values[m]);
  if (modes.length > 1) throw new UsageError(`Cannot use --${modes[0]} and --${modes[1]} together.`);
  const negated = positionals.find((p) => p.startsWith("!"));
  if (negated) throw new UsageError(`negated patterns are not supported ("${negated}"): use --exclude '${negated.slice(1)}'`);
  const exclude = values.exclude ?? [];
  if (exclude.some((g) => g === "")) throw new UsageError("--exclude needs a glob");
  let paths = positionals;
  const explicitStdin = paths.includes("-");
  if (explicitStdin && paths.some((p) => p !== "-")) throw new UsageError('Cannot read stdin ("-") and files in the same run.');
  const given = modes[0];
  const mode = given ?? (paths.length > 0 && !explicitStdin ? "check" : "stream");
  if (modes.length && paths.length === 0) throw new UsageError("no input: give paths or pipe manifests with -");
  const stdin = explicitStdin || mode === "stream" && paths.length === 0;
  if (stdin && !explicitStdin && stdinIsTTY2()) throw new UsageError("no input: give paths or pipe manifests with - (stdin is a terminal)");
  if (stdin && (mode === "write" || mode === "diff"))
    throw new UsageError(`--${mode} needs file paths; for stdin use "-" alone (converted stream) or --check -.`);
  if (stdin) paths = [];
  const noColor = env.NO_COLOR !== void 0 && env.NO_COLOR !== "";
  const targets = runTargets(values);
  return {
    mode,
    paths,
    exclude,
    stdin,
    ...targets,
    format,
    quiet: Boolean(values.quiet),
    color: !values["no-color"] && !noColor && env.TERM !== "dumb",
    stdinName: values["stdin-filename"] ?? "<stdin>",
    stripServerFields: Boolean(values["strip-server-fields"]),
    noIgnore: Boolean(values["no-ignore"]),
    verbose: Boolean(values.verbose)
  };
}
function runTargets(values) {
  try {
    return readTargets(
      (name) => values[name],
      (name) => `--${name}`,
      (name) => `--to ${name}`
    );
  } catch (err) {
    throw new UsageError(err.message);
  }
}

// src/run/files.ts
import { sep as sep4 } from "node:path";

// src/files/collect.ts
import { lstatSync, readdirSync as readdirSync2, statSync as statSync2 } from "node:fs";
import { basename, dirname, join as join2, relative as relative2, resolve, sep as sep2 } from "node:path";

// src/files/helm/linked-templates.ts
import { existsSync, readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
function inChartTemplates(link) {
  const parts = link.split(sep);
  for (let i = parts.length - 1; i > 0; i--) {
    if (parts[i] !== "templates") continue;
    if (existsSync(join(parts.slice(0, i).join(sep) || sep, "Chart.yaml"))) return true;
  }
  return false;
}
function linkedFiles(link, never) {
  const out = [];
  const seen = /* @__PURE__ */ new Set();
  const stack = [link];
  while (stack.length) {
    const d = stack.pop();
    const real = realOrSelf(d);
    if (seen.has(real)) continue;
    seen.add(real);
    let names;
    try {
      names = readdirSync(d);
    } catch {
      continue;
    }
    for (const name of names) {
      if (never.has(name)) continue;
      const p = join(d, name);
      const st = statOrUndefined(p);
      if (st?.isDirectory()) stack.push(p);
      else if (st?.isFile()) out.push(p);
    }
  }
  return out;
}
function linkedGlobMatches(pattern, cwd, o) {
  const parts = pattern.split("/");
  const last = parts.lastIndexOf("**");
  if (last < 0) return [];
  const dirs = o.glob(parts.slice(0, last + 1).join("/") + "/", { cwd, absolute: true, dot: true, ignore: o.ignore });
  const reached = new Set(dirs);
  const out = [];
  for (const d of dirs) {
    for (const e of entries(d)) {
      const p = join(d, e.name);
      if (!e.isSymbolicLink() || o.never.has(e.name) || reached.has(p) || !statOrUndefined(p)?.isDirectory()) continue;
      if (!inChartTemplates(p)) continue;
      for (const f of linkedFiles(p, o.never)) {
        const shown = isAbsolute(pattern) ? f : relative(cwd, f);
        if (o.matches(shown.split(sep).join("/"))) out.push(f);
      }
    }
  }
  return out;
}
function entries(d) {
  try {
    return readdirSync(d, { withFileTypes: true });
  } catch {
    return [];
  }
}
function statOrUndefined(p) {
  try {
    return statSync(p);
  } catch {
    return void 0;
  }
}

// src/files/collect.ts
var MANIFEST = /\.(ya?ml|json)$|\.tpl$(?<=[\\/]templates[\\/].*)/i;
function walked(f) {
  if (MANIFEST.test(f)) return true;
  if (!/[\\/]templates[\\/]/.test(f) || /^NOTES\.txt$/.test(basename(f))) return false;
  return inChartTemplates(dirname(f));
}
var NEVER = /* @__PURE__ */ new Set([".git", "node_modules"]);
var spawnSync;
async function collectFiles(paths, cwd = process.cwd(), exclude = []) {
  const files = /* @__PURE__ */ new Set();
  const problems = [];
  const roots = [];
  const skipped2 = [];
  const matcher = exclude.length ? await excluder(exclude, cwd) : () => false;
  const excluded = (f) => {
    const out = matcher(f);
    if (out) skipped2.push({ path: f, message: "excluded by --exclude" });
    return out;
  };
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const st = statOrUndefined2(abs);
    if (st?.isFile()) {
      if (!excluded(abs)) files.add(abs);
      roots.push(physical(abs));
      continue;
    }
    spawnSync ??= (await import("node:child_process")).spawnSync;
    if (st?.isDirectory()) {
      for (const f of walkDirectory(abs, skipped2)) {
        if (excluded(f)) continue;
        if (unnamable(f))
          problems.push({ path: displayPath(f, cwd), message: "its name is not valid UTF-8, so it cannot be opened here; rename it" });
        else files.add(f);
      }
      roots.push(physical(abs, true));
      continue;
    }
    const { globSync, hasMagic } = await import("./chunks/glob-dist-esm-index.js");
    if (hasMagic(p, { windowsPathsNoEscape: false })) {
      const ignore = ["**/node_modules/**", "**/.git/**"];
      const matched = globSync(p, { cwd, absolute: true, nodir: true, dot: true, ignore });
      const linked = p.includes("**") ? await globLinks(p, cwd, ignore) : [];
      const kept = [...dropIgnored(matched, skipped2), ...linked].filter((f) => !excluded(f));
      for (const f of kept) files.add(f);
      roots.push(physical(resolve(cwd, globBase(p, hasMagic)), true));
      if (matched.length + linked.length === 0) problems.push({ path: p, message: `no files match the pattern ${p}` });
      else if (kept.length === 0) problems.push({ path: p, message: `every file the pattern ${p} matches is ignored by git or --exclude` });
    } else {
      problems.push({ path: p, message: `${p}: no such file, directory or matching glob` });
    }
  }
  const seen = /* @__PURE__ */ new Set();
  const realDir = /* @__PURE__ */ new Map();
  const unique = [...files].sort().filter((f) => {
    if (isTempName(basename(f))) return false;
    const real = realFile(f, realDir);
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
  return { files: unique, problems, roots, skipped: skipped2 };
}
async function excluder(globs, cwd) {
  const { Minimatch } = await import("./chunks/minimatch-dist-esm-index.js");
  const matchers = globs.map((g) => new Minimatch(trimSlashes(g.replace(/^\.\//, "")), { dot: true }));
  return (file) => {
    const rel = relative2(cwd, file).split(sep2).join("/");
    const parts = rel.split("/");
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n).join("/");
      if (matchers.some((m) => m.match(prefix))) return true;
    }
    return false;
  };
}
async function globLinks(pattern, cwd, ignore) {
  const { globSync } = await import("./chunks/glob-dist-esm-index.js");
  const { Minimatch } = await import("./chunks/minimatch-dist-esm-index.js");
  const m = new Minimatch(pattern.replace(/^(?:\.\/)+/, ""), { dot: true });
  return linkedGlobMatches(pattern.replace(/^(?:\.\/)+/, ""), cwd, { glob: globSync, matches: (f) => m.match(f), never: NEVER, ignore });
}
function trimSlashes(p) {
  let end = p.length;
  while (end > 1 && p[end - 1] === "/") end--;
  return p.slice(0, end);
}
function globBase(pattern, hasMagic) {
  const parts = pattern.split("/");
  const fixed = [];
  for (const part of parts.slice(0, -1)) {
    if (hasMagic(part, { windowsPathsNoEscape: false })) break;
    fixed.push(part);
  }
  return fixed.join("/") || (pattern.startsWith("/") ? "/" : ".");
}
function realFile(f, realDir) {
  if (!regular.has(f) && lstatOrUndefined(f)?.isSymbolicLink()) return realOrSelf(f);
  const dir = dirname(f);
  let real = realDir.get(dir);
  if (real === void 0) {
    real = realOrSelf(dir);
    realDir.set(dir, real);
  }
  return real === dir ? f : join2(real, basename(f));
}
var REPLACEMENT = "\uFFFD";
function unnamable(file) {
  return file.includes(REPLACEMENT) && lstatOrUndefined(file) === void 0;
}
function walkDirectory(dir, skipped2) {
  const listed = isIgnoredDir(dir) ? void 0 : gitListFiles(dir, skipped2);
  if (!listed) return walkFs(dir).filter(walked);
  return listed.filter((f) => walked(f) && !f.split(sep2).some((part) => NEVER.has(part)));
}
function isIgnoredDir(dir) {
  const top = workTreeOf(dir);
  if (!top || resolve(top) === resolve(dir)) return false;
  const r = spawnSync("git", ["-C", top, "check-ignore", "-q", "--", relative2(top, dir)], { encoding: "utf8" });
  return r.status === 0;
}
function gitListFiles(dir, skipped2) {
  const r = spawnSync("git", ["-C", dir, "ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) return void 0;
  const ignored = spawnSync("git", ["-C", dir, "ls-files", "-o", "-i", "--exclude-standard", "--directory", "-z"], {
    encoding: "utf8",
    maxBuffer: 1 << 30
  });
  for (const f of ignored.status === 0 ? ignored.stdout.split("\0") : [])
    if (f && !f.split("/").some((part) => NEVER.has(part))) skipped2.push({ path: join2(dir, f), message: "ignored by git" });
  const out = [];
  for (const f of r.stdout.split("\0").filter(Boolean).map((f2) => join2(dir, f2))) {
    const st = lstatOrUndefined(f);
    if (st?.isFile()) regular.add(f);
    if (st?.isFile() || st?.isSymbolicLink() && statOrUndefined2(f)?.isFile() || !st && f.includes(REPLACEMENT)) out.push(f);
    else if (st?.isDirectory() && !NEVER.has(basename(f))) out.push(...gitListFiles(f, skipped2) ?? walkFs(f));
    else if (st?.isSymbolicLink() && statOrUndefined2(f)?.isDirectory() && inChartTemplates(f)) out.push(...linkedFiles(f, NEVER));
  }
  return out;
}
function walkFs(dir) {
  const out = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    const prefix = d.endsWith(sep2) ? d : d + sep2;
    for (const e of readdirSync2(d, { withFileTypes: true })) {
      if (NEVER.has(e.name)) continue;
      const p = prefix + e.name;
      if (e.isDirectory()) {
        stack.push(p);
      } else if (e.isFile()) {
        regular.add(p);
        out.push(p);
      } else if (e.isSymbolicLink() && statOrUndefined2(p)?.isFile()) {
        out.push(p);
      } else if (e.isSymbolicLink() && statOrUndefined2(p)?.isDirectory() && inChartTemplates(p)) {
        out.push(...linkedFiles(p, NEVER));
      }
    }
  }
  return out;
}
function dropIgnored(files, skipped2) {
  const byTop = /* @__PURE__ */ new Map();
  const outside = [];
  for (const f of files) {
    const top = workTreeOf(dirname(f));
    if (top) byTop.set(top, [...byTop.get(top) ?? [], f]);
    else outside.push(f);
  }
  const kept = [...outside];
  for (const [top, all] of byTop) {
    const realDir = /* @__PURE__ */ new Map();
    const beyond = (f) => {
      const rel2 = relative2(top, dirname(f));
      if (rel2.startsWith("..")) return false;
      if (!realDir.has(rel2)) realDir.set(rel2, realOrSelf(dirname(f)));
      return realDir.get(rel2) !== join2(top, rel2);
    };
    kept.push(...all.filter(beyond));
    const list = all.filter((f) => !beyond(f));
    const rel = list.map((f) => relative2(top, f));
    const r = spawnSync("git", ["-C", top, "check-ignore", "--stdin", "-z"], {
      input: rel.join("\0") + "\0",
      encoding: "utf8",
      maxBuffer: 1 << 30
    });
    const ignored = new Set(r.status === 0 ? r.stdout.split("\0").filter(Boolean) : []);
    list.forEach((f, i) => ignored.has(rel[i]) ? skipped2.push({ path: f, message: "ignored by git" }) : kept.push(f));
  }
  return kept;
}
var topCache = /* @__PURE__ */ new Map();
function workTreeOf(dir) {
  if (!topCache.has(dir)) {
    const r = spawnSync("git", ["-C", dir, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
    topCache.set(dir, r.status === 0 ? r.stdout.trim() : void 0);
  }
  return topCache.get(dir);
}
var regular = /* @__PURE__ */ new Set();
function lstatOrUndefined(p) {
  try {
    return lstatSync(p);
  } catch {
    return void 0;
  }
}
function statOrUndefined2(p) {
  try {
    return statSync2(p);
  } catch {
    return void 0;
  }
}
async function collectBeside(dirs, cwd, exclude = []) {
  const byRepo = /* @__PURE__ */ new Map();
  const cache = /* @__PURE__ */ new Map();
  const out = [];
  for (const dir of new Set(dirs)) {
    const root = repositoryOf(dir, cache);
    if (root === null) out.push(...shallowFiles(dir));
    else byRepo.set(root, [...byRepo.get(root) ?? [], dir]);
  }
  const { execFile } = byRepo.size ? await import("node:child_process") : { execFile: void 0 };
  const listed = [...byRepo].map(([root, list]) => {
    const specs = list.map((d) => `:(glob)${[...relative2(root, d).split(sep2), "*"].filter(Boolean).map(globEscape).join("/")}`);
    const args = ["-C", root, "ls-files", "-co", "--exclude-standard", "-z", "--", ...specs];
    return new Promise(
      (done) => execFile(
        "git",
        args,
        { encoding: "utf8", maxBuffer: 1 << 30 },
        (err, stdout2) => done(err ? list.flatMap(shallowFiles) : stdout2.split("\0").flatMap((f) => f ? [join2(root, f)] : []))
      )
    );
  });
  for (const f of (await Promise.all(listed)).flat()) if (regularOrLink(f)) out.push(f);
  const matcher = exclude.length ? await excluder(exclude, cwd) : () => false;
  return out.filter((f) => walked(f) && !isTempName(basename(f)) && !f.split(sep2).some((p) => NEVER.has(p)) && !matcher(f));
}
function globEscape(part) {
  return part === "*" ? part : part.replace(/[*?[\]\\]/g, "\\$&");
}
function regularOrLink(path) {
  return lstatOrUndefined(path)?.isFile() || statOrUndefined2(path)?.isFile() || false;
}
function shallowFiles(dir) {
  try {
    return readdirSync2(dir, { withFileTypes: true }).flatMap((e) => {
      const p = join2(dir, e.name);
      return e.isFile() || e.isSymbolicLink() && statOrUndefined2(p)?.isFile() ? [p] : [];
    });
  } catch {
    return [];
  }
}

// src/files/hints.ts
import { readFileSync } from "node:fs";
async function withValuesHints(findings, file, show) {
  if (!findings.some((f) => f.valuesPath)) return findings;
  const valuesFile = chartValuesFile(file);
  if (!valuesFile) return findings;
  let text;
  try {
    text = readFileSync(valuesFile, "utf8");
  } catch {
    return findings;
  }
  const { findValue } = await import("./chunks/yaml-values.js");
  return findings.map((f) => {
    const at = f.valuesPath && findValue(text, f.valuesPath);
    if (!at) return f;
    const affix = f.valuesAffix;
    const reads = !affix && at.reads ? `; the template renders ${at.rendered}, ${at.reads} by Kubernetes` : "";
    const hint = `${show(valuesFile)}:${at.line}:${at.column} holds ${at.raw}${reads || rendering(at.raw, at.rendered, affix)}`;
    return { ...f, message: `${f.message} (${hint})` };
  });
}
function rendering(raw, rendered, affix) {
  if (affix?.more) return "; the weight has more template text around it";
  const around = (affix?.prefix ?? "") + (affix?.suffix ?? "");
  if (rendered === void 0) {
    if (!affix) return "";
    const parts = [affix.prefix && `"${affix.prefix}" before it`, affix.suffix && `"${affix.suffix}" after it`].filter(Boolean);
    return `; the template writes ${parts.join(" and ")}`;
  }
  const text = `${affix?.prefix ?? ""}${rendered}${affix?.suffix ?? ""}`;
  if (!around && (text === raw || text === raw.slice(1, -1))) return "";
  return `; the template renders ${text}`;
}

// src/files/conversions.ts
async function convertKept(kept, trees, optionsOf, o) {
  let converter = await o.converter;
  const chartValues = o.values && new ChartValuesRun(o.values);
  const results = /* @__PURE__ */ new Map();
  for (const [file, input] of kept) {
    const shown = o.show(file);
    const run2 = optionsOf(file);
    const key = trees?.keyOf.get(file) ?? file;
    const candidate = isCandidate(input);
    let r = trees ? trees.kustomize.convertTreeFile(trees.plan, key, input, run2, shown) : void 0;
    if (!r) {
      if (!converter && candidate) converter = await loadConverter();
      const floors = trees?.plan.floors.get(key);
      r = await convertOne(file, input, run2, { shown, show: o.show, floors, converter, values: chartValues });
    }
    const objects = r.objects ?? [];
    const extraOf = trees?.extras.get(file);
    const result = r.changed ? { file, shown, candidate, input, ...r, objects } : { ...r, ...unchanged(file, shown, r.findings), candidate, objects };
    results.set(file, extraOf === void 0 ? result : { ...result, extraOf });
  }
  return { results, values: chartValues ? chartValues.files : /* @__PURE__ */ new Map() };
}
async function convertOne(file, input, run2, o) {
  const marked = !run2.noIgnore && input.includes("{{") ? chartIgnoreSource(file) : void 0;
  if (marked !== void 0) run2 = { ...run2, chartSuppression: o.show(marked) };
  const convert = (opts) => migrateBytes(input, opts, o.shown, o.converter ?? failIfCalled);
  const checked = o.values && !o.floors ? { ...run2, chartFiles: true } : run2;
  let r = convert(o.floors ? { ...run2, scaleFloor: o.floors } : checked);
  if (o.values && !o.floors && o.converter) r = await o.values.convert(file, r, checked, convert);
  const world = o.values && r.findings.some((f) => f.valuesDone) ? await o.values.proofWorld() : void 0;
  const done = await withDoneWeights(r.findings, file, input, { show: o.show, world, notLinkerd: run2.notLinkerd });
  return { ...r, findings: await withValuesHints(done, file, o.show) };
}
var failIfCalled = () => {
  throw new Error("internal error: converter used for a non-candidate file");
};

// src/files/outside.ts
import { lstatSync as lstatSync2 } from "node:fs";
import { dirname as dirname2, relative as relative3, sep as sep3 } from "node:path";
function holdBackOutside(results, boundary, trees) {
  const byTree = /* @__PURE__ */ new Map();
  const said = /* @__PURE__ */ new Map();
  const say = (r, f) => said.set(r, [...said.get(r) ?? [], f]);
  const beyond = /* @__PURE__ */ new Set();
  for (const r of results) {
    if (!r.changed || boundary.allows(r.file)) continue;
    beyond.add(r);
    const tree = trees?.treeOf(r);
    if (tree === void 0) say(r, loneFinding(r, boundary));
    else byTree.set(tree, [...byTree.get(tree) ?? [], r]);
  }
  for (const [tree, outside] of byTree) refuseTree(tree, outside, boundary, trees, say);
  if (said.size === 0 && beyond.size === 0) return { results: [...results], failed: /* @__PURE__ */ new Set() };
  const out = results.map((r) => {
    const held = beyond.has(r) ? { ...r, changed: false, output: r.input } : r;
    return withFindings(held, said.get(r) ?? []);
  });
  return { results: out, failed: new Set(byTree.keys()) };
}
function loneFinding(r, boundary) {
  const real = realOrSelf(r.file);
  const what = isSymlink(r.file) ? `cannot process ${r.shown}: it is a symlink to ${real},` : `cannot process ${r.shown}: it is${real === r.file ? "" : ` ${real},`}`;
  const include = isSymlink(r.file) ? void 0 : `pass ${boundary.name(real)} to convert it`;
  return { ...warning(0, beyondMessage(what, { include })), path: r.shown, line: 0, column: 0 };
}
function refuseTree(tree, outside, boundary, trees, say) {
  const crossings = [];
  for (const [key, k] of trees.kustomizations) {
    if (trees.tree.get(key) !== tree || !boundary.allows(key) || !trees.resultOf(key)) continue;
    for (const entry of entries2(k)) {
      const target = realOrSelf(entry.path);
      if (boundary.allows(target)) continue;
      crossings.push({ k, entry, files: outside.filter((r) => isInside(realOrSelf(r.file), target)) });
    }
  }
  const covered = new Set(crossings.flatMap((c) => c.files));
  const uncovered = outside.filter((r) => !covered.has(r));
  if (crossings.length === 0) {
    for (const r of outside) say(r, loneFinding(r, boundary));
    return;
  }
  crossings[0].files.push(...uncovered);
  for (const { k, entry, files } of crossings) {
    if (files.length === 0) continue;
    const result = trees.resultOf(k.file);
    const names = files.map((r) => boundary.name(r.file));
    const named = relative3(dirname2(k.file), entry.path).split(sep3).join("/") || ".";
    const message = beyondMessage(`${entry.field} entry ${named} reaches ${names.join(", ")},`, {
      notWritten: "its kustomize tree is not written",
      include: `pass ${names.length > 1 ? "their paths" : "its path"} to convert ${names.length > 1 ? "them" : "it"}, or a directory that holds both`
    });
    for (const f of locateFindings([warning(entry.offset, message)], k.text, 1, result.shown)) say(result, f);
  }
}
function entries2(k) {
  const out = k.children.map((c) => ({ field: c.field, path: c.path, offset: c.offset }));
  for (const p of k.patches) if (p.file !== void 0) out.push({ field: p.field, path: p.file, offset: p.offset });
  return out;
}
function warning(offset, message) {
  return { severity: "warning", code: "write-boundary", offset, message, pending: true };
}
function isSymlink(file) {
  try {
    return lstatSync2(file).isSymbolicLink();
  } catch {
    return false;
  }
}

// src/files/hold-back.ts
function holdBack(ordered, trees, values, o) {
  const treeOf = (r) => trees?.plan.tree.get(trees.keyOf.get(r.file) ?? r.file);
  let results = [...ordered];
  let failed = /* @__PURE__ */ new Set();
  if (o.boundary) ({ results, failed } = holdBackOutside(results, o.boundary, trees && treesView(trees, results, treeOf)));
  if (trees) results = holdBackTrees(results, treeOf, failed, o.writing ? o.boundary : void 0);
  return holdBackPairs(results, values);
}
function treesView(trees, results, treeOf) {
  const byKey = new Map(results.map((r) => [trees.keyOf.get(r.file) ?? realOrSelf(r.file), r]));
  return { treeOf, tree: trees.plan.tree, kustomizations: trees.plan.kustomizations, resultOf: (key) => byKey.get(key) };
}
function holdBackTrees(results, treeOf, failedBefore, writing) {
  const failed = new Set(failedBefore);
  const checked = results.map((r) => {
    const tree = treeOf(r);
    if (tree === void 0) return r;
    if (r.findings.some((f) => f.severity === "error" || f.pending)) failed.add(tree);
    else if (writing && r.changed) {
      try {
        checkWritable(r.file, { boundary: writing, unchanged: r.input });
      } catch (err) {
        failed.add(tree);
        return { ...withFindings(r, [ioError(r.shown, err)]), changed: false };
      }
    }
    return r;
  });
  return checked.map((r) => {
    const tree = treeOf(r);
    if (tree === void 0 || !failed.has(tree) || !r.changed) return r;
    return leftUnchanged(
      r,
      "left unchanged: another file of its kustomize tree has errors, is left for a person, cannot be written or is outside the paths being processed, and a tree is converted whole or not at all",
      false
    );
  });
}
function holdBackPairs(results, values) {
  if (values.size === 0) return results;
  const indexOf = new Map(results.map((r, i) => [realOrSelf(r.file), i]));
  const out = [...results];
  for (const v of values.values()) {
    const at = (files) => files.map((f) => indexOf.get(realOrSelf(f))).filter((i) => i !== void 0);
    const members = at([v.file, ...v.templates]);
    const errs = (i) => out[i].findings.some((f) => f.severity === "error");
    const failed = members.some((i) => !out[i].changed || errs(i)) || at(v.repairs).some(errs);
    if (!failed) continue;
    for (const i of members) {
      if (out[i].changed)
        out[i] = leftUnchanged(
          out[i],
          "left unchanged: a chart template and the values.yaml its weights render from are converted together, and the other one has errors, cannot be written or is outside the paths being processed",
          true
        );
    }
  }
  return out;
}

// src/files/kustomizations.ts
import { dirname as dirname3, join as join3 } from "node:path";
var PATTERNS = [...KUSTOMIZATION_NAMES].map((name) => `:(top,glob)**/${name}`);
async function repoKustomizations(files) {
  const roots = /* @__PURE__ */ new Set();
  const cache = /* @__PURE__ */ new Map();
  for (const f of files) {
    const root = repositoryOf(dirname3(f), cache);
    if (root) roots.add(root);
  }
  if (roots.size === 0) return [];
  const { spawn } = await import("node:child_process");
  const listed = await Promise.all([...roots].map((root) => listKustomizations(spawn, root)));
  return listed.flat();
}
var MAX_LISTING = 1 << 26;
function listKustomizations(spawn, root) {
  return new Promise((done) => {
    const git = spawn("git", ["-C", root, "ls-files", "-co", "--exclude-standard", "-z", "--", ...PATTERNS], {
      stdio: ["ignore", "pipe", "ignore"]
    });
    const parts = [];
    let size = 0;
    git.stdout.on("data", (b) => {
      size += b.length;
      if (size > MAX_LISTING) git.kill();
      else parts.push(b);
    });
    git.on("error", () => done([]));
    git.on("close", (code) => {
      if (code !== 0 || size > MAX_LISTING) return done([]);
      done(
        Buffer.concat(parts).toString("utf8").split("\0").flatMap((f) => f ? [join3(root, f)] : [])
      );
    });
  });
}

// src/files/helm/packaged-splits.ts
import { existsSync as existsSync2 } from "node:fs";
import { dirname as dirname4, join as join4 } from "node:path";
async function packagedSplits(files, show) {
  const charts = chartsOf(files);
  if (charts.length === 0) return [];
  const { chartMeta, subchartsOf } = await import("./chunks/files-helm-chart-layout.js");
  const { fileDependencyArchives } = await import("./chunks/files-helm-file-deps.js");
  const { archivedTemplates } = await import("./chunks/files-helm-chart-world.js");
  const { filesSplits, splitAt } = await import("./chunks/files-helm-files-splits.js");
  const out = filesSplits(charts, files, show);
  const seen = /* @__PURE__ */ new Set();
  for (const dir of charts) {
    const meta = chartMeta(dir);
    const archives = [
      ...subchartsOf(dir).flatMap((s) => "archive" in s ? [s.archive] : []),
      ...meta ? fileDependencyArchives(meta) : []
    ];
    for (const archive of archives) {
      if (seen.has(archive)) continue;
      seen.add(archive);
      const read = archivedTemplates(archive);
      const found = "templates" in read ? read.templates.find((t) => splitAt(t.text) !== void 0) : void 0;
      if (!found) continue;
      const message = `a packaged chart whose template ${found.name} holds an SMI TrafficSplit: an archive is not rewritten; convert the chart it was packaged from and package it again`;
      const path = show(archive);
      const finding = { severity: "warning", code: "templated", message, offset: 0, pending: true, path, line: 1, column: 1 };
      out.push(unchanged(archive, path, [finding]));
    }
  }
  return out;
}
function chartsOf(files) {
  const chartOf = /* @__PURE__ */ new Map();
  const lookUp = (dir) => {
    if (chartOf.has(dir)) return chartOf.get(dir);
    const parent = dirname4(dir);
    const found = existsSync2(join4(dir, "Chart.yaml")) ? dir : parent === dir ? void 0 : lookUp(parent);
    chartOf.set(dir, found);
    return found;
  };
  const dirs = /* @__PURE__ */ new Set();
  for (const f of files) {
    const dir = lookUp(dirname4(f));
    if (dir !== void 0) dirs.add(dir);
  }
  return [...dirs];
}

// src/files/prepare.ts
import { dirname as dirname6, resolve as resolve2 } from "node:path";

// src/files/beside.ts
import { dirname as dirname5 } from "node:path";

// src/files/read.ts
import { closeSync, openSync, readSync } from "node:fs";
var FileReader = class {
  buf = Buffer.allocUnsafe(256 * 1024);
  /** The file's bytes, as a view of a buffer that the next read() reuses. */
  read(path) {
    const fd = openSync(path, "r");
    try {
      let len = 0;
      for (; ; ) {
        if (len === this.buf.length) {
          const bigger = Buffer.allocUnsafe(this.buf.length * 2);
          this.buf.copy(bigger, 0, 0, len);
          this.buf = bigger;
        }
        const n = readSync(fd, this.buf, len, this.buf.length - len, null);
        if (n === 0) return this.buf.subarray(0, len);
        len += n;
      }
    } finally {
      closeSync(fd);
    }
  }
};

// src/files/beside.ts
async function readBeside(files, inputs, target, o = { cwd: process.cwd() }) {
  const out = /* @__PURE__ */ new Map();
  const replaces = Object.keys(target.replaces).map((n) => Buffer.from(n));
  const dirs = [...inputs].flatMap(([file, input]) => replaces.some((n) => input.includes(n)) ? [dirname5(file)] : []);
  if (dirs.length === 0) return out;
  const given = new Set(files);
  let real;
  const inRun = (file) => given.has(file) || (real ??= new Set(files.map(realOrSelf))).has(realOrSelf(file));
  const reads = target.reads.map((n) => Buffer.from(n));
  const readStems = stemGroups(reads);
  const reader = new FileReader();
  for (const file of await collectBeside(dirs, o.cwd, o.exclude)) {
    if (out.has(file) || inRun(file)) continue;
    let input;
    try {
      input = reader.read(file);
    } catch {
      continue;
    }
    if (encodingFinding(input, file) || !(reads.some((n) => input.includes(n)) || spellsNameByEscape(input, readStems))) continue;
    out.set(file, Buffer.from(input));
  }
  return out;
}

// src/files/prepare.ts
async function prepareTarget(opts, options, inputs, show, trees, inRun) {
  const choice = options.target;
  if (!choice) return () => opts;
  const reading = readBeside(inRun, inputs, choice.entry, options.beside);
  const [{ prepare, scopeTarget }, plugin] = await Promise.all([import("./chunks/targets-target.js"), choice.entry.load()]);
  const aside = await reading;
  const patches = patchFiles(trees, show);
  const renders = renderedBy(trees);
  const sourced = function* () {
    for (const [file, input] of [...inputs, ...aside]) {
      const source = { path: resolve2(file), shown: show(file), ...aside.has(file) ? { aside: true } : {} };
      const patchOf = patches.get(realOrSelf(file));
      const by = renders?.get(realOrSelf(file));
      for (const text of documentsOf([input]))
        yield { text, file: source, ...patchOf !== void 0 ? { patchOf } : {}, ...by !== void 0 ? { renderedBy: by } : {} };
    }
  };
  const target = prepare(plugin, choice.options, sourced());
  return (file) => ({ ...opts, target: scopeTarget(target, { path: resolve2(file), shown: show(file) }) });
}
function patchFiles(plan, show) {
  const out = /* @__PURE__ */ new Map();
  if (!plan) return out;
  const trees = /* @__PURE__ */ new Map();
  for (const [file, id] of plan.tree) trees.set(id, (trees.get(id) ?? /* @__PURE__ */ new Set()).add(file));
  for (const k of plan.kustomizations.values()) {
    const id = plan.tree.get(realOrSelf(k.file));
    const members = id === void 0 ? void 0 : trees.get(id);
    for (const p of k.patches)
      if (p.file !== void 0 && !out.has(realOrSelf(p.file)))
        out.set(realOrSelf(p.file), { by: show(k.file), ...members ? { members } : {} });
  }
  return out;
}
function renderedBy(plan) {
  if (!plan || plan.kustomizations.size === 0) return void 0;
  const ks = [...plan.kustomizations.values()];
  if (ks.some((k) => k.unread)) return void 0;
  const byDir = new Map(ks.map((k) => [dirname6(k.file), k]));
  const taken = /* @__PURE__ */ new Set();
  for (const k of ks) for (const c of k.children) if (byDir.has(realOrSelf(c.path))) taken.add(byDir.get(realOrSelf(c.path)).file);
  const out = /* @__PURE__ */ new Map();
  for (const top of ks.filter((k) => !taken.has(k.file))) {
    const seen = /* @__PURE__ */ new Set();
    const walk = (k) => {
      if (seen.has(k.file)) return;
      seen.add(k.file);
      for (const c of k.children) {
        const path = realOrSelf(c.path);
        const nested = byDir.get(path);
        if (nested) walk(nested);
        else out.set(path, (out.get(path) ?? /* @__PURE__ */ new Set()).add(top.file));
      }
    };
    walk(top);
  }
  return out;
}

// src/files/rewrites.ts
import { resolve as resolve3 } from "node:path";
async function applyRewrites(results, inputOf) {
  const all = [...results.values()].flatMap((r) => r.rewrites ?? []);
  if (all.length === 0) return results;
  const rewriter = await loadRewriter();
  const byPath = /* @__PURE__ */ new Map();
  for (const w of all) byPath.set(w.file.path, [...byPath.get(w.file.path) ?? [], w]);
  const fileOf = new Map([...results.keys()].map((f) => [resolve3(f), f]));
  const out = new Map(results);
  const report = (f) => {
    const at = [...out].find(([, r]) => r.shown === f.path);
    if (at) out.set(at[0], withFindings(at[1], [f]));
  };
  for (const [path, rewrites] of byPath) {
    const file = fileOf.get(path);
    const input = file === void 0 ? void 0 : inputOf(file);
    const result = file === void 0 ? void 0 : out.get(file);
    const edits = result?.edits ?? (result?.changed ? void 0 : []);
    if (!input || !result || !edits) {
      for (const w of rewrites) report({ ...w.refused, message: `${w.refused.message} (its file cannot be changed by this run)` });
      continue;
    }
    const done = rewriteInput(input, edits, rewrites, rewriter, rewrites[0].file.shown, false);
    const own = done.findings.filter((f) => f.path === result.shown);
    const rewritten = withFindings(result, own);
    out.set(file, done.output ? { ...rewritten, input, output: done.output, changed: true, edits: [...edits, ...done.edits] } : rewritten);
    for (const f of done.findings) if (f.path !== result.shown) report(f);
  }
  return out;
}

// src/files/sources.ts
import { isAbsolute as isAbsolute2, resolve as resolve4 } from "node:path";
var NEEDLES2 = [...NEEDLES, Buffer.from("backends"), ...GROUP_NEEDLES];
function readSources(sources, ctx, before) {
  const settled = new Map(before?.settled);
  const kept = new Map(before?.kept);
  const facts = new Map(before?.facts);
  const deployFree = new Set(before?.deployFree);
  const reads = ctx.reads.map((n) => Buffer.from(n));
  const readStems = stemGroups(reads);
  const reader = new FileReader();
  for (const { file, extraOf } of sources) {
    let input;
    try {
      input = reader.read(file);
    } catch (err) {
      settled.set(file, unchanged(file, ctx.show(file), [ioError(ctx.show(file), err)], extraOf));
      continue;
    }
    const refused = encodingFinding(input, file);
    if (!refused && !mayNameDeployGroup(input)) deployFree.add(isAbsolute2(file) ? file : resolve4(file));
    if (refused) settled.set(file, unchanged(file, ctx.show(file), [{ ...refused, path: ctx.show(file) }], extraOf));
    else if (isKustomizationFile(file) || NEEDLES2.some((n) => input.includes(n))) kept.set(file, Buffer.from(input));
    else {
      if (reads.some((n) => input.includes(n)) || spellsNameByEscape(input, readStems)) facts.set(file, Buffer.from(input));
      settled.set(file, skipped(file, ctx.show, extraOf));
    }
  }
  return { settled, kept, facts, deployFree };
}

// src/files/trees.ts
import { existsSync as existsSync3, statSync as statSync3 } from "node:fs";
async function expandTrees(given, read, listing, opts, ctx) {
  const planned = listing ? await planTrees([...read.kept.keys()], read.kept, listing, opts) : void 0;
  if (!planned) return { read, trees: void 0 };
  const { kustomize, plan } = planned;
  const keyOf = new Map([...read.kept.keys()].map((file) => [file, realOrSelf(file)]));
  const touched = /* @__PURE__ */ new Map();
  for (const [file, key] of keyOf) {
    const tree = plan.tree.get(key);
    if (tree !== void 0 && !touched.has(tree)) touched.set(tree, file);
  }
  const inRun = new Set(given.map(realOrSelf));
  const extras = /* @__PURE__ */ new Map();
  for (const [member, tree] of plan.tree) {
    const by = touched.get(tree);
    if (by !== void 0 && !inRun.has(member)) extras.set(member, ctx.show(by));
  }
  const more = readSources(
    [...extras].map(([file, extraOf]) => ({ file, extraOf })),
    ctx,
    read
  );
  for (const member of extras.keys()) if (more.kept.has(member)) keyOf.set(member, member);
  return { read: more, trees: { kustomize, plan, keyOf, extras } };
}
async function planTrees(candidates, kept, listing, opts) {
  const named = candidates.filter(isKustomizationFile);
  const all = [.../* @__PURE__ */ new Set([...named, ...await listing])];
  if (all.length === 0) return void 0;
  const reader = new FileReader();
  const read = (file) => {
    const b = kept.get(file);
    if (b) return b.toString("utf8");
    try {
      const bytes = reader.read(file);
      return encodingFinding(bytes, file) ? void 0 : bytes.toString("utf8");
    } catch {
      return void 0;
    }
  };
  const reals = /* @__PURE__ */ new Map();
  const real = (f) => reals.get(f) ?? reals.set(f, realOrSelf(f)).get(f);
  const files = { read, isFile: (f) => existsSync3(f) && statSync3(f).isFile(), real };
  const focus = new Set(candidates.map(realOrSelf));
  let chosen = all;
  if (!opts.replacedBy) {
    const mentions = new KustomizationMentions(all, read);
    const wanted = /* @__PURE__ */ new Set([...named, ...mentions.naming([...candidates, ...focus])]);
    if (wanted.size === 0) return void 0;
    chosen = all.filter((k) => wanted.has(k));
    const kustomize2 = await import("./chunks/kustomize-index.js");
    for (; ; ) {
      const more = [...mentions.naming(kustomize2.treeMembers(chosen, files, focus))].filter((k) => !wanted.has(k));
      if (more.length === 0) break;
      for (const k of more) wanted.add(k);
      chosen = all.filter((k) => wanted.has(k));
    }
  }
  const kustomize = await import("./chunks/kustomize-index.js");
  return { kustomize, plan: kustomize.planTrees(chosen, files, opts, focus) };
}

// src/files/helm/values-files.ts
function withValuesFiles(ordered, values, show) {
  const out = [...ordered];
  let index;
  for (const v of values.values()) {
    index ??= new Map(out.map((o, i2) => [realOrSelf(o.file), i2]));
    const output = Buffer.from(v.log.text, "utf8");
    const edits = v.log.edits;
    const findings = [...v.findings].sort((a, b) => a.line - b.line);
    const i = index.get(realOrSelf(v.file)) ?? -1;
    const r = out[i];
    if (!r) {
      out.push({ file: v.file, shown: show(v.file), candidate: false, input: v.input, output, changed: true, findings, objects: [], edits });
    } else if (r.changed) {
      const refused = {
        ...ioError(r.shown, new Error("converted twice")),
        message: `${r.shown}: its own conversion and a chart's values cannot be combined; not written`
      };
      out[i] = { ...r, findings: [...r.findings, refused] };
    } else out[i] = { ...r, input: v.input, output, edits, changed: true, findings: [...findings, ...r.findings] };
  }
  return out;
}

// src/files/passes.ts
async function convertFiles(files, opts, show, options) {
  const ctx = { show, reads: options.target?.entry.reads ?? [] };
  const first = readSources(
    files.map((file) => ({ file })),
    ctx
  );
  const listing = first.kept.size > 0 ? repoKustomizations([...first.kept.keys()]) : void 0;
  const converter = preloadConverter(first.kept);
  const { read, trees } = await expandTrees(files, first, listing, { ...opts, replacedBy: options.target?.entry }, ctx);
  const extras = [...trees?.extras.keys() ?? []];
  const optionsOf = await prepareTarget(opts, options, [...read.kept, ...read.facts], show, trees?.plan, [...files, ...extras]);
  const values = options.target ? void 0 : { show, boundary: options.boundary, writing: options.writing, runFiles: [...files, ...extras] };
  const converted = await convertKept(read.kept, trees, optionsOf, { show, values, converter });
  const all = new Map([...read.settled, ...converted.results]);
  const rewritten = await applyRewrites(all, (file) => read.kept.get(file) ?? read.facts.get(file));
  const resultOf = (file) => rewritten.get(file);
  const results = [...files, ...extras.sort()].map(resultOf);
  const named = results.some((r) => r.changed && /[\\/]templates[\\/]/.test(r.file)) ? (await import("./chunks/files-helm-post-render.js")).heldForPostRender(results, { show, runFiles: [...files, ...extras] }) : results;
  const deployed = named.some((r) => r.changed && (r.candidate || trees?.plan.tree.has(trees.keyOf.get(r.file) ?? r.file))) ? (await import("./chunks/files-deployers.js")).heldForDeployers(named, trees, {
    show,
    runFiles: [...files, ...extras],
    deployFree: read.deployFree
  }) : named;
  const ordered = withValuesFiles(deployed, converted.values, show);
  const packaged = await packagedSplits([...files, ...extras], show);
  return [...holdBack(ordered, trees, converted.values, options).map(inBytes), ...packaged];
}
function inBytes(r) {
  if (!r.changed) return r;
  if (!r.edits) throw new Error(`internal error: ${r.shown} changed, but its edits are not known`);
  const changes = toByteEdits(r.input, r.edits);
  return { ...r, changes, output: spliceBytes(r.input, changes) };
}
function preloadConverter(kept) {
  const loading = [...kept.values()].some(isCandidate) ? loadConverter() : void 0;
  loading?.catch(() => void 0);
  return loading;
}

// src/run/files.ts
async function runFiles(o, sink = {}) {
  const { files, problems, roots, skipped: skipped2 } = await collectFiles(o.paths, o.cwd, o.exclude);
  if (skipped2.length) sink.skipped?.(skipped2.map((p) => ({ shown: displayPath(p.path, o.cwd), reason: p.message })));
  const boundary = new WriteBoundary(roots, o.cwd);
  let release;
  const lock = o.mode === "write" ? await import("./chunks/files-lock.js") : void 0;
  try {
    release = await lock?.lockPlaces(boundary.places());
  } catch (err) {
    if (!(lock && err instanceof lock.LockTimeout)) throw err;
    return runLocked(o, sink, { files: [], problems: [...problems, { path: o.cwd, message: err.message }], boundary });
  }
  try {
    return await runLocked(o, sink, { files, problems, boundary });
  } finally {
    release?.();
  }
}
async function runLocked(o, sink, { files, problems, boundary }) {
  if (o.mode === "write") removeStaleTemps(files, boundary);
  const general = problems.map((p) => fileFinding("error", "io", p.path, p.message));
  sink.general?.(general);
  const root = o.patch || o.mode === "diff" ? await patchRoot(o.cwd) : void 0;
  const results = await convertFiles(files, o.convert, (f) => displayPath(f, o.cwd), {
    boundary,
    writing: o.mode === "write",
    target: o.target,
    beside: { cwd: o.cwd, ...o.exclude ? { exclude: o.exclude } : {} }
  });
  const names = new Map(results.filter((r) => r.changed && root).map((r) => [r, nameIn(root, r.file)]));
  const unnameable = o.mode === "diff" && results.some((r) => r.changed && names.get(r) === void 0);
  const links = crossFileFindings(results, unnameable);
  const diff = root !== void 0 && results.some((r) => r.changed) ? (await import("./chunks/report-diff.js")).unifiedDiff : void 0;
  const reports = [];
  const patch = [];
  for (const r of results) {
    const done = settle(r, links, { mode: o.mode, boundary, root, patchName: names.get(r), unnameable, diff });
    if (done.patch) patch.push(done.patch);
    reports.push(done.report);
    sink.file?.(done.report);
  }
  const totals = newTotals(reports.length, reports.filter((r) => r.changed).length);
  const findings = [...general, ...reports.flatMap((r) => r.findings)];
  for (const f of findings) countFinding(totals, f);
  return { files: reports, findings, totals, patch: Buffer.concat(patch), exitCode: exitCode(totals, o.mode) };
}
function crossFileFindings(results, unnameable) {
  const kept = (r) => !r.changed || unnameable || r.findings.some((f) => f.severity === "error");
  const objects = results.flatMap(
    (r) => r.objects.length === 0 ? [] : kept(r) ? r.objects.map((x) => ({ ...x, version: x.before, needs: x.needsBefore })) : r.objects
  );
  return linkFindings(objects);
}
function settle(r, links, s) {
  const findings = links.length || r.findings.length ? [...r.findings, ...links.filter((f) => f.path === r.shown)] : [];
  let changed = r.changed && !findings.some((f) => f.severity === "error");
  if (changed && s.unnameable) {
    findings.push(
      s.patchName === void 0 ? fileFinding(
        "error",
        "io",
        r.shown,
        `${r.shown} is outside ${s.root}, so a patch cannot name it: run from a directory that contains it (inside a git repository, patch paths are relative to its top level)`
      ) : fileFinding(
        "warning",
        "not-written",
        r.shown,
        "left out of the patch: another changed file cannot be named in it, and a patch applies whole or not at all"
      )
    );
    changed = false;
  }
  if (changed && s.mode === "write") {
    try {
      writeFileAtomic(r.file, r.output, { boundary: s.boundary, unchanged: r.input });
    } catch (err) {
      findings.push(ioError(r.shown, err));
      changed = false;
    }
  }
  const patch = changed && s.patchName !== void 0 ? s.diff(s.patchName, r.input, r.changes) : void 0;
  const report = {
    file: r.file,
    // Read through: a file with nothing to say computes its shown path only if asked (--verbose).
    get shown() {
      return r.shown;
    },
    candidate: r.candidate,
    changed,
    findings: changed ? findings : findings.filter((f) => !isConversion(f.code))
  };
  if (r.extraOf !== void 0) {
    report.extraOf = r.extraOf;
    if (changed) report.findings.unshift(fileFinding("info", "same-tree", r.shown, `same kustomize tree as ${r.extraOf}`));
  }
  return { report, patch };
}
function exitCode(t, mode) {
  return exitOf(t, mode).code;
}
async function patchRoot(cwd) {
  const { spawnSync: spawnSync2 } = await import("node:child_process");
  const r = spawnSync2("git", ["-C", cwd, "rev-parse", "--show-toplevel"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : realOrSelf(cwd);
}
function nameIn(root, file) {
  return relativeInside(realOrSelf(root), realOrSelf(file))?.split(sep4).join("/");
}

// src/cli/run.ts
async function run(opts, io) {
  const reportTo = () => opts.mode === "check" || opts.mode === "write" ? io.stdout : io.stderr;
  const reporter = fanOut(await reportSinks(opts, io, reportTo));
  const convert = {
    versions: opts.versions,
    stripServerFields: opts.stripServerFields,
    ...opts.noIgnore ? { noIgnore: true } : {},
    ...opts.notLinkerd ? { notLinkerd: true } : {}
  };
  if (opts.stdin) {
    const { migrateFd, migrateStream, migrateWhole, StreamIoError } = await import("./chunks/pipeline-stream.js");
    const totals = newTotals(1);
    const held = [];
    const onFinding = (f) => {
      if (opts.mode === "check" && isConversion(f.code)) return void held.push(f);
      countFinding(totals, f);
      reporter.finding(f);
    };
    const migrate = async () => opts.target ? migrateWhole(
      io.fds ? { fd: io.fds.stdin, stream: () => io.stdin } : io.stdin,
      opts.mode === "stream" ? io.stdout : await discard(),
      convert,
      opts.target,
      opts.stdinName,
      onFinding
    ) : io.fds ? migrateFd(
      io.fds.stdin,
      opts.mode === "stream" ? io.fds.stdout : void 0,
      convert,
      opts.stdinName,
      { input: () => io.stdin, output: () => io.stdout },
      onFinding
    ) : migrateStream(io.stdin, opts.mode === "stream" ? io.stdout : await discard(), convert, opts.stdinName, onFinding);
    const summary = await migrate().catch((err) => {
      if (!(err instanceof StreamIoError)) throw err;
      if (err.reason.code === "EPIPE") throw err.reason;
      return err;
    });
    if (summary instanceof StreamIoError) {
      io.stderr.write(`smi-migrate: cannot ${summary.side} ${summary.side === "read" ? "stdin" : "stdout"}: ${summary.message}
`);
      return EXIT_ERROR;
    }
    const converted = summary.changed && !(opts.mode === "check" && totals.errors > 0);
    if (converted) {
      for (const f of held) {
        countFinding(totals, f);
        reporter.finding(f);
      }
    }
    totals.changedFiles = converted ? 1 : 0;
    totals.exit = exitOf(totals, opts.mode === "check" ? "check" : "stream");
    await reporter.finish(totals);
    return totals.exit.code;
  }
  const mode = opts.mode === "stream" ? "check" : opts.mode;
  const r = await runFiles(
    { paths: opts.paths, exclude: opts.exclude, cwd: io.cwd, mode, convert, ...opts.target ? { target: opts.target } : {} },
    {
      general: (findings) => findings.forEach((f) => reporter.finding(f)),
      skipped: (paths) => {
        if (opts.verbose) for (const p of paths) reporter.note?.(`${p.shown}: skipped: ${p.reason}`);
      },
      file: (file) => {
        for (const f of file.findings) reporter.finding(f);
        if (opts.verbose && file.findings.length === 0) {
          reporter.note?.(`${file.shown}: ${file.candidate ? "nothing to convert" : "skipped: no TrafficSplit text"}`);
        }
      }
    }
  );
  if (mode === "diff") io.stdout.write(r.patch);
  await reporter.finish({ ...r.totals, exit: exitOf(r.totals, mode) });
  return r.exitCode;
}
async function reportSinks(opts, io, to) {
  const format = formatNamed(opts.format);
  const context = {
    mode: opts.mode,
    cwd: io.cwd,
    // git runs only for a format that asks where the repository's paths start (SARIF).
    root: () => patchRoot(io.cwd),
    rules: targetRules(),
    quiet: opts.quiet,
    color: opts.color
  };
  return [await format.sink(context, to)];
}
async function discard() {
  const { Writable } = await import("node:stream");
  return new Writable({ write: (_chunk, _enc, done) => done() });
}

// src/cli.ts
var quitOnEpipe = (err) => {
  if (err.code === "EPIPE") process.exit(process.exitCode ?? 0);
  throw err;
};
var stdoutReady = false;
function stdout() {
  if (!stdoutReady)
    process.stdout.on("error", (err) => {
      if (err.code === "EPIPE" || process.stdout.listenerCount("error") === 1) quitOnEpipe(err);
    });
  stdoutReady = true;
  return process.stdout;
}
async function main() {
  if (process.argv[2] === "webhook") {
    const { runWebhook } = await import("./chunks/webhook-cli.js");
    return runWebhook(process.argv.slice(3), { stdout: stdout(), stderr: process.stderr });
  }
  if (process.argv[2] === "helm-release") {
    const { runHelmRelease } = await import("./chunks/helm-release-command.js");
    return runHelmRelease(process.argv.slice(3), { stdin: process.stdin, stdout: stdout(), stderr: process.stderr });
  }
  if (process.argv[2] === "krm") {
    enableCompileCache();
    const { runKrm } = await import("./chunks/krm-command.js");
    return runKrm(process.argv.slice(3), { stdin: { fd: 0, stream: () => process.stdin }, stdout: stdout(), stderr: process.stderr });
  }
  enableCompileCache();
  let opts;
  try {
    opts = parseArgs(process.argv.slice(2), process.env, stdinIsTTY, { out: (s) => stdout().write(s) });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`smi-migrate: ${err.message}
`);
    return EXIT_ERROR;
  }
  if (!opts) return 0;
  return run(opts, {
    get stdin() {
      return process.stdin;
    },
    get stdout() {
      return stdout();
    },
    get stderr() {
      return process.stderr;
    },
    cwd: process.cwd(),
    fds: { stdin: 0, stdout: 1 }
  });
}
function enableCompileCache() {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  if (major < 22 || major === 22 && minor < 1) return;
  const nodeModule = process.getBuiltinModule?.("node:module");
  try {
    nodeModule?.enableCompileCache?.();
  } catch {
  }
}
function stdinIsTTY() {
  try {
    if (!fstatSync(0).isCharacterDevice()) return false;
  } catch {
    return false;
  }
  return process.stdin.isTTY === true;
}
main().then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    if (err.code === "EPIPE") quitOnEpipe(err);
    process.stderr.write(`smi-migrate: internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}
`);
    process.exitCode = EXIT_ERROR;
  }
);
