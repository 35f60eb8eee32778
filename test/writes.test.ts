/**
 * --write under faults, end to end through the built CLI: symlinks (written through only
 * inside the processed tree, never replaced), stale temp files of killed runs (never
 * input, cleaned by the next run), SIGKILL at random moments over 2,000 files, and eight
 * processes at once over overlapping file lists.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate } from '../src/index.js'
import { BIN, cli, cliAsync, git, tempDir } from './helpers/cli.js'
import { SeededRandom } from '../scripts/random.mjs'
import { nodeEnv } from './helpers/node-env.js'

const split = (name: string, w: string) =>
  `# ${name}\napiVersion: split.smi-spec.io/v1alpha1\nkind: TrafficSplit\nmetadata: {name: ${name}}\nspec:\n  backends:\n  - {service: a, weight: ${w}}\n  - {service: b, weight: 1}\n`
const converted = (text: string) => migrate(text).output

/** A seeded generator (scripts/random.mjs), so failures can be replayed from the seed. */
function rng(seed: number): () => number {
  const stream = new SeededRandom(seed)
  return () => stream.next()
}
const SEED = Number(process.env.SMI_TEST_SEED ?? 20240601)

const TEMP = /^\.smi-migrate-.*\.tmp$/
function tempsUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => TEMP.test(f.split('/').pop()!))
}

test('symlinks: written through inside the tree, refused outside it, never replaced by a file', () => {
  const base = tempDir('links')
  const tree = join(base, 'tree')
  const outside = join(base, 'outside')
  mkdirSync(join(tree, 'deploy'), { recursive: true })
  mkdirSync(join(tree, 'common'))
  mkdirSync(outside)
  writeFileSync(join(tree, 'common/target.txt'), split('in', '500m'))
  writeFileSync(join(outside, 'ext.yaml'), split('out', '250m'))
  writeFileSync(join(tree, 'deploy/plain.yaml'), split('plain', '100m'))
  symlinkSync('../common/target.txt', join(tree, 'deploy/in.yaml'))
  symlinkSync(join(outside, 'ext.yaml'), join(tree, 'deploy/out.yaml'))

  // Beyond the write boundary (the paths being processed and their repositories): left for a person, exit 1.
  const r = cli(['--write', '.'], { cwd: tree, env: { GIT_CEILING_DIRECTORIES: realpathSync(tmpdir()) } })
  assert.is(r.status, 1, r.stdout)
  assert.match(
    r.stdout,
    `deploy/out.yaml: warning: cannot process deploy/out.yaml: it is a symlink to ${join(outside, 'ext.yaml')}, outside the paths being processed and their git repositories; not written (pass the target's path to convert it)`,
  )
  assert.ok(lstatSync(join(tree, 'deploy/in.yaml')).isSymbolicLink(), 'the link inside the tree was replaced')
  assert.ok(lstatSync(join(tree, 'deploy/out.yaml')).isSymbolicLink(), 'the link to outside was replaced')
  assert.is(readlinkSync(join(tree, 'deploy/in.yaml')), '../common/target.txt')
  assert.is(readFileSync(join(tree, 'common/target.txt'), 'utf8'), converted(split('in', '500m')), 'written through to the target')
  assert.is(readFileSync(join(outside, 'ext.yaml'), 'utf8'), split('out', '250m'), 'the outside target was written')
  assert.is(readFileSync(join(tree, 'deploy/plain.yaml'), 'utf8'), converted(split('plain', '100m')), 'other files are still written')

  // A named link counts as its own location: its target must be named (or inside a named tree) too.
  assert.is(cli(['--write', 'deploy/out.yaml'], { cwd: tree, env: { GIT_CEILING_DIRECTORIES: realpathSync(tmpdir()) } }).status, 1)
  assert.is(readFileSync(join(outside, 'ext.yaml'), 'utf8'), split('out', '250m'))
  const both = cli(['--write', 'deploy/out.yaml', join(outside, 'ext.yaml')], { cwd: tree })
  assert.is(both.status, 0, both.stdout)
  assert.is((both.stdout.match(/converted TrafficSplit out/g) ?? []).length, 1, 'one file reached twice is converted once')
  assert.ok(lstatSync(join(tree, 'deploy/out.yaml')).isSymbolicLink())
  assert.is(readFileSync(join(outside, 'ext.yaml'), 'utf8'), converted(split('out', '250m')))
  rmSync(base, { recursive: true, force: true })
})

test('stale temp files: never taken as input; the next --write deletes those of dead runs only', () => {
  const dir = tempDir('stale')
  writeFileSync(join(dir, 'split.yaml'), split('s', '500m'))
  const dead = spawnSync(process.execPath, ['-e', '0']).pid! // exited: its pid is free
  const deadTemp = `.smi-migrate-split.yaml.${dead}.0badc0de.tmp`
  const liveTemp = `.smi-migrate-split.yaml.${process.pid}.cafebabe.tmp`
  writeFileSync(join(dir, deadTemp), split('half', '1m'))
  writeFileSync(join(dir, liveTemp), split('half', '1m'))
  const check = cli(['--check', '*', '.*', '**/*.yaml'], { cwd: dir })
  assert.not.match(check.stdout, /smi-migrate-|half/, 'a temp file was read as input')
  assert.match(check.stdout, /1 TrafficSplit in 1 file would be converted \(1 file checked\)/)
  const w = cli(['--write', '.'], { cwd: dir })
  assert.is(w.status, 0, w.stdout)
  assert.not.ok(existsSync(join(dir, deadTemp)), "the dead run's temp file is still there")
  assert.ok(existsSync(join(dir, liveTemp)), "a live run's temp file was deleted")
  assert.is(readFileSync(join(dir, 'split.yaml'), 'utf8'), converted(split('s', '500m')))
  rmSync(dir, { recursive: true, force: true })
})

