/**
 * ServiceProfiles as Linkerd serves them: which profile a client gets, what the linkerd-smi
 * adaptor wrote into it from a TrafficSplit, and each route's condition, timeout, retries and
 * targets as the destination service translates them and the proxy reads them.
 */
import { type Obj, annotationsOf, CLUSTER_DOMAIN, kindOf, nameOf, ns, upperMethod } from './objects.js'
import { profilePathMatcher } from './regex.js'

/** A request condition as the proxy holds it; `null` where the proxy dropped it. */
export type Cond = (method: string, path: string) => boolean

export interface ProfileRoute {
  name: string
  cond: Cond
  timeoutNs?: bigint
  retries: string
}

export interface Target {
  /** `<namespace>/<service>:<port>`. */
  key: string
  weight: bigint
}

export interface ServedProfile {
  object: string
  routes: ProfileRoute[]
  targets: Target[]
}

export const SKIP = 'smi.linkerd.io/skip'

function isProfile(o: Obj): boolean {
  return kindOf(o) === 'ServiceProfile' && String(o.apiVersion ?? '').startsWith('linkerd.io/')
}

/**
 * The profile of `<service>.<namespace>.svc.<domain>` a client in `client` gets: its own
 * namespace's, else the Service's namespace's (the destination service's primary and backup
 * listeners, linkerd2@b24cd4059:controller/api/destination/fallback_profile_listener.go), with
 * what linkerd-smi wrote into the latter.
 */
export function profileFor(
  objects: readonly Obj[],
  service: string,
  namespace: string,
  client: string,
  port: number,
): ServedProfile | undefined {
  const fqdn = `${service}.${namespace}.svc.${CLUSTER_DOMAIN}`
  const find = (n: string): Obj | undefined => objects.find((o) => isProfile(o) && nameOf(o) === fqdn && ns(o) === n)
  if (client !== namespace) {
    const own = find(client)
    if (own) return serve(own, own.spec?.dstOverrides, port, namespace)
  }
  const producer = find(namespace)
  const split = adaptorOverrides(objects, service, namespace)
  if (!producer) return split ? serve({ metadata: { name: fqdn, namespace } }, split, port, namespace) : undefined
  // The adaptor replaces the dstOverrides of a profile it finds, unless the profile carries the
  // skip annotation (any value): linkerd/linkerd-smi@102c45f9:pkg/adaptor/controller.go syncHandler,
  // ignoreAnnotationPresent, updateDstOverrides; it creates the profile when there is none (toServiceProfile).
  const skip = SKIP in annotationsOf(producer)
  return serve(producer, split && !skip ? split : producer.spec?.dstOverrides, port, namespace)
}

/** The dstOverrides linkerd-smi writes from the TrafficSplit of a Service: `<backend fqdn>`, the weight as written. */
function adaptorOverrides(objects: readonly Obj[], service: string, namespace: string): Obj[] | undefined {
  const split = objects.find(
    (o) =>
      kindOf(o) === 'TrafficSplit' &&
      String(o.apiVersion ?? '').startsWith('split.smi-spec.io/') &&
      ns(o) === namespace &&
      o.spec?.service === service,
  )
  if (!split) return undefined
  return ((split.spec?.backends as Obj[] | undefined) ?? []).map((b) => ({
    authority: `${String(b.service)}.${namespace}.svc.${CLUSTER_DOMAIN}`,
    weight: b.weight,
  }))
}

function serve(profile: Obj, overrides: unknown, port: number, serviceNamespace: string): ServedProfile {
  const routes: ProfileRoute[] = []
  for (const r of (profile.spec?.routes as Obj[] | undefined) ?? []) {
    const cond = requestMatch(r?.condition)
    // A route whose condition the proxy cannot convert is dropped (proto.rs `convert_route`).
    if (cond === undefined || cond === null) continue
    routes.push({
      name: String(r.name),
      cond,
      ...timeout(r.timeout),
      retries: r.isRetryable === true ? failureStatuses(r.responseClasses) : '',
    })
  }
  return { object: `${ns(profile)}/${nameOf(profile)}`, routes, targets: targets(overrides, port, serviceNamespace) }
}

