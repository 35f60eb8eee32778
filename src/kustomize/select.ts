/**
 * Kustomize selectors as kustomize reads them (api/types/selector.go): every field is a
 * regular expression anchored as `^(?:…)$`, and an empty field selects anything. Go's RE2
 * and JavaScript agree on a plain subset; a pattern outside it is "may match anything", so
 * that the planner over-approximates (a larger shared factor never changes a ratio).
 */
import { SMI_SPLIT_GROUP } from '../model.js'

/** A pattern both engines read alike: literals, `.`, `*`, `+`, `?`, `|`, groups, `{n,m}`, simple classes. */
const PLAIN = /^(?:[\w\-.*+?|()^$]|\\[.\-+*?()|^$]|\{\d+(?:,\d*)?\}|\[\^?(?:[\w.]|[A-Z0-9]-[A-Z0-9]|\\-|-(?=\]))*\])*$/i

/** The anchored regex of a selector field; undefined when it cannot be read exactly (then it may match anything). */
export function anchored(pattern: string): RegExp | undefined {
  if (!PLAIN.test(pattern) || pattern.includes('(?')) return undefined
  // A hostile pattern must not backtrack for hours: no quantified group, at most two open-ended quantifiers.
  if (/\)[*+?{]/.test(pattern) || (pattern.match(/[*+]|\{\d+,\}/g) ?? []).length > 2) return undefined
  try {
    return new RegExp(`^(?:${pattern})$`)
  } catch {
    return undefined
  }
}

/** Whether a selector field (undefined or empty: any) may match `value`. */
export function mayMatch(pattern: string | undefined, value: string): boolean {
  if (pattern === undefined || pattern === '') return true
  const re = anchored(pattern)
  return re ? re.test(value) : true
}

/** Whether a target's group and kind may select an SMI TrafficSplit (its name aside). */
export function maySelectTrafficSplit(t: { group?: string; kind?: string } | undefined): boolean {
  if (!t) return false
  return mayMatch(t.group, SMI_SPLIT_GROUP) && mayMatch(t.kind, 'TrafficSplit')
}

/** A name matcher: `all` for a target without a name or with a pattern read as "anything". */
export type NameMatch = RegExp | 'all'

export function nameMatcher(name: string | undefined): NameMatch {
  if (name === undefined || name === '') return 'all'
  return anchored(name) ?? 'all'
}
