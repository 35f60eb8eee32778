/**
 * The write boundary: the one rule for every file a run may write, whatever reached it.
 *
 * A file is written only if its real path lies inside the paths being processed (the real
 * paths of the files, directories and glob bases named on the command line or in the
 * Action's `paths`), or inside the same git repository as one of them.
 *
 * Why the repository: pre-commit hands a hook its files in batches, and a kustomize tree is
 * converted whole, so a batch holding one overlay must write the base beside it
 * (kustomizations.ts); and the repository is what the user's commit carries. Anything
 * beyond it is somebody else's file, which no commit of theirs will carry: a base in a
 * sibling checkout or in a nested repository (a submodule, an ignored clone), a directory outside any repository, the target of a symlink (a file, or
 * a directory on the way), a file a glob reaches through `..`, a file a kustomization names
 * through a symlink, a chart directory or values file found above a template. Such a file is
 * read (a tree's factors need it), never written; naming it on the command line includes it.
 *
 * Every writer consults it: files/hold-back.ts holds back what would cross it before anything
 * is written, in every mode (so `--check` and `--diff` say what `--write` would do, and a
 * patch never names a file outside the repository), and write.ts refuses to write past it
 * as the last line of defence. A kustomize tree that would write past it is held back whole
 * (outside.ts).
 *
 * A repository is found as git finds it: the nearest directory at or above holding `.git`,
 * not looking into the directories of GIT_CEILING_DIRECTORIES or above them.
 */
import { existsSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { isInside, realOrSelf } from '../paths.js'

/** The place of every write outside a git repository (one lock for them all). */
export const OUTSIDE_GIT = '(outside git)'

export class WriteBoundary {
  readonly roots: readonly string[]
  /** Where relative paths start: files beyond the boundary are named from here. */
  readonly cwd: string
  private repositories: string[] | undefined

  /** `roots`: the real paths of the paths being processed (collect.ts). */
  constructor(roots: readonly string[], cwd: string) {
    this.roots = roots
    this.cwd = cwd
  }

  /**
   * Whether `path` may be written: judged by its real path (a symlink by its target). Inside a
   * repository of the paths given, a file counts only if that repository is its own: a nested
   * repository (a submodule, an ignored clone) is another repository, as a sibling checkout is.
   */
  allows(path: string): boolean {
    const real = realOrSelf(path)
    if (this.roots.some((r) => isInside(real, r))) return true
    // A directory (a kustomization's base) is in the repository it holds, if it holds one.
    const own = repositoryOf(existsSync(join(real, '.git')) ? real : dirname(real), this.cache)
    return own !== null && this.repos().includes(realOrSelf(own))
  }
  private readonly cache = new Map<string, string | null>()

  /** A path beyond the boundary as a user would pass it: relative to cwd, with `/`. */
  name(path: string): string {
    return relative(this.cwd, realOrSelf(path)).split(sep).join('/') || '.'
  }

  /**
   * Where a run writes, for its locks (lock.ts): the repositories of the paths given (real
   * paths), and OUTSIDE_GIT when a path is in none (a kustomize base may be anywhere around it).
   */
  places(): string[] {
    const repos = this.repos()
    const outside = this.roots.some((r) => !repos.some((repo) => isInside(r, repo)))
    return [...repos, ...(outside ? [OUTSIDE_GIT] : [])]
  }

  private repos(): string[] {
    if (!this.repositories) {
      const cache = new Map<string, string | null>()
      const found = this.roots.map((r) => repositoryOf(r, cache)).filter((r): r is string => r !== null)
      this.repositories = [...new Set(found.map(realOrSelf))]
    }
    return this.repositories
  }
}

/**
 * Why a file beyond the boundary is not written, in the words of the symlink policy: what it
 * is (`cannot process x: it is a symlink to y,`), the rule, and how to include it.
 */
export function beyondMessage(what: string, o: { notWritten?: string; include?: string } = {}): string {
  const { notWritten = 'not written', include = "pass the target's path to convert it" } = o
  return `${what} outside the paths being processed and their git repositories; ${notWritten} (${include})`
}

/** The repository around `dir` (or a file's directory): the nearest directory at or above holding `.git`. */
export function repositoryOf(dir: string, cache: Map<string, string | null> = new Map()): string | null {
  const ceilings = ceilingDirectories()
  const seen: string[] = []
  let d = dir
  let root: string | null = null
  for (;;) {
    const known = cache.get(d)
    if (known !== undefined) {
      root = known
      break
    }
    seen.push(d)
    if (existsSync(join(d, '.git'))) {
      root = d
      break
    }
    const parent = dirname(d)
    // git never goes up into a ceiling directory: a stray /tmp/.git is not the repository of /tmp/x.
    if (parent === d || ceilings.has(parent)) break
    d = parent
  }
  for (const s of seen) cache.set(s, root)
  return root
}

let ceilingCache: { value: string | undefined; dirs: Set<string> } = { value: undefined, dirs: new Set() }
function ceilingDirectories(): Set<string> {
  const value = process.env.GIT_CEILING_DIRECTORIES
  if (ceilingCache.value !== value) {
    const dirs = new Set<string>()
    for (const d of (value ?? '').split(':')) {
      if (!d.startsWith('/')) continue
      const trimmed = d.length > 1 && d.endsWith('/') ? d.slice(0, -1) : d
      dirs.add(trimmed).add(realOrSelf(trimmed))
    }
    ceilingCache = { value, dirs }
  }
  return ceilingCache.dirs
}
