/**
 * The CLI end to end: spawns the built bin (dist/cli.js) as users run it, in a temporary
 * git repository, and checks exit codes, stdout/stderr, files on disk, and that the
 * --diff output applies with the real `git apply` and `patch -p1`.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli, git, GOLDEN } from './helpers/cli.js'

/** A git repo with converted-needing manifests, a clean file, an ignored file and an error file. */
function makeRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-cli-'))
  git(dir, 'init', '-q')
  mkdirSync(join(dir, 'deploy/overlays'), { recursive: true })
  mkdirSync(join(dir, 'build'), { recursive: true })
  mkdirSync(join(dir, 'node_modules/pkg'), { recursive: true })
  cpSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), join(dir, 'deploy/split.yaml'))
  cpSync(join(GOLDEN, 'crlf/input.yaml'), join(dir, 'deploy/overlays/crlf.yml'))
  cpSync(join(GOLDEN, 'json/input.yaml'), join(dir, 'deploy/split.json'))
  cpSync(join(GOLDEN, 'whole-numbers-stay/expected.yaml'), join(dir, 'deploy/clean.yaml'))
  writeFileSync(join(dir, 'deploy/service.yaml'), 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n')
  cpSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), join(dir, 'build/ignored.yaml'))
  cpSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), join(dir, 'node_modules/pkg/split.yaml'))
  writeFileSync(join(dir, '.gitignore'), 'build/\n')
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
  return dir
}

test('stdin pipe: converted stream on stdout, report on stderr only', () => {
  const input = readFileSync(join(GOLDEN, 'helm-template-stream/input.yaml'))
  const r = cli(['-'], { input })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, readFileSync(join(GOLDEN, 'helm-template-stream/expected.yaml'), 'utf8'))
  assert.match(r.stderr, /<stdin>:28:1: converted TrafficSplit shop: v1alpha1 -> v1alpha2, weights 900m, 100m -> 900, 100/)
})

