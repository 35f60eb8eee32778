/**
 * Kustomize ids include the version: a v1alpha1 and a v1alpha2 TrafficSplit of one namespace
 * and name are two objects of one build, and one id once the run moves the first to v1alpha2
 * (kustomize then refuses to build: "already registered id", or "namespace transformation
 * produces ID conflict"). Whether two documents meet is a property of what a kustomization
 * builds, and any kustomization of a tree may be built: for each, every copy of every resource
 * document it renders is followed up its path of references (a copy per path, as chains.ts
 * counts them), its id formed as kustomize forms it there: the document's namespace (none, empty
 * or a YAML null: `default`, as kustomize compares them), then, level by level from the
 * kustomization that takes the file in, each component's and each kustomization's own
 * `namePrefix`/`nameSuffix` and `namespace:`. Two copies of one build that differ in version
 * now and share group, kind, namespace, name and version after the run hold the tree back, one
 * finding naming both documents. Sibling overlays never meet in one build; strategic-merge patch
 * documents are not objects; a document the run leaves at its version (newer than `--to`, or
 * suppressed) keeps it. What cannot be told exactly (a name or namespace that is not literal, a
 * kustomization not read, replacements, transformer plug-ins, a patch whose target may select the
 * copy and that may rename it: id-changers.ts) meets every other copy of its build.
 */
import { dirname, relative } from 'node:path'
import { isMap, isScalar } from 'yaml'
import { refuser, type Planner } from './context.js'
import type { DocScale } from './documents.js'
import { resourcesOf } from './chains.js'
import { type IdChanger, idChangers } from './id-changers.js'
import { mayRename } from './hazards.js'
import type { Kustomization } from './kustomization.js'
import { splitVersion } from '../kinds/trafficsplit/index.js'
import { isUnsetField } from '../yaml/nodes.js'

/** A TrafficSplit of a resource file, with its line (for the finding). */
export interface ResourceDoc {
  file: string
  line: number
  d: DocScale
}

/** What one level of a path does to an object's id: a prefix, a suffix, a namespace; `opaque`: anything. */
interface Step {
  p: string
  s: string
  /** The namespace it sets; undefined: none; null: one not known here. */
  ns?: string | null
  opaque?: boolean
  /** Its patches that may rename or move what they select (id-changers.ts). */
  changers?: IdChanger[]
}

/** One copy of a document in a build: its id there, each part undefined when not known here. */
interface Copy {
  r: ResourceDoc
  version?: string
  ns?: string
  name?: string
}

/** More copies (or paths followed) than this in one build: the build is held back without telling them apart. */
const COPY_LIMIT = 20_000

/** Holds back the trees of `roots` where one build would render two documents of different versions with one id after the run. */
export function checkSharedIds(pl: Planner, docs: readonly ResourceDoc[], roots: Iterable<string>): void {
  const to = splitVersion(pl.opts)
  const after = (r: ResourceDoc) => (r.d.older && !r.d.suppressed ? to : r.d.facts.version)
  // Only a version reached from two versions can make two ids one.
  const from = new Map<string, Set<string>>()
  for (const r of docs) from.set(after(r), (from.get(after(r)) ?? new Set()).add(r.d.facts.version))
  const live = docs.filter((r) => from.get(after(r))!.size > 1)
  if (live.length === 0) return
  const byFile = new Map<string, ResourceDoc[]>()
  for (const r of live) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r])
  const render = renderer(pl, byFile, after, to)
  const told = new Set<string>()
  for (const root of roots) {
    const copies = render(root)
    const pair = copies === 'many' ? undefined : meeting(copies, told)
    if (copies === 'many')
      refuser(pl.plan)(root, 0, `too many copies of TrafficSplits to tell their kustomize ids apart (over ${COPY_LIMIT})`)
    else if (pair) refuser(pl.plan)(root, 0, finding(root, pair, to))
  }
}

/** The copies a kustomization builds, of the documents of `byFile`; 'many' past COPY_LIMIT. */
function renderer(pl: Planner, byFile: Map<string, ResourceDoc[]>, after: (r: ResourceDoc) => string, to: string) {
  const { trees, files } = pl
  const steps = stepsOf(pl)
  const levels = new Map<string, Step[]>()
  // A kustomization's components apply (each with its own components first) before its own fields.
  const level = (k: string, seen = new Set<string>()): Step[] => {
    const known = levels.get(k)
    if (known) return known
    if (seen.has(k)) return []
    seen.add(k)
    const out = [...(trees.components.get(k) ?? []).flatMap((c) => level(c, seen)), steps(k)]
    levels.set(k, out)
    return out
  }
  const takes = new Map<string, ResourceDoc[]>()
  const taken = (k: string): ResourceDoc[] => {
    let out = takes.get(k)
    if (out) return out
    out = (trees.kustomizations.get(k)?.children ?? []).flatMap((c) => {
      if (c.field === 'components' || !files.isFile(c.path)) return []
      return byFile.get(files.real(c.path)) ?? []
    })
    takes.set(k, out)
    return out
  }
  // Only the kustomizations that reach a document of `byFile` are followed.
  const reaches = new Map<string, boolean>()
  const reach = (k: string): boolean => {
    const known = reaches.get(k)
    if (known !== undefined) return known
    reaches.set(k, false) // a cycle kustomize refuses: not followed twice
    const out = taken(k).length > 0 || [...resourcesOf(trees, k), ...(trees.components.get(k) ?? [])].some(reach)
    reaches.set(k, out)
    return out
  }
  return (root: string): Copy[] | 'many' => {
    const out: Copy[] = []
    const onPath = new Set<string>()
    let visits = 0
    const visit = (k: string, above: Step[]): void => {
      if (onPath.has(k) || !reach(k) || ++visits > COPY_LIMIT || out.length > COPY_LIMIT) return
      onPath.add(k)
      const here = [...level(k), ...above]
      for (const r of taken(k)) out.push(copyOf(r, after(r), here, to))
      for (const base of resourcesOf(trees, k)) visit(base, here)
      // A component's resources take the components after it, then the fields of the kustomization listing it.
      const comps = trees.components.get(k) ?? []
      comps.forEach((c, i) => visit(c, [...comps.slice(i + 1).flatMap((x) => level(x)), steps(k), ...above]))
      onPath.delete(k)
    }
    visit(root, [])
    return out.length > COPY_LIMIT || visits > COPY_LIMIT ? 'many' : out
  }
}

