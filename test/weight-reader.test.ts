/**
 * One weight reader (src/quantity/reader.ts) for the four places that read TrafficSplit
 * weights: a manifest's text steps, a kustomize JSON 6902 patch, a kustomize tree's shared
 * factor, and the conversion webhook. The same weight must mean the same number, or be
 * refused for the same reason, wherever it is written; the cases below are the ones where
 * those places used to disagree.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate } from '../src/index.js'
import { convertSplit } from '../src/webhook/round-trip.js'
import { opEdits, readOpWeights } from '../src/kustomize/json6902.js'
import { convertTreeFile, planTrees } from '../src/kustomize/index.js'
import { neededWeightScale, readQuantityWeight, weightRule, type WeightInput } from '../src/quantity/reader.js'
import { isIntegerLiteral, MAX_WEIGHT, readIntegerWeight } from '../src/quantity/weights.js'

const manifest = (version: string, weights: string[]) =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  backends:\n` +
  weights.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')

/** The manifest's weights after `migrate`, or its error. */
function viaManifest(yaml: string): string {
  const r = migrate(manifest('v1alpha1', [yaml]))
  const error = r.findings.find((f) => f.severity === 'error')
  if (error) return `error: ${error.message}`
  return /weight: (.*)\n/.exec(r.output)![1]!
}

/** The JSON 6902 patch's weight on its own scale, or its error. */
function viaPatch(yaml: string): string {
  const ops = readOpWeights(`- op: replace\n  path: /spec/backends/0/weight\n  value: ${yaml}\n`)!
  const r = opEdits(ops, 0, 'web')
  const error = r.findings.find((f) => f.severity === 'error')
  if (error) return `error: ${error.message}`
  return r.edits[0]?.text ?? yaml
}

/** The webhook's v1alpha2 weight for a v1alpha1 object holding `json`, or its error. */
function viaWebhook(json: unknown): string {
  const o = {
    apiVersion: 'split.smi-spec.io/v1alpha1',
    kind: 'TrafficSplit',
    metadata: { name: 'web' },
    spec: { backends: [{ service: 'b0', weight: json }] },
  }
  const r = convertSplit(o as never, 'v1alpha2')
  if ('error' in r) return `error: ${r.error}`
  // A weight the rule refuses is answered (written as 0) and named in a note.
  if (r.notes) return `refused: ${r.notes.join()}`
  return String((r.object.spec as { backends: Array<{ weight: number }> }).backends[0]!.weight)
}

// [the YAML scalar, the JSON value kubectl makes of it (undefined: the webhook never sees it), the weight or the refusal]
const SAME: Array<[string, unknown, string | RegExp]> = [
  ['"500m"', '500m', '500'],
  // Go trims the JSON text of a string: the webhook used to refuse what kubectl reads as 500m.
  ['" 500m "', ' 500m ', '500'],
  ['"\\u00a0500m"', '\u00a0500m', '500'],
  // An escaped NEL reaches Go as the character itself and is trimmed: the patch reader used to refuse it.
  ['"500m\\N"', '500m\u0085', '500'],
  // What JavaScript trims and Go does not (encoding/json escapes it) is refused everywhere.
  ['"\\t500m"', '\t500m', /U\+0009 around it/],
  ['"\\u2028500m"', '\u2028500m', /U\+2028 around it/],
  ['0.5', 0.5, '500'],
  ['1e3', 1000, '1000'],
  ["'1.5'", '1.5', '1500'],
  ['"-1"', '-1', /is negative/],
  ['-0', -0, '0'],
  ['"abc"', 'abc', /is not a quantity/],
  ['"1e4294967296"', '1e4294967296', /int32/],
  // A tag decides what kubectl reads (`!!str 010` is 10, `010` is 8): the patch reader used to read past it.
  ['!!str 010', undefined, /explicit tag \(!!str\)/],
  ['010', 8, '8'],
]

test('a weight means the same in a manifest, a JSON 6902 patch and a ConversionReview', () => {
  for (const [yaml, json, expected] of SAME) {
    const seen: Array<[string, string]> = [
      ['manifest', viaManifest(yaml)],
      ['patch', viaPatch(yaml)],
    ]
    if (json !== undefined) seen.push(['webhook', viaWebhook(json)])
    for (const [where, got] of seen) {
      if (typeof expected === 'string') assert.is(got, expected, `${where} ${yaml}`)
      else assert.match(got, expected, `${where} ${yaml}: ${got}`)
    }
  }
})

test('a kustomize tree shares the factor of every weight its documents convert (an escaped NEL included)', () => {
  // The base needs 10^3 for 500m; the overlay's patch sets backend 1 to 2, which must become
  // 2000 to keep 500m:2. The tree's reader used to skip "500m\N" and leave the patch at 2.
  const FILES: Record<string, string> = {
    '/t/base/kustomization.yaml': 'resources:\n- split.yaml\n',
    '/t/base/split.yaml': manifest('v1alpha1', ['"500m\\N"', '1']),
    '/t/overlay/kustomization.yaml':
      'resources:\n- ../base\npatches:\n- path: weight.yaml\n  target:\n    kind: TrafficSplit\n    name: web\n',
    '/t/overlay/weight.yaml': '- op: replace\n  path: /spec/backends/1/weight\n  value: 2\n',
  }
  const files = { read: (f: string) => FILES[f], isFile: (f: string) => f in FILES, real: (f: string) => f.replace('/overlay/../', '/') }
  const plan = planTrees(['/t/base/kustomization.yaml', '/t/overlay/kustomization.yaml'], files, { versions: { TrafficSplit: 'v1alpha2' } })
  const patch = '/t/overlay/weight.yaml'
  const r = convertTreeFile(plan, patch, Buffer.from(FILES[patch]!), { versions: { TrafficSplit: 'v1alpha2' } }, 'weight.yaml')!
  assert.is(r.output.toString(), '- op: replace\n  path: /spec/backends/1/weight\n  value: 2000\n')
})

