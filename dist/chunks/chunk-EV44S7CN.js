// src/files/write.ts
import { accessSync, closeSync, constants, fchmodSync, fchownSync, fsyncSync, openSync, readdirSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";
import { randomBytes } from "node:crypto";
var TEMP_PREFIX = ".smi-migrate-";
var TEMP_SUFFIX = ".tmp";
var WriteRefused = class extends Error {
};
function checkWritable(path, opts = {}) {
  const target = realpathSync(path);
  if (opts.within && !opts.within.some((root) => isInside(target, root))) {
    throw new WriteRefused(`it is a symlink to ${target}, outside the paths being processed; not written (pass the target's path to convert it)`);
  }
  accessSync(dirname(target), constants.W_OK);
  const st = statSync(target);
  if ((st.mode & 128) === 0) throw new WriteRefused("file is read-only; not written");
  return { target, st };
}
function writeFileAtomic(path, data, opts = {}) {
  const { target, st } = checkWritable(path, opts);
  const tmp = join(dirname(target), `${TEMP_PREFIX}${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`);
  const fd = openSync(tmp, "wx", 384);
  try {
    let off = 0;
    while (off < data.length) off += writeSync(fd, data, off, data.length - off);
    fchmodSync(fd, st.mode & 4095);
    try {
      fchownSync(fd, st.uid, st.gid);
    } catch {
    }
    fsyncSync(fd);
  } catch (err) {
    closeSync(fd);
    unlinkSync(tmp);
    throw err;
  }
  closeSync(fd);
  try {
    renameSync(tmp, target);
  } catch (err) {
    unlinkSync(tmp);
    throw err;
  }
}
function isInside(path, root) {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
function tempOwner(name) {
  if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) return void 0;
  const parts = name.slice(0, -TEMP_SUFFIX.length).split(".");
  const hex = parts.pop();
  const pid = parts.pop();
  if (!hex || !/^[0-9a-f]{8}$/.test(hex) || !pid || !/^[1-9][0-9]{0,9}$/.test(pid)) return void 0;
  return Number(pid);
}
function isTempName(name) {
  return tempOwner(name) !== void 0;
}
function removeStaleTemps(files) {
  const removed = [];
  const dirs = new Set(files.map((f) => {
    try {
      return dirname(realpathSync(f));
    } catch {
      return dirname(f);
    }
  }));
  for (const dir of dirs) {
    let names;
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      const pid = tempOwner(name);
      if (pid === void 0 || isAlive(pid)) continue;
      try {
        unlinkSync(join(dir, name));
        removed.push(join(dir, name));
      } catch {
      }
    }
  }
  return removed;
}
function isAlive(pid) {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}

