/**
 * A quoted weight inside a flow collection with a tab starting a line after it. After
 * `"900m"` the tab is blank space to kubectl; after a plain `900` go-yaml reads on over the
 * line break and refuses a tab left of the block indentation around the flow collection plus
 * one ("found a tab character that violates indentation"). The tool must convert exactly the
 * shapes whose plain conversion kubectl still reads, and refuse the others with the file
 * untouched. The real kubectl decides which is which: for every shape the test writes the
 * conversion by hand (weights and apiVersion only) and asks kubectl whether it reads it.
 * Also: the scanner of edit/plain.ts on its own, and the golden cases through the real CLI.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli, GOLDEN, tempDir } from './helpers/cli.js'
import { kubectlReadMany } from './helpers/kubectl-read.js'
import { testWith } from './helpers/tools.js'
import { tabRefusedAfterPlain, tabsAfterPlain } from '../src/edit/plain.js'

const kubectlTest = testWith('kubectl')

/** kubectl's reading of a file (`annotate --local`, as the fuzzers' oracle reads: one JSON text per object), or its error. */
function kubectl(file: string): { ok: true; json: string } | { ok: false; error: string } {
  const r = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'x=y', '-o', 'json'], { encoding: 'utf8' })
  return r.status === 0 ? { ok: true, json: r.stdout } : { ok: false, error: r.stderr }
}

/** Every weight of the objects kubectl read, in order. */
function weights(objects: unknown[]): unknown[] {
  return objects.flatMap((o) => ((o as { spec: { backends: Array<{ weight: unknown }> } }).spec.backends ?? []).map((b) => b.weight))
}

/** The split's head; each case names its split, so that kubectl's one reading of all the cases tells them apart. */
const TS = (name: string) => `"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "${name}"}`
const BACKENDS = (ws: string) => `{"backends": [{"service": "a", "weight": "900m"${ws}}, {"service": "b", "weight": "100m"}]}`

/** Where the flow collection stands, with go-yaml's block indentation around it. */
const CONTEXTS: Record<string, (ws: string, name: string) => string> = {
  // A JSON item of a block sequence at column 2 (indentation 2).
  'item of an indented sequence': (ws, name) => `apiVersion: v1\nkind: List\nitems:\n  - {${TS(name)},\n     "spec": ${BACKENDS(ws)}}\n`,
  // spec as a flow mapping under the top-level block mapping (indentation 0).
  'value of a top-level key': (ws, name) =>
    `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec: ${BACKENDS(ws)}\n`,
  // spec of a block mapping that is an item of a sequence (indentation 4).
  'value in a sequence item': (ws, name) =>
    `apiVersion: v1\nkind: List\nitems:\n  - apiVersion: split.smi-spec.io/v1alpha1\n    kind: TrafficSplit\n` +
    `    metadata: {name: ${name}}\n    spec: ${BACKENDS(ws)}\n`,
  // A JSON document: no block collection at all.
  'JSON document': (ws, name) => `{${TS(name)},\n "spec": ${BACKENDS(ws)}}\n`,
  // kubectl's List layout, read item by item in stream mode (indentation 0 around the item).
  'item of a kubectl List': (ws, name) => `apiVersion: v1\nitems:\n- {${TS(name)},\n  "spec": ${BACKENDS(ws)}}\nkind: List\nmetadata: {}\n`,
}

/** The blanks after the weight: a tab after `pad` spaces on the next line, or a line of them alone. */
const BLANKS: Record<string, string> = {}
for (const pad of [0, 1, 2, 3, 4, 5]) BLANKS[`tab at column ${pad}`] = `\n${' '.repeat(pad)}\t      `
for (const pad of [0, 2, 4, 5]) BLANKS[`blank line, tab at column ${pad}`] = `\n${' '.repeat(pad)}\t\n       `

/** The conversion written by hand: what the tool writes when it converts. */
const byHand = (input: string) =>
  input.replace('split.smi-spec.io/v1alpha1', 'split.smi-spec.io/v1alpha2').replace('"900m"', '900').replace('"100m"', '100')

