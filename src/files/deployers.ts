/**
 * Deploy-time patches (docs/kustomize.md#deploy-time-patches): a Flux `Kustomization`, an Argo CD
 * `Application` or `ApplicationSet`, a Flux `HelmRelease` or a Flux Operator object elsewhere in
 * the repository may patch what a kustomize tree (or a plain directory of manifests) renders
 * after it is built. Such a patch, aimed at a TrafficSplit by its old version or its weights,
 * stops matching or writes the wrong numbers once the split is converted.
 *
 * The check is by absence of proof (deployer-objects.ts): every deploy object of the world is
 * read, and one holds every tree its path may reach (every tree, when its path cannot be read
 * literally) unless it is proven harmless. A held tree, or a changed TrafficSplit file outside
 * every tree, is left unchanged with a pending warning naming the field at its path:line:col.
 *
 * Where: every file of the git repository of each file of the tree and of the run (and of the
 * repositories around it), tracked (whatever .gitignore says) or untracked and not ignored, and
 * the run's files outside every repository. Each YAML, JSON or template file's bytes are
 * searched for the API groups (or an escape that may spell one) first; only those are parsed.
 * A kustomization that may patch the deploy objects it builds holds every tree.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { isInside, realOrSelf } from '../paths.js'
import { parseDocuments } from '../yaml/documents.js'
import { mentionsAny } from '../pipeline/escapes.js'
import { DocumentSplitter } from '../pipeline/splitter.js'
import { repositoryOf } from './boundary.js'
import { KustomizationMentions } from './mentions.js'
import { DEPLOY_API_PREFIXES, mayNameDeployGroup } from './deploy-groups.js'
import {
  DEPLOY_KIND,
  isDeployObject,
  judge,
  type Key,
  literalPath,
  obj,
  type Obj,
  patchHarmless,
  type Reach,
  TEMPLATED,
  textKindsOnly,
} from './deployer-objects.js'
import { type World, worldOf } from './helm/chart-world.js'
import { type FileResult, leftUnchanged } from './result.js'
import type { Trees } from './trees.js'

/** A deploy-time patch source: where it stands, what it is, and the directories it may reach. */
interface Deployer {
  file: string
  offset: number
  text: string
  what: string
  reach: Reach
}

const KUSTOMIZATION = /^(?:kustomization\.ya?ml|Kustomization)$/
const COMPONENT_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']

/** `results` with every changed file that a deploy-time patch may reach left unchanged. */
export function heldForDeployers(
  results: readonly FileResult[],
  trees: Trees | undefined,
  o: { show: (file: string) => string; runFiles: readonly string[]; deployFree?: ReadonlySet<string> },
): FileResult[] {
  const unitOf = (r: FileResult): number | string | undefined => {
    const tree = trees?.plan.tree.get(trees.keyOf.get(r.file) ?? r.file)
    // A TrafficSplit file outside every tree: Flux builds a plain directory with kustomize too.
    return tree ?? (r.candidate ? `file:${r.file}` : undefined)
  }
  const touched = new Set(results.filter((r) => r.changed).map(unitOf))
  touched.delete(undefined)
  if (touched.size === 0) return [...results]
  const members: Array<[string, number | string]> = []
  for (const [member, tree] of trees?.plan.tree ?? []) if (touched.has(tree)) members.push([member, tree])
  for (const u of touched) if (typeof u === 'string') members.push([u.slice('file:'.length), u])
  const roots = new Map<string, string | null>()
  const dirs = new Map<number | string, Set<string>>()
  const relOf = new Map<string, string>()
  for (const [member, unit] of members) {
    const dir = realOrSelf(dirname(member))
    let rel = relOf.get(dir)
    if (rel === undefined) {
      const root = repositoryOf(dir, roots)
      rel = `/${(root === null ? dir : relative(realOrSelf(root), dir)).split(sep).join('/')}/`.replace(/\/+/g, '/')
      relOf.set(dir, rel)
    }
    dirs.set(unit, (dirs.get(unit) ?? new Set()).add(rel))
  }
  const deployers = deployersIn(
    worldFiles(
      members.map(([m]) => m),
      o.runFiles,
    ),
    o.deployFree ?? new Set(),
  )
  if (deployers.length === 0) return [...results]
  const reaches = (d: Deployer, set: Set<string>) =>
    d.reach === 'all' || d.reach.some((p) => p === '' || [...set].some((s) => s.includes(`/${p}/`)))
  const found = new Map<number | string, Deployer | undefined>()
  for (const [unit, set] of dirs)
    found.set(
      unit,
      deployers.find((d) => reaches(d, set)),
    )
  return results.map((r) => {
    const unit = unitOf(r)
    const d = unit === undefined ? undefined : found.get(unit)
    if (!d || !r.changed) return r
    const before = d.text.slice(0, d.offset)
    const at = `${o.show(d.file)}:${before.split('\n').length}:${d.offset - before.lastIndexOf('\n')}`
    const what =
      unit !== undefined && typeof unit === 'string' ? 'the TrafficSplits of this file' : 'the TrafficSplits this kustomize tree renders'
    return leftUnchanged(
      r,
      `left unchanged: ${at}: ${d.what} may patch ${what} when it is deployed, and would stop matching them or write the wrong weights once they are converted: convert them and the patch together by hand`,
      true,
    )
  })
}

