/**
 * No pod can starve the API server: the built webhook in a child process, run with the args and
 * NODE_OPTIONS of the Deployment that `webhook manifests --reserve-for` writes for the API server's address, every client on its own loopback
 * address. The API server (127.0.0.2) sends its reviews with its retry rules (each review
 * retried up to 10 times, 30 s in all) while pods hold bodies they never finish and send 3 MiB
 * reviews whose answers they never read; every one of its reviews must be answered exactly,
 * and the server's peak RSS must stay under the Deployment's 512 MiB limit. Waits are bounded
 * and no assertion times the server beyond its own timeouts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { connect as netConnect } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { type Cli, reviewOf, sample, send, startCli } from './helpers/webhook-cli.js'
import { webhookObjects } from '../src/webhook/manifests.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '4001', 'ec')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const MAX_BODY = 3 * 1024 * 1024
const LIMIT_MIB = 512
const API_SERVER = '127.0.0.2'

/** The container the manifests write with `--reserve-for` the API server's address. */
function container(): { args: string[]; env: Array<{ name: string; value: string }> } {
  const objects = webhookObjects({ namespace: 'ns', image: 'img', certManager: false, reserveFor: [`${API_SERVER}/32`] })
  return (objects.find((o) => o.kind === 'Deployment') as any).spec.template.spec.containers[0]
}

/** The server as the Deployment runs it: its own args (the mounted files here, any port, loopback) and NODE_OPTIONS. */
async function start(): Promise<Cli> {
  const { args, env } = container()
  const stashKey = join(mkdtempSync(join(tmpdir(), 'smi-starve-')), 'stash.key')
  writeFileSync(stashKey, 'starve-stash-key-starve-stash-key-starve-stash-key\n')
  const files: Record<string, string> = { '--cert': cert!.certFile, '--key': cert!.keyFile, '--stash-key': stashKey, '--port': '0' }
  const local = args.slice(1).map((a, i, all) => files[all[i - 1]!] ?? a)
  assert.ok(local.join(' ').includes(`--reserve-for ${API_SERVER}/32`), local.join(' '))
  return startCli([...local, '--address', '127.0.0.1'], { NODE_OPTIONS: env.find((e) => e.name === 'NODE_OPTIONS')!.value })
}

const split = (i: number) =>
  `{"apiVersion":"split.smi-spec.io/v1alpha1","kind":"TrafficSplit","metadata":{"name":"web-${i}","namespace":"prod","uid":"u-${i}"},"spec":{"service":"web","backends":[{"service":"a","weight":"1"},{"service":"b","weight":"500m"}]}}`

/** A valid review just under 3 MiB (about 16,000 objects). */
function bigReview(): string {
  const one = split(100000).length + 1
  return reviewOf(
    Array.from({ length: Math.floor((MAX_BODY - 1024) / one) }, (_, i) => split(i)),
    'split.smi-spec.io/v1alpha2',
    'big',
  )
}

/**
 * The API server's side: one review, retried as apiextensions-apiserver's webhook client does
 * (10 retries, 30 s deadline); the answer must be the exact conversion.
 */
async function apiReview(cli: Cli, n: number, stop?: { done: boolean }): Promise<{ ok: boolean; tries: number; last: string }> {
  const body = reviewOf([split(n)], 'split.smi-spec.io/v1alpha2', `api-${n}`)
  const deadline = Date.now() + 30_000
  let last = ''
  // With `stop`: no retry once the test is over (its server is stopped).
  for (let tries = 1; tries <= 11 && Date.now() < deadline && !(tries > 1 && stop?.done); tries++) {
    const r = await send(cli.port, pki!.ca, { body, localAddress: API_SERVER, timeoutMs: Math.max(1000, deadline - Date.now()) })
    last = r.error ?? `${r.status} ${r.text.slice(0, 120)}`
    if (r.status === 200) return { ok: /"uid":"api-\d+".*"weight":1000\}.*"weight":500\}.*"status":"Success"/.test(r.text), tries, last }
    await sleep(Math.min(1000, 100 * 2 ** tries))
  }
  return { ok: false, tries: 11, last }
}

