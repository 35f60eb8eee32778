/**
 * A ServiceProfile `pathRegex` as an HTTPRoute path match, exactly as Linkerd's proxy reads
 * both (docs/gateway.md, "ServiceProfiles"). The proxy trims the regex, adds `^` unless it
 * starts with one and `$` unless it ends with one, and asks whether it matches anywhere in the
 * path; an HTTPRoute RegularExpression must match the whole path. So a literal becomes an
 * Exact match, an anchored regex without a top-level `|` stays as the proxy compiles it, and
 * anything else (a top-level alternation, an escaped `\$` at the end) is wrapped so that the
 * whole path matches exactly when the proxy's search found a match.
 */

export interface PathMatch {
  type: 'Exact' | 'RegularExpression'
  value: string
}

export interface PathReading {
  match: PathMatch
  /** The regex as the proxy compiles it (for messages and the order checks). */
  compiled: string
  /** A top-level `|`: the proxy's anchors bind to the first and last alternatives only. */
  alternation: boolean
}

/** The longest RegularExpression or Exact value Gateway API accepts. */
export const MAX_PATH_VALUE = 1024

/** What the proxy compiles (linkerd2-proxy service-profiles `convert_req_match`). */
export function proxyRegex(pathRegex: string): string {
  const r = pathRegex.trim()
  return `${r.startsWith('^') ? '' : '^'}${r}${r.endsWith('$') ? '' : '$'}`
}

export function translatePath(pathRegex: string): PathReading {
  const compiled = proxyRegex(pathRegex)
  const alternation = topLevelAlternation(compiled)
  const anchoredEnd = endsWithAnchor(compiled)
  if (!alternation && anchoredEnd) {
    const literal = literalText(compiled.slice(1, -1))
    if (literal !== undefined && exactPathOk(literal)) return { match: { type: 'Exact', value: literal }, compiled, alternation }
    return { match: { type: 'RegularExpression', value: compiled }, compiled, alternation }
  }
  // The proxy searches: some match anywhere in the path. As a whole-path match, exactly that.
  return { match: { type: 'RegularExpression', value: `^(?s:.*)(?:${compiled})(?s:.*)$` }, compiled, alternation }
}

/** Whether the regex ends with an unescaped `$` (an even number of backslashes before it). */
function endsWithAnchor(re: string): boolean {
  if (!re.endsWith('$')) return false
  let n = 0
  for (let i = re.length - 2; i >= 0 && re[i] === '\\'; i--) n++
  return n % 2 === 0
}

/** A `|` outside groups and classes. */
export function topLevelAlternation(re: string): boolean {
  let depth = 0
  let cls = 0
  for (let i = 0; i < re.length; i++) {
    const c = re[i]
    if (c === '\\') {
      i++
      continue
    }
    if (cls > 0) {
      if (c === '[') cls++
      else if (c === ']' && re[i - 1] !== '[' && !(re[i - 1] === '^' && re[i - 2] === '[')) cls--
      continue
    }
    if (c === '[') cls = 1
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === '|' && depth === 0) return true
  }
  return false
}

const META = new Set(['.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$'])

/** The text a regex body matches when it has no metacharacter (escapes of punctuation only), else undefined. */
export function literalText(body: string): string | undefined {
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c === '\\') {
      const next = body[i + 1]
      if (next === undefined || /[A-Z0-9\s]/i.test(next) || next.charCodeAt(0) > 127) return undefined
      out += next
      i++
    } else if (META.has(c)) return undefined
    else out += c
  }
  return out
}

/** The CEL rules of an Exact path value (Gateway API HTTPPathMatch). */
export function exactPathOk(v: string): boolean {
  if (!v.startsWith('/') || v.length > MAX_PATH_VALUE) return false
  if (['//', '/./', '/../', '%2f', '%2F', '#'].some((s) => v.includes(s))) return false
  if (v.endsWith('/..') || v.endsWith('/.')) return false
  return /^(?:[-\w/.~!$&'()*+,;=:@]|%[0-9a-f]{2})+$/i.test(v)
}

/** The literal text a compiled regex's match must start with (for telling two paths apart). */
export function literalPrefix(compiled: string): string {
  if (!compiled.startsWith('^')) return ''
  let out = ''
  for (let i = 1; i < compiled.length; i++) {
    const c = compiled[i]!
    if (c === '\\') {
      const next = compiled[i + 1]
      if (next === undefined || /[A-Z0-9]/i.test(next)) break
      out += next
      i++
      continue
    }
    if (META.has(c)) {
      // A quantifier makes the last character optional or repeated.
      if (c === '?' || c === '*' || c === '{') out = out.slice(0, -1)
      break
    }
    out += c
  }
  return out
}
