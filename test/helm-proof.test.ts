/**
 * The values proof (docs/helm.md#values-driven-weights) through the built CLI, with the Go
 * renderer (test/helpers/render.go) as judge: each chart below is rendered before and after
 * `--write .` with every values file beside it given as -f, and with the charts that render it
 * (an umbrella, a chart sharing its values.yaml). Either the run converts and every rendered
 * object is the same but for the split's apiVersion and weights, whose ratios are equal; or it
 * exits 1, writes nothing, and warns at the split's weight naming the reader or setter that
 * stopped it.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type RenderRequest, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { CONFIGMAP_TEMPLATE, splitTemplate } from './helpers/chart-templates.js'

const SPLIT = splitTemplate()
const CM = CONFIGMAP_TEMPLATE
const cm2 = (data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\ndata:\n${data}`

function chart(name: string, values = 'canary:\n  stable: 3\n  weight: 500m\nreplicas: 2\n'): Record<string, string> {
  return {
    [`${name}/Chart.yaml`]: `apiVersion: v2\nname: ${name}\nversion: 0.1.0\n`,
    [`${name}/values.yaml`]: values,
    [`${name}/templates/split.yaml`]: SPLIT,
    [`${name}/templates/cm.yaml`]: CM,
  }
}

const UMBRELLA = {
  'site/Chart.yaml':
    'apiVersion: v2\nname: site\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../web\n',
  'site/templates/cm.yaml': CM,
}

interface Case {
  files: Record<string, string>
  links?: Array<[string, string]>
  /** The renders to compare: a chart and its -f files. */
  renders: RenderRequest[]
  /** Undefined: converts; else the warning at the split's weight. */
  refused?: RegExp
}

const web = (values: string[] = []): RenderRequest => ({ chart: 'web', values })

