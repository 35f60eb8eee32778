/**
 * What one client can hold of the webhook (src/webhook/connections.ts, route-convert.ts), over
 * real TLS on the loopback interface: idle connections from one source address beyond
 * maxConnectionsPerAddress are refused while another address is served; the global cap;
 * counted, rate-limited log lines for refusals; a body's declared length taken from the byte
 * budget before any of it is read. Every count and wait is bounded.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { request } from 'node:https'
import { connect as netConnect, type Socket } from 'node:net'
import { connect as tlsConnect } from 'node:tls'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { serve, type ServeOptions, type WebhookServer } from '../src/webhook/server.js'
import { BurstLog, reservedMatcher, Throttled } from '../src/webhook/connections.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '1001', 'ec')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function start(extra: Partial<ServeOptions> = {}): Promise<{ server: WebhookServer; logs: string[] }> {
  const logs: string[] = []
  const server = await serve({
    certFile: cert!.certFile,
    keyFile: cert!.keyFile,
    port: 0,
    address: '127.0.0.1',
    log: (l) => logs.push(l),
    ...extra,
  })
  return { server, logs }
}

const records = (logs: string[], msg: string) => logs.map((l) => JSON.parse(l)).filter((r) => r.msg === msg)

async function waitFor(what: string, ok: () => boolean, ms: number) {
  const end = Date.now() + ms
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(20)
  }
}

/** An idle TCP connection; `closed` turns true when the server closes it. */
function idle(port: number, localAddress = '127.0.0.1'): { socket: Socket; closed: () => boolean; open: Promise<boolean> } {
  let closed = false
  const socket = netConnect({ host: '127.0.0.1', port, localAddress })
  socket.on('error', () => {})
  socket.on('close', () => (closed = true))
  return { socket, closed: () => closed, open: new Promise((r) => socket.once('connect', () => r(true))) }
}

function get(
  port: number,
  path: string,
  localAddress = '127.0.0.1',
  headers: Record<string, string> = {},
  body?: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: body === undefined ? 'GET' : 'POST', ca: pki!.ca, agent: false, localAddress, headers },
      (res) => {
        let text = ''
        res.on('data', (d: Buffer) => (text += d.toString('utf8')))
        res.on('end', () => resolve({ status: res.statusCode!, body: text }))
      },
    )
    req.on('error', reject)
    req.setTimeout(5000, () => req.destroy(new Error('timeout')))
    req.end(body)
  })
}

it('idle connections from one address beyond maxConnectionsPerAddress are refused; another address is served; one counted log line', async () => {
  const { server, logs } = await start({ maxConnectionsPerAddress: 5, maxConnections: 100, handshakeTimeoutMs: 10_000 })
  const held: Array<ReturnType<typeof idle>> = []
  try {
    for (let i = 0; i < 40; i++) held.push(idle(server.port))
    await Promise.all(held.map((h) => h.open))
    await waitFor('the refusals', () => held.filter((h) => h.closed()).length === 35, 5000)
    await sleep(100)
    assert.is(held.filter((h) => !h.closed()).length, 5, 'five stay open')
    const lines = records(logs, 'connection refused')
    assert.is(lines.length, 1, JSON.stringify(lines))
    assert.is(lines[0].limit, 'maxConnectionsPerAddress')
    assert.is(lines[0].remote, '127.0.0.1')
    // A refused connection is not a failed handshake (that line and metric mean a caBundle the
    // API server does not trust).
    assert.is(records(logs, 'TLS handshake failed').length, 0, JSON.stringify(records(logs, 'TLS handshake failed')))
    // 127.0.0.2 is another source address on the loopback interface.
    assert.is((await get(server.port, '/healthz', '127.0.0.2')).status, 200)
    // The address's slots come back when its connections go.
    for (const h of held) h.socket.destroy()
    await sleep(100)
    assert.is((await get(server.port, '/healthz', '127.0.0.1')).status, 200)
  } finally {
    for (const h of held) h.socket.destroy()
    await server.shutdown()
  }
})

