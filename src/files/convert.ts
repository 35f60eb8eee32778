/**
 * File mode's conversion: every collected file read whole and converted in memory, before
 * anything is written.
 *
 * Kustomize trees are planned first: every document that describes the same TrafficSplit
 * across a base and its overlays gets one weight factor, and a tree is converted whole or
 * not at all. A run that touches a tree converts the tree's other files too (pre-commit
 * passes only some of them, in parallel batches: each batch then writes the same bytes), a
 * tree with an error anywhere is written nowhere, a tree that would write beyond the write
 * boundary (boundary.ts, outside.ts) is written nowhere, in every mode, and with `writing`
 * (--write) a tree whose files cannot all be written is not written at all.
 */
import { existsSync, statSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ByteEdit, ConvertOptions, Edit, Finding, Located, ObjectFact } from '../model.js'
import { spliceBytes, toByteEdits } from '../edit/bytes.js'
import type { TreeFiles, TreeOptions, TreePlan } from '../kustomize/index.js'
import { addValuesHints } from './hints.js'
import { migrateBytes, type PendingRewrite } from '../pipeline/bytes.js'
import { encodingFinding } from '../pipeline/encoding.js'
import { type Converter, documentsOf, GROUP_NEEDLES, isCandidate, NEEDLES as KIND_NEEDLES, loadConverter } from '../pipeline/segment.js'
import type { TargetChoice } from '../targets/registry.js'
import type { RunOptions, SourceDocument } from '../targets/target.js'
import { isKustomizationFile } from '../kustomize/names.js'
import { realOrSelf } from '../paths.js'
import { repoKustomizations } from './kustomizations.js'
import { KustomizationMentions } from './mentions.js'
import { FileReader } from './read.js'
import { checkWritable, WriteRefused } from './write.js'
import type { WriteBoundary } from './boundary.js'
import { holdBackOutside, leaveUnchanged, type TreesView } from './outside.js'
import { ChartValuesRun, holdBackPairs, type ValuesFile } from './values.js'
import { applyRewrites, type Converted } from './rewrites.js'
import { type BesideOptions, readBeside } from './beside.js'

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
  /** The file's named objects, located (checked across files by kinds/links.ts). */
  objects: Array<ObjectFact & Located>
  /**
   * Not among the given files: another file of a kustomize tree the run touches, pulled in
   * by this file of the run (its shown path).
   */
  extraOf?: string
  /** Its conversion's edits (UTF-16 ranges of its decoded input), and the objects already in the run it writes anew (rewrites.ts). */
  edits?: readonly Edit[]
  /** A changed file's edits as byte ranges of `input`, from which `output` is made: what --diff shows. */
  changes?: readonly ByteEdit[]
  rewrites?: readonly PendingRewrite[]
}

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

/**
 * Bytes that make a file worth a second look: a TrafficSplit, a JSON 6902 patch of its
 * backends (`/spec/backends`, or `/spec` with `backends` in the value), or the SMI group (a
 * chart template whose `kind:` is an action; isCandidate decides).
 */
const NEEDLES = [...KIND_NEEDLES, Buffer.from('backends'), ...GROUP_NEEDLES]
const EMPTY = Buffer.alloc(0)