interface WorldFile {
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
function worldFiles(members: readonly string[], runFiles: readonly string[]): WorldFile[] {
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
  for (const f of all) {
    // Only YAML, JSON and template files are applied or rendered: a test or a page that quotes an object is none.
    if (!/\.(?:ya?ml|json|tpl)$/i.test(f.file) && !KUSTOMIZATION.test(basename(f.file))) continue
    // Each repository lists its own files (a nested one is listed by itself alone): a path is seen once.
    if (seen.has(f.file)) continue
    seen.add(f.file)
    out.push(f)
  }
  return out
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

/** The harmful deploy objects among `files` (candidates by their bytes; none of `deployFree`), then the kustomizations that may patch them. */
function deployersIn(files: readonly WorldFile[], deployFree: ReadonlySet<string>): Deployer[] {
  const out: Deployer[] = []
  const objectFiles: WorldFile[] = []
  for (const f of files) {
    // The read pass saw its bytes already.
    if (deployFree.has(isAbsolute(f.file) ? f.file : resolve(f.file))) continue
    let bytes: Buffer
    try {
      bytes = readFileSync(f.file)
    } catch {
      continue
    }
    if (!mayNameDeployGroup(bytes)) continue
    const text = bytes.toString('utf8')
    const before = out.length
    if (objectsOf(f, text, candidateDocuments(bytes), out)) objectFiles.push(f)
    for (const d of out.slice(before)) if (d.reach !== 'all') d.reach = expanded(d.reach, f.root)
  }
  if (objectFiles.length > 0) out.push(...patchingKustomizations(files, objectFiles))
  return out
}

/**
 * The documents of a candidate file that may hold a deploy object, each with the offset (in the
 * file's decoded text) where it starts. A deploy object spells its apiVersion's group and `/` in
 * its own document (anchors and merge keys do not cross documents), literally or by escapes, or
 * has a templated apiVersion; the others are not parsed: a file that matched only for an escape
 * elsewhere (a CRD's patterns, 1 MB of Gateway API schemas) or a CRD of the group (a vendored
 * Flux or Argo CD install manifest) costs a byte search, not a parse. The splitter
 * cuts as kubectl does, and each segment parses alone as it parses in the whole stream.
 */
function candidateDocuments(bytes: Buffer): Array<{ at: number; text: string }> {
  const out: Array<{ at: number; text: string }> = []
  let at = 0
  for (const segment of DocumentSplitter.split(bytes)) {
    const text = segment.toString('utf8')
    const names = mayNameDeployGroup(segment) && mentionsAny(text, DEPLOY_API_PREFIXES)
    if (names || TEMPLATED.test(text)) out.push({ at, text })
    at += text.length
  }
  return out
}

/** Pushes the harms of the deploy objects of one file onto `out`; whether the file holds any deploy object. */
function objectsOf(f: WorldFile, text: string, segments: ReadonlyArray<{ at: number; text: string }>, out: Deployer[]): boolean {
  let any = false
  for (const s of segments) if (segmentObjects(f, text, s, out)) any = true
  return any
}

/** objectsOf for one document of the file, which starts at `s.at` of `text` (offsets below are the file's). */
function segmentObjects(f: WorldFile, text: string, s: { at: number; text: string }, out: Deployer[]): boolean {
  const helm = /[\\/]templates[\\/]/.test(f.file)
  const push = (offset: number, what: string, reach: Reach) => out.push({ file: f.file, text, offset: s.at + offset, what, reach })
  let any = false
  for (const d of parseDocuments(s.text, { merge: true })) {
    if (d.error) {
      // Not read: it may be anything, and patch anything, if it spells a deploy group's apiVersion
      // (literally or by escapes; a broken document with some other escape is no deploy object).
      const slice = s.text.slice(d.start, d.end)
      if (!mentionsAny(slice, DEPLOY_API_PREFIXES)) continue
      const field = /(?<![\w-])["']?(?:patches|patchesStrategicMerge|patchesJson6902|components|plugin|templatePatch)["']?\s*:/.exec(slice)
      push(field ? d.start + field.index : d.error.offset, 'a deploy object that cannot be parsed', 'all')
      any = true
      continue
    }
    let data: unknown
    try {
      data = d.doc.toJS({ maxAliasCount: 10000 })
    } catch {
      push(d.start, 'a deploy object that cannot be read', 'all')
      any = true
      continue
    }
    for (const [at, o] of deployObjects(data, [])) {
      any = true
      const harm = judge(o, { helm, component: (dir) => component(f.root, dir) })
      if (harm) push(keyOffset(d.doc, [...at, ...harm.at], harm.key) ?? d.start, harm.what, harm.reach)
    }
  }
  return any
}

/** Every deploy object in `v`, at any depth (a List's items, a ResourceSet's resources), with its key path. */
function deployObjects(v: unknown, at: Key[]): Array<[Key[], Obj]> {
  if (Array.isArray(v)) return v.flatMap((e, i) => deployObjects(e, [...at, i]))
  const m = obj(v)
  if (!m) return []
  const inner = Object.entries(m).flatMap(([k, e]) => deployObjects(e, [...at, k]))
  return isDeployObject(m) ? [[at, m], ...inner] : inner
}

/** A component's kustomization at `dir` (relative to `root`), parsed; undefined when none can be read whole. */
function component(root: string | null, dir: string): unknown {
  if (root === null) return undefined
  for (const name of COMPONENT_FILES) {
    const file = join(root, dir, name)
    if (!existsSync(file)) continue
    const docs = parseDocuments(readFileSync(file, 'utf8'), { merge: true })
    if (docs.length !== 1 || docs[0]!.error) return undefined
    try {
      return docs[0]!.doc.toJS()
    } catch {
      return undefined
    }
  }
  return undefined
}

/** Each path as written and, where it exists in the object's repository, as its real directory below its own repository. */
function expanded(paths: readonly string[], root: string | null): string[] {
  if (root === null) return [...paths]
  const out = new Set(paths)
  for (const p of paths) {
    const real = realOrSelf(join(root, p))
    const rr = repositoryOf(real)
    if (rr !== null && existsSync(real)) out.add(relative(realOrSelf(rr), real).split(sep).join('/'))
  }
  return [...out]
}

/**
 * The kustomizations that may build a deploy object (it lies in their directory or in one of their
 * resources) and patch it (a patch, replacement or component that may select a deploy kind): what
 * the object deploys is then not what its file says, and every tree is held.
 */
function patchingKustomizations(files: readonly WorldFile[], objectFiles: readonly WorldFile[]): Deployer[] {
  const objects = objectFiles.map((f) => realOrSelf(f.file))
  const texts = new Map<string, string>()
  for (const f of files) {
    if (!KUSTOMIZATION.test(basename(f.file))) continue
    try {
      const text = readFileSync(f.file, 'utf8')
      if (/patches|replacements|components/.test(text)) texts.set(f.file, text)
    } catch {
      continue
    }
  }
  const out: Deployer[] = []
  for (const file of mayBuild(texts, objects)) {
    const text = texts.get(file)!
    const dir = realOrSelf(dirname(file))
    const docs = parseDocuments(text, { merge: true })
    const k = docs.length === 1 && !docs[0]!.error ? obj(safeJS(docs[0]!.doc)) : undefined
    const resources = Array.isArray(k?.['resources']) ? (k!['resources'] as unknown[]) : []
    const bases = [dir, ...resources.filter((r): r is string => typeof r === 'string').map((r) => realOrSelf(join(dir, r)))]
    if (!objects.some((o) => bases.some((b) => o === b || isInside(o, b)))) continue
    const field = patching(k, dir)
    if (field === undefined) continue
    const offset = (k && keyOffset(docs[0]!.doc, [], field)) ?? 0
    out.push({
      file,
      text,
      offset,
      what: `a kustomization's ${field || 'text'} (over the Flux or Argo CD objects it builds)`,
      reach: 'all',
    })
  }
  return out
}

/**
 * The kustomizations of `texts` that may build one of `objects` (real paths), told from their
 * text as the tree planner tells which kustomizations may name a file (mentions.ts): one lies
 * above the object, or names it or a directory above it that holds a kustomization (a directory
 * resource is one). Only these are parsed: a repository of many overlays with patches parses
 * none of them when its deploy objects live elsewhere.
 */
function mayBuild(texts: ReadonlyMap<string, string>, objects: readonly string[]): string[] {
  const wanted = new Set<string>(objects)
  for (const o of objects)
    for (let d = dirname(o); d !== dirname(d); d = dirname(d))
      for (const name of COMPONENT_FILES) if (existsSync(join(d, name))) wanted.add(join(d, name))
  const named = new KustomizationMentions([...texts.keys()], (k) => texts.get(k)).naming(wanted)
  return [...texts.keys()].filter((k) => {
    const dir = realOrSelf(dirname(k))
    return named.has(k) || objects.some((o) => isInside(o, dir))
  })
}

function safeJS(doc: { toJS(): unknown }): unknown {
  try {
    return doc.toJS()
  } catch {
    return undefined
  }
}

/** The field of kustomization `k` that may patch a deploy object ('' when it cannot be read), or undefined. */
function patching(k: Obj | undefined, dir: string): string | undefined {
  if (!k) return ''
  const fileKinds = (e: unknown) => {
    const p = obj(e)
    if (typeof p?.['path'] !== 'string' || p['target'] !== undefined) return patchHarmless(e, DEPLOY_KIND)
    try {
      return textKindsOnly(readFileSync(join(dir, p['path']), 'utf8'), DEPLOY_KIND)
    } catch {
      return false
    }
  }
  for (const field of ['patches', 'patchesJson6902', 'patchesStrategicMerge', 'replacements', 'components']) {
    const v = k[field]
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue
    if (field === 'patches' || field === 'patchesJson6902') {
      if (Array.isArray(v) && v.every(fileKinds)) continue
    } else if (field === 'patchesStrategicMerge') {
      if (Array.isArray(v) && v.every((e) => typeof e === 'string' && fileKinds({ path: literalPath(e) ?? '\0' }))) continue
    }
    return field
  }
  return undefined
}

/** The offset of `key` in the mapping at `path` of `doc`, or undefined when there is none. */
function keyOffset(doc: { getIn(path: readonly Key[], keep: true): unknown }, path: readonly Key[], key: string): number | undefined {
  const node = doc.getIn(path, true) as { items?: Array<{ key?: { value?: unknown; range?: number[] } }> } | undefined
  const pair = node?.items?.find((p) => p.key?.value === key)
  return pair?.key?.range?.[0]
}
