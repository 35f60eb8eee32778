/**
 * A property test of ServiceProfiles under `--to gateway`, on request samples. Random profiles
 * (conditions nested `all`/`any`/`not`, methods in any case, path regexes with and without
 * top-level alternations, response classes, retries, timeouts, dstOverrides) with their
 * Service, with and without a TrafficSplit of the same Service, go through `migrate`. Then, for
 * every sample request (method, path), two oracles written here, independent of the tool's
 * code, are compared:
 *
 * - the profile as Linkerd's proxy reads it: the first route whose condition matches (the
 *   regex trimmed, anchored with `^`/`$` where missing, searched with RE2), its failure statuses
 *   (first response class that matches, else 5xx) if retryable, its timeout, and the backends
 *   (the TrafficSplit's, else dstOverrides' milli weights, else the Service);
 * - the routes as Linkerd's policy picks them: among every rule of every route of the Service,
 *   the best match (path length: Exact and RegularExpression count the whole path, PathPrefix
 *   `/` counts 1; then a method), ties to the first route by name, then the first rule; its
 *   `retry.linkerd.io/http` and `timeout.linkerd.io/request` as Linkerd's grammar reads them,
 *   and its backendRefs (none: the Service).
 *
 * Either they agree (the same profile route, read back from the route's annotation, the same
 * failure statuses, the same timeout, the same backends in the same proportions), or the tool
 * refused the profile or warned about that difference (`sp-order` for another route,
 * `sp-not-method` for a method outside Gateway API's nine, `sp-timeout-rounded` for a longer
 * timeout).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parseAllDocuments, stringify } from 'yaml'
import { RE2JS } from '@bufbuild/re2'
import { migrate } from '../src/index.js'

type Obj = Record<string, any>
const RUNS = Number(process.env.PROPERTY_RUNS ?? 150)

// ---------------------------------------------------------------------------------------------
// Generators

const methodLeaf = fc.constantFrom('GET', 'get', 'POST', 'PUT', 'DELETE', 'HEAD', 'Patch').map((method) => ({ method }))
const pathLeaf = fc
  .constantFrom('/a', '/a/[^/]*', '/b', '/a|/b', '^/a.*', '/x\\.json', '/[ab]', '/a/b', ' /c ', '/')
  .map((pathRegex) => ({ pathRegex }))
const cond: fc.Memo<Obj> = fc.memo((n) =>
  n <= 1
    ? fc.oneof(
        methodLeaf,
        pathLeaf,
        fc.tuple(methodLeaf, pathLeaf).map(([m, p]) => ({ ...m, ...p })),
      )
    : fc.oneof(
        { weight: 3, arbitrary: cond(1) },
        { weight: 1, arbitrary: fc.array(cond(n - 1), { minLength: 1, maxLength: 3 }).map((all) => ({ all })) },
        { weight: 1, arbitrary: fc.array(cond(n - 1), { minLength: 1, maxLength: 3 }).map((any) => ({ any })) },
        { weight: 1, arbitrary: methodLeaf.map((m) => ({ not: m })) },
        { weight: 1, arbitrary: fc.array(methodLeaf, { minLength: 1, maxLength: 2 }).map((ms) => ({ not: [{ any: ms }] })) },
        { weight: 1, arbitrary: fc.tuple(methodLeaf, pathLeaf).map(([m, p]) => ({ all: [{ not: m }, p] })) },
        { weight: 1, arbitrary: pathLeaf.map((p) => ({ not: p })) },
      ),
)
const STATUSES: Array<[number, number]> = [
  [500, 599],
  [503, 503],
  [429, 429],
  [400, 499],
  [502, 504],
]
const responseClass = fc
  .tuple(fc.constantFrom(...STATUSES), fc.boolean())
  .map(([[min, max], isFailure]) => ({ condition: { status: { min, max } }, isFailure }))
/** Go durations and their nanoseconds. */
const TIMEOUTS: Array<[string, number]> = [
  ['15ms', 15e6],
  ['1m30s', 90e9],
  ['1.5s', 1.5e9],
  ['500us', 5e5],
  ['2s', 2e9],
  ['1h', 3600e9],
]
const route = fc.record(
  {
    condition: cond(3),
    isRetryable: fc.boolean(),
    responseClasses: fc.array(responseClass, { maxLength: 2 }),
    timeout: fc.constantFrom(...TIMEOUTS),
  },
  { requiredKeys: ['condition'] },
)
const WEIGHTS = ['900m', '100m', '1', '3', '500m', '250m']
const scenario = fc.record({
  routes: fc.array(route, { minLength: 0, maxLength: 4 }),
  overrides: fc.option(fc.tuple(fc.constantFrom(...WEIGHTS), fc.constantFrom(...WEIGHTS)), { nil: undefined }),
  split: fc.option(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 })), { nil: undefined }),
})
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never

