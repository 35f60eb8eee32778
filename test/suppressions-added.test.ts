/**
 * The suppression annotation added by kustomize (src/kustomize/added.ts): `commonAnnotations`,
 * a strategic-merge patch (a file, inline, under a target of any kind) and JSON 6902 operations
 * (the key's path, `/metadata/annotations`, `/metadata`), a transformer that spells it (an
 * AnnotationsTransformer under `transformers:`), replacements into annotations. The oracle is `kubectl kustomize`:
 * after `--write` of one file of the tree, every rendered TrafficSplit that carries
 * `smi-migrate.io/ignore` renders byte for byte as before. The tree is held back (exit 1, a
 * warning at the entry that adds it, nothing written); a tree whose every TrafficSplit is
 * suppressed in its source stays as it is with exit 0; a patch that adds another annotation
 * converts as before; `--no-ignore` converts the tree, its ratios kept.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { parseAllDocuments } from 'yaml'
import { cli } from './helpers/cli.js'
import { tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { build, sameRatios } from './helpers/kustomize.js'

const SPLIT = (annotated = '') =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n${annotated}spec:\n  service: web\n  backends:\n  - service: web-0\n    weight: 1\n  - service: web-1\n    weight: 500m\n`
const KEPT = '  annotations:\n    smi-migrate.io/ignore: "eu-1 runs linkerd-smi 0.1"\n'
const TARGET = '  target:\n    kind: TrafficSplit\n    name: web\n'
const WEIGHT_PATCH = `- path: weight.yaml\n${TARGET}`
const WEIGHT = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'

/** A base, overlay `a` (which adds the annotation as `a` says) and a plain overlay `b`. */
function tree(a: Record<string, string>, base = SPLIT()): Record<string, string> {
  const files: Record<string, string> = {
    'k/base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'k/base/split.yaml': base,
    'k/b/kustomization.yaml': `resources:\n- ../base\npatches:\n${WEIGHT_PATCH}`,
    'k/b/weight.yaml': WEIGHT,
  }
  for (const [name, text] of Object.entries(a)) files[`k/a/${name}`] = text
  return files
}

const CASES: Record<string, Record<string, string>> = {
  commonAnnotations: {
    'kustomization.yaml': 'resources:\n- ../base\ncommonAnnotations:\n  smi-migrate.io/ignore: "kept in cluster eu"\n',
  },
  // (Through a merge key, `commonAnnotations: {<<: *keep}`: a kustomization with a merge key or an
  // anchor is held whatever it adds, --no-ignore or not: test/kustomize-readings.test.ts.)
  'a strategic-merge patch file': {
    'kustomization.yaml': 'resources:\n- ../base\npatches:\n- path: keep.yaml\n',
    'keep.yaml': `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n${KEPT}`,
  },
  'an inline strategic-merge patch of any kind under a target': {
    'kustomization.yaml': `resources:\n- ../base\npatches:\n- patch: |-\n    apiVersion: v1\n    kind: Anything\n    metadata:\n      name: any\n      annotations:\n        smi-migrate.io/ignore: kept\n${TARGET}`,
  },
  'a strategic-merge null under a target (kustomize writes it as the text "null")': {
    'kustomization.yaml': `resources:\n- ../base\npatches:\n- path: keep.yaml\n${TARGET}`,
    'keep.yaml':
      'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n  annotations:\n    smi-migrate.io/ignore: null\n',
  },
  'a JSON 6902 patch file that adds the key': {
    'kustomization.yaml': `resources:\n- ../base\npatches:\n- path: keep.yaml\n${TARGET}`,
    'keep.yaml': '- op: add\n  path: /metadata/annotations/smi-migrate.io~1ignore\n  value: kept\n',
  },
  'inline JSON 6902 that adds /metadata/annotations, beside a weight': {
    'kustomization.yaml': `resources:\n- ../base\npatchesJson6902:\n- path: weight.yaml\n${TARGET.replace('kind', 'group: split.smi-spec.io\n    version: v1alpha1\n    kind')}patches:\n- patch: '[{"op": "add", "path": "/metadata/annotations", "value": {"smi-migrate.io/ignore": "kept"}}]'\n${TARGET}`,
    'weight.yaml': WEIGHT,
  },
  'replacements that copy a value into the annotation': {
    'kustomization.yaml':
      'resources:\n- ../base\n- cm.yaml\nreplacements:\n- source: {kind: ConfigMap, name: c, fieldPath: data.r}\n  targets:\n  - select: {kind: TrafficSplit}\n    fieldPaths: ["metadata.annotations.[smi-migrate.io/ignore]"]\n    options: {create: true}\n',
    'cm.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  r: pinned\n',
  },
  // (An AnnotationsTransformer under `transformers:` holds every tree of its repository, as a field that
  // may make a deploy object: test/kustomize-deployers-makers.test.ts.)
}

