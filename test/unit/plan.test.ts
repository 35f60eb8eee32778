/**
 * The planner (convert/plan.ts planObjects) on hand-built views: no YAML is parsed. A text is
 * written here, its views are built by hand (scalar ranges found in the text, layouts written
 * as numbers), and the plan's edits (ranges into that text) and findings are checked; the
 * edits are spliced to see the text they make. A kind made up here shows the planner names no
 * kind: it only runs steps and shapes their changes.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { Diagnostic, Edit, Problem, ScalarRef, ScalarStyle, VersionFields } from '../../src/model.js'
import type { KindModule, ObjectView, Step } from '../../src/kinds/kind.js'
import type { MapLayout, PairSpan } from '../../src/edit/layout.js'
import type { SplitData } from '../../src/kinds/trafficsplit/read.js'
import type { PreparedTarget, Replacer, RunOptions } from '../../src/targets/target.js'
import { planObjects, stepsBetween } from '../../src/convert/plan.js'
import { resolveTargets } from '../../src/kinds/meshes.js'
import { splice } from '../../src/edit/splice.js'
import { trafficSplit } from '../../src/kinds/trafficsplit/index.js'
import { httpRouteGroup } from '../../src/kinds/httproutegroup/index.js'
import { tcpRoute } from '../../src/kinds/tcproute/index.js'

/** The `nth` (0-based) occurrence of `needle` in `text`, as a scalar of that text. */
function scalarIn(text: string, needle: string, nth = 0, style: ScalarStyle = 'PLAIN', value = needle): ScalarRef {
  let at = -1
  for (let i = 0; i <= nth; i++) {
    at = text.indexOf(needle, at + 1)
    if (at < 0) throw new Error(`${needle} #${nth} not in text`)
  }
  return { style, value, raw: needle, start: at, end: at + needle.length }
}

/** The weight scalar on the `nth` line `weight: <raw>`. */
function weightIn(text: string, raw: string, nth = 0) {
  const s = scalarIn(text, `weight: ${raw}\n`, nth)
  const scalar = { ...s, raw, value: raw, start: s.start + 8, end: s.start + 8 + raw.length }
  return { offset: scalar.start, scalar }
}

const noLayout = (): MapLayout => {
  throw new Error('the layout was asked for')
}

function splitView(text: string, over: Partial<ObjectView<SplitData>> & { weights: string[]; name?: string }): ObjectView<SplitData> {
  const { weights, name = 'web', ...rest } = over
  const view: ObjectView<SplitData> = {
    kind: trafficSplit,
    offset: 0,
    ref: { kind: 'TrafficSplit', name },
    version: 'v1alpha1',
    layout: noLayout,
    data: {
      weights: weights.map((w) => weightIn(text, w)),
      matches: [],
      fields: () => {
        throw new Error('fields read')
      },
    },
    ...rest,
  }
  return view
}

/** Every edit is a range of the text it was planned on. */
function inRange(text: string, edits: readonly Edit[]): void {
  for (const e of edits) assert.ok(e.start >= 0 && e.start <= e.end && e.end <= text.length, JSON.stringify(e))
}

const byStart = (edits: readonly Edit[]) => [...edits].sort((a, b) => a.start - b.start)

const SPLIT = [
  'apiVersion: split.smi-spec.io/v1alpha1',
  'kind: TrafficSplit',
  'metadata:',
  '  name: web',
  'spec:',
  '  service: web',
  '  backends:',
  '  - service: a',
  '    weight: 1',
  '  - service: b',
  '    weight: 500m',
  '',
].join('\n')

test('a TrafficSplit: its weights and the version inside its apiVersion are edited in place, one info finding', () => {
  const api = scalarIn(SPLIT, 'split.smi-spec.io/v1alpha1')
  const plan = planObjects([splitView(SPLIT, { weights: ['1', '500m'], apiVersion: api })], SPLIT, run({ to: 'v1alpha2' }))
  inRange(SPLIT, plan.edits)
  const v = api.start + 'split.smi-spec.io/'.length
  const one = SPLIT.indexOf('weight: 1\n') + 8
  const half = SPLIT.indexOf('weight: 500m') + 8
  assert.equal(byStart(plan.edits), [
    { start: v, end: v + 8, text: 'v1alpha2' },
    { start: one, end: one + 1, text: '1000' },
    { start: half, end: half + 4, text: '500' },
  ])
  assert.is(SPLIT.slice(v, v + 8), 'v1alpha1')
  assert.is(
    splice(SPLIT, plan.edits),
    SPLIT.replace('v1alpha1', 'v1alpha2').replace('weight: 1\n', 'weight: 1000\n').replace('500m', '500'),
  )
  assert.equal(plan.findings, [
    {
      severity: 'info',
      code: 'converted',
      offset: 0,
      object: { kind: 'TrafficSplit', name: 'web' },
      message: 'TrafficSplit web: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500',
      from: 'split.smi-spec.io/v1alpha1',
      to: 'split.smi-spec.io/v1alpha2',
      weightsBefore: ['1', '500m'],
      weightsAfter: ['1000', '500'],
    },
  ])
})

