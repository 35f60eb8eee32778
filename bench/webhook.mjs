// Load and hostile-input benchmark of `smi-migrate webhook` (the HTTPS conversion webhook).
//
//   node bench/webhook.mjs                       # dist/cli.js; 10 s per load run, 10 s hostile
//   node bench/webhook.mjs --duration 5 --hostile 5 --clients 16,64
//   node bench/webhook.mjs --src                 # the TypeScript sources through tsx (no build)
//   node bench/webhook.mjs --cli other/cli.js    # another build of the command line
//   node bench/webhook.mjs --log server.log      # keep the server's log lines
//   node bench/webhook.mjs --node-options=--max-old-space-size=64   # NODE_OPTIONS of the server
//   node bench/webhook.mjs --flood 10 --flood-clients 48   # the body flood: 10 s, 48 clients
//
// The server is the real CLI in a child process (`webhook --cert … --key … --port 0`; the port
// comes from its "listening" log line), with a certificate made by `openssl` for the run. The
// clients run in this process, on the same machine: they take CPU from the server, so the
// numbers are a floor, and the machine is printed with them.
//
// Load: concurrent clients on keep-alive connections (and one run with a new connection, a
// full TLS handshake, per review) for a bounded time, ConversionReviews of 1 and 10 objects
// of mixed TrafficSplit versions. Every response is checked: each fixture is converted once
// first and checked for what a conversion must keep (uid, count, target version, metadata,
// weight ratios, Success), and then every response under load must be exactly that response
// (with its own uid). Reported: reviews/s, p50/p99 latency, the server's peak RSS (VmHWM) and
// CPU. Any failed or wrong response exits 1.
//
// Hostile: for a bounded time, bodies of random bytes, truncated reviews, deep nesting, huge
// strings under the limit, integer weights of millions of digits (refused), wrong types, oversized bodies (declared and chunked), wrong content
// types, methods and paths, garbage before and after TLS, abrupt disconnects, and slow clients
// (partial headers, trickled bodies, stalled handshakes) held open throughout from their own
// address (SLOW_ADDRESS, a pod of its own: more than the per-address cap, so the cap refuses
// some of them, and the hostile requests from 127.0.0.1 must still be answered); valid reviews
// are mixed in from the API server's address and must stay exact. A 5xx other than 503 (the server's bound on bodies held at
// once) exits 1. Afterwards the server must answer /healthz and a valid review exactly, with
// its RSS bounded (--max-rss-mb, default 512), and exit 0 on SIGTERM.
//
// Body flood: for a bounded time (--flood seconds), --flood-clients clients on keep-alive
// connections each send valid reviews just under the 3 MiB body limit, back to back, as fast
// as the server answers. Reported: reviews/s answered, 503s (the byte budget refusing a body
// before reading it), p99 latency of the answered ones, and the server's peak RSS, which must
// stay under --max-rss-mb.
import { spawn, execFileSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:https'
import { connect as tlsConnect } from 'node:tls'
import { connect as netConnect } from 'node:net'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { SeededRandom } from '../scripts/random.mjs'
import { WEIGHTS } from './webhook-fixtures.mjs'

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    hostile: { type: 'string', default: '10' },
    clients: { type: 'string', default: '16,64' },
    'max-rss-mb': { type: 'string', default: '512' },
    src: { type: 'boolean', default: false },
    seed: { type: 'string', default: '1' },
    log: { type: 'string' },
    'node-options': { type: 'string' },
    cli: { type: 'string', default: 'dist/cli.js' },
    flood: { type: 'string', default: '10' },
    'flood-clients': { type: 'string', default: '48' },
  },
})
const DURATION = Number(args.duration) * 1000
const HOSTILE = Number(args.hostile) * 1000
const CLIENTS = args.clients.split(',').map(Number)
const MAX_RSS_MB = Number(args['max-rss-mb'])
const FLOOD = Number(args.flood) * 1000
const FLOOD_CLIENTS = Number(args['flood-clients'])
const MAX_BODY = 3 * 1024 * 1024
const GROUP = 'split.smi-spec.io'
const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4']
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
const problems = []

// ---------------------------------------------------------------------------------------------
// Certificates and the server

const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-bench-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
const openssl = (a) => execFileSync('openssl', a, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
openssl([
  'req',
  '-x509',
  '-newkey',
  'ec',
  '-pkeyopt',
  'ec_paramgen_curve:prime256v1',
  '-nodes',
  '-keyout',
  'ca.key',
  '-out',
  'ca.crt',
  '-days',
  '2',
  '-subj',
  '/CN=bench CA',
  '-addext',
  'basicConstraints=critical,CA:TRUE',
  '-addext',
  'keyUsage=critical,keyCertSign,cRLSign',
])
writeFileSync(join(dir, 'ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n')
// RSA 2048: what cert-manager issues by default.
openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'tls.key', '-out', 'tls.csr', '-subj', '/CN=localhost'])
openssl([
  'x509',
  '-req',
  '-in',
  'tls.csr',
  '-CA',
  'ca.crt',
  '-CAkey',
  'ca.key',
  '-set_serial',
  '0x42',
  '-days',
  '2',
  '-extfile',
  'ext',
  '-out',
  'tls.crt',
])
const CA = readFileSync(join(dir, 'ca.crt'))

