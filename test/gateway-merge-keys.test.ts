/**
 * YAML merge keys (`<<: *x`, `<<: [*a, *b]`, `<<: {…}`) in ServiceProfiles and Services are read
 * as kubectl reads them (sigs.k8s.io/yaml, go-yaml v2: applied where they stand, a later key
 * overriding an earlier one, the first mapping of a merged list winning), through the built CLI,
 * with `kubectl annotate --local` as the oracle for what the cluster got (issue 38, r38-final D1, D8).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { kubectlReadMany } from './helpers/kubectl-read.js'
import { GATEWAY_218, SHOP_SPLIT, shopService, stream } from './helpers/shop.js'

const profile = (body: string): string => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata:
  name: web.shop.svc.cluster.local
  namespace: shop
spec:
${body}`

/** The objects kubectl reads from `text`, by name. */
function kubectlReads(text: string): Map<string, unknown[]> {
  const dir = tempDir('merge-keys')
  try {
    writeFileSync(join(dir, 'in.yaml'), text)
    return kubectlReadMany([join(dir, 'in.yaml')]).objects
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

interface Route {
  name: string
  timeout?: string
  isRetryable?: boolean
  condition?: Record<string, unknown>
}
const routesOf = (objects: Map<string, unknown[]>): Route[] =>
  (objects.get('web.shop.svc.cluster.local')![0] as { spec: { routes: Route[] } }).spec.routes

/** One HTTPRoute document of the output, by name. */
const route = (out: string, name: string): string => out.split(/^---$/m).find((d) => new RegExp(`^  name: ${name}$`, 'm').test(d)) ?? ''

const ROUTES = `  routes:
  - &r {name: GET /api, condition: {method: GET, pathRegex: /api}, timeout: 1s, isRetryable: true}
  - <<: *r
    name: GET /b
    condition: {method: GET, pathRegex: /b}
`

test('a profile route that takes its timeout and isRetryable from a merge key keeps both', () => {
  const input = stream(shopService(), profile(ROUTES))
  const b = routesOf(kubectlReads(input)).find((r) => r.name === 'GET /b')!
  assert.is(b.timeout, '1s')
  assert.is(b.isRetryable, true)
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 0, r.stderr)
  const written = route(r.stdout, 'web-get-b')
  assert.match(written, /timeout\.linkerd\.io\/request: "1s"/)
  assert.match(written, /retry\.linkerd\.io\/http: "5xx"/)
  assert.match(written, /value: "\/b"\n/)
})

test('with the split beside, the merged route gets the timeout and the split backends', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), SHOP_SPLIT, profile(ROUTES)) })
  assert.is(r.status, 0, r.stderr)
  const written = route(r.stdout, 'web-get-b')
  assert.match(written, /timeout\.linkerd\.io\/request: "1s"/)
  assert.match(written, /- name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
})

test('a list of merged mappings: the first wins, and a key after the merge key overrides it, as kubectl reads them', () => {
  const body = `  routes:
  - name: GET /c
    timeout: 9s
    <<: [{timeout: 3s, condition: {method: GET, pathRegex: /c}}, {timeout: 4s, isRetryable: true}]
  - name: GET /d
    <<: {timeout: 3s}
    timeout: 7s
    condition: {method: GET, pathRegex: /d}
`
  const input = stream(shopService(), profile(body))
  const [c, d] = routesOf(kubectlReads(input))
  assert.equal([c!.timeout, c!.isRetryable, d!.timeout], ['3s', true, '7s'])
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.match(route(r.stdout, 'web-get-c'), /timeout\.linkerd\.io\/request: "3s"[\s\S]*retry\.linkerd\.io\/http/)
  assert.match(route(r.stdout, 'web-get-d'), /timeout\.linkerd\.io\/request: "7s"/)
})

test('a merge key in a condition and in dstOverrides is read, not refused with a wrong reason', () => {
  const body = `  routes:
  - {name: GET /api, condition: &c {method: GET, pathRegex: /api}, timeout: 1s}
  - name: GET /b
    condition: {<<: *c, pathRegex: /b}
  dstOverrides:
  - &d {authority: web.shop.svc.cluster.local, weight: 900}
  - <<: *d
    authority: web-v2.shop.svc.cluster.local
    weight: 100
`
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), SHOP_SPLIT, profile(body)) })
  assert.is(r.status, 0, r.stderr)
  assert.not.match(r.stderr, /unknown condition field|weight undefined/)
  const written = route(r.stdout, 'web-get-b')
  // The merged condition: GET, and the path the merge key's mapping is overridden with.
  assert.match(written, /method: GET/)
  assert.match(written, /value: "\/b"\n/)
  assert.match(written, /- name: web-v2\n\s+port: 80\n\s+weight: 10\n/)
})

