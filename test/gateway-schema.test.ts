// The offline Gateway API validator (test/helpers/gateway-schema.ts) against the vendored CRDs
// (testdata/gateway-api-crds/, releases v1.1.1 and v1.6.1): published routes are accepted, and each
// malformed route is refused for its own reason (the rule or keyword is asserted, not just "some error").
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import {
  RELEASES,
  type Release,
  type Violation,
  compileRule,
  defaulted,
  evalRule,
  ruleInventory,
  servedVersions,
  validateRoute,
} from './helpers/gateway-schema.js'

type Obj = Record<string, any>
const GW = 'gateway.networking.k8s.io'

/** Gateway API mesh conformance route (kubernetes-sigs/gateway-api@4564255:conformance/tests/mesh/httproute-weight.yaml). */
const MESH_WEIGHTED_BACKENDS: Obj = {
  apiVersion: `${GW}/v1`,
  kind: 'HTTPRoute',
  metadata: { name: 'mesh-weighted-backends', namespace: 'gateway-conformance-mesh' },
  spec: {
    parentRefs: [{ group: '', kind: 'Service', name: 'echo', port: 80 }],
    rules: [
      {
        backendRefs: [
          { name: 'echo-v1', port: 8080, weight: 70 },
          { name: 'echo-v2', port: 8080, weight: 30 },
        ],
      },
    ],
  },
}

/** Linkerd's published gateway.networking.k8s.io route, verbatim (Argo Rollouts section of
 * linkerd/website@1dd642f0:linkerd.io/content/2-edge/tasks/flagger.md). */
const LINKERD_ARGO_ROUTE: Obj = {
  apiVersion: `${GW}/v1beta1`,
  kind: 'HTTPRoute',
  metadata: { name: 'argo-rollouts-http-route', namespace: 'test' },
  spec: {
    parentRefs: [{ name: 'podinfo', namespace: 'test', kind: 'Service', group: 'core', port: 9898 }],
    rules: [
      {
        backendRefs: [
          { name: 'podinfo-stable', namespace: 'test', port: 9898 },
          { name: 'podinfo-canary', namespace: 'test', port: 9898 },
        ],
      },
    ],
  },
}

/** Linkerd's TrafficSplit replacement (tasks/traffic-shifting.md, gateway.md §1.2): published as
 * policy.linkerd.io/v1beta2, which is not a Gateway API CRD (out of scope for this validator). */
const LINKERD_BB_ROUTE: Obj = {
  apiVersion: 'policy.linkerd.io/v1beta2',
  kind: 'HTTPRoute',
  metadata: { name: 'bb-route', namespace: 'traffic-shift-demo' },
  spec: {
    parentRefs: [{ name: 'bb', kind: 'Service', group: 'core', port: 8080 }],
    rules: [
      {
        backendRefs: [
          { name: 'bb', port: 8080, weight: 90 },
          { name: 'bb-v2', port: 8080, weight: 10 },
        ],
      },
    ],
  },
}

/** Linkerd's A/B pattern (linkerd/website: tasks/configuring-dynamic-request-routing.md), also policy.linkerd.io/v1beta2. */
const LINKERD_AB_ROUTE: Obj = {
  apiVersion: 'policy.linkerd.io/v1beta2',
  kind: 'HTTPRoute',
  metadata: { name: 'backend-router', namespace: 'test' },
  spec: {
    parentRefs: [{ name: 'backend-a-podinfo', kind: 'Service', group: 'core', port: 9898 }],
    rules: [
      {
        matches: [{ headers: [{ name: 'x-request-id', value: 'alternative' }] }],
        backendRefs: [{ name: 'backend-b-podinfo', port: 9898 }],
      },
      { backendRefs: [{ name: 'backend-a-podinfo', port: 9898 }] },
    ],
  },
}

const GRPC_ROUTE: Obj = {
  apiVersion: `${GW}/v1`,
  kind: 'GRPCRoute',
  metadata: { name: 'grpc-split', namespace: 'default' },
  spec: {
    parentRefs: [{ group: '', kind: 'Service', name: 'greeter', port: 50051 }],
    rules: [
      {
        matches: [{ method: { service: 'helloworld.Greeter', method: 'SayHello' } }],
        backendRefs: [
          { name: 'greeter-v1', port: 50051, weight: 90 },
          { name: 'greeter-v2', port: 50051, weight: 10 },
        ],
      },
    ],
  },
}

