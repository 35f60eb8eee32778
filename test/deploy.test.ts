/**
 * The deploy-time recipes of docs/deploy-time.md, run as their hosts run them (there is no helm
 * or Argo CD here: each host's contract is played by a harness written from its source):
 *
 * - Helm 3 `--post-renderer smi-migrate --post-renderer-args -`: the binary looked up on PATH,
 *   the manifests on stdin, stdout taken, stderr kept only for the error of a non-zero exit,
 *   empty output refused (pkg/postrender/exec.go, helm/helm at 9bb7e13c66fefbf6d7697a13f79c3624cceafbf5).
 * - Helm 4's post-renderer plugin: plugin.yaml read with known fields only and checked (name,
 *   semver version, apiVersion v1, type, runtime), the platform command split on spaces, each
 *   part and arg expanded with HELM_PLUGIN_DIR/HELM_PLUGIN_NAME, the --post-renderer-args
 *   appended, run as Helm 3 runs its binary (internal/plugin/loader.go, metadata_v1.go,
 *   subprocess_commands.go, runtime_subprocess.go runPostrenderer; pkg/postrenderer/
 *   postrenderer.go; helm/helm at e9b85e4de16ad45805843fb121748018cf89094b).
 * - Argo CD's CMP: deploy/argocd/plugin.yaml's generate run in the source directory with the
 *   environment Argo CD gives it (ARGOCD_APP_*, each parameter as PARAM_<NAME>: argoproj/argo-cd
 *   pkg/apis/application/v1alpha1/types.go ApplicationSourcePluginParameters.Environ at
 *   6328f8ba71ac7a2b60e8be90c28d091f771756a4), kustomize being `kubectl kustomize`; and the
 *   sidecar patch (deploy/argocd) built by kubectl kustomize onto a repo-server Deployment.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { chmodSync, cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, resolve } from 'node:path'
import { parse } from 'yaml'
import { BIN, cli, tempDir } from './helpers/cli.js'
import { testWith } from './helpers/tools.js'
import { nodeEnv } from './helpers/node-env.js'

const kubectlTest = testWith('kubectl')
const CANARY = readFileSync('testdata/examples/canary.yaml')

interface Rendered {
  manifests?: Buffer
  error?: string
}

/** Runs `command args` as Helm does a post-renderer: stdin the manifests, stdout the result, stderr only in the error. */
function runAsHelm(command: string, args: string[], input: Buffer, env: NodeJS.ProcessEnv, name: string): Rendered {
  const r = spawnSync(command, args, { input, env, maxBuffer: 1 << 30 })
  if (r.error) return { error: `error while running command ${name}: ${r.error.message}` }
  if (r.status !== 0)
    return { error: `error while running command ${name}. error output:\n${r.stderr.toString()}: exit status ${r.status}` }
  if (r.stdout.toString().trim() === '') return { error: `post-renderer "${name}" produced empty output` }
  return { manifests: r.stdout }
}

/** A PATH with `smi-migrate` on it, as `npm install -g` links it. */
function installed(): string {
  const dir = tempDir('bin')
  symlinkSync(resolve(BIN), join(dir, 'smi-migrate'))
  return dir
}

/** Helm 3: the binary name resolved on PATH (exec.LookPath), then run with the args. */
function helm3(input: Buffer, args: string[]): Rendered {
  const path = `${installed()}${delimiter}${process.env.PATH ?? ''}`
  const found = spawnSync('sh', ['-c', 'command -v smi-migrate'], { env: { ...process.env, PATH: path }, encoding: 'utf8' })
  assert.is(found.status, 0, 'smi-migrate is on PATH')
  return runAsHelm(found.stdout.trim(), args, input, nodeEnv({ PATH: path }), found.stdout.trim())
}

const KNOWN = ['apiVersion', 'name', 'type', 'runtime', 'version', 'sourceURL', 'config', 'runtimeConfig']

