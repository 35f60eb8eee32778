/**
 * Which namespaces of a TrafficSplit and the ServiceProfile of its Service are one unit (issue 38,
 * review of the unit rule), through the built CLI: a namespace is read as kubectl reads it (a YAML
 * null or an empty one is none), objects without a namespace pair with each other as if they
 * shared one, and none pairs with the profile's namespace only by the documented rule (the Service
 * in the input without a namespace or in that namespace).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { kubectlReadMany } from './helpers/kubectl-read.js'
import { GATEWAY_218, stream } from './helpers/shop.js'

const service = (meta: string): string => `apiVersion: v1
kind: Service
metadata: {name: web${meta}}
spec:
  ports:
  - {name: http, port: 80}
`
const split = (meta: string): string => `apiVersion: split.smi-spec.io/v1alpha2
kind: TrafficSplit
metadata: {name: web-split${meta}}
spec:
  service: web
  backends:
  - {service: web, weight: 90}
  - {service: web-v2, weight: 10}
`
const profile = (meta: string, route = 'GET /api', timeout = '1s'): string => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: web.default.svc.cluster.local${meta}}
spec:
  routes:
  - {name: ${route}, condition: {method: GET, pathRegex: /${route.split('/')[1]}}, timeout: ${timeout}}
`

/** The names of the routes written, in order, and how many rules carry backendRefs. */
function routes(out: string): { names: string[]; backed: number } {
  const names = [...out.matchAll(/^kind: HTTPRoute\nmetadata:\n {2}name: (\S+)/gm)].map((m) => m[1]!)
  return { names, backed: (out.match(/backendRefs:/g) ?? []).length }
}

for (const [layout, input] of [
  ['the profile without a namespace', stream(service(', namespace: default'), split(', namespace: default'), profile(''))],
  ['all three without a namespace', stream(service(''), split(''), profile(''))],
  ['the profile `namespace: ""`', stream(service(''), split(''), profile(', namespace: ""'))],
  ['Service and split without, the profile in default', stream(service(''), split(''), profile(', namespace: default'))],
  ['a Service `namespace: null`, split and profile without', stream(service(', namespace: null'), split(''), profile(''))],
] as const)
  test(`${layout}: the profile is paired with the split (its backends, no catch-all of its own)`, () => {
    const r = cli([...GATEWAY_218, '-'], { input })
    assert.is(r.status, 0, r.stderr)
    assert.match(r.stderr, /converted 1 TrafficSplit and 1 ServiceProfile/)
    const { names, backed } = routes(r.stdout)
    assert.equal(names, ['web-split', 'web-get-api'])
    assert.is(backed, 2, r.stdout)
    assert.not.match(r.stdout, /web-default/)
  })

test('a profile in another namespace than the one its name says stays a client profile: not paired', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(service(''), split(''), profile(', namespace: client')) })
  assert.is(r.status, 0, r.stderr)
  assert.equal(routes(r.stdout).names, ['web-split', 'web-get-api', 'web-default'])
})

for (const spelling of ['null', '~', 'Null', 'NULL', '!!null ""'])
  test(`\`namespace: ${spelling}\` is no namespace, as kubectl reads it: a copy without one is the same profile`, () => {
    const dir = tempDir('unit-ns')
    const file = join(dir, 'in.yaml')
    const input = stream(
      service(', namespace: default'),
      profile(`, namespace: ${spelling}`),
      profile('', 'GET /b', '5s').replace('/api', '/b'),
    )
    writeFileSync(file, input)
    // kubectl reads both profiles without a namespace: one object, the second applied over the first.
    const read = kubectlReadMany([file])
    const sp = read.objects.get('web.default.svc.cluster.local') as Array<{ metadata: { namespace?: string } }>
    assert.is(sp.length, 2)
    assert.ok(sp.every((o) => o.metadata.namespace === undefined))
    const r = cli([...GATEWAY_218, '-'], { input })
    assert.is(r.status, 1, r.stderr)
    assert.match(r.stderr, /ServiceProfile web\.default\.svc\.cluster\.local is in the input 2 times .* and the copies differ/)
    assert.not.match(r.stderr, /converted/)
  })

test('a Service `namespace: ~` is the Service of a split without a namespace', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(service(', namespace: ~'), split('')) })
  assert.is(r.status, 0, r.stderr)
  assert.not.match(r.stderr, /namespace ~|in namespace null/)
  assert.equal(routes(r.stdout).names, ['web-split'])
})

const shopService = service(', namespace: shop')
const shopSplit = split(', namespace: shop')
const shopProfile = profile(', namespace: shop').replace('web.default.svc', 'web.shop.svc')

