/**
 * The webhook as a signing oracle: it signs a stash for any review from anyone, so a signed
 * stash proves only that the webhook wrote it for some object of that name. Through the built
 * server: a pod (its own loopback address) has values the tightened schema refuses converted
 * down, and a tenant then writes the v1alpha1 object with that signed stash; what the API
 * server stores must be what the tightened schema admits, and a stash replayed after the
 * object changed restores nothing. Each such stash is counted in /metrics.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { connect, type Socket } from 'node:net'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { type Cli, reviewOf, sample, send, startCli } from './helpers/webhook-cli.js'
import { STASH } from '../src/webhook/round-trip.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '3001', 'ec')
const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-forge-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))

const API_SERVER = '127.0.0.2'
const POD = '127.0.0.9'
const api = (v: string) => `split.smi-spec.io/${v}`

function splitText(version: string, weights: string[], annotations?: Record<string, string>): string {
  const meta = `"name":"web","namespace":"prod"${annotations ? `,"annotations":${JSON.stringify(annotations)}` : ''}`
  const backends = weights.map((w, i) => `{"service":"b${i}","weight":${w}}`).join(',')
  return `{"apiVersion":"${api(version)}","kind":"TrafficSplit","metadata":{${meta}},"spec":{"service":"web","backends":[${backends}]}}`
}

async function convert(cli: Cli, objectText: string, to: string, from = API_SERVER): Promise<any> {
  const r = await send(cli.port, pki!.ca, { body: reviewOf([objectText], api(to)), localAddress: from })
  assert.is(r.status, 200, r.error ?? r.text)
  assert.match(r.text, /"status":"Success"/, r.text.slice(0, 300))
  return (JSON.parse(r.text) as any).response.convertedObjects[0]
}

/** The webhook on a loopback port, signing its stashes with a key of its own. */
async function startSigning(): Promise<Cli> {
  const keyFile = join(dir, 'key')
  writeFileSync(keyFile, 'k'.repeat(48) + '\n')
  return startCli(['--cert', cert!.certFile, '--key', cert!.keyFile, '--stash-key', keyFile, '--port', '0', '--address', '127.0.0.1'])
}

const weightsOf = (o: any): unknown[] => o.spec.backends.map((b: any) => b.weight)
const tokens = (ws: unknown[]) => ws.map((w) => JSON.stringify(w))

