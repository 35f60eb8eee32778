/**
 * The values proof (docs/helm.md#values-driven-weights) and `tpl` given the root context: a text
 * the proof reads (a values reference, `toYaml` of one, `.Files.Get` of a literal path) passes
 * the root on as a context, but a computed text (`print` of pieces, `replace`, `b64dec`) may
 * spell any path, to read it or to `set` it: the run stops at the split's weights naming the
 * `tpl`, writes nothing, and the rendered objects stay the same; `--check` on a v1alpha2 chart
 * stops too. Through the built CLI, with the Go renderer (test/helpers/render.go) as judge.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { CONFIGMAP_TEMPLATE, splitTemplate } from './helpers/chart-templates.js'

const cm = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: r}\ndata:\n  w: ${data}\n`
const SET = '{{ $_ := set .Val" "ues.canary \\"weight\\" \\"100m\\" }}'
// base64 of `{{ .Values.canary.weight }}`
const B64 = 'e3sgLlZhbHVlcy5jYW5hcnkud2VpZ2h0IH19'

/** Each case: the chart's extra files (values appended to values.yaml), and whether the run must stop. */
const CASES: Record<string, { files: Record<string, string>; values?: string; stops: boolean; changes?: boolean; stop?: RegExp }> = {
  'pieces printed in the template (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl (print "{{ .Val" "ues.can" "ary.weight }}") . | quote }}') },
    stops: true,
  },
  'two values printed together (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl (print .Values.a .Values.b) . | quote }}') },
    values: 'a: "{{ .Values.can"\nb: "ary.weight }}"\n',
    stops: true,
  },
  'a values text with replace (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl (.Values.t | replace "WEIGHT" "weight") . | quote }}') },
    values: 't: "{{ .Values.canary.WEIGHT }}"\n',
    stops: true,
  },
  'b64dec of a values string (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl (b64dec .Values.enc) . | quote }}') },
    values: `enc: ${B64}\n`,
    stops: true,
  },
  'b64dec of a literal (a read)': {
    files: { 'web/templates/r.yaml': cm(`{{ tpl ("${B64}" | b64dec) . | quote }}`) },
    stops: true,
  },
  "a helper's tpl .value, where a caller gives value a computed text (a read)": {
    files: {
      'web/templates/_h.tpl': '{{- define "web.render" -}}{{ tpl .value .context }}{{- end -}}\n',
      'web/templates/r.yaml': cm('{{ include "web.render" (dict "value" (print "{{ .Val" "ues.canary.weight }}") "context" $) | quote }}'),
    },
    stops: true,
  },
  "a helper's tpl .value, where a caller sets value to a computed text on a dict (a read)": {
    files: {
      'web/templates/_h.tpl': '{{- define "h" -}}{{ tpl .value .context }}{{- end -}}\n',
      'web/templates/r.yaml': cm(
        '{{ $d := dict "context" $ }}{{ $_ := set $d "value" (print "{{ .Values.can" "ary.weight }}") }}{{ include "h" $d | quote }}',
      ),
    },
    stops: true,
  },
  "a helper's tpl .value, where a caller sets value to a computed set on a dict": {
    files: {
      'web/templates/_h.tpl': '{{- define "h" -}}{{ tpl .value .context }}{{- end -}}\n',
      'web/templates/a.yaml': cm(
        `{{ $d := dict "context" $ }}{{ $t := print "${SET}" }}{{ $_ := set $d "value" $t }}"{{ include "h" $d }}"`,
      ),
    },
    stops: true,
    changes: true,
    stop: /web\/templates\/_h\.tpl:\d+:\d+ \(tpl of a computed text \(\.value\)/,
  },
  'tpl . inside a with over a computed text (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ with print "{{ .Val" "ues.canary.weight }}" }}{{ tpl . $ | quote }}{{ end }}') },
    stops: true,
  },
  'a set printed from pieces': {
    files: { 'web/templates/a.yaml': cm(`"{{ tpl (print "${SET}") . }}"`) },
    stops: true,
    changes: true,
  },
  'converts: tpl of toYaml of a values block, of a values string with default, of each of a values list, and a helper given a values string':
    {
      files: {
        'web/templates/r.yaml':
          'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: r\n  annotations:\n    {{- tpl (toYaml .Values.podAnnotations) . | nindent 4 }}\ndata:\n  n: {{ tpl (.Values.note | default "") . | quote }}\n',
        'web/templates/x.yaml': '{{- range .Values.extraObjects }}\n---\n{{ tpl (toYaml .) $ }}\n{{- end }}\n',
        'web/templates/_h.tpl': '{{- define "web.render" -}}{{ tpl .value .context }}{{- end -}}\n',
        'web/templates/h.yaml': cm('{{ include "web.render" (dict "value" .Values.note "context" $) | quote }}').replace(
          'name: r',
          'name: h',
        ),
      },
      values:
        'podAnnotations:\n  a: "{{ .Release.Name }}"\nnote: "{{ .Chart.Name }}"\nextraObjects:\n  - {apiVersion: v1, kind: ConfigMap, metadata: {name: "{{ .Release.Name }}-x"}}\n',
      stops: false,
    },
  'converts: tpl of a range variable over values, of toYaml of a variable bound to values, of index of values by a literal key': {
    files: {
      'web/templates/r.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: r\ndata:\n  {{- range $k, $v := .Values.env }}\n  {{ $k }}: {{ tpl $v $ | quote }}\n  {{- end }}\n  {{- $ann := .Values.podAnnotations }}\n  x: {{ tpl (toYaml $ann) . | quote }}\n  y: {{ tpl (index .Values.m "key") . | quote }}\n',
    },
    values: 'env:\n  A: "{{ .Release.Name }}"\n  B: x\npodAnnotations:\n  a: "{{ .Release.Name }}"\nm:\n  key: "{{ .Chart.Name }}"\n',
    stops: false,
  },
  'a range variable over a values text that reads the weight (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ range $k, $v := .Values.env }}{{ tpl $v $ }}{{ end }}') },
    values: 'env:\n  A: "{{ .Values.canary.weight }}"\n',
    stops: true,
    stop: /web\/values\.yaml:\d+:\d+/,
  },
  'a values text that spells the path through a YAML escape (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl .Values.t . | quote }}') },
    values: 't: "{{ .Values.can\\x61ry.weight }}"\n',
    stops: true,
    stop: /web\/values\.yaml:\d+:\d+ \(a text with YAML escapes that decodes to a read of \.Values, template text/,
  },
  'a values text that spells the path through an escaped line break (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl .Values.t . | quote }}') },
    values: 't: "{{ .Values.can\\\n  ary.weight }}"\n',
    stops: true,
    stop: /web\/values\.yaml:\d+:\d+ \(a text with YAML escapes/,
  },
  'a !!binary values text (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl .Values.t . | quote }}') },
    values: `t: !!binary ${B64}\n`,
    stops: true,
    stop: /web\/values\.yaml:\d+:\d+ \(a !!binary text that decodes to a read of \.Values, template text/,
  },
  'a !!binary text in a file that may be given with -f (a read)': {
    files: { 'web/templates/r.yaml': cm('{{ tpl .Values.t . | quote }}'), 'web/values-prod.yaml': `t: !!binary ${B64}\n` },
    values: 't: 250m\n',
    stops: true,
    stop: /web\/values-prod\.yaml:1:13 \(a !!binary text that decodes to a read of \.Values/,
  },
  'a values text that sets the weight through a YAML escape': {
    files: { 'web/templates/a.yaml': cm('{{ tpl .Values.t . | quote }}') },
    values: 't: "{{ $_ := set .Values.can\\x61ry \\"weight\\" \\"100m\\" }}"\n',
    stops: true,
    changes: true,
    stop: /web\/values\.yaml:\d+:\d+ \(a text with YAML escapes/,
  },
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(`tpl given the root context: ${name}`, () => {
    const files: Record<string, string> = {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': `canary:\n  stable: 3\n  weight: 250m\nreplicas: 2\n${c.values ?? ''}`,
      'web/templates/split.yaml': splitTemplate(),
      'web/templates/cm.yaml': CONFIGMAP_TEMPLATE,
      ...c.files,
    }
    const repo = tempRepo('smi-proof-tpl-', files)
    const renders = [{ chart: join(repo, 'web'), values: [] }]
    const [before] = renderBatch(renders)
    assert.ok(before && 'objects' in before, JSON.stringify(before))
    if (c.stops && !c.changes) {
      // The judge: the tpl renders the weight.
      const r = before.objects.find((o) => o.object.metadata && (o.object.metadata as { name?: string }).name === 'r')
      assert.equal((r?.object.data as { w?: unknown } | undefined)?.w, '250m')
    }
    const r = cli(['--write', '.'], { cwd: repo })
    if (c.stops) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.stop ?? /web\/templates\/(?:r\.yaml|a\.yaml|_h\.tpl):\d+:\d+ \(tpl of a computed text/)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    const [after] = renderBatch(renders)
    assert.is(sameRender(before, after!), undefined)
    if (c.changes) {
      // v1alpha2 with integers in values.yaml: the gate sees the set, which renders a quantity.
      const v2 = tempRepo('smi-proof-tpl-gate-', {
        ...files,
        'web/values.yaml': `canary:\n  stable: 3\n  weight: 1\nreplicas: 2\n${c.values ?? ''}`,
        'web/templates/split.yaml': splitTemplate('v1alpha2'),
      })
      const g = cli(['--check', 'web'], { cwd: v2 })
      assert.is(g.status, 1, g.stdout + g.stderr)
      assert.match(
        g.stdout,
        c.stop ?? /web\/templates\/a\.yaml:\d+:\d+ \(tpl of a computed text .*which may change \.Values while the chart renders\)/,
      )
      rmSync(v2, { recursive: true, force: true })
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
