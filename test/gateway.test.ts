/**
 * `--to gateway` checked from outside the tool's code:
 *
 * - every golden case converting to gateway (testdata/golden/<case>/options.json says so):
 *   (a) every Gateway API route in the output (top-level or a List item, HTTPRoute, GRPCRoute
 *   or TCPRoute of group gateway.networking.k8s.io) is accepted by the vendored CRD schemas
 *   and CEL rules (test/helpers/gateway-schema.ts) of each release that serves its version,
 *   and at least one release serves it; (b) a second run changes nothing; (c) an error leaves
 *   the input as it was; (d) every byte before the first TrafficSplit and after the last is
 *   kept, and so is the text of every other object (documents and List items) of the input;
 * - a property test: random TrafficSplits (every version, 1–20 backends, weights as integers
 *   or v1alpha1 quantities, random ports and appProtocols, optional backend Services lacking
 *   ports, optional A/B route groups with either header form, methods and pathRegex), with
 *   their Service, converted for Gateway API 1.1 or 1.6. The outcome is predicted without
 *   the tool's code: an error exactly when a limit is crossed (then the output is the input),
 *   else every route validates and its weights are the input's weights in exact proportion.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isMap, isSeq, parseAllDocuments, stringify, type Document, type Node } from 'yaml'
import { migrate, type MigrateResult } from '../src/index.js'
import type { MigrateOptions } from '../src/index.js'
import { maskTemplate } from '../src/yaml/template.js'
import { RELEASES, type Release, servedVersions, validateRoute, type Violation } from './helpers/gateway-schema.js'

type Obj = Record<string, any>
const GW = 'gateway.networking.k8s.io'
const ROUTE_KINDS = new Set(['HTTPRoute', 'GRPCRoute', 'TCPRoute'])
const RUNS = Number(process.env.PROPERTY_RUNS ?? 150)

// ---------------------------------------------------------------------------------------------
// Reading manifests (YAML or JSON, Helm templates masked so the YAML around them parses)

interface Found {
  object: Obj
  start: number
  end: number
}

/** Every object of `text` (top-level documents and List items), with its node's range. */
function objects(text: string): Found[] {
  const source = maskTemplate(text)?.text ?? text
  const out: Found[] = []
  for (const doc of parseAllDocuments(source) as Document.Parsed[]) {
    const root = doc.contents
    if (!isMap(root)) continue
    const kind: unknown = root.get('kind')
    const items = typeof kind === 'string' && kind.endsWith('List') ? root.get('items', true) : undefined
    const nodes: Node[] = isSeq(items) ? items.items.filter((i): i is Node => isMap(i)) : [root]
    for (const n of nodes) out.push({ object: n.toJSON() as Obj, start: n.range![0], end: n.range![1] })
  }
  return out
}

/** The objects `--to gateway` replaces: TrafficSplits and Linkerd ServiceProfiles. */
const isSplit = (o: Obj): boolean =>
  (o.kind === 'TrafficSplit' && typeof o.apiVersion === 'string' && o.apiVersion.startsWith('split.smi-spec.io/')) ||
  (o.kind === 'ServiceProfile' && typeof o.apiVersion === 'string' && o.apiVersion.startsWith('linkerd.io/'))
const isRoute = (o: Obj): boolean => ROUTE_KINDS.has(o.kind) && typeof o.apiVersion === 'string' && o.apiVersion.startsWith(`${GW}/`)

/** The releases whose CRD serves the route's version. */
function releasesServing(route: Obj): Release[] {
  const version = String(route.apiVersion).slice(GW.length + 1)
  return RELEASES.filter((r) => servedVersions(route.kind, r).includes(version))
}

const show = (vs: Violation[]): string => vs.map((v) => `${v.path}: ${v.message} [${v.keyword}]`).join('; ')

