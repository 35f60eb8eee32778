/**
 * No pass for a split a define writes (docs/helm.md#values-driven-weights, issue 36): a
 * TrafficSplit already at v1alpha2 inside a `define` (a helper, a library chart, an include with a
 * dict context) or nested in values for `toYaml` (`extraObjects`) is done only when its weights are
 * literal integers; otherwise `--check` warns naming why (exit 1) and nothing is written. With
 * `--to gateway` no such split is done: Helm still renders a TrafficSplit. Judged through the built
 * CLI, and by the Go renderer (test/helpers/render.go) where it runs: each chart renders a weight
 * that is no integer.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const CHART = 'apiVersion: v2\nname: web\nversion: 0.1.0\n'
const SPLIT = (a: string, b: string, name = 'web') =>
  `apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  service: web\n` +
  `  backends:\n  - service: web-stable\n    weight: ${a}\n  - service: web-canary\n    weight: ${b}\n`
const VALUES = 'canary:\n  stable: 3\n  weight: 250m\nw: 500m\n'
const define = (name: string, body: string) => `{{- define "${name}" }}\n${body}{{- end }}\n`

/** Each chart, and the file and line the warning is at. */
const CHARTS: Record<string, [Record<string, string>, RegExp]> = {
  'a helper reading values': [
    {
      'web/templates/_helpers.tpl': define('web.split', SPLIT('{{ .Values.canary.stable }}', '{{ .Values.canary.weight }}')),
      'web/templates/split.yaml': '{{ include "web.split" . }}\n',
    },
    /web\/templates\/_helpers\.tpl:3:1: warning: TrafficSplit \(split\.smi-spec\.io\/v1alpha2\) in \{\{ define "web\.split" \}\}/,
  ],
  'a helper with a literal quantity': [
    {
      'web/templates/_helpers.tpl': define('web.split', SPLIT('3', '250m')),
      'web/templates/split.yaml': '{{ include "web.split" . }}\n',
    },
    /web\/templates\/_helpers\.tpl:3:1: warning: .*its weight "250m" is not a literal integer/,
  ],
  'a helper with a quoted integer (a string to the API)': [
    {
      'web/templates/_helpers.tpl': define('web.split', SPLIT('3', '"1"')),
      'web/templates/split.yaml': '{{ include "web.split" . }}\n',
    },
    /web\/templates\/_helpers\.tpl:3:1: warning: .*its weight "\\"1\\"" is not a literal integer/,
  ],
  'a library chart': [
    {
      'web/charts/lib/Chart.yaml': 'apiVersion: v2\nname: lib\nversion: 0.1.0\ntype: library\n',
      'web/charts/lib/templates/_split.tpl': define('lib.split', SPLIT('{{ .Values.canary.stable }}', '{{ .Values.canary.weight }}')),
      'web/templates/split.yaml': '{{ include "lib.split" . }}\n',
    },
    /web\/charts\/lib\/templates\/_split\.tpl:3:1: warning: TrafficSplit/,
  ],
  'an include with a dict context': [
    {
      'web/templates/_h.tpl': define('split', SPLIT('1', '{{ .w }}', '{{ .name }}')),
      'web/templates/split.yaml': '{{ include "split" (dict "name" "web" "w" .Values.w) }}\n',
    },
    /web\/templates\/_h\.tpl:3:1: warning: .*its weight "\{\{ \.w \}\}" is not a literal integer/,
  ],
  'extraObjects in values': [
    {
      'web/values.yaml': `extraObjects:\n${SPLIT('3', '250m')
        .replace(/^(?=.)/gm, '  ')
        .replace(/^ {2}/, '- ')}`,
      'web/templates/extra.yaml': '{{- range .Values.extraObjects }}\n---\n{{ toYaml . }}\n{{- end }}\n',
    },
    /web\/values\.yaml:3:3: warning: TrafficSplit web: nested at extraObjects\[0\].*its weight "250m" is not an integer/,
  ],
}

function integerWeights(r: Render): boolean {
  if (!('objects' in r)) return false
  const splits = r.objects.filter((o) => o.object.kind === 'TrafficSplit')
  return splits.every((o) => (o.object.spec as { backends: Array<{ weight: unknown }> }).backends.every((b) => Number.isInteger(b.weight)))
}

function chart(files: Record<string, string>): string {
  return tempRepo('smi-done-defines-', { 'web/Chart.yaml': CHART, 'web/values.yaml': VALUES, ...files })
}

for (const [name, [files, warned]] of Object.entries(CHARTS)) {
  test(`v1alpha2 split from ${name}: --check, --write and --to gateway exit 1, nothing written`, () => {
    const repo = chart(files)
    for (const args of [['--check'], ['--write'], ['--check', '--to', 'gateway', '--port', '80']]) {
      const r = cli([...args, 'web'], { cwd: repo })
      assert.is(r.status, 1, `${args.join(' ')}: ${r.stdout}${r.stderr}`)
      assert.match(r.stdout, /warning: TrafficSplit/)
      if (args.length === 1) assert.match(r.stdout, warned)
    }
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })

  testWith('go')(`v1alpha2 split from ${name}: Helm renders a weight that is no integer`, () => {
    const repo = chart(files)
    const [r] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    assert.ok('objects' in r! && r.objects.some((o) => o.object.kind === 'TrafficSplit') && !integerWeights(r), JSON.stringify(r))
    rmSync(repo, { recursive: true, force: true })
  })
}

test('a define whose split weights are literal integers is done; with --to gateway it is not', () => {
  const repo = chart({
    'web/templates/_helpers.tpl': define('web.split', SPLIT('3', '1')),
    'web/templates/split.yaml': '{{ include "web.split" . }}\n',
  })
  const done = cli(['--check', 'web'], { cwd: repo })
  assert.is(done.status, 0, done.stdout + done.stderr)
  const gateway = cli(['--check', '--to', 'gateway', '--port', '80', 'web'], { cwd: repo })
  assert.is(gateway.status, 1, gateway.stdout + gateway.stderr)
  assert.match(gateway.stdout, /_helpers\.tpl:3:1: warning: TrafficSplit .*in \{\{ define "web\.split" \}\}/)
  assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
  rmSync(repo, { recursive: true, force: true })
})

test('extraObjects holding a v1alpha2 split with integer weights is done; with --to gateway it is not', () => {
  const repo = chart({
    'web/values.yaml': `extraObjects:\n${SPLIT('3', '1')
      .replace(/^(?=.)/gm, '  ')
      .replace(/^ {2}/, '- ')}`,
    'web/templates/extra.yaml': '{{- range .Values.extraObjects }}\n---\n{{ toYaml . }}\n{{- end }}\n',
  })
  assert.is(cli(['--check', 'web'], { cwd: repo }).status, 0)
  const gateway = cli(['--check', '--to', 'gateway', '--port', '80', 'web'], { cwd: repo })
  assert.is(gateway.status, 1, gateway.stdout + gateway.stderr)
  assert.match(gateway.stdout, /web\/values\.yaml:3:3: warning: TrafficSplit web: nested at extraObjects\[0\]/)
  rmSync(repo, { recursive: true, force: true })
})

test.run()
