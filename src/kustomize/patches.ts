/**
 * Following a kustomization's patches: which TrafficSplits each may write (its target, its
 * content), the factor its weights need, and what makes it unfollowable (a sibling kind the
 * run converts, a kind a target replaces, content that is neither operations nor documents).
 * Checks that depend on every document of the tree are deferred until all are read.
 */
import { VERSIONS } from '../model.js'
import { kindNamed } from '../kinds/registry.js'
import { flagOf } from '../kinds/kind.js'
import { splitVersion } from '../kinds/trafficsplit/index.js'
import { isIntegerLiteral } from '../quantity/weights.js'
import {
  goTrimSpace,
  inlineOffsets,
  type Kustomization,
  type PatchEntry,
  type PatchTarget,
  targetKey,
  targetsTrafficSplit,
} from './kustomization.js'
import { LABEL_FIELDS, labelPairs, patchMovesLabels, type Selector, smpMaySelectTrafficSplit, smpNames } from './labels.js'
import { isMap, isScalar, type Node } from 'yaml'
import { type Ops, opsScale, readOps } from './json6902.js'
import { readQuantityWeight } from '../quantity/reader.js'
import { mayMatch, maySelectTrafficSplit, nameMatcher } from './select.js'
import { splitDocs } from './documents.js'
import { parseDocuments } from '../yaml/documents.js'
import { checkHazard } from './hazards.js'
import { commonIgnore, hazardsAddingIgnore, patchAddsIgnore, patchRemovesIgnore } from './added.js'
import { mentionsKind } from '../pipeline/escapes.js'
import { checkVersion, patchesSplit, selectsAny, siblingPatched, targetFields } from './patch-targets.js'
import {
  addDocs,
  changerAt,
  changesLabels,
  envOf,
  nodeOf,
  type Planner,
  refuseError,
  refuser,
  stateOf,
  type TreeState,
  weightsAt,
} from './context.js'

/** Follows one kustomization of a tree: its patches, then what may write weights past them. */
export function followKustomization(pl: Planner, file: string, k: Kustomization): void {
  const state = stateOf(pl, file)
  const refuse = refuser(pl.plan)
  if (k.unread) {
    const { offset, message, tree } = k.unread
    const why = () => refuse(file, offset, `kustomization cannot be read here (${message}), though kubectl may read it`)
    // With its tree known, held back like any refusal (when the tree has something to convert); else always.
    if (tree) why()
    else pl.siblingRefusals.push(why)
    return
  }
  readLabelsAndNamespace(state, file, k)
  for (const p of k.patches) followPatch(pl, state, file, k, p)
  const common = pl.opts.noIgnore ? undefined : commonIgnore(k)
  if (common !== undefined) state.added.push({ file, offset: common, what: 'commonAnnotations' })
  // A transformer or a replacement that may add it (added.ts): what it renders is not read here.
  if (!pl.opts.noIgnore) for (const h of hazardsAddingIgnore(k, pl.files)) state.added.push({ file, ...h })
  for (const h of k.hazards) {
    // A chart's TrafficSplits are like a remote base's: only patches over them cannot be followed.
    state.deferred.push(() => (h.field.startsWith('helmChart') && !state.patched ? undefined : checkHazard(file, h, pl.files, refuse)))
  }
  for (const r of k.remote) {
    state.deferred.push(() => {
      if (state.patched)
        refuse(
          file,
          r.offset,
          `remote base ${r.url} cannot be converted here, and the TrafficSplit patches of this tree would stop matching it`,
        )
    })
  }
}

/** What a kustomization does to labels and namespaces: literal pairs are followed per path, anything else leaves selectors unknown. */
function readLabelsAndNamespace(state: TreeState, file: string, k: Kustomization): void {
  const contents = k.doc.contents
  const keyAt = (...keys: string[]) =>
    (isMap(contents) ? contents.items.find((p) => isScalar(p.key) && keys.includes(String(p.key.value)))?.key : undefined) as
      Node | undefined
  const changer = LABEL_FIELDS.find((f) => isMap(contents) && contents.has(f))
  if (changer) changesLabels(state, file, keyAt(changer)?.range?.[0] ?? 0)
  const pairs = labelPairs(contents)
  if (pairs === undefined) changesLabels(state, file, keyAt('labels', 'commonLabels')?.range?.[0] ?? 0)
  else if (pairs.length) state.labelPairs.set(file, pairs)
  const ns = isMap(contents) ? contents.get('namespace', true) : undefined
  if (ns === undefined || state.namespaces === 'any') return
  if (isScalar(ns) && typeof ns.value === 'string' && !ns.anchor) state.namespaces.add(ns.value || 'default')
  else if (!(isScalar(ns) && ns.value === null)) state.namespaces = 'any'
}