/** Helm 4: `helm plugin install DIR` then `--post-renderer NAME --post-renderer-args …`. */
function helm4(pluginDir: string, input: Buffer, extraArgs: string[]): Rendered {
  const meta = parse(readFileSync(join(pluginDir, 'plugin.yaml'), 'utf8')) as Record<string, unknown>
  for (const key of Object.keys(meta)) assert.ok(KNOWN.includes(key), `plugin.yaml: field ${key} not known to Helm 4`)
  assert.match(String(meta.name), /^[\w-]+$/)
  assert.match(String(meta.version), /^\d+\.\d+\.\d+(?:-[0-9A-Z.-]+)?(?:\+[0-9A-Z.-]+)?$/i)
  assert.is(meta.apiVersion, 'v1')
  assert.is(meta.type, 'postrenderer/v1')
  assert.is(meta.runtime, 'subprocess')
  const commands = (meta.runtimeConfig as { platformCommand: Array<{ os?: string; arch?: string; command: string; args?: string[] }> })
    .platformCommand
  // Helm's order (subprocess_commands.go getPlatformCommand): this os and arch; else the first with this os and no
  // arch; else the first with neither. A command naming an arch is taken only with its os.
  const os = process.platform === 'win32' ? 'windows' : process.platform
  const arch = ({ x64: 'amd64', ia32: '386', arm64: 'arm64', arm: 'arm' } as Record<string, string>)[process.arch] ?? process.arch
  const same = (a: string | undefined, b: string) => (a ?? '').toLowerCase() === b
  const chosen =
    commands.find((c) => same(c.os, os) && same(c.arch, arch)) ??
    commands.find((c) => same(c.os, os) && !c.arch) ??
    commands.find((c) => !c.os && !c.arch)
  if (!chosen) throw new Error('no plugin command is applicable')
  const env: NodeJS.ProcessEnv = nodeEnv({ HELM_PLUGIN_NAME: String(meta.name), HELM_PLUGIN_DIR: pluginDir })
  const expand = (s: string) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => env[(a ?? b)!] ?? '')
  const [main, ...parts] = chosen.command.split(' ')
  const args = [...parts.map(expand), ...(chosen.args ?? []).map(expand), ...extraArgs]
  const command = expand(main!)
  const resolved = command.includes('/') ? command : spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim()
  const r = runAsHelm(resolved, args, input, env, String(meta.name))
  // Helm 4 words a failed plugin as its own error; the plugin's stderr is logged at debug level.
  return r.error && !r.error.startsWith('post-renderer') ? { error: `plugin "${String(meta.name)}" exited with error\n${r.error}` } : r
}

/** `helm plugin install` from a clone: the directory as it is (Helm 4 links a local directory). */
function clone(): string {
  const dir = tempDir('helm-plugin')
  for (const f of ['plugin.yaml', 'package.json']) cpSync(f, join(dir, f))
  cpSync('dist', join(dir, 'dist'), { recursive: true })
  return dir
}

test('Helm 3: --post-renderer smi-migrate --post-renderer-args - converts as smi-migrate - does', () => {
  const r = helm3(CANARY, ['-'])
  assert.ok(r.manifests, r.error)
  assert.is(r.manifests.toString(), cli(['-'], { input: CANARY }).stdout)
  assert.match(r.manifests.toString(), /weight: 1000/)
  const v4 = helm3(CANARY, ['-', '--to', 'v1alpha4'])
  assert.match(v4.manifests!.toString(), /split\.smi-spec\.io\/v1alpha4/)
})

test('Helm 3: a refusal fails the release with the message', () => {
  const bad = Buffer.from(CANARY.toString().replace('weight: "500m"', 'weight: "-500m"'))
  const r = helm3(bad, ['-'])
  assert.is(r.manifests, undefined)
  assert.match(r.error!, /error while running command .*smi-migrate\. error output:\n.*negative/is)
})

test('Helm 4: plugin.yaml installs from a clone and runs as a postrenderer/v1 plugin, extra args after -', () => {
  const dir = clone()
  const r = helm4(dir, CANARY, ['--to', 'v1alpha3'])
  assert.ok(r.manifests, r.error)
  assert.is(r.manifests.toString(), cli(['--to', 'v1alpha3', '-'], { input: CANARY }).stdout)
  const bad = helm4(dir, Buffer.from(CANARY.toString().replace('weight: "500m"', 'weight: "5x"')), [])
  assert.match(bad.error!, /^plugin "smi-migrate" exited with error/)
  assert.match(bad.error!, /error: /)
  const plugin = readFileSync('plugin.yaml', 'utf8')
  assert.match(plugin, new RegExp(`version: ${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version}\\n`))
})