// The API server's reviews (the load runs, the valid reviews of the hostile run, the checks after
// it) come from 127.0.0.2, reserved for it; the hostile clients and the body flood from 127.0.0.1,
// as a pod would send them.
const API_ADDRESS = '127.0.0.2'
/** The slow clients' address: a pod that holds connections open, apart from the others. */
const SLOW_ADDRESS = '127.0.0.3'
/**
 * The address of the pod that sends integer weights of millions of digits, apart from
 * 127.0.0.1, whose byte budget the other hostile bodies keep full: its reviews are read and
 * must fail at once.
 */
const DIGITS_ADDRESS = '127.0.0.5'
writeFileSync(join(dir, 'stash.key'), 'bench-stash-key-bench-stash-key-bench-stash-key\n')
const serverArgs = [
  '--cert',
  join(dir, 'tls.crt'),
  '--key',
  join(dir, 'tls.key'),
  '--stash-key',
  join(dir, 'stash.key'),
  '--reserve-for',
  `${API_ADDRESS}/32`,
  '--port',
  '0',
  '--address',
  '127.0.0.1',
]
const entry = resolve('src/webhook/serve-cli.ts')
const command = args.src
  ? [
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { runServe } = await import(${JSON.stringify(entry)}); process.exitCode = await runServe(process.argv.slice(1), process)`,
        '--',
        ...serverArgs,
      ],
    ]
  : [process.execPath, [resolve(args.cli), 'webhook', ...serverArgs]]
const env = args['node-options'] ? { ...process.env, NODE_OPTIONS: args['node-options'] } : process.env
const child = spawn(command[0], command[1], { stdio: ['ignore', 'pipe', 'pipe'], env })
let stderr = ''
let port
const logCounts = new Map()
let partial = ''
const logFile = args.log ? createWriteStream(args.log) : undefined
if (logFile) child.stdout.pipe(logFile)
const listening = new Promise((res, rej) => {
  child.stdout.on('data', (d) => {
    const lines = (partial + d).split('\n')
    partial = lines.pop()
    for (const line of lines) {
      let rec
      try {
        rec = JSON.parse(line)
      } catch {
        problems.push(`a log line that is not JSON: ${line.slice(0, 200)}`)
        continue
      }
      logCounts.set(rec.msg, (logCounts.get(rec.msg) ?? 0) + 1)
      if (rec.msg === 'listening') res(rec.port)
      if (rec.msg === 'internal error') problems.push(`server: ${line.slice(0, 500)}`)
    }
  })
  child.stderr.on('data', (d) => (stderr += d))
  child.on('exit', (code) =>
    rej(
      new Error(
        `the server exited (${code}) before listening: ${stderr.trim()}${args.src ? '' : ' (is dist/ built with the webhook? else try --src)'}`,
      ),
    ),
  )
})
const exited = new Promise((res) => child.on('exit', (code, signal) => res(code ?? signal)))
port = await listening

function procStatus(field) {
  try {
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024
  } catch {
    return NaN
  }
}
/** Resets the peak RSS (VmHWM) of the server: Linux's clear_refs 5. */
function resetPeak() {
  try {
    writeFileSync(`/proc/${child.pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}
const cpuTicks = () => {
  try {
    const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return Number(f[11]) + Number(f[12]) // utime + stime, in clock ticks (100/s)
  } catch {
    return NaN
  }
}

// ---------------------------------------------------------------------------------------------
// Fixtures

let serial = 0
function split(v, i) {
  const name = `web-${v}-${i}`
  const weights = WEIGHTS[v][i % 3]
  const spec = { service: name, backends: weights.map((w, j) => ({ service: `${name}-v${j + 1}`, weight: w })) }
  if (v === 'v1alpha3' || v === 'v1alpha4') spec.matches = [{ kind: 'HTTPRouteGroup', name: `${name}-routes` }]
  return {
    apiVersion: `${GROUP}/${v}`,
    kind: 'TrafficSplit',
    metadata: {
      name,
      namespace: 'prod',
      uid: `00000000-0000-4000-8000-${String(++serial).padStart(12, '0')}`,
      resourceVersion: String(5000 + serial),
      generation: 1,
      creationTimestamp: '2024-05-01T10:00:00Z',
      labels: { app: name },
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration':
          JSON.stringify({ apiVersion: `${GROUP}/${v}`, kind: 'TrafficSplit', metadata: { name, namespace: 'prod' }, spec }) + '\n',
      },
      managedFields: [
        {
          manager: 'kubectl-client-side-apply',
          operation: 'Update',
          apiVersion: `${GROUP}/${v}`,
          time: '2024-05-01T10:00:00Z',
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:spec': { '.': {}, 'f:backends': {}, 'f:service': {} } },
        },
      ],
    },
    spec,
  }
}
const UID = 'bench-uid-00000000'
const uidOf = (n) => `bench-uid-${String(n).padStart(8, '0')}`
/** Reviews of `size` objects of mixed versions, to each target version, v1 and v1beta1. */
function fixtures(size) {
  return VERSIONS.map((to, t) => {
    const objects = Array.from({ length: size }, (_, i) => split(VERSIONS[(t + i + 1) % 4], i))
    const reviewVersion = t % 2 ? 'v1beta1' : 'v1'
    return {
      size,
      to: `${GROUP}/${to}`,
      objects,
      body: JSON.stringify({
        apiVersion: `apiextensions.k8s.io/${reviewVersion}`,
        kind: 'ConversionReview',
        request: { uid: UID, desiredAPIVersion: `${GROUP}/${to}`, objects },
      }),
    }
  })
}

