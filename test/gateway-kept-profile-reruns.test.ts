/**
 * A kept ServiceProfile converted before its TrafficSplit, or before its Service gained a port
 * (issue 38, third review items 2, 6, 8, 10 and 11), through the built CLI: what the earlier run wrote
 * under another name (the catch-all the split's route now is, a route renamed per port, a
 * GRPCRoute become an HTTPRoute) is written over where it stands, and a pending warning names
 * the kubectl delete the cluster needs (exit 1); an edited old route keeps the run from writing.
 * The second run is a no-op. A route renamed by hand is still its profile route's; and what a
 * fresh conversion says of the profile's order and the Service's defaults, a rerun says again.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { GATEWAY_218, port, SHOP_SPLIT, shopProfile, shopService } from './helpers/shop.js'

const KEEP = [...GATEWAY_218, '--keep-serviceprofile', '--keep-trafficsplit']
const HTTP = port('http', 80)
const ADMIN = port('admin', 8080)

function inDir(name: string, body: (dir: string) => void): void {
  const dir = tempDir(name)
  try {
    body(dir)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The Services with every port declaring HTTP/2 (`appProtocol: kubernetes.io/h2c`). */
function h2c(services: string): string {
  return services.replace(/( +)port: (\d+)\n/g, '$1port: $2\n$1appProtocol: kubernetes.io/h2c\n')
}

function run(dir: string, mode = '--write'): { status: number | null; out: string } {
  const r = cli([...KEEP, mode, '.'], { cwd: dir })
  return { status: r.status, out: r.stdout + r.stderr }
}

test("profile kept, split added later: the split's route replaces web-default, and the delete is named (exit 1)", () => {
  inDir('kept-profile', (dir) => {
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP))
    writeFileSync(join(dir, 'sp.yaml'), shopProfile())
    assert.is(run(dir).status, 0)
    assert.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'name: web-default\n')
    writeFileSync(join(dir, 'split.yaml'), SHOP_SPLIT)
    const r = run(dir)
    assert.is(r.status, 1, r.out)
    assert.match(r.out, /warning: .*HTTPRoute web-split is written in place of HTTPRoute web-default\b/)
    assert.match(r.out, 'kubectl delete httproute -n shop web-default)')
    assert.not.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'name: web-default\n')
    const again = run(dir, '--check')
    assert.is(again.status, 0, again.out)
  })
})

test('gRPC profile kept, HTTP split added later: every GRPCRoute written over is named for kubectl delete (exit 1)', () => {
  inDir('kept-profile', (dir) => {
    writeFileSync(
      join(dir, 'svc.yaml'),
      shopService(port('grpc', 8080)).replace(/web/g, 'emoji') + '---\n' + shopService(port('grpc', 8080)).replace(/web/g, 'emoji-v2'),
    )
    const profile = shopProfile()
      .replace('web.shop', 'emoji.shop')
      .replace('name: GET /api/items', 'name: FindByShortcode')
      .replace('method: GET', 'method: POST')
      .replace('pathRegex: /api/items', 'pathRegex: /emojivoto\\.v1\\.EmojiService/FindByShortcode')
    writeFileSync(join(dir, 'sp.yaml'), profile)
    // GRPCRoutes on a port without appProtocol are left for a person (sp-grpc, pending): nothing is written.
    const first = run(dir)
    assert.is(first.status, 1, first.out)
    assert.match(first.out, 'as gRPC (HTTP/2 only)')
    assert.not.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'kind: GRPCRoute')
    // On a port that declares HTTP/2 (kubernetes.io/h2c) they are written; the Service then loses its appProtocol.
    const services = readFileSync(join(dir, 'svc.yaml'), 'utf8')
    writeFileSync(join(dir, 'svc.yaml'), h2c(services))
    assert.is(run(dir).status, 0)
    assert.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), /kind: GRPCRoute\nmetadata:\n {2}name: emoji-default\n/)
    writeFileSync(join(dir, 'svc.yaml'), services)
    writeFileSync(join(dir, 'split.yaml'), SHOP_SPLIT.replace(/web/g, 'emoji'))
    const r = run(dir)
    assert.is(r.status, 1, r.out)
    assert.match(r.out, 'kubectl delete grpcroute -n shop emoji-findbyshortcode)')
    assert.match(r.out, 'kubectl delete grpcroute -n shop emoji-default)')
    assert.not.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'kind: GRPCRoute')
    const again = run(dir, '--check')
    assert.is(again.status, 0, again.out)
  })
})

