/**
 * Setters the generic setter scan (docs/helm.md#values-driven-weights) reads in any text file of
 * the world: a JSON 6902 or yq path ending above the value (replacing the block that holds it),
 * the path spelt in CUE, jsonnet, Go, Python or TypeScript, and an app-of-apps chart whose
 * Argo CD Application template hands the child chart a block of the parent's own values. Each
 * stops the proof through the built CLI: a warning naming the setter at path:line:col, exit 1,
 * nothing written; a file naming another block converts.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n'
const CHART = {
  'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
  'web/values.yaml': 'canary:\n  stable: 3\n  weight: 250m\n',
  'web/templates/split.yaml': SPLIT,
}
const APPS = {
  'apps/Chart.yaml': 'apiVersion: v2\nname: apps\nversion: 0.1.0\n',
  'apps/values.yaml': 'web:\n  canary:\n    weight: 500m\n',
}
const app = (values: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: web\nspec:\n  source:\n    repoURL: https://example.com/r.git\n    path: web\n    helm:\n${values}`

const CASES: Record<string, { files: Record<string, string>; refused?: RegExp }> = {
  'a JSON 6902 patch replacing the block above the value': {
    files: {
      'deploy/kustomization.yaml':
        'resources:\n- release.yaml\npatches:\n- target:\n    kind: HelmRelease\n    name: frontend\n  patch: |\n    - op: replace\n      path: /spec/values/canary\n      value: {stable: 3, weight: 500m}\n',
      'deploy/release.yaml':
        'apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: frontend\nspec:\n  chart:\n    spec:\n      chart: ./web\n',
    },
    refused: /deploy\/kustomization\.yaml:9:26 mentions \.Values\.canary\.weight: it may set the value/,
  },
  'a yq assignment to the block above the value': {
    files: { 'ci.sh': `yq -i '.canary = {"stable": 3}' web/values-prod.yaml\n` },
    refused: /ci\.sh:1:9 mentions \.Values\.canary\.weight/,
  },
  'CUE chained keys': { files: { 'deploy/web.cue': 'values: canary: weight: "500m"\n' }, refused: /deploy\/web\.cue:1:17 mentions/ },
  'jsonnet +: fields': {
    files: { 'deploy/web.jsonnet': "{ values+: { canary+: { weight: '500m' } } }\n" },
    refused: /deploy\/web\.jsonnet:1:25 mentions/,
  },
  'a Go composite literal': {
    files: {
      'deploy/main.go':
        'package main\n\nvar v = map[string]interface{}{\n\t"canary": map[string]interface{}{\n\t\t"weight": "500m",\n\t},\n}\n',
    },
    refused: /deploy\/main\.go:5:4 mentions/,
  },
  'Python keyword arguments': {
    files: { 'deploy/main.py': 'values = dict(canary=dict(weight="500m"))\n' },
    refused: /deploy\/main\.py:1:27 mentions/,
  },
  'a cdk8s Helm construct in TypeScript': {
    files: { 'deploy/main.ts': "new Helm(this, 'web', { chart: './web', values: { canary: { weight: '500m' } } })\n" },
    refused: /deploy\/main\.ts:1:61 mentions/,
  },
  'a Python subscript assignment above the value': {
    files: { 'deploy/values.py': 'values = {}\nvalues["canary"] = {"weight": "500m"}\n' },
    refused: /deploy\/values\.py:2:9 mentions/,
  },
  'a TypeScript property assignment above the value': {
    files: { 'deploy/values.ts': 'const values: any = {}\nvalues.canary = { stable: 3 }\n' },
    refused: /deploy\/values\.ts:2:8 mentions/,
  },
  "an app of apps handing a block of the parent's values": {
    files: {
      ...APPS,
      'apps/templates/web.yaml': app('      valuesObject:\n        canary: {{ toYaml .Values.web.canary | nindent 10 }}\n'),
    },
    refused: /apps\/values\.yaml:3:5 mentions \.Values\.canary\.weight/,
  },
  "an app of apps handing all of a block of the parent's values": {
    files: { ...APPS, 'apps/templates/web.yaml': app('      valuesObject: {{ toYaml .Values.web | nindent 8 }}\n') },
    refused: /apps\/values\.yaml:3:5 mentions/,
  },
  'converts: an app of apps deploying another chart': {
    files: {
      ...APPS,
      'apps/templates/web.yaml': app('      valuesObject: {{ toYaml .Values.web | nindent 8 }}\n').replace(/web/g, 'api'),
      'deploy/main.go': 'package main\n\nvar v = map[string]any{"other": map[string]any{"weight": 1}}\n',
    },
  },
}

for (const [name, c] of Object.entries(CASES)) {
  test(name, () => {
    const repo = tempRepo('smi-setters-', { ...CHART, ...c.files })
    const r = cli(['--write', '.'], { cwd: repo })
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
