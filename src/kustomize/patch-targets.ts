/**
 * Target checks: which objects of a tree a patch target may select, whether its `version`
 * keeps selecting the same objects once they are converted, and which patches touch a kind
 * other than TrafficSplit that the run converts (their keys move, the patch stops matching).
 */
import type { Target } from '../model.js'
import { VERSIONS } from '../model.js'
import { kindNamed } from '../kinds/registry.js'
import { trafficSplit } from '../kinds/trafficsplit/index.js'
import { versionFor } from '../kinds/kind.js'
import { type PatchTarget, targetsTrafficSplit } from './kustomization.js'
import { anchored, type NameMatch, nameMatcher } from './select.js'
import type { Refuse } from './hazards.js'
import type { TreeOptions } from './types.js'
import { mentionsKind } from '../pipeline/escapes.js'
import { type Changer, type DocFacts, type SelectEnv, type Selector, selects } from './labels.js'

/** The documents of a tree, by node: the names each may have (`all`: any). */
export interface Docs {
  docs: Map<string, Set<string> | 'all'>
}

export function targetFields(t: PatchTarget | undefined): { group?: string; kind?: string } | undefined {
  return t && { group: t.group ? String(t.group.value) : undefined, kind: t.kind }
}

/** Whether `match` may select one of the tree's documents (of `only`, when given). */
export function selectsAny(state: Docs, match: NameMatch, only?: Set<string>): boolean {
  for (const [id, names] of state.docs) {
    if (only && !only.has(id)) continue
    if (match === 'all' || names === 'all' || [...names].some((n) => match.test(n))) return true
  }
  return false
}

/**
 * A target's `version` must select the converted objects exactly when it selected them
 * before: an older version literal moves to `--to` (tree-files.ts), only on a target that
 * selects TrafficSplits alone; any other pattern that matches one side only is refused.
 */
export function checkVersion(
  state: Docs & { older: Set<string>; current: Set<string>; facts: Map<string, DocFacts[]> },
  file: string,
  t: PatchTarget,
  to: Target,
  refuse: Refuse,
  how: { select: Selector; env: (id: string) => SelectEnv; at: (c: Changer) => string },
): void {
  const v = String(t.version!.value)
  // Only the documents this run converts change version under the target.
  if (!selectsAny(state, nameMatcher(t.name), state.older)) return
  const older = VERSIONS.slice(0, VERSIONS.indexOf(to))
  const at = t.version!.range?.[0] ?? 0
  if ((older as readonly string[]).includes(v)) {
    if (!targetsTrafficSplit(t))
      refuse(file, at, `patch target version ${v} may select other kinds than TrafficSplit, so it cannot move to ${to}`)
    else if (selectsAny(state, nameMatcher(t.name), reachable(state, how))) {
      const c = changerOf(state, how, nameMatcher(t.name))
      const why = c ? `, if its label selector selects them (not known here: ${how.at(c)} may change their labels)` : ''
      refuse(file, at, `patch target version ${v} would also select the TrafficSplits already at ${to} once it moves${why}`)
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

/** The documents already at `--to` that a target's namespace and selectors may select (its version aside). */
function reachable(state: Parameters<typeof checkVersion>[0], how: Parameters<typeof checkVersion>[5]): Set<string> {
  const sel = { ...how.select, version: undefined }
  return new Set(
    [...state.current].filter((id) => {
      const facts = state.facts.get(id) ?? []
      return facts.length === 0 || facts.some((f) => selects(sel, f, how.env(id)) !== 'no')
    }),
  )
}

/** The changer that leaves a document at `--to` selected or not, where without it the target would not select it. */
function changerOf(
  state: Parameters<typeof checkVersion>[0],
  how: Parameters<typeof checkVersion>[5],
  match: NameMatch,
): Changer | undefined {
  const sel = { ...how.select, version: undefined }
  for (const id of state.current) {
    const env = how.env(id)
    if (!env.opaque || !selectsAny({ docs: new Map([[id, state.docs.get(id) ?? 'all']]) }, match)) continue
    const facts = state.facts.get(id) ?? []
    if (facts.some((f) => selects(sel, f, { ...env, opaque: undefined }) === 'no' && selects(sel, f, env) === 'unknown')) return env.opaque
  }
  return undefined
}

/** The kind other than TrafficSplit, converted by this run, that a patch targets or holds. */
export function siblingPatched(target: string | undefined, content: string | undefined, opts: TreeOptions): string | undefined {
  const named = [target, ...[...(content ?? '').matchAll(KIND_FIELD)].map((m) => m[1])]
  return named.find((k) => {
    const kind = kindNamed(k)
    return kind !== undefined && kind !== (trafficSplit as unknown) && versionFor(kind, opts) !== undefined
  })
}

/** Whether a patch may write a TrafficSplit: its target names the kind, or its text does, or an unkinded target's patch writes backends. */
export function patchesSplit(target: string | undefined, content: string | undefined): boolean {
  const named = [target, ...[...(content ?? '').matchAll(KIND_FIELD)].map((m) => m[1])]
  // A double-quoted kind may spell the name by escapes (`"Tr\x61fficSplit"`): kustomize reads it so.
  const escaped = [...(content ?? '').matchAll(QUOTED_KIND)].some((m) => mentionsKind(m[1]!, 'TrafficSplit'))
  return named.includes('TrafficSplit') || escaped || (target === undefined && content !== undefined && content.includes('backends'))
}

/** A `kind:` field in a patch's text (YAML or JSON). */
const KIND_FIELD = /["']?kind["']?[ \t]*:[ \t]*["']?([A-Za-z][A-Za-z0-9]*)/g
/** A `kind:` field whose value is double-quoted (its escapes, if any, are read by mentionsKind). */
const QUOTED_KIND = /["']?kind["']?[ \t]*:[ \t]*"((?:[^"\\]|\\[\s\S])*)"/g