function followPatch(pl: Planner, state: TreeState, file: string, k: Kustomization, p: PatchEntry): void {
  const { isFile: exists, read } = pl.files
  const mayTS = maySelectTrafficSplit(targetFields(p.target))
  if (p.target && mayTS) followTarget(pl, state, file, p)
  const content = p.inline ? String(p.inline.value) : p.file && exists(p.file) ? read(p.file) : undefined
  const sibling = siblingPatched(p.target?.kind, content, pl.opts)
  if (sibling) {
    pl.siblingRefusals.push(() =>
      refuser(pl.plan)(
        file,
        p.offset,
        `${p.field} entry patches ${sibling}s, which the run converts (${flagOf(kindNamed(sibling)!)}): ` +
          'the upgrade moves or adds their keys, and the patch would no longer match them',
      ),
    )
  } else if (p.target && p.target.kind === undefined) state.deferred.push(() => checkKindless(pl, state, file, p))
  checkReplaced(pl, state, file, p, content, mayTS)
  // A patch that may change a TrafficSplit's labels (or cannot be read) leaves the label selectors
  // unknown on the paths through its kustomization (label-paths.ts).
  const ops = content === undefined ? undefined : readOps(content)
  const reaches = p.target ? mayTS : content === undefined || ops !== undefined || smpMaySelectTrafficSplit(content)
  // Only the objects of the names its target (a pattern) or its documents (exact) select.
  const names = p.target ? nameMatcher(p.target.name) : content === undefined ? 'all' : smpNames(content)
  if (reaches && (content === undefined || patchMovesLabels(content, ops !== undefined))) changesLabels(state, file, p.offset, names)
  // One that names a namespace may move an object to it: a target's namespace is then not known.
  if (reaches && content !== undefined && /namespace/i.test(content)) state.namespaces = 'any'
  if (content === undefined) return
  const entry = { file, offset: p.offset, what: `${p.field} entry${p.named ? ` ${p.named}` : ''}` }
  const applies = { anyKind: p.target !== undefined && mayTS, targeted: p.target !== undefined }
  if (!pl.opts.noIgnore && patchAddsIgnore(content, applies)) state.added.push(entry)
  if (!pl.opts.noIgnore && patchRemovesIgnore(content, applies)) state.removed.push(entry)
  // kustomize trims an inline patch before it parses it: lines indented past the first (a `|2-`
  // block) then read as something else, or as nothing it can parse, and the build fails there.
  const unreadable = p.inline && (mayTS || mentionsKind(content, 'TrafficSplit')) ? trimmedError(content) : undefined
  if (unreadable !== undefined)
    return refuser(pl.plan)(
      file,
      p.offset,
      `${p.field} entry: kustomize cannot parse this inline patch as it reads it, its text trimmed (${unreadable}); indent its lines alike`,
    )
  if (ops) followOps(pl, state, file, k, p, { ...ops, text: content }, mayTS)
  else if (mentionsKind(content, 'TrafficSplit') && splitDocs(content, splitVersion(pl.opts)).length)
    followDocs(pl, state, file, p, content, mayTS)
  else if (p.target && mayTS && /backends|weight/.test(content)) {
    const target = p.target
    state.deferred.push(() => {
      if (targetsTrafficSplit(target) || selectsAny(state, nameMatcher(target.name))) {
        refuser(pl.plan)(
          file,
          p.offset,
          `${p.field} entry: a patch for a TrafficSplit that is neither JSON 6902 operations nor a TrafficSplit document`,
        )
      }
    })
  }
}

/**
 * A target without `kind` (group, version, name, selectors) that may select an object of a
 * sibling kind the run converts: held back as when the kind is named, or the patch would
 * silently stop applying once the object's keys move.
 */
function checkKindless(pl: Planner, state: TreeState, file: string, p: PatchEntry): void {
  const t = p.target!
  const match = nameMatcher(t.name)
  const hit = state.siblings.find(
    ({ doc, names }) =>
      mayMatch(t.group && String(t.group.value), doc.group) &&
      mayMatch(t.version && String(t.version.value), doc.version) &&
      (match === 'all' || names === 'all' || [...names].some((n) => match.test(n))),
  )
  if (!hit) return
  const sibling = hit.doc.kind
  pl.siblingRefusals.push(() =>
    refuser(pl.plan)(
      file,
      p.offset,
      `${p.field} entry's target (no kind) may select ${sibling} ${hit.doc.name ?? ''}, which the run converts (${flagOf(kindNamed(sibling)!)}): ` +
        'the upgrade moves or adds its keys, and the patch would no longer match it',
    ),
  )
}