test('the apiVersion: only its version is replaced when written literally, the whole scalar in its quoting otherwise', () => {
  const cases: Array<[string, ScalarStyle, string]> = [
    ["'split.smi-spec.io/v1alpha1'", 'QUOTE_SINGLE', "'split.smi-spec.io/v1alpha2'"],
    ['"split.smi-spec.io/v1alpha1"', 'QUOTE_DOUBLE', '"split.smi-spec.io/v1alpha2"'],
    // An escape at the end: the version is not literally there; JSON stays JSON.
    ['"split.smi-spec.io/v1alpha\\u0031"', 'QUOTE_DOUBLE', '"split.smi-spec.io/v1alpha2"'],
    ['"split.smi-spec.io/v1alph\\x61\\x31"', 'QUOTE_DOUBLE', '"split.smi-spec.io/v1alpha2"'],
  ]
  for (const [raw, style, written] of cases) {
    const text = SPLIT.replace('split.smi-spec.io/v1alpha1', raw).replace('weight: 1\n', 'weight: 90\n').replace('500m', '10')
    const api = scalarIn(text, raw, 0, style, 'split.smi-spec.io/v1alpha1')
    const plan = planObjects([splitView(text, { weights: ['90', '10'], apiVersion: api })], text, run({ to: 'v1alpha2' }))
    assert.is(splice(text, plan.edits), text.replace(raw, written), raw)
    assert.is(plan.findings[0]!.message, 'TrafficSplit web: v1alpha1 -> v1alpha2', raw)
  }
})

test('an object with a problem gets no edits and an error where the problem is; its steps never run', () => {
  const problem: Problem = { code: 'invalid-structure', offset: 57, message: 'spec.backends is not a sequence' }
  const strip: Edit[] = [{ start: 0, end: 1, text: '' }]
  const view = splitView(SPLIT, { weights: ['1', '500m'], apiVersion: scalarIn(SPLIT, 'split.smi-spec.io/v1alpha1'), problem, strip })
  const plan = planObjects([view], SPLIT, run({ to: 'v1alpha2' }))
  assert.equal(plan.edits, [])
  assert.equal(plan.findings, [
    {
      severity: 'error',
      code: 'invalid-structure',
      offset: 57,
      object: { kind: 'TrafficSplit', name: 'web' },
      message: 'TrafficSplit web: spec.backends is not a sequence',
    },
  ])
})

test('a step that refuses: no edit at all (not even the apiVersion), one error per problem', () => {
  const text = SPLIT.replace('weight: 1\n', 'weight: -1\n').replace('500m', 'x')
  const view = splitView(text, { weights: ['-1', 'x'], apiVersion: scalarIn(text, 'split.smi-spec.io/v1alpha1') })
  const plan = planObjects([view], text, run({ to: 'v1alpha4' }))
  assert.equal(plan.edits, [])
  assert.equal(
    plan.findings.map((f) => [f.severity, f.code, f.offset, f.message]),
    [
      ['error', 'invalid-weight', text.indexOf('-1'), 'TrafficSplit web: backend 1 weight "-1" is negative'],
      ['error', 'invalid-weight', text.indexOf('weight: x') + 8, 'TrafficSplit web: backend 2 weight "x" is not a quantity (no digits)'],
    ],
  )
})

