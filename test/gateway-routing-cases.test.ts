/**
 * Review findings on `--to gateway` routing (issue 38), each through the built CLI
 * (dist/cli.js), judged by the model of Linkerd (test/helpers/linkerd/): a request the model
 * routes otherwise after the run must be named by a finding, left for a person (exit 1).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments, stringify } from 'yaml'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { type Obj, type Request, routeWith } from './helpers/linkerd/index.js'
import { difference } from './helpers/routing-compare.js'

interface Finding {
  severity: string
  code: string
  message: string
  pending?: boolean
}

interface Run {
  status: number | null
  after: Obj[]
  findings: Finding[]
}

function run(objects: Obj[], ...flags: string[]): Run {
  const input = objects.map((o) => stringify(o)).join('---\n')
  const r = cli(['--to', 'gateway', '--format', 'json', ...flags, '-'], { input })
  const findings = (JSON.parse(r.stderr || '[]') as Finding[]).filter((f) => typeof f.code === 'string')
  return { status: r.status, after: parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj), findings }
}

/** The exit status of `--write` on the same input in a file: 1 when a finding is left for a person. */
function checked(objects: Obj[], ...flags: string[]): number | null {
  const dir = tempDir('routing-cases')
  try {
    writeFileSync(join(dir, 'in.yaml'), objects.map((o) => stringify(o)).join('---\n'))
    return cli(['--to', 'gateway', '--write', ...flags, 'in.yaml'], { cwd: dir }).status
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const L218 = ['--linkerd', '2.18']

function service(name: string, ports: Obj[], annotations?: Obj): Obj {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'shop', ...(annotations ? { annotations } : {}) },
    spec: { ports },
  }
}

function profile(spec: Obj, name = 'web'): Obj {
  return {
    apiVersion: 'linkerd.io/v1alpha2',
    kind: 'ServiceProfile',
    metadata: { name: `${name}.shop.svc.cluster.local`, namespace: 'shop' },
    spec,
  }
}

function split(name: string, root: string, backends: Array<[string, number | string]>): Obj {
  return {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name, namespace: 'shop' },
    spec: { service: root, backends: backends.map(([s, weight]) => ({ service: s, weight })) },
  }
}

function req(method: string, path: string, more: Partial<Request> = {}): Request {
  return { clientNamespace: 'shop', service: 'web', namespace: 'shop', port: 80, protocol: 'http1', method, path, ...more }
}

/** Each request the model routes otherwise is named by a pending warning of `code` (a route object's name before or after, or the profile route's). */
function reported(before: Obj[], r: Run, code: string, requests: Request[]): number {
  let differ = 0
  for (const request of requests) {
    const b = routeWith(before, request)
    const a = routeWith(r.after, request)
    const d = difference(b, a)
    if (!d) continue
    differ++
    const names = [a.object?.split('/')[1], b.object?.split('/')[1], b.profileRoute && JSON.stringify(b.profileRoute)].filter(
      (n): n is string => !!n,
    )
    assert.ok(
      r.findings.some((f) => f.code === code && f.severity === 'warning' && f.pending === true && names.some((n) => f.message.includes(n))),
      `${request.method} ${request.path} port ${request.port}: ${d}; no pending ${code} names ${names.join(' or ')}: ${JSON.stringify(r.findings)}`,
    )
  }
  return differ
}

const SERVICE_DEFAULTS = { 'retry.linkerd.io/http': '5xx', 'retry.linkerd.io/limit': '3', 'timeout.linkerd.io/request': '10s' }

test("review 1: routes take the Service's retries and timeout the profile kept from them: named, pending", () => {
  const before = [
    service('web', [{ name: 'http', port: 80 }], SERVICE_DEFAULTS),
    profile({
      routes: [
        { name: 'POST /api/payments', condition: { method: 'POST', pathRegex: '/api/payments' } },
        { name: 'GET /api/report', condition: { method: 'GET', pathRegex: '/api/report' }, timeout: '60s' },
        { name: 'GET /api/items', condition: { method: 'GET', pathRegex: '/api/items' }, isRetryable: true },
      ],
    }),
  ]
  const r = run(before, ...L218)
  const differ = reported(before, r, 'service-defaults', [
    req('POST', '/api/payments'),
    req('GET', '/api/report'),
    req('GET', '/api/items'),
    req('GET', '/other'),
  ])
  assert.ok(differ >= 3, `the model sees the change (${differ})`)
  assert.is(checked(before, ...L218), 1)
  const f = r.findings.find((x) => x.code === 'service-defaults')!
  assert.match(f.message, 'retry.linkerd.io/http: 5xx')
  // A route with retries of its own takes only the Service's timeout.
  assert.match(f.message, 'web-get-api-items ("GET /api/items") takes timeout.linkerd.io/request;')
})

