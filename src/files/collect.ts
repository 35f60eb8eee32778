/**
 * Turns the command line's paths into the list of files to process.
 *
 * - A file named explicitly is always processed (what pre-commit passes).
 * - A directory is walked for *.yaml, *.yml and *.json. Inside a git work tree the walk is
 *   `git ls-files -co --exclude-standard`, so exactly the files git does not ignore are
 *   seen (nested .gitignore files, .git/info/exclude and the global excludes included).
 * - A quoted glob is expanded by us, then filtered by `git check-ignore` inside work trees.
 * `.git` and `node_modules` are never entered, and our own temp files (write.ts) are never
 * input. A file reached twice (a symlink to another listed file) is processed once.
 *
 * `roots` are the real paths of the trees given on the command line (a directory, a
 * glob's fixed leading directories, a named file's own location): with their git
 * repositories, they bound what a run writes (boundary.ts).
 *
 * A path that names nothing, and a glob that matches nothing (or only files that are
 * ignored or excluded), is a problem the caller reports as an error: a typo in a CI step
 * must not pass as "nothing to convert" (eslint and prettier do the same). `exclude` globs
 * (relative to `cwd`) leave files alone, named ones included, and so does any directory
 * they match.
 *
 * glob and node:child_process are loaded only when a directory or a glob is given: files
 * named explicitly (the pre-commit case) start faster without them.
 */