export async function convertFiles(
  files: readonly string[],
  opts: ConvertOptions,
  show: (file: string) => string,
  options: ConvertFilesOptions,
): Promise<FileResult[]> {
  // Pass 1: read everything once; keep only the files that may need converting.
  const results = new Map<string, FileResult>()
  const kept = new Map<string, Buffer>()
  // With a target: files that may hold a Service or route (read for what they say, never converted).
  const factFiles = new Map<string, Buffer>()
  const reads = (options.target?.entry.reads ?? []).map((n) => Buffer.from(n))
  const reader = new FileReader()
  const take = (file: string): void => {
    let input: Buffer
    try {
      input = reader.read(file) // a view of the reader's buffer: copied below if kept
    } catch (err) {
      results.set(file, unchanged(file, show(file), [ioError(show(file), err)]))
      return
    }
    // UTF-16/32 and binary files are never converted; encoding.ts says whether that is an error.
    const refused = encodingFinding(input, file)
    if (refused) results.set(file, unchanged(file, show(file), [{ ...refused, path: show(file) }]))
    else if (isKustomizationFile(file) || NEEDLES.some((n) => input.includes(n))) kept.set(file, Buffer.from(input))
    else {
      if (reads.some((n) => input.includes(n))) factFiles.set(file, Buffer.from(input))
      results.set(file, skipped(file, show))
    }
  }
  for (const file of files) take(file)

  // git lists the repositories' kustomizations in a process of its own, started before the
  // converter loads here, so the two overlap (a pre-commit run of one file waits for both).
  const listing = kept.size > 0 ? repoKustomizations([...kept.keys()]) : undefined
  const converterReady = preloadConverter(kept)

  // Pass 2: the kustomize trees the kept files belong to; their other files join the run.
  const planned = listing ? await planTrees([...kept.keys()], kept, listing, { ...opts, replacedBy: options.target?.entry }) : undefined
  const { kustomize, trees } = planned ?? { kustomize: undefined, trees: undefined }
  const keyOf = new Map<string, string>()
  const extras = new Map<string, string>()
  if (trees && kustomize) {
    for (const file of kept.keys()) keyOf.set(file, realOrSelf(file))
    // Each touched tree, with the first file of the run that touches it.
    const touched = new Map<number, string>()
    for (const [file, key] of keyOf) {
      const tree = trees.tree.get(key)
      if (tree !== undefined && !touched.has(tree)) touched.set(tree, file)
    }
    const inRun = new Set([...files.map(realOrSelf)])
    for (const [member, tree] of trees.tree) {
      if (!touched.has(tree) || inRun.has(member)) continue
      take(member)
      if (kept.has(member)) keyOf.set(member, member)
      extras.set(member, show(touched.get(tree)!))
    }
  }

  // Pass 3: convert (with a target: prepared on every file of the run, seen from each file).
  const prepared = await prepareRun(opts, options, [...kept, ...factFiles], show, planned?.trees, [...files, ...extras.keys()])
  let converter: Converter | undefined = await converterReady
  const chartValues = new ChartValuesRun({ show, boundary: options.boundary, writing: options.writing })
  for (const [file, input] of kept) {
    const shown = show(file)
    const run = prepared(file)
    const key = keyOf.get(file) ?? file
    const candidate = isCandidate(input)
    let r: (Converted & { output: Buffer; changed: boolean; findings: Finding[]; objects?: Array<ObjectFact & Located> }) | undefined =
      trees && kustomize ? kustomize.convertTreeFile(trees, key, input, run, shown) : undefined
    if (!r) {
      if (!converter && candidate) converter = await loadConverter()
      const floors = trees?.floors.get(key)
      r = await convertOne(file, input, run, { shown, show, floors, converter, values: !options.target && chartValues })
    }
    const objects = r.objects ?? []
    results.set(
      file,
      r.changed ? { file, shown, candidate, input, ...r, objects } : { ...r, ...unchanged(file, shown, r.findings), candidate, objects },
    )
  }
  // Objects already in the files that the conversions write anew (rewrites.ts): wherever they are.
  await applyRewrites(results, (file) => kept.get(file) ?? factFiles.get(file))
  for (const [file, by] of extras) results.get(file)!.extraOf = by

  const named = [...files, ...[...extras.keys()].sort()].map((f) => results.get(f)!)
  const ordered = withValuesFiles(named, chartValues.files, show)
  const treeOf = (r: FileResult) => trees?.tree.get(keyOf.get(r.file) ?? r.file)
  const view = trees && treesView(trees, keyOf, ordered, treeOf)
  const outside = options.boundary ? holdBackOutside(ordered, options.boundary, view) : new Set<number>()
  if (trees) holdBackTrees(ordered, treeOf, outside, options.writing ? options.boundary : undefined)
  return writtenBytes(holdBackPairs(ordered, chartValues.files))
}

/**
 * Each changed file's edits as byte ranges of what was read, and its output made from them
 * (edit/bytes.ts): what is written and what the patch shows are the same edits, and every byte
 * outside them is the byte read, even one that is not UTF-8.
 */
function writtenBytes(results: FileResult[]): FileResult[] {
  for (const r of results) {
    if (!r.changed) continue
    if (!r.edits) throw new Error(`internal error: ${r.shown} changed, but its edits are not known`)
    r.changes = toByteEdits(r.input, r.edits)
    r.output = spliceBytes(r.input, r.changes)
  }
  return results
}

/** The run's trees as outside.ts looks them up: a realpath per file, taken only when there are trees. */
function treesView(
  trees: TreePlan,
  keyOf: ReadonlyMap<string, string>,
  ordered: readonly FileResult[],
  treeOf: (r: FileResult) => number | undefined,
): TreesView<FileResult> {
  const byKey = new Map(ordered.map((r) => [keyOf.get(r.file) ?? realOrSelf(r.file), r]))
  return { treeOf, tree: trees.tree, kustomizations: trees.kustomizations, resultOf: (key: string) => byKey.get(key) }
}

