/**
 * A ServiceProfile request condition as HTTPRouteMatches: a disjunction of terms, each at most
 * one method and one path (Gateway API ANDs the fields of one match and ORs the matches of a
 * rule). `all` is a product, `any` a union, `not` over methods the other methods; what no match
 * can say (`not` over a path, two different paths ANDed) is refused at its field.
 */
import type { Diagnostic, Problem } from '../../../model.js'
import type { Located } from '../../../kinds/serviceprofile/read.js'
import { type PathReading, translatePath } from './paths.js'

/** The methods an HTTPRouteMatch can name (Gateway API's enum). */
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'CONNECT', 'OPTIONS', 'TRACE', 'PATCH'] as const

export interface Term {
  method?: string
  path?: PathReading & { source: string; offset: number }
}

export type Terms = Term[]

export interface ConditionContext {
  findings: Diagnostic[]
  /** The route's name, for messages. */
  route: string
}

type Result = { terms: Terms } | { problem: Problem }

const FIELDS = new Set(['method', 'pathRegex', 'all', 'any', 'not'])

export function conditionTerms(cond: Located, ctx: ConditionContext, depth = 0): Result {
  if (!cond.map) return fail(cond.offset, 'invalid-structure', `route ${q(ctx.route)}: a condition is a mapping`)
  if (depth > 32) return fail(cond.offset, 'match-unrepresentable', `route ${q(ctx.route)}: conditions nested too deep`)
  const parts: Terms[] = []
  const keys = Object.keys(cond.map)
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
  for (const key of keys) {
    const field = cond.map[key]!
    const r = fieldTerms(key, field, ctx, depth)
    if ('problem' in r) return r
    parts.push(r.terms)
  }
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
    return { terms: [{ path: { ...translatePath(field.value), source: field.value, offset: field.offset } }] }
  }
  if (key === 'not') return notTerms(field, ctx, depth)
  const items = field.seq
  if (!items) return fail(field.offset, 'invalid-structure', `route ${q(ctx.route)}: ${key} is not a list`)
  const subs: Terms[] = []
  for (const item of items) {
    const r = conditionTerms(item, ctx, depth + 1)
    if ('problem' in r) return r
    subs.push(r.terms)
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
  const r = conditionTerms(inner, ctx, depth + 1)
  if ('problem' in r) return r
  const withPath = r.terms.find((t) => t.path)
  if (withPath)
    return fail(
      withPath.path!.offset,
      'match-unrepresentable',
      `route ${q(ctx.route)}: not over a pathRegex cannot be written as an HTTPRoute match (a path match has no complement): rewrite the routes so that the path is matched positively`,
    )
  // Only methods (or everything, a term without a method) remain.
  const all = r.terms.some((t) => t.method === undefined)
  const negated = new Set(r.terms.map((t) => t.method))
  const others = all ? [] : METHODS.filter((m) => !negated.has(m))
  ctx.findings.push({
    severity: 'warning',
    code: 'sp-not-method',
    offset: field.offset,
    message: `route ${q(ctx.route)}: not over ${[...negated].filter(Boolean).join(', ') || 'every request'} becomes ${others.length ? others.join(', ') : 'no match'}; a method outside Gateway API's nine (PURGE, a WebDAV method) matched the profile's route and matches none of the new ones`,
  })
  return { terms: others.map((m) => ({ method: m })) }
}

/** The product of two disjunctions; a term with two different methods matches nothing and is dropped. */
function and(a: Terms, b: Terms, ctx: ConditionContext): Result {
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
      out.push(t)
    }
  }
  return { terms: out }
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
