/**
 * Path helpers shared by file collection, kustomize planning, writes and reports: where a
 * file physically is, and how it is named relative to a directory. No I/O beyond realpath.
 */
import { realpathSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path'

/** The real path of `p`, or `p` itself when it does not resolve. */
export function realOrSelf(p: string): string {
  try {
    return realpathSync(p)
  } catch {
    return p
  }
}

/**
 * Where a path physically is: a directory's real path, or for a file its directory's real
 * path plus its own name (a named symlink is the link, not its target).
 */
export function physical(abs: string, isDirectory = false): string {
  if (isDirectory) return realOrSelf(abs)
  return join(realOrSelf(dirname(abs)), basename(abs))
}

/** `path` is `root` or below it (both real, absolute paths). */
export function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep)
}

/** `file` relative to `base`, or undefined when it lies outside (`..x.yaml` is inside). */
export function relativeInside(base: string, file: string): string | undefined {
  const rel = relative(base, file)
  return rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? undefined : rel
}

/** A path as reports and patches show it: relative to `base` when inside it, with `/`. */
export function displayPath(file: string, base: string): string {
  return (relativeInside(base, file) ?? file).split(sep).join('/')
}
