/**
 * What file mode knows of one file once its passes have run (passes.ts): read, converted in
 * memory, maybe held back. A pass never changes a result another pass has handed it: it
 * hands on a new one (`withFindings`, `leftUnchanged`), so what a pass received stays what
 * it was (a kustomize tree's check sees the files as the boundary pass left them).
 */
import type { ByteEdit, Edit, Finding, Located, NoticeCode, ObjectFact } from '../model.js'
import type { PendingRewrite } from '../pipeline/bytes.js'
import { WriteRefused } from './write.js'

export interface FileResult {
  readonly file: string
  /** The path as the report shows it. */
  readonly shown: string
  /** Whether the file mentions TrafficSplit (was parsed at all). */
  readonly candidate: boolean
  /** Input and output are kept only for changed files; others hold empty buffers. */
  readonly input: Buffer
  readonly output: Buffer
  readonly changed: boolean
  readonly findings: readonly Finding[]
  /** The file's named objects, located (checked across files by kinds/links.ts). */
  readonly objects: ReadonlyArray<ObjectFact & Located>
  /**
   * Not among the given files: another file of a kustomize tree the run touches, pulled in
   * by this file of the run (its shown path).
   */
  readonly extraOf?: string
  /** Its conversion's edits (UTF-16 ranges of its decoded input). */
  readonly edits?: readonly Edit[]
  /** A changed file's edits as byte ranges of `input`, from which `output` is made: what --diff shows (bytes.ts). */
  readonly changes?: readonly ByteEdit[]
  /** The objects already in the run that its conversion writes anew (rewrites.ts). */
  readonly rewrites?: readonly PendingRewrite[]
}

const EMPTY = Buffer.alloc(0)

/** A file with nothing to say: the shown path is computed only if asked for (--verbose), as most files of a tree are never shown. */
export function skipped(file: string, show: (file: string) => string, extraOf?: string): FileResult {
  return {
    file,
    get shown() {
      return show(file)
    },
    candidate: false,
    input: EMPTY,
    output: EMPTY,
    changed: false,
    findings: [],
    objects: [],
    ...(extraOf !== undefined ? { extraOf } : {}),
  }
}

/** A file that is not changed, with what the run says of it. */
export function unchanged(file: string, shown: string, findings: readonly Finding[], extraOf?: string): FileResult {
  return {
    file,
    shown,
    candidate: false,
    input: EMPTY,
    output: EMPTY,
    changed: false,
    findings,
    objects: [],
    ...(extraOf !== undefined ? { extraOf } : {}),
  }
}

/** The result with more findings after its own. */
export function withFindings<R extends FileResult>(r: R, more: readonly Finding[]): R {
  return more.length === 0 ? r : { ...r, findings: [...r.findings, ...more] }
}

/**
 * A changed file held back because a file converted with it (its kustomize tree, its chart's
 * values.yaml) cannot be written: its output is its input again, and a warning says why.
 */
export function leftUnchanged<R extends FileResult>(r: R, message: string, pending: boolean): R {
  return {
    ...r,
    changed: false,
    output: r.input,
    findings: [...r.findings, { ...fileFinding('warning', 'not-written', r.shown, message), ...(pending ? { pending: true } : {}) }],
  }
}

/** A finding about a file as a whole (line 0: `path: error: …`). */
export function fileFinding(severity: Finding['severity'], code: NoticeCode, path: string, message: string): Finding {
  const at = { code, offset: 0, path, line: 0, column: 0, message }
  return severity === 'error' ? { severity, ...at } : { severity, ...at }
}

/** A file-level error: it has a path but no line (`path: error: …`). */
export function ioError(path: string, err: unknown): Finding {
  const e = err as NodeJS.ErrnoException
  const why = err instanceof WriteRefused ? e.message : (e.code ?? e.message)
  return fileFinding('error', 'io', path, `cannot process ${path}: ${why}`)
}
