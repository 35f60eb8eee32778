/**
 * Deploy-time patches (deployers.ts), the kustomizations side: a kustomization that builds Flux or
 * Argo CD objects and may patch them changes what they deploy, so it holds every tree.
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isInside, realOrSelf } from '../paths.js'
import { readBlockSubset } from '../yaml/block-subset.js'
import { parseDocuments } from '../yaml/documents.js'
import { type Key, literalPath, obj, type Obj } from './deployer-objects.js'
import { entryWhen, mayChangeKind, replacementWhen, textMayChangeKind, type When } from './deployer-patches.js'
import { TEMPLATED } from './deployer-values.js'
import { makingKustomization } from './deploy-makers.js'
import { type Deployer, helmChartsHarm, keyOffset, parseAll, safeJS } from './deploy-read.js'
import { KUSTOMIZATION, type WorldFile } from './deploy-world.js'
import { KustomizationMentions } from './mentions.js'

export const COMPONENT_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']

/** Keys of a kustomization that builds deploy objects that change nothing they deploy (patches are read on their own). */
const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'namespace',
  'commonLabels',
  'labels',
  'commonAnnotations',
  'images',
  'replicas',
  'namePrefix',
  'nameSuffix',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'crds',
  'openapi',
  'buildMetadata',
  'sortOptions',
  'patches',
  'patchesJson6902',
  'patchesStrategicMerge',
  'helmCharts',
  'helmGlobals',
  'replacements',
  'components',
])
/** Whether a kustomization's text has only keys of KUSTOMIZATION_FIELDS, told from its lines (an indented or flow mapping has not). */
function plainKeysOnly(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => !/^\s*(?:#.*)?$/.test(l) && l !== '---')
  return lines.length === 0 || (!/^\s/.test(lines[0]!) && lines.every((l) => PLAIN_LINE.test(l)))
}

/** A line of a kustomization's text that starts a top-level key of KUSTOMIZATION_FIELDS (or is none: a comment, an item). */
const PLAIN_LINE = new RegExp(`^(?:(?:${[...KUSTOMIZATION_FIELDS].join('|')})\\s*:|[\\s#-]|\\.\\.\\.|$)`)

/**
 * The kustomizations that may build a deploy object (it lies in their directory or in one of their
 * resources) and patch it (a patch, replacement or component that may select a deploy kind): what
 * the object deploys is then not what its file says, and every tree is held.
 */
export function patchingKustomizations(files: readonly WorldFile[], objectFiles: readonly WorldFile[]): Deployer[] {
  const objects = objectFiles.map((f) => realOrSelf(f.file))
  const all = new Map<string, string>()
  const roots = new Map<string, string | null>()
  for (const f of files) {
    if (!KUSTOMIZATION.test(basename(f.file))) continue
    roots.set(f.file, f.root)
    try {
      all.set(f.file, readFileSync(f.file, 'utf8'))
    } catch {
      continue
    }
  }
  // Any key but those above (spelled plainly at the start of a line) may change what a deploy object deploys.
  const judged = (text: string) => /patches|helmCharts|replacements|components/.test(text) || !plainKeysOnly(text)
  const out: Deployer[] = []
  // Without a deploy object, only a patch that may make one is looked for.
  const building = objects.length > 0 ? mayBuild(all, objects, roots) : new Map<string, Read>()
  for (const [file, text] of all) {
    // One that may make a deploy object (deploy-makers.ts) holds every tree, whatever it builds.
    const made = makingKustomization(file, text)
    if (made) out.push(made)
    else if (/patches/.test(text)) out.push(...kindChanging(file, text))
  }
  for (const [file, k] of building) {
    const text = all.get(file)!
    if (!judged(text)) continue
    const found = patching(k?.[1], realOrSelf(dirname(file)))
    if (found === undefined) continue
    const [field, when] = found
    const offset = (k && keyOffset(k[0], [], field)) ?? 0
    const what = `a kustomization's ${field || 'text'} (over the Flux or Argo CD objects it builds)`
    // A literal path it writes reaches the trees below that path, as the same path in the object would.
    const paths = [...(when ?? [])].filter((c) => c.startsWith('reach:')).map((c) => c.slice('reach:'.length))
    if (paths.length > 0) out.push({ file, text, offset, what, reach: paths })
    if (paths.length > 0 && !when?.has('names') && !when?.has('subst')) continue
    out.push({
      file,
      text,
      offset,
      what,
      reach: 'all',
      ...(when?.has('names') ? { names: true } : {}),
      ...(when?.has('subst') ? { subst: true } : {}),
    })
  }
  return out
}

/**
 * A kustomization anywhere whose patch may change an object's kind or apiVersion (a JSON 6902
 * operation on `/apiVersion`, `/kind`, `/metadata` or the root, a patch with `allowKindChange`):
 * kustomize then emits an object of another kind, a deploy object maybe, whatever its target
 * selects. A patch that cannot be read or parsed is taken to.
 */
function kindChanging(file: string, text: string): Deployer[] {
  const dir = realOrSelf(dirname(file))
  // Most kustomizations are plain YAML, read without the package; the rest, and the offset of a field found, with it.
  const quick = readBlockSubset(text)
  const docs = quick === undefined ? parseDocuments(text, { merge: true }) : undefined
  const k = docs ? (docs.length === 1 && !docs[0]!.error ? obj(safeJS(docs[0]!.doc)) : undefined) : obj(quick)
  if (!k) return []
  const read = (p: string) => {
    try {
      // A UTF-8 byte order mark is no part of the patch (kustomize reads the file without it).
      return TEMPLATED.test(p) || p.includes('*') ? undefined : readFileSync(join(dir, p), 'utf8').replace(/^\uFEFF/, '')
    } catch {
      return undefined
    }
  }
  // A patchesStrategicMerge entry is a path or an inline text; the others are entries as in `patches`.
  const changes = (e: unknown) =>
    typeof e === 'string' ? textMayChangeKind(e.includes('\n') ? e : read(e), parseAll) : mayChangeKind(e, parseAll, read)
  const field = ['patches', 'patchesJson6902', 'patchesStrategicMerge'].find(
    (f) => Array.isArray(k[f]) && (k[f] as unknown[]).some(changes),
  )
  if (field === undefined) return []
  const offset = keyOffset((docs ?? parseDocuments(text, { merge: true }))[0]!.doc, [], field) ?? 0
  const what = `a kustomization's ${field} (a patch that may change an object's kind or apiVersion, and so make a deploy object)`
  return [{ file, text, offset, what, reach: 'all' }]
}

/**
 * A remote resource (`https://…`, `github.com/…`, `git::…`, `user@host:org/repo`, `?ref=`): it may
 * be this repository, deploy objects and all. Any entry that is not an existing path inside the
 * kustomization's repository is taken for one (remote); REMOTE_TEXT tells the kustomizations whose
 * text may spell one (a URL, an `@`, a host name then `/`).
 */
const REMOTE = /^[a-z][\w+.-]*:|^[a-z][\w-]*@|^[\w-]+(?:\.[\w-]+)+\/|\?(?:ref|version)=|\/\/|_git\//i
const REMOTE_TEXT = /:\/\/|::|@|[\w-]\.[a-z][\w-]*\/|\?(?:ref|version)=|_git\//i

/** A kustomization's one document and its value; undefined when it cannot be read as one mapping. */
type Read = [{ getIn(path: readonly Key[], keep: true): unknown }, Obj] | undefined

/**
 * The kustomizations of `texts` that may build one of `objects` (real paths), through any number of
 * resources, bases and components: one builds an object that lies in its directory or in one of
 * them, or a kustomization that does; one with a remote resource may build this repository's. The candidates are first told from their text, as the tree
 * planner tells which kustomizations may name a file (mentions.ts), the search repeating with each
 * kustomization found; only these are parsed. A repository of many overlays parses none of them
 * when its deploy objects live elsewhere.
 */
function mayBuild(
  texts: ReadonlyMap<string, string>,
  objects: readonly string[],
  roots: ReadonlyMap<string, string | null>,
): Map<string, Read> {
  const wanted = new Set<string>(objects)
  for (const o of objects)
    for (let d = dirname(o); d !== dirname(d); d = dirname(d))
      for (const name of COMPONENT_FILES) if (existsSync(join(d, name))) wanted.add(join(d, name))
  const mentions = new KustomizationMentions([...texts.keys()], (k) => texts.get(k))
  const near = (k: string) => REMOTE_TEXT.test(texts.get(k)!) || objects.some((o) => isInside(o, realOrSelf(dirname(k))))
  const candidates = new Set([...texts.keys()].filter(near))
  for (let fresh = [...wanted, ...candidates]; fresh.length > 0;) {
    const named = [...mentions.naming(fresh)].filter((k) => !candidates.has(k))
    for (const k of named) candidates.add(k)
    fresh = named
  }
  const reads = new Map<string, Read>()
  const bases = new Map<string, string[]>()
  const remote = new Set<string>()
  for (const k of candidates) {
    const dir = realOrSelf(dirname(k))
    const docs = parseDocuments(texts.get(k)!, { merge: true })
    const m = docs.length === 1 && !docs[0]!.error ? obj(safeJS(docs[0]!.doc)) : undefined
    reads.set(k, m ? [docs[0]!.doc, m] : undefined)
    const entries = ['resources', 'bases', 'components'].flatMap((f) => (Array.isArray(m?.[f]) ? (m![f] as unknown[]) : []))
    const paths = entries.filter((r): r is string => typeof r === 'string')
    bases.set(k, [dir, ...paths.map((r) => realOrSelf(join(dir, r)))])
    const root = roots.get(k)
    const local = (r: string) => existsSync(join(dir, r)) && (!root || isInside(realOrSelf(join(dir, r)), root))
    if (paths.some((r) => REMOTE.test(r) || !local(r))) remote.add(k)
  }
  const reached = [...objects]
  const out = new Map<string, Read>()
  for (let grew = true; grew;) {
    grew = false
    for (const k of candidates) {
      if (out.has(k) || !(remote.has(k) || bases.get(k)!.some((b) => reached.some((o) => o === b || isInside(o, b))))) continue
      out.set(k, reads.get(k))
      reached.push(realOrSelf(k))
      grew = true
    }
  }
  return out
}

/** Every string a kustomization's text holds, as YAML reads it (keys and values); undefined: it cannot be read. */
export function kustomizationStrings(text: string): string[] | undefined {
  const docs = parseAll(text)
  if (docs === undefined) return undefined
  const out: string[] = []
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.push(v)
    else if (Array.isArray(v)) v.forEach(walk)
    else if (v !== null && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push(k)
        walk(x)
      }
  }
  docs.forEach(walk)
  return out
}

