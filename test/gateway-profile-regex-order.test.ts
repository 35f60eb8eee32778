/**
 * The disjointness test `sp-order` uses for two RegularExpression paths (regex-overlap.ts;
 * issue 38, fourth review M2): pairs it must tell apart, pairs it must keep as possibly
 * overlapping (each with a path both match, checked against JavaScript's RegExp), patterns
 * outside what it reads, and a brute-force cross-check: random regexes over a small alphabet,
 * every string up to length 5 tried with JavaScript's RegExp, which reads these patterns as
 * Rust's `regex` does on that alphabet (`.` leaves out `\n`, `$` is the end, ASCII classes).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { proxyRegex } from '../src/targets/gateway/profiles/paths.js'
import { provenDisjoint } from '../src/targets/gateway/profiles/regex-overlap.js'

const disjoint = (a: string, b: string): boolean => provenDisjoint(proxyRegex(a), proxyRegex(b))
/** The proxy's search, in JavaScript (which spells a named group `(?<`, and a leading `]` in a class `\\]`). */
const js = (pathRegex: string): RegExp =>
  new RegExp(
    proxyRegex(pathRegex)
      .replace(/\(\?P</g, '(?<')
      .replace(/\[(\^?)\]/g, '[$1\\]'),
    'u',
  )
const searches = (pathRegex: string, s: string): boolean => js(pathRegex).test(s)

const DISJOINT: Array<[string, string]> = [
  ['/pets/[^/]*/photos', '/pets/[^/]*'],
  ['/a/[0-9]+', '/a/[a-z]+'],
  ['/users/\\d+', '/users/me'],
  ['/api/v1/.*', '/api/v2/.*'],
  ['/orders/[0-9]+', '/orders/new'],
  ['/v1/[^/]+', '/v2/[^/]+'],
  ['/users/[0-9]+/orders', '/users/[0-9]+'],
  ['/a/\\d{3}', '/a/\\d{4}'],
  ['/a{2}', '/aaa'],
  ['/a{1,2}', '/aaa'],
  ['/(?:ab)+', '/aba'],
  ['/(?P<id>ab)+x', '/abab'],
  ['/a.b', '/a\\nb'],
  ['/x/[^a-z]+', '/x/[a-c]+'],
  ['/x/\\D', '/x/1'],
  ['/x/[^\\d]', '/x/1'],
  ['/x/[0-9]', '/x/\u0663'],
  ['/x/\\S+', '/x/ '],
  ['/x/\\W', '/x/_'],
  ['/[]a]', '/b'],
  ['/[-a]', '/b'],
  ['/[a-]', '/b'],
  ['/a|/b', '/c'],
  ['/(a|b)/c', '/(c|d)/c'],
  ['/files/.+\\.png', '/files/.+\\.jpg'],
  ['/a*?b', '/a+'],
  ['/a/\\$', '/b.*'],
]

/** Pairs some path matches both of, with that path. */
const OVERLAPPING: Array<[string, string, string]> = [
  ['/v[0-9]+/items', '/v1/.*', '/v1/items'],
  ['/users/[^/]+', '/users/me', '/users/me'],
  ['/items(/.*)?', '/items/[0-9]+', '/items/1'],
  ['/[a-z]{3}', '/api', '/api'],
  ['/files/.+\\.png', '/files/a\\.png', '/files/a.png'],
  ['/pets/[^/]*', '/pets/.*', '/pets/x'],
  ['/a{2,}', '/aaa', '/aaa'],
  ['/(?:ab)+', '/abab', '/abab'],
  ['/a|/b', '/c/b', '/c/b'],
  ['/a/\\$', '/a/\\$x', '/a/$x'],
  ['/x/\\w', '/x/[^a-z]', '/x/1'],
  ['/x/\\s', '/x/\\n', '/x/\n'],
  ['/[]a]', '/\\]', '/]'],
  ['/[a-]', '/-', '/-'],
  ['/.*', '/anything', '/anything'],
]

test('pairs no path matches both are told apart', () => {
  for (const [a, b] of DISJOINT) {
    assert.ok(disjoint(a, b), `${a} vs ${b}`)
    assert.ok(disjoint(b, a), `${b} vs ${a}`)
  }
})

test('pairs a path matches both of stay possibly overlapping (the path checked with RegExp)', () => {
  for (const [a, b, both] of OVERLAPPING) {
    assert.ok(searches(a, both) && searches(b, both), `${both} matches ${a} and ${b}`)
    assert.not.ok(disjoint(a, b), `${a} vs ${b}`)
    assert.not.ok(disjoint(b, a), `${b} vs ${a}`)
  }
})

test('Unicode classes: what Rust adds outside ASCII is taken as possibly in the class', () => {
  // Rust's `\w` takes é, its `\d` the Arabic-Indic digit three, its `\s` a no-break space.
  assert.not.ok(disjoint('/x/\\w', '/x/é'))
  assert.not.ok(disjoint('/x/\\d', '/x/\u0663'))
  assert.not.ok(disjoint('/x/\\sy', '/x/\u00a0y'))
  assert.not.ok(disjoint('/x/[^\\W]', '/x/é'))
  assert.not.ok(disjoint('/x/[\\d_]', '/x/\u0663'))
  assert.ok(disjoint('/x/[a-z]', '/x/é'))
})

test('what is not read is "may overlap": flags, Unicode classes, assertions, large bounds, nested classes', () => {
  const other = '/zzz'
  for (const p of [
    '(?i)/API',
    '/(?i:a)',
    '(?s)/a.',
    '/\\p{L}',
    '/\\x41',
    '/a\\b',
    '/\\Aa',
    '/a^b',
    '/(^a)',
    '/a$b',
    '/(a$)',
    '/a{100}',
    '/a{2,100}',
    '/[[:alpha:]]',
    '/[a[b]]',
    '/[a&&b]',
    '/[a-c-e]',
    '/\\1',
    '/(?=a)',
    '/a**',
  ])
    assert.not.ok(disjoint(p, other), p)
  assert.not.ok(disjoint('(?i)/API', '/api'))
})

test('too many states or pairs: "may overlap", and quickly', () => {
  const t = Date.now()
  assert.not.ok(disjoint('/' + '(a|b){32}'.repeat(40), '/c'))
  assert.not.ok(disjoint('/(a|b)*a(a|b){12}', '/(a|b)*b(a|b){12}x?'))
  assert.ok(Date.now() - t < 5000)
})

/** A seeded generator (mulberry32), so that a failure repeats. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ATOMS = ['a', 'b', '/', '1', '.', '[ab]', '[^a]', '[a-b1]', '[^/]', '\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '\\n']
const QUANT = ['', '', '', '*', '+', '?', '{2}', '{1,2}', '{0,}', '*?', '+?']

function regex(r: () => number, depth: number): string {
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)]!
  const n = 1 + Math.floor(r() * 3)
  let out = ''
  for (let k = 0; k < n; k++) {
    const atom = depth > 0 && r() < 0.25 ? `(${r() < 0.5 ? '?:' : ''}${regex(r, depth - 1)}|${regex(r, depth - 1)})` : pick(ATOMS)
    out += atom + pick(QUANT)
  }
  return out
}

test('cross-check: random regexes, every string up to length 5, never "disjoint" where a string matches both', () => {
  const r = random(38)
  const alphabet = ['a', 'b', '/', '1', '\n', ' ']
  const strings = ['']
  for (let from = 0, len = 1; len <= 5; len++) {
    const to = strings.length
    for (let k = from; k < to; k++) for (const c of alphabet) strings.push(strings[k] + c)
    from = to
  }
  const patterns: string[] = []
  for (let k = 0; k < 120; k++) {
    const body = regex(r, 2)
    const shape = r()
    // As the proxy compiles it, or with an anchor left out, or a top-level alternation.
    patterns.push(shape < 0.6 ? proxyRegex(body) : shape < 0.75 ? `^${body}` : shape < 0.9 ? `${body}$` : `^${body}|${regex(r, 1)}$`)
  }
  const hits = patterns.map((p) => {
    const re = new RegExp(p, 'u')
    return Uint8Array.from(strings, (s) => (re.test(s) ? 1 : 0))
  })
  let proven = 0
  let apart = 0
  for (let i = 0; i < patterns.length; i++)
    for (let j = i + 1; j < patterns.length; j++) {
      const [x, y] = [hits[i]!, hits[j]!]
      let k = 0
      while (k < strings.length && !(x[k]! & y[k]!)) k++
      const common = strings[k]
      const said = provenDisjoint(patterns[i]!, patterns[j]!)
      if (common === undefined) apart++
      if (said) proven++
      assert.ok(!said || common === undefined, `${patterns[i]} and ${patterns[j]} both match ${JSON.stringify(common)}`)
    }
  // Most pairs that share no short string are told apart (the rest share a longer one, or read as Unicode may).
  assert.ok(proven > apart * 0.8, `${proven} of ${apart}`)
})

test('the named disjoint pairs: no concatenation of their literal pieces matches both', () => {
  for (const [a, b] of DISJOINT) {
    const [ra, rb] = [js(a), js(b)]
    const pieces = new Set(['a', 'z', '0', '9', '/', '.', '-', '_', ' ', '\n', '$', ']', '\u0663', 'é'])
    for (const p of [a, b]) for (const m of p.replace(/\\./g, ' ').split(/[^\w/-]+/)) if (m) pieces.add(m)
    const list = [...pieces]
    let layer = ['']
    for (let len = 0; len < 4; len++) {
      const next: string[] = []
      for (const s of layer)
        for (const p of list) {
          const t = s + p
          assert.not.ok(ra.test(t) && rb.test(t), `${a} and ${b} both match ${JSON.stringify(t)}`)
          if (len < 3) next.push(t)
        }
      layer = next
    }
  }
})

test.run()
