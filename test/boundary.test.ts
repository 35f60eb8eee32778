/**
 * The write boundary (docs/reliability.md#the-write-boundary) through the built CLI: a run
 * writes only inside the paths it is given and the git repositories that hold them. An
 * overlay in an application repository reaches a base beyond that (a sibling repository, a
 * directory outside any repository, a symlinked base directory, files matched by a glob
 * through `..`, a file named through a symlink): nothing beyond is written (every byte of the whole layout compared before
 * and after), the tree is held back whole with a warning at the entry that reaches out, in
 * --check, --diff and --write alike, exit 1; naming the base converts it. The Action's case
 * is in test/action.test.ts.
 *
 * Every run sets GIT_CEILING_DIRECTORIES to the temp directory, so a stray .git above it
 * cannot make the layout one repository.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { cli } from './helpers/cli.js'
import { git } from './helpers/repo.js'

const ENV = { GIT_CEILING_DIRECTORIES: realpathSync(tmpdir()) }

const SPLIT =
  'apiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata:\n  name: web\nspec:\n  service: web\n  backends:\n  - service: a\n    weight: 1\n  - service: b\n    weight: 500m\n'
const PATCH = '- op: replace\n  path: /spec/backends/1/weight\n  value: 250m\n'
const overlay = (base: string) =>
  `resources:\n- ${base}\nnamePrefix: p-\npatches:\n- path: patch.yaml\n  target:\n    group: split.smi-spec.io\n    version: v1alpha1\n    kind: TrafficSplit\n    name: web\n`

type Layout = 'sibling-repo' | 'no-repo' | 'symlinked-dir'

interface World {
  root: string
  app: string
  /** The base's directory, relative to the app repository. */
  base: string
}

/**
 * `root/app` is a git repository with `overlay/` (its kustomization and a JSON 6902 patch of
 * the base's weight, which the tree's conversion would change too); the base is elsewhere.
 */
function world(layout: Layout): World {
  const root = realpathSync(mkdtempSync(join(tmpdir(), `smi-boundary-${layout}-`)))
  const app = join(root, 'app')
  const files: Record<string, string> = {
    'app/overlay/patch.yaml': PATCH,
    'base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'base/split.yaml': SPLIT,
  }
  const ref = { 'sibling-repo': '../../base', 'no-repo': '../../base', 'symlinked-dir': '../base' }[layout]
  files['app/overlay/kustomization.yaml'] = overlay(ref)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  git(app, 'init', '-q')
  if (layout === 'sibling-repo') git(join(root, 'base'), 'init', '-q')
  if (layout === 'symlinked-dir') symlinkSync('../base', join(app, 'base'))
  return { root, app, base: '../base' }
}

/** Every file of the layout (.git aside) with its bytes. */
function snapshot(root: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name)
    if (!entry.isFile() || relative(root, path).split('/').includes('.git')) continue
    out.set(relative(root, path), readFileSync(path))
  }
  return out
}

function assertUntouched(before: Map<string, Buffer>, root: string, what: string): void {
  const after = snapshot(root)
  assert.equal([...after.keys()].sort(), [...before.keys()].sort(), `${what}: files appeared or went`)
  for (const [path, bytes] of before) assert.ok(after.get(path)!.equals(bytes), `${what}: ${path} was written`)
}

const WARNING = (entry: string) =>
  `overlay/kustomization.yaml:2:3: warning: resources entry ${entry} reaches ../base/split.yaml, outside the paths being processed ` +
  'and their git repositories; its kustomize tree is not written (pass its path to convert it, or a directory that holds both)'

