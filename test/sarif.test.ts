/**
 * `--format sarif` end to end, through the built binary (dist/cli.js) on temporary git
 * repositories: the rules (one per finding code, each linked to a docs/ section that exists),
 * levels, locations (relative to the repository's top level, percent-encoded, no region for a
 * finding about a whole file), fingerprints that survive shifted lines, where the log goes in
 * each mode; and every log the CLI writes, in every mode, validated by Microsoft's SARIF
 * Multitool with the SARIF and GitHub rules (skipped, never passed, where the Multitool's
 * binary cannot run: test/helpers/tools.ts).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ruleTable } from '../src/report/rules.js'
import { targetRules } from '../src/targets/registry.js'
import { GATEWAY_RULES } from '../src/targets/gateway/codes.js'

const RULES = ruleTable(targetRules())
import { cli, GOLDEN } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { validate } from './helpers/sarif-multitool.js'

interface Region {
  startLine: number
  startColumn?: number
}
interface Result {
  ruleId: string
  ruleIndex: number
  level: string
  message: { text: string }
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region?: Region } }>
  partialFingerprints: Record<string, string>
}
interface Rule {
  id: string
  name: string
  shortDescription: { text: string }
  fullDescription: { text: string }
  help: { text: string; markdown: string }
  helpUri: string
}
interface Log {
  version: string
  runs: Array<{
    tool: { driver: { name: string; version: string; informationUri: string; rules: Rule[] } }
    originalUriBaseIds: Record<string, { uri: string }>
    columnKind: string
    results: Result[]
  }>
}

const golden = (name: string) => readFileSync(join(GOLDEN, name, 'input.yaml'))
const VERSION = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
/** A name with a space, non-ASCII letters, `#` and `%`: each must be percent-encoded in the URI. */
const ODD = 'deploy/with space/ünï #1 100%.yaml'
const ODD_URI = 'deploy/with%20space/%C3%BCn%C3%AF%20%231%20100%25.yaml'

/** Conversions, pending warnings, errors, a Helm chart source, and a file with an awkward name. */
function repo(): string {
  return tempRepo('smi-sarif-', {
    'deploy/split.yaml': golden('mixed-notation-one-and-milli'),
    [ODD]: golden('crlf'),
    'deploy/errors.yaml': golden('errors'),
    'deploy/left-alone.yaml': golden('warnings-left-alone'),
    'chart/templates/split.yaml': golden('helm-chart-templated'),
  })
}

/** Runs the CLI and reads the SARIF log from where the mode sends reports. */
function sarif(
  args: string[],
  opts: { cwd?: string; input?: string | Buffer; from?: 'stdout' | 'stderr' } = {},
): { log: Log; status: number | null; stdout: string; text: string } {
  const r = cli(['--format', 'sarif', ...args], opts)
  const text = opts.from === 'stderr' ? r.stderr : r.stdout
  let log: Log
  try {
    log = JSON.parse(text) as Log
  } catch {
    throw new Error(`not JSON on ${opts.from ?? 'stdout'} (exit ${r.status}): ${text.slice(0, 500)}\nstderr: ${r.stderr}`)
  }
  return { log, status: r.status, stdout: r.stdout, text }
}

const results = (log: Log) => log.runs[0]!.results
const uriOf = (r: Result) => r.locations[0]!.physicalLocation.artifactLocation.uri
const fingerprints = (log: Log) => results(log).map((r) => r.partialFingerprints['smiMigrate/v1']!)