function input(s: Scenario): string {
  const service = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { ports: [{ port: 80 }] } }
  const spec: Obj = {}
  if (s.routes.length)
    spec.routes = s.routes.map((r, i) => {
      const out: Obj = { name: `route ${i}`, condition: r.condition }
      if (r.isRetryable) out.isRetryable = true
      if (r.responseClasses?.length) out.responseClasses = r.responseClasses
      if (r.timeout) out.timeout = r.timeout[0]
      return out
    })
  if (s.overrides)
    spec.dstOverrides = [
      { authority: 'web-v1.shop.svc.cluster.local', weight: s.overrides[0] },
      { authority: 'web-v2.shop.svc.cluster.local', weight: s.overrides[1] },
    ]
  const profile = {
    apiVersion: 'linkerd.io/v1alpha2',
    kind: 'ServiceProfile',
    metadata: { name: 'web.shop.svc.cluster.local', namespace: 'shop' },
    spec,
  }
  const docs: Obj[] = [service, profile]
  if (s.split)
    docs.push({
      apiVersion: 'split.smi-spec.io/v1alpha2',
      kind: 'TrafficSplit',
      metadata: { name: 'web-split', namespace: 'shop' },
      spec: {
        service: 'web',
        backends: [
          { service: 'web-v1', weight: s.split[0] },
          { service: 'web-v2', weight: s.split[1] },
        ],
      },
    })
  return docs.map((d) => stringify(d)).join('---\n')
}

// ---------------------------------------------------------------------------------------------
// The profile as the proxy reads it

const re2 = new Map<string, RE2JS>()
function compile(source: string): RE2JS {
  let r = re2.get(source)
  if (!r) re2.set(source, (r = RE2JS.compile(source)))
  return r
}

function spMatches(c: Obj, method: string, path: string): boolean {
  const parts: boolean[] = []
  if (c.method !== undefined) parts.push(String(c.method).toUpperCase() === method)
  if (c.pathRegex !== undefined) {
    const r = String(c.pathRegex).trim()
    parts.push(compile(`${r.startsWith('^') ? '' : '^'}${r}${r.endsWith('$') ? '' : '$'}`).test(path))
  }
  if (c.all) parts.push((c.all as Obj[]).every((x) => spMatches(x, method, path)))
  if (c.any) parts.push((c.any as Obj[]).some((x) => spMatches(x, method, path)))
  if (c.not) parts.push(!spMatches(Array.isArray(c.not) ? c.not[0] : c.not, method, path))
  return parts.every(Boolean)
}

interface Outcome {
  route: string
  retries: string
  timeoutMs?: number
  backends: Record<string, number>
}

function failures(classes: Obj[] | undefined): string {
  const out: number[] = []
  for (let s = 100; s <= 599; s++) {
    const hit = (classes ?? []).find((c) => c.condition.status.min <= s && s <= c.condition.status.max)
    if (hit ? hit.isFailure : s >= 500) out.push(s)
  }
  return out.join(',')
}

function milli(q: string): number {
  return q.endsWith('m') ? Number(q.slice(0, -1)) : Number(q) * 1000
}

function profileOutcome(s: Scenario, method: string, path: string): Outcome {
  const backends: Record<string, number> = s.split
    ? { 'web-v1': s.split[0], 'web-v2': s.split[1] }
    : s.overrides
      ? { 'web-v1': milli(s.overrides[0]), 'web-v2': milli(s.overrides[1]) }
      : { web: 1 }
  const i = s.routes.findIndex((r) => spMatches(r.condition, method, path))
  if (i < 0) return { route: '[DEFAULT]', retries: '', backends }
  const r = s.routes[i]!
  return {
    route: `route ${i}`,
    retries: r.isRetryable ? failures(r.responseClasses) : '',
    ...(r.timeout ? { timeoutMs: Math.ceil(r.timeout[1] / 1e6) } : {}),
    backends,
  }
}

// ---------------------------------------------------------------------------------------------
// The routes as Linkerd picks them

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000 }