test('gRPC profile kept and a GRPCRoute edited, HTTP split added later: nothing is written, no digest offered (exit 1)', () => {
  inDir('kept-profile', (dir) => {
    writeFileSync(join(dir, 'svc.yaml'), shopService(port('grpc', 8080)).replace(/web/g, 'emoji'))
    const profile = shopProfile()
      .replace('web.shop', 'emoji.shop')
      .replace('name: GET /api/items', 'name: FindByShortcode')
      .replace('method: GET', 'method: POST')
      .replace('pathRegex: /api/items', 'pathRegex: /emojivoto\\.v1\\.EmojiService/FindByShortcode')
    writeFileSync(join(dir, 'sp.yaml'), profile)
    // GRPCRoutes written on a port that declares HTTP/2, which the Service then loses (as in the test above).
    const services = readFileSync(join(dir, 'svc.yaml'), 'utf8')
    writeFileSync(join(dir, 'svc.yaml'), h2c(services))
    assert.is(run(dir).status, 0, 'written')
    writeFileSync(join(dir, 'svc.yaml'), services)
    const text = readFileSync(join(dir, 'sp.yaml'), 'utf8')
    const at = text.indexOf('name: emoji-findbyshortcode')
    assert.ok(at > 0, text)
    const edited = text.slice(0, at) + text.slice(at).replace(/timeout\.linkerd\.io\/request: "\d+s"/, 'timeout.linkerd.io/request: "4s"')
    assert.is.not(edited, text)
    writeFileSync(join(dir, 'sp.yaml'), edited)
    writeFileSync(join(dir, 'split.yaml'), SHOP_SPLIT.replace(/web/g, 'emoji'))
    const r = run(dir)
    assert.is(r.status, 1, r.out)
    assert.match(r.out, /GRPCRoute emoji-findbyshortcode .*edited by hand since; this run writes it as HTTPRoute emoji-findbyshortcode/)
    assert.not.match(r.out, 'set smi-migrate.io/written-digest')
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), edited, 'nothing written')
  })
})

function convertedWithOnePort(dir: string): void {
  writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP))
  writeFileSync(join(dir, 'in.yaml'), SHOP_SPLIT + '---\n' + shopProfile({ pay: true }))
  assert.is(run(dir).status, 0)
  assert.match(readFileSync(join(dir, 'in.yaml'), 'utf8'), 'name: web-get-api-items\n')
}

test("the Service gains a port: the profile's routes are written in place of the old ones, whose delete is named (exit 1)", () => {
  inDir('kept-profile', (dir) => {
    convertedWithOnePort(dir)
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP + ADMIN))
    const r = run(dir)
    assert.is(r.status, 1, r.out)
    assert.match(r.out, /HTTPRoute web-get-api-items-80 is written in place of HTTPRoute web-get-api-items\b/)
    assert.match(r.out, 'kubectl delete httproute -n shop web-post-api-pay)')
    const text = readFileSync(join(dir, 'in.yaml'), 'utf8')
    assert.not.match(text, 'name: web-get-api-items\n')
    assert.match(text, 'name: web-get-api-items-8080\n')
    const again = run(dir, '--check')
    assert.is(again.status, 0, again.out)
  })
})

test('the Service gains a port, an old profile route edited by hand: nothing is written (exit 1)', () => {
  inDir('kept-profile', (dir) => {
    convertedWithOnePort(dir)
    const text = readFileSync(join(dir, 'in.yaml'), 'utf8')
    const at = text.indexOf('name: web-get-api-items')
    const edited = text.slice(0, at) + text.slice(at).replace('timeout.linkerd.io/request: "2s"', 'timeout.linkerd.io/request: "5s"')
    writeFileSync(join(dir, 'in.yaml'), edited)
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP + ADMIN))
    const r = run(dir)
    assert.is(r.status, 1, r.out)
    assert.match(r.out, /HTTPRoute web-get-api-items .*edited by hand/)
    // The way out is reachable: no digest to set on the old name (it never lets the new names be written).
    assert.match(r.out, /would write HTTPRoute web-get-api-items-80 in its place.*delete the route and convert again/)
    assert.not.match(r.out, 'set smi-migrate.io/written-digest')
    assert.is(readFileSync(join(dir, 'in.yaml'), 'utf8'), edited, 'nothing written')
  })
})

test('a route renamed (and edited) by hand is that route: kept, named, never written again beside it; the profile changed, nothing is written', () => {
  inDir('kept-profile', (dir) => {
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP))
    writeFileSync(join(dir, 'sp.yaml'), shopProfile({ pay: true }))
    assert.is(run(dir).status, 0)
    const text = readFileSync(join(dir, 'sp.yaml'), 'utf8')
    const at = text.indexOf('name: web-get-api-items\n')
    assert.ok(at > 0, text)
    const renamed =
      text.slice(0, at) +
      text
        .slice(at)
        .replace('name: web-get-api-items\n', 'name: items-route\n')
        .replace('timeout.linkerd.io/request: "2s"', 'timeout.linkerd.io/request: "7s"')
    writeFileSync(join(dir, 'sp.yaml'), renamed)
    const r = run(dir)
    assert.is(r.status, 0, r.out)
    assert.match(r.out, /HTTPRoute items-route .*renamed by hand since.*web-get-api-items is not written beside it/)
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), renamed, 'kept')
    const changed = renamed.replace('timeout: 2s', 'timeout: 3s')
    writeFileSync(join(dir, 'sp.yaml'), changed)
    const held = run(dir)
    assert.is(held.status, 1, held.out)
    assert.match(held.out, /HTTPRoute items-route .*edited by hand/)
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), changed, 'nothing written')
  })
})

