/**
 * Post-render patches of the deployment tools (docs/helm.md#post-render-patches): a Flux
 * HelmRelease's `postRenderers`, a helmfile release's `jsonPatches`, a kustomization's
 * `helmCharts` with patches, aimed at the TrafficSplit a chart renders, would stop matching once
 * the chart is converted, so the chart's template and values are held back: a pending warning at
 * the template naming the patch, exit 1, nothing written. Judged by the Go renderer
 * (test/helpers/render.go): the patch's target (group, version, kind, name) selects the split
 * the chart renders before the run, and every render is the same after it; a patch for another
 * chart lets the chart convert.
 */
import * as assert from 'uvu/assert'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: 250m\n'
const TARGET = '  group: split.smi-spec.io\n  version: v1alpha1\n  kind: TrafficSplit\n  name: web\n'
const indent = (text: string, by: number) =>
  text
    .split('\n')
    .map((l) => (l ? ' '.repeat(by) + l : l))
    .join('\n')
const PATCH = '- op: replace\n  path: /spec/backends/1/weight\n  value: 0\n'

interface Case {
  files: Record<string, string>
  refused?: RegExp
}

const CASES: Record<string, Case> = {
  'a Flux HelmRelease postRenderers patch': {
    files: {
      'clusters/prod/web.yaml': `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: web\nspec:\n  chart:\n    spec:\n      chart: ./web\n  postRenderers:\n  - kustomize:\n      patches:\n      - target:\n${indent(TARGET, 8)}        patch: |\n${indent(PATCH, 10)}`,
    },
    refused:
      /web\/templates\/split\.yaml: warning: left unchanged: clusters\/prod\/web\.yaml:9:3: a Flux HelmRelease's spec\.postRenderers may patch/,
  },
  'a helmfile release jsonPatches': {
    files: {
      'helmfile.yaml': `releases:\n- name: web\n  chart: ./web\n  jsonPatches:\n  - target:\n${indent(TARGET, 4)}    patch:\n${indent(PATCH, 4)}`,
    },
    refused: /web\/templates\/split\.yaml: warning: left unchanged: helmfile\.yaml:4:3: a helmfile release's post-render patches may patch/,
  },
  'a kustomization helmCharts with a TrafficSplit patch': {
    files: {
      'overlays/prod/kustomization.yaml': `helmGlobals:\n  chartHome: ../..\nhelmCharts:\n- name: web\n  releaseName: web\npatches:\n- target:\n${indent(TARGET, 2)}  patch: |\n${indent(PATCH, 4)}`,
    },
    refused:
      /web\/templates\/split\.yaml: warning: left unchanged: overlays\/prod\/kustomization\.yaml:3:1: a kustomization's helmCharts with patches/,
  },
  'converts: a HelmRelease post-render patch for another chart': {
    files: {
      'clusters/prod/api.yaml': `apiVersion: helm.toolkit.fluxcd.io/v2\nkind: HelmRelease\nmetadata:\n  name: api\nspec:\n  chart:\n    spec:\n      chart: ./api\n  postRenderers:\n  - kustomize:\n      patches:\n      - target:\n          kind: Deployment\n          name: api\n        patch: |\n${indent('- op: replace\n  path: /spec/replicas\n  value: 2\n', 10)}`,
    },
  },
}

/** Whether the rendered TrafficSplit is the one the patch's target selects (group/version, kind, name). */
function targeted(r: Render): boolean {
  if (!('objects' in r)) return false
  return r.objects.some(
    (o) =>
      o.object.apiVersion === 'split.smi-spec.io/v1alpha1' &&
      o.object.kind === 'TrafficSplit' &&
      (o.object.metadata as { name?: string }).name === 'web',
  )
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    const repo = tempRepo('smi-postrender-', {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': 'canary:\n  stable: 3\n',
      'web/templates/split.yaml': SPLIT,
      ...c.files,
    })
    const requests = [{ chart: join(repo, 'web'), values: [] }]
    const before = renderBatch(requests)
    assert.ok(targeted(before[0]!), JSON.stringify(before[0]))
    const r = cli(['--write', '.'], { cwd: repo })
    const after = renderBatch(requests)
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
      assert.is(sameRender(before[0]!, after[0]!), undefined)
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.is(sameRender(before[0]!, after[0]!), undefined)
      assert.not.ok(targeted(after[0]!), 'converted')
    }
    rmSync(repo, { recursive: true, force: true })
  })
}

test.run()