const TCP_ROUTE = (version: string): Obj => ({
  apiVersion: `${GW}/${version}`,
  kind: 'TCPRoute',
  metadata: { name: 'mysql-split', namespace: 'db' },
  spec: {
    parentRefs: [{ group: '', kind: 'Service', name: 'mysql', port: 3306 }],
    rules: [
      {
        backendRefs: [
          { name: 'mysql-v1', port: 3306, weight: 1 },
          { name: 'mysql-v2', port: 3306, weight: 1 },
        ],
      },
    ],
  },
})

const clone = (o: Obj): Obj => structuredClone(o)
const withApi = (o: Obj, apiVersion: string): Obj => ({ ...clone(o), apiVersion })
const show = (vs: Violation[]) => vs.map((v) => `${v.path}: [${v.keyword}] ${v.message}`).join('\n')
/** Asserts the exact list of (path, keyword) pairs, in order. */
function expectViolations(o: Obj, release: Release, expected: Array<[string, string]>): Violation[] {
  const vs = validateRoute(o, { release })
  assert.equal(
    vs.map((v) => [v.path, v.keyword]),
    expected,
    show(vs),
  )
  return vs
}
const CEL_SKIPPED: [string, string] = ['', 'cel-skipped']

// ---

const accepted = suite('published routes are accepted')
for (const release of RELEASES) {
  accepted(`${release}: Gateway API mesh conformance route mesh-weighted-backends`, () => {
    expectViolations(MESH_WEIGHTED_BACKENDS, release, [])
  })
  accepted(`${release}: Linkerd's Argo Rollouts HTTPRoute (gateway.networking.k8s.io/v1beta1, verbatim)`, () => {
    expectViolations(LINKERD_ARGO_ROUTE, release, [])
  })
  accepted(`${release}: the same Linkerd route as gateway.networking.k8s.io/v1 (Linkerd 2.18+)`, () => {
    expectViolations(withApi(LINKERD_ARGO_ROUTE, `${GW}/v1`), release, [])
  })
  accepted(`${release}: Linkerd's bb-route and backend-router bodies as gateway.networking.k8s.io/v1`, () => {
    expectViolations(withApi(LINKERD_BB_ROUTE, `${GW}/v1`), release, [])
    expectViolations(withApi(LINKERD_AB_ROUTE, `${GW}/v1`), release, [])
  })
  accepted(`${release}: Linkerd's policy.linkerd.io routes are out of scope: refused as an unserved apiVersion`, () => {
    for (const r of [LINKERD_BB_ROUTE, LINKERD_AB_ROUTE]) {
      const [v, ...rest] = expectViolations(r, release, [['apiVersion', 'apiVersion']])
      assert.equal(rest, [])
      assert.match(v!.message, /no matches for kind "HTTPRoute" in version "policy\.linkerd\.io\/v1beta2"/)
    }
  })
  accepted(`${release}: a GRPCRoute weight split`, () => {
    expectViolations(GRPC_ROUTE, release, [])
  })
  accepted(`${release}: a TCPRoute v1alpha2 weight split`, () => {
    expectViolations(TCP_ROUTE('v1alpha2'), release, [])
  })
}
accepted('served versions per release', () => {
  assert.equal(servedVersions('HTTPRoute', 'v1.1.1'), ['v1', 'v1beta1'])
  assert.equal(servedVersions('HTTPRoute', 'v1.6.1'), ['v1', 'v1beta1'])
  assert.equal(servedVersions('GRPCRoute', 'v1.1.1'), ['v1'])
  assert.equal(servedVersions('GRPCRoute', 'v1.6.1'), ['v1'])
  assert.equal(servedVersions('TCPRoute', 'v1.1.1'), ['v1alpha2'])
  assert.equal(servedVersions('TCPRoute', 'v1.6.1'), ['v1', 'v1alpha2'])
})
accepted('TCPRoute v1 exists only in v1.6.1', () => {
  expectViolations(TCP_ROUTE('v1'), 'v1.6.1', [])
  expectViolations(TCP_ROUTE('v1'), 'v1.1.1', [['apiVersion', 'apiVersion']])
})
accepted('GRPCRoute v1alpha2 is not served in v1.1.1 (present in the CRD, served: false)', () => {
  expectViolations(withApi(GRPC_ROUTE, `${GW}/v1alpha2`), 'v1.1.1', [['apiVersion', 'apiVersion']])
})
accepted('the vendored CRDs are the released files, unchanged (SHA-256 as in testdata/gateway-api-crds/README.md)', () => {
  const readme = readFileSync(new URL('../testdata/gateway-api-crds/README.md', import.meta.url), 'utf8')
  const pins = [...readme.matchAll(/^([0-9a-f]{64}) {2}(\S+)$/gm)]
  assert.is(pins.length, 7)
  for (const [, sha, file] of pins) {
    const actual = createHash('sha256')
      .update(readFileSync(new URL(`../testdata/gateway-api-crds/${file}`, import.meta.url)))
      .digest('hex')
    assert.is(actual, sha, file)
  }
})
accepted('an empty rules list: accepted by v1.1.1, refused by v1.6.1 (minItems 1 from v1.5.0)', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.spec.rules = []
  expectViolations(route, 'v1.1.1', [])
  expectViolations(route, 'v1.6.1', [['spec.rules', 'minItems']])
})
accepted('TCPRoute v1 (v1.6.1) allows exactly one rule; v1alpha2 up to 16', () => {
  const route = TCP_ROUTE('v1')
  route.spec.rules.push(clone(route.spec.rules[0]))
  expectViolations(route, 'v1.6.1', [['spec.rules', 'maxItems'], CEL_SKIPPED])
  expectViolations({ ...route, apiVersion: `${GW}/v1alpha2` }, 'v1.6.1', [])
})
accepted('defaults are applied as the API server does (before CEL)', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.spec.parentRefs = [{ name: 'echo' }]
  delete route.spec.rules[0].backendRefs[1].weight
  const d = defaulted(route, { release: 'v1.1.1' }) as Obj
  assert.equal(d.spec.parentRefs[0], { name: 'echo', group: GW, kind: 'Gateway' })
  assert.equal(d.spec.rules[0].backendRefs[1], { name: 'echo-v2', port: 8080, group: '', kind: 'Service', weight: 1 })
  assert.equal(d.spec.rules[0].matches, [{ path: { type: 'PathPrefix', value: '/' } }])
})
accepted('the input object is not modified', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.spec.rules[0].backendRefs[0].bogus = 1
  const before = JSON.stringify(route)
  validateRoute(route, { release: 'v1.6.1' })
  assert.is(JSON.stringify(route), before)
})
accepted.run()

