/**
 * Issue 10, "a green run means done", through the built CLI (dist/cli.js) and the Action's
 * bundle: patches that apply whole from any directory, no false pass, reports that match
 * what happened.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { cli, git, GOLDEN } from './helpers/cli.js'
import { build, sameRatios } from './helpers/kustomize.js'
import { testWith } from './helpers/tools.js'
import { tempRepo } from './helpers/repo.js'
import { migrate } from '../src/index.js'

const KUSTOMIZE = resolve('testdata/kustomize')
const CHART = resolve('testdata/charts/web')
const golden = (name: string, file = 'input.yaml') => readFileSync(join(GOLDEN, name, file), 'utf8')

/** Every file of a tree, path → content. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>()
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === '.git') continue
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else out.set(relative(dir, p), readFileSync(p, 'utf8'))
    }
  }
  walk(dir)
  return out
}

function kustomizeRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-trust-'))
  git(dir, 'init', '-q')
  cpSync(KUSTOMIZE, join(dir, 'deploy'), { recursive: true })
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
  return dir
}

// --- 1. Patches that apply whole, or not at all

/** `--diff .` run in deploy/overlays of a copy of testdata/kustomize, applied at the top level. */
function diffFromSubdirectory(apply: (dir: string) => void): { dir: string; expected: Map<string, string> } {
  const dir = kustomizeRepo()
  const d = cli(['--diff', '.'], { cwd: join(dir, 'deploy/overlays') })
  assert.is(d.status, 1, d.stderr)
  assert.match(d.stdout, /^--- a\/deploy\/base\/trafficsplit\.yaml\n\+\+\+ b\/deploy\/base\/trafficsplit\.yaml\n/m)
  assert.match(d.stdout, /^--- a\/deploy\/overlays\/prod\/kustomization\.yaml\n/m)
  assert.not.match(d.stdout, /^--- a\/\//m)
  writeFileSync(join(dir, '.git/p.patch'), d.stdout)
  // The reference: --write from the same sub-directory, in a copy.
  const written = kustomizeRepo()
  const w = cli(['--write', '.'], { cwd: join(written, 'deploy/overlays') })
  assert.is(w.status, 0, w.stdout)
  const expected = snapshot(written)
  rmSync(written, { recursive: true, force: true })
  apply(dir)
  return { dir, expected }
}

test('--diff from a sub-directory names files from the repository top level: git apply and patch -p1 give what --write gives', () => {
  const { dir, expected } = diffFromSubdirectory((d) => git(d, 'apply', '.git/p.patch'))
  assert.equal(snapshot(dir), expected, 'git apply at the top level gives the --write tree')
  git(dir, 'checkout', '--', '.')
  const p = spawnSync('patch', ['-p1', '-i', '.git/p.patch'], { cwd: dir, encoding: 'utf8' })
  assert.is(p.status, 0, p.stderr + p.stdout)
  assert.equal(snapshot(dir), expected, 'patch -p1 at the top level gives the --write tree')
  rmSync(dir, { recursive: true, force: true })
})

testWith('kubectl')(
  'the patch from a sub-directory, applied at the top level: kubectl kustomize renders the same ratios, on v1alpha2',
  () => {
    const original = kustomizeRepo()
    const before = ['canary', 'prod'].map((o) => build(join(original, 'deploy/overlays', o)))
    const { dir } = diffFromSubdirectory((d) => git(d, 'apply', '.git/p.patch'))
    for (const [i, o] of ['canary', 'prod'].entries()) {
      const after = build(join(dir, 'deploy/overlays', o))
      for (const [name, split] of before[i]!) {
        assert.ok(sameRatios(split.weights, after.get(name)!.weights), `${o}/${name}: ratios changed`)
        assert.is(after.get(name)!.apiVersion, 'split.smi-spec.io/v1alpha2')
      }
    }
    rmSync(dir, { recursive: true, force: true })
    rmSync(original, { recursive: true, force: true })
  },
)

test('outside a repository: patch paths relative to the current directory; a changed file outside it is an error, never a patch', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-trust-norepo-'))
  mkdirSync(join(root, 'work/deploy'), { recursive: true })
  mkdirSync(join(root, 'elsewhere'))
  writeFileSync(join(root, 'work/deploy/split.yaml'), golden('mixed-notation-one-and-milli'))
  writeFileSync(join(root, 'elsewhere/split.yaml'), golden('mixed-notation-one-and-milli'))
  const inside = cli(['--diff', 'deploy'], { cwd: join(root, 'work') })
  assert.is(inside.status, 1, inside.stderr)
  assert.match(inside.stdout, /^--- a\/deploy\/split\.yaml\n/)
  const outside = cli(['--diff', 'deploy', '../elsewhere/split.yaml'], { cwd: join(root, 'work') })
  assert.is(outside.status, 2)
  assert.match(outside.stderr + outside.stdout, /elsewhere\/split\.yaml is outside .*a patch cannot name it/)
  assert.not.match(outside.stdout, /elsewhere/, 'no patch for a file the patch cannot name')
  rmSync(root, { recursive: true, force: true })
})