/** A document's id after `steps`, from the kustomization that takes its file in upwards. */
function copyOf(r: ResourceDoc, version: string, steps: readonly Step[], to: string): Copy {
  const c: Copy = { r, version, ns: r.d.facts.namespace, name: r.d.name === '*' ? undefined : r.d.name }
  // Kustomize selects by the original name and namespace or the current ones; a target's version may move to `--to`.
  const versions = [...new Set([r.d.facts.version, version, to])]
  for (const s of steps) {
    if (s.opaque) {
      c.version = c.ns = c.name = undefined
      continue
    }
    const before = { name: c.name, ns: c.ns }
    if (c.name !== undefined) c.name = s.p + c.name + s.s
    if (s.ns !== undefined) c.ns = s.ns ?? undefined
    const known = <T>(...xs: (T | undefined)[]) => (xs.includes(undefined) ? undefined : (xs as T[]))
    const seen = {
      names: known(r.d.name === '*' ? undefined : r.d.name, before.name, c.name),
      namespaces: known(r.d.facts.namespace, before.ns, c.ns),
      versions,
    }
    // Patches apply before the level's affixes and namespace, patchesJson6902 after: both are tried.
    if (s.changers?.some((may) => may(seen))) c.ns = c.name = undefined
  }
  return c
}

/** The first two copies, of different versions now, that may share an id after the run (a pair not reported yet). */
function meeting(copies: readonly Copy[], told: Set<string>): [Copy, Copy] | undefined {
  const known = new Map<string, Copy[]>()
  const unknown: Copy[] = []
  for (const c of copies) {
    if (c.version === undefined || c.ns === undefined || c.name === undefined) unknown.push(c)
    else {
      const id = `${c.version}\0${c.ns}\0${c.name}`
      known.set(id, [...(known.get(id) ?? []), c])
    }
  }
  const meet = (a: Copy, b: Copy) =>
    a.r.d.facts.version !== b.r.d.facts.version &&
    [[a.version, b.version] as const, [a.ns, b.ns] as const, [a.name, b.name] as const].every(
      ([x, y]) => x === undefined || y === undefined || x === y,
    )
  const fresh = (a: Copy, b: Copy): [Copy, Copy] | undefined => {
    const [x, y] = [a, b].sort((m, n) => m.r.file.localeCompare(n.r.file) || m.r.line - n.r.line)
    const key = `${x!.r.file}\0${x!.r.line}\0${y!.r.file}\0${y!.r.line}`
    if (told.has(key)) return undefined
    told.add(key)
    return [x!, y!]
  }
  for (const group of known.values()) {
    const other = group.find((c) => c.r.d.facts.version !== group[0]!.r.d.facts.version)
    const pair = other && fresh(group[0]!, other)
    if (pair) return pair
  }
  for (const u of unknown) {
    for (const c of copies) {
      const pair = c !== u && meet(u, c) ? fresh(u, c) : undefined
      if (pair) return pair
    }
  }
  return undefined
}

function finding(root: string, [a, b]: [Copy, Copy], to: string): string {
  const at = (f: string) => relative(dirname(root), f) || f
  const id = b.version !== undefined && b.ns !== undefined && b.name !== undefined ? `${b.ns}/${b.name} at ${b.version}` : undefined
  return (
    `TrafficSplit ${b.r.d.name} (${at(b.r.file)}) is also written at ${a.r.d.facts.version} in this tree ` +
    `(${at(a.r.file)}:${a.r.line}; this one at line ${b.r.line}, ${b.r.d.facts.version}): ` +
    (id
      ? `this kustomization renders both as TrafficSplit ${id} once the run moves to ${to}`
      : `this kustomization may render both with one id once the run moves to ${to} (a name or namespace this tool cannot tell)`) +
    ', and kustomize would refuse the two as one id'
  )
}

/** Each kustomization's own step: its affixes and namespace, or opaque when an id through it cannot be told. */
function stepsOf(pl: Planner): (k: string) => Step {
  const memo = new Map<string, Step>()
  return (k) => {
    const known = memo.get(k)
    if (known) return known
    const kz = pl.trees.kustomizations.get(k)
    const opaque =
      !kz ||
      kz.unread !== undefined ||
      mayRename(kz, pl.files) ||
      kz.hazards.some((h) => h.field === 'transformers' || h.field === 'configurations')
    const changers = kz && !opaque ? idChangers(pl, kz) : 'opaque'
    const step: Step =
      changers === 'opaque' ? { p: '', s: '', opaque: true } : { p: kz!.namePrefix, s: kz!.nameSuffix, ns: namespaceOf(kz!), changers }
    memo.set(k, step)
    return step
  }
}

/** A kustomization's `namespace:`: undefined when it sets none (absent, empty, a YAML null), null when not a plain string. */
function namespaceOf(kz: Kustomization): string | null | undefined {
  const contents = kz.doc.contents
  const ns = isMap(contents) ? contents.get('namespace', true) : undefined
  if (ns === undefined || isUnsetField(ns)) return undefined
  return isScalar(ns) && typeof ns.value === 'string' ? ns.value : null
}
