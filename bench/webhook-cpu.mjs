// Server CPU per review of `smi-migrate webhook`, for two builds on the same stream of reviews.
//
//   node bench/webhook-cpu.mjs --base /tmp/old/dist/cli.js            # against dist/cli.js
//   node bench/webhook-cpu.mjs --base A/cli.js --cli B/cli.js --reviews 20000 --rounds 5
//
// On a shared machine wall time says more about the neighbours than about the server, so this
// counts the CPU time of the server process (utime + stime from /proc/PID/stat, every thread)
// while it answers a fixed stream of reviews: the same reviews, in the same order, from the
// same number of keep-alive clients, for each build. The builds take turns, round after round
// (A B, B A, ...), so a change of the machine's load falls on both; the report gives each
// build's median and the ratio of the medians. Every answer must be 200 with a Success result
// and as many objects as were sent.
//
// The server runs with the options every build has (`--cert --key --port --address`), so a
// build from before an option was added can be measured too; `--new-args` adds options to
// --cli's server only (e.g. `--new-args=--stash-key,FILE`).
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:https'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { WEIGHTS } from './webhook-fixtures.mjs'

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    cli: { type: 'string', default: 'dist/cli.js' },
    reviews: { type: 'string', default: '20000' },
    warmup: { type: 'string', default: '3000' },
    clients: { type: 'string', default: '8' },
    rounds: { type: 'string', default: '5' },
    size: { type: 'string', default: '1' },
    'new-args': { type: 'string' },
  },
})
if (!args.base) throw new Error('--base CLI is required (the build to compare with)')
const REVIEWS = Number(args.reviews)
const WARMUP = Number(args.warmup)
const CLIENTS = Number(args.clients)
const ROUNDS = Number(args.rounds)
const SIZE = Number(args.size)
const GROUP = 'split.smi-spec.io'
const VERSIONS = ['v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4']
const TICK = 100 // clock ticks per second (USER_HZ)

const dir = mkdtempSync(join(tmpdir(), 'smi-webhook-cpu-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
const openssl = (a) => execFileSync('openssl', a, { cwd: dir, stdio: ['ignore', 'ignore', 'pipe'] })
openssl([
  'req',
  '-x509',
  '-newkey',
  'rsa:2048',
  '-nodes',
  '-keyout',
  'tls.key',
  '-out',
  'tls.crt',
  '-days',
  '2',
  '-subj',
  '/CN=localhost',
  '-addext',
  'subjectAltName=IP:127.0.0.1,DNS:localhost',
])
const CA = readFileSync(join(dir, 'tls.crt'))

/** A TrafficSplit of version `v`, the i-th of three weight sets (quantities for v1alpha1). */
function split(v, i) {
  const name = `cpu-${v}-${i}`
  const weights = WEIGHTS[v][i % 3]
  const spec = { service: name, backends: weights.map((w, j) => ({ service: `${name}-v${j + 1}`, weight: w })) }
  if (v === 'v1alpha3' || v === 'v1alpha4') spec.matches = [{ kind: 'HTTPRouteGroup', name: `${name}-routes` }]
  const meta = { name, namespace: 'prod' }
  return {
    apiVersion: `${GROUP}/${v}`,
    kind: 'TrafficSplit',
    metadata: {
      ...meta,
      uid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      resourceVersion: String(5000 + i),
      generation: 1,
      labels: { app: name },
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': `${JSON.stringify({ apiVersion: `${GROUP}/${v}`, kind: 'TrafficSplit', metadata: meta, spec })}\n`,
      },
    },
    spec,
  }
}

/** The stream: reviews of SIZE objects of mixed versions, to each version in turn, v1 and v1beta1. */
const bodies = VERSIONS.flatMap((to, t) =>
  [0, 1, 2].map((k) =>
    JSON.stringify({
      apiVersion: `apiextensions.k8s.io/${t % 2 ? 'v1beta1' : 'v1'}`,
      kind: 'ConversionReview',
      request: {
        uid: 'UID',
        desiredAPIVersion: `${GROUP}/${to}`,
        objects: Array.from({ length: SIZE }, (_, i) => split(VERSIONS[(t + i + k + 1) % 4], i + k)),
      },
    }),
  ),
)

function send(agent, port, body) {
  return new Promise((res, rej) => {
    const headers = { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) }
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/convert', headers, ca: CA, agent }, (r) => {
      const chunks = []
      r.on('data', (d) => chunks.push(d))
      r.on('end', () => res({ status: r.statusCode, text: Buffer.concat(chunks).toString('utf8') }))
      r.on('error', rej)
    })
    req.on('error', rej)
    req.end(body)
  })
}

