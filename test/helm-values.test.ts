/**
 * Values-driven chart weights (docs/helm.md#values-driven-weights) through the built CLI: the
 * example chart testdata/charts/canary (weights `1`, `250m`, octal `010` through `| int`, a
 * quoted `"500m"`, a value with `| default`, a literal `750m`) converts in one --write, with
 * --check and --diff naming both files; the chart rendered before and after by Go's
 * text/template and sprig, its values read with yaml.v2 as Helm reads them
 * (test/helpers/render.go), gives the same ratios; every refusal leaves both files as they
 * were, with the reason at the action's path:line:col.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderer } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const CHART = resolve('testdata/charts/canary')
const TEMPLATE = 'canary/templates/trafficsplit.yaml'

function chartFiles(dir = CHART, prefix = 'canary'): Record<string, Buffer> {
  const out: Record<string, Buffer> = {}
  for (const f of [
    'Chart.yaml',
    'values.yaml',
    'templates/_helpers.tpl',
    'templates/NOTES.txt',
    'templates/deployment.yaml',
    'templates/trafficsplit.yaml',
  ])
    out[`${prefix}/${f}`] = readFileSync(join(dir, f))
  return out
}

const read = (dir: string, f: string) => readFileSync(join(dir, f), 'utf8')
const actions = (s: string) => s.match(/\{\{.*?\}\}/g)

// Written by hand from the weight rule: 1, 250m, 8 (010), 500m, 5, 750m take the factor 10^3.
const VALUES_AFTER = `# Weights as v1alpha1 read them; templates/trafficsplit.yaml renders each one.
replicaCount: 2

canary:
  enabled: true
  stable: 1000
  weight: 250
  # Octal to Helm's YAML 1.1 reader: 8.
  mirror: 8000
  shadow: "500"
  sticky: 5000 # the template has a default for it
`

test('--check and --diff name the template and values.yaml; the patch applies; --write converts both; a second run has nothing to say', () => {
  const repo = tempRepo('smi-values-', chartFiles())
  const check = cli(['--check', 'canary'], { cwd: repo })
  assert.is(check.status, 1, check.stdout + check.stderr)
  assert.match(
    check.stdout,
    /canary\/templates\/trafficsplit\.yaml:2:1: would convert TrafficSplit .*: v1alpha1 -> v1alpha2, weights 1, 250m, 8, 500m, 5, 750m -> 1000, 250, 8000, 500, 5000, 750/,
  )
  for (const line of [
    'canary/values.yaml:6:11: would convert canary.stable 1 -> 1000',
    'canary/values.yaml:7:11: would convert canary.weight 250m -> 250',
    'canary/values.yaml:9:11: would convert canary.mirror 010 -> 8000',
    'canary/values.yaml:10:11: would convert canary.shadow "500m" -> "500"',
    'canary/values.yaml:11:11: would convert canary.sticky 5 -> 5000',
  ])
    assert.ok(check.stdout.includes(line), `${line}\n${check.stdout}`)
  assert.match(check.stdout, /1 TrafficSplit in 2 files would be converted/)

  const diff = cli(['--diff', 'canary'], { cwd: repo })
  assert.is(diff.status, 1, diff.stderr)
  assert.match(diff.stdout, /^--- a\/canary\/templates\/trafficsplit\.yaml$/m)
  assert.match(diff.stdout, /^--- a\/canary\/values\.yaml$/m)
  const applied = tempRepo('smi-values-apply-', chartFiles())
  const apply = spawnSync('git', ['apply', '-'], { cwd: applied, input: diff.stdout, encoding: 'utf8' })
  assert.is(apply.status, 0, apply.stderr)

  const write = cli(['--write', 'canary'], { cwd: repo })
  assert.is(write.status, 0, write.stdout + write.stderr)
  assert.is(read(repo, 'canary/values.yaml'), VALUES_AFTER)
  const before = read(CHART, 'templates/trafficsplit.yaml')
  const after = read(repo, TEMPLATE)
  assert.equal(actions(after), actions(before), 'every action stays byte for byte')
  assert.is(after, before.replace('split.smi-spec.io/v1alpha1', 'split.smi-spec.io/v1alpha2').replace('weight: 750m', 'weight: 750'))
  for (const f of ['canary/templates/_helpers.tpl', 'canary/templates/NOTES.txt', 'canary/templates/deployment.yaml', 'canary/Chart.yaml'])
    assert.is(read(repo, f), read(CHART, f.slice('canary/'.length)), f)
  for (const f of ['canary/values.yaml', TEMPLATE]) assert.is(read(applied, f), read(repo, f), `git apply gives what --write writes: ${f}`)

  const again = cli(['--check', 'canary'], { cwd: repo })
  assert.is(again.status, 0, again.stdout)
  assert.match(again.stdout, /nothing to convert/)
  assert.not.match(again.stdout, /warning/)
  rmSync(repo, { recursive: true, force: true })
  rmSync(applied, { recursive: true, force: true })
})

test('the template alone on the command line converts its values.yaml too (same repository)', () => {
  const repo = tempRepo('smi-values-one-', chartFiles())
  const r = cli(['--write', TEMPLATE], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.is(read(repo, 'canary/values.yaml'), VALUES_AFTER)
  rmSync(repo, { recursive: true, force: true })
})

/** The chart with `change` applied to some of its files, in a fresh repository. */
function variant(change: Record<string, (s: string) => string>, extra: Record<string, string> = {}): string {
  const files: Record<string, string | Buffer> = { ...chartFiles(), ...extra }
  for (const [f, fn] of Object.entries(change)) files[f] = fn(files[f]!.toString())
  return tempRepo('smi-values-refuse-', files)
}

