/**
 * The webhook's HTTPS server (src/webhook/server.ts, src/webhook/serve-cli.ts) over real TLS on
 * the loopback interface, with certificates `openssl` makes for the run (test/helpers/certs.ts;
 * skipped, and named, where openssl is missing): ConversionReviews shaped as the API server
 * sends them (v1 and v1beta1, several objects, every TrafficSplit version pair and back), the
 * log, the 4xx answers and limits, slow clients, certificate rotation during traffic, and
 * SIGTERM during traffic through the CLI in a child process. No assertion is on a duration
 * beyond the server's own timeouts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { Agent, request } from 'node:https'
import type { IncomingHttpHeaders } from 'node:http'
import { connect as tlsConnect, type TLSSocket } from 'node:tls'
import { connect as netConnect, type Socket } from 'node:net'
import { spawn, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, renameSync, symlinkSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { serve, type ServeOptions, type WebhookServer } from '../src/webhook/server.js'
import { MAX_BODY } from '../src/webhook/review.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const certA: Issued | undefined = pki?.issue('a', '1001', 'rsa')
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** A sleep for Promise.race: it does not keep the process alive. */
const deadline = (ms: number) => new Promise<undefined>((r) => setTimeout(() => r(undefined), ms).unref())

// ---------------------------------------------------------------------------------------------
// Clients

interface Reply {
  status: number
  headers: IncomingHttpHeaders
  body: string
  /** The serial number of the certificate the connection got (upper-case hex). */
  serial?: string
}

interface Call {
  method?: string
  path?: string
  headers?: Record<string, string | number>
  body?: string | Buffer
  /** false (the default): a new connection, a full handshake. */
  agent?: Agent | false
}

function call(port: number, c: Call = {}): Promise<Reply> {
  return new Promise((resolvePromise, reject) => {
    const body = c.body
    const headers: Record<string, string | number> = { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...c.headers }
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: c.method ?? (body !== undefined ? 'POST' : 'GET'),
        path: c.path ?? '/convert',
        headers,
        ca: pki!.ca,
        agent: c.agent ?? false,
      },
      (res) => {
        const serial = (res.socket as TLSSocket).getPeerCertificate?.()?.serialNumber
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () =>
          resolvePromise({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), serial }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** A TLS connection the test drives by hand; `reply` is everything the server sent until it closed. */
interface Raw {
  socket: TLSSocket
  connected: Promise<void>
  reply: Promise<{ text: string; error?: string; closedAt: number }>
  /** What arrived so far. */
  text(): string
  written: number
}

function raw(port: number): Raw {
  const socket = tlsConnect({ host: '127.0.0.1', port, ca: pki!.ca })
  let text = ''
  let error: string | undefined
  const r: Raw = {
    socket,
    written: 0,
    text: () => text,
    connected: new Promise((res, rej) => {
      socket.once('secureConnect', () => res())
      socket.once('error', rej)
    }),
    reply: new Promise((res) => {
      socket.on('data', (d: Buffer) => (text += d.toString('latin1')))
      socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message))
      socket.on('close', () => res({ text, error, closedAt: Date.now() }))
    }),
  }
  r.connected.catch(() => {})
  return r
}

/** The body of one response in `text`, once its Content-Length bytes are there. */
function responseIn(text: string): { status: number; body: string } | undefined {
  const end = text.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const head = text.slice(0, end)
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1] ?? NaN)
  const body = Buffer.from(text.slice(end + 4), 'latin1')
  if (body.length < length) return undefined
  return { status: Number(head.split(' ')[1]), body: body.subarray(0, length).toString('utf8') }
}

// ---------------------------------------------------------------------------------------------
// Reviews, as the API server sends them

const GROUP = 'split.smi-spec.io'
const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'] as const
type V = (typeof VERSIONS)[number]
type Obj = Record<string, any>

/** Two objects per version: their weights, and the ratio between the backends they stand for. */
const WEIGHTS: Record<V, { weights: (string | number)[]; ratio: number[] }[]> = {
  v1alpha1: [
    { weights: ['1', '500m'], ratio: [2, 1] },
    { weights: ['250m', '750m', '0'], ratio: [1, 3, 0] },
  ],
  v1alpha2: [
    { weights: [90, 10], ratio: [9, 1] },
    { weights: [1, 1, 2], ratio: [1, 1, 2] },
  ],
  v1alpha3: [
    { weights: [80, 20], ratio: [4, 1] },
    { weights: [5, 0, 5], ratio: [1, 0, 1] },
  ],
  v1alpha4: [
    { weights: [70, 30], ratio: [7, 3] },
    { weights: [1, 2, 3], ratio: [1, 2, 3] },
  ],
}

let uids = 0
const uid = () => `7c1f0e2a-0000-4000-8000-${String(++uids).padStart(12, '0')}`

function split(v: V, which: number, name = `web-${v}-${which}`): { object: Obj; ratio: number[] } {
  const { weights, ratio } = WEIGHTS[v][which]!
  const spec: Obj = { service: name, backends: weights.map((w, i) => ({ service: `${name}-v${i + 1}`, weight: w })) }
  if (v === 'v1alpha3') spec.matches = [{ kind: 'HTTPRouteGroup', name: `${name}-routes` }]
  if (v === 'v1alpha4') spec.matches = [{ kind: 'HTTPRouteGroup', name: `${name}-routes`, apiGroup: 'specs.smi-spec.io' }]
  const object = {
    apiVersion: `${GROUP}/${v}`,
    kind: 'TrafficSplit',
    metadata: {
      name,
      namespace: 'prod',
      uid: uid(),
      resourceVersion: String(1000 + uids),
      generation: 3,
      creationTimestamp: '2024-05-01T10:00:00Z',
      labels: { app: name },
      annotations: { 'kubectl.kubernetes.io/last-applied-configuration': `{"kind":"TrafficSplit","metadata":{"name":"${name}"}}\n` },
      managedFields: [
        {
          manager: 'kubectl-client-side-apply',
          operation: 'Update',
          apiVersion: `${GROUP}/${v}`,
          time: '2024-05-01T10:00:00Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { 'f:service': {} } },
        },
      ],
    },
    spec,
  }
  return { object, ratio }
}

