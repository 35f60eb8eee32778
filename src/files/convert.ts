/**
 * File mode's conversion: every collected file read whole and converted in memory, before
 * anything is written. Kustomize trees are planned first (one weight factor per object
 * across base and overlays), and a tree with an error anywhere is written nowhere: half a
 * converted tree would render objects whose patches no longer match.
 */
import { readFileSync } from 'node:fs'
import type { ConvertOptions, Finding } from '../model.js'
import { addValuesHints } from '../cli/hints.js'
import { migrateBytes } from '../pipeline/bytes.js'
import { encodingFinding } from '../pipeline/encoding.js'
import { type Converter, isCandidate, loadConverter } from '../pipeline/segment.js'
import { repoKustomizations } from './kustomizations.js'
import { FileReader } from './read.js'
import { WriteRefused } from './write.js'

export interface FileResult {
  file: string
  /** The path as the report shows it. */
  shown: string
  /** Whether the file mentions TrafficSplit (was parsed at all). */
  candidate: boolean
  /** Input and output are kept only for changed files; others hold empty buffers. */
  input: Buffer
  output: Buffer
  changed: boolean
  findings: Finding[]
}

const KUSTOMIZATION = /(^|[\\/])(kustomization\.ya?ml|Kustomization)$/
/** Bytes that make a file worth a second look: a TrafficSplit, or a JSON 6902 path into one. */
const NEEDLES = [Buffer.from('TrafficSplit'), Buffer.from('/spec/backends')]
const EMPTY = Buffer.alloc(0)

export async function convertFiles(files: readonly string[], opts: ConvertOptions, show: (file: string) => string,
  cwd: string): Promise<FileResult[]> {
  // Pass 1: read everything once; keep only the files that may need converting.
  const results = new Map<string, FileResult>()
  const kept = new Map<string, Buffer>()
  const reader = new FileReader()
  for (const file of files) {
    const shown = show(file)
    let input: Buffer
    try {
      input = reader.read(file) // a view of the reader's buffer: copied below if kept
    } catch (err) {
      results.set(file, unchanged(file, shown, [ioError(shown, err)]))
      continue
    }
    // UTF-16/32 and binary files are never converted; encoding.ts says whether that is an error.
    const refused = encodingFinding(input, shown)
    if (refused) results.set(file, unchanged(file, shown, [refused]))
    else if (KUSTOMIZATION.test(file) || NEEDLES.some((n) => input.includes(n))) kept.set(file, Buffer.from(input))
    else results.set(file, unchanged(file, shown, []))
  }

  // Pass 2: the kustomize trees those files may belong to.
  const trees = kept.size > 0 ? await planTrees([...kept.keys()], cwd, kept, opts) : undefined

  // Pass 3: convert.
  let converter: Converter | undefined
  for (const [file, input] of kept) {
    const shown = show(file)
    const candidate = isCandidate(input)
    const special = trees ? (await import('../kustomize/index.js')).convertTreeFile(trees, file, input, opts, shown) : undefined
    let r = special
    if (!r) {
      if (!converter && candidate) converter = await loadConverter()
      const floors = trees?.floors.get(file)
      r = migrateBytes(input, floors ? { ...opts, scaleFloor: floors } : opts, shown, converter ?? failIfCalled)
      await addValuesHints(r.findings, file, show)
    }
    results.set(file, r.changed ? { file, shown, candidate, input, ...r } : { ...unchanged(file, shown, r.findings), candidate })
  }

  if (trees) {
    const failed = new Set([...results.values()].filter((r) => r.findings.some((f) => f.severity === 'error')).map((r) => trees.tree.get(r.file)))
    for (const r of results.values()) {
      const tree = trees.tree.get(r.file)
      if (tree === undefined || !failed.has(tree) || !r.changed || r.findings.some((f) => f.severity === 'error')) continue
      r.changed = false
      r.output = r.input
      r.findings.push({ severity: 'warning', code: 'not-written', offset: 0, path: r.shown, line: 1, column: 1,
        message: 'left unchanged: another file of its kustomize tree has errors, and a tree is converted whole or not at all' })
    }
  }
  return files.map((f) => results.get(f)!)
}

/**
 * The kustomization files in the run and, once any file could belong to a tree, those of
 * the repository: a pre-commit batch may hold a base without the overlays that patch it.
 */
async function planTrees(candidates: readonly string[], cwd: string, kept: ReadonlyMap<string, Buffer>, opts: ConvertOptions) {
  const named = candidates.filter((f) => KUSTOMIZATION.test(f))
  const all = [...new Set([...named, ...repoKustomizations(cwd)])]
  if (all.length === 0) return undefined
  const read = (file: string): string | undefined => {
    const b = kept.get(file)
    if (b) return b.toString('utf8')
    try {
      return readFileSync(file, 'utf8')
    } catch {
      return undefined
    }
  }
  return (await import('../kustomize/index.js')).planTrees(all, read, opts.to)
}

function unchanged(file: string, shown: string, findings: Finding[]): FileResult {
  return { file, shown, candidate: false, input: EMPTY, output: EMPTY, changed: false, findings }
}

export function ioError(path: string, err: unknown): Finding {
  const e = err as NodeJS.ErrnoException
  const why = err instanceof WriteRefused ? e.message : (e.code ?? e.message)
  return { severity: 'error', code: 'io', offset: 0, path, line: 0, column: 0, message: `cannot process ${path}: ${why}` }
}

const failIfCalled: Converter = () => {
  throw new Error('internal error: converter used for a non-candidate file')
}