for (const layout of ['sibling-repo', 'no-repo', 'symlinked-dir'] as const) {
  test(`a base beyond the boundary (${layout}): held back whole in --check, --diff and --write, exit 1, nothing written; naming it converts it`, () => {
    const w = world(layout)
    const entry = layout === 'symlinked-dir' ? '../base' : '../../base'
    const before = snapshot(w.root)
    for (const mode of ['--check', '--diff', '--write']) {
      const r = cli([mode, 'overlay'], { cwd: w.app, env: ENV })
      assert.is(r.status, 1, `${mode}: ${r.stdout}${r.stderr}`)
      const report = mode === '--diff' ? r.stderr : r.stdout
      assert.ok(report.includes(WARNING(entry)), `${mode}: ${report}`)
      assert.match(report, /overlay\/patch\.yaml: warning: left unchanged: another file of its kustomize tree/)
      assert.not.match(report, /also (would )?convert|converted TrafficSplit/)
      if (mode === '--diff') assert.is(r.stdout, '', 'no patch, and no path outside the repository in it')
      assertUntouched(before, w.root, mode)
    }
    // The same run from the overlay's directory: the entry's line and column are the same.
    const inside = cli(['--check', '.'], { cwd: join(w.app, 'overlay'), env: ENV })
    assert.is(inside.status, 1, inside.stdout)
    assert.match(inside.stdout, /^kustomization\.yaml:2:3: warning: resources entry .* reaches \.\.\/\.\.\/base\/split\.yaml/m)
    assertUntouched(before, w.root, 'from the overlay')

    // Named explicitly, the base is converted as before, with the whole tree.
    const named = cli(['--write', 'overlay', w.base], { cwd: w.app, env: ENV })
    assert.is(named.status, 0, named.stdout + named.stderr)
    assert.match(
      readFileSync(join(w.root, 'base/split.yaml'), 'utf8'),
      /split\.smi-spec\.io\/v1alpha2[\s\S]*weight: 1000\n[\s\S]*weight: 500\n/,
    )
    assert.is(readFileSync(join(w.app, 'overlay/patch.yaml'), 'utf8'), PATCH.replace('250m', '250'))
    assert.is(cli(['--check', 'overlay', w.base], { cwd: w.app, env: ENV }).status, 0, 'a second run finds nothing')
    rmSync(w.root, { recursive: true, force: true })
  })
}

test('a glob through `..` beyond its fixed directories and the repository: held back with the tree, exit 1; a glob whose fixed part names the base converts', () => {
  const w = world('no-repo')
  const before = snapshot(w.root)
  for (const mode of ['--check', '--diff', '--write']) {
    const r = cli([mode, 'overlay', '*/../../base/*.yaml'], { cwd: w.app, env: ENV })
    assert.is(r.status, 1, `${mode}: ${r.stdout}${r.stderr}`)
    const report = mode === '--diff' ? r.stderr : r.stdout
    assert.ok(report.includes(WARNING('../../base')), `${mode}: ${report}`)
    if (mode === '--diff') assert.is(r.stdout, '')
    assertUntouched(before, w.root, mode)
  }
  // The glob alone: no tree entry reaches out, so each file beyond says so itself.
  const alone = cli(['--write', '*/../../base/*.yaml'], { cwd: w.app, env: ENV })
  assert.is(alone.status, 1, alone.stdout)
  assert.match(
    alone.stdout,
    /base\/split\.yaml: warning: cannot process .*base\/split\.yaml: it is outside the paths being processed and their git repositories; not written \(pass \.\.\/base\/split\.yaml to convert it\)/,
  )
  assertUntouched(before, w.root, 'the glob alone')

  const named = cli(['--write', 'overlay', '../base/*.yaml'], { cwd: w.app, env: ENV })
  assert.is(named.status, 0, named.stdout + named.stderr)
  assert.match(readFileSync(join(w.root, 'base/split.yaml'), 'utf8'), /v1alpha2/)
  rmSync(w.root, { recursive: true, force: true })
})

