/**
 * The world of the values proof (docs/helm.md#values-driven-weights, src/files/helm/chart-world.ts)
 * through the built CLI, with the Go renderer (test/helpers/render.go) as judge: an umbrella
 * anywhere in the chart's repository that reaches it by `file://` (Chart.yaml or Helm 2's
 * requirements.yaml, by name or alias) sets its values; a chart in no repository has no bound;
 * nothing above the repository's root is read; a symlink Helm's loader cannot follow, a packaged
 * subchart, `.helmignore`; and the words of a refusal over values files (a second document, a merge
 * key, a key written twice, a value set in several files). Each case either converts with every render the same but for the
 * split's ratios, or exits 1, writes nothing and warns at the split's weight with the cause.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cli } from './helpers/cli.js'
import { git } from './helpers/repo.js'
import { type Render, type RenderRequest, renderBatch, sameRender } from './helpers/helm-judge.js'
import { testWith } from './helpers/tools.js'
import { CONFIGMAP_TEMPLATE, splitTemplate, tgz } from './helpers/chart-templates.js'

const SPLIT = splitTemplate()
const CM = CONFIGMAP_TEMPLATE

function chart(dir: string, values = 'canary:\n  stable: 3\n  weight: 500m\nreplicas: 2\n'): Record<string, string> {
  return {
    [`${dir}/Chart.yaml`]: `apiVersion: v2\nname: web\nversion: 0.1.0\n`,
    [`${dir}/values.yaml`]: values,
    [`${dir}/templates/split.yaml`]: SPLIT,
    [`${dir}/templates/cm.yaml`]: CM,
  }
}

/** An umbrella chart at `dir` whose dependency on web (at `repo`, maybe aliased) is listed in `listIn`. */
function umbrella(dir: string, repo: string, values: string, o: { alias?: string; listIn?: 'Chart.yaml' | 'requirements.yaml' } = {}) {
  const dep = `dependencies:\n- name: web\n  version: 0.1.0\n  repository: file://${repo}\n${o.alias ? `  alias: ${o.alias}\n` : ''}`
  const v1 = o.listIn === 'requirements.yaml'
  return {
    [`${dir}/Chart.yaml`]: `apiVersion: ${v1 ? 'v1' : 'v2'}\nname: site\nversion: 0.1.0\n${v1 ? '' : dep}`,
    ...(v1 ? { [`${dir}/requirements.yaml`]: dep } : {}),
    [`${dir}/values.yaml`]: values,
    [`${dir}/templates/cm.yaml`]: CM,
  }
}

/** A chart helper its ConfigMap includes, and a helper of the same name that reads the weight. */
const LABELLED = {
  'apps/web/templates/_helpers.tpl': '{{- define "web.labels" -}}\napp: web\n{{- end -}}\n',
  'apps/web/templates/labels.yaml':
    'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: labels\ndata:\n  {{- include "web.labels" . | nindent 2 }}\n',
}
const WEIGHT_LABELS = '{{- define "web.labels" -}}\napp: web\nweight: {{ .Values.canary.weight | quote }}\n{{- end -}}\n'

interface Case {
  files: Record<string, string | Buffer>
  links?: Array<[string, string]>
  /** Not a git repository. */
  bare?: boolean
  /** What the run is given (default `.`), from the directory made. */
  run?: string[]
  /** Where the repository starts inside the directory made (default: the directory itself). */
  repoAt?: string
  renders: RenderRequest[]
  /** The renders fail before the run (Helm's loader cannot load the chart). */
  loaderFails?: boolean
  refused?: RegExp
}

const web = (dir = 'apps/web', values: string[] = []): RenderRequest => ({ chart: dir, values })

const cmOf = (name: string, read: string) => CM.replace('{{ .Chart.Name }}', name).replace('.Values.replicas', read)

