// Makes testdata/rust-regex/table.tsv: patterns (the review's, edge cases, seeded random ones),
// each with what a real build of Rust's regex crate says of it. Usage:
//   node scripts/rust-regex-table.mjs PATH-TO-CHECKER > testdata/rust-regex/table.tsv
// The checker reads one pattern a line on stdin and prints `pattern<TAB>ok` or `pattern<TAB>ERR message`
// (testdata/rust-regex/README.md says how it is built).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const checker = process.argv[2]
if (!checker) throw new Error('usage: node scripts/rust-regex-table.mjs CHECKER')
const fixed = readFileSync(new URL('../testdata/rust-regex/patterns.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l !== '' && !l.startsWith('#!'))

// A small seeded generator (mulberry32), so that the table can be made again.
let seed = 38
function rand() {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)]
const TOKENS = [
  'a',
  'z',
  '/',
  'api',
  '-',
  '_',
  '.',
  '*',
  '+',
  '?',
  '|',
  '^',
  '$',
  '(',
  ')',
  '(?:',
  '(?i)',
  '(?x)',
  '(?P<n>',
  '(?<m>',
  '[',
  ']',
  '[^',
  '{',
  '}',
  '{2}',
  '{1,3}',
  '{3,1}',
  '{,2}',
  '\\d',
  '\\w',
  '\\s',
  '\\D',
  '\\b',
  '\\B',
  '\\A',
  '\\z',
  '\\pL',
  '\\p{Greek}',
  '\\p{Lu}',
  '\\x41',
  '\\x{1F600}',
  '\\u00e9',
  '\\.',
  '\\/',
  '\\-',
  '\\[',
  '\\]',
  '\\{',
  '\\}',
  '\\<',
  '\\>',
  '\\q',
  '\\1',
  '\\e',
  '&&',
  '--',
  '~~',
  '[:alpha:]',
  '[:word:]',
  ':',
  ',',
  '0',
  '9',
  '#',
  ' ',
  'é',
  '=',
  '!',
]
const random = []
for (let n = 0; n < 700; n++) {
  const len = 1 + Math.floor(rand() * 8)
  let s = ''
  for (let k = 0; k < len; k++) s += pick(TOKENS)
  random.push(s)
}
// Path regexes as people write them, each with one character changed.
const PATHS = ['/api/v1/items/\\d+', '/books/[^/]+/edit', '/(?:a|b)/c{2,3}', '/users/(?P<id>[0-9]+)', '/[a-z]{2,5}/x?y*']
const EXTRA = ['(', ')', '[', ']', '{', '}', '\\', '|', '-', '^', '?', '*']
for (let n = 0; n < 200; n++) {
  const p = Array.from(pick(PATHS))
  const at = Math.floor(rand() * (p.length + 1))
  if (rand() < 0.5) p.splice(at, 1)
  else p.splice(at, 0, pick(EXTRA))
  random.push(p.join(''))
}
const all = [...new Set([...fixed, ...random])].filter((p) => !p.includes('\n') && !p.includes('\t'))
const out = execFileSync(checker, { input: all.join('\n') + '\n', encoding: 'utf8' })
for (const line of out.split('\n')) {
  if (line === '') continue
  const tab = line.lastIndexOf('\t')
  const verdict = line.slice(tab + 1)
  process.stdout.write(
    `${line.slice(0, tab)}\t${verdict === 'ok' ? 'ok' : 'err'}\t${verdict === 'ok' ? '' : verdict.slice(4).replace(/^regex parse error:.*error: /, '')}\n`,
  )
}
