/**
 * A report format is one file and one row of report/formats.ts: src/ is copied to a temporary
 * directory, a made-up format (test/fixtures/formats/csv.ts) is dropped into its report/ and
 * given one row of the table, and the copy is run from source (tsx, as the suites run): the
 * CLI's --help lists it, `--format csv` reports with it, `smi-migrate helm-release --format csv`
 * too, and the Action writes it with `report-files: csv=PATH`. Nothing else of the copy
 * differs from src/ (checked), so nothing else was needed.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { runnerEnv } from './helpers/action.js'
import { GOLDEN } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { nodeEnv } from './helpers/node-env.js'

const COPY = mkdtempSync(join(tmpdir(), 'smi-formats-'))
const SRC = join(COPY, 'src')
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
/** The one row: a name, what it is, and its sink, loaded only when chosen. */
const ROW = `  { name: 'csv', about: 'one CSV row per finding, for spreadsheets', sink: async (c, out) => (await import('./csv.js')).csvSink(c, out) },\n`

test.before(() => {
  cpSync('src', SRC, { recursive: true })
  // version.ts reads the package's version; the dependencies are the checkout's.
  cpSync('package.json', join(COPY, 'package.json'))
  symlinkSync(realpathSync('node_modules'), join(COPY, 'node_modules'))
  // The fixture type-checks in test/fixtures/formats/ against src/report/; in report/ its imports are local.
  const sink = readFileSync('test/fixtures/formats/csv.ts', 'utf8').replaceAll('../../../src/report/', './')
  writeFileSync(join(SRC, 'report', 'csv.ts'), sink)
  const table = join(SRC, 'report', 'formats.ts')
  const text = readFileSync(table, 'utf8')
  const end = text.indexOf('\n]\n', text.indexOf('export const FORMATS'))
  assert.ok(end > 0, 'the FORMATS table ends with a line "]"')
  writeFileSync(table, text.slice(0, end + 1) + ROW + text.slice(end + 1))
})

test.after(() => rmSync(COPY, { recursive: true, force: true }))

/** Runs an entry of the copy (`cli.ts`, `action/main.ts`) from source. */
function runCopy(entry: string, args: string[], o: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return spawnSync(process.execPath, ['--import', TSX, join(SRC, entry), ...args], {
    cwd: o.cwd ?? process.cwd(),
    encoding: 'utf8',
    env: nodeEnv({ NO_COLOR: '1', ...o.env }),
    timeout: 120_000,
  })
}

/** Files of a tree, relative to it. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort()
}

function csvRows(text: string): string[][] {
  assert.ok(text.endsWith('\r\n'), 'CRLF rows')
  // The test's messages hold no quote and no line break: a plain split reads them.
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((r) => r.split(','))
}

const needsChanges = () =>
  tempRepo('smi-formats-repo-', {
    'deploy/split.yaml': readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli', 'input.yaml')),
    'deploy/errors.yaml': readFileSync(join(GOLDEN, 'errors', 'input.yaml')),
  })

test('the copy differs from src/ by the new file and the one row', () => {
  assert.equal(files(SRC), [...files('src'), 'report/csv.ts'].sort())
  for (const f of files('src')) {
    if (f === 'report/formats.ts') continue
    assert.ok(readFileSync(join(SRC, f)).equals(readFileSync(join('src', f))), f)
  }
  const before = readFileSync('src/report/formats.ts', 'utf8').split('\n')
  const after = readFileSync(join(SRC, 'report/formats.ts'), 'utf8').split('\n')
  assert.equal(
    after.filter((l) => !before.includes(l)),
    [ROW.trimEnd()],
  )
  assert.is(after.length, before.length + 1)
})

test('the CLI: --help lists the format, --format csv reports each finding as the JSON report does, an unknown format names it', () => {
  const help = runCopy('cli.ts', ['--help'])
  assert.is(help.status, 0, help.stderr)
  assert.match(help.stdout, /^ +csv +one CSV row per finding, for spreadsheets$/m)

  const dir = needsChanges()
  const r = runCopy('cli.ts', ['--check', '--format', 'csv', '.'], { cwd: dir })
  const json = runCopy('cli.ts', ['--check', '--format', 'json', '.'], { cwd: dir })
  assert.is(r.status, 2, r.stderr)
  assert.is(r.status, json.status)
  const [header, ...rows] = csvRows(r.stdout)
  assert.equal(header, ['path', 'line', 'column', 'severity', 'code', 'message'])
  const records = (JSON.parse(json.stdout) as Record<string, unknown>[]).filter((x) => x.record !== 'summary')
  assert.ok(records.length > 1)
  assert.equal(
    rows.map((x) => x.slice(0, 5)),
    records.map((x) => [x.path, String(x.line ?? 0), String(x.column ?? 0), x.severity, x.code]),
  )
  assert.ok(rows.some((x) => x[4] === 'converted'))

  const bad = runCopy('cli.ts', ['--format', 'xml', '.'], { cwd: dir })
  assert.is(bad.status, 2)
  assert.is(bad.stderr, 'smi-migrate: --format must be one of text, json, sarif, csv; got "xml"\n')
  rmSync(dir, { recursive: true, force: true })
})

test('helm-release --format csv: a row per line of its text report', () => {
  const text = runCopy('cli.ts', ['helm-release', '--check', resolve('testdata/helm-release/web.json')])
  const r = runCopy('cli.ts', ['helm-release', '--check', '--format', 'csv', resolve('testdata/helm-release/web.json')])
  assert.is(r.status, 1, r.stderr)
  assert.is(r.status, text.status)
  const rows = csvRows(r.stdout).slice(1)
  const lines = text.stdout.trimEnd().split('\n').slice(0, -1)
  assert.is(rows.length, lines.length)
  rows.forEach((x, i) => assert.ok(lines[i]!.startsWith(`${x[0]}:${x[1]}:${x[2]}: `), lines[i]))
  assert.ok(rows.some((x) => x[4] === 'helm-record'))
})

test('the Action: report-files takes csv=PATH', () => {
  const dir = needsChanges()
  const { runner, env } = runnerEnv(dir)
  env['INPUT_REPORT-FILES'] = `csv=${join(runner, 'report.csv')}`
  const r = runCopy('action/main.ts', [], { cwd: dir, env })
  assert.is(r.status, 1, r.stdout + r.stderr)
  const cli = runCopy('cli.ts', ['--check', '--format', 'csv', '.'], { cwd: dir })
  assert.is(readFileSync(join(runner, 'report.csv'), 'utf8'), cli.stdout)
  rmSync(dir, { recursive: true, force: true })
  rmSync(runner, { recursive: true, force: true })
})

test.run()