/** A pod's connection from `from` that sends `head` and `body` (if any) and never reads what comes back. */
function holder(port: number, from: string, head: string, body?: Buffer): TLSSocket {
  const tcp = netConnect({ host: '127.0.0.1', port, localAddress: from })
  tcp.on('error', () => {})
  const s = tlsConnect({ socket: tcp, servername: 'localhost', ca: pki!.ca })
  s.on('error', () => {})
  s.once('secureConnect', () => {
    s.pause()
    s.write(head)
    if (body) s.write(body)
  })
  return s
}

it('pods that declare 3 MiB bodies and never send them, from one address and from 16, leave the API server its reviews', async () => {
  const cli = await start()
  const held: TLSSocket[] = []
  try {
    const head = `POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY}\r\n\r\n`
    // One pod, 5 connections (the issue's 12 MiB), then 16 pods with 4 each.
    for (let i = 0; i < 5; i++) held.push(holder(cli.port, '127.0.0.3', head, Buffer.alloc(1024, 0x20)))
    for (let p = 0; p < 16; p++)
      for (let i = 0; i < 4; i++) held.push(holder(cli.port, `127.0.0.${10 + p}`, head, Buffer.alloc(1024, 0x20)))
    await sleep(500)
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => apiReview(cli, n)))
    const bad = answers.filter((a) => !a.ok)
    assert.is(bad.length, 0, JSON.stringify(bad.slice(0, 3)))
    const metrics = (await send(cli.port, pki!.ca, { path: '/metrics', localAddress: API_SERVER })).text
    const refused = ['bytes', 'bytesPerAddress', 'reserved'].map((l) =>
      sample(metrics, `smi_migrate_webhook_requests_refused_total{limit="${l}"}`),
    )
    assert.ok(refused.reduce((a, b) => a + b, 0) > 0, `the pods' bodies were refused: ${refused}`)
  } finally {
    for (const s of held) s.destroy()
    assert.is((await cli.stop()).code, 0)
  }
})

it('100 connections that send ~3 MiB reviews and never read the answers: the API server is served, RSS stays under 512 MiB, the connections are dropped', async () => {
  const cli = await start()
  const held: TLSSocket[] = []
  try {
    const body = Buffer.from(bigReview())
    const head = `POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`
    // Ten pods, ten connections each.
    for (let p = 0; p < 10; p++) for (let i = 0; i < 10; i++) held.push(holder(cli.port, `127.0.0.${30 + p}`, head, body))
    await sleep(1000)
    const answers: Array<{ ok: boolean; tries: number; last: string }> = []
    // The API server's reviews keep coming while the answers pile up, and after the drops.
    for (let round = 0; round < 4; round++) {
      answers.push(...(await Promise.all(Array.from({ length: 5 }, (_, n) => apiReview(cli, round * 10 + n)))))
      await sleep(3000)
    }
    const bad = answers.filter((a) => !a.ok)
    assert.is(bad.length, 0, JSON.stringify(bad.slice(0, 3)))
    const metrics = (await send(cli.port, pki!.ca, { path: '/metrics', localAddress: API_SERVER })).text
    assert.ok(
      sample(metrics, 'smi_migrate_webhook_requests_refused_total{limit="unread"}') > 0,
      'connections whose answers were not read were dropped',
    )
  } finally {
    for (const s of held) s.destroy()
    const { code, peakMiB } = await cli.stop()
    assert.is(code, 0)
    if (process.env.WEBHOOK_REPORT) console.error(`peak RSS ${peakMiB.toFixed(1)} MiB`)
    assert.ok(peakMiB > 0 && peakMiB < LIMIT_MIB, `peak RSS ${peakMiB.toFixed(1)} MiB (limit ${LIMIT_MIB})`)
  }
})

/** The CPU milliseconds process `pid` has used (user + system, /proc/PID/stat in clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** What a test saw of an answer: its status (or error) and the first 300 bytes of its body. */
const said = (r: { status: number; text: string; error?: string }) =>
  `status ${r.status}${r.error ? ` (${r.error})` : ''}, ${Buffer.byteLength(r.text)} bytes: ${Buffer.from(r.text).subarray(0, 300).toString()}`

