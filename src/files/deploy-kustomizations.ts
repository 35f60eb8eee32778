/**
 * Deploy-time patches (deployers.ts), the kustomizations side: a kustomization that builds Flux or
 * Argo CD objects and may patch them changes what they deploy, so it holds every tree. Also the
 * small readers the deploy-object side shares (a text's documents, a key's offset).
 */
import { existsSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { isInside, realOrSelf } from '../paths.js'
import { parseDocuments } from '../yaml/documents.js'
import { DEPLOY_KIND, type Key, literalPath, obj, type Obj, patchHarmless, type Reach, textKindsOnly } from './deployer-objects.js'
import { writesOnlyHarmless } from './deployer-values.js'
import { KUSTOMIZATION, type WorldFile } from './deploy-world.js'
import { KustomizationMentions } from './mentions.js'

export const COMPONENT_FILES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']

/** A deploy-time patch source: where it stands, what it is, and the directories it may reach. */
export interface Deployer {
  file: string
  offset: number
  text: string
  what: string
  reach: Reach
  /** It sets only names or a namespace over its path: it holds a tree only when the tree has patches. */
  names?: boolean
}

/**
 * The kustomizations that may build a deploy object (it lies in their directory or in one of their
 * resources) and patch it (a patch, replacement or component that may select a deploy kind): what
 * the object deploys is then not what its file says, and every tree is held.
 */
export function patchingKustomizations(files: readonly WorldFile[], objectFiles: readonly WorldFile[]): Deployer[] {
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

/** A YAML or JSON text's documents, read; undefined when one cannot be parsed or read. */
export function parseAll(text: string): unknown[] | undefined {
  const docs = parseDocuments(text, { merge: true })
  if (docs.some((d) => d.error)) return undefined
  const out = docs.map((d) => safeJS(d.doc))
  return out.includes(undefined) ? undefined : out
}

export function safeJS(doc: { toJS(): unknown }): unknown {
  try {
    return doc.toJS()
  } catch {
    return undefined
  }
}

/** The field of kustomization `k` that may patch a deploy object ('' when it cannot be read), or undefined. */
function patching(k: Obj | undefined, dir: string): string | undefined {
  if (!k) return ''
  const read = (path: string) => {
    try {
      return readFileSync(join(dir, path), 'utf8')
    } catch {
      return undefined
    }
  }
  // Selects no deploy kind, or writes only fields that render nothing of the repository (deployer-values.ts).
  const harmless = (text: string | undefined) =>
    text !== undefined && (textKindsOnly(text, DEPLOY_KIND) || writesOnlyHarmless(text, parseAll))
  const fileKinds = (e: unknown) => {
    const p = obj(e)
    if (typeof p?.['path'] !== 'string' || p['target'] !== undefined) {
      if (patchHarmless(e, DEPLOY_KIND)) return true
      const text = typeof p?.['patch'] === 'string' ? p['patch'] : typeof p?.['path'] === 'string' ? read(p['path']) : undefined
      return text !== undefined && writesOnlyHarmless(text, parseAll)
    }
    return harmless(read(p['path']))
  }
  const smp = (e: unknown) => typeof e === 'string' && (e.includes('\n') ? harmless(e) : fileKinds({ path: literalPath(e) ?? '\0' }))
  for (const field of ['patches', 'patchesJson6902', 'patchesStrategicMerge', 'replacements', 'components']) {
    const v = k[field]
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) continue
    if (field === 'patches' || field === 'patchesJson6902') {
      if (Array.isArray(v) && v.every(fileKinds)) continue
    } else if (field === 'patchesStrategicMerge') {
      if (Array.isArray(v) && v.every(smp)) continue
    }
    return field
  }
  return undefined
}

/** The offset of `key` in the mapping at `path` of `doc`, or undefined when there is none. */
export function keyOffset(
  doc: { getIn(path: readonly Key[], keep: true): unknown },
  path: readonly Key[],
  key: string,
): number | undefined {
  const node = doc.getIn(path, true) as { items?: Array<{ key?: { value?: unknown; range?: number[] } }> } | undefined
  const pair = node?.items?.find((p) => p.key?.value === key)
  return pair?.key?.range?.[0]
}