/** GitHub's heading anchors of a Markdown file (as test/docs.test.ts computes them). */
function anchors(file: string): Set<string> {
  const out = new Set<string>()
  let fenced = false
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fenced = !fenced
    const m = !fenced && /^ {0,3}#{1,6}\s+(.*?)\s*$/.exec(line)
    if (m)
      out.add(
        m[1]!
          .replace(/[*`]/g, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
          .replace(/ /g, '-'),
      )
  }
  return out
}

test('the driver: name, version, one rule per finding code with descriptions, help and a docs/ section that exists', () => {
  const { log } = sarif(['--check', '-'], { input: '' })
  assert.is(log.version, '2.1.0')
  const driver = log.runs[0]!.tool.driver
  assert.is(driver.name, 'smi-migrate')
  assert.is(driver.version, VERSION)
  assert.match(driver.informationUri, /^https:\/\/github\.com\/[^/]+\/smi-migrate$/)
  assert.equal(
    driver.rules.map((r) => r.id),
    Object.keys(RULES),
    'every code of model.ts FindingCode, in the table order',
  )
  const names = new Set<string>()
  for (const rule of driver.rules) {
    assert.ok(rule.shortDescription.text.endsWith('.') && rule.fullDescription.text.length > rule.shortDescription.text.length / 2, rule.id)
    assert.ok(rule.help.text && rule.help.markdown.includes(rule.helpUri), rule.id)
    // A friendly name in Pascal case that is not the id again (SARIF1001), each its own.
    assert.match(rule.name, /^[A-Z][A-Za-z0-9]+$/, rule.id)
    assert.is.not(rule.name.toLowerCase(), rule.id.toLowerCase(), rule.id)
    assert.not.ok(names.has(rule.name), rule.name)
    names.add(rule.name)
    const m = /^https:\/\/github\.com\/[^/]+\/smi-migrate\/blob\/main\/(docs\/[\w-]+\.md)(?:#([\w-]+))?$/.exec(rule.helpUri)
    assert.ok(m, `${rule.id}: ${rule.helpUri}`)
    if (m![2]) assert.ok(anchors(m![1]!).has(m![2]), `${rule.id}: ${m![1]} has no section #${m![2]}`)
    else assert.ok(readFileSync(m![1]!, 'utf8').length > 0)
  }
  // The codes of --to gateway (the target's own rules) point at docs/gateway.md's table of them.
  const gatewayCodes = Object.keys(GATEWAY_RULES)
  assert.ok(gatewayCodes.length > 20, `${gatewayCodes.length} codes`)
  const gateway = readFileSync('docs/gateway.md', 'utf8')
  for (const code of gatewayCodes) {
    assert.ok(gateway.includes(`| \`${code}\` |`), `docs/gateway.md documents ${code}`)
    assert.ok(driver.rules.find((r) => r.id === code)!.helpUri.endsWith('docs/gateway.md#refused-or-left-alone'), code)
  }
})

test('results: rule ids and indices, levels (error, warning, note; pending is a warning), messages, repo-relative percent-encoded URIs, regions as the text report gives them', () => {
  const dir = repo()
  const { log, status } = sarif(['--check', '.', 'missing.yaml'], { cwd: dir })
  assert.is(status, 2)
  const run = log.runs[0]!
  assert.is(run.columnKind, 'utf16CodeUnits')
  assert.equal(run.originalUriBaseIds, { '%SRCROOT%': { uri: pathToFileURL(realpathSync(dir)).href + '/' } })
  const rules = run.tool.driver.rules
  for (const r of results(log)) assert.is(rules[r.ruleIndex]!.id, r.ruleId)

  // The same findings as --format json, in the same order, at the same lines and columns.
  const json = JSON.parse(cli(['--check', '--format', 'json', '.', 'missing.yaml'], { cwd: dir }).stdout) as Array<{
    code: string
    severity: string
    line?: number
    column?: number
    path: string
    pending?: boolean
  }>
  assert.equal(
    results(log).map((r) => r.ruleId),
    json.filter((f) => !('record' in f)).map((f) => f.code),
  )
  results(log).forEach((r, i) => {
    const f = json[i]!
    assert.is(r.level, f.pending ? 'warning' : { error: 'error', warning: 'warning', info: 'note' }[f.severity], `${f.code} ${f.severity}`)
    assert.equal(r.locations[0]!.physicalLocation.region, f.line ? { startLine: f.line, startColumn: f.column } : undefined, f.code)
    assert.is(r.locations[0]!.physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%')
  })
  const levels = new Set(results(log).map((r) => r.level))
  assert.equal([...levels].sort(), ['error', 'note', 'warning'])
  assert.ok(
    json.some((f) => f.pending),
    'pending warnings are among them',
  )

  const convert = results(log).find((r) => uriOf(r) === 'deploy/split.yaml')!
  assert.equal(
    [convert.ruleId, convert.level, convert.message.text],
    ['converted', 'note', 'would convert TrafficSplit foobar-rollout: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500'],
  )
  assert.ok(
    results(log).some((r) => uriOf(r) === ODD_URI),
    results(log).map(uriOf).join(' '),
  )
  const bad = results(log).find((r) => r.ruleId === 'invalid-weight')!
  assert.equal(
    [bad.level, uriOf(bad), bad.locations[0]!.physicalLocation.region],
    ['error', 'deploy/errors.yaml', { startLine: 8, startColumn: 13 }],
  )
  assert.is(bad.message.text, 'TrafficSplit negative: backend 1 weight "-1" is negative', 'no location or severity label in the message')
  const missing = results(log).find((r) => r.ruleId === 'io')!
  assert.equal(
    missing.locations[0]!.physicalLocation,
    { artifactLocation: { uri: 'missing.yaml', uriBaseId: '%SRCROOT%' } },
    'a whole-file finding has no region',
  )
  rmSync(dir, { recursive: true, force: true })
})

test('URIs: relative to the git top level from a subdirectory, to the current directory outside git; a file outside the root gets a file: URI', () => {
  const dir = repo()
  const sub = sarif(['--check', '.'], { cwd: join(dir, 'deploy') }).log
  assert.ok(
    results(sub).some((r) => uriOf(r) === 'deploy/split.yaml'),
    results(sub).map(uriOf).join(' '),
  )
  assert.ok(results(sub).some((r) => uriOf(r) === ODD_URI))
  assert.is(sub.runs[0]!.originalUriBaseIds['%SRCROOT%']!.uri, pathToFileURL(realpathSync(dir)).href + '/')

  const plain = realpathSync(mkdtempSync(join(tmpdir(), 'smi-sarif-plain-')))
  writeFileSync(join(plain, 'a:b.yaml'), golden('mixed-notation-one-and-milli'))
  const outside = sarif(['--check', 'a:b.yaml', join(dir, 'deploy/split.yaml')], { cwd: plain }).log
  assert.is(outside.runs[0]!.originalUriBaseIds['%SRCROOT%']!.uri, pathToFileURL(plain).href + '/')
  // `a:b.yaml` as a relative reference would be read as scheme `a`: the colon is escaped.
  const locations = results(outside).map((r) => r.locations[0]!.physicalLocation.artifactLocation)
  assert.equal(
    locations.sort((a, b) => a.uri.localeCompare(b.uri)),
    [{ uri: 'a%3Ab.yaml', uriBaseId: '%SRCROOT%' }, { uri: pathToFileURL(join(realpathSync(dir), 'deploy/split.yaml')).href }],
  )
  rmSync(dir, { recursive: true, force: true })
  rmSync(plain, { recursive: true, force: true })
})

test('fingerprints: the same across runs, the same when lines shift, distinct within a run, independent of the mode', () => {
  const dir = repo()
  const first = sarif(['--check', '.'], { cwd: dir }).log
  const again = sarif(['--check', '.'], { cwd: dir }).log
  assert.equal(fingerprints(again), fingerprints(first))
  assert.is(new Set(fingerprints(first)).size, results(first).length, 'no two results of a run share one')
  for (const fp of fingerprints(first)) assert.match(fp, /^[0-9a-f]{32}:\d+$/)

  // Three lines more on top of two files: every line moves, no fingerprint does.
  for (const file of ['deploy/split.yaml', 'deploy/errors.yaml'])
    writeFileSync(join(dir, file), '# one\n# two\n# three\n' + readFileSync(join(dir, file), 'utf8'))
  const shifted = sarif(['--check', '.'], { cwd: dir }).log
  assert.equal(fingerprints(shifted), fingerprints(first))
  const line = (log: Log, uri: string) =>
    results(log)
      .filter((r) => uriOf(r) === uri)
      .map((r) => r.locations[0]!.physicalLocation.region!.startLine)
  assert.equal(
    line(shifted, 'deploy/errors.yaml'),
    line(first, 'deploy/errors.yaml').map((n) => n + 3),
  )
  assert.equal(line(shifted, 'deploy/split.yaml'), [4])

  // "would convert" in --check, "converted" in --write: the same object, the same fingerprint.
  const written = sarif(['--write', 'deploy/split.yaml'], { cwd: dir }).log
  assert.is(results(written)[0]!.message.text.startsWith('converted TrafficSplit'), true)
  assert.is(fingerprints(written)[0], fingerprints(shifted)[results(shifted).findIndex((r) => uriOf(r) === 'deploy/split.yaml')])
  rmSync(dir, { recursive: true, force: true })
})

test('where the log goes: stdout for --check and --write, stderr beside the converted stream or the patch', () => {
  const input = golden('mixed-notation-one-and-milli')
  const stream = cli(['--format', 'sarif', '--stdin-filename', 'rendered/ä b.yaml', '-'], { input })
  assert.is(stream.status, 0)
  assert.is(
    stream.stdout,
    readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/expected.yaml'), 'utf8'),
    'stdout is the converted stream',
  )
  const log = JSON.parse(stream.stderr) as Log
  assert.equal(
    results(log).map((r) => [r.ruleId, uriOf(r), r.message.text.split(':')[0]]),
    [['converted', 'rendered/%C3%A4%20b.yaml', 'converted TrafficSplit foobar-rollout']],
  )

  assert.is(results(sarif(['--check', '-'], { input }).log)[0]!.message.text.split(':')[0], 'would convert TrafficSplit foobar-rollout')

  const dir = repo()
  const diff = cli(['--format', 'sarif', '--diff', 'deploy/split.yaml'], { cwd: dir })
  assert.match(diff.stdout, /^--- a\/deploy\/split\.yaml\n/, 'stdout is the patch')
  assert.is(results(JSON.parse(diff.stderr) as Log)[0]!.ruleId, 'converted')
  rmSync(dir, { recursive: true, force: true })
})

const multitool = testWith('sarif-multitool')

multitool(
  'the SARIF Multitool (SARIF and GitHub rules) finds no error in any log the CLI writes; its one warning is a whole-file finding without a region',
  () => {
    const dir = repo()
    const work = realpathSync(mkdtempSync(join(tmpdir(), 'smi-sarif-validate-')))
    const logs: Record<string, { args: string[]; cwd?: string; input?: Buffer; from?: 'stderr' }> = {
      'check.sarif': { args: ['--check', '.', 'missing.yaml', 'nowhere/**/*.yaml'], cwd: dir },
      'subdir.sarif': { args: ['--check', '.'], cwd: join(dir, 'deploy') },
      'diff.sarif': { args: ['--diff', '.'], cwd: dir, from: 'stderr' },
      'stream.sarif': { args: ['--stdin-filename', 'rendered/ä b.yaml', '-'], input: golden('helm-template-stream'), from: 'stderr' },
      'stream-errors.sarif': { args: ['--check', '-'], input: golden('errors') },
      'gateway.sarif': { args: ['--to', 'gateway', '--check', '-'], input: golden('gateway-name-collision') },
      'empty.sarif': { args: ['--check', '-'], input: Buffer.from('apiVersion: v1\nkind: ConfigMap\n') },
      'write.sarif': { args: ['--write', 'deploy', 'chart'], cwd: dir },
    }
    const byFile = new Map<string, Log>()
    for (const [name, o] of Object.entries(logs)) {
      const { log, text } = sarif(o.args, o)
      writeFileSync(join(work, name), text)
      byFile.set(join(work, name), log)
    }
    assert.ok(results(byFile.get(join(work, 'gateway.sarif'))!).some((r) => r.ruleId === 'name-collision'))

    // The check can fail: a region with column 0 is an error. The broken copy is validated in the
    // same Multitool run (about 1.3 s of CPU a run), its findings told apart by file.
    const brokenFile = join(work, 'broken.sarif')
    const broken = JSON.parse(readFileSync(join(work, 'check.sarif'), 'utf8')) as Log
    results(broken)[0]!.locations[0]!.physicalLocation.region = { startLine: 1, startColumn: 0 }
    writeFileSync(brokenFile, JSON.stringify(broken))
    const all = validate([...byFile.keys(), brokenFile], work)
    const checks = all.filter((c) => c.file !== brokenFile)
    assert.ok(
      checks.every((c) => byFile.has(c.file)),
      checks.map((c) => c.file).join(', '),
    )
    assert.equal(
      checks.filter((c) => c.level === 'error'),
      [],
      'no errors',
    )
    // SARIF2017 asks for a region on every location; a finding about a whole file (a missing
    // path, a glob that matches nothing) has none, by design (SARIF 3.29.4: the whole artifact).
    const warnings = checks.filter((c) => c.level === 'warning')
    for (const w of warnings) {
      assert.is(w.ruleId, 'SARIF2017', w.text)
      const m = /^runs\[0\]\.results\[(\d+)\]\.locations\[0\]\.physicalLocation$/.exec(w.pointer)
      assert.ok(m, w.pointer)
      const result = results(byFile.get(w.file)!)[Number(m![1])]!
      assert.is(result.locations[0]!.physicalLocation.region, undefined, `${w.file}: ${w.pointer}`)
    }
    assert.is(warnings.length, 2, 'the missing path and the glob that matches nothing')

    const caught = all.filter((c) => c.file === brokenFile && c.level === 'error')
    assert.ok(caught.length > 0, 'the Multitool reports the broken log')
    rmSync(dir, { recursive: true, force: true })
    rmSync(work, { recursive: true, force: true })
  },
)

test.run()
