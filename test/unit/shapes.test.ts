/**
 * The edit shapes on small texts: wrapKeys and addKey (edit/shapes.ts), replaceObject
 * (edit/documents.ts) and splice (edit/splice.ts). A layout is read from the parsed text by
 * yaml/layout.ts (the shapes themselves never see the parser); the expected outputs are
 * written out by hand from what each shape promises: moved lines keep their comments and go
 * one level deeper, every other byte stays, the source's line breaks, indentation and key
 * quoting are kept. Where it helps, the output is also parsed back to check the data moved
 * as a whole.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { isMap, isSeq, parseDocument, type YAMLMap } from 'yaml'
import type { Edit } from '../../src/model.js'
import type { MapLayout } from '../../src/edit/layout.js'
import { mapLayout } from '../../src/yaml/layout.js'
import { addKey, type Shaped, wrapKeys } from '../../src/edit/shapes.js'
import { replaceObject } from '../../src/edit/documents.js'
import { splice } from '../../src/edit/splice.js'

/** The layout of a document's top-level mapping (or of the `item`th item of its top-level `items`). */
function layout(text: string, item?: number): MapLayout {
  const doc = parseDocument(text)
  assert.equal(doc.errors, [], 'the test text parses')
  let map: unknown = doc.contents
  if (item !== undefined) {
    const items = (map as YAMLMap).get('items', true)
    map = isSeq(items) ? (items.items[item] as YAMLMap) : null
  }
  if (!isMap(map)) throw new Error('not a mapping')
  return mapLayout(map, text)
}

function applied(text: string, shaped: Shaped): string {
  if ('refused' in shaped) throw new Error(`refused: ${shaped.refused}`)
  return splice(text, shaped.edits)
}

const lines = (...l: string[]) => l.join('\n')

// --- wrapKeys ------------------------------------------------------------------------------

const TARGET = lines(
  'apiVersion: access.smi-spec.io/v1alpha1',
  'kind: TrafficTarget',
  'metadata:',
  '  name: t',
  '# who receives',
  'destination:',
  '  kind: ServiceAccount',
  '  name: api',
  '',
  '# the routes',
  '# (two lines)',
  'specs:',
  '- kind: HTTPRouteGroup',
  '  name: g # inline',
  'sources:',
  '- kind: ServiceAccount',
  '  name: web',
  '',
)

test('wrapKeys: the pairs move under the new key with the comment lines right above them, one level deeper, renamed; blank lines between pairs stay', () => {
  const out = applied(TARGET, wrapKeys(TARGET, layout(TARGET), ['destination', 'sources', 'specs'], 'spec', { specs: 'rules' }))
  assert.is(
    out,
    lines(
      'apiVersion: access.smi-spec.io/v1alpha1',
      'kind: TrafficTarget',
      'metadata:',
      '  name: t',
      'spec:',
      '  # who receives',
      '  destination:',
      '    kind: ServiceAccount',
      '    name: api',
      '  # the routes',
      '  # (two lines)',
      '  rules:',
      '  - kind: HTTPRouteGroup',
      '    name: g # inline',
      '  sources:',
      '  - kind: ServiceAccount',
      '    name: web',
      // The blank line between destination and the comment above specs belongs to no pair: it stays.
      '',
      '',
    ),
  )
  const before = parseDocument(TARGET).toJS()
  assert.equal(parseDocument(out).toJS().spec, { destination: before.destination, rules: before.specs, sources: before.sources })
})

test('wrapKeys: keys apart from each other are gathered where the first stood; the keys between stay', () => {
  const text = lines('destination:', '  name: api', 'kind: TrafficTarget', 'sources:', '- name: web')
  // No line break at the end of the text: the gathered block still needs one before `kind`.
  assert.is(
    applied(text, wrapKeys(text, layout(text), ['destination', 'sources'], 'spec')),
    lines('spec:', '  destination:', '    name: api', '  sources:', '  - name: web', 'kind: TrafficTarget', ''),
  )
  // Together at the end without a line break: none is added.
  const last = lines('kind: HTTPRouteGroup', 'matches:', '- name: a')
  assert.is(
    applied(last, wrapKeys(last, layout(last), ['matches'], 'spec')),
    lines('kind: HTTPRouteGroup', 'spec:', '  matches:', '  - name: a'),
  )
})

test('wrapKeys: CRLF stays CRLF; the indentation step is the document own', () => {
  const text = lines(
    'kind: HTTPRouteGroup',
    'metadata:',
    '    name: g',
    'matches:',
    '-   name: a',
    '    methods:',
    '    - GET',
    '',
  ).replaceAll('\n', '\r\n')
  const out = applied(text, wrapKeys(text, layout(text), ['matches'], 'spec'))
  assert.is(
    out,
    lines(
      'kind: HTTPRouteGroup',
      'metadata:',
      '    name: g',
      'spec:',
      '    matches:',
      '    -   name: a',
      '        methods:',
      '        - GET',
      '',
    ).replaceAll('\n', '\r\n'),
  )
  assert.not.match(out.replaceAll('\r\n', ''), '\n')
})

