/**
 * Rust's class set operations (`&&` intersection, `--` difference, `~~` symmetric difference) and
 * nested classes in a pathRegex (issue 38, review r38g N1): the order checks never read them as
 * literal characters. testdata/rust-regex/classes.tsv holds 400 classes, most with set operations,
 * each with the probe characters a real build of Rust's regex crate (1.13.1, the proxy's) matches
 * (scripts/rust-class-table.mjs). Every probe the crate matches must be "may match" for the reader
 * and never "disjoint" from the probe as an Exact or regex path; through the CLI, the review's
 * pairs are held (exit 1, nothing written).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { proxyRegex } from '../src/targets/gateway/profiles/paths.js'
import { mayMatch, provenDisjoint } from '../src/targets/gateway/profiles/regex-overlap.js'
import { cli } from './helpers/cli.js'
import { GATEWAY_218, shopService, stream } from './helpers/shop.js'

const PROBES = ['a', 'b', 'c', 'z', '0', '5', '9', '&', '-', '~', '/', ',', '+', '[', ']', '^', '_', 'é']
const rows = readFileSync(new URL('../testdata/rust-regex/classes.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => {
    const [cls, verdict, matched] = l.split('\t')
    return { cls: cls!, ok: verdict === 'ok', matched: Array.from(matched ?? '') }
  })
const escape = (c: string): string => (/[\w/,é&~-]/u.test(c) ? c : `\\${c}`)
const setOperation = (cls: string): boolean => /&&|--|~~|.\[/.test(cls)

test('the table: 400 classes, most with set operations, both verdicts of the crate on the probes', () => {
  assert.is(rows.length, 400)
  assert.ok(rows.filter((r) => r.ok && setOperation(r.cls)).length > 300)
  assert.ok(rows.some((r) => r.cls === '[^0-9--5]' && r.matched.includes('5')))
})

test('every probe the crate matches with a class is "may match" and never proven disjoint', () => {
  const wrong: string[] = []
  for (const r of rows.filter((x) => x.ok)) {
    const compiled = proxyRegex(`/x${r.cls}`)
    for (const p of r.matched) {
      if (!mayMatch(compiled, `/x${p}`)) wrong.push(`${r.cls} takes ${p}: reader says no`)
      if (provenDisjoint(compiled, proxyRegex(`/x${escape(p)}`))) wrong.push(`${r.cls} vs /x${p}: proven disjoint`)
      if (provenDisjoint(compiled, proxyRegex(`/x${escape(p)}[a-z]*`))) wrong.push(`${r.cls} vs /x${p}[a-z]*: proven disjoint`)
    }
  }
  assert.equal(wrong, [])
})

test('a class without set operations is read exactly on the ASCII probes (the reader stays useful)', () => {
  const wrong: string[] = []
  const plain = rows.filter((x) => x.ok && !setOperation(x.cls))
  assert.ok(plain.length >= 3)
  for (const r of plain)
    for (const p of PROBES.filter((c) => c !== 'é'))
      if (mayMatch(proxyRegex(`/x${r.cls}`), `/x${p}`) !== r.matched.includes(p)) wrong.push(`${r.cls} on ${p}`)
  assert.equal(wrong, [])
})

const profile = (routes: Array<[string, string, boolean]>): string => `apiVersion: linkerd.io/v1alpha2
kind: ServiceProfile
metadata: {name: web.shop.svc.cluster.local, namespace: shop}
spec:
  routes:
${routes.map(([name, regex, get]) => `  - name: ${name}\n    condition: {${get ? 'method: GET, ' : ''}pathRegex: '${regex}'}\n    timeout: 1s\n`).join('')}`

const PAIRS: Array<[string, string]> = [
  ['/x[^0-9--5]', '/x5'],
  ['/x[^a&&b]', '/xa'],
  ['/x[^a-c&&b]', '/xa'],
  ['/x[^a~~a]', '/xa'],
  ['/x[^&&]', '/x&'],
  ['/x/[^&&/]+', '/x/&'],
  ['/x[^a-c--b]', '/xb'],
  ['/x[^+--/]', '/x,'],
  ['/x[^[a]]', '/xb'],
]
for (const [first, second] of PAIRS)
  test(`CLI: ${first} then ${second} (Rust's ${first} takes it), the second named to sort first: held`, () => {
    const r = cli([...GATEWAY_218, '-'], {
      input: stream(
        shopService(),
        profile([
          ['z-first', first, true],
          ['a-second', second, true],
        ]),
      ),
    })
    assert.is(r.status, 1, r.stderr)
    assert.match(r.stderr, /route "a-second" \(web-a-second\) may now take requests the profile sent to the earlier route "z-first"/)
    assert.not.match(r.stdout, /kind: HTTPRoute/)
  })

test('CLI: a method-less [^a&&/] (it takes /, as Rust reads it) ties with the catch-all: held', () => {
  const r = cli([...GATEWAY_218, '-'], { input: stream(shopService(), profile([['x', '[^a&&/]', false]])) })
  assert.is(r.status, 1, r.stderr)
  assert.match(r.stderr, /route "x" \(web-x\) ties with the catch-all route web-default on \//)
  assert.not.match(r.stdout, /kind: HTTPRoute/)
})

test('CLI: the same shapes without set operations still convert ([^0-9] then /x5)', () => {
  const r = cli([...GATEWAY_218, '-'], {
    input: stream(
      shopService(),
      profile([
        ['z-first', '/x[^0-9]', true],
        ['a-second', '/x5', true],
      ]),
    ),
  })
  assert.is(r.status, 0, r.stderr)
  assert.match(r.stdout, /name: web-a-second\n/)
})

test.run()
