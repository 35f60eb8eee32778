/**
 * Deploy-time patches of kustomize trees (docs/kustomize.md#deploy-time-patches): a Flux
 * `Kustomization` (kustomize.toolkit.fluxcd.io) with `spec.patches`, `spec.patchesStrategicMerge`,
 * `spec.patchesJson6902` or `spec.components`, and an Argo CD `Application` or `ApplicationSet`
 * (argoproj.io) whose source has `kustomize.patches` (`patchesStrategicMerge`, `patchesJson6902`,
 * `components`) or a config management `plugin` other than this project's (or an ApplicationSet's `templatePatch` that
 * may add them), patch what kustomize renders from their `path` after it is built. Such a patch,
 * aimed at a TrafficSplit by its old version or by its weights, stops matching or writes the
 * wrong numbers once the tree renders the converted split: the tree is held back (nothing
 * written, a pending warning naming the patch at its path:line:col).
 *
 * The objects are looked for in the tree's world, as the Helm checks look (helm/post-render.ts):
 * the git repository of each file of the tree and of the run (and a repository around it), and
 * the run's files outside every repository; only files whose text names one of the two API
 * groups (found by `git grep`) and a patch field are parsed. A `path` reaches the tree when, read from the root of its source, it is a
 * directory of a file of the tree or above one; since the source's root is not known (an OCI
 * artifact, a sub-path), it is matched as a run of whole path segments anywhere in the
 * directory's path below its repository, `{{…}}` and `${…}` matching anything, no `path` meaning
 * the root. A patch whose target (or, without one, every `kind` its text names) names a kind
 * or group that is no SMI one cannot reach a split; any other may (over-refusal, never a silent
 * change). Fields that only rename, label or set images (`namePrefix`, `commonLabels`,
 * `images`, `replicas`, `postBuild`) write no weight and hold nothing.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { realOrSelf } from '../paths.js'
import { parseDocuments } from '../yaml/documents.js'
import { repositoryOf } from './boundary.js'
import { type World, worldOf } from './helm/chart-world.js'
import { type FileResult, leftUnchanged } from './result.js'
import type { Trees } from './trees.js'

/** A deploy-time patch source: where it stands, what it is, and the `path` it patches (undefined: every path). */
interface Deployer {
  file: string
  offset: number
  text: string
  what: string
  path: RegExp | undefined
}