function review(reviewVersion: 'v1' | 'v1beta1', to: string, objects: Obj[], id = uid()): string {
  return JSON.stringify({
    apiVersion: `apiextensions.k8s.io/${reviewVersion}`,
    kind: 'ConversionReview',
    request: { uid: id, desiredAPIVersion: to, objects },
  })
}

/** A weight as a number: an integer, or a quantity like 500m. */
function weightValue(w: unknown): number {
  if (typeof w === 'number') return w
  const m = /^(\d+)(m?)$/.exec(String(w))
  assert.ok(m, `not a weight this test reads: ${JSON.stringify(w)}`)
  return Number(m![1]) / (m![2] ? 1000 : 1)
}

/** A successful response to `body`, whose objects are `originals` at `to`: the converted objects. */
function checkReview(reply: Reply, body: string, originals: { object: Obj; ratio: number[] }[], to: string): Obj[] {
  const sent = JSON.parse(body)
  assert.is(reply.status, 200, reply.body)
  assert.match(String(reply.headers['content-type']), /^application\/json/)
  const got = JSON.parse(reply.body)
  assert.is(got.apiVersion, sent.apiVersion)
  assert.is(got.kind, 'ConversionReview')
  assert.is(got.response.uid, sent.request.uid)
  assert.equal(got.response.result, { status: 'Success' }, reply.body.slice(0, 500))
  const converted: Obj[] = got.response.convertedObjects
  assert.is(converted.length, originals.length)
  converted.forEach((c, i) => {
    const { object: o, ratio } = originals[i]!
    assert.is(c.apiVersion, to)
    assert.is(c.kind, 'TrafficSplit')
    // metadata exactly, apart from annotations the webhook may add (its own prefix only)
    const { annotations: ca = {}, ...cm } = c.metadata
    const { annotations: oa = {}, ...om } = o.metadata
    assert.equal(cm, om)
    for (const [k, v] of Object.entries(oa)) assert.is(ca[k], v)
    for (const k of Object.keys(ca)) if (!(k in oa)) assert.match(k, /^smi-migrate\.io\//)
    assert.is(c.spec.service, o.spec.service)
    assert.equal(
      c.spec.backends.map((b: Obj) => b.service),
      o.spec.backends.map((b: Obj) => b.service),
    )
    const w = c.spec.backends.map((b: Obj) => weightValue(b.weight))
    if (to !== `${GROUP}/v1alpha1`) w.forEach((x: number) => assert.ok(Number.isInteger(x), `integer weights at ${to}`))
    for (let a = 0; a < w.length; a++)
      for (let b = 0; b < w.length; b++)
        assert.is(w[a] * ratio[b]!, w[b] * ratio[a]!, `weights ${JSON.stringify(w)} keep the ratio ${ratio}`)
    if (to.endsWith('v1alpha3') || to.endsWith('v1alpha4')) {
      if (o.spec.matches) assert.equal(c.spec.matches, o.spec.matches)
    } else assert.not.ok('matches' in c.spec)
  })
  return converted
}

// ---------------------------------------------------------------------------------------------
// Servers

async function start(extra: Partial<ServeOptions> = {}, cert: Issued = certA!): Promise<{ server: WebhookServer; logs: string[] }> {
  const logs: string[] = []
  const server = await serve({
    certFile: cert.certFile,
    keyFile: cert.keyFile,
    port: 0,
    address: '127.0.0.1',
    log: (l) => logs.push(l),
    ...extra,
  })
  return { server, logs }
}

const records = (logs: string[], msg?: string) => logs.map((l) => JSON.parse(l) as Obj).filter((r) => msg === undefined || r.msg === msg)

async function waitFor(what: string, cond: () => boolean, ms = 5000) {
  const until = Date.now() + ms
  while (!cond()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

// ---------------------------------------------------------------------------------------------

it('start-up: an unreadable or invalid certificate or key is an error naming the file, before listening', async () => {
  const other = pki!.issue('other', '1999')
  const garbage = join(pki!.dir, 'garbage.pem')
  writeFileSync(garbage, 'not a certificate\n')
  const missing = join(pki!.dir, 'missing.pem')
  const cases: [string, string, RegExp][] = [
    [missing, certA!.keyFile, /^cannot read certificate file .*missing\.pem: ENOENT/],
    [certA!.certFile, missing, /^cannot read key file .*missing\.pem: ENOENT/],
    [garbage, certA!.keyFile, /^certificate file .*garbage\.pem: not a PEM certificate/],
    [certA!.certFile, garbage, /^key file .*garbage\.pem: not a usable PEM private key/],
    [certA!.keyFile, certA!.keyFile, /^certificate file .*a\.key: not a PEM certificate/],
    [certA!.certFile, other.keyFile, /^key file .*other\.key does not hold the private key of the certificate in .*a\.crt/],
  ]
  for (const [certFile, keyFile, re] of cases) {
    const logs: string[] = []
    let err: Error | undefined
    await serve({ certFile, keyFile, port: 0, address: '127.0.0.1', log: (l) => logs.push(l) }).then(
      (s) => s.shutdown(),
      (e: Error) => (err = e),
    )
    assert.ok(err, `${certFile} + ${keyFile} must fail`)
    assert.match(err!.message, re)
    assert.equal(logs, [], 'nothing listened')
  }
})

it('TLS 1.2 at least; the certificate is the one given', async () => {
  const { server } = await start()
  try {
    const old = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki!.ca, maxVersion: 'TLSv1.1', minVersion: 'TLSv1' })
    const failed = await new Promise<boolean>((res) => {
      old.once('secureConnect', () => res(false))
      old.once('error', () => res(true))
    })
    old.destroy()
    assert.ok(failed, 'a TLS 1.1 client is refused')
    for (const v of ['TLSv1.2', 'TLSv1.3'] as const) {
      const s = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki!.ca, minVersion: v, maxVersion: v })
      await new Promise<void>((res, rej) => {
        s.once('secureConnect', () => res())
        s.once('error', rej)
      })
      assert.is(s.getPeerCertificate().serialNumber, certA!.serial)
      s.destroy()
    }
  } finally {
    await server.shutdown()
  }
})

