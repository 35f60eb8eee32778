/**
 * The patches of a kustomization that may change an object's kustomize id (ids.ts), and which
 * objects each may do it to. A JSON 6902 operation on `/metadata/name`, `/metadata/namespace` or
 * `/metadata`, or a patch with `allowNameChange`, changes only what its target selects (kind,
 * group, version, name, namespace, each a pattern kustomize anchors; a label or annotation
 * selector is not read here: it may select), or, a strategic-merge patch without a target, the
 * objects its documents name. A rename of a Deployment leaves every TrafficSplit id as it is.
 * What may change a kind or apiVersion (an operation on `/kind`, `/apiVersion` or the whole
 * object, `allowKindChange`, operations not read here) may make any object a TrafficSplit: the
 * whole level is `opaque`.
 */
import { parse } from 'yaml'
import type { Planner } from './context.js'
import type { Kustomization, PatchEntry } from './kustomization.js'
import { readOps } from './json6902.js'
import { smpMaySelectTrafficSplit, smpNames } from './labels.js'
import { mayMatch, maySelectTrafficSplit, nameMatcher, type NameMatch } from './select.js'

/** An object's id at one level, as kustomize may select it: every name, namespace and version it may be matched by (undefined: not known). */
export interface Seen {
  names?: readonly string[]
  namespaces?: readonly string[]
  versions: readonly string[]
}

/** Whether a patch may rename (or move to another namespace) an object seen so. */
export type IdChanger = (seen: Seen) => boolean

/** A kustomization's own id changers, or `opaque` when any id through it cannot be told. */
export function idChangers(pl: Planner, kz: Kustomization): IdChanger[] | 'opaque' {
  const out: IdChanger[] = []
  // An option spelled where the entries do not show it (an entry not read as a map) may apply to anything.
  const flagged = kz.patches.some((p) => p.allows?.name || p.allows?.kind)
  if (!flagged && /allow\W*(name|kind)\W*change/i.test(kz.text)) return 'opaque'
  for (const p of kz.patches) {
    const text = p.inline ? String(p.inline.value) : p.file && pl.files.isFile(p.file) ? pl.files.read(p.file) : undefined
    const ops = text !== undefined && readOps(text) ? opsChange(text) : 'none'
    if (ops === 'kind' || p.allows?.kind) return 'opaque'
    if (ops === 'none' && !p.allows?.name) continue
    if (p.target) out.push(targetChanger(p))
    else if (ops === 'name' || text === undefined) return 'opaque'
    else if (smpMaySelectTrafficSplit(text)) out.push(namesChanger(smpNames(text)))
  }
  return out
}

/** Whether an object seen so may be selected by a patch's target. */
function targetChanger(p: PatchEntry): IdChanger {
  const t = p.target!
  if (!maySelectTrafficSplit({ group: t.group ? String(t.group.value) : undefined, kind: t.kind })) return () => false
  const version = t.version ? String(t.version.value) : undefined
  const names = namesChanger(nameMatcher(t.name))
  return (seen) =>
    seen.versions.some((v) => mayMatch(version, v)) &&
    (seen.namespaces === undefined || seen.namespaces.some((n) => mayMatch(t.namespace, n))) &&
    names(seen)
}

function namesChanger(match: NameMatch): IdChanger {
  return (seen) => match === 'all' || seen.names === undefined || seen.names.some((n) => match.test(n))
}

/** What a list of JSON 6902 operations may change of an object's id: its kind (or anything), its name or namespace, or none. */
function opsChange(text: string): 'kind' | 'name' | 'none' {
  let ops: unknown
  try {
    ops = parse(text.replace(/^\uFEFF/, ''), { uniqueKeys: false })
  } catch {
    return 'kind'
  }
  if (!Array.isArray(ops)) return 'kind'
  let out: 'name' | 'none' = 'none'
  for (const op of ops as unknown[]) {
    if (typeof op !== 'object' || op === null) return 'kind'
    const { path, from } = op as { path?: unknown; from?: unknown }
    if (typeof path !== 'string') return 'kind'
    for (const x of [path, from]) {
      if (typeof x !== 'string') continue
      if (KIND_PATH.test(x)) return 'kind'
      if (NAME_PATH.test(x)) out = 'name'
    }
  }
  return out
}

/** A JSON pointer that is, or holds, an object's kind or apiVersion. */
const KIND_PATH = /^\/?$|^\/(kind|apiVersion)(\/|$)/
/** A JSON pointer that is, or holds, an object's name or namespace. */
const NAME_PATH = /^\/metadata$|^\/metadata\/(name|namespace)(\/|$)/
