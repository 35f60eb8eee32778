/**
 * The npm package as users get it: `npm pack` holds only what they need (the bundles, the
 * public API's declarations, the notices of the third-party code they bundle, README and
 * LICENSE), and the tarball installs (offline: there are no runtime dependencies) into a
 * temporary prefix and into a project, where the bin, `npx smi-migrate`, the library import
 * and a TypeScript consumer all work. The Action's bundle has notices of its own.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { nodeEnv } from './helpers/node-env.js'

const GOLDEN = resolve('testdata/golden')
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1' }

function sh(cmd: string, args: string[], cwd: string, input?: string) {
  const r = spawnSync(cmd, args, { cwd, env, input, encoding: 'utf8' })
  assert.is(r.status, 0, `${cmd} ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

/**
 * The packages whose code a bundle holds, read from esbuild's own path comments (the
 * unminified output opens each module with `// node_modules/<package>/<file>`): an oracle
 * independent of the metafile that scripts/build.mjs writes the notices from.
 */
function bundledPackages(code: string): string[] {
  const names = [...code.matchAll(/^\/\/ (?:.*\/)?node_modules\/((?:@[^/]+\/)?[^/]+)\//gm)].map((m) => m[1]!)
  return [...new Set(names)].sort()
}

/** The packages a notices file lists (its "- name version (licence)" lines), checking each version against node_modules. */
function listedPackages(notices: string): string[] {
  const listed = [...notices.matchAll(/^- (\S+) (\S+) \((.+)\)$/gm)].map(([, name, version, licence]) => {
    const pkg = JSON.parse(readFileSync(join('node_modules', name!, 'package.json'), 'utf8')) as { version: string; license: string }
    assert.is(version, pkg.version, `${name}: notices say ${version}, node_modules has ${pkg.version}`)
    assert.is(licence, pkg.license, name)
    return name!
  })
  return listed.sort()
}

const work = mkdtempSync(join(tmpdir(), 'smi-npm-'))
let tarball = ''
const unpacked = join(work, 'unpacked')
const NOTICES = 'dist/THIRD_PARTY_NOTICES.md'

test.before(() => {
  const packed = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', work], process.cwd())) as { filename: string }[]
  tarball = join(work, packed[0]!.filename)
  mkdirSync(unpacked)
  sh('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1'], work)
})

test('package.json: engines node >=20, no runtime dependencies, types at the rolled-up declarations', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    engines: { node: string }
    dependencies?: object
    types: string
    exports: { '.': { types: string } }
  }
  assert.is(pkg.engines.node, '>=20')
  assert.is(pkg.dependencies, undefined, 'everything is bundled: no runtime dependencies')
  assert.is(pkg.types, 'dist/index.d.ts')
  assert.is(pkg.exports['.'].types, './dist/index.d.ts')
})