const weightValue = (w) => (typeof w === 'number' ? w : /^\d+m$/.test(w) ? Number(w.slice(0, -1)) / 1000 : Number(w))
/** What a correct response to fixture `f` must hold; its text is then what every response must be. */
function checkBaseline(f, status, text) {
  const fail = (m) => {
    throw new Error(`baseline for ${f.size} object(s) → ${f.to}: ${m}`)
  }
  if (status !== 200) fail(`status ${status}: ${text.slice(0, 300)}`)
  const r = JSON.parse(text)
  if (r.kind !== 'ConversionReview' || r.apiVersion !== JSON.parse(f.body).apiVersion) fail('not a ConversionReview of the request version')
  if (r.response?.uid !== UID) fail('uid not echoed')
  if (r.response.result?.status !== 'Success') fail(`result ${JSON.stringify(r.response.result)}`)
  const out = r.response.convertedObjects
  if (out.length !== f.objects.length) fail('count')
  out.forEach((o, i) => {
    const src = f.objects[i]
    if (o.apiVersion !== f.to || o.kind !== 'TrafficSplit') fail(`object ${i} is ${o.apiVersion}`)
    const strip = (m) => JSON.stringify({ ...m, annotations: undefined })
    if (strip(o.metadata) !== strip(src.metadata)) fail(`object ${i}: metadata changed`)
    for (const [k, v] of Object.entries(src.metadata.annotations))
      if (o.metadata.annotations[k] !== v) fail(`object ${i}: annotation ${k} changed`)
    const a = src.spec.backends.map((b) => weightValue(b.weight))
    const b = o.spec.backends.map((x) => weightValue(x.weight))
    for (let x = 0; x < a.length; x++)
      for (let y = 0; y < a.length; y++) if (a[x] * b[y] !== a[y] * b[x]) fail(`object ${i}: weights ${b} for ${a}`)
  })
}

// ---------------------------------------------------------------------------------------------
// Clients

function send({
  agent,
  method = 'POST',
  path = '/convert',
  headers = { 'Content-Type': 'application/json' },
  body,
  localAddress = API_ADDRESS,
}) {
  return new Promise((res) => {
    const t0 = process.hrtime.bigint()
    // Node's client frames a DELETE body only when told its length.
    if (body !== undefined) headers = { ...headers, 'Content-Length': Buffer.byteLength(body) }
    const req = request({ host: '127.0.0.1', port, method, path, headers, ca: CA, agent, ...(agent ? {} : { localAddress }) }, (r) => {
      const chunks = []
      r.on('data', (d) => chunks.push(d))
      r.on('end', () =>
        res({ status: r.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: Number(process.hrtime.bigint() - t0) / 1e6 }),
      )
      r.on('error', (e) => res({ error: e.code ?? e.message }))
    })
    req.on('error', (e) => res({ error: e.code ?? e.message }))
    req.end(body)
  })
}

const allFixtures = [...fixtures(1), ...fixtures(10)]
for (const f of allFixtures) {
  const r = await send({ agent: false, body: f.body })
  if (r.error) throw new Error(`baseline: ${r.error}`)
  checkBaseline(f, r.status, r.text)
  f.expected = r.text
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]
let nextUid = 1

