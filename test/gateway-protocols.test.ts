/**
 * `--to gateway` through the built CLI (dist/cli.js): which route kind a port gets when a
 * run-wide flag meets what the port declares, and the ports `--port` leaves without a route.
 * (testdata/golden/gateway-protocols holds the kinds each appProtocol and port name gets.)
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from './helpers/cli.js'

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

test.run()
