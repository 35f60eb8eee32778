/**
 * Setters the values proof (docs/helm.md#values-driven-weights) cannot read whole: a file that
 * is no YAML or JSON data (code, a script, a jq or yq program, jsonnet, Terraform) and spells a
 * key above the value as a word stops the proof, however it spells the rest; so do a dotted
 * field path ending at a block above the value (kustomize `replacements`) and an umbrella that
 * depends on the chart by name from a chart repository; and a program in a YAML string (a CI
 * step's script) that spells the key. A multi-document YAML file beside the
 * chart stops it only when one of its documents sets the value. An ordinary monorepo (app
 * source, Dockerfiles, CI that never spell the keys; another chart's ConfigMap reading its own
 * `canary`) still converts. Each through the built CLI: a warning naming the file at
 * path:line:col, exit 1, nothing written; or the values converted.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'
const chart = (name: string) => ({
  [`${name}/Chart.yaml`]: `apiVersion: v2\nname: ${name}\nversion: 0.1.0\n`,
  [`${name}/values.yaml`]: 'canary:\n  stable: 3\n  weight: 250m\n',
  [`${name}/templates/split.yaml`]: SPLIT.replace(/web/g, name),
})
const spells = (at: string) => new RegExp(`${at.replace(/\./g, '\\.')} spells canary, a key of \\.Values\\.canary\\.weight`)
const umbrella = (dep: string) => ({
  'deploy/prod/Chart.yaml': `apiVersion: v2\nname: prod\nversion: 0.1.0\ndependencies:\n${dep}`,
  'deploy/prod/values.yaml': 'frontend:\n  canary:\n    weight: 100m\nweb:\n  canary:\n    weight: 100m\n',
})

const CASES: Record<string, { files: Record<string, string>; refused?: RegExp }> = {
  'Go: unstructured.SetNestedField with the keys as arguments': {
    files: {
      'tools/main.go': 'package main\n\nfunc p(o map[string]interface{}) {\n\tunstructured.SetNestedField(o, "3", "canary", "weight")\n}\n',
    },
    refused: spells('tools/main.go:4:39'),
  },
  'Go: a subscript through a type assertion': {
    files: {
      'tools/main.go': 'package main\n\nfunc p(v map[string]interface{}) {\n\tv["canary"].(map[string]interface{})["weight"] = "3"\n}\n',
    },
    refused: spells('tools/main.go:4:5'),
  },
  'Python: dict.update on the block': {
    files: { 'tools/gen.py': 'def p(values):\n    values["canary"].update(weight="3")\n' },
    refused: spells('tools/gen.py:2:13'),
  },
  'TypeScript: lodash set with an array path': {
    files: { 'tools/gen.ts': 'export const p = (v: any) => _.set(v, ["canary", "weight"], "3");\n' },
    refused: spells('tools/gen.ts:1:41'),
  },
  'jq setpath': {
    files: { 'deploy.sh': `jq 'setpath(["canary","weight"]; "3")' in.json > web/values-ci.json\n` },
    refused: spells('deploy.sh:1:15'),
  },
  'jq delpaths naming only the block': {
    files: { 'deploy.sh': `jq 'delpaths([["canary"]])' a.json\n` },
    refused: spells('deploy.sh:1:17'),
  },
  'yq with() on the block': {
    files: { 'deploy.sh': `yq -i 'with(.canary; .weight = "3")' env/prod.yaml\n` },
    refused: /deploy\.sh:1:\d+ (?:mentions|spells canary, a key of) \.Values\.canary\.weight/,
  },
  'Python: the block set to a variable': {
    files: { 'deploy/gen.py': 'w = {"weight": "100m"}\nvalues = {"replicas": 2, "canary": w}\n' },
    refused: spells('deploy/gen.py:2:27'),
  },
  'jsonnet: the block set to a local': {
    files: { 'deploy/v.jsonnet': 'local c = { weight: "100m" };\n{ values: { canary: c } }\n' },
    refused: spells('deploy/v.jsonnet:2:13'),
  },
  'TypeScript: the block set to a call': {
    files: { 'deploy/gen.ts': 'export const values = {\n  canary: canaryCfg({ weight: "100m" }),\n};\n' },
    refused: spells('deploy/gen.ts:2:3'),
  },
  'Go: the key in a constant': {
    files: {
      'deploy/v.go':
        'package deploy\n\nconst key = "canary"\n\nfunc v() map[string]any { return map[string]any{key: map[string]any{"weight": "100m"}} }\n',
    },
    refused: spells('deploy/v.go:3:14'),
  },
  'Terraform: the block from a variable': {
    files: {
      'main.tf': 'resource "helm_release" "web" {\n  chart  = "./web"\n  values = [yamlencode({\n    canary = var.canary\n  })]\n}\n',
    },
    refused: /main\.tf:4:\d+ (?:mentions|spells canary, a key of) \.Values\.canary\.weight/,
  },
  'kustomize replacements ending at the block': {
    files: {
      'k/kustomization.yaml':
        'resources: [hr.yaml]\nreplacements:\n  - source: {kind: ConfigMap, name: w, fieldPath: data.x}\n    targets:\n      - select: {kind: HelmRelease}\n        fieldPaths:\n          - spec.values.canary\n',
      'k/hr.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata: {name: frontend}\nspec:\n  chart:\n    spec: {chart: ./web}\n',
    },
    refused: /k\/kustomization\.yaml:7:25 mentions \.Values\.canary\.weight/,
  },
  'an umbrella depending on the chart from an https repository': {
    files: umbrella('  - name: web\n    version: ">=0.1.0"\n    repository: https://charts.example.com\n'),
    refused: /deploy\/prod\/values\.yaml:6:13 sets \.Values\.web\.canary\.weight too/,
  },
  'an umbrella depending on the chart from an OCI registry under an alias': {
    files: umbrella('  - name: web\n    alias: frontend\n    version: ">=0.1.0"\n    repository: oci://registry.example.com/charts\n'),
    refused: /deploy\/prod\/values\.yaml:3:13 sets \.Values\.frontend\.canary\.weight too/,
  },
  'a Helm 2 umbrella depending on the chart from @local': {
    files: {
      ...umbrella(''),
      'deploy/prod/Chart.yaml': 'apiVersion: v1\nname: prod\nversion: 0.1.0\n',
      'deploy/prod/requirements.yaml': 'dependencies:\n  - name: web\n    version: 0.1.0\n    repository: "@local"\n',
    },
    refused: /deploy\/prod\/values\.yaml:6:13 sets \.Values\.web\.canary\.weight too/,
  },
  'a multi-document YAML beside the chart whose second document sets the value': {
    files: { 'helmfile.yaml': 'environments:\n  default: {}\n---\ncanary:\n  weight: 100m\n' },
    refused: /helmfile\.yaml:3:1: a second YAML document starts here/,
  },
  "another chart's Application template handing a block": {
    files: {
      ...chart('apps'),
      'apps/templates/app.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: child\nspec:\n  source:\n    path: {{ .Values.path }}\n    helm:\n      valuesObject:\n        canary: {{ toYaml .Values.child | nindent 10 }}\n',
    },
    // The templated path makes the parent a deployer of every chart of the world: its values are setters.
    refused: /apps\/values\.yaml:\d+:\d+ mentions \.Values\.canary\.(?:stable|weight): it may set the value/,
  },
  "a CI workflow's run script deleting the block": {
    files: {
      '.github/workflows/deploy.yml':
        'on: push\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - run: |\n          jq \'delpaths([["canary"]])\' a.json > b.json\n          helm upgrade web ./web -f b.json\n',
    },
    refused: spells('.github/workflows/deploy.yml:6:14'),
  },
  "converts: YAML data naming canary in plain values and in an Application's values text": {
    files: {
      'k8s/svc.yaml':
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: web-canary\n  labels: {track: canary}\nspec:\n  selector: {track: canary}\n',
      'apps/web.yaml':
        'apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  source:\n    path: web\n    helm:\n      values: |\n        canary:\n          name: "web-canary"\n',
    },
  },
  'converts: an override file beside the chart with a tpl string and a sibling of the value': {
    files: { 'web/values-prod.yaml': 'podAnnotations:\n  a: "{{ .Release.Name }}"\ncanary:\n  enabled: true\n' },
  },
  'converts: a multi-document helmfile beside the chart for another release': {
    files: { 'helmfile.yaml': 'environments:\n  default: {}\n---\nreleases:\n  - name: other\n    chart: bitnami/redis\n' },
  },
  'converts: a stream of Namespaces beside the chart': {
    files: {
      'namespaces.yaml':
        'apiVersion: v1\nkind: Namespace\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: b}\n',
    },
  },
  'converts: an ordinary monorepo whose code never spells the keys': {
    files: {
      ...chart('api'),
      'api/templates/cm.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  w: {{ index . "Values" "canary" "stable" | quote }}\n',
      'services/web/main.go':
        'package main\n\nimport "net/http"\n\nfunc main() {\n\thttp.HandleFunc("/weight", func(w http.ResponseWriter, r *http.Request) {})\n\t_ = http.ListenAndServe(":8080", nil)\n}\n',
      'services/api/app.py':
        'from flask import Flask\napp = Flask(__name__)\n\n@app.route("/")\ndef index():\n    return {"stable": True}\n',
      'services/web/Dockerfile': 'FROM golang:1.22\nCOPY . .\nRUN go build -o /web .\n',
      Makefile: 'build:\n\tdocker build -t web services/web\n\thelm lint web api\n',
      '.github/workflows/ci.yml':
        'on: push\njobs:\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: helm lint web --set image.tag=${{ github.sha }}\n',
    },
  },
}

for (const [name, c] of Object.entries(CASES)) {
  test(name, () => {
    const repo = tempRepo('smi-code-', { ...chart('web'), ...c.files })
    const r = cli(['--write', 'web'], { cwd: repo })
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'diff', 'web/values.yaml'), /\+ {2}weight: 250\n/)
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
