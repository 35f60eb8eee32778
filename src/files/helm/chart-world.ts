/**
 * The world of the values proof (values-proof.ts): where it looks for the charts that may
 * render a chart, and what of a chart Helm's loader would fail on or hide from it.
 *
 * - The world is the chart's git repository (found as git finds it, files/boundary.ts): every
 *   Chart.yaml in it, at any depth, symlinked directories within it followed, is read for dependencies
 *   that reach the chart (`file://`, Chart.yaml or Helm 2's requirements.yaml). Nothing above
 *   the repository's root is listed, but a repository around it (the chart's is a submodule or a
 *   checkout inside another) is read too. A chart in no repository has no such bound (an umbrella
 *   anywhere on the disk may say `file://../../web`), so its values are never proved.
 * - Helm's loader follows every symlink in a chart directory and fails on one it cannot resolve
 *   (helm internal/sympath/walk.go, pkg/chart/loader/directory.go at
 *   018982f177fcc123877307d9cadce3d2e361db0c): a dangling link or a loop stops the proof.
 * - A packaged subchart (`charts/*.tgz`) renders under the name in its own Chart.yaml, not its
 *   file name (pkg/chart/loader/load.go, same commit): that name is read from the archive.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { spawnSync } from 'node:child_process'
import { isInside, realOrSelf } from '../../paths.js'
import { yamlData } from '../../yaml/data.js'
import { looseValuesName } from './repo-values.js'
import { repositoryOf } from '../boundary.js'
import { byName, type ChartMeta, chartMeta, filesUnder, NOT_VALUES, realFile, type Umbrella, umbrellaIndex } from './chart-layout.js'

/** A repository's charts, indexed once: by the real directory of each chart they render, and by their values.yaml's real path. */
export interface World {
  charts: ChartMeta[]
  /**
   * Every YAML or JSON file of the repository but a chart's templates and its own metadata:
   * `helm -f` takes any path, so any of them may be given to any chart as values.
   */
  dataFiles: string[]
  /** Every file of the repository git does not ignore, templates too (value-mentions.ts reads them for the path). */
  allFiles: string[]
  umbrellas: Map<string, Umbrella[]>
  byValues: Map<string, ChartMeta[]>
}

/** What `index` (a World's umbrellas, a run's dependents) holds for `dir`: by its real directory, and by its name (chart-layout.ts byName). */
export function renderingIt<T>(index: ReadonlyMap<string, readonly T[]> | undefined, dir: string): T[] {
  return [...(index?.get(realOrSelf(dir)) ?? []), ...(index?.get(byName(chartMeta(dir)?.name)) ?? [])]
}

/** The charts of the repository around `chart`, or why there is no bound to look in. Cached by root in `cache`. */
export function worldOf(chart: string, cache: Map<string, World>): World | { unbounded: string } {
  const root = repositoryOf(realOrSelf(chart))
  if (root === null)
    return {
      unbounded:
        "it is in no git repository, so the charts that may render it by file:// cannot all be found: run it inside the chart's git repository",
    }
  const known = cache.get(root)
  if (known) return known
  const charts: ChartMeta[] = []
  const dataFiles: string[] = []
  const allFiles: string[] = []
  chartsUnder(root, realOrSelf(root), new Set(), { charts, dataFiles, allFiles, listed: listedFiles(root) })
  // A repository inside another (a submodule, a checkout or worktree within one): the outer
  // repository's charts may render this one by file:// too, so they are read as well.
  for (let outer = repositoryOf(dirname(root)); outer !== null; outer = repositoryOf(dirname(outer)))
    chartsUnder(outer, realOrSelf(outer), new Set(), { charts, dataFiles, allFiles, listed: listedFiles(outer) })
  const byValues = new Map<string, ChartMeta[]>()
  for (const c of charts) {
    const values = realFile(join(c.dir, 'values.yaml'))
    if (values !== undefined) byValues.set(values, [...(byValues.get(values) ?? []), c])
  }
  const world = { charts, dataFiles, allFiles, umbrellas: umbrellaIndex(charts), byValues }
  cache.set(root, world)
  return world
}

