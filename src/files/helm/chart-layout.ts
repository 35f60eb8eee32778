/**
 * What Helm loads of a chart, and which charts beside it load it, for the values proof
 * (values-proof.ts). Helm's loader reads every file of the chart directory, following
 * symlinks (helm pkg/chart/loader/directory.go, via internal/sympath), and takes
 * `templates/**` as templates and `charts/*` as subcharts (a directory or a packaged
 * archive), each rendered with the parent's `<name>:` block (or its alias) over its own
 * values (pkg/chartutil/coalesce.go, pkg/chartutil/dependencies.go). An umbrella chart that
 * depends on a chart by `file://` renders it the same way.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { basename, dirname, join, resolve } from 'node:path'
import { realOrSelf } from '../../paths.js'
import { repositoryOf } from '../boundary.js'
import { yamlData } from '../../yaml/data.js'

export interface Dependency {
  name: string
  alias?: string
  repository?: string
  condition?: string
  importValues: boolean
}

export interface ChartMeta {
  dir: string
  /** Chart.yaml's name (the directory's name when it has none). */
  name: string
  library: boolean
  dependencies: Dependency[]
}

/** A chart directory's Chart.yaml (and Helm 2's requirements.yaml), or undefined without one. */
export function chartMeta(dir: string): ChartMeta | undefined {
  const chart = readData(join(dir, 'Chart.yaml'))
  if (chart === undefined) return undefined
  const c = (chart ?? {}) as { name?: unknown; type?: unknown; dependencies?: unknown }
  const req = readData(join(dir, 'requirements.yaml')) as { dependencies?: unknown } | undefined
  const deps = [c.dependencies, req?.dependencies].flatMap((d) => (Array.isArray(d) ? d : []))
  return {
    dir,
    name: typeof c.name === 'string' ? c.name : basename(dir),
    library: c.type === 'library',
    dependencies: deps.filter((d): d is Record<string, unknown> => typeof d === 'object' && d !== null).map(dependencyOf),
  }
}

function dependencyOf(d: Record<string, unknown>): Dependency {
  const out: Dependency = { name: String(d.name ?? ''), importValues: d['import-values'] !== undefined }
  if (typeof d.alias === 'string') out.alias = d.alias
  if (typeof d.repository === 'string') out.repository = d.repository
  if (typeof d.condition === 'string') out.condition = d.condition
  return out
}

/** Every file under `dir`, symlinked files and directories followed as Helm's loader follows them (each real directory once). */
export function filesUnder(dir: string, skip: (name: string) => boolean = () => false, seen = new Set<string>()): string[] {
  const real = realOrSelf(dir)
  if (seen.has(real)) return []
  seen.add(real)
  let names: string[]
  try {
    names = readdirSync(dir).sort()
  } catch {
    return []
  }
  const out: string[] = []
  for (const name of names) {
    if (skip(name)) continue
    const f = join(dir, name)
    let isDir: boolean
    try {
      isDir = statSync(f).isDirectory()
    } catch {
      continue // a dangling link: Helm's loader fails on it; nothing to read here
    }
    if (isDir) out.push(...filesUnder(f, skip, seen))
    else out.push(f)
  }
  return out
}

/** A subchart under `charts/`: a directory with its Chart.yaml, or an archive whose chart is not read here. */
export type Subchart = { meta: ChartMeta } | { archive: string }

export function subchartsOf(dir: string): Subchart[] {
  const charts = join(dir, 'charts')
  let names: string[]
  try {
    names = readdirSync(charts).sort()
  } catch {
    return []
  }
  const out: Subchart[] = []
  for (const name of names) {
    const f = join(charts, name)
    const meta = isDirectory(f) ? chartMeta(f) : undefined
    if (meta) out.push({ meta })
    else if (/\.tgz$/.test(name)) out.push({ archive: f })
  }
  return out
}

/**
 * The files that may be given with `-f` besides the chart's values.yaml, taken wide because
 * any path may be (helm pkg/cli/values/options.go reads whatever file it is given, YAML or
 * JSON, by any name): every YAML or JSON file (any case of extension) in the chart's tree and
 * in the directory holding the chart, but for the chart's own metadata and what Helm renders
 * or loads as a subchart (templates/, charts/, whose readers are looked at apart).
 */
export function overrideFiles(chart: string): string[] {
  const own = realOrSelf(join(chart, 'values.yaml'))
  const data = (f: string) => /\.(?:ya?ml|json)$/i.test(f) && !NOT_VALUES.has(basename(f))
  const inTree = filesUnder(chart, (n) => n === '.git').filter((f) => {
    const top = f.slice(chart.length + 1).split(/[\\/]/)[0]
    return top !== 'templates' && top !== 'charts' && data(f)
  })
  // Beside the chart, but never above its repository's root (chart-world.ts bounds the proof there).
  const root = repositoryOf(realOrSelf(chart))
  const beside = root !== null && realOrSelf(chart) === realOrSelf(root) ? [] : listFiles(dirname(chart))
  const all = [...inTree, ...beside.filter(data)]
  return [...new Set(all)].filter((f) => f !== join(chart, 'values.yaml') && realOrSelf(f) !== own)
}