test('a name starting with ".." is inside the directory; a kustomize tree partly outside the patch root gets no patch at all', () => {
  const dots = tempRepo('smi-trust-dots-', { '..x.yaml': golden('mixed-notation-one-and-milli') })
  const d = cli(['--diff', '..x.yaml'], { cwd: dots })
  assert.is(d.status, 1, d.stdout + d.stderr)
  assert.match(d.stdout, /^--- a\/\.\.x\.yaml\n/)
  rmSync(dots, { recursive: true, force: true })

  const root = mkdtempSync(join(tmpdir(), 'smi-trust-halftree-'))
  mkdirSync(join(root, 'base'))
  mkdirSync(join(root, 'overlay'))
  writeFileSync(
    join(root, 'base/split.yaml'),
    'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  backends:\n  - service: a\n    weight: 1\n  - service: b\n    weight: 2\n',
  )
  writeFileSync(join(root, 'base/kustomization.yaml'), 'resources:\n- split.yaml\n')
  writeFileSync(
    join(root, 'overlay/kustomization.yaml'),
    'resources:\n- ../base\npatches:\n- path: patch.yaml\n  target:\n    group: split.smi-spec.io\n    version: v1alpha1\n    kind: TrafficSplit\n    name: web\n',
  )
  writeFileSync(join(root, 'overlay/patch.yaml'), '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n')
  // The base is beyond the write boundary (outside the paths given, in no repository): the tree is held back, no patch.
  const half = cli(['--diff', '.'], { cwd: join(root, 'overlay'), env: { GIT_CEILING_DIRECTORIES: realpathSync(tmpdir()) } })
  assert.is(half.status, 1, half.stdout + half.stderr)
  assert.is(half.stdout, '', 'no patch: the base is outside the paths being processed, so the tree is held back whole')
  assert.match(
    half.stderr,
    /^kustomization\.yaml:2:3: warning: resources entry \.\.\/base reaches \.\.\/base\/split\.yaml, outside the paths being processed/m,
  )
  // Run from the directory that holds both: patched whole.
  const whole = cli(['--diff', '.'], { cwd: root, env: { GIT_CEILING_DIRECTORIES: realpathSync(tmpdir()) } })
  assert.is(whole.status, 1, whole.stderr)
  assert.match(whole.stdout, /^--- a\/base\/split\.yaml\n/m)
  assert.match(whole.stdout, /^--- a\/overlay\/patch\.yaml\n/m)
  rmSync(root, { recursive: true, force: true })
})

