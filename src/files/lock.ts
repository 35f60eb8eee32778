/**
 * One writing run at a time per repository. A `--write` run reads files, plans and writes, and
 * a kustomize tree's files are read and written by every run that touches the tree: pre-commit
 * runs a commit's files in parallel batches, so two batches would otherwise plan from bytes the
 * other is replacing (a patch target left at the old version, a final newline lost). So a
 * writing run holds a lock for each repository it may write (each path given, outside git),
 * from before it reads its first file until it has written its last; a second run waits for it
 * and then reads what the first wrote.
 *
 * The lock is a file in the system's temporary directory named by a hash of the repository's
 * real path (nothing is written into the repository), made with O_EXCL and holding the owner's
 * process id: a lock whose owner has died is taken over.
 */
import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createHash } from 'node:crypto'

/** How long a run waits for another to finish before it gives up (a pre-commit batch of a large repository takes seconds). */
const WAIT_MS = 10 * 60_000
const POLL_MS = 25

export class LockTimeout extends Error {}

/** The locks of `places` (real paths), taken in one order (two runs never wait for each other); call the result to release them. */
export async function lockPlaces(places: readonly string[], waitMs = WAIT_MS): Promise<() => void> {
  const held: string[] = []
  const release = () => {
    for (const file of held.splice(0)) {
      try {
        unlinkSync(file)
      } catch {
        // Already gone (taken over as stale): nothing to release.
      }
    }
    process.removeListener('exit', release)
  }
  // A run that exits early (an error, a signal handled as an exit) must not leave its locks.
  process.on('exit', release)
  try {
    for (const place of [...new Set(places)].sort()) held.push(await take(lockFile(place), place, waitMs))
  } catch (err) {
    release()
    throw err
  }
  return release
}

/** Where the lock of `place` is. */
export function lockFile(place: string): string {
  return join(tmpdir(), `smi-migrate-${createHash('sha256').update(place).digest('hex').slice(0, 20)}.lock`)
}

async function take(file: string, place: string, waitMs: number): Promise<string> {
  const started = Date.now()
  for (;;) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      return file
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
    }
    const owner = ownerOf(file)
    if (owner === undefined ? abandoned(file) : !alive(owner)) {
      // Its run died without releasing it: remove it and race for it again.
      try {
        unlinkSync(file)
      } catch {
        // Another waiter removed it first.
      }
      continue
    }
    if (Date.now() - started > waitMs)
      throw new LockTimeout(
        `another smi-migrate run (process ${owner ?? 'unknown'}) is writing ${place} and has not finished after ${Math.round(waitMs / 1000)} s; not written (remove ${file} if no run is going on)`,
      )
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** The process id written in a lock; undefined while its owner is still writing it. */
function ownerOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

/** A lock without an owner's id, older than a run takes to write one: its run died in between. */
function abandoned(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs > 10_000
  } catch {
    return false
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: it exists, run by another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