async function load({ clients, size, keepAlive }) {
  const set = allFixtures.filter((f) => f.size === size)
  const agent = keepAlive ? new Agent({ keepAlive: true, maxSockets: clients, maxFreeSockets: clients, localAddress: API_ADDRESS }) : false
  const latencies = []
  let ok = 0
  let failed = 0
  let wrong = 0
  const peakReset = resetPeak()
  const cpu0 = cpuTicks()
  const t0 = Date.now()
  const end = t0 + DURATION
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let i = c
      while (Date.now() < end) {
        const f = set[i++ % set.length]
        const id = uidOf(nextUid++)
        const r = await send({ agent, body: f.body.replace(UID, id) })
        if (r.error || r.status !== 200) {
          failed++
          if (failed <= 5) problems.push(`load: ${r.error ?? `${r.status} ${r.text.slice(0, 200)}`}`)
        } else if (r.text !== f.expected.replace(UID, id)) {
          wrong++
          if (wrong <= 5) problems.push(`load: wrong response for ${id}: ${r.text.slice(0, 300)}`)
        } else {
          ok++
          latencies.push(r.ms)
        }
      }
    }),
  )
  const secs = (Date.now() - t0) / 1000
  const cpu = (cpuTicks() - cpu0) / 100 / secs
  if (agent) agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    clients,
    size,
    keepAlive,
    ok,
    failed,
    wrong,
    rps: ok / secs,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    rss: procStatus('VmHWM'),
    peakReset,
    cpu,
  }
}

// ---------------------------------------------------------------------------------------------
// Body flood

/** A review of v1alpha1 objects whose body is just under MAX_BODY. */
function floodBody() {
  const one = JSON.stringify(split('v1alpha1', 0))
  let n = Math.floor(MAX_BODY / (one.length + 1))
  for (;;) {
    const objects = Array.from({ length: n }, (_, i) => split('v1alpha1', i))
    const request = { uid: UID, desiredAPIVersion: `${GROUP}/v1alpha2`, objects }
    const body = JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request })
    if (Buffer.byteLength(body) <= MAX_BODY - 1024) return body
    n = Math.floor(n * 0.98)
  }
}

async function flood() {
  const body = floodBody()
  const agent = new Agent({ keepAlive: true, maxSockets: FLOOD_CLIENTS, localAddress: '127.0.0.1' })
  const latencies = []
  const statuses = new Map()
  const peakReset = resetPeak()
  const t0 = Date.now()
  const end = t0 + FLOOD
  let peak = 0
  const sampler = setInterval(() => (peak = Math.max(peak, procStatus('VmRSS'))), 50)
  await Promise.all(
    Array.from({ length: FLOOD_CLIENTS }, async () => {
      while (Date.now() < end) {
        const r = await send({ agent, body })
        const key = r.error ?? r.status
        statuses.set(key, (statuses.get(key) ?? 0) + 1)
        if (r.status === 200) latencies.push(r.ms)
        else if (r.status !== 503 && problems.length < 20) problems.push(`flood: ${r.error ?? `${r.status} ${r.text.slice(0, 200)}`}`)
        if (r.status === 503) await sleep(50)
      }
    }),
  )
  clearInterval(sampler)
  const secs = (Date.now() - t0) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    bytes: Buffer.byteLength(body),
    secs,
    ok: latencies.length,
    rps: latencies.length / secs,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    statuses,
    peak: Math.max(peak, peakReset ? procStatus('VmHWM') : 0),
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile input

const stream = new SeededRandom(Number(args.seed) >>> 0 || 1)
const rand = () => stream.next()
const pick = (a) => a[Math.floor(rand() * a.length)]
const randomBytes = (n) => Buffer.from(Array.from({ length: n }, () => Math.floor(rand() * 256)))

const valid = allFixtures[0]
const reviewWith = (request) => JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', request })
const obj = (over) => ({ ...split('v1alpha1', 0), ...over })
const WRONG_TYPES = [
  reviewWith([]),
  reviewWith({ uid: 5, desiredAPIVersion: `${GROUP}/v1alpha2`, objects: [] }),
  reviewWith({ uid: 'u', desiredAPIVersion: `${GROUP}/v1alpha2`, objects: 'x' }),
  reviewWith({ uid: 'u', desiredAPIVersion: `${GROUP}/v1alpha2`, objects: [null, 1, 's', []] }),
  reviewWith({ uid: 'u', desiredAPIVersion: 7, objects: [obj()] }),
  reviewWith({ uid: 'u', desiredAPIVersion: `${GROUP}/v9`, objects: [obj()] }),
  reviewWith({ uid: 'u', desiredAPIVersion: `${GROUP}/v1alpha2`, objects: [obj({ spec: null })] }),
  reviewWith({ uid: 'u', desiredAPIVersion: `${GROUP}/v1alpha2`, objects: [obj({ spec: { service: 'a', backends: 'x' } })] }),
  reviewWith({
    uid: 'u',
    desiredAPIVersion: `${GROUP}/v1alpha2`,
    objects: [obj({ spec: { service: 'a', backends: [{ service: 'b', weight: {} }] } })],
  }),
  reviewWith({
    uid: 'u',
    desiredAPIVersion: `${GROUP}/v1alpha2`,
    objects: [
      obj({
        spec: {
          service: 'a',
          backends: [
            { service: 'b', weight: '1e400' },
            { service: 'c', weight: '-1' },
          ],
        },
      }),
    ],
  }),
  reviewWith({
    uid: 'u',
    desiredAPIVersion: `${GROUP}/v1alpha1`,
    objects: [
      obj({
        apiVersion: `${GROUP}/v1alpha2`,
        spec: {
          service: 'a',
          backends: [
            { service: 'b', weight: 1e308 },
            { service: 'c', weight: 0.5 },
          ],
        },
      }),
    ],
  }),
  reviewWith({
    uid: 'u',
    desiredAPIVersion: `${GROUP}/v1alpha1`,
    objects: [
      obj({
        apiVersion: `${GROUP}/v1alpha2`,
        metadata: {
          name: 'x',
          annotations: { 'smi-migrate.io/conversion-data': '{"weights":{"original":[1],"converted":"x"},"matches":' },
        },
      }),
    ],
  }),
  reviewWith({
    uid: 'u',
    desiredAPIVersion: `${GROUP}/v1alpha1`,
    objects: [
      obj({
        apiVersion: `${GROUP}/v1alpha2`,
        metadata: {
          name: 'x',
          annotations: { 'smi-migrate.io/conversion-data': '{"weights":{"original":[{"__proto__":1}],"converted":[1]}}' },
        },
        spec: { service: 'a', backends: [{ service: 'b', weight: 1 }] },
      }),
    ],
  }),
  '{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"__proto__":{"uid":"x"}}}',
  JSON.stringify({ apiVersion: 'apiextensions.k8s.io/v1', kind: 'ConversionReview', response: {} }),
  '"just a string"',
  'null',
  '1e999',
  '{"a":1,"a":2}',
]
const deepNest = (n) =>
  JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'ConversionReview',
    request: {
      uid: 'u',
      desiredAPIVersion: `${GROUP}/v1alpha2`,
      objects: [obj({ spec: { service: 'a', backends: [{ service: 'b', weight: '1' }], x: 'X' } })],
    },
  }).replace('"X"', '['.repeat(n) + ']'.repeat(n))
