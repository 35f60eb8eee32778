/**
 * Stream mode through the built binary (dist/cli.js), on inputs large enough to exercise
 * the engine's direct descriptor I/O: a multi-MB `kind: List` dump taken item by item, a
 * stdout pipe that is non-blocking (the fallback to Node's streams), a reader that stops
 * early (EPIPE), and a helm-like stream read from a file. Each output is compared with the
 * library's general path, `migrate()`. No test here asserts a duration: the non-blocking
 * test waits for the pipe to fill rather than for a fixed time.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { migrate } from '../src/index.js'
import { nodeEnv } from './helpers/node-env.js'

const BIN = resolve('dist/cli.js')
const dir = mkdtempSync(join(tmpdir(), 'smi-stream-'))

function split(i: number, w1: string, w2: string): string {
  return `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s${i}\n  namespace: prod\nspec:\n  backends:\n  - service: a\n    weight: ${w1}\n  - service: b\n    weight: ${w2}\n  service: s${i}\n`
}
function configMap(i: number): string {
  return `apiVersion: v1\ndata:\n  conf: |\n${'    text that is long enough to make the input a few megabytes\n'.repeat(30)}kind: ConfigMap\nmetadata:\n  name: c${i}\n`
}
const indent = (doc: string) => doc.replace(/\n(?!$)/g, '\n  ').replace(/^/, '- ')

const docs = Array.from({ length: 1500 }, (_, i) => (i % 40 === 3 ? split(i, '500m', '"1"') : configMap(i)))
const LIST = `apiVersion: v1\nitems:\n${docs.map(indent).join('')}kind: List\nmetadata:\n  resourceVersion: ""\n`
const STREAM = docs.map((d, i) => `---\n# Source: chart/templates/t${i}.yaml\n${d}`).join('')

test('a multi-MB kind: List dump through the CLI matches the general path', () => {
  const file = join(dir, 'list.yaml')
  writeFileSync(file, LIST)
  const expected = migrate(LIST)
  assert.ok(expected.changed)
  const r = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" - < "${file}"`], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: nodeEnv(),
  })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, expected.output)
  assert.is(r.stderr.split('\n').filter((l) => l.includes(' converted ')).length, expected.findings.length)
})

test('without a usable TMPDIR the List dump is held in memory, same output', () => {
  const r = spawnSync(process.execPath, [BIN, '-q', '-'], {
    input: LIST,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: nodeEnv({ TMPDIR: join(dir, 'does-not-exist') }),
  })
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, migrate(LIST).output)
})

test('a non-blocking stdout pipe: the CLI falls back to Node streams and loses nothing', async () => {
  // With 2>&1, stdout and stderr share one pipe; the first warning makes Node open stderr,
  // which turns the shared pipe non-blocking. We read slowly, so the pipe fills up and a
  // blocking-write-only CLI would fail with EAGAIN.
  const input = `apiVersion: split.smi.spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: near\n---\n${STREAM}`
  const file = join(dir, 'nonblocking.yaml')
  writeFileSync(file, input)
  const child = spawn('sh', ['-c', `"${process.execPath}" "${BIN}" -q - < "${file}" 2>&1`], { env: nodeEnv() })
  const parts: Buffer[] = []
  child.stdout.pause()
  // Reading slowly, independently of the machine's speed: the paused stream reads ahead up
  // to its high-water mark and stops, so once that much is buffered the CLI is writing and
  // the pipe behind it fills; only then, and a little later, do we start reading. (A fixed
  // delay from spawn, as before, could end before a busy runner had even started the CLI,
  // and the test then passed without a full pipe.)
  const poll = setInterval(() => {
    if (child.stdout.readableLength < child.stdout.readableHighWaterMark && child.exitCode === null) return
    clearInterval(poll)
    setTimeout(() => child.stdout.resume(), 300)
  }, 20)
  child.stdout.on('data', (c: Buffer) => parts.push(c))
  const status = await new Promise((done) => child.on('close', done))
  // The near-miss TrafficSplit is left for a person: stream mode exits 1 (docs/cli.md, "Exit codes").
  assert.is(status, 1)
  const all = Buffer.concat(parts).toString('utf8')
  // -q keeps the summary line, the last one written.
  const summary = /converted \d+ TrafficSplits; 1 warning, 1 left for a person to convert\n$/
  assert.match(all, summary)
  const out = all.replace(summary, '')
  const expected = migrate(input).output
  assert.ok(out.endsWith(expected), 'the converted stream is incomplete or out of order')
  assert.match(out.slice(0, out.length - expected.length), /^<stdin>:1:13: warning: .*split\.smi\.spec\.io[^\n]*\n$/)
})

test('a reader that stops early (EPIPE) ends the run quietly', () => {
  const file = join(dir, 'stream.yaml')
  writeFileSync(file, STREAM)
  const status = join(dir, 'status')
  const r = spawnSync(
    'sh',
    ['-c', `{ "${process.execPath}" "${BIN}" -q - < "${file}"; echo $? > "${status}"; } | head -c 1000 > /dev/null`],
    { encoding: 'utf8', env: nodeEnv() },
  )
  // No EPIPE error, and no summary: the run was cut short.
  assert.is(r.stderr, '')
  assert.is(readFileSync(status, 'utf8').trim(), '0')
})

test('--check - on a List dump reports every conversion and writes no stream', () => {
  const r = spawnSync(process.execPath, [BIN, '--check', '--format', 'json', '-'], {
    input: LIST,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: nodeEnv(),
  })
  assert.is(r.status, 1)
  const findings = (JSON.parse(r.stdout) as { code: string; line: number; record?: string }[]).filter((f) => !f.record)
  const expected = migrate(LIST).findings
  assert.equal(
    findings.map((f) => `${f.code}@${f.line}`),
    expected.map((f) => `${f.code}@${f.line}`),
  )
})

test('a broken JSON List dump read from stdin is refused where the file path refuses it, error for error', () => {
  // The splitter cuts the broken dump into two JSON values; the List reader, falling back to the
  // general path, hands it over cut the same way (testdata/stream/README.md).
  const file = resolve('testdata/stream/broken-json-list.json')
  const flags = ['--check', '--specs-to', 'v1alpha4', '--access-to', 'v1alpha3']
  const f = spawnSync(process.execPath, [BIN, ...flags, file], { encoding: 'utf8', env: nodeEnv() })
  const s = spawnSync(process.execPath, [BIN, ...flags, '-'], { input: readFileSync(file), encoding: 'utf8', env: nodeEnv() })
  // Each error line without its path (the file's, or <stdin>).
  const errors = (out: string) =>
    out
      .split('\n')
      .filter((l) => l.includes(': error: '))
      .map((l) => l.replace(/^.*?:(\d+:\d+: error: )/, '$1'))
  assert.is(f.status, 2)
  assert.is(s.status, 2)
  assert.equal(errors(s.stdout + s.stderr), errors(f.stdout + f.stderr))
  assert.is(errors(f.stdout + f.stderr).length, 2)
})

/** Runs the binary under sh with `redirects` (`< dir`, `> /dev/full`): the descriptors users give it. */
function withRedirects(args: string, redirects: string) {
  return spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} ${redirects}`], { encoding: 'utf8', env: nodeEnv() })
}

for (const args of ['-', '--check -', '--to gateway --port 80 -']) {
  test(`stdin a directory (${args}): one line naming stdin, exit 2, no stack trace`, () => {
    const r = withRedirects(args, `< "${dir}"`)
    assert.is(r.status, 2, r.stderr)
    assert.is(r.stderr, 'smi-migrate: cannot read stdin: EISDIR: illegal operation on a directory, read\n')
  })
}

// /dev/full (every write fails with ENOSPC) is Linux's.
for (const args of process.platform === 'linux' ? ['-', '--to gateway --port 80 -'] : []) {
  test(`stdout full (${args} > /dev/full): one line naming stdout, exit 2, no stack trace`, () => {
    const file = join(dir, 'full.yaml')
    writeFileSync(file, STREAM)
    const r = withRedirects(args, `< "${file}" > /dev/full`)
    assert.is(r.status, 2, r.stderr)
    const last = r.stderr.trimEnd().split('\n').at(-1)
    assert.is(last, 'smi-migrate: cannot write stdout: ENOSPC: no space left on device, write')
    assert.not.match(r.stderr, /internal error|\n {4}at /)
  })
}

test.run()
