/**
 * The closed-world values proof (docs/helm.md#values-driven-weights) against spellings the run
 * cannot compare: a tagged values key, a `--set` key or a deployer's set name written with a
 * backslash or mixed quotes, a file handed to the chart as values whatever its name, a `tpl`
 * literal, an include of a template file by name, a Flux `valuesFrom` the run cannot see. Each
 * held shape stops the run (exit 1, named, nothing written); the Go renderer (test/helpers/render.go)
 * shows its effect where one is claimed; the plain shapes beside them still convert.
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
const cm = (w: string, name = 'r') => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\ndata:\n  w: {{ ${w} | quote }}\n`
const SET = '{{ $_ := set .Values.canary "weight" "100m" }}'
const argoHelm = (helm: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: web}\nspec:\n  source:\n    path: web\n    helm:\n      ${helm}`
const flux = (spec: string) =>
  `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: web}\nspec:\n  chart:\n    spec:\n      chart: ./web\n      sourceRef: {kind: GitRepository, name: repo}\n${spec}`

const VALUES_FROM = '  valuesFrom:\n    - kind: ConfigMap\n      name: web-tpl\n      valuesKey: tpl\n      targetPath: t\n'

interface Case {
  files: Record<string, string>
  /** What Helm is given with -f to show the effect (written outside the repository). */
  given?: string
  /** The effect the renderer shows with `given`: what the ConfigMap's w is, or the split's canary weight. */
  effect?: { w?: RegExp; weight?: string }
  stop?: RegExp
}