it('the global cap refuses beyond maxConnections, from any address, with a counted line', async () => {
  const { server, logs } = await start({ maxConnectionsPerAddress: 100, maxConnections: 6 })
  const held: Array<ReturnType<typeof idle>> = []
  try {
    for (let i = 0; i < 12; i++) held.push(idle(server.port, i % 2 ? '127.0.0.3' : '127.0.0.4'))
    await Promise.all(held.map((h) => h.open))
    await waitFor('the refusals', () => held.filter((h) => h.closed()).length === 6, 5000)
    const lines = records(logs, 'connection refused')
    assert.is(lines.length, 1)
    assert.is(lines[0].limit, 'maxConnections')
  } finally {
    for (const h of held) h.socket.destroy()
    await server.shutdown()
  }
})

it('a declared Content-Length is taken from the byte budget before its body is read: a second one that does not fit is 503 at once', async () => {
  const { server } = await start({ maxBufferedBytes: 1024 * 1024 })
  try {
    // The first client declares 900 KiB and sends nothing of it (over TLS, to hold its budget).
    const tls = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki!.ca })
    await new Promise((r) => tls.once('secureConnect', r))
    tls.write(`POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${900 * 1024}\r\n\r\n`)
    await sleep(200)
    const second = await get(
      server.port,
      '/convert',
      '127.0.0.1',
      { 'Content-Type': 'application/json', 'Content-Length': String(200 * 1024) },
      ' '.repeat(200 * 1024),
    )
    assert.is(second.status, 503)
    tls.destroy()
    await sleep(200)
    // Its budget is back once it went away.
    const third = await get(server.port, '/convert', '127.0.0.1', { 'Content-Type': 'application/json' }, '{}')
    assert.is(third.status, 400)
  } finally {
    await server.shutdown()
  }
})

