/**
 * `--to gateway` over repositories shaped like real ones, as a property: one to three
 * directories, each with a namespace-less Service `web` (random ports: TCP or UDP, named for
 * HTTP, TLS, Redis, gRPC or not at all) and a split of it; sometimes a hand-written route on one
 * of its ports; sometimes a kustomize overlay whose patch adds a port to one directory's Service.
 * One `--write` run over the whole tree through the built CLI. Predicted without the tool's code:
 *
 * - a directory whose Service an overlay patches: refused at its split, naming the patch, the
 *   file left as it was;
 * - a Service without a TCP port: refused at the split;
 * - a TCP port in Linkerd's default opaque ports (6379): which route Linkerd applies there is the
 *   release's (2.17 none, 2.18 a TCPRoute) and the run names none, so the split is left for a person (exit 1),
 *   the file left as it was;
 * - otherwise one route per TCP port number of its own directory's Service (never another's),
 *   of the kind the port's name says (TLS and Redis: TCPRoute, never an HTTPRoute), valid under
 *   the vendored CRDs (schema and CEL) of a release that serves it, with the split's weights;
 *   and a hand-written route on a routed port is named in a warning.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { RELEASES, validateRoute } from './helpers/gateway-schema.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 25)

interface Port {
  port: number
  name?: 'http' | 'https' | 'redis' | 'grpc'
  udp: boolean
}
interface Dir {
  ports: Port[]
  weights: [number, number]
  /** A hand-written HTTPRoute on the n-th port, if any. */
  routeOn?: number
}
interface Case {
  dirs: Dir[]
  /** The directory whose Service an overlay patches, if any. */
  patched?: number
}

const portArb: fc.Arbitrary<Port> = fc.record(
  {
    port: fc.constantFrom(80, 443, 8080, 9090, 53, 6379),
    name: fc.constantFrom('http', 'https', 'redis', 'grpc'),
    udp: fc.constantFrom(false, false, false, true),
  },
  { requiredKeys: ['port', 'udp'] },
)
const dirArb: fc.Arbitrary<Dir> = fc.record(
  {
    ports: fc.uniqueArray(portArb, { minLength: 1, maxLength: 3, selector: (p) => `${p.port}/${p.udp}` }),
    weights: fc.tuple(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: 100 })),
    routeOn: fc.integer({ min: 0, max: 2 }),
  },
  { requiredKeys: ['ports', 'weights'] },
)
const caseArb: fc.Arbitrary<Case> = fc
  .record({
    dirs: fc.array(dirArb, { minLength: 1, maxLength: 3 }),
    patched: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined }),
  })
  .map((c) => (c.patched !== undefined && c.patched >= c.dirs.length ? { dirs: c.dirs } : c))

function files(c: Case): Record<string, string> {
  const out: Record<string, string> = {}
  c.dirs.forEach((d, i) => {
    const ports = d.ports
      .map((p) => `  - ${p.name ? `name: ${p.name}-${p.port}\n    ` : ''}port: ${p.port}${p.udp ? '\n    protocol: UDP' : ''}\n`)
      .join('')
    out[`d${i}/service.yaml`] = `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n${ports}`
    out[`d${i}/split.yaml`] =
      'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web-split\nspec:\n  service: web\n  backends:\n' +
      `  - service: web-v1\n    weight: ${d.weights[0]}\n  - service: web-v2\n    weight: ${d.weights[1]}\n`
    const on = d.routeOn !== undefined ? d.ports[d.routeOn] : undefined
    if (on && !on.udp)
      out[`d${i}/route.yaml`] =
        'apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: hand-written\nspec:\n  parentRefs:\n' +
        `  - group: ""\n    kind: Service\n    name: web\n    port: ${on.port}\n  rules:\n  - backendRefs:\n    - name: web\n      port: ${on.port}\n`
  })
  if (c.patched !== undefined) {
    out['overlay/kustomization.yaml'] = `resources:\n- ../d${c.patched}\npatches:\n- path: port.yaml\n`
    out['overlay/port.yaml'] = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - name: metrics\n    port: 9999\n'
    out[`d${c.patched}/kustomization.yaml`] = 'resources:\n- service.yaml\n- split.yaml\n'
  }
  return out
}

