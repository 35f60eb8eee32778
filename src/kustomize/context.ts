/**
 * The planner's shared state: the plan being filled, the trees, one state per tree, and the
 * (file, name) nodes whose groups will share a factor. Following patches (patches.ts) and
 * computing factors (factors.ts) both work on it.
 */
import { dirname, relative } from 'node:path'
import type { RefusalDiagnostic } from '../model.js'
import type { Scale } from '../quantity/weights.js'
import type { Decimal } from '../quantity/quantity.js'
import { nameResolver } from './affixes.js'
import { convertedSiblings, type DocScale, type SiblingDoc, siblingDocs, splitDocs } from './documents.js'
import type { KindModule } from '../kinds/kind.js'
import { splitVersion } from '../kinds/trafficsplit/index.js'
import { mayRename, type Refuse } from './hazards.js'
import type { NameMatch } from './select.js'
import type { Changer, DocFacts, Pair, SelectEnv, Selector } from './labels.js'
import { labelsBefore, opaqueFor } from './label-paths.js'
import type { TreeFiles, TreeOptions, TreePlan } from './types.js'
import { UnionFind } from './union.js'
import type { Trees } from './walk.js'

export interface TreeState {
  docs: Map<string, Set<string> | 'all'>
  /** The documents older than `--to` (they will be converted). */
  older: Set<string>
  /** The documents already at `--to`: a target moved to `--to` would start selecting them. */
  current: Set<string>
  /** Each document's version and labels (labels.ts): what a target selects besides names. */
  facts: Map<string, DocFacts[]>
  /** Strategic-merge patch documents: true when some entry applies one without a target (by its own name). */
  patchDocs: Map<string, boolean>
  /**
   * What may change the labels of the tree's TrafficSplits in ways not read here, by the
   * kustomization it belongs to: a selector's choice is not known on the paths through it.
   */
  labelChangers: Map<string, Changer[]>
  /** The literal label pairs each kustomization of the tree applies (label-paths.ts). */
  labelPairs: Map<string, Pair[]>
  /** The namespaces the tree's `namespace:` fields set (`any`: one is not a plain string). */
  namespaces: Set<string> | 'any'
  /** Patches, with the name, version and selectors of their target, and the kustomization that applies them (`late`: after its own labels). */
  matchers: { node: string; match: NameMatch; select?: Selector; by: string; late: boolean }[]
  /** Objects of other kinds the run converts, with the names they may have: a kind-less target may select them. */
  siblings: { doc: SiblingDoc; names: Set<string> | 'all' }[]
  /** Something to convert: an older TrafficSplit, or a patch that writes one's weights. */
  involved: boolean
  /** Patches that may touch a TrafficSplit (a remote base under them cannot be followed). */
  patched: boolean
  /** Checks that need every document of the tree first (what a target selects). */
  deferred: (() => void)[]
  /** The TrafficSplits a suppression leaves alone, and how many others the tree holds (suppressed.ts). */
  suppressed: SuppressedDoc[]
  kept: number
  /** Where a kustomization or patch of the tree adds the suppression annotation (added.ts). */
  added: { file: string; offset: number; what: string }[]
  /** Where a patch of the tree takes the suppression annotation away (added.ts). */
  removed: { file: string; offset: number; what: string }[]
}

export interface SuppressedDoc {
  file: string
  line: number
  name: string
}