test("review 1: a TrafficSplit's route takes the Service's retries, which linkerd-smi's profile kept from it", () => {
  const before = [
    service('web', [{ port: 80 }], { 'retry.linkerd.io/http': '5xx' }),
    service('web-v2', [{ port: 80 }]),
    split('web-split', 'web', [
      ['web', 90],
      ['web-v2', 10],
    ]),
  ]
  const r = run(before, ...L218)
  assert.ok(reported(before, r, 'service-defaults', [req('GET', '/')]) === 1)
  assert.is(checked(before, ...L218), 1)
})

test('review 1: a Service without such annotations: no finding', () => {
  const before = [service('web', [{ port: 80 }]), profile({ routes: [{ name: 'get', condition: { method: 'GET' } }] })]
  const r = run(before, ...L218)
  assert.is(checked(before, ...L218), 0)
  assert.not.ok(r.findings.some((f) => f.code === 'service-defaults'))
})

function route(kind: string, name: string, port: number | undefined, rules: Obj[]): Obj {
  const version = kind === 'TCPRoute' ? 'v1alpha2' : 'v1'
  return {
    apiVersion: `gateway.networking.k8s.io/${version}`,
    kind,
    metadata: { name, namespace: 'shop' },
    spec: { parentRefs: [{ group: '', kind: 'Service', name: 'web', ...(port !== undefined ? { port } : {}) }], rules },
  }
}

const GET_X = profile({ routes: [{ name: 'GET /x', condition: { method: 'GET', pathRegex: '/x' }, timeout: '1s' }] })

test("review 4a: the profile's port-less HTTPRoutes take a port without appProtocol from a TCPRoute: named, pending", () => {
  const before = [
    service('web', [
      { name: 'http', port: 80 },
      { name: 'stream', port: 7000 },
    ]),
    service('web-stream-v2', [{ port: 7000 }]),
    route('TCPRoute', 'web-stream', 7000, [
      {
        backendRefs: [
          { name: 'web', port: 7000, weight: 50 },
          { name: 'web-stream-v2', port: 7000, weight: 50 },
        ],
      },
    ]),
    GET_X,
  ]
  const r = run(before, ...L218)
  const differ = reported(before, r, 'sp-routes-beside', [
    req('', '', { port: 7000, protocol: 'opaque' }),
    req('GET', '/x', { port: 7000 }),
    req('GET', '/x'),
  ])
  assert.is(differ, 1, 'connections that are not HTTP lose the TCPRoute')
  assert.not.ok(
    r.findings.some((f) => f.message.includes('beside the profile')),
    'no merge is claimed',
  )
  assert.is(checked(before, ...L218), 1)
})

test("review 4b: a GRPCRoute on an h2c port drops the profile's HTTPRoutes there: named, pending", () => {
  const before = [
    service('web', [
      { name: 'http', port: 80 },
      { name: 'grpc', port: 9090, appProtocol: 'kubernetes.io/h2c' },
    ]),
    route('GRPCRoute', 'web-grpc', 9090, [{ matches: [{ method: { service: 'pkg.Svc', method: 'Get' } }] }]),
    GET_X,
  ]
  const r = run(before, ...L218)
  const differ = reported(before, r, 'sp-routes-beside', [
    req('GET', '/x', { port: 9090, protocol: 'http2' }),
    req('POST', '/pkg.Svc/Get', { port: 9090, protocol: 'http2' }),
    req('GET', '/x'),
  ])
  assert.ok(differ >= 1, 'requests on 9090 lose the profile routes')
  assert.is(checked(before, ...L218), 1)
})

test('review 4: an HTTPRoute beside the profile still competes with its routes (a warning, not pending)', () => {
  const before = [service('web', [{ port: 80 }]), route('HTTPRoute', 'web-manual', undefined, [{ matches: [{ method: 'POST' }] }]), GET_X]
  const r = run(before, ...L218)
  const f = r.findings.find((x) => x.code === 'sp-routes-beside')
  assert.ok(f && f.message.includes('beside the profile') && f.pending !== true, JSON.stringify(r.findings))
})