/** A chart's own files that Helm never reads as values. */
export const NOT_VALUES = new Set(['Chart.yaml', 'Chart.lock', 'requirements.yaml', 'requirements.lock', 'values.schema.json'])

/** A chart that renders `chart` with its values under `prefix` (its dependency's name or alias). */
export interface Umbrella {
  meta: ChartMeta
  prefix: string
  via: string
}

/**
 * The charts among `nearby` (chart-world.ts: the chart's repository, the run's charts) that
 * render `chart` as a dependency: under `charts/`, by `file://`, or by its name from a chart repository.
 */
export function umbrellasOf(chart: string, nearby: readonly ChartMeta[]): Umbrella[] {
  const real = realOrSelf(chart)
  const index = umbrellaIndex(nearby)
  return [...(index.get(real) ?? []), ...(index.get(byName(chartMeta(chart)?.name)) ?? [])].filter((u) => realOrSelf(u.meta.dir) !== real)
}

/**
 * The key of the umbrellas that depend on a chart by its name from a chart repository (https,
 * `oci://`, Helm 2's `@local`, a repository alias), in umbrellaIndex and dependents: once the
 * chart is published, `helm dependency update` gives them this one, rendered with their values.
 */
export function byName(name: string | undefined): string {
  return `\0name:${name ?? ''}`
}

/**
 * Every chart that `charts` render as a dependency, by its real directory, with the chart
 * rendering it and the block its values are: a `file://` dependency (its alias, else its
 * name); a directory under `charts/` (the dependency that names it, else its own name); any
 * other dependency under byName of its name. Each
 * chart is read once, so a repository's charts are indexed in one pass.
 */
export function umbrellaIndex(charts: readonly ChartMeta[]): Map<string, Umbrella[]> {
  const out = new Map<string, Umbrella[]>()
  const add = (target: string, u: Umbrella) => {
    const list = out.get(target) ?? []
    if (!list.some((x) => x.meta.dir === u.meta.dir && x.prefix === u.prefix)) list.push(u)
    out.set(target, list)
  }
  for (const u of charts) {
    const via = join(u.dir, 'Chart.yaml')
    for (const d of u.dependencies) {
      if (!d.repository?.startsWith('file://')) {
        if (d.name) add(byName(d.name), { meta: u, prefix: d.alias ?? d.name, via })
        continue
      }
      const path = d.repository.slice(7)
      for (const target of new Set([realOrSelf(resolve(u.dir, path)), realOrSelf(resolve(realOrSelf(u.dir), path))]))
        add(target, { meta: u, prefix: d.alias ?? d.name, via })
    }
    for (const s of subchartsOf(u.dir)) {
      if (!('meta' in s)) continue
      const target = realOrSelf(s.meta.dir)
      const deps = u.dependencies.filter((d) => d.name === s.meta.name)
      for (const d of deps) add(target, { meta: u, prefix: d.alias ?? d.name, via })
      if (deps.length === 0) add(target, { meta: u, prefix: s.meta.name, via: join(u.dir, 'charts') })
    }
  }
  return out
}

/**
 * The charts among `dirs` (a run's charts) by the real directory of each chart they may render
 * as a dependency (a `file://` repository, a directory under `charts/`), read once for a run.
 */
export function dependents(dirs: readonly string[]): Map<string, ChartMeta[]> {
  const out = new Map<string, ChartMeta[]>()
  const add = (target: string, meta: ChartMeta) => {
    const list = out.get(target) ?? []
    if (!list.includes(meta)) list.push(meta)
    out.set(target, list)
  }
  for (const dir of dirs) {
    const meta = chartMeta(dir)
    if (!meta) continue
    for (const d of meta.dependencies)
      add(d.repository?.startsWith('file://') ? realOrSelf(resolve(dir, d.repository.slice(7))) : byName(d.name), meta)
    for (const sub of listDirs(join(dir, 'charts'))) add(realOrSelf(sub), meta)
  }
  return out
}

/** The real path of a file, or undefined when it does not resolve. */
export function realFile(f: string): string | undefined {
  try {
    return realpathSync(f)
  } catch {
    return undefined
  }
}

function readData(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  const r = yamlData(text)
  return 'value' in r ? (r.value ?? null) : null
}

function isDirectory(f: string): boolean {
  try {
    return statSync(f).isDirectory()
  } catch {
    return false
  }
}

function listFiles(d: string): string[] {
  try {
    return readdirSync(d)
      .sort()
      .map((n) => join(d, n))
      .filter((f) => !isDirectory(f))
  } catch {
    return []
  }
}

function listDirs(d: string): string[] {
  try {
    return readdirSync(d)
      .filter((n) => n !== '.git' && n !== 'node_modules')
      .sort()
      .map((n) => join(d, n))
      .filter(isDirectory)
  } catch {
    return []
  }
}
