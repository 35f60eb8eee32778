/**
 * The emitter (edit/emit.ts): new values written in a source's style. Block or flow, JSON
 * keys and strings, compact sequences, and scalars: a string is written plain only when both
 * YAML 1.1 (kubectl's go-yaml v2) and YAML 1.2 read it back as that string, otherwise as a
 * JSON string with the characters YAML reads as line breaks (NEL, LS, PS) or refuses (DEL)
 * escaped. The round trip is a property: what the emitter writes, the `yaml` package reads
 * back as the same value, under YAML 1.2 and under its YAML 1.1 schema.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parse } from 'yaml'
import { emitBlockMap, emitFlow, emitPair, jsonText, type PlainValue, quote, type Style } from '../../src/edit/emit.js'
import { resolvePlain } from '../../src/quantity/yaml11.js'

const BLOCK: Style = { flow: false, json: false, indent: 2, eol: '\n' }
const FLOW: Style = { flow: true, json: false, indent: 2, eol: '\n' }
const JSON_FLOW: Style = { flow: true, json: true, indent: 2, eol: '\n' }
const lines = (...l: string[]) => l.join('\n')

test('block: scalars on the key line, mappings and sequences indented one step, empty ones in flow', () => {
  assert.is(emitPair('name', 'web', BLOCK, 0), 'name: web')
  assert.is(emitPair('port', 8080, BLOCK, 0), 'port: 8080')
  assert.is(emitPair('on', true, BLOCK, 0), '"on": true')
  assert.is(emitPair('x', null, BLOCK, 0), 'x: null')
  assert.is(emitPair('spec', {}, BLOCK, 0), 'spec: {}')
  assert.is(emitPair('ports', [], BLOCK, 0), 'ports: []')
  assert.is(
    emitPair('spec', { matches: { ports: [80, 443] } }, BLOCK, 0),
    lines('spec:', '  matches:', '    ports:', '      - 80', '      - 443'),
  )
  // A pair at a column: the first line is the caller's, the others are absolute.
  assert.is(emitPair('matches', { ports: [] }, BLOCK, 2), lines('matches:', '    ports: []'))
})

test('block: a sequence of mappings writes the first key after the dash, the rest under it', () => {
  assert.is(
    emitPair('rules', [{ kind: 'HTTPRouteGroup', name: 'g' }, { kind: 'TCPRoute' }], BLOCK, 0),
    lines('rules:', '  - kind: HTTPRouteGroup', '    name: g', '  - kind: TCPRoute'),
  )
  assert.is(emitPair('m', [[1, 2], [], {}], BLOCK, 0), lines('m:', '  - - 1', '    - 2', '  - []', '  - {}'))
})

test('block: compact sequences start at their key column (kubectl style)', () => {
  const compact: Style = { ...BLOCK, compactSequences: true }
  assert.is(
    emitPair('spec', { rules: [{ backendRefs: [{ name: 'a' }] }] }, compact, 0),
    lines('spec:', '  rules:', '  - backendRefs:', '    - name: a'),
  )
})

test('block: the indentation step and the line break are the source ones', () => {
  const four: Style = { ...BLOCK, indent: 4, eol: '\r\n' }
  assert.is(
    emitPair('spec', { matches: { ports: [1] } }, four, 0),
    ['spec:', '    matches:', '        ports:', '            - 1'].join('\r\n'),
  )
})

test('block with JSON-quoted keys: keys and strings JSON-quoted, the structure still block', () => {
  const quoted: Style = { ...BLOCK, json: true }
  assert.is(emitPair('spec', { name: 'web', port: 80 }, quoted, 0), lines('"spec":', '  "name": "web"', '  "port": 80'))
})

test('emitBlockMap: the first line has no indentation, the others are at the column', () => {
  assert.is(emitBlockMap({ apiVersion: 'v1', metadata: { name: 'a' } }, BLOCK, 2), lines('apiVersion: v1', '  metadata:', '    name: a'))
})

test('flow and JSON: one line; JSON keys and strings quoted, numbers, booleans and null as JSON writes them', () => {
  assert.is(emitPair('spec', { matches: { ports: [80] } }, FLOW, 0), 'spec: {matches: {ports: [80]}}')
  assert.is(emitFlow({ a: [1, 'x y', true, null], b: {} }, FLOW), '{a: [1, "x y", true, null], b: {}}')
  const json = emitFlow({ kind: 'HTTPRoute', spec: { rules: [{ weight: 90 }], on: false } }, JSON_FLOW)
  assert.is(json, '{"kind": "HTTPRoute", "spec": {"rules": [{"weight": 90}], "on": false}}')
  assert.equal(JSON.parse(json), { kind: 'HTTPRoute', spec: { rules: [{ weight: 90 }], on: false } })
  assert.is(emitPair('spec', {}, JSON_FLOW, 0), '"spec": {}')
})

test('scalars: plain only for a word YAML 1.1 and 1.2 both read as that string', () => {
  for (const plain of ['web', 'HTTPRoute', 'split.smi-spec.io/v1alpha2', 'gateway.networking.k8s.io', 'a_b', 'x-1', 'NaN', 'Infinity']) {
    assert.is(emitFlow(plain, FLOW), plain, plain)
  }
  // YAML 1.1 booleans and nulls (any case), numbers in YAML 1.1 spellings (octal 010, 1e3,
  // 1_000, 0x10, sexagesimal 1:20, dates), indicators and spaces: double-quoted.
  const quotedCases = [
    'yes',
    'Yes',
    'YES',
    'no',
    'on',
    'On',
    'off',
    'y',
    'N',
    'true',
    'False',
    'null',
    'Null',
    '~',
    '',
    '010',
    '1e3',
    '1_000',
    '0x10',
    '1:20',
    '2001-12-14',
    '.inf',
    '-1',
    '+1',
    ':',
    'a:b',
    'a: b',
    '- a',
    '#x',
    'a #b',
    ' lead',
    'trail ',
    '*ref',
    '&a',
    '!tag',
    '%x',
    '@x',
    '`x',
    '{a}',
    '[a]',
    "'q'",
    '"q"',
    '|',
    '>',
    '?',
    '<<',
    '=',
  ]
  for (const s of quotedCases) {
    const out = emitFlow(s, FLOW)
    assert.is(out, JSON.stringify(s), s)
    assert.is(parse(`k: ${out}`).k, s, s)
    assert.is(parse(`k: ${out}`, { version: '1.1' }).k, s, `${s} (1.1)`)
  }
})

test('keys follow the same rule: a YAML 1.1 boolean key is quoted', () => {
  assert.is(emitFlow({ yes: 1, on: 2, web: 3, '010': 4 }, FLOW), '{"yes": 1, "on": 2, web: 3, "010": 4}')
  assert.equal(parse(emitPair('on', { off: 'no' }, BLOCK, 0), { version: '1.1' }), { on: { off: 'no' } })
})

test('DEL, the C1 controls (NEL too), LINE and PARAGRAPH SEPARATOR, U+FFFE and U+FFFF are escaped; the escapes read back as the characters', () => {
  assert.is(quote('a\u0085b'), '"a\\u0085b"')
  assert.is(quote('a\u2028b\u2029c'), '"a\\u2028b\\u2029c"')
  assert.is(quote('a\u007fb'), '"a\\u007fb"')
  assert.is(quote('tab\tnl\nq"bs\\'), '"tab\\tnl\\nq\\"bs\\\\"')
  assert.is(jsonText({ '\u2028': ['\u0085'] }, 2), '{\n  "\\u2028": [\n    "\\u0085"\n  ]\n}')
  // YAML's printable set leaves out the C1 controls and U+FFFE/U+FFFF too: kubectl refuses
  // them unescaped ("control characters are not allowed").
  assert.is(quote('x\u0080y\u009fz'), '"x\\u0080y\\u009fz"')
  assert.is(quote('\ufffe\uffff'), '"\\ufffe\\uffff"')
  for (const s of ['a\u0085b', 'a\u2028b', 'a\u2029b', 'a\u007fb', '\u0085', 'x\u0080y', '\u009f', 'a\ufffeb', '\uffff']) {
    const out = emitPair('k', s, BLOCK, 0)
    assert.not.match(out, /[\u007f-\u009f\u2028\u2029\ufffe\uffff]/, JSON.stringify(s))
    assert.is(parse(out).k, s)
    assert.is(parse(out, { version: '1.1' }).k, s)
    assert.is(JSON.parse(emitFlow(s, JSON_FLOW)), s)
  }
})

test('plain scalars the emitter writes are strings to go-yaml v2 (the resolver of quantity/yaml11.ts)', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...'aZy_n-./:0123456789 eEoOxX~#'.split('')), maxLength: 8 }), (s) => {
      const out = emitFlow(s, FLOW)
      if (out.startsWith('"')) return
      assert.is(resolvePlain(out).kind, 'string', out)
      assert.is(parse(`k: ${out}`).k, s)
      // Not the yaml package's 1.1 schema here: its exponent float (/^[-+]?([0-9][0-9_]*)?(\.[0-9_]*)?[eE][-+]?[0-9]+$/)
      // takes `E6` for a float (NaN), where YAML 1.1 (a float has a dot) and go-yaml read a string.
    }),
    { numRuns: 2000 },
  )
})

// --- The round trip ------------------------------------------------------------------------

const SPECIAL = [
  '\u0085',
  '\u2028',
  '\u2029',
  '\u007f',
  '\t',
  '\n',
  '\r',
  '"',
  "'",
  '\\',
  ':',
  '#',
  '-',
  ' ',
  '\ufeff',
  '\u0000',
  'y',
  'n',
  '0',
  '.',
]
const char = fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }))
// The yaml package's YAML 1.1 schema reads `E6`, `e+1` as floats (NaN): YAML 1.1 and go-yaml read strings
// (see above). Such words are left out so that schema can serve as the 1.1 reader below.
const text = fc.oneof(
  fc.string({ unit: char, maxLength: 12 }).filter((s) => !/^[-+]?e[-+]?\d+$/i.test(s)),
  fc.constantFrom(
    'yes',
    'no',
    'on',
    'off',
    'Y',
    'null',
    '~',
    '010',
    '1e3',
    '0x1F',
    '1_000',
    '12:30',
    '.inf',
    '.NaN',
    '',
    'true',
    '<<',
    '=',
  ),
)

/** Values a conversion may write: finite numbers, strings of any code points, nesting. */
function values(number: fc.Arbitrary<number>): fc.Arbitrary<PlainValue> {
  const { value } = fc.letrec<{ value: PlainValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      number,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(text, tie('value'), { maxKeys: 4 }),
    ),
  }))
  return value
}