it('a stash the webhook signed for anyone restores only weights the tightened schema admits, and only onto the object it was written for', async () => {
  const cli = await startSigning()
  try {
    // 1. Up from v1alpha1 with numbers signed for values the v1alpha2 schema refuses.
    for (const bad of [
      ['0.5', '1'],
      ['-7', '1'],
      ['99999999999999999999999999', '1'],
      ['2147483647', '2147483647'],
    ]) {
      const signed = await convert(cli, splitText('v1alpha2', bad), 'v1alpha1', POD)
      const stash = signed.metadata.annotations[STASH] as string
      const stored = weightsOf(await convert(cli, splitText('v1alpha1', tokens(weightsOf(signed)), { [STASH]: stash }), 'v1alpha2'))
      // What the same write gives without the stash: the weight rule's integers.
      const plain = weightsOf(await convert(cli, splitText('v1alpha1', tokens(weightsOf(signed))), 'v1alpha2'))
      assert.equal(stored, plain, `${bad} restored as ${JSON.stringify(stored)}`)
      assert.not.equal(stored, bad.map(Number))
    }
    // 2. Down into v1alpha1 with quantities its schema refuses (a negative one).
    const up = await convert(cli, splitText('v1alpha1', ['"-7"', '1']), 'v1alpha2', POD)
    const view = await convert(cli, splitText('v1alpha2', tokens(weightsOf(up)), { [STASH]: up.metadata.annotations[STASH] }), 'v1alpha1')
    assert.not.ok(weightsOf(view).includes('-7'), JSON.stringify(weightsOf(view)))
    // 3. A genuine stash restores; replayed after the object changed, it does not.
    const v1 = await convert(cli, splitText('v1alpha2', ['300000', '300000']), 'v1alpha1')
    assert.equal(weightsOf(await convert(cli, JSON.stringify(v1), 'v1alpha2')), [300000, 300000], 'the genuine stash restores')
    const changed = splitText('v1alpha1', ['2', '2'], { [STASH]: v1.metadata.annotations[STASH] })
    assert.equal(weightsOf(await convert(cli, changed, 'v1alpha2')), [2, 2], 'a stale stash restores nothing')
    const q = await convert(cli, splitText('v1alpha1', ['"1"', '"500m"']), 'v1alpha2')
    q.spec.backends[1].weight = 600
    assert.equal(weightsOf(await convert(cli, JSON.stringify(q), 'v1alpha1')), [1000, 600])
    const metrics = (await send(cli.port, pki!.ca, { path: '/metrics' })).text
    assert.is(sample(metrics, 'smi_migrate_webhook_stashes_ignored_total{reason="value"}'), 5, metrics)
    assert.is(sample(metrics, 'smi_migrate_webhook_stashes_ignored_total{reason="stale"}'), 2, metrics)
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

/** The resident set of a process now, in MiB (Linux). */
const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024

it('a flood of distinct forged stashes of 256 KiB leaves the memory bounded; a signature is read only as the server spells it', async () => {
  const cli = await startSigning()
  try {
    const flood = async (from: number, reviews: number) => {
      for (let r = 0; r < reviews; r++) {
        const objects = Array.from({ length: 10 }, (_, i) => {
          const pad = `${from + r * 10 + i}-${'x'.repeat(250_000)}`
          return splitText('v1alpha2', ['500', '1000'], { [STASH]: `v2:${'A'.repeat(43)}:{"pad":"${pad}"}` })
        })
        const a = await send(cli.port, pki!.ca, { body: reviewOf(objects, api('v1alpha1')), localAddress: API_SERVER })
        assert.is(a.status, 200, a.error ?? a.text.slice(0, 200))
      }
    }
    await flood(0, 10)
    const after100 = rssMiB(cli.pid)
    await flood(100, 30)
    const after400 = rssMiB(cli.pid)
    // 300 more stashes of 250 KB: 71 MiB if each were held.
    if (process.env.WEBHOOK_REPORT) console.error(`RSS ${after100.toFixed(0)} → ${after400.toFixed(0)} MiB`)
    assert.ok(after400 - after100 < 40, `RSS ${after100.toFixed(0)} → ${after400.toFixed(0)} MiB over 300 forged stashes`)
    const metrics = (await send(cli.port, pki!.ca, { path: '/metrics' })).text
    assert.is(sample(metrics, 'smi_migrate_webhook_stashes_ignored_total{reason="signature"}'), 400)
    // A genuine stash, its MAC respelled: the last character's spare bits changed, or in base64's
    // alphabet. Both decode to the same 32 bytes; neither verifies.
    const v1 = await convert(cli, splitText('v1alpha2', ['300000', '300000']), 'v1alpha1')
    const genuine = v1.metadata.annotations[STASH] as string
    const last = genuine[45]!
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    const spare = alphabet[alphabet.indexOf(last) ^ 1]!
    const standard = genuine.slice(0, 46).replace(/-/g, '+').replace(/_/g, '/') + genuine.slice(46)
    for (const respelled of [genuine.slice(0, 45) + spare + genuine.slice(46), standard]) {
      if (respelled === genuine) continue
      assert.ok(Buffer.from(respelled.slice(3, 46), 'base64url').equals(Buffer.from(genuine.slice(3, 46), 'base64url')))
      v1.metadata.annotations[STASH] = respelled
      assert.equal(weightsOf(await convert(cli, JSON.stringify(v1), 'v1alpha2')), [1, 1], respelled.slice(0, 50))
    }
    v1.metadata.annotations[STASH] = genuine
    assert.equal(weightsOf(await convert(cli, JSON.stringify(v1), 'v1alpha2')), [300000, 300000])
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

/** CPU seconds a process has used (user + system, /proc/PID/stat; Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

it('a review of 3 MiB of weights like 1e-1000000 and 1e+10000000 costs the CPU of any other review that size', async () => {
  const cli = await startSigning()
  try {
    const reviewOfSize = (weights: string[]) => {
      const objects: string[] = []
      let bytes = 0
      while (bytes < 3 * 1024 * 1024 - 4096) {
        const o = splitText('v1alpha2', weights)
        objects.push(o)
        bytes += o.length + 1
      }
      return reviewOf(objects, api('v1alpha1'))
    }
    const cpuOf = async (body: string) => {
      const before = cpuSeconds(cli.pid)
      const a = await send(cli.port, pki!.ca, { body, localAddress: API_SERVER, timeoutMs: 300_000 })
      assert.is(a.status, 200, a.error ?? a.text.slice(0, 200))
      return cpuSeconds(cli.pid) - before
    }
    const plain = await cpuOf(reviewOfSize(['1.5', '1']))
    const bomb = await cpuOf(reviewOfSize(['1e-1000000', '1e+10000000']))
    if (process.env.WEBHOOK_REPORT) console.error(`CPU: plain ${plain.toFixed(2)} s, bomb ${bomb.toFixed(2)} s`)
    assert.ok(bomb < 3 * plain + 1, `CPU: ${bomb.toFixed(2)} s for the bomb, ${plain.toFixed(2)} s for plain weights`)
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('failed reviews from one address are logged within the same per-address burst as malformed bodies', async () => {
  const cli = await startCli(['--cert', cert!.certFile, '--key', cert!.keyFile, '--port', '0', '--address', '127.0.0.1'])
  try {
    const wrongKind = `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"x"}}`
    for (let i = 0; i < 200; i++) {
      const a = await send(cli.port, pki!.ca, { body: reviewOf([wrongKind], api('v1alpha1'), `u-${i}`), localAddress: POD })
      assert.match(a.text, /"status":"Failure"/)
    }
    const lines = cli.logs.filter((l) => l.includes('"outcome":"failure"'))
    assert.ok(lines.length > 0 && lines.length <= 20, `${lines.length} lines for 200 failed reviews`)
  } finally {
    assert.is((await cli.stop()).code, 0)
  }
})

it('connections that never start their TLS handshake, from many addresses, stop at a count whose memory fits the limit', async () => {
  const cli = await startCli([
    '--cert',
    cert!.certFile,
    '--key',
    cert!.keyFile,
    '--port',
    '0',
    '--address',
    '127.0.0.1',
    '--reserve-for',
    `${API_SERVER}/32`,
  ])
  const sockets: Socket[] = []
  try {
    const before = rssMiB(cli.pid)
    // 1,200 connections, 40 from each of 30 addresses: under any per-address cap.
    const opened = await Promise.all(
      Array.from(
        { length: 1200 },
        (_, i) =>
          new Promise<void>((done) => {
            const s = connect({ host: '127.0.0.1', port: cli.port, localAddress: `127.0.1.${10 + (i % 30)}` })
            sockets.push(s)
            s.on('connect', () => done())
            s.on('error', () => done())
            s.on('close', () => done())
          }),
      ),
    )
    assert.is(opened.length, 1200)
    await new Promise((r) => setTimeout(r, 500))
    const metrics = (await send(cli.port, pki!.ca, { path: '/metrics', localAddress: API_SERVER })).text
    const open = sample(metrics, 'smi_migrate_webhook_connections_open')
    const after = rssMiB(cli.pid)
    if (process.env.WEBHOOK_REPORT) console.error(`${open} open; RSS ${before.toFixed(0)} → ${after.toFixed(0)} MiB`)
    // The worst case the docs state: at most 1,024 open (110 KB each without a handshake).
    assert.ok(open <= 1024, `${open} connections open`)
    assert.ok(sample(metrics, 'smi_migrate_webhook_connections_refused_total{limit="reserved"}') > 0, metrics)
  } finally {
    for (const s of sockets) s.destroy()
    assert.is((await cli.stop()).code, 0)
  }
})

test.run()
