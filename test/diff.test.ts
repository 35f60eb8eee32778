/**
 * The hunk builder of `--diff` (src/report/diff.ts over src/report/changes.ts): a file's byte
 * edits become hunks, on the shapes the conversions produce: keys moved, wrapped under a new
 * key, added; a document replaced by another; scalar edits near and far apart (changes at most
 * 6 lines apart share a hunk, with 3 lines of context); edits at the first and last line; no
 * newline at the end; CRLF; bytes that are not UTF-8.
 *
 * A case's edits are either one edit per changed line (what a scalar rewrite makes) or one edit
 * over everything between the first and the last changed byte (what a rewrite of a block
 * makes): the lines inside it that did not change must still show as context. Every expected
 * hunk below is what `git diff -U3` prints for the same two texts, and the last test holds them
 * against the real git (skipped, never passed, without git).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gitQuote, unifiedDiff } from '../src/report/diff.js'
import type { ByteEdit } from '../src/model.js'
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
  /** How the conversion edits: line by line, one block over the bytes that differ (the default), or the whole text rewritten. */
  edits?: 'lines' | 'block' | 'whole'
  /** Where git shows the same lines changed elsewhere (a repeated line is one line or the other): git's hunks. */
  git?: string
}

/** One edit over the bytes between the first and the last that differ. */
function blockEdit(before: Buffer, after: Buffer): ByteEdit[] {
  let head = 0
  while (head < before.length && head < after.length && before[head] === after[head]) head++
  let tail = 0
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail])
    tail++
  return [{ start: head, end: before.length - tail, bytes: after.subarray(head, after.length - tail) }]
}

/** One edit per line that differs (the two texts have the same number of lines), each over the line's differing bytes. */
function lineEdits(before: Buffer, after: Buffer): ByteEdit[] {
  const lines = (b: Buffer) => {
    const out: Array<[number, number]> = []
    for (let start = 0; start < b.length;) {
      const nl = b.indexOf(10, start)
      const end = nl < 0 ? b.length : nl + 1
      out.push([start, end])
      start = end
    }
    return out
  }
  const a = lines(before)
  const b = lines(after)
  assert.is(a.length, b.length, 'line edits need texts with as many lines')
  return a.flatMap(([s, e], i) => {
    const [t, u] = b[i]!
    return before.subarray(s, e).equals(after.subarray(t, u))
      ? []
      : blockEdit(before.subarray(s, e), after.subarray(t, u)).map((x) => ({ ...x, start: x.start + s, end: x.end + s }))
  })
}