const GET_X = `    - name: get x
      condition:
        method: GET
        pathRegex: /x
      timeout: 1s
`
const ANY_X = `    - name: any x
      condition:
        pathRegex: /x
      timeout: 9s
`

test("a kept profile reordered, then its Service annotated: the rerun says what a fresh conversion says (order; the Service's defaults, exit 1)", () => {
  inDir('kept-profile', (dir) => {
    const head = shopProfile().slice(0, shopProfile().indexOf('    - name:'))
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP))
    writeFileSync(join(dir, 'sp.yaml'), head + GET_X + ANY_X)
    const first = run(dir)
    assert.is(first.status, 0, first.out)
    assert.not.match(first.out, 'sp-order')
    const converted = readFileSync(join(dir, 'sp.yaml'), 'utf8')
    const reordered = converted.replace(GET_X + ANY_X, ANY_X + GET_X)
    assert.is.not(reordered, converted)
    writeFileSync(join(dir, 'sp.yaml'), reordered)
    const r = run(dir)
    // Pending as in a fresh conversion of the same profile: exit 1, and --check fails too.
    assert.is(r.status, 1, r.out)
    assert.match(
      r.out,
      /warning: .*route "get x" \(web-get-x\) may now take requests the profile sent to the earlier route "any x".*; nothing is written for the profile/,
    )
    assert.match(r.out, '1 left for a person')
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), reordered, 'nothing written')
    assert.is(run(dir, '--check').status, 1)
    writeFileSync(join(dir, 'sp.yaml'), converted)
    writeFileSync(
      join(dir, 'svc.yaml'),
      shopService(HTTP).replace('  namespace: shop\n', '  namespace: shop\n  annotations:\n    timeout.linkerd.io/request: 1s\n'),
    )
    const annotated = run(dir)
    assert.is(annotated.status, 1, annotated.out)
    assert.match(annotated.out, /Service web carries timeout\.linkerd\.io\/request: 1s/)
    assert.is(readFileSync(join(dir, 'sp.yaml'), 'utf8'), converted, 'nothing written')
  })
})

const CLIENT_PROFILE = `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: web.shop.svc.cluster.local, namespace: client}
spec:
  routes:
  - {name: list, condition: {method: GET, pathRegex: /api/items}, timeout: 2s}
`
const PRODUCER_PROFILE = `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: web.shop.svc.cluster.local, namespace: shop}
spec:
  routes:
  - {name: all api, condition: {pathRegex: /api/.*}, timeout: 30s}
`

test('a kept consumer profile, then a producer profile added: the rerun holds the consumer profile as a fresh run does (exit 1)', () => {
  inDir('kept-profile', (dir) => {
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP))
    writeFileSync(join(dir, 'client.yaml'), CLIENT_PROFILE)
    assert.is(run(dir).status, 0)
    const converted = readFileSync(join(dir, 'client.yaml'), 'utf8')
    assert.match(converted, 'name: web-list\n')
    writeFileSync(join(dir, 'sp.yaml'), PRODUCER_PROFILE)
    const fresh = cli([...KEEP, '-'], {
      input: readFileSync(join(dir, 'svc.yaml'), 'utf8') + '---\n' + CLIENT_PROFILE + '---\n' + PRODUCER_PROFILE,
    })
    assert.is(fresh.status, 1, fresh.stdout + fresh.stderr)
    assert.match(
      fresh.stderr,
      /warning: ServiceProfile client\/web\.shop\.svc\.cluster\.local: clients in client used this profile.*nothing is written for the profile/,
    )
    const r = run(dir)
    assert.is(r.status, 1, r.out)
    assert.match(
      r.out,
      /warning: ServiceProfile client\/web\.shop\.svc\.cluster\.local: clients in client used this profile.*nothing is written for the profile/,
    )
    assert.is(readFileSync(join(dir, 'client.yaml'), 'utf8'), converted, 'nothing written')
    assert.is(run(dir, '--check').status, 1)
  })
})

test("the split's route there beside the kept profile's catch-all: the catch-all is named for deletion, exit 1", () => {
  inDir('kept-profile', (dir) => {
    writeFileSync(join(dir, 'svc.yaml'), shopService(HTTP))
    writeFileSync(join(dir, 'split.yaml'), SHOP_SPLIT)
    const split = cli([...GATEWAY_218, '--keep-trafficsplit', '--write', '.'], { cwd: dir })
    assert.is(split.status, 0, split.stdout + split.stderr)
    const converted = readFileSync(join(dir, 'split.yaml'), 'utf8')
    rmSync(join(dir, 'split.yaml'))
    writeFileSync(join(dir, 'sp.yaml'), shopProfile())
    assert.is(run(dir).status, 0)
    assert.match(readFileSync(join(dir, 'sp.yaml'), 'utf8'), 'name: web-default\n')
    writeFileSync(join(dir, 'split.yaml'), converted)
    const r = run(dir, '--check')
    assert.is(r.status, 1, r.out)
    assert.match(r.out, /HTTPRoute web-default .*catch-all.*kubectl delete httproute -n shop web-default\)/)
  })
})

test.run()
