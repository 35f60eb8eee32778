/**
 * What the built webhook restores and how exactly it reads numbers, through the CLI in a child
 * process with a stash key file, the API server's reviews from their own loopback address
 * (127.0.0.2; what a tenant forges arrives inside the objects it sends): integers of any size converted exactly both ways;
 * v1alpha1 views whose weights Linkerd adds up without wrapping (sub-milli weights after the
 * storage migration included); stash annotations restored only when this webhook signed them
 * for this object, with a key it holds (two keys for a rotation), everything else ignored and
 * counted in /metrics; a 5,000-deep forged annotation converts like any other.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { type Cli, reviewOf, sample, send, startCli } from './helpers/webhook-cli.js'
import { STASH } from '../src/webhook/round-trip.js'
import { mac, nestsDeeper, open, parseKeys, seal, sealMemoSize, STASH_MAX_DEPTH } from '../src/webhook/stash.js'
import { createHmac } from 'node:crypto'
import { migrate } from '../src/index.js'
import { admitsNumbers } from '../src/kinds/trafficsplit/objects.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '3001', 'ec')
const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-trust-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))

const KEY_A = 'a'.repeat(20) + 'key-one-for-the-stash-annotation'
const KEY_B = 'b'.repeat(20) + 'key-two-for-the-stash-annotation'
function keyFile(name: string, ...keys: string[]): string {
  const file = join(dir, name)
  writeFileSync(file, keys.join('\n') + '\n')
  return file
}

const API_SERVER = '127.0.0.2'
const api = (v: string) => `split.smi-spec.io/${v}`

async function start(keys: string): Promise<Cli> {
  return startCli(['--cert', cert!.certFile, '--key', cert!.keyFile, '--stash-key', keys, '--port', '0', '--address', '127.0.0.1'])
}

function splitText(version: string, weights: string[], annotations?: Record<string, string>, name = 'web'): string {
  const meta = `"name":"${name}","namespace":"shop","uid":"u-${name}"${annotations ? `,"annotations":${JSON.stringify(annotations)}` : ''}`
  const backends = weights.map((w, i) => `{"service":"b${i}","weight":${w}}`).join(',')
  return `{"apiVersion":"${api(version)}","kind":"TrafficSplit","metadata":{${meta}},"spec":{"service":"web","backends":[${backends}]}}`
}

/** The one converted object of a Success answer, as JSON text cut out of the answer. */
function objectOf(text: string): string {
  assert.match(text, /"result":\{"status":"Success"\}/, text.slice(0, 300))
  return text.slice(text.indexOf('"convertedObjects":[') + '"convertedObjects":['.length, text.lastIndexOf('],"result"'))
}

/** Converts one object (as the API server, from its address) and returns the converted object's text. */
async function convert(cli: Cli, objectText: string, to: string): Promise<string> {
  const r = await send(cli.port, pki!.ca, { body: reviewOf([objectText], api(to)), localAddress: API_SERVER })
  assert.is(r.status, 200, r.error ?? r.text)
  return objectOf(r.text)
}

const weightsOf = (objectText: string): unknown[] => (JSON.parse(objectText) as any).spec.backends.map((b: any) => b.weight)

/** Go's MilliValue() of a v1alpha1 weight (rounded up), for weights of the forms these tests write. */
function milli(w: unknown): bigint {
  if (typeof w === 'number') return BigInt(w) * 1000n
  const m = /^(\d+)([mnu])?$/.exec(String(w))!
  const n = BigInt(m[1]!)
  const per = m[2] === 'm' ? 1n : m[2] === 'u' ? 1000n : m[2] === 'n' ? 1_000_000n : undefined
  return per === undefined ? n * 1000n : (n + per - 1n) / per
}
const U32 = 2n ** 32n - 1n

