/**
 * `--to gateway` through the built CLI (dist/cli.js): which route kind a port gets when a
 * run-wide flag meets what the port declares, and the ports `--port` leaves without a route.
 * (testdata/golden/gateway-protocols holds the kinds each appProtocol and port name gets.)
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { type Release, validateRoute } from './helpers/gateway-schema.js'

const service = (ports: string): string => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n${ports}`
const SPLIT = `---
apiVersion: split.smi-spec.io/v1alpha2
kind: TrafficSplit
metadata:
  name: web
spec:
  service: web
  backends:
  - service: web-v1
    weight: 90
  - service: web-v2
    weight: 10
`

test('--route-kind that contradicts an appProtocol is an error at the split; against a port name it is a warning', () => {
  const tls = service('  - port: 443\n    appProtocol: https\n') + SPLIT
  const r = cli(['--to', 'gateway', '--route-kind', 'http'], { input: tls })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, /--route-kind http contradicts Service web port 443, which has appProtocol https \(a TCPRoute carries it\)/)
  assert.is(r.stdout, tls)

  const http = service('  - port: 80\n    appProtocol: http\n') + SPLIT
  const t = cli(['--to', 'gateway', '--route-kind', 'tcp'], { input: http })
  assert.is(t.status, 2, t.stderr)
  assert.match(t.stderr, /--route-kind tcp contradicts Service web port 80, which has appProtocol http/)

  // h2c carries gRPC too: no contradiction.
  const h2c = service('  - port: 80\n    appProtocol: kubernetes.io/h2c\n') + SPLIT
  const g = cli(['--to', 'gateway', '--route-kind', 'grpc'], { input: h2c })
  assert.is(g.status, 0, g.stderr)
  assert.match(g.stdout, /kind: GRPCRoute/)

  const named = service('  - name: https\n    port: 443\n') + SPLIT
  const w = cli(['--to', 'gateway', '--route-kind', 'http'], { input: named })
  assert.is(w.status, 0, w.stderr)
  assert.match(
    w.stderr,
    /warning: TrafficSplit web: Service web port 443 is named https \(TLS, which no HTTP or gRPC route can read\): --route-kind http writes a HTTPRoute for it anyway/,
  )
  assert.match(w.stdout, /kind: HTTPRoute/)
})

test('a TLS port where the release serves no TCPRoute is refused, never an HTTPRoute', () => {
  const r = cli(['--to', 'gateway', '--linkerd', '2.16'], { input: service('  - name: tls-api\n    port: 8443\n') + SPLIT })
  assert.is(r.status, 2, r.stderr)
  assert.match(r.stderr, /port 8443 needs a TCPRoute, which Linkerd 2\.16 does not serve: pass a release that serves it/)
  assert.not.match(r.stdout, /HTTPRoute/)
})

test('a TLS port gets a TCPRoute, valid for the release it targets, and a note that says why not a TLSRoute; never an HTTPRoute', () => {
  const cases: Array<{ ports: string; args: string[]; release: Release; linkerd: boolean }> = [
    { ports: '  - port: 443\n    appProtocol: https\n', args: ['--linkerd', '2.19'], release: 'v1.1.1', linkerd: true },
    { ports: '  - port: 443\n    appProtocol: tls\n', args: ['--linkerd', '2.18'], release: 'v1.1.1', linkerd: true },
    {
      ports: '  - port: 8443\n    appProtocol: kubernetes.io/wss\n',
      args: ['--gateway-api', '1.6', '--mesh', 'osm'],
      release: 'v1.6.1',
      linkerd: false,
    },
    { ports: '  - name: https-api\n    port: 443\n', args: ['--linkerd', '2.20'], release: 'v1.1.1', linkerd: false },
    { ports: '  - name: tls\n    port: 9443\n', args: ['--gateway-api', '1.6', '--mesh', 'traefik'], release: 'v1.6.1', linkerd: false },
  ]
  for (const c of cases) {
    const r = cli(['--to', 'gateway', ...c.args, '-'], { input: service(c.ports) + SPLIT })
    assert.is(r.status, 0, r.stderr)
    const routes = parseAllDocuments(r.stdout)
      .map((d) => d.toJS() as { apiVersion: string; kind: string })
      .filter((o) => o.apiVersion.startsWith('gateway.networking.k8s.io/'))
    assert.equal(
      routes.map((o) => o.kind),
      ['TCPRoute'],
      c.ports,
    )
    assert.equal(validateRoute(routes[0], { release: c.release }), [], `${c.ports}: the TCPRoute is valid in Gateway API ${c.release}`)
    assert.match(
      r.stderr,
      /note TrafficSplit web: Service web port \d+ (has appProtocol|is named) [\w./-]+ \(TLS\): a TCPRoute splits its connections by port and passes the TLS through unchanged, as the TrafficSplit did; no TLSRoute is written, as it routes by SNI host name, which SMI never had \(TLSRoute v1 requires one\)/,
    )
    // Linkerd honours only TCPRoutes on a port whose appProtocol it does not know: said where an appProtocol declares TLS.
    assert.is(/Linkerd 2\.18 and later honour only TCPRoutes/.test(r.stderr), c.linkerd, c.ports)
  }
})

test('--port 80 on a five-port Service warns, listing the TCP ports left without a route', () => {
  const ports =
    [80, 81, 82, 83, 84].map((p) => `  - name: http-${p}\n    port: ${p}\n`).join('') + '  - name: dns\n    port: 53\n    protocol: UDP\n'
  const r = cli(['--to', 'gateway', '--port', '80'], { input: service(ports) + SPLIT })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stderr, /warning: TrafficSplit web: --port 80 routes one port of Service web; its ports 81, 82, 83, 84 get no route/)
  assert.match(
    cli(['--to', 'gateway', '--port', '80', '--format', 'json'], { input: service(ports) + SPLIT }).stderr,
    /"code": ?"ports-unrouted"/,
  )
  const one = cli(['--to', 'gateway', '--port', '80'], { input: service('  - port: 80\n') + SPLIT })
  assert.not.match(one.stderr, /get no route/)
})

/** Two Services, each with its split: a web one and a Redis one whose port declares nothing. */
const TWO = `apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
    appProtocol: http
---
apiVersion: v1
kind: Service
metadata:
  name: cache
ANNOTATIONS
spec:
  ports:
  - name: cache
    port: 6379
  - name: admin
    port: 8080
${SPLIT}---
apiVersion: split.smi-spec.io/v1alpha2
kind: TrafficSplit
metadata:
  name: cache
spec:
  service: cache
  backends:
  - service: cache-v1
    weight: 1
  - service: cache-v2
    weight: 1
`
const kinds = (out: string): string[] =>
  [...out.matchAll(/^kind: (\w+Route)\n(?:.*\n){1,2}? {2}name: ([\w-]+)/gm)].map((m) => `${m[2]}:${m[1]}`)

