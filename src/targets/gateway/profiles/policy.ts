/**
 * A ServiceProfile route's timeout and retries as Linkerd 2.16 and later read them on routes
 * (docs/gateway.md, "ServiceProfiles"): the timeout parsed as Go's time.ParseDuration reads it
 * (Linkerd's validator uses it), written in Linkerd's duration grammar (one integer and a unit,
 * `ms|s|m|h|d`), and the statuses a retryable route retried, from its response classes.
 */
import type { Located } from '../../../kinds/serviceprofile/read.js'

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  μs: 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60000000000n,
  h: 3600000000000n,
}

/** Go's time.ParseDuration, in nanoseconds; undefined when Go refuses the text. */
export function parseGoDuration(text: string): bigint | undefined {
  let s = text
  let negative = false
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s[0] === '-'
    s = s.slice(1)
  }
  if (s === '0') return 0n
  if (s === '') return undefined
  let total = 0n
  while (s !== '') {
    const m = /^(\d*)(?:\.(\d*))?/.exec(s)!
    const [whole, int = '', frac] = m
    if (int === '' && (frac === undefined || frac === '')) return undefined
    s = s.slice(whole.length)
    const u = /^[^0-9.]+/.exec(s)?.[0]
    if (u === undefined) return undefined
    const unit = UNITS[u]
    if (unit === undefined) return undefined
    s = s.slice(u.length)
    let v = BigInt(int || '0') * unit
    if (frac) v += (BigInt(frac) * unit) / 10n ** BigInt(frac.length)
    total += v
    if (total > 9223372036854775807n) return undefined
  }
  return negative ? -total : total
}

const MS = 1000000n
/** Linkerd's units, largest first, in milliseconds. */
const LINKERD_UNITS: Array<[string, bigint]> = [
  ['d', 86400000n],
  ['h', 3600000n],
  ['m', 60000n],
  ['s', 1000n],
  ['ms', 1n],
]

/** A duration in Linkerd's grammar (one integer, one unit), rounded up to a whole millisecond. */
export function linkerdDuration(ns: bigint): { text: string; rounded: boolean } {
  const ms = (ns + MS - 1n) / MS
  const rounded = ms * MS !== ns
  for (const [unit, size] of LINKERD_UNITS) if (ms % size === 0n && ms >= size) return { text: `${ms / size}${unit}`, rounded }
  return { text: `${ms}ms`, rounded }
}

/**
 * A duration for `rules[].timeouts.request`: one unit (Linkerd 2.20 reads no more) of
 * `h|m|s|ms`, at most 99999 of it (Gateway API's pattern), rounded up.
 */
export function gatewayDuration(ns: bigint): { text: string; rounded: boolean } | undefined {
  const ms = (ns + MS - 1n) / MS
  for (const [unit, size] of LINKERD_UNITS.slice(1)) {
    if (ms % size === 0n && ms / size <= 99999n && ms >= size) return { text: `${ms / size}${unit}`, rounded: ms * MS !== ns }
  }
  for (const [unit, size] of LINKERD_UNITS.slice(1).reverse()) {
    const n = (ms + size - 1n) / size
    if (n <= 99999n) return { text: `${n}${unit}`, rounded: true }
  }
  return undefined
}

/** Linkerd's duration grammar, as its policy controller parses annotations (one integer, one unit, or bare 0). */
export function linkerdParses(text: string): bigint | undefined {
  const t = text.trim()
  if (t === '0') return 0n
  const m = /^(\d+)(ms|[smhd])$/.exec(t)
  if (!m) return undefined
  const size = LINKERD_UNITS.find(([u]) => u === m[2])![1]
  return BigInt(m[1]!) * size * MS
}

export type StatusProblem = { offset: number; message: string }

/**
 * Whether a response status is a failure to the profile: the first class whose condition
 * matches it decides, else 5xx (the proxy's classifier).
 */