const CASES: Record<string, Case> = {
  'an alias in values-prod.yaml sets the block': {
    files: { ...chart('web'), 'web/values-prod.yaml': 'prod: &p\n  stable: 3\n  weight: 100m\ncanary: *p\n' },
    renders: [web(), web(['web/values-prod.yaml'])],
    refused: /web\/values-prod\.yaml:4:9 \(an alias \(\*p\) sets \.Values\.canary\) sets \.Values\.canary\.weight too/,
  },
  'a merge key in values-prod.yaml': {
    files: { ...chart('web'), 'web/values-prod.yaml': 'base: &b\n  weight: 100m\ncanary:\n  <<: *b\n' },
    renders: [web(), web(['web/values-prod.yaml'])],
    refused: /web\/values-prod\.yaml:4:3 \(a merge key/,
  },
  'values.prod.yaml': {
    files: { ...chart('web'), 'web/values.prod.yaml': 'canary:\n  weight: 100m\n' },
    renders: [web(), web(['web/values.prod.yaml'])],
    refused: /web\/values\.prod\.yaml:2:11 sets \.Values\.canary\.weight too/,
  },
  'a JSON values file': {
    files: { ...chart('web'), 'web/values-prod.json': '{"canary": {"weight": 100}}\n' },
    renders: [web(), web(['web/values-prod.json'])],
    refused: /web\/values-prod\.json:1:23 sets \.Values\.canary\.weight too/,
  },
  'a values file under values/': {
    files: { ...chart('web'), 'web/values/prod.yaml': 'canary:\n  weight: 100m\n' },
    renders: [web(), web(['web/values/prod.yaml'])],
    refused: /web\/values\/prod\.yaml:2:11 sets/,
  },
  'an uppercase extension (values-prod.YAML)': {
    files: { ...chart('web'), 'web/values-prod.YAML': 'canary:\n  weight: 100m\n' },
    renders: [web(), web(['web/values-prod.YAML'])],
    refused: /web\/values-prod\.YAML:2:11 sets/,
  },
  'any YAML file beside the chart (prod.yml)': {
    files: { ...chart('web'), 'prod.yml': 'canary:\n  weight: 100m\n' },
    renders: [web(), web(['prod.yml'])],
    refused: /prod\.yml:2:11 sets/,
  },
  "chart-testing's ci/*-values.yaml": {
    files: { ...chart('web'), 'web/ci/prod-values.yaml': 'canary:\n  weight: 100m\n' },
    renders: [web(), web(['web/ci/prod-values.yaml'])],
    refused: /web\/ci\/prod-values\.yaml:2:11 sets/,
  },
  'an umbrella in the run that sets web.canary.weight': {
    files: { ...chart('web'), ...UMBRELLA, 'site/values.yaml': 'replicas: 1\nweb:\n  canary:\n    weight: 2\n' },
    links: [['site/charts/web', '../../web']],
    renders: [web(), { chart: 'site', values: [] }],
    refused: /site\/values\.yaml:4:13 sets \.Values\.web\.canary\.weight too/,
  },
  'an umbrella far away in the run that sets it': {
    files: {
      ...Object.fromEntries(Object.entries(chart('web')).map(([f, t]) => [`charts/${f}`, t])),
      'apps/site/Chart.yaml':
        'apiVersion: v2\nname: site\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../../charts/web\n',
      'apps/site/values.yaml': 'web:\n  canary:\n    weight: 2\n',
      'apps/site/templates/cm.yaml': CM,
    },
    links: [['apps/site/charts/web', '../../../charts/web']],
    renders: [
      { chart: 'charts/web', values: [] },
      { chart: 'apps/site', values: [] },
    ],
    refused: /apps\/site\/values\.yaml:3:13 sets \.Values\.web\.canary\.weight too/,
  },
  '$root.Values inside range': {
    files: {
      ...chart('web'),
      'web/templates/cm2.yaml': `{{- $root := . }}\n${cm2('{{- range list "a" }}\n  {{ . }}: "{{ $root.Values.canary.weight }}"\n{{- end }}\n')}`,
    },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:8:/,
  },
  'a dict context (.ctx.Values) in a helper': {
    files: {
      ...chart('web'),
      'web/templates/_helpers.tpl': '{{- define "web.w" -}}\n{{ .ctx.Values.canary.weight }}\n{{- end }}\n',
      'web/templates/cm2.yaml': cm2('  w: {{ include "web.w" (dict "ctx" .) | quote }}\n'),
    },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/_helpers\.tpl:2:8/,
  },
  'index . "Values"': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('  w: {{ index . "Values" "canary" "weight" | quote }}\n') },
    renders: [web()],
    refused: /web\/templates\/cm2\.yaml:6:\d+ \("Values" by name\)/,
  },
  '.Values.PathValue "canary.weight"': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('  w: "{{ .Values.PathValue "canary.weight" }}"\n') },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:10 \(\.Values\.PathValue, which may read any value\)/,
  },
  '(.Values.Table "canary").weight': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('  w: "{{ ($.Values.Table "canary").weight }}"\n') },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:\d+ \(\.Values\.Table, /,
  },
  '.Values.YAML and .AsMap of a variable bound to .Values': {
    files: {
      ...chart('web'),
      'web/templates/cm2.yaml': cm2('  y: {{ .Values.YAML | quote }}\n{{- $v := .Values }}\n  n: "{{ len $v.AsMap }}"\n'),
    },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:\d+ \(\.Values\.YAML, /,
  },
  'a subchart whose values are the canary block': {
    files: {
      ...chart('web'),
      'web/charts/canary/Chart.yaml': 'apiVersion: v2\nname: canary\nversion: 0.1.0\n',
      'web/charts/canary/templates/cm.yaml': cm2('  w: "{{ .Values.weight }}"\n'),
    },
    renders: [web()],
    refused: /web\/charts\/canary is a subchart whose values are \.Values\.canary/,
  },
  "a library chart's helper included with the root context": {
    files: {
      ...chart('web'),
      'web/charts/lib/Chart.yaml': 'apiVersion: v2\nname: lib\ntype: library\nversion: 0.1.0\n',
      'web/charts/lib/templates/_lib.tpl': '{{- define "lib.w" -}}\n{{ .Values.canary.weight }}\n{{- end }}\n',
      'web/templates/cm2.yaml': cm2('  w: {{ include "lib.w" . | quote }}\n'),
    },
    renders: [web()],
    refused: /read elsewhere too: web\/charts\/lib\/templates\/_lib\.tpl:2:4/,
  },
  'tpl of .Files.Get': {
    files: {
      ...chart('web'),
      'web/conf/extra.yaml': 'w: "{{ .Values.canary.weight }}"\n',
      'web/templates/cm2.yaml': cm2('{{ tpl (.Files.Get "conf/extra.yaml") . | indent 2 }}\n'),
    },
    renders: [web()],
    refused: /read elsewhere too: web\/conf\/extra\.yaml:1:8/,
  },
  '.Files.Get of a link to values.yaml': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('  d: {{ .Files.Get "files/defaults.yaml" | quote }}\n') },
    links: [['web/files/defaults.yaml', '../values.yaml']],
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:\d+ \(\.Files\.Get "files\/defaults\.yaml" reads the values\)/,
  },
  '.Files.Glob': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('  n: "{{ len (.Files.Glob "files/*") }}"\n') },
    links: [['web/files/defaults.yaml', '../values.yaml']],
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:\d+ \(\.Files\.Glob may read the values\)/,
  },
  'a template in a directory templates/ reaches by a symlink': {
    files: { ...chart('web'), 'web/extra/cm2.yaml': cm2('  w: "{{ .Values.canary.weight }}"\n') },
    links: [['web/templates/more', '../extra']],
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/more\/cm2\.yaml:6:10/,
  },
  'an anchor above the value re-used elsewhere in values.yaml': {
    files: {
      ...chart('web', 'canary: &c\n  stable: 3\n  weight: 500m\nmirror: *c\nreplicas: 2\n'),
      'web/templates/cm2.yaml': cm2('  w: "{{ .Values.mirror.weight }}"\n'),
    },
    renders: [web()],
    refused: /web\/values\.yaml:4:9: \*c re-uses a block above it/,
  },
  'converts: one values.yaml shared by two charts whose splits are the same template (a copy)': {
    files: { ...chart('web'), ...chart('api'), 'common/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\nreplicas: 2\n' },
    links: [
      ['web/values.yaml', '../common/values.yaml'],
      ['api/values.yaml', '../common/values.yaml'],
    ],
    renders: [web(), { chart: 'api', values: [] }],
  },
  'converts: one values.yaml and one split template shared by two charts through links': {
    files: { ...chart('web'), 'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n', 'api/templates/cm.yaml': CM },
    links: [
      ['api/values.yaml', '../web/values.yaml'],
      ['api/templates/split.yaml', '../../web/templates/split.yaml'],
    ],
    renders: [web(), { chart: 'api', values: [] }],
  },
  'one values.yaml shared by two charts whose splits read the value otherwise': {
    files: {
      ...chart('web'),
      ...chart('api'),
      'api/templates/split.yaml': SPLIT.replace('web-stable', 'api-stable'),
      'common/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\nreplicas: 2\n',
    },
    links: [
      ['web/values.yaml', '../common/values.yaml'],
      ['api/values.yaml', '../common/values.yaml'],
    ],
    renders: [web(), { chart: 'api', values: [] }],
    refused: /read elsewhere too: api\/templates\/split\.yaml:11:16/,
  },
  'a values.yaml shared by a chart that sets the value in an override: left': {
    files: { ...chart('web'), ...chart('api'), 'api/values-prod.yaml': 'canary:\n  weight: 100m\n' },
    links: [['api/values.yaml', '../web/values.yaml']],
    renders: [web(), { chart: 'api', values: [] }, { chart: 'api', values: ['api/values-prod.yaml'] }],
    refused: /api\/values-prod\.yaml:2:11 sets \.Values\.canary\.weight too/,
  },
  'values.schema.json bounds the block': {
    files: {
      ...chart('web'),
      'web/values.schema.json': '{"properties": {"canary": {"type": "object", "additionalProperties": {"maximum": 100}}}}\n',
    },
    renders: [web()],
    refused: /values\.schema\.json:\d+:\d+ constrains \.Values\.canary\.(stable|weight): the new value 3000 breaks its maximum 100/,
  },
  'values.schema.json with a draft-04 exclusiveMaximum: true': {
    files: {
      ...chart('web'),
      'web/values.schema.json':
        '{"$schema": "http://json-schema.org/draft-04/schema#", "properties": {"canary": {"properties": {"stable": {"maximum": 3000, "exclusiveMaximum": true}}}}}\n',
    },
    renders: [web()],
    refused: /values\.schema\.json:\d+:\d+ constrains \.Values\.canary\.stable: the new value 3000 breaks its maximum 3000/,
  },
  'with .Values.canary': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('{{- with .Values.canary }}\n  w: "{{ .weight }}"\n{{- end }}\n') },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:10/,
  },
  'toJson of the root context': {
    files: { ...chart('web'), 'web/templates/cm2.yaml': cm2('  r: {{ toJson . | quote }}\n') },
    renders: [web()],
    refused: /read elsewhere too: web\/templates\/cm2\.yaml:6:6 \(a function of the root context \(\.\)\)/,
  },
  'a parent chart whose charts/ holds the chart and sets its block': {
    files: {
      ...Object.fromEntries(Object.entries(chart('web')).map(([f, t]) => [`site/charts/${f}`, t])),
      'site/Chart.yaml': 'apiVersion: v2\nname: site\nversion: 0.1.0\n',
      'site/values.yaml': 'web:\n  canary:\n    stable: 1\n',
    },
    renders: [{ chart: 'site', values: [] }],
    refused: /site\/values\.yaml:3:13 sets \.Values\.web\.canary\.stable too/,
  },
  'converts: a parent chart whose charts/ holds the chart and sets other keys': {
    files: {
      ...Object.fromEntries(Object.entries(chart('web')).map(([f, t]) => [`site/charts/${f}`, t])),
      'site/Chart.yaml': 'apiVersion: v2\nname: site\nversion: 0.1.0\n',
      'site/values.yaml': 'web:\n  replicas: 9\n',
      'site/templates/cm.yaml': CM.replace('.Values.replicas', '.Values.web.replicas'),
    },
    renders: [
      { chart: 'site', values: [] },
      { chart: 'site/charts/web', values: [] },
    ],
  },
  '.Subcharts in the umbrella': {
    files: {
      ...chart('web'),
      ...UMBRELLA,
      'site/values.yaml': 'replicas: 1\n',
      'site/templates/cm2.yaml': cm2('  w: "{{ .Values.replicas }}"\n  s: {{ len .Subcharts | quote }}\n'),
    },
    links: [['site/charts/web', '../../web']],
    renders: [web()],
    refused: /read elsewhere too: site\/templates\/cm2\.yaml:7:\d+ \(a subchart's values\)/,
  },
  'converts: an umbrella that sets other keys and globals': {
    files: { ...chart('web'), ...UMBRELLA, 'site/values.yaml': 'replicas: 1\nweb:\n  replicas: 5\nglobal:\n  env: prod\n' },
    links: [['site/charts/web', '../../web']],
    renders: [web(), { chart: 'site', values: [] }],
  },
  'converts: a schema the new values satisfy': {
    files: {
      ...chart('web'),
      'web/values.schema.json': '{"properties": {"canary": {"type": "object", "additionalProperties": {"maximum": 100000}}}}\n',
    },
    renders: [web()],
  },
  'converts: an override file that sets other keys': {
    files: { ...chart('web'), 'web/values-prod.yaml': 'replicas: 5\ncanaryx:\n  weight: 1\n' },
    renders: [web(), web(['web/values-prod.yaml'])],
  },
  'converts: a symlinked template directory and $root reading other values': {
    files: { ...chart('web'), 'web/extra/cm2.yaml': `{{- $root := . }}\n${cm2('  r: "{{ $root.Values.replicas }}"\n')}` },
    links: [['web/templates/more', '../extra']],
    renders: [web()],
  },
  'converts: a shared values.yaml whose other chart reads other values': {
    files: {
      ...chart('web'),
      'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'api/templates/cm.yaml': CM,
      'common/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\nreplicas: 2\n',
    },
    links: [
      ['web/values.yaml', '../common/values.yaml'],
      ['api/values.yaml', '../common/values.yaml'],
    ],
    renders: [web(), { chart: 'api', values: [] }],
  },
}

