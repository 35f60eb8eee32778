/**
 * Encodings end to end through the built CLI: UTF-16/32 (with and without BOM), invalid
 * UTF-8, NUL bytes and binary files. Nothing is ever decoded lossily or written; stream
 * mode copies the bytes through unchanged.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Readable, Writable } from 'node:stream'
import type { Finding } from '../src/model.js'
import { migrateStream } from '../src/pipeline/stream.js'
import { cli, tempDir } from './helpers/cli.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: web}\nspec:\n  backends:\n  - {service: a, weight: 500m}\n  - {service: b, weight: "1"}\n'
const CONVERTED = SPLIT.replace('v1alpha1', 'v1alpha2').replace('500m', '500').replace('"1"', '1000')
const CONFIGMAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n'

function encode(text: string, encoding: string, bom: boolean): Buffer {
  const s = (bom ? '\uFEFF' : '') + text
  const units = [...s].map((c) => c.codePointAt(0)!)
  if (encoding.startsWith('UTF-16')) {
    const b = Buffer.from(s, 'utf16le')
    return encoding === 'UTF-16BE' ? b.swap16() : b
  }
  const b = Buffer.alloc(units.length * 4)
  units.forEach((u, i) => (encoding === 'UTF-32BE' ? b.writeUInt32BE(u, i * 4) : b.writeUInt32LE(u, i * 4)))
  return b
}

/** Writes `files`, runs `--write` on the directory, and returns the run and the files' bytes after it. */
function writeRun(files: Record<string, Buffer | string>, args: string[] = ['.']) {
  const dir = tempDir('enc')
  const old = new Date('2020-01-01T00:00:00Z')
  for (const [name, data] of Object.entries(files)) {
    writeFileSync(join(dir, name), data)
    utimesSync(join(dir, name), old, old)
  }
  const r = cli(['--write', ...args], { cwd: dir })
  const after: Record<string, { bytes: Buffer; untouched: boolean }> = {}
  for (const name of Object.keys(files)) {
    after[name] = { bytes: readFileSync(join(dir, name)), untouched: statSync(join(dir, name)).mtimeMs === old.getTime() }
  }
  rmSync(dir, { recursive: true, force: true })
  return { ...r, after }
}

const WIDE = ['UTF-16LE', 'UTF-16BE', 'UTF-32LE', 'UTF-32BE'].flatMap((encoding) => [true, false].map((bom) => ({ encoding, bom })))

async function streamLib(chunks: Buffer[]): Promise<{ out: Buffer; findings: Finding[] }> {
  const out: Buffer[] = []
  const sink = new Writable({
    write: (c: Buffer, _e, done) => {
      out.push(c)
      done()
    },
  })
  const findings: Finding[] = []
  await migrateStream(Readable.from(chunks), sink, { to: 'v1alpha2' }, '<stdin>', (f) => findings.push(f))
  return { out: Buffer.concat(out), findings }
}

test('UTF-16/32 with and without BOM: exit 2 at line:col when it mentions TrafficSplit, else a warning; never written', () => {
  const files: Record<string, Buffer | string> = { 'ok.yaml': SPLIT }
  for (const { encoding, bom } of WIDE) {
    files[`split-${encoding}-${bom}.yaml`] = encode(SPLIT, encoding, bom)
    files[`cm-${encoding}-${bom}.yaml`] = encode(CONFIGMAP, encoding, bom)
  }
  const r = writeRun(files)
  assert.is(r.status, 2, r.stdout)
  for (const { encoding, bom } of WIDE) {
    assert.match(
      r.stdout,
      `split-${encoding}-${bom}.yaml:2:7: error: ${encoding} text mentions TrafficSplit but smi-migrate reads UTF-8 only`,
    )
    assert.match(r.stdout, `cm-${encoding}-${bom}.yaml:1:1: warning: ${encoding} text, not UTF-8; skipped`)
  }
  for (const [name, { bytes, untouched }] of Object.entries(r.after)) {
    if (name === 'ok.yaml') continue
    assert.ok(untouched && bytes.equals(files[name] as Buffer), `${name} was rewritten`)
  }
  assert.is(r.after['ok.yaml']!.bytes.toString('utf8'), CONVERTED, 'the UTF-8 file is still converted')
})

test('UTF-16/32 on stdin: the bytes come out unchanged, exit 2 only when TrafficSplit is mentioned', async () => {
  for (const { encoding, bom } of WIDE) {
    for (const [text, errors] of [
      [SPLIT, 1],
      [CONFIGMAP, 0],
    ] as const) {
      const bytes = encode(text, encoding, bom)
      // Whole, and one byte at a time: the first four bytes decide wherever the chunks end.
      for (const chunks of [[bytes], [...bytes].map((b) => Buffer.from([b]))]) {
        const r = await streamLib(chunks)
        assert.ok(r.out.equals(bytes), `${encoding} ${bom}: stream output differs`)
        assert.is(r.findings.filter((f) => f.severity === 'error').length, errors)
        assert.is(r.findings.length, 1)
      }
    }
  }
  for (const encoding of ['UTF-16LE', 'UTF-32BE']) {
    const bytes = encode(SPLIT, encoding, true)
    const s = cli(['-'], { input: bytes })
    assert.is(s.status, 2)
    assert.ok(s.raw.equals(bytes), 'stream output differs from the input')
    assert.match(s.stderr, `<stdin>:2:7: error: ${encoding} text mentions TrafficSplit`)
  }
})

