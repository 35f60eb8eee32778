/**
 * What `webhook manifests` offers to keep the webhook's inputs and port within bounds
 * (src/webhook/hardening.ts): the schema tightening applied to linkerd-smi's CRD
 * (testdata/webhook/), the ValidatingAdmissionPolicy's CEL rules evaluated with a CEL
 * implementation (@bufbuild/cel) and held to the webhook (what they admit converts exactly),
 * the NetworkPolicy selecting the Deployment's pods on its port, and the flags.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { Writable } from 'node:stream'
import { parse } from 'yaml'
import { isCelError, parse as parseCel, plan } from '@bufbuild/cel'
import { kubernetesCel } from './helpers/k8s-cel.js'
import { RE2JS } from '@bufbuild/re2'
import { admissionPolicy, networkPolicy, QUANTITY_PATTERN, schemaPatch, weightRuleCel } from '../src/webhook/hardening.js'
import { webhookObjects } from '../src/webhook/manifests.js'
import { runManifests } from '../src/webhook/manifests-cli.js'
import { apiConvert } from './helpers/apiserver.js'
import { parseQuantity } from '../src/quantity/quantity.js'
import { admittedV1alpha1 } from '../src/kinds/trafficsplit/admitted.js'

type Obj = Record<string, any>
const CRD = parse(readFileSync('testdata/webhook/trafficsplit-crd-linkerd-smi.yaml', 'utf8')) as Obj

/** RFC 6902 `test` and `add` on a plain object (what kubectl patch --type json applies). */
function jsonPatch(doc: Obj, ops: Obj[]): Obj {
  const out = structuredClone(doc)
  for (const op of ops) {
    const keys = (op.path as string).split('/').slice(1)
    const last = keys.pop()!
    let at: any = out
    for (const k of keys) {
      at = at?.[k]
      if (at === undefined) throw new Error(`no ${op.path}`)
    }
    if (op.op === 'test') {
      if (JSON.stringify(at[last]) !== JSON.stringify(op.value)) throw new Error(`test failed at ${op.path}`)
    } else if (op.op === 'add') at[last] = op.value
    else throw new Error(`op ${op.op}`)
  }
  return out
}

const weightOf = (crd: Obj, i: number) =>
  crd.spec.versions[i].schema.openAPIV3Schema.properties.spec.properties.backends.items.properties.weight

test("--tighten-schema's JSON patch on linkerd-smi's CRD: v1alpha2 weights integers 0..int32, v1alpha1 non-negative quantities; another order is refused", () => {
  // Without a Kubernetes version of 1.30+ no CEL rule: 1.25-1.29 refuse the sum rule's cost, and the patch with it.
  const structural = jsonPatch(CRD, schemaPatch(['v1alpha1', 'v1alpha2']))
  assert.not.match(JSON.stringify(structural), /x-kubernetes-validations/)
  assert.not.match(JSON.stringify(jsonPatch(CRD, schemaPatch(['v1alpha1', 'v1alpha2'], 29))), /x-kubernetes-validations/)
  const patched = jsonPatch(CRD, schemaPatch(['v1alpha1', 'v1alpha2'], 30))
  assert.equal(weightOf(structural, 1), weightOf(patched, 1))
  assert.equal(weightOf(structural, 0), weightOf(patched, 0))
  assert.equal(weightOf(patched, 1), {
    description: 'Traffic weight value of this backend.',
    type: 'integer',
    minimum: 0,
    maximum: 2147483647,
  })
  const v1 = weightOf(patched, 0)
  assert.is(v1['x-kubernetes-int-or-string'], true)
  assert.equal(v1.anyOf, [{ type: 'integer' }, { type: 'string' }])
  // The pattern bounds strings; an integer is bounded by minimum and maximum (webhook-tighten.test.ts).
  assert.equal([v1.minimum, v1.maximum], [0, 429496])
  // Everything else is as it was.
  const back = structuredClone(patched)
  weightOf(back, 0).description = weightOf(CRD, 0).description
  delete weightOf(back, 0).anyOf
  delete weightOf(back, 0).pattern
  delete weightOf(back, 0).minimum
  delete weightOf(back, 0).maximum
  weightOf(back, 1).type = 'number'
  const [sumRule] = patched.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.backends['x-kubernetes-validations']
  const sumOk = (ws: number[]) => plan(kubernetesCel(), parseCel(sumRule.rule))({ self: ws.map((w) => new Map([['weight', w]])) } as never)
  // The sum Linkerd adds up (429496729 milli-units), not the count times each weight.
  assert.is(sumOk([214748364, 214748364]), true)
  assert.is(sumOk([300000000, 100000000]), true)
  assert.is(sumOk([429496729, 0]), true)
  assert.is(sumOk([429496729, 1]), false)
  assert.is(sumOk([214748365, 214748365]), false)
  assert.is(sumOk([]), true)
  delete back.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties.backends['x-kubernetes-validations']
  delete weightOf(back, 1).minimum
  delete weightOf(back, 1).maximum
  assert.equal(back, CRD)
  assert.throws(() => jsonPatch(CRD, schemaPatch(['v1alpha2', 'v1alpha1'])), /test failed at \/spec\/versions\/0\/name/)
  assert.throws(() => schemaPatch(['v1alpha1', 'v1alpha1']), /each once/)
  assert.throws(() => schemaPatch(['v2']), /not "v2"/)
})

