/**
 * No pass for a half-converted chart (docs/helm.md#values-driven-weights): a TrafficSplit
 * template already at v1alpha2 or newer whose weight renders from a value that is no integer
 * is repaired through that value, under the values proof, or left with the reason. Judged
 * through the built CLI by the Go renderer (test/helpers/render.go): the chart is rendered
 * with every values file beside it given as -f before and after `--write .`; either the run
 * writes and every object renders the same but the split's weights, whose ratios are equal
 * and which are now integers, or it exits 1, writes nothing, and warns naming why.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git, tempRepo } from './helpers/repo.js'
import { type Render, type RenderRequest, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { CONFIGMAP_TEMPLATE, splitTemplate } from './helpers/chart-templates.js'

const split = splitTemplate
const CM = CONFIGMAP_TEMPLATE

function chart(values: string, template = split('v1alpha2')): Record<string, string> {
  return {
    'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'web/values.yaml': values,
    'web/templates/split.yaml': template,
    'web/templates/cm.yaml': CM,
  }
}

interface Case {
  files: Record<string, string>
  /** The values files given with -f, one render each (and one with none). */
  overrides?: string[]
  /** More charts to render with their -f files (an umbrella). */
  more?: RenderRequest[]
  /** Undefined: repaired; else the warning. */
  refused?: RegExp
  /** values.yaml after the write, when the case says it. */
  values?: string
  /** Whether the template itself changes (a literal weight scaled with the values). */
  templateChanges?: boolean
}

const VALUES = 'canary:\n  stable: 3\n  weight: 250m\nreplicas: 2\n'

const CASES: Record<string, Case> = {
  'v1alpha2, 250m in values.yaml: both values of the split scaled': { files: chart(VALUES) },
  'v1alpha4 keeps its version': { files: chart(VALUES, split('v1alpha4')) },
  'a literal weight beside the value is scaled with it': {
    files: chart('canary:\n  weight: 500m\nreplicas: 2\n', split('v1alpha2', '1')),
    templateChanges: true,
  },
  'a quoted "250m" keeps its quotes': {
    files: chart('canary:\n  stable: "1"\n  weight: "250m"\nreplicas: 2\n'),
    values: 'canary:\n  stable: "1000"\n  weight: "250"\nreplicas: 2\n',
  },
  'values-prod.yaml sets the value too: left': {
    files: { ...chart(VALUES), 'web/values-prod.yaml': 'canary:\n  weight: 100m\n' },
    overrides: ['web/values-prod.yaml'],
    refused: /split\.yaml:11:13: warning: .*web\/values-prod\.yaml:2:11 sets \.Values\.canary\.weight too/,
  },
  'a helper reads the value too: left': {
    files: {
      ...chart(VALUES),
      'web/templates/_helpers.tpl': '{{- define "web.w" -}}\n{{ .Values.canary.weight }}\n{{- end }}\n',
      'web/templates/cm2.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: extra\ndata:\n  w: {{ include "web.w" . | quote }}\n',
    },
    refused: /split\.yaml:11:13: warning: .*read elsewhere too: web\/templates\/_helpers\.tpl:2:4/,
  },
  'values.schema.json bounds the new value: left': {
    files: {
      ...chart(VALUES),
      'web/values.schema.json': '{"properties": {"canary": {"additionalProperties": {"maximum": 100}}}}\n',
    },
    refused: /split\.yaml:9:13: warning: .*values\.schema\.json.* constrains \.Values\.canary\.stable/,
  },
  'an integer value with m after the action: left': {
    files: chart('canary:\n  stable: 3\n  weight: 250\nreplicas: 2\n', split('v1alpha2').replace('weight }}', 'weight }}m')),
    refused: /split\.yaml:11:13: warning: .*web\/values\.yaml:3:11 holds 250, which renders 250m/,
  },
  'an integer value quoted around the action: left': {
    files: chart(
      'canary:\n  stable: 3\n  weight: 250\nreplicas: 2\n',
      split('v1alpha2').replace('{{ .Values.canary.weight }}', '"{{ .Values.canary.weight }}"'),
    ),
    refused: /split\.yaml:11:14: warning: .*web\/values\.yaml:3:11 holds 250, which renders "250"/,
  },
  'an integer in values.yaml, 250m in a values file elsewhere in the repository: left': {
    files: { ...chart('canary:\n  stable: 3\n  weight: 250\nreplicas: 2\n'), 'env/prod/web.yaml': 'canary:\n  weight: 250m\n' },
    overrides: ['env/prod/web.yaml'],
    refused: /split\.yaml:11:13: warning: .*integer weights, but env\/prod\/web\.yaml:2:11 holds 250m, which renders 250m/,
  },
  'an integer in values.yaml, 250m in an umbrella that renders the chart: left': {
    files: {
      ...chart('canary:\n  stable: 3\n  weight: 250\nreplicas: 2\n'),
      'site/Chart.yaml':
        'apiVersion: v2\nname: site\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../web\n',
      'site/values.yaml': 'web:\n  canary:\n    weight: 250m\n',
    },
    more: [{ chart: 'site', values: [] }],
    refused: /split\.yaml:11:13: warning: .*integer weights, but site\/values\.yaml:3:13 holds 250m, which renders 250m/,
  },
  'an integer in values.yaml, 250m in values-prod.yaml: left': {
    files: { ...chart('canary:\n  stable: 3\n  weight: 250\nreplicas: 2\n'), 'web/values-prod.yaml': 'canary:\n  weight: 250m\n' },
    overrides: ['web/values-prod.yaml'],
    refused:
      /split\.yaml:11:13: warning: .*the split's version takes integer weights, but web\/values-prod\.yaml:2:11 holds 250m, which renders 250m/,
  },
}