test('wrapKeys: a block scalar keeps its content: empty lines stay empty, lines of spaces are re-indented as content', () => {
  const text = lines('kind: X', 'matches:', '- note: |', '    a', '', '      ', '    b', '')
  const out = applied(text, wrapKeys(text, layout(text), ['matches'], 'spec'))
  assert.is(out, lines('kind: X', 'spec:', '  matches:', '  - note: |', '      a', '', '        ', '      b', ''))
  assert.equal(parseDocument(out).toJS().spec.matches, parseDocument(text).toJS().matches)
})

test('wrapKeys: a renamed key keeps its quoting; in a map with JSON-quoted keys the new key is JSON-quoted too', () => {
  const single = lines("'specs':", '- a', 'sources: []', '')
  assert.is(
    applied(single, wrapKeys(single, layout(single), ['specs', 'sources'], 'spec', { specs: 'rules' })),
    lines('spec:', "  'rules':", '  - a', '  sources: []', ''),
  )
  const json = lines('"kind": X', '"specs":', '- a', '')
  assert.is(
    applied(json, wrapKeys(json, layout(json), ['specs'], 'spec', { specs: 'rules' })),
    lines('"kind": X', '"spec":', '  "rules":', '  - a', ''),
  )
})

test('wrapKeys: a key sharing its line with a List dash is refused at the key', () => {
  const text = lines('items:', '- destination:', '    name: api', '  sources: []', '')
  const r = wrapKeys(text, layout(text, 0), ['destination', 'sources'], 'spec')
  assert.equal(r, {
    refused: 'destination shares its line with what comes before it; put it on a line of its own to convert it',
    offset: text.indexOf('destination'),
  })
  // Nothing to move: no edit.
  assert.equal(wrapKeys(text, layout(text, 0), ['specs'], 'spec'), { edits: [] })
})

test('wrapKeys in flow mappings: one line stays one line; JSON keys are JSON-quoted; pretty JSON goes one level deeper', () => {
  const flow = '{kind: X, specs: [a], sources: []}\n'
  assert.is(
    applied(flow, wrapKeys(flow, layout(flow), ['specs', 'sources'], 'spec', { specs: 'rules' })),
    '{kind: X, spec: {rules: [a], sources: []}}\n',
  )
  const json = '{"kind": "HTTPRouteGroup", "matches": [{"name": "a"}]}'
  assert.is(
    applied(json, wrapKeys(json, layout(json), ['matches'], 'spec')),
    '{"kind": "HTTPRouteGroup", "spec": {"matches": [{"name": "a"}]}}',
  )
  const renamed = '{"specs": [], "sources": []}'
  assert.is(
    applied(renamed, wrapKeys(renamed, layout(renamed), ['specs', 'sources'], 'spec', { specs: 'rules' })),
    '{"spec": {"rules": [], "sources": []}}',
  )
  const pretty = lines('{', '  "kind": "HTTPRouteGroup",', '  "matches": [', '    {"name": "a"}', '  ]', '}', '')
  const out = applied(pretty, wrapKeys(pretty, layout(pretty), ['matches'], 'spec'))
  assert.is(
    out,
    lines('{', '  "kind": "HTTPRouteGroup",', '  "spec": {', '    "matches": [', '      {"name": "a"}', '    ]', '  }', '}', ''),
  )
  assert.equal(JSON.parse(out), { kind: 'HTTPRouteGroup', spec: { matches: [{ name: 'a' }] } })
  const crlf = pretty.replaceAll('\n', '\r\n')
  assert.is(applied(crlf, wrapKeys(crlf, layout(crlf), ['matches'], 'spec')), out.replaceAll('\n', '\r\n'))
})

test('wrapKeys in a flow mapping: keys that are not next to each other are refused', () => {
  const flow = '{destination: {}, kind: X, sources: []}'
  assert.equal(wrapKeys(flow, layout(flow), ['destination', 'sources'], 'spec'), {
    refused: 'destination and sources are not next to each other in a flow mapping; put them together to convert it',
    offset: 1,
  })
})

// --- addKey --------------------------------------------------------------------------------