export interface Planner {
  plan: TreePlan
  trees: Trees
  files: TreeFiles
  opts: TreeOptions
  /** The groups: nodes are (file, the name the file uses), keyed `file\0name`. */
  nodes: UnionFind
  /** The factor each node needs on its own. */
  need: Map<string, Scale>
  states: Map<string, TreeState>
  /** Refusals that hold a tree back even with nothing to convert: patches of sibling kinds, kustomizations not read. */
  siblingRefusals: (() => void)[]
  names: (name: string, from: Iterable<string>) => Set<string> | 'all'
  /** The kinds other than TrafficSplit the run converts, with their targets. */
  siblingKinds: Map<KindModule<never>, string>
  /** The weights each node writes (sums.ts): whole lists (documents) and single weights (JSON 6902 patches). */
  weights: Map<string, NodeWeights>
  /** Patch nodes joined to a group whose documents their target may or may not select (labels.ts): a sum past the bound there is left for a person. */
  uncertain: Set<string>
  /** Of those, the ones whose choice is unknown because something may change the labels they see: the first such changer. */
  changedBy: Map<string, Changer>
  /** The nodes of documents whose weights the run leaves as they are (plain integers of v1alpha2 or later): no factor applies to them (factors.ts). */
  fixed: Map<string, { file: string; line: number; name: string }>
}

export interface NodeWeights {
  /** Each document's weights, with the kustomizations that take the document in; `units`: written as they are, whole units whatever the group's factor. */
  lists: { values: Decimal[]; from: string[]; units: boolean }[]
  /** `index`: the backend a patch writes; absent: one it adds (or a list it writes). Where it is, for the refusal; `by`: the kustomization whose entry applies it. */
  writes: { index?: number; value: Decimal; file: string; offset: number; by: string }[]
  /** JSON 6902 copies within the backends: each may duplicate the largest weight (sums.ts). */
  copies: { index?: number; file: string; offset: number; by: string }[]
  /** JSON 6902 operations that may move backends to other indices (remove, insert, move, whole lists): the kustomizations applying them. */
  shifts: string[]
}

/** The weights recorded for `id`. */
export function weightsAt(pl: Planner, id: string): NodeWeights {
  let w = pl.weights.get(id)
  if (!w) pl.weights.set(id, (w = { lists: [], writes: [], copies: [], shifts: [] }))
  return w
}

export function newPlanner(plan: TreePlan, trees: Trees, files: TreeFiles, opts: TreeOptions): Planner {
  return {
    plan,
    trees,
    files,
    opts,
    nodes: new UnionFind(),
    need: new Map(),
    states: new Map(),
    siblingRefusals: [],
    names: nameResolver(trees, (k) => {
      const kz = trees.kustomizations.get(k)
      return kz !== undefined && mayRename(kz, files)
    }),
    siblingKinds: convertedSiblings(opts),
    weights: new Map(),
    fixed: new Map(),
    uncertain: new Set(),
    changedBy: new Map(),
  }
}

export function nodeOf(pl: Planner, file: string, name: string, scale: Scale): string {
  const id = `${file}\0${name}`
  pl.nodes.add(id)
  pl.need.set(id, Math.max(pl.need.get(id) ?? 0, scale) as Scale)
  return id
}

/** The state of the tree `file` belongs to. */
export function stateOf(pl: Planner, file: string): TreeState {
  const root = pl.trees.sets.find(file)
  let s = pl.states.get(root)
  if (!s) {
    s = {
      ...{
        docs: new Map(),
        older: new Set(),
        current: new Set(),
        facts: new Map(),
        patchDocs: new Map(),
        labelChangers: new Map(),
        labelPairs: new Map(),
        namespaces: new Set(),
        matchers: [],
        siblings: [],
        involved: false,
        patched: false,
        deferred: [],
      },
      ...{ suppressed: [], kept: 0, added: [], removed: [] },
    }
    pl.states.set(root, s)
  }
  return s
}

/**
 * What may change the labels and namespace of document `id` before a patch of kustomization `by`
 * applies (labels.ts); `late`: the patch applies after `by`'s own labels (`patchesJson6902`).
 */
