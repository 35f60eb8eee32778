/**
 * The kind registry: the pre-filter's names (kinds/names.ts, kept apart so the pre-filter
 * loads no kind module) are the registered kinds', and every kind's steps chain its versions.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { GROUP_PREFIXES, KIND_NAMES } from '../src/kinds/names.js'
import { KINDS } from '../src/kinds/registry.js'

test('the pre-filter names every registered kind, and nothing else', () => {
  assert.equal([...KIND_NAMES], KINDS.map((k) => k.kind))
  assert.equal([...GROUP_PREFIXES].sort(), [...new Set(KINDS.map((k) => `${k.group}/`))].sort())
})

test('each kind has one step per hop between neighbouring versions, oldest first', () => {
  for (const k of KINDS) {
    assert.equal(k.steps.map((s) => [s.from, s.to]), k.versions.slice(1).map((v, i) => [k.versions[i], v]), k.kind)
  }
})

test.run()
