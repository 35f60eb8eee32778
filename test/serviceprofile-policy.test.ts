/**
 * ServiceProfile → route parts, checked against oracles outside the mapping:
 *
 * - durations: Go's time.ParseDuration (what Linkerd's validator accepts for a profile's
 *   `timeout`) on cases from Go's own tests, and every annotation written parses with Linkerd's
 *   grammar (one integer, `ms|s|m|h|d`, as its policy controller reads 2.16 to 2.20) to the
 *   profile's timeout rounded up to a whole millisecond; `rules[].timeouts.request` values fit
 *   Gateway API's pattern with a single unit (what Linkerd 2.20 reads);
 * - status lists: every list written parses with Linkerd's `retry.linkerd.io/http` grammar
 *   (comma-separated, no spaces, `5xx`, `gateway-error`, `NNN`, `NNN-MMM`) back to the same statuses;
 * - paths: for random regexes and paths, RE2 (@bufbuild/re2, the same dialect as Rust's regex
 *   crate for this grammar) says the route's path match takes a path exactly when the proxy's
 *   search with the anchors it adds found a match.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { RE2JS } from '@bufbuild/re2'
import {
  gatewayDuration,
  linkerdDuration,
  linkerdParses,
  parseGoDuration,
  parseStatusList,
  statusList,
} from '../src/targets/gateway/profiles/policy.js'
import { proxyRegex, translatePath } from '../src/targets/gateway/profiles/paths.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300)
const MS = 1000000n

test('Go durations as time.ParseDuration reads them (cases from Go time_test.go)', () => {
  const ok: Array<[string, bigint]> = [
    ['0', 0n],
    ['5s', 5000000000n],
    ['30s', 30000000000n],
    ['1478s', 1478000000000n],
    ['-5s', -5000000000n],
    ['+5s', 5000000000n],
    ['5.0s', 5000000000n],
    ['5.6s', 5600000000n],
    ['5.s', 5000000000n],
    ['.5s', 500000000n],
    ['1.004s', 1004000000n],
    ['100.00100s', 100001000000n],
    ['10ns', 10n],
    ['11us', 11000n],
    ['12µs', 12000n],
    ['12μs', 12000n],
    ['13ms', 13000000n],
    ['14s', 14000000000n],
    ['15m', 900000000000n],
    ['16h', 57600000000000n],
    ['3h30m', 12600000000000n],
    ['10.5s4m', 250500000000n],
    ['1h2m3s4ms5us6ns', 3723004005006n],
    ['15ms', 15000000n],
  ]
  for (const [text, ns] of ok) assert.is(parseGoDuration(text), ns, text)
  for (const bad of ['', '3', '-', 's', '.', '-.', '.s', '+.s', '1d', '10 seconds', '1.5', '3000000h'])
    assert.is(parseGoDuration(bad), undefined, bad)
})

test("Linkerd's route duration grammar: what it reads, and what it refuses", () => {
  assert.is(linkerdParses('15ms'), 15n * MS)
  assert.is(linkerdParses('2d'), 2n * 86400000n * MS)
  assert.is(linkerdParses(' 1s '), 1000n * MS)
  assert.is(linkerdParses('0'), 0n)
  for (const bad of ['1m30s', '1.5s', '-1s', '500us', '10', 's', '1 s']) assert.is(linkerdParses(bad), undefined, bad)
})

test('every timeout annotation parses with Linkerd 2.16-2.20 to the timeout rounded up to a millisecond', () => {
  fc.assert(
    fc.property(fc.bigInt({ min: 1n, max: 40n * 86400n * 10n ** 9n }), (ns) => {
      const d = linkerdDuration(ns)
      const read = linkerdParses(d.text)
      assert.ok(read !== undefined, `${d.text} parses`)
      const ms = (ns + MS - 1n) / MS
      assert.is(read, ms * MS, `${ns}ns -> ${d.text}`)
      assert.is(d.rounded, read !== ns)
      const g = gatewayDuration(ns)
      if (g) {
        assert.ok(/^\d{1,5}([hms]|ms)$/.test(g.text), `${g.text} is one unit of Gateway API's pattern`)
        assert.ok(linkerdParses(g.text)! >= ns, `${g.text} is not shorter than ${ns}ns`)
      }
    }),
    { numRuns: RUNS * 3 },
  )
})

test("every status list parses with Linkerd's retry.linkerd.io/http grammar back to the same statuses", () => {
  assert.is(statusList(range(500, 599)), '5xx')
  assert.is(statusList([...range(429, 429), ...range(500, 502), ...range(504, 599)]), '429,500-502,504-599')
  assert.equal([...parseStatusList('5XX')!], range(500, 599))
  assert.equal([...parseStatusList('gateway-error')!], [502, 503, 504])
  assert.is(parseStatusList('500, 502'), undefined, 'no trimming: a space is refused')
  assert.is(parseStatusList('600'), undefined)
  fc.assert(
    fc.property(fc.uniqueArray(fc.integer({ min: 100, max: 599 }), { minLength: 1, maxLength: 80 }), (statuses) => {
      const sorted = [...statuses].sort((a, b) => a - b)
      const text = statusList(sorted)
      assert.ok(!/\s/.test(text))
      assert.equal(
        [...parseStatusList(text)!].sort((a, b) => a - b),
        sorted,
        text,
      )
    }),
    { numRuns: RUNS },
  )
})

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, i) => a + i)
}

// Regexes from the pieces ServiceProfiles are made of (linkerd profile writes `[^/]*` and escaped dots).
const piece = fc.constantFrom('/a', '/b', '/ab', '\\.json', '[^/]*', '\\d+', '[0-9]+', '.*', 'x?', '(?:a|b)', '/', '-', '\\$')
const regex = fc
  .tuple(
    fc.constantFrom('', '^'),
    fc.array(piece, { minLength: 1, maxLength: 5 }),
    fc.constantFrom('', '$', '|/b', '|/a/'),
    fc.constantFrom('', ' '),
  )
  .map(([start, ps, end, pad]) => `${pad}${start}${ps.join('')}${end}${pad}`)
const path = fc
  .array(fc.constantFrom('/', 'a', 'b', 'ab', '.json', '1', '23', 'x', '-', '$', '/a', '/b'), { maxLength: 6 })
  .map((ps) => ps.join(''))

test('a translated pathRegex takes a path exactly when the proxy matched it (RE2 as the oracle)', () => {
  fc.assert(
    fc.property(regex, fc.array(path, { minLength: 1, maxLength: 12 }), (re, paths) => {
      const t = translatePath(re)
      const proxy = RE2JS.compile(proxyRegex(re))
      const route = t.match.type === 'RegularExpression' ? RE2JS.compile(t.match.value) : undefined
      for (const p of [...paths, '/a', '/b', '/a.json', '/']) {
        const before = proxy.test(p)
        // Linkerd takes a regex path match only if its first match spans the whole path: the value is anchored, so any full match.
        const after = route ? route.testExact(p) && route.test(p) : t.match.value === p
        assert.is(after, before, `pathRegex ${JSON.stringify(re)} -> ${t.match.type} ${t.match.value}, path ${JSON.stringify(p)}`)
      }
    }),
    { numRuns: RUNS },
  )
})

test.run()