/** deploy/argocd/plugin.yaml's generate, run in `dir` with Argo CD's environment and `params`. */
function generate(dir: string, params: Record<string, string>, env: Record<string, string> = {}, tools?: string) {
  const cmp = parse(readFileSync('deploy/argocd/plugin.yaml', 'utf8')) as {
    spec: { generate: { command: string[]; args: string[] } }
  }
  const bin = tempDir('argocd-bin')
  // kustomize is kubectl's here: `kustomize build DIR` is `kubectl kustomize DIR`.
  writeFileSync(join(bin, 'kustomize'), '#!/bin/sh\n[ "$1" = build ] || exit 64\nshift\nexec kubectl kustomize "$@"\n')
  chmodSync(join(bin, 'kustomize'), 0o755)
  const argocd: Record<string, string> = {
    ARGOCD_APP_NAME: 'web',
    ARGOCD_APP_NAMESPACE: 'prod',
    ARGOCD_APP_REVISION: '0123456789abcdef0123456789abcdef01234567',
    ARGOCD_APP_SOURCE_PATH: 'overlays/prod',
    ARGOCD_APP_SOURCE_REPO_URL: 'https://example.org/deploy.git',
    ARGOCD_APP_SOURCE_TARGET_REVISION: 'HEAD',
    KUBE_VERSION: '1.32',
    KUBE_API_VERSIONS: 'v1,apps/v1,split.smi-spec.io/v1alpha4',
    ARGOCD_APP_PARAMETERS: JSON.stringify(Object.entries(params).map(([name, string]) => ({ name, string }))),
    ...Object.fromEntries(Object.entries(params).map(([k, v]) => [`PARAM_${k.toUpperCase().replace(/[^A-Z0-9_]/g, '_')}`, v])),
    ...Object.fromEntries(Object.entries(env).map(([k, v]) => [`ARGOCD_ENV_${k}`, v])),
  }
  const [command, ...args] = [...cmp.spec.generate.command, ...cmp.spec.generate.args]
  // The sidecar's PATH puts the image's node first; its CLI is at /app/dist/cli.js, here the built one.
  const path = [...(tools ? [tools] : []), bin, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter)
  return spawnSync(command!, args, { cwd: dir, encoding: 'utf8', env: nodeEnv({ PATH: path, SMI_MIGRATE_CLI: BIN, ...argocd }) })
}

kubectlTest('Argo CD CMP: generate renders a kustomize source and converts it, parameters as PARAM_*', () => {
  const root = tempDir('argocd')
  cpSync('testdata/kustomize', root, { recursive: true })
  const dir = join(root, 'overlays', 'prod')
  const r = generate(dir, { to: 'v1alpha4', 'specs-to': 'v1alpha4' })
  assert.is(r.status, 0, r.stderr)
  const rendered = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' }).stdout
  assert.is(r.stdout, cli(['--to', 'v1alpha4', '--specs-to', 'v1alpha4', '-'], { input: rendered }).stdout)
  assert.match(r.stdout, /split\.smi-spec\.io\/v1alpha4/)
  assert.match(r.stderr, /converted TrafficSplit/)
  const fromEnv = generate(dir, {}, { SMI_TO: 'v1alpha3' })
  assert.match(fromEnv.stdout, /split\.smi-spec\.io\/v1alpha3/)
})

/** A `helm` that records each call's arguments in `log` (one per line, calls ended by `--`) and renders `manifests`. */
function fakeHelm(manifests: string): { dir: string; calls: () => string[][] } {
  const dir = tempDir('argocd-helm')
  const log = join(dir, 'calls')
  writeFileSync(join(dir, 'manifests.yaml'), manifests)
  writeFileSync(
    join(dir, 'helm'),
    `#!/bin/sh\nprintf '%s\\n' "$@" >> "${log}"\necho -- >> "${log}"\n[ "$1" = template ] && cat "${join(dir, 'manifests.yaml')}"\nexit 0\n`,
  )
  chmodSync(join(dir, 'helm'), 0o755)
  const calls = () =>
    readFileSync(log, 'utf8')
      .split('--\n')
      .filter(Boolean)
      .map((c) => c.trimEnd().split('\n'))
  return { dir, calls }
}

test('Argo CD CMP: a Helm source is rendered with the flags Argo CD passes helm template, dependencies built first; mesh picks the version', () => {
  const chart = tempDir('argocd-chart')
  writeFileSync(
    join(chart, 'Chart.yaml'),
    'apiVersion: v2\nname: web\nversion: 1.0.0\ndependencies:\n- name: lib\n  version: 1.0.0\n  repository: file://../lib\n',
  )
  const helm = fakeHelm(CANARY.toString('utf8'))
  const r = generate(chart, { mesh: 'nginx', 'values-files_0': 'values-prod.yaml', 'values-files_1': 'extra.yaml' }, {}, helm.dir)
  assert.is(r.status, 0, r.stderr)
  assert.is(r.stdout, cli(['--mesh', 'nginx', '-'], { input: CANARY }).stdout, 'mesh applies: no --to given')
  assert.match(r.stdout, /split\.smi-spec\.io\/v1alpha3/)
  const apis = ['v1', 'apps/v1', 'split.smi-spec.io/v1alpha4'].flatMap((v) => ['--api-versions', v])
  const values = ['--values', 'values-prod.yaml', '--values', 'extra.yaml']
  assert.equal(helm.calls(), [
    ['dependency', 'build'],
    ['template', 'web', '.', '--namespace', 'prod', '--kube-version', '1.32', ...values, ...apis, '--include-crds'],
  ])
  const plain = tempDir('argocd-chart-plain')
  writeFileSync(join(plain, 'Chart.yaml'), 'apiVersion: v2\nname: web\nversion: 1.0.0\n')
  const bare = fakeHelm(CANARY.toString('utf8'))
  assert.is(generate(plain, { 'skip-crds': 'true' }, {}, bare.dir).status, 0)
  assert.equal(bare.calls(), [['template', 'web', '.', '--namespace', 'prod', '--kube-version', '1.32', ...apis]])
})

