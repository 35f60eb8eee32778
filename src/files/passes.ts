/**
 * File mode's conversion, as named passes: every file read whole and converted in memory
 * before anything is written. Each pass takes what the passes before it handed on and hands
 * on new results; none changes what it was given (result.ts).
 *
 *   read (sources.ts) → trees (trees.ts) → target (prepare.ts) → convert (conversions.ts)
 *   → rewrites (rewrites.ts) → values files (helm/values-files.ts) → hold back (hold-back.ts)
 *   → bytes (here)
 *
 * Writing, and the lock a writing run holds from before it reads until it has written
 * (lock.ts), are the run's (run/files.ts): this module never writes.
 */
import type { ConvertOptions } from '../model.js'
import { spliceBytes, toByteEdits } from '../edit/bytes.js'
import { isCandidate, loadConverter, type Converter } from '../pipeline/segment.js'
import type { TargetChoice } from '../targets/registry.js'
import type { BesideOptions } from './beside.js'
import type { WriteBoundary } from './boundary.js'
import { convertKept } from './conversions.js'
import { holdBack } from './hold-back.js'
import { repoKustomizations } from './kustomizations.js'
import { packagedSplits } from './helm/packaged-splits.js'
import { prepareTarget } from './prepare.js'
import type { FileResult } from './result.js'
import { applyRewrites } from './rewrites.js'
import { readSources } from './sources.js'
import { expandTrees } from './trees.js'
import { withValuesFiles } from './helm/values-files.js'

export type { FileResult } from './result.js'

export interface ConvertFilesOptions {
  /** What the run may write (boundary.ts): a change beyond it is held back, with its whole tree, in every mode. */
  boundary?: WriteBoundary
  /** --write: every changed file of a tree is checked writable before any is written. */
  writing?: boolean
  /** A target that replaces objects (`--to gateway`): prepared on every file of the run that may tell it something. */
  target?: TargetChoice | undefined
  /** With a target: where --exclude starts, and its globs, for the manifests read beside the files (beside.ts). */
  beside?: BesideOptions
}

/** The results of `files` (as given, then the files their trees pulled in, then values.yaml files written), in report order. */
export async function convertFiles(
  files: readonly string[],
  opts: ConvertOptions,
  show: (file: string) => string,
  options: ConvertFilesOptions,
): Promise<FileResult[]> {
  const ctx = { show, reads: options.target?.entry.reads ?? [] }
  const first = readSources(
    files.map((file) => ({ file })),
    ctx,
  )
  // git lists the repositories' kustomizations in a process of its own, started before the
  // converter loads here, so the two overlap (a pre-commit run of one file waits for both).
  const listing = first.kept.size > 0 ? repoKustomizations([...first.kept.keys()]) : undefined
  const converter = preloadConverter(first.kept)
  const { read, trees } = await expandTrees(files, first, listing, { ...opts, replacedBy: options.target?.entry }, ctx)
  const extras = [...(trees?.extras.keys() ?? [])]
  const optionsOf = await prepareTarget(opts, options, [...read.kept, ...read.facts], show, trees?.plan, [...files, ...extras])
  // The values proof looks at the charts of every file of the run (an umbrella far from the chart it depends on).
  const values = options.target
    ? undefined
    : { show, boundary: options.boundary, writing: options.writing, runFiles: [...files, ...extras] }
  const converted = await convertKept(read.kept, trees, optionsOf, { show, values, converter })
  // A rewrite may land in any file read, a settled one too (a route in a file of facts).
  const all = new Map([...read.settled, ...converted.results])
  const rewritten = await applyRewrites(all, (file) => read.kept.get(file) ?? read.facts.get(file))
  const resultOf = (file: string) => rewritten.get(file)!
  const results = [...files, ...extras.sort()].map(resultOf)
  // A chart's split that a deployment tool's post-render patch may target is held back with its values (loaded only for a changed template).
  const named = results.some((r) => r.changed && /[\\/]templates[\\/]/.test(r.file))
    ? (await import('./helm/post-render.js')).heldForPostRender(results, { show, runFiles: [...files, ...extras] })
    : results
  // A tree (or a TrafficSplit file outside every tree) that a deploy tool's patch (Flux, Argo CD) may reach is held back (loaded only for a changed one).
  const deployed = named.some((r) => r.changed && (r.candidate || trees?.plan.tree.has(trees.keyOf.get(r.file) ?? r.file)))
    ? (await import('./deployers.js')).heldForDeployers(named, trees, {
        show,
        runFiles: [...files, ...extras],
        deployFree: read.deployFree,
      })
    : named
  const ordered = withValuesFiles(deployed, converted.values, show)
  // A TrafficSplit in a packaged dependency of a chart of the run: said, since the archive is not rewritten.
  const packaged = await packagedSplits([...files, ...extras], show)
  return [...holdBack(ordered, trees, converted.values, options).map(inBytes), ...packaged]
}

/**
 * The bytes pass: a changed file's edits as byte ranges of what was read, and its output
 * made from them (edit/bytes.ts): what is written and what the patch shows are the same
 * edits, and every byte outside them is the byte read, even one that is not UTF-8.
 */
function inBytes(r: FileResult): FileResult {
  if (!r.changed) return r
  if (!r.edits) throw new Error(`internal error: ${r.shown} changed, but its edits are not known`)
  const changes = toByteEdits(r.input, r.edits)
  return { ...r, changes, output: spliceBytes(r.input, changes) }
}

/** The converter, loading while git lists the kustomizations (the tree pass), when a kept file needs it. */
function preloadConverter(kept: ReadonlyMap<string, Buffer>): Promise<Converter> | undefined {
  const loading = [...kept.values()].some(isCandidate) ? loadConverter() : undefined
  loading?.catch(() => undefined) // awaited in the convert pass: not unhandled if the tree pass throws first
  return loading
}