/** The patch of a case, from its edits. */
function patchOf(path: string, c: Pick<Case, 'before' | 'after' | 'edits'>): string {
  const before = Buffer.from(c.before, 'latin1')
  const after = Buffer.from(c.after, 'latin1')
  const edits =
    c.edits === 'lines'
      ? lineEdits(before, after)
      : c.edits === 'whole'
        ? [{ start: 0, end: before.length, bytes: after }]
        : blockEdit(before, after)
  return unifiedDiff(path, before, edits).toString('latin1')
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
  'a repeated block: the added lines are the ones the edit wrote': {
    before: '- service: web\n  weight: 1\n---\n',
    after: '- service: web\n  weight: 1\n- service: web\n  weight: 1\n---\n',
    hunks: '@@ -1,3 +1,5 @@\n - service: web\n   weight: 1\n+- service: web\n+  weight: 1\n ---\n',
    git: '@@ -1,3 +1,5 @@\n+- service: web\n+  weight: 1\n - service: web\n   weight: 1\n ---\n',
  },
  'a replaced document: the lines it shares with its replacement stay context, the documents around it are untouched': {
    before:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n---\napiVersion: split.smi-spec.io/v1alpha4\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 90\n  - service: web-v2\n    weight: 10\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web-v1\n',
    after:
      'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  ports:\n  - port: 80\n---\napiVersion: gateway.networking.k8s.io/v1\nkind: HTTPRoute\nmetadata:\n  name: web\nspec:\n  parentRefs:\n  - name: web\n    kind: Service\n    group: core\n    port: 80\n  rules:\n  - backendRefs:\n    - name: web-v1\n      port: 80\n      weight: 90\n    - name: web-v2\n      port: 80\n      weight: 10\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: web-v1\n',
    hunks:
      '@@ -6,17 +6,24 @@\n   ports:\n   - port: 80\n ---\n-apiVersion: split.smi-spec.io/v1alpha4\n-kind: TrafficSplit\n+apiVersion: gateway.networking.k8s.io/v1\n+kind: HTTPRoute\n metadata:\n   name: web\n spec:\n-  service: web\n-  backends:\n-  - service: web-v1\n-    weight: 90\n-  - service: web-v2\n-    weight: 10\n+  parentRefs:\n+  - name: web\n+    kind: Service\n+    group: core\n+    port: 80\n+  rules:\n+  - backendRefs:\n+    - name: web-v1\n+      port: 80\n+      weight: 90\n+    - name: web-v2\n+      port: 80\n+      weight: 10\n ---\n apiVersion: v1\n kind: Service\n',
  },
  'a 12-line HTTPRouteGroup rewritten whole, one rule changed: only that rule shows': {
    before:
      'apiVersion: specs.smi-spec.io/v1alpha4\nkind: HTTPRouteGroup\nmetadata:\n  name: routes\nspec:\n  matches:\n  - name: metrics\n    pathRegex: /metrics\n    methods: [GET]\n  - name: health\n    pathRegex: /health\n    methods: [GET]\n',
    after:
      'apiVersion: specs.smi-spec.io/v1alpha4\nkind: HTTPRouteGroup\nmetadata:\n  name: routes\nspec:\n  matches:\n  - name: metrics\n    pathRegex: /metrics\n    methods: [GET, HEAD]\n  - name: health\n    pathRegex: /health\n    methods: [GET]\n',
    hunks:
      '@@ -6,7 +6,7 @@\n   matches:\n   - name: metrics\n     pathRegex: /metrics\n-    methods: [GET]\n+    methods: [GET, HEAD]\n   - name: health\n     pathRegex: /health\n     methods: [GET]\n',
    edits: 'whole',
  },
  'two edits 60 lines apart: two small hunks': {
    edits: 'lines',
    before: numbered(80),
    after: edited(numbered(80), [10, 70]),
    hunks: `@@ -7,7 +7,7 @@\n${context(7, 9)}${change(10)}${context(11, 13)}@@ -67,7 +67,7 @@\n${context(67, 69)}${change(70)}${context(71, 73)}`,
  },
  'edits with 6 lines between share a hunk (their contexts touch)': {
    edits: 'lines',
    before: numbered(30),
    after: edited(numbered(30), [10, 17]),
    hunks: `@@ -7,14 +7,14 @@\n${context(7, 9)}${change(10)}${context(11, 16)}${change(17)}${context(18, 20)}`,
  },
  'edits with 7 lines between make two hunks': {
    edits: 'lines',
    before: numbered(30),
    after: edited(numbered(30), [10, 18]),
    hunks: `@@ -7,7 +7,7 @@\n${context(7, 9)}${change(10)}${context(11, 13)}@@ -15,7 +15,7 @@\n${context(15, 17)}${change(18)}${context(19, 21)}`,
  },
  "edits on the first and the last line: the context is cut at the file's ends": {
    edits: 'lines',
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
    edits: 'lines',
    before: numbered(12).replaceAll('\n', '\r\n'),
    after: edited(numbered(12), [6]).replaceAll('\n', '\r\n'),
    hunks: `@@ -3,7 +3,7 @@\n${context(3, 5, '\r\n')}${change(6, '\r\n')}${context(7, 9, '\r\n')}`,
  },
}

for (const [name, c] of Object.entries(CASES)) {
  test(name, () => {
    assert.fixture(patchOf('deploy/split.yaml', c), `--- a/deploy/split.yaml\n+++ b/deploy/split.yaml\n${c.hunks}`)
  })
}

test('no change, no patch; an edit that writes the same bytes shows nothing; file names are quoted as git quotes them', () => {
  assert.is(unifiedDiff('a.yaml', Buffer.from('x: 1\n'), []).length, 0)
  assert.is(unifiedDiff('a.yaml', Buffer.from('x: 1\n'), [{ start: 3, end: 4, bytes: Buffer.from('1') }]).length, 0)
  assert.ok(
    patchOf('my split.yaml', { before: 'x: 1\n', after: 'x: 2\n' }).startsWith(
      '--- a/my split.yaml\t\n+++ b/my split.yaml\t\n@@ -1 +1 @@\n',
    ),
  )
  assert.is(gitQuote('a/é "q".yaml'), '"a/\\303\\251 \\"q\\".yaml"')
})

