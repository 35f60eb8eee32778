/**
 * The values proof (docs/helm.md#values-driven-weights) and the values texts a chart's `tpl` may
 * render, read as Helm reads them: a string decoded (escapes, `!!binary`, a `%TAG` handle for
 * it), a values text inside a YAML string (Argo CD `helm.values`, k3s `valuesContent`, a
 * Secret's data), a `--set` value in a script (as Helm's strvals parser reads it), each judged as
 * a template's actions are (a read of the root, a change of `.Values`). Through the built CLI;
 * the Go renderer (test/helpers/render.go) shows the text, given as a values file, renders the
 * weight or changes it, and that a refused run changes no render.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { splitTemplate } from './helpers/chart-templates.js'

const TPL = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: r}\ndata:\n  w: {{ tpl .Values.t . | quote }}\n'
const PLAIN = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: r}\ndata:\n  w: {{ .Values.t | quote }}\n'
const b64 = (s: string) => Buffer.from(s).toString('base64')
const READ = '{{ .Values.canary.weight }}'
const SET = '{{ $_ := set .Values.canary "weight" "100m" }}'
const argo = (values: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: web}\nspec:\n  source:\n    path: web\n    helm:\n      values: |\n        ${values}\n`

interface Case {
  files: Record<string, string>
  /** What Helm is given with -f to show the effect (written outside the repository): the text as values. */
  given?: string
  /** The effect the renderer shows with `given` (or with the chart alone): what the ConfigMap's w is, or the split's weight. */
  effect?: { w?: RegExp; weight?: string }
  stop?: RegExp
}