test('file names with a space, a tab or a quote are written as git writes them, and both appliers take the patch', () => {
  const names = ['with space.yaml', 'with\ttab.yaml', 'qu"ote.yaml', 'ünï.yaml']
  const dir = tempRepo('smi-trust-names-', Object.fromEntries(names.map((n) => [n, golden('mixed-notation-one-and-milli')])))
  const d = cli(['--diff', '.'], { cwd: dir })
  assert.is(d.status, 1, d.stderr)
  for (const n of names) writeFileSync(join(dir, n), golden('mixed-notation-one-and-milli', 'expected.yaml'))
  const gitHeaders = git(dir, 'diff')
    .split('\n')
    .filter((l) => l.startsWith('--- ') || l.startsWith('+++ '))
  const ourHeaders = d.stdout.split('\n').filter((l) => l.startsWith('--- ') || l.startsWith('+++ '))
  assert.equal(ourHeaders.sort(), gitHeaders.sort(), 'headers byte for byte as git diff writes them')
  git(dir, 'checkout', '--', '.')
  writeFileSync(join(dir, '.git/p.patch'), d.stdout)
  git(dir, 'apply', '.git/p.patch')
  for (const n of names) assert.is(readFileSync(join(dir, n), 'utf8'), golden('mixed-notation-one-and-milli', 'expected.yaml'))
  git(dir, 'checkout', '--', '.')
  const p = spawnSync('patch', ['-p1', '-i', '.git/p.patch'], { cwd: dir, encoding: 'utf8' })
  assert.is(p.status, 0, p.stderr + p.stdout)
  assert.is(readFileSync(join(dir, 'with space.yaml'), 'utf8'), golden('mixed-notation-one-and-milli', 'expected.yaml'))
  rmSync(dir, { recursive: true, force: true })
})

// --- 2. No false pass

test('--write on a chart with a templated weight exits 1 (pre-commit fails the hook) and prints the warning without --verbose', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-trust-chart-'))
  cpSync(CHART, join(dir, 'web'), { recursive: true })
  const r = cli(['--write', 'web/templates/trafficsplit-values.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout)
  assert.match(r.stdout, /trafficsplit-values\.yaml:12:13: warning: .*backend 2 weight is templated/)
  const q = cli(['--write', '-q', 'web/templates/trafficsplit-values.yaml'], { cwd: dir })
  assert.is(q.status, 1)
  assert.match(q.stdout, /warning: .*templated/, '-q hides only the info lines')
  rmSync(dir, { recursive: true, force: true })
})

test('a near-miss group and a missing apiVersion fail --check and --write', () => {
  const dir = tempRepo('smi-trust-near-', {
    'near.yaml':
      'apiVersion: split.smi.spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: near\nspec:\n  backends:\n  - service: a\n    weight: 500m\n',
    'none.yaml': 'kind: TrafficSplit\nmetadata:\n  name: none\nspec:\n  backends:\n  - service: a\n    weight: 1\n',
  })
  for (const mode of ['--check', '--write', '--diff']) {
    const r = cli([mode, 'near.yaml', 'none.yaml'], { cwd: dir })
    assert.is(r.status, 1, `${mode}: ${r.stdout}`)
    assert.match(r.stdout + r.stderr, /near\.yaml:1:13: warning: .*split\.smi\.spec\.io/)
    assert.match(r.stdout + r.stderr, /none\.yaml:1:1: warning: .*no apiVersion/)
  }
  rmSync(dir, { recursive: true, force: true })
})

test('a glob that matches nothing, a negated pattern and a missing input are errors (exit 2) naming what is wrong', () => {
  const dir = tempRepo('smi-trust-globs-', { 'charts/web/split.yaml': golden('whole-numbers-stay', 'expected.yaml') })
  const typo = cli(['--check', 'chart/**/*.yaml'], { cwd: dir })
  assert.is(typo.status, 2)
  assert.match(typo.stdout, /^chart\/\*\*\/\*\.yaml: error: no files match the pattern chart\/\*\*\/\*\.yaml$/m)
  const neg = cli(['--check', '.', '!pkg/**'], { cwd: dir })
  assert.is(neg.status, 2)
  assert.match(neg.stderr, /negated patterns are not supported \("!pkg\/\*\*"\): use --exclude 'pkg\/\*\*'/)
  assert.match(cli(['--help']).stdout, /Negated\s+patterns \('!fixtures\/\*\*'\) are not supported: use --exclude/)
  for (const mode of ['--check', '--diff', '--write']) {
    const none = cli([mode], { cwd: dir, input: '' })
    assert.is(none.status, 2, mode)
    assert.match(none.stderr, /no input: give paths or pipe manifests with -/)
  }
  assert.is(cli(['--check', '-'], { cwd: dir, input: '' }).status, 0, 'an explicit "-" still reads stdin')
  rmSync(dir, { recursive: true, force: true })
})

test('a chart template whose kind is an action, beside a literal SMI apiVersion, fails --check even without the word TrafficSplit', () => {
  const dir = tempRepo('smi-trust-kind-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/templates/split.yaml':
      'apiVersion: split.smi-spec.io/v1alpha1\nkind: {{ .Values.kind }}\nmetadata:\n  name: web\nspec:\n  backends:\n  - service: a\n    weight: 500m\n',
  })
  const r = cli(['--check', 'web'], { cwd: dir })
  assert.is(r.status, 1, r.stdout)
  assert.match(r.stdout, /web\/templates\/split\.yaml:2:\d+: warning: /)
  rmSync(dir, { recursive: true, force: true })
})