/**
 * `n` decimal digits, the first a 9 (a JSON number has no leading zero), and nothing else: digits
 * taken from String(Math.random()) were not always digits (a value under 1e-6 is written
 * `9.38961956409301e-7`, and 15 of its characters end in the `e`), and about one body in a
 * hundred held a number with an exponent, which no integer bound concerns.
 */
function digitsOf(n: number): string {
  const bytes = randomBytes(n).map((b) => 48 + (b % 10))
  bytes[0] = 57
  return Buffer.from(bytes.buffer, bytes.byteOffset, n).toString('latin1')
}

it('a pod that sends integer weights of millions of digits gets a failed review at once, and the API server keeps being served', async () => {
  const cli = await start()
  const stop = { done: false }
  let apiLoop: Promise<void> | undefined
  const api: Array<Promise<{ ok: boolean; tries: number; last: string }>> = []
  try {
    // 2.9 million digits (a 2.9 MB body, under every byte bound): converting one took 11 to 18 s of one thread.
    const digits = digitsOf(2_900_000)
    assert.ok(/^9\d{2899999}$/.test(digits), 'the weight is 2.9 million digits')
    const hostile = (v: string, w: string) =>
      reviewOf(
        [
          `{"apiVersion":"split.smi-spec.io/${v}","kind":"TrafficSplit","metadata":{"name":"h","namespace":"ns"},"spec":{"service":"s","backends":[{"service":"b","weight":${w}},{"service":"c","weight":1}]}}`,
        ],
        `split.smi-spec.io/${v === 'v1alpha2' ? 'v1alpha1' : 'v1alpha2'}`,
        'hostile',
      )
    const bodies = [
      hostile('v1alpha2', digits.slice(0, 2_900_000)),
      hostile('v1alpha2', `-${digits.slice(0, 1_000_000)}`),
      hostile('v1alpha1', digits.slice(0, 65)),
    ]
    apiLoop = (async () => {
      for (let n = 0; !stop.done; n++) {
        api.push(apiReview(cli, 1000 + n, stop))
        await sleep(100)
      }
    })()
    for (const body of bodies) {
      const cpu = cpuMs(cli.pid)
      const started = Date.now()
      const r = await send(cli.port, pki!.ca, { body, localAddress: '127.0.0.3', timeoutMs: 20_000 })
      const [used, wall] = [cpuMs(cli.pid) - cpu, Date.now() - started]
      if (process.env.WEBHOOK_REPORT) console.error(`${body.length} bytes: answered in ${wall} ms, ${used} ms of the server's CPU`)
      assert.ok(
        r.status === 200 &&
          /"status":"Failure","message":"[^"]*spec\.backends\[0\]\.weight is an integer of \d+ digits: a weight has at most 64"/.test(
            r.text,
          ),
        `a Failure naming the 64-digit bound, not ${said(r)}`,
      )
      // The work is the body's parse, linear: well under a second of CPU (under load, the wall clock is looser).
      assert.ok(used < 1000, `${used} ms of CPU for one review`)
      assert.ok(wall < 5000, `answered in ${wall} ms`)
    }
    // On a quiet machine the three answers come within a few hundred ms: the API server's reviews
    // go on until five were sent, so the check below never rests on one or two.
    while (api.length < 5) await sleep(50)
    stop.done = true
    await apiLoop
    const answers = await Promise.all(api)
    assert.ok(answers.length >= 5, `${answers.length} reviews of the API server`)
    const bad = answers.filter((a) => !a.ok || a.tries > 1)
    assert.is(bad.length, 0, JSON.stringify(bad.slice(0, 3)))
  } finally {
    // Whatever failed: the API server's loop ends (it retries nothing more) before the server stops.
    stop.done = true
    await apiLoop
    const { code } = await cli.stop()
    // Each connection of theirs ends with the server, or at its timeout.
    await Promise.allSettled(api)
    assert.is(code, 0)
  }
})

test.run()