it('every TrafficSplit version pair, both directions, v1 and v1beta1 reviews of several objects, and back again', async () => {
  const { server, logs } = await start()
  const agent = new Agent({ keepAlive: true, maxSockets: 4 })
  let sent = 0
  try {
    for (const reviewVersion of ['v1', 'v1beta1'] as const) {
      for (const from of VERSIONS) {
        for (const to of VERSIONS) {
          if (from === to) continue
          const originals = [split(from, 0), split(from, 1), split(from, 0, `api-${from}`)]
          const body = review(
            reviewVersion,
            `${GROUP}/${to}`,
            originals.map((o) => o.object),
          )
          const converted = checkReview(await call(server.port, { body, agent }), body, originals, `${GROUP}/${to}`)
          // And back: the API server converts on every read and write; the trip must not flap.
          const back = review(reviewVersion, `${GROUP}/${from}`, converted)
          const reply = await call(server.port, { body: back, agent })
          sent += 2
          assert.is(reply.status, 200)
          assert.equal(
            JSON.parse(reply.body).response.convertedObjects,
            originals.map((o) => o.object),
            `${from} → ${to} → ${from}`,
          )
        }
      }
    }
    // One review of all four versions at once, to each version.
    for (const to of VERSIONS) {
      const originals = VERSIONS.flatMap((v) => [split(v, 0), split(v, 1)]).filter((o) => o.object.apiVersion !== `${GROUP}/${to}`)
      const body = review(
        'v1',
        `${GROUP}/${to}`,
        originals.map((o) => o.object),
      )
      checkReview(await call(server.port, { path: '/convert?timeout=30s', body, agent }), body, originals, `${GROUP}/${to}`)
      sent++
    }
  } finally {
    agent.destroy()
    await server.shutdown()
  }
  // One JSON line per review, with what the API server asked.
  const reviews = records(logs, 'review')
  assert.is(reviews.length, sent)
  for (const r of reviews) {
    assert.ok(typeof r.time === 'string' && !Number.isNaN(Date.parse(r.time)))
    assert.match(r.uid, /^7c1f0e2a-/)
    assert.equal(r.kinds, ['TrafficSplit'])
    assert.ok(Array.isArray(r.from) && r.from.every((f: string) => f.startsWith(`${GROUP}/`)))
    assert.match(r.to, new RegExp(`^${GROUP}/v1alpha[1-4]$`))
    assert.ok(r.count >= 3)
    assert.is(r.outcome, 'success')
    assert.is(r.status, 200)
    assert.ok(typeof r.durationMs === 'number' && r.durationMs >= 0)
  }
  assert.equal(
    records(logs)
      .map((r) => r.msg)
      .filter((m) => m !== 'review'),
    // Started without --stash-key: the warning comes first.
    ['no --stash-key: stashes are signed with a key made at start', 'listening', 'shutting down', 'stopped'],
  )
})

it('a review that cannot convert fails as a whole, with a 200 and a Failure result', async () => {
  const { server, logs } = await start()
  try {
    const good = split('v1alpha1', 0)
    // A negative weight is answered now (written as 0, noted); an object of another kind is not.
    const bad = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'bad' } }
    const body = review('v1', `${GROUP}/v1alpha2`, [good.object, bad])
    const reply = await call(server.port, { body })
    assert.is(reply.status, 200)
    const got = JSON.parse(reply.body)
    assert.is(got.response.uid, JSON.parse(body).request.uid)
    assert.is(got.response.result.status, 'Failure')
    assert.match(got.response.result.message, /bad/)
    assert.equal(got.response.convertedObjects ?? [], [])
  } finally {
    await server.shutdown()
  }
  const [r] = records(logs, 'review')
  assert.is(r!.outcome, 'failure')
  assert.ok(r!.reason)
})

it('a log line stays short whatever the review holds (long names, many versions)', async () => {
  const { server, logs } = await start()
  try {
    const objects: Obj[] = Array.from({ length: 1500 }, (_, i) => ({
      ...split('v1alpha1', 0).object,
      apiVersion: `junk.example/v${i}-${'x'.repeat(300)}`,
    }))
    objects.unshift({ ...split('v1alpha1', 0, 'n'.repeat(100_000)).object })
    const reply = await call(server.port, { body: review('v1', `${GROUP}/v1alpha2`, objects, 'u'.repeat(5000)) })
    assert.is(reply.status, 200)
    assert.is(JSON.parse(reply.body).response.result.status, 'Failure')
  } finally {
    await server.shutdown()
  }
  const line = logs.find((l) => JSON.parse(l).msg === 'review')!
  assert.ok(line.length < 8000, `${line.length} characters`)
  const r = JSON.parse(line)
  assert.is(r.count, 1501)
  assert.is(r.from.length, 11)
  assert.match(r.from.at(-1), /^… \d+ more$/)
  assert.match(r.uid, /^u{200}… \(5000 characters\)$/)
})