/**
 * A request condition: unset fields (empty strings, null lists) are left out and the set ones
 * ANDed (linkerd2@b24cd4059:controller/api/destination/profile_translator.go `toRequestMatch`);
 * `undefined` when none is set (Linkerd's validator refuses such a profile). Then the proxy
 * (proto.rs `convert_req_match`): a regex that does not compile drops its match, a dropped
 * match inside `all`/`any` is left out of the list, one under `not` drops the `not`.
 */
export function requestMatch(c: unknown): Cond | null | undefined {
  if (c === null || typeof c !== 'object') return undefined
  const m = c as Obj
  const parts: Array<Cond | null> = []
  if (Array.isArray(m.all)) parts.push(seq(m.all, 'all'))
  if (Array.isArray(m.any)) parts.push(seq(m.any, 'any'))
  if (typeof m.method === 'string' && m.method !== '') {
    const want = upperMethod(m.method)
    parts.push((method) => method === want)
  }
  const notOf = Array.isArray(m.not) ? m.not[0] : m.not
  if (notOf !== null && notOf !== undefined) {
    const inner = requestMatch(notOf)
    if (inner === undefined) return undefined
    parts.push(inner === null ? null : (method, path) => !inner(method, path))
  }
  if (typeof m.pathRegex === 'string' && m.pathRegex !== '') {
    const test = profilePathMatcher(m.pathRegex)
    parts.push(test ? (_method, path) => test(path) : null)
  }
  if (parts.length === 0) return undefined
  if (parts.length === 1) return parts[0]!
  // Several fields are an `all`: a dropped one is left out of it.
  const kept = parts.filter((p): p is Cond => p !== null)
  return (method, path) => kept.every((p) => p(method, path))
}

function seq(items: unknown[], how: 'all' | 'any'): Cond {
  const kept: Cond[] = []
  for (const item of items) {
    const c = requestMatch(item)
    if (c) kept.push(c)
  }
  return how === 'all' ? (m, p) => kept.every((c) => c(m, p)) : (m, p) => kept.some((c) => c(m, p))
}

const UNIT_NS: Record<string, number> = { ns: 1, us: 1e3, µs: 1e3, μs: 1e3, ms: 1e6, s: 1e9, m: 60e9, h: 3600e9 }

/** Go's time.ParseDuration, in nanoseconds; undefined when it fails. */
export function goDuration(text: string): bigint | undefined {
  if (text === '0') return 0n
  const m = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|[smh]))+)$/.exec(text)
  if (!m) return undefined
  let total = 0
  for (const [, num, unit] of m[2]!.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|[smh])/g)) total += Number(num) * UNIT_NS[unit!]!
  return BigInt(Math.round(m[1] === '-' ? -total : total))
}

/** A route timeout: none when unset, unparsable (logged and left unset) or zero (`toDuration(0)` is nil). */
function timeout(t: unknown): { timeoutNs?: bigint } {
  if (typeof t !== 'string' || t === '') return {}
  const d = goDuration(t)
  return d === undefined || d <= 0n ? {} : { timeoutNs: d }
}

/**
 * The HTTP statuses a retryable route retries: per status, the first response class whose
 * condition matches it decides; none, 5xx (linkerd2-proxy@29637b64f:linkerd/app/core/src/classify.rs).
 * A status bound that is not a status code drops its class (proto.rs `convert_rsp_class`).
 */
const failureMemo = new Map<string, string>()

/** Memoized on the classes' JSON: the property test asks it for every request, and the 500 statuses cost. */
export function failureStatuses(classes: unknown): string {
  const key = JSON.stringify(classes ?? null)
  let out = failureMemo.get(key)
  if (out === undefined) failureMemo.set(key, (out = computeFailureStatuses(classes)))
  return out
}