test('--exclude leaves matching files alone (named ones too, and whole directories)', () => {
  const dir = tempRepo('smi-trust-exclude-', {
    'deploy/split.yaml': golden('mixed-notation-one-and-milli'),
    'test/fixtures/old.yaml': golden('mixed-notation-one-and-milli'),
    'test/fixtures/deep/old.yaml': golden('mixed-notation-one-and-milli'),
  })
  const r = cli(['--write', '--exclude', 'test/fixtures', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /converted 1 TrafficSplit in 1 file \(1 file checked\)/)
  assert.is(readFileSync(join(dir, 'test/fixtures/deep/old.yaml'), 'utf8'), golden('mixed-notation-one-and-milli'))
  const named = cli(['--check', '--exclude=**/fixtures/**', 'test/fixtures/old.yaml'], { cwd: dir })
  assert.is(named.status, 0, named.stdout)
  assert.match(named.stdout, /nothing to convert \(0 files checked\)/)
  const all = cli(['--check', '--exclude', 'test/**', 'test/**/*.yaml'], { cwd: dir })
  assert.is(all.status, 2, 'a glob whose every match is excluded is an error too')
  assert.match(all.stdout, /every file the pattern test\/\*\*\/\*\.yaml matches is ignored by git or --exclude/)
  rmSync(dir, { recursive: true, force: true })
})

// --- 3. Reports that match what happened

test('a file that is not written reports no conversion; file-level errors read "path: error:"', () => {
  const dir = tempRepo('smi-trust-report-', {
    'errors.yaml': golden('errors'),
    'ro.yaml': golden('mixed-notation-one-and-milli'),
    'ok.yaml': golden('mixed-notation-one-and-milli'),
  })
  chmodSync(join(dir, 'ro.yaml'), 0o444)
  const r = cli(['--write', 'errors.yaml', 'ro.yaml', 'ok.yaml'], { cwd: dir })
  assert.is(r.status, 2)
  assert.not.match(r.stdout, /errors\.yaml:\d+:\d+: converted/, 'objects of a file with errors are not reported converted')
  assert.not.match(r.stdout, /ro\.yaml:\d+:\d+: converted/, 'objects of a read-only file are not reported converted')
  assert.match(r.stdout, /^ro\.yaml: error: cannot process ro\.yaml: file is read-only/m)
  assert.not.match(r.stdout, /:0:0:/)
  assert.match(r.stdout, /^ok\.yaml:1:1: converted TrafficSplit foobar-rollout/m)
  assert.match(r.stdout, /converted 1 TrafficSplit in 1 file \(3 files checked\)/)
  rmSync(dir, { recursive: true, force: true })
})

test('kustomize: files pulled in by the tree are reported as such and counted; the CLI and the Action agree', () => {
  const dir = kustomizeRepo()
  const r = cli(['--check', 'deploy/base/trafficsplit.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout)
  assert.match(
    r.stdout,
    /^deploy\/overlays\/prod\/kustomization\.yaml: also would convert: same kustomize tree as deploy\/base\/trafficsplit\.yaml$/m,
  )
  const counted = /in (\d+) files would be converted \((\d+) files checked\)/.exec(r.stdout)
  assert.ok(counted, r.stdout)
  assert.ok(Number(counted[1]) <= Number(counted[2]), 'no more files converted than checked')

  const runner = mkdtempSync(join(tmpdir(), 'smi-trust-runner-'))
  for (const f of ['output', 'summary']) writeFileSync(join(runner, f), '')
  const a = spawnSync(process.execPath, [resolve('dist/action.js')], {
    cwd: dir,
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      GITHUB_WORKSPACE: dir,
      GITHUB_OUTPUT: join(runner, 'output'),
      GITHUB_STEP_SUMMARY: join(runner, 'summary'),
      RUNNER_TEMP: runner,
      INPUT_PATHS: 'deploy/base/trafficsplit.yaml',
      INPUT_MODE: 'check',
      INPUT_TO: 'v1alpha2',
      'INPUT_FAIL-ON-CHANGE': 'true',
    },
  })
  assert.is(a.status, 1, a.stdout)
  const headline = /\d+ TrafficSplits? .* would be converted \(\d+ files? checked\)/
  assert.is(headline.exec(a.stdout)?.[0], headline.exec(r.stdout)?.[0], 'the Action and the CLI print the same counts')
  rmSync(runner, { recursive: true, force: true })
  rmSync(dir, { recursive: true, force: true })
})

test('--format json: weightsAfter are numbers; an object left as it is is not "converted"', () => {
  const input = golden('errors')
  const ok = JSON.parse(cli(['--format', 'json', '--check', '-'], { input: golden('mixed-notation-one-and-milli') }).stdout) as {
    weightsAfter: unknown[]
  }[]
  assert.equal(ok[0]!.weightsAfter, [1000, 500])
  // --check - on a stream with errors converts nothing, as a file would: no "converted" finding.
  const r = cli(['--format', 'json', '--check', '-'], { input })
  assert.is(r.status, 2)
  assert.equal(
    (JSON.parse(r.stdout) as { code: string }[]).filter((f) => f.code === 'converted'),
    [],
  )
  const text = cli(['--check', '-'], { input })
  assert.not.match(text.stdout, /would convert/)
  assert.match(text.stdout, /^nothing to convert( automatically)? \(1 file checked\); \d+ errors/m)
  const file = tempRepo('smi-trust-json-', { 'errors.yaml': input })
  const j = JSON.parse(cli(['--format', 'json', '--check', 'errors.yaml'], { cwd: file }).stdout) as { code: string }[]
  assert.ok(j.length > 0)
  assert.equal(
    j.filter((f) => f.code === 'converted'),
    [],
    'a file with errors converts nothing',
  )
  rmSync(file, { recursive: true, force: true })
})

// --- 4. The library keeps the same promise

test('migrate(): characters outside the edited scalars survive (a lone surrogate too); offsets point into the input', () => {
  const split = golden('mixed-notation-one-and-milli')
  const text = '# note \uD800 and \uDFFF\u00e9\u{1F600}\n---\n' + split + '---\n' + split.replace('foobar-rollout', 'second')
  const r = migrate(text)
  assert.ok(r.changed)
  assert.ok(r.output.startsWith('# note \uD800 and \uDFFF\u00e9\u{1F600}\n---\n'), JSON.stringify(r.output.slice(0, 30)))
  assert.is(
    r.output,
    text
      .split(split)
      .join(golden('mixed-notation-one-and-milli', 'expected.yaml'))
      .replace(
        split.replace('foobar-rollout', 'second'),
        golden('mixed-notation-one-and-milli', 'expected.yaml').replace('foobar-rollout', 'second'),
      ),
  )
  const second = r.findings.find((f) => f.object?.name === 'second')!
  assert.is(text.slice(second.offset, second.offset + 'apiVersion'.length), 'apiVersion', 'Finding.offset indexes the input text')
  const lines = text.slice(0, second.offset).split('\n')
  assert.is(second.line, lines.length)
  assert.is(second.column, lines[lines.length - 1]!.length + 1)
})

test.run()
