/**
 * The npm package as users get it: `npm pack` holds only what they need, and the tarball
 * installs (offline: there are no runtime dependencies) into a temporary prefix and into a
 * project, where the bin, `npx smi-migrate` and the library import all work.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const GOLDEN = resolve('testdata/golden')
const env = { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', NO_COLOR: '1' }

function sh(cmd: string, args: string[], cwd: string, input?: string) {
  const r = spawnSync(cmd, args, { cwd, env, input, encoding: 'utf8' })
  assert.is(r.status, 0, `${cmd} ${args.join(' ')}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

const work = mkdtempSync(join(tmpdir(), 'smi-npm-'))
let tarball = ''

test('npm pack: built code, README, LICENSE and package.json only; engines node >=20', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string }; dependencies?: object }
  assert.is(pkg.engines.node, '>=20')
  assert.is(pkg.dependencies, undefined, 'everything is bundled: no runtime dependencies')
  const packed = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', work], process.cwd())) as { filename: string }[]
  tarball = join(work, packed[0]!.filename)
  const files = sh('tar', ['-tzf', tarball], work).split('\n').filter(Boolean).map((f) => f.replace(/^package\//, '')).sort()
  const unexpected = files.filter((f) => !/^(README\.md|LICENSE|package\.json|dist\/(cli|index)\.js|dist\/chunks\/[\w.-]+\.js|dist\/types\/.+\.d\.ts)$/.test(f))
  assert.equal(unexpected, [])
  for (const f of ['README.md', 'LICENSE', 'package.json', 'dist/cli.js', 'dist/index.js', 'dist/types/index.d.ts']) assert.ok(files.includes(f), `${f} missing`)
  // The Action's bundle is for the GitHub runner, which checks out the repository.
  assert.not.ok(files.includes('dist/action.js'))
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
  const out = sh(process.execPath, ['--input-type=module', '-e',
    "import { migrate } from 'smi-migrate'; import { readFileSync } from 'node:fs'; process.stdout.write(migrate(readFileSync(0, 'utf8')).output)"],
  project, readFileSync(join(GOLDEN, 'zero-and-milli/input.yaml'), 'utf8'))
  assert.is(out, readFileSync(join(GOLDEN, 'zero-and-milli/expected.yaml'), 'utf8'))
  assert.ok(readFileSync(join(project, 'node_modules/smi-migrate/dist/types/index.d.ts'), 'utf8').includes('export declare function migrate'))
})

test.after(() => rmSync(work, { recursive: true, force: true }))

test.run()
