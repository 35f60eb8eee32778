/**
 * A TrafficSplit in a chart file outside templates/ that a template renders through `.Files`
 * (`tpl (.Files.Get "files/split.tmpl") .`), whatever its name and notation (JSON, a templated
 * kind or apiVersion): the run does not read it (no YAML
 * name), so it is said, a pending warning at its apiVersion, and `--check` exits 1 even when the
 * chart's own split is done. Judged by the Go renderer (test/helpers/render.go): the split that
 * file holds is in what Helm renders; a chart that never reads `.Files` renders no such file, and
 * passes.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const DONE =
  'apiVersion: split.smi-spec.io/v1alpha2\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'
const EXTRA =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web-extra\nspec:\n  service: web-extra\n  backends:\n  - service: a\n    weight: 1\n  - service: b\n    weight: {{ .Values.extraWeight }}\n'

/** The same split as JSON, and with its kind or apiVersion written by an action (values.yaml holds them). */
const EXTRA_JSON =
  '{"apiVersion": "split.smi-spec.io/v1alpha1", "kind": "TrafficSplit", "metadata": {"name": "web-extra"},\n' +
  ' "spec": {"service": "web-extra", "backends": [{"service": "a", "weight": 1}, {"service": "b", "weight": "{{ .Values.extraWeight }}"}]}}\n'
const EXTRA_KIND = EXTRA.replace('kind: TrafficSplit', 'kind: {{ .Values.splitKind }}')
const EXTRA_API = EXTRA.replace('apiVersion: split.smi-spec.io/v1alpha1', 'apiVersion: {{ .Values.splitApi }}')

function rendersExtra(r: Render): boolean {
  return (
    'objects' in r &&
    r.objects.some(
      (o) => (o.object.metadata as { name?: string }).name === 'web-extra' && o.object.apiVersion === 'split.smi-spec.io/v1alpha1',
    )
  )
}

for (const [name, file, template, content, at] of [
  ['a .yaml.tpl file rendered by tpl', 'files/split.yaml.tpl', '{{ tpl (.Files.Get "files/split.yaml.tpl") . }}\n', EXTRA, '1:13'],
  ['a .tmpl file rendered by tpl', 'files/split.tmpl', '{{ tpl (.Files.Get "files/split.tmpl") . }}\n', EXTRA, '1:13'],
  [
    'a .txt file reached by a glob',
    'conf/split.txt',
    '{{ range $p, $_ := .Files.Glob "conf/*" }}{{ tpl ($.Files.Get $p) $ }}{{ end }}\n',
    EXTRA,
    '1:13',
  ],
  ['a JSON split in a .txt file', 'files/split.txt', '{{ tpl (.Files.Get "files/split.txt") . }}\n', EXTRA_JSON, '1:17'],
  ['a split whose kind is templated', 'files/split.tmpl', '{{ tpl (.Files.Get "files/split.tmpl") . }}\n', EXTRA_KIND, '1:13'],
  ['a split whose apiVersion is templated', 'files/split.tmpl', '{{ tpl (.Files.Get "files/split.tmpl") . }}\n', EXTRA_API, '2:1'],
] as const) {
  testWith('go')(`${name}: said, exit 1`, () => {
    const repo = tempRepo('smi-filesplits-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml':
        'canary:\n  stable: 3\n  weight: 1\nextraWeight: 250m\nsplitKind: TrafficSplit\nsplitApi: split.smi-spec.io/v1alpha1\n',
      'web/templates/split.yaml': DONE,
      'web/templates/extra.yaml': template,
      [`web/${file}`]: content,
    })
    const [rendered] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
    assert.ok(rendersExtra(rendered!), JSON.stringify(rendered))
    const r = cli(['--check', '.'], { cwd: repo })
    assert.is(r.status, 1, r.stdout + r.stderr)
    assert.match(
      r.stdout,
      new RegExp(`web/${file.replace(/\./g, '\\.')}:${at}: warning: a chart file a template may render through \\.Files`),
    )
    assert.is(git(repo, 'status', '--porcelain'), '')
    rmSync(repo, { recursive: true, force: true })
  })
}

testWith('go')('a chart that never reads .Files: its other files are not rendered, nothing said', () => {
  const repo = tempRepo('smi-filesplits-none-', {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': 'canary:\n  stable: 3\n  weight: 1\nextraWeight: 250m\n',
    'web/templates/split.yaml': DONE,
    'web/files/split.tmpl': EXTRA,
  })
  const [rendered] = renderBatch([{ chart: join(repo, 'web'), values: [] }])
  assert.not.ok(rendersExtra(rendered!), JSON.stringify(rendered))
  const r = cli(['--check', '.'], { cwd: repo })
  assert.is(r.status, 0, r.stdout + r.stderr)
  rmSync(repo, { recursive: true, force: true })
})

test.run()
