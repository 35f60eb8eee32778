/**
 * An SMI HTTPRouteGroup match as Gateway API HTTPRouteMatches (docs/gateway.md, "A/B
 * splits"). Inside one SMI match every condition must hold (AND); the matches of a split's
 * groups are alternatives (OR), as the matches of one HTTPRoute rule are.
 *
 * - `pathRegex` is anchored at the start only (SMI: "anchored (^) to the beginning of the
 *   URI"), while Gateway API implementations (Linkerd's proxy, Envoy) match the whole path:
 *   it becomes `(?:RE).*`, or stays as written when it already ends in `.*` without `|`.
 * - `methods` become one match per method (a match has one method); `*` or none: no method.
 * - `headers` (a map, or a list of one-entry maps: both wire forms) become header matches.
 *   The meshes that honoured A/B splits (Traefik Mesh: `HeadersRegexp`, Go's
 *   `regexp.MatchString`; NGINX Service Mesh: NGINX's `~`) searched the value for the regex,
 *   while Gateway API matches the whole value: `RE` becomes `.*(?:RE).*` (as written when it
 *   already starts and ends with an unescaped `.*` and has no `|`), so `Firefox` still matches
 *   a real Firefox user agent.
 */
import type { PlainValue } from '../../edit/emit.js'
import type { Problem } from '../../model.js'
import { MAX_RULES, type RouteApis, type RouteKind } from './presets.js'