test('server-field removals ride along only with a conversion', () => {
  const strip: Edit[] = [{ start: SPLIT.indexOf('  service: web\n'), end: SPLIT.indexOf('  backends:'), text: '' }]
  const api = scalarIn(SPLIT, 'split.smi-spec.io/v1alpha1')
  const converted = planObjects([splitView(SPLIT, { weights: ['1', '500m'], apiVersion: api, strip })], SPLIT, run({ to: 'v1alpha2' }))
  assert.ok(converted.edits.some((e) => e === strip[0]))
  const v2 = SPLIT.replace('v1alpha1', 'v1alpha2').replace('weight: 1\n', 'weight: 90\n').replace('500m', '10')
  const left = planObjects(
    [splitView(v2, { weights: ['90', '10'], version: 'v1alpha2', apiVersion: scalarIn(v2, 'split.smi-spec.io/v1alpha2'), strip })],
    v2,
    run({ to: 'v1alpha2' }),
  )
  assert.equal(left.edits, [])
  assert.equal(left.findings, [])
})

test('newer than the target: left as it is, with an info note; an older version is never written', () => {
  const v3 = SPLIT.replace('v1alpha1', 'v1alpha3').replace('weight: 1\n', 'weight: 90\n').replace('500m', '10')
  const view = splitView(v3, { weights: ['90', '10'], version: 'v1alpha3', apiVersion: scalarIn(v3, 'split.smi-spec.io/v1alpha3') })
  const plan = planObjects([view], v3, run({ to: 'v1alpha2' }))
  assert.equal(plan.edits, [])
  assert.equal(plan.findings, [
    {
      severity: 'info',
      code: 'newer-than-target',
      offset: 0,
      object: { kind: 'TrafficSplit', name: 'web' },
      message: 'TrafficSplit web is v1alpha3, newer than --to v1alpha2; left as it is',
    },
  ])
})

test('a v1alpha2+ object with quantity weights is repaired at its own version (code repaired, apiVersion untouched)', () => {
  const v2 = SPLIT.replace('v1alpha1', 'v1alpha2')
  const view = splitView(v2, { weights: ['1', '500m'], version: 'v1alpha2', apiVersion: scalarIn(v2, 'split.smi-spec.io/v1alpha2') })
  const plan = planObjects([view], v2, run({ to: 'v1alpha2' }))
  assert.is(splice(v2, plan.edits), v2.replace('weight: 1\n', 'weight: 1000\n').replace('500m', '500'))
  assert.equal(
    plan.findings.map((f) => [f.code, f.message, f.from, f.to]),
    [
      [
        'repaired',
        'TrafficSplit web: non-integer v1alpha2 weights 1, 500m -> 1000, 500',
        'split.smi-spec.io/v1alpha2',
        'split.smi-spec.io/v1alpha2',
      ],
    ],
  )
})

test('facts for checks across documents: an A/B split names the route groups it needs, before and after the run', () => {
  const v3 = SPLIT.replace('v1alpha1', 'v1alpha3').replace('weight: 1\n', 'weight: 90\n').replace('500m', '10')
  const view = splitView(v3, { weights: ['90', '10'], version: 'v1alpha3', apiVersion: scalarIn(v3, 'split.smi-spec.io/v1alpha3') })
  view.data.matches = ['ab']
  view.ref.namespace = 'prod'
  const plan = planObjects([view], v3, run({ to: 'v1alpha4' }))
  assert.is(splice(v3, plan.edits), v3.replace('v1alpha3', 'v1alpha4'))
  assert.equal(plan.objects, [
    {
      kind: 'TrafficSplit',
      name: 'web',
      version: 'v1alpha4',
      before: 'v1alpha3',
      offset: 0,
      namespace: 'prod',
      needs: [{ kind: 'HTTPRouteGroup', name: 'ab', versions: ['v1alpha4'] }],
      needsBefore: [{ kind: 'HTTPRouteGroup', name: 'ab', versions: ['v1alpha3'] }],
    },
  ])
  // A split that needs nothing, of a kind no kind needs: no fact kept.
  const plain = SPLIT.replace('weight: 1\n', 'weight: 90\n').replace('500m', '10')
  const alone = planObjects(
    [splitView(plain, { weights: ['90', '10'], apiVersion: scalarIn(plain, 'split.smi-spec.io/v1alpha1') })],
    plain,
    run({ to: 'v1alpha2' }),
  )
  assert.equal(alone.objects, [])
})

/** A run's options from the library's fields (`{ to: 'v1alpha2', specsTo: 'v1alpha3' }`), and any others. */
function run(fields: VersionFields, more: Partial<RunOptions> = {}): RunOptions {
  return { ...resolveTargets(fields), ...more }
}

// --- Lists: a <Kind>List and the items that inherit its apiVersion ---------------------------

