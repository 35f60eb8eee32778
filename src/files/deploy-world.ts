/**
 * Where the deploy-time check looks (deployers.ts, docs/kustomize.md#deploy-time-patches): the files
 * of the worlds of the run, and the Jsonnet files among them, whose objects are not read.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { realOrSelf } from '../paths.js'
import { repositoryOf } from './boundary.js'
import { type World, worldOf } from './helm/chart-world.js'

export const KUSTOMIZATION = /^(?:kustomization\.ya?ml|Kustomization)$/

export interface WorldFile {
  file: string
  /** Its repository's root (real), or null outside every repository. */
  root: string | null
}

/**
 * The files of the worlds of the tree's files and of the run's files (each one's git repository,
 * and the repositories around it): `git ls-files -co --exclude-standard` (tracked files whatever
 * .gitignore says, untracked ones not ignored), and the run's files outside every repository.
 * Where git cannot list, the repository's files are listed as the Helm checks list them.
 */
export function worldFiles(
  members: readonly string[],
  runFiles: readonly string[],
  spelled: (text: string) => readonly string[] | undefined,
): WorldFile[] {
  const cache = new Map<string, string | null>()
  const roots = new Set<string>()
  const outside = new Set<string>()
  // A realpath per directory, not per file: a run of 20,000 files lies in far fewer.
  for (const dir of new Set([...members, ...runFiles].map(dirname))) {
    let root = repositoryOf(realOrSelf(dir), cache)
    if (root === null) outside.add(dir)
    for (; root !== null && !roots.has(root); root = repositoryOf(dirname(root), cache)) roots.add(root)
  }
  const loose = outside.size === 0 ? [] : [...members, ...runFiles].filter((f) => outside.has(dirname(f)))
  const seen = new Set<string>()
  const out: WorldFile[] = []
  const worlds = new Map<string, World>()
  const all: WorldFile[] = [
    ...[...roots].flatMap((root) => {
      const real = realOrSelf(root)
      return listed(root, worlds).map((file) => ({ file, root: real }))
    }),
    ...loose.map((file) => ({ file, root: null })),
  ]
  const loaded = loadedElsewise(all, spelled)
  for (const f of all) {
    // Only YAML, JSON, template and Jsonnet files are applied or rendered (and what kustomize or Helm
    // load whatever their names): a test or a page that quotes an object is none.
    if (!/\.(?:ya?ml|json|tpl|jsonnet|libsonnet)$/i.test(f.file) && !KUSTOMIZATION.test(basename(f.file)) && !loaded(f.file)) continue
    // Each repository lists its own files (a nested one is listed by itself alone): a path is seen once.
    if (seen.has(f.file)) continue
    seen.add(f.file)
    out.push(f)
  }
  return out
}

/**
 * Files a deploy tool loads whatever their extension: every file below a chart's `templates/`
 * (beside a Chart.yaml: Helm renders each one), and a file whose name a kustomization of the world
 * spells (kustomize loads a `resources` entry of any extension). `spelled` gives the strings a
 * kustomization holds, read as YAML (escapes undone); one that cannot be read is searched as text,
 * and then an escape in it may spell any name.
 */
function loadedElsewise(all: readonly WorldFile[], spelled: (text: string) => readonly string[] | undefined): (file: string) => boolean {
  let kustomizations: Kustomization[] | undefined
  const charts = new Map<string, boolean>()
  return (file) => {
    const t = file.replace(/\\/g, '/').lastIndexOf('/templates/')
    if (t >= 0) {
      const chart = file.slice(0, t)
      let is = charts.get(chart)
      if (is === undefined) charts.set(chart, (is = existsSync(join(chart, 'Chart.yaml'))))
      if (is) return true
    }
    kustomizations ??= all.filter((f) => KUSTOMIZATION.test(basename(f.file))).map((f) => ({ text: readOrEmpty(f.file) }))
    const name = basename(file)
    return kustomizations.some((k) => spells(k, name, spelled))
  }
}

/** A kustomization's text, and once read as YAML the last path segments of its strings (null: it cannot be read). */
interface Kustomization {
  text: string
  words?: Set<string> | null
}

/**
 * Whether kustomization `k` spells `name` as the last path segment of one of its strings (read as
 * YAML, escapes undone), or cannot be read and holds `name` or an escape. Read as YAML only when
 * its text may: the failsafe schema keeps every scalar the characters of its source, but for
 * escapes (a backslash), tags (`!!binary` reads as bytes) and folding (a line break read as a
 * space, or indentation dropped), so a name without whitespace or quote that a text holds no
 * backslash, `!` or copy of is none of its strings' last segments.
 */
function spells(k: Kustomization, name: string, spelled: (text: string) => readonly string[] | undefined): boolean {
  if (!/[\s']/.test(name) && !/[\\!]/.test(k.text) && !k.text.includes(name)) return false
  if (k.words === undefined) {
    const strings = spelled(k.text)
    k.words = strings === undefined ? null : new Set(strings.map((s) => basename(s.trim().split(/[?#]/)[0]!)))
  }
  return k.words === null ? k.text.includes(name) || k.text.includes('\\') : k.words.has(name)
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

function listed(root: string, worlds: Map<string, World>): string[] {
  const r = spawnSync('git', ['-C', root, 'ls-files', '-z', '-co', '--exclude-standard'], { encoding: 'utf8', maxBuffer: 1 << 30 })
  if (!r.error && r.status === 0)
    return r.stdout
      .split('\0')
      .filter(Boolean)
      .map((f) => join(root, f))
  const w = worldOf(root, worlds)
  return 'unbounded' in w ? [] : w.allFiles
}

export const JSONNET = /\.(?:jsonnet|libsonnet)$/i
const GROUP_WORD = /kustomize\.toolkit\.fluxcd\.io|argoproj\.io|fluxcd\.controlplane\.io|helm\.toolkit\.fluxcd\.io|\\[uxU]/

/**
 * A Jsonnet file (Argo CD renders `*.jsonnet` of a directory source) that names a deploy group, or
 * has an escape that may spell one: the objects it evaluates to are not read here, so it holds
 * every tree.
 */
export function jsonnetGroup(file: string): { file: string; text: string; offset: number; what: string; reach: 'all' } | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
  const m = GROUP_WORD.exec(text)
  if (!m) return undefined
  return { file, text, offset: m.index, what: 'a Jsonnet file naming a deploy group (its objects are not read here)', reach: 'all' }
}
