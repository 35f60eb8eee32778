/**
 * File mode's conversion: every collected file read whole and converted in memory, before
 * anything is written. Kustomize trees among the files are planned first (one weight factor
 * per object across base and overlays), and a tree with an error anywhere is written nowhere:
 * half a converted tree would render objects whose patches no longer match.
 */
import { readFileSync } from 'node:fs'
import type { ConvertOptions, Finding } from '../model.js'
import { addValuesHints } from '../cli/hints.js'
import { migrateBytes } from '../pipeline/bytes.js'
import { type Converter, isCandidate, loadConverter } from '../pipeline/segment.js'

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
  /** Could not be read: nothing else is known. */
  unreadable?: boolean
}

const KUSTOMIZATION = /(^|[\\/])(kustomization\.ya?ml|Kustomization)$/

export async function convertFiles(files: readonly string[], opts: ConvertOptions, show: (file: string) => string): Promise<FileResult[]> {
  // Files read while planning kustomize trees are read once; each is dropped when converted.
  const inputs = new Map<string, Buffer | Error>()
  const read = (file: string): Buffer | Error => {
    let b = inputs.get(file)
    if (b === undefined) {
      try {
        b = readFileSync(file)
      } catch (err) {
        b = err as Error
      }
    }
    return b
  }
  const readForPlan = (file: string): string | undefined => {
    const b = read(file)
    inputs.set(file, b)
    return b instanceof Error ? undefined : b.toString('utf8')
  }
  const trees = files.some((f) => KUSTOMIZATION.test(f))
    ? await import('../kustomize/index.js').then((m) => m.planTrees(files, readForPlan, opts.to))
    : undefined

  let converter: Converter | undefined
  const convertOne = async (input: Buffer, scaleFloor: ConvertOptions['scaleFloor'], shown: string) => {
    if (!converter && isCandidate(input)) converter = await loadConverter()
    return migrateBytes(input, scaleFloor ? { ...opts, scaleFloor } : opts, shown, converter ?? failIfCalled)
  }
  const results: FileResult[] = []
  for (const file of files) {
    const shown = show(file)
    const input = read(file)
    inputs.delete(file)
    if (input instanceof Error) {
      results.push({ file, shown, candidate: false, input: EMPTY, output: EMPTY, changed: false, findings: [ioError(shown, input)], unreadable: true })
      continue
    }
    const candidate = isCandidate(input)
    const special = trees ? await import('../kustomize/index.js').then((m) => m.convertTreeFile(trees, file, input, opts, shown)) : undefined
    const r = special ?? await convertOne(input, trees?.floors.get(file), shown)
    if (!special) await addValuesHints(r.findings, file, show)
    results.push(r.changed ? { file, shown, candidate, input, ...r } : { file, shown, candidate, ...r, input: EMPTY, output: EMPTY })
  }
  if (trees) {
    const failed = new Set(results.filter((r) => r.findings.some((f) => f.severity === 'error')).map((r) => trees.tree.get(r.file)))
    for (const r of results) {
      const tree = trees.tree.get(r.file)
      if (tree === undefined || !failed.has(tree) || !r.changed || r.findings.some((f) => f.severity === 'error')) continue
      r.changed = false
      r.output = r.input
      r.findings.push({ severity: 'warning', code: 'not-written', offset: 0, path: r.shown, line: 1, column: 1,
        message: 'left unchanged: another file of its kustomize tree has errors, and a tree is converted whole or not at all' })
    }
  }
  return results
}

const EMPTY = Buffer.alloc(0)

export function ioError(path: string, err: unknown): Finding {
  const e = err as NodeJS.ErrnoException
  const why = e.code === 'EACCES' && /read-only/.test(e.message) ? 'file is read-only; not written' : (e.code ?? e.message)
  return { severity: 'error', code: 'io', offset: 0, path, line: 0, column: 0, message: `cannot process ${path}: ${why}` }
}

const failIfCalled: Converter = () => {
  throw new Error('internal error: converter used for a non-candidate file')
}