test('a file a kustomization names through a symlink to a file beyond the boundary: held back, exit 1, nothing written', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'smi-boundary-linkfile-')))
  mkdirSync(join(root, 'app/overlay'), { recursive: true })
  mkdirSync(join(root, 'elsewhere'))
  writeFileSync(join(root, 'elsewhere/split.yaml'), SPLIT)
  writeFileSync(join(root, 'app/overlay/kustomization.yaml'), 'resources:\n- split.yaml\n')
  symlinkSync('../../elsewhere/split.yaml', join(root, 'app/overlay/split.yaml'))
  git(join(root, 'app'), 'init', '-q')
  const before = snapshot(root)
  for (const mode of ['--check', '--diff', '--write']) {
    const r = cli([mode, 'overlay'], { cwd: join(root, 'app'), env: ENV })
    assert.is(r.status, 1, `${mode}: ${r.stdout}${r.stderr}`)
    assert.match(
      mode === '--diff' ? r.stderr : r.stdout,
      /^overlay\/kustomization\.yaml:2:3: warning: resources entry split\.yaml reaches \.\.\/elsewhere\/split\.yaml, outside the paths being processed/m,
    )
    if (mode === '--diff') assert.is(r.stdout, '')
    assertUntouched(before, root, mode)
  }
  // The link's target named too: written through the link, which stays a link.
  const named = cli(['--write', 'overlay', '../elsewhere'], { cwd: join(root, 'app'), env: ENV })
  assert.is(named.status, 0, named.stdout + named.stderr)
  assert.match(readFileSync(join(root, 'elsewhere/split.yaml'), 'utf8'), /v1alpha2/)
  assert.ok(lstatSync(join(root, 'app/overlay/split.yaml')).isSymbolicLink())
  rmSync(root, { recursive: true, force: true })
})

test('inside the same repository the tree is written whole, whatever path was given (what pre-commit batches need)', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'smi-boundary-same-')))
  const files: Record<string, string> = {
    'overlay/kustomization.yaml': overlay('../base'),
    'overlay/patch.yaml': PATCH,
    'base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'base/split.yaml': SPLIT,
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  git(root, 'init', '-q')
  const r = cli(['--write', 'overlay/patch.yaml'], { cwd: root, env: ENV })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(r.stdout, /^base\/split\.yaml: also converted: same kustomize tree as overlay\/patch\.yaml$/m)
  assert.match(readFileSync(join(root, 'base/split.yaml'), 'utf8'), /v1alpha2/)
  rmSync(root, { recursive: true, force: true })
})

test('a base in a nested repository (a submodule or an ignored clone inside the app) is held back as a sibling checkout is; naming it converts it', () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'smi-boundary-nested-')))
  const app = join(root, 'app')
  const files: Record<string, string> = {
    'overlay/patch.yaml': PATCH,
    'overlay/kustomization.yaml': overlay('../vendor/base'),
    'vendor/base/kustomization.yaml': 'resources:\n- split.yaml\n',
    'vendor/base/split.yaml': SPLIT,
    '.gitignore': 'vendor/\n',
  }
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(app, path)), { recursive: true })
    writeFileSync(join(app, path), text)
  }
  git(app, 'init', '-q')
  git(join(app, 'vendor/base'), 'init', '-q')
  const before = snapshot(root)
  for (const mode of ['--check', '--write']) {
    const r = cli([mode, 'overlay'], { cwd: app, env: ENV })
    assert.is(r.status, 1, `${mode}: ${r.stdout}${r.stderr}`)
    assert.ok(
      r.stdout.includes(
        'overlay/kustomization.yaml:2:3: warning: resources entry ../vendor/base reaches vendor/base/split.yaml, outside the paths being processed and their git repositories',
      ),
      `${mode}: ${r.stdout}`,
    )
    assertUntouched(before, root, mode)
  }
  const named = cli(['--write', 'overlay', 'vendor/base'], { cwd: app, env: ENV })
  assert.is(named.status, 0, named.stdout + named.stderr)
  assert.match(readFileSync(join(app, 'vendor/base/split.yaml'), 'utf8'), /split\.smi-spec\.io\/v1alpha2/)
  rmSync(root, { recursive: true, force: true })
})

test.run()
