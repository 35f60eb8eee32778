/**
 * A ServiceProfile request condition as HTTPRouteMatches: a disjunction of terms, each at most
 * one method and one path (Gateway API ANDs the fields of one match and ORs the matches of a
 * rule). `all` is a product, `any` a union, `not` over methods the other methods; what no match
 * can say (`not` over a path, two different paths ANDed) is refused at its field.
 */
import type { Diagnostic, Problem } from '../../../model.js'
import type { Located } from '../../../kinds/serviceprofile/read.js'
import { type PathReading, proxyRegex, translatePath } from './paths.js'
import { rustRegex } from './rust-regex.js'

/** The methods an HTTPRouteMatch can name (Gateway API's enum). */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] as const

export interface Term {
  method?: string
  path?: PathReading & { source: string; offset: number }
  /**
   * The method came from a `not` over methods, which also matched the methods outside Gateway
   * API's nine: the warning that says so, given only when such a term is left in the route.
   */
  outside?: Diagnostic
}

export type Terms = Term[]

export interface ConditionContext {
  findings: Diagnostic[]
  /** The route's name, for messages. */
  route: string
}

/** `dropped`: Linkerd's proxy could not compile a regex in it and left the condition out (the regex, for messages). */
type Result = { terms: Terms } | { problem: Problem } | { dropped: string }

const FIELDS = new Set(['method', 'pathRegex', 'all', 'any', 'not'])

/** A route's condition as terms; a `not` over methods that the rest of the condition leaves unbounded is warned of once. */
export function conditionTerms(cond: Located, ctx: ConditionContext): Result {
  const r = termsOf(cond, ctx, 0)
  if (!('terms' in r)) return r
  // A term without a method or a path still matches every request, PURGE included: nothing is lost then.
  const all = r.terms.some((t) => t.method === undefined && t.path === undefined)
  const lost = all ? [] : r.terms.flatMap((t) => (t.outside ? [t.outside] : []))
  for (const d of lost.filter((d, i) => lost.indexOf(d) === i)) ctx.findings.push(d)
  return { terms: r.terms.map(({ outside: _, ...t }) => t) }
}

function termsOf(cond: Located, ctx: ConditionContext, depth: number): Result {
  if (!cond.map) return fail(cond.offset, 'invalid-structure', `route ${q(ctx.route)}: a condition is a mapping`)
  if (depth > 32) return fail(cond.offset, 'match-unrepresentable', `route ${q(ctx.route)}: conditions nested too deep`)
  const parts: Terms[] = []
  // Linkerd's destination service reads an empty string or a null list as unset (profile_translator.go `toRequestMatch`).
  const keys = Object.keys(cond.map).filter((k) => !unset(cond.map![k]!.value))
  const unknown = keys.find((k) => !FIELDS.has(k))
  if (unknown)
    return fail(
      cond.map[unknown]!.offset,
      'invalid-structure',
      `route ${q(ctx.route)}: unknown condition field ${unknown} (Linkerd's validator refuses it)`,
    )
  if (keys.length === 0)
    return fail(
      cond.offset,
      'invalid-structure',
      `route ${q(ctx.route)}: a condition needs at least one field (Linkerd's validator refuses it)`,
    )
  let dropped: string | undefined
  for (const key of keys) {
    const field = cond.map[key]!
    const r = fieldTerms(key, field, ctx, depth)
    if ('problem' in r) return r
    // One field is the condition itself; several are an `all`, from which the proxy leaves a dropped one out.
    if ('dropped' in r) dropped = r.dropped
    else parts.push(r.terms)
  }
  if (dropped !== undefined && keys.length === 1) return { dropped }
  if (dropped !== undefined) droppedNote(cond, ctx, dropped)
  let acc: Terms = [{}]
  for (const p of parts) {
    const r = and(acc, p, ctx)
    if ('problem' in r) return r
    acc = r.terms
  }
  return { terms: dedupe(acc) }
}

function fieldTerms(key: string, field: Located, ctx: ConditionContext, depth: number): Result {
  if (key === 'method') return methodTerm(field, ctx)
  if (key === 'pathRegex') {
    if (typeof field.value !== 'string') return fail(field.offset, 'invalid-structure', `route ${q(ctx.route)}: pathRegex is not a string`)
    return pathTerm(field.value, field.offset, ctx)
  }
  if (key === 'not') return notTerms(field, ctx, depth)
  const items = field.seq
  if (!items) return fail(field.offset, 'invalid-structure', `route ${q(ctx.route)}: ${key} is not a list`)
  const subs: Terms[] = []
  for (const item of items) {
    const r = termsOf(item, ctx, depth + 1)
    if ('problem' in r) return r
    // The proxy leaves a dropped item out of the list (an empty `all` matches every request, an empty `any` none).
    if ('dropped' in r) droppedNote(item, ctx, r.dropped)
    else subs.push(r.terms)
  }
  if (key === 'any') return { terms: dedupe(subs.flat()) }
  let acc: Terms = [{}]
  for (const s of subs) {
    const r = and(acc, s, ctx)
    if ('problem' in r) return r
    acc = r.terms
  }
  return { terms: acc }
}

function methodTerm(field: Located, ctx: ConditionContext): Result {
  if (typeof field.value !== 'string') return fail(field.offset, 'invalid-structure', `route ${q(ctx.route)}: method is not a string`)
  // Linkerd upper-cases it (pkg/util ParseMethod).
  const m = field.value.toUpperCase()
  if (!(METHODS as readonly string[]).includes(m))
    return fail(
      field.offset,
      'match-unrepresentable',
      `route ${q(ctx.route)}: method ${field.value} cannot be matched by an HTTPRoute (only ${METHODS.join(', ')})`,
    )
  return { terms: [{ method: m }] }
}

