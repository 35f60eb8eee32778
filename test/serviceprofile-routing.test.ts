/**
 * The classes of requests issue 38 found routed differently after `--to gateway`, each through
 * the built CLI (dist/cli.js), with the model of Linkerd (test/helpers/linkerd/) saying what
 * Linkerd does with the manifests before and after: either the same, or a finding that names
 * the routes involved.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments, stringify } from 'yaml'
import { cli } from './helpers/cli.js'
import { type Obj, type Request, routeWith } from './helpers/linkerd/index.js'
import { difference } from './helpers/routing-compare.js'

const SERVICE = { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { ports: [{ port: 80 }] } }
const V1 = { ...SERVICE, metadata: { name: 'web-v1', namespace: 'shop' } }

function profile(spec: Obj, namespace = 'shop', annotations?: Obj): Obj {
  return {
    apiVersion: 'linkerd.io/v1alpha2',
    kind: 'ServiceProfile',
    metadata: { name: 'web.shop.svc.cluster.local', namespace, ...(annotations ? { annotations } : {}) },
    spec,
  }
}

interface Run {
  status: number | null
  after: Obj[]
  findings: Array<{ severity: string; code: string; message: string; pending?: boolean }>
}

function run(objects: Obj[], ...flags: string[]): Run {
  const input = objects.map((o) => stringify(o)).join('---\n')
  const r = cli(['--to', 'gateway', '--linkerd', '2.18', '--format', 'json', ...flags, '-'], { input })
  const findings = (JSON.parse(r.stderr || '[]') as Run['findings']).filter((f) => typeof f.code === 'string')
  return { status: r.status, after: parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj), findings }
}

function req(method: string, path: string, more: Partial<Request> = {}): Request {
  return { clientNamespace: 'shop', service: 'web', namespace: 'shop', port: 80, protocol: 'http1', method, path, ...more }
}

function same(before: Obj[], after: Obj[], request: Request): void {
  const d = difference(routeWith(before, request), routeWith(after, request))
  assert.is(d, undefined, `${request.method} ${request.path} from ${request.clientNamespace}`)
}

/** The same, or an sp-order finding naming both profile routes. */
function sameOrOrdered(before: Obj[], r: Run, request: Request): void {
  const b = routeWith(before, request)
  const a = routeWith(r.after, request)
  if (!difference(b, a)) return
  const names = [b.profileRoute, a.annotations?.['smi-migrate.io/serviceprofile-route']].map((n) => JSON.stringify(n))
  assert.ok(
    r.findings.some((f) => f.code === 'sp-order' && names.every((n) => f.message.includes(n))),
    `${request.method} ${request.path}: ${difference(b, a)}, and no sp-order names ${names.join(' and ')}`,
  )
}

function codes(r: Run): string[] {
  return r.findings.map((f) => f.code)
}

test('order ties: {GET, pathRegex: /} before {GET} ties on / and the name decides: sp-order names both, and the profile is left for a person', () => {
  const before = [
    SERVICE,
    profile({
      routes: [
        { name: 'z-root', condition: { method: 'GET', pathRegex: '/' } },
        { name: 'a-get', condition: { method: 'GET' } },
      ],
    }),
  ]
  const r = run(before)
  const order = r.findings.find((f) => f.code === 'sp-order' && f.message.includes('"a-get"') && f.message.includes('"z-root"'))
  assert.ok(order?.pending, JSON.stringify(r.findings))
  // Nothing is written for it: the profile stays, and every request routes as before.
  assert.ok(r.after.some((o) => o.kind === 'ServiceProfile') && !r.after.some((o) => o.kind === 'HTTPRoute'))
  same(before, r.after, req('GET', '/'))
  assert.is(r.status, 1)
})

test('empty and zero values: pathRegex "", method "", all: null, not: null are unset; timeout 0s is none', () => {
  const before = [
    SERVICE,
    profile({
      routes: [
        // b first: a (every GET) before it would route GET /b elsewhere now (sp-order, left for a person).
        { name: 'b', condition: { method: '', pathRegex: '/b', all: null, not: null } },
        { name: 'a', condition: { method: 'GET', pathRegex: '' }, timeout: '0s' },
      ],
    }),
  ]
  const r = run(before)
  assert.is(r.findings.filter((f) => f.severity === 'error').length, 0, JSON.stringify(r.findings))
  assert.ok(codes(r).includes('sp-timeout-none'))
  for (const [m, p] of [
    ['GET', '/x'],
    ['POST', '/b'],
    ['GET', '/b'],
    ['PUT', '/'],
  ] as const)
    sameOrOrdered(before, r, req(m, p))
})

