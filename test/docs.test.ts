/**
 * The documentation holds to what it promises: the README's first ```sh block is exactly the
 * two set-up commands, the README stays a front page (at most 160 lines), every relative link
 * and #anchor in README.md, CONTRIBUTING.md, ARCHITECTURE.md and docs/*.md resolves (the file
 * exists, the anchor is a heading's GitHub slug), and docs/cli.md names no option that the
 * built binary's --help lacks (and leaves none of them out). Needs dist/ built (npm test builds
 * it first).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { cli } from './helpers/cli.js'

const ROOT = resolve('.')
const README = join(ROOT, 'README.md')
const CLI_DOC = join(ROOT, 'docs/cli.md')
const DOCS = [
  README,
  join(ROOT, 'CONTRIBUTING.md'),
  join(ROOT, 'ARCHITECTURE.md'),
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join(ROOT, 'docs', f)),
]

const read = (file: string) => readFileSync(file, 'utf8')

/** The lines of a Markdown text, each marked as inside a fenced code block or not (fences themselves count as inside). */
function lines(text: string): { line: string; fenced: boolean; info: string }[] {
  const out: { line: string; fenced: boolean; info: string }[] = []
  let fence: string | undefined
  let info = ''
  for (const line of text.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})\s*([\w-]*)/.exec(line)
    if (fence === undefined && m) {
      fence = m[1]!
      info = m[2]!
      out.push({ line, fenced: true, info: '' })
    } else if (fence !== undefined) {
      const closes = new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line)
      out.push({ line, fenced: !closes, info: closes ? '' : info })
      if (closes) fence = undefined
    } else {
      out.push({ line, fenced: false, info: '' })
    }
  }
  return out
}

/** Inline code spans of a prose line, and the line without them. */
function splitCode(line: string): { code: string[]; prose: string } {
  const code: string[] = []
  const prose = line.replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_m, _ticks: string, inner: string) => {
    code.push(inner.trim())
    return ' '
  })
  return { code, prose }
}