/**
 * The field of kustomization `k` that may change a deploy object it builds ('' when it cannot be
 * read), with the conditions under which it holds (undefined: always); undefined when none may.
 * Only the keys of KUSTOMIZATION_FIELDS may be there (`transformers`, `replacements`, `components`
 * may not); each patch selects no deploy kind or writes only harmless fields (deployer-patches.ts).
 */
function patching(k: Obj | undefined, dir: string, depth = 0): [string, When | undefined] | undefined {
  if (!k || depth > 20) return ['', undefined]
  const read = (path: string) => {
    const p = literalPath(path)
    if (p === undefined) return undefined
    try {
      return readFileSync(join(dir, p), 'utf8')
    } catch {
      return undefined
    }
  }
  const when: When = new Set()
  for (const [field, v] of Object.entries(k)) {
    if (!KUSTOMIZATION_FIELDS.has(field)) return [field, undefined]
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue
    if (field === 'helmCharts') {
      if (helmChartsHarm(v, read)) return [field, undefined]
      continue
    }
    if (!Array.isArray(v) && (field === 'replacements' || field === 'components')) return [field, undefined]
    const judge =
      field === 'replacements'
        ? (e: unknown) => (Array.isArray(obj(e)?.['targets']) ? whenAll((obj(e)!['targets'] as unknown[]).map(replacementWhen)) : false)
        : field === 'components'
          ? (c: unknown) => componentWhen(c, dir, depth)
          : undefined
    if (judge) {
      const w = whenAll((v as unknown[]).map(judge))
      if (w === false) return [field, undefined]
      for (const c of w) when.add(c)
      continue
    }
    if (field !== 'patches' && field !== 'patchesJson6902' && field !== 'patchesStrategicMerge') continue
    if (!Array.isArray(v)) return [field, undefined]
    for (const e of v) {
      const entry = field === 'patchesStrategicMerge' ? (typeof e === 'string' && !e.includes('\n') ? { path: e } : { patch: e }) : e
      const w = entryWhen(entry, parseAll, undefined, read)
      if (w === false) return [field, undefined]
      for (const c of w) when.add(c)
    }
  }
  if (when.size === 0) return undefined
  return [Object.keys(k).find((f) => f.startsWith('patches')) ?? '', when]
}

function whenAll(ws: ReadonlyArray<When | false>): When | false {
  return ws.includes(false) ? false : new Set(ws.flatMap((w) => [...(w as When)]))
}

/** A component of a kustomization over deploy objects (its patches and replacements apply to them): judged as the kustomization is. */
function componentWhen(c: unknown, dir: string, depth: number): When | false {
  const path = typeof c === 'string' && !REMOTE.test(c) ? realOrSelf(join(dir, c)) : undefined
  const file = path === undefined ? undefined : COMPONENT_FILES.map((n) => join(path, n)).find((f) => existsSync(f))
  const k = file === undefined ? undefined : obj(parseAll(readFileSync(file, 'utf8'))?.[0])
  if (!k || path === undefined) return false
  const found = patching(k, path, depth + 1)
  return found === undefined ? new Set() : (found[1] ?? false)
}
