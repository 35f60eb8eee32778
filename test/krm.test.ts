/**
 * `smi-migrate krm`, the KRM function (docs/deploy-time.md), through the built CLI: a
 * ResourceList's items come back converted exactly as `smi-migrate -` converts the same
 * ResourceList (a List to the pipeline), every other byte kept, findings as results; validator
 * mode and errors change no item and exit 1. Then under the real runners: `kubectl kustomize
 * --enable-alpha-plugins` (kubectl 1.32 has no --enable-exec, so it runs a KRM function only as
 * a container: `docker run … IMAGE` with the ResourceList on stdin, kyaml/fn/runtime/container/
 * container.go in kubernetes-sigs/kustomize at 12f9e6391464b3ad9dd3fe8182049dc1b1772990; a
 * `docker` earlier on PATH runs the CLI in its place and checks it was asked for the image)
 * on the trees of testdata/kustomize, compared with `kubectl kustomize | smi-migrate -`; and
 * `kpt fn eval --exec`, which runs exec functions. Without kubectl or kpt those are skipped.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parse, parseAllDocuments } from 'yaml'
import { BIN, cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'
import { nodeEnv } from './helpers/node-env.js'

const kubectlTest = testWith('kubectl')
const kptTest = testWith('kpt')

const SPLIT = (name: string, w1: string, w2: string, extra = '') =>
  `apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: ${name}\n${extra}spec:\n  service: ${name}\n  backends:\n  - service: ${name}-v1\n    weight: ${w1}\n  - service: ${name}-v2\n    weight: ${w2}\n`
const SERVICE =
  'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n  annotations:\n    config.kubernetes.io/path: svc.yaml\n    config.kubernetes.io/index: "0"\nspec:\n  ports:\n  - port: 80\n'

/** A ResourceList of `items` (each a manifest at column 0), with `functionConfig` text (already indented) if given. */
function resourceList(items: string[], functionConfig = ''): string {
  const body = items.map((i) => i.trimEnd().replace(/^/gm, '  ').replace(/^ {2}/, '- ') + '\n').join('')
  return `apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems:\n${body}${functionConfig ? `functionConfig:\n${functionConfig}` : ''}`
}

const configMap = (data: Record<string, string>) =>
  `  apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: smi\n  data:\n${Object.entries(data)
    .map(([k, v]) => `    ${k}: ${JSON.stringify(v)}\n`)
    .join('')}`

interface Out {
  status: number | null
  stdout: string
  stderr: string
  results: Array<Record<string, unknown>>
}

function krm(input: string): Out {
  const r = cli(['krm'], { input })
  const parsed = r.stdout ? (parse(r.stdout) as { results?: Array<Record<string, unknown>> } | null) : null
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, results: parsed?.results ?? [] }
}

const ANNOTATED = SPLIT(
  'web',
  '1',
  '500m',
  '  annotations:\n    config.kubernetes.io/path: split.yaml\n    config.kubernetes.io/index: "1"\n',
)

test('items are converted as smi-migrate - converts the ResourceList; the rest stays byte for byte; results name each object', () => {
  const input = resourceList([SERVICE, ANNOTATED], configMap({ to: 'v1alpha4' }))
  const r = krm(input)
  assert.is(r.status, 0, r.stderr)
  const stream = cli(['--to', 'v1alpha4', '-'], { input })
  assert.is(stream.status, 0)
  const at = r.stdout.indexOf('results:\n')
  assert.ok(at > 0, r.stdout)
  assert.is(r.stdout.slice(0, at), stream.stdout)
  assert.ok(stream.stdout.includes('weight: 1000\n') && stream.stdout.includes('split.smi-spec.io/v1alpha4'))
  assert.is(r.results.length, 1)
  assert.equal(r.results[0], {
    message: 'converted TrafficSplit web: v1alpha1 -> v1alpha4, weights 1, 500m -> 1000, 500',
    severity: 'info',
    resourceRef: { apiVersion: 'split.smi-spec.io/v1alpha1', kind: 'TrafficSplit', name: 'web' },
    file: { path: 'split.yaml', index: 1 },
  })
})

test('a second run changes nothing, and a ResourceList with nothing to convert comes back byte-identical', () => {
  const first = krm(resourceList([SERVICE, ANNOTATED]))
  const withoutResults = first.stdout.slice(0, first.stdout.indexOf('results:\n'))
  const second = krm(withoutResults)
  assert.is(second.status, 0)
  assert.is(second.stdout, withoutResults)
  const plain = resourceList([SERVICE], configMap({ to: 'v1alpha2' }))
  assert.is(krm(plain).stdout, plain)
})

