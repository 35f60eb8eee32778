/**
 * A body flood against the built webhook (dist/cli.js, as the Deployment runs it, with the
 * manifests' NODE_OPTIONS): clients send reviews just under the 3 MiB body limit back to
 * back for a bounded time. Every answer is a 200 (exact) or a 503 (the byte budget refusing
 * a body before reading it), the server answers /healthz afterwards, and its peak resident
 * set (test/helpers/rss.cjs) stays under the Deployment's 512Mi limit with room to spare.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn } from 'node:child_process'
import { Agent, request } from 'node:https'
import { resolve } from 'node:path'
import { hasTool, testWith } from './helpers/tools.js'
import { makePki, type Issued, type Pki } from './helpers/certs.js'
import { webhookObjects } from '../src/webhook/manifests.js'

const it = testWith('openssl')
const pki: Pki | undefined = hasTool('openssl') ? makePki() : undefined
const cert: Issued | undefined = pki?.issue('a', '1001', 'ec')
const MAX_BODY = 3 * 1024 * 1024
const CLIENTS = 12
const FLOOD_MS = 4000
/** The bound: the Deployment's limit is 512 MiB. */
const BOUND_MIB = 448

function body(): string {
  const split = (i: number) => ({
    apiVersion: 'split.smi-spec.io/v1alpha1',
    kind: 'TrafficSplit',
    metadata: { name: `web-${i}`, namespace: 'prod', uid: `u-${i}`, labels: { app: 'web' } },
    spec: {
      service: 'web',
      backends: [
        { service: 'a', weight: '1' },
        { service: 'b', weight: '500m' },
      ],
    },
  })
  const one = JSON.stringify(split(100000)).length + 1
  const objects = Array.from({ length: Math.floor((MAX_BODY - 1024) / one) }, (_, i) => split(i))
  return JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: { uid: 'flood', desiredAPIVersion: 'split.smi-spec.io/v1alpha2', objects },
  })
}

function post(port: number, agent: Agent, text: string, path = '/convert'): Promise<{ status: number; text: string } | { error: string }> {
  return new Promise((done) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: text ? 'POST' : 'GET',
        ca: pki!.ca,
        agent,
        headers: text ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) } : {},
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (d: Buffer) => chunks.push(d))
        res.on('end', () => done({ status: res.statusCode!, text: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', (e) => done({ error: e.message }))
      },
    )
    req.on('error', (e: NodeJS.ErrnoException) => done({ error: e.code ?? e.message }))
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')))
    req.end(text || undefined)
  })
}

it('a flood of 3 MiB reviews: each answered 200 or 503, the server healthy afterwards, its peak RSS under the bound', async () => {
  const deployment = webhookObjects({ namespace: 'ns', image: 'img', certManager: false }).find((o) => o.kind === 'Deployment') as Record<
    string,
    any
  >
  const env = (deployment.spec.template.spec.containers[0].env as Array<{ name: string; value: string }>).find(
    (e) => e.name === 'NODE_OPTIONS',
  )!
  const child = spawn(
    process.execPath,
    [
      '-r',
      resolve('test/helpers/rss.cjs'),
      resolve('dist/cli.js'),
      'webhook',
      '--cert',
      cert!.certFile,
      '--key',
      cert!.keyFile,
      '--port',
      '0',
      '--address',
      '127.0.0.1',
    ],
    {
      env: { ...process.env, NODE_OPTIONS: env.value },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)))
  const port = await new Promise<number>((r, reject) => {
    let out = ''
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      const m = /"msg":"listening".*?"port":(\d+)/.exec(out)
      if (m) r(Number(m[1]))
    })
    child.on('exit', () => reject(new Error(`the webhook exited: ${stderr}`)))
  })
  const text = body()
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
  const statuses = new Map<string, number>()
  const end = Date.now() + FLOOD_MS
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (Date.now() < end) {
          const r = await post(port, agent, text)
          const key = 'error' in r ? r.error : String(r.status)
          statuses.set(key, (statuses.get(key) ?? 0) + 1)
          if ('status' in r && r.status === 200) assert.match(r.text.slice(0, 400), /"uid":"flood"/)
        }
      }),
    )
    const health = await post(port, new Agent(), '', '/healthz')
    assert.equal('status' in health ? health.status : health.error, 200)
  } finally {
    agent.destroy()
    child.kill('SIGTERM')
  }
  assert.is(await exited, 0)
  const seen = [...statuses.keys()]
  assert.ok(statuses.get('200')! > 0, JSON.stringify([...statuses]))
  // 503s close their connection after the answer; a client may see that close as a reset.
  assert.ok(
    seen.every((k) => k === '200' || k === '503' || k === 'ECONNRESET' || k === 'EPIPE'),
    JSON.stringify([...statuses]),
  )
  const peak = Number(/maxrss-kb (\d+)/.exec(stderr)?.[1]) / 1024
  assert.ok(peak > 0 && peak < BOUND_MIB, `peak RSS ${peak.toFixed(1)} MiB (bound ${BOUND_MIB}); answers ${JSON.stringify([...statuses])}`)
})

test.run()
