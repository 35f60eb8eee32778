/**
 * The model of Linkerd's routing (test/helpers/linkerd/) on cases whose answer Linkerd's docs or
 * sources state, so that the property test's oracle is itself checked.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type Obj, type Request, routeWith } from './helpers/linkerd/index.js'

const svc = (ports: Obj[], name = 'web', namespace = 'shop'): Obj => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name, namespace },
  spec: { ports },
})
const sp = (namespace: string, spec: Obj, annotations?: Obj): Obj => ({
  apiVersion: 'linkerd.io/v1alpha2',
  kind: 'ServiceProfile',
  metadata: { name: 'web.shop.svc.cluster.local', namespace, ...(annotations ? { annotations } : {}) },
  spec,
})
const route = (name: string, rules: Obj[], extra: Obj = {}): Obj => ({
  apiVersion: 'gateway.networking.k8s.io/v1',
  kind: 'HTTPRoute',
  metadata: { name, namespace: 'shop', ...extra },
  spec: { parentRefs: [{ group: '', kind: 'Service', name: 'web' }], rules },
})
const req = (method: string, path: string, more: Partial<Request> = {}): Request => ({
  clientNamespace: 'shop',
  service: 'web',
  namespace: 'shop',
  port: 80,
  protocol: 'http1',
  method,
  path,
  ...more,
})
const port80 = [{ port: 80 }]

test('a profile takes the first route that matches; routes take the longest path match', () => {
  const profile = sp('shop', {
    routes: [
      { name: 'get', condition: { method: 'GET' } },
      { name: 'x', condition: { pathRegex: '/x' } },
    ],
  })
  assert.is(routeWith([svc(port80), profile], req('GET', '/x')).profileRoute, 'get')
  const routes = [route('get', [{ matches: [{ method: 'GET' }] }]), route('x', [{ matches: [{ path: { type: 'Exact', value: '/x' } }] }])]
  assert.is(routeWith([svc(port80), ...routes], req('GET', '/x')).object, 'HTTPRoute shop/x')
})

test('ties go to the older route, then the first name; routes with a creation time first', () => {
  const a = route('b-route', [{ matches: [{ method: 'GET' }] }])
  const b = route('a-route', [{ matches: [{ method: 'GET' }] }])
  assert.is(routeWith([svc(port80), a, b], req('GET', '/')).object, 'HTTPRoute shop/a-route')
  const older = route('b-route', [{ matches: [{ method: 'GET' }] }], { creationTimestamp: '2024-01-01T00:00:00Z' })
  assert.is(routeWith([svc(port80), older, b], req('GET', '/')).object, 'HTTPRoute shop/b-route')
})

test("a client's own profile replaces the Service's; producer and consumer routes merge", () => {
  const producer = sp('shop', { routes: [{ name: 'p', condition: { method: 'GET' }, timeout: '1s' }] })
  const consumer = sp('client', { routes: [{ name: 'c', condition: { pathRegex: '/c' } }] })
  const got = routeWith([svc(port80), producer, consumer], req('GET', '/x', { clientNamespace: 'client' }))
  assert.is(got.profileRoute, '[DEFAULT]')
  assert.is(got.timeoutNs, undefined)
  const consumerRoute = route('c', [{ matches: [{ path: { type: 'Exact', value: '/c' } }] }])
  consumerRoute.metadata.namespace = 'client'
  consumerRoute.spec.parentRefs[0].namespace = 'shop'
  const producerRoute = route('p', [{ matches: [{ method: 'GET' }] }], { annotations: { 'timeout.linkerd.io/request': '1s' } })
  const merged = routeWith([svc(port80), producerRoute, consumerRoute], req('GET', '/x', { clientNamespace: 'client' }))
  assert.is(merged.object, 'HTTPRoute shop/p')
  assert.is(merged.timeoutNs, 1000000000n)
  assert.is(
    routeWith([svc(port80), producerRoute, consumerRoute], req('GET', '/c', { clientNamespace: 'other' })).object,
    'HTTPRoute shop/p',
  )
})

test('linkerd-smi writes a split into the profile, unless it carries smi.linkerd.io/skip', () => {
  const split = {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name: 's', namespace: 'shop' },
    spec: { service: 'web', backends: [{ service: 'web-v2', weight: 1 }] },
  }
  const own = { dstOverrides: [{ authority: 'web-v1.shop.svc.cluster.local', weight: '1' }] }
  assert.equal(Object.keys(routeWith([svc(port80), split, sp('shop', own)], req('GET', '/')).backends), ['shop/web-v2:80'])
  assert.equal(Object.keys(routeWith([svc(port80), split, sp('shop', own, { 'smi.linkerd.io/skip': '' })], req('GET', '/')).backends), [
    'shop/web-v1:80',
  ])
  // Without a profile, the adaptor makes one.
  assert.equal(Object.keys(routeWith([svc(port80), split], req('GET', '/')).backends), ['shop/web-v2:80'])
})

test('the proxy drops zero weights, ports that are not ports, regexes it cannot compile and unset fields', () => {
  const zero = sp('shop', {
    dstOverrides: [
      { authority: 'web-v1.shop.svc.cluster.local', weight: '0' },
      { authority: 'web-v2.shop.svc.cluster.local:99999', weight: '1' },
    ],
  })
  // No target left: the profile has neither routes nor targets, so the Service itself takes the request.
  assert.is(routeWith([svc(port80), zero], req('GET', '/')).by, 'service')
  const routes = sp('shop', {
    routes: [
      { name: 'look-ahead', condition: { pathRegex: '/(?!b)a' } },
      { name: 'empty', condition: { method: 'GET', pathRegex: '' }, timeout: '0s' },
    ],
  })
  const got = routeWith([svc(port80), routes], req('GET', '/a'))
  assert.is(got.profileRoute, 'empty')
  assert.is(got.timeoutNs, undefined)
})

test('a GRPCRoute makes a detected port gRPC: HTTP/1.1 fails; an opaque port takes only TCPRoutes', () => {
  const grpc = {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'GRPCRoute',
    metadata: { name: 'g', namespace: 'shop' },
    spec: {
      parentRefs: [{ group: '', kind: 'Service', name: 'web' }],
      rules: [{ matches: [{ method: { service: 'pkg.Svc', method: 'Get' } }] }],
    },
  }
  assert.is(routeWith([svc(port80), grpc], req('GET', '/metrics')).by, 'refused')
  assert.is(routeWith([svc(port80), grpc], req('POST', '/pkg.Svc/Get', { protocol: 'http2' })).object, 'GRPCRoute shop/g')
  const opaque = svc([{ port: 80, appProtocol: 'linkerd.io/opaque' }])
  assert.is(routeWith([opaque, route('r', [{}])], req('GET', '/')).by, 'service')
})

test('a port declaring one HTTP version refuses a client speaking another, whether a profile or routes route it', () => {
  const http = svc([{ port: 80, appProtocol: 'http' }])
  const h2c = svc([{ port: 80, appProtocol: 'kubernetes.io/h2c' }])
  const profile = sp('shop', { routes: [{ name: 'get', condition: { method: 'GET' } }] })
  const all = route('all', [{}])
  for (const objects of [[http], [http, profile], [http, all]]) {
    assert.is(routeWith(objects, req('GET', '/', { protocol: 'http2' })).by, 'refused')
    assert.is(routeWith(objects, req('GET', '/', { protocol: 'opaque' })).by, 'refused')
    assert.is.not(routeWith(objects, req('GET', '/')).by, 'refused')
  }
  for (const objects of [[h2c], [h2c, profile], [h2c, all]]) {
    assert.is(routeWith(objects, req('GET', '/')).by, 'refused')
    assert.is.not(routeWith(objects, req('GET', '/', { protocol: 'http2' })).by, 'refused')
  }
})

test('a dstOverride weight is sent as uint32(milli value x 10): past 32 bits it wraps', () => {
  const wrapped = sp('shop', {
    dstOverrides: [
      { authority: 'web-v1.shop.svc.cluster.local', weight: '900000' },
      { authority: 'web-v2.shop.svc.cluster.local', weight: '100000' },
    ],
  })
  // 9e9 mod 2^32 = 410065408 beside 1e9.
  assert.equal(routeWith([svc(port80), wrapped], req('GET', '/')).backends['shop/web-v1:80'], [800909n, 2754034n])
})

test('a consumer route without a backendRef namespace names a Service in its own namespace', () => {
  const r = route('c', [{ backendRefs: [{ name: 'web-v1', port: 80 }] }])
  r.metadata.namespace = 'client'
  r.spec.parentRefs[0].namespace = 'shop'
  assert.equal(Object.keys(routeWith([svc(port80), r], req('GET', '/', { clientNamespace: 'client' })).backends), ['client/web-v1:80'])
})

// Released proxies (linkerd2-proxy release/v2.366.0, Linkerd 2.18-2.20) rank a match by its path's
// length, then its header count, its query parameter count, and last its method (helpers/linkerd/routes.ts).
test('at the same path length header matches beat query parameters, and both beat a method match', () => {
  const byMethod = route('m', [{ matches: [{ method: 'GET' }] }])
  const byHeader = route('h', [{ matches: [{ headers: [{ name: 'x-canary', value: '1' }] }] }])
  const byQuery = route('q', [{ matches: [{ queryParams: [{ name: 'v', value: '2' }] }] }])
  const objects = [svc(port80), byMethod, byHeader, byQuery]
  const both = { headers: { 'x-canary': '1' }, query: 'v=2' }
  assert.is(routeWith(objects, req('GET', '/', both)).object, 'HTTPRoute shop/h')
  assert.is(routeWith(objects, req('GET', '/', { query: 'v=2' })).object, 'HTTPRoute shop/q')
  assert.is(routeWith(objects, req('GET', '/')).object, 'HTTPRoute shop/m')
  assert.is(routeWith(objects, req('POST', '/', both)).object, 'HTTPRoute shop/h')
  assert.is(routeWith(objects, req('POST', '/', { query: 'v=2' })).object, 'HTTPRoute shop/q')
  assert.is(routeWith(objects, req('POST', '/')).by, 'refused')
  // A longer path match beats them all.
  const longer = route('p', [{ matches: [{ path: { type: 'PathPrefix', value: '/a' } }] }])
  assert.is(routeWith([...objects, longer], req('GET', '/a/1', both)).object, 'HTTPRoute shop/p')
})

test('header names match case-insensitively, values whole; query strings decode as a form', () => {
  const ua = route('ua', [{ matches: [{ headers: [{ type: 'RegularExpression', name: 'User-Agent', value: 'Firefox' }] }] }])
  const v = route('v', [{ matches: [{ queryParams: [{ name: 'v', value: '2' }] }] }])
  const empty = route('e', [{ matches: [{ queryParams: [{ name: 'flag', value: '' }] }] }])
  const objects = [svc(port80), ua, v, empty]
  assert.is(routeWith(objects, req('GET', '/', { headers: { 'user-agent': 'Firefox' } })).object, 'HTTPRoute shop/ua')
  assert.is(routeWith(objects, req('GET', '/', { headers: { 'user-agent': 'Mozilla Firefox/1' } })).by, 'refused')
  assert.is(routeWith(objects, req('GET', '/', { query: 'a=1&v=%32' })).object, 'HTTPRoute shop/v')
  assert.is(routeWith(objects, req('GET', '/', { query: 'V=2' })).by, 'refused')
  assert.is(routeWith(objects, req('GET', '/', { query: 'flag' })).object, 'HTTPRoute shop/e')
})

test('a route whose header or query parameter regex does not compile is dropped whole', () => {
  const bad = route('bad', [{ matches: [{ headers: [{ type: 'RegularExpression', name: 'x', value: '(?=a)' }] }] }, {}])
  const badQuery = route('bad-q', [{ matches: [{ queryParams: [{ type: 'RegularExpression', name: 'x', value: 'a(?!b)' }] }] }, {}])
  assert.is(routeWith([svc(port80), bad], req('GET', '/')).by, 'service')
  assert.is(routeWith([svc(port80), badQuery], req('GET', '/')).by, 'service')
})

test("Linkerd's own policy.linkerd.io HTTPRoutes take part in the same order as Gateway API's", () => {
  const policy = route('z-policy', [{ matches: [{ method: 'GET' }] }], { creationTimestamp: '2024-01-01T00:00:00Z' })
  policy.apiVersion = 'policy.linkerd.io/v1beta3'
  const gateway = route('a-gateway', [{ matches: [{ method: 'GET' }] }])
  assert.is(routeWith([svc(port80), gateway, policy], req('GET', '/')).object, 'HTTPRoute shop/z-policy')
  delete policy.metadata.creationTimestamp
  assert.is(routeWith([svc(port80), policy, gateway], req('GET', '/')).object, 'HTTPRoute shop/a-gateway')
})

test.run()
