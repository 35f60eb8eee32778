/**
 * `smi-migrate helm-release` (src/helm-release/, docs/helm.md#helm-release-history), end to end
 * through the built binary. The records in testdata/helm-release/ were written by Go
 * (generate.go: encoding/json with Helm's release struct, compress/gzip at BestCompression,
 * encoding/base64, as helm/helm encodeRelease does), and so were the release JSON files each
 * rewritten record must decode to (from manifests converted by hand). gzip bytes differ between
 * zlib builds, so records are compared by what they decode to, decoded here with Node's own
 * base64 and gunzip, independently of the command's decoder.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { stringify } from 'yaml'
import { cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'
import { chooseRevisions } from '../src/helm-release/revisions.js'
import type { ReleaseRecord } from '../src/helm-release/records.js'

const DIR = 'testdata/helm-release'
const fixture = (name: string) => readFileSync(join(DIR, name))
const fixtureJson = (name: string) => JSON.parse(fixture(name).toString('utf8')) as Obj

type Obj = Record<string, any>

const STRICT_BASE64 = /^(?:[A-Z0-9+/]{4})*(?:[A-Z0-9+/]{2}==|[A-Z0-9+/]{3}=)?$/i

/** A record's release JSON, decoded as `base64 -d | base64 -d | gunzip` would (ConfigMap: one base64 layer). */
function decoded(record: Obj): Buffer {
  const data = record.data.release as string
  assert.ok(STRICT_BASE64.test(data), `${record.metadata.name}: data.release is not strict, unwrapped base64`)
  const helm = record.kind === 'Secret' ? Buffer.from(data, 'base64').toString('latin1') : data
  assert.ok(STRICT_BASE64.test(helm), `${record.metadata.name}: the Helm string is not strict, unwrapped base64`)
  const bytes = Buffer.from(helm, 'base64')
  return bytes[0] === 0x1f && bytes[1] === 0x8b && bytes[2] === 0x08 ? gunzipSync(bytes) : bytes
}

function run(args: string[], input?: string | Buffer) {
  return cli(['helm-release', ...args], input === undefined ? {} : { input })
}

/** Records built here as Helm builds them (for the edge cases; gzip from Node's zlib). */
function record(
  json: string | Buffer,
  o: { kind?: 'Secret' | 'ConfigMap'; name?: string; gzip?: boolean; labels?: Obj; rev?: number } = {},
): Obj {
  const kind = o.kind ?? 'Secret'
  const raw = Buffer.from(json)
  const helm = (o.gzip === false ? raw : gzipSync(raw, { level: 9 })).toString('base64')
  const rev = o.rev ?? 1
  return {
    apiVersion: 'v1',
    kind,
    metadata: {
      name: o.name ?? `sh.helm.release.v1.r.v${rev}`,
      namespace: 'demo',
      labels: { name: 'r', owner: 'helm', status: 'deployed', version: String(rev), ...o.labels },
    },
    ...(kind === 'Secret'
      ? { type: 'helm.sh/release.v1', data: { release: Buffer.from(helm).toString('base64') } }
      : { data: { release: helm } }),
  }
}

const release = (manifest: string, extra: Obj = {}) =>
  JSON.stringify({ name: 'r', info: { status: 'deployed' }, config: {}, manifest, version: 1, namespace: 'demo', ...extra })

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s\nspec:\n  service: a\n  backends:\n  - service: b\n    weight: 1\n  - service: c\n    weight: 500m\n'

test('the fixtures decode, with Node alone, to the release JSON Go wrote', () => {
  const web = fixtureJson('web.json')
  for (const item of web.items) assert.ok(decoded(item).equals(fixture(`web.v${item.metadata.labels.version}.release.json`)))
  assert.ok(decoded(fixtureJson('cm.json')).equals(fixture('cm.v1.release.json')))
  assert.ok(decoded(fixtureJson('legacy.json')).equals(fixture('legacy.v1.release.json')))
})

test('nothing to convert: every record comes back unchanged (data and decoded JSON), exit 0', () => {
  const r = run(['testdata/helm-release/cm.json'])
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as Obj
  assert.equal(out, fixtureJson('cm.json'))
  assert.ok(decoded(out).equals(fixture('cm.v1.release.json')))
  assert.match(r.stderr, /nothing to change/)
  const check = run(['--check', 'testdata/helm-release/cm.json'])
  assert.is(check.status, 0, check.stdout)
  assert.match(check.stdout, /sh\.helm\.release\.v1\.cm\.v1 \(deployed\): holds no TrafficSplit; nothing to change/)
})

