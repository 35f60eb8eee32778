/**
 * Review findings on `--to gateway` reports (issue 38, review item 11), each through the built
 * CLI (dist/cli.js): the summary counts objects, not the routes written anew for them; a
 * conversion line names its routes; a profile route's name gives way to a TrafficSplit's; a
 * `not` over no request warns of nothing it cannot lose.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments, stringify } from 'yaml'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { type Obj, type Request, routeWith } from './helpers/linkerd/index.js'
import { difference } from './helpers/routing-compare.js'

const service: Obj = {
  apiVersion: 'v1',
  kind: 'Service',
  metadata: { name: 'web', namespace: 'shop' },
  spec: { ports: [{ name: 'http', port: 80 }] },
}

function twoPorts(): Obj {
  return {
    ...service,
    spec: {
      ports: [
        { name: 'http', port: 80 },
        { name: 'admin', port: 9090 },
      ],
    },
  }
}

function split(name: string, weights: [number, number]): Obj {
  return {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name, namespace: 'shop' },
    spec: {
      service: 'web',
      backends: [
        { service: 'web', weight: weights[0] },
        { service: 'web-v2', weight: weights[1] },
      ],
    },
  }
}

function profile(routes: Obj[]): Obj {
  return {
    apiVersion: 'linkerd.io/v1alpha2',
    kind: 'ServiceProfile',
    metadata: { name: 'web.shop.svc.cluster.local', namespace: 'shop' },
    spec: { routes },
  }
}

const yaml = (objects: Obj[]): string => objects.map((o) => stringify(o)).join('---\n')

/** A directory with in.yaml, converted once with `--keep-trafficsplit --write`, then changed by `change`. */
function rerun(objects: Obj[], change: (text: string) => string, keep: string[]): string {
  const dir = tempDir('review-wording')
  const file = join(dir, 'in.yaml')
  writeFileSync(file, yaml(objects))
  const first = cli(['--to', 'gateway', ...keep, '--write', 'in.yaml'], { cwd: dir })
  assert.is(first.status, 0, first.stderr)
  writeFileSync(file, change(readFileSync(file, 'utf8')))
  return dir
}

test('the summary counts one TrafficSplit whose two routes are written anew, kept or not', () => {
  const dir = rerun([twoPorts(), split('web-split', [50, 50])], (t) => t.replace('weight: 50', 'weight: 30'), ['--keep-trafficsplit'])
  try {
    const kept = cli(['--to', 'gateway', '--keep-trafficsplit', '--check', 'in.yaml'], { cwd: dir })
    assert.is(kept.status, 1, kept.stdout)
    assert.is((kept.stdout.match(/would convert TrafficSplit shop\/web-split/g) ?? []).length, 2, kept.stdout)
    assert.match(kept.stdout, /\n1 TrafficSplit in 1 file would be converted/)
    const gone = cli(['--to', 'gateway', '--check', 'in.yaml'], { cwd: dir })
    assert.match(gone.stdout, /\n1 TrafficSplit in 1 file would be converted/)
    // The split's own line names the routes written anew in their places, never an empty list.
    const own = gone.stdout.split('\n').find((l) => l.startsWith('in.yaml:') && l.includes('would convert') && !l.includes('(in.yaml)'))
    assert.ok(own, gone.stdout)
    assert.not.match(own, /-> $/)
    assert.match(own, /HTTPRoute web-split-80 \(port 80\), HTTPRoute web-split-9090 \(port 9090\)/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the summary counts one ServiceProfile whose routes are written anew on a rerun', () => {
  const routes = [1, 2].map((n) => ({ name: `GET /r${n}`, condition: { method: 'GET', pathRegex: `/r${n}` }, timeout: '1s' }))
  const dir = rerun([service, profile(routes)], (t) => t.replaceAll('timeout: 1s', 'timeout: 3s'), ['--keep-serviceprofile'])
  try {
    const r = cli(['--to', 'gateway', '--check', 'in.yaml'], { cwd: dir })
    assert.is((r.stdout.match(/would convert ServiceProfile/g) ?? []).length, 3, r.stdout)
    assert.match(r.stdout, /\n1 ServiceProfile in 1 file would be converted/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a profile route named after a TrafficSplit of the namespace is numbered, and both convert', () => {
  const objects = [
    service,
    profile([{ name: 'split', condition: { method: 'GET', pathRegex: '/split' }, timeout: '1s' }]),
    split('web-split', [50, 50]),
  ]
  const r = cli(['--to', 'gateway', '--linkerd', '2.18', '-'], { input: yaml(objects) })
  assert.is(r.status, 0, r.stderr)
  const after = parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj)
  const named = (n: string): Obj | undefined => after.find((o) => (o.metadata as Obj | undefined)?.name === n)
  assert.is((named('web-split-2')?.metadata as { annotations: Obj }).annotations['smi-migrate.io/serviceprofile-route'], 'split')
  assert.equal((named('web-split')?.spec as { rules: Obj[] }).rules.length, 1)
  const req: Request = {
    clientNamespace: 'shop',
    service: 'web',
    namespace: 'shop',
    port: 80,
    protocol: 'http1',
    method: 'GET',
    path: '/split',
  }
  assert.is(difference(routeWith(objects, req), routeWith(after, req)), undefined)
})

test('not over no request (any: []) beside method POST is POST, with no warning of other methods', () => {
  const objects = [
    service,
    profile([
      { name: 'posts', condition: { method: 'POST', not: { any: [] }, pathRegex: '/a' }, timeout: '7s' },
      { name: 'post-not-get', condition: { method: 'POST', not: { method: 'GET' }, pathRegex: '/b' }, timeout: '7s' },
      { name: 'not-get', condition: { not: { method: 'GET' }, pathRegex: '/z' }, timeout: '7s' },
      // A path beside the complement bounds only its own term: PURGE /y matched, and matches nothing now.
      { name: 'any-not-get', condition: { any: [{ not: { method: 'GET' } }, { pathRegex: '/x' }] }, timeout: '7s' },
    ]),
  ]
  const r = cli(['--to', 'gateway', '--linkerd', '2.18', '--format', 'json', '-'], { input: yaml(objects) })
  assert.is(r.status, 0, r.stderr)
  const findings = JSON.parse(r.stderr) as Array<{ code?: string; message?: string }>
  const warned = findings.filter((f) => f.code === 'sp-not-method').map((f) => f.message ?? '')
  // Only the routes whose condition let PURGE through warn.
  assert.is(warned.length, 2, JSON.stringify(warned))
  assert.match(warned[0]!, /route "not-get"/)
  assert.match(warned[1]!, /route "any-not-get"/)
  const after = parseAllDocuments(r.stdout).map((d) => d.toJS() as Obj)
  for (const [method, path] of [
    ['POST', '/a'],
    ['GET', '/a'],
    ['POST', '/b'],
    ['PUT', '/z'],
    ['GET', '/z'],
  ] as const) {
    const req: Request = { clientNamespace: 'shop', service: 'web', namespace: 'shop', port: 80, protocol: 'http1', method, path }
    assert.is(difference(routeWith(objects, req), routeWith(after, req)), undefined, `${method} ${path}`)
  }
})

test.run()