/** Validates every Gateway API route of `output` against `releases` (those that serve it); returns the routes. */
function validateRoutes(output: string, label: string, only?: readonly Release[]): Obj[] {
  const routes = objects(output)
    .map((f) => f.object)
    .filter(isRoute)
  for (const route of routes) {
    const releases = releasesServing(route).filter((r) => !only || only.includes(r))
    assert.ok(
      releases.length > 0,
      `${label}: ${route.kind} ${route.metadata?.name} (${route.apiVersion}) is served by no release checked (${(only ?? RELEASES).join(', ')})`,
    )
    for (const release of releases) {
      const v = validateRoute(route, { release })
      assert.equal(v, [], `${label}: ${route.kind} ${route.metadata?.name} on Gateway API ${release}: ${show(v)}`)
    }
  }
  return routes
}

const hasError = (r: MigrateResult): boolean => r.findings.some((f) => f.severity === 'error')

// ---------------------------------------------------------------------------------------------
// The golden cases

const root = process.env.GOLDEN_ROOT ?? 'testdata/golden'
for (const name of readdirSync(root).sort()) {
  const dir = join(root, name)
  const optionsFile = join(dir, 'options.json')
  if (!existsSync(optionsFile)) continue
  const options = JSON.parse(readFileSync(optionsFile, 'utf8')) as MigrateOptions
  if (options.to !== 'gateway') continue
  const ext = existsSync(join(dir, 'input.json')) ? 'json' : 'yaml'

  test(`gateway golden: ${name}`, () => {
    const input = readFileSync(join(dir, `input.${ext}`), 'utf8')
    const r = migrate(input, options)

    // (a) every route validates on every release that serves it (and that the options target:
    // `--gateway-api 1.2` or later writes fields the 1.1 Standard CRDs do not have)
    const newer = Number(String(options.gateway?.gatewayApi ?? '1.1').split('.')[1]) >= 2
    const routes = validateRoutes(r.output, name, newer ? ['v1.6.1'] : undefined)
    const converted = r.findings.filter((f) => f.code === 'converted' && f.to?.startsWith(`${GW}/`))
    if (converted.length) assert.ok(routes.length >= converted.length, `${name}: a converted split wrote no Gateway API route`)

    // (b) idempotent
    const again = migrate(r.output, options)
    assert.is(again.output, r.output, `${name}: a second run must change nothing`)
    assert.is(again.changed, false, `${name}: a second run must report no change`)

    // (c) an error leaves the input as it was
    if (hasError(r)) assert.is(r.output, input, `${name}: an error must leave the input unchanged`)

    // (d) bytes outside the TrafficSplits, and every other object's text, are kept
    const found = objects(input)
    const splits = found.filter((f) => isSplit(f.object))
    if (splits.length === 0) {
      assert.is(r.output, input, `${name}: no TrafficSplit, nothing may change`)
    } else {
      const first = Math.min(...splits.map((s) => s.start))
      const last = Math.max(...splits.map((s) => s.end))
      assert.is(r.output.slice(0, first), input.slice(0, first), `${name}: the bytes before the first TrafficSplit changed`)
      const tail = input.length - last
      assert.is(r.output.slice(r.output.length - tail), input.slice(last), `${name}: the bytes after the last TrafficSplit changed`)
    }
    let at = 0
    for (const f of found) {
      if (isSplit(f.object)) continue
      const text = input.slice(f.start, f.end)
      const i = r.output.indexOf(text, at)
      assert.ok(i >= 0, `${name}: ${f.object.kind} ${f.object.metadata?.name} is not in the output verbatim, in order`)
      at = i + text.length
    }
  })
}

// ---------------------------------------------------------------------------------------------
// Property test

/** A decimal as an exact rational: n / 10^d (n, d ≥ 0). */
interface Dec {
  n: bigint
  d: number
}
const SUFFIX: Record<string, number> = { m: -3, '': 0, k: 3, M: 6 }
function decimal(q: string | number): Dec {
  const m = /^(\d+)(?:\.(\d+))?([mkM])?$/.exec(String(q))
  if (!m) throw new Error(`test weight ${q} is not a decimal quantity`)
  const frac = m[2] ?? ''
  let n = BigInt(m[1]! + frac)
  let d = frac.length - SUFFIX[m[3] ?? '']!
  if (d < 0) {
    n *= 10n ** BigInt(-d)
    d = 0
  }
  return { n, d }
}
const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b))
/** The smallest integers in the proportion of `ws` (all zero stays all zero). */
function smallest(ws: readonly Dec[]): bigint[] {
  const d = Math.max(0, ...ws.map((w) => w.d))
  const ints = ws.map((w) => w.n * 10n ** BigInt(d - w.d))
  const g = ints.reduce(gcd, 0n)
  return g === 0n ? ints : ints.map((i) => i / g)
}

