/**
 * The pure halves of the values proof: who reads a value in a chart's text (yaml/readers.ts),
 * whether a values file sets it (yaml/values.ts valueSetting, anchorReused), and whether
 * values.schema.json accepts a new value (files/helm/values-schema.ts). The common chart idioms that
 * read nothing of the value must stay silent, or every real chart would be left for a person.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rootNames, valueReaders } from '../src/yaml/readers.js'
import { anchorReused, valueSetting } from '../src/yaml/values.js'
import { schemaRefusal } from '../src/files/helm/values-schema.js'

const PATH = ['canary', 'weight']
const read = (text: string, roots: string[] = [text]) => valueReaders(text, PATH, true, rootNames(roots)).map((r) => r.what)

test('every spelling of the path, or of a block above it, whatever context it starts from', () => {
  assert.equal(read('{{ .Values.canary.weight }}'), ['.Values.canary.weight'])
  assert.equal(read('{{ $.Values.canary }}'), ['.Values.canary'])
  assert.equal(
    read('{{- $root := . }}{{ $root.Values.canary.weight }}').filter((w) => w.startsWith('.Values')),
    ['.Values.canary.weight'],
  )
  assert.equal(read('{{ .ctx.Values.canary.weight }}'), ['.Values.canary.weight'])
  assert.equal(read('{{ toYaml .Values | indent 2 }}'), ['.Values'])
  assert.equal(read('{{ (.Values).canary.weight }}'), ['.Values'])
  assert.equal(read('{{ .Values.canary.weight.more }}'), ['.Values.canary.weight.more'])
  assert.equal(read('{{ .Values.canaryx.weight }}{{ .Values.canary.stable }}{{ .Values.other }}'), [])
})

test('Values by name, .Subcharts, and the root context handed whole to a function', () => {
  assert.equal(read('{{ index . "Values" "canary" }}'), ['"Values" by name'])
  assert.equal(read('{{ len .Subcharts }}'), ["a subchart's values"])
  assert.equal(read('{{ toYaml . }}'), ['a function of the root context (.)'])
  assert.equal(read('{{ toJson $ }}'), ['a function of the root context ($)'])
  assert.equal(read('{{ . }}'), ['printing the root context (.)'])
  assert.equal(read('{{- $r := . }}{{ toYaml $r }}'), ['a function of the root context ($r)'])
  assert.equal(read('{{ toYaml .ctx }}', ['{{ include "x" (dict "ctx" .) }}']), ['a function of the root context (.ctx)'])
  // Inside a define, `.` may be the root.
  assert.equal(read('{{- define "x" }}{{ toYaml . }}{{- end }}'), ['a function of the root context (.)'])
})

test('a range over the root context, or over a function of it, reads every value: the root, $, a root variable or dict key, values/keys of it', () => {
  assert.equal(read('{{- range $k, $v := . }}{{ $k }}{{- end }}'), ['a range over the root context (.)'])
  assert.equal(read('{{- range $k, $v := $ }}{{ $k }}{{- end }}'), ['a range over the root context ($)'])
  assert.equal(read('{{- range (values .) }}{{ .weight }}{{- end }}'), ['a range over a function of the root context (.)'])
  assert.equal(read('{{- range keys $ }}{{ . }}{{- end }}'), ['a range over a function of the root context ($)'])
  assert.equal(read('{{- $r := . }}{{- range $r }}x{{- end }}'), ['a range over the root context ($r)'])
  assert.equal(read('{{- $r := . }}{{- range (values $r) }}{{ . }}{{- end }}'), ['a range over a function of the root context ($r)'])
  // A helper given the root in a dict: `.ctx`, and a variable bound to it (in any file of the chart).
  const caller = ['{{ include "web.h" (dict "ctx" $) | quote }}']
  const h6 = '{{- define "web.h" -}}{{- range $k, $v := .ctx -}}{{ $v }}{{- end -}}{{- end -}}'
  assert.equal(read(h6, [h6, ...caller]), ['a range over the root context (.ctx)'])
  const h8 = '{{- define "web.h" -}}{{- $m := .ctx -}}{{- range (values $m) -}}{{ . }}{{- end -}}{{- end -}}'
  assert.equal(read(h8, [h8, ...caller]), ['a range over a function of the root context ($m)'])
  // A chain of variables: $a := . in one file, $b := $a in another.
  assert.equal(read('{{- range $b }}x{{- end }}', ['{{- $a := . }}', '{{- $b := $a }}']), ['a range over the root context ($b)'])
  // with: a function of the root reads it; rebinding `.` to it does not (what is read inside counts).
  assert.equal(read('{{- with (toYaml .) }}{{ . }}{{- end }}'), ['a function of the root context (.)'])
  assert.equal(read('{{- with . }}{{ .Release.Name }}{{- end }}'), [])
  assert.equal(read('{{- if .Values.x }}{{- else with (values $) }}{{ . }}{{- end }}'), ['a function of the root context ($)'])
  // Inside a range over other values, `.` is not the root: ranging over it reads nothing of the root.
  assert.equal(read('{{- range .Values.hosts }}{{- range . }}{{ . }}{{- end }}{{- end }}'), [])
})

test("common idioms that read nothing of the value stay silent: include's context, with/range over other values", () => {
  const chart = [
    '{{- include "web.labels" . | nindent 4 }}',
    '{{- $fullName := include "web.fullname" . -}}',
    '{{ template "web.name" . }}',
    '{{- with .Values.resources }}{{ toYaml . | nindent 12 }}{{- end }}',
    '{{- range .Values.hosts }}{{ . | quote }}{{- end }}',
    '{{- range $k, $v := .Values.env }}{{ $k }}: {{ $v | quote }}{{- end }}',
    '{{ tpl .Values.extra . }}',
    '{{ include "x" (dict "root" . "name" "a") }}',
    '{{ printf "%s-%s" .Release.Name .Chart.Name }}',
    '{{/* toYaml . in a comment */}}',
  ].join('\n')
  assert.equal(read(chart), [])
})