/** Writes the files into a new directory, runs the CLI there, and checks nothing was written. */
function unchanged(files: Record<string, string>, args: string[]): string {
  const dir = tempDir('unit-ns')
  try {
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true })
      writeFileSync(join(dir, name), text)
    }
    const r = cli(args, { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    for (const [name, text] of Object.entries(files)) assert.is(readFileSync(join(dir, name), 'utf8'), text, `${name} unchanged`)
    return r.stdout + r.stderr
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

for (const [how, broken] of [
  ['a merge key in spec', shopSplit.replace('  service: web\n', '  <<: {service: web}\n')],
  ['a merge key in a backend', shopSplit.replace('  - {service: web-v2, weight: 10}', '  - <<: {service: web-v2}\n    weight: 10')],
  ['the name through a merge key', shopSplit.replace('{name: web-split, namespace: shop}', '{<<: {name: web-split}, namespace: shop}')],
  ['a merge key at the top level', shopSplit.replace('kind: TrafficSplit\n', 'kind: TrafficSplit\n<<: {foo: 1}\n')],
  [
    'a tab-indented namespace',
    shopSplit.replace('metadata: {name: web-split, namespace: shop}', 'metadata:\n  name: web-split\n\tnamespace: shop'),
  ],
  ['a bad escape in its namespace', shopSplit.replace('namespace: shop}', 'namespace: "sh\\op"}')],
  ['no namespace, the Service in shop', split('')],
] as const)
  test(`a split refused for ${how} holds its profile: nothing written for either`, () => {
    const files = { 'd/svc.yaml': shopService, 'd/split.yaml': broken, 'd/sp.yaml': shopProfile }
    const err = unchanged(files, [...GATEWAY_218, '--write', 'd'])
    assert.match(
      err,
      /d\/sp\.yaml:1:1: (?:warning|error): ServiceProfile shop\/web\.shop\.svc\.cluster\.local:? is held back by TrafficSplit web-split/,
    )
    assert.not.match(err, /converted (?:TrafficSplit|ServiceProfile)/)
  })

test('a merge key kubectl applies: kubectl reads the split whole, so it is live and its profile held', () => {
  const dir = tempDir('unit-ns')
  const file = join(dir, 'split.yaml')
  writeFileSync(file, shopSplit.replace('  service: web\n', '  <<: {service: web}\n'))
  const read = kubectlReadMany([file]).objects.get('web-split') as Array<{ spec: { service?: string } }>
  assert.is(read[0]!.spec.service, 'web')
  rmSync(dir, { recursive: true, force: true })
})

/** Runs the CLI on `d` in `dir` after writing `files`. */
function runIn(dir: string, files: Record<string, string>, args: string[]): ReturnType<typeof cli> {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true })
    writeFileSync(join(dir, name), text)
  }
  return cli(args, { cwd: dir })
}

test('a weight step on a split converted with its profile: the rerun rewrites both (the tie on / is as old as before)', () => {
  const dir = tempDir('unit-ns')
  try {
    const all = shopProfile.replace(/- \{name: GET \/api.*\n/, '- {name: all, condition: {pathRegex: "/.*"}, timeout: 1s}\n')
    const keep = [...GATEWAY_218, '--keep-trafficsplit', '--keep-serviceprofile', '--write', 'd']
    const r1 = runIn(dir, { 'd/svc.yaml': shopService, 'd/split.yaml': shopSplit, 'd/sp.yaml': all }, keep)
    assert.is(r1.status, 0, r1.stderr)
    const stepped = readFileSync(join(dir, 'd/split.yaml'), 'utf8')
      .replace('weight: 90}', 'weight: 50}')
      .replace('weight: 10}', 'weight: 50}')
    const r2 = runIn(dir, { 'd/split.yaml': stepped }, keep)
    assert.is(r2.status, 0, r2.stderr)
    assert.not.match(r2.stderr, /sp-order|ties with/)
    for (const f of ['d/sp.yaml', 'd/split.yaml']) assert.match(readFileSync(join(dir, f), 'utf8'), /weight: 50\n[\s\S]*weight: 50\n/, f)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a rerun without --linkerd after a 2.18 run on a grpc port: the TCPRoute written says the release, a no-op', () => {
  const dir = tempDir('unit-ns')
  try {
    const svc = shopService.replace('{name: http, port: 80}', '{name: http, port: 80, appProtocol: grpc}')
    const r1 = runIn(dir, { 'd/svc.yaml': svc, 'd/split.yaml': shopSplit }, [...GATEWAY_218, '--keep-trafficsplit', '--write', 'd'])
    assert.is(r1.status, 0, r1.stderr)
    assert.match(readFileSync(join(dir, 'd/split.yaml'), 'utf8'), /kind: TCPRoute/)
    const r2 = cli(['--to', 'gateway', '--keep-trafficsplit', '--check', 'd'], { cwd: dir })
    assert.is(r2.status, 0, r2.stdout + r2.stderr)
    assert.match(r2.stdout + r2.stderr, /nothing to convert/)
    // A fresh split on that port without --linkerd is still the release's question.
    const r3 = cli(['--to', 'gateway', '-'], { input: stream(svc, shopSplit) })
    assert.is(r3.status, 1, r3.stderr)
    assert.match(r3.stderr, /the Linkerd release decides/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