type Kind = 'http' | 'grpc' | 'tcp'
const APP: Record<string, Kind> = { http: 'http', 'kubernetes.io/h2c': 'http', grpc: 'grpc', tcp: 'tcp' }
const KIND_NAME: Record<Kind, string> = { http: 'HTTPRoute', grpc: 'GRPCRoute', tcp: 'TCPRoute' }

interface Port {
  port: number
  name: string
  appProtocol?: string
}
interface Backend {
  service: string
  weight: string | number
  ports?: number[]
}
interface Match {
  pathRegex?: string
  methods?: string[]
  headers?: Array<[string, string]>
  listForm: boolean
}
interface Case {
  version: 'v1alpha1' | 'v1alpha2' | 'v1alpha3' | 'v1alpha4'
  namespace?: string
  ports: Port[]
  rootIsBackend: boolean
  backends: Backend[]
  groups: Match[][]
  release: '1.1' | '1.6'
}

/** v1alpha1 quantities, with the exact values the test reads them as (decimal()). */
const QUANTITIES = ['0', '1', '500m', '0.5', '2k', '250m', '1.5', '3', '100', '0.25', '10k', '1M', '999', '7', '1m']
/** One scale per split, so that most splits fit and some cross the 1000000 limit, divided or not. */
const WEIGHTS: fc.Arbitrary<Array<string | number>> = fc.oneof(
  { weight: 6, arbitrary: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 20, maxLength: 20 }) },
  {
    weight: 4,
    arbitrary: fc.array(fc.oneof(fc.constantFrom(...QUANTITIES), fc.integer({ min: 0, max: 100 })), { minLength: 20, maxLength: 20 }),
  },
  // Multiples of a large unit: above the limit, back under it once divided by their divisor.
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(1000000, 2000000, 3000000, 999999),
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 20, maxLength: 20 }),
      )
      .map(([unit, ks]) => ks.map((k) => k * unit)),
  },
  {
    weight: 1,
    arbitrary: fc.array(fc.oneof(fc.integer({ min: 0, max: 2000000 }), fc.constantFrom(1000000, 1000001, 2147483647)), {
      minLength: 20,
      maxLength: 20,
    }),
  },
)
const portArb = fc.record({
  port: fc.integer({ min: 1, max: 65535 }),
  name: fc.constantFrom('http', 'web', 'http-admin', 'metrics', 'api', 'grpc', 'tcp-mysql'),
  appProtocol: fc.oneof(
    { weight: 3, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('http', 'kubernetes.io/h2c', 'grpc', 'tcp') },
  ),
})
const HEADERS: Array<[string, string]> = [
  ['user-agent', '.*Firefox.*'],
  ['cookie', '^(.*?;)?(type=insider)(;.*)?$'],
  ['x-canary', 'true'],
  ['accept', 'application/json'],
  ['x-version', '2.1'],
  ['x-tenant', 'acme|globex'],
]
const matchArb: fc.Arbitrary<Match> = fc.record({
  pathRegex: fc.option(fc.constantFrom('/api', '/api/v[0-9]+', '/metrics.*', '/', '/a|/b', '.*'), { nil: undefined }),
  methods: fc.option(
    fc.oneof(fc.subarray(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'], { minLength: 1 }), fc.constant<string[]>(['*'])),
    { nil: undefined },
  ),
  headers: fc.option(fc.subarray(HEADERS, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  listForm: fc.boolean(),
})

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    version: fc.constantFrom('v1alpha1', 'v1alpha2', 'v1alpha3', 'v1alpha4'),
    namespace: fc.option(fc.constantFrom('default', 'prod'), { nil: undefined }),
    ports: fc.uniqueArray(portArb, { minLength: 1, maxLength: 3, selector: (p) => p.port }),
    rootIsBackend: fc.boolean(),
    n: fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) },
      { weight: 2, arbitrary: fc.integer({ min: 5, max: 16 }) },
      { weight: 1, arbitrary: fc.integer({ min: 17, max: 20 }) },
    ),
    weights: WEIGHTS,
    lacking: fc.array(
      fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }) }),
      { minLength: 20, maxLength: 20 },
    ),
    // Route groups: a few matches, or many (past 8 per rule, and now and then past a route's limits).
    groups: fc.option(
      fc.oneof(
        { weight: 4, arbitrary: fc.array(fc.array(matchArb, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 4 }) },
        { weight: 1, arbitrary: fc.array(fc.array(matchArb, { minLength: 10, maxLength: 40 }), { minLength: 1, maxLength: 3 }) },
      ),
      { nil: undefined, freq: 2 },
    ),
    release: fc.constantFrom('1.1', '1.6'),
  })
  .map((c): Case => {
    const backends = Array.from({ length: c.n }, (_, i): Backend => {
      const raw = c.weights[i]!
      // v1alpha2+ weights are integers: a quantity becomes its digits there.
      const weight = c.version === 'v1alpha1' || typeof raw === 'number' ? raw : Number(decimal(raw).n)
      const service = i === 0 && c.rootIsBackend ? 'root' : `backend-${i}`
      // Some backends have a Service in the input, lacking one of the root's ports.
      const lack = c.lacking[i]
      const ports = lack === undefined || service === 'root' ? undefined : c.ports.filter((_, k) => k !== lack).map((p) => p.port)
      return { service, weight, ...(ports ? { ports } : {}) }
    })
    return {
      version: c.version,
      ...(c.namespace ? { namespace: c.namespace } : {}),
      ports: c.ports.map((p) => ({ port: p.port, name: p.name, ...(p.appProtocol ? { appProtocol: p.appProtocol } : {}) })),
      rootIsBackend: c.rootIsBackend,
      backends,
      // v1alpha1/2 TrafficSplits have no spec.matches.
      groups: c.version >= 'v1alpha3' ? (c.groups ?? []) : [],
      release: c.release as Case['release'],
    }
  })