/**
 * Strings ParseQuantity parses to a non-negative value with an exponent of at most three
 * digits, and the webhook reads (kubernetes/apimachinery@357557a pkg/api/resource/quantity.go
 * and suffix.go; the Quantity grammar of docs/weights-reference.md plus `n` and `u`).
 */
const ACCEPTED = ['0', '1', '+1', '01', '1.5', '1.', '.5', '00.0100', '500m', '1n', '1u', '1k', '1M', '1G', '1T', '1P', '1E'].concat([
  `${'9'.repeat(32)}.${'9'.repeat(32)}`,
  `.${'1'.repeat(32)}e3`,
  '1Ki',
  '1Mi',
  '5Ei',
  '1e3',
  '12E3',
  '1E-0',
  '1e007',
  '+1e+999',
  '1e-999',
  '.5e1',
  '5.e1',
  '1.2e-3',
  '3E-2',
])
/** Refused: by ParseQuantity's regex or its suffix grammar, or by the webhook (a sign, no digits, a long exponent). */
const REFUSED = ['1e3.5', '1e.5', '1E+2.0', '1e3.', '1e', '1e+', '1e-', '5e+', '1e3e3', '1e+-3', '1e3m', '1m3', '1.5.5']
  .concat(['1ki', '1ei', '1mi', '1K', '1Ki5', '1ee3', '1Ee3', '1e3i', '1Kb', '1 ', ' 1', '1e 3', '1_000', '0x10', 'abc', ''])
  .concat(['-1', '-0', '.', '+', 'e3', 'm', '1e1000', '1e-1000', '1e0001', '1e-100000000', '1e-10000000'])
  // More digits than the webhook reads (64 significant): 65 digits, or 33 on one side of the point.
  .concat(['1'.repeat(65), `${'1'.repeat(33)}.5`, `1.${'1'.repeat(33)}`, `.${'1'.repeat(33)}`, `${'1'.repeat(40)}.${'1'.repeat(25)}m`])

/** Every `pattern` in the JSON patch, and every `matches('…')` regex (a CEL string, unescaped) in the policy. */
async function generatedPatterns(): Promise<string[]> {
  const patch = await run(['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1,v1alpha2,v1alpha3,v1alpha4'])
  assert.is(patch.code, 0, patch.stderr)
  const patterns: string[] = []
  JSON.stringify(JSON.parse(patch.stdout), (k, v: unknown) => (k === 'pattern' && typeof v === 'string' && patterns.push(v), v))
  const objects = await run(['--namespace', 'ns', '--image', 'img', '--admission-policy'])
  assert.is(objects.code, 0, objects.stderr)
  const expressions = objects.stdout
    .split(/^---\n/m)
    .map((d) => parse(d) as Obj | null)
    .flatMap((o) => (o?.kind === 'ValidatingAdmissionPolicy' ? (o.spec.validations as Obj[]).map((v) => v.expression as string) : []))
  for (const m of expressions.join('\n').matchAll(/\.matches\('((?:[^'\\]|\\.)*)'\)/g)) patterns.push(m[1]!.replace(/\\(.)/g, '$1'))
  return patterns
}