export function envOf(pl: Planner, state: TreeState, by: string, id: string, late: boolean): SelectEnv {
  const file = id.slice(0, id.indexOf('\0'))
  const doc = state.patchDocs.has(id)
  // Once per patch and file: the paths between them do not depend on the document.
  const key = `${by}\0${late}\0${doc}\0${file}`
  let envs = envsOf.get(state)
  if (!envs) envsOf.set(state, (envs = new Map()))
  let env = envs.get(key)
  if (!env) {
    const owners = doc ? undefined : (pl.trees.owners.get(file) ?? (pl.trees.kustomizations.has(file) ? [file] : undefined))
    env = { namespaces: state.namespaces, ...labelsBefore(pl.trees, state, { by, late }, owners) }
    envs.set(key, env)
  }
  // A changer scoped by name leaves unknown only the documents it may select.
  return { namespaces: env.namespaces, pairs: env.pairs, opaque: opaqueFor(env.changers, state.docs.get(id)) }
}

const envsOf = new WeakMap<TreeState, Map<string, Omit<SelectEnv, 'opaque'> & { changers: readonly Changer[] }>>()

/** Records something of kustomization `file` that may change labels in ways not read here (of the objects `names` may select). */
export function changesLabels(state: TreeState, file: string, offset: number, names?: NameMatch): void {
  state.labelChangers.set(file, [...(state.labelChangers.get(file) ?? []), { file, offset, ...(names ? { names } : {}) }])
}

/** A changer as a warning in `from` names it: its file (relative to `from`'s directory) and line. */
export function changerAt(pl: Planner, from: string, c: Changer): string {
  const text = pl.files.read(c.file) ?? ''
  return `${relative(dirname(from), c.file) || c.file}:${text.slice(0, c.offset).split('\n').length}`
}

/** Records a pending warning: the whole tree is held back, the file's line says why. */
export function refuser(plan: TreePlan): Refuse {
  return (file, offset, message) => {
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
}

/** Records an error the tree cannot be converted past. */
export function refuseError(plan: TreePlan, file: string, d: Omit<RefusalDiagnostic, 'severity'>): void {
  plan.refusals.set(file, [...(plan.refusals.get(file) ?? []), { severity: 'error', ...d }])
}

/** Adds the TrafficSplits of a resource (or inline patch) to its tree; `from` are the kustomizations that take it in. */
export function addDocs(
  pl: Planner,
  state: TreeState,
  file: string,
  text: string,
  from: Iterable<string>,
  each?: (d: DocScale) => void,
): string[] {
  const ids: string[] = []
  for (const d of splitDocs(text, splitVersion(pl.opts), !pl.opts.noIgnore)) {
    each?.(d)
    const id = nodeOf(pl, file, d.key, d.scale)
    ids.push(id)
    if (d.values) weightsAt(pl, id).lists.push({ values: d.values, from: [...from], units: !d.rescaled })
    const line = text.slice(0, d.offset).split('\n').length
    if (!d.rescaled) pl.fixed.set(id, { file, line, name: d.name })
    // A suppressed TrafficSplit is not converted: nothing for the tree to move with it.
    if (d.suppressed) state.suppressed.push({ file, line, name: d.name })
    else state.kept++
    if (d.older && !d.suppressed) {
      state.involved = true
      state.older.add(id)
    }
    if (d.current) state.current.add(id)
    state.facts.set(id, [...(state.facts.get(id) ?? []), d.facts])
    const prev = state.docs.get(id)
    if (prev !== 'all') {
      const names = d.name === '*' ? 'all' : pl.names(d.name, from)
      state.docs.set(id, names === 'all' ? 'all' : new Set([...(prev ?? []), ...names]))
    }
  }
  return ids
}

/** Adds the objects of other kinds the run converts, of a resource, to its tree. */
export function addSiblings(pl: Planner, state: TreeState, text: string, from: Iterable<string>): void {
  if (pl.siblingKinds.size === 0) return
  for (const doc of siblingDocs(text, splitVersion(pl.opts), pl.siblingKinds)) {
    state.siblings.push({ doc, names: doc.name === undefined ? 'all' : pl.names(doc.name, from) })
  }
}