const LIST = [
  'apiVersion: split.smi-spec.io/v1alpha1',
  'kind: TrafficSplitList',
  'items:',
  '- kind: TrafficSplit',
  '  metadata:',
  '    name: a',
  '  spec:',
  '    backends:',
  '    - service: x',
  '      weight: 1',
  '    - service: y',
  '      weight: 500m',
  '- kind: TrafficSplit',
  '  metadata:',
  '    name: b',
  '  spec:',
  '    backends:',
  '    - service: x',
  '      weight: W',
  '',
].join('\n')

function listViews(b: string, heldBack?: Problem) {
  const text = LIST.replace('weight: W', `weight: ${b}`)
  const list: ObjectView = {
    kind: trafficSplit as KindModule<never>,
    list: true,
    offset: 0,
    ref: { kind: 'TrafficSplitList' },
    version: 'v1alpha1',
    apiVersion: scalarIn(text, 'split.smi-spec.io/v1alpha1'),
    layout: noLayout,
    data: undefined as never,
  }
  if (heldBack) list.heldBack = heldBack
  const item = (name: string, weights: string[], nth: number): ObjectView => {
    const v = splitView(text, {
      weights: [],
      name,
      item: true,
      inheritsFrom: list,
      offset: scalarIn(text, 'kind: TrafficSplit\n', nth).start,
    })
    v.data.weights = weights.map((w) => weightIn(text, w))
    return v as ObjectView
  }
  return { text, list, a: item('a', ['1', '500m'], 0), b: item('b', [b], 1) }
}

test('a List and its inheriting items move together: the List apiVersion and the items weights', () => {
  const { text, list, a, b } = listViews('3')
  const plan = planObjects([list, a, b], text, run({ to: 'v1alpha2' }))
  inRange(text, plan.edits)
  assert.is(splice(text, plan.edits), text.replace('v1alpha1', 'v1alpha2').replace('weight: 1\n', 'weight: 1000\n').replace('500m', '500'))
  const messages = plan.findings.map((f) => f.message)
  assert.ok(messages.includes('TrafficSplitList: v1alpha1 -> v1alpha2'), messages.join('\n'))
  assert.ok(messages.includes('TrafficSplit a: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500'), messages.join('\n'))
  assert.ok(
    plan.findings.every((f) => f.severity === 'info'),
    messages.join('\n'),
  )
})

test('a List with an item that cannot convert: nothing under it moves, an error on the List and the item error', () => {
  const { text, list, a, b } = listViews('-1')
  const plan = planObjects([list, a, b], text, run({ to: 'v1alpha2' }))
  assert.equal(plan.edits, [])
  const expected: Diagnostic[] = [
    {
      severity: 'error',
      code: 'invalid-structure',
      offset: 0,
      object: { kind: 'TrafficSplitList' },
      message:
        'TrafficSplitList: apiVersion and items left unchanged: its items inherit its apiVersion and TrafficSplit b cannot be converted',
    },
    {
      severity: 'error',
      code: 'invalid-weight',
      offset: text.indexOf('-1'),
      object: { kind: 'TrafficSplit', name: 'b' },
      message: 'TrafficSplit b: backend 1 weight "-1" is negative',
    },
  ]
  assert.equal(plan.findings, expected)
})

test('a List held back by a templated item: nothing under it moves, a pending warning', () => {
  const held: Problem = { code: 'templated', offset: 300, message: 'TrafficSplit c is templated' }
  const { text, list, a, b } = listViews('3', held)
  const plan = planObjects([list, a, b], text, run({ to: 'v1alpha2' }))
  assert.equal(plan.edits, [])
  assert.equal(plan.findings, [
    {
      severity: 'warning',
      code: 'templated',
      offset: 0,
      object: { kind: 'TrafficSplitList' },
      message: 'TrafficSplitList: apiVersion and items left unchanged: its items inherit its apiVersion and TrafficSplit c is templated',
      pending: true,
    },
  ])
  // Held back with no inheriting item in the plan at all: the same.
  const alone = planObjects([list], text, run({ to: 'v1alpha2' }))
  assert.equal(alone.edits, [])
  assert.is(alone.findings[0]!.code, 'templated')
})