test('a file with weights finer than 1m: written as Linkerd applied them (MilliValue(), rounded up), each rounded weight named', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-cli-milli-'))
  try {
    const file = join(dir, 'split.yaml')
    const split = (ws: string[]) =>
      `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: canary\nspec:\n  service: web\n  backends:\n${ws.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')}`
    writeFileSync(file, `${split(['1', '1n'])}---\n${split(['1', '1.0001m', '250u'])}`)
    const r = cli(['--write', 'split.yaml'], { cwd: dir })
    assert.is(r.status, 0, r.stderr)
    const weights = readFileSync(file, 'utf8')
      .split('---\n')
      .map((d) => [...d.matchAll(/weight: (\S+)/g)].map((m) => m[1]))
    assert.equal(weights, [
      ['1000', '1'],
      ['1000', '2', '1'],
    ])
    const report = r.stdout + r.stderr
    assert.match(report, /weights 1, 1n -> 1000, 1 \(backend 2 "1n" read as 1m, as Linkerd applied it/)
    assert.match(report, /backend 2 "1\.0001m" read as 2m, .*backend 3 "250u" read as 1m/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('weights whose integers would add up past what Linkerd sums (429496729): for another mesh in proportion within it, each non-zero at least 1, noted; for Linkerd left for a person; a second run is a no-op', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-cli-sum-'))
  try {
    const file = join(dir, 'split.yaml')
    const split = (ws: string[]) =>
      `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: canary\nspec:\n  service: web\n  backends:\n${ws.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')}`
    const input = [
      ['"500000"', '1n'],
      ['"429497"', '1m'],
      ['2G', '2'],
      ['400000000', '200000000'],
    ]
      .map(split)
      .join('---\n')
    writeFileSync(file, input)
    // Linkerd (no --mesh) reads v1alpha2 integers as whole units: past 429496 even divided, left as they are.
    const linkerd = cli(['--write', 'split.yaml'], { cwd: dir })
    assert.is(linkerd.status, 1, linkerd.stderr)
    const kept = readFileSync(file, 'utf8').split('---\n')
    assert.equal(kept.slice(0, 3), input.split('---\n').slice(0, 3))
    assert.match(kept[3]!, /weight: 2\n[\s\S]*weight: 1\n/)
    assert.is(linkerd.stdout.match(/warning: TrafficSplit canary: .*past 429496 even divided/g)?.length, 3)
    writeFileSync(file, input)
    const r = cli(['--write', '--mesh', 'osm', 'split.yaml'], { cwd: dir })
    assert.is(r.status, 0, r.stderr)
    const text = readFileSync(file, 'utf8')
    const weights = text.split('---\n').map((d) => [...d.matchAll(/weight: (\S+)/g)].map((m) => m[1]))
    assert.equal(weights, [
      ['429496726', '1'],
      ['429496726', '1'],
      ['429496726', '1'],
      ['2', '1'],
    ])
    for (const ws of weights) assert.ok(ws.reduce((a, w) => a + Number(w), 0) <= 429496729)
    const report = r.stdout + r.stderr
    assert.match(report, /weights "500000", 1n -> 429496726, 1 \(.*add up past 429496729, what Linkerd adds up without wrapping/)
    assert.is(
      report.match(
        /in proportion within it \(each weight × \(429496729 - the number of backends\) \/ their sum, rounded down; a non-zero weight at least 1\)/g,
      )?.length,
      3,
    )
    // The v1alpha2 file holds what Linkerd sums: nothing left to convert.
    const again = cli(['--check', '--mesh', 'osm', 'split.yaml'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.is(readFileSync(file, 'utf8'), text)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('stdin without "-" when piped; a stream without SMI is byte-identical', () => {
  const input = Buffer.from('\uFEFF# c\r\napiVersion: v1\r\nkind: ConfigMap\r\n---\n- a\n', 'utf8')
  const r = cli([], { input })
  assert.is(r.status, 0)
  assert.ok(r.raw.equals(input))
})

test('stdin with an invalid weight: exit 2, path:line:col, stream passed through', () => {
  const input = readFileSync(join(GOLDEN, 'errors/input.yaml'), 'utf8')
  const r = cli(['--stdin-filename', 'dump.yaml', '-'], { input })
  assert.is(r.status, 2)
  assert.match(r.stderr, /dump\.yaml:8:13: error: TrafficSplit negative: backend 1 weight "-1" is negative/)
  assert.match(r.stderr, /dump\.yaml:10:13: error: .*"5x" has an unknown quantity suffix/)
  assert.is(r.stdout, readFileSync(join(GOLDEN, 'errors/expected.yaml'), 'utf8'))
})

test('--check lists file:line and exits 1; writes nothing; ignored files skipped', () => {
  const dir = makeRepo()
  const before = readFileSync(join(dir, 'deploy/split.yaml'))
  const r = cli(['--check', '.'], { cwd: dir })
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stdout,
    /deploy\/split\.yaml:1:1: would convert TrafficSplit foobar-rollout: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500/,
  )
  assert.match(r.stdout, /deploy\/overlays\/crlf\.yml:1:1: would convert/)
  assert.match(r.stdout, /deploy\/split\.json:2:5: would convert/)
  assert.not.match(r.stdout, /ignored|node_modules/)
  assert.match(r.stdout, /3 TrafficSplits in 3 files would be converted \(5 files checked\)/)
  assert.ok(readFileSync(join(dir, 'deploy/split.yaml')).equals(before))
  assert.is(cli(['deploy/clean.yaml'], { cwd: dir }).status, 0, 'paths without a mode behave as --check')
  assert.is(cli(['deploy/split.yaml'], { cwd: dir }).status, 1)
  rmSync(dir, { recursive: true, force: true })
})

test('--diff applies with git apply and patch -p1, and equals --write', () => {
  const dir = makeRepo()
  const d = cli(['--diff', 'deploy', "'**/*.yml'".slice(1, -1)], { cwd: dir })
  assert.is(d.status, 1, d.stderr)
  assert.match(d.stdout, /^--- a\/deploy\/overlays\/crlf\.yml\n\+\+\+ b\/deploy\/overlays\/crlf\.yml\n@@ -1,4 \+1,4 @@/m)
  writeFileSync(join(dir, 'smi.patch'), d.stdout)
  git(dir, 'apply', '--check', 'smi.patch')

  const viaPatch = mkdtempSync(join(tmpdir(), 'smi-patch-'))
  cpSync(dir, viaPatch, { recursive: true })
  const p = spawnSync('patch', ['-p1', '-s', '-i', 'smi.patch'], { cwd: viaPatch, encoding: 'utf8' })
  assert.is(p.status, 0, p.stderr)

  git(dir, 'apply', 'smi.patch')
  const applied = git(dir, 'diff')
  git(dir, 'checkout', '--', '.')
  const w = cli(['--write', '.'], { cwd: dir })
  assert.is(w.status, 0, w.stderr)
  assert.is(git(dir, 'diff'), applied, '--write and the applied --diff give the same files')
  for (const f of ['deploy/split.yaml', 'deploy/overlays/crlf.yml', 'deploy/split.json']) {
    assert.ok(readFileSync(join(viaPatch, f)).equals(readFileSync(join(dir, f))), `patch -p1 result differs for ${f}`)
  }
  assert.is(
    readFileSync(join(dir, 'build/ignored.yaml'), 'utf8'),
    readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), 'utf8'),
  )
  assert.is(
    readFileSync(join(dir, 'node_modules/pkg/split.yaml'), 'utf8'),
    readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), 'utf8'),
  )
  rmSync(dir, { recursive: true, force: true })
  rmSync(viaPatch, { recursive: true, force: true })
})

test('--write: atomic, keeps the mode, leaves unchanged files alone (mtime too), second run clean', () => {
  const dir = makeRepo()
  const split = join(dir, 'deploy/split.yaml')
  const clean = join(dir, 'deploy/clean.yaml')
  chmodSync(split, 0o640)
  const old = new Date('2020-01-01T00:00:00Z')
  utimesSync(clean, old, old)
  const r = cli(['--write', 'deploy'], { cwd: dir })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /deploy\/split\.yaml:1:1: converted TrafficSplit foobar-rollout/)
  assert.is(readFileSync(split, 'utf8'), readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/expected.yaml'), 'utf8'))
  assert.is(statSync(split).mode & 0o777, 0o640)
  assert.is(statSync(clean).mtimeMs, old.getTime())
  assert.is(
    git(dir, 'status', '--porcelain')
      .split('\n')
      .filter((l) => l.includes('.tmp')).length,
    0,
  )
  const again = cli(['--check', '.'], { cwd: dir })
  assert.is(again.status, 0, again.stdout)
  rmSync(dir, { recursive: true, force: true })
})

test('errors: exit 2, path:line:col, the erroneous file untouched, other files still written', () => {
  const dir = makeRepo()
  cpSync(join(GOLDEN, 'errors/input.yaml'), join(dir, 'deploy/bad.yaml'))
  writeFileSync(join(dir, 'deploy/broken.yaml'), 'kind: TrafficSplit\napiVersion: split.smi-spec.io/v1alpha1\nspec: [unclosed\n')
  const r = cli(['--write', 'deploy', 'missing.yaml'], { cwd: dir })
  assert.is(r.status, 2)
  assert.match(r.stdout, /deploy\/bad\.yaml:8:13: error: TrafficSplit negative: backend 1 weight "-1" is negative/)
  assert.match(r.stdout, /deploy\/broken\.yaml:3:16: error: invalid YAML/)
  assert.match(r.stdout, /^missing\.yaml: error: missing\.yaml: no such file/m)
  assert.is(readFileSync(join(dir, 'deploy/bad.yaml'), 'utf8'), readFileSync(join(GOLDEN, 'errors/input.yaml'), 'utf8'))
  assert.is(
    readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'),
    readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/expected.yaml'), 'utf8'),
  )
  rmSync(dir, { recursive: true, force: true })
})

test('read-only file: exit 2, not written, others processed', () => {
  const dir = makeRepo()
  chmodSync(join(dir, 'deploy/split.yaml'), 0o444)
  const r = cli(['--write', 'deploy'], { cwd: dir })
  assert.is(r.status, 2)
  assert.match(r.stdout, /^deploy\/split\.yaml: error: cannot process deploy\/split\.yaml: file is read-only/m)
  assert.is(
    readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'),
    readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), 'utf8'),
  )
  assert.is(readFileSync(join(dir, 'deploy/split.json'), 'utf8'), readFileSync(join(GOLDEN, 'json/expected.yaml'), 'utf8'))
  rmSync(dir, { recursive: true, force: true })
})

test('--format json, --to, --quiet, --version, --help, usage errors', () => {
  const input = readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), 'utf8')
  const j = cli(['--format', 'json', '--check', '-'], { input })
  assert.is(j.status, 1)
  const findings = JSON.parse(j.stdout)
  assert.equal(findings[0], {
    path: '<stdin>',
    line: 1,
    column: 1,
    severity: 'info',
    code: 'converted',
    kind: 'TrafficSplit',
    name: 'foobar-rollout',
    from: 'split.smi-spec.io/v1alpha1',
    to: 'split.smi-spec.io/v1alpha2',
    weightsBefore: ['1', '500m'],
    weightsAfter: [1000, 500],
    message: 'TrafficSplit foobar-rollout: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500',
    // --check converts nothing: the conversion is found, not made.
    applied: false,
  })
  // The last record is the summary, with the exit code and why.
  assert.equal(findings[findings.length - 1], {
    record: 'summary',
    mode: 'check',
    files: 1,
    changedFiles: 1,
    converted: { TrafficSplit: 1 },
    errors: 0,
    warnings: 0,
    pending: 0,
    exitCode: 1,
    exitReason: 'would-convert',
    message: '1 TrafficSplit in 1 file would be converted (1 file checked)',
  })
  const written = JSON.parse(cli(['--format', 'json', '-'], { input }).stderr) as { applied?: boolean; exitReason?: string }[]
  assert.is(written[0]!.applied, true)
  assert.is(written[written.length - 1]!.exitReason, 'converted')
  const v4 = cli(['--to', 'v1alpha4', '-q', '-'], { input })
  assert.is(v4.status, 0)
  assert.match(v4.stdout, /^apiVersion: split\.smi-spec\.io\/v1alpha4\n/)
  // -q hides the per-object lines, never the summary.
  assert.is(v4.stderr, 'converted 1 TrafficSplit\n')
  // A TrafficSplitList without items: the List is what is counted. (An item with an apiVersion and
  // no kind fails in kubectl: refused, test/kubectl-lists.test.ts.)
  const list = 'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems: []\n'
  assert.match(cli(['-'], { input: list }).stderr, /\nconverted 1 TrafficSplitList\n$/)
  const quiet = cli(['-q', '--check', '-'], { input })
  assert.is(quiet.status, 1)
  assert.not.match(quiet.stdout + quiet.stderr, /would convert TrafficSplit/)
  assert.match(quiet.stdout + quiet.stderr, /1 TrafficSplit in 1 file would be converted/)
  assert.match(cli(['--version']).stdout, /^\d+\.\d+\.\d+\n$/)
  const h = cli(['--help'])
  assert.is(h.status, 0)
  assert.match(h.stdout, /Examples:/)
  assert.is(cli(['--check', '--write', 'x']).status, 2)
  assert.match(cli(['--check', '--write', 'x']).stderr, /Cannot use --check and --write together/)
  assert.is(cli(['--to', 'v1alpha1', '-']).status, 2)
  assert.is(cli(['--write', '-']).status, 2)
})

