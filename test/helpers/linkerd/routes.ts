/**
 * Gateway API routes parented to a Service as Linkerd (2.18 to 2.20) serves them to a client:
 * which routes a client in a namespace sees on a port, which kind of route the port's protocol
 * takes, the route a request lands on, and its timeout, retries and backends.
 */
import {
  type Behaviour,
  type Obj,
  type Request,
  annotationsOf,
  findService,
  groupOf,
  kindOf,
  nameOf,
  ns,
  servicePort,
  shares,
  upperMethod,
} from './objects.js'
import { routeRegexFullMatch } from './regex.js'

const ROUTE_GROUPS = new Set(['gateway.networking.k8s.io', 'policy.linkerd.io'])
const ROUTE_KINDS = new Set(['HTTPRoute', 'GRPCRoute', 'TCPRoute', 'TLSRoute'])

/** Default opaque ports (linkerd2@b24cd4059:charts/linkerd-control-plane/values.yaml `opaquePorts`). */
const OPAQUE_PORTS = new Set([25, 587, 3306, 4444, 5432, 6379, 9300, 11211])

/**
 * Whether a parentRef names the Service and port: group empty, `core` or absent, kind Service
 * (case-insensitive; a ref without a kind is no Service), namespace the ref's else the route's;
 * no `port` binds every port (linkerd2@b24cd4059:policy-controller/k8s/index/src/outbound/index.rs
 * `is_service`, `is_parent_service`, `apply_http_route`). `sectionName` is not read.
 */
function bindsTo(route: Obj, req: Request): boolean {
  return ((route.spec?.parentRefs as Obj[] | undefined) ?? []).some((p) => {
    const group = p.group === undefined ? '' : String(p.group).toLowerCase()
    if (group !== '' && group !== 'core') return false
    if (typeof p.kind !== 'string' || p.kind.toLowerCase() !== 'service') return false
    if (p.name !== req.service || (p.namespace ?? ns(route)) !== req.namespace) return false
    return p.port === undefined || p.port === req.port
  })
}

/**
 * The routes a client sees: producer routes (in the Service's namespace) for every client,
 * consumer routes (in another namespace) only for clients in theirs, both in one list
 * (index.rs, the producer/consumer split in `ServiceRoutes` updates).
 */
export function visibleRoutes(objects: readonly Obj[], req: Request): Obj[] {
  return objects.filter(
    (o) =>
      ROUTE_KINDS.has(kindOf(o)) &&
      ROUTE_GROUPS.has(groupOf(o)) &&
      bindsTo(o, req) &&
      (ns(o) === req.namespace || ns(o) === req.clientNamespace) &&
      routeConverts(o),
  )
}

/**
 * A route the policy controller cannot convert is dropped whole ("Failed to convert route",
 * index.rs): a timeout or retry annotation outside Linkerd's grammar (`parse_timeouts`,
 * `parse_duration`; `index/http.rs` `parse_http_retry`), a path regex that does not compile
 * (policy-controller/core/src/routes.rs, `Regex::new`).
 */
function routeConverts(route: Obj): boolean {
  const a = annotationsOf(route)
  for (const k of ['timeout.linkerd.io/request', 'timeout.linkerd.io/response', 'timeout.linkerd.io/idle', 'retry.linkerd.io/timeout'])
    if (k in a && linkerdDuration(a[k]!) === undefined) return false
  if ('retry.linkerd.io/http' in a && httpRetryStatuses(a['retry.linkerd.io/http']!) === undefined) return false
  if ('retry.linkerd.io/limit' in a && !/^\d+$/.test(a['retry.linkerd.io/limit']!)) return false
  for (const rule of (route.spec?.rules as Obj[] | undefined) ?? [])
    for (const m of (rule.matches as Obj[] | undefined) ?? []) {
      if (m.path?.type === 'RegularExpression' && routeRegexFullMatch(String(m.path.value), '/') === null) return false
      // Header and query parameter regexes alike: a value that does not parse fails the match, and the
      // route with it (linkerd2@111fc98:policy-controller/k8s/index/src/routes/http.rs `header_match`, `query_param_match`).
      for (const x of [...((m.headers as Obj[] | undefined) ?? []), ...((m.queryParams as Obj[] | undefined) ?? [])])
        if (x.type === 'RegularExpression' && routeRegexFullMatch(String(x.value), '') === null) return false
    }
  return true
}

