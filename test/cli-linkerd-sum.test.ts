/**
 * What Linkerd adds up (429496729: milli-units × 10 in 32 bits), through the built CLI:
 * v1alpha1 weights too large for int32 even divided are written in proportion within it, the
 * integers the webhook's conversion writes for the same weights; v1alpha2+ integer weights that
 * add up past it are repaired by the same rule (unless `--mesh` names another mesh), and weights
 * that render from chart values are left for a person.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { spawnSync } from 'node:child_process'
import { cli, git, tempDir } from './helpers/cli.js'
import { upIntegers } from '../src/kinds/trafficsplit/objects.js'

const SUM = 429496729

const split = (version: string, weights: string[], name = 'canary') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  service: web\n  backends:\n` +
  weights.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')

const weightsIn = (text: string) => text.split('---\n').map((d) => [...d.matchAll(/weight: (\S+)/g)].map((m) => Number(m[1])))

test('file mode writes the integers the webhook writes for the same v1alpha1 weights, past int32 too; never a refusal, never wrapped', () => {
  const dir = tempDir('linkerd-sum-v1')
  try {
    // The quantities as JSON strings: one spelling that YAML and the webhook's JSON read alike.
    const cases = [
      ['2147484', '1n'],
      ['1e999', '1'],
      ['2147483648', '1'],
      ['3G', '1m'],
      ['1n', '1E', '0'],
      ['1E', '3E', '1'],
      ['500000', '1n'],
      ['2G', '2'],
      ['400000000', '200000000'],
      ['3000000', '500m'],
      ['90', '10'],
    ]
    writeFileSync(
      join(dir, 'split.yaml'),
      cases
        .map((ws, i) =>
          split(
            'v1alpha1',
            ws.map((w) => JSON.stringify(w)),
            `s${i}`,
          ),
        )
        .join('---\n'),
    )
    const r = cli(['--write', '--to', 'v1alpha2', 'split.yaml'], { cwd: dir })
    assert.is(r.status, 0, r.stdout + r.stderr)
    assert.not.match(r.stdout + r.stderr, /error/)
    const written = weightsIn(readFileSync(join(dir, 'split.yaml'), 'utf8'))
    cases.forEach((ws, i) => {
      assert.equal(written[i], upIntegers(ws).ints, `${ws.join(', ')}: the webhook's integers`)
      assert.ok(written[i]!.reduce((a, b) => a + b, 0) <= SUM, `${ws.join(', ')}: within what Linkerd adds up`)
      ws.forEach((w, j) => assert.is(written[i]![j]! > 0, !/^0$/.test(w), `${ws.join(', ')}: backend ${j + 1} keeps its traffic`))
    })
    assert.match(r.stdout, /weights "2147484", "1n" -> 429496726, 1 \(.*add up past 429496729.*written in proportion within it/)
    // Written once: a second run has nothing to do.
    const again = cli(['--check', 'split.yaml'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('v1alpha2+ integer weights past 429496729: --check fails at the object, --diff applies with git apply, --write changes only the weights, a second run is a no-op', () => {
  const dir = tempDir('linkerd-sum-v2')
  try {
    git(dir, 'init', '-q')
    const text =
      split('v1alpha2', ['300000000 # main', '200000000'], 'exact') +
      '---\n' +
      split('v1alpha3', ['500000000', '1'], 'bounded') +
      '---\n' +
      split('v1alpha2', ['429496728', '1'], 'at-the-bound')
    writeFileSync(join(dir, 'split.yaml'), text)
    git(dir, 'add', '.')
    const check = cli(['--check', 'split.yaml'], { cwd: dir })
    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(
      check.stdout,
      /^split\.yaml:1:1: would repair TrafficSplit exact: v1alpha2 weights 300000000, 200000000 -> 3, 2 \(divided by their greatest common divisor to add up to at most 429496729, what Linkerd adds up without wrapping\)$/m,
    )
    assert.match(
      check.stdout,
      /^split\.yaml:13:1: would repair TrafficSplit bounded: v1alpha3 weights 500000000, 1 -> 429496726, 1 \(.*written in proportion within it/m,
    )
    assert.not.match(check.stdout, /at-the-bound/)
    // Another mesh does not add the weights up in 32 bits: nothing to say.
    const osm = cli(['--check', '--mesh', 'osm', 'split.yaml'], { cwd: dir })
    assert.is(osm.status, 0, osm.stdout + osm.stderr)
    assert.match(osm.stdout, /nothing to convert/)
    const diff = cli(['--diff', 'split.yaml'], { cwd: dir })
    assert.is(diff.status, 1, diff.stderr)
    const patch = join(dir, '..', `${dir.split('/').pop()}.patch`)
    writeFileSync(patch, diff.stdout)
    const apply = spawnSync('git', ['apply', '--check', patch], { cwd: dir, encoding: 'utf8' })
    rmSync(patch)
    assert.is(apply.status, 0, apply.stderr)
    const write = cli(['--write', 'split.yaml'], { cwd: dir })
    assert.is(write.status, 0, write.stdout + write.stderr)
    const after = readFileSync(join(dir, 'split.yaml'), 'utf8')
    assert.equal(weightsIn(after), [
      [3, 2],
      [429496726, 1],
      [429496728, 1],
    ])
    // Only the weight bytes changed: the rest, the comment after a weight included, is as it was.
    const rest = (s: string) => s.replace(/weight: \d+/g, 'weight: N')
    assert.is(rest(after), rest(text))
    assert.match(after, /weight: 3 # main\n/)
    const again = cli(['--write', 'split.yaml'], { cwd: dir })
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), after)
    assert.match(cli(['--check', 'split.yaml'], { cwd: dir }).stdout, /nothing to convert/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('v1alpha2 weights that render from chart values adding up past 429496729: a pending warning, nothing written', () => {
  const dir = tempDir('linkerd-sum-chart')
  try {
    git(dir, 'init', '-q')
    mkdirSync(join(dir, 'templates'))
    writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: c\nversion: 0.1.0\n')
    writeFileSync(join(dir, 'values.yaml'), 'a: "300000000"\nb: "200000000"\n')
    const template = split('v1alpha2', ['{{ .Values.a }}', '{{ .Values.b }}'])
    writeFileSync(join(dir, 'templates/split.yaml'), template)
    const values = readFileSync(join(dir, 'values.yaml'), 'utf8')
    const write = cli(['--write', '.'], { cwd: dir })
    assert.is(write.status, 1, write.stdout + write.stderr)
    assert.match(
      write.stdout,
      /^templates\/split\.yaml:9:13: warning: .*\.Values\.a, \.Values\.b in values\.yaml render integers that add up to 500000000, past 429496729/m,
    )
    assert.is(readFileSync(join(dir, 'templates/split.yaml'), 'utf8'), template)
    assert.is(readFileSync(join(dir, 'values.yaml'), 'utf8'), values)
    // Values within the bound: nothing to say.
    writeFileSync(join(dir, 'values.yaml'), 'a: "3"\nb: "2"\n')
    const fine = cli(['--check', '.'], { cwd: dir })
    assert.is(fine.status, 0, fine.stdout + fine.stderr)
    // Another mesh: nothing to say either.
    writeFileSync(join(dir, 'values.yaml'), values)
    assert.is(cli(['--check', '--mesh', 'osm', '.'], { cwd: dir }).status, 0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