test('a regex Linkerd cannot compile: the proxy dropped the route, and so does the run, with sp-regex-invalid', () => {
  const before = [
    SERVICE,
    profile({
      routes: [
        { name: 'ahead', condition: { pathRegex: '/(?!b)a' }, timeout: '1s' },
        { name: 'both', condition: { all: [{ method: 'POST' }, { pathRegex: '/a(?<=a)' }] } },
      ],
    }),
  ]
  const r = run(before)
  assert.ok(r.findings.some((f) => f.code === 'sp-regex-invalid' && f.message.includes('"ahead"')))
  assert.ok(!r.after.some((o) => o.metadata?.annotations?.['smi-migrate.io/serviceprofile-route'] === 'ahead'))
  for (const [m, p] of [
    ['GET', '/a'],
    ['POST', '/a'],
    ['POST', '/zz'],
  ] as const)
    same(before, r.after, req(m, p))
})

test('every route dropped for its regex, beside a hand-written route: Linkerd ignored the profile, so it is left (sp-delete), not turned into a catch-all', () => {
  const manual = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'web-manual', namespace: 'shop' },
    spec: { parentRefs: [{ group: '', kind: 'Service', name: 'web' }], rules: [{ matches: [{ method: 'GET' }] }] },
  }
  for (const namespace of ['shop', 'client']) {
    const before = [
      SERVICE,
      manual,
      profile({ routes: [{ name: 'ahead', condition: { pathRegex: '/(?!b)a' }, timeout: '1s' }] }, namespace),
    ]
    const r = run(before)
    const left = r.findings.find((f) => f.code === 'sp-delete')
    assert.ok(left && left.message.includes('"ahead"') && left.message.includes('refused'), JSON.stringify(r.findings))
    // POST matches no hand-written route: refused before, and still refused after.
    for (const [m, p] of [
      ['GET', '/a'],
      ['POST', '/a'],
      ['PUT', '/'],
    ] as const)
      same(before, r.after, req(m, p, { clientNamespace: namespace }))
  }
  // With dstOverrides the proxy kept, the profile routed every request: it is converted.
  const split = profile({
    routes: [{ name: 'ahead', condition: { pathRegex: '/(?!b)a' } }],
    dstOverrides: [{ authority: 'web-v1.shop.svc.cluster.local:80', weight: 1 }],
  })
  const r = run([SERVICE, V1, manual, split])
  assert.ok(!r.findings.some((f) => f.code === 'sp-delete'), JSON.stringify(r.findings))
  assert.ok(r.after.some((o) => o.kind === 'HTTPRoute' && o.metadata?.name === 'web-default'))
})

test('a profile route removed since an earlier run: the route written from it is named for deletion (route-drift)', () => {
  const a = { name: 'get-a', condition: { pathRegex: '/a' }, timeout: '1s' }
  const b = { name: 'get-b', condition: { pathRegex: '/b' }, timeout: '2s', isRetryable: true }
  const first = run([SERVICE, profile({ routes: [a, b] })], '--keep-serviceprofile')
  const routes = first.after.filter((o) => o.kind === 'HTTPRoute')
  assert.ok(
    routes.some((o) => o.metadata?.name === 'web-get-b'),
    JSON.stringify(first.findings),
  )
  for (const flags of [[], ['--keep-serviceprofile']]) {
    const before = [SERVICE, profile({ routes: [a] }), ...routes]
    const r = run(before, ...flags)
    const drift = r.findings.find((f) => f.code === 'route-drift' && f.message.includes('web-get-b') && f.message.includes('"get-b"'))
    assert.ok(drift, `${flags.join(' ')}: ${JSON.stringify(r.findings)}`)
    // Once the profile is gone, GET /b goes to the old route: what the finding names.
    const gone = r.after.filter((o) => o.kind !== 'ServiceProfile')
    const after = routeWith(gone, req('GET', '/b'))
    assert.ok(difference(routeWith(before, req('GET', '/b')), after) !== undefined)
    assert.is(after.object, 'HTTPRoute shop/web-get-b')
    same(before, gone, req('GET', '/a'))
  }
})

test('timeout scope: a note says the route timeout also covers the response body', () => {
  const r = run([SERVICE, profile({ routes: [{ name: 'slow', condition: { method: 'GET' }, timeout: '2s' }] })])
  const note = r.findings.find((f) => f.code === 'sp-timeout-scope')
  assert.ok(note && note.severity === 'info' && note.message.includes('"slow"'), JSON.stringify(r.findings))
})