test('every quantity pattern in the generated manifests (RE2) admits what ParseQuantity and the webhook read, and refuses the rest, long exponents too', async () => {
  const patterns = await generatedPatterns()
  assert.is(patterns.length, 2, 'the CRD patch pattern and the CEL matches()')
  for (const pattern of patterns) {
    const re = RE2JS.compile(pattern)
    for (const q of ACCEPTED) assert.ok(re.matches(q), `${pattern} admits ${q}`)
    for (const q of REFUSED) assert.not.ok(re.matches(q), `${pattern} refuses ${JSON.stringify(q)}`)
  }
  for (const q of ACCEPTED) assert.ok(parseQuantity(q).ok, `the webhook reads ${q}`)
  // The policy also bounds the sum Linkerd adds up: one weight at most 429496727 milli-units (one backend, plus one).
  for (const q of ACCEPTED) {
    const d = (parseQuantity(q) as { value: { n: bigint; e: number } }).value
    assert.is(admits('v1alpha1', q), Number(`${d.n}e${d.e + 3}`) <= 429496727, `the policy on ${q}`)
  }
  for (const q of REFUSED) assert.is(admits('v1alpha1', q), false, `the policy refuses ${JSON.stringify(q)}`)
})

test('property: the quantity pattern admits exactly the non-negative quantities the webhook reads whose exponent has at most three digits', () => {
  const re = RE2JS.compile(QUANTITY_PATTERN)
  const chars = fc.constantFrom(...'0123456789.+-eEKMGTPinumk')
  fc.assert(
    fc.property(fc.array(chars, { maxLength: 9 }), (cs) => {
      const q = cs.join('')
      const expected = parseQuantity(q).ok && !q.startsWith('-') && !/e[+-]?\d{4,}$/i.test(q)
      assert.is(re.matches(q), expected, JSON.stringify(q))
    }),
    { numRuns: 5000 },
  )
})

const cel = (v: string) => plan(kubernetesCel(), parseCel(weightRuleCel(v)))
/** A weight as Kubernetes binds it to CEL: an integer as int64 in int-or-string, a JSON number as double in `type: number`. */
function admits(v: string, w: unknown, others: unknown[] = []): boolean | string {
  const bind = (x: unknown) => (v === 'v1alpha1' && typeof x === 'number' && Number.isInteger(x) ? BigInt(x) : x)
  const backends = [w, ...others].map((x) => new Map(x === undefined ? [] : [['weight', bind(x)]]))
  const object = new Map([['spec', new Map([['backends', backends]])]])
  const r = cel(v)({ object } as never)
  return isCelError(r) ? r.message : (r as boolean)
}

test('the admission rules: v1alpha2+ admit integers 0..int32 only; v1alpha1 non-negative integers and quantity strings', () => {
  for (const [w, ok] of [
    [0, true],
    [90, true],
    [429496729, true],
    [429496730, false],
    [0.5, false],
    [-1, false],
    [3e9, false],
    [1e300, false],
  ] as const)
    assert.is(admits('v1alpha2', w), ok, `v1alpha2 ${w}`)
  // The sum Linkerd adds up: the weights' sum within 429496729 (not the count times each).
  for (const [ws, ok] of [
    [[214748364, 214748364], true],
    [[214748365, 1], true],
    [[300000000, 100000000, 29496729], true],
    [[429496729, 0, 0], true],
    [[1000, 500, 0], true],
    [[429496729, 1], false],
    [[214748365, 214748365], false],
    [[143165577, 143165577, 143165577], false],
  ] as const)
    assert.is(admits('v1alpha2', ws[0], ws.slice(1)), ok, `v1alpha2 ${ws.join(' + ')}`)
  // A backend without a weight adds nothing.
  assert.is(admits('v1alpha2', 429496729, [undefined]), true)
  for (const [w, ok] of [
    [1, true],
    [-1, false],
    ['500m', true],
    ['abc', false],
    ['-1', false],
  ] as const)
    assert.is(admits('v1alpha1', w), ok, `v1alpha1 ${w}`)
  // v1alpha1: the milli-values Linkerd adds up (uint32(MilliValue() × 10)) within 429496729,
  // conservatively by one milli-unit per backend plus one (asApproximateFloat() cannot see MilliValue()'s rounding up).
  for (const [ws, ok] of [
    [['429497', '1'], false], // Linkerd: 2704 + 10000, about 21%:79% instead of 99.9998%:0.0002%
    [['500000', '1n'], false],
    [[429497, 1], false],
    [['1e999', '1'], false],
    [['429494', '2'], true],
    [['429496.726', '0'], true],
    [['429496.727', '0'], false],
    [['214747m', '214747000m', '1n'], true],
    [['90', '10', '500m'], true],
    [['1Ei', '1'], false],
  ] as const)
    assert.is(admits('v1alpha1', ws[0], ws.slice(1)), ok, `v1alpha1 ${ws.join(' + ')}`)
  // A backend without a weight adds nothing.
  assert.is(admits('v1alpha1', '400000', [undefined]), true)
})

