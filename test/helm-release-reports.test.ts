/**
 * `smi-migrate helm-release --format json|sarif`: the command reports through the sinks of
 * report/formats.ts, with the same findings as its text report (its own lines have codes of
 * their own, helm-release/codes.ts), the same exit codes, and the report where the text report
 * goes (stdout with --check, stderr beside the records). Every SARIF log it writes is validated
 * by Microsoft's SARIF Multitool (skipped, never passed, where its binary cannot run).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { HELM_RELEASE_RULES } from '../src/helm-release/codes.js'
import { FORMAT_NAMES } from '../src/report/formats.js'
import { cli } from './helpers/cli.js'
import { validate } from './helpers/sarif-multitool.js'
import { testWith } from './helpers/tools.js'

const WEB = 'testdata/helm-release/web.json'
const CM = 'testdata/helm-release/cm.json'

type Rec = Record<string, unknown>

function run(args: string[], input?: string) {
  return cli(['helm-release', ...args], input === undefined ? {} : { input })
}

/** One release record (a Secret) holding `manifest`, and optionally hooks, as Helm stores it. */
function secret(manifest: string, hooks: unknown[] = []): string {
  const json = JSON.stringify({ name: 'r', info: { status: 'deployed' }, config: {}, manifest, hooks, version: 1, namespace: 'demo' })
  const helm = gzipSync(Buffer.from(json)).toString('base64')
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'helm.sh/release.v1',
    metadata: {
      name: 'sh.helm.release.v1.r.v1',
      namespace: 'demo',
      labels: { name: 'r', owner: 'helm', status: 'deployed', version: '1' },
    },
    data: { release: Buffer.from(helm).toString('base64') },
  })
}

