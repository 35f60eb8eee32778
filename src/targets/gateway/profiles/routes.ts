/**
 * One ServiceProfile route as the annotations and rules of its HTTPRoute (or GRPCRoute): its
 * matches (conditions.ts), its timeout and retries as Linkerd 2.16+ reads them (policy.ts).
 */
import type { PlainValue } from '../../../edit/emit.js'
import type { Diagnostic, Problem } from '../../../model.js'
import type { Located } from '../../../kinds/serviceprofile/read.js'
import { conditionTerms, q, type Term } from './conditions.js'
import { failureStatuses, gatewayDuration, linkerdDuration, parseGoDuration, statusList } from './policy.js'
import { MAX_PATH_VALUE } from './paths.js'

export interface RouteParts {
  source: string
  offset: number
  terms: Term[]
  annotations: Record<string, string>
  /** `rules[].timeouts.request`, where the release reads it. */
  ruleTimeout?: string
  /** `POST /pkg.Service/Method`: the service and method a GRPCRoute matches. */
  grpc?: { service: string; method: string }
  retryable: boolean
  /** Linkerd's proxy dropped the route (a regex it cannot compile): already reported. */
  dropped?: boolean
}

export interface RouteSettings {
  retryLimit: number
  /** Write `rules[].timeouts.request` too (Gateway API 1.2+, Linkerd 2.20 or another mesh). */
  ruleTimeouts: boolean
}

/**
 * A gRPC method's path, `/<package>.<Service>/<Method>`: the service and the method CamelCase, as
 * protobuf's style has them and `linkerd profile --proto` writes them, so that a REST path
 * (`/api/orders`) is not taken for one. A lower-case gRPC name stays an HTTPRoute, which routes it too.
 */
const GRPC_PATH = /^\/((?:[A-Za-z_]\w*\.)*[A-Z]\w*)\/([A-Z]\w*)$/

export function routeParts(route: Located, settings: RouteSettings, findings: Diagnostic[]): RouteParts | { problem: Problem } {
  const fields = route.map
  if (!fields) return bad(route.offset, 'a route is a mapping')
  const name = fields.name?.value
  if (typeof name !== 'string' || name === '') return bad(route.offset, "a route needs a name (Linkerd's validator refuses it without)")
  const cond = fields.condition
  if (!cond) return bad(route.offset, `route ${q(name)} has no condition (Linkerd's validator refuses it)`)
  const read = conditionTerms(cond, { findings, route: name })
  if ('problem' in read) return read
  if ('dropped' in read)
    findings.push({
      severity: 'warning',
      code: 'sp-regex-invalid',
      offset: cond.offset,
      message: `route ${q(name)}: pathRegex ${read.dropped} is not a regex Linkerd's proxy compiles (Rust's regex: no look-around, backreferences, atomic groups or escapes such as \\Q, \\Z, \\e), so the proxy dropped the route and it never took a request: it gets no route`,
    })
  const terms = 'dropped' in read ? { terms: [], dropped: true } : read
  for (const t of terms.terms) {
    if (t.path && t.path.match.value.length > MAX_PATH_VALUE)
      return {
        problem: {
          code: 'match-unrepresentable',
          offset: t.path.offset,
          message: `route ${q(name)}: the path match would be longer than ${MAX_PATH_VALUE} characters`,
        },
      }
    if (t.path?.alternation)
      findings.push({
        severity: 'warning',
        code: 'sp-regex-alternation',
        offset: t.path.offset,
        message: `route ${q(name)}: pathRegex ${t.path.source} has a top-level |, so Linkerd anchored only its first alternative at the start and its last at the end (${t.path.compiled}); the route matches the same paths, which is rarely what was meant: group it, ^(?:a|b)$`,
      })
  }
  const parts: RouteParts = {
    source: name,
    offset: route.offset,
    terms: terms.terms,
    ...('dropped' in terms ? { dropped: true } : {}),
    annotations: {},
    retryable: fields.isRetryable?.value === true,
  }
  const timeout = timeoutParts(fields.timeout, name, settings, parts, findings)
  if (timeout) return timeout
  const only = terms.terms.length === 1 ? terms.terms[0]! : undefined
  const grpc = only?.method === 'POST' && only.path?.match.type === 'Exact' ? GRPC_PATH.exec(only.path.match.value) : null
  if (grpc && !fields.responseClasses) parts.grpc = { service: grpc[1]!, method: grpc[2]! }
  if (parts.retryable) {
    const failures = failureStatuses(fields.responseClasses)
    if ('problem' in failures) return bad(failures.problem.offset, `route ${q(name)}: ${failures.problem.message}`)
    if (failures.statuses.length === 0) {
      findings.push({
        severity: 'info',
        code: 'sp-retry-budget',
        offset: fields.isRetryable!.offset,
        message: `route ${q(name)} is retryable, but its response classes make no status a failure, so nothing was retried: no retry annotations`,
      })
      parts.retryable = false
    } else {
      parts.annotations['retry.linkerd.io/http'] = statusList(failures.statuses)
      parts.annotations['retry.linkerd.io/limit'] = String(settings.retryLimit)
    }
  }
  return parts
}