test('--to v1alpha2: the revisions upgrade and rollback build are converted exactly (1 and 500m), the others kept byte for byte', () => {
  const input = fixtureJson('web.json')
  const r = run(['-'], JSON.stringify(input))
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as Obj
  assert.is(out.kind, 'List')
  assert.is(out.items.length, 3)
  // Revision 1 (superseded) is left alone; 2 (the newest deployed: upgrade's base) and 3 (the last, failed) are rewritten.
  assert.equal(out.items[0], input.items[0])
  assert.ok(decoded(out.items[1]).equals(fixture('web.v2.v1alpha2.release.json')), 'revision 2 decodes to what Go wrote')
  assert.ok(decoded(out.items[2]).equals(fixture('web.v3.v1alpha2.release.json')), 'revision 3 decodes to what Go wrote')
  for (const i of [1, 2]) {
    // Only data.release changed: metadata (labels, name, resourceVersion), type, kind, apiVersion kept.
    assert.equal({ ...out.items[i], data: {} }, { ...input.items[i], data: {} })
    assert.is.not(out.items[i].data.release, input.items[i].data.release)
  }
  assert.match(
    r.stderr,
    /sh\.helm\.release\.v1\.web\.v2 \(deployed\): holds TrafficSplit web-split .*; rewritten: helm upgrade diffs against it \(the newest deployed revision; the last, 3, is failed\)/,
  )
  assert.match(
    r.stderr,
    /sh\.helm\.release\.v1\.web\.v3 \(failed\): .*rewritten: the last revision \(failed\): helm rollback and helm uninstall build it/,
  )
  assert.match(
    r.stderr,
    /sh\.helm\.release\.v1\.web\.v1 \(superseded\): holds TrafficSplit web-split .*left as it is: only a helm rollback to revision 1 builds it/,
  )
  assert.match(
    r.stderr,
    /sh\.helm\.release\.v1\.web\.v2\/manifest:\d+:1: converted TrafficSplit web-split: v1alpha1 -> v1alpha2, weights "1", 500m -> 1000, 500/,
  )
  // A second run over the output changes nothing: every record comes back as it went in.
  const again = run(['-'], r.stdout)
  assert.is(again.status, 0, again.stderr)
  assert.equal(JSON.parse(again.stdout), out)
  assert.match(again.stderr, /nothing to change/)
})

test('--all-revisions also rewrites the revisions only a rollback builds', () => {
  const r = run(['--all-revisions', 'testdata/helm-release/web.json'])
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as Obj
  const json = decoded(out.items[0]).toString('utf8')
  assert.ok(
    json.includes('apiVersion: split.smi-spec.io/v1alpha2') && json.includes('weight: 1000\\n') && json.includes('weight: 500\\n'),
    json,
  )
  assert.ok(
    fixture('web.v1.release.json')
      .toString('utf8')
      .replace(/v1alpha1/, 'v1alpha2')
      .replace(/weight: 1\\n/, 'weight: 1000\\n')
      .replace(/weight: 500m/, 'weight: 500') === json,
  )
})

test('--to gateway removes the TrafficSplit documents from the stored manifests, each reported', () => {
  const r = run(['--to', 'gateway', 'testdata/helm-release/web.json'])
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as Obj
  assert.ok(decoded(out.items[1]).equals(fixture('web.v2.gateway.release.json')))
  assert.ok(decoded(out.items[2]).equals(fixture('web.v3.gateway.release.json')))
  assert.equal(out.items[0], fixtureJson('web.json').items[0])
  const removed = r.stderr.match(
    /removed TrafficSplit web-split \(split\.smi-spec\.io\/v1alpha1, web\/templates\/split\.yaml\): the chart's next render creates its routes/g,
  )
  assert.is(removed?.length, 2, r.stderr)
})

test('a release stored as plain JSON stays plain JSON; YAML input reads as JSON input does', () => {
  const r = run(['testdata/helm-release/legacy.json'])
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as Obj
  const helm = Buffer.from(Buffer.from(out.data.release, 'base64').toString('latin1'), 'base64')
  assert.is(helm[0], 0x7b, 'not gzipped')
  assert.ok(decoded(out).equals(fixture('legacy.v1.v1alpha2.release.json')))
  const yaml = run(['-'], stringify(fixtureJson('web.json')))
  assert.is(yaml.status, 0, yaml.stderr)
  const fromJson = JSON.parse(run(['testdata/helm-release/web.json']).stdout) as Obj
  assert.equal(JSON.parse(yaml.stdout), fromJson)
})