/**
 * git status's untracked files (the manifests are left untracked: committing 2,000 files
 * would only slow the test down).
 */
function untracked(dir: string): string[] {
  return git(dir, 'status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter((l) => l.startsWith('?? '))
    .map((l) => l.slice(3))
}

/**
 * A temp dir in memory where there is one: a kill is about rename, not about the disk, and
 * thousands of fsyncs on a busy shared disk would make the test slow for no gain.
 */
function memoryDir(prefix: string): string {
  try {
    return mkdtempSync(join('/dev/shm', `smi-${prefix}-`))
  } catch {
    return tempDir(prefix)
  }
}

test('SIGKILL during --write over 2,000 files: every file entirely old or new; the next run finishes and cleans up', async () => {
  const dir = memoryDir('kill')
  git(dir, 'init', '-q')
  const names = Array.from({ length: 2000 }, (_, i) => `m/${String(i).padStart(4, '0')}.yaml`)
  mkdirSync(join(dir, 'm'))
  const olds = names.map((_, i) => split(`s${i}`, `${i + 1}m`) + 'x: ' + 'y'.repeat(i % 97) + '\n')
  const news = olds.map(converted)
  const known = new Set(names)
  const reset = () => names.forEach((n, i) => writeFileSync(join(dir, n), olds[i]!))
  reset()

  const random = rng(SEED)
  let midway = 0
  for (let round = 0; round < 4; round++) {
    reset()
    // Rounds 0-2 kill after a random number of "converted" lines (the line is printed just
    // before its file is written); round 3 kills after a random delay, start-up included.
    const afterLines = round < 3 ? 1 + Math.floor(random() * 1998) : Infinity
    const delay = round < 3 ? Infinity : Math.floor(random() * 1500)
    const child = spawn(process.execPath, [BIN, '--write', '.'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'ignore'],
      env: nodeEnv({ NO_COLOR: '1' }),
    })
    let lines = 0
    const timer = delay < Infinity ? setTimeout(() => child.kill('SIGKILL'), delay) : undefined
    child.stdout.on('data', (c: Buffer) => {
      for (const b of c) if (b === 10) lines++
      if (lines >= afterLines) child.kill('SIGKILL')
    })
    const [, signal] = await new Promise<[number | null, string | null]>((done) => child.on('close', (code, sig) => done([code, sig])))
    clearTimeout(timer)
    let done = 0
    for (const [i, n] of names.entries()) {
      const now = readFileSync(join(dir, n), 'utf8')
      assert.ok(now === olds[i] || now === news[i], `round ${round}: ${n} is neither old nor new:\n${now}`)
      if (now === news[i]) done++
    }
    if (signal === 'SIGKILL' && done > 0 && done < names.length) midway++
    // Whatever a kill leaves behind besides the manifests is only ever one of our temp files.
    for (const l of untracked(dir)) assert.ok(known.has(l) || TEMP.test(l.split('/').pop()!), `round ${round}: unexpected file ${l}`)
  }
  assert.ok(midway >= 2, `only ${midway} of 4 kills landed in the middle of the writes`)

  const finish = cli(['--write', '-q', '.'], { cwd: dir })
  assert.is(finish.status, 0, finish.stdout)
  names.forEach((n, i) => assert.is(readFileSync(join(dir, n), 'utf8'), news[i]))
  assert.equal(tempsUnder(dir), [], 'temp files left after the next run')
  assert.equal(
    untracked(dir).filter((l) => !known.has(l)),
    [],
    'git status shows more than the manifests',
  )
  rmSync(dir, { recursive: true, force: true })
})

test('eight processes at once over overlapping file lists leave every file correct and whole', async () => {
  const dir = memoryDir('conc')
  const names = Array.from({ length: 300 }, (_, i) => `f${i}.yaml`)
  const olds = names.map((_, i) => split(`c${i}`, `${(i % 9) + 1}00m`))
  names.forEach((n, i) => writeFileSync(join(dir, n), olds[i]!))
  const random = rng(SEED + 1)
  // pre-commit hands each process a shuffled part of the list; here the parts overlap.
  const lists = Array.from({ length: 8 }, () => names.filter(() => random() < 0.5))
  const covered = new Set(lists.flat())
  const runs = await Promise.all(lists.map((l) => cliAsync(['--write', '-q', ...l], dir)))
  for (const r of runs) assert.is(r.status, 0, r.stdout + r.stderr)
  names.forEach((n, i) => assert.is(readFileSync(join(dir, n), 'utf8'), covered.has(n) ? converted(olds[i]!) : olds[i]))
  assert.equal(tempsUnder(dir), [])
  rmSync(dir, { recursive: true, force: true })
})

test.run()
