/**
 * The GitHub Action end to end: runs the committed bundle (dist/action.js) with Node as the
 * runner does (INPUT_* from action.yml's defaults plus the step's `with:`, GITHUB_WORKSPACE,
 * GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, GITHUB_EVENT_NAME=pull_request) on temporary git
 * repositories, and checks the workflow commands printed, the outputs file, the job
 * summary, the patch file and the exit code.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { git, tempRepo } from './helpers/repo.js'
import { ACTION, action, BUNDLE } from './helpers/action.js'
import { nodeEnv } from './helpers/node-env.js'

const BIN = resolve('dist/cli.js')
const CLI = resolve('dist/cli.js')
const GOLDEN = resolve('testdata/golden')
const golden = (name: string, file: 'input.yaml' | 'expected.yaml') => readFileSync(join(GOLDEN, name, file))

const count = (cmds: string[], type: string) => cmds.filter((c) => c.startsWith(`::${type} `) || c.startsWith(`::${type}::`)).length

function needsChanges(): string {
  return tempRepo('smi-action-', {
    'deploy/split.yaml': golden('mixed-notation-one-and-milli', 'input.yaml'),
    'deploy/overlays/crlf.yml': golden('crlf', 'input.yaml'),
    'deploy/split.json': golden('json', 'input.yaml'),
    'deploy/clean.yaml': golden('whole-numbers-stay', 'expected.yaml'),
    'deploy/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n',
  })
}

/** A TrafficSplit document with the given weights. */
function split(name: string, weights: string[]): string {
  return (
    `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${name}\nspec:\n  service: ${name}\n  backends:\n` +
    weights.map((w, i) => `  - service: ${name}-${i}\n    weight: ${w}\n`).join('')
  )
}

test('action.yml: node24, the committed bundle, the inputs and outputs of the issue', () => {
  assert.is(ACTION.runs.using, 'node24')
  assert.is(ACTION.runs.main, 'dist/action.js')
  assert.ok(existsSync(BUNDLE))
  assert.equal(Object.keys(ACTION.inputs).sort(), [
    'access-to',
    'exclude',
    'fail-on-change',
    'gateway-api',
    'keep-serviceprofile',
    'keep-trafficsplit',
    'linkerd',
    'mesh',
    'mode',
    'no-ignore',
    'paths',
    'port',
    'report-files',
    'rescale-weights',
    'retry-limit',
    'route-api',
    'route-kind',
    'sarif-file',
    'service-group',
    'specs-to',
    'to',
  ])
  assert.is(ACTION.inputs['sarif-file']!.default, '', 'no SARIF file unless asked for')
  assert.is(ACTION.inputs['report-files']!.default, '', 'no report file unless asked for')
  // The --to gateway inputs are the CLI's flags, empty by default (the CLI's defaults apply).
  for (const name of [
    'gateway-api',
    'keep-serviceprofile',
    'keep-trafficsplit',
    'linkerd',
    'port',
    'rescale-weights',
    'retry-limit',
    'route-api',
    'route-kind',
    'service-group',
  ])
    assert.is(ACTION.inputs[name]!.default, '', name)
  // `to` is empty by default so that a `mesh` input can choose it (empty: the mesh's, else v1alpha2).
  assert.equal(
    [
      ACTION.inputs.paths!.default,
      ACTION.inputs.exclude!.default,
      ACTION.inputs.to!.default,
      ACTION.inputs.mode!.default,
      ACTION.inputs['fail-on-change']!.default,
    ],
    ['.', '', '', 'check', 'true'],
  )
  assert.equal([ACTION.inputs['specs-to']!.default, ACTION.inputs['access-to']!.default, ACTION.inputs.mesh!.default], ['', '', ''])
  assert.equal(Object.keys(ACTION.outputs).sort(), ['changed', 'changed-files', 'findings', 'patch'])
})