/** Linkerd's duration: trimmed, one unsigned integer and ms|s|m|h|d, or a bare 0 (index.rs `parse_duration`). */
export function linkerdDuration(text: string): bigint | undefined {
  const m = /^(\d+)(ms|[smhd])?$/.exec(text.trim())
  if (!m || (m[2] === undefined && m[1] !== '0') || /^\d+$/.test(m[1]!) === false) return undefined
  const unit: Record<string, bigint> = { ms: 1000000n, s: 1000000000n, m: 60000000000n, h: 3600000000000n, d: 86400000000000n }
  return m[2] === undefined ? 0n : BigInt(m[1]!) * unit[m[2]]!
}

/** `retry.linkerd.io/http`: split on `,` untrimmed; `5xx`, `gateway-error` (502-504), `NNN`, `NNN-MMM`. */
const retryMemo = new Map<string, string | undefined>()

/** Memoized on the annotation's text (asked for every request). */
export function httpRetryStatuses(text: string): string | undefined {
  if (!retryMemo.has(text)) retryMemo.set(text, computeRetryStatuses(text))
  return retryMemo.get(text)
}

function computeRetryStatuses(text: string): string | undefined {
  const set = new Set<number>()
  for (const part of text.split(',')) {
    const p = part.toLowerCase()
    let range: [number, number] | undefined
    if (p === '5xx') range = [500, 599]
    else if (p === 'gateway-error') range = [502, 504]
    else {
      const m = /^(\d{3})(?:-(\d{3}))?$/.exec(p)
      if (m) range = [Number(m[1]), Number(m[2] ?? m[1])]
    }
    if (!range || range[0] < 100 || range[1] > 599 || range[0] > range[1]) return undefined
    for (let s = range[0]; s <= range[1]; s++) set.add(s)
  }
  return [...set].sort((a, b) => a - b).join(',')
}

export type PortProtocol = 'http1' | 'http2' | 'opaque' | 'detect'

/**
 * A Service port's protocol by its appProtocol (linkerd2@b24cd4059:policy-controller/core/src/outbound.rs
 * `AppProtocol`): `http`, `kubernetes.io/h2c`, `linkerd.io/opaque`|`linkerd.io/tcp`, any other value
 * opaque; unset: the default opaque ports, else detection.
 */
export function portProtocol(objects: readonly Obj[], req: Request): PortProtocol {
  const service = findService(objects, req.namespace, req.service)
  const p = servicePort(service, req.port)
  const app = p?.appProtocol
  if (typeof app === 'string') return app === 'http' ? 'http1' : app === 'kubernetes.io/h2c' ? 'http2' : 'opaque'
  const listed = annotationsOf(service ?? {})['config.linkerd.io/opaque-ports']
  if (listed !== undefined)
    return listed
      .split(',')
      .map((s) => Number(s.trim()))
      .includes(req.port)
      ? 'opaque'
      : 'detect'
  return OPAQUE_PORTS.has(req.port) ? 'opaque' : 'detect'
}

/**
 * Routes ordered by creation time (those with one first), then name, whatever their group:
 * policy.linkerd.io and Gateway API HTTPRoutes are one list
 * (linkerd2@b24cd4059:policy-controller/grpc/src/outbound.rs `timestamp_then_name`).
 */
