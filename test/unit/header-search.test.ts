/**
 * Header values of A/B splits (targets/gateway/matches.ts, `searchValue`): the meshes that
 * honoured them searched a value for the regex (Go's `regexp.MatchString`, NGINX's `~`), and
 * Gateway API implementations match the whole value. The written regex, matched whole, must
 * accept exactly the values the source regex found anywhere. Both sides run on RE2 (@bufbuild/re2,
 * the RE2 port the schema tests use): `test` is Go's MatchString, `matches` a whole-value match.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { RE2JS } from '@bufbuild/re2'
import { searchValue } from '../../src/targets/gateway/matches.js'

const PATTERNS = [
  'Firefox',
  '.*Firefox.*',
  'iPhone|Android',
  '.*Android.*',
  '^(.*?;)?(type=insider)(;.*)?$',
  '^beta$',
  'true',
  '2.1',
  'acme|globex',
  '^v[0-9]+',
  'ok$',
  '.*a|b.*',
  'x\\.*',
  'a\\$',
  '^a\\$',
]
const PIECES = [
  'Firefox',
  'Mozilla/5.0 ',
  'iPhone',
  'Android',
  'type=insider',
  ';',
  'beta',
  'true',
  'un',
  '2',
  '.',
  '1',
  'x',
  'v1',
  'ok',
  'a',
  'b',
  '$',
  'acme',
  'globex',
  ' ',
]

test('a searched regex and its whole-value form accept the same values (RE2 on both sides)', () => {
  fc.assert(
    fc.property(fc.constantFrom(...PATTERNS), fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }), (re, pieces) => {
      const value = pieces.join('')
      const searched = RE2JS.compile(re).test(value)
      const whole = RE2JS.compile(searchValue(re)).matches(value)
      assert.is(whole, searched, `${re} on ${JSON.stringify(value)}: written ${searchValue(re)}`)
    }),
    { numRuns: 5000, seed: 20 },
  )
})

test('values that already match the whole value are kept as written; literals are wrapped without a group', () => {
  assert.is(searchValue('.*Android.*'), '.*Android.*')
  assert.is(searchValue('^(.*?;)?(type=insider)(;.*)?$'), '^(.*?;)?(type=insider)(;.*)?$')
  assert.is(searchValue('Firefox'), '.*Firefox.*')
  assert.is(searchValue('iPhone|Android'), '.*(?:iPhone|Android).*')
  assert.is(searchValue('^a\\$'), '.*(?:^a\\$).*')
})

test.run()