test('v1alpha2+ integers are bounded by int32 in a manifest as in the webhook: 3000000000 is no integer weight', () => {
  assert.ok(isIntegerLiteral('2147483647'))
  assert.not.ok(isIntegerLiteral('2147483648'))
  assert.not.ok(isIntegerLiteral('3000000000'))
  assert.not.ok(isIntegerLiteral('010'))
  // The text steps used to let a ten-digit weight above int32 pass untouched.
  // Above int32 is past what Linkerd sums too: for another mesh in proportion within it, with
  // the note (the weight rule); for Linkerd, which reads them as whole units, left for a person.
  const over = migrate(manifest('v1alpha2', ['3000000000', '1']), { mesh: 'osm' })
  assert.match(over.output, /weight: 429496726\n[\s\S]*weight: 1\n/)
  assert.match(over.findings.map((f) => f.message).join('\n'), /add up past 429496729[\s\S]*written in proportion within it/)
  const left = migrate(manifest('v1alpha2', ['3000000000', '1']))
  assert.is(left.output, manifest('v1alpha2', ['3000000000', '1']))
  assert.ok(left.findings.some((f) => f.pending && /past 429496 even divided/.test(f.message)))
  const divided = migrate(manifest('v1alpha2', ['4000000000', '2000000000']))
  assert.match(divided.output, /weight: 2\n[\s\S]*weight: 1\n/)
  assert.equal(readIntegerWeight(2147483647), { ok: true, value: 2147483647 })
  for (const [v, why] of [
    [2147483648, /is above 2147483647/],
    [3000000000, /is above/],
    [1.5, /non-negative integer/],
    [-1, /non-negative/],
    ['100', /non-negative integer/],
    [null, /non-negative integer/],
  ] as const) {
    const r = readIntegerWeight(v)
    assert.ok(!r.ok && why.test(r.reason), `${v}`)
  }
})

test('the reader: every unreadable weight is named, in order; the rule names the one that does not fit', () => {
  const y = (value: string, style: 'PLAIN' | 'QUOTE_DOUBLE' = 'PLAIN'): WeightInput => ({ yaml: { style, value, raw: value } })
  const bad = weightRule([y('x'), y('1'), { json: true }, { json: '-5' }])
  assert.equal(bad.ok ? [] : bad.errors.map((e) => e.index), [0, 2, 3])
  // With TrafficSplit's sum bound, too large even divided is in proportion within it; a `max` alone refuses.
  const bounded = weightRule([y('2147483648'), { json: 1 }])
  assert.ok(bounded.ok && bounded.bounded === true && bounded.weights.join() === '429496726,1')
  const big = weightRule([y('2147483648'), { json: 1 }], { max: MAX_WEIGHT })
  assert.equal(big.ok ? [] : big.errors, [
    {
      index: 0,
      reason: "is above 2147483647, the largest integer weight, even divided by the greatest common divisor of the object's weights",
    },
  ])
  assert.equal(weightRule([y('3000000'), { json: '500m' }]), {
    ok: true,
    weights: [6000000n, 1n],
    divided: true,
    notes: [undefined, undefined],
  })
  // In a kustomize tree (a floor given) the weights are never divided.
  assert.is(weightRule([y('3000000'), { json: '500m' }], { floor: 0 }).ok, false)
  assert.equal(weightRule([y('010')]), { ok: true, weights: [8n], divided: false, notes: ['read as 8 (YAML 1.1 integer)'] })
  // Finer than 1m: as Linkerd applied it, said of that weight alone (YAML and JSON alike).
  const linkerd = 'as Linkerd applied it (MilliValue(), rounded up)'
  assert.equal(weightRule([y('1'), { json: '1n' }, y('1.0001m')]), {
    ok: true,
    weights: [1000n, 1n, 2n],
    divided: false,
    notes: [undefined, `read as 1m, ${linkerd}`, `read as 2m, ${linkerd}`],
  })
  // The factor a tree shares: what cannot be read does not count.
  assert.is(neededWeightScale([y('1'), y('500m'), y('x'), y('1n', 'QUOTE_DOUBLE')]), 3)
  assert.is(neededWeightScale([y('1'), y('1n', 'QUOTE_DOUBLE')]), 3)
  assert.is(neededWeightScale([y('1'), y('abc'), { json: null }]), 0)
  assert.equal(readQuantityWeight({ json: null }), { ok: false, reason: 'is null' })
  assert.equal(readQuantityWeight({ json: [1] }), { ok: false, reason: 'is not a quantity' })
})

test.run()