test('--specs-to, --access-to, --mesh: listed in --help; a bad choice is a usage error (exit 2) naming the choices', () => {
  const h = cli(['--help']).stdout
  assert.match(
    h,
    /--specs-to <version> +apiVersion to convert HTTPRouteGroups and TCPRoutes to \(default: leave them alone\) \(v1alpha2, v1alpha3, v1alpha4\)/,
  )
  assert.match(h, /--access-to <version> +apiVersion to convert TrafficTargets to \(default: leave them alone\) \(v1alpha2, v1alpha3\)/)
  assert.match(
    h,
    /--mesh <name> +pick for each kind the version that mesh's CRDs serve;\n +explicit --to, --specs-to and --access-to win \(linkerd, osm, nginx, traefik\)/,
  )
  const bad: Array<[string[], string]> = [
    [['--specs-to', 'v1alpha1', '-'], '--specs-to must be one of v1alpha2, v1alpha3, v1alpha4; got "v1alpha1"'],
    [['--access-to', 'v1alpha4', '-'], '--access-to must be one of v1alpha2, v1alpha3; got "v1alpha4"'],
    [['--access-to', 'v1alpha1', '-'], '--access-to must be one of v1alpha2, v1alpha3; got "v1alpha1"'],
    [['--mesh', 'istio', '-'], '--mesh must be one of linkerd, osm, nginx, traefik; got "istio"'],
    [['--mesh', 'Linkerd', '-'], '--mesh must be one of linkerd, osm, nginx, traefik; got "Linkerd"'],
    [['--mesh', '', '-'], '--mesh needs a value'],
    [['--specs-to', '', '-'], '--specs-to needs a value'],
    [['-', '--access-to'], '--access-to needs a value'],
    [['--mesh=osm', '--to', 'v1alpha1', '-'], '--to must be one of v1alpha2, v1alpha3, v1alpha4, gateway; got "v1alpha1"'],
    [['--port', '80', '-'], '--port needs --to gateway'],
    [['--to', 'gateway', '--port', '0', '-'], '--port must be a number from 1 to 65535; got "0"'],
    [['--to', 'gateway', '--linkerd', '2.12', '-'], '--linkerd must be one of 2.13, 2.14, 2.15, 2.16, 2.17, 2.18, 2.19, 2.20; got "2.12"'],
  ]
  const input = readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), 'utf8')
  for (const [args, message] of bad) {
    const r = cli(args, { input })
    assert.is(r.status, 2, args.join(' '))
    assert.is(r.stderr, `smi-migrate: ${message}\n`, args.join(' '))
    assert.is(r.stdout, '', `${args.join(' ')}: nothing read, nothing written`)
  }
})

