/**
 * Routes smi-migrate wrote for a kept TrafficSplit (`--keep-trafficsplit`) that a person has
 * edited since (issue 38, review item 8), through the built CLI: the digest the route carries
 * tells the edits from a change of the split. The split unchanged: the route is left as it is,
 * with its edits, and the model of Linkerd routes as the edited route says. The split changed
 * too: nothing is written, a finding names the route (exit 1).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseAllDocuments, parseDocument, stringify } from 'yaml'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, tempDir } from './helpers/cli.js'
import { type Obj, type Request, routeWith } from './helpers/linkerd/index.js'

const DIGEST = 'smi-migrate.io/written-digest'

const input: Obj[] = [
  { apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'shop' }, spec: { ports: [{ name: 'http', port: 80 }] } },
  {
    apiVersion: 'split.smi-spec.io/v1alpha2',
    kind: 'TrafficSplit',
    metadata: { name: 'web-split', namespace: 'shop' },
    spec: {
      service: 'web',
      backends: [
        { service: 'web', weight: 90 },
        { service: 'web-v2', weight: 10 },
      ],
    },
  },
]

function req(path: string): Request {
  return { clientNamespace: 'shop', service: 'web', namespace: 'shop', port: 80, protocol: 'http1', method: 'GET', path }
}

/** The route's document edited by a person: retry and timeout annotations, and a rule for /admin first. */
function handEdit(text: string): string {
  const docs = text.split(/^---\n/m)
  const i = docs.findIndex((d) => d.includes('kind: HTTPRoute'))
  const doc = parseDocument(docs[i]!)
  const route = doc.toJS() as { metadata: { annotations: Obj }; spec: { rules: Obj[] } }
  route.metadata.annotations['retry.linkerd.io/http'] = '5xx'
  route.metadata.annotations['timeout.linkerd.io/request'] = '10s'
  route.spec.rules.unshift({ matches: [{ path: { type: 'PathPrefix', value: '/admin' } }], backendRefs: [{ name: 'web-admin', port: 80 }] })
  docs[i] = stringify(route)
  return docs.join('---\n')
}

function setup(): { dir: string; file: string } {
  const dir = tempDir('hand-edits')
  const file = join(dir, 'in.yaml')
  writeFileSync(file, input.map((o) => stringify(o)).join('---\n'))
  const first = cli(['--to', 'gateway', '--keep-trafficsplit', '--write', 'in.yaml'], { cwd: dir })
  assert.is(first.status, 0, first.stdout + first.stderr)
  assert.match(readFileSync(file, 'utf8'), DIGEST)
  writeFileSync(file, handEdit(readFileSync(file, 'utf8')))
  return { dir, file }
}

const objects = (text: string): Obj[] => parseAllDocuments(text).map((d) => d.toJS() as Obj)

test('the split unchanged: a hand-edited route is left as it is, its edits kept, exit 0', () => {
  const { dir, file } = setup()
  try {
    const edited = readFileSync(file, 'utf8')
    for (const mode of ['--check', '--write']) {
      const r = cli(['--to', 'gateway', '--keep-trafficsplit', mode, 'in.yaml'], { cwd: dir })
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(r.stdout + r.stderr, 'was edited since, and the split was not: the edits are kept')
      assert.not.match(r.stdout + r.stderr, 'no longer routes as the TrafficSplit does')
    }
    assert.is(readFileSync(file, 'utf8'), edited, 'byte-identical')
    // What Linkerd does once the split is deleted: /admin goes to web-admin with the person's timeout and retries.
    const routed = objects(edited).filter((o) => o.kind !== 'TrafficSplit')
    const admin = routeWith(routed, req('/admin/x'))
    assert.equal(Object.keys(admin.backends), ['shop/web-admin:80'], String(Object.keys(admin.backends)))
    assert.is(admin.timeoutNs, 10_000_000_000n)
    assert.ok(admin.retries, 'the route retries')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the split changed and the route edited by hand: nothing written, a finding names the route (exit 1); its advice makes the rerun a no-op', () => {
  const { dir, file } = setup()
  try {
    writeFileSync(file, readFileSync(file, 'utf8').replace('weight: 90', 'weight: 50').replace('weight: 10', 'weight: 50'))
    const before = readFileSync(file, 'utf8')
    const r = cli(['--to', 'gateway', '--keep-trafficsplit', '--format', 'json', '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.is(readFileSync(file, 'utf8'), before, 'nothing written')
    const findings = JSON.parse(r.stdout || r.stderr) as Array<{ code?: string; pending?: boolean; message?: string }>
    const drift = findings.find((f) => f.code === 'route-drift')
    assert.ok(drift?.pending, JSON.stringify(findings))
    assert.match(drift!.message!, 'HTTPRoute web-split')
    assert.match(drift!.message!, 'edited by hand')
    // The person carries the change by hand and sets the digest the finding names: the rerun keeps it all.
    const digest = /set smi-migrate\.io\/written-digest to "([0-9a-f]{16})"/.exec(drift!.message!)?.[1]
    assert.ok(digest, drift!.message)
    const carried = before
      .replace(/(name: web\n\s+port: 80\n\s+weight: )90/, '$150')
      .replace(/(name: web-v2\n\s+port: 80\n\s+weight: )10/, '$150')
      .replace(/(written-digest: )"?[0-9a-f]{16}"?/, `$1"${digest}"`)
    assert.is.not(carried, before)
    writeFileSync(file, carried)
    const again = cli(['--to', 'gateway', '--keep-trafficsplit', '--write', 'in.yaml'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.is(readFileSync(file, 'utf8'), carried)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a route without the digest (removed by hand, or written by an earlier release) is taken as hand-maintained: not written over, exit 1', () => {
  const { dir, file } = setup()
  try {
    const legacy = readFileSync(file, 'utf8')
      .replace(/\n\s+smi-migrate\.io\/written-digest: "?[0-9a-f]{16}"?/, '')
      .replace('weight: 90', 'weight: 80')
    writeFileSync(file, legacy)
    const r = cli(['--to', 'gateway', '--keep-trafficsplit', '--write', 'in.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout + r.stderr, /HTTPRoute web-split .*carries no smi-migrate\.io\/written-digest.*hand-maintained/)
    assert.not.match(r.stdout + r.stderr, 'no longer routes as the TrafficSplit does')
    assert.is(readFileSync(file, 'utf8'), legacy, 'nothing written: the edits stay')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