const CASES: Record<string, Case> = {
  'a !!binary key in a -f file': {
    files: { 'web/values-prod.yaml': '!!binary Y2FuYXJ5: {weight: 100m}\n' },
    given: '!!binary Y2FuYXJ5: {weight: 100m}\n',
    effect: { weight: '100m' },
    stop: /web\/values-prod\.yaml:1:\d+ \(a tagged key \(tag:yaml\.org,2002:binary\) may set \.Values\)/,
  },
  "a !!binary key in a HelmRelease's spec.values": {
    files: { 'hr.yaml': flux('  values:\n    !!binary Y2FuYXJ5: {weight: 100m}\n') },
    stop: /hr\.yaml:\d+:\d+ \(a Flux HelmRelease's spec\.values\) sets \.Values\.canary\.weight/,
  },
  '--set can\\ary.weight (the shell drops the backslash)': {
    files: { 'deploy.sh': 'helm upgrade web ./web --set can\\ary.weight=100m\n' },
    given: 'canary: {weight: 100m}\n',
    effect: { weight: '100m' },
    stop: /deploy\.sh:1:24 \(a --set key spelt "canary\.weight" after the shell/,
  },
  '--set "can\\ary.weight=…" (strvals drops the backslash)': {
    files: { 'deploy.sh': 'helm upgrade web ./web --set "can\\ary.weight=100m"\n' },
    stop: /deploy\.sh:1:24 \(a --set key spelt "can\\\\ary\.weight"/,
  },
  "--set can''ary.weight, ca\"\"nary, --set-json 'can\\ary=…', argocd app set -p": {
    files: {
      'a.sh': "helm upgrade web ./web --set can''ary.weight=100m\n",
      'b.sh': 'helm upgrade web ./web --set-string ca""nary.weight=100m\n',
      'd.sh': 'helm upgrade web ./web --set-json \'can\\ary={"weight":"100m"}\'\n',
      'e.sh': 'argocd app set web -p can\\ary.weight=100m\n',
    },
    stop: /[a-e]\.sh:1:\d+ \(a --set(?:-string|-json)? key spelt/,
  },
  "--set $'can\\x61ry.weight=…' (ANSI-C quoting), in a chart without tpl": {
    files: { 'web/templates/r.yaml': PLAIN, 'deploy.sh': "helm upgrade web ./web --set $'can\\x61ry.weight=100m'\n" },
    stop: /deploy\.sh:1:24 \(a --set key spelt "\$can\\\\x61ry\.weight"|deploy\.sh:1:24 \(a --set key spelt "can\\\\x61ry\.weight"/,
  },
  "--set t=$'…' (ANSI-C quoting) of a read": {
    files: { 'deploy.sh': "helm upgrade web ./web --set t=$'{{ .Values.can\\x61ry.weight }}'\n" },
    given: 't: "{{ .Values.can\\x61ry.weight }}"\n',
    effect: { w: /^250m$/ },
    stop: /deploy\.sh:1:24 \(--set of a value the shell computes/,
  },
  'an Argo CD parameter named can\\ary.weight': {
    files: { 'argo/app.yaml': argoHelm('parameters:\n        - name: can\\ary.weight\n          value: 100m\n') },
    stop: /argo\/app\.yaml:9:11 \(an Argo CD helm\.parameters entry\) sets \.Values\.canary\.weight/,
  },
  'an Argo CD parameter whose value strvals decodes to a read': {
    files: { 'argo/app.yaml': argoHelm("parameters:\n        - name: t\n          value: '{{ .Values.can\\ary.weight }}'\n") },
    given: `t: '{{ .Values.canary.weight }}'\n`,
    effect: { w: /^250m$/ },
    stop: /argo\/app\.yaml:10:18 \(a set value whose backslashes Helm drops that decodes to a read of \.Values/,
  },
  'a k3s spec.set key can\\ary.weight, and a helmfile set name': {
    files: {
      'k/hc.yaml':
        'apiVersion: helm.cattle.io/v1\nkind: HelmChart\nmetadata: {name: web}\nspec:\n  chart: web\n  set:\n    can\\ary.weight: 100m\n',
      'helmfile.yaml': 'releases:\n  - name: web\n    chart: ./web\n    set:\n      - name: can\\ary.weight\n        value: 100m\n',
    },
    stop: /(?:k\/hc\.yaml:7:5 \(a k3s HelmChart's spec\.set entry\)|helmfile\.yaml:5:9 \(a helmfile release's set entry\)) sets/,
  },
  'converts: a -f file whose keys are plain and off the path; set keys with escapes under another first key': {
    files: {
      'deploy.sh': 'helm upgrade web ./web --set \'ingress.annotations.kubernetes\\.io/x=1,image.tag=v2\' --set "image.tag=v1"\n',
      'helmfile.yaml':
        'releases:\n  - name: web\n    chart: ./web\n    set:\n      - name: ingress.annotations.kubernetes\\.io/x\n        value: 1\n',
    },
  },
  'a Flux valuesFrom targetPath whose ConfigMap is not in the repository': {
    files: { 'hr.yaml': flux(VALUES_FROM) },
    stop: /hr\.yaml:10:7 \(a Flux valuesFrom ConfigMap web-tpl this run cannot find, which may hold any template text/,
  },
  'converts: a Flux valuesFrom targetPath whose ConfigMap is in the repository, its text read': {
    files: {
      'hr.yaml': flux(VALUES_FROM),
      'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-tpl\ndata:\n  tpl: "{{ .Release.Name }}"\n',
    },
  },
  'tpl of a literal whose action gives the root to toJson': {
    files: { 'web/templates/r.yaml': cm('tpl "{{ toJson $ }}" .') },
    effect: { w: /"weight":"250m"/ },
    stop: /web\/templates\/r\.yaml:5:6 \(tpl of a computed text \("\{\{ toJson \$ \}\}"\) given \./,
  },
  'tpl of a cat of literals that joins to {{ toYaml $ }}, a raw literal, a range over the root': {
    files: {
      'web/templates/r.yaml': cm('tpl (cat "{{ toYaml" "$ }}") .'),
      'web/templates/s.yaml': cm('tpl `{{ toJson . }}` .', 's'),
      'web/templates/u.yaml': cm('tpl (cat "{{ range $k, $v := $ }}{{ $v }}{{ end }}") .', 'u'),
    },
    effect: { w: /weight: 250m/ },
    stop: /web\/templates\/[rsu]\.yaml:5:6 \(tpl of a computed text/,
  },
  'converts: tpl of a literal that reads no value, and Bitnami cat pieces around a values text': {
    files: {
      'web/templates/r.yaml': cm('tpl "{{ .Release.Name }}" .'),
      'web/templates/s.yaml': cm('tpl (cat "{{- with $.RelativeScope -}}" .Values.t "{{- end }}") .', 's'),
    },
  },
  'a script hands a .conf file outside the chart with -f': {
    files: {
      'deploy/prod.conf': 't: "{{ .Values.canary.weight }}"\n',
      'deploy.sh': 'helm upgrade --install web ./web -f deploy/prod.conf\n',
    },
    given: 't: "{{ .Values.canary.weight }}"\n',
    effect: { w: /^250m$/ },
    stop: /deploy\/prod\.conf:1:\d+ \(template text a chart given it with -f may render with tpl\)/,
  },
  "another chart's file, a helmfile values: entry, Argo CD valueFiles, Flux valuesFiles, a generator's files:": {
    files: {
      'api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'api/web-overrides.yaml': 't: "{{ .Values.canary.weight }}"\n',
      'a.sh': 'helm upgrade web ./web -f api/web-overrides.yaml\n',
      'h/prod.conf': 't: "{{ .Values.canary.weight }}"\n',
      'h/helmfile.yaml': 'releases:\n  - name: web\n    chart: ../web\n    values:\n      - prod.conf\n',
      'env/prod': 't: "{{ .Values.canary.weight }}"\n',
      'argo/app.yaml': argoHelm('valueFiles: [../env/prod]\n'),
      'env/flux.conf': 't: "{{ .Values.canary.weight }}"\n',
      'hr.yaml': flux('      valuesFiles: [env/flux.conf]\n'),
      'k/kustomization.yaml': 'configMapGenerator:\n  - name: web-values\n    files:\n      - values.yaml=overrides.txt\n',
      'k/overrides.txt': 't: "{{ .Values.canary.weight }}"\n',
    },
    stop: /(?:api\/web-overrides\.yaml|h\/prod\.conf|env\/prod|env\/flux\.conf|k\/overrides\.txt):1:\d+ \(template text/,
  },
  'an Argo CD fileParameters file (a --set-file) that reads the weight': {
    files: {
      'env/t.txt': '{{ .Values.canary.weight }}',
      'argo/app.yaml': argoHelm('fileParameters:\n        - name: t\n          path: ../env/t.txt\n'),
    },
    given: `t: '{{ .Values.canary.weight }}'\n`,
    effect: { w: /^250m$/ },
    stop: /argo\/app\.yaml:9:\d+ \(a file handed as a value \(\.\.\/env\/t\.txt\) whose text decodes to a read of \.Values/,
  },
  'a -f file the shell computes': {
    files: { 'deploy.sh': 'helm upgrade web ./web -f $VALUES\n' },
    stop: /deploy\.sh:1:24 \(values from \$VALUES, a file this run cannot find, which may hold any template text/,
  },
  'a -f file named .conf that sets the weight': {
    files: { 'deploy/prod.conf': 'canary:\n  weight: 100m\n', 'deploy.sh': 'helm upgrade web ./web -f deploy/prod.conf\n' },
    given: 'canary:\n  weight: 100m\n',
    effect: { weight: '100m' },
    stop: /deploy\/prod\.conf:2:11 sets \.Values\.canary\.weight too/,
  },
  'converts: a -f .conf file that sets other values; kubectl -f of a file not found': {
    files: {
      'deploy/prod.conf': 'image: {tag: v1}\n',
      'deploy.sh': 'helm upgrade web ./web -f deploy/prod.conf\nkubectl apply -f missing.yaml\n',
    },
  },
  'an include of the split template by its file name': {
    files: { 'web/templates/r.yaml': cm('include "web/templates/split.yaml" .') },
    effect: { w: /weight: 250m/ },
    stop: /web\/templates\/r\.yaml:5:9: an include of the template file web\/templates\/split\.yaml, which renders it again/,
  },
  'converts: an include of a define whose name holds a slash': {
    files: {
      'web/templates/_h.tpl': '{{- define "web/name" -}}{{ .Chart.Name }}{{- end -}}\n',
      'web/templates/r.yaml': cm('include "web/name" .'),
    },
  },
  'converts: a -f file whose keys are plain and off the path': {
    files: { 'web/values-prod.yaml': 'other: {weight: 100m}\n' },
  },
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(`spellings the proof cannot compare: ${name}`, () => {
    const files: Record<string, string> = {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/templates/split.yaml': splitTemplate(),
      'web/templates/r.yaml': TPL,
      ...c.files,
      'web/values.yaml': `canary:\n  stable: 3\n  weight: 250m\n${c.files['web/values.yaml'] ?? 't: x\n'}`,
    }
    const repo = tempRepo('smi-proof-spell-', files)
    const dir = mkdtempSync(join(tmpdir(), 'smi-proof-spell-given-'))
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

/** The v1alpha2 gate: each shape that may set the weight stops --check, named. */
const GATE: Record<string, { files: Record<string, string>; stop: RegExp }> = {
  'a !!binary key in a -f file': {
    files: { 'web/values-prod.yaml': '!!binary Y2FuYXJ5: {weight: 100m}\n' },
    stop: /web\/values-prod\.yaml:1:\d+ \(a tagged key/,
  },
  'a Flux valuesFrom targetPath whose ConfigMap is not in the repository': {
    files: { 'hr.yaml': flux(VALUES_FROM) },
    stop: /hr\.yaml:10:7 \(a Flux valuesFrom ConfigMap web-tpl/,
  },
  'a -f .conf file that sets the weight when tpl renders it': {
    files: { 'deploy/prod.conf': `t: '${SET}'\n`, 'deploy.sh': 'helm upgrade web ./web -f deploy/prod.conf\n' },
    stop: /deploy\/prod\.conf:1:\d+ \(/,
  },
  'an Argo CD fileParameters file that sets the weight': {
    files: { 'env/t.txt': SET, 'argo/app.yaml': argoHelm('fileParameters:\n        - name: t\n          path: ../env/t.txt\n') },
    stop: /argo\/app\.yaml:9:\d+ \(a file handed as a value \(\.\.\/env\/t\.txt\) whose text decodes to/,
  },
  '--set can\\ary.weight': {
    files: { 'deploy.sh': 'helm upgrade web ./web --set can\\ary.weight=100m\n' },
    stop: /deploy\.sh:1:24 \(a --set key spelt "canary\.weight"/,
  },
  'an Argo CD parameter named can\\ary.weight': {
    files: { 'argo/app.yaml': argoHelm('parameters:\n        - name: can\\ary.weight\n          value: 100m\n') },
    stop: /argo\/app\.yaml:9:11 \(an Argo CD helm\.parameters entry\) may set/,
  },
}

for (const [name, c] of Object.entries(GATE)) {
  test(`spellings the proof cannot compare: ${name} stops --check on a v1alpha2 chart`, () => {
    const repo = tempRepo('smi-proof-spell-gate-', {
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
