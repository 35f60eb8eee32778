/**
 * Kustomize trees: which files belong together, and the weight factor each TrafficSplit
 * must share across them. A base with `1` + `500m` and an overlay patch that sets `250m`
 * describe one object; converted separately, a base of `1` + `2` (factor 1) and a patch of
 * `500m` (factor 1000) would render 1:500 instead of 1000:500.
 *
 * Objects are matched the way kustomize matches them, over-approximated where it cannot be
 * exact: a document's object is known by every name it can have at any level of the tree
 * (its own, then with each `namePrefix`/`nameSuffix` of the kustomizations and components it
 * passes through), and a patch target's `name` is an anchored regex tried against all of them
 * (a pattern that cannot be read exactly, or no name, matches every TrafficSplit of the tree).
 * Every document and patch that may describe the same object lands in one group, and the
 * group shares the largest factor any of them needs: a larger common factor never changes a
 * ratio.
 *
 * What cannot be followed is refused for the whole tree (a pending warning at the line that
 * causes it; no file of the tree is written): remote bases under TrafficSplit patches,
 * replacements or plugins that may write weights, OpenAPI schemas and Helm charts, target
 * versions that would stop (or start) matching, patches for a TrafficSplit that are not read.
 */
import { join } from 'node:path'
import { isMap, isScalar, isSeq, type Node, parseAllDocuments } from 'yaml'
import { type ConvertOptions, type Diagnostic, type Target, VERSIONS } from '../model.js'
import type { TargetEntry } from '../targets/target.js'
import { kindNamed } from '../kinds/registry.js'
import { stepsBetween } from '../convert/plan.js'
import { isIntegerLiteral, type Scale } from '../quantity/weights.js'
import { neededWeightScale } from '../quantity/reader.js'
import { parseDocuments } from '../yaml/documents.js'
import { locateObjects } from '../convert/locate.js'
import { trafficSplit, weightsOf } from '../kinds/trafficsplit/index.js'
import {
  type Hazard,
  inlineOffsets,
  type Kustomization,
  KUSTOMIZATION_NAMES,
  type PatchEntry,
  type PatchTarget,
  readKustomization,
  targetsTrafficSplit,
} from './kustomization.js'
import { opsScale, readOps } from './json6902.js'
import { anchored, maySelectTrafficSplit, type NameMatch, nameMatcher } from './select.js'

export type Floors = Map<string, Scale>

/** The disk as the planner sees it: file mode (files/convert.ts) hands it in, kustomize/ does no I/O of its own. */
export interface TreeFiles {
  /** A file's text; undefined when it cannot be read, or is not text to read. */
  read(file: string): string | undefined
  /** Whether `path` names a regular file (through symlinks). */
  isFile(path: string): boolean
  /** The real path of `path`, or `path` itself when it does not resolve. */
  real(path: string): string
}

export interface TreePlan {
  kustomizations: Map<string, Kustomization>
  /** JSON 6902 patch files that write TrafficSplit weights: file -> target name (`*`: any). All keys are real paths. */
  opFiles: Map<string, string>
  /** Per file of a tree: the factors of its tree, by the names the file uses. */
  floors: Map<string, Floors>
  /** Per file of a tree: the tree's id (an error anywhere in a tree stops all its writes). */
  tree: Map<string, number>
  /** Per kustomization or patch file: why its tree is left for a person (offsets into that file). */
  refusals: Map<string, Diagnostic[]>
  /** Patch entries whose content writes TrafficSplit weights (their target may select one). */
  splitPatches: Set<PatchEntry>
}

/** More names than this for one object (long component chains): the object matches every target. */
const NAME_LIMIT = 4096

/**
 * Plans the trees of `kustomizations` (those among the run's files, and those of the
 * repository, so that a pre-commit batch holding only a base still sees the overlays that
 * patch it). Trees are followed on disk (through `files`) along their references; files
 * outside the run are read to compute the factors, never written.
 */
/** The run's targets, and the target plug-in that replaces objects, if any (its patches are refused). */
export type TreeOptions = Pick<ConvertOptions, 'to' | 'specsTo' | 'accessTo'> & { replacedBy?: TargetEntry | undefined }

