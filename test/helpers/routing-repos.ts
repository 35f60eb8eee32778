/**
 * Random repositories for the routing property test (test/gateway-routing-property.test.ts):
 * a Service `web` with its ports (appProtocols, Linkerd's default opaque ports), backend
 * Services, a TrafficSplit, a producer ServiceProfile and a consumer one in a client namespace
 * (routes, conditions with empty and unset fields, regexes Linkerd cannot compile, timeouts,
 * retries, dstOverrides, the linkerd-smi skip annotation), and hand-written routes; plus the
 * requests to sample. In some repositories (`extras`) the hand-written route also matches
 * headers and query parameters, carries a creation time (it exists in the cluster, older than
 * anything the tool writes), a second hand-written route (Gateway API's or Linkerd's own
 * policy.linkerd.io HTTPRoute, which Linkerd orders with the others) sends a header's requests elsewhere,
 * the split names an HTTPRouteGroup with header matches (pruned from v1alpha2 by the SMI CRDs),
 * and the requests carry headers and query strings. Every repository has namespaces of its own (`<id>-shop`, `<id>-client`),
 * so many convert in one run without meeting.
 */
import fc from 'fast-check'
import { stringify } from 'yaml'
import type { Obj, Request } from './linkerd/index.js'

export interface Repo {
  id: string
  objects: Obj[]
  requests: Request[]
}

const PORTS: Obj[] = [
  { name: 'http', port: 80 },
  { name: 'web', port: 8080, appProtocol: 'http' },
  { name: 'h2', port: 9090, appProtocol: 'kubernetes.io/h2c' },
  { name: 'pg', port: 5432 },
  { name: 'raw', port: 7000, appProtocol: 'linkerd.io/opaque' },
]

const methodLeaf = fc.constantFrom('GET', 'get', 'POST', 'PUT').map((method) => ({ method }))
const pathLeaf = fc.constantFrom('/', '/a', '/a/[^/]*', '/x\\.json', '/b|/a', '/pkg.Svc/Get').map((pathRegex) => ({ pathRegex }))
const leaf = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.oneof(
      methodLeaf,
      pathLeaf,
      fc.tuple(methodLeaf, pathLeaf).map(([m, p]) => ({ ...m, ...p })),
    ),
  },
  // Fields Linkerd reads as unset beside a set one, and a regex its engine refuses.
  {
    weight: 1,
    arbitrary: fc.tuple(methodLeaf, fc.constantFrom({ pathRegex: '' }, { all: null }, { not: null })).map(([m, e]) => ({ ...m, ...e })),
  },
  { weight: 1, arbitrary: fc.tuple(pathLeaf, fc.constantFrom({ method: '' }, { any: null })).map(([p, e]) => ({ ...p, ...e })) },
  { weight: 1, arbitrary: fc.constantFrom({ pathRegex: '/(?!b)a' }, { method: 'GET', pathRegex: '/a(?=x)' }) },
)
const condition: fc.Arbitrary<Obj> = fc.oneof(
  { weight: 4, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { minLength: 1, maxLength: 2 }).map((any) => ({ any })) },
  { weight: 1, arbitrary: fc.tuple(methodLeaf, pathLeaf).map(([m, p]) => ({ all: [{ not: m }, p] })) },
)
const route = fc.record({
  condition,
  isRetryable: fc.boolean(),
  timeout: fc.constantFrom(undefined, undefined, '15ms', '1.5s', '0s', '2s'),
  name: fc.constantFrom('list', 'get', 'api', 'get api', 'default'),
})
const weights = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 })
const profileArb = fc.record({
  routes: fc.array(route, { minLength: 0, maxLength: 3 }),
  overrides: fc.option(weights, { nil: undefined }),
  skip: fc.boolean(),
})

