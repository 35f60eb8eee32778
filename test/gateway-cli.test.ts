/**
 * `--to gateway` end to end through the built CLI (dist/cli.js), git, kubectl kustomize and
 * the real pre-commit: stream mode, file mode (--write, --check, --diff with git apply),
 * Services in other files, refusals that leave every byte in place, and second runs that
 * change nothing. Every route written is checked against the Gateway API CRDs.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { git, run, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { validateRoute } from './helpers/gateway-schema.js'

const SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: bb
  namespace: shop
spec:
  ports:
  - name: http
    port: 8080
    targetPort: 8080
`
const SPLIT = `# Canary: 90/10 while v2 is watched
apiVersion: split.smi-spec.io/v1alpha1
kind: TrafficSplit
metadata:
  name: bb-split
  namespace: shop
spec:
  service: bb
  backends:
  - service: bb
    weight: "1"
  - service: bb-v2
    weight: 500m
`
const ROUTE = `# Canary: 90/10 while v2 is watched
apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: bb-split
  namespace: shop
  annotations:
    gateway.networking.k8s.io/generator: smi-migrate-${JSON.parse(readFileSync('package.json', 'utf8')).version}
    smi-migrate.io/written-digest: d41add41dd76a35b
spec:
  parentRefs:
  - group: ""
    kind: Service
    name: bb
    port: 8080
  rules:
  - backendRefs:
    - name: bb
      port: 8080
      weight: 1000
    - name: bb-v2
      port: 8080
      weight: 500
`
const CONFIG = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: untouched   # a comment\ndata: {a: "1"}\n'

/** Every Gateway API route in `text` passes the v1.6.1 CRD schemas and CEL rules. */
function assertValidRoutes(text: string): number {
  let n = 0
  for (const doc of parseAllDocuments(text)) {
    const o = doc.toJS() as { apiVersion?: string; kind?: string } | null
    if (!o?.apiVersion?.startsWith('gateway.networking.k8s.io/')) continue
    n++
    assert.equal(validateRoute(o, { release: 'v1.6.1' }), [], `${o.kind} is valid`)
  }
  return n
}

