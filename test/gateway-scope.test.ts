/**
 * `--to gateway` through the built CLI (dist/cli.js): which Service, route group and route a
 * split means when the run holds several of one name (its own file first, then its
 * directory, then the run), and Services the split cannot use as found.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { validateRoute } from './helpers/gateway-schema.js'

const service = (port: number, extra = ''): string =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n${extra}spec:\n  ports:\n  - name: http\n    port: ${port}\n`
const SPLIT = `apiVersion: split.smi-spec.io/v1alpha2
kind: TrafficSplit
metadata:
  name: web-split
spec:
  service: web
  backends:
  - service: web-v1
    weight: 90
  - service: web-v2
    weight: 10
`

/** The routes of a file, each checked against the v1.6.1 CRDs. */
function routes(file: string): Array<{ kind: string; spec: { parentRefs: Array<{ port: number }> } }> {
  const out = []
  for (const doc of parseAllDocuments(readFileSync(file, 'utf8'))) {
    const o = doc.toJS() as { apiVersion?: string; kind: string; spec: { parentRefs: Array<{ port: number }> } }
    if (!o.apiVersion?.startsWith('gateway.networking.k8s.io/')) continue
    assert.equal(validateRoute(o, { release: 'v1.6.1' }), [], `${o.kind} is valid`)
    out.push(o)
  }
  return out
}

test("two directories, each with a namespace-less Service web and a split: each route takes its own directory's port", () => {
  const dir = tempRepo('smi-gw-scope-', {
    'dev/service.yaml': service(8080),
    'dev/split.yaml': SPLIT,
    'prod/service.yaml': service(80),
    'prod/split.yaml': SPLIT,
  })
  const r = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.equal(
    routes(join(dir, 'dev/split.yaml')).map((o) => o.spec.parentRefs[0]!.port),
    [8080],
  )
  assert.equal(
    routes(join(dir, 'prod/split.yaml')).map((o) => o.spec.parentRefs[0]!.port),
    [80],
  )
})

