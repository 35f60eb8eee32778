/**
 * ServiceProfiles through the built CLI (dist/cli.js): left byte for byte without `--to gateway`,
 * converted with it in stream and file mode, `--check` says what would be written and writes
 * nothing, `--keep-serviceprofile` keeps the profile and a second run is a no-op, a refusal
 * leaves the file as it was. Every route written is checked against the Gateway API CRDs.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { spawnSync } from 'node:child_process'
import { cli, tempDir } from './helpers/cli.js'
import { validateRoute } from './helpers/gateway-schema.js'
import { git, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { migrate } from '../src/index.js'

const PROFILE = readFileSync('testdata/golden/gateway-sp-booksapp-authors/input.yaml', 'utf8')

function routes(text: string): Array<Record<string, any>> {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as Record<string, any>)
    .filter((o) => o && (o.kind === 'HTTPRoute' || o.kind === 'GRPCRoute'))
}

test('without --to gateway a ServiceProfile comes back byte for byte, and no finding is made', () => {
  const r = cli(['--specs-to', 'v1alpha4', '--format', 'json'], { input: PROFILE })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, PROFILE)
  const v1 = PROFILE.replace('linkerd.io/v1alpha2', 'linkerd.io/v1alpha1')
  const again = cli([], { input: v1 })
  assert.is(again.stdout, v1)
  assert.is(again.stderr.includes('ServiceProfile'), false, again.stderr)
})

test('stream mode writes valid routes with retries, and their second run changes nothing', () => {
  const r = cli(['--to', 'gateway', '--retry-limit', '2'], { input: PROFILE })
  assert.is(r.status, 0, r.stderr)
  const out = routes(r.stdout)
  assert.is(out.length, 6)
  for (const o of out) assert.equal(validateRoute(o, { release: 'v1.6.1' }), [], `${o.metadata.name}`)
  const head = out.find((o) => o.metadata.name === 'authors-head-authors-id-json')!
  assert.is(head.metadata.annotations['retry.linkerd.io/http'], '5xx')
  assert.is(head.metadata.annotations['retry.linkerd.io/limit'], '2')
  assert.match(r.stderr, /sp-retry-budget|retry budget/)
  const again = cli(['--to', 'gateway', '--retry-limit', '2'], { input: r.stdout })
  assert.is(again.stdout, r.stdout)
})

test('file mode: --check writes nothing and exits 1, --write converts, --keep-serviceprofile keeps it and a second run is a no-op', () => {
  const dir = tempDir('sp-cli-')
  const file = join(dir, 'authors.yaml')
  writeFileSync(file, PROFILE)
  const check = cli(['--to', 'gateway', '--check', file])
  assert.is(check.status, 1, check.stderr)
  assert.is(readFileSync(file, 'utf8'), PROFILE)
  const keep = cli(['--to', 'gateway', '--keep-serviceprofile', '--write', file])
  assert.is(keep.status, 0, keep.stderr)
  const kept = readFileSync(file, 'utf8')
  assert.ok(kept.startsWith(PROFILE.trimEnd()), 'the profile stays, its routes after it')
  assert.is(routes(kept).length, 6)
  const second = cli(['--to', 'gateway', '--keep-serviceprofile', '--check', file])
  assert.is(second.status, 0, second.stderr)
  assert.match(second.stderr + second.stdout, /already-converted|written by smi-migrate/)
})

test('a refusal names the field and leaves the file as it was', () => {
  const dir = tempDir('sp-cli-')
  const file = join(dir, 'bad.yaml')
  const text = PROFILE.replace('      method: HEAD\n', '      not:\n        pathRegex: /private\n')
  writeFileSync(file, text)
  const r = cli(['--to', 'gateway', '--write', file])
  assert.is(r.status, 2, r.stderr)
  assert.is(readFileSync(file, 'utf8'), text)
  const line = text.split('\n').findIndex((l) => l.includes('pathRegex: /private')) + 1
  assert.ok(new RegExp(`bad\\.yaml:${line}:\\d+: error: .*not over a pathRegex`).test(r.stdout + r.stderr), r.stdout + r.stderr)
})

test('--linkerd 2.15 refuses with the reason; --retry-limit needs --to gateway', () => {
  const r = cli(['--to', 'gateway', '--linkerd', '2.15'], { input: PROFILE })
  assert.is(r.status, 2)
  assert.is(r.stdout, PROFILE)
  assert.match(r.stderr, /2\.16 added them/)
  const u = cli(['--retry-limit', '2'], { input: PROFILE })
  assert.is(u.status === 0, false)
})

test('the library converts a profile as the CLI does', () => {
  const r = migrate(PROFILE, { to: 'gateway', gateway: { retryLimit: 2 } })
  assert.is(r.output, cli(['--to', 'gateway', '--retry-limit', '2'], { input: PROFILE }).stdout)
  assert.ok(r.findings.some((f) => f.code === 'sp-retry-budget'))
})

testWith('kubectl')(
  'kustomize: a patch on a profile refuses the tree; without it the base converts and kustomize builds the routes',
  () => {
    const overlay =
      'resources:\n- ../base\npatches:\n- target:\n    kind: ServiceProfile\n    name: authors.booksapp.svc.cluster.local\n' +
      '  patch: |-\n    - op: add\n      path: /spec/routes/0/timeout\n      value: 1s\n'
    const dir = tempRepo('sp-kustomize-', {
      'base/kustomization.yaml': 'resources:\n- profile.yaml\n',
      'base/profile.yaml': PROFILE,
      'overlay/kustomization.yaml': overlay,
    })
    const r = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
    assert.is(r.status, 2, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /overlay\/kustomization\.yaml:4:3: error: patches entry patches a ServiceProfile, which --to gateway replaces by routes/,
    )
    assert.is(git(dir, 'status', '--porcelain'), '', 'the whole tree is left as it was')
    writeFileSync(join(dir, 'overlay/kustomization.yaml'), 'resources:\n- ../base\n')
    const w = cli(['--write', '--to', 'gateway', '.'], { cwd: dir })
    assert.is(w.status, 0, w.stdout + w.stderr)
    const built = spawnSync('kubectl', ['kustomize', join(dir, 'overlay')], { encoding: 'utf8' })
    assert.is(built.status, 0, built.stderr)
    const out = routes(built.stdout)
    assert.is(out.length, 6)
    for (const o of out) assert.equal(validateRoute(o, { release: 'v1.1.1' }), [], `${o.metadata.name}`)
  },
)

test.run()