const CASES: Record<string, Case> = {
  'E5: an escaped $ given to toJson (the root)': {
    files: { 'web/values.yaml': 't: "{{ toJson \\x24 }}"\n' },
    effect: { w: /"weight":"250m"/ },
    stop: /web\/values\.yaml:\d+:\d+ \(a text with YAML escapes that decodes to a function of the root context \(\$\)/,
  },
  'E5: a !!binary toJson $': {
    files: { 'web/values.yaml': `t: !!binary ${b64('{{ toJson $ }}')}\n` },
    effect: { w: /"weight":"250m"/ },
    stop: /web\/values\.yaml:\d+:\d+ \(a !!binary text that decodes to a function of the root context/,
  },
  'E5: a JSON \\u0024 in a file outside the chart': {
    files: { 'env/prod.json': '{"t": "{{ toJson \\u0024 }}"}\n' },
    given: '{"t": "{{ toJson \\u0024 }}"}\n',
    effect: { w: /"weight":"250m"/ },
    stop: /env\/prod\.json:1:7 \(a text with YAML escapes that decodes to a function of the root context/,
  },
  'E5: a plain toJson $ in a file outside the chart': {
    files: { 'env/prod.yaml': 't: "{{ toJson $ }}"\n' },
    given: 't: "{{ toJson $ }}"\n',
    effect: { w: /"weight":"250m"/ },
    stop: /env\/prod\.yaml:1:4 \(a function of the root context/,
  },
  'E6: a %TAG handle for !!binary that sets the weight in a -f file': {
    files: { 'web/values-prod.yaml': `%TAG !y! tag:yaml.org,2002:\n---\nt: !y!binary ${b64(SET)}\n` },
    given: `%TAG !y! tag:yaml.org,2002:\n---\nt: !y!binary ${b64(SET)}\n`,
    effect: { weight: '100m' },
    stop: /web\/values-prod\.yaml:3:14 \(a !!binary text that decodes to a read of \.Values/,
  },
  'E6: a %TAG handle for !!binary that reads the weight in values.yaml': {
    files: { 'web/values.yaml': `%TAG !y! tag:yaml.org,2002:\n---\nt: !y!binary ${b64(READ)}\n` },
    effect: { w: /^250m$/ },
    stop: /web\/values\.yaml:\d+:\d+ \(a !!binary text that decodes to a read of \.Values/,
  },
  'E7: an escaped read in an Argo CD helm.values text': {
    files: { 'argo/app.yaml': argo('t: "\\x7b\\x7b .Values.canary.weight \\x7d\\x7d"') },
    given: 't: "\\x7b\\x7b .Values.canary.weight \\x7d\\x7d"\n',
    effect: { w: /^250m$/ },
    stop: /argo\/app\.yaml:8:15 \(a values text inside a YAML string, a text with YAML escapes that decodes to a read of \.Values/,
  },
  'E7: an escaped set in an Argo CD helm.values text': {
    files: { 'argo/app.yaml': argo('t: "\\x7b\\x7b $_ := set .Values.canary \\"weight\\" \\"100m\\" \\x7d\\x7d"') },
    given: 't: "\\x7b\\x7b $_ := set .Values.canary \\"weight\\" \\"100m\\" \\x7d\\x7d"\n',
    effect: { weight: '100m' },
    stop: /argo\/app\.yaml:8:15 \(a values text inside a YAML string, a text with YAML escapes/,
  },
  'E7: a !!binary read in a k3s valuesContent': {
    files: {
      'k3s/hc.yaml': `apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata: {name: web}\nspec:\n  chart: web\n  valuesContent: |-\n    t: !!binary ${b64(READ)}\n`,
    },
    given: `t: !!binary ${b64(READ)}\n`,
    effect: { w: /^250m$/ },
    stop: /k3s\/hc\.yaml:6:18 \(a values text inside a YAML string, a !!binary text/,
  },
  "E7: a Secret's base64 data holding an escaped read": {
    files: {
      'flux/s.yaml': `apiVersion: v1\nkind: Secret\nmetadata: {name: v}\ndata:\n  values.yaml: ${b64('t: "\\x7b\\x7b .Values.canary.weight \\x7d\\x7d"\n')}\n`,
    },
    given: 't: "\\x7b\\x7b .Values.canary.weight \\x7d\\x7d"\n',
    effect: { w: /^250m$/ },
    stop: /flux\/s\.yaml:5:16 \(a Secret's base64 data/,
  },
  'E8: a --set in a script that sets the weight': {
    files: { 'deploy.sh': `helm upgrade --install web ./web --set 't=${SET}'\n` },
    given: `t: '${SET}'\n`,
    effect: { weight: '100m' },
    stop: /deploy\.sh:1:34 \(--set of a text that decodes to/,
  },
  'E8: a --set in a Makefile whose backslash strvals drops (can\\ary)': {
    files: { Makefile: "deploy:\n\thelm upgrade --install web ./web --set t='{{ .Values.can\\ary.weight }}'\n" },
    given: `t: '${READ}'\n`,
    effect: { w: /^250m$/ },
    stop: /Makefile:2:35 \(--set of a text that decodes to a read of \.Values/,
  },
  'E8: a --set-file of a template outside the chart': {
    files: { 'deploy/run.sh': 'helm upgrade --install web ../web --set-file t=tmpl.txt\n', 'deploy/tmpl.txt': READ },
    given: `t: '${READ}'\n`,
    effect: { w: /^250m$/ },
    stop: /deploy\/run\.sh:1:35 \(--set-file of a text that decodes to a read of \.Values/,
  },
  'E8: a --set the shell computes': {
    files: { 'deploy.sh': 'helm upgrade --install web ./web --set "t=$T"\n' },
    stop: /deploy\.sh:1:34 \(--set of a value the shell computes/,
  },
  'converts: !!binary of a text that reads no value, an escaped release name, a --set of one, and --set $TAG': {
    files: {
      'web/values.yaml': `t: !!binary ${b64('{{ .Release.Name }}')}\nu: "{{ .Release.Name }}\\n"\n`,
      'deploy.sh': "helm upgrade --install web ./web --set-string t='{{ .Release.Name }}' --set image.tag=v1\n",
    },
    effect: { w: /^rel$/ },
  },
  'converts: a README whose example sets a value from the shell': {
    files: { 'web/README.md': 'helm install web ./web --set auth.password=$PASSWORD\n' },
  },
  'converts: a chart without tpl, whatever the texts given it hold': {
    files: { 'web/templates/r.yaml': PLAIN, 'env/prod.yaml': 't: "{{ toJson $ }}"\n', 'deploy.sh': 'helm upgrade web ./web --set t=$T\n' },
  },
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(`values texts tpl may render: ${name}`, () => {
    const extra = c.files['web/values.yaml'] ?? 't: x\n'
    const head = extra.startsWith('%') ? extra.slice(0, extra.indexOf('---\n') + 4) : ''
    const files: Record<string, string> = {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/templates/split.yaml': splitTemplate(),
      'web/templates/r.yaml': TPL,
      ...c.files,
      'web/values.yaml': `${head}canary:\n  stable: 3\n  weight: 250m\n${extra.slice(head.length)}`,
    }
    const repo = tempRepo('smi-proof-texts-', files)
    const dir = mkdtempSync(join(tmpdir(), 'smi-proof-given-'))
    const givenFile = join(dir, 'given.yaml')
    if (c.given !== undefined) writeFileSync(givenFile, c.given)
    const renders = [{ chart: join(repo, 'web'), values: c.given === undefined ? [] : [givenFile] }]
    const [before] = renderBatch(renders)
    assert.ok(before && 'objects' in before, JSON.stringify(before))
    const cm = before.objects.find((o) => (o.object.metadata as { name?: string } | undefined)?.name === 'r')
    if (c.effect?.w) assert.match(String((cm?.object.data as { w?: unknown } | undefined)?.w), c.effect.w)
    if (c.effect?.weight) {
      const split = before.objects.find((o) => o.object.kind === 'TrafficSplit')
      const backends = (split?.object.spec as { backends: Array<{ weight: unknown }> }).backends
      assert.is(String(backends[1]!.weight), c.effect.weight)
    }
    const r = cli(['--write', 'web'], { cwd: repo })
    if (c.stop) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.stop)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    const [after] = renderBatch(renders)
    assert.is(sameRender(before, after!), undefined)
    rmSync(repo, { recursive: true, force: true })
    rmSync(dir, { recursive: true, force: true })
  })
}

/** The v1alpha2 gate: a values text that sets the weight when tpl renders it, each file with where --check names it. */
const GATE: Record<string, { files: Record<string, string>; stop: RegExp }> = {
  'E6: a %TAG !!binary set in a -f file': {
    files: { 'web/values-prod.yaml': `%TAG !y! tag:yaml.org,2002:\n---\nt: !y!binary ${b64(SET)}\n` },
    stop: /web\/values-prod\.yaml:3:14 \(a !!binary text tpl may render that decodes to a change of \.Values\)/,
  },
  'E7: an escaped set in an Argo CD helm.values text': {
    files: { 'argo/app.yaml': argo('t: "\\x7b\\x7b $_ := set .Values.canary \\"weight\\" \\"100m\\" \\x7d\\x7d"') },
    stop: /argo\/app\.yaml:8:15 \(a values text inside a YAML string, a text with YAML escapes tpl may render/,
  },
  'E8: a --set in a script': {
    files: { 'deploy.sh': `helm upgrade --install web ./web --set 't=${SET}'\n` },
    stop: /deploy\.sh:1:34 \(--set of a text that decodes to a values text tpl may render: set \.Values\.canary/,
  },
}

for (const [name, c] of Object.entries(GATE)) {
  test(`values texts tpl may render: ${name} stops --check on a v1alpha2 chart`, () => {
    const repo = tempRepo('smi-proof-texts-gate-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': 'canary:\n  stable: 3\n  weight: 1\nt: x\n',
      'web/templates/split.yaml': splitTemplate('v1alpha2'),
      'web/templates/r.yaml': TPL,
      ...c.files,
    })
    const g = cli(['--check', 'web'], { cwd: repo })
    assert.is(g.status, 1, g.stdout + g.stderr)
    assert.match(g.stdout, c.stop)
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
