/**
 * The pre-commit hooks run by the real `pre-commit`, named in a configuration as a user's
 * .pre-commit-config.yaml names them.
 *
 * pre-commit installs the hook repository at a commit, so the test first snapshots this
 * checkout as it is on disk (every file git does not ignore, built dist/ included) into a
 * temporary repository and commits it: the test then checks the working tree, not
 * whatever HEAD happens to be, and works the same from a fresh CI clone.
 *
 * pre-commit is a Debian package that .ci/run installs; on a machine without it the hook
 * test counts as skipped (test/helpers/tools.ts), which fails a CI run (scripts/test.mjs).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { parse } from 'yaml'
import { git, run, tempRepo } from './helpers/repo.js'
import { testWith } from './helpers/tools.js'
import { nodeEnv } from './helpers/node-env.js'

const GOLDEN = resolve('testdata/golden')
const golden = (name: string, file: 'input.yaml' | 'expected.yaml') => readFileSync(join(GOLDEN, name, file))

/** The checkout as committed files: what `git ls-files -co --exclude-standard` lists. */
function snapshotCheckout(): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-hookrepo-'))
  const files = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { encoding: 'utf8' }).stdout.split('\0').filter(Boolean)
  assert.ok(files.includes('.pre-commit-hooks.yaml') && files.includes('dist/cli.js'), 'run from the repository root')
  for (const f of files) {
    try {
      mkdirSync(dirname(join(dir, f)), { recursive: true })
      cpSync(f, join(dir, f))
    } catch (err) {
      // A tracked file deleted in the working tree is not part of the snapshot.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
    }
  }
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'snapshot')
  return dir
}

function userRepo(): string {
  return tempRepo('smi-precommit-', {
    // A chart template path: the hooks must not exclude templates.
    'charts/shop/templates/split.yaml': golden('mixed-notation-one-and-milli', 'input.yaml'),
    'deploy/crlf.yml': golden('crlf', 'input.yaml'),
    'deploy/split.json': golden('json', 'input.yaml'),
    'deploy/service.yaml': 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n',
    'README.md': 'TrafficSplit notes\n',
  })
}

/**
 * About 60 files: seven copies of seven golden inputs, and three copies of the kustomize tree of
 * testdata/kustomize (a base and two overlays with strategic-merge and JSON 6902 patches).
 */
function manyFiles(): Record<string, Buffer> {
  const files: Record<string, Buffer> = {}
  const goldens = [
    'mixed-notation-one-and-milli',
    'crlf',
    'json',
    'every-notation',
    'no-trailing-newline-tabs',
    'flow-style',
    'comment-on-every-line',
  ]
  for (let i = 0; i < 7; i++) for (const g of goldens) files[`apps/${i}/${g}.yaml`] = golden(g, 'input.yaml')
  const tree = spawnSync('git', ['ls-files', 'testdata/kustomize'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)
  for (const t of ['shop', 'books', 'emoji'])
    for (const f of tree) files[`trees/${t}/${f.slice('testdata/kustomize/'.length)}`] = readFileSync(f)
  return files
}

// Installing the hook runs npm: keep it quiet and quick (no audit, cache first).
const env = {
  ...process.env,
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_prefer_offline: 'true',
}

/**
 * A hook as a user's .pre-commit-config.yaml names it (repo and rev), run with `pre-commit run`.
 * Installing the hook repository is npm install with its dev dependencies, about 15 s of CPU (and
 * `pre-commit try-repo` installs it afresh on every call, into a store of its own): runs from one
 * pre-commit home install it once, for both hooks, and reuse it, as a user's do.
 */
function configuredRun(hookRepo: string, home: string) {
  const rev = git(hookRepo, 'rev-parse', 'HEAD').trim()
  return (cwd: string, hook: string) => {
    const config = join(home, `${hook}.yaml`)
    writeFileSync(config, `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: ${hook}\n`)
    const args = ['run', '--config', config, '--all-files', '--color', 'never']
    return run('pre-commit', args, { cwd, env: { ...env, PRE_COMMIT_HOME: join(home, 'store') } })
  }
}

test('.pre-commit-hooks.yaml: a fixing and a checking hook, node, yaml and json, templates not excluded', () => {
  const hooks = parse(readFileSync('.pre-commit-hooks.yaml', 'utf8')) as Record<string, unknown>[]
  const files = '\\.(ya?ml|json)$|(^|/)templates/(.*/)?[^/]*\\.tpl$'
  assert.equal(
    hooks.map((h) => [h.id, h.entry, h.language, h.types, h.exclude, h.files]),
    [
      ['smi-migrate', 'smi-migrate --write', 'node', ['text'], undefined, files],
      ['smi-migrate-check', 'smi-migrate --check', 'node', ['text'], undefined, files],
    ],
  )
  const pattern = new RegExp(files)
  for (const f of ['a.yaml', 'b.yml', 'c.json', 'charts/web/templates/_helpers.tpl', 'templates/x.tpl']) assert.ok(pattern.test(f), f)
  for (const f of ['README.md', 'notes.tpl', 'charts/web/NOTES.txt']) assert.not.ok(pattern.test(f), f)
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    bin: Record<string, string>
    scripts: Record<string, string>
    dependencies?: object
  }
  assert.is(pkg.bin['smi-migrate'], 'dist/cli.js')
  // pre-commit installs the repository with npm: no build step may be needed, and the bin has no runtime dependencies.
  assert.is(pkg.scripts.prepare, undefined)
  assert.is(pkg.dependencies, undefined)
})