const repoArb = fc.record({
  ports: fc.subarray(PORTS, { minLength: 1, maxLength: 2 }),
  split: fc.option(fc.record({ weights, rootBackend: fc.boolean() }), { nil: undefined }),
  producer: fc.option(profileArb, { nil: undefined }),
  consumer: fc.option(profileArb, { nil: undefined, freq: 3 }),
  handWritten: fc.option(fc.constantFrom('GET', 'POST'), { nil: undefined, freq: 4 }),
  extras: fc.option(
    fc.record({
      // What the hand-written route matches besides its method.
      also: fc.constantFrom('header', 'header-regex', 'query', 'query-regex', 'both', 'none'),
      older: fc.boolean(),
      // The canary route as a Gateway API HTTPRoute or as Linkerd's own policy.linkerd.io one.
      canary: fc.constantFrom(undefined, 'gateway.networking.k8s.io/v1', 'policy.linkerd.io/v1beta3'),
      abGroup: fc.boolean(),
    }),
    // In about half of the repositories: their requests vary, not their number.
    { nil: undefined, freq: 2 },
  ),
})
type Shape = typeof repoArb extends fc.Arbitrary<infer T> ? T : never

const BACKENDS = ['web-v1', 'web-v2', 'web-v3']

function service(name: string, namespace: string, ports: Obj[]): Obj {
  return { apiVersion: 'v1', kind: 'Service', metadata: { name, namespace }, spec: { ports } }
}

function profile(p: NonNullable<Shape['producer']>, namespace: string, shop: string): Obj {
  const spec: Obj = {}
  const used = new Set<string>()
  if (p.routes.length)
    spec.routes = p.routes.map((r) => {
      let name: string = r.name
      for (let n = 2; used.has(name); n++) name = `${r.name} ${n}`
      used.add(name)
      const out: Obj = { name, condition: r.condition }
      if (r.isRetryable) out.isRetryable = true
      if (r.timeout !== undefined) out.timeout = r.timeout
      return out
    })
  if (p.overrides)
    spec.dstOverrides = p.overrides.map((w, i) => ({ authority: `${BACKENDS[i]!}.${shop}.svc.cluster.local`, weight: `${w * 100}m` }))
  const metadata: Obj = { name: `web.${shop}.svc.cluster.local`, namespace }
  if (p.skip) metadata.annotations = { 'smi.linkerd.io/skip': 'true' }
  return { apiVersion: 'linkerd.io/v1alpha2', kind: 'ServiceProfile', metadata, spec }
}

function build(id: string, s: Shape): Repo {
  const shop = `${id}-shop`
  const client = `${id}-client`
  const objects: Obj[] = [service('web', shop, s.ports), ...BACKENDS.map((b) => service(b, shop, s.ports))]
  if (s.split)
    objects.push({
      apiVersion: 'split.smi-spec.io/v1alpha2',
      kind: 'TrafficSplit',
      metadata: { name: 'web-split', namespace: shop },
      spec: {
        service: 'web',
        backends: s.split.weights.map((w, i) => ({ service: i === 0 && s.split!.rootBackend ? 'web' : BACKENDS[i]!, weight: w })),
      },
    })
  if (s.producer) objects.push(profile(s.producer, shop, shop))
  if (s.consumer) objects.push(profile(s.consumer, client, shop))
  const x = s.extras
  if (s.handWritten) {
    const metadata: Obj = { name: 'web-manual', namespace: shop }
    if (x?.older) metadata.creationTimestamp = '2024-01-01T00:00:00Z'
    objects.push(httpRoute(metadata, [{ matches: [{ method: s.handWritten, ...alsoMatch(x?.also ?? 'none') }] }]))
  }
  // A hand-written canary route: requests with the header go to another backend, on any path below /a.
  if (x?.canary)
    objects.push(
      httpRoute(
        { name: 'web-canary', namespace: shop },
        [
          {
            matches: [{ path: { type: 'PathPrefix', value: '/a' }, headers: [{ name: 'x-canary', value: '1' }] }],
            backendRefs: [{ name: 'web-v2', port: s.ports[0]!.port }],
          },
        ],
        x.canary,
      ),
    )
  if (x?.abGroup && s.split) {
    // The SMI CRDs Linkerd installs serve v1alpha2 without spec.matches: the cluster never had them.
    objects.push({
      apiVersion: 'specs.smi-spec.io/v1alpha4',
      kind: 'HTTPRouteGroup',
      metadata: { name: 'web-canary', namespace: shop },
      spec: {
        matches: [
          { name: 'firefox', headers: [{ 'user-agent': 'Firefox' }] },
          { name: 'canary', headers: { 'x-canary': '1' } },
        ],
      },
    })
    const split = objects.find((o) => o.kind === 'TrafficSplit')!
    split.spec.matches = [{ kind: 'HTTPRouteGroup', name: 'web-canary' }]
  }
  return { id, objects, requests: requests(shop, client, s.ports, x !== undefined) }
}