/** A target that may select a TrafficSplit: an older version to move makes the tree one to convert. */
function followTarget(pl: Planner, state: TreeState, file: string, p: PatchEntry): void {
  const to = splitVersion(pl.opts)
  state.patched = true
  const target = p.target!
  const v = target.version ? String(target.version.value) : undefined
  if (v && targetsTrafficSplit(target) && (VERSIONS.slice(0, VERSIONS.indexOf(to)) as readonly string[]).includes(v)) state.involved = true
  if (!v) return
  state.deferred.push(() => {
    // A target moves with the objects it selected: one that selects only TrafficSplits already
    // at `--to` (or none) stays, or a dormant patch would start applying.
    if (selectsAny(state, nameMatcher(target.name), state.older)) pl.plan.versionMoves.add(p)
    checkVersion(state, file, target, to, refuser(pl.plan), {
      select: selectorOf(target),
      env: (id) => envOf(pl, state, file, id, late(p)),
      at: (c) => changerAt(pl, file, c),
    })
  })
}

/** Under a target that replaces TrafficSplits, a patch of one would no longer match: an error. */
function checkReplaced(pl: Planner, state: TreeState, file: string, p: PatchEntry, content: string | undefined, mayTS: boolean): void {
  const replacedBy = pl.opts.replacedBy
  // Another kind the target replaces (Linkerd ServiceProfiles): a patch that names it would no longer match either.
  const other = Object.keys(replacedBy?.replaces ?? {}).find(
    (k) => k !== 'TrafficSplit' && (p.target?.kind === k || new RegExp(`^\\s*kind:\\s*["']?${k}\\b`, 'm').test(content ?? '')),
  )
  if (other)
    refuseError(pl.plan, file, {
      code: 'kustomize-patch-target',
      offset: p.offset,
      message: `${p.field} entry patches a ${other}, which --to ${replacedBy!.name} replaces by ${replacedBy!.replaces[other]}: the patch would no longer match; apply it first (kubectl kustomize), or rewrite it for the ${replacedBy!.replaces[other]} by hand; the kustomize tree is left unchanged`,
    })
  if (!replacedBy?.replaces.TrafficSplit) return
  const by = replacedBy.replaces.TrafficSplit
  // Its paths (/spec/backends/0/weight) and merge keys no longer apply to a route.
  const refuseReplaced = (): void =>
    refuseError(pl.plan, file, {
      code: 'kustomize-patch-target',
      offset: p.offset,
      message:
        `${p.field} entry patches a TrafficSplit, which --to ${replacedBy.name} replaces by ${by} the patch would no longer match: ` +
        `apply the patch to the TrafficSplit first (kubectl kustomize), or rewrite it for the ${by} by hand; the kustomize tree is left unchanged`,
    })
  if (patchesSplit(p.target?.kind, content)) refuseReplaced()
  else if (p.target && p.target.kind === undefined && mayTS) {
    // A target without a kind selects by name or labels: refused if it may select one of the tree's TrafficSplits.
    const target = p.target
    state.deferred.push(() => (selectsAny(state, nameMatcher(target.name)) ? refuseReplaced() : undefined))
  }
}

/** JSON 6902 operations: their weights join the group of the TrafficSplits the target selects. */
function followOps(
  pl: Planner,
  state: TreeState,
  file: string,
  k: Kustomization,
  p: PatchEntry,
  ops: NonNullable<ReturnType<typeof readOps>> & { text: string },
  mayTS: boolean,
): void {
  const writes = ops.weights.length > 0 || ops.problems.length > 0 || ops.copies.length > 0
  // Operations that only move backends write nothing to convert, but the rendered sum follows them.
  if (!p.target || !mayTS || (!writes && ops.shifts.length === 0)) return
  const where = p.inline ? file : pl.files.real(p.file!)
  const offset = p.inline ? (p.inline.range?.[0] ?? p.offset) : 0
  const target = p.target
  const match = nameMatcher(target.name)
  const refuse = refuser(pl.plan)
  state.deferred.push(() => {
    // A target that may also select other kinds writes TrafficSplit weights only if it may select one of the tree's.
    if (!targetsTrafficSplit(target) && !selectsAny(state, match)) return
    if (writes) pl.plan.splitPatches.add(p)
    if (writes && !p.inline) pl.plan.opFiles.set(where, target.name ?? '*')
    const id = nodeOf(pl, where, p.inline ? targetKey(target) : '*', opsScale(ops.weights))
    state.matchers.push({ node: id, match, select: selectorOf(target), by: file, late: late(p) })
    if (ops.weights.some((w) => w.scalar.style !== 'PLAIN' || !isIntegerLiteral(w.scalar.value))) state.involved = true
    // An inline patch's problem is pointed at in the kustomization (exactly in a `|-` block).
    const map = p.inline ? inlineOffsets(k, p.inline) : undefined
    recordWrites(pl, id, ops, { file: p.inline ? file : where, by: file }, (at) => (p.inline ? (map?.(at) ?? offset) : at))
    for (const problem of ops.problems) refuse(where, p.inline ? (map?.(problem.offset) ?? offset) : problem.offset, problem.message)
    // File mode reads a file only if it mentions backends, a kind or a group (files/sources.ts):
    // a patch file's problem is then also told at its entry, or the tree would convert without it.
    if (!p.inline && !ops.text.includes('backends')) {
      for (const problem of ops.problems)
        refuse(file, p.offset, `${p.field} entry ${p.named ?? where}:${lineCol(ops.text, problem.offset)}: ${problem.message}`)
      // Paths that spell `backends` with an escape (`b\x61ckends`): kustomize reads them, file mode would not convert the file.
      const first = [...ops.weights.map((w) => w.scalar.start), ...ops.copies.map((c) => c.offset), ...ops.shifts.map((c) => c.offset)]
      if (first.length)
        refuse(
          file,
          p.offset,
          `${p.field} entry ${p.named ?? where}:${lineCol(ops.text, Math.min(...first))}: this patch writes TrafficSplit backends, ` +
            'but its text never spells the word backends (an escape), and file mode does not read it: write the paths plainly',
        )
    }
  })
}

