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
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { realOrSelf } from '../paths.js'
import { parseDocuments } from '../yaml/documents.js'
import { readMasked } from '../yaml/masked-read.js'
import { mentionsAny } from '../pipeline/escapes.js'
import { DocumentSplitter } from '../pipeline/splitter.js'
import { repositoryOf } from './boundary.js'
import { DEPLOY_API_PREFIXES, mayNameDeployGroup, TEMPLATED_GROUP, templatedDeployKind } from './deploy-groups.js'
import { isDeployObject, judge, type Judging, type Key, obj, type Obj, type Reach, TEMPLATED } from './deployer-objects.js'
import { templateHarm } from './deployer-templates.js'
import { COMPONENT_FILES, kustomizationStrings, patchingKustomizations } from './deploy-kustomizations.js'
import { type Deployer, keyOffset, parseAll, safeJS } from './deploy-read.js'
import { JSONNET, jsonnetGroup, KUSTOMIZATION, type WorldFile, worldFiles } from './deploy-world.js'
import { type FileResult, leftUnchanged } from './result.js'
import type { Trees } from './trees.js'

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
      kustomizationStrings,
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
      deployers.find(
        (d) =>
          reaches(d, set) &&
          ((!d.names && !d.subst) || (d.names && hasPatches(unit, members)) || (d.subst && hasSubstitution(unit, members))),
      ),
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

/** The harmful deploy objects among `files` (candidates by their bytes; none of `deployFree`), then the kustomizations that may patch them. */
function deployersIn(files: readonly WorldFile[], deployFree: ReadonlySet<string>): Deployer[] {
  const out: Deployer[] = []
  const objectFiles: WorldFile[] = []
  for (const f of files) {
    if (JSONNET.test(f.file)) {
      const j = jsonnetGroup(f.file)
      if (j) out.push(j)
      continue
    }
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
  out.push(...patchingKustomizations(files, objectFiles))
  return out
}

/**
 * Whether a unit may hold a patch or replacement that selects by name or namespace: a kustomization
 * of its tree names such a field, or none is among its files. A TrafficSplit file outside every tree
 * has none (Flux's kustomization of a plain directory only lists it).
 */
function hasPatches(unit: number | string, members: ReadonlyArray<[string, number | string]>): boolean {
  if (typeof unit === 'string') return false
  const kustomizations = members.filter(([f, u]) => u === unit && KUSTOMIZATION.test(basename(f))).map(([f]) => f)
  return (
    kustomizations.length === 0 ||
    kustomizations.some((f) => {
      try {
        return /patches|replacements/i.test(readFileSync(f, 'utf8'))
      } catch {
        return true
      }
    })
  )
}

/**
 * Whether a unit's files may hold a Flux substitution variable (`${var}`, `$var`), which a
 * Kustomization's `postBuild` fills in the objects it builds: then a converted TrafficSplit may
 * render other weights.
 */
function hasSubstitution(unit: number | string, members: ReadonlyArray<[string, number | string]>): boolean {
  return members
    .filter(([, u]) => u === unit)
    .some(([f]) => {
      try {
        return /\$[{a-z_]/i.test(readFileSync(f, 'utf8'))
      } catch {
        return true
      }
    })
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
  let helm = /[\\/]templates[\\/]/.test(f.file)
  const push = (offset: number, what: string, reach: Reach, when?: { names?: boolean; subst?: boolean }) =>
    out.push({
      file: f.file,
      text,
      offset: s.at + offset,
      what,
      reach,
      ...(when?.names ? { names: true } : {}),
      ...(when?.subst ? { subst: true } : {}),
    })
  let docs = parseDocuments(s.text, { merge: true })
  // A Helm template that spells a deploy group is never passed over: read with its actions masked.
  if (
    s.text.includes('{{') &&
    (mentionsAny(s.text, DEPLOY_API_PREFIXES) || TEMPLATED_GROUP.test(s.text) || templatedDeployKind(s.text)) &&
    (helm || !docs.some((d) => !d.error && hasDeployObject(d.doc)))
  ) {
    const m = readMasked(s.text)
    if (m) {
      const harm = templateHarm(m, s.text, (i) => safeJS(m.docs[i]!.doc))
      if (harm === 'none') return false
      if (harm) {
        push(harm.offset, harm.what, 'all')
        return true
      }
      docs = m.docs
      helm = false
    }
  }
  let any = false
  for (const d of docs) {
    if (d.error) {
      // Not read: it may be anything, and patch anything, if it spells a deploy group's apiVersion
      // (literally or by escapes; a broken document with some other escape is no deploy object).
      const slice = s.text.slice(d.start)
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
      const harm = judge(o, {
        helm,
        component: (dir) => component(f.root, dir),
        parse: parseAll,
        file: (p) => repoFile(f.root, p),
        ...links(f.root),
      })
      if (harm) push(keyOffset(d.doc, [...at, ...harm.at], harm.key) ?? d.start, harm.what, harm.reach, harm)
    }
  }
  return any
}

const hasDeployObject = (doc: { toJS(): unknown }): boolean => deployObjects(safeJS(doc), []).length > 0

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

/**
 * Whether a path relative to `root` is a symbolic link (one that does not exist is none), and its
 * real directory (the system's realpath, which expands each symlink before the next `..`, as
 * kustomize and Flux do); outside every repository: not known.
 */
function links(root: string | null): Pick<Judging, 'symlink' | 'realDir'> {
  if (root === null) return {}
  const realRoot = realOrSelf(root)
  return {
    symlink: (path) => {
      try {
        return lstatSync(join(root, path)).isSymbolicLink()
      } catch {
        return false
      }
    },
    realDir: (path) => {
      let real: string
      try {
        // Not join(): it would clean `..` lexically first.
        real = realpathSync.native(`${root}${sep}${path}`)
      } catch {
        return undefined
      }
      const rel = relative(realRoot, real)
      return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel.split(sep).join('/')
    },
  }
}

/** The text of the file at `path` relative to `root`; undefined outside every repository or when there is none. */
function repoFile(root: string | null, path: string): string | undefined {
  if (root === null) return undefined
  try {
    return readFileSync(join(root, path), 'utf8')
  } catch {
    return undefined
  }
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