function repoOf(c: Case): string {
  const repo = tempRepo('smi-proof-', c.files)
  for (const [link, target] of c.links ?? []) {
    mkdirSync(dirname(join(repo, link)), { recursive: true })
    symlinkSync(target, join(repo, link))
  }
  if (c.links?.length) {
    git(repo, 'add', '-A')
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'links')
  }
  return repo
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    // A symlinked values.yaml replaces the file the chart was made with.
    const files = { ...c.files }
    for (const [link] of c.links ?? []) delete files[link]
    const repo = repoOf({ ...c, files })
    const at = (r: RenderRequest) => ({ chart: join(repo, r.chart), values: r.values.map((v) => join(repo, v)) })
    const before = renderBatch(c.renders.map(at))
    for (const b of before) assert.ok('objects' in b, JSON.stringify(b))
    const r = cli(['--write', '.'], { cwd: repo })
    const after = renderBatch(c.renders.map(at))
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      const warning = r.stdout.split('\n').find((l) => /split\.yaml:\d+:\d+: warning: /.test(l) && c.refused!.test(l))
      assert.ok(warning, `a warning matching ${c.refused}:\n${r.stdout}`)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    for (const [i, b] of before.entries()) {
      const diff = sameRender(b, after[i]!)
      assert.is(diff, undefined, `${c.renders[i]!.chart} ${c.renders[i]!.values.join(' ')}: ${diff}`)
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
