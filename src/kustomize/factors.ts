/**
 * The factor per TrafficSplit: once every document and patch of a tree is read, the nodes that
 * may describe one object are joined (same name, or a patch whose target may select it), and
 * each group takes the largest factor any member needs. A larger common factor never changes
 * a ratio; a smaller one would.
 */
import { dirname, relative } from 'node:path'
import type { Scale } from '../quantity/weights.js'
import { changerAt, envOf, type NodeWeights, type Planner, refuser, type TreeState } from './context.js'
import type { Floors } from './types.js'
import { type Changer, selects } from './labels.js'

/** Joins the nodes of one tree that may describe the same TrafficSplit. */
export function groupTree(pl: Planner, state: TreeState): void {
  const { nodes } = pl
  // Documents that share a name, and patches with the documents their target may select.
  const byName = new Map<string, string[]>()
  const everything = [...state.docs.keys(), ...state.matchers.map((m) => m.node)]
  // A patch document applied only through targets is no object of its own name (a file that is also a resource is).
  const resources = resourcesOf(pl)
  const targetedOnly = (id: string) => state.patchDocs.get(id) === false && !resources.has(id.slice(0, id.indexOf('\0')))
  const together = coBuilt(pl)
  for (const [id, names] of state.docs) {
    if (targetedOnly(id)) continue
    if (names === 'all') {
      for (const other of everything) nodes.union(id, other)
      continue
    }
    for (const n of names) {
      const same = byName.get(n) ?? []
      for (const other of same) if (!apart(state, id, other) && together(id, other)) nodes.union(other, id)
      byName.set(n, [...same, id])
    }
  }
  for (const m of state.matchers) {
    for (const [id, names] of state.docs) {
      // Another patch is no object a target selects: it joins through the objects both may select.
      if (targetedOnly(id) && id !== m.node) continue
      if (!together(id, m.node)) continue
      if (!(m.match === 'all' || names === 'all' || [...names].some((n) => (m.match as RegExp).test(n)))) continue
      // Its version and label selector: a target that selects none of the documents is no part of their object.
      const facts = state.facts.get(id) ?? []
      const how = m.select ? facts.map((f) => selects(m.select!, f, envOf(pl, state, m.by, id, m.late))) : []
      if (how.length > 0 && how.every((h) => h === 'no')) continue
      if (how.includes('unknown')) {
        pl.uncertain.add(m.node)
        // Unknown for a changer of labels (and known without it): the warning names it.
        const env = envOf(pl, state, m.by, id, m.late)
        const known = { ...env, opaque: undefined }
        if (env.opaque && facts.some((f, i) => how[i] === 'unknown' && selects(m.select!, f, known) !== 'unknown'))
          if (!pl.changedBy.has(m.node)) pl.changedBy.set(m.node, env.opaque)
      }
      nodes.union(m.node, id)
    }
  }
}

/**
 * Two documents of one name that are two objects: each has one literal namespace, and they
 * differ (kustomize knows an object by group, version, kind, namespace and name). A
 * strategic-merge patch document is matched by its id once namespaces may have moved: joined.
 */
function apart(state: TreeState, a: string, b: string): boolean {
  const [na, nb] = [namespaceOf(state, a), namespaceOf(state, b)]
  if (na === undefined || nb === undefined || na === nb) return false
  const moved = state.labelChangers.size > 0 || state.namespaces === 'any' || state.namespaces.size > 0
  return !(moved && (state.patchDocs.has(a) || state.patchDocs.has(b)))
}

/** The one literal namespace of a node's documents (labels.ts), if they have one. */
function namespaceOf(state: TreeState, id: string): string | undefined {
  const all = new Set((state.facts.get(id) ?? []).map((f) => f.namespace))
  return all.size === 1 ? [...all][0] : undefined
}

/**
 * Whether two nodes may meet in one build: some kustomization of the run builds both files (a
 * kustomization, or the one listing a component, above every kustomization that names the file,
 * or the file itself when it is a kustomization: its inline patches). Sibling overlays never
 * build each other's files, so dev's own split and patch are no part of prod's object of the same
 * name. Where this cannot be told (a kustomization not read, a file no kustomization names), they may.
 */
