/**
 * A template that changes `.Values` through something that aliases it (yaml/readers.ts
 * valueMutations): `set` on a variable bound to a block of values, on `index .Values …`, inside
 * a `range`, through a `dict` holding the root or `.Values`, `mergeOverwrite` onto a variable
 * holding `.Values`, `unset`. The Go renderer (test/helpers/render.go) is the judge that the
 * action changes the weight rendered; the v1alpha2 gate then stops (exit 1, naming the action),
 * and file mode writes nothing. Mutations of a new dict, a deep copy, a key off the path, or a
 * block off the path change nothing and pass.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const split = (version: string) =>
  `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n` +
  '  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'

function chart(action: string, version: string, weight: string): string {
  return tempRepo('smi-mutation-aliases-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': `canary:\n  stable: 3\n  weight: ${weight}\nother:\n  weight: 1\nlist: [1]\n`,
    // Helm renders templates in name order: `a-` before the split.
    'web/templates/a-mutate.yaml': `${action}\n`,
    'web/templates/split.yaml': split(version),
  })
}

function renderedWeights(dir: string): unknown[] {
  const [r] = renderBatch([{ chart: dir, values: [] }])
  assert.ok(r && 'objects' in r, JSON.stringify(r))
  const s = r.objects.find((o) => o.object.kind === 'TrafficSplit')!.object as { spec: { backends: Array<{ weight: unknown }> } }
  return s.spec.backends.map((b) => b.weight)
}

const CHANGES: Array<[string, string]> = [
  ['set through a variable', '{{- $c := .Values.canary }}{{- $_ := set $c "weight" "1.5" }}'],
  ['set through index .Values', '{{- $_ := set (index .Values "canary") "weight" "1.5" }}'],
  ['set inside range', '{{- range $i, $x := .Values.list }}{{ $_ := set (index $.Values "canary") "weight" "1.5" }}{{ end }}'],
  [
    'set on a range variable over .Values',
    '{{- range $k, $v := .Values }}{{ if eq $k "canary" }}{{ $_ := set $v "weight" "1.5" }}{{ end }}{{ end }}',
  ],
  ['set through a dict holding .Values', '{{- $d := dict "v" .Values }}{{- $_ := set $d.v.canary "weight" "1.5" }}'],
  ['set through a dict holding the root', '{{- $d := dict "r" $ }}{{- $_ := set $d.r.Values.canary "weight" "1.5" }}'],
  ['set on a field of a new dict holding the root', '{{- $_ := set (dict "r" $).r.Values.canary "weight" "1.5" }}'],
  [
    'mergeOverwrite onto a variable holding .Values',
    '{{- $v := .Values }}{{- $_ := mergeOverwrite $v (dict "canary" (dict "weight" "1.5")) }}',
  ],
  [
    'set on .Values reached by a computed key',
    '{{- $_ := set (index $ (cat "Val" "ues" | nospace)) "canary" (dict "stable" 3 "weight" "1.5") }}',
  ],
]

for (const [name, action] of CHANGES) {
  testWith('go')(`v1alpha2 gate, ${name}: the weight renders 1.5, --check exits 1 naming the action`, () => {
    const repo = chart(action, 'v1alpha2', '1')
    assert.ok(
      renderedWeights(join(repo, 'web')).some((w) => !Number.isInteger(w)),
      'the judge: the action changes the weight',
    )
    const r = cli(['--check', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      /web\/templates\/a-mutate\.yaml:1:\d+ \((?:set|mergeOverwrite) .*which changes \.Values while the chart renders\)/,
    )
  })
  testWith('go')(`file mode, ${name}: nothing written, exit 1`, () => {
    const repo = chart(action, 'v1alpha1', '500m')
    const before = readFileSync(join(repo, 'web/values.yaml'), 'utf8')
    const r = cli(['--write', 'web'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(r.stdout, /split\.yaml:11:13: warning: .*web\/templates\/a-mutate\.yaml:1:\d+/)
    assert.is(readFileSync(join(repo, 'web/values.yaml'), 'utf8'), before)
  })
}

const HARMLESS: Array<[string, string]> = [
  ['set on a new dict', '{{- $d := dict "a" 1 }}{{- $_ := set $d "ctx" $ }}'],
  ['set on a deep copy of the block', '{{- $c := deepCopy .Values.canary }}{{- $_ := set $c "weight" "1.5" }}'],
  ['set of a key off the path', '{{- $_ := set $ "extra" "x" }}{{- $c := .Values.canary }}{{- $_ := set $c "note" 2 }}'],
  ['merge onto a block off the path', '{{- $_ := merge .Values.other (dict "weight" "1.5") }}'],
]

for (const [name, action] of HARMLESS) {
  testWith('go')(`v1alpha2 gate, ${name}: the weights render integers, --check exits 0`, () => {
    const repo = chart(action, 'v1alpha2', '1')
    assert.equal(renderedWeights(join(repo, 'web')), [3, 1])
    const r = cli(['--check', 'web'], { cwd: repo })
    assert.is(r.status, 0, r.stdout + r.stderr)
  })
}

test.run()