/**
 * The files of the repository at `root` that git does not ignore (tracked and untracked), by
 * their real paths, or undefined when git cannot list them. The values files a run considers
 * are these, as the files a run converts are (../collect.ts): a dependency tree under
 * `node_modules/` or a local, ignored values file is no part of the repository.
 */
function listedFiles(root: string): Set<string> | undefined {
  const r = spawnSync('git', ['-C', root, 'ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (r.error || r.status !== 0) return undefined
  const real = realOrSelf(root)
  return new Set(
    r.stdout
      .split('\0')
      .filter(Boolean)
      .map((f) => join(real, f)),
  )
}

/**
 * The charts at and below `dir`. Each real directory is walked once (a link to an ancestor, or
 * many links to one place, cost nothing more), and a link out of the repository is not followed:
 * what lies there is outside the world. A chart reached by a link is known by the first path to
 * it; chart-layout.ts resolves its `file://` dependencies from its real path as well.
 */
function chartsUnder(
  dir: string,
  root: string,
  seen: Set<string>,
  out: { charts: ChartMeta[]; dataFiles: string[]; allFiles: string[]; listed: Set<string> | undefined },
  template = false,
): void {
  const real = realOrSelf(dir)
  if (seen.has(real)) return
  seen.add(real)
  // A link out of the repository: no chart there is the world's, but a values file there may be
  // given with -f as one of the repository's (as a file linked out of it is): they are read.
  if (!isInside(real, root)) {
    const data: string[] = []
    if (!template) dataUnder(dir, seen, data)
    out.dataFiles.push(...data)
    return void out.allFiles.push(...data)
  }
  const names = list(dir)
  const chart = names.includes('Chart.yaml')
  if (chart) {
    const meta = chartMeta(dir)
    if (meta) out.charts.push(meta)
  }
  for (const name of names) {
    if (name === '.git') continue
    const f = join(dir, name)
    if (isDir(f)) {
      chartsUnder(f, root, seen, out, template || (chart && name === 'templates'))
      continue
    }
    const listed = out.listed?.has(join(real, name)) ?? true
    if (listed) out.allFiles.push(f)
    if (
      !template &&
      // helmfile's `.gotmpl` values and state files are rendered by helmfile: repo-values.ts reads them as such.
      (/\.(?:ya?ml|json|gotmpl)$/i.test(name) || looseValuesName(name)) &&
      !(chart && NOT_VALUES.has(name)) &&
      listed
    )
      out.dataFiles.push(f)
  }
}

/** The YAML, JSON and `.gotmpl` files at and below `dir` (outside the repository: git lists none of them). */
function dataUnder(dir: string, seen: Set<string>, files: string[]): void {
  for (const name of list(dir)) {
    if (name === '.git' || name === 'node_modules') continue
    const f = join(dir, name)
    if (isDir(f)) {
      const real = realOrSelf(f)
      if (!seen.has(real)) {
        seen.add(real)
        dataUnder(f, seen, files)
      }
    } else if (/\.(?:ya?ml|json|gotmpl)$/i.test(name) || looseValuesName(name)) files.push(f)
  }
}

/**
 * A symlink in a chart directory that leads out of the chart's repository (a `templates/`
 * linked elsewhere): Helm renders what it holds, but charts outside the world may render the
 * same files with values of their own, so the proof stops at the link.
 */
export function linkOutside(dir: string): { file: string; why: string } | undefined {
  const root = repositoryOf(realOrSelf(dir))
  if (root === null) return undefined
  const top = realOrSelf(root)
  const walk = (d: string, seen: Set<string>): { file: string; why: string } | undefined => {
    for (const name of list(d)) {
      if (name === '.git') continue
      const f = join(d, name)
      const link = lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink()
      const real = realOrSelf(f)
      if (link && !isInside(real, top) && isDir(f))
        return {
          file: f,
          why: `a symlink to ${readlinkSync(f)}, a directory outside the repository: charts elsewhere may render what it holds with values of their own`,
        }
      if (isDir(f) && !seen.has(real)) {
        seen.add(real)
        const inner = walk(f, seen)
        if (inner) return inner
      }
    }
    return undefined
  }
  return walk(dir, new Set([realOrSelf(dir)]))
}

/**
 * A template of another chart among `charts` that is `file` through a link (the file, or a
 * templates directory, linked): converting the file converts that chart's split too, whose
 * values the proof of `chart` did not read. Its path as that chart reaches it, or undefined.
 */
export function sharedTemplate(charts: readonly ChartMeta[], chart: string, file: string): string | undefined {
  const target = realFile(file)
  const own = realOrSelf(chart)
  for (const c of charts) {
    if (realOrSelf(c.dir) === own) continue
    const hit = filesUnder(join(c.dir, 'templates')).find((f) => realFile(f) === target)
    if (hit) return hit
  }
  return undefined
}

/**
 * The first entry of a chart directory Helm's loader cannot load: a symlink that does not
 * resolve, or one that leads back to a directory above it (a loop), with what it is.
 */
export function loadBreak(dir: string, onPath = new Set<string>()): { file: string; why: string } | undefined {
  const real = realOrSelf(dir)
  onPath.add(real)
  try {
    for (const name of list(dir)) {
      const f = join(dir, name)
      const link = lstatSync(f, { throwIfNoEntry: false })?.isSymbolicLink()
      let target: string
      try {
        target = realpathSync(f)
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code
        const to = link ? ` to ${readlinkSync(f)}` : ''
        return { file: f, why: `a symlink${to} that does not resolve (${code}), so Helm's loader fails on the chart` }
      }
      if (!statSync(target).isDirectory()) continue
      if (onPath.has(target)) {
        // A directory reached again below a link (`templates -> ../common/tpl`, `common/tpl/loop -> ..`):
        // the loop is that link's, named where it stands. Helm's walk fails on it ("too many levels of
        // symbolic links", helm/helm internal/sympath/walk.go at e9b85e4).
        const at = link ? f : linkAbove(f, dir)
        if (at === undefined) return { file: f, why: `a directory reached again through a symlink: a loop Helm's loader cannot walk` }
        return { file: at, why: `a symlink to ${readlinkSync(at)}, a directory above it: a loop Helm's loader cannot walk` }
      }
      const inner = loadBreak(f, onPath)
      if (inner) return inner
    }
    return undefined
  } finally {
    onPath.delete(real)
  }
}

/** The deepest symlink among `f`'s directories up to `top` (the walk's own directory first), or undefined. */
function linkAbove(f: string, top: string): string | undefined {
  for (let d = dirname(f); d.length >= top.length && d !== dirname(d); d = dirname(d))
    if (lstatSync(d, { throwIfNoEntry: false })?.isSymbolicLink()) return d
  return undefined
}

/** The name in a packaged chart's Chart.yaml (`<dir>/Chart.yaml` in the gzipped tar), or undefined when it cannot be read. */
export function archivedChartName(archive: string): string | undefined {
  let tar: Buffer
  try {
    tar = gunzipSync(readFileSync(archive))
  } catch {
    return undefined
  }
  // Helm strips the first path component of every entry, whatever it is (helm
  // pkg/chart/loader/archive/archive.go at e9b85e4de16ad45805843fb121748018cf89094b): `./web/Chart.yaml`
  // is no Chart.yaml at the top, and Helm cannot load the chart. Every Chart.yaml entry is read
  // into the same metadata in turn, then a requirements.yaml (pkg/chart/v2/loader/load.go,
  // LoadFiles): a later one's `name` replaces an earlier one's, one without a name keeps it.
  const top = (name: string) => (raw: string) => posix.normalize(raw.split('/').slice(1).join('/')) === name
  let name: unknown
  for (const text of [...tarEntries(tar, top('Chart.yaml')), ...tarEntries(tar, top('requirements.yaml'))]) {
    const r = yamlData(text)
    if (!('value' in r)) return undefined
    const read = (r.value as { name?: unknown } | null)?.name
    if (read !== undefined && read !== null) name = read
  }
  return typeof name === 'string' && name !== '' ? name : undefined
}

/** The texts of the regular files of a tar (ustar, GNU long names, pax paths) whose names as stored `wanted` takes, in order. */
function tarEntries(tar: Buffer, wanted: (name: string) => boolean): string[] {
  const out: string[] = []
  for (const e of tarFiles(tar)) if (wanted(e.raw)) out.push(e.body.toString('utf8'))
  return out
}

/** Each regular file of a tar (ustar, GNU long names, pax paths), its name without a leading `./`, and as stored. */
function* tarFiles(tar: Buffer): Generator<{ name: string; raw: string; body: Buffer }> {
  let long: string | undefined
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512)
    if (header.every((b) => b === 0)) return
    const field = (from: number, len: number) => untilNul(header.toString('utf8', from, from + len))
    const size = parseInt(field(124, 12).trim() || '0', 8)
    if (!Number.isFinite(size)) return
    const type = field(156, 1)
    const body = tar.subarray(at + 512, at + 512 + size)
    const prefix = field(345, 155)
    const name = long ?? (prefix ? `${prefix}/${field(0, 100)}` : field(0, 100))
    long = undefined
    if (type === 'L') long = untilNul(body.toString('utf8'))
    else if (type === 'x') long = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1]
    else if (type === '0' || type === '') yield { name: name.replace(/^\.\//, ''), raw: name, body }
    at += 512 + Math.ceil(size / 512) * 512
  }
}

/**
 * The templates of a packaged chart (`charts/*.tgz`) and of the subcharts packed in it (every
 * file under a `templates/` directory), as Helm's loader reads the archive (helm
 * pkg/chart/loader/archive.go, load.go at 3ce10e4f81e064a3807098c3d466c33f2ece8a18: a gzipped
 * tar, its top directory stripped, `charts/` loaded as subcharts, archives in it too); or why
 * they cannot all be read: an archive that is no gzipped tar, or one holding a packaged chart
 * of its own (not unpacked here).
 */
export function archivedTemplates(archive: string): { templates: Array<{ name: string; text: string }> } | { unreadable: string } {
  let tar: Buffer
  try {
    tar = gunzipSync(readFileSync(archive))
  } catch (err) {
    return { unreadable: `it is no gzipped tar (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` }
  }
  const templates: Array<{ name: string; text: string }> = []
  for (const e of tarFiles(tar)) {
    const parts = e.name.split('/')
    if (parts.at(-2) === 'charts' && e.name.endsWith('.tgz'))
      return { unreadable: `it holds a packaged chart of its own, ${e.name}, which is not read` }
    if (parts.slice(1, -1).includes('templates')) templates.push({ name: e.name, text: e.body.toString('utf8') })
  }
  return { templates }
}

function untilNul(s: string): string {
  const end = s.indexOf('\0')
  return end < 0 ? s : s.slice(0, end)
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).sort()
  } catch {
    return []
  }
}

function isDir(f: string): boolean {
  try {
    return statSync(f).isDirectory()
  } catch {
    return false
  }
}

/** Texts read once per run (the cache of worlds stands for the run); a binary file reads as empty. */
const textsOf = new WeakMap<Map<string, World>, Map<string, string>>()

export function worldText(file: string, cache: Map<string, World>): string {
  let texts = textsOf.get(cache)
  if (!texts) textsOf.set(cache, (texts = new Map()))
  let text = texts.get(file)
  if (text === undefined) {
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      text = ''
    }
    if (text.includes('\0')) text = ''
    texts.set(file, text)
  }
  return text
}
