/**
 * The sibling kinds end to end through the built CLI (dist/cli.js) and the real pre-commit:
 * files in place, patches that git applies, List dumps through stream mode item by item
 * (YAML and JSON), refusals that leave files untouched, the checks across files.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, GOLDEN } from './helpers/cli.js'
import { git, run, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { migrate } from '../src/index.js'

const golden = (name: string, file = 'input.yaml') => readFileSync(join(GOLDEN, name, file), 'utf8')
const SIBLINGS = ['--specs-to', 'v1alpha4', '--access-to', 'v1alpha2']

function repo(): string {
  return tempRepo('smi-kinds-', {
    'deploy/routes.yaml': golden('httproutegroup-upgrade'),
    'deploy/tcp.yaml': golden('tcproute-upgrade'),
    'deploy/access.yaml': golden('traffictarget-v1alpha1-example'),
    'deploy/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n',
  })
}

test('--write converts every sibling kind in place as the golden files say; a second --check finds nothing', () => {
  const dir = repo()
  const w = cli(['--write', ...SIBLINGS, 'deploy'], { cwd: dir })
  assert.is(w.status, 0, w.stderr)
  assert.is(readFileSync(join(dir, 'deploy/routes.yaml'), 'utf8'), golden('httproutegroup-upgrade', 'expected.yaml'))
  assert.is(readFileSync(join(dir, 'deploy/tcp.yaml'), 'utf8'), golden('tcproute-upgrade', 'expected.yaml'))
  assert.is(readFileSync(join(dir, 'deploy/access.yaml'), 'utf8'), golden('traffictarget-v1alpha1-example', 'expected.yaml'))
  assert.is(readFileSync(join(dir, 'deploy/service.yaml'), 'utf8'), 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n')
  // Counted by kind, in the order the kinds first appear (access.yaml sorts first).
  assert.match(w.stdout, /converted 3 TrafficTargets, 7 HTTPRouteGroups and 6 TCPRoutes in 3 files \(4 files checked\)/)
  const again = cli(['--check', ...SIBLINGS, 'deploy'], { cwd: dir })
  assert.is(again.status, 0, again.stderr)
  assert.match(again.stdout, /nothing to convert/)
})

test('without --specs-to/--access-to the same tree passes --check untouched, with notes only', () => {
  const dir = repo()
  const r = cli(['--check', 'deploy'], { cwd: dir })
  assert.is(r.status, 0, r.stderr)
  assert.match(
    r.stdout,
    /deploy\/routes\.yaml:2:1: note HTTPRouteGroup v1 is v1alpha1; left as it is \(--specs-to picks a version to convert it to\)/,
  )
  assert.not.match(r.stdout + r.stderr, /warning|error/)
  assert.is(git(dir, 'status', '--porcelain'), '')
})

test('--diff: git apply gives the --write tree', () => {
  const a = repo()
  const b = repo()
  const d = cli(['--diff', ...SIBLINGS, '.'], { cwd: a })
  assert.is(d.status, 1, d.stderr)
  writeFileSync(join(a, 'smi.patch'), d.stdout)
  git(a, 'apply', 'smi.patch')
  assert.is(cli(['--write', ...SIBLINGS, '.'], { cwd: b }).status, 0)
  for (const f of ['deploy/routes.yaml', 'deploy/tcp.yaml', 'deploy/access.yaml']) {
    assert.is(readFileSync(join(a, f), 'utf8'), readFileSync(join(b, f), 'utf8'), f)
  }
})

test('a port TrafficTarget v1alpha3 cannot hold: exit 2 at the port line, the file untouched, the others written', () => {
  const dir = tempRepo('smi-kinds-port-', {
    'deploy/port.yaml': golden('traffictarget-port-refused'),
    'deploy/routes.yaml': golden('httproutegroup-upgrade'),
  })
  const r = cli(['--write', '--access-to', 'v1alpha3', '--specs-to', 'v1alpha4', 'deploy'], { cwd: dir })
  assert.is(r.status, 2, r.stderr)
  assert.match(
    r.stdout,
    /deploy\/port\.yaml:11:5: error: TrafficTarget with-port: destination port 8080 cannot be written in access\.smi-spec\.io\/v1alpha3/,
  )
  assert.is(readFileSync(join(dir, 'deploy/port.yaml'), 'utf8'), golden('traffictarget-port-refused'))
  assert.is(readFileSync(join(dir, 'deploy/routes.yaml'), 'utf8'), golden('httproutegroup-upgrade', 'expected.yaml'))
})

/** `kubectl get httproutegroups,tcproutes,traffictargets -A -o yaml`: one List, items with server fields. */
function listDump(n: number, json: boolean): string {
  const items = []
  for (let i = 0; i < n; i++) {
    items.push({
      apiVersion: 'specs.smi-spec.io/v1alpha2',
      kind: 'HTTPRouteGroup',
      metadata: { name: `routes-${i}`, namespace: 'web', resourceVersion: `${1000 + i}`, uid: `u-${i}` },
      matches: [{ name: 'm', pathRegex: '/api', headers: [{ 'user-agent': '.*Firefox.*' }] }],
    })
    items.push({ apiVersion: 'specs.smi-spec.io/v1alpha2', kind: 'TCPRoute', metadata: { name: `tcp-${i}`, namespace: 'db' } })
    items.push({
      apiVersion: 'access.smi-spec.io/v1alpha1',
      kind: 'TrafficTarget',
      metadata: { name: `t-${i}`, namespace: 'web' },
      destination: { kind: 'ServiceAccount', name: 'a', namespace: 'web' },
      specs: [{ kind: 'HTTPRouteGroup', name: `routes-${i}` }],
      sources: [{ kind: 'ServiceAccount', name: 'b', namespace: 'web' }],
    })
  }
  if (json) return JSON.stringify({ apiVersion: 'v1', items, kind: 'List', metadata: { resourceVersion: '' } }, null, 4) + '\n'
  const yamlItems = items.map((o) => `- ${JSON.stringify(o)}`).join('\n')
  return `apiVersion: v1\nitems:\n${yamlItems}\nkind: List\nmetadata:\n  resourceVersion: ""\n`
}

