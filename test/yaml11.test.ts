/**
 * src/quantity/yaml11.ts's resolvePlain held to kubectl itself: every expectation here was
 * read from `kubectl annotate --local -f FILE x=y -o json`, which reads a manifest offline
 * exactly as kubectl reads it and prints each `weight:` as it understood it (a JSON string,
 * number, boolean or null). The differential test asks the real kubectl about a few thousand
 * short scalars made of the characters that decide a reading (skipped without kubectl, which
 * fails CI: test/helpers/tools.ts); the tables below keep the decisive cases when it is absent.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { resolvePlain } from '../src/quantity/yaml11.js'
import { testWith } from './helpers/tools.js'

const kubectlTest = testWith('kubectl')

/** What kubectl printed for `weight: <text>`: a JSON token, or `error` when it could not write the value. */
const OBSERVED: Array<[string, string]> = [
  // Point-led scalars: an underscore must stand between two digits.
  ['.5_0', '0.5'],
  ['.5__0', '".5__0"'],
  ['.5_', '".5_"'],
  ['._5', '"._5"'],
  ['.5e1_0', '5000000000'],
  ['.5e+1_0', '5000000000'],
  ['.5_e1', '".5_e1"'],
  ['.5e_1', '".5e_1"'],
  // Other scalars: underscores are dropped wherever they stand.
  ['1_', '1'],
  ['+_1', '1'],
  ['0x_1', '1'],
  ['0b_1', '1'],
  // Integer prefixes, octal, and what is left to the float notation.
  ['010', '8'],
  ['08', '8'],
  ['09.5', '9.5'],
  ['5.', '5'],
  ['0', '0'],
  ['-0', '0'],
  ['0o', '"0o"'],
  ['0x', '"0x"'],
  ['0x1p3', '"0x1p3"'],
  ['1e400', '"1e400"'],
  // `0b` then a signed binary integer; only lowercase, only unsigned before the `0b`.
  ['0b+1', '1'],
  ['0b-1', '-1'],
  ['0B+1', '"0B+1"'],
  ['+0b+1', '"+0b+1"'],
  ['2001-12-14', '"2001-12-14"'],
  ['yes', 'true'],
  ['Off', 'false'],
  ['~', 'null'],
  ['.nan', 'error'],
  ['-.Inf', 'error'],
]

/** The JSON token kubectl prints for what resolvePlain says; numbers compare as float64 beyond int64. */
function agrees(text: string, token: string): boolean {
  const r = resolvePlain(text)
  switch (r.kind) {
    case 'null':
      return token === 'null'
    case 'bool':
      return token === 'true' || token === 'false'
    case 'special':
      return token === 'error'
    case 'string':
      return token === JSON.stringify(text)
    case 'int':
      // kubectl keeps an int64 exact and prints a larger uint64 as a float64.
      return r.value >= -(1n << 63n) && r.value < 1n << 63n ? token === r.value.toString() : Number(token) === Number(r.value)
    case 'float':
      return /^-?\d/.test(token) && Number(token) === r.value
  }
}

test('resolvePlain reads the observed scalars as kubectl did', () => {
  for (const [text, token] of OBSERVED)
    assert.ok(
      agrees(text, token),
      `${text}: kubectl printed ${token}, resolvePlain gave ${JSON.stringify(resolvePlain(text), (_k, v) => (typeof v === 'bigint' ? `${v}` : v))}`,
    )
})

/** kubectl's reading of each `weight: <text>` in one TrafficSplit; `error` for all when it fails. */
function kubectlReads(dir: string, texts: readonly string[]): string[] {
  const file = join(dir, 'split.yaml')
  const backends = texts.map((t) => `  - weight: ${t}\n`).join('')
  writeFileSync(file, `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: s\nspec:\n  backends:\n${backends}`)
  const r = spawnSync('kubectl', ['annotate', '--local', '-f', file, 'x=y', '-o', 'json'], { encoding: 'utf8', maxBuffer: 1 << 28 })
  if (r.status !== 0) return texts.map(() => 'error')
  return [...r.stdout.matchAll(/"weight": (.*?),?$/gm)].map((m) => m[1]!)
}

/** Every string of 1 to `length` characters from `alphabet`. */
function strings(alphabet: string, length: number): string[] {
  const all: string[] = []
  let last = ['']
  for (let n = 1; n <= length; n++) {
    last = last.flatMap((p) => [...alphabet].map((c) => p + c))
    all.push(...last)
  }
  return all
}

const EDGES = [
  '',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775808',
  '-9223372036854775809',
  '18446744073709551615',
  '18446744073709551616',
  '+18446744073709551615',
  '0x7fffffffffffffff',
  '0xffffffffffffffff',
  '0x10000000000000000',
  '-0x8000000000000000',
  '-0x8000000000000001',
  '01777777777777777777777',
  '02000000000000000000000',
  '0' + '7'.repeat(30),
  '0o' + '7'.repeat(22),
  '0b' + '1'.repeat(64),
  '0b1' + '0'.repeat(64),
  '0b+' + '1'.repeat(63),
  '0b-' + '1'.repeat(64),
  '0x' + '0'.repeat(100) + '1',
  '1' + '0'.repeat(308),
  '1' + '0'.repeat(309),
  '.1e309',
  '.1e-400',
  '1_e_3',
  '.0_0e0_0',
  '.1_2_3',
  '0X1',
  '0O7',
  '0B1',
  '1.5_0',
  '1._5',
  '0x1g',
  '9a',
  'inf',
  'nan',
  '1:30',
  '500m',
]

kubectlTest('resolvePlain agrees with kubectl on every short scalar of digits, signs, points, underscores, e, x, o, b', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-yaml11-'))
  try {
    // `-` alone would open a sequence, not write a scalar.
    const texts = [...strings('018_.+-eExob', 4), ...strings('01_.+eb', 5), ...strings('yYnNtTfFoO~lL', 2), ...EDGES].filter(
      (t) => t !== '-',
    )
    // kubectl cannot write an infinity or NaN as JSON and then fails the whole file: those go one by one.
    const finite = texts.filter((t) => resolvePlain(t).kind !== 'special')
    const special = texts.filter((t) => resolvePlain(t).kind === 'special')
    const tokens = kubectlReads(dir, finite)
    assert.is(tokens.length, finite.length, 'one weight printed for each backend')
    const disagree = finite.flatMap((t, i) => (agrees(t, tokens[i]!) ? [] : [`${JSON.stringify(t)} → ${tokens[i]}`]))
    for (const t of [...special, '.inf', '+.INF', '.NaN']) if (!agrees(t, kubectlReads(dir, [t])[0]!)) disagree.push(t)
    assert.equal(disagree.slice(0, 20), [], `${disagree.length} of ${texts.length} scalars`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
