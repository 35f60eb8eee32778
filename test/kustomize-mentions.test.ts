/**
 * A file given alone (as pre-commit passes it) that belongs to a kustomize tree is converted
 * with its whole tree, however the tree's kustomizations spell the paths that join it: file
 * mode reads only the kustomizations whose text may name a file of the tree (files/mentions.ts),
 * so each spelling below, where the text does not hold the file's own name, must still pull
 * the overlay in. The oracle is a run over the whole directory (every kustomization named, none
 * skipped): the one-file batch must leave every file exactly as it does.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { cli, git } from './helpers/cli.js'

const TREE = resolve('testdata/kustomize')
const PROD = 'overlays/prod/kustomization.yaml'
const CANARY = 'overlays/canary/kustomization.yaml'

function files(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub), { withFileTypes: true })
    .filter((e) => e.name !== '.git' && !e.isSymbolicLink())
    .flatMap((e) => (e.isDirectory() ? files(dir, join(sub, e.name)) : [join(sub, e.name)]))
    .sort()
}

/** The golden tree in a fresh git repository, changed by `change`. */
function tree(change: (dir: string) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'smi-mentions-'))
  cpSync(TREE, dir, { recursive: true })
  change(dir)
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  return dir
}

const edit = (dir: string, file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(join(dir, file), 'utf8')
  const changed = text.replace(from, to)
  assert.is.not(changed, text, `${file}: ${from} is not there`)
  writeFileSync(join(dir, file), changed)
}

/**
 * prod's kustomization names the base in another spelling (its inline patch sets api's factor
 * to 1000); a change that moves it returns where it is.
 */
const PROD_SPELLINGS: Record<string, (dir: string) => string | void> = {
  'an escape in a double-quoted scalar': (dir) => edit(dir, PROD, '- ../../base', '- "../../b\\x61se"'),
  'a symlink to the base directory': (dir) => {
    symlinkSync('base', join(dir, 'common'))
    edit(dir, PROD, '- ../../base', '- ../../common')
  },
  'a path ending in .': (dir) => edit(dir, PROD, '- ../../base', '- ../../base/.'),
  'a path ending in ..': (dir) => {
    mkdirSync(join(dir, 'base/prod'))
    writeFileSync(join(dir, 'base/prod/kustomization.yaml'), readFileSync(join(dir, PROD), 'utf8').replace('- ../../base', '- ..'))
    rmSync(join(dir, 'overlays/prod'), { recursive: true })
    return 'base/prod/kustomization.yaml'
  },
  'a folded block scalar': (dir) => edit(dir, PROD, '- ../../base', '- >-\n    ../../base'),
  'a flow sequence': (dir) => edit(dir, PROD, 'resources:\n  - ../../base', 'resources: [../../base]'),
  'a kustomization file that is a symlink (its paths start from its target)': (dir) => {
    mkdirSync(join(dir, 'conf'))
    writeFileSync(join(dir, 'conf/prod.yaml'), readFileSync(join(dir, PROD), 'utf8').replace('- ../../base', '- ../base'))
    rmSync(join(dir, PROD))
    symlinkSync('../../conf/prod.yaml', join(dir, PROD))
    return 'conf/prod.yaml'
  },
  'a directory whose kustomization is a symlink': (dir) => {
    mkdirSync(join(dir, 'linked'))
    symlinkSync('../base/kustomization.yaml', join(dir, 'linked/kustomization.yaml'))
    edit(dir, PROD, '- ../../base', '- ../../linked')
  },
}

for (const [spelling, change] of Object.entries(PROD_SPELLINGS)) {
  test(`the base alone pulls in an overlay that names it through ${spelling}`, () => {
    const whole = tree(change)
    let prod = PROD
    const batch = tree((dir) => void (prod = change(dir) ?? PROD))
    const all = cli(['--write', '.'], { cwd: whole })
    assert.is(all.status, 0, all.stdout + all.stderr)
    const one = cli(['--write', 'base/trafficsplit.yaml'], { cwd: batch })
    assert.is(one.status, 0, one.stdout + one.stderr)
    for (const f of files(whole)) assert.fixture(readFileSync(join(batch, f), 'utf8'), readFileSync(join(whole, f), 'utf8'), f)
    // prod's 500m reached the base: api is 1000 + 2000 there, not 1 + 2.
    assert.match(readFileSync(join(batch, 'base/trafficsplit.yaml'), 'utf8'), /weight: 1000\n.*\n {6}weight: 2000/)
    assert.match(readFileSync(join(batch, prod), 'utf8'), /value: 500$/m)
  })
}

test('a patch file named through a symlink: the patch alone pulls in its overlay and the base', () => {
  const change = (dir: string) => {
    renameSync(join(dir, 'overlays/canary/web-weight.yaml'), join(dir, 'overlays/canary/weight-of-web.yaml'))
    symlinkSync('weight-of-web.yaml', join(dir, 'overlays/canary/web-weight.yaml'))
  }
  const whole = tree(change)
  const batch = tree(change)
  assert.is(cli(['--write', '.'], { cwd: whole }).status, 0)
  const one = cli(['--write', 'overlays/canary/weight-of-web.yaml'], { cwd: batch })
  assert.is(one.status, 0, one.stdout + one.stderr)
  for (const f of files(whole)) assert.fixture(readFileSync(join(batch, f), 'utf8'), readFileSync(join(whole, f), 'utf8'), f)
  assert.match(readFileSync(join(batch, CANARY), 'utf8'), /version: v1alpha2/)
})

test('a kustomization that spells the same file name for another file is not the tree of the file given', () => {
  // overlays/canary names web-weight.yaml (its own patch): a file of that name elsewhere is converted alone.
  const dir = tree((d) =>
    writeFileSync(
      join(d, 'web-weight.yaml'),
      readFileSync(join(d, 'base/trafficsplit.yaml'), 'utf8').replace(/name: (web|api)\b/g, 'name: other-$1'),
    ),
  )
  const r = cli(['--check', 'web-weight.yaml'], { cwd: dir })
  assert.is(r.status, 1, r.stdout + r.stderr)
  assert.not.match(r.stdout, /same kustomize tree/)
  assert.match(r.stdout, /1 file checked/)
})

test.run()