test("a stash's v1alpha1 weights are restored only when the admission policy admits them: the same table, and never one it refuses", () => {
  const table: Array<unknown[]> = [
    ['429497', '1'],
    ['500000', '1n'],
    [429497, 1],
    ['1e999', '1'],
    ['429494', '2'],
    ['429496.726', '0'],
    ['429496.727', '0'],
    ['214747m', '214747000m', '1n'],
    ['90', '10', '500m'],
    ['1Ei', '1'],
    ['-0', '1'],
    [' 1', '1'],
    [1.5, '1'],
    ['400000', null],
    [2, 922548],
  ]
  // The same verdict, or stricter by the one milli-unit the policy's doubles may pass the bound by.
  for (const ws of table) {
    const policy =
      admits(
        'v1alpha1',
        ws[0],
        ws.slice(1).map((w) => w ?? undefined),
      ) === true
    const ours = admittedV1alpha1(ws as never)
    assert.ok(ours === policy || (policy && !ours && JSON.stringify(ws) === '["429496.726","0"]'), JSON.stringify(ws))
  }
  assert.is(admittedV1alpha1(['54859.5', '0', '374637.225']), false, "a sum the policy's doubles put past the bound")
  const quantity = fc
    .tuple(fc.nat(500000), fc.nat(999), fc.constantFrom('', 'm', 'u', 'n', 'k', 'M', 'Ki', 'e3', 'e-2'))
    .map(([i, f, s]) => `${i}${f ? `.${f}` : ''}${s}`)
  fc.assert(
    fc.property(fc.array(fc.oneof(quantity, fc.nat(500000)), { minLength: 1, maxLength: 4 }), (ws) => {
      if (admittedV1alpha1(ws)) assert.is(admits('v1alpha1', ws[0], ws.slice(1)), true, JSON.stringify(ws))
    }),
    { numRuns: 2000 },
  )
})

test('property: every v1alpha2+ weight the admission rule admits converts down and back exactly, without a note', () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.nat(), fc.integer()), { minLength: 1, maxLength: 4 }),
      (weights) => {
        if (admits('v1alpha3', weights[0], weights.slice(1)) !== true) return
        const o = JSON.parse(
          JSON.stringify({
            apiVersion: 'split.smi-spec.io/v1alpha3',
            kind: 'TrafficSplit',
            metadata: { name: 'w' },
            spec: { service: 'w', backends: weights.map((weight, i) => ({ service: `b${i}`, weight })) },
          }),
        ) as Obj
        const down = apiConvert(o, 'split.smi-spec.io/v1alpha1')
        assert.ok(down.ok && down.notes.length === 0)
        const up = apiConvert((down as { object: Obj }).object, 'split.smi-spec.io/v1alpha3')
        assert.ok(up.ok)
        assert.equal((up as { object: Obj }).object, o)
      },
    ),
    { numRuns: 300 },
  )
})

test('the admission policy: one validation per version, each guarded by its apiVersion; the binding denies', () => {
  const [policy, binding] = admissionPolicy({ namespace: 'ns' }) as Obj[]
  assert.is(policy!.kind, 'ValidatingAdmissionPolicy')
  assert.equal(policy!.spec.matchConstraints.resourceRules[0].resources, ['trafficsplits'])
  assert.is(policy!.spec.validations.length, 4)
  for (const v of policy!.spec.validations) {
    const p = plan(kubernetesCel(), parseCel(v.expression))
    const other = p({ object: new Map([['apiVersion', 'split.smi-spec.io/v9']]) } as never)
    assert.is(other, true, 'another version passes this rule')
  }
  assert.equal(binding!.spec, { policyName: policy!.metadata.name, validationActions: ['Deny'] })
})