function routeOutcome(routes: Obj[], method: string, path: string): Outcome | undefined {
  let best: { score: number[]; route: Obj; rule: Obj } | undefined
  for (const route of [...routes].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))) {
    for (const rule of route.spec.rules as Obj[]) {
      for (const m of (rule.matches as Obj[] | undefined) ?? [{}]) {
        if (m.method && m.method !== method) continue
        const p = m.path ?? { type: 'PathPrefix', value: '/' }
        let length: number
        if (p.type === 'Exact') length = p.value === path ? path.length : -1
        else if (p.type === 'PathPrefix') length = p.value === '/' ? 1 : -1
        else length = compile(p.value).testExact(path) ? path.length : -1
        if (length < 0) continue
        const score = [length, m.method ? 1 : 0]
        if (!best || score[0]! > best.score[0]! || (score[0] === best.score[0] && score[1]! > best.score[1]!)) best = { score, route, rule }
      }
    }
  }
  if (!best) return undefined
  const a = best.route.metadata.annotations ?? {}
  const retries = a['retry.linkerd.io/http'] ? expand(a['retry.linkerd.io/http']) : ''
  const t = a['timeout.linkerd.io/request'] ? /^(\d+)(ms|[smhd])$/.exec(a['timeout.linkerd.io/request']) : null
  const refs = (best.rule.backendRefs as Obj[] | undefined) ?? [{ name: 'web', weight: 1 }]
  return {
    route: a['smi-migrate.io/serviceprofile-route'] ?? '[DEFAULT]',
    retries,
    ...(t ? { timeoutMs: Number(t[1]) * UNITS[t[2]!]! } : {}),
    backends: Object.fromEntries(refs.map((r) => [r.name, r.weight ?? 1])),
  }
}

/** `retry.linkerd.io/http` as Linkerd reads it: comma list, no trimming, `5xx`, `NNN`, `NNN-MMM`. */
function expand(text: string): string {
  const set = new Set<number>()
  for (const part of text.split(',')) {
    if (part.toLowerCase() === '5xx') for (let s = 500; s <= 599; s++) set.add(s)
    else {
      const [a, b] = part.split('-').map(Number)
      for (let s = a!; s <= (b ?? a!); s++) set.add(s)
    }
  }
  return [...set].sort((x, y) => x - y).join(',')
}

function sameShares(a: Record<string, number>, b: Record<string, number>): boolean {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])]
  const sa = keys.reduce((t, k) => t + (a[k] ?? 0), 0)
  const sb = keys.reduce((t, k) => t + (b[k] ?? 0), 0)
  return keys.every((k) => (a[k] ?? 0) * sb === (b[k] ?? 0) * sa)
}

// ---------------------------------------------------------------------------------------------

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH', 'PURGE']
const PATHS = ['/', '/a', '/a/1', '/a/b', '/b', '/x.json', '/xjson', '/ab', '/a/b/c', '/c', '/ba']

test('the route Linkerd picks does what the profile did, or the tool refused or warned at the field', () => {
  let compared = 0
  let refused = 0
  fc.assert(
    fc.property(scenario, (s) => {
      const text = input(s)
      const r = migrate(text, { to: 'gateway', gateway: { gatewayApi: '1.2' } })
      const codes = new Set(r.findings.map((f) => f.code))
      // A refusal, or a profile left for a person (a request would change route: sp-order, pending).
      if (r.findings.some((f) => f.severity === 'error' || ('pending' in f && f.pending))) {
        refused++
        assert.ok(r.output.includes(text.split('---\n')[1]!), 'a refusal leaves the profile as it was')
        return
      }
      const objects = parseAllDocuments(r.output).map((d) => d.toJS() as Obj)
      const profileLeft = objects.some((o) => o.kind === 'ServiceProfile')
      const routes = objects.filter((o) => o.kind === 'HTTPRoute' && o.spec.parentRefs.some((p: Obj) => p.name === 'web'))
      if (profileLeft) {
        assert.ok(codes.has('sp-delete'), 'a profile left in place is one reported for deletion')
        return
      }
      for (const method of METHODS) {
        for (const path of PATHS) {
          const want = profileOutcome(s, method, path)
          const got = routeOutcome(routes, method, path)
          const where = `${method} ${path}\n${text}\n=>\n${r.output}`
          if (!got) {
            assert.ok(method === 'PURGE' && codes.has('sp-not-method'), `no route takes ${where}`)
            continue
          }
          compared++
          if (got.route !== want.route) {
            const excused = method === 'PURGE' && codes.has('sp-not-method')
            assert.ok(excused, `route ${got.route} instead of ${want.route}, unwarned: ${where}`)
            continue
          }
          assert.is(got.retries, want.retries, `retries: ${where}`)
          if (got.timeoutMs !== want.timeoutMs) {
            assert.ok(codes.has('sp-timeout-rounded') && got.timeoutMs! >= want.timeoutMs!, `timeout: ${where}`)
          }
          assert.ok(
            sameShares(got.backends, want.backends),
            `backends ${JSON.stringify(got.backends)} vs ${JSON.stringify(want.backends)}: ${where}`,
          )
        }
      }
    }),
    { numRuns: RUNS },
  )
  // Not vacuous: about nine requests compared per profile (from 1,309 to about 1,500 over 150 runs,
  // unseeded); more are left for a person since a profile and its split are one unit and
  // dstOverrides with a port are not linkerd-smi's (issue 38).
  assert.ok(compared > RUNS * 7, `enough samples compared (${compared})`)
  assert.ok(refused < RUNS, `not everything refused (${refused})`)
})

test.run()