const APIS = /kustomize\.toolkit\.fluxcd\.io|argoproj\.io/
const FIELDS = /(?<![\w-])["']?(?:patches|patchesStrategicMerge|patchesJson6902|components|plugin|templatePatch)["']?\s*:/
const SMI_KIND = /^(?:TrafficSplit|TrafficTarget|HTTPRouteGroup|TCPRoute|UDPRoute|TrafficMetrics)$/
const TEMPLATED = /\{\{|\$\{/
/** This project's own plugin (deploy/argocd/plugin.yaml, named `<name>-<version>` by Argo CD): it builds the path with kustomize alone. */
const OURS = /^smi-migrate(?:-v\d+)?$/

/** `results` with every changed file of a kustomize tree that a deploy-time patch may reach left unchanged. */
export function heldForDeployers(
  results: readonly FileResult[],
  trees: Trees,
  o: { show: (file: string) => string; runFiles: readonly string[] },
): FileResult[] {
  const treeOf = (r: FileResult) => trees.plan.tree.get(trees.keyOf.get(r.file) ?? r.file)
  const touched = new Set(results.filter((r) => r.changed).map(treeOf))
  touched.delete(undefined)
  if (touched.size === 0) return [...results]
  const roots = new Map<string, string | null>()
  const dirs = new Map<number, Set<string>>()
  const members: string[] = []
  for (const [member, tree] of trees.plan.tree) {
    if (!touched.has(tree)) continue
    members.push(member)
    const dir = dirname(member)
    const root = repositoryOf(dir, roots)
    const rel = root === null ? dir : relative(realOrSelf(root), dir)
    const set = dirs.get(tree) ?? new Set()
    dirs.set(tree, set.add(`/${rel.split(sep).join('/')}/`))
  }
  const deployers = deployersIn(worldFiles(members, o.runFiles))
  if (deployers.length === 0) return [...results]
  const found = new Map<number, Deployer | undefined>()
  for (const [tree, set] of dirs)
    found.set(
      tree,
      deployers.find((d) => !d.path || [...set].some((s) => d.path!.test(s))),
    )
  return results.map((r) => {
    const tree = treeOf(r)
    const d = tree === undefined ? undefined : found.get(tree)
    if (!d || !r.changed) return r
    const before = d.text.slice(0, d.offset)
    const at = `${o.show(d.file)}:${before.split('\n').length}:${d.offset - before.lastIndexOf('\n')}`
    return leftUnchanged(
      r,
      `left unchanged: ${at}: ${d.what} may patch the TrafficSplits this kustomize tree renders when it is deployed, and would stop matching them or write the wrong weights once they are converted: convert the tree and the patch together by hand`,
      true,
    )
  })
}

/**
 * The files of the worlds of the tree's files and of the run's files (each one's git repository,
 * and the repositories around it) whose text names one of the API groups, as `git grep` finds
 * them (tracked and untracked, not ignored: a few milliseconds where listing the repository and
 * reading every file costs hundreds), and the run's files outside every repository. Where git
 * cannot search, the repository's files are listed as the Helm checks list them (chart-world.ts).
 */
function worldFiles(members: readonly string[], runFiles: readonly string[]): string[] {
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
  const out: string[] = []
  const worlds = new Map<string, World>()
  for (const file of [...[...roots].flatMap((root) => grepped(root, worlds)), ...loose]) {
    const real = realOrSelf(file)
    // Only YAML and JSON files are applied: a test, a script or a page that quotes an object is none.
    if (seen.has(real) || !/\.(?:ya?ml|json)$/i.test(file)) continue
    seen.add(real)
    out.push(file)
  }
  return out
}

function grepped(root: string, worlds: Map<string, World>): string[] {
  const pattern = 'kustomize\\.toolkit\\.fluxcd\\.io|argoproj\\.io'
  const r = spawnSync('git', ['-C', root, 'grep', '-l', '-z', '-I', '--untracked', '-E', pattern], { encoding: 'utf8', maxBuffer: 1 << 30 })
  // 1: nothing found.
  if (!r.error && r.status === 1) return []
  if (!r.error && r.status === 0)
    return r.stdout
      .split('\0')
      .filter(Boolean)
      .map((f) => join(root, f))
  const w = worldOf(root, worlds)
  return 'unbounded' in w ? [] : w.allFiles
}

/** The deploy-time patch sources among `files`, in their order (only texts naming an API group and a patch field are parsed). */
function deployersIn(files: readonly string[]): Deployer[] {
  const out: Deployer[] = []
  for (const file of files) {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    if (!APIS.test(text) || !FIELDS.test(text) || text.includes('\0')) continue
    for (const d of parseDocuments(text)) {
      const slice = text.slice(d.start, d.end)
      if (!APIS.test(slice)) continue
      const field = FIELDS.exec(slice)
      if (d.error) {
        // Not read: any patch field in it may patch any path.
        if (field)
          out.push({ file, text, offset: d.start + field.index, what: 'a Flux or Argo CD object that cannot be parsed', path: undefined })
        continue
      }
      for (const s of sourcesOf(d.doc)) out.push({ file, text, ...s })
    }
  }
  return out
}

type Key = string | number
interface Doc {
  toJS(): unknown
  getIn(path: readonly Key[], keep: true): unknown
}
type Obj = Record<string, unknown>
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined)

/** The patch sources of one document (an object, or a list of them): offset, what, path. */
function sourcesOf(doc: Doc): Array<Omit<Deployer, 'file' | 'text'>> {
  let data: unknown
  try {
    data = doc.toJS()
  } catch {
    return []
  }
  const top = obj(data)
  const items = Array.isArray(top?.['items']) ? (top!['items'] as unknown[]) : undefined
  const objects: Array<[Key[], Obj | undefined]> = items ? items.map((it, i) => [['items', i], obj(it)]) : [[[], top]]
  const out: Array<Omit<Deployer, 'file' | 'text'>> = []
  for (const [at, o] of objects) {
    const api = typeof o?.['apiVersion'] === 'string' ? o['apiVersion'] : ''
    const kind = o?.['kind']
    const spec = obj(o?.['spec'])
    if (!spec) continue
    const found = (path: Key[], field: string, what: string, source: unknown) => {
      const offset = keyOffset(doc, [...at, ...path], field)
      if (offset !== undefined) out.push({ offset, what, path: pathPattern(source) })
    }
    if (api.startsWith('kustomize.toolkit.fluxcd.io/') && kind === 'Kustomization') {
      for (const f of reaching(spec)) found(['spec'], f, `a Flux Kustomization's spec.${f}`, spec['path'])
    } else if (api.startsWith('argoproj.io/') && (kind === 'Application' || kind === 'ApplicationSet')) {
      const app = kind === 'Application' ? spec : obj(obj(spec['template'])?.['spec'])
      const base = kind === 'Application' ? ['spec'] : ['spec', 'template', 'spec']
      const name = kind === 'Application' ? "an Argo CD Application's" : "an Argo CD ApplicationSet's template's"
      const sources: Array<[Key[], Obj | undefined]> = [[[...base, 'source'], obj(app?.['source'])]]
      const many = app?.['sources']
      if (Array.isArray(many)) many.forEach((s, i) => sources.push([[...base, 'sources', i], obj(s)]))
      for (const [path, source] of sources) {
        if (!source) continue
        const where = path
          .slice(base.length)
          .join('.')
          .replace(/\.(\d+)/g, '[$1]')
        for (const f of reaching(obj(source['kustomize']) ?? {}))
          found([...path, 'kustomize'], f, `${name} ${where}.kustomize.${f}`, source['path'])
        if (source['plugin'] !== undefined && !OURS.test(String(obj(source['plugin'])?.['name'])))
          found(path, 'plugin', `${name} ${where}.plugin (a plugin renders it)`, source['path'])
      }
      const patch = spec['templatePatch']
      if (kind === 'ApplicationSet' && typeof patch === 'string' && FIELDS.test(patch))
        found(['spec'], 'templatePatch', "an Argo CD ApplicationSet's spec.templatePatch", undefined)
    }
  }
  return out
}

/** The patch fields of `m` (a Flux spec or an Argo source's kustomize) that may reach an SMI object. */
function reaching(m: Obj): string[] {
  const out: string[] = []
  const entries = (f: string): unknown[] | undefined => (Array.isArray(m[f]) ? (m[f] as unknown[]) : undefined)
  const listed = (f: string, may: (e: unknown) => boolean) => {
    if (m[f] === undefined || m[f] === null) return
    const list = entries(f)
    // Not a list (a template, a string): what it holds is not known.
    if (!list || list.some(may)) out.push(f)
  }
  listed('patches', (e) => {
    const p = obj(e)
    if (!p) return true
    if (p['target'] !== undefined && p['target'] !== null) return targetMay(p['target'])
    return typeof p['patch'] === 'string' ? kindsMay(p['patch']) : true
  })
  listed('patchesStrategicMerge', (e) => (typeof e === 'string' ? kindsMay(e) : kindMay(obj(e)?.['kind'])))
  listed('patchesJson6902', (e) => targetMay(obj(e)?.['target']))
  if (m['components'] !== undefined && m['components'] !== null && (entries('components')?.length ?? 1) > 0) out.push('components')
  return out
}

/** Whether a patch target may select an SMI object: only a kind or a group named, and no SMI one, cannot. */
function targetMay(target: unknown): boolean {
  const t = obj(target)
  if (!t) return true
  const group = t['group']
  if (typeof group === 'string' && group !== '' && !TEMPLATED.test(group) && !/(?:^|\.)smi-spec\.io$/.test(group)) return false
  return kindMay(t['kind'])
}

function kindMay(kind: unknown): boolean {
  return !(typeof kind === 'string' && kind !== '' && !TEMPLATED.test(kind) && !SMI_KIND.test(kind))
}

/** Whether a patch text without a target may patch an SMI object: it names no kind, or an SMI one, or a templated one. */
function kindsMay(text: string): boolean {
  const kinds = [...text.matchAll(/(?:^|[\s{,])["']?kind["']?\s*:\s*["']?([^\s"',}#]+)/g)].map((m) => m[1]!)
  return kinds.length === 0 || kinds.some((k) => kindMay(k))
}

/** The directories (`/a/b/`, below their repository) a source `path` may render, as a regex; undefined: every one. */
function pathPattern(path: unknown): RegExp | undefined {
  if (path === undefined || path === null) return undefined
  if (typeof path !== 'string') return undefined
  const segments = path
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .join('/')
  if (segments === '') return undefined
  const body = segments
    .split(/\{\{[^{}]*\}\}|\$\{[^{}]*\}|\*/)
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`/${body}/`)
}

/** The offset of `key` in the mapping at `path` of `doc`, or undefined when there is none. */
function keyOffset(doc: Doc, path: readonly Key[], key: string): number | undefined {
  const node = doc.getIn(path, true) as { items?: Array<{ key?: { value?: unknown; range?: number[] } }> } | undefined
  const pair = node?.items?.find((p) => p.key?.value === key)
  return pair?.key?.range?.[0]
}
