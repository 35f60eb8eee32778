/**
 * Property test of the values proof (docs/helm.md#values-driven-weights), judged by the Go
 * renderer (test/helpers/render.go): charts made from a seed, each with a split whose weights
 * render from values.yaml and random readers and setters of those values (templates, helpers,
 * subcharts, packaged subcharts, library charts, tpl'd files, symlinked template directories,
 * override files with aliases and merge keys, an umbrella beside the chart or three directories
 * away under an alias, values.schema.json), each in a repository of its own; some templates are
 * already at v1alpha2 with their values as they were (half converted). One `--write .` over them all;
 * then, for each chart, either its files were written and every render (values.yaml alone, each
 * values file beside it as -f, the umbrella) is the render before but for the split's apiVersion
 * and weights, whose ratios are equal; or nothing of it was written and a warning at its split
 * says why. VALUES_CHARTS (default 200) and VALUES_SEED pick the run.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git } from './helpers/repo.js'
import { type Render, type RenderRequest, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const CHARTS = Number(process.env.VALUES_CHARTS ?? 200)
const SEED = Number(process.env.VALUES_SEED ?? 20261207)

/** mulberry32: a small deterministic generator, so a failing seed can be run again. */
function generator(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Files = Record<string, string | Buffer>
interface Chart {
  files: Files
  links: Array<[string, string]>
  /** The -f files to render with (relative to the chart's directory), and the umbrellas that render it. */
  overrides: string[]
  umbrellas: string[]
  parts: string[]
}

const WEIGHTS = ['1', '3', '500m', '250m', '"500m"', '010', '2', '"1"', '750m', '5']
const cm = (name: string, data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n${data}`

/** Readers: each adds files to the chart; some read the split's values, some read others. */
const READERS: Record<string, (f: Files, l: Array<[string, string]>) => void> = {
  'cm .Values.canary.weight': (f) => void (f['web/templates/r1.yaml'] = cm('r1', '  w: "{{ .Values.canary.weight }}"\n')),
  'cm .Values.replicas': (f) => void (f['web/templates/r2.yaml'] = cm('r2', '  r: "{{ .Values.replicas }}"\n')),
  '$root in range (canary)': (f) =>
    void (f['web/templates/r3.yaml'] =
      `{{- $root := . }}\n${cm('r3', '{{- range list "a" }}\n  {{ . }}: "{{ $root.Values.canary.stable }}"\n{{- end }}\n')}`),
  '$root in range (replicas)': (f) =>
    void (f['web/templates/r4.yaml'] =
      `{{- $root := . }}\n${cm('r4', '{{- range list "a" }}\n  {{ . }}: "{{ $root.Values.replicas }}"\n{{- end }}\n')}`),
  'dict ctx helper': (f) => {
    f['web/templates/_ctx.tpl'] = '{{- define "web.ctx" -}}\n{{ .ctx.Values.canary.weight }}\n{{- end }}\n'
    f['web/templates/r5.yaml'] = cm('r5', '  w: {{ include "web.ctx" (dict "ctx" .) | quote }}\n')
  },
  'index "Values"': (f) => void (f['web/templates/r6.yaml'] = cm('r6', '  w: {{ index . "Values" "canary" "stable" | quote }}\n')),
  'with .Values.canary': (f) =>
    void (f['web/templates/r7.yaml'] = cm('r7', '{{- with .Values.canary }}\n  w: "{{ .weight }}"\n{{- end }}\n')),
  'with .Values.other': (f) => void (f['web/templates/r8.yaml'] = cm('r8', '{{- with .Values.other }}\n  x: "{{ .x }}"\n{{- end }}\n')),
  'toJson .Values.other': (f) => void (f['web/templates/r9.yaml'] = cm('r9', '  o: {{ toJson .Values.other | quote }}\n')),
  'toJson root': (f) => void (f['web/templates/r10.yaml'] = cm('r10', '  v: {{ toJson .Values | quote }}\n')),
  'tpl Files.Get canary': (f) => {
    f['web/conf/a.yaml'] = 'w: "{{ .Values.canary.weight }}"\n'
    f['web/templates/r11.yaml'] = cm('r11', '{{ tpl (.Files.Get "conf/a.yaml") . | indent 2 }}\n')
  },
  'tpl Files.Get replicas': (f) => {
    f['web/conf/b.yaml'] = 'r: "{{ .Values.replicas }}"\n'
    f['web/templates/r12.yaml'] = cm('r12', '{{ tpl (.Files.Get "conf/b.yaml") . | indent 2 }}\n')
  },
  'symlinked dir (canary)': (f, l) => {
    f['web/extra1/r13.yaml'] = cm('r13', '  w: "{{ .Values.canary.stable }}"\n')
    l.push(['web/templates/more1', '../extra1'])
  },
  'symlinked dir (replicas)': (f, l) => {
    f['web/extra2/r14.yaml'] = cm('r14', '  r: "{{ .Values.replicas }}"\n')
    l.push(['web/templates/more2', '../extra2'])
  },
  'subchart canary': (f) => {
    f['web/charts/canary/Chart.yaml'] = 'apiVersion: v2\nname: canary\nversion: 0.1.0\n'
    f['web/charts/canary/templates/cm.yaml'] = cm('sub-canary', '  w: "{{ .Values.weight }}"\n')
  },
  'subchart other': (f) => {
    f['web/charts/other/Chart.yaml'] = 'apiVersion: v2\nname: other\nversion: 0.1.0\n'
    f['web/charts/other/values.yaml'] = 'x: 2\n'
    f['web/charts/other/templates/cm.yaml'] = cm('sub-other', '  x: "{{ .Values.x }}"\n')
  },
  'library helper (canary)': (f) => {
    f['web/charts/lib/Chart.yaml'] = 'apiVersion: v2\nname: lib\ntype: library\nversion: 0.1.0\n'
    f['web/charts/lib/templates/_lib.tpl'] = '{{- define "lib.w" -}}\n{{ .Values.canary.weight }}\n{{- end }}\n'
    f['web/templates/r15.yaml'] = cm('r15', '  w: {{ include "lib.w" . | quote }}\n')
  },
  'second split': (f) =>
    void (f['web/templates/split2.yaml'] =
      'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: two\nspec:\n  service: two\n  backends:\n  - service: a\n    weight: {{ .Values.canary.weight }}\n  - service: b\n    weight: 1\n'),
  'packaged subchart canary': (f) => void (f['web/charts/misc-1.0.0.tgz'] = packaged('canary')),
  'packaged subchart other': (f) => void (f['web/charts/other-1.0.0.tgz'] = packaged('other')),
  'anchor re-used': (f) => {
    f['web/values.yaml'] = String(f['web/values.yaml']).replace('canary:', 'canary: &c') + 'mirror: *c\n'
    f['web/templates/r16.yaml'] = cm('r16', '  w: "{{ .Values.mirror.weight }}"\n')
  },
}

/** Setters: values files that may be given with -f, an umbrella, a schema. */
const SETTERS: Record<string, (c: Chart, w: () => string) => void> = {
  'values-prod sets weight': (c, w) => override(c, 'values-prod.yaml', `canary:\n  weight: ${w()}\n`),
  'values-prod alias': (c, w) => override(c, 'values-prod.yaml', `p: &p\n  stable: ${w()}\n  weight: ${w()}\ncanary: *p\n`),
  'values.prod merge key': (c, w) => override(c, 'values.prod.yaml', `b: &b\n  weight: ${w()}\ncanary:\n  <<: *b\n`),
  'ci values set stable': (c, w) => override(c, 'ci/a-values.yaml', `canary:\n  stable: ${w()}\n`),
  'values-prod sets replicas': (c) => override(c, 'values-prod.yaml', 'replicas: 7\nother:\n  x: 9\n'),
  'values-prod nulls canary': (c) => override(c, 'values-staging.yaml', 'canary: null\n'),
  'umbrella sets weight': (c, w) => umbrella(c, `web:\n  canary:\n    weight: ${w()}\n`),
  'umbrella sets others': (c) => umbrella(c, 'web:\n  replicas: 4\nglobal:\n  env: prod\n'),
  'far umbrella sets weight (alias)': (c, w) => farUmbrella(c, `front:\n  canary:\n    weight: ${w()}\n`),
  'far umbrella sets others (alias)': (c) => farUmbrella(c, 'front:\n  replicas: 4\n'),
  'schema bounds': (c) =>
    void (c.files['web/values.schema.json'] = '{"properties": {"canary": {"type": "object", "additionalProperties": {"maximum": 100}}}}\n'),
  'schema allows': (c) =>
    void (c.files['web/values.schema.json'] =
      '{"properties": {"canary": {"type": "object", "additionalProperties": {"type": ["integer", "string"], "minimum": 0}}}}\n'),
}

function override(c: Chart, name: string, text: string): void {
  c.files[`web/${name}`] = text
  if (!c.overrides.includes(name)) c.overrides.push(name)
}

function umbrella(c: Chart, values: string): void {
  c.files['site/Chart.yaml'] =
    'apiVersion: v2\nname: site\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../web\n'
  c.files['site/values.yaml'] = values
  c.files['site/templates/cm.yaml'] = cm('site', '  r: "{{ .Values.web.replicas }}"\n')
  c.links.push(['site/charts/web', '../../web'])
  c.umbrellas.push('site')
}

/** An umbrella three directories away, not linked: it reaches web by file:// only, under an alias. */
function farUmbrella(c: Chart, values: string): void {
  const dir = 'deploy/envs/prod'
  c.files[`${dir}/Chart.yaml`] =
    'apiVersion: v2\nname: prod\nversion: 0.1.0\ndependencies:\n- name: web\n  alias: front\n  version: 0.1.0\n  repository: file://../../../web\n'
  c.files[`${dir}/values.yaml`] = values
  c.umbrellas.push(dir)
}

const archives = new Map<string, Buffer>()
/** A packaged subchart (as `helm package` makes it) whose Chart.yaml names it `name`, made once. */
function packaged(name: string): Buffer {
  const known = archives.get(name)
  if (known) return known
  const dir = mkdtempSync(join(tmpdir(), 'smi-tgz-'))
  mkdirSync(join(dir, name, 'templates'), { recursive: true })
  writeFileSync(join(dir, name, 'Chart.yaml'), `apiVersion: v2\nname: ${name}\nversion: 1.0.0\n`)
  writeFileSync(join(dir, name, 'templates', 'cm.yaml'), cm(`tgz-${name}`, '  w: "{{ .Values.weight }}"\n'))
  const r = spawnSync('tar', ['-czf', join(dir, 'out.tgz'), '-C', dir, name])
  assert.is(r.status, 0, String(r.stderr))
  const out = readFileSync(join(dir, 'out.tgz'))
  rmSync(dir, { recursive: true, force: true })
  archives.set(name, out)
  return out
}

function makeChart(random: () => number): Chart {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!
  const weight = () => pick(WEIGHTS)
  const [stable, canary] = [weight(), weight()]
  // Some charts are half converted: the template at v1alpha2, its values as they were.
  const version = random() < 0.3 ? 'v1alpha2' : 'v1alpha1'
  const c: Chart = {
    files: {
      'web/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
      'web/values.yaml': `canary:\n  stable: ${stable}\n  weight: ${canary}\nreplicas: 2\nother:\n  x: 1\n`,
      'web/templates/split.yaml': `apiVersion: split.smi-spec.io/${version}\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: web-stable\n    weight: {{ .Values.canary.stable }}\n  - service: web-canary\n    weight: {{ .Values.canary.weight }}\n`,
    },
    links: [],
    overrides: [],
    umbrellas: [],
    parts: version === 'v1alpha2' ? ['v1alpha2'] : [],
  }
  const readers = Object.keys(READERS)
  const setters = Object.keys(SETTERS)
  for (let n = Math.floor(random() * 3); n > 0; n--) {
    const r = pick(readers)
    if (c.parts.includes(r)) continue
    READERS[r]!(c.files, c.links)
    c.parts.push(r)
  }
  for (let n = Math.floor(random() * 3); n > 0; n--) {
    const s = pick(setters)
    if (c.parts.includes(s) || (s.includes('umbrella') && c.umbrellas.length)) continue
    SETTERS[s]!(c, weight)
    c.parts.push(s)
  }
  return c
}

/** Whether every TrafficSplit a render gives has integer weights (a render that failed has none). */
function integerWeights(r: Render): boolean {
  if (!('objects' in r)) return true
  const splits = r.objects.filter((o) => o.object.kind === 'TrafficSplit')
  return splits.every((o) =>
    ((o.object.spec as { backends?: Array<{ weight?: unknown }> }).backends ?? []).every((x) => Number.isInteger(x.weight)),
  )
}

function requestsOf(root: string, c: Chart): RenderRequest[] {
  const web = join(root, 'web')
  return [
    { chart: web, values: [] },
    ...c.overrides.map((o) => ({ chart: web, values: [join(web, o)] })),
    ...c.umbrellas.map((u) => ({ chart: join(root, u), values: [] })),
  ]
}

testWith('go')(`${CHARTS} generated charts (seed ${SEED}): each converts with the same renders, or is left with its reason`, () => {
  const random = generator(SEED)
  const ws = mkdtempSync(join(tmpdir(), 'smi-values-prop-'))
  const charts = Array.from({ length: CHARTS }, () => makeChart(random))
  for (const [i, c] of charts.entries()) {
    const root = join(ws, `c${String(i).padStart(4, '0')}`)
    for (const [f, text] of Object.entries(c.files)) {
      mkdirSync(dirname(join(root, f)), { recursive: true })
      writeFileSync(join(root, f), text)
    }
    for (const [link, target] of c.links) {
      mkdirSync(dirname(join(root, link)), { recursive: true })
      symlinkSync(target, join(root, link))
    }
  }
  // Each chart is a repository of its own: any YAML file of a repository may be given with -f to
  // any chart in it, so charts sharing one would stop each other's proofs.
  for (const i of charts.keys()) {
    const root = join(ws, `c${String(i).padStart(4, '0')}`)
    git(root, 'init', '-q')
    git(root, 'add', '-A')
    git(root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'chart')
  }
  const requests = charts.map((c, i) => requestsOf(join(ws, `c${String(i).padStart(4, '0')}`), c))
  const before = renderBatch(requests.flat())
  const r = cli(['--write', '.'], { cwd: ws, timeout: 300_000 })
  assert.ok(r.status === 0 || r.status === 1, r.stderr)
  const after = renderBatch(requests.flat())
  const changed = (name: string) => git(join(ws, name), 'status', '--porcelain') !== ''
  let converted = 0
  let repaired = 0
  let at = 0
  for (const [i, c] of charts.entries()) {
    const name = `c${String(i).padStart(4, '0')}`
    const shown = `${name} (${c.parts.join(', ') || 'plain'})`
    const n = requests[i]!.length
    const [b, a] = [before.slice(at, at + n), after.slice(at, at + n)]
    at += n
    if (changed(name)) {
      converted++
      if (c.parts.includes('v1alpha2')) repaired++
      for (const [k, x] of b.entries()) {
        const diff = sameRender(x, a[k]!)
        assert.is(diff, undefined, `${shown}, render ${k}: ${diff}`)
        // Converted or repaired: the split renders integer weights, as v1alpha2 wants.
        assert.ok(integerWeights(a[k]!), `${shown}, render ${k}: ${JSON.stringify(a[k])}`)
      }
    } else if (!(c.parts.includes('v1alpha2') && b.every(integerWeights))) {
      // (A v1alpha2 split that renders integers everywhere is done: nothing to write, nothing to say.)
      const why = r.stdout.split('\n').find((l) => l.startsWith(`${name}/web/templates/split.yaml:`) && l.includes(': warning: '))
      assert.ok(why, `${shown}: nothing written and no warning at its split\n${r.stdout.slice(0, 2000)}`)
    }
  }
  // Not vacuous: many charts convert, many are left.
  assert.ok(converted > CHARTS / 5 && converted < CHARTS, `${converted} of ${CHARTS} converted`)
  // Half-converted charts among them are repaired through their values too.
  if (CHARTS >= 100) assert.ok(repaired > 0, 'no v1alpha2 chart repaired')
  console.log(
    `  ${converted} of ${CHARTS} charts converted (${repaired} of them v1alpha2 templates repaired through their values), ${CHARTS - converted} left with a reason (seed ${SEED})`,
  )
  rmSync(ws, { recursive: true, force: true })
})

test.run()