it('health and readiness; 404 and 405 with a short JSON reason', async () => {
  const { server, logs } = await start()
  try {
    const j = (r: Reply) => JSON.parse(r.body)
    let r = await call(server.port, { path: '/healthz' })
    assert.is(r.status, 200)
    r = await call(server.port, { path: '/readyz' })
    assert.is(r.status, 200)
    assert.ok(server.ready)
    r = await call(server.port, { path: '/healthz', method: 'HEAD' })
    assert.is(r.status, 200)
    r = await call(server.port, { path: '/' })
    assert.is(r.status, 404)
    assert.match(j(r).error, /no such path/)
    r = await call(server.port, { path: '/convert/../etc/passwd' })
    assert.is(r.status, 404)
    r = await call(server.port, { path: '/convert' })
    assert.is(r.status, 405)
    assert.is(r.headers.allow, 'POST')
    assert.match(j(r).error, /POST/)
    r = await call(server.port, { path: '/convert', method: 'PUT', body: '{}' })
    assert.is(r.status, 405)
    r = await call(server.port, { path: '/healthz', method: 'POST', body: '{}' })
    assert.is(r.status, 405)
    assert.is(r.headers.connection, 'close', 'a body the server does not read ends the connection')
    r = await call(server.port, { path: '/readyz', method: 'DELETE' })
    assert.is(r.status, 405)
  } finally {
    await server.shutdown()
  }
  assert.equal(records(logs, 'review'), [], 'only /convert logs reviews')
})

it('415 for a wrong content type, 400 for a body that is not a review, before or without converting', async () => {
  const { server, logs } = await start()
  const ok = review('v1', `${GROUP}/v1alpha2`, [split('v1alpha1', 0).object])
  try {
    const expect = async (status: number, c: Call, re: RegExp) => {
      const r = await call(server.port, c)
      assert.is(r.status, status, `${JSON.stringify(c.headers)} ${String(c.body).slice(0, 40)}: ${r.body}`)
      assert.match(JSON.parse(r.body).error, re)
    }
    await expect(415, { body: ok, headers: { 'Content-Type': 'text/plain' } }, /application\/json/)
    await expect(415, { body: ok, headers: { 'Content-Type': 'application/yaml' } }, /application\/json/)
    await expect(415, { body: ok, headers: { 'Content-Type': 'application/json; charset=iso-8859-1' } }, /utf-8/)
    await expect(415, { body: ok, headers: { 'Content-Type': 'application/jsonx' } }, /application\/json/)
    const none = await call(server.port, { method: 'POST', body: Buffer.from(ok), headers: { 'Content-Type': '' } })
    assert.is(none.status, 415)
    for (const ct of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset="UTF-8"']) {
      assert.is((await call(server.port, { body: ok, headers: { 'Content-Type': ct } })).status, 200, ct)
    }
    await expect(400, { body: '{"apiVersion":' }, /not JSON/)
    await expect(400, { body: '' }, /./)
    await expect(400, { body: '[]' }, /./)
    await expect(400, { body: '{"apiVersion":"v1","kind":"Pod"}' }, /ConversionReview/)
    await expect(400, { body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]) }, /UTF-8/)
    // Nesting: JSON.parse copes, JSON.stringify and structuredClone recurse; the server stops it first.
    await expect(400, { body: '['.repeat(100_000) }, /deeper than 100 levels/)
    // 100 levels pass the bound (and fail as what they are: not a review).
    await expect(400, { body: '['.repeat(100) + ']'.repeat(100) }, /not a JSON object/)
    const fifty = split('v1alpha2', 0).object
    fifty.spec.extra = JSON.parse('['.repeat(50) + ']'.repeat(50))
    assert.is((await call(server.port, { body: review('v1', `${GROUP}/v1alpha2`, [fifty]) })).status, 200)
    const deep = split('v1alpha2', 0).object
    deep.spec.extra = JSON.parse('['.repeat(100) + ']'.repeat(100))
    await expect(400, { body: review('v1', `${GROUP}/v1alpha2`, [deep]) }, /deeper than 100 levels/)
    // Brackets inside strings are not nesting.
    const quoted = split('v1alpha1', 0)
    quoted.object.metadata.annotations.note = '[{'.repeat(5000) + '\\"'
    const quotedBody = review('v1', `${GROUP}/v1alpha2`, [quoted.object])
    checkReview(await call(server.port, { body: quotedBody }), quotedBody, [quoted], `${GROUP}/v1alpha2`)
  } finally {
    await server.shutdown()
  }
  const rejected = records(logs, 'review').filter((r) => r.outcome === 'rejected')
  assert.is(rejected.length, 13)
  for (const r of rejected) assert.ok(r.reason && (r.status === 400 || r.status === 415))
})