const hugeString = () => {
  const o = obj()
  o.metadata = { ...o.metadata, annotations: { big: 'x'.repeat(MAX_BODY - 4096) } }
  return reviewWith({ uid: 'huge', desiredAPIVersion: `${GROUP}/v1alpha2`, objects: [o] })
}
/**
 * A v1alpha2 object whose integer weight has a million digits (a 1 MB body, which the byte
 * budgets the other hostile bodies leave admit more often than 3 MiB), to go down to v1alpha1:
 * past the 64 digits a weight may have, it must fail at once, not cost the one thread seconds
 * of BigInt work (3.8 s for this one).
 */
let hugeIntegerBody
const hugeInteger = () => {
  if (!hugeIntegerBody) {
    let digits = '9'
    while (digits.length < 1_000_000) digits += String(Math.floor(rand() * 1e15)).padStart(15, '0')
    hugeIntegerBody = `{"apiVersion":"apiextensions.k8s.io/v1","kind":"ConversionReview","request":{"uid":"huge-int","desiredAPIVersion":"${GROUP}/v1alpha1","objects":[{"apiVersion":"${GROUP}/v1alpha2","kind":"TrafficSplit","metadata":{"name":"h"},"spec":{"service":"s","backends":[{"service":"b","weight":${digits.slice(0, 1_000_000)}},{"service":"c","weight":1}]}}]}}`
  }
  return hugeIntegerBody
}
const manyObjects = () =>
  reviewWith({
    uid: 'many',
    desiredAPIVersion: `${GROUP}/v1alpha2`,
    objects: Array.from({ length: 12000 }, (_, i) => ({
      apiVersion: `${GROUP}/v1alpha1`,
      kind: 'TrafficSplit',
      metadata: { name: `s${i}` },
      spec: {
        service: 's',
        backends: [
          { service: 'a', weight: '1' },
          { service: 'b', weight: `${i}m` },
        ],
      },
    })),
  })

/** A TLS connection that writes `parts` (with pauses) and returns what came back. */
function rawExchange(parts, { pauseMs = 0, destroyAfterMs } = {}) {
  return new Promise((res) => {
    let text = ''
    const s = tlsConnect({ host: '127.0.0.1', port, ca: CA }, async () => {
      for (const p of parts) {
        if (s.destroyed) break
        s.write(p)
        if (pauseMs) await sleep(pauseMs)
      }
      if (destroyAfterMs !== undefined) setTimeout(() => s.destroy(), destroyAfterMs)
    })
    s.on('data', (d) => {
      text += d.toString('latin1')
      if (destroyAfterMs === undefined && /\r\n\r\n/.test(text)) {
        const len = Number(/content-length: (\d+)/i.exec(text)?.[1] ?? 0)
        if (Buffer.byteLength(text.split('\r\n\r\n').slice(1).join('\r\n\r\n'), 'latin1') >= len) s.destroy()
      }
    })
    s.on('error', () => {})
    s.on('close', () => res(text))
    s.setTimeout(30_000, () => s.destroy())
  })
}
/** A response's status, or the error that ended it (ECONNRESET: the connection was dropped). */
const outcome = (r) => r.status ?? `error ${r.error}`
const statusOf = (text) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)