test('results given by an earlier function are replaced, not doubled', () => {
  const input = resourceList([ANNOTATED]) + 'results:\n- message: earlier\n  severity: info\n'
  const r = krm(input)
  assert.is(r.status, 0, r.stderr)
  assert.is(r.results.length, 1)
  assert.match(String(r.results[0]!.message), /converted TrafficSplit web/)
})

test('results name their item whatever its key order and line ends (an item read alone, or the whole list read)', () => {
  const specFirst =
    'kind: TrafficSplit\nspec:\n  service: web\n  backends:\n  - service: web-v1\n    weight: 1\n  - service: web-v2\n    weight: 500m\n' +
    'metadata:\n  name: web\n  namespace: prod\n  annotations:\n    config.kubernetes.io/path: a/b.yaml\n    config.kubernetes.io/index: "3"\napiVersion: split.smi-spec.io/v1alpha1\n'
  const lf = resourceList([SERVICE, specFirst])
  for (const input of [lf, lf.replace(/\n/g, '\r\n')]) {
    const r = krm(input)
    assert.is(r.status, 0, r.stderr)
    assert.is(r.results.length, 1)
    assert.equal(r.results[0]!.resourceRef, {
      apiVersion: 'split.smi-spec.io/v1alpha1',
      kind: 'TrafficSplit',
      name: 'web',
      namespace: 'prod',
    })
    assert.equal(r.results[0]!.file, { path: 'a/b.yaml', index: 3 })
    assert.is(r.results[0]!.field, undefined, 'a conversion is about the object')
  }
})

test('a JSON ResourceList is converted and gets JSON results', () => {
  const input = JSON.stringify(
    {
      apiVersion: 'config.kubernetes.io/v1',
      kind: 'ResourceList',
      items: [parse(SERVICE), parse(ANNOTATED)],
      functionConfig: { apiVersion: 'smi-migrate.io/v1alpha1', kind: 'SmiMigrate', spec: { to: 'v1alpha3' } },
    },
    null,
    2,
  )
  const r = krm(input)
  assert.is(r.status, 0, r.stderr)
  const out = JSON.parse(r.stdout) as {
    items: Array<{ apiVersion: string; spec: { backends?: Array<{ weight: number }> } }>
    results: unknown[]
  }
  assert.is(out.items[1]!.apiVersion, 'split.smi-spec.io/v1alpha3')
  assert.equal(
    out.items[1]!.spec.backends!.map((b) => b.weight),
    [1000, 500],
  )
  assert.is(out.results.length, 1)
})

test('validator mode (check: "true") changes no item and fails with an error result per conversion needed', () => {
  const input = resourceList([SERVICE, ANNOTATED], configMap({ check: 'true' }))
  const r = krm(input)
  assert.is(r.status, 1)
  assert.is(r.stdout.slice(0, r.stdout.indexOf('results:\n')), input)
  assert.is(r.results.length, 1)
  assert.is(r.results[0]!.severity, 'error')
  assert.match(String(r.results[0]!.message), /^would convert TrafficSplit web/)
  assert.match(r.stderr, /would convert TrafficSplit web/)
  const done = resourceList([SERVICE], configMap({ check: 'true' }))
  assert.is(krm(done).status, 0)
})

test('an error leaves every item as it was and exits 1 with the error as a result', () => {
  const input = resourceList([ANNOTATED, SPLIT('api', '-1', '2')])
  const r = krm(input)
  assert.is(r.status, 1)
  assert.is(r.stdout.slice(0, r.stdout.indexOf('results:\n')), input, 'no item converted')
  const error = r.results.find((x) => x.severity === 'error')!
  assert.ok(error, JSON.stringify(r.results))
  assert.equal(error.resourceRef, { apiVersion: 'split.smi-spec.io/v1alpha1', kind: 'TrafficSplit', name: 'api' })
  assert.is((error.field as { path: string }).path, 'spec.backends[0].weight')
  assert.match(r.stderr, /error: .*negative/i)
})

test('functionConfig: unknown options, bad values and options without their --to are error results', () => {
  for (const [data, message] of [
    [{ tp: 'v1alpha2' }, /unknown option tp/],
    [{ to: 'v9' }, /to must be one of/],
    [{ port: '80' }, /port needs to: gateway/],
    [{ check: 'yes' }, /check must be true or false/],
  ] as const) {
    const r = krm(resourceList([ANNOTATED], configMap(data as Record<string, string>)))
    assert.is(r.status, 1, JSON.stringify(data))
    assert.is(r.results.length, 1)
    assert.match(String(r.results[0]!.message), message)
  }
  const typed = krm(
    resourceList(
      [ANNOTATED],
      '  apiVersion: smi-migrate.io/v1alpha1\n  kind: SmiMigrate\n  metadata:\n    name: x\n  spec:\n    specs-to: v1alpha4\n',
    ),
  )
  assert.is(typed.status, 1)
  assert.match(String(typed.results[0]!.message), /unknown option specs-to/)
})