testWith('pre-commit')(
  'pre-commit run: smi-migrate fixes then passes; smi-migrate-check fails naming file:line and changes nothing',
  async () => {
    const hookRepo = snapshotCheckout()
    const fixRepo = userRepo()
    const checkRepo = userRepo()
    // A chart whose TrafficSplit weight is templated: nothing to write, but not done either.
    const chart = (f: string) => readFileSync(join('testdata/charts/web', f))
    const chartRepo = tempRepo('smi-precommit-chart-', {
      'charts/web/Chart.yaml': chart('Chart.yaml'),
      'charts/web/values.yaml': chart('values.yaml'),
      'charts/web/templates/trafficsplit-values.yaml': chart('templates/trafficsplit-values.yaml'),
    })
    // Both hooks from configurations in one pre-commit home: the hook repository is installed once
    // for the four runs. The repositories are independent, so overlap them.
    const home = mkdtempSync(join(tmpdir(), 'smi-precommit-home-'))
    const configured = configuredRun(hookRepo, home)
    const manyRepo = tempRepo('smi-precommit-many-', manyFiles())
    const [fix, check, templated, many] = await Promise.all([
      configured(fixRepo, 'smi-migrate'),
      configured(checkRepo, 'smi-migrate-check'),
      configured(chartRepo, 'smi-migrate'),
      configured(manyRepo, 'smi-migrate'),
    ])

    // Many files: pre-commit hands them to parallel batches, and batches holding files of one
    // kustomize tree write the tree's other files too. The result is what one run writes.
    assert.is(many.status, 1, many.stdout + many.stderr)
    assert.match(many.stdout, /files were modified by this hook/)
    const once = tempRepo('smi-precommit-once-', manyFiles())
    const single = spawnSync(process.execPath, [resolve('dist/cli.js'), '--write', '.'], { cwd: once, encoding: 'utf8', env: nodeEnv() })
    assert.is(single.status, 0, single.stdout + single.stderr)
    const changed = git(once, 'status', '--porcelain').split('\n').filter(Boolean)
    assert.ok(changed.length > 40, `files the single run wrote: ${changed.length}`)
    for (const f of Object.keys(manyFiles())) assert.ok(readFileSync(join(manyRepo, f)).equals(readFileSync(join(once, f))), f)
    rmSync(once, { recursive: true, force: true })
    rmSync(manyRepo, { recursive: true, force: true })

    // The fix hook never says "Passed" while a TrafficSplit is left for a person.
    assert.is(templated.status, 1, templated.stdout + templated.stderr)
    assert.match(templated.stdout, /smi-migrate \(convert SMI TrafficSplits\)\.+Failed/)
    assert.match(templated.stdout, /exit code: 1/)
    assert.match(templated.stdout, /trafficsplit-values\.yaml:12:13: warning: .*backend 2 weight is templated/)
    assert.is(git(chartRepo, 'status', '--porcelain'), '')

    assert.is(fix.status, 1, fix.stdout + fix.stderr)
    assert.match(fix.stdout, /smi-migrate \(convert SMI TrafficSplits\)\.+Failed/)
    assert.match(fix.stdout, /files were modified by this hook/)
    assert.match(fix.stdout, /charts\/shop\/templates\/split\.yaml:1:1: converted TrafficSplit foobar-rollout/)
    assert.ok(
      readFileSync(join(fixRepo, 'charts/shop/templates/split.yaml')).equals(golden('mixed-notation-one-and-milli', 'expected.yaml')),
    )
    assert.ok(readFileSync(join(fixRepo, 'deploy/crlf.yml')).equals(golden('crlf', 'expected.yaml')))
    assert.ok(readFileSync(join(fixRepo, 'deploy/split.json')).equals(golden('json', 'expected.yaml')))
    assert.equal(git(fixRepo, 'status', '--porcelain').split('\n').filter(Boolean).sort(), [
      ' M charts/shop/templates/split.yaml',
      ' M deploy/crlf.yml',
      ' M deploy/split.json',
    ])

    assert.is(check.status, 1, check.stdout + check.stderr)
    assert.match(check.stdout, /smi-migrate \(check SMI TrafficSplits\)\.+Failed/)
    assert.match(check.stdout, /exit code: 1/)
    assert.not.match(check.stdout, /files were modified/)
    assert.match(
      check.stdout,
      /charts\/shop\/templates\/split\.yaml:1:1: would convert TrafficSplit foobar-rollout: v1alpha1 -> v1alpha2, weights 1, 500m -> 1000, 500/,
    )
    assert.match(check.stdout, /deploy\/split\.json:2:5: would convert/)
    assert.is(git(checkRepo, 'status', '--porcelain'), '')

    // Second run on the fixed files (staged, as a user would after the first failure).
    git(fixRepo, 'add', '-A')
    const again = await configured(fixRepo, 'smi-migrate')
    assert.is(again.status, 0, again.stdout + again.stderr)
    assert.match(again.stdout, /smi-migrate \(convert SMI TrafficSplits\)\.+Passed/)
    for (const d of [hookRepo, fixRepo, checkRepo, chartRepo, home]) rmSync(d, { recursive: true, force: true })
  },
)

test.run()