test('clean repository: exit 0, no annotations, changed=false, no patch file', () => {
  const dir = tempRepo('smi-action-', {
    'deploy/clean.yaml': golden('whole-numbers-stay', 'expected.yaml'),
    'deploy/service.yaml': 'apiVersion: v1\nkind: Service\n',
  })
  const r = action(dir)
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.equal(r.commands, [])
  assert.equal(r.outputs, { changed: 'false', 'changed-files': '', patch: '', findings: '0' })
  assert.match(r.summary, /nothing to convert \(2 files checked\)/)
  assert.not.match(r.summary, /```diff/)
  assert.is(git(dir, 'status', '--porcelain'), '')
  rmSync(dir, { recursive: true, force: true })
})

test('check on a pull request needing changes: annotations at file:line, outputs, summary, patch; fails; files untouched', () => {
  const dir = needsChanges()
  const r = action(dir)
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.ok(
    r.commands.includes(
      '::warning title=smi-migrate%3A needs conversion,file=deploy/split.yaml,line=1,endLine=1,col=1::' +
        'would convert TrafficSplit foobar-rollout: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500',
    ),
    r.stdout,
  )
  assert.ok(
    r.commands.some((c) => c.startsWith('::warning title=smi-migrate%3A needs conversion,file=deploy/split.json,line=2,endLine=2,col=5::')),
  )
  assert.is(count(r.commands, 'warning'), 3)
  assert.equal(
    r.commands.filter((c) => c.startsWith('::error')),
    ['::error::3 files need converting to v1alpha2: apply the patch (the `patch` output) or run smi-migrate --write'],
  )

  assert.is(r.outputs.changed, 'true')
  assert.equal(r.outputs['changed-files']!.split('\n'), ['deploy/overlays/crlf.yml', 'deploy/split.json', 'deploy/split.yaml'])
  assert.is(r.outputs.findings, '3')
  const patch = r.patch
  const cliDiff = spawnSync(process.execPath, [CLI, '--diff', '.'], { cwd: dir, encoding: 'utf8', env: nodeEnv() })
  assert.is(patch, cliDiff.stdout, 'the patch file is what `smi-migrate --diff .` prints')

  assert.match(r.summary, /\*\*3 TrafficSplits in 3 files would be converted \(5 files checked\)\*\*/)
  assert.match(r.summary, /\| deploy\/split\.yaml:1 \| foobar-rollout \| v1alpha1 → v1alpha2 \| 1, 500m → 1000, 500 \|/)
  assert.match(r.summary, /\| deploy\/split\.json:2 \| default\/json \| v1alpha1 → v1alpha2 \| "900m", 0\.1 → 900, 100 \|/)
  assert.ok(r.summary.includes('```diff\n' + patch + '```\n'), 'the whole patch in a diff block')

  // Nothing in the repository changed (the patch is outside it), and the patch applies.
  assert.is(git(dir, 'status', '--porcelain'), '')
  writeFileSync(join(dir, '.git/smi.patch'), patch)
  git(dir, 'apply', '.git/smi.patch')
  assert.ok(readFileSync(join(dir, 'deploy/split.yaml')).equals(golden('mixed-notation-one-and-milli', 'expected.yaml')))
  rmSync(dir, { recursive: true, force: true })
})

test('to, specs-to, access-to, mesh: the mesh picks the versions, an explicit input wins, bad values fail before any file is read', () => {
  const dir = needsChanges()
  const convertsTo = (inputs: Record<string, string>) => {
    const r = action(dir, inputs)
    assert.is(r.status, 1, r.stdout + r.stderr)
    const annotation = r.commands.find((c) => c.includes('file=deploy/split.yaml,'))!
    return /v1alpha1 -> (v1alpha\d)/.exec(annotation)![1]
  }
  assert.is(convertsTo({}), 'v1alpha2')
  assert.is(convertsTo({ mesh: 'traefik' }), 'v1alpha3')
  assert.is(convertsTo({ mesh: 'nginx' }), 'v1alpha3')
  assert.is(convertsTo({ mesh: 'osm' }), 'v1alpha2')
  assert.is(convertsTo({ mesh: 'traefik', to: 'v1alpha4' }), 'v1alpha4')
  assert.is(convertsTo({ to: 'v1alpha3', 'specs-to': 'v1alpha4', 'access-to': 'v1alpha3' }), 'v1alpha3')

  // With the sibling kinds, the failure message names each kind's version.
  const osm = action(dir, { mesh: 'osm' })
  assert.ok(
    osm.commands.includes(
      '::error::3 files need converting to v1alpha2 (TrafficSplit), v1alpha4 (HTTPRouteGroup, TCPRoute), ' +
        'v1alpha3 (TrafficTarget): apply the patch (the `patch` output) or run smi-migrate --write',
    ),
    osm.commands.join('\n'),
  )

  const bad: Array<[Record<string, string>, string]> = [
    [{ mesh: 'istio' }, 'input "mesh" must be one of linkerd, osm, nginx, traefik; got "istio"'],
    [{ 'specs-to': 'v1alpha1' }, 'input "specs-to" must be one of v1alpha2, v1alpha3, v1alpha4; got "v1alpha1"'],
    [{ 'access-to': 'v1alpha4' }, 'input "access-to" must be one of v1alpha2, v1alpha3; got "v1alpha4"'],
    [{ to: 'v1alpha1', mesh: 'osm' }, 'input "to" must be one of v1alpha2, v1alpha3, v1alpha4, gateway; got "v1alpha1"'],
  ]
  for (const [inputs, message] of bad) {
    const r = action(dir, inputs)
    assert.is(r.status, 1, JSON.stringify(inputs))
    assert.equal(r.commands, [`::error::${message}`], JSON.stringify(inputs))
    assert.is(r.outputs.changed, undefined, 'failed before any file was read')
  }
  assert.is(git(dir, 'status', '--porcelain'), '')
  rmSync(dir, { recursive: true, force: true })
})

test('fail-on-change: false reports the same and passes', () => {
  const dir = needsChanges()
  const r = action(dir, { 'fail-on-change': 'false' })
  assert.is(r.status, 0, r.stdout)
  assert.is(count(r.commands, 'warning'), 3)
  assert.is(count(r.commands, 'error'), 0)
  assert.is(r.outputs.changed, 'true')
  const bad = action(dir, { 'fail-on-change': 'maybe' })
  assert.is(bad.status, 1)
  assert.equal(bad.commands, ['::error::input "fail-on-change" must be true or false; got "maybe"'])
  rmSync(dir, { recursive: true, force: true })
})

test('diff: the patch in a log group; write: files converted, patch outside the work tree, second run clean', () => {
  const dir = needsChanges()
  const d = action(dir, { mode: 'diff', paths: 'deploy/split.yaml\ndeploy/overlays' })
  assert.is(d.status, 1)
  const patch = d.patch
  assert.match(patch, /^--- a\/deploy\/overlays\/crlf\.yml\n/)
  assert.match(d.stdout, /::group::Patch \(smi-migrate\.patch\)\n::stop-commands::([\w-]+)\n/)
  assert.ok(d.stdout.includes(`\n${patch}\n`), d.stdout)
  assert.ok(d.commands.includes('::group::Patch (smi-migrate.patch)') && d.commands.includes('::endgroup::'))
  assert.equal(d.outputs['changed-files']!.split('\n'), ['deploy/overlays/crlf.yml', 'deploy/split.yaml'])

  const w = action(dir, { mode: 'write', to: 'v1alpha4' })
  assert.is(w.status, 0, w.stdout)
  // v1alpha4: the v1alpha2 file moves too.
  assert.is(count(w.commands, 'notice'), 4)
  assert.is(count(w.commands, 'error') + count(w.commands, 'warning'), 0)
  assert.ok(
    w.commands.includes(
      '::notice title=smi-migrate%3A converted,file=deploy/split.yaml,line=1,endLine=1,col=1::' +
        'converted TrafficSplit foobar-rollout: v1alpha1 -> v1alpha4, weights 1, 500m -> 1000, 500',
    ),
  )
  assert.is(w.outputs.changed, 'true')
  assert.ok(!w.outputs.patch!.startsWith(dir), 'in write mode the patch is not in the work tree')
  assert.match(w.summary, /### TrafficSplits converted \(4\)/)
  assert.is(
    readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'),
    golden('mixed-notation-one-and-milli', 'expected.yaml').toString('utf8').replace('v1alpha2', 'v1alpha4'),
  )
  assert.equal(git(dir, 'status', '--porcelain').split('\n').filter(Boolean).sort(), [
    ' M deploy/clean.yaml',
    ' M deploy/overlays/crlf.yml',
    ' M deploy/split.json',
    ' M deploy/split.yaml',
  ])

  const again = action(dir, { to: 'v1alpha4' })
  assert.is(again.status, 0, again.stdout)
  assert.equal(again.outputs, { changed: 'false', 'changed-files': '', patch: '', findings: '0' })
  rmSync(dir, { recursive: true, force: true })
})

test('specs-to and access-to: the sibling kinds converted in write mode as the CLI converts them; a mixed summary has a Kind column', () => {
  const dir = tempRepo('smi-action-kinds-', {
    'deploy/routes.yaml': golden('httproutegroup-upgrade', 'input.yaml'),
    'deploy/access.yaml': golden('traffictarget-v1alpha1-example', 'input.yaml'),
    'deploy/split.yaml': golden('mixed-notation-one-and-milli', 'input.yaml'),
  })
  const check = action(dir, { 'specs-to': 'v1alpha4', 'access-to': 'v1alpha2' })
  assert.is(check.status, 1, check.stdout)
  assert.match(check.summary, /### Objects to convert \(11\)\n\n\| File:line \| Kind \| Name \|/)
  assert.match(check.summary, /\| deploy\/routes\.yaml:54 \| HTTPRouteGroup \| one-line \| v1alpha2 → v1alpha4 \|/)
  const w = action(dir, { mode: 'write', 'specs-to': 'v1alpha4', 'access-to': 'v1alpha2' })
  assert.is(w.status, 0, w.stdout)
  assert.ok(readFileSync(join(dir, 'deploy/routes.yaml')).equals(golden('httproutegroup-upgrade', 'expected.yaml')))
  assert.ok(readFileSync(join(dir, 'deploy/access.yaml')).equals(golden('traffictarget-v1alpha1-example', 'expected.yaml')))
  assert.ok(readFileSync(join(dir, 'deploy/split.yaml')).equals(golden('mixed-notation-one-and-milli', 'expected.yaml')))
  const again = action(dir, { 'specs-to': 'v1alpha4', 'access-to': 'v1alpha2' })
  assert.is(again.status, 0, again.stdout)
  rmSync(dir, { recursive: true, force: true })
})

test('to: gateway: routes written in write mode as the CLI writes them (Service from another file); bad gateway inputs fail before any file is read', () => {
  const files = {
    'deploy/split.yaml': golden('mixed-notation-one-and-milli', 'input.yaml'),
    'deploy/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: foobar\nspec:\n  ports:\n  - port: 80\n',
  }
  const dir = tempRepo('smi-action-gateway-', files)
  const check = action(dir, { to: 'gateway', linkerd: '2.18' })
  assert.is(check.status, 1, check.stdout)
  assert.match(
    check.summary,
    /\| deploy\/split\.yaml:1 \| foobar-rollout \| v1alpha1 → gateway\.networking\.k8s\.io\/v1 \| 1, 500m → 1000, 500 \|/,
  )
  const w = action(dir, { mode: 'write', to: 'gateway', linkerd: '2.18' })
  assert.is(w.status, 0, w.stdout)
  // The CLI, on the same files, writes the same bytes.
  const other = tempRepo('smi-action-gateway-cli-', files)
  const c = spawnSync(process.execPath, [BIN, '--write', '--to', 'gateway', '--linkerd', '2.18', 'deploy'], {
    cwd: other,
    encoding: 'utf8',
    env: nodeEnv(),
  })
  assert.is(c.status, 0, c.stdout)
  assert.match(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'), /kind: HTTPRoute/)
  assert.is(readFileSync(join(dir, 'deploy/split.yaml'), 'utf8'), readFileSync(join(other, 'deploy/split.yaml'), 'utf8'))
  const again = action(dir, { to: 'gateway', linkerd: '2.18' })
  assert.is(again.status, 0, again.stdout)
  for (const [inputs, message] of [
    [{ to: 'gateway', port: '99999' }, 'input "port" must be a number from 1 to 65535; got "99999"'],
    [{ port: '80' }, 'input "port" needs to: gateway'],
    [{ to: 'gateway', linkerd: '2.12' }, 'input "linkerd" must be one of 2.13, 2.14, 2.15, 2.16, 2.17, 2.18, 2.19, 2.20; got "2.12"'],
    [{ to: 'gateway', 'keep-trafficsplit': 'yes' }, 'input "keep-trafficsplit" must be true or false; got "yes"'],
  ] as const) {
    const bad = action(dir, inputs)
    assert.is(bad.status, 1, JSON.stringify(inputs))
    assert.equal(
      bad.commands.filter((c) => c.startsWith('::error')),
      [`::error::${message}`],
      JSON.stringify(inputs),
    )
  }
  rmSync(dir, { recursive: true, force: true })
  rmSync(other, { recursive: true, force: true })
})

test('errors and more than 10 findings per type: 10 annotations each, the rest in the summary, step fails, bad files untouched', () => {
  const files: Record<string, string> = {}
  for (let i = 1; i <= 13; i++) files[`apps/app-${String(i).padStart(2, '0')}.yaml`] = split(`app-${i}`, ['1', '500m'])
  // 12 errors in one file: 12 TrafficSplits with a negative weight.
  files['apps/bad.yaml'] = Array.from({ length: 12 }, (_, i) => split(`bad-${i}`, ['-1', '1'])).join('---\n')
  const dir = tempRepo('smi-action-', files)
  const r = action(dir, { mode: 'write' })
  assert.is(r.status, 1, r.stdout)
  assert.is(count(r.commands, 'notice'), 10)
  // 9 at file:line, and the step's failure message: GitHub would drop an 11th.
  assert.is(count(r.commands, 'error'), 10)
  assert.is(r.commands.filter((c) => c.startsWith('::error title=smi-migrate%3A error,file=apps/bad.yaml,line=')).length, 9)
  assert.ok(
    r.commands.includes(
      '::error title=smi-migrate%3A error,file=apps/bad.yaml,line=9,endLine=9,col=13::TrafficSplit bad-0: backend 1 weight "-1" is negative',
    ),
    r.stdout,
  )
  assert.is(
    r.commands[r.commands.length - 1],
    '::error::12 errors: a file with an error is not converted (see the annotations and the job summary)',
  )
  const note =
    'GitHub shows at most 10 annotations of each type per step: 3 errors and 3 notices are not annotated. Every finding is listed in the job summary and in the log.'
  assert.ok(r.stdout.includes(note + '\n'), r.stdout)
  assert.ok(r.summary.includes(`> [!NOTE]\n> ${note}\n`))
  // Every error and every conversion is in the summary, annotated or not.
  assert.is(
    r.summary.match(/^\| apps\/bad\.yaml:\d+:13 \| error \| TrafficSplit bad-\d+: backend 1 weight "-1" is negative \|$/gm)?.length,
    12,
  )
  assert.is(r.summary.match(/^\| apps\/app-\d\d\.yaml:1 \| app-\d+ \| v1alpha1 → v1alpha2 \| 1, 500m → 1000, 500 \|$/gm)?.length, 13)
  assert.is(r.outputs.findings, String(13 + 12))
  assert.is(r.outputs['changed-files']!.split('\n').length, 13)
  assert.is(readFileSync(join(dir, 'apps/bad.yaml'), 'utf8'), files['apps/bad.yaml'])
  assert.is(
    readFileSync(join(dir, 'apps/app-13.yaml'), 'utf8'),
    files['apps/app-13.yaml']!.replace('v1alpha1', 'v1alpha2').replace('weight: 1\n', 'weight: 1000\n').replace('500m', '500'),
  )
  rmSync(dir, { recursive: true, force: true })
})

test('a patch above 1 MiB: the summary stays under the limit, says it is truncated, the patch file is whole', () => {
  // 500 TrafficSplits of 40 backends in milli: about 1.5 MB of patch.
  const text = Array.from({ length: 500 }, (_, i) =>
    split(
      `s${i}`,
      Array.from({ length: 40 }, (_, j) => `${j + 1}00m`),
    ),
  ).join('---\n')
  const dir = tempRepo('smi-action-', { 'big.yaml': text })
  const r = action(dir)
  assert.is(r.status, 1)
  const patch = r.patch
  assert.ok(Buffer.byteLength(patch) > 1024 * 1024, `patch is ${Buffer.byteLength(patch)} bytes`)
  assert.ok(Buffer.byteLength(r.summary) < 1024 * 1024, `summary is ${Buffer.byteLength(r.summary)} bytes`)
  assert.match(
    r.summary,
    /```\n\n> \[!WARNING\]\n> The patch is truncated here: \d+ of \d+ lines shown, because GitHub limits a step summary to 1 MiB\. The whole patch is `[^`]*\/temp\/smi-migrate\.patch`\.\n$/,
  )
  // What is shown is a prefix of the patch, cut at a line end.
  const shown = r.summary.slice(r.summary.indexOf('```diff\n') + 8, r.summary.lastIndexOf('```\n\n> [!WARNING]'))
  assert.ok(shown.length > 800_000 && patch.startsWith(shown) && shown.endsWith('\n'))
  assert.match(
    r.summary,
    /\| big\.yaml:1 \| s0 \| v1alpha1 → v1alpha2 \| 100m, 200m, 300m, 400m, 500m, 600m, 700m, 800m, 900m, 1000m, … \(40 weights\) → 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, … \(40 weights\) \|/,
  )
  writeFileSync(join(dir, '.git/smi.patch'), patch)
  git(dir, 'apply', '--check', '.git/smi.patch')
  assert.ok(statSync(join(dir, 'big.yaml')).size === Buffer.byteLength(text))
  rmSync(dir, { recursive: true, force: true })
})

test('names from the pull request cannot inject workflow commands into the log', () => {
  const dir = tempRepo('smi-action-', { '::error::injected/split.yaml': golden('mixed-notation-one-and-milli', 'input.yaml') })
  const r = action(dir, { mode: 'diff', 'fail-on-change': 'false' })
  assert.is(r.status, 0, r.stdout)
  assert.match(r.stdout, /^::error::injected\/split\.yaml:1:1: would convert/m)
  assert.equal(
    r.commands.filter((c) => c.startsWith('::error')),
    [],
  )
  assert.ok(
    r.commands.includes(
      '::warning title=smi-migrate%3A needs conversion,file=%3A%3Aerror%3A%3Ainjected/split.yaml,line=1,endLine=1,col=1::' +
        'would convert TrafficSplit foobar-rollout: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500',
    ),
    r.stdout,
  )
  rmSync(dir, { recursive: true, force: true })
})

test('sarif-file: the findings as SARIF, as `smi-migrate --check --format sarif` writes them; annotations and outputs as without it; an unwritable path fails the step', () => {
  const dir = needsChanges()
  const reports = mkdtempSync(join(tmpdir(), 'smi-action-sarif-'))
  // A directory that does not exist yet is made (a path under RUNNER_TEMP may name one).
  const file = join(reports, 'sub', 'smi-migrate.sarif')
  const r = action(dir, { 'sarif-file': file })
  const without = action(dir)
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.equal(r.commands, without.commands)
  assert.equal(
    [r.outputs.changed, r.outputs['changed-files'], r.outputs.findings],
    [without.outputs.changed, without.outputs['changed-files'], without.outputs.findings],
  )
  const cliLog = spawnSync(process.execPath, [CLI, '--check', '--format', 'sarif', '.'], {
    cwd: dir,
    encoding: 'utf8',
    env: nodeEnv(),
  }).stdout
  assert.is(readFileSync(file, 'utf8'), cliLog)
  const log = JSON.parse(cliLog) as {
    runs: Array<{
      results: Array<{ ruleId: string; level: string; locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }>
    }>
  }
  assert.equal(log.runs[0]!.results.map((x) => [x.ruleId, x.level, x.locations[0]!.physicalLocation.artifactLocation.uri]).sort(), [
    ['converted', 'note', 'deploy/overlays/crlf.yml'],
    ['converted', 'note', 'deploy/split.json'],
    ['converted', 'note', 'deploy/split.yaml'],
  ])

  // A relative path is in the workspace.
  const relative = action(dir, { 'sarif-file': 'smi-migrate.sarif', 'fail-on-change': 'false' })
  assert.is(relative.status, 0, relative.stdout)
  assert.is(readFileSync(join(dir, 'smi-migrate.sarif'), 'utf8'), cliLog)
  rmSync(join(dir, 'smi-migrate.sarif'))

  const bad = action(dir, { 'sarif-file': 'deploy', 'fail-on-change': 'false' })
  assert.is(bad.status, 1)
  assert.ok(
    bad.commands.some((c) => c.startsWith('::error::input "sarif-file": cannot write ') && c.includes('EISDIR')),
    bad.commands.join('\n'),
  )
  rmSync(dir, { recursive: true, force: true })
  rmSync(reports, { recursive: true, force: true })
})

test('report-files: each FORMAT=PATH entry written as `smi-migrate --check --format FORMAT` prints it, beside sarif-file; bad entries fail before any file is read', () => {
  const dir = needsChanges()
  const reports = mkdtempSync(join(tmpdir(), 'smi-action-reports-'))
  const cliReport = (format: string) =>
    spawnSync(process.execPath, [CLI, '--check', '--format', format, '.'], { cwd: dir, encoding: 'utf8', env: nodeEnv() }).stdout
  // Several entries on a line, one on a line of its own, a path with a space, and the older sarif-file beside them.
  const r = action(dir, {
    'report-files': `json=${reports}/report.json sarif=${reports}/sub/my report.sarif\ntext=smi-migrate.txt`,
    'sarif-file': join(reports, 'old.sarif'),
  })
  const without = action(dir)
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.equal(r.commands, without.commands, 'annotations and the step result as without report files')
  assert.equal(r.outputs, { ...without.outputs, patch: r.outputs.patch! })
  // The CLI's records; the summary record has no exit code: the step's result is the Action's to decide (fail-on-change).
  const json = JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8')) as Record<string, unknown>[]
  const cliJson = JSON.parse(cliReport('json')) as Record<string, unknown>[]
  const { exitCode, exitReason, ...cliSummary } = cliJson.pop()!
  assert.equal([exitCode, exitReason], [1, 'would-convert'])
  assert.equal(json, [...cliJson, cliSummary])
  assert.is(cliJson.length, 3)
  const sarif = readFileSync(join(reports, 'sub', 'my report.sarif'), 'utf8')
  assert.is(sarif, cliReport('sarif'))
  assert.is(readFileSync(join(reports, 'old.sarif'), 'utf8'), sarif)
  // Text is the CLI's report, without colour, in the workspace when the path is relative.
  const text = readFileSync(join(dir, 'smi-migrate.txt'), 'utf8')
  assert.is(text, cliReport('text'))
  assert.match(text, /^deploy\/overlays\/crlf\.yml:\d+:\d+: would convert TrafficSplit /m)
  rmSync(join(dir, 'smi-migrate.txt'))

  for (const [entries, message] of [
    ['xml=out.xml', 'input "report-files": "xml" is not a report format (text, json, sarif)'],
    ['results.sarif', 'input "report-files": "results.sarif" is not FORMAT=PATH (e.g. sarif=results.sarif json=report.json)'],
    ['json=', 'input "report-files": "json=" is not FORMAT=PATH (e.g. sarif=results.sarif json=report.json)'],
    ['json=out sarif=./out', 'input "report-files": json and sarif reports would both be written to ./out'],
  ] as const) {
    const bad = action(dir, { 'report-files': entries })
    assert.is(bad.status, 1, entries)
    assert.equal(bad.commands, [`::error::${message}`], entries)
    assert.is(bad.outputs.changed, undefined, `${entries}: refused before any file is read`)
  }
  assert.is(git(dir, 'status', '--porcelain'), '', 'nothing written into the checkout')
  rmSync(dir, { recursive: true, force: true })
  rmSync(reports, { recursive: true, force: true })
})

test('Helm chart in a pull request: templated weights are warning annotations at their line and fail check mode', () => {
  const chart = (f: string) => readFileSync(join('testdata/charts/web', f))
  const repo = tempRepo('smi-action-chart-', {
    'charts/web/Chart.yaml': chart('Chart.yaml'),
    'charts/web/values.yaml': chart('values.yaml'),
    'charts/web/templates/trafficsplit-values.yaml': chart('templates/trafficsplit-values.yaml'),
    'charts/web/templates/deployment.yaml': chart('templates/deployment.yaml'),
  })
  const r = action(repo, { paths: 'charts' })
  assert.is(r.status, 1, r.stdout)
  const warnings = r.commands.filter((c) => c.startsWith('::warning '))
  assert.ok(
    warnings.some((c) =>
      /file=charts\/web\/templates\/trafficsplit-values\.yaml,line=12,.*backend 2 weight is templated.*charts\/web\/values\.yaml:11:11 holds 250m/.test(
        c,
      ),
    ),
    warnings.join('\n'),
  )
  assert.ok(
    r.commands.some((c) => c.startsWith('::error::') && /4 SMI objects \(or kustomize trees\) left for a person to convert/.test(c)),
    r.commands.join('\n'),
  )
  assert.is(r.outputs.changed, 'false')
  assert.is(r.outputs.findings, '4')
  // check mode writes nothing in the repository except the (absent) patch.
  assert.is(git(repo, 'status', '--porcelain'), '')
})

/** Every file under `dir`, keyed by its path under `prefix`. */
function tree(dir: string, prefix: string): Record<string, Buffer> {
  const out: Record<string, Buffer> = {}
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) Object.assign(out, tree(p, `${prefix}/${e.name}`))
    else out[`${prefix}/${e.name}`] = readFileSync(p)
  }
  return out
}

test('the job summary: objects with their names and versions; kustomize patches, values.yaml lines and a List in their own words; suppressions apart from errors and warnings', () => {
  const repo = tempRepo('smi-action-summary-', {
    ...tree('testdata/kustomize', 'k'),
    ...tree('testdata/charts/canary', 'canary'),
    'held.yaml':
      'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: held\n  namespace: shop\n  annotations:\n' +
      '    smi-migrate.io/ignore: "frozen until the cutover"\nspec:\n  service: held\n  backends:\n  - service: a\n    weight: 500m\n',
    'list.yaml':
      'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplitList\nitems:\n- apiVersion: split.smi-spec.io/v1alpha1\n  kind: TrafficSplit\n' +
      '  metadata:\n    name: listed\n  spec:\n    service: listed\n    backends:\n    - service: a\n      weight: 500m\n',
  })
  const r = action(repo)
  assert.is(r.status, 1, r.stdout + r.stderr)
  const s = r.summary
  assert.not.match(s, '? → ?')
  assert.not.match(s, '(unnamed)')
  // Nothing went wrong: no errors-and-warnings section, and the suppression is said apart.
  assert.not.match(s, '### Errors')
  assert.match(
    s,
    /### Left alone on purpose \(1\)\n\n\| Location \| Object \| Reason \|\n\|---\|---\|---\|\n\| held\.yaml:1:1 \| TrafficSplit shop\/held \| frozen until the cutover \(annotation\) \|\n/,
  )
  // The objects table holds the five TrafficSplits, each with its name and versions.
  assert.match(s, /### TrafficSplits to convert \(5\)\n/)
  assert.match(s, /\| k\/base\/trafficsplit\.yaml:2 \| web \| v1alpha1 → v1alpha2 \| 1, 500m → 1000, 500 \|/)
  assert.match(s, /\| list\.yaml:4 \| listed \| v1alpha1 → v1alpha2 \| 500m → 500 \|/)
  // Patches, values.yaml lines and the List's own apiVersion: their messages, where they are.
  assert.match(s, /### Patches, values and Lists to convert \(10\)\n\n\| File:line \| Change \|\n/)
  assert.match(
    s,
    /\| k\/overlays\/canary\/web-weight\.yaml:3 \| JSON 6902 patch for TrafficSplit web: \/spec\/backends\/1\/weight 250m -&gt; 250 \|/,
  )
  assert.match(
    s,
    /\| k\/overlays\/prod\/kustomization\.yaml:9 \| patchesJson6902 target TrafficSplit api: split\.smi-spec\.io\/v1alpha1 -&gt; v1alpha2 \|/,
  )
  assert.match(s, /\| canary\/values\.yaml:7 \| canary\.weight 250m -&gt; 250 \(a weight of TrafficSplit/)
  assert.match(s, /\| list\.yaml:1 \| TrafficSplitList: v1alpha1 -&gt; v1alpha2 \|/)
  rmSync(repo, { recursive: true, force: true })
})

test('a kustomize base beyond the write boundary (a sibling repository): held back whole with a warning annotation at the entry, fails, nothing written; named in paths, converted', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'smi-action-boundary-')))
  const files: Record<string, string> = {
    'app/overlay/kustomization.yaml': 'resources:\n- ../../platform/base\nnamePrefix: p-\n',
    'platform/base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'platform/base/split.yaml': split('web', ['1', '500m']),
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  git(join(root, 'app'), 'init', '-q')
  git(join(root, 'platform'), 'init', '-q')
  // A stray .git above the temp directory must not make both one repository.
  const env = { GIT_CEILING_DIRECTORIES: realpathSync(tmpdir()) }
  const before = readFileSync(join(root, 'platform/base/split.yaml'))
  for (const mode of ['check', 'diff', 'write']) {
    const r = action(join(root, 'app'), { mode, paths: 'overlay' }, env)
    assert.is(r.status, 1, `${mode}: ${r.stdout}${r.stderr}`)
    assert.ok(
      r.commands.some(
        (c) =>
          c.startsWith('::warning ') &&
          c.includes('file=overlay/kustomization.yaml,line=2,') &&
          c.includes('resources entry ../../platform/base reaches ../platform/base/split.yaml, outside the paths being processed'),
      ),
      `${mode}: ${r.commands.join('\n')}`,
    )
    assert.is(r.outputs.changed, 'false', mode)
    assert.is(r.patch, '', `${mode}: no patch`)
    assert.ok(readFileSync(join(root, 'platform/base/split.yaml')).equals(before), `${mode}: the sibling repository was written`)
  }
  const named = action(join(root, 'app'), { mode: 'write', paths: 'overlay\n../platform/base' }, env)
  assert.is(named.status, 0, named.stdout + named.stderr)
  assert.match(readFileSync(join(root, 'platform/base/split.yaml'), 'utf8'), /split\.smi-spec\.io\/v1alpha2/)
  rmSync(root, { recursive: true, force: true })
})

test.run()