test("the NetworkPolicy selects the Deployment's pods on its container port, from the CIDRs and the metrics namespace only", () => {
  const np = networkPolicy({ namespace: 'ns' }, ['10.0.0.0/24', '2001:db8::/64'], 'monitoring') as Obj
  const deployment = webhookObjects({ namespace: 'ns', image: 'img', certManager: false }).find((o) => o.kind === 'Deployment') as Obj
  const podLabels = deployment.spec.template.metadata.labels
  for (const [k, v] of Object.entries(np.spec.podSelector.matchLabels)) assert.is(podLabels[k], v)
  assert.equal(np.spec.ingress[0].ports, [{ protocol: 'TCP', port: deployment.spec.template.spec.containers[0].ports[0].containerPort }])
  assert.equal(np.spec.ingress[0].from, [
    { ipBlock: { cidr: '10.0.0.0/24' } },
    { ipBlock: { cidr: '2001:db8::/64' } },
    { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } },
  ])
  assert.equal(np.spec.policyTypes, ['Ingress'])
  assert.throws(() => networkPolicy({ namespace: 'ns' }, ['everyone']), /--network-policy: "everyone" is not a CIDR/)
})

function capture() {
  const chunks: string[] = []
  const w = new Writable({
    write(c, _e, cb) {
      chunks.push(String(c))
      cb()
    },
  }) as Writable & { text(): string }
  w.text = () => chunks.join('')
  return w
}

async function run(args: string[]) {
  const stdout = capture()
  const stderr = capture()
  const code = await runManifests(args, { stdout, stderr, readFile: () => '' })
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

test('the flags: --network-policy and --admission-policy add objects; --patch --tighten-schema prints the JSON patch; misplaced flags are refused', async () => {
  const objects = await run(['--namespace', 'ns', '--image', 'img', '--network-policy', '10.0.0.0/24', '--admission-policy'])
  assert.is(objects.code, 0, objects.stderr)
  const kinds = objects.stdout
    .split(/^---\n/m)
    .slice(1)
    .map((d) => (parse(d) as Obj).kind)
  assert.equal(kinds.slice(-3), ['NetworkPolicy', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding'])
  const patch = await run(['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1,v1alpha2'])
  assert.is(patch.code, 0, patch.stderr)
  assert.equal(JSON.parse(patch.stdout), schemaPatch(['v1alpha1', 'v1alpha2']))
  assert.not.match(patch.stdout, /x-kubernetes-validations/)
  // --kube-version: the sum rule in the CRD from 1.30 on, in Helm's forms.
  for (const [version, rule] of [
    ['1.29', false],
    ['v1.25.16', false],
    ['1.30', true],
    ['v1.31.2', true],
  ] as const) {
    const r = await run(['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1,v1alpha2', '--kube-version', version])
    assert.is(r.code, 0, r.stderr)
    assert.is((r.stdout.match(/x-kubernetes-validations/g) ?? []).length, rule ? 1 : 0, version)
    assert.match(r.stdout, /"maximum": 2147483647/)
  }
  for (const [args, re] of [
    [['--namespace', 'ns', '--image', 'img', '--tighten-schema', 'v1alpha1'], /--tighten-schema goes with --patch/],
    [['--namespace', 'ns', '--patch', '--cert-manager', '--kube-version', '1.30'], /--kube-version goes with --tighten-schema/],
    [['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1', '--kube-version', ''], /--kube-version needs a value/],
    [['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1', '--kube-version', '1.3O'], /1\.MINOR .*not "1\.3O"/],
    [['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1', '--kube-version', '2.0'], /not "2\.0"/],
    [['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1', '--kube-version', '130'], /not "130"/],
    [['--namespace', 'ns', '--patch', '--tighten-schema', 'v1alpha1', '--kube-version', '1.15'], /1\.16 or later/],
    [['--namespace', 'ns', '--patch', '--cert-manager', '--admission-policy'], /leave out --patch/],
    [['--namespace', 'ns', '--image', 'img', '--metrics-from', 'mon'], /--metrics-from goes with --network-policy/],
    [['--namespace', 'ns', '--image', 'img', '--network-policy', 'x'], /--network-policy: "x" is not a CIDR/],
  ] as const) {
    const r = await run([...args])
    assert.is(r.code, 2)
    assert.match(r.stderr, re)
  }
})

test.run()