test('stream mode: kubectl List dumps (YAML and JSON) convert item by item exactly as the library converts them', () => {
  for (const json of [false, true]) {
    const dump = listDump(50, json)
    const r = cli(['-q', ...SIBLINGS, '-'], { input: dump })
    assert.is(r.status, 0, r.stderr)
    const lib = migrate(dump, { specsTo: 'v1alpha4', accessTo: 'v1alpha2' })
    assert.is(r.stdout, lib.output, json ? 'JSON' : 'YAML')
    assert.ok(lib.changed)
    const data = JSON.parse(JSON.stringify((json ? JSON.parse(r.stdout) : null) ?? {})) as { items?: Array<Record<string, unknown>> }
    if (json) {
      assert.equal(data.items![0]!.spec, { matches: [{ name: 'm', pathRegex: '/api', headers: [{ 'user-agent': '.*Firefox.*' }] }] })
      assert.equal(data.items![1]!.spec, { matches: { ports: [] } })
      assert.equal(Object.keys(data.items![2]!.spec as object), ['destination', 'rules', 'sources'])
    }
    const second = cli(['-q', ...SIBLINGS, '-'], { input: r.stdout })
    assert.is(second.stdout, r.stdout, 'a second run changes nothing')
  }
})

test('checks across files: a TrafficSplit moved to v1alpha4 beside its v1alpha3 route group warns at the split, naming the group', () => {
  const dir = tempRepo('smi-kinds-links-', {
    'split.yaml': golden('spec-ab-test-example').split('\n---\n')[0]! + '\n',
    'routes.yaml':
      'apiVersion: specs.smi-spec.io/v1alpha3\nkind: HTTPRouteGroup\nmetadata:\n  name: ab-test\nspec:\n  matches:\n  - name: all\n',
  })
  const r = cli(['--check', '--to', 'v1alpha4', '.'], { cwd: dir })
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stdout,
    /split\.yaml:4:1: warning: TrafficSplit ab-test is v1alpha4 and matches HTTPRouteGroup ab-test, which is v1alpha3 \(routes\.yaml:1\)/,
  )
  const paired = cli(['--check', '--to', 'v1alpha4', '--specs-to', 'v1alpha4', '.'], { cwd: dir })
  assert.not.match(paired.stdout, /warning/)
  // The stream says the same about the same pair.
  const stream = cli(['--to', 'v1alpha4', '-'], {
    input: readFileSync(join(dir, 'split.yaml'), 'utf8') + '---\n' + readFileSync(join(dir, 'routes.yaml'), 'utf8'),
  })
  assert.match(
    stream.stderr,
    /<stdin>:4:1: warning: TrafficSplit ab-test is v1alpha4 and matches HTTPRouteGroup ab-test, which is v1alpha3 \(<stdin>:\d+\)/,
  )
})

