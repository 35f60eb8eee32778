/**
 * The reader of Rust's regex syntax (src/targets/gateway/profiles/rust-regex.ts) against a real
 * build of the crate: testdata/rust-regex/table.tsv holds what regex 1.7.1 said of 963 patterns
 * (testdata/rust-regex/README.md says how it was made). The reader's `'1.7'` dialect must agree
 * on every pattern it judges, and may leave only a few unjudged (Unicode property names it
 * cannot confirm, the compiled size limit, set operations that may leave a class empty); its
 * `'1.13'` dialect (the proxy's) may differ from the table only where the crate's CHANGELOG
 * says the grammar changed since 1.7.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { rustRegex } from '../src/targets/gateway/profiles/rust-regex.js'

interface Row {
  pattern: string
  ok: boolean
  error: string
}

const rows: Row[] = readFileSync(new URL('../testdata/rust-regex/table.tsv', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => {
    const [pattern, verdict, error] = l.split('\t')
    return { pattern: pattern!, ok: verdict === 'ok', error: error ?? '' }
  })

/** What changed after regex 1.7 (CHANGELOG 1.8.0, 1.10.0): escapes of any ASCII punctuation, `\<`, `\>`, `\b{…}`, `(?<n>`, the R flag, empty classes. */
function changedSince17(p: string): boolean {
  return /\\[^.+*?()|[\]{}^$#&\-~\\\w\s]|\\b\{|\(\?<[^=!]|\(\?[imsUux-]*R|&&|--|~~/.test(p)
}

test('the table is the one the README describes: the review patterns and some hundreds more, both verdicts', () => {
  assert.ok(rows.length >= 900, `${rows.length} rows`)
  assert.ok(rows.filter((r) => r.ok).length > 300 && rows.filter((r) => !r.ok).length > 300)
  const review = readFileSync(new URL('../testdata/rust-regex/patterns.txt', import.meta.url), 'utf8')
    .split('\n')
    .slice(0, 26)
  for (const p of review)
    assert.ok(
      rows.some((r) => r.pattern === p),
      p,
    )
})

test("regex 1.7's grammar: the reader agrees with the crate on every pattern it judges", () => {
  const wrong: string[] = []
  const unjudged: string[] = []
  for (const r of rows) {
    const v = rustRegex(r.pattern, '1.7')
    if (!v.ok && !v.sure) unjudged.push(`${r.pattern} (${v.why}; crate: ${r.ok ? 'ok' : r.error})`)
    else if (v.ok !== r.ok) wrong.push(`${r.pattern}: crate ${r.ok ? 'ok' : r.error}, reader ${v.ok ? 'ok' : v.why}`)
  }
  assert.equal(wrong, [])
  assert.ok(unjudged.length <= 10, unjudged.join('\n'))
})

test("regex 1.13's grammar (the proxy's): it differs from 1.7.1 only where the crate's grammar changed", () => {
  const wrong: string[] = []
  let changed = 0
  for (const r of rows) {
    const v = rustRegex(r.pattern, '1.13')
    if (!v.ok && !v.sure) continue
    if (v.ok === r.ok) continue
    if (changedSince17(r.pattern)) changed++
    else wrong.push(`${r.pattern}: crate 1.7.1 ${r.ok ? 'ok' : r.error}, reader ${v.ok ? 'ok' : v.why}`)
  }
  assert.equal(wrong, [])
  assert.ok(changed > 0)
})

test('what regex 1.13 documents that 1.7 refused is read as 1.13 reads it', () => {
  // docs.rs/regex 1.13.1 "Syntax": escapes of ASCII punctuation, \< \>, \b{start}, (?<name>), empty classes, the R flag.
  for (const p of ['^/api\\/v1$', '\\<x\\>', '\\b{start}x\\b{end-half}', '(?<id>\\d+)', '[a&&b]', '(?R)a', '(?<é>x)'])
    assert.ok(rustRegex(p, '1.13').ok, p)
  for (const p of ['x{,5}', '(?<n>x)(?<n>y)', '\\b{middle}x', '\\é', '[\\<]']) assert.not.ok(rustRegex(p, '1.13').ok, p)
})

test('a property name Rust reads loosely past what this reader proves is left unjudged, never taken as known or unknown', () => {
  // \p{Lé}: Rust drops the non-ASCII bytes (it is \p{L}); \p{Cs}: JavaScript knows it, regex 1.7.1 refuses it.
  for (const p of ['/api/\\p{Lé}+', '\\p{Cs}', '\\p{Surrogate}', '\\p{gc=Cs}', '\\p{General_Category=Surrogate}', '[\\p{Cs}a]', '\\P{Cs}'])
    for (const dialect of ['1.7', '1.13'] as const) {
      const r = rustRegex(p, dialect)
      assert.is(r.ok, false, `${dialect}: ${p}`)
      assert.is(!r.ok && r.sure, false, `${dialect}: ${p}`)
    }
})

test('every one of the review patterns the crate refused is refused, or left unjudged, in both grammars', () => {
  const review = readFileSync(new URL('../testdata/rust-regex/patterns.txt', import.meta.url), 'utf8')
    .split('\n')
    .slice(0, 26)
  for (const p of review) {
    const row = rows.find((r) => r.pattern === p)!
    if (row.ok || changedSince17(p)) continue
    for (const dialect of ['1.7', '1.13'] as const) assert.not.ok(rustRegex(p, dialect).ok, `${dialect}: ${p}`)
  }
})

test.run()
