/**
 * One file through the pipeline: read, convert (loading the YAML half only when a file
 * mentions TrafficSplit), and report. The per-file result API for callers other than the
 * CLI's own loop (the GitHub Action); it reads and decides but never writes.
 */
import { readFileSync } from 'node:fs'
import { relative, sep } from 'node:path'
import type { Finding, Target } from '../model.js'
import { migrateBytes } from '../pipeline/bytes.js'
import { isCandidate, loadConverter, type Converter } from '../pipeline/segment.js'

export interface FileResult {
  /** Absolute path. */
  file: string
  /** The path shown in reports and patches: relative to the base directory, with `/`. */
  shown: string
  input: Buffer
  output: Buffer
  findings: Finding[]
  /** True when the file has changes and no error: only then may it be written or patched. */
  writable: boolean
}

export class FileProcessor {
  private converter: Converter | undefined

  constructor(private readonly to: Target, private readonly base: string) {}

  async process(file: string): Promise<FileResult> {
    const shown = displayPath(file, this.base)
    let input: Buffer
    try {
      input = readFileSync(file)
    } catch (err) {
      return { file, shown, input: Buffer.alloc(0), output: Buffer.alloc(0), findings: [ioError(shown, err)], writable: false }
    }
    if (!this.converter && isCandidate(input)) this.converter = await loadConverter()
    const r = migrateBytes(input, this.to, shown, this.converter ?? failIfCalled)
    // A file with any error is never written, not even its convertible objects.
    const writable = r.changed && !r.findings.some((f) => f.severity === 'error')
    return { file, shown, input, output: r.output, findings: r.findings, writable }
  }
}

export function ioError(path: string, err: unknown): Finding {
  const e = err as NodeJS.ErrnoException
  const why = e.code === 'EACCES' && /read-only/.test(e.message) ? 'file is read-only; not written' : (e.code ?? e.message)
  return { severity: 'error', code: 'io', offset: 0, path, line: 0, column: 0, message: `cannot process ${path}: ${why}` }
}

export function displayPath(file: string, base: string): string {
  const rel = relative(base, file)
  return (rel.startsWith('..') ? file : rel).split(sep).join('/')
}

const failIfCalled: Converter = () => {
  throw new Error('internal error: converter used for a non-candidate file')
}