/** Prometheus text format 0.0.4, read strictly: HELP and TYPE comments, then `name{labels} value` samples. */
function exposition(text: string): Map<string, number> {
  const samples = new Map<string, number>()
  assert.ok(text.endsWith('\n'))
  for (const line of text.slice(0, -1).split('\n')) {
    if (line.startsWith('# HELP ') || line.startsWith('# TYPE ')) continue
    const m = /^([a-z_:][\w:]*(?:\{(?:[a-z_]\w*="[^"\\\n]*",?)*\})?) ([\d.e+-]+|\+Inf)$/i.exec(line)
    assert.ok(m, `not a sample line: ${line}`)
    samples.set(m![1]!, Number(m![2]))
  }
  return samples
}

it('GET /metrics: reviews by outcome and version pair, a latency histogram, connections open and refused, certificate expiry', async () => {
  const { server } = await start({ maxConnectionsPerAddress: 3 })
  const held: Array<ReturnType<typeof idle>> = []
  try {
    const split = (v: string, w: unknown) => ({
      apiVersion: `split.smi-spec.io/${v}`,
      kind: 'TrafficSplit',
      metadata: { name: 'w' },
      spec: { service: 'w', backends: [{ service: 'a', weight: w }] },
    })
    const review = (objects: unknown[], to: string) =>
      JSON.stringify({
        apiVersion: 'apiextensions.k8s.io/v1',
        kind: 'ConversionReview',
        request: { uid: 'u', desiredAPIVersion: to, objects },
      })
    const json = { 'Content-Type': 'application/json' }
    assert.is(
      (await get(server.port, '/convert', '127.0.0.5', json, review([split('v1alpha1', '1')], 'split.smi-spec.io/v1alpha2'))).status,
      200,
    )
    assert.is(
      (await get(server.port, '/convert', '127.0.0.5', json, review([split('v1alpha1', 'abc')], 'split.smi-spec.io/v1alpha3'))).status,
      200,
    )
    assert.is((await get(server.port, '/convert', '127.0.0.5', json, review([{ kind: 'X' }], 'split.smi-spec.io/v1alpha4'))).status, 200)
    assert.is((await get(server.port, '/convert', '127.0.0.5', json, '{')).status, 400)
    for (let i = 0; i < 5; i++) held.push(idle(server.port))
    await waitFor('the refusals', () => held.filter((h) => h.closed()).length === 2, 5000)
    const r = await get(server.port, '/metrics', '127.0.0.6')
    assert.is(r.status, 200)
    const m = exposition(r.body)
    const P = 'smi_migrate_webhook_'
    assert.is(m.get(`${P}reviews_total{outcome="success",from="v1alpha1",to="v1alpha2"}`), 1)
    assert.is(m.get(`${P}reviews_total{outcome="success",from="v1alpha1",to="v1alpha3"}`), 1)
    assert.is(m.get(`${P}reviews_total{outcome="failure",from="other",to="v1alpha4"}`), 1)
    assert.is(m.get(`${P}reviews_total{outcome="rejected",from="none",to="none"}`), 1)
    assert.is(m.get(`${P}notes_total`), 1, 'the weight "abc" written as 0')
    assert.is(m.get(`${P}review_duration_seconds_count`), 4)
    assert.is(m.get(`${P}review_duration_seconds_bucket{le="+Inf"}`), 4)
    const buckets = [...m].filter(([k]) => k.startsWith(`${P}review_duration_seconds_bucket`)).map(([, v]) => v)
    assert.ok(
      buckets.every((v, i) => i === 0 || v >= buckets[i - 1]!),
      'cumulative buckets',
    )
    assert.is(m.get(`${P}connections_refused_total{limit="maxConnectionsPerAddress"}`), 2)
    assert.is(m.get(`${P}connections_refused_total{limit="maxConnections"}`), 0)
    assert.is(m.get(`${P}tls_handshake_failures_total`), 0, 'a refused connection is not a failed handshake')
    assert.ok(m.get(`${P}connections_open`)! >= 4, 'three held and the scrape itself')
    const expiry = m.get(`${P}certificate_expiry_seconds`)!
    assert.ok(expiry > 0 && expiry <= 400 * 86400, String(expiry))
  } finally {
    for (const h of held) h.socket.destroy()
    await server.shutdown()
  }
})

test('a burst of refusals is logged as its first line and one line counting the rest; rejected requests 20 per address per interval, the rest counted', async () => {
  const lines: Array<Record<string, unknown>> = []
  const t = new Throttled((r) => lines.push(r), 'connection refused', 200)
  for (let i = 0; i < 774; i++) t.note({ remote: '127.0.0.9' })
  assert.equal(
    lines.map((l) => l.count),
    [1],
  )
  await sleep(400)
  assert.equal(
    lines.map((l) => l.count),
    [1, 773],
    'the rest of the burst, counted when the interval ends',
  )
  const out: Array<Record<string, unknown>> = []
  const b = new BurstLog((r) => out.push(r), 20, 200)
  for (let i = 0; i < 9998; i++) b.note('127.0.0.9', { msg: 'review', outcome: 'rejected' })
  b.note('127.0.0.2', { msg: 'review', outcome: 'rejected', from: 'api' })
  await sleep(400)
  assert.is(out.filter((r) => r.msg === 'review').length, 21, 'twenty from the flooding address, and the other address')
  const counted = out.filter((r) => r.msg !== 'review').reduce((n, r) => n + (r.count as number), 0)
  assert.is(counted, 9978)
})

test('--reserve-for: addresses in the CIDRs, IPv4 also as IPv4-mapped IPv6; anything but a CIDR refused', () => {
  const m = reservedMatcher(['10.0.0.0/8', '2001:db8::/32'])
  assert.ok(m('10.1.2.3') && m('::ffff:10.1.2.3') && m('2001:db8::1'))
  assert.ok(!m('11.0.0.1') && !m('::ffff:11.0.0.1') && !m('2001:db9::1'))
  for (const bad of ['10.0.0.0', '10.0.0.0/33', 'x/8', '10.0.0.0/a']) assert.throws(() => reservedMatcher([bad]), /not a CIDR/)
})

test.run()
