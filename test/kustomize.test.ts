/**
 * Kustomize trees with the real `kubectl kustomize`: every overlay is built before and after
 * `smi-migrate --write`, and each TrafficSplit must keep its exact traffic ratios while
 * moving to v1alpha2. kubectl is on the development machines and CI; where it is missing the
 * test that runs it counts as skipped (test/helpers/tools.ts), which fails a CI run.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { chmodSync, cpSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build, sameRatios } from './helpers/kustomize.js'
import { cli, git } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'

const TREE = resolve('testdata/kustomize')
const OVERLAYS = ['overlays/canary', 'overlays/prod']
const kubectlTest = testWith('kubectl')

function copyTree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-kustomize-'))
  cpSync(TREE, dir, { recursive: true })
  return dir
}

const EXPECTED = resolve('testdata/kustomize-expected')

function files(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? files(dir, join(sub, e.name)) : [join(sub, e.name)]))
    .sort()
}

test('golden tree: --write converts base, overlays, patch targets, JSON 6902 files and inline patches', () => {
  const dir = copyTree()
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.equal(files(dir), files(EXPECTED))
  for (const f of files(EXPECTED)) assert.fixture(readFileSync(join(dir, f), 'utf8'), readFileSync(join(EXPECTED, f), 'utf8'), f)
  assert.match(
    r.stdout,
    /overlays\/canary\/kustomization\.yaml:11:16: converted patches target TrafficSplit web: split\.smi-spec\.io\/v1alpha1 -> v1alpha2/,
  )
  assert.match(
    r.stdout,
    /overlays\/prod\/kustomization\.yaml:15:16: converted JSON 6902 patch for TrafficSplit api: \/spec\/backends\/1\/weight 500m -> 500/,
  )
})

function gitTree(): string {
  const dir = copyTree()
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  return dir
}

test('a batch of files (as pre-commit passes them) converts the whole tree it touches, with its factors', () => {
  for (const batch of [['base/trafficsplit.yaml'], ['overlays/canary/web-weight.yaml'], ['overlays/prod/kustomization.yaml']]) {
    const dir = gitTree()
    const r = cli(['--write', ...batch], { cwd: dir })
    assert.is(r.status, 0, r.stdout)
    // The tree ends up exactly as one run over all of it leaves it (api: 1000 + 2000 in the base).
    for (const f of files(EXPECTED))
      assert.fixture(readFileSync(join(dir, f), 'utf8'), readFileSync(join(EXPECTED, f), 'utf8'), `${batch}: ${f}`)
    assert.match(r.stdout, /overlays\/prod\/kustomization\.yaml:15:16: converted JSON 6902 patch/)
    // Another batch afterwards finds nothing left.
    assert.is(cli(['--check', 'overlays/canary/api-backends.yaml'], { cwd: dir }).status, 0)
  }
})

test('an inline patch in a CRLF kustomization is converted in place, CRLF kept', () => {
  const dir = copyTree()
  const file = 'overlays/prod/kustomization.yaml'
  writeFileSync(join(dir, file), readFileSync(join(TREE, file), 'utf8').replace(/\n/g, '\r\n'))
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.fixture(readFileSync(join(dir, file), 'utf8'), readFileSync(join(EXPECTED, file), 'utf8').replace(/\n/g, '\r\n'))
})

test('a tree reached through a symlinked path still shares its factors', () => {
  const dir = gitTree()
  const link = join(mkdtempSync(join(tmpdir(), 'smi-kustomize-link-')), 'repo')
  symlinkSync(dir, link)
  const r = cli(['--write', join(link, 'base/trafficsplit.yaml')], { cwd: tmpdir() })
  assert.is(r.status, 0, r.stdout)
  for (const f of files(EXPECTED)) assert.fixture(readFileSync(join(dir, f), 'utf8'), readFileSync(join(EXPECTED, f), 'utf8'), f)
})

test('a tree with a file that cannot be written is written nowhere', () => {
  const dir = gitTree()
  chmodSync(join(dir, 'overlays/canary/web-weight.yaml'), 0o444)
  const r = cli(['--write', 'base/trafficsplit.yaml'], { cwd: dir })
  assert.is(r.status, 2, r.stdout)
  assert.match(r.stdout, /overlays\/canary\/web-weight\.yaml: error: cannot process .*read-only/)
  for (const f of files(TREE)) assert.is(readFileSync(join(dir, f), 'utf8'), readFileSync(join(TREE, f), 'utf8'), `${f} must be untouched`)
})

{
  // (a block from when these two ran only with kubectl; the second one does not need it)
  kubectlTest('kubectl kustomize gives the same ratios before and after --write, on v1alpha2', () => {
    const dir = copyTree()
    const before = new Map(OVERLAYS.map((o) => [o, build(join(dir, o))]))
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    for (const o of OVERLAYS) {
      const after = build(join(dir, o))
      assert.equal([...after.keys()].sort(), [...before.get(o)!.keys()].sort(), `${o}: same objects`)
      for (const [name, split] of after) {
        const old = before.get(o)!.get(name)!
        assert.is(old.apiVersion, 'split.smi-spec.io/v1alpha1')
        assert.is(split.apiVersion, 'split.smi-spec.io/v1alpha2', `${o} ${name}`)
        assert.ok(sameRatios(old.weights, split.weights), `${o} ${name}: ${old.weights} vs ${split.weights}`)
        assert.ok(
          split.weights.every((w) => w % 1_000_000_000n === 0n),
          `${o} ${name}: integer weights`,
        )
      }
    }
    // api is 1 + 2 in the base, but prod's patch sets 500m: the base takes the factor 1000.
    assert.match(readFileSync(join(dir, 'base/trafficsplit.yaml'), 'utf8'), /api-v1\n {6}weight: 1000\n.*\n {6}weight: 2000/)
    assert.match(readFileSync(join(dir, 'overlays/prod/kustomization.yaml'), 'utf8'), /version: v1alpha2[\s\S]*value: 500\n/)
    const again = cli(['--check', '.'], { cwd: dir })
    assert.is(again.status, 0, again.stdout)
  })

  test('a tree with an error anywhere is written nowhere', () => {
    const dir = copyTree()
    writeFileSync(join(dir, 'overlays/canary/web-weight.yaml'), '- op: replace\n  path: /spec/backends/1/weight\n  value: -250m\n')
    const r = cli(['--write', '.'], { cwd: dir })
    assert.is(r.status, 2)
    assert.match(
      r.stdout,
      /overlays\/canary\/web-weight\.yaml:3:10: error: JSON 6902 patch \/spec\/backends\/1\/weight: weight -250m is negative/,
    )
    assert.match(r.stdout, /base\/trafficsplit\.yaml: warning: left unchanged: another file of its kustomize tree has errors/)
    for (const f of ['base/trafficsplit.yaml', 'overlays/canary/kustomization.yaml', 'overlays/prod/kustomization.yaml']) {
      assert.is(readFileSync(join(dir, f), 'utf8'), readFileSync(join(TREE, f), 'utf8'), `${f} must be untouched`)
    }
  })
}

test.run()