/** `not`: an object (Linkerd's type and validator) or a one-item list (its CRD's schema). */
function notTerms(field: Located, ctx: ConditionContext, depth: number): Result {
  let inner = field
  if (field.seq) {
    if (field.seq.length !== 1)
      return fail(
        field.offset,
        'match-unrepresentable',
        `route ${q(ctx.route)}: not holds ${field.seq.length} conditions; write one (an object)`,
      )
    inner = field.seq[0]!
  }
  const r = termsOf(inner, ctx, depth + 1)
  if ('problem' in r || 'dropped' in r) return r
  const withPath = r.terms.find((t) => t.path)
  if (withPath)
    return fail(
      withPath.path!.offset,
      'match-unrepresentable',
      `route ${q(ctx.route)}: not over a pathRegex cannot be written as an HTTPRoute match (a path match has no complement): rewrite the routes so that the path is matched positively`,
    )
  // not over no request (`any: []`) is every request, whatever its method.
  if (r.terms.length === 0) return { terms: [{}] }
  // Only methods (or everything, a term without a method) remain.
  const all = r.terms.some((t) => t.method === undefined)
  const negated = new Set(r.terms.map((t) => t.method))
  const others = all ? [] : METHODS.filter((m) => !negated.has(m))
  const outside: Diagnostic = {
    severity: 'warning',
    code: 'sp-not-method',
    offset: field.offset,
    message: `route ${q(ctx.route)}: not over ${[...negated].filter(Boolean).join(', ')} becomes ${others.join(', ')}; a method outside Gateway API's nine (PURGE, a WebDAV method) matched the profile's route and matches none of the new ones`,
  }
  return { terms: others.map((m) => ({ method: m, outside })) }
}

/** The product of two disjunctions; a term with two different methods matches nothing and is dropped. */
function and(a: Terms, b: Terms, ctx: ConditionContext): { terms: Terms } | { problem: Problem } {
  const out: Terms = []
  for (const x of a) {
    for (const y of b) {
      if (x.method && y.method && x.method !== y.method) continue
      if (x.path && y.path && x.path.compiled !== y.path.compiled)
        return fail(
          y.path.offset,
          'match-unrepresentable',
          `route ${q(ctx.route)}: pathRegex ${y.path.source} ANDed with pathRegex ${x.path.source}: an HTTPRoute match holds one path; write one regex for both`,
        )
      const t: Term = {}
      const method = x.method ?? y.method
      const path = x.path ?? y.path
      if (method) t.method = method
      if (path) t.path = path
      // A method of its own beside the complement bounds the term to one of the nine.
      const outside = x.method && y.method ? (x.outside && y.outside ? x.outside : undefined) : (x.outside ?? y.outside)
      if (outside) t.outside = outside
      out.push(t)
    }
  }
  return { terms: out }
}

function droppedNote(at: Located, ctx: ConditionContext, regex: string): void {
  ctx.findings.push({
    severity: 'warning',
    code: 'sp-regex-invalid',
    offset: at.offset,
    message: `route ${q(ctx.route)}: pathRegex ${regex} is not a regex Linkerd's proxy compiles (${whyRefused(regex)}; Rust's regex has no look-around, backreferences or atomic groups), so the proxy left it out of the condition, and so do the routes`,
  })
}

/** What Linkerd reads as an unset field: an empty string or null. */
function unset(v: unknown): boolean {
  return v === null || v === ''
}

/**
 * A pathRegex as a path term. The proxy compiles it anchored (`proxyRegex`) and drops the
 * condition when its regex crate refuses it; a regex this reader cannot judge (a Unicode
 * property it cannot confirm, the compiled size limit) is left for a person. The value written
 * must compile too: Linkerd's admission refuses the HTTPRoute otherwise.
 */
function pathTerm(regex: string, offset: number, ctx: ConditionContext): Result {
  const compiled = rustRegex(proxyRegex(regex))
  if (!compiled.ok && compiled.sure) return { dropped: regex }
  if (!compiled.ok) return unjudged(offset, ctx, regex, compiled.why)
  const reading = translatePath(regex)
  if (reading.match.type === 'RegularExpression') {
    const written = rustRegex(reading.match.value)
    if (!written.ok)
      return fail(
        offset,
        'match-unrepresentable',
        `route ${q(ctx.route)}: pathRegex ${regex} cannot be written as a whole-path RegularExpression Linkerd accepts (${written.why}); rewrite it so that it matches the whole path`,
      )
  }
  return { terms: [{ path: { ...reading, source: regex, offset } }] }
}

/** The regex crate's reason for refusing a pathRegex, as the proxy compiles it. */
function whyRefused(regex: string): string {
  const v = rustRegex(proxyRegex(regex))
  return v.ok ? 'refused' : v.why
}

function unjudged(offset: number, ctx: ConditionContext, regex: string, why: string): { problem: Problem } {
  return {
    problem: {
      code: 'sp-regex-invalid',
      offset,
      leave: true,
      message: `route ${q(ctx.route)}: whether Linkerd's proxy compiles pathRegex ${regex} is not known (${why}): if it does not, the proxy left it out of the condition; rewrite it plainly, or convert the profile by hand`,
    },
  }
}

function dedupe(terms: Terms): Terms {
  const seen = new Set<string>()
  return terms.filter((t) => {
    const key = `${t.method ?? ''} ${t.path?.compiled ?? ''}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function fail(offset: number, code: Problem['code'], message: string): { problem: Problem } {
  return { problem: { code, offset, message } }
}

export function q(s: string): string {
  return JSON.stringify(s)
}