/** The weights a JSON 6902 patch writes, by backend index where its path names one (sums.ts). */
function recordWrites(
  pl: Planner,
  id: string,
  { weights, copies, shifts }: Pick<Ops, 'weights' | 'copies' | 'shifts'>,
  { file, by }: { file: string; by: string },
  at: (offset: number) => number,
): void {
  const into = weightsAt(pl, id)
  if (shifts.length) into.shifts.push(by)
  // A copy into a backend's weight replaces it; any other copy within the backends adds one.
  for (const c of copies) {
    const index = /^\/spec\/backends\/(\d+)\/weight$/.exec(c.path)?.[1]
    into.copies.push({ file, by, offset: at(c.offset), ...(index === undefined ? {} : { index: Number(index) }) })
  }
  for (const w of weights) {
    const read = readQuantityWeight({ yaml: w.scalar })
    if (!read.ok) continue
    // `add` at a backend's index inserts one (RFC 6902 §4.1): it counts in full, as one added at the end.
    const named = /^\/spec\/backends\/(\d+)(\/weight)?$/.exec(w.path)
    const index = named && (w.op !== 'add' || named[2]) ? named[1] : undefined
    const write = { value: read.value, file, by, offset: at(w.scalar.start) }
    into.writes.push(index === undefined ? write : { ...write, index: Number(index) })
  }
}

/** Strategic-merge TrafficSplit documents: inline ones are members of the tree, files are read as members already. */
function followDocs(pl: Planner, state: TreeState, file: string, p: PatchEntry, content: string, mayTS: boolean): void {
  state.patched = true
  const where = p.inline ? file : pl.files.real(p.file!)
  const ids = p.inline ? addDocs(pl, state, file, content, [file]) : []
  const fileIds = p.inline ? ids : splitDocs(content, splitVersion(pl.opts)).map((d) => nodeOf(pl, where, d.key, d.scale))
  // A patch with a target applies to what the target selects, whatever names it holds (factors.ts).
  for (const id of fileIds) state.patchDocs.set(id, state.patchDocs.get(id) === true || !p.target)
  if (p.target && mayTS) {
    for (const id of fileIds)
      state.matchers.push({ node: id, match: nameMatcher(p.target.name), select: selectorOf(p.target), by: file, late: late(p) })
  }
}

/** kubectl applies `patchesJson6902` after the kustomization's own labels (`patches` before them). */
const late = (p: PatchEntry): boolean => p.field === 'patchesJson6902'

/** What a target selects by besides its name (labels.ts). */
function selectorOf(t: PatchTarget): Selector {
  const { labelSelector, annotationSelector, namespace } = t
  return { version: t.version ? String(t.version.value) : undefined, namespace, labelSelector, annotationSelector }
}

/** `line:column` (1-based) of an offset. */
function lineCol(text: string, offset: number): string {
  const before = text.slice(0, offset)
  return `${before.split('\n').length}:${offset - before.lastIndexOf('\n')}`
}

/** The parse error of an inline patch's text as kustomize reads it (trimmed), if it has one. */
function trimmedError(content: string): string | undefined {
  const trimmed = goTrimSpace(content)
  if (trimmed === content) return undefined
  return parseDocuments(trimmed).find((d) => d.error)?.error?.message
}