export const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'])
/** RFC 7230 token (the HTTPHeaderName pattern). */
const HEADER_NAME = /^[\w!#$%&'*+\-.^`|~]+$/
const META = /[\\.^$|?*+()[\]{}]/
const MAX_HEADERS = 16

export type Expanded = { matches: Array<Record<string, PlainValue>>; regexPath: boolean; headerSearch: boolean } | { problem: string }

/** The HTTPRouteMatches of one SMI match; `grpc` allows headers only (GRPCRoute matches). */
export function expandMatch(match: unknown, grpc: boolean): Expanded {
  if (match === null || typeof match !== 'object' || Array.isArray(match)) return { problem: 'a match is not a mapping' }
  const m = match as Record<string, unknown>
  const label = typeof m.name === 'string' ? `match "${m.name}"` : 'a match'
  const headers = readHeaders(m.headers, label)
  if ('problem' in headers) return headers
  const path = m.pathRegex
  if (path !== undefined && path !== null && typeof path !== 'string') return { problem: `${label}: pathRegex is not a string` }
  const methods = m.methods === undefined || m.methods === null ? [] : m.methods
  if (!Array.isArray(methods) || methods.some((x) => typeof x !== 'string'))
    return { problem: `${label}: methods is not a list of strings` }
  const named = (methods as string[]).includes('*') ? [] : (methods as string[])
  const unknown = named.find((x) => !METHODS.has(x))
  if (unknown !== undefined) return { problem: `${label}: method "${unknown}" is not one Gateway API accepts (${[...METHODS].join(', ')})` }
  if (grpc && (path || named.length)) {
    return { problem: `${label}: a GRPCRoute matches gRPC services and methods, not HTTP paths or methods; use --route-kind http` }
  }
  const base: Record<string, PlainValue> = {}
  let regexPath = false
  if (path) {
    const value = endsOpen(path) && !path.includes('|') ? path : `(?:${path}).*`
    if (value.length > 1024) return { problem: `${label}: pathRegex is longer than 1024 characters` }
    base.path = { type: 'RegularExpression', value }
    regexPath = true
  }
  if (headers.list.length) base.headers = headers.list
  const headerSearch = headers.list.length > 0
  if (named.length === 0) return { matches: [base], regexPath, headerSearch }
  return {
    matches: named.map((method) => ({
      ...(base.path ? { path: base.path } : {}),
      method,
      ...(base.headers ? { headers: base.headers } : {}),
    })),
    regexPath,
    headerSearch,
  }
}

function readHeaders(raw: unknown, label: string): { list: PlainValue[] } | { problem: string } {
  if (raw === undefined || raw === null) return { list: [] }
  // Map form `{name: re}`, or the SDK's list of one-entry maps `[{name: re}]`.
  const entries: Array<[string, unknown]> = Array.isArray(raw)
    ? raw.flatMap((e) => (e !== null && typeof e === 'object' && !Array.isArray(e) ? Object.entries(e) : [['', e] as [string, unknown]]))
    : typeof raw === 'object'
      ? Object.entries(raw)
      : [['', raw]]
  const seen = new Set<string>()
  const list: PlainValue[] = []
  for (const [name, value] of entries) {
    if (name === '' || typeof value !== 'string') return { problem: `${label}: headers must map names to strings` }
    if (!HEADER_NAME.test(name) || name.length > 256) return { problem: `${label}: header name "${name}" is not a valid HTTP header name` }
    // Header matches are a map keyed by name, case-insensitively: one condition per name.
    if (seen.has(name.toLowerCase()))
      return { problem: `${label}: header "${name}" appears twice; an HTTPRouteMatch holds one condition per header name` }
    seen.add(name.toLowerCase())
    if (value.length === 0) return { problem: `${label}: header "${name}" value must be 1 to 4096 characters` }
    const searched = searchValue(value)
    if (searched.length > 4096)
      return { problem: `${label}: header "${name}" value must be 1 to 4096 characters once searched anywhere in the value (${searched})` }
    list.push({ name, type: 'RegularExpression', value: searched })
  }
  if (list.length > MAX_HEADERS) return { problem: `${label}: more than ${MAX_HEADERS} headers` }
  return { list }
}

/** A regex that matches a whole value where `re` matched anywhere in it. */
export function searchValue(re: string): string {
  // Open at both ends, or anchored at both (`^…$`, the `$` unescaped), and no alternation: it already means the same.
  if (!re.includes('|') && ((re.startsWith('.*') && endsOpen(re)) || (re.startsWith('^') && endsAnchored(re)))) return re
  return META.test(re) ? `.*(?:${re}).*` : `.*${re}.*`
}

/** Whether a pattern ends in a `$` that is not escaped. */
function endsAnchored(pattern: string): boolean {
  if (!pattern.endsWith('$')) return false
  let slashes = 0
  for (let i = pattern.length - 2; i >= 0 && pattern[i] === '\\'; i--) slashes++
  return slashes % 2 === 0
}

/** Whether a pattern ends in `.*` whose dot is not escaped (`/api/.*` yes, `/foo\\.*` no). */
function endsOpen(pattern: string): boolean {
  if (!pattern.endsWith('.*')) return false
  let slashes = 0
  for (let i = pattern.length - 3; i >= 0 && pattern[i] === '\\'; i--) slashes++
  return slashes % 2 === 0
}

export type Rules = { rules: PlainValue[]; regexPath: boolean; headerSearch: boolean } | { problem: string; code: Problem['code'] }

/**
 * An A/B split: its groups' matches, chunked into rules of at most the per-rule limit (each
 * with the split's backends), then a rule without matches to the root Service, because
 * GAMMA rejects a request no rule matches where SMI sent it to the root Service.
 */
export function abRules(
  groups: readonly unknown[],
  refs: PlainValue[],
  kind: RouteKind,
  apis: RouteApis,
  root: string,
  port: number,
): Rules {
  if (kind === 'tcp')
    return {
      code: 'route-kind',
      problem: `port ${port} takes a TCPRoute, which has no request matches: an A/B split cannot be converted for it`,
    }
  const matches: PlainValue[] = []
  let regexPath = false
  let headerSearch = false
  for (const g of groups) {
    const e = expandMatch(g, kind === 'grpc')
    if ('problem' in e) return { code: 'match-unrepresentable', problem: e.problem }
    matches.push(...e.matches)
    regexPath ||= e.regexPath
    headerSearch ||= e.headerSearch
  }
  const rules: PlainValue[] = []
  for (let i = 0; i < matches.length; i += apis.maxMatchesPerRule)
    rules.push({ matches: matches.slice(i, i + apis.maxMatchesPerRule), backendRefs: refs })
  // Every rule counts toward the route's matches; the catch-all counts one.
  if (rules.length + 1 > MAX_RULES || matches.length + 1 > apis.maxMatchesPerRoute) {
    return {
      code: 'too-many-matches',
      problem:
        `its route groups expand to ${matches.length} matches; a route holds ${MAX_RULES} rules of ${apis.maxMatchesPerRule} ` +
        `and ${apis.maxMatchesPerRoute} matches in all (with the rule for unmatched requests) on ${apis.missing}`,
    }
  }
  rules.push({ backendRefs: [{ name: root, port }] })
  return { rules, regexPath, headerSearch }
}
