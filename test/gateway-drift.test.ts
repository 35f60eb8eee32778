/**
 * `--to gateway --keep-trafficsplit` during a phased move, through the built CLI: a kept split
 * that changes afterwards (a canary progressing) no longer matches the route smi-migrate wrote
 * for it. The route is written anew in its place (file mode: wherever it is; a stream: when it
 * comes after the split), with the bytes a fresh conversion of the split writes, and a second
 * run is a no-op. Hand-written routes are never touched. Every route is held to the Gateway
 * API CRDs (schemas and CEL rules).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { validateRoute } from './helpers/gateway-schema.js'
import { migrate } from '../src/index.js'

const service = (...ports: number[]): string =>
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  namespace: shop\nspec:\n  ports:\n' +
  ports.map((p) => `  - name: http-${p}\n    port: ${p}\n`).join('')
const SERVICE = service(80)
const split = (a: number, b: number): string =>
  `apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web-split\n  namespace: shop\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: ${a}\n  - service: web-v2\n    weight: ${b}\n`
const KEEP = ['--to', 'gateway', '--keep-trafficsplit']

/** What a fresh --keep-trafficsplit conversion writes for `input` (in a file of its own, beside the Service unless given). */
function fresh(input: string, extra: Record<string, string> = { 'service.yaml': SERVICE }): string {
  const dir = tempRepo('smi-gw-fresh-', { ...extra, 'split.yaml': input })
  const r = cli(['--write', ...KEEP, '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  return readFileSync(join(dir, 'split.yaml'), 'utf8')
}

/** The route documents a fresh conversion writes after the split (the split's document and `---` cut off). */
function freshRoutes(input: string, extra?: Record<string, string>): string {
  const out = fresh(input, extra)
  assert.ok(out.startsWith(`${input}---\n`), out)
  return out.slice(input.length + 4)
}

/** The Gateway API routes of a text (documents and List items), each valid against the v1.6.1 CRDs. */
type Route = { kind: string; metadata: { name: string }; spec: { rules: Array<{ backendRefs: unknown[] }> } }
function routes(text: string): Route[] {
  const out: Route[] = []
  for (const doc of parseAllDocuments(text)) {
    const o = doc.toJS() as { kind?: string; items?: unknown[] }
    for (const item of (o.kind === 'List' ? o.items : [o]) as Array<{ apiVersion?: string; kind: string }>) {
      if (!item?.apiVersion?.startsWith('gateway.networking.k8s.io/')) continue
      assert.equal(validateRoute(item, { release: 'v1.6.1' }), [], `${item.kind} is valid`)
      out.push(item as never)
    }
  }
  return out
}

const weights = (r: { spec: { rules: Array<{ backendRefs: unknown[] }> } }): number[] =>
  r.spec.rules[0]!.backendRefs.map((b) => (b as { weight: number }).weight)

/** A repository after a first --keep-trafficsplit run, with the split then progressed to 50/50 in `file`. */
function progressed(files: Record<string, string>, file: string): { dir: string; before: string } {
  const dir = tempRepo('smi-gw-drift-', files)
  const first = cli(['--write', ...KEEP, '.'], { cwd: dir })
  assert.is(first.status, 0, first.stdout + first.stderr)
  const path = join(dir, file)
  // The split's weights come first (the route follows it): the first 90 and 10 are the split's.
  const before = readFileSync(path, 'utf8')
    .replace(/(weight"?: )90\b/, '$150')
    .replace(/(weight"?: )10\b/, '$150')
  assert.match(before, /weight"?: 90\b/, 'the route still has the old weights')
  writeFileSync(path, before)
  return { dir, before }
}

test('same file, the route after its split: --check says it would write it anew (exit 1), --diff has the weights, --write gives a fresh conversion; then a no-op', () => {
  const { dir, before } = progressed({ 'service.yaml': SERVICE, 'split.yaml': split(90, 10) }, 'split.yaml')
  const file = join(dir, 'split.yaml')
  const check = cli(['--check', ...KEEP, '.'], { cwd: dir })
  assert.is(check.status, 1, check.stdout + check.stderr)
  assert.match(
    check.stdout,
    /split\.yaml:14:1: would convert TrafficSplit shop\/web-split: v1alpha2 -> HTTPRoute web-split \(port 80\) \(split\.yaml\): written in place of this HTTPRoute web-split, which smi-migrate wrote from it before and which no longer routes as the TrafficSplit does/,
  )
  assert.not.match(check.stdout + check.stderr, /route-drift|left for a person/)
  assert.is(readFileSync(file, 'utf8'), before)
  const diff = cli(['--diff', ...KEEP, '.'], { cwd: dir })
  assert.is(diff.status, 1, diff.stderr)
  // The route's digest and its two weights, nothing of the split.
  assert.equal(
    diff.stdout.split('\n').filter((l) => /^[-+] /.test(l) && !l.includes('smi-migrate.io/written-digest:')),
    ['-      weight: 90', '+      weight: 50', '-      weight: 10', '+      weight: 50'],
  )
  assert.is(diff.stdout.split('\n').filter((l) => /^[-+] +smi-migrate\.io\/written-digest: /.test(l)).length, 2, diff.stdout)
  writeFileSync(join(dir, 'smi.patch'), diff.stdout)
  git(dir, 'apply', 'smi.patch')
  const patched = readFileSync(file, 'utf8')
  git(dir, 'checkout', '--', 'split.yaml')
  writeFileSync(file, before)
  const w = cli(['--write', ...KEEP, '.'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const written = readFileSync(file, 'utf8')
  assert.is(written, fresh(split(50, 50)), 'the bytes of a fresh conversion of the split as it is now')
  assert.is(patched, written, '--diff applies to what --write writes')
  assert.equal(routes(written).map(weights), [[50, 50]])
  for (const mode of ['--check', '--write']) {
    const again = cli([mode, ...KEEP, '.'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.match(again.stdout, /has its HTTPRoute web-split in the input already, written by smi-migrate; left as it is/)
  }
  assert.is(readFileSync(file, 'utf8'), written)
})

test('the route in another file, or before its split in the same file: written anew there, every other byte as it was', () => {
  const route = freshRoutes(split(90, 10))
  const comment = '# routes written by smi-migrate\n'
  // Another file: only that file changes.
  const other = tempRepo('smi-gw-other-', { 'service.yaml': SERVICE, 'split.yaml': split(50, 50), 'routes.yaml': comment + route })
  const c = cli(['--check', ...KEEP, '.'], { cwd: other })
  assert.is(c.status, 1, c.stdout + c.stderr)
  assert.match(
    c.stdout,
    /routes\.yaml:2:1: would convert TrafficSplit shop\/web-split: .*\(split\.yaml\): written in place of this HTTPRoute web-split/,
  )
  const d = cli(['--diff', ...KEEP, '.'], { cwd: other })
  assert.is(d.status, 1, d.stderr)
  assert.equal(d.stdout.match(/^\+\+\+ .*$/gm), ['+++ b/routes.yaml'])
  const w = cli(['--write', ...KEEP, '.'], { cwd: other })
  assert.is(w.status, 0, w.stdout + w.stderr)
  assert.is(readFileSync(join(other, 'split.yaml'), 'utf8'), split(50, 50))
  assert.is(readFileSync(join(other, 'routes.yaml'), 'utf8'), comment + freshRoutes(split(50, 50)))
  // The patch --diff printed gives what --write wrote.
  git(other, 'stash')
  writeFileSync(join(other, 'smi.patch'), d.stdout)
  git(other, 'apply', 'smi.patch')
  assert.is(readFileSync(join(other, 'routes.yaml'), 'utf8'), comment + freshRoutes(split(50, 50)))
  // Before the split, in its own file.
  const before = tempRepo('smi-gw-before-', { 'service.yaml': SERVICE, 'all.yaml': `${route}---\n${split(50, 50)}` })
  const b = cli(['--write', ...KEEP, '.'], { cwd: before })
  assert.is(b.status, 0, b.stdout + b.stderr)
  const out = readFileSync(join(before, 'all.yaml'), 'utf8')
  assert.is(out, `${freshRoutes(split(50, 50))}---\n${split(50, 50)}`)
  assert.equal(routes(out).map(weights), [[50, 50]])
  for (const dir of [other, before]) {
    const again = cli(['--check', ...KEEP, '.'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
  }
})

test('a kubectl get -o yaml List dump: the route item is written anew with the same dash; JSON too', () => {
  const indent = (doc: string): string =>
    doc
      .trimEnd()
      .split('\n')
      .map((l, i) => (i === 0 ? `- ${l}` : `  ${l}`))
      .join('\n') + '\n'
  const list = (...docs: string[]): string =>
    `apiVersion: v1\nkind: List\nitems:\n${docs.map(indent).join('')}metadata:\n  resourceVersion: ""\n`
  const { dir, before } = progressed({ 'dump.yaml': list(SERVICE, split(90, 10)) }, 'dump.yaml')
  assert.match(before, /kind: HTTPRoute/)
  const w = cli(['--write', ...KEEP, '.'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const out = readFileSync(join(dir, 'dump.yaml'), 'utf8')
  const expected = fresh(list(SERVICE, split(50, 50)), {})
  assert.is(out, expected)
  assert.equal(routes(out).map(weights), [[50, 50]])
  assert.is(cli(['--check', ...KEEP, '.'], { cwd: dir }).status, 0)
  // JSON: the route an earlier run wrote as a List item after the split.
  const json = (a: number, b: number): string =>
    JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [SERVICE, split(a, b)].map((d) => parseAllDocuments(d)[0]!.toJS()) }, null, 2) +
    '\n'
  const j = progressed({ 'dump.json': json(90, 10) }, 'dump.json')
  const jw = cli(['--write', ...KEEP, '.'], { cwd: j.dir })
  assert.is(jw.status, 0, jw.stdout + jw.stderr)
  const jout = readFileSync(join(j.dir, 'dump.json'), 'utf8')
  assert.is(jout, fresh(json(50, 50), {}))
  assert.equal(routes(jout).map(weights), [[50, 50]])
})

test('hand-written routes are never touched: one of the same name is a collision, one on the same port stays byte for byte', () => {
  const route = freshRoutes(split(90, 10))
  const hand = route.replace(
    / {2}annotations:\n {4}gateway\.networking\.k8s\.io\/generator: smi-migrate-[^\n]+\n {4}smi-migrate\.io\/written-digest: [^\n]+\n/,
    '',
  )
  assert.is.not(hand, route)
  const same = tempRepo('smi-gw-hand-', { 'service.yaml': SERVICE, 'split.yaml': split(50, 50), 'routes.yaml': hand })
  const r = cli(['--write', ...KEEP, '.'], { cwd: same })
  assert.is(r.status, 2, r.stdout + r.stderr)
  assert.match(r.stdout + r.stderr, /HTTPRoute web-split is already in the input; rename one of them/)
  assert.is(readFileSync(join(same, 'routes.yaml'), 'utf8'), hand)
  // Another name, on the same Service port, beside the route smi-migrate wrote: only the latter is written anew.
  const extra = hand.replace('name: web-split', 'name: web-headers')
  const beside = tempRepo('smi-gw-beside-', {
    'service.yaml': SERVICE,
    'split.yaml': split(50, 50),
    'routes.yaml': route,
    'extra.yaml': extra,
  })
  const b = cli(['--write', ...KEEP, '.'], { cwd: beside })
  assert.is(b.status, 0, b.stdout + b.stderr)
  assert.match(
    b.stdout + b.stderr,
    /warning: TrafficSplit shop\/web-split: HTTPRoute web-headers \(extra\.yaml\) already attaches to Service web port 80/,
  )
  assert.is(readFileSync(join(beside, 'extra.yaml'), 'utf8'), extra)
  assert.is(readFileSync(join(beside, 'routes.yaml'), 'utf8'), freshRoutes(split(50, 50)))
})

test('stream mode: a route after its split is written anew; one before it was written out already: route-drift, output unchanged', () => {
  const route = freshRoutes(split(90, 10))
  const after = `${SERVICE}---\n${split(50, 50)}---\n${route}`
  const a = cli([...KEEP, '-'], { input: after })
  assert.is(a.status, 0, a.stderr)
  assert.is(a.stdout, `${SERVICE}---\n${split(50, 50)}---\n${freshRoutes(split(50, 50))}`)
  assert.match(a.stderr, /<stdin>:24:1: converted TrafficSplit shop\/web-split: .*written in place of this HTTPRoute web-split/)
  assert.equal(routes(a.stdout).map(weights), [[50, 50]])
  const beforeSplit = `${SERVICE}---\n${route}---\n${split(50, 50)}`
  const b = cli([...KEEP, '-'], { input: beforeSplit })
  // Left for a person: stream mode exits 1 (docs/cli.md, "Exit codes").
  assert.is(b.status, 1, b.stderr)
  assert.is(b.stdout, beforeSplit)
  assert.match(
    b.stderr,
    /warning: TrafficSplit shop\/web-split has changed since smi-migrate wrote its HTTPRoute web-split: .*delete it and run the conversion again, which writes it anew \(a stream has written it before the TrafficSplit is read: convert the files instead\)/,
  )
  assert.match(b.stderr, /1 left for a person/)
})

test('the library: a route after its kept split is written anew in the string, as a fresh conversion writes it', () => {
  const opts = { to: 'gateway', gateway: { keepTrafficSplit: true } } as const
  const first = migrate(`${SERVICE}---\n${split(90, 10)}`, opts)
  assert.ok(first.changed)
  const progressed = first.output.replace(split(90, 10), split(50, 50))
  const r = migrate(progressed, opts)
  assert.ok(r.changed)
  assert.is(r.output, migrate(`${SERVICE}---\n${split(50, 50)}`, opts).output)
  assert.ok(r.findings.some((f) => f.code === 'converted' && /written in place of this HTTPRoute web-split/.test(f.message)))
  assert.is(migrate(r.output, opts).changed, false)
})

test("the Service gained a port: the old route is written anew as that port's route, the new port's route after the split, the old name left to delete; then a no-op", () => {
  const { dir } = progressed({ 'service.yaml': SERVICE, 'split.yaml': split(90, 10) }, 'split.yaml')
  writeFileSync(join(dir, 'service.yaml'), service(80, 8080))
  const w = cli(['--write', ...KEEP, '.'], { cwd: dir })
  // web-split stays in the cluster (kubectl apply never deletes) and wins its tie with web-split-80 by age.
  assert.is(w.status, 1, w.stdout + w.stderr)
  assert.match(
    w.stdout,
    /warning: .*HTTPRoute web-split-80 is written in place of HTTPRoute web-split .*kubectl delete httproute -n shop web-split\)/,
  )
  assert.match(w.stdout, /converted TrafficSplit shop\/web-split: v1alpha2 -> HTTPRoute web-split-8080 \(port 8080\)/)
  assert.match(
    w.stdout,
    /HTTPRoute web-split-80 \(port 80\) .*written in place of this HTTPRoute web-split, .*\(the Service's ports or the port's route kind changed since\)/,
  )
  const out = readFileSync(join(dir, 'split.yaml'), 'utf8')
  const got = routes(out)
  assert.equal(
    got.map((r) => [r.metadata.name, weights(r)]),
    [
      ['web-split-8080', [50, 50]],
      ['web-split-80', [50, 50]],
    ],
  )
  const again = cli(['--check', ...KEEP, '.'], { cwd: dir })
  assert.is(again.status, 0, again.stdout + again.stderr)
  // A port the split no longer routes: its route is left for a person to delete.
  writeFileSync(join(dir, 'service.yaml'), service(8080))
  const gone = cli(['--check', ...KEEP, '.'], { cwd: dir })
  assert.is(gone.status, 1, gone.stdout + gone.stderr)
  assert.match(
    gone.stdout + gone.stderr,
    /smi-migrate wrote HTTPRoute web-split-80 \(split\.yaml\) from it before, for Service web port 80, which it no longer routes: delete that route/,
  )
})

test.run()