const SPLIT = (weight: string) =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s\nspec:\n  service: a\n  backends:\n  - service: b\n    weight: 1\n  - service: c\n    weight: ${weight}\n`

/** The text report's finding lines (the summary line left out), as `path:line:col` and the rest. */
function textLines(text: string): string[] {
  return text.trimEnd().split('\n').slice(0, -1)
}

test('--format json --check: a record per line of the text report, with codes; the summary record has the exit code and the summary line', () => {
  const text = run(['--check', WEB, CM])
  const r = run(['--check', '--format', 'json', WEB, CM])
  assert.is(r.status, 1, r.stderr)
  assert.is(r.status, text.status)
  const records = JSON.parse(r.stdout) as Rec[]
  const summary = records.pop()!
  const lines = textLines(text.stdout)
  assert.is(records.length, lines.length)
  records.forEach((x, i) => {
    assert.ok(lines[i]!.startsWith(`${String(x.path)}:${String(x.line)}:${String(x.column)}: `), `${lines[i]} / ${JSON.stringify(x)}`)
    assert.ok(lines[i]!.endsWith(String(x.message)), lines[i])
  })
  assert.equal([...new Set(records.map((x) => x.code))].sort(), ['converted', 'helm-record', 'helm-record-kept', 'helm-release'])
  assert.equal(records.find((x) => x.code === 'helm-release')!.message, 'release demo/web: revisions 1, 2, 3')
  const converted = records.filter((x) => x.code === 'converted')
  assert.is(converted.length, 2)
  assert.equal(
    converted.map((x) => [x.path, x.kind, x.name, x.weightsAfter, x.applied]),
    [
      ['demo/sh.helm.release.v1.web.v2/manifest', 'TrafficSplit', 'web-split', [1000, 500], false],
      ['demo/sh.helm.release.v1.web.v3/manifest', 'TrafficSplit', 'web-split', [1000, 250], false],
    ],
  )
  assert.equal(summary, {
    record: 'summary',
    mode: 'check',
    files: 2,
    changedFiles: 1,
    converted: { TrafficSplit: 2 },
    errors: 0,
    warnings: 0,
    pending: 0,
    exitCode: 1,
    exitReason: 'would-convert',
    message: '2 releases, 4 records: 2 would be rewritten (2 TrafficSplits converted)',
  })
})

test('--format json beside the records: the records on stdout as with text, the report on stderr (applied); errors and hooks', () => {
  const text = run([WEB])
  const r = run(['--format', 'json', WEB])
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, text.stdout, 'the records do not depend on the format')
  const records = JSON.parse(r.stderr) as Rec[]
  const summary = records.pop()!
  assert.ok(records.filter((x) => x.code === 'converted').every((x) => x.applied === true))
  assert.equal([summary.mode, summary.exitCode, summary.exitReason], ['stream', 0, 'converted'])
  assert.is(summary.message, text.stderr.trimEnd().split('\n').at(-1))

  // An error: exit 2, nothing on stdout, the error record on stderr.
  const bad = run(['--format', 'json', '-'], secret(SPLIT('-1')))
  assert.is(bad.status, 2, bad.stderr)
  assert.is(bad.stdout, '')
  const badRecords = JSON.parse(bad.stderr) as Rec[]
  const error = badRecords.find((x) => x.severity === 'error')!
  assert.is(error.path, 'demo/sh.helm.release.v1.r.v1/manifest')
  assert.equal([badRecords.at(-1)!.exitCode, badRecords.at(-1)!.exitReason, badRecords.at(-1)!.errors], [2, 'errors', 1])

  // A hook holding a TrafficSplit is left for a person: pending, exit 1 with --check.
  const hook = run(
    ['--check', '--format', 'json', '-'],
    secret('', [{ name: 'h', kind: 'TrafficSplit', manifest: SPLIT('500m'), events: ['post-delete'] }]),
  )
  assert.is(hook.status, 1, hook.stderr)
  const hookRecords = JSON.parse(hook.stdout) as Rec[]
  assert.equal(
    hookRecords.filter((x) => x.code === 'helm-hook').map((x) => [x.severity, x.pending]),
    [['warning', true]],
  )
  assert.equal([hookRecords.at(-1)!.exitReason, hookRecords.at(-1)!.pending], ['left-for-a-person', 1])
})

test("--format sarif: results with the command's own rules (each documented in docs/helm.md), levels, and locations", () => {
  const r = run(['--check', '--to', 'gateway', '--format', 'sarif', WEB])
  assert.is(r.status, 1, r.stderr)
  const log = JSON.parse(r.stdout) as {
    runs: Array<{
      tool: { driver: { rules: Array<{ id: string; helpUri: string }> } }
      results: Array<{
        ruleId: string
        ruleIndex: number
        level: string
        message: { text: string }
        locations: Array<{ physicalLocation: Rec }>
      }>
    }>
  }
  const run0 = log.runs[0]!
  const ids = run0.tool.driver.rules.map((x) => x.id)
  for (const code of Object.keys(HELM_RELEASE_RULES)) assert.ok(ids.includes(code), code)
  const removed = run0.results.filter((x) => x.ruleId === 'helm-split-removed')
  assert.ok(removed.length > 0)
  for (const x of removed) {
    assert.is(x.level, 'note')
    assert.is(ids[x.ruleIndex], 'helm-split-removed')
    assert.match(x.message.text, /^would remove TrafficSplit web-split/)
  }
  const release = run0.results.find((x) => x.ruleId === 'helm-release')!
  // Relative to the current directory (release records are a cluster's, not a repository's files).
  assert.equal(release.locations[0]!.physicalLocation.artifactLocation, { uri: 'testdata/helm-release/web.json', uriBaseId: '%SRCROOT%' })
  // Each rule links to a section of docs/helm.md that exists.
  const doc = readFileSync('docs/helm.md', 'utf8')
  for (const rule of run0.tool.driver.rules.filter((x) => x.id.startsWith('helm-'))) {
    const anchor = rule.helpUri.split('docs/helm.md#')[1]!
    assert.ok(
      doc.split('\n').some((l) => /^#+ /.test(l) && l.replace(/^#+ /, '').toLowerCase().replace(/ /g, '-') === anchor),
      rule.helpUri,
    )
  }
})

/** A record of release `name` revision `revision` in `namespace`, as `kubectl get secret -A` lists it. */
function nsRecord(namespace: string, revision: number, status: string, manifest: string): Rec {
  const json = JSON.stringify({ name: 'web', info: { status }, config: {}, manifest, version: revision, namespace })
  const helm = gzipSync(Buffer.from(json)).toString('base64')
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'helm.sh/release.v1',
    metadata: {
      name: `sh.helm.release.v1.web.v${revision}`,
      namespace,
      labels: { name: 'web', owner: 'helm', status, version: String(revision) },
    },
    data: { release: Buffer.from(helm).toString('base64') },
  }
}

test('two releases of one name in two namespaces: each record at its own line, each manifest named with its namespace (text, JSON, SARIF)', () => {
  const items = [
    nsRecord('demo', 1, 'superseded', SPLIT('500m')),
    nsRecord('other', 1, 'deployed', SPLIT('250m')),
    nsRecord('demo', 2, 'deployed', SPLIT('750m')),
  ]
  const input = JSON.stringify({ apiVersion: 'v1', kind: 'List', items }, null, 1)
  // Each item's line: where its own metadata.name is, counted in the input (the n-th such line is the n-th item's).
  const lines = input.split('\n')
  const nameLines = lines.flatMap((l, i) => (/"name": "sh\.helm\.release\.v1\.web\.v\d"/.test(l) ? [i + 1] : []))
  assert.is(nameLines.length, 3)
  const [demo1, other1, demo2] = nameLines as [number, number, number]

  const text = run(['--check', '--stdin-filename', 'ab.json', '-'], input)
  assert.is(text.status, 1, text.stderr)
  const at = (line: number) => new RegExp(`^ab\\.json:${line}:\\d+: `)
  const row = (start: string) => text.stdout.split('\n').find((l) => l.includes(start))!
  assert.match(row('release other/web'), at(other1))
  assert.match(row('release demo/web'), at(demo1))
  assert.match(row('sh.helm.release.v1.web.v1 (deployed)'), at(other1))
  assert.match(row('sh.helm.release.v1.web.v1 (superseded)'), at(demo1))
  assert.match(row('sh.helm.release.v1.web.v2 (deployed)'), at(demo2))
  assert.match(row('weights 1, 250m'), /^other\/sh\.helm\.release\.v1\.web\.v1\/manifest:\d+:1: /)
  assert.match(row('weights 1, 750m'), /^demo\/sh\.helm\.release\.v1\.web\.v2\/manifest:\d+:1: /)

  const json = JSON.parse(run(['--check', '--format', 'json', '--stdin-filename', 'ab.json', '-'], input).stdout) as Rec[]
  const where = (code: string, has: string) =>
    json.filter((x) => x.code === code && String(x.message).includes(has)).map((x) => [x.path, x.line])
  // In the order releases first appear: demo's (revision 2 deployed), then other's.
  assert.equal(where('helm-record', '(deployed)'), [
    ['ab.json', demo2],
    ['ab.json', other1],
  ])
  assert.equal(where('helm-release', ''), [
    ['ab.json', demo1],
    ['ab.json', other1],
  ])
  const converted = json.filter((x) => x.code === 'converted').map((x) => `${String(x.path)} ${String(x.message)}`)
  assert.equal(converted.sort(), [
    'demo/sh.helm.release.v1.web.v2/manifest TrafficSplit s: v1alpha1 -> v1alpha2, weights 1, 750m -> 1000, 750',
    'other/sh.helm.release.v1.web.v1/manifest TrafficSplit s: v1alpha1 -> v1alpha2, weights 1, 250m -> 1000, 250',
  ])

  const sarif = JSON.parse(run(['--check', '--format', 'sarif', '--stdin-filename', 'ab.json', '-'], input).stdout) as {
    runs: Array<{
      results: Array<{
        ruleId: string
        locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>
      }>
    }>
  }
  const places = sarif.runs[0]!.results.map(
    (x) => `${x.ruleId} ${x.locations[0]!.physicalLocation.artifactLocation.uri}:${x.locations[0]!.physicalLocation.region.startLine}`,
  )
  assert.ok(places.includes(`helm-record ab.json:${other1}`), places.join('\n'))
  assert.ok(places.includes(`helm-record ab.json:${demo2}`), places.join('\n'))
  assert.ok(
    places.some((p) => p.startsWith('converted other/sh.helm.release.v1.web.v1/manifest:')),
    places.join('\n'),
  )
  assert.ok(
    places.some((p) => p.startsWith('converted demo/sh.helm.release.v1.web.v2/manifest:')),
    places.join('\n'),
  )
})

test("--format: the choices are the table's, listed in --help; another is a usage error", () => {
  const help = run(['--help'])
  for (const name of FORMAT_NAMES) assert.match(help.stdout, new RegExp(`^ +${name} +\\S`, 'm'))
  const bad = run(['--format', 'xml', WEB])
  assert.is(bad.status, 2)
  assert.is(bad.stdout, '')
  assert.is(bad.stderr, `smi-migrate helm-release: --format must be one of ${FORMAT_NAMES.join(', ')}; got "xml"\n`)
})

testWith('sarif-multitool')(
  'the SARIF Multitool (SARIF and GitHub rules) finds no error or warning in the logs helm-release writes',
  () => {
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'smi-helm-sarif-')))
    const logs: Record<string, { args: string[]; input?: string; from: 'stdout' | 'stderr' }> = {
      'check.sarif': { args: ['--check', WEB, CM], from: 'stdout' },
      'print.sarif': { args: [WEB], from: 'stderr' },
      'gateway.sarif': { args: ['--check', '--to', 'gateway', WEB], from: 'stdout' },
      'errors.sarif': { args: ['-'], input: secret(SPLIT('-1')), from: 'stderr' },
      'hook.sarif': {
        args: ['--check', '-'],
        input: secret('', [{ name: 'h', kind: 'TrafficSplit', manifest: SPLIT('500m'), events: [] }]),
        from: 'stdout',
      },
    }
    const files = Object.entries(logs).map(([name, o]) => {
      const r = run(['--format', 'sarif', ...o.args], o.input)
      const file = join(work, name)
      writeFileSync(file, r[o.from])
      JSON.parse(r[o.from])
      return file
    })
    assert.equal(
      validate(files, work).map((c) => `${c.ruleId} ${c.level} ${c.pointer}`),
      [],
    )
    rmSync(work, { recursive: true, force: true })
  },
)

test('--format json on an input error: an error finding and the summary record, exit 2, no record printed; text stays one line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-hr-input-'))
  const bad = join(dir, 'bad.json')
  writeFileSync(bad, '"not a record"\n')
  const cases: Array<[string[], string, RegExp]> = [
    [['--check', bad], 'helm-record-refused', /not an object/],
    [['--check', join(dir, 'missing.json')], 'io', /ENOENT/],
  ]
  for (const [args, code, says] of cases) {
    const r = cli(['helm-release', '--format', 'json', ...args])
    assert.is(r.status, 2, r.stdout + r.stderr)
    const records = JSON.parse(r.stdout) as Array<{ code?: string; severity?: string; message: string; record?: string; exitCode?: number }>
    assert.is(records[0]!.code, code)
    assert.is(records[0]!.severity, 'error')
    assert.match(records[0]!.message, says)
    assert.is(records.at(-1)!.record, 'summary')
    assert.is(records.at(-1)!.exitCode, 2)
    // Beside the records (no --check): the report on stderr, nothing on stdout.
    const printed = cli(['helm-release', '--format', 'json', ...args.slice(1)])
    assert.is(printed.status, 2)
    assert.is(printed.stdout, '')
    assert.is((JSON.parse(printed.stderr) as Array<{ code?: string }>)[0]!.code, code)
  }
  const text = cli(['helm-release', '--check', bad])
  assert.is(text.status, 2)
  assert.ok(text.stderr.startsWith(`smi-migrate helm-release: ${bad}:1:1: error: not an object`), text.stderr)
  rmSync(dir, { recursive: true, force: true })
})

test.run()