test('odd but valid inputs: a BOM, a release of hooks only (no manifest), several files', () => {
  const bom = run(['-'], Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fixture('cm.json')]))
  assert.is(bom.status, 0, bom.stderr)
  assert.equal(JSON.parse(bom.stdout), fixtureJson('cm.json'))
  // The Helm string wrapped at 76 columns, as `gzip | base64 | base64` of Helm's manual route writes it:
  // read (Go's decoder skips line breaks), kept as it is when unchanged, written unwrapped when rewritten.
  const wrap = (o: Obj) =>
    withData(o, (d) => Buffer.from(Buffer.from(d, 'base64').toString('latin1').replace(/.{76}/g, '$&\n')).toString('base64'))
  const plain = wrap(record(release('apiVersion: v1\nkind: Service\nmetadata:\n  name: a\n')))
  const kept = run(['-'], JSON.stringify(plain))
  assert.is(kept.status, 0, kept.stderr)
  assert.equal(JSON.parse(kept.stdout), plain)
  const rewritten = run(['-'], JSON.stringify(wrap(record(release(SPLIT)))))
  assert.is(rewritten.status, 0, rewritten.stderr)
  const out = JSON.parse(rewritten.stdout) as Obj
  assert.ok(!Buffer.from(out.data.release, 'base64').includes('\n'))
  assert.match(decoded(out).toString('utf8'), /weight: 1000\\n.*weight: 500\\n/)
  // Go leaves an empty manifest out of the JSON (omitempty).
  const hooksOnly = record(JSON.stringify({ name: 'r', info: { status: 'deployed' }, version: 1 }))
  const r = run(['-'], JSON.stringify(hooksOnly))
  assert.is(r.status, 0, r.stderr)
  assert.equal(JSON.parse(r.stdout), hooksOnly)
  // Several inputs: one JSON value each, in order, as kubectl reads a stream.
  const two = run(['testdata/helm-release/cm.json', 'testdata/helm-release/legacy.json'])
  assert.is(two.status, 0, two.stderr)
  const values = JSON.parse(`[${two.stdout.trim().replace(/\n\}\n\{/g, '\n},\n{')}]`) as Obj[]
  assert.equal(
    values.map((v) => v.metadata.name),
    ['sh.helm.release.v1.cm.v1', 'sh.helm.release.v1.legacy.v1'],
  )
})

test('--check lists what each release holds, prints no records, exits 1 when something would change', () => {
  const r = run(['--check', 'testdata/helm-release/web.json', 'testdata/helm-release/cm.json'])
  assert.is(r.status, 1, r.stderr)
  assert.not.match(r.stdout, /"apiVersion"/)
  assert.match(r.stdout, /release demo\/web: revisions 1, 2, 3/)
  assert.match(r.stdout, /release demo\/cm: revisions 1/)
  assert.match(r.stdout, /would be rewritten: helm upgrade diffs against it/)
  assert.match(r.stdout, /would convert TrafficSplit web-split: v1alpha1 -> v1alpha2, weights 1, 250m -> 1000, 250/)
  assert.match(r.stdout, /2 releases, 4 records: 2 would be rewritten \(2 TrafficSplits converted\)\n$/)
  const gateway = run(['--check', '--to', 'gateway', 'testdata/helm-release/web.json'])
  assert.is(gateway.status, 1)
  assert.match(gateway.stdout, /would remove TrafficSplit web-split/)
})

/** The malformed records: each refused with its position, exit 2, nothing on stdout. */
const MALFORMED: Array<[string, () => Obj | string, RegExp]> = [
  [
    'bad base64',
    () => withData(fixtureJson('web.v2.secret.json'), (d) => d.slice(0, 40) + '!' + d.slice(41)),
    /is not valid base64: character "!" at 40/,
  ],
  [
    'URL-safe base64',
    () =>
      withData(record(release(SPLIT), { kind: 'ConfigMap' }), (d) =>
        d
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/^(.{20})./, '$1-'),
      ),
    /is not valid base64: character "-"/,
  ],
  [
    'not gzip, not JSON',
    () => withData(record('x'), () => Buffer.from(Buffer.from('PK\x03\x04 not a release').toString('base64')).toString('base64')),
    /neither gzip \(it does not start with 1f 8b 08: 50 4b 03\) nor JSON/,
  ],
  [
    'truncated gzip',
    () =>
      withData(record(release(SPLIT)), (d) =>
        Buffer.from(Buffer.from(d, 'base64').toString('latin1').slice(0, 40).replace(/=+$/, '').slice(0, 36)).toString('base64'),
      ),
    /gzip data cannot be read: unexpected end of file/,
  ],
  ['gzip of something else', () => record('not json at all'), /the release is not JSON/],
  ['too large', () => record(Buffer.alloc(1024 * 1024, 'a'), { gzip: false }), /over Kubernetes' limit of 1048576/],
  [
    'wrong name',
    () => record(release(SPLIT), { name: 'sh.helm.release.v1.r.v2', labels: { version: '2' } }),
    /the release JSON's version is 1, the record's name says 2/,
  ],
  ['not a record name', () => record(release(SPLIT), { name: 'web-release' }), /the name is not that of a Helm release record/],
  [
    'label mismatch',
    () => record(release(SPLIT), { labels: { status: 'superseded' } }),
    /label status is "superseded", the release JSON's is "deployed"/,
  ],
  [
    'not a record',
    () => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } }),
    /Deployment web: not a Helm release record/,
  ],
  ['not a Helm Secret type', () => ({ ...record(release(SPLIT)), type: 'Opaque' }), /type is "Opaque", not "helm\.sh\/release\.v1"/],
  ['not YAML', () => 'kind: Secret\nmetadata: {name: [\n', /<stdin>:\d+:\d+: error: not YAML/],
]