test('bytes that are not UTF-8 and a BOM are printed as they are, in context and changed lines', () => {
  const before = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# caf\xe9\nweight: 1\n# na\xefve\n', 'latin1')])
  const at = before.indexOf('1')
  const patch = unifiedDiff('a.yaml', before, [{ start: at, end: at + 1, bytes: Buffer.from('1000') }])
  const want = Buffer.concat([
    Buffer.from('--- a/a.yaml\n+++ b/a.yaml\n@@ -1,3 +1,3 @@\n '),
    Buffer.from([0xef, 0xbb, 0xbf]),
    Buffer.from('# caf\xe9\n-weight: 1\n+weight: 1000\n # na\xefve\n', 'latin1'),
  ])
  assert.ok(patch.equals(want), patch.toString('latin1'))
})

test('edits on one line, or on lines next to each other, make one change', () => {
  const before = Buffer.from('a: 1\nb: 2\nc: 3\n')
  const patch = unifiedDiff('a.yaml', before, [
    { start: 3, end: 4, bytes: Buffer.from('10') },
    { start: 8, end: 9, bytes: Buffer.from('20') },
  ]).toString()
  assert.fixture(patch, '--- a/a.yaml\n+++ b/a.yaml\n@@ -1,3 +1,3 @@\n-a: 1\n-b: 2\n+a: 10\n+b: 20\n c: 3\n')
})

test('an edit that removes a line end joins two lines; one that inserts lines at a line start adds them', () => {
  const before = Buffer.from('a: 1\nb: 2\nc: 3\n')
  const joined = unifiedDiff('a.yaml', before, [{ start: 4, end: 5, bytes: Buffer.from(' ') }]).toString()
  assert.fixture(joined, '--- a/a.yaml\n+++ b/a.yaml\n@@ -1,3 +1,2 @@\n-a: 1\n-b: 2\n+a: 1 b: 2\n c: 3\n')
  const inserted = unifiedDiff('a.yaml', before, [{ start: 5, end: 5, bytes: Buffer.from('x: 0\ny: 0\n') }]).toString()
  assert.fixture(inserted, '--- a/a.yaml\n+++ b/a.yaml\n@@ -1,3 +1,5 @@\n a: 1\n+x: 0\n+y: 0\n b: 2\n c: 3\n')
  const appended = unifiedDiff('a.yaml', before, [
    { start: before.length, end: before.length, bytes: Buffer.from('---\nd: 4\n') },
  ]).toString()
  assert.fixture(appended, '--- a/a.yaml\n+++ b/a.yaml\n@@ -1,3 +1,5 @@\n a: 1\n b: 2\n c: 3\n+---\n+d: 4\n')
  const empty = unifiedDiff('a.yaml', Buffer.alloc(0), [{ start: 0, end: 0, bytes: Buffer.from('a: 1\n') }]).toString()
  assert.fixture(empty, '--- a/a.yaml\n+++ b/a.yaml\n@@ -0,0 +1 @@\n+a: 1\n')
})

test('a long file with thousands of scattered edits: a hunk for each', () => {
  const doc = (i: number, w: string) =>
    `---\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s${i}\nspec:\n  backends:\n  - service: a${i}\n    weight: ${w}\n  - service: b${i}\n    weight: 1\n`
  const before = Array.from({ length: 20_000 }, (_, i) => doc(i, '500m')).join('')
  const after = Array.from({ length: 20_000 }, (_, i) => doc(i, '500')).join('')
  const patch = patchOf('big.yaml', { before, after, edits: 'lines' })
  assert.is(patch.match(/^@@ /gm)?.length, 20_000)
  assert.is(patch.match(/^- {4}weight: 500m$/gm)?.length, 20_000)
})

testWith('git')('every expected hunk above is what git diff prints', () => {
  const root = mkdtempSync(join(tmpdir(), 'smi-diff-'))
  const names = Object.keys(CASES)
  for (const side of ['before', 'after'] as const) {
    mkdirSync(join(root, side))
    names.forEach((name, i) => writeFileSync(join(root, side, `case${i}.yaml`), CASES[name]![side]))
  }
  const git = gitDiffTrees(root, 'before', 'after')
  names.forEach((name, i) => assert.fixture(hunkText(git.get(`case${i}.yaml`) ?? ''), CASES[name]!.git ?? CASES[name]!.hunks, name))
  rmSync(root, { recursive: true, force: true })
})

test.run()