/** The input manifests of a case, as a YAML stream. */
function manifests(c: Case): string {
  const meta = (name: string): Obj => ({ name, ...(c.namespace ? { namespace: c.namespace } : {}) })
  const docs: Obj[] = [{ apiVersion: 'v1', kind: 'Service', metadata: meta('root'), spec: { ports: c.ports.map((p) => ({ ...p })) } }]
  for (const b of c.backends) {
    if (b.ports)
      docs.push({ apiVersion: 'v1', kind: 'Service', metadata: meta(b.service), spec: { ports: b.ports.map((port) => ({ port })) } })
  }
  c.groups.forEach((g, i) => {
    const matches = g.map((m, k) => ({
      name: `m${k}`,
      ...(m.pathRegex !== undefined ? { pathRegex: m.pathRegex } : {}),
      ...(m.methods ? { methods: m.methods } : {}),
      ...(m.headers ? { headers: m.listForm ? m.headers.map(([h, v]) => ({ [h]: v })) : Object.fromEntries(m.headers) } : {}),
    }))
    docs.push({ apiVersion: 'specs.smi-spec.io/v1alpha4', kind: 'HTTPRouteGroup', metadata: meta(`group-${i}`), spec: { matches } })
  })
  docs.push({
    apiVersion: `split.smi-spec.io/${c.version}`,
    kind: 'TrafficSplit',
    metadata: meta('split'),
    spec: {
      service: 'root',
      ...(c.groups.length ? { matches: c.groups.map((_, i) => ({ kind: 'HTTPRouteGroup', name: `group-${i}` })) } : {}),
      backends: c.backends.map((b) => ({ service: b.service, weight: b.weight })),
    },
  })
  return docs.map((d) => stringify(d, { aliasDuplicateObjects: false })).join('---\n')
}

/**
 * The route kind of a port: its appProtocol, else TCP for a name with the `tcp` prefix, else
 * HTTP (a port named `grpc` is not a declaration: gRPC is HTTP/2 and an HTTPRoute routes it).
 */