it('413: a declared body above MAX_BODY is refused unread; a chunked one is cut off at MAX_BODY; MAX_BODY itself is read', async () => {
  const { server, logs } = await start()
  try {
    // Declared too large: the answer comes before a byte of the body is sent.
    const declared = raw(server.port)
    await declared.connected
    declared.socket.write(
      `POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY + 1}\r\n\r\n`,
    )
    const d = await declared.reply
    assert.match(d.text, /^HTTP\/1\.1 413 /)
    assert.match(responseIn(d.text)!.body, /larger than 3145728 bytes/)

    // A client that writes its whole (4 MiB) body before it reads still gets the 413, not a reset.
    const naive = raw(server.port)
    await naive.connected
    naive.socket.write(
      `POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${4 * 1024 * 1024}\r\n\r\n`,
    )
    naive.socket.pause()
    await new Promise<void>((res) => naive.socket.write(Buffer.alloc(4 * 1024 * 1024, 0x20), () => res()))
    naive.socket.resume()
    const n = await naive.reply
    assert.match(n.text, /^HTTP\/1\.1 413 /, `${n.error}`)

    // Chunked, without end: the server answers 413 at the limit and stops reading; the client
    // can only get as far as the socket buffers hold, not its 64 MiB.
    const chunked = raw(server.port)
    await chunked.connected
    chunked.socket.write(
      'POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
    )
    const piece = Buffer.alloc(64 * 1024, 0x20)
    const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
    let open = true
    chunked.reply.then(() => (open = false))
    while (open && chunked.written < 64 * 1024 * 1024) {
      const drained = chunked.socket.write(frame)
      chunked.written += piece.length
      if (!drained) await Promise.race([new Promise((r) => chunked.socket.once('drain', r)), chunked.reply, deadline(2000)])
      if (!drained && chunked.socket.writableNeedDrain) break // the server stopped reading
    }
    const c = await Promise.race([chunked.reply, deadline(5000)])
    chunked.socket.destroy()
    assert.ok(c, 'the server closed the connection')
    assert.match(c!.text, /^HTTP\/1\.1 413 /)
    // (3.2 MB here: MAX_BODY and a socket buffer. The server answers 413 at the limit and ends
    // the connection; what a client sends after that is dropped, for at most 2 s or 6 MiB.)
    assert.ok(chunked.written < MAX_BODY + 16 * 1024 * 1024, `the client could write ${chunked.written} bytes`)

    // The whole body sent, one byte above: 413 too (no Content-Length: chunked through node:https).
    const ok = review('v1', `${GROUP}/v1alpha2`, [split('v1alpha1', 0).object])
    const over = Buffer.alloc(MAX_BODY + 1, 0x20)
    over.write(ok)
    const r = await new Promise<Reply>((res, rej) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          method: 'POST',
          path: '/convert',
          headers: { 'Content-Type': 'application/json' },
          ca: pki!.ca,
          agent: false,
        },
        (resp) => {
          let b = ''
          resp.on('data', (x) => (b += x))
          resp.on('end', () => res({ status: resp.statusCode!, headers: resp.headers, body: b }))
        },
      )
      req.on('error', rej)
      req.write(over.subarray(0, 1024 * 1024))
      req.write(over.subarray(1024 * 1024))
      req.end()
    }).catch((e: Error) => ({ status: -1, headers: {}, body: e.message }))
    assert.is(r.status, 413, r.body)

    // Exactly MAX_BODY: a review padded with spaces is read and converted.
    const exact = Buffer.alloc(MAX_BODY, 0x20)
    exact.write(ok)
    const e = await call(server.port, { body: exact })
    assert.is(e.status, 200, e.body)
    assert.is(JSON.parse(e.body).response.result.status, 'Success')
  } finally {
    await server.shutdown()
  }
  const statuses = records(logs, 'review').map((r) => r.status)
  assert.equal(statuses, [413, 413, 413, 413, 200])
})

it('Expect: 100-continue: "continue" only for a review that passes the checks made before the body', async () => {
  const { server } = await start()
  try {
    const ask = async (headers: string) => {
      const c = raw(server.port)
      await c.connected
      c.socket.write(`POST /convert HTTP/1.1\r\nHost: localhost\r\nExpect: 100-continue\r\n${headers}\r\n`)
      await waitFor('an answer', () => /\r\n\r\n/.test(c.text()), 3000)
      return c
    }
    const ok = review('v1', `${GROUP}/v1alpha2`, [split('v1alpha1', 0).object])
    const c1 = await ask(`Content-Type: application/json\r\nContent-Length: ${ok.length}\r\n`)
    assert.match(c1.text(), /^HTTP\/1\.1 100 Continue\r\n\r\n$/)
    c1.socket.write(ok)
    await waitFor('the review', () => responseIn(c1.text().slice(25)) !== undefined, 3000)
    assert.is(responseIn(c1.text().slice(25))!.status, 200)
    c1.socket.destroy()
    const c2 = await ask(`Content-Type: application/json\r\nContent-Length: ${MAX_BODY + 1}\r\n`)
    assert.match(c2.text(), /^HTTP\/1\.1 413 /)
    c2.socket.destroy()
    const c3 = await ask(`Content-Type: text/plain\r\nContent-Length: 10\r\n`)
    assert.match(c3.text(), /^HTTP\/1\.1 415 /)
    c3.socket.destroy()
  } finally {
    await server.shutdown()
  }
})

it('a client that refuses the certificate (a caBundle that does not match) is logged, at most once per 10 s', async () => {
  const { server, logs } = await start()
  try {
    // openssl, like the API server's Go client, sends an alert when it cannot verify the server.
    const strangers = makePki('smi-webhook-other-pki-')
    for (let i = 0; i < 3; i++) {
      const c = spawn(
        'openssl',
        ['s_client', '-connect', `127.0.0.1:${server.port}`, '-CAfile', join(strangers.dir, 'ca.crt'), '-verify_return_error'],
        { stdio: ['pipe', 'ignore', 'ignore'] },
      )
      c.stdin.end()
      await new Promise((res) => c.on('exit', res))
    }
    await waitFor('the log line', () => records(logs, 'TLS handshake failed').length > 0, 3000)
    await sleep(100)
    const lines = records(logs, 'TLS handshake failed')
    assert.is(lines.length, 1, JSON.stringify(lines))
    assert.match(lines[0]!.error, /alert unknown ca/)
  } finally {
    await server.shutdown()
  }
})

it('an exception in the review handler is logged and answered 500; the server goes on', async () => {
  let n = 0
  const { server, logs } = await start({
    review: (rawBody) => {
      if (n++ === 0) throw new Error('boom')
      return { status: 200, body: { echoed: rawBody.length }, log: { kinds: [], from: [], count: 0, outcome: 'success' } }
    },
  })
  try {
    const r1 = await call(server.port, { body: '{}' })
    assert.is(r1.status, 500)
    assert.equal(JSON.parse(r1.body), { error: 'internal error' })
    const r2 = await call(server.port, { body: '{"x":1}' })
    assert.is(r2.status, 200)
    assert.equal(JSON.parse(r2.body), { echoed: 7 })
  } finally {
    await server.shutdown()
  }
  const [first] = records(logs, 'review')
  assert.is(first!.status, 500)
  assert.is(first!.outcome, 'failure')
  assert.match(first!.reason, /boom/)
  assert.match(first!.error, /Error: boom\n\s+at /)
})