test('the same file comes before its directory: a Service beside the split wins over one in a sibling file', () => {
  const dir = tempRepo('smi-gw-scope-file-', {
    'app/service.yaml': service(80),
    'app/split.yaml': `${service(9090)}---\n${SPLIT}`,
  })
  const r = cli(['--write', '--to', 'gateway', 'app'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.equal(
    routes(join(dir, 'app/split.yaml')).map((o) => o.spec.parentRefs[0]!.port),
    [9090],
  )
})

test('one Service web elsewhere in the run (a base directory) is used; two that differ are refused at the split, naming both files', () => {
  const one = tempRepo('smi-gw-scope-base-', { 'base/service.yaml': service(8080), 'overlay/split.yaml': SPLIT })
  const r = cli(['--write', '--to', 'gateway', '.'], { cwd: one })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.equal(
    routes(join(one, 'overlay/split.yaml')).map((o) => o.spec.parentRefs[0]!.port),
    [8080],
  )

  const two = tempRepo('smi-gw-scope-two-', {
    'dev/service.yaml': service(8080),
    'prod/service.yaml': service(80),
    'app/split.yaml': SPLIT,
  })
  const c = cli(['--check', '--to', 'gateway', '.'], { cwd: two })
  assert.is(c.status, 2, c.stdout + c.stderr)
  assert.match(
    c.stdout,
    /app\/split\.yaml:6:\d+: error: .*Service web is defined differently in dev\/service\.yaml and prod\/service\.yaml/,
  )
  assert.match(cli(['--check', '--format', 'json', '--to', 'gateway', '.'], { cwd: two }).stdout, /"code": ?"ambiguous-object"/)
  assert.is(readFileSync(join(two, 'app/split.yaml'), 'utf8'), SPLIT)

  // The same Service in two directories says the same thing: one candidate.
  const same = tempRepo('smi-gw-scope-same-', {
    'dev/service.yaml': service(8080),
    'prod/service.yaml': service(8080),
    'app/split.yaml': SPLIT,
  })
  const s = cli(['--write', '--to', 'gateway', '.'], { cwd: same })
  assert.is(s.status, 0, s.stdout + s.stderr)
  assert.equal(
    routes(join(same, 'app/split.yaml')).map((o) => o.spec.parentRefs[0]!.port),
    [8080],
  )
})

test('a namespace-less split beside Service web in namespace default: the error says where web is and what to set', () => {
  const dir = tempRepo('smi-gw-ns-', { 'app/service.yaml': service(8080, '  namespace: default\n'), 'app/split.yaml': SPLIT })
  const r = cli(['--check', '--to', 'gateway', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stdout)
  assert.match(
    r.stdout,
    /Service web \(without a namespace\) is not in the input, and a route needs its port; Service web is in the input in namespace default \(app\/service\.yaml\)/,
  )
  assert.match(r.stdout, /set metadata\.namespace: default on the TrafficSplit/)
  assert.not.match(r.stdout, /add the Service manifest/)

  const chart = cli(['--to', 'gateway'], { input: `${service(8080, '  namespace: {{ .Release.Namespace }}\n')}---\n${SPLIT}` })
  assert.is(chart.status, 2, chart.stderr)
  assert.match(
    chart.stderr,
    /Service web is in the input in namespace \{\{ \.Release\.Namespace \}\}, a Helm action filled at install: convert the rendered chart/,
  )
})

test('a Service name written !!str, as a block scalar or on the next line, and comments naming HTTPRoute, find the same Service', () => {
  const plain = cli(['--to', 'gateway'], { input: `${service(8080)}---\n${SPLIT}` })
  assert.is(plain.status, 0, plain.stderr)
  const spellings = [
    service(8080).replace('name: web', 'name: !!str web'),
    service(8080).replace('name: web', 'name: >-\n    web'),
    service(8080).replace('name: web', 'name: |-\n    web'),
    service(8080).replace('name: web', 'name:\n    web'),
    `# the HTTPRoute for web comes from the split below\n${service(8080)}`,
  ]
  for (const svc of spellings) {
    const r = cli(['--to', 'gateway'], { input: `${svc}---\n${SPLIT}` })
    assert.is(r.status, 0, svc + r.stderr)
    assert.is(r.stdout.slice(svc.length), plain.stdout.slice(service(8080).length), svc)
  }
  // The split's side: a tagged or commented service name.
  for (const split of [SPLIT.replace('service: web\n', 'service: !!str web\n'), `# see the HTTPRoute docs\n${SPLIT}`]) {
    const r = cli(['--to', 'gateway'], { input: `${service(8080)}---\n${split}` })
    assert.is(r.status, 0, split + r.stderr)
    assert.match(r.stdout, /port: 8080/)
  }
})

test('names a route cannot carry are refused at their field: an empty Service name (.shop), a backend Web_v2, a split named Web', () => {
  const shop = `${service(8080, '  namespace: shop\n')}---\n${SPLIT.replace('name: web-split\n', 'name: web-split\n  namespace: shop\n')}`
  const cases: Array<[string, RegExp]> = [
    [
      shop.replace('service: web\n', 'service: ".shop"\n'),
      /<stdin>:\d+:\d+: error: TrafficSplit shop\/web-split: service "\.shop" names no Service: its name part is empty/,
    ],
    [
      shop.replace('- service: web-v2', '- service: Web_v2'),
      /error: TrafficSplit shop\/web-split: backend 2: service "Web_v2" names Web_v2, which is not a Service name \(a DNS-1123 label/,
    ],
    [
      shop.replace('name: web-split', 'name: Web'),
      /error: TrafficSplit shop\/Web: the route name "Web" is not an object name \(a DNS-1123 subdomain/,
    ],
  ]
  for (const [input, message] of cases) {
    const r = cli(['--to', 'gateway'], { input })
    assert.is(r.status, 2, r.stderr)
    assert.match(r.stderr, message)
    assert.is(r.stdout, input, 'left unchanged')
    assert.match(cli(['--to', 'gateway', '--format', 'json'], { input }).stderr, /"code": ?"invalid-name"/)
  }
  // The field: the error points at the line of spec.service.
  const r = cli(['--to', 'gateway'], { input: cases[0]![0] })
  const line = cases[0]![0].split('\n').findIndex((l) => l.includes('service: ".shop"')) + 1
  assert.match(r.stderr, new RegExp(`<stdin>:${line}:`))
})

test("a hand-written HTTPRoute on the split's Service port, in another file of its directory: a warning at the split naming it and its file", () => {
  const route = `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: web-all
spec:
  parentRefs:
  - group: ""
    kind: Service
    name: web
    port: 8080
  rules:
  - backendRefs:
    - name: web-v1
      port: 8080
`
  const dir = tempRepo('smi-gw-port-', {
    'app/service.yaml': service(8080),
    'app/route.yaml': route,
    'app/split.yaml': SPLIT,
    // Another directory's route on its own Service web says nothing about app/.
    'other/route.yaml': route.replace('web-all', 'web-other'),
    'other/service.yaml': service(8080),
  })
  const r = cli(['--check', '--to', 'gateway', '.'], { cwd: dir })
  assert.is(r.status, 1, r.stdout)
  assert.match(
    r.stdout,
    /app\/split\.yaml:6:\d+: warning: TrafficSplit web-split: HTTPRoute web-all \(app\/route\.yaml\) already attaches to Service web port 8080: Gateway API merges the rules of both routes, and its rule without matches ties with this split's, which the older route wins/,
  )
  assert.not.match(r.stdout, /web-other/)
})

test('a kustomize patch that adds a port to the Service is not the Service: the split is refused at its service, naming the patch (whole tree, and the base split alone)', () => {
  const files = {
    'base/kustomization.yaml': 'resources:\n- service.yaml\n- split.yaml\n',
    'base/service.yaml': service(8080),
    'base/split.yaml': SPLIT,
    'overlay/kustomization.yaml': 'resources:\n- ../base\npatches:\n- path: metrics-port.yaml\n',
    'overlay/metrics-port.yaml':
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - name: metrics\n    port: 9090\n',
  }
  for (const args of [['.'], ['base/split.yaml']]) {
    const dir = tempRepo('smi-gw-scope-patch-', files)
    const before = readFileSync(join(dir, 'base/split.yaml'), 'utf8')
    const r = cli(['--write', '--to', 'gateway', ...args], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(
      r.stdout + r.stderr,
      /base\/split\.yaml:6:\d+: error: .*Service web are changed by the kustomize patch overlay\/metrics-port\.yaml \(listed in overlay\/kustomization\.yaml\)/,
    )
    assert.not.match(r.stdout + r.stderr, /9090/)
    assert.is(readFileSync(join(dir, 'base/split.yaml'), 'utf8'), before, 'nothing written')
  }
  // A patch that leaves the ports alone (a label) changes nothing: the base's port is routed.
  const dir = tempRepo('smi-gw-scope-patch-label-', {
    ...files,
    'overlay/metrics-port.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  labels:\n    tier: web\n',
  })
  const r = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.equal(
    routes(join(dir, 'base/split.yaml')).map((o) => o.spec.parentRefs[0]!.port),
    [8080],
  )
})

test('what a split claims holds in its directory: each of dev/ and prod/ gets its note, and two splits of one port in one directory still warn', () => {
  const dir = tempRepo('smi-gw-scope-claims-', {
    'dev/service.yaml': service(8080),
    'dev/split.yaml': SPLIT,
    'prod/service.yaml': service(80),
    'prod/split.yaml': SPLIT,
    'prod/other.yaml': SPLIT.replace('name: web-split', 'name: web-other'),
  })
  const r = cli(['--check', '--to', 'gateway', '.'], { cwd: dir })
  const out = r.stdout + r.stderr
  assert.match(out, /dev\/split\.yaml:\d+:\d+: note TrafficSplit web-split: on Linkerd, the ServiceProfile/)
  assert.match(out, /prod\/(split|other)\.yaml:\d+:\d+: note TrafficSplit web-(split|other): on Linkerd, the ServiceProfile/)
  assert.match(out, /prod\/split\.yaml:\d+:\d+: warning: TrafficSplit web-split: TrafficSplit web-other also splits Service web port 80/)
  assert.not.match(out, /dev\/split\.yaml.*also splits/)
})

test.run()
