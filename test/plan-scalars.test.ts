/**
 * The planner's side of issues 10 and 11: apiVersions spelled with escapes, the GCD division
 * inside and outside kustomize trees, and the info message naming weights only when they change.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseDocument } from 'yaml'
import { migrate } from '../src/index.js'
import { convertSegment } from '../src/convert/text.js'

const split = (api: string, weights: string[]) =>
  `apiVersion: ${api}\nkind: TrafficSplit\nmetadata:\n  name: x\nspec:\n  backends:\n` +
  weights.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')

test('an apiVersion spelled with escapes comes out valid, with the new version, in its own quoting', () => {
  const json =
    '{"apiVersion": "split.smi-spec.io/v1alpha\\u0031", "kind": "TrafficSplit", "metadata": {"name": "x"}, ' +
    '"spec": {"backends": [{"service": "a", "weight": "500m"}]}}\n'
  const out = migrate(json).output
  assert.equal(JSON.parse(out).apiVersion, 'split.smi-spec.io/v1alpha2')
  assert.is(out, json.replace('"split.smi-spec.io/v1alpha\\u0031"', '"split.smi-spec.io/v1alpha2"').replace('"500m"', '500'))
  for (const [api, written] of [
    ['"split.smi-spec.io/v1alph\\x61\\x31"', '"split.smi-spec.io/v1alpha2"'],
    ["'split.smi-spec.io/v1alpha1'", "'split.smi-spec.io/v1alpha2'"],
    ['|-\n  split.smi-spec.io/v1alpha1', '|-\n  split.smi-spec.io/v1alpha2'],
    ['"split.smi-spec.io/\\\n  v1alpha1"', '"split.smi-spec.io/\\\n  v1alpha2"'],
  ]) {
    const r = migrate(split(api!, ['500m']))
    assert.is(r.output, split(written!, ['500']), api)
    assert.is(parseDocument(r.output).get('apiVersion'), 'split.smi-spec.io/v1alpha2')
  }
  // `\/` is JSON's and YAML 1.2's, not go-yaml's: kubectl refuses such a YAML file, and so does the tool.
  const slash = migrate(split('"split.smi-spec.io\\/v1alpha1"', ['500m']))
  assert.is(slash.output, split('"split.smi-spec.io\\/v1alpha1"', ['500m']))
  assert.ok(slash.findings.some((f) => f.severity === 'error' && f.message.includes('the escape \\/')))
})

test('overflowing weights: divided outside a kustomize tree, refused with the reason inside one', () => {
  const text = split('split.smi-spec.io/v1alpha1', ['3000000', '500m'])
  // For a mesh that does not add v1alpha2 integers up as Linkerd does: divided, within int32.
  const alone = convertSegment(text, { to: 'v1alpha2', notLinkerd: true })
  assert.equal(
    alone.findings.map((f) => f.severity),
    ['info'],
  )
  assert.match(alone.findings[0]!.message, /3000000, 500m -> 6000000, 1 \(divided by their greatest common divisor/)
  // For Linkerd (reading v1alpha2 integers as whole units, 429496 in all), left for a person.
  const linkerd = convertSegment(text, { to: 'v1alpha2' })
  assert.equal(linkerd.edits, [])
  assert.equal(
    linkerd.findings.map((f) => [f.severity, f.pending]),
    [['warning', true]],
  )
  assert.match(linkerd.findings[0]!.message, /add up past 429496 even divided by their greatest common divisor/)
  const tree = convertSegment(text, { to: 'v1alpha2', scaleFloor: new Map([['x', 3]]) })
  assert.equal(tree.edits, [])
  assert.equal(
    tree.findings.map((f) => f.severity),
    ['error'],
  )
  assert.match(tree.findings[0]!.message, /above 2147483647.*kustomize tree the factor is shared with the other documents/)
})

test('the info message names the weights only when one of them changes', () => {
  const same = migrate(split('split.smi-spec.io/v1alpha1', ['90', '10']))
  assert.equal(
    same.findings.map((f) => f.message),
    ['TrafficSplit x: v1alpha1 -> v1alpha2'],
  )
  const changed = migrate(split('split.smi-spec.io/v1alpha1', ['90', '"10"']))
  assert.equal(
    changed.findings.map((f) => f.message),
    ['TrafficSplit x: v1alpha1 -> v1alpha2, weights 90, "10" -> 90, 10'],
  )
})

test("a TrafficSplitList whose anchored apiVersion an item's annotation reads: refused whole, its items left with it", () => {
  const list =
    'apiVersion: &lv split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems:\n- metadata:\n    name: d\n' +
    '    annotations:\n      list: *lv\n  spec:\n    backends:\n    - service: a\n      weight: 500m\n'
  const r = migrate(list)
  assert.is(r.output, list)
  assert.equal(
    r.findings.map((f) => `${f.line}:${f.column} ${f.severity} ${f.code}`),
    ['1:17 error unsupported-alias'],
  )
  // Without the annotation's alias, the anchor is the List's own: the List and its item move.
  const alone = migrate(list.replace('*lv', 'x'))
  assert.ok(alone.output.startsWith('apiVersion: &lv split.smi-spec.io/v1alpha2\n') && alone.output.includes('weight: 500\n'), alone.output)
})

test.run()