function kindOf(p: Port): Kind {
  if (p.appProtocol) return APP[p.appProtocol]!
  return p.name.split('-')[0] === 'tcp' ? 'tcp' : 'http'
}

/** HTTPRouteMatches one SMI match expands to. */
const expanded = (m: Match): number => (m.methods && !m.methods.includes('*') ? m.methods.length : 1)

/**
 * The errors a case may end in: every limit it crosses (the tool reports the first it meets);
 * none: it must convert.
 */
/**
 * On Linkerd (no --mesh names another) linkerd-smi sent each weight as uint32(milli value x 10)
 * (linkerd2@b24cd4059:controller/api/destination/profile_translator.go): whether that changed
 * the shares, the proxy dropping weights of 0.
 */
function linkerdWrapped(ws: readonly Dec[]): boolean {
  const sent = ws.map((w) => ((w.n * 1000n + 10n ** BigInt(w.d) - 1n) / 10n ** BigInt(w.d)) * 10n)
  const got = sent.map((w) => w % 2n ** 32n)
  const total = sent.reduce((a, b) => a + b, 0n)
  const applied = got.reduce((a, b) => a + b, 0n)
  if (applied === 0n) return total !== 0n
  return sent.some((w, i) => got[i]! * total !== w * applied)
}

/**
 * Whether a port's route is one only the Linkerd release decides (the run is Linkerd's, no release
 * named): an appProtocol Linkerd 2.18+ serves as opaque (any but http and kubernetes.io/h2c), or a
 * port in Linkerd's default opaque ports, whatever route kind it takes.
 */
function linkerdPending(c: Case): boolean {
  const opaque = [25, 587, 3306, 4444, 5432, 6379, 9300, 11211]
  return c.ports.some((p) => {
    const app = p.appProtocol?.toLowerCase()
    // A port that takes a TCPRoute (by its name too): Linkerd 2.17 and earlier apply none.
    return (app !== undefined && !['http', 'kubernetes.io/h2c'].includes(app)) || opaque.includes(p.port) || kindOf(p) === 'tcp'
  })
}

function expectedErrors(c: Case): string[] {
  const codes = new Set<string>()
  const small = smallest(c.backends.map((b) => decimal(b.weight)))
  if (small.some((w) => w > 1000000n)) codes.add('weight-overflow')
  if (linkerdWrapped(c.backends.map((b) => decimal(b.weight)))) codes.add('invalid-weight')
  if (c.backends.length > 16) codes.add('too-many-backends')
  const perRule = c.release === '1.1' ? 8 : 64
  const matches = c.groups.flat()
  const n = matches.reduce((a, m) => a + expanded(m), 0)
  // On Linkerd an all-zero split sent everything to the root Service, whatever ports its backends have.
  const allZero = c.backends.length > 0 && c.backends.every((b) => decimal(b.weight).n === 0n)
  for (const p of c.ports) {
    const kind = kindOf(p)
    if (!allZero && !c.backends.some((b) => !b.ports || b.ports.includes(p.port))) codes.add('backend-port-missing')
    if (!matches.length) continue
    if (kind === 'tcp') codes.add('route-kind')
    else if (kind === 'grpc' && matches.some((m) => m.pathRegex !== undefined || (m.methods && !m.methods.includes('*'))))
      codes.add('match-unrepresentable')
    // Rules of `perRule` matches and the catch-all: at most 16 rules and 128 matches (the catch-all counts one).
    else if (Math.ceil(n / perRule) + 1 > 16 || n + 1 > 128) codes.add('too-many-matches')
  }
  return [...codes]
}

