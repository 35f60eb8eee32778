// src/paths.ts
import { realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
function realOrSelf(p) {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}
function physical(abs, isDirectory = false) {
  if (isDirectory) return realOrSelf(abs);
  return join(realOrSelf(dirname(abs)), basename(abs));
}
function isInside(path, root) {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
function relativeInside(base, file) {
  const rel = relative(base, file);
  return rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? void 0 : rel;
}
function displayPath(file, base) {
  return (relativeInside(base, file) ?? file).split(sep).join("/");
}

export {
  realOrSelf,
  physical,
  isInside,
  relativeInside,
  displayPath
};