test('a values file sets the path: the key, a non-mapping above it, an alias or merge key along it; an anchor re-used', () => {
  assert.equal(valueSetting('canary:\n  weight: 2\n', PATH), { line: 2, column: 11, how: 'it sets .Values.canary.weight' })
  assert.match(JSON.stringify(valueSetting('canary: null\n', PATH)), /it sets \.Values\.canary to a non-mapping/)
  assert.match(JSON.stringify(valueSetting('p: &p {weight: 1}\ncanary: *p\n', PATH)), /an alias \(\*p\) sets \.Values\.canary/)
  assert.match(JSON.stringify(valueSetting('b: &b {weight: 1}\ncanary:\n  <<: *b\n', PATH)), /a merge key/)
  assert.is(valueSetting('canary:\n  stable: 2\nreplicas: 3\n', PATH), undefined)
  assert.is(valueSetting('', PATH), undefined)
  assert.is(valueSetting('canary: [\n', PATH), 'unreadable')
  assert.equal(anchorReused('canary: &c\n  weight: 1\nmirror: *c\n', PATH), { line: 3, column: 9, how: '*c re-uses a block above it' })
  assert.is(anchorReused('canary: &c\n  weight: 1\n', PATH), undefined)
  assert.ok(anchorReused('canary:\n  weight: &w 1\nmirror: {weight: *w}\n', PATH))
})

test('values.schema.json: proved for the keywords read here, refused for the rest', () => {
  const bound = (max: number) => JSON.stringify({ properties: { canary: { type: 'object', additionalProperties: { maximum: max } } } })
  assert.match(schemaRefusal(bound(100), PATH, 500)!, /breaks its maximum 100/)
  assert.is(schemaRefusal(bound(1000), PATH, 500), undefined)
  assert.is(schemaRefusal('{"properties": {"canary": {"properties": {"stable": {"type": "string"}}}}}', PATH, 500), undefined)
  assert.match(
    schemaRefusal('{"properties": {"canary": {"properties": {"weight": {"type": "string"}}}}}', PATH, 500)!,
    /not of type "string"/,
  )
  assert.is(schemaRefusal('{"properties": {"canary": {"properties": {"weight": {"type": ["integer", "string"]}}}}}', PATH, 500), undefined)
  assert.match(schemaRefusal('{"properties": {"canary": {"patternProperties": {"^w": {"enum": [1, 2]}}}}}', PATH, 500)!, /not in its enum/)
  assert.match(schemaRefusal('{"$ref": "#/definitions/v"}', PATH, 500)!, /"\$ref" applies to \.Values/)
  assert.match(schemaRefusal('{"properties": {"canary": {"allOf": []}}}', PATH, 500)!, /"allOf"/)
  assert.match(schemaRefusal('{"properties": {"canary": {"additionalProperties": false}}}', PATH, 500)!, /rejects any value/)
  assert.match(schemaRefusal('not json', PATH, 500)!, /not JSON/)
  assert.match(schemaRefusal('{"properties": {"canary": {"additionalProperties": {"multipleOf": 3}}}}', PATH, 500)!, /multipleOf/)
})

test.run()