async function hostile() {
  const counts = new Map()
  const bump = (k) => counts.set(k, (counts.get(k) ?? 0) + 1)
  const bad = []
  // 503 is a right answer to any request here: twelve workers share 127.0.0.1's byte budget,
  // and a body is refused before it is read while the others hold that address's share.
  const expect = (name, got, allowed) => {
    const ok = allowed.includes(got) || got === 503
    bump(`${name} → ${got}`)
    if (!ok && bad.length < 20) bad.push(`${name}: got ${got}, expected one of ${allowed.join('/')} (${new Date().toISOString()})`)
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: '127.0.0.1' })
  const apiAgent = new Agent({ keepAlive: true, maxSockets: 8, localAddress: API_ADDRESS })
  const digitsAgent = new Agent({ keepAlive: true, maxSockets: 2, localAddress: DIGITS_ADDRESS })
  let validOk = 0
  let validWrong = 0
  const actions = {
    'random bytes': async () =>
      expect('random bytes', outcome(await send({ agent, body: randomBytes(1 + Math.floor(rand() * 65536)) })), [400]),
    'truncated review': async () => {
      const f = pick(allFixtures)
      expect('truncated review', outcome(await send({ agent, body: f.body.slice(0, Math.floor(rand() * (f.body.length - 1))) })), [400])
    },
    'deep nesting': async () =>
      expect(
        'deep nesting',
        outcome(await send({ agent, body: pick(['['.repeat(100_000), '{"a":'.repeat(100_000), deepNest(5000), deepNest(900)]) })),
        [200, 400],
      ),
    'huge string': async () => expect('huge string under the limit', outcome(await send({ agent, body: hugeString() })), [200, 503]),
    'huge integer': async () => {
      const r = await send({ agent: digitsAgent, body: hugeInteger() })
      // A 200 must be the review's failure that names the bound, never a conversion.
      const failed = r.status !== 200 || /"status":"Failure","message":"[^"]*is an integer of \d+ digits/.test(r.text)
      expect('integer weight of a million digits', failed ? outcome(r) : '200 (not refused)', [200, 503])
    },
    'many objects': async () => expect('12,000 objects', outcome(await send({ agent, body: manyObjects() })), [200, 503]),
    'wrong types': async () => expect('wrong types', outcome(await send({ agent, body: pick(WRONG_TYPES) })), [200, 400]),
    'oversized declared': async () =>
      expect(
        'oversized (Content-Length)',
        statusOf(
          await rawExchange([
            `POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY + 1 + Math.floor(rand() * 1e9)}\r\n\r\n`,
            Buffer.alloc(65536, 0x20),
          ]),
        ),
        [413],
      ),
    'oversized chunked': async () => {
      const piece = Buffer.alloc(256 * 1024, 0x20)
      const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
      expect(
        'oversized (chunked)',
        statusOf(
          await rawExchange([
            'POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
            ...Array(16).fill(frame),
          ]),
        ),
        // A chunked body is known to be too large only at 3 MiB; before that its address may run
        // out of budget (the slow clients hold theirs), which is answered 503 first.
        [413, 503],
      )
    },
    'content type': async () =>
      expect(
        'wrong content type',
        outcome(
          await send({
            agent,
            headers: { 'Content-Type': pick(['text/plain', 'application/yaml', 'application/json; charset=latin1', '']) },
            body: valid.body,
          }),
        ),
        [415],
      ),
    'method and path': async () => {
      const [method, path] = pick([
        ['GET', '/convert'],
        ['PUT', '/convert'],
        ['POST', '/'],
        ['GET', '/../../etc/passwd'],
        ['DELETE', '/healthz'],
        ['GET', `/${'a'.repeat(8000)}`],
      ])
      expect('wrong method or path', outcome(await send({ agent, method, path, body: method === 'GET' ? undefined : '{}' })), [404, 405])
    },
    'garbage after TLS': async () => expect('not HTTP after TLS', statusOf(await rawExchange([randomBytes(2000)])), [400, 0]),
    'huge header': async () =>
      expect(
        '64 KB header',
        statusOf(await rawExchange([`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(65536)}\r\n\r\n`])),
        [431, 0],
      ),
    'no TLS': async () => {
      await new Promise((res) => {
        const s = netConnect(port, '127.0.0.1', () => s.end(pick(['GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', randomBytes(5000)])))
        s.on('error', () => {})
        s.on('close', res)
        s.resume()
      })
      bump('plain text on the TLS port')
    },
    'abrupt disconnect': async () => {
      await rawExchange(
        [
          `POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${valid.body.length}\r\n\r\n`,
          valid.body.slice(0, 100),
        ],
        { destroyAfterMs: 5 },
      )
      bump('abrupt disconnect mid-body')
    },
    'valid review': async () => {
      const f = pick(allFixtures)
      const id = uidOf(nextUid++)
      const r = await send({ agent: apiAgent, body: f.body.replace(UID, id) })
      if (r.status === 200 && r.text === f.expected.replace(UID, id)) validOk++
      else {
        validWrong++
        if (validWrong <= 5)
          problems.push(`hostile: a valid review got ${r.error ?? `${r.status}: ${r.text?.slice(0, 200)}`} (${new Date().toISOString()})`)
      }
    },
  }
  const names = Object.keys(actions)
  // Slow clients, held open throughout: partial headers, trickled bodies, stalled handshakes.
  let slowOpen = 0
  let slowCut = 0
  let running = true
  const slow = async (kind) => {
    while (running) {
      slowOpen++
      await new Promise((res) => {
        let timer
        const done = () => {
          clearInterval(timer)
          slowCut++
          res()
        }
        if (kind === 'handshake') {
          const s = netConnect({ port, host: '127.0.0.1', localAddress: SLOW_ADDRESS })
          s.on('error', () => {})
          s.on('close', done)
          return
        }
        const s = tlsConnect({ host: '127.0.0.1', port, ca: CA, localAddress: SLOW_ADDRESS }, () => {
          if (kind === 'headers') {
            const h = `POST /convert HTTP/1.1\r\nHost: x\r\nX-Pad: ${'p'.repeat(4000)}\r\n\r\n`
            let i = 0
            timer = setInterval(() => !s.destroyed && i < h.length && s.write(h[i++]), 100)
          } else {
            s.write(`POST /convert HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY}\r\n\r\n`)
            timer = setInterval(() => !s.destroyed && s.write(Buffer.alloc(1024, 0x20)), 50)
          }
        })
        s.on('error', () => {})
        s.on('close', done)
      })
    }
  }
  const slowClients = [...Array(40).fill('headers'), ...Array(20).fill('body'), ...Array(40).fill('handshake')].map(slow)
  const peakReset = resetPeak()
  const t0 = Date.now()
  const end = t0 + HOSTILE
  let actionsDone = 0
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      while (Date.now() < end) {
        const name = rand() < 0.3 ? 'valid review' : pick(names)
        await actions[name]()
        actionsDone++
      }
    }),
  )
  running = false
  const secs = (Date.now() - t0) / 1000
  const rssDuring = procStatus('VmHWM')
  agent.destroy()
  apiAgent.destroy()
  digitsAgent.destroy()
  // The slow clients are cut off by the server's own timeouts (headers 5 s, request 10 s, handshake 10 s).
  const cutBy = Date.now() + 15_000
  while (slowCut < slowOpen && Date.now() < cutBy) await sleep(100)
  await Promise.race([Promise.all(slowClients), sleep(1000)])
  return { counts, bad, validOk, validWrong, actionsDone, secs, slowOpen, slowCut, rssDuring, peakReset }
}