export function planTrees(kustomizations: readonly string[], files: TreeFiles, opts: TreeOptions, focus?: ReadonlySet<string>): TreePlan {
  const to = opts.to
  const { read, isFile: exists, real } = files
  const plan: TreePlan = {
    kustomizations: new Map(),
    opFiles: new Map(),
    floors: new Map(),
    tree: new Map(),
    refusals: new Map(),
    splitPatches: new Set(),
  }
  const sets = new UnionFind()
  /** Who references a file (resource or patch): the kustomizations whose names it takes. */
  const owners = new Map<string, Set<string>>()
  /** A kustomization's parents (resources, bases, components) and its components. */
  const parents = new Map<string, Set<string>>()
  const components = new Map<string, string[]>()
  const link = <K, V>(m: Map<K, Set<V>>, k: K, v: V) => m.set(k, (m.get(k) ?? new Set()).add(v))
  // Every file is known by its real path: the same file reached through a symlink is one file.
  const queue = kustomizations.map(real)
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (plan.kustomizations.has(file)) continue
    const text = read(file)
    const k = text === undefined ? undefined : readKustomization(file, text)
    if (!k) continue
    plan.kustomizations.set(file, k)
    sets.add(file)
    const fields = new Map(k.children.map((c) => [c.path, c.field]))
    for (const ref of k.references) {
      if (exists(ref)) {
        sets.union(file, real(ref))
        link(owners, real(ref), file)
      }
      for (const name of KUSTOMIZATION_NAMES) {
        const nested = join(ref, name)
        if (!exists(nested)) continue
        const child = real(nested)
        sets.union(file, child)
        link(parents, child, file)
        if (fields.get(ref) === 'components') components.set(file, [...(components.get(file) ?? []), child])
        queue.push(child)
        break
      }
    }
  }

  // Only the trees that hold a file of the run are planned further: a large repository's
  // other trees are never read (every pre-commit batch would pay for them otherwise).
  const focused = focus ? new Set([...focus].filter((f) => sets.has(f)).map((f) => sets.find(f))) : undefined
  const members = sets.members().filter((f) => !focused || focused.has(sets.find(f)))

  // The names an object may have, from the kustomizations that take its document in.
  const affixMemo = new Map<string, { p: string; s: string }[]>()
  const affixes = (k: string, seen = new Set<string>()): { p: string; s: string }[] => {
    const known = affixMemo.get(k)
    if (known) return known
    if (seen.has(k)) return []
    seen.add(k)
    const kz = plan.kustomizations.get(k)
    const own = kz && (kz.namePrefix || kz.nameSuffix) ? [{ p: kz.namePrefix, s: kz.nameSuffix }] : []
    const list = [...(components.get(k) ?? []).flatMap((c) => affixes(c, seen)), ...own]
    affixMemo.set(k, list)
    return list
  }
  const namesOf = (name: string, from: Iterable<string>): Set<string> | 'all' => {
    const out = new Set([name])
    const seen = new Set<string>()
    const todo: [string, string][] = [...from].map((k) => [k, name])
    for (let next = todo.pop(); next; next = todo.pop()) {
      const [k, x] = next
      const key = `${k}\0${x}`
      if (seen.has(key)) continue
      seen.add(key)
      // Any of the affixes may apply (a component's own resources miss the earlier ones): all subsequences.
      const list = affixes(k)
      if (list.length > 10) return 'all'
      let here = [x]
      for (const a of list) here = [...here, ...here.map((y) => a.p + y + a.s)]
      for (const y of here) {
        out.add(y)
        for (const p of parents.get(k) ?? []) todo.push([p, y])
      }
      if (out.size > NAME_LIMIT) return 'all'
    }
    return out
  }

  // The groups: nodes are (file, the name the file uses), keyed `file\0name`.
  const nodes = new UnionFind()
  const need = new Map<string, Scale>()
  const nodeOf = (file: string, name: string, scale: Scale): string => {
    const id = `${file}\0${name}`
    nodes.add(id)
    need.set(id, Math.max(need.get(id) ?? 0, scale) as Scale)
    return id
  }
  interface TreeState {
    docs: Map<string, Set<string> | 'all'>
    /** The documents older than `--to` (they will be converted). */
    older: Set<string>
    /** The documents already at `--to`: a target moved to `--to` would start selecting them. */
    current: Set<string>
    matchers: { node: string; match: NameMatch }[]
    /** Something to convert: an older TrafficSplit, or a patch that writes one's weights. */
    involved: boolean
    /** Patches that may touch a TrafficSplit (a remote base under them cannot be followed). */
    patched: boolean
    deferred: (() => void)[]
  }
  const states = new Map<string, TreeState>()
  const stateOf = (file: string): TreeState => {
    const root = sets.find(file)
    let s = states.get(root)
    if (!s)
      states.set(
        root,
        (s = { docs: new Map(), older: new Set(), current: new Set(), matchers: [], involved: false, patched: false, deferred: [] }),
      )
    return s
  }
  const siblingRefusals: Array<() => void> = []
  const refuse = (file: string, offset: number, message: string): void => {
    const list = plan.refusals.get(file) ?? []
    list.push({
      severity: 'warning',
      code: 'invalid-structure',
      offset,
      pending: true,
      message: `${message}; the kustomize tree is left unchanged for a person to convert`,
    })
    plan.refusals.set(file, list)
  }
  const addDocs = (state: TreeState, file: string, text: string, from: Iterable<string>): string[] => {
    const ids: string[] = []
    for (const d of splitDocs(text, to)) {
      const id = nodeOf(file, d.name, d.scale)
      ids.push(id)
      if (d.older) {
        state.involved = true
        state.older.add(id)
      }
      if (d.current) state.current.add(id)
      const prev = state.docs.get(id)
      if (prev !== 'all') {
        const names = d.name === '*' ? 'all' : namesOf(d.name, from)
        state.docs.set(id, names === 'all' ? 'all' : new Set([...(prev ?? []), ...names]))
      }
    }
    return ids
  }

  for (const file of members) {
    const state = stateOf(file)
    const k = plan.kustomizations.get(file)
    if (!k) {
      const text = read(file)
      if (text !== undefined && text.includes('TrafficSplit') && !readOps(text)) addDocs(state, file, text, owners.get(file) ?? [])
      continue
    }
    for (const p of k.patches) {
      const mayTS = maySelectTrafficSplit(targetFields(p.target))
      if (p.target && mayTS) {
        state.patched = true
        const target = p.target
        const v = target.version ? String(target.version.value) : undefined
        if (v && targetsTrafficSplit(target) && (VERSIONS.slice(0, VERSIONS.indexOf(to)) as readonly string[]).includes(v))
          state.involved = true
        if (v) state.deferred.push(() => checkVersion(state, file, target, to, refuse))
      }
      const content = p.inline ? String(p.inline.value) : p.file && exists(p.file) ? read(p.file) : undefined
      const sibling = siblingPatched(p.target?.kind, content, opts)
      if (sibling) {
        siblingRefusals.push(() =>
          refuse(
            file,
            p.offset,
            `${p.field} entry patches ${sibling}s, which the run converts (${kindNamed(sibling)!.flag}): ` +
              'the upgrade moves or adds their keys, and the patch would no longer match them',
          ),
        )
      }
      const replacedBy = opts.replacedBy
      if (replacedBy?.replaces.TrafficSplit) {
        // Its paths (/spec/backends/0/weight) and merge keys no longer apply to a route.
        const refuseReplaced = (): void => {
          const list = plan.refusals.get(file) ?? []
          list.push({
            severity: 'error',
            code: 'kustomize-patch-target',
            offset: p.offset,
            message:
              `${p.field} entry patches a TrafficSplit, which --to ${replacedBy.name} replaces by ${replacedBy.replaces.TrafficSplit} the patch would no longer match: ` +
              `apply the patch to the TrafficSplit first (kubectl kustomize), or rewrite it for the ${replacedBy.replaces.TrafficSplit} by hand; the kustomize tree is left unchanged`,
          })
          plan.refusals.set(file, list)
        }
        if (patchesSplit(p.target?.kind, content)) refuseReplaced()
        else if (p.target && p.target.kind === undefined && mayTS) {
          // A target without a kind selects by name or labels: refused if it may select one of the tree's TrafficSplits.
          const target = p.target
          state.deferred.push(() => (selectsAny(state, nameMatcher(target.name)) ? refuseReplaced() : undefined))
        }
      }
      if (content === undefined) continue
      const where = p.inline ? file : real(p.file!)
      const offset = p.inline ? (p.inline.range?.[0] ?? p.offset) : 0
      const ops = readOps(content)
      if (ops) {
        if (!p.target || !mayTS || (ops.weights.length === 0 && ops.problems.length === 0)) continue
        const target = p.target
        const match = nameMatcher(target.name)
        state.deferred.push(() => {
          // A target that may also select other kinds writes TrafficSplit weights only if it may select one of the tree's.
          if (!targetsTrafficSplit(target) && !selectsAny(state, match)) return
          plan.splitPatches.add(p)
          if (!p.inline) plan.opFiles.set(where, target.name ?? '*')
          const id = nodeOf(where, p.inline ? (target.name ?? '*') : '*', opsScale(ops.weights))
          state.matchers.push({ node: id, match })
          if (ops.weights.some((w) => w.scalar.style !== 'PLAIN' || !isIntegerLiteral(w.scalar.value))) state.involved = true
          // An inline patch's problem is pointed at in the kustomization (exactly in a `|-` block).
          const map = p.inline ? inlineOffsets(k, p.inline) : undefined
          for (const problem of ops.problems) refuse(where, p.inline ? (map?.(problem.offset) ?? offset) : problem.offset, problem.message)
        })
      } else if (content.includes('TrafficSplit') && splitDocs(content, to).length) {
        state.patched = true
        const ids = p.inline ? addDocs(state, file, content, [file]) : [] // a patch file's documents are read as a member
        if (p.target && mayTS) {
          const fileIds = p.inline ? ids : splitDocs(content, to).map((d) => nodeOf(where, d.name, d.scale))
          for (const id of fileIds) state.matchers.push({ node: id, match: nameMatcher(p.target.name) })
        }
      } else if (p.target && mayTS && /backends|weight/.test(content)) {
        const target = p.target
        state.deferred.push(() => {
          if (targetsTrafficSplit(target) || selectsAny(state, nameMatcher(target.name))) {
            refuse(
              file,
              p.offset,
              `${p.field} entry: a patch for a TrafficSplit that is neither JSON 6902 operations nor a TrafficSplit document`,
            )
          }
        })
      }
    }
    for (const h of k.hazards) {
      // A chart's TrafficSplits are like a remote base's: only patches over them cannot be followed.
      state.deferred.push(() => (h.field.startsWith('helmChart') && !state.patched ? undefined : checkHazard(file, h, files, refuse)))
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

  for (const state of states.values()) {
    for (const run of state.deferred) run()
    if (!state.involved) continue
    // Documents that share a name, and patches with the documents their target may select.
    const byName = new Map<string, string>()
    const everything = [...state.docs.keys(), ...state.matchers.map((m) => m.node)]
    for (const [id, names] of state.docs) {
      if (names === 'all') {
        for (const other of everything) nodes.union(id, other)
        continue
      }
      for (const n of names) {
        const first = byName.get(n)
        if (first) nodes.union(first, id)
        else byName.set(n, id)
      }
    }
    for (const m of state.matchers) {
      for (const [id, names] of state.docs) {
        if (m.match === 'all' || names === 'all' || [...names].some((n) => (m.match as RegExp).test(n))) nodes.union(m.node, id)
      }
    }
  }
  // Refusals count only for trees with something to convert.
  for (const [file, findings] of plan.refusals) {
    if (!stateOf(file).involved && !findings.some((f) => f.severity === 'error')) plan.refusals.delete(file)
  }
  // A patch of a sibling kind the run converts holds its tree back, TrafficSplits or not.
  for (const run of siblingRefusals) run()

  // One file uses one factor per name, and `*` for all of them: its nodes share a group.
  const byFile = new Map<string, string[]>()
  for (const id of nodes.members()) {
    const file = id.slice(0, id.indexOf('\0'))
    byFile.set(file, [...(byFile.get(file) ?? []), id])
  }
  for (const [file, ids] of byFile) if (ids.includes(`${file}\0*`)) for (const id of ids) nodes.union(`${file}\0*`, id)
  const groupScale = new Map<string, Scale>()
  for (const id of nodes.members()) {
    const root = nodes.find(id)
    groupScale.set(root, Math.max(groupScale.get(root) ?? 0, need.get(id) ?? 0) as Scale)
  }

  let id = 0
  const ids = new Map<string, number>()
  for (const file of members) {
    const root = sets.find(file)
    if (!ids.has(root)) ids.set(root, id++)
    plan.tree.set(file, ids.get(root)!)
    const floors: Floors = new Map()
    for (const node of byFile.get(file) ?? []) floors.set(node.slice(file.length + 1), groupScale.get(nodes.find(node))!)
    plan.floors.set(file, floors)
  }
  return plan
}

function targetFields(t: PatchTarget | undefined): { group?: string; kind?: string } | undefined {
  return t && { group: t.group ? String(t.group.value) : undefined, kind: t.kind }
}

function selectsAny(state: { docs: Map<string, Set<string> | 'all'> }, match: NameMatch, only?: Set<string>): boolean {
  for (const [id, names] of state.docs) {
    if (only && !only.has(id)) continue
    if (match === 'all' || names === 'all' || [...names].some((n) => match.test(n))) return true
  }
  return false
}

/**
 * A target's `version` must select the converted objects exactly when it selected them
 * before: an older version literal moves to `--to` (convert.ts), only on a target that
 * selects TrafficSplits alone; any other pattern that matches one side only is refused.
 */
function checkVersion(
  state: { docs: Map<string, Set<string> | 'all'>; older: Set<string>; current: Set<string> },
  file: string,
  t: PatchTarget,
  to: Target,
  refuse: (file: string, offset: number, message: string) => void,
): void {
  const v = String(t.version!.value)
  // Only the documents this run converts change version under the target.
  if (!selectsAny(state, nameMatcher(t.name), state.older)) return
  const older = VERSIONS.slice(0, VERSIONS.indexOf(to))
  const at = t.version!.range?.[0] ?? 0
  if ((older as readonly string[]).includes(v)) {
    if (!targetsTrafficSplit(t))
      refuse(file, at, `patch target version ${v} may select other kinds than TrafficSplit, so it cannot move to ${to}`)
    else if (selectsAny(state, nameMatcher(t.name), state.current)) {
      refuse(file, at, `patch target version ${v} would also select the TrafficSplits already at ${to} once it moves`)
    }
    return
  }
  const re = anchored(v)
  if (!re) return refuse(file, at, `patch target version ${v} cannot be read exactly`)
  const before = older.some((o) => re.test(o))
  if (before !== re.test(to)) {
    refuse(
      file,
      at,
      before
        ? `patch target version ${v} would stop matching the TrafficSplits once they are ${to}`
        : `patch target version ${v} would start matching the TrafficSplits once they are ${to}`,
    )
  }
}

const WEIGHTY = /backends|weight|TrafficSplit|smi-spec/i

function checkHazard(file: string, h: Hazard, files: TreeFiles, refuse: (file: string, offset: number, message: string) => void): void {
  const content = h.file
    ? files.isFile(h.file)
      ? files.read(h.file)
      : undefined
    : h.node && !isScalar(h.node)
      ? String(h.node)
      : undefined
  const unread = content === undefined
  const name = h.named ? `${h.field} entry ${h.named}` : `${h.field} entry`
  switch (h.field) {
    case 'replacements':
      if (unread) return refuse(file, h.offset, `${name} cannot be read, and it may write TrafficSplit weights`)
      if (replacementHitsWeights(h.file ? content : undefined, h.node)) {
        return refuse(file, h.offset, `${name} writes into TrafficSplit backends: the value it copies is not converted here`)
      }
      return
    case 'transformers':
    case 'generators':
      if (
        unread ||
        WEIGHTY.test(content) ||
        /Prefix|Suffix|Patch|Replacement|function|exec|container|starlark|kind:\s*Kustomization/i.test(content)
      ) {
        return refuse(file, h.offset, `${name} may write TrafficSplits or their names in a way not followed here`)
      }
      return
    case 'configurations':
      if (unread || WEIGHTY.test(content)) return refuse(file, h.offset, `${name} may make a transformer write TrafficSplit weights`)
      return
    case 'openapi':
    case 'crds':
      if (unread || /TrafficSplit|smi-spec/.test(content)) {
        return refuse(
          file,
          h.offset,
          `${name} gives TrafficSplits a schema for their old version: patches would merge differently once converted`,
        )
      }
      return
    default:
      return refuse(
        file,
        h.offset,
        `${h.field}: the TrafficSplits a chart renders are not converted here, and the tree's TrafficSplit patches would stop matching them`,
      )
  }
}

/** Whether replacements (a file's text, or an inline entry) may write a TrafficSplit weight. */
function replacementHitsWeights(text: string | undefined, node: Node | undefined): boolean {
  const entries: unknown[] = []
  if (text !== undefined) {
    for (const d of parseAllDocuments(text, { schema: 'failsafe' }) as unknown as { contents: unknown; errors: unknown[] }[]) {
      if (d.errors.length) return true
      if (isSeq(d.contents)) entries.push(...d.contents.items)
      else entries.push(d.contents)
    }
  } else entries.push(node)
  for (const e of entries) {
    if (!isMap(e)) return true
    const targets = e.get('targets', true)
    if (targets === undefined) continue
    if (!isSeq(targets)) return true
    for (const t of targets.items) {
      if (!isMap(t)) return true
      const select = t.get('select', true)
      const field = (k: string) => (isMap(select) ? select.get(k) : undefined)
      const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
      if (!maySelectTrafficSplit({ group: str(field('group')), kind: str(field('kind')) })) continue
      const paths = t.get('fieldPaths', true)
      if (!isSeq(paths)) return true
      for (const fp of paths.items) if (!isScalar(fp) || weightPath(String(fp.value))) return true
    }
  }
  return false
}

/** Whether a replacement field path may be, or hold, a backend's weight. */
function weightPath(path: string): boolean {
  const segs = path.split('.')
  if (!['spec', '*'].includes(segs[0]!)) return false
  if (segs.length === 1) return true
  if (!['backends', '*'].includes(segs[1]!)) return false
  if (segs.length <= 3) return true
  return segs.slice(3).join('.') === 'weight' || segs[3] === '*' || segs[3] === 'weight'
}

interface DocScale {
  name: string
  scale: Scale
  /** Older than `--to`: it will be converted. */
  older: boolean
  current: boolean
}

/** Each TrafficSplit of a document stream: its name (`*` without one) and the factor its weights need on their own. */
function splitDocs(text: string, to: Target): DocScale[] {
  const out: DocScale[] = []
  for (const parsed of parseDocuments(text)) {
    if (parsed.error) continue
    for (const split of locateObjects(parsed.doc, text, { to }).views) {
      const weights = weightsOf(split)
      if (!weights || split.ref.kind !== trafficSplit.kind) continue
      const older = stepsBetween(trafficSplit, split.version, to).length > 0
      const scale = neededWeightScale(weights.flatMap((w) => ('scalar' in w ? [{ yaml: w.scalar }] : [])))
      out.push({ name: split.ref.name ?? '*', scale, older, current: split.version === to })
    }
  }
  return out
}

/** The kind other than TrafficSplit, converted by this run, that a patch targets or holds. */
function siblingPatched(target: string | undefined, content: string | undefined, opts: TreeOptions): string | undefined {
  const named = [target, ...[...(content ?? '').matchAll(KIND_FIELD)].map((m) => m[1])]
  return named.find((k) => {
    const kind = kindNamed(k)
    return kind !== undefined && kind !== (trafficSplit as unknown) && kind.target({ ...opts } as ConvertOptions) !== undefined
  })
}

/** Whether a patch may write a TrafficSplit: its target names the kind, or its text does, or an unkinded target's patch writes backends. */
function patchesSplit(target: string | undefined, content: string | undefined): boolean {
  const named = [target, ...[...(content ?? '').matchAll(KIND_FIELD)].map((m) => m[1])]
  return named.includes('TrafficSplit') || (target === undefined && content !== undefined && content.includes('backends'))
}

/** A `kind:` field in a patch's text (YAML or JSON). */
const KIND_FIELD = /["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)/g

class UnionFind {
  private readonly parent = new Map<string, string>()
  add(x: string): void {
    if (!this.parent.has(x)) this.parent.set(x, x)
  }
  find(x: string): string {
    this.add(x)
    let r = x
    while (this.parent.get(r) !== r) r = this.parent.get(r)!
    this.parent.set(x, r)
    return r
  }
  has(x: string): boolean {
    return this.parent.has(x)
  }
  union(a: string, b: string): void {
    const ra = this.find(a)
    const rb = this.find(b)
    if (ra !== rb) this.parent.set(ra, rb)
  }
  members(): string[] {
    return [...this.parent.keys()]
  }
}