test('--route-kind per Service port: a TCPRoute for the Redis port only; the run-wide value would have hit the web port too', () => {
  const input = TWO.replace('ANNOTATIONS\n', '')
  const r = cli(['--to', 'gateway', '--route-kind', 'cache:6379=tcp'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout).sort(), ['cache-6379:TCPRoute', 'cache-8080:HTTPRoute', 'web:HTTPRoute'])
  // Run-wide, it contradicts web's appProtocol: an error at web's split, as before.
  const wide = cli(['--to', 'gateway', '--route-kind', 'tcp'], { input })
  assert.is(wide.status, 2)
  assert.match(wide.stderr, /--route-kind tcp contradicts Service web port 80, which has appProtocol http/)
  // Per Service (every port), and with a namespace-less key.
  const all = cli(['--to', 'gateway', '--route-kind', 'cache=tcp'], { input })
  assert.equal(kinds(all.stdout).sort(), ['cache-6379:TCPRoute', 'cache-8080:TCPRoute', 'web:HTTPRoute'])
  // A malformed entry is a usage error naming it.
  const bad = cli(['--to', 'gateway', '--route-kind', 'cache:6379=udp'], { input })
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /--route-kind takes auto, http, grpc or tcp, or entries SERVICE\[:PORT\]=KIND .*got "cache:6379=udp"/)
})

test("the annotation smi-migrate.io/route-kind on the Service picks its ports' kinds; a flag entry wins over it; a malformed one refuses the split", () => {
  const annotated = TWO.replace('ANNOTATIONS\n', '  annotations:\n    smi-migrate.io/route-kind: "6379=tcp"\n')
  const r = cli(['--to', 'gateway'], { input: annotated })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout).sort(), ['cache-6379:TCPRoute', 'cache-8080:HTTPRoute', 'web:HTTPRoute'])
  const flag = cli(['--to', 'gateway', '--route-kind', 'cache:6379=http'], { input: annotated })
  assert.equal(kinds(flag.stdout).sort(), ['cache-6379:HTTPRoute', 'cache-8080:HTTPRoute', 'web:HTTPRoute'])
  const bad = cli(['--to', 'gateway'], { input: TWO.replace('ANNOTATIONS\n', '  annotations:\n    smi-migrate.io/route-kind: "redis"\n') })
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /error: TrafficSplit cache: Service cache: smi-migrate\.io\/route-kind: "redis" is not http, grpc or tcp/)
})

test("--port per Service: each split gets its own Service's port, and a Service the list leaves out keeps all its ports", () => {
  const input = TWO.replace('ANNOTATIONS\n', '')
  // 6379 is one of Linkerd's default opaque ports: on Linkerd without a release its split is left
  // (linkerd-opaque-port, gateway-linkerd-opaque-app-protocol.test.ts); on another mesh it is an HTTP port.
  const r = cli(['--to', 'gateway', '--mesh', 'osm', '--port', 'cache=6379'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.equal(kinds(r.stdout).sort(), ['cache:HTTPRoute', 'web:HTTPRoute'])
  const linkerd = cli(['--to', 'gateway', '--port', 'cache=6379'], { input })
  assert.is(linkerd.status, 1, linkerd.stderr)
  assert.match(
    linkerd.stderr,
    /TrafficSplit cache is left for a person: on Service cache port 6379 the Linkerd release decides .*treat the port as opaque \(its default opaque ports\)/,
  )
  assert.match(r.stderr, /--port 6379 routes one port of Service cache; its port 8080 gets no route/)
  const bad = cli(['--to', 'gateway', '--port', 'cache=0'], { input })
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /--port takes a port from 1 to 65535, or entries SERVICE=PORT/)
})

test.run()