/**
 * One file outside a kustomize tree: converted, and converted again with its chart's values
 * when its weights render from them (values.ts); a templated weight's warning names its value.
 */
async function convertOne(
  file: string,
  input: Buffer,
  run: RunOptions,
  o: {
    shown: string
    show: (file: string) => string
    floors: ConvertOptions['scaleFloor']
    converter: Converter | undefined
    values: ChartValuesRun | false
  },
) {
  const convert = (opts: RunOptions) => migrateBytes(input, opts, o.shown, o.converter ?? failIfCalled)
  let r = convert(o.floors ? { ...run, scaleFloor: o.floors } : run)
  if (o.values && !o.floors && o.converter) r = await o.values.convert(file, r, run, convert)
  await addValuesHints(r.findings, file, o.show)
  return r
}

/** The values.yaml files the run's chart templates write: their results, changed (values.ts). */
function withValuesFiles(ordered: FileResult[], values: ReadonlyMap<string, ValuesFile>, show: (file: string) => string): FileResult[] {
  for (const v of values.values()) {
    const output = Buffer.from(v.log.text, 'utf8')
    const edits = v.log.edits
    v.findings.sort((a, b) => a.line - b.line)
    const r = ordered.find((o) => realOrSelf(o.file) === realOrSelf(v.file))
    if (!r)
      ordered.push({
        file: v.file,
        shown: show(v.file),
        candidate: false,
        input: v.input,
        output,
        changed: true,
        findings: v.findings,
        objects: [],
        edits,
      })
    else if (r.changed)
      r.findings.push({
        ...ioError(r.shown, new Error('converted twice')),
        message: `${r.shown}: its own conversion and a chart's values cannot be combined; not written`,
      })
    else Object.assign(r, { input: v.input, output, edits, changed: true, findings: [...v.findings, ...r.findings] })
  }
  return ordered
}

/**
 * The run's options for each file: with a target, the target prepared once on every file
 * (each document with its file) and on the manifests beside the run's files (`inRun`: those
 * given and those its kustomize trees pulled in), read only (beside.ts), its context scoped
 * to the file converted (what is applied with it, its own file and directory, comes first).
 */
async function prepareRun(
  opts: ConvertOptions,
  options: ConvertFilesOptions,
  inputs: ReadonlyArray<readonly [string, Buffer]>,
  show: (file: string) => string,
  trees: TreePlan | undefined,
  inRun: readonly string[],
): Promise<(file: string) => RunOptions> {
  const choice = options.target
  if (!choice) return () => opts
  // Read while the plug-in loads (git lists the directories in a process of its own).
  const reading = readBeside(inRun, inputs, choice.entry, options.beside)
  const [{ prepare, scopeTarget }, plugin] = await Promise.all([import('../targets/target.js'), choice.entry.load()])
  const aside = await reading
  const patches = patchFiles(trees, show)
  const sourced = function* (): Generator<SourceDocument> {
    for (const [file, input] of [...inputs, ...aside]) {
      const source = { path: resolve(file), shown: show(file), ...(aside.has(file) ? { aside: true } : {}) }
      const patchOf = patches.get(realOrSelf(file))
      for (const text of documentsOf([input])) yield { text, file: source, ...(patchOf !== undefined ? { patchOf } : {}) }
    }
  }
  const target = prepare(plugin, choice.options, sourced())
  return (file) => ({ ...opts, target: scopeTarget(target, { path: resolve(file), shown: show(file) }) })
}

/**
 * The patch files the run's kustomizations list (real path), each with the first kustomization
 * that lists it (shown) and the files of that kustomization's tree (real paths).
 */
function patchFiles(plan: TreePlan | undefined, show: (file: string) => string): Map<string, NonNullable<SourceDocument['patchOf']>> {
  const out = new Map<string, NonNullable<SourceDocument['patchOf']>>()
  if (!plan) return out
  const trees = new Map<number, Set<string>>()
  for (const [file, id] of plan.tree) trees.set(id, (trees.get(id) ?? new Set()).add(file))
  for (const k of plan.kustomizations.values()) {
    const id = plan.tree.get(realOrSelf(k.file))
    const members = id === undefined ? undefined : trees.get(id)
    for (const p of k.patches)
      if (p.file !== undefined && !out.has(realOrSelf(p.file)))
        out.set(realOrSelf(p.file), { by: show(k.file), ...(members ? { members } : {}) })
  }
  return out
}

/**
 * A tree is written whole or not at all: when any of its files has an error or a pending
 * warning (something left for a person: converting the rest would change the ratios
 * kustomize renders), would be written beyond the write boundary (`failed` already), or
 * (when writing) cannot be written, its other changed files are left unchanged with a warning.
 */