function httpRoute(metadata: Obj, rules: Obj[], apiVersion = 'gateway.networking.k8s.io/v1'): Obj {
  return {
    apiVersion,
    kind: 'HTTPRoute',
    metadata,
    spec: { parentRefs: [{ group: '', kind: 'Service', name: 'web' }], rules },
  }
}

function alsoMatch(also: string): Obj {
  const header = { headers: [{ name: 'x-canary', value: '1' }] }
  const headerRegex = { headers: [{ type: 'RegularExpression', name: 'User-Agent', value: '.*Firefox.*' }] }
  const query = { queryParams: [{ name: 'v', value: '2' }] }
  const queryRegex = { queryParams: [{ type: 'RegularExpression', name: 'v', value: '[2-9]' }] }
  const all: Record<string, Obj> = {
    header,
    'header-regex': headerRegex,
    query,
    'query-regex': queryRegex,
    both: { ...header, ...query },
    none: {},
  }
  return all[also]!
}

/** What the requests of an `extras` repository carry, in turn: nothing, headers that match or not, a query string. */
const VARIANTS: Array<Pick<Request, 'headers' | 'query'>> = [
  {},
  { headers: { 'x-canary': '1' } },
  { query: 'v=2' },
  { headers: { 'X-Canary': '1', 'user-agent': 'Mozilla/5.0 Firefox/128.0' }, query: 'a=1&v=2' },
  { headers: { 'x-canary': '0' }, query: 'v=%32' },
  { headers: { 'user-agent': 'curl/8' }, query: 'v' },
]

const PATHS = ['/', '/a', '/a/1', '/ax', '/x.json', '/b', '/pkg.Svc/Get']
const METHODS = ['GET', 'POST', 'PUT']

function requests(shop: string, client: string, ports: Obj[], vary: boolean): Request[] {
  const out: Request[] = []
  let turn = 0
  for (const clientNamespace of [shop, client, `${shop}-other`])
    for (const p of ports) {
      const protocols: Array<Request['protocol']> = p.appProtocol === 'kubernetes.io/h2c' ? ['http2'] : ['http1', 'http2']
      for (const protocol of protocols)
        for (const method of METHODS)
          for (const path of PATHS)
            out.push({
              clientNamespace,
              service: 'web',
              namespace: shop,
              port: p.port,
              protocol,
              method,
              path,
              ...(vary ? VARIANTS[turn++ % VARIANTS.length] : {}),
            })
      // A client that does not speak HTTP, where the port does not declare HTTP.
      if (p.appProtocol === undefined || !String(p.appProtocol).includes('h'))
        out.push({ clientNamespace, service: 'web', namespace: shop, port: p.port, protocol: 'opaque', method: '', path: '' })
    }
  return out
}

/** `count` repositories from `seed`, always the same for the same pair. */
export function repositories(seed: number, count: number, first = 0): Repo[] {
  return fc
    .sample(repoArb, { seed, numRuns: first + count })
    .slice(first)
    .map((s, i) => build(`r${first + i}`, s))
}

export function manifest(repo: Repo): string {
  return repo.objects.map((o) => stringify(o)).join('---\n')
}
