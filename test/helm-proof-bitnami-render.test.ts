/**
 * The values proof (docs/helm.md#values-driven-weights) and Bitnami common 2.x's
 * `common.tplvalues.render`: `$value := typeIs "string" .value | ternary .value (.value | toYaml)`
 * is a text the proof reads (a choice between two it reads), `cat` of string literals that spell
 * no values path and `$value` is one too, and `merge (dict "RelativeScope" .scope) .context` is a
 * new dict passed on as the context; matchLabels' `merge (pick (include …) …)` passes the root on to
 * the include. A chart bundling the helper converts, called or not, and the
 * Go renderer (test/helpers/render.go) renders the same; a computed `.value` or a values text that
 * reads the weight, handed to the helper, still stops the proof (exit 1, nothing written).
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

const RENDER = `{{- define "common.tplvalues.render" -}}
{{- $value := typeIs "string" .value | ternary .value (.value | toYaml) }}
{{- if contains "{{" (toJson .value) }}
  {{- if .scope }}
      {{- tpl (cat "{{- with $.RelativeScope -}}" $value "{{- end }}") (merge (dict "RelativeScope" .scope) .context) }}
  {{- else }}
    {{- tpl $value .context }}
  {{- end }}
{{- else }}
    {{- $value }}
{{- end }}
{{- end -}}
`
const VALUES = 'canary:\n  stable: 1\n  weight: 500m\npodAnnotations:\n  a: "{{ .Release.Name }}"\npodLabels:\n  a: b\n'
// common.labels.matchLabels' shape: merge of a pick of an include's output, which passes the root on.
const MATCH = `{{- define "web.match" -}}
{{ merge (pick (include "common.tplvalues.render" (dict "value" .customLabels "context" .context) | fromYaml) "a") (dict "n" .context.Release.Name) | toYaml }}
{{- end -}}
`
const cm = (value: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: r\ndata:\n  x: {{ include "common.tplvalues.render" (dict "value" ${value} "context" $) | quote }}\n  y: {{ include "common.tplvalues.render" (dict "value" ${value} "context" $ "scope" .Values.podAnnotations) | quote }}\n`

const CASES: Array<[string, Record<string, string>, RegExp | undefined]> = [
  ['bundled, called by no template', {}, undefined],
  ['called with a values text', { 'web/templates/r.yaml': cm('.Values.podAnnotations') }, undefined],
  [
    'under matchLabels: merge (pick (include …) …) (dict …)',
    {
      'web/templates/_match.tpl': MATCH,
      'web/templates/m.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: m\n  labels: {{- include "web.match" (dict "customLabels" .Values.podLabels "context" $) | nindent 4 }}\n',
    },
    undefined,
  ],
  [
    'still stops: a computed .value',
    { 'web/templates/r.yaml': cm('(print "{{ .Val" "ues.canary.weight }}")') },
    /web\/templates\/_tplvalues\.tpl:5:7 \(tpl of a computed text/,
  ],
  [
    'still stops: a values text that reads the weight',
    { 'web/templates/r.yaml': cm('.Values.t'), 'web/values.yaml': `${VALUES}t: "{{ .Values.canary.weight }}"\n` },
    /web\/values\.yaml:\d+:\d+/,
  ],
]

for (const [name, files, stops] of CASES) {
  testWith('go')(`Bitnami common.tplvalues.render: ${name}`, () => {
    const repo = tempRepo('smi-proof-bitnami-render-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': VALUES,
      'web/templates/split.yaml': splitTemplate(),
      'web/templates/_tplvalues.tpl': RENDER,
      ...files,
    })
    const requests = [{ chart: join(repo, 'web'), values: [] }]
    const [before] = renderBatch(requests)
    assert.ok(before && 'objects' in before, JSON.stringify(before))
    const r = cli(['--write', 'web'], { cwd: repo })
    if (stops) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, stops)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /web\/values\.yaml/)
      const [after] = renderBatch(requests)
      assert.is(sameRender(before, after!), undefined)
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