function holdBackTrees(
  results: FileResult[],
  treeOf: (r: FileResult) => number | undefined,
  failed: Set<number>,
  writing: WriteBoundary | undefined,
): void {
  for (const r of results) {
    const tree = treeOf(r)
    if (tree === undefined) continue
    if (r.findings.some((f) => f.severity === 'error' || f.pending)) failed.add(tree)
    else if (writing && r.changed) {
      try {
        checkWritable(r.file, { boundary: writing, unchanged: r.input })
      } catch (err) {
        r.findings.push(ioError(r.shown, err))
        r.changed = false
        failed.add(tree)
      }
    }
  }
  for (const r of results) {
    const tree = treeOf(r)
    if (tree === undefined || !failed.has(tree) || !r.changed) continue
    // Not pending itself: its cause (an error, or a pending refusal) already sets the exit code.
    leaveUnchanged(
      r,
      'left unchanged: another file of its kustomize tree has errors, is left for a person, cannot be written or is outside the paths being processed, and a tree is converted whole or not at all',
      false,
    )
  }
}

/**
 * The trees of the kustomization files in the run and of the repositories around it. Of the
 * repositories' kustomizations only those whose text may name a file of those trees are read
 * (mentions.ts), and none at all, nor the planner loaded, when none may; with a target, all of
 * them (the target reads every kustomization's patch files).
 */
async function planTrees(
  candidates: readonly string[],
  kept: ReadonlyMap<string, Buffer>,
  listing: Promise<readonly string[]>,
  opts: TreeOptions,
) {
  const named = candidates.filter(isKustomizationFile)
  const all = [...new Set([...named, ...(await listing)])]
  if (all.length === 0) return undefined
  const reader = new FileReader()
  const read = (file: string): string | undefined => {
    const b = kept.get(file)
    if (b) return b.toString('utf8')
    try {
      const bytes = reader.read(file)
      // A tree file that is UTF-16/32 or binary is never decoded lossily: it adds nothing.
      return encodingFinding(bytes, file) ? undefined : bytes.toString('utf8')
    } catch {
      return undefined
    }
  }
  // The planner follows a tree on disk only through these: file mode does the I/O.
  const tree: TreeFiles = { read, isFile: (f) => existsSync(f) && statSync(f).isFile(), real: realOrSelf }
  const focus = new Set(candidates.map(realOrSelf))
  let chosen = all
  if (!opts.replacedBy) {
    const mentions = new KustomizationMentions(all, read)
    const wanted = new Set([...named, ...mentions.naming([...candidates, ...focus])])
    if (wanted.size === 0) return undefined
    chosen = all.filter((k) => wanted.has(k))
    const kustomize = await import('../kustomize/index.js')
    // The trees found so far add files, which more kustomizations may name: until none does.
    for (;;) {
      const more = [...mentions.naming(kustomize.treeMembers(chosen, tree, focus))].filter((k) => !wanted.has(k))
      if (more.length === 0) break
      for (const k of more) wanted.add(k)
      chosen = all.filter((k) => wanted.has(k))
    }
  }
  const kustomize = await import('../kustomize/index.js')
  return { kustomize, trees: kustomize.planTrees(chosen, tree, opts, focus) }
}

/** The converter, loading while git lists the kustomizations (pass 2), when a kept file needs it. */
function preloadConverter(kept: ReadonlyMap<string, Buffer>): Promise<Converter> | undefined {
  const loading = [...kept.values()].some(isCandidate) ? loadConverter() : undefined
  loading?.catch(() => undefined) // awaited in pass 3: not unhandled if pass 2 throws first
  return loading
}

/** Most files of a tree: nothing to say, so the shown path is computed only if asked for (--verbose). */
function skipped(file: string, show: (file: string) => string): FileResult {
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
  }
}

function unchanged(file: string, shown: string, findings: Finding[]): FileResult {
  return { file, shown, candidate: false, input: EMPTY, output: EMPTY, changed: false, findings, objects: [] }
}

/** A file-level error: it has a path but no line (`path: error: …`). */
export function ioError(path: string, err: unknown): Finding {
  const e = err as NodeJS.ErrnoException
  const why = err instanceof WriteRefused ? e.message : (e.code ?? e.message)
  return { severity: 'error', code: 'io', offset: 0, path, line: 0, column: 0, message: `cannot process ${path}: ${why}` }
}

const failIfCalled: Converter = () => {
  throw new Error('internal error: converter used for a non-candidate file')
}