test('invalid UTF-8 outside any TrafficSplit: those bytes pass through as they are, the split is converted', () => {
  const latin1 = Buffer.concat([Buffer.from('# caf'), Buffer.from([0xe9]), Buffer.from('\n' + CONFIGMAP + '---\n'), Buffer.from(SPLIT)])
  const r = writeRun({ 'mixed.yaml': latin1 })
  assert.is(r.status, 0, r.stdout)
  const expected = Buffer.concat([latin1.subarray(0, latin1.length - SPLIT.length), Buffer.from(CONVERTED)])
  assert.ok(r.after['mixed.yaml']!.bytes.equals(expected), r.after['mixed.yaml']!.bytes.toString('latin1'))
  const s = cli(['-'], { input: latin1 })
  assert.is(s.status, 0)
  assert.ok(s.raw.equals(expected))
})

test('invalid UTF-8 inside a TrafficSplit document: exit 2 at the bad byte, file never written, stream unchanged', () => {
  const bad = Buffer.from(SPLIT.replace('service: b', 'service: b\u0000'), 'utf8')
  const at = bad.indexOf(0)
  bad[at] = 0xff // a byte that is never valid in UTF-8
  const line = bad.subarray(0, at).toString('latin1').split('\n').length
  const column = at - bad.lastIndexOf(10, at) // ASCII before it on its line
  const r = writeRun({ 'bad.yaml': bad })
  assert.is(r.status, 2)
  assert.ok(line > 1)
  assert.match(r.stdout, `bad.yaml:${line}:${column}: error: a document that mentions TrafficSplit is not valid UTF-8`)
  assert.ok(r.after['bad.yaml']!.untouched)
  assert.ok(r.after['bad.yaml']!.bytes.equals(bad))
  const s = cli(['-'], { input: bad })
  assert.is(s.status, 2)
  assert.ok(s.raw.equals(bad))
})

test('a NUL byte in a TrafficSplit: exit 2 at the NUL, never written; stream unchanged', () => {
  const nul = Buffer.from(SPLIT.replace('service: b', 'service: b\u0000'), 'utf8')
  const r = writeRun({ 'nul.yaml': nul })
  assert.is(r.status, 2)
  assert.match(r.stdout, /nul\.yaml:7:16: error: NUL byte: not YAML text, yet it mentions TrafficSplit/)
  assert.ok(r.after['nul.yaml']!.untouched)
  // In a stream only the document with the NUL is refused; the others are converted.
  const input = Buffer.concat([Buffer.from(SPLIT + '---\n'), nul])
  const s = cli(['-'], { input })
  assert.is(s.status, 2)
  assert.match(s.stderr, /<stdin>:15:16: error: NUL byte/)
  assert.ok(s.raw.equals(Buffer.concat([Buffer.from(CONVERTED + '---\n'), nul])))
})

test('binary files matched by a glob: skipped with a warning, never written, others converted', () => {
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0xd8])
  const blob = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.from('...TrafficSplit...'), Buffer.from([0, 0xff])])
  const r = writeRun({ 'logo.png': png, 'tool.bin': blob, 'split.yaml': SPLIT }, ['*'])
  assert.is(r.status, 2, r.stdout)
  assert.match(r.stdout, /logo\.png:3:1: warning: binary file \(NUL byte\); skipped/)
  assert.match(r.stdout, /tool\.bin:1:8: error: NUL byte: not YAML text, yet it mentions TrafficSplit/)
  assert.ok(r.after['logo.png']!.untouched && r.after['tool.bin']!.untouched)
  assert.is(r.after['split.yaml']!.bytes.toString('utf8'), CONVERTED)
  const s = cli(['-'], { input: blob })
  assert.is(s.status, 2)
  assert.ok(s.raw.equals(blob))
})

test('stdin: binary and odd short inputs come back byte for byte', async () => {
  const inputs = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    Buffer.from([0]),
    Buffer.from('a\u0000'),
    Buffer.from('ab'),
    Buffer.from([0xfe, 0xff, 0]),
    Buffer.from([0xff, 0xfe, 0x54, 0]),
    Buffer.from([0, 0, 0]),
    Buffer.alloc(0),
    Buffer.from('a\u0000TrafficSplit'),
  ]
  for (const bytes of inputs) {
    for (const chunks of [[bytes], [...bytes].map((b) => Buffer.from([b]))]) {
      const r = await streamLib(chunks)
      assert.ok(r.out.equals(bytes), `stream changed ${bytes.toString('hex')}`)
    }
  }
})

test.run()
