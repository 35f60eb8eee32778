/**
 * File mode, once for every surface: the CLI (`--check`, `--diff`, `--write`) and the GitHub
 * Action map their options onto `runFiles` and render what it returns. Every rule about
 * what counts lives here, so the two cannot drift:
 *
 * - a file with an error is never written, not even its convertible objects; a file that
 *   is not written (error, held-back kustomize tree, refused write) reports no conversion;
 * - the files of a kustomize tree that the run pulls in are checked, counted and reported
 *   as such ("also converted: same kustomize tree as …");
 * - the exit code (report/exit.ts, the one contract every surface uses).
 *
 * Stages: collect (paths, globs, --exclude, git ignore rules) → convert (kustomize trees
 * planned first: the passes of files/passes.ts) → write (write mode) → report and patch.
 */
import { sep } from 'node:path'
import type { ConvertOptions, Finding } from '../model.js'
import type { TargetChoice } from '../targets/registry.js'
import { collectFiles } from '../files/collect.js'
import { convertFiles, type FileResult } from '../files/passes.js'
import { fileFinding, ioError } from '../files/result.js'
import { WriteBoundary } from '../files/boundary.js'
import { linkFindings } from '../kinds/links.js'
import { displayPath, realOrSelf, relativeInside } from '../paths.js'
import { removeStaleTemps, writeFileAtomic } from '../files/write.js'
import { countFinding, isConversion, newTotals, type Totals } from '../report/format.js'
import { exitOf } from '../report/exit.js'

export type FileMode = 'check' | 'diff' | 'write'

export interface FileRunOptions {
  paths: readonly string[]
  exclude?: readonly string[]
  /** Where relative paths start; report paths are shown relative to it. */
  cwd: string
  mode: FileMode
  convert: ConvertOptions
  /** A target that replaces objects (`--to gateway`), prepared on the run's files. */
  target?: TargetChoice
  /** Build the unified diff of every change (always in diff mode). */
  patch?: boolean
}

export interface FileReport {
  file: string
  /** The path as reports show it (relative to cwd when inside it). */
  shown: string
  /** Whether the file mentions TrafficSplit (was parsed at all). */
  candidate: boolean
  /** Located findings, in order; conversions only when the file is (or would be) changed. */
  findings: Finding[]
  /** Would change (check, diff) or was written (write). */
  changed: boolean
  /** Not named by the run: pulled in as part of this run file's kustomize tree. */
  extraOf?: string
}

export interface FileRun {
  files: FileReport[]
  /** Every finding in report order (general first, then file by file). */
  findings: Finding[]
  totals: Totals
  /** The unified diff of every change, paths relative to the repository's top level (see patchRoot): bytes, as each file's lines are. */
  patch: Buffer
  exitCode: 0 | 1 | 2
}

export { EXIT_CHANGES, EXIT_CLEAN, EXIT_ERROR, exitOf } from '../report/exit.js'

/** Receives the run's results as they happen (a CLI prints each file once it is written). */
export interface FileSink {
  general?(findings: readonly Finding[]): void
  file?(report: FileReport): void
  /** What the walk left out, shown relative to cwd, and why. */
  skipped?(paths: readonly { shown: string; reason: string }[]): void
}

export async function runFiles(o: FileRunOptions, sink: FileSink = {}): Promise<FileRun> {
  const { files, problems, roots, skipped } = await collectFiles(o.paths, o.cwd, o.exclude)
  if (skipped.length) sink.skipped?.(skipped.map((p) => ({ shown: displayPath(p.path, o.cwd), reason: p.message })))
  // The one rule for every write (files/boundary.ts): the paths named and their repositories.
  const boundary = new WriteBoundary(roots, o.cwd)
  // A writing run holds its repositories' locks from before it reads a file until it has written
  // its last (files/lock.ts): a parallel run of the same tree then reads what this one wrote.
  let release: (() => void) | undefined
  // Loaded only to write (it needs node:os and node:crypto, which a --check run does not).
  const lock = o.mode === 'write' ? await import('../files/lock.js') : undefined
  try {
    release = await lock?.lockPlaces(boundary.places())
  } catch (err) {
    if (!(lock && err instanceof lock.LockTimeout)) throw err
    // Nothing is read or written: the run ends with the error.
    return runLocked(o, sink, { files: [], problems: [...problems, { path: o.cwd, message: err.message }], boundary })
  }
  try {
    return await runLocked(o, sink, { files, problems, boundary })
  } finally {
    release?.()
  }
}

