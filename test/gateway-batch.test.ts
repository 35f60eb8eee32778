/**
 * `--to gateway` on a batch of files, as pre-commit passes them (only the staged ones), through
 * the built CLI (dist/cli.js) in temporary git repositories and the real pre-commit: the other
 * manifests of the batch's directories are read for their Services and routes, never converted,
 * written or reported, so a batch routes as a run on the whole directory does, and refuses
 * (naming the file) what would have to change in a file it was not given. Every route written
 * is checked against the Gateway API CRDs.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { git, run, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { validateRoute } from './helpers/gateway-schema.js'

const service = (port: number, name = 'web'): string =>
  `apiVersion: v1\nkind: Service\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n  ports:\n  - name: http\n    port: ${port}\n`
const split = (a: number, b: number): string =>
  'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web-split\n  namespace: shop\nspec:\n' +
  `  service: web\n  backends:\n  - service: web-v1\n    weight: ${a}\n  - service: web-v2\n    weight: ${b}\n`
const KEEP = ['--to', 'gateway', '--keep-trafficsplit']

/** The Gateway API routes of a text, each valid against the v1.6.1 CRDs. */
type Route = {
  kind: string
  metadata: { name: string }
  spec: { parentRefs: Array<{ port: number }>; rules: Array<{ backendRefs: unknown[] }> }
}
function routes(text: string): Route[] {
  const out: Route[] = []
  for (const doc of parseAllDocuments(text)) {
    const o = doc.toJS() as { apiVersion?: string }
    if (!o?.apiVersion?.startsWith('gateway.networking.k8s.io/')) continue
    assert.equal(validateRoute(o, { release: 'v1.6.1' }), [], 'the route is valid')
    out.push(o as Route)
  }
  return out
}
const weights = (r: Route): number[] => r.spec.rules[0]!.backendRefs.map((b) => (b as { weight: number }).weight)

/** Every file of a work tree (but .git), with its bytes. */
function tree(dir: string, sub = ''): Record<string, string> {
  const out: Record<string, string> = {}
  for (const e of readdirSync(join(dir, sub), { withFileTypes: true })) {
    const rel = sub ? `${sub}/${e.name}` : e.name
    if (e.name === '.git') continue
    if (e.isDirectory()) Object.assign(out, tree(dir, rel))
    else out[rel] = readFileSync(join(dir, rel), 'latin1')
  }
  return out
}

/** A copy of a repository (work tree and .git), to run the same thing two ways. */
function copyRepo(dir: string): string {
  const copy = mkdtempSync(join(tmpdir(), 'smi-gw-batch-copy-'))
  cpSync(dir, copy, { recursive: true })
  return copy
}

/** A repository after a first --keep-trafficsplit run wrote the route, moved to routes.yaml, and the split progressed since. */
function progressed(): { dir: string; route: string } {
  const dir = tempRepo('smi-gw-batch-drift-', { 'deploy/svc.yaml': service(8080), 'deploy/split.yaml': split(90, 10) })
  const first = cli(['--write', ...KEEP, 'deploy'], { cwd: dir })
  assert.is(first.status, 0, first.stdout + first.stderr)
  const written = readFileSync(join(dir, 'deploy/split.yaml'), 'utf8')
  assert.ok(written.startsWith(`${split(90, 10)}---\n`), written)
  const route = written.slice(split(90, 10).length + 4)
  writeFileSync(join(dir, 'deploy/routes.yaml'), route)
  writeFileSync(join(dir, 'deploy/split.yaml'), split(50, 50))
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'routes apart, canary at 50%')
  return { dir, route }
}

