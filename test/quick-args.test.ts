/**
 * The quick command-line reader (src/cli/quick.ts) against commander (src/cli/options.ts):
 * whenever the quick reader answers, commander accepts the same command line and gives
 * the same options; and it does answer for the everyday command lines.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import fc from 'fast-check'
import { parseArgs } from '../src/cli/options.js'
import { quickParseArgs } from '../src/cli/quick.js'

const RUNS = Number(process.env.PROPERTY_RUNS ?? 500)
const silent = { out: () => {}, err: () => {} }

const token = fc.constantFrom('-', 'a.yaml', 'dir/', '--check', '--diff', '--write', '-q', '--quiet', '-v', '--verbose', '--strip-server-fields', '--no-color', '--color',
  '--to', 'v1alpha2', 'v1alpha4', 'v1alpha1', '--to=v1alpha3', '--to=', '--format', 'json', 'text', 'yaml', '--format=json',
  '--stdin-filename', 'name.yaml', '--stdin-filename=x.yaml', '--', '-h', '--help', '-V', '--version', '-qV', '--chec', '-x')
const env = fc.record({
  NO_COLOR: fc.constantFrom(undefined, '', '1'),
  TERM: fc.constantFrom(undefined, 'dumb', 'xterm'),
})

test(`the quick reader agrees with commander whenever it answers (${RUNS} runs)`, () => {
  let answered = 0
  fc.assert(fc.property(fc.array(token, { maxLength: 6 }), env, fc.boolean(), (argv, e, tty) => {
    const environment = Object.fromEntries(Object.entries(e).filter(([, v]) => v !== undefined)) as NodeJS.ProcessEnv
    const quick = quickParseArgs(argv, environment, () => tty)
    if (quick === undefined) return
    answered++
    assert.equal(parseArgs(argv, environment, tty, silent), quick, `argv ${JSON.stringify(argv)}`)
  }), { numRuns: RUNS })
  assert.ok(answered > RUNS / 20, `the quick reader answered only ${answered} times`)
})

test('the everyday command lines take the quick path', () => {
  for (const argv of [['-'], ['-q', '-'], ['--check', 'a.yaml'], ['a.yaml', 'b.yml'], ['--to', 'v1alpha4', '-'], ['--diff', '.'],
    ['--write', '--quiet', 'x.yaml'], ['--format', 'json', '--check', 'a.yaml'], ['--check', '-'], ['--stdin-filename', 'in.yaml', '-']]) {
    const quick = quickParseArgs(argv, {}, () => true)
    assert.ok(quick, `${JSON.stringify(argv)} should not need commander`)
    assert.equal(parseArgs(argv, {}, true, silent), quick)
  }
})

test.run()