/** GitHub's heading anchor (github-slugger): lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[*`]/g, '')
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const { line, fenced } of lines(read(file))) {
    const m = !fenced && /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)
    if (!m) continue
    const base = slug(m[1]!)
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

test('README: the first ```sh block holds exactly the two set-up commands', () => {
  const all = lines(read(README))
  const start = all.findIndex((l) => /^```sh\s*$/.test(l.line))
  assert.ok(start >= 0, 'README has no ```sh block')
  const block: string[] = []
  for (const l of all.slice(start + 1)) {
    if (!l.fenced) break
    block.push(l.line)
  }
  const commands = block.map((l) => l.trim()).filter((l) => l !== '' && !l.startsWith('#'))
  assert.equal(commands, ['npm ci && npx smi-migrate - < testdata/examples/canary.yaml', 'npm test'])
})

test('README: a front page, at most 160 lines', () => {
  const n = read(README).replace(/\n$/, '').split('\n').length
  assert.ok(n <= 160, `README.md has ${n} lines; move details into docs/`)
})

test('every relative link and #anchor in README.md, CONTRIBUTING.md, ARCHITECTURE.md and docs/*.md resolves', () => {
  const broken: string[] = []
  let checked = 0
  for (const file of DOCS) {
    const where = relative(ROOT, file)
    lines(read(file)).forEach(({ line, fenced }, i) => {
      if (fenced) return
      const { prose } = splitCode(line)
      for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = m[1]!
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // https:, mailto:
        checked++
        const hash = target.indexOf('#')
        const path = hash < 0 ? target : target.slice(0, hash)
        const anchor = hash < 0 ? '' : decodeURIComponent(target.slice(hash + 1))
        const dest = path === '' ? file : resolve(dirname(file), decodeURIComponent(path))
        const at = `${where}:${i + 1}: ${target}`
        if (!dest.startsWith(ROOT + '/') && dest !== ROOT) broken.push(`${at} (points outside the repository)`)
        else if (!existsSync(dest)) broken.push(`${at} (no such file)`)
        else if (anchor !== '') {
          if (statSync(dest).isDirectory() || !dest.endsWith('.md')) broken.push(`${at} (an anchor into a file that is not Markdown)`)
          else if (!anchors(dest).has(anchor)) broken.push(`${at} (no heading with that anchor in ${relative(ROOT, dest)})`)
        }
      }
    })
  }
  assert.ok(checked > 20, `only ${checked} links found: is the link reader broken?`)
  assert.equal(broken, [])
})

test('every example that pipes into smi-migrate sets pipefail (or a failing smi-migrate is masked)', () => {
  const PIPE = /\|\s*(?:npx\s+)?smi-migrate\b/
  const unsafe: string[] = []
  for (const file of DOCS) {
    const text = read(file)
    for (const m of text.matchAll(/^ {0,3}```[^\n]*\n([\s\S]*?)^ {0,3}```\s*$/gm)) {
      if (PIPE.test(m[1]!) && !m[1]!.includes('set -o pipefail'))
        unsafe.push(`${relative(ROOT, file)}: ${m[1]!.split('\n').find((l) => PIPE.test(l))}`)
    }
    const prose = text.replace(/^ {0,3}```[^\n]*\n[\s\S]*?^ {0,3}```\s*$/gm, '')
    for (const line of prose.split('\n')) {
      for (const code of splitCode(line).code)
        if (PIPE.test(code) && !code.includes('set -o pipefail')) unsafe.push(`${relative(ROOT, file)}: ${code}`)
    }
  }
  assert.equal(unsafe, [])
})

/** The smi-migrate options a Markdown text names: in prose, every --flag; in code, those of smi-migrate command lines only. */
function flagsNamed(text: string): Set<string> {
  const FLAG = /(?<![\w-])--[a-z][a-z0-9-]*/g
  const out = new Set<string>()
  const fromCode = (code: string) => {
    const withoutComment = code.replace(/(^|\s)#\s.*$/, '')
    for (const part of withoutComment.split(/\|\||&&|[|;)]|\$\(/)) {
      const words = part
        .trim()
        .replace(/^\$\s+/, '')
        .split(/\s+/)
        .filter((w) => !/^[A-Z_][A-Z0-9_]*=/.test(w))
      const first = words[0] ?? ''
      const ours = first === 'smi-migrate' || (first === 'npx' && words[1] === 'smi-migrate') || first.startsWith('-')
      if (ours) for (const f of part.matchAll(FLAG)) out.add(f[0])
    }
  }
  for (const { line, fenced } of lines(text)) {
    if (fenced) {
      fromCode(line)
      continue
    }
    const { code, prose } = splitCode(line)
    code.forEach(fromCode)
    for (const f of prose.matchAll(FLAG)) out.add(f[0])
  }
  return out
}

const help = (args: string[] = []) => {
  const r = cli([...args, '--help'])
  assert.is(r.status, 0, r.stderr)
  return new Set([...r.stdout.matchAll(/(?<![\w-])--[a-z][a-z0-9-]*/g)].map((m) => m[0]))
}

/** A TrafficSplit document; `extra` lines go under metadata. */
const splitDoc = (name: string, apiVersion: string, weight: string, extra = '') =>
  `apiVersion: ${apiVersion}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${extra}spec:\n  service: ${name}\n  backends:\n  - service: b\n    weight: ${weight}\n`

test("--help's -q row says what -q does: which lines of which report it hides and which stay", () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-quiet-'))
  writeFileSync(
    join(dir, 'ok.yaml'),
    splitDoc('a', 'split.smi-spec.io/v1alpha1', '500m') +
      '---\n' +
      splitDoc('s', 'split.smi-spec.io/v1alpha1', '500m', '  annotations:\n    smi-migrate.io/ignore: later\n'),
  )
  writeFileSync(join(dir, 'odd.yaml'), splitDoc('c', 'split.smi-spec.io/v1alpha9', '1'))
  writeFileSync(join(dir, 'bad.yaml'), splitDoc('e', 'split.smi-spec.io/v1alpha1', '-1'))
  const run = (...args: string[]) => cli(['--check', ...args, 'ok.yaml', 'odd.yaml', 'bad.yaml'], { cwd: dir })
  const loud = run().stdout.trimEnd().split('\n')
  const quiet = run('-q').stdout.trimEnd().split('\n')
  const sameJson = run('-q', '--format', 'json').stdout === run('--format', 'json').stdout
  rmSync(dir, { recursive: true, force: true })
  const kind = (l: string) => /^\S+:\d+:\d+: (warning|error):/.exec(l)?.[1] ?? (/^\S+:\d+:\d+: /.test(l) ? 'info' : 'summary')
  // What -q does, as observed: every info line goes, every warning, error and the summary line stays.
  const hidden = loud.filter((l) => !quiet.includes(l))
  assert.ok(hidden.length >= 2 && hidden.every((l) => kind(l) === 'info'), hidden.join('\n'))
  assert.equal(
    quiet,
    loud.filter((l) => kind(l) !== 'info'),
  )
  const kept = new Set(quiet.map(kind))
  assert.equal([...kept].sort(), ['error', 'summary', 'warning'])
  const row = cli(['--help'])
    .stdout.split(/\n(?=\s+-)/)
    .find((r) => /--quiet/.test(r))!
  for (const word of ['warning', 'error', 'summary line', 'info'])
    assert.match(row, word, `-q's help names what happens to the ${word} lines: ${row}`)
  // A machine-readable report is whole with -q: the row says it is about the text report.
  assert.ok(sameJson)
  assert.match(row, 'text report')
})

test("every --flag that docs/cli.md names is in smi-migrate --help (or the webhook commands' --help)", () => {
  const named = flagsNamed(read(CLI_DOC))
  for (const f of ['--check', '--diff', '--write', '--to', '--exclude']) assert.ok(named.has(f), `docs/cli.md does not name ${f}`)
  const known = new Set([...help(), ...help(['webhook']), ...help(['webhook', 'manifests'])])
  assert.equal([...named].filter((f) => !known.has(f)).sort(), [], 'named in docs/cli.md, missing from --help')
})

test('every --flag of smi-migrate --help is documented in docs/cli.md', () => {
  const named = flagsNamed(read(CLI_DOC))
  assert.equal([...help()].filter((f) => !named.has(f)).sort(), [], 'in --help, missing from docs/cli.md')
})

test.run()