kubectlTest('Argo CD CMP: a refusal fails generate with the message and prints no manifests', () => {
  const root = tempDir('argocd-bad')
  cpSync('testdata/kustomize', root, { recursive: true })
  const split = join(root, 'base', 'trafficsplit.yaml')
  writeFileSync(split, readFileSync(split, 'utf8').replace('weight: 500m', 'weight: -500m'))
  const r = generate(join(root, 'base'), {})
  assert.is.not(r.status, 0)
  assert.match(r.stderr, /negative/i)
  mkdirSync(join(root, 'empty'))
  const none = generate(join(root, 'empty'), {})
  assert.is.not(none.status, 0, 'no kustomization and no helm: generate fails')
})

kubectlTest(
  'Argo CD CMP: deploy/argocd builds the sidecar onto argocd-repo-server with plugin.yaml mounted where argocd-cmp-server reads it',
  () => {
    const root = tempDir('argocd-install')
    cpSync('deploy/argocd', root, { recursive: true })
    writeFileSync(
      join(root, 'repo-server.yaml'),
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: argocd-repo-server\nspec:\n  template:\n    spec:\n      containers:\n      - name: argocd-repo-server\n        image: quay.io/argoproj/argocd:latest\n      volumes:\n      - name: var-files\n        emptyDir: {}\n      - name: plugins\n        emptyDir: {}\n',
    )
    const k = join(root, 'kustomization.yaml')
    writeFileSync(k, readFileSync(k, 'utf8').replace('resources: []', 'resources:\n  - repo-server.yaml'))
    const r = spawnSync('kubectl', ['kustomize', root], { encoding: 'utf8' })
    assert.is(r.status, 0, r.stderr)
    const docs = r.stdout.split(/^---\n/m).map((d) => parse(d) as Record<string, any>)
    const cm = docs.find((d) => d.kind === 'ConfigMap')!
    assert.is(cm.metadata.name, 'smi-migrate-plugin')
    assert.is(cm.data['plugin.yaml'], readFileSync('deploy/argocd/plugin.yaml', 'utf8'))
    const spec = docs.find((d) => d.kind === 'Deployment')!.spec.template.spec
    const sidecar = spec.containers.find((c: { name: string }) => c.name === 'smi-migrate')
    assert.equal(sidecar.command, ['/var/run/argocd/argocd-cmp-server'])
    assert.is(sidecar.securityContext.runAsUser, 999)
    const mounts = Object.fromEntries(sidecar.volumeMounts.map((m: { mountPath: string; name: string }) => [m.mountPath, m.name]))
    assert.is(mounts['/home/argocd/cmp-server/config/plugin.yaml'], 'smi-migrate-plugin')
    assert.is(mounts['/var/run/argocd'], 'var-files')
    assert.is(mounts['/home/argocd/cmp-server/plugins'], 'plugins')
    assert.ok(sidecar.env.find((e: { name: string; value: string }) => e.name === 'PATH').value.startsWith('/tools:/nodejs/bin:'))
    // The image's node is where the Dockerfile's ENTRYPOINT runs it, and its CLI where generate looks.
    const dockerfile = readFileSync('Dockerfile', 'utf8')
    assert.match(dockerfile, /ENTRYPOINT \["\/nodejs\/bin\/node", "\/app\/dist\/cli\.js"\]/)
    assert.match(readFileSync('deploy/argocd/plugin.yaml', 'utf8'), /'\/app\/dist\/cli\.js'/)
    assert.equal(spec.volumes.map((v: { name: string }) => v.name).sort(), [
      'plugins',
      'smi-migrate-plugin',
      'smi-migrate-tmp',
      'smi-migrate-tools',
      'var-files',
    ])
  },
)

test.run()
