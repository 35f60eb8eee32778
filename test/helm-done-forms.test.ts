/**
 * Prove or leave (docs/helm.md#values-driven-weights): a TrafficSplit template already at
 * v1alpha2 whose weight is an action the values path does not read exactly (`$.Values`, parens,
 * `required`, `printf`, pipes, `include`, `with`, a range over backends, a literal string) is a
 * pending warning naming the action, as the same shapes are at v1alpha1. Judged through the
 * built CLI by the Go renderer (test/helpers/render.go): each chart renders a split with a weight
 * that is no integer; `--check` and `--write` exit 1, name the action, and write nothing.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { rmSync } from 'node:fs'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const HEAD = 'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n'
const pair = (weight: string) => `  - service: web-stable\n    weight: 1\n  - service: web-canary\n    weight: ${weight}\n`
const VALUES = 'canary:\n  weight: 250m\nbackends:\n- name: web-stable\n  weight: 1\n- name: web-canary\n  weight: 500m\n'
const HELPER = '{{- define "web.w" -}}{{ .Values.canary.weight }}{{- end -}}\n'

/** The backends part of the template, and the action the warning names (its text as shown). */
const FORMS: Record<string, [string, string]> = {
  '$.Values': [pair('{{ $.Values.canary.weight }}'), '{{ $.Values.canary.weight }}'],
  parens: [pair('{{ (.Values.canary.weight) }}'), '{{ (.Values.canary.weight) }}'],
  required: [pair('{{ required "w" .Values.canary.weight }}'), '{{ required "w" .Values.canary.weight }}'],
  printf: [pair('{{ printf "%v" .Values.canary.weight }}'), '{{ printf "%v" .Values.canary.weight }}'],
  'a pipe to toString': [pair('{{ .Values.canary.weight | toString }}'), '{{ .Values.canary.weight | toString }}'],
  include: [pair('{{ include "web.w" . }}'), '{{ include "web.w" . }}'],
  with: [pair('{{ with .Values.canary }}{{ .weight }}{{ end }}'), '{{ with .Values.canary }}'],
  '.Values inside with': [pair('{{ with .Values.canary }}{{ $.Values.canary.weight }}{{ end }}'), '{{ with .Values.canary }}'],
  'a literal string': [pair('{{ "250m" }}'), '{{ "250m" }}'],
  'a space action before the value': [pair('{{- " " }}{{ .Values.canary.weight }}'), '{{- " " }}'],
  'range over backends': [
    '  {{- range .Values.backends }}\n  - service: {{ .name }}\n    weight: {{ .weight }}\n  {{- end }}\n',
    '{{ .weight }}',
  ],
  'range with a variable': [
    '  {{- range $b := .Values.backends }}\n  - service: {{ $b.name }}\n    weight: {{ $b.weight }}\n  {{- end }}\n',
    '{{ $b.weight }}',
  ],
}

function integerWeights(r: Render): boolean {
  if (!('objects' in r)) return false
  const splits = r.objects.filter((o) => o.object.kind === 'TrafficSplit')
  return splits.every((o) => (o.object.spec as { backends: Array<{ weight: unknown }> }).backends.every((b) => Number.isInteger(b.weight)))
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

for (const [name, [backends, action]] of Object.entries(FORMS)) {
  testWith('go')(`v1alpha2, weight ${name}: a pending warning naming the action, nothing written`, () => {
    const repo = tempRepo('smi-done-forms-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': VALUES,
      'web/templates/_helpers.tpl': HELPER,
      'web/templates/split.yaml': HEAD + backends,
    })
    const [before] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    // The judge: Helm renders a weight that is no integer, which v1alpha2 refuses.
    assert.ok('objects' in before! && !integerWeights(before), JSON.stringify(before))
    const warned = new RegExp(
      `web/templates/split\\.yaml:\\d+:\\d+: warning: TrafficSplit web: backend \\d weight is templated \\(${escape(action)}\\)`,
    )
    for (const mode of ['--check', '--write']) {
      const r = cli([mode, 'web'], { cwd: repo })
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, warned)
    }
    assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