test('a List already at the target does not hold back its items repairs', () => {
  const { text: t1, list, a } = listViews('3')
  const text = t1.replace('v1alpha1', 'v1alpha2')
  list.version = 'v1alpha2'
  list.apiVersion = scalarIn(text, 'split.smi-spec.io/v1alpha2')
  a.version = 'v1alpha2'
  const plan = planObjects([list, a], text, run({ to: 'v1alpha2' }))
  assert.is(splice(text, plan.edits), text.replace('weight: 1\n', 'weight: 1000\n').replace('500m', '500'))
  assert.equal(
    plan.findings.map((f) => f.code),
    ['repaired'],
  )
})

// --- Structural changes through the edit shapes, on hand-written layouts ---------------------

const GROUP = [
  'apiVersion: specs.smi-spec.io/v1alpha2',
  'kind: HTTPRouteGroup',
  'metadata:',
  '  name: g',
  '# the routes',
  'matches:',
  '- name: a',
  '  pathRegex: /a',
  '',
].join('\n')

/** A top-level block pair whose lines run from `from` (a comment line above, or the key) to `to`. */
function pair(text: string, key: string, from: string, to: string | null, valueEnd: string): PairSpan {
  const keyStart = text.indexOf(`${key}:`)
  const start = text.indexOf(from)
  const end = to === null ? text.length : text.indexOf(to)
  return { key, keyStart, keyEnd: keyStart + key.length, valueEnd: text.indexOf(valueEnd) + valueEnd.length, start, end, inline: false }
}

function groupLayout(text: string): MapLayout {
  return {
    flow: false,
    quoteKeys: false,
    start: 0,
    end: text.length,
    column: 0,
    indent: 2,
    eol: '\n',
    pairs: [
      pair(text, 'apiVersion', 'apiVersion', 'kind:', 'v1alpha2'),
      pair(text, 'kind', 'kind:', 'metadata:', 'HTTPRouteGroup'),
      pair(text, 'metadata', 'metadata:', '# the routes', 'name: g'),
      pair(text, 'matches', '# the routes', null, '/a'),
    ],
  }
}

function groupView(text: string, version: string, extra: Partial<ObjectView> = {}): ObjectView {
  return {
    kind: httpRouteGroup,
    offset: 0,
    ref: { kind: 'HTTPRouteGroup', name: 'g' },
    version,
    apiVersion: scalarIn(text, `specs.smi-spec.io/${version}`),
    layout: () => groupLayout(text),
    data: undefined,
    ...extra,
  }
}

test('HTTPRouteGroup v1alpha2 -> v1alpha3: matches moves under a new spec with its comment, one level deeper', () => {
  const plan = planObjects([groupView(GROUP, 'v1alpha2')], GROUP, run({ to: 'v1alpha2', specsTo: 'v1alpha3' }))
  inRange(GROUP, plan.edits)
  const expected = [
    'apiVersion: specs.smi-spec.io/v1alpha3',
    'kind: HTTPRouteGroup',
    'metadata:',
    '  name: g',
    'spec:',
    '  # the routes',
    '  matches:',
    '  - name: a',
    '    pathRegex: /a',
    '',
  ].join('\n')
  assert.is(splice(GROUP, plan.edits), expected)
  assert.equal(
    plan.findings.map((f) => [f.code, f.message]),
    [['converted', 'HTTPRouteGroup g: v1alpha2 -> v1alpha3 (matches moved under spec)']],
  )
  // A route group is a kind another kind may need: its version after the run is kept.
  assert.equal(plan.objects, [{ kind: 'HTTPRouteGroup', name: 'g', version: 'v1alpha3', before: 'v1alpha2', offset: 0 }])
})

test('several hops in one run: the apiVersion goes straight to the target, each hop change made once', () => {
  const text = GROUP.replace('v1alpha2', 'v1alpha1')
  const plan = planObjects([groupView(text, 'v1alpha1')], text, run({ to: 'v1alpha2', specsTo: 'v1alpha4' }))
  assert.is(splice(text, plan.edits).split('\n')[0], 'apiVersion: specs.smi-spec.io/v1alpha4')
  assert.is(splice(text, plan.edits).split('spec:').length, 2)
  assert.is(plan.findings[0]!.message, 'HTTPRouteGroup g: v1alpha1 -> v1alpha4 (matches moved under spec)')
})