it('slow clients (silent TCP, a stalled handshake, headers byte by byte, a trickled body) are cut off while other reviews are served', async () => {
  const { server, logs } = await start({
    headersTimeoutMs: 1000,
    requestTimeoutMs: 2000,
    handshakeTimeoutMs: 1000,
    maxConnectionsPerAddress: 256,
  })
  const t0 = Date.now()
  const closed: { name: string; at: number; text: string }[] = []
  const sockets: (Socket | TLSSocket)[] = []
  const watch = (name: string, s: Socket | TLSSocket) => {
    sockets.push(s)
    let text = ''
    s.on('data', (d: Buffer) => (text += d.toString('latin1')))
    s.on('error', () => {})
    s.on('close', () => closed.push({ name, at: Date.now() - t0, text }))
  }
  const timers: NodeJS.Timeout[] = []
  try {
    for (let i = 0; i < 20; i++) watch('silent tcp', netConnect(server.port, '127.0.0.1'))
    for (let i = 0; i < 50; i++) {
      const s = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki!.ca }, () =>
        s.write('POST /convert HTTP/1.1\r\nHost: localhost\r\n'),
      )
      watch('partial headers', s)
    }
    const head = `POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nX-Pad: ${'x'.repeat(200)}\r\nContent-Length: 2\r\n\r\n{}`
    const byByte = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki!.ca }, () => {
      let i = 0
      timers.push(setInterval(() => i < head.length && !byByte.destroyed && byByte.write(head[i++]!), 20))
    })
    watch('headers byte by byte', byByte)
    const trickle = tlsConnect({ host: '127.0.0.1', port: server.port, ca: pki!.ca }, () => {
      trickle.write('POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n')
      timers.push(setInterval(() => !trickle.destroyed && trickle.write(' '), 20))
    })
    watch('trickled body', trickle)

    // Meanwhile, reviews on their own connections.
    const done: number[] = []
    for (let i = 0; i < 30; i++) {
      const originals = [split('v1alpha1', i % 2)]
      const body = review(
        'v1',
        `${GROUP}/v1alpha4`,
        originals.map((o) => o.object),
      )
      checkReview(await call(server.port, { body }), body, originals, `${GROUP}/v1alpha4`)
      done.push(Date.now() - t0)
    }
    await waitFor('every slow client to be cut off', () => closed.length === sockets.length, 8000)
    const firstCut = Math.min(...closed.map((c) => c.at))
    assert.ok(
      done.filter((t) => t < firstCut).length >= 10,
      `reviews were served while the slow clients held their connections (${done.slice(0, 10)} vs first cut ${firstCut} ms)`,
    )
    for (const c of closed) {
      const limit = c.name === 'trickled body' ? 2000 : 1000
      assert.ok(c.at < limit + 2500, `${c.name} was cut off after ${c.at} ms`)
      if (c.name !== 'silent tcp') assert.match(c.text, /^(HTTP\/1\.1 408 |$)/, c.name)
    }
    assert.ok(closed.some((c) => c.name === 'headers byte by byte' && c.text.startsWith('HTTP/1.1 408')))
  } finally {
    timers.forEach(clearInterval)
    sockets.forEach((s) => s.destroy())
    await server.shutdown()
  }
  const trickled = records(logs, 'review').filter((r) => r.outcome === 'rejected')
  assert.is(trickled.length, 1, 'the trickled body is logged as a rejected review')
  assert.match(trickled[0]!.reason, /body was complete/)
})