test("consumer profiles: backendRefs name the Service's namespace", () => {
  const consumer = profile(
    {
      routes: [{ name: 'c', condition: { pathRegex: '/c' } }],
      dstOverrides: [{ authority: 'web-v1.shop.svc.cluster.local', weight: '1' }],
    },
    'client',
  )
  const before = [SERVICE, V1, consumer]
  const r = run(before)
  const refs = r.after
    .filter((o) => o.metadata?.namespace === 'client' && o.kind === 'HTTPRoute')
    .flatMap((o) => o.spec.rules.flatMap((x: Obj) => x.backendRefs ?? []))
  assert.ok(refs.length > 0 && refs.every((b: Obj) => b.namespace === 'shop'), JSON.stringify(refs))
  same(before, r.after, req('POST', '/c', { clientNamespace: 'client' }))
})

test('consumer profiles: merging with producer routes would send requests elsewhere: left for a person, naming them', () => {
  const consumer = profile({ routes: [{ name: 'c', condition: { pathRegex: '/c' } }] }, 'client')
  const producer = profile({ routes: [{ name: 'p', condition: { method: 'GET' }, timeout: '30s' }] })
  const before = [SERVICE, V1, consumer, producer]
  const r = run(before)
  const merged = r.findings.find((f) => f.code === 'sp-consumer-merged')
  assert.ok(
    merged?.pending && merged.message.includes('clients in client') && merged.message.includes('shop/web.shop.svc.cluster.local'),
    JSON.stringify(r.findings),
  )
  // The consumer profile stays as it was: its clients' GET /x still goes where it went.
  assert.ok(r.after.some((o) => o.kind === 'ServiceProfile' && o.metadata.namespace === 'client'))
  assert.ok(!r.after.some((o) => o.kind === 'HTTPRoute' && o.metadata.namespace === 'client'))
  same(before, r.after, req('GET', '/x', { clientNamespace: 'client' }))
})

test('smi.linkerd.io/skip: the split never applied; the split is refused, the profile keeps its own dstOverrides', () => {
  const split = {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name: 'web-split', namespace: 'shop' },
    spec: {
      service: 'web',
      backends: [
        { service: 'web', weight: 50 },
        { service: 'web-v1', weight: 50 },
      ],
    },
  }
  const own = profile(
    {
      routes: [{ name: 'get', condition: { method: 'GET' } }],
      dstOverrides: [{ authority: 'web-v1.shop.svc.cluster.local', weight: '1' }],
    },
    'shop',
    { 'smi.linkerd.io/skip': 'true' },
  )
  const before = [SERVICE, V1, split, own]
  const r = run(before)
  assert.is(r.status, 2)
  assert.ok(r.findings.some((f) => f.code === 'sp-skip' && f.severity === 'error'))
  assert.ok(
    r.after.some((o) => o.kind === 'TrafficSplit'),
    'the split is left as it was',
  )
  const after = r.after.filter((o) => o.kind !== 'TrafficSplit')
  for (const [m, p] of [
    ['GET', '/'],
    ['POST', '/x'],
  ] as const)
    same(
      before.filter((o) => o.kind !== 'TrafficSplit'),
      after,
      req(m, p),
    )
})

test('hand-written routes beside a profile: the profile shadowed them; sp-routes-beside names them', () => {
  const manual = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'web-manual', namespace: 'shop', annotations: { 'timeout.linkerd.io/request': '5s' } },
    spec: { parentRefs: [{ group: '', kind: 'Service', name: 'web' }], rules: [{ matches: [{ method: 'POST' }] }] },
  }
  const before = [SERVICE, manual, profile({ routes: [{ name: 'get', condition: { method: 'GET' } }] })]
  const r = run(before)
  assert.ok(difference(routeWith(before, req('POST', '/')), routeWith(r.after, req('POST', '/'))), 'the manual route takes POST now')
  const beside = r.findings.find((f) => f.code === 'sp-routes-beside')
  assert.ok(beside && beside.severity === 'warning' && beside.message.includes('HTTPRoute shop/web-manual'), JSON.stringify(r.findings))
})