testWith('kubectl')(
  'kustomize: a patch of an HTTPRouteGroup holds its tree back with --specs-to (the patch would stop matching); without it the tree converts and builds',
  () => {
    const routes =
      'apiVersion: specs.smi-spec.io/v1alpha2\nkind: HTTPRouteGroup\nmetadata:\n  name: routes\nmatches:\n- name: api\n  pathRegex: /api\n'
    const split = golden('mixed-notation-one-and-milli')
    const overlay =
      'resources:\n- ../base\npatches:\n- target:\n    kind: HTTPRouteGroup\n    name: routes\n' +
      '  patch: |-\n    - op: replace\n      path: /matches/0/pathRegex\n      value: /v2/api\n'
    const files = {
      'base/kustomization.yaml': 'resources:\n- routes.yaml\n- split.yaml\n',
      'base/routes.yaml': routes,
      'base/split.yaml': split,
      'overlay/kustomization.yaml': overlay,
    }
    const dir = tempRepo('smi-kinds-kustomize-', files)
    const held = cli(['--write', '--specs-to', 'v1alpha3', '.'], { cwd: dir })
    assert.is(held.status, 1, held.stdout + held.stderr)
    assert.match(
      held.stdout,
      /overlay\/kustomization\.yaml:4:3: warning: patches entry patches HTTPRouteGroups, which the run converts \(--specs-to\)/,
    )
    assert.is(git(dir, 'status', '--porcelain'), '', 'the whole tree is left as it was')
    // What the refusal protects: the patch applies to the tree as it is.
    const built = spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' })
    assert.is(built.status, 0, built.stderr)
    assert.match(built.stdout, /pathRegex: \/v2\/api/)
    // Without --specs-to the TrafficSplit converts as before and the overlay still builds.
    const plain = cli(['--write', '.'], { cwd: dir })
    assert.is(plain.status, 0, plain.stdout + plain.stderr)
    assert.is(readFileSync(join(dir, 'base/split.yaml'), 'utf8'), golden('mixed-notation-one-and-milli', 'expected.yaml'))
    assert.is(spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' }).status, 0)
  },
)

testWith('pre-commit')('pre-commit: the fix hook with args [--specs-to, v1alpha4] converts HTTPRouteGroups and then passes', async () => {
  const dir = tempRepo('smi-kinds-hook-', { 'deploy/routes.yaml': golden('httproutegroup-upgrade') })
  const config =
    `repos:\n- repo: local\n  hooks:\n  - id: smi-migrate\n    name: smi-migrate\n    entry: ${process.execPath} ${join(process.cwd(), 'dist/cli.js')} --write\n` +
    `    language: system\n    files: '\\.(ya?ml|json)$'\n    args: [--specs-to, v1alpha4]\n`
  writeFileSync(join(dir, '.pre-commit-config.yaml'), config)
  git(dir, 'add', '-A')
  const first = await run('pre-commit', ['run', '--all-files', '--color', 'never'], { cwd: dir })
  assert.is(first.status, 1, first.stdout + first.stderr)
  assert.match(first.stdout, /files were modified by this hook/)
  assert.is(readFileSync(join(dir, 'deploy/routes.yaml'), 'utf8'), golden('httproutegroup-upgrade', 'expected.yaml'))
  git(dir, 'add', '-A')
  const second = await run('pre-commit', ['run', '--all-files', '--color', 'never'], { cwd: dir })
  assert.is(second.status, 0, second.stdout + second.stderr)
})

test('a key that cannot move because it is explicit (? matches) is refused naming the explicit key, file and stream alike', () => {
  const text = `apiVersion: specs.smi-spec.io/v1alpha2\nkind: HTTPRouteGroup\nmetadata:\n  name: explicit\n? matches\n: - name: a\n`
  const dir = tempRepo('smi-explicit-', { 'group.yaml': text })
  const file = join(dir, 'group.yaml')
  const written = cli(['--write', '--specs-to', 'v1alpha3', 'group.yaml'], { cwd: dir })
  assert.is(written.status, 2, written.stdout + written.stderr)
  assert.is(readFileSync(file, 'utf8'), text)
  const said =
    'error: HTTPRouteGroup explicit: matches is an explicit key (? matches), which cannot move as a line of its own; write it as "matches:" to convert it'
  assert.ok(written.stdout.includes(`group.yaml:5:1: ${said}`), written.stdout)
  assert.not.match(written.stdout, /shares its line/)
  const streamed = cli(['--specs-to', 'v1alpha3', '-'], { input: text })
  assert.is(streamed.status, 2)
  assert.is(streamed.stdout, text)
  assert.ok(streamed.stderr.includes(`<stdin>:5:1: ${said}`), streamed.stderr)
})

test.run()
