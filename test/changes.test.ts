/**
 * The rule of test/helpers/changes.ts, which the golden harness and the fuzzer both apply:
 * only apiVersion and weight scalars may change. Every case of the second test was accepted by
 * the golden harness's earlier rule ("a changed line, or the line before it, contains weight
 * or apiVersion"); the group-changing apiVersion was also accepted by the fuzzer's copy.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { scalarChangeViolation } from './helpers/changes.js'

const HEAD = 'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nspec:\n  backends:\n'
const V2 = HEAD.replace('v1alpha1', 'v1alpha2')

test('conversions pass: versions, weights in any notation, flow lines, quotes, JSON, CRLF, bytes', () => {
  const ok: [string, string][] = [
    [HEAD + '  - service: a\n    weight: 500m\n', V2 + '  - service: a\n    weight: 500\n'],
    [HEAD + '  - service: a\n    weight: "1" # one\n', V2 + '  - service: a\n    weight: 1000 # one\n'],
    [
      HEAD + "  - {service: a, weight: '250m'}\n  - {service: b, weight: 0.5}\n",
      V2 + '  - {service: a, weight: 250}\n  - {service: b, weight: 500}\n',
    ],
    [
      '[{"service": "a", "weight": "500m"}, {"service": "b", "weight": 1}]',
      '[{"service": "a", "weight": 500}, {"service": "b", "weight": 1000}]',
    ],
    ['{\r\n  "apiVersion": "split.smi-spec.io/v1alpha1",\r\n', '{\r\n  "apiVersion": "split.smi-spec.io/v1alpha2",\r\n'],
    ['apiVersion: split.smi-spec.io/v1alpha1 # é\n', 'apiVersion: split.smi-spec.io/v1alpha3 # é\n'],
    // An escaped apiVersion is read as its value and may be written back plain.
    ['  "apiVersion": "split.smi-spec.io/v1alpha\\u0031",\n', '  "apiVersion": "split.smi-spec.io/v1alpha2",\n'],
    ['  "apiVersion": "split.smi-spec.io/\\u0076\\u0031alpha1",\n', '  "apiVersion": "split.smi-spec.io/v1alpha2",\n'],
    ["apiVersion: 'split.smi-spec.io/v1alpha1'\n", "apiVersion: 'split.smi-spec.io/v1alpha2'\n"],
  ]
  for (const [before, after] of ok) {
    assert.is(scalarChangeViolation(before, after), undefined, before)
    assert.is(scalarChangeViolation(Buffer.from(before), Buffer.from(after)), undefined, `${before} (bytes)`)
  }
  assert.is(scalarChangeViolation(HEAD, HEAD), undefined)
})

test('anything else on an apiVersion or weight line fails', () => {
  const bad: [string, string, RegExp][] = [
    // A comment dropped, a key renamed or re-indented, a value given new quotes.
    ['    weight: 500m # half\n', '    weight: 500\n', /holds YAML syntax/],
    ['    weight: 500m\n', '    weights: 500\n', /neither an integer/],
    ['    weight: 500m\n', '      weight: 500\n', /neither an integer/],
    ['    weight: 500m\n', '    weight: "500"\n', /neither an integer/],
    ['    weight: 1\n', '    weight: 1.0\n', /neither an integer/],
    ['apiVersion: split.smi-spec.io/v1alpha1\n', 'apiVersion: split.smi-spec.io/v1beta1\n', /neither an integer/],
    ['apiVersion: split.smi-spec.io/v1alpha1\n', 'apiVersion: other.io/v1alpha2\n', /neither an integer/],
    ['  "apiVersion": "other.io/v1alpha\\u0031",\n', '  "apiVersion": "split.smi-spec.io/v1alpha2",\n', /neither an integer/],
    ['  - {service: a, weight: 1}\n', '  - {service: b, weight: 1000}\n', /neither an integer/],
    ['  - {service: a, weight: 1}\n', '  - {service: a, weight: 1000, x: 1}\n', /neither an integer|holds YAML syntax/],
    // The line after a weight line, which the earlier rule let change freely.
    ['    weight: 500m\n  - service: b\n', '    weight: 500\n  - service: c\n', /line 2: .*neither an integer/],
  ]
  for (const [before, after, why] of bad) assert.match(scalarChangeViolation(before, after) ?? 'passed', why, `${before} -> ${after}`)
})

test('lines elsewhere, and the line count, never change', () => {
  assert.match(
    scalarChangeViolation(HEAD + '  - service: a\n', HEAD.replace('backends', 'Backends') + '  - service: a\n') ?? '',
    /line 4: .*holds no apiVersion or weight/,
  )
  assert.match(scalarChangeViolation(HEAD + 'status: {}\n', HEAD) ?? '', /line count 6 -> 5/)
  assert.match(scalarChangeViolation(HEAD, HEAD + '\n') ?? '', /line count/)
})

test('a weight double-quoted across a line break is one scalar: written on one line it passes, another line still fails', () => {
  const before = HEAD + '  - {service: b, weight: "\n1"}\nx: a\n'
  assert.is(scalarChangeViolation(before, HEAD + '  - {service: b, weight: 1000}\nx: a\n'), undefined)
  assert.is(scalarChangeViolation(before, before), undefined)
  assert.match(scalarChangeViolation(before, HEAD + '  - {service: b, weight: 1000}\nx: a\nmore: line\n') ?? '', /line count/)
  // A quote a broken input leaves open is not one short scalar: its lines are compared as lines.
  const open = HEAD + '  - {service: b, weight: "' + '\n'.repeat(4) + 'x"}\n'
  assert.match(scalarChangeViolation(open, HEAD + '  - {service: b, weight: 1}\n') ?? '', /line count/)
})

test.run()