it('integers above 2^53 are read exactly and converted exactly both ways; no read of such an object fails', async () => {
  const cli = await start(keyFile('exact', KEY_A))
  try {
    // 2^53 + 1 and 3 × (2^53 + 1): through a double their ratio is not 1:3.
    const [a, b] = ['9007199254740993', '27021597764222979']
    const v2 = await convert(cli, splitText('v1alpha1', [a, b]), 'v1alpha2')
    assert.equal(weightsOf(v2), [1, 3])
    // Back down: Linkerd wrapped these weights and the admission policy refuses them, so the
    // record is not restored from; the view's integers, which Linkerd sums, with a note.
    const back = await convert(cli, v2, 'v1alpha1')
    assert.equal(weightsOf(back), [1, 3])
    // Stored as v1alpha2 past 2^53: the v1alpha1 view is what Linkerd sums; the tightened
    // schema admits no such number, so the way back gives the view's integers, not the stash's.
    const big = '18014398509481985'
    const v1 = await convert(cli, splitText('v1alpha2', [big, '18014398509481985']), 'v1alpha1')
    assert.equal(weightsOf(v1), [1, 1])
    assert.equal(weightsOf(await convert(cli, v1, 'v1alpha3')), [1, 1])
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('sub-milli weights after the storage migration come back as v1alpha1 weights Linkerd adds up without wrapping, in the proportions stored', async () => {
  const cli = await start(keyFile('milli', KEY_A))
  try {
    const cases = [
      ['1', '1n'],
      ['19', '1u'],
      ['950m', '50u'],
      ['2147483647n', '1n'],
      ['90n', '10n'],
      ['3', '2', '1n'],
    ]
    for (const ws of cases) {
      // The migration: read as v1alpha2 (the weight rule) and written back; then Linkerd's v1alpha1 read.
      const stored = await convert(
        cli,
        splitText(
          'v1alpha1',
          ws.map((w) => JSON.stringify(w)),
        ),
        'v1alpha2',
      )
      const ints = weightsOf(stored).map((w) => BigInt(w as number))
      const view = weightsOf(await convert(cli, stored, 'v1alpha1'))
      const m = view.map(milli)
      const sum = m.reduce((x, y) => x + y, 0n)
      assert.ok(sum * 10n <= U32, `${ws}: Linkerd's sum ${sum * 10n} wraps (view ${JSON.stringify(view)})`)
      // Each backend's share as Linkerd reads it, against the share the stored integers give.
      const total = ints.reduce((x, y) => x + y, 0n)
      ints.forEach((w, i) => {
        const stored = Number(w) / Number(total)
        const seen = Number(m[i]!) / Number(sum)
        assert.ok(Math.abs(stored - seen) < 0.001, `${ws}: backend ${i} ${seen} vs ${stored} (view ${JSON.stringify(view)})`)
      })
    }
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('v1alpha2 weights the tightened schema admits by their sum (at most 429496729, what Linkerd adds up) come back exactly from v1alpha1; past it the kept numbers are not restored', async () => {
  const cli = await start(keyFile('sum', KEY_A))
  try {
    // Each admitted by the sum, though the count times the largest is past 429496729.
    for (const ws of [
      ['300000000', '100000000'],
      ['429496729', '0'],
      ['214748365', '1'],
      ['200000000', '200000000', '29496729'],
    ]) {
      const v2 = splitText('v1alpha2', ws)
      const v1 = await convert(cli, v2, 'v1alpha1')
      // Linkerd's view of the stored object adds up without wrapping.
      const sum = weightsOf(v1)
        .map((w) => milliOfText(String(w)))
        .reduce((x, y) => x + y, 0n)
      assert.ok(sum * 10n <= U32, `${ws}: ${JSON.stringify(weightsOf(v1))}`)
      assert.equal(weightsOf(await convert(cli, v1, 'v1alpha2')), ws.map(Number), `${ws} back from ${JSON.stringify(weightsOf(v1))}`)
    }
    // Past the sum: the schema refuses them, so their kept numbers are not restored.
    const v1 = await convert(cli, splitText('v1alpha2', ['429496729', '1000']), 'v1alpha1')
    assert.not.equal(weightsOf(await convert(cli, v1, 'v1alpha2')), [429496729, 1000])
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

/** Go's MilliValue() (rounded up) of a weight written as digits, a point and an exponent: worked out here, in decimal. */
function milliOfText(w: string): bigint {
  const m = /^(\d+)(?:\.(\d*))?(?:e(-?\d+)|([num]))?$/.exec(w)
  if (!m) throw new Error(`not a weight these tests write: ${w}`)
  const digits = BigInt(m[1]! + (m[2] ?? ''))
  const exponent = m[4] ? { n: -9, u: -6, m: -3 }[m[4] as 'n' | 'u' | 'm'] : Number(m[3] ?? 0)
  const at = exponent - (m[2] ?? '').length + 3 // the value is digits × 10^(at - 3)
  if (at >= 0) return digits * 10n ** BigInt(at)
  const d = 10n ** BigInt(-at)
  return (digits + d - 1n) / d
}

it('weights finer than 1m: the webhook writes what file mode writes, the proportions Linkerd applied (MilliValue(), rounded up), and after the storage migration Linkerd keeps exactly those shares, its sum unwrapped', async () => {
  const cli = await start(keyFile('nano', KEY_A))
  try {
    // Linkerd read a weight through MilliValue(), which rounds up to whole milli-units
    // (kubernetes/apimachinery@eed236c pkg/api/resource/quantity.go): 1n beside 1 was 1m : 1000m,
    // 95e-11 : 5e-11 was 1m : 1m (not 19:1), 1.0001m was 2m.
    const cases: Array<[string[], number[]]> = [
      [
        ['1', '1n'],
        [1000, 1],
      ],
      [
        ['95e-11', '5e-11'],
        [1, 1],
      ],
      [
        ['1', '0.0000000001'],
        [1000, 1],
      ],
      [
        ['0.3', '0.2', '1e-10'],
        [300, 200, 1],
      ],
      [
        ['0.5n', '0.5n', '1n'],
        [1, 1, 1],
      ],
      [
        ['1', '1.0001m'],
        [1000, 2],
      ],
    ]
    for (const [ws, expected] of cases) {
      const v1 = splitText(
        'v1alpha1',
        ws.map((w) => JSON.stringify(w)),
      )
      const stored = await convert(cli, v1, 'v1alpha2')
      assert.equal(weightsOf(stored), expected, ws.join(' '))
      // File mode reads the same weights the same way (the one rule), as a manifest.
      const file = migrate(`${JSON.stringify(JSON.parse(v1))}\n`, { to: 'v1alpha2' })
      assert.equal(
        JSON.parse(file.output).spec.backends.map((b: { weight: number }) => b.weight),
        expected,
        ws.join(' '),
      )
      assert.match(file.findings.map((f) => f.message).join('\n'), /as Linkerd applied it \(MilliValue\(\), rounded up\)/)
      // The v1alpha2 integers are within the sum the tightened schema admits.
      assert.ok(admitsNumbers(expected), `${ws}: ${JSON.stringify(expected)} within the tightened schema`)
      const before = ws.map(milliOfText)
      // Linkerd's read after the migration, with the stash and with it lost (a key dropped).
      const lost = JSON.parse(stored)
      delete lost.metadata.annotations
      for (const [object, restored] of [
        [stored, true],
        [JSON.stringify(lost), false],
      ] as const) {
        const view = weightsOf(await convert(cli, object, 'v1alpha1'))
        if (restored) assert.equal(view, ws, `${ws}: restored as written`)
        const after = view.map((w) => milliOfText(String(w)))
        const sum = after.reduce((x, y) => x + y, 0n)
        assert.ok(sum * 10n <= U32, `${ws}: Linkerd's sum ${sum * 10n} wraps (view ${JSON.stringify(view)})`)
        // Exactly the shares Linkerd applied before: a_i × b_j = a_j × b_i in milli-units.
        before.forEach((b, i) =>
          before.forEach((c, j) => assert.is(b * after[j]!, c * after[i]!, `${ws}: backends ${i} and ${j} (view ${JSON.stringify(view)})`)),
        )
      }
    }
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('v1alpha1 weights whose integers would add up past what Linkerd sums: the webhook writes them in proportion within 429496729, a non-zero weight never 0, as file mode does for another mesh (for Linkerd it leaves them); the way back gives weights Linkerd sums', async () => {
  const cli = await start(keyFile('bound', KEY_A))
  try {
    // [weights, v1alpha2 integers]: file mode writes the same (above int32 even divided too: one rule).
    const cases: Array<[string[], number[]]> = [
      [
        ['500000', '1n'],
        [429496726, 1],
      ],
      [
        ['429497', '1m'],
        [429496726, 1],
      ],
      [
        ['2G', '2'],
        [429496726, 1],
      ],
      [
        ['2147484', '1n'],
        [429496726, 1],
      ],
      [
        ['1e999', '1'],
        [429496726, 1],
      ],
      [
        ['1n', '1E', '0'],
        [1, 429496725, 0],
      ],
    ]
    for (const [ws, expected] of cases) {
      const v1 = splitText(
        'v1alpha1',
        ws.map((w) => JSON.stringify(w)),
      )
      const stored = await convert(cli, v1, 'v1alpha2')
      const ints = weightsOf(stored) as number[]
      assert.equal(ints, expected, ws.join(' '))
      assert.ok(admitsNumbers(ints), `${ws}: ${JSON.stringify(ints)} within the tightened schema and the policy`)
      ws.forEach((w, i) => assert.is(ints[i]! > 0, !/^0$/.test(w), `${ws}: backend ${i} keeps traffic`))
      // File mode writes where Linkerd may read v1alpha2 integers as whole units (no webhook):
      // their sum is bounded by 429496 there, so these are left for a person; with another mesh
      // named, it writes the webhook's integers.
      const input = `${JSON.stringify(JSON.parse(v1))}\n`
      const file = migrate(input, { to: 'v1alpha2' })
      assert.is(file.output, input, ws.join(' '))
      assert.ok(
        file.findings.some((f) => f.pending && /past 429496 even divided.*smi-migrate webhook/.test(f.message)),
        ws.join(' '),
      )
      const osm = migrate(input, { to: 'v1alpha2', mesh: 'osm' })
      assert.equal(
        JSON.parse(osm.output).spec.backends.map((b: { weight: number }) => b.weight),
        expected,
        ws.join(' '),
      )
      assert.match(osm.findings.map((f) => f.message).join('\n'), /add up past 429496729, what Linkerd adds up without wrapping/)
      // Back down: Linkerd wrapped these quantities and the admission policy refuses them, so
      // the signed record is not restored from (a pod can have any weights signed for any
      // name): the view as milli-quantities Linkerd sums, in the stored proportions.
      assert.equal(
        weightsOf(await convert(cli, stored, 'v1alpha1')),
        ints.map((i) => (i === 0 ? 0 : `${i}m`)),
        `${ws}: not restored`,
      )
    }
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('a stash restores only when this webhook signed it for this object; forged, copied and unsigned ones are ignored and counted; two keys rotate', async () => {
  const fileA = keyFile('a', KEY_A)
  const cli = await start(fileA)
  let genuine: string
  try {
    // The issue's forgery: on a v1alpha2 [100, 0], a stash that gives v1alpha1 ["100", "-5"].
    const forged = JSON.stringify({ weights: { original: ['100', '-5'], converted: [100, 0] } })
    const fromTenant = await convert(cli, splitText('v1alpha2', ['100', '0'], { [STASH]: forged }), 'v1alpha1')
    assert.equal(weightsOf(fromTenant), [100, 0])
    // Numbers no v1alpha2 schema admits, forged for the way up.
    const numbers = JSON.stringify({ numbers: { original: [0.5, 1e21], converted: ['0.5', '1e+21'] } })
    const up = weightsOf(await convert(cli, splitText('v1alpha1', ['"0.5"', '"1e+21"'], { [STASH]: numbers }), 'v1alpha2'))
    assert.ok(
      up.every((w) => Number.isInteger(w) && (w as number) >= 0 && (w as number) <= 2147483647),
      `integers a typed client decodes: ${JSON.stringify(up)}`,
    )
    // Signed with a key this server does not hold.
    const other = parseKeys(KEY_B, 'b')
    const stranger = splitText('v1alpha2', ['100', '0'], {})
    const signedB = seal(other, JSON.parse(stranger), forged)
    assert.equal(weightsOf(await convert(cli, splitText('v1alpha2', ['100', '0'], { [STASH]: signedB }), 'v1alpha1')), [100, 0])
    // A genuine stash, copied onto another object.
    const v2 = await convert(cli, splitText('v1alpha1', ['"1"', '"500m"']), 'v1alpha2')
    genuine = (JSON.parse(v2) as any).metadata.annotations[STASH]
    assert.match(genuine, /^v2:[\w-]{43}:\{/)
    assert.equal(weightsOf(await convert(cli, v2, 'v1alpha1')), ['1', '500m'], 'the genuine stash restores')
    const copied = splitText('v1alpha2', ['1000', '500'], { [STASH]: genuine }, 'other')
    assert.equal(weightsOf(await convert(cli, copied, 'v1alpha1')), [1000, 500])
    // 10 KB nested 5,000 deep: ignored before it is parsed; every hop still converts.
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    for (const [from, to] of [
      ['v1alpha2', 'v1alpha4'],
      ['v1alpha4', 'v1alpha2'],
      ['v1alpha3', 'v1alpha1'],
    ])
      await convert(cli, splitText(from!, ['1', '2'], { [STASH]: deep }), to!)
    const metrics = (await send(cli.port, pki!.ca, { path: '/metrics', localAddress: API_SERVER })).text
    assert.ok(sample(metrics, 'smi_migrate_webhook_stashes_ignored_total{reason="unsigned"}') >= 5, metrics)
    assert.ok(sample(metrics, 'smi_migrate_webhook_stashes_ignored_total{reason="signature"}') >= 2, metrics)
    const lines = cli.logs.filter((l) => l.includes('"msg":"review"') && l.includes('not restored from'))
    assert.ok(lines.length >= 7, `${lines.length} review lines name an ignored stash`)
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
  // Rotation: B signs, A still verifies; a server with B alone ignores A's stashes.
  const rotated = await start(keyFile('ba', KEY_B, KEY_A))
  let signedByB: string
  try {
    const v2 = splitText('v1alpha2', ['1000', '500'], { [STASH]: genuine })
    assert.equal(weightsOf(await convert(rotated, v2, 'v1alpha1')), ['1', '500m'], 'the old key still verifies')
    const again = await convert(rotated, splitText('v1alpha1', ['"1"', '"500m"']), 'v1alpha2')
    signedByB = (JSON.parse(again) as any).metadata.annotations[STASH]
  } finally {
    assert.is((await rotated.stop()).code, 0)
  }
  const onlyB = await start(keyFile('b', KEY_B))
  try {
    assert.equal(weightsOf(await convert(onlyB, splitText('v1alpha2', ['1000', '500'], { [STASH]: signedByB }), 'v1alpha1')), ['1', '500m'])
    assert.equal(weightsOf(await convert(onlyB, splitText('v1alpha2', ['1000', '500'], { [STASH]: genuine }), 'v1alpha1')), [1000, 500])
  } finally {
    assert.is((await onlyB.stop()).code, 0)
  }
})

test('a stash is bounded before it is parsed: depth, size; a key file of one or two long keys; the MAC is HMAC-SHA256', () => {
  const keys = parseKeys(KEY_A, 'k')
  const o = JSON.parse(splitText('v1alpha2', ['1']))
  for (const key of [keys.sign, Buffer.alloc(100, 7)])
    assert.equal(
      mac(key, o, '{"matches":[]}'),
      createHmac('sha256', key)
        .update('smi-migrate.io/conversion-data\0split.smi-spec.io\0TrafficSplit\0shop\0web\0{"matches":[]}')
        .digest(),
    )
  const deep = '{"matches":' + '['.repeat(STASH_MAX_DEPTH + 1) + ']'.repeat(STASH_MAX_DEPTH + 1) + '}'
  assert.ok(nestsDeeper(deep, STASH_MAX_DEPTH))
  assert.equal(open(keys, o, seal(keys, o, deep)), { ignored: 'depth' })
  assert.equal(open(keys, o, seal(keys, o, '"' + 'x'.repeat(300 * 1024) + '"')), { ignored: 'size' })
  assert.equal(open(keys, o, seal(keys, o, '{"matches":[]}')), { json: { matches: [] } })
  // Seals are remembered per key set and per object: the same text for another object, or
  // under rotated keys, is sealed for that object and those keys.
  const p = JSON.parse(splitText('v1alpha2', ['1'], {}, 'other'))
  const rotated = parseKeys(`${KEY_B}\n${KEY_A}`, 'k')
  for (const [k, obj] of [
    [keys, o],
    [keys, p],
    [rotated, o],
    [keys, o],
  ] as const) {
    const sealed = seal(k, obj, '{"matches":[]}')
    assert.is(sealed.slice(3, 46), mac(k.sign, obj, '{"matches":[]}').toString('base64url'))
  }
  assert.not.equal(seal(keys, o, '{"matches":[]}'), seal(keys, p, '{"matches":[]}'))
  assert.equal(open(keys, p, seal(keys, o, '{"matches":[]}')), { ignored: 'signature' })
  // A client chooses the object's name: a name of 100 KB is sealed, and not remembered; the
  // memo stays within its entries whatever is sealed.
  const fresh = parseKeys(`${KEY_A}\n`, 'k')
  for (let i = 0; i < 50; i++) {
    const big = JSON.parse(splitText('v1alpha2', ['1'], {}, `${'n'.repeat(100_000)}${i}`))
    assert.ok('json' in open(fresh, big, seal(fresh, big, '{"matches":[]}')))
  }
  assert.equal(sealMemoSize(fresh), { entries: 0, chars: 0 })
  for (let i = 0; i < 5000; i++) seal(fresh, JSON.parse(splitText('v1alpha2', ['1'], {}, `n${i}`)), `{"w":${i}}`)
  const held = sealMemoSize(fresh)
  assert.ok(held.entries > 0 && held.entries <= 4096 && held.chars <= 4096 * 2 * 1600, JSON.stringify(held))
  assert.throws(() => parseKeys('short', 'k'), /at least 32 characters/)
  assert.throws(() => parseKeys(`${KEY_A}\n${KEY_B}\n${KEY_A}`, 'k'), /one or two keys/)
  assert.throws(() => parseKeys('\n\n', 'k'), /one or two keys/)
})

it('a server given a key file it cannot use does not start, and says why', async () => {
  await startCli(['--cert', cert!.certFile, '--key', cert!.keyFile, '--stash-key', keyFile('short', 'short'), '--port', '0']).then(
    () => assert.unreachable('started'),
    (err: Error) => assert.match(err.message, /short: line 1: a stash key has at least 32 characters/),
  )
})

test.run()