test('addKey (block): the pair goes after the last one, at the map column, in block style', () => {
  const text = lines('kind: TCPRoute', 'metadata:', '  name: t', '')
  assert.is(
    applied(text, addKey(text, layout(text), 'spec', { matches: { ports: [] } })),
    text + lines('spec:', '  matches:', '    ports: []', ''),
  )
  assert.is(applied(text, addKey(text, layout(text), 'spec', {})), `${text}spec: {}\n`)
  // Without a last line break, one is written before the new pair.
  const bare = 'kind: TCPRoute\nmetadata:\n  name: t'
  assert.is(applied(bare, addKey(bare, layout(bare), 'spec', {})), `${bare}\nspec: {}\n`)
})

test('addKey (block): into a nested mapping, at its column; a comment after the last pair stays above the new one', () => {
  const text = lines('kind: TCPRoute', 'spec:', '  other: 1 # note', 'status: {}', '')
  const spec = layout(text).pairs.find((p) => p.key === 'spec')!.map!
  assert.is(
    applied(text, addKey(text, spec, 'matches', { ports: [] })),
    lines('kind: TCPRoute', 'spec:', '  other: 1 # note', '  matches:', '    ports: []', 'status: {}', ''),
  )
})

test('addKey (block): CRLF and a four-space document are kept', () => {
  const text = lines('kind: TCPRoute', 'metadata:', '    name: t', '').replaceAll('\n', '\r\n')
  assert.is(
    applied(text, addKey(text, layout(text), 'spec', { matches: { ports: [] } })),
    text + lines('spec:', '    matches:', '        ports: []', '').replaceAll('\n', '\r\n'),
  )
})

test('addKey (flow): between empty braces, after the last pair on its line, or on a line of its own in pretty JSON', () => {
  const empty = 'kind: TCPRoute\nspec: {}\n'
  const spec = layout(empty).pairs.find((p) => p.key === 'spec')!.map!
  assert.is(applied(empty, addKey(empty, spec, 'matches', { ports: [] })), 'kind: TCPRoute\nspec: {matches: {ports: []}}\n')
  const inline = '{"kind": "TCPRoute", "spec": {}}'
  const jsonSpec = layout(inline).pairs.find((p) => p.key === 'spec')!.map!
  // An empty `{}` writes its keys like its parent: JSON-quoted.
  assert.is(applied(inline, addKey(inline, jsonSpec, 'matches', { ports: [] })), '{"kind": "TCPRoute", "spec": {"matches": {"ports": []}}}')
  assert.is(applied(inline, addKey(inline, layout(inline), 'x', 'yes')), '{"kind": "TCPRoute", "spec": {}, "x": "yes"}')
  const pretty = lines('{', '  "kind": "TCPRoute",', '  "metadata": {"name": "t"}', '}', '')
  const out = applied(pretty, addKey(pretty, layout(pretty), 'spec', { matches: { ports: [] } }))
  assert.is(out, lines('{', '  "kind": "TCPRoute",', '  "metadata": {"name": "t"},', '  "spec": {"matches": {"ports": []}}', '}', ''))
  assert.equal(JSON.parse(out).spec, { matches: { ports: [] } })
})

test('addKey: an empty block mapping has no place for a key and is refused', () => {
  const empty: MapLayout = { flow: false, quoteKeys: false, start: 4, end: 4, column: 0, indent: 2, eol: '\n', pairs: [] }
  assert.equal(addKey('x: \n', empty, 'a', 1), { refused: 'the mapping is empty', offset: 4 })
})

// --- replaceObject -------------------------------------------------------------------------

const A = { apiVersion: 'v1', kind: 'B', metadata: { name: 'b1' } }
const B2 = { apiVersion: 'v1', kind: 'B', metadata: { name: 'b2' } }

function placed(text: string, map: MapLayout, item: boolean, objects: Array<typeof A>, keep = false): string {
  const r = replaceObject(text, map, item, objects, keep)
  if ('refused' in r) throw new Error(r.refused)
  const edits: Edit[] = [r.edit]
  return splice(text, edits)
}

test('replaceObject: a YAML document becomes documents after `---`; the comment above and the text after it stay', () => {
  const text = lines('# head', 'apiVersion: x/v1', 'kind: A', 'metadata:', '  name: a', '# tail', '')
  assert.is(
    placed(text, layout(text), false, [A, B2]),
    lines(
      '# head',
      'apiVersion: v1',
      'kind: B',
      'metadata:',
      '  name: b1',
      '---',
      'apiVersion: v1',
      'kind: B',
      'metadata:',
      '  name: b2',
      '# tail',
      '',
    ),
  )
  // Kept: the new documents follow the object.
  assert.is(
    placed(text, layout(text), false, [A], true),
    lines(
      '# head',
      'apiVersion: x/v1',
      'kind: A',
      'metadata:',
      '  name: a',
      '---',
      'apiVersion: v1',
      'kind: B',
      'metadata:',
      '  name: b1',
      '# tail',
      '',
    ),
  )
})