test('input that is no ResourceList: path:line:col on stderr, nothing on stdout, exit 1', () => {
  for (const [input, where] of [
    ['apiVersion: v1\nkind: ConfigMap\ndata: {}\n', /^<stdin>:1:1: the input is not a ResourceList or List with items/],
    ['apiVersion: config.kubernetes.io/v1\nkind: ResourceList\nitems: [\n', /^<stdin>:\d+:\d+: /],
    ['{"apiVersion": "config.kubernetes.io/v1", "kind": "ResourceList", "items": [}', /^<stdin>:1:\d+: /],
  ] as const) {
    const r = krm(input)
    assert.is(r.status, 1)
    assert.is(r.stdout, '')
    assert.match(r.stderr, where)
  }
})

test('--to gateway: the routes replace the split with its path annotations, the Service stays', () => {
  const r = krm(resourceList([SERVICE, ANNOTATED], configMap({ to: 'gateway' })))
  assert.is(r.status, 0, r.stderr)
  const out = parse(r.stdout) as { items: Array<{ kind: string; metadata: { annotations?: Record<string, string> } }> }
  assert.equal(
    out.items.map((i) => i.kind),
    ['Service', 'HTTPRoute'],
  )
  assert.is(out.items[1]!.metadata.annotations!['config.kubernetes.io/path'], 'split.yaml')
  assert.is(out.items[1]!.metadata.annotations!['config.kubernetes.io/index'], '1')
  assert.ok(r.stdout.startsWith(resourceList([SERVICE]).trimEnd()), 'the Service item is kept byte for byte')
})

test('help: smi-migrate krm --help says what it reads and where its options come from; the main help names it', () => {
  const help = cli(['krm', '--help'])
  assert.is(help.status, 0)
  assert.match(help.stdout, /^Usage: smi-migrate krm/)
  assert.match(help.stdout, /functionConfig/)
  assert.match(help.stdout, /check: "true" is validator mode/)
  assert.match(cli(['--help']).stdout, /smi-migrate krm --help +a KRM function/)
  const bad = cli(['krm', '--nope'])
  assert.is(bad.status, 2)
  assert.match(bad.stderr, /^smi-migrate krm: unknown option --nope/)
})

// --- under the runners ---------------------------------------------------------------------

const IMAGE = 'example.org/smi-migrate-krm:test'

/** A `docker` that runs the CLI as the image would, after checking kustomize asked for IMAGE with stdin attached. */
function fakeDocker(): string {
  const dir = tempDir('krm-docker')
  const script = `#!/bin/sh
last=""; for a in "$@"; do last="$a"; done
[ "$1" = run ] && [ "$last" = "${IMAGE}" ] || { echo "fake docker: unexpected arguments: $*" >&2; exit 97; }
case " $* " in *" -i "*) ;; *) echo "fake docker: stdin not attached" >&2; exit 98;; esac
exec "${process.execPath}" "${BIN}" krm
`
  writeFileSync(join(dir, 'docker'), script)
  chmodSync(join(dir, 'docker'), 0o755)
  return dir
}