test('stream: the TrafficSplit document becomes its route in place; the Service and the ConfigMap stay byte for byte', () => {
  const input = `${SERVICE}---\n${SPLIT}---\n${CONFIG}`
  const r = cli(['--to', 'gateway', '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, `${SERVICE}---\n${ROUTE}---\n${CONFIG}`)
  assert.match(
    r.stderr,
    /<stdin>:\d+:1: converted TrafficSplit shop\/bb-split: v1alpha1 -> HTTPRoute bb-split \(port 8080\), weights "1", 500m -> 1000, 500/,
  )
  assert.is(assertValidRoutes(r.stdout), 1)
  // Twice changes nothing the second time.
  const again = cli(['--to', 'gateway', '-'], { input: r.stdout })
  assert.is(again.stdout, r.stdout)
  // A stream without SMI documents comes out byte-identical.
  assert.is(cli(['--to', 'gateway', '-'], { input: CONFIG }).stdout, CONFIG)
})

test('stream: no Service and no --port is an error naming what to pipe, and the stream comes out unchanged; --port converts it', () => {
  const r = cli(['--to', 'gateway', '-'], { input: SPLIT })
  assert.is(r.status, 2)
  assert.is(r.stdout, SPLIT)
  assert.match(
    r.stderr,
    /<stdin>:8:12: error: TrafficSplit shop\/bb-split: Service bb \(in namespace shop\) is not in the input, and a route needs its port: .*kubectl get trafficsplits,services,httproutegroups -A -o yaml.* or pass --port/,
  )
  const p = cli(['--to', 'gateway', '--port', '8080', '-'], { input: SPLIT })
  assert.is(p.status, 0, p.stderr)
  assert.is(p.stdout, ROUTE)
})

test('a Service whose port is templated: port-unknown with the hint; --port names the port (it cannot be checked against the template)', () => {
  const templated = SERVICE.replace('port: 8080\n', 'port: {{ .Values.port }}\n')
  const r = cli(['--to', 'gateway', '-'], { input: `${templated}---\n${SPLIT}` })
  assert.is(r.status, 2)
  assert.match(
    r.stderr,
    /Service bb has a port that is not a number from 1 to 65535 \(a templated port is known only once rendered: convert the rendered chart, or pass --port\)/,
  )
  const p = cli(['--to', 'gateway', '--port', '8080', '-'], { input: `${templated}---\n${SPLIT}` })
  assert.is(p.status, 0, p.stderr)
  assert.is(p.stdout, `${templated}---\n${ROUTE}`)
  // A Service with literal ports must have the one --port names.
  const wrong = cli(['--to', 'gateway', '--port', '9090', '-'], { input: `${SERVICE}---\n${SPLIT}` })
  assert.is(wrong.status, 2)
  assert.match(wrong.stderr, /--port 9090: Service bb in the input has no such port \(8080\)/)
})

test('file mode: the Service in another file gives the port; --diff applies with git apply to the --write result; a second --check is clean', () => {
  const files = { 'deploy/service.yaml': SERVICE, 'deploy/split.yaml': SPLIT, 'deploy/config.yaml': CONFIG }
  const a = tempRepo('smi-gw-diff-', files)
  const b = tempRepo('smi-gw-write-', files)
  const d = cli(['--diff', '--to', 'gateway', '.'], { cwd: a })
  assert.is(d.status, 1, d.stderr)
  writeFileSync(join(a, 'smi.patch'), d.stdout)
  git(a, 'apply', 'smi.patch')
  const w = cli(['--write', '--to', 'gateway', 'deploy'], { cwd: b })
  assert.is(w.status, 0, w.stdout + w.stderr)
  assert.match(w.stdout, /converted 1 TrafficSplit in 1 file/)
  for (const dir of [a, b]) {
    assert.is(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'), ROUTE)
    assert.is(readFileSync(join(dir, 'deploy/service.yaml'), 'utf8'), SERVICE)
    assert.is(readFileSync(join(dir, 'deploy/config.yaml'), 'utf8'), CONFIG)
  }
  const again = cli(['--check', '--to', 'gateway', 'deploy'], { cwd: b })
  assert.is(again.status, 0, again.stdout)
  assert.match(again.stdout, /nothing to convert/)
})

test('--keep-trafficsplit writes the route after the split; a second run finds the route it wrote and changes nothing', () => {
  const dir = tempRepo('smi-gw-keep-', { 'all.yaml': `${SERVICE}---\n${SPLIT}` })
  const w = cli(['--write', '--to', 'gateway', '--keep-trafficsplit', '.'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const written = readFileSync(join(dir, 'all.yaml'), 'utf8')
  assert.is(written, `${SERVICE}---\n${SPLIT.trimEnd()}\n---\n${ROUTE.replace(/^#.*\n/, '')}`)
  const again = cli(['--check', '--to', 'gateway', '--keep-trafficsplit', '.'], { cwd: dir })
  assert.is(again.status, 0, again.stdout)
  assert.match(
    again.stdout,
    /note TrafficSplit shop\/bb-split has its HTTPRoute bb-split in the input already, written by smi-migrate; left as it is/,
  )
})

test('refusals leave the file untouched: headless root (error, exit 2), Flagger-owned split (pending warning, exit 1)', () => {
  const headless = SERVICE.replace('spec:\n', 'spec:\n  clusterIP: None\n')
  const owned = SPLIT.replace(
    '  namespace: shop\n',
    '  namespace: shop\n  ownerReferences:\n  - apiVersion: flagger.app/v1beta1\n    kind: Canary\n    name: bb\n    controller: true\n',
  )
  const dir = tempRepo('smi-gw-refuse-', { 'a/all.yaml': `${headless}---\n${SPLIT}`, 'b/all.yaml': `${SERVICE}---\n${owned}` })
  const h = cli(['--write', '--to', 'gateway', 'a'], { cwd: dir })
  assert.is(h.status, 2, h.stdout)
  assert.match(h.stdout, /a\/all\.yaml:\d+:12: error: TrafficSplit shop\/bb-split: Service bb is headless \(clusterIP: None\)/)
  const o = cli(['--write', '--to', 'gateway', 'b'], { cwd: dir })
  assert.is(o.status, 1, o.stdout)
  assert.match(
    o.stdout,
    /b\/all\.yaml:\d+:3: warning: TrafficSplit shop\/bb-split is owned by Canary bb; left unchanged: Flagger rewrites it from its Canary: switch Flagger to its Gateway API provider/,
  )
  assert.is(git(dir, 'status', '--porcelain'), '')
})

test('a strategic-merge patch file of a TrafficSplit is part of one: told to apply the patch first, never to add the spec.service its base has', () => {
  const base =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: api\nspec:\n  service: api\n  backends:\n  - service: api-v1\n    weight: 1\n'
  const patch =
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: api\nspec:\n  backends:\n  - service: api-v2\n    weight: 1\n'
  const repo = tempRepo('smi-gw-patchfile-', {
    'base/split.yaml': base,
    'base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'overlay/kustomization.yaml': 'resources:\n- ../base\npatches:\n- path: api-backends.yaml\n',
    'overlay/api-backends.yaml': patch,
  })
  const r = cli(['--check', '--to', 'gateway', '--port', '80', '.'], { cwd: repo })
  assert.is(r.status, 2, r.stdout + r.stderr)
  const said = r.stdout.split('\n').filter((l) => l.startsWith('overlay/api-backends.yaml:'))
  assert.ok(said.length > 0, r.stdout)
  for (const line of said) assert.not.match(line, 'spec.service', line)
  assert.ok(
    said.some((l) => l.includes('overlay/kustomization.yaml') && l.includes('kubectl kustomize')),
    `the patch file's finding names the kustomization that lists it and how to go on: ${said.join('\n')}`,
  )
})

test('--mesh osm (or nginx, traefik): what matters only on Linkerd is not said; the routes are the same; --mesh linkerd says it', () => {
  const input =
    // A TLS port by its name: a TCPRoute, which only Linkerd 2.18 and later apply, so on Linkerd the release is named.
    'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - name: tls\n    port: 443\n---\n' +
    'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
    '  - service: web-v1\n    weight: 1\n  - service: web-v2\n    weight: 1\n'
  const plain = cli(['--to', 'gateway', '--linkerd', '2.18'], { input })
  assert.is(plain.status, 0, plain.stderr)
  // On Linkerd, the Linkerd runbook's warnings are said (the split leaves its root Service out).
  assert.match(plain.stderr, /warning: .*on Linkerd/)
  assert.equal(cli(['--to', 'gateway', '--mesh', 'linkerd', '--linkerd', '2.18'], { input }).stderr, plain.stderr)
  // Without a release, on a run taken as Linkerd's, the TCPRoute is the release's question (linkerd-opaque-port, pending).
  for (const args of [[], ['--mesh', 'linkerd']]) {
    const r = cli(['--to', 'gateway', ...args], { input })
    assert.is(r.status, 1, r.stderr)
    assert.match(r.stderr, /left for a person: on Service web port 443 the Linkerd release decides/)
  }
  for (const mesh of ['osm', 'nginx', 'traefik']) {
    const r = cli(['--to', 'gateway', '--mesh', mesh], { input })
    assert.is(r.status, 0, r.stderr)
    assert.is(r.stdout, plain.stdout, `--mesh ${mesh} writes the same routes`)
    assert.not.match(r.stderr, /linkerd/i, `--mesh ${mesh}: ${r.stderr}`)
    // What is not about Linkerd is still said: the conversion, and why TLS goes on a TCPRoute.
    assert.match(r.stderr, 'converted TrafficSplit web: v1alpha2 -> TCPRoute web (port 443)')
    assert.match(r.stderr, 'no TLSRoute is written')
    assert.is(r.stderr.trimEnd().split('\n').at(-1), 'converted 1 TrafficSplit')
  }
})

test('a Helm-templated weight: the split is left for a person (pending warning), the chart untouched', () => {
  const chart = SPLIT.replace('weight: 500m', 'weight: {{ .Values.canaryWeight }}')
  const dir = tempRepo('smi-gw-helm-', {
    'chart/Chart.yaml': 'apiVersion: v2\nname: c\nversion: 0.1.0\n',
    'chart/templates/split.yaml': `${SERVICE}---\n${chart}`,
    'chart/values.yaml': 'canaryWeight: 10\n',
  })
  const r = cli(['--write', '--to', 'gateway', 'chart'], { cwd: dir })
  assert.is(r.status, 1, r.stdout)
  assert.match(r.stdout, /chart\/templates\/split\.yaml:\d+:\d+: warning: .*templat/)
  assert.is(git(dir, 'status', '--porcelain'), '')
})

testWith('kubectl')(
  'kustomize: a patch on the split refuses the tree (error at the patch, nothing written, the tree still builds); without it the base converts and builds routes',
  () => {
    const overlay =
      'resources:\n- ../base\npatches:\n- target:\n    kind: TrafficSplit\n    name: bb-split\n' +
      '  patch: |-\n    - op: replace\n      path: /spec/backends/1/weight\n      value: 1000m\n'
    const files = {
      'base/kustomization.yaml': 'resources:\n- service.yaml\n- split.yaml\n',
      'base/service.yaml': SERVICE,
      'base/split.yaml': SPLIT,
      'overlay/kustomization.yaml': overlay,
    }
    const dir = tempRepo('smi-gw-kustomize-', files)
    const r = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /overlay\/kustomization\.yaml:4:3: error: patches entry patches a TrafficSplit, which --to gateway replaces by routes the patch would no longer match/,
    )
    assert.is(git(dir, 'status', '--porcelain'), '', 'the whole tree is left as it was')
    assert.is(spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' }).status, 0)
    // Without the overlay's patch the base converts, and kustomize renders the route.
    writeFileSync(join(dir, 'overlay/kustomization.yaml'), 'resources:\n- ../base\nnamespace: shop\n')
    const w = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
    assert.is(w.status, 0, w.stdout + w.stderr)
    const built = spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' })
    assert.is(built.status, 0, built.stderr)
    assert.match(built.stdout, /kind: HTTPRoute/)
    assert.is(assertValidRoutes(built.stdout), 1)
  },
)

testWith('pre-commit')('pre-commit: the fix hook with args [--to, gateway] writes the routes, then passes', async () => {
  const dir = tempRepo('smi-gw-hook-', { 'deploy/service.yaml': SERVICE, 'deploy/split.yaml': SPLIT })
  const config =
    `repos:\n- repo: local\n  hooks:\n  - id: smi-migrate\n    name: smi-migrate\n    entry: ${process.execPath} ${join(process.cwd(), 'dist/cli.js')} --write\n` +
    `    language: system\n    files: '\\.(ya?ml|json)$'\n    args: [--to, gateway]\n`
  writeFileSync(join(dir, '.pre-commit-config.yaml'), config)
  git(dir, 'add', '-A')
  const first = await run('pre-commit', ['run', '--all-files', '--color', 'never'], { cwd: dir })
  assert.is(first.status, 1, first.stdout + first.stderr)
  assert.match(first.stdout, /files were modified by this hook/)
  assert.is(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'), ROUTE)
  git(dir, 'add', '-A')
  const second = await run('pre-commit', ['run', '--all-files', '--color', 'never'], { cwd: dir })
  assert.is(second.status, 0, second.stdout + second.stderr)
})

test.run()