kubectlTest('a tab after a quoted weight: converted exactly when kubectl reads the plain weight, else refused untouched', () => {
  const dir = tempDir('flow-tab')
  const handDir = tempDir('flow-tab-hand')
  const cases: Array<{ name: string; split: string; file: string; hand: string; input: string }> = []
  for (const [where, make] of Object.entries(CONTEXTS)) {
    for (const [blanks, ws] of Object.entries(BLANKS)) {
      const split = `s${cases.length}`
      const input = make(ws, split)
      const file = join(dir, `case${cases.length}.yaml`)
      const hand = join(handDir, `case${cases.length}.yaml`)
      writeFileSync(file, input)
      writeFileSync(hand, byHand(input))
      cases.push({ name: `${where}, ${blanks}`, split, file, hand, input })
    }
  }
  // kubectl reads every case in one call, and every conversion by hand in another: each file alone.
  const inputs = kubectlReadMany(cases.map((c) => c.file))
  const plain = kubectlReadMany(cases.map((c) => c.hand))
  for (const c of cases) {
    assert.is(inputs.errors.get(c.file), undefined, `${c.name}: kubectl reads the input`)
    assert.is(inputs.objects.get(c.split)?.length, 1, `${c.name}: kubectl reads the input's split`)
    // A file kubectl parses gives its one split; one it refuses gives none.
    assert.is(plain.objects.get(c.split)?.length ?? 0, plain.errors.has(c.hand) ? 0 : 1, `${c.name}: the conversion by hand`)
  }
  const w = cli(['--write', dir])
  assert.ok(w.status === 0 || w.status === 2, w.stderr)
  const outputs = kubectlReadMany(cases.map((c) => c.file))
  let refused = 0
  for (const c of cases) {
    const written = readFileSync(c.file, 'utf8')
    const hand = byHand(c.input)
    const error = plain.errors.get(c.hand)
    const stdin = cli(['-'], { input: c.input })
    if (error === undefined) {
      assert.is(written, hand, `${c.name}: kubectl reads the plain weight, so the file is converted`)
      assert.is(stdin.stdout, hand, `${c.name}: stream mode converts it too`)
      assert.is(outputs.errors.get(c.file), undefined, `${c.name}: kubectl reads the output`)
      assert.equal(weights(outputs.objects.get(c.split) ?? []), [900, 100], c.name)
    } else {
      refused++
      assert.match(error, /found a tab character that violates indentation/, c.name)
      assert.is(written, c.input, `${c.name}: kubectl refuses the plain weight, so the file is left as it is`)
      assert.is(stdin.status, 2, `${c.name}: stream mode refuses it too`)
      assert.is(stdin.stdout, c.input, `${c.name}: stream mode passes it through`)
      // Refused where it is: the file's path, the line and column of the tab or of the flow line the reader stops at.
      const line = c.input.slice(0, c.input.indexOf('\t')).split('\n').length
      const at = new RegExp(`${c.file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:\\d+: error: `)
      assert.match(w.stdout + w.stderr, at, c.name)
    }
  }
  // Both outcomes occur: the shapes tell the tabs kubectl minds from those it does not.
  assert.ok(refused > 0 && refused < cases.length, `${refused} of ${cases.length} refused`)
})

kubectlTest('the golden cases through the CLI: kubectl reads every output; a file with an error is not written', () => {
  for (const name of [
    'flow-tab-after-quoted-weight-refused',
    'flow-tab-after-quoted-weight-item-refused',
    'flow-tab-after-quoted-weight-converted',
  ]) {
    const dir = tempDir('flow-tab-golden')
    const file = join(dir, 'input.yaml')
    const input = readFileSync(join(GOLDEN, name, 'input.yaml'), 'utf8')
    writeFileSync(file, input)
    const converted = name.endsWith('-converted')
    const r = cli(['--write', file])
    assert.is(r.status, converted ? 0 : 2, `${name}: ${r.stdout}${r.stderr}`)
    assert.is(readFileSync(file, 'utf8'), converted ? readFileSync(join(GOLDEN, name, 'expected.yaml'), 'utf8') : input, name)
    assert.ok(kubectl(file).ok, `${name}: kubectl reads the output`)
    // Stream mode writes what converts and passes the refused object through: kubectl reads that too.
    const streamed = cli(['-'], { input })
    assert.is(streamed.stdout, readFileSync(join(GOLDEN, name, 'expected.yaml'), 'utf8'), `${name}: stream mode`)
    writeFileSync(file, streamed.stdout)
    assert.ok(kubectl(file).ok, `${name}: kubectl reads stream mode's output`)
  }
})

test('tabsAfterPlain: the tabs among the blanks that start the lines after a scalar, up to the next token or comment', () => {
  const at = (text: string) => tabsAfterPlain(text, text.indexOf('|') + 1)
  assert.equal(at('|\t\n}'), [], 'a tab on the scalar line is not after a line break')
  assert.equal(at('|\n\t}'), [{ offset: 2, column: 0 }])
  assert.equal(at('|\n  \t }'), [{ offset: 4, column: 2 }])
  assert.equal(at('|\r\n\t\n\n \t}'), [
    { offset: 3, column: 0 },
    { offset: 7, column: 1 },
  ])
  assert.equal(at('|\n  # a comment ends it\n\t}'), [])
  assert.equal(at('|,\n\t}'), [], 'a comma ends it')
  assert.equal(at('|\u2028\t}'), [{ offset: 2, column: 0 }], 'go-yaml breaks lines at LS too')
})

test('tabRefusedAfterPlain: a tab at or left of the block indentation, none at the top', () => {
  const text = '"900m"\n  \t}'
  assert.is(tabRefusedAfterPlain(text, 6, -1), undefined)
  assert.is(tabRefusedAfterPlain(text, 6, 1), undefined)
  assert.equal(tabRefusedAfterPlain(text, 6, 2), { offset: 9, column: 2 })
  assert.equal(tabRefusedAfterPlain(text, 6, 4), { offset: 9, column: 2 })
})

test.run()
