/**
 * Every request routed as Linkerd routed it (issue 38), checked through the real CLI against
 * the model of Linkerd in test/helpers/linkerd/ (written from Linkerd's sources, independent of
 * the converter). Random repositories (test/helpers/routing-repos.ts: Services with their
 * ports and appProtocols, TrafficSplits, producer and consumer ServiceProfiles, skip
 * annotations, hand-written routes) are converted by one `--write --to gateway` run over a
 * directory holding each in a folder of its own. Then, for every sampled request (client
 * namespace, port, protocol, method, path), the model routes it with the manifests before and
 * after: the same route (the profile route's name, kept in the route's annotation, or the same
 * route object), timeout, retries and backends in the same proportions; or the run reported a
 * finding for that repository that names the routes involved, and wrote nothing there.
 *
 * Then the tool's own output is converted again with --keep-trafficsplit and
 * --keep-serviceprofile: nothing changes.
 *
 * ROUTING_REPOS (default 300) and ROUTING_SEED (default 38) pick the repositories; a failure
 * prints the repository, so that `ROUTING_SEED=<seed> ROUTING_ONLY=<id>` replays it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli, tempDir } from './helpers/cli.js'
import { type Behaviour, type Obj, type Request, routeWith } from './helpers/linkerd/index.js'
import { manifest, type Repo, repositories } from './helpers/routing-repos.js'
import { difference, PROFILE_ROUTE } from './helpers/routing-compare.js'

const COUNT = Number(process.env.ROUTING_REPOS ?? 300)
const SEED = Number(process.env.ROUTING_SEED ?? 38)
const ONLY = process.env.ROUTING_ONLY
const ARGS = ['--to', 'gateway', '--linkerd', '2.18', '--format', 'json']

interface Finding {
  path?: string
  pending?: boolean
  namespace?: string
  kind?: string
  severity: string
  code: string
  message: string
}

function findingsOf(stdout: string): Finding[] {
  const all = JSON.parse(stdout) as Array<Finding & { type?: string }>
  return all.filter((f) => typeof f.code === 'string' && typeof f.severity === 'string')
}

function readObjects(file: string): Obj[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((d) => d.toJS() as Obj)
    .filter((o) => o !== null && typeof o === 'object')
}

interface Outcome {
  repo: Repo
  /** The directory of its CLI run. */
  batch: string
  findings: Finding[]
  after: Obj[]
  written: boolean
}

/** Repositories per CLI run: a run's facts are found nearest each file first, so a run stays small. */
const BATCH = Number(process.env.ROUTING_BATCH ?? 500)

function convertAll(repos: Repo[]): { dir: string; outcomes: Outcome[] } {
  const dir = tempDir('routing')
  const outcomes: Outcome[] = []
  for (let first = 0; first < repos.length; first += BATCH) {
    const batch = repos.slice(first, first + BATCH)
    const at = join(dir, `b${first / BATCH}`)
    mkdirSync(at)
    for (const r of batch) {
      mkdirSync(join(at, r.id))
      writeFileSync(join(at, r.id, 'manifests.yaml'), manifest(r))
    }
    const run = cli(['--write', ...ARGS, '.'], { cwd: at, timeout: 600_000 })
    assert.ok(run.status === 0 || run.status === 1 || run.status === 2, `the run ends with an exit status: ${run.stderr}`)
    const findings = findingsOf(run.stdout)
    for (const repo of batch) {
      const file = join(at, repo.id, 'manifests.yaml')
      const text = readFileSync(file, 'utf8')
      outcomes.push({
        repo,
        batch: at,
        findings: findings.filter((f) => f.path?.split(/[\\/]/)[0] === repo.id),
        after: readObjects(file),
        written: text !== manifest(repo),
      })
    }
  }
  return { dir, outcomes }
}

/**
 * A warning or error of the repository that names what changed: one of the routes involved
 * (the profile route, the route object before or after), or the class of requests — clients
 * of a namespace whose profile's routes now merge with the producer's (`sp-consumer-merged`) or
 * whose empty profile hid the producer's (`sp-delete`),
 * connections that are not HTTP to a port (`opaque-unsplit`); or, where the profile still routes,
 * a refusal or a warning that leaves an object of its namespace for a person.
 */
