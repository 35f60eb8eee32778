// Makes testdata/rust-regex/classes.tsv: seeded random bracket classes, many with Rust's class set
// operations (`&&`, `--`, `~~`) and nested classes, each with the probe characters a real build of
// Rust's regex crate matches with it. Usage:
//   node scripts/rust-class-table.mjs PATH-TO-CHECKER > testdata/rust-regex/classes.tsv
// The checker takes a regex and paths as arguments and prints, for each path, `MATCH "path"` or
// `no "path"`, or one line `ERR message` when the regex does not compile
// (testdata/rust-regex/README.md says how it is built).
import { execFileSync } from 'node:child_process'

const checker = process.argv[2]
if (!checker) throw new Error('usage: node scripts/rust-class-table.mjs CHECKER')

// The characters each class is tried on (one a path, after `/x`).
export const PROBES = ['a', 'b', 'c', 'z', '0', '5', '9', '&', '-', '~', '/', ',', '+', '[', ']', '^', '_', 'é']

let seed = 3807
function rand() {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const pick = (xs) => xs[Math.floor(rand() * xs.length)]
const ITEMS = ['a', 'b', '5', '0-9', 'a-c', '+--/', '&', '-', '~', '/', ',', '\\d', '\\w', '[a]', '[^b]', '[0-9]', '[:alpha:]']
const OPS = ['&&', '--', '~~', '', '', '']

function randomClass() {
  let body = ''
  const n = 1 + Math.floor(rand() * 4)
  for (let k = 0; k < n; k++) body += pick(OPS) + pick(ITEMS)
  if (rand() < 0.3) body += pick(OPS)
  return `[${rand() < 0.5 ? '^' : ''}${body}]`
}

const classes = new Set([
  '[^0-9--5]',
  '[^a&&b]',
  '[^a-c&&b]',
  '[^a~~a]',
  '[^&&]',
  '[^&&/]',
  '[^a-c--b]',
  '[^+--/]',
  '[^[a]]',
  '[a[b]]',
  '[^a-]',
  '[^-a]',
  '[^0-9]',
])
while (classes.size < 400) classes.add(randomClass())

for (const c of classes) {
  const out = execFileSync(checker, [`^/x${c}$`, ...PROBES.map((p) => `/x${p}`)], { encoding: 'utf8' })
  if (out.startsWith('ERR')) {
    process.stdout.write(`${c}\terr\n`)
    continue
  }
  const matched = out
    .split('\n')
    .filter((l) => l.startsWith('MATCH'))
    .map((l) => JSON.parse(l.slice(6)).slice(2))
  process.stdout.write(`${c}\tok\t${matched.join('')}\n`)
}