// ---------------------------------------------------------------------------------------------
// Run

const machine = {
  cores: cpus().length,
  model: cpus()[0]?.model ?? '?',
  load: loadavg()
    .map((l) => l.toFixed(2))
    .join(' '),
  mem: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
  node: process.version,
}
const rssStart = procStatus('VmRSS')
const runs = []
if (DURATION > 0) {
  for (const clients of CLIENTS) {
    for (const size of [1, 10]) runs.push(await load({ clients, size, keepAlive: true }))
  }
  runs.push(await load({ clients: CLIENTS[0], size: 1, keepAlive: false }))
}
const fl = FLOOD > 0 ? await flood() : undefined
const h = HOSTILE > 0 ? await hostile() : undefined

// After the hostile run: still healthy, still exact.
const health = await send({ agent: false, method: 'GET', path: '/healthz' })
const after = await send({ agent: false, body: valid.body.replace(UID, uidOf(nextUid)) })
const healthyAfter = health.status === 200 && after.status === 200 && after.text === valid.expected.replace(UID, uidOf(nextUid))
// A large review from a pod of its own: the hostile run answers such reviews 503 while the
// other pods hold their shares, so this shows one is converted once they have let go.
const large = h ? await send({ agent: false, body: manyObjects(), localAddress: '127.0.0.4' }) : undefined
const largeOk = !large || (large.status === 200 && JSON.parse(large.text).response?.convertedObjects?.length === 12_000)
const rssAfter = procStatus('VmRSS')
const loadEnd = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')
child.kill('SIGTERM')
const exitCode = await Promise.race([exited, sleep(25_000).then(() => 'still running 25 s after SIGTERM')])