test('a structural change in a templated object: a pending warning, no edits; scalars alone are not held back', () => {
  const templated: Problem = { code: 'templated', offset: 40, message: 'content comes from a template action ({{ .Values.x }})' }
  const plan = planObjects([groupView(GROUP, 'v1alpha2', { templated })], GROUP, run({ to: 'v1alpha2', specsTo: 'v1alpha3' }))
  assert.equal(plan.edits, [])
  assert.equal(plan.findings, [
    {
      severity: 'warning',
      code: 'templated',
      offset: 40,
      object: { kind: 'HTTPRouteGroup', name: 'g' },
      pending: true,
      message:
        'HTTPRouteGroup g: content comes from a template action ({{ .Values.x }}); its v1alpha2 -> v1alpha3 conversion moves or adds keys; left unchanged: convert it by hand',
    },
  ])
  const api = scalarIn(SPLIT, 'split.smi-spec.io/v1alpha1')
  const weights = planObjects([splitView(SPLIT, { weights: ['1', '500m'], apiVersion: api, templated })], SPLIT, run({ to: 'v1alpha2' }))
  assert.is(weights.edits.length, 3)
})

test('keys that cannot move (anchors): an error, asked only when a hop moves keys', () => {
  const anchored: Problem = { code: 'unsupported-alias', offset: 99, message: 'an anchor is used elsewhere' }
  const plan = planObjects(
    [groupView(GROUP, 'v1alpha2', { unmovable: () => anchored })],
    GROUP,
    run({ to: 'v1alpha2', specsTo: 'v1alpha3' }),
  )
  assert.equal(plan.edits, [])
  assert.equal(
    plan.findings.map((f) => [f.severity, f.code, f.offset, f.message]),
    [['error', 'unsupported-alias', 99, 'HTTPRouteGroup g: an anchor is used elsewhere']],
  )
  const api = scalarIn(SPLIT, 'split.smi-spec.io/v1alpha1')
  const never = () => {
    throw new Error('asked without a structural change')
  }
  const split = planObjects(
    [splitView(SPLIT, { weights: ['1', '500m'], apiVersion: api, unmovable: never })],
    SPLIT,
    run({ to: 'v1alpha2' }),
  )
  assert.is(split.findings[0]!.code, 'converted')
})

test('a kind without a target in this run: an info note unless it is at its newest version', () => {
  const plan = planObjects([groupView(GROUP, 'v1alpha2')], GROUP, run({ to: 'v1alpha2' }))
  assert.equal(plan.edits, [])
  assert.equal(
    plan.findings.map((f) => [f.code, f.message]),
    [['no-target', 'HTTPRouteGroup g is v1alpha2; left as it is (--specs-to picks a version to convert it to)']],
  )
  const v4 = GROUP.replace('v1alpha2', 'v1alpha4')
  assert.equal(planObjects([groupView(v4, 'v1alpha4')], v4, run({ to: 'v1alpha2' })).findings, [])
})

test('TCPRoute v1alpha2 -> v1alpha4: spec.matches.ports [] is added as block lines after the last key', () => {
  const text = 'apiVersion: specs.smi-spec.io/v1alpha2\nkind: TCPRoute\nmetadata:\n  name: t\n'
  const layout: MapLayout = {
    flow: false,
    quoteKeys: false,
    start: 0,
    end: text.length,
    column: 0,
    indent: 2,
    eol: '\n',
    pairs: [
      pair(text, 'apiVersion', 'apiVersion', 'kind:', 'v1alpha2'),
      pair(text, 'kind', 'kind:', 'metadata:', 'TCPRoute'),
      pair(text, 'metadata', 'metadata:', null, 't'),
    ],
  }
  const view: ObjectView = {
    kind: tcpRoute,
    offset: 0,
    ref: { kind: 'TCPRoute', name: 't' },
    version: 'v1alpha2',
    apiVersion: scalarIn(text, 'specs.smi-spec.io/v1alpha2'),
    layout: () => layout,
    data: undefined,
  }
  const plan = planObjects([view], text, run({ to: 'v1alpha2', specsTo: 'v1alpha4' }))
  assert.is(
    splice(text, plan.edits),
    'apiVersion: specs.smi-spec.io/v1alpha4\nkind: TCPRoute\nmetadata:\n  name: t\nspec:\n  matches:\n    ports: []\n',
  )
  assert.is(plan.findings[0]!.message, 'TCPRoute t: v1alpha2 -> v1alpha4 (spec.matches added: all ports)')
})

// --- A kind made up here: the planner knows none ---------------------------------------------