test('npm pack: built code, public types, notices, README, LICENSE, package.json and the Helm plugin.yaml only', () => {
  const files = sh('tar', ['-tzf', tarball], work)
    .split('\n')
    .filter(Boolean)
    .map((f) => f.replace(/^package\//, ''))
    .sort()
  const unexpected = files.filter(
    (f) =>
      !/^(README\.md|LICENSE|package\.json|plugin\.yaml|dist\/(cli|index)\.js|dist\/index\.d\.ts|dist\/THIRD_PARTY_NOTICES\.md|dist\/chunks\/[\w.-]+\.js)$/.test(
        f,
      ),
  )
  assert.equal(unexpected, [])
  for (const f of ['README.md', 'LICENSE', 'package.json', 'plugin.yaml', 'dist/cli.js', 'dist/index.js', 'dist/index.d.ts', NOTICES])
    assert.ok(files.includes(f), `${f} missing`)
  // The Action's bundle and its notices are for the GitHub runner, which checks out the repository.
  assert.not.ok(
    files.some((f) => f.includes('action')),
    'no Action files in the npm package',
  )
  // The public API only: one rolled-up declaration file, no declarations of internal modules.
  assert.equal(
    files.filter((f) => f.endsWith('.d.ts')),
    ['dist/index.d.ts'],
  )
})

test('npm pack: only dist/cli.js is an executable script; the library entry and chunks are plain modules', () => {
  const js = ['dist/cli.js', 'dist/index.js', ...readdirSync(join(unpacked, 'dist/chunks')).map((f) => `dist/chunks/${f}`)]
  assert.ok(js.length > 3, 'the build splits chunks')
  for (const f of js) {
    const code = readFileSync(join(unpacked, f), 'utf8')
    if (f === 'dist/cli.js') assert.ok(code.startsWith('#!/usr/bin/env node\n'), 'the bin starts with its shebang')
    else assert.not.ok(code.startsWith('#!'), `${f} starts with a shebang`)
  }
  // The createRequire banner belongs only to the chunk that defines esbuild's require shim.
  assert.not.ok(readFileSync(join(unpacked, 'dist/index.js'), 'utf8').includes('createRequire'), 'dist/index.js needs no require')
})

test('npm pack: the notices list exactly the packages bundled into the npm files, with their licence texts', () => {
  const notices = readFileSync(join(unpacked, NOTICES), 'utf8')
  const code = ['dist/cli.js', 'dist/index.js', ...readdirSync(join(unpacked, 'dist/chunks')).map((f) => `dist/chunks/${f}`)]
    .map((f) => readFileSync(join(unpacked, f), 'utf8'))
    .join('\n')
  const bundled = bundledPackages(code)
  for (const name of ['yaml', 'glob', 'minimatch', 'path-scurry', 'lru-cache', 'minipass', 'brace-expansion', 'balanced-match']) {
    assert.ok(bundled.includes(name), `${name} bundled (the oracle reads the bundles)`)
  }
  assert.equal(listedPackages(notices), bundled)
  // The Action's dependencies are not in the npm bundles, so not in their notices either.
  assert.not.ok(notices.includes('@actions/core'))
  for (const licence of ['node_modules/yaml/LICENSE', 'node_modules/glob/LICENSE.md', 'node_modules/minimatch/LICENSE.md']) {
    assert.ok(notices.includes(readFileSync(licence, 'utf8').trimEnd()), `${licence} verbatim in the notices`)
  }
})

test('the Action: dist/action.js has notices beside it that list exactly what it bundles, @actions/core included', () => {
  const notices = readFileSync('dist/action-THIRD_PARTY_NOTICES.md', 'utf8')
  const bundled = bundledPackages(readFileSync('dist/action.js', 'utf8'))
  for (const name of ['@actions/core', '@actions/http-client', 'undici', 'yaml', 'glob'])
    assert.ok(bundled.includes(name), `${name} bundled`)
  assert.equal(listedPackages(notices), bundled)
  assert.ok(notices.includes(readFileSync('node_modules/@actions/core/LICENSE.md', 'utf8').trimEnd()), '@actions/core licence verbatim')
  assert.not.ok(readFileSync('dist/action.js', 'utf8').startsWith('#!'), 'the runner runs node dist/action.js; no shebang')
})

test('installed into a temporary prefix (offline): smi-migrate --help and a real conversion', () => {
  const prefix = join(work, 'prefix')
  sh('npm', ['install', '-g', '--offline', '--prefix', prefix, tarball], work)
  const bin = join(prefix, 'bin', 'smi-migrate')
  assert.match(sh(bin, ['--help'], work), /Usage: smi-migrate \[--check \| --diff \| --write\]/)
  const input = readFileSync(join(GOLDEN, 'helm-template-stream/input.yaml'), 'utf8')
  assert.is(sh(bin, ['-'], work, input), readFileSync(join(GOLDEN, 'helm-template-stream/expected.yaml'), 'utf8'))
  const file = join(work, 'split.yaml')
  writeFileSync(file, readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/input.yaml')))
  assert.match(sh(bin, ['--write', file], work), /converted 1 TrafficSplit in 1 file/)
  assert.is(readFileSync(file, 'utf8'), readFileSync(join(GOLDEN, 'mixed-notation-one-and-milli/expected.yaml'), 'utf8'))
})

test('installed into a project (offline): npx smi-migrate --help, and the library import', () => {
  const project = join(work, 'project')
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), '{ "name": "consumer", "private": true, "type": "module" }\n')
  sh('npm', ['install', '--offline', tarball], project)
  assert.match(sh('npx', ['--offline', 'smi-migrate', '--help'], project), /Exit codes: 0 nothing to change/)
  const out = sh(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { migrate } from 'smi-migrate'; import { readFileSync } from 'node:fs'; process.stdout.write(migrate(readFileSync(0, 'utf8')).output)",
    ],
    project,
    readFileSync(join(GOLDEN, 'zero-and-milli/input.yaml'), 'utf8'),
  )
  assert.is(out, readFileSync(join(GOLDEN, 'zero-and-milli/expected.yaml'), 'utf8'))
})

test('installed into a project: a TypeScript consumer type-checks against the published declarations', () => {
  const project = join(work, 'project')
  const dts = readFileSync(join(project, 'node_modules/smi-migrate/dist/index.d.ts'), 'utf8')
  assert.not.match(dts, /\bfrom\s+['"]\./, 'self-contained: no imports of other declaration files')
  // The declared values are exactly the library's runtime exports.
  const declared = [...dts.matchAll(/^export \{([^}]*)\}/gm)]
    .flatMap((m) => m[1]!.split(',').map((n) => n.trim()))
    .filter(Boolean)
    .sort()
  const runtime = sh(
    process.execPath,
    ['--input-type=module', '-e', "import('smi-migrate').then((m) => console.log(Object.keys(m).sort().join(',')))"],
    project,
  )
    .trim()
    .split(',')
  assert.equal(declared, runtime)
  writeFileSync(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      // No @types/node: the API's declarations must not need Node's types. skipLibCheck off, so
      // the package's declaration file is checked too.
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: [],
      },
      files: ['consumer.ts'],
    }),
  )
  writeFileSync(
    join(project, 'consumer.ts'),
    [
      "import { migrate, parseQuantity, TARGETS, VERSIONS, type Finding, type MigrateResult, type Target } from 'smi-migrate'",
      '// @ts-expect-error: internal modules are not part of the API',
      "import { migrateBytes } from 'smi-migrate'",
      'const to: Target = TARGETS[0]',
      "const r: MigrateResult = migrate('kind: TrafficSplit\\n', { to, path: 'split.yaml' })",
      "const codes: Finding['code'][] = r.findings.map((f) => f.code)",
      "const q = parseQuantity('500m')",
      'const n: bigint | string = q.ok ? q.value.n : q.reason',
      '// @ts-expect-error: v9 is not a target version',
      "migrate('', { to: 'v9' })",
      'export const seen = [r.output.length, codes, n, VERSIONS.length, migrateBytes]',
      '',
    ].join('\n'),
  )
  const tsc = spawnSync(process.execPath, [resolve('node_modules/typescript/bin/tsc'), '-p', project], {
    cwd: project,
    encoding: 'utf8',
    env: nodeEnv(),
  })
  assert.is(tsc.status, 0, `tsc:\n${tsc.stdout}${tsc.stderr}`)
})

test.after(() => rmSync(work, { recursive: true, force: true }))

test.run()