// src/files/collect.ts
import { lstatSync, readdirSync as readdirSync2, realpathSync as realpathSync2, statSync as statSync2 } from "node:fs";
import { basename as basename2, dirname as dirname2, join as join2, relative, resolve, sep as sep2 } from "node:path";
var MANIFEST = /\.(ya?ml|json)$|\.tpl$(?<=[\\/]templates[\\/].*)/i;
var NEVER = /* @__PURE__ */ new Set([".git", "node_modules"]);
var spawnSync;
async function collectFiles(paths, cwd = process.cwd(), exclude = []) {
  const files = /* @__PURE__ */ new Set();
  const problems = [];
  const roots = [];
  const excluded = exclude.length ? await excluder(exclude, cwd) : () => false;
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const st = statOrUndefined(abs);
    if (st?.isFile()) {
      if (!excluded(abs)) files.add(abs);
      roots.push(physical(abs));
      continue;
    }
    spawnSync ??= (await import("node:child_process")).spawnSync;
    if (st?.isDirectory()) {
      for (const f of walkDirectory(abs)) if (!excluded(f)) files.add(f);
      roots.push(physical(abs, true));
      continue;
    }
    const { globSync, hasMagic } = await import("./esm-MW445E3F.js");
    if (hasMagic(p, { windowsPathsNoEscape: false })) {
      const matched = globSync(p, { cwd, absolute: true, nodir: true, dot: true, ignore: ["**/node_modules/**", "**/.git/**"] });
      const kept = dropIgnored(matched).filter((f) => !excluded(f));
      for (const f of kept) files.add(f);
      roots.push(physical(resolve(cwd, globBase(p, hasMagic)), true));
      if (matched.length === 0) problems.push({ path: p, message: `no files match the pattern ${p}` });
      else if (kept.length === 0) problems.push({ path: p, message: `every file the pattern ${p} matches is ignored by git or --exclude` });
    } else {
      problems.push({ path: p, message: `${p}: no such file, directory or matching glob` });
    }
  }
  const seen = /* @__PURE__ */ new Set();
  const realDir = /* @__PURE__ */ new Map();
  const unique = [...files].sort().filter((f) => {
    if (isTempName(basename2(f))) return false;
    const real = realFile(f, realDir);
    if (seen.has(real)) return false;
    seen.add(real);
    return true;
  });
  return { files: unique, problems, roots };
}
async function excluder(globs, cwd) {
  const { Minimatch } = await import("./esm-DU2P5OGP.js");
  const matchers = globs.map((g) => new Minimatch(trimSlashes(g.replace(/^\.\//, "")), { dot: true }));
  return (file) => {
    const rel = relative(cwd, file).split(sep2).join("/");
    const parts = rel.split("/");
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n).join("/");
      if (matchers.some((m) => m.match(prefix))) return true;
    }
    return false;
  };
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
function physical(abs, isDirectory = false) {
  if (isDirectory) return realOrSelf(abs);
  return join2(realOrSelf(dirname2(abs)), basename2(abs));
}
function realFile(f, realDir) {
  if (!regular.has(f) && lstatOrUndefined(f)?.isSymbolicLink()) return realOrSelf(f);
  const dir = dirname2(f);
  let real = realDir.get(dir);
  if (real === void 0) {
    real = realOrSelf(dir);
    realDir.set(dir, real);
  }
  return join2(real, basename2(f));
}
function realOrSelf(p) {
  try {
    return realpathSync2(p);
  } catch {
    return p;
  }
}
function walkDirectory(dir) {
  const listed = gitListFiles(dir);
  if (!listed) return walkFs(dir).filter((f) => MANIFEST.test(f));
  return listed.filter((f) => MANIFEST.test(f) && !f.split(sep2).some((part) => NEVER.has(part)));
}
function gitListFiles(dir) {
  const r = spawnSync("git", ["-C", dir, "ls-files", "-co", "--exclude-standard", "-z"], { encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) return void 0;
  return r.stdout.split("\0").filter(Boolean).map((f) => join2(dir, f)).filter((f) => {
    const st = lstatOrUndefined(f);
    if (st?.isFile()) regular.add(f);
    return st?.isFile() || st?.isSymbolicLink() && statOrUndefined(f)?.isFile();
  });
}
function walkFs(dir) {
  const out = [];
  const stack = [dir];
  while (stack.length) {
    const d = stack.pop();
    for (const e of readdirSync2(d, { withFileTypes: true })) {
      if (NEVER.has(e.name)) continue;
      const p = join2(d, e.name);
      if (e.isDirectory()) {
        stack.push(p);
      } else if (e.isFile()) {
        regular.add(p);
        out.push(p);
      } else if (e.isSymbolicLink() && statOrUndefined(p)?.isFile()) {
        out.push(p);
      }
    }
  }
  return out;
}
function dropIgnored(files) {
  const byTop = /* @__PURE__ */ new Map();
  const outside = [];
  for (const f of files) {
    const top = workTreeOf(dirname2(f));
    if (top) byTop.set(top, [...byTop.get(top) ?? [], f]);
    else outside.push(f);
  }
  const kept = [...outside];
  for (const [top, list] of byTop) {
    const rel = list.map((f) => relative(top, f));
    const r = spawnSync("git", ["-C", top, "check-ignore", "--stdin", "-z"], { input: rel.join("\0") + "\0", encoding: "utf8", maxBuffer: 1 << 30 });
    const ignored = new Set(r.status === 0 ? r.stdout.split("\0").filter(Boolean) : []);
    kept.push(...list.filter((_, i) => !ignored.has(rel[i])));
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
function statOrUndefined(p) {
  try {
    return statSync2(p);
  } catch {
    return void 0;
  }
}

// src/kustomize/names.ts
var KUSTOMIZATION_NAMES = /* @__PURE__ */ new Set(["kustomization.yaml", "kustomization.yml", "Kustomization"]);
function isKustomizationFile(file) {
  const slash = Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\"));
  return KUSTOMIZATION_NAMES.has(file.slice(slash + 1));
}

export {
  WriteRefused,
  checkWritable,
  writeFileAtomic,
  removeStaleTemps,
  collectFiles,
  physical,
  realOrSelf,
  KUSTOMIZATION_NAMES,
  isKustomizationFile
};
