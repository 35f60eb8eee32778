/**
 * The docs' tables of kinds and their version options say what the kinds declare
 * (src/kinds/<kind>/entry.ts) and what `--mesh` picks (src/kinds/meshes.ts): a kind, an option
 * or a choice added in code and not in docs/kinds.md, docs/cli.md and docs/github-action.md
 * (or the other way round) fails here. docs/github-action.md's input tables hold action.yml's
 * inputs, each once, naming the choices of the option it is; the sentence that counts a table's
 * inputs counts its rows.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { MESH_VERSIONS, MESHES } from '../src/kinds/meshes.js'
import { KIND_ENTRIES } from '../src/kinds/names.js'
import { KINDS } from '../src/kinds/registry.js'
import { VERSION_OPTIONS } from '../src/kinds/versions.js'
import { TARGET_OPTIONS, TARGETS } from '../src/targets/registry.js'
import { parse } from 'yaml'

const read = (file: string) => readFileSync(file, 'utf8')

/** The rows of the Markdown table whose header row starts with `header`, as trimmed cells. */
function table(text: string, header: string): string[][] {
  const lines = text.split('\n')
  const start = lines.findIndex((l) => l.startsWith(header))
  assert.ok(start >= 0, `a table that starts with ${header}`)
  const rows: string[][] = []
  for (const line of lines.slice(start)) {
    if (!line.startsWith('|')) break
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim()),
    )
  }
  return rows.filter((_r, i) => i !== 1) // the |---| line
}

const code = (s: string) => `\`${s}\``
const versioned = KIND_ENTRIES.filter((k) => k.version)

test("docs/kinds.md's table: one row per kind with an option: its group, versions, flag and choices", () => {
  const [, ...rows] = table(read('docs/kinds.md'), '| kind | group | versions | flag | targets |')
  assert.equal(
    rows.map((r) => r[0]),
    versioned.map((k) => code(k.kind)),
  )
  for (const k of versioned) {
    const row = rows.find((r) => r[0] === code(k.kind))!
    const versions = KINDS.find((m) => m.kind === k.kind)!.versions
    const choices = k.version!.choices.map(code).join(', ')
    assert.equal(
      row.slice(1),
      [
        code(k.group),
        `${versions[0]} … ${versions[versions.length - 1]}`,
        code(`--${k.version!.name}`),
        k.version!.default ? `${choices} (default ${code(k.version!.default)})` : choices,
      ],
      k.kind,
    )
  }
})

test("docs/kinds.md's --mesh table: a column per option (its kinds), a row per mesh with its versions", () => {
  const [header, ...rows] = table(read('docs/kinds.md'), '| `--mesh` |')
  assert.equal(
    header!.slice(1),
    VERSION_OPTIONS.map(
      (o) =>
        `${versioned
          .filter((k) => k.version === o)
          .map((k) => k.kind)
          .join(', ')} (${code(`--${o.name}`)})`,
    ),
  )
  assert.equal(
    rows.map((r) => r[0]),
    MESHES.map(code),
  )
  for (const mesh of MESHES) {
    const cells = VERSION_OPTIONS.map((o) => {
      const v = MESH_VERSIONS[mesh][versioned.find((k) => k.version === o)!.kind]
      return v ? code(v) : 'left alone (no CRD)'
    })
    assert.equal(rows.find((r) => r[0] === code(mesh))!.slice(1), cells, mesh)
  }
})

test('docs/cli.md: a row per version option and --mesh, with its choices; docs/github-action.md: a row per input', () => {
  const cli = read('docs/cli.md')
  const action = read('docs/github-action.md')
  for (const name of [...VERSION_OPTIONS.map((o) => o.name), 'mesh']) {
    const o = TARGET_OPTIONS.find((t) => t.name === name)!
    assert.ok(cli.includes(`\n| \`--${name} ${o.choices!.join('\\|')}\` |`), `docs/cli.md: --${name} with ${o.choices!.join(', ')}`)
    assert.ok(action.includes(`\n| \`${name}\` |`), `docs/github-action.md: input ${name}`)
  }
})

/** Every table of `text` whose header row starts with `header`, its heading row dropped. */
function tables(text: string, header: string): { rows: string[][]; before: string }[] {
  const out: { rows: string[][]; before: string }[] = []
  let from = 0
  for (;;) {
    const at = text.indexOf(`\n${header}`, from)
    if (at < 0) return out
    out.push({ rows: table(text.slice(at + 1), header).slice(1), before: text.slice(0, at) })
    from = at + 1
  }
}

const NUMBERS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve']

test("docs/github-action.md's input tables: action.yml's inputs, each once, with the option's choices, counted right", () => {
  const doc = read('docs/github-action.md')
  const inputs = Object.keys((parse(read('action.yml')) as { inputs: Record<string, unknown> }).inputs)
  const found = tables(doc, '| input |')
  const rows = found.flatMap((t) => t.rows)
  const names = rows.map((r) => r[0]!)
  assert.equal([...names].sort(), inputs.map(code).sort(), 'the rows of the input tables, against action.yml')
  for (const o of TARGET_OPTIONS) {
    const row = rows.find((r) => r[0] === code(o.name))
    if (!row || !o.choices) continue
    const cells = row.slice(1).join(' | ')
    const range = `${code(o.choices[0]!)} to ${code(o.choices[o.choices.length - 1]!)}`
    const missing = o.choices.filter((c) => !cells.includes(code(c)))
    assert.ok(missing.length === 0 || cells.includes(range), `input ${o.name}: its row names no ${missing.join(', ')}`)
  }
  // A target's inputs have their own table, and the sentence above it counts them.
  for (const t of TARGETS) {
    const own = found.find((f) => f.rows.some((r) => r[0] === code(t.options[0]!.name)))!
    assert.equal(
      own.rows.map((r) => r[0]),
      t.options.map((o) => code(o.name)),
      `the table of to: ${t.name}`,
    )
    const said = /these\s+(\w+)\s+inputs/.exec(own.before.slice(own.before.lastIndexOf('\n#')))
    assert.ok(said, `the sentence above the table of to: ${t.name} counts its inputs`)
    assert.is(said[1], NUMBERS[t.options.length] ?? String(t.options.length), `to: ${t.name} has ${t.options.length} inputs`)
  }
})

test.run()