function excused(o: Outcome, req: Request, before: Behaviour, after: Behaviour): boolean {
  const objectName = (b: Behaviour): string | undefined => (b.by === 'route' ? b.object?.split('/')[1] : undefined)
  // Profile route names are quoted in messages (JSON), route objects named bare.
  const quoted = [before.profileRoute, after.annotations?.[PROFILE_ROUTE]].filter(
    (n): n is string => typeof n === 'string' && n !== '[DEFAULT]',
  )
  const names = [...quoted.map((n) => JSON.stringify(n)), objectName(after), objectName(before)].filter(
    (n): n is string => typeof n === 'string' && n !== '',
  )
  // A profile or split the run left in place for a person (refused, or reported for deletion) still routes.
  const leftNs = after.by === 'profile' ? after.object?.split('/')[0] : undefined
  return o.findings.some((f) => {
    // Connections that are not HTTP on a port that detects HTTP: a note (most such ports carry only HTTP).
    if (f.code === 'opaque-unsplit') return req.protocol === 'opaque' && new RegExp(`port [\\d, ]*\\b${req.port}\\b`).test(f.message)
    if (f.severity !== 'warning' && f.severity !== 'error') return false
    if (leftNs !== undefined && f.namespace === leftNs && (f.severity === 'error' || f.pending === true || f.code === 'sp-delete'))
      return true
    if (f.code === 'sp-consumer-merged' || f.code === 'sp-delete') return f.message.includes(`clients in ${req.clientNamespace} `)
    return names.some((n) => f.message.includes(n))
  })
}

let outcomes: Outcome[] = []
let dir = ''

test.before(() => {
  const repos = repositories(SEED, COUNT).filter((r) => ONLY === undefined || r.id === ONLY)
  ;({ dir, outcomes } = convertAll(repos))
})

test.after(() => {
  if (dir && !process.env.ROUTING_KEEP) rmSync(dir, { recursive: true, force: true })
})

test('every request is routed as before, or a finding names the routes involved', () => {
  let compared = 0
  let same = 0
  const failures: string[] = []
  let unexcused = 0
  // Requests with headers or a query string: compared, and of them alike.
  const carrying = [0, 0]
  for (const o of outcomes) {
    for (const req of o.repo.requests) {
      const before = routeWith(o.repo.objects, req)
      const after = routeWith(o.after, req)
      compared++
      const diff = difference(before, after)
      const carries = req.headers !== undefined || req.query !== undefined
      if (carries) carrying[0]!++
      if (!diff) {
        same++
        if (carries) carrying[1]!++
        continue
      }
      if (excused(o, req, before, after)) continue
      unexcused++
      // One request per repository, the first few repositories in full.
      if (failures.some((f) => f.startsWith(`${o.repo.id}:`))) continue
      const carried = `${req.query !== undefined ? `?${req.query}` : ''}${req.headers ? ` ${JSON.stringify(req.headers)}` : ''}`
      const head = `${o.repo.id}: ${req.clientNamespace} ${req.protocol} ${req.method} ${req.path}${carried} port ${req.port}: ${diff}`
      failures.push(
        failures.length < 2
          ? `${head}\nfindings: ${o.findings.map((f) => `${f.severity} ${f.code}: ${f.message}`).join('\n  ')}\n${manifest(o.repo)}`
          : head,
      )
    }
  }
  if (process.env.ROUTING_REPORT)
    console.log(
      `seed ${SEED}, ${outcomes.length} repositories: ${compared} requests, ${same} routed alike, ${compared - same - unexcused} reported, ${unexcused} not; ${carrying[0]} with headers or a query string, ${carrying[1]} of them alike`,
    )
  assert.ok(failures.length === 0, `seed ${SEED}: ${unexcused} requests routed otherwise, unreported; the first:\n${failures.join('\n\n')}`)
  assert.ok(same > compared / 2, `most requests keep their route (${same} of ${compared})`)
})