test('replaceObject: sequences follow the source: at the key column when it writes them so, else one level in', () => {
  const rules = { spec: { rules: ['x', 'z'] } }
  const compact = lines('kind: A', 'spec:', '  rules:', '  - a', '')
  assert.is(placed(compact, layout(compact), false, [rules as never]), lines('spec:', '  rules:', '  - x', '  - z', ''))
  const indented = lines('kind: A', 'spec:', '  rules:', '    - a', '')
  assert.is(placed(indented, layout(indented), false, [rules as never]), lines('spec:', '  rules:', '    - x', '    - z', ''))
})

test('replaceObject: a List item becomes items with the same dash; CRLF kept', () => {
  const text = lines('kind: List', 'items:', '-   apiVersion: x/v1', '    metadata:', '        name: a', '-   kind: Other', '').replaceAll(
    '\n',
    '\r\n',
  )
  // Four-space items: the step is 4, read off the item's nested metadata.
  const out = placed(text, layout(text, 0), true, [A, B2])
  assert.is(
    out,
    lines(
      'kind: List',
      'items:',
      '-   apiVersion: v1',
      '    kind: B',
      '    metadata:',
      '        name: b1',
      '-   apiVersion: v1',
      '    kind: B',
      '    metadata:',
      '        name: b2',
      '-   kind: Other',
      '',
    ).replaceAll('\n', '\r\n'),
  )
  assert.equal(parseDocument(out).toJS().items.length, 3)
})

test('replaceObject: JSON stays JSON: one object, or a v1 List of them; array items stay array items', () => {
  const doc = '{"apiVersion": "x/v1", "kind": "A"}\n'
  assert.is(placed(doc, layout(doc), false, [A]), '{"apiVersion": "v1", "kind": "B", "metadata": {"name": "b1"}}\n')
  const two = placed(doc, layout(doc), false, [A, B2])
  assert.equal(JSON.parse(two), { apiVersion: 'v1', kind: 'List', items: [A, B2] })
  const kept = placed(doc, layout(doc), false, [A], true)
  assert.equal(JSON.parse(kept), { apiVersion: 'v1', kind: 'List', items: [{ apiVersion: 'x/v1', kind: 'A' }, A] })
  const list = '{"kind": "List", "items": [{"apiVersion": "x/v1", "kind": "A"}, {"kind": "C"}]}'
  const items = placed(list, layout(list, 0), true, [A, B2])
  assert.is(
    items,
    '{"kind": "List", "items": [{"apiVersion": "v1", "kind": "B", "metadata": {"name": "b1"}}, {"apiVersion": "v1", "kind": "B", "metadata": {"name": "b2"}}, {"kind": "C"}]}',
  )
})

test('replaceObject: pretty-printed JSON is written pretty, at the object indentation', () => {
  const text = lines('{', '  "kind": "List",', '  "items": [', '    {', '      "kind": "A"', '    }', '  ]', '}', '')
  const out = placed(text, layout(text, 0), true, [{ kind: 'B' } as never, { kind: 'C' } as never])
  assert.is(
    out,
    lines(
      '{',
      '  "kind": "List",',
      '  "items": [',
      '    {',
      '      "kind": "B"',
      '    },',
      '    {',
      '      "kind": "C"',
      '    }',
      '  ]',
      '}',
      '',
    ),
  )
})

test("replaceObject: an item whose dash stands alone on its line gets the new object below the dash, at the item's column", () => {
  const dashAlone = lines('items:', '-', '  kind: A', '')
  const r = replaceObject(dashAlone, layout(dashAlone, 0), true, [A], false)
  assert.ok('edit' in r && r.edit, JSON.stringify(r))
  const e = r.edit
  const out = dashAlone.slice(0, e.start) + e.text + dashAlone.slice(e.end)
  assert.is(out, lines('items:', '-', '  apiVersion: v1', '  kind: B', '  metadata:', '    name: b1', ''))
})

// --- splice --------------------------------------------------------------------------------

test('splice: no edits give back the very string; edits apply by position, whatever their order', () => {
  const text = 'abcdef'
  assert.ok(splice(text, []) === text)
  assert.is(
    splice(text, [
      { start: 4, end: 6, text: 'XY' },
      { start: 0, end: 1, text: '' },
      { start: 2, end: 2, text: '+' },
      { start: 1, end: 2, text: 'B' },
    ]),
    'B+cdXY',
  )
})

test('splice: overlapping or out-of-range edits throw instead of corrupting the text', () => {
  assert.throws(() =>
    splice('abcdef', [
      { start: 0, end: 3, text: '' },
      { start: 2, end: 4, text: '' },
    ]),
  )
  assert.throws(() => splice('abc', [{ start: 2, end: 4, text: '' }]))
  assert.throws(() => splice('abc', [{ start: 2, end: 1, text: '' }]))
})

test.run()
