/**
 * The Go renderer (test/helpers/render.go) agrees with Helm where Helm's source decides (helm/helm
 * at e9b85e4de16ad45805843fb121748018cf89094b, each file named in render.go): archive entries lose
 * their first path component (pkg/chart/loader/archive/archive.go), an absolute `file://`
 * dependency loads (internal/resolver/resolver.go), `.helmignore` and its default rule leave files
 * out (pkg/ignore/rules.go, pkg/chart/v2/loader/directory.go), Chart.lock is not in `.Files`
 * (pkg/chart/v2/loader/load.go), the first path of a comma-separated `condition` that holds a
 * boolean decides (pkg/chart/v2/util/dependencies.go), a define inside `tpl` text stays there
 * (pkg/engine/engine.go), subchart directories starting with `_` or `.` are skipped, and `toYaml`
 * prints numbers as JSON does (pkg/engine/funcs.go). Each case is a chart whose render differs
 * between Helm's rule and the obvious other reading.
 */
import * as assert from 'uvu/assert'
import { test } from 'uvu'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { type Render, renderBatch } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'

const CHART_YAML = (name: string, extra = '') => `apiVersion: v2\nname: ${name}\nversion: 0.1.0\n${extra}`
const cm = (name: string, data: string) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n${data}`

function write(root: string, files: Record<string, string>): void {
  for (const [f, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, f)), { recursive: true })
    writeFileSync(join(root, f), text)
  }
}

/** Renders `files` written under a new directory, as the chart at `chart` in it. */
function render(files: Record<string, string>, chart = 'web', prepare?: (root: string) => void): Render {
  const root = mkdtempSync(join(tmpdir(), 'smi-oracle-'))
  write(root, files)
  prepare?.(root)
  const [r] = renderBatch([{ chart: join(root, chart), values: [] }])
  rmSync(root, { recursive: true, force: true })
  return r!
}

const names = (r: Render) => ('objects' in r ? (r.objects ?? []).map((o) => (o.object.metadata as { name: string }).name).sort() : r)
const dataOf = (r: Render, name: string) =>
  'objects' in r
    ? (r.objects.find((o) => (o.object.metadata as { name: string }).name === name)?.object.data as Record<string, unknown>)
    : r

/** A gzipped tar of `entries` (paths as tar stores them), made by tar from files under `dir`. */
function pack(root: string, out: string, cwd: string, entries: string[]): void {
  const r = spawnSync('tar', ['-czf', join(root, out), '-C', join(root, cwd), ...entries])
  assert.is(r.status, 0, r.stderr.toString())
}

testWith('go')('an archive: every entry loses its first path component, so two top directories are one chart', () => {
  const r = render(
    { 'web/Chart.yaml': CHART_YAML('web'), 'pack/a/templates/cm.yaml': cm('from-a', '  x: "1"\n'), 'pack/b/Chart.yaml': CHART_YAML('sub') },
    'web',
    (root) => {
      mkdirSync(join(root, 'web/charts'))
      pack(root, 'web/charts/sub-0.1.0.tgz', 'pack', ['a', 'b'])
    },
  )
  assert.equal(names(r), ['from-a'])
})

testWith('go')("an archive whose entries start with './': the chart is one level down, so Chart.yaml is missing and Helm fails", () => {
  const r = render(
    { 'web/Chart.yaml': CHART_YAML('web'), 'pack/sub/Chart.yaml': CHART_YAML('sub'), 'pack/sub/templates/cm.yaml': cm('c', '') },
    'web',
    (root) => {
      mkdirSync(join(root, 'web/charts'))
      pack(root, 'web/charts/sub-0.1.0.tgz', 'pack', ['./sub'])
    },
  )
  assert.ok('error' in r && /Chart\.yaml file is missing/.test(r.error), JSON.stringify(r))
})

testWith('go')('an absolute file:// dependency is loaded, as a relative one is', () => {
  let abs = ''
  const r = render({ 'dep/Chart.yaml': CHART_YAML('dep'), 'dep/templates/cm.yaml': cm('from-dep', '') }, 'web', (root) => {
    abs = join(root, 'dep')
    write(root, { 'web/Chart.yaml': CHART_YAML('web', `dependencies:\n- name: dep\n  version: 0.1.0\n  repository: file://${abs}\n`) })
  })
  assert.ok(abs)
  assert.equal(names(r), ['from-dep'])
})