test('--mesh picks the TrafficSplit version its CRD serves; an explicit --to wins', () => {
  const input = readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), 'utf8')
  const to = (...args: string[]) => {
    const r = cli(['--format', 'json', '--check', ...args, '-'], { input })
    assert.is(r.status, 1, r.stderr)
    return (JSON.parse(r.stdout) as { to: string }[])[0]!.to
  }
  assert.is(to('--mesh', 'linkerd'), 'split.smi-spec.io/v1alpha2')
  assert.is(to('--mesh', 'osm'), 'split.smi-spec.io/v1alpha2')
  assert.is(to('--mesh', 'nginx'), 'split.smi-spec.io/v1alpha3')
  assert.is(to('--mesh=traefik'), 'split.smi-spec.io/v1alpha3')
  assert.is(to('--mesh', 'traefik', '--to', 'v1alpha4'), 'split.smi-spec.io/v1alpha4')
  assert.is(to('--to', 'v1alpha4', '--mesh', 'linkerd'), 'split.smi-spec.io/v1alpha4', 'the order of the flags does not matter')
  // The sibling-kind flags leave TrafficSplits to --to (or the default).
  assert.is(to('--specs-to', 'v1alpha4', '--access-to', 'v1alpha3'), 'split.smi-spec.io/v1alpha2')
  const stream = cli(['--mesh', 'nginx', '-q', '-'], { input })
  assert.is(stream.status, 0, stream.stderr)
  assert.match(stream.stdout, /^apiVersion: split\.smi-spec\.io\/v1alpha3\n/, 'stream mode too')
})