import type { spawnSync as SpawnSync } from 'node:child_process'
import { lstatSync, readdirSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { displayPath, physical, realOrSelf } from '../paths.js'
import { isTempName } from './write.js'
import { repositoryOf } from './boundary.js'
import { inChartTemplates, linkedFiles, linkedGlobMatches } from './helm/linked-templates.js'

export interface Collected {
  files: string[]
  /** Paths and globs that named nothing: reported as errors. */
  problems: PathProblem[]
  /** Real paths of the trees named on the command line. */
  roots: string[]
  /** What the walk left out and why (ignored by git, --exclude), for -v. */
  skipped: PathProblem[]
}

export interface PathProblem {
  path: string
  message: string
}

/** *.yaml, *.yml, *.json, and the .tpl files of a chart's templates/ (helpers that may define manifests). */
const MANIFEST = /\.(ya?ml|json)$|\.tpl$(?<=[\\/]templates[\\/].*)/i

/**
 * Whether a walk takes `f`: a manifest name, or any other file under a chart's templates/ but
 * NOTES.txt. Helm renders every file there whatever its name (`split.txt`, `split`,
 * `split.yaml.bak`) and drops only NOTES.txt (helm/helm pkg/action/action.go at e9b85e4), so a
 * TrafficSplit in one is read as any template; a file that never spells one is not parsed.
 */
function walked(f: string): boolean {
  if (MANIFEST.test(f)) return true
  if (!/[\\/]templates[\\/]/.test(f) || /^NOTES\.txt$/.test(basename(f))) return false
  return inChartTemplates(dirname(f))
}
const NEVER = new Set(['.git', 'node_modules'])

let spawnSync: typeof SpawnSync

export async function collectFiles(
  paths: readonly string[],
  cwd: string = process.cwd(),
  exclude: readonly string[] = [],
): Promise<Collected> {
  const files = new Set<string>()
  const problems: PathProblem[] = []
  const roots: string[] = []
  const skipped: PathProblem[] = []
  const matcher = exclude.length ? await excluder(exclude, cwd) : () => false
  const excluded = (f: string): boolean => {
    const out = matcher(f)
    if (out) skipped.push({ path: f, message: 'excluded by --exclude' })
    return out
  }
  for (const p of paths) {
    const abs = resolve(cwd, p)
    const st = statOrUndefined(abs)
    if (st?.isFile()) {
      if (!excluded(abs)) files.add(abs)
      roots.push(physical(abs))
      continue
    }
    spawnSync ??= (await import('node:child_process')).spawnSync
    if (st?.isDirectory()) {
      for (const f of walkDirectory(abs, skipped)) {
        if (excluded(f)) continue
        if (unnamable(f))
          problems.push({ path: displayPath(f, cwd), message: 'its name is not valid UTF-8, so it cannot be opened here; rename it' })
        else files.add(f)
      }
      roots.push(physical(abs, true))
      continue
    }
    const { globSync, hasMagic } = await import('glob')
    if (hasMagic(p, { windowsPathsNoEscape: false })) {
      const ignore = ['**/node_modules/**', '**/.git/**']
      const matched = globSync(p, { cwd, absolute: true, nodir: true, dot: true, ignore })
      // Taken as a directory's walk takes a linked chart's templates: not asked of git (a path beyond a link).
      const linked = p.includes('**') ? await globLinks(p, cwd, ignore) : []
      const kept = [...dropIgnored(matched, skipped), ...linked].filter((f) => !excluded(f))
      for (const f of kept) files.add(f)
      roots.push(physical(resolve(cwd, globBase(p, hasMagic)), true))
      if (matched.length + linked.length === 0) problems.push({ path: p, message: `no files match the pattern ${p}` })
      else if (kept.length === 0) problems.push({ path: p, message: `every file the pattern ${p} matches is ignored by git or --exclude` })
    } else {
      problems.push({ path: p, message: `${p}: no such file, directory or matching glob` })
    }
  }
  const seen = new Set<string>()
  const realDir = new Map<string, string>()
  const unique = [...files].sort().filter((f) => {
    if (isTempName(basename(f))) return false
    const real = realFile(f, realDir)
    if (seen.has(real)) return false
    seen.add(real)
    return true
  })
  return { files: unique, problems, roots, skipped }
}

/**
 * A test for --exclude: a file is left alone when its path relative to `cwd` matches a
 * glob, or any directory above it does (`--exclude test/fixtures` takes the whole tree).
 */
async function excluder(globs: readonly string[], cwd: string): Promise<(file: string) => boolean> {
  const { Minimatch } = await import('minimatch')
  const matchers = globs.map((g) => new Minimatch(trimSlashes(g.replace(/^\.\//, '')), { dot: true }))
  return (file) => {
    const rel = relative(cwd, file).split(sep).join('/')
    const parts = rel.split('/')
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n).join('/')
      if (matchers.some((m) => m.match(prefix))) return true
    }
    return false
  }
}

/** What a `**` glob reaches through the links of a chart's templates that the glob library does not enter (helm/linked-templates.ts). */
async function globLinks(pattern: string, cwd: string, ignore: string[]): Promise<string[]> {
  const { globSync } = await import('glob')
  const { Minimatch } = await import('minimatch')
  const m = new Minimatch(pattern.replace(/^(?:\.\/)+/, ''), { dot: true })
  return linkedGlobMatches(pattern.replace(/^(?:\.\/)+/, ''), cwd, { glob: globSync, matches: (f) => m.match(f), never: NEVER, ignore })
}

/** `dir/` and `dir//` name the directory `dir` (a loop: a regex for trailing slashes is quadratic on a long run of them). */
function trimSlashes(p: string): string {
  let end = p.length
  while (end > 1 && p[end - 1] === '/') end--
  return p.slice(0, end)
}

/** The fixed directories a glob starts from: `charts` for `charts/{a,b}/x.yaml`. */
function globBase(pattern: string, hasMagic: (p: string, o: { windowsPathsNoEscape: boolean }) => boolean): string {
  const parts = pattern.split('/')
  const fixed: string[] = []
  for (const part of parts.slice(0, -1)) {
    if (hasMagic(part, { windowsPathsNoEscape: false })) break
    fixed.push(part)
  }
  return fixed.join('/') || (pattern.startsWith('/') ? '/' : '.')
}

/**
 * A file's real path, cheaply: one realpath per directory (cached), and an lstat only for a
 * file the walk did not already see as a regular file, where realpath on every file of a
 * 20,000-file tree would lstat every path component again.
 */
function realFile(f: string, realDir: Map<string, string>): string {
  if (!regular.has(f) && lstatOrUndefined(f)?.isSymbolicLink()) return realOrSelf(f)
  const dir = dirname(f)
  let real = realDir.get(dir)
  if (real === undefined) {
    real = realOrSelf(dir)
    realDir.set(dir, real)
  }
  // A directory that is its own real path: the file's path is already its real path.
  return real === dir ? f : join(real, basename(f))
}

/** What a file name holds where its bytes are not UTF-8: Node (and git's list, read as UTF-8) can only show it so. */
const REPLACEMENT = '\ufffd'

/**
 * A listed file whose name is not UTF-8: its name as a string is not its name on disk, so it
 * cannot be opened. It is reported (a run that skipped it would pass a file it never read).
 */
function unnamable(file: string): boolean {
  return file.includes(REPLACEMENT) && lstatOrUndefined(file) === undefined
}

/**
 * A directory named on the command line. Inside a work tree, git's list, and the same for
 * each submodule and nested repository in it (their own rules); a directory git ignores is
 * walked whole, since it was named. `skipped` gets what git's rules leave out.
 */
function walkDirectory(dir: string, skipped: PathProblem[]): string[] {
  const listed = isIgnoredDir(dir) ? undefined : gitListFiles(dir, skipped)
  // walkFs never enters .git or node_modules; git's list may name files inside them.
  if (!listed) return walkFs(dir).filter(walked)
  return listed.filter((f) => walked(f) && !f.split(sep).some((part) => NEVER.has(part)))
}

/** Whether git ignores the directory itself (`rendered/` in .gitignore), so its list would be empty. */
function isIgnoredDir(dir: string): boolean {
  const top = workTreeOf(dir)
  if (!top || resolve(top) === resolve(dir)) return false
  const r = spawnSync('git', ['-C', top, 'check-ignore', '-q', '--', relative(top, dir)], { encoding: 'utf8' })
  return r.status === 0
}

/**
 * The files git would show under `dir` (tracked + untracked, minus ignored, those of the
 * submodules and nested repositories in it included), or undefined outside a work tree.
 */
function gitListFiles(dir: string, skipped: PathProblem[]): string[] | undefined {
  const r = spawnSync('git', ['-C', dir, 'ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (r.error || r.status !== 0) return undefined
  const ignored = spawnSync('git', ['-C', dir, 'ls-files', '-o', '-i', '--exclude-standard', '--directory', '-z'], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  })
  for (const f of ignored.status === 0 ? ignored.stdout.split('\0') : [])
    if (f && !f.split('/').some((part) => NEVER.has(part))) skipped.push({ path: join(dir, f), message: 'ignored by git' })
  const out: string[] = []
  // Deleted-but-tracked files are still listed by ls-files; keep only what exists.
  for (const f of r.stdout
    .split('\0')
    .filter(Boolean)
    .map((f) => join(dir, f))) {
    const st = lstatOrUndefined(f)
    if (st?.isFile()) regular.add(f)
    if (st?.isFile() || (st?.isSymbolicLink() && statOrUndefined(f)?.isFile()) || (!st && f.includes(REPLACEMENT))) out.push(f)
    // A submodule (a gitlink) or a nested repository (listed as `dir/`): its own list.
    else if (st?.isDirectory() && !NEVER.has(basename(f))) out.push(...(gitListFiles(f, skipped) ?? walkFs(f)))
    else if (st?.isSymbolicLink() && statOrUndefined(f)?.isDirectory() && inChartTemplates(f)) out.push(...linkedFiles(f, NEVER))
  }
  return out
}

function walkFs(dir: string): string[] {
  const out: string[] = []
  const stack = [dir]
  while (stack.length) {
    const d = stack.pop()!
    // d is normalised and a name has no separator: the same as join, without normalising 20,000 paths again.
    const prefix = d.endsWith(sep) ? d : d + sep
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (NEVER.has(e.name)) continue
      const p = prefix + e.name
      if (e.isDirectory()) {
        stack.push(p)
      } else if (e.isFile()) {
        regular.add(p)
        out.push(p)
      } else if (e.isSymbolicLink() && statOrUndefined(p)?.isFile()) {
        out.push(p)
      } else if (e.isSymbolicLink() && statOrUndefined(p)?.isDirectory() && inChartTemplates(p)) {
        out.push(...linkedFiles(p, NEVER))
      }
    }
  }
  return out
}

/** Drops the files git ignores, asking each work tree once. */
function dropIgnored(files: string[], skipped: PathProblem[]): string[] {
  const byTop = new Map<string, string[]>()
  const outside: string[] = []
  for (const f of files) {
    const top = workTreeOf(dirname(f))
    if (top) byTop.set(top, [...(byTop.get(top) ?? []), f])
    else outside.push(f)
  }
  const kept = [...outside]
  for (const [top, all] of byTop) {
    const realDir = new Map<string, string>()
    // A path beyond a symlinked directory (a chart's linked templates) makes git refuse the whole
    // list; such a file is taken as a directory's walk takes it.
    const beyond = (f: string) => {
      const rel = relative(top, dirname(f))
      if (rel.startsWith('..')) return false
      if (!realDir.has(rel)) realDir.set(rel, realOrSelf(dirname(f)))
      return realDir.get(rel) !== join(top, rel)
    }
    kept.push(...all.filter(beyond))
    const list = all.filter((f) => !beyond(f))
    const rel = list.map((f) => relative(top, f))
    const r = spawnSync('git', ['-C', top, 'check-ignore', '--stdin', '-z'], {
      input: rel.join('\0') + '\0',
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    })
    const ignored = new Set(r.status === 0 ? r.stdout.split('\0').filter(Boolean) : [])
    list.forEach((f, i) => (ignored.has(rel[i]!) ? skipped.push({ path: f, message: 'ignored by git' }) : kept.push(f)))
  }
  return kept
}

const topCache = new Map<string, string | undefined>()
function workTreeOf(dir: string): string | undefined {
  if (!topCache.has(dir)) {
    const r = spawnSync('git', ['-C', dir, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' })
    topCache.set(dir, r.status === 0 ? r.stdout.trim() : undefined)
  }
  return topCache.get(dir)
}

/** Files the walk saw as regular files (not symlinks): no lstat needed to dedupe them. */
const regular = new Set<string>()

function lstatOrUndefined(p: string) {
  try {
    return lstatSync(p)
  } catch {
    return undefined
  }
}

function statOrUndefined(p: string) {
  try {
    return statSync(p)
  } catch {
    return undefined
  }
}

/**
 * The manifests directly in each of `dirs` (not in their subdirectories), picked as the walk
 * of a directory picks them: inside a work tree git's list, so what git ignores is left out
 * (one git process per repository), elsewhere the directory's own files; never `.git`,
 * `node_modules` or our temp files, nor what `exclude` (relative to `cwd`) leaves alone.
 * What a run reads beside its files (beside.ts): nothing of it is converted or written.
 */
export async function collectBeside(dirs: readonly string[], cwd: string, exclude: readonly string[] = []): Promise<string[]> {
  const byRepo = new Map<string, string[]>()
  const cache = new Map<string, string | null>()
  const out: string[] = []
  for (const dir of new Set(dirs)) {
    const root = repositoryOf(dir, cache)
    if (root === null) out.push(...shallowFiles(dir))
    else byRepo.set(root, [...(byRepo.get(root) ?? []), dir])
  }
  // git runs beside this process, which meanwhile loads what the run needs (files/passes.ts).
  const { execFile } = byRepo.size ? await import('node:child_process') : { execFile: undefined }
  const listed = [...byRepo].map(([root, list]) => {
    // `:(glob)` makes `*` stop at `/`: the directory's own entries only.
    const specs = list.map((d) => `:(glob)${[...relative(root, d).split(sep), '*'].filter(Boolean).map(globEscape).join('/')}`)
    const args = ['-C', root, 'ls-files', '-co', '--exclude-standard', '-z', '--', ...specs]
    return new Promise<string[]>((done) =>
      execFile!('git', args, { encoding: 'utf8', maxBuffer: 1 << 30 }, (err, stdout) =>
        done(err ? list.flatMap(shallowFiles) : stdout.split('\0').flatMap((f) => (f ? [join(root, f)] : []))),
      ),
    )
  })
  for (const f of (await Promise.all(listed)).flat()) if (regularOrLink(f)) out.push(f)
  const matcher = exclude.length ? await excluder(exclude, cwd) : () => false
  return out.filter((f) => walked(f) && !isTempName(basename(f)) && !f.split(sep).some((p) => NEVER.has(p)) && !matcher(f))
}

/** A path part as a glob that matches only it (`*` itself is kept: it is the wildcard). */
function globEscape(part: string): string {
  return part === '*' ? part : part.replace(/[*?[\]\\]/g, '\\$&')
}

/** Whether `path` is a regular file, or a symlink to one. */
function regularOrLink(path: string): boolean {
  return lstatOrUndefined(path)?.isFile() || statOrUndefined(path)?.isFile() || false
}

/** The regular files (or symlinks to one) directly in `dir`. */
function shallowFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = join(dir, e.name)
      return e.isFile() || (e.isSymbolicLink() && statOrUndefined(p)?.isFile()) ? [p] : []
    })
  } catch {
    return []
  }
}
