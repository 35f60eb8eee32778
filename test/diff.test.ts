/**
 * The hunk builder of `--diff` (src/report/diff.ts over src/report/lines.ts), on the shapes
 * the conversions produce: keys moved, wrapped under a new key, added; a document replaced by
 * another; scalar edits near and far apart (git merges changes at most 6 lines apart into one
 * hunk, with 3 lines of context); edits at the first and last line; no newline at the end; CRLF.
 *
 * Every expected hunk below is what `git diff -U3` prints for the same two texts, and the last
 * test holds them against the real git (skipped, never passed, without git).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitQuote, unifiedDiff } from '../src/report/diff.js'
import { gitDiffTrees, hunkText } from './helpers/git-diff.js'
import { testWith } from './helpers/tools.js'

/** `n` lines `  keyI: value I`. */
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `  key${i + 1}: value ${i + 1}\n`).join('')
/** `text` with the value on each of the given lines (1-based) upper-cased, as a scalar edit does. */
const edited = (text: string, lines: number[]) =>
  text
    .split('\n')
    .map((l, i) => (lines.includes(i + 1) ? l.replace('value', 'VALUE') : l))
    .join('\n')
const context = (from: number, to: number, eol = '\n') =>
  Array.from({ length: to - from + 1 }, (_, i) => `   key${from + i}: value ${from + i}${eol}`).join('')
const change = (n: number, eol = '\n') => `-  key${n}: value ${n}${eol}+  key${n}: VALUE ${n}${eol}`

interface Case {
  before: string
  after: string
  /** The hunks, as git prints them. */
  hunks: string
}