/** Sends reviews `from` .. `to` of the stream from CLIENTS clients; every answer is checked. */
async function stream(agent, port, from, to) {
  let next = from
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < to) {
        const n = next++
        const body = bodies[n % bodies.length].replace('"UID"', `"uid-${n}"`)
        const r = await send(agent, port, body)
        const review = r.status === 200 ? JSON.parse(r.text) : undefined
        const ok =
          review?.response?.uid === `uid-${n}` &&
          review.response.result?.status === 'Success' &&
          review.response.convertedObjects?.length === SIZE
        if (!ok) throw new Error(`review ${n}: ${r.status} ${r.text.slice(0, 300)}`)
      }
    }),
  )
}

function cpuTicks(pid) {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return Number(f[11]) + Number(f[12])
}

/** One server of `cli`: warmed up, then the CPU it spends on REVIEWS reviews, in microseconds per review. */
async function measure(cli, extra) {
  const child = spawn(
    process.execPath,
    [
      resolve(cli),
      'webhook',
      '--cert',
      join(dir, 'tls.crt'),
      '--key',
      join(dir, 'tls.key'),
      '--port',
      '0',
      '--address',
      '127.0.0.1',
      ...extra,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  try {
    const port = await new Promise((res, rej) => {
      let partial = ''
      child.stdout.on('data', (d) => {
        const lines = (partial + d).split('\n')
        partial = lines.pop()
        for (const line of lines) if (line.includes('"listening"')) res(JSON.parse(line).port)
      })
      child.on('exit', (code) => rej(new Error(`${cli} exited (${code}) before listening`)))
    })
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS })
    await stream(agent, port, 0, WARMUP)
    const before = cpuTicks(child.pid)
    const t0 = process.hrtime.bigint()
    await stream(agent, port, WARMUP, WARMUP + REVIEWS)
    const wall = Number(process.hrtime.bigint() - t0) / 1e9
    const ticks = cpuTicks(child.pid) - before
    agent.destroy()
    return { us: (ticks / TICK / REVIEWS) * 1e6, rps: REVIEWS / wall }
  } finally {
    child.kill('SIGTERM')
  }
}

const builds = [
  { name: 'base', cli: args.base, extra: [] },
  { name: 'this', cli: args.cli, extra: args['new-args'] ? args['new-args'].split(',') : [] },
]
const results = { base: [], this: [] }
const load0 = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ')
for (let round = 0; round < ROUNDS; round++) {
  for (const b of round % 2 ? [...builds].reverse() : builds) {
    const r = await measure(b.cli, b.extra)
    results[b.name].push(r)
    console.error(`round ${round + 1} ${b.name}: ${r.us.toFixed(1)} µs CPU/review, ${r.rps.toFixed(0)} reviews/s`)
  }
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const m = { base: median(results.base.map((r) => r.us)), this: median(results.this.map((r) => r.us)) }
console.log(
  `Machine: ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load0} at the start, ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} at the end.`,
)
console.log(
  `Stream: ${REVIEWS} reviews of ${SIZE} object(s) after ${WARMUP} to warm up, ${CLIENTS} keep-alive clients, ${ROUNDS} rounds.\n`,
)
console.log('| build | server CPU µs per review (each round) | median |')
console.log('| --- | --- | ---: |')
for (const b of builds)
  console.log(`| ${b.name} (${b.cli}) | ${results[b.name].map((r) => r.us.toFixed(1)).join(', ')} | ${m[b.name].toFixed(1)} |`)
console.log(`\nthis / base: ${(m.this / m.base).toFixed(3)}`)