testWith('go')(
  '.helmignore leaves files and directories out (a template, .Files), and its default rule leaves out dotfiles in templates/',
  () => {
    const r = render({
      'web/Chart.yaml': CHART_YAML('web'),
      'web/.helmignore': '# comment\nskipped.yaml\nconf/\n',
      'web/templates/kept.yaml': cm(
        'kept',
        '  conf: {{ .Files.Get "conf/a.txt" | quote }}\n  other: {{ .Files.Get "other/a.txt" | quote }}\n',
      ),
      'web/templates/skipped.yaml': cm('skipped', ''),
      'web/templates/.hidden.yaml': cm('hidden', ''),
      'web/conf/a.txt': 'secret',
      'web/other/a.txt': 'shown',
    })
    assert.equal(names(r), ['kept'])
    assert.equal(dataOf(r, 'kept'), { conf: '', other: 'shown' })
    // Inside an archive no .helmignore applies, nor the default rule.
    const packed = render(
      {
        'web/Chart.yaml': CHART_YAML('web'),
        'pack/sub/Chart.yaml': CHART_YAML('sub'),
        'pack/sub/.helmignore': 'skipped.yaml\n',
        'pack/sub/templates/skipped.yaml': cm('packed', ''),
      },
      'web',
      (root) => {
        mkdirSync(join(root, 'web/charts'))
        pack(root, 'web/charts/sub-0.1.0.tgz', 'pack', ['sub'])
      },
    )
    assert.equal(names(packed), ['packed'])
  },
)

testWith('go')('Chart.lock is not in .Files; requirements.yaml is, in a chart of apiVersion v1 only', () => {
  const tpl = cm('files', '  lock: {{ .Files.Get "Chart.lock" | quote }}\n  req: {{ .Files.Get "requirements.yaml" | quote }}\n')
  const v2 = render({
    'web/Chart.yaml': CHART_YAML('web'),
    'web/Chart.lock': 'digest: x\n',
    'web/requirements.yaml': 'dependencies: []\n',
    'web/templates/cm.yaml': tpl,
  })
  assert.equal(dataOf(v2, 'files'), { lock: '', req: '' })
  const v1 = render({
    'web/Chart.yaml': 'apiVersion: v1\nname: web\nversion: 0.1.0\n',
    'web/requirements.yaml': 'dependencies: []\n',
    'web/templates/cm.yaml': tpl,
  })
  assert.equal(dataOf(v1, 'files'), { lock: '', req: 'dependencies: []\n' })
})

testWith('go')('a comma-separated condition: the first path that holds a boolean decides', () => {
  const chart = (values: string) => ({
    'web/Chart.yaml': CHART_YAML('web', 'dependencies:\n- name: sub\n  version: 0.1.0\n  condition: sub.enabled,global.subOn\n'),
    'web/values.yaml': values,
    'web/charts/sub/Chart.yaml': CHART_YAML('sub'),
    'web/charts/sub/templates/cm.yaml': cm('from-sub', ''),
  })
  assert.equal(names(render(chart('global:\n  subOn: false\n'))), [])
  assert.equal(names(render(chart('sub:\n  enabled: true\nglobal:\n  subOn: false\n'))), ['from-sub'])
  assert.equal(names(render(chart('sub:\n  enabled: "no"\nglobal:\n  subOn: false\n'))), [], 'a path that holds no boolean is passed over')
  assert.equal(names(render(chart('other: 1\n'))), ['from-sub'], 'no path resolves: enabled')
})

testWith('go')('a define inside tpl text reaches no other template; subchart directories starting with _ or . are skipped', () => {
  const r = render({
    'web/Chart.yaml': CHART_YAML('web'),
    'web/templates/_helpers.tpl': '{{- define "web.x" -}}chart{{- end -}}\n',
    'web/templates/a.yaml': cm('a', '  t: {{ tpl "{{- define \\"web.x\\" -}}tpl{{- end -}}{{ include \\"web.x\\" . }}" . | quote }}\n'),
    'web/templates/b.yaml': cm('b', '  x: {{ include "web.x" . | quote }}\n'),
    'web/charts/_hidden/Chart.yaml': CHART_YAML('hidden'),
    'web/charts/_hidden/templates/cm.yaml': cm('from-hidden', ''),
    'web/charts/.dot/Chart.yaml': CHART_YAML('dot'),
    'web/charts/.dot/templates/cm.yaml': cm('from-dot', ''),
  })
  assert.equal(names(r), ['a', 'b'])
  assert.equal(dataOf(r, 'a'), { t: 'tpl' })
  assert.equal(dataOf(r, 'b'), { x: 'chart' })
})

testWith('go')('toYaml prints a number as JSON does: 1000000, not 1e+06', () => {
  const r = render({
    'web/Chart.yaml': CHART_YAML('web'),
    'web/values.yaml': 'count: 1000000\n',
    'web/templates/cm.yaml': cm('yamled', '  count: {{ toYaml .Values.count | quote }}\n'),
  })
  assert.equal(dataOf(r, 'yamled'), { count: '1000000' })
})

test.run()
