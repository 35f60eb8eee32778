/**
 * The v1alpha2 gate for values-driven weights (docs/helm.md#values-driven-weights) and templates
 * that change `.Values` while the chart renders: a `set .Values.canary "weight" …` in a template
 * Helm renders makes the weight render what no values file holds, so a split whose values.yaml
 * holds integers is not proved to render integers: a pending warning naming the action, exit 1.
 * Judged through the built CLI by the Go renderer (test/helpers/render.go).
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n' +
  '  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'

/** The weights the renderer gives the split of `chart`. */
function renderedWeights(chart: string): unknown[] {
  const [r] = renderBatch([{ chart, values: [] }])
  assert.ok(r && 'objects' in r, JSON.stringify(r))
  const split = r.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
  return split.spec.backends.map((b) => b.weight)
}

for (const [name, action, changes] of [
  ['set on the value', '{{- $_ := set .Values.canary "weight" "250m" }}', true],
  [
    'set on the block above it, in a helper',
    '{{- define "web.pct" }}{{- $_ := set .Values "canary" (dict "stable" 3 "weight" "0.5") }}{{- end }}{{ include "web.pct" . }}',
    true,
  ],
  ['merge into the root context', '{{- $_ := mergeOverwrite $ (dict "Values" (dict "canary" (dict "weight" "1.5"))) }}', true],
  ['set on a dict of its own', '{{- $d := dict "a" 1 }}{{- $_ := set $d "ctx" $ }}', false],
] as const) {
  testWith('go')(`a template that ${name}: ${changes ? 'the gate stops, exit 1' : 'nothing to say, exit 0'}`, () => {
    const repo = tempRepo('smi-gate-mutations-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': 'canary:\n  stable: 3\n  weight: 1\n',
      // Helm renders templates in name order: `a-` before the split.
      'web/templates/a-mutate.yaml': `${action}\n`,
      'web/templates/split.yaml': SPLIT,
    })
    const weights = renderedWeights(join(repo, 'web'))
    // The judge: the action changes what the split renders, or not.
    assert.is(
      weights.every((w) => Number.isInteger(w)),
      !changes,
      JSON.stringify(weights),
    )
    const r = cli(['--check', 'web'], { cwd: repo })
    if (!changes) return assert.is(r.status, 0, r.stdout + r.stderr)
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /web\/templates\/a-mutate\.yaml:1:\d+ \((?:set|mergeOverwrite) .*which changes \.Values while the chart renders\) may change \.Values\.canary\./,
    )
  })
}

test.run()