const CASES: Record<string, Case> = {
  'a key moved below its sibling: its lines go, and come back below': {
    before:
      'kind: TrafficTarget\nspec:\n  destination:\n    kind: ServiceAccount\n    name: api\n  rules:\n  - kind: HTTPRouteGroup\n    name: api-routes\n  sources:\n  - kind: ServiceAccount\n    name: web\n',
    after:
      'kind: TrafficTarget\nspec:\n  destination:\n    kind: ServiceAccount\n    name: api\n  sources:\n  - kind: ServiceAccount\n    name: web\n  rules:\n  - kind: HTTPRouteGroup\n    name: api-routes\n',
    hunks:
      '@@ -3,9 +3,9 @@\n   destination:\n     kind: ServiceAccount\n     name: api\n-  rules:\n-  - kind: HTTPRouteGroup\n-    name: api-routes\n   sources:\n   - kind: ServiceAccount\n     name: web\n+  rules:\n+  - kind: HTTPRouteGroup\n+    name: api-routes\n',
  },
  'keys wrapped under spec: kind and metadata stay context': {
    before:
      'apiVersion: specs.smi-spec.io/v1alpha3\nkind: HTTPRouteGroup\nmetadata:\n  name: routes\nmatches:\n- name: metrics\n  pathRegex: "/metrics"\n  methods:\n  - GET\n- name: health\n  pathRegex: "/health"\n  methods: ["GET"]\n',
    after:
      'apiVersion: specs.smi-spec.io/v1alpha4\nkind: HTTPRouteGroup\nmetadata:\n  name: routes\nspec:\n  matches:\n  - name: metrics\n    pathRegex: "/metrics"\n    methods:\n    - GET\n  - name: health\n    pathRegex: "/health"\n    methods: ["GET"]\n',
    hunks:
      '@@ -1,12 +1,13 @@\n-apiVersion: specs.smi-spec.io/v1alpha3\n+apiVersion: specs.smi-spec.io/v1alpha4\n kind: HTTPRouteGroup\n metadata:\n   name: routes\n-matches:\n-- name: metrics\n-  pathRegex: "/metrics"\n-  methods:\n-  - GET\n-- name: health\n-  pathRegex: "/health"\n-  methods: ["GET"]\n+spec:\n+  matches:\n+  - name: metrics\n+    pathRegex: "/metrics"\n+    methods:\n+    - GET\n+  - name: health\n+    pathRegex: "/health"\n+    methods: ["GET"]\n',
  },
  'an added key is one added line; the apiVersion 4 lines above is its own hunk': {
    before:
      'apiVersion: access.smi-spec.io/v1alpha2\nkind: TrafficTarget\nmetadata:\n  name: t\nspec:\n  destination:\n    kind: ServiceAccount\n    name: api\n  sources:\n  - kind: ServiceAccount\n    name: web\n',
    after:
      'apiVersion: access.smi-spec.io/v1alpha3\nkind: TrafficTarget\nmetadata:\n  name: t\nspec:\n  destination:\n    kind: ServiceAccount\n    name: api\n    port: 8080\n  sources:\n  - kind: ServiceAccount\n    name: web\n',
    hunks:
      '@@ -1,4 +1,4 @@\n-apiVersion: access.smi-spec.io/v1alpha2\n+apiVersion: access.smi-spec.io/v1alpha3\n kind: TrafficTarget\n metadata:\n   name: t\n@@ -6,6 +6,7 @@\n   destination:\n     kind: ServiceAccount\n     name: api\n+    port: 8080\n   sources:\n   - kind: ServiceAccount\n     name: web\n',
  },
  'an added list item among items of the same shape': {
    before: 'spec:\n  backends:\n  - service: a\n    weight: 50\n  - service: b\n    weight: 50\n',
    after: 'spec:\n  backends:\n  - service: a\n    weight: 50\n  - service: c\n    weight: 0\n  - service: b\n    weight: 50\n',
    hunks:
      '@@ -2,5 +2,7 @@\n   backends:\n   - service: a\n     weight: 50\n+  - service: c\n+    weight: 0\n   - service: b\n     weight: 50\n',
  },
  "a repeated block slides where git's indent heuristic puts it": {
    before: '- service: web\n  weight: 1\n---\n',
    after: '- service: web\n  weight: 1\n- service: web\n  weight: 1\n---\n',
    hunks: '@@ -1,3 +1,5 @@\n+- service: web\n+  weight: 1\n - service: web\n   weight: 1\n ---\n',
  },
  'a replaced document: the lines it shares with its replacement stay context, the documents around it are untouched': {
    before:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n---\napiVersion: split.smi-spec.io/v1alpha4\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 90\n  - service: web-v2\n    weight: 10\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web-v1\n',
    after:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n---\napiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: web\nspec:\n  parentRefs:\n  - name: web\n    kind: Service\n    group: core\n    port: 80\n  rules:\n  - backendRefs:\n    - name: web-v1\n      port: 80\n      weight: 90\n    - name: web-v2\n      port: 80\n      weight: 10\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web-v1\n',
    hunks:
      '@@ -6,17 +6,24 @@\n   ports:\n   - port: 80\n ---\n-apiVersion: split.smi-spec.io/v1alpha4\n-kind: TrafficSplit\n+apiVersion: gateway.networking.k8s.io/v1\n+kind: HTTPRoute\n metadata:\n   name: web\n spec:\n-  service: web\n-  backends:\n-  - service: web-v1\n-    weight: 90\n-  - service: web-v2\n-    weight: 10\n+  parentRefs:\n+  - name: web\n+    kind: Service\n+    group: core\n+    port: 80\n+  rules:\n+  - backendRefs:\n+    - name: web-v1\n+      port: 80\n+      weight: 90\n+    - name: web-v2\n+      port: 80\n+      weight: 10\n ---\n apiVersion: v1\n kind: Service\n',
  },
  'two edits 60 lines apart: two small hunks': {
    before: numbered(80),
    after: edited(numbered(80), [10, 70]),
    hunks: `@@ -7,7 +7,7 @@\n${context(7, 9)}${change(10)}${context(11, 13)}@@ -67,7 +67,7 @@\n${context(67, 69)}${change(70)}${context(71, 73)}`,
  },
  'edits with 6 lines between share a hunk (their contexts touch)': {
    before: numbered(30),
    after: edited(numbered(30), [10, 17]),
    hunks: `@@ -7,14 +7,14 @@\n${context(7, 9)}${change(10)}${context(11, 16)}${change(17)}${context(18, 20)}`,
  },
  'edits with 7 lines between make two hunks': {
    before: numbered(30),
    after: edited(numbered(30), [10, 18]),
    hunks: `@@ -7,7 +7,7 @@\n${context(7, 9)}${change(10)}${context(11, 13)}@@ -15,7 +15,7 @@\n${context(15, 17)}${change(18)}${context(19, 21)}`,
  },
  "edits on the first and the last line: the context is cut at the file's ends": {
    before: numbered(20),
    after: edited(numbered(20), [1, 20]),
    hunks: `@@ -1,4 +1,4 @@\n${change(1)}${context(2, 4)}@@ -17,4 +17,4 @@\n${context(17, 19)}${change(20)}`,
  },
  'lines added at the start': {
    before: numbered(8),
    after: 'apiVersion: v1\nkind: List\n' + numbered(8),
    hunks: `@@ -1,3 +1,5 @@\n+apiVersion: v1\n+kind: List\n${context(1, 3)}`,
  },
  'lines removed at the end': {
    before: numbered(8),
    after: numbered(5),
    hunks: `@@ -3,6 +3,3 @@\n${context(3, 5)}-  key6: value 6\n-  key7: value 7\n-  key8: value 8\n`,
  },
  'a one-line file: a count of 1 is left out of the header': {
    before: 'weight: 500m\n',
    after: 'weight: 500\n',
    hunks: '@@ -1 +1 @@\n-weight: 500m\n+weight: 500\n',
  },
  'no newline at the end of either text': {
    before: numbered(10).slice(0, -1),
    after: edited(numbered(10), [10]).slice(0, -1),
    hunks: `@@ -7,4 +7,4 @@\n${context(7, 9)}-  key10: value 10\n\\ No newline at end of file\n+  key10: VALUE 10\n\\ No newline at end of file\n`,
  },
  'a newline added at the end changes the last line': {
    before: numbered(10).slice(0, -1),
    after: numbered(10),
    hunks: `@@ -7,4 +7,4 @@\n${context(7, 9)}-  key10: value 10\n\\ No newline at end of file\n+  key10: value 10\n`,
  },
  'CRLF lines keep their CR': {
    before: numbered(12).replaceAll('\n', '\r\n'),
    after: edited(numbered(12), [6]).replaceAll('\n', '\r\n'),
    hunks: `@@ -3,7 +3,7 @@\n${context(3, 5, '\r\n')}${change(6, '\r\n')}${context(7, 9, '\r\n')}`,
  },
}