function fakeKind(steps: Step[]): KindModule {
  return {
    kind: 'Widget',
    group: 'example.com',
    versions: ['v1', 'v2', 'v3'],
    steps,
    version: { name: 'widgets-to', value: 'version', choices: ['v2', 'v3'], help: '' },
    read: () => ({ data: undefined }),
  }
}

const WIDGET = 'apiVersion: example.com/v1\nkind: Widget\nsize: 3\n'

function widgetView(kind: KindModule, layout: MapLayout | (() => MapLayout) = noLayout): ObjectView {
  return {
    kind,
    offset: 0,
    ref: { kind: 'Widget', name: 'w' },
    version: 'v1',
    apiVersion: scalarIn(WIDGET, 'example.com/v1'),
    layout: typeof layout === 'function' ? layout : () => layout,
    data: undefined,
  }
}

test('stepsBetween: the hops from a version up to another, none when already there or past it', () => {
  const hop = (from: string, to: string): Step => ({ from, to, apply: () => ({ ok: true }) })
  const kind = fakeKind([hop('v1', 'v2'), hop('v2', 'v3')])
  assert.equal(
    stepsBetween(kind, 'v1', 'v3').map((s) => s.to),
    ['v2', 'v3'],
  )
  assert.equal(
    stepsBetween(kind, 'v2', 'v3').map((s) => s.to),
    ['v3'],
  )
  assert.equal(stepsBetween(kind, 'v3', 'v3'), [])
  assert.equal(stepsBetween(kind, 'v3', 'v1'), [])
})

test('a made-up kind: each hop runs once, in order, on one upgrade; scalar changes become edits', () => {
  const seen: string[] = []
  const size = scalarIn(WIDGET, '3')
  const kind = fakeKind([
    {
      from: 'v1',
      to: 'v2',
      apply: (u) => {
        seen.push(`${u.version}->v2`)
        u.changes.push({ shape: 'scalar', scalar: size, text: '30' })
        u.notes.push('size in tenths')
        return { ok: true }
      },
    },
    {
      from: 'v2',
      to: 'v3',
      apply: (u) => {
        seen.push(`${u.version}->v3 after ${u.changes.length} change`)
        return { ok: true }
      },
    },
  ])
  const opts = run({ to: 'v1alpha2' }, { versions: { Widget: 'v3' } })
  const plan = planObjects([widgetView(kind)], WIDGET, opts)
  assert.equal(seen, ['v1->v2', 'v2->v3 after 1 change'])
  assert.is(splice(WIDGET, plan.edits), 'apiVersion: example.com/v3\nkind: Widget\nsize: 30\n')
  assert.equal(plan.findings, [
    {
      severity: 'info',
      code: 'converted',
      offset: 0,
      object: { kind: 'Widget', name: 'w' },
      message: 'Widget w: v1 -> v3 (size in tenths)',
      from: 'example.com/v1',
      to: 'example.com/v3',
    },
  ])
})

test('a change the edit shapes refuse: an invalid-structure error with the shape reason, no edits', () => {
  const size = scalarIn(WIDGET, '3')
  const kind = fakeKind([
    {
      from: 'v1',
      to: 'v2',
      apply: (u) => {
        u.changes.push({ shape: 'scalar', scalar: size, text: '4' })
        u.changes.push({ shape: 'add', path: ['size', 'unit'], value: 'cm' })
        return { ok: true }
      },
    },
    { from: 'v2', to: 'v3', apply: () => ({ ok: true }) },
  ])
  const layout: MapLayout = {
    flow: false,
    quoteKeys: false,
    start: 0,
    end: WIDGET.length,
    column: 0,
    indent: 2,
    eol: '\n',
    pairs: [
      pair(WIDGET, 'apiVersion', 'apiVersion', 'kind:', 'v1'),
      pair(WIDGET, 'kind', 'kind:', 'size:', 'Widget'),
      pair(WIDGET, 'size', 'size:', null, '3'),
    ],
  }
  const plan = planObjects([widgetView(kind, layout)], WIDGET, run({ to: 'v1alpha2' }, { versions: { Widget: 'v2' } }))
  assert.equal(plan.edits, [])
  assert.equal(
    plan.findings.map((f) => [f.severity, f.code, f.offset, f.message]),
    [['error', 'invalid-structure', 0, 'Widget w: size is not a mapping']],
  )
})

