/**
 * `--to gateway` at the edges a review found: Service names written as hosts, JSON and flow
 * TrafficSplits in YAML streams, UDP ports, an escaped dot in a pathRegex, characters YAML
 * reads as line breaks, a kustomize patch whose target names no kind.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments } from 'yaml'
import { migrate } from '../src/index.js'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const gateway = { to: 'gateway' as const }
const service = (ports: string) => `apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: prod\nspec:\n  ports:\n${ports}`
const split = (root: string, backends = '  - service: web-v2\n    weight: 1\n') =>
  `apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: s\n  namespace: prod\nspec:\n  service: ${root}\n  backends:\n${backends}`
const docs = (text: string) =>
  parseAllDocuments(text).map((d) => {
    assert.equal(
      d.errors.map((e) => e.message),
      [],
      'valid YAML',
    )
    return d.toJS() as Record<string, any>
  })

test('a root or backend Service written as a host (web.prod, web.prod.svc.cluster.local, on the next line) is found in the input', () => {
  // On Linkerd a host never split (linkerd-smi-host, gateway-linkerd-smi-host.test.ts): another mesh reads it as its Service.
  const osm = { to: 'gateway' as const, gateway: { mesh: 'osm' as const } }
  for (const root of ['web.prod', 'web.prod.svc.cluster.local', '\n    web']) {
    const r = migrate(`${service('  - port: 80\n')}---\n${split(root)}`, osm)
    assert.is(r.failed, false, `${root}: ${r.findings.map((f) => f.message).join('; ')}`)
    assert.equal(docs(r.output)[1]!.spec.parentRefs[0].port, 80)
    if (root.includes('.'))
      assert.ok(migrate(`${service('  - port: 80\n')}---\n${split(root)}`, gateway).findings.some((f) => f.code === 'linkerd-smi-host'))
  }
  // A backend written as a host is checked for the port like any other.
  const backend = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web-v2\n  namespace: prod\nspec:\n  ports:\n  - port: 80\n'
  const r = migrate(
    `${service('  - port: 80\n  - port: 9090\n')}---\n${backend}---\n${split('web', '  - service: web-v2.prod\n    weight: 1\n  - service: web\n    weight: 1\n')}`,
    osm,
  )
  assert.ok(r.findings.some((f) => f.code === 'backend-port-missing' && /backend web-v2 has no port 9090/.test(f.message)))
  const route9090 = docs(r.output).find((d) => d.metadata?.name === 's-9090')!
  assert.equal(
    route9090.spec.rules[0].backendRefs.map((b: any) => b.name),
    ['web'],
  )
})

test('a JSON TrafficSplit in a YAML stream: several routes become one v1 List (valid YAML and JSON); kept, the split goes first in it; twice changes nothing', () => {
  const json =
    '{"apiVersion": "split.smi-spec.io/v1alpha2", "kind": "TrafficSplit", "metadata": {"name": "s", "namespace": "prod"}, "spec": {"service": "web", "backends": [{"service": "web-v2", "weight": 1}]}}\n'
  const input = `${service('  - port: 80\n  - port: 8080\n')}---\n${json}`
  for (const keep of [false, true]) {
    const r = migrate(input, { ...gateway, gateway: { keepTrafficSplit: keep } })
    const out = docs(r.output)
    assert.is(out.length, 2)
    assert.is(out[1]!.kind, 'List')
    assert.equal(
      out[1]!.items.map((i: any) => `${i.kind} ${i.metadata.name}`),
      [...(keep ? ['TrafficSplit s'] : []), 'HTTPRoute s-80', 'HTTPRoute s-8080'],
    )
    JSON.parse(r.output.slice(r.output.indexOf('{'))) // the document is still JSON
    assert.is(migrate(r.output, { ...gateway, gateway: { keepTrafficSplit: keep } }).output, r.output)
  }
  // A flow-style (YAML) TrafficSplit: routes after `---`.
  const flow =
    '{apiVersion: split.smi-spec.io/v1alpha2, kind: TrafficSplit, metadata: {name: s, namespace: prod}, spec: {service: web, backends: [{service: web-v2, weight: 1}]}}\n'
  const f = docs(migrate(`${service('  - port: 80\n  - port: 8080\n')}---\n${flow}`, gateway).output)
  assert.equal(
    f.map((d) => d.kind),
    ['Service', 'HTTPRoute', 'HTTPRoute'],
  )
})

test('routes carry TCP: a port over TCP and UDP is one route, a UDP-only Service is an error', () => {
  const both = migrate(`${service('  - port: 53\n    protocol: UDP\n  - port: 53\n    protocol: TCP\n')}---\n${split('web')}`, gateway)
  assert.equal(
    docs(both.output)
      .filter((d) => d.kind === 'HTTPRoute')
      .map((d) => d.metadata.name),
    ['s'],
  )
  const udp = migrate(`${service('  - port: 53\n    protocol: UDP\n')}---\n${split('web')}`, gateway)
  assert.ok(udp.findings.some((f) => f.severity === 'error' && /Service web has no TCP port/.test(f.message)))
})

test('a pathRegex ending in an escaped dot and * is still start-anchored only; U+2028 in an annotation comes back as written', () => {
  const group =
    'apiVersion: specs.smi-spec.io/v1alpha4\nkind: HTTPRouteGroup\nmetadata:\n  name: g\n  namespace: prod\nspec:\n  matches:\n  - name: m\n    pathRegex: "/foo\\\\.*"\n  - name: n\n    pathRegex: "/api/.*"\n'
  const ab = split('web').replace('spec:\n', 'spec:\n  matches:\n  - kind: HTTPRouteGroup\n    name: g\n').replace('v1alpha2', 'v1alpha4')
  const r = migrate(`${service('  - port: 80\n')}---\n${group}---\n${ab}`, gateway)
  const route = docs(r.output).find((d) => d.kind === 'HTTPRoute')!
  assert.equal(
    route.spec.rules[0].matches.map((m: any) => m.path.value),
    ['(?:/foo\\.*).*', '/api/.*'],
  )
  const odd = 'caf\u00e9 \u2028 x\u0085y\u007f'
  const annotated = split('web').replace('  namespace: prod\n', `  namespace: prod\n  annotations:\n    note: ${JSON.stringify(odd)}\n`)
  const out = migrate(`${service('  - port: 80\n')}---\n${annotated}`, gateway).output
  assert.not.match(out, /[\u0085\u2028\u2029\u007f]/, 'escaped, not raw')
  assert.is(docs(out)[1]!.metadata.annotations.note, odd)
})

test('kustomize: a patch whose target names no kind but selects the TrafficSplit by name refuses the tree', () => {
  const files = {
    'kustomization.yaml':
      'resources:\n- split.yaml\npatches:\n- target:\n    name: s\n  patch: |-\n    - op: replace\n      path: /spec/service\n      value: web\n',
    'split.yaml': split('web'),
  }
  const dir = tempRepo('smi-gw-kindless-', files)
  const r = cli(['--write', '--to', 'gateway', '--port', '80', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stdout)
  assert.match(r.stdout, /kustomization\.yaml:4:3: error: patches entry patches a TrafficSplit/)
  assert.is(git(dir, 'status', '--porcelain'), '')
  // A target without a kind that selects nothing of the tree's TrafficSplits is no reason to refuse.
  const other = tempRepo('smi-gw-kindless-other-', {
    ...files,
    'kustomization.yaml': files['kustomization.yaml'].replace('name: s\n', 'name: some-deployment\n'),
  })
  assert.is(cli(['--write', '--to', 'gateway', '--port', '80', '.'], { cwd: other }).status, 0)
})

test("a split's ServiceProfile in the input with routes of its own: the warning says what they do and that deleting it drops them", () => {
  const profile = (spec: string) =>
    `apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\nmetadata:\n  name: web.prod.svc.cluster.local\n  namespace: prod\nspec:\n${spec}`
  const withRoutes = profile(
    '  routes:\n  - name: GET /books\n    condition: {method: GET, pathRegex: /books}\n    isRetryable: true\n  - name: POST /books\n    condition: {method: POST}\n    timeout: 15ms\n',
  )
  const r = cli(['--check', '--to', 'gateway', '-'], { input: `${withRoutes}---\n${service('  - port: 80\n')}---\n${split('web')}` })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout + r.stderr,
    /warning: TrafficSplit prod\/s: the ServiceProfile web\.prod\.svc\.cluster\.local is in the input with 2 routes of its own \(with retries and timeouts\), which this run converts to routes as well: on Linkerd the profile takes precedence over every route of the Service/,
  )
  const bare = cli(['--check', '--to', 'gateway', '-'], {
    input: `${profile('  {}\n')}---\n${service('  - port: 80\n')}---\n${split('web')}`,
  })
  assert.match(bare.stdout + bare.stderr, /ServiceProfile web\.prod\.svc\.cluster\.local is in the input: on Linkerd it takes precedence/)
})

testWith('kubectl')(
  'a route carries the labels and annotations kubectl reads on its split: through aliases and merge keys, tagged or not, in kubectl order',
  () => {
    const split = (meta: string) =>
      `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n${meta}spec:\n  service: web\n  backends:\n  - service: a\n    weight: 500m\n  - service: b\n    weight: "1"\n`
    const cases = [
      split('  labels: &a\n    team: x\n  annotations:\n    !!merge <<: *a\n'),
      split('  labels:\n    team: own\n    <<: {team: merged, app: web}\n'),
      split('  labels:\n    <<: [{team: first}, {team: second, app: web}]\n    tier: front\n'),
      `x: &l {team: aliased}\n${split('  labels: *l\n')}`,
    ]
    const dir = mkdtempSync(join(tmpdir(), 'smi-gw-meta-'))
    for (const [i, text] of cases.entries()) {
      const file = join(dir, `${i}.yaml`)
      writeFileSync(file, text)
      const k = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'oracle=1', '-o', 'json'], { encoding: 'utf8' })
      assert.is(k.status, 0, k.stderr)
      const meta = (JSON.parse(k.stdout) as { metadata: { labels?: Record<string, string>; annotations?: Record<string, string> } })
        .metadata
      const r = cli(['--to', 'gateway', '--port', '80', '-'], { input: text })
      assert.is(r.status, 0, `${text}\n${r.stderr}`)
      const route = parseAllDocuments(r.stdout)
        .map((d) => d.toJS() as { kind?: string; metadata: { labels?: Record<string, string>; annotations?: Record<string, string> } })
        .find((o) => o.kind === 'HTTPRoute')!
      assert.equal(route.metadata.labels, meta.labels, text)
      const { oracle: _, ...annotations } = meta.annotations ?? {}
      const {
        'gateway.networking.k8s.io/generator': __,
        'smi-migrate.io/written-digest': ___,
        ...written
      } = route.metadata.annotations ?? {}
      assert.equal(written, annotations, text)
    }
  },
)

test.run()