function computeFailureStatuses(classes: unknown): string {
  const kept = ((Array.isArray(classes) ? classes : []) as Obj[])
    .map((c) => ({ test: responseMatch(c?.condition), failure: c?.isFailure === true }))
    .filter((c): c is { test: (s: number) => boolean; failure: boolean } => c.test !== null)
  const out: number[] = []
  for (let s = 100; s <= 599; s++) {
    const hit = kept.find((c) => c.test(s))
    if (hit ? hit.failure : s >= 500) out.push(s)
  }
  return out.join(',')
}

function responseMatch(c: unknown): ((s: number) => boolean) | null {
  if (c === null || typeof c !== 'object') return null
  const m = c as Obj
  if (m.status) {
    const { min, max } = m.status as { min?: number; max?: number }
    const ok = (n: unknown): boolean => typeof n === 'number' && n >= 100 && n <= 999
    if (!ok(min) || !ok(max)) return null
    return (s) => s >= min! && s <= max!
  }
  if (Array.isArray(m.all)) {
    const parts = m.all.map(responseMatch).filter((x): x is (s: number) => boolean => x !== null)
    return (s) => parts.every((p) => p(s))
  }
  if (Array.isArray(m.any)) {
    const parts = m.any.map(responseMatch).filter((x): x is (s: number) => boolean => x !== null)
    return (s) => parts.some((p) => p(s))
  }
  if (m.not) {
    const inner = responseMatch(Array.isArray(m.not) ? m.not[0] : m.not)
    return inner ? (s) => !inner(s) : null
  }
  return null
}

/**
 * dstOverrides as the proxy gets them: an authority without a port takes the port looked up,
 * the weight is the milli value ×10 in 32 bits, wrapped (profile_translator.go `toDstOverrides`); the proxy drops a
 * weight of 0 and an authority that is not a name and port (proto.rs `convert_dst_override`).
 */
function targets(overrides: unknown, port: number, serviceNamespace: string): Target[] {
  const out: Target[] = []
  for (const o of (Array.isArray(overrides) ? overrides : []) as Obj[]) {
    const milli = milliOf(o?.weight)
    if (milli === undefined || milli <= 0n) continue
    const m = /^([a-z0-9-]+)\.([a-z0-9-]+)\.svc\.[a-z0-9.-]+(?::(\d+))?$/.exec(String(o?.authority ?? ''))
    if (!m) continue
    const p = m[3] === undefined ? port : Number(m[3])
    if (!(p >= 1 && p <= 65535)) continue
    // uint32(MilliValue() * 10): Go's conversion keeps the low 32 bits (linkerd2@b24cd4059:
    // controller/api/destination/profile_translator.go `toDstOverrides`).
    const weight = (milli * 10n) % 2n ** 32n
    if (weight === 0n) continue
    out.push({ key: `${m[2] ?? serviceNamespace}/${m[1]}:${p}`, weight })
  }
  return out
}

/** A Kubernetes Quantity's milli value (integers, decimals and the `m` suffix, as the tests write them). */
export function milliOf(q: unknown): bigint | undefined {
  const s = typeof q === 'number' ? String(q) : typeof q === 'string' ? q.trim() : ''
  const m = /^(\d+)(?:\.(\d+))?(m?)$/.exec(s)
  if (!m) return undefined
  if (m[3] === 'm') return m[2] === undefined ? BigInt(m[1]!) : undefined
  const frac = (m[2] ?? '').padEnd(3, '0')
  // MilliValue rounds up a finer fraction.
  const extra = frac.length > 3 && /[1-9]/.test(frac.slice(3)) ? 1n : 0n
  return BigInt(m[1]!) * 1000n + BigInt(frac.slice(0, 3)) + extra
}