async function runLocked(
  o: FileRunOptions,
  sink: FileSink,
  { files, problems, boundary }: { files: string[]; problems: Array<{ path: string; message: string }>; boundary: WriteBoundary },
): Promise<FileRun> {
  // Temp files of an earlier run that was killed mid-write go before this run writes.
  if (o.mode === 'write') removeStaleTemps(files, boundary)
  const general = problems.map((p) => fileFinding('error', 'io', p.path, p.message))
  sink.general?.(general)
  const root = o.patch || o.mode === 'diff' ? await patchRoot(o.cwd) : undefined
  const results = await convertFiles(files, o.convert, (f) => displayPath(f, o.cwd), {
    boundary,
    writing: o.mode === 'write',
    target: o.target,
    beside: { cwd: o.cwd, ...(o.exclude ? { exclude: o.exclude } : {}) },
  })
  // --diff prints a patch that applies whole or not at all: when one changed file cannot be
  // named from the root, no file is patched (a kustomize tree must never be half patched).
  // Only changed files are named (a realpath each): a tree of 20,000 unchanged files costs nothing here.
  const names = new Map(results.filter((r) => r.changed && root).map((r) => [r, nameIn(root!, r.file)]))
  const unnameable = o.mode === 'diff' && results.some((r) => r.changed && names.get(r) === undefined)
  const links = crossFileFindings(results, unnameable)
  // The diff's code is loaded only when there is a patch to make.
  const diff = root !== undefined && results.some((r) => r.changed) ? (await import('../report/diff.js')).unifiedDiff : undefined
  const reports: FileReport[] = []
  const patch: Buffer[] = []
  for (const r of results) {
    const done = settle(r, links, { mode: o.mode, boundary, root, patchName: names.get(r), unnameable, diff })
    if (done.patch) patch.push(done.patch)
    reports.push(done.report)
    sink.file?.(done.report)
  }
  const totals = newTotals(reports.length, reports.filter((r) => r.changed).length)
  const findings = [...general, ...reports.flatMap((r) => r.findings)]
  for (const f of findings) countFinding(totals, f)
  return { files: reports, findings, totals, patch: Buffer.concat(patch), exitCode: exitCode(totals, o.mode) }
}

/**
 * Objects that need each other across files (an A/B TrafficSplit and its HTTPRouteGroups), at
 * the versions they will have: a file with an error keeps its objects as they are.
 */
function crossFileFindings(results: readonly FileResult[], unnameable: boolean): Finding[] {
  const kept = (r: FileResult) => !r.changed || unnameable || r.findings.some((f) => f.severity === 'error')
  const objects = results.flatMap((r) =>
    r.objects.length === 0 ? [] : kept(r) ? r.objects.map((x) => ({ ...x, version: x.before, needs: x.needsBefore })) : r.objects,
  )
  return linkFindings(objects)
}

interface Settling {
  mode: FileMode
  boundary: WriteBoundary
  root: string | undefined
  patchName: string | undefined
  unnameable: boolean
  /** report/diff.ts's unifiedDiff, loaded when a patch is made. */
  diff: typeof import('../report/diff.js').unifiedDiff | undefined
}

/** What happens to one converted file: written (--write) or patched (--diff), or why not; its report. */
function settle(r: FileResult, links: readonly Finding[], s: Settling): { report: FileReport; patch: Buffer | undefined } {
  // (Most files have neither findings nor links: no arrays copied for them.)
  const findings = links.length || r.findings.length ? [...r.findings, ...links.filter((f) => f.path === r.shown)] : []
  // A file with any error is never written, not even its convertible objects.
  let changed = r.changed && !findings.some((f) => f.severity === 'error')
  if (changed && s.unnameable) {
    findings.push(
      s.patchName === undefined
        ? fileFinding(
            'error',
            'io',
            r.shown,
            `${r.shown} is outside ${s.root}, so a patch cannot name it: run from a directory that contains it (inside a git repository, patch paths are relative to its top level)`,
          )
        : fileFinding(
            'warning',
            'not-written',
            r.shown,
            'left out of the patch: another changed file cannot be named in it, and a patch applies whole or not at all',
          ),
    )
    changed = false
  }
  if (changed && s.mode === 'write') {
    try {
      writeFileAtomic(r.file, r.output, { boundary: s.boundary, unchanged: r.input })
    } catch (err) {
      findings.push(ioError(r.shown, err))
      changed = false
    }
  }
  const patch = changed && s.patchName !== undefined ? s.diff!(s.patchName, r.input, r.changes!) : undefined
  // What was not (or would not be) converted is not reported as a conversion.
  const report: FileReport = {
    file: r.file,
    // Read through: a file with nothing to say computes its shown path only if asked (--verbose).
    get shown() {
      return r.shown
    },
    candidate: r.candidate,
    changed,
    findings: changed ? findings : findings.filter((f) => !isConversion(f.code)),
  }
  if (r.extraOf !== undefined) {
    report.extraOf = r.extraOf
    if (changed) report.findings.unshift(fileFinding('info', 'same-tree', r.shown, `same kustomize tree as ${r.extraOf}`))
  }
  return { report, patch }
}

/** The exit code of a run (the contract is report/exit.ts). */
export function exitCode(t: Totals, mode: FileMode | 'stream'): 0 | 1 | 2 {
  return exitOf(t, mode).code
}

/**
 * Where patch paths start: the top level of the git work tree holding `cwd` (as `git diff`
 * names files, whatever the current directory), or `cwd` itself outside a repository.
 */
export async function patchRoot(cwd: string): Promise<string> {
  // node:child_process is loaded only here: the common pre-commit run (--write on named files) starts without it.
  const { spawnSync } = await import('node:child_process')
  const r = spawnSync('git', ['-C', cwd, 'rev-parse', '--show-toplevel'], { encoding: 'utf8' })
  return r.status === 0 && r.stdout.trim() ? r.stdout.trim() : realOrSelf(cwd)
}

/** `file` relative to `root`, with `/`; undefined when it lies outside. */
function nameIn(root: string, file: string): string | undefined {
  // A symlink is named by its target, the file git tracks the content of (and --write writes).
  return relativeInside(realOrSelf(root), realOrSelf(file))?.split(sep).join('/')
}