test('a Service port that gets appProtocol grpc through a merge key is opaque to Linkerd 2.18: a TCPRoute', () => {
  const ports = `  - &p {name: grpc, port: 8080, appProtocol: grpc}
  - <<: *p
    name: grpc2
    port: 8081
`
  const input = stream(shopService(ports), SHOP_SPLIT)
  const svc = kubectlReads(input).get('web')![0] as { spec: { ports: Array<{ port: number; appProtocol?: string }> } }
  assert.equal(
    svc.spec.ports.map((p) => [p.port, p.appProtocol]),
    [
      [8080, 'grpc'],
      [8081, 'grpc'],
    ],
  )
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.equal(
    [...r.stdout.matchAll(/^kind: (\S+)$/gm)].map((m) => m[1]),
    ['Service', 'TCPRoute', 'TCPRoute'],
  )
  assert.match(r.stderr, /appProtocol grpc \(Service web port 8081\) as opaque/)
})

test('an opaque-ports annotation that comes through a merge key makes the port opaque: a TCPRoute', () => {
  const service = shopService().replace(
    '  namespace: shop\n',
    '  namespace: shop\n  annotations: {<<: {config.linkerd.io/opaque-ports: "80"}}\n',
  )
  const input = stream(service, SHOP_SPLIT)
  const svc = kubectlReads(input).get('web')![0] as { metadata: { annotations: Record<string, string> } }
  assert.is(svc.metadata.annotations['config.linkerd.io/opaque-ports'], '80')
  const r = cli([...GATEWAY_218, '-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.equal(
    [...r.stdout.matchAll(/^kind: (\S+)$/gm)].map((m) => m[1]),
    ['Service', 'TCPRoute'],
  )
})

// r38h N1: a half whose kind or apiVersion comes through a merge key is refused, and kubectl applies
// it: the other half of its unit is held, nothing written for it, as for any other refusal.
const PROFILE = profile('  routes:\n  - {name: GET /api, condition: {method: GET, pathRegex: /api}, timeout: 1s}\n')
for (const [what, docs] of [
  ['the profile’s kind', [SHOP_SPLIT, PROFILE.replace('kind: ServiceProfile\n', '<<: {kind: ServiceProfile}\n')]],
  [
    'the profile’s apiVersion and kind',
    [
      SHOP_SPLIT,
      PROFILE.replace(
        'apiVersion: linkerd.io/v1alpha2\nkind: ServiceProfile\n',
        '<<: {apiVersion: linkerd.io/v1alpha2, kind: ServiceProfile}\n',
      ),
    ],
  ],
  ['the split’s kind', [SHOP_SPLIT.replace('kind: TrafficSplit\n', '<<: {kind: TrafficSplit}\n'), PROFILE]],
] as const)
  test(`${what} through a merge key: refused, and its other half held (--write: nothing written, exit 2)`, () => {
    const input = stream(shopService(), ...docs)
    // kubectl reads (applies) both halves.
    const read = kubectlReads(input)
    assert.ok(read.has('web-split') && read.has('web.shop.svc.cluster.local'), [...read.keys()].join(', '))
    const dir = tempDir('merge-identity')
    try {
      writeFileSync(join(dir, 'in.yaml'), input)
      const r = cli([...GATEWAY_218, '--write', 'in.yaml'], { cwd: dir })
      assert.is(r.status, 2, r.stderr)
      assert.is(readFileSync(join(dir, 'in.yaml'), 'utf8'), input)
      const out = r.stdout + r.stderr
      assert.match(out, /error: (TrafficSplit|ServiceProfile) .*comes through the merge key \(<<\)/)
      assert.match(
        out,
        /warning: (TrafficSplit shop\/web-split|ServiceProfile shop\/web\.shop\.svc\.cluster\.local) is held back by .*unsupported-alias/,
      )
      assert.not.match(out, /: converted |^converted |which this run converts/m)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

test.run()