function coBuilt(pl: Planner): (a: string, b: string) => boolean {
  const { trees } = pl
  if ([...trees.kustomizations.values()].some((k) => k.unread !== undefined)) return () => true
  const above = new Map<string, Set<string>>()
  const ancestors = (k: string): Set<string> => {
    let out = above.get(k)
    if (out) return out
    out = new Set([k])
    above.set(k, out)
    for (const p of trees.parents.get(k) ?? []) for (const a of ancestors(p)) out.add(a)
    return out
  }
  const builds = new Map<string, Set<string> | undefined>()
  const buildsOf = (id: string): Set<string> | undefined => {
    const file = id.slice(0, id.indexOf('\0'))
    if (builds.has(file)) return builds.get(file)
    const owners = trees.kustomizations.has(file) ? [file] : [...(trees.owners.get(file) ?? [])]
    const out = owners.length === 0 ? undefined : new Set(owners.flatMap((o) => [...ancestors(o)]))
    builds.set(file, out)
    return out
  }
  return (a, b) => {
    const [x, y] = [buildsOf(a), buildsOf(b)]
    return x === undefined || y === undefined || [...x].some((k) => y.has(k))
  }
}

const resourcesByPlanner = new WeakMap<Planner, Set<string>>()

/** The real paths every kustomization of the run names as a resource or patch: found once per run, not once per tree. */
function resourcesOf(pl: Planner): Set<string> {
  let resources = resourcesByPlanner.get(pl)
  if (!resources) {
    resources = new Set([...pl.trees.kustomizations.values()].flatMap((k) => k.children.map((c) => pl.files.real(c.path))))
    resourcesByPlanner.set(pl, resources)
  }
  return resources
}

/** Fills the plan's tree ids and each file's factors, by the names the file uses. */
export function assignFactors(pl: Planner, members: readonly string[]): void {
  const { nodes, plan } = pl
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
    groupScale.set(root, Math.max(groupScale.get(root) ?? 0, pl.need.get(id) ?? 0) as Scale)
  }
  refuseFixed(pl, groupScale)
  let next = 0
  const ids = new Map<string, number>()
  for (const file of members) {
    const root = pl.trees.sets.find(file)
    if (!ids.has(root)) ids.set(root, next++)
    plan.tree.set(file, ids.get(root)!)
    const floors: Floors = new Map()
    for (const node of byFile.get(file) ?? []) floors.set(node.slice(file.length + 1), groupScale.get(nodes.find(node))!)
    plan.floors.set(file, floors)
  }
}

/**
 * A larger common factor keeps a ratio only if it applies to every document of the group. A
 * TrafficSplit the run leaves as it is (plain integers of v1alpha2 or later) keeps its weights, while a
 * JSON 6902 patch it shares with documents that need the factor 1000 is scaled: the rendered
 * object would mix both (`9, 1` with a patched `1` becomes `9, 1000`). Such a tree is held
 * back (a pending warning at each patch weight, naming the object it would change).
 */
function refuseFixed(pl: Planner, groupScale: Map<string, Scale>): void {
  const { nodes } = pl
  const writes = new Map<string, NodeWeights['writes']>()
  const changers = new Map<string, Changer>()
  for (const id of nodes.members()) {
    writes.set(nodes.find(id), [...(writes.get(nodes.find(id)) ?? []), ...(pl.weights.get(id)?.writes ?? [])])
    const c = pl.changedBy.get(id)
    if (c && !changers.has(nodes.find(id))) changers.set(nodes.find(id), c)
  }
  const told = new Set<string>()
  const refuse = refuser(pl.plan)
  for (const [id, doc] of pl.fixed) {
    const root = nodes.find(id)
    if (groupScale.get(root) !== 3) continue
    for (const w of writes.get(root) ?? []) {
      const key = `${w.file}\0${w.offset}`
      if (told.has(key)) continue
      told.add(key)
      const changer = changers.get(root)
      // Joined because something may change the labels its target selects by: named.
      const why = changer
        ? ` (whether its target selects them is not known here: ${changerAt(pl, w.file, changer)} may change their labels)`
        : ''
      refuse(
        w.file,
        w.offset,
        `this patch may write the weights of TrafficSplit ${doc.name} (${relative(dirname(w.file), doc.file) || doc.file}:${doc.line}), ` +
          'which the run leaves as it is (plain integers, which no version move multiplies), and of TrafficSplits whose weights the run ' +
          'multiplies by 1000: its weight would be multiplied too, and change the ratio of the one left as it is; give them ' +
          `patches of their own${why}`,
      )
    }
  }
}
