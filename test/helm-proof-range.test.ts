/**
 * The values proof (docs/helm.md#values-driven-weights) and a `range` over the root context: a
 * template that ranges over the root (`.`, `$`, a variable or dict key bound to it) or over a
 * function of it (`values .`, `keys $m`) visits `.Values` and so reads every value, though it
 * spells no path. Through the built CLI, with the Go renderer (test/helpers/render.go) as judge:
 * the run stops at the split's weights naming the range's line, writes nothing, and the
 * rendered objects stay the same; a range over other values still converts.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type RenderRequest, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { CONFIGMAP_TEMPLATE, splitTemplate } from './helpers/chart-templates.js'

const cm = (name: string, data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\ndata: {w: ${data}}\n`

function chart(extra: Record<string, string>): Record<string, string> {
  return {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\nreplicas: 2\n',
    'web/templates/split.yaml': splitTemplate(),
    'web/templates/cm.yaml': CONFIGMAP_TEMPLATE,
    ...extra,
  }
}

/** Each case: the chart's extra templates, and the reader the warning names (undefined: converts). */
const CASES: Record<string, { files: Record<string, string>; reader?: RegExp }> = {
  'range $k, $v := .': {
    files: {
      'web/templates/r.yaml': `{{- range $k, $v := . }}{{ if hasPrefix "Val" $k }}\n${cm('r', '{{ $v.canary.weight | quote }}')}{{- end }}{{ end }}\n`,
    },
    reader: /web\/templates\/r\.yaml:1:1 \(a range over the root context \(\.\)\)/,
  },
  'range $k, $v := $': {
    files: {
      'web/templates/r.yaml': `{{- range $k, $v := $ }}{{ if hasPrefix "Val" $k }}\n${cm('r', '{{ $v.canary.weight | quote }}')}{{- end }}{{ end }}\n`,
    },
    reader: /web\/templates\/r\.yaml:1:1 \(a range over the root context \(\$\)\)/,
  },
  'range (values .)': {
    files: {
      'web/templates/r.yaml': `{{- range (values .) }}{{ if kindIs "map" . }}{{ with .canary }}\n${cm('r', '{{ .weight | quote }}')}{{- end }}{{ end }}{{ end }}\n`,
    },
    reader: /web\/templates\/r\.yaml:1:1 \(a range over a function of the root context \(\.\)\)/,
  },
  'range (values $r), $r := .': {
    files: {
      'web/templates/r.yaml': `{{- $r := . }}{{- range (values $r) }}{{ if kindIs "map" . }}{{ with .canary }}\n${cm('r', '{{ .weight | quote }}')}{{- end }}{{ end }}{{ end }}\n`,
    },
    reader: /web\/templates\/r\.yaml:1:15 \(a range over a function of the root context \(\$r\)\)/,
  },
  'a helper given (dict "ctx" $) ranges over .ctx': {
    files: {
      'web/templates/_h.tpl':
        '{{- define "web.h" -}}{{- range $k, $v := .ctx -}}{{ if hasPrefix "Val" $k }}{{ $v.canary.weight }}{{ end }}{{- end -}}{{- end -}}\n',
      'web/templates/r.yaml': cm('r', '{{ include "web.h" (dict "ctx" $) | quote }}'),
    },
    reader: /web\/templates\/_h\.tpl:1:23 \(a range over the root context \(\.ctx\)\)/,
  },
  'a helper binds $m := .ctx and ranges over (values $m)': {
    files: {
      'web/templates/_h.tpl':
        '{{- define "web.h" -}}{{- $m := .ctx -}}{{- range (values $m) -}}{{ if kindIs "map" . }}{{ with .canary }}{{ .weight }}{{ end }}{{ end }}{{- end -}}{{- end -}}\n',
      'web/templates/r.yaml': cm('r', '{{ include "web.h" (dict "ctx" $) | quote }}'),
    },
    reader: /web\/templates\/_h\.tpl:1:\d+ \(a range over a function of the root context \(\$m\)\)/,
  },
  'converts: a range over other values, and over a helper context that is not the root': {
    files: {
      'web/templates/r.yaml': `{{- range $k, $v := .Values.env }}\n${cm('r-{{ $k }}', '{{ $v | quote }}')}{{- end }}\n`,
      'web/templates/_h.tpl': '{{- define "web.h" -}}{{- range $k, $v := .items -}}{{ $v }}{{- end -}}{{- end -}}\n',
      'web/templates/r2.yaml': cm('r2', '{{ include "web.h" (dict "items" .Values.env) | quote }}'),
      'web/values-prod.yaml': 'env:\n  a: "1"\n',
    },
  },
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(`a range over the root context reads every value: ${name}`, () => {
    const repo = tempRepo('smi-proof-range-', chart(c.files))
    const renders: RenderRequest[] = [{ chart: join(repo, 'web'), values: [] }]
    if (c.files['web/values-prod.yaml']) renders.push({ chart: join(repo, 'web'), values: [join(repo, 'web/values-prod.yaml')] })
    const before = renderBatch(renders)
    for (const b of before) assert.ok('objects' in b, JSON.stringify(b))
    const r = cli(['--write', '.'], { cwd: repo })
    if (c.reader) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      const warnings = r.stdout.split('\n').filter((l) => /split\.yaml:\d+:\d+: warning: .*read elsewhere too/.test(l))
      assert.is(warnings.length, 2, r.stdout)
      for (const w of warnings) assert.match(w, c.reader)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    const after = renderBatch(renders)
    for (const [i, b] of before.entries()) assert.is(sameRender(b, after[i]!), undefined)
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