test('review 3: a kept TrafficSplit renamed between runs: the old route, which wins the tie, is named, pending', () => {
  const dir = tempDir('routing-renamed')
  try {
    const file = join(dir, 'app.yaml')
    const dump = (objects: Obj[]): string => objects.map((o) => stringify(o)).join('---\n')
    const services = [service('web', [{ port: 80 }]), service('web-v2', [{ port: 80 }])]
    writeFileSync(
      file,
      dump([
        ...services,
        split('web-split', 'web', [
          ['web', 90],
          ['web-v2', 10],
        ]),
      ]),
    )
    const flags = ['--to', 'gateway', '--linkerd', '2.18', '--keep-trafficsplit', '--format', 'json', '--write', 'app.yaml']
    assert.is(cli(flags, { cwd: dir }).status, 0)
    const first = parseAllDocuments(readFileSync(file, 'utf8')).map((d) => d.toJS() as Obj)
    const renamed = first.map((o) =>
      o.kind === 'TrafficSplit'
        ? split('web-canary', 'web', [
            ['web', 50],
            ['web-v2', 50],
          ])
        : o,
    )
    writeFileSync(file, dump(renamed))
    const second = cli(flags, { cwd: dir })
    const findings = (JSON.parse(second.stdout) as Finding[]).filter((f) => typeof f.code === 'string')
    // In the cluster the route applied by the first run is the older one.
    const after = parseAllDocuments(readFileSync(file, 'utf8'))
      .map((d) => d.toJS() as Obj)
      .filter((o) => o.kind !== 'TrafficSplit')
      .map((o) => (o.metadata?.name === 'web-split' ? { ...o, metadata: { ...o.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } } : o))
    const request = req('GET', '/')
    assert.ok(difference(routeWith(renamed, request), routeWith(after, request)), 'the model sees the old split win')
    assert.ok(
      findings.some((f) => f.code === 'route-drift' && f.pending === true && f.message.includes('HTTPRoute web-split')),
      JSON.stringify(findings),
    )
    assert.is(second.status, 1)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("review 9: TrafficSplit weights whose milli value x 10 wraps Linkerd's 32 bits are refused, as in dstOverrides", () => {
  const before = [
    service('web', [{ port: 80 }]),
    service('web-v2', [{ port: 80 }]),
    split('web-split', 'web', [
      ['web', 900000],
      ['web-v2', 100000],
    ]),
  ]
  const nominal = routeWith([before[0]!, before[1]!], req('GET', '/'))
  const applied = routeWith(before, req('GET', '/'))
  assert.ok(difference(nominal, applied), 'the model wraps the weights')
  for (const flags of [L218, ['--mesh', 'linkerd'], []]) {
    const r = run(before, ...flags)
    const d = difference(applied, routeWith(r.after, req('GET', '/')))
    assert.ok(d === undefined, `${flags.join(' ')}: ${d ?? ''}`)
    assert.ok(
      r.findings.some((f) => f.code === 'invalid-weight' && f.message.includes("overflows Linkerd's weight")),
      JSON.stringify(r.findings),
    )
    assert.is(r.status, 2)
  }
  // Another mesh read the weights as they are.
  assert.is(run(before, '--mesh', 'osm').status, 0)
})

test('review 7, r38-final D3: appProtocol grpc or h2c without --linkerd: the release decides, so the split is left unless another mesh is named', () => {
  for (const app of ['grpc', 'h2c']) {
    const before = [
      service('web', [{ name: 'rpc', port: 9090, appProtocol: app }]),
      service('web-v2', [{ name: 'rpc', port: 9090, appProtocol: app }]),
      split('web-split', 'web', [
        ['web', 90],
        ['web-v2', 10],
      ]),
    ]
    for (const flags of [['--mesh', 'linkerd'], []]) {
      const r = run(before, ...flags)
      // A GRPCRoute or HTTPRoute there would be ignored from 2.18 (the split lost): nothing is written.
      assert.is(r.status, 1)
      const connection = req('', '', { port: 9090, protocol: 'opaque' })
      assert.is(difference(routeWith(before, connection), routeWith(r.after, connection)), undefined)
      assert.not.ok(r.after.some((o) => String(o.kind).endsWith('Route')))
      assert.ok(
        r.findings.some(
          (f) =>
            f.code === 'linkerd-opaque-port' &&
            f.severity === 'warning' &&
            f.message.includes(`appProtocol ${app}`) &&
            f.message.includes('--linkerd <release>'),
        ),
        `${app} ${flags.join(' ')}: ${JSON.stringify(r.findings)}`,
      )
      // Named, the release decides: from 2.18 a TCPRoute carries the split as Linkerd did.
      const named = run(before, ...flags, ...L218)
      assert.is(named.status, 0)
      assert.is(difference(routeWith(before, connection), routeWith(named.after, connection)), undefined)
    }
    assert.not.ok(run(before, '--mesh', 'osm').findings.some((f) => f.code === 'linkerd-opaque-port'))
  }
})

const GRPC_METHOD = (m: string, retry = false): Obj => ({
  name: `POST /emojivoto.v1.EmojiService/${m}`,
  condition: { method: 'POST', pathRegex: `/emojivoto\\.v1\\.EmojiService/${m}` },
  ...(retry ? { isRetryable: true } : {}),
})

test('review 5: a one-port Service whose profile is all gRPC methods: GRPCRoutes would end HTTP/1.1 on the port, left for a person', () => {
  const before = [
    service('web', [{ name: 'grpc', port: 8080 }]),
    profile({ routes: [GRPC_METHOD('FindByShortcode'), GRPC_METHOD('ListAll')] }),
  ]
  const r = run(before, ...L218)
  // Nothing is written (sp-grpc pending): HTTP/1.1 on the port is routed as before.
  assert.not.ok(r.after.some((o) => o.kind === 'GRPCRoute' || o.kind === 'HTTPRoute'))
  const metrics = req('GET', '/metrics', { port: 8080 })
  assert.not.ok(difference(routeWith(before, metrics), routeWith(r.after, metrics)), 'HTTP/1.1 routed as before')
  assert.ok(
    r.findings.some((f) => f.code === 'sp-grpc' && f.severity === 'warning' && f.pending === true && f.message.includes('HTTP/1.1')),
    JSON.stringify(r.findings),
  )
})

test('review 6: gRPC methods that become HTTPRoutes beside a TrafficSplit retry HTTP statuses only: warned', () => {
  // A profile retried a gRPC response by its grpc-status too (linkerd2-proxy@29637b64f:
  // linkerd/app/outbound/src/http/retry.rs, linkerd/app/core/src/classify.rs); an HTTPRoute's
  // retry.linkerd.io/http reads the HTTP status only (linkerd/app/outbound/src/http/logical/policy/route/retry.rs).
  const before = [
    service('web', [{ port: 8080 }]),
    service('web-v2', [{ port: 8080 }]),
    split('web-split', 'web', [
      ['web', 90],
      ['web-v2', 10],
    ]),
    profile({ routes: [GRPC_METHOD('FindByShortcode', true)] }),
  ]
  const r = run(before, ...L218)
  const f = r.findings.find((x) => x.code === 'sp-grpc')
  assert.ok(f && f.message.includes('HTTP statuses only') && f.message.includes('FindByShortcode'), JSON.stringify(r.findings))
})

test("review 10: a backend without the root's port took its share on Linkerd (the port number as the pods' port): pending, said so", () => {
  const before = [
    service('web', [{ port: 80, targetPort: 8080 }]),
    service('web-canary', [{ port: 8080 }]),
    split('web-split', 'web', [
      ['web', 900],
      ['web-canary', 100],
    ]),
  ]
  const r = run(before, ...L218)
  assert.ok(
    difference(routeWith(before, req('GET', '/')), routeWith(r.after, req('GET', '/'))),
    'the model sends web-canary its share before',
  )
  const f = r.findings.find((x) => x.code === 'backend-port-missing')
  assert.ok(f && f.pending === true && f.message.includes('on Linkerd it still took its share'), JSON.stringify(r.findings))
  assert.not.match(f.message, 'as SMI leaves it out')
  // Another mesh left it out, as SMI says: a warning, not pending.
  const osm = run(before, '--mesh', 'osm').findings.find((x) => x.code === 'backend-port-missing')
  assert.ok(osm && osm.pending !== true && osm.message.includes('as SMI leaves it out'), JSON.stringify(osm))
})

test('review 11: a REST POST /api/orders is no gRPC method: no gRPC warning, an HTTPRoute', () => {
  const before = [
    service('web', [{ port: 80 }]),
    profile({ routes: [{ name: 'POST /api/orders', condition: { method: 'POST', pathRegex: '/api/orders' }, isRetryable: true }] }),
  ]
  const r = run(before, ...L218)
  assert.not.ok(
    r.findings.some((f) => f.code === 'sp-grpc'),
    JSON.stringify(r.findings),
  )
  assert.ok(r.after.every((o) => o.kind !== 'GRPCRoute'))
})

test.run()