const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : '?')
console.log(`## smi-migrate webhook: load and hostile input\n`)
console.log(
  `Machine: ${machine.cores} cores (${machine.model}), ${machine.mem}, Node ${machine.node}, load average ${machine.load} at the start, ${loadEnd} at the end. Server: ${args.src ? 'src/ through tsx' : args.cli}${args['node-options'] ? ` with NODE_OPTIONS=${args['node-options']}` : ''}, one process; clients in the benchmark's process on the same machine. RSA 2048 certificate, TLS 1.3, loopback.\n`,
)
if (runs.length) {
  console.log(`### Load (${DURATION / 1000} s per row, every response checked)\n`)
  console.log(
    '| clients | connections | objects/review | reviews/s | p50 ms | p99 ms | failed | wrong | server CPU (cores) | server peak RSS MiB |',
  )
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const r of runs)
    console.log(
      `| ${r.clients} | ${r.keepAlive ? 'keep-alive' : 'new per review'} | ${r.size} | ${fmt(r.rps, 0)} | ${fmt(r.p50, 2)} | ${fmt(r.p99, 2)} | ${r.failed} | ${r.wrong} | ${fmt(r.cpu, 2)} | ${fmt(r.rss)}${r.peakReset ? '' : ' (since start)'} |`,
    )
}
console.log(`\nServer RSS at start (idle): ${fmt(rssStart)} MiB.`)
if (fl) {
  console.log(
    `\n### Body flood (${fmt(fl.secs, 0)} s, ${FLOOD_CLIENTS} keep-alive clients, reviews of ${fmt(fl.bytes / 2 ** 20, 2)} MiB back to back)\n`,
  )
  console.log('| reviews/s answered | p50 ms | p99 ms | answers by status | server peak RSS MiB |')
  console.log('| ---: | ---: | ---: | --- | ---: |')
  console.log(
    `| ${fmt(fl.rps, 1)} | ${fmt(fl.p50, 0)} | ${fmt(fl.p99, 0)} | ${[...fl.statuses].map(([k, v]) => `${k}: ${v}`).join(', ')} | ${fmt(fl.peak)} |`,
  )
  if (fl.peak > MAX_RSS_MB) problems.push(`flood: peak RSS ${fmt(fl.peak)} MiB above ${MAX_RSS_MB} MiB`)
  if (fl.ok === 0) problems.push('flood: no review was answered')
}
if (h) {
  console.log(
    `\n### Hostile input (${fmt(h.secs, 0)} s with 12 workers, and 100 slow clients held open: 40 partial headers, 20 trickled bodies, 40 stalled handshakes)\n`,
  )
  console.log('| what was sent → status (0: connection closed without an answer) | times |')
  console.log('| --- | ---: |')
  for (const [k, v] of [...h.counts].sort()) console.log(`| ${k} | ${v} |`)
  console.log(`| valid reviews mixed in, exact | ${h.validOk} |`)
  console.log(`| valid reviews mixed in, failed or wrong | ${h.validWrong} |`)
  console.log(
    `\nSlow connections opened ${h.slowOpen}, cut off by the server ${h.slowCut}. Server peak RSS during the hostile run ${fmt(h.rssDuring)} MiB${h.peakReset ? '' : ' (since start)'} (bound ${MAX_RSS_MB} MiB), RSS after ${fmt(rssAfter)} MiB. Afterwards /healthz ${health.status ?? health.error}, a valid review ${healthyAfter ? 'exact' : 'WRONG'}, a review of 12,000 objects from another pod ${large ? (largeOk ? 'converted' : `NOT CONVERTED (${large.status ?? large.error})`) : 'not sent'}; exit on SIGTERM: ${exitCode}.`,
  )
  if (h.bad.length) problems.push(...h.bad.map((b) => `hostile: ${b}`))
  if (h.validWrong) problems.push(`hostile: ${h.validWrong} valid reviews failed or were wrong`)
  if (h.rssDuring > MAX_RSS_MB) problems.push(`hostile: peak RSS ${fmt(h.rssDuring)} MiB above ${MAX_RSS_MB} MiB`)
  if (h.slowCut < h.slowOpen) problems.push(`hostile: ${h.slowOpen - h.slowCut} slow connections still open 15 s after the run`)
}
console.log(`\nLog lines by msg: ${[...logCounts].map(([k, v]) => `${k} ${v}`).join(', ')}.`)
for (const r of runs)
  if (r.failed || r.wrong) problems.push(`load ${r.clients} clients × ${r.size} objects: ${r.failed} failed, ${r.wrong} wrong`)
if (!largeOk) problems.push(`after the hostile run: a review of 12,000 objects from 127.0.0.4: ${large.status ?? large.error}`)
if (!healthyAfter) problems.push(`after the hostile run: /healthz ${health.status ?? health.error}, review ${after.status ?? after.error}`)
if (exitCode !== 0) problems.push(`the server's exit on SIGTERM: ${exitCode} ${stderr.trim()}`)
if (stderr.trim()) problems.push(`server stderr: ${stderr.trim().slice(0, 500)}`)
if (problems.length) {
  console.log(`\n### Problems\n\n${problems.map((p) => `- ${p}`).join('\n')}`)
  process.exitCode = 1
}