export function byAgeThenName(routes: readonly Obj[]): Obj[] {
  return [...routes].sort((a, b) => {
    const ta = a.metadata?.creationTimestamp as string | undefined
    const tb = b.metadata?.creationTimestamp as string | undefined
    if (ta !== undefined && tb === undefined) return -1
    if (ta === undefined && tb !== undefined) return 1
    if (ta !== undefined && tb !== undefined && ta !== tb) return Date.parse(ta) - Date.parse(tb)
    return nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0
  })
}

/**
 * The route kind a port takes, by its protocol (outbound.rs `to_proto`): HTTP/1 only HTTPRoutes;
 * HTTP/2 GRPCRoutes if any, else HTTPRoutes; opaque only TCPRoutes; detection the first kind
 * present of GRPCRoute, HTTPRoute, TLSRoute, TCPRoute.
 */
export function servedKind(protocol: PortProtocol, routes: readonly Obj[]): string | undefined {
  const has = (k: string): boolean => routes.some((r) => kindOf(r) === k)
  // No route of the kind: the controller adds the default route to the Service (grpc/src/outbound/http.rs
  // `default_outbound_service_route` when the routes are empty).
  if (protocol === 'http1') return has('HTTPRoute') ? 'HTTPRoute' : undefined
  if (protocol === 'http2') return has('GRPCRoute') ? 'GRPCRoute' : has('HTTPRoute') ? 'HTTPRoute' : undefined
  if (protocol === 'opaque') return has('TCPRoute') ? 'TCPRoute' : undefined
  return ['GRPCRoute', 'HTTPRoute', 'TLSRoute', 'TCPRoute'].find(has)
}

/**
 * The summary a match scores, compared in this order: path match length, the number of header
 * matches, the number of query parameter matches, a method match — as released proxies rank
 * them (linkerd2-proxy release/v2.366.0 = 80e86f6, the proxy of linkerd2 edge-26.8.3, and the
 * older ones of linkerd 2.18–2.20: linkerd/http/route/src/http/match.rs `Ord for RequestMatch`,
 * `path_match`, then `headers`, `query_params`, `method`; the path length alone, whatever its
 * kind: match/path.rs `Ord for PathMatch`). The proxy's unreleased main after PR #4604
 * (3865944) ranks the method first and an Exact path above others; no release has it.
 */
type Score = [number, number, number, number]

function scoreMatch(m: Obj, req: Request): Score | undefined {
  if (m.method !== undefined && upperMethod(m.method) !== req.method) return undefined
  let length = 1
  const p = m.path as Obj | undefined
  if (p) {
    const value = String(p.value ?? '/')
    if (p.type === 'Exact') {
      if (value !== req.path) return undefined
      length = value.length
    } else if (p.type === 'RegularExpression') {
      if (routeRegexFullMatch(value, req.path) !== true) return undefined
      length = req.path.length
    } else {
      // PathPrefix: segment-wise; `/` matches with length 1 (path.rs `match_length`).
      if (value !== '/') {
        const prefix = value.replace(/\/+$/, '')
        const rest = req.path.replace(/\/+$/, '')
        if (!rest.startsWith(prefix)) return undefined
        const suffix = rest.slice(prefix.length)
        if (suffix !== '' && !suffix.startsWith('/')) return undefined
        length = prefix.length
      }
    }
  }
  const headers = (m.headers as Obj[] | undefined) ?? []
  if (!headers.every((h) => headerMatches(h, req))) return undefined
  const params = (m.queryParams as Obj[] | undefined) ?? []
  if (!params.every((q) => queryMatches(q, req))) return undefined
  return [length, headers.length, params.length, m.method !== undefined ? 1 : 0]
}

/**
 * A header match: the name case-insensitively, any of the request's values of that name; Exact
 * (the default type) compares bytes, RegularExpression needs a match of the whole value
 * (linkerd2-proxy@cfbb562:linkerd/http/route/src/http/match/header.rs `is_match`).
 */
function headerMatches(h: Obj, req: Request): boolean {
  const name = String(h.name).toLowerCase()
  return Object.entries(req.headers ?? {}).some(
    ([k, v]) =>
      k.toLowerCase() === name && (h.type === 'RegularExpression' ? routeRegexFullMatch(String(h.value), v) === true : v === h.value),
  )
}

