import {
  isInside,
  realOrSelf
} from "./shared-ee5c055de3.js";

// src/files/boundary.ts
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
var OUTSIDE_GIT = "(outside git)";
var WriteBoundary = class {
  roots;
  /** Where relative paths start: files beyond the boundary are named from here. */
  cwd;
  repositories;
  /** `roots`: the real paths of the paths being processed (collect.ts). */
  constructor(roots, cwd) {
    this.roots = roots;
    this.cwd = cwd;
  }
  /**
   * Whether `path` may be written: judged by its real path (a symlink by its target). Inside a
   * repository of the paths given, a file counts only if that repository is its own: a nested
   * repository (a submodule, an ignored clone) is another repository, as a sibling checkout is.
   */
  allows(path) {
    const real = realOrSelf(path);
    if (this.roots.some((r) => isInside(real, r))) return true;
    const own = repositoryOf(existsSync(join(real, ".git")) ? real : dirname(real), this.cache);
    return own !== null && this.repos().includes(realOrSelf(own));
  }
  cache = /* @__PURE__ */ new Map();
  /** A path beyond the boundary as a user would pass it: relative to cwd, with `/`. */
  name(path) {
    return relative(this.cwd, realOrSelf(path)).split(sep).join("/") || ".";
  }
  /**
   * Where a run writes, for its locks (lock.ts): the repositories of the paths given (real
   * paths), and OUTSIDE_GIT when a path is in none (a kustomize base may be anywhere around it).
   */
  places() {
    const repos = this.repos();
    const outside = this.roots.some((r) => !repos.some((repo) => isInside(r, repo)));
    return [...repos, ...outside ? [OUTSIDE_GIT] : []];
  }
  repos() {
    if (!this.repositories) {
      const cache = /* @__PURE__ */ new Map();
      const found = this.roots.map((r) => repositoryOf(r, cache)).filter((r) => r !== null);
      this.repositories = [...new Set(found.map(realOrSelf))];
    }
    return this.repositories;
  }
};
function beyondMessage(what, o = {}) {
  const { notWritten = "not written", include = "pass the target's path to convert it" } = o;
  return `${what} outside the paths being processed and their git repositories; ${notWritten} (${include})`;
}
function repositoryOf(dir, cache = /* @__PURE__ */ new Map()) {
  const ceilings = ceilingDirectories();
  const seen = [];
  let d = dir;
  let root = null;
  for (; ; ) {
    const known = cache.get(d);
    if (known !== void 0) {
      root = known;
      break;
    }
    seen.push(d);
    if (existsSync(join(d, ".git"))) {
      root = d;
      break;
    }
    const parent = dirname(d);
    if (parent === d || ceilings.has(parent)) break;
    d = parent;
  }
  for (const s of seen) cache.set(s, root);
  return root;
}
var ceilingCache = { value: void 0, dirs: /* @__PURE__ */ new Set() };
function ceilingDirectories() {
  const value = process.env.GIT_CEILING_DIRECTORIES;
  if (ceilingCache.value !== value) {
    const dirs = /* @__PURE__ */ new Set();
    for (const d of (value ?? "").split(":")) {
      if (!d.startsWith("/")) continue;
      const trimmed = d.length > 1 && d.endsWith("/") ? d.slice(0, -1) : d;
      dirs.add(trimmed).add(realOrSelf(trimmed));
    }
    ceilingCache = { value, dirs };
  }
  return ceilingCache.dirs;
}

export {
  WriteBoundary,
  beyondMessage,
  repositoryOf
};