// ---

const refused = suite('malformed routes are refused for the stated reason')
const PORT_RULE = "(size(self.group) == 0 && self.kind == 'Service') ? has(self.port) : true"
for (const release of RELEASES) {
  refused(`${release}: a Service backendRef without port (CEL "Must have port for Service reference")`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    delete route.spec.rules[0].backendRefs[1].port
    const [v] = expectViolations(route, release, [['spec.rules[0].backendRefs[1]', 'x-kubernetes-validations']])
    assert.is(v!.message, 'Must have port for Service reference')
    assert.is(v!.rule, PORT_RULE)
  })
  refused(`${release}: ... which the defaults make fire for a backendRef with neither group nor kind; group: core escapes it`, () => {
    const route = clone(LINKERD_ARGO_ROUTE)
    delete route.spec.rules[0].backendRefs[0].port
    expectViolations(route, release, [['spec.rules[0].backendRefs[0]', 'x-kubernetes-validations']])
    route.spec.rules[0].backendRefs[0].group = 'core' // size(group) != 0: the CEL rule does not apply (gateway.md §1.5)
    expectViolations(route, release, [])
  })
  refused(`${release}: GRPCRoute and TCPRoute carry the same port rule`, () => {
    const grpc = clone(GRPC_ROUTE)
    delete grpc.spec.rules[0].backendRefs[0].port
    expectViolations(grpc, release, [['spec.rules[0].backendRefs[0]', 'x-kubernetes-validations']])
    const tcp = TCP_ROUTE('v1alpha2')
    delete tcp.spec.rules[0].backendRefs[0].port
    expectViolations(tcp, release, [['spec.rules[0].backendRefs[0]', 'x-kubernetes-validations']])
  })
  refused(`${release}: weight 1000001 (maximum 1000000)`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.rules[0].backendRefs[0].weight = 1000001
    const [v] = expectViolations(route, release, [['spec.rules[0].backendRefs[0].weight', 'maximum']])
    assert.match(v!.message, /should be less than or equal to 1000000/)
    route.spec.rules[0].backendRefs[0].weight = 1000000
    expectViolations(route, release, [])
    route.spec.rules[0].backendRefs[0].weight = -1
    expectViolations(route, release, [['spec.rules[0].backendRefs[0].weight', 'minimum']])
  })
  refused(`${release}: 17 backendRefs in one rule (maxItems 16)`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.rules[0].backendRefs = Array.from({ length: 17 }, (_, i) => ({ name: `echo-v${i}`, port: 8080, weight: 1 }))
    const [v] = expectViolations(route, release, [['spec.rules[0].backendRefs', 'maxItems'], CEL_SKIPPED])
    assert.match(v!.message, /Too many: 17: must have at most 16 items/)
    route.spec.rules[0].backendRefs.pop()
    expectViolations(route, release, [])
  })
  refused(`${release}: path "//x" for PathPrefix (CEL "must not contain '//'")`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.rules[0].matches = [{ path: { type: 'PathPrefix', value: '//x' } }]
    const [v] = expectViolations(route, release, [['spec.rules[0].matches[0].path', 'x-kubernetes-validations']])
    assert.is(v!.message, "must not contain '//' when type one of ['Exact', 'PathPrefix']")
    route.spec.rules[0].matches[0].path.type = 'RegularExpression' // the CEL rules only guard Exact/PathPrefix
    expectViolations(route, release, [])
  })
  refused(`${release}: a parentRef without name (required)`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    delete route.spec.parentRefs[0].name
    const [v] = expectViolations(route, release, [['spec.parentRefs[0].name', 'required'], CEL_SKIPPED])
    assert.is(v!.message, 'Required value')
  })
  refused(`${release}: an unknown field`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.rules[0].backendRefs[0].weigth = 5
    const [v] = expectViolations(route, release, [['spec.rules[0].backendRefs[0].weigth', 'unknown-field']])
    assert.match(v!.message, /unknown field "spec\.rules\[0\]\.backendRefs\[0\]\.weigth"/)
    const top = clone(MESH_WEIGHTED_BACKENDS)
    top.spec.service = 'echo' // a TrafficSplit field left behind
    expectViolations(top, release, [['spec.service', 'unknown-field']])
  })
  refused(`${release}: a duplicate header name in one match (x-kubernetes-list-type: map, key name)`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.rules[0].matches = [
      {
        headers: [
          { name: 'x-canary', value: 'a' },
          { name: 'x-canary', value: 'b' },
        ],
      },
    ]
    const [v] = expectViolations(route, release, [['spec.rules[0].matches[0].headers[1]', 'x-kubernetes-list-type']])
    assert.match(v!.message, /Duplicate value: \{"name":"x-canary"\}/)
    // The key comparison is exact, as in the API server: names differing only in case pass the schema,
    // although HTTP header names are case-insensitive (the emitter must fold them itself).
    route.spec.rules[0].matches[0].headers[1].name = 'X-Canary'
    expectViolations(route, release, [])
  })
  refused(`${release}: null values are reported (the API server drops them)`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.rules[0].backendRefs[0].weight = null
    expectViolations(route, release, [['spec.rules[0].backendRefs[0].weight', 'null']])
  })
  refused(`${release}: the parentRef kind defaults to Gateway; sectionName must be unique for the same parent (CEL)`, () => {
    const route = clone(MESH_WEIGHTED_BACKENDS)
    route.spec.parentRefs = [
      { group: '', kind: 'Service', name: 'echo', port: 80 },
      { group: '', kind: 'Service', name: 'echo', port: 81 },
    ]
    const vs = validateRoute(route, { release })
    assert.equal(
      vs.map((v) => v.message),
      ['sectionName must be unique when parentRefs includes 2 or more references to the same parent'],
      show(vs),
    )
  })
}
refused('9 matches in one rule: refused on v1.1.1 (maxItems 8), accepted on v1.6.1 (maxItems 64)', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.spec.rules[0].matches = Array.from({ length: 9 }, (_, i) => ({ path: { type: 'PathPrefix', value: `/p${i}` } }))
  const [v] = expectViolations(route, 'v1.1.1', [['spec.rules[0].matches', 'maxItems'], CEL_SKIPPED])
  assert.match(v!.message, /Too many: 9: must have at most 8 items/)
  expectViolations(route, 'v1.6.1', [])
  route.spec.rules[0].matches = Array.from({ length: 65 }, (_, i) => ({ path: { type: 'PathPrefix', value: `/p${i}` } }))
  expectViolations(route, 'v1.6.1', [['spec.rules[0].matches', 'maxItems'], CEL_SKIPPED])
})
refused('v1.6.1: more than 128 matches across rules (CEL on spec.rules)', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  const backendRefs = route.spec.rules[0].backendRefs
  route.spec.rules = Array.from({ length: 3 }, (_, r) => ({
    matches: Array.from({ length: 43 }, (_, i) => ({ path: { type: 'Exact', value: `/r${r}/${i}` } })),
    backendRefs,
  }))
  const [v] = expectViolations(route, 'v1.6.1', [['spec.rules', 'x-kubernetes-validations']]) // 3 x 43 = 129
  assert.match(v!.message, /the total number of matches across all rules in a route must be less than 128/)
  route.spec.rules[2].matches.pop() // 128: the rule is `<= 128` although its message says "less than"
  expectViolations(route, 'v1.6.1', [])
})
refused('a v1.6.1-only field (rules[].name, Standard from v1.4.0) on v1.1.1', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.spec.rules[0].name = 'split'
  const [v] = expectViolations(route, 'v1.1.1', [['spec.rules[0].name', 'unknown-field']])
  assert.match(v!.message, /unknown field "spec\.rules\[0\]\.name"/)
  expectViolations(route, 'v1.6.1', [])
})
refused('a wrong type is blocking: CEL rules are not evaluated, as in the API server', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.spec.rules[0].backendRefs[0].port = '8080'
  delete route.spec.rules[0].backendRefs[1].port // would fail CEL, but CEL is skipped
  expectViolations(route, 'v1.6.1', [['spec.rules[0].backendRefs[0].port', 'type'], CEL_SKIPPED])
})
refused('metadata is checked as ObjectMeta (name required, DNS subdomain)', () => {
  const route = clone(MESH_WEIGHTED_BACKENDS)
  route.metadata.name = 'Bad_Name'
  expectViolations(route, 'v1.6.1', [['metadata.name', 'metadata']])
  delete route.metadata.name
  expectViolations(route, 'v1.6.1', [['metadata.name', 'metadata'], CEL_SKIPPED])
})
refused('patterns are checked with RE2 (a backendRef namespace must be a DNS label)', () => {
  const route = clone(LINKERD_ARGO_ROUTE)
  route.spec.rules[0].backendRefs[0].namespace = 'Test_NS'
  const [v] = expectViolations(route, 'v1.6.1', [['spec.rules[0].backendRefs[0].namespace', 'pattern']])
  assert.match(v!.message, /should match '\^\[a-z0-9\]/)
})
refused('GRPCRoute method match: the service character set is checked with RE2 semantics ((?i) flag)', () => {
  for (const release of RELEASES) {
    const route = clone(GRPC_ROUTE)
    route.spec.rules[0].matches[0].method.service = 'hello-world.Greeter'
    const [v] = expectViolations(route, release, [['spec.rules[0].matches[0].method', 'x-kubernetes-validations']])
    assert.match(v!.message, /^service must only contain valid characters/)
    route.spec.rules[0].matches[0].method.service = 'Hello_World.GREETER' // upper case only through (?i)
    expectViolations(route, release, [])
  }
})
refused('an unknown kind is refused', () => {
  expectViolations({ ...clone(MESH_WEIGHTED_BACKENDS), kind: 'TrafficSplit' }, 'v1.6.1', [['kind', 'kind']])
})
refused.run()

// ---

// For each distinct rule in the six CRDs: a counter-example (the rule must evaluate to false, not to an
// error) and an example (true), chosen by the rule's shape. A rule that matches no entry fails the test, so
// a re-vendored CRD with new rules cannot pass until they are covered here.
type Case = [fail: unknown, pass: unknown]
const PR = { group: '', kind: 'Service', name: 'echo' }
const prefixRedirect = (field: string) => ({ [field]: { path: { type: 'ReplacePrefixMatch', replacePrefixMatch: '/' } } })
function examples(rule: string): Case | undefined {
  let m: RegExpMatchArray | null
  if ((m = rule.match(/^self\.filter\(f, f\.type == '(\w+)'\)\.size\(\) <= 1$/)))
    return [[{ type: m[1] }, { type: m[1] }], [{ type: m[1] }]]
  if ((m = rule.match(/^!\(has\(self\.(\w+)\) && self\.type != '(\w+)'\)$/)))
    return [
      { type: 'Other', [m[1]!]: {} },
      { type: m[2], [m[1]!]: {} },
    ]
  if ((m = rule.match(/^!\(!has\(self\.(\w+)\) && self\.type == '(\w+)'\)$/))) return [{ type: m[2] }, { type: m[2], [m[1]!]: {} }]
  if ((m = rule.match(/^self\.type == '(\w+)' \? has\(self\.(\w+)\) : true$/))) return [{ type: m[1] }, { type: m[1], [m[2]!]: '/' }]
  if ((m = rule.match(/^has\(self\.(\w+)\) \? self\.type == '(\w+)' : true$/)))
    return [
      { type: 'Other', [m[1]!]: '/' },
      { type: m[2], [m[1]!]: '/' },
    ]
  if ((m = rule.match(/^\(self\.type in \['Exact','PathPrefix'\]\) \? !self\.value\.contains\('(.+)'\) : true$/)))
    return [
      { type: 'PathPrefix', value: `/a${m[1]}b` },
      { type: 'PathPrefix', value: '/a/b' },
    ]
  if ((m = rule.match(/^\(self\.type in \['Exact','PathPrefix'\]\) \? !self\.value\.endsWith\('(.+)'\) : true$/)))
    return [
      { type: 'Exact', value: `/a${m[1]}` },
      { type: 'Exact', value: '/a/b' },
    ]
  if (rule.startsWith("(self.type in ['Exact','PathPrefix']) ? self.value.startsWith('/')"))
    return [
      { type: 'PathPrefix', value: 'a' },
      { type: 'PathPrefix', value: '/a' },
    ]
  if (rule.startsWith("(self.type in ['Exact','PathPrefix']) ? self.value.matches("))
    return [
      { type: 'Exact', value: '/a b' },
      { type: 'Exact', value: "/a-z/0_9/~!$&'()*+,;=:@/%2e" },
    ]
  if (rule === "self.type in ['Exact','PathPrefix'] || self.type == 'RegularExpression'")
    return [
      { type: 'Glob', value: '/' },
      { type: 'RegularExpression', value: '/' },
    ]
  if (rule === PORT_RULE) return [PR, { ...PR, port: 80 }]
  if (rule.includes('must be specified') || /^self\.all\(p1, self\.all\(p2,/.test(rule)) {
    return [
      [{ ...PR, sectionName: 'http', port: 80 }, PR],
      [
        { ...PR, sectionName: 'http', port: 80 },
        { ...PR, sectionName: 'grpc', port: 81 },
      ],
    ]
  }
  if (/^self\.all\(p1, self\.exists_one\(p2,/.test(rule))
    return [
      [
        { ...PR, sectionName: 'http', port: 80 },
        { ...PR, sectionName: 'http', port: 80 },
      ],
      [
        { ...PR, sectionName: 'http', port: 80 },
        { ...PR, sectionName: 'grpc', port: 81 },
      ],
    ]
  if (rule.startsWith('self.all(l1, !has(l1.name)'))
    return [
      [{ name: 'a' }, { name: 'a' }],
      [{ name: 'a' }, { name: 'b' }, {}],
    ]
  if (rule.startsWith('has(self.type) ? has(self.service) || has(self.method)'))
    return [{ type: 'Exact' }, { type: 'Exact', service: 'helloworld.Greeter' }]
  if (rule.includes('self.service.matches(')) return [{ service: 'hello-world' }, { service: 'Hello.World_2' }]
  if (rule.includes('self.method.matches(')) return [{ method: 'Say.Hello' }, { method: 'SayHello' }]
  if (rule.startsWith('(self.size() > 0 ?')) {
    const rules = (n: number) => Array.from({ length: n }, () => ({ matches: Array.from({ length: 43 }, () => ({})) }))
    return [rules(3), [...rules(2), { matches: Array.from({ length: 41 }, () => ({})) }, { matches: [{}] }]] // 129 / 128
  }
  if (rule === '!(has(self.percent) && has(self.fraction))') return [{ percent: 1, fraction: { numerator: 1 } }, { percent: 1 }]
  if (rule === 'self.numerator <= self.denominator')
    return [
      { numerator: 101, denominator: 100 },
      { numerator: 100, denominator: 100 },
    ]
  if (rule.startsWith('(has(self.backendRefs) && size(self.backendRefs) > 0) ?'))
    return [
      { backendRefs: [PR], filters: [{ requestRedirect: {} }] },
      { backendRefs: [PR], filters: [{ urlRewrite: {} }] },
    ]
  if ((m = rule.match(/^\(has\(self\.filters\) && self\.filters\.exists_one\(f, has\(f\.(\w+)\)/))) {
    const filters = [prefixRedirect(m[1]!)]
    return [
      { filters, matches: [{ path: { type: 'Exact', value: '/' } }] },
      { filters, matches: [{ path: { type: 'PathPrefix', value: '/' } }] },
    ]
  }
  if (
    (m = rule.match(
      /^\(has\(self\.backendRefs\) && self\.backendRefs\.exists_one\(b, \(has\(b\.filters\) && b\.filters\.exists_one\(f, has\(f\.(\w+)\)/,
    ))
  ) {
    const backendRefs = [{ ...PR, port: 80, filters: [prefixRedirect(m[1]!)] }]
    return [
      { backendRefs, matches: [{ path: { type: 'PathPrefix', value: '/' } }, { path: { type: 'PathPrefix', value: '/b' } }] },
      { backendRefs, matches: [{ path: { type: 'PathPrefix', value: '/' } }] },
    ]
  }
  if (rule === "!(self.exists(f, f.type == 'RequestRedirect') && self.exists(f, f.type == 'URLRewrite'))")
    return [[{ type: 'RequestRedirect' }, { type: 'URLRewrite' }], [{ type: 'RequestRedirect' }]]
  if (rule === "!('*' in self && self.size() > 1)") return [['*', 'GET'], ['*']]
  if (rule.includes('duration(self.backendRequest) > duration(self.request)'))
    return [
      { request: '10s', backendRequest: '1m' },
      { request: '1m', backendRequest: '10s' },
    ]
  return undefined
}

const rules = suite('every CEL rule in the vendored CRDs is evaluated by @bufbuild/cel')
const inventory = ruleInventory()
rules('55 distinct rules, none a transition rule, each with a message', () => {
  assert.is(inventory.length, 55)
  assert.ok(inventory.every((e) => e.checkedBy === '@bufbuild/cel'))
  assert.ok(inventory.every((e) => e.messages.length >= 1))
})
for (const [i, e] of inventory.entries()) {
  rules(`#${i + 1} ${e.messages[0]} (${e.paths[0]}; ${e.where.length} CRD versions)`, () => {
    compileRule(e.rule)
    const ex = examples(e.rule)
    assert.ok(ex, `no example for rule ${e.rule}`)
    const [fail, pass] = ex!
    assert.is(evalRule(e.rule, fail, e.schema), false, `counter-example must evaluate to false: ${JSON.stringify(fail)}`)
    assert.is(evalRule(e.rule, pass, e.schema), true, `example must evaluate to true: ${JSON.stringify(pass)}`)
  })
}
rules('property names are escaped as Kubernetes does (namespace → __namespace__)', () => {
  const unique = inventory.find((e) => e.rule.startsWith('self.all(p1, self.exists_one(p2,'))!
  const twoNamespaces = [
    { ...PR, namespace: 'a', sectionName: 'http' },
    { ...PR, namespace: 'b', sectionName: 'http' },
  ]
  assert.is(evalRule(unique.rule, twoNamespaces, unique.schema), true)
  assert.is(
    evalRule(
      unique.rule,
      twoNamespaces.map((p) => ({ ...p, namespace: 'a' })),
      unique.schema,
    ),
    false,
  )
})
rules.run()
