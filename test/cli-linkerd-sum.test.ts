/**
 * What Linkerd adds up of v1alpha2+ integers it reads as whole units (429496: × 10000 in 32
 * bits), through the built CLI: v1alpha1 weights whose integers add up past it are divided by
 * their greatest common divisor, else left for a person (the webhook, whose v1alpha1 view is
 * milli-quantities, writes its own integers within 429496729); v1alpha2+ integer weights that
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

const split = (version: string, weights: string[], name = 'canary') =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  service: web\n  backends:\n` +
  weights.map((w, i) => `  - service: b${i}\n    weight: ${w}\n`).join('')

const weightsIn = (text: string) => text.split('---\n').map((d) => [...d.matchAll(/weight: (\S+)/g)].map((m) => Number(m[1])))

test('file mode: v1alpha1 weights Linkerd would sum as whole units past 429496 are divided by their greatest common divisor, else left for a person; the webhook writes its own integers', () => {
  const dir = tempDir('linkerd-sum-v1')
  try {
    // The quantities as JSON strings: one spelling that YAML and the webhook's JSON read alike.
    // What file mode writes (null: left as v1alpha1, a pending warning), worked out by hand:
    // v1alpha2 integers Linkerd reads as whole units, × 10000 in 32 bits, so they add up to at most 429496.
    const cases: Array<[string[], number[] | null]> = [
      [['2147484', '1n'], null],
      [['1e999', '1'], null],
      [['2147483648', '1'], null],
      [['3G', '1m'], null],
      [['1n', '1E', '0'], null],
      [['1E', '3E', '1'], null],
      [['500000', '1n'], null],
      [['2G', '2'], null],
      [['3000000', '500m'], null],
      [['429.497', '1m'], null],
      [
        ['400000000', '200000000'],
        [2, 1],
      ],
      [
        ['1000', '500m'],
        [2000, 1],
      ],
      [
        ['1', '500m'],
        [1000, 500],
      ],
      [
        ['429.495', '1m'],
        [429495, 1],
      ],
      [
        ['90', '10'],
        [90, 10],
      ],
    ]
    const text = cases
      .map(([ws], i) =>
        split(
          'v1alpha1',
          ws.map((w) => JSON.stringify(w)),
          `s${i}`,
        ),
      )
      .join('---\n')
    writeFileSync(join(dir, 'split.yaml'), text)
    const r = cli(['--write', '--to', 'v1alpha2', 'split.yaml'], { cwd: dir })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.not.match(r.stdout + r.stderr, /error/)
    const docs = readFileSync(join(dir, 'split.yaml'), 'utf8').split('---\n')
    const before = text.split('---\n')
    cases.forEach(([ws, want], i) => {
      if (want === null) {
        assert.is(docs[i], before[i], `${ws.join(', ')}: left as it was`)
        assert.match(r.stdout, new RegExp(`warning: TrafficSplit s${i}: .*past 429496 even divided.*smi-migrate webhook`))
      } else assert.equal(weightsIn(docs[i]!)[0], want, ws.join(', '))
    })
    // The webhook serves Linkerd a v1alpha1 view of milli-quantities, so its integers may add up to 429496729.
    assert.equal(upIntegers(['1000', '500m']).ints, [1000000, 500])
    assert.equal(upIntegers(['2147484', '1n']).ints, [429496726, 1])
    assert.equal(upIntegers(['400000000', '200000000']).ints, [2, 1])
    assert.match(r.stdout, /weights "1000", "500m" -> 2000, 1 \(divided by their greatest common divisor to add up to at most 429496,/)
    // Written once: a second run has only the left objects to say.
    const again = cli(['--write', 'split.yaml'], { cwd: dir })
    assert.is(again.status, 1, again.stdout + again.stderr)
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), docs.join('---\n'))
    assert.not.match(again.stdout, /convert TrafficSplit|converted TrafficSplit/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('v1alpha2+ integer weights past 429496: --check fails at the object, --diff applies with git apply, --write changes only the weights or leaves them for a person, a second run is a no-op', () => {
  const dir = tempDir('linkerd-sum-v2')
  try {
    git(dir, 'init', '-q')
    const text =
      split('v1alpha2', ['300000000 # main', '200000000'], 'exact') +
      '---\n' +
      split('v1alpha3', ['500000000', '1'], 'bounded') +
      '---\n' +
      split('v1alpha2', ['429496728', '1'], 'at-the-bound') +
      '---\n' +
      split('v1alpha2', ['429495', '1'], 'unit-bound')
    writeFileSync(join(dir, 'split.yaml'), text)
    git(dir, 'add', '.')
    const check = cli(['--check', 'split.yaml'], { cwd: dir })
    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(
      check.stdout,
      /^split\.yaml:1:1: would repair TrafficSplit exact: v1alpha2 weights 300000000, 200000000 -> 3, 2 \(divided by their greatest common divisor to add up to at most 429496, what Linkerd adds up without wrapping, which reads v1alpha2 integers as whole units without a conversion webhook\)$/m,
    )
    assert.match(
      check.stdout,
      /^split\.yaml:21:13: warning: TrafficSplit bounded: backend 1 weight "500000000" makes .* past 429496 even divided/m,
    )
    assert.match(check.stdout, /^split\.yaml:33:13: warning: TrafficSplit at-the-bound: backend 1 weight "429496728" makes .* past 429496/m)
    assert.not.match(check.stdout, /unit-bound/)
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
    assert.is(write.status, 1, write.stdout + write.stderr)
    const after = readFileSync(join(dir, 'split.yaml'), 'utf8')
    assert.equal(weightsIn(after), [
      [3, 2],
      [500000000, 1],
      [429496728, 1],
      [429495, 1],
    ])
    // Only the weight bytes changed: the rest, the comment after a weight included, is as it was.
    const rest = (s: string) => s.replace(/weight: \d+/g, 'weight: N')
    assert.is(rest(after), rest(text))
    assert.match(after, /weight: 3 # main\n/)
    const again = cli(['--write', 'split.yaml'], { cwd: dir })
    assert.is(again.status, 1, again.stdout + again.stderr)
    assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), after)
    assert.match(cli(['--check', 'split.yaml'], { cwd: dir }).stdout, /nothing to convert automatically.*2 left for a person/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('v1alpha2 weights that render from chart values adding up past 429496: a pending warning, nothing written', () => {
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
      /^templates\/split\.yaml:9:13: warning: .*\.Values\.a, \.Values\.b with values\.yaml render integers that add up to 500000000, past 429496,/m,
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
    // A values file beside the chart that `-f` gives over values.yaml: its sum is the one Helm renders.
    writeFileSync(join(dir, 'values.yaml'), 'a: "3"\nb: "2"\n')
    writeFileSync(join(dir, 'values-prod.yaml'), 'a: "429495"\n')
    const prod = cli(['--check', '.'], { cwd: dir })
    assert.is(prod.status, 1, prod.stdout + prod.stderr)
    assert.match(
      prod.stdout,
      /\.Values\.a, \.Values\.b with values-prod\.yaml \(over values\.yaml\) render integers that add up to 429497, past 429496,/,
    )
    writeFileSync(join(dir, 'values-prod.yaml'), 'a: "429494"\n')
    assert.is(cli(['--check', '.'], { cwd: dir }).status, 0)
    // Two override files, each within the bound alone, that may be given together.
    writeFileSync(join(dir, 'values-canary.yaml'), 'b: "3"\n')
    const both = cli(['--check', '.'], { cwd: dir })
    assert.is(both.status, 1, both.stdout + both.stderr)
    assert.match(both.stdout, /given together may render integers that add up to 429497, past 429496/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("a v1alpha2 template's literal weights count in the sum its values render", () => {
  const dir = tempDir('linkerd-sum-literal')
  try {
    git(dir, 'init', '-q')
    mkdirSync(join(dir, 'templates'))
    writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: c\nversion: 0.1.0\n')
    writeFileSync(join(dir, 'values.yaml'), 'a: 200000\nb: 129497\n')
    writeFileSync(join(dir, 'templates/split.yaml'), split('v1alpha2', ['{{ .Values.a }}', '{{ .Values.b }}', '100000']))
    const past = cli(['--check', '.'], { cwd: dir })
    assert.is(past.status, 1, past.stdout + past.stderr)
    assert.match(past.stdout, /\.Values\.a, \.Values\.b, 100000 with values\.yaml render integers that add up to 429497, past 429496,/)
    // One less: within the bound.
    writeFileSync(join(dir, 'values.yaml'), 'a: 200000\nb: 129496\n')
    const within = cli(['--check', '.'], { cwd: dir })
    assert.is(within.status, 0, within.stdout + within.stderr)
    // The same literal with an override file that raises b.
    writeFileSync(join(dir, 'values-prod.yaml'), 'b: 129497\n')
    const prod = cli(['--check', '.'], { cwd: dir })
    assert.is(prod.status, 1, prod.stdout + prod.stderr)
    assert.match(prod.stdout, /with values-prod\.yaml \(over values\.yaml\) render integers that add up to 429497/)
    // A literal is read as kubectl reads it: 1e5, 0x186A0 and 100_000 are 100000 (YAML 1.1); 500m is no integer.
    rmSync(join(dir, 'values-prod.yaml'))
    writeFileSync(join(dir, 'values.yaml'), 'a: 200000\nb: 129497\n')
    for (const literal of ['1e5', '0x186A0', '100_000', '100000.0', '+100000']) {
      writeFileSync(join(dir, 'templates/split.yaml'), split('v1alpha2', ['{{ .Values.a }}', '{{ .Values.b }}', literal]))
      const r = cli(['--check', '.'], { cwd: dir })
      assert.is(r.status, 1, literal + r.stdout + r.stderr)
      assert.match(r.stdout, /render integers that add up to 429497, past 429496/, literal)
    }
    writeFileSync(join(dir, 'templates/split.yaml'), split('v1alpha2', ['{{ .Values.a }}', '{{ .Values.b }}', '500m']))
    const odd = cli(['--check', '.'], { cwd: dir })
    assert.is(odd.status, 1, odd.stdout + odd.stderr)
    assert.match(odd.stdout, /its literal weight 500m is no integer: convert it by hand/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