it('the bytes of all bodies being read at once are bounded: beyond maxBufferedBytes, 503', async () => {
  const { server } = await start({ maxBufferedBytes: 1024 * 1024 })
  try {
    const ok = review('v1', `${GROUP}/v1alpha2`, [split('v1alpha1', 0).object])
    const body = Buffer.alloc(700 * 1024, 0x20)
    body.write(ok)
    const first = raw(server.port)
    await first.connected
    first.socket.write(
      `POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    )
    first.socket.write(body.subarray(0, 600 * 1024))
    await sleep(200)
    const second = await call(server.port, { body })
    assert.is(second.status, 503)
    assert.is(second.headers['retry-after'], '1')
    first.socket.write(body.subarray(600 * 1024))
    await waitFor('the first review', () => responseIn(first.text()) !== undefined, 3000)
    first.socket.destroy()
    assert.is(responseIn(first.text())!.status, 200)
    // Once the first body is released, a full one fits again.
    assert.is((await call(server.port, { body })).status, 200)
  } finally {
    await server.shutdown()
  }
})

it('certificate rotation during traffic: a kubelet-style symlink swap is picked up, a bad pair is refused and logged, no request fails', async () => {
  const certB = pki!.issue('b', '2002', 'ec')
  const certC = pki!.issue('c', '3003', 'rsa')
  const mount = join(pki!.dir, 'mount')
  mkdirSync(mount)
  let generation = 0
  // What the kubelet does with a Secret volume: files in a new timestamped directory, then
  // an atomic rename of the ..data symlink; tls.crt and tls.key point through ..data.
  const publish = (cert: string, key: string) => {
    const dir = `..gen_${++generation}`
    mkdirSync(join(mount, dir))
    copyFileSync(cert, join(mount, dir, 'tls.crt'))
    copyFileSync(key, join(mount, dir, 'tls.key'))
    symlinkSync(dir, join(mount, '..data_tmp'))
    renameSync(join(mount, '..data_tmp'), join(mount, '..data'))
  }
  publish(certA!.certFile, certA!.keyFile)
  symlinkSync('..data/tls.crt', join(mount, 'tls.crt'))
  symlinkSync('..data/tls.key', join(mount, 'tls.key'))
  const { server, logs } = await start(
    { reloadIntervalMs: 100 },
    { certFile: join(mount, 'tls.crt'), keyFile: join(mount, 'tls.key'), serial: certA!.serial },
  )

  const results: { started: number; serial?: string; error?: string }[] = []
  let running = true
  const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 })
  const loop = async (i: number) => {
    while (running) {
      const started = Date.now()
      const originals = [split(VERSIONS[i % 4]!, 0), split(VERSIONS[(i + 1) % 4]!, 1)]
      const body = review(
        i % 2 ? 'v1' : 'v1beta1',
        `${GROUP}/v1alpha2`,
        originals.map((o) => o.object),
      )
      try {
        const reply = await call(server.port, { body, agent: i === 0 ? keepAlive : false })
        checkReview(reply, body, originals, `${GROUP}/v1alpha2`)
        results.push({ started, serial: i === 0 ? undefined : reply.serial })
      } catch (err) {
        results.push({ started, error: (err as Error).message })
      }
    }
  }
  const loops = [0, 1, 2, 3].map(loop)
  const reloadedAt: number[] = []
  const waitLog = async (msg: string, n: number) => {
    await waitFor(`${msg} #${n}`, () => records(logs, msg).length >= n, 5000)
    return Date.now()
  }
  try {
    await sleep(300)
    publish(certB.certFile, certB.keyFile)
    reloadedAt.push(await waitLog('certificate reloaded', 1))
    await sleep(300)
    // A pair that does not belong together (C's certificate, B's key): refused, B stays.
    publish(certC.certFile, certB.keyFile)
    const failedAt = await waitLog('certificate reload failed', 1)
    await sleep(300)
    publish(certC.certFile, certC.keyFile)
    reloadedAt.push(await waitLog('certificate reloaded', 2))
    await sleep(300)
    running = false
    await Promise.all(loops)

    assert.equal(
      results.filter((r) => r.error),
      [],
      'no request failed',
    )
    const fresh = results.filter((r) => r.serial !== undefined)
    const between = (a: number, b: number) => fresh.filter((r) => r.started > a && r.started < b - 150)
    assert.ok(fresh.filter((r) => r.started < reloadedAt[0]! - 200).every((r) => r.serial === certA!.serial))
    assert.ok(between(reloadedAt[0]!, Infinity).length > 5)
    assert.equal(
      [...new Set(between(reloadedAt[0]!, reloadedAt[1]!).map((r) => r.serial))],
      [certB.serial],
      'after the first reload (and through the refused pair): B',
    )
    assert.ok(between(failedAt, reloadedAt[1]!).length > 0)
    assert.equal([...new Set(between(reloadedAt[1]!, Infinity).map((r) => r.serial))], [certC.serial], 'after the second reload: C')
    assert.ok(results.filter((r) => r.serial === undefined).length > 5, 'the keep-alive connection went on serving')
  } finally {
    running = false
    await Promise.all(loops)
    keepAlive.destroy()
    await server.shutdown()
  }
  const reloads = records(logs).filter((r) => /^certificate/.test(r.msg))
  assert.equal(
    reloads.map((r) => [r.msg, r.serial ?? r.keeping]),
    [
      ['certificate reloaded', certB.serial],
      ['certificate reload failed', certB.serial],
      ['certificate reloaded', certC.serial],
    ],
  )
  assert.match(reloads[1]!.error, /does not hold the private key/)
  assert.is(reloads[0]!.previous, certA!.serial)
})

it('certificate files that vanish are logged once and the old pair kept; the grace period bounds a shutdown', async () => {
  const dir = join(pki!.dir, 'vanish')
  mkdirSync(dir)
  const cert = join(dir, 'tls.crt')
  const key = join(dir, 'tls.key')
  copyFileSync(certA!.certFile, cert)
  copyFileSync(certA!.keyFile, key)
  const { server, logs } = await start({ reloadIntervalMs: 50, graceMs: 500 }, { certFile: cert, keyFile: key, serial: certA!.serial })
  renameSync(cert, `${cert}.away`)
  await sleep(400)
  assert.equal(
    records(logs, 'certificate reload failed').map((r) => r.error.replace(/:.*/, '')),
    ['cannot read certificate file ' + cert],
  )
  assert.is((await call(server.port, { path: '/healthz' })).serial, certA!.serial)
  renameSync(`${cert}.away`, cert)
  await sleep(200)
  assert.is(records(logs, 'certificate reloaded').length, 0, 'the same pair again is no reload')

  // A request that never finishes its body holds the shutdown only for graceMs.
  const stalled = raw(server.port)
  await stalled.connected
  stalled.socket.write('POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')
  await sleep(100)
  const t0 = Date.now()
  await server.shutdown()
  const took = Date.now() - t0
  assert.ok(took >= 400 && took < 3000, `shutdown took ${took} ms`)
  assert.is(records(logs, 'grace period over, closing every connection').length, 1)
  await stalled.reply
})

/** The command line from the sources (src/cli.ts, its dispatch to `webhook`), through tsx. */
const CLI = ['--import', 'tsx', resolve('src/cli.ts')]

it('the command line: usage errors exit 2 naming the problem, a bad certificate exits 2 naming the file, --help', () => {
  const run = (...a: string[]) => spawnSync(process.execPath, [...CLI, 'webhook', ...a], { encoding: 'utf8' })
  let r = run('--cert', certA!.certFile)
  assert.is(r.status, 2)
  assert.is(r.stderr, 'smi-migrate webhook: --key FILE is required (see smi-migrate webhook --help)\n')
  r = run('--cert', certA!.certFile, '--key', certA!.keyFile, '--port', '70000', '--bogus')
  assert.is(r.status, 2)
  assert.is(r.stderr, 'smi-migrate webhook: unknown option --bogus (see smi-migrate webhook --help)\n')
  r = run('--cert', join(pki!.dir, 'nope.crt'), '--key', certA!.keyFile, '--port', '0')
  assert.is(r.status, 2)
  assert.match(r.stderr, /^smi-migrate webhook: cannot read certificate file .*nope\.crt: ENOENT/)
  assert.is(r.stdout, '')
  r = run('--help')
  assert.is(r.status, 0)
  assert.match(r.stdout, /^Usage: smi-migrate webhook --cert FILE --key FILE/)
})

it('SIGTERM during traffic (the CLI in a child process): requests in flight get full answers, /readyz says 503, then the port refuses and the process exits 0', async () => {
  const child = spawn(
    process.execPath,
    [...CLI, 'webhook', '--cert', certA!.certFile, '--key', certA!.keyFile, '--port', '0', '--address', '127.0.0.1'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const lines: string[] = []
  let stderr = ''
  let buf = ''
  child.stdout.on('data', (d: Buffer) => {
    buf += d
    const parts = buf.split('\n')
    buf = parts.pop()!
    lines.push(...parts)
  })
  child.stderr.on('data', (d: Buffer) => (stderr += d))
  const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)))
  try {
    await waitFor('the listening line', () => lines.some((l) => l.includes('"listening"')), 15000)
    const port: number = JSON.parse(lines.find((l) => l.includes('"listening"'))!).port

    // Requests in flight at SIGTERM: headers and half of each body sent.
    const inFlight = Array.from({ length: 6 }, (_, i) => {
      const originals = [split(VERSIONS[i % 4]!, 0), split(VERSIONS[(i + 2) % 4]!, 1)]
      const body = Buffer.from(
        review(
          i % 2 ? 'v1' : 'v1beta1',
          `${GROUP}/v1alpha3`,
          originals.map((o) => o.object),
        ),
      )
      return { conn: raw(port), originals, body }
    })
    for (const f of inFlight) {
      await f.conn.connected
      f.conn.socket.write(
        `POST /convert HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${f.body.length}\r\n\r\n`,
      )
      f.conn.socket.write(f.body.subarray(0, f.body.length >> 1))
    }
    const probe = raw(port)
    await probe.connected
    probe.socket.write('GET /readyz HTTP/1.1\r\nHost: localhost\r\n')

    // And traffic on new connections, until the port refuses.
    const outcomes: { ok?: boolean; error?: string; afterSignal: boolean }[] = []
    let signalled = false
    let refused = 0
    const loop = async (i: number) => {
      while (refused < 3) {
        const originals = [split(VERSIONS[i % 4]!, 1)]
        const body = review(
          'v1',
          `${GROUP}/v1alpha1`,
          originals.map((o) => o.object),
        )
        const afterSignal = signalled
        try {
          checkReview(await call(port, { body }), body, originals, `${GROUP}/v1alpha1`)
          outcomes.push({ ok: true, afterSignal })
        } catch (err) {
          const code = (err as NodeJS.ErrnoException).code
          if (code === 'ECONNREFUSED') refused++
          // A connection cut is judged by when it came: one begun just before the signal that the
          // server had not yet taken is closed with the port; one cut before the signal is a fault.
          outcomes.push({ error: code ?? (err as Error).message, afterSignal: signalled })
          await sleep(20)
        }
      }
    }
    const loops = [0, 1, 2].map(loop)
    await sleep(300)
    assert.ok(
      outcomes.length > 0 && outcomes.every((o) => o.ok),
      `traffic before SIGTERM: ${JSON.stringify(outcomes.filter((o) => !o.ok))}`,
    )
    child.kill('SIGTERM')
    signalled = true
    await waitFor('the shutting down line', () => lines.some((l) => l.includes('"shutting down"')))

    probe.socket.write('\r\n')
    for (const f of inFlight) f.conn.socket.write(f.body.subarray(f.body.length >> 1))
    const probeReply = await probe.reply
    assert.is(responseIn(probeReply.text)?.status, 503, probeReply.text)
    for (const f of inFlight) {
      const r = await f.conn.reply
      const got = responseIn(r.text)
      assert.ok(got, `a full response: ${r.text.slice(0, 200)} ${r.error ?? ''}`)
      assert.match(r.text, /\r\nConnection: close\r\n/i)
      checkReview(
        { status: got!.status, headers: { 'content-type': 'application/json' }, body: got!.body },
        f.body.toString(),
        f.originals,
        `${GROUP}/v1alpha3`,
      )
    }
    await Promise.all(loops)
    const code = await Promise.race([exited, deadline(10000).then(() => 'still running')])
    assert.is(code, 0, stderr)
    // Before the signal, everything succeeded; after it, a request either got a full, valid
    // answer or was refused at the connection (never a cut or wrong response).
    const bad = outcomes.filter((o) => !o.ok && !(o.afterSignal && /^(ECONNREFUSED|ECONNRESET)$/.test(o.error ?? '')))
    assert.equal(bad, [])
    assert.ok(outcomes.some((o) => o.error === 'ECONNREFUSED'))
    const refusedNow = await call(port, { path: '/healthz' }).then(
      () => 'answered',
      (e: NodeJS.ErrnoException) => e.code,
    )
    assert.is(refusedNow, 'ECONNREFUSED')
    const msgs = lines.map((l) => JSON.parse(l).msg)
    assert.ok(msgs.includes('signal') && msgs.includes('shutting down') && msgs.at(-1) === 'stopped', msgs.join(' '))
    assert.is(lines.map((l) => JSON.parse(l)).filter((r) => r.msg === 'review' && r.to === `${GROUP}/v1alpha3`).length, 6)
  } finally {
    child.kill('SIGKILL')
  }
})

test.run()