test('dstOverrides on a port Linkerd serves as opaque become a TCPRoute there; every port of a split is checked, in any order', () => {
  for (const ports of [
    [{ port: 80 }, { port: 5432 }],
    [{ port: 5432 }, { port: 80 }],
  ]) {
    const service = { ...SERVICE, spec: { ports } }
    const v1 = { ...V1, spec: { ports } }
    const withOverrides = [
      service,
      v1,
      profile({
        routes: [{ name: 'get', condition: { method: 'GET' }, timeout: '1s' }],
        dstOverrides: [{ authority: 'web-v1.shop.svc.cluster.local', weight: '1' }],
      }),
    ]
    const r = run(withOverrides)
    assert.is(r.findings.filter((f) => f.severity === 'error').length, 0, JSON.stringify(r.findings))
    assert.ok(r.after.some((o) => o.kind === 'TCPRoute' && o.spec.parentRefs[0].port === 5432))
    for (const request of [
      req('GET', '/', { port: 5432 }),
      req('GET', '/', { port: 5432, protocol: 'opaque' }),
      req('GET', '/'),
      req('POST', '/x'),
    ])
      same(withOverrides, r.after, request)
    const split = {
      apiVersion: 'split.smi-spec.io/v1alpha2',
      kind: 'TrafficSplit',
      metadata: { name: 'web-split', namespace: 'shop' },
      spec: {
        service: 'web',
        backends: [
          { service: 'web', weight: 90 },
          { service: 'web-v1', weight: 10 },
        ],
      },
    }
    const withSplit = [service, v1, split, profile({ routes: [{ name: 'get', condition: { method: 'GET' } }] })]
    const s2 = run(withSplit)
    assert.is(s2.status, 0, JSON.stringify(s2.findings))
    for (const request of [req('GET', '/', { port: 5432 }), req('GET', '/'), req('POST', '/')]) same(withSplit, s2.after, request)
  }
})

test('zero weights: all-zero dstOverrides and an all-zero split leave the traffic to the Service, as the proxy did; port 99999 is dropped, port 0 refused', () => {
  const zero = [
    SERVICE,
    V1,
    profile({
      routes: [{ name: 'get', condition: { method: 'GET' } }],
      dstOverrides: [
        { authority: 'web-v1.shop.svc.cluster.local', weight: '0' },
        { authority: 'web-v1.shop.svc.cluster.local:99999', weight: '1' },
      ],
    }),
  ]
  const r = run(zero)
  assert.ok(r.findings.some((f) => f.code === 'sp-dst-overrides' && f.message.includes('dropped every one')))
  for (const request of [req('GET', '/'), req('PUT', '/')]) same(zero, r.after, request)
  const split = {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name: 'web-split', namespace: 'shop' },
    spec: { service: 'web', backends: [{ service: 'web-v1', weight: 0 }] },
  }
  const s2 = run([SERVICE, V1, split])
  same([SERVICE, V1, split], s2.after, req('GET', '/'))
  const port0 = run([SERVICE, V1, profile({ dstOverrides: [{ authority: 'web-v1.shop.svc.cluster.local:0', weight: '1' }] })])
  assert.is(port0.status, 2)
})

test('HTTP/2 to a port declaring appProtocol http fails before and after alike: the port, not the routes, decides the version', () => {
  const http1 = { ...SERVICE, spec: { ports: [{ port: 80, appProtocol: 'http' }] } }
  const manual = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: 'web-manual', namespace: 'shop' },
    spec: { parentRefs: [{ group: '', kind: 'Service', name: 'web' }], rules: [{ matches: [{ method: 'GET' }] }] },
  }
  // Before: a profile in the client namespace, or one whose every route the proxy dropped
  // (left in place), and the Service's policy took the request; after: routes take it.
  for (const before of [
    [http1, profile({ routes: [{ name: 'api', condition: { pathRegex: '/a' }, timeout: '1s' }] }, 'client')],
    [http1, manual, profile({ routes: [{ name: 'api', condition: { pathRegex: '/(?!b)a' } }] }, 'client')],
  ]) {
    const r = run(before)
    assert.ok(r.status === 0 || r.status === 1, JSON.stringify(r.findings))
    for (const clientNamespace of ['client', 'shop'])
      for (const protocol of ['http1', 'http2'] as const)
        for (const [m, p] of [
          ['GET', '/'],
          ['POST', '/a'],
        ] as const)
          same(before, r.after, req(m, p, { clientNamespace, protocol }))
  }
})

test('a gRPC-only profile of a Service with other ports becomes HTTPRoutes: HTTP/1.1 calls to the other port still work', () => {
  const service = { ...SERVICE, spec: { ports: [{ port: 8080 }, { port: 9090, name: 'metrics' }] } }
  const grpc = [service, profile({ routes: [{ name: 'Get', condition: { method: 'POST', pathRegex: '/pkg\\.Svc/Get' } }] })]
  const r = run(grpc)
  assert.ok(!r.after.some((o) => o.kind === 'GRPCRoute'))
  assert.ok(r.findings.some((f) => f.code === 'sp-grpc' && f.message.includes('every port')))
  same(grpc, r.after, req('GET', '/metrics', { port: 9090 }))
  same(grpc, r.after, req('POST', '/pkg.Svc/Get', { port: 8080, protocol: 'http2' }))
})

test.run()