for (const [name, c] of Object.entries(CASES)) {
  test(name, () => {
    assert.fixture(unifiedDiff('deploy/split.yaml', c.before, c.after), `--- a/deploy/split.yaml\n+++ b/deploy/split.yaml\n${c.hunks}`)
  })
}

test('no change, no patch; file names are quoted as git quotes them', () => {
  assert.is(unifiedDiff('a.yaml', 'x: 1\n', 'x: 1\n'), '')
  assert.ok(unifiedDiff('my split.yaml', 'x: 1\n', 'x: 2\n').startsWith('--- a/my split.yaml\t\n+++ b/my split.yaml\t\n@@ -1 +1 @@\n'))
  assert.is(gitQuote('a/é "q".yaml'), '"a/\\303\\251 \\"q\\".yaml"')
})

test('a long file with thousands of scattered edits is diffed in linear time', () => {
  const doc = (i: number, w: string) =>
    `---\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s${i}\nspec:\n  backends:\n  - service: a${i}\n    weight: ${w}\n  - service: b${i}\n    weight: 1\n`
  const before = Array.from({ length: 20_000 }, (_, i) => doc(i, '500m')).join('')
  const after = Array.from({ length: 20_000 }, (_, i) => doc(i, '500')).join('')
  const started = performance.now()
  const patch = unifiedDiff('big.yaml', before, after)
  const ms = performance.now() - started
  assert.is(patch.match(/^@@ /gm)?.length, 20_000)
  // About 0.2 s for these 220,000 lines; a quadratic search would take minutes.
  assert.ok(ms < 5000, `${ms.toFixed(0)} ms`)
})

testWith('git')('every expected hunk above is what git diff prints', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-diff-'))
  const names = Object.keys(CASES)
  for (const side of ['before', 'after'] as const) {
    mkdirSync(join(root, side))
    names.forEach((name, i) => writeFileSync(join(root, side, `case${i}.yaml`), CASES[name]![side]))
  }
  const git = gitDiffTrees(root, 'before', 'after')
  names.forEach((name, i) => assert.fixture(hunkText(git.get(`case${i}.yaml`) ?? ''), CASES[name]!.hunks, name))
  rmSync(root, { recursive: true, force: true })
})

test.run()