function withData(o: Obj, f: (d: string) => string): Obj {
  return { ...o, data: { release: f(o.data.release as string) } }
}

for (const [name, make, message] of MALFORMED) {
  test(`a malformed record is refused with its position and nothing printed: ${name}`, () => {
    const made = make()
    const text =
      typeof made === 'string' ? made : JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [fixtureJson('cm.json'), made] }, null, 2)
    for (const args of [['-'], ['--check', '-']]) {
      const r = run(args, text)
      assert.is(r.status, 2, `${name}: ${r.stderr}${r.stdout}`)
      assert.is(r.stdout, '', name)
      assert.match(r.stderr, message)
      assert.match(r.stderr, /^smi-migrate helm-release: <stdin>:\d+:\d+: error: /)
    }
  })
}

test('a record that the conversion would push over 1 MiB leaves its release alone, named; the other releases are printed (exit 1)', () => {
  // Plain JSON (not compressed) sized so the Helm string is just under the limit; the weights grow by a few bytes.
  const manifest = (pad: number) =>
    `---\n${SPLIT.replace('weight: 500m', 'weight: 1u')}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: pad\ndata:\n  x: ${'y'.repeat(pad)}\n`
  // The largest pad whose Helm string (base64 of the JSON: 4 characters per 3 bytes) fits.
  const pad = Math.floor((1024 * 1024) / 4) * 3 - Buffer.byteLength(release(manifest(0)))
  const big = record(release(manifest(pad)), { gzip: false })
  const other = record(release(SPLIT, { name: 'other' }), { name: 'sh.helm.release.v1.other.v1', labels: { name: 'other' } })
  const r = run(['-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [big, other] }))
  assert.is(r.status, 1, r.stderr)
  assert.match(
    r.stderr,
    /warning: sh\.helm\.release\.v1\.r\.v1: the rewritten record's data would be 10485\d\d bytes, over Kubernetes' limit of 1048576 .*; release r is left as it is/,
  )
  const printed = JSON.parse(r.stdout) as Obj
  const items = (printed.items ?? [printed]) as Obj[]
  // Every record is printed, as with any run; the refused release's as it was.
  assert.equal(
    items.map((i) => i.metadata.name),
    ['sh.helm.release.v1.r.v1', 'sh.helm.release.v1.other.v1'],
  )
  assert.is(items[0]!.data.release, big.data.release)
  assert.match(decoded(items[1]!).toString('utf8'), /split\.smi-spec\.io\/v1alpha2/)
})

test('an error in a stored TrafficSplit refuses the run; a hook holding a TrafficSplit is left for a person', () => {
  const bad = run(['-'], JSON.stringify(record(release(SPLIT.replace('500m', '-1')))))
  assert.is(bad.status, 2, bad.stderr)
  assert.is(bad.stdout, '')
  assert.match(bad.stderr, /sh\.helm\.release\.v1\.r\.v1\/manifest:\d+:\d+: error: /)
  const hooks = [{ name: 'h', kind: 'TrafficSplit', manifest: SPLIT, events: ['post-delete'] }]
  const hook = run(['--check', '-'], JSON.stringify(record(release('', { hooks }))))
  assert.is(hook.status, 1, hook.stdout)
  assert.match(hook.stdout, /warning: sh\.helm\.release\.v1\.r\.v1: hook h \(post-delete\) is TrafficSplit s .*hooks are not rewritten/)
})

test('which revision: as helm upgrade, rollback and uninstall pick them', () => {
  const rec = (revision: number, status: string) => ({ revision, status }) as ReleaseRecord
  const pick = (...rs: ReleaseRecord[]) => chooseRevisions(rs, false).chosen.map((c) => c.record.revision)
  assert.equal(pick(rec(1, 'superseded'), rec(2, 'deployed')), [2])
  assert.equal(pick(rec(1, 'deployed'), rec(2, 'failed')), [1, 2])
  assert.equal(pick(rec(1, 'superseded'), rec(2, 'deployed'), rec(3, 'pending-upgrade')), [2, 3])
  assert.equal(pick(rec(1, 'superseded'), rec(2, 'failed')), [2])
  assert.equal(pick(rec(3, 'uninstalling')), [3])
  assert.match(chooseRevisions([rec(1, 'deployed'), rec(2, 'pending-upgrade')], false).notes[0]!, /pending-upgrade: helm upgrade refuses/)
  assert.equal(
    chooseRevisions([rec(1, 'superseded'), rec(2, 'deployed')], true).chosen.map((c) => c.record.revision),
    [1, 2],
  )
})

/** `kubectl create secret|configmap --dry-run=client -o json` with one file as data: what Go's client encodes it to. */
function kubectlData(kind: 'secret' | 'configmap', file: string): string {
  const args = kind === 'secret' ? ['create', 'secret', 'generic', 'x'] : ['create', 'configmap', 'x']
  const k = spawnSync('kubectl', [...args, `--from-file=release=${file}`, '--dry-run=client', '-o', 'json'], { encoding: 'utf8' })
  assert.is(k.status, 0, k.stderr)
  return (JSON.parse(k.stdout) as Obj).data.release as string
}

testWith('kubectl')('kubectl reads the printed records (annotate --local), and encodes their data layers as they are written', () => {
  const dir = tempDir('helm-release')
  try {
    for (const args of [
      ['testdata/helm-release/web.json'],
      ['--to', 'gateway', 'testdata/helm-release/web.json'],
      ['testdata/helm-release/cm.json'],
    ]) {
      const r = run(args)
      assert.is(r.status, 0, r.stderr)
      const file = join(dir, 'out.json')
      writeFileSync(file, r.stdout)
      const a = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'checked=yes', '-o', 'json'], { encoding: 'utf8' })
      assert.is(a.status, 0, a.stderr)
      const printed = JSON.parse(r.stdout) as Obj
      const objects = (printed.items ?? [printed]) as Obj[]
      const annotated = JSON.parse(`[${a.stdout.trim().replace(/\n\}\n\{/g, '\n},\n{')}]`) as Obj[] // one object per item
      assert.equal(
        annotated.map((o) => o.data.release),
        objects.map((o) => o.data.release),
      )
      for (const o of objects) {
        // The Kubernetes layer: kubectl's own encoding of the Helm string is the record's data.
        const secret = o.kind === 'Secret'
        const helm = secret ? Buffer.from(o.data.release, 'base64').toString('latin1') : (o.data.release as string)
        writeFileSync(join(dir, 'helm'), helm)
        if (secret) assert.is(kubectlData('secret', join(dir, 'helm')), o.data.release)
        // Helm's layer: kubectl's base64 of the gzip bytes is the Helm string (standard, unwrapped, padded).
        writeFileSync(join(dir, 'gzip'), Buffer.from(helm, 'base64'))
        assert.is(kubectlData('secret', join(dir, 'gzip')), helm)
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('usage: no input, stdin with files, an unknown --to', () => {
  assert.match(run([]).stderr, /no input: give record files, or - for stdin/)
  assert.is(run([]).status, 2)
  assert.match(run(['-', 'x.json']).stderr, /Cannot read stdin/)
  const empty = run(['--check', '-'], '')
  assert.is(empty.status, 2)
  assert.match(empty.stderr, /the input holds no document \(did kubectl get fail\?\)/)
  const none = run(['--check', '-'], JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [] }))
  assert.is(none.status, 0, none.stderr)
  assert.match(none.stdout, /no Helm release records in the input/)
  const to = run(['--to', 'v1alpha1', '-'])
  assert.is(to.status, 2)
  assert.match(to.stderr, /--to must be one of v1alpha2, v1alpha3, v1alpha4, gateway/)
  const help = run(['--help'])
  assert.is(help.status, 0)
  assert.match(help.stdout, /Usage: smi-migrate helm-release/)
  assert.match(cli(['--help']).stdout, /smi-migrate helm-release --help/)
})

test.run()