test('an explicitly named directory git ignores is checked; submodules and nested repositories are walked; -v says what was skipped', () => {
  const dir = makeRepo()
  const split = readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'))
  // An untracked nested repository, and a submodule (cloned from a repository of the test's own).
  mkdirSync(join(dir, 'nested'))
  git(join(dir, 'nested'), 'init', '-q')
  writeFileSync(join(dir, 'nested/split.yaml'), split)
  const upstream = mkdtempSync(join(tmpdir(), 'smi-cli-sub-'))
  git(upstream, 'init', '-q')
  writeFileSync(join(upstream, 'split.yaml'), split)
  git(upstream, 'add', '-A')
  git(upstream, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
  git(dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', upstream, 'sub')
  const named = cli(['--check', 'build/'], { cwd: dir })
  assert.is(named.status, 1, named.stdout + named.stderr)
  assert.match(named.stdout, /build\/ignored\.yaml:1:1: would convert/)
  assert.match(named.stdout, /\(1 file checked\)/)
  const all = cli(['--check', '-v', '.'], { cwd: dir })
  assert.is(all.status, 1, all.stderr)
  assert.match(all.stdout, /nested\/split\.yaml:1:1: would convert/)
  assert.match(all.stdout, /sub\/split\.yaml:1:1: would convert/)
  assert.match(all.stdout + all.stderr, /build: skipped: ignored by git/)
  assert.not.match(all.stdout, /build\/ignored\.yaml:1:1/)
  const excluded = cli(['--check', '-v', '--exclude', 'deploy/overlays', 'deploy'], { cwd: dir })
  assert.match(excluded.stdout + excluded.stderr, /deploy\/overlays\/crlf\.yml: skipped: excluded by --exclude/)
  rmSync(dir, { recursive: true, force: true })
  rmSync(upstream, { recursive: true, force: true })
})

test('--diff on a symlinked manifest names the file git tracks (its target): git apply takes the patch; a target outside the repository is left out with a warning', () => {
  const dir = makeRepo()
  symlinkSync('deploy/split.yaml', join(dir, 'link.yaml'))
  const outside = mkdtempSync(join(tmpdir(), 'smi-cli-outside-'))
  cpSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'), join(outside, 'split.yaml'))
  symlinkSync(join(outside, 'split.yaml'), join(dir, 'away.yaml'))
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'links')
  const r = cli(['--diff', 'link.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stderr)
  assert.match(r.stdout, /^--- a\/deploy\/split\.yaml\n\+\+\+ b\/deploy\/split\.yaml\n/)
  writeFileSync(join(dir, 'p.diff'), r.stdout)
  git(dir, 'apply', 'p.diff')
  assert.is(readFileSync(join(dir, 'link.yaml'), 'utf8'), readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/expected.yaml'), 'utf8'))
  // Beyond the write boundary: never in a patch, left for a person (exit 1).
  const away = cli(['--diff', 'away.yaml'], { cwd: dir })
  assert.is(away.status, 1, away.stderr)
  assert.is(away.stdout, '')
  assert.match(away.stderr, /away\.yaml: warning: cannot process away\.yaml: it is a symlink to .*, outside the paths being processed/)
  rmSync(dir, { recursive: true, force: true })
  rmSync(outside, { recursive: true, force: true })
})

test('--diff keeps every byte: a Latin-1 comment next to a weight, CRLF, no final newline; the patch applies whole and gives --write', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-cli-bytes-'))
  git(dir, 'init', '-q')
  const split = (name: string, eol: string) =>
    [
      'apiVersion: split.smi-spec.io/v1alpha1',
      'kind: TrafficSplit',
      'metadata:',
      `  name: ${name}`,
      'spec:',
      '  service: web',
      '  backends:',
      '  - service: web-v1',
      '    weight: 1',
      '  - service: web-v2',
      '    weight: 500m',
    ].join(eol)
  const files: Record<string, Buffer> = {
    // A Latin-1 comment in the document before the split's apiVersion, and after its last weight.
    'latin1.yaml': Buffer.from(`kind: ConfigMap # caf\xe9\n---\n${split('a', '\n')}\n---\n# na\xefve\nkind: ConfigMap\n`, 'latin1'),
    'crlf.yaml': Buffer.from(`${split('b', '\r\n')}\r\n`),
    'no-newline.yaml': Buffer.from(split('c', '\n')),
  }
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes)
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
  const d = cli(['--diff', '.'], { cwd: dir })
  assert.is(d.status, 1, d.stderr)
  // Context lines carry the file's own bytes: the Latin-1 byte, the CR.
  assert.ok(d.raw.includes(Buffer.from(' kind: ConfigMap # caf\xe9\n', 'latin1')), 'the Latin-1 context line')
  assert.ok(d.raw.includes(Buffer.from(' kind: TrafficSplit\r\n')), 'the CRLF context line')
  assert.ok(d.raw.includes(Buffer.from('+    weight: 500\n\\ No newline at end of file\n')), 'the last line without a newline')
  writeFileSync(join(dir, 'smi.patch'), d.raw)
  const viaPatch = mkdtempSync(join(tmpdir(), 'smi-patch-bytes-'))
  cpSync(dir, viaPatch, { recursive: true })
  const p = spawnSync('patch', ['-p1', '-s', '-i', 'smi.patch'], { cwd: viaPatch, encoding: 'utf8' })
  assert.is(p.status, 0, p.stderr)
  git(dir, 'apply', 'smi.patch')
  const applied = Object.keys(files).map((f) => readFileSync(join(dir, f)))
  git(dir, 'checkout', '--', '.')
  assert.is(cli(['--write', '.'], { cwd: dir }).status, 0)
  Object.keys(files).forEach((f, i) => {
    const written = readFileSync(join(dir, f))
    assert.ok(applied[i]!.equals(written), `git apply gives what --write writes: ${f}`)
    assert.ok(readFileSync(join(viaPatch, f)).equals(written), `patch -p1 gives what --write writes: ${f}`)
  })
  assert.ok(
    readFileSync(join(dir, 'latin1.yaml')).includes(Buffer.from('# na\xefve\n', 'latin1')),
    'the Latin-1 bytes are written as they were',
  )
  rmSync(dir, { recursive: true, force: true })
  rmSync(viaPatch, { recursive: true, force: true })
})

test('a manifest whose name is not UTF-8 is an error, not skipped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-cli-name-'))
  git(dir, 'init', '-q')
  const input = readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml'))
  writeFileSync(Buffer.from(join(dir, 'caf\xe9.yaml'), 'latin1'), input)
  git(dir, 'add', '-A')
  for (const where of [dir, mkdtempSync(join(tmpdir(), 'smi-cli-name-plain-'))]) {
    if (where !== dir) writeFileSync(Buffer.from(join(where, 'caf\xe9.yaml'), 'latin1'), input)
    const r = cli(['--check', '.'], { cwd: where })
    assert.is(r.status, 2, r.stderr)
    assert.match(r.stdout, /caf\ufffd\.yaml: error: its name is not valid UTF-8/)
    rmSync(where, { recursive: true, force: true })
  }
})

test.run()