const CASES: Record<string, Case> = {
  'an umbrella three directories away, not in the run, sets web.canary.weight': {
    files: { ...chart('apps/web'), ...umbrella('deploy/envs/prod', '../../../apps/web', 'web:\n  canary:\n    weight: 2\n') },
    run: ['apps/web'],
    renders: [web(), { chart: 'deploy/envs/prod', values: [] }],
    refused: /deploy\/envs\/prod\/values\.yaml:3:13 sets \.Values\.web\.canary\.weight too/,
  },
  'an umbrella far away sets it under an alias': {
    files: {
      ...chart('apps/web'),
      ...umbrella('deploy/envs/prod', '../../../apps/web', 'frontend:\n  canary:\n    stable: 7\n', { alias: 'frontend' }),
    },
    run: ['apps/web'],
    renders: [web(), { chart: 'deploy/envs/prod', values: [] }],
    refused: /deploy\/envs\/prod\/values\.yaml:3:13 sets \.Values\.frontend\.canary\.stable too/,
  },
  "a Helm 2 umbrella's requirements.yaml reaches the chart": {
    files: {
      ...chart('apps/web'),
      ...umbrella('legacy/site', '../../apps/web', 'web:\n  canary:\n    weight: 2\n', { listIn: 'requirements.yaml' }),
    },
    run: ['apps/web'],
    renders: [web(), { chart: 'legacy/site', values: [] }],
    refused: /legacy\/site\/values\.yaml:3:13 sets \.Values\.web\.canary\.weight too/,
  },
  'an umbrella of the umbrella far away is not followed': {
    files: {
      ...chart('apps/web'),
      ...umbrella('deploy/envs/prod', '../../../apps/web', 'web:\n  replicas: 4\n'),
      'top/Chart.yaml':
        'apiVersion: v2\nname: top\nversion: 0.1.0\ndependencies:\n- name: site\n  version: 0.1.0\n  repository: file://../deploy/envs/prod\n',
    },
    run: ['apps/web'],
    renders: [web()],
    refused: /top\/Chart\.yaml renders site, which renders web: not followed/,
  },
  'converts: an umbrella far away that sets other keys': {
    files: {
      ...chart('apps/web'),
      ...umbrella('deploy/envs/prod', '../../../apps/web', 'replicas: 1\nweb:\n  replicas: 4\n  canaryx: 1\n'),
    },
    run: ['apps/web'],
    renders: [web(), { chart: 'deploy/envs/prod', values: [] }],
  },
  'a chart in no git repository': {
    files: chart('apps/web'),
    bare: true,
    run: ['apps/web'],
    renders: [web()],
    refused:
      /apps\/web: it is in no git repository, so the charts that may render it by file:\/\/ cannot all be found: run it inside the chart's git repository/,
  },
  'converts: a chart at the root of its repository, a values file above the root not read': {
    files: { ...chart('repo'), 'prod.yml': 'canary:\n  weight: 100m\n' },
    repoAt: 'repo',
    run: ['repo'],
    renders: [web('repo')],
  },
  'a dangling symlink in templates/': {
    files: chart('apps/web'),
    links: [['apps/web/templates/gone.yaml', '../missing.yaml']],
    renders: [web()],
    loaderFails: true,
    refused:
      /apps\/web\/templates\/gone\.yaml:1:1: a symlink to \.\.\/missing\.yaml that does not resolve \(ENOENT\), so Helm's loader fails on the chart/,
  },
  'a symlink in templates/ that loops to itself': {
    files: chart('apps/web'),
    links: [['apps/web/templates/self.yaml', 'self.yaml']],
    renders: [web()],
    loaderFails: true,
    refused: /apps\/web\/templates\/self\.yaml:1:1: a symlink to self\.yaml that does not resolve \(ELOOP\)/,
  },
  'a symlink in templates/ to a directory above it': {
    files: chart('apps/web'),
    links: [['apps/web/templates/up', '..']],
    renders: [],
    refused: /apps\/web\/templates\/up:1:1: a symlink to \.\., a directory above it: a loop Helm's loader cannot walk/,
  },
  'a packaged subchart whose Chart.yaml names it canary (its file named otherwise)': {
    files: {
      ...chart('apps/web'),
      'apps/web/charts/misc-1.0.0.tgz': tgz('canary', {
        'Chart.yaml': 'apiVersion: v2\nname: canary\nversion: 1.0.0\n',
        'templates/cm.yaml': cmOf('sub', '.Values.weight'),
      }),
    },
    renders: [web()],
    refused: /apps\/web\/charts\/misc-1\.0\.0\.tgz is a packaged subchart \(canary\) whose values are \.Values\.canary/,
  },
  'a packaged subchart that cannot be read': {
    files: { ...chart('apps/web'), 'apps/web/charts/canary-1.0.0.tgz': 'not an archive\n' },
    renders: [web()],
    loaderFails: true,
    refused: /apps\/web\/charts\/canary-1\.0\.0\.tgz is a packaged subchart whose Chart\.yaml cannot be read/,
  },
  'converts: a packaged subchart with values of its own': {
    files: {
      ...chart('apps/web'),
      'apps/web/values.yaml': 'canary:\n  stable: 3\n  weight: 500m\nreplicas: 2\nredis:\n  replicas: 5\n',
      'apps/web/charts/redis-17.0.0.tgz': tgz('redis', {
        'Chart.yaml': 'apiVersion: v2\nname: redis\nversion: 17.0.0\n',
        'values.yaml': 'replicas: 1\n',
        'templates/cm.yaml': cmOf('redis', '.Values.replicas'),
      }),
    },
    renders: [web()],
  },
  '.helmignore leaving out a template that reads the value: still read': {
    files: {
      ...chart('apps/web'),
      'apps/web/.helmignore': 'templates/cm2.yaml\n',
      'apps/web/templates/cm2.yaml': cmOf('cm2', '.Values.canary.weight'),
    },
    renders: [web()],
    refused: /read elsewhere too: apps\/web\/templates\/cm2\.yaml:6:\d+/,
  },
  'a second document in values.yaml': {
    files: chart('apps/web', 'canary:\n  stable: 3\n  weight: 500m\nreplicas: 2\n---\ncanary:\n  weight: 1\n'),
    renders: [web()],
    refused: /apps\/web\/values\.yaml:5:1: a second YAML document starts here \(Helm 3 reads only the first, Helm 4 merges every document/,
  },
  'a merge key in values.yaml along the path': {
    files: chart('apps/web', 'base: &b\n  stable: 3\ncanary:\n  <<: *b\n  weight: 500m\nreplicas: 2\n'),
    renders: [web()],
    refused: /apps\/web\/values\.yaml:4:3: a merge key \(<<\) in the mapping that holds \.Values\.canary\.(stable|weight) may set it/,
  },
  'a key written twice in values.yaml': {
    files: chart('apps/web', 'canary:\n  stable: 3\n  weight: 500m\n  weight: 250m\nreplicas: 2\n'),
    renders: [web()],
    refused: /apps\/web\/values\.yaml:3:3: \.Values\.canary\.weight is written 2 times \(also at 4:3\)/,
  },
  'a value set in two override files and an umbrella': {
    files: {
      ...chart('apps/web'),
      'apps/web/values-a.yaml': 'canary:\n  weight: 1\n',
      'apps/web/values-b.yaml': 'canary:\n  weight: 2\n',
      ...umbrella('deploy/prod', '../../apps/web', 'web:\n  canary:\n    weight: 2\n'),
    },
    renders: [
      web(),
      web('apps/web', ['apps/web/values-a.yaml']),
      web('apps/web', ['apps/web/values-b.yaml']),
      { chart: 'deploy/prod', values: [] },
    ],
    refused: /apps\/web\/values-a\.yaml:2:11, apps\/web\/values-b\.yaml:2:11 set \.Values\.canary\.weight too/,
  },
  'an override file anywhere in the repository sets the value': {
    files: { ...chart('apps/web'), 'env/prod/web.yaml': 'canary:\n  weight: 250m\n' },
    renders: [web(), web('apps/web', ['env/prod/web.yaml'])],
    refused: /env\/prod\/web\.yaml:2:11 sets \.Values\.canary\.weight too/,
  },
  "a monorepo: another chart's own values and override files, with the same block, set nothing for this chart": {
    files: {
      ...chart('apps/web'),
      ...chart('apps/api', 'canary:\n  stable: 1\n  weight: 250m\nreplicas: 1\n'),
      'apps/api/values-prod.yaml': 'canary:\n  weight: 750m\n',
    },
    run: ['apps/web'],
    renders: [web(), { chart: 'apps/api', values: [] }, { chart: 'apps/api', values: ['apps/api/values-prod.yaml'] }],
  },
  'a link to the chart directory, with an override file beside the link': {
    files: { ...chart('apps/web'), 'envs/prod/values-prod.yaml': 'canary:\n  weight: 250m\n' },
    links: [['envs/prod/web', '../../apps/web']],
    renders: [web(), web('envs/prod/web', ['envs/prod/values-prod.yaml'])],
    refused: /envs\/prod\/values-prod\.yaml:2:11 sets \.Values\.canary\.weight too/,
  },
  "an override file elsewhere sets it under an umbrella's block": {
    files: {
      ...chart('apps/web'),
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'ops/prod.yaml': 'web:\n  canary:\n    weight: 2\n',
    },
    renders: [web(), { chart: 'deploy/prod', values: ['ops/prod.yaml'] }],
    refused: /ops\/prod\.yaml:3:13 sets \.Values\.web\.canary\.weight too/,
  },
  'an override file elsewhere sets it through a merge key': {
    files: { ...chart('apps/web'), 'ops/prod.yaml': 'base: &b\n  weight: 1\ncanary:\n  <<: *b\n  stable: 3\n' },
    renders: [web(), web('apps/web', ['ops/prod.yaml'])],
    refused: /ops\/prod\.yaml:4:3 \(a merge key \(<<\) may set \.Values\.canary\) sets \.Values\.canary\.weight too/,
  },
  'converts: manifests elsewhere in the repository that only name a canary (a stream, a directive, a list)': {
    files: {
      ...chart('apps/web'),
      'k8s/svc.yaml':
        'apiVersion: v1\nkind: Service\nmetadata:\n  name: web-canary\n---\napiVersion: v1\nkind: Service\nmetadata:\n  name: canary\n',
      'ci/config.json': '{"canaryx": {"weight": 1}}\n',
      'k8s/route.yaml': '%YAML 1.2\n---\n# a canary route\nkind: HTTPRoute\n',
      'k8s/patches.yaml': '- op: add\n  path: /canary\n  value: {weight: 1}\n',
    },
    renders: [web()],
  },
  "another chart's override file is a link to the chart's values.yaml": {
    files: {
      ...chart('apps/web'),
      'other/Chart.yaml': 'apiVersion: v2\nname: other\nversion: 0.1.0\n',
      'other/values.yaml': 'replicas: 1\n',
      'other/templates/cm.yaml': cmOf('other', '.Values.canary.weight'),
    },
    links: [['other/values-web.yaml', '../apps/web/values.yaml']],
    renders: [web(), { chart: 'other', values: ['other/values-web.yaml'] }],
    refused:
      /other\/values-web\.yaml:1:1: a link to apps\/web\/values\.yaml, so a chart given it with -f reads \.Values\.canary\.(weight|stable) too/,
  },
  "an umbrella's helper of the same name as the chart's takes its place": {
    files: {
      ...chart('apps/web'),
      ...LABELLED,
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'deploy/prod/templates/_helpers.tpl': WEIGHT_LABELS,
    },
    renders: [web(), { chart: 'deploy/prod', values: [] }],
    refused: /deploy\/prod\/templates\/_helpers\.tpl:1:5: a define of "web\.labels" in a chart Helm renders together with web/,
  },
  "a dependency beside the chart under an umbrella defines the chart's helper": {
    files: {
      ...chart('apps/web'),
      ...LABELLED,
      'deploy/prod/Chart.yaml':
        'apiVersion: v2\nname: site\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../../apps/web\n- name: aaa\n  version: 0.1.0\n  repository: file://../../apps/aaa\n',
      'apps/aaa/Chart.yaml': 'apiVersion: v2\nname: aaa\nversion: 0.1.0\n',
      'apps/aaa/templates/_helpers.tpl': WEIGHT_LABELS,
    },
    renders: [web(), { chart: 'deploy/prod', values: [] }],
    refused: /apps\/aaa\/templates\/_helpers\.tpl:1:5: a define of "web\.labels" in a chart Helm renders together with web/,
  },
  "a packaged dependency of the umbrella defines the chart's helper": {
    files: {
      ...chart('apps/web'),
      ...LABELLED,
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'deploy/prod/charts/aaa-0.1.0.tgz': tgz('aaa', {
        'Chart.yaml': 'apiVersion: v2\nname: aaa\nversion: 0.1.0\n',
        'templates/_helpers.tpl': WEIGHT_LABELS,
      }),
    },
    renders: [web(), { chart: 'deploy/prod', values: [] }],
    refused:
      /deploy\/prod\/charts\/aaa-0\.1\.0\.tgz:1:1: a define of "web\.labels" \(in aaa\/templates\/_helpers\.tpl\) in a chart Helm renders together with web/,
  },
  'a packaged dependency of the umbrella holding a packaged chart of its own': {
    files: {
      ...chart('apps/web'),
      ...LABELLED,
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'deploy/prod/charts/aaa-0.1.0.tgz': tgz('aaa', {
        'Chart.yaml': 'apiVersion: v2\nname: aaa\nversion: 0.1.0\n',
        'charts/bbb-0.1.0.tgz': 'packed\n',
      }),
    },
    renders: [web()],
    refused:
      /deploy\/prod\/charts\/aaa-0\.1\.0\.tgz:1:1: a packaged chart Helm renders together with web, whose templates cannot all be read \(it holds a packaged chart of its own, aaa\/charts\/bbb-0\.1\.0\.tgz/,
  },
  'converts: a packaged dependency of the umbrella with helpers of its own': {
    files: {
      ...chart('apps/web'),
      ...LABELLED,
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'deploy/prod/charts/aaa-0.1.0.tgz': tgz('aaa', {
        'Chart.yaml': 'apiVersion: v2\nname: aaa\nversion: 0.1.0\n',
        'templates/_helpers.tpl': WEIGHT_LABELS.replace('web.labels', 'aaa.labels'),
      }),
    },
    renders: [web(), { chart: 'deploy/prod', values: [] }],
  },
  'converts: an umbrella whose helpers have names of their own': {
    files: {
      ...chart('apps/web'),
      ...LABELLED,
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'deploy/prod/templates/_helpers.tpl': WEIGHT_LABELS.replace('web.labels', 'site.labels'),
    },
    renders: [web(), { chart: 'deploy/prod', values: [] }],
  },
  "another chart's template is the split's template through a link": {
    files: {
      ...chart('apps/web'),
      'apps/api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'apps/api/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\nreplicas: 2\n',
    },
    links: [['apps/api/templates/split.yaml', '../../web/templates/split.yaml']],
    renders: [web(), web('apps/api')],
    refused:
      /apps\/(api|web)\/templates\/split\.yaml:1:1: the same file as apps\/(web|api)\/templates\/split\.yaml through a link, so converting it converts another chart.s split too/,
  },
  "another chart's templates directory is the chart's through a link": {
    files: {
      ...chart('apps/web'),
      'apps/api/Chart.yaml': 'apiVersion: v2\nname: api\nversion: 0.1.0\n',
      'apps/api/values.yaml': 'canary:\n  stable: 1\n  weight: 500m\nreplicas: 2\n',
    },
    links: [['apps/api/templates', '../web/templates']],
    renders: [web(), web('apps/api')],
    refused: /apps\/(api|web)\/templates\/split\.yaml:1:1: the same file as apps\/(web|api)\/templates\/split\.yaml through a link/,
  },
  "an umbrella's values give the chart template text that it renders with tpl": {
    files: {
      ...chart('apps/web'),
      'apps/web/templates/note.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: note\ndata:\n  note: {{ tpl (.Values.note | default "") . | quote }}\n',
      ...umbrella('deploy/prod', '../../apps/web', 'web:\n  note: "w={{ .Values.canary.weight }}"\n'),
    },
    renders: [web(), { chart: 'deploy/prod', values: [] }],
    refused: /\.Values\.canary\.weight is read elsewhere too: deploy\/prod\/values\.yaml:2:15/,
  },
  'an override file elsewhere gives the chart template text that it renders with tpl': {
    files: {
      ...chart('apps/web'),
      'apps/web/templates/note.yaml':
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: note\ndata:\n  note: {{ tpl (.Values.note | default "") . | quote }}\n',
      'env/prod.yaml': 'note: "w={{ .Values.canary.weight }}"\n',
    },
    renders: [web(), web('apps/web', ['env/prod.yaml'])],
    refused:
      /\.Values\.canary\.weight is read elsewhere too: env\/prod\.yaml:1:13 \(template text a chart given it with -f may render with tpl\)/,
  },
  "an umbrella's import-values, named at its key": {
    files: {
      ...chart('apps/web'),
      ...umbrella('deploy/prod', '../../apps/web', 'replicas: 1\n'),
      'deploy/prod/Chart.yaml':
        'apiVersion: v2\nname: site\nversion: 0.1.0\ndependencies:\n- name: web\n  version: 0.1.0\n  repository: file://../../apps/web\n  import-values:\n  - canary\n',
    },
    renders: [web()],
    refused: /deploy\/prod\/Chart\.yaml:8:3: import-values lets web set values of site/,
  },
  'a | default that the new value would fall back to, said of the new value': {
    files: {
      ...chart('apps/web', 'canary:\n  stable: 1\n  weight: 0m\nreplicas: 2\n'),
      'apps/web/templates/split.yaml': SPLIT.replace('{{ .Values.canary.weight }}', '{{ .Values.canary.weight | default 5 }}'),
    },
    renders: [web()],
    refused:
      /its new value 0 would not render as itself: \.Values\.canary\.weight is empty to Helm \(0\), so the template renders its default 5/,
  },
  'a second document in an override file': {
    files: { ...chart('apps/web'), 'apps/web/values-prod.yaml': 'replicas: 1\n---\ncanary:\n  weight: 1\n' },
    renders: [web(), web('apps/web', ['apps/web/values-prod.yaml'])],
    refused: /apps\/web\/values-prod\.yaml:2:1: a second YAML document starts here .*, so it may set \.Values\.canary\.weight/,
  },
}

function made(c: Case): { top: string; repo: string } {
  const top = mkdtempSync(join(tmpdir(), 'smi-world-'))
  const repo = join(top, c.repoAt ?? '')
  for (const [path, content] of Object.entries(c.files)) {
    mkdirSync(dirname(join(top, path)), { recursive: true })
    writeFileSync(join(top, path), content)
  }
  for (const [link, target] of c.links ?? []) {
    mkdirSync(dirname(join(top, link)), { recursive: true })
    symlinkSync(target, join(top, link))
  }
  if (!c.bare) {
    git(repo, 'init', '-q')
    git(repo, 'add', '-A')
    git(repo, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
  }
  return { top, repo }
}

/** Every file's bytes under `dir` but .git, to tell nothing was written where git cannot. */
function snapshot(dir: string): string {
  const r = spawnSync('sh', ['-c', 'find . -path ./.git -prune -o -type f -print | sort | xargs -r cat | sha256sum'], {
    cwd: dir,
    encoding: 'utf8',
  })
  return r.stdout
}

for (const [name, c] of Object.entries(CASES)) {
  testWith('go')(name, () => {
    const { top, repo } = made(c)
    const at = (r: RenderRequest) => ({ chart: join(top, r.chart), values: r.values.map((v) => join(top, v)) })
    const before = renderBatch(c.renders.map(at))
    for (const b of before) assert.ok(c.loaderFails ? 'error' in b : 'objects' in b, JSON.stringify(b))
    const was = snapshot(top)
    const r = cli(['--write', ...(c.run ?? ['.'])], { cwd: c.run ? top : repo })
    const after: Render[] = renderBatch(c.renders.map(at))
    if (c.refused) {
      assert.is(r.status, 1, r.stdout + r.stderr)
      const warning = r.stdout.split('\n').find((l) => /split\.yaml:\d+:\d+: warning: /.test(l) && c.refused!.test(l))
      assert.ok(warning, `a warning matching ${c.refused}:\n${r.stdout}`)
      assert.is(snapshot(top), was, 'nothing written')
    } else {
      assert.is(r.status, 0, r.stdout + r.stderr)
      assert.match(git(repo, 'status', '--porcelain'), /values\.yaml/)
    }
    for (const [i, b] of before.entries()) {
      const diff = sameRender(b, after[i]!)
      assert.is(diff, undefined, `${c.renders[i]!.chart}: ${diff}`)
    }
    rmSync(top, { recursive: true, force: true })
  })
}

testWith('go')('a chart in a repository inside another: an umbrella of the outer repository sets its value', () => {
  const c: Case = {
    files: { ...chart('vendor/web'), ...umbrella('deploy/prod', '../../vendor/web', 'web:\n  canary:\n    weight: 2\n') },
    renders: [web('vendor/web'), { chart: 'deploy/prod', values: [] }],
  }
  const { top } = made({ ...c, bare: true })
  // The outer repository holds the umbrella; the chart is a repository of its own inside it (as a submodule is).
  git(join(top, 'vendor'), 'init', '-q')
  git(join(top, 'vendor'), 'add', '-A')
  git(join(top, 'vendor'), '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'chart')
  git(top, 'init', '-q')
  git(top, 'add', 'deploy')
  git(top, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'umbrella')
  const at = (r: RenderRequest) => ({ chart: join(top, r.chart), values: r.values.map((v) => join(top, v)) })
  const before = renderBatch(c.renders.map(at))
  const was = snapshot(top)
  const r = cli(['--write', 'web'], { cwd: join(top, 'vendor') })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.match(
    r.stdout,
    /web\/templates\/split\.yaml:\d+:\d+: warning: .*deploy\/prod\/values\.yaml:3:13 sets \.Values\.web\.canary\.weight too/,
  )
  assert.is(snapshot(top), was, 'nothing written')
  const after = renderBatch(c.renders.map(at))
  for (const [i, b] of before.entries()) assert.is(sameRender(b, after[i]!), undefined)
  rmSync(top, { recursive: true, force: true })
})

test.run()