/** Runs --write and checks that nothing changed and the warning at `at` says `why`. */
function refused(repo: string, at: string, why: RegExp): void {
  const r = cli(['--write', 'canary'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  const line = r.stdout.split('\n').find((l) => l.startsWith(`${at}: warning:`))
  assert.ok(line, `a warning at ${at}:\n${r.stdout}`)
  assert.match(line!, why)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
}

test('a value read elsewhere in the chart (a helper, NOTES.txt, a whole parent passed on) is refused, naming the other use', () => {
  refused(
    variant({ 'canary/templates/NOTES.txt': (s) => `${s}The canary takes {{ .Values.canary.weight }}.\n` }),
    `${TEMPLATE}:12:13`,
    /backend 2 weight is templated \(\{\{ \.Values\.canary\.weight \}\}\); left unchanged \(\.Values\.canary\.weight is read elsewhere too: canary\/templates\/NOTES\.txt:2:21\)/,
  )
  refused(
    variant({ 'canary/templates/_helpers.tpl': (s) => `${s}{{- define "canary.weights" -}}\n{{ toYaml .Values.canary }}\n{{- end }}\n` }),
    `${TEMPLATE}:10:13`,
    /read elsewhere too: canary\/templates\/_helpers\.tpl:5:11/,
  )
  refused(
    variant({ 'canary/templates/deployment.yaml': (s) => `${s}# {{ toYaml $.Values }}\n` }),
    `${TEMPLATE}:14:13`,
    /deployment\.yaml:18:14/,
  )
})

test('one value read by two splits of one template (two factors possible) is refused at each', () => {
  const second =
    '---\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: other\nspec:\n  service: api\n  backends:\n  - service: api-a\n    weight: {{ .Values.canary.weight }}\n  - service: api-b\n    weight: 1\n'
  refused(
    variant({ [TEMPLATE]: (s) => s + second }),
    `${TEMPLATE}:12:13`,
    /left unchanged \(\.Values\.canary\.weight is read by 2 weights, which could take different factors\)/,
  )
})

test('a values-*.yaml beside the chart that sets the value is named, and nothing is written', () => {
  refused(
    variant({}, { 'canary/values-prod.yaml': 'canary:\n  weight: 100m\n' }),
    `${TEMPLATE}:12:13`,
    /left unchanged \(canary\/values-prod\.yaml:2:11 sets \.Values\.canary\.weight too\)/,
  )
})

test('| default with the value absent from values.yaml is left for a person; the template is not changed', () => {
  refused(
    variant({ 'canary/values.yaml': (s) => s.replace(/ {2}sticky: .*\n/, '') }),
    `${TEMPLATE}:18:13`,
    /\.Values\.canary\.sticky is not in values\.yaml, so the template renders its default 1, which lives in the template/,
  )
  refused(variant({ 'canary/values.yaml': (s) => s.replace(/sticky: 5/, 'sticky: 0') }), `${TEMPLATE}:18:13`, /empty to Helm \(0\)/)
})

test('quoted weights are refused with the reason; weights that would render 4e+06 are divided by their greatest common divisor, else left for a person', () => {
  refused(
    variant({ [TEMPLATE]: (s) => s.replace('{{ .Values.canary.weight }}', '{{ .Values.canary.weight | quote }}') }),
    `${TEMPLATE}:12:13`,
    /the template quotes the weight, and a v1alpha2 weight is an integer/,
  )
  // Weights finer than 1m are read as 1m (as Linkerd applied them), so the factor is at most 1000: 4000 becomes 4000000,
  // past what Linkerd sums of whole units (429496), so divided by their greatest common divisor (250): 16000, never 4e+06.
  const divided = variant({ 'canary/values.yaml': (s) => s.replace('stable: 1\n', 'stable: 4000\n') })
  const r = cli(['--write', 'canary'], { cwd: divided })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(r.stdout, /converted canary\.stable 4000 -> 16000 /)
  assert.not.match(read(divided, 'canary/values.yaml'), /e\+/)
  rmSync(divided, { recursive: true, force: true })
  refused(
    // 4000.001 and 250m: no common divisor brings 4000001 within 429496, so the split is left for a person.
    variant({ 'canary/values.yaml': (s) => s.replace('stable: 1\n', 'stable: 4000.001\n') }),
    `${TEMPLATE}:10:13`,
    /past 429496 even divided by their greatest common divisor/,
  )
})

test('whitespace control that joins the weight to its key or to the next line is refused; one that trims only the last line break converts', () => {
  refused(
    variant({ [TEMPLATE]: (s) => s.replace('{{ .Values.canary.weight }}', '{{- .Values.canary.weight }}') }),
    `${TEMPLATE}:12:13`,
    /\{\{- trims the space after "weight:" away/,
  )
  refused(
    variant({ [TEMPLATE]: (s) => s.replace('{{ .Values.canary.weight }}', '{{ .Values.canary.weight -}}') }),
    `${TEMPLATE}:12:13`,
    /-\}\} joins the next line to the weight/,
  )
  // `-}}` at the end of the file trims only its last line break.
  const last = (s: string) =>
    s
      .replace('{{- if .Values.canary.enabled }}\n', '')
      .replace('  - service: web-literal\n    weight: 750m\n{{- end }}\n', '')
      .replace('default 1 }}', 'default 1 -}}')
  const repo = variant({ [TEMPLATE]: last })
  const r = cli(['--write', 'canary'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(read(repo, 'canary/values.yaml'), /weight: 250\n[\s\S]*sticky: 5000 /)
  assert.match(read(repo, TEMPLATE), /v1alpha2[\s\S]*\{\{ \.Values\.canary\.sticky \| default 1 -\}\}\n$/)
  rmSync(repo, { recursive: true, force: true })
})

test('a read-only values.yaml holds the template back too (written together or not at all)', () => {
  const repo = tempRepo('smi-values-ro-', chartFiles())
  chmodSync(join(repo, 'canary/values.yaml'), 0o444)
  const r = cli(['--write', 'canary'], { cwd: repo })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /trafficsplit\.yaml:10:13: warning: .*left unchanged \(canary\/values\.yaml cannot be written \(file is read-only; not written\)\)/,
  )
  assert.is(git(repo, 'status', '--porcelain'), '')
  rmSync(repo, { recursive: true, force: true })
})

test('values.yaml beyond the write boundary (only templates/ given, no repository): refused, nothing written', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-values-boundary-'))
  cpSync(CHART, join(dir, 'canary'), { recursive: true })
  const r = cli(['--write', 'canary/templates'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /trafficsplit\.yaml:10:13: warning: .*canary\/values\.yaml is outside the paths being processed/)
  assert.is(read(dir, 'canary/values.yaml'), read(CHART, 'values.yaml'))
  assert.is(read(dir, TEMPLATE), read(CHART, 'templates/trafficsplit.yaml'))
  rmSync(dir, { recursive: true, force: true })
})

test('the hint renders values as Helm does: a quoted "010" renders 010, which Kubernetes reads as 8', () => {
  const repo = variant({
    'canary/values.yaml': (s) => s.replace('mirror: 010', 'mirror: "010"'),
    'canary/templates/NOTES.txt': (s) => `${s}{{ .Values.canary.mirror }}\n`,
    [TEMPLATE]: (s) => s.replace('{{ .Values.canary.mirror | int }}', '{{ .Values.canary.mirror }}'),
  })
  const r = cli(['--check', 'canary'], { cwd: repo })
  assert.is(r.status, 1)
  assert.match(
    r.stdout,
    /trafficsplit\.yaml:14:13: warning: .*\(canary\/values\.yaml:9:11 holds "010"; the template renders 010, read as 8 \(YAML 1\.1 integer\) by Kubernetes\)/,
  )
  rmSync(repo, { recursive: true, force: true })
})

/** A weight as Kubernetes gets it (a JSON number or a quantity string), as an exact count of nano-units. */
function nanos(w: unknown): bigint {
  const text = typeof w === 'number' ? String(w) : String(w)
  const m = /^(\d+)(?:\.(\d+))?(m)?$/.exec(text)
  if (!m) throw new Error(`unexpected weight ${JSON.stringify(w)}`)
  const frac = (m[2] ?? '').padEnd(9, '0')
  const whole = BigInt(m[1]!) * 10n ** 9n + BigInt(frac.slice(0, 9))
  return m[3] ? whole / 1000n : whole
}

/** render.go on the chart (what `go run` of it does, with the program built once and its packages cached). */
function render(dir: string): Array<{ name: string; apiVersion: string; weights: unknown[] }> {
  const r = spawnSync(renderer(), [join(dir, 'canary')], { encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  return JSON.parse(r.stdout)
}

testWith('go')('the chart rendered with text/template and sprig before and after --write has the same weight ratios, in integers', () => {
  const repo = tempRepo('smi-values-render-', chartFiles())
  const before = render(repo)
  assert.is(before.length, 1)
  assert.equal(before[0]!.weights, [1, '250m', 8, '500m', 5, '750m'], 'Helm renders 010 as 8')
  assert.is(cli(['--write', 'canary'], { cwd: repo }).status, 0)
  const after = render(repo)
  assert.is(after[0]!.name, before[0]!.name)
  assert.is(after[0]!.apiVersion, 'split.smi-spec.io/v1alpha2')
  assert.ok(
    after[0]!.weights.every((w) => Number.isInteger(w)),
    JSON.stringify(after),
  )
  const a = before[0]!.weights.map(nanos)
  const b = after[0]!.weights.map(nanos)
  assert.ok(
    a.every((x, i) => a.every((y, j) => x * b[j]! === y * b[i]!)),
    `${a} vs ${b}`,
  )
  rmSync(repo, { recursive: true, force: true })
})

test.run()