const style = fc.record({
  flow: fc.boolean(),
  json: fc.boolean(),
  indent: fc.integer({ min: 1, max: 4 }),
  eol: fc.constantFrom('\n', '\r\n'),
  compactSequences: fc.boolean(),
})

/** A plain object copy without the prototype surprises of `__proto__` keys. */
const data = (v: unknown): unknown => JSON.parse(JSON.stringify(v))

test('round trip (YAML 1.2): any value, any style, at any column, reads back as written', () => {
  fc.assert(
    fc.property(values(fc.double({ noNaN: true, noDefaultInfinity: true })), style, fc.integer({ min: 0, max: 6 }), (v, s, column) => {
      const out = ' '.repeat(column) + emitPair('key', v, s, column)
      assert.equal(data(parse(out)), data({ key: v }), JSON.stringify(out))
      assert.equal(data(parse(emitFlow(v, s))), data(v))
    }),
    { numRuns: 1500 },
  )
})

test('round trip (YAML 1.1 schema, as kubectl reads): strings stay strings, integers stay integers', () => {
  fc.assert(
    fc.property(values(fc.integer()), style, (v, s) => {
      const out = emitPair('key', v, s, 0)
      assert.equal(data(parse(out, { version: '1.1' })), data({ key: v }), JSON.stringify(out))
    }),
    { numRuns: 1500 },
  )
})

test('round trip (JSON): flow with JSON keys is JSON, and JSON.parse reads back the value', () => {
  fc.assert(
    fc.property(values(fc.double({ noNaN: true, noDefaultInfinity: true })), (v) => {
      assert.equal(JSON.parse(emitFlow(v, JSON_FLOW)), data(v))
    }),
    { numRuns: 1000 },
  )
})

test('round trip: block mappings as a whole document, the way documents.ts writes objects', () => {
  fc.assert(
    fc.property(fc.dictionary(text, values(fc.integer()), { minKeys: 1, maxKeys: 5 }), style, (o, s) => {
      const block = { ...s, flow: false }
      assert.equal(data(parse(emitBlockMap(o, block, 0))), data(o))
      const item = `- ${emitBlockMap(o, block, 2)}`
      assert.equal(data(parse(item)), data([o]), JSON.stringify(item))
    }),
    { numRuns: 800 },
  )
})

test.run()