test('rerunning with --keep-trafficsplit --keep-serviceprofile on the tool’s own output changes nothing', () => {
  const kept = tempDir('routing-kept')
  const flags = ['--keep-trafficsplit', '--keep-serviceprofile']
  try {
    const changed: string[] = []
    for (const batch of [...new Set(outcomes.map((o) => o.batch))]) {
      const here = outcomes.filter((o) => o.batch === batch)
      const at = join(kept, batch.slice(dir.length + 1))
      for (const o of here) {
        mkdirSync(join(at, o.repo.id), { recursive: true })
        writeFileSync(join(at, o.repo.id, 'manifests.yaml'), manifest(o.repo))
      }
      cli(['--write', ...ARGS, ...flags, '.'], { cwd: at, timeout: 600_000 })
      const first = here.map((o) => readFileSync(join(at, o.repo.id, 'manifests.yaml'), 'utf8'))
      cli(['--write', ...ARGS, ...flags, '.'], { cwd: at, timeout: 600_000 })
      here.forEach((o, i) => {
        if (readFileSync(join(at, o.repo.id, 'manifests.yaml'), 'utf8') !== first[i]) changed.push(o.repo.id)
      })
    }
    assert.is(changed.join(' '), '', `a rerun rewrote these (seed ${SEED})`)
  } finally {
    rmSync(kept, { recursive: true, force: true })
  }
})

const TWO_RUNS = Number(process.env.ROUTING_TWO_RUNS ?? 300)
const isSplit = (o: Obj): boolean => o.kind === 'TrafficSplit'
const troubled = (fs: readonly Finding[]): boolean => fs.some((f) => f.severity === 'error' || f.pending === true)

/**
 * The first ROUTING_TWO_RUNS repositories converted in two runs, the ServiceProfiles (with
 * the rest) first and the TrafficSplits later, or the other way round: where no run refused
 * or left anything for a person, and every source was converted, every request routes as
 * after one run.
 */
for (const order of ['profiles first', 'splits first'] as const)
  test(`converting in two runs, ${order}, routes as one run`, () => {
    const two = tempDir('routing-two')
    try {
      const here = outcomes.slice(0, TWO_RUNS).filter((o) => o.repo.objects.some(isSplit))
      const firstPart = (o: Outcome): Obj[] =>
        o.repo.objects.filter((x) => (order === 'profiles first' ? !isSplit(x) : x.kind !== 'ServiceProfile'))
      const laterPart = (o: Outcome): Obj[] => o.repo.objects.filter((x) => !firstPart(o).includes(x))
      const dump = (objects: Obj[]): string => manifest({ id: '', objects, requests: [] })
      for (const o of here) {
        mkdirSync(join(two, o.repo.id))
        writeFileSync(join(two, o.repo.id, 'manifests.yaml'), dump(firstPart(o)))
      }
      const first = findingsOf(cli(['--write', ...ARGS, '.'], { cwd: two, timeout: 600_000 }).stdout)
      for (const o of here) writeFileSync(join(two, o.repo.id, 'later.yaml'), dump(laterPart(o)))
      const later = findingsOf(cli(['--write', ...ARGS, '.'], { cwd: two, timeout: 600_000 }).stdout)
      const mine = (fs: Finding[], o: Outcome): Finding[] => fs.filter((f) => f.path?.split(/[\\/]/)[0] === o.repo.id)
      let compared = 0
      const failures: string[] = []
      for (const o of here) {
        if (troubled(o.findings) || troubled(mine(first, o)) || troubled(mine(later, o))) continue
        const after = [...readObjects(join(two, o.repo.id, 'manifests.yaml')), ...readObjects(join(two, o.repo.id, 'later.yaml'))]
        // A source left in place (a profile reported for deletion, a refusal) routes by itself: only conversions are compared.
        if ([...o.after, ...after].some((x) => isSplit(x) || x.kind === 'ServiceProfile')) continue
        for (const req of o.repo.requests) {
          compared++
          const diff = difference(routeWith(o.after, req), routeWith(after, req))
          if (diff && !failures.some((f) => f.startsWith(`${o.repo.id}:`)))
            failures.push(
              `${o.repo.id}: ${req.clientNamespace} ${req.protocol} ${req.method} ${req.path} port ${req.port}: ${diff} [${[...mine(first, o), ...mine(later, o)].map((f) => `${f.severity} ${f.code}`).join(', ')}]`,
            )
        }
      }
      if (process.env.ROUTING_REPORT)
        console.log(
          `${order}: ${here.length} repositories with a split, ${compared} requests compared, ${failures.length} repositories differ`,
        )
      assert.is(failures.length, 0, `seed ${SEED}:\n${failures.slice(0, 5).join('\n')}`)
    } finally {
      rmSync(two, { recursive: true, force: true })
    }
  })

test.run()