/** The rendered split's weights, each an integer: the render is valid at v1alpha2 and newer. */
function integerWeights(r: Render): boolean {
  if (!('objects' in r)) return false
  const splits = r.objects.filter((o) => o.object.kind === 'TrafficSplit')
  const backends = splits.flatMap((o) => (o.object.spec as { backends: Array<{ weight: unknown }> }).backends)
  return splits.length === 1 && backends.every((b) => Number.isInteger(b.weight))
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    const repo = tempRepo('smi-repair-', c.files)
    const asked: RenderRequest[] = [[], ...(c.overrides ?? []).map((o) => [o])].map((values) => ({ chart: 'web', values }))
    const requests = [...asked, ...(c.more ?? [])].map((r) => ({ chart: join(repo, r.chart), values: r.values.map((v) => join(repo, v)) }))
    const before = renderBatch(requests)
    // The judge: the chart as it stands renders a split whose weights are not all integers.
    assert.ok(!before.every(integerWeights), JSON.stringify(before))
    const template = readFileSync(join(repo, 'web/templates/split.yaml'), 'utf8')
    const check = cli(['--check', '.'], { cwd: repo })
    assert.is(check.status, 1, check.stdout + check.stderr)
    const r = cli(['--write', '.'], { cwd: repo })
    const after = renderBatch(requests)
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      assert.match(r.stdout, c.refused)
      assert.is(git(repo, 'status', '--porcelain'), '', 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(r.stdout, /web\/templates\/split\.yaml:1:1: repaired TrafficSplit .*: non-integer v1alpha\d weights/)
      const changed = git(repo, 'status', '--porcelain')
      assert.match(changed, /web\/values\.yaml/)
      assert.is(/split\.yaml/.test(changed), c.templateChanges === true, changed)
      if (!c.templateChanges) assert.is(readFileSync(join(repo, 'web/templates/split.yaml'), 'utf8'), template)
      for (const a of after) assert.ok(integerWeights(a), JSON.stringify(a))
      if (c.values !== undefined) assert.is(readFileSync(join(repo, 'web/values.yaml'), 'utf8'), c.values)
      // A second run is a no-op.
      const again = cli(['--check', '.'], { cwd: repo })
      assert.is(again.status, 0, again.stdout + again.stderr)
    }
    for (const [i, b] of before.entries()) assert.is(sameRender(b, after[i]!), undefined)
    rmSync(repo, { recursive: true, force: true })
  })
}

test('a v1alpha2 chart in no git repository: the files that may set its values cannot all be found, so it does not pass', () => {
  const dir = mkdtempSync(join(tmpdir(), 'smi-repair-'))
  for (const [f, text] of Object.entries(chart('canary:\n  stable: 3\n  weight: 250\nreplicas: 2\n'))) {
    mkdirSync(dirname(join(dir, f)), { recursive: true })
    writeFileSync(join(dir, f), text)
  }
  const r = cli(['--check', 'web'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(r.stdout, /split\.yaml:11:13: warning: .*cannot all be found: web: it is in no git repository/)
  rmSync(dir, { recursive: true, force: true })
})

test.run()