test('a version change with no other change still moves the apiVersion, with a finding', () => {
  const kind = fakeKind([
    { from: 'v1', to: 'v2', apply: () => ({ ok: true }) },
    { from: 'v2', to: 'v3', apply: () => ({ ok: true }) },
  ])
  const plan = planObjects([widgetView(kind)], WIDGET, run({ to: 'v1alpha2' }, { versions: { Widget: 'v2' } }))
  assert.equal(plan.edits, [{ start: WIDGET.indexOf('v1'), end: WIDGET.indexOf('v1') + 2, text: 'v2' }])
  assert.is(plan.findings[0]!.message, 'Widget w: v1 -> v2')
})

// --- A target that replaces objects (the planner's other path) -------------------------------

function target(replacer: Replacer, keep = false): PreparedTarget {
  return {
    name: 'fake',
    plugin: { name: 'fake', prepare: () => ({}), replaces: { Widget: replacer as Replacer<never> }, keepsOriginal: () => keep },
    options: {},
    context: {},
    ledger: new Map([['taken', 'someone']]),
  }
}

const widgetLayout = (): MapLayout => ({
  flow: false,
  quoteKeys: false,
  start: 0,
  end: WIDGET.length,
  column: 0,
  indent: 2,
  eol: '\n',
  pairs: [
    pair(WIDGET, 'apiVersion', 'apiVersion', 'kind:', 'v1'),
    pair(WIDGET, 'kind', 'kind:', 'size:', 'Widget'),
    pair(WIDGET, 'size', 'size:', null, '3'),
  ],
})

test('a replacement: the object text becomes the new objects, claims are kept with the plan, the ledger is read', () => {
  const asked: Array<string | undefined> = []
  const replacer: Replacer = {
    replace: (_view, run) => {
      asked.push(run.claimed('taken'), run.claimed('earlier'), run.claimed('free'))
      return {
        objects: [
          { apiVersion: 'v1', kind: 'Gadget', metadata: { name: 'w' } },
          { apiVersion: 'v1', kind: 'Gadget', metadata: { name: 'w-2' } },
        ],
        findings: [],
        message: 'replaced by 2 Gadgets',
        claims: [['w', 'Widget w']],
      }
    },
  }
  const pending = new Map([['earlier', 'Widget v']])
  const plan = planObjects([widgetView(fakeKind([]), widgetLayout)], WIDGET, run({ to: 'v1alpha2' }, { target: target(replacer) }), pending)
  assert.equal(asked, ['someone', 'Widget v', undefined])
  assert.is(
    splice(WIDGET, plan.edits),
    'apiVersion: v1\nkind: Gadget\nmetadata:\n  name: w\n---\napiVersion: v1\nkind: Gadget\nmetadata:\n  name: w-2\n',
  )
  assert.equal(plan.claims, [['w', 'Widget w']])
  assert.is(pending.get('w'), 'Widget w')
  assert.equal(
    plan.findings.map((f) => [f.code, f.message, f.from, f.to]),
    [['converted', 'Widget w: replaced by 2 Gadgets', 'example.com/v1', 'v1']],
  )
})

test('a replacement refused (problems, a problem on the view, a List item): errors and no edits, no claims', () => {
  const replacer: Replacer = { replace: () => ({ problems: [{ code: 'invalid-structure', offset: 12, message: 'no size' }] }) }
  const plan = planObjects([widgetView(fakeKind([]), widgetLayout)], WIDGET, run({ to: 'v1alpha2' }, { target: target(replacer) }))
  assert.equal(plan.edits, [])
  assert.equal(
    plan.findings.map((f) => [f.severity, f.offset, f.message]),
    [['error', 12, 'Widget w: no size']],
  )
  const never: Replacer = {
    replace: () => {
      throw new Error('replaced anyway')
    },
  }
  const broken = {
    ...widgetView(fakeKind([]), widgetLayout),
    problem: { code: 'invalid-structure' as const, offset: 5, message: 'broken' },
  }
  assert.equal(
    planObjects([broken], WIDGET, run({ to: 'v1alpha2' }, { target: target(never) })).findings.map((f) => f.message),
    ['Widget w: broken'],
  )
  const listed = { ...widgetView(fakeKind([]), widgetLayout), list: true as const }
  const r = planObjects([listed], WIDGET, run({ to: 'v1alpha2' }, { target: target(never) }))
  assert.equal(r.edits, [])
  assert.match(r.findings[0]!.message, /^Widget w: a WidgetList holds Widgets only/)
  assert.equal(r.claims, [])
})

test.run()