/** Each rendered TrafficSplit of `dir` that carries the annotation, as kubectl renders it. */
function kept(dir: string): string[] {
  const r = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  return parseAllDocuments(r.stdout)
    .map((d) => d.toJS() as { kind?: string; metadata?: { annotations?: Record<string, string> } })
    .filter((o) => o?.kind === 'TrafficSplit' && o.metadata?.annotations?.['smi-migrate.io/ignore'] !== undefined)
    .map((o) => JSON.stringify(o))
}

const status = (dir: string) => spawnSync('git', ['status', '--porcelain'], { cwd: dir, encoding: 'utf8' }).stdout

testWith('kubectl')('an annotation kustomize adds holds the tree back: kubectl renders the marked object as before', () => {
  // Each case's tree in a directory of its own (c0/k, c1/k, ...) of one repository: each run of the
  // CLI below names one file of every tree, and each tree is held back or converted on its own.
  const names = Object.keys(CASES)
  const at = (i: number, path: string) => `c${i}/${path}`
  const files: Record<string, string> = {}
  for (const [i, name] of names.entries()) for (const [f, text] of Object.entries(tree(CASES[name]!))) files[at(i, f)] = text
  const dir = tempRepo('smi-added-', files)
  const before = names.map((name, i) => {
    const marked = kept(join(dir, at(i, 'k/a')))
    assert.is(marked.length, 1, `${name}: kubectl renders the annotation`)
    return marked
  })
  for (const file of ['k/base/split.yaml', 'k/a/kustomization.yaml']) {
    const r = cli(['--write', ...names.map((_, i) => at(i, file))], { cwd: dir })
    assert.is(r.status, 1, `${file}: ${r.stdout}${r.stderr}`)
    for (const [i, name] of names.entries())
      assert.match(
        r.stdout,
        new RegExp(
          `^c${i}/k/a/kustomization\\.yaml:\\d+:\\d+: warning: .* adds smi-migrate\\.io/ignore to the TrafficSplits it renders`,
          'm',
        ),
        `${name} (${file})`,
      )
    assert.is(status(dir), '', `${file}: nothing written`)
  }
  for (const [i, name] of names.entries()) assert.equal(kept(join(dir, at(i, 'k/a'))), before[i], name)
  // --no-ignore converts the trees; every overlay renders its ratios as before.
  const overlays = names.flatMap((_, i) => ['k/a', 'k/b'].map((o) => at(i, o)))
  const ratios = overlays.map((o) => build(join(dir, o)).get('web')!)
  const n = cli(['--write', '--no-ignore', ...names.map((_, i) => at(i, 'k/base/split.yaml'))], { cwd: dir })
  assert.is(n.status, 0, n.stdout)
  for (const [j, o] of overlays.entries()) {
    const after = build(join(dir, o)).get('web')!
    assert.is(after.apiVersion, 'split.smi-spec.io/v1alpha2', `${names[j >> 1]}: ${o}`)
    assert.ok(sameRatios(after.weights, ratios[j]!.weights), `${names[j >> 1]}: ${o} ratios`)
  }
  rmSync(dir, { recursive: true, force: true })
})

test('every TrafficSplit suppressed in its source: what kustomize adds changes nothing (exit 0, nothing written)', () => {
  const dir = tempRepo('smi-added-', tree(CASES.commonAnnotations!, SPLIT(KEPT)))
  const r = cli(['--write', 'k'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /nothing to convert .*suppressed\n$/)
  assert.is(status(dir), '')
  rmSync(dir, { recursive: true, force: true })
})

testWith('kubectl')(
  'a JSON 6902 patch that takes the annotation away from a suppressed source holds the tree back: kubectl renders it unmarked at v1alpha1',
  () => {
    const smp = (annotations: string) =>
      `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\n${annotations}`
    const removals: Array<[string, string]> = [
      ['- op: remove\n  path: /metadata/annotations/smi-migrate.io~1ignore\n', TARGET],
      ['- op: replace\n  path: /metadata/annotations\n  value: {owner: me}\n', TARGET],
      // A strategic-merge null without a target deletes the key (or all annotations) as kustomize merges it.
      [smp('  annotations:\n    smi-migrate.io/ignore: null\n'), ''],
      [smp('  annotations:\n    smi-migrate.io/ignore:\n'), ''],
      [smp('  annotations: ~\n'), ''],
    ]
    for (const [ops, target] of removals) {
      const files = { 'kustomization.yaml': `resources:\n- ../base\npatches:\n- path: drop.yaml\n${target}`, 'drop.yaml': ops }
      const dir = tempRepo('smi-removed-', tree(files, SPLIT(KEPT)))
      const rendered = spawnSync('kubectl', ['kustomize', join(dir, 'k/a')], { encoding: 'utf8' }).stdout
      assert.match(rendered, /split\.smi-spec\.io\/v1alpha1/)
      assert.not.match(rendered, /smi-migrate\.io\/ignore/)
      const r = cli(['--check', 'k'], { cwd: dir })
      assert.is(r.status, 1, ops + r.stdout)
      assert.match(r.stdout, /k\/a\/kustomization\.yaml:\d+:\d+: warning: patches entry drop\.yaml removes smi-migrate\.io\/ignore/)
      assert.not.match(r.stdout, /adds smi-migrate\.io\/ignore|must be a string/, ops)
      const w = cli(['--write', 'k'], { cwd: dir })
      assert.is(w.status, 1, w.stdout)
      assert.is(status(dir), '', 'nothing written')
      rmSync(dir, { recursive: true, force: true })
    }
    // A replace whose value keeps the key takes nothing away: suppressed, exit 0.
    const keep = {
      'kustomization.yaml': `resources:\n- ../base\npatches:\n- path: keep.yaml\n${TARGET}`,
      'keep.yaml': '- op: replace\n  path: /metadata/annotations\n  value: {smi-migrate.io/ignore: still}\n',
    }
    const dir = tempRepo('smi-removed-', tree(keep, SPLIT(KEPT)))
    assert.is(cli(['--check', 'k'], { cwd: dir }).status, 0)
    rmSync(dir, { recursive: true, force: true })
  },
)

test('a patch or commonAnnotations that adds another annotation converts as before; a comment naming the key is no annotation', () => {
  const other = {
    'kustomization.yaml':
      '# smi-migrate.io/ignore is not set here\nresources:\n- ../base\ncommonAnnotations:\n  team: web\npatches:\n- patch: |-\n    - op: add\n      path: /metadata/annotations/smi-migrate.io~1ignored-by\n      value: no\n' +
      TARGET,
  }
  const dir = tempRepo('smi-added-', tree(other))
  const r = cli(['--write', 'k/base/split.yaml'], { cwd: dir })
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /converted/)
  rmSync(dir, { recursive: true, force: true })
})

