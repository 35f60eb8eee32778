/**
 * Where Linkerd's choice among HTTPRoutes differs from a ServiceProfile's: the profile takes
 * the first route in list order that matches; Linkerd takes the longest path match (an Exact
 * or RegularExpression path counts the whole path, no path counts 1, for `/`), then a method
 * over none, then the oldest route, then the name. A pair of routes that a request may match
 * both of, where the later one may win now, is warned, naming both.
 */
import type { Diagnostic } from '../../../model.js'
import type { Term } from './conditions.js'
import { literalPrefix, topLevelAlternation } from './paths.js'
import { mayMatch as regexMayMatch, provenDisjoint } from './regex-overlap.js'

export interface OrderedRoute {
  /** The profile route's name. */
  source: string
  /** The HTTPRoute's name (ties go by name when created together). */
  name: string
  terms: Term[]
  offset: number
}

/**
 * `catchAll`: the catch-all's name, and whether it is already in the input (older than every route
 * this run writes); `written`: the `name source` pairs of the profile's routes already in the input as
 * smi-migrate wrote them (a rerun): applied with the catch-all, or after it was held, so no younger.
 */
export function orderFindings(
  routes: readonly OrderedRoute[],
  catchAll: { name: string; older: boolean; written?: ReadonlySet<string> },
): Diagnostic[] {
  const out: Diagnostic[] = []
  for (let j = 1; j < routes.length; j++) {
    for (let i = 0; i < j; i++) {
      const a = routes[i]!
      const b = routes[j]!
      const why = firstFlip(a, b)
      if (why)
        out.push({
          severity: 'warning',
          code: 'sp-order',
          offset: b.offset,
          message: `route ${JSON.stringify(b.source)} (${b.name}) may now take requests the profile sent to the earlier route ${JSON.stringify(a.source)} (${a.name}): ${why}`,
        })
    }
  }
  const { name: all } = catchAll
  for (const r of routes) {
    const tie = r.terms.find((t) => !t.method && (!t.path || mayMatch(t.path, '/')))
    const older = catchAll.older && !catchAll.written?.has(`${r.name} ${r.source}`)
    if (tie && (older || all < r.name))
      out.push({
        severity: 'warning',
        code: 'sp-order',
        offset: r.offset,
        message:
          `route ${JSON.stringify(r.source)} (${r.name}) ties with the catch-all route ${all} on ${tie.path ? '/' : 'every request'}, and Linkerd breaks the tie by age, then name: ` +
          (older ? `${all} is already in the input, older than the routes this run writes, and takes them` : `${all} may take them`),
      })
  }
  return out
}

function firstFlip(a: OrderedRoute, b: OrderedRoute): string | undefined {
  for (const x of a.terms) {
    for (const y of b.terms) {
      if (!overlap(x, y)) continue
      if (!x.path && y.path) return 'a path match beats a match without one'
      if (Boolean(x.path) === Boolean(y.path) && !x.method && y.method) return 'with paths alike, a method beats none'
      if (x.path && !y.path && mayMatch(x.path, '/')) {
        // On `/` the path match is as long as no path's (1): the method, then the name decide.
        if (!x.method && y.method) return 'on /, a method beats none'
        if (Boolean(x.method) === Boolean(y.method) && b.name < a.name)
          return `on /, they tie, and Linkerd takes the older route, then the first name (${b.name})`
      }
      if (Boolean(x.path) === Boolean(y.path) && Boolean(x.method) === Boolean(y.method) && b.name < a.name)
        return `they tie, and Linkerd takes the older route, then the first name (${b.name})`
    }
  }
  return undefined
}

/** Whether some request may match both terms (true when it cannot be told). */
function overlap(x: Term, y: Term): boolean {
  if (x.method && y.method && x.method !== y.method) return false
  if (!x.path || !y.path) return true
  const [p, q] = [x.path.match, y.path.match]
  if (p.type === 'Exact' && q.type === 'Exact') return p.value === q.value
  if (p.type === 'Exact') return mayMatch(y.path, p.value)
  if (q.type === 'Exact') return mayMatch(x.path, q.value)
  if (!topLevelAlternation(x.path.compiled) && !topLevelAlternation(y.path.compiled)) {
    const [l, m] = [literalPrefix(x.path.compiled), literalPrefix(y.path.compiled)]
    if (!l.startsWith(m) && !m.startsWith(l)) return false
  }
  // Then the slower proof (regex-overlap.ts): "may overlap" unless no path matches both.
  return !provenDisjoint(x.path.compiled, y.path.compiled)
}

/**
 * Whether a path may take `path`: an Exact value is compared; a regex is asked of the reader of
 * Rust's syntax (regex-overlap.ts), which answers true when it cannot read the regex (another
 * engine's reading, such as JavaScript's, differs from Rust's in class set operations and more).
 */
function mayMatch(p: NonNullable<Term['path']>, path: string): boolean {
  if (p.match.type === 'Exact') return p.match.value === path
  return regexMayMatch(p.compiled, path)
}
