/**
 * Writing runs that overlap (src/files/lock.ts, the `unchanged` check of src/files/write.ts).
 *
 * pre-commit hands a commit's files to parallel batches; each batch that touches a kustomize
 * tree reads and writes the tree's other files too. Three `--write` processes, each given one
 * file of the same tree (the base's TrafficSplit, an overlay's JSON 6902 patch, the other
 * overlay's kustomization), started together, ROUNDS times: every round must end with exactly
 * the bytes one run over the whole tree writes. Then: a file changed between a run's read and
 * its write is not overwritten, and a lock left by a dead process is taken over.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { cli, cliAsync, git, tempDir } from './helpers/cli.js'
import { lockFile, lockPlaces } from '../src/files/lock.js'
import { writeFileAtomic, WriteRefused } from '../src/files/write.js'

// 10 rounds keep CI near a minute on a loaded 2-core machine; LOCK_ROUNDS=50 is the longer run.
const ROUNDS = Number(process.env.LOCK_ROUNDS ?? 10)
const TREE = 'testdata/kustomize'

function repo(): string {
  const dir = tempDir('lock')
  cpSync(TREE, dir, { recursive: true })
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  git(dir, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'init')
  return dir
}

/** Every file of the tree, by path, with its bytes. */
function snapshot(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>()
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      if (name === '.git') continue
      const p = join(d, name)
      if (statSync(p).isDirectory()) walk(p)
      else out.set(relative(dir, p), readFileSync(p))
    }
  }
  walk(dir)
  return out
}

test(`three parallel --write runs on one kustomize tree, ${ROUNDS} rounds: each round ends with what one run writes`, async () => {
  const whole = repo()
  const r = cli(['--write', '.'], { cwd: whole })
  assert.is(r.status, 0, r.stdout + r.stderr)
  const want = snapshot(whole)
  assert.not.equal(want, snapshot(repo()), 'the run converts the tree')
  rmSync(whole, { recursive: true, force: true })
  const wrong: string[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const dir = repo()
    const runs = await Promise.all(
      ['base/trafficsplit.yaml', 'overlays/canary/web-weight.yaml', 'overlays/prod/kustomization.yaml'].map((f) =>
        cliAsync(['--write', f], dir),
      ),
    )
    for (const run of runs) assert.is(run.status, 0, run.stdout + run.stderr)
    const got = snapshot(dir)
    for (const [file, bytes] of want) if (!got.get(file)?.equals(bytes)) wrong.push(`round ${round}: ${file}`)
    rmSync(dir, { recursive: true, force: true })
  }
  assert.equal(wrong, [])
})

test('a file changed after the run read it is not overwritten', () => {
  const dir = tempDir('unchanged')
  const file = join(dir, 'split.yaml')
  writeFileSync(file, 'weight: 500m\n')
  const read = readFileSync(file)
  writeFileSync(file, 'weight: 250m # edited meanwhile\n')
  assert.throws(
    () => writeFileAtomic(file, Buffer.from('weight: 500\n'), { unchanged: read }),
    (err: Error) => err instanceof WriteRefused && /changed since this run read it/.test(err.message),
  )
  assert.is(readFileSync(file, 'utf8'), 'weight: 250m # edited meanwhile\n')
  writeFileAtomic(file, Buffer.from('weight: 250\n'), { unchanged: readFileSync(file) })
  assert.is(readFileSync(file, 'utf8'), 'weight: 250\n')
  rmSync(dir, { recursive: true, force: true })
})

test('a run waits for the lock and then reads what was written meanwhile', async () => {
  const dir = repo()
  const file = join(dir, 'base/trafficsplit.yaml')
  const release = await lockPlaces([dir])
  const waiting = cliAsync(['--write', '.'], dir)
  await new Promise((resolve) => setTimeout(resolve, 300))
  const edited = Buffer.concat([readFileSync(file), Buffer.from('# edited while the run waited\n')])
  writeFileSync(file, edited)
  release()
  const r = await waiting
  assert.is(r.status, 0, r.stdout + r.stderr)
  // The run read the edited file (it waited for the lock): its conversion keeps the edit.
  assert.ok(readFileSync(file).includes('# edited while the run waited\n'))
  rmSync(dir, { recursive: true, force: true })
})

test("a lock whose process has died is taken over; a live one's place is waited for", async () => {
  const dir = repo()
  // Not this process's id, and none alive: the highest pid Linux hands out, plus one.
  writeFileSync(lockFile(dir), '4194305\n')
  const r = cli(['--write', '.'], { cwd: dir })
  assert.is(r.status, 0, r.stdout + r.stderr)
  assert.match(r.stdout, /converted/)
  rmSync(dir, { recursive: true, force: true })
  // A place held by a live process: a second taker waits, then times out with the owner named.
  const release = await lockPlaces(['/some/place'])
  try {
    await lockPlaces(['/some/place'], 100)
    assert.unreachable('the second lock was taken while the first was held')
  } catch (err) {
    assert.match(String(err), new RegExp(`another smi-migrate run \\(process ${process.pid}\\) is writing /some/place`))
  } finally {
    release()
  }
})

test.run()