export function failureStatuses(classes: Located | undefined): { statuses: number[] } | { problem: StatusProblem } {
  const list = classes?.seq ?? []
  const conds: Array<{ match: (s: number) => boolean; failure: boolean }> = []
  for (const c of list) {
    const cond = c.map?.condition
    if (!cond) return { problem: { offset: c.offset, message: 'a response class has no condition' } }
    const m = responseMatch(cond, 0)
    if ('problem' in m) return m
    const isFailure = c.map?.isFailure?.value
    conds.push({ match: m.match, failure: isFailure === true })
  }
  const out: number[] = []
  for (let s = 100; s <= 599; s++) {
    const hit = conds.find((c) => c.match(s))
    if (hit ? hit.failure : s >= 500) out.push(s)
  }
  return { statuses: out }
}

function responseMatch(cond: Located, depth: number): { match: (s: number) => boolean } | { problem: StatusProblem } {
  if (!cond.map || depth > 32) return { problem: { offset: cond.offset, message: 'a response condition is a mapping' } }
  const parts: Array<(s: number) => boolean> = []
  for (const [key, v] of Object.entries(cond.map)) {
    if (key === 'status') {
      const min = v.map?.min?.value
      const max = v.map?.max?.value
      if (typeof min !== 'number' || typeof max !== 'number')
        return {
          problem: {
            offset: v.offset,
            message:
              'a status with one bound: Linkerd documents it as that one status, but its proxy drops the class; write both min and max',
          },
        }
      if (min < 100 || max > 599 || min > max)
        return { problem: { offset: v.offset, message: `status ${min}-${max} is not within 100-599` } }
      parts.push((s) => s >= min && s <= max)
    } else if (key === 'all' || key === 'any') {
      const subs: Array<(s: number) => boolean> = []
      for (const item of v.seq ?? []) {
        const r = responseMatch(item, depth + 1)
        if ('problem' in r) return r
        subs.push(r.match)
      }
      parts.push(key === 'all' ? (s) => subs.every((f) => f(s)) : (s) => subs.some((f) => f(s)))
    } else if (key === 'not') {
      const inner = v.seq ? v.seq[0] : v
      if (!inner || (v.seq && v.seq.length !== 1)) return { problem: { offset: v.offset, message: 'not holds one condition' } }
      const r = responseMatch(inner, depth + 1)
      if ('problem' in r) return r
      parts.push((s) => !r.match(s))
    } else return { problem: { offset: v.offset, message: `unknown response condition field ${key}` } }
  }
  if (parts.length === 0) return { problem: { offset: cond.offset, message: 'a response condition needs a field' } }
  return { match: (s) => parts.every((f) => f(s)) }
}

/** The statuses as `retry.linkerd.io/http` lists them: `5xx` for 500-599, else ranges, comma-separated, no spaces. */
export function statusList(statuses: readonly number[]): string {
  const ranges: Array<[number, number]> = []
  for (const s of statuses) {
    const last = ranges[ranges.length - 1]
    if (last && last[1] === s - 1) last[1] = s
    else ranges.push([s, s])
  }
  return ranges.map(([a, b]) => (a === 500 && b === 599 ? '5xx' : a === b ? String(a) : `${a}-${b}`)).join(',')
}

/** `retry.linkerd.io/http` as Linkerd's policy controller reads it: the statuses it retries, or undefined if it refuses the text. */
export function parseStatusList(text: string): Set<number> | undefined {
  const out = new Set<number>()
  for (const part of text.split(',')) {
    const p = part.toLowerCase()
    if (p === '5xx') for (let s = 500; s <= 599; s++) out.add(s)
    else if (p === 'gateway-error') for (let s = 502; s <= 504; s++) out.add(s)
    else {
      const m = /^(\d{3})(?:-(\d{3}))?$/.exec(p)
      if (!m) return undefined
      const a = Number(m[1])
      const b = m[2] === undefined ? a : Number(m[2])
      if (a < 100 || b > 599 || a > b) return undefined
      for (let s = a; s <= b; s++) out.add(s)
    }
  }
  return out
}