test('property: random TrafficSplits become routes the schemas accept, with exact weight ratios, or an error that leaves them', () => {
  fc.assert(
    fc.property(caseArb, (c) => {
      const input = manifests(c)
      const options: MigrateOptions = { to: 'gateway', gateway: { gatewayApi: c.release } }
      const r = migrate(input, options)
      const errors = r.findings.filter((f) => f.severity === 'error')
      const expected = expectedErrors(c)
      const pending = linkerdPending(c)
      if (expected.length || pending) {
        // A port whose route only the Linkerd release decides leaves the split (no error), unless an
        // error of an earlier check comes first.
        if (pending && errors.length === 0)
          assert.ok(
            r.findings.some((f) => f.code === 'linkerd-opaque-port' && f.pending === true),
            `expected linkerd-opaque-port, left for a person:\n${input}`,
          )
        else {
          assert.ok(errors.length > 0, `expected an error (${expected.join(', ')}), got none:\n${input}`)
          assert.ok(
            errors.every((e) => expected.includes(e.code)),
            `expected ${expected.join(', ')}, got ${errors.map((e) => `${e.code}: ${e.message}`).join('; ')}`,
          )
        }
        assert.is(r.output, input, 'an error or a split left for a person leaves the input unchanged')
        return
      }
      assert.ok(errors.length === 0, `no error expected, got ${errors.map((e) => `${e.code}: ${e.message}`).join('; ')}:\n${input}`)

      // The routes are valid on the release targeted (1.1 routes also on the newer one).
      const only: Release[] = c.release === '1.1' ? ['v1.1.1', 'v1.6.1'] : ['v1.6.1']
      const routes = validateRoutes(r.output, `case ${JSON.stringify(c)}`, only)
      assert.is(routes.length, c.ports.length, 'one route per root Service port')
      assert.equal(r.output, migrate(r.output, options).output, 'a second run changes nothing')

      // Exact ratios: each weighted rule's backendRefs are the backends that have the port, with
      // weights in the proportion of the input weights (as exact rationals).
      const weights = c.backends.map((b) => decimal(b.weight))
      const d = Math.max(0, ...weights.map((w) => w.d))
      const exact = weights.map((w) => w.n * 10n ** BigInt(d - w.d))
      for (const [i, p] of c.ports.entries()) {
        const route = routes[i]!
        assert.is(route.kind, KIND_NAME[kindOf(p)], `port ${p.port}: route kind`)
        assert.is(route.metadata.name, c.ports.length > 1 ? `split-${p.port}` : 'split')
        assert.equal(route.spec.parentRefs, [{ group: '', kind: 'Service', name: 'root', port: p.port }])
        const kept = c.backends.map((b, k) => ({ b, k })).filter(({ b }) => !b.ports || b.ports.includes(p.port))
        const rules = route.spec.rules as Obj[]
        const weighted = c.groups.length ? rules.slice(0, -1) : rules
        if (c.groups.length) {
          assert.equal(rules.at(-1), { backendRefs: [{ name: 'root', port: p.port }] }, 'the catch-all rule to the root Service comes last')
          const n = c.groups.flat().reduce((a, m) => a + expanded(m), 0)
          assert.is(
            weighted.reduce((a, rule) => a + rule.matches.length, 0),
            n,
            'every expanded match is in a rule',
          )
        }
        for (const rule of weighted) {
          const refs = rule.backendRefs as Obj[]
          // On Linkerd an all-zero split sent everything to the root Service (the proxy drops zero weights).
          if (exact.length > 0 && exact.every((w) => w === 0n)) {
            assert.equal(refs, [{ name: 'root', port: p.port, weight: 1 }], 'an all-zero split routes to the root Service')
            continue
          }
          assert.equal(
            refs.map((x) => x.name),
            kept.map(({ b }) => b.service),
            'the backends having the port, in order',
          )
          assert.ok(refs.every((x) => x.port === p.port))
          for (let a = 0; a < kept.length; a++) {
            for (let b = a + 1; b < kept.length; b++) {
              const [wa, wb] = [BigInt(refs[a]!.weight), BigInt(refs[b]!.weight)]
              const [ea, eb] = [exact[kept[a]!.k]!, exact[kept[b]!.k]!]
              assert.ok(
                wa * eb === wb * ea,
                `weights ${wa}:${wb} are not in the proportion of ${c.backends[kept[a]!.k]!.weight}:${c.backends[kept[b]!.k]!.weight}`,
              )
            }
          }
        }
      }
    }),
    { numRuns: RUNS, includeErrorInReport: true },
  )
})

test.run()
