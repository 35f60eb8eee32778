/**
 * The plain-YAML reader (src/yaml/block-subset.ts) against the `yaml` package as documents.ts
 * drives it: wherever the reader gives a value, the package reads the text as one document
 * without error and to the same value; the kustomizations and patches this repository holds, and
 * texts generated from lines near the subset's edges (indentation, dashes, colons, block scalars,
 * comments, duplicate keys, trailing spaces, quotes, anchors), are read by it as often as may be.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { SeededRandom } from '../scripts/random.mjs'
import { readBlockSubset } from '../src/yaml/block-subset.js'
import { parseAll } from '../src/files/deploy-read.js'
import { parseDocuments } from '../src/yaml/documents.js'

/** What the package reads: the one document's value, or undefined (none, several, or an error). */
function packageReads(text: string): { value: unknown } | undefined {
  const docs = parseDocuments(text, { merge: true })
  if (docs.length !== 1 || docs[0]!.error) return undefined
  return { value: docs[0]!.doc.toJS() }
}

function agrees(text: string): boolean {
  const quick = readBlockSubset(text)
  if (quick === undefined) return false
  const full = packageReads(text)
  assert.ok(full, `the reader read a text the package refuses:\n${text}`)
  assert.equal(JSON.stringify(quick), JSON.stringify(full.value), `different values for:\n${text}`)
  assert.equal(parseAll(text), [quick])
  return true
}

test('the repository’s kustomizations and patches: read alike, most by the reader', () => {
  const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'testdata', 'deploy'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /(?:^|\/)kustomization\.ya?ml$|kustomize.*\.ya?ml$/.test(f))
  let read = 0
  for (const f of files) if (agrees(readFileSync(f, 'utf8'))) read++
  assert.ok(files.length > 50 && read > files.length / 2, `${read} of ${files.length}`)
})

test('examples at the edges', () => {
  const yes = [
    'a: b\n',
    'a: b',
    'resources:\n- x.yaml\n- ../base\n',
    'patches:\n  - path: p.yaml\n    target:\n      kind: TrafficSplit\n',
    'p:\n  - patch: |-\n      - op: replace\n        path: /spec\n\n  - path: q\n',
    'k: |\n  one\n    two\n\n# after\nz: a:b c\n',
    '- op: replace\n  path: /spec/backends/1/weight\n  value: 500m\n',
    'k:\n- a\n- b: c\n  d: e\nf: g\n',
  ]
  for (const t of yes) assert.ok(agrees(t), t)
  const no = [
    'a: b\na: c\n',
    'a: "b"\n',
    'a: b \n',
    '---\na: b\n',
    'a: &x b\nc: *x\n',
    'a: !!binary aGk=\n',
    'a:\tb\n',
    'a: b\r\n',
    'k: |\n  x',
    'a: b # c\n',
    ' a: b\n',
    'a:\n',
    '<<: {a: b}\n',
    'k: |\n  x\n y\n',
  ]
  for (const t of no) assert.is(readBlockSubset(t), undefined, t)
})

const PIECES = [
  'a',
  'b',
  'patches',
  'path',
  'op',
  'x.yaml',
  '/spec/backends/1/weight',
  'a b',
  'a:b',
  'a: b',
  '-',
  '- ',
  '|',
  '|-',
  '|+',
  '>',
  '#',
  ' #c',
  '"q"',
  "'q'",
  '&a',
  '*a',
  '[a]',
  '{}',
  '',
  ' ',
  ':',
  '?',
  '---',
  '(x)',
  '$v',
  'a,b',
  '@',
  '__proto__',
]

test('generated texts: whatever the reader reads, the package reads alike', () => {
  const random = new SeededRandom('block-subset')
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random.next() * xs.length)]!
  const indent = () => ' '.repeat(pick([0, 0, 0, 1, 2, 2, 2, 3, 4, 4, 6, 8]))
  const line = (): string => {
    const i = indent()
    switch (pick(['key', 'key', 'keyValue', 'keyValue', 'dash', 'dashKey', 'content', 'comment', 'blank'])) {
      case 'key':
        return `${i}${pick(['a', 'b', 'c', 'patch', 'path'])}:`
      case 'keyValue':
        return `${i}${pick(['a', 'b', 'c', 'patch', 'path'])}: ${pick(PIECES)}${pick(['', '', pick(PIECES)])}`
      case 'dash':
        return `${i}- ${pick(PIECES)}`
      case 'dashKey':
        return `${i}- ${pick(['a', 'b', 'op'])}: ${pick(PIECES)}`
      case 'content':
        return `${i}${pick(PIECES)}${pick(PIECES)}`
      case 'comment':
        return `${i}# ${pick(PIECES)}`
      default:
        return ''
    }
  }
  // Well-formed texts of the subset, each maybe with a line re-indented, cut or replaced.
  const scalar = () => pick(['a', 'x.yaml', '/spec/backends/1/weight', 'a b', 'a:b', '500m', '(x)', '$v', 'a,b', 'k8s.io/v1'])
  const node = (depth: number, at: number): string[] => {
    const kind = depth > 2 ? 'scalar' : pick(['map', 'map', 'seq', 'literal', 'scalar'])
    if (kind === 'map') {
      const keys = [...new Set(Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => pick(['a', 'b', 'c', 'patch', 'path'])))]
      return keys.flatMap((k) => {
        const inner = node(depth + 1, at + pick([1, 2, 2, 4]))
        return inner.length === 1 && !inner[0]!.startsWith(' ')
          ? [`${' '.repeat(at)}${k}: ${inner[0]}`]
          : [`${' '.repeat(at)}${k}:${inner[0]!.startsWith('|') ? ' ' + inner.shift() : ''}`, ...inner]
      })
    }
    if (kind === 'seq')
      return Array.from({ length: 1 + Math.floor(random.next() * 3) }, () => {
        const inner = node(depth + 1, at + 2)
        return inner.length === 1 && !inner[0]!.startsWith(' ')
          ? [`${' '.repeat(at)}- ${inner[0]}`]
          : inner[0]!.startsWith(' '.repeat(at + 2)) && !inner[0]!.startsWith('|')
            ? [`${' '.repeat(at)}- ${inner[0]!.trimStart()}`, ...inner.slice(1)]
            : [`${' '.repeat(at)}- x`]
      }).flat()
    if (kind === 'literal')
      return [
        pick(['|', '|-']),
        ...Array.from({ length: 1 + Math.floor(random.next() * 3) }, () =>
          pick(['', `${' '.repeat(at)}${pick(PIECES)}`, `${' '.repeat(at + 2)}# ${scalar()}`, `${' '.repeat(at)}${scalar()}`]),
        ),
      ].map((l, i) => (i === 1 && l === '' ? `${' '.repeat(at)}z` : l))
    return [scalar()]
  }
  let read = 0
  for (let n = 0; n < 3000; n++) {
    const lines =
      random.next() < 0.3 ? Array.from({ length: 1 + Math.floor(random.next() * 8) }, line) : node(0, 0).filter((l) => !/^\|/.test(l))
    for (let m = Math.floor(random.next() * 3) - 1; m > 0 && lines.length > 0; m--) {
      const at = Math.floor(random.next() * lines.length)
      lines[at] = pick([() => ' ' + lines[at], () => lines[at]!.slice(1), () => line(), () => lines[at] + pick(PIECES)])()
    }
    if (agrees(lines.join('\n') + pick(['\n', '\n', '']))) read++
  }
  assert.ok(read > 500, `only ${read} generated texts were of the subset`)
})

test.run()
