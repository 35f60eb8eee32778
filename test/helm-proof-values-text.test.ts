/**
 * The values proof (docs/helm.md#values-driven-weights) and what a `tpl` text is: one allow-list of
 * values texts (yaml/values-expr.ts), everything else computed. A field of a variable bound to a
 * computed dict, a helper's context field reached through `range`/`with` or a relay, a key spelled
 * with an escape or computed, a `set`/`merge` into a values block, `.Values` of a `fromYaml` dict:
 * each stops the run at the `tpl` (exit 1, nothing written, the render the same). `$w := $v`, `$x
 * := .` inside a range over values, `.root.Values.t` with `.root` the root, `first .Values.l` and
 * `index .Values "t"` convert with the same render. Through the built CLI, with the Go renderer as judge.
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

const cm = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: r}\ndata:\n${data}\n`
const READ = 'print "{{ .Val" "ues.canary.weight }}"'
const SET = 'print "{{ $_ := set .Val" "ues.canary \\"weight\\" \\"100m\\" }}"'
const H = (body: string) => ({ 'web/templates/_h.tpl': `{{- define "h" -}}${body}{{- end -}}\n` })
const RENDER = H('{{ tpl .value .context }}')
const FROM = 'fromYaml (print "Values: {t: \\"{{ .Val" "ues.canary.weight }}\\"}")'

/** Each case: files, values appended, and the expression a stop names (undefined: converts). */
const CASES: Array<[string, Record<string, string>, string, RegExp | undefined]> = [
  [
    'E1 a field of a dict variable',
    { 'web/templates/r.yaml': cm(`  {{- $a := dict "key" (${READ}) }}\n  w: {{ tpl $a.key . | quote }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\$a\.key\)/,
  ],
  [
    'E1 a set through a field of a dict variable',
    { 'web/templates/r.yaml': cm(`  {{- $a := dict "key" (${SET}) }}\n  w: {{ tpl $a.key . | quote }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\$a\.key\)/,
  ],
  [
    'E1 a values variable reassigned to a dict',
    { 'web/templates/r.yaml': cm(`  {{- $m := .Values.canary }}{{- $m = dict "key" (${READ}) }}\n  w: {{ tpl $m.key . | quote }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\$m\.key\)/,
  ],
  [
    'E1 a range variable over a computed list',
    { 'web/templates/r.yaml': cm(`  {{- range $o := list (dict "text" (${READ})) }}\n  w: {{ tpl $o.text $ | quote }}\n  {{- end }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\$o\.text\)/,
  ],
  [
    'E1 a variable bound to a field',
    { 'web/templates/r.yaml': cm(`  {{- $a := dict "key" (${READ}) }}{{- $b := $a.key }}\n  w: {{ tpl $b . | quote }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\$b\)/,
  ],
  [
    'E1 a field handed to a helper',
    {
      ...RENDER,
      'web/templates/r.yaml': cm(`  {{- $d := dict "x" (${READ}) }}\n  w: {{ include "h" (dict "value" $d.x "context" $) | quote }}`),
    },
    '',
    /_h\.tpl:1:19 \(tpl of a computed text \(\.value\)/,
  ],
  [
    'E2 a helper field as . inside range',
    {
      ...H('{{- range .env }}{{ tpl . $.ctx }}{{- end }}'),
      'web/templates/r.yaml': cm(`  w: {{ include "h" (dict "ctx" $ "env" (list (${READ}))) | quote }}`),
    },
    '',
    /_h\.tpl:1:36 \(tpl of a computed text \(\.\)/,
  ],
  [
    'E2 a helper field as . inside with',
    {
      ...H('{{- with .v }}{{ tpl . $.ctx }}{{- end }}'),
      'web/templates/r.yaml': cm(`  w: {{ include "h" (dict "ctx" $ "v" (${READ})) | quote }}`),
    },
    '',
    /_h\.tpl:1:33 \(tpl of a computed text \(\.\)/,
  ],
  [
    'E2 a relay through a second helper',
    {
      'web/templates/_h.tpl':
        '{{- define "h" -}}{{ tpl .value .context }}{{- end -}}\n{{- define "outer" -}}{{ include "h" (dict "value" .x "context" .context) }}{{- end -}}\n',
      'web/templates/r.yaml': cm(`  w: {{ include "outer" (dict "x" (${READ}) "context" $) | quote }}`),
    },
    '',
    /_h\.tpl:1:19 \(tpl of a computed text \(\.value\)/,
  ],
  [
    'E3 a raw-string key set to a computed set',
    {
      ...RENDER,
      'web/templates/r.yaml': cm(
        `  {{- $d := dict "context" $ }}{{- $_ := set $d \`value\` (${SET}) }}\n  w: {{ include "h" $d | quote }}`,
      ),
    },
    '',
    /_h\.tpl:1:19 \(tpl of a computed text \(\.value\)/,
  ],
  [
    'E3 an escaped key',
    { ...RENDER, 'web/templates/r.yaml': cm(`  w: {{ include "h" (dict "val\\x75e" (${READ}) "context" $) | quote }}`) },
    '',
    /_h\.tpl:1:19 \(tpl of a computed text \(\.value\)/,
  ],
  [
    'E3 a computed key',
    {
      ...RENDER,
      'web/templates/r.yaml': cm(
        `  {{- $d := dict "context" $ }}{{- $_ := set $d (print "val" "ue") (${READ}) }}\n  w: {{ include "h" $d | quote }}`,
      ),
    },
    '',
    /_h\.tpl:1:19 \(tpl of a computed text \(\.value\)/,
  ],
  [
    'E4 a set into a values block off the path',
    { 'web/templates/r.yaml': cm(`  {{- $_ := set .Values.m "key" (${SET}) }}\n  w: {{ tpl .Values.m.key . | quote }}`) },
    'm: {key: x}\n',
    /r\.yaml:6:6 \(tpl of a computed text \(\.Values\.m\.key\)/,
  ],
  [
    'E4 a set through a variable',
    {
      'web/templates/r.yaml': cm(`  {{- $a := .Values.m }}{{- $_ := set $a "key" (${READ}) }}\n  w: {{ tpl (index $a "key") . | quote }}`),
    },
    'm: {key: x}\n',
    /r\.yaml:6:6 \(tpl of a computed text \(\(index \$a "key"\)\)/,
  ],
  [
    'E4 a merge into a ranged values block',
    {
      'web/templates/r.yaml': cm(
        `  {{- $_ := merge .Values.env (dict "B" (${READ})) }}\n  {{- range $k, $v := .Values.env }}\n  w: {{ tpl $v $ | quote }}\n  {{- end }}`,
      ),
    },
    'env: {A: x}\n',
    /r\.yaml:7:6 \(tpl of a computed text \(\$v\)/,
  ],
  [
    'E9 .Values of a fromYaml dict in with',
    { 'web/templates/r.yaml': cm(`  {{- with ${FROM} }}\n  w: {{ tpl .Values.t $ | quote }}\n  {{- end }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\.Values\.t\)/,
  ],
  [
    'E9 .Values of a fromYaml dict in range',
    { 'web/templates/r.yaml': cm(`  {{- range list (${FROM}) }}\n  w: {{ tpl .Values.t $ | quote }}\n  {{- end }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\.Values\.t\)/,
  ],
  [
    'E9 a variable bound to a fromYaml dict',
    { 'web/templates/r.yaml': cm(`  {{- $x := ${FROM} }}\n  w: {{ tpl $x.Values.t $ | quote }}`) },
    '',
    /r\.yaml:6:6 \(tpl of a computed text \(\$x\.Values\.t\)/,
  ],
  [
    'E9 a helper given a fromYaml dict',
    { ...H('{{ tpl .Values.t .ctx }}'), 'web/templates/r.yaml': cm(`  w: {{ include "h" (merge (${FROM}) (dict "ctx" $)) | quote }}`) },
    '',
    /_h\.tpl:1:19 \(tpl of a computed text \(\.Values\.t\)/,
  ],
  [
    'M1 converts: a variable bound to a values variable',
    { 'web/templates/r.yaml': cm('  {{- $v := .Values.t }}{{- $w := $v }}\n  w: {{ tpl $w . | quote }}') },
    't: "{{ .Release.Name }}"\n',
    undefined,
  ],
  [
    'M2 converts: $x := . inside a range over values',
    { 'web/templates/r.yaml': cm('  {{- range .Values.l }}{{- $x := . }}\n  w: {{ tpl $x $ | quote }}\n  {{- end }}') },
    'l: ["{{ .Release.Name }}"]\n',
    undefined,
  ],
  [
    'M3 converts: .root.Values.t with .root the root',
    { ...H('{{ tpl .root.Values.t .root }}'), 'web/templates/r.yaml': cm('  w: {{ include "h" (dict "root" $) | quote }}') },
    't: "{{ .Release.Name }}"\n',
    undefined,
  ],
  [
    'L1 converts: first of a values list, index of .Values',
    { 'web/templates/r.yaml': cm('  w: {{ tpl (first .Values.l) . | quote }}\n  b: {{ tpl (index .Values "t") . | quote }}') },
    'l: ["{{ .Release.Name }}"]\nt: "{{ .Release.Name }}"\n',
    undefined,
  ],
]

for (const [name, files, values, stop] of CASES) {
  testWith('go')(`what a tpl text is: ${name}`, () => {
    const repo = tempRepo('smi-proof-values-text-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': `canary:\n  stable: 3\n  weight: 250m\n${values}`,
      'web/templates/split.yaml': splitTemplate(),
      ...files,
    })
    const renders = [{ chart: join(repo, 'web'), values: [] }]
    const [before] = renderBatch(renders)
    assert.ok(before && 'objects' in before, JSON.stringify(before))
    const r = cli(['--write', '.'], { cwd: repo })
    if (stop) {
      // The judge: the tpl reads the weight (the CM holds it) or sets it (the split renders 100m).
      assert.match(JSON.stringify(before.objects), /"w":"250m"|"weight":"100m"/)
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, stop)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    const [after] = renderBatch(renders)
    assert.is(sameRender(before, after!), undefined)
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