function timeoutParts(
  field: Located | undefined,
  name: string,
  settings: RouteSettings,
  parts: RouteParts,
  findings: Diagnostic[],
): { problem: Problem } | undefined {
  if (field === undefined || field.value === null || field.value === '') return undefined
  const ns = typeof field.value === 'string' ? parseGoDuration(field.value) : undefined
  if (ns === undefined)
    return bad(
      field.offset,
      `route ${q(name)}: timeout ${String(field.value)} is not a duration (Go's time.ParseDuration, as Linkerd reads it)`,
    )
  // Linkerd sends no timeout for 0 (profile_translator.go `toDuration`), and the proxy refuses a negative one: none.
  if (ns <= 0n) {
    findings.push({
      severity: 'info',
      code: 'sp-timeout-none',
      offset: field.offset,
      message: `route ${q(name)}: timeout ${String(field.value)} set no timeout in Linkerd, and the route gets none`,
    })
    return undefined
  }
  const d = linkerdDuration(ns)
  parts.annotations['timeout.linkerd.io/request'] = d.text
  const g = settings.ruleTimeouts ? gatewayDuration(ns) : undefined
  if (g) parts.ruleTimeout = g.text
  // Every field written with the timeout says it exactly, or the one finding names each that does not.
  const inexact = [
    ...(d.rounded ? [`timeout.linkerd.io/request ${d.text} (Linkerd's annotations take one integer and a unit)`] : []),
    ...(g?.rounded ? [`rules[].timeouts.request ${g.text} (one unit of h, m, s or ms, at most 99999 of it)`] : []),
    ...(settings.ruleTimeouts && !g ? ['no rules[].timeouts.request (past 99999h, the longest it holds)'] : []),
  ]
  if (inexact.length)
    findings.push({
      severity: 'warning',
      code: 'sp-timeout-rounded',
      offset: field.offset,
      message:
        settings.ruleTimeouts || !d.rounded
          ? `route ${q(name)}: timeout ${String(field.value)} is not written exactly: ${inexact.join(' and ')}, rounded up`
          : `route ${q(name)}: timeout ${String(field.value)} is ${d.text} on the route (Linkerd's annotations take one integer and a unit, rounded up)`,
    })
  return undefined
}

function bad(offset: number, message: string): { problem: Problem } {
  return { problem: { code: 'invalid-structure', offset, message } }
}

/** The HTTPRoute rules of a route's matches, at most `perRule` matches each. */
export function httpRules(terms: readonly Term[], perRule: number, timeout: string | undefined): PlainValue[] {
  const matches: PlainValue[] = terms.map((t) => {
    const m: Record<string, PlainValue> = {}
    if (t.method) m.method = t.method
    if (t.path) m.path = { type: t.path.match.type, value: t.path.match.value }
    return m
  })
  const rules: PlainValue[] = []
  for (let i = 0; i < matches.length; i += perRule) {
    const rule: Record<string, PlainValue> = { matches: matches.slice(i, i + perRule) }
    if (timeout) rule.timeouts = { request: timeout }
    rules.push(rule)
  }
  return rules
}