/** The route kind a port's name asks for: TLS and Redis cannot be read by an HTTP route. */
function kindOf(p: Port): string {
  return p.name === 'https' || p.name === 'redis' ? 'TCPRoute' : 'HTTPRoute'
}

function check(c: Case): void {
  const input = files(c)
  const dir = tempRepo('smi-gw-trees-', input)
  const r = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
  const out = r.stdout + r.stderr
  let errors = 0
  let pending = 0
  c.dirs.forEach((d, i) => {
    const file = `d${i}/split.yaml`
    const text = readFileSync(join(dir, file), 'utf8')
    const tcp = [...new Set(d.ports.filter((p) => !p.udp).map((p) => p.port))]
    if (c.patched === i) {
      errors++
      assert.match(out, new RegExp(`${file}:\\d+:\\d+: error: .*changed by the kustomize patch overlay/port\\.yaml`), out)
      assert.is(text, input[file], `${file} unchanged`)
      return
    }
    if (tcp.length === 0) {
      errors++
      assert.match(out, new RegExp(`${file}:\\d+:\\d+: error: .*has no TCP port`), out)
      assert.is(text, input[file])
      return
    }
    // Port 6379 (Linkerd's default opaque list) and a port whose name asks for a TCPRoute (Linkerd 2.17
    // and earlier apply none): without --linkerd the release decides, for the first such port.
    const decided = d.ports.find((p) => !p.udp && (p.port === 6379 || kindOf(p) === 'TCPRoute'))
    if (decided) {
      pending++
      const why =
        decided.port === 6379 && kindOf(decided) !== 'TCPRoute'
          ? 'treat the port as opaque'
          : '(treat the port as opaque|apply no TCPRoute)'
      assert.match(
        out,
        new RegExp(`${file}:\\d+:\\d+: warning: .*port \\d+ the Linkerd release decides .*${why}.*--linkerd <release>`),
        out,
      )
      assert.is(text, input[file])
      return
    }
    const routes = parseAllDocuments(text)
      .map((doc) => doc.toJS() as { apiVersion: string; kind: string; spec: any })
      .filter((o) => o.apiVersion.startsWith('gateway.networking.k8s.io/'))
    assert.equal(routes.map((o) => o.spec.parentRefs[0].port).sort(), [...tcp].sort(), `${file}: one route per TCP port of its own Service`)
    for (const o of routes) {
      const port = o.spec.parentRefs[0].port as number
      const declared = d.ports.find((p) => p.port === port && !p.udp)!
      assert.is(o.kind, kindOf(declared), `${file} port ${port}`)
      assert.ok(
        RELEASES.some((release) => validateRoute(o, { release }).length === 0),
        `${file}: ${o.kind} for port ${port} is valid in some release`,
      )
      const weights = (o.spec.rules[0].backendRefs as Array<{ weight: number }>).map((b) => b.weight)
      assert.is(weights[0]! * d.weights[1], weights[1]! * d.weights[0], `${file}: the split's ratio`)
    }
    const on = d.routeOn !== undefined ? d.ports[d.routeOn] : undefined
    if (on && !on.udp)
      assert.match(out, new RegExp(`${file}:\\d+:\\d+: warning: .*HTTPRoute hand-written \\(d${i}/route\\.yaml\\) already attaches`), out)
  })
  assert.is(r.status, errors > 0 ? 2 : pending > 0 ? 1 : 0, out)
}

test('property: split directories route their own Service ports, by protocol, or are refused naming what is in the way', () => {
  fc.assert(fc.property(caseArb, check), { numRuns: RUNS, seed: 2020, includeErrorInReport: true })
})

test.run()
