/**
 * Linkerd's two regex tests, both on Rust's `regex` crate, here on RE2 (@bufbuild/re2): the
 * same syntax family (no look-around, no backreferences: a pattern either refuses is one the
 * other refuses, for the patterns the tests write) and the same leftmost-first semantics.
 */
import { RE2JS } from '@bufbuild/re2'

const compiled = new Map<string, RE2JS | null>()

/** The pattern compiled, or null where Rust's `regex` (and RE2) refuse it (look-ahead, backreferences, …). */
export function compile(source: string): RE2JS | null {
  if (compiled.has(source)) return compiled.get(source)!
  let r: RE2JS | null
  try {
    r = RE2JS.compile(source)
  } catch {
    r = null
  }
  compiled.set(source, r)
  return r
}

/**
 * A ServiceProfile `pathRegex` as the proxy reads it: trimmed, `^` prepended and `$` appended
 * where missing, then `is_match` (a search) on the path; a pattern that does not compile drops
 * the match (linkerd2-proxy@29637b64f:linkerd/service-profiles/src/proto.rs `convert_req_match`).
 * Returns null for a pattern that does not compile.
 */
export function profilePathMatcher(pathRegex: string): ((path: string) => boolean) | null {
  const r = pathRegex.trim()
  const re = compile(`${r.startsWith('^') ? '' : '^'}${r}${r.endsWith('$') ? '' : '$'}`)
  return re ? (path) => re.test(path) : null
}

/**
 * A route's RegularExpression path match as the proxy tests it: `find` (leftmost-first), then
 * the match must start at 0 and end at the path's end
 * (linkerd2-proxy@29637b64f:linkerd/http/route/src/http/match/path.rs `match_length`).
 * A pattern anchored at both ends without a top-level `|` makes that "a full match exists"
 * (RE2's testExact); otherwise the leftmost-first match is taken from JavaScript's engine,
 * which prefers alternatives and quantifiers the same way, once RE2 accepted the syntax.
 */
export function routeRegexFullMatch(value: string, path: string): boolean | null {
  const re = compile(value)
  if (!re) return null
  if (value.startsWith('^') && endsWithAnchor(value) && !topLevelBar(value)) return re.testExact(path)
  let js: RegExp
  try {
    js = new RegExp(value, 'y')
  } catch {
    return re.testExact(path)
  }
  const m = js.exec(path)
  return m !== null && m.index === 0 && m[0].length === path.length
}

function endsWithAnchor(v: string): boolean {
  if (!v.endsWith('$')) return false
  let slashes = 0
  for (let i = v.length - 2; i >= 0 && v[i] === '\\'; i--) slashes++
  return slashes % 2 === 0
}

/** Whether a `|` stands outside every group and class. */
export function topLevelBar(v: string): boolean {
  let depth = 0
  let inClass = false
  for (let i = 0; i < v.length; i++) {
    const c = v[i]
    if (c === '\\') {
      i++
      continue
    }
    if (inClass) {
      if (c === ']') inClass = false
      continue
    }
    if (c === '[') inClass = true
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) return true
  }
  return false
}