/**
 * A query parameter match: the query string decoded as a form (`+` a space, percent escapes),
 * any pair whose name equals the match's (case-sensitive); Exact (the default) compares the
 * value, RegularExpression needs a match of the whole value
 * (linkerd2-proxy@da3e2be:linkerd/http/route/src/http/match/query_param.rs `is_match`).
 */
function queryMatches(q: Obj, req: Request): boolean {
  if (req.query === undefined) return false
  return formPairs(req.query).some(
    ([k, v]) => k === q.name && (q.type === 'RegularExpression' ? routeRegexFullMatch(String(q.value), v) === true : v === q.value),
  )
}

function formPairs(query: string): Array<[string, string]> {
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '))
    } catch {
      return s
    }
  }
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=')
      return at < 0 ? [decode(part), ''] : [decode(part.slice(0, at)), decode(part.slice(at + 1))]
    })
}

function better(a: Score, b: Score): boolean {
  for (let i = 0; i < 4; i++) if (a[i] !== b[i]) return a[i]! > b[i]!
  return false
}

/** The best rule for a request over every rule of every route, the first one kept on a tie (lib.rs `find`, `best`). */
export function bestRule(routes: readonly Obj[], req: Request, grpc: boolean): { route: Obj; rule: Obj } | undefined {
  let best: { score: Score; route: Obj; rule: Obj } | undefined
  for (const route of byAgeThenName(routes)) {
    for (const rule of (route.spec?.rules as Obj[] | undefined) ?? [{}]) {
      const matches = (rule.matches as Obj[] | undefined) ?? []
      let score: Score | undefined = matches.length === 0 ? [1, 0, 0, 0] : undefined
      for (const m of matches) {
        const s = grpc ? scoreGrpc(m, req) : scoreMatch(m, req)
        if (s && (!score || better(s, score))) score = s
      }
      if (score && (!best || better(score, best.score))) best = { score, route, rule }
    }
  }
  return best && { route: best.route, rule: best.rule }
}

/** A GRPCRoute match: `/<service>/<method>`, either part absent matching any (linkerd2-proxy linkerd/http/route/src/grpc/match.rs). */
function scoreGrpc(m: Obj, req: Request): Score | undefined {
  const parts = /^\/([^/]+)\/([^/]+)$/.exec(req.path)
  if (req.method !== 'POST' || !parts) return undefined
  const want = (m.method ?? {}) as Obj
  if (want.service !== undefined && want.service !== parts[1]) return undefined
  if (want.method !== undefined && want.method !== parts[2]) return undefined
  return [(want.service ? 1 : 0) + (want.method ? 1 : 0), ((m.headers as Obj[] | undefined) ?? []).length, 0, 0]
}

/**
 * A rule's backends: each backendRef `<namespace, else the route's>/<name>:<port>`, weight 1
 * unless set; a Service ref without a port is an invalid backend whose share fails with 500
 * (linkerd2@b24cd4059:policy-controller/k8s/index/src/outbound/index/http.rs `convert_backend`,
 * policy-controller/grpc/src/outbound/http.rs); weight 0 is dropped by the proxy
 * (linkerd2-proxy@0d40cfb:linkerd/distribute/src/params.rs); no backendRefs: the parent Service
 * on the request's port.
 */
export function ruleBackends(route: Obj, rule: Obj, req: Request): Behaviour['backends'] {
  const refs = rule.backendRefs as Obj[] | undefined
  if (!refs || refs.length === 0) return { [`${req.namespace}/${req.service}:${req.port}`]: [1n, 1n] }
  return shares(
    refs.map((r) => {
      const key = typeof r.port === 'number' && r.port > 0 ? `${r.namespace ?? ns(route)}/${String(r.name)}:${r.port}` : '!500'
      return [key, BigInt(r.weight ?? 1)] as [string, bigint]
    }),
  )
}