/** A chart whose split's annotations a template action writes (`annotations` of the template), with `values`. */
function chart(annotations: string, values: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'chart/Chart.yaml': 'apiVersion: v2\nname: web\nversion: 0.1.0\n',
    'chart/values.yaml': values,
    'chart/templates/split.yaml': SPLIT(annotations).replace(
      'name: web\n',
      'name: {{ .Release.Name }}-web\n  labels:\n    {{- include "web.labels" . | nindent 4 }}\n',
    ),
    'chart/templates/_helpers.tpl': '{{- define "web.labels" -}}\napp: web\n{{- end }}\n',
    ...extra,
  }
}

test('a chart whose values (or helpers, or ci/ values) spell the annotation: a split whose annotations an action writes is left for a person', () => {
  const shapes = {
    toYaml: '  annotations:\n    {{- toYaml .Values.splitAnnotations | nindent 4 }}\n',
    with: '  {{- with .Values.splitAnnotations }}\n  annotations:\n    {{- toYaml . | nindent 4 }}\n  {{- end }}\n',
    key: '  annotations:\n    {{ .Values.key }}: "kept"\n',
  }
  const where = {
    'values.yaml': ['splitAnnotations:\n  smi-migrate.io/ignore: kept\nkey: smi-migrate.io/ignore\n', {}],
    'ci/prod-values.yaml': ['splitAnnotations: {}\nkey: team\n', { 'chart/ci/prod-values.yaml': 'key: smi-migrate.io/ignore\n' }],
    'templates/_annotations.tpl': [
      'splitAnnotations: {}\nkey: team\n',
      { 'chart/templates/_annotations.tpl': '{{- define "a" }}smi-migrate.io/ignore: kept{{ end }}\n' },
    ],
  } as const
  for (const [shape, annotations] of Object.entries(shapes)) {
    for (const [source, [values, extra]] of Object.entries(where)) {
      const dir = tempRepo('smi-added-chart-', chart(annotations, values, extra))
      const r = cli(['--write', 'chart'], { cwd: dir })
      assert.is(r.status, 1, `${shape}, ${source}: ${r.stdout}${r.stderr}`)
      assert.match(
        r.stdout,
        new RegExp(
          `chart/templates/split\\.yaml:\\d+:\\d+: warning: TrafficSplit .*web: its annotations may come from a template action .*chart/${source.replace('.', '\\.')} spells smi-migrate\\.io/ignore`,
        ),
        `${shape}, ${source}`,
      )
      assert.is(status(dir), '', `${shape}, ${source}: nothing written`)
      const n = cli(['--write', '--no-ignore', 'chart'], { cwd: dir })
      assert.is(n.status, 0, `${shape}, ${source}: ${n.stdout}`)
      rmSync(dir, { recursive: true, force: true })
    }
    // A chart that spells it nowhere: the split converts as before (a label helper, a name action alike).
    const plain = tempRepo('smi-added-chart-', chart(annotations, 'splitAnnotations:\n  team: web\nkey: team\n'))
    const p = cli(['--write', 'chart'], { cwd: plain })
    assert.is(p.status, 0, `${shape}: ${p.stdout}`)
    assert.match(p.stdout, /converted/)
    rmSync(plain, { recursive: true, force: true })
  }
})

test.run()
