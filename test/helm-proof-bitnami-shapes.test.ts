/**
 * The values proof (docs/helm.md#values-driven-weights) and two shapes of the Bitnami `common`
 * library: a helper context with a key named `"values"` beside the root (`dict "values" (list
 * .Values.podLabels) "context" .`: a function named in a string, or applied to other operands
 * only, is no function of the root), and `$dst = … | merge $dst` on a `$dst := dict` (merge
 * returns its first argument, so `$dst` stays a new dict). Both convert, and the Go renderer
 * (test/helpers/render.go) renders the same; `toYaml` of the root in the same helper context
 * still stops the proof.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { splitTemplate } from './helpers/chart-templates.js'

const MERGE =
  '{{- define "web.merge" -}}\n{{- $dst := dict -}}\n{{- range .values -}}\n{{- $dst = toYaml . | fromYaml | merge $dst -}}\n{{- end -}}\n{{ $dst | toYaml }}\n{{- end -}}\n'
const VALS = '{{- define "web.vals" -}}\n{{ .values | toYaml }}\n{{- end -}}\n'
const cm = (name: string, labels: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  labels: {{- ${labels} | nindent 4 }}\n`

const CASES: Array<[string, Record<string, string>, boolean]> = [
  [
    'a dict key named "values" beside the root',
    { 'web/templates/c.yaml': cm('c', 'include "web.vals" (dict "values" .Values.podLabels "context" $)') },
    false,
  ],
  [
    'Bitnami tplvalues.merge: $dst = … | merge $dst, given (list .Values.podLabels)',
    { 'web/templates/d.yaml': cm('d', 'include "web.merge" (dict "values" (list .Values.podLabels .Values.commonLabels) "context" .)') },
    false,
  ],
  [
    'still stops: toYaml of the root in the same context',
    { 'web/templates/e.yaml': cm('e', 'include "web.vals" (dict "values" (toYaml $) "context" $)') },
    true,
  ],
]

for (const [name, files, stops] of CASES) {
  testWith('go')(`Bitnami common shapes: ${name}`, () => {
    const repo = tempRepo('smi-proof-bitnami-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\npodLabels: {a: b}\ncommonLabels: {team: x}\n',
      'web/templates/split.yaml': splitTemplate(),
      'web/templates/_helpers.tpl': MERGE + VALS,
      ...files,
    })
    const requests = [{ chart: join(repo, 'web'), values: [] }]
    const [before] = renderBatch(requests)
    assert.ok(before && 'objects' in before, JSON.stringify(before))
    const r = cli(['--write', 'web'], { cwd: repo })
    if (stops) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, /web\/templates\/e\.yaml:5:\d+ \(a function of the root context \(\$\)\)/)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    const [after] = renderBatch(requests)
    assert.is(sameRender(before, after!), undefined)
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