/** testdata/kustomize copied, with `section` (transformers or validators) naming a function config in `dir`. */
function kustomizeTree(dir: string, section: 'transformers' | 'validators', options: Record<string, string>): string {
  const root = tempDir('krm-tree')
  cpSync(resolve('testdata/kustomize'), root, { recursive: true })
  const fn =
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: smi-migrate\n  annotations:\n    config.kubernetes.io/function: |\n      container:\n        image: ${IMAGE}\n` +
    `data:\n${Object.entries(options)
      .map(([k, v]) => `  ${k}: ${JSON.stringify(v)}\n`)
      .join('')}`
  writeFileSync(join(root, dir, 'smi-migrate.yaml'), fn)
  const k = join(root, dir, 'kustomization.yaml')
  writeFileSync(k, `${readFileSync(k, 'utf8')}${section}:\n  - smi-migrate.yaml\n`)
  return root
}

function kustomize(dir: string, path?: string): { status: number | null; stdout: string; stderr: string } {
  const env = nodeEnv(path ? { PATH: `${path}:${process.env.PATH ?? ''}` } : {})
  const r = spawnSync('kubectl', ['kustomize', ...(path ? ['--enable-alpha-plugins'] : []), dir], { encoding: 'utf8', env })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

for (const dir of ['base', 'overlays/prod', 'overlays/canary']) {
  kubectlTest(`kubectl kustomize with smi-migrate krm as a transformer renders ${dir} as kubectl kustomize | smi-migrate -`, () => {
    const docker = fakeDocker()
    const withFn = kustomize(join(kustomizeTree(dir, 'transformers', { to: 'v1alpha4' }), dir), docker)
    assert.is(withFn.status, 0, withFn.stderr)
    const plain = kustomize(join(resolve('testdata/kustomize'), dir))
    assert.is(plain.status, 0, plain.stderr)
    const piped = cli(['--to', 'v1alpha4', '-'], { input: plain.stdout })
    assert.is(piped.status, 0, piped.stderr)
    assert.is(withFn.stdout, piped.stdout)
    assert.ok(withFn.stdout.includes('split.smi-spec.io/v1alpha4'), withFn.stdout)
    assert.not.ok(withFn.stdout.includes('smi-migrate.yaml'), 'the function config is not rendered')
  })
}

kubectlTest('as a kustomize validator it fails the build with its error results while a conversion is needed', () => {
  const docker = fakeDocker()
  const root = kustomizeTree('base', 'validators', { check: 'true' })
  const failed = kustomize(join(root, 'base'), docker)
  assert.is.not(failed.status, 0)
  assert.is(failed.stdout, '')
  assert.match(failed.stderr, /would convert TrafficSplit web: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500/)
})

/*
 * kustomize 5.5 (kubectl 1.32) compares a validator's items with its input after its function
 * runtime has given them path annotations (api/internal/target/kusttarget.go runValidators, at
 * 12f9e6391464b3ad9dd3fe8182049dc1b1772990), so any KRM function that passes fails there as a
 * validator, `cat` too: docs/deploy-time.md lists the check under transformers instead.
 */
kubectlTest('check under transformers: fails while a conversion is needed, renders kubectl kustomize unchanged once none is', () => {
  const docker = fakeDocker()
  const root = kustomizeTree('base', 'transformers', { check: 'true' })
  const failed = kustomize(join(root, 'base'), docker)
  assert.is.not(failed.status, 0)
  assert.match(failed.stderr, /would convert TrafficSplit web/)
  // The split converted on its own (file mode holds back a tree whose transformers it does not follow).
  const split = join(root, 'base', 'trafficsplit.yaml')
  writeFileSync(split, cli(['-'], { input: readFileSync(split) }).raw)
  const passed = kustomize(join(root, 'base'), docker)
  assert.is(passed.status, 0, passed.stderr)
  writeFileSync(
    join(root, 'base', 'kustomization.yaml'),
    readFileSync(join(root, 'base', 'kustomization.yaml'), 'utf8').replace(/transformers:[\s\S]*$/, ''),
  )
  assert.is(passed.stdout, kustomize(join(root, 'base')).stdout)
  assert.ok(passed.stdout.includes('weight: 1000'), passed.stdout)
})

kubectlTest('a transformer given bad input fails the build with the error result, and renders nothing', () => {
  const docker = fakeDocker()
  const root = kustomizeTree('base', 'transformers', {})
  const split = join(root, 'base', 'trafficsplit.yaml')
  writeFileSync(split, readFileSync(split, 'utf8').replace('weight: 500m', 'weight: -500m'))
  const r = kustomize(join(root, 'base'), docker)
  assert.is.not(r.status, 0)
  assert.is(r.stdout, '')
  assert.match(r.stderr, /TrafficSplit web.*negative/i)
})

kptTest('kpt fn eval --exec runs it as an exec function: the package is converted in place, results printed', () => {
  const root = tempDir('krm-kpt')
  cpSync(resolve('testdata/kustomize/base'), root, { recursive: true })
  const exec = join(root, '..', `smi-migrate-krm-${process.pid}`)
  writeFileSync(exec, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" krm "$@"\n`)
  chmodSync(exec, 0o755)
  const before = readFileSync(join(root, 'trafficsplit.yaml'), 'utf8')
  const r = spawnSync('kpt', ['fn', 'eval', root, '--exec', exec, '--', 'to=v1alpha4'], { encoding: 'utf8' })
  assert.is(r.status, 0, r.stderr)
  const after = readFileSync(join(root, 'trafficsplit.yaml'), 'utf8')
  const expected = cli(['--to', 'v1alpha4', '-'], { input: before }).stdout
  assert.is(after, expected)
  assert.match(r.stderr, /\[info\] split\.smi-spec\.io\/v1alpha1\/TrafficSplit\/web: converted TrafficSplit web/)
  assert.is(parseAllDocuments(after).length, 2)
})

test.run()