test('a batch of split.yaml alone finds its Service in svc.yaml beside it: the route of a run on the whole directory, svc.yaml neither written nor checked', () => {
  const dir = tempRepo('smi-gw-batch-svc-', { 'deploy/svc.yaml': service(8080), 'deploy/split.yaml': split(90, 10) })
  const whole = copyRepo(dir)
  const check = cli(['--check', '--to', 'gateway', 'deploy/split.yaml'], { cwd: dir })
  assert.is(check.status, 1, check.stdout + check.stderr)
  assert.match(
    check.stdout,
    /deploy\/split\.yaml:1:1: would convert TrafficSplit shop\/web-split: v1alpha2 -> HTTPRoute web-split \(port 8080\)/,
  )
  assert.not.match(check.stdout, /is not in the input|--port/)
  assert.match(check.stdout, /\(1 file checked\)/)
  assert.not.match(check.stdout, /svc\.yaml/)
  const w = cli(['--write', '--to', 'gateway', 'deploy/split.yaml'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  assert.is(git(dir, 'status', '--porcelain'), ' M deploy/split.yaml\n', 'only the file given is written')
  const all = cli(['--write', '--to', 'gateway', 'deploy'], { cwd: whole })
  assert.is(all.status, 0, all.stdout + all.stderr)
  assert.equal(tree(dir), tree(whole), 'the batch writes what the run on the directory writes')
  const [route] = routes(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'))
  assert.equal(route!.spec.parentRefs[0]!.port, 8080)
  assert.equal(weights(route!), [90, 10])
  // A second run of the batch is a no-op.
  const again = cli(['--write', '--to', 'gateway', 'deploy/split.yaml'], { cwd: dir })
  assert.is(again.status, 0, again.stdout + again.stderr)
  assert.equal(tree(dir), tree(whole))
})

test('the Service beside a split in another directory of the batch is not the split’s: each directory finds its own', () => {
  const dir = tempRepo('smi-gw-batch-dirs-', {
    'dev/svc.yaml': service(8080),
    'dev/split.yaml': split(90, 10),
    'prod/svc.yaml': service(80),
    'prod/split.yaml': split(90, 10),
  })
  const w = cli(['--write', '--to', 'gateway', 'dev/split.yaml', 'prod/split.yaml'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  assert.equal(
    ['dev', 'prod'].map((d) => routes(readFileSync(join(dir, d, 'split.yaml'), 'utf8')).map((r) => r.spec.parentRefs[0]!.port)),
    [[8080], [80]],
  )
  assert.is(git(dir, 'status', '--porcelain'), ' M dev/split.yaml\n M prod/split.yaml\n')
})

test('the route an earlier run wrote, in a file the batch was not given: never a second route of its name; a drifted one is left with the split, naming the file', () => {
  const { dir, route } = progressed()
  for (const keep of [KEEP, ['--to', 'gateway']]) {
    for (const mode of ['--check', '--write', '--diff']) {
      const r = cli([mode, ...keep, 'deploy/split.yaml', 'deploy/svc.yaml'], { cwd: dir })
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(
        r.stdout + r.stderr,
        /deploy\/split\.yaml:1:1: warning: TrafficSplit shop\/web-split has changed since smi-migrate wrote its HTTPRoute web-split in deploy\/routes\.yaml, beside the files given but not among them \(read, never written: pass deploy\/routes\.yaml too, or its directory\): the route no longer routes as the split does/,
      )
      assert.match(r.stdout + r.stderr, /1 left for a person/)
      assert.not.match(r.stdout + r.stderr, /would convert|converted/)
      if (mode === '--diff') assert.is(r.stdout, '', 'no patch')
      assert.is(git(dir, 'status', '--porcelain'), '', `${mode} writes nothing`)
    }
  }
  // Given routes.yaml too (as the message says), the route is written anew in place, as a run on the directory does.
  const whole = copyRepo(dir)
  const w = cli(['--write', ...KEEP, 'deploy/split.yaml', 'deploy/routes.yaml'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const all = cli(['--write', ...KEEP, 'deploy'], { cwd: whole })
  assert.is(all.status, 0, all.stdout + all.stderr)
  assert.equal(tree(dir), tree(whole))
  assert.is(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'), split(50, 50), 'no second route after the split')
  const written = readFileSync(join(dir, 'deploy/routes.yaml'), 'utf8')
  assert.not.equal(written, route)
  assert.equal(routes(written).map(weights), [[50, 50]])
  // Unchanged since: the batch says the route is there already, and writes nothing.
  for (const keep of [KEEP, ['--to', 'gateway']]) {
    const again = cli(['--write', ...keep, 'deploy/split.yaml'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.match(again.stdout, /has its HTTPRoute web-split in the input already, written by smi-migrate; left as it is/)
  }
  assert.equal(tree(dir), tree(whole))
})

test('a hand-written route of the same name beside the batch: refused at the split, naming its file; a route of the split’s Service port beside it is named in a warning', () => {
  const handRoute = (name: string, port: number): string =>
    `apiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: ${name}\n  namespace: shop\nspec:\n` +
    `  parentRefs:\n  - group: ""\n    kind: Service\n    name: web\n    port: ${port}\n  rules:\n  - backendRefs:\n    - name: web-v1\n      port: ${port}\n`
  const dir = tempRepo('smi-gw-batch-collide-', {
    'deploy/svc.yaml': service(8080),
    'deploy/split.yaml': split(90, 10),
    'deploy/hand.yaml': handRoute('web-split', 8080),
  })
  const r = cli(['--write', '--to', 'gateway', 'deploy/split.yaml'], { cwd: dir })
  assert.is(r.status, 2, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /deploy\/split\.yaml:1:1: error: TrafficSplit shop\/web-split: HTTPRoute web-split is already in deploy\/hand\.yaml, beside the files given but not among them \(read, never written: pass deploy\/hand\.yaml too, or its directory\); rename one of them/,
  )
  assert.is(git(dir, 'status', '--porcelain'), '')
  // Another name on the same port: converted, with the warning a run on the directory gives.
  writeFileSync(join(dir, 'deploy/hand.yaml'), handRoute('web-header', 8080))
  const c = cli(['--check', '--to', 'gateway', 'deploy/split.yaml'], { cwd: dir })
  assert.is(c.status, 1, c.stdout + c.stderr)
  assert.match(
    c.stdout,
    /warning: TrafficSplit shop\/web-split: HTTPRoute web-header \(deploy\/hand\.yaml\) already attaches to Service web port 8080/,
  )
})

test('a directory of many unrelated files, ignored and excluded ones among them: the batch routes as the run on the directory, and reports only its file', () => {
  const files: Record<string, string | Buffer> = {
    'deploy/svc.yaml': service(8080),
    'deploy/split.yaml': split(90, 10),
    '.gitignore': 'deploy/rendered-*.yaml\n',
    // Not beside: a subdirectory's Service of the same name (a run on the directory finds the nearer one).
    'deploy/old/svc.yaml': service(7070),
    'deploy/utf16.yaml': Buffer.from(`\ufeff${service(9090)}`, 'utf16le'),
    'deploy/binary.json': Buffer.from([0, 1, 2, 3, 0x53, 0x65, 0x72, 0x76, 0x69, 0x63, 0x65]),
    'deploy/notes.txt': service(6060),
  }
  for (let i = 0; i < 150; i++) {
    files[`deploy/cm-${i}.yaml`] = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm-${i}\ndata:\n  Service: web\n`
    files[`deploy/svc-${i}.json`] = JSON.stringify({
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: `other-${i}` },
      spec: { ports: [{ port: i + 1 }] },
    })
  }
  const dir = tempRepo('smi-gw-batch-many-', files)
  // Untracked and ignored by git, and excluded: a Service web of another port each, which would make the lookup ambiguous.
  writeFileSync(join(dir, 'deploy/rendered-web.yaml'), service(5050))
  writeFileSync(join(dir, 'deploy/excluded.yaml'), service(4040))
  const whole = copyRepo(dir)
  const unexcluded = copyRepo(dir)
  const args = ['--to', 'gateway', '--exclude', 'deploy/excluded.yaml']
  const check = cli(['--check', ...args, 'deploy/split.yaml'], { cwd: dir })
  assert.is(check.status, 1, check.stdout + check.stderr)
  assert.is(check.stdout.split('\n').filter((l) => /^deploy\//.test(l) && !l.startsWith('deploy/split.yaml:')).length, 0, check.stdout)
  assert.match(check.stdout, /HTTPRoute web-split \(port 8080\)/)
  assert.match(check.stdout, /\(1 file checked\)/)
  const w = cli(['--write', ...args, 'deploy/split.yaml'], { cwd: dir })
  assert.is(w.status, 0, w.stdout + w.stderr)
  const all = cli(['--write', ...args, 'deploy'], { cwd: whole })
  assert.is(all.status, 0, all.stdout + all.stderr)
  assert.equal(tree(dir), tree(whole))
  assert.equal(
    routes(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8')).map((r) => r.spec.parentRefs[0]!.port),
    [8080],
  )
  // Without --exclude the excluded file is beside the split like any other: two Services web in one directory.
  const amb = cli(['--check', '--to', 'gateway', 'deploy/split.yaml'], { cwd: unexcluded })
  assert.is(amb.status, 2, amb.stdout + amb.stderr)
  assert.match(amb.stdout, /Service web is defined differently in deploy\/(svc|excluded)\.yaml and deploy\/(svc|excluded)\.yaml, and which/)
  assert.not.match(amb.stdout, /rendered|old\/svc/, 'what git ignores is not read, nor a subdirectory')
})

test('a ServiceProfile alone in the batch finds its Service beside it, as a run on the directory does', () => {
  const golden = readFileSync('testdata/golden/gateway-sp-booksapp-authors/input.yaml', 'utf8')
  const cut = golden.indexOf('---\n')
  // A headless Service: routes cannot attach to it, so the profile is refused, by the batch as by the directory.
  const svc = golden.slice(0, cut).replace('spec:\n', 'spec:\n  clusterIP: None\n')
  const files = { 'booksapp/svc.yaml': svc, 'booksapp/profile.yaml': golden.slice(cut + 4) }
  const dir = tempRepo('smi-gw-batch-sp-', files)
  const batch = cli(['--check', '--to', 'gateway', 'booksapp/profile.yaml'], { cwd: dir })
  const all = cli(['--check', '--to', 'gateway', 'booksapp'], { cwd: dir })
  assert.is(batch.status, 2, batch.stdout + batch.stderr)
  assert.is(all.status, 2, all.stdout + all.stderr)
  const errors = (out: string) => out.split('\n').filter((l) => l.includes(': error: '))
  assert.equal(errors(batch.stdout), errors(all.stdout))
  assert.match(
    batch.stdout,
    /booksapp\/profile\.yaml:\d+:\d+: error: ServiceProfile booksapp\/authors\.booksapp\.svc\.cluster\.local: .*headless/,
  )
  assert.match(batch.stdout, /\(1 file checked\)/)
  // Without the Service beside it, the profile converts.
  git(dir, 'rm', '-q', 'booksapp/svc.yaml')
  assert.is(cli(['--check', '--to', 'gateway', 'booksapp/profile.yaml'], { cwd: dir }).status, 1)
})

testWith('pre-commit')(
  'pre-commit: a staged split alone writes what a run on the whole directory writes; a drifted route in an unstaged file is named, then written with --files',
  async () => {
    const hook = (args: string) =>
      `repos:\n- repo: local\n  hooks:\n  - id: smi-migrate\n    name: smi-migrate\n    entry: ${process.execPath} ${join(process.cwd(), 'dist/cli.js')} --write\n` +
      `    language: system\n    files: '\\.(ya?ml|json)$'\n    args: [${args}]\n`
    const dir = tempRepo('smi-gw-batch-hook-', {
      '.pre-commit-config.yaml': hook('--to, gateway'),
      'deploy/svc.yaml': service(8080),
      'deploy/other.yaml': service(9090, 'api'),
    })
    writeFileSync(join(dir, 'deploy/split.yaml'), split(90, 10))
    git(dir, 'add', 'deploy/split.yaml')
    const whole = copyRepo(dir)
    // pre-commit passes only the staged file.
    const first = await run('pre-commit', ['run', '--color', 'never'], { cwd: dir })
    assert.is(first.status, 1, first.stdout + first.stderr)
    assert.match(first.stdout, /files were modified by this hook/)
    const all = cli(['--write', '--to', 'gateway', 'deploy'], { cwd: whole })
    assert.is(all.status, 0, all.stdout + all.stderr)
    assert.equal(tree(dir), tree(whole))
    assert.equal(routes(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8')).length, 1)
    git(dir, 'add', '-A')
    const second = await run('pre-commit', ['run', '--color', 'never'], { cwd: dir })
    assert.is(second.status, 0, second.stdout + second.stderr)

    // --keep-trafficsplit: the route moved to routes.yaml and committed; then the canary progresses and only the split is staged.
    const { dir: drift } = progressed()
    writeFileSync(join(drift, '.pre-commit-config.yaml'), hook('--to, gateway, --keep-trafficsplit'))
    git(drift, 'add', '-A')
    git(drift, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'hook')
    writeFileSync(join(drift, 'deploy/split.yaml'), split(20, 80))
    git(drift, 'add', 'deploy/split.yaml')
    const staged = await run('pre-commit', ['run', '--color', 'never'], { cwd: drift })
    assert.is(staged.status, 1, staged.stdout + staged.stderr)
    assert.match(
      staged.stdout,
      /has changed since smi-migrate wrote its HTTPRoute web-split in deploy\/routes\.yaml, beside the files given/,
    )
    assert.not.match(staged.stdout, /files were modified by this hook/)
    assert.is(git(drift, 'status', '--porcelain'), 'M  deploy/split.yaml\n', 'nothing written')
    const wholeDrift = copyRepo(drift)
    const withRoutes = await run('pre-commit', ['run', '--color', 'never', '--files', 'deploy/split.yaml', 'deploy/routes.yaml'], {
      cwd: drift,
    })
    assert.is(withRoutes.status, 1, withRoutes.stdout + withRoutes.stderr)
    assert.match(withRoutes.stdout, /files were modified by this hook/)
    const allDrift = cli(['--write', ...KEEP, 'deploy'], { cwd: wholeDrift })
    assert.is(allDrift.status, 0, allDrift.stdout + allDrift.stderr)
    assert.equal(tree(drift), tree(wholeDrift))
    assert.equal(routes(readFileSync(join(drift, 'deploy/routes.yaml'), 'utf8')).map(weights), [[20, 80]])
  },
)

test.run()
